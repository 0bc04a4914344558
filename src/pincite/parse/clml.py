"""legislation.gov.uk's Crown Legislation Markup Language (CLML): UK Acts and SIs, retained EU legislation.

One ``<Legislation>`` file holds one version of one work: ``<Primary>`` (an Act), ``<Secondary>`` (a statutory
instrument) or ``<EURetained>`` (EU legislation as legislation.gov.uk republished it).  A file with none of
them (metadata only, a table of contents) is refused with a :class:`ParseError`.

The canonical text reads as the printed instrument does::

    Ministerial and other Maternity Allowances Act 2021     <- cover: title, number, long title, date
    Be it enacted by the Queen's most Excellent Majesty ... <- enacting formula: cover, not citable
    Contents ...                                            <- the table of contents: not citable

    Ministerial maternity allowances                        <- cross-heading (Pblock): heading, not citable
    Payment of maternity allowance: Ministerial office      <- section title (P1group): heading, not citable
    1 (1) A mother or expectant mother ...                  <- s. 1 and s. 1(1)
    (2) The Prime Minister may designate ...
    (a) the mother or expectant mother ...                  <- s. 1(2)(a)

**Numbers.** ``<Pnumber>`` holds the bare designation ("1", "a"); the brackets are the stylesheet's, and are
written into the text as legislation.gov.uk prints them (the rule of its own converters): an explicit
``PuncBefore``/``PuncAfter`` wins; a section (``P1``) is bare in an Act and ends with "." in an SI; any other
number that is digits (with capital suffixes) or letters is bracketed, "(1)", "(a)", "(iii)".  ``number`` is
that printed form without a trailing period ("1", "(1)", "(a)"; an EU article's "Article 7" is "7").

**Labels** are written as UK and EU lawyers cite: the word a provision's ``id`` starts with gives its
abbreviation (``legal.language.PROVISION_ABBREVIATIONS``: "s. 1(2)(b)" in an Act, "reg. 4(4)(b)(iii)" in
regulations, "art. 3" in an order); an EU act's articles are "Article 7(2)(b)", and where a paragraph holds
unnumbered subparagraphs each is its own unit, "Article 16(1), second subparagraph", its points "Article
16(1), second subparagraph (a)" (an article's unnumbered paragraphs: "Article 20, second paragraph"); a list
item that carries a number (``NumberOverride`` or an ordered list) is a point ("Article 2(a)"); definitions in
unnumbered lists stay in the words of their provision.  A schedule is "Sch. 1" ("Annex" for an EU annex) and
its paragraphs "Sch. 1, para. 3(2)"; an annex's parts, numbered divisions and tables are "Annex, Part I",
"Annex, Part II, point 1", "Annex, Part I, Table 1"; numbered items under a notes heading are "Annex, note
(9)".

**Recitals are citable** ("recital (5)"): an EU act's numbered recitals are part of the act as adopted and are
what the Court of Justice and practitioners cite when they read the act's purpose ("as recital 5 states"), so
an answer that rests on one should be able to pin it.  The preamble's citations ("Having regard to ..."), the
enacting words ("HAS ADOPTED THIS REGULATION:"), an Act's long title and enacting formula and an SI's
introductory text are cover, not citable.

**Never citable**: titles, cross-headings, Part and Chapter headings and section titles (heading units outside
the provision they head, except an EU article's title, printed under "Article N" and kept inside it as a
heading unit); the table of contents (zone other); signature blocks (zone signatures); explanatory notes,
earlier orders, footnotes and commentaries (zone note; footnotes and commentaries are written after the
instrument, numbered in the order they are first referred to, with their reference marks left out of the
words).  Text an amendment inserts (``BlockAmendment``) or quotes (``BlockExtract``) belongs to the provision
that holds it, never a unit of its own.  A provision's alternative version for another extent (``AltVersionRefs``
to a ``<Version>``: section 6 as it applies in Scotland beside its England and Wales text) is read after it, its
units labelled with the extent ("s. 6(8A) (Scotland)") and dated by their own windows.

**Dates.**  A revised version's units carry ``in_force_from``/``in_force_to`` (and
``attrs["in_force_start"]``, which :mod:`pincite.versions` reads across a work's versions, and
``attrs["in_force_end"]``) from the nearest ``RestrictStartDate``/``RestrictEndDate`` on them or around them,
and ``attrs["status"]`` where the file marks one ("Prospective", "Repealed").  The document ``date`` is the
version's (the root's ``RestrictStartDate``, else ``dct:valid``), else the date it was enacted, made or
adopted; ``work`` is "uk/<type>/<year>/<number>" ("uk/ukpga/2021/5", "uk/uksi/2006/3313", "uk/eur/2014/319"),
``citation`` its short form ("2021 c. 5", "S.I. 2006/3313", "Regulation (EU) No 319/2014"),
``meta["document_type"]`` what it is ("act", "regulation", "order", "directive", ...).
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass, field
from dataclasses import replace as dc_replace
from typing import Any

from lxml import etree

from pincite.errors import ParseError
from pincite.legal.language import (EU_ACT_CITATION, EU_OWN_NUMBER, EU_ARTICLE, EXTENT_NAMES, NOTES_HEADING, ORDINAL_WORDS,
                                    PROVISION_ABBREVIATIONS, UK_CITATION_FORMS)
from pincite.parse.builder import CELL_SEP, TextBuilder, UnitCollector, distinguish_by_headings
from pincite.parse.xmlsafe import load_xml, local_name
from pincite.types import DocumentKind, Format, ParsedDocument, Unit, UnitKind, Zone

_WS = re.compile(r"\s+")
_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}")
_P_LEVEL = re.compile(r"^P([1-7])$")
_BRACKETABLE = re.compile(r"^(\d+[A-Z]*|[a-z]+|[A-Z]+)$")

#: Provision levels and the unit kind each becomes.
LEVEL_KINDS = {1: UnitKind.SECTION, 2: UnitKind.SUBSECTION, 3: UnitKind.PARAGRAPH, 4: UnitKind.SUBPARAGRAPH,
               5: UnitKind.CLAUSE, 6: UnitKind.SUBCLAUSE, 7: UnitKind.OTHER}
#: Elements whose words run on inside a line (everything else is a block of its own).
INLINE = {"Emphasis", "Strong", "Underline", "SmallCaps", "Uppercase", "Superior", "Inferior", "Abbreviation",
          "Acronym", "Citation", "CitationSubRef", "InternalLink", "ExternalLink", "Term", "Addition",
          "Substitution", "Repeal", "CommentaryRef", "FootnoteRef", "MarginNoteRef", "Span", "Character",
          "Expanded", "Strike", "Inline", "math", "Image", "Proviso", "DocumentRef", "Include", "Definition"}
#: Marks whose target is written elsewhere: left out of the words.
_MARKS = {"CommentaryRef", "FootnoteRef", "MarginNoteRef", "Footnote", "Image"}
#: Big divisions of a body: their number and title become a heading; what they hold follows.
GROUPS = {"Part", "Chapter", "Pblock", "PsubBlock", "Group", "EUTitle", "EUPart", "EUChapter", "EUSection",
          "EUSubsection"}
#: Matter that is never the instrument's words: written as one non-citable block each.
_NOTE_BLOCKS = {"ExplanatoryNotes": Zone.NOTE, "EarlierOrders": Zone.NOTE, "SignedSection": Zone.SIGNATURES,
                "Contents": Zone.OTHER}
_MAIN_TYPES = {
    "UnitedKingdomPublicGeneralAct": "act", "UnitedKingdomLocalAct": "act", "ScottishAct": "act",
    "WelshParliamentAct": "act", "WelshNationalAssemblyAct": "act", "WelshAssemblyMeasure": "measure",
    "NorthernIrelandAct": "act", "NorthernIrelandAssemblyMeasure": "measure",
    "EuropeanUnionRegulation": "regulation", "EuropeanUnionDirective": "directive",
    "EuropeanUnionDecision": "decision", "EuropeanUnionTreaty": "treaty",
}

#: legislation.gov.uk's type code for each ``DocumentMainType`` (for files whose identifier is an ISBN).
_TYPE_CODES = {
    "UnitedKingdomPublicGeneralAct": "ukpga", "UnitedKingdomLocalAct": "ukla", "ScottishAct": "asp",
    "WelshParliamentAct": "asc", "WelshNationalAssemblyAct": "anaw", "WelshAssemblyMeasure": "mwa",
    "NorthernIrelandAct": "nia", "UnitedKingdomStatutoryInstrument": "uksi",
    "ScottishStatutoryInstrument": "ssi",
    "WelshStatutoryInstrument": "wsi", "NorthernIrelandStatutoryRule": "nisr",
    "UnitedKingdomDraftStatutoryInstrument": "ukdsi", "EuropeanUnionRegulation": "eur",
    "EuropeanUnionDecision": "eudn", "EuropeanUnionDirective": "eudr", "EuropeanUnionTreaty": "eut",
}


#: what a ``<Character Name="…"/>`` prints (the schema's list: spaces of several widths and the minus sign); the
#: spaces are one space once whitespace is collapsed ("section 33(2)", not "section33(2)")
CHARACTERS = {"NonBreakingSpace": " ", "EnSpace": " ", "EmSpace": " ", "ThinSpace": " ", "LinePadding": " ",
              "DotPadding": " ", "Minus": "\u2212"}


def clean_text(s: str) -> str:
    return _WS.sub(" ", s).strip()


def inline_text(el: etree._Element) -> str:
    """The words of ``el`` as printed: markup flattened, footnote and commentary marks left out, superscripts
    run on ("25th"), whitespace collapsed."""
    parts: list[str] = []

    def visit(e: etree._Element) -> None:
        if e.text:
            parts.append(e.text)
        for c in e:
            if isinstance(c.tag, str) and local_name(c) not in _MARKS:
                if local_name(c) == "math":
                    parts.append(" " + math_text(c) + " ")
                elif local_name(c) == "Character":
                    parts.append(CHARACTERS.get(c.get("Name", ""), ""))
                else:
                    visit(c)
            if c.tail:
                parts.append(c.tail)

    visit(el)
    return clean_text("".join(parts))


def math_text(el: etree._Element) -> str:
    """MathML as a line of text: tokens spaced, a subscript or superscript run on to its base ("h1")."""
    name = local_name(el)
    kids = [c for c in el if isinstance(c.tag, str)]
    if not kids:
        return clean_text("".join(el.itertext()))
    joiner = "" if name in ("msub", "msup", "msubsup") else " "
    return joiner.join(t for t in (math_text(c) for c in kids) if t)


def _children(el: etree._Element) -> list[etree._Element]:
    return [c for c in el if isinstance(c.tag, str)]


def _is_block(el: etree._Element) -> bool:
    return local_name(el) not in INLINE


def flat_lines(el: etree._Element) -> list[str]:
    """One line per innermost block (a table row is one line, its cells joined by a tab; a number is run into
    the line it numbers): the words of matter that holds no units."""
    out: list[str] = []
    pending: list[str] = []

    def emit(t: str) -> None:
        if t:
            out.append(" ".join(pending + [t]))
            pending.clear()

    def visit(e: etree._Element) -> None:
        name = local_name(e)
        if name in _MARKS or name in ("Versions", "Resources"):
            return
        if name == "tr":
            emit(CELL_SEP.join(t for t in (inline_text(c) for c in _children(e) if local_name(c) in ("td", "th"))
                               if t))
            return
        if name in ("Pnumber", "Number", "ContentsNumber") and not any(_is_block(c) for c in _children(e)):
            t = printed_number(e) if name == "Pnumber" else inline_text(e)
            if t:
                pending.append(t)
            return
        blocks = [c for c in _children(e) if _is_block(c)]
        if not blocks:
            emit(inline_text(e))
            return
        if e.text and e.text.strip():
            emit(clean_text(e.text))
        for c in _children(e):
            if _is_block(c):
                visit(c)
            elif local_name(c) not in _MARKS:
                emit(inline_text(c))

    visit(el)
    if pending:
        out.append(" ".join(pending))
    return out


def _p_level(el: etree._Element) -> int | None:
    m = _P_LEVEL.match(local_name(el))
    return int(m.group(1)) if m else None


def printed_number(pnumber: etree._Element, secondary: bool = False) -> str:
    """What a ``<Pnumber>`` prints, its brackets restored (see the module docstring)."""
    bare = inline_text(pnumber)
    parent = pnumber.getparent()
    top = parent is not None and local_name(parent) == "P1"
    before, after = pnumber.get("PuncBefore"), pnumber.get("PuncAfter")
    if before is not None or after is not None:
        if before is None:
            before = "" if top else "("
        if after is None:
            after = ("." if secondary else "") if top else ")"
        return f"{before}{bare}{after}" if bare else ""
    if top:
        return f"{bare}." if secondary and bare else bare
    if _BRACKETABLE.match(bare):
        return f"({bare})"
    return bare


def bare_number(printed: str) -> str:
    """The designation a label is built from: "(1)" -> "1", "[2]" -> "2", "1." -> "1", "Article 7" -> "7"."""
    t = printed.strip().rstrip(".").strip()
    t = re.sub(r"^(?:Article|Art\.?|Section|Regulation|Rule|Paragraph)\s+", "", t, flags=re.I)
    if t[:1] in "([" and t[-1:] in ")]":
        t = t[1:-1]
    return t.strip()


def _window(el: etree._Element, inherited: tuple[str | None, str | None, str | None]
            ) -> tuple[str | None, str | None, str | None]:
    start, end, status = inherited
    s, e = el.get("RestrictStartDate"), el.get("RestrictEndDate")
    if s and _DATE.match(s):
        start = s[:10]
    if e and _DATE.match(e):
        end = e[:10]
    if el.get("Status"):
        status = el.get("Status")
    return start, end, status


@dataclass
class _Ctx:
    """Where an element sits: its container's label, path, zone, in-force window, what its numbers mean."""

    label: str | None  # the label of the enclosing citable unit ("s. 1(2)", "Sch. 1", "Annex, Part I")
    path: tuple[str, ...]
    zone: Zone = Zone.BODY
    citable: bool = True
    window: tuple[str | None, str | None, str | None] = (None, None, None)
    schedule: str | None = None  # the enclosing schedule's label
    notes: bool = False  # numbered divisions here are notes ("Annex, note (9)")
    heading: str | None = None  # a title to print under the next provision's number (an EU article's)
    restarts: bool = False  # its parts number their paragraphs afresh ("Sch. 1, Part III, para. 1")


@dataclass
class _State:
    b: TextBuilder
    uc: UnitCollector
    family: str  # "act", "si" or "eu"
    secondary: bool
    warnings: list[str]
    keys: dict[str, int] = field(default_factory=dict)
    open_line: bool = False  # the text ends with a number whose words follow on the same line
    versions: dict[str, etree._Element] = field(default_factory=dict)  # <Version> by id (AltVersionRefs)
    extents: list[tuple[int, int, str]] = field(default_factory=list)  # the text of each alternative version
    in_version: bool = False
    ready: bool = False  # the space before the next words is written already (a unit opens after it)

    def unique_key(self, key: str) -> str:
        n = self.keys.get(key, 0) + 1
        self.keys[key] = n
        return key if n == 1 else f"{key}#{n}"

    def line(self, text: str) -> tuple[int, int]:
        """Write ``text`` as the next words: after an open number on its line, else on a new line."""
        if not self.ready:
            self.gap()
        self.ready = False
        return self.b.append(text)

    def gap(self) -> None:
        """Write the space before the next words now (so a unit can open after it): a space after an open
        number, else a new line."""
        if self.ready:
            return
        if self.open_line:
            self.b.append(" ")
        else:
            self.b.separate("\n")
        self.open_line = False
        self.ready = True

    def block(self) -> None:
        self.open_line = self.ready = False
        self.b.separate("\n\n")


def _unit_fields(ctx: _Ctx) -> dict[str, Any]:
    start, end, status = ctx.window
    # the dates :mod:`pincite.versions` reads when it lines up the versions of a work
    attrs: dict[str, Any] = {"in_force_start": start, "in_force_end": end}
    if status:
        attrs["status"] = status
    return {"in_force_from": start, "in_force_to": end, "attrs": attrs}


def _heading(st: _State, text: str, ctx: _Ctx, key: str, kind: UnitKind = UnitKind.HEADING,
             zone: Zone | None = None, inside: bool = False) -> None:
    """A non-citable heading line (top level unless ``inside`` the open unit)."""
    if not text:
        return
    s, e = st.line(text)
    fields = _unit_fields(ctx)
    fields["attrs"]["key"] = st.unique_key(key)
    extra = {} if inside else {"parent": None}
    st.uc.add(kind, s, e, zone or ctx.zone, False, section_path=list(ctx.path), **extra, **fields)


def _flat_block(st: _State, el: etree._Element, zone: Zone, key: str, path: tuple[str, ...],
                number: str | None = None, label: str | None = None) -> None:
    lines = flat_lines(el)
    if not lines:
        return
    st.block()
    s, e = st.b.append("\n".join(lines))
    st.uc.add(UnitKind.BLOCK, s, e, zone, False, parent=None, section_path=list(path), number=number,
              label=label, attrs={"key": st.unique_key(key)})


# -- provisions ----------------------------------------------------------------------------------------------


def _provision_label(st: _State, el: etree._Element, level: int, number: str, ctx: _Ctx) -> str | None:
    if not ctx.citable or not number:
        return None
    bare = bare_number(number)
    if level == 1:
        if ctx.schedule:
            return f"{ctx.schedule}, para. {bare}"
        if st.family == "eu":
            return f"{EU_ARTICLE} {bare}"
        word = (el.get("id") or "").split("-")[0].lower()
        abbr = PROVISION_ABBREVIATIONS.get(word) or {"act": "s.", "si": "reg."}.get(st.family, "s.")
        return f"{abbr} {bare}"
    base = ctx.label or ""
    if level == 1:
        return f"{base}, para. {bare}"
    return point_label(base, bare)


def with_extent(label: str | None, extent: str | None) -> str | None:
    """A label of an alternative version, naming its extent: "s. 6(8A)" in Scotland is "s. 6(8A) (Scotland)"."""
    if not label or not extent:
        return label
    return f"{label} ({EXTENT_NAMES.get(extent, extent)})"


def point_label(base: str, bare: str) -> str:
    """A point under a label: "s. 1(2)" + "b" -> "s. 1(2)(b)"; after words or a term, spaced ("Article 16(1),
    second subparagraph (a)", 's. 3(1) "vessel" (b)')."""
    space = " " if base[-1:].isalpha() or base.endswith('"') else ""
    return f"{base}{space}({bare})"


def _emit_provision(st: _State, el: etree._Element, ctx: _Ctx) -> None:
    level = _p_level(el) or 1
    pn = el.find("{*}Pnumber")
    number = printed_number(pn, st.secondary) if pn is not None else ""
    window = _window(el, ctx.window)
    label = _provision_label(st, el, level, number, ctx)
    own = ctx.path + ((bare_number(number),) if number else ())
    if number:
        st.gap()
    o = None
    if ctx.citable:
        fields = _unit_fields(_Ctx(label, own, window=window))
        fields["attrs"]["key"] = st.unique_key(el.get("id") or f"{label or 'provision'}")
        if el.get("id"):
            fields["attrs"]["id"] = el.get("id")
        shown = bare_number(number) if level == 1 and st.family == "eu" else number.rstrip(".") or None
        o = st.uc.begin(LEVEL_KINDS[level], ctx.zone, True, number=shown, label=label, section_path=list(own),
                        **fields)
    if number:
        st.line(number)
        st.open_line = not (st.family == "eu" and level == 1)
    inner = _Ctx(label if o is not None else ctx.label, own, ctx.zone, ctx.citable, window, ctx.schedule,
                 ctx.notes)
    if ctx.heading:  # an EU article's title, printed under its number
        _heading(st, ctx.heading, inner, f"{label or number}/title", inside=True)
    paras = [c for c in _children(el) if local_name(c).startswith("P") and local_name(c).endswith("para")]
    groups = _subparagraphs(paras) if st.family == "eu" and o is not None else [paras]
    if len(groups) > 1:
        word = "paragraph" if level == 1 else "subparagraph"
        for i, group in enumerate(groups):
            ordinal = ORDINAL_WORDS[i] if i < len(ORDINAL_WORDS) else f"{i + 1}th"
            sub_label = f"{label}, {ordinal} {word}"
            st.gap()
            fields = _unit_fields(_Ctx(sub_label, own, window=window))
            fields["attrs"]["key"] = st.unique_key(f"{el.get('id') or label}/{ordinal}")
            g = st.uc.begin(UnitKind.BLOCK, ctx.zone, True, label=sub_label,
                            section_path=list(own + (ordinal,)), **fields)
            sub = _Ctx(sub_label, own + (ordinal,), ctx.zone, ctx.citable, window, ctx.schedule, ctx.notes)
            for k in group:
                _emit_item(st, k, sub)
            st.uc.end(g)
        others = [c for c in _children(el) if c not in paras and local_name(c) != "Pnumber"]
        for c in others:
            _emit_item(st, c, inner)
    else:
        for c in _children(el):
            if local_name(c) == "Pnumber":
                continue
            if c in paras:
                _emit_flow(st, c, inner)
            else:
                _emit_item(st, c, inner)
    st.open_line = False
    if o is not None:
        st.uc.end(o)


def _subparagraphs(paras: list[etree._Element]) -> list[list[etree._Element]]:
    """The children of a provision's ``P*para``s grouped into subparagraphs: a para that opens with words
    starts one (a para that is only a list or points goes on the one before: it is that subparagraph's list),
    and so do words after points when points numbered again follow them (a second list, in a second
    subparagraph)."""
    groups: list[list[etree._Element]] = []
    for p in paras:
        kids = _children(p)
        opens = bool(kids) and local_name(kids[0]) in ("Text", "Para", "P")
        if opens or not groups:
            groups.append([])
        seen: set[str] = set()
        for i, k in enumerate(kids):
            if local_name(k) == "Text" and seen and seen & {_point_number(x) for x in kids[i + 1:]} - {""}:
                groups.append([])
                seen = set()
            groups[-1].append(k)
            if _p_level(k) is not None:
                seen.add(_point_number(k))
    return [g for g in groups if g]


def _point_number(el: etree._Element) -> str:
    pn = el.find("{*}Pnumber") if _p_level(el) is not None else None
    return inline_text(pn) if pn is not None else ""


def _emit_flow(st: _State, container: etree._Element, ctx: _Ctx) -> None:
    """The children of a para-like container, in order."""
    if container.text and container.text.strip():
        st.line(clean_text(container.text))
    for c in _children(container):
        _emit_item(st, c, ctx)


def _emit_item(st: _State, c: etree._Element, ctx: _Ctx) -> None:
    _emit_one(st, c, ctx)
    refs = c.get("AltVersionRefs")
    if refs and not st.in_version:  # the provision's version for another extent, after it
        for ref in refs.split():
            version = st.versions.get(ref)
            if version is None:
                continue
            for alt in _children(version):
                extent = alt.get("RestrictExtent")
                if not extent or version.get("Class") == "graphic":
                    continue  # another form of the same words (a formula's image), not another extent's text
                st.block()
                start = st.b.pos
                st.in_version = True
                try:
                    _emit_one(st, alt, ctx)
                finally:
                    st.in_version = False
                st.extents.append((start, st.b.pos, extent))


def _extent_labels(units: tuple[Unit, ...], extents: list[tuple[int, int, str]]) -> tuple[Unit, ...]:
    """The units of each alternative version labelled with its extent (:func:`with_extent`), ``attrs["extent"]``
    set: the same numbers as the version they stand beside, another place."""
    if not extents:
        return units
    starts = [a for a, _, _ in extents]  # in text order, none inside another
    out = []
    for u in units:
        i = bisect.bisect_right(starts, u.char_start) - 1
        ext = extents[i][2] if i >= 0 and u.char_end <= extents[i][1] else None
        if ext is not None and u.label:
            u = dc_replace(u, label=with_extent(u.label, ext), attrs={**u.attrs, "extent": ext})
        out.append(u)
    return tuple(out)


def _emit_one(st: _State, c: etree._Element, ctx: _Ctx) -> None:
    name = local_name(c)
    if name in _MARKS or name in ("Versions", "Resources"):
        return
    level = _p_level(c)
    if level is not None:
        _emit_provision(st, c, ctx)
    elif name == "Text":
        t = inline_text(c)
        if t:
            st.line(t)
    elif name in ("OrderedList", "UnorderedList"):
        _emit_list(st, c, ctx)
    elif name == "KeyList":
        sep = c.get("Separator") or "="
        for item in _children(c):
            key = item.find("{*}Key")
            body = item.find("{*}ListItem")
            words = " ".join(flat_lines(body)) if body is not None else ""
            shown = (inline_text(key) if key is not None else "", sep if words else "", words)
            t = " ".join(x for x in shown if x)
            if t:
                st.line(t)
    elif name == "Tabular":
        _emit_table(st, c, ctx)
    elif name in ("BlockAmendment", "BlockExtract", "Formula", "Figure", "Form"):
        for t in flat_lines(c):
            st.line(t)
    elif name == "Division":
        _emit_division(st, c, ctx)
    elif name == "P1group":
        _emit_p1group(st, c, ctx)
    elif name in GROUPS:
        _emit_group(st, c, ctx)
    elif name in ("Title", "Subtitle", "Number"):
        t = inline_text(c)
        if t:
            _heading(st, t, ctx, f"{'/'.join(ctx.path)}/{name}", inside=True)
    elif name in _NOTE_BLOCKS:
        _flat_block(st, c, _NOTE_BLOCKS[name], name.lower(), ctx.path)
    elif not _is_block(c):
        t = inline_text(c)
        if t:
            st.line(t)
    else:  # P, Para, ListItem content, any other container: its children in order
        _emit_flow(st, c, ctx)


def _list_number(item: etree._Element, lst: etree._Element, index: int) -> str | None:
    decoration = (lst.get("Decoration") or "").lower()
    override = item.get("NumberOverride")
    if override is not None:
        n = override.strip()
    elif local_name(lst) == "OrderedList":
        kind = (lst.get("Type") or "arabic").lower()
        n = {"roman": _roman(index).lower(), "romanupper": _roman(index), "alpha": _alpha(index),
             "alphaupper": _alpha(index).upper()}.get(kind, str(index))
    else:
        return None
    if not n:
        return None
    if decoration == "parens" and not n.startswith("("):
        return f"({n})"
    if decoration == "parenright" and not n.endswith(")"):
        return f"{n})"
    if decoration == "brackets" and not n.startswith("["):
        return f"[{n}]"
    if decoration == "period" and not n.endswith("."):
        return f"{n}."
    return n


def _roman(n: int) -> str:
    out = ""
    for value, letters in ((1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"),
                           (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")):
        while n >= value:
            out += letters
            n -= value
    return out


def _alpha(n: int) -> str:
    out = ""
    while n > 0:
        n, r = divmod(n - 1, 26)
        out = chr(ord("a") + r) + out
    return out


_QUOTED_TERM = re.compile(r"^\s*[\u201c\"\u2018']([^\u201d\"\u2019']{1,80})[\u201d\"\u2019']")


def defined_term(item: etree._Element) -> str | None:
    """The term a definition defines: its ``<Term>``, else the quoted words it opens with."""
    term = item.find(".//{*}Term")
    if term is not None and inline_text(term):
        return inline_text(term)
    first = item.find(".//{*}Text")
    m = _QUOTED_TERM.match(inline_text(first)) if first is not None else None
    return m.group(1).strip() if m else None


def _emit_list(st: _State, lst: etree._Element, ctx: _Ctx) -> None:
    bullet = {"dash": "–", "bullet": "•"}.get((lst.get("Decoration") or "").lower(), "")
    index = 0
    for item in _children(lst):
        if local_name(item) != "ListItem":
            _emit_item(st, item, ctx)
            continue
        index += 1
        number = _list_number(item, lst, index)
        if number is None or not ctx.citable or ctx.label is None:
            if number or bullet:
                st.line(number or bullet)
                st.open_line = True
            term = defined_term(item) if ctx.label else None
            inner = ctx
            if term:  # a definition's own points are cited through it: s. 101(1) "chief officer" (a)
                inner = _Ctx(f'{ctx.label} "{term}"', ctx.path + (term,), ctx.zone, ctx.citable, ctx.window,
                             ctx.schedule, ctx.notes)
            _emit_flow(st, item, inner)
            st.open_line = False
            continue
        bare = bare_number(number)
        label = point_label(ctx.label, bare)
        own = ctx.path + (bare,)
        st.gap()
        fields = _unit_fields(_Ctx(label, own, window=ctx.window))
        fields["attrs"]["key"] = st.unique_key(f"{label}")
        o = st.uc.begin(UnitKind.PARAGRAPH, ctx.zone, True, number=number.rstrip("."), label=label,
                        section_path=list(own), **fields)
        st.line(number)
        st.open_line = True
        _emit_flow(st, item, _Ctx(label, own, ctx.zone, ctx.citable, ctx.window, ctx.schedule, ctx.notes))
        st.open_line = False
        st.uc.end(o)


def _emit_table(st: _State, tab: etree._Element, ctx: _Ctx) -> None:
    """A table: its title and subtitles, then a line per row; its footnotes are written with the others."""
    title_el = tab.find("{*}Title")
    title = inline_text(title_el) if title_el is not None else ""
    m = re.match(r"^(Table\s+\S+)", title)
    o = None
    inner = ctx
    if m and ctx.citable and ctx.schedule:
        label = f"{ctx.label}, {m.group(1).rstrip('.:')}"
        own = ctx.path + (m.group(1),)
        st.gap()
        fields = _unit_fields(_Ctx(label, own, window=ctx.window))
        fields["attrs"]["key"] = st.unique_key(label)
        o = st.uc.begin(UnitKind.BLOCK, ctx.zone, True, number=m.group(1).split()[1], label=label,
                        section_path=list(own), **fields)
        inner = _Ctx(label, own, ctx.zone, ctx.citable, ctx.window, ctx.schedule, ctx.notes)
    for c in _children(tab):
        name = local_name(c)
        if name in ("Title", "Subtitle"):
            t = inline_text(c)
            if t:
                st.line(t)
        elif name == "table":
            for t in flat_lines(c):
                st.line(t)
        else:
            _emit_item(st, c, inner)
    if o is not None:
        st.uc.end(o)


def _number_and_title(el: etree._Element) -> tuple[str, str]:
    num = el.find("{*}Number")
    title = el.find("{*}Title")
    if title is None:
        tb = el.find("{*}TitleBlock")
        title = tb.find("{*}Title") if tb is not None else None
    return (inline_text(num) if num is not None else "", inline_text(title) if title is not None else "")


def _emit_group(st: _State, el: etree._Element, ctx: _Ctx) -> None:
    """A Part, Chapter or cross-heading: in the body a non-citable heading; in a schedule a citable part of it
    ("Sch. 1, Part 2", "Annex, Part I") when numbered."""
    number, title = _number_and_title(el)
    window = _window(el, ctx.window)
    head = "\n".join(x for x in (number, title) if x)
    path = ctx.path + ((number or title),) if (number or title) else ctx.path
    if ctx.schedule and ctx.citable and number:
        label = f"{ctx.label}, {_part_word(number).rstrip('.')}"
        st.block()
        fields = _unit_fields(_Ctx(label, path, window=window))
        fields["attrs"]["key"] = st.unique_key(el.get("id") or label)
        o = st.uc.begin(UnitKind.PART, ctx.zone, True, number=number, label=label, section_path=list(path),
                        **fields)
        inner = _Ctx(label, path, ctx.zone, True, window, label if ctx.restarts else ctx.schedule, ctx.notes,
                     restarts=_restarts(el))
        _heading(st, head, inner, f"{label}/heading", inside=True)
        for c in _children(el):
            if local_name(c) not in ("Number", "Title", "TitleBlock"):
                _emit_item(st, c, inner)
        st.uc.end(o)
        return
    inner = _Ctx(ctx.label, path, ctx.zone, ctx.citable, window, ctx.schedule, ctx.notes)
    if head:
        st.block()
        key = f"heading:{el.get('id') or '/'.join(path)}"
        _heading(st, head, inner, key, inside=ctx.schedule is not None)
    for c in _children(el):
        if local_name(c) not in ("Number", "Title", "TitleBlock"):
            _emit_item(st, c, inner)


def _part_word(number: str) -> str:
    """"PART I" -> "Part I", "CHAPTER 2" -> "Chapter 2"."""
    words = number.split()
    return " ".join([words[0].capitalize()] + words[1:]) if words else number


def _emit_p1group(st: _State, el: etree._Element, ctx: _Ctx) -> None:
    """A provision's title and the provision(s) it heads.  UK: the title is printed above the number, a
    heading outside the provision; EU: under "Article N", inside it."""
    _, title = _number_and_title(el)
    window = _window(el, ctx.window)
    inner = _Ctx(ctx.label, ctx.path, ctx.zone, ctx.citable, window, ctx.schedule, ctx.notes)
    provisions = [c for c in _children(el) if _p_level(c) is not None]
    in_schedule_unit = ctx.schedule is not None
    if st.family == "eu" and len(provisions) == 1 and title:
        inner.heading = title
    elif title:
        st.block()
        _heading(st, title, inner, f"title:{'/'.join(ctx.path)}/{title[:40]}", inside=in_schedule_unit)
    if not in_schedule_unit:
        st.block()
    for c in _children(el):
        if local_name(c) in ("Title", "TitleBlock"):
            continue
        _emit_item(st, c, inner)
        inner.heading = None


def _emit_division(st: _State, el: etree._Element, ctx: _Ctx) -> None:
    """An EU division: a recital in the preamble, a numbered point (or note) of an annex, else a heading and
    its contents."""
    number, title = _number_and_title(el)
    window = _window(el, ctx.window)
    if number and ctx.citable:
        bare = bare_number(number)
        if ctx.zone is Zone.BODY and ctx.label == "recital":
            label, kind = f"recital ({bare})", UnitKind.PARAGRAPH
        elif ctx.notes:
            label, kind = f"{ctx.schedule or ctx.label}, note ({bare})", UnitKind.PARAGRAPH
        else:
            label, kind = f"{ctx.label}, point {bare}" if ctx.label else f"point {bare}", UnitKind.PARAGRAPH
        own = ctx.path + (number,)
        st.gap()
        fields = _unit_fields(_Ctx(label, own, window=window))
        fields["attrs"]["key"] = st.unique_key(el.get("id") or label)
        o = st.uc.begin(kind, ctx.zone, True, number=number.rstrip(".") or number, label=label,
                        section_path=list(own), **fields)
        st.line(number)
        st.open_line = True
        inner = _Ctx(label, own, ctx.zone, True, window, ctx.schedule, False)
        if title:
            st.line(title)
        for c in _children(el):
            if local_name(c) not in ("Number", "Title", "TitleBlock"):
                _emit_item(st, c, inner)
        st.open_line = False
        st.uc.end(o)
        return
    notes = ctx.notes or bool(title and NOTES_HEADING.match(title))
    inner = _Ctx(ctx.label, ctx.path + ((title,) if title else ()), ctx.zone, ctx.citable, window,
                 ctx.schedule, notes)
    if number or title:
        _heading(st, "\n".join(x for x in (number, title) if x), inner,
                 f"heading:{el.get('id') or '/'.join(inner.path)}", inside=ctx.schedule is not None)
    for c in _children(el):
        if local_name(c) not in ("Number", "Title", "TitleBlock"):
            _emit_item(st, c, inner)


_DESIGNATION = re.compile(r"^(\d+[A-Z]*|[IVXLC]+|[A-Z])$")


def _schedule_label(number: str, index: int) -> str:
    """"SCHEDULE 1" -> "Sch. 1", "FIRST SCHEDULE" -> "Sch. 1", "ANNEX II" -> "Annex II", "SCHEDULE" -> "Sch."
    (an annex printed in every language names itself in English among them)."""
    words = [w for w in re.split(r"[\s\u2014\u2013-]+", number) if w]
    lower = [w.lower() for w in words]
    at = next((i for i, w in enumerate(lower) if w in ("schedule", "annex", "appendix")), None)
    if at is None:
        return _part_word(number) if number else f"Sch. {index}"
    after = words[at + 1] if at + 1 < len(words) else ""
    designation = after if _DESIGNATION.match(after) else ""
    if not designation and at > 0 and lower[at - 1] in ORDINAL_WORDS:
        designation = str(ORDINAL_WORDS.index(lower[at - 1]) + 1)
    head = "Sch." if lower[at] == "schedule" else words[at].capitalize()
    return f"{head} {designation}" if designation else head


def _restarts(sch: etree._Element) -> bool:
    """Whether a schedule's paragraphs are numbered afresh in each of its parts (a number printed twice)."""
    seen: set[str] = set()
    for p1 in sch.iter("{*}P1"):
        if any(local_name(a) in ("BlockAmendment", "BlockExtract") for a in p1.iterancestors()):
            continue
        pn = p1.find("{*}Pnumber")
        n = inline_text(pn) if pn is not None else ""
        if n in seen:
            return True
        seen.add(n)
    return False


def _emit_schedule(st: _State, sch: etree._Element, ctx: _Ctx, index: int) -> None:
    number, title = _number_and_title(sch)
    label = _schedule_label(number, index)
    window = _window(sch, ctx.window)
    path = ctx.path + (label,)
    st.block()
    fields = _unit_fields(_Ctx(label, path, window=window))
    fields["attrs"]["key"] = st.unique_key(sch.get("id") or label)
    o = st.uc.begin(UnitKind.PART, Zone.SCHEDULE, True, number=number or None, label=label,
                    section_path=list(path), **fields)
    inner = _Ctx(label, path, Zone.SCHEDULE, True, window, label, restarts=_restarts(sch))
    ref = sch.find("{*}Reference")
    head = "\n".join(x for x in (number, title, inline_text(ref) if ref is not None else "") if x)
    _heading(st, head, inner, f"{label}/heading", inside=True)
    for c in _children(sch):
        if local_name(c) in ("Number", "Title", "TitleBlock", "Reference"):
            continue
        if local_name(c) == "ScheduleBody":
            for cc in _children(c):
                _emit_item(st, cc, inner)
        else:
            _emit_item(st, c, inner)
    st.open_line = False
    st.uc.end(o)


# -- prelims -------------------------------------------------------------------------------------------------


def _emit_prelims(st: _State, prelims: etree._Element, path: tuple[str, ...]) -> None:
    """Cover lines (title, number, long title, dates), then the preamble: citations and enacting words are
    cover, an EU act's numbered recitals are citable."""
    cover: list[str] = []
    preambles: list[etree._Element] = []
    for c in _children(prelims):
        name = local_name(c)
        if name in ("PrimaryPreamble", "SecondaryPreamble", "EUPreamble"):
            preambles.append(c)
        elif name in _MARKS:
            continue
        else:
            cover.extend(flat_lines(c))
    if cover:
        st.block()
        s, e = st.b.append("\n".join(cover))
        st.uc.add(UnitKind.HEADING, s, e, Zone.COVER, False, parent=None, section_path=list(path),
                  attrs={"key": st.unique_key("title")})
    for pre in preambles:
        st.block()
        ctx = _Ctx("recital", path, Zone.BODY, True)
        _emit_preamble(st, pre, ctx)


def _emit_preamble(st: _State, pre: etree._Element, ctx: _Ctx) -> None:
    for c in _children(pre):
        name = local_name(c)
        if name == "Division" and c.find("{*}Number") is not None:
            _emit_division(st, c, ctx)
        elif name in ("IntroductoryText", "EnactingText", "P", "Para") or _is_block(c):
            if name == "P" and any(local_name(x) == "Division" for x in _children(c)):
                _emit_preamble(st, c, ctx)
                continue
            lines = flat_lines(c)
            if lines:
                st.b.separate("\n")
                s, e = st.b.append("\n".join(lines))
                key = "enacting-formula" if name == "EnactingText" else "preamble"
                st.uc.add(UnitKind.BLOCK, s, e, Zone.COVER, False, parent=None, section_path=list(ctx.path),
                          attrs={"key": st.unique_key(key)})
            st.open_line = False


# -- notes ---------------------------------------------------------------------------------------------------


def _ref_order(root: etree._Element, ref_tag: str) -> dict[str, int]:
    order: dict[str, int] = {}
    for r in root.iter(f"{{*}}{ref_tag}"):
        ref = r.get("Ref")
        if ref and ref not in order:
            order[ref] = len(order) + 1
    return order


def _emit_footnotes(st: _State, root: etree._Element, path: tuple[str, ...]) -> None:
    """Every footnote, in the order first referred to (then the unreferred), after the instrument (zone
    note)."""
    order = _ref_order(root, "FootnoteRef")
    found = [f for f in root.iter("{*}Footnote") if f.get("id")]
    notes = [f for _, f in sorted(enumerate(found), key=lambda x: (order.get(x[1].get("id") or "",
                                                                               len(order) + 1 + x[0])))]
    for i, f in enumerate(notes, 1):
        lines = flat_lines(f.find("{*}FootnoteText") if f.find("{*}FootnoteText") is not None else f)
        if not lines:
            continue
        st.block() if i == 1 else st.b.separate("\n")
        number = str(i)
        s, e = st.b.append(f"{number} " + "\n".join(lines))
        st.uc.add(UnitKind.BLOCK, s, e, Zone.NOTE, False, parent=None, section_path=list(path), number=number,
                  label=f"footnote {number}", attrs={"key": st.unique_key(f"footnote:{f.get('id')}"),
                                                      "note_type": "footnote", "id": f.get("id")})


def _emit_commentaries(st: _State, root: etree._Element, path: tuple[str, ...]) -> None:
    """Editorial commentary (amendments made, commencement, extent), after the instrument: zone note, numbered
    by type in the order first referred to ("F1", "C2"), as legislation.gov.uk prints them."""
    order = _ref_order(root, "CommentaryRef")
    for el in root.iter():
        if isinstance(el.tag, str) and el.get("CommentaryRef") and el.get("CommentaryRef") not in order:
            order[el.get("CommentaryRef") or ""] = len(order) + 1
    comms = [c for c in root.iter("{*}Commentary") if c.get("id")]
    comms.sort(key=lambda c: order.get(c.get("id") or "", 10 ** 6))
    counts: dict[str, int] = {}
    first = True
    for c in comms:
        kind = c.get("Type") or "X"
        counts[kind] = counts.get(kind, 0) + 1
        number = f"{kind}{counts[kind]}"
        lines = flat_lines(c)
        if not lines:
            continue
        st.block() if first else st.b.separate("\n")
        first = False
        s, e = st.b.append(f"{number} " + "\n".join(lines))
        st.uc.add(UnitKind.BLOCK, s, e, Zone.NOTE, False, parent=None, section_path=list(path), number=number,
                  attrs={"key": st.unique_key(f"commentary:{c.get('id')}"), "note_type": "commentary",
                         "commentary_type": kind, "id": c.get("id")})


# -- metadata ------------------------------------------------------------------------------------------------


def _meta_value(meta: etree._Element | None, name: str, attr: str = "Value") -> str | None:
    if meta is None:
        return None
    el = meta.find(f".//{{*}}{name}")
    if el is None:
        return None
    return el.get(attr) if attr else clean_text("".join(el.itertext())) or None


def _identity(root: etree._Element, meta: etree._Element | None) -> tuple[str | None, str | None, str | None]:
    """(type code, year, number) from the identifier URI, else the metadata."""
    uris = [root.get("IdURI") or "", root.get("DocumentURI") or "",
            root.get("{http://www.w3.org/XML/1998/namespace}base") or ""]
    if meta is not None:
        uris += [clean_text("".join(e.itertext())) for e in meta.iter("{*}identifier")]
    for uri in uris:
        m = re.search(r"legislation\.gov\.uk/(?:id/)?([a-z]+)/(\d{4})/(\d+)", uri)
        if m:
            return m.group(1), m.group(2), m.group(3)
    year = _meta_value(meta, "Year")
    number = _meta_value(meta, "Number")
    return _TYPE_CODES.get(_meta_value(meta, "DocumentMainType") or ""), year, number


def _document_type(meta: etree._Element | None, body_name: str) -> str:
    main = _meta_value(meta, "DocumentMainType") or ""
    minor = (_meta_value(meta, "DocumentMinorType") or "").lower()
    if main in _MAIN_TYPES:
        return _MAIN_TYPES[main]
    if body_name == "Secondary":
        return minor or "instrument"
    if body_name == "EURetained":
        return "eu legislation"
    return "act"


def _citation(code: str | None, year: str | None, number: str | None, title: str, family: str) -> str | None:
    if family == "eu":
        own = EU_OWN_NUMBER.search(title)
        kind_word = re.search(r"\b(Regulation|Directive|Decision|Recommendation)\b", title)
        if own and kind_word:  # "Commission Decision of 14 September 2004 amending Decision 2002/627/EC … (2004/641/EC)"
            return f"{kind_word.group(1)} {own.group(1)}"
        m = EU_ACT_CITATION.search(title)
        if m and m.end() <= len(title.split(" of ", 1)[0]):  # its own name before "of [date]", not one it amends
            kind, author, no, num = m.groups()
            return f"{kind} " + (f"({author}) " if author else "") + (no or "") + num
        return None
    if not (year and number):
        return None
    if not code:
        return None
    form = UK_CITATION_FORMS.get(code, "{code} {year}/{number}")
    return form.format(code=code or "", year=year, number=number.lstrip("0") or number)


def _valid_date(meta: etree._Element | None) -> str | None:
    if meta is None:
        return None
    for el in meta.iter("{*}valid"):
        t = clean_text("".join(el.itertext()))
        if _DATE.match(t):
            return t[:10]
    return None


def _distinct_annex_notes(units: tuple[Unit, ...]) -> tuple[Unit, ...]:
    """Notes numbered again in another part of one annex: each names the part it is in."""
    return distinguish_by_headings(
        units, lambda u: bool(u.label) and ", note (" in str(u.label),
        lambda u: tuple(u.section_path[1:-1]),
        lambda u, heads: str(u.label).replace(", note (", ", " + ", ".join(heads) + ", note (", 1))


def parse(data: bytes, source: str) -> ParsedDocument:
    """Parse one legislation.gov.uk CLML file (an Act, an SI or retained EU legislation)."""
    root, warnings = load_xml(data, source)
    if local_name(root) != "Legislation":
        raise ParseError(source, f"root element is <{local_name(root)}>, not a legislation.gov.uk "
                                 "<Legislation>")
    meta = next((c for c in _children(root) if local_name(c) == "Metadata"), None)
    body_root = next((c for c in _children(root) if local_name(c) in ("Primary", "Secondary", "EURetained")),
                     None)
    if body_root is None:
        raise ParseError(source, "CLML file holds no legislation (no <Primary>, <Secondary> or "
                                 "<EURetained>): it may be metadata or a table of contents only")
    body_name = local_name(body_root)
    family = {"Primary": "act", "Secondary": "si", "EURetained": "eu"}[body_name]
    prelims = next((c for c in _children(body_root) if local_name(c).endswith("Prelims")), None)

    title_el = prelims.find("{*}Title") if prelims is not None else None
    if title_el is None and prelims is not None:
        title_el = prelims.find("{*}MultilineTitle")
    title = " ".join(flat_lines(title_el)) if title_el is not None else ""
    if not title:
        title = _meta_value(meta, "title", attr="") or ""
    code, year, number = _identity(root, meta)
    doc_type = _document_type(meta, body_name)
    citation = _citation(code, year, number, title, family)
    title = title or citation or source

    b = TextBuilder()
    uc = UnitCollector(b)
    st = _State(b, uc, family, family == "si", warnings,
                versions={v.get("id"): v for vs in root.iter("{*}Versions") for v in _children(vs)
                          if local_name(v) == "Version" and v.get("id")})
    path = (title,)
    root_window = _window(root, (None, None, None))
    if prelims is not None:
        _emit_prelims(st, prelims, path)
    else:
        s, e = b.append(title)
        uc.add(UnitKind.HEADING, s, e, Zone.COVER, False, parent=None, section_path=list(path),
               attrs={"key": st.unique_key("title")})
    contents = next((c for c in _children(root) if local_name(c) == "Contents"), None)
    if contents is not None:
        _flat_block(st, contents, Zone.OTHER, "contents", path)

    ctx = _Ctx(None, path, Zone.BODY, True, root_window)
    schedules = 0
    for part in _children(body_root):
        name = local_name(part)
        if part is prelims:
            continue
        if name in ("Body", "EUBody"):
            for c in _children(part):
                st.block() if _p_level(c) is not None else None
                _emit_item(st, c, _Ctx(None, path, Zone.BODY, True, _window(part, root_window)))
        elif name == "Schedules":
            for c in _children(part):
                if local_name(c) == "Schedule":
                    schedules += 1
                    _emit_schedule(st, c, ctx, schedules)
                elif local_name(c) in ("Title",):
                    continue
                else:
                    _emit_item(st, c, ctx)
        elif name in _NOTE_BLOCKS:
            _flat_block(st, part, _NOTE_BLOCKS[name], name.lower(), path)
        elif name in ("Appendix", "Attachments", "Attachment"):
            _flat_block(st, part, Zone.OTHER, name.lower(), path)
        else:
            _flat_block(st, part, Zone.OTHER, name.lower(), path)
    _emit_footnotes(st, root, path)
    _emit_commentaries(st, root, path)

    units = _extent_labels(_distinct_annex_notes(uc.units()), st.extents)
    if not any(u.citable for u in units):
        raise ParseError(source, f"CLML <{body_name}> holds no provisions: nothing citable to read")
    enacted = _meta_value(meta, "EnactmentDate", "Date")
    made = _meta_value(meta, "Made", "Date")
    version_date = root_window[0] or _valid_date(meta)
    date = version_date or enacted or made
    status = "revised" if root.get("RestrictStartDate") else {"act": "as enacted", "si": "as made",
                                                               "eu": "as adopted"}[family]
    version = {"date": date, "label": f"{status} ({date})" if date else status,
               "in_force_to": root_window[1]}
    return ParsedDocument(
        format=Format.CLML,
        kind=DocumentKind.STATUTE,
        title=title,
        text=b.text(),
        units=units,
        citation=citation,
        date=date,
        work=f"uk/{code}/{year}/{number}" if code and year and number else None,
        version=version,
        warnings=tuple(st.warnings),
        meta={"document_type": doc_type, "category": body_name.lower(), "jurisdiction": "uk",
              "legislation_type": code, "year": year, "number": number, "enacted": enacted, "made": made,
              "main_type": _meta_value(meta, "DocumentMainType"), "extent": root.get("RestrictExtent")},
    )
