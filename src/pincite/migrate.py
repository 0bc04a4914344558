"""``pincite migrate``: copy an embedded (SQLite) store into another store, typically PostgreSQL.

Documents are copied as stored (units with their in-force windows, pages, warnings, metadata) with their
chunks of every chunker and the chunk settings they were made with, one document per transaction in the
target; nothing is re-parsed.  A document already in the target with the same source and bytes is skipped,
so an interrupted migration is simply run again.  The store's settings (chunk settings) are copied too;
dense vectors are not: the target embeds its chunks on its first dense search.
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
    return report
