"""lab/prune_train.py (issue 52, item 5): w2's templated statute frames kept to a few each, reserved
documents' questions dropped (matched by path only), and the shipped training data already pruned."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

from lab.prune_train import KEEP_PER_FRAME, frame, names_reserved, prune, reserved_names

DATA = Path(__file__).resolve().parents[1] / "data"


def _q(qid: str, question: str, source: str = "bulk/canada_acts/current/T-2.xml", kind: str = "statute") -> str:
    return json.dumps({"id": qid, "question": question, "kind": kind, "gold": [{"source": source, "unit": "s. 1"}]})


def test_templated_frames_beyond_a_few_and_reserved_documents_are_dropped(tmp_path: Path) -> None:
    reserved = tmp_path / "RESERVED.md"
    reserved.write_text("# Reserved\n\n## In ../bulk\n\n- canada_acts/current/U-3.xml\n", encoding="utf-8")
    names = reserved_names(reserved)
    gold = tmp_path / "train.jsonl"
    rows = ["// header"]
    rows += [_q(f"w2-stat-{i:03d}", f"What power does the Board have under the X Act s. {i}?") for i in range(7)]
    rows += [_q("w2-stat-100", "If a company contravenes the Y Act, how big a fine is it looking at?")]
    rows += [_q("w1-1", "What power does the Board have under the X Act?", kind="judgment")]
    rows += [_q("w5-1", "What is the notice period?", source="bulk/canada_acts/current/U-3.xml")]
    gold.write_text("\n".join(rows) + "\n", encoding="utf-8")
    assert prune(gold, names) == (7 - KEEP_PER_FRAME, 1)
    kept = [json.loads(x)["id"] for x in gold.read_text().splitlines() if not x.startswith("//")]
    assert kept == [f"w2-stat-{i:03d}" for i in range(KEEP_PER_FRAME)] + ["w2-stat-100", "w1-1"]
    assert gold.read_text().splitlines()[1].startswith("// issue 52 (lab/prune_train.py): dropped 3")
    assert prune(gold, names) == (0, 0)  # a second run drops nothing more


def test_the_shipped_training_data_is_pruned() -> None:
    reserved = reserved_names(Path("/work/shared/RESERVED.md")) if Path("/work/shared/RESERVED.md").exists() \
        else {"canada_acts/2022-12-09/A-0.6.xml", "canada_acts/2022-12-09/R-8.55.xml"}
    for f in sorted(DATA.glob("*.jsonl")):
        qs = [json.loads(x) for x in f.read_text(encoding="utf-8").splitlines()
              if x.strip() and not x.startswith("//")]
        assert not [q["id"] for q in qs if names_reserved(q, reserved)], f
        frames = Counter(frame(q) for q in qs if frame(q) is not None)
        assert all(n <= KEEP_PER_FRAME for n in frames.values()), (f, frames)
