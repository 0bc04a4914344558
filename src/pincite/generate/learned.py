"""The learned generator: the extractive generator's candidate sentences and features, scored by a logistic
regression whose weights were fitted on gold, not set by hand.

Every candidate sentence (:func:`pincite.generate.features.read_sentences`: the same candidates and the same
record of measures and pattern flags the extractive generator scores with) becomes a row of numbers
(:func:`pincite.generate.features.feature_matrix` over the features its weights file names: each declared once in
:data:`pincite.generate.features.DECLARED`).  The model gives each row the probability that the sentence lies in
a gold unit (a sentence covering less than :attr:`LearnedWeights.min_coverage` of the question's rare words
gets 0).  The best sentence is quoted, and a second when its probability reaches
:attr:`LearnedWeights.second`; the generator abstains when the best probability is under
:attr:`LearnedWeights.threshold`.  A question asked of several documents gets the best sentence of each document
that reaches the threshold.

The weights, the standardisation and both thresholds live in ``models/learned_weights.json``,
written by ``lab/train_answerer.py`` (which says what it was trained on, when, and the feature names); the
thresholds and the least coverage were chosen by cross-validation on the training questions, grouped by question.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import numpy as np

from pincite.answer.context import TurnContext
from pincite.answer.protocol import reply_json
from pincite.generate.base import GeneratorError
from pincite.generate.extractive import ExtractiveGenerator, _with_next_sentence
from pincite.generate.features import (
    CORE,
    Reading,
    SentenceFeatures,
    answers,
    columns_problem,
    feature_matrix,
    read_sentences,
)

__all__ = ["CORE", "LearnedGenerator", "LearnedWeights", "WEIGHTS_FILE", "candidates", "choose_claims",
           "feature_matrix", "load_weights", "masked"]

WEIGHTS_FILE = Path(__file__).resolve().parent.parent / "models" / "learned_weights.json"


def candidates(turn: TurnContext, min_chars: int = 25, min_terms: int = 2) -> Reading | None:
    """The turn's reading with only the sentences that can answer at all
    (:func:`pincite.generate.features.answers`, the rule the extractive generator applies too, with its
    ``min_terms`` question terms): the model compares candidates with each other, so one that shares no question
    word is never a candidate, however it compares."""
    reading = read_sentences(turn, min_chars)
    if reading is None:
        return None
    return replace(reading, sentences=[f for f in reading.sentences if answers(f, reading, min_terms)])


def masked(probs: Sequence[float], coverages: Sequence[float], min_coverage: float) -> list[float]:
    """The probabilities, with 0 for a sentence covering less than ``min_coverage`` of the question."""
    return [p if c >= min_coverage else 0.0 for p, c in zip(probs, coverages)]


@dataclass(frozen=True)
class LearnedWeights:
    """A fitted model: feature names (:data:`pincite.generate.features.CORE`, then any optional declared
    features it was fitted with), standardisation, coefficients,
    the abstention threshold, the second claim's threshold, the least coverage of the question a quoted sentence
    must have, and what it was trained on."""

    features: tuple[str, ...]
    mean: np.ndarray
    scale: np.ndarray
    coef: np.ndarray
    intercept: float
    threshold: float
    second: float
    min_coverage: float
    about: dict[str, Any]

    def probabilities(self, x: np.ndarray) -> np.ndarray:
        z = ((x - self.mean) / self.scale) @ self.coef + self.intercept
        return 1.0 / (1.0 + np.exp(-np.clip(z, -30, 30)))

    def to_json(self) -> dict[str, Any]:
        return {**self.about, "features": list(self.features), "mean": self.mean.round(6).tolist(),
                "scale": self.scale.round(6).tolist(), "coef": self.coef.round(6).tolist(),
                "intercept": round(self.intercept, 6), "threshold": self.threshold, "second": self.second,
                "min_coverage": self.min_coverage}


def load_weights(path: str | Path = WEIGHTS_FILE) -> LearnedWeights:
    """Read a weights file; :class:`GeneratorError` naming the file and what is wrong with it."""
    p = Path(path)
    try:
        raw = json.loads(p.read_text(encoding="utf-8"))
    except OSError as e:
        raise GeneratorError(f"{p}: the learned generator's weights cannot be read: {e.strerror or e}") from None
    except (UnicodeDecodeError, json.JSONDecodeError) as e:
        raise GeneratorError(f"{p}: the learned generator's weights are not valid JSON: {e}") from None
    try:
        names = tuple(raw["features"])
        arrays = [np.asarray(raw[k], dtype=float) for k in ("mean", "scale", "coef")]
        intercept, threshold, second = float(raw["intercept"]), float(raw["threshold"]), float(raw["second"])
        min_coverage = float(raw["min_coverage"])
    except (KeyError, TypeError, ValueError) as e:
        raise GeneratorError(f"{p}: the learned generator's weights lack or garble a field ({e})") from None
    problem = columns_problem(names)
    if problem:
        raise GeneratorError(f"{p}: the weights were trained on other features than this version computes "
                             f"({problem}); retrain with lab/train_answerer.py")
    if any(a.shape != (len(names),) for a in arrays) or not all(np.isfinite(a).all() for a in arrays) \
            or (arrays[1] <= 0).any():
        raise GeneratorError(f"{p}: the weights' mean, scale or coef are not {len(names)} finite numbers "
                             f"(scale positive)")
    about = {k: v for k, v in raw.items() if k not in ("features", "mean", "scale", "coef", "intercept",
                                                        "threshold", "second", "min_coverage")}
    return LearnedWeights(names, arrays[0], arrays[1], arrays[2], intercept, threshold, second, min_coverage, about)


def choose_claims(probs: Sequence[float], units: Sequence[Any], threshold: float, second: float) -> list[int]:
    """Indices of the sentences to quote, best first: none when the best is under ``threshold``; the next best
    of another unit too when it reaches ``second``.  (The same rule the training script's cross-validation
    scores, so the thresholds it picks mean the same thing here.)"""
    order = sorted(range(len(probs)), key=lambda i: -probs[i])
    if not order or probs[order[0]] < threshold:
        return []
    out = [order[0]]
    for i in order[1:]:
        if probs[i] < max(second, threshold):
            break
        if units[i] != units[order[0]]:
            out.append(i)
            break
    return out


class LearnedGenerator:
    """Quote the sentence the fitted model rates most likely to be the answer, or abstain."""

    name = "learned"

    def __init__(self, weights: LearnedWeights | None = None, weights_file: str | Path | None = None,
                 min_chars: int = 25) -> None:
        self._weights = weights
        self.weights_file = Path(weights_file) if weights_file else WEIGHTS_FILE
        self.min_chars = min_chars

    @property
    def weights(self) -> LearnedWeights:
        if self._weights is None:
            self._weights = load_weights(self.weights_file)
        return self._weights

    def load(self) -> None:
        """Read the weights now (a server does it at start, so a damaged file is reported before a question)."""
        _ = self.weights

    def rate(self, turn: TurnContext) -> tuple[Reading | None, np.ndarray]:
        """The turn's candidate sentences and each one's probability of being the answer."""
        reading = candidates(turn, self.min_chars)
        if reading is None or not reading.sentences:
            return reading, np.zeros(0)
        w = self.weights
        probs = masked(w.probabilities(feature_matrix(reading, w.features)).tolist(), [f.coverage for f in reading.sentences],
                       w.min_coverage)
        return reading, np.array(probs)

    def generate(self, turn: TurnContext, messages: list[dict[str, str]]) -> str:
        w = self.weights
        reading, probs = self.rate(turn)
        if reading is None or not len(probs):
            return reply_json([])
        sents = reading.sentences
        if turn.multi_document:
            claims, seen = [], set()
            for i in np.argsort(-probs, kind="stable"):
                doc = sents[i].cp.passage.document.id
                if doc in seen or probs[i] < w.threshold:
                    continue
                seen.add(doc)
                claims.append(self._claim(sents[i], reading))
            return reply_json(claims)
        units = [f.cp.passage.chunk.units[:1] for f in sents]
        chosen = choose_claims(probs.tolist(), units, w.threshold, w.second)
        return reply_json([self._claim(sents[i], reading) for i in chosen])

    @staticmethod
    def _claim(f: SentenceFeatures, reading: Reading) -> dict[str, Any]:
        quote = f.quote or f.sent
        if reading.shape.reasons and f.disagreement:
            # "why…" answered by "I do not agree, however, that…": the judge's point is the sentence that follows
            quote = _with_next_sentence(f.cp.passage.text, quote)
        return {"text": ExtractiveGenerator._claim_text(f.cp, quote), "citations": [{"passage": f.cp.pid,
                                                                                   "quote": quote}]}
