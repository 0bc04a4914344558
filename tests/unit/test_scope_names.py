"""Every command that takes a document reads its name the same way (issue 29): an id, any spelling of its path
(relative, through a linked folder), a unique file name, a unique title; a name that fits nothing, or several,
is a usage error naming the closest documents — never a silent empty scope answered "No supported answer"."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import httpx
import pytest
from typer.testing import CliRunner

from pincite.api.app import RunningServer, create_app
from pincite.api.config import ServerConfig
from pincite.cli import app, demo_paths

runner = CliRunner()
QUESTION = "Was notice in writing given under clause 16.1?"
FERRIES = "demo_legacy_harbour_ferries.xml"


def invoke(*args: str):  # type: ignore[no-untyped-def]
    return runner.invoke(app, list(args), catch_exceptions=False)


@pytest.fixture()
def store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """The demo judgments in ./docs, ingested by a relative path, with ./linked a link to ./docs."""
    docs = tmp_path / "docs"
    docs.mkdir()
    for p in demo_paths():
        shutil.copy(p, docs / Path(p).name)
    (tmp_path / "linked").symlink_to(docs)
    monkeypatch.chdir(tmp_path)
    r = invoke("ingest", "docs", "--db", "s.db", "--no-dense")
    assert r.exit_code == 0, r.output
    return "s.db"


def _ids(db: str) -> dict[str, str]:
    return {Path(d["source"]).name: d["id"] for d in json.loads(invoke("documents", "--db", db, "--json").stdout)}


@pytest.mark.parametrize("name", [f"docs/{FERRIES}", f"./docs/{FERRIES}", f"linked/{FERRIES}", FERRIES,
                                  "Harbour Ferries Ltd v Calloway Marine Supplies Ltd", "id"])
def test_ask_and_search_scoped_by_any_spelling_answer_from_that_document(store: str, name: str) -> None:
    want = _ids(store)[FERRIES]
    name = want if name == "id" else name
    r = invoke("ask", QUESTION, "--db", store, "--no-dense", "--document", name, "--json")
    assert r.exit_code == 0, r.output
    ans = json.loads(r.stdout)
    # the scope is what was searched: passages were retrieved, all from that document (whether the answerer then
    # quotes one is the model's decision, not the name's), and anything cited is from it too
    assert ans["retrieved"] and {p["document"]["id"] for p in ans["retrieved"]} == {want}, ans["answer"]
    assert {c["unit_id"].rsplit(":u", 1)[0] for c in ans["citations"]} <= {want}
    r = invoke("search", "notice in writing", "--db", store, "--no-dense", "--document", name, "--json")
    assert r.exit_code == 0, r.output
    hits = json.loads(r.stdout)["hits"]
    assert hits and {h["document"]["id"] for h in hits} == {want}
    r = invoke("show", name, "--db", store, "--json")
    assert r.exit_code == 0 and json.loads(r.stdout)["id"] == want


@pytest.mark.parametrize("command", ["ask", "search"])
@pytest.mark.parametrize("name, close", [("nope-no-such.xml", None), ("demo_legacy_harbour", FERRIES),
                                         ("doc_0000000000000000", None)])
def test_an_unknown_document_exits_2_naming_the_closest(store: str, command: str, name: str,
                                                        close: str | None) -> None:
    words = QUESTION if command == "ask" else "notice"
    r = invoke(command, words, "--db", store, "--no-dense", "--document", name)
    assert r.exit_code == 2, r.output
    assert f"no stored document is named {name!r}" in r.output and "pincite documents" in r.output
    if close:
        assert _ids(store)[close] in r.output


def test_an_ambiguous_file_name_exits_2_listing_both(store: str, tmp_path: Path) -> None:
    other = tmp_path / "more"
    other.mkdir()
    shutil.copy(demo_paths()[0], other / FERRIES)
    text = (other / FERRIES).read_text(encoding="utf-8").replace("Calloway", "Galloway")  # another document
    (other / FERRIES).write_text(text, encoding="utf-8")
    assert invoke("ingest", "more", "--db", store, "--no-dense").exit_code == 0
    r = invoke("ask", QUESTION, "--db", store, "--no-dense", "--document", FERRIES)
    assert r.exit_code == 2 and "names 2 stored documents" in r.output, r.output


def test_an_unknown_work_exits_2(store: str) -> None:
    r = invoke("ask", QUESTION, "--db", store, "--no-dense", "--work", "Tax Court of Canda Act")
    assert r.exit_code == 2 and "no versions of a work named" in r.output, r.output


def test_the_api_refuses_an_unknown_scope_and_reads_a_file_name(store: str) -> None:
    with RunningServer(create_app(ServerConfig(db=Path(store), dense=False))) as srv:
        bad = httpx.post(f"{srv.url}/api/ask", json={"question": QUESTION, "documents": ["nope.xml"]}, timeout=60)
        assert bad.status_code == 422 and "no stored document is named 'nope.xml'" in bad.json()["error"]
        ok = httpx.post(f"{srv.url}/api/ask", json={"question": QUESTION, "documents": [FERRIES]}, timeout=60)
        assert ok.status_code == 200, ok.text
        assert ok.json()["retrieved"] and {p["document"]["source"].rsplit("/", 1)[-1]
                                           for p in ok.json()["retrieved"]} == {FERRIES}, ok.text
