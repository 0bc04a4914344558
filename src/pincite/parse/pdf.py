"""PDF documents: printed pages kept apart from paragraph numbers.

Stages, each a plain function:

1. ``open_pdf`` - pypdfium2 opens the bytes; encrypted, damaged and empty files get a ParseError.
2. ``read_page_lines`` (pdf_layout) - lines in reading order from the character boxes (columns too).
3. ``find_furniture`` - running headers, footers and page numbers (lines repeated at the top or bottom
   of the pages, or that are only a number) leave the text and become each page's ``PageMarker``
   with its printed label; where the numbering restarts (a US slip opinion's Syllabus, then each
   opinion at page 1 again) the running title ("Syllabus", "BREYER, J., dissenting") is the page's series.
4. ``split_footnotes`` - the notes at the foot of each page are taken out of the running text.
5. ``build_blocks`` - lines become paragraphs (indents, gaps, short lines, ``[N]``), written into one
   canonical text with a moving cursor; a paragraph running over a page break is one block.
6. a US court opinion (two of :data:`pincite.legal.us_opinions.US_OPINION_SIGNS`) goes to
   :func:`pincite.parse.us_opinion.analyse_us_opinion`: Parts as the citable units, each opinion its
   own voice, footnotes citable in the voice of their page; ``analyse_judgment`` recognises other
   judgments and their zones (cover, headnote/summary/syllabus, order, reasons, signatures) and units;
   any other PDF (or a brief under a US court's caption, where no opinion begins) goes to
   ``pincite.parse.text.analyse_text`` and its units get their printed pages from the page markers.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field, replace

import pypdfium2 as pdfium

from pincite.errors import ParseError
from pincite.parse.builder import FrontRuns, TextBuilder, add_pages
from pincite.legal.judgments import find_citation, find_judgment_date
from pincite.legal.us_opinions import ECF_STAMP, RUNNING_SERIES, RUNNING_VOICE, looks_like_us_opinion
from pincite.parse.pdf_layout import Line, read_page_lines
from pincite.parse.us_opinion import Voice, analyse_us_opinion, opinion_parties, voice_of_pages
from pincite.parse.us_opinion import judgment_title as _judgment_title
from pincite.types import DocumentKind, Format, PageMarker, ParsedDocument, Role, Unit, UnitKind, Zone

# ----------------------------------------------------------------------------------------------
# 1. opening


def open_pdf(data: bytes, source: str) -> pdfium.PdfDocument:
    """Open the bytes with pdfium, turning its failures into ParseErrors that say what is wrong."""
    if not data.lstrip()[:1024].count(b"%PDF-") and b"%PDF-" not in data[:1024]:
        raise ParseError(source, "not a PDF (no %PDF- header in the first 1024 bytes)")
    try:
        pdf = pdfium.PdfDocument(data)
    except pdfium.PdfiumError as e:
        msg = str(e)
        if "password" in msg.lower():
            raise ParseError(source, "PDF is encrypted (password required); decrypt it before ingesting") from None
        raise ParseError(source, f"PDF is damaged or truncated and pdfium cannot open it ({msg})") from None
    if len(pdf) == 0:
        pdf.close()
        raise ParseError(source, "PDF has no pages")
    return pdf


# ----------------------------------------------------------------------------------------------
# 3. furniture: running headers, footers, page numbers

_PAGE_NUMBER_ONLY = re.compile(
    r"^\s*(?:page\s+)?[-–—]?\s*(?P<n>\d{1,4}|[ivxlc]{1,7})\s*[-–—]?\s*(?:of\s+\d{1,4})?\s*$", re.I)
_STAR_PAGE = re.compile(r"^\[\*(\d{1,4})\]\s*")
_DIGITS = re.compile(r"\d+")
_LEADING_INT = re.compile(r"^\s*(\d{1,4})\b")
_TRAILING_INT = re.compile(r"\b(\d{1,4})\s*$")


def _template(text: str) -> str:
    return re.sub(r"\s+", " ", _DIGITS.sub("#", text.lower())).strip()


@dataclass
class PageLayout:
    """One page after the furniture is taken off."""

    index: int
    lines: list[Line]  # body lines (footnotes still in)
    furniture: list[str] = field(default_factory=list)
    number: str | None = None  # printed page number
    series: str | None = None  # running title ("Syllabus", "Opinion of the Court")
    label: str | None = None  # the label shown ("3", "Syllabus 2")
    star: str | None = None  # a "[*N]" star-page marker at the top of the page
    footnotes: list[Line] = field(default_factory=list)
    width: float = 0.0


def find_furniture(pages: list[list[Line]], widths: list[float]) -> list[PageLayout]:
    """Take running headers/footers and page numbers off every page and read the printed labels."""
    top_k, bottom_k = 3, 4
    counts: Counter[str] = Counter()
    exact: Counter[str] = Counter()  # the same words, numbers and all
    for lines in pages:
        seen = set()
        by_y = sorted(lines, key=lambda ln: (ln.top, ln.x0))
        for ln in by_y[:top_k] + by_y[-bottom_k:]:
            seen.add(_template(ln.text))
        counts.update(seen)
        exact.update({" ".join(ln.text.split()) for ln in by_y[:top_k] + by_y[-bottom_k:]})
    npages = sum(1 for lines in pages if lines)
    repeat_min = max(2, int(0.25 * npages + 0.999)) if npages >= 3 else 99

    def is_furniture(ln: Line, numbered: bool = False, full: bool = False) -> bool:
        """``full``: the page has a body of its own beyond its top and foot lines."""
        t = ln.text.strip()
        if _PAGE_NUMBER_ONLY.match(t):
            # a page that has its number already: a lone "II" under it is a Part heading, not furniture
            return not numbered
        if ECF_STAMP.match(t):
            return True
        if set(t) <= set("_-–—* ") :
            return False
        n = counts[_template(t)]
        if full and npages >= 3 and exact[" ".join(t.split())] >= max(repeat_min, 0.75 * npages) \
                and len(t) <= 200:
            return True  # word for word on (nearly) every page at its top or foot: a publisher's line
        sentence = t.endswith(".") and len(t.split()) >= 6  # body text that happens to repeat, not a running head
        return n >= repeat_min and len(t) <= 90 and not sentence

    def is_running_title(ln: Line) -> bool:
        """A short title line right under a running head ("Syllabus", "Opinion of the Court")."""
        t = ln.text.strip()
        if RUNNING_VOICE.match(t):  # "JACKSON, J., concurring" over a separate opinion, one page long or more
            return True
        if _PAGE_NUMBER_ONLY.match(t) or len(t) < 3:  # "II", "A": a Part heading at the top of two pages
            return False
        return (counts[_template(t)] >= 2 and len(t) <= 40 and not _DIGITS.search(t)
                and not t.endswith((".", ",", ";", ":")))

    layouts: list[PageLayout] = []
    for i, lines in enumerate(pages):
        # candidates by position on the page, not by reading order (a right column starts at the top too)
        by_y = sorted(lines, key=lambda ln: (ln.top, ln.x0))
        removed_top: list[Line] = []
        removed_bottom: list[Line] = []
        while by_y and len(removed_top) < top_k and (
                is_furniture(by_y[0], any(_DIGITS.search(r.text) for r in removed_top))
                or (removed_top and is_running_title(by_y[0]))):
            removed_top.append(by_y.pop(0))
        full = len(by_y) >= 3 * (top_k + bottom_k)
        while by_y and len(removed_bottom) < bottom_k and is_furniture(by_y[-1], full=full):
            removed_bottom.insert(0, by_y.pop())
        gone = {id(ln) for ln in removed_top + removed_bottom}
        lines = [ln for ln in lines if id(ln) not in gone]
        layout = PageLayout(i, lines, [ln.text for ln in removed_top + removed_bottom], width=widths[i])
        layout.number, layout.series = _read_label(removed_top + removed_bottom, counts, pages)
        if lines:
            m = _STAR_PAGE.match(lines[0].text)
            if m:
                layout.star = m.group(1)
                layout.furniture.append(m.group(0).strip())
                lines[0] = _strip_prefix(lines[0], len(m.group(0)))
        layouts.append(layout)
    _number_first_pages(layouts, is_running_title)
    _label_pages(layouts)
    return layouts


def _number_first_pages(layouts: list[PageLayout], is_running_title) -> None:  # type: ignore[no-untyped-def]
    """A first page whose running head is unique ("(Slip Opinion) OCTOBER TERM, 2012 1") is known
    by its neighbour: its top line ends with the number before the next page's."""
    for p, nxt in zip(layouts, layouts[1:]):
        if p.number is not None or not p.lines or not (nxt.number and nxt.number.isdigit()):
            continue
        want = int(nxt.number) - 1
        head = min(p.lines, key=lambda ln: ln.top)
        m = _TRAILING_INT.search(head.text.strip())
        if want < 1 or not m or int(m.group(1)) != want or len(head.text) > 80 or p.lines[0] is not head:
            continue
        p.lines.remove(head)
        p.furniture.insert(0, head.text)
        p.number = str(want)
        if p.lines and is_running_title(p.lines[0]):
            p.series = p.lines[0].text.strip()
            p.furniture.insert(1, p.lines.pop(0).text)
        elif nxt.series:
            p.series = nxt.series


def _strip_prefix(line: Line, n: int) -> Line:
    """The line without its first ``n`` characters (a star-page marker)."""
    pieces = []
    for p in line.pieces:
        if n >= len(p.text):
            n -= len(p.text)
            continue
        pieces.append(replace(p, text=p.text[n:]) if n else p)
        n = 0
    return replace(line, pieces=tuple(pieces))


def _read_label(furniture: list[Line], counts: Counter[str], pages: list[list[Line]]) -> tuple[str | None, str | None]:
    """The printed page number and the running title among a page's furniture lines."""
    number = None
    series = None
    for ln in furniture:
        t = ln.text.strip()
        m = _PAGE_NUMBER_ONLY.match(t) or ECF_STAMP.match(t)
        if m:
            number = number or m.group("n")
            continue
        if not _DIGITS.search(t):
            # a two-line running head ("2 AGENCY FOR ... v. ALLIANCE FOR" / "OPEN SOCIETY INT’L, INC.") has
            # its second line above the running title: the title that names an opinion or the syllabus wins
            if series is None or (RUNNING_VOICE.match(t) or RUNNING_SERIES.match(t)) and not (
                    RUNNING_VOICE.match(series) or RUNNING_SERIES.match(series)):
                series = t
            continue
        # a running head with the number at one end: "Cite as: 569 U. S. ____ (2013) 3", "2 TARRANT ..."
        lead, trail = _LEADING_INT.match(t), _TRAILING_INT.search(t)
        if number is None and trail and not re.search(r"[/,]\s*\d{1,4}\s*$", t):
            number = trail.group(1)
        elif number is None and lead:
            number = lead.group(1)
    return number, series


def _label_pages(layouts: list[PageLayout]) -> None:
    """Set each page's label: the number printed on it.  Where the numbering restarts (a slip opinion's
    Syllabus 1-2, then each opinion from 1 again) the label is still the printed number, as a lawyer cites it
    ("slip op., at 2"): which opinion a page belongs to is said by the labels of the units on it ("Thomas, J.,
    concurring"), and the page's running title stays in its ``series`` and furniture."""
    for p in layouts:
        p.label = p.number


# ----------------------------------------------------------------------------------------------
# 4. footnotes

_SEPARATOR = re.compile(r"^[_—–-]{3,}$")


def split_footnotes(layouts: list[PageLayout], body_size: float) -> None:
    """Move each page's foot-of-page notes from ``lines`` to ``footnotes``.

    A note area starts at a short rule ("——————") in the lower half of the page, or at the first
    line in the lower part of the page that begins with a raised number (or with a number in a
    smaller font); everything below it on that page is notes.  A note marked "*" (a caption's note: "The
    Honorable ..., sitting by designation") starts the same way.  A note that runs on from the page before
    continues at the first line, after a wider gap than the body's, from which every line is in the notes'
    smaller type or their closer spacing.
    """
    doc_pitch = _doc_pitch(layouts)

    def note_like(rest: list[Line]) -> bool:
        """Smaller type than the body, or single spacing where the body is double spaced."""
        if all(r.size < 0.95 * body_size for r in rest):
            return True
        steps = [b.top - a.top for a, b in zip(rest, rest[1:])]
        return bool(steps) and all(0 < st < 0.75 * doc_pitch for st in steps) if len(rest) > 1 else False

    carry = False  # the last note of the page before stops mid-sentence
    for p in layouts:
        lines = p.lines
        if not lines:
            carry = False
            continue
        top = min(ln.top for ln in lines)
        bottom = max(ln.bottom for ln in lines)
        span = max(bottom - top, 1.0)
        start = None
        for k, ln in enumerate(lines):
            if k == 0 or ln.top < top + 0.3 * span:
                continue
            t = ln.text.strip()
            rest = lines[k:]
            if re.match(r"^[*†‡]\s*[A-Z]", t) and (
                    note_like(rest) or (len(rest) == 1 and ln.size < body_size)):
                start = k
                break
            if carry and k >= 2:
                step = lines[k - 1].top - lines[k - 2].top
                gap = ln.top - lines[k - 1].top
                if step > 0 and gap > 1.15 * step and note_like(rest):
                    start = k
                    break
            if _SEPARATOR.match(t) and ln.x1 - ln.x0 < 0.45 * p.width and k + 1 < len(lines):
                nxt = lines[k + 1]
                if nxt.size < 0.95 * body_size or (nxt.pieces and nxt.pieces[0].sup) or re.match(r"^\d", nxt.text):
                    start = k
                    break
            first = ln.pieces[0] if ln.pieces else None
            starts_mark = first is not None and first.sup and first.text.strip().isdigit()
            # a small note number alone on its line, its note's smaller text on the next ("1" / "Pursuant to")
            lone = (re.fullmatch(r"\d{1,3}", t) is not None and ln.size < 0.9 * body_size
                    and k + 1 < len(lines) and all(r.size < 0.95 * body_size for r in rest))
            if lone:
                start = k
                break
            num = re.match(r"^(\d{1,3})\s*\S", t)
            small_number = ln.size < 0.9 * body_size and num is not None and int(num.group(1)) < 200
            if starts_mark or small_number:
                rest = lines[k:]
                if all(r.size < 0.95 * body_size for r in rest) or starts_mark:
                    start = k
                    break
        if start is not None:
            if _SEPARATOR.match(lines[start].text.strip()):
                p.furniture.append(lines[start].text.strip())
                p.footnotes = lines[start + 1:]
            else:
                p.footnotes = lines[start:]
            p.lines = lines[:start]
        last = p.footnotes[-1].text.strip() if p.footnotes else ""
        carry = bool(last) and not last.endswith((".", "?", "!", "”", '"', ")", ".)", ":"))


# ----------------------------------------------------------------------------------------------
# 5. blocks


@dataclass
class Block:
    """A paragraph of the canonical text: its span and the pages it came from."""

    start: int
    end: int
    pages: list[int]  # pdf page indices, in order
    first_line: str
    lines: int
    x0: float
    centred: bool
    text: str = ""
    first_centred: bool = False  # the first line alone is centred (a heading run into its paragraph)
    first_short: bool = False  # the first line stops well short of the right margin


_PARA_NUMBER = re.compile(r"^\[(\d{1,4})\]\s")


def _body_size(layouts: list[PageLayout]) -> float:
    sizes: Counter[float] = Counter()
    for p in layouts:
        for ln in p.lines:
            sizes[round(ln.size, 1)] += len(ln.text)
    return sizes.most_common(1)[0][0] if sizes else 10.0


def _margins(layouts: list[PageLayout]) -> dict[int, tuple[float, float]]:
    """Left and right text edge per column, from the most common line starts and ends."""
    out = {}
    for col in (0, 1):
        xs = Counter(round(ln.x0) for p in layouts for ln in p.lines if ln.column == col)
        ends = sorted(ln.x1 for p in layouts for ln in p.lines if ln.column == col)
        if not xs:
            continue
        left = min(x for x, c in xs.items() if c >= 0.5 * xs.most_common(1)[0][1])
        right = ends[int(0.9 * (len(ends) - 1))]
        out[col] = (float(left), right)
    return out


def starts_new_block(prev: Line, line: Line, same_page: bool, pitch: float | None,
                     margins: dict[int, tuple[float, float]], doc_pitch: float) -> bool:
    """Does ``line`` begin a new paragraph after ``prev``? (indent, gap, short line, ``[N]``, size)"""
    left, right = margins.get(line.column, margins.get(0, (0.0, 1e9)))
    width = max(right - left, 1.0)
    size = line.size
    text = line.body_text.strip()
    if _PARA_NUMBER.match(text):
        return True
    if abs(line.size - prev.size) > 0.15 * max(line.size, prev.size):
        return True
    if line.column != prev.column and not same_page:
        pass
    if same_page and line.column == prev.column:
        gap = line.top - prev.top
        if pitch is not None and gap > 1.4 * pitch:
            return True
        if pitch is None and gap > 1.4 * doc_pitch:
            return True
    prev_text = prev.body_text.rstrip()
    if _SEPARATOR.match(text) or _SEPARATOR.match(prev_text):
        return True
    short = right - prev.x1
    prev_full = short < 0.04 * width and not prev_text.endswith((".", ":", ";", "?", "!"))
    if line.x0 > prev.x0 + 0.6 * size and line.x0 > left + 0.6 * size and not prev_full:
        return True
    if short > 0.3 * width:
        return True
    if short > 0.08 * width and prev_text.endswith((".", ":", ";", "?", "!", "”", '"', "’")):
        return True
    return False


def _doc_pitch(layouts: list[PageLayout]) -> float:
    """The most common distance from one body line to the next (double spacing included)."""
    steps: Counter[int] = Counter()
    for p in layouts:
        for a, b in zip(p.lines, p.lines[1:]):
            step = b.top - a.top
            if a.column == b.column and 0 < step < 4 * a.size:
                steps[round(step)] += 1
    return float(steps.most_common(1)[0][0]) if steps else 14.0


def _dehyphenate(text: str, next_text: str) -> bool:
    """Is the hyphen ending ``text`` one that split a word ("Okla-" + "homa")?"""
    return (text.endswith("-") and len(text) >= 2 and text[-2].isalpha() and text[-2].islower()
            and next_text[:1].islower())


def group_paragraphs(layouts: list[PageLayout]) -> list[list[tuple[int, Line]]]:
    """Body lines of every page grouped into paragraphs; a paragraph may run over a page break."""
    margins = _margins(layouts)
    doc_pitch = _doc_pitch(layouts)
    paras: list[list[tuple[int, Line]]] = []
    prev: Line | None = None
    prev_page = -1
    pitch: float | None = None
    for p in layouts:
        for ln in p.lines:
            if not ln.body_text.strip():
                continue
            if prev is None or starts_new_block(prev, ln, p.index == prev_page, pitch, margins, doc_pitch):
                paras.append([])
                pitch = None
            elif p.index == prev_page and ln.column == prev.column:
                step = ln.top - prev.top
                pitch = step if pitch is None else min(pitch, step)
            paras[-1].append((p.index, ln))
            prev, prev_page = ln, p.index
    return paras


def build_blocks(layouts: list[PageLayout], line_sep: str = " "
                 ) -> tuple[str, list[Block], dict[int, tuple[int, int]], list[tuple[int, str]]]:
    """Write the body lines into one canonical text, a paragraph per block (``\n\n`` between).

    Lines inside a paragraph are joined with ``line_sep`` (a word split by a line-end hyphen is
    joined up).  Returns the text, the blocks, each page's ``(char_start, char_end)`` and the
    footnote reference marks left out of the text, as ``(offset, number)``.
    """
    b = TextBuilder()
    margins = _margins(layouts)
    width = {p.index: p.width for p in layouts}
    blocks: list[Block] = []
    page_spans: dict[int, tuple[int, int]] = {}
    refs: list[tuple[int, str]] = []
    for para in group_paragraphs(layouts):
        b.separate("\n\n")
        start = b.pos
        pages: list[int] = []
        texts = [ln.body_text.strip() for _, ln in para]
        for k, (page, ln) in enumerate(para):
            line_start = b.pos
            drop_hyphen = k + 1 < len(para) and _dehyphenate(texts[k], texts[k + 1])
            pieces = [(pc.text, pc.sup) for pc in ln.pieces]
            # trim the line's outer whitespace, then write it, leaving out footnote marks
            while pieces and not pieces[0][1] and not pieces[0][0].strip():
                pieces.pop(0)
            if pieces and not pieces[0][1]:
                pieces[0] = (pieces[0][0].lstrip(), False)
            while pieces and not pieces[-1][1] and not pieces[-1][0].strip():
                pieces.pop()
            if pieces and not pieces[-1][1]:
                pieces[-1] = (pieces[-1][0].rstrip(), False)
            if drop_hyphen:
                idx = max(i for i, (_, sup) in enumerate(pieces) if not sup)
                pieces[idx] = (pieces[idx][0][:-1], False)
            for text, sup in pieces:
                if sup:
                    refs.append((b.pos, text.strip()))
                else:
                    b.append(text)
            if page not in pages:
                pages.append(page)
            s0, _ = page_spans.get(page, (line_start, 0))
            page_spans[page] = (min(s0, line_start), b.pos)
            if k + 1 < len(para) and not drop_hyphen:
                joined_by_hyphen = texts[k].endswith(("-", "—", "/")) and texts[k][-2:-1].isalnum()
                if not joined_by_hyphen:
                    b.append(line_sep)
        first = para[0][1]
        left, right = margins.get(first.column, (0.0, width[para[0][0]]))
        centred = (len(para) == 1 and first.x0 > left + 2 * first.size
                   and abs((first.x0 - left) - (right - first.x1)) < 0.1 * max(right - left, 1.0))
        first_centred = (first.x0 > left + 2 * first.size
                         and abs((first.x0 - left) - (right - first.x1)) < 0.1 * max(right - left, 1.0))
        first_short = first.x1 < right - 0.25 * max(right - left, 1.0)
        blocks.append(Block(start, b.content_end, pages, texts[0], len(para), first.x0, centred,
                            first_centred=first_centred, first_short=first_short))
    text = b.text()
    for blk in blocks:
        blk.text = text[blk.start:blk.end]
    return text, blocks, page_spans, refs


# ----------------------------------------------------------------------------------------------
# 6. judgments: zones and units

_JUDGMENT_SIGNS = [
    re.compile(p, re.M) for p in (
        r"^JUDGMENT$", r"^Coram:", r"SUPREME COURT OF APPEAL", r"delivered the opinion of the Court",
        r"^SUPREME COURT OF THE UNITED STATES$", r"UNITED STATES TAX COURT", r"^MEMORANDUM FINDINGS OF FACT",
        r"^[A-Z][A-Za-z'’ -]+, (?:Chief |Special Trial )?Judge:", r"\bJJA\b", r"^Before:", r"^Neutral Citation:",
    )
]

# the line that opens the court's reasons, and who wrote them
_AUTHOR_PATTERNS: list[tuple[re.Pattern[str], str]] = [
    # "JUSTICE SOTOMAYOR delivered the opinion of the Court."
    (re.compile(r"^(?P<title>CHIEF JUSTICE|JUSTICE) (?P<name>[A-Z][A-Z'’ -]+?) delivered the opinion of the Court\b"),
     "us"),
    # "GUSTAFSON, Judge: The Internal Revenue Service ..."
    (re.compile(r"^(?P<name>[A-Z][A-Z'’ -]+), (?P<title>(?:Chief |Special Trial )?Judge):"), "tax"),
    # "Dambuza AP and Nicholls JA (Saldulker, Mabindla-Boqwana, and Goosen JJA concurring):"
    (re.compile(r"^(?P<name>[A-Z][\w'’ -]*?\b(?:[A-Z]{1,3}J|JA|AP|AJA|JJA|ADP|DP|P|J|AJ|CJ))"
                r"(?:\s*\((?P<concur>[^)]*?concurring)\))?\s*:\s*$"), "sa"),
]

_HEADNOTE_START = re.compile(r"^(?:Summary|Catchwords|Headnote|Flynote)\s*:", re.I)
_ORDER_HEADING = re.compile(r"^ORDER$")
_COUNSEL = re.compile(r",\s+for\s+(?:the\s+)?(?:petitioners?|respondents?|appellants?|plaintiffs?|defendants?)\.?$",
                      re.I)
_FILED = re.compile(r"\bFiled\s+[A-Z][a-z]+\s+\d{1,2},\s+\d{4}\.")
_SIGNATURE_RULE = re.compile(r"^_{5,}$")
_APPEARANCES = re.compile(r"^(?:Appearances|APPEARANCES)\b")
_DECISION_LINE = re.compile(r"^(?:Decisions? will be entered|An appropriate order will be issued|An order)", re.I)
_PART_HEADING = re.compile(r"^(?:[IVXL]{1,6}|[A-Z]|\d{1,2}|[a-z])$")
_ROMAN = {"I": 1, "II": 2, "III": 3, "IV": 4, "V": 5, "VI": 6, "VII": 7, "VIII": 8, "IX": 9, "X": 10,
          "XI": 11, "XII": 12, "XIII": 13, "XIV": 14, "XV": 15}


@dataclass
class JudgmentShape:
    """What analyse_judgment found: units (in document order) and warnings."""

    units: list[Unit]
    warnings: list[str]
    title: str
    date: str | None = None


def looks_like_judgment(text: str) -> bool:
    """Two or more signs of a court's judgment (captions, coram, 'delivered the opinion', a judge's colon)."""
    return sum(1 for p in _JUDGMENT_SIGNS if p.search(text)) >= 2


def _author_from(match: re.Match[str], style: str) -> tuple[str, Role, str]:
    name = match.group("name").strip()
    if style == "us":
        surname = name.title()
        title = "C.J." if match.group("title") == "CHIEF JUSTICE" else "J."
        return f"{surname}, {title}", Role.LEAD, match.group(0)
    if style == "tax":
        return f"{name.title()} J", Role.SOLE, match.group(0)
    joint = " and " in name or "&" in name
    return name, (Role.JOINT if joint else Role.LEAD), match.group(0)


_NUMBERED_HEADING = re.compile(r"^(?P<token>[IVX]{1,5}|[A-Z]|\d{1,2})\.\s+(?P<title>\S.{0,100})$")


def _is_heading(blk: Block) -> bool:
    t = blk.first_line.strip()
    whole = blk.text.strip()
    if blk.lines <= 2 and _NUMBERED_HEADING.match(t) and len(whole) <= 160 \
            and not whole.endswith((".", ",", ";", ":")):
        return True
    if blk.lines != 1 or len(t) > 110 or not t:
        return False
    if len(t) > 80:
        return False
    if blk.centred and not t.endswith((",", ";")) and t[0].isupper():
        return True
    if t.endswith((".", ",", ";")) and not re.match(r"^[IVXLA-Z\d]{1,5}\.$", t):
        return False
    if not (t[0].isupper() or t[0].isdigit() or t[0] in "([*"):
        return False
    return blk.centred or t.isupper() or bool(_PART_HEADING.match(t))


def _part_level(token: str, current: list[str]) -> int:
    """Level of a part heading: I/II (1), A/B (2), 1/2 (3), a/b (4)."""
    if token in _ROMAN and len(token) > 1:
        return 1
    if token in _ROMAN:  # "I", "V", "X": a numeral, unless it is the next letter at level 2
        letter = current[1] if len(current) >= 2 else None
        top = current[0] if current else None
        follows_letter = letter is not None and letter.isalpha() and ord(token) == ord(letter) + 1
        follows_numeral = top is None or _ROMAN.get(token, 0) == _ROMAN.get(top, 0) + 1
        if follows_numeral and not follows_letter:
            return 1
    if token.isalpha() and token.isupper() and len(token) == 1:
        return 2
    if token.isdigit():
        return 3
    return 4


def analyse_judgment(text: str, blocks: list[Block], layouts: list[PageLayout]) -> JudgmentShape:
    """Zones and units of a judgment PDF from its blocks (units are in document order)."""
    series_of = {p.index: (p.series or "") for p in layouts}
    warnings: list[str] = []
    found: list[dict] = []  # dicts for Unit, in order; "children" by list index of parent
    zone = Zone.COVER
    headnote_pending = False
    from_syllabus = False
    author: str | None = None
    role: Role | None = None
    role_basis: str | None = None
    reasons_title: str | None = None
    last_heading_before_reasons: str | None = None
    numbered = any(_PARA_NUMBER.match(blk.first_line) for blk in blocks)
    heading_path: list[str] = []  # inside the reasons: headings (Tax Court) or parts (US)
    part_stack: list[tuple[str, int, int]] = []  # (token, index in found, level)
    current_para: int | None = None
    order_count = 0
    runs = FrontRuns(found)  # the open non-reasons unit; a front-matter part that comes back is its part 2

    def close_parts(level: int) -> None:
        while part_stack and part_stack[-1][2] >= level:
            part_stack.pop()

    for blk in blocks:
        t = blk.text.strip()
        first = blk.first_line.strip()
        series = series_of.get(blk.pages[0], "")
        heading = _is_heading(blk)
        if _SIGNATURE_RULE.match(t) and zone != Zone.REASONS:
            continue  # a rule between parts of the front matter belongs to none of them
        # --- zone changes
        if zone != Zone.REASONS or author is None:
            if "syllabus" in series.lower():
                zone = Zone.HEADNOTE
                from_syllabus = True
            elif from_syllabus and zone == Zone.HEADNOTE:
                zone = Zone.COVER  # the syllabus pages are over: the opinion's caption follows
                from_syllabus = False
            elif _HEADNOTE_START.match(first):
                zone = Zone.HEADNOTE
            elif _ORDER_HEADING.match(first):
                zone = Zone.ORDER
            elif _COUNSEL.search(t):
                zone = Zone.COVER
                headnote_pending = False
            elif headnote_pending and zone == Zone.COVER and not re.match(r"^[\d\s.,;-]+$", t):
                zone = Zone.HEADNOTE
                headnote_pending = False
            if zone == Zone.COVER and _FILED.search(t):
                headnote_pending = True
            for pattern, style in _AUTHOR_PATTERNS:
                m = pattern.match(t)
                if m and not ("syllabus" in series.lower()):
                    author, role, role_basis = _author_from(m, style)
                    if style == "sa" and m.group("concur"):
                        role_basis = f"{m.group(0).rstrip(':').strip()}"
                    zone = Zone.REASONS
                    reasons_title = (last_heading_before_reasons.title()
                                     if last_heading_before_reasons and style != "sa"
                                     else f"Reasons of {author}")
                    if style == "us":
                        reasons_title = "Opinion of the Court"
                    break
            if zone != Zone.REASONS:
                if heading and zone in (Zone.COVER, Zone.ORDER) and not _ORDER_HEADING.match(first):
                    last_heading_before_reasons = first
                    if first.upper() == "JUDGMENT" and zone == Zone.ORDER:
                        zone = Zone.COVER
                label = {Zone.COVER: "cover", Zone.HEADNOTE: "headnote", Zone.ORDER: "order"}.get(zone, zone.value)
                if "syllabus" in series.lower():
                    label = "Syllabus"
                elif zone == Zone.HEADNOTE and _HEADNOTE_START.match(first):
                    label = first.split(":")[0]
                runs.add(zone, blk, label)
                continue
            if author is not None and zone == Zone.REASONS and _author_line_only(blk):
                # the author line itself opens the reasons but is no paragraph
                runs.close()
                continue
        # --- inside the reasons
        if _SIGNATURE_RULE.match(first) or (_APPEARANCES.match(first)):
            zone = Zone.SIGNATURES if _SIGNATURE_RULE.match(first) else Zone.COVER
            current_para = None
            runs.add(zone, blk, "signatures" if zone == Zone.SIGNATURES else "appearances")
            author = None  # nothing after this is reasons
            continue
        if _DECISION_LINE.match(first):
            zone = Zone.ORDER
            current_para = None
            author = None
            runs.add(Zone.ORDER, blk, "decision")
            continue
        runs.close()
        if heading and not _PARA_NUMBER.match(first):
            numbered_heading = _NUMBERED_HEADING.match(first)
            token = numbered_heading.group("token") if numbered_heading else first.rstrip(".")
            if t in ("* * *", "***"):
                close_parts(1)
                current_para = None
                continue
            if _PART_HEADING.match(token) and not numbered:
                level = _part_level(token, [p[0] for p in part_stack])
                close_parts(level)
                parent = part_stack[-1][1] if part_stack else None
                path = [p[0] for p in part_stack] + [token]
                found.append(dict(kind=UnitKind.PART, char_start=blk.start, char_end=blk.end, zone=Zone.REASONS,
                                  citable=True, number=token, label="Part " + "-".join(path),
                                  section_path=(reasons_title or "Reasons", *heading_path, *path), parent=parent,
                                  pages=list(blk.pages), author=author, role=role, role_basis=role_basis))
                for _, idx, _ in part_stack:
                    found[idx]["char_end"] = blk.end
                part_stack.append((token, len(found) - 1, level))
                current_para = None
                continue
            # a plain heading: top level when in capitals, else under the last capitals heading
            if first.isupper() or not heading_path:
                heading_path = [first]
                close_parts(0)
            else:
                heading_path = heading_path[:1] + [first]
            current_para = None
            continue
        m = _PARA_NUMBER.match(first)
        parent = part_stack[-1][1] if part_stack else None
        path = (reasons_title or "Reasons", *heading_path, *[p[0] for p in part_stack])
        if m or not numbered or current_para is None:
            order_count += 1
            number = m.group(1) if m else None
            found.append(dict(kind=UnitKind.PARAGRAPH, char_start=blk.start, char_end=blk.end, zone=Zone.REASONS,
                              citable=True, number=number, label=f"[{number}]" if number else f"¶{order_count}",
                              section_path=path, parent=parent, pages=list(blk.pages),
                              author=author, role=role, role_basis=role_basis,
                              attrs={} if number else {"by_order": True}))
            current_para = len(found) - 1
        else:
            # a quotation or list inside a numbered paragraph: the paragraph goes on
            found[current_para]["char_end"] = blk.end
            add_pages(found[current_para], blk)
        for _, idx, _ in part_stack:
            found[idx]["char_end"] = blk.end
            add_pages(found[idx], blk)
    if author is None and not any(u["zone"] == Zone.REASONS for u in found):
        warnings.append("no opening of the court's reasons was recognised: no unit is citable")
    if not numbered and any(u["kind"] == UnitKind.PARAGRAPH for u in found):
        warnings.append("paragraphs are not numbered: pinpoint by printed page; ¶N labels count paragraphs "
                        "in order")
    title = _judgment_title(blocks)
    return JudgmentShape(_to_units(found, layouts), warnings, title)


def _author_line_only(blk: Block) -> bool:
    return any(style == "sa" and p.match(blk.text.strip()) for p, style in _AUTHOR_PATTERNS)


def _to_units(found: list[dict], layouts: list[PageLayout]) -> list[Unit]:
    label_of = {p.index: p.label for p in layouts}
    units = []
    for i, d in enumerate(found):
        pages = d.pop("pages")
        d.setdefault("attrs", {})
        units.append(Unit(ordinal=i, page_start=label_of.get(pages[0]), page_end=label_of.get(pages[-1]),
                          pdf_page_start=pages[0], pdf_page_end=pages[-1], **d))
    return units


# ----------------------------------------------------------------------------------------------
# the parser


def _footnote_units(b: TextBuilder, layouts: list[PageLayout], first_ordinal: int,
                    label_of: dict[int, str | None], voice_of: Callable[[int], Voice | None] | None = None
                    ) -> list[Unit]:
    """Write the foot-of-page notes after the body, one unit each (zone note, never citable).

    With ``voice_of`` (a US opinion, whose footnotes are part of the opinion and cited as "n. 3"), each note
    is citable in the voice of the page it is printed on, labelled with that voice's prefix."""
    notes: list[dict] = []
    expected = 1
    for p in layouts:
        prev: Line | None = None
        right = max((ln.x1 for ln in p.footnotes), default=0.0)
        for ln in p.footnotes:
            text = ln.text.strip()
            if not text:
                continue
            m = re.match(r"^(\d{1,3})\s*(?=\S)", text)
            star = re.match(r"^([*†‡]{1,3})\s*(?=\S)", text)
            # a note starts with a raised number, or with the next number on an indented line or after
            # a short one ("5 and 40 percent ..." inside note 4 is no note 5); a "*" note at the head of
            # a page's notes or on a fresh line
            fresh_line = prev is None or ln.x0 > prev.x0 + 2 or prev.x1 < right - 0.1 * (right - prev.x0)
            lone = re.fullmatch(r"\d{1,3}", text) is not None
            if lone:
                m = re.match(r"^(\d{1,3})", text)
            starts = m is not None and (
                (ln.pieces[0].sup and int(m.group(1)) in range(expected, expected + 3))
                # a raised "1" heading a page's notes: a separate opinion numbers its notes afresh
                or (ln.pieces[0].sup and int(m.group(1)) == 1 and prev is None and expected > 1)
                or (int(m.group(1)) == expected and (fresh_line or lone)))
            starred = star is not None and fresh_line
            prev = ln
            if starts or starred or not notes:
                number = m.group(1) if starts and m else (star.group(1) if starred and star else None)
                if number and number.isdigit():
                    expected = int(number) + 1
                notes.append(dict(number=number, lines=[text], pages=[p.index]))
            else:
                notes[-1]["lines"].append(text)
                if p.index not in notes[-1]["pages"]:
                    notes[-1]["pages"].append(p.index)
    units = []
    for n in notes:
        b.separate("\n\n")
        start = b.pos
        for k, line in enumerate(n["lines"]):
            if k:
                prev = n["lines"][k - 1]
                if not _dehyphenate(prev, line):
                    b.append(" ")
            if k + 1 < len(n["lines"]) and _dehyphenate(line, n["lines"][k + 1]):
                line = line[:-1]
            b.append(line)
        pages = n["pages"]
        label = f"n. {n['number']}" if n["number"] else "note"
        voice = voice_of(pages[0]) if voice_of is not None else None
        extra: dict = {}
        if voice is not None:
            label = voice.note_prefix + label
            extra = dict(author=voice.author, role=voice.role, role_basis=voice.basis,
                         section_path=(voice.title, label.removeprefix(voice.note_prefix)))
        units.append(Unit(ordinal=first_ordinal + len(units), kind=UnitKind.OTHER, char_start=start,
                          char_end=b.content_end, zone=Zone.REASONS if voice else Zone.NOTE,
                          citable=voice is not None, number=n["number"], label=label,
                          page_start=label_of.get(pages[0]), page_end=label_of.get(pages[-1]),
                          pdf_page_start=pages[0], pdf_page_end=pages[-1], attrs={"footnote": True}, **extra))
    return units


def read_layouts(pdf: pdfium.PdfDocument, read_lines: Callable[[pdfium.PdfPage], list[Line]] = read_page_lines
                 ) -> tuple[list[PageLayout], list[int]]:
    """Every page's lines with the furniture and footnotes taken off; also the pages with no text.
    ``read_lines`` reads one page (the text layer; :class:`pincite.parse.ocr.PageReader` for a scan)."""
    pages: list[list[Line]] = []
    widths: list[float] = []
    empty: list[int] = []
    for i in range(len(pdf)):
        page = pdf[i]
        try:
            lines = read_lines(page)
            widths.append(page.get_width())
        finally:
            page.close()
        if not lines:
            empty.append(i)
        pages.append(lines)
    layouts = find_furniture(pages, widths)
    split_footnotes(layouts, _body_size(layouts))
    return layouts, empty


def _page_of(offset: int, markers: list[PageMarker]) -> PageMarker | None:
    """The page whose text holds ``offset`` (markers are in text order)."""
    best = None
    for m in markers:
        if m.char_start <= offset:
            best = m
        else:
            break
    return best


def parse(data: bytes, source: str) -> ParsedDocument:
    """Parse a PDF: canonical text without page furniture, page markers, and units with printed pages."""
    pdf = open_pdf(data, source)
    ocr = None
    try:
        npages = len(pdf)
        layouts, empty = read_layouts(pdf)
        if len(empty) == npages:  # a scan: read every page by OCR (pincite.parse.ocr)
            from pincite.parse.ocr import PageReader

            ocr = PageReader(source)
            layouts, empty = read_layouts(pdf, ocr)
    except pdfium.PdfiumError as e:
        raise ParseError(source, f"PDF is damaged and its text cannot be read ({e})") from None
    finally:
        pdf.close()
    if len(empty) == npages:
        raise ParseError(source, f"PDF has no text layer on any of its {npages} page(s) and OCR ({ocr.engine}) "
                                 "found no text on them either" if ocr else
                                 f"PDF has no text layer on any of its {npages} page(s)")
    warnings: list[str] = []
    if ocr is not None:
        warnings.append(f"no text layer: the text was read by OCR ({ocr.engine}) and may differ from the page; "
                        "quotes are checked against the OCR text")
    if empty:
        shown = ", ".join(str(i + 1) for i in empty[:10]) + (" ..." if len(empty) > 10 else "")
        warnings.append(f"{len(empty)} of {npages} PDF page(s) have no text layer (images only?): {shown}")
    probe = "\n".join(ln.text for p in layouts[:6] for ln in [*p.lines, *p.footnotes])
    us = looks_like_us_opinion(probe + "\n" + "\n".join(f for p in layouts[:6] for f in p.furniture))
    judgment = looks_like_judgment(probe)
    opinion = None
    if us:
        text, blocks, page_spans, refs = build_blocks(layouts, " ")
        opinion = analyse_us_opinion(blocks, layouts)
        if not opinion.voices:  # a brief or a record under a court's caption: no opinion begins in it
            opinion = None
    if opinion is None:
        text, blocks, page_spans, refs = build_blocks(layouts, " " if judgment else "\n")
    label_of = {p.index: p.label for p in layouts}
    markers = []
    for p in layouts:
        s, e = page_spans.get(p.index, (None, None))
        if s is None:
            # a page with no body text: an empty span where the next text would start
            s = e = markers[-1].char_end if markers else 0
        markers.append(PageMarker(pdf_index=p.index, label=p.label, char_start=s, char_end=e,
                                  furniture=tuple(p.furniture)))
    if not any(p.label for p in layouts):
        warnings.append("no printed page numbers were found: pages are known by PDF index only")
    date = citation = None
    if opinion is not None:
        units = opinion.units
        warnings.extend(opinion.warnings)
        title = _judgment_title(blocks, opinion_parties(blocks, layouts))
        kind = DocumentKind.JUDGMENT
        first = "\n".join([*(f for p in layouts[:3] for f in p.furniture),
                           text[markers[0].char_start:markers[0].char_end] if markers else text[:3000]])
        citation, date = find_citation(first), find_judgment_date(first)
    elif judgment:
        shape = analyse_judgment(text, blocks, layouts)
        units = shape.units
        warnings.extend(shape.warnings)
        title = shape.title
        kind = DocumentKind.JUDGMENT
        # what the first page prints (with the running heads of the first pages: "Cite as: 569 U. S. ____ (2013)")
        first = "\n".join([*(f for p in layouts[:3] for f in p.furniture),
                           text[markers[0].char_start:markers[0].char_end] if markers else text[:3000]])
        citation, date = find_citation(first), find_judgment_date(first)
    else:
        from pincite.parse.text import analyse_text

        analysis = analyse_text(text, source)
        units = [_with_pages(u, markers) for u in analysis.units]
        warnings.extend(analysis.warnings)
        title, kind, date = analysis.title, analysis.kind, analysis.date
    # notes go after the body so that no note sits inside a reasons paragraph
    b = TextBuilder()
    b.append(text)
    voice_of = None
    if opinion is not None and opinion.voices:
        voice_of = lambda page: voice_of_pages(opinion, page)  # noqa: E731 - the one place it is needed
    notes = _footnote_units(b, layouts, len(units), label_of, voice_of)
    if notes:
        text = b.text()
    meta = {"pdf_pages": npages, "footnote_refs": [[o, n] for o, n in refs]}
    if ocr is not None:
        meta.update(ocr=True, ocr_engine=ocr.engine, ocr_dpi=ocr.dpi)
    return ParsedDocument(format=Format.PDF, kind=kind, title=title, text=text, units=tuple(units) + tuple(notes),
                          citation=citation, date=date, pages=tuple(markers), warnings=tuple(warnings), meta=meta)


def _with_pages(u: Unit, markers: list[PageMarker]) -> Unit:
    """A unit from the text analysis with the printed pages and PDF indices of its first and last characters."""
    first = _page_of(u.char_start, markers)
    last = _page_of(max(u.char_start, u.char_end - 1), markers)
    if first is None or last is None:
        return u
    return replace(u, page_start=first.label, page_end=last.label, pdf_page_start=first.pdf_index,
                   pdf_page_end=last.pdf_index)
