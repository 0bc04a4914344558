"""A lawyer's draft (a memo, a brief, an opinion) as plain text, for ``pincite check``.

Unlike the other parsers this returns no units: a draft is not stored, only read for its citations, and the
offsets a check reports are offsets into the text returned here.  ``.txt``/``.md`` are decoded, markdown emphasis
markers removed (:func:`strip_emphasis`);
``.html`` gives its visible blocks (the reader's own extraction, :mod:`pincite.parse.html`); ``.docx`` the
canonical text of the Word reader (:mod:`pincite.parse.docx`: Word's list numbering rendered, so a draft's numbered
paragraphs keep their numbers); ``.pdf`` the canonical text of the PDF reader (:mod:`pincite.parse.pdf`: running
headers and page numbers removed).  Both binary formats are read in :mod:`pincite.parse.sandbox`'s worker process,
under the memory and time limits ingest gives a file.
"""

from __future__ import annotations

import re
from pathlib import Path

from pincite.errors import ParseError, UnsupportedFormat
from pincite.parse.sandbox import parse_limited
from pincite.parse.text import decode_text
from pincite.types import Format

#: The draft formats read, by file extension.
DRAFT_SUFFIXES = (".txt", ".md", ".markdown", ".text", ".html", ".htm", ".docx", ".pdf")


def _html(data: bytes) -> str:
    from selectolax.lexbor import LexborHTMLParser

    from pincite.parse.html import extract_blocks

    tree = LexborHTMLParser(data.decode("utf-8", errors="replace"))
    root = tree.body or tree.root
    if root is None:
        return ""
    return "\n\n".join(b.text for b in extract_blocks(root) if b.text.strip())


def _docx(data: bytes, source: str) -> str:
    # in the memory- and time-limited worker ingest parses with: a zip bomb or a PDF bomb sent as a draft once
    # got the server killed for its memory (issue 31)
    return parse_limited(data, source, Format.DOCX).text


def _pdf(data: bytes, source: str) -> str:
    return parse_limited(data, source, Format.PDF).text


#: Markdown emphasis (``*Ipek v Koza Altin*``, ``**To:**``, ``_id._``): the markers are typing, not the draft's words,
#: and left in they end up inside a case name.  The opening marker must be followed by a word, a bracket or a quote,
#: so a blank for a page not yet known ("569 U. S. ___, slip op.") and a list bullet ("* item") are left alone.
EMPHASIS = re.compile(r"(?<![\w*_\\])(?P<m>\*{1,3}|_{1,3})(?=[\w\[(\"“‘'])(?P<body>[^\n]*?[^\s*_\\])(?P=m)(?![\w*])")


def strip_emphasis(text: str) -> str:
    """``text`` without markdown emphasis markers (the words between them kept)."""
    prev = None
    while prev != text:  # "***x***" and "**_x_**": one layer a pass
        prev, text = text, EMPHASIS.sub(lambda m: m.group("body"), text)
    return text


def read_draft(data: bytes, source: str) -> str:
    """The text of a draft; the format is read from ``source``'s extension (a name without one is plain text).
    Raises :class:`ParseError` naming the file for an empty, unreadable or unsupported file."""
    if not data:
        raise ParseError(source, "empty file (0 bytes)")
    suffix = Path(source).suffix.lower()
    if suffix in (".html", ".htm"):
        return _html(data)
    if suffix == ".docx":
        return _docx(data, source)
    if suffix == ".pdf" or data[:5] == b"%PDF-":
        return _pdf(data, source)
    if suffix in ("", ".txt", ".md", ".markdown", ".text"):
        if b"\x00" in data[:4096]:
            raise UnsupportedFormat(source, "binary file: a draft must be .txt, .md, .html, .docx or .pdf")
        text, _warnings = decode_text(data, source)
        return strip_emphasis(text)
    raise UnsupportedFormat(source, f"{suffix} is not a draft format pincite reads "
                                    f"({', '.join(DRAFT_SUFFIXES)})")
