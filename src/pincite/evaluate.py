"""Evaluation: does every shown citation land on the words a lawyer would cite, and can a reader follow it?

A gold set is JSON lines, one question each::

    {"id": "...", "question": "...", "as_of": null | "YYYY-MM-DD",
     "gold": [{"source": "<path relative to the corpus root>", "unit": "<number or label as printed>",
               "quote": "<words from that unit that answer the question>"}],
     "kind": "judgment|statute|contract|none", "tags": [...]}

``kind: "none"`` with empty gold means the corpus cannot answer.  A gold entry may carry ``"alternatives"``: the
same answer printed in another file (a contract's TXT and its PDF); citing either counts once.

Each gold entry is *resolved* against the stored documents into :class:`Target` spans (the unit and the quote
inside it; for a statute asked ``as_of`` a date, the same provision in every version of the work whose in-force
window contains that date).  The run then answers each question through :func:`pincite.engine.answer_question`
(the path ``ask`` takes) and scores it:

* **retrieval recall@k** — gold units whose quote overlaps one of the top-k retrieved passages / gold units;
* **attribution precision** — shown citations landing on a gold unit (the cited unit lies inside the gold unit,
  or the quoted span overlaps the gold quote) / shown citations, over answerable questions;
* **attribution recall** — gold units cited / gold units;
* **navigability** — shown citations whose ``[char_start, char_end)`` lies inside the cited unit, whose text
  there equals the generator's quote after normalisation and whose pinpoint names that unit / shown citations,
  recomputed from the stored canonical text, not from what the engine says;
* **abstention** — ``none`` questions answered with no citation / ``none`` questions;
* **drops by check**, and latency.

A run is a JSON record (:class:`RunRecord` as a dict) with the settings that produced it and their hash;
:func:`compare_runs` sets two runs side by side and lists every question whose citations got worse or better.
"""

from __future__ import annotations

import datetime
import hashlib
import json
import math
import os
import subprocess
import time
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pincite.errors import PinciteError
from pincite.types import ChoiceEnum, DateError, Document, Unit, parse_date
from pincite.answer.verify import locate_quote, normalise
from pincite.versions import in_force_on as _in_force_on

RUN_FORMAT = 1
#: Characters of a unit's text kept in a run record (for the HTML report); longer units are cut around the quote.
UNIT_TEXT_CHARS = 3000


class GoldError(PinciteError):
    """A gold file or one of its entries cannot be read or resolved (the message names the line and why)."""


class GoldKind(ChoiceEnum):
    JUDGMENT = "judgment"
    STATUTE = "statute"
    CONTRACT = "contract"
    NONE = "none"


# -- the gold set ----------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class GoldRef:
    source: str  # relative to the corpus root
    unit: str  # number or label as printed
    quote: str
    alternatives: tuple["GoldRef", ...] = ()

    def to_json(self) -> dict[str, Any]:
        d: dict[str, Any] = {"source": self.source, "unit": self.unit, "quote": self.quote}
        if self.alternatives:
            d["alternatives"] = [a.to_json() for a in self.alternatives]
        return d


@dataclass(frozen=True, slots=True)
class GoldQuestion:
    id: str
    question: str
    as_of: str | None
    gold: tuple[GoldRef, ...]
    kind: GoldKind
    tags: tuple[str, ...] = ()
    line: int = 0
    scope: tuple[str, ...] = ()  # sources (relative to the corpus root) a multi-document question is asked of


def _gold_ref(obj: Any, where: str, nested: bool = False) -> GoldRef:
    if not isinstance(obj, dict):
        raise GoldError(f"{where}: a gold entry must be an object with source, unit and quote")
    missing = [k for k in ("source", "unit", "quote") if not isinstance(obj.get(k), str) or not obj[k].strip()]
    if missing:
        raise GoldError(f"{where}: gold entry lacks {', '.join(missing)} (non-empty strings)")
    alts = obj.get("alternatives") or []
    if nested and alts:
        raise GoldError(f"{where}: an alternative cannot have alternatives of its own")
    if not isinstance(alts, list):
        raise GoldError(f"{where}: 'alternatives' must be a list")
    return GoldRef(obj["source"].strip(), obj["unit"].strip(), obj["quote"],
                   tuple(_gold_ref(a, f"{where} alternative {i + 1}", True) for i, a in enumerate(alts)))


def parse_gold_line(line: str, where: str, n: int = 0) -> GoldQuestion:
    """One gold question from one JSON line (``where`` names it in errors)."""
    try:
        obj = json.loads(line)
    except json.JSONDecodeError as e:
        raise GoldError(f"{where}: not JSON: {e}") from None
    if not isinstance(obj, dict):
        raise GoldError(f"{where}: a gold line must be a JSON object")
    for key in ("id", "question"):
        if not isinstance(obj.get(key), str) or not obj[key].strip():
            raise GoldError(f"{where}: '{key}' must be a non-empty string")
    try:
        kind = GoldKind.parse(str(obj.get("kind")))
    except ValueError as e:
        raise GoldError(f"{where}: {e}") from None
    as_of = obj.get("as_of")
    if as_of is not None:
        try:
            parse_date(as_of)  # YYYY-MM-DD only (the engine reads the string again where it comes in)
        except DateError as e:
            raise GoldError(f"{where}: as_of {e}") from None
    gold = obj.get("gold") or []
    if not isinstance(gold, list):
        raise GoldError(f"{where}: 'gold' must be a list")
    refs = tuple(_gold_ref(g, f"{where} gold {i + 1}") for i, g in enumerate(gold))
    if (kind is GoldKind.NONE) != (not refs):
        raise GoldError(f"{where}: kind 'none' goes with an empty gold list, and only it")
    tags = obj.get("tags") or []
    if not isinstance(tags, list) or not all(isinstance(t, str) for t in tags):
        raise GoldError(f"{where}: 'tags' must be a list of strings")
    scope = obj.get("scope") or []
    if not isinstance(scope, list) or not all(isinstance(x, str) and x.strip() for x in scope):
        raise GoldError(f"{where}: 'scope' must be a list of sources")
    return GoldQuestion(obj["id"], obj["question"], as_of, refs, kind, tuple(tags), n, tuple(scope))


def read_gold(path: str | os.PathLike[str]) -> list[GoldQuestion]:
    """Read and validate a gold file (blank lines and lines starting with ``//`` are skipped)."""
    p = Path(path)
    try:
        lines = p.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as e:
        raise GoldError(f"{p}: cannot read the gold file: {e}") from None
    out: list[GoldQuestion] = []
    seen: set[str] = set()
    for n, line in enumerate(lines, 1):
        if not line.strip() or line.lstrip().startswith("//"):
            continue
        q = parse_gold_line(line, f"{p}:{n}", n)
        if q.id in seen:
            raise GoldError(f"{p}:{n}: duplicate id {q.id!r}")
        seen.add(q.id)
        out.append(q)
    if not out:
        raise GoldError(f"{p}: no questions in the gold file")
    return out


# -- resolving gold against the store ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Target:
    """One place in one stored document where a gold answer is: the unit and the quote inside it."""

    doc_id: str
    source: str
    unit: int  # ordinal
    label: str
    unit_start: int
    unit_end: int
    quote_start: int
    quote_end: int

    def to_json(self) -> dict[str, Any]:
        return {"doc_id": self.doc_id, "source": self.source, "unit": self.unit, "label": self.label,
                "unit_start": self.unit_start, "unit_end": self.unit_end,
                "quote_start": self.quote_start, "quote_end": self.quote_end}


def _norm_path(p: str) -> str:
    return p.replace("\\", "/").lstrip("./")


class DocumentFinder:
    """Stored documents by their source path relative to a corpus root (matched as a path suffix), cached."""

    def __init__(self, store: Any) -> None:
        self.store = store
        self.summaries = store.list_documents()
        self._docs: dict[str, Document] = {}

    def find(self, source: str) -> Document:
        want = _norm_path(source)
        hits = [s for s in self.summaries
                if _norm_path(s.source) == want or _norm_path(s.source).endswith("/" + want)]
        if not hits:
            raise GoldError(f"{source}: no stored document has this source (is the corpus ingested?)")
        if len(hits) > 1:
            raise GoldError(f"{source}: {len(hits)} stored documents match; give a longer path")
        return self.get(hits[0].id)

    def get(self, doc_id: str) -> Document:
        if doc_id not in self._docs:
            self._docs[doc_id] = self.store.get_document(doc_id)
        return self._docs[doc_id]

    def versions(self, work: str) -> list[Document]:
        return [self.get(s.id) for s in self.summaries if s.work == work]


def unit_matches_name(u: Unit, name: str) -> bool:
    """Does ``u`` print as ``name`` ("61", "[61]", "s. 4(1)(c)", "cl. 2.1")?  Compared without spaces."""
    squash = "".join(name.split())
    return any(x is not None and "".join(x.split()) == squash for x in (u.number, u.label))


def in_force_on(u: Unit, day: str) -> bool:
    return _in_force_on(u, parse_date(day))  # compared as dates


def _target(doc: Document, u: Unit, quote: str) -> Target | None:
    hit = locate_quote(doc.text[u.char_start:u.char_end], quote)
    if hit is None:
        return None
    return Target(doc.id, doc.source, u.ordinal, u.label or u.number or "", u.char_start, u.char_end,
                  u.char_start + hit[0], u.char_start + hit[1])


def resolve_ref(finder: DocumentFinder, ref: GoldRef, as_of: str | None, pinned: bool = False) -> list[Target]:
    """The targets of one gold entry (and its alternatives); :class:`GoldError` says why it cannot resolve.

    The unit is found by printed number or label; among several, the one whose text holds the quote (more
    than one is an ambiguity the annotator must fix).  For a document that is a version of a work, the named
    unit must be in force on ``as_of`` (or, without a date, now), and the same provision with the same words in
    every other version in force then is a target too.  ``pinned`` (a question scoped to named documents, e.g.
    each version of an Act) takes the named unit as it is: no in-force check, no other versions."""
    out: list[Target] = []
    for r in (ref, *ref.alternatives):
        out.extend(_resolve_one(finder, r, as_of, pinned))
    return out


def _resolve_one(finder: DocumentFinder, r: GoldRef, as_of: str | None, pinned: bool = False) -> list[Target]:
    """The named unit first, then the same provision in the other versions in force on ``as_of``."""
    doc = finder.find(r.source)
    named = [u for u in doc.units if unit_matches_name(u, r.unit)]
    if not named:
        raise GoldError(f"{r.source}: no unit printed as {r.unit!r}")
    found = [t for u in named if (t := _target(doc, u, r.quote)) is not None]
    if not found:
        raise GoldError(f"{r.source} {r.unit}: the quote {r.quote[:60]!r} is not in that unit")
    if len(found) > 1:
        raise GoldError(f"{r.source}: {len(found)} units printed as {r.unit!r} hold the quote; use the label")
    t = found[0]
    out = [t]
    u = doc.units[t.unit]
    if not doc.work or pinned:
        return out
    # a version of a work: the same provision, same words, in every version in force on the day asked about
    # (without a date, the law now: versions whose provision has no end to its in-force window)
    in_force = (lambda x: in_force_on(x, as_of)) if as_of else (lambda x: not x.in_force_to)
    if not in_force(u):
        raise GoldError(f"{r.source} {r.unit}: not in force {'on ' + as_of if as_of else 'now'} "
                        f"(in force {u.in_force_from or '…'} to {u.in_force_to or 'now'})")
    for other in finder.versions(doc.work):
        for v in other.units:
            if other.id == doc.id and v.ordinal == u.ordinal:
                continue
            if unit_matches_name(v, u.label or r.unit) and in_force(v):
                if (vt := _target(other, v, r.quote)) is not None:
                    out.append(vt)
    return out


def ingest_corpus(store: Any, corpus: str | os.PathLike[str]) -> Any:
    """Ingest every readable file under ``corpus`` into ``store`` (the ingest report; failures are in it)."""
    from pincite.ingest import ingest_paths

    root = Path(corpus)
    if not root.is_dir():
        raise GoldError(f"{root}: corpus folder not found (give --corpus, or --db with the corpus ingested)")
    return ingest_paths(store, [str(root)])


def check_gold_file(store: Any, questions: Sequence[GoldQuestion]) -> list[str]:
    """Every problem with the gold set against the stored documents: a gold entry that does not resolve (its
    source, unit or quote not found; an ambiguous unit; a provision not in force on ``as_of``)."""
    finder = DocumentFinder(store)
    problems = []
    for q in questions:
        for res in resolve_question(finder, q):
            if res.error:
                problems.append(f"{q.id} (line {q.line}): {res.error}")
    return problems


# -- scoring one answer ------------------------------------------------------------------------------------


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


@dataclass
class GoldResolution:
    ref: GoldRef
    targets: list[Target] = field(default_factory=list)
    error: str | None = None


def resolve_question(finder: DocumentFinder, q: GoldQuestion) -> list[GoldResolution]:
    out = []
    for ref in q.gold:
        try:
            out.append(GoldResolution(ref, resolve_ref(finder, ref, q.as_of, pinned=bool(q.scope))))
        except GoldError as e:
            out.append(GoldResolution(ref, [], str(e)))
    return out


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
                          "char_end": ch.char_end, "score": p.score, "gold": hits})
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
        "scope": list(q.scope), "counts": counts,
    }


def question_counts(kind: str, citations: list[dict[str, Any]], gold: list[dict[str, Any]]) -> dict[str, int]:
    """The numerators and denominators one question contributes to the metrics."""
    return {
        "shown": len(citations),
        "on_gold": sum(1 for c in citations if c["on_gold"]),
        "navigable": sum(1 for c in citations if c["navigable"]),
        "gold": len(gold),
        "gold_cited": sum(1 for g in gold if g["cited"]),
        "gold_retrieved": sum(1 for g in gold if g["retrieved_rank"] is not None),
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
            "counts": question_counts(q.kind.value, [], gold)}


# -- metrics --------------------------------------------------------------------------------------------------

METRICS = ("retrieval_recall", "attribution_precision", "attribution_recall", "navigability", "abstention",
           "claim_recall", "coverage")
METRIC_NAMES = {
    "retrieval_recall": "retrieval recall@k", "attribution_precision": "attribution precision",
    "attribution_recall": "attribution recall", "navigability": "navigability", "abstention": "abstention",
    "claim_recall": "attribution recall per claim", "coverage": "coverage (multi-document)",
}


def _ratio(num: int, den: int) -> float | None:
    return None if den == 0 else num / den


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


# -- settings and the run record --------------------------------------------------------------------------


def git_commit(cwd: str | os.PathLike[str] | None = None) -> str | None:
    """``HEAD``'s commit (with ``+dirty`` when the tree has changes), or None outside a git checkout."""
    here = Path(cwd) if cwd else Path(__file__).resolve().parent
    try:
        head = subprocess.run(["git", "rev-parse", "HEAD"], cwd=here, capture_output=True, text=True, timeout=5)
        if head.returncode != 0:
            return None
        dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"], cwd=here,
                               capture_output=True, text=True, timeout=5)
    except (OSError, subprocess.SubprocessError):
        return None
    return head.stdout.strip() + ("+dirty" if dirty.stdout.strip() else "")


def settings_hash(settings: dict[str, Any]) -> str:
    """A short hash of the settings that produced a run (canonical JSON)."""
    canon = json.dumps(settings, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(canon.encode()).hexdigest()[:16]


def file_sha256(path: str | os.PathLike[str]) -> str:
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


@dataclass
class EvalOptions:
    k: int = 10
    per_document: int | None = None
    budget_tokens: int = 6000
    on_fail: str = "drop"
    retries: int = 1
    include_non_citable: bool = False


def run_gold(
    questions: Sequence[GoldQuestion],
    store: Any,
    retriever: Any,
    generator: Any,
    options: EvalOptions | None = None,
    settings: dict[str, Any] | None = None,
    on_question: Callable[[dict[str, Any]], None] | None = None,
) -> dict[str, Any]:
    """Answer every question through the engine and score it; returns the run record (a JSON-able dict).

    ``settings`` are recorded as given (the caller knows the chunker, retrieval mode, models, corpus); the
    engine's own settings are added.  A question the engine fails on (a generator error) is recorded with its
    error, and the run goes on."""
    from pincite.engine import ask, ask_request

    options = options or EvalOptions()
    finder = DocumentFinder(store)
    records: list[dict[str, Any]] = []
    t_run = time.perf_counter()
    for q in questions:
        gold = resolve_question(finder, q)
        scope_ids: tuple[str, ...] = ()
        if q.scope:
            try:
                scope_ids = tuple(finder.find(src).id for src in q.scope)
            except GoldError as e:
                records.append(error_record(q, f"scope: {e}", 0.0))
                continue
        request = ask_request(q.question, as_of=q.as_of, k=options.k, on_fail=options.on_fail,
                              retries=options.retries, budget_tokens=options.budget_tokens,
                              include_non_citable=options.include_non_citable, documents=scope_ids,
                              per_document=options.per_document)
        t0 = time.perf_counter()
        try:
            ans = ask(request, store, retriever, generator)
        except PinciteError as e:
            rec = error_record(q, str(e), time.perf_counter() - t0)
        else:
            rec = score_answer(q, ans, gold, finder, scope_ids)
        records.append(rec)
        if on_question:
            on_question(rec)
    all_settings = {
        **(settings or {}),
        "k": options.k, "per_document": options.per_document, "budget_tokens": options.budget_tokens,
        "on_fail": options.on_fail, "retries": options.retries, "include_non_citable": options.include_non_citable,
        "generator": getattr(generator, "name", type(generator).__name__),
    }
    return build_run(records, all_settings, round(time.perf_counter() - t_run, 3))


def select_questions(questions: Sequence[GoldQuestion], only: Sequence[str]) -> list[GoldQuestion]:
    """The questions whose id or one of whose tags (or kind) is in ``only`` (all when ``only`` is empty)."""
    if not only:
        return list(questions)
    want = set(only)
    out = [q for q in questions if q.id in want or want & set(q.tags) or q.kind.value in want]
    if not out:
        raise GoldError(f"no question has an id or tag among {sorted(want)}")
    return out


def use_chunker(store: Any, chunker: Any, window: Any = None) -> str:
    """Make sure ``store`` holds chunks of ``chunker`` for every document (window chunks are computed from the
    stored units; nothing is re-parsed).  Returns the chunk settings key recorded with the run."""
    from pincite.chunk import WindowSettings, window_chunks
    from pincite.ingest import SETTINGS_KEY
    from pincite.types import Chunker

    if chunker is Chunker.STRUCTURAL:
        return store.get_setting(SETTINGS_KEY) or "default"
    ws = window or WindowSettings()
    for s in store.list_documents():
        if store.get_chunks(s.id, Chunker.WINDOW):
            continue
        store.replace_chunks(s.id, Chunker.WINDOW, window_chunks(store.get_document(s.id), ws), ws.key())
    return ws.key()


def prepare_eval_store(store: Any, corpus: str | os.PathLike[str] | None, chunker: Any,
                       on_note: Callable[[str], None] | None = None) -> str:
    """Ingest ``corpus`` (when given) and make the chunks of ``chunker`` available; returns the chunk settings."""
    if corpus is not None:
        report = ingest_corpus(store, corpus)
        t = report.totals()
        if on_note:
            on_note(f"ingested {corpus}: {t['files']} files, {t['failed']} failed, {t['units']} units")
    if not store.list_documents():
        raise GoldError("the store holds no documents: give --corpus, or --db with the corpus ingested")
    return use_chunker(store, chunker)


def run_settings(store: Any, gold: str | os.PathLike[str], corpus: str | os.PathLike[str] | None, chunker: Any,
                 retrieval: Any, generator: Any, model: str | None = None) -> dict[str, Any]:
    """What produced a run (besides the engine options ``run_gold`` adds): chunker and chunk settings, retrieval
    mode and embedding model, generator model, gold file and its hash, corpus, package version, git commit."""
    import platform

    import pincite
    from pincite.ingest import SETTINGS_KEY
    from pincite.types import Chunker

    dense = getattr(retrieval, "value", str(retrieval)) != "lexical"
    embed_model = None
    if dense:
        from pincite.embed import MODEL_ID

        embed_model = MODEL_ID
    chunk_settings = store.get_setting(SETTINGS_KEY) or "default"
    if chunker is Chunker.WINDOW:
        from pincite.chunk import WindowSettings

        chunk_settings = WindowSettings().key()
    return {
        "chunker": getattr(chunker, "value", str(chunker)), "chunk_settings": chunk_settings,
        "retrieval": getattr(retrieval, "value", str(retrieval)), "embedding_model": embed_model,
        "generator_model": model, "gold": str(gold), "gold_sha256": file_sha256(gold),
        "corpus": str(corpus) if corpus is not None else None, "documents": len(store.list_documents()),
        "pincite_version": pincite.__version__, "git_commit": git_commit(), "python": platform.python_version(),
    }


def build_run(records: list[dict[str, Any]], settings: dict[str, Any], seconds: float = 0.0) -> dict[str, Any]:
    """The run record: settings and their hash, metrics overall and per tag, drops, and every question."""
    return {
        "format": RUN_FORMAT,
        "created": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
        "settings": settings,
        "settings_hash": settings_hash(settings),
        "seconds": seconds,
        "metrics": (metrics := summarise(records)),
        "summary": {"settings_hash": settings_hash(settings), **{k: metrics[k] for k in (*METRICS, "questions")}},
        "by_tag": summarise_by_tag(records),
        "drop_examples": drop_examples(records),
        "questions": records,
    }


def read_run(path: str | os.PathLike[str]) -> dict[str, Any]:
    """A run record written by ``pincite eval --out`` (or anything writing the same format)."""
    p = Path(path)
    try:
        run = json.loads(p.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as e:
        raise PinciteError(f"{p}: cannot read the run record: {e}") from None
    if not isinstance(run, dict) or run.get("format") != RUN_FORMAT or not isinstance(run.get("questions"), list):
        raise PinciteError(f"{p}: not a pincite eval run record (format {RUN_FORMAT})")
    return run


def write_run(run: dict[str, Any], path: str | os.PathLike[str] | None,
              db: str | os.PathLike[str] | None = None) -> Path | str:
    """Write ``run`` to ``path``; or, with ``db`` instead, into ``<db>.eval/`` named by time and settings hash
    (where ``pincite serve`` lists the runs of its store), or for a PostgreSQL ``db`` (a URL) into the store's
    ``eval_runs`` table under that name.  Returns where it was written."""
    if path is None:
        if db is None:
            raise ValueError("write_run needs a path or a db")
        stamp = run["created"].replace(":", "").replace("-", "").replace("+0000", "Z")
        from pincite.store import is_store_url, open_store

        if is_store_url(db):
            with open_store(db) as store:
                store.record_eval_run(f"{stamp}-{run['settings_hash']}", run)  # type: ignore[attr-defined]
                return f"{store} (eval run {stamp}-{run['settings_hash']})"
        folder = Path(db).with_name(Path(db).name + ".eval")
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / f"{stamp}-{run['settings_hash']}.json"
    p = Path(path)
    p.write_text(json.dumps(run, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    return p


# -- regressions ------------------------------------------------------------------------------------------


@dataclass
class QuestionChange:
    id: str
    question: str
    worse: list[str]
    better: list[str]


@dataclass
class Comparison:
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
        cmp("attribution recall", a["gold_cited"], a["gold"], b["gold_cited"], b["gold"])
        cmp("attribution precision", a["on_gold"], a["shown"], b["on_gold"], b["shown"])
        if a["shown"] and not b["shown"] and a["on_gold"]:
            worse.append(f"showed {a['on_gold']} citation(s) on gold -> shows none")
        if b["shown"] and not a["shown"] and b["on_gold"]:
            better.append(f"showed none -> {b['on_gold']} citation(s) on gold")
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


def format_metric(v: float | None) -> str:
    return "—" if v is None else f"{v:.3f}"


__all__: Iterable[str] = (
    "GoldError", "GoldKind", "GoldRef", "GoldQuestion", "Target", "read_gold", "parse_gold_line", "resolve_ref",
    "DocumentFinder", "check_navigable", "score_answer", "summarise", "summarise_by_tag", "run_gold", "build_run",
    "read_run", "write_run", "compare_runs", "Comparison", "EvalOptions", "settings_hash", "git_commit",
)
