"""The command line, end to end, on the bundled demo judgments (no ../shared needed)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pincite.cli import app, demo_paths

runner = CliRunner()


def invoke(*args: str):
    return runner.invoke(app, list(args), catch_exceptions=False)


@pytest.fixture()
def db(tmp_path: Path) -> str:
    return str(tmp_path / "cli.db")


def test_demo_paths_exist_and_are_judgments() -> None:
    paths = demo_paths()
    assert len(paths) >= 2
    assert all(Path(p).read_bytes().lstrip().startswith(b"<") for p in paths)


def test_demo_ingests_and_shows_a_judgment(db: str) -> None:
    r = invoke("demo", "--db", db)
    assert r.exit_code == 0, r.output
    assert "reasons" in r.output
    r = invoke("documents", "--db", db, "--json")
    docs = json.loads(r.output)
    assert len(docs) == len(demo_paths())
    assert {d["kind"] for d in docs} == {"judgment"}


def test_show_json_shape_and_offsets(db: str) -> None:
    invoke("ingest", "--db", db, *demo_paths())
    docs = json.loads(invoke("documents", "--db", db, "--json").output)
    for d in docs:
        shown = json.loads(invoke("show", d["id"], "--db", db, "--json").output)
        for key in ("id", "source", "kind", "title", "citation", "date", "text", "units"):
            assert key in shown
        text = shown["text"]
        assert shown["units"], d["source"]
        for u in shown["units"]:
            for key in ("id", "number", "label", "kind", "char_start", "char_end", "zone", "citable", "author",
                        "role", "section_path", "page_start", "page_end"):
                assert key in u
            assert 0 <= u["char_start"] <= u["char_end"] <= len(text)
        # the document can be found by its source path as well as by its id
        by_source = json.loads(invoke("show", d["source"], "--db", db, "--json").output)
        assert by_source["id"] == d["id"]
        # a citable unit is always in the reasons of a judgment
        assert all(u["zone"] == "reasons" for u in shown["units"] if u["citable"])
        assert any(u["zone"] == "headnote" and not u["citable"] for u in shown["units"]), d["source"]


def test_reingest_changes_nothing_and_bad_files_fail_loudly(db: str, tmp_path: Path) -> None:
    folder = tmp_path / "in"
    folder.mkdir()
    for p in demo_paths():
        shutil.copy(p, folder / Path(p).name)
    (folder / "zz_broken.xml").write_text("<akomaNtoso><judgment>")
    (folder / "notes.md").write_text("not a document type we read")
    r = invoke("ingest", "--db", db, str(folder), "--json")
    assert r.exit_code == 1
    rep = json.loads(r.output)
    assert rep["totals"]["added"] == len(demo_paths())
    assert rep["totals"]["failed"] == 1
    failed = [f for f in rep["files"] if f["status"] == "failed"]
    assert "zz_broken.xml" in failed[0]["error"]
    assert any(s.endswith("notes.md") for s in rep["skipped"])
    r = invoke("ingest", "--db", db, *[str(folder / Path(p).name) for p in demo_paths()], "--json")
    assert r.exit_code == 0
    assert json.loads(r.output)["totals"]["unchanged"] == len(demo_paths())


def test_missing_document_and_unknown_work_say_what_to_do(db: str) -> None:
    invoke("ingest", "--db", db, demo_paths()[0])
    r = invoke("show", "nope", "--db", db)
    assert r.exit_code == 1 and "pincite documents" in r.output
    r = invoke("versions", "no-such-work", "--db", db)
    assert r.exit_code == 1 and "no versions" in r.output
    r = invoke("ingest", "--db", db, "/no/such/file.xml")
    assert r.exit_code == 1 and "no such file" in r.output


def test_bad_format_lists_the_choices(db: str) -> None:
    r = runner.invoke(app, ["ingest", "--db", db, "--format", "rtf", demo_paths()[0]])
    assert r.exit_code != 0
    assert "justice-canada" in r.output


def test_audit_structural_clean_window_flagged(db: str, tmp_path: Path) -> None:
    invoke("ingest", "--db", db, *demo_paths())
    docs = json.loads(invoke("documents", "--db", db, "--json").output)
    doc_id = docs[0]["id"]
    ours = json.loads(invoke("audit", doc_id, "--db", db, "--json").output)[0]
    assert ours["chunks"] > 0 and ours["flagged"] == 0
    base = json.loads(invoke("audit", doc_id, "--db", db, "--json", "--chunker", "window",
                             "--window-tokens", "128", "--overlap-tokens", "16").output)[0]
    assert base["flagged"] > 0 and base["by_kind"]["wrong-number"] > 0
    html_path = tmp_path / "audit.html"
    r = invoke("audit", doc_id, "--db", db, "--chunker", "window", "--window-tokens", "128", "--html", str(html_path))
    assert r.exit_code == 0
    page = html_path.read_text()
    assert "wrong-number" in page and "<script" not in page
    r = invoke("audit", "--all", "--db", db)
    assert r.exit_code == 0 and "ALL:" in r.output and " 0 flagged" in r.output


def test_rechunk_changes_chunks_without_reparsing(db: str) -> None:
    invoke("ingest", "--db", db, *demo_paths())
    from pincite.store.sqlite import SQLiteStore

    with SQLiteStore(Path(db)) as s:
        doc_id = s.list_documents()[0].id
        before = s.get_chunks(doc_id)
    r = invoke("chunk", "--db", db, "--max-chars", "120", "--merge-chars", "60")
    assert r.exit_code == 0, r.output
    with SQLiteStore(Path(db)) as s:
        after = s.get_chunks(doc_id)
        doc = s.get_document(doc_id)
    assert len(after) > len(before)
    assert all(c.char_end - c.char_start <= 120 for c in after)
    for c in after:  # every piece still carries the number of the unit it came from
        assert c.numbers == tuple(doc.units[o].number for o in c.units)


def test_console_script_runs_as_a_real_process(db: str) -> None:
    exe = Path(sys.executable).with_name("pincite")
    assert exe.exists(), "the console script is installed by 'pip install -e .'"
    proc = subprocess.run([str(exe), "ingest", "--db", db, *demo_paths()], capture_output=True, text=True,
                          env={**os.environ, "NO_COLOR": "1"}, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert "added" in proc.stderr


def test_a_document_parsed_by_an_older_parser_is_parsed_again(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Re-ingesting an unchanged file skips it, unless the stored document came from an older parser version:
    then it is parsed and stored again, so a parser fix reaches the pinpoints already in a store."""
    from pincite.ingest import ingest_paths
    from pincite.parse import PARSER_VERSION
    from pincite.store.sqlite import SQLiteStore

    f = tmp_path / "lease.txt"
    f.write_text("LEASE\\n\\n1. Rent. The tenant pays rent.\\n\\n2. Term. Two years.\\n\\n3. Law. English law.\\n",
                 encoding="utf-8")
    with SQLiteStore(tmp_path / "s.db") as s:
        assert [r.status for r in ingest_paths(s, [f]).results] == ["added"]
        assert [r.status for r in ingest_paths(s, [f]).results] == ["unchanged"]
        doc_id = s.list_documents()[0].id
        assert s.get_document(doc_id).meta["parser"] == PARSER_VERSION
        s.conn.execute("UPDATE documents SET meta_json = json_set(meta_json, '$.parser', ?)", (PARSER_VERSION - 1,))
        s.conn.commit()
        assert [r.status for r in ingest_paths(s, [f]).results] == ["replaced"]
        assert s.get_document(doc_id).meta["parser"] == PARSER_VERSION
        assert [r.status for r in ingest_paths(s, [f]).results] == ["unchanged"]
