"""Markdown documents: the text a renderer shows, with the clause numbers its lists and headings print.

The file is read with markdown-it-py (CommonMark, with tables) and the canonical text is built block by block
with a :class:`~pincite.parse.builder.TextBuilder` — headings, paragraphs, list items, table rows — a blank
line between blocks, a paragraph's own line breaks kept.  Markup is not text: emphasis markers, inline HTML
(``<span class="keyterms_link">``), link syntax (the link's words stay; an autolink's address is its words),
heading ``#``s and the list syntax go; entities and escapes are decoded.  What a renderer *draws* is text: an
ordered list's numbers as rendered (from its start, each nested list from 1: "1." / "1." / "a."), a bullet.

Structure (:mod:`pincite.parse.outline` names it, as it does for HTML): a numbered heading ("## 5.
Termination", "### 5.2 Notice"), an ordered-list item, a paragraph opening with a dotted number ("5.3 The
...") and a lettered line inside a paragraph ("a. Partner will ...", which Markdown has no list for but a
contract written in it prints) are each a clause, nested as written: the second item of the list under clause
3 is cl. 3.2, its first lettered line cl. 3.2(a).  A label the document carries itself (``<span
id="4.6">``) is checked against the nesting and counted in ``meta["label_evidence"]``.

A document is a contract when it has clauses and the contract signals say so (its title names an
instrument, its opening names the parties, it has signatures); otherwise the text goes through
:func:`pincite.parse.text.analyse_text` like any text (a README with numbered steps is no contract).  The
first heading is the title (not citable); text before the first clause is the preamble; a licence or copyright
note after the last clause (:data:`pincite.legal.contracts.FOOTER_NOTES`) and the signature blocks are
not citable and never part of that clause; an attachment's heading ("## Exhibit A") starts the schedules.
"""

from __future__ import annotations

import html
import re
import textwrap
from dataclasses import dataclass

from markdown_it import MarkdownIt
from markdown_it.token import Token
from markdown_it.tree import SyntaxTreeNode

from pincite.errors import ParseError
from pincite.legal.contracts import FOOTER_NOTES
from pincite.parse import outline
from pincite.parse.builder import TextBuilder
from pincite.parse.contract import split_lines
from pincite.parse.outline import Node, Sequence
from pincite.parse.text import (
    MIN_CLAUSES,
    _tail_units,
    analyse_text,
    attachment_name,
    decode_text,
    find_date,
    find_signatures,
    has_contract_signals,
)
from pincite.types import DocumentKind, Format, ParsedDocument, Unit, UnitKind, Zone

_MD = MarkdownIt("commonmark", {"html": True}).enable("table")

#: a heading that prints its clause number: "5. Termination", "5.2 Notice", "12."
_NUMBERED_HEADING = re.compile(r"^(\d{1,3}(?:\.\d{1,3}){0,5}\.?)(?:[ \t]+|$)")
#: a paragraph that opens with a dotted clause number: "5.3 The Supplier shall ..." (a list needs "5." alone)
_NUMBERED_PARAGRAPH = re.compile(r"^(\d{1,3}(?:\.\d{1,3}){1,5}\.?)[ \t]+(?=\S)")
_HEADER_SPAN = re.compile(r"(?i)^<span\b[^>]*\bclass\s*=\s*[\"'][^\"']*\bheader_\d")
_ID = re.compile(r"(?i)\bid\s*=\s*[\"']([^\"']+)[\"']")
_CLOSE_SPAN = re.compile(r"(?i)^</span\s*>")
_BR = re.compile(r"(?i)^<br\s*/?>$")
_TAG = re.compile(r"<!--.*?-->|<[^>]*>", re.S)
_LABEL_ID = re.compile(r"^\d{1,3}(?:\.\d{1,3}){0,5}(?:\([0-9a-zA-Z]{1,6}\))*$")
_FOOTERS = [re.compile(p) for p, _ in FOOTER_NOTES]
#: a footer note is a short line of its own
_FOOTER_MAX = 400


def _tokens(node: SyntaxTreeNode) -> list[Token]:
    """The flat inline tokens of a block (its inline child's), emphasis and links not nested."""
    for child in node.children:
        if child.type == "inline" and child.token is not None:
            return list(child.token.children or [])
    return []


@dataclass
class _Inline:
    lines: list[str]
    heading: str | None  # the text of a header span (<span class="header_3">Termination.</span>)
    ids: list[str]  # id attributes on the first line's inline HTML


def _inline(children: list[Token]) -> _Inline:
    """A paragraph's (or heading's) words as lines, markup dropped."""
    lines: list[list[str]] = [[]]
    heading: list[str] | None = None
    capturing = False
    ids: list[str] = []
    for t in children:
        if t.type == "text" or t.type == "code_inline":
            lines[-1].append(t.content)
            if capturing and heading is not None:
                heading.append(t.content)
        elif t.type in ("softbreak", "hardbreak"):
            lines.append([])
        elif t.type == "image":
            lines[-1].append(t.content)
        elif t.type == "html_inline":
            tag = t.content.strip()
            if _BR.match(tag):
                lines.append([])
            elif heading is None and _HEADER_SPAN.match(tag):
                heading, capturing = [], True
            elif capturing and _CLOSE_SPAN.match(tag):
                capturing = False
            if len(lines) == 1:
                ids += _ID.findall(tag)
        # emphasis, strike-through and link open/close tokens are markup: nothing to show
    out = [re.sub(r"[ \t]+$", "", "".join(parts)) for parts in lines]
    head = "".join(heading).strip() if heading else None
    return _Inline([ln for ln in out], head.rstrip(".").strip() if head else None, ids)


@dataclass
class _Block:
    start: int
    end: int
    what: str  # "title" | "heading" | "text" | "schedule"
    name: str | None = None  # the attachment a schedule block is in


class _Walker:
    """Builds the canonical text and the numbered items in one pass over the syntax tree."""

    def __init__(self) -> None:
        self.b = TextBuilder()
        self.nodes: list[Node] = []
        self.kinds: list[str] = []  # per node: "heading" | "item" | "printed" | "letter"
        self.levels: list[int] = []  # a heading node's level (0 for others)
        self.stack: list[int] = []  # open nodes, innermost last
        self.blocks: list[_Block] = []
        self.title: str | None = None
        self.schedule: str | None = None  # the attachment whose heading was met (no more clauses after it)
        self.pending: str | None = None  # a list item's marker, printed before its first block
        self.pending_node: int | None = None
        self.seqs: list[list[tuple[Sequence, int]]] = [[]]  # lettered sequences per container, innermost last

    # -- nodes -----------------------------------------------------------------------------------------

    def open(self, kind: str, style: str, value: int | None, number: str, level: int = 0) -> int:
        parent = self.stack[-1] if self.stack else None
        self.nodes.append(Node(start=self.b.pos, end=self.b.pos, parent=parent, style=style, value=value,
                               number=number))
        self.kinds.append(kind)
        self.levels.append(level)
        self.stack.append(len(self.nodes) - 1)
        return len(self.nodes) - 1

    def close(self, k: int) -> None:
        """Close node ``k`` and everything opened inside it."""
        while k in self.stack:
            top = self.stack.pop()
            n = self.nodes[top]
            n.end = max(n.start, self.b.content_end)

    def close_while(self, keep) -> None:  # noqa: ANN001 - a predicate over node indexes
        while self.stack and not keep(self.stack[-1]):
            self.close(self.stack[-1])

    @property
    def numbering(self) -> bool:
        return self.schedule is None

    # -- text ------------------------------------------------------------------------------------------

    def emit(self, lines: list[str], what: str = "text") -> tuple[int, int] | None:
        """One block: its lines, the pending list marker before the first."""
        lines = [ln for ln in lines]
        while lines and not lines[-1].strip():
            lines.pop()
        while lines and not lines[0].strip():
            lines.pop(0)
        if self.pending is not None:
            lines = [f"{self.pending} {lines[0]}" if lines else self.pending] + lines[1:]
            self.pending = None
        if not lines:
            return None
        self.b.separate("\n\n")
        s, e = self.b.append("\n".join(lines))
        self.blocks.append(_Block(s, e, "schedule" if self.schedule else what, self.schedule))
        return s, e

    def flush_marker(self) -> None:
        if self.pending is not None:
            self.emit([])

    def item_details(self, first: _Inline, rest: str) -> None:
        """The first line of a list item gives its node its heading and the label it carries, if any."""
        if self.pending_node is None:
            return
        n = self.nodes[self.pending_node]
        n.first_line = rest
        n.heading = first.heading
        n.evidence = next((i for i in first.ids if _LABEL_ID.match(i)), None)
        self.pending_node = None

    # -- blocks ----------------------------------------------------------------------------------------

    def walk(self, nodes: list[SyntaxTreeNode]) -> None:
        for node in nodes:
            getattr(self, "_" + node.type, self._other)(node)

    def _other(self, node: SyntaxTreeNode) -> None:
        self.walk(node.children)

    def _hr(self, node: SyntaxTreeNode) -> None:
        return

    def _heading(self, node: SyntaxTreeNode) -> None:
        inl = _inline(_tokens(node))
        text = " ".join(ln.strip() for ln in inl.lines if ln.strip())
        if not text:
            return
        level = int(node.tag[1])
        m = _NUMBERED_HEADING.match(text)
        if self.title is None and not self.nodes and not m:
            self.title = text
            self.emit([text], "title")
            return
        self.flush_marker()
        if len(self.seqs) > 1:  # a heading inside a list item is that item's text
            self.emit([text])
            return
        self._close_kinds("letter", "printed")
        if m and self.numbering:
            number = m.group(1)
            key = outline.printed_number(number)

            def parent_of(k: int) -> bool:
                return self.kinds[k] in ("heading", "printed") and key.startswith(
                    outline.printed_number(self.nodes[k].number) + ".")

            self.close_while(parent_of)
            k = self.open("heading", outline.PRINTED, None, number, level)
            self.nodes[k].first_line = text[m.end():]
            self.nodes[k].heading = text[m.end():].strip().rstrip(".").strip() or None
            self.emit([text], "heading")
            return
        self.close_while(lambda k: self.kinds[k] == "heading" and self.levels[k] < level)
        span = self.emit([text], "heading")
        if span is not None and self.nodes and attachment_name(self.b.text(), span[0]) is not None:
            self.close_while(lambda k: False)
            self.schedule = attachment_name(self.b.text(), span[0])
            self.blocks[-1] = _Block(span[0], span[1], "schedule", self.schedule)

    def _close_kinds(self, *kinds: str) -> None:
        """Close the open nodes of these kinds at the top of the stack; the container's sequences end."""
        self.close_while(lambda k: self.kinds[k] not in kinds)
        self.seqs[-1] = []

    def _paragraph(self, node: SyntaxTreeNode) -> None:
        inl = _inline(_tokens(node))
        self._lines(inl)

    def _lines(self, inl: _Inline) -> None:
        lines = list(inl.lines)
        item_first = self.pending is not None
        if item_first:
            self.item_details(inl, lines[0] if lines else "")
            lines = [f"{self.pending} {lines[0]}"] + lines[1:] if lines else [self.pending]
            self.pending = None
        if not lines:
            return
        m = None if item_first else _NUMBERED_PARAGRAPH.match(lines[0])
        if m and self.numbering and len(self.seqs) == 1:
            key = outline.printed_number(m.group(1))
            self.close_while(lambda k: self.kinds[k] in ("heading", "printed") and key.startswith(
                outline.printed_number(self.nodes[k].number) + "."))
            self.seqs[-1] = []
            self.b.separate("\n\n")
            k = self.open("printed", outline.PRINTED, None, m.group(1))
            self.nodes[k].first_line = lines[0][m.end():]
            self.emit(lines)
            return
        # lettered lines: "a. ...", "(ii) ..." each open an item of the container they are in
        lead: list[str] = lines[:1] if item_first else []
        i = len(lead)
        if self.numbering:
            while i < len(lines) and outline.lettered(lines[i], self._seq()) is None:
                lead.append(lines[i])
                i += 1
        else:
            lead, i = lines, len(lines)
        if lead:
            if not item_first:
                self._close_kinds("letter")
            self.emit(lead)
        first = True
        while i < len(lines):
            found = self._marker(lines[i])
            assert found is not None
            j = i + 1
            while j < len(lines) and outline.lettered(lines[j], self._seq()) is None:
                j += 1
            if lead or not first:
                self.b.separate("\n")
            else:
                self.b.separate("\n\n")
            k = self.open("letter", found[0].style, found[1], lines[i][:found[2]].strip())
            self.nodes[k].first_line = lines[i][found[2]:]
            s, e = self.b.append("\n".join(lines[i:j]))
            self.blocks.append(_Block(s, e, "text"))
            first = False
            i = j

    def _seq(self) -> Sequence | None:
        return self.seqs[-1][-1][0] if self.seqs[-1] else None

    def _marker(self, line: str) -> tuple[Sequence, int, int] | None:
        """The lettered sequence a marker line continues (closing the items nested deeper) or starts."""
        seqs = self.seqs[-1]
        for depth in range(len(seqs) - 1, -1, -1):
            found = outline.lettered(line, seqs[depth][0])
            if found is not None and found[1] > 1:
                self.close(seqs[depth][1])
                del seqs[depth:]
                seqs.append((found[0], -1))
                return self._placed(found)
        found = outline.lettered(line, None)
        if found is None:
            return None
        if seqs and seqs[-1][0].style == found[0].style:
            self.close(seqs[0][1])  # the same style from its start again: a new list in the clause
            seqs.clear()
        seqs.append((found[0], -1))
        return self._placed(found)

    def _placed(self, found: tuple[Sequence, int, int]) -> tuple[Sequence, int, int]:
        # the node index is known once opened: record it as the next node
        seqs = self.seqs[-1]
        seqs[-1] = (found[0], len(self.nodes))
        return found

    def _ordered_list(self, node: SyntaxTreeNode) -> None:
        self.flush_marker()
        start = int(node.attrs.get("start", 1) or 1)
        for i, item in enumerate(node.children):
            value = start + i
            mark = outline.marker(value, outline.DECIMAL)
            self.b.separate("\n\n")
            k = None
            if self.numbering:
                self._close_kinds("letter")
                k = self.open("item", outline.DECIMAL, value, mark)
                self.pending_node = k
            self.pending = mark
            self.seqs.append([])
            self.walk(item.children)
            self.flush_marker()
            self.seqs.pop()
            self.pending_node = None
            if k is not None:
                self.close(k)

    def _bullet_list(self, node: SyntaxTreeNode) -> None:
        self.flush_marker()
        for item in node.children:
            self.pending = "\u2022"
            self.seqs.append([])
            self.walk(item.children)
            self.flush_marker()
            self.seqs.pop()

    def _html_block(self, node: SyntaxTreeNode) -> None:
        raw = _TAG.sub("", node.content)
        lines = [re.sub(r"\s+", " ", html.unescape(ln)).strip() for ln in raw.splitlines()]
        lines = [ln for ln in lines if ln]
        if lines:
            self._lines(_Inline(lines, None, []))

    def _code_block(self, node: SyntaxTreeNode) -> None:
        # a paragraph indented too far (a lettered line under a list item, after a blank line) is read as
        # Markdown again, not shown as code: a contract has no code
        self.walk(SyntaxTreeNode(_MD.parse(textwrap.dedent(node.content))).children)

    def _fence(self, node: SyntaxTreeNode) -> None:
        self.flush_marker()
        self.emit(node.content.rstrip("\n").split("\n"))

    def _table(self, node: SyntaxTreeNode) -> None:
        rows = []
        for section in node.children:
            for tr in section.children:
                cells = [" ".join(x.strip() for x in _inline(_tokens(c)).lines)
                         for c in tr.children]
                if any(c.strip() for c in cells):
                    rows.append(" | ".join(c.strip() for c in cells))
        self.flush_marker()
        self.emit(rows)


def _footer_lines(text: str, start: int) -> list[tuple[int, int]]:
    """The whole lines after ``start`` that are footer notes (:data:`FOOTER_NOTES`)."""
    out = []
    for ln in split_lines(text):
        if ln.start < start or not ln.content or len(ln.content) > _FOOTER_MAX:
            continue
        if any(p.search(ln.content) for p in _FOOTERS):
            s = ln.start + (len(text[ln.start:ln.end]) - len(text[ln.start:ln.end].lstrip()))
            out.append((s, ln.start + len(text[ln.start:ln.end].rstrip())))
    return out


def _trim(text: str, start: int, at: int) -> int:
    while at > start and text[at - 1].isspace():
        at -= 1
    return at


def _cut_tails(text: str, nodes: list[Node], footers: list[tuple[int, int]], sig: int | None) -> list[Node]:
    """Clauses end before the signatures, and before footer notes that end them (nothing of the clause after
    the note); clauses that start in the signatures are none."""
    kept = [n for n in nodes if sig is None or n.start < sig]
    for n in kept:
        if sig is not None and n.end > sig:
            n.end = _trim(text, n.start, sig)
        for s, _e in footers:
            if n.start < s < n.end and _only_footers(text, s, n.end, footers):
                n.end = _trim(text, n.start, s)
                break
    return kept


def _only_footers(text: str, s: int, end: int, footers: list[tuple[int, int]]) -> bool:
    """Whether ``[s, end)`` holds nothing but footer lines and space."""
    rest = text[s:end]
    for fs, fe in footers:
        if s <= fs and fe <= end:
            rest = rest.replace(text[fs:fe], "", 1)
    return not rest.strip()


def _unit(kind: UnitKind, s: int, e: int, zone: Zone, citable: bool, label: str,
          path: tuple[str, ...]) -> dict:
    return dict(kind=kind, char_start=s, char_end=e, zone=zone, citable=citable, number=None, label=label,
                parent=None, section_path=path, attrs={})


def parse(data: bytes, source: str) -> ParsedDocument:
    """Parse a Markdown file (see the module docstring)."""
    src, warnings = decode_text(data, source)
    try:
        tree = SyntaxTreeNode(_MD.parse(src))
    except RecursionError:
        raise
    except Exception as e:  # noqa: BLE001 - markdown-it's own errors on hostile input
        raise ParseError(source, f"could not read as Markdown: {type(e).__name__}: {e}") from None
    w = _Walker()
    w.walk(tree.children)
    w.close_while(lambda k: False)
    text = w.b.text()
    if not text.strip():
        raise ParseError(source, "Markdown with no text (only markup)")
    lines = split_lines(text)
    title = w.title or ""
    nodes = w.nodes
    sig = find_signatures(text, lines, nodes[0].start) if nodes else None
    contract = len(nodes) >= MIN_CLAUSES and has_contract_signals(text, title, nodes[0].start, sig)
    if not contract:
        a = analyse_text(text, source, title or None)
        meta = {"clauses": sum(1 for u in a.units if u.number is not None)}
        return ParsedDocument(format=Format.MARKDOWN, kind=a.kind, title=title or a.title, text=text,
                              units=a.units, date=a.date, warnings=tuple(warnings) + a.warnings, meta=meta)

    footers = _footer_lines(text, nodes[0].start)
    kept = _cut_tails(text, nodes, footers, sig)
    clauses, evidence, notes = outline.clause_units(kept)
    warnings += notes
    dicts: list[dict] = list(clauses)
    body_end = sig if sig is not None else len(text)
    tops = [(u["char_start"], u["char_end"]) for u in clauses if u["parent"] is None]
    footer_spans = [(s, e) for s, e in footers if not any(a <= s < b for a, b in tops)]

    def inside(s: int) -> bool:
        return any(a <= s < b for a, b in tops) or any(a <= s < b for a, b in footer_spans)

    counts: dict[str, int] = {}
    first = kept[0].start
    for blk in w.blocks:
        if blk.start >= body_end or inside(blk.start):
            continue
        if blk.what == "title":
            dicts.append(_unit(UnitKind.HEADING, blk.start, blk.end, Zone.COVER, False, "Title", ("Title",)))
        elif blk.what == "schedule":
            name = blk.name or "Schedules"
            if name not in counts:
                counts[name] = 0
                dicts.append(_unit(UnitKind.BLOCK, blk.start, blk.end, Zone.SCHEDULE, True, name, (name,)))
                continue
            counts[name] += 1
            dicts.append(_unit(UnitKind.BLOCK, blk.start, blk.end, Zone.SCHEDULE, True,
                               f"{name} ¶{counts[name]}", (name,)))
        elif blk.what == "heading":
            where = "Preamble" if blk.start < first else "Heading"
            dicts.append(_unit(UnitKind.HEADING, blk.start, blk.end, Zone.OTHER, False,
                               text[blk.start:blk.end][:80], (where,)))
        else:
            where = "Preamble" if blk.start < first else "Unnumbered"
            counts[where] = counts.get(where, 0) + 1
            dicts.append(_unit(UnitKind.BLOCK, blk.start, blk.end, Zone.OTHER, True,
                               f"{where} ¶{counts[where]}", (where,)))
    for i, (s, e) in enumerate(footer_spans):
        if s < body_end:
            dicts.append(_unit(UnitKind.BLOCK, s, e, Zone.NOTE, False, f"Note ¶{i + 1}", ("Notes",)))
    tail = _tail_units(text, lines, sig, counts) if sig is not None else []
    units = _ordered(dicts, len(clauses)) + _ordered(tail, 0, offset=len(dicts))
    meta = {"clauses": len(clauses), "label_evidence": evidence}
    return ParsedDocument(format=Format.MARKDOWN, kind=DocumentKind.CONTRACT,
                          title=title or text[:80].strip(), text=text, units=tuple(units),
                          date=find_date(text), warnings=tuple(warnings), meta=meta)


def _ordered(dicts: list[dict], n_clauses: int, offset: int = 0) -> list[Unit]:
    """Units in document order (an enclosing unit before what it holds), parents mapped from clause
    indexes."""
    order = sorted(range(len(dicts)), key=lambda i: (dicts[i]["char_start"], -dicts[i]["char_end"], i))
    ordinal = {i: offset + k for k, i in enumerate(order)}
    out = []
    for i in order:
        d = dict(dicts[i])
        if d["parent"] is not None and i < n_clauses:
            d["parent"] = ordinal[d["parent"]]
        out.append(Unit(ordinal=ordinal[i], **d))
    return out
