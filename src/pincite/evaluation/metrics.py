"""Scoring one answer against its gold (on gold, navigable, retrieved) and the metrics over a run."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from typing import Any

from pincite.answer.verify import normalise
from pincite.evaluation.gold import DocumentFinder, GoldKind, GoldQuestion, GoldResolution, Target
from pincite.types import Document, Unit, label_unverified, order_label

#: retrieval recall is measured in the top 10 passages whatever k a run retrieves: every run record kept since the
#: first reports recall@10, and the answer step now reads k=20 (pincite.options) without changing that figure
RECALL_AT = 10

#: Characters of a unit's text kept in a run record (for the HTML report); longer units are cut around the quote.
UNIT_TEXT_CHARS = 3000


def overlaps(a0: int, a1: int, b0: int, b1: int) -> bool:
    return a0 < b1 and b0 < a1


def lands_on(doc_id: str, unit_start: int, unit_end: int, qs: int, qe: int, t: Target) -> bool:
    """A citation lands on a target: same document, and the cited unit lies inside the gold unit or the quoted
    span overlaps the gold quote."""
    if doc_id != t.doc_id:
        return False
    inside = t.unit_start <= unit_start and unit_end <= t.unit_end
    return inside or overlaps(qs, qe, t.quote_start, t.quote_end)


def check_navigable(doc: Document, unit_ordinal: int, char_start: int, char_end: int, quote: str,
                    pinpoint: str) -> str | None:
    """None when a reader can follow the citation: the span lies inside the cited unit of the stored text, the
    text there equals ``quote`` after normalisation, and the pinpoint names the unit.  Else why not."""
    if not 0 <= unit_ordinal < len(doc.units):
        return f"unit {unit_ordinal} does not exist in {doc.id}"
    u = doc.units[unit_ordinal]
    if not (0 <= char_start < char_end <= len(doc.text)):
        return f"span [{char_start}, {char_end}) is outside the text ({len(doc.text)} characters)"
    if not (u.char_start <= char_start and char_end <= u.char_end):
        return (f"span [{char_start}, {char_end}) is not inside {u.label or u.number or 'the unit'} "
                f"[{u.char_start}, {u.char_end})")
    there = normalise(doc.text[char_start:char_end])
    if there != normalise(quote):
        return f"the text at [{char_start}, {char_end}) is {there[:60]!r}, not the quote {normalise(quote)[:60]!r}"
    names = [x for x in (u.label, u.number) if x]
    if label_unverified(u):  # a label the document contradicts is cited by order (parse/selfcheck)
        names = [order_label(doc, u)]
    if names and not any(x in pinpoint for x in names):
        return f"the pinpoint {pinpoint!r} does not name {names[0]}"
    return None


def clip_unit_text(doc: Document, u: Unit, qs: int | None = None) -> tuple[str, int]:
    """The unit's text for the report (cut to :data:`UNIT_TEXT_CHARS` around ``qs``) and its start offset."""
    s, e = u.char_start, u.char_end
    if e - s > UNIT_TEXT_CHARS:
        centre = qs if qs is not None else s
        s = max(u.char_start, centre - UNIT_TEXT_CHARS // 3)
        e = min(u.char_end, s + UNIT_TEXT_CHARS)
    return doc.text[s:e], s


CLAIM_DROPS = ("unsupported-claim", "mixed-sources")


def score_answer(q: GoldQuestion, answer: Any, gold: list[GoldResolution], finder: DocumentFinder,
                 scope_ids: tuple[str, ...] = ()) -> dict[str, Any]:
    """The record of one question: the answer, every citation marked on-gold and navigable or not, every gold
    unit marked cited and retrieved or not, the drops and the latency."""
    citations = []
    cited_gold: set[int] = set()
    for sc in answer.citations:
        c = sc.candidate
        doc_id, u = c.doc.id, c.unit
        qs, qe = c.quote_start or 0, c.quote_end or 0
        stored = finder.get(doc_id)  # re-read from the store, independently of the engine's objects
        nav_problem = check_navigable(stored, u.ordinal, qs, qe, c.raw.quote, sc.pinpoint)
        on: list[int] = [i for i, g in enumerate(gold)
                         if any(lands_on(doc_id, u.char_start, u.char_end, qs, qe, t) for t in g.targets)]
        cited_gold.update(on)
        su = stored.units[u.ordinal] if 0 <= u.ordinal < len(stored.units) else u
        text, text_start = clip_unit_text(stored, su, qs)
        citations.append({
            "n": sc.n, "rendered": sc.rendered, "pinpoint": sc.pinpoint, "doc_id": doc_id, "source": stored.source,
            "unit": u.ordinal, "unit_label": u.label or u.number or "", "char_start": qs, "char_end": qe,
            "quote": stored.text[qs:qe], "generator_quote": c.raw.quote, "zone": u.zone.value,
            "author": u.author, "role": u.role.value if u.role else None,
            "on_gold": bool(on), "gold": on, "navigable": nav_problem is None, "navigability_problem": nav_problem,
            "unit_text": text, "unit_text_start": text_start,
        })
    retrieved = []
    retrieved_gold: dict[int, int] = {}
    for p in answer.retrieved:
        ch = p.chunk
        hits = [i for i, g in enumerate(gold)
                if any(t.doc_id == ch.doc_id and overlaps(ch.char_start, ch.char_end, t.quote_start, t.quote_end)
                       for t in g.targets)]
        for i in hits:
            retrieved_gold.setdefault(i, p.rank)
        retrieved.append({"rank": p.rank, "chunk_id": ch.id, "doc_id": ch.doc_id, "source": p.document.source,
                          "units": [x for x in ch.labels if x], "char_start": ch.char_start,
                          "char_end": ch.char_end, "score": p.score, "via": p.via, "gold": hits})
    gold_out = []
    for i, g in enumerate(gold):
        entry: dict[str, Any] = {**g.ref.to_json(), "resolved": g.error is None, "error": g.error,
                                 "targets": [t.to_json() for t in g.targets], "cited": i in cited_gold,
                                 "retrieved_rank": retrieved_gold.get(i)}
        if g.targets:
            t = g.targets[0]  # the named unit itself
            d = finder.get(t.doc_id)
            entry["unit_text"], entry["unit_text_start"] = clip_unit_text(d, d.units[t.unit], t.quote_start)
            entry["quote_start"], entry["quote_end"] = t.quote_start, t.quote_end
        gold_out.append(entry)
    # an abstention's leads (issue 52, item 3): never scored as citations; recorded with whether each lands on
    # gold
    leads = []
    for sc in getattr(answer, "leads", []):
        c = sc.candidate
        qs, qe = c.quote_start or 0, c.quote_end or 0
        on = [i for i, g in enumerate(gold)
              if any(lands_on(c.doc.id, c.unit.char_start, c.unit.char_end, qs, qe, t) for t in g.targets)]
        leads.append({"n": sc.n, "rendered": sc.rendered, "doc_id": c.doc.id, "unit_label": c.unit.label or "",
                      "char_start": qs, "char_end": qe, "on_gold": bool(on), "gold": on})
    drops = [d.to_json() for d in answer.dropped] + list(answer.settings.get("earlier_attempt_drops", []))
    counts = question_counts(q.kind.value, citations, gold_out)
    # claim-level attribution: claims with a surviving citation / claims the generator made (this attempt)
    counts["claims"] = len(answer.claims)
    counts["claims_made"] = len(answer.claims) + sum(1 for d in answer.dropped if d.check.value in CLAIM_DROPS)
    # coverage: sources in scope that hold an answer per the gold, and how many of them the answer cites
    if scope_ids:
        answering = {t.doc_id for g in gold for t in g.targets if t.doc_id in scope_ids}
        cited_docs = {c["doc_id"] for c in citations}
        counts["scope_sources"] = len(answering)
        counts["scope_cited"] = len(answering & cited_docs)
    return {
        "id": q.id, "question": q.question, "as_of": q.as_of, "kind": q.kind.value, "tags": list(q.tags),
        "answer": answer.text, "claims": [{"text": c.text, "citations": c.citations} for c in answer.claims],
        "citations": citations, "gold": gold_out, "retrieved": retrieved, "dropped": drops,
        "attempts": answer.attempts, "seconds": round(answer.seconds, 4), "error": None,
        "scope": list(q.scope), "counts": counts, "trace": list(answer.trace), "leads": leads,
    }


def question_counts(kind: str, citations: list[dict[str, Any]], gold: list[dict[str, Any]]) -> dict[str, int]:
    """The numerators and denominators one question contributes to the metrics."""
    on_gold = sum(1 for c in citations if c["on_gold"])
    return {
        "answered_correctly": int(kind != GoldKind.NONE.value and on_gold > 0),
        "shown": len(citations),
        "on_gold": on_gold,
        "navigable": sum(1 for c in citations if c["navigable"]),
        "gold": len(gold),
        "gold_cited": sum(1 for g in gold if g["cited"]),
        "gold_retrieved": sum(1 for g in gold if (g["retrieved_rank"] or RECALL_AT + 1) <= RECALL_AT),
        "gold_unresolved": sum(1 for g in gold if not g["resolved"]),
        "abstained": int(kind == GoldKind.NONE.value and not citations),
    }


def error_record(q: GoldQuestion, error: str, seconds: float) -> dict[str, Any]:
    """The record of a question the engine could not answer at all (the run goes on)."""
    gold = [{**r.to_json(), "resolved": False, "error": None, "targets": [], "cited": False,
             "retrieved_rank": None} for r in q.gold]
    return {"id": q.id, "question": q.question, "as_of": q.as_of, "kind": q.kind.value, "tags": list(q.tags),
            "answer": "", "claims": [], "citations": [], "gold": gold, "retrieved": [], "dropped": [],
            "attempts": 0, "seconds": round(seconds, 4), "error": error,
            "counts": question_counts(q.kind.value, [], gold), "trace": []}


#: The metrics, in the order every table shows them: "answered correctly" first (what a user sees: did a shown
#: citation land on the answer), then what explains it.
METRICS = ("answered_correctly", "retrieval_recall", "attribution_precision", "attribution_recall", "navigability",
           "abstention", "claim_recall", "coverage")


METRIC_NAMES = {
    "answered_correctly": "answered correctly",
    "retrieval_recall": f"retrieval recall@{RECALL_AT}", "attribution_precision": "attribution precision",
    "attribution_recall": "attribution recall", "navigability": "navigability", "abstention": "abstention",
    "claim_recall": "attribution recall per claim", "coverage": "coverage (multi-document)",
}


def _ratio(num: int, den: int) -> float | None:
    return None if den == 0 else num / den


def answered_correctly(record: dict[str, Any]) -> int:
    """1 when an answerable question's answer shows at least one citation landing on a gold unit.  Read from
    the record's ``counts``; a record written before that count existed is judged from its ``on_gold``."""
    if record["kind"] == GoldKind.NONE.value:
        return 0
    c = record["counts"]
    return int(c["answered_correctly"]) if "answered_correctly" in c else int(c.get("on_gold", 0) > 0)


def summarise(records: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """Metrics over ``records`` (micro-averaged: sums of numerators over sums of denominators).

    Precision is over answerable questions; a citation shown on a ``none`` question counts against abstention
    (and is listed), and against navigability if it cannot be followed."""
    answerable = [r for r in records if r["kind"] != GoldKind.NONE.value]
    none_q = [r for r in records if r["kind"] == GoldKind.NONE.value]
    s = lambda rs, key: sum(r["counts"].get(key, 0) for r in rs)  # noqa: E731
    secs = sorted(r["seconds"] for r in records)
    drops: Counter[str] = Counter(d["check"] for r in records for d in r["dropped"])
    return {
        "questions": len(records),
        "answerable": len(answerable),
        "unanswerable": len(none_q),
        "errors": sum(1 for r in records if r.get("error")),
        "gold_units": s(answerable, "gold"),
        "gold_unresolved": s(answerable, "gold_unresolved"),
        "shown": s(records, "shown"),
        "shown_answerable": s(answerable, "shown"),  # precision's denominator
        "on_gold": s(answerable, "on_gold"),
        "answered": sum(answered_correctly(r) for r in answerable),
        "answered_correctly": _ratio(sum(answered_correctly(r) for r in answerable), len(answerable)),
        "retrieval_recall": _ratio(s(answerable, "gold_retrieved"), s(answerable, "gold")),
        "attribution_precision": _ratio(s(answerable, "on_gold"), s(answerable, "shown")),
        "attribution_recall": _ratio(s(answerable, "gold_cited"), s(answerable, "gold")),
        "navigability": _ratio(s(records, "navigable"), s(records, "shown")),
        "abstention": _ratio(s(none_q, "abstained"), len(none_q)),
        "claim_recall": _ratio(s(answerable, "claims"), s(answerable, "claims_made")),
        "claims": s(answerable, "claims_made"),
        "coverage": _ratio(s(answerable, "scope_cited"), s(answerable, "scope_sources")),
        "scope_sources": s(answerable, "scope_sources"),
        "answered_with_no_citation": sum(1 for r in answerable if not r["citations"]),
        "drops": dict(sorted(drops.items(), key=lambda kv: (-kv[1], kv[0]))),
        "latency": {
            "mean": round(sum(secs) / len(secs), 4) if secs else None,
            "p50": _percentile(secs, 0.5), "p95": _percentile(secs, 0.95),
            "max": secs[-1] if secs else None,
        },
    }


def metric_gap(a: dict[str, Any], b: dict[str, Any], key: str = "answered_correctly") -> float | None:
    """``a``'s metric minus ``b``'s (dev minus held-out), None when either does not apply."""
    x, y = a.get(key), b.get(key)
    return None if x is None or y is None else x - y


def format_gap(v: float | None) -> str:
    return "—" if v is None else f"{v:+.3f}"


def _percentile(sorted_values: Sequence[float], q: float) -> float | None:
    if not sorted_values:
        return None
    i = min(len(sorted_values) - 1, max(0, math.ceil(q * len(sorted_values)) - 1))
    return sorted_values[i]


def summarise_by_tag(records: Sequence[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """Metrics per tag (each question's tags, plus ``kind:<kind>``)."""
    groups: dict[str, list[dict[str, Any]]] = {}
    for r in records:
        for t in dict.fromkeys([f"kind:{r['kind']}", *r["tags"]]):
            groups.setdefault(t, []).append(r)
    return {t: summarise(rs) for t, rs in sorted(groups.items())}


def drop_examples(records: Sequence[dict[str, Any]], per_check: int = 3) -> dict[str, list[dict[str, str]]]:
    """What each check fired on: the first few (question id, detail) per check."""
    out: dict[str, list[dict[str, str]]] = {}
    for r in records:
        for d in r["dropped"]:
            lst = out.setdefault(d["check"], [])
            if len(lst) < per_check:
                lst.append({"id": r["id"], "detail": d["detail"]})
    return out


def format_metric(v: float | None) -> str:
    return "—" if v is None else f"{v:.3f}"
