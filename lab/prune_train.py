"""Prune the training data (issue 52, item 5): writer w2's templated statute questions beyond a few per frame,
and every question on a document ``../shared/RESERVED.md`` lists.

    .venv/bin/python -m lab.prune_train lab/data/train.jsonl lab/data/train_more.jsonl \\
        lab/data/multipart.jsonl --reserved ../shared/RESERVED.md

- **Templated frames.** Writer w2's 180 statute questions are nearly all nine fixed frames ("Our client asked
  who decides … -- what may X do?", "What power does X have under …", "what counts as a …", "What does X mean
  by …", a period, a penalty…) filled from an Act's captions: a ranker fitted on them learns the frame, not the
  question.  The first :data:`KEEP_PER_FRAME` of each frame (file order) stay; the rest are dropped.  A w2
  statute question in no frame stays.
- **Reserved documents.** Outside tests use the documents RESERVED.md lists; a training question naming one (a
  gold source, an alternative's source, a scope entry) is dropped.  Documents are matched by path and file
  name only: none is opened.

Each file keeps its header and gains a ``//`` line saying what was dropped and why; a file with nothing to
drop is left as it was.  Running it again drops nothing more.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import Counter
from pathlib import Path

#: how many questions of each templated frame stay (a few, so the frame is still seen, not learned)
KEEP_PER_FRAME = 4

#: writer w2's statute frames, each a pattern over the question's words
FRAMES: tuple[tuple[str, str], ...] = (
    ("who-decides", r"who decides .* what may"),
    ("what-power", r"^What power does .* have under"),
    ("can-act-on", r"^Can .* act on .* What exactly may it do"),
    ("allowed-to-do", r"what is .* allowed to do regarding"),
    ("counts-as", r"what counts as an? "),
    ("definition", r"(What does .* mean by|How is .* defined|define .*, and if so how|statutory definition"
                   r"|I keep seeing .* what does it actually cover)"),
    ("period", r"(I need the period|Is there a deadline or period|What is the time limit in"
               r"|what period applies under)"),
    ("penalty", r"(What penalties does .* provide on conviction|What's the penalty under)"),
    ("say-about-time", r"What does .* say about .* and what's the time frame"),
)


def frame(q: dict) -> str | None:
    """The w2 statute frame a question is written in (None: not w2's, not a statute, or no frame)."""
    if not str(q.get("id", "")).startswith("w2-") or q.get("kind") != "statute":
        return None
    for name, rx in FRAMES:
        if re.search(rx, q.get("question", ""), re.I):
            return name
    return None


def reserved_names(path: Path) -> set[str]:
    """The paths RESERVED.md lists as bullets (``canada_acts/current/U-3.xml``), matched as path suffixes."""
    out: set[str] = set()
    for line in path.read_text(encoding="utf-8").splitlines():
        m = re.match(r"^- (\S.*\.(?:xml|txt|pdf|html|docx))\s*$", line.strip())
        if m:
            rel = m.group(1)
            out.add(rel)
    return out


def names_reserved(q: dict, reserved: set[str]) -> bool:
    sources = set(q.get("scope") or [])
    for g in q.get("gold") or []:
        sources.add(g.get("source", ""))
        sources.update(a.get("source", "") for a in g.get("alternatives") or [])
    return any(s == r or s.endswith("/" + r) for s in sources for r in reserved)


def prune(path: Path, reserved: set[str]) -> tuple[int, int]:
    """Drop the templated duplicates and the reserved documents' questions from one file: how many of each."""
    lines = path.read_text(encoding="utf-8").splitlines()
    seen: Counter[str] = Counter()
    kept: list[str] = []
    dropped_frame = dropped_reserved = 0
    for line in lines:
        if not line.strip() or line.lstrip().startswith("//"):
            kept.append(line)
            continue
        q = json.loads(line)
        if names_reserved(q, reserved):
            dropped_reserved += 1
            continue
        f = frame(q)
        if f is not None:
            seen[f] += 1
            if seen[f] > KEEP_PER_FRAME:
                dropped_frame += 1
                continue
        kept.append(line)
    if dropped_frame or dropped_reserved:
        head = 0
        while head < len(kept) and kept[head].lstrip().startswith("//"):
            head += 1
        note = (f"// issue 52 (lab/prune_train.py): dropped {dropped_frame} of writer w2's templated statute "
                f"questions (kept the first {KEEP_PER_FRAME} of each of its nine frames) and "
                f"{dropped_reserved} on documents ../shared/RESERVED.md lists (outside tests use them).")
        kept.insert(head, note)
        path.write_text("\n".join(kept) + "\n", encoding="utf-8")
    return dropped_frame, dropped_reserved


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("files", nargs="+", type=Path)
    ap.add_argument("--reserved", type=Path, default=Path("../shared/RESERVED.md"))
    args = ap.parse_args(argv)
    reserved = reserved_names(args.reserved)
    if not reserved:
        print(f"{args.reserved}: no reserved file names found", file=sys.stderr)
        return 1
    for f in args.files:
        a, b = prune(f, reserved)
        print(f"{f}: {a} templated, {b} on reserved documents dropped")
    return 0


if __name__ == "__main__":
    sys.exit(main())
