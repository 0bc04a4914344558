"""Statute label recall: the pinpoints the XML itself numbers, against the labels of the units pincite stores.

    .venv/bin/python bench/label_recall.py [--shared ../shared] [--missing]

Gold, from the XML (not from the parser):

* Justice Canada: every provision with a ``<Label>`` inside ``/Statute/Body`` (Section, Subsection, Paragraph,
  Subparagraph, Clause ...; headings and historical notes left out), named by its ancestors' labels, a
  definition's paragraphs by the defined term: ``3(1)(b)``, ``3 "personal information" (b)``.
* USLM: every section and level below it with a ``<num>`` inside ``<main>``, named by its ancestors' numbers; a
  section printed without a number is numbered by its place among its sibling sections (an older Act's
  enacting words are its section 1, as its own later sections cite it).

A gold label is found when a unit's label is the same after dropping "s."/"sec.", spaces and quotes.  Prints
recall per file and overall; ``--missing`` lists what was not found.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

from lxml import etree

from pincite.ingest import parse_file

USLM_LEVELS = ("section", "subsection", "paragraph", "subparagraph", "clause", "subclause", "item", "subitem")
CA_SKIP = {"HistoricalNote", "Heading", "MarginalNote", "Label", "Text", "DefinedTermEn", "DefinedTermFr"}


def norm(label: str) -> str:
    s = re.sub(r"^(?:s\.|sec\.|§)\s*", "", label.strip())
    return re.sub(r"[\s\"“”]", "", s).lower()


def local(el: etree._Element) -> str:
    return etree.QName(el).localname if isinstance(el.tag, str) else ""


def canada_gold(path: Path) -> list[str]:
    root = etree.parse(str(path), etree.XMLParser(resolve_entities=False, no_network=True)).getroot()
    body = next((c for c in root if local(c) == "Body"), None)
    out: list[str] = []

    def walk(el: etree._Element, prefix: str) -> None:
        for c in el:
            name = local(c)
            if not name or name in CA_SKIP:
                continue
            if name == "Definition":
                term = next((" ".join("".join(t.itertext()).split()) for t in c.iter("DefinedTermEn")), "")
                walk(c, f'{prefix} "{term}" ')
                continue
            lab = c.find("Label")
            if lab is not None and name != "Heading":
                label = re.sub(r"\s+", "", "".join(lab.itertext()))
                here = f"{prefix}{label}"
                out.append(here)
                walk(c, here)
            else:
                walk(c, prefix)

    if body is not None:
        walk(body, "")
    return out


def uslm_gold(path: Path) -> list[str]:
    root = etree.parse(str(path), etree.XMLParser(resolve_entities=False, no_network=True)).getroot()
    main = next((e for e in root.iter() if local(e) == "main"), None)
    out: list[str] = []

    def number(el: etree._Element, position: int) -> str | None:
        num = next((c for c in el if local(c) == "num"), None)
        if num is not None:
            t = " ".join("".join(num.itertext()).split())
            t = re.sub(r"^(?:SEC(?:TION)?|Sec(?:tion)?|§+)\.?\s*", "", t).strip().rstrip(".").strip()
            return t or num.get("value")
        return str(position) if local(el) == "section" else None

    def walk(el: etree._Element, prefix: str) -> None:
        position = 0
        for c in el:
            name = local(c)
            if name == "section":
                position += 1
            if name in USLM_LEVELS:
                n = number(c, position)
                if n is None:
                    walk(c, prefix)
                    continue
                if name != "section" and not n.startswith("("):
                    n = f"({n})"
                here = f"{prefix}{n}"
                out.append(here)
                walk(c, here)
            elif name and name not in ("num", "heading", "note", "notes", "sourceCredit", "toc"):
                walk(c, prefix)

    if main is not None:
        walk(main, "")
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--shared", default="../shared")
    ap.add_argument("--missing", action="store_true")
    args = ap.parse_args()
    corpus = Path(args.shared) / "corpus"
    if not corpus.is_dir():
        sys.exit(f"{corpus} not found: this benchmark reads the shared corpus")
    files = [(p, canada_gold) for p in sorted((corpus / "canada_justice_laws_xml").rglob("*.xml"))]
    files += [(p, uslm_gold) for p in sorted((corpus / "us_uslm" / "statute_compilations").glob("*.xml"))]
    total = found = 0
    for path, gold_of in files:
        gold = gold_of(path)
        doc = parse_file(str(path))
        have = {norm(u.label) for u in doc.units if u.label}
        missing = [g for g in gold if norm(g) not in have]
        total += len(gold)
        found += len(gold) - len(missing)
        print(f"{path.name:60s} {len(gold) - len(missing):5d}/{len(gold):5d} "
              f"{(len(gold) - len(missing)) / max(1, len(gold)):.3f}")
        if args.missing:
            for g in missing[:40]:
                print(f"    missing {g}")
    print(f"ALL {len(files)} files: {found}/{total} = {found / max(1, total):.4f}")


if __name__ == "__main__":
    main()
