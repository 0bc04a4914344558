"""The bulk checks on every file of ../shared/bulk, with counts: what the suite asserts on its fixed sample.

    .venv/bin/python bench/bulk_sweep.py [--shared ../shared] [--only judgments,contracts,labels] [--jobs 2]

* judgments: every file of bulk/ewca_civ_2020_akn parses, and the parser finds at least as many numbered reasons
  paragraphs as the markup's own 1, 2, 3 ... run (tests/parse/test_akn_corpus.py on the sample);
* contracts: every file of bulk/cuad_v1_txt parses, and the share read as contracts with clauses is at least 0.72
  (tests/parse/test_contract_cuad.py);
* labels: no label names two places, after the last resort in parse_bytes, in any file of corpus/ and bulk/, and
  the judgment and statute parsers give distinct labels themselves (H-3.xml apart); the only file refused is the
  repealed Act with no <Body> (tests/parse/test_unique_labels.py; bench/labels.py prints the per-set detail).

Prints, per check, the files, the failures and the seconds, and exits 1 when any check fails.  The sample the tests
use (and why) is tests/bulk_sample.py; figures are in bench/NOTES.md, "Suite time (branch i32t)".
"""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.bulk_sample import akn_short, cuad_is_contract, every_file, label_counts, sample  # noqa: E402


def judgments(bulk: Path, pool: ProcessPoolExecutor) -> bool:
    files = every_file(bulk, "ewca_civ_2020_akn")
    short = [s for s in pool.map(akn_short, files, chunksize=4) if s is not None]
    print(f"judgments: {len(files)} files (sample {len(sample(bulk, 'ewca_civ_2020_akn'))}); "
          f"{len(short)} with fewer paragraphs than the markup numbers{': ' + repr(short) if short else ''}")
    return len(files) == 393 and not short


def contracts(bulk: Path, pool: ProcessPoolExecutor) -> bool:
    files = every_file(bulk, "cuad_v1_txt")
    n = sum(pool.map(cuad_is_contract, files, chunksize=8))
    picked = sample(bulk, "cuad_v1_txt")
    m = sum(map(cuad_is_contract, picked))
    print(f"contracts: {len(files)} files parse; {n} read as contracts ({n / len(files):.1%}); "
          f"the sample: {m}/{len(picked)} ({m / len(picked):.1%})")
    return len(files) == 510 and n / len(files) >= 0.72


def labels(shared: Path, pool: ProcessPoolExecutor) -> bool:
    from pincite.ingest import collect_files

    files, _, _ = collect_files([shared / "corpus", shared / "bulk"])
    counts = dict(zip(files, pool.map(label_counts, files, chunksize=4)))
    refused = sorted(str(Path(p).relative_to(shared)) for p, c in counts.items() if c is None)
    dups = {p: c[1] for p, c in counts.items() if c and c[1]}
    raw = {p: c[2] for p, c in counts.items() if c and c[2] and c[3] in ("judgment", "statute")
           and not p.endswith("H-3.xml")}
    print(f"labels: {len(files)} files; refused (no <Body>): {refused}; with a label twice: {len(dups)}; "
          f"judgment or statute parser repeating a label: {len(raw)}")
    for p, d in sorted({**dups, **raw}.items()):
        print(f"  {p}: {d[:5]}")
    return not dups and not raw and all(r.endswith("C-0.4.xml") for r in refused)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--shared", type=Path, default=ROOT.parent / "shared")
    ap.add_argument("--only", default="judgments,contracts,labels")
    ap.add_argument("--jobs", type=int, default=2)
    a = ap.parse_args()
    if not (a.shared / "bulk").is_dir():
        print(f"{a.shared / 'bulk'} not found (pass --shared)", file=sys.stderr)
        return 2
    ok = True
    with ProcessPoolExecutor(a.jobs) as pool:
        for name in a.only.split(","):
            t = time.perf_counter()
            if name == "labels":
                good = labels(a.shared, pool)
            else:
                good = {"judgments": judgments, "contracts": contracts}[name](a.shared / "bulk", pool)
            print(f"  {name}: {'ok' if good else 'FAILED'} in {time.perf_counter() - t:.1f} s")
            ok = ok and good
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
