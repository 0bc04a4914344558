"""Twins and contract names over a store (issue 25 item 6): how many contracts, how many twin groups (one
agreement stored from several files), each group's files and resemblance, and how many contracts are named by
parties, by a date, and by both.

    nice -n 10 .venv/bin/pincite ingest --db /tmp/b.db --no-dense ../shared/corpus/contracts_cuad ../shared/bulk/cuad_v1_txt
    .venv/bin/python bench/twins.py --db /tmp/b.db [--sample 10] [--seed 25] [--near 0.5]

``--near`` also lists the pairs of contracts with one printed title whose resemblance is at least that much but
which were not grouped (the misses and near misses to read by hand).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import time

from pincite.open import open_store
from pincite.twins import refresh_twins, resemblance, same_agreement


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--db", required=True)
    ap.add_argument("--sample", type=int, default=10)
    ap.add_argument("--seed", type=int, default=25)
    ap.add_argument("--near", type=float, default=0.5)
    args = ap.parse_args()
    store = open_store(args.db)
    t0 = time.perf_counter()
    report = refresh_twins(store)
    seconds = time.perf_counter() - t0
    prints = {d: json.loads(p) for d, p, _, _ in store.contract_prints() if p}
    summaries = {s.id: s for s in store.list_documents(kind=None)}
    contracts = [s for s in summaries.values() if s.kind.value == "contract"]
    print(f"contracts: {len(contracts)}; twin groups: {len(report.groups)} "
          f"({sum(len(g) for g in report.groups)} files); regrouped in {seconds:.1f} s "
          f"({report.printed} fingerprints computed)")
    with_parties = with_date = both = 0
    for s in contracts:
        doc = store.get_document(s.id)
        p, d = bool(doc.meta.get("parties")), bool(doc.date)
        with_parties += p
        with_date += d
        both += p and d
    n = max(1, len(contracts))
    print(f"named by parties: {with_parties} ({with_parties / n:.0%}); with a date: {with_date} "
          f"({with_date / n:.0%}); both: {both} ({both / n:.0%})")
    print("\nevery group (canonical copy first):")
    for g in report.groups:
        r = min(resemblance(prints[g[0]]["sketch"], prints[x]["sketch"]) for x in g[1:])
        print(f"- {summaries[g[0]].title}  [min resemblance {r:.2f}]")
        for d in g:
            print(f"    {d}  {os.path.relpath(summaries[d].source, '/work/shared')}")
    rng = random.Random(args.seed)
    sample = rng.sample(report.groups, min(args.sample, len(report.groups)))
    print(f"\nsample of {len(sample)} groups to read by hand (seed {args.seed}):")
    for g in sample:
        print("  " + " | ".join(os.path.basename(summaries[d].source) for d in g))
    print(f"\npairs with one printed title, resemblance >= {args.near}, not grouped:")
    grouped = {frozenset((a, b)) for g in report.groups for a in g for b in g if a != b}
    ids = sorted(prints)
    for i, a in enumerate(ids):
        for b in ids[i + 1:]:
            pa, pb = prints[a], prints[b]
            if pa["title"] != pb["title"] or frozenset((a, b)) in grouped:
                continue
            r = resemblance(pa["sketch"], pb["sketch"])
            if r >= args.near:
                why = "parties" if pa["parties"] and pb["parties"] and pa["parties"] != pb["parties"] else \
                    "date" if pa["date"] and pb["date"] and pa["date"] != pb["date"] else "words"
                print(f"  {r:.2f} ({'would group' if same_agreement(pa, pb) else 'kept apart: ' + why}) "
                      f"{os.path.basename(summaries[a].source)} | {os.path.basename(summaries[b].source)}"
                      f"\n      {pa['parties']} {pa['date']} | {pb['parties']} {pb['date']}")
    store.close()


if __name__ == "__main__":
    main()
