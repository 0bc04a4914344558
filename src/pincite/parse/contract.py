"""Numbered clauses in running text: finding the numbers a contract prints and which of them start clauses.

The pipeline (each step a plain function):

1. ``split_lines`` cuts the text into lines with offsets and marks page furniture (a lone page number,
   "Page 3", "- 2 -", "Source: ACME INC, 10-K, 3/21/2019" filing footers): furniture never starts a clause.
2. ``find_candidates`` lists every printed number that could start a clause: at the start of a line, after a
   wide gap inside a line (extracted PDFs often run clauses together with runs of spaces), or in a *detached
   run* — a column of numbers printed on their own lines ("1.\\n2.\\n2.1\\n...") whose clauses follow below;
   ``align_detached_run`` attaches each such number to a paragraph under it (dynamic programming on what
   the numbers and paragraphs look like: "N." takes a heading line, "N.M" a paragraph with a run-in heading).
3. ``select_clauses`` keeps the candidates whose numbers run in a plausible order (2.3 after 2.2 or 2, the first
   (a) under a clause, ARTICLE VI after ARTICLE V...), so a page number, a "$1.50" or a cross-reference never
   starts a clause, and gives each kept clause its parent.  A number printed at a line start in its siblings'
   style that repeats or goes back ("6.5", then "6.4 OWNERSHIP OF DELIVERABLES") starts a clause of its own,
   marked ``extra["numbering"]``, rather than folding into the clause before it.

The number of a clause is always the text the document prints; nothing is renumbered by counting.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass, field

# ---------------------------------------------------------------------------------------------------------
# Lines and page furniture

_LINE = re.compile(r"[^\r\n]*(?:\r\n|\r|\n|$)")

#: the filing footer under each page of an EDGAR exhibit (CUAD's texts keep it): "Source: ACME INC, 10-K, 3/21/2019"
_FILING_FOOTER = re.compile(r"^Source:\s.{3,120}\d{4}$")

_FURNITURE = [
    re.compile(r"^\d{1,3}$"),  # a page number alone
    re.compile(r"^[-–—]\s*\d{1,3}\s*[-–—]$"),  # - 2 -
    re.compile(r"^(?i:page)\s+\d{1,3}(?:\s+(?i:of)\s+\d{1,3})?$"),  # Page 2, Page 2 of 9
    re.compile(r"^\d{1,3}\s+(?i:of)\s+\d{1,3}$"),  # 2 of 9
    _FILING_FOOTER,
    re.compile(r"^[ivx]{1,5}$"),  # roman page number
    re.compile(r"^\[?\*{1,3}\]?$"),
]
_FURNITURE_LOOSE = re.compile(r"(?i)confidential treatment requested|^.{0,60}[-–]\s*\d{1,3}\s*[-–].{0,60}$")


@dataclass(frozen=True, slots=True)
class Line:
    """One line of the text: ``[start, end)`` excludes the line break; ``content`` is stripped."""

    index: int
    start: int
    end: int
    content: str
    furniture: bool
    numbers_only: bool  # the line holds nothing but clause numbers ("2.1", "(a) (b) (c)")


_NUMBER_TOKEN = r"(?:\d{1,3}(?:\.\d{1,3}){0,4}\.?|\((?:[a-z]{1,2}|[A-Z]{1,2}|\d{1,2}|[ivxlc]{1,7})\)|[A-Z]\.)"
_NUMBER_ONLY = re.compile(rf"^{_NUMBER_TOKEN}(?:[ \t]+{_NUMBER_TOKEN}){{0,12}}$")


def is_furniture(content: str) -> bool:
    """Whether a stripped line is page furniture (page number, running footer) rather than text."""
    if not content:
        return False
    if any(p.match(content) for p in _FURNITURE):
        return True
    return len(content) <= 130 and bool(_FURNITURE_LOOSE.search(content))


def split_lines(text: str) -> list[Line]:
    """Cut ``text`` into lines (any of \\n, \\r\\n, \\r ends one), classifying each."""
    out: list[Line] = []
    for m in _LINE.finditer(text):
        if m.start() == m.end():
            break
        raw = m.group(0).rstrip("\r\n")
        start = m.start()
        content = raw.strip()
        furniture = is_furniture(content)
        numbers_only = (not furniture) and 0 < len(content) <= 80 and bool(_NUMBER_ONLY.match(content)) and (
            "." in content or "(" in content)
        out.append(Line(len(out), start, start + len(raw), content, furniture, numbers_only))
    # a lone "7." straight above a filing footer ("Source: EHAVE, INC., 20-F, 5/15/2019") is the page's number,
    # printed at its foot, not a clause: a flattened filing whose clauses run inline has only these at line starts
    nxt = None
    for k in range(len(out) - 1, -1, -1):
        ln = out[k]
        if not ln.content:
            continue
        if ln.numbers_only and _PAGE_FOOT_NUMBER.match(ln.content) and nxt is not None and _FILING_FOOTER.match(
                nxt.content):
            out[k] = Line(ln.index, ln.start, ln.end, ln.content, True, False)
        nxt = out[k]
    return out


#: a page number as a page's foot prints it, with or without a stop ("7", "7.")
_PAGE_FOOT_NUMBER = re.compile(r"^\d{1,3}\.?$")


# ---------------------------------------------------------------------------------------------------------
# Number tokens

_UNITS = ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine")
_TEENS = ("ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen")
_TENS = ("twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety")
#: a keyword's number written in words ("SECTION FOUR. REMUNERATION", "Article Twenty-Two"), in capitals or with a
#: capital, read as its figure
_NUMBER_WORD = ("(?:" + "|".join(w.upper() + "|" + w.capitalize() for w in _TENS) + ")(?:[-‐ ](?:"
                + "|".join(w.upper() + "|" + w.capitalize() + "|" + w for w in _UNITS) + "))?|"
                + "|".join(w.upper() + "|" + w.capitalize() for w in _TEENS + _UNITS))
_WORD_VALUES = {w: i for i, w in enumerate(_UNITS, 1)} | {w: i for i, w in enumerate(_TEENS, 10)} | {
    w: 10 * i for i, w in enumerate(_TENS, 2)}


def number_word_value(s: str) -> int | None:
    """The figure a number written in words stands for ("FOUR" 4, "Twenty-Two" 22), or None."""
    parts = re.split(r"[-‐ ]", s.lower())
    vals = [_WORD_VALUES.get(p) for p in parts]
    if not parts or None in vals or len(vals) > 2 or (len(vals) == 2 and (vals[0] < 20 or vals[1] > 9)):
        return None
    return sum(vals)  # type: ignore[arg-type]


#: a printed number that may open a clause; a keyword's number may follow a dash set off by spaces ("ARTICLE - 11
#: SUCCESSORS & ASSIGNS", as Indian and some Commonwealth drafting prints its Articles) or be written in words
#: ("SECTION FOUR.")
_TOKEN = re.compile(
    r"(?:(?P<sign>§)[ \t]*(?P<signnum>\d{1,3}[a-z]?)\.?"
    r"|(?P<kw>ARTICLE|Article|SECTION|Section|CLAUSE|Clause|PART|Part)(?:[ \t]+[-–—](?=[ \t]))?\s+"
    rf"(?P<kwnum>[IVXLC]{{1,7}}|\d{{1,3}}(?:\.\d{{1,3}}){{0,4}}|(?P<kwword>{_NUMBER_WORD})|[A-Z])(?P<kwdot>[.:]?)"
    r"|(?P<dec>\d{1,3}(?:\.\d{1,3}){0,4})(?P<decdot>\.?)"
    r"|\((?P<par>[a-z]{1,2}|[A-Z]{1,2}|\d{1,2}|[ivxlc]{1,7}|[IVXLC]{1,7})\)"
    r"|(?P<dot>[A-Z]|[a-z]|[ivx]{2,5}|[IVX]{2,6})\."
    r"|(?P<close>\d{1,2}|[a-z])\))"
    r"(?=[ \t]|$)"
)

_ROMAN = {"i": 1, "v": 5, "x": 10, "l": 50, "c": 100}


def roman_value(s: str) -> int | None:
    """Value of a roman numeral (either case), or None when it is not a well-formed one."""
    s = s.lower()
    if not s or any(ch not in _ROMAN for ch in s):
        return None
    total = 0
    for i, ch in enumerate(s):
        v = _ROMAN[ch]
        if i + 1 < len(s) and _ROMAN[s[i + 1]] > v:
            total -= v
        else:
            total += v
    if to_roman(total) != s:
        return None
    return total


def to_roman(n: int) -> str:
    out = ""
    for v, r in ((100, "c"), (90, "xc"), (50, "l"), (40, "xl"), (10, "x"), (9, "ix"), (5, "v"), (4, "iv"), (1, "i")):
        while n >= v:
            out += r
            n -= v
    return out


def letter_value(s: str) -> int | None:
    """a=1 ... z=26, aa=27 (the 'aa', 'bb' style); None otherwise."""
    s = s.lower()
    if len(s) == 1 and s.isalpha():
        return ord(s) - 96
    if len(s) == 2 and s[0] == s[1] and s.isalpha():
        return 26 + ord(s[0]) - 96
    return None


@dataclass(slots=True)
class Candidate:
    """A printed number that might start a clause."""

    pos: int  # where the clause would start (the number itself, or the paragraph a detached number belongs to)
    num_start: int
    num_end: int
    number: str  # as printed, e.g. "2.1", "1.", "(a)", "ARTICLE V", "Section 4.02"
    family: str  # 'article' | 'dec' | 'paren' | 'dot' | 'close' | 'bracket'
    token: str  # the bare numeral: "2.1", "V", "a"
    keyword: str | None  # ARTICLE / Section ... when printed
    where: str  # 'line' | 'mid' | 'detached'
    line: int
    rest: str  # text after the number up to the end of its line (or its paragraph when detached)
    heading_line: str | None = None  # the next line, for a number printed alone ("ARTICLE 11" / "TERMINATION")
    # filled in by select_clauses:
    style: str = ""
    value: tuple[int, ...] = ()
    parent: int | None = None  # index into the selected list
    extra: dict = field(default_factory=dict)


def _follow_ok(family: str, where: str, after: str, tok: str = "") -> bool:
    """Whether the text after a number looks like the start of a clause of that family.  A decimal number at
    a line's start may also open on a name that starts with a digit ("2.3 37signals's Processing", "4.
    3M SUPPLY"), and a third-level one on a lower-case word that goes on its parent's list ("2.2 Customer
    shall: / 2.2.1 Process ... / 2.2.2 have sole responsibility ...")."""
    if not after:
        return where == "line"  # a number alone on its line: its text comes on the next line
    ch = after[0]
    if family in ("paren", "close"):
        return ch.isalpha() or ch in "\"'“‘([$*"
    if family == "dec" and where == "line":
        if ch.isdigit() and re.match(r"\d{1,4}[A-Za-z]{2,}", after):
            return True
        if ch.islower() and tok.strip(".").count(".") >= 2:
            return True
    return ch.isupper() or ch in "\"“‘'([*"


#: a dotted number run into its heading's first word at a line's start ("8.3General Conditions of
#: Indemnification."): a text extraction that lost the space
_GLUED = re.compile(r"\d{1,3}\.\d{1,3}(?:\.\d{1,3}){0,3}(?=[A-Z][a-z])")
#: a one-level clause number run into its heading's first word ("5.Term of this Agreement", "17.This Agreement", "7.TERM"), at a
#: line's start or after a wide gap inside a line: the space after the stop lost in copying
_GLUED_ONE = re.compile(r"(\d{1,3})\.(?=[A-Z](?:[a-z]+|[A-Z]+)\b)")


def _tokens_at(line: Line, text: str, offset: int, where: str) -> Candidate | None:
    m = _TOKEN.match(text, offset, line.end)
    if not m:
        g = _GLUED.match(text, offset, line.end) if where == "line" else None
        if g is None:
            one = _GLUED_ONE.match(text, offset, line.end) if where in ("line", "mid") else None
            if one is None:
                return None
            return Candidate(one.start(), one.start(), one.end(), one.group(), "dec", one.group(1), None, where,
                             line.index, text[one.end():line.end])
        return Candidate(g.start(), g.start(), g.end(), g.group(), "dec", g.group(), None, where, line.index,
                         text[g.end():line.end])
    after_full = text[m.end():line.end]
    after = after_full.lstrip(" \t")
    if m.group("sign"):
        # "§ 6 Advertising Cost Compensation" at a line's start: a section of a European-style contract, only with
        # a heading after it (a "§ 3" inside a sentence, or wrapped to a line's start, refers to one)
        if where != "line" or (after and heading_of(after) is None and not _section_title(after)) \
                or (not after and line.end >= len(text)):
            return None
        return Candidate(m.start(), m.start(), m.end(), text[m.start():m.end()].rstrip("."), "para",
                         m.group("signnum"), "§", where, line.index, after)
    if m.group("kw"):
        kw = m.group("kw")
        after = after.lstrip("-–—: \t")  # ARTICLE 1 -- PREAMBLE
        tok = m.group("kwnum")
        if m.group("kwword"):  # "SECTION FOUR. REMUNERATION": the figure, in the numbering's place
            value = number_word_value(tok)
            if value is None or not after or not (after[0].isupper() or after[0] in "\"“(["):
                return None
            tok = str(value)
        family = "article" if kw.lower() in ("article", "part") else "dec"
        if family == "dec" and not re.fullmatch(r"\d{1,3}(?:\.\d{1,3}){0,4}", tok):
            return None
        if family == "article" and not (tok.isdigit() or roman_value(tok) or len(tok) == 1):
            return None
        if not after and where == "mid":
            return None  # (inline: "... as follows: ARTICLE I" with its heading on the next line)
        if after and not (after[0].isupper() or after[0] in "\"“(["):
            return None
        number = text[m.start():m.end()].rstrip(":")
        cand = Candidate(m.start(), m.start(), m.start() + len(number), number, family, tok, kw, where,
                         line.index, after)
        if m.group("kwword"):
            cand.extra["in_words"] = True
        return cand
    if m.group("dec") is not None:
        tok = m.group("dec")
        dotted = "." in tok or m.group("decdot")
        if not dotted:
            # a bare "5": only at the start of a line and followed, after a gap, by a capitalised heading
            if where != "line" or not re.match(r"[ \t]{1,}[A-Z][A-Za-z]", after_full):
                return None
        family = "dec"
    elif m.group("par") is not None:
        tok, family = m.group("par"), "paren"
    elif m.group("dot") is not None:
        tok, family = m.group("dot"), "dot"
        if where == "mid" or where == "inline" and not (len(tok) == 1 and _RUN_IN_TITLE.match(after)):
            return None  # (inside a line only a capital with a run-in title: "… Termination. A. Termination. …")
        if tok.isupper() and roman_value(tok) and after and after.split("  ")[0].isupper() \
                and is_heading_like(re.split(r"[ \t]{2,}", after)[0]):
            family = "article"  # "I.  DEFINITIONS": a part numbered in roman capitals
    else:
        tok, family = m.group("close"), "close"
        if where in ("mid", "inline"):
            return None
    if not _follow_ok(family, where, after, tok):
        return None
    return Candidate(m.start(), m.start(), m.end(), text[m.start():m.end()], family, tok, None, where,
                     line.index, after)


def _section_title(rest: str) -> bool:
    """A section-sign section's title alone on its line, as European terms print it in sentence case ("Guarantee by
    the Party to the Agreement for its Web site"): a capital first, at most 14 words, no sentence's end in it."""
    rest = rest.strip()
    return (bool(rest) and rest[0].isupper() and len(rest) <= 100 and len(rest.split()) <= 14
            and not rest.endswith((".", ",", ";", ":")) and not re.search(r"[.;:!?][ \t]", rest))


_GAP = re.compile(r"[ \t]{2,}|\t")
#: where a flattened paragraph may hide the next clause: after the end of a sentence (or of an all-capitals
#: heading), before "Section 4.02", "ARTICLE IV" or a dotted number ("6.2", "7.") and a capital
_INLINE = re.compile(r"(?:(?<=[.;:!?)\]\"”’])|(?<=[A-Z]{2}))[ \t]+"
                     rf"(?=(?:ARTICLE|Article|SECTION|Section)[ \t]+(?:[-–—][ \t]+)?(?:[\dIVXLC]|{_NUMBER_WORD})"
                     r"|\d{1,3}\.(?:\d{1,3}\.?){0,4}[ \t]+[A-Z\"“])")
#: ... or right after a clause's heading: "6. Hours of Work 6.1 The Executive shall…" (a two-level number after a
#: capitalised word that does not refer to something: "Schedule 3.01" is a reference)
_INLINE_SUB = re.compile(r"\b([A-Z][A-Za-z]*)[ \t]+(?=\d{1,3}\.\d{1,3}(?:\.\d{1,3}){0,3}\.?[ \t]+[A-Z\"“])")
#: ... or, after any word, a one- or two-level number with a run-in heading of capitalised words and a full stop: "…
#: Email: x@y.com 13.4 Specific Performance. Each Party…", "… ATTN: Tim Orr 5. Entire Agreement. A. …" (a clause
#: run into the end of the one before it; kept only as the immediate successor of the clause before it)
_INLINE_HEADED = re.compile(r"[ \t]+(?=\d{1,3}\.(?:\d{1,3}\.?)?[ \t]+[A-Z][a-z]+"
                            r"(?:[ \t]+(?:[A-Z][a-z]+|of|and|the|to|for|in|on|or)){0,5}\.[ \t])")
#: ... or a lettered item run in with a run-in title of its own: the first ("A.") straight after its clause's number
#: and heading ("2. Term and Termination. A. Termination. Either Party may …"), the next after a sentence's end
#: (a capital and a full stop between names, "Timothy S. Orr", has neither before it)
_INLINE_LETTERED = re.compile(r"(?<=[.:;a-z])[ \t]+(?=([A-Z])\.[ \t]+[A-Z])")
#: the run-in title after such a letter: capitalised words (commas and small words between) closed by a full stop,
#: or words in capitals closed by a stop, a colon or a comma ("S. WAIVER, Any waiver …")
_RUN_IN_TITLE = re.compile(r"(?:[A-Z][A-Za-z'’\-]*(?:,?[ \t]+(?:[A-Z][A-Za-z'’\-]*|\([A-Z]{2,8}\)|of|and|the|to|for|in|on|"
                           r"or|&)){0,6}\.|[A-Z]{2,}(?:[ \t]+(?:[A-Z]{2,}|OF|&)){0,6}[.,:])[ \t]+\S")
#: a clause number that a lettered item after a bare heading may follow ("1. Products and Payments A. Product.")
_CLAUSE_BEFORE = re.compile(r"(?:^|[ \t])\d{1,3}\.[ \t]+([^.:;]{2,80})[.:]?$")
#: words that name a provision, so a number after them is a reference to it ("in Section 6.2", "Article 9")
REFERRING_WORDS = frozenset("section sections clause clauses article articles paragraph paragraphs schedule schedules "
                            "exhibit exhibits annex annexes appendix appendices part parts rule rules regulation "
                            "regulations item items note notes form chapter title subsection subparagraph".split())


#: lower-case words after which a provision's number is a reference to it, never a clause opening, however wide
#: the gap before the number ("as  set  out  in  Section  2.01", "subject  to  Section  4.02", "pursuant  to
#: 7.1"): text typed with two spaces between words puts a gap before every word
REFERENCE_LEADS = frozenset("in under to with of per see pursuant by than from within including "
                            "notwithstanding".split())


def _word_start(text: str, at: int) -> int:
    """Where the word ending at ``at`` starts, and the spaces before it skipped back over (so that
    :func:`_word_before` there reads the word before it)."""
    i = at - len(_word_before(text, at))
    while i > 0 and text[i - 1] in " \t":
        i -= 1
    return i


def _heading_after_clause(before: str) -> bool:
    """Whether ``before`` ends with a clause number and its heading ("1. Products and Payments", "2. Term and
    Termination."), so that an "A." run in after it opens that clause's first item."""
    m = _CLAUSE_BEFORE.search(before)
    return m is not None and is_heading_like(m.group(1))


def _word_before(text: str, at: int) -> str:
    """The word ending at ``at`` (letters only; empty when punctuation ends there)."""
    i = at
    while i > 0 and text[i - 1].isalpha():
        i -= 1
    return text[i:at]


def _wrapped_reference(before: Line) -> bool:
    """Whether the line just above (no blank line between) is a running sentence that ends with a word that
    refers to a provision ("... in accordance with Section"), so the number that opens the next line is that
    reference wrapped, not a clause.  A line that is only the word ("SCHEDULE", "Part") is a heading."""
    if before.furniture or not before.content:
        return False
    words = before.content.split()
    return len(words) >= 3 and words[-1].lower() in REFERRING_WORDS


#: a table of contents' entry: dot leaders, then a page number (arabic or roman) at the end of the line; a table
#: of contents lists clauses (all of them, when a text file runs it onto one line) and is none of them
_CONTENTS_ENTRY = re.compile(r"(?:\.{4,}|(?:\. ){3,})[ \t]*(?:\d{1,3}|[ivxlc]{1,6})[ \t]*$", re.I)


def contents_entry(line: str) -> bool:
    """Whether a line ends as a table of contents' entry (only its last 120 characters are read, so a hostile
    line of dots costs nothing)."""
    return _CONTENTS_ENTRY.search(line[-120:]) is not None

#: a line at least this long is a flattened paragraph (a text file whose clauses were run together)
_FLATTENED = 60


#: A horizontal rule run into the line below it by the text's extraction ("-------- 3.0   Term and Termination"):
#: what follows it starts the line.
_RULE_PREFIX = re.compile(r"(?:[-_=*]{10,})[ \t]+(?=\S)")


#: a column of at least this many lines of bare clause numbers ("2." / "3." / "4.", blank lines between) is a
#: detached run whose place can be judged: fewer could be a clause number and its first item set apart
DETACHED_RUN_MIN = 3


#: a dash alone on its line inside a column of numbers ("4." / "‐" / "5."): a stray mark of the extraction
_STRAY_DASH = re.compile(r"^[-‐‑–—]{1,3}$")


def _number_runs(lines: list[Line]) -> list[tuple[int, int, int]]:
    """Each column of number-only lines as (first line, line after the column, number-only lines in it)."""
    runs: list[tuple[int, int, int]] = []
    i, n = 0, len(lines)
    while i < n:
        if not lines[i].numbers_only or lines[i].furniture:
            i += 1
            continue
        j, count = i + 1, 1
        while j < n and (not lines[j].content or lines[j].numbers_only or _STRAY_DASH.match(lines[j].content)):
            count += lines[j].numbers_only
            j += 1
        runs.append((i, j, count))
        i = j
    return runs


def adrift_runs(lines: list[Line]) -> list[tuple[int, int]]:
    """The detached runs (:data:`DETACHED_RUN_MIN` or more number-only lines) that do not head a page's text: a
    column of numbers a PDF's extraction set apart reads as the page's own only where it opens the page — at the
    document's start or straight after the page furniture above it, with text (not the page's foot) below.  A
    column after running text ("... No Participant will be required" / "2." … "8." / "to make Additional
    Capital …") or closing a page before its footer ("Page 1 of 7" / "1." "2." "3." / "Source: …") belongs to
    clauses printed elsewhere — above it, below it or both — and the document says not which.  As
    (first line, line after the column)."""
    out: list[tuple[int, int]] = []
    for i, j, count in _number_runs(lines):
        if count < DETACHED_RUN_MIN:
            continue
        before = next((ln for ln in reversed(lines[:i]) if ln.content), None)
        after = next((ln for ln in lines[j:] if ln.content), None)
        if (before is not None and not before.furniture) or (after is not None and after.furniture):
            out.append((i, j))
    return out


def find_candidates(text: str, lines: list[Line], stop: int | None = None) -> list[Candidate]:
    """Every printed number that could start a clause, in text order (detached runs aligned).  In a document
    with a run adrift (:func:`adrift_runs`) no detached run is aligned: that extraction set its numbers apart
    from their clauses, and a column that looks as if it heads its page is no better vouched for than the
    others, so their numbers open no clause (the clauses are found by their headings, or by order)."""
    out: list[Candidate] = []
    i = 0
    n = len(lines)
    adrift = bool(adrift_runs(lines))
    in_runs = {k for a, b, _ in _number_runs(lines) for k in range(a, b)} if adrift else set()
    while i < n:
        line = lines[i]
        if stop is not None and line.start >= stop:
            break
        if line.furniture or not line.content or contents_entry(line.content):
            i += 1
            continue
        if line.index in in_runs:
            i += 1  # a number of a column set apart from its clause, in a document whose columns vouch for none
            continue
        if line.numbers_only:
            # gather the run of number-only lines (blank lines between are allowed)
            run = [line]
            j = i + 1
            while j < n and (not lines[j].content or lines[j].numbers_only):
                if lines[j].numbers_only:
                    run.append(lines[j])
                j += 1
            if len(run) >= 2:
                if not adrift:
                    out.extend(align_detached_run(text, run, lines, j))
                i = j
                continue
        lead = len(text[line.start:line.end]) - len(text[line.start:line.end].lstrip())
        rule = _RULE_PREFIX.match(text, line.start + lead, line.end)
        if rule is not None:  # "----------- 3.0   Term and Termination": the rule was a line of its own
            lead = rule.end() - line.start
        first = _tokens_at(line, text, line.start + lead, "line")
        if first is not None and i > 0 and _wrapped_reference(lines[i - 1]):
            first = None  # "... in accordance with Section" / "7.1 [DEFINITIONS], LeadersOnline shall ...": a
            # reference wrapped at the line's end, not a clause (the "mid"/"inline" numbers on it still count)
        if first is not None:
            if not first.rest and i + 1 < n:
                nxt = next((x for x in lines[i + 1:i + 4] if x.content and not x.furniture), None)
                if nxt is not None and not nxt.numbers_only:
                    first.heading_line = nxt.content
            out.append(first)
        seen = set()
        for g in _GAP.finditer(text, line.start + lead, line.end):
            if first is not None and g.start() < first.num_end:
                continue
            c = _tokens_at(line, text, g.end(), "mid")
            before = _word_before(text, g.start())
            if c is not None and (c.keyword or c.family == "dec") and (
                    before in REFERENCE_LEADS or (before.lower() in REFERRING_WORDS and not before.isupper()
                                                  and _word_before(text, _word_start(text, g.start())).strip()
                                                  in REFERENCE_LEADS)):
                continue  # "as  set  out  in  Section  2.01  [CONTRACTORS].": a reference, in text typed with
                # two spaces between words (the keyword after "in", the number after "Section"); a lettered item
                # after "; and" still opens
            if c is not None:
                out.append(c)
                seen.add(c.num_start)
        if len(line.content) >= _FLATTENED:
            # clauses run together on one line ("... 9am until 5:30pm. 6.2 The Executive agrees ..."): only an
            # immediate successor of the clause before it is kept (select_clauses), so "in Section 6.2." is not
            spots = [g.end() for g in _INLINE.finditer(text, line.start + lead, line.end)
                     if _word_before(text, g.start()).lower() not in REFERRING_WORDS]  # "EXHIBIT 4. In the event"
            spots += [g.end() for g in _INLINE_SUB.finditer(text, line.start + lead, line.end)
                      if g.group(1).lower() not in REFERRING_WORDS]
            spots += [g.end() for g in _INLINE_HEADED.finditer(text, line.start + lead, line.end)
                      if _word_before(text, g.start()).lower() not in REFERRING_WORDS]
            spots += [g.end() for g in _INLINE_LETTERED.finditer(text, line.start + lead, line.end)
                      if (_heading_after_clause(text[max(line.start, g.start() - 90):g.start()])
                          if g.group(1) == "A" else text[g.start() - 1] in ".:;")]
            for at in sorted(set(spots)):
                if at in seen or (first is not None and at <= first.num_start):
                    continue
                c = _tokens_at(line, text, at, "inline")
                if c is not None:
                    out.append(c)
        _mark_article_first_sections(text, line, out)
        i += 1
    _section_sign_shape(text, lines, out)
    out.sort(key=lambda c: c.pos)  # detached numbers sit at their paragraphs, after inline ones above
    # a number inside a paragraph that is printed again at the start of a line further on is not that clause
    # ("...of 155 Mbit/s. 2. The Minimum Investment Unit is..." and, below, "2. DESCRIPTION"); a table of
    # contents above does not count
    later: set[tuple[str, str, bool]] = set()
    keep = []
    for c in reversed(out):
        key = (c.family, c.token, bool(c.extra.get("in_words")))  # ("SECTION TWO." inline is not a list's "2.")
        if c.where != "inline" or c.extra.get("article_first") or c.extra.get("subsection"):
            later.add(key)
            keep.append(c)
        elif key not in later:
            keep.append(c)
    return keep[::-1]


#: the sections a European-style contract heads with a section sign, when at least this many are printed at line starts
#: with headings ("§ 1 Affiliate Participation"): the shape of :func:`_section_sign_shape`
SECTION_SIGN_MIN = 3
#: a subsection number run into its section's flattened paragraph after a sentence's end ("… will be paid. (2) The
#: Affiliate shall …", "… a. (3) element 5 shall …"): in a contract of section-sign sections only
_INLINE_SUBSECTION = re.compile(r"(?<=[.;:!?\"”)])[ \t]+(?=\(\d{1,2}\)[ \t]+[A-Za-z\"“])")


def _section_sign_shape(text: str, lines: list[Line], out: list[Candidate]) -> None:
    """A European-style contract ("I. Object of …" / "II. Affiliate Program" / "§ 1 Affiliate Participation" /
    "(1) …"): sections headed by a section sign at line starts, their numbers restarting under each roman part,
    their subsections "(1)", "(2)" printed at a line's start or run into the section's paragraph after a sentence's
    end.  With :data:`SECTION_SIGN_MIN` such sections, a roman number with a heading at a line's start ("II.
    Affiliate Program", "IV. General terms") is a part (``extra["part"]``), and each "(N)" after a sentence's end
    in a line below the first section is a candidate (``extra["subsection"]``: kept even where a later line
    starts with the same number).  Nothing changes in a document without the shape."""
    signs = [c for c in out if c.family == "para"]
    if len(signs) < SECTION_SIGN_MIN:
        return
    first = min(c.pos for c in signs)
    for c in out:
        if c.family in ("dot", "article") and not c.keyword and c.where == "line" and c.token.isupper() \
                and roman_value(c.token) and (is_heading_like(c.rest) or _is_short_title(c.rest)):
            c.family = "article"
            c.extra["part"] = True
    have = {c.num_start for c in out}
    for line in lines:
        if line.start < first or line.furniture or len(line.content) < _FLATTENED:
            continue
        for g in _INLINE_SUBSECTION.finditer(text, line.start, line.end):
            if g.end() in have:
                continue
            c = _tokens_at(line, text, g.end(), "inline")
            if c is not None and c.family == "paren" and c.token.isdigit():
                c.extra["subsection"] = True
                out.append(c)


#: an Article's heading run on into its first section on one line ("ARTICLE VIII CONFIDENTIALITY   8.1 Unless …",
#: "ARTICLE 5 – PAYMENT Section 5.1 Fees.", "ARTICLE 6 - HGF AND NVOS COMMITMENTS SCHEDULE 6.1 Upon …"): the heading
#: (up to 100 characters, no sentence end in it), then a section number and a capital
_ARTICLE_RUN_ON = re.compile(r"(?P<h>[^.;:!?\r\n]{1,100}?)[ \t]+"
                             r"(?P<num>(?:(?:SECTION|Section)[ \t]+)?(?P<first>\d{1,3})(?:\.\d{1,3})+\.?)[ \t]+[A-Z\"“]")


def _mark_article_first_sections(text: str, line: Line, out: list[Candidate]) -> None:
    """A section number printed after an Article's heading on the heading's line, numbered as that Article's first
    section ("ARTICLE VIII CONFIDENTIALITY 8.1 Unless …": 8.1, 8.01, Section 8.1.1), starts that section: it is
    marked ``extra["article_first"]`` (found even after a heading word that would make it a reference, "…
    COMMITMENTS SCHEDULE 6.1"), so that a later "8.1" printed at a line's start (an exhibit's own numbering) does
    not take it for a reference, and the selection keeps it as the Article's first section whatever the jump
    from the clause before the Article."""
    arts = [c for c in out if c.family == "article" and c.line == line.index and c.keyword]
    for art in arts:
        tok = art.token
        value = int(tok) if tok.isdigit() else roman_value(tok)
        after = text[art.num_end:line.end]
        lead = len(after) - len(after.lstrip("-–—: \t"))
        m = _ARTICLE_RUN_ON.match(text, art.num_end + lead, line.end)
        if m is None or value is None or int(m.group("first")) != value or not is_heading_like(m.group("h")):
            continue
        if not all(int(x) <= 1 for x in re.findall(r"\d+", m.group("num"))[1:]):
            continue  # (the Article's first section only: "8.1", "8.01", not "8.3")
        at = m.start("num")
        c = next((x for x in out if x.num_start == at), None)
        if c is None:
            c = _tokens_at(line, text, at, "inline")
            if c is None or c.family != "dec":
                continue
            out.append(c)
        c.extra["article_first"] = True


# ---------------------------------------------------------------------------------------------------------
# Headings

_SMALL_WORDS = frozenset(
    "a an and as at by de for from in into of on or the to under upon with its his her their our your vs v".split()
)
_WORD = re.compile(r"[^\W\d_][\w'’\-]*")


def is_heading_like(s: str) -> bool:
    """A short title: every word capitalised except small words, or all capitals; no sentence in it."""
    s = s.strip().rstrip(".:").strip()
    if not s or len(s) > 100 or not (s[0].isupper() or s[0].isdigit()):
        return False
    if any(ch in s for ch in "\"“”") or s.endswith((",", ";")):
        return False
    words = _WORD.findall(s)
    if not words or len(words) > 12:
        return False
    if s.upper() == s:
        return True
    return all(w[0].isupper() or w.lower() in _SMALL_WORDS for w in words)


def is_bare_heading(line: str) -> bool:
    """A heading standing on its own line in running text ("Disposal", "The judge's decision", "Issue 1: Scope"):
    short, starting with a capital, no number in front, no quotation, and not ending as a sentence or clause does."""
    s = line.strip()
    if not s or len(s) > 80 or not s[0].isupper() or s.endswith((".", ",", ";", ":", "?", "!", "”", "\"", "—", "-")):
        return False
    if any(ch in s for ch in "\"“”|") or re.match(r"^\(?[0-9ivxIVX]{1,4}[.)]", s):
        return False
    words = _WORD.findall(s)
    return 1 <= len(words) <= 8 and len(words) >= len(s.split()) - 1


_RUN_IN = re.compile(r"^(.{2,100}?)\s?\.(?:[ \t]+|$)")


def _is_short_title(s: str) -> bool:
    """A title standing on its own may have lower-case words ("Definitions and interpretation")."""
    s = s.strip()
    words = _WORD.findall(s)
    return (bool(s) and s[0].isupper() and 1 <= len(words) <= 6 and not s.endswith((".", ":", ";", ","))
            and not any(ch in s for ch in "\"“”.;:"))


def heading_of(rest: str, heading_line: str | None = None) -> str | None:
    """The clause title printed after its number: the text up to a wide gap or the line end when it is a
    title, or a run-in "Title. Text"; for a number alone on its line, the next line when it is a title."""
    rest = rest.strip()
    if not rest:
        if heading_line and (is_heading_like(heading_line) or _is_short_title(heading_line)) \
                and not heading_line.rstrip().endswith(":"):
            return heading_line.strip().rstrip(".").strip()
        return None
    chunk = _GAP.split(rest, maxsplit=1)[0].strip()
    m = _RUN_IN.match(chunk)
    if m and is_heading_like(m.group(1)):
        return m.group(1).strip()
    if (is_heading_like(chunk) or _is_short_title(chunk)) and not chunk.endswith(":"):
        return chunk.rstrip(".").strip()
    return None


# ---------------------------------------------------------------------------------------------------------
# Detached runs

@dataclass(frozen=True, slots=True)
class _Para:
    start: int
    end: int
    content: str
    shape: str  # 'heading' | 'runin' | 'plain'
    after_colon: bool  # the paragraph before it ends with ':' (a list follows)


def _paragraphs_below(text: str, lines: list[Line], j: int) -> list[_Para]:
    """Paragraphs from line ``j`` until the next furniture line or number run."""
    paras: list[_Para] = []
    cur: list[Line] = []

    def flush() -> None:
        if cur:
            content = " ".join(x.content for x in cur)
            if is_heading_like(content) and len(content) <= 80:
                shape = "heading"
            elif (m := _RUN_IN.match(content)) and is_heading_like(m.group(1)):
                shape = "runin"
            else:
                shape = "plain"
            prev_colon = bool(paras) and paras[-1].content.rstrip().endswith(":")
            first = cur[0]
            lead = len(text[first.start:first.end]) - len(text[first.start:first.end].lstrip())
            paras.append(_Para(first.start + lead, cur[-1].end, content, shape, prev_colon))
            cur.clear()

    k = j
    while k < len(lines):
        ln = lines[k]
        if ln.furniture or ln.numbers_only:
            break
        if not ln.content:
            flush()
        else:
            cur.append(ln)
        k += 1
    flush()
    return paras


def _number_kind(tok: str) -> str:
    if tok.startswith("("):
        return "item"
    parts = tok.rstrip(".").split(".")
    if len(parts) == 1 and tok.endswith("."):
        return "top"
    return "sub"


def _score(kind: str, p: _Para) -> float:
    if kind == "top":
        return {"heading": 3.0, "runin": 0.5, "plain": -1.0}[p.shape]
    if kind == "sub":
        return {"heading": -2.0, "runin": 3.0, "plain": 1.0}[p.shape]
    return {"heading": -2.0, "runin": 0.5, "plain": 1.5}[p.shape] + (1.0 if p.after_colon else 0.0)


def align_detached_run(text: str, run: list[Line], lines: list[Line], below: int) -> list[Candidate]:
    """Attach a column of detached clause numbers to the paragraphs printed under it.

    Each number goes to at most one paragraph, in order; paragraphs left over continue the clause above
    them.  A parent number whose first child follows it directly may share the child's paragraph (its own
    heading was lost in extraction).  A line with several numbers ("(a) (b) (c) (d)") names items that were
    run together into one paragraph: those numbers are not attached (the caller warns about none of them
    being lost silently: they simply are not clauses).
    """
    nums: list[tuple[Line, str]] = []
    for ln in run:
        toks = ln.content.split()
        if len(toks) == 1:
            nums.append((ln, toks[0]))
    paras = _paragraphs_below(text, lines, below)
    if not nums or not paras:
        return []
    kinds = [_number_kind(t) for _, t in nums]
    n, m = len(nums), len(paras)
    neg = float("-inf")
    best = [[neg] * (m + 1) for _ in range(n + 1)]
    move: list[list[tuple[str, int, int] | None]] = [[None] * (m + 1) for _ in range(n + 1)]
    best[0][0] = 0.0
    for i in range(n + 1):
        for j in range(m + 1):
            b = best[i][j]
            if b == neg:
                continue
            steps: list[tuple[int, int, float, str]] = []
            if j < m:
                steps.append((i, j + 1, 0.0, "skip-para"))
            if i < n:
                steps.append((i + 1, j, -4.0, "skip-num"))
            if i < n and j < m:
                steps.append((i + 1, j + 1, _score(kinds[i], paras[j]), "assign"))
            if i + 1 < n and j < m and _is_first_child(nums[i][1], nums[i + 1][1]):
                steps.append((i + 2, j + 1, _score(kinds[i + 1], paras[j]) + 0.2, "share"))
            for ni, nj, s, what in steps:
                if b + s > best[ni][nj]:
                    best[ni][nj] = b + s
                    move[ni][nj] = (what, i, j)
    # walk back
    i, j = n, m
    pairs: list[tuple[int, int]] = []
    while (i, j) != (0, 0):
        mv = move[i][j]
        assert mv is not None
        what, pi, pj = mv
        if what == "assign":
            pairs.append((pi, pj))
        elif what == "share":
            pairs.append((pi + 1, pj))
            pairs.append((pi, pj))
        i, j = pi, pj
    pairs.reverse()
    out = []
    for ni, pj in pairs:
        ln, tok = nums[ni]
        p = paras[pj]
        lead = len(text[ln.start:ln.end]) - len(text[ln.start:ln.end].lstrip())
        c = _tokens_at(ln, text, ln.start + lead, "line")
        if c is None:
            continue
        c.pos = p.start
        c.where = "detached"
        c.rest = p.content
        out.append(c)
    # a shared paragraph: the parent comes first in the list already (pairs reversed)
    return out


def _is_first_child(parent: str, child: str) -> bool:
    a = parent.rstrip(".").split(".")
    b = child.rstrip(".").split(".")
    return len(b) == len(a) + 1 and b[:-1] == a and b[-1] in ("1", "01")


# ---------------------------------------------------------------------------------------------------------
# Selecting the clauses whose numbers run in order

_SINGLE_STYLES = ("lower", "roman", "upper", "digit", "uroman")


def _interpretations(c: Candidate) -> list[tuple[str, int]]:
    """(style, value) readings of a single-valued number: "(i)" may be the 9th letter or roman one."""
    tok = c.token
    fam = c.family
    out: list[tuple[str, int]] = []
    if tok.isdigit():
        out.append((f"{fam}-digit", int(tok)))
        return out
    if tok.islower():
        lv = letter_value(tok)
        rv = roman_value(tok)
        if lv is not None:
            out.append((f"{fam}-lower", lv))
        if rv is not None:
            out.append((f"{fam}-roman", rv))
    else:
        lv = letter_value(tok)
        rv = roman_value(tok)
        if lv is not None:
            out.append((f"{fam}-upper", lv))
        if rv is not None:
            out.append((f"{fam}-uroman", rv))
    return out


def _dec_value(c: Candidate) -> tuple[int, ...]:
    return tuple(int(x) for x in c.token.split("."))


def _dec_plausible(prev: tuple[int, ...] | None, v: tuple[int, ...], gap: int) -> int | None:
    """How far ``v`` jumps after ``prev`` (1 = the very next number); None when it cannot follow it."""
    if prev is None:
        return 1 if (v[0] <= 2 and all(x <= 1 for x in v[1:])) else None
    if v[:len(prev)] == prev and len(v) == len(prev) + 1 and v[-1] in (0, 1):
        return 1  # first child
    for k in range(min(len(v), len(prev)), 0, -1):
        if v[:k - 1] == prev[:k - 1]:
            d = v[k - 1] - prev[k - 1]
            if 1 <= d <= gap and all(x <= 1 for x in v[k:]):
                return d
    return None


@dataclass(slots=True)
class _Level:
    style: str
    value: int
    index: int  # index of the selected candidate at this level


def select_clauses(cands: list[Candidate], gap: int = 3, repeats: bool = True) -> list[Candidate]:
    """Keep the candidates that continue a plausible numbering; set each kept one's ``parent``.

    A clause number must follow the previous one at some level (2.3 after 2.2, 3 after 2.4.1, 2.5.1 as the
    first child of 2.5), jumping at most ``gap``; lettered and roman items must start at (a)/(i)/(A)/(1) and
    run on from their siblings.  Decimal numbering is found first (it says its own hierarchy); articles
    (ARTICLE V, Part II) and lettered items are placed around it.

    A list numbered "1.", "2." inside a lettered item ("E. Approval Process." then "1. General.") is read as
    that item's list.  Where a number could be either the next clause or the next item of such a list ("4." after
    clause 3 and item 3), both readings are followed through the next :data:`LOOKAHEAD` numbers and the item
    wins only when it keeps more: a list inside clause 3 that runs on to 7 leaves "4. Services" as clause 4.  On a
    tie the item wins where its lettered item is an Article's and no clause number was kept since the Article's
    heading ("III. SERVICES" / "C. ... agrees to:" / "1. Make ...": Art. III.C.1), and where the list is a
    section's in a document whose clauses are all its Articles' sections ("Section 2.05" / "1." ... "5.": s. 2.05(3),
    not a clause 3).  An Article's first section ("8.1", "Section 3.01" under ARTICLE VIII, III), printed at a
    line's start or run on from the Article's heading, follows whatever clause came before the Article.

    With ``repeats``, a clause number printed again or below the one before it at its level is kept too
    (:meth:`_Selector._repeated`), marked ``extra["numbering"]``.
    """
    sel = _Selector(cands, gap, allow_repeats=repeats)
    sel.run(0, resolve=True)
    return sel.kept


#: how many further numbers the two readings of an ambiguous one are followed through
LOOKAHEAD = 400
#: how many decimal numbers in a row must run on from a number inside a line that jumps ahead (6.1, then 8.0)
#: for the jump to be kept: a reference run in is not followed by its own sub-clauses in order
INLINE_JUMP_RUN = 3
#: how far below the last kept number at its depth a repeated clause number may go back (a draft whose clauses
#: were moved or copied prints "6.5, 6.4" or "12.5, 12.1"; a list restarting far below is not a repeat)
REPEAT_BACK = 5


@dataclass(slots=True)
class _Selector:
    """The state of :func:`select_clauses` as it walks the candidates (copied to try two readings)."""

    cands: list[Candidate]
    gap: int
    allow_repeats: bool = True
    kept: list[Candidate] = field(default_factory=list)
    dec_last: tuple[int, ...] | None = None
    dec_units: dict[tuple[int, ...], int] = field(default_factory=dict)
    article: tuple[int, int] | None = None  # (value, index)
    stack: list[_Level] = field(default_factory=list)  # single-valued levels below the current clause
    started: bool = False
    # the readings chosen for candidates so far (index -> style, value, parent), applied once at the end so
    # that a trial run never leaves its readings on the shared candidates
    chosen: dict[int, tuple[str, tuple[int, ...], int | None]] = field(default_factory=dict)
    # how the kept decimal numbers of each depth were printed at line starts: (final dot, keyword)
    dec_shapes: dict[int, set[tuple[bool, str]]] = field(default_factory=dict)
    dec_printed: frozenset[tuple[int, ...]] | None = None
    # the candidates kept although their number repeats one kept before it or goes back below it
    repeats: set[int] = field(default_factory=set)
    section: tuple[int, int] | None = None  # the last section-sign section kept: (value, index)

    def copy(self) -> "_Selector":
        stack = [_Level(x.style, x.value, x.index) for x in self.stack]
        return _Selector(self.cands, self.gap, self.allow_repeats, list(self.kept), self.dec_last,
                         dict(self.dec_units), self.article, stack, self.started, dict(self.chosen),
                         {k: set(v) for k, v in self.dec_shapes.items()}, self.printed(), set(self.repeats),
                         self.section)

    def anchor(self) -> int | None:
        """The kept unit a new list's first item goes under: the innermost open item, else the later of the
        last clause and the last Article (an Article's heading closes the clauses before it: "V. COMPENSATION"
        then "A. ..." is Art. V.A, not an item of a clause in Article III)."""
        if self.stack:
            return self.stack[-1].index
        clause = self.dec_units.get(self.dec_last) if self.dec_last is not None else None
        if self.section is not None and (clause is None or self.section[1] > clause):
            clause = self.section[1]  # ("§ 6 Advertising Cost Compensation" / "(1) …": § 6(1))
        article = self.article[1] if self.article else None
        if clause is not None and (article is None or clause > article):
            return clause
        return article

    def _keep(self, idx: int, style: str, value: tuple[int, ...], parent: int | None) -> None:
        self.chosen[idx] = (style, value, parent)
        self.kept.append(self.cands[idx])

    def run(self, start: int, resolve: bool, stop: int | None = None) -> None:
        for idx in range(start, len(self.cands) if stop is None else min(stop, len(self.cands))):
            self.step(idx, resolve)
        if resolve:
            for idx, (style, value, parent) in self.chosen.items():
                c = self.cands[idx]
                c.style, c.value, c.parent = style, value, parent
                if idx in self.repeats:
                    c.extra["numbering"] = "repeated"

    def _top_dec(self, idx: int) -> int | None:
        """How far candidate ``idx`` (decimal) jumps as the next clause; None when it cannot be one."""
        c, gap = self.cands[idx], self.gap
        v = _dec_value(c)
        if self._article_first_section(c, v):
            return 1
        d = _dec_plausible(self.dec_last, v, gap)
        if d is None and self.dec_last is None and self.article is not None and v[0] == self.article[0]:
            d = 1
        if d is None and self.dec_last is not None and self.article is not None and v[0] == self.article[0] \
                and self.dec_last[0] < v[0] and all(x <= 1 for x in v[1:]):
            d = 1
        if d is None and self._list_before_subclauses(v):
            return 1
        last = self.dec_last
        if d is None and last is not None and len(v) == len(last) + 1 and v[:-1] == last \
                and 2 <= v[-1] <= gap + 1 and c.where != "inline" \
                and last + (1,) not in self.printed():
            # "2.2" straight after clause 2, and "2.1" printed nowhere: the first sub-clause was printed without
            # its number (a word processor's list "1. Term" instead), so 2.2 is clause 2's next sub-clause
            return 1
        if last is not None and c.where in ("mid", "inline") and self._subclause_of_last_follows(idx, v):
            return None  # "2. Term ... 1. ... 2. ... 3. In the event ... 2.2 Termination": "3." is a list item
        sibling = c.where in ("line", "detached") and self._sibling_style(c, v)
        if d is None and sibling:
            # a renumbered draft jumps by any amount (1, 2, 3, 9, 10): a number printed where a clause starts,
            # in the style of the numbers already kept at its depth, is that clause whatever the gap
            d = _dec_plausible(self.dec_last, v, 10 ** 4)
        if d is None:
            return None
        if c.where in ("mid", "inline") and d > 1 and not self._run_follows(idx, v):
            return None  # (a number inside a line may jump only where the numbers after it run on from it)
        if d > 1 and sibling:
            if self.dec_last is not None and _sibling_between_later(self.cands, idx, self.dec_last, v):
                return None  # (3.2 ... "3.9 Hours" ... 3.3: the 3.9 is a number out of place)
        elif d > 1 and _gap_filled_later(self.cands, idx, self.dec_last, v):
            return None
        return d

    def _run_follows(self, idx: int, v: tuple[int, ...]) -> bool:
        """Whether the next :data:`INLINE_JUMP_RUN` decimal numbers after candidate ``idx`` each follow the one
        before them with no gap ("… assigns. 8.0 Medical and Regulatory 8.1. … 8.2. … 8.3. … 9.0 …" after 6.1,
        where the document prints no 7): the jump is the document's own, not a reference run in."""
        prev, n = v, 0
        for c in self.cands[idx + 1:idx + 1 + 4 * INLINE_JUMP_RUN]:
            if c.family != "dec" or c.keyword:
                continue
            nxt = _dec_value(c)
            if _dec_plausible(prev, nxt, 1) != 1:
                return False
            prev, n = nxt, n + 1
            if n >= INLINE_JUMP_RUN:
                return True
        return False

    def _article_first_section(self, c: Candidate, v: tuple[int, ...]) -> bool:
        """Whether decimal ``c`` is the first section of the Article open now: numbered under the Article's own
        number ("8.1", "Section 3.01" under ARTICLE VIII, ARTICLE III), no clause number kept since the Article's
        heading, none of the Article's sections kept before, and printed at a line's start or run on from the
        heading on its line (:func:`_mark_article_first_sections`).  It follows whatever the clause before the
        Article was ("5.10" then ARTICLE VIII's "8.1": the Articles between had no sections; "3.", "4.", "5." of a
        list taken for clauses, then ARTICLE III's "Section 3.01")."""
        if self.article is None or len(v) < 2 or v[0] != self.article[0] or not all(x <= 1 for x in v[1:]):
            return False
        if c.where not in ("line", "detached") and not c.extra.get("article_first"):
            return False
        if any(len(k) >= 2 and k[0] == v[0] for k in self.dec_units):
            return False  # (its sections were kept already: a table of contents' "15.1" … "15.10", then the body's)
        clause = self.dec_units.get(self.dec_last) if self.dec_last is not None else None
        return clause is None or clause < self.article[1]

    def _repeated(self, idx: int) -> bool:
        """Whether the decimal number at ``idx`` is a clause whose printed number repeats or goes back below
        the last kept one at its depth, under the same parent ("6.5", then "6.4 OWNERSHIP OF DELIVERABLES";
        "1., 2., 3., 2., 3."): printed at a line start in its kept siblings' style, with a heading, and at
        most :data:`REPEAT_BACK` below the last.  A top-level "1." is a list or an attachment starting again,
        never a repeat; a number inside a paragraph (a reference, a table's row) never is one."""
        c, last = self.cands[idx], self.dec_last
        if c.where != "line" or last is None or not self.dec_units:
            return False
        v = _dec_value(c)
        k = len(v)
        if k > len(last) or v[:-1] != last[:k - 1] or not 0 <= last[k - 1] - v[-1] <= REPEAT_BACK:
            return False
        if k == 1 and v[0] <= 1:
            return False
        if not self._sibling_style(c, v) or heading_of(c.rest, c.heading_line) is None:
            return False
        # a list that started again at "1." since the last clause (an attached form's own numbering, an
        # amendment quoting its agreement's clauses) goes on with its own numbers: not the contract's repeated
        since = self.kept[self.dec_units[last]].pos if last in self.dec_units else -1
        j = idx - 1  # (the candidates are in text order: only those since the last clause are read)
        while j >= 0 and self.cands[j].pos > since:
            x = self.cands[j]
            if x.family == "dec" and x.where != "inline":
                w = _dec_value(x)
                if w[-1] <= 1 and len(w) <= k:
                    return False
            j -= 1
        return True

    def printed(self) -> frozenset[tuple[int, ...]]:
        """Every decimal number printed among the candidates (computed once, shared by copies)."""
        if self.dec_printed is None:
            self.dec_printed = frozenset(_dec_value(x) for x in self.cands if x.family == "dec")
        return self.dec_printed

    def _subclause_of_last_follows(self, idx: int, v: tuple[int, ...]) -> bool:
        """Whether, soon after ``idx`` and before any number at ``v``'s depth or above, a sub-number that goes
        on with the current clause is printed ("2.2" after "2." and this "3."): then the current clause is not
        over, and ``v`` inside a paragraph is an item of a list in it, not the next clause."""
        last = self.dec_last
        assert last is not None
        k = len(v)
        if len(last) < k or v[:k - 1] != last[:k - 1]:
            return False
        for c in self.cands[idx + 1: idx + 12]:
            if c.family != "dec":
                continue
            w = _dec_value(c)
            if len(w) <= k and w >= v:
                return False
            if len(w) > k and w[:k] == last[:k] and (_dec_plausible(last, w, self.gap) is not None or (
                    len(w) == len(last) + 1 and w[:-1] == last and w[-1] <= self.gap + 1)):
                return True
        return False

    def _sibling_style(self, c: Candidate, v: tuple[int, ...]) -> bool:
        """Whether ``c`` is printed as the kept numbers of its own depth are: with or without a final dot, with
        the same keyword ("Section 4.01"), at a line start; and at least one such number is kept already."""
        if "." not in c.number and not c.keyword:
            return False  # a bare "138 Plover" is a table's row or a footnote as often as a clause
        shape = (c.number.endswith("."), (c.keyword or "").lower())
        return shape in self.dec_shapes.get(len(v), set())

    def _list_before_subclauses(self, v: tuple[int, ...]) -> bool:
        """"2.2" after clause 2 whose first sub-clauses were printed as a list restarting at 1 ("2. Term and
        Termination" / "1. Term." / "1. ..." / "3. ..." / "2.2 Termination upon Breach"): word processors
        renumber a clause's first item so; the list is clause 2's and 2.2 its next sub-clause."""
        last = self.dec_last
        return (last is not None and len(v) == len(last) + 1 and v[:len(last)] == last
                and 2 <= v[-1] <= self.gap + 1 and bool(self.stack) and self.stack[0].style == "dec-item"
                and not any(k[:len(last)] == last and len(k) > len(last) for k in self.dec_units))

    def _renumbered_first_subclause(self, idx: int) -> bool:
        """Whether "1." at ``idx`` under clause N starts a list that stands for N.1: soon after it comes N.2 (or
        N.3, N.4), and N.1 is printed nowhere."""
        last = self.dec_last
        if last is None or len(last) != 1:
            return False
        subs = [_dec_value(c) for c in self.cands if c.family == "dec" and "." in c.token.rstrip(".")]
        if any(v[:2] == (last[0], 1) for v in subs):
            return False
        soon = [_dec_value(c) for c in self.cands[idx + 1: idx + 12] if c.family == "dec"]
        return any(len(v) == 2 and v[0] == last[0] and 2 <= v[1] <= self.gap + 1 for v in soon)

    def _list_in_article_item(self, item: tuple[str, int, int]) -> bool:
        """Whether a numbered item would go under a lettered item of the Article open now, no clause number
        kept since the Article's heading ("III. SERVICES" / "C. ... UTK agrees to:" / "1. Make itself
        available ..."): the Article's own items are lettered, so a "1." under one of them is that item's list
        (Art. III.C.1), not the first of the document's numbered clauses."""
        depth = item[2]
        if self.article is None or depth == 0 or self.stack[depth - 1].style == "dec-item":
            return False
        clause = self.dec_units.get(self.dec_last) if self.dec_last is not None else None
        return clause is None or clause < self.article[1]

    def _list_in_section(self, item: tuple[str, int, int] | None = None) -> bool:
        """Whether a list "1.", "2." printed at line starts goes under the section kept last, in a document that
        numbers its clauses as its Articles' sections only ("Section 2.05", "2.5"; no one-level clause number kept
        at a line's start): a "3." after "1.", "2." under Section 2.05 is the list's, not a clause 3, on a tie of the
        two readings ("Section 2.05 Economic Terms." / "1. Maximum Aggregate …" … "5. Agency Agreement
        Expiration Date …" / "ARTICLE III"). Without ``item``: whether a "1." may start such a list here (a bare
        "1" starts none: an appendix's numbered paragraphs run into the last section look so)."""
        last = self.dec_last
        if self.article is None or last is None or len(last) < 2 or 1 in self.dec_shapes:
            return False
        clause = self.dec_units.get(last)
        if clause is None or clause < self.article[1]:
            return False
        if item is None:
            return not self.stack
        return item[2] == 0 and bool(self.stack) and self.stack[0].style == "dec-item"

    def _item(self, readings: list[tuple[str, int]], skip: int = 0) -> tuple[str, int, int] | None:
        """The (style, value, stack depth) a single-valued number takes as a list item, or None.  With ``skip``,
        an item may follow its open level's last one with up to that many letters missing between them."""
        for depth in range(len(self.stack) - 1, -1, -1):  # continue an open level (innermost first)
            lvl = self.stack[depth]
            for style, value in readings:
                if style == lvl.style and lvl.value + 1 <= value <= lvl.value + 1 + skip:
                    return style, value, depth
        for style, value in readings:
            if value == 1 and len(self.stack) < 4:
                # a new list under the innermost open item, or a restart of an open level
                same = next((d for d in range(len(self.stack)) if self.stack[d].style == style), None)
                return style, value, same if same is not None else len(self.stack)
        return None

    def _apply_item(self, idx: int, chosen: tuple[str, int, int]) -> None:
        style, value, depth = chosen
        del self.stack[depth:]
        parent = self.stack[-1].index if self.stack else self.anchor()
        if parent is None:
            return
        self._keep(idx, style, (value,), parent)
        self.stack.append(_Level(style, value, len(self.kept) - 1))

    def _apply_top_dec(self, idx: int) -> None:
        v = _dec_value(self.cands[idx])
        parent = None
        for k in range(len(v) - 1, 0, -1):
            if v[:k] in self.dec_units:
                parent = self.dec_units[v[:k]]
                break
        if self.article is not None and (parent is None or (parent < self.article[1] and v[0] == self.article[0])):
            parent = self.article[1]  # (a "3." kept before ARTICLE III does not hold ARTICLE III's "3.01")
        self._keep(idx, "dec", v, parent)
        c = self.cands[idx]
        if c.where in ("line", "detached"):
            self.dec_shapes.setdefault(len(v), set()).add((c.number.endswith("."), (c.keyword or "").lower()))
        self.dec_units[v] = len(self.kept) - 1
        self.dec_last = v
        self.stack.clear()
        self.started = True

    def _step_section(self, idx: int) -> None:
        """A section-sign section ("§ 6"): the first is § 1 (or 2), each next one follows the last by at most the
        gap, and the numbering starts again at § 1 under each part; its parent is the part open now."""
        c = self.cands[idx]
        v = int(re.match(r"\d+", c.token).group())  # type: ignore[union-attr]
        part = self.article[1] if self.article is not None else None
        prev = self.section
        if prev is not None and part is not None and prev[1] < part:
            prev = None  # (a new part: its sections start again)
        if not (v in (1, 2) if prev is None else 1 <= v - prev[0] <= self.gap):
            return
        self._keep(idx, "para", (v,), part)
        self.section = (v, len(self.kept) - 1)
        self.stack.clear()
        self.started = True

    def step(self, idx: int, resolve: bool) -> None:
        c, gap = self.cands[idx], self.gap
        if c.family == "para":
            self._step_section(idx)
            return
        if c.family == "article":
            tok = c.token
            v = int(tok) if tok.isdigit() else (roman_value(tok) or (letter_value(tok) or 0))
            prev = self.article[0] if self.article else None
            ok = (v in (1, 2)) if prev is None else (1 <= v - prev <= gap)
            if c.where == "inline" and prev is not None and v - prev != 1:
                ok = False  # inside a paragraph only the very next article starts one ("Article 19 survives")
            if prev is None and self.started and (v > 2 or (self.dec_last is not None and self.dec_last[0] > 2)):
                ok = False  # ("Article 1 ("Definitions"), Section 3.20(k)... shall survive", after clause 17)
            if not ok:
                return
            self._keep(idx, "article", (v,), None)
            self.article = (v, len(self.kept) - 1)
            self.stack.clear()
            self.started = True
            # decimal numbering restarts under a new article only if it says so (3.1 under ARTICLE 3)
            return
        if c.family == "dec":
            d = self._top_dec(idx)
            # "1. General." printed inside a lettered item: that item's list (a plain "N." on its own line only)
            item = None
            if c.where == "line" and "." not in c.token and c.token.isdigit() and (
                    self.stack or (c.token == "1" and (self._renumbered_first_subclause(idx) or (
                        c.number.endswith(".") and self._list_in_section())))):
                # (or a list "1.", "2." straight under a clause, which that clause's sub-number 2.2 follows)
                item = self._item([("dec-item", int(c.token))])
            if d is None and item is None:
                if self.allow_repeats and self._repeated(idx):
                    self.repeats.add(idx)
                    self._apply_top_dec(idx)
                return
            if d is not None and item is not None:
                if not resolve:
                    # a trial run takes the clause reading, but an Article's lettered item's list where the tie
                    # below would give it to the item
                    if self._list_in_article_item(item) or self._list_in_section(item):
                        self._apply_item(idx, item)
                    else:
                        self._apply_top_dec(idx)
                    return
                top, nested = self.copy(), self.copy()
                top.allow_repeats = nested.allow_repeats = False  # (each reading judged by numbers in order)
                stop = idx + 1 + LOOKAHEAD  # (bounded: a hostile file of ambiguous numbers stays linear)
                top._apply_top_dec(idx)
                top.run(idx + 1, resolve=False, stop=stop)
                nested._apply_item(idx, item)
                nested.run(idx + 1, resolve=False, stop=stop)
                if len(nested.kept) > len(top.kept) or (len(nested.kept) == len(top.kept) and (
                        self._list_in_article_item(item) or self._list_in_section(item))):
                    self._apply_item(idx, item)
                else:
                    self._apply_top_dec(idx)
                return
            if d is not None:
                self._apply_top_dec(idx)
            else:
                self._apply_item(idx, item)  # type: ignore[arg-type]
            return
        if c.family in ("paren", "dot", "close") and self.started:
            # (a lettered item run into a paragraph with a run-in title of its own goes on from the one before it
            # even where a letter was lost in copying: "N. NOTICES. … P. SEVERABILITY." is P, not more of N)
            chosen = self._item(_interpretations(c), skip=2 if c.where == "inline" and c.family == "dot" else 0)
            if chosen is not None:
                self._apply_item(idx, chosen)


def _sibling_between_later(cands: list[Candidate], idx: int, prev: tuple[int, ...], v: tuple[int, ...]) -> bool:
    """Whether soon after ``idx`` a number of the same depth as ``v`` is printed that lies between ``prev`` and
    ``v`` (3.3 after 3.2 then "3.9"): then ``v`` is not the next clause but a number out of place."""
    low = prev[:len(v)]
    for c in cands[idx + 1: idx + 12]:
        if c.family == "dec" and c.where != "inline":
            w = _dec_value(c)
            if len(w) == len(v) and w <= low:
                return False  # a list starting again (a schedule's own items): nothing after it counts
            if len(w) == len(v) and low < w < v:
                return True
    return False


def _gap_filled_later(cands: list[Candidate], idx: int, prev: tuple[int, ...] | None, v: tuple[int, ...]) -> bool:
    """Whether a closer successor of ``prev`` appears soon after ``idx`` (so ``v`` here is noise)."""
    if prev is None:
        return False
    for c in cands[idx + 1: idx + 12]:
        if c.family != "dec":
            continue
        w = _dec_value(c)
        d = _dec_plausible(prev, w, 3)
        if d == 1 and w != v:
            return True
    return False


def line_at(lines: list[Line], starts: list[int], pos: int) -> int:
    """Index of the line holding offset ``pos``."""
    return max(0, bisect.bisect_right(starts, pos) - 1)


def _is_restart(c: Candidate) -> bool:
    if c.family == "article":
        return c.token in ("1", "I", "i", "A", "One", "ONE")
    if c.family == "dec":
        v = _dec_value(c)
        return v[0] in (0, 1) and all(x <= 1 for x in v[1:])
    return False


def select_numbering(cands: list[Candidate], tries: int = 5) -> list[Candidate]:
    """``select_clauses`` from the best place to start: a table of contents numbers "1., 1.1, 2. ..." too,
    so each of the first few places where numbering (re)starts at 1 is tried, and the start that keeps the
    most clauses wins (the later one on a tie: the body follows its table of contents); numbers that repeat
    are kept only in the final run from the chosen start, so a table of contents never wins by running on into
    the body as "repeats".  Numbered lists inside
    lettered items do not count here: a table of contents followed by any "1. 2. 3." list would otherwise win."""
    restarts = [i for i, c in enumerate(cands) if _is_restart(c)]
    # numbers found inside flattened paragraphs get tries of their own, so they never crowd out the line starts
    # (and the first number: a contract may open at clause 2, its clause 1 dropped, and restart only in a
    # schedule's own list below)
    starts = sorted({0, *[i for i in restarts if cands[i].where != "inline"][:tries],
                     *[i for i in restarts if cands[i].where == "inline"][:tries]})
    best: list[Candidate] = []
    best_score: tuple[int, int] = (-1, -1)
    for i in starts:
        for c in cands:
            c.parent, c.style, c.value = None, "", ()
            c.extra.pop("numbering", None)
        kept = select_clauses(cands[i:], repeats=False)  # (a start is chosen by the numbering in order)
        # (the numbers kept as list items break a tie: a start that leaves a schedule's own "2.", "3." to go on
        # with clause 1.9 keeps as many clauses as the start that reads them as items, but fewer numbers)
        score = (sum(1 for c in kept if c.style != "dec-item"), len(kept))
        if kept and score >= best_score:
            best, best_score = kept, score
            best_i = i
    # rerun the winner so the candidates carry its parents
    for c in cands:
        c.parent, c.style, c.value = None, "", ()
        c.extra.pop("numbering", None)
    return select_clauses(cands[best_i:]) if best else []
