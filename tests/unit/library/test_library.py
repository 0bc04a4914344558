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
