"""Label accuracy and non-citable spans on the zoo: each answer key's quotes against the units pincite parses.

    .venv/bin/python -m bench.zoo [--zoo DIR]... [--list] [--json]

Reads every ``*.key.json`` under each zoo folder (default ``../shared/zoo`` and this repository's ``zoo/``), parses
the document beside it as ``pincite ingest`` does (``parse_bytes``), and for each key item:

* ``units``: the quote is found in the canonical text (whitespace and quote marks normalised, nothing else); the
  unit holding it is the deepest *citable* unit whose span contains the whole quote. It is **right** when that
  unit's label is the key's label (:func:`pincite.labels.same_label`: "cl."/"s."/"reg."/"Article" prefixes,
  brackets, spaces and case aside); otherwise **wrong label**, **not citable** (only non-citable units hold it) or
  **not found** (the words are not in the canonical text: markup left in, text lost).
* ``non_citable``: **kept out** when no citable unit overlaps the quote (or the words are not in the text).

Prints both rates by shape (the folder) and overall; ``--list`` prints every miss with pincite's label.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent

from pincite.errors import PinciteError  # noqa: E402
from pincite.evaluation.zoo import DEFAULT_ZOOS, score_key  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--zoo", action="append", type=Path, help="a zoo folder (repeatable)")
    ap.add_argument("--list", action="store_true", help="print every miss")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--only", default="", help="only keys whose path contains this")
    a = ap.parse_args(argv)
    zoos = a.zoo or [z for z in DEFAULT_ZOOS(ROOT) if z.is_dir()]
    by_shape: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    rows: list[dict[str, Any]] = []
    for zoo in zoos:
        for key_path in sorted(zoo.rglob("*.key.json")):
            if a.only and a.only not in str(key_path):
                continue
            shape = key_path.parent.name
            try:
                result = score_key(key_path)
            except PinciteError as e:
                print(f"{key_path}: {e}", file=sys.stderr)
                by_shape[shape]["refused"] += 1
                n = len(json.loads(key_path.read_text(encoding="utf-8")).get("units", []))
                by_shape[shape]["units"] += n
                by_shape[shape]["not_found"] += n
                continue
            for k, v in result.counts().items():
                by_shape[shape][k] += v
            rows.append({"key": str(key_path), "counts": result.counts(), "verdict": result.verdict,
                         "misses": result.misses})
            if a.list and not a.json:
                c = result.counts()
                print(f"== {key_path.name}: {c['right']}/{c['units']} labels, "
                      f"{c['kept_out']}/{c['non_citable']} kept out, verdict {result.verdict}")
                for m in result.misses:
                    print("   ", m)
    total: dict[str, int] = defaultdict(int)
    for counts in by_shape.values():
        for k, v in counts.items():
            total[k] += v
    if a.json:
        print(json.dumps({"shapes": by_shape, "total": total, "documents": rows}, indent=1))
        return 0
    print(f"{'shape':40} {'labels':>13} {'wrong':>5} {'noncit':>6} {'lost':>4} {'kept out':>11} {'refs':>7} "
          f"{'voices':>6} {'pages':>7}")

    def frac(a: int, b: int) -> str:
        return f"{a}/{b}" if b else "-"

    for shape, c in sorted(by_shape.items()) + [("ALL", total)]:
        lab = c["right"] / c["units"] if c["units"] else 0.0
        out = c["kept_out"] / c["non_citable"] if c["non_citable"] else 1.0
        print(f"{shape:40} {c['right']:4}/{c['units']:<4} {lab:4.2f} {c['wrong']:5} {c['not_citable']:6} "
              f"{c['not_found']:4} {c['kept_out']:3}/{c['non_citable']:<3} {out:4.2f} "
              f"{frac(c['resolved'], c['references']):>7} {frac(c['voices_right'], c['voices']):>6} "
              f"{frac(c['pages_right'], c['pages']):>7}" + (f"  refused {c['refused']}" if c["refused"] else ""))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
