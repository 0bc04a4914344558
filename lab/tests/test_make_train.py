"""lab/make_train.py: the training gold file assembled from writers' parts, disjoint from the held-out set, and
re-assembled from itself without losing what was done to it since (its notes on alternatives and corrections)."""

from __future__ import annotations

import json
from pathlib import Path

from lab import make_train


def _q(qid: str, source: str, alt: str | None = None) -> str:
    gold = {"source": source, "unit": "[1]", "quote": "words"}
    if alt:
        gold["alternatives"] = [{"source": alt, "unit": "[2]", "quote": "other words"}]
    return json.dumps({"id": qid, "question": "q?", "as_of": None, "gold": [gold], "kind": "judgment",
                       "writer": qid.split("-")[0]})


def test_parts_are_joined_disjoint_from_the_heldout_documents_and_a_rebuild_keeps_the_notes(tmp_path: Path) -> None:
    mt = make_train
    held = tmp_path / "heldout.jsonl"
    held.write_text(_q("h-1", "bulk/a.xml") + "\n", encoding="utf-8")
    part1 = tmp_path / "p1.jsonl"
    part1.write_text("// writer: p1\n" + "\n".join([_q("p1-1", "bulk/b.xml"), _q("p1-2", "bulk/a.xml"),
                                                     _q("p1-3", "bulk/c.xml", alt="bulk/a.xml")]) + "\n")
    out = tmp_path / "train.jsonl"
    assert mt.main([str(part1), "--heldout", str(held), "--out", str(out)]) == 0
    lines = out.read_text(encoding="utf-8").splitlines()
    rows = [json.loads(x) for x in lines if not x.startswith("//")]
    assert [r["id"] for r in rows] == ["p1-1"]  # a held-out document as gold or as an alternative: dropped
    assert "(2 dropped" in "\n".join(lines) and "// [p1.jsonl] writer: p1" in lines

    # a note added to the file later (alternatives from adjudication, a corrected entry) survives a rebuild that
    # adds a new writer's part, after every part's own lines
    note = "// Corrections: p1-1's gold was re-read."
    out.write_text("\n".join(lines[:mt.GENERATED + 1] + [note] + lines[mt.GENERATED + 1:]) + "\n", encoding="utf-8")
    part2 = tmp_path / "p2.jsonl"
    part2.write_text("// writer: p2\n" + _q("p2-1", "bulk/d.xml") + "\n" + _q("p1-1", "bulk/e.xml") + "\n")
    again = tmp_path / "train2.jsonl"
    assert mt.main([str(out), str(part2), "--heldout", str(held), "--out", str(again)]) == 0
    lines2 = again.read_text(encoding="utf-8").splitlines()
    head = [x for x in lines2 if x.startswith("//")]
    assert head[mt.GENERATED:] == ["// [p1.jsonl] writer: p1", "// [p2.jsonl] writer: p2", note]
    assert [json.loads(x)["id"] for x in lines2 if not x.startswith("//")] == ["p1-1", "p2-1"]  # an id once
    # and the file rebuilt from itself alone is the same file
    third = tmp_path / "train3.jsonl"
    assert mt.main([str(again), "--heldout", str(held), "--out", str(third)]) == 0
    rebuilt = third.read_text(encoding="utf-8").splitlines()
    assert rebuilt[:4] + rebuilt[5:] == lines2[:4] + lines2[5:]  # (only the count of dropped questions differs)
