"""The extractive generator: offline, deterministic, no model.

It picks the sentences of the retrieved passages that best answer the question and states each as a quoted claim
citing its passage.  Its reply goes through the same parsing and checks as any model's.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from pincite.answer.context import ContextPassage, TurnContext
from pincite.answer.protocol import reply_json
from pincite.legal.sentences import sentence_spans
from pincite.legal.clauses import clause_types_asked, phrase_stems
from pincite.legal.language import (
    AGREEMENT,
    ARGUMENT,
    CONCLUSION_OPENING,
    DISAGREEMENT,
    DISPOSAL,
    DATE,
    DECIDING_COURT,
    DURATION,
    EXCLUSION,
    HELD,
    HOLDING_OPENING,
    INTERROGATIVES,
    ANSWER_STOPWORDS,
    ISSUE,
    JUDICIAL_TITLES,
    NUMBER,
    PERSON_DESCRIBED,
    PREFATORY_CAPTIONS,
    QUANTITY_WORDS,
    QUOTE_SPAN,
    QUOTED_SOURCE_QUESTION,
    SCOPE_PHRASE,
    excludes_period,
    power_phrase,
    question_shape,
    stated_periods,
    terms,
)
from pincite.store.rows import source_words
from pincite.text.terms import stems
from pincite.types import Document, DocumentKind, Role, SourceKind, UnitKind, Zone

__all__ = ["ClauseKindTest", "ExtractiveGenerator", "Reading", "SentenceFeatures", "Weights", "answers", "names_present",
           "read_sentences", "defined_abbreviations", "named_phrases",
           "named_words", "terms"]


def _has_number(sentence: str) -> bool:
    return bool(NUMBER.search(sentence))


def heading_like(sentence: str) -> bool:
    """A clause or section title ("Governing Law; Attorney's Fee.") is not an answer: short and mostly capitalised."""
    words = [w for w in re.findall(r"[A-Za-z][A-Za-z']*", sentence)]
    if not words or len(words) > 12:
        return False
    if not sentence.rstrip().endswith((".", "!", "?", ";", ":", '"', "\u201d", ")")):
        return True  # no closing punctuation: a title line
    caps = sum(1 for w in words if w[0].isupper() or w.lower() in ("of", "and", "the", "to", "in", "for", "on"))
    return caps / len(words) >= 0.8




def named_words(question: str) -> list[str]:
    """Capitalised words a question names (not its first word, question words or titles): the parties, places
    and Acts a document that answers it must mention."""
    words = [re.sub(r"['\u2019]s$", "", w) for w in re.findall(r"[A-Za-z][\w'\u2019-]*", question)]
    out = []
    for i, w in enumerate(words):
        low = w.lower()
        if i == 0 or len(w) < 2 or not w[0].isupper() or low in INTERROGATIVES or low in ANSWER_STOPWORDS:
            continue
        out.append(low)
    return out


#: captions of provisions that introduce an Act rather than operate (see pincite.legal.language)
_PREFATORY = frozenset(terms(PREFATORY_CAPTIONS))
_QUANTITY_TERMS = frozenset(terms(" ".join(QUANTITY_WORDS)))  # "how many": no evidence of where the number is
_YEAR = re.compile(r"\b(1[6-9]\d\d|20\d\d)\b")
#: small words that may open a capitalised run without being part of the name ("Under the Companies Act")
_ARTICLES = frozenset("the a an in on under if".split())


def drafting_terms(question: str) -> set[str]:
    """The words a contract writes the clause the question asks about in (the asked clause types' vocabulary,
    :mod:`pincite.legal.clauses`): "when does it expire" is answered by its "term", which "shall continue"."""
    return set(terms(" ".join(s for t in clause_types_asked(question) for s in t.says)))


def question_text(question: str) -> str:
    """The question without an exclusion clause: "Apart from the chair, how many members…" asks about the
    members, and a sentence about the chair does not answer it."""
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


_DEFINED_SHORT = re.compile(r"((?:[A-Z][\w-]*\s+){0,5}[A-Z][\w-]*)\s*(?:\([^()]{0,40}\)\s*)?"
                            r"\(\s*(?:the\s+)?[\"\u201c']?(?:the\s+)?([A-Z]{2,6})[\"\u201d']?\s*\)")


def defined_abbreviations(text: str) -> dict[str, set[str]]:
    """Short forms a document defines, with the words they stand for: 'The Competition Appeal Tribunal
    (\u201cthe CAT\u201d)' gives CAT -> {competit, appeal, tribun}."""
    out: dict[str, set[str]] = {}
    for m in _DEFINED_SHORT.finditer(text):
        long_form, short = m.group(1), m.group(2)
        initials = "".join(w[0] for w in re.findall(r"[A-Za-z]+", long_form)).upper()
        if short[0] in initials and short not in out:
            out[short] = set(terms(long_form))
    return out


def named_phrases(question: str) -> list[str]:
    """Names of two or more capitalised words a question uses ("Court of Appeal of Ontario", "Companies Act"),
    lower-cased: a document that answers the question names the same thing."""
    out = []
    text = re.sub(r"['\u2019]s\b", ",", question)  # "the Attorney General's Brexit notice": two names
    for m in re.finditer(r"[A-Z][\w-]*(?:\s+(?:of|the|for|on)\s+[A-Z][\w-]*|\s+[A-Z][\w-]*)+", text):
        words = m.group(0).split()
        if m.start() == 0 or words[0].lower() in INTERROGATIVES or words[0].lower() in _ARTICLES:
            continue  # "Was the…", "Which Act…": the question's own first word
        if {w.lower() for w in words} & JUDICIAL_TITLES:
            continue  # "Smith LJ" is "Lord Justice Smith" in the judgment: its words are checked one by one
        out.append(" ".join(re.findall(r"\w+", m.group(0).lower())))
    return out


@dataclass(frozen=True)
class Weights:
    """How the kind of sentence changes its score: each factor with the reason for it.  Chosen on
    ``eval/dev.jsonl`` only (bench/NOTES.md has the figures); none exists for one document or question."""

    restates_issue: float = 0.3  # "the issue is whether…": restating the question does not answer it
    states_number: float = 2.0  # "how many…": a sentence stating a number answers it
    quoted: float = 0.3  # words the court quotes (a lower court, counsel, a statute) are not its reasons
    argument: float = 0.4  # "the appellant contends that…": a party's case, not the court's view
    introduction: float = 0.5  # a judgment's opening paragraphs summarise; the reasons decide
    concluding: float = 1.5  # "For these reasons…": a judge's reasoning gathered into a conclusion
    holding_opening: float = 1.5  # "In my judgment…", "I am satisfied that…": the court deciding the point
    held: float = 2.0  # "…and we hold that…", for a holding question: the holding stated
    other_period: float = 0.2  # a provision for a period the question's dates fall outside
    titled: float = 2.0  # the provision's caption is what the question asks about ("Right of access")
    prefatory: float = 0.4  # a purpose clause or definition restates the subject; the operative provision answers
    schedule: float = 0.5  # a contract schedule's instrument (a form, a guaranty) is not the agreement itself
    named_author: float = 2.0  # the question names a judge: their own paragraphs answer it (dev flat over 1-3)
    power: float = 2.0  # "who may be appointed…": a provision saying "may be appointed" grants what is asked
    dissent: float = 2.0  # a question about a dissent: the dissenting judge's words
    not_dissent: float = 0.7  # … and anyone else's words less
    dissent_conclusion: float = 2.0  # "why…": the conclusion of the dissent's reasons
    dissent_opening: float = 0.5  # "why…": not the dissent's opening statement that they disagree
    dissent_statement: float = 2.0  # "who…": the judge's first paragraph stating the disagreement
    dissent_for_holding: float = 0.5  # the majority answers "what did the court decide"


@dataclass
class SentenceFeatures:
    """What the answerers know about one candidate sentence of the retrieved passages: every measure and
    pattern flag (:mod:`pincite.legal.language`) they score with.  Computed once by :func:`read_sentences` for
    the extractive generator (hand-set :class:`Weights`) and the learned one (weights fitted on gold)."""

    cp: ContextPassage
    sent: str  # exactly as in the passage: the quote
    start: int  # offset of the sentence in the passage text
    toks: set[str]
    matched_terms: int  # distinct question terms it holds (with its lead-in, drafting words, a stated number)
    answers_in_own_words: bool  # its own words (or its provision's caption) share a question term
    matched: float  # idf mass of the question terms it holds (lead-in and drafting words at half)
    coverage: float  # matched over the question's idf mass (1.0 for a decisive sentence)
    decisive: bool  # a majority disposal for an outcome question, a dissent's disagreement for a dissent question
    judgment: bool
    dissenting: bool
    first_of_judge: bool  # in a judge's first paragraph
    concluding: bool  # its paragraph opens "For these reasons…"
    restates_issue: bool  # "the issue is whether…" without a holding
    states_number: bool  # a quantity question and the sentence states a number
    in_quote: bool  # mostly words the document quotes
    argument: bool  # a party's case
    opening: bool  # a judgment's introductory paragraphs
    holding_opening: bool  # "In my judgment…"
    held: bool  # "…we hold that…"
    disagreement: bool  # "I would dismiss…", "I disagree…"
    agreement: bool  # "I agree…"
    disposal: bool  # "the appeal is dismissed"
    other_period: bool  # a provision for a period the question's dates fall outside
    off_kind: bool  # a contract sentence that is not the kind of clause asked about
    titled: bool  # its provision's caption is what the question asks
    prefatory: bool  # under a purpose clause or definitions caption
    grants_power: bool  # a provision granting what "who may…/can…" asks
    describes_person: bool  # "any person who…", for a "who may…" question
    schedule: bool  # in a contract's schedule
    named_author: bool  # written by the judge the question names
    timed: bool  # states a duration or a date
    names_ok: bool  # its document names everything the question names
    quote: str = ""  # what a claim quotes: ``sent`` without a provision's marginal note and numbers (own_words_start)


@dataclass
class Reading:
    """A question read against its turn: the question's terms and shape, and every candidate sentence."""

    question: str  # the question as scored (exclusions and scope words removed)
    shape: Any
    q: set[str]  # the question terms that count as evidence (not the document's naming words)
    q_weight: float
    idf: Callable[[str], float]
    sentences: list[SentenceFeatures]
    names_ok: dict[str, bool]  # per document id


def answers(f: SentenceFeatures, reading: Reading, min_terms: int = 2) -> bool:
    """Whether a sentence can answer at all: its own words (or its provision's caption) share a question term, and
    with its lead-in it holds ``min_terms`` of them (fewer if the question has fewer) — or it decides the question
    (a disposal, a dissent's disagreement) though it shares few of its words."""
    need = min(min_terms, len(reading.q) + (1 if reading.shape.quantity else 0))
    return f.decisive or (f.answers_in_own_words and f.matched_terms >= need)


#: Quoted words that never answer as the court's own (verify's quoted-not-holding check would drop them).
_NEVER_THE_HOLDING = {SourceKind.LOWER_COURT, SourceKind.COUNSEL, SourceKind.EVIDENCE}


def _voice_ranges(cp: ContextPassage, doc: Document | None) -> list[tuple[int, int, SourceKind]]:
    """The quotations the document model found in a passage, as offsets into the passage text."""
    if doc is None:
        return []
    ch = cp.passage.chunk
    out: list[tuple[int, int, SourceKind]] = []
    for u in doc.units:
        if u.voice is None or u.char_end <= ch.char_start or u.char_start >= ch.char_end:
            continue
        qs = [u.voice.quotation] if u.voice.quoted and u.voice.quotation else list(u.voice.spans)
        for q in qs:
            a, b = max(q.char_start, ch.char_start) - ch.char_start, min(q.char_end, ch.char_end) - ch.char_start
            if b > a:
                out.append((a, b, q.kind))
    return out


#: A provision's numbers where its words begin ("70.1 (1) ", "4 ", "(a) "): its label, not words it says.
_PROVISION_NUMBERS = re.compile(r"(?:\d+(?:\.\d+)*[A-Z]?\s+)?(?:\([0-9A-Za-z.]{1,7}\)\s*)*")


_MARKS: dict[tuple[str, int, int], tuple[tuple[tuple[int, int], ...], frozenset[int]]] = {}


def _statute_marks(doc: Document) -> tuple[tuple[tuple[int, int], ...], frozenset[int]]:
    """A statute's headings (its marginal notes and part titles) as spans, and where its units start (kept for
    the last few documents read: a turn reads the same few again and again)."""
    key = (doc.id, len(doc.text), len(doc.units))
    got = _MARKS.get(key)
    if got is None:
        if len(_MARKS) >= 64:
            _MARKS.clear()
        heads = tuple((u.char_start, u.char_end) for u in doc.units if u.kind is UnitKind.HEADING)
        got = _MARKS[key] = (heads, frozenset(u.char_start for u in doc.units if u.kind is not UnitKind.HEADING))
    return got


def own_words_start(doc: Document | None, base: int, text: str, s: int, e: int) -> int:
    """Where a statute's sentence ``text[s:e]`` (the passage starting at document offset ``base``) says its own
    words: after the marginal note that heads the provision ("Certificate under Canada Evidence Act") and after
    the provision's numbers ("70.1 (1) ").  A caption and a label are not the provision's words, and a quote
    holding them is pinpointed to the section around them instead of the subsection it quotes."""
    if doc is None or doc.kind is not DocumentKind.STATUTE:
        return s
    heads, starts = _statute_marks(doc)
    pos, moved = s, True
    at_unit = base + s in starts
    while moved:
        moved = False
        for hs, he in heads:
            if hs <= base + pos < he and he < base + e:
                pos = he - base
                while pos < e and text[pos].isspace():
                    pos += 1
                moved = at_unit = True
    if at_unit or base + pos in starts:
        m = _PROVISION_NUMBERS.match(text, pos, e)
        if m and m.end() > pos and m.end() < e and (text[m.end()].isalpha() or text[m.end()] in "\"“‘"):
            pos = m.end()
    return pos


def read_sentences(turn: TurnContext, min_chars: int = 25) -> "Reading | None":
    """Every candidate sentence of the turn's citable passages with its features; None when the question has
    no terms or no passage is citable.  Titles, lead-ins ending in a colon and fragments are not candidates."""
    question = question_text(turn.question)
    if turn.multi_document:
        # words choosing the documents ("… in each version of the Act") are stated by no sentence: as
        # question terms they would only lower every sentence's coverage, and by more the more sentences
        # were retrieved (the answer then depended on what else retrieval brought)
        question = " ".join(SCOPE_PHRASE.sub(" ", question).split()) or question
    shape = question_shape(question)
    asked = DECIDING_COURT.sub(" ", question)  # "did the Supreme Court hold…": the court is not the answer's words
    q_all = set(terms(asked)) - (_QUANTITY_TERMS if shape.quantity else set())
    passages = [cp for cp in turn.passages if cp.passage.chunk.citable]
    if not q_all or not passages:
        return None
    naming = set()  # words that name a document (title, citation, file name, parties in its opening)
    capitalised = set(terms(" ".join(named_words(question))))
    for dc in turn.documents:
        d = dc.document
        naming |= set(terms(" ".join((d.title, d.citation or "", source_words(d.source)))))
        # in the opening (parties, a statute's long title) only the names the question capitalises: its other
        # words there ("law", "personal information") say what the document is about, not which it is
        naming |= set(terms(d.text[:600])) & capitalised
    glued = [t for t in naming if len(t) >= 8]  # a file name runs a party's words together ("acmewidgetsinc")
    q = {t for t in q_all if t not in naming and not (len(t) >= 5 and any(g.startswith(t) for g in glued))} or q_all
    authors = {cp.passage.chunk.author for cp in passages if cp.passage.chunk.author}
    q_lower = question.lower()
    named_authors = {a for a in authors if any(len(x) > 2 and re.search(rf"\b{re.escape(x.lower())}\b", q_lower)
                                               for x in re.findall(r"[A-Za-z][\w'-]+", a)
                                               if x.lower() not in JUDICIAL_TITLES)}
    docs = {dc.document.id: dc.document for dc in turn.documents}
    opening = _opening_units(docs.values())
    opening_of_judge = _first_units_of_judges(docs.values())
    short_forms = {d_id: defined_abbreviations(d.text) for d_id, d in docs.items()}
    df: Counter[str] = Counter()
    sents = []
    for cp in passages:
        text = cp.passage.text
        # a provision's lead-in ("The board shall consist of the following members:") is what its words are about
        lead = set().union(*(terms(n.text) for n in cp.notes if n.kind == "lead-in")) if cp.notes else set()
        quoted = [(m.start(), m.end()) for m in QUOTE_SPAN.finditer(text)]
        voiced = _voice_ranges(cp, docs.get(cp.passage.document.id))
        quoted += [(a, b) for a, b, _ in voiced]
        not_the_court = [(a, b) for a, b, kind in voiced if kind in _NEVER_THE_HOLDING] \
            if not QUOTED_SOURCE_QUESTION.search(question) else []
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
                toks |= abbreviations[short]  # "the CAT" is the Competition Appeal Tribunal the document defined
            df.update(toks)
            in_quote = any(min(e, b) - max(s, a) > (e - s) / 2 for a, b in quoted)  # mostly quoted words
            if any(min(e, b) - max(s, a) > (e - s) / 2 for a, b in not_the_court):
                continue  # a court below's, counsel's or a witness's words are not an answer of the court's own
            titled = bool(nearest) and nearest <= q_all
            own = own_words_start(docs.get(cp.passage.document.id), cp.passage.chunk.char_start, text, s, e)
            quote = text[own:e] if e - own >= min_chars else sent
            sents.append((cp, sent, toks, lead - toks, in_quote, bool(caption & _PREFATORY), titled, s, quote))
    n = len(sents)

    def idf(t: str) -> float:
        return math.log(1 + n / max(1, df[t]))

    q_weight = sum(idf(t) for t in q) or 1.0
    drafting = drafting_terms(question) - q_all  # "expire" is a contract's "term": half the weight
    kind_test = ClauseKindTest.for_question(question)
    question_periods = stated_periods(question)
    grants = power_phrase(question)
    out = []
    for cp, sent, toks, lead, in_quote, prefatory, titled, start, quote in sents:
        short = len(sent) < min_chars and not (_has_number(sent) and len(sent.split()) >= 3)
        if short or heading_like(sent) or sent.rstrip().endswith(":"):
            continue  # titles and lead-ins ("…shall consist of the following members:") are not answers
        overlap = q & toks
        drafted = drafting & toks
        lead_overlap = q & lead
        ch = cp.passage.chunk
        judgment = cp.passage.document.kind is DocumentKind.JUDGMENT
        dissenting = ch.role in (Role.DISSENTING, Role.PARTLY_DISSENTING)
        states_number = shape.quantity and _has_number(_strip_numbering(sent))
        unit_text = docs[ch.doc_id].text[ch.char_start:ch.char_start + 80] if ch.doc_id in docs else cp.passage.text[:80]
        concluding = judgment and CONCLUSION_OPENING.search(unit_text) is not None
        # a judge disposing of the case, or stating disagreement, answers an outcome/dissent question even
        # though it shares few words with it
        first_of_judge = bool(ch.units) and ch.units[0] in opening_of_judge
        disposal = DISPOSAL.search(sent) is not None
        disagreement = DISAGREEMENT.search(sent) is not None
        decisive = judgment and (
            (shape.outcome and not dissenting and disposal)
            or (shape.dissent and dissenting and disagreement
                and not (shape.reasons and first_of_judge)))  # "why…": not the bare "I disagree"
        off_kind = kind_test is not None and cp.passage.document.kind is DocumentKind.CONTRACT and ch.doc_id in docs \
            and not kind_test.passes(sent, _headings_at(docs[ch.doc_id], ch, ch.char_start + start))
        matched = sum(idf(t) for t in overlap) + 0.5 * sum(idf(t) for t in lead_overlap | drafted)
        out.append(SentenceFeatures(
            cp=cp, sent=sent, start=start, toks=toks,
            matched_terms=len(overlap | lead_overlap | drafted) + (1 if states_number else 0),
            answers_in_own_words=bool(overlap or drafted or titled), matched=matched,
            coverage=1.0 if decisive else matched / q_weight, decisive=decisive, judgment=judgment,
            dissenting=dissenting, first_of_judge=first_of_judge, concluding=concluding,
            restates_issue=bool(ISSUE.search(sent)) and not HELD.search(sent), states_number=states_number,
            in_quote=in_quote, argument=bool(ARGUMENT.search(sent)), opening=bool(ch.units) and ch.units[0] in opening,
            holding_opening=bool(HOLDING_OPENING.search(sent)), held=bool(HELD.search(sent)),
            disagreement=disagreement, agreement=bool(AGREEMENT.search(sent)), disposal=disposal,
            other_period=bool(question_periods) and excludes_period(sent, question_periods), off_kind=off_kind,
            titled=titled, prefatory=prefatory,
            grants_power=grants is not None and not judgment and bool(grants.search(sent)),
            describes_person=grants is not None and not judgment and shape.who_asked
            and bool(PERSON_DESCRIBED.search(sent)),
            schedule=ch.zone is Zone.SCHEDULE and cp.passage.document.kind is DocumentKind.CONTRACT,
            named_author=bool(named_authors) and ch.author in named_authors,
            timed=bool(DURATION.search(sent) or DATE.search(sent)),
            names_ok=True, quote=quote))
    names_ok = {d_id: names_present(turn.question, d) for d_id, d in docs.items()}
    for f in out:
        f.names_ok = names_ok.get(f.cp.passage.document.id, True)
    return Reading(question, shape, q, q_weight, idf, out, names_ok)



class ExtractiveGenerator:
    """Quote the sentence that best answers the question, or abstain.

    A sentence is scored by the question terms it holds, weighted by how rare they are among the retrieved
    sentences; words that only name the document (its title, parties, citation) do not count as evidence.  The
    shape of the question (:func:`pincite.legal.language.question_shape`) and the kind of sentence
    (:mod:`pincite.legal.language`'s judgment and provision patterns) change the score by :class:`Weights`: an
    outcome question prefers a majority judge's disposal, a question about a dissent the dissenting judge's own
    words (their conclusion when it asks why, their statement of disagreement when it asks who), a quantity
    question a sentence stating a number.  The court's own reasoning beats introductory paragraphs, passages it
    only quotes and the restated issue.

    One claim, the best, unless a second adds support: another majority judge's agreement with the disposal, or
    the words of a second part of the question the first claim leaves unanswered.  It abstains when its best
    sentence covers too little of the question, or when the question names something (a case, an Act, a judge,
    a year) that the cited document never mentions.
    """

    name = "extractive"

    def __init__(self, max_claims: int = 2, per_passage: int = 1, min_chars: int = 25, per_document: bool = False,
                 min_terms: int = 2, min_coverage: float = 0.3, runner_up: float = 0.8,
                 multi_coverage: float = 0.4, off_kind: float = 0.5, weights: Weights | None = None) -> None:
        self.max_claims = max_claims
        self.per_passage = per_passage
        self.min_chars = min_chars
        self.per_document = per_document  # multi-document questions: the best sentence of each source
        self.min_terms = min_terms  # a sentence must share this many distinct question terms (fewer if the question has fewer)
        self.min_coverage = min_coverage  # idf-weighted share of the question's terms the best sentence must hold
        self.runner_up = runner_up  # a second claim must score at least this share of the best
        self.multi_coverage = multi_coverage  # per source of a multi-document question: the coverage it must reach
        self.off_kind = off_kind  # score factor of a contract sentence that is not the kind of clause asked about
        self.weights = weights or Weights()

    def generate(self, turn: TurnContext, messages: list[dict[str, str]]) -> str:
        reading = read_sentences(turn, self.min_chars)
        if reading is None:
            return reply_json([])
        question, shape, q, idf, q_weight = reading.question, reading.shape, reading.q, reading.idf, reading.q_weight
        w = self.weights
        decisive_bonus = q_weight / 2.0
        scored = []
        per_document = self.per_document or turn.multi_document
        for f in reading.sentences:
            cp, sent, toks, decisive = f.cp, f.sent, f.toks, f.decisive
            if not answers(f, reading, self.min_terms):
                continue
            if f.off_kind and per_document:
                continue  # one source's answer must be that kind of clause, or that source has none
            ch = cp.passage.chunk
            judgment, dissenting = f.judgment, f.dissenting
            coverage = f.coverage
            score = f.matched / math.sqrt(max(len(toks), 4))
            score *= 1.0 + 1.0 / cp.passage.rank  # prefer the passages retrieval ranked higher
            if decisive:
                score += decisive_bonus
            if f.restates_issue:
                score *= w.restates_issue
            if f.states_number:
                score *= w.states_number
            if judgment:
                if f.in_quote:
                    score *= w.quoted
                if f.argument:
                    score *= w.argument
                if f.opening:
                    score *= w.introduction
                if f.concluding and not shape.who:
                    score *= w.concluding
                if f.holding_opening:
                    score *= w.holding_opening
                elif shape.holding and not dissenting and f.held:
                    score *= w.held
            if f.other_period:
                score *= w.other_period
            if f.off_kind:
                score *= self.off_kind
            if f.titled:
                score *= w.titled
            if f.prefatory and not shape.purpose:
                score *= w.prefatory
            if f.grants_power:
                score *= w.power
            if f.describes_person:
                score *= w.power  # "who may…": the provision describing the persons ("any person who…")
            if f.schedule:
                score *= w.schedule
            if f.named_author:
                score *= w.named_author
            if shape.dissent:
                score *= w.dissent if dissenting else w.not_dissent
                if dissenting and shape.reasons:
                    score *= w.dissent_conclusion if f.concluding else w.dissent_opening if f.first_of_judge else 1.0
                if dissenting and shape.who and f.disagreement and f.first_of_judge:
                    score *= w.dissent_statement
            elif dissenting:
                score *= w.dissent_for_holding
            scored.append((score, coverage, cp, f.quote or sent, toks, decisive, f))
        scored.sort(key=lambda x: -x[0])
        if not scored:
            return reply_json([])
        if not per_document:  # the answer comes from a document that names what the question names
            scored = [x for x in scored if reading.names_ok[x[2].passage.document.id]]
            if not scored:
                return reply_json([])
        if shape.duration and not per_document:
            # "how long…": a sentence that states no duration does not answer it, however many of the question's
            # words it repeats ("the period of notice shall be as agreed")
            timed = next((i for i, x in enumerate(scored) if DURATION.search(x[3]) or DATE.search(x[3])), None)
            if timed is None:
                return reply_json([])
            scored.insert(0, scored.pop(timed))
        best_score, best_cov, best_cp, _, best_toks, _, _ = scored[0]
        if not per_document and best_cov < self.min_coverage:
            return reply_json([])  # abstain: what the question asks is not in the evidence
        claims = []
        if per_document:
            docs_used: set[str] = set()
            for score, coverage, cp, sent, toks, decisive, _ in scored:
                if cp.passage.document.id in docs_used or coverage < self.multi_coverage:
                    continue
                docs_used.add(cp.passage.document.id)
                claims.append(self._claim(cp, sent))
            return reply_json(claims)
        first_quote = scored[0][3]
        if shape.reasons and DISAGREEMENT.search(first_quote):
            # "why…" answered by "I do not agree, however, that…": the judge's point is the sentence that follows
            first_quote = _with_next_sentence(best_cp.passage.text, first_quote)
        claims.append(self._claim(best_cp, first_quote))
        best_unit = best_cp.passage.chunk.units[:1]
        for score, coverage, cp, sent, toks, decisive, _ in scored[1:]:
            if len(claims) >= self.max_claims:
                break
            ch = cp.passage.chunk
            if cp.pid == best_cp.pid or ch.units[:1] == best_unit:
                continue
            first = best_cp.passage.chunk
            if shape.holding and first.author and ch.author and ch.author != first.author \
                    and ch.role not in (Role.DISSENTING, Role.PARTLY_DISSENTING) \
                    and first.role not in (Role.DISSENTING, Role.PARTLY_DISSENTING) \
                    and (decisive or AGREEMENT.search(sent)):
                claims.append(self._claim(cp, sent))  # another majority judge agreeing: the court's holding
            elif shape.two_parts and score >= self.runner_up * best_score \
                    and cp.passage.document.id == best_cp.passage.document.id \
                    and (decisive or sum(idf(t) for t in (toks - best_toks) & q) >= 0.25 * q_weight):
                claims.append(self._claim(cp, sent))  # it answers the part of the question the first leaves open
        return reply_json(claims)

    def _claim(self, cp, sent: str) -> dict:  # type: ignore[no-untyped-def]
        return {"text": self._claim_text(cp, sent), "citations": [{"passage": cp.pid, "quote": sent}]}

    @staticmethod
    def _claim_text(cp, sent: str) -> str:  # type: ignore[no-untyped-def]
        ch = cp.passage.chunk
        if ch.role in (Role.DISSENTING, Role.PARTLY_DISSENTING):
            return f"{ch.author or 'A dissenting judge'} ({ch.role.value}) said: \u201c{sent}\u201d"
        return sent


def names_present(question: str, doc) -> bool:  # type: ignore[no-untyped-def]
    """Every capitalised word (and year, and name of several words) the question names occurs somewhere in
    the document."""
    hay = " ".join((doc.title, doc.citation or "", source_words(doc.source), doc.text)).lower()
    named = named_words(question) + _YEAR.findall(question)
    if not all(re.search(rf"\b{re.escape(x)}", hay) for x in named):
        return False
    flat = " " + " ".join(re.findall(r"\w+", hay)) + " "
    glued = flat.replace(" ", "")  # a file name runs a party's name together: "AcmeWidgetsInc_…"
    return all(f" {p} " in flat or p.replace(" ", "") in glued for p in named_phrases(question))


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


def _with_next_sentence(text: str, sentence: str) -> str:
    """``sentence`` and the sentence after it in ``text`` (the passage), as one verbatim span; ``sentence`` alone
    when it ends the passage."""
    spans = sentence_spans(text, 0, len(text))
    for i, (s, e) in enumerate(spans):
        if text[s:e] == sentence and i + 1 < len(spans):
            return text[s:spans[i + 1][1]]
    return sentence


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

