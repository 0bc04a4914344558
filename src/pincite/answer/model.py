"""The answer as shown: its claims, their numbered citations (rendered from metadata), what was dropped, and the
answer's JSON (``pincite ask --json`` and ``POST /api/ask`` print this one shape)."""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field
from itertools import zip_longest
from typing import Any

from pincite.answer.render import page_at, pinpoint, quotation_of, render_citation
from pincite.answer.verify import Candidate, Dropped, Verified
from pincite.types import DocRef, Document, Passage, label_by_order, label_unverified, numbering_verdict

NO_ANSWER = "No supported answer was found in the retrieved documents."
PART_NO_ANSWER = "No supported answer was found for this part."
#: what a reader is told of an abstention's leads (issue 52, item 3)
LEAD_NOTE = "Where to look (leads, not answers: nothing here is claimed or cited):"


@dataclass
class ShownCitation:
    n: int
    candidate: Candidate
    pinpoint: str
    rendered: str

    @property
    def quote(self) -> str:
        """The cited words, exactly as the document prints them (the JSON's ``quote``)."""
        c = self.candidate
        assert c.doc is not None
        return c.doc.text[c.quote_start or 0:c.quote_end or 0]

    def to_json(self) -> dict[str, Any]:
        c = self.candidate
        assert c.cp is not None and c.doc is not None and c.unit is not None
        d, u = c.doc, c.unit
        qs, qe = c.quote_start or 0, c.quote_end or 0
        return {
            "n": self.n,
            "passage_id": c.cp.passage.chunk.id,
            "turn_id": c.cp.pid,
            "document": {"id": d.id, "source": d.source, "title": d.title, "citation": d.citation,
                         "kind": d.kind.value},
            "units": [u.label or u.number],
            "unit_id": f"{d.id}:u{u.ordinal}",
            "pinpoint": self.pinpoint,
            # the self-check's verdict on the document's labels (parse/selfcheck), and whether it vouches this
            "numbering": numbering_verdict(d),
            "label_verified": not (label_unverified(u) or label_by_order(u)),
            "rendered": self.rendered,
            "quote": d.text[qs:qe],
            "char_start": qs,
            "char_end": qe,
            "page_start": page_at(d, qs) or u.page_start,
            "page_end": page_at(d, max(qs, qe - 1)) or u.page_end,
            "zone": u.zone.value,
            "author": u.author,
            "role": u.role.value if u.role else None,
            "section_path": list(u.section_path),
            "in_force_from": u.in_force_from,
            "in_force_to": u.in_force_to,
            "notes": [{"check": f.check.value, "detail": f.detail} for f in c.findings if not f.drop],
            # whose words the quote is (README, "Voice"): null for the court's own, else the quotation it is in
            "voice": (lambda q: q.to_json() if q is not None else None)(quotation_of(d, u, qs, qe)),
        }


@dataclass
class ShownClaim:
    text: str
    citations: list[int]


@dataclass
class Answer:
    """An answer: its claims, each citation (``pinpoint``, ``quote``, offsets) checked before it is returned,
    what a check dropped and why, and what was retrieved; ``to_json()`` is ``pincite ask --json``."""

    question: str
    as_of: datetime.date | None
    claims: list[ShownClaim]
    citations: list[ShownCitation]
    dropped: list[Dropped]
    retrieved: list[Passage]
    attempts: int
    generator: str
    settings: dict[str, Any] = field(default_factory=dict)
    seconds: float = 0.0
    scope: list[DocRef] = field(default_factory=list)  # the documents the question was asked of, if scoped
    version_windows: dict[str, tuple[str | None, str | None]] = field(default_factory=dict)
    #: every attempt: {"attempt", "raw" (the model's reply as sent), "finish_reason", "seconds", "error", and
    #: where the generator says them "max_tokens", "response_format", "usage"}
    trace: list[dict[str, Any]] = field(default_factory=list)
    #: a question in several parts: each part's words and the claims answering it (none: that part found nothing)
    parts: list[tuple[str, list[int]]] = field(default_factory=list)
    #: names of documents the question asks about that no stored document matches (the answer abstains)
    not_found: list[str] = field(default_factory=list)
    #: retrieved passages marked untrusted in the model's context (legal/injection), by passage id: why
    untrusted: dict[str, str] = field(default_factory=dict)
    #: an abstention's "where to look" (issue 52, item 3): up to three passages, each with its checked
    #: pinpoint, shown as leads — never claims, never citations (numbered apart: L1, L2, L3)
    leads: list[ShownCitation] = field(default_factory=list)

    def sections(self) -> list[tuple[Document, list[int]]]:
        """Claims grouped by their source (one section per document); the versions of one work in date order."""
        groups: dict[str, tuple[Document, list[int]]] = {}
        for i, c in enumerate(self.claims):
            doc = self.citations[c.citations[0] - 1].candidate.doc
            assert doc is not None
            groups.setdefault(doc.id, (doc, []))[1].append(i)
        first: dict[str, int] = {}
        for pos, (doc, _) in enumerate(groups.values()):
            first.setdefault(doc.work or doc.id, pos)

        def key(g: tuple[Document, list[int]]) -> tuple[int, str]:
            d = g[0]
            return first[d.work or d.id], str((d.version or {}).get("date") or d.date or "")

        return sorted(groups.values(), key=key)

    @property
    def no_answer_in(self) -> list[DocRef]:
        """Documents in scope with no supported claim."""
        cited = {c.candidate.doc.id for c in self.citations if c.candidate.doc is not None}
        return [d for d in self.scope if d.id not in cited]

    @property
    def text(self) -> str:
        if not self.claims and self.not_found:
            return "; ".join(f"No stored document matches '{n}'" for n in self.not_found) + "."
        if not self.claims:
            return NO_ANSWER
        if self.parts:
            return "\n".join(f"{q} " + (" ".join(self._claim_line(i) for i in idx) if idx else PART_NO_ANSWER)
                             for q, idx in self.parts)
        sections = self.sections()
        if len(sections) == 1 and not self.scope:
            return " ".join(self._claim_line(i) for i in sections[0][1]).strip()
        parts = []
        for doc, idx in sections:
            parts.append(f"{self._heading(doc)}: " + " ".join(self._claim_line(i) for i in idx))
        for d in self.no_answer_in:
            parts.append(f"{d.title}{' ' + d.citation if d.citation else ''}: no supported answer found.")
        return "\n".join(parts)

    def _claim_line(self, i: int) -> str:
        c = self.claims[i]
        return f"{c.text} " + "".join(f"[{n}]" for n in c.citations)

    def _heading(self, doc: Document) -> str:
        name = doc.title + (f" {doc.citation}" if doc.citation and doc.citation not in doc.title else "")
        if doc.id in self.version_windows:
            lo, hi = self.version_windows[doc.id]
            name += f" (version in force {lo or '…'} to {hi or 'now'})"
        return name

    def to_json(self) -> dict[str, Any]:
        return {
            "question": self.question,
            "as_of": self.as_of.isoformat() if self.as_of else None,
            "answer": self.text,
            "claims": [{"text": c.text, "citations": c.citations} for c in self.claims],
            "citations": [c.to_json() for c in self.citations],
            "dropped": [d.to_json() for d in self.dropped],
            "retrieved": [
                {"passage_id": p.chunk.id, "document": {"id": p.document.id, "source": p.document.source},
                 "units": [x for x in p.chunk.labels if x], "char_start": p.chunk.char_start,
                 "char_end": p.chunk.char_end, "score": p.score, "via": p.via,
                 # why the passage was shown to the model as untrusted data (it addresses an AI assistant)
                 "untrusted": self.untrusted.get(p.chunk.id)}
                for p in self.retrieved
            ],
            "sections": [
                {"document": {"id": d.id, "source": d.source, "title": d.title, "citation": d.citation,
                              "kind": d.kind.value, "version_date": (d.version or {}).get("date")},
                 "in_force": list(self.version_windows[d.id]) if d.id in self.version_windows else None,
                 "claims": idx}
                for d, idx in self.sections()
            ],
            "scope": [{"id": d.id, "source": d.source, "title": d.title} for d in self.scope],
            "no_answer_in": [{"id": d.id, "source": d.source, "title": d.title} for d in self.no_answer_in],
            "not_found": list(self.not_found),
            "parts": [{"question": q, "claims": idx, "answered": bool(idx)} for q, idx in self.parts],
            # where to look when nothing was supported: not claims, not citations (LEAD_NOTE says so to a
            # reader)
            "leads": [{**c.to_json(), "lead": True} for c in self.leads],
            "attempts": self.attempts,
            "generator": self.generator,
            "settings": self.settings,
            "seconds": round(self.seconds, 4),
            "trace": self.trace,
        }


def build_answer(question: str, as_of: datetime.date | None, verified: Verified, retrieved: list[Passage],
                 attempts: int, generator: str, settings: dict[str, Any]) -> Answer:
    """Number the surviving citations (one number per distinct quoted span) and render them from metadata."""
    citations: list[ShownCitation] = []
    by_span: dict[tuple[str, int, int], int] = {}
    claims: list[ShownClaim] = []
    for claim, cands in verified.kept:
        nums: list[int] = []
        for c in cands:
            assert c.doc is not None and c.unit is not None and c.quote_start is not None
            key = (c.doc.id, c.quote_start, c.quote_end or 0)
            if key not in by_span:
                n = len(citations) + 1
                by_span[key] = n
                citations.append(ShownCitation(
                    n, c, pinpoint(c.doc, c.unit, c.quote_start, c.quote_end),
                    render_citation(c.doc, c.unit, c.quote_start, c.quote_end),
                ))
            if by_span[key] not in nums:
                nums.append(by_span[key])
        claims.append(ShownClaim(claim.text, nums))
    return Answer(question, as_of, claims, citations, verified.dropped, retrieved, attempts, generator, settings)


def combine_parts(question: str, parts: list[str], answers: list[Answer]) -> Answer:
    """One answer to a question asked in parts, from each part's checked answer: the claims in part order, the
    citations numbered afresh (a span cited by two parts keeps one number), and each part's claims listed, so a
    part that found nothing says so.  Every part's drops, retrieval and attempts are kept."""
    citations: list[ShownCitation] = []
    by_span: dict[tuple[str, int, int], int] = {}
    claims: list[ShownClaim] = []
    shown_parts: list[tuple[str, list[int]]] = []
    for part, ans in zip(parts, answers):
        idx = []
        for claim in ans.claims:
            nums = []
            for n in claim.citations:
                sc = ans.citations[n - 1]
                c = sc.candidate
                assert c.doc is not None
                key = (c.doc.id, c.quote_start or 0, c.quote_end or 0)
                if key not in by_span:
                    by_span[key] = len(citations) + 1
                    citations.append(ShownCitation(by_span[key], c, sc.pinpoint, sc.rendered))
                if by_span[key] not in nums:
                    nums.append(by_span[key])
            idx.append(len(claims))
            claims.append(ShownClaim(claim.text, nums))
        shown_parts.append((part, idx))
    first = answers[0]
    retrieved: list[Passage] = []
    seen: set[str] = set()
    for ans in answers:
        for p in ans.retrieved:
            if p.chunk.id not in seen:
                seen.add(p.chunk.id)
                retrieved.append(p)
    settings = dict(first.settings)
    settings["earlier_attempt_drops"] = [d for a in answers for d in a.settings.get("earlier_attempt_drops", [])]
    out = Answer(question, first.as_of, claims, citations, [d for a in answers for d in a.dropped], retrieved,
                 sum(a.attempts for a in answers), first.generator, settings)
    out.trace = [{**t, "part": i + 1} for i, a in enumerate(answers) for t in a.trace]
    out.untrusted = {k: v for a in answers for k, v in a.untrusted.items()}
    out.parts = shown_parts if claims else []
    if not claims:  # no part found anything: the parts' leads, best of each part first, three at most
        mixed = [c for tier in zip_longest(*(a.leads for a in answers)) for c in tier if c is not None]
        out.leads = shown_leads(list({(c.candidate.doc.id, c.candidate.unit.ordinal): c.candidate  # type: ignore
                                      for c in mixed}.values())[:3])
    return out


def shown_leads(candidates: list[Candidate]) -> list[ShownCitation]:
    """An abstention's checked leads (:func:`pincite.answer.leads.checked_leads`), numbered 1.. in their own
    list and rendered from metadata as a citation is."""
    out = []
    for n, c in enumerate(candidates, 1):
        assert c.doc is not None and c.unit is not None and c.quote_start is not None
        out.append(ShownCitation(n, c, pinpoint(c.doc, c.unit, c.quote_start, c.quote_end),
                                 render_citation(c.doc, c.unit, c.quote_start, c.quote_end)))
    return out
