"""The one place the stages are composed: retrieve → assemble context → generate → verify → render.

Nothing reaches the reader unchecked: every citation passes :data:`pincite.verify.CHECKS`; one that fails is
dropped and listed (``--on-fail drop``), or the generator is asked again with the failures named
(``--on-fail retry``) and whatever still fails is dropped.  A claim left with no citation is removed.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any, Protocol

from pincite.context import TurnContext, assemble_context
from pincite.generate import Generator, GeneratorError
from pincite.protocol import SYSTEM_PROMPT, RawClaim, Reply, ReplyError, parse_reply, render_prompt, render_retry
from pincite.render import pinpoint, render_citation
from pincite.store import Store
from pincite.types import ChoiceEnum, Document, Passage
from pincite.verify import PLAIN_WORDS, Candidate, Check, Finding, check_mixed_sources, verify_citation

NO_ANSWER = "No supported answer was found in the retrieved documents."


class OnFail(ChoiceEnum):
    DROP = "drop"
    RETRY = "retry"


@dataclass(frozen=True, slots=True)
class AskOptions:
    as_of: str | None = None
    k: int = 8
    on_fail: OnFail = OnFail.DROP
    retries: int = 1
    budget_tokens: int = 6000
    include_non_citable: bool = False


class Retrieves(Protocol):
    def search(self, query: str, k: int = 10, filters: Any = None, per_document: int | None = None) -> list[Passage]:
        ...


@dataclass
class ShownCitation:
    n: int
    candidate: Candidate
    pinpoint: str
    rendered: str

    def to_json(self) -> dict[str, Any]:
        c = self.candidate
        assert c.cp is not None and c.doc is not None and c.unit is not None
        d, u = c.doc, c.unit
        from pincite.render import page_at

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
        }


@dataclass
class Dropped:
    check: Check
    detail: str
    claim: str
    passage: str | None
    quote: str | None
    attempt: int

    def to_json(self) -> dict[str, Any]:
        return {"check": self.check.value, "reason": PLAIN_WORDS[self.check], "detail": self.detail,
                "claim": self.claim, "passage": self.passage, "quote": self.quote, "attempt": self.attempt}


@dataclass
class ShownClaim:
    text: str
    citations: list[int]


@dataclass
class Answer:
    question: str
    as_of: str | None
    claims: list[ShownClaim]
    citations: list[ShownCitation]
    dropped: list[Dropped]
    retrieved: list[Passage]
    attempts: int
    generator: str
    settings: dict[str, Any] = field(default_factory=dict)
    seconds: float = 0.0

    @property
    def text(self) -> str:
        if not self.claims:
            return NO_ANSWER
        return " ".join(f"{c.text} " + "".join(f"[{n}]" for n in c.citations) for c in self.claims).strip()

    def to_json(self) -> dict[str, Any]:
        return {
            "question": self.question,
            "as_of": self.as_of,
            "answer": self.text,
            "claims": [{"text": c.text, "citations": c.citations} for c in self.claims],
            "citations": [c.to_json() for c in self.citations],
            "dropped": [d.to_json() for d in self.dropped],
            "retrieved": [
                {"passage_id": p.chunk.id, "document": {"id": p.document.id, "source": p.document.source},
                 "units": [x for x in p.chunk.labels if x], "char_start": p.chunk.char_start,
                 "char_end": p.chunk.char_end, "score": p.score}
                for p in self.retrieved
            ],
            "attempts": self.attempts,
            "generator": self.generator,
            "settings": self.settings,
            "seconds": round(self.seconds, 4),
        }


@dataclass
class Verified:
    kept: list[tuple[RawClaim, list[Candidate]]]
    dropped: list[Dropped]

    @property
    def failures(self) -> list[tuple[str, str, str]]:
        return [(d.claim, d.passage or "-", f"{d.check.value}: {d.detail}") for d in self.dropped]


def verify_reply(reply: Reply, turn: TurnContext, attempt: int = 1) -> Verified:
    """Check every citation of every claim; keep claims with at least one surviving citation."""
    kept: list[tuple[RawClaim, list[Candidate]]] = []
    dropped: list[Dropped] = []
    for claim in reply.claims:
        good: list[Candidate] = []
        for raw in claim.citations:
            c = verify_citation(claim, raw, turn)
            if c.dropped:
                f = next(f for f in c.findings if f.drop)
                dropped.append(Dropped(f.check, f.detail, claim.text, raw.passage, raw.quote, attempt))
            else:
                good.append(c)
        if good:
            for f in check_mixed_sources(claim, good):
                for c in good:
                    c.findings.append(f)
            kept.append((claim, good))
        elif claim.citations:
            dropped.append(Dropped(Check.UNSUPPORTED_CLAIM, "every citation of this claim failed", claim.text,
                                   None, None, attempt))
        else:
            dropped.append(Dropped(Check.UNSUPPORTED_CLAIM, "the claim cites nothing", claim.text, None, None,
                                   attempt))
    return Verified(kept, dropped)


def build_answer(question: str, as_of: str | None, verified: Verified, retrieved: list[Passage], attempts: int,
                 generator: str, settings: dict[str, Any]) -> Answer:
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


def answer_question(
    question: str,
    store: Store,
    retriever: Retrieves,
    generator: Generator,
    options: AskOptions | None = None,
    filters: Any = None,
    per_document: int | None = None,
) -> Answer:
    """Answer ``question`` with checked citations."""
    options = options or AskOptions()
    t0 = time.perf_counter()
    if filters is None:
        from pincite.retrieve import SearchFilters

        filters = SearchFilters(include_non_citable=options.include_non_citable, as_of=options.as_of)
    passages = retriever.search(question, k=options.k, filters=filters, per_document=per_document)
    docs: dict[str, Document] = {}
    for p in passages:
        if p.document.id not in docs:
            docs[p.document.id] = store.get_document(p.document.id)
    turn = assemble_context(question, passages, docs, options.as_of, options.budget_tokens)
    return answer_from_context(turn, generator, options, passages, t0)


def answer_from_context(turn: TurnContext, generator: Generator, options: AskOptions,
                        retrieved: list[Passage], t0: float | None = None) -> Answer:
    """Generate, verify, and retry or drop, over an assembled context."""
    t0 = t0 if t0 is not None else time.perf_counter()
    messages = [{"role": "system", "content": SYSTEM_PROMPT}, {"role": "user", "content": render_prompt(turn)}]
    max_attempts = 1 + (options.retries if options.on_fail is OnFail.RETRY else 0)
    earlier: list[Dropped] = []
    verified = Verified([], [])
    attempt = 0
    for attempt in range(1, max_attempts + 1):
        raw = generator.generate(turn, messages)
        try:
            reply = parse_reply(raw)
        except ReplyError as e:
            verified = Verified([], [Dropped(Check.MALFORMED_REPLY, str(e), "(whole reply)", None, None, attempt)])
        else:
            verified = verify_reply(reply, turn, attempt)
        if not verified.dropped or attempt == max_attempts:
            break
        earlier.extend(verified.dropped)
        messages += [{"role": "assistant", "content": raw if isinstance(raw, str) else str(raw)},
                     {"role": "user", "content": render_retry(verified.failures)}]
    settings = {"k": options.k, "on_fail": options.on_fail.value, "retries": options.retries,
                "budget_tokens": options.budget_tokens, "generator": generator.name,
                "include_non_citable": options.include_non_citable,
                "earlier_attempt_drops": [d.to_json() for d in earlier]}
    ans = build_answer(turn.question, turn.as_of, verified, retrieved, attempt, generator.name, settings)
    ans.seconds = time.perf_counter() - t0
    return ans


__all__ = ["Answer", "AskOptions", "GeneratorError", "OnFail", "answer_question", "answer_from_context",
           "verify_reply", "Finding"]
