"""Markdown documents (contracts and other numbered texts)."""

from __future__ import annotations

from pincite.parse import text
from pincite.types import ParsedDocument


def parse(data: bytes, source: str) -> ParsedDocument:
    return text.parse(data, source)
