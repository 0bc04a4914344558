"""The JSON shapes pincite prints and serves, each defined once and used by the command line and the HTTP API
alike: a document (``show --json``, ``GET /api/documents/{id}``), a document summary (``documents --json``,
``GET /api/documents``), a search hit (``search --json``, ``GET /api/search``), a chunk audit (``audit --json``,
``GET /api/documents/{id}/audit``).  An answer's shape is :meth:`pincite.answer.model.Answer.to_json`.

Wherever a passage or citation lists ``units``, they are the units' printed labels (``"[14]"``,
``"s. 4(1)(c)"``); their ids (``<document id>:u<ordinal>``) are ``unit_ids`` (``unit_id`` for a citation's one
unit)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pincite.audit import AuditReport
from pincite.legal.injection import unit_flags
from pincite.lint import LintFinding, lint_counts, lint_document
from pincite.store import DocumentSummary
from pincite.types import Document, PageMarker, Passage, Unit, unit_id


def unit_to_json(doc_id: str, u: Unit) -> dict[str, Any]:
    return {
        "id": unit_id(doc_id, u.ordinal),
        "ordinal": u.ordinal,
        "number": u.number,
        "label": u.label,
        "kind": u.kind.value,
        "char_start": u.char_start,
        "char_end": u.char_end,
        "zone": u.zone.value,
        "citable": u.citable,
        "author": u.author,
        "role": u.role.value if u.role else None,
        "role_basis": u.role_basis,
        # False where the document's own text contradicts this label (parse/selfcheck): cited by order instead
        "label_verified": not u.attrs.get("label_unverified"),
        # ["instructions"] where the unit addresses an AI assistant or gives it instructions (legal/injection)
        "flags": list(unit_flags(u)),
        "section_path": list(u.section_path),
        "page_start": u.page_start,
        "page_end": u.page_end,
        "pdf_page_start": u.pdf_page_start,
        "pdf_page_end": u.pdf_page_end,
        "in_force_from": u.in_force_from,
        "in_force_to": u.in_force_to,
        "parent": unit_id(doc_id, u.parent) if u.parent is not None else None,
        # whose words (README, "Voice"): {"quoted": false, "spans": [...]} for the author's own, null when nothing
        # was read (a document that is not a judgment)
        "voice": u.voice.to_json() if u.voice is not None else None,
    }


def page_to_json(p: PageMarker) -> dict[str, Any]:
    return {"pdf_index": p.pdf_index, "label": p.label, "char_start": p.char_start, "char_end": p.char_end,
            "furniture": list(p.furniture)}


#: the units ``GET /api/documents/{id}`` returns at once: a document with more is answered a page at a time
#: (``offset``/``limit``; issue 50: 1.3 million units made one 519 MB response); every document of ../shared
#: has fewer, so its answer is whole as before
DOCUMENT_PAGE_UNITS = 5000


def document_to_json(doc: Document, with_text: bool = True, page: tuple[int, int] | None = None,
                     link: str | None = None) -> dict[str, Any]:
    """A document as ``show --json`` prints it.  With ``page`` (offset, limit) only those units (by ordinal)
    are listed, and ``text`` is left out: ``page`` says which units these are, of how many, the text they
    span (``char_start``, ``char_end``, and its ``text`` when ``with_text``) and, from ``link`` (the
    document's URL), the ``next`` and ``previous`` pages' URLs."""
    out: dict[str, Any] = {
        "id": doc.id,
        "source": doc.source,
        "kind": doc.kind.value,
        "format": doc.format.value,
        "title": doc.title,
        "citation": doc.citation,
        "date": doc.date,
        "work": doc.work,
        "version": doc.version,
        "content_sha256": doc.content_sha256,
        "warnings": list(doc.warnings),
        "meta": doc.meta,
        "ocr": bool(doc.meta.get("ocr")),  # the text was read by OCR from page images (it can differ from the page)
        # the same agreement stored from other files (pincite.twins), and the copy cited for them all
        "copies": list(doc.copies), "copy_of": doc.copy_of,
    }
    if page is None:
        if with_text:
            out["text"] = doc.text
        out["pages"] = [page_to_json(p) for p in doc.pages]
        out["units"] = [unit_to_json(doc.id, u) for u in doc.units]
        return out
    offset, limit = page
    units = doc.units[offset:offset + limit]
    start = min((u.char_start for u in units), default=0)
    end = max((u.char_end for u in units), default=0)
    total = len(doc.units)

    def at(o: int) -> str | None:
        if link is None:
            return None
        return f"{link}?offset={o}&limit={limit}" + ("" if with_text else "&text=false")

    out["page"] = {"offset": offset, "limit": limit, "units": total, "char_start": start, "char_end": end,
                   **({"text": doc.text[start:end]} if with_text else {}),
                   "next": at(offset + limit) if offset + limit < total else None,
                   "previous": at(max(0, offset - limit)) if offset > 0 else None}
    out["pages"] = [page_to_json(p) for p in doc.pages]
    out["units"] = [unit_to_json(doc.id, u) for u in units]
    return out


def summary_to_json(s: DocumentSummary) -> dict[str, Any]:
    return {
        "id": s.id, "source": s.source, "kind": s.kind.value, "format": s.format, "title": s.title,
        "citation": s.citation, "date": s.date, "work": s.work, "version_date": s.version_date,
        "units": s.units, "warnings": s.warnings, "copies": list(s.copies), "copy_of": s.copy_of,
        "numbering": s.numbering,  # the self-check's verdict on the document's labels (parse/selfcheck)
    }


def passage_label(p: Passage) -> str | None:
    """The pinpoint of a passage: its unit's label, or "first–last" when it holds several units."""
    labels = [x for x in p.chunk.labels if x] or [x for x in p.chunk.numbers if x]
    if not labels:
        return None
    return labels[0] if len(set(labels)) == 1 or len(labels) == 1 else f"{labels[0]}–{labels[-1]}"


def hit_to_json(p: Passage) -> dict[str, Any]:
    """One search hit (``search --json``'s ``hits``, ``GET /api/search``'s ``passages``)."""
    c = p.chunk
    return {
        "rank": p.rank,
        "passage_id": p.id,
        "document": {"id": p.document.id, "source": p.document.source, "title": p.document.title,
                     "citation": p.document.citation, "kind": p.document.kind.value,
                     "version_date": p.document.version_date},
        "units": [x for x in c.labels if x],
        "unit_ids": [unit_id(c.doc_id, o) for o in c.units],
        "label": passage_label(p),
        "char_start": c.char_start,
        "char_end": c.char_end,
        "text": p.text,
        "zone": c.zone.value,
        "citable": c.citable,
        "author": c.author,
        "role": c.role.value if c.role else None,
        "section_path": list(c.section_path),
        "page_start": c.page_start,
        "page_end": c.page_end,
        "in_force_from": c.in_force_from,
        "in_force_to": c.in_force_to,
        "score": round(p.score, 6),
        "via": p.via,
    }


@dataclass(frozen=True, slots=True)
class Hit(Passage):
    """One search hit: a retrieved passage (its chunk, document, text, score and rank) whose :meth:`to_json` is
    ``search --json``'s hit (:func:`hit_to_json`).  What :meth:`pincite.Pincite.search` returns."""

    @classmethod
    def of(cls, p: Passage) -> Hit:
        return cls(p.chunk, p.document, p.text, p.score, p.rank)

    @property
    def label(self) -> str | None:
        """The printed labels of its units (``"[14]–[15]"`` for several), as ``pincite search`` shows them."""
        return passage_label(self)

    def to_json(self) -> dict[str, Any]:
        return hit_to_json(self)


def audit_to_json(doc: Document, report: AuditReport, structure: list[LintFinding] | None = None) -> dict[str, Any]:
    """The chunk audit of one document: the report's summary, every chunk with its findings, and the structural
    lint's findings on the document's units (``structure``: kind, unit ordinal, label, detail)."""
    found = structure if structure is not None else lint_document(doc)
    return {**report.summary(), "numbering": doc.meta.get("numbering"),
            "structure": [f.to_json() for f in found],
            "structure_by_kind": lint_counts(found), "chunks_detail": [
        {"index": c.index, "char_start": c.char_start, "char_end": c.char_end, "claimed": c.claimed,
         "units": [doc.units[o].label or doc.units[o].number for o in c.units],
         "findings": [{"kind": f.kind.value, "detail": f.detail} for f in c.findings]}
        for c in report.chunks]}
