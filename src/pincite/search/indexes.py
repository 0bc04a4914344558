"""The retrieval indexes: a lexical one (tantivy) and a dense one (numpy vectors), both derived from the store.

They live beside the SQLite database in ``<db>.index/`` (``lexical/`` and ``dense/``).  Each records the store
generation it was built from and the generation of every document in it; :func:`sync_lexical` /
:func:`sync_dense` compare that with the store and re-index only the documents that changed (a missing or
unreadable index is rebuilt from the store; it is never answered from).

Every indexed row is one structural chunk with what retrieval filters on, so filters run *inside* the search:
citability, document kind, source, work, document id, and a validity window ``[valid_from, valid_to)`` that
is the chunk's in-force window narrowed to its version's window (a version of a work speaks from its date
until the next version's).  Searchable text is the chunk text, the document's title, citation, source name
and opening words (who the parties are), and the chunk's section path and labels.

Dense files (no pickle): ``dense/CURRENT`` names the live folder ``dense/g<N>/`` holding ``vectors.npy``
(float32, memory-mapped), ``rows.npz`` (int arrays: document index, citable, valid_from, valid_to) and
``params.json`` (model, chunk ids, text hashes, documents).  A new folder is written in full, then CURRENT is
replaced atomically, so a crash leaves the old index or the new one, never half of one.

**Healing.**  The indexes are derived: whatever goes wrong with them, the store can say again what they hold.
Before a search, each index is checked (:meth:`LexicalIndex.check`, :meth:`DenseIndex.check`): in full the
first time a process looks at it and whenever a file of it changed on disk since (each file's size, times and
inode; tantivy's own footer checksums, and the CRC-32 of each dense file recorded in ``params.json``), and a
stat of each file otherwise.  An index that is damaged (a file garbled, emptied or overwritten in part), that
cannot be opened or read, or that was built from another store (each records the store's random id,
``store.id`` in its settings, so an index folder copied from elsewhere is never used) is rebuilt from the
store, and a warning says so (logger ``pincite.index``: a line on stderr from the command line and from
``pincite serve``); a search that finds the index unreadable part-way has it rebuilt and runs once more.

In the server, the request that finds an index unusable rebuilds it in its own thread, under the server's
index lock, and then answers from the rebuilt index.  A search that starts while the rebuild is under way is
refused at once with :class:`~pincite.errors.IndexRebuilding` (503 with ``Retry-After``) rather than queued
behind the lock or answered from the broken index; only a search that was already waiting for the lock when
the rebuild began waits for it.  Nothing waits forever: a rebuild that needs another process's writer lock
gives up after :data:`WRITER_WAIT` seconds (503 again, with ``Retry-After``).

**Writers and readers.**  One process writes an index at a time: tantivy's writer lock for the lexical index
(also held, as an flock, while a damaged one is emptied), ``dense/.writer.lock`` for the dense one.  A search
that finds its index behind the store while another process holds the lock does not wait and does not fail:
it searches the state last committed (and says so); only when there is none (the other process is building
it) does it wait for the writer, up to :data:`WRITER_WAIT` seconds.  Ingest waits for the lock the same way.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import time
import zlib
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from pincite.chunk import first_children, lead_in
from pincite.errors import IndexRebuilding, IndexUnavailable
from pincite.store import ChangeSet, Store
from pincite.store.rows import document_information
from pincite.types import DATE_MAX, DATE_MIN, Chunker, Document, date_key, tie_order
from pincite.versions import version_windows

log = logging.getLogger("pincite.index")

class IndexBusy(IndexRebuilding):
    """Another process holds the index's writer lock (and kept it longer than we could wait)."""


class IndexDamaged(IndexUnavailable):
    """An index failed while being read: it is rebuilt from the store before the next search."""


#: Seconds a sync waits for another process's writer lock when it must write: when there is no committed
#: state to search meanwhile, and in ingest.
WRITER_WAIT = 120.0


@dataclass(frozen=True, slots=True)
class Damage:
    """Why an index on disk cannot be answered from.  ``quiet``: nothing to warn about (there is none yet, or
    it was built with other settings); it is built without a word, as it always was."""

    reason: str
    quiet: bool = False


MISSING = Damage("is missing", quiet=True)


def store_identity(store: Store) -> str | None:
    """The random id of ``store`` that its embedded indexes record (None: the store keeps none)."""
    return store.store_id()


def report_rebuild(what: str, path: Path, damage: Damage) -> None:
    """Say (a warning: one line on stderr from the command line, a log line in the server) that an index is
    rebuilt and why."""
    if not damage.quiet:
        log.warning("the %s index at %s %s: rebuilding it from the store", what, path, damage.reason)


def _stat_key(st: os.stat_result) -> tuple[int, int, int, int]:
    """What changes when a file is written to, truncated or replaced."""
    return (st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino)


def _crc32(path: Path, length: int | None = None) -> int:
    """CRC-32 of the first ``length`` bytes of ``path`` (all of it by default), read in blocks."""
    crc, left = 0, length
    with open(path, "rb") as f:
        while left is None or left > 0:
            block = f.read(1 << 20 if left is None else min(1 << 20, left))
            if not block:
                break
            crc = zlib.crc32(block, crc)
            if left is not None:
                left -= len(block)
    return crc


@contextlib.contextmanager
def file_lock(path: Path, wait: float, busy: str) -> Iterator[None]:
    """Hold an exclusive ``flock`` on ``path`` (created if need be), waiting up to ``wait`` seconds for
    another process to let go; :class:`IndexBusy` (``busy``) when it does not.  It is the lock tantivy's
    writer takes on ``.tantivy-writer.lock``, so the two exclude each other."""
    try:  # POSIX only
        import fcntl
    except ImportError:  # no flock (Windows): one writer at a time is then up to the user
        yield
        return
    try:
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    except OSError as e:
        raise IndexUnavailable(f"cannot lock {path}: {e.strerror or e}") from None
    try:
        deadline = time.monotonic() + wait
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() >= deadline:
                    raise IndexBusy(busy) from None
                time.sleep(0.05)
        yield
    finally:
        os.close(fd)  # lets go of the lock


def index_dir(store: Store) -> Path:
    """Where the indexes of ``store`` live: ``<db>.index/`` beside the database file."""
    p = Path(store.path)
    return p.with_name(p.name + ".index")


def index_paths(store: Store, chunker: Chunker = Chunker.STRUCTURAL) -> tuple[Path, Path]:
    """(lexical, dense) index folders for the chunks of ``chunker`` (the structural ones by default)."""
    root = index_dir(store)
    suffix = "" if chunker is Chunker.STRUCTURAL else f"-{chunker.value}"
    return root / f"lexical{suffix}", root / f"dense{suffix}"


# -- rows: what is indexed for each chunk ------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class IndexRow:
    chunk_id: str
    doc_id: str
    kind: str
    source: str
    work: str
    citable: bool
    valid_from: int
    valid_to: int
    text: str
    docinfo: str  # title, citation, source name, opening words
    path: str  # section path and labels
    title: str
    lead: str = ""  # the enclosing unit's lead-in words (searched lexically with the path; not embedded)


def index_windows(store: Store, work: str) -> dict[str, tuple[int, int]]:
    """The windows of the versions of ``work`` (:func:`pincite.versions.version_windows`) as index date keys:
    each version from its date to the next version's, the first from the beginning."""
    out: dict[str, tuple[int, int]] = {}
    for i, (doc_id, (start, end)) in enumerate(version_windows(store, work).items()):
        out[doc_id] = (DATE_MIN if i == 0 else date_key(start, DATE_MIN), date_key(end, DATE_MAX))
    return out


def rows_for_document(store: Store, doc: Document, windows: dict[str, tuple[int, int]] | None = None,
                      chunker: Chunker = Chunker.STRUCTURAL) -> list[IndexRow]:
    """The index rows of one stored document (its chunks of ``chunker``)."""
    vf, vt = (windows or {}).get(doc.id, (DATE_MIN, DATE_MAX))
    docinfo = document_information(doc.title, doc.citation, doc.source, doc.text)
    rows = []
    first_child = first_children(doc)
    for ch in store.get_chunks(doc.id, chunker):
        labels = " ".join(dict.fromkeys(x for x in (*ch.labels, *ch.numbers) if x))
        lead = lead_in(doc, ch.units[0], first_child=first_child, chunk_start=ch.char_start) if ch.units else ""
        rows.append(IndexRow(
            chunk_id=ch.id, doc_id=doc.id, kind=doc.kind.value, source=doc.source, work=doc.work or "",
            citable=ch.citable,
            valid_from=max(vf, date_key(ch.in_force_from, DATE_MIN)),
            valid_to=min(vt, date_key(ch.in_force_to, DATE_MAX)),
            text=doc.text[ch.char_start : ch.char_end], docinfo=docinfo,
            path=" ".join(x for x in (" ".join(ch.section_path), labels) if x), title=doc.title, lead=lead,
        ))
    return rows


def plan_changes(store: Store, indexed: dict[str, int]) -> ChangeSet:
    """What an index holding ``indexed`` (doc id -> generation) must do to match the store."""
    gen, current = store.document_generations()
    changed = {d for d, g in current.items() if indexed.get(d) != g}
    gone = set(indexed) - set(current)
    # a version's window depends on its siblings: when one version of a work changes, re-index them all
    works = {s.work for s in store.list_documents() if s.work and s.id in changed}
    if gone:
        works |= {None}  # a deleted version: we no longer know its work, so refresh every versioned document
    if works:
        for s in store.list_documents():
            if s.work and (s.work in works or None in works):
                changed.add(s.id)
    return ChangeSet(gen, frozenset(gone | (changed & set(indexed))), tuple(sorted(changed)), current)


def iter_rows(store: Store, doc_ids: Iterable[str],
              chunker: Chunker = Chunker.STRUCTURAL) -> Iterable[list[IndexRow]]:
    """Index rows document by document (version windows computed once per work)."""
    windows: dict[str, dict[str, tuple[int, int]]] = {}
    for doc_id in doc_ids:
        doc = store.get_document(doc_id)
        w = None
        if doc.work:
            if doc.work not in windows:
                windows[doc.work] = index_windows(store, doc.work)
            w = windows[doc.work]
        yield rows_for_document(store, doc, w, chunker)


T = TypeVar("T")


def order_ties(hits: Iterable[tuple[float, T]], id_of: Callable[[T], str],
               limit: int) -> list[tuple[T, float]]:
    """The first ``limit`` of ``hits`` (score, hit), given best first, with each run of equal scores put in
    :func:`~pincite.types.tie_order` of ``id_of(hit)``: an index's own order among equal scores follows the
    order documents were ingested in, so two stores holding the same documents would rank them otherwise.
    The hits must include every one tied with the ``limit``-th.  ``id_of`` is called only for tied hits."""
    out: list[tuple[T, float]] = []
    run: list[T] = []
    last: float | None = None

    def flush() -> None:
        if len(run) > 1:
            run.sort(key=lambda h: tie_order(id_of(h)))
        out.extend((h, float(last)) for h in run)  # type: ignore[arg-type]

    for score, hit in hits:
        if score != last:
            flush()
            if len(out) >= limit:
                return out[:limit]
            run, last = [], score
        run.append(hit)
    flush()
    return out[:limit]


def _write_json_atomic(path: Path, obj: Any) -> None:
    _write_text_atomic(path, json.dumps(obj, ensure_ascii=False))


def _write_text_atomic(path: Path, text: str) -> None:
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(text)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)


def index_size(path: Path) -> int:
    """Bytes on disk under ``path``."""
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file()) if path.exists() else 0
