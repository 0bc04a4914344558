"""Embedding as part of ingest: vectors kept in the store in committed batches (a kill keeps them, the rerun
embeds only the rest), text embedded once is never embedded again (a re-chunk embeds nothing), a search told
not to wait answers lexically and says so, and the server answers while it embeds in the background.

The document is a real contract from ../shared (56 passages since issue 25 cut its schedules apart); the embedder is the real model, wrapped at the
model boundary to count its texts, to die at a chosen batch, or to hold until the test lets it go.
"""

from __future__ import annotations

import json
import random
import shutil
import signal
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import httpx
import pytest
from typer.testing import CliRunner

from pincite.api.app import RunningServer, create_app
from pincite.api.config import ServerConfig
from pincite.chunk import ChunkSettings
from pincite.cli import app as cli_app
from pincite.ingest import embed_store, ingest_paths, rechunk_all
from pincite.search.dense import DenseIndex
from pincite.search.embed import load_embedder
from pincite.search.indexes import index_paths
from pincite.search.retrieve import RetrievalMode, Retriever
from pincite.store.sqlite import SQLiteStore
from tests.conformance.test_hybrid import CountingEmbedder as Counting

pytestmark = pytest.mark.shared

CONTRACT = "contracts_cuad/txt/XLITECHNOLOGIES,INC_12_11_2015-EX-10.1-Sponsorship Agreement.txt"
QUERY = "neither side is to blame for delays caused by storms or wars"
runner = CliRunner()


@pytest.fixture(scope="module")
def real():  # type: ignore[no-untyped-def]
    return load_embedder()


@pytest.fixture()
def lexical_db(tmp_path: Path, corpus: Path) -> Path:
    """The contract stored with no vectors (as `ingest --no-dense` leaves it)."""
    db = tmp_path / "s.db"
    with SQLiteStore(db) as s:
        report = ingest_paths(s, [corpus / CONTRACT])
        assert len(report.stored) == 1 and report.embedded is None
    return db


KILL_AT = textwrap.dedent("""
    import os, signal, sys
    from pincite.search.dense import DenseIndex
    from pincite.search.embed import load_embedder
    from pincite.search.indexes import index_paths
    from pincite.store.sqlite import SQLiteStore

    db, kill_at, batch = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    real = load_embedder()

    class DiesAtBatch:  # the model boundary: the process is killed inside the embedder's call number kill_at
        model_id, dim, calls = real.model_id, real.dim, 0

        def embed_texts(self, texts):
            DiesAtBatch.calls += 1
            if DiesAtBatch.calls == kill_at:
                os.kill(os.getpid(), signal.SIGKILL)
            return real.embed_texts(texts)

    store = SQLiteStore(db)
    DenseIndex(index_paths(store)[1]).sync(store, DiesAtBatch(), batch=batch)
    print("finished without being killed")
""")


def test_a_kill_during_embedding_keeps_the_committed_batches_and_the_rerun_embeds_only_the_rest(
        lexical_db: Path, real) -> None:  # type: ignore[no-untyped-def]
    batch = 8  # 56 passages: 7 batches
    kill_at = random.randint(2, 6)  # a random batch, after at least one was committed
    proc = subprocess.run([sys.executable, "-c", KILL_AT, str(lexical_db), str(kill_at), str(batch)],
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == -signal.SIGKILL, (kill_at, proc.stdout, proc.stderr)
    with SQLiteStore(lexical_db) as s:
        kept = s.count_embeddings(real.model_id)
        assert kept == (kill_at - 1) * batch, kill_at  # every batch before the kill, committed
        assert not (index_paths(s)[1] / "CURRENT").exists()  # the index itself was never written
        counting = Counting(real)
        n = embed_store(s, counting)
        total = s.count_embeddings(real.model_id)
        assert counting.count == n == total - kept, (kill_at, counting.count, total, kept)
        assert total >= 50  # the whole contract is embedded now
        dense = Retriever(s, RetrievalMode.DENSE, embedder=counting, wait=False)
        hits = dense.search(QUERY, k=3)
        assert hits and dense.dense_status() == "ready"
        assert "Force Majeure" in hits[0].text, [h.text[:80] for h in hits]  # the resumed vectors work


def test_text_embedded_once_is_never_embedded_again(lexical_db: Path, real) -> None:  # type: ignore[no-untyped-def]
    with SQLiteStore(lexical_db) as s:
        first = Counting(real)
        total = embed_store(s, first)
        assert total == first.count == s.count_embeddings(real.model_id) > 0
        # a re-chunk with the same settings (every chunk written again, the same text): nothing to embed
        again = Counting(real)
        rechunk_all(s, ChunkSettings())
        assert embed_store(s, again) == 0 and again.count == 0
        # the dense index lost (it is derived): rebuilt from the vectors the store keeps, nothing embedded
        shutil.rmtree(index_paths(s)[1])
        assert embed_store(s, again) == 0 and again.count == 0
        assert DenseIndex(index_paths(s)[1]).generation == s.generation()
        # a re-chunk that moves boundaries embeds only the pieces whose text is new
        rechunk_all(s, ChunkSettings(max_chars=700))
        n = embed_store(s, again)
        assert 0 < n == again.count < s.count_embeddings(real.model_id)


def cli(*args: str):  # type: ignore[no-untyped-def]
    return runner.invoke(cli_app, list(args), catch_exceptions=False)


def test_no_wait_answers_lexically_and_says_so_until_the_vectors_are_there(lexical_db: Path, real) -> None:  # type: ignore[no-untyped-def]
    db = str(lexical_db)
    lexical = json.loads(cli("search", QUERY, "--db", db, "--no-dense", "--json").stdout)
    r = cli("search", QUERY, "--db", db, "--no-wait", "--json")
    assert r.exit_code == 0, r.stdout
    pending = json.loads(r.stdout)
    assert pending["dense"] == "pending" and lexical["dense"] == "off"
    assert [h["passage_id"] for h in pending["hits"]] == [h["passage_id"] for h in lexical["hits"]]
    asked = json.loads(cli("ask", QUERY, "--db", db, "--no-wait", "--json").stdout)
    assert asked["dense"] == "pending" and asked["retrieved"]
    with SQLiteStore(lexical_db) as s:
        assert s.count_embeddings(real.model_id) == 0  # not waiting means not embedding either
    waited = cli("search", QUERY, "--db", db, "--json")  # without --no-wait: embeds first, and says so
    assert json.loads(waited.stdout)["dense"] == "ready"
    with SQLiteStore(lexical_db) as s:
        n = s.count_embeddings(real.model_id)  # every passage's text, each embedded once
    assert n > 0
    assert f"embedding {n} passages" in waited.stderr and f"embedded {n} passages" in waited.stderr, waited.stderr
    ready = json.loads(cli("search", QUERY, "--db", db, "--no-wait", "--json").stdout)
    assert ready["dense"] == "ready" and ready["hits"]
    r = cli("embed", "--db", db)  # nothing left to embed
    assert r.exit_code == 0 and f"0 passages embedded; the store keeps {n} vectors" in r.stderr, r.stderr


class HeldUntilReleased(Counting):
    """The real embedder, holding every call until the test lets it go (the embedding is 'slow')."""

    def __init__(self, real) -> None:  # type: ignore[no-untyped-def]
        super().__init__(real)
        self.release, self.entered = threading.Event(), threading.Event()

    def embed_texts(self, texts):  # type: ignore[no-untyped-def]
        self.entered.set()
        assert self.release.wait(120), "the test never let the embedder go"
        return super().embed_texts(texts)


def test_the_server_answers_searches_while_it_embeds_and_reports_progress(lexical_db: Path, real) -> None:  # type: ignore[no-untyped-def]
    held = HeldUntilReleased(real)
    config = ServerConfig(db=lexical_db, dense=True)
    with RunningServer(create_app(config, embedder=held)) as srv:
        assert held.entered.wait(60), "the server did not start embedding the passages that lack vectors"
        health = httpx.get(f"{srv.url}/api/health", timeout=10).json()["dense"]
        assert health["state"] == "embedding" and health["total"] >= 50 and health["done"] == 0, health
        t0 = time.monotonic()
        r = httpx.get(f"{srv.url}/api/search", params={"q": QUERY, "k": 5}, timeout=30)
        assert r.status_code == 200 and time.monotonic() - t0 < 10
        body = r.json()
        assert body["dense"] == "pending" and body["passages"]
        ask = httpx.post(f"{srv.url}/api/ask", json={"question": QUERY}, timeout=30).json()
        assert ask["dense"] == "pending"
        page = httpx.get(f"{srv.url}/", params={"q": QUERY}, timeout=30).text
        assert 'id="dense-status"' in page and "Embedding passages" in page and "word search only" in page
        held.release.set()
        deadline = time.monotonic() + 120
        while httpx.get(f"{srv.url}/api/health", timeout=10).json()["dense"]["state"] != "ready":
            assert time.monotonic() < deadline, "the background embedding never finished"
            time.sleep(0.2)
        body = httpx.get(f"{srv.url}/api/search", params={"q": QUERY, "k": 5}, timeout=30).json()
        assert body["dense"] == "ready" and body["passages"]
        assert 'id="dense-status"' not in httpx.get(f"{srv.url}/", timeout=10).text
    with SQLiteStore(lexical_db) as s:
        # every passage embedded once, by the background thread; plus the last search's question
        assert s.count_embeddings(real.model_id) == held.count - 1 >= 50
