"""The HTTP API over real HTTP: uvicorn on 127.0.0.1 (a free port), started by the test, spoken to with httpx.

Documents are the two fictional demo judgments shipped in the package and the hand-made broken files in
tests/fixtures/server/; nothing here needs ../shared.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import threading
from pathlib import Path

import httpx
import pytest
from typer.testing import CliRunner

from pincite.cli import app as cli_app
from pincite.cli import demo_paths
from pincite.generate.scripted import ScriptedGenerator
from pincite.ingest import ingest_paths
from pincite.api.app import create_app, RunningServer
from pincite.api.config import ServerConfig, ServerError
from pincite.generate.base import GeneratorKind
from pincite.api.security import check_bind, host_of, is_loopback
from pincite.api.uploads import sanitise_filename
from pincite.store.sqlite import SQLiteStore
from tests.conftest import FIXTURES

FIX = FIXTURES / "server"
TOKEN = "s3cret-token-for-tests-0123456789"
QUESTION = "Was the email of 3 February 2022 notice in writing under clause 16.1?"
API = {"X-Pincite-Request": "1"}  # what an API client sends on a write (a cross-site form cannot)


@pytest.fixture()
def demo_db(tmp_path: Path) -> Path:
    db = tmp_path / "data" / "pincite.db"
    s = SQLiteStore(db)
    report = ingest_paths(s, demo_paths())
    s.close()
    assert not report.failed
    return db


def serve(db: Path, **kw):  # type: ignore[no-untyped-def]
    # the door is under test here, not the answerer: the hand-set extractive generator, whose answers do not move
    # when the ranker is retrained (its own tests are tests/test_generate_ranker.py's)
    generator = kw.pop("generator", None)
    kw.setdefault("generator_kind", GeneratorKind.EXTRACTIVE)
    config = ServerConfig(db=db, dense=False, **kw)
    return RunningServer(create_app(config, generator=generator))


def store_state(db: Path) -> tuple[dict[str, int], int, list[str]]:
    s = SQLiteStore(db)
    try:
        return s.counts(), s.generation(), sorted(d.source for d in s.list_documents())
    finally:
        s.close()


# -- addresses and tokens ---------------------------------------------------------------------------------


@pytest.mark.parametrize("host, loopback", [
    ("127.0.0.1", True), ("127.0.0.2", True), ("::1", True), ("[::1]", True), ("localhost", True),
    ("0.0.0.0", False), ("::", False), ("192.168.1.10", False), ("example.com", False), ("", False),
])
def test_is_loopback(host: str, loopback: bool) -> None:
    assert is_loopback(host) is loopback


@pytest.mark.parametrize("header, host", [
    ("127.0.0.1:8000", "127.0.0.1"), ("localhost", "localhost"), ("[::1]:8000", "::1"), ("evil.example:80", "evil.example"),
])
def test_host_of(header: str, host: str) -> None:
    assert host_of(header) == host


def test_public_address_refused_without_token() -> None:
    with pytest.raises(ServerError, match="PINCITE_TOKEN"):
        check_bind("0.0.0.0", None)
    with pytest.raises(ServerError, match="too short"):
        check_bind("0.0.0.0", "short")
    check_bind("0.0.0.0", TOKEN)  # allowed with a token
    check_bind("127.0.0.1", None)  # loopback needs none


def test_serve_command_refuses_public_address_without_token(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "PINCITE_TOKEN"}
    proc = subprocess.run(
        [sys.executable, "-m", "pincite.cli", "serve", "--db", str(tmp_path / "x.db"), "--host", "0.0.0.0",
         "--port", "9"], capture_output=True, text=True, env=env, timeout=60,
    )
    assert proc.returncode == 1
    assert "refusing to listen on '0.0.0.0' without an API token" in proc.stderr
    assert "Traceback" not in proc.stderr


def test_token_required_when_set(demo_db: Path) -> None:
    with serve(demo_db, token=TOKEN) as srv:
        none = httpx.get(f"{srv.url}/api/documents")
        wrong = httpx.get(f"{srv.url}/api/documents", headers={"Authorization": "Bearer " + TOKEN[:-1] + "x"})
        right = httpx.get(f"{srv.url}/api/documents", headers={"Authorization": f"Bearer {TOKEN}"})
        health = httpx.get(f"{srv.url}/api/health")
        page = httpx.get(f"{srv.url}/documents", headers={"accept": "text/html"})
        upload = httpx.post(f"{srv.url}/api/ingest", files={"files": ("a.xml", b"<x/>")})
    assert none.status_code == 401 and "Bearer" in none.json()["error"]
    assert none.headers["www-authenticate"] == "Bearer"
    assert wrong.status_code == 401
    assert right.status_code == 200 and len(right.json()["documents"]) == 2
    assert health.status_code == 200 and health.json()["token_required"] is True
    assert page.status_code == 303 and page.headers["location"].startswith("/login")
    assert upload.status_code == 401
    assert store_state(demo_db)[0]["documents"] == 2


def test_request_for_another_host_refused_without_token(demo_db: Path) -> None:
    with serve(demo_db) as srv:
        r = httpx.get(f"{srv.url}/api/health", headers={"Host": "attacker.example"})
        ok = httpx.get(f"{srv.url}/api/health", headers={"Host": "localhost:1234"})
    assert r.status_code == 421 and "loopback" in r.json()["error"]
    assert ok.status_code == 200


# -- uploads ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("name, safe", [
    ("judgment.xml", "judgment.xml"),
    ("../../etc/passwd.xml", "passwd.xml"),
    ("C:\\Users\\x\\Act 2021 (v2).xml", "Act_2021_v2_.xml"),
    ("..hidden.txt", "hidden.txt"),
    ("ünïcødé name.pdf", "n_c_d_name.pdf"),
    ("a" * 300 + ".xml", "a" * 116 + ".xml"),
])
def test_sanitise_filename(name: str, safe: str) -> None:
    assert sanitise_filename(name) == safe


@pytest.mark.parametrize("name", ["", "../..", "///", "...", "—"])
def test_sanitise_filename_refuses_empty(name: str) -> None:
    with pytest.raises(ValueError, match="no usable characters"):
        sanitise_filename(name)


def test_upload_stores_through_the_ingest_path(demo_db: Path, tmp_path: Path) -> None:
    data = Path(demo_paths()[0]).read_bytes()
    before = set(p.name for p in demo_db.parent.iterdir())
    with serve(demo_db) as srv:
        first = httpx.post(f"{srv.url}/api/ingest", files={"files": ("../../evil/../ferries copy.xml", data)},
                           headers=API)
        again = httpx.post(f"{srv.url}/api/ingest", files={"files": ("ferries copy.xml", data)}, headers=API)
        doc = httpx.get(f"{srv.url}/api/documents/{first.json()['files'][0]['id']}", params={"text": "false"})
    assert first.status_code == 200, first.text
    f = first.json()["files"][0]
    # a name changed by sanitising ("ferries copy.xml") is keyed with its content's hash: no other file shares it
    assert f["status"] == "added" and f["kind"] == "judgment"
    assert re.fullmatch(r"upload/ferries_copy~[0-9a-f]{12}\.xml", f["source"]), f["source"]
    assert f["units"] == 29
    assert again.json()["files"][0]["status"] == "unchanged"
    assert doc.json()["source"] == f["source"] and "text" not in doc.json()
    assert doc.json()["units"][23]["number"] == "13" and doc.json()["units"][23]["role"] == "dissenting"
    # nothing but the database and its index folder appears in the data directory; nothing above it
    after = set(p.name for p in demo_db.parent.iterdir())
    assert {n for n in after - before if not n.startswith("pincite.db")} == set()
    assert not (tmp_path / "evil").exists()


def test_oversized_upload_refused_and_store_unchanged(demo_db: Path) -> None:
    before = store_state(demo_db)
    big = Path(demo_paths()[0]).read_bytes() * 20  # ~ 200 KB
    with serve(demo_db, max_upload_bytes=50_000) as srv:
        r = httpx.post(f"{srv.url}/api/ingest", files={"files": ("big.xml", big)})
        health = httpx.get(f"{srv.url}/api/health")
    assert r.status_code == 413
    assert "over the 50000-byte limit" in r.json()["error"]
    assert health.status_code == 200  # the server is still serving
    assert store_state(demo_db) == before


@pytest.mark.parametrize("fixture, reason", [
    ("truncated_judgment.xml", "not well-formed XML"),
    ("entity_bomb.xml", "declares entities"),
])
def test_malformed_upload_clear_error_store_unchanged(demo_db: Path, fixture: str, reason: str) -> None:
    before = store_state(demo_db)
    with serve(demo_db) as srv:
        r = httpx.post(f"{srv.url}/api/ingest", files={"files": (fixture, (FIX / fixture).read_bytes())},
                       headers=API)
    assert r.status_code == 422
    body = r.json()
    assert body["error"].startswith("1 of 1 file(s) could not be stored")
    assert f"upload/{fixture}" in body["error"] and reason in body["error"]
    assert body["files"][0]["status"] == "failed" and body["totals"]["failed"] == 1
    assert "Traceback" not in r.text
    assert store_state(demo_db) == before


def test_one_bad_file_does_not_stop_the_good_one(demo_db: Path) -> None:
    good = Path(demo_paths()[1]).read_bytes()
    with serve(demo_db) as srv:
        r = httpx.post(f"{srv.url}/api/ingest", files=[
            ("files", ("broken.xml", (FIX / "truncated_judgment.xml").read_bytes())),
            ("files", ("orchard.xml", good)),
        ], headers=API)
    assert r.status_code == 422
    statuses = {f["source"]: f["status"] for f in r.json()["files"]}
    assert statuses == {"upload/broken.xml": "failed", "upload/orchard.xml": "added"}
    assert "upload/orchard.xml" in store_state(demo_db)[2]


@pytest.mark.parametrize("kwargs, status, words", [
    ({"content": b"plain", "headers": {"content-type": "text/plain"}}, 415, "multipart/form-data"),
    ({"data": {"format": "akn"}, "files": {"other": ("x.xml", b"<x/>")}}, 400, "field named 'files'"),
    ({"data": {"format": "rtf"}, "files": {"files": ("x.xml", b"<x/>")}}, 400, "not a valid Format"),
])
def test_bad_upload_requests(demo_db: Path, kwargs: dict, status: int, words: str) -> None:
    with serve(demo_db) as srv:
        r = httpx.post(f"{srv.url}/api/ingest", headers={**API, **kwargs.pop("headers", {})}, **kwargs)
    assert r.status_code == status and words in r.json()["error"]


# -- answers, documents, errors ----------------------------------------------------------------------------


def _values(value: object, key: str) -> list[str]:
    """Every string under ``key`` in a JSON value."""
    if isinstance(value, dict):
        return [v for k, v in value.items() if k == key and isinstance(v, str)] + [
            x for v in value.values() for x in _values(v, key)]
    if isinstance(value, list):
        return [x for v in value for x in _values(v, key)]
    return []


def _served(local: Any) -> Any:
    """The CLI's JSON as the server gives it: each document's source relative to the store's folder, else its
    file's name (the demo files lie outside the store's folder)."""
    if isinstance(local, dict):
        return {k: Path(v).name if k == "source" and isinstance(v, str) and v.startswith("/") else _served(v)
                for k, v in local.items()}
    if isinstance(local, list):
        return [_served(v) for v in local]
    return local


def test_ask_returns_the_same_json_as_the_cli(demo_db: Path) -> None:
    with serve(demo_db) as srv:
        r = httpx.post(f"{srv.url}/api/ask", json={"question": QUESTION, "no_dense": True}, timeout=60)
    assert r.status_code == 200, r.text
    api = r.json()
    res = CliRunner().invoke(cli_app, ["ask", QUESTION, "--db", str(demo_db), "--no-dense", "--generator",
                                       "extractive", "--json"])
    assert res.exit_code == 0, res.output
    cli = json.loads(res.stdout)
    for d in (api, cli):
        d.pop("seconds")
        for t in d["trace"]:  # each attempt's timing
            t.pop("seconds")
    # the same JSON, but for where the server keeps its files: HTTP shows a document's source relative to the
    # store's folder (else the file's name), the local CLI the path it was given (issue 51)
    sources = {json.dumps(x) for x in _values(cli, "source")}
    assert sources and all(s.startswith('"/') for s in sources)
    assert all(not s.startswith("/") for s in _values(api, "source"))
    assert _served(cli) == api
    # and the offsets name the quoted words in the document's text
    doc = httpx.Client()
    with serve(demo_db) as srv:
        for c in api["citations"]:
            text = doc.get(f"{srv.url}/api/documents/{c['document']['id']}").json()["text"]
            assert text[c["char_start"]:c["char_end"]] == c["quote"]
    # the answer cites numbered paragraphs of the judgment (which one depends on the generator, not on the door)
    assert api["citations"] and all(re.fullmatch(r"\[\d+\]", u) for c in api["citations"] for u in c["units"])


def test_documents_list_matches_cli_and_filters_by_kind(demo_db: Path) -> None:
    with serve(demo_db) as srv:
        all_docs = httpx.get(f"{srv.url}/api/documents").json()["documents"]
        statutes = httpx.get(f"{srv.url}/api/documents", params={"kind": "statute"}).json()["documents"]
        bad = httpx.get(f"{srv.url}/api/documents", params={"kind": "novel"})
    res = CliRunner().invoke(cli_app, ["documents", "--db", str(demo_db), "--json"])
    assert all_docs == _served(json.loads(res.stdout))
    assert all(not d["source"].startswith("/") for d in all_docs)  # the server's layout is not shown
    assert statutes == []
    # kind is a list now (repeatable, as kinds): the error names the item, as search's does
    assert bad.status_code == 422 and bad.json()["error"].startswith("invalid request: kind.0:")


def test_search_filters_and_passage_offsets(demo_db: Path) -> None:
    with serve(demo_db) as srv:
        r = httpx.get(f"{srv.url}/api/search", params={"q": "aggregation clause originating cause", "k": 3})
        bad = httpx.get(f"{srv.url}/api/search", params={"q": "x", "as_of": "31/01/2020"})
        text = httpx.get(f"{srv.url}/api/documents/{r.json()['passages'][0]['document']['id']}").json()["text"]
    passages = r.json()["passages"]
    assert 1 <= len(passages) <= 3
    top = passages[0]
    assert top["units"][0] == "[14]" and top["role"] == "dissenting" and top["author"] == "Tremayne LJ"
    assert text[top["char_start"]:top["char_end"]] == top["text"]
    assert all(p["citable"] for p in passages)
    assert bad.status_code == 400 and "YYYY-MM-DD" in bad.json()["error"]


def test_search_returns_the_same_hits_as_the_cli(demo_db: Path) -> None:
    """A search hit has one shape: /api/search's passages are search --json's hits (units are labels in both)."""
    q = "aggregation clause originating cause"
    with serve(demo_db) as srv:
        r = httpx.get(f"{srv.url}/api/search", params={"q": q, "k": 3, "no_dense": True})
    res = CliRunner().invoke(cli_app, ["search", q, "--db", str(demo_db), "--no-dense", "--k", "3", "--json"])
    assert r.status_code == 200 and res.exit_code == 0, (r.text, res.output)
    api, cli = r.json()["passages"], json.loads(res.stdout)["hits"]
    assert api == _served(cli) and len(api) == 3
    assert api[0]["units"] == ["[14]"] and api[0]["unit_ids"][0].startswith(api[0]["document"]["id"] + ":u")


@pytest.mark.parametrize("method, path, body, status, words", [
    ("GET", "/api/documents/doc_nope", None, 404, "no document 'doc_nope'"),
    ("GET", "/api/nowhere", None, 404, "no such page or endpoint"),
    ("POST", "/api/ask", {"question": ""}, 422, "question:"),
    ("POST", "/api/ask", {"question": "x", "as_of": "2020-02-30"}, 422, "not a date in the form YYYY-MM-DD"),
    ("POST", "/api/ask", {"question": "x", "on_fail": "shrug"}, 422, "on_fail:"),
    ("DELETE", "/api/documents", None, 405, "DELETE is not allowed"),
])
def test_errors_are_json_with_a_clear_message(demo_db: Path, method: str, path: str, body: object, status: int,
                                              words: str) -> None:
    with serve(demo_db) as srv:
        r = httpx.request(method, srv.url + path, json=body, headers=API)
    assert r.status_code == status
    assert words in r.json()["error"]
    assert "Traceback" not in r.text
    assert str(demo_db.parent) not in r.text  # the server's paths are not the client's (issue 51)
    if status == 404 and "doc_nope" in path:
        assert f"in {demo_db.name};" in r.json()["error"]


def test_unexpected_failure_is_a_plain_500_without_a_trace(demo_db: Path) -> None:
    def explode(turn, attempt):  # type: ignore[no-untyped-def]
        raise RuntimeError("secret internal detail")

    with serve(demo_db, generator=ScriptedGenerator([explode])) as srv:
        r = httpx.post(f"{srv.url}/api/ask", json={"question": QUESTION})
        page = httpx.get(srv.url + "/", params={"q": QUESTION}, headers={"accept": "text/html"})
    assert r.status_code == 500
    assert r.json() == {"error": "internal error (details are in the server's log)"}
    assert page.status_code == 500 and "secret internal detail" not in page.text and "<html" in page.text


def test_generator_failure_is_502(demo_db: Path) -> None:
    from pincite.generate.base import GeneratorError

    def down(turn, attempt):  # type: ignore[no-untyped-def]
        raise GeneratorError("the model server at http://127.0.0.1:9 refused the connection")

    with serve(demo_db, generator=ScriptedGenerator([down])) as srv:
        r = httpx.post(f"{srv.url}/api/ask", json={"question": QUESTION})
    assert r.status_code == 502 and "refused the connection" in r.json()["error"]


def test_docs_are_offline_and_list_every_endpoint(demo_db: Path) -> None:
    with serve(demo_db) as srv:
        spec = httpx.get(f"{srv.url}/openapi.json").json()
        docs = httpx.get(f"{srv.url}/docs").text
        pages = [httpx.get(srv.url + p).text for p in ("/", "/documents", "/docs")]
    for path in ("/api/ask", "/api/search", "/api/documents", "/api/documents/{document_id}", "/api/ingest",
                 "/api/eval/runs", "/api/health"):
        assert path in spec["paths"] and path in docs
    assert "multipart/form-data" in json.dumps(spec["paths"]["/api/ingest"])
    for html in pages:
        assert "cdn" not in html.lower()
        assert "src=\"http" not in html and "href=\"http" not in html


def test_eval_runs_are_listed_and_read(demo_db: Path) -> None:
    from pincite.evaluation.runs import build_run, write_run

    with serve(demo_db) as srv:
        empty = httpx.get(f"{srv.url}/api/eval/runs").json()
        written = write_run(build_run([], {"k": 8, "generator": "extractive"}, 1.5), None, db=demo_db)
        listed = httpx.get(f"{srv.url}/api/eval/runs").json()
        one = httpx.get(f"{srv.url}/api/eval/runs/{written.stem}")
        sneaky = httpx.get(f"{srv.url}/api/eval/runs/..%2F..%2Fpincite")
        missing = httpx.get(f"{srv.url}/api/eval/runs/nope")
    assert empty["available"] is True and empty["runs"] == []
    assert [r["run"] for r in listed["runs"]] == [written.stem]
    assert listed["runs"][0]["status"] == "done" and listed["runs"][0]["questions"] == 0
    assert one.status_code == 200 and one.json()["settings"] == {"k": 8, "generator": "extractive"}
    assert sneaky.status_code == 404 and missing.status_code == 404
    assert "no evaluation run 'nope'" in missing.json()["error"]


# -- concurrency -----------------------------------------------------------------------------------------


def test_reads_during_ingest_are_consistent(demo_db: Path) -> None:
    """Readers ask and search while the same source is replaced again and again: every answer is 200 and
    every citation's offsets name its quote in the version of the document it cites."""
    from pincite.ingest import document_from_bytes

    base = Path(demo_paths()[0]).read_bytes()
    assert base.count(b"14/03/2024") == 1
    # each version shifts every later offset by a different amount
    versions = [base.replace(b"14/03/2024", f"14/03/2024 (revision {'I' * d})".encode()) for d in range(1, 7)]
    texts: dict[str, str] = {}
    for v in versions:
        d = document_from_bytes(v, "upload/ferries.xml")
        texts[d.id] = d.text
    assert len(set(texts.values())) == len(versions)
    s = SQLiteStore(demo_db)
    texts.update({x.id: s.get_document(x.id).text for x in s.list_documents()})
    s.close()
    errors: list[str] = []
    checked = [0]
    stop = threading.Event()

    def reader() -> None:
        with httpx.Client(timeout=60) as c:
            while not stop.is_set():
                r = c.post(f"{srv.url}/api/ask", json={"question": QUESTION})
                if r.status_code != 200:
                    errors.append(f"ask {r.status_code}: {r.text[:200]}")
                    continue
                for cit in r.json()["citations"]:
                    t = texts.get(cit["document"]["id"])
                    if t is None or t[cit["char_start"]:cit["char_end"]] != cit["quote"]:
                        errors.append(f"inconsistent citation {cit['unit_id']}")
                    checked[0] += 1
                s = c.get(f"{srv.url}/api/search", params={"q": "notice in writing email"})
                if s.status_code != 200:
                    errors.append(f"search {s.status_code}: {s.text[:200]}")

    with serve(demo_db) as srv:
        threads = [threading.Thread(target=reader) for _ in range(3)]
        for t in threads:
            t.start()
        with httpx.Client(timeout=60) as c:
            last = None  # each version replaces the one before explicitly: an upload never replaces by name
            for v in versions:
                r = c.post(f"{srv.url}/api/ingest", files={"files": ("ferries.xml", v)}, headers=API,
                           data={"replace": last} if last else None)
                assert r.status_code == 200 and r.json()["files"][0]["status"] in ("added", "replaced"), r.text
                last = r.json()["files"][0]["id"]
        stop.set()
        for t in threads:
            t.join(timeout=60)
    assert errors == []
    assert checked[0] > 0
    assert store_state(demo_db)[0]["documents"] == 3  # the two demos and the last version of the upload
