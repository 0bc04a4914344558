"""Assemble lab/data/train.jsonl (issue 27, item 1) from the writers' parts, disjoint from the held-out set.

    .venv/bin/python -m lab.make_train /work/train_parts/judgments.jsonl \\
        /work/train_parts/statutes_contracts.jsonl --out lab/data/train.jsonl

A part may be an earlier lab/data/train.jsonl (to add new writers' parts to it): its parts' own header lines are kept
as they were, and so are its notes on what was done to it since (``lab/adjudicate.py``'s alternatives,
corrected entries), after every part's lines; its questions pass the same rule again.

Disjointness rule: a question is dropped when any document it names (a gold source, an alternative's source or a
scope entry) is a document named anywhere in eval/heldout.jsonl; questions whose id repeats are dropped after the
first.  The parts' own ``//`` header lines are kept under the file's header so each writer's method stays stated.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path


#: the lines of the header this script writes before the parts' own lines
GENERATED = 6
HEADER = ["// Training questions for pincite's answerer (issue 27, item 1). Tune on these and eval/dev.jsonl; never on"]


def _sources(q: dict) -> set[str]:
    out = set(q.get("scope") or [])
    for g in q.get("gold") or []:
        out.add(g["source"])
        out.update(a["source"] for a in g.get("alternatives") or [])
    return out


def _lines(path: Path) -> tuple[list[str], list[dict]]:
    head, rows = [], []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("//"):
            head.append(line)
        elif line.strip():
            try:
                rows.append(json.loads(line))
            except json.JSONDecodeError:
                print(f"{path}: a line is not JSON (skipped, likely being written): {line[:60]}", file=sys.stderr)
    return head, rows


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("parts", nargs="+")
    ap.add_argument("--heldout", default="eval/heldout.jsonl")
    ap.add_argument("--out", required=True)
    args = ap.parse_args(argv)
    held: set[str] = set()
    for q in _lines(Path(args.heldout))[1]:
        held |= _sources(q)
    heads, notes, kept, seen, dropped, names = [], [], [], set(), 0, []
    counts: dict[str, int] = {}
    for part in args.parts:
        p = Path(part)
        if not p.exists():
            print(f"{p}: no such part (skipped)", file=sys.stderr)
            continue
        head, rows = _lines(p)
        if head and head[0].startswith(HEADER[0]):  # an earlier lab/data/train.jsonl: its parts' own lines, as they were
            heads += [h for h in head if h.startswith("// [")]
            # and its notes on what was done to it since (alternatives added, entries corrected), kept last
            notes += [h for h in head[GENERATED:] if not h.startswith("// [")]
            names += sorted({h[4:h.index("]")] for h in head if h.startswith("// [")})
        else:
            heads += [f"// [{p.name}] {h[2:].strip()}" for h in head]
            names.append(p.name)
        for q in rows:
            if q["id"] in seen or _sources(q) & held:
                dropped += 1
                continue
            seen.add(q["id"])
            kept.append(q)
            counts[q.get("kind", "?")] = counts.get(q.get("kind", "?"), 0) + 1
    writers = sorted({str(q.get("writer", "?")) for q in kept})
    header = [
        HEADER[0],
        "// eval/heldout.jsonl. Made by lab/make_train.py from parts written by helper sessions reading documents",
        f"// in ../shared (writers: {', '.join(writers)}; parts: {', '.join(names)}).",
        "// Disjointness rule: a question naming any document (gold, alternative or scope source) that",
        f"// eval/heldout.jsonl names is dropped ({dropped} dropped, duplicates included). Sources are relative to the",
        f"// shared root. {len(kept)} questions; by kind: "
        + ", ".join(f"{k} {v}" for k, v in sorted(counts.items())) + ".",
    ]
    assert len(header) == GENERATED
    header += heads + notes
    Path(args.out).write_text("\n".join(header + [json.dumps(q, ensure_ascii=False) for q in kept]) + "\n",
                              encoding="utf-8")
    print(f"wrote {args.out}: {len(kept)} questions, {dropped} dropped; {counts}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
