"""The structural lint over real documents: findings per kind, per set, and a sample to read by hand.

    .venv/bin/python bench/lint.py [--shared ../shared] [--only corpus,judgments,contracts]
                                   [--out findings.jsonl] [--sample 20 --seed 19]
    .venv/bin/python bench/lint.py --db /tmp/store.db      # the findings of every document in a store

Files are parsed in this process (no store, no chunks): the lint reads the parser's units, nothing else.
Prints its figures; it is not a test.  Needs ../shared (exits with a message when it is absent).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import Counter
from pathlib import Path

from pincite.errors import PinciteError
from pincite.ingest import collect_files, parse_file
from pincite.lint import LintKind, lint_document
from pincite.types import Document

SETS = {
    "corpus": "corpus",
    "judgments": "bulk/ewca_civ_2020_akn",
    "contracts": "bulk/cuad_v1_txt",
}


def documents(paths: list[str]):  # type: ignore[no-untyped-def]
    files, _skipped, _missing = collect_files(paths)
    for f in files:
        try:
            yield f, parse_file(f)
        except PinciteError as e:
            print(f"  failed {f}: {e}", file=sys.stderr)


def report(name: str, docs, out, rows: list[dict]) -> None:  # type: ignore[no-untyped-def]
    t0 = time.time()
    counts: Counter[str] = Counter()
    flagged_docs: Counter[str] = Counter()
    n = 0
    for source, doc in docs:
        n += 1
        findings = lint_document(doc)
        for f in findings:
            counts[f.kind.value] += 1
            row = {"set": name, "source": source, **f.to_json()}
            if f.unit is not None:
                u = doc.units[f.unit]
                row["text"] = doc.text[u.char_start:u.char_end][:600]
            rows.append(row)
            if out:
                out.write(json.dumps(row) + "\n")
        for k in {f.kind.value for f in findings}:
            flagged_docs[k] += 1
    print(f"{name}: {n} documents, {sum(counts.values())} findings ({time.time() - t0:.0f} s)")
    for k in LintKind:
        print(f"  {k.value:24s} {counts[k.value]:6d} findings in {flagged_docs[k.value]:4d} documents")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--shared", default="../shared")
    ap.add_argument("--only", default=",".join(SETS))
    ap.add_argument("--db", help="lint the documents stored here instead of parsing files")
    ap.add_argument("--out", help="write every finding as a JSON line here")
    ap.add_argument("--sample", type=int, default=0, help="print this many findings, drawn at random, to read")
    ap.add_argument("--seed", type=int, default=19)
    args = ap.parse_args()
    out = open(args.out, "w", encoding="utf-8") if args.out else None
    rows: list[dict] = []
    if args.db:
        from pincite.open import open_store

        store = open_store(args.db)

        def stored():  # type: ignore[no-untyped-def]
            for s in store.list_documents():
                doc: Document = store.get_document(s.id)
                yield doc.source, doc

        report(args.db, stored(), out, rows)
    else:
        shared = Path(args.shared)
        if not shared.is_dir():
            sys.exit(f"{shared} not found: this benchmark reads the shared corpus")
        for name in args.only.split(","):
            report(name, documents([str(shared / SETS[name])]), out, rows)
    if args.sample:
        rnd = random.Random(args.seed)
        for r in rnd.sample(rows, min(args.sample, len(rows))):
            print(json.dumps({k: r[k] for k in ("set", "source", "kind", "label", "detail")}))
    if out:
        out.close()


if __name__ == "__main__":
    main()
