"""Justice Canada XML: provisions, labels, notes and schedules, on fictional fixtures and the real Acts."""

from __future__ import annotations

from pathlib import Path

import pytest

from pincite.errors import ParseError
from pincite.parse import parse_bytes, sniff_format
from pincite.types import Format, ParsedDocument, UnitKind, Zone


def parse_file(path: Path) -> ParsedDocument:
    return parse_bytes(path.read_bytes(), str(path))


def by_key(doc: ParsedDocument, key: str):
    (u,) = [u for u in doc.units if u.attrs.get("key") == key]
    return u, doc.text[u.char_start:u.char_end]


def assert_invariants(doc: ParsedDocument) -> None:
    keys = [u.attrs.get("key") for u in doc.units]
    assert all(keys) and len(keys) == len(set(keys)), "every unit has a key, unique in its document"
    for i, u in enumerate(doc.units):
        assert u.ordinal == i
        if u.parent is not None:
            p = doc.units[u.parent]
            assert p.char_start <= u.char_start <= u.char_end <= p.char_end
        if u.citable:
            assert u.zone is Zone.BODY and u.label and u.label.startswith("s. ")
            for n in doc.units:  # no note text inside a citable provision
                if n.zone is Zone.NOTE:
                    assert n.char_end <= u.char_start or n.char_start >= u.char_end
        if u.number:
            # the number is printed in the text at the start of the provision's label line
            first_lines = doc.text[u.char_start:u.char_end].split("\n")[:2]
            assert any(line.startswith(u.number) for line in first_lines), (u.label, first_lines)


# -- fictional fixtures (no ../shared needed) ----------------------------------------------------

def test_fixture_units(fixtures: Path) -> None:
    doc = parse_file(fixtures / "canada" / "X-9_pit-2020-01-01.xml")
    assert_invariants(doc)
    assert doc.title == "Lighthouse Keepers Act"
    assert doc.citation == "R.S.C. 1985, c. X-9"
    assert doc.work == "ca/act/X-9"
    assert doc.date == "2020-01-01"
    assert doc.version == {"date": "2020-01-01", "label": "as of 2020-01-01", "last_amended": "2019-06-01"}
    u, text = by_key(doc, "3(1)(b)")
    assert (u.kind, u.number, u.label, text) == (UnitKind.PARAGRAPH, "(b)", "s. 3(1)(b)",
                                                 "(b) not more than two assistant keepers.")
    assert u.section_path == ("Lighthouse Keepers Act", "Keepers", "3", "(1)", "(b)")
    s3, s3_text = by_key(doc, "3")
    assert s3_text.startswith("Number of keepers\n3 (1) Each lighthouse shall have")
    assert s3_text.endswith("The head keeper shall light the lamp at dusk.")  # historical note outside
    mn, mn_text = by_key(doc, "3/marginal-note")
    assert (mn.kind, mn.citable, mn_text, mn.parent) == (UnitKind.HEADING, False, "Number of keepers", s3.ordinal)
    hn, hn_text = by_key(doc, "3/historical-note")
    assert (hn.zone, hn.citable, hn_text) == (Zone.NOTE, False, "R.S., 1985, c. X-9, s. 3")
    d, d_text = by_key(doc, '2 "keeper"')
    assert d.label == 's. 2 "keeper"' and d_text.startswith("keeper means a person")
    assert by_key(doc, "heading:Keepers")[0].citable is False


def test_related_provisions_schedule_is_left_out(fixtures: Path) -> None:
    doc = parse_file(fixtures / "canada" / "X-9_pit-2020-01-01.xml")
    assert "Transitional provision" not in doc.text
    assert [u.label for u in doc.units].count("s. 3") == 1
    assert doc.meta["omitted"] == ["Related Provisions"]


def test_bom_file_parses(fixtures: Path) -> None:
    data = (fixtures / "canada" / "X-9_pit-2022-01-01.xml").read_bytes()
    assert data.startswith(b"\xef\xbb\xbf")
    assert sniff_format(data, "x") is Format.CANADA
    doc = parse_bytes(data, "x")
    assert by_key(doc, "3(1)(b)")[1] == "(b) not more than 3 assistant keepers."
    assert by_key(doc, "3(1)(b)")[0].attrs["in_force_start"] == "2021-07-01"
    assert by_key(doc, "3")[0].attrs["in_force_start"] == "2021-07-01"  # the section reads differently too


def test_missing_body_is_a_parse_error(fixtures: Path) -> None:
    with pytest.raises(ParseError, match="no <Body>"):
        parse_file(fixtures / "canada" / "no_body.xml")


def test_not_a_statute_is_a_parse_error() -> None:
    with pytest.raises(ParseError, match="not a Justice Canada"):
        parse_bytes(b'<Regulationx xmlns:lims="http://justice.gc.ca/lims"><Body/></Regulationx>', "r.xml",
                    Format.CANADA)


# -- the real Acts ---------------------------------------------------------------------------------

CANADA_FACTS = [
    # file, key, kind, number, label, first words, section_path tail
    ("T-2/T-2_pit-2018-06-21.xml", "4(1)(c)", UnitKind.PARAGRAPH, "(c)", "s. 4(1)(c)",
     "(c) not more than twenty other judges.", ("The Judges", "4", "(1)", "(c)")),
    ("T-2/T-2_pit-2021-06-29.xml", "4(1)(c)", UnitKind.PARAGRAPH, "(c)", "s. 4(1)(c)",
     "(c) not more than 22 other judges.", ("The Judges", "4", "(1)", "(c)")),
    ("T-2/T-2_pit-2021-06-29.xml", "4", UnitKind.SECTION, "4", "s. 4",
     "Constitution of Court\n4 (1) The Tax Court of Canada shall consist of the following judges:",
     ("The Judges", "4")),
    ("T-2/T-2_pit-2021-06-29.xml", "2.2(2)(a)", UnitKind.PARAGRAPH, "(a)", "s. 2.2(2)(a)",
     "(a) in the case of an appeal under Part V.1 of the Customs Act", ("Interpretation", "2.2", "(2)", "(a)")),
    ("T-2/T-2_pit-2021-06-29.xml", "4(3)(c)(ii)", UnitKind.SUBPARAGRAPH, "(ii)", "s. 4(3)(c)(ii)",
     "(ii) after becoming a barrister or advocate", ("The Judges", "4", "(3)", "(c)", "(ii)")),
    ("S-23/S-23_pit-2023-04-01.xml", "4", UnitKind.SECTION, "4", "s. 4",
     "No accrual of interest\n4 (1) Beginning on April 1, 2023, no interest is payable", ("4",)),
    ("S-23/S-23_pit-2020-03-25.xml", "4", UnitKind.SECTION, "4", "s. 4",
     "Interest-free period for full-time students\n4 (1) Subject to the regulations", ("4",)),
    ("P-21/P-21_pit-2019-08-28.xml", "1", UnitKind.SECTION, "1", "s. 1",
     "Short title\n1 This Act may be cited as the Privacy Act.", ("Short Title", "1")),
]


@pytest.mark.shared
@pytest.mark.parametrize("name,key,kind,number,label,start,path_tail", CANADA_FACTS)
def test_real_provisions(corpus: Path, name, key, kind, number, label, start, path_tail) -> None:
    doc = parse_file(corpus / "canada_justice_laws_xml" / name)
    u, text = by_key(doc, key)
    assert (u.kind, u.number, u.label, u.zone, u.citable) == (kind, number, label, Zone.BODY, True)
    assert text.startswith(start)
    assert u.section_path[-len(path_tail):] == path_tail
    assert u.section_path[0] == doc.title


@pytest.mark.shared
@pytest.mark.parametrize("act,title,citation,n_files", [
    ("T-2", "Tax Court of Canada Act", "R.S.C. 1985, c. T-2", 4),
    ("S-23", "Canada Student Loans Act", "R.S.C. 1985, c. S-23", 4),
    ("P-21", "Privacy Act", "R.S.C. 1985, c. P-21", 4),
])
def test_real_acts_metadata_and_invariants(corpus: Path, act, title, citation, n_files) -> None:
    files = sorted((corpus / "canada_justice_laws_xml" / act).glob("*.xml"))
    assert len(files) == n_files
    for f in files:
        doc = parse_file(f)
        pit = f.stem.split("_pit-")[1]
        assert (doc.title, doc.citation, doc.work, doc.date) == (title, citation, f"ca/act/{act}", pit)
        assert doc.version is not None and doc.version["label"] == f"as of {pit}"
        assert_invariants(doc)
        # Related Provisions never produce units: every citable label is a Body section's
        assert "RELATED PROVISIONS" not in doc.text and "Related Provisions" in doc.meta["omitted"]


@pytest.mark.shared
def test_real_related_provisions_numbers_not_mistaken(corpus: Path) -> None:
    """P-21's Related Provisions schedule holds a section 18 of 2005, c. 26; only the Act's own s. 18 is a unit."""
    doc = parse_file(corpus / "canada_justice_laws_xml" / "P-21" / "P-21_pit-2025-06-02.xml")
    s18 = [u for u in doc.units if u.label == "s. 18"]
    assert len(s18) == 1
    assert "2005, c. 26, s. 18" not in doc.text
    schedule = [u for u in doc.units if u.zone is Zone.SCHEDULE]
    assert len(schedule) == 1 and not schedule[0].citable
    assert doc.text[schedule[0].char_start:].startswith("SCHEDULE (Section 3) Government Institutions")
