"""PostgreSQL beyond the conformance suite: several ingest workers at once into one database (no duplicates,
each document whole), a worker SIGKILLed in the middle of a document (nothing partial; a rerun completes),
``pincite migrate`` from an embedded store, and the ``--store`` / ``PINCITE_STORE`` choice of backend.

The server is a real PostgreSQL 16 with pgvector (``tests/support/pg_server.py``); these tests FAIL when it cannot
start.  Workers ingest the small fictional fixtures (statute versions included, so the in-force windows of a
work are recomputed by several workers at once)."""

from __future__ import annotations

import json
import re
import os
import signal
import subprocess
import sys
import textwrap
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pincite.cli import app
from pincite.ingest import ingest_paths
from pincite.search.retrieve import RetrievalMode, Retriever
from pincite.types import SearchFilters
from pincite.open import open_store
from pincite.store.sqlite import SQLiteStore
from tests.conformance.test_hybrid import CountingEmbedder as Counting
from tests.support.pg_server import PgServer, PostgresUnavailable, start_server
from tests.conftest import FIXTURES, REPO

FILES = [FIXTURES / "retrieve" / "harbour_lease.txt", FIXTURES / "retrieve" / "orchard_supply.txt",
         FIXTURES / "canada" / "X-9_pit-2020-01-01.xml", FIXTURES / "canada" / "X-9_pit-2022-01-01.xml"]
FILES += sorted((FIXTURES / "uslm").glob("*.xml"))
_n = iter(range(10_000))


@pytest.fixture(scope="module")
def pg(tmp_path_factory: pytest.TempPathFactory) -> Iterator[PgServer]:
    try:
        server = start_server(tmp_path_factory.mktemp("pg"))
    except PostgresUnavailable as e:
        pytest.fail(f"PostgreSQL could not be started: {e}", pytrace=False)
    yield server
    server.stop()


def fresh(pg: PgServer, name: str) -> str:
    return pg.create_database(f"{name}_{next(_n)}")


def consistent(url: str) -> dict[str, int]:
    """Counts, after checking every stored document is whole: its units, chunks and generation are there."""
    with open_store(url) as s:
        c = s.conn  # type: ignore[attr-defined]
        bad = c.execute(
            "SELECT d.source FROM documents d WHERE d.n_units <> (SELECT count(*) FROM units u WHERE u.doc_id = d.id) "
            "OR NOT EXISTS (SELECT 1 FROM chunks c WHERE c.doc_id = d.id) "
            "OR NOT EXISTS (SELECT 1 FROM doc_generations g WHERE g.doc_id = d.id) "
            "OR NOT EXISTS (SELECT 1 FROM sources s WHERE s.source = d.source AND s.doc_id = d.id)").fetchall()
        assert not bad, f"partial documents: {bad}"
        orphans = c.execute("SELECT count(*) FROM sources s WHERE NOT EXISTS "
                            "(SELECT 1 FROM documents d WHERE d.id = s.doc_id)").fetchone()[0]
        assert orphans == 0
        # every chunk has its postings (the lexical index) and no posting outlives its chunk
        unindexed = c.execute("SELECT count(*) FROM chunks c WHERE c.n_text > 0 AND NOT EXISTS (SELECT 1 FROM "
                              "chunk_terms t WHERE t.doc_id = c.doc_id AND t.chunker = c.chunker "
                              "AND t.ordinal = c.ordinal)").fetchone()[0]
        stray = c.execute("SELECT count(*) FROM chunk_terms t WHERE NOT EXISTS (SELECT 1 FROM chunks c WHERE "
                          "c.doc_id = t.doc_id AND c.chunker = t.chunker AND c.ordinal = t.ordinal)").fetchone()[0]
        assert unindexed == 0 and stray == 0, (unindexed, stray)
        return {"documents": c.execute("SELECT count(*) FROM documents").fetchone()[0],
                "sources": c.execute("SELECT count(DISTINCT source) FROM documents").fetchone()[0],
                "units": c.execute("SELECT count(*) FROM units").fetchone()[0],
                "chunks": c.execute("SELECT count(*) FROM chunks").fetchone()[0]}


WORKER = textwrap.dedent("""
    import json, os, sys, time
    sys.path[:0] = {path!r}
    from pincite.ingest import ingest_paths
    from pincite.open import open_store
    url, go, files = sys.argv[1], sys.argv[2], sys.argv[3:]
    while not os.path.exists(go):  # start together
        time.sleep(0.01)
    with open_store(url) as s:
        report = ingest_paths(s, files)
    print(json.dumps([[r.source, r.status, r.error] for r in report.results]))
""").format(path=sys.path)


def test_four_workers_ingesting_the_same_files_at_once_store_each_once(pg: PgServer, tmp_path: Path) -> None:
    url = fresh(pg, "concurrent")
    go = tmp_path / "go"
    files = [str(f) for f in FILES]
    procs = [subprocess.Popen([sys.executable, "-c", WORKER, url, str(go), *(files if i % 2 else files[::-1])],
                              cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for i in range(4)]
    time.sleep(0.5)
    go.touch()
    results = []
    for p in procs:
        out, err = p.communicate(timeout=180)
        assert p.returncode == 0, err[-2000:]
        results.append(json.loads(out))
    statuses: dict[str, list[str]] = {}
    for res in results:
        for source, status, error in res:
            assert status != "failed", error
            statuses.setdefault(source, []).append(status)
    # every file was added by exactly one worker; the others found it unchanged
    assert all(sorted(v) == ["added"] + ["unchanged"] * 3 for v in statuses.values()), statuses
    got = consistent(url)
    # the same files ingested one after another give the same database
    ref = fresh(pg, "sequential")
    with open_store(ref) as s:
        assert not ingest_paths(s, files).failed
    assert got == consistent(ref) and got["documents"] == got["sources"] == len(FILES)
    # and the in-force windows the workers computed together are those of one worker alone
    with open_store(url) as a, open_store(ref) as b:
        for s in b.list_documents(work="ca/act/X-9"):
            assert [(u.in_force_from, u.in_force_to) for u in a.get_document(s.id).units] == \
                [(u.in_force_from, u.in_force_to) for u in b.get_document(s.id).units]
        hits = Retriever(a, RetrievalMode.LEXICAL).search("assistant keepers", k=3,
                                                          filters=SearchFilters(as_of="2021-06-30"))
        assert hits and "two assistant keepers" in hits[0].text


STALL = textwrap.dedent("""
    import os, sys, time
    sys.path[:0] = {path!r}
    from pincite.backends.postgres.store import PostgresStore
    from pincite.ingest import ingest_paths
    url, marker, files = sys.argv[1], sys.argv[2], sys.argv[3:]
    real = PostgresStore._insert_chunks

    def stall(self, rows, postings):  # inside put_document's transaction: document, units, chunks and postings
        real(self, rows, postings)     # written, not committed
        if any(p[4] == "orchard" for p in postings):
            open(marker, "w").close()
            time.sleep(120)

    PostgresStore._insert_chunks = stall
    with PostgresStore(url) as s:
        ingest_paths(s, files)
""").format(path=sys.path)


def test_a_worker_killed_mid_document_leaves_nothing_partial_and_a_rerun_completes(pg: PgServer,
                                                                                    tmp_path: Path) -> None:
    url = fresh(pg, "killed")
    marker = tmp_path / "inside"
    files = [str(f) for f in FILES[:2]]  # the lease, then the orchard contract (killed inside its transaction)
    proc = subprocess.Popen([sys.executable, "-c", STALL, url, str(marker), *files], cwd=REPO,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 120
    while not marker.exists():
        assert proc.poll() is None, proc.communicate()[1][-2000:]
        assert time.monotonic() < deadline, "the worker never reached the orchard contract"
        time.sleep(0.05)
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait(timeout=30)
    assert proc.returncode == -signal.SIGKILL
    deadline = time.monotonic() + 30  # the server notices the dropped connection and rolls back
    while True:
        with open_store(url) as s:
            docs = [d.source for d in s.list_documents()]
        if len(docs) == 1 or time.monotonic() > deadline:
            break
        time.sleep(0.2)
    assert [Path(d).name for d in docs] == ["harbour_lease.txt"]
    consistent(url)
    with open_store(url) as s:  # the rerun completes: the lease unchanged, the orchard contract added
        statuses = [r.status for r in ingest_paths(s, files).results]
    assert statuses == ["unchanged", "added"]
    assert consistent(url)["documents"] == 2


def test_migrate_copies_an_embedded_store(pg: PgServer, tmp_path: Path) -> None:
    from pincite.search.embed import load_embedder

    embedder = Counting(load_embedder())
    db = tmp_path / "embedded.db"
    with SQLiteStore(db) as s:
        assert not ingest_paths(s, [str(f) for f in FILES], embedder=embedder).failed
        s.set_setting("chunk.structural", s.get_setting("chunk.structural") or "{}")
        want = {d.id: s.get_document(d.id) for d in s.list_documents()}
        chunks = {d: s.get_chunks(d) for d in want}
        vectors = s.count_embeddings(embedder.model_id)
    assert vectors == embedder.count > 0
    url = fresh(pg, "migrated")
    r = CliRunner().invoke(app, ["migrate", "--from", str(db), "--to", url])
    assert r.exit_code == 0, r.output
    assert f"{len(want)} documents" in r.output and f"{vectors} vectors copied, 0 already there" in r.output
    with open_store(url) as p:
        assert {d.id for d in p.list_documents()} == set(want)
        for doc_id, doc in want.items():
            assert p.get_document(doc_id) == doc  # windows included
            assert p.get_chunks(doc_id) == chunks[doc_id]
        assert p.get_setting("chunk.structural") == "{}"
        assert p.count_embeddings(embedder.model_id) == vectors
        # the target's first dense search builds its index from the copied vectors: nothing is embedded
        # but the question itself
        embedder.count = 0
        hits = Retriever(p, RetrievalMode.DENSE, embedder=embedder).search("Who pays if the warehouse burns down?",
                                                                           k=3)
        assert hits and embedder.count == 1
        # an interrupted copy: some vectors missing in the target
        p.conn.execute("DELETE FROM embeddings WHERE text_hash IN (SELECT text_hash FROM embeddings "  # type: ignore[attr-defined]
                       "ORDER BY text_hash LIMIT 7)")  # (autocommit)
    # a second run copies no document again, only the vectors the target lacks
    r = CliRunner().invoke(app, ["migrate", "--from", str(db), "--to", url])
    assert r.exit_code == 0 and f"0 copied, {len(want)} already there" in r.output, r.output
    assert f"7 vectors copied, {vectors - 7} already there" in r.output, r.output
    with open_store(url) as p:
        assert p.count_embeddings(embedder.model_id) == vectors
    # a bad target says why
    r = CliRunner().invoke(app, ["migrate", "--from", str(db), "--to", "postgresql://nobody@127.0.0.1:1/none"])
    assert r.exit_code == 1 and "cannot connect" in r.output


def test_store_option_and_environment_choose_postgres(pg: PgServer, tmp_path: Path) -> None:
    url = fresh(pg, "cli")
    runner = CliRunner()
    r = runner.invoke(app, ["--store", url, "ingest", str(FILES[0]), "--json"])
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)["totals"]["added"] == 1
    r = runner.invoke(app, ["documents", "--json"], env={"PINCITE_STORE": url})
    assert r.exit_code == 0, r.output
    assert [Path(d["source"]).name for d in json.loads(r.stdout)] == ["harbour_lease.txt"]
    r = runner.invoke(app, ["search", "rent in advance", "--no-dense", "--json", "--k", "1"], env={"PINCITE_STORE": url})
    assert r.exit_code == 0, r.output
    assert "4,000 pounds" in json.loads(r.stdout)["hits"][0]["text"]
    # --db keeps meaning a SQLite file, even with PINCITE_STORE set
    r = runner.invoke(app, ["documents", "--db", str(tmp_path / "empty.db"), "--json"], env={"PINCITE_STORE": url})
    assert r.exit_code == 2 and f"no database at {tmp_path / 'empty.db'}" in r.output  # the file, not PostgreSQL
    r = runner.invoke(app, ["--store", "postgresql://nobody@127.0.0.1:1/none", "documents"])
    assert r.exit_code == 1 and "cannot connect" in r.output


def test_the_hnsw_path_answers_as_the_exact_scan_does(pg: PgServer, monkeypatch: pytest.MonkeyPatch) -> None:
    """Past ANN_MIN_ROWS vectors an unfiltered dense search takes the HNSW query (nearest pieces, plus the named
    documents' chunks exactly); on a small table it must rank as the exact scan does (the threshold is lowered
    so the fixtures take that path)."""
    import pincite.backends.postgres.search as index_pg
    from pincite.search.embed import load_embedder

    url = fresh(pg, "hnsw")
    with open_store(url) as s:
        assert not ingest_paths(s, [str(f) for f in FILES[:2]]).failed
        r = Retriever(s, RetrievalMode.DENSE, embedder=load_embedder())
        query = "Who pays if the warehouse burns down?"
        exact = [(h.id, round(h.score, 5), h.text) for h in r.search(query, k=5)]
        monkeypatch.setattr(index_pg, "ANN_MIN_ROWS", -1)
        approx = [(h.id, round(h.score, 5), h.text) for h in r.search(query, k=5)]
        narrowed = r.search(query, k=2, filters=SearchFilters(documents=(exact[0][0].split(":")[0],)))
    assert len(exact) == 5 and approx == exact
    assert any("against fire" in t for _, _, t in exact)
    assert [h.id for h in narrowed][:1] == [exact[0][0]]  # a filter still scans exactly


def test_the_server_answers_from_postgres_over_http(pg: PgServer) -> None:
    """``ServerConfig.db`` a postgresql:// URL (what ``pincite --store URL serve`` passes): ask, search, open a
    document and read the eval runs, which live in the store's eval_runs table."""
    import httpx

    from pincite.cli import demo_paths
    from pincite.evaluation.runs import build_run, write_run
    from pincite.api.app import create_app, RunningServer
    from pincite.api.config import ServerConfig
    from pincite.generate.base import GeneratorKind
    from tests.unit.api.test_server import QUESTION

    url = fresh(pg, "serve")
    with open_store(url) as s:
        assert not ingest_paths(s, demo_paths()).failed
    with RunningServer(create_app(ServerConfig(db=url, dense=False, generator_kind=GeneratorKind.EXTRACTIVE))) as srv:
        health = httpx.get(f"{srv.url}/api/health", timeout=30).json()
        ask = httpx.post(f"{srv.url}/api/ask", json={"question": QUESTION}, timeout=60)
        cited = {c["document"]["id"]: httpx.get(f"{srv.url}/api/documents/{c['document']['id']}",
                                                timeout=30).json()["text"] for c in ask.json()["citations"]}
        search = httpx.get(f"{srv.url}/api/search", params={"q": "notice in writing clause 16.1", "k": 3}, timeout=30)
        doc_id = search.json()["passages"][0]["document"]["id"]
        doc = httpx.get(f"{srv.url}/api/documents/{doc_id}", timeout=30)
        page = httpx.get(f"{srv.url}/documents/{doc_id}", headers={"accept": "text/html"}, timeout=30)
        empty = httpx.get(f"{srv.url}/api/eval/runs", timeout=30).json()
        written = write_run(build_run([], {"k": 8, "generator": "extractive"}, 1.5), None, db=url)
        listed = httpx.get(f"{srv.url}/api/eval/runs", timeout=30).json()
        name = listed["runs"][0]["run"] if listed["runs"] else "none"
        one = httpx.get(f"{srv.url}/api/eval/runs/{name}", timeout=30)
        missing = httpx.get(f"{srv.url}/api/eval/runs/nope", timeout=30)
        # the server's threads share one retriever: searches at once answer as they do one at a time
        queries = ["notice in writing clause 16.1", "email of 3 February 2022", "termination of the agreement",
                   "the judge was right", "payment of the fee", "appeal dismissed"] * 3

        def one_search(q: str) -> list[str]:
            r = httpx.get(f"{srv.url}/api/search", params={"q": q, "k": 5}, timeout=60)
            assert r.status_code == 200, r.text
            return [p["chunk_id"] if "chunk_id" in p else p["text"] for p in r.json()["passages"]]

        alone = {q: one_search(q) for q in set(queries)}
        from concurrent.futures import ThreadPoolExecutor

        with ThreadPoolExecutor(8) as pool:
            together = list(pool.map(one_search, queries))
    assert together == [alone[q] for q in queries]
    assert health["documents"] == len(demo_paths())
    assert ask.status_code == 200, ask.text
    cites = ask.json()["citations"]
    assert cites and all(re.fullmatch(r"\[\d+\]", u) for c in cites for u in c["units"])  # the judgment's paragraphs
    for c in cites:  # every pinpoint's offsets name its quote in the document served
        assert cited[c["document"]["id"]][c["char_start"]:c["char_end"]] == c["quote"]
    assert search.status_code == 200 and len(search.json()["passages"]) == 3
    assert doc.status_code == 200 and search.json()["passages"][0]["text"] in doc.json()["text"]
    assert page.status_code == 200 and "<html" in page.text.lower()
    assert empty["available"] is True and empty["runs"] == [] and "eval_runs" in empty["folder"]
    assert name in str(written) and [r["run"] for r in listed["runs"]] == [name]
    assert one.status_code == 200 and one.json()["settings"] == {"k": 8, "generator": "extractive"}
    assert missing.status_code == 404


def test_a_stale_refresh_of_a_work_waits_for_the_other_writer_on_postgres(pg: PgServer) -> None:
    """The forced interleaving of tests/test_work_refresh_race.py on PostgreSQL (the advisory lock of
    ``PostgresStore.exclusive``): the concurrent ingest above meets it only by chance."""
    from tests.unit.test_work_refresh_race import race, reference

    with open_store(fresh(pg, "refresh_ref")) as ref:
        want = reference(ref)
    url = fresh(pg, "refresh_race")
    with open_store(url) as a, open_store(url) as b:
        assert race(a, b) == want
