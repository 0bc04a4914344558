"""The kinds of paragraph a judgment question asks for (pincite.legal.question_kinds), and how such a
paragraph is written: general forms, no document's words."""

from __future__ import annotations

import pytest

from pincite.legal.question_kinds import kinds_asked, place_weight, says_kind


@pytest.mark.parametrize("question, kind", [
    ("What order had the judge made at first instance?", "lower-court"),
    ("What did the Recorder decide on the summary judgment application?", "lower-court"),
    ("What remedy did the Court of Appeal grant?", "outcome"),
    ("What happened to the damages claim?", "outcome"),
    ("Why did the court reject the argument that costs follow at once?", "why-failed"),
    ("What did the court make of that submission?", "why-failed"),
    ("What legal test applies to justification?", "test"),
    ("How intense should the court's scrutiny be?", "test"),
])
def test_kind_asked(question: str, kind: str) -> None:
    assert kind in [k.key for k in kinds_asked(question)]


def test_a_tribunal_named_as_a_party_asks_nothing_about_its_decision() -> None:
    assert kinds_asked("Did the second judge add anything in JH v Upper Tribunal?") == ()


@pytest.mark.parametrize("question, paragraph", [
    ("What order did the court make?", "I would therefore allow the appeal and set aside paragraph 1 of the order."),
    ("What did the judge decide at trial?", "The claimant's claims were heard by a deputy judge, who dismissed them."),
    ("Why did the argument fail?", "I do not accept that submission."),
    ("What test did the court apply?", "The applicable test in law is whether the decision was irrational."),
])
def test_paragraph_says_kind(question: str, paragraph: str) -> None:
    assert says_kind(paragraph, kinds_asked(question))


def test_a_paragraph_of_another_kind_is_none() -> None:
    assert not says_kind("The hearing took place in March.", kinds_asked("What order did the court make?"))


def test_a_disposal_stands_at_the_end_and_the_decision_below_at_the_start() -> None:
    outcome = kinds_asked("What order did the court make?")
    below = kinds_asked("What did the judge decide at first instance?")
    assert place_weight(0.95, "I would allow the appeal.", outcome) > place_weight(0.1, "I would allow the appeal.",
                                                                                   outcome)
    assert place_weight(0.05, "The judge held that the claim failed.", below) > 0.9
