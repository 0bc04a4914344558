""".docx (Word) documents: paragraphs in order with **Word's own list numbering rendered**.

A contract written in Word usually has no clause numbers in its text: "1.", "1.1" and "(a)" are drawn by Word
from ``word/numbering.xml`` (``w:numPr`` on the paragraph or on its style).  python-docx returns the text
without them, and a contract read that way has no clause numbers at all.  So this reader opens the package
itself and renders each numbered paragraph's label as Word prints it, then writes one canonical text:

* paragraphs in document order (inside content controls too), one paragraph a line, a blank line between;
* a numbered paragraph starts with its rendered label and a space ("1.1 The Supplier shall ...");
* tables as text, one row a line, cells separated by a tab;
* tracked changes as accepted: ``w:ins`` kept, ``w:del`` / ``w:moveFrom`` dropped; hidden text, comments,
  field instructions and the fallback copies of drawing content left out;
* a soft line break is a newline, a tab a tab.

That text goes through :func:`pincite.parse.text.analyse_text`, the structure parsing every text and PDF
contract gets.  When Word itself numbers the clauses (:func:`word_units`), the units are then built from its
numbering rather than re-read from the text: a unit per numbered paragraph, its list level saying whose child
it is (a level printing only its own number, "(%3)", is cited under its parent: cl. 2.2(a)); unnumbered
paragraphs belong to the number above them (a number carried by a heading applies to the text under it), or to
an outer item when they are set where its text starts; an (a)/(i) list with an abstract numbering of its own
sits under the clause above it.  What precedes the first clause is the front: a cover page, order form or
key-terms table set out before the standard terms makes it all the cover (not citable); otherwise drafting
notes, a template's blanks, legends in capitals and notes on the form are not citable and the parties' words
are.  The signatures and attachments are the text analysis's.  Clause numbers typed as text are left to the
text analysis (which reads Word's numbers too, as text).  Offsets are into the canonical text, as for every
other format.

What Word leaves unnumbered or uncounted, and why, is in :func:`_paragraph`'s docstring (the paragraph mark
carries the number: an empty mark that only carries a section break is neither numbered nor counted).

Numbering (ECMA-376 §17.9): ``w:abstractNum`` levels (``w:start``, ``w:numFmt``, ``w:lvlText`` with ``%1``..``%9``,
``w:lvlRestart``, ``w:isLgl``), ``w:num`` instances with ``w:lvlOverride`` (``w:startOverride`` or a whole
``w:lvl``), numbering styles (``w:numStyleLink``), and numbering given by a paragraph style (``w:basedOn``
followed).  Instances of one abstract numbering continue one list, as Word does, unless an instance overrides
a start, which restarts it.

Untrusted input: the package is read with :mod:`zipfile` and each part is capped at ``MAX_PART_BYTES``
uncompressed (a zip bomb is refused, not inflated); every XML part goes through
:func:`pincite.parse.xmlsafe.load_xml` (no DTD, no entity is ever resolved: a part that declares one is refused).
"""

from __future__ import annotations

import io
import posixpath
import re
import zipfile
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from lxml import etree

from pincite.errors import ParseError
from pincite.legal.contracts import (
    DRAFTING_NOTES,
    FORM_NOTICES,
    INSTRUMENT_TITLE_WORDS,
    PLACEHOLDER,
    SIGNATURE_FIELDS,
)
from pincite.parse.builder import CELL_SEP
from pincite.parse.contract import heading_of
from pincite.parse.xmlsafe import load_xml
from pincite.types import DocumentKind, Format, ParsedDocument, Unit, UnitKind, Zone

if TYPE_CHECKING:
    from pincite.parse.text import TextAnalysis

W = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
_W = "{%s}" % W
_REL_NS = "http://schemas.openxmlformats.org/package/2006/relationships"
_OFFICE_DOC = "/officeDocument"
_MC = "{http://schemas.openxmlformats.org/markup-compatibility/2006}"

#: The most one part of the package may inflate to; a contract's document.xml is a few MB at most.
MAX_PART_BYTES = 64 << 20
#: The most all the parts read may inflate to together.
MAX_TOTAL_BYTES = 160 << 20

ZIP_MAGIC = b"PK\x03\x04"
OLE_MAGIC = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"  # an encrypted (password-protected) .docx, or a legacy .doc

_DOCTYPE = re.compile(rb"<!DOCTYPE", re.I)


# ----------------------------------------------------------------------------------------------
# the package


class _Package:
    """The parts of a .docx, each read at most once and under the size caps."""

    def __init__(self, data: bytes, source: str) -> None:
        self.source = source
        if data[:8] == OLE_MAGIC:
            raise ParseError(source, "not a readable .docx: an OLE compound file, i.e. a password-protected "
                                     "(encrypted) Word document or a legacy .doc; save it unprotected as .docx")
        if not data.startswith(ZIP_MAGIC):
            raise ParseError(source, "not a readable .docx: not a zip archive (a .docx is one)")
        try:
            self.zip = zipfile.ZipFile(io.BytesIO(data))
        except (zipfile.BadZipFile, zipfile.LargeZipFile, ValueError, OSError) as e:
            raise ParseError(source, f"not a readable .docx: the zip archive is damaged ({e})") from None
        self.names = {i.filename: i for i in self.zip.infolist()}
        self.total = 0

    def read(self, name: str) -> bytes | None:
        info = self.names.get(name)
        if info is None:
            return None
        if info.flag_bits & 0x1:
            raise ParseError(self.source, f"not a readable .docx: part {name} is encrypted")
        if info.file_size > MAX_PART_BYTES:
            raise ParseError(self.source, f"refused: part {name} would inflate to {info.file_size >> 20} MB "
                                          f"(over the {MAX_PART_BYTES >> 20} MB limit; a zip bomb?)")
        try:
            with self.zip.open(info) as f:
                # never trust the declared size: read one byte past the cap and stop
                out = f.read(MAX_PART_BYTES + 1)
        except (zipfile.BadZipFile, NotImplementedError, ValueError, OSError, EOFError) as e:
            raise ParseError(self.source, f"not a readable .docx: part {name} cannot be read ({e})") from None
        except Exception as e:  # zlib.error and friends
            raise ParseError(self.source, f"not a readable .docx: part {name} cannot be read "
                                          f"({type(e).__name__}: {e})") from None
        if len(out) > MAX_PART_BYTES:
            raise ParseError(self.source, f"refused: part {name} inflates to over {MAX_PART_BYTES >> 20} MB "
                                          "(a zip bomb?)")
        self.total += len(out)
        if self.total > MAX_TOTAL_BYTES:
            raise ParseError(self.source, f"refused: the parts read inflate to over {MAX_TOTAL_BYTES >> 20} MB "
                                          "(a zip bomb?)")
        return out

    def xml(self, name: str) -> etree._Element | None:
        data = self.read(name)
        if data is None:
            return None
        if _DOCTYPE.search(data):  # anywhere, not only in the first 64 KB load_xml looks at
            raise ParseError(self.source, f"refused: part {name} has a DOCTYPE (a DTD, where entities are "
                                          "declared); Word never writes one and pincite never resolves entities")
        try:
            root, _warnings = load_xml(data, self.source)
        except ParseError as e:
            raise ParseError(self.source, f"not a readable .docx: part {name}: {e.reason}") from None
        return root

    def rels(self, part: str) -> dict[str, tuple[str, str]]:
        """A part's relationships: id -> (type, target part name)."""
        folder, base = posixpath.split(part)
        root = self.xml(posixpath.join(folder, "_rels", base + ".rels"))
        out: dict[str, tuple[str, str]] = {}
        if root is None:
            return out
        for r in root:
            if not isinstance(r.tag, str) or not r.tag.endswith("Relationship") or r.get("TargetMode") == "External":
                continue
            target = r.get("Target") or ""
            name = target.lstrip("/") if target.startswith("/") else posixpath.normpath(posixpath.join(folder, target))
            out[r.get("Id") or ""] = (r.get("Type") or "", name)
        return out

    def main_part(self) -> str:
        for typ, name in self.rels("").values():
            if typ.endswith(_OFFICE_DOC) and name in self.names:
                return name
        if "word/document.xml" in self.names:
            return "word/document.xml"
        raise ParseError(self.source, "not a readable .docx: the zip archive has no word/document.xml "
                                      "(an .xlsx, .pptx or other zip?)")


def is_docx(data: bytes) -> bool:
    """Whether ``data`` is a zip holding a Word document (read from the zip's directory; nothing inflated)."""
    if not data.startswith(ZIP_MAGIC):
        return False
    try:
        names = zipfile.ZipFile(io.BytesIO(data)).namelist()
    except (zipfile.BadZipFile, zipfile.LargeZipFile, ValueError, OSError):
        return False
    return "word/document.xml" in names or any(n.startswith("word/") and n.endswith(".xml") for n in names)


# ----------------------------------------------------------------------------------------------
# numbering


@dataclass(slots=True)
class Level:
    start: int = 1
    fmt: str = "decimal"
    text: str = ""
    restart: int | None = None  # w:lvlRestart: restart after a use of level <= restart-1; 0 never
    legal: bool = False  # w:isLgl: every number in the label in decimal
    style: str | None = None  # w:pStyle: the paragraph style that uses this level
    hidden: bool = False  # w:rPr/w:vanish on the level: the number is counted but not drawn
    indent: int | None = None  # w:pPr/w:ind on the level: where the numbered paragraph's text starts


@dataclass(slots=True)
class Numbering:
    abstract: dict[str, dict[int, Level]] = field(default_factory=dict)
    num_abstract: dict[str, str] = field(default_factory=dict)  # numId -> abstractNumId
    overrides: dict[str, dict[int, tuple[int | None, Level | None]]] = field(default_factory=dict)
    counters: dict[str, dict[int, int]] = field(default_factory=dict)  # per abstract numbering
    seen: set[tuple[str, int]] = field(default_factory=set)  # (numId, ilvl) whose startOverride was used
    restarted_levels: set[tuple[str, int]] = field(default_factory=set)  # (abstract, ilvl) an override restarted
    last_level: dict[str, int] = field(default_factory=dict)  # per abstract: the level it last drew
    drawn: set[str] = field(default_factory=set)  # the instances that have drawn a number
    owners: dict[str, dict[int, str]] = field(default_factory=dict)  # per abstract: the instance that drew each level
    restarted: bool = False  # whether the last number drawn began its level again

    def level(self, num_id: str, ilvl: int) -> Level | None:
        ov = self.overrides.get(num_id, {}).get(ilvl)
        if ov is not None and ov[1] is not None:
            return ov[1]
        abstract = self.num_abstract.get(num_id)
        if abstract is None:
            return None
        return self.abstract.get(abstract, {}).get(ilvl)

    def next_label(self, num_id: str, ilvl: int) -> str | None:
        """Advance the list of ``num_id`` at level ``ilvl`` and return the label Word prints (None if none)."""
        abstract = self.num_abstract.get(num_id)
        lvl = self.level(num_id, ilvl)
        if abstract is None or lvl is None:
            return None
        counts = self.counters.setdefault(abstract, {})
        start = self.overrides.get(num_id, {}).get(ilvl, (None, None))[0]
        last = self.last_level.get(abstract)
        # back from a deeper level that an override restarted ("1.1" again under a new instance), this instance's
        # override of the shallower level is not a new list: the paragraphs run on ("19", "19.1", "20")
        back_from_restart = (last is not None and last > ilvl and (abstract, last) in self.restarted_levels
                             and not (num_id not in self.drawn and start is not None))
        owners = self.owners.setdefault(abstract, {})
        own_level = ilvl in counts and owners.get(ilvl) == num_id  # this instance drew the level last: it runs on
        if start is not None and (num_id, ilvl) not in self.seen and not back_from_restart and not own_level:
            # Word's startOverride seeds the level it is given for, once, when this instance first draws that
            # level (the list's other levels run on: a sub-list "restarted at (a)" does not restart its parent)
            self.seen.add((num_id, ilvl))
            self.restarted_levels.add((abstract, ilvl))
            counts[ilvl] = start
        else:
            counts[ilvl] = counts[ilvl] + 1 if ilvl in counts else self._start(num_id, ilvl)
        for k in range(ilvl):  # a sub-level drawn first counts its parents as begun ("1.1": the next top is 2)
            counts.setdefault(k, self._start(num_id, k))
        self.drawn.add(num_id)
        self.last_level[abstract] = ilvl
        owners[ilvl] = num_id
        self.restarted = counts[ilvl] <= self._start(num_id, ilvl)
        for k in list(counts):
            if k > ilvl:
                deeper = self.level(num_id, k)
                restart = deeper.restart if deeper is not None and deeper.restart is not None else k
                if ilvl < restart:
                    del counts[k]
        return self.render(num_id, ilvl, counts)

    def own(self, num_id: str, ilvl: int) -> tuple[str | None, bool]:
        """The level's own number as last drawn ("a", "iv"), and whether its text prints only that number."""
        lvl = self.level(num_id, ilvl)
        counts = self.counters.get(self.num_abstract.get(num_id, ""), {})
        if lvl is None or lvl.fmt == "bullet" or ilvl not in counts:
            return None, False
        refs = {int(k) - 1 for k in re.findall(r"%([1-9])", lvl.text)}
        return format_number(counts[ilvl], lvl.fmt) or None, refs <= {ilvl}

    def _start(self, num_id: str, ilvl: int) -> int:
        lvl = self.level(num_id, ilvl)
        return lvl.start if lvl is not None else 1

    def render(self, num_id: str, ilvl: int, counts: dict[int, int]) -> str:
        lvl = self.level(num_id, ilvl)
        assert lvl is not None
        if lvl.fmt == "bullet":
            return "\u2022"

        def sub(m: re.Match[str]) -> str:
            k = int(m.group(1)) - 1
            other = self.level(num_id, k)
            value = counts.get(k, self._start(num_id, k))
            fmt = "decimal" if (lvl.legal and k != ilvl) or other is None else other.fmt
            return format_number(value, fmt)

        return re.sub(r"%([1-9])", sub, lvl.text).strip()


def to_roman(n: int) -> str:
    if n <= 0:
        return str(n)
    out = []
    for value, numeral in ((1000, "m"), (900, "cm"), (500, "d"), (400, "cd"), (100, "c"), (90, "xc"), (50, "l"),
                           (40, "xl"), (10, "x"), (9, "ix"), (5, "v"), (4, "iv"), (1, "i")):
        while n >= value:
            out.append(numeral)
            n -= value
    return "".join(out)


def to_letters(n: int) -> str:
    """Word's letters: a..z, then aa..zz, aaa.. (the letter repeated, not a base-26 number)."""
    if n <= 0:
        return str(n)
    return chr(ord("a") + (n - 1) % 26) * ((n - 1) // 26 + 1)


def format_number(n: int, fmt: str) -> str:
    if fmt == "lowerLetter":
        return to_letters(n)
    if fmt == "upperLetter":
        return to_letters(n).upper()
    if fmt == "lowerRoman":
        return to_roman(n)
    if fmt == "upperRoman":
        return to_roman(n).upper()
    if fmt == "decimalZero":
        return f"{n:02d}"
    if fmt == "none":
        return ""
    return str(n)  # decimal, and the formats a contract does not use (ordinal, cardinalText, ...) as decimal


def _val(el: etree._Element | None, default: str | None = None) -> str | None:
    if el is None:
        return default
    return el.get(_W + "val", default)


def _on(el: etree._Element | None) -> bool:
    """An on/off property (ST_OnOff): present and not switched off."""
    return el is not None and _val(el, "1") not in ("0", "false", "off")


def _int(el: etree._Element | None, default: int) -> int:
    try:
        return int(_val(el) or default)
    except ValueError:
        return default


def _read_level(el: etree._Element) -> Level:
    restart = el.find(_W + "lvlRestart")
    legal = el.find(_W + "isLgl")
    rpr = el.find(_W + "rPr")
    return Level(hidden=rpr is not None and _on(rpr.find(_W + "vanish")), indent=_indent(el.find(_W + "pPr")),
                 start=_int(el.find(_W + "start"), 1),
                 fmt=_val(el.find(_W + "numFmt"), "decimal") or "decimal",
                 text=_val(el.find(_W + "lvlText"), "") or "",
                 restart=_int(restart, 0) if restart is not None else None,
                 legal=legal is not None and _val(legal, "1") not in ("0", "false", "off"),
                 style=_val(el.find(_W + "pStyle")))


def read_numbering(root: etree._Element | None, styles: dict[str, _Style]) -> Numbering:
    n = Numbering()
    if root is None:
        return n
    links: dict[str, str] = {}  # abstractNumId -> numbering style it takes its levels from
    style_defs: dict[str, str] = {}  # numbering style -> abstractNumId that defines it
    for a in root.iter(_W + "abstractNum"):
        aid = a.get(_W + "abstractNumId") or ""
        n.abstract[aid] = {_int_attr(lv, "ilvl"): _read_level(lv) for lv in a.iter(_W + "lvl")}
        link = _val(a.find(_W + "numStyleLink"))
        if link:
            links[aid] = link
        defines = _val(a.find(_W + "styleLink"))
        if defines:
            style_defs[defines] = aid
    for num in root.iter(_W + "num"):
        nid = num.get(_W + "numId") or ""
        aid = _val(num.find(_W + "abstractNumId")) or ""
        n.num_abstract[nid] = aid
        ovs: dict[int, tuple[int | None, Level | None]] = {}
        for ov in num.iter(_W + "lvlOverride"):
            so = ov.find(_W + "startOverride")
            lv = ov.find(_W + "lvl")
            ovs[_int_attr(ov, "ilvl")] = (_int(so, 1) if so is not None else None,
                                          _read_level(lv) if lv is not None else None)
        if ovs:
            n.overrides[nid] = ovs
    # an abstract numbering that only links to a numbering style uses the levels of the one defining it
    for aid, link in links.items():
        target = style_defs.get(link)
        if target is None:
            st = styles.get(link)
            if st is not None and st.num_id is not None:
                target = n.num_abstract.get(st.num_id)
        if target is not None and target != aid and not n.abstract.get(aid):
            n.abstract[aid] = n.abstract.get(target, {})
            for nid, a in list(n.num_abstract.items()):
                if a == aid:
                    n.num_abstract[nid] = target
    return n


def _int_attr(el: etree._Element, name: str) -> int:
    try:
        return int(el.get(_W + name) or 0)
    except ValueError:
        return 0


# ----------------------------------------------------------------------------------------------
# styles


@dataclass(slots=True)
class _Style:
    name: str = ""
    based_on: str | None = None
    num_id: str | None = None
    ilvl: int | None = None
    outline: int | None = None
    indent: int | None = None  # w:pPr/w:ind's left (start) edge, in twentieths of a point


def _indent(ppr: etree._Element | None) -> int | None:
    """The left (start) indentation a w:pPr sets, in twips; None when it sets none."""
    ind = ppr.find(_W + "ind") if ppr is not None else None
    if ind is None:
        return None
    for name in ("left", "start"):
        v = ind.get(_W + name)
        if v is not None:
            try:
                return int(v)
            except ValueError:
                return None
    return None


def read_styles(root: etree._Element | None) -> dict[str, _Style]:
    out: dict[str, _Style] = {}
    if root is None:
        return out
    for s in root.iter(_W + "style"):
        if s.get(_W + "type") not in (None, "paragraph", "numbering"):
            continue
        sid = s.get(_W + "styleId") or ""
        st = _Style(name=(_val(s.find(_W + "name")) or sid), based_on=_val(s.find(_W + "basedOn")))
        ppr = s.find(_W + "pPr")
        if ppr is not None:
            np_ = ppr.find(_W + "numPr")
            if np_ is not None:
                st.num_id = _val(np_.find(_W + "numId"))
                ilvl = np_.find(_W + "ilvl")
                st.ilvl = _int(ilvl, 0) if ilvl is not None else None
            ol = ppr.find(_W + "outlineLvl")
            if ol is not None:
                st.outline = _int(ol, 0)
            st.indent = _indent(ppr)
        out[sid] = st
    return out


def _style_numbering(styles: dict[str, _Style], sid: str | None) -> tuple[str | None, int | None, str | None]:
    """The (numId, ilvl) a paragraph style gives (following w:basedOn), and the style that gave the numId.

    Each is inherited on its own: "Body text 2", based on "Body text 1", may set only ``<w:ilvl w:val="1"/>``
    and take its list from the style it is based on (the list's second level, not its first)."""
    seen = set()
    ilvl: int | None = None
    while sid and sid not in seen and sid in styles:
        seen.add(sid)
        st = styles[sid]
        if ilvl is None:
            ilvl = st.ilvl
        if st.num_id is not None:
            return st.num_id, ilvl, sid
        sid = st.based_on
    return None, None, None


def _style_indent(styles: dict[str, _Style], sid: str | None) -> int | None:
    seen = set()
    while sid and sid not in seen and sid in styles:
        seen.add(sid)
        if styles[sid].indent is not None:
            return styles[sid].indent
        sid = styles[sid].based_on
    return None


def _heading_level(styles: dict[str, _Style], sid: str | None) -> int | None:
    seen = set()
    while sid and sid not in seen and sid in styles:
        seen.add(sid)
        st = styles[sid]
        m = re.fullmatch(r"heading\s*([1-9])", st.name.strip(), re.I)
        if m:
            return int(m.group(1))
        if st.outline is not None and st.outline < 9:
            return st.outline + 1
        sid = st.based_on
    return None


# ----------------------------------------------------------------------------------------------
# the body


_SKIP = {_W + "del", _W + "moveFrom", _W + "delText", _W + "instrText", _W + "delInstrText",
         _W + "commentReference", _W + "footnoteReference", _W + "endnoteReference", _W + "txbxContent",
         _W + "pPr", _W + "rPr", _MC + "Fallback"}


@dataclass(slots=True)
class Block:
    """One paragraph (or table row) of the canonical text, before it is written out."""

    text: str
    label: str | None = None  # the number Word draws, rendered
    heading: int | None = None  # the heading level of its style
    style: str | None = None
    table: bool = False
    list_key: str | None = None  # the list the number belongs to (its abstract numbering)
    ilvl: int | None = None  # the list level of the number
    token: str | None = None  # the level's own number as printed ("a", "iv", "3"), without the parents'
    own_only: bool = False  # the level's text prints only its own number ("(%3)"), not its parents' ("%1.%2")
    restarted: bool = False  # the number is the first of its level again (a list begun anew)
    merge_next: bool = False  # the paragraph mark is never shown (w:specVanish): it runs into the next one
    start: int = -1  # where its line starts in the canonical text (set when the text is written)
    indent: int | None = None  # its left indentation (twips): its own, its number's level's, its style's


def _hidden(run: etree._Element) -> bool:
    rpr = run.find(_W + "rPr")
    if rpr is None:
        return False
    v = rpr.find(_W + "vanish")
    return v is not None and _val(v, "1") not in ("0", "false", "off")


def _run_text(el: etree._Element, out: list[str]) -> None:
    """The visible text under ``el`` (a paragraph or anything in it), tracked changes accepted."""
    for child in el:
        tag = child.tag
        if not isinstance(tag, str) or tag in _SKIP:
            continue
        if tag == _W + "r" and _hidden(child):
            continue
        if tag == _W + "t":
            out.append(child.text or "")
        elif tag == _W + "tab" or tag == _W + "ptab":
            out.append("\t")
        elif tag in (_W + "br", _W + "cr"):
            out.append("\n")
        elif tag == _W + "noBreakHyphen":
            out.append("-")
        elif tag == _W + "softHyphen":
            continue
        else:
            _run_text(child, out)


def _hidden_text(p: etree._Element) -> bool:
    """Whether the paragraph has text in hidden runs (w:vanish)."""
    return any(_hidden(r) and any((t.text or "").strip() for t in r.iter(_W + "t")) for r in p.iter(_W + "r"))


#: Word's LISTNUM field ("LISTNUM 1 \\l 1"): the next number of list 1 at its first level, drawn where the field
#: stands; older judgments number their paragraphs with it where a style's numbering was taken away (numId 0)
_LISTNUM = re.compile(r"^\s*LISTNUM\s+(\d+)\s+\\l\s+([1-9])\b")


def _listnum(p: etree._Element) -> tuple[str, int] | None:
    """The (numId, ilvl) of a LISTNUM field that opens paragraph ``p``, before any of its text; else None."""
    for el in p.iter(_W + "instrText", _W + "t"):
        if el.tag == _W + "t":
            if (el.text or "").strip():
                return None
            continue
        m = _LISTNUM.match(el.text or "")
        return (m.group(1), int(m.group(2)) - 1) if m else None
    return None


def _paragraph(p: etree._Element, styles: dict[str, _Style], numbering: Numbering) -> Block | None:
    """The paragraph as the reader sees it, its number drawn; None when Word shows nothing of it.

    The number belongs to the paragraph mark, so what happens to the mark decides it (ECMA-376 §17.3.1.29, the
    paragraph mark's run properties; §17.9 numbering):

    * a mark deleted or moved away as a tracked change (``w:pPr/w:rPr/w:del`` or ``w:moveFrom``), accepted:
      the paragraph joins the next one; with no text of its own it is gone, and its number is neither drawn
      nor counted;
    * an empty paragraph whose mark carries a section break (``w:pPr/w:sectPr``, §17.6.17): Word draws it as
      the break alone, with no number, and does not count it (an empty numbered Heading 1 that only carries a
      section break before the terms does not make the first clause "2");
    * a paragraph whose every letter is hidden (``w:vanish`` runs) is not shown, but its number is counted:
      Word itself writes hidden numbered paragraphs to make a list continue from a higher number;
    * a level formatted hidden (``w:lvl/w:rPr/w:vanish``) is counted and not drawn;
    * ``w:numId w:val="0"`` takes away the numbering a style gives: nothing drawn, nothing counted;
    * an empty numbered paragraph that is shown prints its number and counts.

    A mark that is always hidden (``w:specVanish``, the "style separator") or hidden (``w:vanish``) with text
    before it runs the paragraph into the next one on the page; the number it carries is printed there.
    """
    ppr = p.find(_W + "pPr")
    mark = ppr.find(_W + "rPr") if ppr is not None else None
    parts: list[str] = []
    _run_text(p, parts)
    text = "".join(parts)
    empty = not text.strip()
    gone = mark is not None and (mark.find(_W + "del") is not None or mark.find(_W + "moveFrom") is not None)
    if empty and (gone or (ppr is not None and ppr.find(_W + "sectPr") is not None)):
        return None
    sid = _val(ppr.find(_W + "pStyle")) if ppr is not None else None
    num_id = ilvl = None
    np_ = ppr.find(_W + "numPr") if ppr is not None else None
    if np_ is not None:
        num_id = _val(np_.find(_W + "numId"))
        il = np_.find(_W + "ilvl")
        ilvl = _int(il, 0) if il is not None else None
    if num_id is None:
        num_id, ilvl, from_style = _style_numbering(styles, sid)
    else:
        from_style = None
    listnum = _listnum(p) if num_id in (None, "0") else None
    if listnum is not None:  # a LISTNUM field opening the paragraph draws the next number of that list
        num_id, ilvl = listnum
    if num_id is not None and ilvl is None:
        # a style's numbering without a level: the level whose w:pStyle names the style, else the first
        ilvl = 0
        lv_style = from_style or sid
        abstract = numbering.abstract.get(numbering.num_abstract.get(num_id, ""), {})
        for k, lv in abstract.items():
            if lv.style and lv.style == lv_style:
                ilvl = k
                break
    block = Block(text=text, heading=_heading_level(styles, sid),
                  style=styles[sid].name if sid in styles else sid,
                  merge_next=not empty and (gone or (mark is not None and (
                      _on(mark.find(_W + "specVanish")) or _on(mark.find(_W + "vanish"))))))
    if num_id is not None and num_id != "0" and not gone:
        label = numbering.next_label(num_id, ilvl or 0) or None
        lvl = numbering.level(num_id, ilvl or 0)
        if lvl is not None and not lvl.hidden and label:
            block.label = label
            block.list_key = numbering.num_abstract.get(num_id)
            block.ilvl = ilvl or 0
            block.token, block.own_only = numbering.own(num_id, ilvl or 0)
            block.restarted = numbering.restarted
    if empty and _hidden_text(p):
        return None  # (counted above, never seen)
    block.indent = _indent(ppr)
    if block.indent is None and num_id is not None and num_id != "0":
        lvl = numbering.level(num_id, ilvl or 0)
        block.indent = lvl.indent if lvl is not None else None
    if block.indent is None:
        block.indent = _style_indent(styles, sid)
    return block


def _merged(blocks: list[Block]) -> list[Block]:
    """Paragraphs whose mark is never shown run into the next paragraph (the number stays the first's)."""
    out: list[Block] = []
    carry: Block | None = None
    for b in blocks:
        if carry is not None and not b.table:
            sep = "" if not carry.text or carry.text[-1:].isspace() or b.text[:1].isspace() else " "
            keep = carry if carry.label else b
            merged = Block(text=carry.text + sep + b.text, label=keep.label, heading=carry.heading,
                           style=carry.style, list_key=keep.list_key, ilvl=keep.ilvl, token=keep.token,
                           own_only=keep.own_only, merge_next=b.merge_next, restarted=keep.restarted,
                           indent=carry.indent)
            b = merged
            carry = None
        elif carry is not None:
            out.append(carry)
            carry = None
        if b.merge_next and not b.table:
            carry = b
            continue
        out.append(b)
    if carry is not None:
        out.append(carry)
    return out


def _body_blocks(el: etree._Element, styles: dict[str, _Style], numbering: Numbering, out: list[Block]) -> None:
    for child in el:
        tag = child.tag
        if tag == _W + "p":
            b = _paragraph(child, styles, numbering)
            if b is not None:
                out.append(b)
        elif tag == _W + "tbl":
            _table(child, styles, numbering, out)
        elif tag in (_W + "sdt", _W + "sdtContent", _W + "customXml", _W + "ins", _W + "moveTo",
                     _MC + "AlternateContent", _MC + "Choice"):
            _body_blocks(child, styles, numbering, out)


def _table(tbl: etree._Element, styles: dict[str, _Style], numbering: Numbering, out: list[Block]) -> None:
    for tr in tbl.iter(_W + "tr"):
        if tr.getparent() is not tbl and tr.getparent() is not None and tr.getparent().tag != _W + "sdtContent":
            continue  # rows of a nested table are read inside their cell
        cells = []
        for tc in tr:
            if tc.tag != _W + "tc":
                continue
            merge = tc.find(f"{_W}tcPr/{_W}vMerge")
            if merge is not None and merge.get(_W + "val") in (None, "continue") \
                    and not "".join(tc.itertext()).strip():
                continue  # an empty cell merged into the one above is not drawn: its paragraphs draw no number
            inner: list[Block] = []
            _body_blocks(tc, styles, numbering, inner)
            inner = _merged(inner)
            cells.append(" ".join(_block_line(b) for b in inner if _block_line(b)).replace("\n", " "))
        if any(c.strip() for c in cells):
            out.append(Block(text=CELL_SEP.join(c.strip() for c in cells), table=True))


def _block_line(b: Block) -> str:
    text = b.text.strip()
    if b.label:
        if b.text.lstrip(" \t").startswith("\n") and text:  # a line break right after the number
            return f"{b.label}\n{text}"
        return f"{b.label} {text}" if text else b.label
    return text


@dataclass(frozen=True, slots=True)
class DocxText:
    text: str
    blocks: tuple[Block, ...]
    title: str | None  # the paragraph in the Title style, if any
    numbered: int  # paragraphs with a number Word draws


def read_docx(data: bytes, source: str) -> DocxText:
    """The canonical text of a .docx (see the module docstring); ParseError naming ``source`` if unreadable."""
    if not data:
        raise ParseError(source, "empty file (0 bytes)")
    pkg = _Package(data, source)
    main = pkg.main_part()
    rels = pkg.rels(main)
    by_type = {typ.rsplit("/", 1)[-1]: name for typ, name in rels.values()}
    styles = read_styles(pkg.xml(by_type.get("styles", "word/styles.xml")))
    numbering = read_numbering(pkg.xml(by_type.get("numbering", "word/numbering.xml")), styles)
    root = pkg.xml(main)
    if root is None or root.tag != _W + "document":
        raise ParseError(source, f"not a Word document: {main} is not a w:document")
    body = root.find(_W + "body")
    blocks: list[Block] = []
    if body is not None:
        _body_blocks(body, styles, numbering, blocks)
    blocks = _merged(blocks)
    lines = [_block_line(b) for b in blocks]
    kept = [(b, ln) for b, ln in zip(blocks, lines) if ln]
    if not kept:
        raise ParseError(source, "the Word document has no text")
    title = next((ln for b, ln in kept if (b.style or "").strip().lower() == "title"), None)
    at = 0
    for b, ln in kept:
        b.start = at
        at += len(ln) + 2
    text = "\n\n".join(ln for _b, ln in kept) + "\n"
    return DocxText(text=text, blocks=tuple(b for b, _ in kept), title=title,
                    numbered=sum(1 for b, _ in kept if b.label and b.label != "\u2022"))


# ----------------------------------------------------------------------------------------------
# units from Word's own numbering

#: fewer paragraphs numbered by Word than this and the numbers are left to the text analysis
MIN_WORD_CLAUSES = 3
#: how far apart (twips; 1440 an inch) two indentations may be and still be one alignment
_ALIGN = 60

_NOTES = [re.compile(p) for p, _ in DRAFTING_NOTES]
_FORM_NOTICES = [re.compile(p) for p, _ in FORM_NOTICES]
_SIGNATURE_FIELDS = [re.compile(p) for p, _ in SIGNATURE_FIELDS]
_PLACEHOLDER = re.compile(PLACEHOLDER)
#: the word a level's text prints before its number, and the prefix it gives ("ARTICLE IV" -> "Art. IV")
_KEYWORD = re.compile(r"^(article|part|section|clause|schedule|annex|appendix|exhibit)\s+", re.I)
_PREFIX = {"article": "Art.", "part": "Pt.", "section": "s.", "clause": "cl."}
_INSTRUMENT = re.compile(r"(?i)\b(?:" + "|".join(w for w, _ in INSTRUMENT_TITLE_WORDS) + r")\b")


def _mostly_capitals(s: str) -> bool:
    letters = [c for c in s if c.isalpha()]
    return len(letters) >= 40 and sum(c.isupper() for c in letters) >= 0.9 * len(letters)


def note_kind(text: str) -> Zone | None:
    """Whether a paragraph before the terms is not a term: a drafting note or a template's blanks only (NOTE),
    a notice about the form or a legend in capitals (COVER); None for the parties' own words."""
    t = text.strip()
    if any(p.search(t) for p in _NOTES):
        return Zone.NOTE
    cells = [c for c in t.split(CELL_SEP) if c.strip()]
    if _PLACEHOLDER.search(t) and all(len(_PLACEHOLDER.sub("", c).split()) <= 3 for c in cells):
        return Zone.NOTE
    if any(p.search(t) for p in _FORM_NOTICES):
        return Zone.COVER
    if len(t.split()) >= 12 and _mostly_capitals(t):
        return Zone.COVER  # "THIS INSTRUMENT ... HAS NOT BEEN REGISTERED UNDER THE SECURITIES ACT": a legend
    return None


def _block_unit(b: Block, text: str, zone: Zone, citable: bool, label: str, path: str) -> dict:
    end = b.start + len(_block_line(b))
    return dict(kind=UnitKind.BLOCK, char_start=b.start, char_end=end, zone=zone, citable=citable,
                number=None, label=label, parent=None, section_path=(path,), attrs={})


def _front_units(blocks: list[Block], text: str) -> list[dict]:
    """The paragraphs before the first clause.  A cover page, order form or key-terms table set out before the
    standard terms (any table there) makes all of them the cover: not citable.  Otherwise the title, parties
    and recitals are the parties' words (citable), less drafting notes, blanks, legends and notes on the
    form."""
    cover = any(b.table for b in blocks)
    out: list[dict] = []
    n = 0
    for b in blocks:
        kind = Zone.COVER if cover else note_kind(b.text)
        if kind is None:
            n += 1
            out.append(_block_unit(b, text, Zone.OTHER, True, f"Preamble ¶{n}", "Preamble"))
        else:
            name = "Cover" if kind is Zone.COVER else "Note"
            out.append(_block_unit(b, text, kind, False, f"{name} ¶{len(out) + 1}", name))
    return out


def _label(b: Block, parent_label: str | None) -> str:
    """The pinpoint of a numbered paragraph: its number as Word prints it when the level prints its parents'
    numbers too ("%1.%2": cl. 2.2, "Section %1.%2": s. 4.01); the parent's label and the level's own number
    when it prints only its own ("(%3)" or "%3." under 2.2: cl. 2.2(a))."""
    printed = (b.label or "").strip()
    m = _KEYWORD.match(printed)
    word = m.group(1).lower() if m else ""
    if b.own_only and parent_label:
        return f"{parent_label}({b.token})"
    number = b.token if b.own_only else printed[m.end():] if m else printed
    number = (number or "").strip().rstrip(".").strip()
    if not b.own_only:
        number = number.strip("()")
    return f"{_PREFIX.get(word, 'cl.')} {number}"


def _tail_end_of_terms(blocks: list[Block], last: int) -> int:
    """Where the terms end after the last numbered paragraph: its unnumbered paragraphs go on until a table
    (the signatures' or an annex's), a heading set in a heading or title style, or a signature block's
    field."""
    k = last + 1
    while k < len(blocks):
        b = blocks[k]
        styled = re.search(r"(?i)\b(?:heading|title)\b", b.style or "") is not None and not b.heading
        if b.table or b.heading == 1 or styled or any(p.search(b.text.strip()) for p in _SIGNATURE_FIELDS):
            break
        k += 1
    return k


def word_units(d: DocxText, a: TextAnalysis) -> tuple[list[Unit], bool] | None:
    """The units of a document whose clauses Word numbers: one per numbered paragraph (its level in the list
    says whose child it is), the unnumbered paragraphs under a number belonging to it; the paragraphs before
    the first one are the front (cover or preamble), those after the terms the signatures or attachments.
    None when Word numbers fewer than :data:`MIN_WORD_CLAUSES` paragraphs outside tables (numbers typed as
    text are left to the text analysis, ``a``, which also gives the signatures and attachments).  Also whether
    the document reads as a contract."""
    from pincite.parse.contract import split_lines
    from pincite.parse.text import find_signatures, has_contract_signals

    blocks = list(d.blocks)
    text = d.text
    numbered = [i for i, b in enumerate(blocks) if b.token and b.list_key is not None and not b.table]
    if len(numbered) < MIN_WORD_CLAUSES:
        return None
    # the clauses' list: the one begun again least often at its top level (an (a)/(i) list in its own
    # numbering starts afresh under every clause that has one), then the one with most paragraphs, the first
    lists: dict[str, list[int]] = {}
    for i in numbered:
        lists.setdefault(blocks[i].list_key or "", []).append(i)

    def rank_list(key: str) -> tuple[int, int, int]:
        idx = lists[key]
        top = min(blocks[i].ilvl or 0 for i in idx)
        restarts = sum(1 for i in idx if (blocks[i].ilvl or 0) == top and blocks[i].restarted)
        return restarts, -len(idx), idx[0]

    main = min(lists, key=rank_list)
    first = next(i for i in numbered if blocks[i].list_key == main)
    body_start = blocks[first].start
    # the end of the terms: the signatures or attachments the text analysis finds, else the tail rule
    lines = split_lines(text)
    tail: list[Unit] = []
    if a.kind is DocumentKind.CONTRACT:
        tail = [u for u in a.units
                if u.zone in (Zone.SIGNATURES, Zone.SCHEDULE) and u.char_start >= body_start]
    sig = find_signatures(text, lines, body_start)
    ends = [len(text)] + [u.char_start for u in tail] + ([sig] if sig is not None else [])
    limit = min(ends)
    inside = [i for i in numbered if i >= first and blocks[i].start < limit]
    if not inside:
        return None
    stop = _tail_end_of_terms(blocks, inside[-1])
    body_end = min(limit, blocks[stop].start if stop < len(blocks) else len(text))
    # clause numbers typed as text in paragraphs Word does not number ("1. DEFINITIONS" typed, its (a) list
    # drawn by Word): the text analysis reads both kinds, Word's lists alone would lose the typed ones
    plain = {b.start for b in blocks if not b.label and not b.table}
    typed = sum(1 for u in a.units if u.zone is Zone.BODY and u.number and u.char_start in plain
                and body_start <= u.char_start < body_end)
    if typed >= max(2, len(inside) // 5):
        return None
    title = d.title or a.title
    contract = (a.kind is DocumentKind.CONTRACT or bool(_INSTRUMENT.search(title or ""))
                or has_contract_signals(text, title or "", body_start, sig))

    out: list[dict] = _front_units(blocks[:first], text)
    clauses: list[dict] = []
    stack: list[tuple[int, int]] = []  # (rank, index into clauses)
    indents: list[int | None] = []  # each clause's indentation
    used: set[str] = set()

    def close(k: int, at: int) -> None:
        u = clauses[k]
        while at > u["char_start"] and text[at - 1].isspace():
            at -= 1
        u["char_end"] = max(at, u["char_start"] + 1)

    for i in range(first, len(blocks)):
        b = blocks[i]
        if b.start >= body_end:
            break
        if b.table or not b.token or b.list_key is None:
            # the text of the numbered paragraph above it, unless set where the text of an item further out
            # starts: Word aligns a continuation with the text of the item it continues ("(iii) ..." and then
            # the rest of (d), back at (d)'s indentation)
            if not b.table and not b.label and b.indent is not None and len(stack) >= 2:
                top = indents[stack[-1][1]]
                if top is not None and b.indent < top - _ALIGN:
                    for depth in range(len(stack) - 2, -1, -1):
                        anc = indents[stack[depth][1]]
                        if anc is not None and abs(anc - b.indent) <= _ALIGN:
                            while len(stack) > depth + 1:
                                close(stack.pop()[1], b.start)
                            break
            continue
        rank = (b.ilvl or 0) if b.list_key == main else 100 + (b.ilvl or 0)
        while stack and stack[-1][0] >= rank:
            close(stack.pop()[1], b.start)
        parent = stack[-1][1] if stack else None
        plabel = clauses[parent]["label"] if parent is not None else None
        label = _label(b, plabel)
        if label in used:
            k = 2
            while f"{label} #{k}" in used:
                k += 1
            label = f"{label} #{k}"
        used.add(label)
        heading = heading_of(b.text)
        own = f"{b.label} {heading}" if heading else (b.label or "")
        path = (tuple(clauses[parent]["section_path"]) if parent is not None else ()) + (own,)
        word = _KEYWORD.match(b.label or "")
        kind = UnitKind.PART if word and word.group(1).lower() in ("article", "part") else (
            UnitKind.CLAUSE if parent is None else UnitKind.SUBCLAUSE)
        clauses.append(dict(kind=kind, char_start=b.start, char_end=b.start, zone=Zone.BODY, citable=True,
                            number=b.label, label=label, section_path=path, parent=parent,
                            attrs={"heading": heading} if heading else {}))
        stack.append((rank, len(clauses) - 1))
        indents.append(b.indent)
    while stack:
        close(stack.pop()[1], body_end)
    for u in reversed(clauses):  # a parent reaches at least to the end of its last child
        if u["parent"] is not None:
            p = clauses[u["parent"]]
            p["char_end"] = max(p["char_end"], u["char_end"])
    base = len(out)
    for u in clauses:
        if u["parent"] is not None:
            u["parent"] += base
    out += clauses
    # after the terms: paragraphs before the attachments/signatures the analysis found
    tail_start = min([u.char_start for u in tail] + [len(text)])
    rest = [b for b in blocks if body_end <= b.start < tail_start]
    if rest:
        signed = sig is not None and sig < tail_start or any(
            p.search(b.text.strip()) for b in rest for p in _SIGNATURE_FIELDS)
        for n, b in enumerate(rest, 1):
            if signed:
                out.append(_block_unit(b, text, Zone.SIGNATURES, False, f"Signatures ¶{n}", "Signatures"))
            else:
                out.append(_block_unit(b, text, Zone.OTHER, True, f"After the terms ¶{n}", "After the terms"))
    units = [Unit(ordinal=k, **u) for k, u in enumerate(out)]
    shift = len(units)
    for u in tail:
        units.append(replace(u, ordinal=shift, parent=None))
        shift += 1
    return units, contract


def _front_notes(units: tuple[Unit, ...], d: DocxText) -> tuple[Unit, ...]:
    """Numbers typed as text (the text analysis's units): the front is read as :func:`_front_units` reads it, a
    table there making it all the cover, else its drafting notes, blanks, legends and notes on the form not
    citable."""
    front = [u for u in units if u.zone is Zone.OTHER and u.number is None and u.parent is None
             and (u.label or "").startswith("Preamble")]
    end = max((u.char_end for u in front), default=-1)
    cover = any(b.table and b.start < end for b in d.blocks)
    ordinals = {u.ordinal for u in front}
    out = []
    for u in units:
        if u.ordinal in ordinals:
            kind = Zone.COVER if cover else note_kind(d.text[u.char_start:u.char_end])
            if kind is not None:
                u = replace(u, zone=kind, citable=False)
        out.append(u)
    return tuple(out)


def parse(data: bytes, source: str) -> ParsedDocument:
    """Parse a .docx: its canonical text (Word's numbering rendered) through the contract/text analysis."""
    from pincite.parse.echr import THE_COURT as ECHR_COURT
    from pincite.parse.echr import echr_facts
    from pincite.parse.text import analyse_text
    from pincite.parse.us_opinion_text import read_us_opinion_text

    d = read_docx(data, source)
    opinion = read_us_opinion_text(d.text, source)
    if opinion is not None:  # a US court's opinion or order in Word: its voices and Parts
        return opinion.document(Format.DOCX, d.text, d.title or "")
    a = analyse_text(d.text, source)
    title = d.title or a.title
    kind, units, warnings = a.kind, _front_notes(a.units, d), a.warnings
    built = word_units(d, a) if a.kind is not DocumentKind.JUDGMENT else None  # ([1], [2]: a judgment's own)
    if built is not None and built[1]:
        units = tuple(built[0])
        kind = DocumentKind.CONTRACT
        warnings = tuple(w for w in a.warnings if "no contract signal" not in w and "no clause or" not in w)
    meta: dict[str, object] = {"clauses": sum(1 for u in units if u.number is not None),
                               "docx_numbered_paragraphs": d.numbered}
    citation, date = None, a.date
    if kind is DocumentKind.JUDGMENT and any(u.author == ECHR_COURT for u in units):
        # the European Court of Human Rights: named, cited and dated as its cover prints them
        named, citation, judged = echr_facts(d.text)
        title, date = named or title, judged or date
    elif kind is DocumentKind.JUDGMENT:
        # a judgment handed down in Word is named by its parties and neutral citation and dated as its cover
        # prints them (the file's own title is "JUDGMENT" or "Approved Judgment")
        from pincite.parse.text import judgment_facts
        running, citation, judged, judges = judgment_facts(d.text, units)
        title, date = running or title, judged or date
        if judges:
            meta["judges"] = judges
    return ParsedDocument(format=Format.DOCX, kind=kind, title=title, text=d.text, units=units,
                          citation=citation, date=date, warnings=warnings, meta=meta)
