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
from pincite.parse.outline import DECIMAL, Builder
from pincite.parse.text import TextAnalysis, analyse_text, decode_text, judgment_facts
from pincite.parse.us_opinion_text import read_us_opinion_text
from pincite.types import DocumentKind, Format, ParsedDocument

_MD = MarkdownIt("commonmark", {"html": True}).enable("table")

_HEADER_SPAN = re.compile(r"(?i)^<span\b[^>]*\bclass\s*=\s*[\"'][^\"']*\bheader_\d")
_ID = re.compile(r"(?i)\bid\s*=\s*[\"']([^\"']+)[\"']")
_CLOSE_SPAN = re.compile(r"(?i)^</span\s*>")
_BR = re.compile(r"(?i)^<br\s*/?>$")
_TAG = re.compile(r"<!--.*?-->|<(script|style|template)\b.*?</\1\s*>|<[^>]*>", re.S | re.I)


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
        if t.type in ("text", "code_inline", "image"):
            lines[-1].append(t.content)
            if capturing and heading is not None:
                heading.append(t.content)
        elif t.type in ("softbreak", "hardbreak"):
            lines.append([])
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
    head = "".join(heading).strip().rstrip(".").strip() if heading else None
    return _Inline(out, head or None, ids)


class _Walker:
    """Walks markdown-it's syntax tree in reading order, telling the :class:`Builder` what it meets."""

    def __init__(self) -> None:
        self.out = Builder(whole_paragraphs=True)

    def walk(self, nodes: list[SyntaxTreeNode]) -> None:
        for node in nodes:
            getattr(self, "_" + node.type, self._other)(node)

    def _other(self, node: SyntaxTreeNode) -> None:
        self.walk(node.children)

    def _hr(self, node: SyntaxTreeNode) -> None:
        return

    def _heading(self, node: SyntaxTreeNode) -> None:
        self.out.heading(int(node.tag[1]), " ".join(_inline(_tokens(node)).lines))

    def _paragraph(self, node: SyntaxTreeNode) -> None:
        inl = _inline(_tokens(node))
        self.out.paragraph(inl.lines, inl.heading, inl.ids)

    def _ordered_list(self, node: SyntaxTreeNode) -> None:
        start = int(node.attrs.get("start", 1) or 1)
        for i, item in enumerate(node.children):
            k = self.out.begin_item(start + i, DECIMAL)  # drawn from the list's start, whatever is written
            self.walk(item.children)
            self.out.end_item(k)

    def _bullet_list(self, node: SyntaxTreeNode) -> None:
        for item in node.children:
            k = self.out.begin_item(None)
            self.walk(item.children)
            self.out.end_item(k)

    def _html_block(self, node: SyntaxTreeNode) -> None:
        raw = _TAG.sub("", node.content)
        lines = [re.sub(r"\s+", " ", html.unescape(ln)).strip() for ln in raw.splitlines()]
        lines = [ln for ln in lines if ln]
        if lines:
            self.out.paragraph(lines)

    def _code_block(self, node: SyntaxTreeNode) -> None:
        # a paragraph indented too far (a lettered line under a list item, after a blank line) is read as
        # Markdown again, not shown as code: a contract has no code
        self.walk(SyntaxTreeNode(_MD.parse(textwrap.dedent(node.content))).children)

    def _fence(self, node: SyntaxTreeNode) -> None:
        self.out.block(node.content.rstrip("\n").split("\n"))

    def _table(self, node: SyntaxTreeNode) -> None:
        rows = []
        for section in node.children:
            for tr in section.children:
                cells = [" ".join(x.strip() for x in _inline(_tokens(c)).lines) for c in tr.children]
                if any(c.strip() for c in cells):
                    rows.append(" | ".join(c.strip() for c in cells))
        self.out.block(rows)


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
    text = w.out.text()
    if not text.strip():
        raise ParseError(source, "Markdown with no text (only markup)")
    title = w.out.title or ""
    # a judgment's caption and the judge's heading over numbered paragraphs say what it is, before any
    # contract signal its reasons quote ("the parties entered into ...") is counted
    # (read as a text's: a judgment whose caption outweighs the clauses its reasons quote, in paragraphs "[1]" or
    # "1" under the judge's heading, is the same judgment whether its file is .txt or .md)
    opinion = read_us_opinion_text(text, source)
    if opinion is not None:  # a US court's opinion or order in Markdown: its voices and Parts
        return opinion.document(Format.MARKDOWN, text, title, tuple(warnings))
    a = analyse_text(text, source, title or None)
    if a.kind is DocumentKind.JUDGMENT:
        return _judgment(text, source, title, a, warnings)
    doc = w.out.contract(Format.MARKDOWN, source, warnings)
    if doc is not None:
        return doc
    meta = {"clauses": sum(1 for u in a.units if u.number is not None)}
    return ParsedDocument(format=Format.MARKDOWN, kind=a.kind, title=title or a.title, text=text,
                          units=a.units, date=a.date, warnings=tuple(warnings) + a.warnings, meta=meta)


def _judgment(text: str, source: str, title: str, a: TextAnalysis, warnings: list[str]) -> ParsedDocument:
    """A judgment written in Markdown: titled by its first heading (else its running title, else its first
    lines' title), dated and its panel named by its caption, as a plain-text judgment is
    (:func:`pincite.parse.text.judgment_facts`)."""
    running, citation, judged, judges = judgment_facts(text, a.units)
    meta: dict = {"clauses": sum(1 for u in a.units if u.number is not None)}
    if judges:
        meta["judges"] = judges
    return ParsedDocument(format=Format.MARKDOWN, kind=DocumentKind.JUDGMENT,
                          title=title or running or a.title or source, text=text, units=a.units, citation=citation,
                          date=judged or a.date, warnings=tuple(warnings) + a.warnings, meta=meta)
