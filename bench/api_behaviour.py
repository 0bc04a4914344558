"""Issue 28's behaviour guard: record what the command line (and the HTTP API) prints for a fixed set of calls,
and diff two recordings apart from timing fields.

    python bench/api_behaviour.py record STORE OUTDIR     # see RECORDINGS
    python bench/api_behaviour.py diff BEFORE AFTER       # exit 1 on any difference other than timing

What is recorded (each a file in OUTDIR):

- ``ask.json``: ``ask --batch --json --no-dense`` on eval/dev.jsonl's questions (id, question, as_of, scope);
- ``ask_heldout.json``: the same on eval/heldout.jsonl's questions — a behaviour-identity check only: no score
  is computed or read here, and nothing is chosen from it;
- ``search.json``: ``search --json --no-dense`` on every LegalBench-RAG (mini, CUAD) query;
- ``check.json``: ``check --json --as-of 2025-01-01`` on every draft of eval/check/dev and eval/check/heldout;
- ``api.json``: the HTTP API in process (``create_app``, lexical): ``/openapi.json``, ``POST /api/ask`` on
  the first dev questions, ``GET /api/search`` on the first LegalBench-RAG queries.

The store is a lexical one (``--no-dense``); the calls go through ``python -m pincite.cli`` as a user would.
``PYTHONPATH`` is passed through, so ``PYTHONPATH=/tmp/base/src`` records another checkout's code.
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
RECORDINGS = ("ask.json", "ask_heldout.json", "search.json", "check.json", "api.json")
N_API = 12  # questions and queries sent to the HTTP API (each set is also run whole through the CLI)

API_SCRIPT = r"""
import json, sys
from fastapi.testclient import TestClient
from pincite.api.app import create_app
from pincite.api.config import ServerConfig
store, questions, queries = sys.argv[1], json.loads(sys.argv[2]), json.loads(sys.argv[3])
app = create_app(ServerConfig(db=store, dense=False))
out = {}
with TestClient(app, base_url="http://127.0.0.1") as c:
    out["openapi"] = c.get("/openapi.json").json()
    out["ask"] = [[(r := c.post("/api/ask", json=q)).status_code, r.json()] for q in questions]
    out["search"] = [[(r := c.get("/api/search", params={"q": q})).status_code, r.json()] for q in queries]
    out["bad"] = [[(r := c.post("/api/ask", json=b)).status_code, r.json()]
                  for b in ({"question": ""}, {"question": "x", "k": 0}, {"question": "x", "on_fail": "no"},
                            {"question": "x", "as_of": "2021-13-45"}, {"question": "x", "per_document": 99})]
sys.stdout.write(json.dumps(out))
"""


def env() -> dict[str, str]:
    e = {"PINCITE_STORE": "", "PATH": "/usr/bin:/bin"}
    if os.environ.get("PYTHONPATH"):  # record another checkout's code: PYTHONPATH=/tmp/base/src
        e["PYTHONPATH"] = os.environ["PYTHONPATH"]
    return e


def cli(store: str, *args: str) -> str:
    cmd = [sys.executable, "-m", "pincite.cli", *args]
    res = subprocess.run(cmd, capture_output=True, text=True, env={**env(), "PINCITE_STORE": store})
    return json.dumps({"rc": res.returncode, "stdout": res.stdout})


def gold_batch(gold: Path, batch: Path) -> list[dict[str, object]]:
    """The questions of a gold file as an ``ask --batch`` file (only id, question, as_of and scope are read)."""
    items = []
    for line in gold.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.lstrip().startswith("//"):
            g = json.loads(line)
            items.append({"id": g["id"], "question": g["question"], "as_of": g.get("as_of"),
                          "scope": g.get("scope") or []})
    batch.write_text("".join(json.dumps(i) + "\n" for i in items), encoding="utf-8")
    return items


def record(store: str, out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    dev = gold_batch(ROOT / "eval/dev.jsonl", out / "dev_batch.jsonl")
    gold_batch(ROOT / "eval/heldout.jsonl", out / "heldout_batch.jsonl")
    for name, batch in (("ask.json", "dev_batch.jsonl"), ("ask_heldout.json", "heldout_batch.jsonl")):
        (out / name).write_text(cli(store, "ask", "--batch", str(out / batch), "--json", "--no-dense"))
    tests = json.loads((SHARED / "benchmarks/legalbench-rag-mini/benchmarks/cuad.json").read_text())["tests"]
    searches = [json.loads(cli(store, "search", t["query"], "--json", "--no-dense")) for t in tests]
    (out / "search.json").write_text(json.dumps(searches))
    drafts = sorted((ROOT / "eval/check").glob("*/*.md"))
    checks = {f"{d.parent.name}/{d.name}": json.loads(cli(store, "check", str(d), "--json", "--as-of", "2025-01-01"))
              for d in drafts}
    (out / "check.json").write_text(json.dumps(checks))
    asks = [{k: v for k, v in q.items() if v not in (None, [])} for q in dev[:N_API]]
    asks = [{**a, "documents": a.pop("scope")} if "scope" in a else a for a in asks]
    res = subprocess.run([sys.executable, "-c", API_SCRIPT, store, json.dumps(asks),
                          json.dumps([t["query"] for t in tests[:N_API]])], capture_output=True, text=True, env=env())
    if res.returncode:
        sys.exit(f"api recording failed: {res.stderr[-2000:]}")
    (out / "api.json").write_text(res.stdout)


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


def count(name: str, value: object) -> str:
    if name.startswith("ask"):  # one batch call, one line an answer
        return f"{len(value['stdout'])} answers"  # type: ignore[index]
    if name == "api.json":
        v = value  # type: ignore[assignment]
        return f"openapi + {len(v['ask'])} asks + {len(v['search'])} searches + {len(v['bad'])} bad requests"  # type: ignore[index]
    return f"{len(value)} recorded calls"  # type: ignore[arg-type]


def diff(before: Path, after: Path) -> int:
    bad = 0
    for name in RECORDINGS:
        if not (before / name).exists() or not (after / name).exists():
            print(f"{name}: missing in {'before' if not (before / name).exists() else 'after'}")
            bad += 1
            continue
        a = strip(json.loads((before / name).read_text()))
        b = strip(json.loads((after / name).read_text()))
        same = a == b
        print(f"{name}: {count(name, a)}, {'identical apart from timing' if same else 'DIFFERENT'}")
        bad += not same
    return 1 if bad else 0


if __name__ == "__main__":
    if sys.argv[1] == "record":
        record(sys.argv[2], Path(sys.argv[3]))
    else:
        sys.exit(diff(Path(sys.argv[2]), Path(sys.argv[3])))
