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

Weights and the threshold were chosen on ``eval/dev.jsonl`` only (lab/reader_bench.py; figures in bench/NOTES.md).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pincite.answer.context import TurnContext
from pincite.answer.protocol import reply_json
from pincite.generate.extractive import ExtractiveGenerator
from pincite.generate.features import (
    Reading,
    SentenceFeatures,
    aggregates,
    feature,
    fill_similarity,
    load_sentence_model,
    question_text,
    reader_sentences,
)
from pincite.legal.language import DISSENT_QUESTION

if TYPE_CHECKING:
    from pincite.search.embed import Embedder

#: The reader's candidate is the answerers' one record (its similarity, context coverage and the features below).
Candidate = SentenceFeatures


def load_reader_model(files: "tuple[Path, Path] | None" = None) -> "Embedder":
    """The model the reader scores with: :func:`pincite.generate.features.load_sentence_model`."""
    return load_sentence_model(files)


#: The reader's combination: each declared feature (:data:`pincite.generate.features.DECLARED`) with the
#: :class:`ReaderGenerator` attribute that weighs it, added (+) or subtracted (-), in this order.
COMBINATION: tuple[tuple[str, str, int], ...] = (
    ("context_coverage", "lexical_weight", +1),
    ("inverse_rank", "rank_weight", +1),
    ("unresolved_issue", "issue_factor", -1),
    ("stated_argument", "argument_factor", -1),
    ("off_side", "dissent_factor", -1),
    ("decides", "decides_weight", +1),
    ("introduction", "opening_factor", -1),
)


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

    # -- candidates ---------------------------------------------------------------------------------------
    def candidates(self, turn: TurnContext, question: str | None = None) -> Reading | None:
        """The sentences the model reads, best-ranked passage first, at most :attr:`max_pairs`."""
        return reader_sentences(turn, question if question is not None else question_text(turn.question),
                                self.max_passages, self.max_pairs, self.min_chars, self.with_title)

    # -- scoring ----------------------------------------------------------------------------------------
    def read(self, turn: TurnContext, question: str) -> list[Candidate]:
        """Every candidate with the model's similarity and the declared features, combined into its ``score``."""
        reading = self.candidates(turn, question)
        if reading is None:
            return []
        fill_similarity(reading, self.model)
        agg = aggregates(reading)
        steps = [(feature(name), getattr(self, weight), sign) for name, weight, sign in COMBINATION]
        for c in reading.sentences:
            c.score = self.combine(c, reading, agg, steps)
        return reading.sentences

    @staticmethod
    def combine(c: Candidate, reading: Reading, agg: Any, steps: Sequence[tuple[Any, float, int]]) -> float:
        score = c.similarity or 0.0
        for fn, weight, sign in steps:
            score = score + weight * fn(c, reading, agg) if sign > 0 else score - weight * fn(c, reading, agg)
        return score

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
        return {"text": ExtractiveGenerator._claim_text(c.cp, c.sent),
                "citations": [{"passage": c.cp.pid, "quote": c.sent}]}


def majority_first(cands: Sequence[Candidate], threshold: float, wants_dissent: bool) -> list[Candidate]:
    """Candidates best first; unless the question asks about a dissent, a dissent's sentences are left out when
    any other judge's are candidates (what a court decided is never answered from a dissent: the reader quotes
    the majority, or abstains)."""
    ranked = sorted(cands, key=lambda c: -c.score)
    if wants_dissent or not any(c.cp.passage.chunk.role is not None and not c.dissenting for c in ranked):
        return ranked
    return [c for c in ranked if not c.dissenting]
