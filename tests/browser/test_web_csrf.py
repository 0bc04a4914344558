"""Cross-site writes in real headless Chromium (Debian's, driven by playwright).

A hostile page is served from another loopback port (another origin, but the same site as 127.0.0.1): it makes
the browser POST a file to pincite's /api/ingest with a ``no-cors`` fetch and with a multipart form it fills and
submits itself.  The server must refuse both, with and without a signed-in cookie, and store nothing.  The
server's own pages still work: the sign-in form, the ask form, and a same-origin script that sends
``X-Pincite-Request``.  Demo documents only; nothing here needs ../shared.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from pincite.cli import demo_paths
from pincite.ingest import ingest_paths
from pincite.api.app import create_app, RunningServer
from pincite.generate.base import GeneratorKind
from pincite.api.config import ServerConfig
from pincite.store.sqlite import SQLiteStore
from tests.support.browser import browser  # noqa: F401  (Debian's Chromium, one launcher for every browser test)

TOKEN = "s3cret-token-for-tests-0123456789"
QUESTION = "Was the email of 3 February 2022 notice in writing under clause 16.1?"
TEXT = "The tenant must give notice in writing before the end of the term."

#: What a hostile page does: an upload by no-cors fetch, and one by a form it fills with a file and submits.
HOSTILE = """<!doctype html><meta charset="utf-8"><title>cute cats</title>
<form id="f" method="post" enctype="multipart/form-data" action="%(target)s/api/ingest">
<input type="file" name="files" id="file"></form>
<script>
function file(name) { return new File([%(text)r], name, {type: "text/plain"}); }
async function attackByFetch() {
  const fd = new FormData();
  fd.append("files", file("evil-fetch.txt"));
  try { await fetch("%(target)s/api/ingest", {method: "POST", mode: "no-cors", credentials: "include", body: fd}); }
  catch (e) { return "fetch failed: " + e; }
  return "sent";
}
function attackByForm() {
  const dt = new DataTransfer();
  dt.items.add(file("evil-form.txt"));
  document.getElementById("file").files = dt.files;
  document.getElementById("f").submit();
}
</script>"""

#: What the reader's own page may do: the same upload from its own origin, with and without the header.
OWN_UPLOAD = """async ([name, header]) => {
  const fd = new FormData();
  fd.append("files", new File([%r], name, {type: "text/plain"}));
  const r = await fetch("/api/ingest", {method: "POST", body: fd, headers: header ? {"X-Pincite-Request": "1"} : {}});
  return [r.status, await r.text()];
}""" % TEXT


@pytest.fixture()
def demo_db(tmp_path: Path) -> Path:
    db = tmp_path / "pincite.db"
    s = SQLiteStore(db)
    assert not ingest_paths(s, demo_paths()).failed
    s.close()
    return db


def sources(db: Path) -> set[str]:
    s = SQLiteStore(db)
    try:
        return {d.source for d in s.list_documents()}
    finally:
        s.close()



def hostile_site(target: str) -> Iterator[str]:
    """Serve the hostile page on another port of 127.0.0.1; yields its URL."""
    page = (HOSTILE % {"target": target, "text": TEXT}).encode()

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # noqa: N802
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(page)))
            self.end_headers()
            self.wfile.write(page)

        def log_message(self, *args: object) -> None:
            pass

    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}"
    finally:
        httpd.shutdown()
        httpd.server_close()
        thread.join(timeout=10)


def sign_in(page, url: str) -> None:  # type: ignore[no-untyped-def]
    """Through the reader's own /login form, as a person would."""
    page.goto(f"{url}/login?next=/documents")
    page.fill("input[name=token]", TOKEN)
    with page.expect_navigation():
        page.click("button[type=submit]")
    assert page.url == f"{url}/documents", page.url
    assert any(c["name"] == "pincite_token" for c in page.context.cookies())


@pytest.mark.parametrize("token", [None, TOKEN], ids=["no-token", "signed-in"])
def test_page_on_another_port_cannot_ingest(demo_db: Path, browser, token: str | None) -> None:  # type: ignore[no-untyped-def]
    before = sources(demo_db)
    with RunningServer(create_app(ServerConfig(db=demo_db, dense=False, token=token, generator_kind=GeneratorKind.EXTRACTIVE))) as srv:
        context = browser.new_context()
        page = context.new_page()
        if token:
            sign_in(page, srv.url)
        seen: list[int] = []
        page.on("response", lambda r: seen.append(r.status) if r.url == f"{srv.url}/api/ingest" else None)
        for hostile in hostile_site(srv.url):
            page.goto(hostile)
            assert page.title() == "cute cats"
            assert page.evaluate("attackByFetch()") == "sent"  # the browser sent it; its answer is opaque
            after_fetch = sources(demo_db)
            with page.expect_navigation() as nav:
                page.evaluate("attackByForm()")
            form = nav.value
            form_status, form_body = (form.status, form.text()) if form is not None else (None, "")
            after_form = sources(demo_db)
        context.close()
    assert after_fetch == before, "a no-cors fetch from another origin stored a file"
    assert after_form == before, "a form on another origin stored a file"
    assert form_status == 403 and "cross-site" in form_body, (form_status, form_body)
    assert seen == [403, 403], seen  # both reached the server, and it refused both


@pytest.mark.parametrize("token", [None, TOKEN], ids=["no-token", "signed-in"])
def test_own_pages_still_ask_and_upload(demo_db: Path, browser, token: str | None) -> None:  # type: ignore[no-untyped-def]
    with RunningServer(create_app(ServerConfig(db=demo_db, dense=False, token=token, generator_kind=GeneratorKind.EXTRACTIVE))) as srv:
        context = browser.new_context()
        page = context.new_page()
        if token:
            sign_in(page, srv.url)
        page.goto(f"{srv.url}/")
        page.fill("#q", QUESTION)
        with page.expect_navigation():
            page.click("form.ask button[type=submit]")
        page.wait_for_selector("section.answer")
        cited = page.locator("section.answer a.ref").count()
        with_header = page.evaluate(OWN_UPLOAD, ["own-page.txt", True])
        without = page.evaluate(OWN_UPLOAD, ["no-header.txt", False])
        context.close()
    assert cited >= 1
    assert with_header[0] == 200, with_header
    assert without[0] == 403 and "X-Pincite-Request" in without[1], without
    assert "upload/own-page.txt" in sources(demo_db) and "upload/no-header.txt" not in sources(demo_db)
