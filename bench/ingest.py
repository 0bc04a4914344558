"""Ingest benchmark on ../shared: throughput, structure found, warnings, failures, and the chunk audit of
pincite's structural chunker against the token-window baseline.

    .venv/bin/python -m bench.ingest [--shared ../shared] [--only judgments,pdf,contracts,corpus,isolation,embed]
                                     [--no-store] [--embed-sample N] [--bulk-embed]

``--only embed``: embedding throughput (passages per second, pincite's committed-batch path against a plain
onnxruntime loop over the same model and texts, and their ratio) and the corpus ingested with and without
embeddings; ``--bulk-embed`` adds the bulk sets (long: every bulk passage is embedded).

Prints its figures; it is not a test.  Needs ../shared (exits with a message when it is absent).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from lxml import etree

from pincite.audit import audit_chunks, claims_from_chunks
from pincite.chunk import ChunkSettings, WindowSettings, chunk_document, window_chunks
from pincite.errors import PinciteError
from pincite.ingest import collect_files, ingest_paths, parse_file
from pincite.store.sqlite import SQLiteStore
from pincite.types import Document, UnitKind

AKN = "{http://docs.oasis-open.org/legaldocml/ns/akn/3.0}"


def count_num_paragraphs(path: str) -> int:
    """Top-level numbered paragraphs as the XML marks them: <paragraph> with a <num> like '12.' (not '(a)')."""
    try:
        root = etree.parse(path, etree.XMLParser(resolve_entities=False, no_network=True, recover=True)).getroot()
    except etree.XMLSyntaxError:
        return 0
    n = 0
    for num in root.iter(f"{AKN}num"):
        parent = num.getparent()
        if parent is not None and parent.tag == f"{AKN}paragraph":
            t = (num.text or "").strip()
            if t[:1].isdigit():
                n += 1
    return n


def is_top_paragraph(doc: Document, u) -> bool:  # type: ignore[no-untyped-def]
    """A numbered paragraph not nested in another numbered unit (a judgment's [14], not its (a))."""
    if not u.number or u.kind is not UnitKind.PARAGRAPH:
        return False
    p = u.parent
    while p is not None:
        if doc.units[p].number and doc.units[p].kind is not UnitKind.HEADING:
            return False
        p = doc.units[p].parent
    return True


def run_set(name: str, files: list[str], audit: bool, count_nums: bool = False) -> dict:
    t0 = time.perf_counter()
    docs: list[Document] = []
    failures: list[str] = []
    for f in files:
        try:
            docs.append(parse_file(f))
        except PinciteError as e:
            failures.append(str(e))
    elapsed = time.perf_counter() - t0
    pages = sum(len(d.pages) for d in docs)
    numbered = sum(1 for d in docs for u in d.units if u.number and u.kind is not UnitKind.HEADING)
    top_numbered = sum(1 for d in docs for u in d.units if is_top_paragraph(d, u))
    res = {
        "set": name, "files": len(files), "parsed": len(docs), "failed": len(failures),
        "seconds": elapsed, "files_per_s": len(files) / elapsed if elapsed else 0.0,
        "pages": pages, "pages_per_s": pages / elapsed if elapsed and pages else 0.0,
        "units": sum(len(d.units) for d in docs), "numbered_units": numbered,
        "top_level_numbered_paragraphs": top_numbered,
        "with_warnings": sum(1 for d in docs if d.warnings),
        "kinds": dict(Counter(d.kind.value for d in docs)),
        "with_numbered_clauses": sum(1 for d in docs if any(u.number for u in d.units)),
        "failures": failures,
    }
    if count_nums:
        res["num_elements"] = sum(count_num_paragraphs(f) for f in files)
    if audit:
        s_flags: Counter[str] = Counter()
        w_flags: Counter[str] = Counter()
        s_chunks = w_chunks = s_flagged = w_flagged = 0
        for d in docs:
            rs = audit_chunks(d, claims_from_chunks(chunk_document(d, ChunkSettings())), "structural")
            rw = audit_chunks(d, claims_from_chunks(window_chunks(d, WindowSettings(512, 64))), "window")
            s_chunks += len(rs.chunks)
            w_chunks += len(rw.chunks)
            s_flagged += len(rs.flagged)
            w_flagged += len(rw.flagged)
            s_flags.update(rs.counts())
            w_flags.update(rw.counts())
        res["audit"] = {
            "structural": {"chunks": s_chunks, "flagged": s_flagged, **{k: v for k, v in s_flags.items() if v}},
            "window_512_64": {"chunks": w_chunks, "flagged": w_flagged, **{k: v for k, v in w_flags.items() if v}},
        }
    return res


def print_result(r: dict) -> None:
    print(f"\n== {r['set']} ==")
    print(f"  files {r['files']}  parsed {r['parsed']}  failed {r['failed']}  in {r['seconds']:.1f}s "
          f"-> {r['files_per_s']:.1f} files/s" + (f", {r['pages_per_s']:.1f} pages/s ({r['pages']} pages)"
                                                  if r["pages"] else ""))
    print(f"  units {r['units']}  numbered units {r['numbered_units']}  kinds {r['kinds']}  "
          f"files with warnings {r['with_warnings']}")
    if "num_elements" in r:
        print(f"  numbered paragraphs found {r['top_level_numbered_paragraphs']} vs <num> elements present "
              f"{r['num_elements']}")
    if r["files"]:
        share = r["with_numbered_clauses"] / max(1, r["parsed"])
        print(f"  documents with numbered units: {r['with_numbered_clauses']}/{r['parsed']} ({share:.1%})")
    for f in r["failures"][:10]:
        print(f"  FAILED {f}")
    if "audit" in r:
        for name, a in r["audit"].items():
            print(f"  audit {name}: {a}")


def isolation_overhead(files: list[str], reps: int = 3) -> None:
    """What parsing in the limited worker process (pincite.parse.sandbox) costs over parsing in-process: the
    bytes go to the worker and the parsed document comes back through a pipe, and the worker starts once.
    Each file is parsed both ways in turn, ``reps`` times, and the fastest of each is kept (the machine is
    shared: a sum of single runs is mostly noise)."""
    from pincite.parse import parse_bytes
    from pincite.parse.sandbox import close_workers, parse_limited

    def once(parse, f: str, data: bytes) -> float:  # type: ignore[no-untyped-def]
        t0 = time.perf_counter()
        try:
            parse(data, f)
        except PinciteError:
            pass
        return time.perf_counter() - t0

    datas = [(f, Path(f).read_bytes()) for f in files]
    for f, data in datas:  # parser imports and caches warm in this process
        once(parse_bytes, f, data)
    close_workers()
    first = once(parse_limited, *datas[0]) - once(parse_bytes, *datas[0])
    inproc = worker = 0.0
    for f, data in datas:
        inproc += min(once(parse_bytes, f, data) for _ in range(reps))
        worker += min(once(parse_limited, f, data) for _ in range(reps))
    n = len(datas)
    print(f"\n== parse isolation (worker process with memory and time limits), {n} files, best of {reps} ==\n"
          f"  in-process {inproc:.2f}s, in the worker {worker:.2f}s -> {(worker - inproc) / n * 1000:+.1f} ms a "
          f"file ({(worker - inproc) / inproc:+.1%}); worker start-up {first:.2f}s, once a run")


def plain_loop(texts: list[str], threads: int = 2, batch: int = 32, max_tokens: int = 256) -> float:
    """Seconds a plain onnxruntime loop takes to embed ``texts`` with the same int8 MiniLM: tokenised at once,
    sorted by length, batches of ``batch``, mean-pooled and normalised; nothing stored."""
    import numpy as np
    import onnxruntime as ort
    from tokenizers import Tokenizer

    from pincite.search.embed import find_model_files

    model, tok_path = find_model_files()
    opts = ort.SessionOptions()
    opts.intra_op_num_threads = threads
    opts.inter_op_num_threads = 1
    sess = ort.InferenceSession(str(model), opts, providers=["CPUExecutionProvider"])
    names = {i.name for i in sess.get_inputs()}
    tok = Tokenizer.from_file(str(tok_path))
    tok.enable_truncation(max_tokens)
    tok.no_padding()
    warm = tok.encode("warm up")  # the first run of a session is slower: not counted (nor is pincite's)
    sess.run(None, {k: v for k, v in {"input_ids": np.array([warm.ids]), "attention_mask": np.ones((1, len(warm.ids)),
                                       np.int64), "token_type_ids": np.zeros((1, len(warm.ids)), np.int64)}.items()
                    if k in names})
    t0 = time.perf_counter()
    encs = tok.encode_batch(texts)
    order = sorted(range(len(texts)), key=lambda i: len(encs[i].ids))
    for b in range(0, len(order), batch):
        idx = order[b:b + batch]
        w = max(len(encs[i].ids) for i in idx)
        ids = np.zeros((len(idx), w), np.int64)
        mask = np.zeros((len(idx), w), np.int64)
        for r, i in enumerate(idx):
            n = len(encs[i].ids)
            ids[r, :n], mask[r, :n] = encs[i].ids, 1
        feeds = {"input_ids": ids, "attention_mask": mask, "token_type_ids": np.zeros_like(ids)}
        h = sess.run(None, {k: v for k, v in feeds.items() if k in names})[0]
        m = mask[..., None].astype(np.float32)
        v = (h * m).sum(1) / m.sum(1)
        v /= np.linalg.norm(v, axis=1, keepdims=True)
    return time.perf_counter() - t0


def store_texts(store: SQLiteStore) -> dict[str, str]:
    """What pincite embeds for a store: every piece of every chunk (text hash -> text), as the dense index would."""
    from pincite.search.dense import embedding_inputs, text_hash
    from pincite.search.embed import MODEL_ID
    from pincite.search.indexes import iter_rows

    out: dict[str, str] = {}
    for rows in iter_rows(store, [s.id for s in store.list_documents()]):
        for r in rows:
            for t in embedding_inputs(r):
                out[text_hash(MODEL_ID, t)] = t
    return out


def embedding_bench(name: str, paths: list[Path], sample: int) -> None:
    """Ingest ``paths`` without and with embeddings; compare pincite's embedding with the plain loop."""
    import random

    from pincite.search.dense import vectors_for
    from pincite.search.embed import load_embedder

    print(f"\n== embedding: {name} ==")
    with tempfile.TemporaryDirectory() as tmp:
        store = SQLiteStore(Path(tmp) / "lexical.db")
        t0 = time.perf_counter()
        rep = ingest_paths(store, paths)
        no_dense = time.perf_counter() - t0
        texts = store_texts(store)
        print(f"  ingest without embeddings: {rep.totals()['documents']} documents, {len(texts)} passages to "
              f"embed, {no_dense:.1f}s")
        embedder = load_embedder()
        keys = sorted(texts)
        random.Random(20).shuffle(keys)
        part = {h: texts[h] for h in keys[:sample]}
        embedder.embed_texts(["warm up"])
        plain = ours = float("inf")
        for round_ in range(2):  # alternated, best of two each: the machine is shared
            plain = min(plain, plain_loop(list(part.values())))
            scratch = SQLiteStore(Path(tmp) / f"scratch{round_}.db")
            t0 = time.perf_counter()
            vectors_for(scratch, embedder, part)
            ours = min(ours, time.perf_counter() - t0)
            scratch.close()
        n = len(part)
        print(f"  throughput on {n} of them: plain onnxruntime loop {n / plain:.1f} passages/s, pincite "
              f"(committed batches of 256, kept in the store) {n / ours:.1f} passages/s; ratio {plain / ours:.2f}")
        store.close()
        store = SQLiteStore(Path(tmp) / "hybrid.db")
        marks: list[float] = []
        t0 = time.perf_counter()
        rep = ingest_paths(store, paths, embedder=embedder, on_embed=lambda d, t: marks.append(time.perf_counter()))
        with_dense = time.perf_counter() - t0
        embed_s = marks[-1] - marks[0] if marks else 0.0
        plain_full = len(texts) / (n / plain)
        print(f"  ingest with embeddings: {with_dense:.1f}s ({rep.embedded} passages embedded, {embed_s:.1f}s of it "
              f"embedding: {rep.embedded / max(embed_s, 1e-9):.1f} passages/s)")
        print(f"  target: with <= 2 x without + plain loop's time for all passages (extrapolated from its rate: "
              f"{plain_full:.0f}s) = {2 * no_dense + plain_full:.0f}s; measured {with_dense:.0f}s "
              f"({'met' if with_dense <= 2 * no_dense + plain_full else 'NOT met'})")
        store.close()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--shared", default=os.environ.get("PINCITE_SHARED", str(Path(__file__).resolve().parents[2]
                                                                             / "shared")))
    ap.add_argument("--only", default="corpus,judgments,pdf,contracts,isolation")
    ap.add_argument("--no-audit", action="store_true")
    ap.add_argument("--no-store", action="store_true", help="skip the end-to-end store ingest timing")
    ap.add_argument("--embed-sample", type=int, default=2000,
                    help="passages embedded by both the plain loop and pincite for the throughput ratio")
    ap.add_argument("--bulk-embed", action="store_true", help="with --only embed: the bulk sets too (long)")
    args = ap.parse_args()
    shared = Path(args.shared)
    if not (shared / "corpus" / "MANIFEST.md").exists():
        print(f"../shared not found at {shared}; pass --shared", file=sys.stderr)
        return 2
    only = set(args.only.split(","))
    corpus = shared / "corpus"
    sets = []
    if "corpus" in only:
        for sub in ("uk_find_case_law", "canada_justice_laws_xml", "us_uslm", "contracts_cuad/txt"):
            files, _, _ = collect_files([corpus / sub])
            sets.append((f"corpus/{sub}", files, sub == "uk_find_case_law"))
    if "pdf" in only:
        files, _, _ = collect_files([corpus / "pdf_judgments", corpus / "contracts_cuad" / "pdf"])
        sets.append(("corpus PDFs (3 judgments + 9 contracts)", files, False))
    if "judgments" in only:
        files, _, _ = collect_files([shared / "bulk" / "ewca_civ_2020_akn"])
        sets.append(("bulk/ewca_civ_2020_akn", files, True))
    if "contracts" in only:
        files, _, _ = collect_files([shared / "bulk" / "cuad_v1_txt"])
        sets.append(("bulk/cuad_v1_txt", files, False))
    for name, files, count_nums in sets:
        print_result(run_set(name, files, audit=not args.no_audit, count_nums=count_nums))
    if "isolation" in only:
        isolation_overhead(collect_files([corpus])[0])
    if "embed" in only:
        embedding_bench("corpus/", [corpus], args.embed_sample)
        if args.bulk_embed:
            embedding_bench("bulk/", [shared / "bulk"], args.embed_sample)
    if not args.no_store and "corpus" in only:
        with tempfile.TemporaryDirectory() as tmp:
            store = SQLiteStore(Path(tmp) / "bench.db")
            t0 = time.perf_counter()
            rep = ingest_paths(store, [corpus])
            el = time.perf_counter() - t0
            t = rep.totals()
            print(f"\n== end-to-end `ingest corpus/` into SQLite (parse + chunk + store) ==\n  {t} in {el:.1f}s")
            for r in rep.failed:
                print(f"  FAILED {r.error}")
            t0 = time.perf_counter()
            rep2 = ingest_paths(store, [corpus])
            print(f"  re-ingest unchanged: {rep2.totals()['unchanged']} unchanged in {time.perf_counter() - t0:.2f}s")
            store.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
