"""Check every quote in this zoo's answer keys against its document's extracted text.

    PYTHONPATH=src /work/main/.venv/bin/python zoo/verify_keys.py [--dump DOC]

For each ``*.key.json`` under this folder, the document beside it (same stem) is read without pincite:

* .pdf: pypdfium2 page text, pages joined with a newline (``pages`` quotes are looked for on their own
  page, ``pdf_page`` where it differs from the printed number);
* .docx: python-docx paragraphs and table cells;
* .xml / .html / .htm: tags stripped (comments, processing instructions and <script>/<style> dropped),
  entities decoded; text nodes joined twice, once with a space at every tag boundary and once with nothing;
* .md / .txt: the raw text (UTF-8, or Windows-1252 where it is not UTF-8), and the text with Markdown
  emphasis and HTML tags removed.

Whitespace runs collapse to one space and curly quotes become straight before comparing. A quote counts as
found if it occurs in any of the extractions. Prints found/total per key and exits 1 if any quote is missing.
"""

from __future__ import annotations

import html
import json
import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
_QUOTES = str.maketrans({"\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"', "\u00a0": " ",
                         "\u2009": " ", "\u202f": " ", "\u2007": " ", "\u00ad": ""})


def norm(s: str) -> str:
    return re.sub(r"\s+", " ", s.translate(_QUOTES)).strip()


def _strip_markup(raw: str, sep: str) -> str:
    raw = re.sub(r"<!--.*?-->", " ", raw, flags=re.S)
    raw = re.sub(r"<\?.*?\?>", " ", raw, flags=re.S)
    raw = re.sub(r"<!\[CDATA\[(.*?)\]\]>", r"\1", raw, flags=re.S)
    raw = re.sub(r"<(script|style)\b.*?</\1\s*>", " ", raw, flags=re.S | re.I)
    raw = re.sub(r"<[^>]*>", sep, raw)
    return html.unescape(raw)


def pdf_pages(path: Path) -> list[str]:
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(str(path))
    try:
        return [doc[i].get_textpage().get_text_range() for i in range(len(doc))]
    finally:
        doc.close()


def extractions(path: Path) -> list[str]:
    suf = path.suffix.lower()
    if suf == ".pdf":
        return ["\n".join(pdf_pages(path))]
    if suf == ".docx":
        import docx

        d = docx.Document(str(path))
        parts = [p.text for p in d.paragraphs]
        for t in d.tables:
            for row in t.rows:
                for cell in row.cells:
                    parts.append(cell.text)
        return ["\n".join(parts)]
    data = path.read_bytes()
    try:
        raw = data.decode("utf-8")
    except UnicodeDecodeError:  # a legacy 8-bit file (Windows-1252 / Latin-1)
        raw = data.decode("cp1252", errors="replace")
    if suf in (".xml", ".html", ".htm"):
        return [_strip_markup(raw, " "), _strip_markup(raw, "")]
    plain = re.sub(r"<[^>]*>", "", raw)
    plain = re.sub(r"(\*\*|__|\*|`)", "", plain)
    return [raw, plain, re.sub(r"^\s{0,3}#+\s*", "", plain, flags=re.M)]


def document_for(key: Path) -> Path:
    stem = key.name[: -len(".key.json")]
    cands = [p for p in key.parent.iterdir()
             if p.name.startswith(stem + ".") and not p.name.endswith(".key.json")]
    if len(cands) != 1:
        raise SystemExit(f"{key}: expected one document beside it, found {[c.name for c in cands]}")
    return cands[0]


def check(key: Path) -> tuple[int, int, list[str]]:
    data = json.loads(key.read_text(encoding="utf-8"))
    doc = document_for(key)
    hays = [norm(t) for t in extractions(doc)]
    pages = [norm(t) for t in pdf_pages(doc)] if doc.suffix.lower() == ".pdf" else []
    found = total = 0
    missing: list[str] = []
    for section in ("units", "cross_references", "non_citable", "voices"):
        for item in data.get(section, []):
            q = item.get("quote") or item.get("text")
            total += 1
            if any(norm(q) in h for h in hays):
                found += 1
            else:
                missing.append(f"{section}: {q!r}")
    for item in data.get("pages", []):
        total += 1
        n = item["page"]
        idx = item.get("pdf_page", n) - 1
        if 0 <= idx < len(pages) and norm(item["quote"]) in pages[idx]:
            found += 1
        else:
            missing.append(f"pages: p.{n} (pdf page {idx + 1}) {item['quote']!r}")
    return found, total, missing


def main(argv: list[str]) -> int:
    if argv[:1] == ["--dump"]:
        for t in extractions(Path(argv[1]))[:1]:
            print(norm(t))
        return 0
    bad = 0
    for key in sorted(HERE.rglob("*.key.json")):
        found, total, missing = check(key)
        print(f"{found:3}/{total:<3} {key.relative_to(HERE)}")
        for m in missing:
            print("      MISSING", m)
        bad += len(missing)
    print("all quotes found" if not bad else f"{bad} quote(s) missing")
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
