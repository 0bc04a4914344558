"""Issue 50, item 4: what one document may cost is bounded.

* A document over the unit cap (``PINCITE_MAX_UNITS``) or the text cap (``PINCITE_MAX_TEXT_CHARS``) is refused
  with an error naming the file and the cap, and the other files of the same ingest or upload are stored.
* A document of more than ``DOCUMENT_PAGE_UNITS`` units is served a page at a time: the JSON
  (``?offset=&limit=``, with ``next``/``previous`` links) and the reader page (a window of units with next and
  previous links; a citation opens the window holding it).  A smaller document is answered whole, as before.
* A parse worker that grew past ``PINCITE_PARSE_RECYCLE_MB`` in a job is ended, not kept idle holding its
  heap.

The documents are Word files written here (``tests/docx_synth``: one unit a paragraph); the server is a real
``pincite serve`` in a child process, reached over HTTP.
"""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

from pincite.ingest import ingest_paths
from pincite.jsonio import DOCUMENT_PAGE_UNITS
from pincite.parse.sandbox import close_workers, parse_limited
from pincite.store.sqlite import SQLiteStore
from tests.support.docx_synth import docx_bytes, para

API = {"X-Pincite-Request": "1"}
CONTRACT = ("The Supplier shall deliver the goods within thirty days of the order.\n\n"
            "The Buyer shall pay on delivery.\n")


def tiny_paragraphs(n: int) -> bytes:
    """A .docx of ``n`` short paragraphs, each a unit of its own (the 1.3-million-unit upload's shape)."""
    return docx_bytes("".join(para(f"Item {i} is listed.") for i in range(n)))


def test_a_docx_over_the_unit_cap_is_refused_naming_it_and_the_other_files_are_stored(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PINCITE_MAX_UNITS", "100")
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "a_contract.txt").write_text(CONTRACT)
    (folder / "b_list.docx").write_bytes(tiny_paragraphs(300))
    (folder / "c_short.docx").write_bytes(tiny_paragraphs(20))
    with SQLiteStore(tmp_path / "s.db") as s:
        report = ingest_paths(s, [str(folder)])
        by = {Path(r.source).name: r for r in report.results}
        assert by["a_contract.txt"].status == "added" and by["c_short.docx"].status == "added"
        bad = by["b_list.docx"]
        assert bad.status == "failed"
        assert "b_list.docx" in (bad.error or "") and "300 units" in (bad.error or "")
        assert "over the limit of 100" in (bad.error or "") and "PINCITE_MAX_UNITS" in (bad.error or "")
        assert sorted(Path(d.source).name for d in s.list_documents()) == ["a_contract.txt", "c_short.docx"]


def test_a_text_over_the_text_cap_is_refused_naming_it(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PINCITE_MAX_TEXT_CHARS", "2000")
    (tmp_path / "long.txt").write_text(CONTRACT * 40)
    (tmp_path / "short.txt").write_text(CONTRACT)
    with SQLiteStore(tmp_path / "s.db") as s:
        report = ingest_paths(s, [str(tmp_path / "long.txt"), str(tmp_path / "short.txt")])
        long, short = report.results
        assert short.status == "added" and long.status == "failed"
        assert "long.txt" in (long.error or "")
        assert "characters of text, over the limit of 2000" in (long.error or "")
        assert "PINCITE_MAX_TEXT_CHARS" in (long.error or "")


# -- a server in a child process --------------------------------------------------------------------------


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    db = tmp_path_factory.mktemp("bounded") / "s.db"
    port = _free_port()
    proc = subprocess.Popen(
        [str(Path(sys.executable).parent / "pincite"), "serve", "--db", str(db), "--port", str(port),
         "--no-dense"],
        env={**os.environ, "PINCITE_MAX_UNITS": "7000"}, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while True:
        assert proc.poll() is None, proc.stderr.read().decode() if proc.stderr else ""
        try:
            if httpx.get(f"{url}/api/health", timeout=2).status_code == 200:
                break
        except httpx.HTTPError:
            pass
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.2)
    yield url
    proc.kill()
    proc.wait()


N = DOCUMENT_PAGE_UNITS + 1200  # a long document: two pages


@pytest.fixture(scope="module")
def long_doc(server: str) -> dict:
    r = httpx.post(f"{server}/api/ingest", headers=API, timeout=300, files=[
        ("files", ("long.docx", tiny_paragraphs(N))), ("files", ("short.txt", CONTRACT.encode())),
        ("files", ("huge.docx", tiny_paragraphs(7500)))])
    assert r.status_code == 422, r.text  # huge.docx is over the server's cap of 7000 units
    files = {f["source"].removeprefix("upload/"): f for f in r.json()["files"]}
    assert files["long.docx"]["status"] == "added" and files["long.docx"]["units"] == N
    assert files["short.txt"]["status"] == "added"
    assert files["huge.docx"]["status"] == "failed"
    refused = files["huge.docx"]["error"]
    assert "huge.docx" in refused and "over the limit of 7000" in refused
    assert "huge.docx" in r.json()["error"]
    return {"long": files["long.docx"]["id"], "short": files["short.txt"]["id"]}


def test_an_upload_over_the_cap_is_refused_and_the_others_stored(server: str, long_doc: dict) -> None:
    listed = {d["id"] for d in httpx.get(f"{server}/api/documents", timeout=30).json()["documents"]}
    assert listed == {long_doc["long"], long_doc["short"]}


def test_the_json_of_a_long_document_comes_a_page_at_a_time(server: str, long_doc: dict) -> None:
    first = httpx.get(f"{server}/api/documents/{long_doc['long']}", timeout=60)
    assert first.status_code == 200
    body = first.json()
    assert "text" not in body  # the whole text is not sent; the page's is
    page = body["page"]
    assert page["offset"] == 0 and page["limit"] == DOCUMENT_PAGE_UNITS and page["units"] == N
    assert len(body["units"]) == DOCUMENT_PAGE_UNITS and page["previous"] is None
    for u in body["units"][:3] + body["units"][-3:]:  # each unit's text, cut from the page's text
        shown = page["text"][u["char_start"] - page["char_start"]:u["char_end"] - page["char_start"]]
        assert shown == f"Item {u['ordinal']} is listed."
    second = httpx.get(server + page["next"], timeout=60).json()
    assert [u["ordinal"] for u in body["units"] + second["units"]] == list(range(N))
    assert second["page"]["next"] is None and second["page"]["previous"] is not None
    # an explicit window, without text
    mid = httpx.get(f"{server}/api/documents/{long_doc['long']}", params={"offset": 100, "limit": 10,
                                                                          "text": "false"}, timeout=60).json()
    assert [u["ordinal"] for u in mid["units"]] == list(range(100, 110)) and "text" not in mid["page"]
    assert "text=false" in mid["page"]["next"]
    bad = httpx.get(f"{server}/api/documents/{long_doc['long']}", params={"limit": 0}, timeout=60)
    assert bad.status_code == 422


def test_a_normal_document_is_answered_whole_as_before(server: str, long_doc: dict) -> None:
    body = httpx.get(f"{server}/api/documents/{long_doc['short']}", timeout=30).json()
    assert "page" not in body and body["text"].startswith("The Supplier")
    assert len(body["units"]) >= 1


def _unit_ids(html: str) -> list[int]:
    return [int(x) for x in re.findall(r'<div class="unit[^"]*" id="u(\d+)"', html)]


def test_the_reader_shows_a_long_document_a_window_at_a_time(server: str, long_doc: dict) -> None:
    doc = long_doc["long"]
    first = httpx.get(f"{server}/documents/{doc}", timeout=60)
    assert first.status_code == 200
    shown = _unit_ids(first.text)
    assert shown == list(range(DOCUMENT_PAGE_UNITS))
    nxt = re.search(r'<a rel="next" href="([^"]+)"', first.text)
    assert nxt and 'rel="prev"' not in first.text and "page 1 of 2" in first.text
    second = httpx.get(server + nxt.group(1).replace("&amp;", "&"), timeout=60)
    assert _unit_ids(second.text) == list(range(DOCUMENT_PAGE_UNITS, N))
    assert 'rel="prev"' in second.text and 'rel="next"' not in second.text
    # a citation of a unit on the second page opens the second page, the unit marked
    cited = httpx.get(f"{server}/documents/{doc}", params={"unit": N - 5}, timeout=60)
    assert _unit_ids(cited.text) == list(range(DOCUMENT_PAGE_UNITS, N)) and "page 2 of 2" in cited.text
    # a short document is one page, with no page links
    short = httpx.get(f"{server}/documents/{long_doc['short']}", timeout=30)
    assert short.status_code == 200 and 'class="doc-pages"' not in short.text


# -- parse workers recycled after a large job -------------------------------------------------------------


def _workers() -> set[int]:
    """The parse workers this process has started and that are alive (read from /proc, as ps would)."""
    out = set()
    for d in Path("/proc").iterdir():
        if not d.name.isdigit():
            continue
        try:
            stat = (d / "stat").read_text()
            cmd = (d / "cmdline").read_bytes()
        except OSError:
            continue
        ppid = int(stat.rsplit(")", 1)[1].split()[1])
        state = stat.rsplit(")", 1)[1].split()[0]
        if ppid == os.getpid() and b"pincite.parse.sandbox" in cmd and state != "Z":
            out.add(int(d.name))
    return out


def test_a_worker_that_grew_in_a_large_job_is_ended_and_a_small_job_reuses_its_worker(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """An idle worker with the parsers loaded holds about 30 MB; one that parsed 60,000 paragraphs about
    105 MB when it replies.  Kept idle, it would hold what the job made it take (issue 50: 743 MB each)."""
    monkeypatch.setenv("PINCITE_PARSE_RECYCLE_MB", "80")
    monkeypatch.setenv("PINCITE_PARSE_SECONDS", "120")
    small = tiny_paragraphs(5)
    close_workers()
    assert len(parse_limited(small, "small.docx").units) == 5
    before = _workers()
    assert len(before) == 1
    parse_limited(small, "small2.docx")
    assert _workers() == before  # a small job: the worker is kept and reused
    big = parse_limited(tiny_paragraphs(60_000), "big.docx")
    assert len(big.units) == 60_000
    after = _workers()
    assert not (after & before)  # the worker that did the large job has ended: its memory is back
    parse_limited(small, "small3.docx")
    assert len(_workers() - before) == 1  # the next job got a fresh worker
    close_workers()

