"""The questions a judgment is asked most, and the sentences of its structure that answer them (issue 52).

A judgment of several judges is a set of voices (each unit's ``author`` and ``role``: lead, concurring,
dissenting…, read by the parsers).  Four questions are answered by that structure rather than by the words a
question shares with a passage:

* how the case came out — the lead judgment's disposal and each agreeing judge's assent;
* who dissented, and on what — the dissent's own disposal and its first reasons; or that no one did;
* what a named judge said, held or preferred — that judge's own voice, and only it;
* the test or standard applied, and the costs order.

Here are the patterns that recognise those questions and the sentences that answer them, each with one line
saying why; :mod:`pincite.answer.structure` applies them to a stored judgment.  Nothing here names one
document, party or judge: a judge a question names is matched against the judgment's own voices.
"""

from __future__ import annotations

import re

from pincite.legal.language import DATE, DURATION, MONTHS, NUMBER, TITLES_AFTER_NAME, TITLES_BEFORE_NAME
from pincite.legal.support import SMALL_NUMBERS, TENS

# -- the questions -------------------------------------------------------------------------------------------

#: The proceeding a disposal is of ("the appeal", "her application", "the claim for judicial review").
_PROCEEDING = r"(?:appeal|cross-appeal|application|challenge|claim|petition|judicial\s+review|case|motion)s?"
#: The words of a disposal a question asks about.
_DISPOSED = (r"allowed|dismissed|successful|unsuccessful|upheld|granted|refused|rejected|quashed|overturned|"
             r"set\s+aside|restored|denied")

#: How a question asks how the case came out, each form with why it asks for the disposal.
OUTCOME_ASKED: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(rf"(?i)\b(?:was|were|is|has|have)\b[^?]{{0,160}}?\b{_PROCEEDING}\b[^?]{{0,200}}?\b(?:been"
                rf"\s+)?"
                rf"(?:{_DISPOSED})\b"),
     "'was the appeal allowed?', 'were the appeals dismissed?': the disposal, asked directly"),
    (re.compile(rf"(?i)\bdid\b[^?]{{0,160}}?\b{_PROCEEDING}\b[^?]{{0,100}}?\b(?:succeed|fail|work|prevail)\b"),
     "'did the appeal succeed?', 'did the council's appeal against the quashing of the planning permission "
     "succeed?': success is the disposal (what the appeal was against may run long)"),
    (re.compile(rf"(?i)\b{_PROCEEDING}\b[^?]{{0,120}}?\b(?:did|has|was)\s+(?:it|they|he|she)\s+(?:succeed(?:ed)?|fail"
                rf"(?:ed)?|win|won|lose|lost|prevail(?:ed)?)\b"),
     "'the father's appeal over …: did it succeed?': success of the proceeding named before, as a pronoun"),
    (re.compile(r"(?i)\bdid\b[^?]{0,60}?\b(?:court|judges|Court of Appeal|CA|they|Circuit|panel)\b\s+"
                r"(?:\w+\s+)?(?:allow|dismiss|uphold|reject|grant|refuse|quash|overturn|restore|set\s+aside|affirm"
                r"|reverse|vacate)\b"),
     "'did the Court of Appeal allow/uphold…?', 'did the Ninth Circuit affirm…?': what the court did is its "
     "disposal"),
    (re.compile(r"(?i)\b(?:was|were)\s+(?:the\s+)?(?:judgment|decision|ruling|order|conviction)s?\s+(?:below|"
                r"of\s+the\s+(?:district|trial|lower)\s+court)\s+(?:upheld|affirmed|reversed|vacated|overturned"
                r"|set\s+aside)\b"),
     "'was the judgment below upheld?': a US appeal's disposal is of the judgment below"),
    (re.compile(rf"(?i)\b(?:did|does)\b[^?]{{0,120}}?\b(?:win|lose|succeed|get)\b[^?]{{0,60}}?"
                rf"\b{_PROCEEDING}"),
     "'did the mother win her appeal?': who won is the disposal"),
    (re.compile(r"(?i)\bwho\s+(?:won|lost|succeeded)\b"), "'who won?': the disposal says"),
    (re.compile(rf"(?i)\bwhich\b[^?]{{0,60}}?\b(?:grounds?|{_PROCEEDING}|part(?:y|ies)|side|of\s+the)\b[^?]{{0,60}}?"
                r"\b(?:succeeded|failed|won|lost|prevailed|(?:was|were)\s+(?:allowed|dismissed|upheld|rejected))\b"),
     "'which grounds of appeal succeeded?', 'which of the two doctors won their appeal?': the disposal, ground "
     "by ground or party by party"),
    (re.compile(rf"(?i)\bhow\s+did\s+(?:the\s+)?(?:court|Court of Appeal|CA|judges)\s+(?:deal\s+with|dispose\s+of|"
                rf"resolve|decide|handle|rule\s+on)\b[^?]{{0,120}}?\b{_PROCEEDING}"),
     "'how did the Court of Appeal deal with the application and the appeal?': what it did with each proceeding "
     "is its disposal"),
    (re.compile(r"(?i)\b(?:what\s+was|what\s+is|what's)\s+the\s+(?:final\s+)?(?:outcome|result|upshot|disposal"
                r"|disposition|decision)\b"
                r"|\bhow\s+did\b[^?]{0,100}?\b(?:appeal|case|claim|challenge)\b[^?]{0,20}?\b(?:end|turn"
                r"\s+out)\b"
                r"|\bwhat\s+(?:happened\s+(?:to|in|with|on)|became\s+of)\b[^?]{0,60}?(?<!\bof\s)(?<!\bOf\s)\b(?:appeal|case|"
                r"claim|challenge)\b"  # not "the argument in the Court of Appeal"
                rf"|\bwhat\s+did\s+(?:the\s+)?(?:(?!district|trial|lower|county|magistrates)\w+\s+)?(?:court|Court|CA|Board|"
                rf"tribunal|Tribunal|judges|justices)\s+do\s+"
                rf"with\b[^?]{{0,60}}?\b{_PROCEEDING}\b"),
     "'what was the outcome?', 'what was the final disposition?' (the US word), 'how did the appeal end?', "
     "'what happened to the appeal?', 'what did the Supreme Court do with the cross-appeal?' (what a trial court did "
     "with a motion is the decision below)"),
    (re.compile(r"(?i)\b(?:was|were)\s+(?:the\s+)?(?:(?:[\w.-]+\s+)?[\w.-]+['\u2019]s?\s+)?(?:[\w-]+\s+){0,2}?(?:order|sentence|conviction|"
                r"finding|decision|judgment|ruling|award|injunction|committal|prison\s+term|declaration)s?\s+(?:\w+\s+){0,3}?"
                r"(?:upheld|affirmed|overturned|quashed|set\s+aside|reversed|varied|reduced|increased|restored|left\s+"
                r"(?:as\s+it\s+was|in\s+place|undisturbed|intact|alone))\b(?!\s+(?:by|at)\s+(?:the\s+)?(?:judge|"
                r"tribunal|recorder|district|county|magistrates|High\s+Court|first\s+instance|trial))"),
     "'was the judge's order overturned?', 'was Ms L's two-month prison term left as it was?': what the appeal "
     "did with the decision below is its disposal (not what the judge below did to an earlier order)"),
    (re.compile(rf"(?i)\b(?:outcome|result|upshot|disposal)\s+of\s+(?:the|his|her|their|its)\s+(?:\w+\s+)?"
                rf"{_PROCEEDING}\b|\b(?:final\s+)?(?:outcome|result|upshot)\s*\?"),
     "'Smith v Jones - result of the second appeal?', '… — final result?': the outcome asked in a few words"),
    (re.compile(r"(?i)\bwhat\s+(?:order|orders)\s+did\s+(?:the\s+)?(?:Court\s+of\s+Appeal|court(?!\s+of\s+appeal)|"
                r"judges?|CA|they)"
                rf"\b(?!(?:(?!\b{_PROCEEDING}\b)[^?])*\b(?:about|regarding|concerning|as\s+to|in\s+relation\s+to|in\s+"
                r"respect\s+of|with\s+regard\s+to)\b)"
                r"|\bwhat\s+did\s+the\s+(?:court|Court of Appeal|CA)\s+(?:ultimately\s+|finally\s+|eventually\s+|"
                r"in\s+the\s+end\s+)?(?:decide|order|do)\b(?!\s+(?:about"
                r"|with\s+(?!(?:the|this|that|its|his|her|their|[A-Z][\w'’-]*['’]s?)\s+(?:[\w'’-]+\s+)?"
                rf"(?:{_PROCEEDING}|decisions?)\b)"  # "what did the court do with that request?" asks about the request
                r"|on|as\s+to|"
                r"regarding|concerning|in\s+relation\s+to|with\s+regard\s+to|whether|in\s+respect\s+of)\b)"),
     "'what order did the court make?', 'what did the court (ultimately) decide?': the court's order ('what did the court "
     "decide about X?', 'what order did the court make about appointing an intermediary?', 'what did the court do with "
     "that request?' ask about one issue, which the reasons answer)"),
)

#: A question that asks why the court disposed as it did ("Why did the court reject that?", "how did the Court of
#: Appeal explain the different result?"): its reasons answer it, not the disposal its words name.
OUTCOME_REASONS_ASKED = re.compile(r"(?i)\b(?:why|on\s+what\s+(?:grounds?|basis|footing)|for\s+what\s+reasons?)\s+"
                                   r"(?:did|was|were|has|had|would)\b[^?]{0,160}?\b(?:reject|dismiss|"
                                   r"refuse|allow|uphold|affirm|reverse|fail|succeed|lose|win|overturn|quash|set\s+aside|"
                                   r"vary|varie|reduc|restor|upheld)\w*"
                                   r"|\bhow\s+(?:did|does|do|could|can)\b[^?]{0,60}?\b(?:explain|justify|justified|"
                                   r"account\s+for|reconcile|square)\b")

#: A question that asks what remedy or relief the court gave ("what remedy did the Court of Appeal grant?"): the
#: sentence granting it answers ("I would grant a declaration that …"), not the disposal of the appeal its
#: verb names.
REMEDY_ASKED = re.compile(r"(?i)\bwhat\s+(?:remed(?:y|ies)|relief|declarations?|damages|compensation|injunctions?)\b")

#: How a question asks what a court that decides in numbered operative provisions (the European Court of Human
#: Rights: "Holds … that there has been a violation of Article 8", "Holds … that the respondent State is to pay …")
#: found or awarded: those provisions answer it, where the judgment has them (elsewhere the reasons do).
FINDING_ASKED: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"(?i)\b(?:did|does|has|had)\b[^?]{0,80}?\b(?:find|found|hold|held|conclude)\b[^?]{0,40}?\b(?:an?\s+|"
                r"any\s+)?(?:breach|violation|infringement)e?s?\b"),
     "'did Strasbourg find a breach?', 'did the Grand Chamber find a violation of Article 2?'"),
    (re.compile(r"(?i)\b(?:was|were|is|has|have)\s+there\s+(?:been\s+)?(?:an?\s+|any\s+)?(?:breach|violation|"
                r"infringement)e?s?\b"),
     "'was there a violation of Article 8?'"),
    (re.compile(r"(?i)\b(?:was|were|has|had)\b[^?]{0,60}?\bArticles?\s+\d+\w*\b[^?]{0,40}?\b(?:been\s+)?(?:breached|"
                r"violated|infringed|contravened)\b|\bwhich\s+(?:Convention\s+)?(?:Articles?|rights?|provisions?)\b"
                r"[^?]{0,60}?\b(?:breached|violated|infringed|found)\b"),
     "'was Article 14 violated?', 'which Articles were breached?'"),
)
AWARD_ASKED: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"(?i)\bhow\s+much\b[^?]{0,80}?\b(?:award\w*|order\w*\s+to\s+pay|to\s+pay|pay|paid|get|got|"
                r"receive\w*|compensat\w*)\b"),
     "'how much was Russia ordered to pay?', 'how much did the applicant get?'"),
    (re.compile(r"(?i)\bwhat\s+(?:sum|sums|amount|amounts|award|damages|compensation|just\s+satisfaction)\b[^?]{0,80}?"
                r"\b(?:award\w*|order\w*|grant\w*|pay\w*)\b"),
     "'what sum did the Grand Chamber award for damage?', 'what damages were awarded?'"),
)
#: A vote printed in an operative provision ("Holds, by fourteen votes to three, …", "Holds, unanimously, …"): where
#: a court votes point by point, whether a point was unanimous is read there.
VOTE_POINT = re.compile(r"(?i)\bunanimously\b|\bby\s+[\w-]+\s+votes?\s+to\s+[\w-]+\b")
#: A question asking whether a decision was unanimous or by how many votes ("was the award unanimous or a split
#: vote?", "by how many votes?"): where the court votes point by point, the vote printed there answers it.
UNANIMITY_ASKED = re.compile(r"(?i)\bunanimous\w*|\bsplit\s+(?:vote|decision)\b|\bhow\s+many\s+votes\b|"
                             r"\b(?:what|the)\s+(?:was\s+the\s+)?vote\b|\bvote\s+(?:split|count)\b")
#: What a unanimity question asks about, as the operative provisions word it: the award, the costs, a finding.
VOTE_TOPICS: tuple[tuple[re.Pattern[str], re.Pattern[str], str], ...] = (
    (re.compile(r"(?i)\b(?:costs?|expenses)\b"), re.compile(r"(?i)\bcosts\s+and\s+expenses\b"),
     "'was the costs order unanimous?': the point awarding costs and expenses"),
    (re.compile(r"(?i)\b(?:award\w*|money|pay\w*|damages?|just\s+satisfaction|compensation|sum)\b"),
     re.compile(r"(?i)\b(?:is|are)\s+to\s+pay\b|\bjust\s+satisfaction\b"),
     "'was the money award unanimous?': the point ordering payment"),
    (re.compile(r"(?i)\b(?:violation|breach\w*|Articles?\s+\d+)"), re.compile(r"(?i)\bviolations?\b"),
     "'was the finding of a violation unanimous?': the point finding it"),
)
#: An operative provision that finds a violation (or none), and one that orders a payment.
VIOLATION_POINT = re.compile(r"(?i)\b(?:has|have)\s+been\s+(?:a\s+|no\s+)?violations?\b|\bno\s+violation\b")
AWARD_POINT = re.compile(r"(?i)\b(?:is|are)\s+to\s+pay\b|\bawards?\b[^.;]{0,80}\b(?:EUR|GBP|USD|euros?)\b")


#: How a question asks whether anyone dissented, or who: the dissents' own words (or the agreements) answer
#: it.
DISSENT_ASKED: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"(?i)\b(?:did|does|was|were|is)\s+(?:there\s+)?(?:any(?:one|body)?|a|either|each|all|the"
                r"|any\s+"
                r"(?:judge|member|justice)s?)\b[^?]{0,100}?\b(?:dissent\w*|disagree\w*|part\s+company"
                r"|unanimous|"
                r"(?:in\s+(?:the\s+|a\s+)?)minority)"),
     "'did anyone dissent?', 'was there a dissent?', 'was it unanimous?', 'were any judges in the "
     "minority?'"),
    (re.compile(r"(?i)\b(?:who|which\s+(?:judge|justice|member|lord|lady)s?)\b[^?]{0,30}?\b(?:dissent\w*|"
                r"disagree\w*|was\s+in\s+the\s+minority|parted\s+company)"),
     "'who dissented?', 'which judge disagreed?'"),
    (re.compile(r"(?i)\b(?:unanimous\w*|any\s+dissent|a\s+dissent|no\s+dissent|split\s+decision|divided|"
                r"dissent(?:ed|ing)?\s+(?:from|on)\b|\b(?:a|by\s+a)\s+majority(?:\s+(?:decision|judgment|ruling))?\s*"
                r"[?,]|(?:court(?:\s+of\s+appeal)?|bench|panel|judges|justices)\s+(?:\w+\s+)?split\b)"),
     "'unanimous?', 'any dissent?', 'did X dissent from Y?', 'was it a majority decision?', 'was the Court of "
     "Appeal split?': whether the court was divided"),
    (re.compile(r"(?i)\bdid\b[^?]{0,80}?\b(?:dissent|disagree|go\s+along\s+with|part\s+company)\b"),
     "'did Underhill LJ dissent / go along with…?': a judge's side, asked of a named judge"),
    (re.compile(r"(?i)\b(?:did|do|were)\s+(?:the\s+rest\s+of\s+the\s+(?:court|bench|panel)|(?:all\s+)?the\s+other\s+"
                r"(?:judges|members|justices)|all\s+(?:the\s+|three\s+|both\s+)?(?:judges|members|justices)|both\s+"
                r"(?:the\s+)?other\s+judges)\s+(?:\w+\s+)?(?:agree|concur)"),
     "'did the rest of the court agree?', 'did all the judges agree?': whether the court was divided, asked as "
     "agreement"),
    (CO_JUDGE_AGREED := re.compile(
        r"(?i)\bdid\b[^?]{0,80}?\b(?:agree|concur)\s+with\s+(?:(?:Lord|Lady|Sir)\s+[A-Z][\w'-]+|[A-Z][\w'-]+"
        r"(?:\s+[A-Z][\w'-]+)?\s+(?:LJ|J|JSC|MR|JA|CJ)\b)(?:['\u2019]s\s+(?:reasons?|reasoning|judgment|"
        r"conclusions?|opinion))?\s*(?:$|[?,;]|\s+(?:in|on)\b)(?![^?]*\b(?:that|whether|about)\b)"),
     "'did Birss LJ and Thirlwall LJ agree with Arnold LJ's reasons?': judges' agreement with a judge of the "
     "court, answered only where the judgment's own judges are named ('did Moore J agree with the Tribunal judge "
     "that…' asks a view)"),
    (re.compile(r"(?i)\b(?:separate|any)\s+(?:concurring|dissenting)\s+(?:or\s+(?:concurring|dissenting)\s+)?"
                r"(?:judgments?|opinions?|speeches|reasons)\b"),
     "'were there separate concurring or dissenting judgments, or one judgment?': whether the court spoke as one"),
    (re.compile(r"(?i)\bwhat\s+(?:order|orders)?\s*would\b[^?]{0,80}?\bhave\s+(?:made|done|ordered|allowed|"
                r"dismissed|granted|refused)\b|\bwhat\s+would\b[^?]{0,60}?\bhave\s+(?:done|ordered)\b"),
     "'what order would X have made?': the vote that did not carry, the dissent's disposal"),
)

#: The forms of :data:`DISSENT_ASKED` but "did X and Y agree with Z?" (:data:`CO_JUDGE_AGREED`), which asks whether the
#: court divided only where the judgment's own judges are named.
DIVIDED_ASKED_OTHERWISE = tuple(x for x in DISSENT_ASKED if x[0] is not CO_JUDGE_AGREED)

#: A cross-appeal named (in a disposal sentence, or in a question): a judgment deciding an appeal and a
#: cross-appeal disposes of each in its own sentence, and a question about "the appeal" is not answered by the
#: cross-appeal's ("I would allow the cross-appeal and remit the Awards" is not whether the appeal succeeded).
CROSS_APPEAL = re.compile(r"(?i)\bcross[-\s\u2011]?appeal(?:s|ed)?\b")

#: An appeal named as what is decided — not a body's name ("the Appeal Board", "the Court of Appeal", "the
#: Appeals Chamber"), which a disposal of a cross-appeal may mention.
APPEAL_NAMED = re.compile(r"(?<!\bof\s)(?<!\bOf\s)\b[Aa]ppeals?\b(?!\s+(?:Board|Tribunal|Committee|Panel|Division|"
                          r"Chamber|Court|Commission)\b)")

#: A dissent question that asks why, or on what: the dissent's reasons, which the ranker chooses among (its
#: disposal and first reasons are only candidates then).
DISSENT_REASONS_ASKED = re.compile(r"(?i)\b(?:why|on\s+what\s+(?:basis|ground|footing)|basis|(?<!['\u2019]s\s)reasons?"
                                   r"|grounds?|"
                                   r"how\s+did\b[^?]{0,40}\b(?:reason|justify|explain)|what\s+(?:was|were)\s+"
                                   r"(?:his|her|their)\s+(?:reasons?|view))\b")

#: "The dissent" named as the one whose view is asked ("did the dissent think…", "according to the dissenting
#: judge", "in the minority's view"): a question about that judge's reasons, answered from the dissent's own
#: words, not the whole-dissent answer (its disposal).  ``verb`` is set where a verb of judging follows
#: ("did the dissent *think*…"); "which way did the dissenting judge go?" asks the disposal.
DISSENT_VOICE = re.compile(r"(?i)\b(?:did|does|would|do|according\s+to|in|on|per|for)\s+the\s+(?:dissent(?:ing\s+"
                           r"(?:judge|justice|member|opinion|judgment|reasons))?|minority(?:\s+(?:judge|justice|"
                           r"opinion))?)(?:['’]s)?\b(?!\s+(?:from|in\s+part)\b)(?:\s+(?:\w+\s+){0,2}?(?P<verb>"
                           r"think|thought|consider\w*|accept\w*|reject\w*|find|found|regard\w*|treat\w*|view\w*|"
                           r"say|said|hold|held|conclude\w*|believe\w*|make\s+of|deal\w*\s+with|give|gave|attach\w*|"
                           r"rely|relied|doubt\w*)\b)?")

#: Words just before a judge's name that put the judge in the place of the question's subject ("Did Green LJ
#: consider…", "What did Males LJ make of…", "according to Bean LJ", "per Arnold LJ"): the judge asked about,
#: where a question names several.
ASKED_OF = re.compile(r"(?i)(?:\b(?:did|does|do|has|had|was|would|could|is|according\s+to|per|in\s+the"
                      r"\s+view\s+of|"
                      r"how\s+did|what\s+did|why\s+did)\s+(?:(?:Lord|Lady|Mr|Mrs|Ms|Sir|Dame)\s+)?"
                      r"(?:Justice\s+)?(?:the\s+)?|^\W*)$")

#: A question asking whether named judges agreed ("did Males LJ and King LJ agree with Popplewell LJ?", "did X
#: concur?", "did X go along with Y?"): each named judge's own assent answers it ("his short concurring judgment"
#: names a judgment, and asks no agreement).
AGREEMENT_ASKED = re.compile(r"(?i)\b(?:agree[sd]?|concur(?:s|red)?|go(?:es)?\s+along\s+with|went\s+along\s+with|"
                             r"join(?:s|ed)?\s+(?:in|with)|sided?\s+with)\b(?!\s+judgment)")

#: A judgment saying it is the whole court's ("This is the judgment of the Court.", "This is the decision of the Court,
#: to which all its members have contributed."): no one dissented from it.
COURT_JUDGMENT_SENTENCE: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"(?i)\bthis\s+is\s+the\s+(?:judgment|decision|opinion|advice)\s+of\s+(?:the\s+|this\s+)?"
                r"(?:court|board)\b"),
     "'This is the judgment of the Court': one judgment for the whole court"),
    (re.compile(r"(?i)\b(?:judgment|decision)\s+of\s+the\s+court\s+to\s+which\s+(?:all|each|both)\b"),
     "'the judgment of the court to which all three members have contributed'"),
)

#: A disposal in the court's own name, not one judge's ("the Board will humbly advise…", "the Court dismisses…", "we
#: would allow…", "their Lordships…"): a judgment of one voice disposing so speaks for the whole court.
COURT_DISPOSES = re.compile(r"\b(?:[Tt]he\s+Board|[Tt]he\s+Court|[Tt]his\s+Court|[Tt]heir\s+Lordships|[Ww]e)\b"
                            r"(?!\s+(?:of|below)\b)")

#: A heading over a judgment's closing order ("Disposal", "Conclusion", "XI. CONCLUSION", "Result"): a paragraph
#: under it after one opening as a conclusion is the judge's final word ("62. For all these reasons, subject to
#: res judicata, the appeal should be dismissed" then, under "Disposal", "the Board will humbly advise…").
DISPOSAL_HEADING = re.compile(r"(?i)^\W*(?:[IVXL]+\.|\d+\.|[A-Z]\.)?\s*(?:disposal|disposition|conclusions?|"
                              r"(?:the\s+)?result|orders?|outcome)\W*$")

#: The words before a judge a question names as the one others agreed or disagreed with ("did any justice
#: disagree with Lord Kitchin?", "did either of the others differ from Dyson LJ?"): the other judges' own words
#: answer it, not the named judge's.
AGREED_WITH_JUDGE = re.compile(r"(?i)\b(?:dis)?(?:agree\w*|concur\w*|differ\w*|dissent\w*|depart\w*|part(?:s|ed)?\s+"
                               r"company|sid(?:e|es|ed)|join(?:s|ed)?)\s+(?:with|from)\s+(?:the\s+)?"
                               r"(?:(?:Lord|Lady|Mr|Mrs|Ms|Sir|Dame)\s+)?(?:Justice\s+)?$")

#: A question asking which judges agreed with the lead or formed the majority ("which judge concurred with
#: Menon CJ to form the majority?", "who joined the lead judgment?", "which judges agreed with Arnold LJ?"): the
#: agreeing judges' own words answer it, not the lead's.
WHO_AGREED_ASKED = re.compile(r"(?i)\b(?:which|what)\s+(?:other\s+)?(?:judges?|justices?|members?|lords?|"
                              r"ladies)\b[^?]{0,30}?\b(?:agreed|concurred|joined|sided|went\s+along|formed|made\s+up)"
                              r"\b|\bwho\s+(?:else\s+)?(?:agreed|concurred|joined|sided|went\s+along|formed|made\s+up)"
                              r"\b[^?]{0,60}?\b(?:with|majority|judgment|opinion|lead)\b")

#: What a question asks a named judge: what they said, held, thought or preferred (the judge's name is
#: matched against the judgment's voices, :func:`judge_name_forms`).
JUDGE_VIEW_ASKED = re.compile(
    r"(?i)\b(?:say|said|says|hold|held|holds|think|thought|thinks|prefer\w*|conclude\w*|decide\w*|find|found|"
    r"view|views|regard\w*|consider\w*|accept\w*|reject\w*|make\s+of|made\s+of|position|opinion|add\w*|note"
    r"\w*|"
    r"identif\w*|characteri[sz]\w*|put\s+it|approach\w*|reason\w*|according\s+to|per|in\s+(?:his|her)\s+"
    r"judgment|agree\w*|disagree\w*|flag\w*|limit\w*|engage\w*|explain\w*|describe\w*|treat\w*|deal\w*)\b")

#: An outcome asked of the trial or first instance, with no appeal named ("what was the outcome at trial of the
#: claim?"): not the appeal's disposal, which the judgment's own outcome would answer.
OUTCOME_BELOW_ASKED = re.compile(r"(?i)^(?!.*\bappeal).*\b(?:at|after)\s+(?:the\s+)?(?:trial|first\s+instance)\b")

#: How a question asks who wrote the court's opinion: the lead judgment's own line naming its author answers it.
AUTHOR_ASKED = re.compile(r"(?i)\bwho\s+(?:wrote|authored|delivered|gave|penned|was\s+the\s+author\s+of)\b[^?]{0,60}?"
                          r"\b(?:opinion|judgment|decision|reasons)\b|\bwho\s+wrote\s+for\s+the\s+(?:court|majority|"
                          r"panel)\b|\bwho\s+(?:was|is)\s+the\s+author\b")

#: The courts a question may name as the one whose judgment it asks about, each with the neutral-citation codes of
#: its own judgments: a judgment of another court can only report who gave that court's judgment.
COURTS_NAMED: tuple[tuple[re.Pattern[str], tuple[str, ...]], ...] = (
    (re.compile(r"(?i)\bCourt\s+of\s+Appeal\b|\b(?:EWCA|NICA|ECCA|CA)\b"), ("EWCA", "NICA", "CA")),
    (re.compile(r"(?i)\bHigh\s+Court\b|\bEWHC\b|\bDivisional\s+Court\b"), ("EWHC", "HC")),
    (re.compile(r"(?i)\bHouse\s+of\s+Lords\b"), ("UKHL",)),
    (re.compile(r"(?i)\bUpper\s+Tribunal\b"), ("UKUT",)),
    (re.compile(r"(?i)\bCourt\s+of\s+Session\b|\bInner\s+House\b"), ("CSIH", "CSOH")),
)

#: The names a question gives the court or tribunal that gave the judgment asked about, each with the
#: neutral-citation codes of that court's own judgments: "what did the tribunal decide?" asked of a First-tier
#: Tribunal's decision asks what that decision decided — it is no appeal, and nothing was decided below it.
#: Only names that a question about a decision below also uses (question_kinds.LOWER_COURT_ASKED) need a row.
OWN_COURT_NAMED: tuple[tuple[re.Pattern[str], tuple[str, ...], str], ...] = (
    (re.compile(r"(?i)\bFirst[-\s]tier\s+Tribunal\b|\bFTT\b|\bthe\s+tribunal\b"), ("UKFTT",),
     "a First-tier Tribunal's decision: 'the tribunal' and 'the FtT' are the tribunal deciding, the first tier"),
    (re.compile(r"(?i)\bdeputy\s+High\s+Court\s+judge\b|\bHigh\s+Court\b"), ("EWHC",),
     "a High Court judgment: 'the deputy High Court judge' is its own judge, not one below"),
)

#: What a question asks a court to have decided when it asks the outcome in so many words ("what did the tribunal
#: decide?", "what did the FtT order?"), not a finding or holding on one point ("what did the tribunal find
#: about…?", which the reasons answer).
OUTCOME_VERB_ASKED = re.compile(r"(?i)\b(?:decide|decided|order|ordered|rule|ruled|do|determine|determined)\b")

#: A sentence reporting who gave another court's judgment and who agreed ("The judgment of the Court of Appeal was
#: given by Popplewell LJ, with whom Asplin and Phillips LJJ agreed", "In delivering the leading judgment, with
#: which both Moses LJ and Munby LJ agreed, Lord Neuberger rejected…", "in a judgment delivered by Mitchell JA,
#: with whom Blenman and Michel JAA agreed").
JUDGMENT_GIVEN_BY = re.compile(r"(?i)\b(?:judgment|reasons|opinion)s?\b[^.;]{0,120}?\b(?:given|delivered|written)\s+"
                               r"(?:in\s+\w+\s+)?by\b|\bdeliver(?:ing|ed)\s+the\s+(?:leading|lead|main|only)\s+"
                               r"judgment\b|\b(?:judgment|reasons)\s+of\s+(?:the\s+)?(?:Chancellor|Master\s+of\s+the\s+"
                               r"Rolls|President|Lord\s+Chief\s+Justice|(?:Lord|Lady|Sir|Dame)\s+[A-Z]|[A-Z][\w'-]+\s+"
                               r"(?:LJ|J|JA|MR)\b)")
#: Others' agreement with that judgment, in the same sentence ("with whom … agreed", "with which … agreed").
OTHERS_AGREED = re.compile(r"(?i)\bwith\s+(?:whom|which)\b[^.]{0,160}?\bagree[sd]?\b")

#: How a question asks the test or standard a court applied.
TEST_ASKED = re.compile(r"(?i)\b(?:what|which)\s+(?:is\s+|was\s+)?(?:the\s+)?(?:legal\s+|correct\s+|right\s+|"
                        r"proper\s+|relevant\s+|applicable\s+)?(?:test|standard|threshold|approach|criteria|"
                        r"criterion)\b|\bthe\s+(?:test|standard|threshold)\s+(?:for|of|in|to\s+be\s+applied)"
                        r"\b|"
                        r"\bwhen\s+is\b[^?]{0,60}\b(?:test|standard|threshold)\b[^?]{0,20}\b(?:met"
                        r"|satisfied)\b|\b(?:standard|scope)\s+of\s+review\b")

#: A time limit asked ("deadline to request a review?", "is there a time limit?", "how soon must…", "by when…",
#: "when does the Minister have to prepare the report?", "how long does a taxpayer have to object?").
TIME_LIMIT_ASKED = re.compile(r"(?i)\bdeadlines?\b|\btime[- ]limits?\b|\bhow\s+soon\b|\bby\s+when\b|"
                              r"\bwithin\s+(?:how\s+many|what)\b|\bhow\s+quickly\b|\blimitation\s+period\b|"
                              r"\b(?:earliest|latest)\s+(?:date|day|time)\b|\bwhen\s+(?:does|do|did|will)\b[^?]{0,60}?"
                              r"\b(?:have|has|need)\s+to\b|\bwhen\s+must\b|\bhow\s+long\s+(?:does|do|did|will)\b"
                              r"[^?]{0,60}?\bhave\s+to\b")

#: When a provision came or comes into force asked ("when did the restrictions take effect?", "what is the
#: earliest date the Ministers could bring s 6 into force?", "when did the rules start to apply to pubs?").
COMMENCEMENT_ASKED = re.compile(r"(?i)\b(?:when|what\s+date|which\s+date|earliest|latest|from\s+what)\b[^?]{0,120}?"
                                r"\b(?:t[ao]ken?\s+effect|took\s+effect|c[oa]me\s+into\s+(?:force|operation|effect)|"
                                r"into\s+force|commenc\w*|start(?:ed|s)?\s+to\s+apply|beg[ia]n\s+to\s+apply|in\s+force)\b")

#: A penalty asked ("maximum fine for…?", "what is the penalty for…?", "can a seller be fined?", "punishment for…",
#: "what fine can be imposed…?", "what's the fine for…?").
PENALTY_ASKED = re.compile(r"(?i)\b(?:maximum|max\.?|highest|largest)\s+(?:fine|penalty|sentence|punishment)s?\b|"
                           r"\bwhat\s+(?:is\s+|are\s+)?(?:the\s+)?(?:penalt(?:y|ies)|punishment|sanctions?)\b|"
                           r"\bpenalt(?:y|ies)\s+for\b|\bhow\s+much\b[^?]{0,60}\bfined?\b|\bbe\s+fined\b|"
                           r"\bfined\s+for\b|\bpunishable\b|\bwhat(?:'s|\s+is|\s+are)?\s+(?:the\s+)?(?:\w+\s+){0,2}?"
                           r"fines?\b(?!\s+print)")

#: How a question asks the costs order ("what order for costs?", "who pays the costs of the appeal?", "who is
#: to decide costs?": who assesses or determines them is part of the costs order).
COSTS_ASKED = re.compile(r"(?i)\b(?:costs?\s+order|order\s+(?:as\s+to|for|on)\s+costs|who\s+(?:has\s+to\s+"
                         r"|must\s+|"
                         r"will\s+|should\s+)?pays?\b[^?]{0,60}\bcosts|what\s+(?:about|happened\s+(?:to"
                         r"|with))\s+"
                         r"(?:the\s+)?costs|(?:were|was)\s+costs\s+(?:awarded|ordered)|who\s+(?:is\s+to\s+|will\s+|"
                         r"should\s+|must\s+|shall\s+)?(?:decide|determine|assess)s?\s+(?:the\s+)?costs|"
                         r"(?:order|award)(?:ed|s)?\s+(?:the\s+)?costs|order\s+(?:as\s+to|for|on)\s+the\s+costs)\b")

#: A disposal named as the time of what a costs question asks ("what costs order did the court make *when it
#: dismissed the appeal*?", "… *after dismissing their appeal*"): background to the question, not what it asks
#: (a question asking both — "what happened on appeal, on liability and on the costs order?" — names no time).
DISPOSAL_AS_TIME = re.compile(r"(?i)(?:\b(?:when|after|having|upon|once)\b[^?]{0,100}?|\b(?:in|on)\s+)(?:dismiss|allow|"
                              r"reject|refus|uph[eo]ld)\w*\b[^?]*")

#: When a law or term took or takes effect ("when did the restrictions … take effect?", "when did the 2005 rules
#: start to apply to pubs?", "from what date is it in force?"): a date or a period is asked.
IN_FORCE_ASKED = re.compile(r"(?i)\bwhen\s+(?:did|does|do|will|would|is|was|were|are|shall)\b[^?]{0,120}?\b(?:(?:take|took|"
                            r"taken|taking|come|came|coming)\s+(?:into\s+)?(?:effect|force|operation)|(?:start|begin|"
                            r"commence)s?\s+(?:to\s+)?(?:apply|applying|operat\w*|have\s+effect))|\b(?:from|on|as\s+of)\s+"
                            r"what\s+date\b")

#: A cap on liability asked ("is there a cap on the architect's liability?", "what is the cap on each party's
#: aggregate liability?", "is Hovione's total exposure capped?").
LIABILITY_CAP_ASKED = re.compile(r"(?i)\bcap(?:ped|s)?\b[^?]{0,60}?\b(?:liabilit\w*|exposure|damages)\b|\b(?:liabilit\w*|"
                                 r"exposure|damages)\b[^?]{0,60}?\bcap(?:ped|s)?\b")

#: Questions whose answer must speak of what they ask: the question's pattern, what a sentence answering it
#: must say, and why — a sentence without it answers another question, however many words it shares.
_MONTH = "|".join(MONTHS)
_NUMBER_WORD = "|".join([*SMALL_NUMBERS, *TENS])

ANSWER_MUST_SAY: tuple[tuple[re.Pattern[str], re.Pattern[str], str], ...] = (
    (COSTS_ASKED, re.compile(r"(?i)\bcosts?\b|\bexpenses?\b|\breimburs\w*"),
     "'what costs order did the court make?': a disposal that says nothing of costs is no costs order (the "
     "judgment may make none: then there is no answer); a contract says who bears a cost as expenses or "
     "reimbursement ('Company … will reimburse Employee for reasonable out-of-pocket expenses')"),
    (TIME_LIMIT_ASKED, re.compile(rf"{DURATION.pattern}|{DATE.pattern}|\b(?:time\s+limit|at\s+any\s+time|not?\s+later"
                                  r"\s+than|forthwith|without\s+delay|before\s+the\s+end\s+of)\b|"
                                  rf"\b(?:before|after|by)\s+(?:(?:{_MONTH})\s+\d{{1,2}}(?:st|nd|rd|th)?|"
                                  rf"\d{{1,2}}(?:st|nd|rd|th)?\s+(?:{_MONTH}))\b|\b(?:\d+|{_NUMBER_WORD})(?:-\w+)?\s+"
                                  r"(?:\(\d+\)\s+)?(?:business|working|calendar|clear|banking)\s+(?:day|week|month)s?\b",
                                  re.I),
     "'what is the deadline to ask for a review?', 'is there a time limit?': a sentence stating no period, date "
     "or limit is about the step, not its deadline ('on receipt of the request, the CEO shall…'); 'not later than "
     "June 30 each year', 'on or before January 1st of each year', 'before the end of such period', 'within five "
     "business days' state one without a year or a plain length ('on or before which' is as often a power to fix a "
     "date as a deadline)"),
    (COMMENCEMENT_ASKED, re.compile(r"(?i)\bc(?:ome|omes|oming|ame)\s+into\s+(?:force|operation|effect)\b|"
                                    r"\btakes?\s+effect\b|\bcommencement\b|\bappointed\s+day\b|\bin\s+force\s+"
                                    r"(?:on|from)\b|\b(?:apply|applies|has\s+effect)\s+(?:from|on|after)\b"),
     "'when did the restrictions take effect?': the commencement provision saying when they come into force "
     "answers, not the provisions that make them ('Sections 2 to 5 come into force at the end of the period of 2 "
     "months …')"),
    (PENALTY_ASKED, re.compile(r"(?i)\bliable\b[^.;]{0,80}?\b(?:fines?|imprisonment|penalt(?:y|ies))\b|\b(?:fine|"
                               r"penalty)\s+(?:of|not\s+exceeding|not\s+more\s+than|up\s+to|at\s+level|is|shall\s+"
                               r"be)\b|\bimprisonment\s+for\b|\bstandard\s+scale\b|\bguilty\s+of\s+an\s+offen[cs]e\b|"
                               r"\bliquidated\s+damages\b|\blate\s+(?:fee|charge)s?\b|\bas\s+(?:the|a)\s+(?:penalty|"
                               r"sanction|punishment)\b|\bsentenced?\b[^.;]{0,40}?\bto\b"),
     "'what is the maximum fine for operating without a permit?': the prohibition itself states no penalty, nor "
     "does a permit revoked for a conviction; the answer makes the act an offence or fixes the fine or sentence "
     "(a contract's liquidated damages or late fee; a judgment's sentence or sanction imposed), and where the "
     "instrument states none there is no answer in it"),
    (LIABILITY_CAP_ASKED, re.compile(r"(?i)\b(?:exceed\w*|limit\w*|cap(?:ped|s)?|maximum|aggregate|cumulative|up\s+to|"
                                     r"in\s+excess\s+of|greater\s+of|lesser\s+of)\b"),
     "'is there a cap on the architect's liability?': a payment clause, or 'the Parties assume no liability to any "
     "third party', bounds nothing; the answer says the liability shall not exceed, is limited to, or is capped "
     "at something (where the contract has no such clause there is no answer in it)"),
    (IN_FORCE_ASKED, re.compile(rf"{DURATION.pattern}|{DATE.pattern}|\b(?:1[6-9]|20)\d\d\b|\b(?:January|February|March|"
                                r"April|May|June|July|August|September|October|November|December)\b|\bRoyal\s+Assent\b|"
                                r"\b(?:day|date|passing|commencement|forthwith|immediately)\b|\bappoint(?:ed)?\b", re.I),
     "'when did the restrictions take effect?': 'section 4 restricts the exercise of the right' says what, not when; "
     "the answer states a date, a period, the day of Royal Assent or an appointed day"),
)


#: The court below, as an appellate opinion names it.
_COURT_BELOW = (r"(?:district|trial|lower|bankruptcy|magistrate|circuit|superior|county|state|first-tier|tax)\s+"
                r"(?:court|judge|tribunal)|court\s+below|judge\s+below|tribunal\s+below|(?:trial|immigration)\s+judge")

#: Questions a kind of sentence answers where the ranker would abstain: the question's pattern, the sentence
#: that answers it, and why — the best-ranked candidate of the judgment saying it is the answer.
ASKED_AND_SAID: tuple[tuple[re.Pattern[str], re.Pattern[str], str], ...] = (
    (re.compile(r"(?i)\b(?:standard|scope)\s+of\s+review\b|\bwhat\s+(?:standard|deference)\b[^?]{0,60}\b"
                r"(?:review|appl(?:y|ied))"),
     re.compile(r"(?i)\b(?:we\s+review|(?:is|are)\s+reviewed|reviewing)\b[^.;]{0,120}?\b(?:de\s+novo|for\s+(?:an\s+)?"
                r"abuse\s+of\s+discretion|for\s+clear\s+error|for\s+plain\s+error|under\s+the\s+[\w\s-]{0,40}?"
                r"standard)\b|\b(?:standard|scope)\s+of\s+review\s+(?:is|was)\b"),
     "'what standard of review did the court use?': the sentence saying how the court reviews ('we review de "
     "novo…', 'is reviewed for abuse of discretion')"),
    (re.compile(rf"(?i)\bwhat\s+(?:did|had|has|happened)\b[^?]{{0,60}}?\b(?:{_COURT_BELOW})\b[^?]{{0,40}}?\b(?:decide|do|"
                rf"hold|rule|find|order|conclude|grant)\w*|\bhow\s+did\b[^?]{{0,60}}?\b(?:{_COURT_BELOW}|Judge\s+"
                rf"[A-Z]\w+)\b[^?]{{0,60}}?\b(?:rule|decide|deal\s+with|dispose)"),
     re.compile(rf"(?i)\b(?:{_COURT_BELOW})\b[^.;]{{0,80}}?\b(?:granted|denied|dismissed|entered|ruled|held|"
                rf"concluded|found|refused|rejected|allowed|sentenced|awarded)\b|\([A-Z][\w'’-]+,\s+(?:J|C\.J|M\.J)"
                rf"\.\)\s+(?:granted|denied|dismissed|entered)\b"),
     "'what did / had the district court decide(d)?', 'how did Judge X rule?': the sentence saying what the court below "
     "did ('the district court granted summary judgment', '(Berman, J.) denied the motion')"),
    (re.compile(r"(?i)\b(?:how\s+much|what\s+(?:sum|amount))\b[^?]{0,80}?\b(?:ordered|awarded|award|liable|costs|"
                r"damages|compensation)\b"),
     re.compile(r"(?:(?-i:\bI\b|\b[Ww]e\b)\s+(?:\w+\s+){0,3}?(?i:award|order|fix|assess|direct)|(?i:tribunal|judge|"
                r"court|jury|master|magistrate|he|she)\s+(?:\w+\s+){0,3}?(?i:awarded|ordered|fixed|assessed)|\b(?i:was|"
                r"were)\s+(?:\w+\s+){0,2}?(?i:ordered|awarded))\w*\b[^.;]{0,200}?(?:[$£€]\s?\d|\b\d[\d,]*(?:\.\d+)?\s+"
                r"(?i:dollars|pounds|euros)\b)"),
     "'how much were the directors ordered to pay?', 'what sum did the Tribunal award?': the sentence by which a "
     "judge or court makes the order or award, or that reports it made, with its sum ('I award costs … as follows: "
     "(a) … $111,778.75', 'Regen was ordered … to pay to Estar the sum of £225,000'), not one weighing an uplift "
     "without a figure, a figure said in passing ('will also be liable for … $19,709') nor the sum a party sought "
     "('An order … in the amount of')"),
)


#: An amount asked in words :data:`pincite.legal.language.QUANTITY` (the ranker's trained ``quantity`` feature)
#: does not read: "what interest rate…", "what royalty rate…", "what percentage…", "what price per kilogram…",
#: "what monthly recurring hosting charge…" — a rate, a percentage, a price or a periodic payment is a number —
#: and "how much / how many…" (not "how much weight / discretion…", which asks a measure of judgment).
#: ("what is the exit fee?" is left out: a fee is often a formula, "the net revenue of the merchants".)  A sum
#: of money named as one ("what was the dollar amount of the fee…", "what amount must the licensee pay…") asks
#: a number whatever it is a sum of.
AMOUNT_ASKED = re.compile(r"(?i)\b(?:dollar|monetary|cash)\s+(?:amount|value|figure|sum)s?\b|\bwhat\s+amount\b(?!\s+of\s+(?:weight|"
                          r"importance|discretion|latitude|deference|control|detail|time|evidence|proof)\b)|"
                          r"\bhow\s+(?:much|many)\b(?!\s+(?:weight|importance|discretion|latitude|deference|say\b|"
                          r"control|detail|of\s+a\b))|"
                          r"\bwhat(?:'s|\s+is|\s+are|\s+was|\s+were)?\s+(?:the\s+)?(?:[\w-]+\s+){0,3}?(?:rate|"
                          r"percentage|per\s*cent|price|sum)s?\b|\bat\s+what\s+(?:rate|price)\b|\bwhat(?:'s|\s+is|"
                          r"\s+are|\s+was)?\s+(?:the\s+)?(?:(?:monthly|annual|yearly|weekly|daily|hourly|quarterly|"
                          r"recurring|fixed|flat|total|upfront|up-front|initial|per-\w+)\s+)+(?:[\w-]+\s+){0,2}?(?:fee|"
                          r"charge|payment|amount|rent|salary|royalt(?:y|ies)|price|compensation|figure)s?\b")

#: What, in a sentence, is no answer to "how much…?": a reference to another provision ("section 2(6)",
#: "clause 3.4", "paragraph (a)", "subsection (4)"), a date ("20 December 2019") or a year, a street
#: address's numbers, "one-time" / "one or more" / "any one" (kinds, not amounts) — each with why it is
#: not the amount asked.
NOT_AN_AMOUNT: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"(?i)\b(?:sections?|ss?\.|clauses?|cl\.|articles?|art\.|regulations?|reg\.|rules?|paragraphs?|"
                r"para\.|subsections?|subparagraphs?|schedules?|parts?|chapters?|items?|exhibits?|annex(?:es)?|"
                r"appendix|appendices|orders?|acts?|CPR\s+Part)\s*[\dIVXivx]+[\w.]*(?:\s*\([\w.]+\))*"),
     "'under section 2(6)', 'clause 3.4', 'CPR Part 55': where the law is, not how much"),
    (re.compile(r"(?i)\b(?:subsection|paragraph|sub-paragraph)\s*\([\w.]+\)"),
     "'subsection (4)', 'paragraph (a)': a reference"),
    (re.compile(r"(?i)\b(?:January|February|March|April|May|June|July|August|September|October|November|"
                r"December)\s+\d{1,2}(?:st|nd|rd|th)?,?\s+\d{4}\b|\b\d{1,2}(?:st|nd|rd|th)?\s+(?:January|February|"
                r"March|April|May|June|July|August|September|October|November|December),?\s+\d{4}\b|(?<![$£€\d.,])\b(?:1[6-9]|20)\d\d\b(?!\s*(?:%|per\b|"
                r"dollars|pounds|euros|shares|units|days|weeks|months|years|hours|kg|kilo|tons|tonnes))"),
     "'On 20 December 2019, Hackney issued a claim…': when, not how much"),
    (re.compile(r"(?i)\b\d+(?:-\d+)?\s+[A-Z][a-z]+\s+(?:Street|Road|Avenue|Lane|Place|Square)\b|\b[A-Z]{1,2}\d[A-Z\d]?"
                r"\s*\d[A-Z]{2}\b|\b[A-Z]\d+\b"),
     "'23-25 Well Street, London E9 7QZ', 'Room G21': an address or a room, not an amount"),
    (re.compile(r"(?i)\bone(?:-time|\s+or\s+more|\s+of\b|\s+another\b)|\bany\s+one\b|\bno\s+one\b|\bthe\s+one\b"),
     "'one-time, installment, recurring', 'one or more', 'any one': a kind or a person, not a number"),
)

#: A number the document withholds: "a duration of * years", "$[***]", "[***]%", "**** tablets" — the filed
#: copy omits the amount (confidential treatment), so the sentence cannot say how much.
REDACTED_AMOUNT = re.compile(r"(?i)(?:\*+|\[\s*\*+\s*\]|\[redacted\]|\bXX+\b)\s*(?:%|per\s*cent|percent|years?|months?|"
                             r"weeks?|days?|hours?|dollars?|pounds?|euros?|tablets?|units?|shares?)\b|(?:[$£€]|US\$|USD|"
                             r"EUR|GBP)\s*(?:\*+|\[\s*\*+\s*\])")


#: A number in digits or words, every word from one to ninety ("not being less than fourteen days"; the ranker's
#: trained :data:`pincite.legal.language.NUMBER` reads a shorter list, kept as it was trained).
AMOUNT_NUMBER = re.compile(rf"{NUMBER.pattern}|\b(?:thirteen|fourteen|sixteen|seventeen|eighteen|nineteen|seventy|"
                           r"eighty|half|quarter|twice|double)\b", re.I)


#: What answers "how long…?" / "what is the term…?" (:data:`pincite.legal.language.DURATION_QUESTION`): a period
#: ("five business days", "twelve (12) months", "a term not exceeding seven years"), a date, or an open end
#: ("until terminated", "indefinitely", "in perpetuity", "so long as", "for the life of the patent").
PERIOD_STATED = re.compile(rf"(?i)(?:{AMOUNT_NUMBER.pattern})[\w\s()\-]{{0,20}}?\b(?:business\s+|calendar\s+|working\s+|"
                           r"banking\s+|clear\s+|consecutive\s+|full\s+|fiscal\s+|financial\s+)?(?:days?|weeks?|"
                           r"months?|years?|hours?|quarters?)\b|" + DATE.pattern + r"|\b(?:until|till|unless\s+and\s+"
                           r"until|indefinite\w*|perpetu\w*|so\s+long\s+as|for\s+(?:the|its)\s+(?:life|term|duration)"
                           r"|expir\w*|annual\w*|each\s+year|per\s+annum)\b")


def states_period(sentence: str) -> bool:
    """Whether ``sentence`` states how long (:data:`PERIOD_STATED`)."""
    return bool(PERIOD_STATED.search(sentence))


def asks_amount(question: str) -> bool:
    """Whether ``question`` asks an amount (:data:`AMOUNT_ASKED`)."""
    return bool(AMOUNT_ASKED.search(question))


def states_amount(sentence: str, question: str) -> bool:
    """Whether ``sentence`` states an amount that could answer ``question``: a number left once its references,
    dates, addresses and kinds (:data:`NOT_AN_AMOUNT`) and the numbers the question itself states ("the
    $765,692.81 judgment debt", "the 200/10mg bottles") are set aside — and no amount withheld
    (:data:`REDACTED_AMOUNT`: the document omits what is asked)."""
    if REDACTED_AMOUNT.search(sentence):
        return False
    text = re.sub(r"^\s*(?:\(?[0-9a-z]{1,4}[.)]|\[\d+\])\s*", "", sentence)
    for pattern, _why in NOT_AN_AMOUNT:
        text = pattern.sub(" ", text)
    asked = set(re.findall(r"\d+(?:[.,]\d+)*", question))
    text = re.sub(r"\d+(?:[.,]\d+)*", lambda m: " " if m.group(0) in asked else m.group(0), text)
    return bool(AMOUNT_NUMBER.search(text))


def asked_and_said(question: str) -> list[re.Pattern[str]]:
    """The sentences that answer ``question`` by their kind (:data:`ASKED_AND_SAID`)."""
    return [said for asked, said, _why in ASKED_AND_SAID if asked.search(question)]


def answer_must_say(question: str) -> list[re.Pattern[str]]:
    """What a sentence answering ``question`` must say (:data:`ANSWER_MUST_SAY`): one pattern for each rule
    the question meets."""
    return [need for asked, need, _why in ANSWER_MUST_SAY if asked.search(question)]


# -- the sentences that answer them --------------------------------------------------------------------------

#: A judge's own disposal, each form with why it disposes.
DISPOSAL_SENTENCE: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"(?-i:\bI\b|\b[Ww]e\b)\s+(?:(?:would|should|will|shall|must|do|therefore|accordingly|also|"
                r"have|for\s+my\s+part|for\s+these\s+reasons|respectfully)\b[^.;:]{0,160}?\b|(?:therefore\s+|"
                r"accordingly\s+)?)(?:(?i:allow|dismiss|grant|refuse|quash|set\s+aside|uphold|restore|remit"
                r"|vacate)\b|have\s+(?i:allowed|dismissed|granted|refused|quashed|set\s+aside|upheld|restored"
                r"|remitted)\b)"),
     "'I would allow the appeal', 'we dismiss this appeal', 'I would vary the order and on that basis "
     "dismiss the appeal', 'I would admit the further evidence, give permission for the amendments … and "
     "allow the appeal' (orders listed before the disposal), 'I would have allowed it': a judge's vote (a "
     "modal, or the verb at once: 'I accept that the judge was right to refuse' is no vote, nor 'I would add "
     "that they were refused')"),
    (re.compile(r"(?i)\b(?:appeal|cross-appeal|application|claim|petition|challenge|motion|request)s?\b"
                r"(?:(?!\b(?:that|which|unless|where)\b|,\s*and\b)[^.;:]){0,60}?"
                r"\b(?:is|are|be|will\s+be|must\s+be|should\s+be|would\s+be)\s+(?:therefore\s+|accordingly\s+|"
                r"also\s+|thus\s+|\w+ly\s+)?(?:allowed|dismissed|refused|granted|denied|upheld|quashed|set\s+aside|"
                r"vacated|remitted)\b(?!\s+unless\b)"),
     "'the appeal is dismissed', 'the appeal should be allowed', 'Plaintiff's motion for a preliminary "
     "injunction is GRANTED' (a US trial court decides motions): the disposal in the passive, in the present "
     "or to come ('the application was refused' tells the history below; '… pending an appeal, and that such "
     "permission must be granted unless …' states a rule about something else)"),
    (re.compile(r"(?i)(?<!\bof\s)\b(?:appeal|cross-appeal|application|claim|counterclaim|action|petition|"
                r"challenge)s?\b(?!\s+(?:of|in|under|for|against)\b)(?:(?!\b(?:should|if|would|will|may|might|"
                r"could|unless|whether|to)\b)[^.;:,]){0,40}?\b(?:therefore\s+|accordingly\s+|"
                r"thus\s+|also\s+|in\s+my\s+judgment\s+)?(?:succeeds?|fails?|is\s+(?:successful|unsuccessful))\b"
                r"(?!\s+(?:to|on|if|unless|because|where)\b)"),
     "'UniCredit's claim therefore succeeds', 'for these reasons the claim fails': a first-instance judge "
     "disposes of the claim by saying whether it succeeds (not 'fails to', 'fails if…', which tell a rule; not "
     "'ground 3 of the grounds of appeal fails' or 'the claim in negligence fails', one part of it; not 'his "
     "claim to be met … should he succeed', a condition)"),
    (re.compile(r"(?i)\b(?:there\s+(?:will|must|shall)\s+be|I\s+(?:therefore\s+|accordingly\s+)?(?:give|enter|"
                r"grant))\s+judgment\s+(?:for|in\s+favour\s+of|in\s+favor\s+of)\b|\bis\s+entitled\s+to\s+judgment\b"),
     "'There will be judgment for the Claimant in the sum of…', 'I give judgment for the defendant': the "
     "first-instance disposal as the judgment entered"),
    (re.compile(r"(?-i:\b[Tt]he\s+Court\b|\bthis\s+Court\b)\s+(?:hereby\s+|therefore\s+|accordingly\s+|thus\s+|"
                r"now\s+)?(?i:grants|denies|dismisses|remands|vacates)\b"),
     "'the Court GRANTS Defendant's Motion to Dismiss', 'the Court therefore denies the motion': a US trial "
     "court's order in its own voice, in the present (the court below 'granted' is history)"),
    (re.compile(r"(?-i:\b(?:Holds|Declares|Decides)\b),?[^.;]{0,60}?(?:\bthat\s+there\s+ha(?:s|ve)\s+(?:not\s+)?been\s+"
                r"(?:an?\s+|no\s+)?violations?\b|\bthe\s+application\b[^.;]{0,40}?\b(?:in)?admissible\b|\bto\s+strike\s+"
                r"the\s+application\s+out\b|\bthat\s+the\s+respondent\s+State\s+is\s+to\s+pay\b)"
                r"|^\s*(?:\([a-z]\)\s*)?that\s+the\s+respondent\s+State\s+is\s+to\s+pay\b"),
     "'Holds, by five votes to two, that there has been a violation of Article 14', 'Decides, by sixteen votes to one, "
     "to strike the application out', 'Holds, unanimously, (a) that the respondent State is to pay …': the operative "
     "provisions of the European Court of Human Rights"),
    (re.compile(r"(?-i:\bIT\s+IS\s+(?:HEREBY\s+|FURTHER\s+)?ORDERED\b|\bIt\s+is\s+(?:hereby\s+|further\s+)?"
                r"ordered\s+that\b)"),
     "'IT IS HEREBY ORDERED that…', 'It is ordered that the case be remanded': the operative words of an order "
     "('It is so ordered.' closing an opinion says nothing of what was ordered: no 'that', not capitals)"),
    (re.compile(r"(?i)\b(?:judgment|order|decision|ruling|conviction|sentence|dismissal|denial|grant)s?\b"
                r"[^.;:]{0,100}?\b(?:is|are|be|will\s+be|must\s+be|should\s+be)\s+(?:therefore\s+|accordingly\s+|"
                r"hereby\s+|thus\s+)?(?:affirmed|reversed|vacated|remanded|modified)\b"),
     "'the judgment of the district court is hereby AFFIRMED', 'the district court's grant of summary "
     "judgment is affirmed': a US appellate court disposes of the judgment below, not of 'the appeal'"),
    (re.compile(r"\b[Ww]e\b(?:[^.;:]{0,80}?\b(?:and|therefore|accordingly|thus|so)\b)?\s+(?:now\s+|therefore\s+|"
                r"accordingly\s+|hereby\s+)?(?:affirm|reverse|vacate|remand)(?:\s+(?:the|its|in\s+part|and)\b"
                r"|\s*[.;,]|\s*$)"),
     "'we affirm.', 'we granted a certificate of appealability and now affirm', 'we reverse and remand': a US "
     "appellate court's own vote on the judgment below ('we affirm a grant of summary judgment only if…' "
     "states a rule: no object but the judgment or an end of the sentence follows)"),
    (re.compile(r"(?i)^\s*(?:(?:AFFIRMED|REVERSED|VACATED|REMANDED|DISMISSED)(?:\s+IN\s+PART)?(?:\s*(?:,|and|&)\s*)?)+"
                r"(?:\s+(?:for|with)\s+(?:further\s+)?(?:proceedings|instructions)\b[^.;]{0,120})?\s*[.;]?\s*$"),
     "'AFFIRMED.', 'REVERSED and REMANDED.', 'Affirmed.', 'Reversed and remanded for further proceedings "
     "consistent with this opinion.': a US court's disposition as a sentence of its own"),
    (re.compile(r"(?i)^\s*(?:the\s+)?(?:appeal|cross-appeal|application(?:\s+for\s+(?:leave|permission)\s+to\s+"
                r"(?:appeal|apply))?|petition|claim|judgment)s?\s+(?:is\s+|are\s+)?(?:allowed|dismissed|refused|granted|"
                r"affirmed|reversed|quashed|upheld|set\s+aside)(?:\s+in\s+part)?\b(?:\s+with(?:out)?\s+costs\b[^.;]{0,80}"
                r")?\s*[.;]?\s*$"),
     "'Appeal dismissed with costs.', 'Application for leave to appeal refused.', 'Judgment affirmed.': an order "
     "as a line of its own, without a verb (the orders of a New Zealand, Australian or Singapore court)"),
    (re.compile(r"(?-i:\bI\b|\b[Ww]e\b)\s+(?:(?:therefore|accordingly|thus|unanimously|then)\s+)?(?i:allowed|"
                r"dismissed|granted|refused|quashed|set\s+aside|upheld)\s+(?i:the|this|these|both|all|each|his|her|"
                r"its|their)\b[^.;:]{0,40}?\b(?i:appeal|cross-appeal|application|claim|petition|motion)s?\b"),
     "'At the conclusion of the hearing, we allowed the appeal', 'we dismissed the appeals with costs': grounds "
     "of decision given after the court disposed of the appeal at the hearing report its own vote in the past "
     "tense (read, like every disposal, only in the court's own closing or opening paragraphs)"),
    (re.compile(r"(?i)\b(?:decision|determination|order|judgment|conviction|sentence)s?\s+of\s+(?:the\s+)?"
                r"[\w\s'’()-]{0,100}?\b(?:is|are|be|will\s+be|must\s+be|should\s+be)\s+(?:therefore\s+|accordingly\s+|"
                r"hereby\s+|thus\s+)?(?:set\s+aside|quashed)\b(?!\s+(?:if|unless|where|only)\b)"),
     "'The decision of the First-tier Tribunal involved the making of an error on a point of law and is set "
     "aside', 'the order of the district judge is quashed': a UK appeal tribunal or court disposes of the decision "
     "below, not of 'the appeal' (the Tribunals, Courts and Enforcement Act's own words); not 'is set aside if…', "
     "a rule"),
    (re.compile(r"(?-i:\bI\b|\b[Ww]e\b)\s+(?:(?:therefore|accordingly|now|thus|shall|will|would|also)\s+)?(?:(?i:"
                r"substitute|re-?make|remake)\b(?=[^.;:]{0,40}?\b(?i:decision|order|finding)s?\b))"),
     "'I therefore substitute a decision that the claimant is entitled to…', 'we re-make the decision': the "
     "Upper Tribunal's own decision in place of the one it set aside"),
    (re.compile(r"(?i)(?:\b(?:the|this|that|his|her|their|its)\s+|['’]s\s+)(?:claim|application|petition)s?\s+for\s+"
                r"judicial\s+review\b[^.;:,]{0,40}?\b(?:therefore\s+|"
                r"accordingly\s+|thus\s+|also\s+)?(?:succeeds?|fails?|is\s+(?:allowed|dismissed|granted|refused))\b"
                r"(?!\s+(?:to|on|if|unless|because|where)\b)"),
     "'The claim for judicial review succeeds', 'the application for judicial review is dismissed': a "
     "Divisional or Administrative Court disposes of the claim before it (the claim's 'for judicial review' is its "
     "name, not one part of it; 'when a claim for judicial review succeeds…' states what usually follows)"),
)

#: A judge joining another: each form with why it is an assent (the judge's own words, in their own voice).
ASSENT_SENTENCE: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"(?i)\bI\s+(?:also\s+|too\s+|entirely\s+|respectfully\s+|would\s+)?(?:agree|concur)\b"),
     "'I agree', 'I also agree', 'I too agree', 'I concur'"),
    (re.compile(r"(?i)\b(?:decided|determined|resolved)\s+not\s+to\s+dissent\b|\bI\s+do\s+not\s+dissent\b"),
     "'I have decided not to dissent': joining the majority after weighing a dissent"),
    (re.compile(r"(?i)\bfor\s+the\s+reasons\s+(?:given|explained|set\s+out)\s+by\b"),
     "'…for the reasons given by Flaux LJ': joining another's reasons"),
    (re.compile(r"(?i)\bI\s+have\s+(?:had\s+the\s+(?:advantage|benefit|privilege)\s+of\s+)?read(?:ing)?"
                r"\b[^.]{0,80}"
                r"\b(?:draft|judgment)\b[^.]{0,80}\bagree\b"),
     "'Having read the draft judgment … I agree'"),
)

#: A statement of the test or standard applied, each form with why it states one.
TEST_SENTENCE: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"(?i)\bthe\s+(?:\w+\s+){0,2}?(?:test|standard|threshold)\s+(?:is|was|requires|must\s+be"
                r"|remains)\b"),
     "'the test is…', 'the legal standard was…'"),
    (re.compile(r"(?i)\bthe\s+(?:correct|right|proper|appropriate|relevant|true)\s+(?:approach|test|question|"
                r"inquiry|enquiry|standard)\b"),
     "'the correct approach', 'the proper test', 'the true question'"),
    (re.compile(r"(?i)\bthe\s+(?:question|issue)\s+(?:is|was|therefore\s+is|for\s+the\s+court\s+is)"
                r"\s+whether\b"),
     "'the question is whether…': the standard as the question the court must answer"),
    (re.compile(r"(?i)\b(?:it\s+is\s+|is\s+)?(?:satisfied|met)\s+(?:where|when|if)\b"),
     "'it is satisfied where…': the conditions of a test"),
    (re.compile(r"(?i)\b(?:we\s+review|(?:is|are)\s+reviewed|reviewing)\b[^.;]{0,120}?\b(?:de\s+novo|for\s+(?:an\s+)?"
                r"abuse\s+of\s+discretion|for\s+clear\s+error|for\s+plain\s+error|under\s+the\s+[\w\s-]{0,40}?"
                r"standard)\b"),
     "'we review de novo a district court's grant of summary judgment', 'is reviewed for abuse of discretion': "
     "a US appellate court's standard of review"),
    (re.compile(r"(?i)\bthe\s+(?:standard|scope)\s+of\s+review\b"),
     "'the standard of review is…', 'under the arbitrary and capricious standard of review'"),
)

#: A costs order, each form with why it is one.
COSTS_SENTENCE: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"(?i)\b(?:pay|paid|bear)\b[^.;]{0,80}\bcosts\b"), "'X shall pay Y's costs of the appeal'"),
    (re.compile(r"(?i)\bno\s+order\s+(?:as\s+to|for)\s+costs\b|\bcosts\s+(?:in\s+the\s+case|reserved|follow"
                r"\s+the\s+"
                r"event)\b"), "'no order as to costs', 'costs reserved'"),
    (re.compile(r"(?i)\b(?:with|without)\s+costs\b|\bcosts\s+order\b|\border(?:s|ed)?\s+(?:as\s+to|for|on)"
                r"\s+costs\b"),
     "'the appeal is upheld with costs', 'the costs order'"),
)


#: The courtesy a lead judgment votes under ("If my Lords agree, I would dismiss the appeal", "Subject to my
#: Lady's views…"): a vote all the same, though it opens with "if".
COURTESY_CONDITION = re.compile(r"(?i)\b(?:if|subject\s+to)\s+(?:(?:both\s+)?my\s+(?:Lords?|Lady|Ladies|colleagues?|"
                                r"learned\s+colleagues?)|(?:their|your)\s+(?:Lordships?|Ladyships?)|the\s+other\s+"
                                r"members\s+of\s+the\s+court|they)\s*"
                                r"(?:['\u2019]s?\s+"
                                r"views?\s*)?(?:agrees?|concurs?)?\b")


def matches(table: tuple[tuple[re.Pattern[str], str], ...], text: str) -> bool:
    """Whether any pattern of ``table`` finds ``text``."""
    return any(p.search(text) for p, _why in table)


# -- the judges a question names -----------------------------------------------------------------------------

#: A judge's office written out, as a question may name it instead of the judge ("the Master of the Rolls"):
#: the title printed after the judge's name that means it.
OFFICE_NAMES: dict[str, tuple[str, ...]] = {
    "MR": ("Master of the Rolls",),
    "LCJ": ("Lord Chief Justice",),
    "CJ": ("Lord Chief Justice", "Chief Justice"),
    "C": ("Chancellor of the High Court", "Chancellor"),
    "P": ("President",),
    "VP": ("Vice-President", "Vice President"),
}
assert set(OFFICE_NAMES) <= set(TITLES_AFTER_NAME)

_TITLE_WORDS = frozenset(w.lower() for w in (*TITLES_AFTER_NAME, *TITLES_BEFORE_NAME, "of", "and", "the"))


#: A title beside a name, which makes a word in any case a judge's name ("did lord wilson think…", "dyson lj's view"):
#: before it ("Lord", "Lady", "Justice", "Judge", "Sir", "Dame", a "Lord Justice") or after it ("LJ", "J", "JSC"…).
JUDGE_TITLE_BEFORE = re.compile(r"(?i)\b(?:lord|lady|justice|judge|sir|dame|hhj)\s+(?:justice\s+)?$")
JUDGE_TITLE_AFTER = re.compile(r"(?i)\s+(?:ljj?|jj?|jsc|mr|ja|cj|lcj|p|vp)(?![\w-])")


def _running_case(word: str) -> str:
    """A surname a judgment prints in capitals in its voice's heading ("LORD BROWN:", "LORD LLOYD-JONES"), as
    running text writes it ("Brown", "Lloyd-Jones", "O'Connor", "McKee")."""
    out = re.sub(r"[A-Za-z]+", lambda m: m.group(0).capitalize(), word.lower())
    return re.sub(r"^Mc([a-z])", lambda m: "Mc" + m.group(1).upper(), out)


def judge_mentions(question: str, surname: str) -> list[re.Match[str]]:
    """Where ``question`` names the judge of ``surname`` (:func:`judge_name_forms`): the surname as running text
    prints it, in its case (a "Sales" is a judge, "sales" is not; a heading's "BROWN" is read as "Brown"), or in
    any case beside a judge's title (:data:`JUDGE_TITLE_BEFORE`, :data:`JUDGE_TITLE_AFTER`: "lord wilson")."""
    word = _running_case(surname) if surname.isupper() else surname
    out = {m.start(): m for m in re.finditer(rf"(?<![\w-]){re.escape(word)}(?![\w-])", question)}
    for m in re.finditer(rf"(?i)(?<![\w-]){re.escape(surname)}(?![\w-])", question):
        if m.start() not in out and (JUDGE_TITLE_BEFORE.search(question[:m.start()])
                                     or JUDGE_TITLE_AFTER.match(question[m.end():])):
            out[m.start()] = m
    return [out[k] for k in sorted(out)]


def judge_name_forms(author: str) -> tuple[list[str], list[str]]:
    """The words a question may name a judge by (``author`` as the judgment prints it, "Peter Jackson LJ",
    "Sir Geoffrey Vos C"): the surname (the last word of the name that is no title: "Jackson", "Vos"), and the
    judge's office written out when the title says one ("the Master of the Rolls").  An opinion of several
    judges ("Judges Raimondi, O’Leary and Ranzoni", "Judge Ranzoni, joined by Judges López Guerra and Lemmens")
    is named by each one's surname; a court speaking as one ("the Court") by none: a question naming "the Supreme
    Administrative Court" names no judge."""
    if author.casefold().startswith("the "):
        return [], []
    several = [p for p in re.split(r",\s*joined\s+by\s+|,\s*|\s+and\s+", author) if p.strip()]
    if len(several) > 1:
        forms = [judge_name_forms(p) for p in several]
        return ([n for f in forms for n in f[0]], [o for f in forms for o in f[1]])
    words = [w for w in re.findall(r"[A-Za-z][\w'\u2019-]*", author)]
    # a short word in capitals is a title ("QC", "DBE") — but where the whole name is in capitals ("LORD JUSTICE
    # MAY"), only the titles known are
    name = [w for w in words if w.lower() not in _TITLE_WORDS
            and not (w.isupper() and len(w) <= 3 and not author.isupper())]
    offices = [o for w in words[1:] if w in OFFICE_NAMES for o in OFFICE_NAMES[w]]  # "MR JUSTICE X" is no office
    # "Lord Burnett of Maldon CJ": the surname is the word before "of", not the place after it
    if " of " in f" {author} " and name:
        before = author.split(" of ")[0].split()
        name = [w for w in before if w.lower() not in _TITLE_WORDS] or name
    return ([name[-1]] if name else []), offices
