"""The extractive generator: offline, deterministic, no model.

It picks the sentences of the retrieved passages that best answer the question and states each as a quoted claim
citing its passage.  Its reply goes through the same parsing and checks as any model's.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache

from pincite.answer.context import TurnContext
from pincite.answer.protocol import reply_json
from pincite.chunk import sentence_spans
from pincite.legal.clauses import clause_types_asked, phrase_stems
from pincite.text.terms import stems
from pincite.store.rows import source_words
from pincite.legal.questions import CONCLUSION_OPENING, EXCLUSION, SCOPE_PHRASE
from pincite.types import DocumentKind, Role, UnitKind, Zone

_WORD = re.compile(r"[a-z0-9]+(?:'[a-z]+)?")
STOPWORDS = frozenset(
    "a an and are as at be by can could did do does for from had has have how i if in into is it its may might "
    "must of on or shall should so than that the their them then there these they this those to under upon was "
    "were what when where which who whom whose why will with would not no yes any all each every about against "
    "between did does done say says said court judge judgment case act section clause agreement contract".split()
)


_SUFFIXES = (("ings", 3), ("ing", 3), ("ion", 4), ("ied", 2), ("ies", 2), ("ed", 3), ("es", 4), ("ly", 5), ("e", 4),
             ("s", 3))
_BRITISH = re.compile(r"(?<=[a-z]{3})is(e|ed|es|ing|ation|ations)$")  # 'authorised' meets 'authorized'
#: plain words for the terms of art a legal text uses instead ("end the agreement" is "terminate" it)
SYNONYMS = {"applicabl": "apply", "end": "terminat", "cancel": "terminat", "settl": "resolv", "forbid": "prohibit", "ban": "prohibit"}


def stem(w: str) -> str:
    """A light English stemmer: enough that 'governed', 'governing' and 'governs' meet, 'laws' meets 'law' and
    'termination' meets 'terminated'.  The number is the shortest stem a suffix may leave."""
    if w.endswith("ss"):
        return w
    for suffix, shortest in _SUFFIXES:
        if w.endswith(suffix) and len(w) - len(suffix) >= shortest:
            base = w[: -len(suffix)]
            return base + "y" if suffix in ("ied", "ies") else base
    return w


def terms(text: str) -> list[str]:
    text = re.sub(r"['\u2019]s\b", "", text.lower())
    out = []
    for w in _WORD.findall(text):
        if w in STOPWORDS or len(w) < 2:
            continue
        t = stem(_BRITISH.sub(r"iz\1", w))
        t = SYNONYMS.get(t, t)
        if t not in STOPWORDS:  # "agreements" is as much a stopword as "agreement"
            out.append(t)
    return out


#: a question asking how long something lasts: the answer states a duration ("six years", "one (1) year")
_DURATION_Q = re.compile(r"\bhow long\b|\b(what|which)\s+(is|was|are|were)\s+the\s+(\w+\s+){0,3}(period|duration)\b",
                         re.I)
_DURATION = re.compile(r"\b(\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|"
                       r"sixty|ninety|hundred)\b[\s()\d-]*\b(day|week|month|year)s?\b", re.I)
_QUANTITY = re.compile(r"\bhow (many|much|long|old)\b|\bnumber of\b|\bmaximum\b|\bminimum\b|\bwhat (age|amount|sum|fee|rate)\b",
                       re.I)


_ISSUE = re.compile(r"\bwhether\b|\?\s*$|\bthe (issue|question)s? (is|are|was|were|on)\b", re.I)


def _has_number(sentence: str) -> bool:
    return bool(re.search(r"\d|\b(one|two|three|four|five|six|seven|eight|nine|ten|twenty|thirty|hundred)\b",
                          sentence, re.I))


def heading_like(sentence: str) -> bool:
    """A clause or section title ("Governing Law; Attorney's Fee.") is not an answer: short and mostly capitalised."""
    words = [w for w in re.findall(r"[A-Za-z][A-Za-z']*", sentence)]
    if not words or len(words) > 12:
        return False
    if not sentence.rstrip().endswith((".", "!", "?", ";", ":", '"', "\u201d", ")")):
        return True  # no closing punctuation: a title line
    caps = sum(1 for w in words if w[0].isupper() or w.lower() in ("of", "and", "the", "to", "in", "for", "on"))
    return caps / len(words) >= 0.8


_DISSENT_Q = re.compile(r"\b(dissent\w*|disagree\w*|minority|differ\w*)\b|\bwould\b[^?.]{0,60}\bhave\b", re.I)
_OUTCOME_Q = re.compile(r"\b(allow\w*|dismiss\w*|decid\w*|held|hold|outcome|result|succeed\w*|restor\w*|grant\w*|"
                        r"what order|order(ed)? (did|was|were)|"
                        r"refus\w*|quash\w*|uphold|upheld|overturn\w*|set aside|win|won|lose|lost)\b", re.I)
_VERB = (r"(allow(s|ed|ing)?|dismiss(es|ed|ing)?|grant(s|ed|ing)?|refus(e|es|ed|ing)|quash(es|ed|ing)?|"
         r"restor(e|es|ed|ing)|set aside|remit(s|ted|ting)?|uphold(s|ing)?|upheld)\b")  # verbs: not "dismissal"
_DISPOSAL = re.compile(
    rf"(?-i:\bI\b|\b[Ww]e\b)[^.;:]{{0,120}}\b{_VERB}"  # "I would therefore grant permission to appeal but dismiss the appeal"
    r"|\b(appeal|application|claim|petition)s?\b[^.;:]{0,30}\b(is|are|be|was|were|been)\s+"
    r"(allowed|dismissed|refused|granted|upheld|quashed|set aside)",  # "the appeal should be allowed"
    re.I,
)
_DISAGREEMENT = re.compile(r"\b(disagree\w*|different (conclusion|view)|do not agree|unable to agree|cannot agree|"
                           r"respectfully|dissent\w*)\b"
                           rf"|(?-i:\bI\b) would (have )?[^.;:]{{0,40}}\b{_VERB}", re.I)
_QUESTION_WORDS = frozenset("what which who whom whose why how when where was were did does do is are can could "
                            "under in on the a an if".split())


def named_words(question: str) -> list[str]:
    """Capitalised words a question names (not its first word or question words): 'Zubaydah', 'Flynn', 'Limitation'."""
    words = [re.sub(r"['\u2019]s$", "", w) for w in re.findall(r"[A-Za-z][\w'\u2019-]*", question)]
    out = []
    for i, w in enumerate(words):
        if i == 0 or len(w) < 2 or not w[0].isupper() or w.lower() in _QUESTION_WORDS or w.lower() in STOPWORDS:
            continue
        out.append(w.lower())
    return out


_YES_NO = re.compile(r"^\s*(is|are|was|were|does|do|did|can|could|may|must|should|has|have|had)\b", re.I)
_REASONS_Q = re.compile(r"\b(why|basis|reasons?|grounds?|how did (he|she|the judge) (reason|justify)|what would|"
                        r"what order|what did (he|she) (conclude|decide))\b", re.I)
_WHO_Q = re.compile(r"\b(which judge|who)\b|\bhow did (he|she|they) put it\b", re.I)
_TWO_PARTS = re.compile(r"[,;]\s*and\s+(what|how|why|which|who|when|on what)\b", re.I)
_AGREEMENT = re.compile(r"\bI (also |entirely |respectfully )?agree\b", re.I)
#: a paragraph that gathers the reasoning into a conclusion (see pincite.legal.questions.CONCLUSION_OPENING)
_QUOTE_SPAN = re.compile(r"\u201c[^\u201c\u201d]{40,}\u201d", re.S)
#: captions of provisions that introduce an Act rather than operate: its purpose, short title, definitions
_PREFATORY = frozenset(terms("purpose purposes short title interpretation definitions"))
_HOLDING = re.compile(r"^\W*(\d+\.\s*)?((accordingly|therefore|so|thus),?\s+)?(my conclusions? (is|are)|in my (judgment|view|opinion)|i (would )?(hold|conclude)|we (hold|conclude)|"
                      r"(the|my) conclusion is|i am (satisfied|persuaded|clear) that|it follows that|"
                      r"i have (reached|come to) the (clear )?conclusion)\b", re.I)
_ARGUMENT = re.compile(r"\b(claims?|argues?|argued|contends?|contended|submits?|submitted|asserts?|asserted|"
                       r"alleges?|alleged|maintains?|maintained) that\b", re.I)
_HELD = re.compile(r"\b(we|I) (hold|held|conclude)\b", re.I)  # "(we hold that he was 'at risk')"
_YEAR = re.compile(r"\b(1[6-9]\d\d|20\d\d)\b")
_HOW_WORDS = frozenset({"many", "much", "long", "old"})


def drafting_terms(question: str) -> set[str]:
    """The words a contract writes the clause the question asks about in (the asked clause types' vocabulary,
    :mod:`pincite.clauses`): "when does it expire" is answered by its "term", which "shall continue"."""
    return set(terms(" ".join(s for t in clause_types_asked(question) for s in t.says)))


def question_text(question: str) -> str:
    """The question without an exclusion clause: 'Besides the Chief Justice…, how many judges…' asks about the
    judges, and a sentence about the Chief Justice does not answer it."""
    q = EXCLUSION.sub("", question, count=1).strip()
    return q if len(q.split()) >= 3 else question


@lru_cache(maxsize=4096)
def _word_grams(text: str) -> frozenset[tuple[str, ...]]:
    """Every run of up to six stemmed words of ``text`` (what a clause type's phrases are matched against)."""
    words = stems(text)
    return frozenset(tuple(words[i:i + n]) for n in range(1, 7) for i in range(len(words) - n + 1))


def clause_vocabulary_in(text: str, phrases: frozenset[tuple[str, ...]]) -> int:
    """How many of a clause type's phrases (stemmed word sequences) occur in ``text``."""
    return len(phrases & _word_grams(text))


@dataclass(frozen=True)
class ClauseKindTest:
    """Whether a contract passage is the kind of clause a question asks about (governing law, insurance, audit
    rights…): its headings (the caption and the article it sits in) use that clause type's words, or the cited
    sentence itself uses at least :attr:`min_words` of them.  A sentence whose headings name a different clause
    type (a transfer that is an event of default under "Default and Termination") needs :attr:`other_caption_words`.
    A passage failing the test is weak evidence: "maintain confidentiality" shares the question's word
    "maintain" but is no insurance clause."""

    asked: tuple[frozenset[tuple[str, ...]], ...]  # per asked type: its stemmed phrases (asks and says)
    others: frozenset[tuple[str, ...]]  # the stemmed phrases of every other clause type
    min_words: int = 2
    other_caption_words: int = 3

    @classmethod
    def for_question(cls, question: str) -> "ClauseKindTest | None":
        types = clause_types_asked(question)
        if not types:
            return None
        phrases = phrase_stems()
        asked = tuple(phrases[t.key] for t in types)
        mine = frozenset().union(*asked)
        others = frozenset().union(*(ps for key, ps in phrases.items() if key not in {t.key for t in types})) - mine
        return cls(asked, others)

    def passes(self, sentence: str, headings: str) -> bool:
        for phrases in self.asked:
            if clause_vocabulary_in(headings, phrases):
                return True
            need = self.other_caption_words if clause_vocabulary_in(headings, self.others) else self.min_words
            if clause_vocabulary_in(sentence, phrases) >= need:
                return True
        return False


_MONTHS = ("january february march april may june july august september october november december").split()
_PERIOD = re.compile(r"\b(on or after|on or before|after|before|since|prior to|until)\s+"
                     r"(?:(" + "|".join(_MONTHS) + r")\s+(?:(\d{1,2}),?\s+)?)?(1[6-9]\d\d|20\d\d)\b", re.I)


def stated_periods(text: str) -> list[tuple[tuple[int, int, int], tuple[int, int, int]]]:
    """The periods ``text`` bounds by a date, each as [from, until) in (year, month, day): "made after July
    1993" is [1993-08-01, ∞), "made before August 1, 1993" is [-∞, 1993-08-01)."""
    out = []
    for m in _PERIOD.finditer(text):
        rel, month, day, year = m.group(1).lower(), m.group(2), m.group(3), int(m.group(4))
        mo = _MONTHS.index(month.lower()) + 1 if month else None
        first = (year, mo or 1, int(day) if day else 1)  # the first day the date names
        if day:
            after_last = (year, mo, int(day) + 1)  # (day + 1 may be 32: it still orders right)
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
    """Whether the sentence speaks only of a period the question's dates fall outside ("loans made before
    August 1, 1993" for a question about a loan made after July 1993)."""
    said = stated_periods(sentence)
    return bool(said and question_periods) and all(
        any(q_lo >= s_hi or s_lo >= q_hi for s_lo, s_hi in said) for q_lo, q_hi in question_periods)


_HONORIFICS = frozenset("lj j jj ljj mr mrs ms dr".split())


_DEFINED_SHORT = re.compile(r"((?:[A-Z][\w-]*\s+){0,5}[A-Z][\w-]*)\s*(?:\([^()]{0,40}\)\s*)?"
                            r"\(\s*(?:the\s+)?[\"\u201c']?(?:the\s+)?([A-Z]{2,6})[\"\u201d']?\s*\)")


def defined_abbreviations(text: str) -> dict[str, set[str]]:
    """Short forms a document defines, with the words they stand for: 'The First-tier Tribunal (Property
    Chamber) (\u201cthe FTT\u201d)' gives FTT -> {first, tier, tribunal}."""
    out: dict[str, set[str]] = {}
    for m in _DEFINED_SHORT.finditer(text):
        long_form, short = m.group(1), m.group(2)
        initials = "".join(w[0] for w in re.findall(r"[A-Za-z]+", long_form)).upper()
        if short[0] in initials and short not in out:
            out[short] = set(terms(long_form))
    return out


def named_phrases(question: str) -> list[str]:
    """Names of two or more capitalised words a question uses ("Federal Court of Appeal of Canada", "Limitation
    Act"), lower-cased: a document that answers the question names the same thing."""
    out = []
    text = re.sub(r"['\u2019]s\b", ",", question)  # "the Home Secretary's Rwanda policy": two names
    for m in re.finditer(r"[A-Z][\w-]*(?:\s+(?:of|the|for|on)\s+[A-Z][\w-]*|\s+[A-Z][\w-]*)+", text):
        words = m.group(0).split()
        if m.start() == 0 or words[0].lower() in _QUESTION_WORDS:
            continue  # "Was the…", "Which Act…": the question's own first word
        if {w.lower() for w in words} & _HONORIFICS:
            continue  # "Males LJ" is "Lord Justice Males" in the judgment: its words are checked one by one
        out.append(" ".join(re.findall(r"\w+", m.group(0).lower())))
    return out


class ExtractiveGenerator:
    """Quote the sentence that best answers the question, or abstain.

    A sentence is scored by the question terms it holds, weighted by how rare they are among the retrieved
    sentences; words that only name the document (its title, parties, citation) do not count as evidence.  The
    kind of question shapes the score: an outcome question prefers a majority judge's disposal, a question about
    a dissent the dissenting judge's own words (their conclusion when it asks why, their statement of
    disagreement when it asks who), a quantity question a sentence stating a number.  The court's own
    reasoning beats introductory paragraphs and passages it only quotes.

    One claim, the best, unless a second adds support: another majority judge's agreement with the disposal, or
    the words of a second part of the question the first claim leaves unanswered.  It abstains when its best
    sentence covers too little of the question, or when the question names something (a case, an Act, a judge,
    a year) that the cited document never mentions.
    """

    name = "extractive"

    def __init__(self, max_claims: int = 2, per_passage: int = 1, min_chars: int = 25, per_document: bool = False,
                 min_terms: int = 2, min_coverage: float = 0.3, runner_up: float = 0.8,
                 multi_coverage: float = 0.4, off_kind: float = 0.5) -> None:
        self.max_claims = max_claims
        self.per_passage = per_passage
        self.min_chars = min_chars
        self.per_document = per_document  # multi-document questions: the best sentence of each source
        self.min_terms = min_terms  # a sentence must share this many distinct question terms (fewer if the question has fewer)
        self.min_coverage = min_coverage  # idf-weighted share of the question's terms the best sentence must hold
        self.runner_up = runner_up  # a second claim must score at least this share of the best
        self.multi_coverage = multi_coverage  # per source of a multi-document question: the coverage it must reach
        self.off_kind = off_kind  # score factor of a contract sentence that is not the kind of clause asked about

    def generate(self, turn: TurnContext, messages: list[dict[str, str]]) -> str:
        question = question_text(turn.question)
        if turn.multi_document:
            # "… under each version of the Tax Court of Canada Act" chose the documents; no sentence states it,
            # so as question terms its words would only lower every sentence's coverage, and by more the more
            # sentences were retrieved (the answer then depended on what else retrieval brought)
            question = " ".join(SCOPE_PHRASE.sub(" ", question).split()) or question
        wants_number = bool(_QUANTITY.search(question))
        q_all = set(terms(question)) - (_HOW_WORDS if wants_number else set())
        passages = [cp for cp in turn.passages if cp.passage.chunk.citable]
        if not q_all or not passages:
            return reply_json([])
        naming = set()  # words that name a document (title, citation, file name, parties in its opening)
        capitalised = set(terms(" ".join(named_words(question))))
        for dc in turn.documents:
            d = dc.document
            naming |= set(terms(" ".join((d.title, d.citation or "", source_words(d.source)))))
            # in the opening (parties, a statute's long title) only the names the question capitalises: its other
            # words there ("law", "personal information") say what the document is about, not which it is
            naming |= set(terms(d.text[:600])) & capitalised
        glued = [t for t in naming if len(t) >= 8]  # "airtechinternationalgroupinc": the file name runs words together
        q = {t for t in q_all if t not in naming and not (len(t) >= 5 and any(g.startswith(t) for g in glued))} or q_all
        authors = {cp.passage.chunk.author for cp in passages if cp.passage.chunk.author}
        q_lower = question.lower()
        focus_authors = {a for a in authors if any(len(w) > 2 and re.search(rf"\b{re.escape(w.lower())}\b", q_lower)
                                                   for w in re.findall(r"[A-Za-z][\w'-]+", a)
                                                   if w not in ("LJ", "J", "JJ", "LJJ", "Lord", "Lady", "Sir", "Dame"))}
        wants_dissent = bool(_DISSENT_Q.search(question))
        wants_outcome = bool(_OUTCOME_Q.search(question)) and not wants_dissent
        wants_holding = wants_outcome or (bool(_YES_NO.search(question)) and not wants_dissent)
        wants_reasons = wants_dissent and bool(_REASONS_Q.search(question)) and not _WHO_Q.search(question)
        wants_who = wants_dissent and bool(_WHO_Q.search(question))
        two_parts = bool(_TWO_PARTS.search(question))
        docs = {dc.document.id: dc.document for dc in turn.documents}
        opening = _opening_units(docs.values())
        opening_of_judge = _first_units_of_judges(docs.values())
        short_forms = {d_id: defined_abbreviations(d.text) for d_id, d in docs.items()}
        df: Counter[str] = Counter()
        sents = []
        for cp in passages:
            text = cp.passage.text
            # a provision's lead-in ("The Court shall consist of the following judges:") is what its words are about
            lead = set().union(*(terms(n.text) for n in cp.notes if n.kind == "lead-in")) if cp.notes else set()
            quoted = [(m.start(), m.end()) for m in _QUOTE_SPAN.finditer(text)]
            abbreviations = short_forms.get(cp.passage.document.id, {})
            caption: set[str] = set()  # every heading so far in the passage
            nearest: set[str] = set()  # the heading just above this sentence: the provision's own caption
            for s, e in sentence_spans(text, 0, len(text)):
                sent = text[s:e]
                if heading_like(sent.split("\n")[0]):
                    # a provision's caption ("Right of access", "Applicable Law.") says what follows is about
                    nearest = {t for t in terms(sent.split("\n")[0]) if not t.isdigit()}
                    caption |= nearest
                    lead = lead | caption
                toks = set(terms(sent))
                for short in set(re.findall(r"\b[A-Z]{2,6}\b", sent)) & abbreviations.keys():
                    toks |= abbreviations[short]  # "the FTT" is the First-tier Tribunal the document defined
                df.update(toks)
                in_quote = any(min(e, b) - max(s, a) > (e - s) / 2 for a, b in quoted)  # mostly quoted words
                titled = bool(nearest) and nearest <= q_all
                sents.append((cp, sent, toks, lead - toks, in_quote, bool(caption & _PREFATORY), titled, s))
        n = len(sents)

        def idf(t: str) -> float:
            return math.log(1 + n / max(1, df[t]))

        q_weight = sum(idf(t) for t in q) or 1.0
        drafting = drafting_terms(question) - q_all  # "expire" is a contract's "term": half the weight
        decisive_bonus = q_weight / 2.0
        scored = []
        asks_purpose = bool(re.search(r"\b(purpose|object|mean\w*|defin\w*|short title|cited as)\b", question, re.I))
        per_document = self.per_document or turn.multi_document
        kind_test = ClauseKindTest.for_question(question)
        question_periods = stated_periods(question)
        for cp, sent, toks, lead, in_quote, prefatory, titled, start in sents:
            short = len(sent) < self.min_chars and not (_has_number(sent) and len(sent.split()) >= 3)
            if short or heading_like(sent) or sent.rstrip().endswith(":"):
                continue  # titles and lead-ins ("…shall consist of the following judges:") are not answers
            overlap = q & toks
            drafted = drafting & toks
            lead_overlap = q & lead
            ch = cp.passage.chunk
            judgment = cp.passage.document.kind is DocumentKind.JUDGMENT
            dissenting = ch.role in (Role.DISSENTING, Role.PARTLY_DISSENTING)
            states_number = wants_number and _has_number(_strip_numbering(sent))
            unit_text = docs[ch.doc_id].text[ch.char_start:ch.char_start + 80] if ch.doc_id in docs else cp.passage.text[:80]
            concluding = judgment and CONCLUSION_OPENING.search(unit_text) is not None
            # a judge disposing of the case, or stating disagreement, answers an outcome/dissent question even
            # though it shares few words with it
            first_of_judge = bool(ch.units) and ch.units[0] in opening_of_judge
            decisive = judgment and (
                (wants_outcome and not dissenting and _DISPOSAL.search(sent) is not None)
                or (wants_dissent and dissenting and _DISAGREEMENT.search(sent) is not None
                    and not (wants_reasons and first_of_judge)))  # "why…": not the bare "I disagree"
            matched_terms = len(overlap | lead_overlap | drafted) + (1 if states_number else 0)
            if (not (overlap or drafted) or matched_terms < min(self.min_terms, len(q) + (1 if wants_number else 0))) \
                    and not decisive:
                continue  # its own words must answer; the lead-in only adds to them
            if kind_test is not None and cp.passage.document.kind is DocumentKind.CONTRACT and ch.doc_id in docs \
                    and not kind_test.passes(sent, _headings_at(docs[ch.doc_id], ch, ch.char_start + start)):
                if per_document:
                    continue  # one source's answer must be that kind of clause, or that source has none
                off_kind = True
            else:
                off_kind = False
            matched = sum(idf(t) for t in overlap) + 0.5 * sum(idf(t) for t in lead_overlap | drafted)
            coverage = 1.0 if decisive else matched / q_weight
            score = matched / math.sqrt(max(len(toks), 4))
            score *= 1.0 + 1.0 / cp.passage.rank  # prefer the passages retrieval ranked higher
            if decisive:
                score += decisive_bonus
            if _ISSUE.search(sent) and not _HELD.search(sent):
                score *= 0.3  # "the issues are… (b) whether…": restating the question does not answer it
            if states_number:
                score *= 2.0  # "how many…": a sentence stating a number answers it
            if judgment:
                if in_quote:
                    score *= 0.3  # words the court quotes (a lower court, counsel, a statute) are not its reasons
                if _ARGUMENT.search(sent):
                    score *= 0.4  # "Tarrant claims that…", "the Commissioner contends that…": a party's case
                if ch.units and ch.units[0] in opening:
                    score *= 0.5  # the introduction summarises; the reasons decide
                if concluding and not wants_who:
                    score *= 1.5  # "For these reasons…": the court's reasoning gathered into its conclusion
                if _HOLDING.search(sent):
                    score *= 1.5  # "In my judgment an email is 'writing'…": the court deciding the point
                elif wants_holding and not dissenting and _HELD.search(sent):
                    score *= 2.0  # "…(we hold that he was 'at risk' for such amount in 2008)": the holding stated
            if question_periods and excludes_period(sent, question_periods):
                score *= 0.2  # "made before August 1, 1993" does not answer about a loan made after July 1993
            if off_kind:
                score *= self.off_kind  # the question asks about another kind of clause than this one
            if titled:
                score *= 2.0  # the provision's caption is what the question asks about ("Right of access")
            if prefatory and not asks_purpose:
                score *= 0.4  # a purpose clause or definition restates the subject; the operative provision answers
            if ch.zone is Zone.SCHEDULE and cp.passage.document.kind is DocumentKind.CONTRACT:
                score *= 0.5  # a schedule's instrument (a guaranty, a form) is not the agreement itself
            if focus_authors and ch.author in focus_authors:
                score *= 2.5  # "why did Males LJ…": his reasons
            if wants_dissent:
                score *= 2.0 if dissenting else 0.7
                if dissenting and wants_reasons:
                    # "why…": the conclusion of his reasons, not his opening statement that he disagrees
                    score *= 2.0 if concluding else 0.5 if first_of_judge else 1.0
                if dissenting and wants_who and _DISAGREEMENT.search(sent) and first_of_judge:
                    score *= 2.0  # "which judge…, how did they put it": the statement of disagreement
            elif dissenting:
                score *= 0.5  # the majority answers "what did the court decide"
            scored.append((score, coverage, cp, sent, toks, decisive))
        scored.sort(key=lambda x: -x[0])
        if not scored:
            return reply_json([])
        if not per_document:  # the answer comes from a document that names what the question names
            named_ok = {d: self._names_present(turn, d) for d in {x[2].passage.document.id for x in scored}}
            scored = [x for x in scored if named_ok[x[2].passage.document.id]]
            if not scored:
                return reply_json([])
        if _DURATION_Q.search(question) and not per_document:
            # "what is the limitation period…": a sentence that states no duration does not answer it, however
            # many of the question's words it repeats ("a period of limitation has expired under the … Act")
            timed = next((i for i, x in enumerate(scored) if _DURATION.search(x[3])), None)
            if timed is None:
                return reply_json([])
            scored.insert(0, scored.pop(timed))
        best_score, best_cov, best_cp, _, best_toks, _ = scored[0]
        if not per_document and best_cov < self.min_coverage:
            return reply_json([])  # abstain: what the question asks is not in the evidence
        claims = []
        if per_document:
            docs_used: set[str] = set()
            for score, coverage, cp, sent, toks, decisive in scored:
                if cp.passage.document.id in docs_used or coverage < self.multi_coverage:
                    continue
                docs_used.add(cp.passage.document.id)
                claims.append(self._claim(cp, sent))
            return reply_json(claims)
        claims.append(self._claim(best_cp, scored[0][3]))
        best_unit = best_cp.passage.chunk.units[:1]
        for score, coverage, cp, sent, toks, decisive in scored[1:]:
            if len(claims) >= self.max_claims:
                break
            ch = cp.passage.chunk
            if cp.pid == best_cp.pid or ch.units[:1] == best_unit:
                continue
            first = best_cp.passage.chunk
            if wants_holding and first.author and ch.author and ch.author != first.author \
                    and ch.role not in (Role.DISSENTING, Role.PARTLY_DISSENTING) \
                    and first.role not in (Role.DISSENTING, Role.PARTLY_DISSENTING) \
                    and (decisive or _AGREEMENT.search(sent)):
                claims.append(self._claim(cp, sent))  # another majority judge agreeing: the court's holding
            elif two_parts and score >= self.runner_up * best_score and cp.passage.document.id == best_cp.passage.document.id \
                    and (decisive or sum(idf(t) for t in (toks - best_toks) & q) >= 0.25 * q_weight):
                claims.append(self._claim(cp, sent))  # it answers the part of the question the first leaves open
        return reply_json(claims)

    def _claim(self, cp, sent: str) -> dict:  # type: ignore[no-untyped-def]
        return {"text": self._claim_text(cp, sent), "citations": [{"passage": cp.pid, "quote": sent}]}

    @staticmethod
    def _names_present(turn: TurnContext, doc_id: str) -> bool:
        """Every capitalised word (and year, and name of several words) the question names occurs somewhere in
        the document."""
        doc = next(dc.document for dc in turn.documents if dc.document.id == doc_id)
        hay = " ".join((doc.title, doc.citation or "", source_words(doc.source), doc.text)).lower()
        named = named_words(turn.question) + _YEAR.findall(turn.question)
        if not all(re.search(rf"\b{re.escape(w)}", hay) for w in named):
            return False
        flat = " " + " ".join(re.findall(r"\w+", hay)) + " "
        glued = flat.replace(" ", "")  # a file name runs a party's name together: "FuseMedicalInc_…"
        return all(f" {p} " in flat or p.replace(" ", "") in glued  # "Federal Court of Appeal of Canada"
                   for p in named_phrases(turn.question))

    @staticmethod
    def _claim_text(cp, sent: str) -> str:  # type: ignore[no-untyped-def]
        ch = cp.passage.chunk
        if ch.role in (Role.DISSENTING, Role.PARTLY_DISSENTING):
            return f"{ch.author or 'A dissenting judge'} ({ch.role.value}) said: \u201c{sent}\u201d"
        return sent


def _headings_at(doc, chunk, offset: int) -> str:  # type: ignore[no-untyped-def]
    """The headings above the unit holding document offset ``offset`` (its caption and the article it sits
    in), joined: where a contract says what kind of clause this is."""
    best = None
    for o in chunk.units:
        u = doc.units[o] if 0 <= o < len(doc.units) else None
        if u is not None and u.char_start <= offset < u.char_end and (
                best is None or u.char_end - u.char_start <= best.char_end - best.char_start):
            best = u
    return " / ".join(best.section_path) if best is not None else ""


def _strip_numbering(sentence: str) -> str:
    """The sentence without its own enumeration ("(c)", "22.", "s. 4"): numbering is not a stated number."""
    return re.sub(r"^\s*(\(?[0-9a-z]{1,4}[.)]|\[\d+\])\s*", "", sentence)


def _opening_units(docs) -> set[int]:  # type: ignore[no-untyped-def]
    """Ordinals of each judgment's introductory paragraphs: the first two numbered reasons paragraphs, or the
    first 5 % of them in a long judgment."""
    out: set[int] = set()
    for d in docs:
        if d.kind is not DocumentKind.JUDGMENT:
            continue
        numbered = [u.ordinal for u in d.units
                    if u.zone is Zone.REASONS and (u.number or u.label) and u.kind is not UnitKind.HEADING]
        out.update(numbered[:max(2, len(numbered) // 20)])
    return out


def _first_units_of_judges(docs) -> set[int]:  # type: ignore[no-untyped-def]
    """Ordinals of each judge's first numbered paragraph (where a judge says whether they agree)."""
    out: set[int] = set()
    for d in docs:
        if d.kind is not DocumentKind.JUDGMENT:
            continue
        seen: set[str] = set()
        for u in d.units:
            if u.author and u.author not in seen and u.zone is Zone.REASONS and u.number \
                    and u.kind is not UnitKind.HEADING:
                seen.add(u.author)
                out.add(u.ordinal)
    return out
