"""Justice Canada consolidated Acts (the ``laws-lois-xml`` format).

Only ``/Statute/Body`` becomes provisions.  The canonical text is laid out as the printed Act reads::

    Tax Court of Canada Act                      <- cover (title), not citable
    An Act respecting the Tax Court of Canada

    Judges                                       <- heading, not citable

    Constitution of Court                        <- marginal note: heading unit, first line of s. 4
    4 (1) The Tax Court of Canada shall consist of the following judges:
    (a) a chief justice ...
    (c) not more than 22 other judges.
    Appointment of judges                        <- a subsection's marginal note, inside the section
    (2) The judges of the Court shall be appointed ...
    2021, c. 23, s. 259                          <- historical note: zone note, after the section closes

Each provision's span starts with its marginal note (a non-citable heading unit inside it: the
marginal note heads its section) and ends with its last words; the historical note follows the
section, outside it, so no note text sits inside a citable unit.
The "Related Provisions" and "Amendments Not in Force" schedules reuse section numbers of other
Acts; they are left out of the text (their names are listed in ``meta["omitted"]``).  The Act's own
schedules (e.g. the Privacy Act's list of institutions) are kept as zone ``schedule``, not citable.

Every unit carries ``attrs["key"]`` ("4(1)(c)", '2 "judge"', "4/marginal-note", "heading:Judges"),
stable across versions, and ``attrs["in_force_start"]``: the date its current text has been in force
(for a provision, the latest ``lims:inforce-start-date``/``lims:lastAmendedDate`` on it or any part of
it: a section whose paragraph (c) changed in 2021 reads differently from 2021).  The windows across
versions are computed by :mod:`pincite.versions`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from lxml import etree

from pincite.errors import ParseError
from pincite.parse.builder import TextBuilder, UnitCollector
from pincite.parse.xmlsafe import load_xml, local_name
from pincite.types import DocumentKind, Format, ParsedDocument, UnitKind, Zone

LIMS = "{http://justice.gc.ca/lims}"
_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
_WS = re.compile(r"\s+")

#: Provision elements and the unit kind each becomes.
PROVISION_KINDS: dict[str, UnitKind] = {
    "Section": UnitKind.SECTION,
    "Subsection": UnitKind.SUBSECTION,
    "Paragraph": UnitKind.PARAGRAPH,
    "Subparagraph": UnitKind.SUBPARAGRAPH,
    "Clause": UnitKind.CLAUSE,
    "Subclause": UnitKind.SUBCLAUSE,
    "Definition": UnitKind.BLOCK,
}
#: Text that continues a provision after its nested items ("... and the Minister may ...").
_CONTINUED = {"ContinuedSectionSubsection", "ContinuedParagraph", "ContinuedSubparagraph", "ContinuedClause",
              "ContinuedDefinition", "Provision", "FormulaGroup", "Formula", "TableGroup", "List"}
#: Schedules that are not provisions of the Act (ids on ``<Schedule>``).
_INLINE = {"XRefExternal", "XRefInternal", "Emphasis", "DefinedTermEn", "DefinedTermFr", "Language", "Repealed",
           "FootnoteRef", "Sup", "Sub", "DefinitionRef"}
_FOREIGN_SCHEDULES = {"RelatedProvs": "Related Provisions", "NifProvs": "Amendments Not in Force"}


def clean_text(s: str) -> str:
    """Collapse whitespace as the printed Act shows it."""
    return _WS.sub(" ", s).strip()


def element_text(el: etree._Element) -> str:
    """All the text of ``el`` (inline markup such as cross-references flattened), whitespace collapsed.

    A ``<Repealed>`` note after a defined term gets the space the printed Act shows before it."""
    parts: list[str] = []

    def visit(e: etree._Element) -> None:
        if local_name(e) == "Repealed" and parts and not parts[-1].endswith(" "):
            parts.append(" ")
        if e.text:
            parts.append(e.text)
        for c in e:
            if isinstance(c.tag, str):
                visit(c)
            if c.tail:
                parts.append(c.tail)

    visit(el)
    return clean_text("".join(parts))


def leaf_lines(el: etree._Element) -> list[str]:
    """One line per innermost text-bearing element (schedule items, group titles, notes)."""
    out: list[str] = []
    for e in el.iter():
        if not isinstance(e.tag, str) or local_name(e) in _INLINE:
            continue
        if not any(isinstance(c.tag, str) and local_name(c) not in _INLINE for c in e):
            t = element_text(e)
            if t:
                out.append(t)
    return out


def label_number(label_el: etree._Element | None) -> str | None:
    """The printed label without stray spaces ("(a )" in T-2 s. 2.2(2) is printed "(a)")."""
    if label_el is None:
        return None
    return re.sub(r"\s+", "", "".join(label_el.itertext())) or None


def _date(el: etree._Element, attr: str) -> str | None:
    v = el.get(LIMS + attr)
    return v if v and _DATE.match(v) else None


def text_in_force_since(el: etree._Element) -> str | None:
    """The date the current text of provision ``el`` has been in force: the latest in-force or
    last-amended date on it or on any part of it, marginal notes included (historical notes excluded)."""
    dates: list[str] = []

    def visit(e: etree._Element) -> None:
        for attr in ("inforce-start-date", "lastAmendedDate"):
            d = _date(e, attr)
            if d:
                dates.append(d)
        for c in e:
            name = local_name(c)
            if name != "HistoricalNote":
                visit(c)

    visit(el)
    return max(dates) if dates else None


@dataclass
class _State:
    b: TextBuilder
    uc: UnitCollector
    act_title: str
    headings: list[tuple[int, str]] = field(default_factory=list)  # (level, title) of enclosing headings
    keys: dict[str, int] = field(default_factory=dict)
    warnings: list[str] = field(default_factory=list)

    def unique_key(self, key: str) -> str:
        n = self.keys.get(key, 0) + 1
        self.keys[key] = n
        if n == 1:
            return key
        self.warnings.append(f"key {key!r} occurs {n} times in the Body; later ones are keyed {key}#{n}")
        return f"{key}#{n}"

    def heading_path(self) -> list[str]:
        return [self.act_title] + [t for _, t in self.headings]


def _emit_heading(st: _State, el: etree._Element) -> None:
    level_s = el.get("level") or "1"
    level = int(level_s) if level_s.isdigit() else 1
    parts = [element_text(c) for c in el if local_name(c) in ("Label", "TitleText")]
    title = " ".join(p for p in parts if p) or element_text(el)
    if not title:
        return
    while st.headings and st.headings[-1][0] >= level:
        st.headings.pop()
    key = st.unique_key("heading:" + "/".join([t for _, t in st.headings] + [title]))
    st.b.separate("\n\n")
    start, end = st.b.append(title)
    st.uc.add(UnitKind.HEADING, start, end, Zone.BODY, False, parent=None, section_path=st.heading_path(),
              in_force_from=_date(el, "inforce-start-date"),
              attrs={"key": key, "level": level, "in_force_start": _date(el, "inforce-start-date")})
    st.headings.append((level, title))


def _emit_marginal_note(st: _State, mn: etree._Element, of_key: str, path: list[str]) -> None:
    text = element_text(mn)
    if not text:
        return
    start, end = st.b.append(text)
    since = _date(mn, "inforce-start-date")
    st.uc.add(UnitKind.HEADING, start, end, Zone.BODY, False, section_path=path, in_force_from=since,
              attrs={"key": st.unique_key(f"{of_key}/marginal-note"), "marginal_note_of": of_key,
                     "in_force_start": since})


def _provision_key(parent_key: str, el: etree._Element, label: str | None) -> str:
    name = local_name(el)
    if name == "Section":
        return label or "?"
    if name == "Definition":
        term = next((element_text(t) for t in el.iter("DefinedTermEn", "DefinedTermFr")), "")
        return f'{parent_key} "{term}"'
    if parent_key.endswith('"') and label:
        return f"{parent_key} {label}"  # a definition's paragraph: s. 3 "personal information" (b), as cited
    return f"{parent_key}{label or ''}"


def _emit_provision(st: _State, el: etree._Element, parent_key: str, path: list[str], zone: Zone,
                    citable: bool, same_line: bool) -> None:
    """Emit one provision (and what it contains); ``same_line`` continues the parent's label line."""
    name = local_name(el)
    kind = PROVISION_KINDS[name]
    label_el = el.find("Label")
    label = label_number(label_el)
    key = _provision_key(parent_key, el, label)
    own_path = path + [label] if label else path + ([key.split(" ", 1)[1]] if name == "Definition" else [])
    mn = el.find("MarginalNote")
    if mn is not None and element_text(mn):
        same_line = False
    if same_line:
        st.b.append(" ")
    else:
        st.b.separate("\n")
    since = text_in_force_since(el)
    unique = st.unique_key(key)
    o = st.uc.begin(kind, zone, citable, number=label, label=f"s. {key}" if citable else None,
                    section_path=own_path, in_force_from=since,
                    attrs={"key": unique, "in_force_start": since, "lims_id": el.get(LIMS + "id")})
    if mn is not None:
        # the marginal note heads its provision: a non-citable heading inside the provision's span
        _emit_marginal_note(st, mn, unique, own_path)
        st.b.separate("\n")
    if label:
        st.b.append(label)
    line_open = bool(label)  # the label line has no text yet
    history: list[etree._Element] = []
    for c in el:
        cname = local_name(c)
        if cname in ("Label", "MarginalNote"):
            continue
        if cname == "HistoricalNote":
            history.append(c)
        elif cname == "Text":
            t = element_text(c)
            if t:
                if line_open:
                    st.b.append(" ")
                else:
                    st.b.separate("\n")
                st.b.append(t)
                line_open = False
        elif cname in PROVISION_KINDS:
            _emit_provision(st, c, key, own_path, zone, citable, same_line=line_open)
            line_open = False
        else:  # continued text, provisos, formulas, tables: part of this provision's words
            t = element_text(c)
            if t:
                st.b.separate("\n")
                st.b.append(t)
                line_open = False
    st.uc.end(o)
    for h in history:
        _emit_historical_note(st, h, key, own_path)


def _emit_historical_note(st: _State, el: etree._Element, of_key: str, path: list[str]) -> None:
    items = [element_text(i) for i in el.iter("HistoricalNoteSubItem")] or [element_text(el)]
    text = "; ".join(i for i in items if i)
    if not text:
        return
    dates = [d for d in (_date(i, "inforce-start-date") for i in el.iter()) if d]
    since = max(dates) if dates else None
    st.b.separate("\n")
    start, end = st.b.append(text)
    st.uc.add(UnitKind.BLOCK, start, end, Zone.NOTE, False, parent=st.uc.open_units[-1] if st.uc.open_units
              else None, section_path=path, in_force_from=since,
              attrs={"key": st.unique_key(f"{of_key}/historical-note"), "historical_note_of": of_key,
                     "in_force_start": since})


#: elements of a schedule that are numbered items when they carry a ``<Label>`` ("1", "(a)")
_ITEMS = ("Item", "Provision")
_SCHEDULE_NUMBER = re.compile(r"^\s*SCHEDULE\s+(?P<n>[0-9]+[A-Z]?|[IVXLC]+)\b", re.I)


def _labelled(el: etree._Element) -> bool:
    return local_name(el) in _ITEMS and label_number(el.find("Label")) is not None


def _holds_items(el: etree._Element) -> bool:
    return any(isinstance(e.tag, str) and _labelled(e) for e in el.iter())


#: how a schedule's labelled heading is cited when its items are numbered afresh under it (a treaty's
#: articles, a list's parts): the word shortened as a pinpoint writes it, the rest as printed
_GROUP_WORDS = {"article": "Art.", "part": "Part", "division": "Div.", "chapter": "Ch.", "section": "s.",
                "annex": "Annex", "table": "Table"}


def _group_label(el: etree._Element) -> str | None:
    """A schedule group's own label ("ARTICLE 2" -> "Art. 2"), when its heading prints one; else None."""
    if local_name(el) != "Group":
        return None
    lab = el.find("GroupHeading/Label")
    text = " ".join((lab.text or "").split()) if lab is not None else ""
    if not text:
        return None
    word, _, rest = text.partition(" ")
    short = _GROUP_WORDS.get(word.lower())
    return f"{short} {rest}".strip() if short and rest else text


def schedule_item_label(schedule: str | None, path: str) -> str:
    """A schedule item's pinpoint as the Act cites it: "Sch. 1, item 4", "Sch. 1, item 1(a)(i)"; a schedule
    printed without a number is "Sch., item 4"."""
    return f"Sch. {schedule}, item {path}" if schedule else f"Sch., item {path}"


def _emit_schedule_items(st: _State, children: list[etree._Element], schedule: str | None, parent_path: str,
                         path: list[str]) -> None:
    """Elements of a schedule: each labelled item a citable unit ("Sch. 1, item 4", its nested items "Sch. 1,
    item 4(a)"), whatever else (group titles, notes, tables) its lines, as printed."""
    for c in children:
        if not isinstance(c.tag, str):
            continue
        if _labelled(c):
            label = label_number(c.find("Label")) or ""
            item = f"{parent_path}{label}" if label.startswith("(") or not parent_path else f"{parent_path}.{label}"
            since = text_in_force_since(c)
            st.b.separate("\n")
            o = st.uc.begin(UnitKind.PARAGRAPH if parent_path else UnitKind.CLAUSE, Zone.SCHEDULE, True,
                            number=label, label=schedule_item_label(schedule, item), section_path=path + [item],
                            in_force_from=since,
                            attrs={"key": st.unique_key(schedule_item_label(schedule, item)),
                                   "in_force_start": since, "lims_id": c.get(LIMS + "id")})
            st.b.append(label)
            text = " ".join(element_text(t) for t in c.findall("Text") if element_text(t))
            if text:
                st.b.append(" ")
                st.b.append(text)
            rest = [x for x in c if isinstance(x.tag, str) and local_name(x) not in ("Label", "Text")]
            _emit_schedule_items(st, rest, schedule, item, path + [item])
            st.uc.end(o)
        elif _holds_items(c):
            within = _group_label(c)  # items numbered afresh under each labelled heading: "Art. 2, item 1"
            if within and not parent_path:
                inner = f"{schedule}, {within}" if schedule else within
                _emit_schedule_items(st, list(c), inner, parent_path, path + [within])
            else:
                _emit_schedule_items(st, list(c), schedule, parent_path, path)
        else:
            lines = leaf_lines(c)
            if lines:
                st.b.separate("\n")
                st.b.append("\n".join(lines))


def _emit_schedule(st: _State, sch: etree._Element, index: int) -> None:
    """An Act's own schedule (not a provision): one non-citable block per schedule; when it numbers its items
    (a list of offences, of hazard classes), each item is a citable unit inside it, labelled as the Act cites
    it ("Sch. 1, item 4"), so a question about an item reaches it."""
    heading = sch.find("ScheduleFormHeading")
    title = " ".join(leaf_lines(heading)) if heading is not None else f"Schedule {index}"
    st.b.separate("\n\n")
    o = st.uc.begin(UnitKind.BLOCK, Zone.SCHEDULE, False, parent=None, section_path=[st.act_title, title],
                    in_force_from=text_in_force_since(sch),
                    attrs={"key": st.unique_key(f"schedule:{title}"),
                           "in_force_start": text_in_force_since(sch)})
    st.b.append(title)
    if _holds_items(sch):
        m = _SCHEDULE_NUMBER.match(title)
        body = [c for c in sch if isinstance(c.tag, str) and local_name(c) != "ScheduleFormHeading"]
        _emit_schedule_items(st, body, m.group("n") if m else None, "", [st.act_title, title])
    else:
        lines = [line for c in sch if local_name(c) != "ScheduleFormHeading" for line in leaf_lines(c)]
        body = "\n".join(lines)
        if body:
            st.b.separate("\n")
            st.b.append(body)
    st.uc.end(o)


def find_citation(body: etree._Element, number: str | None) -> str | None:
    """"R.S.C. 1985, c. T-2" when the Act's own historical notes cite it in the Revised Statutes."""
    if not number:
        return None
    prefix = f"R.S., 1985, c. {number}"
    for item in body.iter("HistoricalNoteSubItem"):
        t = element_text(item)
        if t == prefix or t.startswith(prefix + ",") or t.startswith(prefix + ";"):
            return f"R.S.C. 1985, c. {number}"
    return None


def parse(data: bytes, source: str) -> ParsedDocument:
    """Parse one Justice Canada XML Act (one point-in-time consolidation)."""
    root, warnings = load_xml(data, source)
    if local_name(root) not in ("Statute", "Regulation"):
        raise ParseError(source, f"root element is <{local_name(root)}>, not a Justice Canada <Statute>")
    body = root.find("Body")
    if body is None:
        raise ParseError(source, "Justice Canada XML has no <Body>: there are no provisions to read "
                                 "(the file may be truncated or only an <Identification> block)")
    ident = root.find("Identification")
    short = ident.find("ShortTitle") if ident is not None else None
    long_ = ident.find("LongTitle") if ident is not None else None
    number_el = ident.find("Chapter/ConsolidatedNumber") if ident is not None else None
    number = element_text(number_el) if number_el is not None else None
    title = (element_text(short) if short is not None else "") or (
        element_text(long_) if long_ is not None else "") or (number or "")
    if not title:
        raise ParseError(source, "Justice Canada XML has no ShortTitle, LongTitle or ConsolidatedNumber")
    pit = _date(root, "pit-date")
    last_amended = _date(root, "lastAmendedDate")
    if pit is None:
        warnings.append("no lims:pit-date on <Statute>: the version date is unknown")

    b = TextBuilder()
    uc = UnitCollector(b)
    st = _State(b, uc, title, warnings=warnings)
    start, _ = b.append(title)
    if long_ is not None and element_text(long_) and element_text(long_) != title:
        b.separate("\n")
        b.append(element_text(long_))
    uc.add(UnitKind.HEADING, start, b.content_end, Zone.COVER, False, parent=None, section_path=[title],
           attrs={"key": st.unique_key("title")})

    provisions = 0
    for el in body:
        name = local_name(el)
        if name == "Heading":
            _emit_heading(st, el)
        elif name in PROVISION_KINDS:
            b.separate("\n\n")
            _emit_provision(st, el, "", st.heading_path(), Zone.BODY, True, same_line=False)
            provisions += 1
        elif name:
            t = element_text(el)
            if t:
                warnings.append(f"<{name}> directly in <Body> kept as a non-citable block")
                b.separate("\n\n")
                s, e = b.append(t)
                uc.add(UnitKind.BLOCK, s, e, Zone.OTHER, False, parent=None, section_path=st.heading_path(),
                       attrs={"key": st.unique_key(f"block:{name}")})
    if provisions == 0:
        raise ParseError(source, "Justice Canada <Body> holds no <Section>: nothing citable to read")

    omitted: list[str] = []
    st.headings = []
    for i, sch in enumerate(root.findall("Schedule"), 1):
        foreign = _FOREIGN_SCHEDULES.get(sch.get("id") or "")
        if foreign:
            omitted.append(foreign)
            continue
        _emit_schedule(st, sch, i)

    text = b.text()
    version = {"date": pit, "label": f"as of {pit}" if pit else "date unknown", "last_amended": last_amended}
    citation = find_citation(body, number) or number
    return ParsedDocument(
        format=Format.CANADA,
        kind=DocumentKind.STATUTE,
        title=title,
        text=text,
        units=uc.units(),
        citation=citation,
        date=pit,
        work=f"ca/act/{number}" if number else None,
        version=version,
        warnings=tuple(st.warnings),
        meta={"consolidated_number": number, "long_title": element_text(long_) if long_ is not None else None,
              "current_date": _date(root, "current-date"), "omitted": omitted,
              "jurisdiction": "ca", "in_force": root.get("in-force")},
    )
