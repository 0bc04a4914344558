"""Legislation marked up as nested provisions, each with its ``<num>`` and ``<heading>``: the one walker that
Akoma Ntoso Acts (:mod:`pincite.parse.akn_act`) and plain legislative XML share, and the reader of the latter.

Plain legislative XML is a code's own markup for one section or a run of them, in whatever namespace: a root
``<section>`` (or ``<container>``/``<chapter>``...) with ``<num>``, ``<heading>``, nested ``<para>``s (or
``<level>``s) with their ``<num>`` "(a)", and ``<text>`` blocks — the District of Columbia Council's
``dc-library`` schema is one.  ``<annotations>`` (history, editor's notes, short titles) are notes after the
section, never citable.

The walker reads any such tree with a :class:`Vocabulary` (which elements are provisions, which are groups
such as chapters and parts, which hold text, which are notes):

* a numbered provision is a citable unit whose ``number`` is its ``<num>`` as printed ("(2A)", "35A") and
  whose label is the pinpoint: "s. 4(3)(d)", "§ 38-2803(b)(2A)(E)(vi)"; a sub-provision's label is its
  parent's with its number appended in brackets;
* a provision without a number has no unit of its own: its text is its parent's — except the closing words of
  a list (an unnumbered block that opens in lower case after a numbered sibling whose list it finishes),
  which are that sibling's, and a definition (a block that opens with the defined term), which is cited by
  the term as the repository's other statute readers cite it (``s. 1 "building" (a)(ii)``);
* a group (chapter, part) is a heading, not citable, and names the path of what it holds;
* notes (an editorial remark, a footnote, a publisher's "Note: ..." in a provision's place) leave the flow
  and are put after the top-level provision they sit in, zone ``note``, not citable;
* a table is a line to each row, cells separated by tabs.

Nothing here searches the text for a string: text is appended with the moving cursor of
:mod:`pincite.parse.builder`.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from lxml import etree

from pincite.errors import ParseError
from pincite.legal.language import EDITORIAL_NOTE
from pincite.parse.akn_text import collapse_space, inline_text
from pincite.parse.builder import TextBuilder, UnitCollector
from pincite.parse.xmlsafe import load_xml, local_name
from pincite.types import DocumentKind, Format, ParsedDocument, UnitKind, Zone

#: Unit kinds of numbered levels below the top one, by depth, where the markup's element names do not say
#: (``<para>`` inside ``<para>``): subsection (a), paragraph (1), subparagraph (A), clause (i), subclause (I).
DEPTH_KINDS = (UnitKind.SUBSECTION, UnitKind.PARAGRAPH, UnitKind.SUBPARAGRAPH, UnitKind.CLAUSE,
               UnitKind.SUBCLAUSE)


@dataclass(frozen=True)
class Vocabulary:
    """What the elements of one markup mean."""

    #: provisions named by their own element (``section`` -> its kind and the word its label starts with)
    provisions: dict[str, UnitKind]
    #: the provisions cited by their own number, not their parent's: their label word ("s.", "art.", "§")
    top_words: dict[str, str]
    #: numbered levels whose kind is read from their depth (``para``, ``level``)
    by_depth: frozenset[str] = frozenset()
    #: groups: a non-citable heading (their number and heading) over what they hold
    groups: frozenset[str] = frozenset()
    #: blocks of text, a line each
    blocks: frozenset[str] = frozenset({"p", "text"})
    #: notes, set after the top-level provision
    notes: frozenset[str] = frozenset()
    #: never read (metadata)
    skip: frozenset[str] = frozenset()
    #: the word a group's bare number is printed with ("chapter" -> "Chapter 1")
    group_words: dict[str, str] = field(default_factory=dict)


@dataclass
class Walker:
    """Builds the canonical text and units of a tree of provisions, with a moving cursor."""

    vocab: Vocabulary
    b: TextBuilder = field(default_factory=TextBuilder)
    warnings: list[str] = field(default_factory=list)
    uc: UnitCollector = field(init=False)
    notes: list[tuple[str, str]] = field(default_factory=list)  # (what, text) waiting for the provision's end
    glue: bool = False  # the next line goes on after the number just written ("(a) " + its words)
    in_definition: bool = False  # a definition's own blocks open with its term too: no definition in one
    top_open: int = 0  # how many top-level provisions are open (notes wait until none is)
    in_force: Callable[[etree._Element], tuple[str | None, str | None]] | None = None
    #: a markup's own reading of an element met in the flow (an Akoma Ntoso schedule set in the body); True
    #: when it read it
    special: Callable[[Walker, etree._Element, list[str]], bool] | None = None

    def __post_init__(self) -> None:
        self.uc = UnitCollector(self.b)

    # -- text ------------------------------------------------------------------------------------------------

    def line(self, text: str) -> tuple[int, int] | None:
        text = collapse_space(text)
        if not text:
            return None
        if self.glue and self.b.pos:
            self.glue = False
            self.b.append(" ")
            return self.b.append(text)
        self.glue = False
        self.b.separate("\n")
        return self.b.append(text)

    def text_of(self, el: etree._Element) -> str:
        """The words of an inline run; a note inside it (an editorial remark) leaves it for the notes, a
        footnote leaving its mark "[fn 1]" behind."""
        parts: list[str] = []

        def visit(e: etree._Element) -> None:
            if e.text:
                parts.append(e.text)
            for c in e:
                if isinstance(c.tag, str):
                    name = local_name(c)
                    if name == "authorialNote":
                        marker = c.get("marker") or str(len(self.notes) + 1)
                        parts.append(f" [fn {marker}] ")
                        self.notes.append(("footnote", f"[fn {marker}] {inline_text(c)}"))
                    elif name in self.vocab.notes:
                        self.notes.append((name, inline_text(c)))
                    elif name in ("br", "eol", "eop"):  # a line or page end inside a sentence
                        parts.append(" ")
                    elif name not in ("noteRef", "marker", "img"):
                        visit(c)
                if c.tail:
                    parts.append(c.tail)

        visit(el)
        return collapse_space("".join(parts))

    def flush_notes(self, path: list[str]) -> None:
        if self.top_open or not self.notes:
            return
        for what, text in self.notes:
            self.b.separate("\n\n")
            s, e = self.b.append(collapse_space(text))
            self.uc.add(UnitKind.BLOCK, s, e, Zone.NOTE, False, parent=None, section_path=list(path),
                        attrs={"note": what})
        self.notes.clear()

    # -- structure -------------------------------------------------------------------------------------------

    def number(self, el: etree._Element) -> str | None:
        num = next((c for c in el if isinstance(c.tag, str) and local_name(c) == "num"), None)
        if num is None:
            return None
        t = collapse_space(inline_text(num))
        t = _NUMBER_WORD.sub("", t).strip()  # "Section 4", "Article 5", "Chapter 1": the word is the label's
        t = t.rstrip(".").strip()
        if re.fullmatch(r"[A-Za-z0-9]{1,6}\)", t):  # "a)" as some print it: "(a)"
            t = f"({t}"
        return t or None

    def heading(self, el: etree._Element) -> str:
        h = next((c for c in el if isinstance(c.tag, str) and local_name(c) == "heading"), None)
        return collapse_space(self.text_of(h)) if h is not None else ""

    def walk(self, el: etree._Element, label: str | None, path: list[str], zone: Zone, depth: int) -> None:
        """Read the children of ``el`` (a provision whose label is ``label``, or a container)."""
        open_sibling: tuple[int, bool] | None = None  # the numbered provision read last: (unit, top-level)
        last_name = ""
        for c in el:
            if not isinstance(c.tag, str):
                continue
            name = local_name(c)
            if name in ("num", "heading", "subheading") or name in self.vocab.skip:
                continue
            if open_sibling is not None:
                if name == last_name and self._closing_words(c):
                    self.walk(c, label, path, zone, depth)  # the list's closing words are the sibling's
                    continue
                self._close(*open_sibling, path)
                open_sibling = None
            if self._is_provision(c) and self.number(c) is not None:
                open_sibling = self.provision(c, label, path, zone, depth)
                last_name = name
            elif self._is_provision(c) and not self.in_definition and self._defined_term(c):
                self._close(*self.definition(c, label, path, zone, depth), path)
            else:
                self.flow(c, label, path, zone, depth)
        if open_sibling is not None:
            self._close(*open_sibling, path)

    def _close(self, ordinal: int, top: bool, path: list[str]) -> None:
        self.uc.end(ordinal)
        if top:
            self.top_open -= 1
            self.flush_notes(path)

    def _is_provision(self, el: etree._Element) -> bool:
        name = local_name(el)
        return name in self.vocab.provisions or name in self.vocab.by_depth or name in self.vocab.top_words

    def _closing_words(self, el: etree._Element) -> bool:
        """An unnumbered provision that finishes the list its numbered sibling opened ("... or / (b) ..., /
        is guilty of an offence"): it opens in lower case and the sibling's text does not end a sentence."""
        if self.number(el) is not None or self._defined_term(el):
            return False
        words = collapse_space(" ".join(el.itertext()))
        before = self.b.tail(3).rstrip()
        return bool(words) and words[0].islower() and not before.endswith((".", ":"))

    def _defined_term(self, el: etree._Element) -> str | None:
        """The term a definition defines, where the provision opens with it (``<def>`` in its first block)."""
        for e in el.iter():
            if not isinstance(e.tag, str):
                continue
            n = local_name(e)
            if n == "def":
                return collapse_space("".join(e.itertext())) or None
            if n in self.vocab.blocks and collapse_space("".join(e.itertext())):
                first = next((d for d in e.iter() if isinstance(d.tag, str) and local_name(d) == "def"), None)
                return collapse_space("".join(first.itertext())) if first is not None else None
        return None

    def label_for(self, el: etree._Element, number: str, parent: str | None) -> str:
        name = local_name(el)
        if name in self.vocab.top_words and not (parent and parent.startswith(_ATTACHMENT_WORDS)):
            word = self.vocab.top_words[name]
            return f"{word} {number}" if word else number
        if parent and name in self.vocab.top_words:  # a numbered part of a schedule: "Schedule 1, I"
            return f"{parent}, {number}"
        if parent and parent.startswith(_ATTACHMENT_WORDS) and not parent.endswith(")") and "," not in parent:
            return f"{parent}, para. {number}"  # a schedule's own paragraph: "Schedule 2, para. 1"
        own = number if number.startswith("(") else f"({number})"
        if not parent:
            return own
        return f"{parent}{own}" if parent.endswith(")") or parent[-1:].isalnum() else f"{parent} {own}"

    def kind_for(self, el: etree._Element, depth: int) -> UnitKind:
        name = local_name(el)
        if name in self.vocab.provisions:
            return self.vocab.provisions[name]
        if name in self.vocab.top_words:
            return UnitKind.SECTION
        return DEPTH_KINDS[min(depth, len(DEPTH_KINDS) - 1)]

    def provision(self, el: etree._Element, parent: str | None, path: list[str], zone: Zone,
                  depth: int) -> tuple[int, bool]:
        """Open a numbered provision and read it; it is closed by the caller (its list's closing words may
        follow)."""
        number = self.number(el) or ""
        label = self.label_for(el, number, parent)
        top = local_name(el) in self.vocab.top_words
        if top:
            self.glue = False
            self.b.separate("\n\n")
            self.top_open += 1
        elif not self.glue:
            self.b.separate("\n")
        else:
            self.b.append(" ")
        start, until = self.in_force(el) if self.in_force else (None, None)
        o = self.uc.begin(self.kind_for(el, depth), zone, True, number=number, label=label,
                          section_path=list(path), in_force_from=start, in_force_to=until,
                          attrs={k: v for k, v in (("eId", el.get("eId") or el.get("id")),) if v})
        printed = collapse_space(inline_text(next(c for c in el if isinstance(c.tag, str)
                                                  and local_name(c) == "num")))
        self.b.append(printed)
        heading = self.heading(el)
        if heading:
            self.b.append(" " + heading)
            self.glue = False
        else:
            self.glue = True
        self.walk(el, label, path + ([label] if top else []), zone, depth if top else depth + 1)
        self.glue = False
        return o, top

    def definition(self, el: etree._Element, parent: str | None, path: list[str], zone: Zone,
                   depth: int) -> tuple[int, bool]:
        term = self._defined_term(el) or ""
        label = f'{parent} "{term}"' if parent else f'"{term}"'
        self.b.separate("\n")
        self.glue = False
        o = self.uc.begin(UnitKind.OTHER, zone, True, label=label, section_path=list(path),
                          attrs={"term": term})
        self.in_definition = True
        try:
            self.walk(el, label, path, zone, depth)
        finally:
            self.in_definition = False
        return o, False

    def group(self, el: etree._Element, path: list[str], zone: Zone) -> list[str]:
        """A chapter or part: its number and heading as a non-citable heading; the path below it."""
        name = local_name(el)
        number = self.number(el)
        word = self.vocab.group_words.get(name, name.capitalize())
        head = " ".join(x for x in (f"{word} {number}" if number else "", self.heading(el)) if x)
        if not head:
            return path
        self.glue = False
        self.b.separate("\n\n")
        s, e = self.b.append(head)
        self.uc.add(UnitKind.HEADING, s, e, zone, False, section_path=list(path), number=number,
                    label=f"{word} {number}" if number else None)
        return path + [head]

    def flow(self, el: etree._Element, label: str | None, path: list[str], zone: Zone, depth: int) -> None:
        name = local_name(el)
        if self.special is not None and self.special(self, el, path):
            return
        if name in self.vocab.notes:
            parts = [c for c in el if isinstance(c.tag, str)]
            if parts and all(local_name(c) in self.vocab.notes | self.vocab.blocks for c in parts):
                self.notes.extend((local_name(c), self.text_of(c)) for c in parts)  # a note to each entry
            else:
                self.notes.append((name, self.text_of(el)))
            self.flush_notes(path)
            return
        if name in self.vocab.groups:
            self.walk(el, label, self.group(el, path, zone), zone, depth)
            return
        if name == "table":
            for tr in el.iter():
                if isinstance(tr.tag, str) and local_name(tr) == "tr":
                    cells = [collapse_space(self.text_of(td)) for td in tr
                             if isinstance(td.tag, str) and local_name(td) in ("td", "th")]
                    self.line("\t".join(c for c in cells if c))
            return
        if name in self.vocab.blocks or not any(isinstance(c.tag, str) for c in el):
            text = self.text_of(el)
            if EDITORIAL_NOTE.match(text):  # the publisher's note in a provision's place
                self.notes.append(("editorial note", text))
                self.flush_notes(path)
                return
            self.line(text)
            return
        heading = self.heading(el)  # an unnumbered provision's own heading ("Forms") is its first line
        if heading:
            self.line(heading)
        self.walk(el, label, path, zone, depth)


#: The word a ``<num>`` may print before the number ("Section 4", "ARTICLE 5", "Chapter 1", "§ 3"): the label
#: says it (once), so the number is what follows.
_NUMBER_WORD = re.compile(r"^(?:SEC(?:TION)?|Sec(?:tion)?|ART(?:ICLE)?|Art(?:icle)?|CHAPTER|Chapter|PART|Part|"
                          r"RULE|Rule|REGULATION|Regulation|§+)\.?\s*(?=\S)")
_ATTACHMENT_WORDS = ("Schedule", "Annex", "Appendix", "Attachment", "Form")

# -- plain legislative XML (a code's own markup) ------------------------------------------------------------

#: The D.C. Council's dc-library schema and its like: a section with nested paras, text blocks and
#: annotations.
CODE_XML = Vocabulary(
    provisions={},
    top_words={"section": "§"},
    by_depth=frozenset({"para", "level", "paragraph"}),
    groups=frozenset({"container", "chapter", "title", "subtitle", "part", "subchapter", "unit"}),
    blocks=frozenset({"text", "p"}),
    notes=frozenset({"annotations", "annotation", "note", "editorialNote"}),
    skip=frozenset({"meta", "recency", "include"}),
)

#: Roots this reader takes (sniffed when the document opens with one and it holds a ``<num>``).
CODE_ROOTS = frozenset({"section", "container", "chapter", "level"})


def parse(data: bytes, source: str) -> ParsedDocument:
    """Read a code's own XML for one or more sections (see the module docstring)."""
    root, warnings = load_xml(data, source)
    name = local_name(root)
    if name not in CODE_ROOTS:
        raise ParseError(source, f"root <{name}> is not a legislative section or container "
                                 f"(one of {', '.join(sorted(CODE_ROOTS))})")
    w = Walker(CODE_XML, warnings=list(warnings))
    code = root.get("containing-doc") or ""
    number = w.number(root)
    heading = w.heading(root)
    label = f"§ {number}" if number else None
    title = " ".join(x for x in (label, heading) if x) or source
    path = [x for x in (code,) if x]
    if name in CODE_XML.top_words and number:
        o, top = w.provision(root, None, path, Zone.BODY, 0)
        w._close(o, top, path)
    else:
        w.walk(root, None, w.group(root, path, Zone.BODY), Zone.BODY, 0)
    w.flush_notes(path)
    units = w.uc.units()
    if not any(u.citable for u in units):
        raise ParseError(source, "no numbered section or provision to cite")
    citation = f"{code} {label}".strip() if label else None
    return ParsedDocument(
        format=Format.LEGISLATION_XML,
        kind=DocumentKind.STATUTE,
        title=title,
        text=w.b.text(),
        units=units,
        citation=citation,
        warnings=tuple(w.warnings),
        meta={"document_type": "code section", "code": code or None},
    )
