"""The abstention decision after the model, chosen by folds (issue 52, branch abst3): each question of some
gold files asked as ``pincite eval`` asks it, with what the decision reads recorded (the abstention model's
probability ``p`` for the top candidate, whether that candidate lies on gold, the bi-encoder's
:data:`pincite.generate.ranker.TOP_SIMILARITY` summary of the top three, whether a quantity is asked and the
top states no number), then a small rule family chosen leave-one-set-out: answer under the threshold when
``p >= low``, the top's cosine ``>= like`` and its lead over the next two ``>= lead``
(:data:`pincite.generate.ranker.ANSWER_BELOW`).  Each held-out set gets the rule chosen on the others (each
set is a different pair of writers); the choice keeps the other sets' pooled precision and each one's
unanswerable abstentions, and maximises right answers less the wrong ones at the base precision's odds.

    PYTHONPATH=src .venv/bin/python -m lab.abstain_folds collect --db STORE.db --out rows.json GOLD.jsonl …
    PYTHONPATH=src .venv/bin/python -m lab.abstain_folds folds rows.json [--sets fresh fresh2 …]

A question not decided by one ranking (the structure, several documents) keeps its recorded outcome; so does
one whose decision the rule does not change (the reasons and exception rules after the model apply there).
"""

from __future__ import annotations

import argparse
import collections
import itertools
import json
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

Rule = Callable[[dict[str, Any]], bool]

LOWS = (0.2, 0.3, 0.35, 0.4, 0.45, 0.5)
LIKES = (0.0, 0.45, 0.5, 0.55, 0.6, 0.65)
LEADS = (-1.0, 0.0, 0.01, 0.02, 0.03, 0.05, 0.08)


def rule_for(threshold: float, low: float, like: float, lead: float, no_number: bool = True) -> Rule:
    """Answer at ``p >= threshold``, or under it when ``p >= low``, the top's cosine ``>= like`` and its lead
    ``>= lead``; never (``no_number``) when a quantity is asked and the top states no number."""
    def rule(r: dict[str, Any]) -> bool:
        if no_number and r["no_number"]:
            return False
        s = r["summary"] or [0.0, 0.0, 0.0]
        return r["p"] >= threshold or (r["p"] >= low and s[0] >= like and s[2] >= lead)
    rule.desc = f"p>={low} & cosine>={like} & lead>={lead}"  # type: ignore[attr-defined]
    return rule


def outcome(r: dict[str, Any], rule: Rule, shipped: Rule) -> tuple[int, int, int]:
    """(right, answered, unanswerable abstained) of one question under ``rule``; its run was made under
    ``shipped``."""
    if not r["one"] or rule(r) == shipped(r):
        return (r["right"], r["answered"], int(r["none"] and not r["answered"]))
    ans = rule(r)
    return (int(ans and not r["none"] and bool(r["on_gold"])), int(ans), int(r["none"] and not ans))


def stats(rows: Iterable[dict[str, Any]], rule: Rule, shipped: Rule) -> dict[str, Any]:
    right = answered = abstained = n = u = 0
    for r in rows:
        a, b, c = outcome(r, rule, shipped)
        right, answered, abstained = right + a, answered + b, abstained + c
        n, u = n + (not r["none"]), u + r["none"]
    return {"right": right, "answerable": n, "answered": answered, "precision": right / max(answered, 1),
            "abstained": abstained, "unanswerable": u}


def choose(rows: Sequence[dict[str, Any]], base: Rule, shipped: Rule, threshold: float) -> Rule:
    """The rule of the family chosen on ``rows`` (``base`` when none improves on it)."""
    by_set: dict[str, list[dict[str, Any]]] = collections.defaultdict(list)
    for r in rows:
        by_set[r["set"]].append(r)
    b = stats(rows, base, shipped)
    b_sets = {k: stats(v, base, shipped)["abstained"] for k, v in by_set.items()}
    odds = b["precision"] / max(1 - b["precision"], 1e-9)
    best: tuple[tuple[float, float], Rule] | None = None
    for low, like, lead in itertools.product(LOWS, LIKES, LEADS):
        rule = rule_for(threshold, low, like, lead)
        s = stats(rows, rule, shipped)
        if s["precision"] < b["precision"] or s["right"] <= b["right"]:
            continue
        if any(stats(v, rule, shipped)["abstained"] < b_sets[k] for k, v in by_set.items()):
            continue
        key = (s["right"] - odds * (s["answered"] - s["right"]) + 0.5 * s["abstained"], s["precision"])
        if best is None or key > best[0]:
            best = (key, rule)
    return best[1] if best else base


def folds(rows: Sequence[dict[str, Any]], sets: Sequence[str], threshold: float,
          shipped: Rule) -> list[dict[str, Any]]:
    """Leave-one-set-out over ``sets``: each set's figures under the base decision and the rule chosen on the
    others."""
    base = rule_for(threshold, 2.0, 2.0, 2.0, no_number=False)
    out = []
    for held in sets:
        train = [r for r in rows if r["set"] in sets and r["set"] != held]
        rule = choose(train, base, shipped, threshold)
        mine = [r for r in rows if r["set"] == held]
        out.append({"set": held, "rule": getattr(rule, "desc", "base"), "before": stats(mine, base, shipped),
                    "after": stats(mine, rule, shipped)})
    return out


def collect(gold: Sequence[str], db: str) -> list[dict[str, Any]]:
    """One row a question (see the module's docstring), asked as the evaluation asks it."""
    import pincite.generate.ranker as R
    from lab.loss_buckets import _watch
    from pincite.engine import ask_request
    from pincite.evaluation.gold import DocumentFinder, read_gold, resolve_question
    from pincite.evaluation.metrics import score_answer
    from pincite.library.core import Pincite
    from pincite.options import EVAL_OPTIONS

    seen: list[list[Any]] = []
    decide = R.RankerGenerator._decide

    def watched(self: Any, reading: Any, x: Any, scores: Any, groups: Any, passages: Any = None,
                summaries: Any = None) -> Any:
        mine: list[Any] = []
        out = decide(self, reading, x, scores, groups, passages, mine)
        if summaries is not None:
            summaries.extend(mine)
        seen.append([mine, [bool(R.states_no_quantity(x[b], self.model.features)) for b, _ in out],
                     [reading.sentences[b].cp.passage.document.kind.value for b, _ in out]])
        return out

    R.RankerGenerator._decide = watched  # type: ignore[method-assign]
    calls: list[dict[str, Any]] = []
    targets: list[Any] = []
    _watch(calls, targets)
    rows = []
    with Pincite(Path(db), dense=False) as lib:
        finder = DocumentFinder(lib.store)
        for g in gold:
            for q in read_gold(Path(g)):
                gold_res = resolve_question(finder, q)
                targets[:] = [t for r in gold_res for t in r.targets]
                calls.clear()
                seen.clear()
                scope = tuple(finder.find(src).id for src in q.scope) if q.scope else ()
                ans = lib.ask(ask_request(q.question, EVAL_OPTIONS, as_of=q.as_of, documents=scope))
                c = score_answer(q, ans, gold_res, finder, scope)["counts"]
                one = (len(calls) == 1 and not calls[0]["direct"] and not calls[0]["multi"]
                       and "decided" in calls[0] and bool(seen))
                row = {"set": Path(g).stem, "id": q.id, "none": q.kind.value == "none", "one": one,
                       "right": int(c["answered_correctly"]), "answered": int(c["shown"] > 0)}
                if one:  # the watch's own decision came first; with a named voice, the voice's group
                    best, p = calls[0]["decided"][0]
                    row.update(p=p, on_gold=0 if row["none"] else calls[0]["y"][best],
                               summary=seen[0][0][0], no_number=seen[0][1][0], top_kind=seen[0][2][0])
                rows.append(row)
    return rows


def main(argv: list[str] | None = None) -> int:
    from pincite.generate.ranker import ANSWER_BELOW, load_model

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    c = sub.add_parser("collect")
    c.add_argument("gold", nargs="+")
    c.add_argument("--db", required=True)
    c.add_argument("--out", required=True)
    f = sub.add_parser("folds")
    f.add_argument("rows")
    f.add_argument("--sets", nargs="+", default=["fresh", "fresh2", "fresh3", "fresh4", "fresh5", "heldout"])
    args = ap.parse_args(argv)
    if args.cmd == "collect":
        Path(args.out).write_text(json.dumps(collect(args.gold, args.db)), encoding="utf-8")
        return 0
    rows = json.loads(Path(args.rows).read_text(encoding="utf-8"))
    t = load_model().threshold
    shipped = rule_for(t, *ANSWER_BELOW)
    out = folds(rows, args.sets, t, shipped)
    pooled = {k: {n: sum(r[k][n] for r in out) for n in ("right", "answerable", "answered", "abstained",
                                                           "unanswerable")} for k in ("before", "after")}
    for k in pooled.values():
        k["precision"] = k["right"] / max(k["answered"], 1)
    for r in [*out, {"set": "pooled", "rule": "", **pooled}]:
        b, a = r["before"], r["after"]
        print(f"{r['set']:9s} {r['rule']}\n  before {b['right']}/{b['answerable']} prec {b['precision']:.3f} "
              f"unans {b['abstained']}/{b['unanswerable']}\n  after  {a['right']}/{a['answerable']} prec "
              f"{a['precision']:.3f} unans {a['abstained']}/{a['unanswerable']}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
