"""Issue 28's behaviour guard: record what the command line prints for a fixed set of calls, and diff two
recordings apart from timing fields.

    python bench/api_behaviour.py record STORE OUTDIR     # ask --batch --json on eval/dev.jsonl, search --json on
                                                          # 30 LegalBench-RAG queries, check --json on eval/check/dev
    python bench/api_behaviour.py diff BEFORE AFTER       # exit 1 on any difference other than timing

The store is a lexical one (``--no-dense``); the calls go through ``python -m pincite.cli`` as a user would.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"
TIMING = {"seconds", "elapsed", "elapsed_s", "ms", "took"}
N_SEARCH = 30


def cli(store: str, *args: str) -> str:
    cmd = [sys.executable, "-m", "pincite.cli", *args]
    env = {"PINCITE_STORE": store, "PATH": "/usr/bin:/bin"}
    if os.environ.get("PYTHONPATH"):  # record another checkout's code: PYTHONPATH=/tmp/base/src
        env["PYTHONPATH"] = os.environ["PYTHONPATH"]
    res = subprocess.run(cmd, capture_output=True, text=True, env=env)
    return json.dumps({"rc": res.returncode, "stdout": res.stdout})


def record(store: str, out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    batch = out / "dev_batch.jsonl"
    with batch.open("w", encoding="utf-8") as f:
        for line in (ROOT / "eval/dev.jsonl").read_text(encoding="utf-8").splitlines():
            if line.strip():
                g = json.loads(line)
                f.write(json.dumps({"id": g["id"], "question": g["question"], "as_of": g.get("as_of"),
                                    "scope": g.get("scope") or []}) + "\n")
    (out / "ask.json").write_text(cli(store, "ask", "--batch", str(batch), "--json", "--no-dense"))
    tests = json.loads((SHARED / "benchmarks/legalbench-rag-mini/benchmarks/cuad.json").read_text())["tests"]
    searches = [json.loads(cli(store, "search", t["query"], "--json", "--no-dense")) for t in tests[:N_SEARCH]]
    (out / "search.json").write_text(json.dumps(searches))
    drafts = sorted((ROOT / "eval/check/dev").glob("*.md"))
    checks = {d.name: json.loads(cli(store, "check", str(d), "--json", "--as-of", "2025-01-01")) for d in drafts}
    (out / "check.json").write_text(json.dumps(checks))


def strip(obj: object) -> object:
    """The value without its timing fields (and with JSON text inside stdout parsed, so timing inside is seen)."""
    if isinstance(obj, dict):
        return {k: strip(v) for k, v in obj.items() if k not in TIMING}
    if isinstance(obj, list):
        return [strip(v) for v in obj]
    if isinstance(obj, str) and obj[:1] in "{[":
        try:  # one JSON value (printed indented), else JSON lines (--batch)
            return strip(json.loads(obj))
        except json.JSONDecodeError:
            pass
        try:
            return strip([json.loads(x) for x in obj.splitlines() if x.strip()])
        except json.JSONDecodeError:
            return obj
    return obj


def diff(before: Path, after: Path) -> int:
    bad = 0
    for name in ("ask.json", "search.json", "check.json"):
        a = strip(json.loads((before / name).read_text()))
        b = strip(json.loads((after / name).read_text()))
        same = a == b
        items = len(a["stdout"]) if name == "ask.json" else len(a)  # ask: one batch call, one line an answer
        print(f"{name}: {items} recorded calls, {'identical apart from timing' if same else 'DIFFERENT'}")
        bad += not same
    return 1 if bad else 0


if __name__ == "__main__":
    if sys.argv[1] == "record":
        record(sys.argv[2], Path(sys.argv[3]))
    else:
        sys.exit(diff(Path(sys.argv[2]), Path(sys.argv[3])))
