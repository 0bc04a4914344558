"""Multi-document gold questions: scope passed on to the answer, coverage and per-claim attribution reported."""

from __future__ import annotations

from pathlib import Path

import pytest

from pincite.evaluation.gold import GoldError, parse_gold_line, read_gold, select_questions
from pincite import AskOptions, Pincite
from pincite.generate.extractive import ExtractiveGenerator
from pincite.ingest import ingest_paths
from pincite.search.retrieve import RetrievalMode, Retriever
from pincite.store.sqlite import SQLiteStore
from tests.conftest import REPO

DEV = REPO / "eval" / "dev.jsonl"


def test_scope_must_be_a_list_of_sources() -> None:
    base = '{"id": "x", "question": "q?", "kind": "none", "gold": [], "scope": %s}'
    assert parse_gold_line(base % '["a.txt", "b.txt"]', "t").scope == ("a.txt", "b.txt")
    with pytest.raises(GoldError, match="scope"):
        parse_gold_line(base % '"a.txt"', "t")


def test_dev_set_has_cross_document_questions() -> None:
    cross = [q for q in read_gold(DEV) if q.scope]
    assert len(cross) >= 8
    assert all(len(q.scope) >= 2 for q in cross)


@pytest.mark.shared
def test_governing_law_coverage_and_claim_recall(tmp_path: Path, corpus: Path) -> None:
    store = SQLiteStore(tmp_path / "e.db")
    assert not ingest_paths(store, [corpus / "contracts_cuad" / "txt"]).failed
    qs = select_questions(read_gold(DEV), ["cross-governing-law"])
    run = Pincite(store=store, retriever=Retriever(store, RetrievalMode.LEXICAL),
                  generator=ExtractiveGenerator()).evaluate(qs, options=AskOptions(k=10)).to_json()
    (rec,) = run["questions"]
    m = run["metrics"]
    assert len(rec["scope"]) == 9
    assert rec["counts"]["scope_sources"] == 7  # XLI and the BioAmber amendment have no governing-law clause
    assert m["coverage"] == rec["counts"]["scope_cited"] / 7
    assert m["coverage"] >= 5 / 7
    assert m["claim_recall"] == 1.0  # every shown claim kept a citation; none was dropped for lack of one
    assert {c["doc_id"] for c in rec["citations"]} <= {t["doc_id"] for g in rec["gold"] for t in g["targets"]}
    store.close()
