"""The server's defences over real HTTP (uvicorn on 127.0.0.1, httpx): malformed requests get a clean 4xx.

Documents are the two fictional demo judgments; nothing here needs ../shared.
"""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest

from tests.test_server import demo_db, serve, store_state  # noqa: F401  (demo_db: a fixture)

API = {"X-Pincite-Request": "1"}


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
