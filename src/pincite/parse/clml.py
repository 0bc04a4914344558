"""legislation.gov.uk's Crown Legislation Markup Language (CLML): UK Acts and SIs, retained EU legislation."""

from __future__ import annotations

from pincite.errors import UnsupportedFormat
from pincite.types import ParsedDocument


def parse(data: bytes, source: str) -> ParsedDocument:
    raise UnsupportedFormat(source, "legislation.gov.uk XML (CLML) is not read yet")
