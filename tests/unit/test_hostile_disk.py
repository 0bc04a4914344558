"""Issue 31, items 8 and 9: a file name that is not UTF-8 fails alone; a full disk is said plainly.

The full disk is made two ways here.  The store's own writes hit a real SQLite "database or disk is full"
(SQLITE_FULL, the error a full file system gives it) by capping the database's size with ``max_page_count``;
the lexical index's writer (tantivy) is given the ENOSPC it raises on a full disk ("No space left on device
(os error 28)") at its write boundary.  A run on a real 1 MB tmpfs is recorded in bench/NOTES.md (issue 31).
"""

from __future__ import annotations

import os
import shutil
import sqlite3
from pathlib import Path

import httpx
import pytest
from typer.testing import CliRunner

from pincite.api.app import RunningServer, create_app
from pincite.api.config import ServerConfig
from pincite.cli import app as cli_app
from pincite.ingest import ingest_paths
from pincite.search.lexical import LexicalIndex
from pincite.store.sqlite import SQLiteStore

CASES = "uk_find_case_law/ewca_civ_2020_legacy_akn"
CONTRACT = "contracts_cuad/txt/AIRTECHINTERNATIONALGROUPINC_05_08_2000-EX-10.4-FRANCHISE AGREEMENT.txt"


def test_a_file_name_that_is_not_utf8_fails_alone_shown_escaped(corpus: Path, tmp_path: Path) -> None:
    folder = tmp_path / "in"
    folder.mkdir()
    shutil.copy(corpus / CONTRACT, folder / "a_good.txt")
    shutil.copy(corpus / CONTRACT, os.path.join(os.fsencode(folder), b"caf\xe9.txt"))  # Latin-1 bytes
    shutil.copy(corpus / CONTRACT, folder / "z_good.txt")
    s = SQLiteStore(tmp_path / "s.db")
    report = ingest_paths(s, [str(folder)])
    by = {Path(r.source).name: r for r in report.results}
    assert [r.status for r in report.results].count("added") == 2  # the files after it are read too
    bad = by["caf\\xe9.txt"]
    assert bad.status == "failed" and "caf\\xe9.txt" in (bad.error or "") and "not valid UTF-8" in (bad.error or "")
    assert len(s.list_documents()) == 2
    s.close()


def _full_after_one(tmp_path: Path, corpus: Path) -> SQLiteStore:
    s = SQLiteStore(tmp_path / "s.db")
    assert not ingest_paths(s, [str(corpus / CASES / "2020-ewca-1018-civ.xml")]).failed
    pages = s.conn.execute("PRAGMA page_count").fetchone()[0]
    s.conn.execute(f"PRAGMA max_page_count = {pages + 2}")  # the disk holds two pages more
    return s


def test_a_full_disk_fails_the_file_plainly_and_the_store_stays_as_it_was(corpus: Path, tmp_path: Path) -> None:
    s = _full_after_one(tmp_path, corpus)
    before = [d.id for d in s.list_documents()]
    report = ingest_paths(s, [str(corpus / CASES / "2020-ewca-1621-civ.xml"), str(corpus / CONTRACT)])
    assert [r.status for r in report.results] == ["failed", "failed"]
    for r in report.results:
        assert (r.error or "").startswith(f"no space left on device writing {tmp_path / 's.db'}"), r.error
    assert report.out_of_space
    assert [d.id for d in s.list_documents()] == before  # nothing half-stored
    assert s.conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    s.conn.execute("PRAGMA max_page_count = 1073741823")  # room again: the same files go in
    assert not ingest_paths(s, [str(corpus / CONTRACT)]).failed
    s.close()


def _index_disk_full(monkeypatch: pytest.MonkeyPatch) -> None:
    def full(self: LexicalIndex, *a: object, **k: object) -> object:
        raise ValueError("An IO error occurred: 'No space left on device (os error 28)'")

    monkeypatch.setattr(LexicalIndex, "_sync", full)


def test_a_full_disk_under_the_index_is_exit_1_with_the_path(corpus: Path, tmp_path: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    _index_disk_full(monkeypatch)
    db = tmp_path / "s.db"
    r = CliRunner().invoke(cli_app, ["ingest", "--db", str(db), "--no-dense", str(corpus / CONTRACT)])
    assert r.exit_code == 1, r.output
    assert "no space left on device writing" in r.output and "lexical" in r.output and "Traceback" not in r.output
    s = SQLiteStore(db)
    assert len(s.list_documents()) == 1  # the document is stored; the index is brought up to date later
    s.close()


def test_a_server_upload_onto_a_full_disk_is_507(corpus: Path, tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    _index_disk_full(monkeypatch)
    app = create_app(ServerConfig(db=tmp_path / "s.db", dense=False))
    with RunningServer(app) as srv:
        r = httpx.post(f"{srv.url}/api/ingest", headers={"X-Pincite-Request": "1"}, timeout=60,
                       files={"files": ("contract.txt", (corpus / CONTRACT).read_bytes())})
    assert r.status_code == 507, r.text
    assert "no space left on device writing" in r.json()["index_error"]


def test_a_delete_on_a_full_disk_is_507_and_the_document_is_left_whole(
        corpus: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 50, item 7: DELETE on a full disk answered 500 (the delete ran outside the store's transaction,
    whose errors say what a full disk is).  SQLite's "database or disk is full" is raised inside the delete,
    after its rows are gone: the delete is rolled back whole and the answer is 507 with the reason."""
    db = tmp_path / "s.db"
    with SQLiteStore(db) as s:
        assert not ingest_paths(s, [str(corpus / CONTRACT)]).failed
        doc = s.list_documents()[0].id
        units, chunks = len(s.get_document(doc).units), len(s.get_chunks(doc))
    real = SQLiteStore._bump_generation

    def full(self: SQLiteStore, doc_id: str | None) -> None:
        real(self, doc_id)
        raise sqlite3.OperationalError("database or disk is full")  # SQLITE_FULL, as the WAL write gives it

    app = create_app(ServerConfig(db=db, dense=False))
    with RunningServer(app) as srv:
        monkeypatch.setattr(SQLiteStore, "_bump_generation", full)
        r = httpx.delete(f"{srv.url}/api/documents/{doc}", headers={"X-Pincite-Request": "1"}, timeout=60)
        assert r.status_code == 507, r.text
        # the store named by its file name: a server's own paths are not the client's business (issue 51)
        assert r.json()["error"].startswith(f"no space left on device writing {db.name}"), r.text
        assert str(tmp_path) not in r.text
        assert httpx.get(f"{srv.url}/api/documents/{doc}", timeout=30).status_code == 200  # still there
        monkeypatch.setattr(SQLiteStore, "_bump_generation", real)
        with SQLiteStore(db) as s:  # nothing half-deleted: its units and passages are all there
            assert len(s.get_document(doc).units) == units and len(s.get_chunks(doc)) == chunks
        _index_disk_full(monkeypatch)  # room in the store, none for the index: deleted, and 507 says so
        r = httpx.delete(f"{srv.url}/api/documents/{doc}", headers={"X-Pincite-Request": "1"}, timeout=60)
        assert r.status_code == 507 and r.json()["removed"] == doc, r.text
        assert "no space left on device writing" in r.json()["index_error"], r.text
        assert httpx.get(f"{srv.url}/api/documents/{doc}", timeout=30).status_code == 404
