"""A stored document as reader markup: one block per top-level unit, its number in the margin, the zones
marked (headnote, each judge's reasons, dissent), printed pages as markers, and exactly the characters
``[start, end)`` of the canonical text highlighted.

Everything is cut from the document's canonical text by offsets (never found by searching), so what is
highlighted is exactly what a citation's ``char_start``/``char_end`` name.  The highlight may be split into
several ``<mark class="hl">`` pieces where it crosses a nested unit or a page marker; their text, joined in
document order, is the quoted text.
"""

from __future__ import annotations

import html
from dataclasses import dataclass

from pincite.library import quoting_phrase
from pincite.types import Document, DocumentKind, Quotation, Role, Unit, UnitKind, Zone

ZONE_NAMES = {
    Zone.COVER: "Cover page",
    Zone.HEADNOTE: "Headnote",
    Zone.SUMMARY: "Summary",
    Zone.REASONS: "Reasons",
    Zone.ORDER: "Order",
    Zone.BODY: "Operative text",
    Zone.SCHEDULE: "Schedule",
    Zone.NOTE: "Notes",
    Zone.SIGNATURES: "Signatures",
    Zone.OTHER: "Other",
}

ROLE_NAMES = {
    Role.LEAD: "lead judgment",
    Role.CONCURRING: "concurring",
    Role.DISSENTING: "dissenting",
    Role.PARTLY_DISSENTING: "dissenting in part",
    Role.JOINT: "joint judgment",
    Role.SOLE: "sole judgment",
}

#: Roles a reader must be warned about: these reasons are not (or not wholly) the court's holding.
MINORITY_ROLES = frozenset({Role.DISSENTING, Role.PARTLY_DISSENTING})


@dataclass(frozen=True, slots=True)
class Highlight:
    """Characters ``[start, end)`` of the canonical text to mark."""

    start: int
    end: int


def parse_highlight(value: str | None, text_length: int) -> Highlight | None:
    """``"120-184"`` -> Highlight(120, 184); None for anything missing, malformed or outside the text."""
    if not value:
        return None
    a, sep, b = value.partition("-")
    if not sep or not a.isdigit() or not b.isdigit():
        return None
    s, e = int(a), int(b)
    if not 0 <= s < e <= text_length:
        return None
    return Highlight(s, e)


def describe_zone(u: Unit) -> str:
    """The banner a run of units gets: ``"Reasons of Moylan LJ — dissenting"``, ``"Headnote — not citable"``."""
    name = ZONE_NAMES.get(u.zone, u.zone.value)
    if u.author:
        name += f" of {u.author}"
    if u.role is not None:
        name += f" — {ROLE_NAMES.get(u.role, u.role.value)}"
    if not u.citable and u.zone not in (Zone.REASONS, Zone.BODY):
        name += " — not citable"
    return name


def zone_key(u: Unit) -> tuple[str, str | None, str | None]:
    return (u.zone.value, u.author, u.role.value if u.role else None)


def unit_classes(u: Unit, cited: int | None) -> str:
    cls = ["unit", f"z-{u.zone.value}", f"k-{u.kind.value}"]
    if u.role is not None:
        cls.append(f"r-{u.role.value}")
    if not u.citable:
        cls.append("not-citable")
    if cited is not None and u.ordinal == cited:
        cls.append("cited")
    if u.voice is not None and u.voice.quoted:
        cls.append("quoted")  # the whole unit is words the author quotes
    if u.attrs.get("label_unverified"):
        cls.append("label-unverified")  # the document's own text contradicts this label (parse/selfcheck)
    for flag in u.attrs.get("flags") or ():
        cls.append(f"flag-{flag}")  # "instructions": the unit addresses an AI assistant (legal/injection)
    return " ".join(cls)


#: What the reader's badge says of each unit flag, and its tooltip.
FLAG_BADGES = {
    "instructions": ("instructions to an AI",
                     "This passage addresses an AI assistant or gives it instructions. It is shown as the "
                     "document's text, is marked as untrusted in a model's context, and no answer cites it."),
}


def flag_badges(u: Unit) -> str:
    """The badges of a unit's flags (``unit.attrs["flags"]``), as HTML."""
    out = []
    for flag in u.attrs.get("flags") or ():
        text, title = FLAG_BADGES.get(flag, (flag, flag))
        out.append(f'<span class="badge warn flag flag-{html.escape(flag)}" title="{html.escape(title)}">'
                   f'{html.escape(text)}</span>')
    return "".join(out)


def quoting_title(q: Quotation) -> str:
    """What a reader is told about quoted words: "quoting the Upper Tribunal at [42]"."""
    return quoting_phrase(q)


def unit_title(u: Unit) -> str:
    bits = [u.label or u.number or u.kind.value, describe_zone(u)]
    if u.page_start:
        bits.append(f"p. {u.page_start}" + (f"–{u.page_end}" if u.page_end and u.page_end != u.page_start else ""))
    if u.in_force_from or u.in_force_to:
        bits.append(f"in force {u.in_force_from or '…'} → {u.in_force_to or 'now'}")
    if u.voice is not None and u.voice.quoted and u.voice.quotation is not None:
        bits.append(quoting_title(u.voice.quotation))
    if u.attrs.get("label_unverified"):
        bits.append("label unverified: the document's own text contradicts it; cited by order")
    if "instructions" in (u.attrs.get("flags") or ()):
        bits.append("addresses an AI assistant or gives it instructions: data, never cited")
    return " · ".join(bits)


class _Cutter:
    """Emits escaped slices of the text, inserting page markers and highlight marks at their offsets."""

    def __init__(self, doc: Document, hl: Highlight | None) -> None:
        self.text = doc.text
        self.hl = hl
        self.pages = sorted((p.char_start, p.label or str(p.pdf_index + 1), p.pdf_index) for p in doc.pages)
        self.first_mark = True
        # quotations inside units (a unit quoted as a whole is marked by its class instead)
        self.quotes = sorted((q.char_start, q.char_end, quoting_title(q)) for u in doc.units
                             if u.voice is not None and not u.voice.quoted for q in u.voice.spans)

    def pages_in(self, a: int, b: int) -> list[tuple[int, str, int]]:
        return [p for p in self.pages if a <= p[0] < b]

    def piece(self, a: int, b: int) -> str:
        """The text ``[a, b)`` with page markers and highlight pieces inserted."""
        if b <= a:
            return ""
        cuts = {a, b}
        marks = self.pages_in(a, b)
        cuts.update(p[0] for p in marks)
        if self.hl is not None:
            cuts.update(x for x in (self.hl.start, self.hl.end) if a < x < b)
        quotes = [q for q in self.quotes if q[0] < b and q[1] > a]
        cuts.update(x for q in quotes for x in q[:2] if a < x < b)
        pos = sorted(cuts)
        out: list[str] = []
        for x, y in zip(pos, pos[1:]):
            for p in marks:
                if p[0] == x:
                    out.append(page_marker(p[1], p[2]))
            seg = html.escape(self.text[x:y], quote=False)
            if self.hl is not None and self.hl.start <= x and y <= self.hl.end:
                ident = ' id="hl"' if self.first_mark else ""
                self.first_mark = False
                seg = f'<mark class="hl"{ident}>{seg}</mark>'
            quote = next((q for q in quotes if q[0] <= x and y <= q[1]), None)
            if quote is not None:
                seg = f'<span class="quoted" title="{html.escape(quote[2])}">{seg}</span>'
            out.append(seg)
        return "".join(out)


def page_marker(label: str, pdf_index: int) -> str:
    lab = html.escape(label)
    return (f'<span class="page" data-page="{lab}" title="printed page {lab} (PDF page {pdf_index + 1})"'
            f' aria-label="page {lab}"></span>')


#: the most units one reader page shows: a longer document is shown a window at a time, with links to the
#: previous and next windows (issue 50: 1.3 million units made one 290 MB page); every document of
#: ../shared has fewer, so its page is whole as before
READER_PAGE_UNITS = 5000


def _top_and_children(doc: Document) -> tuple[list[Unit], dict[int, list[Unit]]]:
    children: dict[int, list[Unit]] = {}
    top: list[Unit] = []
    for u in doc.units:
        if u.parent is None:
            top.append(u)
        else:
            children.setdefault(u.parent, []).append(u)
    top.sort(key=lambda u: (u.char_start, -u.char_end))
    return top, children


@dataclass(frozen=True, slots=True)
class ReaderWindow:
    """One page of a long document in the reader: its top-level units ``[first, end)`` (in reading order),
    its number (1-based) and the number of pages."""

    first: int
    end: int
    page: int
    pages: int


def reader_windows(doc: Document, per_page: int = READER_PAGE_UNITS) -> list[tuple[int, int]]:
    """The document's reader pages as ranges of its top-level units (in reading order), each holding at most
    ``per_page`` units counting the units nested in them (a top-level unit with more is a page alone).  One
    page for a document of ``per_page`` units or fewer."""
    top, children = _top_and_children(doc)
    if len(doc.units) <= per_page:
        return [(0, len(top))]
    sizes = []
    for u in top:
        n, stack = 0, [u.ordinal]
        while stack:
            n += 1
            stack.extend(c.ordinal for c in children.get(stack.pop(), ()))
        sizes.append(n)
    out: list[tuple[int, int]] = []
    start, held = 0, 0
    for i, n in enumerate(sizes):
        if held and held + n > per_page:
            out.append((start, i))
            start, held = i, 0
        held += n
    out.append((start, len(top)))
    return out


def reader_window(doc: Document, page: int | None, at: int | None = None,
                  per_page: int = READER_PAGE_UNITS) -> ReaderWindow | None:
    """The window of the reader page ``page`` (1-based; clamped to the pages there are), or, with no page
    asked for, the one holding the character ``at`` (a highlight or a cited unit), else the first.  None when
    the document fits one page (it is shown whole)."""
    windows = reader_windows(doc, per_page)
    if len(windows) == 1:
        return None
    if page is None:
        page = 1
        if at is not None:
            top, _ = _top_and_children(doc)
            for i, (a, b) in enumerate(windows):
                if top[a].char_start <= at and (b == len(top) or at < top[b].char_start):
                    page = i + 1
                    break
    page = min(max(page, 1), len(windows))
    first, end = windows[page - 1]
    return ReaderWindow(first=first, end=end, page=page, pages=len(windows))


def render_document_body(doc: Document, hl: Highlight | None = None, cited: int | None = None,
                         window: ReaderWindow | None = None) -> str:
    """The reader markup of ``doc``: zone banners, unit blocks with margin numbers, gaps, page markers; with a
    ``window``, only its top-level units (and the text between them)."""
    cut = _Cutter(doc, hl)
    top, children = _top_and_children(doc)
    if window is not None:
        top = top[window.first:window.end]

    def inner(u: Unit) -> str:
        out, pos = [], u.char_start
        for ch in sorted(children.get(u.ordinal, []), key=lambda c: (c.char_start, -c.char_end)):
            if ch.char_start < pos:  # overlapping sibling: render its text once, in the earlier unit
                continue
            out.append(cut.piece(pos, ch.char_start))
            num = html.escape(ch.label or ch.number or "")
            cls = unit_classes(ch, cited).replace("unit", "sub", 1)
            out.append(f'<span class="{cls}" id="u{ch.ordinal}" data-ordinal="{ch.ordinal}" data-number="{num}"'
                       f' title="{html.escape(unit_title(ch))}">{inner(ch)}</span>')
            pos = ch.char_end
        out.append(cut.piece(pos, u.char_end))
        return "".join(out)

    def gap(a: int, b: int) -> str:
        if b <= a:
            return ""
        if not doc.text[a:b].strip():
            markers = "".join(page_marker(p[1], p[2]) for p in cut.pages_in(a, b))
            return f'<div class="gap">{markers}</div>' if markers else ""
        return f'<div class="gap"><div class="text">{cut.piece(a, b)}</div></div>'

    out: list[str] = []
    pos = 0 if window is None or window.first == 0 or not top else top[0].char_start
    last_key: tuple[str, str | None, str | None] | None = None
    for u in top:
        if u.char_start < pos:
            continue
        out.append(gap(pos, u.char_start))
        key = zone_key(u)
        if key != last_key:
            cls = f"banner z-{u.zone.value}" + (f" r-{u.role.value}" if u.role else "")
            out.append(f'<div class="{cls}">{html.escape(describe_zone(u))}</div>')
            last_key = key
        shown = "" if u.kind is UnitKind.HEADING else (u.number or "")
        label = html.escape(u.label or u.number or "")
        out.append(
            f'<div class="{unit_classes(u, cited)}" id="u{u.ordinal}" data-ordinal="{u.ordinal}"'
            f' data-number="{html.escape(u.number or "")}" data-label="{label}">'
            f'<a class="num" href="#u{u.ordinal}" title="{html.escape(unit_title(u))}">{html.escape(shown)}</a>'
            f'{flag_badges(u)}<div class="text">{inner(u)}</div></div>'
        )
        pos = u.char_end
    if window is None or window.page == window.pages:
        out.append(gap(pos, len(doc.text)))
    return "".join(out)


def document_facts(doc: Document) -> list[tuple[str, str]]:
    """What the header of the document view lists."""
    facts = [("kind", doc.kind.value), ("format", doc.format.value)]
    if doc.citation:
        facts.append(("citation", doc.citation))
    if doc.date:
        facts.append(("date", doc.date))
    if doc.work:
        facts.append(("work", doc.work))
    vdate = (doc.version or {}).get("date") if isinstance(doc.version, dict) else None
    if vdate:
        facts.append(("version", str(vdate)))
    facts.append(("units", str(len(doc.units))))
    if doc.pages:
        facts.append(("pages", str(len(doc.pages))))
    if doc.kind is DocumentKind.JUDGMENT:
        judges = list(dict.fromkeys(f"{u.author} ({ROLE_NAMES.get(u.role, '') if u.role else '?'})"
                                    for u in doc.units if u.author and u.citable))
        if judges:
            facts.append(("judges", "; ".join(judges)))
    facts.append(("source", doc.source))
    facts.append(("id", doc.id))
    return facts
