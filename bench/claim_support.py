"""Issue 31, item 6: the figures behind the claim-support checks (answer/verify.py), printed for bench/NOTES.md.

1. Quote lengths: every quote of every claim in the given run records (``pincite eval --out``: extractive, ranker
   on eval/dev.jsonl and eval/train.jsonl) and every gold quote of those sets — what MIN_QUOTE_WORDS and
   MIN_QUOTE_CHARS must stay under.
2. Content-word overlap: a question read as the claim answering it ("Was Koza's appeal allowed?" ~ "Koza's appeal
   was allowed"), against its gold unit (a supported claim, restating the question's context as a model would)
   and against the gold unit of another question in another document (an unsupported one): where
   MIN_WORD_OVERLAP falls between them.  dev only unless ``--train``.
3. The adversarial model of tests/claim_adversary.py on the stored documents: supported claims dropped (false
   drops) and unsupported claims shown (misses), each with the check that decided.

    .venv/bin/python bench/claim_support.py --db COPY.db --runs RUN.json... [--train]
"""

from __future__ import annotations

import argparse
import json
import random
import re
import statistics
from pathlib import Path

import sys

from pincite.answer.context import assemble_context
from pincite.engine import AskOptions, answer_from_context
from pincite.generate.scripted import ScriptedGenerator, claim, reply
from pincite.types import DocRef, Passage
from pincite.answer.verify import MIN_QUOTE_CHARS, MIN_QUOTE_WORDS, MIN_WORD_OVERLAP, unit_words, word_overlap
from pincite.evaluation.gold import DocumentFinder, read_gold, resolve_question
from pincite.store.sqlite import SQLiteStore

ROOT = Path(__file__).resolve().parent.parent
WORD = re.compile(r"[^\W_]+")


def quote_lengths(runs: list[str], gold_files: list[Path]) -> None:
    print(f"## quote lengths (the minimum now: {MIN_QUOTE_WORDS} words, {MIN_QUOTE_CHARS} characters)")
    for path in runs:
        rec = json.loads(Path(path).read_text())
        sizes = []
        for q in rec["questions"]:
            for t in q.get("trace") or []:
                try:
                    reply = json.loads(t.get("raw") or "")
                except ValueError:
                    continue
                for c in reply.get("claims", []):
                    for x in c["citations"]:
                        s = " ".join(x["quote"].split())
                        sizes.append((len(WORD.findall(s)), len(s), s))
        sizes.sort()
        under = sum(1 for w, n, _ in sizes if w < MIN_QUOTE_WORDS or n < MIN_QUOTE_CHARS)
        print(f"{Path(path).name}: {len(sizes)} quotes; shortest {sizes[0][:2] if sizes else '-'} "
              f"({sizes[0][2]!r}); under the minimum: {under}")
    for g in gold_files:
        sizes = sorted((len(WORD.findall(s)), len(s), s) for q in read_gold(g) for r in q.gold
                       if (s := " ".join(r.quote.split())))
        under = sum(1 for w, n, _ in sizes if w < MIN_QUOTE_WORDS or n < MIN_QUOTE_CHARS)
        print(f"gold {g.name}: {len(sizes)} quotes; shortest {sizes[0][:2]} ({sizes[0][2]!r}); under: {under}")


def overlaps(store: SQLiteStore, gold: Path) -> None:
    finder = DocumentFinder(store)
    pairs = []  # (question, doc id, unit text)
    for q in read_gold(gold):
        for res in resolve_question(finder, q):
            for t in res.targets[:1]:
                d = finder.get(t.doc_id)
                pairs.append((q.question, d.id, unit_words(d, d.units[t.unit])))
    rng = random.Random(31)
    matched = [word_overlap(qn, words) for qn, _, words in pairs]
    other = []
    for qn, doc_id, _ in pairs:
        pool = [w for _, d, w in pairs if d != doc_id]
        other.append(word_overlap(qn, rng.choice(pool)))
    for name, xs in (("gold unit", matched), ("another document's gold unit", other)):
        v = sorted(x for x in xs if x is not None)
        qs = statistics.quantiles(v, n=10)
        below = sum(1 for x in v if x < MIN_WORD_OVERLAP)
        print(f"{gold.name} question vs {name}: n={len(v)}, mean {statistics.mean(v):.2f}, deciles "
              + " ".join(f"{x:.2f}" for x in qs) + f"; below {MIN_WORD_OVERLAP:.2f}: {below} ({below / len(v):.0%})")
    for cut in (0.2, 0.25, 0.3, 0.35, 0.4, 0.5):
        fa = sum(1 for x in matched if x is not None and x < cut) / len(matched)
        fm = sum(1 for x in other if x is not None and x >= cut) / len(other)
        print(f"  threshold {cut:.2f}: supported below {fa:.0%}, unsupported at or above {fm:.0%}")


def adversary(store: SQLiteStore) -> None:
    sys.path.insert(0, str(ROOT))
    from tests.claim_adversary import CASES

    finder = DocumentFinder(store)
    false_drops, misses, n_ok, n_bad = [], [], 0, 0
    for case in CASES:
        doc = finder.find(case.source)
        unit = next(u for u in doc.units if u.label == case.unit)
        chunk = next(c for c in store.get_chunks(doc.id)
                     if c.char_start <= unit.char_start and unit.char_end <= c.char_end)
        ref = DocRef(doc.id, doc.source, doc.title, doc.kind, doc.citation, doc.date, doc.work,
                     (doc.version or {}).get("date"))
        turn = assemble_context("What does it say?", [Passage(chunk, ref, doc.text[chunk.char_start:chunk.char_end],
                                                               1.0, 1)], {doc.id: doc})
        ans = answer_from_context(turn, ScriptedGenerator([reply(claim(case.claim, "P1", case.quote))]),
                                  AskOptions(), [cp.passage for cp in turn.passages])
        shown = bool(ans.claims)
        why = ans.dropped[0].check.value if ans.dropped else "shown"
        if case.supported:
            n_ok += 1
            if not shown:
                false_drops.append((case.claim, why, ans.dropped[0].detail))
        else:
            n_bad += 1
            if shown:
                misses.append((case.claim, case.why))
        print(f"  {'supported  ' if case.supported else 'unsupported'} {why:18} {case.why}")
    print(f"adversary: {n_ok} supported, {len(false_drops)} dropped; {n_bad} unsupported, {len(misses)} shown")
    for x in false_drops:
        print("  false drop:", x)
    for x in misses:
        print("  miss:", x)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--db", required=True)
    ap.add_argument("--runs", nargs="*", default=[])
    ap.add_argument("--train", action="store_true")
    a = ap.parse_args()
    sets = [ROOT / "eval/dev.jsonl"] + ([ROOT / "eval/train.jsonl"] if a.train else [])
    quote_lengths(a.runs, [ROOT / "eval/dev.jsonl", ROOT / "eval/train.jsonl"])
    store = SQLiteStore(a.db)
    try:
        print("## content-word overlap (question as the claim)")
        for g in sets:
            overlaps(store, g)
        print("## the adversarial model (tests/claim_adversary.py)")
        adversary(store)
    finally:
        store.close()


if __name__ == "__main__":
    main()
