"""Evaluation on the real corpus: the dev gold set resolves (every quote is in its unit, versions by date), and
breaking chunking on purpose (the token-window baseline) makes the regression report flag the questions whose
citations got worse."""

from __future__ import annotations

from pathlib import Path

import pytest

from pincite.evaluation.compare import compare_runs
from pincite.evaluation.gold import (
    check_gold_file,
    DocumentFinder,
    read_gold,
    resolve_question,
    select_questions,
)
from pincite.evaluation.runs import use_chunker
from pincite import AskOptions, Pincite
from pincite.generate.extractive import ExtractiveGenerator
from pincite.ingest import ingest_paths
from pincite.search.retrieve import RetrievalMode, Retriever
from pincite.store.sqlite import SQLiteStore
from pincite.types import Chunker
from tests.conftest import REPO

pytestmark = pytest.mark.shared

DEV = REPO / "eval" / "dev.jsonl"


@pytest.fixture(scope="module")
def corpus_store(corpus: Path, tmp_path_factory: pytest.TempPathFactory):
    s = SQLiteStore(tmp_path_factory.mktemp("evalcorpus") / "corpus.db")
    report = ingest_paths(s, [str(corpus)])
    assert not report.failed
    yield s
    s.close()


def test_dev_gold_set_resolves_and_covers_what_the_issue_asks(corpus_store) -> None:
    qs = read_gold(DEV)
    assert check_gold_file(corpus_store, qs) == []
    assert len(qs) >= 40
    kinds = {q.kind.value for q in qs}
    assert kinds == {"judgment", "statute", "contract", "none"}
    tags = {t for q in qs for t in q.tags}
    assert {"dissent", "dissent-in-case", "page-not-paragraph", "as-of", "amended"} <= tags
    assert sum(1 for q in qs if q.kind.value == "none") >= 5


@pytest.mark.parametrize("qid, source_end, label, words", [
    # T-2 s. 4(1)(c): "twenty" before 2021-06-29, "22" from then, "23" from 2022-06-23
    ("t2-judges-2020", "T-2_pit-2018-06-21.xml", "s. 4(1)(c)", "not more than twenty other judges"),
    ("t2-judges-2022", "T-2_pit-2021-06-29.xml", "s. 4(1)(c)", "not more than 22 other judges"),
    ("t2-judges-2024", "T-2_pit-2022-09-23.xml", "s. 4(1)(c)", "not more than 23 other judges"),
    # S-23 s. 4 rewritten on 2023-04-01
    ("s23-interest-2024", "S-23_pit-2023-04-01.xml", "s. 4(1)",
     "Beginning on April 1, 2023, no interest is payable by a borrower on a guaranteed student loan"),
    # the SA judgment: paragraph [25] is on printed page 12
    ("za-ctg-warning", "zasca_2024_21_mec_health_gauteng_v_M.pdf", "[25]",
     "authoritative peer-reviewed literature does not support the view"),
])
def test_gold_targets_are_the_words_in_the_unit(corpus_store, qid, source_end, label, words) -> None:
    q = next(x for x in read_gold(DEV) if x.id == qid)
    finder = DocumentFinder(corpus_store)
    (res,) = resolve_question(finder, q)
    t = res.targets[0]
    doc = finder.get(t.doc_id)
    assert doc.source.endswith(source_end) and doc.units[t.unit].label == label
    assert doc.text[t.quote_start:t.quote_end].startswith(words)
    if qid == "za-ctg-warning":
        assert doc.units[t.unit].page_start == "12"
    for other in res.targets:  # every version that counts was in force on the day asked about
        u = finder.get(other.doc_id).units[other.unit]
        assert q.as_of is None or ((u.in_force_from or "") <= q.as_of < (u.in_force_to or "9999"))


#: Questions the structural chunks answer on gold with the extractive generator and lexical retrieval.
SUBSET = ["za-ctg-warning", "za-sentinel", "rwanda-holding", "fuse-term", "cybergy-governing-law"]


def test_window_baseline_is_flagged_by_the_regression_report(corpus_store) -> None:
    qs = select_questions(read_gold(DEV), SUBSET)
    gen = ExtractiveGenerator()
    structural = Pincite(store=corpus_store, retriever=Retriever(corpus_store, RetrievalMode.LEXICAL),
                         generator=gen).evaluate(qs, options=AskOptions(k=10), settings={"chunker": "structural"}).to_json()
    assert structural["metrics"]["attribution_recall"] == 1.0
    use_chunker(corpus_store, Chunker.WINDOW)
    window = Pincite(store=corpus_store, retriever=Retriever(corpus_store, RetrievalMode.LEXICAL, chunker=Chunker.WINDOW),
                     generator=gen).evaluate(qs, options=AskOptions(k=10), settings={"chunker": "window"}).to_json()
    report = compare_runs(structural, window)
    worse = {c.id: c.worse for c in report.worse}
    assert len(worse) >= 3, worse
    assert all(any(w.startswith("attribution recall 1/1 -> 0/1") for w in ws) for ws in worse.values())
    assert report.settings_changed["chunker"] == ("structural", "window")
    metrics = {m: (a, b) for m, a, b in report.metrics}
    assert metrics["attribution_recall"][1] < metrics["attribution_recall"][0]
    assert window["metrics"]["navigability"] in (1.0, None)  # what is shown is still followable; less is right
