"""``python -m bench.scale_pg``: bench/scale.py's steps, then the PostgreSQL store's: the same figures for the PostgreSQL store, printed
beside the embedded store's.

1. Ingest throughput: ``--pg-files`` bulk files (0: all) ingested by 1, 2 and 4 worker processes into a fresh
   database each (the files split between the workers), against the embedded store ingesting the same files in
   one process (SQLite has one writer).
2. Search latency at the bulk size: the whole bulk set ingested into PostgreSQL, then the same queries as the
   embedded store's (lexical, dense, hybrid; k=10, citable only), with the same sampled embedder (real vectors
   for the first ``--embed-sample`` pieces, random unit vectors after, marked): p50 / p95 side by side.
   The dense sync loads the vectors without the HNSW index and builds it after (its time is printed); the
   postings' size is printed, and the database is vacuumed (as autovacuum would) before the timing.
3. Hybrid retrieval quality on LegalBench-RAG (mini): both stores ingest its 29 contracts and answer its 194
   queries with the benchmark's own scoring (bench/legalbench_rag.py); precision@k and recall@k side by side.

``--skip-throughput`` leaves out step 1 (the bulk set is then ingested once, with the most workers).

The server is ``--pg-url``, or a throw-away PostgreSQL 16 started from the pgserver wheel (tests/support/pg_server.py).
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent


def _ingest_share(url: str, files: list[str], q: Any) -> None:
    from pincite.ingest import ingest_paths
    from pincite.open import open_store

    with open_store(url) as s:
        rep = ingest_paths(s, files)
    t = rep.totals()
    q.put((t["documents"], t["units"], t["failed"]))


def ingest_with_workers(url: str, files: list[str], workers: int) -> tuple[float, int, int, int]:
    """Seconds, documents, units and failures for ``workers`` processes ingesting ``files`` (split round-robin)."""
    ctx = mp.get_context("spawn")
    q = ctx.Queue()
    from pincite.open import open_store

    open_store(url).close()  # the schema first, so the timing is ingest alone
    t = time.perf_counter()
    procs = [ctx.Process(target=_ingest_share, args=(url, files[i::workers], q)) for i in range(workers)]
    for p in procs:
        p.start()
    got: list[tuple[int, int, int]] = []
    import queue

    while len(got) < len(procs):
        try:
            got.append(q.get(timeout=2))
        except queue.Empty:
            if not any(p.is_alive() for p in procs) and q.empty():
                raise RuntimeError("an ingest worker died (its traceback is above)") from None
    for p in procs:
        p.join()
    return time.perf_counter() - t, sum(g[0] for g in got), sum(g[1] for g in got), sum(g[2] for g in got)


def bulk_files(shared: Path) -> list[str]:
    from pincite.ingest import collect_files

    files, _, _ = collect_files([shared / "bulk"])
    return files


class PgDatabases:
    def __init__(self, url: str | None, work: Path) -> None:
        self.server = None
        if url is None:
            from tests.support.pg_server import start_server

            self.server = start_server(work / "pg")
            url = self.server.url
        self.url = url
        self.n = 0

    def fresh(self, name: str) -> str:
        import psycopg

        self.n += 1
        db = f"scale_{name}_{os.getpid()}_{self.n}"
        with psycopg.connect(self.url, autocommit=True) as c:
            c.execute(f'DROP DATABASE IF EXISTS "{db}"')
            c.execute(f'CREATE DATABASE "{db}"')
        return self.url.rsplit("/", 1)[0] + "/" + db

    def stop(self) -> None:
        if self.server is not None:
            self.server.stop()


def throughput_step(args: argparse.Namespace, dbs: PgDatabases, files: list[str]) -> str:
    """Prints the throughput table; returns the URL of the last (most workers) database."""
    from pincite.ingest import ingest_paths
    from pincite.store.sqlite import SQLiteStore

    print(f"\n== ingest throughput: {len(files)} bulk files"
          + (" (REDUCED: --pg-files)" if args.pg_files else "") + f"; {os.cpu_count()} CPUs")
    db = Path(args.work) / f"throughput-{os.getpid()}.db"
    for p in Path(args.work).glob(db.name + "*"):
        p.unlink() if p.is_file() else None
    t = time.perf_counter()
    with SQLiteStore(db) as s:
        tot = ingest_paths(s, files).totals()
    secs = time.perf_counter() - t
    print(f"  {'embedded (SQLite), 1 process':34} {secs:7.1f} s  {tot['documents'] / secs:6.2f} docs/s  "
          f"{tot['units'] / secs:8.0f} units/s")
    url = ""
    for w in args.pg_workers:
        url = dbs.fresh(f"w{w}")
        secs, docs, units, failed = ingest_with_workers(url, files, w)
        print(f"  {f'PostgreSQL, {w} worker process(es)':34} {secs:7.1f} s  {docs / secs:6.2f} docs/s  "
              f"{units / secs:8.0f} units/s" + (f"  ({failed} failed)" if failed else ""))
    return url


def latency_step(args: argparse.Namespace, dbs: PgDatabases, sqlite_store: Any, real: Any, queries: list[str],
                 files: list[str], url: str | None) -> None:
    from bench.scale import SampledEmbedder, pct, time_searches

    from pincite.search.retrieve import RetrievalMode, Retriever
    from pincite.open import open_store

    if url is None:
        url = dbs.fresh("bulk")
        secs, docs, _, _ = ingest_with_workers(url, files, max(args.pg_workers))
        print(f"  bulk ingested into PostgreSQL with {max(args.pg_workers)} workers: {docs} documents in {secs:.0f}s")
    pg = open_store(url)
    n = pg.conn.execute("SELECT count(*) FROM chunks WHERE chunker = 'structural'").fetchone()[0]  # type: ignore[attr-defined]
    print(f"\n== search latency at the bulk size ({n} chunks in PostgreSQL; {len(queries)} queries, k=10, citable)")
    emb = SampledEmbedder(real, args.embed_sample)
    t = time.perf_counter()
    lex, dense = pg.search_indexes()
    dense.sync(pg, emb)
    size = pg.conn.execute("SELECT pg_total_relation_size('chunk_vectors')").fetchone()[0]  # type: ignore[attr-defined]
    built = dense.hnsw_build_seconds
    print(f"  PostgreSQL dense sync: {time.perf_counter() - t:.0f}s for {emb.total} pieces (real vectors for "
          f"{emb.real_count}, the rest RANDOM, marked {emb.model_id}); chunk_vectors + HNSW {size / 2**20:.0f} MiB"
          + (f"; loaded without the HNSW index, built after in {built:.0f}s" if built is not None else ""))
    terms = pg.conn.execute("SELECT pg_total_relation_size('chunk_terms') + pg_total_relation_size('doc_terms'), "  # type: ignore[attr-defined]
                            "(SELECT count(*) FROM chunk_terms)").fetchone()
    print(f"  PostgreSQL lexical postings: {terms[1]} rows, {terms[0] / 2**20:.0f} MiB with their indexes")
    pg.conn.execute("VACUUM ANALYZE")  # type: ignore[attr-defined]  # index-only scans of the postings
    print(f"  {'mode':10} {'embedded p50':>13} {'p95':>8}   {'PostgreSQL p50':>15} {'p95':>8}   (ms)")
    sq_emb = SampledEmbedder(real, args.embed_sample)  # same model id: the embedded dense index is reused
    for mode in (RetrievalMode.LEXICAL, RetrievalMode.DENSE, RetrievalMode.HYBRID):
        row = []
        for store, e in ((sqlite_store, sq_emb), (pg, emb)):
            r = Retriever(store, mode, embedder=e if mode is not RetrievalMode.LEXICAL else None)
            r.search("warm up", k=10)
            ms = time_searches(r, queries)
            row += [pct(ms, 50), pct(ms, 95)]
        print(f"  {mode.value:10} {row[0]:13.1f} {row[1]:8.1f}   {row[2]:15.1f} {row[3]:8.1f}")
    pg.close()


def legalbench_step(args: argparse.Namespace, dbs: PgDatabases, real: Any) -> None:
    import dataclasses
    import json

    from bench import legalbench_rag as lb

    from pincite.chunk import ChunkSettings
    from pincite.ingest import ingest_paths
    from pincite.search.fusion import FusionSettings
    from pincite.open import open_store

    bench = Path(args.shared) / "benchmarks" / "legalbench-rag-mini"
    if not (bench / "benchmarks" / "cuad.json").exists():
        print(f"\n(LegalBench-RAG mini not found under {bench}: quality comparison skipped)")
        return
    queries = lb.load_queries(bench)
    sqlite_store = lb.build_store(bench, Path(args.work), ChunkSettings(), fresh=False)
    url = dbs.fresh("legalbench")
    pg = open_store(url)
    raw = json.dumps(dataclasses.asdict(ChunkSettings()))
    pg.set_setting("chunk.structural", raw)
    ingest_paths(pg, [bench / "corpus" / "cuad"])
    cache: dict[str, Any] = {}

    class Cached:  # one embedding per text for both stores (the same vectors in both: only the store differs)
        model_id, dim = real.model_id, real.dim

        def embed_texts(self, texts: list[str]) -> Any:
            import numpy as np

            todo = [t for t in dict.fromkeys(texts) if t not in cache]
            if todo:
                for t, v in zip(todo, real.embed_texts(todo)):
                    cache[t] = v
            return np.stack([cache[t] for t in texts]) if texts else np.zeros((0, real.dim), np.float32)

    emb = Cached()
    print(f"\n== LegalBench-RAG mini (CUAD): {len(queries)} queries; precision@k / recall@k, all queries "
          "(dev = even ids, test = odd)")
    ks = lb.KS
    for config in args.lb_configs:
        summ = {}
        ms = {}
        for name, store in (("embedded", sqlite_store), ("PostgreSQL", pg)):
            res = lb.run_config(store, queries, config, FusionSettings(), "title+path", emb)
            summ[name] = lb.summarise(queries, res)
            ms[name] = statistics.fmean(res["times"]) * 1000
        print(f"  {config}  (mean per query: embedded {ms['embedded']:.0f} ms, PostgreSQL {ms['PostgreSQL']:.0f} ms)")
        print(f"    {'split':5} {'metric':9} {'store':10} " + " ".join(f"{'@' + str(k):>7}" for k in ks))
        for split in ("dev", "test", "all"):
            for metric in ("precision", "recall"):
                for name in ("embedded", "PostgreSQL"):
                    vals = summ[name][split][metric]
                    print(f"    {split:5} {metric:9} {name:10} " + " ".join(f"{v * 100:6.2f}%" for v in vals))
    pg.close()
    sqlite_store.close()


def postgres_step(args: argparse.Namespace, sqlite_store: Any, real: Any, queries: list[str]) -> None:
    dbs = PgDatabases(args.pg_url, Path(args.work))
    try:
        files = bulk_files(Path(args.shared))
        sub = files[:: max(1, len(files) // args.pg_files)][: args.pg_files] if args.pg_files else files
        last = throughput_step(args, dbs, sub) if not args.skip_throughput else None
        latency_step(args, dbs, sqlite_store, real, queries, files, last if last and not args.pg_files else None)
        if not args.skip_legalbench:
            legalbench_step(args, dbs, real)
    finally:
        dbs.stop()


def add_arguments(ap: argparse.ArgumentParser) -> None:
    ap.add_argument("--pg-url", help="a PostgreSQL server (with pgvector) to create scratch databases on; "
                    "default: start one from the pgserver wheel")
    ap.add_argument("--pg-files", type=int, default=0, help="bulk files for the throughput runs (0: all)")
    ap.add_argument("--pg-workers", type=int, nargs="+", default=[1, 2, 4])
    ap.add_argument("--lb-configs", nargs="+", default=["hybrid", "lexical"])
    ap.add_argument("--skip-legalbench", action="store_true")
    ap.add_argument("--skip-throughput", action="store_true",
                    help="skip the 1/2/4-worker ingest runs (the bulk set is ingested once, with the most workers)")


def main() -> int:
    from bench import scale

    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    scale.add_arguments(ap)
    add_arguments(ap)
    args = ap.parse_args()
    done = scale.embedded_steps(args)
    if done is None:
        return 2
    store, real, queries = done
    postgres_step(args, store, real, queries)
    store.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
