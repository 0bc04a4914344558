"""Decoding stored rows into value types: one place for both backends (SQLite and PostgreSQL store the same
columns in the same order)."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from pincite.store import DocumentSummary
from pincite.types import (
    Chunk, Chunker, Document, DocumentKind, Format, PageMarker, Role, Unit, UnitKind, Voice, Zone,
)

DOCUMENT_COLUMNS = ("id, source, format, kind, title, citation, date, work, version_json, content_sha256, text, "
                    "warnings_json, meta_json")
UNIT_COLUMNS = ("ordinal, kind, number, label, char_start, char_end, zone, citable, author, role, role_basis, "
                "section_path_json, page_start, page_end, pdf_page_start, pdf_page_end, in_force_from, in_force_to, "
                "parent, attrs_json")
PAGE_COLUMNS = "pdf_index, label, char_start, char_end, furniture_json"
CHUNK_COLUMNS = (
    "c.doc_id, c.chunker, c.ordinal, c.id, c.char_start, c.char_end, c.units_json, c.zone, c.citable, c.author, "
    "c.role, c.in_force_from, c.in_force_to, c.envelope_json"
)


#: The key under which a unit's :class:`~pincite.types.Voice` is kept in ``attrs_json`` (both backends).
VOICE_KEY = "voice"


def unit_attrs_json(u: Unit) -> str:
    """A unit's ``attrs_json`` column: its attrs, and its voice under :data:`VOICE_KEY` (never a parser's attr)."""
    attrs = dict(u.attrs)
    attrs.pop(VOICE_KEY, None)
    if u.voice is not None:
        attrs[VOICE_KEY] = u.voice.to_json()
    return json.dumps(attrs, default=str)


def unit_from_row(u: Sequence[Any]) -> Unit:
    attrs = json.loads(u[19])
    voice = attrs.pop(VOICE_KEY, None)
    return Unit(
        ordinal=u[0], kind=UnitKind(u[1]), number=u[2], label=u[3], char_start=u[4], char_end=u[5],
        zone=Zone(u[6]), citable=bool(u[7]), author=u[8], role=Role(u[9]) if u[9] else None,
        role_basis=u[10], section_path=tuple(json.loads(u[11])), page_start=u[12], page_end=u[13],
        pdf_page_start=u[14], pdf_page_end=u[15], in_force_from=u[16], in_force_to=u[17],
        parent=u[18], attrs=attrs, voice=Voice.from_json(voice) if voice else None,
    )


def page_from_row(p: Sequence[Any]) -> PageMarker:
    return PageMarker(pdf_index=p[0], label=p[1], char_start=p[2], char_end=p[3], furniture=tuple(json.loads(p[4])))


def document_from_rows(r: Sequence[Any], units: Iterable[Sequence[Any]], pages: Iterable[Sequence[Any]]) -> Document:
    return Document(
        id=r[0], source=r[1], format=Format(r[2]), kind=DocumentKind(r[3]), title=r[4], citation=r[5],
        date=r[6], work=r[7], version=json.loads(r[8]) if r[8] else None, content_sha256=r[9], text=r[10],
        warnings=tuple(json.loads(r[11])), meta=json.loads(r[12]),
        units=tuple(unit_from_row(u) for u in units), pages=tuple(page_from_row(p) for p in pages),
    )


def summary_from_row(r: Sequence[Any]) -> DocumentSummary:
    """``id, source, kind, format, title, citation, date, work, version_json, unit count, warnings_json``, and
    the numbering verdict (``meta["numbering"]["verdict"]``) where the row has it."""
    version = json.loads(r[8]) if r[8] else None
    return DocumentSummary(
        id=r[0], source=r[1], kind=DocumentKind(r[2]), format=r[3], title=r[4], citation=r[5], date=r[6],
        work=r[7], version_date=(version or {}).get("date"), units=r[9], warnings=len(json.loads(r[10])),
        numbering=r[11] if len(r) > 11 else None,
    )


def chunk_from_row(r: Sequence[Any]) -> Chunk:
    env = json.loads(r[13])
    return Chunk(
        id=r[3], doc_id=r[0], chunker=Chunker(r[1]), ordinal=r[2], char_start=r[4], char_end=r[5],
        units=tuple(json.loads(r[6])), numbers=tuple(env["numbers"]), labels=tuple(env["labels"]),
        zone=Zone(r[7]), citable=bool(r[8]), section_path=tuple(env["section_path"]), author=r[9],
        role=Role(r[10]) if r[10] else None, page_start=env["page_start"], page_end=env["page_end"],
        in_force_from=r[11], in_force_to=r[12], piece=env["piece"], pieces=env["pieces"],
        parent_unit=env["parent_unit"], context_start=env["context_start"], context_end=env["context_end"],
        claimed_number=env["claimed_number"],
    )


def chunk_envelope(ch: Chunk) -> dict[str, Any]:
    """What a chunk row keeps as JSON (the filterable fields have columns of their own)."""
    return {
        "numbers": list(ch.numbers), "labels": list(ch.labels), "section_path": list(ch.section_path),
        "page_start": ch.page_start, "page_end": ch.page_end, "piece": ch.piece, "pieces": ch.pieces,
        "parent_unit": ch.parent_unit, "context_start": ch.context_start, "context_end": ch.context_end,
        "claimed_number": ch.claimed_number,
    }


# -- what names a document, and the settings both backends keep -----------------------------------

#: Characters of a document's opening words (whitespace collapsed) indexed as its document information: the title
#: page, the parties.  Measured on LegalBench-RAG dev: cutting the opening at the first operative unit instead
#: routed fewer queries to their contract (hybrid recall@8 65 % -> 53 %), so the opening is a fixed length.  It
#: is counted in words' characters, not raw characters: a filing whose title page is indented with hundreds of
#: spaces ("EXHIBIT 10.26 ... SPONSORSHIP AGREEMENT", then the parties) lost its parties to the padding, and
#: four dev queries that name their contract were searched as if they named none (dev p@1 36.8 -> 39.0 %,
#: recall@8 88.8 -> 89.7 %).  Not longer: at 600, a small corpus's judgments hold ordinary words ("clause",
#: "notice", "under") in their openings that only one document has, and those were taken for naming words.
OPENING_CHARS = 400
_NONSPACE = re.compile(r"\S+")


def opening_words(text: str, limit: int = OPENING_CHARS) -> str:
    """The first words of ``text``, single-spaced, up to ``limit`` characters (whole words only)."""
    out: list[str] = []
    n = 0
    for m in _NONSPACE.finditer(text):
        w = m.group(0)
        n += len(w) + (1 if out else 0)
        if n > limit:
            break
        out.append(w)
    return " ".join(out)


_CAMEL = re.compile(r"(?<=[a-z])(?=[A-Z])|[_\-.]+")


def source_words(source: str) -> str:
    """A source path as words: the file name without extension, split at case changes and punctuation."""
    name = Path(source).stem
    return _CAMEL.sub(" ", name)


def document_information(title: str, citation: str | None, source: str, text: str) -> str:
    """What names a document (searched at document level): its title, citation, source file name and opening
    words.  The embedded and the PostgreSQL index both index exactly this."""
    return " ".join(x for x in (title, citation or "", source_words(source), opening_words(text)) if x)


#: The settings key of the store-wide generation counter (see :meth:`SQLiteStore.generation`).
GENERATION_KEY = "store.generation"
#: The settings key of the store's identity (see :meth:`SQLiteStore.store_id`).
STORE_ID_KEY = "store.id"


# -- twins: the same agreement stored from several files ------------------------------------------------------

def copies_by_document(rows: Iterable[Sequence[Any]]) -> dict[str, tuple[tuple[str, ...], str | None]]:
    """From ``(doc id, twin group, canonical)`` rows of stored documents: each grouped document's
    ``(other copies' ids, canonical copy's id or None when it is the canonical one)``.  A group left with one
    document is none; a group whose canonical copy is gone takes its smallest id."""
    groups: dict[str, list[tuple[str, bool]]] = {}
    for doc_id, group, canonical in rows:
        if group is not None:
            groups.setdefault(str(group), []).append((str(doc_id), bool(canonical)))
    out: dict[str, tuple[tuple[str, ...], str | None]] = {}
    for members in groups.values():
        if len(members) < 2:
            continue
        ids = sorted(m for m, _ in members)
        canon = next((m for m, c in sorted(members) if c), ids[0])
        for m in ids:
            out[m] = (tuple(x for x in ids if x != m), None if m == canon else canon)
    return out


def with_copies(summaries: list[DocumentSummary],
                copies: dict[str, tuple[tuple[str, ...], str | None]]) -> list[DocumentSummary]:
    """``summaries`` with their copies (see :func:`copies_by_document`)."""
    if not copies:
        return summaries
    return [replace(s, copies=copies[s.id][0], copy_of=copies[s.id][1]) if s.id in copies else s
            for s in summaries]
