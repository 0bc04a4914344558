"""Chunking: pincite's structural chunker, and the token-window baseline kept beside it for comparison.

The structural chunker copies numbers from units; it never derives one.  A chunk is one numbered unit, or a
few whole short sibling units with the same zone, author, role, section and in-force window.  A unit longer
than the budget is split at sentence boundaries and every piece keeps the unit's number.

The budget is in **characters** (``max_chars``) — independent of any embedding model, so changing the model
never moves a pinpoint.  The baseline's window is in approximate tokens (``TOKEN_RE`` word/punctuation tokens,
close to word-piece counts for English legal text).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from pincite.legal.sentences import sentence_spans, trim as _trim
from pincite.types import Chunk, Chunker, Document, Unit, UnitKind, Zone, chunk_id



@dataclass(frozen=True, slots=True)
class ChunkSettings:
    max_chars: int = 1500  # a unit longer than this is split at sentence boundaries
    merge_chars: int = 500  # short sibling units are merged while the chunk stays under this
    max_units: int = 4  # at most this many whole units in one chunk
    overlap_chars: int = 0  # context added on each side (never citable, never changes the cited unit)

    def __post_init__(self) -> None:
        if self.max_chars < 50:
            raise ValueError("max_chars must be at least 50")
        if self.merge_chars > self.max_chars:
            raise ValueError("merge_chars cannot exceed max_chars")
        if self.overlap_chars < 0 or self.max_units < 1:
            raise ValueError("overlap_chars must be >= 0 and max_units >= 1")

    def key(self) -> str:
        return f"s{self.max_chars}-m{self.merge_chars}-u{self.max_units}-o{self.overlap_chars}"


@dataclass(frozen=True, slots=True)
class WindowSettings:
    window_tokens: int = 512
    overlap_tokens: int = 64

    def key(self) -> str:
        return f"w{self.window_tokens}-o{self.overlap_tokens}"


# -- sentences: the one splitter is legal language (pincite.legal.sentences) ----------------------------
def split_span(text: str, start: int, end: int, max_chars: int) -> list[tuple[int, int]]:
    """Pack sentences of ``text[start:end]`` into pieces of at most ``max_chars`` (a longer sentence is cut at
    whitespace; a longer word is cut hard)."""
    pieces: list[tuple[int, int]] = []
    cur_s: int | None = None
    cur_e = start
    for s, e in sentence_spans(text, start, end):
        for a, b in _cut_long(text, s, e, max_chars):
            if cur_s is not None and b - cur_s <= max_chars:
                cur_e = b
            else:
                if cur_s is not None:
                    pieces.append((cur_s, cur_e))
                cur_s, cur_e = a, b
    if cur_s is not None:
        pieces.append((cur_s, cur_e))
    return pieces


def _cut_long(text: str, s: int, e: int, max_chars: int) -> Iterator[tuple[int, int]]:
    while e - s > max_chars:
        cut = text.rfind(" ", s + max_chars // 2, s + max_chars)
        if cut <= s:
            cut = s + max_chars
        a, b = _trim(text, s, cut)
        if b > a:
            yield a, b
        s = cut
        while s < e and text[s].isspace():
            s += 1
    a, b = _trim(text, s, e)
    if b > a:
        yield a, b


# -- the structural chunker --------------------------------------------------------------------------


def _children(doc: Document) -> dict[int | None, list[Unit]]:
    kids: dict[int | None, list[Unit]] = {}
    for u in doc.units:
        kids.setdefault(u.parent, []).append(u)
    return kids


def _mergeable(a: Unit, b: Unit) -> bool:
    return (
        a.zone == b.zone and a.citable == b.citable and a.author == b.author and a.role == b.role
        and a.section_path == b.section_path and a.in_force_from == b.in_force_from
        and a.in_force_to == b.in_force_to and a.parent == b.parent
    )


def _uniform(u: Unit, kids: dict[int | None, list[Unit]]) -> bool:
    """True when every descendant shares the unit's zone, citability, author, role and in-force window."""
    for c in kids.get(u.ordinal, ()):
        if c.kind is UnitKind.HEADING:
            continue
        if not (c.zone == u.zone and c.citable == u.citable and c.author == u.author and c.role == u.role
                and c.in_force_from == u.in_force_from and c.in_force_to == u.in_force_to):
            return False
        if not _uniform(c, kids):
            return False
    return True


def chunk_document(doc: Document, settings: ChunkSettings | None = None) -> tuple[Chunk, ...]:
    """Structural chunks of ``doc``: whole units (merged when short), long units split at sentences."""
    settings = settings or ChunkSettings()
    text = doc.text
    kids = _children(doc)
    spans: list[tuple[int, int, tuple[Unit, ...], int, int]] = []  # start, end, units, piece, pieces

    def emit_unit_pieces(u: Unit, start: int, end: int) -> None:
        a, b = _trim(text, start, end)
        if b <= a:
            return
        parts = [(a, b)] if b - a <= settings.max_chars else split_span(text, a, b, settings.max_chars)
        for i, (s, e) in enumerate(parts):
            spans.append((s, e, (u,), i, len(parts)))

    absorb: dict[int, tuple[int, Unit]] = {}

    def _absorbable(parent: Unit, child: Unit, start: int, end: int) -> bool:
        lead = len(text[start:end].strip())
        cs, ce = _trim(text, child.char_start, child.char_end)
        return (
            lead <= 120 and child.kind is not UnitKind.HEADING and _uniform(child, kids)
            and (ce - start) <= settings.max_chars and child.zone == parent.zone and child.citable == parent.citable
            and child.author == parent.author and child.role == parent.role
            and child.in_force_from == parent.in_force_from and child.in_force_to == parent.in_force_to
        )

    def visit(siblings: list[Unit]) -> None:
        group: list[Unit] = []

        def flush() -> None:
            if group:
                a, b = _trim(text, group[0].char_start, group[-1].char_end)
                spans.append((a, b, tuple(group), 0, 1))
                group.clear()

        for u in siblings:
            if u.kind is UnitKind.HEADING:
                flush()
                visit(kids.get(u.ordinal, []))  # a heading's own text is section context, not a chunk
                continue
            a, b = _trim(text, u.char_start, u.char_end)
            if b <= a:
                continue
            fits = b - a <= settings.max_chars and _uniform(u, kids)
            if fits:
                if (
                    group and _mergeable(group[-1], u) and len(group) < settings.max_units
                    and b - group[0].char_start <= settings.merge_chars
                    and not text[group[-1].char_end : u.char_start].strip()
                ):
                    group.append(u)
                    continue
                flush()
                if b - a <= settings.merge_chars:
                    group.append(u)
                else:
                    spans.append((a, b, (u,), 0, 1))
                continue
            flush()
            children = [c for c in kids.get(u.ordinal, [])]
            if not children:
                emit_unit_pieces(u, a, b)
                continue
            # the unit's own text before, between and after its children keeps the unit's number
            cursor = a
            first = next((c for c in children if c.kind is not UnitKind.HEADING), None)
            for c in children:
                if c.kind is UnitKind.HEADING and c is not children[-1] and cursor == a and first is not None:
                    continue  # a heading before the first provision is part of the lead-in
                if text[cursor : c.char_start].strip():
                    if c is first and cursor == a and _absorbable(u, c, a, c.char_start):
                        absorb[c.ordinal] = (a, u)  # a short lead-in ("2.2", a marginal note) joins its first child
                    else:
                        emit_unit_pieces(u, cursor, c.char_start)
                cursor = max(cursor, c.char_end)
            visit(children)
            if text[cursor:b].strip():
                emit_unit_pieces(u, cursor, b)
        flush()

    visit(kids.get(None, []))
    for i, (s0, e0, us, p, n) in enumerate(spans):
        if us[0].ordinal in absorb:
            start, parent = absorb.pop(us[0].ordinal)
            spans[i] = (start, e0, (parent, *us), p, n)
    spans.sort(key=lambda s: (s[0], s[1]))
    return tuple(_make_chunk(doc, i, s, e, us, p, n, settings.overlap_chars) for i, (s, e, us, p, n) in
                 enumerate(spans))


def _make_chunk(doc: Document, ordinal: int, s: int, e: int, units: tuple[Unit, ...], piece: int, pieces: int,
                overlap: int, chunker: Chunker = Chunker.STRUCTURAL, claimed: str | None = None) -> Chunk:
    first, last = units[0], units[-1]
    pages = [p for u in units for p in (u.page_start, u.page_end) if p]
    ctx_s = max(0, s - overlap) if overlap else None
    ctx_e = min(len(doc.text), e + overlap) if overlap else None
    return Chunk(
        id=chunk_id(doc.id, chunker, s, e), doc_id=doc.id, chunker=chunker, ordinal=ordinal, char_start=s,
        char_end=e, units=tuple(u.ordinal for u in units), numbers=tuple(u.number for u in units),
        labels=tuple(u.label for u in units), zone=first.zone, citable=all(u.citable for u in units),
        section_path=first.section_path, author=first.author, role=first.role,
        page_start=pages[0] if pages else None, page_end=pages[-1] if pages else None,
        in_force_from=first.in_force_from, in_force_to=last.in_force_to, piece=piece, pieces=pieces,
        parent_unit=first.parent, context_start=ctx_s, context_end=ctx_e, claimed_number=claimed,
    )


# -- the token-window baseline -----------------------------------------------------------------------

TOKEN_RE = re.compile(r"\w+|[^\w\s]", re.UNICODE)


def window_chunks(doc: Document, settings: WindowSettings | None = None) -> tuple[Chunk, ...]:
    """The baseline: fixed windows of tokens with overlap over the whole text, each chunk numbered by the
    numbered unit it *starts* in — the common pipeline that produces neighbour-paragraph pinpoints."""
    settings = settings or WindowSettings()
    text = doc.text
    toks = [(m.start(), m.end()) for m in TOKEN_RE.finditer(text)]
    if not toks:
        return ()
    numbered = [u for u in doc.units if u.number and u.kind is not UnitKind.HEADING]
    step = max(1, settings.window_tokens - settings.overlap_tokens)
    out: list[Chunk] = []
    i = 0
    while True:
        window = toks[i : i + settings.window_tokens]
        s, e = window[0][0], window[-1][1]
        # "the paragraph it starts in": the innermost numbered unit containing s, else the last one before s
        start_unit = None
        for u in numbered:
            if u.char_start <= s < u.char_end:
                if start_unit is None or u.char_start >= start_unit.char_start:
                    start_unit = u
        if start_unit is None:
            before = [u for u in numbered if u.char_start <= s]
            start_unit = before[-1] if before else None
        ch = Chunk(
            id=chunk_id(doc.id, Chunker.WINDOW, s, e), doc_id=doc.id, chunker=Chunker.WINDOW, ordinal=len(out),
            char_start=s, char_end=e,
            units=(start_unit.ordinal,) if start_unit else (),
            numbers=(start_unit.number,) if start_unit else (),
            labels=(start_unit.label,) if start_unit else (),
            zone=start_unit.zone if start_unit else Zone.OTHER,
            citable=start_unit.citable if start_unit else False,
            section_path=start_unit.section_path if start_unit else (),
            author=start_unit.author if start_unit else None, role=start_unit.role if start_unit else None,
            page_start=start_unit.page_start if start_unit else None,
            page_end=start_unit.page_end if start_unit else None,
            in_force_from=start_unit.in_force_from if start_unit else None,
            in_force_to=start_unit.in_force_to if start_unit else None,
            claimed_number=start_unit.number if start_unit else None,
        )
        out.append(ch)
        if i + settings.window_tokens >= len(toks):
            break
        i += step
    return tuple(out)



def first_children(doc: Document) -> dict[int, int]:
    """For each unit with children, where its first child starts (units are in document order)."""
    out: dict[int, int] = {}
    for u in doc.units:
        if u.parent is not None and u.parent not in out:
            out[u.parent] = u.char_start
    return out


def lead_in(doc: Document, ordinal: int, max_chars: int = 300, first_child: dict[int, int] | None = None,
            chunk_start: int | None = None) -> str:
    """The words that introduce a unit from above: each enclosing unit's own text before its first child
    ("(1) The Tax Court of Canada shall consist of the following judges:" for s. 4(1)(c)), outermost first.
    Context for retrieval and for the reader; never citable as the unit's own words.  Text a chunk starting at
    ``chunk_start`` already holds is left out.  ``first_child`` (from :func:`first_children`) saves a scan."""
    first_child = first_child if first_child is not None else first_children(doc)
    parts: list[str] = []
    u = doc.units[ordinal]
    while u.parent is not None:
        parent = doc.units[u.parent]
        if parent.kind is not UnitKind.HEADING and (chunk_start is None or parent.char_start < chunk_start):
            own = " ".join(doc.text[parent.char_start : first_child.get(parent.ordinal, parent.char_end)].split())
            if own:
                parts.append(own[:max_chars])
        u = parent
    return " ".join(reversed(parts))
