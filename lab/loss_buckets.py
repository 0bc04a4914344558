"""Where the ranker's answerable losses are (issue 52): each gold question asked as ``pincite eval`` asks it
(the library's ask, the evaluation's options, its date and scope), with the ranker generator watched, and each
question not answered correctly put in one bucket:

- ``unresolved``: a gold unit resolves to no stored unit; ``not retrieved``: no gold unit among the passages;
- with a gold unit retrieved, ``abstained/…`` (nothing cited) or ``answered-other/…`` (cited off gold), by
  why: ``structure`` (the judgment's structure answered, no ranking), ``not read`` (no sentence read lies on
  gold), ``gate`` (a gold sentence was read but the candidate gate dropped it), ``ranking`` (a gold sentence
  was a candidate, another ranked first; ``(voice)`` within a named judge's voice, ``(named)`` a named
  provision), ``abstention`` (the candidate ranked first lies on gold, and the abstention model's
  probability was under the threshold).

Then the trade-off of the threshold over the questions decided by one ranking (not the structure, not several
parts): answered correctly, questions answered and unanswerable questions abstained at each threshold — read
off the recorded probabilities, as the generator would decide.

    PYTHONPATH=src .venv/bin/python -m lab.loss_buckets eval/fresh.jsonl eval/fresh2.jsonl --db STORE.db \\
        [--no-dense] [--json OUT.json]

``STORE.db`` holds every document the gold files name (``pincite eval --db`` reads it the same way).
"""

from __future__ import annotations

import argparse
import collections
import json
from pathlib import Path
from typing import Any

import numpy as np

THRESHOLDS = tuple(round(0.30 + 0.02 * i, 2) for i in range(26))


def bucket(counts: dict[str, int], gold_resolved: bool, gold_retrieved: bool,
           calls: list[dict[str, Any]]) -> str:
    """The bucket of one answerable question from its evaluation counts and the ranker's watched calls (see
    the module's docstring); ``right`` when it was answered correctly."""
    if counts["answered_correctly"]:
        return "right"
    if not gold_resolved:
        return "unresolved"
    if not gold_retrieved:
        return "not retrieved"
    pre = "answered-other" if counts["shown"] else "abstained"
    if not calls:
        return f"{pre}/no ranking"
    if any(c["direct"] for c in calls):
        return f"{pre}/structure"
    c = calls[0]
    if not any(c.get("y", ())):
        return f"{pre}/gate" if c.get("read_on_gold") else f"{pre}/not read"
    best, p = c["decided"][0]
    if c["y"][best]:
        return f"{pre}/abstention" if p < c["threshold"] else f"{pre}/cited elsewhere"
    return (f"{pre}/ranking" + ("(named)" if c.get("named") else "") + ("(voice)" if c.get("voice") else ""))


def curve(rows: list[dict[str, Any]], thresholds: tuple[float, ...] = THRESHOLDS) -> list[dict[str, Any]]:
    """At each threshold, over ``rows`` (one a question: ``none`` unanswerable, ``fixed`` when not decided
    by one ranking — then its recorded ``right``/``answered``/``abstained`` — else ``p`` and ``on_gold`` of
    the top): the answered correctly, answered and unanswerable abstained counts."""
    out = []
    for t in thresholds:
        right = answered = abstained = 0
        for r in rows:
            if r["none"]:
                abstained += r["abstained"] if r["fixed"] else r["p"] < t
            elif r["fixed"]:
                right += r["right"]
                answered += r["answered"]
            elif r["p"] >= t:
                answered += 1
                right += r["on_gold"]
        out.append({"threshold": t, "right": right, "answered": answered, "abstained": abstained,
                    "answerable": sum(not r["none"] for r in rows),
                    "unanswerable": sum(r["none"] for r in rows)})
    return out


def _watch(calls: list[dict[str, Any]], targets: list[Any]) -> None:
    """Wrap the ranker generator so each of its calls records what it read, ranked and decided."""
    from dataclasses import replace

    import pincite.generate.ranker as R
    from pincite.answer.structure import structural_claims
    from pincite.evaluation.metrics import lands_on
    from pincite.generate.features import read_sentences
    from pincite.legal.decisions import answer_must_say

    def on_gold(f: Any) -> int:
        s = f.cp.passage.chunk.char_start + f.start
        e = s + len(f.sent)
        return int(any(lands_on(f.cp.passage.document.id, s, e, s, e, t) for t in targets))

    original = R.RankerGenerator.generate

    def generate(self: Any, turn: Any, messages: Any) -> Any:
        m = self.model
        info: dict[str, Any] = {"direct": bool(structural_claims(turn) or R.named_repeal(turn)),
                                "multi": turn.multi_document}
        read = read_sentences(turn, self.min_chars)
        info["read_on_gold"] = sum(on_gold(f) for f in read.sentences) if read is not None else 0
        reading = R.named_candidates(turn, self.min_chars, m.gate_terms)
        needs = answer_must_say(turn.question)
        if reading is not None and needs:
            kept = [f for f in reading.sentences if all(n.search(f.sent) for n in needs)]
            reading = replace(reading, sentences=kept)
        if reading is not None and reading.sentences:
            R.fill_models(reading, m.features, self.models)
            x = R.feature_matrix(reading, m.features)
            s = m.scores(x)
            info["y"] = [on_gold(f) for f in reading.sentences]
            info["named"] = not turn.multi_document and R.named_first(reading, s) is not None
            voice = R.named_voice(turn, reading)
            info["voice"] = voice is not None
            passages = R.passage_keys(reading.sentences) if m.passage_mass else None
            groups = [np.arange(len(s))]
            if turn.multi_document:
                docs = list(dict.fromkeys(reading.sentences[i].cp.passage.document.id
                                          for i in np.argsort(-s, kind="stable")))
                groups = [np.array([j for j, f in enumerate(reading.sentences)
                                    if f.cp.passage.document.id == d]) for d in docs]
            if voice is not None:
                (b, pv), (_, pa) = self._decide(reading, x, s, [voice, groups[0]], passages)
                info["decided"] = [(int(b), max(float(pv), float(pa)))]
            else:
                decided = self._decide(reading, x, s, groups, passages)
                info["decided"] = [(int(b), float(p)) for b, p in decided]
            info["threshold"] = m.threshold
        calls.append(info)
        return original(self, turn, messages)

    R.RankerGenerator.generate = generate  # type: ignore[method-assign]


def main(argv: list[str] | None = None) -> int:
    from pincite.engine import ask_request
    from pincite.evaluation.gold import DocumentFinder, read_gold, resolve_question
    from pincite.evaluation.metrics import score_answer
    from pincite.library.core import Pincite
    from pincite.options import EVAL_OPTIONS

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("gold", nargs="+")
    ap.add_argument("--db", required=True)
    ap.add_argument("--no-dense", action="store_true")
    ap.add_argument("--json", default=None)
    args = ap.parse_args(argv)
    if any("heldout" in Path(g).name for g in args.gold):
        raise SystemExit("a held-out gold file is not read here")

    calls: list[dict[str, Any]] = []
    targets: list[Any] = []
    _watch(calls, targets)
    buckets: dict[str, collections.Counter[str]] = {}
    rows: list[dict[str, Any]] = []
    per_question: list[dict[str, str]] = []
    with Pincite(Path(args.db), dense=not args.no_dense) as lib:
        finder = DocumentFinder(lib.store)
        for g in args.gold:
            name = Path(g).stem
            counter = buckets.setdefault(name, collections.Counter())
            for q in read_gold(Path(g)):
                gold = resolve_question(finder, q)
                targets[:] = [t for r in gold for t in r.targets]
                calls.clear()
                scope = tuple(finder.find(src).id for src in q.scope) if q.scope else ()
                ans = lib.ask(ask_request(q.question, EVAL_OPTIONS, as_of=q.as_of, documents=scope))
                rec = score_answer(q, ans, gold, finder, scope)
                c = rec["counts"]
                none = q.kind.value == "none"
                one = (len(calls) == 1 and not calls[0]["direct"] and not calls[0]["multi"]
                       and "decided" in calls[0])
                if one:
                    best, p = calls[0]["decided"][0]
                    rows.append({"none": none, "fixed": False, "p": p,
                                 "on_gold": 0 if none else calls[0]["y"][best]})
                else:
                    rows.append({"none": none, "fixed": True, "right": c["answered_correctly"],
                                 "answered": int(c["shown"] > 0), "abstained": c["abstained"]})
                if none:
                    continue
                resolved = all(r["resolved"] for r in rec["gold"])
                retrieved = any(r.get("retrieved_rank") for r in rec["gold"])
                b = bucket(c, resolved, retrieved, calls)
                counter[b] += 1
                per_question.append({"set": name, "id": q.id, "bucket": b})
    names = sorted({b for c in buckets.values() for b in c},
                   key=lambda b: -sum(c[b] for c in buckets.values()))
    print("bucket".ljust(34) + "".join(n.rjust(10) for n in buckets) + "all".rjust(8))
    for b in names:
        print(b.ljust(34) + "".join(str(c[b]).rjust(10) for c in buckets.values())
              + str(sum(c[b] for c in buckets.values())).rjust(8))
    table = curve(rows)
    print("threshold  right  answered  right/answered  unanswerable abstained")
    for r in table:
        share = r["right"] / max(r["answered"], 1)
        print(f"{r['threshold']:9.2f} {r['right']:6d} {r['answered']:9d} {share:15.3f}"
              f"  {r['abstained']}/{r['unanswerable']}")
    if args.json:
        Path(args.json).write_text(json.dumps({"buckets": buckets, "curve": table,
                                                    "questions": per_question}, indent=1),
                                   encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
