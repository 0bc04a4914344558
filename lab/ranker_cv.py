"""How well the ranker orders candidates, by feature set, from a training cache (issue 27): top-1 and hit@3 on gold
per gold set and kind, out of fold.

    .venv/bin/python -m lab.ranker_cv CACHE.json [--features A,B] [--param num_leaves=7 ...] \\
        [--no-scoped] [--eval-only-ids-not-starting w3,w4] [--train-only-ids-not-starting w3,w4]

``CACHE.json`` is ``lab/train_ranker.py``'s ``--cache`` (collected with ``--collect`` naming every feature to
compare).  LambdaRank with train_ranker's parameters and rounds (changed by ``--param``), 5 folds grouped by question
as train_ranker groups them (a question's scoped ask in its fold), seed 27.  Only the ranking is measured: no
abstention model, no threshold.  ``--no-scoped`` drops the scoped asks; the two id filters measure whether more
data helps (train without some writers' questions, score only the others).
"""

from __future__ import annotations

import argparse
import collections
import json
import random
import sys
from pathlib import Path

import numpy as np

from lab.train_ranker import PARAMS, ROUNDS, _base


def main(argv: list[str] | None = None) -> int:
    import lightgbm as lgb

    from pincite.generate.features import CORE

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("cache")
    ap.add_argument("--features", default="", help="optional features besides the core")
    ap.add_argument("--param", action="append", default=[], help="NAME=VALUE for LightGBM, or rounds=N")
    ap.add_argument("--no-scoped", action="store_true")
    ap.add_argument("--eval-only-ids-not-starting", default="")
    ap.add_argument("--train-only-ids-not-starting", default="")
    args = ap.parse_args(argv)
    cache = json.loads(Path(args.cache).read_text())
    want = list(CORE) + [n for n in args.features.split(",") if n]
    missing = [n for n in want if n not in cache["features"]]
    if missing:
        raise SystemExit(f"{args.cache}: not collected: {', '.join(missing)}")
    params, rounds = dict(PARAMS), ROUNDS
    for kv in args.param:
        k, v = kv.split("=", 1)
        if k == "rounds":
            rounds = int(v)
        else:
            params[k] = type(PARAMS[k])(v) if k in PARAMS else float(v)
    idx = [cache["features"].index(n) for n in want]
    recs = [r for r in cache["records"] if not (args.no_scoped and "#" in r["set"])]
    xs = [np.array([[row[i] for i in idx] for row in r["x"]], dtype=float) if r["x"] else None for r in recs]
    skip_eval = tuple(p for p in args.eval_only_ids_not_starting.split(",") if p)
    skip_train = tuple(p for p in args.train_only_ids_not_starting.split(",") if p)
    keys = list(dict.fromkeys((_base(r["set"]), r["id"]) for r in recs))
    random.Random(27).shuffle(keys)
    fold_of_key = {k: n % 5 for n, k in enumerate(keys)}
    fold = [fold_of_key[(_base(r["set"]), r["id"])] for r in recs]
    top, hit3, tot = collections.Counter(), collections.Counter(), collections.Counter()
    for f in range(5):
        tr = [i for i, r in enumerate(recs) if fold[i] != f and xs[i] is not None
              and not (skip_train and r["id"].startswith(skip_train))]
        ds = lgb.Dataset(np.vstack([xs[i] for i in tr]), np.concatenate([recs[i]["y"] for i in tr]),
                         group=[len(recs[i]["y"]) for i in tr])
        model = lgb.train({**params, "seed": 27}, ds, num_boost_round=rounds)
        for i, r in enumerate(recs):
            if fold[i] != f or r["kind"] == "none" or (skip_eval and r["id"].startswith(skip_eval)):
                continue
            key = (r["set"], r["kind"])
            tot[key] += 1
            if xs[i] is None:
                continue
            order = np.argsort(-model.predict(xs[i]), kind="stable")
            top[key] += r["y"][order[0]]
            hit3[key] += any(r["y"][j] for j in order[:3])
    print(f"top-1 on gold {sum(top.values())}/{sum(tot.values())}, hit@3 {sum(hit3.values())}")
    for key in sorted(tot):
        print(f"  {key[0]} {key[1]}: {tot[key]}, top-1 {top[key]}, hit@3 {hit3[key]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
