"""Clause numbers a renderer draws: nested ordered lists and numbered headings as contract clauses.

Markdown and HTML print a list's numbers without writing them in the text: a Markdown ``1.`` list, or an HTML
``<ol>``, is drawn "1.", "2.", ... from its start whatever numbers the source wrote, and a list nested in an
item is drawn from 1 again.  A contract written so (Common Paper's standard terms: "1." / indented "1." /
"a.") is cited as a lawyer reads the nesting: the second item of the list under clause 3 is cl. 3.2, the first lettered
item under that is cl. 3.2(a) — the numbers its own cross-references use ("Section 3.2 (Termination)").

The Markdown and HTML parsers each find their items (:class:`Node`: the item's span in the canonical text, the
item it is nested in, its list style and value, or the number a heading prints) and this module, the one place
that knows how, draws each item's marker (:func:`marker`) and names it (:func:`clause_units`), with the labels
the plain-text contract parser gives (``cl. 5.2(a)``, :func:`pincite.parse.text.analyse_text`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from pincite.parse.contract import heading_of, to_roman
from pincite.types import UnitKind, Zone

#: list styles, as CSS names them; "printed" is a number the text itself prints ("5.2" in "## 5.2 Notice")
DECIMAL = "decimal"
PAREN_DECIMAL = "paren-decimal"  # "(1)" written in the text: always a bracketed sub-number, never "3.1"
LOWER_ALPHA = "lower-alpha"
UPPER_ALPHA = "upper-alpha"
LOWER_ROMAN = "lower-roman"
UPPER_ROMAN = "upper-roman"
PRINTED = "printed"

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


def printed_number(s: str) -> str:
    return s.strip().rstrip(".")


def label_of(node: Node, parent_label: str | None) -> str:
    """The item's number as cited, without "cl.": "3", "3.2", "3.2(a)", "3.2(a)(i)".

    A decimal list under a clause with one number is that clause's sub-numbering (3 -> 3.2: Common Paper's
    own cross-references cite it so); under a dotted or lettered clause it is bracketed (3.2 -> 3.2(1)), as
    the plain-text parser names a list "1.", "2." under a clause."""
    if node.style == PRINTED:
        return printed_number(node.number)
    tok = token(node.value or 0, node.style)
    if node.style == DECIMAL:
        if parent_label is None:
            return tok
        if parent_label.isdigit():
            return f"{parent_label}.{tok}"
    return f"{parent_label or ''}({tok})"


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
        out.append(dict(kind=kind, char_start=n.start, char_end=n.end, zone=Zone.BODY, citable=True,
                        number=n.number, label=f"cl. {label}", section_path=path, parent=n.parent,
                        attrs=attrs))
        labels.append(label)
    for u in out:
        u["attrs"].pop("depth", None)
    return out, counts, warnings
