"""Several gold sets in one ``pincite eval`` (dev and held-out side by side), gold sources found outside
``--corpus``, the error naming a source found nowhere, and the "answered correctly" metric."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pincite.cli import app
from pincite.evaluation.compare import compare_runs, set_gaps
from pincite.evaluation.runs import build_run, read_run, set_run_path
from pincite.ingest import ingest_paths
from pincite.store.sqlite import SQLiteStore
from pincite.web.eval_report import render_runs_html
from tests.conftest import FIXTURES

FIXTURES = FIXTURES / "evaluate"
DEV, HELDOUT = FIXTURES / "sets_dev.jsonl", FIXTURES / "sets_heldout.jsonl"


def _answered_share(run: dict) -> float:
    """Answered correctly recomputed from the citations themselves (not from the counts the run carries)."""
    answerable = [q for q in run["questions"] if q["kind"] != "none"]
    return sum(1 for q in answerable if any(c["on_gold"] for c in q["citations"])) / len(answerable)


@pytest.mark.shared
def test_two_gold_files_are_reported_side_by_side_with_the_gap(tmp_path: Path, corpus: Path) -> None:
    # --corpus is one folder; sets_heldout.jsonl names a file in the folder above it (as eval/heldout.jsonl's
    # bulk/... is relative to ../shared), which eval must find and ingest into its temporary store
    root = corpus / "us_uslm" / "statute_compilations"
    out, html = tmp_path / "run.json", tmp_path / "report.html"
    r = CliRunner().invoke(app, ["eval", str(DEV), str(HELDOUT), "--corpus", str(root), "--no-dense",
                                 "--out", str(out), "--html", str(html)], catch_exceptions=False)
    assert r.exit_code == 0, r.output
    assert "ingested 1 more files the gold sets name outside" in r.output
    dev, held = read_run(tmp_path / "run.sets_dev.json"), read_run(tmp_path / "run.sets_heldout.json")
    assert not out.exists()
    assert [q["id"] for q in dev["questions"]] == ["fish-state-facilities", "fish-short-title",
                                                   "none-ontario-licence"]
    assert [q["id"] for q in held["questions"]] == ["bill-farm-income", "none-bill-pensions"]
    assert held["metrics"]["gold_unresolved"] == 0 and dev["metrics"]["gold_unresolved"] == 0
    assert dev["settings"]["gold"].endswith("sets_dev.jsonl")
    # one table, a column per set, answered correctly first; then the gap, computed from the citations
    header = next(line for line in r.stdout.splitlines() if "metric" in line)
    assert header.index("sets_dev") < header.index("sets_heldout")
    rows = [line for line in r.stdout.splitlines() if line.startswith("│")]
    assert rows[0].startswith("│ answered")
    gap = _answered_share(dev) - _answered_share(held)
    assert f"sets_dev minus sets_heldout, answered correctly: {gap:+.3f}" in r.stdout
    page = html.read_text(encoding="utf-8")
    assert "Gold sets side by side" in page and 'id="q-sets_heldout-bill-farm-income"' in page

    # --json: one run per set and the gap; --baseline pairs each run record with the set it was made on
    r = CliRunner().invoke(app, ["eval", str(DEV), str(HELDOUT), "--corpus", str(root), "--no-dense", "--json",
                                 "--baseline", str(tmp_path / "run.sets_heldout.json"),
                                 "--baseline", str(tmp_path / "run.sets_dev.json")], catch_exceptions=False)
    assert r.exit_code == 0, r.output
    got = json.loads(r.stdout)
    assert [x["name"] for x in got["runs"]] == ["sets_dev", "sets_heldout"]
    assert got["gaps"] == [{"name": "sets_dev minus sets_heldout", "metric": "answered_correctly",
                            "value": pytest.approx(gap)}]
    for run in got["runs"]:
        assert run["comparison"]["worse"] == [] and run["comparison"]["only_in_base"] == []


@pytest.mark.shared
def test_a_source_found_nowhere_is_named_with_its_gold_line(tmp_path: Path, corpus: Path) -> None:
    root = corpus / "us_uslm" / "statute_compilations"
    gold = tmp_path / "gold.jsonl"
    gold.write_text(DEV.read_text(encoding="utf-8") + json.dumps(
        {"id": "lost", "question": "What does the missing Act say?", "as_of": None, "kind": "statute",
         "gold": [{"source": "bulk/no_such_act.xml", "unit": "1", "quote": "anything"}]}) + "\n",
        encoding="utf-8")
    line = len(gold.read_text(encoding="utf-8").splitlines())
    r = CliRunner().invoke(app, ["eval", str(gold), "--corpus", str(root), "--no-dense"])
    assert r.exit_code == 1
    msg = " ".join(r.output.split())
    assert "bulk/no_such_act.xml: gold source not found" in msg and f"gold.jsonl:{line} (question lost)" in msg
    assert str(root / "bulk" / "no_such_act.xml") in msg  # where it was looked for

    # against a given store (--db), a source it does not hold is named the same way, and nothing is run
    db = tmp_path / "fish.db"
    store = SQLiteStore(db)
    assert not ingest_paths(store, [root]).failed
    store.close()
    r = CliRunner().invoke(app, ["eval", str(DEV), str(HELDOUT), "--db", str(db), "--no-dense"])
    assert r.exit_code == 1
    msg = " ".join(r.output.split())
    assert "1 gold source(s) not found in the store" in msg
    assert "bill_versions_hr2157_116th/h2157_enr_enrolled.xml: no stored document has this source" in msg
    assert "sets_heldout.jsonl:3 (question bill-farm-income)" in msg
    assert not (tmp_path / "fish.db.eval").exists()


def _record(qid: str, kind: str, *on_gold: bool, new_counts: bool = True) -> dict:
    """A run record's question with one citation per ``on_gold`` flag."""
    cites = [{"n": i + 1, "rendered": f"[{i + 1}]", "on_gold": x, "navigable": True, "navigability_problem": None,
              "char_start": 0, "char_end": 4, "unit_text": "text", "unit_text_start": 0}
             for i, x in enumerate(on_gold)]
    counts = {"shown": len(cites), "on_gold": sum(on_gold), "navigable": len(cites), "gold": 0 if kind == "none"
              else 1, "gold_cited": int(any(on_gold)), "gold_retrieved": 1, "gold_unresolved": 0,
              "abstained": int(kind == "none" and not cites)}
    if new_counts:
        counts["answered_correctly"] = int(kind != "none" and any(on_gold))
    return {"id": qid, "question": "?", "as_of": None, "kind": kind, "tags": [], "answer": "", "claims": [],
            "counts": counts, "citations": cites, "gold": [], "retrieved": [], "dropped": [], "attempts": 1,
            "seconds": 0.1, "error": None}


def test_answered_correctly_counts_answerable_questions_with_a_citation_on_gold(tmp_path: Path) -> None:
    records = [
        _record("right-and-wrong", "judgment", False, True),  # one of two citations on gold: answered
        _record("all-wrong", "contract", False, False),
        _record("silent", "statute"),  # no citation: not answered
        _record("right", "statute", True),
        _record("unanswerable-cited", "none", False),  # never in the share: not answerable
    ]
    run = build_run(records, {"gold": "eval/dev.jsonl"})
    assert run["metrics"]["answered_correctly"] == 2 / 4 and run["metrics"]["answered"] == 2
    assert (run["metrics"]["on_gold"], run["metrics"]["shown_answerable"], run["metrics"]["shown"]) == (2, 5, 6)
    assert run["summary"]["answered_correctly"] == 2 / 4
    assert run["by_tag"]["kind:statute"]["answered_correctly"] == 1 / 2

    # a record written before the count existed: read back, the metric is computed from its citations
    old = build_run([{**r, "counts": {k: v for k, v in r["counts"].items() if k != "answered_correctly"}}
                     for r in records], {"gold": "eval/heldout.jsonl"})
    del old["metrics"]["answered_correctly"], old["summary"]["answered_correctly"]
    path = tmp_path / "old.json"
    path.write_text(json.dumps(old), encoding="utf-8")
    back = read_run(path)
    assert back["metrics"]["answered_correctly"] == 2 / 4 and back["summary"]["answered_correctly"] == 2 / 4
    metrics = {m: (a, b) for m, a, b in compare_runs(back, run).metrics}
    assert metrics["answered_correctly"] == (0.5, 0.5)

    # dev minus held-out
    worse = build_run([_record("a", "judgment", False), _record("b", "judgment", True),
                       _record("c", "judgment"), _record("d", "judgment")], {"gold": "eval/heldout.jsonl"})
    assert worse["metrics"]["answered_correctly"] == 1 / 4
    assert set_gaps([("dev", run), ("heldout", worse)]) == [
        {"name": "dev minus heldout", "metric": "answered_correctly", "value": 0.25}]
    page = render_runs_html([("dev", run, None), ("heldout", worse, None)])
    assert re.search(r"dev minus heldout, answered correctly: <b>\+0\.250</b>", page)


def test_several_sets_write_one_ordinary_run_record_each() -> None:
    assert set_run_path("out/run.json", "dev", several=False) == Path("out/run.json")
    assert set_run_path("out/run.json", "heldout", several=True) == Path("out/run.heldout.json")
    assert set_run_path("out/run", "dev", several=True) == Path("out/run.dev")


def test_two_gold_files_with_one_name_are_refused(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    for d in ("a", "b"):
        (tmp_path / d / "dev.jsonl").write_text(DEV.read_text(encoding="utf-8"), encoding="utf-8")
    r = CliRunner().invoke(app, ["eval", str(tmp_path / "a" / "dev.jsonl"), str(tmp_path / "b" / "dev.jsonl"),
                                 "--corpus", str(tmp_path), "--no-dense"])
    assert r.exit_code == 2 and "named alike" in r.output


def test_the_side_by_side_table_prints_each_set_and_the_gap(capsys: pytest.CaptureFixture[str]) -> None:
    from pincite.cli import _print_eval

    dev = build_run([_record("a", "judgment", True), _record("b", "contract", False, True),
                     _record("c", "statute"), _record("n", "none")], {"gold": "eval/dev.jsonl", "k": 10})
    held = build_run([_record("a", "judgment", False), _record("b", "judgment", True), _record("c", "judgment"),
                      _record("d", "judgment"), _record("n", "none", True)], {"gold": "eval/heldout.jsonl", "k": 10})
    _print_eval([("dev", dev, None), ("heldout", held, None)])
    text = capsys.readouterr().out
    first = next(line for line in text.splitlines() if line.startswith("│"))
    assert re.match(r"│ answered( correctly)?\s+│\s+0\.667 │ 3 answerable\s+│\s+0\.250 │ 4 answerable\s+│", first), first
    assert "dev minus heldout, answered correctly: +0.417" in text
    assert "by tag — dev" in text and "by tag — heldout" in text
