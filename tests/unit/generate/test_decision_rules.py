"""The decisions after the ranking model that choose what a judgment question is answered with.

- Where the ranker abstains on "why did the ground fail?", the court's reasons answer only from a place the
  evidence points to: the ranker's own first choice, or the paragraphs that dispose of the ground asked.  A
  sentence lifted from lower in the ranking because it reads as reasons, and for nothing else, was the answer for 4
  of 16 such questions on the spent fresh sets (the ranker's first choice: 8 of 13), so it is no longer answered.
- A question naming a judge is ranked within that judge's voice; the model's confidence over all the candidates
  vouches for the judge's best sentence only when it is the same sentence.

The candidates here are stand-ins for the ranker's reading (sentence, passage, document); what is asserted is the
choice among them, never a score."""

from __future__ import annotations

from types import SimpleNamespace

import numpy as np
import pytest

import pincite.generate.ranker as R
from pincite.types import DocumentKind

QUESTION = "Why did the ground about delay fail?"
ARGUMENT = "Counsel for the appellant submitted that the judge erred in law in his treatment of the delay."
REASONS = "In my judgment the judge was right, because the delay was unexplained and the prejudice was real."


def _reading(sents: list[str], units: list[int]):  # type: ignore[no-untyped-def]
    doc = SimpleNamespace(id="d1", kind=DocumentKind.JUDGMENT)
    out = []
    for i, (s, u) in enumerate(zip(sents, units)):
        chunk = SimpleNamespace(units=(u,))
        cp = SimpleNamespace(pid=f"P{i}", passage=SimpleNamespace(document=doc, chunk=chunk))
        out.append(SimpleNamespace(sent=s, cp=cp, dissenting=False))
    turn = SimpleNamespace(question=QUESTION, document_of=lambda pid: doc)
    return turn, SimpleNamespace(sentences=out)


@pytest.fixture
def no_ground(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(R, "ground_units", lambda doc, q: [])


def test_a_lower_sentence_reading_as_reasons_is_not_lifted_over_an_abstention(no_ground: None) -> None:
    turn, reading = _reading([ARGUMENT, REASONS], [10, 11])
    assert R.reasons_for_ground(turn, reading, np.array([2.0, 1.0]), None, None) is None


def test_the_rankers_first_choice_giving_reasons_is_answered(no_ground: None) -> None:
    turn, reading = _reading([REASONS, ARGUMENT], [11, 10])
    assert R.reasons_for_ground(turn, reading, np.array([2.0, 1.0]), None, None) == 0


def test_reasons_in_the_grounds_own_paragraphs_are_answered(monkeypatch: pytest.MonkeyPatch) -> None:
    ground = SimpleNamespace(ordinal=11)
    monkeypatch.setattr(R, "ground_units", lambda doc, q: [ground])
    monkeypatch.setattr(R, "bare_conclusion", lambda doc, u: False)
    turn, reading = _reading([ARGUMENT, REASONS], [10, 11])
    assert R.reasons_for_ground(turn, reading, np.array([2.0, 1.0]), None, None) == 1


def test_a_named_judges_sentence_is_not_answered_on_the_confidence_in_another_judges() -> None:
    # the judge's own best sentence (3) under the threshold, another judge's sentence (7) first over all of them
    assert R.voice_probability(3, 0.2, 7, 0.9) == 0.2
    # the same sentence first either way: the model would answer it from all the candidates
    assert R.voice_probability(3, 0.2, 3, 0.9) == 0.9
    assert R.voice_probability(3, 0.7, 3, 0.4) == 0.7
