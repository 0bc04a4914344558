"""``/openapi.json`` declares what every JSON route returns (issue 51: "typed OpenAPI responses"), and the
declarations are true: each route's real response validates against its model (:mod:`pincite.api.schemas`,
``extra="forbid"``), on the demo store, in process."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from fastapi.routing import APIRoute
from fastapi.testclient import TestClient

from pincite.api.app import create_app
from pincite.api.config import ServerConfig
from pincite.cli import demo_paths
from pincite.evaluation.runs import build_run, write_run
from pincite.generate.base import GeneratorKind
from pincite.ingest import ingest_paths
from pincite.store.sqlite import SQLiteStore

QUESTION = "Was the email of 3 February 2022 notice in writing under clause 16.1?"
API = {"X-Pincite-Request": "1"}


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Any:
    db = tmp_path_factory.mktemp("openapi") / "data" / "pincite.db"
    s = SQLiteStore(db)
    assert not ingest_paths(s, demo_paths()).failed
    s.close()
    app = create_app(ServerConfig(db=db, dense=False, generator_kind=GeneratorKind.EXTRACTIVE))
    with TestClient(app, base_url="http://127.0.0.1") as c:
        yield c


def _resolve(schema: dict[str, Any], spec: dict[str, Any]) -> dict[str, Any]:
    ref = schema.get("$ref")
    return spec["components"]["schemas"][ref.rsplit("/", 1)[1]] if ref else schema


def test_every_json_route_declares_the_properties_of_its_response(client: Any) -> None:
    spec = client.get("/openapi.json").json()
    routes = [(path, method) for path, ops in spec["paths"].items() for method in ops if path.startswith("/api/")]
    assert len(routes) >= 11
    empty = []
    for path, method in routes:
        ok = spec["paths"][path][method]["responses"]["200"]
        schema = _resolve(ok["content"]["application/json"]["schema"], spec)
        if not schema.get("properties"):
            empty.append(f"{method.upper()} {path}")
    assert not empty, f"200 responses declared without properties: {empty}"


def _model(client: Any, path: str, method: str) -> Any:
    for r in client.app.routes:
        if isinstance(r, APIRoute) and r.path == path and method.upper() in r.methods:
            return r.responses[200]["model"]
    raise AssertionError(f"no route {method} {path}")


def test_every_route_returns_what_its_model_declares(client: Any) -> None:
    def check(method: str, route: str, url: str, **kw: Any) -> dict[str, Any]:
        r = client.request(method, url, **kw)
        assert r.status_code == 200, r.text
        _model(client, route, method).model_validate(r.json())  # extra="forbid": a field each way fails
        return r.json()

    check("GET", "/api/health", "/api/health")
    answer = check("POST", "/api/ask", "/api/ask", json={"question": QUESTION, "no_dense": True}, headers=API)
    assert answer["citations"]
    check("GET", "/api/search", "/api/search", params={"q": "aggregation clause originating cause", "k": 3})
    docs = check("GET", "/api/documents", "/api/documents")["documents"]
    one, other = docs[0], docs[1]
    check("GET", "/api/documents/{document_id}", f"/api/documents/{one['id']}")
    page = check("GET", "/api/documents/{document_id}", f"/api/documents/{one['id']}",
                 params={"offset": 1, "limit": 2, "text": "false"})
    assert page["page"]["next"] and "text" not in page
    check("GET", "/api/documents/{document_id}/audit", f"/api/documents/{one['id']}/audit")
    report = check("POST", "/api/check", "/api/check", headers=API, json={
        "text": f"As held in {one['title']}, {one['citation']} at [5], the clause applies. See {other['title']} "
                "at [99]."})
    assert report["citations"] and report["unrecognised"]
    db = Path(client.app.state.backend.config.db)
    written = write_run(build_run([], {"k": 8, "generator": "extractive"}, 1.5), None, db=db)
    assert check("GET", "/api/eval/runs", "/api/eval/runs")["runs"]
    check("GET", "/api/eval/runs/{run}", f"/api/eval/runs/{written.stem}")
    stored = check("POST", "/api/ingest", "/api/ingest", headers=API, files=[
        ("files", ("note.txt", b"A short note.\n\n1. First paragraph of text here.\n", "text/plain"))])
    check("DELETE", "/api/documents/{document_id}", f"/api/documents/{stored['files'][0]['id']}", headers=API)


def test_every_error_a_route_gives_is_declared_with_its_real_shape(client: Any) -> None:
    """The errors the routes answer (``{"error": ...}``, ``problems`` for a bad request; an upload's report
    with its ``error``) are the statuses and shapes ``/openapi.json`` declares for them: no route says
    FastAPI's ``HTTPValidationError``, which the server never sends."""
    from pydantic import TypeAdapter

    spec = client.get("/openapi.json").json()
    assert "HTTPValidationError" not in str(spec) and "ValidationError" not in spec["components"]["schemas"]
    seen: set[tuple[str, str, int]] = set()

    def error(method: str, route: str, url: str, status: int, **kw: Any) -> dict[str, Any]:
        r = client.request(method, url, **kw)
        assert r.status_code == status, r.text
        declared = spec["paths"][route][method.lower()]["responses"]
        assert str(status) in declared, f"{method} {route} answers {status}, undeclared: {sorted(declared)}"
        for r_ in client.app.routes:
            if isinstance(r_, APIRoute) and r_.path == route and method.upper() in r_.methods:
                TypeAdapter(r_.responses[status]["model"]).validate_python(r.json())
        seen.add((method, route, status))
        return r.json()

    bad = error("POST", "/api/ask", "/api/ask", 422, json={"question": QUESTION, "asof": "2020-01-01"},
                headers=API)
    assert bad["problems"] == ["asof: Extra inputs are not permitted"]
    error("POST", "/api/ask", "/api/ask", 422, json={"question": QUESTION, "documents": ["no such case"]},
          headers=API)
    error("POST", "/api/ask", "/api/ask", 403, data={"question": QUESTION})
    error("GET", "/api/search", "/api/search", 422, params={"q": "notice", "asof": "2020-01-01"})
    error("GET", "/api/search", "/api/search", 400, params={"q": "notice", "as_of": "1/2/2025"})
    error("GET", "/api/search", "/api/search", 421, params={"q": "notice"}, headers={"host": "evil.example"})
    error("GET", "/api/documents", "/api/documents", 422, params={"kinds": "novel"})
    error("GET", "/api/documents/{document_id}", "/api/documents/nope", 404)
    error("GET", "/api/documents/{document_id}", "/api/documents/nope", 422, params={"limit": 0})
    error("GET", "/api/documents/{document_id}/audit", "/api/documents/nope/audit", 404)
    error("DELETE", "/api/documents/{document_id}", "/api/documents/nope", 404, headers=API)
    error("POST", "/api/ingest", "/api/ingest", 415, json={"files": []}, headers=API)
    error("POST", "/api/ingest", "/api/ingest", 400, headers=API,
          files=[("other", ("a.txt", b"x", "text/plain"))])
    error("POST", "/api/ingest", "/api/ingest", 404, headers=API, data={"replace": "doc_nope"},
          files=[("files", ("a.txt", b"A note.\n\n1. A paragraph of text.\n", "text/plain"))])
    failed = error("POST", "/api/ingest", "/api/ingest", 422, headers=API,
                   files=[("files", ("empty.txt", b"", "text/plain"))])
    assert failed["error"] and failed["files"][0]["status"] == "failed"
    error("POST", "/api/check", "/api/check", 422, json={"as_of": "2025-01-01"}, headers=API)
    error("POST", "/api/check", "/api/check", 400, headers=API,
          files=[("file", ("a.txt", b"", "text/plain"))])
    error("GET", "/api/eval/runs/{run}", "/api/eval/runs/nope", 404)
    assert len(seen) == 17  # every status of every route the demo store can show without a fault
