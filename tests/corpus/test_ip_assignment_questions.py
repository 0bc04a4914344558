"""A question whether inventions are assigned ("does the employee assign inventions to the company?") asks the
intellectual-property assignment clause, not the clause on assigning the agreement (issue 52, zoo_dev): the word
"assign" alone read as anti-assignment, and the agreement's "Company may assign it to an affiliate" outranked
"Employee hereby assigns … the Covered Inventions".  On the Word and Markdown contracts of ../shared/zoo (none
reserved)."""

from __future__ import annotations

from pathlib import Path

import pytest

from pincite.legal.clauses import clause_types_asked

pytestmark = pytest.mark.shared

CIIAA = "zoo/contract_docx_word_numbering/openagreements_confidentiality_invention_assignment_agreement.docx"
MARKDOWN = "zoo/contract_markdown_nested_lists"


def test_assigning_inventions_is_ip_assignment_and_assigning_the_agreement_is_not() -> None:
    assert [t.key for t in clause_types_asked("Does the employee assign inventions to the company?")] == \
        ["ip-assignment"]
    assert [t.key for t in clause_types_asked("Are inventions assigned to the employer?")] == ["ip-assignment"]
    assert [t.key for t in clause_types_asked("Can a party assign this agreement without consent?")] == \
        ["anti-assignment"]


@pytest.fixture(scope="module")
def ask(tmp_path_factory: pytest.TempPathFactory, shared: Path):  # type: ignore[no-untyped-def]
    from pincite.engine import AskOptions
    from tests.support.extractive_helpers import ingested, ranker_asker
    files = [shared / CIIAA, *sorted((shared / MARKDOWN).glob("*.md"))]
    s = ingested(tmp_path_factory.mktemp("ipassign") / "s.db", files)
    yield ranker_asker(s, k=AskOptions().k)  # the default options
    s.close()


@pytest.mark.parametrize("question", [
    "Under the CIIAA, does the employee actually assign inventions to the company or only promise to?",
    "Does the CIIAA make the employee assign inventions to Company now?",
])
def test_an_invention_assignment_question_cites_the_assignment_of_inventions(ask, question: str) -> None:  # type: ignore
    ans = ask(question)
    assert ans.citations, ans.text
    quote = ans.citations[0].to_json()["quote"]
    assert "assigns" in quote and "Invention" in quote
