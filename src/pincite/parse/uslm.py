"""United States Legislative Markup (USLM): GPO statute compilations, bills, public laws, CFR volumes and
Federal Register issues.

Units are the hierarchy levels (title/division headings, sections, subsections, paragraphs,
subparagraphs, clauses, subclauses, items) with ``number`` as printed in ``<num>`` ("2" from
"SEC. 2. ", "(a)" from "(a) "), ``label`` the pinpoint ("sec. 2(a)") and ``attrs["identifier"]`` the
USLM identifier.  ``attrs["key"]`` (the identifier below the document, "s2/a") matches provisions
across versions.

Editorial matter is never inside a citable unit: footnotes and the "[30 U.S.C. 1001]" U.S. Code
references are taken out of the flow and placed after the top-level section they sit in, as zone
``note`` (a footnote keeps its printed number; ``attrs["anchor"]`` is where its reference mark was).
A section the compiler wraps in an editorial note ("[Sec. 7. Repealed ...]") is kept as a
non-citable note.  Text quoted inside an amendment (``<quotedContent>``) belongs to the section that
quotes it: it never becomes units of its own.  Tables of contents are non-citable.

Page breaks (``<page>127 STAT. 1167</page>``, ``<?page num="21708"?>``) leave the text and become the
document's pages, and each unit's first and last page.

A public law's divisions each number their sections from the start, so a section is named by its division
("Div. B, sec. 1206(a)(1)"); its resolving clause, approval and legislative history are not citable, and a
table of contents printed inside a subsection is set after its section, as the notes are.

A CFR volume (``<cfrDoc>``) reads as a compilation, dated by its edition ("revised as of 2017-04-01"): its
source credits and authority notes are notes; a definitions section's terms are units of their own
(``sec. 646.143, "Distributor"``) and the lettered items after a term are the term's
(``sec. 646.143, "Exempted person" (g)``); a list set out under headings that number it ("Category I—
Firearms" / "(a) ...") is cited under them (``sec. 447.21, Category I(a)``).

A Federal Register issue (``<frDoc>``) is read document by document (rules, proposed rules, notices,
presidential documents), each with its own heading path: the header, contacts, list of subjects, signatures
and filing line are not citable; a preamble heading opens a unit cited by the page it starts on and its words
("83 FR 21707, SUMMARY", two documents on one page each naming its FR Doc.); an amendatory instruction
("■ 2.") is a unit ("amendatory instruction 2 (FR Doc. 2018–09910)") and the CFR text it prints is labelled
as the CFR cites it, with the instruction that prints it ("20 CFR 404.2(c)(2) (as revised by instruction 2,
FR Doc. 2018–09910)"; "... introductory text" where the instruction revises only that).

A compilation is one version "as amended through" the public law in its edition note (its date is
the version date; the work is the public law it compiles, "us/pl/91/581").  A bill's stages are
versions of one work ("us/bill/116/hr/2157") with ``version["stage"]`` and the best date the file
gives (the introduction action date; for an enrolled bill, which prints none, the day the session
began from its ``enrolledDateline``, with ``version["date_basis"]`` saying so).
"""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass, field, replace

from lxml import etree

from pincite.errors import ParseError
from pincite.legal.language import AMENDED_INTRODUCTORY_TEXT, AMENDING_VERBS, MONTHS, NUMBERED_LIST_HEADING
from pincite.parse.builder import TextBuilder, UnitCollector, distinguish_by_headings
from pincite.parse.xmlsafe import load_xml, local_name
from pincite.types import DocumentKind, Format, PageMarker, ParsedDocument, Unit, UnitKind, Zone

USLM_NS = "http://schemas.gpo.gov/xml/uslm"
#: The namespace the House's Office of the Law Revision Counsel first published the US Code in (USLM 1.0,
#: ``xml.house.gov``): the same elements as the GPO's, read as they are once renamed into it.
USLM_NS_HOUSE = "http://xml.house.gov/schemas/uslm/1.0"
_WS = re.compile(r"\s+")
_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")

#: Levels that are provisions (citable units).
LEVEL_KINDS: dict[str, UnitKind] = {
    "section": UnitKind.SECTION,
    "subsection": UnitKind.SUBSECTION,
    "paragraph": UnitKind.PARAGRAPH,
    "subparagraph": UnitKind.SUBPARAGRAPH,
    "clause": UnitKind.CLAUSE,
    "subclause": UnitKind.SUBCLAUSE,
    "item": UnitKind.OTHER,
    "subitem": UnitKind.OTHER,
    "subsubitem": UnitKind.OTHER,
}
#: Big divisions: their num + heading become a non-citable heading; what they hold follows.
GROUP_LEVELS = {"title", "subtitle", "chapter", "subchapter", "part", "subpart", "division", "subdivision",
                "article", "subarticle", "level"}
_NOTES = {"footnote", "editorialNote", "note", "notes", "sidenote", "source", "authority"}
#: Page furniture and markers: running heads and the ear ("Pt. 447") are printed on a page, not in the text.
_SKIP = {"endMarker", "leftRunningHead", "rightRunningHead", "ear"}
#: Where a page break sits inside text that is read inline: a private-use mark around the page's printed
#: number, taken out again (and the page recorded) as the text is appended (:func:`_put`).
_PAGE_OPEN, _PAGE_CLOSE = "\ue000", "\ue001"
_PAGE_MARK = re.compile(f"{_PAGE_OPEN}([^{_PAGE_CLOSE}]*){_PAGE_CLOSE}")
_STAGE_RANK = {"introduced": 1, "reported": 2, "engrossed": 3, "referred": 2, "placed": 2, "enrolled": 4,
               "public law": 5}
_WORDS = {w: i for i, w in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen "
    "seventeen eighteen nineteen twenty".split())}
_ORDINALS = {w: i + 1 for i, w in enumerate(
    "first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth thirteenth fourteenth "
    "fifteenth sixteenth seventeenth eighteenth nineteenth twentieth".split())}
_TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80,
         "ninety": 90}


def clean_text(s: str) -> str:
    return _WS.sub(" ", s).strip()


def _q(name: str) -> str:
    return f"{{{USLM_NS}}}{name}"


@dataclass
class _State:
    b: TextBuilder
    uc: UnitCollector
    prefix: str  # identifier prefix of this document ("/us/sComp/91/581")
    groups: list[str] = field(default_factory=list)
    deferred: list[tuple[etree._Element, int | None]] = field(default_factory=list)  # notes, anchor offset
    keys: dict[str, int] = field(default_factory=dict)
    warnings: list[str] = field(default_factory=list)
    division: str | None = None  # "Div. A" while a division of a public law is read: its sections restart
    pending_pages: list[str] = field(default_factory=list)  # pages that start with the next text appended
    pages: list[tuple[str, int]] = field(default_factory=list)  # (printed number, offset) in text order
    definition: tuple[int, str] | None = None  # the defined term open in this section: (unit, label)
    section_label: str | None = None  # the label of the section being read
    leftover: list[etree._Element] = field(default_factory=list)  # definitions read past a paragraph's end

    def unique_key(self, key: str) -> str:
        n = self.keys.get(key, 0) + 1
        self.keys[key] = n
        return key if n == 1 else f"{key}#{n}"


def page_label(el: etree._Element) -> str | None:
    """The printed number of a page break: ``<?page num="21708"?>`` or ``<page>127 STAT. 1166</page>``."""
    if el.tag is etree.PI:
        target = el.target  # type: ignore[attr-defined]
        return (el.get("num") or "").strip() or None if target == "page" else None
    if isinstance(el.tag, str) and local_name(el) == "page":
        return clean_text("".join(el.itertext())) or None
    return None


def inline_text(el: etree._Element, st: _State | None = None) -> str:
    """The text of ``el`` with notes removed (and deferred when ``st`` is given); footnote marks dropped; page
    breaks marked for :func:`_put` when ``st`` is given (dropped otherwise)."""
    parts: list[str] = []

    def visit(e: etree._Element) -> None:
        if e.text:
            parts.append(e.text)
        for c in e:
            page = page_label(c)
            if page is not None:
                if st is not None:
                    parts.append(f"{_PAGE_OPEN}{page}{_PAGE_CLOSE}")
            elif isinstance(c.tag, str):
                name = local_name(c)
                if name in _NOTES or name == "toc":
                    if st is not None:
                        st.deferred.append((c, None))
                elif name == "ref" and c.get("class") == "footnoteRef":
                    pass  # the superscript mark: the footnote itself follows the section
                else:
                    visit(c)
            if c.tail:
                parts.append(c.tail)

    visit(el)
    return clean_text("".join(parts))


def _put(st: _State, t: str) -> tuple[int, int]:
    """Append text read by :func:`inline_text`: its page marks come out of it and become pages, and so do the
    page breaks met between blocks since the last text."""
    start = st.b.pos
    for label in st.pending_pages:
        st.pages.append((label, start))
    st.pending_pages.clear()
    if _PAGE_OPEN not in t:
        return st.b.append(t)
    pieces = _PAGE_MARK.split(t)
    buf = ""
    marks: list[tuple[str, int]] = []
    for i, piece in enumerate(pieces):
        if i % 2:
            marks.append((piece.strip(), len(buf)))
        else:
            if (not buf or buf.endswith(" ")) and piece.startswith(" "):
                piece = piece.lstrip(" ")
            buf += piece
    buf = buf.replace(_PAGE_OPEN, "").replace(_PAGE_CLOSE, "")
    text = buf.rstrip()
    out = st.b.append(text)
    for label, off in marks:
        if label and off < len(text):
            st.pages.append((label, start + off))
        elif label:  # a break after the last word: the page starts with the next text
            st.pending_pages.append(label)
    return out


def _note_page(st: _State, c: etree._Element) -> bool:
    """A page break between blocks: it starts with the next text; whether ``c`` was one."""
    page = page_label(c)
    if page is None:
        return False
    st.pending_pages.append(page)
    return True


def printed_number(num: etree._Element | None) -> str | None:
    """What ``<num>`` prints, without "SEC."/"Sec." and the trailing period: "2", "(a)", "101"."""
    if num is None:
        return None
    t = inline_text(num)
    t = re.sub(r"^(?:SEC(?:TION)?|Sec(?:tion)?|§+)\.?\s*", "", t).strip()
    t = t.rstrip(".").strip()
    return t or (num.get("value") or None)


def _key_for(st: _State, el: etree._Element, parent_key: str, number: str | None) -> str:
    ident = el.get("identifier")
    if ident and ident.startswith(st.prefix + "/"):
        return ident[len(st.prefix) + 1:]
    if ident:
        return ident
    name = local_name(el)
    value = (el.find(_q("num")).get("value") if el.find(_q("num")) is not None else None) or number
    tag = name[0] if name in ("section",) else name
    if value:
        base = f"{tag}{value}" if name == "section" else f"{parent_key}/{value}" if parent_key else value
    else:
        base = f"{parent_key}/{name}" if parent_key else name
    return base


def _label(kind_name: str, parent_label: str | None, number: str | None,
           division: str | None = None) -> str | None:
    if number is None:
        return None
    if kind_name == "section":
        return f"{division}, sec. {number}" if division else f"sec. {number}"
    if parent_label:
        return f"{parent_label}{number if number.startswith('(') else '(' + number + ')'}"
    return number if number.startswith("(") else f"({number})"


def _is_undesignated_first_section(el: etree._Element) -> bool:
    """An older Act's enacting words ("That (a) for the purpose of ...") print no "Section 1." but are its
    section 1 (its own section 2 refers to "section 1(a) of this Act"): a section without a number, with no
    section before it and "2" as the next section's number."""
    parent = el.getparent()
    if parent is None:
        return False
    sections = [c for c in parent if isinstance(c.tag, str) and local_name(c) == "section"]
    if not sections or sections[0] is not el or len(sections) < 2:
        return False
    return printed_number(sections[1].find(_q("num"))) == "2"


def _enacting_connective(el: etree._Element) -> bool:
    """A section with no number whose whole text is a word or two ("That") joining the enacting or resolving
    clause to the first division: part of the enacting words, not a provision."""
    if local_name(el) != "section" or el.find(_q("num")) is not None or _is_undesignated_first_section(el):
        return False
    if any(isinstance(c.tag, str) and local_name(c) in LEVEL_KINDS for c in el):
        return False
    return 0 < len(inline_text(el).split()) <= 2


def _defined_term(p: etree._Element) -> str | None:
    """The term a CFR definition opens with, set in italics before its text ("<inline>Business
    premises.</inline> When used ..."): the paragraph's first words, a short phrase ending in a full stop."""
    if local_name(p) != "p" or (p.text or "").strip():
        return None
    first = next((c for c in p if isinstance(c.tag, str)), None)
    if first is None or local_name(first) != "inline":
        return None
    term = clean_text("".join(first.itertext()))
    if not term.endswith(".") or not term[:1].isupper() or len(term.split()) > 12:
        return None
    if not (first.tail or "").strip():
        return None
    return term.rstrip(".").strip()


def _is_extract(el: etree._Element) -> bool:
    """Text a regulation sets out as an extract (a list, a form): the rule's own words, not an editorial
    note."""
    return local_name(el) == "note" and _style(el) == "EXTRACT"


def _blockwise(c: etree._Element) -> bool:
    """Whether a section's content holds definitions or a numbered list, read block by block."""
    return any(isinstance(x.tag, str) and (_defined_term(x) is not None or _is_extract(x)) for x in c)


def _emit_blocks(st: _State, c: etree._Element, own_label: str | None, key: str, path: list[str], zone: Zone,
                 citable: bool, in_section: bool, same_line: bool = False,
                 items: list[etree._Element] | None = None) -> None:
    """A content's paragraphs one by one: each definition a unit of the section
    (``sec. 646.143, "Distributor"``); in a paragraph, a definition and what follows it are the section's,
    read after the paragraph ends; an extract's numbered list under its headings ("Category I—Firearms" /
    "(a) ...") a unit to each item."""
    whole = items is None
    items = list(c) if items is None else items

    def new_line() -> None:
        nonlocal same_line
        if same_line:  # the first words, on the line of the unit's number: "(g) Operating within ..."
            st.b.append(" ")
            same_line = False
        else:
            st.b.separate("\n")

    if whole and (c.text or "").strip():
        new_line()
        _put(st, clean_text(c.text or ""))
    for i, x in enumerate(items):
        if _note_page(st, x) or not isinstance(x.tag, str):
            continue
        term = _defined_term(x) if citable and st.section_label else None
        if term is not None and not in_section:
            if not any(isinstance(y.tag, str) for y in items[:i]):
                term = None  # "(a) <i>Term.</i> ...": the paragraph's own term, read as its text
            else:
                st.leftover.extend(y for y in items[i:]
                                   if isinstance(y.tag, str) or page_label(y) is not None)
                return
        if term is not None:
            if st.definition is not None:
                st.uc.end(st.definition[0])
            label = f'{st.section_label}, "{term}"'
            st.b.separate("\n")
            o = st.uc.begin(UnitKind.PARAGRAPH, zone, True, label=label, section_path=path + [term],
                            attrs={"key": st.unique_key(f"{key}/def:{term}"), "defined_term": term})
            st.definition = (o, label)
            _put(st, inline_text(x, st))
        elif _is_extract(x):
            _emit_extract(st, x, own_label, key, path, zone, citable)
        else:
            t = inline_text(x, st)
            if t:
                new_line()
                _put(st, t)
        same_line = False


def _emit_extract(st: _State, note: etree._Element, own_label: str | None, key: str, path: list[str],
                  zone: Zone, citable: bool) -> None:
    """An extract's headings and paragraphs; under a heading that numbers a list ("Category II—Artillery"),
    each "(a)" item is a unit ("sec. 447.21, Category II(b)")."""
    listed: str | None = None
    markers: list[str] = []  # the list item's own nesting: (h), (h)(8), (h)(8)(i)
    before = ""
    for x in note:
        if _note_page(st, x) or not isinstance(x.tag, str):
            continue
        name = local_name(x)
        if name in _NOTES and not _is_extract(x):
            st.deferred.append((x, st.b.pos))
            continue
        t = inline_text(x, st)
        if not t:
            continue
        st.b.separate("\n")
        if name == "heading":
            m = NUMBERED_LIST_HEADING.match(_PAGE_MARK.sub("", t))
            word, n = (m.group(1).capitalize(), m.group(2)) if m else ("", "")
            listed = f"{word} {n.upper() if _ROMAN.match(n.lower()) else n}" if m else None
            markers = []
            _put(st, t)
            continue
        m = _MARKER.match(_PAGE_MARK.sub("", t))
        if m and listed and citable and own_label:
            level = _cfr_level(m.group(1), markers, before)
            span = _MARKER_RANGE.match(_PAGE_MARK.sub("", t))  # "(c)–(d) [Reserved]": two items in one
            markers = markers[:level] + [m.group(1)]
            s, e = _put(st, t)
            number = f"({m.group(1)})" + (f"–({span.group(1)})" if span else "")
            where = "".join(f"({x})" for x in markers) + (f"–({span.group(1)})" if span else "")
            if span:
                markers[-1] = span.group(1)
            st.uc.add(UnitKind.OTHER, s, e, zone, True, label=f"{own_label}, {listed}{where}", number=number,
                      section_path=path + [listed, where],
                      attrs={"key": st.unique_key(f"{key}/{listed}{where}")})
        else:
            _put(st, t)
        before = _PAGE_MARK.sub("", t)


def _emit_level(st: _State, el: etree._Element, parent_key: str, parent_label: str | None,
                path: list[str], zone: Zone, citable: bool, same_line: bool) -> None:
    name = local_name(el)
    kind = LEVEL_KINDS[name]
    outer_def, outer_section = st.definition, st.section_label
    if name == "section":
        st.definition = None
    elif st.definition is not None and parent_label == st.section_label:
        parent_label = st.definition[1] + " "  # an item of the definition above: 's. 646.143, "X" (b)'

    num = el.find(_q("num"))
    number = printed_number(num)
    if number and name != "section" and not number.startswith("(") and num is not None and \
            inline_text(num).startswith("("):
        number = f"({number})"
    if number is None and name == "section" and citable and _is_undesignated_first_section(el):
        number = "1"
    key = st.unique_key(_key_for(st, el, parent_key, number))
    label = _label(name, parent_label, number, st.division) if citable else None
    heading_el = el.find(_q("heading"))
    heading = inline_text(heading_el, st) if heading_el is not None else ""
    own_path = path + [number] if number else path
    if same_line:
        st.b.append(" ")
    else:
        st.b.separate("\n")
    attrs = {"key": key}
    if el.get("identifier"):
        attrs["identifier"] = el.get("identifier")
    if el.get("role"):
        attrs["role"] = el.get("role")
    o = st.uc.begin(kind, zone, citable, number=number, label=label, section_path=own_path, attrs=attrs)
    if name == "section":
        st.section_label = label
    head = " ".join(x for x in (inline_text(num) if num is not None else "", heading) if x)
    if head:
        _put(st, head)
    line_open = bool(head)
    queue: list[etree._Element] = list(el)
    while queue:
        c = queue.pop(0)
        if _note_page(st, c) or not isinstance(c.tag, str):
            continue
        cname = local_name(c)
        if cname in ("num", "heading") or cname in _SKIP:
            continue
        if cname in _NOTES or cname == "toc":  # a table of contents inside a section is set after it, too
            st.deferred.append((c, st.b.pos))
        elif cname in LEVEL_KINDS:
            _emit_level(st, c, key, label, own_path, zone, citable, same_line=line_open and not heading)
            line_open = False
        elif cname in GROUP_LEVELS:
            _emit_group(st, c, own_path)
            line_open = False
        elif cname == "p" and name == "section" and citable:  # text read on past its paragraph's end
            _emit_blocks(st, c, label, key, own_path, zone, citable, True, items=[c])
        elif _blockwise(c) and cname != "quotedContent":
            _emit_blocks(st, c, label, key, own_path, zone, citable, name == "section", same_line=line_open)
            line_open = False
        else:  # chapeau, content, continuation, proviso, quotedContent, p ...
            t = inline_text(c, st)
            if t:
                if line_open:
                    st.b.append(" ")
                else:
                    st.b.separate("\n")
                s0, e0 = _put(st, t)
                line_open = False
                if cname == "content" and citable and label and name in _RUN_IN_STYLE:
                    _run_in_items(st, name, label, key, own_path, zone, s0, e0)
        if st.leftover:
            # a definition began inside a paragraph: it, and everything after it up to the section's end, is
            # the section's, read there (in this order) once the paragraphs it was found in are closed
            if name == "section":
                queue = st.leftover + queue
                st.leftover = []
            else:
                st.leftover.extend(queue)
                queue = []
    st.uc.end(o)
    if name == "section":
        st.definition, st.section_label = outer_def, outer_section


#: The numbers of the level below each level, as the Code prints them: a paragraph's subparagraphs are "(A)",
#: a subparagraph's clauses "(i)", a clause's subclauses "(I)".
_RUN_IN_STYLE = {"subsection": r"[0-9]{1,2}", "paragraph": r"[A-Z]", "subparagraph": r"[ivx]{1,4}",
                 "clause": r"[IVX]{1,4}"}
#: A word that makes the bracketed number after it a reference ("subparagraph (A) or (B)"), not an item.
_REFERRING = re.compile(r"(?i)\b(?:sub)?(?:section|paragraph|clause|item|title|chapter)s?\s*$|\)\s*$")


def _item_value(style: str, value: str) -> int:
    if style == "paragraph":
        return ord(value) - ord("A") + 1
    if style in ("subparagraph", "clause"):
        vals = {"i": 1, "v": 5, "x": 10}
        v = value.lower()
        return sum(-vals[ch] if i + 1 < len(v) and vals[v[i + 1]] > vals[ch] else vals[ch]
                   for i, ch in enumerate(v))
    return int(value)


def _run_in_items(st: _State, name: str, label: str, key: str, path: list[str], zone: Zone, start: int,
                  end: int) -> None:
    """A level's items run into its text ("... because (A) as of ..., (B) the agreements ..., or (C) in
    view of ..."): the Code cites them as the level's own ("paragraph (2)(D)"), so each is a unit from its
    number to the next, when they run (A), (B), (C)... from the first, each with words of its own, the first
    not a reference ("subparagraph (A)")."""
    text = st.b.tail(st.b.pos - start)[: end - start]
    found = [m for m in re.finditer(rf"(?<=\s)\(({_RUN_IN_STYLE[name]})\)(?=\s)", text)]
    items: list[re.Match[str]] = []
    for m in found:
        if _item_value(name, m.group(1)) == len(items) + 1:
            if not items and _REFERRING.search(text[:m.start()]):
                continue
            items.append(m)
    if len(items) < 2:
        return
    bounds = [m.start() for m in items] + [len(text)]
    if any(len(text[a:b].split()) < 5 for a, b in zip(bounds, bounds[1:])):
        return  # "(A), (B), or (C)": a list of references, not items
    for m, b in zip(items, bounds[1:]):
        piece = text[m.start():b].rstrip(" ,;")
        piece = re.sub(r"(?:,|;)?\s+(?:and|or)$", "", piece)
        st.uc.add(LEVEL_KINDS[_NEXT_LEVEL[name]], start + m.start(), start + m.start() + len(piece), zone,
                  True, number=m.group(0), label=f"{label}{m.group(0)}", section_path=path,
                  attrs={"key": st.unique_key(f"{key}/{m.group(1)}"), "run_in": True})


_NEXT_LEVEL = {"subsection": "paragraph", "paragraph": "subparagraph", "subparagraph": "clause",
               "clause": "subclause"}


def _emit_block(st: _State, el: etree._Element, zone: Zone, citable: bool, key: str, path: list[str],
                label: str | None = None, number: str | None = None) -> None:
    t = inline_text(el, st)
    if not t:
        return
    st.b.separate("\n")
    s, e = _put(st, t)
    st.uc.add(UnitKind.BLOCK, s, e, zone, citable, section_path=path, label=label, number=number,
              attrs={"key": st.unique_key(key)})


def _emit_notes(st: _State, path: list[str]) -> None:
    """Write the notes taken out of the section just closed, after it, as non-citable notes."""
    pending, st.deferred = st.deferred, []
    for el, anchor in pending:
        name = local_name(el)
        levels = [c for c in el if isinstance(c.tag, str) and local_name(c) in LEVEL_KINDS]
        if levels:  # "[Sec. 7. Repealed ...]": a section the compiler keeps only as a note
            for lv in levels:
                st.b.separate("\n\n")
                _emit_level(st, lv, "", None, path, Zone.NOTE, False, same_line=False)
            continue
        number = None
        t = inline_text(el, st)
        sup = el.find(_q("sup")) if name == "footnote" else None
        if sup is not None:
            number = clean_text("".join(sup.itertext())) or None
            rest = clean_text("".join(inline_text(c, st) + " " for c in el if isinstance(c.tag, str) and c is not sup))
            t = f"{number} {rest}" if number else rest
        if not t:
            continue
        if name == "toc":
            st.b.separate("\n")
            s, e = _put(st, t)
            st.uc.add(UnitKind.BLOCK, s, e, Zone.OTHER, False, parent=None, section_path=path,
                      attrs={"key": st.unique_key("toc")})
            continue
        st.b.separate("\n")
        s, e = _put(st, t)
        attrs = {"key": st.unique_key(f"note:{name}:{number or t[:40]}"), "note_type": el.get("role") or name}
        if anchor is not None:
            attrs["anchor"] = anchor
        st.uc.add(UnitKind.BLOCK, s, e, Zone.NOTE, False, parent=None, section_path=path, number=number,
                  label=f"footnote {number}" if name == "footnote" and number else None, attrs=attrs)
    if st.deferred:  # notes inside notes
        _emit_notes(st, path)


def _emit_group(st: _State, el: etree._Element, path: list[str]) -> None:
    """A title/division/appropriations heading, then what it holds (each section top-level)."""
    name = local_name(el)
    num = el.find(_q("num"))
    heading_el = el.find(_q("heading"))
    shown = inline_text(num) if num is not None else ""
    # "Title 1—" / "CHAPTER 1—": a number printed with its own dash is not given a second
    head = (" " if shown.endswith(("—", "–", "-")) else " — ").join(
        x for x in (shown, inline_text(heading_el, st) if heading_el is not None else "") if x)
    group_path = path + [head] if head else path
    if head:
        st.b.separate("\n\n")
        s, e = _put(st, head)
        ident = el.get("identifier")
        key = ident[len(st.prefix) + 1:] if ident and ident.startswith(st.prefix + "/") else f"{name}:{head}"
        st.uc.add(UnitKind.HEADING, s, e, Zone.BODY, False, parent=None, section_path=group_path,
                  number=printed_number(num) if num is not None else None,
                  attrs={"key": st.unique_key("heading:" + key), "level": name})
    outer = st.division
    if name == "division" and num is not None:
        # a public law's divisions each number their sections from the start ("Div. B, sec. 1001")
        value = num.get("value") or re.sub(r"^DIVISION\s*|[\s—–-]+$", "", inline_text(num), flags=re.I)
        st.division = f"Div. {value}" if value else outer
    _emit_children(st, el, group_path, skip=("num", "heading"))
    st.division = outer


#: An appropriations Act prints its headings flat, each marked major (a department), intermediate (an agency) or
#: small (an account): an account's heading is read inside the agency and department headings above it, as the
#: Acts themselves cite one ("Corps of Engineers—Civil—Department of the Army—Construction").
_APPROPRIATIONS_RANK = {"major": 0, "intermediate": 1, "small": 2}


def _emit_children(st: _State, parent: etree._Element, path: list[str], skip: tuple[str, ...] = ()) -> None:
    above: list[tuple[int, str]] = []  # the appropriations headings open here, outermost first
    for c in parent:
        if _note_page(st, c) or not isinstance(c.tag, str):
            continue
        name = local_name(c)
        if name in skip or name in _SKIP:
            continue
        if name == "appropriations":
            rank = _APPROPRIATIONS_RANK.get(c.get("level") or "", 2)
            while above and above[-1][0] >= rank:
                above.pop()
            heading_el = c.find(_q("heading"))
            head = inline_text(heading_el) if heading_el is not None else ""
            _emit_group(st, c, path + [h for _, h in above])
            if head:
                above.append((rank, head))
            continue
        if name in LEVEL_KINDS and _enacting_connective(c):
            _emit_block(st, c, Zone.COVER, False, "enacting words", path)
        elif name in LEVEL_KINDS:
            st.b.separate("\n\n")
            _emit_level(st, c, "", None, path, Zone.BODY, True, same_line=False)
            _emit_notes(st, path + ([printed_number(c.find(_q("num")))] if c.find(_q("num")) is not None
                                    else []))
        elif name in GROUP_LEVELS or name == "appropriations":
            _emit_group(st, c, path)
        elif name in _NOTES:
            st.deferred.append((c, None))
            _emit_notes(st, path)
        elif name == "toc":
            _emit_block(st, c, Zone.OTHER, False, "toc", path)
        elif name == "longTitle":
            lines = [inline_text(x, st) for x in c if isinstance(x.tag, str)]
            st.b.separate("\n")
            s, e = _put(st, "\n".join(x for x in lines if x))
            st.uc.add(UnitKind.BLOCK, s, e, Zone.COVER, False, section_path=path,
                      attrs={"key": st.unique_key(name)})
            _emit_notes(st, path)
        elif name in ("enactingFormula", "resolvingClause"):
            _emit_block(st, c, Zone.COVER, False, name, path)
            _emit_notes(st, path)
        elif name == "action":  # "Approved December 26, 2013.": the approval, not words of the Act
            _emit_block(st, c, Zone.OTHER, False, name, path)
        elif name in ("authority", "source"):  # a CFR part's authority and source credit: editorial notes
            st.deferred.append((c, None))
            _emit_notes(st, path)
        else:  # appropriations text, loose content: operative words of the Act, cited by heading
            heading = path[-1] if path else None
            _emit_block(st, c, Zone.BODY, True, f"text:{heading or name}", path,
                        label=f"under “{heading}”" if heading else None)
            _emit_notes(st, path)


def _distinct_headings(units: tuple[Unit, ...]) -> tuple[Unit, ...]:
    """Text cited by its heading (``under “construction”``) where one heading is printed in several places: each
    names as many of the headings above it as tell them apart (``under “construction”, National Park
    Service``); text under one heading in several pieces is its part 2, part 3."""
    return distinguish_by_headings(
        units, lambda u: u.kind is UnitKind.BLOCK and bool(u.label) and str(u.label).startswith("under “"),
        lambda u: tuple(u.section_path[1:-1]),  # the headings above (the Act's title left out)
        lambda u, heads: str(u.label) + "".join(", " + h for h in heads))


def page_markers(pages: list[tuple[str, int]], length: int) -> tuple[PageMarker, ...]:
    """The printed pages in text order, each running to the next one's start (a page with no text of its own,
    a break right after another, is left out)."""
    kept: list[tuple[str, int]] = []
    for label, off in pages:
        if kept and kept[-1][1] == off:
            kept[-1] = (label, off)  # two breaks at one place: the later page holds the text
        else:
            kept.append((label, off))
    out = []
    for i, (label, off) in enumerate(kept):
        end = kept[i + 1][1] if i + 1 < len(kept) else length
        out.append(PageMarker(pdf_index=i, label=label, char_start=off, char_end=end))
    return tuple(out)


def with_pages(units: tuple[Unit, ...], markers: tuple[PageMarker, ...]) -> tuple[Unit, ...]:
    """Each unit's first and last printed page."""
    if not markers:
        return units
    starts = [m.char_start for m in markers]

    def at(off: int) -> PageMarker | None:
        i = bisect_right(starts, off) - 1
        return markers[i] if i >= 0 else None

    out = []
    for u in units:
        first, last = at(u.char_start), at(max(u.char_start, u.char_end - 1))
        out.append(replace(u, page_start=first.label if first else None,
                           page_end=last.label if last else None,
                           pdf_page_start=first.pdf_index if first else None,
                           pdf_page_end=last.pdf_index if last else None))
    return tuple(out)


def _meta(root: etree._Element, name: str, ns: str = USLM_NS) -> list[str]:
    meta = root.find(_q("meta"))
    if meta is None:
        return []
    return [clean_text("".join(e.itertext())) for e in meta.findall(f"{{{ns}}}{name}")]


def dateline_date(text: str) -> str | None:
    """'... on Thursday, the third day of January, two thousand and nineteen' -> '2019-01-03'."""
    m = re.search(r"the (\w+) day of (\w+),? (.+)$", text.strip().rstrip("."), re.I)
    if not m:
        return None
    day = _ORDINALS.get(m.group(1).lower())
    month = MONTHS.index(m.group(2).lower()) + 1 if m.group(2).lower() in MONTHS else None
    words = m.group(3).lower().replace("-", " ").replace(" and ", " ").split()
    year = 0
    if words[:2] == ["two", "thousand"]:
        year = 2000
        rest = words[2:]
        if len(rest) == 1 and rest[0] in _WORDS:
            year += _WORDS[rest[0]]
        elif len(rest) == 1 and rest[0] in _TENS:
            year += _TENS[rest[0]]
        elif len(rest) == 2 and rest[0] in _TENS and rest[1] in _WORDS:
            year += _TENS[rest[0]] + _WORDS[rest[1]]
        elif rest:
            return None
    if not (day and month and year):
        return None
    return f"{year:04d}-{month:02d}-{day:02d}"


def stage_rank(stage: str) -> int:
    s = stage.lower()
    return next((r for k, r in _STAGE_RANK.items() if k in s), 0)


def _bill_info(root: etree._Element) -> tuple[dict[str, object], str | None]:
    stage = (_meta(root, "docStage") or [""])[0]
    preface = root.find(_q("preface"))
    date = None
    basis = None
    if preface is not None:
        dates = [d.get("date") for d in preface.iter(_q("date")) if _DATE.match(d.get("date") or "")]
        if dates:
            date, basis = max(dates), "action date in the preface"  # type: ignore[type-var]
        else:
            dl = preface.find(_q("enrolledDateline"))
            if dl is not None:
                date = dateline_date(clean_text("".join(dl.itertext())))
                basis = "enrolledDateline: the day the session began (the file prints no enrolment date)"
    version: dict[str, object] = {"stage": stage, "stage_rank": stage_rank(stage), "date": date,
                                  "date_basis": basis, "label": f"{stage}" + (f" ({date})" if date else "")}
    return version, date

# -- Federal Register issues ----------------------------------------------------------------------------

#: The documents a daily issue holds, each cited by its own FR Doc. number and pages.
_FR_DOCUMENTS = frozenset({"rule", "proposedRule", "notice", "presidentialDoc", "correction"})
#: Preamble statements that are finding aids, not the agency's words: whom to call, the list of CFR subjects.
_FR_NONCITABLE = frozenset({"furtherInformation", "listOfSubjects"})
#: How deep a preamble heading sits, by its GPO style: the statement's own "SUMMARY:" (HED), then HD1, HD2...
_FR_HEADING_RANK = {"HED": 0, "SUBJECT": 0, "HD1": 1, "HD2": 2, "HD3": 3, "HD4": 4, "HD5": 5, "HD6": 6}
_FR_GROUPS = frozenset({"collection", "component", "main", "rules", "proposedRules", "notices",
                        "presidentialDocs"})
#: What an instruction's text is set in, around the text it quotes.
_INSTRUCTION_PARTS = frozenset({"content", "chapeau", "continuation", "subsection", "paragraph"})
_TEXT_RANK = 100  # text before any heading: a unit of its own, cited by its page, closed by any heading
_CFR_TITLE = re.compile(r"/us/cfr/t\s*(\d+)\s*/")
_MARKER = re.compile(r"^\(([0-9A-Za-z]{1,6})\)\s*")
_MARKER_RANGE = re.compile(r"^\([0-9A-Za-z]{1,6}\)\s*[–-]\s*\(([0-9A-Za-z]{1,6})\)")
_ROMAN = re.compile(r"^(?=[ivxlc]+$)c{0,3}(?:xc|xl|l?x{0,3})(?:ix|iv|v?i{0,3})$")
_DC = "http://purl.org/dc/elements/1.1/"


@dataclass
class _FrDoc:
    number: str  # its FR Doc. number, "2018–09910"
    volume: str  # the Federal Register volume, "83"
    path: list[str]  # the headings above its units: the issue, its part ("Notices"), its subject
    proposed: bool = False  # a proposed rule: the CFR text it prints is proposed, not made


def _style(el: etree._Element) -> str:
    return (el.get("style") or "").rsplit(":", 1)[-1].strip()


def _page_now(st: _State) -> str | None:
    """The printed page the next text starts on."""
    if st.pending_pages:
        return st.pending_pages[-1]
    return st.pages[-1][0] if st.pages else None


def _fr_block(st: _State, el: etree._Element, zone: Zone, key: str, path: list[str],
              kind: UnitKind = UnitKind.BLOCK, fr: _FrDoc | None = None) -> None:
    """A non-citable block, a line to each of its children that has text (the block's own text when none)."""
    lines: list[str] = []
    for c in el:
        if _note_page(st, c) and not lines:
            continue
        if isinstance(c.tag, str) and local_name(c) not in {"meta"} | _SKIP:
            t = inline_text(c, st)
            if t:
                lines.append(t)
    if not lines:
        t = inline_text(el, st)
        lines = [t] if t else []
    if not lines:
        return
    st.b.separate("\n\n" if kind is UnitKind.HEADING else "\n")
    s, e = _put(st, "\n".join(lines))
    attrs: dict[str, object] = {"key": st.unique_key(key)}
    if fr is not None:
        attrs["fr_doc"] = fr.number
    st.uc.add(kind, s, e, zone, False, parent=None, section_path=path, attrs=attrs)


def _fr_walk(st: _State, el: etree._Element, path: list[str], volume: str) -> None:
    """The issue's collections and components down to its documents; the contents and finding aids are not
    citable."""
    here = path
    for c in el:
        if _note_page(st, c) or not isinstance(c.tag, str):
            continue
        name = local_name(c)
        if name == "meta" or name in _SKIP:
            continue
        if name == "preface":  # a part of the issue: "Rules and Regulations", "Notices"
            unit = [x for x in c if isinstance(x.tag, str) and local_name(x) == "docPublicationName"
                    and x.get("role") == "unitName"]
            head = clean_text("".join(unit[0].itertext())) if unit else ""
            for x in c.iter():
                _note_page(st, x)
            if head:
                st.b.separate("\n\n")
                s, e = _put(st, head)
                st.uc.add(UnitKind.HEADING, s, e, Zone.BODY, False, parent=None, section_path=path + [head],
                          attrs={"key": st.unique_key(f"heading:{head}")})
                here = path + [head]
        elif name in _FR_DOCUMENTS:
            _fr_document(st, c, here, volume)
        elif name in _FR_GROUPS:
            _fr_walk(st, c, here, volume)
        elif name == "toc":
            _fr_block(st, c, Zone.OTHER, "toc", here)
        else:  # finding aids, a part's own title lines ("Title 3— The President")
            _fr_block(st, c, Zone.OTHER, name, here)


def _fr_document(st: _State, d: etree._Element, path: list[str], volume: str) -> None:
    """One rule, proposed rule, notice or presidential document: its header (not citable), its preamble cited
    by FR page and heading, its amendatory instructions and the CFR text they print."""
    meta = d.find(_q("meta"))
    number = clean_text("".join(meta.find(_q("docNumber")).itertext())) \
        if meta is not None and meta.find(_q("docNumber")) is not None else ""
    preface = d.find(_q("preface"))
    subject_el = preface.find(_q("subject")) if preface is not None else None
    if subject_el is None and meta is not None:
        subject_el = meta.find(f"{{{_DC}}}subject")
    if subject_el is None and preface is not None:
        subject_el = preface.find(f"{{{_DC}}}title")
    subject = inline_text(subject_el) if subject_el is not None else local_name(d)
    fr = _FrDoc(number, volume, path + [f"{subject} (FR Doc. {number})" if number else subject],
                proposed=local_name(d) == "proposedRule" or _proposed(meta))
    if preface is not None:
        _fr_block(st, preface, Zone.COVER, f"fr:{number}:header", fr.path, UnitKind.HEADING, fr)
    for c in d:
        if _note_page(st, c) or not isinstance(c.tag, str):
            continue
        name = local_name(c)
        if name in ("meta", "preface"):
            continue
        if name == "main":
            _fr_main(st, c, fr)
        elif name == "signatures":
            _fr_block(st, c, Zone.SIGNATURES, "signatures", fr.path, fr=fr)
        else:  # "[FR Doc. 2018–09910 Filed 5–9–18; 8:45 am]", the billing code
            _fr_block(st, c, Zone.NOTE, f"fr:{number}:{name}", fr.path, fr=fr)
    _emit_notes(st, fr.path)


def _fr_main(st: _State, main: etree._Element, fr: _FrDoc) -> None:
    for c in main:
        if _note_page(st, c) or not isinstance(c.tag, str):
            continue
        name = local_name(c)
        if name in ("rulePreamble", "content", "preamble"):
            _fr_content(st, c, fr, True)
        elif name == "level":
            _fr_level(st, c, fr)
        elif name == "signatures":
            _fr_block(st, c, Zone.SIGNATURES, "signatures", fr.path, fr=fr)
        elif name == "section" and c.get("role") == "instruction":
            _fr_instruction(st, c, fr)
        else:
            _fr_content(st, c, fr, True)


def _fr_content(st: _State, content: etree._Element, fr: _FrDoc, citable: bool) -> None:
    """Preamble text: each heading opens a unit that runs to the next heading of its rank or above, labelled
    by the page it starts on and its words ("83 FR 21707, SUMMARY"); text before any heading is cited by its
    page."""
    uc = st.uc
    stack: list[tuple[int, int]] = []

    def close(rank: int) -> None:
        while stack and stack[-1][0] >= rank:
            uc.end(stack.pop()[1])

    def open_unit(rank: int, name: str | None) -> None:
        page = _page_now(st)
        where = f"{fr.volume} FR {page}" if page else f"FR Doc. {fr.number}"
        label = (f"{where}, {name}" if name else where) if citable else None
        o = uc.begin(UnitKind.BLOCK, Zone.BODY if citable else Zone.COVER, citable, label=label,
                     section_path=fr.path + ([name] if name else []),
                     attrs={"key": st.unique_key(f"fr:{fr.number}:{name or 'text'}"), "fr_doc": fr.number,
                            "rank": rank})
        stack.append((rank, o))

    for c in content:
        if _note_page(st, c) or not isinstance(c.tag, str):
            continue
        name = local_name(c)
        if name in _SKIP:
            continue
        if name == "statement":
            close(0)
            _fr_content(st, c.find(_q("content")) if c.find(_q("content")) is not None else c, fr,
                        citable and c.get("role") not in _FR_NONCITABLE)
            _emit_notes(st, fr.path)
        elif name == "content":
            close(0)
            _fr_content(st, c, fr, citable)
        elif name == "signatures":
            close(0)
            _fr_block(st, c, Zone.SIGNATURES, "signatures", fr.path, fr=fr)
        elif name == "heading":
            head = inline_text(c, st)
            if not head:
                continue
            rank = _FR_HEADING_RANK.get(_style(c), 1)
            close(rank)
            st.b.separate("\n\n" if rank <= 1 else "\n")
            open_unit(rank, _PAGE_MARK.sub("", head).rstrip(":").strip())
            _put(st, head)
        elif name in _NOTES and name != "note":  # footnotes: after the statement
            st.deferred.append((c, st.b.pos))
        elif name == "wordsOfIssuance":
            close(0)
            st.b.separate("\n\n")
            open_unit(0, "words of issuance")
            _put(st, inline_text(c, st))
            close(0)
        else:  # paragraphs, extracts, tables
            t = inline_text(c, st)
            if not t:
                continue
            if not stack:
                st.b.separate("\n\n")
                open_unit(_TEXT_RANK, None)
            else:
                st.b.separate("\n")
            _put(st, t)
    close(0)


def _fr_level(st: _State, level: etree._Element, fr: _FrDoc) -> None:
    """An amending level: the CFR headings it sets the instructions under (not citable), and the
    instructions."""
    for c in level:
        if _note_page(st, c) or not isinstance(c.tag, str):
            continue
        name = local_name(c)
        if name == "section" and c.get("role") == "instruction":
            _fr_instruction(st, c, fr)
        elif name == "level":
            _fr_level(st, c, fr)
        else:  # "PART 404—...", "Subpart B—...", "§ 404.271 [Amended]": where the instructions below apply
            heads: list[str] = []
            others: list[str] = []
            for x in c.iter():
                if _note_page(st, x) or not isinstance(x.tag, str):
                    continue
                if local_name(x) in ("num", "heading"):
                    heads.append(inline_text(x, st))
                elif local_name(x) in ("p", "content") and not any(isinstance(y.tag, str) for y in x):
                    others.append(inline_text(x, st))  # words set out of any instruction: kept, as headings
            heads = [x for x in heads + others if x]
            if heads:
                st.b.separate("\n\n")
                s, e = _put(st, " ".join(heads))
                st.uc.add(UnitKind.HEADING, s, e, Zone.BODY, False, parent=None, section_path=fr.path,
                          attrs={"key": st.unique_key(f"fr:{fr.number}:cfr heading"), "fr_doc": fr.number})


def _fr_instruction(st: _State, sec: etree._Element, fr: _FrDoc) -> None:
    """An amendatory instruction ("■ 2. Amend § 404.2 by revising paragraph (c)(2) to read as follows:") and
    the CFR text it prints, each paragraph of which is a unit labelled as the CFR cites it, with the
    instruction that prints it ("20 CFR 404.2(c)(2) (as revised by instruction 2, FR Doc. 2018–09910)")."""
    num = sec.find(_q("num"))
    n = (num.get("value") if num is not None else None) or \
        (re.sub(r"\D", "", inline_text(num)) if num is not None else "") or None
    st.b.separate("\n\n")
    where = f"FR Doc. {fr.number}"
    o = st.uc.begin(UnitKind.OTHER, Zone.BODY, True, number=n,
                    label=f"amendatory instruction {n} ({where})" if n else None,
                    section_path=fr.path + [f"instruction {n}"],
                    attrs={"key": st.unique_key(f"fr:{fr.number}:instruction {n}"), "fr_doc": fr.number})
    if num is not None:
        _put(st, inline_text(num))
    words: list[str] = []

    def flush(parts: list[str]) -> None:
        t = clean_text("".join(parts))
        parts.clear()
        if t:
            if st.b.tail(1) not in ("\n", " ", ""):
                st.b.append(" ")
            _put(st, t)
            words.append(t)

    def walk(el: etree._Element) -> None:
        parts: list[str] = [el.text or ""]
        for c in el:
            page = page_label(c)
            if page is not None:
                parts.append(f"{_PAGE_OPEN}{page}{_PAGE_CLOSE}")
            elif isinstance(c.tag, str) and local_name(c) == "quotedContent":
                flush(parts)
                _fr_quoted(st, c, fr, n, " ".join(words))
            elif isinstance(c.tag, str) and local_name(c) in _INSTRUCTION_PARTS:
                flush(parts)
                if local_name(c) in ("subsection", "paragraph"):
                    st.b.separate("\n")
                walk(c)
            elif isinstance(c.tag, str) and local_name(c) not in ("num",) and local_name(c) not in _NOTES:
                parts.append(inline_text(c, st))
            if c.tail:
                parts.append(c.tail)
        flush(parts)

    walk(sec)
    st.uc.end(o)


def _proposed(meta: etree._Element | None) -> bool:
    """Whether a document's metadata types it a proposed rule ("Federal Register Proposed Rule", or its ACTION
    "Proposed rule.")."""
    if meta is None:
        return False
    kinds = [clean_text("".join(e.itertext())).lower() for e in meta
             if isinstance(e.tag, str) and (local_name(e) == "type" or e.get("role") == "ACTION")]
    return any("proposed rule" in k for k in kinds)


def _verb(words: str) -> str:
    """How the instruction changes the text it prints: the verb after "by" ("Amend § 404.2 by revising")."""
    low = words.lower()
    after = re.search(r"\bby\s+(\w+)", low)
    for stem, done in AMENDING_VERBS:
        if after and after.group(1).startswith(stem):
            return done
    found = [(low.find(stem), done) for stem, done in AMENDING_VERBS if stem in low]
    return min(found)[1] if found else "amended"


def _fr_quoted(st: _State, q: etree._Element, fr: _FrDoc, n: str | None, words: str) -> None:
    """What an instruction quotes: CFR sections and paragraphs become units; other text stays the
    instruction's."""
    intro = AMENDED_INTRODUCTORY_TEXT.search(words)
    verb = f"as proposed to be {_verb(words)}" if fr.proposed else f"as {_verb(words)}"
    note = f" ({verb} by instruction {n}, FR Doc. {fr.number})" if n else f" (FR Doc. {fr.number})"
    for c in q:
        if _note_page(st, c) or not isinstance(c.tag, str):
            continue
        name = local_name(c)
        if name in ("section", "paragraph", "subsection"):
            _emit_cfr(st, c, fr, None, "", note, intro.group(1) or "" if intro else None)
        else:
            t = inline_text(c, st)
            if t:
                st.b.separate("\n")
                _put(st, t)


def _cfr_level(marker: str, open_markers: list[str], before: str = "") -> int:
    """The CFR's paragraph levels: (a), (1), (i), (A).  A roman-looking letter is roman under an open (1),
    unless it is the letter after the open (h) and the text before it does not introduce a list (no colon)."""
    if marker.isdigit():
        return 1
    if marker.isupper():
        return 3
    if _ROMAN.match(marker) and len(open_markers) >= 2 and open_markers[1].isdigit():
        if len(open_markers) == 2 and len(marker) == 1 and len(open_markers[0]) == 1 and \
                ord(marker) == ord(open_markers[0]) + 1 and \
                not before.rstrip().endswith((":", "—", "–", "-")):
            return 0
        return 2
    return 0


def _emit_cfr(st: _State, el: etree._Element, fr: _FrDoc, core: str | None, rel: str, note: str,
              intro: str | None) -> None:
    """A CFR section or paragraph as an amendment prints it, with "* * *" where text is left unchanged."""
    name = local_name(el)
    num = el.find(_q("num"))
    number = printed_number(num)
    if name == "section" or core is None:
        m = _CFR_TITLE.search(el.get("identifier") or "")
        core = f"{m.group(1)} CFR {number}" if m and number else f"§ {number}" if number else "CFR text"
        rel = ""
    elif number:
        number = number if number.startswith("(") else f"({number})"
        core = f"{core}{number}"
        rel = f"{rel}{number}"

    def label_of(c: str, r: str) -> str:
        return f"{c}{' introductory text' if intro is not None and r == intro else ''}{note}"

    st.b.separate("\n")
    kind = UnitKind.SECTION if name == "section" else UnitKind.PARAGRAPH
    o = st.uc.begin(kind, Zone.BODY, True, number=number, label=label_of(core, rel),
                    section_path=fr.path + [core],
                    attrs={"key": st.unique_key(f"fr:{fr.number}:{core}"), "fr_doc": fr.number,
                           **({"identifier": el.get("identifier")} if el.get("identifier") else {})})
    heading = el.find(_q("heading"))
    head = " ".join(x for x in (inline_text(num) if num is not None else "",
                                inline_text(heading, st) if heading is not None else "") if x)
    if head:
        _put(st, head)
    line_open = bool(head) and heading is None  # "(ii)" alone: its words follow on its line
    opened: list[tuple[str, int]] = []  # paragraphs printed as "(c) * * *" text rather than marked up
    before = ""
    for c in el:
        if _note_page(st, c) or not isinstance(c.tag, str):
            continue
        cname = local_name(c)
        if cname in ("num", "heading"):
            continue
        if cname in LEVEL_KINDS:
            _emit_cfr(st, c, fr, core, rel, note, intro)
            continue
        blocks = [x for x in c if isinstance(x.tag, str) and local_name(x) in ("p", "elided")]
        if not blocks or len(blocks) != len([x for x in c if isinstance(x.tag, str)]):
            blocks = [c]
        for x in blocks:
            t = inline_text(x, st)
            if not t:
                continue
            m = _MARKER.match(_PAGE_MARK.sub("", t)) if x is not c else None
            if m:
                level = _cfr_level(m.group(1), [mk for mk, _ in opened], before)
                while len(opened) > level:
                    st.uc.end(opened.pop()[1])
                path = "".join(f"({mk})" for mk, _ in opened) + f"({m.group(1)})"
                st.b.separate("\n")
                po = st.uc.begin(UnitKind.PARAGRAPH, Zone.BODY, True, number=f"({m.group(1)})",
                                 label=label_of(core + path, rel + path),
                                 section_path=fr.path + [core + path],
                                 attrs={"key": st.unique_key(f"fr:{fr.number}:{core}{path}"),
                                        "fr_doc": fr.number})
                opened.append((m.group(1), po))
            elif line_open or (x is c and cname in ("content", "chapeau")):
                st.b.append(" ")
            else:
                st.b.separate("\n")
            line_open = False
            _put(st, t)
            before = _PAGE_MARK.sub("", t)
    while opened:
        st.uc.end(opened.pop()[1])
    st.uc.end(o)


def _distinct_fr_labels(units: tuple[Unit, ...]) -> tuple[Unit, ...]:
    """Two documents of one issue that print the same heading on the same page: each names its FR Doc."""
    seen: dict[str, int] = {}
    for u in units:
        if u.label:
            seen[u.label] = seen.get(u.label, 0) + 1
    def shared_label(u: Unit) -> bool:
        return bool(u.label) and seen[str(u.label)] > 1 and bool(u.attrs.get("fr_doc")) \
            and "FR Doc." not in str(u.label)

    return tuple(replace(u, label=f"{u.label} (FR Doc. {u.attrs['fr_doc']})") if shared_label(u) else u
                 for u in units)


def _parse_fr(root: etree._Element, main: etree._Element, source: str, warnings: list[str]) -> ParsedDocument:
    """A daily issue of the Federal Register: each document in it a part with its own headings."""
    volume = (_meta(root, "volume") or [""])[0]
    issue = (_meta(root, "issue") or [""])[0]
    title = (_meta(root, "title", _DC) or [f"Federal Register Vol. {volume}, No. {issue}"])[0]
    date = next((d for d in _meta(root, "date", _DC) if _DATE.match(d)), None)
    b = TextBuilder()
    uc = UnitCollector(b)
    st = _State(b, uc, f"/us/fr/{volume}", warnings=warnings)
    s, e = b.append(title)
    uc.add(UnitKind.HEADING, s, e, Zone.COVER, False, parent=None, section_path=[title],
           attrs={"key": st.unique_key("title")})
    _fr_walk(st, main, [title], volume)
    _emit_notes(st, [title])
    text = b.text()
    markers = page_markers(st.pages, len(text))
    units = with_pages(_distinct_fr_labels(uc.units()), markers)
    if not any(u.citable for u in units):
        raise ParseError(source, "Federal Register issue with no documents in it")
    return ParsedDocument(
        format=Format.USLM, kind=DocumentKind.STATUTE, title=title, text=text, units=units,
        citation=f"{volume} FR, No. {issue}" if volume else None, date=date,
        work=f"us/fr/{volume}/{issue}" if volume and issue else None,
        version={"date": date, "label": f"as published ({date})" if date else "as published"},
        pages=markers, warnings=tuple(st.warnings),
        meta={"document_type": "frDoc", "identifier_prefix": f"/us/fr/{volume}", "jurisdiction": "us"})


_DCTERMS = "http://purl.org/dc/terms/"
#: A US Code release point as the Law Revision Counsel names it ("Online@114-329not328": current through
#: Public Law 114-329, except 114-328): the public law it is current through.
_RELEASE_POINT = re.compile(r"@?(\d{2,3})-(\d{1,4})")


def _usc_title(root: etree._Element, main: etree._Element,
               warnings: list[str]) -> tuple[str, dict[str, object], str | None, str | None, str | None]:
    """A US Code title's name, version ("as amended through Pub. L. 114-329"), work, citation and date (the
    day the release was made)."""
    number = (_meta(root, "docNumber") or [""])[0]
    name = (_meta(root, "title", _DC) or [f"Title {number}"])[0]
    top = main.find(_q("title"))
    heading = top.find(_q("heading")) if top is not None else None
    title = "United States Code, " + name + (f", {inline_text(heading)}" if heading is not None else "")
    point = (_meta(root, "docPublicationName") or [""])[0]
    m = _RELEASE_POINT.search(point)
    through = f"Pub. L. {m.group(1)}-{m.group(2)}" if m else None
    created = (_meta(root, "created", _DCTERMS) or [""])[0][:10]
    date = created if _DATE.match(created) else None
    if date:
        warnings[:] = [w for w in warnings if "editionNote" not in w]
    version: dict[str, object] = {"date": date, "label": f"as amended through {through or '?'}"
                                  + (f" (released {date})" if date else ""), "amended_through": through,
                                  "release_point": point or None}
    ident = root.get("identifier") or ""
    work = ident.strip("/") or (f"us/usc/t{number}" if number else None)
    return title, version, work, (f"{number} U.S.C." if number else None), date


def _rename_namespace(root: etree._Element, old: str, new: str) -> None:
    """Move every element of namespace ``old`` into ``new`` (other namespaces, Dublin Core's, are kept)."""
    prefix = f"{{{old}}}"
    for el in root.iter():
        if isinstance(el.tag, str) and el.tag.startswith(prefix):
            el.tag = f"{{{new}}}{el.tag[len(prefix):]}"


def parse(data: bytes, source: str) -> ParsedDocument:
    """Parse one USLM document (a statute compilation or a bill version)."""
    root, warnings = load_xml(data, source, keep_pis=True)
    if isinstance(root.tag, str) and root.tag.startswith(f"{{{USLM_NS_HOUSE}}}"):
        _rename_namespace(root, USLM_NS_HOUSE, USLM_NS)
    if not isinstance(root.tag, str) or not root.tag.startswith(f"{{{USLM_NS}}}"):
        raise ParseError(source, f"root <{local_name(root)}> is not in the USLM namespace {USLM_NS}")
    main = root.find(_q("main"))
    if main is None:
        raise ParseError(source, "USLM document has no <main>: there is no text to read")
    doc_type = local_name(root)
    if doc_type == "frDoc":
        return _parse_fr(root, main, source, warnings)
    congress = (_meta(root, "congress") or [None])[0]
    doc_number = (_meta(root, "docNumber") or [None])[0]
    citable_as = _meta(root, "citableAs")
    idents = [e.get("identifier") for e in main.iter() if isinstance(e.tag, str) and e.get("identifier")]
    first = next((i for i in idents if i), "")
    m = re.match(r"^(/us/(?:sComp|pl|bill)/\d+/(?:[a-z]+/)?\d+)", first)
    prefix = m.group(1) if m else ""

    if doc_type == "bill" or doc_type == "resolution":
        version, date = _bill_info(root)
        kind_word = "hr" if "House" in " ".join(_meta(root, "type", "http://purl.org/dc/elements/1.1/")) else "s"
        if prefix:
            work = prefix.lstrip("/")
        elif congress and doc_number:
            work = f"us/bill/{congress}/{kind_word}/{doc_number}"
        else:
            work = None
        citation = max((c for c in citable_as if " " in c), key=len, default=citable_as[0] if citable_as else None)
        meta_type = "bill"
    else:
        edition = root.find(f"{_q('preface')}/{_q('editionNote')}")
        date = None
        through = None
        if edition is not None:
            d = edition.find(_q("date"))
            date = d.get("date") if d is not None and _DATE.match(d.get("date") or "") else None
            ct = edition.find(_q("currentThroughPublicLaw"))
            through = clean_text("".join(ct.itertext())) if ct is not None else None
        approved = main.find(f"{_q('action')}/{_q('actionDescription')}")
        release = (_meta(root, "docReleasePoint") or [""])[0]
        if doc_type == "cfrDoc" and _DATE.match(release):
            date = release  # an annual CFR volume: the text as revised on this date
        if doc_type == "pLaw" and edition is None:
            # a public law as enacted: dated by the approval at its end ("Approved December 26, 2013.")
            m_ap = re.search(r"(\w+) (\d{1,2}), (\d{4})", clean_text("".join(approved.itertext()))) \
                if approved is not None else None
            if m_ap and m_ap.group(1).lower() in MONTHS:
                month = MONTHS.index(m_ap.group(1).lower()) + 1
                date = f"{m_ap.group(3)}-{month:02d}-{int(m_ap.group(2)):02d}"
        elif date is None and doc_type != "cfrDoc":
            warnings.append("no dated editionNote: the compilation's 'as amended through' date is unknown")
        law = re.search(r"(\d+)\s*[–-]\s*(\d+)", citable_as[0]) if citable_as else None
        work = f"us/pl/{law.group(1)}/{law.group(2)}" if law else (prefix.lstrip("/") or None)
        if doc_type == "pLaw" and edition is None:
            version = {"date": date, "label": "as enacted" + (f" ({date})" if date else "")}
        elif doc_type == "cfrDoc":
            version = {"date": date, "label": f"revised as of {date}" if date else "annual edition"}
        else:
            version = {"date": date,
                       "label": f"as amended through {through or '?'}" + (f" ({date})" if date else ""),
                       "amended_through": through}
        citation = citable_as[0] if citable_as else None
        if doc_type == "cfrDoc" and citation is None and _meta(root, "docNumber"):
            citation = f"{_meta(root, 'docNumber')[0]} CFR"
        meta_type = "compilation" if doc_type == "statuteCompilation" else doc_type

    if doc_type == "uscDoc":  # a US Code title as the Law Revision Counsel releases it
        code_title, version, work, citation, date = _usc_title(root, main, warnings)
    short = main.find(f".//{_q('shortTitle')}")
    title = code_title if doc_type == "uscDoc" else ""
    if doc_type == "statuteCompilation":
        title = (_meta(root, "containsShortTitle") or [""])[0]
    if not title and short is not None:
        title = clean_text("".join(short.itertext())).strip("“”\". ")
    if not title and doc_type == "cfrDoc":
        title = " ".join(f"Code of Federal Regulations, {x}" for x in _meta(root, "title", _DC)[:1])
    if not title:
        official = main.find(f"{_q('longTitle')}/{_q('officialTitle')}")
        title = clean_text("".join(official.itertext())) if official is not None else (citation or source)

    b = TextBuilder()
    uc = UnitCollector(b)
    st = _State(b, uc, prefix, warnings=warnings)
    cover = [title]
    if citation:
        cover.append(citation)
    if version.get("label"):
        cover.append(str(version["label"]))
    s, e = b.append("\n".join(cover))
    uc.add(UnitKind.HEADING, s, e, Zone.COVER, False, parent=None, section_path=[title],
           attrs={"key": st.unique_key("title")})
    preface = root.find(_q("preface"))
    before = [x for x in (page_label(c) for c in preface.iter()) if x] if preface is not None else []
    st.pending_pages = before[-1:]  # the page the text starts on
    _emit_children(st, main, [title])
    for sig in root.findall(_q("signatures")):
        _emit_block(st, sig, Zone.SIGNATURES, False, "signatures", [title])
    for hist in root.findall(_q("legislativeHistory")):  # a public law's back matter, a line to each entry
        lines = [inline_text(x, st) for x in hist.iter(_q("heading"), _q("p"))]
        if any(lines):
            b.separate("\n\n")
            s, e = _put(st, "\n".join(x for x in lines if x))
            uc.add(UnitKind.BLOCK, s, e, Zone.NOTE, False, parent=None, section_path=[title],
                   attrs={"key": st.unique_key("legislative history")})
    _emit_notes(st, [title])
    text = b.text()
    markers = page_markers(st.pages, len(text))
    units = with_pages(_distinct_headings(uc.units()), markers)
    if not any(u.citable for u in units):
        raise ParseError(source, "USLM document has no sections or other provisions in <main>")
    return ParsedDocument(
        format=Format.USLM,
        kind=DocumentKind.STATUTE,
        title=title,
        text=text,
        units=units,
        citation=citation,
        date=date,
        work=work,
        version=version,
        pages=markers,
        warnings=tuple(st.warnings),
        meta={"document_type": meta_type, "congress": congress, "identifier_prefix": prefix,
              "jurisdiction": "us"},
    )
