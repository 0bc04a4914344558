"""Synthetic contracts at scale: the share of clause words stored under another clause's label (target 0).

    .venv/bin/python bench/contract_synth.py [--n 2000] [--pdf 100]

Renders ``--n`` seeded contracts from tests/contract_synth.py as .txt (and the first ``--pdf`` of them as PDF),
parses each, and prints the mislabelled-word rate with the worst examples.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pincite.parse import parse_bytes  # noqa: E402
from tests.contract_synth import make_spec, mislabelled, render_pdf, render_txt  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=2000)
    ap.add_argument("--pdf", type=int, default=100)
    ap.add_argument("--seed0", type=int, default=100_000)  # seeds apart from the test suite's
    args = ap.parse_args()
    for fmt, n in (("txt", args.n), ("pdf", args.pdf)):
        words = bad = docs_bad = 0
        kinds: Counter[str] = Counter()
        examples = []
        t0 = time.perf_counter()
        with tempfile.TemporaryDirectory() as tmp:
            for seed in range(args.seed0, args.seed0 + n):
                spec = make_spec(seed)
                if fmt == "txt":
                    doc = parse_bytes(render_txt(spec).encode(), f"synth-{seed}.txt")
                else:
                    path = Path(tmp) / f"synth-{seed}.pdf"
                    render_pdf(spec, path)
                    doc = parse_bytes(path.read_bytes(), path.name)
                found = mislabelled(spec, doc.text, doc.units)
                words += len(spec.markers())
                bad += len(found)
                docs_bad += bool(found)
                for _m, want, got in found:
                    kinds[want.split(" ")[0]] += 1
                    if len(examples) < 10:
                        examples.append((seed, want, got))
        dt = time.perf_counter() - t0
        rate = bad / words if words else 0.0
        print(f"{fmt}: {n} contracts, {words} clause words, {bad} mislabelled ({rate:.5%}), {docs_bad} contracts "
              f"with any; {dt:.1f}s")
        if kinds:
            print("  by expected unit:", dict(kinds.most_common()))
        for e in examples:
            print("  seed %d: expected %s, stored under %s" % e)


if __name__ == "__main__":
    main()
