"""Compare ``lab/train_ranker.py --oof`` outcomes of several designs on the same questions (issue 27).

    .venv/bin/python -m lab.compare_oof A.json B.json … [--sets train@parts,train@parts#scoped]

For each file, over the records every file holds (of ``--sets``, the names train_ranker reports: a part's
``train@gNN.jsonl`` as ``train@parts``): top-1 on gold, and as the abstention threshold moves, the most questions
answered on gold at precision >= 0.70 / 0.75 / 0.80 and the best utility (lab/records.py's weights: +1 a
question answered on gold, -UTILITY_WRONG a wrong quotation, unanswerable questions weighted to NONE_SHARE).  One
claim per question (the ranker's rule), so precision here is per question answered.  Training gold only.

``--gold-from G.json`` scores every file's top unit against G's gold units instead of its own labels (a top is
on gold when its unit holds a gold candidate in G's record): designs trained on different labels of the same
questions (``lab/adjudicate.py``'s alternatives) compared on one set of labels.  Units are a candidate's
passage's first unit, so this is exact for one-unit passages (a judgment's paragraph) and generous for a
clause passage holding several sub-clauses, alike for every file.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from lab.records import NONE_SHARE, UTILITY_WRONG
from lab.train_ranker import THRESHOLDS, _group


def curve(rows: list[dict]) -> dict[str, float]:
    n_none = sum(1 for r in rows if r["kind"] == "none")
    w_none = NONE_SHARE / (1 - NONE_SHARE) * (len(rows) - n_none) / n_none if n_none else 0.0
    best: dict[str, float] = {"utility": float("-inf")}
    at = {0.70: 0, 0.75: 0, 0.80: 0}
    for t in THRESHOLDS:
        ans = [r for r in rows if r["candidates"] and r["p_answer"] >= t]
        right = sum(1 for r in ans if r["kind"] != "none" and r["top_on_gold"])
        wrong = len(ans) - right
        util = right - UTILITY_WRONG * sum(1 for r in ans if r["kind"] != "none" and not r["top_on_gold"])
        util += w_none * sum((1.0 if not (r["candidates"] and r["p_answer"] >= t) else -UTILITY_WRONG)
                             for r in rows if r["kind"] == "none")
        prec = right / len(ans) if ans else 0.0
        for floor in at:
            if prec >= floor:
                at[floor] = max(at[floor], right)
        if util > best["utility"]:
            best = {"utility": util, "threshold": t, "answered": right, "precision": prec, "wrong": wrong}
    return {**best, **{f"@{k:.2f}": v for k, v in at.items()}}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("files", nargs="+")
    ap.add_argument("--sets", default="", help="comma-separated set names (default: every set all files hold)")
    ap.add_argument("--gold-from", default=None, help="score every file against this file's gold units")
    a = ap.parse_args(argv)
    want = set(filter(None, a.sets.split(",")))
    runs = {f: {(r["set"], r["id"]): r for r in json.loads(Path(f).read_text())
                if not want or _group(r["set"]) in want} for f in a.files}
    if a.gold_from:
        gold = {(r["set"], r["id"]): set(r["gold_units"]) for r in json.loads(Path(a.gold_from).read_text())}
        runs = {f: {k: {**r, "top_on_gold": r["top_unit"] in gold[k]} for k, r in recs.items() if k in gold}
                for f, recs in runs.items()}
    common = set.intersection(*(set(v) for v in runs.values()))
    answerable = sum(1 for k in common if next(iter(runs.values()))[k]["kind"] != "none")
    print(f"{len(common)} records ({answerable} answerable) held by every file")
    for f, recs in runs.items():
        rows = [recs[k] for k in sorted(common)]
        top1 = sum(1 for r in rows if r["kind"] != "none" and r["top_on_gold"])
        c = curve(rows)
        print(f"{f}: top-1 on gold {top1}; best utility {c['utility']:.1f} at threshold {c['threshold']} "
              f"({c['answered']} on gold, precision {c['precision']:.3f}); on gold at precision >= 0.70 / 0.75 / 0.80: "
              f"{c['@0.70']} / {c['@0.75']} / {c['@0.80']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
