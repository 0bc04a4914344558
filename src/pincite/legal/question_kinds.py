"""What kind of paragraph a judgment question asks for, and how such a paragraph is written.

A question about a judgment often shares few words with the paragraph that answers it: "what order did the
court make?" is answered by "I would allow the appeal and set aside paragraph 4 of the order", "why did the
court reject the argument that …?" by "I do not accept that submission …", "what did the judge below
decide?" by "The judge held that …", "what test applies?" by "The correct approach is …".  Retrieval reads the
question's kind here and ranks the paragraphs of the judgment it is about that are written the way such an
answer is (:meth:`pincite.search.retrieve.Retriever._kind_ranking`), as one more ranking fused with the
others.  Nothing here names a document, a party or a question: each pattern is a way judgments or questions
are written, with its reason.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from pincite.legal.language import ARGUMENT, terms
from pincite.legal.decisions import (COSTS_ASKED, COSTS_SENTENCE, DISPOSAL_SENTENCE, OUTCOME_ASKED, TEST_ASKED,
                                     TEST_SENTENCE)

Table = tuple[tuple[re.Pattern[str], str], ...]


@dataclass(frozen=True)
class ParagraphKind:
    """A kind of answer: the questions that ask for it and the paragraphs written as one."""

    key: str
    asked: Table
    says: Table
    #: where in a judgment such a paragraph usually stands: "end" (the disposal closes the judgment),
    #: "start" (the opening reports the decision below) or "" (anywhere)
    stands: str = ""


#: Outcome and order: a question about what the court did, beyond decisions.OUTCOME_ASKED's forms.
OUTCOME_MORE_ASKED: Table = (
    (re.compile(r"(?i)\bwhat\s+(?:order|orders|remedy|remedies|relief|declaration)\b"),
     "'what order had the judge made?', 'what remedy did the court grant?': an order or remedy is a disposal"),
    (re.compile(r"(?i)\b(?:result|outcome|upshot|disposal|disposition)\s+of\b"),
     "'the result of the costs appeal', 'final disposal of the appeal'"),
    (re.compile(r"(?i)\bwhat\s+happen(?:ed|s)\s+(?:to|with)\b"),
     "'what happened to the damages claim / to the order?': what the court did with it"),
    (re.compile(r"(?i)\b(?:succeed|succeeded|fail|failed|won|lost)\b[^?]{0,40}\?"),
     "'on which grounds did the appeal succeed?': success or failure is the disposal"),
    (re.compile(r"(?i)\b(?:remit|remitted|rehearing|send\s+(?:it|the\s+case)\s+back)\b"),
     "'send the case back for a rehearing?': remittal is part of the order"),
)

#: Orders, beyond decisions.DISPOSAL_SENTENCE: what a court makes, substitutes, remits or declares.
ORDER_SAYS: Table = (
    (re.compile(r"(?-i:\bI\b|\b[Ww]e\b)\s+(?:would|will|shall|should|therefore|accordingly)?\s*(?:make|substitute|"
                r"declare|remit|direct|vary|order|set\s+aside)\b"),
     "'I would make the adoption order', 'we substitute an order that…': the court's own order"),
    (re.compile(r"(?i)\b(?:remitted|remit)\s+(?:to|for)\b"), "'remitted to the tribunal': part of the order"),
    (re.compile(r"(?i)\bfor\s+(?:these|those|the\s+above|all\s+(?:these|those|the))\s+reasons\b"),
     "'For these reasons, …': the sentence that carries the conclusion"),
    (re.compile(r"(?i)\band\s+(?:allow|dismiss)\s+the\s+(?:appeal|application|claim)s?\b"),
     "'I would admit the further evidence … and allow the appeal': a disposal after other orders"),
    (re.compile(r"(?i)\b(?:be|is|are|was)\s+(?:\w+\s+)?(?:transferred|remitted|stayed)\s+(?:to|for|until)\b"),
     "'the claim for damages should be transferred to the County Court': an order moving a claim"),
)

#: Why an argument or ground failed: the question forms.
WHY_FAILED_ASKED: Table = (
    (re.compile(r"(?i)\bwhy\b[^?]{0,160}?\b(?:reject(?:ed)?|fail(?:ed)?|wrong|dismiss(?:ed)?|refus(?:e|ed)|not"
                r"\s+accept(?:ed)?|err(?:ed)?|unsuccessful)\b"),
     "'why did the court reject the argument that…?', 'why was the judge wrong…?'"),
    (re.compile(r"(?i)\bwhat\s+did\s+(?:the\s+)?(?:court|Court of Appeal|judges?|CA|\w+\s+LJ)\s+make\s+of\b"),
     "'what did the court make of that?': the court's answer to a submission"),
)

#: A court rejecting a submission or ground, each form with why it rejects.
REJECTION_SAYS: Table = (
    (re.compile(r"(?i)\b(?:I|we)\s+(?:would\s+)?(?:also\s+)?(?:reject|do\s+not\s+accept|cannot\s+accept|am\s+not\s+"
                r"(?:persuaded|satisfied|convinced)|disagree|would\s+not\s+accept)\b"),
     "'I reject that submission', 'I do not accept…', 'I am not persuaded…'"),
    (re.compile(r"(?i)\b(?:ground|argument|submission|contention|challenge|point)\b[^.;]{0,60}?\b(?:fails|must"
                r"\s+fail|cannot\s+succeed|is\s+rejected|does\s+not\s+succeed|is\s+without\s+merit|is\s+"
                r"misconceived)\b"),
     "'ground 2 fails', 'the argument cannot succeed'"),
    (re.compile(r"(?i)\b(?:the\s+)?(?:judge|tribunal|deputy\s+judge|Recorder)\s+(?:was|were)\s+(?:wrong|right|"
                r"entitled|not\s+entitled)\b|\b(?:erred|fell\s+into\s+(?:\w+\s+)?error|no\s+error\s+of\s+law|misdirected\s+(?:himself|herself|"
                r"itself))\b"),
     "'the judge was wrong to…', 'the tribunal erred': the court's verdict on the decision below"),
    (re.compile(r"(?i)\b(?:can|must|should|is|are|be)\s+(?:\w+\s+)?rejected\b"),
     "'the suggestion … can be rejected outright': a submission rejected in the passive"),
)

#: What the court below decided: the question forms (a court below named only as a party, "JH v Upper
#: Tribunal", or as the history of the appeal, asks nothing about its decision).
_BELOW = (r"(?:deputy\s+(?:High\s+Court\s+)?judge|Recorder|HHJ|(?-i:[A-Z][a-z]+\s+J)(?!\w)|the\s+judge|"
          r"(?:trial|first[-\s]instance|sentencing)\s+(?:judge|court)|"
          r"the\s+tribunal|FtT|First-tier\s+Tribunal|(?-i:(?:HH\s+)?Judge\s+[A-Z][a-z]+|DJ\s+[A-Z][a-z]+|District\s+"
          r"Judge|Master\s+[A-Z][a-z]+))")
_DECIDING = (r"(?:decide|decided|hold|held|find|found|order|ordered|make|made|rule|ruled|conclude|concluded|do|"
             r"discharge|discharged|impose|imposed|convict|convicted|acquit|acquitted|sentence|sentenced)")
LOWER_COURT_ASKED: Table = (
    (re.compile(r"(?i)\b(?:at\s+first\s+instance|at\s+(?:the\s+)?trial|judge\s+below|court\s+below|lower\s+"
                r"court)\b"),
     "'what did the judge decide at first instance / at trial / below?'"),
    (re.compile(rf"(?i)\b{_BELOW}\b[^?]{{0,40}}?\b{_DECIDING}\b"),
     "'what did Recorder X decide…?', 'what order had Morgan J made…?', 'what did Judge Wood QC decide…?', "
     "'what sentence did the trial judge impose?', 'on what basis did the first-instance judge discharge…?': the "
     "judge below and what they decided (the trial judge merely named — 'did the statements hold an admission, as "
     "the trial judge thought?' — asks the appeal court)"),
    (re.compile(r"(?i)\b(?:employment\s+tribunal|(?-i:ET)|(?-i:EJ)\s+[A-Z]\w+|Employment\s+Judge\s+[A-Z]\w+|"
                r"district\s+court|magistrates['\u2019]?\s+court|the\s+tribunal)\b[^?]{0,40}?\b(?:decide|decided|"
                r"hold|held|find|found|order|ordered|rule|ruled|conclude|concluded|uphold|upheld|award|awarded|"
                r"dismiss|dismissed|reject|rejected|think|thought|grant|granted|refuse|refused)\b"),
     "'which claims did the employment tribunal uphold?', 'what did Employment Judge X decide?', 'what did the "
     "district court decide?', 'what did the tribunal think…?': a first-instance tribunal or trial court named by "
     "its kind, and what it decided"),
)

#: What the court below decided, as the appeal judgment reports it.
LOWER_COURT_SAYS: Table = (
    (re.compile(r"(?i)\b(?:the|deputy|learned|trial)\s+(?:deputy\s+|trial\s+|High\s+Court\s+)?(?:judge|Recorder|"
                r"tribunal|FtT|UT|Upper\s+Tribunal|First-tier\s+Tribunal)\s+(?:\w+\s+)?(?:held|found|concluded|"
                r"decided|ordered|accepted|rejected|refused|granted|made|dismissed|allowed|gave|considered)\b"),
     "'the judge held that…', 'the tribunal found…': the decision below reported"),
    (re.compile(r"(?i)\b(?:at\s+first\s+instance|at\s+(?:the\s+)?trial|in\s+the\s+court\s+below|judgment\s+below)"
                r"\b"),
     "'at first instance', 'in the court below'"),
    (re.compile(r"(?i)\bthe\s+judge's\s+(?:order|judgment|decision|conclusion|reasoning|finding)s?\b"),
     "'the judge's order', 'the judge's conclusion'"),
    (re.compile(r"(?i)\b(?:judge|Recorder|tribunal)\b[^.;]{0,80}?\b(?:dismissed|allowed|granted|refused|ordered|"
                r"awarded|struck\s+out|quashed)\b"),
     "'Mr X, sitting as a Deputy High Court judge, dismissed all three claims'"),
    (re.compile(r"(?i)\bappeals?\s+(?:against|from)\s+(?:the\s+|an?\s+)?(?:\w+\s+)?(?:order|decision|judgment|"
                r"determination|dismissal|refusal|grant)\b"),
     "'This is an appeal against the order of …': the opening states what was decided below"),
)

#: what a judge below does in a report of the decision: the verbs that follow the judge's name
_DECIDED_VERBS = (r"dismissed|allowed|granted|refused|ordered|held|found|concluded|decided|determined|ruled|"
                  r"gave\s+(?:summary\s+)?judgment|made|awarded|struck\s+out|quashed|convicted|acquitted|sentenced")

#: A sentence reporting what the court below decided, in the appeal court's narrative: the paragraph kind's
#: "the judge held…" and "judge … dismissed…" (not its "at first instance" or "appeal against the order of",
#: which place a paragraph, not a sentence that says what was decided), and the forms a sentence takes when it
#: names the judge below or the order made.
DECISION_BELOW_SAYS: Table = (
    LOWER_COURT_SAYS[0],
    (re.compile(r"(?i)\b(?:judge|Recorder|tribunal)\b[^.;]{0,80}?\b(?<!was\s)(?<!were\s)(?<!been\s)(?<!be\s)"
                r"(?:dismissed|allowed|granted|refused|ordered|awarded|struck\s+out|quashed|convicted|acquitted|"
                r"sentenced|discharged|stayed|set\s+aside|imposed)\b"),
     "'Mr X, sitting as a Deputy High Court judge, dismissed all three claims', 'the trial judge convicted the "
     "appellant', 'the Judge also discharged the injunction' (a criminal appeal's decision below is a verdict or "
     "sentence, an interlocutory one may discharge or stay; not the passive 'permission to "
     "appeal against the judge's order was granted by…', which reports another court's act)"),
    (re.compile(r"(?-i:\b(?:[A-Z][a-z]+\s+J|HHJ\s+[A-Z][a-z]+|Judge\s+[A-Z][a-z]+|Recorder\s+[A-Z][a-z]+)\b)"
                rf"[^.;]{{0,80}}?\b(?:{_DECIDED_VERBS})\b"),
     "'Dove J, who gave judgment allowing the appeal', 'Recorder Campbell QC gave summary judgment', 'Judge "
     "Hillier dismissed the application': the judge below named, then what they did"),
    (re.compile(r"(?i)\b(?:was|were)\s+ordered\s+to\b"),
     "'Mr X was ordered to pay US$ 17.35 million': the order below, in the passive"),
    (re.compile(r"\b(?:was|were)\s+(?:dismissed|refused|allowed|struck\s+out|quashed|made)\s+by\s+(?:[A-Z][a-z]+\s+J\b|"
                r"(?:HHJ|Judge|Recorder|Master)\s+[A-Z][a-z]+)"),
     "'An earlier application … was dismissed by Lang J in a judgment delivered on…': a named judge below's decision "
     "in the passive (not 'permission was granted by Males LJ', another court's act; not 'by the Recorder', which "
     "on the spent sets beat the sentence saying what the Recorder decided)"),
    (re.compile(r"(?i)\b(?:judge|Recorder|tribunal)\b[^.;]{0,40}?\b(?:determined|ruled|decided)\s+that\b"),
     "'in dismissing the challenge, the judge determined that…'"),
)

#: The appeal court speaking in its own voice — a first person with a verb of voting or judging, "in my view" —
#: so the sentence is the court's view or vote ("I would dismiss the appeal", "I agree with the judge that…"),
#: not its report of what was decided below ("a judgment which I discuss below, Judge X dismissed…" is one).
OWN_VOICE = re.compile(r"(?-i:\b(?:I|[Ww]e)\s+(?:would|will|shall|should|must|can|cannot|agree|accept|consider|"
                       r"think|do\s+not|am|are|reject|find|hold|conclude|respectfully|have\s+(?:concluded|"
                       r"decided|reached|no\s+doubt))\b|\b[Ii]n\s+(?:my|our)\s+(?:judgment|view|opinion)\b)")


#: What the court below should or might have done is the appeal court's criticism, not what was decided there
#: ("He should have either dismissed the application or…"; the judge below as the subject: "holding that the
#: application should have been granted" reports a holding); a sentence ending in a question mark (a heading
#: "should the judge have granted summary judgment?") asks, and reports nothing.
COUNTERFACTUAL = re.compile(r"(?i)\b(?:he|she|they|it|(?:the\s+)?(?:judge|Recorder|tribunal))\s+(?:should|ought\s+to|"
                            r"could|would|might|must)\s+(?:not\s+)?have\s+(?:been\s+|\w+\s+)?\w+ed\b|\?\s*$")


def reports_decision_below(sentence: str) -> bool:
    """Whether ``sentence`` reports what the court below decided (:data:`DECISION_BELOW_SAYS`), in the appeal
    court's narrative rather than its own voice (:data:`OWN_VOICE`), not as what it should have done
    (:data:`COUNTERFACTUAL`) and not as a party's case about it ("she submits that the judge fell into error":
    :data:`pincite.legal.language.ARGUMENT`)."""
    return any(p.search(sentence) for p, _ in DECISION_BELOW_SAYS) and not OWN_VOICE.search(sentence) \
        and not COUNTERFACTUAL.search(sentence) and not ARGUMENT.search(sentence)


#: The judge below as a question names them: "Dove J", "Recorder Campbell QC", "HHJ Wright", "Judge Hillier"
#: — the name a sentence reporting that judge's decision repeats.
JUDGE_BELOW_NAMED = re.compile(r"(?-i:\b([A-Z][a-z]+)\s+J\b(?!\w)|\b(?:Recorder|HHJ|Judge|Master|DJ)\s+([A-Z][a-z]+))")


def judges_below_named(question: str) -> set[str]:
    """The surnames of the judges below ``question`` names (:data:`JUDGE_BELOW_NAMED`)."""
    return {a or b for a, b in JUDGE_BELOW_NAMED.findall(question)}


#: the same verbs, and "holding" ("Dove J, holding that …"), after a judge a question names
_DECIDED = rf"(?:{_DECIDED_VERBS}|holding)"


def names_deciding(sentence: str, names: set[str]) -> bool:
    """Whether ``sentence`` has one of the judges ``names`` as the one deciding — the name, then within a clause
    what they did ("Dove J, who gave judgment allowing the appeal"), or the decision in the passive with the judge
    as its agent ("was dismissed by Lang J"), not a judge named in passing ("the submission that Judge X was right
    and Dove J wrong")."""
    return any(re.search(rf"\b{re.escape(n)}\b[^.;]{{0,60}}?\b{_DECIDED}\b|\b(?:was|were)\s+{_DECIDED}\s+by\s+"
                         rf"(?:\w+\s+)?{re.escape(n)}\b", sentence) for n in names)


def asks_lower_court(question: str) -> bool:
    """Whether ``question`` asks what the court below decided (:data:`LOWER_COURT_ASKED`)."""
    return any(p.search(question) for p, _ in LOWER_COURT_ASKED)


#: A question asking what the appeal court itself did ("the grandparents appealed HHJ X's refusal … What did the
#: Court of Appeal ultimately order?"): the judge below is its history, not what it asks.
APPEAL_COURT_DECIDING = re.compile(r"(?i)\b(?:Court\s+of\s+Appeal|CA|appeal\s+court|this\s+court)\s+(?:\w+\s+)?"
                                   r"(?:order|decide|hold|held|rule|conclude|make|made|do|did|say|said)\w*\b")


#: A judge of an appeal court named by title ("Arnold LJ", "Sir Geoffrey Vos MR", "Lady Justice King"): a
#: question naming one ("did Arnold LJ think the judge below got the test right?") asks that judge's view.
APPEAL_JUDGE_NAMED = re.compile(r"(?-i:\b[A-Z][a-z]+\s+(?:LJJ?|MR|SPT|C|P|VP|LCJ)\b|\bL(?:ord|ady)\s+Justice\s+[A-Z])")


#: A judge named by title in either form — "Arnold LJ", "Lady Justice King", "Lord Sales", "Lady Hale": a
#: question naming one asks that judge's reasons, which no other judge's words answer ("Re C-D" names a case,
#: not a judge "C").
JUDGE_NAMED = re.compile(rf"(?!Re\s){APPEAL_JUDGE_NAMED.pattern}|(?-i:\bL(?:ord|ady)\s+(?!Justice\b|Chief\b|Chancellor\b)"
                         r"[A-Z][a-z]+)")


#: A judge named with a title, either order, and the surname it gives (group 1): a question naming the judge
#: whose reasons a single-voice judgment holds ("In Matar, Eady P found…", "Judge Stout's panel") asks those
#: reasons.  Each form with its reason; a "Lord Justice X" is read before a "Lord X".
JUDGE_SURNAME: Table = (
    (re.compile(r"(?-i:\bL(?:ord|ady)\s+Justice\s+([A-Z][a-z'’-]+))"), "'Lord Justice Males': office then surname"),
    (re.compile(r"(?-i:\b([A-Z][a-z'’-]+)\s+(?:LJJ?|JJ?|MR|SPT|C|P|VP|LCJ|CJ|JSC)(?![\w-]))"),
     "'Eady P', 'Males LJ', 'Fraser J': surname then title"),
    (re.compile(r"(?-i:\b(?:Judge|Justice|Lord|Lady|HHJ)\s+(?!Justice\b)([A-Z][a-z'’-]+))"),
     "'Judge Stout', 'Justice Kagan', 'Lord Sales', 'HHJ Auerbach': title then surname"),
)


def judge_surnames(question: str) -> set[str]:
    """The surnames of the judges ``question`` names with a title (:data:`JUDGE_SURNAME`)."""
    return {re.sub(r"['’]s$", "", m.group(1)) for p, _ in JUDGE_SURNAME for m in p.finditer(question)}


#: A judge asked about as the one who acted ("Did Lang J order costs…?", "What order had Morgan J made…?", "Why did
#: HHJ Gosnell allow the first appeal…?"), the surname in group 1: where that judge is not one of the judgment's
#: own voices (a judge below, an earlier judge), what the judge did is reported in a paragraph naming them — a
#: paragraph that does not is the court's own act, another question's answer.
JUDGE_ACTING = re.compile(r"(?i:\b(?:did|had|has|does|do)\s+)(?:(?:(?i:HHJ|His\s+Honour\s+Judge|Judge|Justice|Master|"
                          r"Employment\s+Judge|Associate\s+Judge|District\s+Judge|Deputy\s+Judge)\s+([A-Z][a-z'’-]+))|"
                          r"([A-Z][a-z'’-]+)\s+(?:LJJ?|JJ?|MR|P|VP|LCJ|CJ|JSC))(?:\s+(?:QC|KC))?\s+(?i:(?:\w+\s+)?"
                          r"(?:order|decide|make|made|grant|refuse|award|find|hold|rule|dismiss|allow|direct|declare|"
                          r"sentence|strike|set\s+aside)\w*)\b")


def judges_acting(question: str) -> set[str]:
    """The surnames of the judges ``question`` asks what they did (:data:`JUDGE_ACTING`)."""
    return {m.group(1) or m.group(2) for m in JUDGE_ACTING.finditer(question)}


#: The header block naming the judges who decided ("Before :\nTHE HONOURABLE MRS JUSTICE EADY DBE, PRESIDENT",
#: "Before Howard, Chief Judge, Selya and Barron, Circuit Judges."), up to the parties ("Between", "- - -").
BEFORE_BLOCK = re.compile(r"(?s)\bBefore\s*:?\s*(.{3,400}?)(?:\n\s*-\s-|\bBetween\b|\n\s*\n\s*[A-Z][a-z]+\s[A-Z]\.|$)")


def asks_decision_below(question: str) -> bool:
    """Whether ``question`` asks only what the court below decided — the decision below itself, not why it was
    wrong (:data:`WHY_FAILED_ASKED`: the appeal court's reasons answer that), what the appeal court did with it
    (:data:`APPEAL_COURT_DECIDING`) or what one of its judges thought of it (:data:`APPEAL_JUDGE_NAMED`)."""
    return asks_lower_court(question) and not any(p.search(question) for p, _ in WHY_FAILED_ASKED) \
        and not APPEAL_COURT_DECIDING.search(question) and not APPEAL_JUDGE_NAMED.search(question) \
        and not APPEAL_VIEW_ASKED.search(question)


#: A question about the decision below that asks the appeal court's reasons or view of it — why it was made,
#: what the majority or a dissent made of it, where it went wrong, whether the judge was right to, whether
#: something was so "as the trial judge found" — is answered by the appeal court's reasons,
#: not by the sentence reporting the decision below.
APPEAL_VIEW_ASKED = re.compile(r"(?i)\bwhy\b|\b(?:majority|minority|dissent\w*)\b|\bwent\s+wrong\b|\berr(?:ed)?\b|"
                               r"\b(?:right|wrong|entitled|justified|correct)\s+to\b|\bas\s+the\s+(?:\w+\s+)?"
                               r"(?:judge|court|tribunal|Recorder)\s+(?:had\s+)?(?:found|held|thought|said|concluded)\b")


#: Why a ground, argument, claim or the appeal failed or succeeded, beyond :data:`WHY_FAILED_ASKED`: the forms a
#: question asking for the court's reasons on one point takes (issue 52, "answers a new writer gets").
WHY_GROUND_ASKED: Table = (
    (re.compile(r"(?i)\bwhy\s+(?:did|does|do|was|were|is|are|had|has|would|could|should|must|might|can)(?:n[o'\u2019]?t)?"
                r"\b|\bwhy\s+(?:couldn|wouldn|wasn|weren|isn|didn|hadn|hasn|can)[\u2019']?t\b|\bwhy\s+not\b"),
     "'why didn't the money reduce…?', 'why wouldn't X LJ keep…?', 'why was the review held lawful?': a why "
     "question about a judgment asks the court's reasons"),
    (re.compile(r"(?i)\bon\s+what\s+(?:basis|grounds?|reasoning)\b|\bfor\s+what\s+reasons?\b"),
     "'on what basis did the Court of Appeal find HHJ X wrong…?' ('what reason did the district judge give…?' "
     "asks the reasons below, not the court's: not here)"),
    (re.compile(r"(?i)\b(?:was|were|is)\s+(?:it|the\s+(?:\w+\s+)?(?:judge|tribunal|court|Recorder|FtT|UT))\s+"
                r"(?:\w+\s+)?(?:right|wrong|entitled|justified|correct)\s+to\b"),
     "'was the circuit judge right to compare…?', 'was it wrong to make a final care order…?': the court's "
     "verdict on the decision below, with its reasons"),
    (re.compile(r"(?i)\bdid\s+(?:the\s+)?(?:\w+\s+)?(?:judge|tribunal|court\s+below|Recorder|FtT)\s+(?:go\s+wrong|err|"
                r"fall\s+into\s+error|misdirect|fail\s+to)\b"),
     "'did the judge go wrong by not…?', 'did the tribunal err…?'"),
    (re.compile(r"(?i)\bwhat\s+(?:view|criticism|criticisms)\s+did\b|\bwhat\s+did\b[^?]{0,80}?\bmake\s+of\b"),
     "'what view did X LJ take of…?', 'what criticism did the court make of…?', 'what did Males LJ make of "
     "that?': the court's answer to a point"),
    (re.compile(r"(?i)\bground\s+(?:of\s+appeal\s+)?(?:\(?\d+\)?|\(?[ivx]+\)?)(?!\w)|\b(?:first|second|third|fourth|"
                r"fifth|sixth|seventh|eighth|ninth|tenth|last|final)\s+ground\b|\bground\s+(?:of\s+appeal\s+)?"
                r"(?:about|concerning|relating\s+to|on|that)\b"),
     "'ground 2', 'the second ground', 'the ground of appeal about structural concerns': one ground asked of"),
)

_ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8,
             "ninth": 9, "tenth": 10}
_ROMAN = {"i": 1, "ii": 2, "iii": 3, "iv": 4, "v": 5, "vi": 6, "vii": 7, "viii": 8, "ix": 9, "x": 10}

#: A ground (or issue) named by its number: "ground 2", "Ground (3)", "ground ii", "the second ground" — as a
#: question names it and as a judgment's heading or conclusion does.
GROUND_NUMBER = re.compile(r"(?i)\b(?:grounds?|issues?)\s+(?:of\s+appeal\s+)?(?:no\.?\s*)?\(?(\d+|[ivx]+)\)?(?![\w(])"
                           r"|\b(first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth)\s+"
                           r"(?:ground|issue)\b")


def ground_numbers(text: str) -> set[int]:
    """The numbers of the grounds (or issues) ``text`` names (:data:`GROUND_NUMBER`)."""
    out: set[int] = set()
    for m in GROUND_NUMBER.finditer(text):
        n = (m.group(1) or "").lower()
        if n.isdigit():
            out.add(int(n))
        elif n in _ROMAN:
            out.add(_ROMAN[n])
        elif m.group(2):
            out.add(_ORDINALS[m.group(2).lower()])
    return out


#: A heading that names one ground or issue of the appeal ("Ground 2", "Ground 3: the judge's approach to…",
#: "The second ground", "Issue 4"): the paragraphs under it dispose of that ground.
GROUND_HEADING = re.compile(r"(?i)^\W*(?:(?:the\s+)?(?:appellant['\u2019]s\s+|respondent['\u2019]s\s+)?"
                            r"(?:grounds?|issues?)\s+(?:of\s+appeal\s+)?(?:no\.?\s*)?\(?(?:\d+|[ivx]+)\)?(?![\w(])"
                            r"|the\s+(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth)\s+"
                            r"(?:ground|issue))")

#: Words a heading and a question share that say nothing of which ground is meant: every ground is a ground of
#: the appeal against the judge's decision.
GENERIC_HEADING_TERMS = frozenset(terms(
    "ground grounds appeal appeals issue issues judge judges court decision argument arguments submission "
    "submissions discussion analysis conclusion conclusions reasons reasoning determination background facts "
    "introduction law legal wrong right error lord lady justice"))

#: A sentence disposing of one ground or argument in the court's own voice, beyond :data:`REJECTION_SAYS`:
#: the conclusion a ground's section ends with.
GROUND_DISPOSED_SAYS: Table = (
    (re.compile(r"(?i)\b(?:ground|argument|submission|contention|challenge|complaint|criticism|point)s?\b"
                r"[^.;]{0,80}?\b(?:fails?|succeeds?|must\s+fail|(?:is|are)\s+(?:not\s+)?made\s+out|(?:is|are)\s+"
                r"(?:well|ill)[\s-]founded|(?:is|are)\s+(?:dismissed|rejected|upheld|allowed))\b"),
     "'I would therefore hold that ground 3 … fails', 'this ground succeeds', 'the complaint is not made out'"),
    (re.compile(r"(?-i:\b(?:I|[Ww]e)\b)[^.;]{0,60}?\b(?i:dismiss|reject|allow|uphold)\s+(?:this|that|the|each|both|"
                r"all)\s+(?:\w+\s+){0,2}?(?i:grounds?|arguments?|submissions?|challenges?|complaints?)\b"),
     "'I would therefore dismiss this ground of appeal', 'I would reject the second ground'"),
    (re.compile(r"(?i)\bI\s+(?:would\s+)?(?:accept|agree\s+with)\s+(?:this|that|the|these|those|his|her|their|"
                r"[A-Z]\w+['\u2019]s)\b[^.;]{0,40}?\b(?:submissions?|arguments?|contentions?|points?|analysis)\b"),
     "'I accept this submission', 'I agree with Mr X's analysis': the court adopting one side's reasons"),
)

#: A sentence in which the court gives its own reasons on a point (its view, its verdict on the decision below,
#: its answer to a submission), beyond :data:`REJECTION_SAYS` and :data:`GROUND_DISPOSED_SAYS`.
REASON_SAYS: Table = (
    (re.compile(r"(?i)\bin\s+(?:my|our)\s+(?:judgment|view|opinion)\b|\bit\s+seems\s+to\s+(?:me|us)\b"),
     "'In my judgment…', 'In my view…', 'it seems to me that…': the court's own view"),
    (re.compile(r"(?-i:\b(?:I|[Ww]e)\s+(?:do\s+not|don['\u2019]t|cannot|can)\s+(?:\w+\s+)?(?:consider|think|see|accept|"
                r"agree|regard)|\bI\s+(?:consider|think|accept|agree|regard|conclude|find))\b"),
     "'I do not consider that…', 'I can see nothing wrong…', 'I accept…', 'I agree with Mr X that…'"),
    (re.compile(r"(?i)\b(?:was|were|is|are)\s+(?:\w+\s+)?(?:entitled|right|wrong|correct|justified)\s+to\b"),
     "'HHJ X was entitled to conclude…', 'the judge was right to find…': the court's verdict on the decision"),
    (re.compile(r"(?i)\b(?:misconceived|fatal\s+flaw|fell\s+into\s+(?:\w+\s+)?error|error\s+of\s+law|perverse|"
                r"no\s+(?:proper\s+|real\s+|good\s+)?(?:basis|analogy|need|justification|merit|reason)\s+(?:for|to|"
                r"in|why)|cannot\s+(?:apply|succeed|stand|be\s+sustained))\b"),
     "'was misconceived', 'suffers from a fatal flaw', 'fell into error', 'there is no proper analogy…', "
     "'Regulation 11 cannot apply…'"),
)


#: A sentence whose reasons are given before it, not in it: a conclusion resting on what precedes ("For
#: these reasons, I do not consider…", "It follows, in our judgment, that…", "similar considerations must
#: apply", "the matters I have referred to above").  Asked why, the paragraphs before it answer (issue 52: on
#: the spent sets a why question's cited paragraph next to the gold one was such a conclusion, the gold its
#: reasons above).
_OPENS = r"(?i)^\W*(?:\d+\.?\s+|\[\d+\]\s*)?(?:(?:so|and|thus|accordingly)\s*,?\s+)?"
_SAID = r"(?:given|set\s+out|explained|stated|identified)"
RESTS_ON_ABOVE: Table = (
    (re.compile(_OPENS + r"for\s+(?:(?:all\s+)?(?:of\s+)?(?:these|those|the\s+(?:above|foregoing|same))\b"
                r"[^.;]{0,30}?\breasons?\b|(?:all\s+)?the\s+reasons?\s+(?:(?:I|we)\s+have\s+" + _SAID + r"|"
                + _SAID + r"\s+(?:above|earlier)))"),
     "'For these reasons, I do not consider…', 'For all those reasons…', 'For the reasons given above…'"),
    (re.compile(_OPENS + r"(?:it|this|that)\s+(?:therefore\s+|accordingly\s+)?follows\b"),
     "'It follows, in our judgment, that Ashley did not establish…': a conclusion from what precedes"),
    (re.compile(r"(?i)\b(?:similar|the\s+same)\s+(?:considerations|reasoning|points?|reasons)\s+"
                r"(?:must\s+|would\s+|also\s+)*appl(?:y|ies)\b"),
     "'similar considerations must apply': the reasons given for another point, above"),
    (re.compile(r"(?i)\b(?:matters|points|reasons|factors|considerations)\s+(?:which\s+|that\s+)?"
                r"(?:(?:I|we)\s+have\s+)?(?:referred\s+to|identified|set\s+out|mentioned|discussed|described|"
                r"explained)\s+(?:above|earlier)\b"),
     "'the very important matters I have referred to above': the matters are said above, not here"),
)


def rests_on_above(sentence: str) -> bool:
    """Whether ``sentence`` is a conclusion whose reasons are given before it (:data:`RESTS_ON_ABOVE`)."""
    return any(p.search(sentence) for p, _ in RESTS_ON_ABOVE)


#: The test or standard: question forms beyond decisions.TEST_ASKED.
TEST_MORE_ASKED: Table = (
    (re.compile(r"(?i)\b(?:test|standard|threshold|criteria|criterion|principles?|approach)\b"),
     "'what modified criteria…', 'the principle set out in…', 'what legal test…'"),
    (re.compile(r"(?i)\bhow\s+(?:intense|intensive|strict|closely|anxious)\b|\bwhen\s+will\s+(?:the\s+)?court\b"),
     "'how intense should the scrutiny be?', 'when will the court refuse…?': the standard applied"),
)

#: The test or standard, beyond decisions.TEST_SENTENCE.
TEST_MORE_SAYS: Table = (
    (re.compile(r"(?i)\b(?:the\s+)?(?:relevant\s+|applicable\s+|following\s+)?(?:principles?|criteria|test)\s+"
                r"(?:are|is|was|were|to\s+be\s+applied|applicable|which\s+appl(?:y|ies))\b"),
     "'the principles are…', 'the test to be applied'"),
    (re.compile(r"(?i)\b(?:should|will|must)\s+(?:also\s+)?(?:decline|refuse|not)\b[^.;]{0,40}?\b(?:unless|where|"
                r"if)\b"),
     "'the court should decline to … where …': a rule stated as its conditions"),
    (re.compile(r"(?i)\btest\b[^.;]{0,30}?\bis\s+whether\b|\bstandard\s+of\s+(?:proof|review|scrutiny)\b"),
     "'the applicable test in law is whether…', 'the civil standard of proof'"),
    (re.compile(r"(?i)\b(?:summari[sz]e|set\s+out|state)\s+(?:this|them|the\s+(?:position|principles?|criteria|"
                r"requirements))\s+as\s+follows\b|\(1\)[^()]{10,300}\(2\)"),
     "'I would summarise this as follows: (1) … (2) …': conditions set out one by one"),
)

#: A test or standard asked in other forms than a named "test" (issue 52: new writers ask it as what a party must
#: show, what something requires, who bears the burden, how readily a court intervenes), each with its reason.
TEST_FORMS_ASKED: Table = (
    (re.compile(r"(?i)\bwhat\s+(?:must|does|do|did|would|should)\s+(?:an?\s+|the\s+)?[\w'’ -]{0,40}?\b"
                r"(?:have\s+to\s+|need\s+to\s+)?(?:show|prove|establish|demonstrate|satisfy)\b"),
     "'what must a claimant show?', 'what does the applicant have to prove?': the elements a party must make out"),
    (re.compile(r"(?i)\bwhat\s+(?:other\s+|two\s+|three\s+|four\s+)?(?:elements|requirements|conditions|factors|"
                r"considerations|ingredients)\b"),
     "'what elements of promissory estoppel…?', 'what other factors must be considered?': the parts of a test"),
    (re.compile(r"(?i)\b(?:has|have)\s+to\s+be\s+(?:considered|shown|proved|established|satisfied)\b|\bwhat\s+must\b"
                r"[^?]{0,60}?\b(?:set\s+out|contain|include)\b"),
     "'what did X say has to be considered?', 'what must the notice set out?': what the law requires"),
    (re.compile(r"(?i)\bwhen\s+(?:can|will|may|should|would)\s+(?:a|an|the)\s+(?:[\w-]+\s+){0,2}?(?:court|tribunal|"
                r"judge|Circuit)\b"),
     "'when can a court approve…?', 'when will the First Circuit treat…?': the conditions a court applies"),
    (re.compile(r"(?i)\bhow\s+much\s+weight\b"), "'how much weight does X carry?': the standard for weighing a factor"),
    (re.compile(r"(?i)\bwhat\s+does\b[^?]{0,80}?\brequire\b|\bwhat\s+is\s+required\b"),
     "'what does the principle of non-refoulement require?': the conditions a rule sets"),
    (re.compile(r"(?i)\b(?:who\s+bears|burden\s+of\s+proof|which\s+party\s+must\s+prove)\b"),
     "'who bears the burden…?', 'what burden of proof approach…?': the standard of proof"),
    (re.compile(r"(?i)\bhow\s+(?:readily|far|willing)\s+(?:will|would|should|can|may|does|do)\b"),
     "'how readily will an appeal court interfere…?': the standard of intervention"),
    (re.compile(r"(?i)\bis\s+it\s+(?:enough|sufficient)\b|\bmust\s+(?:it|they|he|she)\s+(?:know|show|prove)\b"),
     "'is it enough that the employer knows…, or must it know…?': what suffices to meet a test"),
)

#: A sentence stating a test in other forms than TEST_SENTENCE/TEST_MORE_SAYS: what a party must show, what a
#: rule requires, where the burden lies, when a court will intervene, each with its reason.
TEST_FORMS_SAYS: Table = (
    (re.compile(r"(?i)\b(?:must|has\s+to|have\s+to|needs?\s+to|is\s+required\s+to|can)\s+(?:\w+\s+){0,2}?"
                r"(?:show|prove|establish|demonstrate|satisfy|make\s+(?:out|a\s+[\w-]+(?:\s+[\w-]+)?\s+showing))\b"),
     "'the claimant must show…', 'if an appellant can make a three-part showing…': what a party must make out"),
    (re.compile(r"(?i)\b(?:requires?|required)\s+(?:that\b|“|\"|evidence\s+of|proof\s+of|(?:an?\s+|the\s+)?"
                r"(?:\w+\s+){0,2}?(?:link|showing|finding|element))"),
     "'promissory estoppel requires evidence of (1)…', 'it requires that refugees are not returned…'"),
    (re.compile(r"(?i)\bthe\s+(?:legal\s+|evidential\s+)?burden\s+(?:of\s+proof\s+)?(?:lies|rests|is)\s+on\b|"
                r"\bit\s+(?:will\s+be|is)\s+for\s+the\s+\w+\s+to\s+(?:prove|show|establish)\b"),
     "'the burden lies on the applicant…', 'it will be for the respondent to prove…': where the burden lies"),
    (re.compile(r"(?i)\b(?:will|should)\s+(?:be\s+(?:slow|reluctant|cautious)|only|not\s+(?:normally|lightly|"
                r"readily))\s+(?:to\s+)?(?:interfere|overturn|intervene|disturb|be\s+)"),
     "'an appellate court will be slow to overturn…': the standard of appellate intervention"),
    (re.compile(r"(?i)\bwhat\s+is\s+(?:necessary|required|needed)\s+is\b|\bit\s+is\s+(?:not\s+)?(?:enough|"
                r"sufficient|necessary)\s+(?:that|to|for)\b"),
     "'what is necessary is not that the employer know…, but…', 'it is enough that…': what suffices"),
    (re.compile(r"(?i)\bin\s+order\s+to\s+(?:qualify|succeed|establish|bring|show|prove|satisfy)\b"),
     "'in order to qualify as a safe third country, it must…': the conditions of a status or claim"),
    (re.compile(r"(?i)\bthere\s+is\s+an?\s+[\w-]+\s+(?:if|where|when|only\s+if)\b"),
     "'there is a detriment if a reasonable employee might consider…': a definition as its test"),
    (re.compile(r"(?i)\b(?:the\s+law|the\s+authorities|the\s+case\s+law)\b[^.;]{0,80}?\b(?:emphasi[sz]es|"
                r"establish(?:es)?|requires?|makes?\s+clear)\s+that\b"),
     "'the law … emphasises that removal…': the law stated as the standard"),
    (re.compile(r"(?-i:\b(?:we|I|We)\b)\s+(?:would\s+|therefore\s+)?(?:adopt|apply|prefer|endorse|follow)\s+the\s+"
                r"(?:\w+\s+){0,2}?(?:approach|test|formulation|analysis)\b"),
     "'we adopt the approach of this Court in Official Assignee v Wilson…': the court choosing the test it applies"),
    (re.compile(r"(?i)\b(?:sets?\s+out|lays?\s+down|identif(?:y|ies))\s+(?:two|three|four|five|\d+|the)\s+"
                r"(?:principles|requirements|conditions|elements|factors|stages|questions)\b"),
     "'it only sets out two principles: …': a test listed"),
)

KINDS: tuple[ParagraphKind, ...] = (
    ParagraphKind("outcome", (*OUTCOME_ASKED, *OUTCOME_MORE_ASKED), (*DISPOSAL_SENTENCE, *ORDER_SAYS), "end"),
    ParagraphKind("costs", ((COSTS_ASKED, "a costs question (decisions.COSTS_ASKED)"),), COSTS_SENTENCE, "end"),
    ParagraphKind("why-failed", WHY_FAILED_ASKED, REJECTION_SAYS),
    ParagraphKind("lower-court", LOWER_COURT_ASKED, LOWER_COURT_SAYS, "start"),
    ParagraphKind("test", ((TEST_ASKED, "a test question (decisions.TEST_ASKED)"), *TEST_MORE_ASKED),
                  (*TEST_SENTENCE, *TEST_MORE_SAYS)),
)


#: A sentence opening on a supposition ("Had he made good that claim then in my view the case would have had to
#: be remitted", "Were the appellant right, …"): what the court would have held on other facts, not its reasons.
HYPOTHESIS_OPENING = re.compile(r"^\W*(?:\d+\.\s+)?(?:Had|Were)\s+(?:he|she|they|it|we|I|the\s+\w+|[A-Z][a-z]+)\b")


def asks_why_ground(question: str) -> bool:
    """Whether ``question`` asks why a ground, argument, claim or appeal failed or succeeded — the court's
    reasons on one point (:data:`WHY_FAILED_ASKED`, :data:`WHY_GROUND_ASKED`)."""
    return any(p.search(question) for p, _ in (*WHY_FAILED_ASKED, *WHY_GROUND_ASKED))


def gives_reasons(sentence: str) -> bool:
    """Whether ``sentence`` is the court giving its reasons on a point in its own words — a rejection, a
    ground disposed of, its view (:data:`REJECTION_SAYS`, :data:`GROUND_DISPOSED_SAYS`, :data:`REASON_SAYS`)
    — and not a party's case recorded (:data:`pincite.legal.language.ARGUMENT`), a report of the decision
    below (:func:`reports_decision_below`) or a question it asks itself (a heading "was the judge wrong…?")."""
    if sentence.rstrip().endswith("?") or ARGUMENT.search(sentence) or reports_decision_below(sentence) \
            or COUNTERFACTUAL.search(sentence) or HYPOTHESIS_OPENING.search(sentence):
        return False
    return any(p.search(sentence) for p, _ in (*GROUND_DISPOSED_SAYS, *REJECTION_SAYS, *REASON_SAYS))


def disposes_ground(sentence: str) -> bool:
    """Whether ``sentence`` disposes of a ground or argument (:data:`GROUND_DISPOSED_SAYS`,
    :data:`REJECTION_SAYS`), not of a party's case recorded."""
    return not ARGUMENT.search(sentence) and not sentence.rstrip().endswith("?") \
        and any(p.search(sentence) for p, _ in (*GROUND_DISPOSED_SAYS, *REJECTION_SAYS))


#: Sentences that look like a test stated but are not the court stating it, each with its reason.
NOT_A_TEST_STATED: Table = (
    (re.compile(r"(?i)\b(?:submitted|submits|argued|argues|contended|contends|urged)\b\s*(?:as\s+follows\s*)?[:\u2014]"),
     "'Mr X submitted: (1) …': counsel's case introduced, not the court's test"),
    (re.compile(r"(?i)\b(?:debate|dispute|disagreement|argument)\s+(?:as\s+to\s+|about\s+|on\s+)?whether\b"),
     "'There was a debate whether the test … should be…': the issue raised, not the test the court states"),
)


def asks_test(question: str) -> bool:
    """Whether ``question`` asks the legal test or standard applied, in any of its forms
    (:data:`~pincite.legal.decisions.TEST_ASKED`, :data:`TEST_MORE_ASKED`, :data:`TEST_FORMS_ASKED`)."""
    return bool(TEST_ASKED.search(question)) or any(p.search(question) for p, _ in (*TEST_MORE_ASKED,
                                                                                    *TEST_FORMS_ASKED))


def states_test(sentence: str) -> bool:
    """Whether ``sentence`` states a test or standard in the court's own words
    (:data:`~pincite.legal.decisions.TEST_SENTENCE`, :data:`TEST_MORE_SAYS`, :data:`TEST_FORMS_SAYS`) — not a
    party's case recorded (:data:`pincite.legal.language.ARGUMENT`), not the decision below reported, not a
    question the court asks itself, not a supposition."""
    if sentence.rstrip().endswith("?") or ARGUMENT.search(sentence) or reports_decision_below(sentence) \
            or COUNTERFACTUAL.search(sentence) or HYPOTHESIS_OPENING.search(sentence) \
            or any(p.search(sentence) for p, _ in NOT_A_TEST_STATED):
        return False
    return any(p.search(sentence) for p, _ in (*TEST_SENTENCE, *TEST_MORE_SAYS, *TEST_FORMS_SAYS))


#: How a question asks what something is, what it covers or requires ("what is the irreducible core of a
#: trustee's obligations?", "what kind of torts are exemplary damages confined to?"), each with its reason: the
#: sentence with the thing asked about as its subject says it (:func:`states_what_asked`).
WHAT_IT_IS_ASKED: Table = (
    (re.compile(r"(?i)\bwhat\s+(?:is|are|was|were)\s+(?:the|an?)\b"),
     "'what is the irreducible core of obligations of a trustee?': the thing named, stated"),
    (re.compile(r"(?i)\bwhat\s+(?:kinds?|sorts?|types?|forms?)\s+of\b"),
     "'what kind of torts are they confined to?', 'what kind of intention has to be proved?': its scope stated"),
    (re.compile(r"(?i)\bwhat\s+(?:does|do|did)\b[^?]{0,60}?\bmean\b|\bwhat\s+counts\s+as\b"),
     "'what does \"serious harm\" mean?', 'what counts as a detriment?': the meaning stated"),
)

#: A sentence opening on its subject and what is said of it: the subject (up to ten words, no clause break) and
#: the verb that states it ("The irreducible core of obligations owed by a trustee are…", "Exemplary damages are
#: to be confined to…", "A sham requires…").
SUBJECT_STATED = re.compile(r"^\W*(?:\[\d+\]|\d+\.)?\s*(?:(?:The|An?|This|That|Such)\s+)?([A-Za-z][\w'’-]*(?:\s+"
                            r"[\w'’()-]+){0,9}?)\s+(?:is|are|was|were|must|requires?|means|includes?|will\s+be|"
                            r"can\s+only|may\s+only)\b")


#: How a question asks what a party argued ("what did Mr X submit?", "what was the appellant's argument?"):
#: the party's case recorded answers it, not the court's reply to it.
ARGUMENT_ASKED = re.compile(r"(?i)\bwhat\s+(?:did|does|do|had|was|were)\b[^?]{0,80}?\b(?:argu\w*|submi\w*|contend\w*|"
                            r"conten\w*|assert\w*|allege\w*|case|say|said)\b(?![^?]{0,40}\b(?:court|judge|tribunal|"
                            r"panel)\b[^?]{0,20}\b(?:make|say|said|do|hold|held|decide|think|respond)\w*)|\bon\s+what\s+"
                            r"basis\s+did\b[^?]{0,80}?\b(?:argu|submi|contend)\w*")


def asks_argument(question: str) -> bool:
    """Whether ``question`` asks what a party argued or what issues arose (:data:`ARGUMENT_ASKED`,
    :data:`ISSUES_ASKED`)."""
    return bool(ARGUMENT_ASKED.search(question) or ISSUES_ASKED.search(question))


#: How a question asks what the issues were ("what questions arose…?", "which issues did the court identify?").
ISSUES_ASKED = re.compile(r"(?i)\b(?:what|which)\s+(?:\w+\s+){0,2}?(?:issues?|questions?)\b")

#: A sentence posing an issue the court goes on to answer, each with its reason: the answer is in the paragraphs
#: after it, not in it.
ISSUE_POSED: Table = (
    (re.compile(r"(?i)\(\s*(?:[a-h]|i{1,3}|iv|v|vi{1,3}|\d{1,2})\s*\)\s+whether\b"),
     "'Issues have arisen as to: (a) …; and (b) whether, as a matter of law, proof of a sham requires…': an issue "
     "listed, answered later ('In respect of the second question, we adopt…')"),
    (re.compile(r"(?i)\b(?:issues?|questions?)\s+(?:have|has)\s+(?:also\s+)?arisen\b"),
     "'Issues have arisen in the context of trusts as to…': the issues introduced"),
)


def poses_issue(sentence: str) -> bool:
    """Whether ``sentence`` poses an issue the court answers after it (:data:`ISSUE_POSED`) without stating a test
    or giving reasons itself."""
    return any(p.search(sentence) for p, _ in ISSUE_POSED) and not states_test(sentence) \
        and not gives_reasons(sentence)


def asks_what_it_is(question: str) -> bool:
    """Whether ``question`` asks what something is, covers or requires (:data:`WHAT_IT_IS_ASKED`) or the test
    for it (:func:`asks_test`)."""
    return asks_test(question) or any(p.search(question) for p, _ in WHAT_IT_IS_ASKED)


def states_what_asked(sentence: str, question: str) -> bool:
    """Whether ``sentence`` opens on the thing ``question`` asks about as its subject and says what it is
    (:data:`SUBJECT_STATED`): at least two of the subject's content words are the question's, and at least two
    in three of them — "The irreducible core of obligations owed by a trustee are the obligations to act honestly"
    for "what is the irreducible core of obligations of a trustee?", not "The Judge was…" (one word shared) nor a
    subject about something else that shares one phrase.  Not a party's case recorded, not a question."""
    m = SUBJECT_STATED.search(sentence.replace("\n", " "))
    if m is None or sentence.rstrip().endswith("?") or ARGUMENT.search(sentence):
        return False
    subject = set(terms(m.group(1)))
    shared = subject & set(terms(question))
    return len(shared) >= 2 and 3 * len(shared) >= 2 * len(subject)


def kinds_asked(question: str) -> tuple[ParagraphKind, ...]:
    """The kinds of paragraph ``question`` asks for (none for most questions)."""
    return tuple(k for k in KINDS if any(p.search(question) for p, _ in k.asked))


def says_kind(text: str, kinds: tuple[ParagraphKind, ...]) -> int:
    """How many of ``kinds`` the paragraph ``text`` is written as (0: none)."""
    return sum(1 for k in kinds if any(p.search(text) for p, _ in k.says))


def place_weight(position: float, text: str, kinds: tuple[ParagraphKind, ...]) -> float:
    """In [0, 1]: how well a paragraph at ``position`` (0 the judgment's start, 1 its end) stands where the
    kinds it is written as usually stand (0.5 for a kind that may stand anywhere)."""
    best = 0.0
    for k in kinds:
        if any(p.search(text) for p, _ in k.says):
            best = max(best, position if k.stands == "end" else 1.0 - position if k.stands == "start" else 0.5)
    return best


__all__ = ["ParagraphKind", "KINDS", "kinds_asked", "asks_test", "states_test", "asks_what_it_is", "states_what_asked", "asks_argument", "poses_issue", "judge_surnames", "BEFORE_BLOCK",
           "says_kind", "place_weight", "reports_decision_below",
           "asks_lower_court", "judges_below_named", "names_deciding",
           "asks_decision_below", "asks_why_ground", "JUDGE_NAMED", "gives_reasons", "disposes_ground", "ground_numbers",
           "GROUND_HEADING", "GENERIC_HEADING_TERMS"]


# -- definitions: "how is 'agriculture' defined in the Act?" ---------------------------------------------------

#: A term in quotation marks in a question (straight or curly, single or double; an apostrophe inside a word,
#: "Reekie's", opens none).
_QUOTED_TERM = r"(?:(?<![\w])[\"\u201c\u2018']([A-Za-z][\w\s,()/-]{1,60}?)[\"\u201d\u2019'](?![\w]))"

#: Questions asking what a term means, each with the group ``term`` naming it and why it asks a definition.
DEFINITION_ASKED: Table = (
    (re.compile(rf"(?i)\b(?:how\s+(?:is|are|was|were)|how\s+(?:does|do|did)\b[^?]{{0,80}}?\bdefines?|"
                rf"(?:definition|meaning)\s+of|what\s+(?:is|was)\s+meant\s+by|who\s+(?:is|are)|what\s+(?:is|are)|"
                rf"what\s+counts?\s+as|counts?\s+as|what\s+does|mean\s+by)\s+(?:an?\s+|the\s+)?{_QUOTED_TERM}"),
     "'how is \"agriculture\" defined', 'how does the Act define an \"integrated cross-border operation\"', "
     "'who is \"the Minister\"', 'can rhubarb jam count as \"fruit\" jam': a term in quotation marks asked about "
     "is a defined term"),
    (re.compile(r"(?i)\bhow\s+(?:is|are)\s+(?:the\s+(?:term|word|expression)\s+)?(?P<term>[a-z][a-z -]{1,40}?)\s+"
                r"defined\b"),
     "'how is agriculture defined in the Act?': the definition asked without quotation marks"),
    (re.compile(r"(?i)\bwhat\s+does\s+(?:the\s+(?:term|word|expression)\s+)?(?P<term>[a-z][a-z -]{1,40}?)\s+mean\b(?!\s+by)"),
     "'what does relevant period mean?': the definition asked without quotation marks"),
)


def definition_asked(question: str) -> str | None:
    """The term a question asks the definition of (:data:`DEFINITION_ASKED`), without a leading article; None when
    it asks none."""
    for pattern, _why in DEFINITION_ASKED:
        m = pattern.search(question)
        if m:
            term = next(g for g in m.groups() if g) if m.groups() else None
            if term:
                term = re.sub(r"(?i)^(?:an?|the)\s+", "", term.strip(" ,"))
                return term or None
    return None


#: What follows a defined term in the sentence defining it ("'agriculture' includes …", "Minister means …",
#: "'the Board' has the meaning given in section 2").
DEFINING_VERBS = (r"(?:means|includes|shall\s+mean|shall\s+include|has\s+the\s+(?:same\s+)?meaning|does\s+not\s+"
                  r"include|refers\s+to)")


def defines(term: str) -> re.Pattern[str]:
    """The place in a text where ``term`` is defined: the term opening a line (a paragraph's number before it at
    most) or in quotation marks ("the" before it or not; a space after the opening mark, as some published texts
    print it), a parenthesis at most, then :data:`DEFINING_VERBS` ("management, in respect of nuclear fuel waste,
    means …" defines management)."""
    words = r"\s+".join(re.escape(w) for w in term.split())
    return re.compile(rf"(?im)(?:^[ \t]*(?:\([a-z0-9]+\)\s*)?[\"\u201c\u2018']? ?|(?<![\w])[\"\u201c\u2018'] ?)(?:the\s+)?{words}[\"\u201d\u2019']?\s*(?:\([^()]{{0,80}}\)\s*)?,?"
                      rf"\s*{DEFINING_VERBS}\b")


# -- who must act: "the landlord must" is not "the Ministers must" ---------------------------------------------

#: A provision's duty: the party before "must", "shall" or "is to" (up to five words of its description before
#: the head noun: "Every qualifying landlord must, within two months …", "The Welsh Ministers must also …").
OBLIGATION = re.compile(r"(?P<party>(?:[A-Za-z][\w'-]*\s+){0,5}?[A-Za-z][\w'-]*)\s+(?:must|shall|is\s+to|are\s+to)\b")

#: Words before "must"/"shall" that name no party ("it must", "who shall", "the information must also").
_NO_PARTY = frozenset("it he she they who which that this these those there also then so and or but not".split())


def obliged_party(sentence: str) -> str | None:
    """The head noun (stemmed, :func:`~pincite.legal.language.terms`) of the party a sentence's first duty binds
    (:data:`OBLIGATION`); None when it states no duty or names no party."""
    m = OBLIGATION.search(sentence)
    if m is None:
        return None
    head = m.group("party").split()[-1].lower()
    if head in _NO_PARTY:
        return None
    stem = terms(head)
    return stem[0] if stem else None


#: The party a question asks a duty of: "deadline for the Commissioner to submit the report to the Minister?",
#: "how quickly does a landlord have to …", "when must the Minister …" (the head noun before the duty's verb).
PARTY_ASKED = re.compile(r"(?i)\b(?:for|does|do|did|must|will)\s+(?:the\s+|a\s+|an\s+|each\s+|every\s+|its\s+)?"
                         r"(?P<party>(?:[A-Za-z][\w'-]*\s+){0,4}?[A-Za-z][\w'-]*)\s+(?:to|have\s+to|has\s+to|need\s+to|"
                         r"must|shall)\b")


def party_asked_of(question: str) -> str | None:
    """The head noun (stemmed) of the party :data:`PARTY_ASKED` finds in ``question``; None when it names none."""
    m = PARTY_ASKED.search(question)
    if m is None:
        return None
    words = m.group("party").split()
    if words[0].lower().endswith("ing"):
        return None  # "deadline for completing a conversion to qualify": an act asked about, not a party
    head = words[-1].lower()
    stem = terms(head) if head not in _NO_PARTY else []
    return stem[0] if stem else None
