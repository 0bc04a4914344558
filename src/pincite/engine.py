"""The one place the stages are composed: retrieve → assemble context → generate → verify → render.

Nothing reaches the reader unchecked: every citation passes :data:`pincite.verify.CHECKS`; one that fails is
dropped and listed (``--on-fail drop``), or the generator is asked again with the failures named
(``--on-fail retry``) and whatever still fails is dropped.  A claim left with no citation is removed.
"""

from __future__ import annotations

import datetime
import re
import time
from dataclasses import dataclass, field, replace
from typing import Any, Protocol

from pincite.context import SCOPE_PHRASE, TurnContext, assemble_context
from pincite.errors import NotFound
from pincite.outcome import add_outcome_passages
from pincite.generate import Generator, GeneratorError
from pincite.protocol import SYSTEM_PROMPT, RawClaim, Reply, ReplyError, parse_reply, render_prompt, render_retry
from pincite.render import pinpoint, render_citation
from pincite.store import Store
from pincite.types import ChoiceEnum, DocRef, Document, DocumentKind, Passage, optional_date
from pincite.versions import version_windows
from pincite.verify import PLAIN_WORDS, Candidate, Check, Finding, check_mixed_sources, verify_citation

NO_ANSWER = "No supported answer was found in the retrieved documents."

#: passages retrieved per document when a question is scoped to several (one long document must not crowd out the
#: others, and each document's answer must be among its own passages)
SCOPE_PER_DOCUMENT = 3


class OnFail(ChoiceEnum):
    DROP = "drop"
    RETRY = "retry"


@dataclass(frozen=True, slots=True)
class AskOptions:
    as_of: datetime.date | None = None  # a ``YYYY-MM-DD`` string is read here (pincite.types.parse_date)
    k: int = 8
    on_fail: OnFail = OnFail.DROP
    retries: int = 1
    budget_tokens: int = 6000
    include_non_citable: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "as_of", optional_date(self.as_of))


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
        if not self.claims:
            return NO_ANSWER
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
                 "char_end": p.chunk.char_end, "score": p.score}
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
        mixed = check_mixed_sources(claim, good) if good else []
        if mixed:
            dropped.append(Dropped(Check.MIXED_SOURCES, mixed[0].detail, claim.text,
                                   ", ".join(c.raw.passage for c in good), None, attempt))
        elif good:
            kept.append((claim, good))
        elif claim.citations:
            dropped.append(Dropped(Check.UNSUPPORTED_CLAIM, "every citation of this claim failed", claim.text,
                                   None, None, attempt))
        else:
            dropped.append(Dropped(Check.UNSUPPORTED_CLAIM, "the claim cites nothing", claim.text, None, None,
                                   attempt))
    return Verified(kept, dropped)


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


def answer_question(
    question: str,
    store: Store,
    retriever: Retrieves,
    generator: Generator,
    options: AskOptions | None = None,
    filters: Any = None,
    per_document: int | None = None,
) -> Answer:
    """Answer ``question`` with checked citations.

    When ``filters`` scope the question to several documents (ids/sources, a kind, a work), retrieval returns the
    best passages *per document* (``per_document``, default 3) so one long document cannot crowd out the others,
    and the answer is grouped by source, naming the documents in scope that gave no supported answer.
    """
    options = options or AskOptions()
    t0 = time.perf_counter()
    if filters is None:
        from pincite.types import SearchFilters

        filters = SearchFilters(include_non_citable=options.include_non_citable, as_of=options.as_of)
    scope = scope_documents(store, filters)
    k = options.k
    if len(scope) > 1 and per_document is None:
        per_document = SCOPE_PER_DOCUMENT
    if per_document and scope:
        k = max(k, per_document * len(scope))
    if not scope and filters.as_of is None and not options.as_of:
        filters = replace(filters, as_of=current_law_date())  # no date asked: the law as it stands today
    law_date = options.as_of or filters.as_of  # what retrieval used is what every citation is checked against
    query = search_query(question, scoped=len(scope) > 1)
    if asks_quantity(question):  # answer-type aware: a provision stating a number answers "how many"
        wide = retriever.search(query, k=3 * k, filters=filters, per_document=per_document)
        found = prefer_numbers(add_provision_items(store, wide, options.include_non_citable), k)
    else:
        found = retriever.search(query, k=k, filters=filters, per_document=per_document)
        found = add_provision_items(store, found, include_non_citable=options.include_non_citable)
    found = add_outcome_passages(store, question, found, top_documents=max(2, min(len(scope), 12)),
                                 include_non_citable=options.include_non_citable)
    docs: dict[str, Document] = {}
    passages: list[Passage] = []
    for p in found:
        if p.document.id not in docs:
            try:
                docs[p.document.id] = store.get_document(p.document.id)
            except NotFound:  # replaced by a concurrent ingest after the search: its passages are gone
                continue
        passages.append(p)
    budget = options.budget_tokens if len(scope) <= 1 else max(options.budget_tokens, 1500 * len(scope))
    turn = assemble_context(question, passages, docs, options.as_of, budget, law_date=law_date)
    multi = len(scope) > 1
    turn.multi_document = multi
    ans = answer_from_context(turn, generator, options, passages, t0)
    ans.scope = scope if multi else []
    ans.version_windows = {i: w for work in {x.work for x in docs.values() if x.work}
                           for i, w in version_windows(store, work).items()}
    return ans


#: "Besides the Chief Justice and the Associate Chief Justice, how many judges…": the words of an exclusion name
#: what the answer is *not* about, so they are left out of the search (they would find the excluded provisions).
EXCLUSION = re.compile(r"\b(besides|apart from|aside from|other than|except(ing)?( for)?|excluding|not counting)\b"
                       r"[^,;?]{1,120}[,;]\s*", re.I)


#: "… give a party the right to audit", "require either party to maintain insurance": a party left unnamed is no
#: one in particular (every clause binds a party), so these words say nothing about where the answer is, and
#: with "Which…" they would read as a question about who the parties are.
ANY_PARTY = re.compile(r"\b(a|any|either|each|one|a contracting)\s+part(y|ies)\b(?!['\u2019])", re.I)


def search_query(question: str, scoped: bool = False) -> str:
    """The words retrieval is given: the question without a leading exclusion clause, words pointing at the
    documents in scope or at an unnamed party.

    Scoped to several documents, a question about a kind of contract clause ("When does each of these agreements
    expire?") also carries that clause type's vocabulary (:func:`pincite.clauses.expansion_terms`: "term",
    "initial term", "shall continue"…): the documents are fixed, so the words can only rank each document's own
    clauses, and the clause is often written in none of the question's words.  Unscoped, they would also pull
    in documents other than the one a question names; retrieval's own clause ranking serves there."""
    q = EXCLUSION.sub("", question, count=1)
    q = " ".join(SCOPE_PHRASE.sub(" ", q).split())
    q = " ".join(ANY_PARTY.sub(" ", q).split())
    q = q if len(q.split()) >= 3 else question
    if not scoped:
        return q
    from pincite.legal.clauses import expansion_terms

    return " ".join([q, *expansion_terms(q)])


def current_law_date() -> datetime.date:
    """Today, as the date a question with no date is asked about (the law in force now, not a past version)."""
    return datetime.date.today()


def add_provision_items(store: Store, passages: list[Passage], include_non_citable: bool = False) -> list[Passage]:
    """A retrieved lead-in ("The Tax Court of Canada shall consist of the following judges:") says nothing by
    itself: its items do.  Each such passage is followed by the passages of its items (moved up when retrieval
    ranked them lower, added when it did not find them), and every passage is renumbered."""
    by_id = {p.chunk.id: p for p in passages}
    placed: set[str] = set()
    out: list[Passage] = []
    docs: dict[str, Document] = {}
    for p in passages:
        if p.chunk.id in placed:
            continue
        out.append(p)
        placed.add(p.chunk.id)
        if not p.text.rstrip().endswith((":", "\u2014")) or not p.chunk.units \
                or p.document.kind not in (DocumentKind.STATUTE, DocumentKind.CONTRACT):
            continue
        doc = docs.get(p.document.id)
        if doc is None:
            try:
                doc = docs[p.document.id] = store.get_document(p.document.id)
            except NotFound:
                continue
        head = p.chunk.units[-1]
        items = {u.ordinal for u in doc.units if u.parent == head}
        for ch in store.get_chunks(doc.id) if items else []:
            if ch.id in placed or not items.intersection(ch.units) or (not ch.citable and not include_non_citable):
                continue
            placed.add(ch.id)
            out.append(by_id.get(ch.id) or Passage(ch, p.document, doc.text[ch.char_start:ch.char_end], 0.0, 0))
    if [p.chunk.id for p in out] == [p.chunk.id for p in passages]:
        return passages
    return [replace(p, rank=i + 1) for i, p in enumerate(out)]


QUANTITY = re.compile(r"\bhow (many|much|long|old)\b|\bnumber of\b|\bmaximum\b|\bminimum\b|"
                      r"\bwhat (age|amount|sum|fee|rate|percentage)\b", re.I)
NUMBER = re.compile(r"\d|\b(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|"
                    r"fifty|hundred|thousand|million)\b", re.I)


_LINE_NUMBER = re.compile(r"(?m)^\s*\[?\d+(\.\d+)*\]?[.:]?(?=\s)")
_ENUMERATION = re.compile(r"\((\d{1,3}(\.\d)?|[a-z]{1,4})\)|\[\d{1,3}\]")


def asks_quantity(question: str) -> bool:
    return bool(QUANTITY.search(question))


def prefer_numbers(passages: list[Passage], k: int) -> list[Passage]:
    """Re-rank for a quantity question: a passage stating a number (outside its own label) gains a place bonus
    worth a rank-60 reciprocal score; the best ``k`` are kept and renumbered."""
    def states_number(p: Passage) -> bool:
        body = _ENUMERATION.sub(" ", _LINE_NUMBER.sub("", p.text))  # "(c)", "22.", "9 (1)": numbering, not numbers
        return bool(NUMBER.search(body))

    scored = sorted(passages, key=lambda p: -(1 / (60 + p.rank) + (1 / 60 if states_number(p) else 0)))
    return [replace(p, rank=i + 1) for i, p in enumerate(scored[:k])]


def scope_documents(store: Store, filters: Any) -> list[DocRef]:
    """The documents a question is scoped to by its filters (empty when it is not scoped)."""
    if not (filters.documents or filters.kinds or filters.works or filters.sources):
        return []
    wanted = set(filters.documents) | set(filters.sources)
    out = []
    for s in store.list_documents():
        if wanted and s.id not in wanted and s.source not in wanted:
            continue
        if filters.kinds and s.kind not in filters.kinds:
            continue
        if filters.works and s.work not in filters.works:
            continue
        out.append(DocRef(s.id, s.source, s.title, s.kind, s.citation, s.date, s.work, s.version_date))
    return out


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
