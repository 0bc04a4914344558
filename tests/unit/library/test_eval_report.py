"""``pincite.EvalReport``: ``pincite eval``'s steps around :meth:`Pincite.evaluate_sets` behind one name a client
imports (issue 51: the sixteen evaluation names off ``pincite.library``'s list for clients)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from pincite import EvalReport, Pincite, demo_paths
from pincite.errors import GoldError, PinciteError
from tests.conftest import FIXTURES

GOLD = FIXTURES / "evaluate" / "demo_gold.jsonl"


def _sets(tmp_path: Path) -> list[Path]:
    paths = [tmp_path / "dev.jsonl", tmp_path / "heldout.jsonl"]
    for p in paths:
        shutil.copy(GOLD, p)
    return paths


def test_read_names_keeps_only_and_pairs_baselines(tmp_path: Path) -> None:
    dev, heldout = _sets(tmp_path)
    assert EvalReport.names([dev, heldout]) == ["dev", "heldout"]
    report = EvalReport.read([dev, heldout], only=["harbour-email"])
    assert report.several and [s.name for s in report.sets] == ["dev", "heldout"]
    assert [[q.id for q in qs] for _, qs in report.gold_sets] == [["harbour-email"], ["harbour-email"]]
    assert report.questions == 2 and report.results == []
    with pytest.raises(GoldError, match="nope"):
        EvalReport.read([dev], only=["nope"])
    base = tmp_path / "base.json"
    base.write_text(json.dumps({"format": 1, "settings": {"gold": "other.jsonl"}, "questions": [],
                                "metrics": {}, "summary": {}}), encoding="utf-8")
    with pytest.raises(PinciteError, match="made on gold set 'other'"):
        EvalReport.read([dev, heldout], baselines=[base])
    assert EvalReport.pair_baselines(["dev"], [{"settings": {}}]) == [{"settings": {}}]  # one and one: paired


def test_a_report_runs_compares_writes_and_prints(tmp_path: Path) -> None:
    dev, heldout = _sets(tmp_path)
    report = EvalReport.read([dev, heldout], only=["harbour-email", "none-rent"])
    with Pincite(tmp_path / "eval.db", create=True, dense=False, generator="extractive") as lib:
        lib.ingest(demo_paths())
        report.add_runs(lib.evaluate_sets(report.gold_sets))
    assert [name for name, _, _ in report.results] == ["dev", "heldout"]
    written = [report.write(s, tmp_path / "run.json") for s in report.sets]
    assert [Path(w).name for w in written] == ["run.dev.json", "run.heldout.json"]
    again = EvalReport.read([dev], baselines=[written[0]], only=["harbour-email"])
    with Pincite(tmp_path / "eval.db", dense=False, generator="extractive") as lib:
        again.add_runs(lib.evaluate_sets(again.gold_sets))
    out = again.to_json()
    assert out["comparison"]["worse"] == [] and out["comparison"]["only_in_base"] == ["none-rent"]
    assert set(report.to_json()) == {"runs", "gaps"} and report.gaps()[0]["name"].startswith("dev")
    assert EvalReport.format_metric(None) == "—" and EvalReport.format_gap(0.25) == "+0.250"
    assert EvalReport.METRICS[0] == "answered_correctly" and EvalReport.RECALL_AT == 10
