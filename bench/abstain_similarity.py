"""Would the abstention model decide better if it read the bi-encoder's similarity of the top few candidates only
(issue 27)?  A measurement from a training cache, out of fold, that chose ``train_ranker --abstain-similarity 3``.

    .venv/bin/python bench/abstain_similarity.py CACHE.json [--features position_in_passage,...] [--top 3] \\
        [--seed 27 --seed 5 ...]

``CACHE.json`` is ``bench/train_ranker.py``'s ``--cache`` from a collection that kept each question's text and its
candidates' contexts (``train_answerer._record``, since stop 11).  For each seed: the ranker's out-of-fold scores
(train_ranker's folds), then the abstention model of train_ranker (``--abstain trees --abstain-rich``) with and
without three more inputs — the top candidate's cosine similarity to the question, the best of the top ``--top``,
and the top's lead over the next of them — each fitted out of fold.  Prints answered correctly at the utility
threshold and at precision 0.65–0.80.  Only the top few are embedded, as an answer would (the whole candidate list
costs ~1 s a question on 2 cores).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).parent))
import train_answerer as ta  # noqa: E402
from train_ranker import (_abstain_rows, _as_probs, _names, _precise_threshold, _select,  # noqa: E402
                          out_of_fold, out_of_fold_answer, similarities, utility_threshold)

LEVELS = (0.65, 0.70, 0.75, 0.80)


def _report(records: list[dict[str, Any]], scores: list[np.ndarray], p_answer: list[float]) -> str:
    probs = _as_probs(records, scores, p_answer)
    best = utility_threshold(records, probs)
    sc = ta.score(records, probs, best, 1.01)
    top1 = sum(1 for r, s in zip(records, scores) if len(s) and r["y"][int(np.argmax(s))])
    parts = [f"top-1 on gold {top1}", f"utility thr {best}: {sc['answered_correctly']} prec "
             f"{sc['attribution_precision']} abst {sc['abstention']} util {sc['utility']}"]
    for level in LEVELS:
        t = _precise_threshold(records, probs, level, -1.0)
        if t >= 0:
            s2 = ta.score(records, probs, t, 1.01)
            parts.append(f"@{level}: {s2['answered_correctly'].split('/')[0]} (abst {s2['abstention']})")
    return "; ".join(parts)


def main(argv: list[str] | None = None) -> int:
    from pincite.generate.features import CORE, load_sentence_model

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("cache")
    ap.add_argument("--features", default="position_in_passage,sentence_index,position_in_document")
    ap.add_argument("--top", type=int, default=3)
    ap.add_argument("--seed", type=int, action="append", default=[])
    ap.add_argument("--folds", type=int, default=5)
    a = ap.parse_args(argv)
    cached = json.loads(Path(a.cache).read_text())
    if not all("contexts" in r for r in cached["records"]):
        raise SystemExit(f"{a.cache}: collected before records kept their texts; collect again into a new --cache "
                         "(bench/train_ranker.py)")
    trained = list(CORE) + list(_names(a.features))
    records = _select(cached["records"], cached["features"], trained)
    model = load_sentence_model()
    for seed in a.seed or [27]:
        t0 = time.time()
        scores, fold_of = out_of_fold(records, a.folds, seed)
        ax, ay = _abstain_rows(records, scores, tuple(trained), True)
        sims = np.array(similarities(records, scores, a.top, model))
        for label, x in (("rich trees", ax), ("rich trees + top similarity", np.hstack([ax, sims]))):
            p_answer = out_of_fold_answer("trees", x, ay, fold_of, a.folds, seed)
            print(f"seed {seed}, {label}: {_report(records, scores, p_answer)}")
        print(f"  ({time.time() - t0:.0f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
