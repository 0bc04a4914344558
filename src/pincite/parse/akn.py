"""Akoma Ntoso judgments (legacy and modern Find Case Law markup) and press summaries.

A judgment becomes one canonical text: the cover (``<header>``) first, then any editorial headnote,
then the reasons, then footnotes.  Units:

* every numbered paragraph of the reasons (kind ``paragraph``, number as printed without the dot,
  label ``[14]``), whose span runs on over the ``<level>``s that follow it (continuations after a page
  break, indented quotations) up to the next numbered paragraph or heading;
* lettered and quoted sub-items (``(a)``, ``(11)``, a quoted "122.") as ``subparagraph`` children, except
  the numbers of a document quoted from a line of its own ("Section 88A reads as follows: / “88A ... / (1)"):
  those are the quoted document's, and its words are cited as the paragraph's;
* a formal decision marked up inside the last paragraph under its own heading ("Decision") is the order
  (zone ``order``, not citable), and so is what follows it;
* judges' headings ("Lord Justice Moylan :") and section headings as ``heading`` units (not citable).

Which ``<paragraph>`` is a top-level paragraph is decided by the printed numbers, not the markup: the
next number in sequence is, a number that goes back or jumps ahead while the expected one still comes
later is a quotation or a list item inside the current paragraph.  A paragraph that lost its ``<num>``
(a ``<level>`` whose text starts "7. ...") is taken by the number in its text.

Who wrote each part and whether it is the lead, a concurrence or a dissent is decided in
:mod:`pincite.parse.roles` from the judges' own words.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import Any

from lxml import etree

from pincite.errors import ParseError
from pincite.legal.judgments import FORMAL_DECISION_HEADING
from pincite.legal.text_judgments import QUOTED_RUN_MAX
from pincite.parse.akn_text import (
    AKN_NS,
    bold_share,
    is_emphasised,
    collapse_space,
    display_judge,
    inline_text,
    is_bold,
    join_judges,
    judge_heading,
)
from pincite.parse.builder import CELL_SEP, TextBuilder, UnitCollector, distinguish_by_headings, renumber_units
from pincite.parse.contract import is_bare_heading, letter_value, roman_value
from pincite.parse.roles import Segment, assign_roles
from pincite.parse.xmlsafe import load_xml, local_name
from pincite.types import DocumentKind, Format, ParsedDocument, Unit, UnitKind, Zone

_NS = {"akn": AKN_NS}
_INT_NUM = re.compile(r"^\[?(\d{1,4})\]?\.?$")
_TEXT_NUM = re.compile(r"^(\d{1,4})[ \t]?\.\s+\S")  # "12. The…", and "1 . This…" as one legacy file prints it
#: how far from the header's end a judge's heading is looked for: three lines, or this many when the
#: judgment's paragraph 1 follows it there (some legacy files put the first judge's heading and their
#: paragraph 1 in the ``<header>``, the body starting at 2)
HEADER_TAIL = 3
HEADER_TAIL_OPENING = 10


def _heading_line(text: str) -> bool:
    """A header line that is a heading ("1. INTRODUCTION", "THE RELEVANT FACTS"): capitals, or a few words
    without a full stop."""
    m = _TEXT_NUM.match(text)
    rest = (text[m.end() - 1:] if m else text).strip()
    return rest.upper() == rest or (len(rest.split()) <= 8 and not rest.endswith((".", ":", ";")))


def _opens_paragraph(text: str, last: int) -> bool:
    """Whether a header line opens the judgment's next numbered paragraph (prose, numbered ``last + 1``)."""
    m = _TEXT_NUM.match(text)
    return m is not None and int(m.group(1)) == last + 1 and not _heading_line(text)


_ANNEX = re.compile(r"^(?:ANNEX|Annex|APPENDIX|Appendix|SCHEDULE|Schedule)\b(?:\s+[A-Z0-9]{1,4})?\s*[:.]?\s*$")
_HEADING_CLASS = re.compile(r"(?i)heading")
_SUB_HEADING_DEPTH = re.compile(r"(?i)(sub)?heading(\d)?")
#: Containers whose children are walked as part of the text flow.
_FLOW = frozenset({"content", "intro", "wrapUp", "blockList", "list", "embeddedStructure", "level", "hcontainer",
                   "blockContainer", "subFlow", "tblock", "item", "listIntroduction", "listWrapUp", "division",
                   "subdivision", "section", "subsection", "article", "part", "chapter", "quotedStructure",
                   "container", "block", "decision", "motivation", "background", "arguments", "remedies"})
#: Markup that says its text is quoted (Akoma Ntoso's embedded and quoted structures, a block quotation).
_QUOTE_MARKUP = frozenset({"embeddedStructure", "quotedStructure", "blockQuote", "quotedText"})
_SUB_UNITS = frozenset({"paragraph", "subparagraph", "point", "indent", "alinea"})
#: lists whose items may be the reasons' own numbered paragraphs (a Greek decision's considerations)
_LISTS = frozenset({"blockList", "list"})


def parse(data: bytes, source: str) -> ParsedDocument:
    """Parse an Akoma Ntoso judgment or press summary (see the module docstring for what comes out)."""
    root, warnings = load_xml(data, source)
    if local_name(root) != "akomaNtoso":
        raise ParseError(source, f"root element is <{local_name(root)}>, not <akomaNtoso>")
    doc_el = next((c for c in root if isinstance(c.tag, str)), None)
    if doc_el is None:
        raise ParseError(source, "<akomaNtoso> is empty: no <judgment> or <doc> inside")
    name = local_name(doc_el)
    if name == "judgment":
        return _JudgmentReader(doc_el, source, list(warnings)).read()
    if name in ("act", "bill"):  # legislation: sections and schedules, not paragraphs and judges
        from pincite.parse.akn_act import read_act

        return read_act(doc_el, root, source, list(warnings))
    if name == "doc" and (doc_el.get("name") or "").lower() in ("pressSummary".lower(), "press-summary"):
        return _read_press_summary(doc_el, source, list(warnings))
    kind = f'<{name} name="{doc_el.get("name")}">' if doc_el.get("name") else f"<{name}>"
    raise ParseError(source, f"Akoma Ntoso {kind} is not a judgment, press summary, act or bill "
                             f"(the kinds pincite reads)")


# --- metadata -------------------------------------------------------------------------------------

def _find(el: etree._Element, path: str) -> etree._Element | None:
    found = el.find(path, _NS)
    return found


def _local_children(el: etree._Element, *names: str) -> list[etree._Element]:
    return [c for c in el if isinstance(c.tag, str) and local_name(c) in names]


def _first_local(el: etree._Element, name: str) -> etree._Element | None:
    for e in el.iter():
        if isinstance(e.tag, str) and local_name(e) == name:
            return e
    return None


def _read_meta(doc_el: etree._Element) -> dict[str, Any]:
    """Title, citation, date, court and the ``uk:`` proprietary fields from ``<meta>``."""
    meta: dict[str, Any] = {}
    work = _find(doc_el, "akn:meta/akn:identification/akn:FRBRWork")
    if work is not None:
        for child in work:
            n = local_name(child)
            if n == "FRBRname" and child.get("value"):
                meta["title"] = collapse_space(child.get("value") or "")
            elif n == "FRBRdate" and child.get("date"):
                meta.setdefault("date", child.get("date"))
                meta.setdefault("date_name", child.get("name"))
            elif n == "FRBRthis" and child.get("value"):
                meta["uri"] = child.get("value")
    prop = _find(doc_el, "akn:meta/akn:proprietary")
    if prop is not None:
        for child in prop:
            if not isinstance(child.tag, str):
                continue
            n = local_name(child)
            text = collapse_space("".join(child.itertext()))
            if text:
                meta[_snake(n)] = text
    return meta


def _snake(name: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


# --- the judgment reader --------------------------------------------------------------------------

@dataclass
class _Open:
    """The top-level paragraph currently open (its span grows until the next one starts)."""

    ordinal: int
    number: str


@dataclass
class _State:
    zone: Zone = Zone.COVER
    segment: Segment | None = None
    headings: list[tuple[int, str]] = field(default_factory=list)  # (depth, text)
    para: _Open | None = None
    last_number: int = 0
    annex_label: str | None = None


class _JudgmentReader:
    def __init__(self, doc_el: etree._Element, source: str, warnings: list[str]) -> None:
        self.doc_el = doc_el
        self.source = source
        self.warnings = warnings
        self.b = TextBuilder()
        self.c = UnitCollector(self.b)
        self.s = _State()
        self.segments: list[Segment] = []
        self.notes: list[tuple[str, etree._Element]] = []
        self.accepted: dict[etree._Element, str] = {}  # element -> top-level number
        self.section_headings: set[etree._Element] = set()  # numbered headings over a paragraph of that number
        self.quoted_annexes: set[etree._Element] = set()  # "Schedule 1" headings inside a quotation (_plan_numbers)
        self.embedded: dict[etree._Element, list[tuple[int, str]]] = {}  # <p> -> [(offset, number)] glued in
        self._plain_cache: dict[etree._Element, str] = {}
        self.quoted_spans: list[tuple[int, int]] = []  # text inside quotation markup (_QUOTE_MARKUP)
        self._kind_cache: dict[etree._Element, str] = {}

    # -- entry point --
    def read(self) -> ParsedDocument:
        meta = _read_meta(self.doc_el)
        header = _find(self.doc_el, "akn:header")
        body = _find(self.doc_el, "akn:judgmentBody")
        if body is None:
            raise ParseError(self.source, "judgment has no <judgmentBody>")
        judges = self._judges(header)
        if header is not None:
            self._read_header(header)
        for part in body:
            if not isinstance(part.tag, str):
                continue
            name = local_name(part)
            if name == "introduction" or (part.get("class") or "").lower() == "headnote":
                self._read_headnote(part)
            elif name == "decision" and self.accepted and not any(
                    local_name(x) == "num" for x in part.iter() if isinstance(x.tag, str)):
                # a bare operative part (no numbered paragraphs of its own: those are more reasons)
                self._read_decision(part)
            else:
                self._read_reasons(part)
        self._close_para()
        self._read_notes()
        units = sub_item_labels(_distinct_annex_paragraphs(self.c.units()), self.b.text())
        units = assign_roles(units, self.segments, judges, self.b.text(), self.c)
        text = self.b.text()
        units = quoted_sub_items_folded(units, text)
        doc_meta: dict[str, Any] = {k: v for k, v in meta.items() if k not in ("title", "date", "date_name")}
        doc_meta["judges"] = judges
        if self.quoted_spans:
            doc_meta["quoted_spans"] = [list(x) for x in self.quoted_spans]
        doc_meta["authors"] = [seg.display for seg in self.segments]
        parties = self._parties(header)
        if parties:
            doc_meta["parties"] = parties
        title = meta.get("title") or meta.get("cite") or self.source
        date = self._date(header) or meta.get("date")
        citation = meta.get("cite") or self._header_citation(header)
        if not any(u.kind == UnitKind.PARAGRAPH and u.zone == Zone.REASONS for u in units):
            self.warnings.append("no numbered paragraphs found in the reasons")
        return ParsedDocument(
            format=Format.AKN, kind=DocumentKind.JUDGMENT, title=title, text=text, units=units,
            citation=citation, date=date, warnings=tuple(self.warnings), meta=doc_meta,
        )

    # -- header ---------------------------------------------------------------------------------
    def _judges(self, header: etree._Element | None) -> list[str]:
        found = [collapse_space("".join(j.itertext())) for j in self.doc_el.iter(f"{{{AKN_NS}}}judge")]
        found = [display_judge(j) for j in found if j and not j.startswith("(")]
        if found:
            return list(dict.fromkeys(found))
        if header is None:
            return []
        lines = [inline_text(p) for p in header.iter(f"{{{AKN_NS}}}p")]
        out: list[str] = []
        inside = False
        for line in lines:
            if re.match(r"(?i)^(?:date:.*)?before\s*:?", line) and not inside:
                inside = True
                rest = re.sub(r"(?i)^(?:date:.*?)?before\s*:?\s*", "", line)
                if rest:
                    out.append(rest)
                continue
            if inside:
                if re.match(r"(?i)^between\b|^-\s*-\s*-|^re\b", line):
                    break
                if line and line.lower() not in ("and", "-", ":"):
                    out.append(line)
        names = []
        for line in (x for x in out if not x.startswith("(")):
            parts = judge_heading(line, strong=True)
            for p in parts or (line,):
                names.append(display_judge(p))
        return list(dict.fromkeys(names))

    def _parties(self, header: etree._Element | None) -> list[dict[str, str]]:
        if header is None:
            return []
        out = []
        for p in self.doc_el.iter(f"{{{AKN_NS}}}party"):
            name = collapse_space("".join(p.itertext()))
            if name:
                out.append({"name": name, "role": (p.get("as") or "").lstrip("#")})
        return out

    def _date(self, header: etree._Element | None) -> str | None:
        if header is None:
            return None
        d = _first_local(header, "docDate")
        return d.get("date") if d is not None and d.get("date") else None

    def _header_citation(self, header: etree._Element | None) -> str | None:
        if header is None:
            return None
        nc = _first_local(header, "neutralCitation")
        return collapse_space("".join(nc.itertext())) if nc is not None else None

    def _read_header(self, header: etree._Element) -> None:
        """The cover: every line of the header; a judge's heading at its very end starts the reasons."""
        lines = self._lines(header)
        start_reasons = None
        for i in range(len(lines) - 1, max(-1, len(lines) - 1 - HEADER_TAIL_OPENING), -1):
            el, text = lines[i]
            if judge_heading(text, strong=bold_share(el) > 0.8):
                if len(lines) - i <= HEADER_TAIL or any(_opens_paragraph(t, 0) for _, t in lines[i + 1:]):
                    start_reasons = i
                break
        cover = lines if start_reasons is None else lines[:start_reasons]
        if cover:
            self.b.separate()
            o = self.c.begin(UnitKind.BLOCK, Zone.COVER, False, section_path=("Cover",), parent=None)
            for k, (_, text) in enumerate(cover):
                if k:
                    self.b.separate("\n")
                self.b.append(text)
            self.c.end(o)
        if start_reasons is not None:
            self.s.zone = Zone.REASONS
            for el, text in lines[start_reasons:]:
                if self._maybe_judge(el, text, strong=True):
                    continue
                if _opens_paragraph(text, self.s.last_number):  # the judgment's paragraph 1 (then 2…)
                    self._header_para(text)
                elif self.s.para is not None and not _heading_line(text):  # its next line
                    self.b.separate("\n")
                    self.b.append(text)
                else:
                    self._close_para()
                    self._heading(text, depth=1, attrs={})

    def _header_para(self, text: str) -> None:
        """A numbered paragraph of the reasons printed in the header (its number is in its text)."""
        self._close_para()
        number = _TEXT_NUM.match(text).group(1)  # type: ignore[union-attr]
        self.s.last_number = int(number)
        self.b.separate()
        o = self.c.begin(UnitKind.PARAGRAPH, Zone.REASONS, True, number=number, label=f"[{number}]",
                         section_path=self._path(), parent=None, attrs={})
        self.s.para = _Open(o, number)
        if self.s.segment is not None:
            self.s.segment.units.append(o)
        self.b.append(text)

    def _lines(self, el: etree._Element) -> list[tuple[etree._Element, str]]:
        """The non-empty ``<p>`` lines (and table cells' lines) of a block, in order."""
        out = []
        for p in el.iter(f"{{{AKN_NS}}}p"):
            # skip a <p> nested in another <p> (rare) to avoid doubling
            if any(local_name(a) == "p" for a in p.iterancestors()):
                continue
            t = inline_text(p, self.notes)
            if t:
                out.append((p, t))
        return out

    # -- headnote -----------------------------------------------------------------------------------
    def _read_headnote(self, part: etree._Element) -> None:
        self._close_para()
        saved = self.s.zone
        self.b.separate()
        o = self.c.begin(UnitKind.BLOCK, Zone.HEADNOTE, False, section_path=("Headnote",), parent=None)
        for k, (_, text) in enumerate(self._lines(part)):
            if k:
                self.b.separate("\n")
            self.b.append(text)
        self.c.end(o)
        self.s.zone = saved

    def _read_decision(self, part: etree._Element) -> None:
        """A ``<decision>`` after numbered reasons (a Greek decision's operative part, 'Διά ταύτα ...'): the
        order as made, its own unit, not the last paragraph's words and not citable as reasons."""
        self._close_para()
        self.s.zone = Zone.ORDER
        self.b.separate()
        o = self.c.begin(UnitKind.BLOCK, Zone.ORDER, False, section_path=self._path(), parent=None,
                         attrs=self._attrs(part))
        self._render_children(part, o, skip_num=False)
        self.c.end(o)

    # -- reasons ------------------------------------------------------------------------------------
    def _read_reasons(self, part: etree._Element) -> None:
        self._plan_numbers(part)
        if self.s.zone == Zone.COVER:
            self.s.zone = Zone.REASONS
        self._walk(part)

    def _plan_numbers(self, part: etree._Element) -> None:
        """Decide which elements are top-level paragraphs, from the sequence of printed numbers."""
        candidates: list[tuple[etree._Element, int, str]] = []
        flow = self._flow_items(part)
        for at, el in enumerate(flow):
            kind = self._classify(el)
            if kind == "annex":
                if candidates and self._numbering_resumes(flow[at + 1:], max(v for _, v, _ in candidates)):
                    # the judgment's own numbering goes on after it: a heading of a document the paragraph
                    # quotes ("Schedule 1" of a contract set out in [24], its items 1-3, then [25]), not an
                    # annex of the judgment
                    self.quoted_annexes.add(el)
                    continue
                break
            printed = self._printed_number(el, kind)
            if printed is not None:
                candidates.append((el, int(printed), printed))
        last = self.s.last_number
        later: dict[int, list[int]] = {}
        for i, (_, v, _) in enumerate(candidates):
            later.setdefault(v, []).append(i)
        items = self._flow_items(part)
        position = {id(el): k for k, el in enumerate(items)}
        prev_pos = 0
        own_el: etree._Element | None = None
        for i, (el, v, printed) in enumerate(candidates):
            if v > last + 1 and not any(j > i for j in later.get(last + 1, [])):
                # a paragraph whose number was glued into the text before it ('... .” 44. Having ...')
                for p_el in self._paragraphs_between(items[prev_pos : position[id(el)] + 1]):
                    text = inline_text(p_el)
                    m = _embedded_number(text, last + 1)
                    while m is not None and last + 1 < v:
                        self.embedded.setdefault(p_el, []).append((m.start(1), str(last + 1)))
                        last += 1
                        m = _embedded_number(text, last + 1, m.end())
            if v == last + 1 and i + 1 < len(candidates) and candidates[i + 1][1] == v and self._numbered_heading(el):
                # "1. INTRODUCTION" over the paragraph printing "1.": a heading of the judgment's sections, which
                # count apart from its paragraphs
                self.section_headings.add(el)
                continue
            if (v == last + 1 and own_el is not None and i and candidates[i - 1][1] == last
                    and candidates[i - 1][0] is not own_el
                    and self._quoted_twin(el, own_el, candidates[i + 1:], v)):
                # a quoted run: the number just accepted printed again (the judge below's "17.") and now the next
                continue
            if v == last + 1:
                self.accepted[el] = printed
                last, own_el = v, el
                prev_pos = position[id(el)]
            elif v > last + 1 and not any(j > i for j in later.get(last + 1, [])) and v == min(
                w for _, w, _ in candidates[i:] if w > last
            ) and not any(
                _embedded_number(inline_text(p_el), last + 1)
                for p_el in self._paragraphs_between(items[position[id(el)] + 1 :])
            ):
                # a real gap: the expected number never comes, and nothing smaller than this one comes later
                self.accepted[el] = printed
                self.warnings.append(f"paragraph numbering jumps from {last} to {v}")
                last, own_el = v, el
                prev_pos = position[id(el)]

    def _numbered_heading(self, el: etree._Element) -> bool:
        """A numbered item whose words after its number are a heading on their own ("1. INTRODUCTION")."""
        if self._classify(el) != "text-num":
            return False
        words = re.sub(r"^\d{1,4}[ \t]?\.\s*", "", self._plain(el).strip())
        return is_bare_heading(words)

    def _quoted_twin(self, el: etree._Element, own: etree._Element, rest: list[tuple[etree._Element, int, str]],
                     v: int) -> bool:
        """Whether ``el``, printing the next number ``v``, is a quoted judgment's paragraph: it is set further
        from the margin than the judgment's own paragraph before it (a quotation is indented; the judgment's own
        paragraphs hang their numbers at the margin), and one of the next few numbered items prints ``v`` again
        where the judgment's own paragraphs print theirs — the judge below's "18." quoted under the court's
        [17] before the court's own "18."."""
        own_at, el_at = self._num_set_at(own), self._num_set_at(el)
        if own_at is None or el_at is None:
            return False  # only paragraphs whose numbers the markup sets apart, placed by their own style
        if el_at <= own_at + QUOTE_INDENT_MIN:
            return False
        return any(w == v and self._set_at(e) <= own_at + QUOTE_INDENT_MIN for e, w, _ in rest[:QUOTED_RUN_MAX])

    def _num_set_at(self, el: etree._Element) -> float | None:
        num = next((c for c in el if isinstance(c.tag, str) and local_name(c) == "num"), None)
        style = (num.get("style") or "") if num is not None else ""
        return _indent(style) if "margin-left" in style else None

    def _set_at(self, el: etree._Element) -> float:
        """How far from the margin an item prints its number: its ``<num>``'s style, else its first line's."""
        at = self._num_set_at(el)
        if at is not None:
            return at
        first_p = next(el.iter(f"{{{AKN_NS}}}p"), None)
        return _indent((first_p.get("style") or "") if first_p is not None else "")

    def _numbering_resumes(self, items: list[etree._Element], last: int) -> bool:
        """Whether ``last + 1`` is printed among ``items`` before another annex heading, with every number before
        it at most ``last`` (the quoted document's own items); an annex's numbers never reach the judgment's
        next one, or go past it."""
        for el in items:
            kind = self._classify(el)
            if kind == "annex":
                return False
            printed = self._printed_number(el, kind)
            if printed is not None and int(printed) == last + 1:
                return True
            if printed is not None and int(printed) > last:
                return False
        return False

    def _printed_number(self, el: etree._Element, kind: str) -> str | None:
        """The whole number an item prints as its paragraph number (its ``<num>``, or a number opening its
        text), or None."""
        m = _INT_NUM.match(self._num_text(el) or "") if kind == "para-num" else \
            _TEXT_NUM.match(self._plain(el)) if kind == "text-num" else None
        return m.group(1) if m else None

    def _paragraphs_between(self, items: list[etree._Element]) -> list[etree._Element]:
        return [p for item in items for p in item.iter(f"{{{AKN_NS}}}p")]

    def _flow_items(self, el: etree._Element) -> list[etree._Element]:
        """Top-level items of the reasons in order: paragraphs and levels, descending into sectioning levels."""
        out: list[etree._Element] = []
        for c in el:
            if not isinstance(c.tag, str):
                continue
            n = local_name(c)
            if n in ("level", "hcontainer", "division", "section", "part", "chapter") and self._is_section(c):
                out.append(c)
                out.extend(self._flow_items(c))
            elif n in _LISTS:
                out.extend(self._flow_items(c))  # numbered considerations as a list's <item>s
            else:
                out.append(c)
        return out

    def _is_section(self, el: etree._Element) -> bool:
        """A modern sectioning ``<level>`` (with a ``<heading>`` or holding ``<paragraph>``s)."""
        return any(local_name(c) in ("heading", "paragraph", "level") for c in el if isinstance(c.tag, str))

    def _num_text(self, el: etree._Element) -> str | None:
        num = next((c for c in el if isinstance(c.tag, str) and local_name(c) == "num"), None)
        if num is None:
            return None
        t = collapse_space("".join(num.itertext()))
        return t or None

    def _plain(self, el: etree._Element) -> str:
        cached = self._plain_cache.get(el)
        if cached is None:
            cached = self._plain_cache[el] = collapse_space(" ".join(t for _, t in self._lines_no_notes(el)))
        return cached

    def _lines_no_notes(self, el: etree._Element) -> list[tuple[etree._Element, str]]:
        out = []
        for p in el.iter(f"{{{AKN_NS}}}p"):
            t = inline_text(p)
            if t:
                out.append((p, t))
        return out

    def _classify(self, el: etree._Element) -> str:
        """What a reasons item is: judge, annex, heading, section, para-num, text-num, para, level, other."""
        kind = self._kind_cache.get(el)
        if kind is None:
            kind = self._kind_cache[el] = self._classify_uncached(el)
        return kind

    def _classify_uncached(self, el: etree._Element) -> str:
        n = local_name(el)
        cls = (el.get("class") or "").lower()
        if n in ("level", "hcontainer") and self._is_section(el):
            return "section"
        text = self._plain(el)
        first_p = next(el.iter(f"{{{AKN_NS}}}p"), None)
        pcls = (first_p.get("class") or "") if first_p is not None else ""
        strong = cls == "author" or bold_share(el) > 0.8 or bool(_HEADING_CLASS.search(pcls)) or \
            (first_p is not None and pcls.lower() in ("newspeech", "judgename"))
        if n in ("level", "paragraph", "blockContainer") and (cls == "author" or judge_heading(text, strong)):
            if self._num_text(el) is None or cls == "author":
                return "judge"
        if n == "p" and text:
            return "para"  # a bare <p> in the reasons (a formula before the considerations): kept as a block
        if n in ("paragraph", "item"):
            num = self._num_text(el)
            if num is not None and _HEADING_CLASS.search(pcls) and len(text) < 200:
                return "heading"
            if num is not None:
                return "para-num"
            if _TEXT_NUM.match(text):
                return "text-num"
            return "para"
        if n in ("level", "blockContainer"):
            num = self._num_text(el)
            if num == "-" or (num is None and not text):
                return "other"
            if text and _ANNEX.match(text) and (bold_share(el) > 0.8 or _HEADING_CLASS.search(pcls)):
                return "annex"
            if num is None and _TEXT_NUM.match(text):
                return "text-num"
            if num is None and text and len(text) < 200 and not text.endswith((",", ";")) and (
                bold_share(el) > 0.8 or _HEADING_CLASS.search(pcls)
            ) and not _starts_quote(text):
                return "heading"
            return "level"
        return "other"

    def _walk(self, part: etree._Element) -> None:
        for el in part:
            if not isinstance(el.tag, str):
                continue
            self._item(el, depth=1)

    def _item(self, el: etree._Element, depth: int) -> None:
        if local_name(el) in _LISTS:
            # a list of numbered items directly in the reasons (Greek <motivation>: <blockList><item><num>1.)
            for c in el:
                if isinstance(c.tag, str) and local_name(c) not in ("listIntroduction", "listWrapUp"):
                    self._item(c, depth)
                elif isinstance(c.tag, str):
                    self._continuation(c)
            return
        kind = self._classify(el)
        text = self._plain(el)
        if kind == "annex" and el in self.quoted_annexes:
            kind = "heading"
        if kind == "judge":
            self._maybe_judge(el, text, strong=True)
        elif kind == "annex":
            self._close_para()
            self.s.zone = Zone.SCHEDULE
            self.s.annex_label = text.rstrip(":. ")
            self.s.headings = []
            self._heading(text, depth=1, attrs=self._attrs(el))
        elif kind == "heading":
            self._close_para()
            self._heading(text, depth=self._heading_depth(el, depth), attrs=self._attrs(el))
        elif kind == "section":
            heading = next((c for c in el if isinstance(c.tag, str) and local_name(c) == "heading"), None)
            if heading is not None:
                htext = inline_text(heading, self.notes)
                if htext and not self._maybe_judge(heading, htext, strong=False):
                    self._close_para()
                    self._heading(htext, depth=depth, attrs=self._attrs(el))
            for c in el:
                if isinstance(c.tag, str) and local_name(c) not in ("heading", "num"):
                    self._item(c, depth + 1)
        elif kind in ("para-num", "text-num") and el in self.accepted:
            self._open_para(el, self.accepted[el])
        elif kind in ("para-num", "text-num") and self.s.zone == Zone.SCHEDULE:
            num = self._num_text(el) or _TEXT_NUM.match(text).group(1)  # type: ignore[union-attr]
            m = _INT_NUM.match(num)
            if m:
                self._open_para(el, m.group(1))
            else:
                self._sub_item(el, num)
        elif kind == "para-num":
            self._sub_item(el, self._num_text(el) or "")
        elif el in self.section_headings:
            self._close_para()
            self._heading(text, depth=self._heading_depth(el, depth), attrs=self._attrs(el))
        elif kind == "other":
            return
        elif kind == "level" and self._unmarked_heading(el, text):
            self._close_para()
            self._heading(text, depth=self._heading_depth(el, depth), attrs=self._attrs(el))
        else:  # para without num, level, text-num not in sequence: belongs to the open paragraph
            self._continuation(el)

    def _unmarked_heading(self, el: etree._Element, text: str) -> bool:
        """A section heading the markup does not mark (not bold, no class): a short title on its own at the left
        margin, after a paragraph that ended its sentence.  A paragraph's continuation after a page break goes
        on with the sentence; a quotation is indented (an indented one is a heading only as ``_numbered_next``
        and the comment below say)."""
        if self.s.para is None or self.s.zone != Zone.REASONS or not is_bare_heading(text) or _starts_quote(text):
            return False
        first_p = next(el.iter(f"{{{AKN_NS}}}p"), None)
        if first_p is None:
            return False
        if _indent(first_p.get("style") or "") > 0.25:
            # indented like a quotation: a heading only when set off as one (all italic, bold or underlined),
            # after a sentence that ended (a quotation is introduced by a colon) and before the judgment's own next
            # numbered paragraph (a quoted heading is followed by more of what is quoted, numbered or not)
            return bold_share(el, styled=is_emphasised) > 0.8 and bool(_SENTENCE_ENDED.search(self.b.tail(4))) \
                and self._numbered_next(el)
        return bool(_SENTENCE_DONE.search(self.b.tail(4)))

    def _numbered_next(self, el: etree._Element) -> bool:
        nxt = el.getnext()
        while nxt is not None and not isinstance(nxt.tag, str):
            nxt = nxt.getnext()
        return nxt is not None and nxt in self.accepted  # the judgment's own next paragraph, not a quoted one

    def _heading_depth(self, el: etree._Element, depth: int) -> int:
        first_p = next(el.iter(f"{{{AKN_NS}}}p"), None)
        pcls = (first_p.get("class") or "") if first_p is not None else ""
        m = _SUB_HEADING_DEPTH.search(pcls)
        if m and m.group(0):
            level = int(m.group(2) or 1)
            return level + (1 if m.group(1) else 0)
        return depth

    def _attrs(self, el: etree._Element) -> dict[str, Any]:
        attrs: dict[str, Any] = {}
        if el.get("eId"):
            attrs["eId"] = el.get("eId")
        if el.get("class"):
            attrs["class"] = el.get("class")
        return attrs

    # -- units --------------------------------------------------------------------------------------
    def _path(self) -> tuple[str, ...]:
        head: tuple[str, ...] = ()
        if self.s.zone == Zone.SCHEDULE and self.s.annex_label:
            head = (self.s.annex_label,)
        elif self.s.segment is not None:
            head = (self.s.segment.display,)
        return head + tuple(t for _, t in self.s.headings if not head or t != head[0])

    def _maybe_judge(self, el: etree._Element, text: str, strong: bool) -> bool:
        judges = judge_heading(text, strong or (el.get("class") or "").lower() == "author")
        if not judges and (el.get("class") or "").lower() != "author":
            return False
        self._close_para()
        self.s.zone = Zone.REASONS
        heading_text = collapse_space(text)
        names = [display_judge(j) for j in judges] if judges else [heading_text.rstrip(": ")]
        joint = len(names) > 1 or bool(re.search(r"(?i)with whom|judgment of the court", heading_text))
        seg = Segment(index=len(self.segments), display=join_judges(names), judges=tuple(names),
                      heading=heading_text, joint=joint)
        self.segments.append(seg)
        self.s.segment = seg
        self.s.headings = []
        self.b.separate()
        start, end = self.b.append(heading_text)
        o = self.c.add(UnitKind.HEADING, start, end, Zone.REASONS, False, parent=None,
                       section_path=(seg.display,), attrs={**self._attrs(el), "judge_heading": True})
        seg.units.append(o)
        return True

    def _heading(self, text: str, depth: int, attrs: dict[str, Any]) -> None:
        self.s.headings = [(d, t) for d, t in self.s.headings if d < depth] + [(depth, text)]
        self.b.separate()
        start, end = self.b.append(text)
        o = self.c.add(UnitKind.HEADING, start, end, self.s.zone if self.s.zone != Zone.COVER else Zone.REASONS,
                       False, parent=None, section_path=self._path(), attrs=attrs)
        if self.s.segment is not None and self.s.zone == Zone.REASONS:
            self.s.segment.units.append(o)

    def _citable(self) -> bool:
        return self.s.zone == Zone.REASONS

    def _open_para(self, el: etree._Element, number: str) -> None:
        self._close_para()
        if self.s.zone == Zone.COVER:
            self.s.zone = Zone.REASONS
        if self.s.zone == Zone.REASONS:
            self.s.last_number = int(number)
        label = f"[{number}]" if self.s.zone != Zone.SCHEDULE else f"{self.s.annex_label} [{number}]"
        self.b.separate()
        attrs = self._attrs(el)
        o = self.c.begin(UnitKind.PARAGRAPH, self.s.zone, self._citable(), number=number, label=label,
                         section_path=self._path(), parent=None, attrs=attrs)
        self.s.para = _Open(o, number)
        if self.s.segment is not None and self.s.zone == Zone.REASONS:
            self.s.segment.units.append(o)
        num = self._num_text(el)
        if num is not None:
            self.b.append(num)
            self.b.append(" ")
        self._render_children(el, o, skip_num=True)

    def _close_para(self) -> None:
        if self.s.para is not None:
            self.c.end(self.s.para.ordinal)
            self.s.para = None

    def _sub_item(self, el: etree._Element, num: str) -> None:
        """A numbered ``<paragraph>`` that is not the next paragraph: a list item or quotation inside it."""
        if self.s.para is None:
            self._block(el)
            return
        parent = self.s.para
        self.b.separate("\n")
        number = num.rstrip(".") if _INT_NUM.match(num) else num
        o = self.c.begin(UnitKind.SUBPARAGRAPH, self.s.zone, self._citable(), number=number,
                         label=f"[{parent.number}]{number if number.startswith('(') else ' ' + number}",
                         section_path=self._path(), parent=parent.ordinal, attrs=self._attrs(el))
        if self.s.segment is not None and self.s.zone == Zone.REASONS:
            self.s.segment.units.append(o)
        self.b.append(num)
        self.b.append(" ")
        self._render_children(el, o, skip_num=True)
        self._end(o)

    def _end(self, ordinal: int) -> None:
        """Close a sub-unit unless a paragraph starting inside it (number glued in its text) closed it already."""
        if ordinal in self.c.open_units:
            self.c.end(ordinal)

    def _continuation(self, el: etree._Element) -> None:
        if self.s.para is None:
            self._block(el)
            return
        self.b.separate("\n")
        self._render_own(el, self.s.para.ordinal)

    def _render_own(self, el: etree._Element, owner: int) -> None:
        """``el``'s text into ``owner``: a bare ``<p>`` is rendered as itself, anything else by its
        children."""
        parent = el.getparent()
        if local_name(el) == "p" and parent is not None:
            self._render_children(parent, owner, skip_num=False, items=[el])
        else:
            self._render_children(el, owner, skip_num=False)

    def _block(self, el: etree._Element) -> None:
        """Text in the reasons before the first numbered paragraph (or in the cover zone)."""
        if not self._plain(el):
            return
        self.b.separate()
        zone = self.s.zone
        citable = zone == Zone.REASONS and self.s.segment is not None
        if zone == Zone.REASONS and self.s.segment is None:
            zone = Zone.COVER
        o = self.c.begin(UnitKind.BLOCK, zone, citable, section_path=self._path(), parent=None,
                         attrs=self._attrs(el))
        if self.s.segment is not None and zone == Zone.REASONS:
            self.s.segment.units.append(o)
        self._render_own(el, o)
        self.c.end(o)

    def _formal_decision(self, c: etree._Element) -> bool:
        """An unnumbered block inside the last numbered paragraph that is the formal decision's heading."""
        if self.s.para is None or self.s.zone != Zone.REASONS or local_name(c) not in _SUB_UNITS | _FLOW:
            return False
        numbers = [int(v) for v in self.accepted.values() if v.isdigit()]
        if not numbers or self.s.para.number != str(max(numbers)):
            return False
        return bool(FORMAL_DECISION_HEADING.match(collapse_space("".join(c.itertext()))))

    def _render_children(self, el: etree._Element, owner: int, skip_num: bool,
                         items: list[etree._Element] | None = None) -> None:
        """Append the text of ``el``'s content (or of ``items``, some of its children), opening sub-units for
        numbered sub-items inside it."""
        first = True
        for c in (el if items is None else items):
            if not isinstance(c.tag, str):
                continue
            n = local_name(c)
            if self._num_text(c) is None and self._formal_decision(c):
                # the decision after the last paragraph, marked up inside it: the order as made, not reasons
                self._close_para()
                self.s.zone = Zone.ORDER
                self.b.separate()
                o = self.c.begin(UnitKind.BLOCK, Zone.ORDER, False, section_path=self._path(), parent=None,
                                 attrs=self._attrs(c))
                self._render_children(el, o, skip_num=False, items=[c, *c.itersiblings()])
                self.c.end(o)
                return
            if n == "num":
                if not skip_num:
                    t = collapse_space("".join(c.itertext()))
                    if t and t != "-":
                        self.b.append(t + " ")
                continue
            if n in ("heading", "subheading"):
                t = inline_text(c, self.notes)
                if t:
                    if not first:
                        self.b.separate("\n")
                    self.b.append(t)
                    first = False
                continue
            if n == "p":
                self._render_p(c, first)
                first = False
            elif n == "table":
                for row in c.iter(f"{{{AKN_NS}}}tr"):
                    cells = [inline_text(td, self.notes) for td in row if isinstance(td.tag, str)]
                    cells = [x for x in cells if x]
                    if cells:
                        if not first:
                            self.b.separate("\n")
                        self.b.append(CELL_SEP.join(cells))
                        first = False
            elif n in _SUB_UNITS and self._num_text(c) is not None and owner is not None:
                if not first:
                    self.b.separate("\n")
                num = self._num_text(c) or ""
                parent_unit = self.c.get(owner)
                pnum = parent_unit.get("number") or ""
                o = self.c.begin(UnitKind.SUBPARAGRAPH, self.s.zone, self._citable(), number=num,
                                 label=f"[{pnum}]{num}" if parent_unit["kind"] == UnitKind.PARAGRAPH else num,
                                 section_path=self._path(), parent=owner, attrs=self._attrs(c))
                if self.s.segment is not None and self.s.zone == Zone.REASONS:
                    self.s.segment.units.append(o)
                self.b.append(num + " ")
                self._render_children(c, o, skip_num=True)
                self._end(o)
                first = False
            elif n in _FLOW or n in _SUB_UNITS:
                if not first:
                    self.b.separate("\n")
                start = self.b.pos
                self._render_children(c, owner, skip_num=False)
                if n in _QUOTE_MARKUP and self.b.content_end > start:
                    self.quoted_spans.append((start, self.b.content_end))  # read by parse.voice
                first = False
            else:
                t = inline_text(c, self.notes)
                if t:
                    if not first:
                        self.b.separate("\n")
                    self.b.append(t)
                    first = False

    def _render_p(self, p: etree._Element, first: bool) -> None:
        """One ``<p>``; a judge's heading glued bold onto the end of it (2020-ewca-553 ¶68) is split off."""
        kids = [k for k in p if isinstance(k.tag, str)]
        if self.s.zone == Zone.REASONS and self._heading_then_number(p, kids, first):
            return
        last = kids[-1] if kids else None
        if last is not None and not (last.tail or "").strip() and is_bold(last):
            tail_text = inline_text(last)
            if judge_heading(tail_text, strong=True):
                before = _text_before(p, last, self.notes)
                if before:
                    if not first:
                        self.b.separate("\n")
                    self.b.append(before)
                self._maybe_judge(last, tail_text, strong=True)
                return
        t = inline_text(p, self.notes)
        if self.s.para is not None and _RULE_LINE.match(t):
            return  # a rule printed under the reasons ("_________________") is layout, not the paragraph's words
        if p in self.embedded and self.s.zone == Zone.REASONS:
            t_plain = inline_text(p)
            if t_plain == t:  # offsets were found on the text without footnote markers
                self._render_split_p(t, self.embedded[p], first)
                return
        if t:
            if not first:
                self.b.separate("\n")
            self.b.append(t)

    def _heading_then_number(self, p: etree._Element, kids: list[etree._Element], first: bool) -> bool:
        """A judge's heading set bold inside a ``<p>`` and followed there by the next paragraph's number and its
        text ("I agree. **Lord Justice McCombe** 49. I also agree.", 2020-ewca-489 ¶48, where the conversion ran
        a short concurrence into the one before): the text before it stays in the open paragraph, the heading
        opens that judge's reasons and the number their paragraph.  Only the number that comes next, so a judge
        named in bold inside the reasons is never a heading."""
        want = self.s.last_number + 1
        for i, k in enumerate(kids):
            m = re.match(rf"\s*{want}\.(?=\s|$)", k.tail or "")
            if m is None or not is_bold(k) or not judge_heading(inline_text(k), strong=True):
                continue
            before, after = (etree.fromstring(etree.tostring(p, with_tail=False)) for _ in range(2))
            for c in [c for c in before if isinstance(c.tag, str)][i:]:  # the text before the heading
                before.remove(c)
            after.text = (k.tail or "")[m.end():]  # the text after the number
            for c in list(after)[: list(after).index([c for c in after if isinstance(c.tag, str)][i]) + 1]:
                after.remove(c)
            text_before = inline_text(before, self.notes)
            if text_before:
                if not first:
                    self.b.separate("\n")
                self.b.append(text_before)
            self._maybe_judge(k, inline_text(k), strong=True)
            self._open_number_in_text(str(want))
            rest = inline_text(after, self.notes).strip()
            self.b.append(f"{want}. {rest}" if rest else f"{want}.")  # its number as printed, as for the others
            return True
        return False

    def _open_number_in_text(self, number: str) -> None:
        """Open the judgment's numbered paragraph ``number``, whose number was found in the text, not a ``<num>``."""
        self._close_para()
        self.s.last_number = int(number)
        self.b.separate()
        o = self.c.begin(UnitKind.PARAGRAPH, self.s.zone, True, number=number, label=f"[{number}]",
                         section_path=self._path(), parent=None, attrs={"number_in_text": True})
        self.s.para = _Open(o, number)
        if self.s.segment is not None:
            self.s.segment.units.append(o)

    def _render_split_p(self, text: str, splits: list[tuple[int, str]], first: bool) -> None:
        """A ``<p>`` holding the start of the next numbered paragraph: close the open one there, open the next."""
        cut = 0
        for offset, number in splits:
            before = text[cut:offset].rstrip()
            if before:
                if not first:
                    self.b.separate("\n")
                self.b.append(before)
                first = False
            self._open_number_in_text(number)
            first = True
            cut = offset
        rest = text[cut:]
        if rest:
            self.b.append(rest)

    # -- footnotes ----------------------------------------------------------------------------------
    def _read_notes(self) -> None:
        if not self.notes:
            return
        self.b.separate()
        seen = set()
        for marker, note in self.notes:
            if id(note) in seen:
                continue
            seen.add(id(note))
            text = collapse_space(" ".join(inline_text(p) for p in note.iter(f"{{{AKN_NS}}}p")) or
                                  inline_text(note))
            if not text:
                continue
            self.b.separate("\n")
            start, end = self.b.append(f"[fn {marker}] {text}")
            self.c.add(UnitKind.BLOCK, start, end, Zone.NOTE, False, number=marker, label=f"fn {marker}",
                       parent=None, section_path=("Footnotes",))


#: Markers that start a list item without numbering it: a bullet or a dash names no place, so the item is
#: labelled by its position ("[38] bullet 2"); a lawyer cites "the second bullet of [38]".
BULLET_MARKERS = frozenset("•◦▪▫·‣○●■□➢►▶✓-–—*")


def _item_style(number: str, stack: list[dict[str, Any]]) -> tuple[str, int | None]:
    """(style, value) of a sub-item's printed number, reading "(i)" as a letter only where "(h)" was the last
    item of an open lettered list, and as a roman numeral otherwise."""
    n = number.strip().strip("“”\"‘’'")
    if n in BULLET_MARKERS or (n and all(ch in BULLET_MARKERS for ch in n)):
        return "bullet:" + n[:1], None  # "◦" under "•" is a list inside the bullet before it
    m = re.fullmatch(r"\(?([A-Za-z]{1,6}|\d{1,4})\)", n)
    inner, pre = (m.group(1), "p-") if m else (n.rstrip("."), "")
    if inner.isdigit():
        return pre + "dec", int(inner)
    case = "lower" if inner.islower() else "upper"
    rv, lv = roman_value(inner), letter_value(inner)
    if rv is not None:
        open_letter = next((e for e in stack if e["style"] == pre + case), None)
        open_roman = next((e for e in stack if e["style"] == pre + case + "-roman"), None)
        follows_letter = open_letter is not None and lv is not None and open_letter["value"] == lv - 1
        continues_roman = open_roman is not None and rv == open_roman["value"] + 1
        if not follows_letter and (continues_roman or len(inner) > 1 or inner.lower() == "i"):
            return pre + case + "-roman", rv
    if lv is not None:
        return pre + case, lv
    return "other:" + n, None


#: How deep each numbering style sits, as legislation and judgments nest them (section 6, subsection (1),
#: paragraph (a), sub-paragraph (i), clause (A)): a style never opens inside one that ranks below it.
_STYLE_RANK = {"dec": 0, "upper": 1, "upper-roman": 1, "p-dec": 2, "p-lower": 3, "p-lower-roman": 4,
               "p-upper": 5, "p-upper-roman": 6, "lower": 7, "lower-roman": 8}


def _rank(style: str) -> int:
    return _STYLE_RANK.get(style, 1 if style.startswith("other:") else 99)


def _item_part(entry: dict[str, Any], below: dict[str, Any] | None) -> str:
    if entry["style"].startswith("bullet:"):
        under_bullet = below is not None and below["style"].startswith("bullet:")
        return f"{', sub-bullet' if under_bullet else ' bullet'} {entry['count']}"
    lead = f" list {entry['list']}" if entry["list"] > 1 else ""
    if entry["lead"]:
        lead += entry["lead"]
    num = entry["number"]
    return lead + (num if num.startswith("(") else " " + num)


#: A lettered or numbered line that the markup left in the paragraph's own text ("(b) whether the party or
#: witness—" above a list "(i) ... (ii) ..."): the list's lead-in, so its items are "(b)(i)", "(b)(ii)".
_LEAD_IN = re.compile(r"(?m)^[“\"‘']?(\((?:[a-z]{1,4}|[A-Z]{1,4}|\d{1,3})\))[ \t]+\S")


#: A quoted section's number and heading at a line start ("9 Proceedings after decree nisi: ..."): the section
#: that a lead-in "(1)" below it belongs to, so two quoted sections' lists are "8(1)(a)" and "9(1)(a)".
_SECTION_LINE = re.compile(r"(?m)^[“\"‘']?(\d{1,3}[A-Z]?)\.?[ \t]+[A-Z]")


def _lead_in(gap: str, number: str, own: str | None) -> str | None:
    found = list(_LEAD_IN.finditer(gap))
    if not found or found[-1].group(1) == number.strip():
        return None
    lead = found[-1]
    section = [m for m in _SECTION_LINE.finditer(gap, 0, lead.start()) if m.group(1) != own]
    return (f" {section[-1].group(1)}" if section else "") + lead.group(1)


def _nested_parts(items: list[Unit], text: str, start: int, own: str | None) -> dict[int, str]:
    """The path of each sub-item of one paragraph, read from the printed numbers alone: a new numbering style
    opens a list inside the item before it ("(2)" then "(a)" is "(2)(a)"), a style already open closes what is
    inside it, a bullet counts its place in its list; a list whose lead-in line has no unit of its own is that
    line's ("(b)(i)"), and a list starting again at its first number with nothing between is the paragraph's
    next list ("list 2(a)")."""
    stack: list[dict[str, Any]] = []
    out: dict[int, str] = {}
    prev_end = start
    for u in items:
        number = u.number or ""
        style, value = _item_style(number, stack)
        at = next((i for i, e in enumerate(stack) if e["style"] == style), None)
        gap = text[prev_end:u.char_start]
        prev_end = max(prev_end, u.char_end)
        if at is None:
            while stack and _rank(stack[-1]["style"]) >= _rank(style) and not style.startswith("bullet:"):
                stack.pop()
            entry = {"style": style, "value": value, "number": number.strip(), "count": 1, "list": 1,
                     "lead": _lead_in(gap, number, own) if not style.startswith("bullet:") else None}
        else:
            prev = stack[at]
            del stack[at:]
            restart = value is not None and prev["value"] is not None and value <= prev["value"]
            lead = _lead_in(gap, number, own) if restart else prev["lead"]
            entry = {"style": style, "value": value, "number": number.strip(), "count": prev["count"] + 1,
                     "list": prev["list"] + (1 if restart and not lead else 0), "lead": lead}
        stack.append(entry)
        out[u.ordinal] = "".join(_item_part(e, stack[i - 1] if i else None) for i, e in enumerate(stack))
    return out


def quoted_sub_items_folded(units: tuple[Unit, ...], text: str) -> tuple[Unit, ...]:
    """A numbered sub-item inside a quotation its paragraph opened before it ("Section 88A reads as
    follows: / “88A Entry clearance / (1) ... (a) ...", "Article 4 of the Order states: / “Saving ... /
    4. ...") is the quoted document's number, not the judgment's: unless its label shows the quotation
    (``[17] “279(1)``), its words are cited as the paragraph's ([9]), and it is no unit of its own.  The
    quotation is one opened by a line of its own and not closed before the sub-item."""
    by = {u.ordinal: u for u in units}
    drop: set[int] = set()
    for u in units:
        if u.kind is not UnitKind.SUBPARAGRAPH or not u.label or "\u201c" in u.label or u.parent is None \
                or not u.number or u.zone is not Zone.REASONS:  # a bullet prints no number: kept, by position
            continue
        top = by.get(u.parent)
        while top is not None and top.kind is not UnitKind.PARAGRAPH and top.parent is not None:
            top = by.get(top.parent)
        if top is None or top.kind is not UnitKind.PARAGRAPH:
            continue
        before = text[top.char_start:u.char_start]
        opened = before.rfind("\n\u201c")  # a quotation opened by a line of its own ("“88A Entry clearance")
        if opened < 0:
            continue
        since = before[opened:]
        if since.count("\u201c") > since.count("\u201d") and "\n" in since[2:]:
            drop.add(u.ordinal)
    if not drop:
        return units
    return renumber_units([u for u in units if u.ordinal not in drop])


def _distinct_annex_paragraphs(units: tuple[Unit, ...]) -> tuple[Unit, ...]:
    """An annex that numbers its paragraphs again under each of its headings ("Legislation" 1-12, "Code and
    Guidance" 1-12) names the heading where a number repeats: "ANNEX A, Code and Guidance [5]"."""
    def render(u: Unit, heads: tuple[str, ...]) -> str:
        annex, _, rest = str(u.label).rpartition(" [")
        return f"{annex}, {', '.join(heads)} [{rest}"

    return distinguish_by_headings(
        units, lambda u: u.kind is UnitKind.PARAGRAPH and u.zone is Zone.SCHEDULE and " [" in (u.label or ""),
        lambda u: tuple(u.section_path[1:]), render)


def sub_item_labels(units: tuple[Unit, ...], text: str) -> tuple[Unit, ...]:
    """Label every sub-item by its paragraph's label and its own path, so that no two places share one: where
    a paragraph's sub-items would repeat a label (a quoted section's "(1)(a) ... (2)(a)", a second list) or are
    bullets, their path comes from :func:`_nested_parts`; otherwise the printed number follows the paragraph's
    label as before ("[14](a)", "[14] 122")."""
    by_parent: dict[int, list[Unit]] = {}
    for u in units:
        if u.kind is UnitKind.SUBPARAGRAPH and u.parent is not None:
            by_parent.setdefault(u.parent, []).append(u)
    if not by_parent:
        return units
    parts: dict[int, str] = {}
    by_ord = {u.ordinal: u for u in units}
    for items in by_parent.values():
        flat = [(u.number or "").strip() for u in items]
        flat = [n if n.startswith("(") else " " + n for n in flat]
        if len(set(flat)) < len(flat) or any(_item_style(u.number or "", [])[0].startswith("bullet:") for u in items):
            parent = by_ord[items[0].parent]
            parts.update(_nested_parts(items, text, parent.char_start, parent.number))
        else:
            parts.update({u.ordinal: f for u, f in zip(items, flat)})
    labels: dict[int, str | None] = {}
    out = []
    for u in units:
        if u.ordinal in parts:
            base = labels.get(u.parent) if u.parent is not None else None
            label = f"{base or ''}{parts[u.ordinal]}".strip()
            bullet = _item_style(u.number or "", [])[0].startswith("bullet:")
            u = replace(u, label=label, number=None if bullet else u.number,
                        attrs={**u.attrs, "marker": u.number} if bullet else u.attrs)
        labels[u.ordinal] = u.label
        out.append(u)
    return tuple(out)


#: A line that is only a rule drawn with characters ("_________________", "- - - - -", "* * *"), printed under a
#: judgment's last paragraph or between parts: layout, which no quotation of the paragraph should carry.
_RULE_LINE = re.compile(r"^\s*(?:[_=*~\-\u2013\u2014]\s*){3,}$")


def _embedded_number(text: str, number: int, start: int = 0) -> re.Match[str] | None:
    """Where paragraph ``number`` starts inside a run of text: after a closing quote or full stop."""
    return re.compile(rf"(?<=[”\"’.])\s+({number})\.\s+(?=[A-Z“‘\"(])").search(text, start)


_SENTENCE_DONE = re.compile(r"[.!?:;][\"”’)\]]*\s*$")
_SENTENCE_ENDED = re.compile(r"[.!?][\"”’)\]]*\s*$")  # a sentence over, not one introducing what follows


#: How much further in (inches) a paragraph's number must sit than a later paragraph printing the same number for
#: the first to be read as quoted (Word's quotation styles indent by half an inch or more).
QUOTE_INDENT_MIN = 0.25


def _indent(style: str) -> float:
    """How far (inches) a ``<p>``'s first line sits from the margin: margin-left plus text-indent."""
    total = 0.0
    for prop in ("margin-left", "text-indent"):
        m = re.search(rf"{prop}\s*:\s*(-?[\d.]+)in", style)
        if m:
            try:
                total += float(m.group(1))
            except ValueError:
                pass
    return total


def _starts_quote(text: str) -> bool:
    return text[:1] in "“\"‘'(…["


def _text_before(p: etree._Element, last: etree._Element, notes: list[tuple[str, etree._Element]]) -> str:
    """The text of ``p`` without its last child (which the caller handles on its own)."""
    clone = etree.fromstring(etree.tostring(p))
    kids = [k for k in clone if isinstance(k.tag, str)]
    if kids:
        clone.remove(kids[-1])
    return inline_text(clone, notes)


# --- press summaries ------------------------------------------------------------------------------

def _read_press_summary(doc_el: etree._Element, source: str, warnings: list[str]) -> ParsedDocument:
    """A press summary: not the court's words, so every unit is zone ``summary`` and not citable."""
    meta = _read_meta(doc_el)
    b = TextBuilder()
    c = UnitCollector(b)
    preface = _find(doc_el, "akn:preface")
    judges = [display_judge(collapse_space("".join(j.itertext()))) for j in doc_el.iter(f"{{{AKN_NS}}}judge")]
    judges = [j for j in dict.fromkeys(judges) if j]
    if preface is not None:
        lines = [inline_text(p) for p in preface.iter(f"{{{AKN_NS}}}p")]
        lines = [x for x in lines if x]
        if lines:
            o = c.begin(UnitKind.BLOCK, Zone.COVER, False, section_path=("Cover",), parent=None)
            for k, line in enumerate(lines):
                if k:
                    b.separate("\n")
                b.append(line)
            c.end(o)
    body = _find(doc_el, "akn:mainBody")
    if body is None:
        raise ParseError(source, "press summary has no <mainBody>")
    heading: str | None = None
    for p in body.iter(f"{{{AKN_NS}}}p"):
        if any(local_name(a) == "p" for a in p.iterancestors()):
            continue
        text = inline_text(p)
        if not text:
            continue
        b.separate()
        start, end = b.append(text)
        cls = p.get("class") or ""
        if _HEADING_CLASS.search(cls) or (bold_share(p) > 0.8 and len(text) < 120):
            heading = text
            c.add(UnitKind.HEADING, start, end, Zone.SUMMARY, False, parent=None, section_path=(heading,))
        else:
            c.add(UnitKind.BLOCK, start, end, Zone.SUMMARY, False, parent=None,
                  section_path=(heading,) if heading else ())
    units = c.units()
    text = b.text()
    out_meta = {k: v for k, v in meta.items() if k not in ("title", "date", "date_name")}
    out_meta["summary_of"] = meta.get("summary_of")
    out_meta["summary_of_cite"] = meta.get("summary_of_cite")
    out_meta["judges"] = judges
    title = meta.get("title") or (f"Press summary of {meta['summary_of_cite']}" if meta.get("summary_of_cite")
                                  else source)
    return ParsedDocument(
        format=Format.AKN, kind=DocumentKind.SUMMARY, title=title, text=text, units=units,
        citation=meta.get("cite"), date=meta.get("date"), warnings=tuple(warnings), meta=out_meta,
    )
