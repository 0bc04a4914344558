"""The server's defences over real HTTP (uvicorn on 127.0.0.1, httpx and raw sockets): request bodies are
capped by route before they are read, and malformed requests get a clean 4xx.

Documents are the two fictional demo judgments; nothing here needs ../shared.
"""

from __future__ import annotations

import socket
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import httpx
import pytest

from pincite.server import MULTIPART_OVERHEAD
from tests.test_server import TOKEN, demo_db, serve, store_state  # noqa: F401  (demo_db: a fixture)

API = {"X-Pincite-Request": "1"}


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
