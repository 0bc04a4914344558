"""USLM: compilations and bill stages, on a fictional bill and the real GPO files."""

from __future__ import annotations

from pathlib import Path

import pytest

from pincite.errors import ParseError
from pincite.parse import parse_bytes
from pincite.types import ParsedDocument, UnitKind, Zone


def parse_file(path: Path) -> ParsedDocument:
    return parse_bytes(path.read_bytes(), str(path))


def by_label(doc: ParsedDocument, label: str):
    (u,) = [u for u in doc.units if u.label == label]
    return u, doc.text[u.char_start:u.char_end]


def assert_no_notes_inside_citable(doc: ParsedDocument) -> None:
    notes = [u for u in doc.units if u.zone is Zone.NOTE]
    for u in doc.units:
        if u.citable:
            for n in notes:
                assert n.char_end <= u.char_start or n.char_start >= u.char_end, (u.label, n.attrs)


def test_fixture_bill(fixtures: Path) -> None:
    doc = parse_file(fixtures / "uslm" / "tiny_bill_ih.xml")
    assert (doc.title, doc.work, doc.date, doc.citation) == ("Ferry Act", "us/bill/999/hr/1", "2031-02-03",
                                                            "999 H. R. 1 IH")
    assert doc.version is not None and doc.version["stage"] == "Introduced in House"
    u, text = by_label(doc, "sec. 2(a)")
    assert (u.kind, u.number, u.attrs["identifier"]) == (UnitKind.SUBSECTION, "(a)", "/us/bill/999/hr/1/s2/a")
    assert text == "(a) Cap.— No ferry fare shall exceed $2."  # footnote mark and footnote out of the text
    s2, s2_text = by_label(doc, "sec. 2")
    assert s2.number == "2" and s2_text.startswith("SEC. 2. FARES.")
    fn = [x for x in doc.units if x.label == "footnote 1"]
    assert len(fn) == 1 and fn[0].zone is Zone.NOTE and not fn[0].citable and fn[0].char_start >= s2.char_end
    assert doc.text[fn[0].char_start:fn[0].char_end].startswith("1 So in original")
    assert_no_notes_inside_citable(doc)


def test_fixture_enrolled_stage_date(fixtures: Path) -> None:
    doc = parse_file(fixtures / "uslm" / "tiny_bill_enr.xml")
    assert doc.version is not None
    assert (doc.version["stage"], doc.date, doc.work) == ("Enrolled Bill", "2031-01-06", "us/bill/999/hr/1")
    assert "session began" in doc.version["date_basis"]
    assert by_label(doc, "sec. 2(a)")[1].endswith("exceed $3.")


def test_no_main_is_a_parse_error() -> None:
    with pytest.raises(ParseError, match="no <main>"):
        parse_bytes(b'<bill xmlns="http://schemas.gpo.gov/xml/uslm"><meta/></bill>', "b.xml")


USLM_FACTS = [
    ("statute_compilations/COMPS-1565_geothermal_steam_act_1970_thru_PL116-260.xml", "sec. 2(a)",
     UnitKind.SUBSECTION, "(a)", "/us/sComp/91/581/s2/a", "(a) “Secretary” means the Secretary of the Interior;"),
    ("statute_compilations/COMPS-1565_geothermal_steam_act_1970_thru_PL116-260.xml", "sec. 2(f)(2)",
     UnitKind.PARAGRAPH, "(2)", "/us/sComp/91/581/s2/f/2", "(2) Crater Lake National Park."),
    ("statute_compilations/COMPS-1565_geothermal_steam_act_1970_thru_PL116-260.xml", "sec. 1",
     UnitKind.SECTION, "1", "/us/sComp/91/581/s1", "SEC. 1. SHORT TITLE. This Act may be cited as the"),
    ("statute_compilations/COMPS-1656_anadromous_fish_conservation_act_thru_PL109-479.xml", "sec. 8",
     UnitKind.SECTION, "8", "/us/sComp/89/304/s8", "Sec. 8. This Act may be cited as the"),
    ("bill_versions_hr2157_116th/h2157_enr_enrolled.xml", "sec. 1207(c)", UnitKind.SUBSECTION, "(c)",
     "/us/bill/116/hr/2157/tXII/s1207/c", "(c) If this Act is enacted after June 14, 2019"),
    ("bill_versions_hr2157_116th/H2157_IH_introduced.xml", "sec. 101", UnitKind.SECTION, "101",
     "/us/bill/116/hr/2157/tI/s101", "Sec. 101. In addition to other amounts made available by section 309"),
]


@pytest.mark.shared
@pytest.mark.parametrize("name,label,kind,number,identifier,start", USLM_FACTS)
def test_real_units(corpus: Path, name, label, kind, number, identifier, start) -> None:
    doc = parse_file(corpus / "us_uslm" / name)
    u, text = by_label(doc, label)
    assert (u.kind, u.number, u.attrs["identifier"], u.zone, u.citable) == (kind, number, identifier, Zone.BODY,
                                                                           True)
    assert text.startswith(start)
    assert_no_notes_inside_citable(doc)


@pytest.mark.shared
@pytest.mark.parametrize("name,work,date,citation,stage", [
    ("statute_compilations/COMPS-1565_geothermal_steam_act_1970_thru_PL116-260.xml", "us/pl/91/581",
     "2020-12-27", "Public Law 91–581, as amended", None),
    ("statute_compilations/COMPS-1656_anadromous_fish_conservation_act_thru_PL109-479.xml", "us/pl/89/304",
     "2007-01-12", "Public Law 89–304", None),
    ("bill_versions_hr2157_116th/H2157_IH_introduced.xml", "us/bill/116/hr/2157", "2019-04-09",
     "116 H. R. 2157 IH", "Introduced in House"),
    ("bill_versions_hr2157_116th/h2157_enr_enrolled.xml", "us/bill/116/hr/2157", "2019-01-03",
     "116 H. R. 2157 ENR", "Enrolled Bill"),
])
def test_real_versions(corpus: Path, name, work, date, citation, stage) -> None:
    doc = parse_file(corpus / "us_uslm" / name)
    assert (doc.work, doc.date, doc.citation) == (work, date, citation)
    assert doc.version is not None and doc.version["date"] == date and doc.version.get("stage") == stage


@pytest.mark.shared
def test_real_footnotes_are_notes_after_their_section(corpus: Path) -> None:
    doc = parse_file(corpus / "us_uslm" / "statute_compilations" /
                     "COMPS-1565_geothermal_steam_act_1970_thru_PL116-260.xml")
    fn = [u for u in doc.units if u.label and u.label.startswith("footnote ")]
    assert len(fn) == 28 and all(u.zone is Zone.NOTE and not u.citable for u in fn)
    _, s2e = by_label(doc, "sec. 2(e)")
    assert "resources are good enough" in s2e  # no stray footnote mark "3" in the words
    assert "Probably should read" not in s2e


@pytest.mark.shared
def test_real_repealed_section_is_an_editorial_note(corpus: Path) -> None:
    doc = parse_file(corpus / "us_uslm" / "statute_compilations" /
                     "COMPS-1656_anadromous_fish_conservation_act_thru_PL109-479.xml")
    (s7,) = [u for u in doc.units if u.number == "7"]
    assert (s7.zone, s7.citable, s7.label) == (Zone.NOTE, False, None)
    assert doc.text[s7.char_start:s7.char_end].startswith("Sec. 7. Repealed by section 3(a)")
