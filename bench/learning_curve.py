"""Would more training questions help the ranker (issue 27)?  Its out-of-fold top-1 on gold, per kind of document,
when it is trained on a share of the training folds' questions.  A measurement from a training cache.

    .venv/bin/python bench/learning_curve.py CACHE.json [--share 0.25 --share 0.5 ...] [--vary judgment] [--seed 27]

``CACHE.json`` is ``bench/train_ranker.py``'s ``--cache``.  Folds as train_ranker's (by question, 5, the seed); in
each fold the first ranker (train_ranker's parameters) is trained on a random share of the other folds' questions
(a question and its scoped ask together) — of all of them, or with ``--vary KIND`` of that kind's only, the others
all kept — and scored on the fold itself.  Prints, per share, how often the top candidate lies on gold, per kind,
over the answerable questions that have a gold candidate.  A curve still rising at share 1.0 says more questions of
that kind should help; a flat one says the features, not the data, are what limits.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections import Counter
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).parent))
from train_ranker import _base, _names, _select, _train_ranker  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    from pincite.generate.features import CORE

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("cache")
    ap.add_argument("--features", default="position_in_passage,sentence_index,position_in_document")
    ap.add_argument("--share", type=float, action="append", default=[])
    ap.add_argument("--vary", default=None, help="subsample only questions of this kind (judgment, contract, …)")
    ap.add_argument("--seed", type=int, default=27)
    ap.add_argument("--folds", type=int, default=5)
    a = ap.parse_args(argv)
    cached = json.loads(Path(a.cache).read_text())
    records = _select(cached["records"], cached["features"], list(CORE) + list(_names(a.features)))
    keys = list(dict.fromkeys((_base(r["set"]), r["id"]) for r in records))
    random.Random(a.seed).shuffle(keys)
    fold_of_key = {key: n % a.folds for n, key in enumerate(keys)}
    key_of = [(_base(r["set"]), r["id"]) for r in records]
    kind_of_key = {k: r["kind"] for k, r in zip(key_of, records)}
    scored = [i for i, r in enumerate(records) if r["kind"] != "none" and any(r["y"])]
    base = Counter(records[i]["kind"] for i in scored)
    print(f"answerable with a gold candidate: {dict(base)}")
    for share in sorted(a.share or [0.25, 0.5, 0.75, 1.0]):
        hits: Counter[str] = Counter()
        trained_on = 0
        for f in range(a.folds):
            pool = [k for k in keys if fold_of_key[k] != f]
            vary = [k for k in pool if a.vary is None or kind_of_key[k] == a.vary]
            keep = set(random.Random(a.seed * 1000 + f).sample(vary, round(share * len(vary))))
            keep |= {k for k in pool if a.vary is not None and kind_of_key[k] != a.vary}
            trained_on += len(keep)
            model = _train_ranker([r for r, k in zip(records, key_of) if k in keep], a.seed)
            for i in scored:
                if fold_of_key[key_of[i]] == f:
                    s = model.predict(np.array(records[i]["x"], dtype=float))
                    hits[records[i]["kind"]] += records[i]["y"][int(np.argmax(s))]
        row = ", ".join(f"{k} {hits[k]}/{base[k]} ({hits[k] / base[k]:.3f})" for k in sorted(base))
        print(f"share {share:.2f} ({trained_on / a.folds:.0f} questions a fold): top-1 on gold {sum(hits.values())}; {row}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
