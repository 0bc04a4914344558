"""One exception family; converted once at each edge (CLI exit code, HTTP JSON error)."""

from __future__ import annotations


class PinciteError(Exception):
    """Base of every error pincite raises on purpose.  The message says what happened and what to do."""


class ParseError(PinciteError):
    """A file could not be parsed.  Names the file and the reason."""

    def __init__(self, source: str, reason: str) -> None:
        self.source = source
        self.reason = reason
        super().__init__(f"{source}: {reason}")


class UnsupportedFormat(ParseError):
    """The format of a file could not be recognised (or is not one pincite reads)."""


class StoreError(PinciteError):
    """The store could not be opened or written."""


class NotFound(PinciteError):
    """A document, work or unit asked for is not in the store."""
