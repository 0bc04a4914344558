"""A question naming one of the turn's documents by its title ("… under the Design Partner Agreement?") is not
answered from another document (issue 52): another agreement's liability cap, however well it matches the
question's other words, is not what the named agreement says, so the answer is that agreement's own clause or no
answer. In a store of every document of ../shared/zoo and the project zoo (Common Paper's and Bonterms' agreements
among judgments and legislation; none reserved)."""

from __future__ import annotations

from pathlib import Path

import pytest

pytestmark = pytest.mark.shared

PROJECT_ZOO = Path(__file__).resolve().parents[2] / "zoo"


def _documents(root: Path) -> list[Path]:
    """Every document of a zoo (a store of many shapes, as a user's is): its folders' files, answer keys aside."""
    return sorted(p for d in root.iterdir() if d.is_dir() and not d.name.startswith("_")
                  for p in d.iterdir() if p.is_file() and not p.name.endswith(".key.json"))


@pytest.fixture(scope="module")
def ask(tmp_path_factory: pytest.TempPathFactory, shared: Path):  # type: ignore[no-untyped-def]
    from pincite.engine import AskOptions
    from tests.support.extractive_helpers import ingested, ranker_asker
    s = ingested(tmp_path_factory.mktemp("named") / "s.db", _documents(shared / "zoo") + _documents(PROJECT_ZOO))
    yield ranker_asker(s, k=AskOptions().k)  # the default options
    s.close()


@pytest.mark.parametrize("question, named", [
    ("Under the Design Partner Agreement, what is each party's total cumulative liability limited to?",
     "design_partner"),
    ("Design Partner Agreement: is there a general liability cap amount?", "design_partner"),
    ("What liability cap applies under the Software License Agreement?", "software_license"),
    ("Under the Data Processing Agreement, what is each party's total liability limited to?",
     "data_processing"),
])
def test_a_question_naming_a_document_is_answered_from_it_or_not_at_all(ask, question: str,  # type: ignore
                                                                       named: str) -> None:
    ans = ask(question)
    sources = [c.candidate.doc.source for c in ans.citations]
    assert all(named in s for s in sources), sources
