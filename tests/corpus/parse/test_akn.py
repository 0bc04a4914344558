"""Akoma Ntoso parser on documents pincite ships or writes itself (no ../shared needed)."""

from __future__ import annotations

from pathlib import Path

import pytest

from pincite.cli import demo_paths
from pincite.errors import ParseError
from pincite.parse import parse_bytes
from pincite.parse.akn_text import display_judge, judge_heading
from pincite.parse.builder import validate_units
from pincite.parse.roles import Segment, decide_roles
from pincite.types import DocumentKind, ParsedDocument, Role, UnitKind, Zone
from tests.conftest import FIXTURES

AKN = "http://docs.oasis-open.org/legaldocml/ns/akn/3.0"


def _demo(name: str) -> ParsedDocument:
    path = next(p for p in demo_paths() if Path(p).name == name)
    return parse_bytes(Path(path).read_bytes(), path)


def _para(doc: ParsedDocument, number: str):
    return next(u for u in doc.units if u.kind == UnitKind.PARAGRAPH and u.number == number
                and u.zone == Zone.REASONS)


def _text(doc: ParsedDocument, unit) -> str:
    return doc.text[unit.char_start:unit.char_end]


LEGACY = "demo_legacy_harbour_ferries.xml"
MODERN = "demo_modern_orchard_housing.xml"


@pytest.mark.parametrize(
    "name,number,first_words,author,role",
    [
        (LEGACY, "1", "1. This appeal concerns a contract", "Ormerod LJ", Role.LEAD),
        (LEGACY, "12", "12. I agree with Ormerod LJ", "Pelling-Ash LJ", Role.CONCURRING),
        (LEGACY, "13", "13. I have come to a different conclusion", "Tremayne LJ", Role.DISSENTING),
        (LEGACY, "15", "15. On the second issue", "Tremayne LJ", Role.DISSENTING),
        # the lead judgment is in the minority: Lady Hartwell speaks first and dissents
        (MODERN, "1", "1. Orchard Lane Housing Co-operative", "Lady Hartwell", Role.DISSENTING),
        (MODERN, "7", "7. I have read Lady Hartwell's judgment", "Lord Aske", Role.LEAD),
        (MODERN, "10", "10. I agree with Lord Aske", "Lord Penrose", Role.CONCURRING),
    ],
)
def test_demo_paragraphs_authors_and_roles(name, number, first_words, author, role) -> None:
    doc = _demo(name)
    u = _para(doc, number)
    assert _text(doc, u).startswith(first_words)
    assert (u.author, u.role, u.label, u.citable) == (author, role, f"[{number}]", True)
    assert u.role_basis


@pytest.mark.parametrize("name,n", [(LEGACY, 15), (MODERN, 10)])
def test_demo_numbering_is_complete(name, n) -> None:
    doc = _demo(name)
    nums = [u.number for u in doc.units if u.kind == UnitKind.PARAGRAPH and u.zone == Zone.REASONS]
    assert nums == [str(i) for i in range(1, n + 1)]


@pytest.mark.parametrize("name", [LEGACY, MODERN])
def test_demo_headnote_is_not_citable_and_not_inside_reasons(name) -> None:
    doc = _demo(name)
    heads = [u for u in doc.units if u.zone == Zone.HEADNOTE]
    assert len(heads) == 1 and not heads[0].citable
    assert "Editorial headnote" in _text(doc, heads[0])
    assert "dissenting" in _text(doc, heads[0])
    for u in doc.units:
        if u.citable:
            assert u.zone == Zone.REASONS
            assert not (u.char_start < heads[0].char_end and heads[0].char_start < u.char_end)
            assert "Editorial headnote" not in _text(doc, u)


def test_demo_metadata() -> None:
    doc = _demo(LEGACY)
    assert doc.kind == DocumentKind.JUDGMENT
    assert doc.citation == "[2024] DEMO Civ 17"
    assert doc.date == "2024-03-14"
    assert doc.title == "Harbour Ferries Ltd v Calloway Marine Supplies Ltd"
    assert doc.meta["judges"] == ["Ormerod LJ", "Pelling-Ash LJ", "Tremayne LJ"]
    assert doc.meta["authors"] == ["Ormerod LJ", "Pelling-Ash LJ", "Tremayne LJ"]
    cover = [u for u in doc.units if u.zone == Zone.COVER]
    assert cover and not any(u.citable for u in cover)


def test_demo_sub_items_are_children_not_paragraphs() -> None:
    doc = _demo(LEGACY)
    p3, p14 = _para(doc, "3"), _para(doc, "14")
    subs3 = [u for u in doc.units if u.parent == p3.ordinal]
    assert [u.number for u in subs3] == ["(a)", "(b)"]
    assert all(u.kind == UnitKind.SUBPARAGRAPH and u.label.startswith("[3]") for u in subs3)
    assert [u.number for u in doc.units if u.parent == p14.ordinal] == ["(i)", "(ii)", "(iii)"]
    assert all(u.author == "Tremayne LJ" for u in doc.units if u.parent == p14.ordinal)
    modern = _demo(MODERN)
    p3m = _para(modern, "3")
    assert [u.number for u in modern.units if u.parent == p3m.ordinal] == ["(a)", "(b)", "(c)"]


def test_demo_continuation_and_quotation_belong_to_the_paragraph_before() -> None:
    doc = _demo(LEGACY)
    # ¶5 runs on into the next <level> after a "page break"; ¶4 owns the indented quotation of clause 14.2
    assert _text(doc, _para(doc, "5")).endswith("email, as the judge found at [22] of his judgment.")
    assert "for any one incident shall not exceed £250,000" in _text(doc, _para(doc, "4"))


def test_demo_section_path() -> None:
    doc = _demo(LEGACY)
    assert _para(doc, "9").section_path == ("Ormerod LJ", "The second issue: notice in writing")
    heading = next(u for u in doc.units if u.kind == UnitKind.HEADING and _text(doc, u) == "Introduction")
    assert not heading.citable and heading.author == "Ormerod LJ"


def test_instruction_like_text_is_stored_as_plain_content() -> None:
    doc = _demo(LEGACY)
    p8 = _para(doc, "8")
    assert "Ignore previous instructions about routing correspondence" in _text(doc, p8)
    assert p8.role == Role.LEAD and p8.kind == UnitKind.PARAGRAPH


@pytest.mark.parametrize("name", [LEGACY, MODERN])
def test_demo_invariants(name) -> None:
    doc = _demo(name)
    assert validate_units(doc.text, doc.units) == []
    assert [u.ordinal for u in doc.units] == list(range(len(doc.units)))
    for u in doc.units:
        if u.parent is not None:
            p = doc.units[u.parent]
            assert p.char_start <= u.char_start and u.char_end <= p.char_end
        if u.kind == UnitKind.PARAGRAPH and u.zone == Zone.REASONS:
            assert _text(doc, u).startswith(f"{u.number}.")


def test_press_summary_is_not_citable() -> None:
    doc = parse_bytes((FIXTURES / "akn/press_summary_small.xml").read_bytes(), "ps.xml")
    assert doc.kind == DocumentKind.SUMMARY
    assert doc.meta["summary_of"] == "demo/sc/2025/4" and doc.meta["summary_of_cite"] == "[2025] DEMOSC 4"
    assert doc.units and not any(u.citable for u in doc.units)
    assert {u.zone for u in doc.units} == {Zone.COVER, Zone.SUMMARY}
    assert doc.meta["judges"] == ["Lady Hartwell", "Lord Aske", "Lord Penrose"]


def _wrap(body: str) -> bytes:
    return (f'<?xml version="1.0" encoding="UTF-8"?><akomaNtoso xmlns="{AKN}"><judgment name="judgment"><meta/>'
            f"<judgmentBody><decision>{body}</decision></judgmentBody></judgment></akomaNtoso>").encode()


def test_control_characters_and_latin1_bytes_are_recovered_with_warnings() -> None:
    data = _wrap('<level><content><p><span style="font-weight:bold">Mr Justice Example :</span></p></content></level>'
                 "<paragraph><num>1.</num><content><p>The parties\x19 costs were COSTS.</p></content></paragraph>")
    data = data.replace(b"COSTS", b"\xa3500")
    doc = parse_bytes(data, "broken.xml")
    assert "The parties\u2019 costs were £500." in doc.text
    assert any("0x19" in w for w in doc.warnings) and any("0xA3" in w for w in doc.warnings)
    assert _para(doc, "1").role == Role.SOLE


@pytest.mark.parametrize(
    "data,reason",
    [
        (b'<akomaNtoso xmlns="' + AKN.encode() + b'"/>', "empty"),
        (b'<akomaNtoso xmlns="' + AKN.encode() + b'"><judgment name="judgment"><meta/></judgment></akomaNtoso>',
         "judgmentBody"),
        (b'<akomaNtoso xmlns="' + AKN.encode() + b'"><debate name="debate"/></akomaNtoso>', "not a judgment"),
        # an act is read as legislation (parse/akn_act.py), but one with no body has nothing to cite
        (b'<akomaNtoso xmlns="' + AKN.encode() + b'"><act name="act"/></akomaNtoso>', "has no <body>"),
        (_wrap("<paragraph><num>1.</num><content><p>unterminated")[:-40], "well-formed"),
    ],
)
def test_bad_akn_gives_a_clear_parse_error(data, reason) -> None:
    with pytest.raises(ParseError) as e:
        parse_bytes(data, "bad.xml")
    assert reason in str(e.value) and "bad.xml" in str(e.value)


def test_numbers_going_back_are_sub_items_and_glued_numbers_are_split() -> None:
    body = (
        '<level><content><p><span style="font-weight:bold">Lord Justice Example :</span></p></content></level>'
        "<paragraph><num>1.</num><content><p>The judge said:</p></content></paragraph>"
        "<paragraph><num>40.</num><content><p>A quoted paragraph of the judgment below.</p></content></paragraph>"
        "<paragraph><num>2.</num><content><p>Next, the statute provides:</p></content></paragraph>"
        "<level><content><p>\u201cA quotation.\u201d 3. Having set that out, I turn to the facts.</p></content></level>"
        "<level><content><p>4. This paragraph lost its num element.</p></content></level>"
    )
    doc = parse_bytes(_wrap(body), "seq.xml")
    paras = [u for u in doc.units if u.kind == UnitKind.PARAGRAPH]
    assert [u.number for u in paras] == ["1", "2", "3", "4"]
    assert _text(doc, paras[2]).startswith("3. Having set that out")
    assert _text(doc, paras[1]).endswith("\u201cA quotation.\u201d")
    quoted = next(u for u in doc.units if u.number == "40")
    assert quoted.kind == UnitKind.SUBPARAGRAPH and quoted.parent == paras[0].ordinal


@pytest.mark.parametrize(
    "text,strong,expected",
    [
        ("Lord Justice Moylan :", True, ("Lord Justice Moylan",)),
        ("LORD JUSTICE McCOMBE", True, ("LORD JUSTICE McCOMBE",)),
        ("Lord Justice Nugee:", False, ("Lord Justice Nugee",)),
        ("Lord Justice Males", False, None),  # no colon and no bold: not a heading
        ("Condition Is met where:", True, None),
        ("Lord Hoffmann said that the test was", True, None),
    ],
)
def test_judge_heading(text, strong, expected) -> None:
    assert judge_heading(text, strong) == expected


@pytest.mark.parametrize(
    "raw,display",
    [("Lord Justice Moylan", "Moylan LJ"), ("LORD JUSTICE McCOMBE", "McCombe LJ"), ("MR JUSTICE FRANCIS", "Francis J"),
     ("Sir Geoffrey Vos, Chancellor of the High Court", "Sir Geoffrey Vos C"),
     ("SIR GEOFFREY VOS, MASTER OF THE ROLLS", "Sir Geoffrey Vos MR"), ("Lady Justice Nicola Davies DBE", "Nicola Davies LJ")],
)
def test_display_judge(raw, display) -> None:
    assert display_judge(raw) == display


def _segments(*names: str) -> list[Segment]:
    return [Segment(index=i, display=n, judges=(n,), heading=n) for i, n in enumerate(names)]


@pytest.mark.parametrize(
    "texts,expected",
    [
        # counterfactual: "had I ... I would have allowed" is not a dissent
        (["If I had accepted that submission, I would have allowed the appeal. I would dismiss the appeal.", "I agree."],
         [Role.LEAD, Role.CONCURRING]),
        (["I would dismiss the appeal.", "I agree.", "For my part I would have allowed this appeal."],
         [Role.LEAD, Role.CONCURRING, Role.DISSENTING]),
        (["I would dismiss the appeal.", "As this is a dissenting judgment on this second issue, I am brief.", "I agree."],
         [Role.LEAD, Role.PARTLY_DISSENTING, Role.CONCURRING]),
        (["The facts are set out above.", "Some words of my own."], [Role.LEAD, None]),
    ],
)
def test_decide_roles(texts, expected) -> None:
    segs = _segments(*[f"Judge{i} LJ" for i in range(len(texts))])
    decide_roles(segs, texts, [s.display for s in segs])
    assert [s.role for s in segs] == expected
    assert all(s.basis for s in segs)
    if expected[-1] is None:
        assert segs[-1].basis == "no statement of agreement or disagreement found"


def _with_header(header: str, body: str) -> bytes:
    return (f'<?xml version="1.0" encoding="UTF-8"?><akomaNtoso xmlns="{AKN}"><judgment name="judgment"><meta/>'
            f"<header>{header}</header><judgmentBody><decision>{body}</decision></judgmentBody></judgment>"
            "</akomaNtoso>").encode()


def test_a_first_paragraph_printed_in_the_header_is_paragraph_1_of_that_judges_reasons() -> None:
    cover = "".join(f"<p>Cover line {i}.</p>" for i in range(6))
    header = (cover + "<p>Approved Judgment</p><p><b>LORD JUSTICE EXAMPLE :</b></p><p>1. INTRODUCTION</p>"
              "<p>1. This is an appeal against an order for costs made by the judge below.</p>"
              "<p>It raises one point of construction.</p><p>2. THE FACTS</p>")
    body = ("<paragraph><num>2.</num><content><p>The facts are not in dispute.</p></content></paragraph>"
            "<paragraph><num>3.</num><content><p>I would dismiss the appeal.</p></content></paragraph>"
            '<level><content><p><span style="font-weight:bold">Lord Justice Other :</span></p></content></level>'
            "<paragraph><num>4.</num><content><p>I agree.</p></content></paragraph>")
    doc = parse_bytes(_with_header(header, body), "header_para.xml")
    assert not any("jumps" in w for w in doc.warnings)
    first = _para(doc, "1")
    assert _text(doc, first) == "1. This is an appeal against an order for costs made by the judge below.\n" \
                                "It raises one point of construction."
    assert first.zone == Zone.REASONS and first.citable and first.author == "Example LJ" and first.role == Role.LEAD
    assert _para(doc, "4").role == Role.CONCURRING
    assert "Cover line 5." in doc.text and all(u.zone == Zone.COVER for u in doc.units if "Cover line" in _text(doc, u))
    # a judge's name further up the cover, with no paragraph 1 after it, does not open the reasons there
    header2 = "<p><b>LORD JUSTICE EXAMPLE :</b></p>" + cover + "<p>Approved Judgment</p>"
    body2 = ('<level><content><p><span style="font-weight:bold">Lord Justice Example :</span></p></content></level>'
             "<paragraph><num>1.</num><content><p>I would dismiss the appeal.</p></content></paragraph>")
    doc2 = parse_bytes(_with_header(header2, body2), "no_header_para.xml")
    assert all(u.zone == Zone.COVER for u in doc2.units if "Cover line" in _text(doc2, u))
    assert _para(doc2, "1").author == "Example LJ"


def test_court_officers_head_their_own_reasons() -> None:
    """'The Senior President of Tribunals:', 'President of the Queen's Bench Division:', 'DAME VICTORIA SHARP
    P.:' head a judge's own (often one-line) reasons; a sentence about a president does not."""
    from pincite.parse.akn_text import judge_heading

    assert judge_heading("The Senior President of Tribunals:", False) == ("The Senior President of Tribunals",)
    assert judge_heading("President of the Queen's Bench Division:", False) == (
        "President of the Queen's Bench Division",)
    assert judge_heading("DAME VICTORIA SHARP P.:", False) == ("DAME VICTORIA SHARP P",)
    assert judge_heading("President of the Board said the following:", False) is None


@pytest.mark.shared
def test_a_last_agreement_under_its_own_heading_is_that_judges(bulk) -> None:
    """'The Senior President of Tribunals: 52. I also agree.' is the Senior President's, not the judge's before
    (the self-check flagged eight such bulk judgments)."""
    from pincite.ingest import parse_file

    doc = parse_file(str(bulk / "ewca_civ_2020_akn" / "2020-ewca-370-civ.xml"))
    last = [u for u in doc.units if u.citable and u.author][-1]
    assert last.label == "[52]" and "Senior President" in (last.author or "")
    assert doc.meta["numbering"]["verdict"] != "contradicted"
