"""In-force windows across versions, the as-of lookup, and `pincite versions` on statute works."""

from __future__ import annotations

import json
import shutil
from collections import defaultdict
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pincite import versions
from pincite.cli import app
from pincite.ingest import ingest_paths
from pincite.store.sqlite import SQLiteStore


def as_of_text(store, work: str, key: str, date: str) -> str | None:
    found = versions.provision_as_of(store, work, key, date)
    if found is None:
        return None
    doc, unit = found
    return doc.unit_text(unit)


# -- fictional Act in two versions ---------------------------------------------------------------

@pytest.mark.parametrize("order", [("2020", "2022"), ("2022", "2020")])
def test_fixture_windows_any_arrival_order(store, fixtures: Path, order) -> None:
    for year in order:
        report = ingest_paths(store, [fixtures / "canada" / f"X-9_pit-{year}-01-01.xml"])
        assert not report.failed
    windows = {}
    for s in store.list_documents(work="ca/act/X-9"):
        doc = store.get_document(s.id)
        for u in doc.units:
            windows[(s.version_date, u.attrs["key"])] = (u.in_force_from, u.in_force_to)
    # the changed paragraph: old text ends the day the new text comes into force (2021-07-01), not 2022-01-01
    assert windows[("2020-01-01", "3(1)(b)")] == ("2010-01-01", "2021-07-01")
    assert windows[("2022-01-01", "3(1)(b)")] == ("2021-07-01", None)
    assert windows[("2020-01-01", "3")] == ("2010-01-01", "2021-07-01")
    # unchanged text: one window shared by both versions
    assert windows[("2020-01-01", "3(1)(a)")] == windows[("2022-01-01", "3(1)(a)")] == ("2010-01-01", None)
    # a section gone from the later version ends at that version's date
    assert windows[("2020-01-01", "5")] == ("2015-03-01", "2022-01-01")
    assert ("2022-01-01", "5") not in windows


def test_fixture_as_of_and_idempotent(store, fixtures: Path, tmp_path: Path) -> None:
    ingest_paths(store, [fixtures / "canada"])  # no_body.xml fails by name, the two versions are stored
    assert as_of_text(store, "ca/act/X-9", "3(1)(b)", "2021-06-30") == "(b) not more than two assistant keepers."
    assert as_of_text(store, "ca/act/X-9", "s. 3(1)(b)", "2021-07-01") == "(b) not more than 3 assistant keepers."
    assert as_of_text(store, "ca/act/X-9", "5", "2023-01-01") is None
    assert as_of_text(store, "ca/act/X-9", "5", "2016-01-01") == "Fog horns\n5 A keeper shall sound the fog horn in fog."
    assert as_of_text(store, "ca/act/X-9", "3(1)(b)", "2009-12-31") is None  # before any known text
    assert versions.refresh_work(store, "ca/act/X-9") == 0  # re-running changes nothing
    # re-ingesting a changed copy of a version is a replace, and windows are recomputed the same way
    copy = tmp_path / "X-9_pit-2022-01-01.xml"
    shutil.copy(fixtures / "canada" / "X-9_pit-2022-01-01.xml", copy)
    ingest_paths(store, [copy])
    assert as_of_text(store, "ca/act/X-9", "3(1)(b)", "2021-06-30") == "(b) not more than two assistant keepers."


def test_cli_versions_lists_statute_work(fixtures: Path, tmp_path: Path) -> None:
    db = tmp_path / "cli.db"
    runner = CliRunner()
    r = runner.invoke(app, ["ingest", str(fixtures / "canada" / "X-9_pit-2022-01-01.xml"),
                            str(fixtures / "canada" / "X-9_pit-2020-01-01.xml"), "--db", str(db)])
    assert r.exit_code == 0, r.output
    r = runner.invoke(app, ["versions", "ca/act/X-9", "--db", str(db), "--json"])
    assert r.exit_code == 0, r.output
    out = json.loads(r.stdout)
    assert [v["version_date"] for v in out["versions"]] == ["2020-01-01", "2022-01-01"]
    r = runner.invoke(app, ["versions", "ca/act/NOPE", "--db", str(db)])
    assert r.exit_code == 1


def test_bill_stages_get_no_windows(store, fixtures: Path) -> None:
    report = ingest_paths(store, [fixtures / "uslm"])
    assert not report.failed
    rows = store.list_documents(work="us/bill/999/hr/1")
    assert len(rows) == 2
    for s in rows:
        assert all(u.in_force_from is None and u.in_force_to is None for u in store.get_document(s.id).units)


# -- the real Acts ---------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def canada_store(corpus: Path, tmp_path_factory):
    s = SQLiteStore(tmp_path_factory.mktemp("versions") / "canada.db")
    # newest first, to prove arrival order does not matter
    files = sorted((corpus / "canada_justice_laws_xml").glob("*/*.xml"), reverse=True)
    report = ingest_paths(s, files)
    assert not report.failed, [r.error for r in report.failed]
    yield s
    s.close()


AS_OF = [
    ("ca/act/T-2", "4(1)(c)", "2020-03-01", "(c) not more than twenty other judges."),
    ("ca/act/T-2", "4(1)(c)", "2021-06-28", "(c) not more than twenty other judges."),
    ("ca/act/T-2", "4(1)(c)", "2021-06-29", "(c) not more than 22 other judges."),
    ("ca/act/T-2", "4(1)(c)", "2022-01-01", "(c) not more than 22 other judges."),
    ("ca/act/T-2", "4(1)(c)", "2022-06-23", "(c) not more than 23 other judges."),
    ("ca/act/S-23", "4", "2023-03-31", "Interest-free period for full-time students\n4 (1) Subject to the"),
    ("ca/act/S-23", "4", "2023-04-01", "No accrual of interest\n4 (1) Beginning on April 1, 2023, no interest"),
]


@pytest.mark.shared
@pytest.mark.parametrize("work,key,date,start", AS_OF)
def test_real_as_of(canada_store, work, key, date, start) -> None:
    text = as_of_text(canada_store, work, key, date)
    assert text is not None and text.startswith(start)


@pytest.mark.shared
@pytest.mark.parametrize("work", ["ca/act/T-2", "ca/act/S-23", "ca/act/P-21"])
def test_real_windows_never_overlap(canada_store, work) -> None:
    windows: dict[str, set[tuple[str | None, str | None, str]]] = defaultdict(set)
    for s in canada_store.list_documents(work=work):
        doc = canada_store.get_document(s.id)
        for u in doc.units:
            windows[u.attrs["key"]].add((u.in_force_from, u.in_force_to, " ".join(doc.unit_text(u).split())))
    assert len(windows) > 300
    changed = 0
    for key, ws in windows.items():
        spans = sorted(ws, key=lambda w: w[0] or "")
        assert len({w[2] for w in spans}) == len(spans), f"{key}: one window per distinct text"
        for a, b in zip(spans, spans[1:]):
            assert a[1] is not None and b[0] is not None and a[1] <= b[0], f"{key}: {a[:2]} overlaps {b[:2]}"
        for w in spans:
            assert w[0] is None or w[1] is None or w[0] < w[1], f"{key}: empty window {w[:2]}"
        changed += len(spans) > 1
    assert changed >= 10
