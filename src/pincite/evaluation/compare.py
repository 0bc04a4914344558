"""Two runs side by side: metrics, settings that changed, and every question whose citations got worse or
better."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pincite.evaluation.gold import GoldKind
from pincite.evaluation.metrics import METRICS, answered_correctly, metric_gap, summarise


@dataclass
class QuestionChange:
    id: str
    question: str
    worse: list[str]
    better: list[str]


@dataclass
class Comparison:
    """A run beside its baseline (``pincite eval --baseline``): the metrics of both, the settings that changed,
    and each question whose citations got worse or better."""

    base_hash: str
    new_hash: str
    settings_changed: dict[str, tuple[Any, Any]]
    metrics: list[tuple[str, float | None, float | None]]  # name, base, new
    worse: list[QuestionChange]
    better: list[QuestionChange]
    only_in_base: list[str]
    only_in_new: list[str]

    def to_json(self) -> dict[str, Any]:
        return {
            "base_settings_hash": self.base_hash, "new_settings_hash": self.new_hash,
            "settings_changed": {k: {"base": a, "new": b} for k, (a, b) in self.settings_changed.items()},
            "metrics": [{"metric": m, "base": a, "new": b,
                         "delta": None if a is None or b is None else round(b - a, 4)} for m, a, b in self.metrics],
            "worse": [{"id": c.id, "question": c.question, "changes": c.worse + c.better} for c in self.worse],
            "better": [{"id": c.id, "question": c.question, "changes": c.better} for c in self.better],
            "only_in_base": self.only_in_base, "only_in_new": self.only_in_new,
        }


def _frac(num: int, den: int) -> str:
    return f"{num}/{den}"


def compare_question(base: dict[str, Any], new: dict[str, Any]) -> tuple[list[str], list[str]]:
    """(what got worse, what got better) between two records of one question, citation by citation."""
    a, b = base["counts"], new["counts"]
    worse: list[str] = []
    better: list[str] = []

    def cmp(name: str, an: int, ad: int, bn: int, bd: int) -> None:
        ra = an / ad if ad else None
        rb = bn / bd if bd else None
        if ra == rb:
            return
        msg = f"{name} {_frac(an, ad)} -> {_frac(bn, bd)}"
        if ra is None or rb is None:
            # one side showed nothing: no precision there; the recall line says whether that lost the answer
            return
        (better if rb > ra else worse).append(msg)

    if new["kind"] == GoldKind.NONE.value:
        if a["abstained"] and not b["abstained"]:
            worse.append(f"abstained -> shows {b['shown']} citation(s) to an unanswerable question")
        elif b["abstained"] and not a["abstained"]:
            better.append(f"showed {a['shown']} citation(s) -> abstains")
    else:
        was, now = answered_correctly(base), answered_correctly(new)
        if was and not now:
            worse.append("no longer answered correctly: " + (
                f"showed {a['on_gold']} citation(s) on gold -> shows none" if not b["shown"]
                else f"none of {b['shown']} shown citation(s) on gold"))
        elif now and not was:
            better.append("now answered correctly: " + (
                f"showed none -> {b['on_gold']} citation(s) on gold" if not a["shown"]
                else f"{b['on_gold']} of {b['shown']} shown citation(s) on gold"))
        cmp("attribution recall", a["gold_cited"], a["gold"], b["gold_cited"], b["gold"])
        cmp("attribution precision", a["on_gold"], a["shown"], b["on_gold"], b["shown"])
        cmp("retrieval recall", a["gold_retrieved"], a["gold"], b["gold_retrieved"], b["gold"])
    nav_bad_a, nav_bad_b = a["shown"] - a["navigable"], b["shown"] - b["navigable"]
    if nav_bad_b > nav_bad_a:
        worse.append(f"citations a reader cannot follow {nav_bad_a} -> {nav_bad_b}")
    elif nav_bad_b < nav_bad_a:
        better.append(f"citations a reader cannot follow {nav_bad_a} -> {nav_bad_b}")
    if bool(new.get("error")) and not base.get("error"):
        worse.append(f"error: {new['error']}")
    return worse, better


def compare_runs(base: dict[str, Any], new: dict[str, Any]) -> Comparison:
    """Metrics side by side, and every question whose citations got worse or better."""
    bq = {r["id"]: r for r in base["questions"]}
    nq = {r["id"]: r for r in new["questions"]}
    worse, better = [], []
    for qid, r in nq.items():
        if qid not in bq:
            continue
        w, b = compare_question(bq[qid], r)
        if w:
            worse.append(QuestionChange(qid, r["question"], w, b))
        elif b:
            better.append(QuestionChange(qid, r["question"], [], b))
    common = [q for q in nq if q in bq]
    bm = summarise([bq[q] for q in common])
    nm = summarise([nq[q] for q in common])
    metrics = [(m, bm[m], nm[m]) for m in METRICS]
    metrics += [("latency p50 (s)", bm["latency"]["p50"], nm["latency"]["p50"])]
    keys = set(base.get("settings", {})) | set(new.get("settings", {}))
    changed = {k: (base["settings"].get(k), new["settings"].get(k)) for k in sorted(keys)
               if base["settings"].get(k) != new["settings"].get(k)}
    return Comparison(base.get("settings_hash", ""), new.get("settings_hash", ""), changed, metrics, worse, better,
                      [q for q in bq if q not in nq], [q for q in nq if q not in bq])


def set_gaps(runs: list[tuple[str, dict[str, Any]]], metric: str = "answered_correctly") -> list[dict[str, Any]]:
    """The first gold set's ``metric`` minus each other set's (dev minus held-out: how much of what the answerer
    gets right on the set it was tuned on it does not get on questions nobody tuned it for)."""
    if len(runs) < 2:
        return []
    first, m0 = runs[0][0], runs[0][1]["metrics"]
    return [{"name": f"{first} minus {name}", "metric": metric, "value": metric_gap(m0, run["metrics"], metric)}
            for name, run in runs[1:]]
