"""Every unit of every file, as the parser (and the ingest's lint) reads it, one JSON line per document: the
before/after of a change to the parsers or to the legal language tables they read (issue 28, item 4).

    python bench/dump_units.py OUT.jsonl FILE_OR_FOLDER... [--every N]

It runs the path ``pincite ingest`` runs (``parse_bytes``, then the lint's warnings) without a store, so two runs
of it, before and after a change, diff unit by unit: label, kind, span, zone, author, role, role basis, voice, and
the document's citation, date and warnings.  ``--every N`` keeps every Nth file of each folder (a sample of bulk).
"""

from __future__ import annotations

import dataclasses
import enum
import json
import sys
from pathlib import Path
from typing import Any

from pincite.errors import PinciteError
from pincite.lint import lint_warnings
from pincite.parse import DOCUMENT_EXTENSIONS, parse_bytes


def plain(v: Any) -> Any:
    if isinstance(v, enum.Enum):
        return v.value
    if dataclasses.is_dataclass(v) and not isinstance(v, type):
        return {f.name: plain(getattr(v, f.name)) for f in dataclasses.fields(v)}
    if isinstance(v, (list, tuple)):
        return [plain(x) for x in v]
    if isinstance(v, dict):
        return {str(k): plain(x) for k, x in v.items()}
    return v


def files(args: list[str], every: int) -> list[Path]:
    out: list[Path] = []
    for a in args:
        p = Path(a)
        if p.is_dir():
            fs = sorted(f for f in p.rglob("*") if f.is_file() and f.suffix.lower() in DOCUMENT_EXTENSIONS)
            out += fs[::every]
        else:
            out.append(p)
    return out


def main(argv: list[str]) -> int:
    every = 1
    if "--every" in argv:
        i = argv.index("--every")
        every = int(argv[i + 1])
        argv = argv[:i] + argv[i + 2:]
    out, paths = argv[0], argv[1:]
    with open(out, "w", encoding="utf-8") as fh:
        for f in files(paths, every):
            rec: dict[str, Any] = {"source": str(f)}
            try:
                doc = parse_bytes(f.read_bytes(), str(f))
                rec.update(citation=doc.citation, date=doc.date, title=doc.title, kind=plain(doc.kind),
                           warnings=list(lint_warnings(doc)),
                           units=[{k: plain(getattr(u, k)) for k in ("ordinal", "kind", "label", "number",
                                   "char_start", "char_end", "zone", "citable", "author", "role", "role_basis",
                                   "section_path", "parent", "voice")} for u in doc.units])
            except PinciteError as e:
                rec["error"] = str(e)
            fh.write(json.dumps(rec, ensure_ascii=False) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
