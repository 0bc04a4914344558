"""Questions over several documents through the HTTP API and the web reader: the same scope as `pincite ask`."""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest
from selectolax.lexbor import LexborHTMLParser

from pincite.ingest import ingest_paths
from pincite.api.app import create_app, RunningServer
from pincite.api.config import ServerConfig
from pincite.store.sqlite import SQLiteStore

pytestmark = pytest.mark.shared

QUESTION = "Which law governs the agreement?"


@pytest.fixture(scope="module")
def server(corpus: Path, tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    db = tmp_path_factory.mktemp("scope") / "s.db"
    s = SQLiteStore(db)
    assert not ingest_paths(s, [corpus / "contracts_cuad" / "txt"]).failed
    s.close()
    with RunningServer(create_app(ServerConfig(db=db, dense=False))) as srv:
        yield srv


def test_api_ask_by_kind_answers_per_source(server) -> None:  # type: ignore[no-untyped-def]
    r = httpx.post(f"{server.url}/api/ask", json={"question": QUESTION, "kind": "contract"}, timeout=120)
    assert r.status_code == 200, r.text
    j = r.json()
    assert len(j["scope"]) == 9
    assert len(j["sections"]) >= 5
    for sec in j["sections"]:  # each section cites only its own source
        docs = {j["citations"][n - 1]["document"]["id"] for i in sec["claims"] for n in j["claims"][i]["citations"]}
        assert docs == {sec["document"]["id"]}
    assert any("XLITECH" in d["source"] for d in j["no_answer_in"])


def test_api_ask_scoped_to_two_documents(server) -> None:  # type: ignore[no-untyped-def]
    docs = httpx.get(f"{server.url}/api/documents").json()
    rows = docs["documents"] if isinstance(docs, dict) else docs
    picked = [d["id"] for d in rows if "Fuse" in d["source"] or "Leadersonline" in d["source"]]
    assert len(picked) == 2
    j = httpx.post(f"{server.url}/api/ask", json={"question": QUESTION, "documents": picked}, timeout=120).json()
    assert {s["id"] for s in j["scope"]} == set(picked)
    assert {c["document"]["id"] for c in j["citations"]} <= set(picked)


def test_reader_shows_one_section_per_source(server) -> None:  # type: ignore[no-untyped-def]
    page = httpx.get(f"{server.url}/", params={"q": QUESTION, "kind": "contract"}, timeout=120)
    assert page.status_code == 200
    tree = LexborHTMLParser(page.text)
    sections = tree.css("section.source[data-document]")
    assert len(sections) >= 5
    none = tree.css_first("#no-answer-in")
    assert none is not None and "SPONSORSHIP" in none.text().upper()
    assert tree.css_first("select[name=kind] option[selected]").attributes["value"] == "contract"


def test_bad_kind_is_a_clear_error(server) -> None:  # type: ignore[no-untyped-def]
    r = httpx.post(f"{server.url}/api/ask", json={"question": QUESTION, "kind": "treaty"})
    assert r.status_code in (400, 422) and "error" in r.json()
