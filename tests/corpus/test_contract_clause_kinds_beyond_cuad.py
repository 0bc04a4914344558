"""The clauses a lawyer asks about that CUAD's categories leave out — where disputes go, how long a party has to
cure a breach, force majeure (pincite.legal.clauses, issue 52): a question in a user's words ("where would we
have to litigate?") is read as asking for that kind of clause, whose drafting words it does not share ("submits to
the exclusive jurisdiction of the Chosen Courts").  On a Markdown contract of ../shared/zoo (not reserved)."""

from __future__ import annotations

from pathlib import Path

import pytest

from pincite.legal.clauses import clause_types_asked

pytestmark = pytest.mark.shared

LICENCE = "zoo/contract_markdown_nested_lists/common_paper_software_license_agreement.md"


@pytest.mark.parametrize(("question", "key"), [
    ("If we end up in a dispute with the provider, where would we have to litigate?", "dispute-resolution"),
    ("How are disputes under the distribution agreement resolved?", "dispute-resolution"),
    ("How long does a party in material breach get to cure before the other can terminate?", "breach-cure"),
    ("When is a notice sent by post deemed received?", "notices"),
    ("Is there a contractual limitation period for suing under the services agreement?", "claims-time-limit"),
    ("Does the vendor have to indemnify us if a third party claims the software infringes its patent?",
     "indemnification"),
    ("Are consequential damages and lost profits excluded?", "consequential-damages"),
    ("Can the supplier rely on force majeure if a hurricane shuts the plant?", "force-majeure"),
    ("Are the terms of the deal themselves confidential?", "confidentiality"),
    ("May the contractor subcontract any of the services?", "subcontracting"),
])
def test_clauses_beyond_cuad_are_asked_in_users_words(question: str, key: str) -> None:
    assert key in [t.key for t in clause_types_asked(question)]


@pytest.mark.parametrize("question", [
    "Which court heard the appeal?",  # a court asked of a judgment is no venue clause
    "When did the noise rules start to apply to pubs, clubs and live music venues?",
    "Was there a non-disclosure order against the husband?",
    "Why did the Court of Appeal dismiss the appeal?",
])
def test_judgment_and_statute_questions_ask_no_clause(question: str) -> None:
    assert not clause_types_asked(question)


@pytest.fixture(scope="module")
def ask(tmp_path_factory: pytest.TempPathFactory, shared: Path):  # type: ignore[no-untyped-def]
    from pincite.engine import AskOptions
    from tests.support.extractive_helpers import ingested, ranker_asker
    s = ingested(tmp_path_factory.mktemp("clause_kinds") / "s.db", [shared / LICENCE])
    yield ranker_asker(s, k=AskOptions().k)  # the default options
    s.close()


@pytest.mark.parametrize(("question", "unit", "says"), [
    ("Software licence: how long does a party in material breach get to cure before the other side can end it?",
     "4.3", "fails to cure a material breach"),
])
def test_a_clause_beyond_cuad_is_cited_for_a_question_in_users_words(ask, question: str, unit: str,  # type: ignore
                                                                     says: str) -> None:
    """Typed as a cure question, it still cites the cure clause (the clause's caption is 'Termination', and "how
    long" alone had read it as a question about the agreement's term).  Not asserted: "where would we have to
    litigate?" — its clause (10.3, "submits to the exclusive jurisdiction of the Chosen Courts") is typed but the
    ranker still abstains on this one-contract store."""
    ans = ask(question)
    assert ans.citations, ans.text
    cited = ans.citations[0].to_json()
    assert unit in ans.citations[0].pinpoint and says in cited["quote"], (ans.citations[0].pinpoint, cited)
