"""Where a run's losses are: each answerable question that no shown citation answers, put in one bucket.

    .venv/bin/python -m lab.losses GOLD RUN.json --db COPY.db

RUN.json is a ``pincite eval --out`` record of GOLD on the same store (lexical retrieval, ``pincite eval``'s k, as the run).
Buckets, in order: **retrieval** (no gold unit among the retrieved passages), **candidate gate** (retrieved, but no
candidate sentence lies on gold), **ranking** (a gold candidate exists; the answer cited another sentence),
**abstention** (a gold candidate exists; nothing was shown).  Reporting only: this may be run on the held-out set
for the final note, and nothing may be chosen by it.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

from lab.reader_attempt import open_for_questions, question_candidates


def main(argv: list[str] | None = None) -> int:
    from pincite.evaluation.gold import read_gold

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("gold")
    ap.add_argument("run")
    ap.add_argument("--db", required=True)
    ap.add_argument("--gate-terms", type=int, default=2,
                    help="question terms a candidate must hold (the ranker's model file says: 1 since stop 10)")
    a = ap.parse_args(argv)
    run = json.loads(Path(a.run).read_text(encoding="utf-8"))
    records = {r["id"]: r for r in run["questions"]}
    store, retriever, finder = open_for_questions(a.db)
    buckets: Counter[str] = Counter()
    by_kind: Counter[tuple[str, str]] = Counter()
    for q in read_gold(a.gold):
        r = records.get(q.id)
        if r is None or q.kind.value == "none":
            continue
        if r["counts"]["answered_correctly"]:
            bucket = "correct"
        elif not any(g["retrieved_rank"] is not None for g in r["gold"]):  # any rank the run retrieved
            bucket = "retrieval"
        else:
            _, _, labels, _ = question_candidates(q, store, retriever, finder, a.gate_terms)
            if not any(labels):
                bucket = "candidate gate"
            elif r["citations"]:
                bucket = "ranking"
            else:
                bucket = "abstention"
        buckets[bucket] += 1
        by_kind[(q.kind.value, bucket)] += 1
    store.close()
    total = sum(buckets.values())
    print(f"{a.gold}: {total} answerable questions")
    for b in ("correct", "retrieval", "candidate gate", "ranking", "abstention"):
        kinds = ", ".join(f"{k} {n}" for (k, bb), n in sorted(by_kind.items()) if bb == b)
        print(f"  {b:15s} {buckets[b]:4d}  ({kinds})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
