"""Would a second ranker over the first one's top N candidates, reading the bi-encoder's similarity of those N only,
put the gold sentence first more often (issue 27)?  A measurement from a training cache, out of fold.

    .venv/bin/python bench/rerank_similarity.py CACHE.json [--top 10 --top 5] [--seed 27 --seed 5] [--rich]

``CACHE.json`` is ``bench/train_ranker.py``'s ``--cache`` (records keep the question and each candidate's context).
For each seed: the first ranker's out-of-fold scores (train_ranker's folds and parameters); the bi-encoder's cosine
of the question and each of the first ranker's top N candidates; then a second LambdaRank model over those N rows
(:data:`pincite.generate.ranker.RERANK_FEATURES`; ``--rich``: also with each candidate's whole feature row), fitted out
of fold on the same folds (stacked: the first ranker's scores it trains on are themselves out of fold).  The
abstention model (rich trees with the top-three similarity, as shipped) is then fitted out of fold on each order.
Prints the top candidate on gold and answered correctly at the utility threshold and at precision 0.65–0.80, with
and without the second ranker.  Only the top N are embedded, as an answer would.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from abstain_similarity import _report  # noqa: E402
from train_ranker import _abstain_rows, _names, _select, out_of_fold, out_of_fold_answer  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    from pincite.generate.features import CORE, load_sentence_model
    from pincite.generate.ranker import similarity_summary
    from train_ranker import cosines, reranked

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("cache")
    ap.add_argument("--features", default="position_in_passage,sentence_index,position_in_document")
    ap.add_argument("--top", type=int, action="append", default=[])
    ap.add_argument("--seed", type=int, action="append", default=[])
    ap.add_argument("--folds", type=int, default=5)
    ap.add_argument("--rich", action="store_true")
    a = ap.parse_args(argv)
    tops = sorted(a.top or [10], reverse=True)
    cached = json.loads(Path(a.cache).read_text())
    trained = list(CORE) + list(_names(a.features))
    records = _select(cached["records"], cached["features"], trained)
    model = load_sentence_model()
    for seed in a.seed or [27]:
        t0 = time.time()
        scores, fold_of = out_of_fold(records, a.folds, seed)
        sims = cosines(records, scores, tops[0], model)  # the first ranker's top max(tops), in its order
        print(f"seed {seed}: embedded in {time.time() - t0:.0f} s")
        ax, ay = _abstain_rows(records, scores, tuple(trained), True, [similarity_summary(v[:3]) for v in sims])
        p_answer = out_of_fold_answer("trees", ax, ay, fold_of, a.folds, seed)
        print(f"seed {seed}, one ranker: {_report(records, scores, p_answer)}")
        for top, rich in [(t, r) for t in tops for r in ((False, True) if a.rich else (False,))]:
            combined, top3, _ = reranked(records, scores, sims, top, rich, fold_of, a.folds, seed)
            bx, by = _abstain_rows(records, combined, tuple(trained), True, top3)
            p2 = out_of_fold_answer("trees", bx, by, fold_of, a.folds, seed)
            print(f"seed {seed}, reranked top {top}{' rich' if rich else ''}: {_report(records, combined, p2)}")
        print(f"  ({time.time() - t0:.0f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
