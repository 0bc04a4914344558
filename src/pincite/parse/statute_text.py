"""Plain-text statutes: sections headed by a section sign ("§ 3.", New York's law feed's "õ 3."), and the
subdivisions, paragraphs and subparagraphs that open their blocks ("a.", "(1)", "(a)", "(i)", "1.").

Called by :mod:`pincite.parse.text` before its contract analysis; it answers only for a text whose sections
are headed by a sign that only statutes use (at least :data:`MIN_SECTIONS` of them, in ascending order), so a
contract's "Section 1." is never taken for a statute.

* Sections are the longest ascending run of section heads ("4" printed before "Section 1." is the enacting
  chapter's section, not the Act's; a contents entry — a heading alone on its line, the next line another
  entry — is no section): each a citable unit labelled "§ 5-a".  What comes before the first is front
  matter (enacting words, contents), not citable.
* A block (a line after a blank line, or indented past the text's wrapped lines) that opens with a number is a
  sub-unit when the number continues a level already open in the section ("b." after "a.", "(5)" after "(4)")
  or opens a new level at its first value ("(a)", "(i)", "1."); numbering styles nest in the order the section
  first uses them, so "a." / "(1)" / "(a)" and "(a)" / "1." are both read.  "(i)" is the letter after "(h)",
  else the first roman numeral.  Several numbers may open one block ("(4) (a) housing ..."), and the first
  subdivision may run on after the section's heading ("§ 3. Local determination. a. The ...").  Numbers inside
  a block's text are run-in enumerations, never units; a block without a number belongs to the unit above.
* Labels: "§ 5(a)(4)(b)", "§ 5-a(c)(3)".
* The feed's own lines (:data:`~pincite.legal.language.STATUTE_FEED_LINE`: record headers, "* NB Expires ..."
  notes) are non-citable notes.

The canonical text is the file's text unchanged; every span is an offset found while reading it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from pincite.legal.language import STATUTE_FEED_LINE, STATUTE_SECTION_HEAD, STATUTE_SECTION_SIGNS
from pincite.types import Unit, UnitKind, Zone

MIN_SECTIONS = 3
_KINDS = (UnitKind.SUBSECTION, UnitKind.PARAGRAPH, UnitKind.SUBPARAGRAPH, UnitKind.CLAUSE, UnitKind.SUBCLAUSE)
#: A number opening a block: "(a)", "(14)", "(iv)", "(2-a)", "a.", "1.", "A."
_MARKER = re.compile(r"\((?P<p>[0-9]{1,3}(?:-?[a-zA-Z])?|[a-z]{1,5}|[A-Z]{1,5})\)(?=[ \t]|$)"
                     r"|(?P<d>[0-9]{1,3}|[a-z]|[A-Z])\.(?=[ \t])")
_ROMAN = re.compile(r"^(?=[ivxl]+$)l?x{0,3}(?:ix|iv|v?i{0,3})$")
_HEADING_END = re.compile(r"\.(?=[ \t]|$)")
#: How a line ends a clause or list item, so that a number opening the next line opens the next item.
_CLAUSE_END = re.compile(r"(?:[.;:,\u2014]|\b(?:and|or))$")
#: A bracketed number run on after a sentence's end: the next item of an open list, if it follows in sequence.
_RUN_ON = re.compile(r"[.;][ \t\n]+(?P<m>\()")
_TOC_NEXT = re.compile(r"^[ \t]*(?:\*[ \t]*)?(?:§|õ)?[ \t]*\d{1,4}(?:-[a-z]{1,2}|[A-Za-z]{1,2})?\.[ \t]")


@dataclass
class _Level:
    style: str
    value: str
    ordinal: int  # index into the units being built


def _section_key(num: str) -> tuple[int, str]:
    m = re.match(r"(\d+)-?([A-Za-z]*)", num)
    return (int(m.group(1)), m.group(2).lower()) if m else (0, num)


def _roman_value(s: str) -> int:
    vals = {"i": 1, "v": 5, "x": 10, "l": 50}
    total = 0
    for i, ch in enumerate(s):
        v = vals[ch]
        total += -v if i + 1 < len(s) and vals[s[i + 1]] > v else v
    return total


def _style_and_value(m: re.Match[str]) -> tuple[str, str]:
    """The numbering style of a marker ("paren-lower", "dot-digit") and its value as printed."""
    value = m.group("p") or m.group("d") or ""
    shape = "paren" if m.group("p") is not None else "dot"
    if value[0].isdigit():
        return f"{shape}-digit", value
    if value.islower():
        return f"{shape}-lower", value
    return f"{shape}-upper", value


def _follows(style: str, prev: str, value: str) -> bool:
    """Whether ``value`` is the number after ``prev`` in ``style`` (an inserted "2-a"/"2A" follows "2")."""
    if style.endswith("digit"):
        mp, mv = re.match(r"(\d+)(.*)", prev), re.match(r"(\d+)(.*)", value)
        if not mp or not mv:
            return False
        return int(mv.group(1)) == int(mp.group(1)) + 1 and not mv.group(2) or (
            int(mv.group(1)) == int(mp.group(1)) and bool(mv.group(2)) and mv.group(2) > mp.group(2))
    if style.endswith("roman"):
        return _roman_value(value) == _roman_value(prev) + 1
    return len(value) == 1 and len(prev) == 1 and ord(value) == ord(prev) + 1


def _first(style: str, value: str) -> bool:
    return value in ("1", "a", "A", "i")


def _place(stack: list[_Level], style: str, value: str) -> tuple[int, str] | None:
    """Where a marker goes: (depth, style) — a level it continues, or a new level below the open ones."""
    candidates = [(style, value)]
    if style.endswith("lower") and _ROMAN.match(value):
        candidates.append((style.replace("lower", "roman"), value))
    for st, v in candidates:  # continuing an open level (the letter "(i)" after "(h)" before the roman)
        for depth in range(len(stack) - 1, -1, -1):
            if stack[depth].style == st and _follows(st, stack[depth].value, v):
                return depth, st
    for st, v in candidates:
        if any(lv.style == st for lv in stack):
            continue
        if st.endswith("roman") and v == "i" or (not st.endswith("roman") and _first(st, v)
                                                  and not (st.endswith("lower") and v == "i")):
            return len(stack), st
    return None


def _blocks(text: str, start: int, end: int, indent0: int) -> list[int]:
    """Offsets where a block's first word starts: after a blank line, or on a line indented past the wrap."""
    out: list[int] = []
    pos = start
    blank = False
    prev = ""
    for line in text[start:end].splitlines(keepends=True):
        body = line.strip()
        if body:
            ind = len(line) - len(line.lstrip(" \t"))
            # a line of its own that a number opens after a line ending a clause: an unwrapped text's block
            ended = _CLAUSE_END.search(prev) is not None and _MARKER.match(body) is not None
            if (blank or ind > indent0 or ended) and pos > start:
                out.append(pos + ind)
            blank = False
            prev = body
        else:
            blank = True
        pos += len(line)
    return out


def analyse_statute(text: str) -> tuple[list[Unit], str] | None:
    """The units of a plain-text statute, and its title; None when the text is not one (see the docstring)."""
    heads = [m for m in STATUTE_SECTION_HEAD.finditer(text)]
    heads = [m for m in heads if not _contents_entry(text, m)]
    if sum(1 for m in heads if m.group("sign") in STATUTE_SECTION_SIGNS) < MIN_SECTIONS:
        return None
    kept = _ascending(heads)
    if len(kept) < MIN_SECTIONS or sum(1 for m in kept if m.group("sign") in STATUTE_SECTION_SIGNS) < 2:
        return None
    feed = [(m.start(), m.end()) for m in STATUTE_FEED_LINE.finditer(text)]
    indents = [len(ln) - len(ln.lstrip(" ")) for ln in text.splitlines() if ln.strip()]
    indent0 = max(set(indents), key=indents.count) if indents else 0

    units: list[dict] = []

    def trim(s: int, e: int) -> int:
        while e > s and text[e - 1].isspace():
            e -= 1
        return e

    first = kept[0].start()
    front_end = trim(0, min([first] + [s for s, _ in feed if s >= first] or [first]))
    # front matter: everything before the first section that is not a feed line
    cursor = 0
    for s, e in feed + [(first, first)]:
        if s > first:
            break
        if text[cursor:s].strip():
            a = cursor + len(text[cursor:s]) - len(text[cursor:s].lstrip())
            units.append(dict(kind=UnitKind.BLOCK, start=a, end=trim(a, min(s, front_end)), zone=Zone.COVER,
                              citable=False, label=None, number=None, parent=None))
        cursor = e
    for i, m in enumerate(kept):
        nxt = kept[i + 1].start() if i + 1 < len(kept) else len(text)
        line_start = text.rfind("\n", 0, m.start()) + 1
        s = line_start + len(text[line_start:m.end()]) - len(text[line_start:m.end()].lstrip(" \t"))
        end = min([nxt] + [fs for fs, _ in feed if fs > m.start()])
        end = trim(s, end)
        sec = m.group("num")
        label = f"§ {sec}"
        sec_i = len(units)
        units.append(dict(kind=UnitKind.SECTION, start=s, end=end, zone=Zone.BODY, citable=True, label=label,
                          number=sec, parent=None))
        # block starts, and a subdivision run on after the heading
        starts = _blocks(text, m.end(), end, indent0)
        h = _HEADING_END.search(text, m.end(), min(end, m.end() + 200))
        if h:
            after = h.end() + len(text[h.end():end]) - len(text[h.end():end].lstrip(" \t"))
            if _MARKER.match(text, after):
                starts.insert(0, after)
        stack: list[_Level] = []

        def open_unit(mk: re.Match[str], depth: int, style: str, value: str) -> None:
            del stack[depth:]
            parent = stack[-1].ordinal if stack else sec_i
            own = "".join(f"({lv.value})" for lv in stack) + f"({value})"
            units.append(dict(kind=_KINDS[min(depth, len(_KINDS) - 1)], start=mk.start(), end=end,
                              zone=Zone.BODY, citable=True, label=label + own, number=mk.group(0),
                              parent=parent, depth=depth))
            stack.append(_Level(style, value, len(units) - 1))

        for k, b in enumerate(starts):
            pos = b
            while True:
                mk = _MARKER.match(text, pos)
                if not mk:
                    break
                style, value = _style_and_value(mk)
                placed = _place(stack, style, value)
                if placed is None:
                    break
                open_unit(mk, placed[0], placed[1], value)
                pos = mk.end() + len(text[mk.end():end]) - len(text[mk.end():end].lstrip(" \t"))
            if pos == b or not stack:
                continue
            # the next item of the list just opened, run on after a sentence ("... vacancy. (ii) This ...")
            stop = starts[k + 1] if k + 1 < len(starts) else end
            for r in _RUN_ON.finditer(text, pos, stop):
                mk = _MARKER.match(text, r.start("m"))
                if mk is None or mk.group("p") is None:
                    continue
                style, value = _style_and_value(mk)
                top = stack[-1]
                alt = style.replace("lower", "roman") if _ROMAN.match(value) else style
                for st in (style, alt):
                    if top.style == st and _follows(st, top.value, value):
                        open_unit(mk, len(stack) - 1, st, value)
                        break
        # each sub-unit ends where the next one at its depth or above starts
        subs = [j for j in range(sec_i + 1, len(units))]
        for k, j in enumerate(subs):
            stop = end
            for j2 in subs[k + 1:]:
                if units[j2]["depth"] <= units[j]["depth"]:
                    stop = units[j2]["start"]
                    break
            units[j]["end"] = trim(units[j]["start"], stop)
    for s, e in feed:
        units.append(dict(kind=UnitKind.BLOCK, start=s + len(text[s:e]) - len(text[s:e].lstrip()),
                          end=trim(s, e), zone=Zone.NOTE, citable=False, label=None, number=None,
                          parent=None))
    order = sorted(range(len(units)), key=lambda k: (units[k]["start"], -units[k]["end"], k))
    new_index = {old: new for new, old in enumerate(order)}
    out = []
    for new, old in enumerate(order):
        u = units[old]
        out.append(Unit(ordinal=new, kind=u["kind"], char_start=u["start"],
                        char_end=max(u["start"], u["end"]), zone=u["zone"], citable=u["citable"],
                        number=u["number"], label=u["label"],
                        parent=new_index[u["parent"]] if u["parent"] is not None else None))
    title = _title(text, first)
    return out, title


def _contents_entry(text: str, m: re.Match[str]) -> bool:
    """A section head that is a contents entry: its heading alone on the line, the next line another entry."""
    eol = text.find("\n", m.end())
    eol = len(text) if eol < 0 else eol
    rest = text[m.end():eol].strip()
    if _HEADING_END.search(rest) and not rest.endswith("."):
        return False  # words run on after the heading: a section's text
    nxt = text[eol + 1: text.find("\n", eol + 1) if text.find("\n", eol + 1) >= 0 else len(text)]
    return bool(_TOC_NEXT.match(nxt))


def _ascending(heads: list[re.Match[str]]) -> list[re.Match[str]]:
    """The longest run of section heads in ascending order (a head out of order is not one of the Act's)."""
    n = len(heads)
    best: list[int] = [1] * n
    prev: list[int] = [-1] * n
    for i in range(n):
        for j in range(i):
            ascending = _section_key(heads[j].group("num")) < _section_key(heads[i].group("num"))
            if ascending and best[j] + 1 > best[i]:
                best[i], prev[i] = best[j] + 1, j
    if not n:
        return []
    i = max(range(n), key=lambda k: (best[k], -k))
    run = []
    while i >= 0:
        run.append(heads[i])
        i = prev[i]
    return run[::-1]


def _title(text: str, first: int) -> str:
    """The Act's name where the front matter prints it in capitals ("EMERGENCY TENANT PROTECTION ACT / OF
    ..."), else the first section's heading."""
    lines = [ln.strip(" \t*") for ln in text[:first].splitlines()]
    caps: list[str] = []
    for ln in lines:
        if ln and ln.upper() == ln and re.search(r"[A-Z]{3}", ln) and not STATUTE_FEED_LINE.match(ln):
            caps.append(ln)
        elif caps:
            break
    if caps:
        return " ".join(caps)
    front = [ln for ln in lines if ln and not STATUTE_FEED_LINE.match(ln)]
    return (front[0] if front else text[first:].split("\n", 1)[0].strip())[:200]
