"""A self-contained HTML page for a chunk audit: the document with coloured chunk boundaries, the unit
numbers in the margin, every flagged chunk listed with what is wrong with it, and the structural lint's flags
(units whose boundaries the document's own text contradicts), as ``pincite audit`` prints them."""

from __future__ import annotations

import html

from pincite import AuditReport
from pincite.library import LintFinding, lint_counts, lint_document
from pincite.types import Document

_CSS = """
body{font-family:Georgia,serif;margin:0;display:flex;gap:1.5rem;padding:1rem;background:#fafafa;color:#222}
main{flex:3;max-width:60rem} aside{flex:2;position:sticky;top:0;max-height:100vh;overflow:auto}
h1{font-size:1.2rem} .summary{font-family:sans-serif;font-size:.9rem;background:#fff;border:1px solid #ccc;padding:.6rem}
.doc{white-space:pre-wrap;line-height:1.55;background:#fff;border:1px solid #ccc;padding:1rem 1rem 1rem 4.5rem;position:relative}
.c0{background:#e3f0ff}.c1{background:#e8f8e3}.flag{background:#ffd6d6;outline:1px solid #d33}
.boundary{display:inline-block;width:0;border-left:2px solid #36c;height:1.1em;vertical-align:middle}
.boundary.flag{border-left-color:#d33}
.num{position:absolute;left:.4rem;font-family:sans-serif;font-size:.75rem;color:#555;background:#eee;padding:0 .2rem}
.finding{font-family:sans-serif;font-size:.85rem;border-left:3px solid #d33;background:#fff;margin:.4rem 0;padding:.3rem .5rem}
.finding b{color:#a00} .ok{color:#070;font-family:sans-serif}
.num.structure{background:#ffd6d6;outline:1px solid #d33;color:#a00}
"""


def render_audit_html(doc: Document, report: AuditReport, head: str = "", nav: str = "",
                      structure: list[LintFinding] | None = None) -> str:
    """Render ``report`` over ``doc`` as one HTML page (no external resources).  The web reader's page adds its
    stylesheet link (``head``, inside ``<head>``) and its navigation bar (``nav``, first in ``<body>``); the
    file ``pincite audit --html`` writes has neither.  ``structure`` is the structural lint's findings (computed
    here when not given); each flagged unit's number is marked in the margin and listed with its finding."""
    if structure is None:
        structure = lint_document(doc)
    linted = {f.unit for f in structure if f.unit is not None}
    text = doc.text
    flagged = {c.index for c in report.flagged}
    events: dict[int, list[str]] = {}
    chunk_at: list[tuple[int, int, int]] = [
        (c.char_start, c.char_end, c.index) for c in report.chunks if c.char_start is not None and c.char_end is not None
    ]
    for s, e, i in chunk_at:
        cls = "boundary flag" if i in flagged else "boundary"
        events.setdefault(s, []).append(f'<span class="{cls}" id="chunk-{i}" title="chunk {i} starts"></span>')
    for u in doc.units:
        if u.number and u.kind.value != "heading" or u.ordinal in linted:
            cls, anchor = ("num structure", f' id="unit-{u.ordinal}"') if u.ordinal in linted else ("num", "")
            events.setdefault(u.char_start, []).append(
                f'<span class="{cls}"{anchor} title="{html.escape(u.zone.value)}">'
                f'{html.escape(u.label or u.number or "unit")}</span>'
            )
    # colour: each character takes the colour of the last chunk starting at or before it that still covers it
    cuts = sorted({0, len(text), *events.keys(), *(e for _, e, _ in chunk_at)})
    parts: list[str] = []
    for a, b in zip(cuts, cuts[1:] + [len(text)]):
        parts.extend(events.get(a, []))
        if b <= a:
            continue
        covering = [i for s, e, i in chunk_at if s <= a and b <= e]
        seg = html.escape(text[a:b])
        if covering:
            i = covering[-1]
            cls = "flag" if any(j in flagged for j in covering) else f"c{i % 2}"
            parts.append(f'<span class="{cls}" data-chunk="{i}">{seg}</span>')
        else:
            parts.append(seg)
    summ = report.summary()
    by_kind = ", ".join(f"{k}: {v}" for k, v in summ["by_kind"].items() if v) or "none"
    findings_html = []
    for c in report.flagged:
        items = "".join(f"<div><b>{html.escape(f.kind.value)}</b> {html.escape(f.detail)}</div>" for f in c.findings)
        where = f'<a href="#chunk-{c.index}">chunk {c.index}</a>' if c.char_start is not None else f"chunk {c.index}"
        claimed = html.escape(c.claimed or "no number")
        findings_html.append(f'<div class="finding" data-flagged="{c.index}">{where} claims {claimed}{items}</div>')
    if not findings_html:
        findings_html.append('<p class="ok">No chunk flagged.</p>')
    structure_html = []
    for f in structure:
        where = f'<a href="#unit-{f.unit}">{html.escape(f.label)}</a>' if f.unit is not None else html.escape(f.label)
        structure_html.append(f'<div class="finding" data-structure="{html.escape(f.kind.value)}">{where}'
                              f'<div><b>{html.escape(f.kind.value)}</b> {html.escape(f.detail)}</div></div>')
    if not structure_html:
        structure_html.append('<p class="ok">No structure flag.</p>')
    by_structure = ", ".join(f"{k} {v}" for k, v in lint_counts(structure).items() if v) or "none"
    return (
        "<!doctype html><html><head><meta charset='utf-8'>"
        f"<title>Chunk audit: {html.escape(doc.title)}</title><style>{_CSS}</style>{head}</head><body>{nav}"
        f"<main><h1>{html.escape(doc.title)}</h1>"
        f"<div class='summary' id='summary'>pipeline <b>{html.escape(report.pipeline)}</b>: {summ['chunks']} chunks, "
        f"<b id='flagged-count'>{summ['flagged']}</b> flagged ({html.escape(by_kind)}); "
        f"wrong number in {summ['wrong_number_share']:.0%} of chunks; "
        f"<b id='structure-count'>{len(structure)}</b> structure flags ({html.escape(by_structure)}). "
        f"Source: {html.escape(doc.source)}</div>"
        f"<div class='doc'>{''.join(parts)}</div></main>"
        f"<aside><h1>Flagged chunks</h1>{''.join(findings_html)}"
        f"<h1>Structure flags</h1><div id='structure'>{''.join(structure_html)}</div></aside></body></html>"
    )
