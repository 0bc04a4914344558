"""Akoma Ntoso legislation: an ``<act>`` or ``<bill>`` (Laws.Africa / openbylaws.org.za markup and its like).

One canonical text: the title (cover), the preface and preamble (not citable: no one cites a recital by
number), the body, then the schedules.  The body is read by :mod:`pincite.parse.legislation_xml`'s walker:

* a section is cited by its own number, as the jurisdiction cites it ("s. 35A"), whatever chapter or part
  holds it (chapters and parts are non-citable headings naming the path); an article is "art. 5";
* subsections, paragraphs, list items are cited through their section: "s. 4(3)(d)";
* the unnumbered closing words of a list (``<subsection>`` after "(b) ..., ") belong to the subsection whose
  list they close; a definition (``<point>`` opening with ``<def>``) is cited by its term, ``s. 1 "building"
  (a)(ii)``;
* schedules (``<components>``/``<attachments>``, or ``<hcontainer name="schedule">``) are units of zone
  ``schedule`` labelled "Schedule 3"; their numbered parts "Schedule 1, I";
* publisher's notes (``<remark>``, ``<authorialNote>``, "Note: this content is not available ...") are notes
  after their section, not citable.

The expression date (``FRBRExpression/FRBRdate``) is the version's date; the lifecycle's events are kept in
the meta (``lifecycle``), and a provision whose ``period`` points at a ``<temporalGroup>`` is in force from
its interval's start to its end.
"""

from __future__ import annotations

from typing import Any

from lxml import etree

from pincite.errors import ParseError
from pincite.legal.language import ATTACHMENT_NAME
from pincite.parse.akn_text import collapse_space, inline_text
from pincite.parse.legislation_xml import Vocabulary, Walker
from pincite.parse.xmlsafe import local_name
from pincite.types import DocumentKind, Format, ParsedDocument, UnitKind, Zone

AKN_ACT = Vocabulary(
    provisions={"subsection": UnitKind.SUBSECTION, "paragraph": UnitKind.PARAGRAPH,
                "subparagraph": UnitKind.SUBPARAGRAPH, "clause": UnitKind.CLAUSE,
                "subclause": UnitKind.SUBCLAUSE,
                "point": UnitKind.OTHER, "item": UnitKind.OTHER, "indent": UnitKind.OTHER,
                "alinea": UnitKind.OTHER},
    top_words={"section": "s.", "article": "art.", "rule": "r.", "regulation": "reg."},
    groups=frozenset({"chapter", "part", "subpart", "title", "subtitle", "division", "subdivision", "book",
                      "tome", "subchapter", "hcontainer", "crossHeading"}),
    blocks=frozenset({"p", "listIntroduction", "listWrapUp", "block", "subheading", "tblock"}),
    notes=frozenset({"remark", "authorialNote", "note", "notes"}),
    skip=frozenset({"meta", "componentRef"}),
    group_words={"hcontainer": "", "crossHeading": ""},
)

#: The documents an attachment or component holds.
_DOCUMENTS = frozenset({"doc", "act", "bill", "portion", "statement", "documentCollection", "debateReport"})


def _children(el: etree._Element, *names: str) -> list[etree._Element]:
    return [c for c in el if isinstance(c.tag, str) and local_name(c) in names]


def _first(el: etree._Element, *names: str) -> etree._Element | None:
    return next((e for e in el.iter() if isinstance(e.tag, str) and local_name(e) in names), None)


def _frbr(meta: etree._Element | None, level: str, name: str, attr: str) -> str | None:
    if meta is None:
        return None
    lvl = _first(meta, level)
    if lvl is None:
        return None
    e = next((c for c in lvl if isinstance(c.tag, str) and local_name(c) == name), None)
    return (e.get(attr) or None) if e is not None else None


def _periods(meta: etree._Element | None) -> dict[str, tuple[str | None, str | None]]:
    """``temporalGroup`` id -> (start, end) dates, through the lifecycle's events."""
    if meta is None:
        return {}
    events = {(e.get("eId") or e.get("id") or ""): e.get("date") for e in meta.iter()
              if isinstance(e.tag, str) and local_name(e) == "eventRef"}
    out: dict[str, tuple[str | None, str | None]] = {}
    for g in meta.iter():
        if isinstance(g.tag, str) and local_name(g) == "temporalGroup":
            iv = _first(g, "timeInterval")
            if iv is not None:
                out[g.get("eId") or g.get("id") or ""] = (events.get((iv.get("start") or "").lstrip("#")),
                                                          events.get((iv.get("end") or "").lstrip("#")))
    return out


def _attachment_label(el: etree._Element, doc: etree._Element | None, index: int,
                      comp: etree._Element | None = None) -> str:
    """How a schedule is cited: its number with the word its id, heading or document name gives ("Schedule
    3"), or the word and its place among the attachments."""
    number = None
    num = next((c for c in el if isinstance(c.tag, str) and local_name(c) == "num"), None)
    if num is not None:
        number = collapse_space(inline_text(num)).rstrip(".") or None
    word = None
    heading = _first(el, "heading", "docTitle", "longTitle") if local_name(el) != "chapter" else None
    own = next((c for c in comp if isinstance(c.tag, str) and local_name(c) == "heading"), None) \
        if comp is not None and el is doc else None
    for hint in (collapse_space(inline_text(own)) if own is not None else "",
                 el.get("eId") or el.get("id") or "", el.get("name") or "",
                 collapse_space(inline_text(heading)) if heading is not None else "",
                 (doc.get("name") or "") if doc is not None else ""):
        m = ATTACHMENT_NAME.match(hint.replace("_", " "))
        if m:
            word = m.group(1).capitalize()
            number = number or m.group(2)
            break
    return f"{word or 'Schedule'} {number or index}"


def read_act(doc_el: etree._Element, root: etree._Element, source: str,
             warnings: list[str]) -> ParsedDocument:
    """Read an Akoma Ntoso ``<act>``/``<bill>`` (see the module docstring)."""
    meta = next(iter(_children(doc_el, "meta")), None)
    title = (_frbr(meta, "FRBRWork", "FRBRalias", "value") or _frbr(meta, "FRBRWork", "FRBRname", "value")
             or "")
    preface = next(iter(_children(doc_el, "preface")), None)
    if not title and preface is not None:
        t = _first(preface, "docTitle", "shortTitle", "longTitle")
        title = collapse_space(inline_text(t)) if t is not None else ""
    title = title or source
    work_uri = _frbr(meta, "FRBRWork", "FRBRuri", "value") or _frbr(meta, "FRBRWork", "FRBRthis", "value")
    date = _frbr(meta, "FRBRExpression", "FRBRdate", "date")
    periods = _periods(meta)
    events: list[dict[str, Any]] = []
    if meta is not None:
        for e in meta.iter():
            if isinstance(e.tag, str) and local_name(e) == "eventRef":
                events.append({"date": e.get("date"), "type": e.get("type"),
                               "source": (e.get("source") or "").lstrip("#") or None})

    def in_force(el: etree._Element) -> tuple[str | None, str | None]:
        for e in (el, *el.iterancestors()):
            p = (e.get("period") or "").lstrip("#")
            if p and p in periods:
                return periods[p]
        return None, None

    w = Walker(AKN_ACT, warnings=list(warnings), in_force=in_force if periods else None)
    count = [0]

    def schedule_in_body(walker: Walker, el: etree._Element, at: list[str]) -> bool:
        """A schedule set in the body (``<hcontainer name="schedule">``) is read as the attachments are."""
        if local_name(el) != "hcontainer" or not ATTACHMENT_NAME.match(el.get("name") or ""):
            return False
        count[0] += 1
        _schedule(walker, el, el, count[0], at, el)
        return True

    w.special = schedule_in_body
    s, e = w.b.append(title)
    w.uc.add(UnitKind.HEADING, s, e, Zone.COVER, False, parent=None, section_path=[title])
    path = [title]
    for name in ("preface", "preamble"):
        for part in _children(doc_el, name):
            _uncited(w, part, name, path, Zone.COVER if name == "preface" else Zone.BODY)
    body = next(iter(_children(doc_el, "body", "mainBody", "mainContent")), None)
    if body is None:
        raise ParseError(source, f"Akoma Ntoso <{local_name(doc_el)}> has no <body>: "
                                 f"there is nothing to cite")
    w.walk(body, None, path, Zone.BODY, 0)
    w.flush_notes(path)
    for part in _children(doc_el, "conclusions"):
        _uncited(w, part, "conclusions", path, Zone.SIGNATURES)
    holders = _children(doc_el, "attachments", "components") + _children(root, "components", "attachments")
    index = count[0]
    for holder in holders:
        for comp in _children(holder, "attachment", "component"):
            doc = next((c for c in comp if isinstance(c.tag, str) and local_name(c) in _DOCUMENTS), None)
            if doc is None:
                continue
            main = next(iter(_children(doc, "mainBody", "body")), doc)
            parts = _children(main, "chapter", "hcontainer", "part")
            several = len(parts) > 1 and all(ATTACHMENT_NAME.match((p.get("eId") or p.get("id") or "")
                                                                   .replace("_", " ")) for p in parts)
            for sched in (parts if several else [doc]):
                index += 1
                _schedule(w, sched, doc, index, path, comp)
    units = w.uc.units()
    if not any(u.citable for u in units):
        raise ParseError(source, f"Akoma Ntoso <{local_name(doc_el)}> has no numbered provisions")
    version: dict[str, Any] = {"date": date, "label": f"as at {date}" if date else "undated expression"}
    amended = sorted(e["date"] for e in events if e["type"] == "amendment" and e["date"])
    if amended:  # the lifecycle's amendments (a file may fold them in without re-dating its expression)
        version["amendments"] = amended
    return ParsedDocument(
        format=Format.AKN,
        kind=DocumentKind.STATUTE,
        title=title,
        text=w.b.text(),
        units=units,
        date=date,
        work=work_uri.strip("/") if work_uri else None,
        version=version,
        warnings=tuple(w.warnings),
        meta={"document_type": local_name(doc_el),
              "jurisdiction": _frbr(meta, "FRBRWork", "FRBRcountry", "value"),
              "lifecycle": events,
              "publication": ({k: v for k, v in _first(meta, "publication").attrib.items()}
                              if meta is not None and _first(meta, "publication") is not None else None)},
    )


def _uncited(w: Walker, el: etree._Element, name: str, path: list[str], zone: Zone) -> None:
    """A preface, preamble or conclusions: a line to each block, one non-citable unit."""
    w.b.separate("\n\n")
    o = w.uc.begin(UnitKind.BLOCK, zone, False, parent=None, section_path=list(path), attrs={"part": name})
    blocks = ("p", "docTitle", "longTitle", "listIntroduction", "heading")
    for e in el.iter():
        if not isinstance(e.tag, str) or local_name(e) not in blocks:
            continue
        inside = False
        for a in e.iterancestors():
            if a is el:
                break
            inside = inside or local_name(a) in blocks
        if not inside:
            w.line(w.text_of(e))
    w.uc.end(o)


def _schedule(w: Walker, el: etree._Element, doc: etree._Element, index: int, path: list[str],
              comp: etree._Element) -> None:
    label = _attachment_label(el, doc, index, comp)
    w.glue = False
    w.b.separate("\n\n")
    w.top_open += 1
    o = w.uc.begin(UnitKind.PART, Zone.SCHEDULE, True, parent=None, label=label,
                   number=label.split(" ", 1)[-1], section_path=list(path))
    heading = w.heading(el)
    if heading.lower().startswith(label.lower()):  # "Schedule 1 — Forms" names itself
        heading = heading[len(label):].strip(" \u2014\u2013-:")
    w.b.append(" ".join(x for x in (label, heading) if x))
    w.walk(el, label, path + [label], Zone.SCHEDULE, 0)
    w.glue = False
    w._close(o, True, path)
