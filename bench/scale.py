"""Scale benchmark: index build time, size on disk, memory and search latency, at the bulk size and at ~1M chunks.

    .venv/bin/python -m bench.scale [--shared ../shared] [--work DIR] [--queries 1000] [--embed-sample 2000]
                                    [--embed-all] [--million 1000000] [--skip-million]

Step 1 (bulk): ingests ``../shared/bulk`` (393 EWCA judgments + 510 CUAD contracts), builds the lexical index
and the dense index, and times 1,000 searches in each mode (lexical, dense, hybrid; k=10, citable only).
Embedding the whole bulk set with the int8 MiniLM takes far longer than this benchmark's budget on 2 cores, so
by default only ``--embed-sample`` chunks get real vectors (their throughput is measured and the full build time
projected) and the rest get random unit vectors, MARKED AS SUCH; search latency does not depend on what the
vectors hold (exact search reads every row).  ``--embed-all`` embeds everything (cached in the index after).

Step 2 (~1M chunks): the bulk chunk rows are replicated (each copy a distinct document) into a second lexical
index; vectors are SYNTHETIC (real bulk vectors plus noise, renormalised) so that an approximate index sees
realistic cluster structure.  Exact brute-force search is compared with a faiss IVF index (filters inside it via
an id selector): latency and recall@10 of the approximate index against exact.

``python -m bench.scale_pg`` runs these steps and adds the PostgreSQL store beside the embedded one (: ingest throughput with 1, 2
and 4 workers, search latency at the bulk size, LegalBench-RAG quality).

Prints its figures; it is not a test.  Queries are drawn from the corpus itself (seeded): phrases from random
chunks, a third of them prefixed with their document's title or citation.
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import numpy as np

from pincite.search.embed import load_embedder
from pincite.search.dense import DenseIndex
from pincite.search.lexical import LexicalIndex
from pincite.search.indexes import index_paths, index_size
from pincite.ingest import ingest_paths
from pincite.search.retrieve import RetrievalMode, Retriever
from pincite.types import SearchFilters
from pincite.store.sqlite import SQLiteStore

REPO = Path(__file__).resolve().parent.parent


def rss_mb() -> float:
    try:
        import psutil

        return psutil.Process().memory_info().rss / 2**20
    except ImportError:
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(p / 100 * (len(xs) - 1))))]


class SampledEmbedder:
    """Real vectors for the first ``n`` texts, random unit vectors after that (marked in model_id)."""

    def __init__(self, real: object, n: int, seed: int = 7) -> None:
        self.real, self.left = real, n
        self.model_id = f"{real.model_id}+random-after-{n}"  # type: ignore[attr-defined]
        self.dim = real.dim  # type: ignore[attr-defined]
        self.rng = np.random.default_rng(seed)
        self.real_seconds = 0.0
        self.real_count = 0
        self.total = 0  # texts asked for (pieces of chunks)

    def embed_texts(self, texts: list[str]) -> np.ndarray:
        out = np.empty((len(texts), self.dim), dtype=np.float32)
        self.total += len(texts)
        take = min(self.left, len(texts))
        if take:
            t = time.perf_counter()
            out[:take] = self.real.embed_texts(texts[:take])  # type: ignore[attr-defined]
            self.real_seconds += time.perf_counter() - t
            self.real_count += take
            self.left -= take
        if take < len(texts):
            r = self.rng.standard_normal((len(texts) - take, self.dim)).astype(np.float32)
            out[take:] = r / np.linalg.norm(r, axis=1, keepdims=True)
        return out


def make_queries(store: SQLiteStore, n: int, seed: int = 11) -> list[str]:
    rng = random.Random(seed)
    rows = store.conn.execute(
        "SELECT c.doc_id, c.char_start, c.char_end, d.title, d.citation FROM chunks c JOIN documents d "
        "ON d.id = c.doc_id WHERE c.chunker = 'structural' AND c.citable = 1").fetchall()
    rng.shuffle(rows)
    out = []
    for doc_id, s, e, title, citation in rows:
        if len(out) == n:
            break
        text = store.conn.execute("SELECT substr(text, ?, ?) FROM documents WHERE id = ?", (s + 1, e - s, doc_id)
                                  ).fetchone()[0]
        words = text.split()
        if len(words) < 12:
            continue
        i = rng.randrange(0, len(words) - 8)
        phrase = " ".join(words[i : i + rng.randint(4, 9)])
        out.append(f"{citation or title[:60]} {phrase}" if len(out) % 3 == 0 else phrase)
    return out


def time_searches(retr: Retriever, queries: list[str], k: int = 10) -> list[float]:
    times = []
    for q in queries:
        t = time.perf_counter()
        retr.search(q, k=k)
        times.append((time.perf_counter() - t) * 1000)
    return times


def report(name: str, ms: list[float]) -> None:
    print(f"  {name:28} p50 {pct(ms, 50):7.1f} ms   p95 {pct(ms, 95):7.1f} ms   mean {statistics.fmean(ms):7.1f} ms")


def bulk_step(args: argparse.Namespace) -> tuple[SQLiteStore, object, list[str]]:
    work = Path(args.work)
    work.mkdir(parents=True, exist_ok=True)
    db = work / "bulk.db"
    store = SQLiteStore(db)
    print(f"== bulk ({args.shared}/bulk) -> {db}   load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")
    t = time.perf_counter()
    rep = ingest_paths(store, [Path(args.shared) / "bulk"])
    tot = rep.totals()
    n_chunks = store.conn.execute("SELECT count(*), sum(citable) FROM chunks WHERE chunker = 'structural'").fetchone()
    print(f"  ingest: {tot['documents']} documents ({tot['added']} new, {tot['failed']} failed), "
          f"{n_chunks[0]} chunks ({n_chunks[1]} citable) in {time.perf_counter() - t:.1f}s")
    lex_dir, dense_dir = index_paths(store)
    import shutil

    if lex_dir.exists():
        shutil.rmtree(lex_dir)
    t = time.perf_counter()
    LexicalIndex(lex_dir).sync(store)
    print(f"  lexical index build (from scratch): {time.perf_counter() - t:.1f}s, {index_size(lex_dir) / 2**20:.1f} MiB")
    real = load_embedder()
    embedder: object = real
    if not args.embed_all:
        embedder = SampledEmbedder(real, args.embed_sample)
    t = time.perf_counter()
    d = DenseIndex(dense_dir)
    d.sync(store, embedder)  # type: ignore[arg-type]
    build = time.perf_counter() - t
    print(f"  dense index build: {build:.1f}s, {index_size(dense_dir) / 2**20:.1f} MiB on disk "
          f"({n_chunks[0]} x {real.dim} float32)")
    if isinstance(embedder, SampledEmbedder) and embedder.real_count:
        per = embedder.real_seconds / embedder.real_count
        print(f"    {embedder.total} pieces embedded for {n_chunks[0]} chunks: real vectors for {embedder.real_count} at "
              f"{per * 1000:.1f} ms/piece; the rest are RANDOM unit vectors (marked: model_id {embedder.model_id}); "
              f"projected full build {per * embedder.total / 60:.1f} min on this machine")
    queries = make_queries(store, args.queries)
    print(f"  {len(queries)} queries drawn from the corpus; RSS before searching {rss_mb():.0f} MiB")
    for mode in (RetrievalMode.LEXICAL, RetrievalMode.DENSE, RetrievalMode.HYBRID):
        retr = Retriever(store, mode, embedder=embedder if mode is not RetrievalMode.LEXICAL else None)  # type: ignore[arg-type]
        retr.search("warm up", k=10)
        report(f"{mode.value} (k=10)", time_searches(retr, queries))
    print(f"  RSS after searching {rss_mb():.0f} MiB (peak {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MiB)")
    return store, real, queries


# -- ~1M chunks ------------------------------------------------------------------------------------


class ReplicaDense:
    """Dense search over synthetic vectors: exact (numpy) or approximate (faiss IVF), filters inside."""

    def __init__(self, vectors: np.ndarray, citable: np.ndarray, doc: np.ndarray, doc_ids: list[str],
                 chunk_ids: list[str], ann: object | None = None, nprobe: int = 32) -> None:
        self.vectors, self.citable, self.doc, self.doc_ids, self.chunk_ids = vectors, citable, doc, doc_ids, chunk_ids
        self.ann, self.nprobe = ann, nprobe
        self.generation = 0
        self._doc_index = {d: i for i, d in enumerate(doc_ids)}
        self._bitmap = np.packbits(citable.astype(np.uint8), bitorder="little")

    def _current(self) -> bool:
        return True

    def search(self, qvec: np.ndarray, filters: SearchFilters, limit: int,
               prior: dict[str, float] | None = None) -> list[tuple[str, float]]:
        if self.ann is None:
            scores = self.vectors @ qvec
            if prior:
                for d, w in prior.items():
                    i = self._doc_index.get(d)
                    if i is not None:
                        scores[self.doc == i] += w
            if not filters.include_non_citable:
                scores = np.where(self.citable, scores, -np.inf)
            top = np.argpartition(-scores, limit)[:limit]
            top = top[np.argsort(-scores[top])]
            return [(self.chunk_ids[i], float(scores[i])) for i in top]
        import faiss

        sel = faiss.IDSelectorBitmap(len(self.citable), faiss.swig_ptr(self._bitmap))
        params = faiss.SearchParametersIVF(sel=sel, nprobe=self.nprobe)
        dist, ids = self.ann.search(qvec[None, :], limit, params=params)  # type: ignore[attr-defined]
        out = [(self.chunk_ids[i], float(s)) for s, i in zip(dist[0], ids[0]) if i >= 0]
        if prior:  # the prior lifts chunks of named documents among the candidates
            out = sorted(((c, s + prior.get(c.split(":", 1)[0], 0.0)) for c, s in out), key=lambda x: -x[1])
        return out


class ReplicaRetriever(Retriever):
    """A Retriever over replicated indexes: replica ids map back to the stored chunk for hydration."""

    def ensure_fresh(self) -> None:
        return None

    def _hydrate(self, chosen):  # type: ignore[no-untyped-def]
        mapped = [(c.split("~", 1)[0] + ":" + c.split(":", 1)[1] if "~" in c else c, d.split("~")[0], s)
                  for c, d, s in chosen]
        return super()._hydrate(mapped)


def million_step(args: argparse.Namespace, store: SQLiteStore, real: object, queries: list[str]) -> None:
    import tantivy

    from pincite.search.lexical import _lexical_schema
    from pincite.search.indexes import iter_rows

    print(f"\n== ~{args.million:,} chunks (bulk rows replicated; vectors SYNTHETIC: real-sample vectors + noise)")
    docs = [s.id for s in store.list_documents()]
    rows_by_doc = [rows for rows in iter_rows(store, docs) if rows]
    base = sum(len(r) for r in rows_by_doc)
    copies = max(1, round(args.million / base))
    work = Path(args.work) / "million"
    lex_dir = work / "lexical"
    import shutil

    if lex_dir.exists():
        shutil.rmtree(lex_dir)
    lex_dir.mkdir(parents=True)
    t = time.perf_counter()
    idx = tantivy.Index(_lexical_schema(), path=str(lex_dir))
    writer = idx.writer(heap_size=256_000_000, num_threads=2)
    chunk_ids: list[str] = []
    citable: list[bool] = []
    doc_of: list[int] = []
    doc_ids: list[str] = []
    for c in range(copies):
        for rows in rows_by_doc:
            did = f"{rows[0].doc_id}~{c}" if c else rows[0].doc_id
            di = len(doc_ids)
            doc_ids.append(did)
            for r in rows:
                cid = r.chunk_id if not c else f"{did}:{r.chunk_id.split(':', 1)[1]}"
                writer.add_document(tantivy.Document(
                    level="chunk", chunk_id=cid, doc_id=did, kind=r.kind, source=r.source, work=r.work,
                    text=r.text, path=f"{r.path} {r.lead}".strip(), citable=int(r.citable), valid_from=r.valid_from,
                    valid_to=r.valid_to))
                chunk_ids.append(cid)
                citable.append(r.citable)
                doc_of.append(di)
            r = rows[0]
            writer.add_document(tantivy.Document(level="doc", doc_id=did, kind=r.kind, source=r.source, work=r.work,
                                                 docinfo=r.docinfo, citable=1, valid_from=0, valid_to=99991231))
    writer.commit()
    writer.wait_merging_threads()
    n = len(chunk_ids)
    lex = LexicalIndex.__new__(LexicalIndex)
    lex.path, lex.chunker, lex._index = lex_dir, None, idx
    idx.reload()
    lex.meta = {"schema": 0, "generation": 0, "documents": len(doc_ids), "docs": {}}
    print(f"  lexical: {n:,} chunk rows ({copies} copies of {base:,}) indexed in {time.perf_counter() - t:.0f}s, "
          f"{index_size(lex_dir) / 2**20:.0f} MiB")

    # synthetic vectors: real embeddings of a sample of chunk texts, each row one of them plus noise
    rng = np.random.default_rng(5)
    sample_rows = [r for rows in rows_by_doc for r in rows]
    pick = rng.choice(len(sample_rows), size=min(args.embed_sample, len(sample_rows)), replace=False)
    t = time.perf_counter()
    seeds = real.embed_texts([sample_rows[i].text for i in pick])  # type: ignore[attr-defined]
    print(f"  {len(pick)} real seed vectors in {time.perf_counter() - t:.0f}s")
    vectors = np.empty((n, seeds.shape[1]), dtype=np.float32)
    for s in range(0, n, 100_000):
        e = min(n, s + 100_000)
        v = seeds[rng.integers(0, len(seeds), e - s)] + rng.standard_normal((e - s, seeds.shape[1]), dtype=np.float32) * 0.04
        vectors[s:e] = v / np.linalg.norm(v, axis=1, keepdims=True)
    cit = np.array(citable, dtype=bool)
    doc_arr = np.array(doc_of, dtype=np.int32)
    print(f"  vectors: {vectors.nbytes / 2**20:.0f} MiB in memory; RSS {rss_mb():.0f} MiB")

    import faiss

    faiss.omp_set_num_threads(os.cpu_count() or 2)
    t = time.perf_counter()
    nlist = args.nlist
    quant = faiss.IndexFlatIP(vectors.shape[1])
    ivf = faiss.IndexIVFFlat(quant, vectors.shape[1], nlist, faiss.METRIC_INNER_PRODUCT)
    train = vectors[rng.choice(n, size=min(n, 40 * nlist), replace=False)]
    ivf.train(train)
    ivf.add(vectors)
    print(f"  faiss IVF-Flat (nlist {nlist}) built in {time.perf_counter() - t:.0f}s")

    qv = real.embed_texts(queries)  # type: ignore[attr-defined]
    exact = ReplicaDense(vectors, cit, doc_arr, doc_ids, chunk_ids)
    f = SearchFilters()
    for nprobe in args.nprobe:
        ann = ReplicaDense(vectors, cit, doc_arr, doc_ids, chunk_ids, ann=ivf, nprobe=nprobe)
        t_ex, t_ann, recall = [], [], []
        for q in qv[: args.recall_queries]:
            t0 = time.perf_counter()
            a = exact.search(q, f, 10)
            t1 = time.perf_counter()
            b = ann.search(q, f, 10)
            t2 = time.perf_counter()
            t_ex.append((t1 - t0) * 1000)
            t_ann.append((t2 - t1) * 1000)
            recall.append(len({c for c, _ in a} & {c for c, _ in b}) / 10)
        print(f"  dense exact (numpy)          p50 {pct(t_ex, 50):7.1f} ms   p95 {pct(t_ex, 95):7.1f} ms")
        print(f"  dense faiss IVF nprobe {nprobe:<4}  p50 {pct(t_ann, 50):7.1f} ms   p95 {pct(t_ann, 95):7.1f} ms   "
              f"recall@10 vs exact {statistics.fmean(recall):.3f} ({len(recall)} queries, citable filter inside)")

    cached = dict(zip(queries, qv))

    class QueryVectors:  # the query embedding is timed separately below
        model_id, dim = "cached", qv.shape[1]

        def embed_texts(self, texts: list[str]) -> np.ndarray:
            return np.stack([cached[t] if t in cached else real.embed_texts([t])[0] for t in texts])  # type: ignore[attr-defined]

    t = []
    for q in queries[:200]:
        t0 = time.perf_counter()
        real.embed_texts([q])  # type: ignore[attr-defined]
        t.append((time.perf_counter() - t0) * 1000)
    report("query embedding alone", t)
    for mode, dense in ((RetrievalMode.LEXICAL, None), (RetrievalMode.DENSE, exact),
                        (RetrievalMode.HYBRID, exact),
                        (RetrievalMode.HYBRID, ReplicaDense(vectors, cit, doc_arr, doc_ids, chunk_ids, ann=ivf,
                                                            nprobe=args.nprobe[-1]))):
        r = ReplicaRetriever(store, RetrievalMode.LEXICAL)
        r.mode = mode
        r.lexical = lex if mode is not RetrievalMode.DENSE else None
        r.dense = dense  # type: ignore[assignment]
        r.embedder = QueryVectors()  # type: ignore[assignment]
        name = f"{mode.value}" + ("" if dense is None else (" exact" if dense.ann is None else f" IVF/{dense.nprobe}"))
        report(f"{name} (k=10{', +embed' if dense is not None else ''})", [x + pct(t, 50) if mode is not RetrievalMode.LEXICAL else x
                                           for x in time_searches(r, queries[: args.million_queries])])
    print(f"  RSS {rss_mb():.0f} MiB (peak {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MiB); "
          "'+embed' adds the median query-embedding time measured above")


def add_arguments(ap: argparse.ArgumentParser) -> None:
    """The embedded store's options (bench/scale_pg.py adds its own beside them)."""
    ap.add_argument("--shared", default=str(REPO.parent / "shared"))
    ap.add_argument("--work", default=os.path.join(tempfile.gettempdir(), "pincite-scale"))
    ap.add_argument("--queries", type=int, default=1000)
    ap.add_argument("--embed-sample", type=int, default=2000)
    ap.add_argument("--embed-all", action="store_true")
    ap.add_argument("--million", type=int, default=1_000_000)
    ap.add_argument("--nlist", type=int, default=1024)
    ap.add_argument("--nprobe", type=int, nargs="+", default=[16, 64])
    ap.add_argument("--recall-queries", type=int, default=300)
    ap.add_argument("--million-queries", type=int, default=300, help="searches timed per mode at ~1M chunks")
    ap.add_argument("--skip-million", action="store_true")


def embedded_steps(args: argparse.Namespace) -> tuple[Any, Any, list[str]] | None:
    """The embedded store's figures; its store, the real chunks and the queries for a step that follows."""
    if not (Path(args.shared) / "bulk").exists():
        print(f"bulk corpora not found under {args.shared} (give --shared)", file=sys.stderr)
        return None
    store, real, queries = bulk_step(args)
    if not args.skip_million:
        million_step(args, store, real, queries)
    return store, real, queries


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    add_arguments(ap)
    args = ap.parse_args()
    done = embedded_steps(args)
    if done is None:
        return 2
    done[0].close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
