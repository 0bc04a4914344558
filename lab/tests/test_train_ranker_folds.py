"""lab/train_ranker.py's cross-validation folds by writer and by document (gold files written here)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lab import train_ranker



def _gold(path: Path, questions: list[dict]) -> str:
    lines = "".join(json.dumps(q) + "\n" for q in questions)
    path.write_text("// written for this test\n" + lines, encoding="utf-8")
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
    tr = train_ranker
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
    # one fold per writer, a question without one in its gold file's: dev.jsonl, w1, w2 in sorted order
    assert tr.writer_folds([train, part, dev]) == {
        ("dev.jsonl", "x1"): 0,
        **{("train.jsonl", q): 1 for q in ("a1", "b1", "d1", *(f"e{i}" for i in range(6)))},
        **{("train.jsonl", q): 2 for q in ("a2", "c1", "n1")}}


def test_the_lightgbm_parameters_given_must_be_a_json_object(tmp_path: Path) -> None:
    tr = train_ranker
    gold = _gold(tmp_path / "train.jsonl", [_q("a1", ["a.xml"], "w1")])
    for bad, says in (("{min_data_in_leaf: 5}", "--params: not JSON"),
                      ("[1, 2]", "--params: not a JSON object")):
        with pytest.raises(SystemExit, match=says):
            tr.main(["--set", gold, str(tmp_path / "none.db"), "--out", str(tmp_path / "m.json"),
                     "--params", bad])


def test_a_cache_collected_by_other_feature_code_is_collected_again(tmp_path: Path) -> None:
    import pincite
    from pincite.generate.features import CORE
    from pincite.options import DEFAULTS

    tr = train_ranker
    db = tmp_path / "demo.db"
    with pincite.Pincite(db, dense=False, create=True) as lib:
        assert not lib.ingest(pincite.demo_paths()).failed
    gold = _gold(tmp_path / "train.jsonl", [
        {"id": "q1", "question": "Which law governs the lease of the ferry?", "kind": "none", "gold": [],
         "writer": "w1"}])
    stale = {"set": "train.jsonl", "id": "q1", "kind": "none", "x": [], "y": [], "units": [], "stale": True}
    cache = tmp_path / "feat.json"
    args = ["--set", gold, str(db), "--no-dense", "--cache", str(cache), "--collect-only", "--out", "/dev/null"]
    for code, read_as_it_is in (("0" * 16, False), (tr.feature_code_hash(), True)):
        cache.write_text(json.dumps({"features": list(CORE), "gate_terms": 2, "scoped": False, "k": DEFAULTS.k,
                                     "code": code, "records": [stale]}), encoding="utf-8")
        assert tr.main(args) == 0
        written = json.loads(cache.read_text(encoding="utf-8"))
        assert written["code"] == tr.feature_code_hash()
        [record] = written["records"]
        assert record.get("stale", False) == read_as_it_is  # other code's record asked again; the same code's kept
