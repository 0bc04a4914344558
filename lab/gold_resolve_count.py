"""How many gold entries resolve to a unit (issue 52: a parser change must not lose gold): every source the
given gold files name is ingested into a new SQLite store, and each gold entry (with its alternatives) is
resolved by :func:`pincite.evaluation.gold.resolve_question`, the resolver ``pincite eval`` uses.

    PYTHONPATH=src python lab/gold_resolve_count.py DB eval/fresh.jsonl eval/zoo_dev.jsonl ... [--shared DIR]

DB must not exist yet (the parse is this checkout's).  Prints per file: entries, resolved, and the errors of
those that do not."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from pincite.evaluation.gold import DocumentFinder, read_gold, resolve_question
from pincite.evaluation.runs import gold_sources
from pincite.ingest import ingest_paths
from pincite.open import open_store


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("db")
    ap.add_argument("gold", nargs="+")
    ap.add_argument("--shared", default="/work/shared", help="the folder gold sources are relative to")
    args = ap.parse_args(argv)
    if Path(args.db).exists():
        ap.error(f"{args.db} exists: give a new file")
    sets = [(g, read_gold(g)) for g in args.gold]
    files = []
    for src in gold_sources(sets):
        p = next((r / src for r in (Path(args.shared), Path(args.shared) / "corpus") if (r / src).is_file()), None)
        if p is None:
            print(f"not found: {src}")
        else:
            files.append(str(p))
    store = open_store(args.db)
    report = ingest_paths(store, sorted(set(files)))
    print(f"ingested {len(set(files))} files, {len(report.failed)} failed")
    finder = DocumentFinder(store)
    total = resolved = 0
    for g, questions in sets:
        n = ok = 0
        errors = []
        for q in questions:
            for res in resolve_question(finder, q):
                n += 1
                if res.targets and not res.error:
                    ok += 1
                else:
                    errors.append(f"{q.id}: {res.error}")
        total, resolved = total + n, resolved + ok
        print(f"{g}: {ok}/{n} gold entries resolve")
        for e in errors:
            print(f"    {e[:200]}")
    print(f"all: {resolved}/{total}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
