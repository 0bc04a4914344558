"""Where the gold paragraph goes when retrieval misses it (issue 27): is the gold document retrieved, and would a
second search within the top-ranked document find the paragraph?  Reads a ``pincite eval --out`` record.

    .venv/bin/python bench/top_document_probe.py GOLD RUN.json --db STORE.db [--m 5 --m 10 --m 20]

For each answerable, unscoped question of GOLD whose gold unit none of the run's passages holds: whether the run's
first passage comes from a gold document, and if so whether a lexical search for the same query within that
document alone (``SearchFilters(documents=…)``, the top ``m`` passages) holds a gold unit, how near the gold
paragraph is to a paragraph the run retrieved from that document (within 1, 2, 3 or 5 paragraphs), and whether
it sits under the same heading as one.  Prints counts per kind.
Training and dev gold only; a held-out gold file is refused.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path


def main(argv: list[str] | None = None) -> int:
    from pincite.answer.evidence import search_query
    from pincite.evaluation.gold import read_gold
    from pincite.open import open_store
    from pincite.search.retrieve import RetrievalMode, Retriever
    from pincite.types import SearchFilters, UnitKind

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("gold")
    ap.add_argument("run")
    ap.add_argument("--db", required=True)
    ap.add_argument("--m", type=int, action="append", default=[])
    a = ap.parse_args(argv)
    if "heldout" in Path(a.gold).name:
        raise SystemExit(f"{a.gold}: the held-out set is for the final report, not for looking into")
    kinds = {q.id: q.kind.value for q in read_gold(a.gold)}
    run = json.loads(Path(a.run).read_text(encoding="utf-8"))
    store = open_store(a.db)
    retriever = Retriever(store, RetrievalMode.LEXICAL)
    counts: Counter[tuple[str, str]] = Counter()
    for q in run["questions"]:
        kind = kinds.get(q["id"], "none")
        if kind == "none" or q["scope"] or not q["retrieved"]:
            continue
        if any(g["retrieved_rank"] is not None for g in q["gold"]):
            continue
        counts[(kind, "missed")] += 1
        top = q["retrieved"][0]["doc_id"]
        targets = [t for g in q["gold"] for t in (g["targets"] or []) if t["doc_id"] == top]
        if not targets:
            continue
        counts[(kind, "first passage from a gold document")] += 1
        doc = store.get_document(top)
        paras = [u.ordinal for u in doc.units if u.kind == UnitKind.PARAGRAPH and u.citable]
        place = {o: i for i, o in enumerate(paras)}
        got = [u.ordinal for p in q["retrieved"] if p["doc_id"] == top for u in doc.units
               if u.char_start < p["char_end"] and p["char_start"] < u.char_end]
        for t in targets:
            if t["unit"] not in place:
                continue
            near = min((abs(place[t["unit"]] - place[o]) for o in got if o in place), default=None)
            for k in (1, 2, 3, 5):
                within = near is not None and near <= k
                counts[(kind, f"gold paragraph within {k} of a retrieved one")] += within
            heading = doc.units[t["unit"]].section_path
            counts[(kind, "gold paragraph under a retrieved one's heading")] += bool(heading) and any(
                doc.units[o].section_path == heading for o in got)
            break
        for m in a.m or [5, 10, 20]:
            found = retriever.search(search_query(q["question"]), k=m, filters=SearchFilters(documents=(top,)))
            counts[(kind, f"within it, top {m} hold gold")] += any(
                p.chunk.char_start < t["unit_end"] and t["unit_start"] < p.chunk.char_end for p in found for t in targets)
    store.close()
    for (kind, what), n in sorted(counts.items()):
        print(f"  {kind:9s} {what}: {n}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
