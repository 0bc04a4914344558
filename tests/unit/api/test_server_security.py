"""The server's defences over real HTTP (uvicorn on 127.0.0.1, httpx and raw sockets): state-changing requests
a browser sends from another origin are refused, request bodies are capped by route before they are read, and
malformed requests get a clean 4xx.  The browser half of the cross-site tests is tests/test_web_csrf.py.

Documents are the two fictional demo judgments; nothing here needs ../shared.
"""

from __future__ import annotations

import json
import socket
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import httpx
import pytest

from pincite.cli import demo_paths
from pincite.api.uploads import MULTIPART_OVERHEAD
from tests.unit.api.test_server import QUESTION, TOKEN, demo_db, serve, store_state  # noqa: F401  (demo_db: a fixture)

API = {"X-Pincite-Request": "1"}
UPLOAD = {"files": ("cross.xml", Path(demo_paths()[0]).read_bytes())}


def sources(db: Path) -> list[str]:
    return store_state(db)[2]


# -- 1. cross-site writes ---------------------------------------------------------------------------------


@pytest.mark.parametrize("origin, host, same", [
    ("http://127.0.0.1:8000", "127.0.0.1:8000", True),
    ("http://localhost:8000", "localhost:8000", True),
    ("http://[::1]:8000", "[::1]:8000", True),
    ("https://pincite.example", "pincite.example", True),  # behind a TLS proxy that passes the Host on
    ("http://pincite.example", "pincite.example:80", True),
    ("http://127.0.0.1:8001", "127.0.0.1:8000", False),
    ("http://127.0.0.1", "127.0.0.1:8000", False),
    ("http://localhost:8000", "127.0.0.1:8000", False),
    ("http://127.0.0.1:8000.evil.example", "127.0.0.1:8000", False),
    ("null", "127.0.0.1:8000", False),
    ("file://", "127.0.0.1:8000", False),
    ("http://127.0.0.1:port", "127.0.0.1:8000", False),
    ("http://127.0.0.1:8000", "", False),
])
def test_same_origin(origin: str, host: str, same: bool) -> None:
    from pincite.api.security import same_origin

    assert same_origin(origin, host) is same


@pytest.mark.parametrize("headers", [
    {"Origin": "http://127.0.0.1:1", **API},  # another port of the same host: another origin
    {"Origin": "http://localhost:{port}", **API},  # the same port under another name: another origin
    {"Origin": "null", **API},  # a sandboxed frame, a data: URL
    {"Sec-Fetch-Site": "cross-site", **API},
    {"Sec-Fetch-Site": "same-site", **API},
    {},  # what a cross-site form or a no-cors fetch sends: no header of our own
    {"Origin": "http://127.0.0.1:{port}"},  # even from our own origin, a form post lacks the header
], ids=["other-port", "other-name", "null", "cross-site", "same-site", "no-header", "own-origin-no-header"])
def test_cross_site_upload_refused_and_nothing_stored(demo_db: Path, headers: dict[str, str]) -> None:
    before = sources(demo_db)
    with serve(demo_db) as srv:
        port = str(urlsplit(srv.url).port)
        r = httpx.post(f"{srv.url}/api/ingest", files=UPLOAD,
                       headers={k: v.replace("{port}", port) for k, v in headers.items()})
    assert r.status_code == 403, r.text
    assert "cross-site" in r.json()["error"] or "X-Pincite-Request" in r.json()["error"]
    assert sources(demo_db) == before


def test_cross_site_ask_refused(demo_db: Path) -> None:
    """A no-cors fetch of a Blob sends a JSON body with no Content-Type, which FastAPI reads as JSON."""
    body = json.dumps({"question": QUESTION}).encode()
    with serve(demo_db) as srv:
        blob = httpx.post(f"{srv.url}/api/ask", content=body)
        text = httpx.post(f"{srv.url}/api/ask", content=body, headers={"Content-Type": "text/plain"})
        origin = httpx.post(f"{srv.url}/api/ask", json={"question": QUESTION},
                            headers={"Origin": "http://127.0.0.1:1"})
    assert [blob.status_code, text.status_code, origin.status_code] == [403, 403, 403]
    assert "X-Pincite-Request" in blob.json()["error"]


def test_api_clients_and_own_pages_still_pass(demo_db: Path) -> None:
    with serve(demo_db) as srv:
        own = {"Origin": srv.url, "Sec-Fetch-Site": "same-origin", **API}
        page = httpx.post(f"{srv.url}/api/ingest", files={"files": ("own.xml", UPLOAD["files"][1])},
                          headers=own)
        client = httpx.post(f"{srv.url}/api/ingest", files=UPLOAD, headers=API)
        ask = httpx.post(f"{srv.url}/api/ask", json={"question": QUESTION})  # JSON: a form cannot send it
        # a GET is not a write: reads from another origin are not refused (the browser keeps their answers)
        reads = httpx.get(f"{srv.url}/api/documents", headers={"Origin": "http://127.0.0.1:1"})
    assert page.status_code == 200 and client.status_code == 200, (page.text, client.text)
    assert ask.status_code == 200 and ask.json()["citations"]
    assert reads.status_code == 200
    assert {"upload/own.xml", "upload/cross.xml"} <= set(sources(demo_db))


def test_token_mode_bearer_passes_cookie_needs_the_header(demo_db: Path) -> None:
    """The /login cookie is SameSite=Strict, but another port of the same host is the same site: a page there
    would send it.  So a cookie alone does not pass; the Bearer header (which no form can send) does."""
    with serve(demo_db, token=TOKEN) as srv:
        bearer = httpx.post(f"{srv.url}/api/ingest", files={"files": ("b.xml", UPLOAD["files"][1])},
                            headers={"Authorization": f"Bearer {TOKEN}"})
        cookie = httpx.post(f"{srv.url}/api/ingest", files={"files": ("c.xml", UPLOAD["files"][1])},
                            headers={"Cookie": f"pincite_token={TOKEN}"})
        cookie_api = httpx.post(f"{srv.url}/api/ingest", files={"files": ("d.xml", UPLOAD["files"][1])},
                                headers={"Cookie": f"pincite_token={TOKEN}", **API})
    assert bearer.status_code == 200 and cookie_api.status_code == 200
    assert cookie.status_code == 403
    assert "upload/c.xml" not in sources(demo_db)


def test_login_from_another_origin_refused(demo_db: Path) -> None:
    form = {"token": TOKEN, "next": "/documents"}
    with serve(demo_db, token=TOKEN) as srv:
        evil = httpx.post(f"{srv.url}/login", data=form, headers={"Origin": "http://127.0.0.1:1"})
        site = httpx.post(f"{srv.url}/login", data=form, headers={"Sec-Fetch-Site": "same-site"})
        own = httpx.post(f"{srv.url}/login", data=form,
                         headers={"Origin": srv.url, "Sec-Fetch-Site": "same-origin"})
    assert evil.status_code == 403 and "pincite_token" not in evil.headers.get("set-cookie", "")
    assert site.status_code == 403
    assert own.status_code == 303 and own.headers["location"] == "/documents"
    assert "pincite_token" in own.headers["set-cookie"]


# -- 3. request bodies capped by route before they are read ----------------------------------------------

UPLOAD_LIMIT = 50_000
JSON_MAX_BODY, LOGIN_MAX_BODY = 64 * 1024, 8 * 1024  # the caps the README states
CAPS = {"/api/ask": JSON_MAX_BODY, "/login": LOGIN_MAX_BODY, "/api/ingest": UPLOAD_LIMIT + MULTIPART_OVERHEAD}
TYPES = {"/api/ask": "application/json", "/login": "application/x-www-form-urlencoded",
         "/api/ingest": "multipart/form-data; boundary=xyz"}


PART = b'--xyz\r\nContent-Disposition: form-data; name="files"; filename="big.txt"\r\n\r\n'


def body(path: str, size: int) -> bytes:
    """``size`` bytes a route reads to the end: an upload's file part goes on past the cap."""
    return (PART if path == "/api/ingest" else b"").ljust(size, b"x")


def chunks(data: bytes, size: int = 8192) -> Iterator[bytes]:
    for i in range(0, len(data), size):
        yield data[i:i + size]


@pytest.mark.parametrize("token", [None, TOKEN], ids=["no-token", "token"])
@pytest.mark.parametrize("path", list(CAPS))
@pytest.mark.parametrize("chunked", [False, True], ids=["content-length", "chunked"])
def test_body_over_the_route_cap_is_413(demo_db: Path, path: str, chunked: bool, token: str | None) -> None:
    size = CAPS[path] + 1
    headers = {"Content-Type": TYPES[path], **API, **({"Authorization": f"Bearer {token}"} if token else {})}
    with serve(demo_db, token=token, max_upload_bytes=UPLOAD_LIMIT) as srv:
        data = body(path, size)
        r = httpx.post(f"{srv.url}{path}", content=chunks(data) if chunked else data, headers=headers)
        health = httpx.get(f"{srv.url}/api/health")
    assert r.request.headers.get("transfer-encoding") == ("chunked" if chunked else None)
    assert r.status_code == 413, r.text
    assert r.headers["content-type"] == "application/json"
    limit = UPLOAD_LIMIT if path == "/api/ingest" else CAPS[path]
    assert f"over the {limit}-byte limit" in r.json()["error"]
    assert health.status_code == 200


def raw_request(url: str, head: str, data: bytes = b"") -> bytes:
    """Send a request's head and part of its body, never the rest, and read what the server answers; a server
    that waits for the whole body answers nothing and the socket times out."""
    u = urlsplit(url)
    with socket.create_connection((u.hostname, u.port), timeout=10) as s:
        s.sendall(head.replace("\n", "\r\n").encode() + b"\r\n" + data)
        try:
            return s.recv(65536)
        except TimeoutError:
            return b"(no answer)"


@pytest.mark.parametrize("path", list(CAPS))
def test_declared_length_refused_before_any_body_arrives(demo_db: Path, path: str) -> None:
    with serve(demo_db, max_upload_bytes=UPLOAD_LIMIT) as srv:
        host = urlsplit(srv.url).netloc
        answer = raw_request(srv.url, f"POST {path} HTTP/1.1\nHost: {host}\nContent-Type: {TYPES[path]}\n"
                                      f"X-Pincite-Request: 1\nContent-Length: {512 * 1024 * 1024}\n")
    assert answer.startswith(b"HTTP/1.1 413"), answer[:200]


@pytest.mark.parametrize("path", list(CAPS))
def test_chunked_body_refused_as_soon_as_it_passes_the_cap(demo_db: Path, path: str) -> None:
    over = CAPS[path] + 1
    chunk = f"{over:x}\r\n".encode() + body(path, over) + b"\r\n"  # one chunk over the cap, no end of body
    with serve(demo_db, max_upload_bytes=UPLOAD_LIMIT) as srv:
        host = urlsplit(srv.url).netloc
        answer = raw_request(srv.url, f"POST {path} HTTP/1.1\nHost: {host}\nContent-Type: {TYPES[path]}\n"
                                      f"X-Pincite-Request: 1\nTransfer-Encoding: chunked\n", chunk)
    assert answer.startswith(b"HTTP/1.1 413"), answer[:200]


# -- 4. malformed requests: a clean 4xx, never a 500 --------------------------------------------------------


@pytest.mark.parametrize("path, html", [
    ("/api/documents/%00", False), ("/api/documents/a%00b", False), ("/api/documents/%00/audit", False),
    ("/documents/%00", True), ("/documents/%00/audit", True),
])
def test_document_id_with_nul_is_404(demo_db: Path, path: str, html: bool) -> None:
    with serve(demo_db) as srv:
        r = httpx.get(f"{srv.url}{path}", headers={"Accept": "text/html" if html else "application/json"})
    assert r.status_code == 404, r.text
    if html:
        assert "no document" in r.text and "internal error" not in r.text
    else:
        assert "no document" in r.json()["error"]


def test_multipart_boundary_over_256_characters_is_400(demo_db: Path) -> None:
    b = "a" * 300
    body = (f'--{b}\r\nContent-Disposition: form-data; name="files"; filename="a.txt"\r\n\r\n'
            f"hello\r\n--{b}--\r\n").encode()
    before = store_state(demo_db)
    with serve(demo_db) as srv:
        r = httpx.post(f"{srv.url}/api/ingest", content=body,
                       headers={"Content-Type": f"multipart/form-data; boundary={b}", **API})
    assert r.status_code == 400, r.text
    assert "boundary" in r.json()["error"].lower()
    assert store_state(demo_db) == before
