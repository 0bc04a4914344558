"""The structural lint: units beside the document's own text, with the boundaries that look wrong flagged.

The chunk audit (:mod:`pincite.audit`) compares chunks with units; this compares units with the document, so
that a wrong unit boundary (which every later check trusts) is seen before anyone cites it.  Each finding
names the unit and what in its text says the boundary is wrong:

* ``stray-number``       a unit's own text (outside its children) has, at a line start, a number of its parent's
  or siblings' sequence that is not its own (``2.2`` inside ``cl. 3``; ``108.`` inside ``[107]``); in a contract,
  any later number of its own depth or a parent's (``9.`` inside ``cl. 3.1``: a renumbered draft's jump)
* ``sequence-backwards`` a sibling's number goes back (``cl. 3`` then ``cl. 2``), other than a list restarting
* ``sequence-jump``      a sibling's number skips (``[5]`` after ``[3]``) where a skipped number is printed between
  the two (a number the document itself skips, or an extract quoted with "…", loses no unit)
* ``unlabelled-paragraphs`` lettered paragraphs ``(a)``, ``(b)`` at line starts of a unit's own text with no
  unit of their own (a definition's paragraphs without a pinpoint)
* ``heading-in-paragraph`` a heading line inside a paragraph, after a finished sentence (so the heading is
  quoted as that paragraph); not one inside what the paragraph quotes
* ``two-texts``          two units with one label, both in force on a date, with different texts
* ``duplicate-label``    two units with one label, both in force on a date: a pinpoint that names two places
* ``missing-metadata``   no title, citation or date (or a title cut off), where the first page prints them
* ``numbering``          the numbering self-check (:mod:`pincite.parse.selfcheck`) found the document's own
  text contradicting its labels: the verdict, then each unit it marked, with the evidence that names it

It runs at ingest (each finding is one of the document's ``warnings``) and in ``pincite audit``.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from dataclasses import dataclass

from pincite.parse.builder import duplicate_labels, in_force_together
from pincite.legal.judgments import find_citation, find_judgment_date
from pincite.legal.text_judgments import other_decisions_blanked
from pincite.parse.contract import REFERRING_WORDS, is_bare_heading, letter_value, roman_value, to_roman
from pincite.types import ChoiceEnum, Document, DocumentKind, ParsedDocument, Unit, UnitKind


class LintKind(ChoiceEnum):
    STRAY_NUMBER = "stray-number"
    SEQUENCE_BACKWARDS = "sequence-backwards"
    SEQUENCE_JUMP = "sequence-jump"
    UNLABELLED_PARAGRAPHS = "unlabelled-paragraphs"
    HEADING_IN_PARAGRAPH = "heading-in-paragraph"
    TWO_TEXTS = "two-texts"
    DUPLICATE_LABEL = "duplicate-label"
    MISSING_METADATA = "missing-metadata"
    NUMBERING = "numbering"


@dataclass(frozen=True, slots=True)
class LintFinding:
    kind: LintKind
    unit: int | None  # the unit's ordinal (None for the document)
    label: str  # the unit as a reader knows it ("cl. 3", "[107]", "document")
    detail: str

    def message(self) -> str:
        """The finding as one ingest warning."""
        return f"structure: {self.kind.value}: {self.label}: {self.detail}"

    def to_json(self) -> dict[str, object]:
        return {"kind": self.kind.value, "unit": self.unit, "label": self.label, "detail": self.detail}


AnyDocument = Document | ParsedDocument

# -- numbers ----------------------------------------------------------------------------------------

#: a number at a line start as contracts and judgments print them: "2.2 Termination", "108. The", "[108]"
_LINE_NUMBER = re.compile(r"^\[?(\d{1,3}(?:\.\d{1,3}){0,4})(?:\.|\])?[ \t]+(?=[\"“(]?[A-Z])")
_LETTERED = re.compile(r"^\(([a-z]{1,2})(?:\.\d+)?\)[ \t]+\S")
_PAREN = re.compile(r"^\(([A-Za-z]{1,7}|\d{1,3})(?:\.(\d{1,3}))?\)$")


def readings(number: str | None) -> list[tuple[str, tuple[float, ...]]]:
    """The (style, value) a printed unit number may have: "2.2" -> dec (2, 2); "(i)" -> lower 9 or roman 1."""
    if not number:
        return []
    n = number.strip()
    n = re.sub(r"^(?:s\.|§|Part|PART|Article|ARTICLE|Section|SECTION|cl\.)\s*", "", n).strip()
    n = n.strip("[]").rstrip(".")
    if re.fullmatch(r"\d{1,4}(?:\.\d{1,4}){0,5}", n):
        return [("dec", tuple(int(x) for x in n.split(".")))]
    m = _PAREN.match(n) or re.fullmatch(r"([A-Za-z]{1,7})", n)
    if not m:
        return []
    core, ins = m.group(1), (m.group(2) if m.re is _PAREN else None)
    tail = (float("0." + ins),) if ins else ()  # (vi.01) < (vi.1) < (vii): an insertion sorts as a decimal
    out: list[tuple[str, tuple[float, ...]]] = []
    if core.isdigit():
        return [("dec", (int(core), *tail))]
    lv = letter_value(core)
    if lv is not None:
        out.append(("lower" if core.islower() else "upper", (lv, *tail)))
    rv = roman_value(core)
    if rv is not None:
        out.append(("roman" if core.islower() else "uroman", (rv, *tail)))
    return out


def _follows(prev: tuple[float, ...], nxt: tuple[float, ...]) -> float:
    """How ``nxt`` follows ``prev`` among siblings: 1 the next number (or an inserted one, 3 -> 3.1 -> 4),
    >1 a jump of that size, <=0 backwards."""
    if nxt[: len(prev)] == prev and len(nxt) > len(prev):
        return 1  # an inserted provision (s. 3 then s. 3.1)
    for k in range(min(len(prev), len(nxt))):
        if prev[k] != nxt[k]:
            if nxt[k] < prev[k]:
                return nxt[k] - prev[k]
            if nxt[k] - prev[k] < 1:
                return 1  # (q.1) -> (q.2): inserted provisions follow each other
            if k < len(nxt) - 1 or k < len(prev) - 1:
                return 1  # 3.1 -> 4, 3 -> 4.1: a level changes; the jump is judged at the level that moves
            return nxt[k] - prev[k]
    return 0  # the same number again


def _is_first(value: tuple[float, ...]) -> bool:
    return value[0] in (0, 1) and all(x <= 1 for x in value[1:])


# -- the unit tree ----------------------------------------------------------------------------------


class _Tree:
    def __init__(self, doc: AnyDocument) -> None:
        self.doc = doc
        self.units = list(doc.units)
        self.by_ord = {u.ordinal: u for u in self.units}
        self.children: dict[int | None, list[Unit]] = defaultdict(list)
        for u in self.units:
            self.children[u.parent].append(u)

    def own_lines(self, u: Unit) -> list[tuple[int, str]]:
        """(offset, line) of the text of ``u`` that lies in none of its children (headings excepted)."""
        text = self.doc.text
        spans = sorted((c.char_start, c.char_end) for c in self.children.get(u.ordinal, [])
                       if c.kind is not UnitKind.HEADING)
        pieces: list[tuple[int, int]] = []
        cur = u.char_start
        for a, b in spans:
            if a > cur:
                pieces.append((cur, a))
            cur = max(cur, b)
        if cur < u.char_end:
            pieces.append((cur, u.char_end))
        out = []
        for a, b in pieces:
            pos = a
            for line in text[a:b].split("\n"):
                if line.strip():
                    out.append((pos, line))
                pos += len(line) + 1
        return out


def _name(u: Unit) -> str:
    return u.label or u.number or f"unit {u.ordinal}"


def _clip(s: str, n: int = 60) -> str:
    s = " ".join(s.split())
    return s if len(s) <= n else s[: n - 1] + "…"


# -- the checks -------------------------------------------------------------------------------------


def _stray_numbers(tree: _Tree) -> list[LintFinding]:
    """A number of the parent's or siblings' decimal sequence at a line start of another unit's own text."""
    dec_units = {}
    for u in tree.units:
        for style, v in readings(u.number):
            if style == "dec":
                dec_units.setdefault(v, u)
    # "10.2" inside a judgment's [88] is what it quotes: only a document numbered 2.1, 2.2 has such siblings
    # (a judgment's own paragraphs are never numbered so: its 3.14 or 16.2 quotes a pleading or a rule)
    hierarchical = tree.doc.kind is not DocumentKind.JUDGMENT and any(len(v) >= 2 for v in dec_units)
    contract = tree.doc.kind is DocumentKind.CONTRACT
    out = []
    for u in tree.units:
        own = [v for style, v in readings(u.number) if style == "dec"]
        if not own or u.kind is UnitKind.HEADING:
            continue
        mine = own[0]
        for i, (_pos, line) in enumerate(tree.own_lines(u)):
            m = _LINE_NUMBER.match(line.strip())
            if not m:
                continue
            t = tuple(int(x) for x in m.group(1).split("."))
            if t == mine or t[: len(mine)] == mine:
                continue  # its own number, or a descendant's
            parent_of_t = t[:-1]
            other_clause = hierarchical and len(t) >= 2 and parent_of_t in dec_units and parent_of_t != mine
            next_sibling = (len(t) == len(mine) and t[:-1] == mine[:-1] and 1 <= t[-1] - mine[-1] <= 2
                            and i > 0)
            if other_clause:
                where = _name(dec_units[parent_of_t])
                out.append(LintFinding(LintKind.STRAY_NUMBER, u.ordinal, _name(u),
                                       f"holds {m.group(1)!r} (a sub-number of {where}) at a line start: "
                                       f"{_clip(line)!r}"))
                break
            # a later number of its own depth or a parent's ("9." or "3.7" inside cl. 3.1): a clause swallowed
            # whole, whatever the jump (a lone number counts only printed "9.", as a clause heading is)
            swallowed = (contract and i > 0 and len(t) <= len(mine) and t > mine[:len(t)] and t not in dec_units
                         and (len(t) > 1 or m.group(0).rstrip().endswith(".") or "." in m.group(0).split()[0]))
            if swallowed and not (next_sibling or other_clause):
                out.append(LintFinding(LintKind.STRAY_NUMBER, u.ordinal, _name(u),
                                       f"holds {m.group(1)!r}, a later number of its own or a parent's level, at "
                                       f"a line start, with no unit of its own: {_clip(line)!r}"))
                break
            if next_sibling and t not in dec_units:
                out.append(LintFinding(LintKind.STRAY_NUMBER, u.ordinal, _name(u),
                                       f"holds the next number {m.group(1)!r} at a line start, with no unit of "
                                       f"its own: {_clip(line)!r}"))
                break
    return out


#: Where a sibling's number may jump without a unit being lost, as general patterns, each with its reason.
_ALLOWED_JUMPS: tuple[tuple[str, str], ...] = (
    ("x01", "bills and codes number each title's sections from its own hundred (sec. 703 -> sec. 1001)"),
    ("decimal", "statutes insert provisions between two numbers as decimals (s. 18.29 -> 18.3 -> 18.3001 -> 18.31)"),
)


def _sequences(tree: _Tree) -> list[LintFinding]:
    """Siblings of one kind and zone whose numbers go back or jump.  Inside a judgment's paragraph the numbers
    are those of what it quotes (a statute's (1) and (5), another judgment's [40]), not the judgment's own."""
    judgment = tree.doc.kind is DocumentKind.JUDGMENT
    statute = tree.doc.kind is DocumentKind.STATUTE
    out = []
    for parent, kids in tree.children.items():
        if judgment and parent is not None and tree.by_ord[parent].kind in (UnitKind.PARAGRAPH,
                                                                            UnitKind.SUBPARAGRAPH):
            continue
        groups: dict[tuple[UnitKind, str], list[Unit]] = defaultdict(list)
        for u in kids:
            if u.number and u.kind is not UnitKind.HEADING:
                groups[(u.kind, u.zone.value)].append(u)
        for seq in groups.values():
            prev: Unit | None = None
            for u in seq:
                if prev is not None:
                    found = _step(prev, u, statute)
                    if found is not None:
                        kind, detail, missing = found
                        gap = tree.doc.text[prev.char_start:u.char_start]
                        if kind is LintKind.SEQUENCE_JUMP and missing and \
                                not any(printed_in(gap, n) for n in missing):
                            pass  # the document itself skips the number (its own numbering, or an extract
                            # quoted with "…"): no unit was lost between the two
                        else:
                            out.append(LintFinding(kind, u.ordinal, _name(u), detail))
                prev = u
    return out


def _decimal(number: str | None) -> float | None:
    """s. 18.29 as the decimal 18.29 (how statutes order inserted sections: 3.02 < 3.1); None otherwise."""
    m = re.fullmatch(r"\d{1,4}(?:\.\d{1,5})?", (number or "").strip().rstrip("."))
    return float(m.group(0)) if m else None


def _step(prev: Unit, u: Unit, statute: bool) -> tuple[LintKind, str, list[str]] | None:
    """A finding for ``u`` following ``prev``, with (for a jump) the numbers missing between them as printed."""
    pr, ur = readings(prev.number), readings(u.number)
    if any(_is_first(uv) for _, uv in ur):
        return None  # a new list starting at 1/(a)/(i) (a roman (i) after (b) starts a list inside (b))
    best: float | None = None
    best_from: tuple[str, tuple[float, ...]] = ("", ())
    for ps, pv in pr:
        for us, uv in ur:
            if ps != us:
                continue
            if us in ("lower", "upper") and re.fullmatch(r"\(?([A-Za-z])\1\)?", u.number or "") and pv[0] < 24:
                continue  # "II" read as a double letter only after "z"
            d = _follows(pv, uv)
            if d == 1:
                return None
            if d <= 0 and len(pv) != len(uv):
                continue  # a list "1., 2., 3." beside sub-clauses 2.2, 2.3 of one clause: two sequences
            if d > 1 and len(uv) == 1 and uv[0] % 100 == 1:
                return None  # _ALLOWED_JUMPS "x01"
            if statute and us == "dec":
                a, b = _decimal(prev.number), _decimal(u.number)
                if a is not None and b is not None and b > a and int(b) - int(a) <= 1:
                    return None  # _ALLOWED_JUMPS "decimal"
            if best is None or (d > 1 and (best <= 0 or d < best)):
                best, best_from = d, (ps, pv)
    if best is None:
        return None  # numbers of two different styles
    if best <= 0:
        return LintKind.SEQUENCE_BACKWARDS, f"{u.number} follows {prev.number} ({_name(prev)})", []
    return LintKind.SEQUENCE_JUMP, (f"{u.number} follows {prev.number} ({_name(prev)}): "
                                    f"{int(best) - 1} number(s) missing"), _missing(*best_from, int(best))


def _missing(style: str, after: tuple[float, ...], jump: int) -> list[str]:
    """The numbers a jump of ``jump`` after ``after`` skips, as they would be printed ("37", "13.4", "c", "iv")."""
    if len(after) > 1 and not float(after[-1]).is_integer():
        return []  # an inserted provision (q.1): what it skips cannot be spelt
    out = []
    for k in range(1, min(jump, 31)):
        v = int(after[-1]) + k
        if style == "dec":
            out.append(".".join(str(int(x)) for x in (*after[:-1], v)))
        elif style in ("lower", "upper") and v <= 26:
            out.append(chr(ord("a" if style == "lower" else "A") + v - 1))
        elif style in ("roman", "uroman"):
            out.append(to_roman(v) if style == "roman" else to_roman(v).upper())
    return out


#: words after which a printed number is a reference to a provision, not the provision itself ("at [37]",
#: "in Section 13.4", "see paragraph 52")
_REFERS = REFERRING_WORDS | frozenset("at in to of under per see and or with by para paras pp p no nos".split())


def printed_in(text: str, number: str) -> bool:
    """Whether ``text`` prints ``number`` as a provision's own number: at a line start ("37.", "[37]", "(c)",
    "13.4"), or inside a line as a clause run in ("... Edinger 19. Entire Agreement"), not as a reference."""
    n = re.escape(number)
    if re.search(rf"(?m)^[ \t]*[\[(]?{n}[\])]?(?:\.?[ \t]+\S|\.(?=[A-Z\"“])|[ \t]*$)", text):
        return True  # "71. It", "71.It", "[71]", "(c)", "IV" alone on its line
    for m in re.finditer(rf"\b(?:ARTICLE|Article|SECTION|Section|PART|Part|CLAUSE|Clause)[ \t]+{n}\b", text):
        before = re.findall(r"[A-Za-z]+", text[max(0, m.start() - 30):m.start()])
        if not before or before[-1].lower() not in _REFERS:
            return True  # "...   ARTICLE IV   4.1 All facilities": a heading run in, not "pursuant to Article IV"
    mid = (rf"(?<![\w.§\[(]){n}\.[ \t]+[A-Z\"“]" if "." not in number and number.isdigit()
           else rf"(?<![\w.§\[(]){n}\.?[ \t]+[A-Z\"“]" if number[:1].isdigit()
           else rf"\({n}\)[ \t]+\S")
    for m in re.finditer(mid, text):
        before = re.findall(r"[A-Za-z]+", text[max(0, m.start() - 30):m.start()])
        if not before or before[-1].lower() not in _REFERS:
            return True
    return False


def _unlabelled_paragraphs(tree: _Tree) -> list[LintFinding]:
    """(a) and (b) at line starts of a unit's own text: lettered paragraphs with no unit, so no pinpoint."""
    if tree.doc.kind is DocumentKind.JUDGMENT:
        return []  # a judgment's lettered lines are mostly what it quotes; its own pinpoints are paragraphs
    out = []
    for u in tree.units:
        if u.kind is UnitKind.HEADING or not u.citable:
            continue
        letters = []
        for _pos, line in tree.own_lines(u):
            m = _LETTERED.match(line.strip())
            if m and letter_value(m.group(1)) is not None:
                letters.append(m.group(1))
        if "a" in letters and "b" in letters:
            what = "definition" if u.label and re.search(r"[\"“].+[\"”]", u.label) else "unit"
            out.append(LintFinding(LintKind.UNLABELLED_PARAGRAPHS, u.ordinal, _name(u),
                                   f"the {what} has lettered paragraphs with no unit of their own: "
                                   f"({'), ('.join(letters[:6])})"))
    return out


_SENTENCE_DONE = re.compile(r"[.!?:;][\"”’)\]]*\s*$")


def _headings_in_paragraphs(tree: _Tree) -> list[LintFinding]:
    """A heading-shaped line after a finished sentence inside a paragraph of reasons (or of a clause)."""
    out = []
    for u in tree.units:
        if u.kind not in (UnitKind.PARAGRAPH, UnitKind.SUBPARAGRAPH) or not u.citable:
            continue
        lines = tree.own_lines(u)
        for (_p0, before), (p1, line) in zip(lines, lines[1:]):
            if _SENTENCE_DONE.search(before) and is_bare_heading(line) and len(before.split()) > 8 \
                    and not _quoted_heading(tree, u, p1, line):
                out.append(LintFinding(LintKind.HEADING_IN_PARAGRAPH, u.ordinal, _name(u),
                                       f"a heading line inside the paragraph: {_clip(line)!r}"))
                break
    return out


_NEXT_NUMBER = re.compile(r"^\[?(\d{1,4})[\].]?[ \t]*(?=[A-Z\"“])")  # a paragraph number; "(i)" may be a sub-heading


def _quoted_heading(tree: _Tree, u: Unit, at: int, line: str) -> bool:
    """Whether a heading line is part of what the paragraph quotes or lists, not a heading of the document:
    a quotation opened before it is still open (“ without its ”), or the line after it starts a numbered item
    that is not the paragraph's own next number (a quoted judgment's "45.", a pleading's "4.")."""
    text = tree.doc.text
    before = text[u.char_start:at]
    if before.count("“") > before.count("”"):
        return True
    rest = text[at + len(line):at + len(line) + 400].lstrip("\n \t")
    m = _NEXT_NUMBER.match(rest)
    if not m:
        return False
    own = [v for style, v in readings(u.number) if style == "dec"]
    return not (own and m.group(1).isdigit() and int(m.group(1)) == int(own[0][0]) + 1)


def _two_texts(tree: _Tree) -> list[LintFinding]:
    """Two numbered units with one label whose in-force windows overlap and whose texts differ."""
    if tree.doc.kind is not DocumentKind.STATUTE:
        return []  # only legislation has provisions in force on a date
    text = tree.doc.text
    by_label: dict[str, list[Unit]] = defaultdict(list)
    for u in tree.units:
        if u.label and u.number and u.citable and u.kind is not UnitKind.HEADING:
            by_label[u.label].append(u)
    out = []
    for label, us in by_label.items():
        if len(us) < 2:
            continue
        for i, a in enumerate(us):
            for b in us[i + 1:]:
                if not _overlap(a, b):
                    continue
                ta, tb = (" ".join(text[x.char_start:x.char_end].split()) for x in (a, b))
                if ta != tb:
                    when = a.in_force_from or b.in_force_from or "every date"
                    out.append(LintFinding(LintKind.TWO_TEXTS, b.ordinal, label,
                                           f"two texts for {label} in force on {when}: {_clip(ta, 40)!r} and "
                                           f"{_clip(tb, 40)!r}"))
                    break
            else:
                continue
            break
    return out


def _duplicates(tree: _Tree) -> list[LintFinding]:
    out = []
    for label, us in duplicate_labels(tree.units):
        first = us[0]
        for b in us[1:]:
            there, here = (_clip(tree.doc.text[x.char_start:x.char_end], 40) for x in (first, b))
            out.append(LintFinding(LintKind.DUPLICATE_LABEL, b.ordinal, label,
                                   f"{label} names two places: unit {first.ordinal} ({there!r}) and this one "
                                   f"({here!r})"))
    return out


def _overlap(a: Unit, b: Unit) -> bool:
    return in_force_together(a, b)


_CUT_TITLE = re.compile(r"(?:\s(?:v\.?|vs\.?|and|of|the|&)|[,(–-])$", re.I)


def first_page_text(doc: AnyDocument) -> str:
    """The first printed page (its running head and foot included) or, with no pages, the first 3,000 chars."""
    if doc.pages:
        p = doc.pages[0]
        heads = [f for q in doc.pages[:3] for f in q.furniture]
        return "\n".join([*heads, doc.text[p.char_start:max(p.char_end, p.char_start + 500)]])
    return doc.text[:3000]


def _metadata(doc: AnyDocument) -> list[LintFinding]:
    if doc.kind is not DocumentKind.JUDGMENT:
        return []
    page = first_page_text(doc)
    out = []
    if not doc.title.strip():
        out.append("no title")
    elif _CUT_TITLE.search(doc.title.strip()):
        out.append(f"the title {doc.title!r} is cut off")
    if not doc.citation:
        caption = page
        if not doc.pages:  # a text's caption: up to its first citable unit (the reasons cite other cases)
            caption = page[:min((u.char_start for u in doc.units if u.citable), default=len(page))]
        printed = find_citation(other_decisions_blanked(caption))  # not the decision appealed from
        if printed:
            out.append(f"no citation, though the first page prints {printed!r}")
    if not doc.date:
        printed = find_judgment_date(page)
        if printed:
            out.append(f"no date, though the first page prints {printed}")
    return [LintFinding(LintKind.MISSING_METADATA, None, "document", d) for d in out]


def _numbering(doc: AnyDocument) -> list[LintFinding]:
    """The self-check's verdict where the document contradicts its labels: one finding for the document, one
    for each unit it marked (parse/selfcheck), with the evidence that names it."""
    nb = doc.meta.get("numbering") or {}
    if nb.get("verdict") != "contradicted":
        return []
    out = [LintFinding(LintKind.NUMBERING, None, "document", f"contradicted: {nb.get('why', '')}")]
    evidence = [e for e in nb.get("evidence", [])
                if not e.startswith(("support:", "skipped:", "unresolved: '"))]
    for u in doc.units:
        if u.attrs.get("label_unverified") or u.attrs.get("span_unverified"):
            said = next((e for e in evidence if e.split(": ", 1)[-1].startswith(_name(u) + " ")),
                        "marked by the self-check")
            what = "label" if u.attrs.get("label_unverified") else "span"
            out.append(LintFinding(LintKind.NUMBERING, u.ordinal, _name(u), f"{what} unverified: {said}"))
    return out


def lint_document(doc: AnyDocument) -> list[LintFinding]:
    """Every structural finding for one document (parsed or stored), in a stable order."""
    tree = _Tree(doc)
    found = (_stray_numbers(tree) + _sequences(tree) + _unlabelled_paragraphs(tree)
             + _headings_in_paragraphs(tree) + _two_texts(tree) + _duplicates(tree) + _metadata(doc)
             + _numbering(doc))
    return sorted(found, key=lambda f: (-1 if f.unit is None else f.unit, f.kind.value))


def lint_counts(findings: list[LintFinding]) -> dict[str, int]:
    by = Counter(f.kind.value for f in findings)
    return {k.value: by.get(k.value, 0) for k in LintKind}


def lint_warnings(doc: AnyDocument) -> tuple[str, ...]:
    """The findings as ingest warnings."""
    return tuple(f.message() for f in lint_document(doc))
