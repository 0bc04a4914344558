"""A US court opinion (or a trial court's order) saved as plain text: the same voices and Parts as from its PDF.

Opinions reach users as text as often as PDF: a court's or a reporter's plain-text download, a PDF run through a
text extractor (pages split by form feeds, a page number and a running head on each page), or a web page saved as
text (one paragraph per line).  Read as a contract or as paragraphs counted by order, such a text gave labels the
opinion never prints ("¶7", "cl. 3" from a list in the reasons) and counted the dissent as the court's.  Here its
lines are grouped into paragraphs the way :mod:`pincite.parse.pdf` groups a page's lines, and the paragraphs go
to :func:`pincite.parse.us_opinion.analyse_us_opinion`: the caption and syllabus are front matter, the opinion
of the court and each separate opinion are voices with their own authors and roles, and the citable units are
the Parts the opinion prints ("Part II.A", "Thomas, J., dissenting, Part I"), with the printed page where the
text keeps its pages.

The canonical text is the file's text unchanged; page numbers and running heads stay in it but are read as the
page's label and kept out of every paragraph's first line.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from pincite.legal.judgments import find_citation, find_judgment_date
from pincite.legal import us_opinions as US
from pincite.legal.us_opinions import ECF_STAMP, RUNNING_SERIES, RUNNING_VOICE, looks_like_us_opinion
from pincite.parse.us_opinion import Block, analyse_us_opinion, judgment_title, opinion_parties
from pincite.types import DocumentKind, Format, PageMarker, ParsedDocument, Unit

#: how much of the text's start is read for the signs of a US opinion
PROBE_CHARS = 8000
#: a line this much shorter than the text's usual line (:func:`_usual_width`) ends its paragraph: a wrapped
#: paragraph's lines run to the margin, its last line and a heading stop short of it
SHORT_LINE = 0.75

#: a page's number printed alone at its top or foot: "7", "- 7 -", "Page 7", "Page 7 of 12"
_PAGE_NUMBER = re.compile(r"^\s*(?:-\s*)?(?:Page\s+)?(?P<n>\d{1,4})(?:\s*-)?(?:\s+of\s+\d{1,4})?\s*$", re.I)
#: a slip opinion's running citation line ("Cite as: 569 U. S. ____ (2013)")
_CITE_AS = re.compile(r"^\s*Cite as:\s+\S.{0,60}$")
#: how many lines at a page's top and foot may be its furniture
_EDGE_LINES = 3


@dataclass
class TextPage:
    """A page of the text (the whole text where it has no form feeds), in the shape of ``PageLayout``."""

    index: int
    start: int
    end: int
    series: str | None = None
    label: str | None = None
    furniture: list[str] = field(default_factory=list)


@dataclass
class _Ln:
    start: int  # first non-blank character
    end: int  # after the last non-blank character
    indent: int
    page: int
    content: str
    blank_before: bool  # an empty line stands right above it on its page


@dataclass(frozen=True)
class TextOpinion:
    units: list[Unit]
    warnings: list[str]
    pages: list[PageMarker]
    title: str
    citation: str | None
    date: str | None

    def document(self, fmt: Format, text: str, title: str = "", warnings: tuple[str, ...] = ()) -> ParsedDocument:
        """The opinion as a parsed document of format ``fmt`` whose canonical text is ``text`` (the one read);
        ``title`` where the opinion's caption gives none (a web page's or a file's own), ``warnings`` the
        format's own, before the opinion's."""
        return ParsedDocument(format=fmt, kind=DocumentKind.JUDGMENT, title=self.title or title, text=text,
                              units=tuple(self.units), citation=self.citation, date=self.date,
                              pages=tuple(self.pages), warnings=tuple(warnings) + tuple(self.warnings),
                              meta={"us_opinion": True})


def _pages(text: str) -> list[TextPage]:
    pages, at = [], 0
    for i, chunk in enumerate(text.split("\f")):
        pages.append(TextPage(i, at, at + len(chunk)))
        at += len(chunk) + 1
    return pages


def _lines(text: str, page: TextPage) -> list[_Ln]:
    out, blank = [], False
    for m in re.finditer(r"[^\n]*\n?", text[page.start:page.end]):
        raw = m.group().rstrip("\r\n")
        if not raw.strip():
            blank = True
            continue
        lead = len(raw) - len(raw.lstrip())
        s = page.start + m.start() + lead
        out.append(_Ln(s, s + len(raw.strip()), lead, page.index, raw.strip(), blank))
        blank = False
    return out


#: a line number printed in the margin of pleading paper or a court's lined page, run into the line's text by the
#: extraction ("12 District office of the former …"); a numbered line with no text is a blank line of the page
_MARGIN_NUMBER = re.compile(r"^(?P<n>\d{1,2})(?:[ \t]+|$)")
#: how many lines in a row, numbered one more each time, make a column of line numbers (a list's items on
#: consecutive lines print a stop after their numbers and are not taken)
MARGIN_RUN = 5


def _strip_margin_numbers(lines: list[_Ln]) -> list[_Ln]:
    """Lines that open with their own line numbers (a run of :data:`MARGIN_RUN` or more, each one more than the
    line above: a lined page's numbers, which start again on each page, under a caption that has none): the
    numbers are taken off the lines' content, and a line that held only its number is a blank line."""
    nums = [int(m.group("n")) if m else None for ln in lines for m in [_MARGIN_NUMBER.match(ln.content)]]
    marked = [False] * len(lines)
    i = 0
    while i < len(lines):
        j = i
        while j + 1 < len(lines) and nums[j] is not None and nums[j + 1] == nums[j] + 1:
            j += 1
        if nums[i] is not None and j - i + 1 >= MARGIN_RUN:
            for k in range(i, j + 1):
                marked[k] = True
        i = j + 1
    if not any(marked):
        return lines
    out: list[_Ln] = []
    blank = False
    for ln, mark in zip(lines, marked):
        if not mark:
            out.append(replace(ln, blank_before=ln.blank_before or blank))
            blank = False
            continue
        m = _MARGIN_NUMBER.match(ln.content)
        rest = ln.content[m.end():]
        if not rest.strip():
            blank = True
            continue
        # (the indent is the line's own: the number is a column of its own, not a first-line indent)
        out.append(replace(ln, start=ln.start + m.end(), content=rest, blank_before=ln.blank_before or blank))
        blank = False
    return out


def _furniture(page: TextPage, lines: list[_Ln], paged: bool, repeated: set[str]) -> set[int]:
    """The indexes (into ``lines``) of the page's number, stamp, running citation and running head: at a page's
    top or foot where the text keeps its pages, anywhere where it does not (a page break left as a line)."""
    gone: set[int] = set()
    edges = (list(range(min(_EDGE_LINES, len(lines)))) + list(range(max(0, len(lines) - _EDGE_LINES), len(lines)))
             if paged else range(len(lines)))
    for i in dict.fromkeys(edges):
        c = lines[i].content
        num = _PAGE_NUMBER.match(c) or ECF_STAMP.match(c)
        if num is not None and not paged and _LONE_NUMBER.match(c):
            num = None  # (a bare number inside a text with no pages: a Part's or a note's, see blocks_of)
        if num is not None:
            gone.add(i)
            page.label = page.label or (num.group("n") if paged else None)
        elif RUNNING_SERIES.match(c) or RUNNING_VOICE.match(c):
            gone.add(i)
            if paged:  # (one page for the whole text has no one running title)
                page.series = page.series or c
        elif _CITE_AS.match(c) or _digits(c) in repeated:
            gone.add(i)
            head = _HEAD_NUMBER.match(c)
            if head is not None and paged:
                page.label = page.label or head.group("a") or head.group("b")
        else:
            glued = _glued_head(c, repeated) if paged and i == len(lines) - 1 else None
            if glued is not None:  # "… alterna-MORTIMER v. BACA 2087": the head run onto the page's last line
                page.label = page.label or glued
            continue
        page.furniture.append(c)
    return gone


def _glued_head(line: str, repeated: set[str]) -> str | None:
    """The page number of a running head the extraction ran onto the end of a line of text, if one is there."""
    for head in repeated:
        m = re.search(rf"{re.escape(head)}\s+(\d{{1,5}})$", line)
        if m is not None and m.start() > 0:
            return m.group(1)
    return None


def _digits(s: str) -> str:
    """A line with its numbers taken out, as a running head is compared ("2086 MORTIMER v. BACA" and "MORTIMER
    v. BACA 2087" are one head)."""
    return " ".join(re.sub(r"\d+", " ", s).split())


def _repeated_heads(pages: list[list[_Ln]]) -> set[str]:
    """Lines printed at the top or foot of a third of the pages or more (three at least), numbers aside: a running
    head ("TRIPLET v. FRANKLIN", "MORTIMER v. BACA 2093", printed on alternate pages), not text.  Returned as
    :func:`_digits` gives them."""
    if len(pages) == 1:
        # no page breaks kept: a line naming the parties ("MORTIMER v. BACA 2093") printed three times or more
        counts: dict[str, set[int]] = {}
        for k, ln in enumerate(pages[0]):
            if re.search(r"\sv\.?\s", ln.content) and len(ln.content) <= 80:
                counts.setdefault(_digits(ln.content), set()).add(k)
        return {c for c, where in counts.items() if len(where) >= 3}
    if len(pages) < 3:
        return set()
    counts = {}
    for k, lines in enumerate(pages):
        for ln in lines[:2] + lines[-2:]:  # (an extraction may put the head after the page's text)
            counts.setdefault(_digits(ln.content), set()).add(k)
    return {c for c, where in counts.items() if len(where) >= max(3, len(pages) // 3) and len(c) <= 120
            and re.search(r"[A-Za-z]{2}", c)}


#: a page number at either end of a running head ("MORTIMER v. BACA 2093", "4 UNITED STATES v. VINTON")
_HEAD_NUMBER = re.compile(r"^(?P<a>\d{1,5})\s+\S.*$|^.*\S\s+(?P<b>\d{1,5})$")


def _usual_width(lines: list[_Ln]) -> int:
    """The median width of the lines (of more than 20 characters): a wrapped paragraph's lines; a note's lines,
    set smaller and so longer, do not raise it as a high percentile would."""
    widths = sorted(ln.indent + len(ln.content) for ln in lines if len(ln.content) > 20)
    return widths[len(widths) // 2] if widths else 80


#: a line holding only a number of one to three digits: a Part's number ("1" under "II-B"), or a footnote's set
#: apart by the extraction (:func:`_lone_numbers`)
_LONE_NUMBER = re.compile(r"^\d{1,3}$")
#: a note's call run onto a word or a stop ("… the handle).1", "comments1 explain"; not "3,000" or "5.1"), and a
#: note's text opening with its number run onto its first word ("8The Compact Clause …")
_NOTE_CALL = re.compile(r"(?:(?<=[A-Za-z”\"’)\]])|(?<=[A-Za-z”\"’)\]][.,;:]))(\d{1,3})(?=\s|$)")
_NOTE_TEXT = re.compile(r"^(\d{1,3})(?=[A-Z“\"])")
#: where a text keeps no pages, how many lines a note's call and its note may stand apart (about a page)
NOTE_SPAN = 60
#: lone numbers rising by one this many times or more, in a text that keeps no pages, are its page numbers
PAGE_RUN = 5


def _lone_numbers(body: list[_Ln]) -> set[int]:
    """The lone-number lines (:data:`_LONE_NUMBER`) that are no Part's number: a footnote's — its call printed
    above it on its page (within :data:`NOTE_SPAN` lines where the text keeps no pages) and not yet answered by a
    note, or the same number set alone twice there (the call lifted onto a line of its own, then the note) — and,
    where the text keeps no pages, a run of :data:`PAGE_RUN` or more numbers rising by one (its pages').  The rest
    (a Supreme Court opinion's "1" under "II-B") are left for the opinion's reader to judge."""
    paged = bool(body) and body[0].page != body[-1].page

    def near(j: int, k: int) -> bool:
        return body[j].page == body[k].page if paged else k - j <= NOTE_SPAN

    calls: dict[int, int] = {}  # a note's number -> the line of its open call
    drop: set[int] = set()
    lone: list[tuple[int, int]] = []
    for k, ln in enumerate(body):
        c = ln.content
        if _LONE_NUMBER.match(c):
            n = int(c)
            twin = None
            for j, m in reversed(lone):  # (the nearest first; none further back than a page can be its twin)
                if not near(j, k):
                    break
                if m == n:
                    twin = j
                    break
            if n in calls and near(calls[n], k):
                del calls[n]
                drop.add(k)
            elif twin is not None:
                drop.update((twin, k))
            lone.append((k, n))
            continue
        m = _NOTE_TEXT.match(c)
        if m is not None:
            calls.pop(int(m.group(1)), None)
        for x in _NOTE_CALL.findall(c):
            calls[int(x)] = k
    if not paged:
        run: list[int] = []
        last = None
        for k, n in lone:
            if last is not None and n == last + 1:
                run.append(k)
            else:
                if len(run) >= PAGE_RUN:
                    drop.update(run)
                run = [k]
            last = n
        if len(run) >= PAGE_RUN:
            drop.update(run)
    return drop


#: a Part's number opening a line ("III", "A. “In custody” requirement", "A. Berry did not require that …" run over
#: two lines): after a sentence's end it starts a paragraph, even where the sentence's last line nearly reached
#: the margin (whether it is a heading is for the opinion's reader to judge: a list's item opens a paragraph too)
_HEADING_LINE = re.compile(rf"^{US.PART_TOKEN}(?:\.?$|\.\s+\S)")
#: an opinion's first line ("BROWN, Circuit Judge: …", "JUSTICE KAGAN, dissenting."): it starts a paragraph
_OPENERS = US.COURT_OPENERS + US.SEPARATE_OPENERS
_SENTENCE_ENDS = (".", "!", "?", ":", ";", "\"", "”", ")")


#: a footnote's number run onto the end of a line after its punctuation ("AFFIRMED.13"): taken off the words
#: the opinion's headings, openers and dispositions are read from (the text itself is not changed)
_NOTE_MARK = re.compile(r"(?<=[.,;:”\"’)])\d{1,3}$")
#: a clerk's filing stamp printed in a box on the first page ("FILED" / the court / the date / the clerk's name /
#: "Clerk of Court"), which an extraction puts among the lines of text
_STAMP_OPENS = re.compile(r"^FILED$", re.I)
_STAMP_CLOSES = re.compile(r"^Clerk(?: of(?: the)? Court)?\.?$", re.I)
_STAMP_LINES = 8


def _filing_stamp(body: list[_Ln]) -> set[int]:
    for k, ln in enumerate(body):
        if ln.page > 1:
            break
        if _STAMP_OPENS.match(ln.content):
            for j in range(k + 1, min(len(body), k + _STAMP_LINES)):
                if _STAMP_CLOSES.match(body[j].content):
                    return set(range(k, j + 1))
    return set()


def _heading_words(s: str) -> bool:
    """A short line's words read as a heading: in capitals ("STANDARD OF REVIEW"), or a few capitalised words
    with no stop ("Background", "Standard of Review")."""
    if s.endswith((".", ",", ";", ":")) or len(s.split()) > 8:
        return False
    if s.isupper() and sum(c.isalpha() for c in s) >= 3:
        return True
    words = [w for w in re.findall(r"[A-Za-z][\w'’-]*", s) if len(w) > 3]
    return bool(words) and all(w[0].isupper() for w in words) and len(s.split()) <= 6


def _caps_line(s: str) -> bool:
    """A line in capitals (three letters at least, none in lower case)."""
    letters = [c for c in s if c.isalpha()]
    return len(letters) >= 3 and all(c.isupper() for c in letters)


def blocks_of(text: str) -> tuple[list[Block], list[TextPage]]:
    """The text's paragraphs and pages: a paragraph ends at a blank line, at a line that stops well short of the
    usual line (:data:`SHORT_LINE`) and before a line indented further than the one above (a first-line indent);
    it runs on over a page break when its page's last line reaches the margin."""
    pages = _pages(text)
    paged = len(pages) > 1
    per_page = [_strip_margin_numbers(_lines(text, p)) for p in pages]
    repeated = _repeated_heads(per_page)
    body: list[_Ln] = []
    for p, lines in zip(pages, per_page):
        gone = _furniture(p, lines, paged, repeated)
        body.extend(ln for i, ln in enumerate(lines) if i not in gone)
    width = _usual_width(body)
    # an extraction that keeps no indentation cannot show a heading centred: a line alone, under half the usual
    # line's length, is read as centred there (the heading tests still want capitals, few words, no stop)
    flat = sum(1 for ln in body if ln.indent) < 0.05 * max(1, len(body))
    blocks: list[Block] = []
    group: list[_Ln] = []

    def close() -> None:
        if not group:
            return
        first = group[0]
        centred = first.indent >= 8 and abs(first.indent - (width - first.indent - len(first.content))) <= max(
            4, width // 6) or (flat and len(group) == 1 and len(first.content) < width / 2)
        blocks.append(Block(
            start=first.start, end=group[-1].end, pages=list(dict.fromkeys(x.page for x in group)),
            first_line=_NOTE_MARK.sub("", first.content), lines=len(group),
            text="\n".join(_NOTE_MARK.sub("", x.content) for x in group),
            first_centred=centred, first_short=first.indent + len(first.content) < SHORT_LINE * width))
        group.clear()

    skip = _filing_stamp(body) | _lone_numbers(body)
    for k, ln in enumerate(body):
        if k in skip:
            continue  # the clerk's "FILED" stamp, a note's or a page's number: not the opinion's paragraphs
        if group:
            prev = group[-1]
            short = prev.indent + len(prev.content) < SHORT_LINE * width
            indented = ln.indent >= prev.indent + 2 and ln.page == prev.page
            heading = prev.content.endswith(_SENTENCE_ENDS) and (
                _HEADING_LINE.match(ln.content) is not None
                or any(p.match(ln.content) for p, _ in _OPENERS)  # "BROWN, Circuit Judge: Samuel …"
                or (len(ln.content) < SHORT_LINE * width and _heading_words(ln.content)))
            # a title in capitals set over several short lines ("ORDER GRANTING PLAINTIFF'S" / "APPLICATION FOR A"
            # / "PRELIMINARY INJUNCTION") is one heading, not three
            title_runs_on = (_caps_line(prev.content) and _caps_line(ln.content) and not ln.blank_before
                             and not prev.content.endswith((".", ":", ";")) and not _HEADING_LINE.match(ln.content))
            if (ln.blank_before and ln.page == prev.page) or (short and not title_runs_on) or indented or heading:
                close()
        group.append(ln)
        if len(group) <= 2 and _HEADING_LINE.match(group[0].content) and ln.content.endswith((".", ":")):
            # "B. The district court properly granted summary judgment." on a line of its own, or a Part's
            # heading run over two lines and closed by its stop: the Part's text starts on the next line
            close()
    close()
    return blocks, pages


def read_us_opinion_text(text: str, source: str) -> TextOpinion | None:
    """The opinion's units when ``text`` reads as a US court opinion or order (two of the signs of
    :func:`pincite.legal.us_opinions.looks_like_us_opinion` near its start, and the court's opinion found to
    begin); None otherwise, for the plain-text analysis to read it."""
    if not looks_like_us_opinion(text[:PROBE_CHARS]):
        return None
    blocks, pages = blocks_of(text)
    if not blocks:
        return None
    # the Supreme Court's caption on a line of its own: its Parts are "II-A" (a text loses the running titles the
    # PDF reader finds it by)
    supreme = any(US.CAPTION_LINES[0][0].match(ln.strip()) for ln in text[:PROBE_CHARS * 4].splitlines())
    shape = analyse_us_opinion(blocks, pages, supreme=supreme or None)
    if not shape.voices or not any(u.citable for u in shape.units):
        return None
    markers = [PageMarker(pdf_index=p.index, label=p.label, char_start=p.start, char_end=p.end,
                          furniture=tuple(p.furniture)) for p in pages] if len(pages) > 1 else []
    warnings = list(shape.warnings)
    if len(pages) > 1 and not any(p.label for p in pages):
        warnings.append(f"{source}: pages are split by form feeds but print no number: pages are known by order only")
    first = "\n".join([*(f for p in pages[:3] for f in p.furniture), text[:PROBE_CHARS]])
    title = judgment_title(blocks, opinion_parties(blocks, pages))  # type: ignore[arg-type]
    return TextOpinion(shape.units, warnings, markers, title, find_citation(first), find_judgment_date(first))
