"""Duplicate labels: how many labels name more than one unit of one document, per file and per set.

    .venv/bin/python bench/labels.py [--shared ../shared] [--only corpus,judgments,acts,contracts]
                                     [--jobs 2] [--list]

A label is duplicated when two units of one document carry it and both are in force on some date (a statute's
provision repealed and re-enacted under its old number is two units, one place at any date).  Files are parsed
in this process's pool (no store, no chunks, no parse sandbox).  Prints per set: files, units with a label,
duplicated labels (as the format's parser made them, and after the last resort in parse_bytes), files with any,
and the seconds parsing took; ``--list`` prints every duplicate.  Needs
../shared (exits with a message when it is absent).  The test tests/parse/test_unique_labels.py runs a
deterministic subset of the same count.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from pincite.errors import PinciteError
from pincite.ingest import collect_files, read_file, source_key
from pincite.parse.builder import duplicate_labels
from pincite.parse import parse_bytes, parser_for

SETS = {
    "corpus": "corpus",
    "judgments": "bulk/ewca_civ_2020_akn",
    "acts": "bulk/canada_acts",
    "contracts": "bulk/cuad_v1_txt",
}


@dataclass
class FileLabels:
    source: str
    labelled: int
    duplicates: list[tuple[str, int]]  # (label, how many units carry it) as parse_bytes returns the document
    by_parser: list[tuple[str, int]]  # the same, as the format's parser made it (before the last resort)
    error: str | None = None


def count_file(path: str) -> FileLabels:
    source = source_key(path)
    try:
        data = read_file(path, source)
        doc = parse_bytes(data, source)
        raw = parser_for(doc.format)(data, source)
    except PinciteError as e:
        return FileLabels(source, 0, [], [], str(e))
    dups = [(label, len(us)) for label, us in duplicate_labels(doc.units)]
    by_parser = [(label, len(us)) for label, us in duplicate_labels(raw.units)]
    return FileLabels(source, sum(1 for u in doc.units if u.label), dups, by_parser)


def duplicate_labels_in_files(paths: list[str], jobs: int = 2) -> list[FileLabels]:
    files, _skipped, _missing = collect_files(paths)
    if jobs <= 1:
        return [count_file(f) for f in files]
    with ProcessPoolExecutor(jobs) as pool:
        return list(pool.map(count_file, files, chunksize=4))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--shared", default=str(Path(__file__).resolve().parents[1] / ".." / "shared"))
    ap.add_argument("--only", default=",".join(SETS))
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--list", action="store_true", help="print every duplicated label")
    args = ap.parse_args()
    shared = Path(args.shared)
    if not shared.is_dir():
        print(f"no shared data at {shared}", file=sys.stderr)
        return 2
    total_dups = 0
    for name in args.only.split(","):
        folder = shared / SETS[name]
        t0 = time.time()
        rows = duplicate_labels_in_files([str(folder)], jobs=args.jobs)
        secs = time.time() - t0
        dups = sum(len(r.duplicates) for r in rows)
        raw = sum(len(r.by_parser) for r in rows)
        total_dups += dups
        files_with = sum(1 for r in rows if r.by_parser)
        labelled = sum(r.labelled for r in rows)
        failed = sum(1 for r in rows if r.error)
        print(f"{name:10s} files {len(rows):4d}  labelled units {labelled:7d}  duplicated labels: by the parser "
              f"{raw:5d} (in {files_with:4d} files), after the last resort {dups}  failed {failed}  {secs:6.1f}s")
        for r in rows:
            if r.error:
                print(f"    failed {r.source}: {r.error}")
            if args.list and r.by_parser:
                shown = ", ".join(f"{lab!r}×{n}" for lab, n in r.by_parser[:12])
                more = f" (+{len(r.by_parser) - 12})" if len(r.by_parser) > 12 else ""
                print(f"    {r.source}: {shown}{more}")
    print(f"total duplicated labels {total_dups}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
