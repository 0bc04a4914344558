"""Turn LegalBench-RAG (mini, CUAD) into a gold set for ``pincite eval``, so the benchmark runs through the same
report as eval/dev.jsonl:

    .venv/bin/python -m lab.gold.legalbench_gold --out /tmp/lb.jsonl [--bench ../shared/benchmarks/legalbench-rag-mini]
    .venv/bin/pincite eval /tmp/lb.jsonl --corpus ../shared/benchmarks/legalbench-rag-mini/corpus --no-dense

Each benchmark snippet (a character span of a raw contract file) becomes a gold entry: the span's words, found
in the parsed document's canonical text (the occurrence nearest the span's raw offset), and the smallest unit
holding all of them, by its printed label.  A snippet no single unit holds is left out and counted; the printed
summary says how many.  Only the conversion is new: metrics, regression report and HTML are pincite eval's.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def main(argv: list[str] | None = None) -> int:
    from pincite.evaluation.gold import check_gold_file, DocumentFinder, GoldError, read_gold
    from pincite.evaluation.runs import ingest_corpus
    from pincite.open import open_store
    from pincite.types import UnitKind
    from pincite.answer.verify import normalise_with_map

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bench", default=str(REPO.parent / "shared" / "benchmarks" / "legalbench-rag-mini"))
    ap.add_argument("--out", required=True)
    ap.add_argument("--db", default=None, help="a database with the benchmark corpus already ingested")
    args = ap.parse_args(argv)
    bench = Path(args.bench)
    tests = json.loads((bench / "benchmarks" / "cuad.json").read_text(encoding="utf-8"))["tests"]
    kept = skipped = 0
    with tempfile.TemporaryDirectory() as tmp:
        store = open_store(args.db or Path(tmp) / "lb.db")
        if args.db is None:
            ingest_corpus(store, bench / "corpus")
        finder = DocumentFinder(store)
        lines = []
        for t in tests:
            gold = []
            for sn in t["snippets"]:
                try:
                    doc = finder.find(sn["file_path"])
                except GoldError:
                    skipped += 1
                    continue
                raw = (bench / "corpus" / sn["file_path"]).read_text(encoding="utf-8", errors="replace")
                words = raw[sn["span"][0]:sn["span"][1]]
                norm, idx = normalise_with_map(doc.text)
                q = " ".join(words.split())
                hits, i = [], norm.find(q)
                while q and i >= 0:
                    hits.append(i)
                    i = norm.find(q, i + 1)
                if not hits:
                    skipped += 1
                    continue
                i = min(hits, key=lambda h: abs(idx[h] - sn["span"][0]))
                s, e = idx[i], idx[i + len(q) - 1] + 1
                units = [u for u in doc.units if u.kind is not UnitKind.HEADING and (u.label or u.number)
                         and u.char_start <= s and e <= u.char_end]
                if not units:
                    skipped += 1
                    continue
                u = min(units, key=lambda x: x.char_end - x.char_start)
                gold.append({"source": sn["file_path"], "unit": u.label or u.number, "quote": q})
                kept += 1
            if gold:
                lines.append({"id": t["query_id"], "question": t["query"], "as_of": None, "gold": gold,
                              "kind": "contract", "tags": ["legalbench-rag", "dev" if int(t["query_id"].rsplit("-", 1)[1]) % 2 == 0 else "test"]})
        Path(args.out).write_text("".join(json.dumps(x, ensure_ascii=False) + "\n" for x in lines), encoding="utf-8")
        problems = check_gold_file(store, read_gold(args.out))
        store.close()
    print(f"{len(lines)} of {len(tests)} queries written to {args.out}; {kept} snippets kept, {skipped} left out "
          f"(no single unit holds them, or not found); {len(problems)} do not resolve")
    for p in problems[:20]:
        print("  ", p)
    return 0


if __name__ == "__main__":
    sys.exit(main())
