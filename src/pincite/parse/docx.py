""".docx (Word) documents: paragraphs in order with **Word's own list numbering rendered**.

A contract written in Word usually has no clause numbers in its text: "1.", "1.1" and "(a)" are drawn by Word
from ``word/numbering.xml`` (``w:numPr`` on the paragraph or on its style).  python-docx returns the text
without them, and a contract read that way has no clause numbers at all.  So this reader opens the package
itself and renders each numbered paragraph's label as Word prints it, then writes one canonical text:

* paragraphs in document order (inside content controls too), one paragraph a line, a blank line between;
* a numbered paragraph starts with its rendered label and a space ("1.1 The Supplier shall ...");
* tables as text, one row a line, cells separated by " | ";
* tracked changes as accepted: ``w:ins`` kept, ``w:del`` / ``w:moveFrom`` dropped; hidden text, comments,
  field instructions and the fallback copies of drawing content left out;
* a soft line break is a newline, a tab a tab.

That text then goes through :func:`pincite.parse.text.analyse_text`, the structure parsing every text and PDF
contract gets, so units are labelled with the document's own numbers and their offsets are offsets into the
canonical text, as for every other format.

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
from dataclasses import dataclass, field

from lxml import etree

from pincite.errors import ParseError
from pincite.parse.xmlsafe import load_xml
from pincite.types import Format, ParsedDocument

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

CELL_SEP = " | "
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


@dataclass(slots=True)
class Numbering:
    abstract: dict[str, dict[int, Level]] = field(default_factory=dict)
    num_abstract: dict[str, str] = field(default_factory=dict)  # numId -> abstractNumId
    overrides: dict[str, dict[int, tuple[int | None, Level | None]]] = field(default_factory=dict)
    counters: dict[str, dict[int, int]] = field(default_factory=dict)  # per abstract numbering
    seen: set[str] = field(default_factory=set)

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
        if num_id not in self.seen:
            self.seen.add(num_id)
            ovs = self.overrides.get(num_id, {})
            starts = {k: v[0] for k, v in ovs.items() if v[0] is not None}
            if starts:  # an instance that overrides a start restarts the list at its levels and below
                low = min(starts)
                for k in list(counts):
                    if k >= low:
                        del counts[k]
                for k, s in starts.items():
                    counts[k] = s - 1
        counts[ilvl] = counts[ilvl] + 1 if ilvl in counts else self._start(num_id, ilvl)
        for k in list(counts):
            if k > ilvl:
                deeper = self.level(num_id, k)
                restart = deeper.restart if deeper is not None and deeper.restart is not None else k
                if ilvl < restart:
                    del counts[k]
        return self.render(num_id, ilvl, counts)

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


def _int(el: etree._Element | None, default: int) -> int:
    try:
        return int(_val(el) or default)
    except ValueError:
        return default


def _read_level(el: etree._Element) -> Level:
    restart = el.find(_W + "lvlRestart")
    legal = el.find(_W + "isLgl")
    return Level(start=_int(el.find(_W + "start"), 1),
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
        out[sid] = st
    return out


def _style_numbering(styles: dict[str, _Style], sid: str | None) -> tuple[str | None, int | None, str | None]:
    """The (numId, ilvl) a paragraph style gives (following w:basedOn), and the style that gave it."""
    seen = set()
    while sid and sid not in seen and sid in styles:
        seen.add(sid)
        st = styles[sid]
        if st.num_id is not None:
            return st.num_id, st.ilvl, sid
        sid = st.based_on
    return None, None, None


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


def _paragraph(p: etree._Element, styles: dict[str, _Style], numbering: Numbering) -> Block:
    ppr = p.find(_W + "pPr")
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
    if num_id is not None and ilvl is None:
        # a style's numbering without a level: the level whose w:pStyle names the style, else the first
        ilvl = 0
        lv_style = from_style or sid
        abstract = numbering.abstract.get(numbering.num_abstract.get(num_id, ""), {})
        for k, lv in abstract.items():
            if lv.style and lv.style == lv_style:
                ilvl = k
                break
    label = None
    if num_id is not None and num_id != "0":
        label = numbering.next_label(num_id, ilvl or 0) or None
    parts: list[str] = []
    _run_text(p, parts)
    text = "".join(parts)
    return Block(text=text, label=label, heading=_heading_level(styles, sid), style=styles[sid].name
                 if sid in styles else sid)


def _body_blocks(el: etree._Element, styles: dict[str, _Style], numbering: Numbering, out: list[Block]) -> None:
    for child in el:
        tag = child.tag
        if tag == _W + "p":
            out.append(_paragraph(child, styles, numbering))
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
            inner: list[Block] = []
            _body_blocks(tc, styles, numbering, inner)
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
    lines = [_block_line(b) for b in blocks]
    kept = [(b, ln) for b, ln in zip(blocks, lines) if ln]
    if not kept:
        raise ParseError(source, "the Word document has no text")
    title = next((ln for b, ln in kept if (b.style or "").strip().lower() == "title"), None)
    text = "\n\n".join(ln for _b, ln in kept) + "\n"
    return DocxText(text=text, blocks=tuple(b for b, _ in kept), title=title,
                    numbered=sum(1 for b, _ in kept if b.label and b.label != "\u2022"))


def parse(data: bytes, source: str) -> ParsedDocument:
    """Parse a .docx: its canonical text (Word's numbering rendered) through the contract/text analysis."""
    from pincite.parse.text import analyse_text

    d = read_docx(data, source)
    a = analyse_text(d.text, source)
    title = d.title or a.title
    meta = {"clauses": sum(1 for u in a.units if u.number is not None), "docx_numbered_paragraphs": d.numbered}
    return ParsedDocument(format=Format.DOCX, kind=a.kind, title=title, text=d.text, units=a.units,
                          date=a.date, warnings=a.warnings, meta=meta)
