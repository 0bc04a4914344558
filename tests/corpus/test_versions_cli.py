"""Finding a work by the names a user knows, through the real command line, on the real Acts and US laws.

A work's key (``ca/act/T-2``) is pincite's own; a user knows the Act's short code (T-2), its title (Tax Court
of Canada Act) or its citation (R.S.C. 1985, c. T-2).  ``pincite versions`` takes any of them, and ``pincite
documents`` lists the works so the key can be found at all."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pincite.cli import app

pytestmark = pytest.mark.shared

runner = CliRunner()
T2_DATES = ["2018-06-21", "2021-06-29", "2022-09-23", "2026-03-26"]


def invoke(*args: str):  # type: ignore[no-untyped-def]
    return runner.invoke(app, list(args), catch_exceptions=False)


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory, corpus: Path) -> str:
    path = str(tmp_path_factory.mktemp("works") / "w.db")
    r = invoke("ingest", "--db", path, "--no-dense", str(corpus / "canada_justice_laws_xml"), str(corpus / "us_uslm"))
    assert r.exit_code == 0, r.output
    return path


@pytest.mark.parametrize("name", [
    "T-2", "t-2", "T2", "Tax Court of Canada Act", "tax court of canada act", "R.S.C. 1985, c. T-2",
    "r.s.c. 1985, c. t-2", "RSC 1985 c T-2", "ca/act/T-2", "CA/ACT/t-2", "  T-2 ",
])
def test_versions_takes_the_short_code_the_title_the_citation_or_the_key(db: str, name: str) -> None:
    r = invoke("versions", name, "--db", db, "--json")
    assert r.exit_code == 0, r.output
    out = json.loads(r.stdout)
    assert out["work"] == "ca/act/T-2"
    assert [v["version_date"] for v in out["versions"]] == T2_DATES
    assert {v["title"] for v in out["versions"]} == {"Tax Court of Canada Act"}


def test_versions_table_names_the_work(db: str) -> None:
    r = invoke("versions", "Privacy Act", "--db", db)
    assert r.exit_code == 0, r.output
    assert "ca/act/P-21" in r.stdout and "2019-08-28" in r.stdout and "2025-06-02" in r.stdout


def test_a_us_law_by_its_citation_and_a_bill_by_its_number(db: str) -> None:
    law = json.loads(invoke("versions", "Public Law 89-304", "--db", db, "--json").stdout)
    assert law["work"] == "us/pl/89/304"
    bill = json.loads(invoke("versions", "H.R. 2157", "--db", db, "--json").stdout)
    assert bill["work"] == "us/bill/116/hr/2157" and len(bill["versions"]) == 2


@pytest.mark.parametrize("name, close", [
    ("T-3", "ca/act/T-2"), ("Tax Court of Canda Act", "ca/act/T-2"), ("Privacy", "ca/act/P-21"),
    ("ca/act/S-32", "ca/act/S-23"),
])
def test_an_unknown_name_is_an_error_listing_close_matches(db: str, name: str, close: str) -> None:
    r = invoke("versions", name, "--db", db)
    assert r.exit_code == 1
    assert f"no versions of a work named {name!r}" in r.output
    assert close in r.output and "pincite documents" in r.output


def test_documents_lists_the_works(db: str) -> None:
    r = invoke("documents", "--db", db)
    assert r.exit_code == 0, r.output
    works = r.stdout[r.stdout.index("works; 'pincite versions NAME'"):]
    for key, title in [("ca/act/T-2", "Tax Court of Canada Act"), ("ca/act/P-21", "Privacy Act"),
                       ("ca/act/S-23", "Canada Student Loans Act"), ("us/pl/89/304", "Anadromous Fish")]:
        assert key in works and title in works
    assert "pincite versions NAME" in works
    assert "ca/act/T-2" in next(line for line in works.splitlines() if "Tax Court of Canada Act" in line)
    # JSON: every document names its work
    docs = json.loads(invoke("documents", "--db", db, "--json").stdout)
    assert {d["work"] for d in docs if "T-2" in d["source"]} == {"ca/act/T-2"}
    # a kind with no works prints no works section
    assert "pincite versions" not in invoke("documents", "--db", db, "--kind", "judgment").stdout


def test_versions_help_says_where_the_works_are_listed() -> None:
    r = invoke("versions", "--help")
    assert r.exit_code == 0
    text = " ".join(r.stdout.split())
    assert "pincite documents" in text and "T-2" in text and "title" in text and "citation" in text


def test_versions_by_short_code_as_a_real_process(db: str) -> None:
    exe = Path(sys.executable).with_name("pincite")
    proc = subprocess.run([str(exe), "versions", "T-2", "--db", db, "--json"], capture_output=True, text=True,
                          env={**os.environ, "NO_COLOR": "1"}, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["work"] == "ca/act/T-2"
