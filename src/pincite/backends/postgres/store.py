"""PostgreSQL (+ pgvector), the system of record for a corpus that outgrows one SQLite file and one process.

Same behaviour as :mod:`pincite.store.sqlite`, behind the same :class:`~pincite.store.Store` interface:

* **One transaction per document.**  A document's row, units, pages, chunks (with their full-text vectors) and
  its generation land together or not at all; replacing a document deletes the old rows in the same
  transaction; a client killed mid-document leaves nothing (the server rolls the transaction back).
* **Many writers at once.**  Every write transaction first takes transaction-scoped advisory locks on the
  keys it touches (``source:<path>``, ``doc:<id>``), in one global order, so two processes storing the same
  file serialise and the second finds it unchanged; unique constraints (``sources.source``, the documents'
  and units' keys) back the locks up.  Deadlocks or serialisation failures are retried.
* **Generations.**  A store-wide counter in ``settings`` is advanced as the last statement of each write; its
  row lock is held only while the transaction commits, so generation order is commit order and a reader
  that sees generation N sees every write up to N.
* **Search in SQL.**  Chunks carry a weighted ``tsvector`` (text, and section path / labels / lead-in) written
  in the document's own transaction, so the lexical index is never stale; dense vectors (pgvector,
  ``vector(384)``, HNSW, cosine) are filled at ingest (or by ``pincite embed``, or the first search that
  needs them) from ``embeddings``, the vectors of every text embedded, kept by model and text hash and
  written in committed batches, as with the embedded store.  See :mod:`pincite.backends.postgres.search`.
* **Distribution.**  Every table holding a document's rows has the document id as its first key column, so
  on Citus they are distributed by ``doc_id`` and colocated (the README says how); ``sources`` is keyed by
  source and ``settings``/``migrations`` are small reference tables.

The connection URL is a libpq URL (``postgresql://user:pass@host:5432/db``).  The ``vector`` extension must
be installable by the connecting role (or created beforehand by an administrator).
"""

from __future__ import annotations

import contextlib
import json
import re
import threading
from dataclasses import replace
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any, TypeVar

from pincite.backends.postgres.search import PgDenseIndex, PgLexicalIndex, document_terms, posting_rows
from pincite.errors import NotFound, StoreError
from pincite.search.indexes import rows_for_document
from pincite.store import DocumentSummary, PutOutcome, best_match, lookup_keys
from pincite.store.rows import (
    CHUNK_COLUMNS, DOCUMENT_COLUMNS, GENERATION_KEY, PAGE_COLUMNS, UNIT_COLUMNS, chunk_envelope, chunk_from_row,
    copies_by_document, document_from_rows, document_information, summary_from_row, unit_attrs_json, with_copies,
)
from pincite.types import DATE_MAX, DATE_MIN, Chunk, Chunker, Document, DocumentKind, date_key
from pincite.versions import version_date

T = TypeVar("T")

#: The text-search configuration of chunk and document search vectors: PostgreSQL's English one with the
#: Snowball stemmer and NO stop-word list (as the embedded index's tokenizer: a query's "the" still counts,
#: weighed by its idf, and a provision "(a)" keeps its letter).  Created by the first migration.
TS_CONFIG = "pincite_english"
DIM = 384

MIGRATIONS: list[tuple[str, str]] = [
    (
        "0001_documents_units_pages_chunks",
        """
        CREATE EXTENSION IF NOT EXISTS vector;
        CREATE TEXT SEARCH DICTIONARY pincite_stem (TEMPLATE = snowball, Language = english);
        CREATE TEXT SEARCH CONFIGURATION pincite_english (COPY = english);
        ALTER TEXT SEARCH CONFIGURATION pincite_english ALTER MAPPING FOR asciiword, asciihword, hword_asciipart,
            word, hword, hword_part WITH pincite_stem;
        CREATE TABLE settings (key text COLLATE "C" PRIMARY KEY, value text NOT NULL);
        INSERT INTO settings(key, value) VALUES ('store.generation', '0');
        CREATE TABLE documents (
            id text COLLATE "C" PRIMARY KEY,
            source text COLLATE "C" NOT NULL,
            format text NOT NULL,
            kind text NOT NULL,
            title text NOT NULL,
            citation text,
            date text COLLATE "C",
            work text COLLATE "C",
            version_json text,
            content_sha256 text NOT NULL,
            text text NOT NULL,
            warnings_json text NOT NULL DEFAULT '[]',
            meta_json text NOT NULL DEFAULT '{}',
            ingested_at timestamptz NOT NULL DEFAULT now(),
            n_units integer NOT NULL,
            vsort text COLLATE "C" NOT NULL,
            vkey_from integer NOT NULL,
            vkey_to integer NOT NULL,
            docinfo text NOT NULL,
            docinfo_tsv tsvector NOT NULL
        );
        CREATE INDEX documents_source ON documents(source);
        CREATE INDEX documents_work ON documents(work, vsort, id);
        CREATE INDEX documents_kind ON documents(kind);
        CREATE INDEX documents_docinfo ON documents USING gin(docinfo_tsv);
        CREATE TABLE sources (
            source text COLLATE "C" PRIMARY KEY,
            doc_id text COLLATE "C" NOT NULL
        );
        CREATE TABLE units (
            doc_id text COLLATE "C" NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
            ordinal integer NOT NULL,
            kind text NOT NULL,
            number text,
            label text,
            char_start integer NOT NULL,
            char_end integer NOT NULL,
            zone text NOT NULL,
            citable boolean NOT NULL,
            author text,
            role text,
            role_basis text,
            section_path_json text NOT NULL DEFAULT '[]',
            page_start text,
            page_end text,
            pdf_page_start integer,
            pdf_page_end integer,
            in_force_from text,
            in_force_to text,
            parent integer,
            attrs_json text NOT NULL DEFAULT '{}',
            PRIMARY KEY (doc_id, ordinal),
            CHECK (char_start >= 0 AND char_end >= char_start)
        );
        CREATE TABLE pages (
            doc_id text COLLATE "C" NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
            ordinal integer NOT NULL,
            pdf_index integer NOT NULL,
            label text,
            char_start integer NOT NULL,
            char_end integer NOT NULL,
            furniture_json text NOT NULL DEFAULT '[]',
            PRIMARY KEY (doc_id, ordinal)
        );
        CREATE TABLE chunks (
            doc_id text COLLATE "C" NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
            chunker text NOT NULL,
            ordinal integer NOT NULL,
            id text COLLATE "C" NOT NULL,
            settings text NOT NULL,
            char_start integer NOT NULL,
            char_end integer NOT NULL,
            units_json text NOT NULL,
            zone text NOT NULL,
            citable boolean NOT NULL,
            author text,
            role text,
            in_force_from text,
            in_force_to text,
            envelope_json text NOT NULL,
            valid_from integer NOT NULL,
            valid_to integer NOT NULL,
            n_words integer NOT NULL,
            tsv tsvector NOT NULL,
            PRIMARY KEY (doc_id, chunker, ordinal),
            UNIQUE (doc_id, id)
        );
        CREATE INDEX chunks_id ON chunks(id);
        CREATE INDEX chunks_tsv ON chunks USING gin(tsv);
        CREATE TABLE doc_generations (
            doc_id text COLLATE "C" PRIMARY KEY REFERENCES documents(id) ON DELETE CASCADE,
            generation bigint NOT NULL
        );
        CREATE TABLE dense_state (
            doc_id text COLLATE "C" NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
            model_key text NOT NULL,
            generation bigint NOT NULL,
            PRIMARY KEY (doc_id, model_key)
        );
        CREATE TABLE chunk_vectors (
            doc_id text COLLATE "C" NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
            chunk_id text COLLATE "C" NOT NULL,
            model_key text NOT NULL,
            piece integer NOT NULL,
            text_hash text NOT NULL,
            embedding vector(384) NOT NULL,
            PRIMARY KEY (doc_id, model_key, chunk_id, piece)
        );
        CREATE INDEX chunk_vectors_hash ON chunk_vectors(model_key, text_hash);
        CREATE INDEX chunk_vectors_hnsw ON chunk_vectors USING hnsw (embedding vector_cosine_ops)
        """,
    ),
    (
        # BM25 in SQL over our own postings (pincite.backends.postgres.search) replaces full-text search's ts_rank; the postings of
        # documents stored before are written by backfill_postings, in this migration's transaction
        "0002_postings_bm25",
        """
        ALTER TABLE chunks DROP COLUMN tsv;
        ALTER TABLE documents DROP COLUMN docinfo_tsv;
        ALTER TABLE chunks ADD COLUMN n_text integer NOT NULL DEFAULT 0;
        ALTER TABLE chunks ADD COLUMN n_path integer NOT NULL DEFAULT 0;
        CREATE TABLE chunk_terms (
            doc_id text COLLATE "C" NOT NULL,
            chunker text COLLATE "C" NOT NULL,
            ordinal integer NOT NULL,
            field smallint NOT NULL,
            term text COLLATE "C" NOT NULL,
            tf integer NOT NULL,
            norm integer NOT NULL,
            positions integer[]
        );
        CREATE INDEX chunk_terms_doc ON chunk_terms(doc_id, chunker, ordinal, field, term);
        CREATE INDEX chunk_terms_term ON chunk_terms(term, field, chunker) INCLUDE (doc_id, ordinal, tf, norm);
        CREATE TABLE doc_terms (
            doc_id text COLLATE "C" NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
            term text COLLATE "C" NOT NULL,
            PRIMARY KEY (doc_id, term)
        );
        CREATE INDEX doc_terms_term ON doc_terms(term);
        CREATE TABLE eval_runs (
            run_id text COLLATE "C" PRIMARY KEY,
            created_at timestamptz NOT NULL DEFAULT now(),
            report_json text NOT NULL
        )
        """,
    ),
    (
        # a document's text stored uncompressed out of line: a passage's substr() reads its own slice instead of
        # decompressing the whole judgment for every chunk hydrated (documents written from now on)
        "0003_document_text_external",
        """
        ALTER TABLE documents ALTER COLUMN text SET STORAGE EXTERNAL
        """,
    ),
    (
        # a document's information now takes its opening words with whitespace collapsed (pincite.store.rows.
        # opening_words): stored documents get theirs rewritten by _refresh_docinfo, in this migration's transaction
        "0004_docinfo_opening_words",
        "",
    ),
    (
        # the vectors of embedded passage texts by model and text hash, written in committed batches while
        # embedding (a killed run keeps them; a text embedded once is never embedded again); chunk_vectors,
        # the searched table, is filled from them
        "0005_embeddings",
        """
        CREATE TABLE embeddings (
            model text COLLATE "C" NOT NULL,
            text_hash text COLLATE "C" NOT NULL,
            vector bytea NOT NULL,
            PRIMARY KEY (model, text_hash)
        )
        """,
    ),
    (
        # twins (pincite.twins): each contract's fingerprint and the group of files holding the same agreement,
        # with the one copy cited for them all (the same table as SQLite's 0006)
        "0006_contract_prints",
        """
        CREATE TABLE contract_prints (
            doc_id text COLLATE "C" PRIMARY KEY REFERENCES documents(id) ON DELETE CASCADE,
            print_json text NOT NULL,
            twin_group text COLLATE "C",
            canonical boolean NOT NULL DEFAULT false
        );
        CREATE INDEX contract_prints_group ON contract_prints(twin_group)
        """,
    ),
]

_LOCK_SQL = "SELECT pg_advisory_xact_lock(hashtextextended(%s, 0))"
_MIGRATION_LOCK = "pincite:migrations"
_WORD = re.compile(r"[^\W_]+", re.UNICODE)


def search_words(text: str) -> str:
    """``text`` with everything that is not a letter or digit made a space: what is handed to ``to_tsvector``.

    PostgreSQL's parser would keep "2.1" or "4(1)(c)" whole or split them its own way; the lexical index
    and the queries split words exactly as :func:`pincite.text.terms.query_words` does."""
    return " ".join(_WORD.findall(text))


def display_url(url: str) -> str:
    """The URL without its password (for messages)."""
    return re.sub(r"(://[^:/@]*):[^@/]*@", r"\1:***@", url)


def _psycopg() -> Any:
    try:  # optional dependency: pip install 'pincite[postgres]'
        import psycopg
    except ImportError:
        raise StoreError("the PostgreSQL store needs psycopg 3: pip install 'pincite[postgres]' "
                         "(or pip install 'psycopg[binary]')") from None
    return psycopg


class PostgresStore:
    """The PostgreSQL store.  One connection per object; open one per process or thread."""

    def __init__(self, url: str) -> None:
        psycopg = _psycopg()
        self.url = url
        self.path = Path(display_url(url).replace("://", "_", 1).replace("/", "_"))  # a name, never opened
        self._indexes: dict[tuple[Chunker, str], tuple[PgLexicalIndex, PgDenseIndex]] = {}
        self._owner = threading.get_ident()
        self._local = threading.local()
        self._guard = threading.Lock()
        self._thread_conns: list[Any] = []
        try:
            self.conn = psycopg.connect(url, autocommit=True, connect_timeout=20)
        except psycopg.Error as e:
            raise StoreError(f"cannot connect to {display_url(url)}: {str(e).strip()}") from e
        try:
            self._migrate()
        except psycopg.Error as e:
            self.conn.close()
            raise StoreError(f"cannot set up the pincite schema in {display_url(url)}: {str(e).strip()}") from e

    def __repr__(self) -> str:
        return f"PostgresStore({display_url(self.url)!r})"

    def __str__(self) -> str:
        return display_url(self.url)

    # -- schema ---------------------------------------------------------------------------------

    def _migrate(self) -> None:
        c = self.conn
        if c.execute("SELECT to_regclass('migrations')").fetchone()[0] is not None:
            done = {r[0] for r in c.execute("SELECT name FROM migrations")}
            if all(name in done for name, _ in MIGRATIONS):
                return
        with c.transaction():
            c.execute(_LOCK_SQL, (_MIGRATION_LOCK,))  # one process migrates; the others wait, then see it done
            c.execute("CREATE TABLE IF NOT EXISTS migrations (name text COLLATE \"C\" PRIMARY KEY, "
                      "applied_at timestamptz NOT NULL DEFAULT now())")
            done = {r[0] for r in c.execute("SELECT name FROM migrations")}
            for name, sql in MIGRATIONS:
                if name in done:
                    continue
                for stmt in sql.split(";"):
                    if stmt.strip():
                        c.execute(stmt)
                if name == "0002_postings_bm25":
                    self._backfill_postings()
                if name == "0004_docinfo_opening_words":
                    self._refresh_docinfo()
                c.execute("INSERT INTO migrations(name) VALUES (%s)", (name,))

    def _backfill_postings(self) -> None:
        """Inside the migration's transaction: the postings and lengths of the documents already stored."""
        c = self.conn
        for (doc_id,) in c.execute("SELECT id FROM documents ORDER BY id").fetchall():
            r = c.execute(f"SELECT {DOCUMENT_COLUMNS} FROM documents WHERE id = %s", (doc_id,)).fetchone()
            units = c.execute(f"SELECT {UNIT_COLUMNS} FROM units WHERE doc_id = %s ORDER BY ordinal",
                              (doc_id,)).fetchall()
            pages = c.execute(f"SELECT {PAGE_COLUMNS} FROM pages WHERE doc_id = %s ORDER BY ordinal",
                              (doc_id,)).fetchall()
            doc = document_from_rows(r, units, pages)
            chunks = [chunk_from_row(x) for x in c.execute(
                f"SELECT {CHUNK_COLUMNS} FROM chunks c WHERE c.doc_id = %s ORDER BY c.chunker, c.ordinal",
                (doc_id,)).fetchall()]
            rows, postings = _chunk_rows(doc, chunks, "")
            for row in rows:
                c.execute("UPDATE chunks SET n_text = %s, n_path = %s WHERE doc_id = %s AND chunker = %s "
                          "AND ordinal = %s", (row[18], row[19], row[0], row[1], row[2]))
            with c.cursor().copy("COPY chunk_terms (doc_id, chunker, ordinal, field, term, tf, norm, positions) "
                                 "FROM STDIN") as cp:
                for p in postings:
                    cp.write_row(p)
            docinfo = c.execute("SELECT docinfo FROM documents WHERE id = %s", (doc_id,)).fetchone()[0]
            c.execute("INSERT INTO doc_terms(doc_id, term) SELECT %s, unnest(%s::text[])",
                      (doc_id, document_terms(docinfo)))

    def _refresh_docinfo(self) -> None:
        """Inside the migration's transaction: every stored document's information and its terms, recomputed."""
        c = self.conn
        for doc_id, title, citation, source, text in c.execute(
                "SELECT id, title, citation, source, substr(text, 1, 20000) FROM documents ORDER BY id").fetchall():
            docinfo = document_information(title, citation, source, text)
            c.execute("UPDATE documents SET docinfo = %s WHERE id = %s", (docinfo, doc_id))
            c.execute("DELETE FROM doc_terms WHERE doc_id = %s", (doc_id,))
            c.execute("INSERT INTO doc_terms(doc_id, term) SELECT %s, unnest(%s::text[])",
                      (doc_id, document_terms(docinfo)))

    def thread_conn(self) -> Any:
        """This store's connection for the calling thread: :attr:`conn` in the thread that opened the store,
        else one opened for (and kept by) the calling thread, so searches that a server's threads share (one
        retriever, one set of search indexes) never interleave statements or transactions on one connection."""
        if threading.get_ident() == self._owner:
            return self.conn
        c = getattr(self._local, "conn", None)
        if c is None or c.closed:
            psycopg = _psycopg()
            try:
                c = psycopg.connect(self.url, autocommit=True, connect_timeout=20)
            except psycopg.Error as e:
                raise StoreError(f"cannot connect to {display_url(self.url)}: {str(e).strip()}") from e
            self._local.conn = c
            with self._guard:
                self._thread_conns.append(c)
        return c

    def close(self) -> None:
        with self._guard:
            for c in self._thread_conns:
                c.close()
            self._thread_conns.clear()
        self.conn.close()

    def __enter__(self) -> "PostgresStore":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- transactions ---------------------------------------------------------------------------

    def _write(self, what: str, keys: Iterable[str], body: Callable[[], T]) -> T:
        """Run ``body`` in one transaction holding the advisory locks of ``keys`` (sorted: no lock cycles);
        retried on deadlock or serialisation failure.  Database errors become :class:`StoreError`."""
        psycopg = _psycopg()
        from psycopg import errors as pgerr  # psycopg is optional: imported with the first write

        for attempt in range(5):
            try:
                with self.conn.transaction():
                    for k in sorted(set(keys)):
                        self.conn.execute(_LOCK_SQL, (k,))
                    return body()
            except (pgerr.DeadlockDetected, pgerr.SerializationFailure):
                if attempt == 4:
                    raise StoreError(f"{what}: gave up after repeated lock conflicts with other writers") from None
                time.sleep(0.05 * (attempt + 1))
            except _Unchanged as u:
                return u.value  # type: ignore[return-value]
            except psycopg.Error as e:
                raise StoreError(f"{what}: {str(e).strip()}") from e
        raise AssertionError("unreachable")

    def _bump_generation(self, doc_id: str | None) -> int:
        """Inside a write transaction, as its last statement: advance the store's generation."""
        gen = int(self.conn.execute(
            "UPDATE settings SET value = (value::bigint + 1)::text WHERE key = %s RETURNING value",
            (GENERATION_KEY,)).fetchone()[0])
        if doc_id is not None:
            self.conn.execute(
                "INSERT INTO doc_generations(doc_id, generation) VALUES (%s, %s) "
                "ON CONFLICT (doc_id) DO UPDATE SET generation = EXCLUDED.generation", (doc_id, gen))
        return gen

    # -- writes ---------------------------------------------------------------------------------

    def find_unchanged(self, source: str, sha256: str, parser: int | None = None) -> str | None:
        sql = "SELECT id FROM documents WHERE source = %s AND content_sha256 = %s"
        args: tuple = (source, sha256)
        if parser is not None:
            sql += " AND (meta_json::jsonb ->> 'parser') = %s"
            args += (str(parser),)
        row = self.conn.execute(sql, args).fetchone()
        return row[0] if row else None

    def put_document(self, doc: Document, chunks: Sequence[Chunk] = (), chunk_settings: str = "") -> PutOutcome:
        """Store ``doc`` (and its chunks) atomically, replacing any document from the same source or id."""
        _check_text(doc)

        vd = version_date(doc)
        docinfo = document_information(doc.title, doc.citation, doc.source, doc.text)
        rows, postings = _chunk_rows(doc, chunks, chunk_settings)
        state: dict[str, Any] = {}

        def body() -> PutOutcome:
            c = self.conn
            old = c.execute("SELECT id, content_sha256, source, meta_json::jsonb ->> 'parser' FROM documents "
                            "WHERE source = %s OR id = %s", (doc.source, doc.id)).fetchall()
            parser = doc.meta.get("parser")
            if len(old) == 1 and old[0][0] == doc.id and old[0][1] == doc.content_sha256 \
                    and old[0][3] == (None if parser is None else str(parser)):
                raise _Unchanged(PutOutcome.UNCHANGED)
            extra = sorted({f"doc:{r[0]}" for r in old} | {f"source:{r[2]}" for r in old}
                           - {f"doc:{doc.id}", f"source:{doc.source}"})
            for k in extra:  # the replaced document's own keys (rarely any beyond ours)
                c.execute(_LOCK_SQL, (k,))
            for old_id, _, old_source, _ in old:
                c.execute("DELETE FROM sources WHERE source = %s", (old_source,))
                c.execute("DELETE FROM chunk_terms WHERE doc_id = %s", (old_id,))
                c.execute("DELETE FROM documents WHERE id = %s", (old_id,))
            c.execute(
                "INSERT INTO documents(id, source, format, kind, title, citation, date, work, version_json, "
                "content_sha256, text, warnings_json, meta_json, n_units, vsort, vkey_from, vkey_to, docinfo) "
                "VALUES (%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s)",
                (
                    doc.id, doc.source, doc.format.value, doc.kind.value, doc.title, doc.citation, doc.date,
                    doc.work, json.dumps(doc.version) if doc.version is not None else None,
                    doc.content_sha256, doc.text, json.dumps(list(doc.warnings)),
                    json.dumps(doc.meta, default=str), len(doc.units), vd or "", date_key(vd, DATE_MIN),
                    date_key(vd, DATE_MAX), docinfo,
                ),
            )
            c.execute("INSERT INTO doc_terms(doc_id, term) SELECT %s, unnest(%s::text[])",
                      (doc.id, document_terms(docinfo)))
            c.execute("INSERT INTO sources(source, doc_id) VALUES (%s, %s)", (doc.source, doc.id))
            with c.cursor().copy(
                "COPY units (doc_id, ordinal, kind, number, label, char_start, char_end, zone, citable, author, "
                "role, role_basis, section_path_json, page_start, page_end, pdf_page_start, pdf_page_end, "
                "in_force_from, in_force_to, parent, attrs_json) FROM STDIN"
            ) as cp:
                for u in doc.units:
                    cp.write_row((
                        doc.id, u.ordinal, u.kind.value, u.number, u.label, u.char_start, u.char_end,
                        u.zone.value, u.citable, u.author, u.role.value if u.role else None, u.role_basis,
                        json.dumps(list(u.section_path)), u.page_start, u.page_end, u.pdf_page_start,
                        u.pdf_page_end, u.in_force_from, u.in_force_to, u.parent, unit_attrs_json(u),
                    ))
            with c.cursor().copy(
                "COPY pages (doc_id, ordinal, pdf_index, label, char_start, char_end, furniture_json) FROM STDIN"
            ) as cp:
                for i, p in enumerate(doc.pages):
                    cp.write_row((doc.id, i, p.pdf_index, p.label, p.char_start, p.char_end,
                                  json.dumps(list(p.furniture))))
            self._insert_chunks(rows, postings)
            self._bump_generation(doc.id)
            state["old"] = bool(old)
            return PutOutcome.REPLACED if old else PutOutcome.ADDED

        return self._write(f"{doc.source}: could not store document", [f"source:{doc.source}", f"doc:{doc.id}"],
                           body)

    def _insert_chunks(self, rows: list[tuple[Any, ...]], postings: list[tuple[Any, ...]]) -> None:
        """The chunk rows and their postings (``chunk_terms``, the lexical index: see :mod:`pincite.backends.postgres.search`)."""
        if not rows:
            return
        with self.conn.cursor().copy(
            "COPY chunks (doc_id, chunker, ordinal, id, settings, char_start, char_end, units_json, zone, citable, "
            "author, role, in_force_from, in_force_to, envelope_json, valid_from, valid_to, n_words, n_text, n_path) "
            "FROM STDIN"
        ) as cp:
            for r in rows:
                cp.write_row(r)
        with self.conn.cursor().copy(
            "COPY chunk_terms (doc_id, chunker, ordinal, field, term, tf, norm, positions) FROM STDIN"
        ) as cp:
            for p in postings:
                cp.write_row(p)

    def replace_chunks(self, doc_id: str, chunker: Chunker, chunks: Sequence[Chunk], settings_key: str) -> None:
        """Swap one document's chunks of one chunker in a single transaction (re-chunking never re-parses)."""
        doc = self.get_document(doc_id)
        rows, postings = _chunk_rows(doc, chunks, settings_key)

        def body() -> None:
            c = self.conn
            if c.execute("SELECT 1 FROM documents WHERE id = %s", (doc_id,)).fetchone() is None:
                raise NotFound(f"document {doc_id} was deleted or replaced while re-chunking")
            c.execute("DELETE FROM chunks WHERE doc_id = %s AND chunker = %s", (doc_id, chunker.value))
            c.execute("DELETE FROM chunk_terms WHERE doc_id = %s AND chunker = %s", (doc_id, chunker.value))
            self._insert_chunks(rows, postings)
            self._bump_generation(doc_id)

        self._write(f"{doc_id}: could not replace chunks", [f"doc:{doc_id}"], body)

    def get_chunks(self, doc_id: str, chunker: Chunker = Chunker.STRUCTURAL) -> list[Chunk]:
        rows = self.conn.execute(
            f"SELECT {CHUNK_COLUMNS} FROM chunks c WHERE c.doc_id = %s AND c.chunker = %s ORDER BY c.ordinal",
            (doc_id, chunker.value)).fetchall()
        return [chunk_from_row(r) for r in rows]

    def get_chunks_by_id(self, chunk_ids: Sequence[str]) -> dict[str, tuple[Chunk, str]]:
        """Chunks by id with their text (``document.text[char_start:char_end]``), read in one statement.

        Ids not in the store are absent from the result (an index answering from an older generation)."""
        out: dict[str, tuple[Chunk, str]] = {}
        ids = list(dict.fromkeys(chunk_ids))
        if not ids:
            return out
        rows = self.conn.execute(
            f"SELECT {CHUNK_COLUMNS}, substr(d.text, c.char_start + 1, c.char_end - c.char_start) "
            "FROM chunks c JOIN documents d ON d.id = c.doc_id WHERE c.id = ANY(%s) "
            "AND c.doc_id = ANY(%s)", (ids, list({i.split(":", 1)[0] for i in ids}))).fetchall()
        for r in rows:
            out[r[3]] = (chunk_from_row(r), r[14])
        return out

    # -- generations ------------------------------------------------------------------------------

    def generation(self) -> int:
        """The store's generation: it grows with every write of a document, its chunks or a deletion."""
        row = self.conn.execute("SELECT value FROM settings WHERE key = %s", (GENERATION_KEY,)).fetchone()
        return int(row[0]) if row else 0

    def document_generations(self) -> tuple[int, dict[str, int]]:
        """The store's generation and each document's (the generation of its last write), in one snapshot."""
        with self._snapshot():
            gen = self.generation()
            docs = {r[0]: int(r[1]) for r in self.conn.execute(
                "SELECT d.id, coalesce(g.generation, 0) FROM documents d "
                "LEFT JOIN doc_generations g ON g.doc_id = d.id")}
        return gen, docs

    def _snapshot(self) -> Any:
        """A read-only REPEATABLE READ transaction: every statement inside sees one snapshot."""
        store = self

        class _Snap:
            def __enter__(self) -> None:
                self.tx = store.conn.transaction()
                self.tx.__enter__()
                store.conn.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY")

            def __exit__(self, *exc: Any) -> Any:
                return self.tx.__exit__(*exc)

        return _Snap()

    def store_id(self) -> str | None:
        """None: the search indexes live inside this database, so none records which store it is."""
        return None

    def get_setting(self, key: str) -> str | None:
        row = self.conn.execute("SELECT value FROM settings WHERE key = %s", (key,)).fetchone()
        return row[0] if row else None

    def set_setting(self, key: str, value: str) -> None:
        self.conn.execute("INSERT INTO settings(key, value) VALUES (%s, %s) "
                          "ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value", (key, value))

    @contextlib.contextmanager
    def exclusive(self, key: str) -> Iterator[None]:
        """:meth:`pincite.store.Store.exclusive`: a session-level advisory lock on ``key`` (re-entrant), held on
        this store's connection across its transactions."""
        psycopg = _psycopg()
        try:
            self.conn.execute("SELECT pg_advisory_lock(hashtextextended(%s, 0))", ("exclusive:" + key,))
        except psycopg.Error as e:
            raise StoreError(f"cannot lock {key}: {str(e).strip()}") from e
        try:
            yield
        finally:
            try:
                self.conn.execute("SELECT pg_advisory_unlock(hashtextextended(%s, 0))", ("exclusive:" + key,))
            except psycopg.Error:  # the connection is gone: the server released the lock with it
                pass

    def set_in_force_windows(self, windows: Iterable[tuple[str, int, str | None, str | None]]) -> int:
        """Set ``(doc_id, ordinal, in_force_from, in_force_to)`` for many units in ONE transaction.

        Either every window is updated or none is.  Returns the number of units changed."""
        ws = sorted(windows, key=lambda w: (w[0], w[1]))
        if not ws:
            return 0
        cols = [list(x) for x in zip(*ws)]

        def body() -> int:
            cur = self.conn.execute(
                "UPDATE units u SET in_force_from = t.f, in_force_to = t.e "
                "FROM unnest(%s::text[], %s::int[], %s::text[], %s::text[]) AS t(doc_id, ordinal, f, e) "
                "WHERE u.doc_id = t.doc_id AND u.ordinal = t.ordinal "
                "AND (u.in_force_from IS DISTINCT FROM t.f OR u.in_force_to IS DISTINCT FROM t.e)", cols)
            return int(cur.rowcount)

        return self._write("could not update in-force windows", [f"doc:{d}" for d in cols[0]], body)

    def delete_document(self, id_or_source: str) -> None:
        doc_id = self._resolve(id_or_source)

        def body() -> None:
            for (source,) in self.conn.execute("SELECT source FROM documents WHERE id = %s", (doc_id,)).fetchall():
                self.conn.execute("DELETE FROM sources WHERE source = %s", (source,))
            self.conn.execute("DELETE FROM chunk_terms WHERE doc_id = %s", (doc_id,))
            self.conn.execute("DELETE FROM documents WHERE id = %s", (doc_id,))
            self._bump_generation(None)

        self._write(f"{id_or_source}: could not delete", [f"doc:{doc_id}"], body)

    # -- reads ----------------------------------------------------------------------------------

    def _resolve(self, id_or_source: str) -> str:
        """The id of the document ``id_or_source`` names: by id, or by source under each of
        :func:`~pincite.store.lookup_keys` (one indexed query; no stored path is resolved)."""
        keys = lookup_keys(id_or_source)
        rows = [] if not keys else self.conn.execute(
            "SELECT id, source FROM documents WHERE id = %s OR source = ANY(%s)", (id_or_source, keys)).fetchall()
        doc_id = best_match(id_or_source, keys, rows)
        if doc_id is None:
            raise NotFound(f"no document {id_or_source!r} in {self}; 'pincite documents' lists them")
        return doc_id

    def get_document(self, id_or_source: str) -> Document:
        doc_id = self._resolve(id_or_source)
        with self._snapshot():  # one consistent snapshot of the document and its units
            r = self.conn.execute(f"SELECT {DOCUMENT_COLUMNS} FROM documents WHERE id = %s", (doc_id,)).fetchone()
            if r is None:
                raise NotFound(f"document {doc_id} vanished while reading")
            units = self.conn.execute(f"SELECT {UNIT_COLUMNS} FROM units WHERE doc_id = %s ORDER BY ordinal",
                                      (doc_id,)).fetchall()
            pages = self.conn.execute(f"SELECT {PAGE_COLUMNS} FROM pages WHERE doc_id = %s ORDER BY ordinal",
                                      (doc_id,)).fetchall()
            twins = self.conn.execute(
                "SELECT p.doc_id, p.twin_group, p.canonical FROM contract_prints p WHERE p.twin_group = "
                "(SELECT twin_group FROM contract_prints WHERE doc_id = %s)", (doc_id,)).fetchall()
        doc = document_from_rows(r, units, pages)
        copies, copy_of = copies_by_document(twins).get(doc_id, ((), None))
        return replace(doc, copies=copies, copy_of=copy_of) if copies else doc

    def list_documents(self, kind: DocumentKind | None = None, work: str | None = None) -> list[DocumentSummary]:
        where, args = [], []  # type: list[str], list[Any]
        if kind is not None:
            where.append("d.kind = %s")
            args.append(kind.value)
        if work is not None:
            where.append("d.work = %s")
            args.append(work)
        sql = (
            "SELECT d.id, d.source, d.kind, d.format, d.title, d.citation, d.date, d.work, d.version_json, "
            "d.n_units, d.warnings_json, (d.meta_json::jsonb -> 'numbering' ->> 'verdict') FROM documents d"
            + (" WHERE " + " AND ".join(where) if where else "")
            + " ORDER BY d.work IS NULL, d.work, d.date NULLS FIRST, d.source"
        )
        rows = [summary_from_row(r) for r in self.conn.execute(sql, args).fetchall()]
        return with_copies(rows, copies_by_document(self.conn.execute(
            "SELECT doc_id, twin_group, canonical FROM contract_prints WHERE twin_group IS NOT NULL").fetchall()))

    # -- twins: the fingerprints of contracts and their groups (pincite.twins) ---------------------------

    def contract_prints(self) -> list[tuple[str, str | None, str | None, bool]]:
        return [(r[0], r[1], r[2], bool(r[3])) for r in self.conn.execute(
            "SELECT d.id, p.print_json, p.twin_group, coalesce(p.canonical, false) FROM documents d "
            "LEFT JOIN contract_prints p ON p.doc_id = d.id WHERE d.kind = 'contract' ORDER BY d.id").fetchall()]

    def set_contract_prints(self, rows: Sequence[tuple[str, str, str | None, bool]]) -> None:
        if not rows:
            return
        ids = [r[0] for r in rows]

        def body() -> None:
            self.conn.execute(
                "INSERT INTO contract_prints(doc_id, print_json, twin_group, canonical) "
                "SELECT t.d, t.p, t.g, t.k FROM unnest(%s::text[], %s::text[], %s::text[], %s::boolean[]) "
                "AS t(d, p, g, k) WHERE EXISTS (SELECT 1 FROM documents WHERE id = t.d) "
                "ON CONFLICT (doc_id) DO UPDATE SET print_json = EXCLUDED.print_json, "
                "twin_group = EXCLUDED.twin_group, canonical = EXCLUDED.canonical",
                (ids, [r[1] for r in rows], [r[2] for r in rows], [bool(r[3]) for r in rows]))
            self._bump_generation(None)  # what a search cites changed: its caches are stale

        self._write("could not store the contracts' fingerprints", [f"doc:{d}" for d in ids], body)

    def counts(self) -> dict[str, int]:
        c = self.conn
        return {
            "documents": c.execute("SELECT count(*) FROM documents").fetchone()[0],
            "units": c.execute("SELECT count(*) FROM units").fetchone()[0],
        }

    # -- embeddings: vectors of passage texts, by model and text hash ----------------------------------

    def get_embeddings(self, model: str, hashes: Sequence[str]) -> dict[str, bytes]:
        """The kept vectors (float32 bytes) of those of ``hashes`` embedded with ``model``."""
        out: dict[str, bytes] = {}
        ids = list(dict.fromkeys(hashes))
        for i in range(0, len(ids), 5000):
            out.update((h, bytes(v)) for h, v in self.conn.execute(
                "SELECT text_hash, vector FROM embeddings WHERE model = %s AND text_hash = ANY(%s)",
                (model, ids[i : i + 5000])).fetchall())
        return out

    def put_embeddings(self, model: str, vectors: Sequence[tuple[str, bytes]]) -> None:
        """Keep ``(text hash, float32 bytes)`` vectors of ``model`` in one transaction (a hash already kept
        keeps its vector)."""
        def body() -> None:
            with self.conn.cursor() as cur:
                cur.executemany("INSERT INTO embeddings(model, text_hash, vector) VALUES (%s, %s, %s) "
                                "ON CONFLICT DO NOTHING", [(model, h, v) for h, v in vectors])

        self._write(f"could not store {len(vectors)} vectors", [], body)

    def count_embeddings(self, model: str) -> int:
        """How many vectors of ``model`` the store keeps."""
        return int(self.conn.execute("SELECT count(*) FROM embeddings WHERE model = %s", (model,)).fetchone()[0])

    # -- evaluation runs ('pincite eval' records them here; the web reader lists them) ------------

    def record_eval_run(self, name: str, run: dict[str, Any]) -> None:
        """Keep one ``pincite eval`` run record under ``name`` (replacing one of that name)."""
        self.conn.execute("INSERT INTO eval_runs(run_id, report_json) VALUES (%s, %s) ON CONFLICT (run_id) "
                          "DO UPDATE SET report_json = EXCLUDED.report_json, created_at = now()",
                          (name, json.dumps(run, ensure_ascii=False)))

    def list_eval_runs(self, limit: int = 100) -> list[tuple[str, str]]:
        """(name, run record JSON) of the recorded runs, newest name first."""
        return [(r[0], r[1]) for r in self.conn.execute(
            "SELECT run_id, report_json FROM eval_runs ORDER BY run_id DESC LIMIT %s", (limit,)).fetchall()]

    def get_eval_run(self, name: str) -> str | None:
        """The run record JSON recorded under ``name``, or None."""
        row = self.conn.execute("SELECT report_json FROM eval_runs WHERE run_id = %s", (name,)).fetchone()
        return row[0] if row else None

    # -- search (the Retriever's hook) ----------------------------------------------------------

    def search_indexes(self, chunker: Chunker = Chunker.STRUCTURAL,
                       header: str = "title+path") -> tuple[PgLexicalIndex, PgDenseIndex]:
        """(lexical, dense) indexes that search this database in SQL (see :mod:`pincite.backends.postgres.search`)."""
        key = (chunker, header)
        if key not in self._indexes:
            self._indexes[key] = (PgLexicalIndex(self, chunker), PgDenseIndex(self, header, chunker))
        return self._indexes[key]


class _Unchanged(Exception):
    """Leaves a write transaction without writing (rolled back), returning ``value``."""

    def __init__(self, value: Any) -> None:
        self.value = value




def _check_text(doc: Document) -> None:
    if "\x00" in doc.text:
        raise StoreError(f"{doc.source}: the text holds a NUL character, which PostgreSQL cannot store")


def _chunk_rows(doc: Document, chunks: Sequence[Chunk],
                settings_key: str) -> tuple[list[tuple[Any, ...]], list[tuple[Any, ...]]]:
    """One row per chunk for ``_insert_chunks`` and the chunks' postings: the stored envelope plus what search
    reads, taken from the embedded index's own rows (:func:`pincite.search.indexes.rows_for_document`, so both backends
    search the same words): the terms of its text and of its section path, labels and lead-in, its own
    validity window, its lengths."""
    class _These:  # rows_for_document reads a document's chunks from a store: these ones, not yet stored
        @staticmethod
        def get_chunks(doc_id: str, chunker: Chunker = Chunker.STRUCTURAL) -> list[Chunk]:
            return [ch for ch in chunks if ch.chunker is chunker]

    index_rows = {}
    for chunker in {ch.chunker for ch in chunks}:
        index_rows.update({r.chunk_id: r for r in rows_for_document(_These(), doc, None, chunker)})  # type: ignore[arg-type]
    rows, postings = [], []
    for ch in chunks:
        r = index_rows[ch.id]
        body = search_words(r.text)
        terms, n_text, n_path = posting_rows(doc.id, ch.chunker.value, ch.ordinal, r)
        postings += terms
        rows.append((
            doc.id, ch.chunker.value, ch.ordinal, ch.id, settings_key, ch.char_start, ch.char_end,
            json.dumps(list(ch.units)), ch.zone.value, ch.citable, ch.author, ch.role.value if ch.role else None,
            ch.in_force_from, ch.in_force_to, json.dumps(chunk_envelope(ch)), date_key(ch.in_force_from, DATE_MIN),
            date_key(ch.in_force_to, DATE_MAX), body.count(" ") + 1 if body else 0, n_text, n_path,
        ))
    return rows, postings
