"""Issue 52: a question naming a body by its proper name ("the Supreme Court of Canada", "the Ontario Court of
Appeal") is not answered from a statute section about another body of the same kind — the Tax Court of Canada
Act's "The Tax Court consists of … not more than 23 other judges" says nothing of how many judges sit on another
court, though the Act names other courts elsewhere.  The body the section is about still answers.

The questions are written for these tests (none is a gold question); what is asserted is which section is cited,
never an answer's wording."""

from __future__ import annotations

from pathlib import Path

import pytest

from pincite.legal.language import bodies_named, body_head, names_body
from tests.support.extractive_helpers import ingested, ranker_asker

pytestmark = pytest.mark.shared

TAX_COURT_ACT = "canada_justice_laws_xml/T-2/T-2_pit-2026-03-26.xml"


@pytest.fixture(scope="module")
def ask(tmp_path_factory: pytest.TempPathFactory, corpus: Path):  # type: ignore[no-untyped-def]
    s = ingested(tmp_path_factory.mktemp("bodies") / "s.db", [corpus / TAX_COURT_ACT])
    yield ranker_asker(s)
    s.close()


def _sections(ans) -> list[str]:  # type: ignore[no-untyped-def]
    return [x.candidate.unit.label for x in ans.citations]


@pytest.mark.parametrize("question", [
    "What is the number of judges of the Supreme Court of Canada?",
    "How many judges are there on the Ontario Court of Appeal?",
])
def test_a_section_about_another_court_does_not_answer(ask, question: str) -> None:  # type: ignore[no-untyped-def]
    ans = ask(question)
    assert not any(label.startswith("s. 4") for label in _sections(ans)), (question, ans.text)


def test_the_court_the_section_is_about_still_answers(ask) -> None:  # type: ignore[no-untyped-def]
    ans = ask("What is the number of judges of the Tax Court of Canada?")
    assert any(label.startswith("s. 4") for label in _sections(ans)), ans.text


def test_bodies_named_reads_proper_names_not_openings() -> None:
    asked = "How many members sit on the Competition Appeal Tribunal?"
    assert bodies_named(asked) == ["Competition Appeal Tribunal"]
    assert bodies_named("Was the order upheld by the Court of Appeal?") == ["Court of Appeal"]
    assert bodies_named("How is the Scottish Agricultural Wages Board made up?") == ["Scottish Agricultural Wages Board"]
    assert bodies_named("Did the Tribunal err?") == [] and bodies_named("Which Court heard it?") == []
    assert body_head("Court of Appeal for Ontario") == "court" and body_head("Strata Titles Board") == "board"
    assert names_body("appeals lie to the Competition  Appeal Tribunal’s members", "Competition Appeal Tribunal's")
