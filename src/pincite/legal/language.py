"""Legal language as tables of general patterns: how questions are asked, how judgments and provisions are written.

Every entry is one pattern or word list with a one-line reason.  Retrieval (``search/naming``), the evidence step
(``answer/evidence``), the checks (``answer/verify``) and the answerers (``generate/``) read legal language from
here; none of them writes a pattern of its own.  Contract clause types are the other table
(:mod:`pincite.legal.clauses`).  No entry names a document, party, judge or question: each must hold for any
judgment, statute or contract, and its example comes from drafting or judicial practice, not from a gold question.

Words are compared through one analyser, :func:`pincite.text.terms.stems` (tantivy's English stemmer, as the
lexical index reads them); :func:`terms` is that analyser less the words that say nothing about which sentence
answers, with a legal text's terms of art put for the plain words a question uses.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from pincite.text.terms import stems

# ---------------------------------------------------------------------------------------------------------------
# Words
# ---------------------------------------------------------------------------------------------------------------

#: Verbs that open a yes/no question ("Is the fee refundable?", "Can the Minister delegate…?").
AUXILIARIES = frozenset("is are was were does do did can could may might must should shall has have had will would"
                        .split())

#: Words that open a question or one clause of it ("In Smith v Jones, what did the court decide?"): where the asking
#: starts, so the words before it only name the document.
INTERROGATIVES = frozenset("what which who whom whose when where why how whether".split()) | AUXILIARIES

#: Words a question uses that say nothing about which sentence answers it: grammar, and the nouns every legal
#: document repeats about itself ("the court", "this agreement", "the Act", "section").
ANSWER_STOPWORDS = frozenset(
    "a an and are as at be by can could did do does for from had has have how i if in into is it its may might "
    "must of on or shall should so than that the their them then there these they this those to under upon was "
    "were what when where which who whom whose why will with would not no yes any all each every about against "
    "between done say says said court judge judgment case act section clause agreement contract".split()
)

#: Plain words a question uses for a legal text's terms of art (keys and values are stems): a user "ends" an
#: agreement that the contract says is "terminated".
SYNONYMS = {
    "applic": "appli",  # "applicable law" is the law that "applies"
    "end": "termin",  # "end the agreement": the contract "terminates" it
    "cancel": "termin",  # "cancel the agreement": termination again
    "settl": "resolv",  # disputes are "settled" or "resolved"
    "forbid": "prohibit",  # "forbid" an act: the text "prohibits" it
    "forbidden": "prohibit",  # "forbidden" acts are "prohibited"
    "ban": "prohibit",  # "banned" acts are "prohibited"
}

#: British spellings meet American ones before stemming ("authorised" is "authorized", "organisation" is
#: "organization"): statutes and judgments of both traditions are asked about in either.
_BRITISH = re.compile(r"(?<=[a-z]{3})is(e|ed|es|ing|ation|ations)$")


#: A negating prefix on an adjective ("unlawful", "unreasonable", "non-compliant"): the sentence answers a question
#: about the adjective either way ("Was the policy lawful?" — "the policy is unlawful").
_NEGATED = re.compile(r"^(un(?!der)|non)(?=[a-z]{3,}(ful|able|ible|al|ent|ant|ive|ed)$)")

#: Courts named as the one deciding ("did the Supreme Court decide…", "why did the Court of Appeal hold…"): which
#: court decided says which judgment is asked about, not what its answering sentence says.
DECIDING_COURT = re.compile(r"\b(the\s+)?(supreme court|court of appeal|high court|house of lords|privy council|"
                            r"upper tribunal|court|tribunal|judge)(\s+of\s+[A-Z]\w+)?"
                            r"(?=\s+(decide|hold|held|find|found|rule|conclude|say|think|dismiss|allow|uphold|reject|accept)\w*\b)",
                            re.I)


@lru_cache(maxsize=8192)
def _terms(text: str) -> tuple[str, ...]:
    text = re.sub(r"['\u2019]s\b", "", text.lower())  # "the Minister's power": the Minister
    words = [_BRITISH.sub(r"iz\1", _NEGATED.sub("", w)) for w in re.findall(r"[a-z0-9]+", text) if len(w) >= 2]
    words = [w for w in words if w not in ANSWER_STOPWORDS]
    out = []
    for t in stems(" ".join(words)):
        t = SYNONYMS.get(t, t)
        if t not in ANSWER_STOPWORDS:  # "agreements" is as much a stopword as "agreement"
            out.append(t)
    return tuple(out)


def terms(text: str) -> list[str]:
    """The content words of ``text``, stemmed by the one analyser, for comparing a question with a sentence."""
    return list(_terms(text))


# ---------------------------------------------------------------------------------------------------------------
# Question shapes
# ---------------------------------------------------------------------------------------------------------------

#: "Other than the chairperson, how many members…": the words of an exclusion name what the answer is *not* about,
#: so they are left out of the search and of the answer's terms (they would find the excluded provisions).
EXCLUSION = re.compile(r"\b(besides|apart from|aside from|other than|except(ing)?( for)?|excluding|not counting)\b"
                       r"[^,;?]{1,120}[,;]\s*", re.I)

#: "… does either party have the right to…", "require a party to…": a party left unnamed is no one in particular
#: (every clause binds a party), so these words say nothing about where the answer is.
ANY_PARTY = re.compile(r"\b(a|any|either|each|one|a contracting)\s+part(y|ies)\b(?!['\u2019])", re.I)

#: "… in every version of the Act", "… each of these contracts": words that point at the documents in scope say
#: nothing about where in each the answer is.
SCOPE_PHRASE = re.compile(r"\b((under|in|for|of|from|to)\s+)?(each|every|all|any)\s+(one\s+)?(of\s+)?"
                          r"((these|those|the)\s+)?(versions?|agreements?|contracts?|appeals?|cases?|documents?|"
                          r"judgments?|acts?|statutes?)\b(\s+of\s+(the\s+)?[A-Z][^?,;]*)?", re.I)

#: "this contract", "the agreement": words pointing at the document a question is about (the document prior's
#: job); as search words they match every clause that says "this Agreement".
DEICTIC = re.compile(r"\b(?:this|the|that)\s+(?:contract|agreement|lease|deed|instrument|document)\b", re.I)

#: "How many members…", "what is the maximum fee…": answered by a number.
QUANTITY = re.compile(r"\bhow (many|much|long|old)\b|\bnumber of\b|\bmaximum\b|\bminimum\b|"
                      r"\bwhat (age|amount|sum|fee|rate|percentage)\b", re.I)

#: The quantity words themselves ("how many", "how long") are no evidence of where the number is.
QUANTITY_WORDS = frozenset({"many", "much", "long", "old"})

#: "How long…", "what is the notice period": answered by a stated duration, not by a sentence naming the period.
DURATION_QUESTION = re.compile(r"\bhow long\b|\b(what|which)\s+(is|was|are|were)\s+the\s+(\w+\s+){0,3}"
                               r"(period|duration|term)\b", re.I)

#: "What is the purpose of…", "what does X mean", "how is X defined": the one kind of question a purpose clause
#: or definition answers (otherwise they only restate the subject).
PURPOSE_QUESTION = re.compile(r"\b(purpose|object|mean\w*|defin\w*|short title|cited as)\b", re.I)

#: Words asking what a court decided ("was the appeal allowed?", "what was the outcome?", "what order did it make?").
#: The verb only: "allowance" is a payment ("the Maternity Allowances Act"), not a disposal.
_DISPOSAL_ASKED = (r"allow(s|ed|ing)?|dismiss\w*|decid\w*|held|hold|outcome|result|succeed\w*|restor\w*|grant\w*|refus\w*|"
                   r"quash\w*|uphold|upheld|overturn\w*|set aside|win|won|lose|lost|what order|order(ed)? (did|was|were)")

#: The court's disposal is asked (the dissent words of :data:`DISSENT_QUESTION` ask something else).
DISPOSAL_QUESTION = re.compile(rf"\b({_DISPOSAL_ASKED})\b", re.I)

#: A question about what a court decided or about a judge's different view ("what would she have ordered?"):
#: answered by each judge's disposal and statement of agreement, which share few of its words.
OUTCOME_QUESTION = re.compile(rf"\b({_DISPOSAL_ASKED}|decision|fail(ed|s)?|dissent\w*|disagree\w*|minority|"
                              r"majority|differ\w*)\b|\bwould\b[^?.]{0,60}\bhave\b", re.I)

#: "Is…", "Did the court…", "Can the Minister…": a yes/no question; asked of a judgment, the holding answers it.
YES_NO_QUESTION = re.compile(rf"^\s*({'|'.join(sorted(AUXILIARIES - {'will', 'would', 'shall', 'might'}))})\b", re.I)

#: A question about a judge who did not join the majority: their own words answer it.  "What would X have done"
#: asks a judge's view that did not carry the day.
DISSENT_QUESTION = re.compile(r"\b(dissent\w*|disagree\w*|minority|differ\w*)\b|\bwould\b[^?.]{0,60}\bhave\b", re.I)

#: Asking for reasons ("why…", "on what basis…", "what would she have ordered…"): a judge's reasoning and
#: conclusion answer it, not the bare statement that they disagree.
REASONS_QUESTION = re.compile(r"\b(why|basis|reasons?|grounds?|what would|what order|how did \w+ (reason|justify)|"
                              r"what did \w+ (conclude|decide|think))\b", re.I)

#: Asking who ("who dissented", "which judge…"): answered where a judge is named with the view.
WHO_QUESTION = re.compile(r"\b(which (judge|justice|member|lord|lady)s?|who)\b", re.I)

#: A question in two parts ("…, and on what ground?"): a second sentence may answer the second part.
TWO_PARTS = re.compile(r"[,;]\s*and\s+(what|how|why|which|who|when|on what|in what)\b", re.I)

#: The power a question asks about, in its own modal and verb: "who may be appointed…", "who can apply…", "can the
#: Minister revoke…" — a provision that says "may be appointed", "may revoke" grants exactly that.
ASKED_POWER = re.compile(r"\bwho\s+(may|can|shall|must)\s+(be\s+)?([a-z]+)|^\s*(can|may)\s+(?:the|a|an)\s+[\w-]+"
                         r"(?:\s+[\w-]+)??\s+(be\s+)?([a-z]+)\b", re.I)


def power_phrase(question: str) -> re.Pattern[str] | None:
    """The provision wording that grants the power ``question`` asks about (:data:`ASKED_POWER`), or None."""
    m = ASKED_POWER.search(question)
    if m is None:
        return None
    passive, verb = (m.group(2), m.group(3)) if m.group(3) else (m.group(5), m.group(6))
    stem = stems(verb)[:1]
    if not stem:
        return None
    be = r"be\s+" if passive else ""
    return re.compile(rf"\b(may|can|is (eligible|entitled|qualified) to)\s+{be}{re.escape(stem[0])}\w*", re.I)


@dataclass(frozen=True)
class QuestionShape:
    """What a question asks for, read from its wording by the patterns above (one place, for every answerer)."""

    quantity: bool  # a number answers it
    duration: bool  # a stated duration answers it
    purpose: bool  # a purpose clause or definition may answer it
    dissent: bool  # a judge outside the majority is asked about
    outcome: bool  # the court's disposal is asked (not a dissent)
    holding: bool  # the court's holding answers it (an outcome or a yes/no question, not a dissent)
    reasons: bool  # a dissent's reasons are asked
    who: bool  # who dissented is asked
    two_parts: bool  # it asks two things
    who_asked: bool  # the answer is a person or a class of persons ("who…", "which judge…")


def question_shape(question: str) -> QuestionShape:
    dissent = bool(DISSENT_QUESTION.search(question))
    outcome = bool(DISPOSAL_QUESTION.search(question)) and not dissent
    who = dissent and bool(WHO_QUESTION.search(question))
    return QuestionShape(
        quantity=bool(QUANTITY.search(question)),
        duration=bool(DURATION_QUESTION.search(question)),
        purpose=bool(PURPOSE_QUESTION.search(question)),
        dissent=dissent,
        outcome=outcome,
        holding=outcome or (bool(YES_NO_QUESTION.search(question)) and not dissent),
        reasons=dissent and bool(REASONS_QUESTION.search(question)) and not who,
        who=who,
        two_parts=bool(TWO_PARTS.search(question)),
        who_asked=bool(WHO_QUESTION.search(question)),
    )


def asks_quantity(question: str) -> bool:
    return bool(QUANTITY.search(question))


def asks_about_outcome(question: str) -> bool:
    """The question asks what was decided, or what a judge would have decided (or is a yes/no question, which a
    judgment answers by its holding)."""
    return bool(OUTCOME_QUESTION.search(question) or YES_NO_QUESTION.search(question))


# ---------------------------------------------------------------------------------------------------------------
# Judgment language
# ---------------------------------------------------------------------------------------------------------------

#: Verbs of disposal, as verbs ("dismissal" is not a disposal).
_DISPOSAL_VERB = (r"(allow(s|ed|ing)?|dismiss(es|ed|ing)?|grant(s|ed|ing)?|refus(e|es|ed|ing)|quash(es|ed|ing)?|"
                  r"restor(e|es|ed|ing)|set aside|remit(s|ted|ting)?|uphold(s|ing)?|upheld)\b")

#: How a court disposes of a case: a judge in the first person ("I would allow the appeal and remit the claim"),
#: or the proceeding in the passive ("the application is dismissed").
DISPOSAL = re.compile(
    rf"(?-i:\bI\b|\b[Ww]e\b)[^.;:]{{0,120}}\b{_DISPOSAL_VERB}"
    r"|\b(appeal|application|claim|petition)s?\b[^.;:]{0,30}\b(is|are|be|was|were|been)\s+"
    r"((therefore|accordingly|also|thus|\w+ly)\s+)?(allowed|dismissed|refused|granted|upheld|quashed|set aside)",
    re.I,
)

#: How a judge announces a different view: "I respectfully disagree", "I have reached a different conclusion",
#: "I would have dismissed the appeal".
DISAGREEMENT = re.compile(r"\b(disagree\w*|different (conclusion|view)|do not agree|unable to agree|cannot agree|"
                          r"respectfully|dissent\w*)\b"
                          rf"|(?-i:\bI\b) would (have )?[^.;:]{{0,40}}\b{_DISPOSAL_VERB}", re.I)

#: How a judge joins another in the first person ("I agree", "I also agree", "I too agree"): shared by the
#: answerers' :data:`AGREEMENT` and the roles' patterns below.
_I_AGREE = r"I\s+(?:also\s+|too\s+|entirely\s+|respectfully\s+)?agree"

#: How a judge joins another: "I agree", "I also agree" — in a judgment of several, the court's holding.
AGREEMENT = re.compile(rf"\b(?:{_I_AGREE})\b", re.I)

#: How a judge states a conclusion on the point ("In my judgment…", "I am satisfied that…", "It follows that…").
HOLDING_OPENING = re.compile(
    r"^\W*(\d+\.\s*)?((accordingly|therefore|so|thus),?\s+)?(my conclusions? (is|are)|in my (judgment|view|opinion)|"
    r"i (would )?(hold|conclude)|we (hold|conclude)|(the|my) conclusion is|i am (satisfied|persuaded|clear) that|"
    r"it follows that|i have (reached|come to) the (clear )?conclusion)\b", re.I)

#: A holding stated mid-sentence: "…and we hold that the deduction was allowable".
HELD = re.compile(r"\b(we|I) (hold|held|conclude)\b", re.I)

#: A paragraph that gathers a judge's reasoning into a conclusion ("For these reasons, I would…", "In conclusion…").
CONCLUSION_OPENING = re.compile(
    r"^\W*\d*\.?\s*(in conclusion|for (all )?(these|those|the) (short |above )?reasons|for the reasons ((\w+ ){0,3})?(given|set out|"
    r"stated|explained)|for all of the(se)? reasons|in summary|to summari[sz]e|in the result|overall|accordingly|"
    r"it follows that|i would therefore|i therefore|conclusion)\b",
    re.I,
)

#: How a court restates the question before answering it ("The issue is whether…", "(b) whether…"): not an answer.
ISSUE = re.compile(r"\bwhether\b|\?\s*$|\bthe (issue|question)s? (is|are|was|were|on|for decision)\b|"
                   r"\b(is|are) required to decide\b", re.I)

#: How a court reports a party's case ("the appellant contends that…", "the Crown submits that…"): not its view.
ARGUMENT = re.compile(r"\b(claims?|argues?|argued|contends?|contended|submits?|submitted|asserts?|asserted|"
                      r"alleges?|alleged|maintains?|maintained) that\b", re.I)

#: A passage the court quotes at length (a lower court, counsel, a statute): words it quotes are not its reasons.
QUOTE_SPAN = re.compile(r"\u201c[^\u201c\u201d]{40,}\u201d", re.S)

#: A claim that says what the court held, decided or found (the check that such a claim rests on the majority).
#: A question shape. Questions that ask what a court below, counsel or a witness said, not what the court decided: a citation of
#: quoted words answers them, labelled as quoting.
QUOTED_SOURCE_QUESTION = re.compile(
    r"\bwhat did (?:the )?(?:UT|FTT|EAT|Upper Tribunal|First[- ]tier Tribunal|tribunal|judge below|trial judge|"
    r"(?:first instance |deputy |High Court )?judge|recorder|lower court|court below|counsel|Mr\.? \w+|Mrs\.? \w+|"
    r"Ms\.? \w+|the (?:appellant|respondent|claimant|defendant)s?|witness\w*)\b"
    r"|\b(?:according to|in the view of|what was the view of|how did) (?:the )?(?:UT|FTT|Upper Tribunal|"
    r"tribunal|judge below|trial judge|lower court|court below|counsel)\b"
    r"|\b(?:submit\w*|argu\w*|contend\w*)\b|\bbelow\b",
    re.I,
)

#: A claim that says in its own words whose words it reports ("the UT held", "Mr Bates submitted"): it does not
#: state the court's holding, so it may rest on the words quoted.
CLAIM_ATTRIBUTES = re.compile(
    r"\b(?:the )?(?:UT|FTT|EAT|Upper Tribunal|First[- ]tier Tribunal|tribunals?(?: below)?|(?:trial |deputy |first "
    r"instance )?judge(?: below)?|recorder|lower court|court below|counsel|Mr\.? [A-Z]\w+|Mrs\.? [A-Z]\w+|"
    r"Ms\.? [A-Z]\w+|the (?:appellant|respondent|claimant|defendant)s?|witness\w*|(?:the )?(?:section|clause|"
    r"regulation|article|rule)s? [\w.()]+)\b[^.]{0,60}\b(?:held|said|stated|found|decided|concluded|reasoned|"
    r"submitted|argued|contended|provides?|provided|reads?|took the view|considered|ruled)\b"
    r"|\baccording to\b|\bquot\w+\b"
    # a neutral report of what the text says, not of what anyone decided: "It is stated that …", "The judgment
    # records that …", "The passage says …" (issue 49: such restatements of quoted words were dropped)
    r"|\bit is (?:stated|said|recorded|noted|set out|recited)\b"
    r"|\bthe (?:judgment|passage|paragraph|text|decision|report|extract) (?:states|says|records|notes|recites|"
    r"sets out|reproduces|cites)\b",
    re.I,
)


CLAIM_OF_HOLDING = re.compile(
    r"\b(held|holds|hold that|decided|decides|found|finds|concluded|concludes|ruled|rules|determined|"
    r"the court (said|stated|accepted|rejected|agreed)|the majority|allowed the appeal|dismissed the appeal|"
    r"holding|the ratio)\b",
    re.I,
)

# -- judges' titles: THE list, for the parsers (headings, names, aliases), the voice table and the answerers --------

#: The titles printed after a judge's name, each with what it says ("Moylan LJ", "Sir Geoffrey Vos C").
TITLES_AFTER_NAME: dict[str, str] = {
    "LJ": "a Lord or Lady Justice of Appeal: Moylan LJ",
    "LJJ": "Lords Justices, after two or more names: Moylan and Asplin LJJ",
    "J": "a High Court judge, or a Justice of another court: Francis J",
    "JJ": "Justices, after two or more names",
    "MR": "the Master of the Rolls: Sir Geoffrey Vos MR",
    "C": "the Chancellor of the High Court: Sir Geoffrey Vos C",
    "P": "the President of a division or tribunal: Sir Andrew McFarlane P",
    "VP": "the Vice-President of the Court of Appeal's division: Underhill LJ VP",
    "CJ": "a Chief Justice: Lord Burnett CJ",
    "LCJ": "the Lord Chief Justice: Lord Burnett of Maldon LCJ",
    "JSC": "a Justice of the Supreme Court: Lord Reed JSC",
    "V-C": "the Vice-Chancellor (before 2005)",
    "KC": "King's Counsel: a deputy judge or recorder sitting (HH Judge Davis-White KC); alone, counsel",
    "QC": "Queen's Counsel: as KC, before 2022",
    "DBE": "Dame Commander, an honour printed after a judge's name in a heading (Dame Victoria Sharp DBE)",
}

#: The titles printed before a judge's name ("Lord Reed", "Dame Anne Rafferty", "HH Judge Davis-White").
TITLES_BEFORE_NAME: dict[str, str] = {
    "Lord": "a peer, a Justice of the Supreme Court, a Lord Justice in a heading (Lord Justice Moylan)",
    "Lady": "as Lord",
    "Sir": "a knight: most male senior judges (Sir Geoffrey Vos)",
    "Dame": "a dame: most female senior judges (Dame Anne Rafferty)",
    "Justice": "the office, after Lord/Lady/Mr/Mrs ('Mr Justice Francis')",
    "Mr": "a High Court judge in a heading (Mr Justice Francis), counsel, a party",
    "Mrs": "as Mr",
    "Ms": "as Mr",
    "Dr": "a judge or member with a doctorate",
    "HH": "His or Her Honour: a circuit judge (HH Judge Davis-White KC)",
    "HHJ": "His or Her Honour Judge, abbreviated",
}

#: The titles a name-first judge's heading ends with ("PHILLIPS LJ", "Sir Geoffrey Vos MR"): a name then "KC"
#: alone is counsel, and a single letter after a bare name ("Smith C") is too often something else.
HEADING_TITLES = ("LJ", "LCJ", "MR", "VP", "JSC", "J")

#: The titles another judge's name may be given with and without ("Moylan LJ" is also "Moylan").
ALIAS_TITLES = ("LJ", "J", "C", "MR", "P", "VP", "KC", "QC")

#: The titles that say a named person is a judge giving a view ("Smith LJ said", "Lord Reed JSC held").
JUDGE_SAID_TITLES = ("LJ", "MR", "CJ", "JSC", "P", "V-C")

#: The words of judges' titles (lower case) that are not part of the name a question uses ("Smith LJ" is "Lord
#: Justice Smith" in the heading): the titles above a question would write, as words.
JUDICIAL_TITLES = frozenset(t.lower() for t in ("LJ", "J", "JJ", "LJJ", "CJ", "MR")) | frozenset(
    t.lower() for t in ("Mrs", "Ms", "Dr", "Lord", "Lady", "Sir", "Dame", "Justice"))
assert set(HEADING_TITLES + ALIAS_TITLES + JUDGE_SAID_TITLES) <= set(TITLES_AFTER_NAME)
assert {t for t in JUDICIAL_TITLES} <= {t.lower() for t in (*TITLES_AFTER_NAME, *TITLES_BEFORE_NAME)}

# -- how a judge states their own position: the roles of a judgment's reasons (read by parse/roles) -------------

#: Words that make what follows hypothetical ("if I had…", "were it not for…", "had the guarantee been
#: available, I would have…"): a vote or dissent after them in the sentence is not cast ("if I had considered… I
#: would have allowed" is not a dissent).
CONDITIONAL = re.compile(r"(?i)\b(?:if|had I|were I|unless|but for|even if|otherwise|were it not)\b"
                         r"|\bhad\s+(?:the\s+|this\s+|that\s+|it\s+|they\s+)(?:\w+\s+){0,2}?been\b")

#: A dissent in the judge's own voice: "I dissent", "I must respectfully dissent", "my dissent", "this is a
#: dissenting judgment".  A dissent *reported* ("Lord Walker dissented on the retirement issue", "Clarke LJ
#: dissented on this point", "in a partly dissenting speech") is someone else's, often in a case cited.
_OWN_DISSENT = (r"(?:\bI\s+(?:\w+\s+){0,2}?dissent\b|\bmy\s+(?:\w+\s+)?dissent\w*|"
                r"\bthis\s+(?:is\s+)?(?:a\s+)?(?:\w+\s+)?dissenting\s+(?:judgment|opinion|reasons)\b)")

#: A dissent on one issue, or a disagreement with *parts* of a colleague's reasons: the judge partly dissents.
PARTIAL_DISSENT: tuple[re.Pattern[str], ...] = (
    # "As this is a dissenting judgment on this second issue", "I dissent on the third ground"
    re.compile(rf"(?i){_OWN_DISSENT}[^.]{{0,60}}?\b(?:on|as to|in relation to)\s+(?:this|the|that)\s+(?:\w+\s+){{0,2}}"
               r"(?:issue|ground|point|question)s?\b"),
    # "I have the misfortune to disagree with parts of his analysis" (a colleague's: see DISAGREES_IN_PART)
    re.compile(r"(?i)\b(?:disagree|differ)\w*\s+with\s+(?:parts?|some)\s+of\b"),
    # "I respectfully dissent in part", "I dissent as to the costs order"
    re.compile(r"(?i)\bI\s+(?:respectfully\s+)?dissent\s+(?:on|as to|in part)\b"),
)
#: Which of :data:`PARTIAL_DISSENT` disagree with another's reasons: they count only when that other is a
#: member of the court (a judge may disagree with parts of the judge below's reasons and still lead).
DISAGREES_IN_PART = PARTIAL_DISSENT[1]

#: The court below, as an appellate judgment names it: disagreeing with its reasoning is no dissent.  The
#: Court of Appeal hears appeals from the High Court (a judge, or a Divisional Court), the county court and
#: the appeal tribunals.
COURT_BELOW = re.compile(r"(?i)\b(?:the|trial|deputy)\s+(?:(?:trial|deputy|first[- ]instance)\s+)?judge\b|"
                         r"\bthe\s+(?:tribunal|recorder|master|court\s+below|lower\s+court)\b|"
                         r"\bthe\s+(?:Divisional\s+Court|Upper\s+Tribunal|(?:Employment\s+)?Appeal\s+"
                         r"Tribunal|First[- ]tier\s+Tribunal|county\s+court|FTT|UT|EAT)\b")

#: A dissent stated outright: the judge dissents.
FULL_DISSENT: tuple[re.Pattern[str], ...] = (
    # "I have come to a different conclusion", "I have reached a different conclusion"
    re.compile(r"(?i)\bI\s+(?:have\s+)?(?:come|reached|reach|arrived)\s+(?:to\s+|at\s+)?a\s+different\s+conclusion\b"),
    # "I am unable to agree with my Lords"
    re.compile(r"(?i)\bunable\s+to\s+agree\s+with\s+my\s+(?:Lords|Ladies|colleagues|Lord|Lady)\b"),
    # "I must respectfully dissent", "I would dissent"; not "Nor do I dissent from the view that …", "I do not
    # dissent" (a dissent denied is agreement)
    re.compile(r"(?i)(?<!\bnor do )(?<!\bdo )(?<!\bdid )\bI\s+(?:must\s+|would\s+)?(?:respectfully\s+)?dissent\b"),
    # "in my dissenting judgment"
    re.compile(r"(?i)\bmy\s+dissenting\s+judgment\b"),
)

#: Which of :data:`FULL_DISSENT` can be said of the court below ("I have come to a different conclusion from
#: the Divisional Court"): a dissent only when no court below is named in the sentence, or a colleague is.
DIFFERENT_CONCLUSION = FULL_DISSENT[0]

#: A judge's vote in the first person: "I would dismiss the appeal", "I would have allowed SIS's appeal" (the
#: "have" marks a vote that did not carry), "I would refuse permission".
VOTE = re.compile(r"(?i)\bI\s+(?:would|should|will)\s+(?:therefore\s+|accordingly\s+|also\s+|respectfully\s+|"
                  r"for my part\s+)?(?P<have>have\s+)?(?P<verb>allow|dismiss|grant|refuse)(?:ed)?\b(?P<object>[^.;:]*)")

#: A vote in the passive, said in agreeing: "SIS's appeal should be allowed", "the appeal must be dismissed".
VOTE_PASSIVE = re.compile(r"(?i)\b(?P<object>(?:[\w.]+['’]s\s+|the\s+|this\s+)(?:cross-)?appeals?(?:\s+\w+){0,6}?)\s+"
                          r"(?:should|must|ought to)\s+be\s+(?P<verb>allow|dismiss)ed\b")

#: A whole sentence of bare agreement ("I agree.", "I agree with both judgments"): the judge concurs with
#: the judgment before (the lead, unless it is outvoted).
BARE_AGREEMENT = re.compile(rf"(?i)^{_I_AGREE}(?:\s+with\s+(?:(?:both|all)(?:\s+(?:the\s+)?(?:judgments|of them))?|him|her|them|"
                            r"the\s+judgments?\s+(?:of|given)\b.*|the\s+reasons\b.*))?[.!]?$")

#: A bare agreement with every other judgment ("I agree with both judgments"): it takes no one judgment's votes
#: (where the two differ on a point, the agreeing judge has not voted with either).
AGREES_WITH_ALL = re.compile(r"(?i)\bwith\s+(?:both|all)\b")

#: Agreement with a named colleague ("I agree with Arnold LJ", "for the reasons given by Arnold LJ", "I concur").
AGREEMENT_WITH = re.compile(rf"(?i)\b(?:{_I_AGREE}|in\s+agreement\s+with|"
                            r"for\s+the\s+reasons\s+(?:given|explained)\s+by|I\s+concur)\b")

#: Disagreement with a named colleague ("I respectfully disagree with Arnold LJ", "I differ from Lewison LJ").
DISAGREEMENT_WITH = re.compile(r"(?i)\b(?:disagree\w*|not\s+agree|unable\s+to\s+agree|cannot\s+agree|"
                               r"respectful\s+disagreement|differ\w*\s+from)\b")

# ---------------------------------------------------------------------------------------------------------------
# Provision language
# ---------------------------------------------------------------------------------------------------------------

#: How a provision describes the persons it applies to: "any person who…", "a person is eligible if…", "an
#: individual who is a citizen" — what answers "who may…".
PERSON_DESCRIBED = re.compile(r"\b(any|every|no|a|an)\s+(person|individual|citizen|resident|member|employee)s?\b"
                              r"(\s+\w+){0,4}?\s+(who|is|may|shall|that)\b", re.I)

#: THE months (English, as judgments, statutes and contracts print them), for every date read anywhere: the dates
#: that bound a period, a judgment's date on its first page, an enacting clause's date.
MONTHS = tuple("january february march april may june july august september october november december".split())


def month_number(name: str) -> int:
    """'March' -> 3 (any case); a ValueError for a word that is not a month."""
    return MONTHS.index(name.lower()) + 1

#: A number, in digits or in words: what answers a :data:`QUANTITY` question.
NUMBER = re.compile(r"\d|\b(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|"
                    r"forty|fifty|sixty|ninety|hundred|thousand|million)\b", re.I)

#: A duration: "six years", "one (1) year", "30 days" — what answers a :data:`DURATION_QUESTION`.
DURATION = re.compile(r"\b(\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|"
                      r"thirty|sixty|ninety|hundred)\b[\s()\d-]*\b(day|week|month|year)s?\b", re.I)

#: A date ("November 30, 2016", "30 November 2016", "2016-11-30"): with :data:`DURATION`, what states how long
#: something lasts ("shall expire on November 30, 2016").
DATE = re.compile(r"\b(" + "|".join(MONTHS) + r")\s+\d{1,2}(st|nd|rd|th)?,?\s+\d{4}\b|\b\d{1,2}(st|nd|rd|th)?\s+("
                  + "|".join(MONTHS) + r"),?\s+\d{4}\b|\b\d{4}-\d{2}-\d{2}\b", re.I)

#: Captions of provisions that introduce an Act rather than operate: its purpose, short title, definitions.
PREFATORY_CAPTIONS = "purpose purposes short title interpretation definitions"

#: How a text bounds a period by a date: "made on or after August 1, 2001", "before 1995", "since March 2010".
DATED_BOUND = re.compile(r"\b(on or after|on or before|after|before|since|prior to|until)\s+"
                         r"(?:(" + "|".join(MONTHS) + r")\s+(?:(\d{1,2}),?\s+)?)?(1[6-9]\d\d|20\d\d)\b", re.I)


def stated_periods(text: str) -> list[tuple[tuple[int, int, int], tuple[int, int, int]]]:
    """The periods ``text`` bounds by a date (:data:`DATED_BOUND`), each as [from, until) in (year, month, day):
    "after March 2001" is [2001-04-01, ∞), "before June 1, 2001" is [-∞, 2001-06-01)."""
    out = []
    for m in DATED_BOUND.finditer(text):
        rel, month, day, year = m.group(1).lower(), m.group(2), m.group(3), int(m.group(4))
        mo = MONTHS.index(month.lower()) + 1 if month else None
        first = (year, mo or 1, int(day) if day else 1)  # the first day the date names
        if day:
            after_last = (year, mo or 1, int(day) + 1)  # (day + 1 may be 32: it still orders right)
        elif mo:
            after_last = (year + (mo == 12), mo % 12 + 1, 1)
        else:
            after_last = (year + 1, 1, 1)
        lo, hi = (0, 0, 0), (9999, 12, 31)
        if rel == "after":
            lo = after_last
        elif rel in ("on or after", "since"):
            lo = first
        elif rel in ("before", "prior to"):
            hi = first
        else:  # on or before, until
            hi = after_last
        out.append((lo, hi))
    return out


def excludes_period(sentence: str, question_periods: list) -> bool:  # type: ignore[type-arg]
    """Whether the sentence speaks only of periods the question's dates fall outside (a provision on loans "made
    before 1990" for a question about a loan made in 2001)."""
    said = stated_periods(sentence)
    return bool(said and question_periods) and all(
        any(q_lo >= s_hi or s_lo >= q_hi for s_lo, s_hi in said) for q_lo, q_hi in question_periods)


# ---------------------------------------------------------------------------------------------------------------
# Questions in several parts
# ---------------------------------------------------------------------------------------------------------------

#: Where a question asks a second thing (each pattern matches the joint; the part after it is a question of its
#: own).  Each with its reason:
PART_JOINTS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"\s*[,;]?\s*\band,?\s+if\s+so,?\s+", re.I),
     "'…, and if so, how much notice?': the second part asks about what the first establishes"),
    (re.compile(r"\s*[,;]\s*and\s+(?=(what|how|why|which|who|whom|whose|when|where|whether|on what|in what|"
                r"is|are|was|were|does|do|did|can|could|may|must|has|have)\b)", re.I),
     "'…, and how much notice…?', '…; and was it…?': a conjunction joining two interrogatives"),
    (re.compile(r"\?\s+(?=[A-Z(])"),
     "'What is the term? Can it be renewed?': two questions written one after the other"),
    (re.compile(r"(?:\s*[,;:]\s*|\s+)(?:and\s+)?\((?:[b-h]|i{2,3}|iv|[2-8])\)\s+", re.I),
     "'(a) who may apply and (b) within what time?': an enumeration of the things asked"),
)

#: An enumeration's first marker ("(a) ", "(1) "), dropped from the first part once it is split on the later ones.
_FIRST_MARKER = re.compile(r"(?<![\w.])\((?:a|i|1)\)\s+", re.I)

#: A part needs this many content words of its own (:func:`terms`) to be asked alone; fewer ("and how much?",
#: "and what did he conclude?") and it leans on the part before it: the question asks one thing in two clauses and
#: is answered whole (measured on lab/data/multipart.jsonl and dev: asking such a part with the first part's words
#: cited fewer gold units; bench/NOTES.md, issue 27).
PART_MIN_TERMS = 2

#: … and a part that points back (:data:`BACK_REFERENCE`) with fewer than this many of its own ("what happens after
#: it?") leans on it too; one with more ("why couldn't the council attach a condition to its approval?") says
#: enough to be asked alone.
PART_LEANS_TERMS = 4

#: A later part that points back at the first ("what happens after it?", "what did he conclude?", "how much was
#: it?"): it leans on the first part (see :data:`PART_LEANS_TERMS`).
BACK_REFERENCE = re.compile(r"\b(it|its|he|she|his|her|they|them|their|this|that|these|those|so|there)\b", re.I)


#: A judge named in a question, with a title ("Newey LJ", "Peter Jackson LJ", "Lord Justice Moylan", "Mr Justice
#: Francis"), or a case named as "Re S" / "In re X": what a later part says only to name whose view, and in which
#: case, the first part asks (see :func:`_names_only`).
_JUDGE_OR_RE_CASE = re.compile(
    r"\b(?:(?:Lord|Lady|Mr|Mrs|Ms)\s+Justice|Sir|Dame|Lord|Lady)\s+[A-Z][\w'\u2019-]+"
    r"|\b(?:[A-Z][\w'\u2019-]+\s+){1,2}(?:LJJ|LJ|MR|VP|LCJ|CJ|JSC|J)\b"
    r"|\b(?:In\s+)?[Rr]e\s+[A-Z][\w'\u2019-]*")

#: The frame of a question asking what a judge said ("what did X say…", "…think", "…consider", "…make of it"):
#: no evidence of its own.
_VIEW_FRAME = frozenset({"say", "said", "says", "think", "thought", "consid", "view", "make", "made", "of", "held",
                         "hold", "write", "wrote", "put", "it", "in", "case", "judgment", "judg"})


def _names_only(part: str) -> bool:
    """Whether a later part only names a judge (and the case) whose view the first part asks — "What did Leggatt
    LJ say in Cuadrilla v Lawrie?", "Moylan LJ in Re S (2020)?": without the names (judges, cases) and the frame
    of asking a view, no word of its own is left.  Then it leans on the part before: one question, asked of that
    judge."""
    if not _JUDGE_OR_RE_CASE.search(part):
        return False
    bare = NAMED_CASE.sub(" ", _JUDGE_OR_RE_CASE.sub(" ", part))
    return not [t for t in terms(bare) if t not in _VIEW_FRAME]


def _lead_in(question: str) -> str:
    """The words before a question's first interrogative ("In Smith v Jones, "): they name the document, and so
    belong to every part."""
    m = re.search(r"(^|[,;:]\s+)(" + "|".join(sorted(INTERROGATIVES)) + r")\b", question, re.I)
    if m is None or m.start(2) == 0:
        return ""
    lead = question[:m.start(2)]
    return lead if len(lead.split()) <= 16 else ""


def question_parts(question: str) -> list[str]:
    """The parts of a question that asks several things (:data:`PART_JOINTS`), each a question that can be
    answered alone: the lead-in naming the document is given to every part.  One part (the question itself) when
    it asks one thing, or when a later part leans on the one before (:data:`PART_MIN_TERMS`,
    :data:`PART_LEANS_TERMS`)."""
    q = question.strip()
    pieces = [q]
    for pattern, reason in PART_JOINTS:
        if "enumeration" in reason and not _FIRST_MARKER.search(q):
            continue  # "CPR 36.17(4)", "s. 10(b)": a provision's number, unless the question enumerates from (a)
        nxt = []
        for piece in pieces:
            nxt.extend(p for p in pattern.split(piece) if p is not None)
        pieces = nxt
    # a split on a lookahead leaves the captured interrogative as its own piece: glue captures back on
    cleaned: list[str] = []
    for i, p in enumerate(pieces):
        if i + 1 < len(pieces) and re.fullmatch(r"[A-Za-z ]+", p) and pieces[i + 1].lower().startswith(p.lower()):
            continue  # a lookahead group, repeated at the head of the next piece
        cleaned.append(p)
    pieces = [_FIRST_MARKER.sub("", p, count=1).strip(" ,;:") for p in cleaned]
    pieces = [p for p in pieces if p]
    if len(pieces) < 2:
        return [question]
    lead = _lead_in(pieces[0])
    out = [pieces[0].rstrip("?") + "?"]
    for p in pieces[1:]:
        p = p.rstrip("?")
        own = re.sub(r"\([^()]*\)", " ", p)  # "(the version in force on …)" asks nothing of its own
        n_own = len(terms(own))
        if n_own < PART_MIN_TERMS or (BACK_REFERENCE.search(own) and n_own < PART_LEANS_TERMS) or _names_only(own):
            return [question]  # it leans on the part before: one thing asked in two clauses
        if lead and not p.lower().startswith(lead.strip().lower()):
            p = lead + (p[0].lower() + p[1:] if p.split()[0].lower() in INTERROGATIVES else p)
        out.append(p + "?")
    return out


# ---------------------------------------------------------------------------------------------------------------
# Documents a question names
# ---------------------------------------------------------------------------------------------------------------

_PARTY = r"[A-Z][\w&'\u2019.-]*(?:\s+(?:[A-Z][\w&'\u2019.-]*|of|and|&|the|for|de|van|von|du|la|\([A-Z][^()]{0,40}\)))*"

#: A party named by its initials: an anonymised party ("R (TD, AD and Reynolds)", "Re S (A Child)" gives none:
#: one letter is too common) or an office ("SSHD", "SSWP", "HMRC"): two to six capitals, standing alone.
PARTY_INITIALISM = re.compile(r"(?<![\w-])[A-Z]{2,6}(?![\w-])")

#: A case named by its parties, "Smith v Jones", "R (Hale) v Secretary of State for Education", "Re D (A Child)":
#: a question naming one asks about that judgment.
NAMED_CASE = re.compile(rf"(?<![\w-])(?P<a>{_PARTY})\s+v\.?\s+(?P<b>{_PARTY})")

#: A neutral citation inside a question ("[2019] UKSC 99", "[2020] EWCA Civ 1375"): it names one judgment.
NAMED_NEUTRAL = re.compile(r"\[(?P<year>\d{4})\]\s+(?P<court>[A-Z]{2,}[A-Za-z]*(?:\s+(?:Civ|Crim|Admin))?)\s+"
                           r"(?P<num>\d+)(?:\s+\([A-Za-z]+\))?")

#: An Act asked about as the question's subject: named in its lead-in ("Under the Fisheries Act, …"), as what the
#: question opens by asking about ("Does the Privacy Act define …"), or as the law a question ends on ("… under the
#: Limitation Act 1980?").  An Act mentioned mid-question ("did the landlord act lawfully under the Housing Act when
#: …", "what did the court say about s 37 of the Children Act") is what a judgment discusses, not the document asked.
NAMED_ACT = re.compile(r"(?:^\s*(?:(?i:under|in|by)\s+)?|^\s*(?i:does|do|did|is|are|can|may|must|what does|how does|"
                       r"when does|who does)\s+|\b(?i:under|in)\s+(?=the\s+(?:[A-Z][\w'\u2019-]*\s+){1,8}Act"
                       r"(?:\s+\d{4})?\s*\?\s*$))the\s+(?P<name>(?:[A-Z][\w'\u2019-]*\s+){1,8}Act(?:\s+\d{4})?)\b")

#: Words of a party's name that say nothing about which case it is ("R (on the application of) …", "Re", "Ltd").
PARTY_FILLER = frozenset("r re the a an of and for on application ltd limited plc inc llc co corp corporation "
                         "company anor ors others another secretary state home department council borough city "
                         "county london chief constable police commissioner minister mr mrs ms dr lord lady sir "
                         "child children in matter".split())

#: Words of a document's title that name none of several documents: the State as a party ("United States of
#: America v. …", "The King v …"), kinds of court and instrument ("Court", "Act", "Regulations", "Agreement"), and
#: words many titles share ("National", "General", "Standard") — a question holding them has not named the document.
TITLE_GENERIC = frozenset("united states america kingdom king queen crown canada people commonwealth republic "
                          "court courts appeal appeals circuit district supreme tribunal judgment opinion order "
                          "act acts code regulation regulations rules statute law laws bill part title volume "
                          "agreement contract terms standard general national federal international "
                          "government public".split())

#: Words that never, alone, name a contract by one of its parties (see :func:`pincite.parse.parties.names_by_party`):
#: what names no case or document either, and the words a question is made of.
PARTY_NAME_GENERIC = PARTY_FILLER | TITLE_GENERIC | frozenset(
    "a an the of to in on at by for from with as is are was were be do does did has have had what which who "
    "when where why how whether this that it its any and or if can may shall will would".split())

_TITLE_WORD = re.compile(r"\b(?:[A-Z][a-z-]*[a-z]|[A-Z]{2,})\b")


def title_words_asked(question: str) -> set[str]:
    """The words, lower-cased, by which ``question`` may name a document: capitalised, four letters or more
    ("Gildernew", "Abisoye's", "CIIAA"), neither :data:`PARTY_FILLER` nor :data:`TITLE_GENERIC`."""
    asked = {m.group(0).lower() for m in _TITLE_WORD.finditer(question)}
    return {w for w in asked if len(w) >= 4 and w not in PARTY_FILLER and w not in TITLE_GENERIC}


def titles_named(question: str, titles: list[str]) -> set[int]:
    """The indices of ``titles`` the question names: it holds, capitalised, a word of four letters or more
    ("Gildernew", "Abisoye's", "CIIAA") that is in that title and in no other distinct title of the list, and is
    neither :data:`PARTY_FILLER` nor :data:`TITLE_GENERIC`.  Two versions of one Act share their title: a word of
    it names both.  Empty when the question names none of them."""
    words = [set(re.findall(r"[a-z0-9]+", t.lower())) for t in titles]
    asked = title_words_asked(question)
    named: set[int] = set()
    for i, ws in enumerate(words):
        others = set().union(*(w for j, w in enumerate(words) if titles[j] != titles[i])) if words else set()
        if asked & (ws - others):
            named.add(i)
    return named


#: Words a party's initials skip ("SSWP": the Secretary of State for Work and Pensions; "SSAFA": Soldiers,
#: Sailors, Airmen and Families Association): the small words an organisation's initials leave out.
INITIALS_SKIP = frozenset("of for and the in on at to".split())

#: Endings that make a place's name an adjective or its people ("South African" of "South Africa", "Canadian" of
#: "Canada", "British" of "Britain", "Japanese" of "Japan"): a claim may name a place by its adjective.  The part
#: left (at least four letters) must begin a word the cited text gives.
DEMONYM_ENDINGS = ("ian", "an", "n", "ese", "ish")

#: How much of a judgment's opening the party names are read from (its "Between: A - and - B" block): a
#: title the parser shortened ("Corbett, R (On the Application Of) v") names only one side, and the
#: opening names both.
JUDGMENT_HEADER_CHARS = 2500

#: Short forms by which a party that is a public body is named in a question, with the words its title uses (a
#: judgment's title spells the body out: "Secretary of State for the Home Department", "Revenue and Customs").
PARTY_SHORT_FORMS = {
    "sshd": "home",  # the Secretary of State for the Home Department
    "hmrc": "revenue",  # HM Revenue and Customs (the Commissioners for…)
    "ofcom": "communications",  # the Office of Communications
    "dwp": "pensions",  # the Secretary of State for Work and Pensions
    "cma": "competition",  # the Competition and Markets Authority
    "fca": "financial",  # the Financial Conduct Authority
    "ofsted": "education",  # the Office for Standards in Education
    "ofgem": "gas",  # the Gas and Electricity Markets Authority
    "lbc": "london",  # a London Borough Council
}

# ---------------------------------------------------------------------------------------------------------------
# How UK and EU legislation is cited (read by the legislation.gov.uk parser, ``parse/clml``)
# ---------------------------------------------------------------------------------------------------------------

#: The word a provision's identifier starts with ("section-1", "regulation-4-2") and the abbreviation UK lawyers
#: cite it by: "s. 1(2)(b)" in an Act, "reg. 4(2)(b)" in regulations, "art. 3" in an order, "r. 5" in rules.
PROVISION_ABBREVIATIONS = {"section": "s.", "regulation": "reg.", "article": "art.", "rule": "r.",
                           "paragraph": "para.", "schedule": "Sch."}

#: An EU act's articles are cited with the word in full ("Article 7(2)(b)"), as the Official Journal and the
#: Court of Justice cite them.
EU_ARTICLE = "Article"

#: Where an EU paragraph holds unnumbered subparagraphs they are cited by ordinal ("Article 16(1), second
#: subparagraph"); an article's unnumbered paragraphs likewise ("Article 20, second paragraph").
ORDINAL_WORDS = ("first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth thirteenth "
                 "fourteenth fifteenth sixteenth seventeenth eighteenth nineteenth twentieth").split()

#: A heading over numbered items that makes them notes ("Explanatory Note", "Notes to Part I"): an annex's
#: notes are cited by the annex and their number ("Annex, note (9)"), not as points of a part.
NOTES_HEADING = re.compile(r"^\s*(explanatory\s+)?notes?\b", re.I)

#: How the short citation of each kind of UK legislation is written, by legislation.gov.uk's type code ("2021 c.
#: 5" for an Act of Parliament, "S.I. 2006/3313" for a statutory instrument); the types not named are written
#: "<type> <year>/<number>".
UK_CITATION_FORMS = {
    "ukpga": "{year} c. {number}", "ukla": "{year} c. {number}", "ukppa": "{year} c. {number}",
    "apgb": "{year} c. {number}", "aep": "{year} c. {number}", "gbla": "{year} c. {number}",
    "asp": "{year} asp {number}", "anaw": "{year} anaw {number}", "asc": "{year} asc {number}",
    "mwa": "{year} nawm {number}", "nia": "{year} c. {number} (N.I.)", "apni": "{year} c. {number} (N.I.)",
    "uksi": "S.I. {year}/{number}", "wsi": "S.I. {year}/{number}", "ukdsi": "S.I. {year}/{number}",
    "ssi": "S.S.I. {year}/{number}", "sdsi": "S.S.I. {year}/{number}", "nisr": "S.R. {year}/{number}",
    "nisi": "S.I. {year}/{number} (N.I.)", "ukmo": "S.I. {year}/{number}",
}

#: An EU act as it names itself in its title: "Regulation (EU) No 319/2014", "Directive 2009/138/EC", "Decision
#: (EU) 2015/1814" — the form it is cited by.
EU_ACT_CITATION = re.compile(r"\b(Regulation|Directive|Decision)\s+(?:\(([A-Za-z, ]+)\)\s+)?(No\s+)?"
                             r"(\d+/\d+(?:/[A-Z]+)?)")

#: An extent as CLML writes it ("S", "E+W", "N.I."), as a label names it ("s. 6(8A) (Scotland)") and a question asks
#: it ("In Scotland, …"): a provision's version for one part of the United Kingdom.
EXTENT_NAMES = {"S": "Scotland", "E": "England", "W": "Wales", "N.I.": "Northern Ireland", "NI": "Northern Ireland",
                "E+W": "England and Wales", "E+W+S": "Great Britain", "E+W+S+N.I.": "United Kingdom"}

def extents_asked(question: str) -> set[str]:
    """The extents (:data:`EXTENT_NAMES` codes) a question names: "In Scotland, …" -> {"S"}."""
    q = question.casefold()
    out = {code for code, name in EXTENT_NAMES.items() if name.casefold() in q}
    if "scottish" in q:
        out.add("S")
    if "welsh" in q:
        out.add("W")
    return out


#: An EU act's own number, printed in brackets at its title's end ("… (2012/533/EU)", "… (2004/641/EC) (repealed)"):
#: the number it is cited by, where the title's first "Decision 2002/627/EC" may be the act it amends.
EU_OWN_NUMBER = re.compile(r"\((\d{4}/\d{1,4}/(?:EC|EU|EEC|CFSP|JHA|Euratom|ECSC))\)(?:\s*\([^)]{1,30}\))*\s*$")

# -------------------------------------------------------------------------------------------------------
# US regulations: the Federal Register and the Code of Federal Regulations
# -------------------------------------------------------------------------------------------------------

#: An amendatory instruction that revises only the words before a section's or paragraph's sub-paragraphs
#: ("Amend § 404.460 by revising paragraph (a) introductory text"; "by revising the introductory text") prints
#: only those words, and the CFR cites them so ("§ 404.460(a) introductory text"); group 1 is the paragraph.
AMENDED_INTRODUCTORY_TEXT = re.compile(
    r"\b(?:(?:paragraphs?|§+\s*[\d.]+)\s*((?:\([0-9A-Za-z]+\))+)\s+|the\s+)introductory\s+text\b", re.I)

#: The verb of an amendatory instruction, as the amended text is then described ("revising" -> "as revised").
AMENDING_VERBS = (("revis", "revised"), ("add", "added"), ("amend", "amended"),
                  ("redesignat", "redesignated"))

#: A heading inside a section that numbers a list of its own ("Category I—Firearms", "Schedule II—..."): the
#: items under it, "(a)", "(b)", are cited under the heading ("27 CFR 447.21, Category I(a)"), not as the
#: section's own paragraphs.  Group 1 is the word, group 2 the number.
NUMBERED_LIST_HEADING = re.compile(r"^\s*(category|schedule|class|group|table|list|division)\s+"
                                   r"([ivxlcdm]+|\d+[a-z]?|[a-z])\s*(?:[—–-]|$|\.)", re.I)

# -------------------------------------------------------------------------------------------------------
# Legislation in XML: editorial matter set among the provisions
# -------------------------------------------------------------------------------------------------------

#: A block in a provision's place that is the publisher's note, not the law: "Note: this content is not
#: available ...", "[Editorial note: ...]", "Editor's Note: ..." — the legislature wrote none of it, so it is
#: no provision's text and no citable unit holds it.
EDITORIAL_NOTE = re.compile(r"^\s*\[?\s*(?:editorial\s+note|editor[’']?s\s+note|note)\s*[:.—–-]\s*\S", re.I)

#: The whole text of a provision that is no longer law, left in its place with the note that removed it (issue
#: 52): asked what such a provision says, the note is the answer.  Each form with why it is one; a provision's
#: own text is read without its printed number (:func:`repeal_note`).
REPEAL_NOTE: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"\[\s*(?:Repealed|Revoked)\b[^\[\]]{0,160}\]\.?", re.I),
     "'[Repealed, 2017, c. 33, s. 227]', '[Repealed before coming into force, 2008, c. 20, s. 3]', '[Revoked, "
     "SOR/2010-1, s. 2]': a consolidation's bracketed note where the section was"),
    (re.compile(r"\[?\s*(?:(?:Sec\.|Section|§)\s*[\w.-]{1,12}\.?\s*[—–-]?\s*)?(?:Repealed|Revoked)(?:\.|\s+by\b)"
                r"[^\[\]]{0,240}?\]?\.?", re.I),
     "'[Sec. 7. Repealed. Pub. L. 98-620…]', 'Repealed by section 3(a) of…': a code's note in the section's "
     "place"),
)

#: a provision's printed number before its text ("5 ", "5.1 ", "(2) ", "114. ") — not part of a repeal note
_PRINTED_NUMBER = re.compile(r"^\s*(?:\(?[0-9]+[A-Za-z]?(?:\.[0-9]+[A-Za-z]?)*\)?|\([a-z]{1,4}\))\.?\s+")


def repeal_note(text: str) -> tuple[int, int] | None:
    """Where ``text`` (a unit's whole text) is nothing but a repeal note (:data:`REPEAL_NOTE`), the note's span in
    it; None when the unit says anything else."""
    m0 = _PRINTED_NUMBER.match(text)
    lo = m0.end() if m0 else 0
    body = text[lo:].rstrip()
    lead = len(body) - len(body.lstrip())
    for pattern, _why in REPEAL_NOTE:
        m = pattern.fullmatch(body.strip())
        if m:
            return lo + lead, lo + lead + len(body.strip())
    return None

#: An attachment's name as a heading or id writes it ("Schedule 3", "SCHEDULE 1", "Annexure A", "schedule-2"):
#: the word and its number, which is how the attachment is cited ("Schedule 3").
ATTACHMENT_NAME = re.compile(r"^\s*(schedule|annexure|annex|appendix|attachment|form)\b[\s_-]*"
                             r"([0-9]+[A-Z]?|[IVXLC]+|[A-Z])?\b", re.I)

# -------------------------------------------------------------------------------------------------------
# Plain-text statutes (a legislature's law feed, a code pasted as text)
# -------------------------------------------------------------------------------------------------------

#: How a plain-text statute heads a section: the section sign, or "õ", what New York's LBDC law feed writes
#: for it (its records' "§" read in another code page), or the word "Section"/"Sec." (New York's § 1 is
#: "Section 1."); a temporary section is starred ("* § 5-a.").  Group "num" is the number ("5-a", "35A").
STATUTE_SECTION_HEAD = re.compile(r"(?m)^[ \t]*(?:\*[ \t]*)?(?P<sign>§|õ|Section|SECTION|Sec\.|SEC\.)[ \t]*"
                                  r"(?P<num>\d{1,4}(?:-[a-z]{1,2}|[A-Za-z]{1,2})?)\.(?=[ \t]|$)")
#: Signs that only a statute uses to head its sections (a contract's "Section 1." is not one of them).
STATUTE_SECTION_SIGNS = frozenset({"§", "õ"})
#: Lines of a law feed that are the publisher's, not the law's: New York LBDC's record header ("..SO DOC ETP5
#: LAWS(UNCONSOLIDATED)") and its notes on a temporary provision ("* NB Expires June 16, 2015", "* NB Repealed
#: ...") — never part of a section.
STATUTE_FEED_LINE = re.compile(r"(?m)^(?:\.\.SO DOC\b|[ \t]*\*?[ \t]*NB[ \t]).*$")


# ---------------------------------------------------------------------------------------------------------------
# Exceptions: a rule and the subsection that qualifies it
# ---------------------------------------------------------------------------------------------------------------

#: How a question asks for the exception to a rule rather than the rule, each form with why: the subsection
#: that makes the exception answers it, not the general rule it qualifies.
EXCEPTION_ASKED: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"(?i)\bexcept(?:ions?|ed)?\b"), "'is there an exception?', 'what is excepted?': the exception, asked by name"),
    (re.compile(r"(?i)\b(?:when|where)\s+(?:can|may|could|might)\b|\b(?:in|under)\s+what\s+(?:circumstances|"
                r"situations|cases|conditions)\b"),
     "'when may the information be disclosed?', 'in what circumstances can it be removed?': the cases a rule "
     "allows, which an Act sets out as an exception to its prohibition"),
    (re.compile(r"(?i)(?<!while\s)\bstill\s+(?:be|get|apply|qualify|receive|claim|allowed|able|entitled|eligible|"
                r"possible|payable|permitted|available|bring|recover|obtain)\b"),
     "'can a conversion finished after the deadline still get a payment?', 'is a payment still possible?': what is "
     "allowed despite the rule ('while still studying' is a time, not an exception)"),
    (re.compile(r"(?i)\b(?:despite|notwithstanding|regardless\s+of)\b"),
     "'can it be disclosed despite the claim of confidentiality?': what the rule does not stop"),
)

#: How a subsection says that another of its section qualifies it ("Subject to subsection (3), no vessel … may be
#: removed"): group ``num`` is the qualifying subsection's number, the exception a question asking one wants.
QUALIFIED_BY: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"(?i)\b(?:subject\s+to|except\s+as\s+(?:provided|set\s+out|permitted)\s+(?:for\s+)?(?:in|by|under)|"
                r"unless)\s+subsection\s+\((?P<num>\d+(?:\.\d+)?)\)"),
     "'Subject to subsection (3), no vessel may be removed', 'Except as provided in subsection (4)': the rule "
     "names the subsection that makes its exception"),
)

#: How a subsection says it is the exception to another of its section ("Despite subsection (1), a person may
#: communicate …"): group ``num`` is the rule it qualifies.
QUALIFIES: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"(?i)\b(?:despite|notwithstanding)\s+subsection\s+\((?P<num>\d+(?:\.\d+)?)\)"),
     "'Despite subsection (1), a person may communicate …': the exception names the rule it overrides"),
)


#: How a question asks for a defence to an offence or liability ("Defence for an employer where the offence was
#: committed by his agent", "what defence is available?"): a statute states the offence in one subsection and the
#: defence in a sibling (issue 52: the offence was cited for the defence asked).
DEFENCE_ASKED: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"(?i)(?<!\bof\s)(?<!\bnational\s)\bdefen[cs]es?\b(?!\s+(?:force|forces|minister|ministry|department|counsel|lawyer|"
                r"witness|evidence|case|team|statement|of\s+the\s+(?:realm|claim|action)))"),
     "'is there a defence?', 'defence for an employer …': the defence, asked by name (not the Ministry of "
     "Defence, National Defence or a statement of defence)"),
    (re.compile(r"(?i)\b(?:avoid|escape)\s+(?:\w+\s+){0,2}(?:conviction|liability|being\s+convicted)\b|"
                r"\bexempt(?:ed)?\s+from\s+(?:\w+\s+){0,1}(?:conviction|liability|penalty|fine)\b"),
     "'can the employer escape conviction?', 'is he exempt from liability?': what relieves of the offence"),
)

#: How a subsection states a defence ("it shall be a defence for the person charged to prove …", "if he proves
#: to the satisfaction of the court that he used due diligence … he shall be exempt from any conviction").
DEFENCE_STATED: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"(?i)\b(?:it\s+)?(?:is|shall\s+be|will\s+be)\s+a\s+(?:good\s+|sufficient\s+|complete\s+)?"
                r"defen[cs]e\b"), "'it shall be a defence for the person charged to prove …': the defence, by name"),
    (re.compile(r"(?i)\bproves?\s+(?:to\s+the\s+satisfaction\s+of\s+(?:the\s+)?(?:court|justice|sheriff|"
                r"magistrate)\s+)?that\b[\s\S]{0,600}?\b(?:exempt|not\s+be\s+(?:guilty|liable|convicted)|"
                r"acquitted|no\s+offence)\b"),
     "'where the employer proves that he used due diligence …, he shall be exempt from any conviction': proof "
     "that relieves of the offence"),
)


def asks_defence(question: str) -> bool:
    """Whether ``question`` asks for a defence to an offence or liability (:data:`DEFENCE_ASKED`)."""
    return any(p.search(question) for p, _ in DEFENCE_ASKED)


def states_defence(text: str) -> bool:
    """Whether ``text`` (a subsection) states a defence (:data:`DEFENCE_STATED`)."""
    return any(p.search(text) for p, _ in DEFENCE_STATED)


def asks_exception(question: str) -> bool:
    """Whether ``question`` asks for the exception to a rule (:data:`EXCEPTION_ASKED`)."""
    return any(p.search(question) for p, _ in EXCEPTION_ASKED)


def qualified_by(text: str) -> set[str]:
    """The numbers of the subsections ``text`` (a subsection) says qualify it (:data:`QUALIFIED_BY`)."""
    return {m.group("num") for p, _ in QUALIFIED_BY for m in p.finditer(text[:200])}


def qualifies(text: str) -> set[str]:
    """The numbers of the subsections ``text`` (a subsection) says it is the exception to (:data:`QUALIFIES`)."""
    return {m.group("num") for p, _ in QUALIFIES for m in p.finditer(text[:200])}


#: The heads of a body's proper name ("the Federal *Court* of Appeal", "the Strata Titles *Board*", "the Scottish
#: Agricultural Wages *Board*"), each a kind of public or private body a question asks about by name.
BODY_HEADS = ("Court", "Tribunal", "Board", "Commission", "Agency", "Authority", "Council", "Committee",
              "Ombudsman", "Bank", "Ministry", "Department", "Office", "Service", "Registry", "Corporation")

#: Words that open a question or a clause, never part of a body's name ("Which Court…", "Did the Board…").
_NOT_NAME = frozenset("a an the what which who whom whose how did does do is are was were can could may might must "
                      "shall should will would when where why under in on of at by for to from if has have had "
                      "according per".split())

_BODY = re.compile(r"((?:[A-Z][\w'’.-]*\s+){1,4}(?:" + "|".join(BODY_HEADS) + r")s?\b(?:\s+of\s+(?:the\s+)?"
                   r"[A-Z][\w'’-]*(?:\s+(?:and\s+)?[A-Z][\w'’-]*){0,3})?|\b(?:" + "|".join(BODY_HEADS) +
                   r")\s+of\s+(?:the\s+)?[A-Z][\w'’-]*(?:\s+(?:and\s+)?[A-Z][\w'’-]*){0,3})")


def bodies_named(question: str) -> list[str]:
    """The bodies a question names by a proper name of two words or more ("How many members sit on the
    Competition Appeal Tribunal?" -> ["Competition Appeal Tribunal"]; "the Court of Appeal" -> ["Court of
    Appeal"]); the question's opening words and a bare "the Court" / "the Board" name none (every court calls
    itself so)."""
    out = []
    for m in _BODY.finditer(question):
        words = m.group(1).split()
        while words and words[0].lower().strip("'’") in _NOT_NAME:
            words = words[1:]
        if len(words) >= 2:
            out.append(" ".join(words))
    return out


def _squash(text: str) -> str:
    return re.sub(r"\s+", " ", text.replace("’", "'")).lower()


def names_body(text: str, body: str) -> bool:
    """Whether ``text`` names ``body`` (:func:`bodies_named`), whitespace, case and apostrophes aside, a plural
    or possessive ending included ("the Competition Appeal Tribunal's members")."""
    b = _squash(body)
    b = b[:-2] if b.endswith("'s") else b
    return b in _squash(text)


def body_head(body: str) -> str | None:
    """The head word of a body's name (:data:`BODY_HEADS`: "Court of Appeal for Ontario" -> "court"), or None."""
    for w in body.split():
        w = w.rstrip("s") if w.rstrip("s") in BODY_HEADS else w
        if w in BODY_HEADS:
            return w.lower()
    return None
