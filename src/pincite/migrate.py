"""``pincite migrate``: copy an embedded (SQLite) store into another store, typically PostgreSQL.

Documents are copied as stored (units with their in-force windows, pages, warnings, metadata) with their
chunks of every chunker and the chunk settings they were made with, one document per transaction in the
target; nothing is re-parsed.  A document already in the target with the same source and bytes is skipped,
so an interrupted migration is simply run again.  The store's settings (chunk settings) are copied too, and
so are the vectors of embedded texts (the ``embeddings`` table, by model and text hash), in batches each
committed in the target, those it already keeps skipped: the target's first dense search builds its index
from them and embeds nothing (hours saved on a large store).  The derived indexes themselves are not copied.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from pincite.store import Store
from pincite.store.rows import GENERATION_KEY, STORE_ID_KEY
from pincite.store.sqlite import SQLiteStore
from pincite.types import Chunker


@dataclass
class MigrateReport:
    copied: list[str] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)  # already in the target (same source and bytes)
    chunks: int = 0
    settings: int = 0
    vectors: int = 0  # vectors of embedded texts copied
    vectors_skipped: int = 0  # already kept in the target


#: Vectors read from the source and written to the target together, one transaction in the target each: an
#: interrupted copy keeps every batch it finished (about 1.5 MB of 384-wide float32 vectors each).
VECTOR_BATCH = 1000


def migrate_store(src: SQLiteStore, dst: Store, on_doc: Callable[[str, str], None] | None = None) -> MigrateReport:
    """Copy every document of ``src`` into ``dst`` (see the module doc).  ``on_doc(source, status)`` is called
    for each document, status ``copied`` or ``skipped``."""
    report = MigrateReport()
    for key, value in src.conn.execute("SELECT key, value FROM settings ORDER BY key").fetchall():
        if key not in (GENERATION_KEY, STORE_ID_KEY) and dst.get_setting(key) != value:  # not its identity
            dst.set_setting(key, value)
            report.settings += 1
    for summary in src.list_documents():
        doc = src.get_document(summary.id)
        if dst.find_unchanged(doc.source, doc.content_sha256) == doc.id:
            report.skipped.append(doc.source)
            if on_doc:
                on_doc(doc.source, "skipped")
            continue
        keys = dict(src.conn.execute("SELECT chunker, min(settings) FROM chunks WHERE doc_id = ? GROUP BY chunker",
                                     (doc.id,)).fetchall())
        structural = src.get_chunks(doc.id, Chunker.STRUCTURAL)
        dst.put_document(doc, structural, keys.get(Chunker.STRUCTURAL.value, ""))
        report.chunks += len(structural)
        for chunker in Chunker:
            if chunker is Chunker.STRUCTURAL or chunker.value not in keys:
                continue
            chunks = src.get_chunks(doc.id, chunker)
            dst.replace_chunks(doc.id, chunker, chunks, keys[chunker.value])
            report.chunks += len(chunks)
        report.copied.append(doc.source)
        if on_doc:
            on_doc(doc.source, "copied")
    copy_embeddings(src, dst, report)
    # the twins' fingerprints and groups, as the source has them (none computed: the texts are the same)
    dst.set_contract_prints([(d, p, g, c) for d, p, g, c in src.contract_prints() if p is not None])
    return report


def copy_embeddings(src: SQLiteStore, dst: Store, report: MigrateReport, batch: int = VECTOR_BATCH) -> None:
    """Copy the vectors of every model ``src`` keeps into ``dst``, ``batch`` at a time in hash order (the source
    is read a page at a time, never whole), each batch one transaction in the target; vectors the target
    already keeps are counted as skipped and not written again."""
    models = [m for (m,) in src.conn.execute("SELECT DISTINCT model FROM embeddings ORDER BY model").fetchall()]
    for model in models:
        last = ""
        while True:
            rows = src.conn.execute("SELECT text_hash, vector FROM embeddings WHERE model = ? AND text_hash > ? "
                                    "ORDER BY text_hash LIMIT ?", (model, last, batch)).fetchall()
            if not rows:
                break
            last = rows[-1][0]
            there = dst.get_embeddings(model, [h for h, _ in rows])
            todo = [(h, bytes(v)) for h, v in rows if h not in there]
            if todo:
                dst.put_embeddings(model, todo)
            report.vectors += len(todo)
            report.vectors_skipped += len(rows) - len(todo)
