"""pincite.Pincite, the Python API: importing pincite loads nothing heavy, and the object answers as the command
line does (the same JSON), with the command line's error messages."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

import pincite
from pincite.cli import app
from pincite.errors import NotFound, PinciteError
from pincite.jsonio import hit_to_json


def test_import_pincite_is_light() -> None:
    code = "import sys, pincite; print(sorted(m for m in sys.modules if m.startswith('pincite')))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "['pincite']"
    assert {"Pincite", "PinciteError", "NotFound"} <= set(pincite.__all__)


@pytest.fixture()
def demo_db(tmp_path: Path) -> Path:
    db = tmp_path / "demo.db"
    with pincite.Pincite(db, dense=False, create=True) as lib:
        report = lib.ingest(pincite.demo_paths())
    assert report.totals()["added"] == len(pincite.demo_paths()) and not report.failed
    return db


def test_search_and_ask_give_what_the_command_line_prints(demo_db: Path) -> None:
    runner = CliRunner()
    with pincite.Pincite(demo_db, dense=False) as lib:
        hits = lib.search("withdrawal of the grant on notice", k=5)
        answer = lib.ask("Did the court allow the appeal?")
    r = runner.invoke(app, ["search", "withdrawal of the grant on notice", "--db", str(demo_db), "--k", "5",
                            "--json", "--no-dense"])
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)["hits"] == [hit_to_json(p) for p in hits]
    r = runner.invoke(app, ["ask", "Did the court allow the appeal?", "--db", str(demo_db), "--json", "--no-dense"])
    cli = json.loads(r.stdout)
    mine = answer.to_json()
    for key in ("answer", "claims", "citations", "dropped"):
        assert cli[key] == mine[key]
    assert answer.citations and all(c.quote in c.candidate.doc.text for c in answer.citations)


def test_errors_are_the_family_with_the_cli_messages(demo_db: Path, tmp_path: Path) -> None:
    with pincite.Pincite(demo_db, dense=False) as lib:
        with pytest.raises(NotFound):
            lib.show("no-such-document")
        missing = tmp_path / "missing.md"
        with pytest.raises(PinciteError, match=r"missing\.md: cannot read the draft"):
            lib.check(missing)
        key, versions = None, None
        with pytest.raises(PinciteError):
            key, versions = lib.versions("no such work")
    assert key is None and versions is None


def test_audit_is_one_report_on_every_surface(demo_db: Path) -> None:
    """Pincite.audit, 'pincite audit --json' and the API's audit are one report, labelled alike (the library
    labelled it 'pincite' where the command line says 'structural')."""
    from pincite.jsonio import audit_to_json

    with pincite.Pincite(demo_db, dense=False) as lib:
        doc = lib.show(lib.documents()[0].id)
        report = lib.audit(doc.id)
    res = CliRunner().invoke(app, ["audit", doc.id, "--db", str(demo_db), "--json"])
    assert res.exit_code == 0, res.output
    assert json.loads(res.stdout) == [audit_to_json(doc, report)]
    assert report.pipeline == "structural"


def test_audit_of_every_chunk_source_is_the_library_s(demo_db: Path, tmp_path: Path) -> None:
    """Issue 51: 'pincite audit' audits the window baseline's chunks and another pipeline's through
    Pincite.audit, one report on both doors (before, the command line cut the windows and read the file
    itself)."""
    from pincite.jsonio import audit_to_json
    from pincite.library import WindowSettings
    from pincite.types import Chunker

    with pincite.Pincite(demo_db, dense=False) as lib:
        doc = lib.show(lib.documents()[0].id)
        window = lib.audit(doc.id, chunker=Chunker.WINDOW, window=WindowSettings(128, 16))
        lines = [json.dumps({"text": doc.text[i:i + 400], "char_start": i,
                             "char_end": min(i + 400, len(doc.text))}) for i in range(0, len(doc.text), 400)]
        chunks = tmp_path / "theirs.jsonl"
        chunks.write_text("\n".join(lines), encoding="utf-8")
        theirs = lib.audit(doc, chunks=lines, chunks_name=str(chunks))
    assert window.pipeline == "window (w128-o16)" and theirs.pipeline == "external (theirs.jsonl)"
    sizes = ["--window-tokens", "128", "--overlap-tokens", "16"]
    for report, args in ((window, ["--chunker", "window", *sizes]),
                         (theirs, ["--chunks", str(chunks)])):
        res = CliRunner().invoke(app, ["audit", doc.id, "--db", str(demo_db), "--json", *args])
        assert res.exit_code == 0, res.output
        assert json.loads(res.stdout)[0]["chunks"] == audit_to_json(doc, report)["chunks"]
        assert json.loads(res.stdout)[0]["pipeline"] == report.pipeline


def test_batch_check_and_reads_go_through_the_library(demo_db: Path, tmp_path: Path) -> None:
    """Issue 51: ``ask --batch`` is ``Pincite.ask_many`` (a line naming nothing stored is its own error, the
    rest go on), a server's isolated check is ``Pincite.check(isolated=True)`` with the in-process verdicts,
    and what MCP read from the store directly are methods (``document``, ``passage``, ``passages``)."""
    questions = ["Did the court allow the appeal?", "What is the notice period?"]
    with pincite.Pincite(demo_db, dense=False) as lib:
        requests = [lib.request(questions[0]), lib.request(questions[1], documents=["no such case"]),
                    lib.request(questions[1])]
        got = list(lib.ask_many(requests, go_on=pincite.UnknownName))
        alone = [lib.ask(questions[0]).to_json(), lib.ask(questions[1]).to_json()]
        hit = lib.search("withdrawal of the grant on notice", k=1)[0]
        passage = lib.passage(hit.id)
        assert (passage.doc_id, passage.char_start) == (hit.document.id, hit.chunk.char_start)
        assert passage in lib.passages(hit.document.id)
        assert lib.document(hit.document.id).id == hit.document.id
        with pytest.raises(NotFound, match=r"no passage 'doc_0:c1-2' in demo\.db: passage ids come from"):
            lib.passage("doc_0:c1-2")
        assert lib.relative_source(hit.document.source) == Path(hit.document.source).name
        words = hit.text.split(".")[1].strip()
        draft = f'The court held that "{words}" ({hit.document.citation} at {hit.label}).'
        here = lib.check(draft.encode(), source="draft.txt").to_json()
        there = lib.check(draft.encode(), source="draft.txt", isolated=True).to_json()
    assert isinstance(got[1], pincite.UnknownName) and "no such case" in str(got[1])
    for mine, theirs in zip([got[0], got[2]], alone):
        assert not isinstance(mine, Exception)
        said = mine.to_json()
        assert (said["answer"], said["citations"]) == (theirs["answer"], theirs["citations"])
    assert here == there and here["citations"]
    batch = tmp_path / "batch.jsonl"
    items = [{"id": n, "question": q} for n, q in enumerate(questions * 2)]
    items[1]["documents"] = ["no such case"]
    batch.write_text("\n".join(json.dumps(x) for x in items), encoding="utf-8")
    res = CliRunner().invoke(app, ["ask", "--batch", str(batch), "--db", str(demo_db), "--no-dense",
                                   "--json"])
    lines = [json.loads(x) for x in res.stdout.splitlines()]
    assert res.exit_code == 0 and [x.get("id") for x in lines] == [0, 1, 2, 3]
    assert "no stored document is named 'no such case'" in lines[1]["error"] and lines[1]["line"] == 2
    assert lines[0]["citations"] == lines[2]["citations"] and "error" not in lines[3]


def test_an_upload_and_a_removal_go_through_the_library(tmp_path: Path) -> None:
    """Issue 51: what the server's upload and delete did on the store itself are Pincite's ``ingest_bytes``,
    ``remove`` and ``regroup``: a file given as bytes is stored as ``ingest`` stores it, a bad one leaves the
    store as it was, and a removal takes the document's passages with it."""
    path = Path(pincite.demo_paths()[0])
    with pincite.Pincite(tmp_path / "a.db", dense=False, create=True) as a, \
            pincite.Pincite(tmp_path / "b.db", dense=False, create=True) as b:
        [from_file] = a.ingest([path]).results
        from_bytes = b.ingest_bytes(path.read_bytes(), "upload/" + path.name)
        assert from_bytes.status == "added" and from_bytes.doc_id and from_bytes.units == from_file.units
        again = b.ingest_bytes(path.read_bytes(), "upload/" + path.name)
        assert again.status == "unchanged"
        bad = b.ingest_bytes(b"%PDF-1.4 truncated", "upload/broken.pdf")
        assert bad.status == "failed" and "broken.pdf" in bad.error and len(b.documents()) == 1
        gone = b.remove("upload/" + path.name)
        assert gone.id == from_bytes.doc_id and b.documents() == [] and b.regroup() is None
        assert b.passages(gone.id) == []
        with pytest.raises(NotFound):
            b.document(gone.id)
        with pytest.raises(NotFound):
            b.remove(gone.id)
