"""What the bi-encoder similarity feature adds to a question's answer time (issue 27, item 2), warm.

    .venv/bin/python bench/similarity_latency.py eval/dev.jsonl --db COPY.db --no-dense [--model RANKER.json]

Every question goes through the engine's own path (``engine.ask``) to a generator that records the turn; then,
per question and timed: the ranker's candidates with the core feature matrix, the bi-encoder reading every
candidate in one batch (:func:`pincite.generate.features.fill_similarity`), and, with ``--model``, that ranker
model's whole ``generate``.  The bi-encoder is loaded first and one question is asked before timing.  Prints
p50 / p95 / max in seconds and the candidates per question.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).parent))
import train_answerer as ta  # noqa: E402


def _line(name: str, xs: list[float]) -> str:
    a = np.array(xs)
    return f"{name}: p50 {np.percentile(a, 50):.3f} s, p95 {np.percentile(a, 95):.3f} s, max {a.max():.3f} s"


def main(argv: list[str] | None = None) -> int:
    from pincite.engine import ask, ask_request
    from pincite.evaluation.gold import read_gold
    from pincite.generate.features import CORE, feature_matrix, fill_similarity, load_sentence_model
    from pincite.generate.learned import candidates
    from pincite.generate.ranker import RankerGenerator
    from pincite.open import open_store
    from pincite.search.retrieve import RetrievalMode, Retriever

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("gold")
    ap.add_argument("--db", required=True)
    ap.add_argument("--no-dense", action="store_true")
    ap.add_argument("--model", help="a ranker model file to time whole")
    args = ap.parse_args(argv)
    if "heldout" in Path(args.gold).name:
        raise SystemExit("the held-out set is not for measuring here")
    store = open_store(args.db)
    retriever = Retriever(store, RetrievalMode.LEXICAL if args.no_dense else RetrievalMode.HYBRID)
    retriever.ensure_fresh()
    model = load_sentence_model()
    ranker = RankerGenerator(model_file=args.model, models={"bi-encoder": model}) if args.model else None
    base, sim, whole, n = [], [], [], []
    for i, q in enumerate(read_gold(args.gold)):
        rec = ta._Recorder()
        ask(ask_request(q.question, as_of=q.as_of, k=10), store, retriever, rec)
        if rec.turn is None:
            continue
        t0 = time.perf_counter()
        reading = candidates(rec.turn)
        if reading is None or not reading.sentences:
            continue
        feature_matrix(reading, CORE)
        t1 = time.perf_counter()
        fill_similarity(reading, model)
        t2 = time.perf_counter()
        if ranker is not None:
            ranker.generate(rec.turn, [])
        t3 = time.perf_counter()
        if i == 0:
            continue  # the warm-up question
        base.append(t1 - t0)
        sim.append(t2 - t1)
        whole.append(t3 - t2)
        n.append(len(reading.sentences))
    print(f"{len(sim)} questions timed; candidates per question: median {int(np.median(n))}, max {max(n)}")
    print(_line("candidates and core features", base))
    print(_line("bi-encoder over the candidates (added)", sim))
    if ranker is not None:
        print(_line(f"ranker generate with {args.model}", whole))
    store.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
