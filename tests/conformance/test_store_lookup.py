"""Finding a document by id or source is a lookup by key on both backends: a document that does not exist is
answered without resolving the path of every stored document or scanning the documents table, and an id, the
source as stored and the path a user types (relative, absolute, through a symlink) all still find theirs."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from pincite.errors import NotFound
from tests.conformance.test_store import make_doc


class RecordingConnection:
    """The store's own connection, recording each statement it is asked to run."""

    def __init__(self, conn: Any) -> None:
        self._conn, self.statements = conn, []  # type: Any, list[tuple[str, Any]]

    def execute(self, sql: str, args: Any = ()) -> Any:
        self.statements.append((sql, args))
        return self._conn.execute(sql, args)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._conn, name)


def plan(store: Any, sql: str, args: Any) -> str:
    """The query plan of one statement, as text.  PostgreSQL is told to avoid sequential scans it can avoid
    (on a table of a few rows it would otherwise prefer one to any index), so a scan left in the plan is one
    no index could serve."""
    if store.__class__.__name__ == "SQLiteStore":
        return "\n".join(r[3] for r in store.conn.execute("EXPLAIN QUERY PLAN " + sql, args))
    store.conn.execute("SET enable_seqscan = off")
    try:
        return "\n".join(r[0] for r in store.conn.execute("EXPLAIN " + sql, args))
    finally:
        store.conn.execute("RESET enable_seqscan")


@pytest.fixture()
def stored(store, tmp_path: Path, monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    """A store holding a file stored under its real path, one stored under a relative path (as stores written
    before source keys were canonical hold them) and an upload; the working directory is ``tmp_path``."""
    monkeypatch.chdir(tmp_path)
    real = tmp_path / "judgments" / "ewca.xml"
    real.parent.mkdir()
    real.write_text("<x/>")
    (tmp_path / "link").symlink_to(real.parent)
    store.put_document(make_doc(source=os.path.realpath(real), doc_id="doc_real"))
    store.put_document(make_doc(source="cases/old.xml", doc_id="doc_rel", sha="b" * 64))
    store.put_document(make_doc(source="upload:contract.txt", doc_id="doc_up", sha="c" * 64))
    return store


def test_missing_document_is_looked_up_by_key(stored, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    realpaths: list[str] = []
    real_realpath = os.path.realpath
    monkeypatch.setattr(os.path, "realpath", lambda p, **kw: realpaths.append(p) or real_realpath(p, **kw))
    recorder = RecordingConnection(stored.conn)
    monkeypatch.setattr(stored, "conn", recorder)
    with pytest.raises(NotFound, match="pincite documents"):
        stored.get_document("doc_0123456789abcdef")
    monkeypatch.setattr(stored, "conn", recorder._conn)
    assert len(realpaths) <= 1, f"paths resolved for one lookup: {realpaths}"  # the argument's, at most
    reads = [(sql, args) for sql, args in recorder.statements if "documents" in sql]
    assert len(reads) == 1, reads
    for sql, args in reads:
        p = plan(stored, sql, args)
        assert "SCAN documents" not in p and "Seq Scan" not in p, f"{sql}\n{p}"


@pytest.mark.parametrize("typed, doc_id", [
    ("doc_real", "doc_real"),  # by id
    ("doc_rel", "doc_rel"),
    ("upload:contract.txt", "doc_up"),  # an upload's name
    ("cases/old.xml", "doc_rel"),  # the source as stored
    ("judgments/ewca.xml", "doc_real"),  # the path a user types: relative to where they are
    ("./judgments/../judgments/ewca.xml", "doc_real"),
    ("link/ewca.xml", "doc_real"),  # through a symlink
    ("{tmp}/cases/old.xml", "doc_rel"),  # absolute, for a document stored under a relative path
])
def test_documents_are_found_by_id_source_and_typed_path(stored, tmp_path: Path, typed: str,  # type: ignore[no-untyped-def]
                                                          doc_id: str) -> None:
    typed = typed.format(tmp=tmp_path)
    assert stored.get_document(typed).id == doc_id
    assert str(tmp_path) in stored.get_document("judgments/ewca.xml").source  # stored under its real path


def test_a_missing_path_with_a_nul_is_not_found(stored) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(NotFound):
        stored.get_document("judgments/\0ewca.xml")
