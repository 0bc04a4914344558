"""lab/cv_seeds.py: the figures it reads from train_ranker's out-of-fold records (written here, small)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lab import cv_seeds



def _row(qid: str, p: float, on_gold: bool, kind: str = "judgment", set_name: str = "train.jsonl",
         candidates: int = 5, fitted: bool = True) -> dict:
    return {"set": set_name, "id": qid, "kind": kind, "p_answer": p, "top_on_gold": on_gold,
            "candidates": candidates, "fitted": fitted}


def test_answered_at_a_precision_is_the_best_threshold_and_ties_go_together() -> None:
    cv = cv_seeds
    rows = [_row("a", 0.9, True), _row("b", 0.8, True), _row("c", 0.7, False), _row("d", 0.6, True),
            _row("e", 0.6, False), _row("n", 0.5, False, kind="none"), _row("z", 0.99, False, candidates=0),
            _row("u", 0.95, False, fitted=False)]
    fig = cv.figures(rows, floors=(0.6, 0.75, 1.0))
    assert fig["records"] == 7 and fig["top1"] == 3  # the unfitted record is not counted
    # thresholds: 0.9 → 1/1, 0.8 → 2/2, 0.7 → 2/3, 0.6 → 3/5 (d and e together), 0.5 → 3/6 (an unanswerable one
    # answered is wrong); a record with no candidate is never answered
    assert fig["at_1.00"] == 2 and fig["at_0.75"] == 2 and fig["at_0.60"] == 3


def test_only_and_skip_count_a_questions_part_and_scoped_asks_as_the_question(tmp_path: Path) -> None:
    cv = cv_seeds
    rows = [_row("q1", 0.9, True), _row("q1", 0.9, True, set_name="train.jsonl#scoped"),
            _row("q1", 0.9, True, set_name="train@g03.jsonl"), _row("q2", 0.9, True),
            _row("q1", 0.9, True, set_name="dev.jsonl")]
    assert len(cv.select(rows, {"train.jsonl:q1"}, None)) == 3
    assert [r["id"] for r in cv.select(rows, None, {"train.jsonl:q1"})] == ["q2", "q1"]
    # the command line: a file that is not an out-of-fold record is refused, naming it
    bad = tmp_path / "bad.jsonl"
    bad.write_text(json.dumps([{"id": "x"}]), encoding="utf-8")
    with pytest.raises(SystemExit, match="bad.jsonl: not an out-of-fold file"):
        cv.main(["score", str(bad)])
    good = tmp_path / "oof.jsonl"
    good.write_text(json.dumps(rows), encoding="utf-8")
    assert cv.main(["score", str(good), str(good)]) == 0
