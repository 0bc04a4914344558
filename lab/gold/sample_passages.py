"""Passages for claim–quote pairs (issue 49): citable units of ../shared/bulk, sampled with a fixed seed, that a
claim could restate or contradict — a judgment's reasons, an Act's provisions, a contract's clauses, each of 25 to
90 words holding a modal, a negation, a figure or a party. Writers are given these and write their pairs on them.

    PYTHONPATH=src python -m lab.gold.sample_passages ../shared OUT.jsonl [--per-kind 30] [--seed 49]
                                                         [--avoid EARLIER.jsonl ...]

Documents listed in ../shared/RESERVED.md, and documents any question of eval/heldout.jsonl names, are never
sampled. Each --avoid file (repeatable) is an earlier sample: its documents are not sampled again while a kind has
unsampled documents left, and its units never are (a kind whose documents are all used falls back to their other
units, and the count of such passages is printed).
"""

from __future__ import annotations

import json
import random
import re
import sys
from pathlib import Path

from pincite.errors import PinciteError
from pincite.ingest import parse_file

SETS = {"judgment": "bulk/ewca_civ_2020_akn", "statute": "bulk/canada_acts/current", "contract": "bulk/cuad_v1_txt"}
#: What makes a passage one a claim can get wrong: who must or may act, a negation, a figure, a party's role.
SIGNAL = re.compile(r"\b(shall|must|may|not|no|never|without|unless|except|subject to|at least|within|days?|"
                    r"months?|years?|per cent|percent|appellant|respondent|claimant|defendant|licensee|licensor|"
                    r"company|party|minister|court)\b|\d", re.I)


def reserved(shared: Path) -> set[str]:
    return {line[2:].strip() for line in (shared / "RESERVED.md").read_text().splitlines()
            if line.startswith("- ") and "/" in line}


def heldout_documents() -> set[str]:
    path = Path(__file__).resolve().parents[2] / "eval" / "heldout.jsonl"
    text = path.read_text(encoding="utf-8") if path.exists() else ""
    return set(re.findall(r"[\w.-]+\.(?:xml|txt|pdf)", text))


def main() -> int:
    shared, out = Path(sys.argv[1]), Path(sys.argv[2])
    per_kind = int(sys.argv[sys.argv.index("--per-kind") + 1]) if "--per-kind" in sys.argv else 30
    seed = int(sys.argv[sys.argv.index("--seed") + 1]) if "--seed" in sys.argv else 49
    rng = random.Random(seed)
    skip = reserved(shared)
    held = heldout_documents()
    used: set[str] = set()
    used_units: set[tuple[str, str]] = set()
    for i, arg in enumerate(sys.argv):  # earlier samples: a fresh set shares none of their documents if it can
        if arg == "--avoid":
            for line in Path(sys.argv[i + 1]).read_text(encoding="utf-8").splitlines():
                if line.strip():
                    row = json.loads(line)
                    used.add(Path(row["source"]).name)
                    used_units.add((Path(row["source"]).name, row["label"]))
    rows = []
    reused = 0
    for kind, folder in SETS.items():
        files = sorted(p for p in (shared / folder).iterdir() if p.is_file())
        files = [p for p in files if not any(str(p).endswith(r) for r in skip) and p.name not in held]
        rng.shuffle(files)
        files = [p for p in files if p.name not in used] + [p for p in files if p.name in used]
        got = 0
        for path in files:
            if got >= per_kind:
                break
            try:
                doc = parse_file(str(path))
            except PinciteError:
                continue
            units = [u for u in doc.units if u.citable and u.label and not any(
                v.parent == u.ordinal for v in doc.units)]
            units = [u for u in units if 25 <= len(doc.unit_text(u).split()) <= 90
                     and len(SIGNAL.findall(doc.unit_text(u))) >= 2
                     and (path.name, u.label) not in used_units]
            if not units:
                continue
            u = rng.choice(units)
            rows.append({"id": f"p{len(rows) + 1:03d}", "kind": kind, "source": str(path.relative_to(shared)),
                         "title": doc.title, "label": u.label, "text": " ".join(doc.unit_text(u).split())})
            got += 1
            reused += path.name in used
    out.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")
    print(f"{len(rows)} passages -> {out} ({reused} from documents an earlier sample used, other units)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
