"""Page layout for the PDF parser: glyphs with boxes, lines in reading order, columns.

``read_page_lines(page)`` turns one pypdfium2 page into :class:`Line` objects in reading order.
Lines are built from the character boxes, never from the order of the content stream (which puts
a contract's clause numbers before their headings, and runs two columns together).  Two-column
pages are detected from an empty vertical gutter in the character boxes; lines that cross the
gutter (a title across the page) split the page into bands read one after another.
"""

from __future__ import annotations

import ctypes
from dataclasses import dataclass
from statistics import median

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c

SOFT_HYPHENS = "\ufffe\u00ad\u2010"  # pdfium reports a line-end hyphen as U+FFFE


@dataclass(frozen=True, slots=True)
class Glyph:
    """One printed character; ``top``/``bottom`` are measured down from the top of the page."""

    ch: str
    x0: float
    x1: float
    top: float
    bottom: float
    baseline: float
    size: float  # height of the font's box: the printed size, whatever the text matrix
    space_before: bool  # the content stream put a space right before this glyph
    stream_index: int
    run: int  # pdfium's line number in content-stream order


@dataclass(frozen=True, slots=True)
class Piece:
    """A run of a line's text; ``sup`` marks raised, smaller digits (a footnote reference)."""

    text: str
    sup: bool = False


@dataclass(frozen=True, slots=True)
class Line:
    """One printed line (or one column's part of it) in reading order."""

    pieces: tuple[Piece, ...]
    x0: float
    x1: float
    top: float
    bottom: float
    size: float  # median font size of the line's glyphs
    column: int = 0  # 0 = full width or left column, 1 = right column

    @property
    def text(self) -> str:
        return "".join(p.text for p in self.pieces)

    @property
    def body_text(self) -> str:
        """The line without its footnote reference marks."""
        return "".join(p.text for p in self.pieces if not p.sup)


def read_glyphs(page: pdfium.PdfPage) -> list[Glyph]:
    """Every visible character of a page with its tight box and font size."""
    textpage = page.get_textpage()
    try:
        raw = textpage.raw
        height = page.get_height()
        n = pdfium_c.FPDFText_CountChars(raw)
        rect = pdfium_c.FS_RECTF()
        ox, oy = ctypes.c_double(), ctypes.c_double()
        out: list[Glyph] = []
        pending_space = False
        run = 0
        for i in range(n):
            code = pdfium_c.FPDFText_GetUnicode(raw, i)
            ch = chr(code) if 0 < code < 0x110000 else ""
            if code == 2 or code == 0xFFFE:  # pdfium's marker for a hyphen that breaks a word at a line end
                ch = "\ufffe"
            elif not ch or ch.isspace() or code < 32:
                if ch in ("\r", "\n"):
                    run += 1
                    pending_space = False
                else:
                    pending_space = pending_space or ch in (" ", "\u00a0")
                continue
            # The loose box (font ascent/descent, origin-based) is reliable where a glyph's own
            # outline box is not (some fonts put curly quotes a line too high).
            if not pdfium_c.FPDFText_GetLooseCharBox(raw, i, rect) or rect.top <= rect.bottom:
                if ch in SOFT_HYPHENS and out:  # a line-end hyphen pdfium gives no box: put it after the last glyph
                    p = out[-1]
                    out.append(Glyph("-", p.x1, p.x1 + 0.3 * p.size, p.top, p.bottom, p.baseline, p.size,
                                     False, i, p.run))
                continue
            pdfium_c.FPDFText_GetCharOrigin(raw, i, ox, oy)
            x0, x1, y_top, y_bottom = rect.left, rect.right, height - rect.top, height - rect.bottom
            size = y_bottom - y_top
            if size <= 0:
                continue
            out.append(Glyph(ch, x0, max(x1, x0), y_top, y_bottom, height - oy.value, size,
                             pending_space, i, run))
            pending_space = False
        return out
    finally:
        textpage.close()


def group_rows(glyphs: list[Glyph]) -> list[list[Glyph]]:
    """Group glyphs into rows by vertical overlap (a superscript joins the row it is raised above)."""
    rows: list[dict] = []
    for g in sorted(glyphs, key=lambda g: ((g.top + g.bottom) / 2, g.x0)):
        centre = (g.top + g.bottom) / 2
        h = max(g.bottom - g.top, 0.1)
        placed = False
        for row in reversed(rows[-4:]):
            overlap = min(row["bottom"], g.bottom) - max(row["top"], g.top)
            hangs = not g.ch.isalnum() and h < 0.4 * row["size"] and g.top <= row["bottom"] + 0.3 * row["size"]
            if (row["top"] <= centre <= row["bottom"] or overlap >= 0.5 * min(h, row["bottom"] - row["top"])
                    or hangs):
                row["glyphs"].append(g)
                if g.size >= 0.85 * row["size"]:
                    row["top"] = min(row["top"], g.top)
                    row["bottom"] = max(row["bottom"], g.bottom)
                placed = True
                break
        if not placed:
            rows.append({"glyphs": [g], "top": g.top, "bottom": g.bottom, "size": g.size})
    for row in rows:
        row["glyphs"].sort(key=lambda g: g.x0)
    ordered = sorted(rows, key=lambda r: r["top"])
    return [r["glyphs"] for r in ordered]


def find_gutter(rows: list[list[Glyph]], width: float) -> tuple[float, float] | None:
    """The empty vertical band between two text columns, if the page has two; else None.

    A band in the middle of the page that almost no row's characters cover, with a good share of
    the text on each side, and at least a few rows that stop just short of it on the left and start
    just after it on the right.
    """
    step = 2.0
    nbins = int(width / step) + 1
    cover = [0] * nbins
    for row in rows:
        hit = set()
        for g in row:
            for b in range(max(int(g.x0 / step), 0), min(int(g.x1 / step) + 1, nbins)):
                hit.add(b)
        for b in hit:
            cover[b] += 1
    nrows = len(rows)
    if nrows < 6:
        return None
    lo, hi = int(0.3 * width / step), int(0.7 * width / step)
    best: tuple[int, int] | None = None
    run_start = None
    for b in range(lo, hi + 1):
        empty = cover[b] <= max(1, nrows * 0.05)
        if empty and run_start is None:
            run_start = b
        if (not empty or b == hi) and run_start is not None:
            end = b if not empty else b + 1
            if best is None or end - run_start > best[1] - best[0]:
                best = (run_start, end)
            run_start = None
    if best is None or (best[1] - best[0]) * step < 8:
        return None
    gx0, gx1 = best[0] * step, best[1] * step
    left = sum(1 for row in rows for g in row if g.x1 <= gx0)
    right = sum(1 for row in rows for g in row if g.x0 >= gx1)
    total = left + right
    if total == 0 or left < 0.2 * total or right < 0.2 * total:
        return None
    both = sum(1 for row in rows if any(g.x1 <= gx0 for g in row) and any(g.x0 >= gx1 for g in row))
    if both < 3:
        return None
    # text columns fill their width; a table's label cells do not
    left_edge = min(g.x0 for row in rows for g in row)
    widths = [max(g.x1 for g in row if g.x1 <= gx0) - min(g.x0 for g in row if g.x1 <= gx0)
              for row in rows if any(g.x1 <= gx0 for g in row)]
    if median(widths) < 0.6 * (gx0 - left_edge):
        return None
    return gx0, gx1


def order_glyphs(glyphs: list[Glyph]) -> list[Glyph]:
    """Left-to-right order for one row: content-stream order inside each of pdfium's runs, runs by x.

    Sorting every glyph by x would let one misplaced glyph box scramble a word; keeping only the
    stream order would put a contract's clause numbers (drawn first) away from their headings.
    """
    runs: dict[int, list[Glyph]] = {}
    for g in sorted(glyphs, key=lambda g: g.stream_index):
        runs.setdefault(g.run, []).append(g)
    out: list[Glyph] = []
    for run in sorted(runs.values(), key=lambda r: min(g.x0 for g in r)):
        out.extend(run)
    return out


def make_line(glyphs: list[Glyph], column: int = 0) -> Line:
    """Join a row's glyphs into text: spaces from the stream or from gaps, superscript digits marked."""
    glyphs = order_glyphs(glyphs)
    sizes = [g.size for g in glyphs] or [1.0]
    size = median(sizes)
    normal = [g for g in glyphs if g.size >= 0.85 * size] or glyphs
    baseline = median(g.baseline for g in normal)
    chars: list[tuple[str, bool]] = []
    prev: Glyph | None = None
    for g in glyphs:
        sup = g.ch.isdigit() and g.size < 0.8 * size and g.baseline < baseline - 0.15 * size
        if prev is not None and not sup:
            gap = g.x0 - prev.x1
            if g.run != prev.run:  # pieces drawn apart (a clause number, then its heading) are apart
                space = g.space_before or gap > 0.05 * size
            elif g.stream_index == prev.stream_index + 1:
                space = g.space_before or gap > 0.3 * size
            else:
                space = g.space_before or gap > 0.2 * size
            if space:
                chars.append((" ", False))
        chars.append(("-" if g.ch in SOFT_HYPHENS else g.ch, sup))
        prev = g
    pieces: list[Piece] = []
    for ch, sup in chars:
        if pieces and pieces[-1].sup == sup:
            pieces[-1] = Piece(pieces[-1].text + ch, sup)
        else:
            pieces.append(Piece(ch, sup))
    # pdfium's own line-end hyphen marker: remember it as a plain hyphen at the end
    return Line(tuple(pieces), glyphs[0].x0, max(g.x1 for g in glyphs),
                min(g.top for g in normal), max(g.bottom for g in normal), size, column)


#: how far (in font sizes) a margin's line number stands from its row's text: a court of appeals' margin sets
#: them 1.5 or more apart, pleading paper about 1.2 (word spacing is a quarter); the count-up-by-one and
#: text-to-the-right checks keep a page's clause numbers out
MARGIN_NUMBER_GAP = 1.0


def strip_margin_numbers(rows: list[list[Glyph]]) -> list[list[Glyph]]:
    """The rows without a margin's line numbers (a US court of appeals' "1" to "21" down the left edge).

    A line number is a run of digits at the start of a row, set well apart from the row's text (or alone on
    its row), left of where any text starts; the numbers count up by one from row to row, so a page's clause
    numbers or a table's first column are never taken for them.
    """
    found: list[tuple[int, int, int, float]] = []  # row index, number, digits, right edge
    for i, row in enumerate(rows):
        k = 0
        while k < len(row) and row[k].ch.isdigit() and k < 3 and (
                k == 0 or row[k].x0 - row[k - 1].x1 < 0.5 * row[k].size):
            k += 1
        if not k:
            continue
        size = max(g.size for g in row[:k])
        if k < len(row) and row[k].x0 - row[k - 1].x1 < MARGIN_NUMBER_GAP * size:
            continue
        found.append((i, int("".join(g.ch for g in row[:k])), k, row[k - 1].x1))
    if len(found) < 8:
        return rows
    steps = sum(1 for a, b in zip(found, found[1:]) if b[1] == a[1] + 1)
    if steps < 0.8 * (len(found) - 1):
        return rows
    edge = max(f[3] for f in found)
    strip = {f[0]: f[2] for f in found}
    # every row's text (numbered or not) starts right of the numbers: a table's first column does not — the rows
    # from the first number on (a filing stamp above line 1 may start further left, as a court's pleading paper
    # prints it)
    first = found[0][0]
    text_left = min((row[strip.get(i, 0)].x0 for i, row in enumerate(rows)
                     if i >= first and strip.get(i, 0) < len(row)), default=edge + 1)
    if text_left <= edge:
        return rows
    out = []
    for i, row in enumerate(rows):
        row = row[strip.get(i, 0):]
        if row:
            out.append(row)
    return out


def read_page_lines(page: pdfium.PdfPage) -> list[Line]:
    """The lines of one page in reading order (two-column pages: left column, then right)."""
    glyphs = read_glyphs(page)
    if not glyphs:
        return []
    rows = strip_margin_numbers(group_rows(glyphs))
    gutter = find_gutter(rows, page.get_width())
    if gutter is None:
        return [make_line(r) for r in rows]
    gx0, gx1 = gutter
    out: list[Line] = []
    left: list[Line] = []
    right: list[Line] = []

    def flush() -> None:
        out.extend(left)
        out.extend(right)
        left.clear()
        right.clear()

    for row in rows:
        crosses = any(g.x0 < gx1 and g.x1 > gx0 for g in row)
        if crosses:
            flush()
            out.append(make_line(row))
            continue
        lg = [g for g in row if g.x1 <= gx0]
        rg = [g for g in row if g.x0 >= gx1]
        if lg:
            left.append(make_line(lg, 0))
        if rg:
            right.append(make_line(rg, 1))
    flush()
    return out
