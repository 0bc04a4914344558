"""Bench of the reader generator (pincite.generate.reader): features on a gold set, a sweep of its weights, and
warm latency.  Weights and the threshold are chosen on eval/dev.jsonl ONLY; held-out is run once, with the
committed defaults, through ``pincite eval`` (figures in bench/NOTES.md).

    python -m lab.reader_bench features eval/dev.jsonl --db COPY_OF_ALL_DB [--no-dense] --out feats.json
    python -m lab.reader_bench sweep feats.json            # the decision each setting would make, per question
    python -m lab.reader_bench latency eval/dev.jsonl --db COPY_OF_ALL_DB [--no-dense] [--generator reader]

``features`` runs every question through the real engine (retrieval, context) with a generator that records
the turn and answers nothing, reads each turn with the reader (the model once per question), and stores each
candidate's model score, lexical coverage and flags, and whether it lies on a gold unit.  ``sweep`` then
replays the reader's decision (best combined score, abstain under the threshold) for a grid of weights without
running the model again: the figure it prints is "answered correctly" (the shown claim lands on gold) and
abstention, as ``pincite eval`` counts them for a one-claim answer.
"""

from __future__ import annotations

import argparse
import itertools
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from pincite.answer.protocol import reply_json
from pincite.evaluation.gold import DocumentFinder, read_gold, resolve_question
from pincite.library import AskOptions, Pincite
from pincite.generate.features import Aggregates, Reading, feature, question_text
from pincite.generate.reader import Candidate, ReaderGenerator
from pincite.legal.language import DISSENT_QUESTION
from pincite.open import open_store
from pincite.search.retrieve import RetrievalMode, Retriever


class Recorder:
    """A generator that keeps each turn and answers nothing (so the engine's retrieval and context are real)."""

    name = "recorder"

    def __init__(self) -> None:
        self.turns: list[Any] = []

    def generate(self, turn, messages):  # type: ignore[no-untyped-def]
        self.turns.append(turn)
        return reply_json([])


def _on_gold(c: Candidate, targets: list[Any]) -> bool:
    ch = c.cp.passage.chunk
    start = ch.char_start + c.cp.passage.text.find(c.sent)
    end = start + len(c.sent)
    for t in targets:
        if t.doc_id == c.cp.passage.document.id and (
                (t.unit_start <= start and end <= t.unit_end) or (start < t.quote_end and t.quote_start < end)):
            return True
    return False


def features(args: argparse.Namespace) -> None:
    store = open_store(args.db)
    retriever = Retriever(store, RetrievalMode.LEXICAL if args.no_dense else RetrievalMode.HYBRID)
    retriever.ensure_fresh()
    finder = DocumentFinder(store)
    reader = ReaderGenerator(max_pairs=args.max_pairs, with_title=args.with_title)
    out = []
    for q in read_gold(args.gold):
        rec = Recorder()
        Pincite(store=store, retriever=retriever, generator=rec).evaluate([q], options=AskOptions(k=args.k))
        targets = [t for r in resolve_question(finder, q) for t in r.targets]
        turn = rec.turns[0] if rec.turns else None
        question = question_text(turn.question) if turn is not None else ""
        cands = reader.read(turn, question) if turn is not None else []
        reading = reader.candidates(turn, question) if turn is not None else None
        agg = Aggregates(0.0, 0.0, 1, 0.0, 0.0)

        def flag(name: str, c: Candidate, r: Reading | None = reading) -> bool:
            return bool(feature(name)(c, r, agg))  # type: ignore[arg-type]
        out.append({
            "id": q.id, "kind": getattr(q.kind, "value", str(q.kind)), "multi": bool(turn and turn.multi_document),
            "wants_dissent": bool(turn and DISSENT_QUESTION.search(turn.question)),
            "cands": [{"model": round(c.similarity or 0.0, 4), "coverage": round(c.context_coverage, 4),
                       "rank": c.cp.passage.rank, "issue": flag("unresolved_issue", c),
                       "argument": flag("stated_argument", c), "off_side": flag("off_side", c),
                       "decides": flag("decides", c), "opening": flag("introduction", c), "dissenting": c.dissenting,
                       "judge": c.cp.passage.chunk.role is not None,
                       "doc": c.cp.passage.document.id, "gold": _on_gold(c, targets), "text": c.context[:160]}
                      for c in cands],
        })
        print(q.id, len(cands), sum(c["gold"] for c in out[-1]["cands"]), file=sys.stderr)
    Path(args.out).write_text(json.dumps(out, indent=0))


def decide(q: dict[str, Any], w: dict[str, float]) -> tuple[bool, bool]:
    """(shown, on gold) of the one-claim answer (the best per document for a multi-document question)."""
    scored = [(c["model"] + w["lexical_weight"] * c["coverage"] + w["rank_weight"] / c["rank"]
               - w["issue_factor"] * c["issue"] - w["argument_factor"] * c["argument"]
               - w["dissent_factor"] * c["off_side"] + w["decides_weight"] * c["decides"]
               - w["opening_factor"] * c["opening"], c) for c in q["cands"][: int(w["max_pairs"])]]
    if not q.get("wants_dissent") and any(c.get("judge") and not c.get("dissenting") for _, c in scored):
        scored = [x for x in scored if not x[1].get("dissenting")]  # generate.reader.majority_first
    scored = [x for x in scored if x[0] >= w["threshold"]]
    if not scored:
        return False, False
    if q["multi"]:
        best: dict[str, tuple[float, dict[str, Any]]] = {}
        for s, c in scored:
            if c["doc"] not in best or s > best[c["doc"]][0]:
                best[c["doc"]] = (s, c)
        return True, any(c["gold"] for _, c in best.values())
    return True, max(scored, key=lambda x: x[0])[1]["gold"]


GRID = {
    "threshold": [0.35, 0.45, 0.55, 0.65],
    "lexical_weight": [0.0, 0.15, 0.3, 0.5],
    "rank_weight": [0.0, 0.05],
    "issue_factor": [0.0, 0.15],
    "argument_factor": [0.0, 0.1],
    "dissent_factor": [0.0, 0.15],
    "decides_weight": [0.0, 0.1, 0.2],
    "opening_factor": [0.0, 0.1, 0.2],
    "max_pairs": [48, 96],
}


def sweep(args: argparse.Namespace) -> None:
    qs = json.loads(Path(args.features).read_text())
    answerable = [q for q in qs if q["kind"] != "none"]
    none = [q for q in qs if q["kind"] == "none"]
    rows = []
    for values in itertools.product(*GRID.values()):
        w = dict(zip(GRID, values))
        right = sum(decide(q, w)[1] for q in answerable)
        wrong = sum(1 for q in answerable if decide(q, w) == (True, False))
        abstained = sum(not decide(q, w)[0] for q in none)
        rows.append((right + abstained - 0.5 * wrong, right, wrong, abstained, w))
    rows.sort(key=lambda r: -r[0])
    print(f"{len(answerable)} answerable, {len(none)} unanswerable; "
          f"gold among candidates: {sum(any(c['gold'] for c in q['cands']) for q in answerable)}")
    for _, right, wrong, abst, w in rows[: args.top]:
        print(f"right {right}/{len(answerable)}  wrong-shown {wrong}  abstained {abst}/{len(none)}  {w}")
    default = {k: getattr(ReaderGenerator(), k) for k in GRID}
    d = [decide(q, default) for q in qs]
    print("defaults:", default, "right", sum(x[1] for x, q in zip(d, qs) if q["kind"] != "none"),
          "abstained", sum(not x[0] for x, q in zip(d, qs) if q["kind"] == "none"))
    if args.show:
        for q in answerable:
            shown, ok = decide(q, default)
            if not ok:
                best = sorted(q["cands"], key=lambda c: -(c["model"] + default["lexical_weight"] * c["coverage"]))[:3]
                print(f"- {q['id']} shown={shown} gold-cands={[round(c['model'], 3) for c in q['cands'] if c['gold']]}")
                for c in best:
                    print(f"    {c['model']:.3f} cov {c['coverage']:.2f} gold={c['gold']} {c['text'][:110]!r}")


def latency(args: argparse.Namespace) -> None:
    from pincite.engine import ask, ask_request
    from pincite.generate.extractive import ExtractiveGenerator

    store = open_store(args.db)
    retriever = Retriever(store, RetrievalMode.LEXICAL if args.no_dense else RetrievalMode.HYBRID)
    retriever.ensure_fresh()
    t0 = time.perf_counter()
    gen: Any = ReaderGenerator() if args.generator == "reader" else ExtractiveGenerator()
    if isinstance(gen, ReaderGenerator):
        gen.load()
    load_s = time.perf_counter() - t0
    qs = read_gold(args.gold)
    ask(ask_request(qs[0].question, k=args.k), store, retriever, gen)  # warm: the first query embedding etc.
    times = []
    for q in qs:
        t = time.perf_counter()
        ask(ask_request(q.question, as_of=q.as_of, k=args.k), store, retriever, gen)
        times.append(time.perf_counter() - t)
    times.sort()
    p95 = times[min(len(times) - 1, round(0.95 * (len(times) - 1)))]
    print(json.dumps({"generator": args.generator, "retrieval": "lexical" if args.no_dense else "hybrid",
                      "questions": len(times), "model_load_s": round(load_s, 3),
                      "p50_s": round(statistics.median(times), 3), "p95_s": round(p95, 3),
                      "max_s": round(times[-1], 3)}))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    f = sub.add_parser("features")
    f.add_argument("gold")
    f.add_argument("--db", required=True)
    f.add_argument("--no-dense", action="store_true")
    f.add_argument("--k", type=int, default=10)
    f.add_argument("--max-pairs", type=int, default=ReaderGenerator().max_pairs)
    f.add_argument("--with-title", action="store_true", help="the model reads the document title too")
    f.add_argument("--out", required=True)
    s = sub.add_parser("sweep")
    s.add_argument("features")
    s.add_argument("--top", type=int, default=15)
    s.add_argument("--show", action="store_true", help="print the questions the defaults get wrong")
    lat = sub.add_parser("latency")
    lat.add_argument("gold")
    lat.add_argument("--db", required=True)
    lat.add_argument("--no-dense", action="store_true")
    lat.add_argument("--k", type=int, default=10)
    lat.add_argument("--generator", choices=("reader", "extractive"), default="reader")
    args = ap.parse_args()
    {"features": features, "sweep": sweep, "latency": latency}[args.cmd](args)


if __name__ == "__main__":
    main()
