"""LegalBench-RAG (mini, CUAD subset): character-level precision@k and recall@k of pincite's retrieval.

    .venv/bin/python -m bench.legalbench_rag [--shared ../shared] [--configs hybrid,lexical,dense,window]
                                             [--work DIR] [--fresh] [--max-chars N --merge-chars N ...]

Ingests the 29 contracts of ``benchmarks/legalbench-rag-mini`` into a database under ``--work`` (kept, so a
second run reuses the parsed documents and the embeddings), runs all 194 queries for each configuration and
prints precision@k and recall@k for k = 1, 2, 4, 8, 16, 32, 64 on dev (even query ids), test (odd) and all,
plus the time per query.  The metric is the paper's (README of the benchmark): per query, precision = retrieved
characters that overlap a gold span / all retrieved characters; recall = gold characters covered by the
retrieved ranges / all gold characters; both averaged over queries.  Tune on dev only.

Configurations: ``hybrid``, ``lexical``, ``dense`` (pincite's structural chunks) and ``window`` (the
token-window baseline chunker, 512 tokens with 64 overlap, hybrid retrieval).  Non-citable chunks are
included (a gold answer can sit in a contract's cover page or schedule); ``hybrid-citable`` shows the
product default (citable only).  Prints figures; it is not a test.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

from pincite.chunk import ChunkSettings, WindowSettings, window_chunks
from pincite.ingest import ingest_paths, rechunk_all
from pincite.search.fusion import FusionSettings
from pincite.search.retrieve import RetrievalMode, Retriever
from pincite.types import SearchFilters
from pincite.store.sqlite import SQLiteStore
from pincite.types import Chunker

KS = (1, 2, 4, 8, 16, 32, 64)
REPO = Path(__file__).resolve().parent.parent


@dataclasses.dataclass
class Query:
    qid: str
    text: str
    gold: dict[str, list[tuple[int, int]]]  # file_path -> spans

    @property
    def split(self) -> str:
        return "dev" if int(self.qid.rsplit("-", 1)[1]) % 2 == 0 else "test"


def load_queries(root: Path) -> list[Query]:
    data = json.loads((root / "benchmarks" / "cuad.json").read_text(encoding="utf-8"))
    out = []
    for t in data["tests"]:
        gold: dict[str, list[tuple[int, int]]] = {}
        for s in t["snippets"]:
            gold.setdefault(s["file_path"], []).append((int(s["span"][0]), int(s["span"][1])))
        out.append(Query(t["query_id"], t["query"], gold))
    return out


def merge(spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    out: list[list[int]] = []
    for a, b in sorted(spans):
        if out and a <= out[-1][1]:
            out[-1][1] = max(out[-1][1], b)
        else:
            out.append([a, b])
    return [(a, b) for a, b in out]


def overlap(a: tuple[int, int], spans: list[tuple[int, int]]) -> int:
    return sum(max(0, min(a[1], b) - max(a[0], s)) for s, b in spans)


def score_query(q: Query, retrieved: list[tuple[str, int, int]], k: int) -> tuple[float, float]:
    """(precision, recall) of the top-``k`` retrieved (file, start, end) ranges, character level."""
    top = retrieved[:k]
    gold = {f: merge(sp) for f, sp in q.gold.items()}
    total = sum(e - s for _, s, e in top)
    hit = sum(overlap((s, e), gold.get(f, [])) for f, s, e in top)
    precision = hit / total if total else 0.0
    gold_chars = sum(b - a for sp in gold.values() for a, b in sp)
    covered = 0
    for f, sp in gold.items():
        got = merge([(s, e) for ff, s, e in top if ff == f])
        covered += sum(overlap(g, got) for g in sp)
    return precision, (covered / gold_chars if gold_chars else 0.0)


def build_store(bench: Path, work: Path, settings: ChunkSettings, fresh: bool) -> SQLiteStore:
    db = work / f"legalbench-{settings.key()}.db"
    if fresh and db.exists():
        for p in work.glob(db.name + "*"):
            if p.is_dir():
                import shutil

                shutil.rmtree(p)
            else:
                p.unlink()
    store = SQLiteStore(db)
    raw = json.dumps(dataclasses.asdict(settings))
    if store.get_setting("chunk.structural") != raw:
        store.set_setting("chunk.structural", raw)
    t = time.perf_counter()
    report = ingest_paths(store, [bench / "corpus" / "cuad"])
    if report.totals()["added"]:
        print(f"ingested {report.totals()['documents']} contracts in {time.perf_counter() - t:.1f}s -> {db}")
    if report.failed:
        print("FAILED:", [r.error for r in report.failed], file=sys.stderr)
    first = store.list_documents()[0].id
    stored_key = store.conn.execute("SELECT settings FROM chunks WHERE doc_id = ? AND chunker = 'structural' LIMIT 1",
                                    (first,)).fetchone()
    if stored_key and stored_key[0] != settings.key():
        rechunk_all(store, settings)
    # the baseline's chunks, stored beside ours
    ws = WindowSettings()
    for s in store.list_documents():
        have = store.conn.execute("SELECT settings FROM chunks WHERE doc_id = ? AND chunker = 'window' LIMIT 1",
                                  (s.id,)).fetchone()
        if not have or have[0] != ws.key():
            doc = store.get_document(s.id)
            store.replace_chunks(s.id, Chunker.WINDOW, window_chunks(doc, ws), ws.key())
    return store


CONFIGS = {
    "hybrid": (RetrievalMode.HYBRID, Chunker.STRUCTURAL, True),
    "lexical": (RetrievalMode.LEXICAL, Chunker.STRUCTURAL, True),
    "dense": (RetrievalMode.DENSE, Chunker.STRUCTURAL, True),
    "window": (RetrievalMode.HYBRID, Chunker.WINDOW, True),
    "window-lexical": (RetrievalMode.LEXICAL, Chunker.WINDOW, True),
    "hybrid-citable": (RetrievalMode.HYBRID, Chunker.STRUCTURAL, False),
}


def run_config(store: SQLiteStore, queries: list[Query], name: str, fusion: FusionSettings, header: str,
               embedder: object) -> dict:
    mode, chunker, non_citable = CONFIGS[name]
    t = time.perf_counter()
    retr = Retriever(store, mode, embedder=embedder if mode is not RetrievalMode.LEXICAL else None,  # type: ignore[arg-type]
                     fusion=fusion, dense_header=header, chunker=chunker,
                     on_progress=lambda w, d, n: print(f"  {name}: {w} {d}/{n}", file=sys.stderr) if d == n else None)
    retr.ensure_fresh()
    build = time.perf_counter() - t
    sources = {s.id: s.source for s in store.list_documents()}
    filters = SearchFilters(include_non_citable=non_citable)
    per_q: dict[str, list[tuple[float, float]]] = {}
    times = []
    for q in queries:
        t0 = time.perf_counter()
        passages = retr.search(q.text, k=max(KS), filters=filters)
        times.append(time.perf_counter() - t0)
        ranges = [("cuad/" + Path(sources[p.document.id]).name, p.chunk.char_start, p.chunk.char_end) for p in passages]
        per_q[q.qid] = [score_query(q, ranges, k) for k in KS]
    return {"per_query": per_q, "times": times, "build_s": build}


def summarise(queries: list[Query], res: dict) -> dict[str, dict[str, list[float]]]:
    out: dict[str, dict[str, list[float]]] = {}
    for split in ("dev", "test", "all"):
        qs = [q for q in queries if split == "all" or q.split == split]
        out[split] = {
            "precision": [statistics.fmean(res["per_query"][q.qid][i][0] for q in qs) for i in range(len(KS))],
            "recall": [statistics.fmean(res["per_query"][q.qid][i][1] for q in qs) for i in range(len(KS))],
            "n": [len(qs)],
        }
    return out


def print_table(name: str, summ: dict, res: dict) -> None:
    ms = [t * 1000 for t in res["times"]]
    print(f"\n== {name}  (index sync {res['build_s']:.1f}s; per query mean {statistics.fmean(ms):.1f} ms, "
          f"p50 {statistics.median(ms):.1f} ms, max {max(ms):.1f} ms)")
    print(f"{'split':6} {'metric':9} " + " ".join(f"{'@' + str(k):>7}" for k in KS))
    for split in ("dev", "test", "all"):
        for metric in ("precision", "recall"):
            vals = summ[split][metric]
            print(f"{split + '(' + str(summ[split]['n'][0]) + ')':6} {metric:9} "
                  + " ".join(f"{v * 100:6.2f}%" for v in vals))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--shared", default=str(REPO.parent / "shared"))
    ap.add_argument("--configs", default="hybrid,lexical,dense,window")
    ap.add_argument("--work", default=os.path.join(tempfile.gettempdir(), "pincite-legalbench"),
                    help="where the benchmark database and indexes are kept between runs")
    ap.add_argument("--fresh", action="store_true", help="re-ingest and re-embed from scratch")
    d = ChunkSettings()
    ap.add_argument("--max-chars", type=int, default=d.max_chars)
    ap.add_argument("--merge-chars", type=int, default=d.merge_chars)
    ap.add_argument("--max-units", type=int, default=d.max_units)
    f = FusionSettings()
    ap.add_argument("--rrf-k", type=int, default=f.k)
    ap.add_argument("--lexical-weight", type=float, default=f.lexical_weight)
    ap.add_argument("--dense-weight", type=float, default=f.dense_weight)
    ap.add_argument("--header", default="title+path", choices=("none", "title", "title+path"))
    ap.add_argument("--json", dest="json_out", help="also write the figures here")
    args = ap.parse_args()

    bench = Path(args.shared) / "benchmarks" / "legalbench-rag-mini"
    if not (bench / "benchmarks" / "cuad.json").exists():
        print(f"benchmark not found at {bench} (give --shared)", file=sys.stderr)
        return 2
    work = Path(args.work)
    work.mkdir(parents=True, exist_ok=True)
    settings = ChunkSettings(max_chars=args.max_chars, merge_chars=args.merge_chars, max_units=args.max_units)
    fusion = FusionSettings(k=args.rrf_k, lexical_weight=args.lexical_weight, dense_weight=args.dense_weight)
    queries = load_queries(bench)
    store = build_store(bench, work, settings, args.fresh)
    configs = [c for c in args.configs.split(",") if c]
    embedder = None
    if any(CONFIGS[c][0] is not RetrievalMode.LEXICAL for c in configs):
        from pincite.search.embed import load_embedder

        embedder = load_embedder()
    n_chunks = store.conn.execute("SELECT chunker, count(*), avg(char_end - char_start) FROM chunks GROUP BY chunker"
                                  ).fetchall()
    print(f"LegalBench-RAG mini (CUAD): {len(queries)} queries ({sum(q.split == 'dev' for q in queries)} dev, "
          f"{sum(q.split == 'test' for q in queries)} test); chunks {settings.key()}: "
          + ", ".join(f"{c} {n} (mean {a:.0f} chars)" for c, n, a in n_chunks)
          + f"; fusion RRF k={fusion.k} weights lexical {fusion.lexical_weight} dense {fusion.dense_weight} "
          f"clause vocabulary {fusion.clause_weight} (question words x{fusion.question_share} when it names "
          f"its contract); "
          f"embedding header {args.header}")
    results = {}
    for c in configs:
        res = run_config(store, queries, c, fusion, args.header, embedder)
        summ = summarise(queries, res)
        print_table(c, summ, res)
        results[c] = {"summary": summ, "ms_per_query": statistics.fmean(res["times"]) * 1000,
                      "index_sync_s": res["build_s"]}
    if args.json_out:
        Path(args.json_out).write_text(json.dumps({"settings": settings.key(), "fusion": dataclasses.asdict(fusion),
                                                   "header": args.header, "results": results}, indent=1))
    store.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
