"""The system of record.  Backends sit behind :class:`Store`; the embedded default is SQLite."""

from __future__ import annotations

import os
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import Protocol

from pincite.types import Document, DocumentKind

DEFAULT_DB = "pincite.db"


def default_db_path() -> Path:
    """``$PINCITE_DB`` if set, else ``./pincite.db`` in the current directory."""
    return Path(os.environ.get("PINCITE_DB") or DEFAULT_DB)


class PutOutcome(str, Enum):
    ADDED = "added"
    REPLACED = "replaced"  # same source, new content: the old document was replaced atomically
    UNCHANGED = "unchanged"


@dataclass(frozen=True, slots=True)
class DocumentSummary:
    id: str
    source: str
    kind: DocumentKind
    format: str
    title: str
    citation: str | None
    date: str | None
    work: str | None
    version_date: str | None
    units: int
    warnings: int


class Store(Protocol):
    def put_document(self, doc: Document) -> PutOutcome: ...
    def find_unchanged(self, source: str, sha256: str) -> str | None: ...
    def get_document(self, id_or_source: str) -> Document: ...
    def list_documents(self, kind: DocumentKind | None = None, work: str | None = None) -> list[DocumentSummary]: ...
    def delete_document(self, id_or_source: str) -> None: ...
    def close(self) -> None: ...


def open_store(location: str | os.PathLike[str] | None = None) -> Store:
    """Open the store at ``location`` (a SQLite file path; the default when None)."""
    from pincite.store.sqlite import SQLiteStore

    return SQLiteStore(Path(location) if location is not None else default_db_path())
