"""Every pair of stored contracts whose resemblance (pincite.twins) is at least MIN, with whether they were grouped
and their printed titles: the table in bench/NOTES.md, "Issue 25 — twins".

    .venv/bin/python bench/twins_pairs.py STORE.db 0.3

Candidates are pairs sharing one of their 64 smallest shingle hashes (a pair at resemblance 0.3 shares one with
near certainty), so the 100,000 pairs of 464 contracts are not all compared.
"""
import json, os, sys
from pincite.open import open_store
from pincite.twins import resemblance, same_agreement
s = open_store(sys.argv[1])
P = {d: json.loads(p) for d, p, _, _ in s.contract_prints() if p}
src = {x.id: os.path.basename(x.source) for x in s.list_documents()}
ids = sorted(P)
# bucket by shared sketch hashes to avoid 100k full comparisons
from collections import defaultdict
idx = defaultdict(set)
for d in ids:
    for h in P[d]["sketch"][:64]:
        idx[h].add(d)
cand = set()
for ds in idx.values():
    if 1 < len(ds) < 50:
        l = sorted(ds)
        for i, a in enumerate(l):
            for b in l[i+1:]:
                cand.add((a, b))
out = []
for a, b in cand:
    r = resemblance(P[a]["sketch"], P[b]["sketch"])
    if r >= float(sys.argv[2]):
        out.append((r, same_agreement(P[a], P[b]), P[a]["title"] == P[b]["title"], src[a], src[b], P[a]["title"], P[b]["title"]))
for o in sorted(out, reverse=True):
    print(f"{o[0]:.2f} grouped={o[1]} same_title={o[2]} | {o[3][:70]} | {o[4][:70]} | {o[5][:40]} | {o[6][:40]}")
