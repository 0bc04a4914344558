"""Contracts whose printed clause heading at a line start sits inside a unit labelled otherwise (issue 48).

A line that opens with a decimal clause number in the style its siblings are printed in ("6.4 OWNERSHIP OF
DELIVERABLES" among "6.1 SERVICES", "6.2 FEES") and a heading, that repeats a number kept before it or goes
back below one (6.4 after 6.5), and yet lies inside a unit whose number is not the one it prints, with more of
the body after it, is a clause folded into its neighbour.

    PYTHONPATH=src .venv/bin/python bench/contract_repeats.py [--list] [DIR]

Reserved files (../shared/RESERVED.md) are skipped.  Prints one line per affected contract, then the totals.
"""

from __future__ import annotations

import re
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from pincite.parse import parse_bytes
from pincite.parse.contract import heading_of
from pincite.types import DocumentKind, Zone

SHARED = Path(__file__).resolve().parents[1].parent / "shared"
_HEAD = re.compile(r"^[ \t]*((?:Section[ \t]+)?(\d{1,3}(?:\.\d{1,3}){0,3})(\.?))[ \t]+(?=[A-Z\"“])(.*)$",
                   re.M)


def reserved() -> set[str]:
    text = (Path("/work/shared/RESERVED.md")).read_text()
    return {m.group(1).split("/", 1)[1] for m in re.finditer(r"^- (cuad_v1_txt/.+)$", text, re.M)}


_CLAUSE_LABEL = re.compile(r"(?:cl|s)\. \d{1,3}(?:\.\d{1,3}){0,3}$")


def _value(number: str) -> tuple[int, ...] | None:
    m = re.fullmatch(r"(?:Section )?(\d{1,3}(?:\.\d{1,3}){0,3})\.?", number)
    return tuple(int(x) for x in m.group(1).split(".")) if m else None


def folded(path: str) -> tuple[str, list[tuple[str, str]]] | None:
    doc = parse_bytes(Path(path).read_bytes(), path)
    if doc.kind != DocumentKind.CONTRACT:
        return None
    body = [u for u in doc.units if u.zone == Zone.BODY and u.number]
    shapes = {(len(u.number.rstrip(".").split(".")), u.number.endswith("."), u.number.startswith("Section"))
              for u in body if re.fullmatch(r"(?:Section )?\d{1,3}(?:\.\d{1,3}){0,3}\.?", u.number)}
    out = []
    for m in _HEAD.finditer(doc.text):
        num, tok, dot, rest = m.group(1), m.group(2), m.group(3), m.group(4)
        shape = (len(tok.split(".")), bool(dot), num.startswith("Section"))
        if shape not in shapes or heading_of(rest) is None:
            continue
        at = m.start(1)
        inner = [u for u in body if u.char_start <= at < u.char_end]
        if not inner:
            continue
        u = max(inner, key=lambda x: x.char_start)
        if u.char_start == at:
            continue
        v = tuple(int(x) for x in tok.split("."))
        before = [_value(x.number) for x in body if x.char_start < at]
        if not any(w is not None and len(w) == len(v) and w[:-1] == v[:-1] and w >= v for w in before):
            continue  # not a repeat nor a step back: another shape (an attachment's own list, a jump)
        if not any(x.char_start > at and _CLAUSE_LABEL.match(x.label) for x in body):
            continue  # nothing of the body after it: an attachment printed without its heading
        out.append((num, u.label))
    return (path, out) if out else None


def main(argv: list[str]) -> None:
    show = "--list" in argv
    args = [a for a in argv if not a.startswith("--")]
    folder = Path(args[0]) if args else SHARED / "bulk" / "cuad_v1_txt"
    skip = reserved()
    files = sorted(str(p) for p in folder.glob("*.txt") if p.name not in skip)
    with ProcessPoolExecutor(2) as pool:
        found = [r for r in pool.map(folded, files, chunksize=8) if r]
    total = 0
    for path, hits in found:
        total += len(hits)
        print(f"{len(hits):3d}  {Path(path).name}")
        if show:
            for num, label in hits:
                print(f"       {num!r} inside {label}")
    print(f"{len(files)} files, {len(found)} contracts with a folded heading, {total} headings")


if __name__ == "__main__":
    main(sys.argv[1:])
