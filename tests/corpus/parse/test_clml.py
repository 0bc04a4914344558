"""legislation.gov.uk CLML: a UK Act, a UK SI and an EU regulation from the zoo, and CLML built here."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from pincite.errors import ParseError
from pincite.evaluation.zoo import deepest, find_quote
from pincite.parse import parse_bytes, sniff_format
from pincite.types import DocumentKind, Format, ParsedDocument, Unit, Zone

ACT = "statute_uk_clml_xml/ukpga_2021_5_ministerial_and_other_maternity_allowances_act.xml"
SI = "regulation_uk_si_clml_xml/uksi_2006_3313_oil_taxation_market_value_regulations.xml"
EU = "regulation_eu_clml_xml/eu_reg_2014_319_easa_fees.xml"


def parse_zoo(shared: Path, name: str) -> ParsedDocument:
    path = shared / "zoo" / name
    return parse_bytes(path.read_bytes(), str(path))


def unit_at(doc: ParsedDocument, quote: str, citable: bool | None = True) -> Unit | None:
    """The deepest unit (citable, by default) holding the words, as a citation of them would name it."""
    hits = find_quote(doc.text, quote)
    assert hits, f"not in the text: {quote!r}"
    return deepest(doc.units, *hits[0], citable=citable)


def label_of(doc: ParsedDocument, quote: str) -> str | None:
    u = unit_at(doc, quote)
    return u.label if u else None


def kept_out(doc: ParsedDocument, quote: str) -> bool:
    """No citable unit holds any of the words."""
    return all(not (u.citable and u.char_start < e and s < u.char_end)
               for s, e in find_quote(doc.text, quote) for u in doc.units)


def assert_sound(doc: ParsedDocument) -> None:
    for u in doc.units:
        if u.parent is not None:
            p = doc.units[u.parent]
            assert p.char_start <= u.char_start <= u.char_end <= p.char_end
        if u.citable:
            assert u.label, u
            assert not doc.text[u.char_start:u.char_end][:1].isspace(), u.label
            for n in doc.units:  # no note, footnote or signature inside a citable unit
                if n.zone in (Zone.NOTE, Zone.SIGNATURES):
                    assert n.char_end <= u.char_start or n.char_start >= u.char_end, (u.label, n.attrs)
    keys = [u.attrs.get("key") for u in doc.units]
    assert all(keys) and len(keys) == len(set(keys))


@pytest.mark.shared
def test_act_sections_subsections_and_paragraphs(shared: Path) -> None:
    doc = parse_zoo(shared, ACT)
    assert_sound(doc)
    assert doc.format is Format.CLML and doc.kind is DocumentKind.STATUTE
    assert doc.title == "Ministerial and other Maternity Allowances Act 2021"
    assert (doc.citation, doc.work, doc.date) == ("2021 c. 5", "uk/ukpga/2021/5", "2021-03-01")
    assert doc.meta["document_type"] == "act"
    assert label_of(doc, "but remains a member of Her Majesty’s Government") == "s. 1(2)(b)"
    assert label_of(doc, "This is subject to subsections (2) to (4).") == "s. 2(1)"  # words after (a), (b)
    assert label_of(doc, "This Act extends to England and Wales, Scotland and Northern Ireland.") == "s. 7(1)"
    # the brackets the XML leaves to the stylesheet are printed; a section and its (1) share a line
    assert "\n1 (1) A mother or expectant mother designated" in doc.text
    s1 = next(u for u in doc.units if u.label == "s. 1")
    assert (s1.number, doc.units[s1.ordinal + 1].number) == ("1", "(1)")
    for words in ("An Act to make provision for payments to or in respect of Ministers",
                  "by and with the advice and consent of the Lords Spiritual and Temporal",
                  "Opposition maternity allowances",  # cross-heading (and its line in the contents)
                  "Ministerial leave: amount and payment of allowance"):  # section title
        assert kept_out(doc, words), words
    title = unit_at(doc, "Payment of maternity allowance: Opposition office", citable=None)
    assert title is not None and not title.citable


@pytest.mark.shared
def test_si_regulations_notes_and_signature(shared: Path) -> None:
    doc = parse_zoo(shared, SI)
    assert_sound(doc)
    assert (doc.citation, doc.work, doc.date) == ("S.I. 2006/3313", "uk/uksi/2006/3313", "2006-12-13")
    assert doc.meta["document_type"] == "regulation" and doc.kind is DocumentKind.STATUTE
    assert label_of(doc, "as the assessment of the spread against forward dated Brent") == "reg. 4(4)(b)(iii)"
    assert label_of(doc, "held by a participator and not delivered at the end of a") == "reg. 5(b)"
    assert label_of(doc, "“barrel” means a volume of 0.158987 cubic metres") == "reg. 8(3)"  # a definition
    assert label_of(doc, "references to the notional delivery day in regulation 17 are to be construed") == \
        "reg. 24(1)"  # closing words after the last sub-paragraph
    assert label_of(doc, "Ascertain which crude oils are normally used as marker crudes") == "reg. 20"
    assert "\n24. (1) If a participator’s contracts" in doc.text  # an SI's regulation number ends with "."
    for words in ("A draft of these Regulations was laid before the House of Commons",
                  "Two of the Commissioners for Her Majesty’s Revenue and Customs",
                  "EXPLANATORY NOTE", "Regulation 24 prescribes an alternative method",
                  "Section 21(2) is cited because of the definition of “the Board”."):
        assert kept_out(doc, words), words
    # the explanatory note repeats reg. 24(1)(a) word for word: that copy is a note, not a unit
    copies = find_quote(doc.text, "by reference to the date of the bill of lading")
    assert len(copies) == 2
    zones = {deepest(doc.units, s, e, citable=None).zone for s, e in copies}
    assert zones == {Zone.BODY, Zone.NOTE}
    sig = [u for u in doc.units if u.zone is Zone.SIGNATURES]
    assert len(sig) == 1 and "Paul Gray" in doc.text[sig[0].char_start:sig[0].char_end]
    footnotes = [u for u in doc.units if u.attrs.get("note_type") == "footnote"]
    assert len(footnotes) == 11 and footnotes[0].label == "footnote 1"
    assert doc.text[footnotes[0].char_start:].startswith("1 1975 c. 22.")


@pytest.mark.shared
def test_eu_recitals_articles_annex(shared: Path) -> None:
    doc = parse_zoo(shared, EU)
    assert_sound(doc)
    assert doc.citation == "Regulation (EU) No 319/2014"
    assert (doc.work, doc.date, doc.meta["document_type"]) == ("uk/eur/2014/319", "2014-03-27", "regulation")
    # recitals are citable, by their printed number
    assert label_of(doc, "Fees and charges provided for in this Regulation should be set") == "recital (3)"
    assert label_of(doc, "‘fees’ means the amounts levied by the Agency") == "Article 2(a)"  # NumberOverride
    assert label_of(doc, "a variable fee.") == "Article 7(2)(b)"
    assert label_of(doc, "the fees and charges levied by the Agency shall be kept in a separate account") == \
        "Article 16(1), second subparagraph (a)"
    assert label_of(doc, "Where necessary, this Regulation may be revised at the latest five years") == \
        "Article 17(2), second subparagraph"
    assert label_of(doc, "Regulation (EC) No 593/2007 is repealed.") == "Article 18"
    assert label_of(doc, "Type Certificates and Restricted Type Certificates (referred to in subpart B") == \
        "Annex, Part I, Table 1"
    assert label_of(doc, "In Tables 7, 9 and 10 of Part I, the number of staff taken into account") == \
        "Annex, note (9)"
    assert "\nArticle 3\nDetermination of fees and charges\n1. The fees and charges" in doc.text
    for words in ("Having regard to the Treaty on the Functioning of the European Union",
                  "HAS ADOPTED THIS REGULATION:", "Done at Brussels, 27 March 2014.",
                  "OJ L 79, 19.3.2008, p. 1"):
        assert kept_out(doc, words), words


def _clml(body: str, meta: str = "", root_attrs: str = "") -> bytes:
    return f"""<?xml version="1.0" encoding="UTF-8"?>
<Legislation xmlns="http://www.legislation.gov.uk/namespaces/legislation"
  xmlns:ukm="http://www.legislation.gov.uk/namespaces/metadata" xmlns:dc="http://purl.org/dc/elements/1.1/"
  xmlns:dct="http://purl.org/dc/terms/" {root_attrs}>
 <ukm:Metadata><dc:identifier>http://www.legislation.gov.uk/ukpga/2030/7/2031-04-01</dc:identifier>{meta}
  <ukm:PrimaryMetadata><ukm:DocumentClassification><ukm:DocumentCategory Value="primary"/>
  <ukm:DocumentMainType Value="UnitedKingdomPublicGeneralAct"/></ukm:DocumentClassification>
  <ukm:Year Value="2030"/><ukm:Number Value="7"/><ukm:EnactmentDate Date="2030-02-01"/></ukm:PrimaryMetadata>
 </ukm:Metadata>
 {body}
</Legislation>""".encode()


_REVISED = _clml("""<Primary><PrimaryPrelims><Title>Harbours (Example) Act 2030</Title>
  <LongTitle>An Act about harbours.</LongTitle></PrimaryPrelims>
 <Body>
  <Part id="part-1"><Number>Part 1</Number><Title>Harbours</Title>
   <P1group RestrictStartDate="2030-06-01"><Title>Dues</Title>
    <P1 id="section-1"><Pnumber>1</Pnumber><P1para>
     <P2 id="section-1-1"><Pnumber>1</Pnumber><P2para><Text>In this Act—</Text>
      <UnorderedList Class="Definition" Decoration="none"><ListItem><Para>
       <Text>“<Term>vessel</Term>” means—</Text>
       </Para><OrderedList Type="alpha" Decoration="parens"><ListItem NumberOverride="a"><Para>
        <Text>a ship, or</Text></Para></ListItem><ListItem NumberOverride="b"><Para><Text>a hovercraft.</Text>
       </Para></ListItem></OrderedList></ListItem></UnorderedList></P2para></P2>
     <P2 id="section-1-2"><Pnumber PuncBefore="[" PuncAfter="]">2</Pnumber><P2para>
      <Text>Dues are payable<CommentaryRef Ref="c1"/> by the master.<FootnoteRef Ref="f1"/></Text>
     </P2para></P2>
    </P1para></P1></P1group>
   <P1group RestrictStartDate="2030-06-01" RestrictEndDate="2031-01-01" Status="Repealed">
    <Title>Old dues</Title>
    <P1 id="section-2"><Pnumber>2</Pnumber><P1para><Text>Old dues are abolished.</Text></P1para></P1>
   </P1group>
  </Part>
 </Body>
 <Schedules><Schedule id="schedule-1"><Number>SCHEDULE 1</Number><TitleBlock><Title>Rates</Title></TitleBlock>
  <ScheduleBody><P1group><Title>Rates</Title><P1 id="schedule-1-paragraph-3"><Pnumber>3</Pnumber><P1para>
   <P2><Pnumber>2</Pnumber><P2para><Text>The rate is set by the harbour authority.</Text></P2para></P2>
  </P1para></P1></P1group></ScheduleBody></Schedule></Schedules>
</Primary>
<Footnotes><Footnote id="f1"><FootnoteText><Para><Text>A footnote's words.</Text></Para></FootnoteText>
</Footnote>
</Footnotes>
<Commentaries><Commentary id="c1" Type="F"><Para><Text>Words substituted by an amending Act.</Text></Para>
</Commentary></Commentaries>""", root_attrs='RestrictStartDate="2031-04-01"')


def test_hand_written_revised_act() -> None:
    assert sniff_format(_REVISED, "x.xml") is Format.CLML
    doc = parse_bytes(_REVISED, "harbours.xml")
    assert_sound(doc)
    assert (doc.citation, doc.work, doc.date) == ("2030 c. 7", "uk/ukpga/2030/7", "2031-04-01")
    assert doc.version and doc.version["label"].startswith("revised")
    assert doc.meta["enacted"] == "2030-02-01"
    assert label_of(doc, "a hovercraft.") == 's. 1(1) "vessel" (b)'
    assert label_of(doc, "means—") == "s. 1(1)"  # the definition is words of its subsection, not a unit
    s12 = unit_at(doc, "Dues are payable by the master.")  # marks left out of the words
    assert s12 is not None and (s12.label, s12.number) == ("s. 1(2)", "[2]")  # explicit punctuation wins
    assert "\n[2] Dues are payable by the master." in doc.text
    assert s12.in_force_from == "2030-06-01" and s12.in_force_to is None
    s2 = unit_at(doc, "Old dues are abolished.")
    assert s2 is not None and s2.label == "s. 2"
    assert (s2.in_force_from, s2.in_force_to) == ("2030-06-01", "2031-01-01")
    assert s2.attrs["status"] == "Repealed"
    assert label_of(doc, "The rate is set by the harbour authority.") == "Sch. 1, para. 3(2)"
    sch = next(u for u in doc.units if u.label == "Sch. 1")
    assert sch.zone is Zone.SCHEDULE and sch.citable
    for words in ("Harbours (Example) Act 2030", "An Act about harbours.", "Part 1\nHarbours",
                  "A footnote's words.", "Words substituted by an amending Act."):
        assert kept_out(doc, words), words
    s1 = next(u for u in doc.units if u.label == "s. 1")
    title = doc.units[s1.ordinal - 1]  # the section's title: a heading just before it, outside it
    assert doc.text[title.char_start:title.char_end] == "Dues" and not title.citable
    assert title.char_end <= s1.char_start
    notes = {u.number: u for u in doc.units if u.zone is Zone.NOTE}
    assert set(notes) == {"1", "F1"}
    assert doc.text[notes["F1"].char_start:notes["F1"].char_end] == "F1 Words substituted by an amending Act."


def test_not_legislation_is_refused() -> None:
    meta_only = _clml("")
    with pytest.raises(ParseError, match="no legislation"):
        parse_bytes(meta_only, "metadata.xml")
    with pytest.raises(ParseError, match="not a legislation.gov.uk"):
        parse_bytes(b"<Statute><Body/></Statute>", "other.xml", Format.CLML)
    bomb = (b'<?xml version="1.0"?><!DOCTYPE Legislation [<!ENTITY a "aaaa">]>'
            b'<Legislation xmlns="http://www.legislation.gov.uk/namespaces/legislation">&a;</Legislation>')
    with pytest.raises(ParseError):
        parse_bytes(bomb, "bomb.xml")


@pytest.mark.shared
def test_folder_ingest_picks_up_clml(shared: Path, tmp_path: Path) -> None:
    from pincite.ingest import ingest_paths
    from pincite.store.sqlite import SQLiteStore

    folder = tmp_path / "legislation"
    folder.mkdir()
    for name in (ACT, SI, EU):
        shutil.copy(shared / "zoo" / name, folder / Path(name).name)
    with SQLiteStore(tmp_path / "s.db") as s:
        report = ingest_paths(s, [folder])
        assert [r.status for r in report.results] == ["added"] * 3, [r.error for r in report.results]
        docs = s.list_documents()
        citations = sorted(d.citation or "" for d in docs)
        assert citations == ["2021 c. 5", "Regulation (EU) No 319/2014", "S.I. 2006/3313"]
        assert {d.format for d in docs} == {Format.CLML}


@pytest.mark.parametrize(("xml", "secondary", "printed"), [
    ("<P1><Pnumber>1</Pnumber></P1>", False, "1"),  # an Act's section: bare
    ("<P1><Pnumber>1</Pnumber></P1>", True, "1."),  # an SI's regulation: with a period
    ("<P2><Pnumber>2A</Pnumber></P2>", False, "(2A)"),
    ("<P3><Pnumber>b</Pnumber></P3>", True, "(b)"),
    ("<P4><Pnumber>iii</Pnumber></P4>", False, "(iii)"),
    ("<P2><Pnumber PuncBefore=\"\" PuncAfter=\".\">1</Pnumber></P2>", False, "1."),  # an EU paragraph
    ("<P1><Pnumber>Article 7</Pnumber></P1>", False, "Article 7"),
    ("<P3><Pnumber>(c)</Pnumber></P3>", False, "(c)"),  # brackets already there: left alone
])
def test_printed_numbers(xml: str, secondary: bool, printed: str) -> None:
    from lxml import etree

    from pincite.parse.clml import bare_number, printed_number

    el = etree.fromstring(xml)
    got = printed_number(el.find("Pnumber"), secondary)
    assert got == printed
    assert bare_number(got) in ("1", "2A", "b", "iii", "7", "c")


@pytest.mark.parametrize(("number", "label"), [
    ("SCHEDULE 2", "Sch. 2"), ("Schedule", "Sch."), ("SECOND SCHEDULE", "Sch. 2"), ("ANNEX IV", "Annex IV"),
    ("ANNEX", "Annex"), ("ANEXO — ANNEX — ANNEXE", "Annex"),
])
def test_schedule_labels(number: str, label: str) -> None:
    from pincite.parse.clml import _schedule_label

    assert _schedule_label(number, 1) == label


def test_characters_print_as_spaces_and_a_schedule_table_row_quotes_across_its_cells() -> None:
    """``<Character Name="NonBreakingSpace"/>`` is a space the page prints ("section 33(2)", "30th June"): left
    out, the words ran together ("section33(2)") and no quote typed from the page matched.  A schedule's table
    row is one line with its cells a tab apart, so a quote that runs from one cell into the next matches."""
    from pincite.answer.verify import locate_quote

    xhtml = "http://www.w3.org/1999/xhtml"
    doc = parse_bytes(_clml(f"""<Primary><PrimaryPrelims><Title>Harbours (Example) Act 2030</Title></PrimaryPrelims>
 <Body><P1group><Title>Commencement</Title><P1 id="section-1"><Pnumber>1</Pnumber><P1para>
  <Text>The provisions specified in column<Character Name="NonBreakingSpace"/>1 of the Schedule come into force
  on 30th<Character Name="NonBreakingSpace"/>June 2031, subject to section<Character Name="NonBreakingSpace"/>33(2);
  the rate is <Character Name="Minus"/>2 per cent.</Text></P1para></P1></P1group></Body>
 <Schedules><Schedule id="schedule"><Number>SCHEDULE</Number><TitleBlock><Title>Provisions</Title></TitleBlock>
  <ScheduleBody><Tabular><table xmlns="{xhtml}"><tbody>
   <tr><th>Provision</th><th>Subject matter</th></tr>
   <tr><td>Section 23</td><td>Stop notices and temporary stop notices</td></tr>
  </tbody></table></Tabular></ScheduleBody></Schedule></Schedules></Primary>"""), "harbours.xml")
    one = next(u for u in doc.units if u.label == "s. 1")
    words = doc.text[one.char_start:one.char_end]
    assert "column 1 of the Schedule" in words and "30th June 2031" in words and "section 33(2)" in words
    assert "\u22122 per cent" in words
    sched = next(u for u in doc.units if u.citable and doc.text[u.char_start:u.char_end].find("Section 23") >= 0)
    row = doc.text[sched.char_start:sched.char_end]
    assert "Section 23\tStop notices" in row
    assert locate_quote(row, "Section 23 Stop notices and temporary stop notices") is not None


#: A section with a version for another extent, as legislation.gov.uk's point-in-time files print it: the England
#: and Wales text names its Scottish version by AltVersionRefs, which sits in <Versions> after the body (the
#: Transport Act 1985's section 6 is so printed); and a formula's image, another form of the same words.
_EXTENTS = _clml("""<Primary><PrimaryPrelims><Title>Buses (Example) Act 2030</Title></PrimaryPrelims>
 <Body>
  <P1group RestrictExtent="E+W" RestrictStartDate="2030-06-01" AltVersionRefs="v00014"><Title>Registration</Title>
   <P1 id="section-6"><Pnumber>6</Pnumber><P1para>
    <P2 id="section-6-1"><Pnumber>1</Pnumber><P2para><Text>A service shall be registered.</Text></P2para></P2>
    <P2 id="section-6-2"><Pnumber>2</Pnumber><P2para><Text>It shall run for at least 56 days.</Text></P2para></P2>
   </P1para></P1></P1group>
  <P1group><Title>Rates</Title><P1 id="section-7"><Pnumber>7</Pnumber><P1para>
   <Formula AltVersionRefs="v00001"><Text>R = A x B</Text></Formula></P1para></P1></P1group>
 </Body>
</Primary>
<Versions>
 <Version id="v00014" Description="S"><P1group RestrictExtent="S" RestrictStartDate="2005-07-24"><Title>Registration</Title>
  <P1 id="section-6"><Pnumber>6</Pnumber><P1para>
   <P2 id="section-6-1"><Pnumber>1</Pnumber><P2para><Text>A service shall be registered.</Text></P2para></P2>
   <P2 id="section-6-8A"><Pnumber>8A</Pnumber><P2para><Text>It shall run for at least 90 days.</Text></P2para></P2>
  </P1para></P1></P1group></Version>
 <Version id="v00001" Description="alternative image for formula" RestrictOutput="true" Class="graphic">
  <Figure><Image ResourceRef="r1"/></Figure></Version>
</Versions>""")


def test_a_version_for_another_extent_is_read_beside_the_provision_and_named_by_its_extent() -> None:
    from pincite.legal.language import extents_asked
    from pincite.parse.builder import duplicate_labels
    doc = parse_bytes(_EXTENTS, "buses.xml")
    assert_sound(doc)
    assert duplicate_labels(doc.units) == []
    scot = unit_at(doc, "It shall run for at least 90 days.")
    assert scot is not None and scot.label == "s. 6(8A) (Scotland)" and scot.attrs["extent"] == "S"
    assert scot.in_force_from == "2005-07-24"
    ew = unit_at(doc, "It shall run for at least 56 days.")
    assert ew is not None and ew.label == "s. 6(2)" and "extent" not in ew.attrs
    labels = [u.label for u in doc.units if u.label]
    assert "s. 6(1)" in labels and "s. 6(1) (Scotland)" in labels
    assert doc.text.count("R = A x B") == 1  # a formula's image is no second text
    assert extents_asked("In Scotland, as of 2007, how long must a service run?") == {"S"}
    assert extents_asked("How long must a service run?") == set()


@pytest.mark.shared
def test_a_draft_names_an_eu_articles_paragraph_and_an_annex_part_as_printed(shared: Path) -> None:
    """"Article 4(2)" is the paragraph "2." under Article 4 (the EU prints it so), not every paragraph 2 of the
    Regulation nor nothing; "Article 4" is not Article 3's paragraph 4; "Annex Part III" is the unit labelled
    "Annex, Part III" (a draft's pinpoint, as the checker reads it)."""
    from pincite.answer.citecheck import find_units
    doc = parse_zoo(shared, EU)
    assert [u.label for u in find_units(doc, "provision", "Article 4(2)")] == ["Article 4(2)"]
    assert "Article 3(4)" not in [u.label for u in find_units(doc, "provision", "Article 4")]
    assert "Article 4" in [u.label for u in find_units(doc, "provision", "Article 4")]
    for name in ("Annex Part III", "Annex, Part III"):
        assert [u.label for u in find_units(doc, "provision", name)] == ["Annex, Part III"]
    assert [u.label for u in find_units(doc, "provision", "Annex Part I Table 2")] == ["Annex, Part I, Table 2"]


@pytest.mark.shared
def test_a_draft_citing_an_eu_regulation_by_its_number_is_checked(shared: Path, tmp_path: Path) -> None:
    """"Article 4(2) of Regulation (EU) No 319/2014" names the stored Regulation by the number its title gives it
    (and "Commission Regulation …", "Regulation (EU) No 319/2014, Article 4(2)" alike); before, no EU act was read
    as a citation and such a draft was "not checked"."""
    import datetime

    from pincite.answer.citecheck import check_file
    from pincite.ingest import ingest_paths
    from pincite.legal.citations import find_citations
    from pincite.store.sqlite import SQLiteStore
    store = SQLiteStore(tmp_path / "s.db")
    ingest_paths(store, [shared / "zoo" / EU])
    words = "The applicant shall pay the amount due in full"
    draft = (f"Under Article 4(2) of Regulation (EU) No 319/2014, \u201c{words}\u201d. Commission Regulation (EU) No "
             f"319/2014, Article 4(3), also says \u201c{words}\u201d.")
    report = check_file(store, draft.encode(), "draft.md", datetime.date(2026, 1, 1))
    store.close()
    assert [(r.found.text, r.verdict.value) for r in report.results] == [
        ("Article 4(2) of Regulation (EU) No 319/2014", "ok"),
        ("Commission Regulation (EU) No 319/2014, Article 4(3)", "wrong-pinpoint")]
    assert [f.ref.name for f in find_citations("See Article 3 of Decision 2004/605/EC.")] == ["Decision 2004/605/EC"]
