"""The system of record.  Backends sit behind :class:`Store`; the embedded default is SQLite.

This package is the protocol and its value types; it imports nothing above it (no search, no versions, no
backend).  Opening a store by location is :func:`pincite.open.open_store`'s job, the one place that knows
every backend.  A backend that searches inside itself (PostgreSQL) returns its own indexes from
:meth:`Store.search_indexes`, typed by :class:`LexicalSearch` and :class:`DenseSearch` below; one that returns
None is searched by the embedded indexes :mod:`pincite.search` derives from it into files beside it.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from collections.abc import Iterable
from contextlib import AbstractContextManager
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import Any, Protocol

from pincite.types import Chunk, Chunker, Document, DocumentKind, SearchFilters

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
    """One stored document without its units (what :meth:`pincite.Pincite.documents` and ``versions`` list;
    ``pincite documents --json``'s rows)."""

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
    copies: tuple[str, ...] = ()  # ids of the other files of the same agreement (pincite.twins)
    copy_of: str | None = None  # the copy cited for them all, when this one is not it
    numbering: str | None = None  # the self-check's verdict on its labels (meta["numbering"])


class Store(Protocol):
    path: Path

    def put_document(self, doc: Document, chunks: Sequence[Chunk] = (), chunk_settings: str = "") -> PutOutcome: ...
    def replace_chunks(self, doc_id: str, chunker: Chunker, chunks: Sequence[Chunk], settings_key: str) -> None: ...
    def get_chunks(self, doc_id: str, chunker: Chunker = Chunker.STRUCTURAL) -> list[Chunk]: ...
    def get_setting(self, key: str) -> str | None: ...
    def set_setting(self, key: str, value: str) -> None: ...
    def exclusive(self, key: str) -> AbstractContextManager[None]:
        """Hold ``key`` against every other writer of the same database (other connections, threads and
        processes) across several of this store's writes — a read, a computation and the writes made from it,
        such as a work's in-force windows (:func:`pincite.ingest.refresh_work`).  SQLite holds one lock for
        every key (a nested call in the thread holding it passes through)."""
        ...
    def find_unchanged(self, source: str, sha256: str, parser: int | None = None) -> str | None:
        """The id of the stored document from ``source`` with this content (and, when ``parser`` is given,
        parsed by that parser version), or None."""
        ...
    def get_document(self, id_or_source: str) -> Document: ...
    def list_documents(self, kind: DocumentKind | None = None, work: str | None = None) -> list[DocumentSummary]: ...
    def delete_document(self, id_or_source: str) -> None: ...
    def set_in_force_windows(self, windows: Iterable[tuple[str, int, str | None, str | None]]) -> int: ...
    # twins: one agreement stored from two files (pincite.twins computes the prints and the groups)
    def contract_prints(self) -> list[tuple[str, str | None, str | None, bool]]:
        """``(doc id, fingerprint JSON or None, twin group or None, canonical)`` of every stored contract."""
        ...
    def set_contract_prints(self, rows: Sequence[tuple[str, str, str | None, bool]]) -> None:
        """Keep ``(doc id, fingerprint JSON, twin group or None, canonical)`` rows in one transaction (a row of a
        document no longer stored is left out)."""
        ...
    def counts(self) -> dict[str, int]: ...
    # vectors of embedded passage texts (pincite.search.dense writes them in committed batches)
    def get_embeddings(self, model: str, hashes: Sequence[str]) -> dict[str, bytes]:
        """The kept vectors (float32 bytes) of those of ``hashes`` embedded with ``model``, by hash."""
        ...
    def put_embeddings(self, model: str, vectors: Sequence[tuple[str, bytes]]) -> None:
        """Keep ``(text hash, float32 bytes)`` vectors of ``model``, all in one transaction."""
        ...
    def count_embeddings(self, model: str) -> int: ...
    # derived indexes (pincite.search) compare generations to tell they are stale
    def generation(self) -> int: ...
    def document_generations(self) -> tuple[int, dict[str, int]]: ...
    def get_chunks_by_id(self, chunk_ids: Sequence[str]) -> dict[str, tuple[Chunk, str]]: ...
    def store_id(self) -> str | None:
        """The store's random identity, which its embedded indexes record (None: it keeps none)."""
        ...
    def search_indexes(self, chunker: Chunker = Chunker.STRUCTURAL,
                       header: str = "title+path") -> "tuple[LexicalSearch, DenseSearch] | None":
        """(lexical, dense) indexes kept inside the store itself, or None: the embedded indexes of
        :mod:`pincite.search` are derived from it (files beside it)."""
        ...
    # evaluation runs ('pincite eval' records them; the web reader lists them)
    def record_eval_run(self, name: str, run: dict[str, Any]) -> None: ...
    def list_eval_runs(self, limit: int = 100) -> list[tuple[str, str]]:
        """(name, run record JSON) of the recorded runs, newest name first."""
        ...
    def get_eval_run(self, name: str) -> str | None: ...
    def close(self) -> None: ...
    def __enter__(self) -> "Store": ...
    def __exit__(self, *exc: object) -> None: ...


@dataclass(frozen=True, slots=True)
class ChangeSet:
    """What a derived index did (or must do) to match the store's generation."""

    generation: int
    remove: frozenset[str]  # doc ids whose rows go
    add: tuple[str, ...]  # doc ids whose rows are (re)written
    docs: dict[str, int]  # the store's documents and their generations

    @property
    def empty(self) -> bool:
        return not self.remove and not self.add


class LexicalSearch(Protocol):
    """What :class:`~pincite.search.retrieve.Retriever` calls on a lexical index (the embedded
    :class:`~pincite.search.lexical.LexicalIndex`, PostgreSQL's ``PgLexicalIndex``)."""

    #: a rebuild from the store is under way in this process (a search refuses meanwhile: IndexRebuilding)
    rebuilding: bool

    @property
    def path(self) -> Any: ...  # where the index is, for messages (a folder; the store for one kept in it)
    @property
    def generation(self) -> int | None: ...
    def is_stale(self, generation: int) -> bool: ...
    def check(self) -> Any:
        """None when the index has a committed state to search (its damage otherwise)."""
        ...
    def sync(self, store: Store, on_progress: Any = None, wait: float = ...) -> ChangeSet:
        """Bring the index up to date, waiting up to ``wait`` seconds for another process writing it."""
        ...
    def rank_documents(self, query: str, filters: SearchFilters,
                       limit: int = 20) -> list[tuple[str, float, str]]: ...
    def document_frequency(self, words: Sequence[str]) -> tuple[dict[str, int], int]: ...
    def search(self, query: str, filters: SearchFilters, limit: int, prior: dict[str, float] | None = None,
               drop_words: frozenset[str] = frozenset(),
               drop_boost: float = 0.0) -> list[tuple[str, float]]: ...


class DenseSearch(Protocol):
    """What the retriever calls on a dense index.  ``embedder`` is a :class:`pincite.search.embed.Embedder`
    (the search layer's type, which this layer cannot name)."""

    rebuilding: bool

    @property
    def path(self) -> Any: ...
    @property
    def generation(self) -> int | None: ...
    def is_stale(self, generation: int) -> bool: ...
    def check(self) -> Any: ...
    def sync(self, store: Store, embedder: Any, on_progress: Any = None, wait: float = ...,
             embed: bool = True) -> ChangeSet:
        """Bring the vectors up to date, embedding text never embedded before (``embed`` False: raise
        :class:`~pincite.errors.VectorsPending` instead, writing nothing); ``wait`` as the lexical index's."""
        ...
    def search(self, qvec: Any, filters: SearchFilters, limit: int,
               prior: dict[str, float] | None = None) -> list[tuple[str, float]]: ...


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
