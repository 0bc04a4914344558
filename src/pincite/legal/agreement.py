"""What a claim must keep of the words it cites: their polarity, their modality, who acts, their figures'
comparators, and their conditions — as tables of general legal English, each entry with its reason.

Read by :mod:`pincite.answer.agreement`, which compares a claim with the sentence its quotation sits in. Nothing
here names a document, party or question: the parties are role words every instrument and judgment uses, and a
document's own defined terms are found in the texts compared, never listed.
"""

from __future__ import annotations

import re

# -- polarity ------------------------------------------------------------------------------------------------

#: Words that negate what follows them in their clause: "not abusive", "never served", "cannot assign".
NEGATORS = frozenset({"not", "never", "cannot", "no", "none", "nothing", "neither", "nor", "nobody", "without",
                      "n't", "nowhere", "noone"})
#: Negators that stand for a clause's subject ("No person shall enter", "Nothing in this Agreement shall
#: prevent"): they negate the clause's predicate, as "A person shall not enter" does.
SUBJECT_NEGATORS = frozenset({"no", "nothing", "none", "neither", "nobody", "noone"})
#: Words that open the condition a negation waits on: "No tolls shall be charged *until* the tariff has been
#: approved" denies the charging, not the approval (a negator's reach ends there).
CONDITION_OPENERS = frozenset({"until", "till", "unless"})
#: Words opening a clause of its own — a condition, a question — that a negation before them does not reach once
#: it has negated a word ("cannot be made *where* an emergency protection order should be made", "it does not
#: matter *whether* a promise to pay can be implied"); right after the negator ("not if", "not where") they are
#: what it negates.
CLAUSE_OPENERS = frozenset({"where", "when", "whenever", "if", "whether"})
#: "shall not … until X" and "may … only after X" say the same thing the other way round: a negation against an
#: affirmation between them is no contradiction.
NOT_UNTIL = re.compile(r"\b(?:not|no|never|nothing|none)\b[^.;:]{0,120}?\b(?:until|till|before)\b", re.I)
ONLY_AFTER = re.compile(r"\bonly\s+(?:after|once|when|upon|on|if|following)\b", re.I)
#: Verbs whose object clause they deny: "fails to pay" is "does not pay"; "refuses to consent" does not consent.
NEGATIVE_VERBS = frozenset({"fail", "fails", "failed", "failing", "refuse", "refuses", "refused", "refusing",
                            "decline", "declines", "declined", "declining", "omit", "omits", "omitted", "cease",
                            "ceases", "ceased", "lack", "lacks", "lacked"})
#: Verbs that forbid what follows their "from": "is barred from making" is "shall not make", "prohibits the
#: Licensee from misrepresenting" is "the Licensee shall not misrepresent" (the words before "from" are not denied).
FORBIDDING_VERBS = frozenset({"prohibit", "prohibits", "prohibited", "prohibiting", "bar", "bars", "barred",
                              "barring", "preclude", "precludes", "precluded", "precluding", "prevent", "prevents",
                              "prevented", "preventing", "forbid", "forbids", "forbidden", "restrain", "restrains",
                              "restrained", "debar", "debarred", "estop", "estopped"})
#: Phrases with a negator that do not negate: comparators ("not less than 30 days", "no later than"), lists
#: ("including but not limited to"), emphasis ("not only"), reservations ("without prejudice to", "without
#: limitation"), and "whether or not", "if not", which keep both outcomes open.
NOT_NEGATIONS = re.compile(
    r"\b(?:not|no)\s+(?:less|more|fewer|greater|later|earlier|sooner|longer|shorter|exceeding|before|after|"
    r"limited|only|merely|just)\b|\bbut\s+not\s+limited\b|\bwithout\s+(?:prejudice|limitation|limiting|"
    r"derogat\w*|restricting)\b|\bwhether\s+or\s+not\b|\bif\s+not\b|\bno\s+(?:doubt|question)\b|"
    r"\bnot(?:\s+in)?\s+(?:any|every)\s+(?:way|case)\s+limit\w*\b|\bnone\s+the\s+less\b|\bnevertheless\b",
    re.I)
#: A framing verb that denies the proposition after it: "I reject the submission that X" says not-X; "the Court
#: did not accept that X" likewise.  The "that" clause after it is negated once.
DENYING_FRAME = re.compile(
    r"\b(?:reject(?:s|ed|ing)?|(?:do|does|did|can|could|would)\s*(?:not|n't)\s+(?:accept|agree|think|"
    r"consider|find)|"
    r"cannot\s+accept|not\s+persuaded|unpersuaded|disagree(?:s|d|ing)?|den(?:y|ies|ied)|"
    r"refus\w+\s+to\s+accept|"
    r"dismiss\w*\s+the\s+(?:argument|submission|contention|suggestion)|no\s+(?:basis|merit)\s+(?:in|for)\s+"
    r"(?:the\s+)?(?:argument|submission|contention|suggestion)|"
    # "there is no requirement that the property must derive…" says it need not
    r"(?:no|not\s+any|not\s+a)\s+requirement|not\s+(?:necessary|required|essential))\b[^.;:]{0,60}?\bthat\b",
    re.I)
#: Prefixes that negate the same head word: "enforceable" / "unenforceable", "exclusive" / "non-exclusive",
#: "lawful" / "unlawful", "reasonable" / "unreasonable", "material" / "immaterial", "valid" / "invalid".
NEGATING_PREFIXES = ("non-", "non", "un", "in", "im", "il", "ir", "dis")
#: Words that a prefix does not negate ("union", "interest", "include", "discharge"...): only a pair whose
#: unprefixed half is itself a word of the other text counts, and these never do.
NOT_PREFIXED = frozenset({"union", "until", "under", "understand", "understood", "undertake", "undertaking",
                          "include", "including", "includes", "interest", "into", "information", "invoice",
                          "inform", "issue", "discharge", "discuss", "dispute", "disclose", "disclosure",
                          "discretion", "distribute", "distributor", "instrument", "insurance", "indemnify",
                          "indemnity", "intellectual", "increase", "incur", "income", "imply", "implied",
                          "impose", "important", "immediately", "illustrate", "irrevocable", "dismiss",
                          "unit", "unless", "upon", "universal", "uniform", "inspect", "instead", "intend"})

# -- modality ------------------------------------------------------------------------------------------------

#: Obligation: the actor must act.  "will" and "agrees to" are how contracts oblige.
OBLIGATION = ("shall", "must", "will", "is required to", "are required to", "is obliged to", "are obliged to",
              "is obligated to", "are obligated to", "has to", "have to", "agrees to", "agree to", "undertakes to",
              "undertake to", "covenants to", "is bound to", "are bound to", "is to", "are to", "needs to",
              "need to", "has a duty to", "is under a duty to")
#: Permission: the actor may act and need not.
PERMISSION = ("may", "can", "could", "is entitled to", "are entitled to", "is permitted to", "are permitted to",
              "is allowed to", "are allowed to", "has the right to", "have the right to", "is free to",
              "are free to", "has the option to", "is authorised to", "is authorized to", "is empowered to",
              "has power to", "has the power to", "is at liberty to", "reserves the right to")
#: Prohibition: a modal with its negator ("shall not", "may not", "must not", "cannot" — these agree with each
#: other: each forbids), or a word that forbids by itself.
PROHIBITION = ("shall not", "must not", "may not", "will not", "cannot", "can not", "is not permitted to",
               "are not permitted to", "is not entitled to", "are not entitled to", "is prohibited from",
               "are prohibited from", "is not allowed to", "are not allowed to", "shall in no event",
               "shall under no circumstances", "is forbidden to", "is barred from", "is precluded from",
               "has no right to", "shall never", "must never", "may never", "won't", "shan't", "mustn't")

#: How a claim reports what a provision obliges or permits, in its own verb ("Section 24(1) *obliges* each
#: band council to pass a by-law", "clause 7.5 *lets* the Distributor continue"): the modality it states.
REPORTED_OBLIGATION = re.compile(r"\b(?:requires?|obliges?|obligates?|compels?|mandates?|binds?|"
                                 r"imposes?\s+(?:a\s+)?(?:duty|obligation)|is\s+bound\s+to|are\s+bound\s+to|"
                                 r"(?:a|the)\s+(?:duty|obligation)\s+to)\b", re.I)
REPORTED_PERMISSION = re.compile(r"\b(?:permits?|allows?|lets|entitles?|authori[sz]es|empowers?|enables?|"
                                 r"(?:a|the|has)\s+(?:discretion|option|power|choice)|optional|discretionary|"
                                 r"free\s+to)\b", re.I)

# -- parties -------------------------------------------------------------------------------------------------

#: The role words instruments and judgments name their parties by, in the pairs that face each other: a claim
#: that gives one side's act to the other has swapped them.  A document's own defined terms ("Licensee",
#: "Cargill") count too, when both texts name them.
PARTY_PAIRS = (
    ("licensor", "licensee"), ("lessor", "lessee"), ("landlord", "tenant"), ("buyer", "seller"),
    ("purchaser", "vendor"), ("purchaser", "seller"), ("employer", "employee"), ("supplier", "customer"),
    ("supplier", "purchaser"), ("supplier", "distributor"), ("franchisor", "franchisee"), ("lender", "borrower"), ("creditor", "debtor"),
    ("distributor", "manufacturer"), ("distributor", "company"), ("contractor", "client"),
    ("consultant", "client"), ("provider", "customer"), ("provider", "recipient"), ("insurer", "insured"),
    ("assignor", "assignee"), ("grantor", "grantee"), ("mortgagor", "mortgagee"), ("pledgor", "pledgee"),
    ("principal", "agent"), ("discloser", "recipient"), ("owner", "contractor"), ("company", "executive"),
    ("company", "employee"), ("appellant", "respondent"), ("claimant", "defendant"), ("plaintiff", "defendant"),
    ("applicant", "respondent"), ("petitioner", "respondent"), ("prosecution", "defendant"),
    ("prosecutor", "accused"), ("crown", "accused"), ("minister", "applicant"), ("appellants", "respondents"),
    ("claimants", "defendants"), ("plaintiffs", "defendants"),
)
PARTY_WORDS = frozenset(w for pair in PARTY_PAIRS for w in pair) | frozenset(
    {"licensors", "licensees", "buyers", "sellers", "employees", "customers", "suppliers", "tenants",
     "landlords", "lenders", "borrowers", "court", "judge", "tribunal", "minister", "board", "commission",
     "secretary", "commissioner", "government", "party", "parties", "member", "members", "director",
     "directors", "shareholder", "shareholders", "trustee", "trustees", "beneficiary", "beneficiaries",
     # the bodies and office-holders statutes give powers and duties to
     "official", "officer", "council", "corporation", "authority", "registrar", "inspector", "agency",
     "department", "foundation", "commissioner", "governor", "auditor", "regulator", "committee", "person"})
#: Capitalised words that name a thing or a part of a text, not a party: a claim may put them before or after
#: a party without swapping anyone ("the Licensee shall not assign this Agreement" / "this Agreement shall not
#: be assigned by the Licensee").
NOT_PARTIES = frozenset({"agreement", "act", "acts", "section", "sections", "clause", "clauses", "article",
                         "articles", "schedule", "part", "regulation", "regulations", "rule", "rules", "term",
                         "terms", "product", "products", "services", "service", "territory", "date", "order",
                         "amendment", "contract", "code", "convention", "paragraph", "subsection", "appendix",
                         "exhibit", "annex", "period", "fund", "the", "this", "that", "under", "upon", "any",
                         "each", "such", "where", "when", "if", "all", "for", "and", "but", "mr", "mrs", "ms",
                         "lord", "lady", "sir", "dame", "canada", "state", "states", "united", "kingdom"})
#: Words that link two names without one acting on the other: a definition ("VerticalNet Site means a Site
#: owned by VerticalNet") or an inclusion reads the same either way round.
LINKING_WORDS = frozenset({"mean", "means", "meant", "meaning", "include", "includes", "included",
                           "including",
                           "refer", "refers", "referred", "reference", "same", "equal", "equally", "together",
                           "between", "among", "both", "jointly"})
#: Words that name no one side: "each party", "either party", "the parties" act for both.
BOTH_SIDES = frozenset({"party", "parties", "each", "either", "both", "neither", "any"})

# -- figures -------------------------------------------------------------------------------------------------

#: A figure's comparator, from the words just before it (or "or more" / "or less" just after): the claim's
#: must be on the same side as the quote's. ``ge`` at least, ``le`` at most, ``gt`` more than, ``lt`` less than.
COMPARATORS_BEFORE = (
    ("ge", r"at\s+least|not\s+less\s+than|no\s+shorter\s+than|not\s+shorter\s+than|no\s+less\s+than|not\s+fewer\s+than|no\s+fewer\s+than|a\s+minimum\s+of|"
           r"minimum\s+of|not\s+earlier\s+than|no\s+earlier\s+than|no\s+sooner\s+than|not\s+sooner\s+than|"
           r"at\s+the\s+earliest"),
    ("le", r"at\s+most|not\s+more\s+than|no\s+more\s+than|no\s+longer\s+than|not\s+longer\s+than|not\s+exceeding|up\s+to|a\s+maximum\s+of|"
           r"maximum\s+of|no\s+later\s+than|not\s+later\s+than|within|by\s+no\s+later\s+than|"
           r"not\s+to\s+exceed|no\s+greater\s+than|not\s+greater\s+than|at\s+the\s+latest"),
    ("gt", r"more\s+than|over|exceeding|in\s+excess\s+of|greater\s+than|after|beyond|longer\s+than|"
           r"later\s+than"),
    ("lt", r"less\s+than|fewer\s+than|under|below|before|prior\s+to|shorter\s+than|earlier\s+than"),
)
COMPARATORS_AFTER = (("ge", r"or\s+more|or\s+longer|or\s+greater|or\s+later"),
                     ("le", r"or\s+less|or\s+fewer|or\s+shorter|or\s+earlier"))
#: Comparators on the same side agree ("at least 30 days" and "not less than 30 days" and, loosely, "more than
#: 29 days"); opposite sides contradict ("within 30 days" against "at least 30 days").
#: A limit the text itself lets be extended ("within 30 days … or within any longer period that the Minister
#: allows", "or such later date as the parties agree"): a claim of more than the figure states what it allows.
EXTENDED = re.compile(r"\b(?:any|such)\s+(?:longer|later|further|greater|extended)\s+(?:period|time|date|term)\b", re.I)
COMPARATOR_SIDE = {"ge": "up", "gt": "up", "le": "down", "lt": "down"}

# -- conditions ----------------------------------------------------------------------------------------------

#: Words that make a provision or a holding conditional: a claim that states it as absolute overstates it.
CONDITIONS = re.compile(r"\b(?:unless|subject\s+to|except|excepting|save\s+(?:that|where|as|for)|provided\s+"
                        r"(?:that|always|however|such|further|further\s+that)|providing\s+that|on\s+condition|conditional\s+(?:on|upon)|only\s+if|"
                        r"if|where|when|whenever|once|only|solely|as\s+necessary|in\s+the\s+event|otherwise\s+than|"
                        r"other\s+than)\b", re.I)
#: Words by which a claim says there is no condition: it overstates a conditional quote.
ABSOLUTE = re.compile(r"\b(?:always|in\s+(?:all|every|any)\s+(?:cases?|circumstances|event)|without\s+"
                      r"(?:any\s+)?(?:exception|condition|qualification|restriction|limit)s?|unconditional(?:ly)?|"
                      r"absolute(?:ly)?|under\s+(?:all|any)\s+circumstances|for\s+any\s+reason(?:\s+whatsoever)?|"
                      r"at\s+any\s+time|regardless|irrespective|automatically|in\s+every\s+case|no\s+matter|"
                      r"whether\s+or\s+not|unrestricted|without\s+restriction|free\s+of\s+any|any\s+kind\s+of|"
                      r"ever)\b",
                      re.I)

#: Verbs whose negation leaves their complement neither said nor denied: "it does not follow that the judge was
#: wrong" and "does not mean this judge was wrong" say nothing of whether he was.
NOT_ENTAILING = frozenset({"follow", "follows", "followed", "mean", "means", "meant", "imply", "implies",
                           "implied", "necessarily"})

#: Words by which a claim points at what it cites rather than states anything of its own ("the court held",
#: "clause 4 covers", "the Act applies"): a claim that adds only these to its quotation's words says what they say.
POINTING_WORDS = frozenset(
    "court courts judge judges judgment judgments tribunal paragraph paragraphs para clause clauses section sections subsection "
    "subsections subparagraph subparagraphs article articles schedule provision provisions agreement act "
    "covers cover covered refers refer concerns concerning applies apply provides states stated says cited "
    "quoted passage words".split())

# -- framing -------------------------------------------------------------------------------------------------

#: Auxiliaries, modals and copulas: the word after them (and after "not") is a predicate — "was not *abusive*",
#: "has not been *served*", "shall not be *liable*".
AUXILIARIES = frozenset({"is", "are", "was", "were", "be", "been", "being", "am", "has", "have", "had", "having",
                         "do", "does", "did", "shall", "will", "may", "must", "can", "could", "should", "would",
                         "might", "ought", "need", "dare"})  # "need not provide": a modal too
#: Words that may stand between an auxiliary and its predicate without being either ("shall also pay", "is then
#: entitled", "shall in any event be liable").
FILLERS = frozenset({"to", "also", "only", "then", "thereby", "therefore", "in", "any", "event", "way", "ever", "so",
                     "not", "never", "be", "been", "being", "a", "an", "the", "it", "there", "further"})
#: Words that say the opposite of each other of the same thing: an appeal allowed is not an appeal dismissed; an
#: application granted is not one refused; a finding upheld is not one set aside.  (Prefixed opposites —
#: "lawful"/"unlawful" — are read from :data:`NEGATING_PREFIXES`.)
ANTONYMS = (("allow", "dismiss"), ("grant", "refus"), ("grant", "deni"), ("accept", "reject"), ("upheld", "quash"),
            ("uphold", "quash"), ("upheld", "overturn"), ("uphold", "overturn"), ("uphold", "revers"),
            ("upheld", "revers"), ("affirm", "revers"), ("guilti", "acquit"), ("liabl", "exempt"),
            ("succeed", "fail"), ("permit", "prohibit"), ("includ", "exclud"), ("increas", "decreas"),
            ("before", "after"), ("restor", "quash"), ("restor", "setasid"), ("upheld", "setasid"),
            ("uphold", "setasid"), ("affirm", "setasid"), ("prevail", "lose"), ("win", "lose"),
            ("guilti", "innoc"), ("maximum", "minimum"), ("valid", "void"), ("admiss", "inadmiss"),
            ("proper", "improp"), ("right", "wrong"), ("correct", "incorrect"), ("agre", "disagre"))
#: Words too common to align a claim's clause with a quote's on.
FUNCTION_WORDS = frozenset(
    "a an the of to in on at by for from with as is are was were be been being do does did has have had this that "
    "these those it its and or if any such which who whom whose there their they them he she his her him we our us "
    "i my me you your shall will may must can could should would might not no nor never without than then so "
    "also only into upon under within after before over such other each either both all some least most less more "
    "fewer greater".split())

#: The words whose "to" opens an infinitive complement ("the right to claim", "is entitled to assign", "agrees to
#: pay"): after them the word following "to" is a predicate; elsewhere "to" is a preposition ("contribute to
#: divisible surplus").
TO_HEADS = frozenset({"able", "unable", "required", "entitled", "obliged", "obligated", "permitted", "allowed",
                      "authorised", "authorized", "empowered", "bound", "free", "right", "rights", "power", "powers",
                      "duty", "obligation", "liberty", "option", "agree", "agrees", "agreed", "undertake",
                      "undertakes", "intend", "intends", "intended", "expect", "expects", "expected", "want",
                      "wants", "need", "needs", "fail", "fails", "failed", "refuse", "refuses", "refused", "decline",
                      "declines", "declined", "has", "have", "had", "ought", "going", "used", "continue",
                      "continues", "cease", "ceases", "seek", "seeks", "sought", "try", "tries", "attempt",
                      "attempts", "choose", "chooses", "elect", "elects", "wish", "wishes", "is", "are", "was",
                      "were", "be", "shall", "will", "may", "must", "can"})

# -- scope ---------------------------------------------------------------------------------------------------

#: Words by which a claim states a scope — every case, one actor alone, a free choice, a joint or a separate
#: duty, an express term, never — each with the words by which quoted words state the same scope.  A claim
#: that adds such a word its quoted sentence has none of says more than the quotation: it is shown as its
#: quotation alone ("Only TPC undertakes…" on "TPC and Consolidated Artists agree…"; "always in Montreal" on
#: "shall be in
#: Montreal"; "merely permits" on "there shall be established").
SCOPE_WORDS = (
    ("every case", frozenset({"all", "every", "always", "whichever", "whatever", "whatsoever", "entire",
                              "entirely", "whole", "wholly", "invariably", "everything", "everyone",
                              "universally"}),
     frozenset({"all", "every", "any", "each", "always", "whatever", "whichever", "whenever", "wherever",
                "whatsoever", "entire", "entirely", "whole", "wholly", "regardless", "irrespective",
                "automatically", "no", "none", "never", "nothing", "everything", "everyone"})),
    # no condition at all: "any" in the quoted words is not enough ("any provision … held by any court to be
    # illegal … shall be of no force" does not say "automatically, whether or not a court has so held")
    ("no condition", frozenset({"automatically", "regardless", "irrespective", "unconditionally",
                                "unconditional", "wherever", "whenever", "anywhere", "everywhere"}),
     frozenset({"automatically", "regardless", "irrespective", "unconditional", "unconditionally", "whatever",
                "wherever", "whenever", "anywhere", "everywhere", "always", "whether"})),
    ("one alone", frozenset({"only", "alone", "solely", "sole", "exclusively", "merely", "exclusive"}),
     frozenset({"only", "alone", "solely", "sole", "exclusively", "exclusive", "merely", "unless", "except",
                "save", "but", "limited", "just"})),
    ("a contrast", frozenset({"rather", "instead"}), frozenset({"rather", "instead", "not", "but", "than"})),
    ("a free choice", frozenset({"discretion", "discretionary", "optional", "free"}),
     frozenset({"discretion", "discretionary", "option", "optional", "free", "may", "entitled", "opinion",
                "considers", "thinks", "satisfied"})),
    ("joint or separate", frozenset({"jointly", "joint", "severally", "separate", "separately", "independent",
                                     "independently"}),
     frozenset({"jointly", "joint", "severally", "several", "separate", "separately", "independent",
                "independently", "together", "each", "both", "individually"})),
    ("an express term", frozenset({"expressly", "explicitly"}),
     frozenset({"expressly", "explicitly", "express"})),
    ("never", frozenset({"never"}),
     frozenset({"never", "not", "no", "none", "nothing", "cannot", "nor", "neither"})),
)
#: Phrases of scope (read as :data:`SCOPE_WORDS`' "no condition"): "whether or not a court has so held", "with
#: no exceptions", "no matter", "in all cases", "at any time", "for any reason" ("in any circumstances" and "under any
#: circumstances" are the same scope).
SCOPE_PHRASES = re.compile(r"\b(?:whether\s+or\s+not|with\s+no\s+exceptions?|"
                           r"without\s+(?:any\s+)?exceptions?|"
                           r"no\s+matter|(?:in|under)\s+(?:all|every|any)\s+(?:cases?|circumstances|event)|"
                           r"at\s+any\s+time|"
                           r"for\s+any\s+reason|(?:any|every)where\s+(?:in\s+the\s+world|else))\b", re.I)

# -- outcome -------------------------------------------------------------------------------------------------

#: How a court takes an argument, a submission or a suggestion: accepting it ...
ACCEPTING = re.compile(r"\b(?:accept(?:s|ed|ing)?|agree(?:s|d)?\s+with|uph(?:eld|olds?)|persuaded|"
                       r"well[- ]founded|"
                       r"correct(?:ly)?|succeed(?:s|ed)?|sound|endorse[sd]?|adopt(?:s|ed)?)\b", re.I)
#: ... or rejecting it ("the suggestion … is unsustainable speculation", "that submission is misconceived").
REJECTING = re.compile(r"\b(?:reject(?:s|ed|ing)?|misconceived|unsustainable|untenable|wrong(?:ly)?|"
                       r"erroneous|"
                       r"(?:without|no)\s+(?:merit|substance|foundation)|fail(?:s|ed)?|dismiss(?:es|ed)?|"
                       r"cannot\s+stand|not\s+persuaded|unpersuaded|speculat\w*|unfounded|ill[- "
                       r"]founded|flawed|"
                       r"(?:do|does|did|can|could)\s*(?:not|n't)\s+accept|cannot\s+accept|"
                       r"(?:do|does|did)\s*(?:not|n't)\s+agree)\b", re.I)
#: What the words only put as arguable, alleged or submitted — not what the court decided ...
HEDGES = re.compile(r"\b(?:arguabl[ey]|it\s+is\s+(?:said|submitted|contended|alleged|suggested)|"
                    r"(?:submits?|submitted|contends?|contended|alleges?|alleged|argues?|argued|suggests?|"
                    r"suggested|asserts?|asserted|claims?|claimed)\s+that|"
                    r"(?:a|an)\s+(?:arguable|realistic)\s+(?:case|prospect)|permission\s+to\s+appeal)\b",
                    re.I)
#: ... and how a claim states a decision.
HOLDING = re.compile(r"\b(?:held|holds|found|finds|decided|decides|concluded|concludes|ruled|rules|"
                     r"determined|"
                     r"established)\b", re.I)

# -- reading a sentence --------------------------------------------------------------------------------------

#: A negated "do so" takes back the verb before it: "must act without partiality, and any failure to do so" —
#: the claim's "fails to act" says what the words say, so the words before it are read both ways.
NEGATED_DO_SO = re.compile(r"\b(?:fail\w*|not|never|refus\w*|omi\w*)\s+(?:to\s+)?(?:do|does|"
                           r"did)\s+so\b", re.I)
#: Participles that do not end in -ed or -en ("was made", "is held", "were paid", "be set aside"): after a
#: form of "be", what is done to the subject, not by it.
IRREGULAR_PARTICIPLES = frozenset({"made", "held", "paid", "set", "put", "brought", "bought", "sent", "sold",
                                   "told", "found", "left", "kept", "lent", "lost", "meant", "read", "built",
                                   "cut", "dealt", "heard", "laid", "led", "met", "run", "spent", "struck",
                                   "won", "bound", "done", "let", "shut", "caught", "taught", "thought",
                                   "sought"})
#: Words before a number that make it a reference, not a figure ("section 3", "paragraph 6(e)", "at 14"): a
#: claim's "section 3" is no count the quoted words must state in the same role.
REFERENCE_BEFORE = re.compile(r"\b(?:sections?|subsections?|ss?\.|paras?\.?|paragraphs?|clauses?|articles?|"
                              r"arts?\.|rules?|r\.|regulations?|regs?\.|schedules?|parts?|chapters?|notes?|"
                              r"pages?|pp?\.|items?|no\.|numbers?|cl\.|at|vol\.|volume)\s*$|"
                              r"[-–\d.]\s*$", re.I)
#: Where a sentence goes on to another predicate of its subject ("…, will not make or permit alteration…",
#: "; and the Licensor shall…"): what follows is not what the quotation says.
NEXT_CLAUSE = re.compile(r";|,\s*(?:and\s+|but\s+|or\s+)?(?:will|shall|may|must|can|should|is|are|was|"
                         r"were)\b|"
                         r",\s*provided\s+(?:that|however|always)\b", re.I)  # a proviso: a clause of its own

# -- a claim's own words (the verified reading) ------------------------------------------------------------------
#
# Under ``paraphrase="verified"`` a claim is shown in its own words only when every content word it states is
# stated by its quotation's sentence (:func:`pincite.answer.agreement.unstated`).  The tables below say when a
# word of the claim's is the sentence's word said another way: another form of it, the same legal term in plain
# words, or a word that states nothing.  None turns "all" into "some", drops a condition or names a party: scope
# words, conditions and parties stay with the rules that read them (they run first, on the claim as written).

#: Inflected forms the stemmer does not bring to their base ("written" is "write", "took" is "take"), and
#: nouns of a verb it stems apart ("receipt" of "receive", "construction" of "construe").
IRREGULAR_FORMS = {
    "written": "write", "wrote": "write", "made": "make", "took": "take", "taken": "take", "given": "give",
    "gave": "give", "held": "hold", "sought": "seek", "brought": "bring", "told": "tell", "sent": "send",
    "paid": "pay", "kept": "keep", "left": "leave", "laid": "lay", "went": "go", "gone": "go", "came": "come",
    "drawn": "draw", "drew": "draw", "shown": "show", "sold": "sell", "bought": "buy", "ran": "run",
    "stood": "stand", "thought": "think", "found": "find", "met": "meet", "lent": "lend", "lost": "lose",
    "spent": "spend", "chose": "choose", "chosen": "choose", "began": "begin", "begun": "begin",
    "arose": "arise", "arisen": "arise", "bore": "bear", "borne": "bear", "fell": "fall", "fallen": "fall",
    "won": "win", "struck": "strike", "dealt": "deal", "heard": "hear", "led": "lead", "bound": "bind",
    "receipt": "receive", "construction": "construe", "dissolution": "dissolve", "resolution": "resolve",
    "application": "apply", "applicable": "apply", "implication": "imply", "reliance": "rely",
    "compliance": "comply", "denial": "deny", "failure": "fail", "expiry": "expire", "expiration": "expire",
    "permission": "permit", "admission": "admit", "omission": "omit", "submission": "submit",
    "decision": "decide", "provision": "provide", "inclusion": "include", "exclusion": "exclude",
    "conclusion": "conclude", "division": "divide", "revision": "revise", "extension": "extend",
    "suspension": "suspend", "description": "describe", "prescription": "prescribe",
    "subscription": "subscribe", "assumption": "assume", "consumption": "consume", "acquisition": "acquire",
    "disposition": "dispose", "disposal": "dispose", "proof": "prove", "sale": "sell", "loss": "lose",
    "entry": "enter", "payment": "pay", "payable": "pay", "successful": "succeed", "success": "succeed",
    "requisite": "require", "obligatory": "oblige", "mandatory": "mandate", "notification": "notify",
    "renewal": "renew", "approval": "approve", "removal": "remove", "refusal": "refuse", "arrival": "arrive",
    "withdrawal": "withdraw", "termination": "terminate", "signature": "sign", "signatory": "sign",
}

#: Endings a stem keeps that make a noun or adjective of the same verb ("agreement", "payable", "compliance"):
#: stripped to compare a claim's word with its quotation's. Not the role endings (-or, -ee, -er, -ant): a licensor
#: is not a licence.
DERIVED_ENDINGS = ("ment", "abl", "ibl", "anc", "enc")

#: Plain words and the legal terms they restate, each row one meaning (a claim's word is stated when its
#: quotation's sentence states any word of its row, in any form).  Each row's reason is beside it; no row holds
#: words of opposite sides (give/receive, all/some, shall/may), which the rules keep apart.
SYNONYMS: tuple[tuple[frozenset[str], str], ...] = tuple((frozenset(words.split()), why) for words, why in (
    ("treat deem regard consider construe", "a legal fiction said in plain words: 'is treated as' is 'shall be "
                                            "deemed', 'be construed to be'"),
    ("despite notwithstanding", "the same override: 'despite the Patent Act' is 'notwithstanding anything in it'"),
    ("end terminate termination", "ending a contract or a right is terminating it"),
    ("sign execute", "an instrument is signed when it is executed"),
    ("about regarding concerning respecting relating pertaining", "prepositions of subject matter"),
    ("agree assent consent", "assenting to a change is agreeing to it"),
    ("win prevail succeed", "the prevailing party is the one that wins"),
    ("meet comply conform satisfy", "meeting a requirement is complying or conforming with it"),
    ("rise increase", "a fee that rises is one increased"),
    ("fall decrease reduce", "a figure that falls is one reduced"),
    ("start begin commence", "the same beginning"),
    ("keep retain maintain continue", "keeping something in place is continuing or maintaining it"),
    ("entire whole full complete", "the whole of one thing (a scope over cases is read by the rules first)"),
    ("get obtain receive", "obtaining a thing is receiving it"),
    ("accordance line", "'in accordance with' and 'in line with' say the same"),
    ("run last continue", "a term that runs to a date lasts, continues to it"),
    ("bar prevent preclude", "a bar prevents"),
    ("inform tell notify advise", "telling a party is informing or notifying it"),
    ("contend submit argue assert maintain", "how counsel's case is put: 'submitted' is 'contended'"),
    ("insert include", "captions inserted are included"),
    ("impose levy charge", "a tax imposed is levied, charged"),
    ("wholly entirely completely fully", "the same degree"),
    ("oblige require", "an obligation said another way (the modal rules read who must)"),
    ("any whatever whichever whoever", "'any terms the Minister specifies' is 'whatever terms' (the scope rule "
                                       "reads 'any' as licensing them too)"),
))

#: Words that state nothing of their own in a claim about a text: the words by which it reports what the
#: text says ("the schedule *names*", "JHU is *described* as"), a particle of a phrasal verb ("set *out*").
#: ("itself", "own" are no such words: "on the pay-day *itself*" is not "on the day after"). A claim that adds only these to its quotation's words says what they say.
REPORTING_WORDS = frozenset(
    "names named naming describes described describing lists listed listing records recorded sets set "
    "mentions mentioned deals dealing addresses addressed relevant out".split())
#: "*According* to the text / the clause / the court": a frame pointing at the citation (followed by a pointing
#: or framing word only: "according to the preamble" says where, which the claim must get right).
ACCORDING = "according"

#: Words that carry a light verb's meaning in the noun after it ("*bears* responsibility" is "is responsible",
#: "*took* effect" is "is effective", "*give* notice" is "notice"): stated when the claim's next content word is.
LIGHT_VERBS = frozenset("bear bears bore borne take takes took taken taking make makes made making give gives "
                        "gave given giving have has had having carry carries carried".split())

#: Conditional connectives that say the same as each other: a claim's "where" or "when" restates the
#: sentence's "if" (a claim that drops or adds a condition is read by the condition and scope rules).
CONDITIONAL_WORDS = frozenset({"if", "where", "when", "whenever", "once", "event", "provided", "upon"})
#: And the connectives of an exception: "unless", "except", "save", "other than", "excluding".
EXCEPTION_WORDS = frozenset({"unless", "except", "save", "other", "excluding", "excepting", "otherwise"})

#: The two directions of time: a claim that puts after what its quotation's sentence puts before ("enacted
#: *after* … came into force" on "enacted *before* the coming into force") turns a limit the other way.
TIME_AFTER = frozenset({"after", "following", "subsequent", "subsequently", "thereafter", "later"})
TIME_BEFORE = frozenset({"before", "preceding", "prior", "previously", "preceded", "earlier", "until"})

#: The modal auxiliaries: a negation beside one denies the act ("*shall not* assign *without* consent", "*no*
#: newsletter *may* go out *without* approval": what follows "without" is then required, not done without).
MODAL_VERBS = frozenset({"may", "shall", "must", "can", "will", "should", "could", "would"})
#: Words of ability a verb follows after "to" ("is *unable* to join"), read with :data:`MODAL_WORDS` as the word a
#: modal is said in: the verb after them is what the subject does or may not do.
ABILITY_WORDS = frozenset({"able", "unable"})

#: A claim's words for what a text obliges, permits or forbids: stated when its quotation's sentence states the
#: same class, and that class alone, in any words ("is required to" on "must"; not on "shall have power … may").
#: The forms whose subject is who must act ("X is required to"), not "requires X to", where who acts is another.
MODAL_WORDS = {**dict.fromkeys("required obliged obligated bound mandatory compelled".split(), "obligation"),
               **dict.fromkeys("entitled permitted allowed authorised authorized empowered".split(),
                               "permission"),
               **dict.fromkeys("prohibited forbidden barred precluded prohibits forbids bars".split(),
                               "prohibition")}
