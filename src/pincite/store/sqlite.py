"""SQLite, the embedded system of record.

One database file.  Every document is written inside one ``BEGIN IMMEDIATE`` transaction: its row,
its units and its page markers land together or not at all, and replacing a document (same source,
new bytes) deletes the old rows in that same transaction.  Schema changes are named migrations.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import re
import sqlite3
import threading
from dataclasses import replace
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any

from pincite.errors import DiskFull, NotFound, StoreError
from pincite.store import DenseSearch, DocumentSummary, LexicalSearch, PutOutcome, best_match, lookup_keys
from pincite.store.rows import (
    CHUNK_COLUMNS, DOCUMENT_COLUMNS, GENERATION_KEY, PAGE_COLUMNS, STORE_ID_KEY, UNIT_COLUMNS, chunk_envelope,
    chunk_from_row, copies_by_document, document_from_rows, summary_from_row, unit_attrs_json, with_copies,
)
from pincite.types import Chunk, Chunker, Document, DocumentKind

MIGRATIONS: list[tuple[str, str]] = [
    (
        "0001_documents_units_pages",
        """
        CREATE TABLE documents (
            id TEXT PRIMARY KEY,
            source TEXT NOT NULL UNIQUE,
            format TEXT NOT NULL,
            kind TEXT NOT NULL,
            title TEXT NOT NULL,
            citation TEXT,
            date TEXT,
            work TEXT,
            version_json TEXT,
            content_sha256 TEXT NOT NULL,
            text TEXT NOT NULL,
            warnings_json TEXT NOT NULL DEFAULT '[]',
            meta_json TEXT NOT NULL DEFAULT '{}',
            ingested_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
        );
        CREATE INDEX documents_work ON documents(work);
        CREATE INDEX documents_kind ON documents(kind);
        CREATE TABLE units (
            doc_id TEXT NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
            ordinal INTEGER NOT NULL,
            kind TEXT NOT NULL,
            number TEXT,
            label TEXT,
            char_start INTEGER NOT NULL,
            char_end INTEGER NOT NULL,
            zone TEXT NOT NULL,
            citable INTEGER NOT NULL,
            author TEXT,
            role TEXT,
            role_basis TEXT,
            section_path_json TEXT NOT NULL DEFAULT '[]',
            page_start TEXT,
            page_end TEXT,
            pdf_page_start INTEGER,
            pdf_page_end INTEGER,
            in_force_from TEXT,
            in_force_to TEXT,
            parent INTEGER,
            attrs_json TEXT NOT NULL DEFAULT '{}',
            PRIMARY KEY (doc_id, ordinal),
            CHECK (char_start >= 0 AND char_end >= char_start)
        );
        CREATE TABLE pages (
            doc_id TEXT NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
            ordinal INTEGER NOT NULL,
            pdf_index INTEGER NOT NULL,
            label TEXT,
            char_start INTEGER NOT NULL,
            char_end INTEGER NOT NULL,
            furniture_json TEXT NOT NULL DEFAULT '[]',
            PRIMARY KEY (doc_id, ordinal)
        );
        """,
    ),
    (
        "0002_chunks_settings",
        """
        CREATE TABLE chunks (
            doc_id TEXT NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
            chunker TEXT NOT NULL,
            ordinal INTEGER NOT NULL,
            id TEXT NOT NULL,
            settings TEXT NOT NULL,
            char_start INTEGER NOT NULL,
            char_end INTEGER NOT NULL,
            units_json TEXT NOT NULL,
            zone TEXT NOT NULL,
            citable INTEGER NOT NULL,
            author TEXT,
            role TEXT,
            in_force_from TEXT,
            in_force_to TEXT,
            envelope_json TEXT NOT NULL,
            PRIMARY KEY (doc_id, chunker, ordinal)
        );
        CREATE UNIQUE INDEX chunks_id ON chunks(id);
        CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL)
        """,
    ),
    (
        "0003_generations",
        """
        CREATE TABLE doc_generations (
            doc_id TEXT PRIMARY KEY REFERENCES documents(id) ON DELETE CASCADE,
            generation INTEGER NOT NULL
        )
        """,
    ),
    (
        # who this store is: the derived indexes in <db>.index/ record it, so an index folder copied from
        # another store (whose generations may well match) is rebuilt rather than answered from
        "0004_store_id",
        "INSERT OR IGNORE INTO settings(key, value) VALUES ('store.id', lower(hex(randomblob(16))))",
    ),
    (
        # the vectors of embedded passage texts, keyed by the model and the text's hash: written in committed
        # batches while embedding, so a killed run keeps what it computed, and any text embedded once (before a
        # re-chunk, a re-ingest, a parser change) is never embedded again.  The dense index is built from them.
        "0005_embeddings",
        """
        CREATE TABLE embeddings (
            model TEXT NOT NULL,
            text_hash TEXT NOT NULL,
            vector BLOB NOT NULL,
            PRIMARY KEY (model, text_hash)
        ) WITHOUT ROWID
        """,
    ),
    (
        # twins (pincite.twins): each contract's fingerprint (its printed title, parties, date and a sketch of
        # its words), and the group of files holding the same agreement, with the one copy cited for them all
        "0006_contract_prints",
        """
        CREATE TABLE contract_prints (
            doc_id TEXT PRIMARY KEY REFERENCES documents(id) ON DELETE CASCADE,
            print_json TEXT NOT NULL,
            twin_group TEXT,
            canonical INTEGER NOT NULL DEFAULT 0
        );
        CREATE INDEX contract_prints_group ON contract_prints(twin_group)
        """,
    ),
]


class SQLiteStore:
    """The embedded store.  Safe for one writer and many readers (WAL)."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self._exclusive = threading.local()  # per thread: how deep it is inside exclusive()
        try:
            if self.path.parent and not self.path.parent.exists():
                self.path.parent.mkdir(parents=True, exist_ok=True)
            self.conn = sqlite3.connect(str(self.path), isolation_level=None, check_same_thread=False)
            self.conn.execute("PRAGMA journal_mode=WAL")
            self.conn.execute("PRAGMA foreign_keys=ON")
            self.conn.execute("PRAGMA synchronous=NORMAL")
            self.conn.execute("PRAGMA busy_timeout=10000")
            self._migrate()
        except sqlite3.DatabaseError as e:
            raise StoreError(f"cannot open database {self.path}: {e}") from e

    # -- schema ---------------------------------------------------------------------------------

    def _migrate(self) -> None:
        c = self.conn
        c.execute("CREATE TABLE IF NOT EXISTS migrations (name TEXT PRIMARY KEY, applied_at TEXT NOT NULL "
                  "DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')))")
        done = {r[0] for r in c.execute("SELECT name FROM migrations")}
        for name, sql in MIGRATIONS:
            if name in done:
                continue
            c.execute("BEGIN IMMEDIATE")
            try:
                for stmt in sql.split(";"):
                    if stmt.strip():
                        c.execute(stmt)
                c.execute("INSERT INTO migrations(name) VALUES (?)", (name,))
                c.execute("COMMIT")
            except BaseException:
                c.execute("ROLLBACK")
                raise

    def close(self) -> None:
        self.conn.close()

    @contextlib.contextmanager
    def _transaction(self, what: str) -> Iterator[sqlite3.Connection]:
        """One write transaction (``BEGIN IMMEDIATE`` … ``COMMIT``), rolled back on any error; a database error
        becomes :class:`StoreError` saying ``what`` failed."""
        c = self.conn
        c.execute("BEGIN IMMEDIATE")
        try:
            yield c
            c.execute("COMMIT")
        except BaseException as e:
            if c.in_transaction:  # SQLite ends the transaction itself on a full disk ("cannot rollback" hid why)
                try:
                    c.execute("ROLLBACK")
                except sqlite3.Error:
                    pass
            if _disk_full(e):
                raise DiskFull(self.path, what) from e
            if isinstance(e, sqlite3.DatabaseError):
                raise StoreError(f"{what}: {e}") from e
            raise

    def __enter__(self) -> "SQLiteStore":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- writes ---------------------------------------------------------------------------------

    def find_unchanged(self, source: str, sha256: str, parser: int | None = None) -> str | None:
        sql = "SELECT id FROM documents WHERE source = ? AND content_sha256 = ?"
        args: tuple = (source, sha256)
        if parser is not None:
            sql += " AND json_extract(meta_json, '$.parser') = ?"
            args += (parser,)
        row = self.conn.execute(sql, args).fetchone()
        return row[0] if row else None

    def put_document(self, doc: Document, chunks: Sequence[Chunk] = (), chunk_settings: str = "") -> PutOutcome:
        """Store ``doc`` (and its chunks) atomically, replacing any document from the same source or id."""
        try:
            with self._transaction(f"{doc.source}: could not store document") as c:
                old = c.execute(
                    "SELECT id, content_sha256, json_extract(meta_json, '$.parser') FROM documents "
                    "WHERE source = ? OR id = ?", (doc.source, doc.id)
                ).fetchall()
                # the same bytes read by the same parser version: nothing to write (a newer parser re-reads them)
                if len(old) == 1 and old[0][:2] == (doc.id, doc.content_sha256) and old[0][2] == doc.meta.get("parser"):
                    raise _Unchanged
                for (old_id, _, _) in old:
                    c.execute("DELETE FROM documents WHERE id = ?", (old_id,))
                c.execute(
                    "INSERT INTO documents(id, source, format, kind, title, citation, date, work, version_json, "
                    "content_sha256, text, warnings_json, meta_json) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)",
                    (
                        doc.id, doc.source, doc.format.value, doc.kind.value, doc.title, doc.citation, doc.date,
                        doc.work, json.dumps(doc.version) if doc.version is not None else None,
                        doc.content_sha256, doc.text, json.dumps(list(doc.warnings)),
                        json.dumps(doc.meta, default=str),
                    ),
                )
                c.executemany(
                    "INSERT INTO units(doc_id, ordinal, kind, number, label, char_start, char_end, zone, citable, "
                    "author, role, role_basis, section_path_json, page_start, page_end, pdf_page_start, "
                    "pdf_page_end, in_force_from, in_force_to, parent, attrs_json) "
                    "VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
                    [
                        (
                            doc.id, u.ordinal, u.kind.value, u.number, u.label, u.char_start, u.char_end,
                            u.zone.value, int(u.citable), u.author, u.role.value if u.role else None, u.role_basis,
                            json.dumps(list(u.section_path)), u.page_start, u.page_end, u.pdf_page_start,
                            u.pdf_page_end, u.in_force_from, u.in_force_to, u.parent,
                            unit_attrs_json(u),
                        )
                        for u in doc.units
                    ],
                )
                c.executemany(
                    "INSERT INTO pages(doc_id, ordinal, pdf_index, label, char_start, char_end, furniture_json) "
                    "VALUES (?,?,?,?,?,?,?)",
                    [
                        (doc.id, i, p.pdf_index, p.label, p.char_start, p.char_end, json.dumps(list(p.furniture)))
                        for i, p in enumerate(doc.pages)
                    ],
                )
                self._insert_chunks(doc.id, chunks, chunk_settings)
                self._bump_generation(doc.id)
        except _Unchanged:  # rolled back: nothing was written
            return PutOutcome.UNCHANGED
        return PutOutcome.REPLACED if old else PutOutcome.ADDED

    def _insert_chunks(self, doc_id: str, chunks: Sequence[Chunk], settings_key: str) -> None:
        self.conn.executemany(
            "INSERT INTO chunks(doc_id, chunker, ordinal, id, settings, char_start, char_end, units_json, zone, "
            "citable, author, role, in_force_from, in_force_to, envelope_json) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
            [
                (
                    doc_id, ch.chunker.value, ch.ordinal, ch.id, settings_key, ch.char_start, ch.char_end,
                    json.dumps(list(ch.units)), ch.zone.value, int(ch.citable), ch.author,
                    ch.role.value if ch.role else None, ch.in_force_from, ch.in_force_to, json.dumps(chunk_envelope(ch)),
                )
                for ch in chunks
            ],
        )

    def replace_chunks(self, doc_id: str, chunker: Chunker, chunks: Sequence[Chunk], settings_key: str) -> None:
        """Swap one document's chunks of one chunker in a single transaction (re-chunking never re-parses)."""
        with self._transaction(f"{doc_id}: could not store its chunks") as c:
            c.execute("DELETE FROM chunks WHERE doc_id = ? AND chunker = ?", (doc_id, chunker.value))
            self._insert_chunks(doc_id, chunks, settings_key)
            self._bump_generation(doc_id)

    def get_chunks(self, doc_id: str, chunker: Chunker = Chunker.STRUCTURAL) -> list[Chunk]:
        rows = self.conn.execute(
            f"SELECT {CHUNK_COLUMNS} FROM chunks c WHERE c.doc_id = ? AND c.chunker = ? ORDER BY c.ordinal",
            (doc_id, chunker.value),
        )
        return [chunk_from_row(r) for r in rows]

    def get_chunks_by_id(self, chunk_ids: Sequence[str]) -> dict[str, tuple[Chunk, str]]:
        """Chunks by id with their text (``document.text[char_start:char_end]``), read in one snapshot.

        Ids not in the store are absent from the result (an index answering from an older generation)."""
        out: dict[str, tuple[Chunk, str]] = {}
        ids = list(dict.fromkeys(chunk_ids))
        for i in range(0, len(ids), 500):
            part = ids[i : i + 500]
            rows = self.conn.execute(
                f"SELECT {CHUNK_COLUMNS}, substr(d.text, c.char_start + 1, c.char_end - c.char_start) "
                f"FROM chunks c JOIN documents d ON d.id = c.doc_id WHERE c.id IN ({','.join('?' * len(part))})",
                part,
            )
            for r in rows:
                out[r[3]] = (chunk_from_row(r), r[14])
        return out

    # -- embeddings: vectors of passage texts, by model and text hash ----------------------------------

    def get_embeddings(self, model: str, hashes: Sequence[str]) -> dict[str, bytes]:
        """The stored vectors (float32 bytes) of those of ``hashes`` embedded with ``model``."""
        out: dict[str, bytes] = {}
        ids = list(dict.fromkeys(hashes))
        for i in range(0, len(ids), 500):
            part = ids[i : i + 500]
            out.update(self.conn.execute(
                f"SELECT text_hash, vector FROM embeddings WHERE model = ? AND text_hash IN "
                f"({','.join('?' * len(part))})", (model, *part)).fetchall())
        return out

    def put_embeddings(self, model: str, vectors: Sequence[tuple[str, bytes]]) -> None:
        """Keep ``(text hash, float32 bytes)`` vectors of ``model`` in one transaction (a hash already kept
        keeps its vector: the same text gives the same vector)."""
        with self._transaction(f"could not store {len(vectors)} vectors in {self.path}") as c:
            c.executemany("INSERT OR IGNORE INTO embeddings(model, text_hash, vector) VALUES (?, ?, ?)",
                          [(model, h, v) for h, v in vectors])

    def count_embeddings(self, model: str) -> int:
        """How many vectors of ``model`` the store keeps."""
        return int(self.conn.execute("SELECT count(*) FROM embeddings WHERE model = ?", (model,)).fetchone()[0])

    # -- generations (how derived indexes tell they are stale) ------------------------------------

    def _bump_generation(self, doc_id: str | None) -> None:
        """Inside a write transaction: advance the store's generation; record it as ``doc_id``'s."""
        c = self.conn
        c.execute(
            "INSERT INTO settings(key, value) VALUES (?, '1') "
            "ON CONFLICT(key) DO UPDATE SET value = CAST(value AS INTEGER) + 1", (GENERATION_KEY,)
        )
        if doc_id is not None:
            c.execute(
                "INSERT INTO doc_generations(doc_id, generation) SELECT ?, CAST(value AS INTEGER) FROM settings "
                "WHERE key = ? ON CONFLICT(doc_id) DO UPDATE SET generation = excluded.generation",
                (doc_id, GENERATION_KEY),
            )

    def generation(self) -> int:
        """The store's generation: it grows with every write of a document, its chunks or a deletion."""
        row = self.conn.execute("SELECT value FROM settings WHERE key = ?", (GENERATION_KEY,)).fetchone()
        return int(row[0]) if row else 0

    def document_generations(self) -> tuple[int, dict[str, int]]:
        """The store's generation and each document's (the generation of its last write), in one snapshot.

        A document stored before generations were recorded has generation 0."""
        c = self.conn
        c.execute("BEGIN")
        try:
            gen = self.generation()
            docs = {r[0]: int(r[1]) for r in c.execute(
                "SELECT d.id, coalesce(g.generation, 0) FROM documents d "
                "LEFT JOIN doc_generations g ON g.doc_id = d.id")}
        finally:
            c.execute("COMMIT")
        return gen, docs

    def store_id(self) -> str | None:
        """A random id given to this store when it was created (or first opened by a pincite giving ids)."""
        return self.get_setting(STORE_ID_KEY)

    def get_setting(self, key: str) -> str | None:
        row = self.conn.execute("SELECT value FROM settings WHERE key = ?", (key,)).fetchone()
        return row[0] if row else None

    def set_setting(self, key: str, value: str) -> None:
        c = self.conn
        c.execute("BEGIN IMMEDIATE")
        c.execute("INSERT INTO settings(key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                  (key, value))
        c.execute("COMMIT")

    @contextlib.contextmanager
    def exclusive(self, key: str) -> Iterator[None]:
        """:meth:`pincite.store.Store.exclusive`: one BSD lock (``flock``) on the database file for every key —
        SQLite has one writer at a time anyway — held by every connection, thread and process that opens the
        file (on Linux independent of SQLite's own POSIX locks on it)."""
        held = self._exclusive
        if getattr(held, "depth", 0):  # this thread holds it already: nested, not a second lock on the file
            held.depth += 1
            try:
                yield
            finally:
                held.depth -= 1
            return
        try:
            import fcntl
        except ImportError:  # not a POSIX system: no lock across processes
            fcntl = None  # type: ignore[assignment]
        try:
            fd = os.open(self.path, os.O_RDONLY)
        except OSError as e:
            raise StoreError(f"{self.path}: cannot lock the database for {key}: {e.strerror or e}") from e
        try:
            if fcntl is not None:
                fcntl.flock(fd, fcntl.LOCK_EX)  # a lock per open file: other threads' descriptors wait too
            held.depth = 1
            yield
        finally:
            held.depth = 0
            os.close(fd)  # closing the descriptor releases the lock

    def set_in_force_windows(self, windows: Iterable[tuple[str, int, str | None, str | None]]) -> int:
        """Set ``(doc_id, ordinal, in_force_from, in_force_to)`` for many units in ONE transaction.

        Used by :func:`pincite.versions.refresh_work` after comparing the versions of a work; either every
        window of the work is updated or none is.  Returns the number of units changed."""
        changed = 0
        with self._transaction("could not update in-force windows") as c:
            for doc_id, ordinal, start, end in windows:
                cur = c.execute(
                    "UPDATE units SET in_force_from = ?, in_force_to = ? WHERE doc_id = ? AND ordinal = ? "
                    "AND (in_force_from IS NOT ? OR in_force_to IS NOT ?)",
                    (start, end, doc_id, ordinal, start, end),
                )
                changed += cur.rowcount
        return changed

    def delete_document(self, id_or_source: str) -> None:
        doc_id = self._resolve(id_or_source)
        # one transaction, rolled back whole on any error: a full disk is DiskFull (the server's 507), and the
        # document stays as it was with its units, chunks and vectors (issue 50)
        with self._transaction(f"removing document {doc_id}") as c:
            c.execute("DELETE FROM documents WHERE id = ?", (doc_id,))
            self._bump_generation(None)

    # -- reads ----------------------------------------------------------------------------------

    def _resolve(self, id_or_source: str) -> str:
        """The id of the document ``id_or_source`` names: by id, or by source under each of
        :func:`~pincite.store.lookup_keys` (one indexed query; no stored path is resolved)."""
        keys = lookup_keys(id_or_source)
        rows = [] if not keys else self.conn.execute(
            f"SELECT id, source FROM documents WHERE id = ? OR source IN ({','.join('?' * len(keys))})",
            (id_or_source, *keys)).fetchall()
        doc_id = best_match(id_or_source, keys, rows)
        if doc_id is None:
            raise NotFound(f"no document {id_or_source!r} in {self.path}; 'pincite documents' lists them")
        return doc_id

    def get_document(self, id_or_source: str) -> Document:
        doc_id = self._resolve(id_or_source)
        c = self.conn
        c.execute("BEGIN")  # one consistent snapshot of the document and its units
        try:
            r = c.execute(f"SELECT {DOCUMENT_COLUMNS} FROM documents WHERE id = ?", (doc_id,)).fetchone()
            if r is None:
                raise NotFound(f"document {doc_id} vanished while reading")
            units = c.execute(f"SELECT {UNIT_COLUMNS} FROM units WHERE doc_id = ? ORDER BY ordinal", (doc_id,)).fetchall()
            pages = c.execute(f"SELECT {PAGE_COLUMNS} FROM pages WHERE doc_id = ? ORDER BY ordinal", (doc_id,)).fetchall()
            twins = c.execute(
                "SELECT p.doc_id, p.twin_group, p.canonical FROM contract_prints p WHERE p.twin_group = "
                "(SELECT twin_group FROM contract_prints WHERE doc_id = ?)", (doc_id,)).fetchall()
        finally:
            c.execute("COMMIT")
        doc = document_from_rows(r, units, pages)
        copies, copy_of = copies_by_document(twins).get(doc_id, ((), None))
        return replace(doc, copies=copies, copy_of=copy_of) if copies else doc

    def list_documents(self, kind: DocumentKind | None = None, work: str | None = None) -> list[DocumentSummary]:
        where, args = [], []  # type: list[str], list[Any]
        if kind is not None:
            where.append("d.kind = ?")
            args.append(kind.value)
        if work is not None:
            where.append("d.work = ?")
            args.append(work)
        sql = (
            "SELECT d.id, d.source, d.kind, d.format, d.title, d.citation, d.date, d.work, d.version_json, "
            "(SELECT count(*) FROM units u WHERE u.doc_id = d.id), d.warnings_json, "
            "json_extract(d.meta_json, '$.numbering.verdict') FROM documents d"
            + (" WHERE " + " AND ".join(where) if where else "")
            + " ORDER BY d.work IS NULL, d.work, d.date, d.source"
        )
        rows = [summary_from_row(r) for r in self.conn.execute(sql, args)]
        return with_copies(rows, copies_by_document(self.conn.execute(
            "SELECT doc_id, twin_group, canonical FROM contract_prints WHERE twin_group IS NOT NULL")))

    # -- twins: the fingerprints of contracts and their groups (pincite.twins) ---------------------------

    def contract_prints(self) -> list[tuple[str, str | None, str | None, bool]]:
        return [(r[0], r[1], r[2], bool(r[3])) for r in self.conn.execute(
            "SELECT d.id, p.print_json, p.twin_group, coalesce(p.canonical, 0) FROM documents d "
            "LEFT JOIN contract_prints p ON p.doc_id = d.id WHERE d.kind = 'contract' ORDER BY d.id")]

    def set_contract_prints(self, rows: Sequence[tuple[str, str, str | None, bool]]) -> None:
        if not rows:
            return
        with self._transaction("could not store the contracts' fingerprints") as c:
            c.executemany(
                "INSERT INTO contract_prints(doc_id, print_json, twin_group, canonical) "
                "SELECT ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM documents WHERE id = ?) "
                "ON CONFLICT(doc_id) DO UPDATE SET print_json = excluded.print_json, "
                "twin_group = excluded.twin_group, canonical = excluded.canonical",
                [(d, p, g, int(bool(k)), d) for d, p, g, k in rows])
            self._bump_generation(None)  # what a search cites changed: its caches are stale

    def counts(self) -> dict[str, int]:
        c = self.conn
        return {
            "documents": c.execute("SELECT count(*) FROM documents").fetchone()[0],
            "units": c.execute("SELECT count(*) FROM units").fetchone()[0],
        }

    # -- search: the embedded indexes are derived files beside the database (pincite.search) ----------

    def search_indexes(self, chunker: Chunker = Chunker.STRUCTURAL,
                       header: str = "title+path") -> tuple[LexicalSearch, DenseSearch] | None:
        """None: this store keeps no search index inside it; :mod:`pincite.search` derives them into
        ``<db>.index/``."""
        return None

    # -- evaluation runs: one JSON file each in ``<db>.eval/`` beside the database ----------------------

    def eval_dir(self) -> Path:
        """Where ``pincite eval`` keeps the run records of this store: ``<db>.eval/``."""
        return self.path.with_name(self.path.name + ".eval")

    def record_eval_run(self, name: str, run: dict[str, Any]) -> None:
        """Keep one ``pincite eval`` run record as ``<db>.eval/<name>.json`` (replacing one of that name)."""
        if not _RUN_NAME.fullmatch(name):
            raise StoreError(f"eval run name {name!r}: letters, digits, '.', '_' and '-' only")
        folder = self.eval_dir()
        folder.mkdir(parents=True, exist_ok=True)
        (folder / f"{name}.json").write_text(json.dumps(run, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")

    def list_eval_runs(self, limit: int = 100) -> list[tuple[str, str]]:
        """(name, run record JSON) of the recorded runs, newest name first (an unreadable file: empty text,
        which the reader reports as unreadable)."""
        folder = self.eval_dir()
        paths = sorted(folder.glob("*.json"), key=lambda p: p.name, reverse=True)[:limit] if folder.is_dir() else []
        return [(p.stem, _read_text(p)) for p in paths]

    def get_eval_run(self, name: str) -> str | None:
        """The run record JSON recorded under ``name``, or None (also for a name that is not a file name)."""
        if not _RUN_NAME.fullmatch(name) or name.startswith("."):
            return None
        path = self.eval_dir() / f"{name}.json"
        return _read_text(path) if path.is_file() else None


class _Unchanged(Exception):
    """Leaves :meth:`SQLiteStore.put_document`'s transaction without writing (the same bytes, the same parser)."""


#: What an eval run's name may hold: it is a file name in ``<db>.eval/``.
_RUN_NAME = re.compile(r"[A-Za-z0-9._-]{1,200}")


def _read_text(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return ""


def _disk_full(e: BaseException) -> bool:
    """A write that failed for want of space: SQLite's SQLITE_FULL, or ENOSPC from the file system."""
    if isinstance(e, sqlite3.DatabaseError):
        return getattr(e, "sqlite_errorcode", None) == sqlite3.SQLITE_FULL or "database or disk is full" in str(e)
    return isinstance(e, OSError) and e.errno == errno.ENOSPC
