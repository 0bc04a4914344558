"""lab/biencoder_train.py: the groups a bi-encoder trains on, and the folds that keep a question's
similarity from a model that never saw it (records written here, small; training needs the torch venv)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lab import biencoder_train



def _record(qid: str, gold: str, set_name: str = "train.jsonl") -> dict:
    # four candidates: the gold unit's sentence, and three others whose coverage (feature 0) orders them
    return {"set": set_name, "id": qid, "question": f"question {qid}?",
            "units": [f"{gold}#3", "doc_b#1", "doc_b#2", f"{gold}#9"], "y": [1, 0, 0, 0],
            "x": [[0.5], [0.2], [0.9], [0.6]],
            "contexts": [f"gold of {qid}", "weak", "strong", "middle"]}


def test_a_group_is_the_gold_sentence_against_the_candidates_that_cover_the_question_best() -> None:
    bi = biencoder_train
    g = bi.record_group(_record("q1", "doc_a"), negatives=2)
    assert g["pos"] == ["gold of q1"] and g["neg"] == ["strong", "middle"]
    # a question with no gold candidate teaches nothing, nor one whose only candidates are gold
    none = _record("q2", "doc_a") | {"y": [0, 0, 0, 0]}
    assert bi.record_group(none) is None
    only = _record("q3", "doc_a") | {"y": [1, 1, 1, 1]}
    assert bi.record_group(only) is None


def test_a_questions_asks_over_every_store_share_the_fold_of_its_gold_document() -> None:
    bi = biencoder_train
    asks = [_record("q1", "doc_a"), _record("q1", "doc_a", "train.jsonl#scoped"),
            _record("q1", "doc_a", "train@g04.jsonl"), _record("q9", "doc_a", "dev.jsonl")]
    assert len({bi.fold_of(r, 3) for r in asks}) == 1  # one document, one fold: never on both sides
    folds = {bi.fold_of(_record(f"q{i}", f"doc_{i}"), 2) for i in range(40)}
    assert folds == {0, 1}


def test_groups_leave_out_the_fold_each_model_scores(tmp_path: Path) -> None:
    bi = biencoder_train
    recs = [_record(f"q{i}", f"doc_{i}") for i in range(30)]
    cache = tmp_path / "feat.json"
    cache.write_text(json.dumps({"records": recs}), encoding="utf-8")
    out = tmp_path / "G"
    assert bi.main(["groups", "--cache", str(cache), "--folds", "2", "--cuad", "0", "--repeat", "1",
                    "--out", str(out)]) == 0
    by_q = {r["question"]: bi.fold_of(r, 2) for r in recs}
    for f in (0, 1):
        qs = [json.loads(line)["question"] for line in (out / f"fold{f}.jsonl").open(encoding="utf-8")]
        assert qs and all(by_q[q] != f for q in qs)
    everything = [json.loads(line)["question"] for line in (out / "all.jsonl").open(encoding="utf-8")]
    assert sorted(everything) == sorted(by_q)
    assert json.loads((out / "folds.json").read_text())["cuad"] == 0


def test_training_needs_the_training_venv_and_says_so() -> None:
    bi = biencoder_train
    try:
        import torch  # noqa: F401
    except ImportError:
        with pytest.raises(ImportError):
            bi.main(["train", "--groups", "missing.jsonl", "--ckpt", "x.pt"])
    else:  # a venv with torch: a missing groups file is named
        with pytest.raises(FileNotFoundError, match="missing.jsonl"):
            bi.main(["train", "--groups", "missing.jsonl", "--ckpt", "x.pt"])
