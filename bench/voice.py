"""Issue 26: how many quoted spans the document model finds in the judgments of corpus/ and bulk/, by kind of
source, and two random samples to read by hand: 30 quotations found (precision) and 30 paragraphs with none
(recall: quotations missed).

    .venv/bin/python bench/voice.py [--shared ../shared] [--seed 26] [--samples 30] [--out /tmp/voice_sample.txt]

Parses the files (no store); prints the counts and writes the samples, each with its document, label, the
quoted words and the signal that found them, for a reader to mark.
"""

from __future__ import annotations

import argparse
import random
import re
import sys
import time
from collections import Counter
from pathlib import Path

from pincite.errors import PinciteError
from pincite.parse import parse_bytes
from pincite.types import DocumentKind, UnitKind, Zone


def judgment_files(shared: Path) -> list[Path]:
    out = sorted((shared / "corpus" / "uk_find_case_law").rglob("*.xml"))
    out += sorted((shared / "corpus" / "pdf_judgments").glob("*.pdf"))
    out += sorted((shared / "bulk" / "ewca_civ_2020_akn").glob("*.xml"))
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--shared", type=Path, default=Path(__file__).resolve().parents[1] / ".." / "shared")
    ap.add_argument("--seed", type=int, default=26)
    ap.add_argument("--samples", type=int, default=30)
    ap.add_argument("--out", type=Path, default=Path("/tmp/voice_sample.txt"))
    args = ap.parse_args(argv)
    t0 = time.perf_counter()
    kinds: Counter[str] = Counter()
    signals: Counter[str] = Counter()
    found: list[tuple[str, str, str, str, str]] = []  # doc, label, kind/source, words, basis
    plain: list[tuple[str, str, str]] = []
    docs = judgments = units_quoted = reasons_units = 0
    quoting_below: Counter[str] = Counter()
    for path in judgment_files(args.shared):
        try:
            doc = parse_bytes(path.read_bytes(), path.name)
        except PinciteError as e:
            print(f"{path.name}: {e}", file=sys.stderr)
            continue
        docs += 1
        if doc.kind is not DocumentKind.JUDGMENT:
            continue
        judgments += 1
        for u in doc.units:
            if u.zone is not Zone.REASONS or u.kind is UnitKind.HEADING or u.voice is None:
                continue
            reasons_units += 1
            v = u.voice
            if v.quoted and v.quotation is not None:
                units_quoted += 1
                if u.parent is not None and doc.units[u.parent].voice is not None \
                        and doc.units[u.parent].voice.spans:
                    continue  # counted once, as its holder's span
                qs = [v.quotation]
            else:
                qs = list(v.spans)
            for q in qs:
                kinds[q.kind.value] += 1
                signals[re.sub(r"\[?\d+\]?", "N", q.basis.split(", introduced")[0])[:70]] += 1
                if q.kind.value == "lower-court":
                    quoting_below[path.name] += 1
                found.append((path.name, u.label or f"unit {u.ordinal}", f"{q.kind.value}: {q.source}"
                              f"{' at ' + q.source_pinpoint if q.source_pinpoint else ''}",
                              doc.text[q.char_start:q.char_end][:300].replace("\n", " / "), q.basis[:200]))
            if not v.quoted and not v.spans and u.kind is UnitKind.PARAGRAPH:
                plain.append((path.name, u.label or "", doc.text[u.char_start:u.char_end][:1200]))
    took = time.perf_counter() - t0
    print(f"{docs} documents parsed ({judgments} judgments) in {took:.0f}s; {reasons_units} units of reasons, "
          f"{units_quoted} quoted as a whole")
    print(f"quoted spans found: {sum(kinds.values())}; numbered paragraphs with none: {len(plain)}")
    for k, n in kinds.most_common():
        print(f"  {k:12} {n}")
    print("by signal:")
    for k, n in signals.most_common():
        print(f"  {n:6}  {k}")
    print("judgments quoting a court below most:", ", ".join(f"{k} ({n})" for k, n in quoting_below.most_common(8)))
    rng = random.Random(args.seed)
    with args.out.open("w", encoding="utf-8") as f:
        f.write("== quotations found (mark each: right / wrong; and whether the kind is right)\n\n")
        for i, (name, label, ks, words, basis) in enumerate(rng.sample(found, min(args.samples, len(found))), 1):
            f.write(f"F{i}. {name} {label} [{ks}]\n    {words}\n    basis: {basis}\n\n")
        f.write("== paragraphs with no quotation found (mark each: a quotation missed?)\n\n")
        for i, (name, label, text) in enumerate(rng.sample(plain, min(args.samples, len(plain))), 1):
            f.write(f"U{i}. {name} {label}\n    {text}\n\n")
    print(f"samples -> {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
