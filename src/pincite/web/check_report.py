"""A checked draft as HTML: the draft's text with each citation marked by its verdict, and the list of citations
with what was found.  One body serves both the reader's **Check a draft** page (each citation links to the
source, opened at the quoted words or at the suggested unit) and the self-contained file ``pincite check --html``
writes (no server to link to: the source's words are shown under each citation instead)."""

from __future__ import annotations

import html
from collections.abc import Callable

from pincite import CheckReport
from pincite.library import CitationResult
from pincite.types import Verdict

#: The verdict's colour class and its words for a reader.
VERDICT_WORDS = {
    Verdict.OK: "ok",
    Verdict.WRONG_PINPOINT: "wrong pinpoint: the words are in another unit",
    Verdict.QUOTE_ALTERED: "quotation altered",
    Verdict.QUOTE_NOT_FOUND: "quotation not found in the source",
    Verdict.DISSENT: "a dissent presented as the court's view",
    Verdict.QUOTED_AS_HOLDING: "words the court only quotes (a court below, counsel) presented as its holding",
    Verdict.NOT_CITABLE: "not citable (headnote, syllabus, summary)",
    Verdict.NOT_IN_FORCE: "not the text in force on the date",
    Verdict.PAGE_AS_PARAGRAPH: "a page read as a paragraph (or the reverse)",
    Verdict.NO_SUCH_UNIT: "the pinpoint names nothing in the source",
    Verdict.UNRESOLVED: "no stored document matches",
    Verdict.UNVERIFIED_PROPOSITION: "no quotation: the proposition needs reading",
    Verdict.CONTRADICTS_QUOTE: "the sentence says the opposite of the words it quotes",
}

CSS = """
.check-rows{background:#fff;border:1px solid #ccc;padding:.5rem 1rem}
.check-row{display:grid;grid-template-columns:minmax(0,3fr) minmax(0,2fr);gap:1.5rem;align-items:start;padding:.15rem 0}
.check-row.gap{margin-top:.9rem}
.check-text{white-space:pre-wrap;line-height:1.6;font-family:Georgia,serif}
.check-cards{font-family:sans-serif;font-size:.88rem}
.check-cards .cite-item:first-child{margin-top:0}
@media (max-width:800px){.check-row{grid-template-columns:minmax(0,1fr)}}
.check-summary{font-family:sans-serif;font-size:.9rem;margin:.5rem 0 1rem}
.check-summary span{display:inline-block;margin-right:.6rem}
mark.cite{padding:0 .1rem;border-radius:2px;cursor:pointer}
.v-ok{background:#d8f3d8}
.v-bad{background:#ffd6d6;outline:1px solid #d33}
.v-warn{background:#fff1c2;outline:1px solid #c90}
.cite-item{border-left:4px solid #888;background:#fff;margin:.5rem 0;padding:.4rem .6rem}
.cite-item.v-ok{border-left-color:#2a2;outline:none}
.cite-item.v-bad{border-left-color:#d33;outline:none;background:#fff}
.cite-item.v-warn{border-left-color:#c90;outline:none;background:#fff}
.cite-item .verdict{font-weight:bold}
.cite-item .source{color:#444;font-family:Georgia,serif;margin-top:.3rem;white-space:pre-wrap}
"""

_WARN = {Verdict.UNVERIFIED_PROPOSITION, Verdict.UNRESOLVED}


def verdict_class(v: Verdict) -> str:
    return "v-ok" if v is Verdict.OK else "v-warn" if v in _WARN else "v-bad"


Linker = Callable[[CitationResult], str | None]


def reader_link(r: CitationResult) -> str | None:
    """The reader's page for the source, at the quoted words (or the suggested unit, or the cited one)."""
    if r.document is None:
        return None
    href = f"/documents/{html.escape(r.document.id)}"
    if r.target_span is not None:
        href += f"?hl={r.target_span[0]}-{r.target_span[1]}"
    return href


def _rows(text: str, results: list[CitationResult]) -> list[tuple[int, int, bool]]:
    """The draft's lines (a markdown or Word paragraph is one line) as (start, end, blank line before), a line
    that a citation runs on from joined to it: each row shows its citations' verdicts beside it.  Only blank
    lines and line ends fall between rows."""
    rows: list[list[int]] = []
    pos, blank = 0, False
    for line in text.split("\n"):
        if line.strip():
            rows.append([pos, pos + len(line), int(blank)])
            blank = False
        elif rows:
            blank = True
        pos += len(line) + 1
    for r in results:
        a, b = r.found.char_start, r.found.char_end
        i = next((k for k, row in enumerate(rows) if row[0] <= a < row[1]), None)
        while i is not None and i + 1 < len(rows) and b > rows[i][1]:
            rows[i][1] = rows[i + 1][1]
            del rows[i + 1]
    return [(a, b, bool(gap)) for a, b, gap in rows]


def render_check_body(report: CheckReport, link: Linker | None = None, show_source: bool = False) -> str:
    """The draft with its citations marked, each line of it beside the verdicts of the citations in it (so a
    verdict stays beside its citation however long the draft).  ``link`` gives each citation's href to the
    source (the reader's page); ``show_source`` prints the source's words under each citation instead."""
    text = report.text
    order = {id(r): i for i, r in enumerate(report.results)}
    marked: list[CitationResult] = []
    pos = 0
    for r in sorted(report.results, key=lambda r: r.found.char_start):
        if r.found.char_start >= pos:
            marked.append(r)
            pos = r.found.char_end
    everything = sorted(report.results, key=lambda r: r.found.char_start)
    rows_html: list[str] = []
    for lo, hi, gap in _rows(text, marked) or [(0, len(text), False)]:
        parts: list[str] = []
        pos = lo
        for r in marked:
            a, b = r.found.char_start, r.found.char_end
            if not (lo <= a < hi):
                continue
            parts.append(html.escape(text[pos:a]))
            href = link(r) if link else None
            label = html.escape(VERDICT_WORDS[r.verdict])
            inner = html.escape(text[a:b])
            idx = order[id(r)]
            tag = (f'<a href="{href}" class="cite-link" data-cite="{idx}">{inner}</a>' if href else inner)
            parts.append(f'<mark class="cite {verdict_class(r.verdict)}" id="cite-{idx}" '
                         f'data-verdict="{r.verdict.value}" title="{label}">{tag}</mark>')
            pos = b
        parts.append(html.escape(text[pos:hi]))
        cards = [_item(order[id(r)], r, link, show_source) for r in everything if lo <= r.found.char_start < hi]
        rows_html.append(f'<div class="check-row{" gap" if gap else ""}"><div class="check-text">'
                         f'{"".join(parts)}</div><div class="check-cards">{"".join(cards)}</div></div>')
    summary = " ".join(f'<span class="{verdict_class(Verdict(k))}">{html.escape(k)}: {n}</span>'
                       for k, n in sorted(report.summary.items()))
    as_of = report.as_of.isoformat() if report.as_of else "today"
    loose = "".join(f'<li><q>{html.escape(report.text[a:b])}</q> — looks like a citation ({html.escape(what)}) '
                    f'but names nothing pincite can resolve</li>' for a, b, what in report.unrecognised)
    none = ('<div class="check-none" id="check-none"><b>No citations found: nothing in this draft was checked.'
            '</b></div>' if not report.results else "")
    return (f'<div class="check-summary" id="check-summary"><b>{len(report.results)} citation'
            f'{"s" if len(report.results) != 1 else ""}</b> in {html.escape(report.file)} (law as of {as_of}): '
            f'{summary or "none found"}</div>{none}'
            + (f'<div class="check-loose" id="check-loose">Not checked:<ul>{loose}</ul></div>' if loose else "")
            + f'<div class="check-rows" id="check-draft">{"".join(rows_html)}</div>')


def _item(i: int, r: CitationResult, link: Linker | None, show_source: bool) -> str:
    d = r.to_json()
    doc = r.document
    href = link(r) if link else None
    where = ""
    if doc is not None:
        name = html.escape(doc.title + (f" {doc.citation}" if doc.citation and doc.citation not in doc.title else ""))
        unit = f" · {html.escape(d['unit'])}" if d["unit"] else ""
        if d.get("label_verified") is False:  # the document's own text does not vouch for this label
            unit += (' <span class="badge warn numbering" title="The document\'s own cross-references or printed '
                     'numbers contradict this label, or it is only a position: cite it by order">numbering not '
                     'verified</span>')
        shown = f'<a class="source-link" href="{href}">{name}</a>' if href else name
        where = f"<div>{shown}{unit}</div>"
    sugg = ""
    if d["suggested"]:
        sugg = f'<div>suggested: <b class="suggested">{html.escape(d["suggested"]["pinpoint"])}</b> — ' \
               f'{html.escape(d["suggested"]["rendered"])}</div>'
    source = ""
    if show_source and doc is not None and r.target_span is not None:
        a, b = r.target_span
        words = doc.text[a:b]
        if len(words) > 700:
            words = words[:700] + " …"
        source = f'<div class="source">{html.escape(words)}</div>'
    return (f'<div class="cite-item {verdict_class(r.verdict)}" id="item-{i}" data-verdict="{r.verdict.value}">'
            f'<div><a href="#cite-{i}">{html.escape(d["text"])}</a> — <span class="verdict">'
            f'{html.escape(r.verdict.value)}</span></div>{where}<div class="detail">{html.escape(r.detail)}</div>'
            f'{sugg}{source}</div>')


def render_check_html(report: CheckReport) -> str:
    """The report as one self-contained HTML file (``pincite check --html``): no scripts, no external files."""
    return ("<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>pincite check: "
            f"{html.escape(report.file)}</title><style>body{{margin:1rem;background:#fafafa;color:#222}}{CSS}</style>"
            f"</head><body><h1 style=\"font-family:sans-serif;font-size:1.2rem\">Citations checked: "
            f"{html.escape(report.file)}</h1>{render_check_body(report, None, show_source=True)}</body></html>")
