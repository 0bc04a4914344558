"""Who pays, and whether a party pays at all, is asked of the clause on fees, payment or reimbursement (issue 52,
zoo_dev): "who pays the employee's costs…?" is answered by "Company … will reimburse Employee for reasonable
out-of-pocket expenses", though a contract says "expenses", not "costs".  On the Word and Markdown contracts of
../shared/zoo (none reserved)."""

from __future__ import annotations

from pathlib import Path

import pytest

from pincite.legal.clauses import clause_types_asked
from pincite.legal.decisions import answer_must_say

pytestmark = pytest.mark.shared

CIIAA = "zoo/contract_docx_word_numbering/openagreements_confidentiality_invention_assignment_agreement.docx"
MARKDOWN = "zoo/contract_markdown_nested_lists"


def test_paying_is_a_clause_kind_and_reimbursing_expenses_answers_who_bears_costs() -> None:
    assert "payment" in [t.key for t in clause_types_asked("Does the partner have to pay anything for access?")]
    assert "payment" in [t.key for t in clause_types_asked("Who is reimbursed for travel?")]
    needs = answer_must_say("Who pays the employee's costs of the assistance?")
    assert needs and all(n.search("Company will reimburse Employee for reasonable expenses.") for n in needs)


@pytest.fixture(scope="module")
def ask(tmp_path_factory: pytest.TempPathFactory, shared: Path):  # type: ignore[no-untyped-def]
    from pincite.engine import AskOptions
    from tests.support.extractive_helpers import ingested, ranker_asker
    files = [shared / CIIAA, *sorted((shared / MARKDOWN).glob("*.md"))]
    s = ingested(tmp_path_factory.mktemp("payment") / "s.db", files)
    yield ranker_asker(s, k=AskOptions().k)  # the default options
    s.close()


@pytest.mark.parametrize("question", [
    "Under the CIIAA, who bears the employee's costs of helping with patent filings after the job ends?",
    "Who pays the employee's costs for post-termination assistance under the CIIAA?",
])
def test_who_bears_the_costs_is_the_reimbursement_sentence(ask, question: str) -> None:  # type: ignore
    ans = ask(question)
    assert ans.citations, ans.text
    assert "reimburse" in ans.citations[0].to_json()["quote"]
