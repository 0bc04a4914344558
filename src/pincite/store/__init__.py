"""The system of record.  Backends sit behind :class:`Store`; the embedded default is SQLite."""

from __future__ import annotations

import os
from collections.abc import Sequence
from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import Protocol

from pincite.types import Chunk, Chunker, Document, DocumentKind

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
    path: Path

    def put_document(self, doc: Document, chunks: Sequence[Chunk] = (), chunk_settings: str = "") -> PutOutcome: ...
    def replace_chunks(self, doc_id: str, chunker: Chunker, chunks: Sequence[Chunk], settings_key: str) -> None: ...
    def get_chunks(self, doc_id: str, chunker: Chunker = Chunker.STRUCTURAL) -> list[Chunk]: ...
    def get_setting(self, key: str) -> str | None: ...
    def set_setting(self, key: str, value: str) -> None: ...
    def find_unchanged(self, source: str, sha256: str, parser: int | None = None) -> str | None:
        """The id of the stored document from ``source`` with this content (and, when ``parser`` is given,
        parsed by that parser version), or None."""
        ...
    def get_document(self, id_or_source: str) -> Document: ...
    def list_documents(self, kind: DocumentKind | None = None, work: str | None = None) -> list[DocumentSummary]: ...
    def delete_document(self, id_or_source: str) -> None: ...
    def set_in_force_windows(self, windows: Iterable[tuple[str, int, str | None, str | None]]) -> int: ...
    # derived indexes (pincite.index) compare generations to tell they are stale
    def generation(self) -> int: ...
    def document_generations(self) -> tuple[int, dict[str, int]]: ...
    def get_chunks_by_id(self, chunk_ids: Sequence[str]) -> dict[str, tuple[Chunk, str]]: ...
    def close(self) -> None: ...


def lookup_keys(id_or_source: str) -> list[str]:
    """The keys a document asked for as ``id_or_source`` may be stored under, best first: the string itself (an
    id, an upload's name, a source as stored), then the path it names resolved once (the canonical source key
    of a file), then the spellings a store written before source keys were canonical may hold (absolute, or
    relative to the working directory).  The store looks each up by key, so finding a document, or finding
    that there is none, never resolves the paths of the stored documents (that grew with the store).  None
    for a string with a NUL character, which no id or path holds (and PostgreSQL cannot even compare)."""
    if "\0" in id_or_source:
        return []
    keys = [id_or_source]
    if id_or_source:
        try:
            real, absolute = os.path.realpath(id_or_source), os.path.abspath(id_or_source)
            keys += [real, absolute, os.path.relpath(real), os.path.relpath(absolute)]
        except (OSError, ValueError):  # an unreadable working directory; another drive (Windows)
            pass
    return list(dict.fromkeys(keys))


def best_match(id_or_source: str, keys: Sequence[str], rows: Iterable[Sequence[str]]) -> str | None:
    """Of the ``(id, source)`` rows found for :func:`lookup_keys`, the id of the best: the document whose id
    was given, else the one whose source is the earliest key."""
    rank = {k: i for i, k in enumerate(keys)}
    found = [(-1 if r[0] == id_or_source else rank.get(r[1], len(rank)), str(r[0])) for r in rows]
    return min(found)[1] if found else None


def is_store_url(location: object) -> bool:
    """Whether ``location`` names a PostgreSQL database (``postgresql://...`` or ``postgres://...``)."""
    return isinstance(location, str) and location.split("://", 1)[0] in ("postgresql", "postgres") \
        and "://" in location


#: Set by the command line's ``--store`` for the command it runs (None: not given).
STORE_OVERRIDE: str | None = None


def default_location() -> str | Path:
    """``--store`` if given, else ``$PINCITE_STORE`` (e.g. a ``postgresql://`` URL), else :func:`default_db_path`."""
    return STORE_OVERRIDE or os.environ.get("PINCITE_STORE") or default_db_path()


def open_store(location: str | os.PathLike[str] | None = None) -> Store:
    """Open the store at ``location``: a ``postgresql://`` URL opens the PostgreSQL store, anything else is a
    SQLite file path; None means ``$PINCITE_STORE``, else ``$PINCITE_DB``, else ``./pincite.db``."""
    if location is None:
        location = default_location()
    if is_store_url(location):
        from pincite.store.postgres import PostgresStore

        return PostgresStore(str(location))
    from pincite.store.sqlite import SQLiteStore

    return SQLiteStore(Path(location))
