"""The indexes heal themselves (issue 16, items 6 and 9).

They are derived from the store, so any failure to open or read one means it is rebuilt from the store, and
that is said (a line on stderr from the command line, a warning logged by the server); meanwhile the server
refuses with 503 and Retry-After, never 500 and never an answer from the broken index.  An index folder copied
from another store is rebuilt, not answered from.  A search while another process holds the writer lock
answers from what was last committed instead of failing.

Every damage here is done for real to the files of a real index (garbled, emptied, truncated, 4 KB
overwritten in the middle), and the searches run through the real command line and the real server
(``pincite serve`` on 127.0.0.1), each a child process: a regression that crashes one (an emptied file still
memory-mapped reads as SIGBUS) fails the test instead of ending the test run.  The lexical cases use three
real judgments from ../shared (segment files of tens of KB, so an overwrite in the middle leaves tantivy's
footer intact); the dense cases use the two small demo judgments shipped with the package (the dense rebuild
re-embeds everything).
"""

from __future__ import annotations

import json
import os
import random
import shutil
import socket
import subprocess
import sys
import textwrap
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import httpx
import pytest

from pincite.cli import demo_paths
from pincite.ingest import ingest_file, ingest_paths
from pincite.search.retrieve import RetrievalMode, Retriever
from pincite.store.sqlite import SQLiteStore

pytestmark = pytest.mark.shared

EWCA = "uk_find_case_law/ewca_civ_2020_legacy_akn"
JUDGMENTS = tuple(f"{EWCA}/2020-ewca-{n}-civ.xml" for n in (1018, 1375, 1357))
OTHERS = (f"{EWCA}/2020-ewca-1741-civ.xml",
          "uk_find_case_law/press_summaries/uksc_2023_50_zubaydah_press_summary.xml")
QUERY = "was the appeal allowed and who pays the costs"
DEMO_QUERY = "Was the email notice in writing under clause 16.1?"
REBUILT = "rebuilding it from the store"


# -- building, copying and damaging -----------------------------------------------------------------------


def build(paths: list[Path], db: Path) -> Path:
    with SQLiteStore(db) as s:
        report = ingest_paths(s, paths)
        assert not report.failed and report.index_error is None
    return db


def clone(db: Path, folder: Path) -> Path:
    """A copy of the store and its indexes (the same store: a backup restored, say)."""
    folder.mkdir(parents=True, exist_ok=True)
    shutil.copy2(db, folder / db.name)
    index = db.with_name(db.name + ".index")
    if index.exists():
        shutil.copytree(index, folder / index.name)
    return folder / db.name


def lexical_dir(db: Path) -> Path:
    return db.with_name(db.name + ".index") / "lexical"


def dense_dir(db: Path) -> Path:
    return db.with_name(db.name + ".index") / "dense"


def garble(path: Path) -> None:
    path.write_bytes(b'{"segments": [garbled')


def empty(path: Path) -> None:
    path.write_bytes(b"")


def truncate_half(path: Path) -> None:
    with open(path, "r+b") as f:
        f.truncate(path.stat().st_size // 2)


def overwrite_middle(path: Path, n: int = 4096) -> None:
    """Overwrite ``n`` bytes in the middle of the file in place (half the file when it is smaller than 2n)."""
    size = path.stat().st_size
    n = min(n, size // 2)
    junk = random.Random(16).randbytes(n)
    with open(path, "r+b") as f:
        f.seek((size - n) // 2)
        f.write(junk)


def case_ids(cases: list[tuple[str, Callable[[Path], None]]]) -> list[str]:
    return [f"{pattern}-{damage.__name__}" for pattern, damage in cases]


def one_file(folder: Path, pattern: str) -> Path:
    if pattern in ("meta.json", "pincite.json", "CURRENT"):
        return folder / pattern
    if folder.name == "dense":  # a file of the live folder CURRENT names
        return folder / (folder / "CURRENT").read_text().strip() / pattern
    [path] = folder.glob(pattern)
    return path


# -- searching ----------------------------------------------------------------------------------------------


def cli_search(db: Path, query: str, dense: bool = False) -> tuple[list[tuple[str, float]], str]:
    """Hits (passage id, score) of ``pincite search --json`` run as a child process, and its stderr."""
    args = [sys.executable, "-m", "pincite.cli", "search", query, "--db", str(db), "--json", "--k", "8"]
    proc = subprocess.run(args + ([] if dense else ["--no-dense"]), capture_output=True, text=True,
                          timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert "Traceback" not in proc.stderr
    return [(h["passage_id"], round(h["score"], 4)) for h in json.loads(proc.stdout)["hits"]], proc.stderr


def api_hits(response: httpx.Response) -> list[tuple[str, float]]:
    assert response.status_code == 200, response.text
    return [(p["passage_id"], round(p["score"], 4)) for p in response.json()["passages"]]


@pytest.fixture(scope="module")
def judgments(corpus: Path, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[tuple[str, float]]]:
    """Three real judgments with their lexical index, and what a fresh index answers for QUERY."""
    db = build([corpus / p for p in JUDGMENTS], tmp_path_factory.mktemp("judgments") / "j.db")
    hits, err = cli_search(db, QUERY)
    assert len(hits) == 8 and REBUILT not in err
    return db, hits


@pytest.fixture(scope="module")
def demo(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[tuple[str, float]]]:
    """The demo judgments with both indexes, and what fresh indexes answer for DEMO_QUERY (hybrid)."""
    db = build(list(demo_paths()), tmp_path_factory.mktemp("demo") / "d.db")
    hits, err = cli_search(db, DEMO_QUERY, dense=True)
    assert hits and REBUILT not in err
    assert (dense_dir(db) / "CURRENT").exists()
    return db, hits


# -- item 6: a damaged index is rebuilt, on the command line -------------------------------------------------

LEXICAL_DAMAGE = [
    ("meta.json", garble), ("pincite.json", garble), ("*.term", empty), ("*.term", truncate_half),
    *((f"*.{ext}", overwrite_middle) for ext in ("term", "idx", "pos", "store", "fieldnorm", "fast")),
]


@pytest.mark.parametrize("pattern, damage", LEXICAL_DAMAGE, ids=case_ids(LEXICAL_DAMAGE))
def test_damaged_lexical_index_is_rebuilt_by_a_search(  # type: ignore[no-untyped-def]
        judgments, tmp_path: Path, pattern: str, damage: Callable[[Path], None]) -> None:
    db0, fresh = judgments
    db = clone(db0, tmp_path)
    target = one_file(lexical_dir(db), pattern)
    damage(target)
    hits, err = cli_search(db, QUERY)
    assert hits == fresh
    assert REBUILT in err and "lexical index" in err, err
    again, err = cli_search(db, QUERY)  # healed: no second rebuild
    assert again == fresh and REBUILT not in err, err


DENSE_DAMAGE = [("CURRENT", garble), ("params.json", garble), ("vectors.npy", overwrite_middle),
                ("rows.npz", overwrite_middle), ("vectors.npy", truncate_half)]


@pytest.mark.parametrize("pattern, damage", DENSE_DAMAGE, ids=case_ids(DENSE_DAMAGE))
def test_damaged_dense_index_is_rebuilt_by_a_search(  # type: ignore[no-untyped-def]
        demo, tmp_path: Path, pattern: str, damage: Callable[[Path], None]) -> None:
    db0, fresh = demo
    db = clone(db0, tmp_path)
    damage(one_file(dense_dir(db), pattern))
    hits, err = cli_search(db, DEMO_QUERY, dense=True)
    assert hits == fresh
    assert REBUILT in err and "dense index" in err, err


def test_index_copied_from_another_store_is_rebuilt(corpus: Path, tmp_path: Path) -> None:
    """Two stores with the same generation: the index folder of one, copied beside the other, is not used."""
    a = build([corpus / p for p in JUDGMENTS[:2]], tmp_path / "a" / "a.db")
    b = build([corpus / p for p in OTHERS], tmp_path / "b" / "b.db")
    with SQLiteStore(a) as sa, SQLiteStore(b) as sb:
        assert sa.generation() == sb.generation()  # the copied index is not even behind
    fresh, err = cli_search(b, QUERY)
    assert fresh and REBUILT not in err
    shutil.rmtree(b.with_name("b.db.index"))
    shutil.copytree(a.with_name("a.db.index"), b.with_name("b.db.index"))
    hits, err = cli_search(b, QUERY)
    assert hits == fresh
    assert "built from another store" in err and REBUILT in err, err


def test_store_id_is_made_once_and_differs_between_stores(tmp_path: Path) -> None:
    with SQLiteStore(tmp_path / "a.db") as a, SQLiteStore(tmp_path / "b.db") as b:
        ida, idb = a.store_id(), b.store_id()
    with SQLiteStore(tmp_path / "a.db") as a:
        assert a.store_id() == ida
    assert ida and idb and ida != idb and len(ida) == 32


# -- item 6: the server ---------------------------------------------------------------------------------


class Served:
    """``pincite serve`` in a child process (so a server that crashes on a damaged index fails the test rather
    than takes the test run down); its stderr, where the server's log lines go, kept in a file."""

    def __init__(self, db: Path, dense: bool, log: Path) -> None:
        with socket.socket() as sock:
            sock.bind(("127.0.0.1", 0))
            port = sock.getsockname()[1]
        self.url, self.log = f"http://127.0.0.1:{port}", log
        args = [sys.executable, "-m", "pincite.cli", "serve", "--db", str(db), "--port", str(port)]
        with open(log, "w") as err:
            self.proc = subprocess.Popen(args + ([] if dense else ["--no-dense"]), stdout=subprocess.DEVNULL,
                                         stderr=err)
        deadline = time.monotonic() + 60
        while True:
            assert self.proc.poll() is None and time.monotonic() < deadline, self.log.read_text()
            try:
                if httpx.get(f"{self.url}/api/health", timeout=2).status_code == 200:
                    break
            except httpx.TransportError:
                time.sleep(0.1)

    def search(self, query: str, timeout: float = 120) -> httpx.Response:
        try:
            return httpx.get(f"{self.url}/api/search", params={"q": query, "k": 8}, timeout=timeout)
        except httpx.ConnectError:  # the server is gone: say how it ended (a negative code is the signal)
            code = self.proc.wait(timeout=10)
            raise AssertionError(f"the server exited with {code}; its log:\n{self.log.read_text()}") from None

    def rebuilds(self) -> list[str]:
        return [line for line in self.log.read_text().splitlines() if REBUILT in line]

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
        self.proc.wait(timeout=30)


@pytest.fixture()
def serve(tmp_path: Path) -> Iterator[Callable[..., Served]]:
    servers: list[Served] = []

    def start(db: Path, dense: bool = False) -> Served:
        servers.append(Served(db, dense, tmp_path / f"server-{len(servers)}.log"))
        return servers[-1]

    yield start
    for srv in servers:
        srv.close()


SERVER_DAMAGE = [("meta.json", garble), ("*.term", overwrite_middle), ("*.store", empty),
                 ("*.pos", overwrite_middle)]


@pytest.mark.parametrize("pattern, damage", SERVER_DAMAGE, ids=case_ids(SERVER_DAMAGE))
def test_server_rebuilds_an_index_damaged_while_it_runs(  # type: ignore[no-untyped-def]
        judgments, tmp_path: Path, serve, pattern: str, damage: Callable[[Path], None]) -> None:
    db0, fresh = judgments
    db = clone(db0, tmp_path)
    srv = serve(db)
    assert api_hits(srv.search(QUERY)) == fresh  # the index is open (memory-mapped) in the server
    damage(one_file(lexical_dir(db), pattern))
    assert api_hits(srv.search(QUERY)) == fresh
    assert len(srv.rebuilds()) == 1 and "lexical index" in srv.rebuilds()[0], srv.log.read_text()
    assert api_hits(srv.search(QUERY)) == fresh
    assert len(srv.rebuilds()) == 1


def test_server_rebuilds_a_damaged_dense_index(  # type: ignore[no-untyped-def]
        demo, tmp_path: Path, serve) -> None:
    db0, fresh = demo
    db = clone(db0, tmp_path)
    srv = serve(db, dense=True)
    assert api_hits(srv.search(DEMO_QUERY)) == fresh
    overwrite_middle(one_file(dense_dir(db), "vectors.npy"))
    assert api_hits(srv.search(DEMO_QUERY)) == fresh
    assert any("dense index" in m for m in srv.rebuilds()), srv.log.read_text()


HOLD_LOCK = textwrap.dedent("""
    import fcntl, os, sys
    fd = os.open(sys.argv[1], os.O_RDWR | os.O_CREAT)
    fcntl.flock(fd, fcntl.LOCK_EX)
    print("locked", flush=True)
    sys.stdin.readline()
""")

HOLD_TANTIVY_WRITER = textwrap.dedent("""
    import sys
    import tantivy
    from pincite.search.lexical import _lexical_schema
    index = tantivy.Index(_lexical_schema(), path=sys.argv[1], reuse=True)
    writer = index.writer(heap_size=15_000_000, num_threads=1)
    print("locked", flush=True)
    sys.stdin.readline()
""")


@pytest.fixture()
def holder() -> Iterator[Callable[[str, Path], subprocess.Popen[str]]]:
    """Start a child process that holds a lock until told to let go (a line on its stdin)."""
    procs: list[subprocess.Popen[str]] = []

    def start(script: str, path: Path) -> subprocess.Popen[str]:
        p = subprocess.Popen([sys.executable, "-c", script, str(path)], stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, text=True)
        procs.append(p)
        assert p.stdout is not None and p.stdout.readline().strip() == "locked"
        return p

    yield start
    for p in procs:
        if p.poll() is None:
            p.kill()
        p.wait(timeout=10)


def let_go(p: subprocess.Popen[str]) -> None:
    assert p.stdin is not None
    p.stdin.write("\n")
    p.stdin.flush()
    p.wait(timeout=30)


def test_server_answers_503_with_retry_after_while_it_rebuilds(  # type: ignore[no-untyped-def]
        judgments, tmp_path: Path, serve, holder) -> None:
    """The request that finds the index damaged rebuilds it (here it must wait: another process holds the
    writer lock); a request meanwhile gets 503 with Retry-After at once, not a wait nor a broken answer."""
    db0, fresh = judgments
    db = clone(db0, tmp_path)
    srv = serve(db)
    garble(lexical_dir(db) / "meta.json")
    lock = holder(HOLD_LOCK, lexical_dir(db) / ".tantivy-writer.lock")
    first: list[httpx.Response] = []
    t = threading.Thread(target=lambda: first.append(srv.search(QUERY)))
    t.start()
    deadline = time.monotonic() + 60
    while not srv.rebuilds():
        assert time.monotonic() < deadline and t.is_alive(), f"no rebuild: {first} {srv.log.read_text()}"
        time.sleep(0.05)
    meanwhile = srv.search(QUERY, timeout=10)
    assert meanwhile.status_code == 503, meanwhile.text
    assert int(meanwhile.headers["retry-after"]) > 0
    assert "being rebuilt" in meanwhile.json()["error"]
    let_go(lock)
    t.join(timeout=120)
    assert api_hits(first[0]) == fresh  # the rebuilding request answers from the rebuilt index
    assert api_hits(srv.search(QUERY)) == fresh


# -- item 9: readers never fail because a writer holds the index -----------------------------------------


def test_search_while_another_process_holds_the_writer_searches_what_was_committed(  # type: ignore
        judgments, corpus: Path, tmp_path: Path, holder) -> None:
    db0, fresh = judgments
    db = clone(db0, tmp_path)
    lexical = lexical_dir(db)
    with SQLiteStore(db) as s:  # a document stored, its index update not yet run (an ingest under way)
        assert ingest_file(s, str(corpus / OTHERS[0])).status == "added"
        generation = s.generation()
    writer = holder(HOLD_TANTIVY_WRITER, lexical)  # a real tantivy writer in another process
    hits, err = cli_search(db, QUERY)
    assert hits == fresh  # what was last committed
    assert "being written by another pincite process" in err and REBUILT not in err, err
    let_go(writer)
    hits, err = cli_search(db, QUERY)  # the writer gone: this search brings the index up to date
    assert json.loads((lexical / "pincite.json").read_text())["generation"] == generation
    assert "being written" not in err and REBUILT not in err, err


def test_search_with_nothing_committed_waits_for_the_writer(  # type: ignore[no-untyped-def]
        judgments, tmp_path: Path, holder) -> None:
    """With no committed state to search (another process is building the index), the search waits for the
    writer and then builds it, rather than failing or deleting the files under the other process."""
    db0, fresh = judgments
    db = clone(db0, tmp_path)
    lexical = lexical_dir(db)
    shutil.rmtree(lexical)
    lexical.mkdir()
    lock = holder(HOLD_LOCK, lexical / ".tantivy-writer.lock")
    out: list[object] = []
    with SQLiteStore(db) as s:
        r = Retriever(s, RetrievalMode.LEXICAL)
        t = threading.Thread(target=lambda: out.append(r.search(QUERY, k=8)))
        t.start()
        deadline = time.monotonic() + 60
        while t.is_alive() and not getattr(r.lexical, "rebuilding", False) and time.monotonic() < deadline:
            time.sleep(0.02)
        time.sleep(0.3)
        # waiting for the writer: not failed, and not building over the files of the process holding the lock
        assert t.is_alive() and not out, "the search did not wait for the writer"
        assert not (lexical / "pincite.json").exists()
        let_go(lock)
        t.join(timeout=60)
    [hits] = out
    assert [(p.id, round(p.score, 4)) for p in hits] == fresh  # type: ignore[attr-defined]
