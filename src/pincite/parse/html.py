"""HTML pages: the visible text with its block structure, then the same clause/paragraph analysis as plain text.

The canonical text is built block by block (headings, paragraphs, list items, table cells...) with a
``TextBuilder``, blocks separated by a blank line, whitespace inside a block collapsed the way a browser
shows it (``<pre>`` kept as is).  Scripts, styles, navigation, forms and hidden elements are dropped.
Nothing the page references (images, stylesheets, frames) is ever fetched: selectolax only parses.

Units: a contract whose clauses are ordered lists (``<ol>``, nested, ``type``/``start``/``value`` and CSS
``list-style-type`` honoured) or numbered headings (``<h2>5. Termination</h2>``) is read as a browser draws
it, through :mod:`pincite.parse.outline` as Markdown is: the list numbers are put in the text as drawn ("1." for
the first item of a nested list) and the item is named by its nesting (cl. 3.2(a)).  Otherwise, when the
text carries clause or paragraph numbers, ``analyse_text`` finds them exactly as for a plain-text file (and it
wins where it finds more clauses); otherwise each heading is a heading unit and each other block a paragraph
by order (¶N).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from selectolax.lexbor import LexborHTMLParser, LexborNode

from pincite.errors import ParseError
from pincite.parse import outline
from pincite.parse.builder import TextBuilder, UnitCollector
from pincite.parse.text import analyse_text, decode_text
from pincite.parse.us_opinion_text import read_us_opinion_text
from pincite.types import DocumentKind, Format, ParsedDocument, UnitKind, Zone

#: Elements whose content is never visible text.
SKIP_TAGS = frozenset({
    "script", "style", "nav", "noscript", "template", "iframe", "object", "embed", "svg", "math", "head",
    "form", "button", "select", "textarea", "input", "canvas", "audio", "video", "map",
})
#: Elements that start a new block of text.
BLOCK_TAGS = frozenset({
    "p", "div", "section", "article", "main", "aside", "header", "footer", "blockquote", "pre", "li", "ul", "ol",
    "dl", "dt", "dd", "table", "thead", "tbody", "tfoot", "tr", "td", "th", "caption", "h1", "h2", "h3", "h4",
    "h5", "h6", "hr", "address", "figure", "figcaption", "center", "body", "html", "details", "summary",
    "fieldset", "legend",
})
HEADING_TAGS = frozenset({"h1", "h2", "h3", "h4", "h5", "h6"})
_BR = "\x00"  # a <br> while collecting a block (source newlines are only whitespace)
_SPACE = re.compile(r"[ \t\r\n\f\u00a0\u200b]+")


@dataclass(frozen=True, slots=True)
class Block:
    """One visible block of the page: its tag (the innermost block element) and its text."""

    tag: str
    text: str


#: a site's furniture around the document, named so by its id or class: a donation bar, a language selector,
#: a cookie banner, breadcrumbs (a page the document was saved from carries them; they are no part of it)
_CHROME = re.compile(r"(?i)(?:^|[\s_-])(?:donation|donate|language-selector|lang-selector|"
                     r"cookie-(?:banner|notice|consent)|breadcrumbs?|skip-link)(?:$|[\s_-])")


def _hidden(node: LexborNode) -> bool:
    attrs = node.attributes
    if "hidden" in attrs or (attrs.get("aria-hidden") or "").lower() == "true":
        return True
    if _CHROME.search(attrs.get("id") or "") or _CHROME.search(attrs.get("class") or ""):
        return True
    style = (attrs.get("style") or "").replace(" ", "").lower()
    return "display:none" in style or "visibility:hidden" in style


def extract_blocks(root: LexborNode) -> list[Block]:
    """The visible blocks under ``root`` in document order."""
    blocks: list[Block] = []
    buf: list[str] = []
    tags: list[str] = ["body"]

    def flush() -> None:
        raw = "".join(buf)
        buf.clear()
        if tags[-1] == "pre":
            text = raw.strip("\n")
            if text.strip():
                blocks.append(Block("pre", text.rstrip()))
            return
        lines = [_SPACE.sub(" ", part).strip() for part in raw.split(_BR)]
        text = "\n".join(x for x in lines if x)
        if text:
            blocks.append(Block(tags[-1], text))

    def walk(node: LexborNode) -> None:
        child = node.child
        while child is not None:
            tag = child.tag or ""
            if tag == "-text":
                buf.append(child.text_content or "")
            elif tag.startswith("-") or tag in SKIP_TAGS or _hidden(child):
                pass  # comments, doctype, scripts...
            elif tag == "br":
                buf.append("\n" if tags[-1] == "pre" else _BR)
            elif tag in BLOCK_TAGS:
                flush()
                tags.append(tag)
                walk(child)
                flush()
                tags.pop()
            else:
                walk(child)
            child = child.next

    walk(root)
    flush()
    return blocks


_HEADER_CLASS = re.compile(r"\bheader_\d")


def _int(value: str | None) -> int | None:
    try:
        return int((value or "").strip())
    except ValueError:
        return None


def outline_of(root: LexborNode) -> outline.Builder:
    """The page as rendered, list numbers drawn, its numbered items found (:class:`outline.Builder`)."""
    out = outline.Builder()
    buf: list[str] = []
    ids: list[str] = []
    heading: list[str] = []

    def flush() -> None:
        raw = "".join(buf)
        buf.clear()
        lines = [x for x in (_SPACE.sub(" ", part).strip() for part in raw.split(_BR)) if x]
        if lines:
            out.paragraph(lines, heading[0] if heading else None, list(ids))
        ids.clear()
        heading.clear()

    def visible(node: LexborNode) -> str:
        parts: list[str] = []

        def collect(n: LexborNode) -> None:
            c = n.child
            while c is not None:
                t = c.tag or ""
                if t == "-text":
                    parts.append(c.text_content or "")
                elif not t.startswith("-") and t not in SKIP_TAGS and not _hidden(c):
                    collect(c)
                c = c.next
        collect(node)
        return _SPACE.sub(" ", "".join(parts)).strip()

    def ordered(ol: LexborNode) -> None:
        attrs = ol.attributes
        style = outline.css_style(attrs.get("style")) or outline.HTML_TYPES.get(attrs.get("type") or "1",
                                                                                 outline.DECIMAL)
        items = [c for c in _children(ol) if c.tag == "li" and not _hidden(c)]
        value = _int(attrs.get("start"))
        down = "reversed" in attrs
        if value is None:
            value = len(items) if down else 1
        for li in items:
            la = li.attributes
            value = _int(la.get("value")) or value
            own = outline.css_style(la.get("style")) or outline.HTML_TYPES.get(la.get("type") or "", style)
            k = out.begin_item(value, own)
            if la.get("id"):
                ids.append(la.get("id") or "")
            walk(li)
            flush()
            out.end_item(k)
            value += -1 if down else 1

    def walk(node: LexborNode) -> None:
        for child in _children(node):
            tag = child.tag or ""
            if tag == "-text":
                buf.append(child.text_content or "")
            elif tag.startswith("-") or tag in SKIP_TAGS or _hidden(child):
                pass
            elif tag == "br":
                buf.append(_BR)
            elif tag in HEADING_TAGS:
                flush()
                out.heading(int(tag[1]), visible(child))
            elif tag == "ol":
                flush()
                ordered(child)
            elif tag == "ul":
                flush()
                for li in _children(child):
                    if li.tag == "li" and not _hidden(li):
                        k = out.begin_item(None)
                        walk(li)
                        flush()
                        out.end_item(k)
            elif tag in ("pre", "table"):
                flush()
                out.block([b.text for b in extract_blocks(child)] if tag == "table" else
                          (child.text(deep=True) or "").strip("\n").split("\n"))
            elif tag in BLOCK_TAGS:
                flush()
                walk(child)
                flush()
            else:
                attrs = child.attributes
                if not heading and _HEADER_CLASS.search(attrs.get("class") or ""):
                    heading.append(visible(child).rstrip(".").strip())
                if attrs.get("id"):
                    ids.append(attrs.get("id") or "")
                walk(child)

    walk(root)
    flush()
    return out


def _children(node: LexborNode) -> list[LexborNode]:
    out = []
    c = node.child
    while c is not None:
        out.append(c)
        c = c.next
    return out


def parse(data: bytes, source: str) -> ParsedDocument:
    """Parse an HTML page (see the module docstring)."""
    text_in, warnings = decode_text(data, source)
    tree = LexborHTMLParser(text_in)
    root = tree.body or tree.root
    if root is None:
        raise ParseError(source, "HTML with no document body")
    title_node = tree.css_first("title")
    blocks = extract_blocks(root)
    if not blocks:
        raise ParseError(source, "HTML page with no visible text (only scripts, styles or markup)")

    builder = TextBuilder()
    spans: list[tuple[Block, int, int]] = []
    for b in blocks:
        builder.separate("\n\n")
        s, e = builder.append(b.text)
        spans.append((b, s, e))
    text = builder.text()

    page_title = _SPACE.sub(" ", title_node.text()).strip() if title_node is not None else ""
    if not page_title:
        page_title = next((b.text for b in blocks if b.tag in HEADING_TAGS), blocks[0].text)[:200]

    opinion = read_us_opinion_text(text, source)
    if opinion is not None:  # a US court's opinion or order saved as a web page: its voices and Parts
        return opinion.document(Format.HTML, text, page_title, tuple(warnings))
    analysis = analyse_text(text, source)
    rendered = outline_of(root).contract(Format.HTML, source, warnings)
    if rendered is not None and analysis.kind != DocumentKind.JUDGMENT and (
            analysis.kind != DocumentKind.CONTRACT or rendered.meta["clauses"] >= sum(
                1 for u in analysis.units if u.number is not None)):
        # (a judgment's numbered paragraphs are read from the text: its lists are sub-paragraphs, not clauses)
        # the clauses are the lists and headings a browser numbers
        return replace(rendered, title=page_title)
    if analysis.kind != DocumentKind.OTHER:
        return ParsedDocument(format=Format.HTML, kind=analysis.kind, title=page_title, text=text,
                              units=analysis.units, date=analysis.date,
                              warnings=tuple(warnings) + analysis.warnings)

    units = UnitCollector(builder)
    path: list[tuple[int, str]] = []  # (heading level, heading text)
    n = 0
    for b, s, e in spans:
        if b.tag in HEADING_TAGS:
            level = int(b.tag[1])
            while path and path[-1][0] >= level:
                path.pop()
            path.append((level, b.text))
            units.add(UnitKind.HEADING, s, e, Zone.BODY, False, parent=None, label=b.text[:80],
                      section_path=tuple(h for _, h in path))
            continue
        n += 1
        units.add(UnitKind.BLOCK, s, e, Zone.BODY, True, parent=None, label=f"¶{n}",
                  section_path=tuple(h for _, h in path), attrs={"tag": b.tag})
    warnings.append(f"{source}: no clause or paragraph numbering found; pinpoints are by paragraph order (¶N)")
    return ParsedDocument(format=Format.HTML, kind=DocumentKind.OTHER, title=page_title, text=text,
                          units=units.units(), date=analysis.date, warnings=tuple(warnings))
