"""Plain text, and the text analysis other parsers reuse (contract clauses, numbered paragraphs).

``analyse_text(text, source)`` finds the structure of a text that is already canonical (the PDF
parser calls it on the text it built); ``parse(data, source)`` decodes a plain-text file and runs it.
Every span points into the text passed in: nothing is searched for afterwards.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from pincite.types import DocumentKind, Format, ParsedDocument, Unit, UnitKind, Zone


@dataclass(frozen=True, slots=True)
class TextAnalysis:
    """The structure found in one text: units whose spans point into that text."""

    kind: DocumentKind  # CONTRACT when numbered clauses were found, else OTHER
    title: str
    units: tuple[Unit, ...]  # spans into the text passed in; ordinals 0..n-1; parents set
    warnings: tuple[str, ...]
    date: str | None  # ISO date if the document states one clearly


_BLOCK = re.compile(r"[^\n]*\S[^\n]*(?:\n[^\n]*\S[^\n]*)*")


def analyse_text(text: str, source: str) -> TextAnalysis:
    """Find the units of ``text``: numbered clauses when there are any, else paragraphs by order."""
    units = []
    for m in _BLOCK.finditer(text):
        start, end = m.start(), m.end()
        while start < end and text[start].isspace():
            start += 1
        while end > start and text[end - 1].isspace():
            end -= 1
        n = len(units)
        units.append(Unit(ordinal=n, kind=UnitKind.BLOCK, char_start=start, char_end=end, zone=Zone.BODY,
                          citable=True, label=f"¶{n + 1}"))
    title = text[units[0].char_start:units[0].char_end][:200] if units else ""
    warnings = ("no numbered clauses or paragraphs found: pinpoints are by paragraph order (¶N)",) if units else ()
    return TextAnalysis(kind=DocumentKind.OTHER, title=title, units=tuple(units), warnings=warnings, date=None)


def parse(data: bytes, source: str) -> ParsedDocument:
    """Parse a plain-text file (UTF-8; other encodings are detected with a warning)."""
    text = data.decode("utf-8")
    a = analyse_text(text, source)
    return ParsedDocument(format=Format.TEXT, kind=a.kind, title=a.title, text=text, units=a.units,
                          date=a.date, warnings=a.warnings)
