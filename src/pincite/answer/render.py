"""Pinpoints and rendered citations, always from metadata — never from the generator's text."""

from __future__ import annotations

import bisect

from pincite.types import (
    UNVERIFIED_NUMBERING, Document, DocumentKind, Quotation, Role, SourceKind, Unit, label_by_order,
    label_unverified, order_label,
)

_SHOWN_ROLES = {Role.DISSENTING: "dissenting", Role.PARTLY_DISSENTING: "dissenting in part",
                Role.CONCURRING: "concurring"}


def page_at(doc: Document, offset: int) -> str | None:
    """The printed page label on which canonical offset ``offset`` falls (None without page markers)."""
    if not doc.pages:
        return None
    starts = [p.char_start for p in doc.pages]
    i = bisect.bisect_right(starts, offset) - 1
    return doc.pages[max(i, 0)].label


def quotation_of(doc: Document, unit: Unit, quote_start: int | None = None,
                 quote_end: int | None = None) -> Quotation | None:
    """The quotation the cited words are in (the unit's, or one inside it), or None for the author's own words."""
    if unit.voice is None:
        return None
    start = unit.char_start if quote_start is None else quote_start
    end = unit.char_end if quote_end is None else quote_end
    return unit.voice.quotation_at(start, end)


def quoting_phrase(q: Quotation) -> str:
    """"quoting the Upper Tribunal at [42]", "quoting Mr Bates", "quoting clause 2.10.1", "quoting (source not
    stated)"."""
    source = q.source or ("the court below" if q.kind is SourceKind.LOWER_COURT else
                          "counsel" if q.kind is SourceKind.COUNSEL else None)
    if source and q.kind is SourceKind.LOWER_COURT and not source.lower().startswith("the ") \
            and not source.split()[-1] in ("J", "QC", "KC"):
        source = "the " + source
    out = "quoting " + (source or "another source")
    if q.source_pinpoint:
        out += f" at {q.source_pinpoint}"
    return out


def pinpoint(doc: Document, unit: Unit, quote_start: int | None = None, quote_end: int | None = None) -> str:
    """The pinpoint of ``unit``: paragraphs by their printed numbers, pages as pages, provisions by label.

    ``at [14]`` for a numbered judgment paragraph; ``Part II-A, at p. 7`` for an unnumbered part of a paged
    opinion; ``s. 4(1)(c)`` for a provision; ``cl. 2.1`` for a clause.  A label the document's own numbering
    contradicts is never shown as the document's number: ``¶7 by order; the document's numbering could not be
    verified`` (:mod:`pincite.parse.selfcheck`); one that is only the unit's position says so: ``¶7 by order``.
    """
    label = unit.label or (f"[{unit.number}]" if unit.number else None)
    page = None
    if quote_start is not None:
        page = page_at(doc, quote_start)
        end_page = page_at(doc, max(quote_start, (quote_end or quote_start) - 1))
        if page and end_page and end_page != page:
            page = f"{page}–{end_page}"
    page = page or unit.page_start
    if label_unverified(unit) or (label_by_order(unit) and label):
        shown = label if not label_unverified(unit) and label and "\u00b6" in label else order_label(doc, unit)
        where = f", at p. {page}" if page else ""
        at = "at " if doc.kind is DocumentKind.JUDGMENT else ""
        # a count is never presented as a printed number; the doubt is said only where the document contradicts
        # the parser's label (a document that prints no numbers leaves nothing to verify)
        doubt = f"; {UNVERIFIED_NUMBERING}" if label_unverified(unit) else ""
        return f"{at}{shown} by order{where}{doubt}"
    if doc.kind is DocumentKind.JUDGMENT:
        q = quotation_of(doc, unit, quote_start, quote_end)
        if q is not None and unit.voice is not None and unit.voice.quoted and unit.parent is not None \
                and q.source_pinpoint == f"[{(unit.number or '').rstrip('.')}]":
            # a paragraph of the decision quoted ("[18] 42"): the court's own paragraph, and the quoted one's place
            holder = doc.units[unit.parent]
            return f"at {holder.label or holder.number}, {quoting_phrase(q)}"
        if unit.number and label:
            return f"at {label}"
        if page:
            return f"{label}, at p. {page}" if label else f"at p. {page}"
        return label or f"unit {unit.ordinal + 1} (unnumbered)"
    if label:
        return label
    if page:
        return f"p. {page}"
    return f"unit {unit.ordinal + 1} (unnumbered)"


def render_citation(doc: Document, unit: Unit, quote_start: int | None = None, quote_end: int | None = None) -> str:
    """E.g. ``Ipek v Koza Altin [2020] EWCA Civ 1018 at [61]`` or
    ``Tax Court of Canada Act, s. 4(1)(c) (in force 2021-06-29)``."""
    name = doc.title
    if doc.citation and doc.citation not in name:
        name = f"{name} {doc.citation}"
    pin = pinpoint(doc, unit, quote_start, quote_end)
    if doc.kind is DocumentKind.JUDGMENT:
        out = f"{name} {pin}"
        q = quotation_of(doc, unit, quote_start, quote_end)
        if q is not None and "quoting" not in pin:
            out += f", {quoting_phrase(q)}"
        shown = _SHOWN_ROLES.get(unit.role) if unit.role else None
        if shown and unit.author:
            out += f" (per {unit.author}, {shown})"
        elif unit.role is None and unit.author and unit.zone.value == "reasons":
            out += f" (per {unit.author})"
        return out
    out = f"{name}, {pin}"
    if unit.in_force_from or unit.in_force_to:
        if unit.in_force_to:
            out += f" (in force {unit.in_force_from or '…'} to {unit.in_force_to})"
        else:
            out += f" (in force {unit.in_force_from})"
    elif doc.version and doc.version.get("date"):
        out += f" (version of {doc.version['date']})"
    return out
