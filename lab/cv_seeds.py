"""Compare ranker designs on cross-validation over several fold seeds, not one (issue 27).

One seed's CV figure moves by ~80 of 4,104 "answered at precision >= 0.75" from the fold draw and LightGBM's
sampling alone (bench/NOTES.md, fourteenth and fifteenth stops), more than most design changes.  This runs
``lab/train_ranker.py`` once per seed and prints, per seed and as mean and spread, two figures read from its
out-of-fold file: top-1 on gold (the ranker alone) and the most questions answered on gold at precision >=
0.70 / 0.75 / 0.80 over every threshold the out-of-fold answer probabilities allow (the abstention model too,
without train_ranker's threshold grid, whose 0.02 steps add their own jumps).

    .venv/bin/python -m lab.cv_seeds run --seeds 27,5,11 --dir /tmp/cv -- --set eval/dev.jsonl all.db ... \\
        --cache feat.json [every train_ranker.py argument but --seed, --oof and --out]
    .venv/bin/python -m lab.cv_seeds score /tmp/cv/oof_27.jsonl /tmp/cv/oof_5.jsonl [--only I | --skip I]

``--only`` / ``--skip`` read a file of ``GOLDFILE:ID`` lines (``train.jsonl:w1-0007``): the records of those
questions only, or all but them (a question's scoped and part-store asks count as the question) — to score two
designs on the same questions when one was trained on more.  Held-out gold is never here: train_ranker refuses
it.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from pathlib import Path
from typing import Any

from lab.small_stores import origin

FLOORS = (0.70, 0.75, 0.80)


def figures(rows: list[dict[str, Any]], floors: tuple[float, ...] = FLOORS) -> dict[str, int]:
    """Top-1 on gold over the answerable records, and for each precision floor the most records answered on
    gold by any threshold on the answer probability whose answered records (answerable or not) reach that
    precision.
    Only the fitted records count (train_ranker's ``fitted``)."""
    rows = [r for r in rows if r.get("fitted", True)]
    ranked = sorted(((r["p_answer"], bool(r["top_on_gold"]) and r["kind"] != "none")
                     for r in rows if r["candidates"]), key=lambda x: -x[0])
    best = {f: 0 for f in floors}
    right = shown = 0
    for i, (p, good) in enumerate(ranked):
        shown += 1
        right += good
        if i + 1 < len(ranked) and ranked[i + 1][0] == p:
            continue  # a threshold answers every record of one probability or none of them
        for f in floors:
            if right >= f * shown:
                best[f] = max(best[f], right)
    out = {"records": len(rows), "top1": sum(1 for r in rows if r["kind"] != "none" and r["top_on_gold"])}
    out.update({f"at_{f:.2f}": best[f] for f in floors})
    return out


def select(rows: list[dict[str, Any]], only: set[str] | None, skip: set[str] | None) -> list[dict[str, Any]]:
    def key(r: dict[str, Any]) -> str:
        return f"{origin(r['set'])}:{r['id']}"
    if only is not None:
        rows = [r for r in rows if key(r) in only]
    if skip is not None:
        rows = [r for r in rows if key(r) not in skip]
    return rows


def _ids(path: str | None) -> set[str] | None:
    if path is None:
        return None
    try:
        return {line.strip() for line in Path(path).read_text(encoding="utf-8").splitlines() if line.strip()}
    except OSError as e:
        raise SystemExit(f"{path}: {e.strerror or e}") from None


def report(named: list[tuple[str, dict[str, int]]]) -> str:
    keys = ["top1"] + [f"at_{f:.2f}" for f in FLOORS]
    lines = [f"{'':28s} {'records':>8s} " + " ".join(f"{k:>8s}" for k in keys)]
    for name, fig in named:
        lines.append(f"{name[-28:]:28s} {fig['records']:8d} " + " ".join(f"{fig[k]:8d}" for k in keys))
    if len(named) > 1:
        for label, fn in (("mean", statistics.mean), ("sd", statistics.stdev)):
            cells = " ".join(f"{fn([f[k] for _, f in named]):8.1f}" for k in keys)
            lines.append(f"{label:28s} {'':8s} {cells}")
    return "\n".join(lines)


def _read(path: str) -> list[dict[str, Any]]:
    try:
        rows = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError) as e:
        raise SystemExit(f"{path}: not an out-of-fold file from train_ranker.py --oof ({e})") from None
    if not isinstance(rows, list) or any(not {"p_answer", "top_on_gold", "kind", "candidates"} <= set(r)
                                         for r in rows):
        raise SystemExit(f"{path}: not an out-of-fold file from train_ranker.py --oof")
    return rows


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    rest: list[str] = []
    if "--" in argv:
        at = argv.index("--")
        argv, rest = argv[:at], argv[at + 1:]
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("run", help="train_ranker.py once per seed, then score")
    r.add_argument("--seeds", default="27,5,11")
    r.add_argument("--dir", required=True)
    s = sub.add_parser("score", help="score out-of-fold files")
    s.add_argument("oof", nargs="+")
    for p in (r, s):
        g = p.add_mutually_exclusive_group()
        g.add_argument("--only", default=None, metavar="IDS")
        g.add_argument("--skip", default=None, metavar="IDS")
    a = ap.parse_args(argv)
    only, skip = _ids(a.only), _ids(a.skip)
    if a.cmd == "run":
        if {"--seed", "--oof", "--out"} & set(rest):
            raise SystemExit("cv_seeds.py run sets --seed, --oof and --out itself")
        out = Path(a.dir)
        out.mkdir(parents=True, exist_ok=True)
        files = []
        for seed in [int(x) for x in a.seeds.split(",") if x.strip()]:
            oof, model = out / f"oof_{seed}.jsonl", out / f"model_{seed}.json"
            cmd = [sys.executable, str(Path(__file__).parent / "train_ranker.py"), *rest, "--seed", str(seed),
                   "--oof", str(oof), "--out", str(model)]
            with open(out / f"train_{seed}.log", "w", encoding="utf-8") as log:
                rc = subprocess.run(cmd, stdout=log, stderr=subprocess.STDOUT).returncode
            if rc:
                log_path = out / f"train_{seed}.log"
                raise SystemExit(f"train_ranker.py failed for seed {seed} (rc {rc}): see {log_path}")
            files.append(str(oof))
    else:
        files = a.oof
    print(report([(f, figures(select(_read(f), only, skip))) for f in files]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
