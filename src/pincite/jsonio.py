"""The JSON shapes pincite prints and serves (``show --json``, ``documents --json``, the HTTP API)."""

from __future__ import annotations

from typing import Any

from pincite.store import DocumentSummary
from pincite.types import Document, PageMarker, Unit, unit_id


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
        "section_path": list(u.section_path),
        "page_start": u.page_start,
        "page_end": u.page_end,
        "pdf_page_start": u.pdf_page_start,
        "pdf_page_end": u.pdf_page_end,
        "in_force_from": u.in_force_from,
        "in_force_to": u.in_force_to,
        "parent": unit_id(doc_id, u.parent) if u.parent is not None else None,
    }


def page_to_json(p: PageMarker) -> dict[str, Any]:
    return {"pdf_index": p.pdf_index, "label": p.label, "char_start": p.char_start, "char_end": p.char_end,
            "furniture": list(p.furniture)}


def document_to_json(doc: Document, with_text: bool = True) -> dict[str, Any]:
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
    }
    if with_text:
        out["text"] = doc.text
    out["pages"] = [page_to_json(p) for p in doc.pages]
    out["units"] = [unit_to_json(doc.id, u) for u in doc.units]
    return out


def summary_to_json(s: DocumentSummary) -> dict[str, Any]:
    return {
        "id": s.id, "source": s.source, "kind": s.kind.value, "format": s.format, "title": s.title,
        "citation": s.citation, "date": s.date, "work": s.work, "version_date": s.version_date,
        "units": s.units, "warnings": s.warnings,
    }
