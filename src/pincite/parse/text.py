"""Plain text, and the text analysis other parsers reuse (contract clauses, numbered paragraphs).

``analyse_text(text, source)`` finds the structure of a text that is already canonical (the PDF and HTML
parsers call it on the text they built); ``parse(data, source)`` decodes a plain-text file and runs it.
Every span points into the text passed in, computed from the offsets where numbers and lines were found;
nothing is searched for afterwards.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Sequence
from dataclasses import dataclass

from pincite.errors import ParseError
from pincite.legal.contracts import (
    DETACHED_NUMBER_HEADINGS,
    END_NOTES,
    FIRST_PAGE_SIGNALS,
    PAGE_FOOTER,
    PAGE_LEGENDS,
    FOOTER_NOTES,
    FORM_VERSION_LINES,
    INSTRUMENT_TITLE_WORDS,
    NOT_CLAUSE_HEADINGS,
    NOT_PART_NOTES,
    PARTY_SIGNALS,
    UNNUMBERED_HEADINGS,
    SIGNATURE_LINE_OPENERS,
    SIGNATURE_OPENERS,
    attachment_alternation,
)
from pincite.legal.judgments import MONTH_NAME, iso_from_parts
from pincite.legal.text_judgments import CAPTION_SIGNS, CAPTION_SIGNS_NEEDED
from pincite.parse.contract import (
    Candidate,
    Line,
    adrift_runs,
    contents_entry,
    find_candidates,
    heading_of,
    is_heading_like,
    select_numbering,
    split_lines,
)
from pincite.parse.echr import echr_facts, echr_judgment
from pincite.parse.statute_text import analyse_statute
from pincite.parse.us_opinion_text import read_us_opinion_text
from pincite.parse.text_judgment import bracket_judgment, caption_facts, headed_decision, numbered_judgment
from pincite.types import DocumentKind, Format, ParsedDocument, Unit, UnitKind, Zone


@dataclass(frozen=True, slots=True)
class TextAnalysis:
    """The structure found in one text: units whose spans point into that text."""

    kind: DocumentKind  # CONTRACT when numbered clauses were found, else OTHER (or JUDGMENT for [1] paragraphs)
    title: str
    units: tuple[Unit, ...]  # spans into the text passed in; ordinals 0..n-1; parents set
    warnings: tuple[str, ...]
    date: str | None  # ISO date if the document states one clearly (e.g. "dated as of May 8, 2014")
    #: sub-units its own cross-references cite that it does not print (list markers lost in copying)
    unprinted: tuple[str, ...] = ()


#: Fewer kept clause numbers than this and the text is not treated as a contract.
MIN_CLAUSES = 3

_SIGNATURE = re.compile(r"(?:^|[ \t]{2,}|(?<=[.;!?\"”)\]])[ \t]+)(" + "|".join(
    re.escape(w) if not w.startswith("[") else r"\[?(?i:" + re.escape(w.strip("[]")) + r")\]?"
    for w, _ in SIGNATURE_OPENERS) + "|(?<![^\n])[ \t]*(?:" + "|".join(re.escape(w) for w, _ in SIGNATURE_LINE_OPENERS)
    + r")\b)", re.M)
_SCHEDULE = re.compile(r"^[ \t]*(?:" + attachment_alternation() + r")\b[ \t]*[A-Z0-9]{0,4}\b", re.M)


# ---------------------------------------------------------------------------------------------------------
# Title and date

_TITLE_WORDS = re.compile(r"(?i)\b(agreement|contract|amendment|licen[cs]e|lease|deed|memorandum|addendum|"
                          r"terms|plan|understanding|note|judgment|act)\b")
_EXHIBIT_ONLY = re.compile(r"(?i)^(exhibit|ex\.)\s*[\w.\-]*$")


def find_title(lines: list[Line], limit: int = 25) -> str:
    """A document title from its first lines: a short line naming the instrument, else the first line."""
    chunks: list[str] = []
    for ln in lines:
        if len(chunks) >= limit * 3:
            break
        if not ln.content or ln.furniture:
            continue
        for part in re.split(r"[ \t]{3,}", ln.content):
            part = part.strip()
            if part and not _EXHIBIT_ONLY.match(part) and part not in ("[LOGO]",):
                chunks.append(part)
    for part in chunks[: limit * 3]:
        words = part.split()
        if _TITLE_WORDS.search(part) and len(words) <= 12 and not part.lower().startswith("this ") \
                and not part.endswith((",", ";")):
            part = re.sub(r"(?i)^exhibit\s+[\d.]+\s+", "", part)
            return part.strip(" -")
    return chunks[0][:200] if chunks else ""


_MONTH = rf"({MONTH_NAME})"
_DATED = re.compile(
    r"(?i)\b(?:dated|effective|entered\s+into|made)(?:\s+(?:as\s+of|on|this|and\s+entered\s+into))*[:\s]+"
    r"(?:" + _MONTH + r"\s+(\d{1,2})(?:st|nd|rd|th)?\s*,?\s*(\d{4})"
    r"|(\d{1,2})(?:st|nd|rd|th)?\s+(?:day\s+of\s+)?" + _MONTH + r",?\s+(\d{4}))"
)


def find_date(text: str, limit: int = 4000) -> str | None:
    """The date the document states for itself ("dated as of May 8, 2014"), as ISO, if clearly printed."""
    m = _DATED.search(text, 0, min(len(text), limit))
    if not m:
        return None
    if m.group(1):
        month, day, year = m.group(1), m.group(2), m.group(3)
    else:
        day, month, year = m.group(4), m.group(5), m.group(6)
    return iso_from_parts(month, day, year)


# ---------------------------------------------------------------------------------------------------------
# Blocks (paragraphs by order)

def find_blocks(text: str, lines: list[Line], start: int, end: int,
                skip_numbers: bool = True) -> list[tuple[int, int]]:
    """Paragraph spans in ``[start, end)``: runs of non-blank lines; page furniture and (unless
    ``skip_numbers`` is false) lines of bare clause numbers are left out."""
    out: list[tuple[int, int]] = []
    cur: tuple[int, int] | None = None
    for ln in lines:
        if ln.end <= start or ln.start >= end:
            continue
        if not ln.content or ln.furniture or (ln.numbers_only and skip_numbers):
            if cur:
                out.append(cur)
                cur = None
            continue
        s = max(ln.start, start)
        e = min(ln.end, end)
        seg = text[s:e]
        s += len(seg) - len(seg.lstrip())
        e -= len(seg) - len(seg.rstrip())
        if s >= e:
            continue
        cur = (cur[0], e) if cur else (s, e)
    if cur:
        out.append(cur)
    return out


# ---------------------------------------------------------------------------------------------------------
# Clause units

def _trim_end(text: str, lines: list[Line], starts: list[int], pos: int, floor: int) -> int:
    """Move ``pos`` back over whitespace, page furniture and number-only lines, never below ``floor``."""
    while pos > floor:
        while pos > floor and text[pos - 1].isspace():
            pos -= 1
        if pos <= floor:
            break
        li = max(0, bisect.bisect_right(starts, pos - 1) - 1)
        ln = lines[li]
        if (ln.furniture or ln.numbers_only) and ln.start >= floor:
            pos = ln.start
            continue
        break
    return max(pos, floor)


def _label(c: Candidate, parent_label: str | None) -> str:
    tok = c.token
    if c.style == "article":
        kw = (c.keyword or "").lower()
        return f"Pt. {tok}" if kw == "part" or c.extra.get("part") else f"Art. {tok}"
    if c.style == "para":
        # a section-sign section, numbered again under each part: "Pt. II, § 6" (as "Sch. 2, para. 1"), "§ 6"
        return f"{parent_label}, § {tok}" if parent_label else f"§ {tok}"
    if c.style == "dec":
        kw = (c.keyword or "").lower()
        prefix = "s." if kw == "section" else "cl."
        return f"{prefix} {tok}"
    if c.family in ("paren", "close") or (c.style == "dec-item" and (parent_label or "")[-1:].isdigit()):
        # (a list "1.", "2." straight under clause 2 is cl. 2(1), cl. 2(2): "cl. 2.1" would name another clause)
        suffix = f"({tok})"
    else:
        suffix = f".{tok}"
    return f"{parent_label}{suffix}" if parent_label else suffix


def _unit_kind(c: Candidate, depth: int) -> UnitKind:
    if c.style == "article":
        return UnitKind.PART
    if c.style == "para":
        return UnitKind.SECTION
    if c.style == "dec":
        return UnitKind.CLAUSE if depth == 0 or len(c.value) == 1 else UnitKind.SUBCLAUSE
    return UnitKind.SUBCLAUSE


def analyse_text(text: str, source: str, title: str | None = None) -> TextAnalysis:
    """Find the units of ``text``: numbered clauses when there are any, else paragraphs by order.

    ``source`` names the document in warnings.  Spans are offsets into ``text`` exactly as given.  ``title``
    is the document's title where its format marks one (a Markdown heading); otherwise it is read from the
    first lines, and it is one of the contract signals.
    """
    lines = split_lines(text)
    starts = [ln.start for ln in lines]
    title = title or find_title(lines)
    date = find_date(text)
    warnings: list[str] = []

    echr = echr_judgment(text, lines)
    if echr:  # the European Court of Human Rights: named and dated as its cover prints them
        named, _cite, judged = echr_facts(text)
        return TextAnalysis(DocumentKind.JUDGMENT, named or title, tuple(echr), tuple(warnings), judged or date)
    headed = headed_decision(text, lines) or numbered_judgment(text, lines)
    if headed:
        return TextAnalysis(DocumentKind.JUDGMENT, title, tuple(headed), tuple(warnings), date)
    adrift = adrift_runs(lines)
    if adrift:
        warnings.append(f"{source}: {len(adrift)} column(s) of clause numbers printed apart from their clauses where "
                        f"no page's text begins (first at line {adrift[0][0] + 1}): the document does not say which "
                        f"clause each number is, so no clause is labelled by a number printed in such a column")
    cands = find_candidates(text, lines)
    kept = select_numbering(cands)
    sig_start = find_signatures(text, lines, kept[0].pos) if len(kept) >= MIN_CLAUSES else None
    if sig_start is not None:  # ("[Remainder of page left blank. Signature page follows.]": from its bracket)
        sig_start = next((a for a, b in page_legends(text, max(0, sig_start - 200), sig_start + 200)
                          if a <= sig_start < b), sig_start)
    if len(kept) >= MIN_CLAUSES and reads_as_judgment(text, title, kept[0].pos, sig_start):
        # a judgment's caption outweighs the clauses and "entered into" its reasons quote from a contract
        judgment = bracket_judgment(text, lines, MIN_CLAUSES) or _judgment_units(text, lines)
        if judgment:
            return TextAnalysis(DocumentKind.JUDGMENT, title, tuple(judgment), tuple(warnings), date)
    if len(kept) >= MIN_CLAUSES and not has_contract_signals(text, title, kept[0].pos, sig_start):
        warnings.append(f"{source}: numbered, but no contract signal (an agreement title, the parties, a "
                        f"signature block): stored as plain text, not as a contract")
        kept = []
        not_contract = True
    else:
        not_contract = False
    if len(kept) >= MIN_CLAUSES:
        body_start = kept[0].pos
        sched_start = attachments_before(text, lines, kept, cands, body_start,
                                         len(text) if sig_start is None else sig_start)
        body_end = min(x for x in (sig_start, sched_start, len(text)) if x is not None)
        kept = [c for c in kept if c.pos < body_end]
        legends = page_legends(text, body_start, body_end)
        # (from the last clause printed at a line start: a note may hold a number found inside a line, "... CC
        # Attribution 4.0 International")
        last = next((c for c in reversed(kept) if c.where != "inline"), kept[-1])
        notes = trailing_notes(text, lines, last, body_end, legends)
        notes_end = body_end
        if notes is not None and notes[1] == Zone.SIGNATURES and sched_start is None:
            sig_start, notes = notes[0], None  # a legend before the signatures (or the end) opens them
            body_end = sig_start
        elif notes is not None:
            body_end = notes[0]
        # a note that says it is not part of the instrument ("… does not form part of the licence") ends it
        at = _notes_after(text, lines, last.pos, body_end)
        if at is not None and at < body_end:
            notes, body_end = (at, Zone.NOTE), at
        kept = [c for c in kept if c.pos < body_end]
        repeats: list[str] = []
        units = _clause_units(text, lines, starts, kept, body_start, body_end, repeats)
        if adrift:
            # the clause numbers went into columns that say not whose they are: a clause opened by a number printed
            # elsewhere (a list's item, a table's row) may hold clauses whose numbers are in those columns, so its
            # number is not the document's for all its text, and no surface shows it as that (types.label_unverified)
            for u in units:
                if u.get("number") and u["zone"] == Zone.BODY:
                    u["attrs"] = {**u.get("attrs", {}), "label_unverified": True}
        _trim_legends(text, units, legends)
        if repeats:
            warnings.append(f"{source}: the clause numbering repeats or goes back ({len(repeats)}): "
                            + "; ".join(repeats[:8]) + ("; …" if len(repeats) > 8 else ""))
        units = _preamble_units(text, lines, body_start) + units
        if notes is not None:
            units += [dict(kind=UnitKind.BLOCK, char_start=s, char_end=e, zone=notes[1], citable=False,
                           number=None, label=f"Notes ¶{i + 1}", parent=None, section_path=("Notes",),
                           attrs={})
                      for i, (s, e) in enumerate(find_blocks(text, lines, body_end, notes_end))]
        counts: dict[str, int] = {}
        if sched_start is not None:
            # schedules printed before the signatures (or with none): their own units, then the signatures
            end = len(text) if sig_start is None else sig_start
            units += _schedule_units(text, find_blocks(text, lines, sched_start, end), counts)
        units += _tail_units(text, lines, sig_start, counts) if sig_start is not None else []
        units = _renumber(units)
        lost = unprinted_citations(text, units)
        if lost:
            warnings.append(f"{source}: its own cross-references cite {', '.join(lost[:3])} but the text "
                            f"prints no such sub-unit (its list markers were probably lost in copying): "
                            f"pinpoints go no deeper than the numbered clauses, and no label is inferred by "
                            f"counting lines")
        detached = sum(1 for c in kept if c.where == "detached")
        if detached:
            warnings.append(f"{detached} clause numbers were printed apart from their text and were attached "
                            f"to the paragraphs below them")
        return TextAnalysis(DocumentKind.CONTRACT, title, tuple(units), tuple(warnings), date, tuple(lost))

    judgment = bracket_judgment(text, lines, MIN_CLAUSES) or _judgment_units(text, lines)
    if judgment:
        return TextAnalysis(DocumentKind.JUDGMENT, title, tuple(judgment), tuple(warnings), date)

    headed_units = None if not_contract else headed_clauses(text, lines, title, bool(adrift))
    if headed_units:
        warnings.append(f"{source}: no clause numbering found; its clauses are cited by their printed headings")
        return TextAnalysis(DocumentKind.CONTRACT, title, tuple(_renumber(headed_units)), tuple(warnings), date)

    blocks = find_blocks(text, lines, 0, len(text))
    units_out = [Unit(ordinal=i, kind=UnitKind.BLOCK, char_start=s, char_end=e, zone=Zone.BODY, citable=True,
                      label=f"¶{i + 1}") for i, (s, e) in enumerate(blocks)]
    if units_out:
        warnings.append(f"{source}: no clause or paragraph numbering found; pinpoints are by paragraph order (¶N)")
    return TextAnalysis(DocumentKind.TEXT if not_contract else DocumentKind.OTHER, title, tuple(units_out),
                        tuple(warnings), date)


_HEADING_SHAPES = [re.compile(p) for p, _ in UNNUMBERED_HEADINGS]
_NOT_HEADINGS = [re.compile(p) for p, _ in NOT_CLAUSE_HEADINGS]
_DETACHED_HEADING_SHAPES = _HEADING_SHAPES + [re.compile(p) for p, _ in DETACHED_NUMBER_HEADINGS]
#: a heading longer than this many words is a sentence in capitals, not a title
_HEADING_WORDS = 8


def unnumbered_heading(content: str, numbers_detached: bool = False) -> tuple[str, bool] | None:
    """The clause heading a stripped line opens with, printed without a number
    (:data:`pincite.legal.contracts.UNNUMBERED_HEADINGS`; with ``numbers_detached``, in a document whose clause
    numbers were set apart from their clauses, :data:`~pincite.legal.contracts.DETACHED_NUMBER_HEADINGS` too),
    and whether it stands alone on its line; None when the line opens with none."""
    for p in (_DETACHED_HEADING_SHAPES if numbers_detached else _HEADING_SHAPES):
        m = p.match(content)
        if m:
            break
    else:
        return None
    h = m.group("h").strip()
    words = re.findall(r"[A-Za-z]+", h)
    if "," in h or not 1 <= len(words) <= _HEADING_WORDS or sum(ch.isalpha() for ch in h) < 4:
        return None
    if any(p.search(h) for p in _NOT_HEADINGS):
        return None
    return h, m.end() >= len(content.rstrip())


def _text_line(lines: list[Line], i: int, step: int) -> Line | None:
    """The nearest line before (``step`` -1) or after (1) line ``i`` with text that is not page furniture."""
    j = i + step
    while 0 <= j < len(lines):
        if lines[j].content and not lines[j].furniture:
            return lines[j]
        j += step
    return None


def headed_clauses(text: str, lines: list[Line], title: str, numbers_detached: bool = False) -> list[dict] | None:
    """A contract that numbers none of its clauses but heads each ("DUTIES.", "TERM & TERMINATION. This
    Agreement…", "GOVERNING LAW"): one citable clause per heading, labelled by the heading as printed, from the
    heading to the next; the preamble before the first and the signatures and attachments after the last as for
    a numbered contract.  A heading alone on its line with a run-in heading straight under it ("TERM AND
    TERMINATION" over "INITIAL TERM AND RENEWALS: This Agreement…") heads a group: the run-in headings up to the
    next heading alone on its line are its clauses.  None unless at least :data:`MIN_CLAUSES` headings follow a
    preamble in prose and the text is an instrument (its title names one, or it has signature blocks).  A
    heading printed on three or more lines is a page's running head, not a clause's.  ``numbers_detached``: the
    document's clause numbers were set apart from their clauses (:func:`pincite.parse.contract.adrift_runs`), so
    a title-case line alone heads a clause too."""
    prose = next((ln for ln in lines if len(ln.content.split()) >= 8 and not ln.furniture), None)
    if prose is None:
        return None
    heads: list[tuple[Line, str, bool]] = []  # (line, heading, alone on its line)
    for ln in lines[prose.index + 1:]:
        if ln.furniture or not ln.content or ln.numbers_only:
            continue
        found = unnumbered_heading(ln.content, numbers_detached)
        if found is None:
            continue
        h, alone = found
        before = _text_line(lines, ln.index, -1)
        if before is not None and before.end >= ln.start - 1 and not before.content.endswith((".", ":", ";")) \
                and unnumbered_heading(before.content, numbers_detached) is None:
            continue  # a line of a wrapped sentence, not a heading
        if alone:
            nxt = _text_line(lines, ln.index, 1)
            while numbers_detached and nxt is not None and nxt.numbers_only:  # ("Name" / "A." "B." "1." / text)
                nxt = _text_line(lines, nxt.index, 1)
            if nxt is None or len(nxt.content.split()) < 4:
                continue  # a heading heads text
        heads.append((ln, h, alone))
    counts: dict[str, int] = {}
    for _, h, _ in heads:
        counts[h.casefold()] = counts.get(h.casefold(), 0) + 1
    heads = [x for x in heads if counts[x[1].casefold()] < 3]
    if len(heads) < MIN_CLAUSES:
        return None
    body_start = heads[0][0].start + (len(text[heads[0][0].start:heads[0][0].end])
                                      - len(text[heads[0][0].start:heads[0][0].end].lstrip()))
    sig_start = find_signatures(text, lines, body_start)
    if not (sig_start is not None or _INSTRUMENT_TITLE.search(title.strip())) \
            or not has_contract_signals(text, title, body_start, sig_start):
        return None
    end = len(text) if sig_start is None else sig_start
    sched = schedules_start(text, lines, body_start)
    if sched is not None and sched < end:
        end = sched
    heads = [x for x in heads if x[0].start < end]
    if len(heads) < MIN_CLAUSES:
        return None
    starts = [ln.start for ln in lines]
    units = _preamble_units(text, lines, body_start)
    clauses: list[dict] = []
    group: int | None = None  # a heading alone on its line with a run-in heading straight under it: their group
    for k, (ln, h, alone) in enumerate(heads):
        s = ln.start + (len(text[ln.start:ln.end]) - len(text[ln.start:ln.end].lstrip()))
        e = heads[k + 1][0].start if k + 1 < len(heads) else end
        nxt = _text_line(lines, ln.index, 1)
        if alone:
            group = None
        parent = group
        clauses.append(dict(kind=UnitKind.CLAUSE if parent is None else UnitKind.SUBCLAUSE, char_start=s,
                            char_end=_trim_end(text, lines, starts, e, s), zone=Zone.BODY, citable=True,
                            number=None, label=h, parent=parent,
                            section_path=((clauses[parent]["label"],) if parent is not None else ()) + (h,),
                            attrs={"heading": h, "numbering": "unnumbered"}))
        if alone and k + 1 < len(heads) and nxt is heads[k + 1][0] and not heads[k + 1][2]:
            group = len(clauses) - 1  # ("TERM AND TERMINATION" over "INITIAL TERM AND RENEWALS: This …")
    for c in clauses:  # a group reaches to the end of its last heading's clause
        if c["parent"] is not None:
            p = clauses[c["parent"]]
            p["char_end"] = max(p["char_end"], c["char_end"])
    units += clauses
    if sig_start is not None:
        units += _tail_units(text, lines, sig_start, {})
    elif end < len(text):
        units += _schedule_units(text, find_blocks(text, lines, end, len(text)), {})
    return units


_INSTRUMENT_TITLE = re.compile(r"(?i)\b(?:" + "|".join(w for w, _ in INSTRUMENT_TITLE_WORDS) + r")\W*$")
_PARTY_SIGNALS = [re.compile(p) for p, _ in PARTY_SIGNALS]
_FIRST_PAGE_SIGNALS = [re.compile(p) for p, _ in FIRST_PAGE_SIGNALS]
#: how much of the first page, and of the text before the first clause, may name the parties
_OPENING = 4000


def has_contract_signals(text: str, title: str, body_start: int, sig_start: int | None) -> bool:
    """Whether a numbered text is a contract: its title names an instrument, its opening names the parties or
    makes the bargain (:data:`pincite.legal.contracts.PARTY_SIGNALS`), or it has signature blocks.  A dataset's
    README or a numbered memo has clauses but none of these."""
    if sig_start is not None or _INSTRUMENT_TITLE.search(title.strip()):
        return True
    # the first page, and the text just before the first clause (where the parties follow a table of contents)
    openings = (text[:_OPENING], text[max(_OPENING, body_start - _OPENING):body_start + _OPENING // 3])
    return any(p.search(o) for p in _PARTY_SIGNALS for o in openings) or any(
        p.search(openings[0]) for p in _FIRST_PAGE_SIGNALS)


def contract_evidence(text: str, title: str, body_start: int, sig_start: int | None) -> int:
    """How much says a numbered text is a contract: signature blocks and an instrument's title count two,
    each distinct party signal on the first page or before the first clause one, a party defined in
    quotation marks on the first page one."""
    score = 2 * (sig_start is not None) + 2 * bool(_INSTRUMENT_TITLE.search(title.strip()))
    openings = (text[:_OPENING], text[max(_OPENING, body_start - _OPENING):body_start + _OPENING // 3])
    score += sum(1 for p in _PARTY_SIGNALS if any(p.search(o) for o in openings))
    return score + sum(1 for p in _FIRST_PAGE_SIGNALS if p.search(openings[0]))


#: the first paragraph of a judgment's reasons, "[1] The appellants ..." at a line's start: its caption is above
_FIRST_PARAGRAPH = re.compile(r"^[ \t]*\[1\][ \t]+\S", re.M)
#: how far a caption is looked for when no "[1]" starts a line
_CAPTION = 8000


def caption_signs(text: str) -> list[str]:
    """The judgment signs (:data:`pincite.legal.text_judgments.CAPTION_SIGNS`) printed above the first
    numbered paragraph, one reason per sign found."""
    m = _FIRST_PARAGRAPH.search(text, 0, 4 * _CAPTION)
    head = text[:m.start() if m else _CAPTION]
    return [why for p, why in CAPTION_SIGNS if p.search(head)]


def reads_as_judgment(text: str, title: str, body_start: int, sig_start: int | None) -> bool:
    """Whether a text in which the contract reader found clauses is a judgment: its caption shows at least
    :data:`~pincite.legal.text_judgments.CAPTION_SIGNS_NEEDED` distinct signs of a court's judgment, and more
    of them than the text shows signs of a contract (:func:`contract_evidence`)."""
    signs = len(caption_signs(text))
    return signs >= CAPTION_SIGNS_NEEDED and signs > contract_evidence(text, title, body_start, sig_start)


_ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth")


def _ordinal(k: int) -> str:
    return _ORDINALS[k - 1] if k <= len(_ORDINALS) else f"{k}th"


def _times(k: int) -> str:
    return "twice" if k == 2 else f"{k} times"


def _clause_units(text: str, lines: list[Line], starts: list[int], kept: list[Candidate], body_start: int,
                  body_end: int, repeats: list[str] | None = None) -> list[dict]:
    """One unit per kept clause: from its number to the next clause that is not inside it.  A clause number
    printed again gets its own unit, labelled by its occurrence and marked ``attrs["numbering"]``; ``repeats``
    receives a line for each (the document's warnings)."""
    repeats = [] if repeats is None else repeats
    occurrences: dict[str, int] = {}  # a repeated label -> the occurrences named so far
    out: list[dict] = []
    labels: list[str] = []
    depths: list[int] = []
    open_: list[int] = []  # indexes into out, innermost last
    used: set[str] = set()
    lists: dict[int, int] = {}  # a clause's index -> the number of its list now open, from the second on

    def close(k: int, at: int) -> None:
        u = out[k]
        u["char_end"] = _trim_end(text, lines, starts, at, u["char_start"])

    for i, c in enumerate(kept):
        parent = c.parent
        while parent is not None and parent not in open_:
            parent = out[parent]["parent"]  # a closed parent cannot take more children: use its own
        while open_ and open_[-1] != parent:
            close(open_.pop(), c.pos)
        depth = depths[parent] + 1 if parent is not None else 0
        plabel = labels[parent] if parent is not None else None
        label = _label(c, plabel)
        heading = heading_of(c.rest, c.heading_line)
        own = f"{c.number} {heading}" if heading else c.number
        if label in used and plabel is not None and c.style not in ("dec", "article", "para") and c.value[:1] == (1,):
            # a second list in one clause ("2. ... 1. Term ... 1. Any change ... 2. ..."): its items are named by
            # the list they are in, so that no pinpoint names two places
            lists[parent] = lists.get(parent, 1) + 1
        if parent in lists and c.style not in ("dec", "article", "para"):
            label = _label(c, f"{plabel} list {lists[parent]}")
            own = f"list {lists[parent]} {own}"
        numbering = None
        if label in used and c.style in ("dec", "article", "para"):
            # a clause number the document prints again ("1., 2., 3., 2., 3."): its own unit, named by its
            # occurrence ("cl. 2 (second)"), so that "cl. 2" still names the first and no pinpoint names two
            k = occurrences.get(label, 1) + 1
            while f"{label} ({_ordinal(k)})" in used:
                k += 1
            occurrences[label] = k
            first = label
            label = f"{label} ({_ordinal(k)})"
            numbering = "repeated"
            repeats.append(f"{first} is printed {_times(k)}: the {_ordinal(k)} is {label}")
        elif c.extra.get("numbering"):
            numbering = "out of order"  # (6.1, 6.2, 6.5, then 6.3: a number below the one before it)
            repeats.append(f"{label} is printed after a higher number at its level "
                           f"({c.number!r}, out of order)")
        if label in used:
            k = 2
            while f"{label} #{k}" in used:
                k += 1
            label = f"{label} #{k}"  # (any other repeat: numbered by its occurrence)
        used.add(label)
        path = (tuple(out[parent]["section_path"]) if parent is not None else ()) + (own,)
        attrs: dict = {}
        if numbering:
            attrs["numbering"] = numbering
        if c.where == "detached":
            attrs["number_span"] = [c.num_start, c.num_end]
        if heading:
            attrs["heading"] = heading
        out.append(dict(kind=_unit_kind(c, depth), char_start=c.pos, char_end=c.pos, zone=Zone.BODY,
                        citable=True, number=c.number, label=label, section_path=path, parent=parent,
                        attrs=attrs))
        labels.append(label)
        depths.append(depth)
        open_.append(i)
    while open_:
        close(open_.pop(), body_end)
    # parents reach at least to the end of their last child (trimming may stop at different lines)
    for u in reversed(out):
        if u["parent"] is not None:
            p = out[u["parent"]]
            p["char_end"] = max(p["char_end"], u["char_end"])
    return out


_FOOTER_NOTES = [re.compile(p) for p, _ in FOOTER_NOTES]
_NOT_PART_NOTES = [re.compile(p) for p, _ in NOT_PART_NOTES]
_FORM_VERSION = [re.compile(p) for p, _ in FORM_VERSION_LINES]


def _preamble_units(text: str, lines: list[Line], body_start: int) -> list[dict]:
    """Title, parties and recitals before the first clause: blocks in zone OTHER (the parties' words,
    citable).  Not the parties' words, and not citable: a rule of '=' signs, a licence or copyright line, a
    form's version line ("(Last updated April 20, 2023)"), a note that says it is no part of the instrument,
    the title lines above the first paragraph of prose and a heading set alone over the first clause (each
    keeps its place in the count)."""
    out = []
    blocks = find_blocks(text, lines, 0, body_start)
    prose = False
    for i, (s, e) in enumerate(blocks):
        block = text[s:e].strip()
        one_line = "\n" not in block
        zone, citable, kind = Zone.OTHER, True, UnitKind.BLOCK
        if not re.search(r"\w", block) or one_line and len(block) <= 400 and any(
                p.search(block) for p in _FOOTER_NOTES + _FORM_VERSION) or any(
                p.search(block) for p in _NOT_PART_NOTES):
            zone, citable = Zone.NOTE, False
        elif one_line and is_heading_like(block) and not block.endswith(".") and ":" not in block and (
                not prose or i == len(blocks) - 1 and block.upper() == block):
            zone, citable, kind = Zone.COVER, False, UnitKind.HEADING
        else:
            prose = prose or len(block.split()) >= 8
        out.append(dict(kind=kind, char_start=s, char_end=e, zone=zone, citable=citable, number=None,
                        label=f"Preamble ¶{i + 1}", parent=None, section_path=("Preamble",), attrs={}))
    return out


#: a cross-reference to a bracketed sub-unit of a numbered clause: "Section 3(a)(1)", "clause 5.2(b)"
_CITED_SUB = re.compile(r"\b(?:Sections?|[Cc]lauses?|s\.|cl\.)[ \t]+(\d{1,3}(?:\.\d{1,3}){0,3})"
                        r"((?:\([0-9A-Za-z]{1,5}\))+)")
_KIND_PREFIX = re.compile(r"^(?:s\.|cl\.|Section|Clause|Article|art\.)\s*")


def unprinted_citations(text: str, units: list[Unit]) -> list[str]:
    """Sub-units the text's own cross-references cite ("Section 3(a)(1)") under a clause that is a unit but
    prints no sub-unit at all: the sign of list markers lost in copying.  Two or more, or none."""
    labels = {_KIND_PREFIX.sub("", u.label or "") for u in units if u.number is not None}
    out: list[str] = []
    for m in _CITED_SUB.finditer(text):
        base = m.group(1)
        if base in labels and not any(lb.startswith(base + "(") for lb in labels):
            cited = f"Section {base}{m.group(2)}" if m.group(0)[:1] in "Ss" else f"clause {base}{m.group(2)}"
            if cited not in out:
                out.append(cited)
    return out if len(out) >= 2 else []


def _notes_after(text: str, lines: list[Line], after: int, end: int) -> int | None:
    """Where a note that says it is no part of the instrument starts, on a line of its own after ``after``
    (the last clause's start) and before ``end``: the instrument's text ends there."""
    for ln in lines:
        if after < ln.start < end and ln.content and any(p.search(ln.content) for p in _NOT_PART_NOTES):
            return ln.start
    return None


_LEGEND_CORE = "|".join(f"(?:{p})" for p, _ in PAGE_LEGENDS)
#: a page's legend in brackets ("[Signature page follows]", "(signature page follows)")
_LEGEND_BRACKETED = re.compile(r"(?i)[\[(][ \t]*(?:" + _LEGEND_CORE + r")[^\]\)\n]{0,160}[\])]")
#: ... or standing alone, to the end of its line from its start or from a sentence's end (not a clause's
#: number: "4. Intentionally left blank" is a clause), a page number after it at most
_LEGEND_LINE = re.compile(r"(?im)(?:^|(?:(?<=[^\W\d_][.;:!?])|(?<=[\"”)\]]))[ \t])[ \t]*(?:" + _LEGEND_CORE
                          + r")\W{0,3}(?:[ \t]+\d{1,3})?[ \t]*$")
_END_NOTES = re.compile("|".join(f"(?:{p})" for p, _ in END_NOTES))
_PAGE_FOOTER = re.compile(PAGE_FOOTER[0])
#: what may follow a legend at the end of a clause's span: its page's number, blank lines
_AFTER_LEGEND = re.compile(r"[\s\d\-–—.]*")


def page_legends(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """The spans of the page legends (:data:`pincite.legal.contracts.PAGE_LEGENDS`) in ``[start, end)``:
    bracketed at a line start or after a sentence's end, or alone on their line."""
    out = []
    for m in _LEGEND_BRACKETED.finditer(text, start, end):
        before = text[text.rfind("\n", 0, m.start()) + 1:m.start()].rstrip()
        if not before or before[-1] in "\"”’)]" or before[-1] in ".;:!?" and before[-2:-1].isalpha():
            out.append((m.start(), m.end()))
    for m in _LEGEND_LINE.finditer(text, start, end):
        s = m.start() + len(m.group()) - len(m.group().lstrip())
        if not any(a <= s < b for a, b in out):
            out.append((s, m.end()))
    return sorted(out)


def trailing_notes(text: str, lines: list[Line], last: Candidate, end: int,
                   legends: list[tuple[int, int]]) -> tuple[int, Zone] | None:
    """Where the text after the last clause that is not its words begins, before ``end`` (the signatures, the
    attachments or the end of the text), and the zone it belongs to: a page's legend ("[Signature page
    follows]", "[Remainder of page intentionally left blank]": the signatures'), a form's licence or copyright
    note, or a running footer with nothing but notes below it (notes).  None when the last clause runs to
    ``end``."""
    found: list[tuple[int, Zone]] = [(a, Zone.SIGNATURES) for a, _ in legends if last.num_end <= a < end]
    first = bisect.bisect_right([ln.start for ln in lines], last.num_end)
    tail = [ln for ln in lines[first:] if ln.start < end and ln.content]
    # whether every line below the k-th is a note, furniture or a legend (read once, from the end)
    starts = [a for a, _ in legends]

    def in_legend(x: Line) -> bool:
        i = bisect.bisect_right(starts, x.start + len(x.content)) - 1  # (the legend starting on the line)
        return i >= 0 and starts[i] >= x.start and x.end <= legends[i][1] + 1

    only_notes = [True] * (len(tail) + 1)
    for k in range(len(tail) - 1, -1, -1):
        x = tail[k]
        only_notes[k] = only_notes[k + 1] and bool(
            x.furniture or _PAGE_FOOTER.fullmatch(x.content) or _END_NOTES.match(x.content) or in_legend(x))
    for k, ln in enumerate(tail):
        at = ln.start + len(text[ln.start:ln.end]) - len(text[ln.start:ln.end].lstrip())
        if len(ln.content) <= 400 and _END_NOTES.match(ln.content):
            found.append((at, Zone.NOTE))
        elif _PAGE_FOOTER.fullmatch(ln.content) and only_notes[k + 1]:
            found.append((at, Zone.NOTE))
    return min(found, key=lambda x: x[0]) if found else None


def _trim_legends(text: str, units: list[dict], legends: list[tuple[int, int]]) -> None:
    """End a clause before a page's legend that closes its span ("... transmissions. [The remainder of this
    page is intentionally left blank.] 7" and then the next clause): the legend is not the clause's words."""
    starts = [a for a, _ in legends]
    for u in units:
        i = bisect.bisect_left(starts, u["char_end"]) - 1  # (only the last legend in a span can close it)
        if i < 0:
            continue
        a, b = legends[i]
        if u["char_start"] < a and b <= u["char_end"] and _AFTER_LEGEND.fullmatch(text, b, u["char_end"]):
            e = a
            while e > u["char_start"] and text[e - 1].isspace():
                e -= 1
            u["char_end"] = e


_SIGNED_BY = re.compile(r"^[ \t]*By[ \t]*:.*(?:/s/|_{3,}|-{3,}|\[(?i:sig|signature|signed)\])|^[ \t]*/s/", re.M)
_SIGNATORY = re.compile(r"^[ \t]*(?:Name|Title|By|Date|Signature)[ \t]*:", re.M)


def find_signatures(text: str, lines: list[Line], body_start: int) -> int | None:
    """Where the signature blocks begin (after the body starts): "IN WITNESS WHEREOF", or the lines
    naming the signatories ("By: /s/ ...") with the party names just above them; None when not found."""
    m = _SIGNATURE.search(text, body_start)
    if m:
        return m.start(1)
    for m in _SIGNED_BY.finditer(text, body_start):
        window = text[m.start():m.start() + 600]
        if len(_SIGNATORY.findall(window)) < 2 and "/s/" not in m.group(0):
            continue
        # back up over the short lines naming the party ("COMPANY", "ACME INC. A Nevada corporation")
        starts = [ln.start for ln in lines]
        li = max(0, bisect.bisect_right(starts, m.start()) - 1)
        start = lines[li].start
        k, taken = li - 1, 0
        while k >= 0 and taken < 4:
            ln = lines[k]
            if not ln.content or ln.furniture:
                k -= 1
                continue
            if len(ln.content) > 80 or ln.content.endswith((".", ":", ";")) and not ln.content.isupper():
                break
            start = ln.start + (len(text[ln.start:ln.end]) - len(text[ln.start:ln.end].lstrip()))
            taken += 1
            k -= 1
        return start
    return None


#: what may follow "EXHIBIT A" on a heading line: the rest of its label ("1.1(b)", '"A"'), a separator, then a gap
#: (a flattened title line: "EXHIBIT A   Sponsorship Benefits   For purposes of…"), a capitalised word ("EXHIBIT B
#: ROYALTIES AND SERVICE FEES", "Schedule 1.1(e) - Arizona Assigned Patents") or the end of the line; never a
#: lower-case word ("Exhibit A attached hereto…" is a sentence that mentions an exhibit)
_SCHEDULE_TITLE = re.compile(r"[\w.()\"'“”]*[ \t]*(?:[:\-–—][ \t]*)?(?:$|[ \t]{2,}|[\"“(]?[A-Z0-9])", re.M)


def schedule_heading(text: str, m: re.Match[str]) -> bool:
    """Whether the "EXHIBIT"/"SCHEDULE"… match ``m`` at a line start is the heading of an attachment: a short line,
    or a heading run into its first paragraph on one line (EDGAR text often flattens the two)."""
    end = text.find("\n", m.start())
    end = len(text) if end < 0 else end
    if len(text[m.start():end].strip()) <= 60:
        return True
    return _SCHEDULE_TITLE.match(text, m.end(), end) is not None


#: an attachment's heading set to the right of a short line: a page number or the attachment's title on the left
#: ("15                EXHIBIT A", "FULL SERVICE MASTER DISTRIBUTOR SCHEDULE        EXHIBIT A"), or an all-capitals
#: title line ending in the word ("LICENSE RESELLING SCHEDULE"); matched against one line of at most
#: ``_RIGHT_LINE`` characters, so a hostile line of spaces costs no backtracking
_SCHEDULE_RIGHT = re.compile(r"(?:.{0,60}?[ \t]{3,})?(?:EXHIBIT|SCHEDULE|ATTACHMENT|ANNEX|APPENDIX)[ \t]+"
                             r"[A-Z0-9][\w.\-]{0,5}|[A-Z][A-Z ,&'\-]{3,60}[ \t]+(?:SCHEDULE|EXHIBIT|ANNEX|APPENDIX)")
_RIGHT_LINE = 160


def _heading_side(text: str, start: int, end: int) -> str | None:
    """Whether the line ``[start, end)`` heads an attachment: "left" when it opens with the word
    (:func:`schedule_heading`), "right" when the word is set right of a page number or title, else None."""
    m = _SCHEDULE.match(text, start, end)
    if m is not None and schedule_heading(text, m):
        return "left"
    content = text[start:end].strip()
    if len(content) <= _RIGHT_LINE and _SCHEDULE_RIGHT.fullmatch(content):
        return "right"
    return None


def attachments_before(text: str, lines: list[Line], kept: list[Candidate], cands: list[Candidate],
                       body_start: int, end: int) -> int | None:
    """Where attachments printed after the last clause and before ``end`` (the signatures, or the end of the
    text) begin: the first line in ``[body_start, end)`` that heads a named attachment ("SCHEDULE 1", "Exhibit A")
    after which no top-level clause goes on with the contract's numbering.  A schedule's own items ("1. The
    fees…") restart at 1, so they end the clauses; a heading a clause merely lists ("Exhibit A - Form of
    Notice" inside clause 2) is followed by clause 3, so it does not end the clauses."""
    tops = [(c.pos, c.value[0]) for c in kept if c.parent is None and c.style in ("dec", "article", "para") and c.value]
    first = bisect.bisect_left([ln.start for ln in lines], body_start)
    for ln in lines[first:]:
        if ln.start >= end:
            break
        if not ln.content or ln.furniture or not _heading_side(text, ln.start, ln.end):
            continue
        at = ln.start + (len(text[ln.start:ln.end]) - len(text[ln.start:ln.end].lstrip()))
        if attachment_name(text, at) is None:
            continue
        before = [v for p, v in tops if p < at]
        if not before:
            continue
        prev = next((x for x in reversed(lines[:ln.index]) if x.content and not x.furniture), None)
        if prev is not None and prev.end >= ln.start - 2 and prev.content[-1:].isalnum() \
                and prev.content[-1:].islower() or (prev is not None and prev.content.endswith(",")):
            continue  # "... the territory specified in" / "Schedule 2.": a reference wrapped, not a heading
        if prev is not None and contents_entry(prev.content):
            continue  # "Schedule 1 - Contents" under "Execution ........ 8": the table of contents' last entry
        first_after = next((c for c in cands if c.pos > at and c.family == "dec" and c.where != "inline"), None)
        if first_after is not None and first_after.token in ("1", "01"):
            return at  # its own items start again at 1
        if any(v > max(before) for p, v in tops if p >= at):
            continue
        return at
    return None


def schedules_start(text: str, lines: list[Line], sig_start: int) -> int | None:
    """Where the attachments after the signature blocks begin: the first line that heads an exhibit, schedule,
    annex… (:func:`_heading_side`); None if none does."""
    first = bisect.bisect_left([ln.start for ln in lines], sig_start)
    return next((ln.start for ln in lines[first:] if _heading_side(text, ln.start, ln.end)), None)


def _mostly_capitals(s: str, share: float) -> bool:
    """At least ``share`` of the letters of ``s`` are capitals (and it has letters)."""
    letters = [c for c in s if c.isalpha()]
    return bool(letters) and sum(c.isupper() for c in letters) >= share * len(letters)


#: what a signature block is made of: "By:", "Name:", "Title:", "/s/", blank lines to sign on
_SIGNATORY_MARK = re.compile(r"(?i)\b(?:by|name|title|date|its|attest|witness|signature|address|fax|attn|attention|"
                             r"telephone|e-?mail)[ \t]*:|/s/|_{3,}|-{5,}")
#: a filing's legend or the attestation clause, prose but not an instrument of its own
_LEGEND = re.compile(r"(?i)^\W*(?:in witness|execution version|page \d+|proprietary and confidential)|redact|omitted|"
                     r"confidential treatment|filed separately|excluded from (?:this|the) exhibit")


def _is_prose(block: str) -> bool:
    """A paragraph of running text: 30 words or more, most of them lower-case, a sentence end, no signatory line
    ("By:", "/s/", "____") in its opening and not a filing's legend."""
    head = block[:2000]
    words = re.findall(r"[A-Za-z']+", head)
    if len(block) < 200 or len(words) < 30 or _SIGNATORY_MARK.search(head[:300]) or _LEGEND.search(head[:400]):
        return False
    return sum(w[0].islower() for w in words) >= len(words) / 2 and re.search(r"[a-z)][.;](?:\s|$)", head) is not None


def _opening_block(block: str) -> bool:
    """A block that can open an attached instrument above its first paragraph: a capitalised title ("ADDENDUM TO
    ENDORSEMENT AGREEMENT") or a short lead-in ("This addendum … now includes the following provision:"), with no
    signatory line and no legend."""
    if not block or len(block) > 400 or _SIGNATORY_MARK.search(block) or _LEGEND.search(block):
        return False
    words = re.findall(r"[A-Za-z']+", block)
    return _mostly_capitals(block, 0.6) or (
        len(words) >= 10 and sum(w[0].islower() for w in words) >= 0.4 * len(words))


def instrument_after_signatures(text: str, blocks: list[tuple[int, int]]) -> int | None:
    """Where an instrument attached after the signature blocks begins (an amendment, a guarantee, an addendum, a
    notary's acknowledgment, a schedule without an "EXHIBIT" heading): the first paragraph of running text after
    the first block, or the title and lead-in just above it (two blocks at most); None when the blocks are all
    signatures."""
    for i in range(1, len(blocks)):
        s, e = blocks[i]
        if _is_prose(text[s:e]):
            j = i
            while j > max(1, i - 2) and _opening_block(text[blocks[j - 1][0]:blocks[j - 1][1]]):
                j -= 1
            return blocks[j][0]
    return None


def _tail_units(text: str, lines: list[Line], sig_start: int, counts: dict[str, int] | None = None) -> list[dict]:
    """Signature blocks (not citable), then schedules/exhibits and any instrument attached after the signatures
    (citable, by paragraph)."""
    sched = schedules_start(text, lines, sig_start)
    sched_start = sched if sched is not None else len(text)
    blocks = find_blocks(text, lines, sig_start, sched_start)
    attached = instrument_after_signatures(text, blocks)
    if attached is not None:
        sched = sched_start = attached
        blocks = [(s, e) for s, e in blocks if e <= attached]
    out = [dict(kind=UnitKind.BLOCK, char_start=s, char_end=e, zone=Zone.SIGNATURES, citable=False,
                number=None, label=f"Signatures ¶{i + 1}", parent=None, section_path=("Signatures",), attrs={})
           for i, (s, e) in enumerate(blocks)]
    if sched is not None:
        out += _schedule_units(text, find_blocks(text, lines, sched_start, len(text)), counts)
    return out


#: the name an attachment's heading gives it: the word and its label ("EXHIBIT B" -> "Exhibit B",
#: 'SCHEDULE "1.1(b)"' -> "Schedule 1.1(b)", "Appendix 2:" -> "Appendix 2"); a word without a label ("SCHEDULE OF
#: PRINCIPALS") names nothing
_ATTACHMENT_NAME = re.compile(r"\b(EXHIBIT|SCHEDULE|ATTACHMENT|ANNEX|APPENDIX|Exhibit|Schedule|Attachment|Annex|"
                              r"Appendix)[ \t]+[\"“]?(\d[\w.()\-]{0,9}|[A-Z](?:[.\-]?\d[\w.()]{0,6})?|[IVX]{1,5})"
                              r"[\"”]?(?=[\s:.,;\-–—]|$)")


#: a capitalised line that refers to an attachment rather than heading it ("FEES FOR THE SERVICES SPECIFIED IN
#: EXHIBIT A", "AMENDMENT TO APPENDIX A")
_REFERRING_WORD = re.compile(r"(?i)\b(?:in|to|of|under|per|see|and|or|with|by)[ \t]+$")


def attachment_name(text: str, start: int) -> str | None:
    """The name of the attachment whose heading opens the block at ``start`` ("Exhibit B"), or None when the
    block does not open one (see :func:`schedules_start`)."""
    line_start = text.rfind("\n", 0, start) + 1
    if text[line_start:start].strip():
        return None  # the block does not open its line
    end = text.find("\n", start)
    end = len(text) if end < 0 else end
    line = text[start:end]
    side = _heading_side(text, line_start, end)
    if side is None and (len(line.strip()) > _RIGHT_LINE or not _mostly_capitals(line, 0.8) or all(
            _REFERRING_WORD.search(line[:x.start()]) for x in _ATTACHMENT_NAME.finditer(line))):
        return None  # nor a title line in capitals naming it: "ACME LLC FRANCHISE AGREEMENT EXHIBIT B GUARANTEE"
    names = list(_ATTACHMENT_NAME.finditer(line[:_RIGHT_LINE]))
    if not names:
        return None
    # "FULL SERVICE MASTER DISTRIBUTOR SCHEDULE      EXHIBIT A": the labelled word set right is the name
    word, label = names[0].group(1, 2) if side == "left" else names[-1].group(1, 2)
    return f"{word.capitalize()} {label.rstrip('.')}"


def _schedule_units(text: str, blocks: list[tuple[int, int]], counts: dict[str, int] | None = None) -> list[dict]:
    """The attachments' paragraphs, labelled by the attachment their heading names ("Exhibit B" for the heading's
    block, then "Exhibit B ¶1", "¶2"…); paragraphs before any named heading are "Schedules ¶n".  A name met again
    (a heading repeated on every page, an index of schedules before them) goes on numbering where it stopped, so
    no two paragraphs share a label."""
    out: list[dict] = []
    counts = {} if counts is None else counts  # (shared by the attachments before and after the signatures)
    name = None
    top: str | None = None  # the attachment whose heading was met outermost ("Schedule 1")
    nested = False  # ``name`` is an attachment inside ``top`` ("Schedule 1, Annex I")
    just_opened = False  # the block before was ``top``'s heading
    part: dict | None = None  # a lettered part of the attachment, open ("A. LIST OF PARTIES")
    parts: set[str] = set()
    for s, e in _split_at_headings(text, blocks):
        found = attachment_name(text, s)
        if found is not None:
            part = None
            word = found.split()[0]
            if top is not None and word != top.split()[0] and (just_opened or nested):
                # "SCHEDULE 1" then "ANNEX I": the annex is the schedule's; "ANNEX II" after it is too
                found, nested = f"{top}, {found}", True
            else:
                top, nested = found, False
            just_opened = not nested
        else:
            just_opened = False
        if found is not None and found != name:
            name = found
            if found not in counts:
                counts[found] = 0
                out.append(_schedule_unit(s, e, found, found))
                continue
        letter = _part_heading(text[s:e]) if name is not None else None
        follows = part is None and letter == "A" or part is not None and letter is not None \
            and ord(letter) == ord(part["label"][-1]) + 1
        if letter is not None and f"{name}.{letter}" not in parts and follows:
            # the attachment's lettered parts are what it prints to cite: "Schedule 1, Annex I.A"
            part = _schedule_unit(s, e, f"{name}.{letter}", name)
            parts.add(part["label"])
            out.append(part)
            continue
        if part is not None:
            part["char_end"] = e
            continue
        key = name or "Schedules"
        counts[key] = counts.get(key, 0) + 1
        out.append(_schedule_unit(s, e, f"{key} ¶{counts[key]}", key))
    return out


#: a lettered part's heading in an attachment, in capitals on a line of its own: "A. LIST OF PARTIES"
_PART_HEADING = re.compile(r"^([A-Z])\.[ \t]+([A-Z][A-Z0-9 ,;:'’&()/-]{2,80})$")


def _part_heading(block: str) -> str | None:
    m = _PART_HEADING.match(block.strip())
    return m.group(1) if m and len(m.group(2).split()) <= 10 else None


def _split_at_headings(text: str, blocks: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Blocks cut again where a line inside one heads an attachment (a PDF's paragraphs may run the last line of
    one schedule and the next one's heading together)."""
    out = []
    for s, e in blocks:
        cut = s
        pos = text.find("\n", s, e)
        while pos >= 0:
            at = pos + 1
            while at < e and text[at] in " \t":
                at += 1
            if at < e and attachment_name(text, at) is not None:
                end = at
                while end > cut and text[end - 1].isspace():
                    end -= 1
                if end > cut:
                    out.append((cut, end))
                cut = at
            pos = text.find("\n", at, e)
        out.append((cut, e))
    return out


def _schedule_unit(s: int, e: int, label: str, name: str) -> dict:
    return dict(kind=UnitKind.BLOCK, char_start=s, char_end=e, zone=Zone.SCHEDULE, citable=True, number=None,
                label=label, parent=None, section_path=(name,), attrs={})


def _renumber(dicts: list[dict]) -> list[Unit]:
    """Give the units contiguous ordinals in list order; parents are indexes among clause dicts."""
    # clause dicts carry parent as an index into the clause list; map through identity
    ordinal_of: dict[int, int] = {}
    clause_ids = [i for i, d in enumerate(dicts) if d["zone"] == Zone.BODY]
    for k, i in enumerate(clause_ids):
        ordinal_of[k] = i
    out = []
    for i, d in enumerate(dicts):
        d = dict(d)
        if d["zone"] == Zone.BODY and d["parent"] is not None:
            d["parent"] = ordinal_of[d["parent"]]
        out.append(Unit(ordinal=i, **d))
    return out


_BRACKET_PARA = re.compile(r"^[ \t]*\[(\d{1,4})\][ \t]+\S", re.M)


def _judgment_units(text: str, lines: list[Line]) -> list[Unit]:
    """Paragraphs numbered [1], [2]... in order: a judgment's reasons (authors are not guessed)."""
    hits = []
    expect = 1
    for m in _BRACKET_PARA.finditer(text):
        n = int(m.group(1))
        if n == expect:
            hits.append((m.start() + len(m.group(0)) - len(m.group(0).lstrip()), m.group(1)))
            expect += 1
    if len(hits) < MIN_CLAUSES:
        return []
    starts = [ln.start for ln in lines]
    units = []
    for i, (s, num) in enumerate(hits):
        nxt = hits[i + 1][0] if i + 1 < len(hits) else len(text)
        e = _trim_end(text, lines, starts, nxt, s)
        units.append(Unit(ordinal=i, kind=UnitKind.PARAGRAPH, char_start=s, char_end=e, zone=Zone.REASONS,
                          citable=True, number=num, label=f"[{num}]"))
    return units


# ---------------------------------------------------------------------------------------------------------
# Decoding

def decode_text(data: bytes, source: str) -> tuple[str, list[str]]:
    """Bytes to text, unchanged: UTF-8 (a leading BOM is dropped, so offsets count from after it), else the
    detected encoding with a warning naming it, else a ParseError.  Newlines are never translated."""
    warnings: list[str] = []
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
        warnings.append("UTF-8 byte-order mark dropped: offsets count from after it")
    if not data.strip():
        raise ParseError(source, "empty file: no text to parse")
    if b"\x00" in data[:65536]:
        raise ParseError(source, "binary data (NUL bytes), not a text file")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        from charset_normalizer import from_bytes

        best = from_bytes(data).best()
        if best is None or best.chaos > 0.25:
            raise ParseError(source, f"not UTF-8 (bad byte at offset {e.start}) and no other text encoding "
                                     f"could be detected with confidence; convert the file to UTF-8") from None
        text = str(best)
        warnings.append(f"not UTF-8 (bad byte at offset {e.start}); decoded as {best.encoding} (detected): "
                        f"offsets are into the decoded text")
    controls = sum(1 for ch in text[:65536] if ord(ch) < 32 and ch not in "\t\n\r\f\v")
    if controls > max(2, len(text[:65536]) // 100):
        raise ParseError(source, f"binary data ({controls} control characters), not a text file")
    return text, warnings


def judgment_facts(text: str, units: Sequence[Unit]) -> tuple[str | None, str | None, str | None, list[str]]:
    """A text judgment's running title, neutral citation and date as its caption (the text before its first
    citable unit) prints them, and its judges: the caption's panel, else the authors its units name."""
    reasons_at = min((u.char_start for u in units if u.citable), default=None)
    running, citation, judged, panel = caption_facts(text, split_lines(text), reasons_at)
    return running, citation, judged, panel or list(dict.fromkeys(u.author for u in units if u.author))


def parse(data: bytes, source: str) -> ParsedDocument:
    """Parse a plain-text file.  The canonical text is the file's text unchanged (see ``decode_text``)."""
    text, warnings = decode_text(data, source)
    statute = analyse_statute(text)
    if statute is not None:  # sections headed by a section sign: a statute, not a contract
        units, title = statute
        return ParsedDocument(format=Format.TEXT, kind=DocumentKind.STATUTE, title=title or source,
                              text=text, units=tuple(units), warnings=tuple(warnings),
                              meta={"sections": sum(1 for u in units if u.kind is UnitKind.SECTION)})
    opinion = read_us_opinion_text(text, source)
    if opinion is not None:  # a US court's opinion or order: its voices and Parts, as from its PDF
        return opinion.document(Format.TEXT, text, warnings=tuple(warnings))
    a = analyse_text(text, source)
    meta: dict = {"clauses": sum(1 for u in a.units if u.number is not None)}
    if a.unprinted:
        meta["unprinted_citations"] = list(a.unprinted)
    title, citation, date = a.title, None, a.date
    if a.kind is DocumentKind.JUDGMENT:
        # a judgment is named by its running title and neutral citation, dated by its judgment date, and its
        # panel kept, as its caption prints them (not a contract's title or "dated" line)
        running, citation, judged, judges = judgment_facts(text, a.units)
        title, date = running or title, judged or date
        if judges:
            meta["judges"] = judges
    return ParsedDocument(format=Format.TEXT, kind=a.kind, title=title, text=text, units=a.units,
                          citation=citation, date=date, warnings=tuple(warnings) + a.warnings, meta=meta)
