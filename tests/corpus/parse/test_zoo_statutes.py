"""Legislation from the repository's zoo (``zoo/statute_*``): an Akoma Ntoso by-law, a US Code title in the
first USLM namespace, the D.C. Council's own XML for one Code section and New York's LBDC law-feed text — and
files built here for what those four do not show (a modern Akoma Ntoso act with periods and attachments, a
contract that numbers "Section 1.", a code pasted unwrapped, hostile and empty input)."""

from __future__ import annotations

from pathlib import Path

import pytest

from pincite.errors import ParseError
from pincite.evaluation.zoo import score_key
from pincite.parse import parse_bytes, sniff_format
from pincite.types import DocumentKind, Format, ParsedDocument, UnitKind, Zone
from tests.conftest import REPO

ZOO = REPO / "zoo"
BYLAW = "statute_akn_za_bylaw/za_cape_town_community_fire_safety_bylaw_2002"
USC = "statute_us_code_uslm_xml/usc01_title1_general_provisions"
DC = "statute_us_dc_code_xml/dc_code_38-2803"
NY = "statute_us_state_ny_lbdc_text/ny_emergency_tenant_protection_act_1974_lbdc"
_EXT = {BYLAW: ".xml", USC: ".xml", DC: ".xml", NY: ".txt"}
_CACHE: dict[str, ParsedDocument] = {}


def _doc(name: str) -> ParsedDocument:
    if name not in _CACHE:
        path = ZOO / (name + _EXT[name])
        _CACHE[name] = parse_bytes(path.read_bytes(), str(path))
    return _CACHE[name]


def _unit(doc: ParsedDocument, label: str):
    found = [u for u in doc.units if u.label == label]
    assert len(found) == 1, (label, [u.label for u in doc.units if u.label][:60])
    return found[0]


def _words(doc: ParsedDocument, label: str) -> str:
    u = _unit(doc, label)
    return doc.text[u.char_start:u.char_end]


def _citable_over(doc: ParsedDocument, words: str) -> list[str]:
    at = doc.text.index(words)
    return [u.label or "" for u in doc.units if u.citable and u.char_start <= at < u.char_end]


# -- Akoma Ntoso legislation ---------------------------------------------------------------------------------

def test_an_akn_bylaw_is_read_as_a_statute_cited_by_section_not_by_chapter() -> None:
    doc = _doc(BYLAW)
    assert doc.format is Format.AKN and doc.kind is DocumentKind.STATUTE
    assert doc.title == "Community Fire Safety By-law"
    assert _words(doc, "s. 4(3)(d)") == "(d) order the removal of the immediate threat."
    assert _words(doc, "s. 35A").startswith("35A. Firebreaks")  # an inserted section between 35 and 36
    assert "mobile filling station" in _words(doc, "s. 44B(1)")
    assert _unit(doc, "s. 4(3)(d)").kind is UnitKind.OTHER and _unit(doc, "s. 4").kind is UnitKind.SECTION
    chapter = [u for u in doc.units if u.label == "Chapter 1"]
    assert chapter and not chapter[0].citable  # a chapter is a heading; its sections are cited on their own


def test_the_closing_words_of_a_list_belong_to_the_subsection_the_list_is_in() -> None:
    doc = _doc(BYLAW)
    s55_1 = _words(doc, "s. 55(1)")
    assert s55_1.startswith("(1) Any person who:")
    assert s55_1.endswith("as prescribed in the Fire Brigade Services Act.")  # "is guilty of an offence ..."
    assert _words(doc, "s. 55(1)(b)").endswith("in connection herewith,")


def test_a_definitions_paragraphs_are_cited_through_its_term() -> None:
    doc = _doc(BYLAW)
    assert _words(doc, 's. 1 "building" (a)(ii)') == \
        "(ii) the manufacture, processing, storage or sale of any goods;"
    assert _words(doc, 's. 1 "building"').startswith('"building" means')
    # a <term> inside a sentence is joined without a space before the comma that follows it
    assert "In this By-law, words used" in doc.text


def test_schedules_are_their_own_units_and_notes_and_the_preamble_are_not_citable() -> None:
    doc = _doc(BYLAW)
    assert _unit(doc, "Schedule 3").zone is Zone.SCHEDULE
    assert "With reference to section 35(4):-" in _words(doc, "Schedule 3")
    assert _words(doc, "Schedule 1, VI").startswith("VI. With regard to the Tygerberg Municipality")
    assert _citable_over(doc, "Note: this content is not available") == []
    assert _citable_over(doc, "The Municipal Council of The City of Cape Town recognises") == []
    assert _citable_over(doc, "Definitions") == []  # "Chapter 1 Definitions" comes before section 1


def test_the_bylaws_version_and_lifecycle_come_from_its_frbr_metadata() -> None:
    doc = _doc(BYLAW)
    assert doc.work == "akn/za/by-law/cape-town/2002/community-fire-safety"
    assert doc.date == "2002-02-28" and doc.version and doc.version["amendments"] == ["2007-06-29"]
    assert [e["type"] for e in doc.meta["lifecycle"]] == ["generation", "amendment"]
    assert "TLCTerm" not in doc.text and "above ground storage tank\" means" in doc.text


def test_the_bylaw_key_scores_all_but_the_quotes_it_labels_one_level_too_high() -> None:
    res = score_key(ZOO / (BYLAW + ".key.json"))
    # missed: four quotes from subsection (1) that the key labels as the section ("s 2" for 2(1)), and the
    # key's 'definition of "building"' where pincite's statute readers write 's. 1 "building" (a)(ii)'
    assert res.right >= 16 and res.kept_out == res.non_citable == 3
    assert res.resolved == res.references


MODERN_ACT = b"""<?xml version="1.0" encoding="UTF-8"?>
<akomaNtoso xmlns="http://docs.oasis-open.org/legaldocml/ns/akn/3.0"><act name="act">
<meta><identification source="#x">
  <FRBRWork><FRBRthis value="/akn/za/act/2009/7/!main"/><FRBRuri value="/akn/za/act/2009/7"/>
    <FRBRalias value="Example Act, 2009" name="title"/><FRBRdate date="2009-03-01" name="Generation"/>
    <FRBRcountry value="za"/></FRBRWork>
  <FRBRExpression><FRBRthis value="/akn/za/act/2009/7/eng@2012-01-01/!main"/>
    <FRBRuri value="/akn/za/act/2009/7/eng@2012-01-01"/><FRBRdate date="2012-01-01" name="Generation"/>
  </FRBRExpression></identification>
<lifecycle source="#x"><eventRef eId="e1" date="2009-04-01" type="generation" source="#o"/>
  <eventRef eId="e2" date="2012-01-01" type="amendment" source="#a"/></lifecycle>
<temporalData source="#x"><temporalGroup eId="p1"><timeInterval start="#e1" refersTo="#f"/></temporalGroup>
  <temporalGroup eId="p2"><timeInterval start="#e1" end="#e2" refersTo="#f"/></temporalGroup></temporalData>
</meta>
<preface><longTitle><p>To provide for examples.</p></longTitle></preface>
<preamble><p>WHEREAS examples are needed;</p></preamble>
<body><part eId="part_1"><num>1</num><heading>Preliminary</heading>
  <section eId="sec_1" period="#p1"><num>1.</num><heading>Definitions</heading>
    <subsection eId="sec_1__subsec_1"><num>(1)</num><content><p>In this Act the rules apply.</p></content>
    </subsection>
    <subsection eId="sec_1__subsec_2" period="#p2"><num>(2)</num><intro><p>A person may:</p></intro>
      <paragraph eId="p_a"><num>(a)</num><content><p>walk; or</p></content></paragraph>
      <paragraph eId="p_b"><num>(b)</num><content><p>run,</p></content></paragraph>
      <wrapUp><p>on any road.</p></wrapUp></subsection></section>
  <section eId="sec_2"><num>2.</num><heading>Offences</heading>
    <content><p>Whoever breaks this Act commits an offence.<remark status="editorial">[s. 2 substituted
    by s. 4 of Act 3 of 2012]</remark></p></content></section>
</part></body>
<attachments><attachment eId="att_1"><heading>Schedule 2</heading><doc name="schedule"><meta/>
  <mainBody><paragraph eId="para_1"><num>1.</num><content><p>The first item.</p></content></paragraph>
  </mainBody>
</doc></attachment></attachments>
</act></akomaNtoso>"""


def test_a_modern_akn_act_gives_periods_attachments_and_editorial_remarks_their_places() -> None:
    doc = parse_bytes(MODERN_ACT, "act.xml")
    assert doc.kind is DocumentKind.STATUTE and doc.work == "akn/za/act/2009/7" and doc.date == "2012-01-01"
    s1_2 = _unit(doc, "s. 1(2)")
    assert (s1_2.in_force_from, s1_2.in_force_to) == ("2009-04-01", "2012-01-01")
    assert (_unit(doc, "s. 1(1)").in_force_from, _unit(doc, "s. 1(1)").in_force_to) == ("2009-04-01", None)
    assert doc.text[s1_2.char_start:s1_2.char_end].endswith("on any road.")
    assert _words(doc, "s. 2") == "2. Offences\nWhoever breaks this Act commits an offence."
    assert _citable_over(doc, "[s. 2 substituted") == []
    assert _words(doc, "Schedule 2, para. 1") == "1. The first item."
    assert _citable_over(doc, "WHEREAS examples") == []
    assert _citable_over(doc, "To provide for examples") == []


BODY_SCHEDULE = b"""<akomaNtoso xmlns="http://docs.oasis-open.org/legaldocml/ns/akn/3.0">
<act name="act"><meta/>
<body><section eId="sec_1"><num>Section 1</num><heading>Short title</heading>
  <content><p>This is the Act.<eol/>It binds.</p></content></section>
<section eId="sec_2"><num>2.</num><heading>Definitions</heading><content><p>In this Act:</p></content>
  <paragraph eId="d1"><content><p>"<def refersTo="#t">body</def>" means:</p></content>
    <paragraph eId="d1a"><num>(a)</num><content><p>a council; or</p></content></paragraph>
    <paragraph eId="d1b"><num>(b)</num><content><p>a board.</p></content></paragraph></paragraph></section>
<hcontainer eId="sched_1" name="schedule"><heading>Schedule 1 \xe2\x80\x94 Forms</heading>
  <paragraph eId="sp1"><num>1.</num><content><p>Form A.</p></content></paragraph></hcontainer>
</body></act></akomaNtoso>"""


def test_a_schedule_in_the_body_and_a_number_printed_with_its_word_are_read_as_cited() -> None:
    doc = parse_bytes(BODY_SCHEDULE, "body-schedule.xml")
    assert _words(doc, "s. 1") == "Section 1 Short title\nThis is the Act. It binds."  # not "s. Section 1"
    assert _words(doc, 's. 2 "body" (b)') == "(b) a board."
    assert _unit(doc, "Schedule 1").zone is Zone.SCHEDULE
    assert _words(doc, "Schedule 1") == "Schedule 1 Forms\n1. Form A."
    assert _words(doc, "Schedule 1, para. 1") == "1. Form A."


@pytest.mark.parametrize("body, reason", [
    (b"<act><meta/></act>", "has no <body>"),
    (b"<act><body><section><content><p>No number.</p></content></section></body></act>", "no numbered"),
])
def test_an_akn_act_with_nothing_to_cite_is_refused_by_name(body: bytes, reason: str) -> None:
    data = b'<akomaNtoso xmlns="http://docs.oasis-open.org/legaldocml/ns/akn/3.0">' + body + b"</akomaNtoso>"
    with pytest.raises(ParseError) as e:
        parse_bytes(data, "empty-act.xml")
    assert reason in str(e.value) and "empty-act.xml" in str(e.value)


# -- the US Code in USLM 1.0 ---------------------------------------------------------------------------------

def test_a_us_code_title_in_the_house_namespace_is_read_as_uslm() -> None:
    path = ZOO / (USC + ".xml")
    assert sniff_format(path.read_bytes(), str(path)) is Format.USLM
    doc = _doc(USC)
    assert doc.format is Format.USLM and doc.kind is DocumentKind.STATUTE
    assert _words(doc, "sec. 112b(e)(2)(B)(ii)").startswith("(ii) A bilateral agreement with a country")
    assert doc.title == "United States Code, Title 1, GENERAL PROVISIONS" and doc.citation == "1 U.S.C."
    assert doc.work == "us/usc/t1" and doc.version and doc.version["amended_through"] == "Pub. L. 114-329"
    assert doc.date == "2016-04-27" and not doc.warnings
    assert _unit(doc, "sec. 106a").citable


def test_the_codes_notes_quoting_other_laws_never_become_its_sections() -> None:
    doc = _doc(USC)
    assert _citable_over(doc, "SEC. 2. APPROPRIATION MEASURE DEFINED.") == []
    assert _citable_over(doc, "So in original. The comma probably should be a semicolon.") == []
    res = score_key(ZOO / (USC + ".key.json"))
    assert res.right == res.units and res.kept_out == res.non_citable


def test_items_run_into_a_paragraphs_text_are_its_subparagraphs_as_the_code_cites_them() -> None:
    doc = _doc(USC)
    # "... because (A) as of ..., (B) the agreements do not create ..., or (C) in view of ..." — the section's
    # own subsection (c) speaks of "paragraph (2)(D)"
    c = _words(doc, "sec. 112a(b)(2)(C)")
    assert c.startswith("(C) in view of the limited or specialized nature") and not c.endswith((",", " or"))
    assert _unit(doc, "sec. 112a(b)(2)(D)").parent == _unit(doc, "sec. 112a(b)(2)").ordinal
    # a list of references is no list of items
    data = (b'<uscDoc xmlns="http://xml.house.gov/schemas/uslm/1.0"><main>'
            b'<section identifier="/us/usc/t9/s1">'
            b'<num value="1">\xc2\xa7 1.</num><heading>X</heading><subsection identifier="/us/usc/t9/s1/a">'
            b'<num value="a">(a)</num><paragraph identifier="/us/usc/t9/s1/a/1"><num value="1">(1)</num>'
            b"<content>as provided in (A) or (B) or (C) of this section and the rest of the words here."
            b"</content></paragraph></subsection></section></main></uscDoc>")
    ref = parse_bytes(data, "t9.xml")
    assert [u.label for u in ref.units if u.citable] == ["sec. 1", "sec. 1(a)", "sec. 1(a)(1)"]


# -- a code's own XML: the D.C. Code -------------------------------------------------------------------------

def test_the_dc_councils_xml_is_sniffed_and_cited_by_its_printed_numbers() -> None:
    path = ZOO / (DC + ".xml")
    assert sniff_format(path.read_bytes(), str(path)) is Format.LEGISLATION_XML
    doc = _doc(DC)
    assert doc.kind is DocumentKind.STATUTE and doc.citation == "D.C. Code § 38-2803"
    assert _words(doc, "§ 38-2803(b)(1A)") == "(1A) Repealed."
    assert _unit(doc, "§ 38-2803(b)(2A)(E)(vi)").kind is UnitKind.CLAUSE
    assert _words(doc, "§ 38-2803(a)(1)").startswith("(1) Beginning on December 15, 2012")
    assert _words(doc, "§ 38-2803(a)").startswith("(a) (1) Beginning")


def test_the_dc_annotations_are_notes_after_the_section() -> None:
    doc = _doc(DC)
    section = _unit(doc, "§ 38-2803")
    notes = [u for u in doc.units if u.zone is Zone.NOTE]
    assert notes and all(not u.citable and u.char_start >= section.char_end for u in notes)
    assert _citable_over(doc, "Section 4112 of D.C. Law 18-223 provided:") == []
    res = score_key(ZOO / (DC + ".key.json"))
    assert res.right == res.units and res.kept_out == res.non_citable


def test_a_code_section_without_provisions_or_with_entities_is_refused() -> None:
    with pytest.raises(ParseError) as e:
        parse_bytes(b'<section xmlns="https://code.dccouncil.us/schemas/dc-library"><heading>x</heading>'
                    b"<num></num></section>", "s.xml", Format.LEGISLATION_XML)
    assert "s.xml" in str(e.value) and "no numbered section" in str(e.value)
    bomb = (b'<?xml version="1.0"?><!DOCTYPE s [<!ENTITY a "aaaa">]><section><num>1-1</num>'
            b"<text>&a;</text></section>")
    with pytest.raises(ParseError) as e:
        parse_bytes(bomb, "bomb.xml", Format.LEGISLATION_XML)
    assert "bomb.xml" in str(e.value)


# -- New York's LBDC law-feed text ---------------------------------------------------------------------------

def test_the_ny_feed_text_is_a_statute_whose_sections_start_at_section_one() -> None:
    doc = _doc(NY)
    assert doc.format is Format.TEXT and doc.kind is DocumentKind.STATUTE
    assert doc.title == "EMERGENCY TENANT PROTECTION ACT OF NINETEEN SEVENTY-FOUR"
    sections = [u.label for u in doc.units if u.kind is UnitKind.SECTION]
    assert sections == ["§ 1", "§ 2", "§ 3", "§ 4", "§ 5", "§ 5-a"]
    # the enacting chapter's "õ 4." and the contents before "Section 1." are front matter
    assert _citable_over(doc, "The emergency tenant protection act of nineteen hundred") == []
    assert _citable_over(doc, "Application for adjustment of initial legal regulated") == []
    assert _words(doc, "§ 4").startswith("* õ 4. Establishment of rent guidelines boards")


def test_the_two_numbering_schemes_of_the_ny_act_nest_as_the_sections_use_them() -> None:
    doc = _doc(NY)
    # subdivision a. runs on after the heading
    assert _words(doc, "§ 3(a)").startswith("a. The\nexistence of public emergency")
    assert _words(doc, "§ 5(a)(4)(b)").startswith("(b) for purposes of this paragraph four")
    assert _words(doc, "§ 5-a(a)(2)").startswith("2. Deregulation income threshold")
    assert _words(doc, "§ 5-a(c)(3)").startswith("3. In the event the tenant")
    assert _words(doc, "§ 5(a)(14)(ii)").startswith("(ii) This paragraph shall not apply")  # run on, in turn
    # run-in enumerations are not units: § 4(b)'s "(1) the economic condition ... (2) relevant data"
    assert not any(u.label and u.label.startswith("§ 4(b)(") for u in doc.units)
    assert "The standards for rent adjustments" in _words(doc, "§ 4(b)")  # an unnumbered paragraph


def test_the_feeds_record_lines_and_expiry_notes_are_not_citable() -> None:
    doc = _doc(NY)
    assert _citable_over(doc, "..SO DOC ETP5-A") == []
    at = [i for i in range(len(doc.text)) if doc.text.startswith("* NB Expires", i)]
    assert len(at) == 7 and all(not any(u.citable and u.char_start <= i < u.char_end for u in doc.units)
                                for i in at)
    res = score_key(ZOO / (NY + ".key.json"))
    assert res.right >= 23 and res.kept_out == res.non_citable


def test_a_contract_numbering_its_sections_section_1_stays_a_contract() -> None:
    text = ("SERVICES AGREEMENT\n\nThis Agreement is made between Acme Ltd (the Supplier) and Beta LLC (the "
            "Customer).\n\n" + "".join(f"Section {n}. Heading {n}. The Supplier shall do thing {n}.\n\n"
                                      for n in range(1, 6)) + "IN WITNESS WHEREOF the parties have signed.\n")
    doc = parse_bytes(text.encode(), "agreement.txt")
    assert doc.kind is not DocumentKind.STATUTE
    assert not any((u.label or "").startswith("§") for u in doc.units)


def test_a_plain_text_code_with_section_signs_is_read_as_one() -> None:
    text = ("§ 1. Name. This chapter is the Example Code.\n\n§ 2. Duties.\n(a) A person shall:\n"
            "(1) act; and\n(2) report.\n(b) Nobody may refuse.\n\n§ 2A. Inserted. Added later.\n\n"
            "§ 3. Penalty. One dollar.\n")
    doc = parse_bytes(text.encode(), "code.txt")
    assert doc.kind is DocumentKind.STATUTE
    assert _words(doc, "§ 2(a)(2)") == "(2) report."
    assert _words(doc, "§ 2(b)") == "(b) Nobody may refuse."
    assert _words(doc, "§ 2A") == "§ 2A. Inserted. Added later."
