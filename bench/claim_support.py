"""Issue 31, item 6: the figures behind the claim-support checks (answer/verify.py), printed for bench/NOTES.md.

1. Quote lengths: every quote of every claim in the given run records (``pincite eval --out``: extractive, ranker
   on eval/dev.jsonl and lab/data/train.jsonl) and every gold quote of those sets — what MIN_QUOTE_WORDS and
   MIN_QUOTE_CHARS must stay under.
2. Content-word overlap: a question read as the claim answering it ("Was Koza's appeal allowed?" ~ "Koza's appeal
   was allowed"), against its gold unit (a supported claim, restating the question's context as a model would)
   and against the gold unit of another question in another document (an unsupported one): where
   MIN_WORD_OVERLAP falls between them.  dev only unless ``--train``.
3. The adversarial model of tests/support/claim_adversary.py on the stored documents: supported claims dropped (false
   drops) and unsupported claims shown (misses), each with the check that decided.

    .venv/bin/python -m bench.claim_support --db COPY.db --runs RUN.json... [--train]

4. Issue 49, claim–quote pairs: ``--pairs eval/claims/generated.jsonl [eval/claims/handwritten.jsonl ...]`` (no
   store needed) runs the claim checks of answer/verify.py (figures, names, agreement with the quotation, word
   overlap) on each pair — the claim, its quotation, the sentence around it and the cited unit — and prints, by
   kind, how many contradictions are caught and how many true claims are dropped or shown as their quotation
   alone (``--list`` prints each miss and each false drop).
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
from pincite.answer.agreement import quoted_sentence
from pincite.answer.verify import (MIN_QUOTE_CHARS, MIN_QUOTE_WORDS, MIN_WORD_OVERLAP, Paraphrase, matched,
                                   shown_as_quote, support_finding, unit_words, word_overlap)
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
    from tests.support.claim_adversary import CASES

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


def pair_outcome(row: dict, paraphrase: Paraphrase = Paraphrase.VERIFIED) -> tuple[str, str]:
    """What the checks do with one pair: ("dropped", why), ("quote", "") when shown as its quotation alone, or
    ("shown", "")."""
    context, quote = row["context"], row["quote"]
    at = context.find(quote)
    if at < 0:
        return "bad-pair", "the quote is not in its context"
    # what citing the unit puts before a reader besides its text (as unit_words reads it): its label, its
    # document's title
    beside = "\n".join(x for x in (row.get("label"), row.get("title")) if x)
    quotes = [(quote, quoted_sentence(context, at, at + len(quote)), beside)]
    found = support_finding(row["claim"], [context + "\n" + beside], quotes)
    if found is not None and found.drop and shown_as_quote(found, row["claim"], context + "\n" + beside, paraphrase):
        # as verify_reply: its words dropped, its quotation shown in their place
        return "quote", f"{found.check.value}: {found.detail}"
    if found is not None and found.drop:
        return "dropped", f"{found.check.value}: {found.detail}"
    if found is not None:  # a contradiction read on a claim in words of its own: shown as its quotation alone
        return "quote", f"{found.check.value}: {found.detail}"
    return ("shown", "") if matched(row["claim"], quotes, paraphrase) else ("quote", "")


def pairs(files: list[str], show: bool, paraphrase: Paraphrase = Paraphrase.VERIFIED) -> None:
    from collections import Counter, defaultdict

    print(f"## claim-quote pairs: contradictions caught, true claims dropped (paraphrase={paraphrase.value})")
    print(f"{'set':14} {'kind':22} {'pairs':>5} {'caught':>7} {'rate':>5}   {'dropped':>7} {'quote':>5} "
          f"{'shown':>5}  (true: dropped = false drop; quote = shown as its quotation alone)")
    timings: list[float] = []
    for path in files:
        rows = [json.loads(line) for line in Path(path).read_text(encoding="utf-8").splitlines()
                if line.strip() and not line.startswith("//")]
        passages = {p["id"]: p for f in sorted((ROOT / "eval/claims").glob("passages*.jsonl"))
                    for p in map(json.loads, f.read_text(encoding="utf-8").splitlines())}
        for r in rows:  # a hand-written pair names its passage: the passage's text is the cited unit
            if "context" not in r:
                p = passages[r["passage"]]
                r["context"], r["label"], r["title"] = p["text"], p["label"], p["title"]
        by: dict[str, Counter[str]] = defaultdict(Counter)
        total: Counter[str] = Counter()
        for r in rows:
            import time

            t = time.perf_counter()
            outcome, why = pair_outcome(r, paraphrase)
            timings.append(time.perf_counter() - t)
            kind = r["kind"]
            by[kind][outcome] += 1
            total["true" if r["agrees"] else "false", outcome] += 1
            wrong = (outcome == "dropped") if r["agrees"] else (outcome == "shown")
            if show and (wrong or (r["agrees"] and outcome == "quote")):
                print(f"  [{r.get('id')}] {kind} {outcome} {why}\n     claim: {r['claim']}\n     quote: {r['quote']}")
        for kind, c in sorted(by.items()):
            n = sum(c.values())
            agrees = next(r["agrees"] for r in rows if r["kind"] == kind)
            if agrees:
                print(f"{Path(path).stem:14} {kind:22} {n:5} {'':>7} {'':>5}   {c['dropped']:7} {c['quote']:5} "
                      f"{c['shown']:5}")
            else:
                caught = c["dropped"] + c["quote"]
                print(f"{Path(path).stem:14} {kind:22} {n:5} {caught:7} {caught / n:5.2f}   {'':>7} {'':>5} "
                      f"{c['shown']:5}")
        nt = sum(v for (k, _), v in total.items() if k == "true")
        nf = sum(v for (k, _), v in total.items() if k == "false")
        caught = total["false", "dropped"] + total["false", "quote"]
        split = (f"(dropped {total['false', 'dropped']}, "
                 f"shown as the quotation alone {total['false', 'quote']})")
        rate = caught / max(nf, 1)
        print(f"{Path(path).stem:14} {'ALL contradictions':22} {nf:5} {caught:7} {rate:5.2f}   {split}")
        print(f"{Path(path).stem:14} {'ALL true claims':22} {nt:5} {'':7} {'':5}   {total['true', 'dropped']:7} "
              f"{total['true', 'quote']:5} {total['true', 'shown']:5}  false drops "
              f"{total['true', 'dropped'] / max(nt, 1):.3f}")
    if timings:
        timings.sort()
        print(f"per claim: median {1000 * timings[len(timings) // 2]:.2f} ms, "
              f"p95 {1000 * timings[int(len(timings) * 0.95)]:.2f} ms, max {1000 * timings[-1]:.2f} ms")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--pairs", nargs="*", help="claim-quote pair files (issue 49); no store needed")
    ap.add_argument("--list", action="store_true")
    ap.add_argument("--paraphrase", default="verified", choices=[p.value for p in Paraphrase],
                    help="when a claim is shown in its own words (the ask option of that name)")
    ap.add_argument("--db")
    ap.add_argument("--runs", nargs="*", default=[])
    ap.add_argument("--train", action="store_true")
    a = ap.parse_args()
    if a.pairs:
        pairs(a.pairs, a.list, Paraphrase(a.paraphrase))
        return
    if not a.db:
        ap.error("--db is needed unless --pairs is given")
    sets = [ROOT / "eval/dev.jsonl"] + ([ROOT / "lab/data/train.jsonl"] if a.train else [])
    quote_lengths(a.runs, [ROOT / "eval/dev.jsonl", ROOT / "lab/data/train.jsonl"])
    store = SQLiteStore(a.db)
    try:
        print("## content-word overlap (question as the claim)")
        for g in sets:
            overlaps(store, g)
        print("## the adversarial model (tests/support/claim_adversary.py)")
        adversary(store)
    finally:
        store.close()


if __name__ == "__main__":
    main()
