"""Issue 27, item 3: one measured attempt at pincite's own reader (a cross-encoder fine-tuned from MiniLM).

Three steps, each resumable from its output file:

    # 1. candidates (the engine's own path, lexical), with their words, labels, the ranker's features and the
    #    shipped bi-encoder's similarity; runs in the project's venv
    .venv/bin/python -m lab.reader_attempt collect --set eval/dev.jsonl STORE --set lab/data/train.jsonl STORE \\
        --set /tmp/27/lb.jsonl /tmp/27/lb.db --out /tmp/27/cands.jsonl
    # 2. training pairs: CUAD's clause annotations (lab/reader_pairs.py) + fold A of lab/data/train.jsonl; the
    #    fine-tuning runs in a training-only venv with torch 2.13 CPU (lab/reader_train.py)
    # 3. the feature test: question-grouped cross-validation of the LambdaRank ranker over the questions the
    #    reader never saw (train fold B, dev, LegalBench-RAG dev), with and without each neural score, and
    #    LegalBench-RAG mini *test* precision@1 (lab/reader_eval.py)

A held-out gold file is refused.  Figures: bench/NOTES.md, "Issue 27 — the reader attempt".
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path
from typing import Any

from lab import train_answerer as ta


def fold_of(question_id: str, doc_ids: list[str]) -> str:
    """Fold A (the reader may train on it) or B (never seen): by the gold documents, so no document is in both."""
    key = min(doc_ids) if doc_ids else question_id
    return "A" if int(hashlib.sha256(key.encode()).hexdigest(), 16) % 2 == 0 else "B"


def context_of(f: Any) -> str:
    """What a reader reads for a candidate: the document's title, the provision's caption, then the sentence (the
    reader generator's own recipe)."""
    p = f.cp.passage
    path = p.chunk.section_path
    caption = path[-1] if path else ""
    body = " ".join(f.sent.split())
    ctx = f"{caption}: {body}" if caption and caption.lower() not in body.lower() else body
    return f"{p.document.title}. {ctx}"


def open_for_questions(db: str):  # type: ignore[no-untyped-def]
    """A store, its lexical retriever (brought up to date) and a gold-document finder."""
    from pincite.evaluation.gold import DocumentFinder
    from pincite.open import open_store
    from pincite.search.retrieve import RetrievalMode, Retriever

    store = open_store(db)
    retriever = Retriever(store, RetrievalMode.LEXICAL)
    retriever.ensure_fresh()
    return store, retriever, DocumentFinder(store)


def question_candidates(q: Any, store: Any, retriever: Any, finder: Any,
                        gate_terms: int = 2) -> tuple[list[Any], list[Any], list[int], Any]:
    """The engine's own path for one gold question (``pincite eval``'s k): its candidate sentences (the learned generator's
    reading), their gold labels, the gold targets and the turn.  Raises GoldError for a scope that is not stored."""
    from pincite.engine import ask, ask_request
    from pincite.evaluation.gold import resolve_question
    from pincite.options import EVAL_OPTIONS
    from pincite.evaluation.metrics import lands_on
    from pincite.generate.learned import candidates

    targets = [t for g in resolve_question(finder, q) for t in g.targets]
    scope = tuple(finder.find(s).id for s in q.scope)
    rec = ta._Recorder()
    ask(ask_request(q.question, EVAL_OPTIONS, as_of=q.as_of, documents=scope), store, retriever, rec)
    reading = candidates(rec.turn, min_terms=gate_terms) if rec.turn is not None else None
    labels = []
    for f in (reading.sentences if reading is not None else []):
        s = f.cp.passage.chunk.char_start + f.start
        e = s + len(f.sent)
        labels.append(int(any(lands_on(f.cp.passage.document.id, s, e, s, e, t) for t in targets)))
    return (reading.sentences if reading is not None else []), targets, labels, (reading, rec.turn)


def collect(gold_path: str, db: str, embedder: Any, log=print) -> list[dict[str, Any]]:  # type: ignore[no-untyped-def]
    from pincite.evaluation.gold import GoldError, read_gold
    from pincite.generate.learned import feature_matrix

    if "heldout" in Path(gold_path).name:
        raise SystemExit(f"{gold_path}: a held-out gold file is never trained or measured on here")
    store, retriever, finder = open_for_questions(db)
    out = []
    questions = list(read_gold(gold_path))
    for n, q in enumerate(questions, 1):
        try:
            sents, targets, labels, (reading, turn) = question_candidates(q, store, retriever, finder)
        except GoldError as e:
            log(f"  {q.id}: skipped ({e})")
            continue
        x = feature_matrix(reading).tolist() if sents else []
        ranks = {id(cp): i for i, cp in enumerate(turn.passages)} if turn is not None else {}
        ctxs = [context_of(f) for f in sents]
        sims = embedder.embed_texts([q.question, *ctxs]) if ctxs else None
        cands = [{"ctx": ctxs[i], "y": labels[i], "x": x[i], "rank": ranks.get(id(f.cp), 99),
                  "bi": float(sims[1 + i] @ sims[0]), "doc": f.cp.passage.document.id}
                 for i, f in enumerate(sents)]
        docs = sorted({t.doc_id for t in targets})
        out.append({"set": Path(gold_path).name, "id": q.id, "kind": q.kind.value, "tags": list(q.tags),
                    "question": q.question, "answerable": bool(targets), "fold": fold_of(q.id, docs),
                    "cands": cands})
        if n % 25 == 0:
            log(f"  {Path(gold_path).name}: {n}/{len(questions)}")
    store.close()
    return out


def main(argv: list[str] | None = None) -> int:
    from pincite.search.embed import MiniLMEmbedder

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    c = sub.add_parser("collect")
    c.add_argument("--set", nargs=2, action="append", metavar=("GOLD", "DB"), required=True)
    c.add_argument("--out", required=True)
    a = ap.parse_args(argv)
    embedder = MiniLMEmbedder(max_tokens=128)
    with open(a.out, "w", encoding="utf-8") as fh:
        for gold, db in a.set:
            for rec in collect(gold, db, embedder, log=lambda m: print(m, file=sys.stderr, flush=True)):
                fh.write(json.dumps(rec) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
