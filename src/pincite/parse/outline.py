"""Clause numbers a renderer draws: nested ordered lists and numbered headings as contract clauses.

Markdown and HTML print a list's numbers without writing them in the text: a Markdown ``1.`` list, or an HTML
``<ol>``, is drawn "1.", "2.", ... from its start whatever numbers the source wrote, and a list nested in an
item is drawn from 1 again.  A contract written so (Common Paper's standard terms: "1." / indented "1." /
"a.") is cited as a lawyer reads the nesting: the second item of the list under clause 3 is cl. 3.2, the first
lettered item under that is cl. 3.2(a) — the numbers its own cross-references use ("Section 3.2
(Termination)").

The Markdown and HTML parsers walk their own trees and tell a :class:`Builder` what they meet in reading order
(headings, a paragraph's lines, list items and their rendered values).  The builder, the one place that knows
how, writes the canonical text with each item's marker as drawn (:func:`marker`), finds the numbered items
(:class:`Node`: list items, numbered headings, paragraphs and lines opening with a clause number, lettered
lines) and :meth:`Builder.contract` names them (:func:`clause_units`) with the labels the plain-text contract
parser gives (``cl. 5.2(a)``, :func:`pincite.parse.text.analyse_text`), the title, preamble, footer notes
(:data:`pincite.legal.contracts.FOOTER_NOTES`), signatures and attachments around them.

Instruments built of Articles are cited by them: a heading "ARTICLE V: AUTHORIZED SHARES." (or "Article 4 –
Members") is ``Article V``, a lettered heading inside it ("### A. COMMON STOCK") its Part ``Article V.A``,
and the numbered headings below nest by heading level: Part B's "#### 1." and "##### 1.1" are ``Article
V.B.1`` and ``Article V.B.1.1`` (sections restart in each Part), while "4.5" under "Article 4" extends the
Article's own number and stays ``cl. 4.5``.  A paragraph that is only "Section 1 – Definitions." heads the
lists below it the same way (``Section 3(a)(1)(A)(i)``, the labels a licence's cross-references use).  A
clause number typed so that no list takes it ("**13. Suspension**.") is a clause when it goes on from the
last one; an "(a)" run in after a clause's title opens its first item; a list that a lettered item
introduces (ending ":") is that item's.  A charter attached to its filing certificate ("# Exhibit A" holding the Articles) is the document's
body: the certificate's signatures before it do not end the clauses.  A paragraph that says it is no part of
the instrument (:data:`pincite.legal.contracts.NOT_PART_NOTES`) and a template's blank standing alone are
notes, not citable.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Callable
from dataclasses import dataclass

from pincite.legal.contracts import FOOTER_NOTES, NOT_PART_NOTES, PLACEHOLDER
from pincite.parse.builder import TextBuilder
from pincite.parse.contract import heading_of, is_heading_like, split_lines, to_roman
from pincite.parse.text import (
    MIN_CLAUSES,
    _tail_units,
    attachment_name,
    find_blocks,
    find_date,
    find_signatures,
    has_contract_signals,
)
from pincite.types import DocumentKind, Format, ParsedDocument, Unit, UnitKind, Zone

#: list styles, as CSS names them; "printed" is a number the text itself prints ("5.2" in "## 5.2 Notice")
DECIMAL = "decimal"
PAREN_DECIMAL = "paren-decimal"  # "(1)" written in the text: always a bracketed sub-number, never "3.1"
LOWER_ALPHA = "lower-alpha"
UPPER_ALPHA = "upper-alpha"
LOWER_ROMAN = "lower-roman"
UPPER_ROMAN = "upper-roman"
PRINTED = "printed"
ARTICLE = "article"  # "## ARTICLE V: AUTHORIZED SHARES." / "## Article 4 – Members": cited "Article V"
PART = "part"  # "### A. COMMON STOCK" inside an Article: cited "Article V.A"

#: an HTML ``<ol type=...>`` and its CSS list style
HTML_TYPES = {"1": DECIMAL, "a": LOWER_ALPHA, "A": UPPER_ALPHA, "i": LOWER_ROMAN, "I": UPPER_ROMAN}
CSS_STYLES = frozenset({DECIMAL, LOWER_ALPHA, UPPER_ALPHA, LOWER_ROMAN, UPPER_ROMAN})
_CSS_ALIASES = {"lower-latin": LOWER_ALPHA, "upper-latin": UPPER_ALPHA}


def css_style(style_attr: str | None) -> str | None:
    """The list style an inline ``style="list-style-type: lower-alpha"`` asks for, if any."""
    m = re.search(r"list-style(?:-type)?\s*:\s*([a-z-]+)", (style_attr or "").lower())
    if not m:
        return None
    name = _CSS_ALIASES.get(m.group(1), m.group(1))
    return name if name in CSS_STYLES else None


def token(value: int, style: str) -> str:
    """An item's number in its style: 3 -> "3", "c", "C", "iii", "III"."""
    if style in (LOWER_ALPHA, UPPER_ALPHA):
        s = _letters(value)
        return s.upper() if style == UPPER_ALPHA else s
    if style in (LOWER_ROMAN, UPPER_ROMAN):
        s = to_roman(value)
        return s.upper() if style == UPPER_ROMAN else s
    return str(value)


def _letters(n: int) -> str:
    """a..z, then aa, ab.. as a browser draws lower-alpha."""
    out = ""
    while n > 0:
        n, r = divmod(n - 1, 26)
        out = chr(ord("a") + r) + out
    return out or str(n)


def marker(value: int, style: str) -> str:
    """The marker a renderer draws before an item: "3.", "c.", "(1)"."""
    if style == PAREN_DECIMAL:
        return f"({value})"
    return f"{token(value, style)}."


#: a marker written at the start of a line inside a paragraph ("a. Partner will...", "(ii) the ..."): Markdown
#: has no lettered lists, but a contract written in it prints them, and fancy-list renderers draw them
LETTERED = re.compile(r"^(\()?([a-z]{1,2}|[A-Z]|[ivxlc]{1,6}|[IVXLC]{1,6}|\d{1,2})([.)])[ \t]+(?=\S)")


#: the token that starts a lettered sequence, and its style
_FIRST = {"a": LOWER_ALPHA, "A": UPPER_ALPHA, "i": LOWER_ROMAN, "I": UPPER_ROMAN, "1": PAREN_DECIMAL}


@dataclass
class Sequence:
    """The lettered (or bracketed) items met so far in one container: their style and the next value."""

    style: str
    next: int
    paren: bool
    close: str


def lettered(line: str, seq: Sequence | None) -> tuple[Sequence, int, int] | None:
    """Whether ``line`` opens a lettered item: the sequence it belongs to (``seq`` continued, or a new one
    that starts at a/A/i/I/(1)), its value, and the length of the marker with its spaces."""
    m = LETTERED.match(line)
    if not m:
        return None
    paren, tok, close = bool(m.group(1)), m.group(2), m.group(3)
    if paren and close != ")":
        return None
    if tok.isdigit() and not paren:
        return None  # "1." at a line start inside a paragraph is running text (a Markdown list needs a line)
    if seq is not None and (seq.paren, seq.close) == (paren, close) and tok == token(seq.next, seq.style):
        return Sequence(seq.style, seq.next + 1, paren, close), seq.next, m.end()
    first = _FIRST.get(tok)
    if first is None or (first == PAREN_DECIMAL and not paren):
        return None
    return Sequence(first, 2, paren, close), 1, m.end()


@dataclass
class Node:
    """One numbered item in document order: its span in the canonical text and how it is numbered."""

    start: int
    end: int
    parent: int | None  # index of the enclosing node in the list given to :func:`clause_units`
    style: str
    value: int | None  # the rendered value (lists); None for a printed number
    number: str  # what the reader sees ("1.", "a.", "5.2")
    first_line: str = ""  # the item's text after its marker, up to the line end (its heading, if any)
    heading: str | None = None  # a heading the markup marks as one (a header span, an <h2>)
    evidence: str | None = None  # a label the document itself carries for the item (an anchor id="4.6")


_PRINTED = re.compile(r"^\d{1,3}(?:\.\d{1,3}){0,5}$")
#: the clause number that ends an Article-rooted label ("Article V.B.1.3" -> "1.3", "Article 4" -> "4")
_TRAILING = re.compile(r"(?<![A-Za-z])(\d{1,3}(?:\.\d{1,3}){0,5})$")


def printed_number(s: str) -> str:
    return s.strip().rstrip(".")


def label_of(node: Node, parent_label: str | None) -> str:
    """The item's number as cited, without "cl.": "3", "3.2", "3.2(a)", "3.2(a)(i)".

    A decimal list under a clause with one number is that clause's sub-numbering (3 -> 3.2: Common Paper's
    own cross-references cite it so); under a dotted or lettered clause it is bracketed (3.2 -> 3.2(1)), as
    the plain-text parser names a list "1.", "2." under a clause."""
    if node.style == ARTICLE:
        return node.number
    if node.style == PART:
        return f"{parent_label}.{node.number}"
    if node.style == PRINTED:
        num = printed_number(node.number)
        if parent_label is None or not named(parent_label):
            return num
        # under an Article (or its Part): "4.5" under "Article 4" is cl. 4.5; "1.1" under Article V, Part
        # B, section 1 is "Article V.B.1.1"; a number that starts afresh in a Part is the Part's
        # ("Article V.A.1")
        own = _TRAILING.search(parent_label)
        if own and num.startswith(own.group(1) + "."):
            if parent_label.split()[-1] == own.group(1):  # "Article 4" / "Section 4"
                return num
            return parent_label[:own.start()] + num
        return f"{parent_label}.{num}"
    tok = token(node.value or 0, node.style)
    if node.style == DECIMAL:
        if parent_label is None:
            return tok
        if parent_label.isdigit():
            return f"{parent_label}.{tok}"
    return f"{parent_label or ''}({tok})"


def named(label: str) -> bool:
    """Whether a label is rooted in a named Article or Section ("Article V.B.1", "Section 3(a)")."""
    return label.startswith(("Article ", "Section "))


def clause_units(nodes: list[Node]) -> tuple[list[dict], dict[str, int], list[str]]:
    """One unit (as a dict of :class:`~pincite.types.Unit` fields, ``parent`` an index into ``nodes``) per
    node, labelled as a contract's clauses; with the evidence counts (labels the document carries that agree
    or disagree) and a warning per disagreement."""
    out: list[dict] = []
    labels: list[str] = []
    counts = {"evidence": 0, "agrees": 0}
    warnings: list[str] = []
    for i, n in enumerate(nodes):
        plabel = labels[n.parent] if n.parent is not None else None
        label = label_of(n, plabel)
        if n.evidence is not None:
            counts["evidence"] += 1
            if n.evidence == label:
                counts["agrees"] += 1
            else:
                warnings.append(f"item {n.number!r} reads as clause {label} by its nesting, but the document "
                                f"marks it {n.evidence!r}")
        heading = n.heading or heading_of(n.first_line)
        own = f"{n.number} {heading}" if heading else n.number
        path = (tuple(out[n.parent]["section_path"]) if n.parent is not None else ()) + (own,)
        depth = 0 if n.parent is None else out[n.parent]["attrs"]["depth"] + 1
        top = depth == 0 or (n.style == PRINTED and "." not in label)
        kind = UnitKind.CLAUSE if top else UnitKind.SUBCLAUSE
        attrs: dict = {"depth": depth}
        if heading:
            attrs["heading"] = heading
        cited = label if named(label) else f"cl. {label}"
        out.append(dict(kind=kind, char_start=n.start, char_end=n.end, zone=Zone.BODY, citable=True,
                        number=n.number, label=cited, section_path=path, parent=n.parent,
                        attrs=attrs))
        labels.append(label)
    for u in out:
        u["attrs"].pop("depth", None)
    return out, counts, warnings


# -- building a numbered text -----------------------------------------------------------------------------

#: a heading that prints its clause number: "5. Termination", "5.2 Notice", "12."
NUMBERED_HEADING = re.compile(r"^(\d{1,3}(?:\.\d{1,3}){0,5}\.?)(?:[ \t]+|$)")
#: a paragraph that opens with a dotted clause number: "5.3 The Supplier shall ..." (a list needs "5." alone)
NUMBERED_PARAGRAPH = re.compile(r"^(\d{1,3}(?:\.\d{1,3}){1,5}\.?)[ \t]+(?=\S)")
#: the same with its word: "### Section 1.1 Definitions" under "## ARTICLE 1", "Section 5.2 Notices. Each ..."
#: (a capital after the number: "Section 5.2 of the Agreement" is a reference, not a clause)
KW_HEADING = re.compile(r"^(?:SECTION|Section|CLAUSE|Clause)[ \t]+(\d{1,3}(?:\.\d{1,3}){1,5}\.?)"
                        r"(?:[ \t]+(?=[A-Z(])|$)")
KW_PARAGRAPH = re.compile(r"^(?:SECTION|Section|CLAUSE|Clause)[ \t]+(\d{1,3}(?:\.\d{1,3}){1,5}\.?)[ \t]+"
                          r"(?=[A-Z\"“(])")
#: a paragraph that opens with a whole clause number the list syntax did not take ("**13. Suspension**."
#: typed in bold, "13\\. ..."): a clause when it goes on from the last whole number ("12.")
WHOLE_PARAGRAPH = re.compile(r"^((\d{1,3})\.)[ \t]+(?=[A-Z\"“])")
#: a heading that names an Article: "ARTICLE V: AUTHORIZED SHARES.", "Article 4 – Members", "ARTICLE 12"
ARTICLE_HEADING = re.compile(r"^(?:ARTICLE|Article)[ \t]+([IVXLC]{1,7}|\d{1,3})(?=[ \t:.\-–—]|$)[ \t:.\-–—]*")
#: a paragraph that is a Section's heading alone: "Section 1 – Definitions.", "SECTION 4. REMEDIES"
SECTION_HEADING = re.compile(r"^(?:SECTION|Section)[ \t]+(\d{1,3})(?![\d.]*\d)"
                             r"(?:[ \t]*[:.\-–—][ \t]*|[ \t]*$)")
#: a lettered heading inside an Article: "A. COMMON STOCK", "B.\tNUMBER OF DIRECTORS."
PART_HEADING = re.compile(r"^([A-Z])\.(?:[ \t]+|$)")
#: a lettered item run in after a clause's title: "4.5 Mandatory Purchase. (a) So long as ..."
RUN_IN = re.compile(r"^(.{1,120}?[.:])[ \t]+(\((?:a|i|1)\))[ \t]+(?=\S)")
#: an anchor that carries a clause label ("4.6", "11.23", "3.3(a)")
LABEL_ID = re.compile(r"^\d{1,3}(?:\.\d{1,3}){0,5}(?:\([0-9a-zA-Z]{1,6}\))*$")
_FOOTERS = [re.compile(p) for p, _ in FOOTER_NOTES]
_NOT_PART = [re.compile(p) for p, _ in NOT_PART_NOTES]
_PLACEHOLDER = re.compile(PLACEHOLDER + r"|\{\{[^{}\n]{1,120}\}\}")
#: a footer note is a short line of its own
_FOOTER_MAX = 400
BULLET = "\u2022"
#: a clause number at a line start inside a paragraph opens a clause only before a capital, a quotation or a
#: bracket, after a line that ends a sentence, introduces a list or is a heading ("... of USD\n2.1 million" is
#: running text)
_OPENS_TEXT = re.compile(r"[A-Z\"“(\[]")
_ENDS = (".", ":", ";")


@dataclass
class Block:
    """A block of the canonical text as built, and what it was."""

    start: int
    end: int
    what: str  # "title" | "heading" | "text" | "schedule" | "note"
    name: str | None = None  # the attachment a schedule block is in


class Builder:
    """The canonical text of a rendered document and its numbered items, built block by block in reading
    order.  A format's parser walks its own tree and calls :meth:`heading`, :meth:`paragraph`, :meth:`block`
    and :meth:`begin_item` / :meth:`end_item`; :meth:`finish` gives the document when it is a contract."""

    def __init__(self, whole_paragraphs: bool = False) -> None:
        """``whole_paragraphs``: a paragraph that opens "13. " is a clause (Markdown, where a list would have
        taken it unless it was typed so on purpose: "**13. Suspension**.")."""
        self.whole_paragraphs = whole_paragraphs
        self.b = TextBuilder()
        self.nodes: list[Node] = []
        self.kinds: list[str] = []  # per node: "heading" | "item" | "printed" | "letter"
        self.levels: list[int] = []  # a heading node's level (0 for others)
        self.labels: list[str] = []  # each node's label as its nesting names it (as clause_units will)
        self.stack: list[int] = []  # open nodes, innermost last
        self.blocks: list[Block] = []
        self.title: str | None = None
        self.schedule: str | None = None  # the attachment whose heading was met (no more clauses after it)
        self.pending: str | None = None  # a list item's marker, printed before its first block
        self.pending_node: int | None = None
        self.seqs: list[list[tuple[Sequence, int]]] = [[]]  # lettered sequences per container, innermost last
        self.last_whole: int | None = None  # the last whole clause number a paragraph printed ("12.")
        self.schedule_at: int | None = None  # where the attachment whose heading was met starts
        self.restart_at: int | None = None  # an attachment that holds the instrument's Articles starts here
        self.ends_list: bool = False  # the last text block ends ":" (it introduces the list that follows)
        self.list_owner: int | None = None  # the lettered item whose list is being read

    # -- nodes -----------------------------------------------------------------------------------------

    def _open(self, kind: str, style: str, value: int | None, number: str, level: int = 0) -> int:
        parent = self.stack[-1] if self.stack else None
        node = Node(start=self.b.pos, end=self.b.pos, parent=parent, style=style, value=value, number=number)
        self.nodes.append(node)
        self.labels.append(label_of(node, self.labels[parent] if parent is not None else None))
        self.kinds.append(kind)
        self.levels.append(level)
        self.stack.append(len(self.nodes) - 1)
        return len(self.nodes) - 1

    def _close(self, k: int) -> None:
        """Close node ``k`` and everything opened inside it."""
        while k in self.stack:
            top = self.stack.pop()
            n = self.nodes[top]
            n.end = max(n.start, self.b.content_end)

    def _close_while(self, keep: Callable[[int], bool]) -> None:
        while self.stack and not keep(self.stack[-1]):
            self._close(self.stack[-1])

    def _close_kinds(self, *kinds: str) -> None:
        """Close the open nodes of these kinds at the top of the stack; the container's sequences end."""
        self._close_while(lambda k: self.kinds[k] not in kinds)
        self.seqs[-1] = []

    def _within(self, key: str) -> Callable[[int], bool]:
        """Whether an open node is a clause whose number ``key`` extends (cl. 5 for 5.2; Article 4 or the
        "1." of "Article V.B.1" for "4.1" and "1.1")."""
        def within(k: int) -> bool:
            label = self.labels[k]
            if key.startswith(label + "."):
                return True
            own = _TRAILING.search(label) if named(label) else None
            return own is not None and key.startswith(own.group(1) + ".")
        return within

    def _article_open(self) -> bool:
        return any(self.nodes[k].style == ARTICLE and self.nodes[k].number.startswith("Article")
                   for k in self.stack)

    def _article_heading(self, level: int, text: str) -> bool:
        """An Article's heading, or a lettered Part's heading inside one: a clause that holds the numbered
        headings below it (the heading levels say how deep)."""
        m = ARTICLE_HEADING.match(text) or (None if self._article_open() else _section_heading(text))
        style = ARTICLE
        if m is None:
            m = PART_HEADING.match(text)
            style = PART
            if m is None or not self._article_open():
                return False
        if self.schedule is not None:
            if style != ARTICLE or any(nd.style == ARTICLE for nd in self.nodes) \
                    or not text.startswith(("ARTICLE", "Article")):
                return False
            # an attachment that holds the instrument proper (a filing certificate, then "Exhibit A" with
            # the charter's Articles): its Articles are clauses, cited without the attachment's name
            self.schedule = None
            self.restart_at = self.schedule_at
        number = m.group(1)
        if style == ARTICLE:
            word = "Section " if m.group(0)[:1] in "Ss" and m.group(0)[1:2] in "Ee" else "Article "
            number = word + number
            self._close_while(lambda k: False)
        else:
            self._close_while(lambda k: self.kinds[k] == "heading" and self.levels[k] < level
                              and named(self.labels[k]))
        self.b.separate("\n\n")
        k = self._open("heading", style, None, number, level)
        self.nodes[k].first_line = text[m.end():]
        self.nodes[k].heading = text[m.end():].strip().rstrip(".").strip() or None
        self._emit([text], "heading")
        return True

    def _split(self, line: str, before: str) -> str | None:
        """What a line inside a paragraph opens: "letter" (a lettered item), "printed" (a clause number that
        extends an open clause's, "1.1 The ..." under clause 1, after a line that ended a sentence or a
        heading), or nothing (it continues the text)."""
        if self._is_marker(line):
            return "letter"
        m = NUMBERED_PARAGRAPH.match(line)
        if m and self.numbering and _OPENS_TEXT.match(line, m.end()) \
                and (before.rstrip().endswith(_ENDS) or is_heading_like(before)):
            within = self._within(printed_number(m.group(1)))
            if any(within(k) for k in self.stack):
                return "printed"
        return None

    @property
    def numbering(self) -> bool:
        return self.schedule is None

    # -- text ------------------------------------------------------------------------------------------

    def _emit(self, lines: list[str], what: str = "text") -> tuple[int, int] | None:
        """One block: its lines, the pending list marker before the first."""
        lines = list(lines)
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
        self.blocks.append(Block(s, e, "schedule" if self.schedule else what, self.schedule))
        return s, e

    def flush_marker(self) -> None:
        """Print a list item's marker on its own when the item starts with no text of its own."""
        if self.pending is not None:
            self._emit([])

    def block(self, lines: list[str]) -> None:
        """A block that holds no numbers (a table's rows, a code listing)."""
        self.flush_marker()
        self.ends_list = False
        self._emit(lines)

    def heading(self, level: int, text: str) -> None:
        """A heading (level 1-6): the first one is the title; one with a number is a clause; an attachment's
        heading starts the schedules."""
        text = " ".join(text.split())
        if not text:
            return
        self.ends_list = False
        m = NUMBERED_HEADING.match(text) or KW_HEADING.match(text)
        if self.title is None and not self.nodes and not m:
            self.title = text
            self._emit([text], "title")
            return
        if len(self.seqs) > 1:  # a heading inside a list item is that item's text (its heading, if first)
            self.paragraph([text], text.rstrip(".").strip())
            return
        self.flush_marker()
        self._close_kinds("letter", "printed")
        if not m and self._article_heading(level, text):
            return
        if m and self.numbering:
            number = m.group(1)
            within = self._within(printed_number(number))
            self._close_while(lambda k: within(k) or self.kinds[k] == "heading" and self.levels[k] < level
                              and named(self.labels[k]))
            self.b.separate("\n\n")
            k = self._open("heading", PRINTED, None, number, level)
            self.nodes[k].first_line = text[m.end():]
            self.nodes[k].heading = text[m.end():].strip().rstrip(".").strip() or None
            self._emit([text], "heading")
            return
        self._close_while(lambda k: self.kinds[k] == "heading" and self.levels[k] < level)
        span = self._emit([text], "heading")
        name = attachment_name(text, 0) if self.nodes else None
        if span is not None and name is not None:
            self._close_while(lambda k: False)
            self.schedule = name
            self.schedule_at = span[0]
            self.blocks[-1] = Block(span[0], span[1], "schedule", name)

    def begin_item(self, value: int | None, style: str = DECIMAL) -> int | None:
        """A list item: ordered (its rendered ``value``, a clause while clauses are read) or a bullet (None).
        Returns what :meth:`end_item` takes."""
        self.flush_marker()
        k = None
        if value is None:
            self.pending = BULLET
        else:
            mark = marker(value, style)
            self.b.separate("\n\n")
            if self.numbering:
                # a list that a lettered item introduces ("(b) The Managers do not have the authority to:")
                # is that item's; otherwise the lettered items end where a list starts
                if self.ends_list and self.stack and self.kinds[self.stack[-1]] == "letter":
                    self.list_owner = self.stack[-1]
                elif not (self.stack and self.stack[-1] == self.list_owner):
                    self._close_kinds("letter")
                k = self._open("item", style, value, mark)
                self.pending_node = k
            self.pending = mark
        self.seqs.append([])
        return k

    def end_item(self, k: int | None) -> None:
        self.flush_marker()
        self.seqs.pop()
        self.pending_node = None
        if k is not None:
            self._close(k)

    def paragraph(self, lines: list[str], heading: str | None = None, ids: list[str] | None = None) -> None:
        """A paragraph's lines (markup gone); ``heading`` and ``ids``: a heading the markup marks in it and
        the anchors on its first line, which name a list item opened just before."""
        lines = list(lines)
        item_first = self.pending is not None
        if item_first:
            if self.pending_node is not None:
                n = self.nodes[self.pending_node]
                n.first_line = lines[0] if lines else ""
                n.heading = heading
                n.evidence = next((i for i in ids or () if LABEL_ID.match(i)), None)
                self.pending_node = None
            lines = [f"{self.pending} {lines[0]}"] + lines[1:] if lines else [self.pending]
            self.pending = None
        if not lines:
            return
        self.ends_list = lines[-1].rstrip().endswith(":")
        if not item_first and len(self.seqs) == 1 and any(p.search(" ".join(lines)) for p in _NOT_PART):
            self._close_while(lambda k: False)  # a note about the instrument, in none of its clauses
            self._emit(lines, "note")
            return
        if not item_first and len(lines) == 1 and len(self.seqs) == 1 and self.numbering \
                and _section_heading(lines[0]) and self._article_heading(0, lines[0]):
            return  # a Section's heading set as a paragraph ("<p><strong>Section 1 – Definitions.</strong>")
        m = None if item_first else NUMBERED_PARAGRAPH.match(lines[0]) or KW_PARAGRAPH.match(lines[0])
        whole = None if item_first or m or not self.whole_paragraphs else WHOLE_PARAGRAPH.match(lines[0])
        if whole and (int(whole.group(2)) != (self.last_whole or 0) + 1 or self._article_open()):
            whole = None
        if (m or whole) and self.numbering and len(self.seqs) == 1:
            m = m or whole
            assert m is not None
            if whole:
                self.last_whole = int(whole.group(2))
                self._close_while(lambda k: False)
            else:
                self._close_while(self._within(printed_number(m.group(1))))
            self.seqs[-1] = []
            self.b.separate("\n\n")
            k = self._open("printed", PRINTED, None, m.group(1))
            self.nodes[k].first_line = lines[0][m.end():]
            run = RUN_IN.match(lines[0][m.end():])
            if run is None:
                self._emit(lines)
                return
            # "4.5 Mandatory Purchase. (a) So long as ...": the clause's first item starts in its first line
            at = m.end() + run.start(2)
            s, _e = self._emit([lines[0][:at].rstrip()]) or (self.b.pos, self.b.pos)
            found = lettered(run.group(2) + " x", None)
            assert found is not None
            self.b.separate(" ")
            j = self._open("letter", found[0].style, found[1], run.group(2))
            self.seqs[-1] = [(found[0], j)]
            self.nodes[j].first_line = lines[0][at + len(run.group(2)):].strip()
            rest = "\n".join([lines[0][at:]] + lines[1:])
            s2, e2 = self.b.append(rest)
            self.blocks[-1] = Block(s, e2, self.blocks[-1].what, self.blocks[-1].name)
            return
        # lettered lines: "a. ...", "(ii) ..." each open an item of the container they are in
        lead: list[str] = lines[:1] if item_first else []
        i = len(lead)
        if self.numbering:
            while i < len(lines) and self._split(lines[i], lines[i - 1] if i else ".") is None:
                lead.append(lines[i])
                i += 1
        else:
            lead, i = lines, len(lines)
        if lead:
            if not item_first:
                self._close_kinds("letter")
            self._emit(lead)
        sep = "\n" if lead else "\n\n"  # a lettered line that opens a paragraph is a block of its own
        while i < len(lines):
            kind = self._split(lines[i], lines[i - 1] if i else ".")
            j = i + 1
            if kind == "printed":
                m = NUMBERED_PARAGRAPH.match(lines[i])
                assert m is not None
                self._close_kinds("letter")
                self._close_while(self._within(printed_number(m.group(1))))
                self.b.separate(sep)
                k = self._open("printed", PRINTED, None, m.group(1))
                self.nodes[k].first_line = lines[i][m.end():]
            else:
                found = self._marker(lines[i])
                assert found is not None
                self.b.separate(sep)
                k = self._open("letter", found[0].style, found[1], lines[i][:found[2]].strip())
                self.seqs[-1][-1] = (found[0], k)
                self.nodes[k].first_line = lines[i][found[2]:]
            sep = "\n"
            while j < len(lines) and self._split(lines[j], lines[j - 1]) is None:
                j += 1
            s, e = self.b.append("\n".join(lines[i:j]))
            self.blocks.append(Block(s, e, "schedule" if self.schedule else "text", self.schedule))
            i = j

    def _is_marker(self, line: str) -> bool:
        seqs = self.seqs[-1]
        return any(lettered(line, sq) is not None for sq, _ in seqs) or lettered(line, None) is not None

    def _marker(self, line: str) -> tuple[Sequence, int, int] | None:
        """The lettered sequence a marker line continues (closing the items nested deeper) or starts."""
        seqs = self.seqs[-1]
        for depth in range(len(seqs) - 1, -1, -1):
            found = lettered(line, seqs[depth][0])
            if found is not None and found[1] > 1:
                self._close(seqs[depth][1])
                del seqs[depth:]
                seqs.append((found[0], -1))
                return found
        found = lettered(line, None)
        if found is None:
            return None
        if seqs and seqs[-1][0].style == found[0].style:
            self._close(seqs[0][1])  # the same style from its start again: a new list in the clause
            seqs.clear()
        seqs.append((found[0], -1))
        return found

    # -- the document ----------------------------------------------------------------------------------

    def text(self) -> str:
        self._close_while(lambda k: False)
        return self.b.text()

    def contract(self, fmt: Format, source: str, warnings: list[str]) -> ParsedDocument | None:
        """The document as a contract, when its numbered items are its clauses and the contract signals say
        it is one; None otherwise (the caller reads the text as any text)."""
        text = self.text()
        lines = split_lines(text)
        title = self.title or ""
        nodes = self.nodes
        sig = find_signatures(text, lines, nodes[0].start) if nodes else None
        if len(nodes) < MIN_CLAUSES or not has_contract_signals(text, title, nodes[0].start, sig):
            return None
        # the signatures of a covering certificate, before the attachment that holds the instrument's Articles
        gap: tuple[int, int] | None = None
        if sig is not None and self.restart_at is not None and sig < self.restart_at:
            gap = (sig, self.restart_at)
            sig = find_signatures(text, lines, self.restart_at)
        footers = _footer_lines(text, nodes[0].start)
        kept = _cut_tails(text, nodes, footers, sig, gap)
        if len(kept) < MIN_CLAUSES:
            return None
        clauses, evidence, notes = clause_units(kept)
        warnings = list(warnings) + notes
        dicts: list[dict] = list(clauses)
        body_end = sig if sig is not None else len(text)
        tops = sorted((u["char_start"], u["char_end"]) for u in clauses if u["parent"] is None)
        starts = [a for a, _ in tops]

        def in_clause(s: int) -> bool:
            i = bisect.bisect_right(starts, s) - 1
            return i >= 0 and tops[i][0] <= s < tops[i][1]

        footer_spans = [(s, e) for s, e in footers if not in_clause(s)]

        def inside(s: int) -> bool:
            return in_clause(s) or any(a <= s < b for a, b in footer_spans)

        counts: dict[str, int] = {}
        first = kept[0].start
        for blk in self.blocks:
            if blk.start >= body_end or inside(blk.start) or gap and gap[0] <= blk.start < gap[1]:
                continue
            if blk.what == "title":
                dicts.append(_unit(UnitKind.HEADING, blk.start, blk.end, Zone.COVER, False, "Title",
                                   ("Title",)))
            elif blk.what == "note":
                dicts.append(_unit(UnitKind.BLOCK, blk.start, blk.end, Zone.NOTE, False,
                                   text[blk.start:blk.end][:80], ("Notes",)))
            elif _only_placeholders(text[blk.start:blk.end]):
                dicts.append(_unit(UnitKind.BLOCK, blk.start, blk.end, Zone.NOTE, False,
                                   text[blk.start:blk.end][:80], ("Placeholders",)))
            elif blk.what == "schedule":
                name = blk.name or "Schedules"
                if name not in counts:
                    counts[name] = 0
                    dicts.append(_unit(UnitKind.BLOCK, blk.start, blk.end, Zone.SCHEDULE, True, name,
                                       (name,)))
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
        if gap is not None:
            tail = [_unit(UnitKind.BLOCK, s, e, Zone.SIGNATURES, False, f"Signatures ¶{i + 1}",
                          ("Signatures",))
                    for i, (s, e) in enumerate(find_blocks(text, lines, gap[0], gap[1]))] + tail
        units = _ordered(dicts, len(clauses)) + _ordered(tail, 0, offset=len(dicts))
        meta = {"clauses": len(clauses), "label_evidence": evidence}
        return ParsedDocument(format=fmt, kind=DocumentKind.CONTRACT, title=title or text[:80].strip(),
                              text=text, units=tuple(units), date=find_date(text), warnings=tuple(warnings),
                              meta=meta)


def _section_heading(text: str) -> re.Match[str] | None:
    """A "Section N" heading: the number alone, or with a short title ("Section 2 – Scope.")."""
    m = SECTION_HEADING.match(text)
    if m is None or len(text) > 100:
        return None
    rest = text[m.end():].strip()
    return m if not rest or is_heading_like(rest) else None


def _only_placeholders(block: str) -> bool:
    """A template's blank standing alone ("[Corporation Name in All Caps]", "{{Members.Signatures}}"): no
    term of the instrument."""
    return bool(_PLACEHOLDER.search(block)) and not re.search(r"\w", _PLACEHOLDER.sub("", block))


def _footer_lines(text: str, start: int) -> list[tuple[int, int]]:
    """The whole lines after ``start`` that are footer notes (:data:`FOOTER_NOTES`)."""
    out = []
    for ln in split_lines(text):
        if ln.start < start or not ln.content or len(ln.content) > _FOOTER_MAX:
            continue
        if any(p.search(ln.content) for p in _FOOTERS):
            raw = text[ln.start:ln.end]
            out.append((ln.start + len(raw) - len(raw.lstrip()), ln.start + len(raw.rstrip())))
    return out


def _trim(text: str, start: int, at: int) -> int:
    while at > start and text[at - 1].isspace():
        at -= 1
    return at


def _cut_tails(text: str, nodes: list[Node], footers: list[tuple[int, int]], sig: int | None,
               gap: tuple[int, int] | None = None) -> list[Node]:
    """Clauses end before the signatures, and before footer notes that end them (nothing of the clause after
    the note); clauses that start in the signatures are none.  ``gap``: signatures the clauses go on after
    (a covering certificate's, before the attachment that holds the Articles)."""
    kept = [n for n in nodes if (sig is None or n.start < sig) and not (gap and gap[0] <= n.start < gap[1])]
    for n in kept:
        if gap is not None and n.start < gap[0] < n.end:
            n.end = _trim(text, n.start, gap[0])
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
