"""Tool-call latency of `pincite mcp`, warm: p50/p95 of `search` and `check_citations` as an assistant sees them
(the SDK's own client, `pincite mcp` a child process over stdio: JSON-RPC framing, argument checks and JSON
included).

    python -m bench.mcp_latency --db STORE [--calls 40] [--dense]

STORE: a store of ../shared/corpus (and bulk/), e.g. a copy of a lexical store (`pincite ingest ../shared/corpus
--db STORE --no-dense`).  The queries are eval/dev.jsonl's questions (never the held-out set); the drafts are
eval/check/dev's memos.  Each tool is called a few times first (indexes loaded, documents cached), then --calls
times, cycling through the queries or memos; the figures are wall-clock per call on the client.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

import anyio
from mcp import Client, StdioServerParameters

ROOT = Path(__file__).resolve().parent.parent


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(q * (len(xs) - 1))))]


async def run(db: str, calls: int, dense: bool) -> dict[str, list[float]]:
    questions = [json.loads(line)["question"] for line in (ROOT / "eval" / "dev.jsonl").read_text().splitlines()
                 if line.strip()]
    memos = [p.read_text(encoding="utf-8") for p in sorted((ROOT / "eval" / "check" / "dev").glob("memo*.md"))]
    args = ["-c", "import sys; from pincite.cli import main; sys.argv[0] = 'pincite'; main()", "mcp", "--db", db]
    if not dense:
        args.append("--no-dense")
    out: dict[str, list[float]] = {"search": [], "check_citations": []}
    async with Client(StdioServerParameters(command=sys.executable, args=args), mode="legacy",
                      read_timeout_seconds=600) as c:
        plan = {"search": [{"query": q, "k": 8} for q in questions],
                "check_citations": [{"text": m, "as_of": "2026-04-01"} for m in memos]}
        for tool, arglist in plan.items():
            for a in arglist[:3]:  # warm: the indexes opened, the documents the memos cite loaded
                r = await c.call_tool(tool, a)
                assert not r.is_error, r.content[0].text
            for i in range(calls):
                t0 = time.perf_counter()
                r = await c.call_tool(tool, arglist[i % len(arglist)])
                out[tool].append(time.perf_counter() - t0)
                assert not r.is_error, r.content[0].text
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--db", required=True)
    ap.add_argument("--calls", type=int, default=40)
    ap.add_argument("--dense", action="store_true", help="hybrid retrieval (loads the embedding model)")
    a = ap.parse_args()
    times = anyio.run(run, a.db, a.calls, a.dense)
    for tool, xs in times.items():
        print(f"{tool:16} n={len(xs):3}  p50 {1000 * statistics.median(xs):7.1f} ms  p95 {1000 * pct(xs, 0.95):7.1f} ms"
              f"  max {1000 * max(xs):7.1f} ms")


if __name__ == "__main__":
    main()
