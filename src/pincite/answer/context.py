"""Context assembly: retrieved passages grouped by source document, with parent context marked as context.

Passages get short turn-local ids (``P1``, ``P2``…, in order of relevance).  The token budget is filled in order
of relevance and a passage is never cut: one that does not fit is left out whole.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field

from pincite.chunk import lead_in
from pincite.legal.injection import INSTRUCTIONS, unit_flags, untrusted_reason
from pincite.types import Document, Passage, Role, Unit, UnitKind, optional_date

#: Rough characters per token for English legal text (used only for the context budget).
CHARS_PER_TOKEN = 4


@dataclass(frozen=True, slots=True)
class ContextNote:
    """Parent context: never citable.  kind is section | author | neighbour."""

    kind: str
    text: str
    label: str | None = None


@dataclass(frozen=True, slots=True)
class ContextPassage:
    pid: str  # turn-local id, e.g. "P3"
    passage: Passage
    notes: tuple[ContextNote, ...] = ()
    # why the passage is data that must not be followed nor cited (legal/injection): it, or its document,
    # addresses an AI assistant; None for an ordinary passage
    untrusted: str | None = None


def passage_untrusted(doc: Document, passage: Passage) -> str | None:
    """Why ``passage`` is untrusted: its document is (:func:`~pincite.legal.injection.untrusted_reason`), or
    one of its units addresses an AI assistant or gives it instructions. None for an ordinary passage."""
    whole = untrusted_reason(doc)
    if whole:
        return whole
    flagged = [doc.units[o] for o in passage.chunk.units
               if o < len(doc.units) and INSTRUCTIONS in unit_flags(doc.units[o])]
    if flagged:
        return (", ".join(u.label or "a unit" for u in flagged)
                + " addresses an AI assistant or gives it instructions")
    return None


@dataclass
class DocumentContext:
    document: Document
    passages: list[ContextPassage] = field(default_factory=list)  # in document order


@dataclass
class TurnContext:
    """Everything the generator is shown, and everything the checks need to verify what it says.

    ``as_of`` is the date asked (shown to the generator); ``law_date`` the date whose law was retrieved, which
    the version-window check holds every citation to: the date asked, or today when an unscoped question asks
    none (see :func:`pincite.engine.answer_question`)."""

    question: str
    as_of: datetime.date | None
    documents: list[DocumentContext]
    by_pid: dict[str, ContextPassage]
    omitted: list[Passage] = field(default_factory=list)  # retrieved but over the budget
    multi_document: bool = False  # the question is asked of several documents: answer per source
    law_date: datetime.date | None = None

    def __post_init__(self) -> None:
        self.as_of = optional_date(self.as_of)
        self.law_date = optional_date(self.law_date) or self.as_of

    @property
    def passages(self) -> list[ContextPassage]:
        """In order of relevance."""
        return sorted(self.by_pid.values(), key=lambda cp: cp.passage.rank)

    def document_of(self, pid: str) -> Document:
        cp = self.by_pid[pid]
        return next(d.document for d in self.documents if d.document.id == cp.passage.document.id)


def _tokens(s: str) -> int:
    return max(1, len(s) // CHARS_PER_TOKEN)


def role_phrase(author: str | None, role: Role | None) -> str | None:
    if not author and not role:
        return None
    if role is None:
        return f"{author} (role not stated in the judgment)" if author else None
    return f"{author or 'unknown judge'} ({role.value})"


def parent_notes(doc: Document, passage: Passage, neighbour_chars: int = 240) -> tuple[ContextNote, ...]:
    """Enclosing headings, whose reasons these are, and the neighbouring units' opening words."""
    ch = passage.chunk
    notes: list[ContextNote] = []
    if ch.section_path:
        notes.append(ContextNote("section", " > ".join(ch.section_path)))
    intro = lead_in(doc, ch.units[0]) if ch.units else ""
    if intro:
        notes.append(ContextNote("lead-in", intro))
    who = role_phrase(ch.author, ch.role)
    if who:
        notes.append(ContextNote("author", who))
    numbered = [u for u in doc.units if u.kind is not UnitKind.HEADING and u.parent == _top_parent(doc, ch.units[0])]
    first = doc.units[ch.units[0]] if ch.units else None
    if first is not None:
        pos = next((i for i, u in enumerate(numbered) if u.ordinal == first.ordinal), None)
        if pos is not None and pos > 0:
            prev = numbered[pos - 1]
            notes.append(_neighbour(doc, prev, "previous", neighbour_chars))
    return tuple(notes)


def _top_parent(doc: Document, ordinal: int) -> int | None:
    return doc.units[ordinal].parent


def _neighbour(doc: Document, u: Unit, which: str, n: int) -> ContextNote:
    t = " ".join(doc.text[u.char_start : u.char_end].split())
    return ContextNote("neighbour", t[:n] + ("…" if len(t) > n else ""), label=f"{which} {u.label or u.number or ''}".strip())


def assemble_context(
    question: str,
    passages: list[Passage],
    documents: dict[str, Document],
    as_of: datetime.date | str | None = None,
    budget_tokens: int = 6000,
    law_date: datetime.date | None = None,
) -> TurnContext:
    """Group ``passages`` (ranked) by document, filling ``budget_tokens`` in order of relevance.  ``as_of`` is
    the date asked; ``law_date`` the date retrieval used when it differs (today, when no date was asked)."""
    used = _tokens(question) + 50
    by_doc: dict[str, DocumentContext] = {}
    by_pid: dict[str, ContextPassage] = {}
    omitted: list[Passage] = []
    for p in sorted(passages, key=lambda p: p.rank):
        doc = documents[p.document.id]
        notes = parent_notes(doc, p)
        cost = _tokens(p.text) + sum(_tokens(n.text) for n in notes) + 15
        if p.document.id not in by_doc:
            cost += 40  # the document element and its attributes
        if used + cost > budget_tokens:
            omitted.append(p)
            continue
        used += cost
        pid = f"P{len(by_pid) + 1}"
        cp = ContextPassage(pid, p, notes, passage_untrusted(doc, p))
        by_pid[pid] = cp
        by_doc.setdefault(p.document.id, DocumentContext(doc)).passages.append(cp)
    for dc in by_doc.values():
        dc.passages.sort(key=lambda cp: cp.passage.chunk.char_start)
    # documents in order of their best passage
    ordered = sorted(by_doc.values(), key=lambda dc: min(cp.passage.rank for cp in dc.passages))
    return TurnContext(question=question, as_of=optional_date(as_of), documents=ordered, by_pid=by_pid,
                       omitted=omitted, law_date=law_date)
