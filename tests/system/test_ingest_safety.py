"""Ingest against hostile and surprising input, through the real CLI and the real server in child processes:
a PDF decompression bomb and a parse that never ends each fail alone under the parse limits; a changed file
replaces its old version under any spelling of its path; named pipes and devices are skipped by name instead
of hanging the run; a folder with nothing pincite reads is an error.

Every run that a regression could turn into a memory bomb or a hang runs in a child process with an
address-space limit of its own and a timeout, so a regression fails the test instead of taking the machine
down.  The hostile PDFs are written here, byte by byte, with zlib."""

from __future__ import annotations

import json
import os
import resource
import shutil
import signal
import socket
import subprocess
import sys
import time
import zlib
from pathlib import Path

import httpx
import pytest

from pincite.cli import demo_paths
from pincite.ingest import ingest_file, ingest_paths
from pincite.parse import parse_bytes
from pincite.store.sqlite import SQLiteStore

PINCITE = Path(sys.executable).with_name("pincite")
OUTER_LIMIT_MB = 1536  # address space of each child run; parsing the bomb in-process needs ~4 GB

CONTRACT = """SUPPLY AGREEMENT

1. Delivery. The Supplier shall deliver the {word} goods to the Buyer within thirty days of each order.

2. Payment. The Buyer shall pay each invoice within sixty days of its receipt.
"""


def flate_pdf(inflated_kib: int, pages: int = 1, op: bytes = b"0 0 1 1 re f\n") -> bytes:
    """A PDF whose pages all draw one Flate content stream that inflates to ``inflated_kib`` KiB of ``op``.

    One page of 128 MiB is a decompression bomb (pdfium builds an object per operator: gigabytes); hundreds of
    pages sharing a 1 MiB stream are a parse that takes a minute in almost no memory.  Either is a few KB."""
    z = zlib.compressobj(9)
    block = op * 4096
    blocks = max(1, (inflated_kib << 10) // len(block))
    stream = b"".join(z.compress(block) for _ in range(blocks)) + z.flush()
    page = (b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 3 0 R "
            b"/Resources << /Font << /F1 4 0 R >> >> >>")
    kids = b" ".join(b"%d 0 R" % (5 + i) for i in range(pages))
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [%s] /Count %d >>" % (kids, pages),
        b"<< /Length %d /Filter /FlateDecode >>\nstream\n%s\nendstream" % (len(stream), stream),
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    ] + [page] * pages
    out = bytearray(b"%PDF-1.4\n")
    offsets = []
    for i, obj in enumerate(objects, 1):
        offsets.append(len(out))
        out += b"%d 0 obj\n%s\nendobj\n" % (i, obj)
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % o for o in offsets)
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref)
    return bytes(out)


def _limit_memory() -> None:  # runs in the child between fork and exec
    limit = OUTER_LIMIT_MB << 20
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))


def run_cli(*args: str, env: dict[str, str] | None = None, cwd: Path | None = None,
            timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """``pincite ARGS`` in a child process with its own memory limit; a run past ``timeout`` fails."""
    try:
        return subprocess.run([str(PINCITE), *args], check=False, capture_output=True, text=True, cwd=cwd,
                              timeout=timeout, env={**os.environ, **(env or {})}, preexec_fn=_limit_memory)
    except subprocess.TimeoutExpired:
        pytest.fail(f"pincite {' '.join(args)} ran past {timeout} s: it hangs on this input")


def good_file(folder: Path) -> Path:
    src = Path(demo_paths()[0])
    return Path(shutil.copy(src, folder / src.name))


# -- item 2: parse limits ---------------------------------------------------------------------------------


def test_pdf_bomb_fails_alone_under_the_parse_memory_limit(tmp_path: Path) -> None:
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "bomb.pdf").write_bytes(flate_pdf(128 << 10))
    assert (folder / "bomb.pdf").stat().st_size < 1 << 20  # a small upload, a huge parse
    good = good_file(folder)
    db = str(tmp_path / "p.db")
    r = run_cli("ingest", str(folder), "--db", db, "--json", env={"PINCITE_PARSE_MEMORY_MB": "256"})
    assert r.returncode == 1, (r.returncode, r.stderr[-2000:])
    files = {Path(f["source"]).name: f for f in json.loads(r.stdout)["files"]}
    assert files["bomb.pdf"]["status"] == "failed"
    bomb = os.path.realpath(folder / "bomb.pdf")
    assert files["bomb.pdf"]["error"].startswith(f"{bomb}: exceeds the parse memory limit of 256 MB")
    assert files[good.name]["status"] == "added"  # the rest of the run went on
    docs = json.loads(run_cli("documents", "--db", db, "--json").stdout)
    assert [Path(d["source"]).name for d in docs] == [good.name]


def test_endless_parse_fails_alone_under_the_parse_time_limit(tmp_path: Path) -> None:
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "a_slow.pdf").write_bytes(flate_pdf(1024, pages=400))  # about a minute of pdfium, little memory
    good = good_file(folder)
    db = str(tmp_path / "t.db")
    r = run_cli("ingest", str(folder), "--db", db, env={"PINCITE_PARSE_SECONDS": "1"}, timeout=40)
    assert r.returncode == 1, (r.returncode, r.stderr[-2000:])
    assert f"{os.path.realpath(folder / 'a_slow.pdf')}: exceeds the parse time limit of 1 s" in r.stderr
    assert "1 added" in r.stderr and "1 failed" in r.stderr
    docs = json.loads(run_cli("documents", "--db", db, "--json").stdout)
    assert [Path(d["source"]).name for d in docs] == [good.name]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_uploaded_pdf_bomb_fails_and_the_server_keeps_serving(tmp_path: Path) -> None:
    port = _free_port()
    url = f"http://127.0.0.1:{port}"
    log = tmp_path / "server.log"
    with log.open("wb") as log_file:
        server = subprocess.Popen(
            [str(PINCITE), "serve", "--db", str(tmp_path / "s.db"), "--port", str(port), "--no-dense"],
            stdout=log_file, stderr=subprocess.STDOUT, preexec_fn=_limit_memory,  # noqa: PLW1509 (no threads)
            env={**os.environ, "PINCITE_PARSE_MEMORY_MB": "256"})
    try:
        deadline = time.monotonic() + 60
        while True:
            assert server.poll() is None, log.read_text()[-2000:]
            try:
                if httpx.get(f"{url}/api/health", timeout=2).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            assert time.monotonic() < deadline, "the server did not start"
            time.sleep(0.2)
        good = Path(demo_paths()[0])
        r = httpx.post(f"{url}/api/ingest", timeout=120, headers={"Origin": url, "X-Pincite-Request": "1"},
                       files=[("files", ("bomb.pdf", flate_pdf(128 << 10), "application/pdf")),
                              ("files", (good.name, good.read_bytes(), "application/xml"))])
        assert r.status_code == 422, r.text  # one file failed; the other is stored
        files = {f["source"]: f for f in r.json()["files"]}
        assert files["upload/bomb.pdf"]["status"] == "failed"
        assert files["upload/bomb.pdf"]["error"].startswith(
            "upload/bomb.pdf: exceeds the parse memory limit of 256 MB")
        assert files[f"upload/{good.name}"]["status"] == "added"
        assert server.poll() is None, log.read_text()[-2000:]
        assert httpx.get(f"{url}/api/health", timeout=10).status_code == 200
    finally:
        server.send_signal(signal.SIGTERM)
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


def test_parse_in_the_worker_gives_the_in_process_document_and_leaves_the_caller_unlimited() -> None:
    from pincite.parse.sandbox import ParseLimits, parse_limited

    before = resource.getrlimit(resource.RLIMIT_AS)
    for path in demo_paths():
        data = Path(path).read_bytes()
        limits = ParseLimits(memory_mb=512, seconds=60)
        assert parse_limited(data, path, limits=limits) == parse_bytes(data, path)
    assert resource.getrlimit(resource.RLIMIT_AS) == before  # the limit is the worker's, never the caller's


# -- item 8: only regular files ------------------------------------------------------------------------------


def test_fifo_and_device_named_txt_in_a_folder_are_skipped_by_name(tmp_path: Path) -> None:
    folder = tmp_path / "in"
    folder.mkdir()
    os.mkfifo(folder / "a_pipe.txt")
    (folder / "x.txt").symlink_to("/dev/zero")
    (folder / "good.txt").write_text(CONTRACT.format(word="zanzibarite"))
    db = str(tmp_path / "f.db")
    r = run_cli("ingest", str(folder), "--db", db, timeout=60)
    assert r.returncode == 0, r.stderr
    assert f"skipped {folder / 'a_pipe.txt'}: a named pipe (FIFO), not a regular file" in r.stderr
    assert f"skipped {folder / 'x.txt'}: a character device, not a regular file" in r.stderr
    assert "1 added" in r.stderr and "2 skipped (not regular files)" in r.stderr
    r = run_cli("ingest", str(folder), "--db", db, "--json", timeout=60)
    rep = json.loads(r.stdout)
    assert sorted((Path(s["path"]).name, s["is"]) for s in rep["not_regular"]) == [
        ("a_pipe.txt", "a named pipe (FIFO)"), ("x.txt", "a character device")]
    assert rep["totals"]["unchanged"] == 1


def test_fifo_or_device_named_outright_fails_with_the_reason(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "pipe.txt")
    (tmp_path / "zero.txt").symlink_to("/dev/zero")
    good = tmp_path / "good.txt"
    good.write_text(CONTRACT.format(word="zanzibarite"))
    r = run_cli("ingest", str(tmp_path / "pipe.txt"), str(tmp_path / "zero.txt"), str(good),
                "--db", str(tmp_path / "o.db"), timeout=60)
    assert r.returncode == 1
    assert f"{tmp_path / 'pipe.txt'}: a named pipe (FIFO), not a regular file" in r.stderr
    assert f"{tmp_path / 'zero.txt'}: a character device, not a regular file" in r.stderr
    assert "1 added" in r.stderr and "2 failed" in r.stderr


# -- item 7: one document per file, whatever the path spelling ----------------------------------------------


def _texts(db: str) -> list[str]:
    with SQLiteStore(Path(db)) as s:
        return [s.get_document(d.id).text for d in s.list_documents()]


def _hits(db: str, word: str) -> int:
    r = run_cli("search", word, "--db", db, "--no-dense", "--json")
    assert r.returncode == 0, r.stderr
    return len(json.loads(r.stdout)["hits"])


def test_changed_file_replaces_its_old_version_under_any_path_spelling(tmp_path: Path) -> None:
    work = tmp_path / "work"
    work.mkdir()
    (tmp_path / "linked").symlink_to(work, target_is_directory=True)
    j = work / "j.txt"
    db = str(tmp_path / "k.db")
    spellings = [("j.txt", "zanzibarite"), (str(work / "j.txt"), "quokkaberry"),
                 (str(tmp_path / "linked" / "j.txt"), "wombatstone"), ("./j.txt", "ptarmigane")]
    for spelling, word in spellings:
        j.write_text(CONTRACT.format(word=word))
        r = run_cli("ingest", spelling, "--db", db, cwd=work)
        assert r.returncode == 0, r.stderr
        texts = _texts(db)
        assert len(texts) == 1, f"after ingesting {spelling}: {len(texts)} documents"
        assert word in texts[0]
    assert _hits(db, "ptarmigane") == 1
    for _, gone in spellings[:-1]:  # the old versions are neither stored nor found
        assert _hits(db, gone) == 0


def test_a_store_keyed_by_the_typed_path_is_healed_by_the_next_ingest(
        tmp_path: Path, store, monkeypatch: pytest.MonkeyPatch) -> None:
    """A store written before source keys were canonical holds ``j.txt`` as typed: ingesting the changed file
    by another spelling replaces that document instead of adding a second one."""
    monkeypatch.chdir(tmp_path)
    j = tmp_path / "j.txt"
    j.write_text(CONTRACT.format(word="zanzibarite"))
    assert ingest_file(store, "j.txt", source="j.txt").status == "added"  # the key as old versions stored it
    j.write_text(CONTRACT.format(word="quokkaberry"))
    report = ingest_paths(store, [str(j)])
    assert [r.status for r in report.results] == ["replaced"]
    docs = store.list_documents()
    assert [d.source for d in docs] == [str(j.resolve())]
    assert "quokkaberry" in store.get_document(docs[0].id).text


# -- item 16a: nothing to read is an error ------------------------------------------------------------------


@pytest.mark.parametrize("as_json", [False, True])
def test_folder_with_nothing_pincite_reads_exits_1_saying_so(tmp_path: Path, as_json: bool) -> None:
    folder = tmp_path / "notes"
    folder.mkdir()
    for i in range(3):
        (folder / f"n{i}.rtf").write_text("{\\rtf1 not a document type pincite reads}")
    (tmp_path / "empty").mkdir()
    for target, skipped in ((folder, "; 3 of another type skipped"), (tmp_path / "empty", "")):
        r = run_cli("ingest", str(target), "--db", str(tmp_path / "n.db"), *(["--json"] if as_json else []))
        assert r.returncode == 1, (r.stdout, r.stderr)
        assert f"nothing to ingest in {target}: no file of a type pincite reads (.akn, .docx, .htm" in r.stderr
        assert r.stderr.rstrip().endswith(".xml)" + skipped), r.stderr
