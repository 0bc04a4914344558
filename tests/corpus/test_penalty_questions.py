"""A question asking a penalty ("what is the maximum fine for…?", "what penalty…?") is answered by a provision
stating one (issue 52, zoo_dev): the prohibition itself ("No person shall… unless they are the holder of a
permit") shares the question's words but fixes no fine, and where the instrument states no penalty (a park's
use regulations leave it to the Act) there is no answer in it. On a Canadian Act of ../shared/corpus and the Justice
Canada regulations of ../shared/zoo (none reserved)."""

from __future__ import annotations

from pathlib import Path

import pytest

from pincite.legal.decisions import answer_must_say

pytestmark = pytest.mark.shared

LOANS = "corpus/canada_justice_laws_xml/S-23/S-23_pit-2025-12-12.xml"
WAPUSK = "zoo/regulation_canada_justice_xml/SOR-2010-67_wapusk_national_park_park_use_regulations.xml"


def test_a_penalty_question_needs_a_stated_penalty() -> None:
    needs = answer_must_say("What is the maximum fine for building a cabin without a permit?")
    assert needs
    assert all(n.search("is guilty of an offence and liable on summary conviction to a fine not exceeding $1,000")
               for n in needs)
    assert not all(n.search("No person shall construct a resource harvest cabin unless they hold a permit.")
                   for n in needs)
    assert not answer_must_say("Who may issue a permit to build a cabin?")
    assert not answer_must_say("What is the fine print on termination?")


@pytest.fixture(scope="module")
def ask(tmp_path_factory: pytest.TempPathFactory, shared: Path):  # type: ignore[no-untyped-def]
    from pincite.engine import AskOptions
    from tests.support.extractive_helpers import ingested, ranker_asker
    s = ingested(tmp_path_factory.mktemp("penalty") / "s.db", [shared / LOANS, shared / WAPUSK])
    yield ranker_asker(s, k=AskOptions().k)  # the default options
    s.close()


def test_the_fine_is_the_provision_fixing_it(ask) -> None:  # type: ignore[no-untyped-def]
    ans = ask("Under the Canada Student Loans Act, what is the maximum fine for knowingly making a false "
              "statement in a loan application?")
    assert ans.citations, ans.text
    quote = ans.citations[0].to_json()["quote"]
    assert "fine" in quote and "$" in quote, quote


@pytest.mark.parametrize("question", [
    "What penalty applies to building a resource harvest cabin in Wapusk National Park without a permit?",
    "What is the maximum fine for carrying a firearm in Wapusk National Park without a permit?",
])
def test_a_prohibition_stating_no_penalty_does_not_answer(ask, question: str) -> None:  # type: ignore[no-untyped-def]
    ans = ask(question)
    needs = answer_must_say(question)
    assert needs
    quotes = [c.to_json()["quote"] for c in ans.citations]
    assert all(all(n.search(q) for n in needs) for q in quotes), quotes
