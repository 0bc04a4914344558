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
import datetime
import hashlib
import json
import logging
import math
import os
import re
import shutil
import struct
import time
import zipfile
import zlib
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pincite.chunk import first_children, lead_in
from pincite.errors import IndexRebuilding, IndexUnavailable, PinciteError
from pincite.types import Chunker, Document

if TYPE_CHECKING:
    import numpy as np

    from pincite.embed import Embedder
    from pincite.retrieve import SearchFilters
    from pincite.store import Store

log = logging.getLogger("pincite.index")

LEXICAL_SCHEMA_VERSION = 10
#: Bumped whenever what is indexed or embedded for a chunk changes (not only the file layout): an index
#: written by older code is then rebuilt, as a stale one is.
DENSE_FORMAT_VERSION = 5
DATE_MIN = 0
DATE_MAX = 99991231
#: Characters of a document's opening words (whitespace collapsed) indexed as its document information: the title
#: page, the parties.  Measured on LegalBench-RAG dev: cutting the opening at the first operative unit instead
#: routed fewer queries to their contract (hybrid recall@8 65 % -> 53 %), so the opening is a fixed length.  It
#: is counted in words' characters, not raw characters: a filing whose title page is indented with hundreds of
#: spaces ("EXHIBIT 10.26 ... SPONSORSHIP AGREEMENT", then the parties) lost its parties to the padding, and
#: four dev queries that name their contract were searched as if they named none (dev p@1 36.8 -> 39.0 %,
#: recall@8 88.8 -> 89.7 %).  Not longer: at 600, a small corpus's judgments hold ordinary words ("clause",
#: "notice", "under") in their openings that only one document has, and those were taken for naming words.
OPENING_CHARS = 400
_NONSPACE = re.compile(r"\S+")


def opening_words(text: str, limit: int = OPENING_CHARS) -> str:
    """The first words of ``text``, single-spaced, up to ``limit`` characters (whole words only)."""
    out: list[str] = []
    n = 0
    for m in _NONSPACE.finditer(text):
        w = m.group(0)
        n += len(w) + (1 if out else 0)
        if n > limit:
            break
        out.append(w)
    return " ".join(out)


def document_information(title: str, citation: str | None, source: str, text: str) -> str:
    """What names a document (searched at document level): its title, citation, source file name and opening
    words.  The embedded and the PostgreSQL index both index exactly this."""
    return " ".join(x for x in (title, citation or "", source_words(source), opening_words(text)) if x)


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


def store_identity(store: Any) -> str | None:
    """The random id of ``store`` that its embedded indexes record (None: the store keeps none)."""
    get = getattr(store, "store_id", None)
    return get() if get is not None else None


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


#: The last 8 bytes of every file tantivy writes (not its meta.json): the footer's length and this number.
TANTIVY_FOOTER_MAGIC = 1337


def tantivy_file_damage(path: Path) -> str | None:
    """What is wrong with a file tantivy wrote, by its own footer (``{"version": ..., "crc": N}``, its length
    and a magic number at the end; the CRC-32 covers everything before the footer), or None when it checks
    out.  Reads the whole file: tantivy checks its footers only on demand, so an overwritten block in the
    middle of a segment file would otherwise be searched."""
    try:
        size = path.stat().st_size
        if size < 8:
            return f"{path.name}: {size} bytes, too short for tantivy's footer"
        with open(path, "rb") as f:
            f.seek(size - 8)
            n, magic = struct.unpack("<II", f.read(8))
            if magic != TANTIVY_FOOTER_MAGIC or n + 8 > size:
                return f"{path.name}: no tantivy footer at the end"
            f.seek(size - 8 - n)
            footer = json.loads(f.read(n))
        crc = int(footer["crc"])
    except FileNotFoundError:
        raise
    except (OSError, ValueError, KeyError, TypeError) as e:
        return f"{path.name}: unreadable footer ({e})"
    if _crc32(path, size - 8 - n) != crc:
        return f"{path.name}: checksum mismatch"
    return None


def _guarded(method: Callable[..., Any]) -> Callable[..., Any]:
    """A reading method of :class:`LexicalIndex`, run under its ``_reading`` guard."""
    import functools

    @functools.wraps(method)
    def run(self: Any, *args: Any, **kwargs: Any) -> Any:
        with self._reading():
            return method(self, *args, **kwargs)

    return run


@contextlib.contextmanager
def file_lock(path: Path, wait: float, busy: str) -> Iterator[None]:
    """Hold an exclusive ``flock`` on ``path`` (created if need be), waiting up to ``wait`` seconds for
    another process to let go; :class:`IndexBusy` (``busy``) when it does not.  It is the lock tantivy's
    writer takes on ``.tantivy-writer.lock``, so the two exclude each other."""
    try:
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


def index_dir(store: "Store") -> Path:
    """Where the indexes of ``store`` live: ``<db>.index/`` beside the database file."""
    p = Path(store.path)
    return p.with_name(p.name + ".index")


def index_paths(store: "Store", chunker: Chunker = Chunker.STRUCTURAL) -> tuple[Path, Path]:
    """(lexical, dense) index folders for the chunks of ``chunker`` (the structural ones by default)."""
    root = index_dir(store)
    suffix = "" if chunker is Chunker.STRUCTURAL else f"-{chunker.value}"
    return root / f"lexical{suffix}", root / f"dense{suffix}"


def date_key(iso: str | datetime.date | None, default: int) -> int:
    """``"2021-06-29"`` -> 20210629 (a year alone -> its 1 January); ``default`` for None or unreadable."""
    if isinstance(iso, datetime.date):  # a filter's as_of, read by pincite.types.parse_date
        return iso.year * 10000 + iso.month * 100 + iso.day
    if not iso:
        return default
    digits = re.sub(r"\D", "", iso)[:8]
    if len(digits) < 4:
        return default
    return int(digits.ljust(8, "0")[:4] + (digits[4:6] or "01") + (digits[6:8] or "01"))


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


_CAMEL = re.compile(r"(?<=[a-z])(?=[A-Z])|[_\-.]+")


def source_words(source: str) -> str:
    """A source path as words: the file name without extension, split at case changes and punctuation."""
    name = Path(source).stem
    return _CAMEL.sub(" ", name)


def version_windows(store: "Store", work: str) -> dict[str, tuple[int, int]]:
    """Each version of ``work`` speaks from its date to the next version's (the first from the beginning)."""
    from pincite.versions import version_date

    dated = sorted(((version_date(s) or "", s.id) for s in store.list_documents(work=work)))
    out: dict[str, tuple[int, int]] = {}
    for i, (d, doc_id) in enumerate(dated):
        start = DATE_MIN if i == 0 else date_key(d, DATE_MIN)
        end = date_key(dated[i + 1][0], DATE_MAX) if i + 1 < len(dated) else DATE_MAX
        out[doc_id] = (start, end)
    return out


def rows_for_document(store: "Store", doc: Document, windows: dict[str, tuple[int, int]] | None = None,
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


@dataclass(frozen=True, slots=True)
class ChangeSet:
    generation: int
    remove: frozenset[str]  # doc ids whose rows go
    add: tuple[str, ...]  # doc ids whose rows are (re)written
    docs: dict[str, int]  # the store's documents and their generations

    @property
    def empty(self) -> bool:
        return not self.remove and not self.add


def plan_changes(store: "Store", indexed: dict[str, int]) -> ChangeSet:
    """What an index holding ``indexed`` (doc id -> generation) must do to match the store."""
    gen, current = store.document_generations()  # type: ignore[attr-defined]
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


def iter_rows(store: "Store", doc_ids: Iterable[str],
              chunker: Chunker = Chunker.STRUCTURAL) -> Iterable[list[IndexRow]]:
    """Index rows document by document (version windows computed once per work)."""
    windows: dict[str, dict[str, tuple[int, int]]] = {}
    for doc_id in doc_ids:
        doc = store.get_document(doc_id)
        w = None
        if doc.work:
            if doc.work not in windows:
                windows[doc.work] = version_windows(store, doc.work)
            w = windows[doc.work]
        yield rows_for_document(store, doc, w, chunker)


# -- the lexical index (tantivy) ---------------------------------------------------------------------

TEXT_FIELDS = ("text", "path")  # searched at chunk level; "docinfo" is searched at document level


def _tantivy() -> Any:
    try:
        import tantivy
    except ImportError:
        raise IndexUnavailable("lexical search needs the 'tantivy' package; install it with 'pip install tantivy'") from None
    return tantivy


def _lexical_schema() -> Any:
    tantivy = _tantivy()
    sb = tantivy.SchemaBuilder()
    sb.add_text_field("chunk_id", stored=True, tokenizer_name="raw")
    sb.add_text_field("doc_id", stored=True, tokenizer_name="raw", index_option="basic")
    for f in ("level", "kind", "source", "work"):
        sb.add_text_field(f, stored=False, tokenizer_name="raw", index_option="basic")
    for f in TEXT_FIELDS:
        sb.add_text_field(f, stored=False, tokenizer_name="en_stem")
    sb.add_text_field("docinfo", stored=True, tokenizer_name="en_stem")
    sb.add_integer_field("citable", indexed=True, fast=True)
    sb.add_integer_field("valid_from", indexed=True, fast=True)
    sb.add_integer_field("valid_to", indexed=True, fast=True)
    return sb.build()


class LexicalIndex:
    """BM25 with filters inside the query, at two levels in one tantivy index: one row per document (its
    title, citation, source name and opening words: what a query uses to *name* a document) and one row per
    chunk (its text, section path and labels).  :meth:`rank_documents` finds the documents a query names;
    :meth:`search` ranks chunks, optionally lifted by those documents' scores (a prior)."""

    META = "pincite.json"
    #: tantivy's lock files: left in place when a damaged index is emptied (another process may hold them)
    LOCKS = frozenset({".tantivy-writer.lock", ".tantivy-meta.lock"})
    # defaults for the state below (an index object made without __init__, as bench/scale.py does, reads too)
    meta: dict[str, Any] | None = None
    _index: Any = None
    _failed: Damage | None = None
    rebuilding = False  # a rebuild from the store is under way in this process (others: IndexRebuilding)

    def __init__(self, path: Path, chunker: Chunker = Chunker.STRUCTURAL,
                 store_id: str | None = None) -> None:
        self.path = path
        self.chunker = chunker
        self.store_id = store_id  # the store this index must have been built from (None: not checked)
        self._checked: tuple[dict[str, tuple[int, ...]] | None, Damage | None] | None = None
        self._verified: dict[str, tuple[int, ...]] = {}  # tantivy files whose checksums passed, by stat key
        self.meta = self._read_meta()

    def _read_meta(self) -> dict[str, Any] | None:
        try:
            meta = json.loads((self.path / self.META).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None
        return meta if isinstance(meta, dict) and meta.get("schema") == LEXICAL_SCHEMA_VERSION else None

    @property
    def generation(self) -> int | None:
        return None if self.meta is None else int(self.meta["generation"])

    def is_stale(self, generation: int) -> bool:
        """Whether the index must be synced (or rebuilt) before answering for the store at ``generation``."""
        return self.check() is not None or self.generation != generation

    # -- health -----------------------------------------------------------------------------------

    def _files(self) -> dict[str, tuple[int, ...]] | None:
        """Stat key of every file of the folder but the lock files (None: no folder)."""
        try:
            with os.scandir(self.path) as it:
                return {e.name: _stat_key(e.stat(follow_symlinks=False)) for e in it
                        if e.name not in self.LOCKS and not e.is_dir(follow_symlinks=False)}
        except FileNotFoundError:
            return None
        except OSError as e:
            raise IndexUnavailable(f"cannot read the lexical index folder {self.path}: {e.strerror or e}") \
                from None

    def check(self) -> Damage | None:
        """Why the index cannot be answered from (None: it can).  A stat of each file when none changed since
        the last check; otherwise the files are looked at again: the record (``pincite.json``: schema, store,
        generation), tantivy's ``meta.json``, the footer checksum of every segment file not verified before
        with the same stat key, and opening the index."""
        if self._failed is not None:
            return self._failed
        files = self._files()
        if self._checked is not None and self._checked[0] == files:
            return self._checked[1]
        for _ in range(3):  # a writer in another process may replace files while we read them: look again
            try:
                damage = self._examine(files)
                break
            except FileNotFoundError:
                files = self._files()
        else:
            damage = Damage("is changing under us (files vanish while read)")
        if damage is not None:
            self.meta, self._index = None, None
        self._checked = (files, damage)
        return damage

    def _examine(self, files: dict[str, tuple[int, ...]] | None) -> Damage | None:
        if not files:
            return MISSING
        try:
            meta = json.loads((self.path / self.META).read_text(encoding="utf-8"))
            if not isinstance(meta, dict):
                raise ValueError("not a JSON object")
        except FileNotFoundError:
            return Damage(f"is incomplete (no {self.META}: a build was interrupted?)")
        except (OSError, ValueError) as e:
            return Damage(f"is damaged ({self.META}: {e})")
        if meta.get("schema") != LEXICAL_SCHEMA_VERSION:
            return Damage(f"was written by another version of pincite (schema {meta.get('schema')})")
        if self.store_id is not None and meta.get("store") != self.store_id:
            return Damage("does not record which store it was built from" if meta.get("store") is None
                          else "was built from another store")
        try:
            tmeta = json.loads((self.path / "meta.json").read_text(encoding="utf-8"))
            segments = [str(x["segment_id"]).replace("-", "") for x in tmeta["segments"]]
        except (OSError, ValueError, KeyError, TypeError) as e:
            if isinstance(e, FileNotFoundError):
                raise
            return Damage(f"is damaged (meta.json: {e})")
        for name, key in sorted(files.items()):
            if name.split(".", 1)[0] not in segments or self._verified.get(name) == key:
                continue
            bad = tantivy_file_damage(self.path / name)
            if bad:
                self._verified.pop(name, None)
                return Damage(f"is damaged ({bad})")
            self._verified[name] = key
        try:
            if self._index is None:
                self._index = self._open(fresh=False)
            elif self._checked is None or self._checked[0] is None or \
                    self._checked[0].get("meta.json") != files.get("meta.json"):
                self._index.reload()  # another process committed: search what it committed
        except (IndexUnavailable, ValueError) as e:
            self._index = None
            return Damage(f"cannot be opened ({e})")
        self.meta = meta
        return None

    def _fail(self, e: BaseException) -> IndexDamaged:
        """The index failed while being read: remember it (the next check reports it, so it is rebuilt)."""
        self._failed = Damage(f"failed while being read ({type(e).__name__}: {e})")
        self._index = None
        return IndexDamaged(f"the lexical index at {self.path} {self._failed.reason}; it is rebuilt from the "
                            "store")

    @contextlib.contextmanager
    def _reading(self) -> Iterator[None]:
        """Turn tantivy failing on a damaged file (ValueError, OSError, or a Rust panic) into
        :class:`IndexDamaged`."""
        try:
            yield
        except IndexUnavailable:
            raise
        except (ValueError, OSError) as e:
            raise self._fail(e) from e
        except BaseException as e:
            if type(e).__name__ != "PanicException":  # pyo3's, raised for a panic inside tantivy
                raise
            raise self._fail(e) from e

    # -- writing ------------------------------------------------------------------------------------

    def _open(self, fresh: bool) -> Any:
        tantivy = _tantivy()
        try:
            return tantivy.Index(_lexical_schema(), path=str(self.path), reuse=not fresh)
        except (ValueError, OSError) as e:
            raise IndexUnavailable(f"cannot open the lexical index at {self.path}: {e}") from e

    @property
    def index(self) -> Any:
        if self._index is None:
            if self.meta is None:
                raise IndexUnavailable(f"the lexical index at {self.path} is missing or unreadable; sync it first")
            with self._reading():
                self._index = self._open(fresh=False)
        return self._index

    def _start_afresh(self, wait: float) -> Any:
        """Empty the folder and create an empty index in it, holding the writer lock meanwhile (so no other
        process is writing into what we delete).  Another process reading the old files keeps them."""
        self.meta, self._index, self._verified, self._checked = None, None, {}, None
        try:
            self.path.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise IndexUnavailable(f"cannot create the lexical index folder {self.path}: {e.strerror or e}") \
                from None
        with file_lock(self.path / ".tantivy-writer.lock", wait,
                       f"the lexical index at {self.path} is being written by another pincite process"):
            try:
                for p in self.path.iterdir():
                    if p.name in self.LOCKS:
                        continue
                    if p.is_dir() and not p.is_symlink():
                        shutil.rmtree(p)
                    else:
                        p.unlink()
            except OSError as e:
                raise IndexUnavailable(
                    f"cannot empty the lexical index folder {self.path}: {e.strerror or e}") from None
            return self._open(fresh=True)

    def _writer(self, idx: Any, wait: float) -> Any:
        """tantivy's writer, waiting up to ``wait`` seconds for another process to let go of it."""
        deadline = time.monotonic() + wait
        while True:
            try:
                return idx.writer(heap_size=64_000_000, num_threads=1)
            except ValueError as e:
                if "LockBusy" not in str(e):
                    raise IndexUnavailable(f"cannot write the lexical index at {self.path}: {e}") from e
                if time.monotonic() >= deadline:
                    raise IndexBusy(f"the lexical index at {self.path} is being written by another pincite "
                                    "process") from None
            time.sleep(0.05)

    def sync(self, store: "Store", on_progress: Callable[[int, int], None] | None = None,
             wait: float = WRITER_WAIT) -> ChangeSet:
        """Bring the index up to date with ``store``: rebuilt from scratch (and said so) when it is missing,
        damaged or another store's.  Waits up to ``wait`` seconds for another process's writer
        (:class:`IndexBusy` after that)."""
        sid = store_identity(store)
        if sid != self.store_id:
            self.store_id, self._checked = sid, None
        damage = self.check()
        fresh = damage is not None
        if fresh:
            assert damage is not None
            self.rebuilding = True  # before saying so: whoever hears of the rebuild finds it under way
            report_rebuild("lexical", self.path, damage)
        try:
            return self._sync(store, on_progress, wait, fresh)
        finally:
            self.rebuilding = False

    def _sync(self, store: "Store", on_progress: Callable[[int, int], None] | None, wait: float,
              fresh: bool) -> ChangeSet:
        if fresh:
            idx = self._start_afresh(wait)
            self._failed = None
            indexed: dict[str, int] = {}
        else:
            idx = self.index
            indexed = {k: int(v) for k, v in self.meta["docs"].items()}  # type: ignore[index]
        plan = plan_changes(store, indexed)
        if plan.empty and not fresh and plan.generation == self.generation:
            return plan
        tantivy = _tantivy()
        writer = self._writer(idx, wait)
        for d in plan.remove | set(plan.add):
            writer.delete_documents_by_term("doc_id", d)
        for i, rows in enumerate(iter_rows(store, plan.add, self.chunker)):
            for r in rows:
                writer.add_document(tantivy.Document(
                    level="chunk", chunk_id=r.chunk_id, doc_id=r.doc_id, kind=r.kind, source=r.source, work=r.work,
                    text=r.text, path=f"{r.path} {r.lead}".strip(), citable=int(r.citable), valid_from=r.valid_from,
                    valid_to=r.valid_to,
                ))
            if rows:
                r = rows[0]
                writer.add_document(tantivy.Document(
                    level="doc", doc_id=r.doc_id, kind=r.kind, source=r.source, work=r.work, docinfo=r.docinfo,
                    citable=1, valid_from=min(x.valid_from for x in rows), valid_to=max(x.valid_to for x in rows),
                ))
            if on_progress:
                on_progress(i + 1, len(plan.add))
        writer.commit()
        writer.wait_merging_threads()
        idx.reload()
        searcher = idx.searcher()
        n_docs = searcher.search(tantivy.Query.term_query(idx.schema, "level", "doc"), 1, count=True).count
        self.meta = {"schema": LEXICAL_SCHEMA_VERSION, "generation": plan.generation, "documents": n_docs,
                     "docs": {d: g for d, g in plan.docs.items()}, "store": self.store_id}
        _write_json_atomic(self.path / self.META, self.meta)
        del writer  # lets go of the writer lock now, not whenever the object is collected
        files = self._files() or {}
        self._verified = dict(files)  # what we just wrote and committed: no need to read it back
        self._checked = (files, None)
        return plan

    @_guarded
    def rank_documents(self, query: str, filters: "SearchFilters", limit: int = 20) -> list[tuple[str, float, str]]:
        """(doc id, score, document information) of the documents a query names, best first, among documents
        with a chunk passing ``filters``.

        A document's score is the sum, over the distinct query words found in its title, citation, source name
        or opening words, of the word's inverse document frequency among documents: a shared rare word (a
        party's name, a citation number) outweighs common ones, however long the title page is."""
        tantivy = _tantivy()
        Q, idx = tantivy.Query, self.index
        searcher = idx.searcher()
        n = max(1, int(self.meta.get("documents", 1))) if self.meta else 1
        should = []
        for term in dict.fromkeys(analyse_words(" ".join(query_words(query)))):
            df = searcher.doc_freq("docinfo", term)
            if df:
                idf = math.log(1 + (n - df + 0.5) / (df + 0.5))
                should.append((tantivy.Occur.Should, Q.const_score_query(Q.term_query(idx.schema, "docinfo", term), idf)))
        if not should:
            return []
        clauses = [(tantivy.Occur.Must, Q.boolean_query(should)),
                   (tantivy.Occur.Must, Q.term_query(idx.schema, "level", "doc"))]
        clauses += [(tantivy.Occur.Must, f) for f in _tantivy_filters(idx, filters)]
        res = searcher.search(Q.boolean_query(clauses), limit, count=False)
        out = []
        for score, addr in res.hits:
            d = searcher.doc(addr)
            out.append((d["doc_id"][0], float(score), d["docinfo"][0]))
        return out

    @_guarded
    def document_frequency(self, words: Sequence[str]) -> tuple[dict[str, int], int]:
        """For each word, how many indexed documents hold it in their document information; and how many
        documents there are."""
        idx = self.index
        searcher = idx.searcher()
        n = max(1, int(self.meta.get("documents", 1))) if self.meta else 1
        out = {}
        for w in words:
            terms = analyse_words(w)
            out[w] = searcher.doc_freq("docinfo", terms[0]) if terms else 0
        return out, n

    @_guarded
    def search(self, query: str, filters: "SearchFilters", limit: int, prior: dict[str, float] | None = None,
               drop_words: frozenset[str] = frozenset(), drop_boost: float = 0.0) -> list[tuple[str, float]]:
        """Chunk ids and scores, best first, only among chunks that pass ``filters``.

        The score is BM25 of the query (less ``drop_words``: the words that named a document) over the chunk's
        text and section path, plus ``prior[doc_id]`` for chunks of the documents the query named."""
        tantivy = _tantivy()
        Q, idx = tantivy.Query, self.index
        should = []
        q = parse_legal_query(idx, query, drop=drop_words, drop_boost=drop_boost)
        if q is not None:
            should.append((tantivy.Occur.Should, q))
        for doc_id, w in (prior or {}).items():
            if w > 0:
                should.append((tantivy.Occur.Should, Q.const_score_query(Q.term_query(idx.schema, "doc_id", doc_id), w)))
        if not should:
            return []
        clauses = [(tantivy.Occur.Must, Q.boolean_query(should)),
                   (tantivy.Occur.Must, Q.term_query(idx.schema, "level", "chunk"))]
        clauses += [(tantivy.Occur.Must, f) for f in _tantivy_filters(idx, filters)]
        searcher = idx.searcher()
        res = searcher.search(Q.boolean_query(clauses), limit, count=False)
        return [(searcher.doc(addr)["chunk_id"][0], float(score)) for score, addr in res.hits]


def _tantivy_filters(idx: Any, f: "SearchFilters") -> list[Any]:
    tantivy = _tantivy()
    Q, schema = tantivy.Query, idx.schema
    out = []
    if not f.include_non_citable:
        out.append(Q.term_query(schema, "citable", 1))
    if f.kinds:
        out.append(Q.term_set_query(schema, "kind", [k.value for k in f.kinds]))
    if f.sources:
        out.append(Q.term_set_query(schema, "source", list(f.sources)))
    if f.works:
        out.append(Q.term_set_query(schema, "work", list(f.works)))
    if f.documents:
        out.append(Q.boolean_query([
            (tantivy.Occur.Should, Q.term_set_query(schema, "doc_id", list(f.documents))),
            (tantivy.Occur.Should, Q.term_set_query(schema, "source", list(f.documents))),
        ]))
    if f.as_of:
        d = date_key(f.as_of, DATE_MIN)
        out.append(Q.range_query(schema, "valid_from", tantivy.FieldType.Integer, None, d, True, True))
        out.append(Q.range_query(schema, "valid_to", tantivy.FieldType.Integer, d, None, False, True))
    return out


# -- the legal-aware query parse ---------------------------------------------------------------------

#: "[2020] EWCA Civ 1018", "[2023] UKSC 42", "2024 ZASCA 21"
NEUTRAL_CITATION = re.compile(r"\[?\b(\d{4})\]?\s+([A-Z]{2,}(?:\s+(?:Civ|Crim|Ch|QB|KB|Fam|Admin|Comm|Pat|TCC|IPEC))?)"
                              r"\s+(\d+)\b")
#: "s. 4(1)(c)", "section 12", "cl. 2.1", "para 14", "art. 5(2)", "4(1)(c)"
PROVISION = re.compile(
    r"(?:\b(?:ss?|sec|secs|section|sections|cl|cls|clause|clauses|art|arts|article|articles|para|paras|paragraph|"
    r"paragraphs|reg|regs|regulation|r|rr|rule|sch|schedule)\b\.?\s*|§+\s*)"
    r"(\d+(?:\.\d+)*[A-Za-z]?(?:\s*\([0-9A-Za-z]{1,6}\))*)|\b(\d+[A-Za-z]?(?:\([0-9A-Za-z]{1,6}\))+)",
    re.I,
)
_WORD = re.compile(r"[^\W_]+", re.UNICODE)
_OPERATORS = {"and", "or", "not", "to", "in"}  # tantivy's parser reads AND/OR/NOT/IN/TO specially
FIELD_BOOSTS = {"text": 1.0, "path": 0.5}
#: Question words that say nothing about which passage answers ("what is the ... of this"); left out of the
#: chunk query unless nothing else is left.
STOPWORDS = frozenset(
    "a an the of to in on at by for from with as is are was were be been being do does did has have had "
    "what which who whom whose when where why how whether there this that these those it its any some "
    "and or if can could may might shall should will would".split()
)
USE_STOPWORDS = True
PHRASE_BOOST = 4.0


_ANALYSER: Any = None


def analyse_words(text: str) -> list[str]:
    """``text`` as the terms tantivy's ``en_stem`` tokenizer indexes (lower-cased, stemmed)."""
    global _ANALYSER
    if _ANALYSER is None:
        t = _tantivy()
        _ANALYSER = (t.TextAnalyzerBuilder(t.Tokenizer.simple()).filter(t.Filter.remove_long(40))
                     .filter(t.Filter.lowercase()).filter(t.Filter.stemmer("english")).build())
    return list(_ANALYSER.analyze(text))


def query_words(text: str) -> list[str]:
    """The words of ``text``, lower-cased (everything that is not a letter or digit is a separator)."""
    return [w.lower() for w in _WORD.findall(text)]


def legal_phrases(query: str) -> list[tuple[str, str]]:
    """(field, phrase words) for the things a legal query names: neutral citations and provision labels."""
    out: list[tuple[str, str]] = []
    for m in NEUTRAL_CITATION.finditer(query):
        out.append(("docinfo", " ".join(query_words(m.group(0)))))
    for m in PROVISION.finditer(query):
        label = m.group(1) or m.group(2)
        words = query_words(label)
        if len(words) >= 2:
            out.append(("path", " ".join(words)))
    return out


def parse_legal_query(idx: Any, query: str, fields: Sequence[str] = TEXT_FIELDS,
                      boosts: dict[str, float] | None = None, phrase_fields: set[str] | None = None,
                      drop: frozenset[str] = frozenset(), drop_boost: float = 0.0) -> Any:
    """A tantivy query for free text: every word OR-ed over ``fields`` (boosted by field), plus phrase clauses
    for citations and provision labels.  Query syntax in the input is never interpreted: the string handed to
    tantivy's parser holds only words we built (letters and digits), so quotes, colons, brackets or a stray
    ``AND`` cannot break or change it.  Words in ``drop`` are left out (or weighted ``drop_boost``).  None when
    no word is left."""
    raw = query_words(query)
    if USE_STOPWORDS and any(w not in STOPWORDS for w in raw):
        raw = [w for w in raw if w not in STOPWORDS]
    words = [w if w not in drop else f"{w}^{drop_boost:g}" for w in raw
             if w not in _OPERATORS and len(w) <= 40 and (w not in drop or drop_boost > 0)]
    phrase_fields = set(fields) if phrase_fields is None else phrase_fields
    parts = [" ".join(words)] if words else []
    for field, phrase in legal_phrases(query):
        ws = [w for w in phrase.split() if w not in _OPERATORS]
        if field in phrase_fields and len(ws) >= 2:
            parts.append(f'{field}:"{" ".join(ws)}"^{PHRASE_BOOST}')
    if not parts:
        return None
    boosts = FIELD_BOOSTS if boosts is None else boosts
    try:
        return idx.parse_query(" ".join(parts), list(fields), boosts)
    except ValueError:  # should not happen with words only; fall back to the bare words
        return idx.parse_query(" ".join(words), list(fields), boosts) if words else None


def expansion_words(terms: Sequence[str]) -> list[str]:
    """The distinct words of ``terms`` (a phrase gives its words less the stop words), as the lexical query
    of an expansion: phrases are not matched as phrases, so every backend scores them the same way."""
    out: dict[str, None] = {}
    for t in terms:
        ws = [w for w in query_words(t) if w not in _OPERATORS and len(w) <= 40]
        for w in ws:
            if len(ws) == 1 or w not in STOPWORDS:
                out.setdefault(w, None)
    return list(out)


# -- the dense index (numpy) -------------------------------------------------------------------------

#: A chunk is embedded in pieces of at most this many characters (split at sentences), each with the header;
#: a chunk's dense score is its best piece's.  The model reads 256 tokens at most, so a whole 1,500-character
#: clause would lose its tail, and one vector for a long clause blurs the sentence a question is about.
PIECE_CHARS = 500


def embedding_inputs(row: IndexRow, header: str = "title+path", piece_chars: int = PIECE_CHARS) -> list[str]:
    """What is embedded for a chunk: a short header (title, section path) and each piece of its text."""
    from pincite.chunk import split_span

    text = row.text
    pieces = [text[a:b] for a, b in split_span(text, 0, len(text), piece_chars)] if len(text) > piece_chars \
        else [text]
    if header == "none":
        return pieces or [""]
    head = {"title": row.title, "path": row.path.strip()}.get(header, f"{row.title}. {row.path.strip()}")
    return [f"{head}\n{p}" for p in (pieces or [""])]


def text_hash(model_id: str, text: str) -> str:
    return hashlib.blake2b(f"{model_id}\0{text}".encode(), digest_size=12).hexdigest()


class DenseIndex:
    """Unit vectors of every chunk's pieces, memory-mapped; exact (brute-force) inner-product search, a chunk
    scoring its best piece, with the filters applied as a mask over chunks."""

    ROW_ARRAYS = ("doc", "citable", "valid_from", "valid_to", "piece_start")
    FILES = ("params.json", "vectors.npy", "rows.npz")
    LOCK = ".writer.lock"
    rebuilding = False  # a rebuild from the store is under way in this process (others: IndexRebuilding)

    def __init__(self, path: Path, header: str = "title+path", chunker: Chunker = Chunker.STRUCTURAL,
                 piece_chars: int = PIECE_CHARS, store_id: str | None = None) -> None:
        self.path = path
        self.chunker = chunker
        self.header = header
        self.piece_chars = piece_chars
        self.store_id = store_id  # the store this index must have been built from (None: not checked)
        # (params, vectors, rows, doc-mask cache), swapped in one assignment so a search running in another
        # thread never sees half of an old index and half of a new one
        self._state: tuple[dict[str, Any], "np.ndarray", dict[str, "np.ndarray"], dict[Any, "np.ndarray"]] | None = None
        self._last_scores: tuple[tuple[Any, int, bytes], "np.ndarray"] | None = None  # last question, scores
        self._damage: Damage | None = MISSING  # why the files last loaded cannot be answered from
        self._seen: Any = None  # the stat keys of those files
        self._load()

    @property
    def params(self) -> dict[str, Any] | None:
        return self._state[0] if self._state else None

    @property
    def vectors(self) -> "np.ndarray | None":
        return self._state[1] if self._state else None

    @property
    def rows(self) -> dict[str, "np.ndarray"]:
        assert self._state is not None
        return self._state[2]

    def _current(self) -> Path | None:
        try:
            name = (self.path / "CURRENT").read_text(encoding="utf-8").strip()
        except OSError:
            return None
        return self.path / name if name else None

    def _fingerprint(self) -> Any:
        """Stat keys of CURRENT and of the files of the folder it names (None for a missing one)."""
        def key(p: Path) -> tuple[int, ...] | None:
            try:
                return _stat_key(p.stat())
            except OSError:
                return None

        cur = self._current()
        return (key(self.path / "CURRENT"), cur and cur.name,
                tuple(key(cur / f) for f in self.FILES) if cur is not None else None)

    def _load(self, verify: bool = True) -> None:
        """Load the live folder (its files' checksums verified unless ``verify`` is False: files this object
        has just written); :attr:`_damage` says why it cannot be answered from, if it cannot."""
        for _ in range(3):  # another process may replace CURRENT and remove the folder while we read it
            seen = self._fingerprint()
            try:
                state, damage = self._read(verify)
                break
            except FileNotFoundError:
                if self._fingerprint() == seen:
                    state, damage = None, Damage("is damaged (CURRENT names a folder that is not there, or a "
                                                 "file of it is missing)")
                    break
        else:
            state, damage = None, Damage("is changing under us (files vanish while read)")
        self._state, self._damage, self._seen = state, damage, seen

    def _read(self, verify: bool) -> tuple[Any, Damage | None]:
        import numpy as np

        cur = self._current()
        if cur is None:
            exists = (self.path / "CURRENT").exists()
            return None, Damage("is damaged (CURRENT is empty)") if exists else MISSING
        try:
            params = json.loads((cur / "params.json").read_text(encoding="utf-8"))
            if not isinstance(params, dict):
                raise ValueError("not a JSON object")
        except FileNotFoundError:
            raise
        except (OSError, ValueError) as e:
            return None, Damage(f"is damaged (params.json: {e})")
        if (params.get("format") != DENSE_FORMAT_VERSION or params.get("header") != self.header
                or params.get("piece_chars") != self.piece_chars):
            return None, Damage("was written by another pincite version or settings", quiet=True)
        if self.store_id is not None and params.get("store") != self.store_id:
            return None, Damage("does not record which store it was built from" if params.get("store") is None
                                else "was built from another store")
        sums = params.get("checksums")
        if not isinstance(sums, dict):
            return None, Damage("records no checksums of its files")
        if verify:
            for name in ("vectors.npy", "rows.npz"):
                if _crc32(cur / name) != sums.get(name):
                    return None, Damage(f"is damaged ({name}: checksum mismatch)")
        try:
            vectors = np.load(cur / "vectors.npy", mmap_mode="r", allow_pickle=False)
            with np.load(cur / "rows.npz", allow_pickle=False) as z:
                rows = {k: z[k] for k in self.ROW_ARRAYS}
            n = len(params["chunk_ids"])
            shapes_agree = (vectors.shape == (len(params["hashes"]), params["dim"])
                            and all(len(v) == n for v in rows.values()))
        except FileNotFoundError:
            raise
        except (OSError, ValueError, KeyError, TypeError, EOFError, zipfile.BadZipFile) as e:
            return None, Damage(f"is damaged ({type(e).__name__}: {e})")
        if not shapes_agree:
            return None, Damage("is damaged (its files disagree on how many vectors it holds)")
        return (params, vectors, rows, {}), None

    @property
    def generation(self) -> int | None:
        return None if self.params is None else int(self.params["generation"])

    def check(self) -> Damage | None:
        """Why the index cannot be answered from (None: it can): loaded again, checksums and all, when a file
        of it changed on disk since it was loaded (a stat of each file otherwise)."""
        if self._fingerprint() != self._seen:
            self._load()
        return self._damage

    def is_stale(self, generation: int) -> bool:
        """Whether the index must be synced (or rebuilt) before answering for the store at ``generation``."""
        return self.check() is not None or self.generation != generation

    def _pieces_of(self, keep_rows: "np.ndarray") -> "np.ndarray":
        """Indices of the pieces of the given chunk rows, in order."""
        import numpy as np

        assert self.params is not None
        starts = self.rows["piece_start"]
        ends = np.append(starts[1:], len(self.params["hashes"]))
        if len(keep_rows) == 0:
            return np.zeros(0, dtype=np.int64)
        return np.concatenate([np.arange(starts[i], ends[i]) for i in keep_rows])

    def sync(self, store: "Store", embedder: "Embedder",
             on_progress: Callable[[int, int], None] | None = None, wait: float = WRITER_WAIT) -> ChangeSet:
        """Bring the vectors up to date with ``store``: unchanged documents keep their rows; changed ones are
        re-embedded, reusing the vector of any piece of text embedded before.  Rebuilt from scratch (and said
        so) when missing, damaged or another store's.  Holds ``dense/.writer.lock`` while it writes, waiting
        up to ``wait`` seconds for another process that holds it (:class:`IndexBusy` after that)."""
        sid = store_identity(store)
        if sid != self.store_id:
            self.store_id, self._seen = sid, None  # look at the files again with the store's id
        damage = self.check()
        if damage is not None:
            self.rebuilding = True  # before saying so: whoever hears of the rebuild finds it under way
            report_rebuild("dense", self.path, damage)
        try:
            try:
                self.path.mkdir(parents=True, exist_ok=True)
            except OSError as e:
                raise IndexUnavailable(
                    f"cannot create the dense index folder {self.path}: {e.strerror or e}") from None
            with file_lock(self.path / self.LOCK, wait,
                           f"the dense index at {self.path} is being written by another pincite process"):
                self.check()  # another process may have written it while we waited for the lock
                return self._sync(store, embedder, on_progress)
        finally:
            self.rebuilding = False

    def _sync(self, store: "Store", embedder: "Embedder",
              on_progress: Callable[[int, int], None] | None) -> ChangeSet:
        import numpy as np

        if self.params is not None and self.params.get("model_id") != embedder.model_id:
            self._state = None
        indexed = {d["id"]: int(d["generation"]) for d in self.params["docs"]} if self.params else {}
        plan = plan_changes(store, indexed)
        if plan.empty and self.params is not None and plan.generation == self.generation:
            return plan
        drop = plan.remove | set(plan.add)
        old_docs: list[dict[str, Any]] = self.params["docs"] if self.params else []
        keep_doc = [d for d in old_docs if d["id"] not in drop]
        doc_index = {d["id"]: i for i, d in enumerate(keep_doc)}
        if self.params:
            drop_idx = [i for i, d in enumerate(old_docs) if d["id"] in drop]
            keep_rows = np.flatnonzero(~np.isin(self.rows["doc"], drop_idx))
            keep_pieces = self._pieces_of(keep_rows)
            old_ids: list[str] = self.params["chunk_ids"]
            old_hashes: list[str] = self.params["hashes"]
        else:
            keep_rows = keep_pieces = np.zeros(0, dtype=np.int64)
            old_ids, old_hashes = [], []
        cache = {h: i for i, h in enumerate(old_hashes)}
        new_rows: list[IndexRow] = []
        new_docs = list(keep_doc)
        for rows in iter_rows(store, plan.add, self.chunker):
            if not rows:
                continue
            r0 = rows[0]
            doc_index[r0.doc_id] = len(new_docs)
            new_docs.append({"id": r0.doc_id, "kind": r0.kind, "source": r0.source, "work": r0.work,
                             "generation": plan.docs[r0.doc_id]})
            new_rows.extend(rows)
        for d in plan.add:  # documents without chunks still count as indexed
            if d not in doc_index:
                doc_index[d] = len(new_docs)
                new_docs.append({"id": d, "kind": "", "source": "", "work": "", "generation": plan.docs[d]})
        inputs: list[str] = []
        counts: list[int] = []
        for r in new_rows:
            parts = embedding_inputs(r, self.header, self.piece_chars)
            inputs.extend(parts)
            counts.append(len(parts))
        hashes = [text_hash(embedder.model_id, t) for t in inputs]
        todo = [i for i, h in enumerate(hashes) if h not in cache]
        fresh_vecs = np.zeros((len(inputs), embedder.dim), dtype=np.float32)
        for b in range(0, len(todo), 256):
            part = todo[b : b + 256]
            fresh_vecs[part] = embedder.embed_texts([inputs[i] for i in part])
            if on_progress:
                on_progress(min(b + 256, len(todo)), len(todo))
        for i, h in enumerate(hashes):
            if h in cache:
                fresh_vecs[i] = self.vectors[cache[h]]  # type: ignore[index]
        old_vecs = np.asarray(self.vectors[keep_pieces]) if len(keep_pieces) else np.zeros((0, embedder.dim), np.float32)
        vectors = np.concatenate([old_vecs, fresh_vecs]).astype(np.float32, copy=False)
        kept_counts = (np.diff(np.append(self.rows["piece_start"], len(old_hashes)))[keep_rows]
                       if len(keep_rows) else np.zeros(0, dtype=np.int64))
        all_counts = np.concatenate([kept_counts, np.array(counts, dtype=np.int64)])
        old_doc_ids = [old_docs[int(self.rows["doc"][i])]["id"] for i in keep_rows]

        def kept(name: str, dtype: Any) -> "np.ndarray":
            return self.rows[name][keep_rows].astype(dtype) if len(keep_rows) else np.zeros(0, dtype)

        rows_arr = {
            "doc": np.array([doc_index[d] for d in old_doc_ids] + [doc_index[r.doc_id] for r in new_rows],
                            dtype=np.int32),
            "citable": np.concatenate([kept("citable", np.uint8),
                                       np.array([int(r.citable) for r in new_rows], dtype=np.uint8)]),
            "valid_from": np.concatenate([kept("valid_from", np.int32),
                                          np.array([r.valid_from for r in new_rows], dtype=np.int32)]),
            "valid_to": np.concatenate([kept("valid_to", np.int32),
                                        np.array([r.valid_to for r in new_rows], dtype=np.int32)]),
            "piece_start": (np.cumsum(all_counts) - all_counts).astype(np.int64),
        }
        params = {
            "format": DENSE_FORMAT_VERSION, "model_id": embedder.model_id, "dim": embedder.dim,
            "header": self.header, "piece_chars": self.piece_chars, "generation": plan.generation, "docs": new_docs,
            "chunk_ids": [old_ids[i] for i in keep_rows] + [r.chunk_id for r in new_rows],
            "hashes": [old_hashes[i] for i in keep_pieces] + hashes,
        }
        self._write(vectors, rows_arr, params)
        self._load(verify=False)
        return plan

    def _write(self, vectors: "np.ndarray", rows: dict[str, "np.ndarray"], params: dict[str, Any]) -> None:
        import numpy as np

        self.path.mkdir(parents=True, exist_ok=True)
        name = f"g{params['generation']}-{os.getpid()}-{os.urandom(3).hex()}"
        folder = self.path / name
        folder.mkdir()
        np.save(folder / "vectors.npy", vectors, allow_pickle=False)
        np.savez(folder / "rows.npz", **rows)
        params = {**params, "store": self.store_id,
                  "checksums": {f: _crc32(folder / f) for f in ("vectors.npy", "rows.npz")}}
        _write_json_atomic(folder / "params.json", params)
        _write_text_atomic(self.path / "CURRENT", name)
        for p in self.path.iterdir():  # an open memory map of a removed file stays readable until released
            if p.is_dir() and p.name != name:
                shutil.rmtree(p, ignore_errors=True)

    def mask(self, f: "SearchFilters", state: Any = None) -> "np.ndarray | None":
        """Chunk rows that pass ``filters`` (None: all rows)."""
        import numpy as np

        st = state or self._state
        assert st is not None
        params, _, rows, doc_masks = st
        m: np.ndarray | None = None

        def both(a: np.ndarray) -> None:
            nonlocal m
            m = a if m is None else (m & a)

        if not f.include_non_citable:
            both(rows["citable"].astype(bool))
        if f.kinds or f.sources or f.works or f.documents:
            key = (f.kinds, f.sources, f.works, f.documents)
            if key not in doc_masks:
                kinds = {k.value for k in f.kinds}
                allowed = np.array([
                    (not kinds or d["kind"] in kinds) and (not f.sources or d["source"] in f.sources)
                    and (not f.works or d["work"] in f.works)
                    and (not f.documents or d["id"] in f.documents or d["source"] in f.documents)
                    for d in params["docs"]
                ] or [False], dtype=bool)
                doc_masks[key] = allowed
            both(doc_masks[key][rows["doc"]])
        if f.as_of:
            d = date_key(f.as_of, DATE_MIN)
            both((rows["valid_from"] <= d) & (rows["valid_to"] > d))
        return m

    def search(self, qvec: "np.ndarray", filters: "SearchFilters", limit: int,
               prior: dict[str, float] | None = None) -> list[tuple[str, float]]:
        """Chunk ids and cosine scores (each chunk's best piece), best first, among chunks that pass ``filters``
        (exact search); chunks of the documents in ``prior`` get its value added."""
        import numpy as np

        st = self._state
        if st is None:
            raise IndexUnavailable(f"the dense index at {self.path} is missing or unreadable; sync it first")
        params, vectors, rows, _ = st
        n = len(params["chunk_ids"])
        if n == 0:
            return []
        q = qvec.astype(np.float32)
        key = (params.get("generation"), len(vectors), q.tobytes())
        last = self._last_scores  # one (key, scores) tuple, swapped whole: safe across threads
        if last is not None and last[0] == key:
            scores = last[1]  # the same question again (a named-documents-first search filling up)
        else:
            piece_scores = np.asarray(vectors @ q)
            scores = np.maximum.reduceat(piece_scores, rows["piece_start"]) if len(piece_scores) > n \
                else piece_scores
            self._last_scores = (key, scores)
        if prior:
            ids_of = {d["id"]: i for i, d in enumerate(params["docs"])}
            lift = np.zeros(len(params["docs"]), dtype=np.float32)
            for d, w in prior.items():
                if d in ids_of:
                    lift[ids_of[d]] = w
            scores = scores + lift[rows["doc"]]
        m = self.mask(filters, st)
        if m is not None:
            scores = np.where(m, scores, -np.inf)
        limit = min(limit, n)
        top = np.argpartition(-scores, limit - 1)[:limit] if limit < n else np.arange(n)
        top = top[np.argsort(-scores[top], kind="stable")]
        ids = params["chunk_ids"]
        return [(ids[i], float(scores[i])) for i in top if np.isfinite(scores[i])]


def _write_json_atomic(path: Path, obj: Any) -> None:
    _write_text_atomic(path, json.dumps(obj, ensure_ascii=False))


def _write_text_atomic(path: Path, text: str) -> None:
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(text)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)


def sync_lexical(store: "Store", on_progress: Callable[[int, int], None] | None = None) -> ChangeSet:
    """Update (or build) the lexical index of ``store``: only documents whose generation changed."""
    own = getattr(store, "search_indexes", None)  # a store that searches itself (PostgreSQL) brings its own
    if own is not None:
        return own(Chunker.STRUCTURAL, "title+path")[0].sync(store, on_progress)
    return LexicalIndex(index_paths(store)[0]).sync(store, on_progress)


def sync_dense(store: "Store", embedder: "Embedder", header: str = "title+path",
               on_progress: Callable[[int, int], None] | None = None) -> ChangeSet:
    """Update (or build) the dense index of ``store``, embedding only new text."""
    own = getattr(store, "search_indexes", None)
    if own is not None:
        return own(Chunker.STRUCTURAL, header)[1].sync(store, embedder, on_progress)
    return DenseIndex(index_paths(store)[1], header).sync(store, embedder, on_progress)


def index_size(path: Path) -> int:
    """Bytes on disk under ``path``."""
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file()) if path.exists() else 0


__all__: Sequence[str] = (
    "DenseIndex", "LexicalIndex", "IndexRow", "ChangeSet", "index_dir", "sync_lexical", "sync_dense",
    "parse_legal_query", "legal_phrases", "date_key", "plan_changes",
)
