"""Plain-text parsing and ``analyse_text`` on small fictional fixtures (no ../shared needed)."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from pincite.errors import ParseError
from pincite.parse import parse_bytes
from pincite.parse.builder import validate_units
from pincite.parse.text import analyse_text, parse
from pincite.types import DocumentKind, Format, UnitKind, Zone


def load(fixtures: Path, name: str):
    data = (fixtures / "text" / name).read_bytes()
    return data, parse(data, name)


def by_label(doc, label: str):
    found = [u for u in doc.units if u.label == label]
    assert len(found) == 1, f"{label}: {[u.label for u in doc.units]}"
    return found[0]


def unit_text(doc, u) -> str:
    return doc.text[u.char_start:u.char_end]


def assert_sound(doc) -> None:
    assert validate_units(doc.text, doc.units) == []
    assert [u.ordinal for u in doc.units] == list(range(len(doc.units)))
    starts = [u.char_start for u in doc.units]
    assert starts == sorted(starts)
    for u in doc.units:
        assert unit_text(doc, u) == unit_text(doc, u).strip(), u.label
        assert unit_text(doc, u), u.label


# label, number, parent label, first words, heading path (last element)
SHORT_CONTRACT = [
    ("Art. I", "ARTICLE I", None, "ARTICLE I\nDEFINITIONS", "ARTICLE I DEFINITIONS"),
    ("s. 1.01", "Section 1.01", "Art. I", 'Section 1.01 Widgets. "Widgets" means', "Section 1.01 Widgets"),
    ("s. 1.02", "Section 1.02", "Art. I", "Section 1.02 Price. The price of each Widget is $1.50", "Section 1.02 Price"),
    ("Art. II", "ARTICLE II", None, "ARTICLE II\nSUPPLY", "ARTICLE II SUPPLY"),
    ("s. 2.01", "Section 2.01", "Art. II", "Section 2.01 Orders.", "Section 2.01 Orders"),
    ("s. 2.01(a)", "(a)", "s. 2.01", "(a) the quantity;", "(a)"),
    ("s. 2.01(c)", "(c)", "s. 2.01", "(c) the delivery address.", "(c)"),
    ("s. 3.02", "Section 3.02", "Art. III", "Section 3.02 Termination. Either party", "Section 3.02 Termination"),
]


@pytest.mark.parametrize("label,number,parent,first,heading", SHORT_CONTRACT)
def test_short_contract_clauses(fixtures, label, number, parent, first, heading):
    _, doc = load(fixtures, "short_contract.txt")
    u = by_label(doc, label)
    assert u.number == number
    assert unit_text(doc, u).startswith(first)
    assert u.section_path[-1] == heading
    assert u.zone == Zone.BODY and u.citable
    if parent is None:
        assert u.parent is None
    else:
        assert doc.units[u.parent].label == parent


def test_short_contract_document(fixtures):
    data, doc = load(fixtures, "short_contract.txt")
    assert_sound(doc)
    assert doc.kind == DocumentKind.CONTRACT
    assert doc.format == Format.TEXT
    assert doc.title == "SUPPLY AGREEMENT"
    assert doc.date == "2021-03-03"
    assert doc.text == data.decode("utf-8")  # the file's text unchanged
    numbers = [u.number for u in doc.units if u.number]
    # the page number "5", its Source footer and the "1.50" that opens a line are not clauses
    assert "5" not in numbers and "1.50" not in numbers
    assert not any(unit_text(doc, u).startswith(("Source:", "5")) for u in doc.units)
    # (b) ends before the page furniture; (c) after it still belongs to 2.01
    b = by_label(doc, "s. 2.01(b)")
    assert unit_text(doc, b) == "(b) the delivery date; and"
    assert by_label(doc, "s. 2.01").section_path == ("ARTICLE II SUPPLY", "Section 2.01 Orders")


def test_short_contract_zones(fixtures):
    _, doc = load(fixtures, "short_contract.txt")
    zones = {u.zone for u in doc.units}
    assert {Zone.OTHER, Zone.BODY, Zone.SIGNATURES, Zone.SCHEDULE} <= zones
    sig = [u for u in doc.units if u.zone == Zone.SIGNATURES]
    assert unit_text(doc, sig[0]).startswith("IN WITNESS WHEREOF")
    assert all(not u.citable for u in sig)
    last_clause = by_label(doc, "s. 3.02")
    assert unit_text(doc, last_clause).endswith("60 days' notice.")  # the signature block is not in it
    sched = [u for u in doc.units if u.zone == Zone.SCHEDULE]
    assert unit_text(doc, sched[0]) == "SCHEDULE A"
    pre = [u for u in doc.units if u.zone == Zone.OTHER]
    assert any(unit_text(doc, u).startswith("WHEREAS, Supplier") for u in pre)


DETACHED = [
    ("cl. 1", "1.", "Definitions.", "1. Definitions"),
    ("cl. 2", "2.", "Services.", "2. Services"),
    ("cl. 2.1", "2.1", "Scope. Beta shall provide", "2.1 Scope"),
    ("cl. 2.2", "2.2", "Standard. Beta shall perform", "2.2 Standard"),
    ("cl. 3", "3.", "Fees.", "3. Fees"),
    ("cl. 3.1", "3.1", "Invoices. Acme shall pay", "3.1 Invoices"),
    ("cl. 3.1(a)", "(a)", "within 30 days; and", "(a)"),
    ("cl. 3.1(b)", "(b)", "in US dollars.", "(b)"),
]


@pytest.mark.parametrize("label,number,first,heading", DETACHED)
def test_detached_numbers_attach_to_their_paragraphs(fixtures, label, number, first, heading):
    _, doc = load(fixtures, "detached_numbers.txt")
    u = by_label(doc, label)
    assert u.number == number
    assert unit_text(doc, u).startswith(first)
    assert u.section_path[-1] == heading
    s, e = u.attrs["number_span"]
    assert doc.text[s:e] == number  # the number is the one printed, where it is printed


def test_detached_numbers_document(fixtures):
    _, doc = load(fixtures, "detached_numbers.txt")
    assert_sound(doc)
    assert doc.kind == DocumentKind.CONTRACT
    assert doc.date == "2019-06-01"
    # the preamble before clause 1 is not a clause, and the page number "1" never became clause 1
    pre = [u for u in doc.units if u.zone == Zone.OTHER]
    assert any(unit_text(doc, u).startswith("This Services Agreement") for u in pre)
    assert by_label(doc, "cl. 1").number == "1."
    # 2.2 ends before the page furniture and the next number column
    assert unit_text(doc, by_label(doc, "cl. 2.2")).endswith("reasonable care.")
    assert any("printed apart" in w for w in doc.warnings)


def test_plain_text_without_numbers_gets_paragraphs_by_order(fixtures):
    data, doc = load(fixtures, "plain_notes.txt")
    assert_sound(doc)
    assert doc.kind == DocumentKind.OTHER
    assert [u.label for u in doc.units] == ["¶1", "¶2", "¶3", "¶4"]
    assert all(u.kind == UnitKind.BLOCK and u.number is None for u in doc.units)
    assert unit_text(doc, doc.units[2]) == "Nobody objected to the proposal,\nwhich was carried."
    assert any("paragraph order" in w for w in doc.warnings)


def test_bracketed_paragraphs_read_as_judgment(fixtures):
    _, doc = load(fixtures, "judgment_brackets.txt")
    assert_sound(doc)
    assert doc.kind == DocumentKind.JUDGMENT
    # the caption above [1] is a cover, not citable; the paragraphs are the reasons
    assert [u.label for u in doc.units] == ["cover", "[1]", "[2]", "[3]"]
    cover, *paras = doc.units
    assert cover.zone == Zone.COVER and not cover.citable and unit_text(doc, cover).endswith("JUDGMENT")
    assert [u.number for u in paras] == ["1", "2", "3"]
    assert all(u.zone == Zone.REASONS and u.citable and u.author is None for u in paras)
    assert unit_text(doc, paras[1]) == "[2] The facts are not in dispute."


def test_latin1_file_decodes_with_a_warning(fixtures):
    data, doc = load(fixtures, "latin1_contract.txt")
    assert any("not UTF-8" in w and "decoded as" in w for w in doc.warnings)
    assert "présent" in doc.text and "Étoile" in doc.text
    assert doc.kind == DocumentKind.CONTRACT
    assert by_label(doc, "cl. 2").section_path == ("2. Durée",)


def test_crlf_is_kept_so_offsets_match_the_file(fixtures):
    data, doc = load(fixtures, "crlf_contract.txt")
    assert doc.text == data.decode("utf-8") and "\r\n" in doc.text
    u = by_label(doc, "cl. 2")
    assert data.decode("utf-8")[u.char_start:u.char_end] == "2. Rent. The rent is 100 a month."


def test_bom_is_dropped_and_said():
    doc = parse("\ufeffNOTE\n\n1. First. A.\n\n2. Second. B.\n\n3. Third. C.\n".encode("utf-8"), "bom.txt")
    assert not doc.text.startswith("\ufeff")
    assert any("byte-order mark" in w for w in doc.warnings)
    assert doc.text[doc.units[1].char_start:].startswith("1. First.")


@pytest.mark.parametrize("name,reason", [
    ("empty.txt", "empty"),
    ("whitespace_only.txt", "empty"),
    ("binary.bin.txt", "binary"),
])
def test_bad_input_is_a_clear_parse_error(fixtures, name, reason):
    data = (fixtures / "text" / name).read_bytes()
    with pytest.raises(ParseError) as e:
        parse(data, name)
    assert reason in e.value.reason
    if data:  # parse_bytes refuses them too (0 bytes is refused before any parser runs)
        with pytest.raises(ParseError):
            parse_bytes(data, name, Format.TEXT)


def test_control_character_garbage_is_refused():
    junk = bytes([1, 2, 3, 4, 5, 6, 7, 8, 14, 15, 16, 17]) * 50 + b"some text"
    with pytest.raises(ParseError, match="binary"):
        parse(junk, "junk.txt")


@pytest.mark.parametrize("text,number", [
    ("TERMS\n\n1. One. A.\n\n2. Two. B.\n\n3. Three. The fee is\n5. per cent.\n", None),  # "5." mid-flow
    ("TERMS\n\n1. One. A.\n\n2. Two. B.\n\n3. Three. C.\n\n17\n\n4. Four. D.\n", "17"),  # page number
])
def test_out_of_sequence_numbers_never_start_clauses(text, number):
    a = analyse_text(text, "t")
    numbers = [u.number for u in a.units if u.number]
    assert numbers[:3] == ["1.", "2.", "3."]
    assert "5." not in numbers and "17" not in numbers


def test_analyse_text_interface_for_other_parsers():
    text = "AGREEMENT dated as of May 8, 2014\n\n1. Scope. X.\n\n1.1 Detail. Y.\n\n2. Term. Z.\n"
    a = analyse_text(text, "pdf-text")
    assert a.kind == DocumentKind.CONTRACT
    assert a.date == "2014-05-08"
    assert [u.ordinal for u in a.units] == list(range(len(a.units)))
    one, one_one = (u for u in a.units if u.number in ("1.", "1.1"))
    assert one_one.parent == one.ordinal
    assert text[one.char_start:one.char_end] == "1. Scope. X.\n\n1.1 Detail. Y."
    assert validate_units(text, a.units) == []


def test_clauses_run_together_on_one_line_are_found(fixtures):
    """A text file whose paragraphs were flattened into long lines ("... three months' written notice. 4.
    Confidentiality 4.1 The Consultant...") still has its clauses: a number inside a line starts one after the
    end of a sentence, an all-capitals heading or a clause's title, and only as the next in sequence; a
    reference ("Schedule 2.01.", "Exhibit 4. In the event", "Section 2.02.") never does, and the table of
    contents stays out of the clauses (the body, numbered again, wins)."""
    _, doc = load(fixtures, "flattened_contract.txt")
    assert_sound(doc)
    numbered = [u.label for u in doc.units if not u.label.startswith(("Preamble", "Signatures"))]
    assert numbered == ["Art. I", "s. 1.01", "s. 1.02", "Art. II", "s. 2.01", "s. 2.02",
                        "cl. 3", "cl. 3.1", "cl. 3.2", "cl. 4", "cl. 4.1", "cl. 4.2"]
    assert unit_text(doc, by_label(doc, "s. 1.02")).startswith("Section 1.02 Interpretation. Headings")
    assert "Exhibit 4. In the event of conflict" in unit_text(doc, by_label(doc, "s. 1.02"))
    assert unit_text(doc, by_label(doc, "cl. 3.2")) == \
        "3.2 Either party may end the engagement on three months' written notice."
    assert by_label(doc, "cl. 4.2").parent == by_label(doc, "cl. 4").ordinal
    toc = doc.text.index("Section 1.01 Definitions 2")
    assert all(not (u.char_start <= toc < u.char_end) or u.label.startswith("Preamble") for u in doc.units)


def test_a_signature_block_signed_on_dashes_ends_the_body_and_exhibits_follow():
    """ "By: [SIG] ------" (an EDGAR filing's redacted signature) is a signature block like "By: /s/": the last
    clause ends before it, and the exhibit after it is a schedule, not part of that clause."""
    text = ("SPONSORSHIP AGREEMENT\n\n1. Term. One year.\n\n2. Fees. Ten dollars.\n\n3. Counterparts. This "
            "Agreement may be executed in counterparts.\n\nQUILL MEDIA INC.            TAMARIND STORES INC.\n\n"
            "By:    [SIG]   ----------------      By:    [SIG]   ----------------\n\n"
            "Name: A. Quill                     Name: T. Tamarind\n\nTitle: President             Title: CEO\n\n"
            "EXHIBIT A\n\nKEYWORDS\n\nvitamins herbs minerals\n")
    a = analyse_text(text, "t")
    three = next(u for u in a.units if u.label == "cl. 3")
    assert text[three.char_start:three.char_end] == "3. Counterparts. This Agreement may be executed in counterparts."
    zones = {u.zone for u in a.units if u.char_start >= text.index("QUILL MEDIA")}
    assert zones == {Zone.SIGNATURES, Zone.SCHEDULE}
    exhibit = next(u for u in a.units if u.zone is Zone.SCHEDULE)
    assert text[exhibit.char_start:].startswith("EXHIBIT A") and exhibit.citable


SIGNED = ("SPONSORSHIP AGREEMENT\n\n1. Term. One year.\n\n2. Benefits. The Club shall provide the Benefits.\n\n"
          "3. Counterparts. This Agreement may be signed in counterparts.\n\n"
          "IN WITNESS WHEREOF, the parties have signed this Agreement.\n\nHARBOUR FC LTD      KESTREL FOODS INC.\n\n"
          "By: /s/ J. Harbour      By: /s/ K. Kestrel\n\n")


@pytest.mark.parametrize("heading", [
    "EXHIBIT A   Sponsorship Benefits   The Club shall display the Sponsor's name on the scoreboard at every home "
    "match of the season and in the match programme.",
    "Schedule 1.1(b) - Assigned Domain Names kestrelfoods.example and kestrel.example, each registered to the "
    "Sponsor until the end of the Term.",
    'EXHIBIT "A" TO SPONSORSHIP AGREEMENT DATED 1 MAY 2020 BETWEEN HARBOUR FC LTD AND KESTREL FOODS INC.',
])
def test_an_exhibit_heading_run_into_its_first_paragraph_starts_the_schedules(heading):
    """EDGAR text often flattens an exhibit's heading and its first paragraph onto one line.  The exhibit is
    still an exhibit: citable, in the schedule zone, not a signature block."""
    text = SIGNED + heading + "\n\nThe Sponsor may use the Club's crest in its advertising.\n"
    a = analyse_text(text, "t")
    sched = [u for u in a.units if u.zone is Zone.SCHEDULE]
    assert sched and text[sched[0].char_start:].startswith(heading[:9]) and all(u.citable for u in sched)
    assert not any(u.zone is Zone.SIGNATURES and u.char_end > text.index(heading) for u in a.units)


@pytest.mark.parametrize("heading", [
    "15                                     EXHIBIT A",  # a page number on the left
    "MASTER DISTRIBUTOR SCHEDULE                        EXHIBIT B",  # its title on the left
    "LICENCE RESELLING SCHEDULE",
])
def test_an_exhibit_heading_set_right_of_a_page_number_or_title_starts_the_schedules(heading):
    text = SIGNED + heading + "\n\nThe Reseller may market the Kestrel applications and earns a commission.\n"
    a = analyse_text(text, "t")
    sched = [u for u in a.units if u.zone is Zone.SCHEDULE]
    assert sched and sched[0].char_start == text.index(heading) and all(u.citable for u in sched)


AMENDMENT = ("FIRST AMENDMENT TO SPONSORSHIP AGREEMENT\n\n"
             "This amendment to the Sponsorship Agreement between Harbour FC Ltd and Kestrel Foods Inc. now "
             "includes the following provision:\n\n"
             "The Club shall display the Sponsor's name on the scoreboard at every home match of the season, and the "
             "Sponsor shall pay the Club an additional fee of ten thousand pounds for each season in which it does so. "
             "All other terms of the agreement remain in force.\n\n"
             "HARBOUR FC LTD      KESTREL FOODS INC.\n\nBy: /s/ J. Harbour      By: /s/ K. Kestrel\n")


def test_an_instrument_attached_after_the_signatures_is_citable():
    """An amendment, a guarantee or an addendum filed after the signature page (no "EXHIBIT" heading) is an
    instrument of its own: from its title, through its lead-in, it is citable, not a signature block."""
    a = analyse_text(SIGNED + AMENDMENT, "t")
    sched = [u for u in a.units if u.zone is Zone.SCHEDULE]
    start = (SIGNED + AMENDMENT).index("FIRST AMENDMENT")
    assert sched and sched[0].char_start == start and all(u.citable for u in sched)
    assert all(u.char_end <= start for u in a.units if u.zone is Zone.SIGNATURES)


def test_a_signature_page_with_a_legend_stays_signature_blocks():
    """The attestation clause and a filing's legend are prose too, but not an instrument: a signature page made
    of them, party names and signatory lines stays in the signature zone."""
    page = ("Name: J. Harbour      Name: K. Kestrel\n\nTitle: Chairman      Title: Chief Executive\n\n"
            "*** Confidential treatment has been requested for portions of this exhibit. The omitted portions have "
            "been filed separately with the Securities and Exchange Commission, and each place where such "
            "portions have been omitted is marked with three asterisks in the text of the agreement.\n")
    a = analyse_text(SIGNED + page, "t")
    assert not any(u.zone is Zone.SCHEDULE for u in a.units)
    assert any(u.zone is Zone.SIGNATURES and u.char_start >= len(SIGNED) for u in a.units)


def test_attachments_are_pinpointed_by_their_own_names():
    """A lawyer cites "Exhibit B ¶1", not the twelfth paragraph after the signatures: each attachment's paragraphs
    are labelled by the name its heading gives it, a heading repeated on the next page goes on numbering, and no
    two paragraphs share a label."""
    tail = ("EXHIBIT A   Products   The Products are the Kestrel crisps sold in the Territory.\n\n"
            "The Sponsor may add products by notice.\n\n"
            "EXHIBIT B\n\nROYALTIES\n\nThe Club receives five per cent of net sales.\n\n"
            "EXHIBIT B\n\nRoyalties are paid quarterly.\n")
    text = SIGNED + tail
    labels = [(u.label, text[u.char_start:u.char_end][:12]) for u in analyse_text(text, "t").units
              if u.zone is Zone.SCHEDULE]
    assert labels == [("Exhibit A", "EXHIBIT A   "), ("Exhibit A ¶1", "The Sponsor "), ("Exhibit B", "EXHIBIT B"),
                      ("Exhibit B ¶1", "ROYALTIES"), ("Exhibit B ¶2", "The Club rec"), ("Exhibit B ¶3", "EXHIBIT B"),
                      ("Exhibit B ¶4", "Royalties ar")]


def test_a_line_that_only_mentions_an_exhibit_does_not_start_the_schedules():
    """ "Exhibit A attached hereto sets out…" after the signatures is a sentence about an exhibit (a lower-case
    word follows the label), not the exhibit's heading."""
    line = ("Exhibit A attached hereto sets out the Benefits, and the parties have initialled each of its pages "
            "on the date of this Agreement.")
    a = analyse_text(SIGNED + line + "\n", "t")
    assert not any(u.zone is Zone.SCHEDULE for u in a.units)


NESTED = """ENDORSEMENT AGREEMENT

1. Definitions. Terms have the meanings given here.

2. Term. Two years.

3. Grant of Endorsement.

A. Grant. ABG grants the endorsement.

B. Approval Process.

1. General. ABG shall respond within five days.

2. Advertising. The Company shall create the advertising.

3. Legal Lines. The Company shall print the legal lines.

4. No Disparagement. The Company shall not disparage the Celebrity.

5. No Attack. The Company shall not attack the marks.

4. Services. ABG shall cause the Celebrity to provide services.

A. Service Days. At least eight service days.

5. Consideration. The Company shall pay the fees.

6. Termination. Either party may terminate on notice.
"""

PLAIN = """SUPPLY AGREEMENT

1. Scope. The Supplier shall supply the goods.

2. Delivery. The Supplier shall:

A. Schedule. Deliver on the agreed days.

1. Morning deliveries by nine.

2. Evening deliveries by six.

3. Fees. The Buyer shall pay the fees.

4. Term. Two years.
"""


def test_a_numbered_list_inside_a_lettered_item_is_that_items_list():
    """ "B. Approval Process." with items "1." to "5.", then "4. Services": the "4." that follows item 3 is item 4
    (reading it as clause 4 would leave the document's own "4. Services", "5. Consideration" and "6. Termination"
    nowhere), so the items are cl. 3.B.1 to 3.B.5 and the services clause is cl. 4.  Where the list ends before
    the next clause ("1. Morning", "2. Evening", then "3. Fees"), the next number stays a clause."""
    a = analyse_text(NESTED, "t")
    labels = [u.label for u in a.units if not u.label.startswith("Preamble")]
    assert labels == ["cl. 1", "cl. 2", "cl. 3", "cl. 3.A", "cl. 3.B", "cl. 3.B.1", "cl. 3.B.2", "cl. 3.B.3",
                      "cl. 3.B.4", "cl. 3.B.5", "cl. 4", "cl. 4.A", "cl. 5", "cl. 6"]
    four = next(u for u in a.units if u.label == "cl. 4")
    assert NESTED[four.char_start:].startswith("4. Services.")
    assert validate_units(NESTED, a.units) == []
    b = analyse_text(PLAIN, "t")
    assert [u.label for u in b.units if not u.label.startswith("Preamble")] == \
        ["cl. 1", "cl. 2", "cl. 2.A", "cl. 2.A.1", "cl. 2.A.2", "cl. 3", "cl. 4"]


ARTICLES = """CONSULTING AGREEMENT

I. ENGAGEMENT

The Client retains the Consultant to provide the Services.

II. SERVICES

A. The Consultant shall devote such time as it deems reasonable.

B. In conjunction with the Services, the Consultant agrees to:

1. Attend the Client's offices when asked.

2. Take part in telephone conferences.

III. COMPENSATION

A. The Client shall pay the fees in shares.

B. The Client shall reimburse approved expenses.

IV. CONFIDENTIALITY

Each party shall keep the other's information secret.

A. Neither party shall disclose the other's trade secrets.

B. This Article survives termination.

IN WITNESS WHEREOF, the parties have signed this Agreement.

By: /s/ A. Client      By: /s/ B. Consultant
"""


def test_a_numbered_list_under_an_articles_lettered_item_and_the_articles_after_it():
    """Articles "I." to "IV." with lettered items: the "1.", "2." under "B. ... agrees to:" are Art. II.B.1 and
    2 (not the document's first clauses, cl. 1 and 2), and the lettered items of the later Articles are theirs,
    whether the heading stands alone ("III. COMPENSATION") or text follows it ("IV. CONFIDENTIALITY")."""
    a = analyse_text(ARTICLES, "t")
    units = {u.label: u for u in a.units if u.zone is Zone.BODY}
    assert list(units) == ["Art. I", "Art. II", "Art. II.A", "Art. II.B", "Art. II.B.1", "Art. II.B.2", "Art. III",
                           "Art. III.A", "Art. III.B", "Art. IV", "Art. IV.A", "Art. IV.B"]
    for label, parent in (("Art. II.B.1", "Art. II.B"), ("Art. III.A", "Art. III"), ("Art. IV.B", "Art. IV")):
        assert units[label].parent == units[parent].ordinal
    assert validate_units(ARTICLES, a.units) == []


SECTIONED = """SERVICES AGREEMENT

This Services Agreement is made between Acme Inc. ("Acme") and Beta LLC ("Beta").

ARTICLE 1 – DEFINITIONS

Section 1.1 Terms. Words have meanings.

Section 1.2 More. More words here.

ARTICLE 2 – SERVICES

Section 2.1 Scope. Beta shall provide the services.

Section 2.2 Standard. Beta shall act with care.

Section 2.3 Staff. Beta shall staff the services.

Section 2.4 Reports. Beta shall report monthly.

ARTICLE 3 – NOTICES

ARTICLE 4 – RECORDS

ARTICLE 5 – PAYMENT Section 5.1 Fees. Acme shall pay the fees monthly.

Section 5.2 Taxes. Each party pays its own taxes.

IN WITNESS WHEREOF the parties have signed this Agreement.

ACME INC.  By: ____________
"""


def test_a_section_run_on_from_its_articles_heading_is_a_unit_of_its_own():
    """ "ARTICLE 5 – PAYMENT Section 5.1 Fees. …" after two Articles without sections: Section 5.1 jumps from 2.4,
    inside its heading's line; it is a unit of its own under Article 5, labelled as the document's other sections
    (s. 5.1), and 5.2 follows it."""
    a = analyse_text(SECTIONED, "t")
    units = {u.label: u for u in a.units if u.zone is Zone.BODY}
    assert list(units)[-5:] == ["Art. 3", "Art. 4", "Art. 5", "s. 5.1", "s. 5.2"]
    for label in ("s. 5.1", "s. 5.2"):
        assert units[label].parent == units["Art. 5"].ordinal
    assert SECTIONED[units["s. 5.1"].char_start:].startswith("Section 5.1 Fees.")
    assert SECTIONED[units["Art. 5"].char_start:].startswith("ARTICLE 5 – PAYMENT")
    assert validate_units(SECTIONED, a.units) == []


def test_hostile_lines_after_the_signatures_parse_without_backtracking() -> None:
    """The attachment headings after the signature blocks are looked for line by line, on short lines only: a
    1 MB line of spaces, or thousands of long lines, is read in linear time.  (A whole-text pattern for headings set
    right of a page number backtracked over such lines for minutes.)  Run in a child process so a regression fails
    instead of hanging the suite; the limit is generous, the parse takes about two seconds."""
    code = textwrap.dedent(f"""
        from pincite.parse.text import analyse_text
        signed = {SIGNED!r}
        for tail in (" " * 1_000_000 + "x\\n", ("   " * 50 + "EXHIBITS of the word\\n") * 20000,
                     ("EXHIBIT A" + "a" * 1000 + "\\n") * 20000):
            a = analyse_text(signed + tail, "t")
            print(sum(u.label.startswith("cl.") for u in a.units))
        """)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["3", "3", "3"]


#: European-style terms: roman parts, sections headed by a section sign whose numbers start again in each part,
#: subsections "(1)" at a line's start and run on after a sentence's end; a "§" inside a sentence is a reference
EUROPEAN = """Reseller Program General Terms and Conditions

These General Terms and Conditions apply to every reseller who joins the program of Example GmbH.

I. Object of the Program

The object of the Program is the sale of software products by resellers on their own web sites.

II. Reseller Program

§ 1 Participation

Participation in the Program depends on registration by the reseller and activation by Example GmbH.

§ 2 Products under the Agreement

(1) The products under the Agreement are those designated by Example GmbH. (2) The reseller may choose among \
them in its control panel, subject to § 1 and to the limits set out in § 3 below. (3) Example GmbH may withdraw \
a product at any time.

§ 3 Commission

(1) Example GmbH pays the reseller a commission on each sale made through its link.
(2) The commission is computed monthly. (3) It is paid by wire transfer within thirty days.

III. General terms

§ 1 Term

The Agreement runs until either party terminates it with one month's notice.

§ 2 Limitation of liability for slight negligence

(1) The parties exclude liability for slight negligence. (2) Liability under § 3 of Part II is unaffected.

Example GmbH
"""


def test_european_terms_sections_by_section_sign_restart_under_each_part():
    """ "II. Reseller Program" / "§ 3 Commission" / "(2) …": § 3 is a section of Part II (Pt. II, § 3), its
    subsections are Pt. II, § 3(2) whether printed at a line's start or run on after a sentence, and the numbering
    starts again at § 1 under Part III.  The "§ 1", "§ 3" inside sentences start nothing."""
    a = analyse_text(EUROPEAN, "t")
    assert a.kind is DocumentKind.CONTRACT
    units = {u.label: u for u in a.units}
    for label in ("Pt. I", "Pt. II", "Pt. III", "Pt. II, § 1", "Pt. II, § 2", "Pt. II, § 3", "Pt. III, § 1",
                  "Pt. III, § 2", "Pt. II, § 2(1)", "Pt. II, § 2(3)", "Pt. II, § 3(1)", "Pt. II, § 3(2)",
                  "Pt. II, § 3(3)", "Pt. III, § 2(2)"):
        assert label in units, (label, list(units))
    assert units["Pt. II, § 3"].kind is UnitKind.SECTION
    assert units["Pt. II, § 3"].parent == units["Pt. II"].ordinal
    assert units["Pt. III, § 1"].parent == units["Pt. III"].ordinal
    assert units["Pt. II, § 3(2)"].parent == units["Pt. II, § 3"].ordinal
    assert EUROPEAN[units["Pt. II, § 3(2)"].char_start:].startswith("(2) The commission is computed monthly.")
    assert EUROPEAN[units["Pt. II, § 2(2)"].char_start:].startswith("(2) The reseller may choose")
    assert EUROPEAN[units["Pt. II, § 3"].char_start:].startswith("§ 3 Commission")
    # the references stay inside their sentences: every section starts a line with its heading
    for u in a.units:
        if u.kind is UnitKind.SECTION:
            assert u.char_start == 0 or EUROPEAN[u.char_start - 1] == "\n"
    assert sum(u.kind is UnitKind.SECTION for u in a.units) == 5
    assert validate_units(EUROPEAN, a.units) == []


GLUED = """SERVICES AGREEMENT

This Services Agreement is made between Alpha Ltd ("Alpha") and Beta Inc ("Beta").

1. Services   Beta shall provide the services described in the schedule to Alpha.   2. Fees   Alpha shall pay \
the fees within thirty days of each invoice.   3.Term of this Agreement   The term begins on the date of signature \
and ends when either party terminates it.   4. Links   Beta shall place the links that Alpha provides.

5. Governing Law   This Agreement is governed by the laws of England.

Alpha Ltd

By: ______________
"""


def test_a_clause_number_run_into_its_heading_is_a_clause():
    """ "3.Term of this Agreement" (the space after the stop lost in copying), after a wide gap: clause 3, and
    clause 4 after it is not lost either (a number inside a line may only follow the one before it)."""
    a = analyse_text(GLUED, "t")
    labels = [u.label for u in a.units if u.zone is Zone.BODY]
    assert labels == ["cl. 1", "cl. 2", "cl. 3", "cl. 4", "cl. 5"]
    u3 = next(u for u in a.units if u.label == "cl. 3")
    assert GLUED[u3.char_start:].startswith("3.Term of this Agreement")


def test_a_part_and_section_sign_pinpoint_names_the_section_of_that_part():
    """The gold resolver reads "II. § 3(2)", "Part II, § 3(2)" and "III § 1" as lawyers write them, for the units
    labelled "Pt. II, § 3(2)" and "Pt. III, § 1" (the bare "§ 1" names a section of each part)."""
    from pincite.evaluation.gold import units_named

    units = analyse_text(EUROPEAN, "t").units
    for name, label in (("II. § 3(2)", "Pt. II, § 3(2)"), ("Part II, § 3(2)", "Pt. II, § 3(2)"),
                        ("III § 1", "Pt. III, § 1"), ("Pt. II, § 2", "Pt. II, § 2")):
        assert [u.label for u in units_named(units, name)] == [label], name


RULED = """e-business Hosting Agreement

Under this Agreement between Example Corp ("Provider") and Customer Inc. ("Customer"), Provider will provide the
Services described below.

-------------------------------------------------------------------------------- 1.0   Definitions

a.    "Content" means information that Customer provides.

b.    "Services" means the hosting services Provider provides.

-------------------------------------------------------------------------------- 2.0   Term and Termination

2.1   Term

This Agreement begins on the Effective Date and continues for two years.

2.2   Termination for Cause

Either party may terminate this Agreement if the other materially breaches it and does not cure the breach
within thirty days of notice.

-------------------------------------------------------------------------------- 3.0   Governing Law

3.1   Choice of Law

This Agreement is governed by the laws of the State of New York.
"""


def test_a_clause_heading_after_a_rule_run_onto_its_line_is_a_clause():
    """Text extracted from a filing often runs the horizontal rule over each article into the article's heading
    line ("-------- 2.0   Term and Termination"): the number after the rule starts the line, so the articles and
    their sections are clauses with their printed numbers, not preamble paragraphs by order (a CUAD hosting
    agreement after the sixth fresh set: four golds resolved to no unit)."""
    a = analyse_text(RULED, "t")
    labels = [u.label for u in a.units]
    for label in ("cl. 1.0", "cl. 2.0", "cl. 2.1", "cl. 2.2", "cl. 3.0", "cl. 3.1"):
        assert label in labels, labels
    units = {u.label: u for u in a.units}
    assert RULED[units["cl. 2.2"].char_start:].startswith("2.2   Termination for Cause")
    assert "thirty days" in RULED[units["cl. 2.2"].char_start:units["cl. 2.2"].char_end]
