"""bench/train_ranker.py's cross-validation folds by writer and by document (gold files written here, small)."""

from __future__ import annotations

import json
from pathlib import Path

from tests.test_bench_small_stores import _bench


def _gold(path: Path, questions: list[dict]) -> str:
    path.write_text("// written for this test\n" + "".join(json.dumps(q) + "\n" for q in questions), encoding="utf-8")
    return str(path)


def _q(qid: str, sources: list[str], writer: str | None = None, scope: list[str] | None = None) -> dict:
    q = {"id": qid, "question": f"{qid}?", "kind": "judgment" if sources else "none",
         "gold": [{"source": s, "unit": "1", "quote": "x"} for s in sources]}
    if writer:
        q["writer"] = writer
    if scope:
        q["scope"] = scope
    return q


def test_questions_about_one_document_share_a_fold_and_a_part_follows_its_origin(tmp_path: Path) -> None:
    tr = _bench("train_ranker")
    train = _gold(tmp_path / "train.jsonl", [
        _q("a1", ["a.xml"], "w1"), _q("a2", ["a.xml", "b.xml"], "w2"), _q("b1", ["b.xml"], "w1"),
        _q("c1", ["c.xml"], "w2"), _q("d1", [], "w1", scope=["c.xml"]), _q("n1", [], "w2"),
        *[_q(f"e{i}", [f"e{i}.xml"], "w1") for i in range(6)]])
    part = _gold(tmp_path / "train@g00.jsonl", [_q("a1", ["a.xml"], "w1")])
    dev = _gold(tmp_path / "dev.jsonl", [_q("x1", ["b.xml"])])
    for seed in (27, 5):
        folds = tr.documents_of([train, part, dev], 3, seed)
        # a, b chain a1-a2-b1 and dev's x1 (b.xml) into one component; c1 and d1 share c.xml by scope
        assert folds[("train.jsonl", "a1")] == folds[("train.jsonl", "a2")] == folds[("train.jsonl", "b1")] \
            == folds[("dev.jsonl", "x1")]
        assert folds[("train.jsonl", "c1")] == folds[("train.jsonl", "d1")]
        assert ("train.jsonl", "n1") in folds  # a question naming no document is a fold's too
        assert set(folds.values()) == {0, 1, 2}  # components spread over every fold
        # balance: the largest component (4 questions) alone may outweigh, the rest fill the lighter folds
        sizes = [list(folds.values()).count(f) for f in range(3)]
        assert max(sizes) - min(sizes) <= 4
    assert tr.writers_of([train, part, dev]) == {
        **{("train.jsonl", q): w for q, w in [("a1", "w1"), ("a2", "w2"), ("b1", "w1"), ("c1", "w2"), ("d1", "w1"),
                                              ("n1", "w2")]},
        **{("train.jsonl", f"e{i}"): "w1" for i in range(6)}, ("dev.jsonl", "x1"): "dev.jsonl"}


def test_writer_folds_must_be_one_per_writer(tmp_path: Path) -> None:
    import pytest

    tr = _bench("train_ranker")
    train = _gold(tmp_path / "train.jsonl", [_q("a1", ["a.xml"], "w1"), _q("a2", ["b.xml"], "w2")])
    records = [{"set": "train.jsonl", "id": "a1", "x": []}, {"set": "train.jsonl#scoped", "id": "a2", "x": []}]
    with pytest.raises(SystemExit, match="2 writers \\(w1, w2\\), not 5 folds"):
        tr.out_of_fold(records, 5, 27, writers=tr.writers_of([train]))
