"""The record of one candidate sentence (:class:`SentenceFeatures`), the question's :class:`Reading`, and the
one place both are computed (:func:`read_sentences`), from what :mod:`.sentence`, :mod:`.question`,
:mod:`.passage` and :mod:`.structure` read; which candidates can answer at all (:func:`answers`); which stored
passage a candidate is of (:func:`passage_key`, :func:`passage_keys`)."""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from pincite.answer.context import ContextPassage, TurnContext
from pincite.generate.features.passage import (
    NEVER_THE_HOLDING,
    copy_key,
    defined_abbreviations,
    distinct_passages,
    headings_at,
    model_text,
    own_words_start,
    passage_caption,
    voice_ranges,
)
from pincite.generate.features.question import drafting_terms, named_words, names_present, question_text
from pincite.generate.features.sentence import ClauseKindTest, has_number, heading_like, strip_numbering
from pincite.generate.features.structure import first_units_of_judges, opening_units
from pincite.legal.language import (
    AGREEMENT,
    ARGUMENT,
    CONCLUSION_OPENING,
    DATE,
    DECIDING_COURT,
    DISAGREEMENT,
    DISPOSAL,
    DURATION,
    HELD,
    HOLDING_OPENING,
    ISSUE,
    JUDICIAL_TITLES,
    PERSON_DESCRIBED,
    PREFATORY_CAPTIONS,
    QUANTITY_WORDS,
    QUOTED_SOURCE_QUESTION,
    QUOTE_SPAN,
    SCOPE_PHRASE,
    excludes_period,
    power_phrase,
    question_shape,
    stated_periods,
    terms,
)
from pincite.legal.sentences import sentence_spans
from pincite.legal.support import SMALL_NUMBERS, TENS, number_value
from pincite.store.rows import source_words
from pincite.types import DocumentKind, Role, Zone


#: captions of provisions that introduce an Act rather than operate (see pincite.legal.language)
_PREFATORY = frozenset(terms(PREFATORY_CAPTIONS))


_QUANTITY_TERMS = frozenset(terms(" ".join(QUANTITY_WORDS)))  # "how many": no evidence of where the number is


@dataclass
class SentenceFeatures:
    """What the answerers know about one candidate sentence of the retrieved passages: every measure and
    pattern flag (:mod:`pincite.legal.language`) the declared features (:data:`DECLARED`) read.  Computed once
    per turn by :func:`read_sentences` (the ranker's and the extractive generator's candidates)."""

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
    concluding_opening: bool = False  # its passage opens "For these reasons…" (set by the reader, at ef74d00)
    similarity: float | None = None  # the bi-encoder's cosine of question and context (fill_similarity)
    context_coverage: float = 0.0  # idf-weighted share of the question's words its context holds (the reader's, idem)
    rank: int = 0  # retrieval's rank of its passage, a document stored twice counted once (0: the passage's own)
    score: float = 0.0  # what a hand-set scorer made of it (the reader's combination, idem)


def passage_key(f: SentenceFeatures) -> str:
    """Which stored passage a candidate sentence is of, as ``DOC#UNIT`` (its document and the passage's first
    unit): what training records keep per candidate, to find the unit again (``lab/adjudicate.py``)."""
    return f"{f.cp.passage.document.id}#{(f.cp.passage.chunk.units or [-1])[0]}"


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
        seen = first.setdefault(copy_key(f.cp), doc)
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


def _question_terms(turn: TurnContext) -> tuple[str, Any, set[str]]:
    """The question as scored (:func:`question_text`; a multi-document question without the words choosing
    the documents), its shape, and all its terms (not the court it names, nor "how many"'s words)."""
    question = question_text(turn.question)
    if turn.multi_document:
        # words choosing the documents ("… in each version of the Act") are stated by no sentence: as
        # question terms they would only lower every sentence's coverage, and by more the more sentences
        # were retrieved (the answer then depended on what else retrieval brought)
        question = " ".join(SCOPE_PHRASE.sub(" ", question).split()) or question
    shape = question_shape(question)
    asked = DECIDING_COURT.sub(" ", question)  # "did the Supreme Court hold…": the court is not the answer's words
    q_all = set(terms(asked)) - (_QUANTITY_TERMS if shape.quantity else set())
    return question, shape, q_all


def _evidence_terms(turn: TurnContext, question: str, q_all: set[str]) -> set[str]:
    """The question's terms that count as evidence: not the words that name a document of the turn (its title,
    citation, file name, and the parties in its opening); all of them when nothing else is left."""
    naming = set()  # words that name a document (title, citation, file name, parties in its opening)
    capitalised = set(terms(" ".join(named_words(question))))
    for dc in turn.documents:
        d = dc.document
        naming |= set(terms(" ".join((d.title, d.citation or "", source_words(d.source)))))
        # in the opening (parties, a statute's long title) only the names the question capitalises: its other
        # words there ("law", "personal information") say what the document is about, not which it is
        naming |= set(terms(d.text[:600])) & capitalised
    glued = [t for t in naming if len(t) >= 8]  # a file name runs a party's words together ("acmewidgetsinc")
    return {t for t in q_all
            if t not in naming and not (len(t) >= 5 and any(g.startswith(t) for g in glued))} or q_all


def _named_authors(passages: Sequence[ContextPassage], question: str) -> set[str]:
    """The passages' judges the question names (a word of the judge's name, not a title)."""
    authors = {cp.passage.chunk.author for cp in passages if cp.passage.chunk.author}
    q_lower = question.lower()
    return {a for a in authors if any(len(x) > 2 and re.search(rf"\b{re.escape(x.lower())}\b", q_lower)
                                      for x in re.findall(r"[A-Za-z][\w'-]+", a)
                                      if x.lower() not in JUDICIAL_TITLES)}


#: A period whose number is written in words, as older statutes write it ("within twenty-one days", "fourteen
#: clear days"): the number in digits is one of the sentence's terms, so that the question's "within 21 days"
#: finds it.
_PERIOD_IN_WORDS = re.compile(rf"(?i)\b((?:{'|'.join(TENS)})(?:[\s-](?:{'|'.join(list(SMALL_NUMBERS)[1:10])}))?|"
                              rf"(?:{'|'.join(list(SMALL_NUMBERS)[1:])}))\s+(?:\(\d+\)\s+)?(?:clear\s+|calendar\s+|"
                              r"working\s+|business\s+)?(?:day|week|month|year)s?\b")


#: A period the question writes in digits ("within 21 days"): its number is what :func:`period_numbers` gives a
#: sentence (a number that is no period, "Network 2", is matched by no "two years").
_PERIOD_IN_DIGITS = re.compile(r"(?i)\b(\d+)\s+(?:clear\s+|calendar\s+|working\s+|business\s+)?"
                               r"(?:day|week|month|year)s?\b")


def period_numbers(sentence: str) -> set[str]:
    """The numbers of the periods ``sentence`` writes in words, in digits ("twenty-one days": {"21"})."""
    out = set()
    for m in _PERIOD_IN_WORDS.finditer(sentence):
        v = number_value(m.group(1))
        if v is not None:
            out.add(str(int(v)))
    return out


def _passage_sentences(cp: ContextPassage, docs: dict[str, Any], short_forms: dict[str, dict[str, frozenset[str]]],
                       question: str, q_all: set[str], min_chars: int, df: Counter[str]) -> list[tuple[Any, ...]]:
    """The sentences of one passage, each as :func:`read_sentences` reads it on (its terms counted in ``df``):
    ``(cp, sentence, terms, lead-in terms, in a quotation, prefatory, titled, start, quote, (index, position
    in the document, what a model reads))``; a court below's, counsel's or a witness's words left out."""
    sents: list[tuple[Any, ...]] = []
    text = cp.passage.text
    # a provision's lead-in ("The board shall consist of the following members:") is what its words are about
    lead = set().union(*(terms(n.text) for n in cp.notes if n.kind == "lead-in")) if cp.notes else set()
    quoted = [(m.start(), m.end()) for m in QUOTE_SPAN.finditer(text)]
    voiced = voice_ranges(cp, docs.get(cp.passage.document.id))
    quoted += [(a, b) for a, b, _ in voiced]
    not_the_court = [(a, b) for a, b, kind in voiced if kind in NEVER_THE_HOLDING] \
        if not QUOTED_SOURCE_QUESTION.search(question) else []
    abbreviations = short_forms.get(cp.passage.document.id, {})
    asked_periods = set(_PERIOD_IN_DIGITS.findall(question))  # "within 21 days": 21 matched in "twenty-one days"
    caption: set[str] = set()  # every heading so far in the passage
    nearest: set[str] = set()  # the heading just above this sentence: the provision's own caption
    heading = passage_caption(cp)  # the same caption as text, for what a model reads
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
        toks = set(terms(sent)) | (period_numbers(sent) & asked_periods)
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
    return sents


def read_sentences(turn: TurnContext, min_chars: int = 25) -> "Reading | None":
    """Every candidate sentence of the turn's citable passages with its features; None when the question has
    no terms or no passage is citable.  Titles, lead-ins ending in a colon and fragments are not candidates."""
    question, shape, q_all = _question_terms(turn)
    # an untrusted passage (legal/injection: it addresses an AI assistant) is no candidate: the checks drop it
    passages, ranks = distinct_passages([cp for cp in turn.passages
                                         if cp.passage.chunk.citable and not cp.untrusted])
    if not q_all or not passages:
        return None
    q = _evidence_terms(turn, question, q_all)
    named_authors = _named_authors(passages, question)
    docs = {dc.document.id: dc.document for dc in turn.documents}
    opening = opening_units(docs.values())
    opening_of_judge = first_units_of_judges(docs.values())
    short_forms = {d_id: defined_abbreviations(d.text) for d_id, d in docs.items()}
    df: Counter[str] = Counter()
    sents: list[tuple[Any, ...]] = []
    for cp in passages:
        sents += _passage_sentences(cp, docs, short_forms, question, q_all, min_chars, df)
    def idf(t: str) -> float:
        return math.log(1 + len(sents) / max(1, df[t]))

    q_weight = math.fsum(idf(t) for t in q) or 1.0
    drafting = drafting_terms(question) - q_all  # "expire" is a contract's "term": half the weight
    kind_test = ClauseKindTest.for_question(question)
    question_periods = stated_periods(question)
    grants = power_phrase(question)
    out = []
    for cp, sent, toks, lead, in_quote, prefatory, titled, start, quote, (index, doc_position, context) in sents:
        short = len(sent) < min_chars and not (has_number(sent) and len(sent.split()) >= 3)
        if short or heading_like(sent) or sent.rstrip().endswith(":"):
            continue  # titles and lead-ins ("…shall consist of the following members:") are not answers
        overlap = q & toks
        drafted = drafting & toks
        lead_overlap = q & lead
        ch = cp.passage.chunk
        judgment = cp.passage.document.kind is DocumentKind.JUDGMENT
        dissenting = ch.role in (Role.DISSENTING, Role.PARTLY_DISSENTING)
        states_number = shape.quantity and has_number(strip_numbering(sent))
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
            and not kind_test.passes(sent, headings_at(docs[ch.doc_id], ch, ch.char_start + start))
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
