"""Defective clause labels in the plain-text contracts (issue 52): parse every CUAD text contract in
../shared/bulk (the reserved ones skipped) and the corpus's contracts, and count

* ``dot``: a label that starts with "." or "(" — a lettered item whose parent was lost (".A", "(b)");
* ``dup``: a label with a " #N" suffix — a second item of that name, numbered by occurrence because its
  parent was lost or wrong;
* ``restart``: a top-level lettered or bracketed item (no parent) whose letter or number starts again at 1
  after an earlier top-level item of the same style ("A." ... "A."): a sequence restarting under no parent;
* ``artitem``: a lettered or bracketed item directly under an Article that has no numbered section of its own,
  in a document whose other Articles have numbered sections (ARTICLE III / "Section 3.01 Termination." lost, its
  "(a)" read as Art. III(a));
* ``runin``: a section number printed after an Article's heading on the heading's line ("ARTICLE VIII
  CONFIDENTIALITY 8.1 Unless …", "ARTICLE 5 – PAYMENT Section 5.1 Fees.") that starts no unit.

    python lab/label_audit.py [--dump FILE] [--examples N] [--limit N]

``--dump`` writes every contract's labels, one unit a line (file, ordinal, label, parent's label, first
words), to compare two commits' parses line by line.  Run from a checkout with ``PYTHONPATH=src``: the figures
are that checkout's parser."""

from __future__ import annotations

import argparse
import re
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

SHARED = Path("/work/shared")
BULK = SHARED / "bulk" / "cuad_v1_txt"
CORPUS = SHARED / "corpus" / "contracts_cuad"

#: an Article's heading line: its heading words, then a section number whose first part may be the Article's
_RUNIN = re.compile(r"^(?:ARTICLE|Article)\s+[IVXLC\d]+[.:]?[ \t]*(?:[-–—:][ \t]*)?[A-Z][^\n]{0,100}?[ \t]"
                    r"((?:Section|SECTION)[ \t]+)?(\d{1,3})\.(\d{1,3})\.?[ \t]+[A-Z\"“]")

#: a unit's printed number that is a single letter, roman numeral or bracketed item: "A.", "(b)", "iv)", "(1)"
_SINGLE = re.compile(r"^\(?([A-Za-z]{1,2}|[ivxlcIVXLC]{1,6}|\d{1,2})[.)]?$")


def reserved() -> set[str]:
    text = (SHARED / "RESERVED.md").read_text(encoding="utf-8")
    return {m.group(1).strip() for m in re.finditer(r"^- (.+)$", text, re.M)}


def contracts() -> list[Path]:
    skip = reserved()
    out = [p for p in sorted(BULK.glob("*.txt")) if f"cuad_v1_txt/{p.name}" not in skip]
    for sub in ("txt", "pdf"):
        out += sorted((CORPUS / sub).glob("*.*"))
    return out


def _style(number: str) -> tuple[str, int] | None:
    """A single-valued number's style and value ("A." -> ("A.", 1), "(c)" -> ("(a)", 3)); None otherwise."""
    m = _SINGLE.match(number.strip())
    if not m:
        return None
    tok = m.group(1)
    shape = ("(" if number.startswith("(") else "") + ("." if number.endswith(".") else ")" if
                                                        number.endswith(")") else "")
    if tok.isdigit():
        return f"digit{shape}", int(tok)
    if len(tok) == 1:
        return f"{'upper' if tok.isupper() else 'lower'}{shape}", ord(tok.lower()) - 96
    return None  # (a roman numeral of two or more letters: "ii" restarts nothing)


def audit(path: Path) -> dict:
    from pincite.parse import parse_bytes

    try:
        doc = parse_bytes(path.read_bytes(), str(path))
    except Exception as e:  # (a file the parser refuses is reported, not counted)
        return {"file": path.name, "error": f"{type(e).__name__}: {e}", "rows": [], "dot": [], "dup": [],
                "restart": [], "artitem": [], "runin": []}
    rows, dot, dup, restart, artitem, runin = [], [], [], [], [], []
    by_ordinal = {u.ordinal: u for u in doc.units}
    seen: dict[str, int] = {}
    for u in doc.units:
        label = u.label or ""
        parent = by_ordinal[u.parent].label if u.parent is not None else None
        words = " ".join(doc.text[u.char_start:u.char_end].split())[:50]
        rows.append(f"{path.name}\t{u.ordinal}\t{label}\t{parent}\t{words}")
        if u.kind.value not in ("clause", "subclause", "part"):
            continue
        if label.startswith((".", "(")):
            dot.append(f"{label!r} {words[:40]!r}")
        if re.search(r" #\d+", label):
            dup.append(f"{label!r} {words[:40]!r}")
        st = _style(u.number or "") if u.parent is None else None
        if st is not None:
            style, value = st
            if value == 1 and style in seen:
                restart.append(f"{label!r} {words[:40]!r}")
            seen[style] = value
    artitem, runin = _article_shapes(doc, by_ordinal)
    return {"file": path.name, "format": doc.format.value, "kind": doc.kind.value, "rows": rows, "dot": dot,
            "dup": dup, "restart": restart, "artitem": artitem, "runin": runin}


def _article_value(number: str) -> int | None:
    from pincite.parse.contract import roman_value

    tok = number.split()[-1].rstrip(".:") if number.split() else ""
    return int(tok) if tok.isdigit() else roman_value(tok) if tok.isupper() else None


def _article_shapes(doc, by_ordinal) -> tuple[list[str], list[str]]:
    """The ``artitem`` and ``runin`` shapes (see the module's docstring)."""
    arts = [u for u in doc.units if u.kind.value == "part" and (u.number or "").lower().startswith("article")]
    if not arts:
        return [], []
    art_ids = {u.ordinal for u in arts}
    sections: dict[int, int] = {}  # Article -> its numbered sections (decimal numbers directly under it)
    for u in doc.units:
        if u.parent in art_ids and re.search(r"\d\.\d", u.number or ""):
            sections[u.parent] = sections.get(u.parent, 0) + 1
    artitem, runin = [], []
    if sections:
        for u in doc.units:
            if u.parent in art_ids and u.parent not in sections and _style(u.number or "") is not None:
                words = " ".join(doc.text[u.char_start:u.char_end].split())[:40]
                artitem.append(f"{u.label!r} {words!r}")
    starts = {u.char_start for u in doc.units}
    for a in arts:
        end = doc.text.find("\n", a.char_start)
        line = doc.text[a.char_start:end if end >= 0 else len(doc.text)]
        m = _RUNIN.match(line)
        if m and int(m.group(2)) == _article_value(a.number or "") \
                and a.char_start + m.start(1 if m.group(1) else 2) not in starts:
            runin.append(f"{a.label!r} {' '.join(line.split())[:60]!r}")
    return artitem, runin


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--dump", help="write every unit's label here")
    ap.add_argument("--examples", type=int, default=8)
    ap.add_argument("--limit", type=int, default=0, help="only the first N files (a quick look)")
    ap.add_argument("--workers", type=int, default=2)
    args = ap.parse_args(argv)
    files = contracts()
    if args.limit:
        files = files[:args.limit]
    with ProcessPoolExecutor(args.workers) as pool:
        results = list(pool.map(audit, files, chunksize=4))
    if args.dump:
        with open(args.dump, "w", encoding="utf-8") as f:
            for r in results:
                f.write("\n".join(r["rows"]) + ("\n" if r["rows"] else ""))
    errors = [r for r in results if "error" in r]
    contracts_n = sum(1 for r in results if r.get("kind") == "contract")
    print(f"files {len(results)}  contracts {contracts_n}  errors {len(errors)}")
    for key in ("dot", "dup", "restart", "artitem", "runin"):
        docs = [r for r in results if r[key]]
        print(f"{key:8s} labels {sum(len(r[key]) for r in results):5d}  documents {len(docs):4d}")
        for r in docs[:args.examples]:
            print(f"    {r['file'][:60]}: {len(r[key])}, e.g. {r[key][0]}")
    for r in errors[:args.examples]:
        print(f"error {r['file']}: {r['error']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
