"""Word contracts to their printed numbers: what Word numbers, counts and leaves out, and the units on it.

Every document but the zoo's is written by the test (tests/support/docx_synth.py writes the XML): the numbers exist
only in ``numbering.xml``.  Each test states the number Word prints and the label a citation of those words
carries.
The documents cite themselves ("pursuant to Section 5.2(a)"); where they do, the test checks that the unit so
labelled holds the words the reference describes.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from pincite.evaluation.zoo import score_key
from pincite.parse import parse_bytes
from pincite.parse.docx import read_docx
from pincite.types import DocumentKind, Zone
from tests.support.docx_synth import LEGAL_LEVELS, docx_bytes, level, numbering, para, run, styles


def holder(doc, words: str):
    """The deepest unit holding ``words`` (as a citation of them would name it)."""
    at = doc.text.index(words)
    end = at + len(words)
    best = None
    for u in doc.units:
        if u.char_start <= at and end <= u.char_end and (
                best is None or u.char_end - u.char_start < best.char_end - best.char_start):
            best = u
    return best


def label_of(doc, words: str) -> str | None:
    u = holder(doc, words)
    return u.label if u is not None else None


def heading1_styles() -> str:
    """Heading 1 numbered by list 1 at level 0 (as the report's standard terms are), Normal unnumbered."""
    return styles(heading_num=1)


PARTIES = para("SERVICES AGREEMENT", style="Title") + para(
    "This Agreement is made between Alpha Widgets Limited and Beta Gadgets Limited.")


def clause_body(n: int) -> str:
    """Clause n: a numbered heading, then 2 sub-clauses (level 1)."""
    return (para(f"HEADING {'ABCDEFGH'[n - 1]}", style="Heading1")
            + para(f"The Supplier shall keep record {n}x1 of the services.", num=1, ilvl=1)
            + para(f"The Customer shall keep record {n}x2 of the payments.", num=1, ilvl=1))


# ---- the report: an empty Heading 1 that only carries a section break is not clause 1


def test_an_empty_heading_carrying_only_a_section_break_is_not_numbered_or_counted() -> None:
    section_break = ('<w:p><w:pPr><w:pStyle w:val="Heading1"/><w:sectPr><w:pgSz w:w="12240" w:h="15840"/>'
                     '</w:sectPr></w:pPr></w:p>')
    termination = (para("TERMINATION", style="Heading1")
                   + para("Either party may end this Agreement on notice.", num=1, ilvl=1)
                   + para("Either party may terminate this Agreement immediately:", num=1, ilvl=1)
                   + para("if the other party fails to cure a material breach within 30 days;", num=1, ilvl=2)
                   + para("if the other party becomes insolvent.", num=1, ilvl=2))
    general = (para("GENERAL", style="Heading1")
               + para("A notice of termination given pursuant to Section 5.2(a) must state the breach.",
                      num=1, ilvl=1))
    body = PARTIES + section_break + "".join(clause_body(n) for n in (1, 2, 3, 4)) + termination + general
    doc = parse_bytes(docx_bytes(body, numbering({1: LEGAL_LEVELS}, {1: (1, {})}), heading1_styles()),
                      "report.docx")
    assert doc.kind is DocumentKind.CONTRACT
    assert "\n1. HEADING A" in doc.text and "\n5. TERMINATION" in doc.text and "\n6. GENERAL" in doc.text
    assert label_of(doc, "record 1x1") == "cl. 1.1"
    assert label_of(doc, "fails to cure a material breach") == "cl. 5.2(a)"
    assert label_of(doc, "becomes insolvent") == "cl. 5.2(b)"
    # the document's own reference names the unit that holds what it describes
    ref = re.search(r"pursuant to Section (\S+?) must", doc.text)
    assert ref is not None
    target = next(u for u in doc.units if u.label == f"cl. {ref.group(1)}")
    assert "fails to cure a material breach" in doc.text[target.char_start:target.char_end]
    # the break itself leaves no line: no bare number, no empty unit
    assert not re.search(r"(?m)^\d+\.$", doc.text)


def test_a_section_break_on_a_paragraph_with_text_keeps_its_number() -> None:
    """Only the empty section-break mark goes: a clause that ends a section is still numbered."""
    body = (PARTIES + para(inner=run("DEFINITIONS")).replace(
        "<w:p>", '<w:p><w:pPr><w:pStyle w:val="Heading1"/><w:sectPr/></w:pPr>', 1)
        + clause_body(2) + clause_body(3))
    d = read_docx(docx_bytes(body, numbering({1: LEGAL_LEVELS}, {1: (1, {})}), heading1_styles()), "s.docx")
    assert d.text.split("\n\n")[2:4] == ["1. DEFINITIONS", "2. HEADING B"]


# ---- the paragraph mark carries the number


def _texts(body: str, levels: str = LEGAL_LEVELS, nums=None) -> list[str]:
    d = read_docx(docx_bytes(body, numbering({1: levels}, nums or {1: (1, {})}), heading1_styles()), "m.docx")
    return d.text.strip().split("\n\n")


def test_a_deleted_or_moved_away_paragraph_mark_takes_its_number_with_it() -> None:
    deleted = ('<w:p><w:pPr><w:numPr><w:ilvl w:val="0"/><w:numId w:val="1"/></w:numPr><w:rPr>'
               '<w:del w:id="9" w:author="A"/></w:rPr></w:pPr><w:del w:id="8" w:author="A"><w:r>'
               "<w:delText>Old clause</w:delText></w:r></w:del></w:p>")
    moved = deleted.replace("w:del ", "w:moveFrom ").replace("</w:del>", "</w:moveFrom>")
    got = _texts(para("First", num=1) + deleted + para("Second", num=1) + moved + para("Third", num=1))
    assert got == ["1. First", "2. Second", "3. Third"]


def test_hidden_paragraphs_are_counted_but_not_shown_and_a_hidden_level_is_not_drawn() -> None:
    hidden = ('<w:p><w:pPr><w:numPr><w:ilvl w:val="0"/><w:numId w:val="1"/></w:numPr><w:rPr><w:vanish/>'
              '</w:rPr></w:pPr><w:r><w:rPr><w:vanish/></w:rPr><w:t>hidden clause</w:t></w:r></w:p>')
    assert _texts(para("First", num=1) + hidden + para("Third", num=1)) == ["1. First", "3. Third"]
    # an empty paragraph whose mark alone is hidden still prints its number (the number is not the mark's text)
    mark_only = ('<w:p><w:pPr><w:numPr><w:ilvl w:val="0"/><w:numId w:val="1"/></w:numPr><w:rPr><w:vanish/>'
                 "</w:rPr></w:pPr></w:p>")
    assert _texts(para("First", num=1) + mark_only + para("Third", num=1)) == ["1. First", "2.", "3. Third"]
    # a level formatted hidden: counted (1.1 under it is "1.1") but its own number is not drawn
    levels = LEGAL_LEVELS.replace('<w:lvlText w:val="%1."/>',
                                  '<w:lvlText w:val="%1."/><w:rPr><w:vanish/></w:rPr>')
    got = _texts(para("Heading", num=1) + para("text", num=1, ilvl=1), levels=levels)
    assert got == ["Heading", "1.1 text"]


def test_an_empty_numbered_paragraph_that_is_shown_prints_its_number_and_counts() -> None:
    got = _texts(para("First", num=1) + para("", num=1) + para("Third", num=1))
    assert got == ["1. First", "2.", "3. Third"]


def test_num_id_zero_takes_away_a_style_s_numbering() -> None:
    body = (para("DEFINITIONS", style="Heading1") + para("not a clause", style="Heading1").replace(
        '<w:pStyle w:val="Heading1"/>', '<w:pStyle w:val="Heading1"/><w:numPr><w:numId w:val="0"/></w:numPr>')
        + para("PAYMENT", style="Heading1"))
    assert _texts(body) == ["1. DEFINITIONS", "not a clause", "2. PAYMENT"]


def test_a_style_separator_runs_the_heading_into_its_text_under_one_number() -> None:
    heading = ('<w:p><w:pPr><w:numPr><w:ilvl w:val="1"/><w:numId w:val="1"/></w:numPr><w:rPr><w:specVanish/>'
               "</w:rPr></w:pPr>" + run("Notices.") + "</w:p>")
    body = para("GENERAL", num=1) + heading + para("Notices go to the registered office.") + para(
        "Waiver.", num=1, ilvl=1)
    assert _texts(body) == ["1. GENERAL", "1.1 Notices. Notices go to the registered office.", "1.2 Waiver."]


# ---- counters: restarts, overrides, instances sharing one list, to the labels


def test_labels_follow_restarts_overrides_and_shared_lists() -> None:
    levels = (level(0, "decimal", "%1.") + level(1, "decimal", "%1.%2") + level(2, "lowerLetter", "(%3)")
              + level(3, "lowerRoman", "(%4)", restart=0))
    # list 2 continues list 1 (one abstract numbering); list 3 starts level 0 again at 7
    nums = {1: (1, {}), 2: (1, {}), 3: (1, {0: 7})}
    body = (PARTIES + para("ONE", num=1) + para("alpha words here.", num=1, ilvl=1)
            + para("bravo words:", num=1, ilvl=1) + para("charlie words;", num=1, ilvl=2)
            + para("delta words.", num=1, ilvl=3) + para("TWO", num=2) + para("echo words:", num=2, ilvl=1)
            + para("foxtrot words;", num=2, ilvl=2) + para("golf words.", num=2, ilvl=3)
            + para("SEVEN", num=3) + para("hotel words.", num=3, ilvl=1))
    doc = parse_bytes(docx_bytes(body, numbering({1: levels}, nums), heading1_styles()), "r.docx")
    got = {w: label_of(doc, w) for w in ("alpha", "charlie", "delta", "echo", "foxtrot", "golf", "hotel")}
    # (%4) never restarts (w:lvlRestart 0): golf is (ii) under 2.1(a)
    assert got == {"alpha": "cl. 1.1", "charlie": "cl. 1.2(a)", "delta": "cl. 1.2(a)(i)", "echo": "cl. 2.1",
                   "foxtrot": "cl. 2.1(a)", "golf": "cl. 2.1(a)(ii)", "hotel": "cl. 7.1"}


def test_an_a_i_list_in_its_own_numbering_sits_under_the_clause_above_it() -> None:
    """(a) lists with an abstract numbering of their own, begun again under each clause (a w:num each)."""
    lists = level(0, "lowerLetter", "(%1)") + level(1, "lowerRoman", "(%2)")
    nums = {1: (1, {}), 2: (2, {0: 1}), 3: (2, {0: 1})}
    body = (PARTIES + para("SERVICES", num=1) + para("The Supplier shall provide:", num=1, ilvl=1)
            + para("india services;", num=2) + para("juliet services.", num=2) + para("PAYMENT", num=1)
            + para("The Customer shall pay:", num=1, ilvl=1) + para("kilo fees;", num=3)
            + para("lima costs.", num=3, ilvl=1))
    doc = parse_bytes(docx_bytes(body, numbering({1: LEGAL_LEVELS, 2: lists}, nums), heading1_styles()),
                      "l.docx")
    assert [label_of(doc, w) for w in ("india", "juliet", "kilo", "lima")] == [
        "cl. 1.1(a)", "cl. 1.1(b)", "cl. 2.1(a)", "cl. 2.1(a)(i)"]


# ---- numbers on headings only; unnumbered paragraphs under a number


def test_text_under_a_numbered_heading_belongs_to_its_number() -> None:
    levels = level(0, "decimal", "%1.") + level(1, "decimal", "%1.%2")
    body = (PARTIES + para("Definitions", num=1) + para("“Mike” means a defined term.", num=1, ilvl=1)
            + para("Assignment", num=1) + para("Employee hereby assigns november rights to Company.")
            + para("A second paragraph of oscar words under the same heading.")
            + para("Notices", num=1) + para("Notices go to the papa address."))
    doc = parse_bytes(docx_bytes(body, numbering({1: levels}, {1: (1, {})}), heading1_styles()), "h.docx")
    assert [label_of(doc, w) for w in ("Mike", "november", "oscar", "papa")] == [
        "cl. 1.1", "cl. 2", "cl. 2", "cl. 3"]
    assert holder(doc, "november").attrs.get("heading") == "Assignment"


# ---- the front: cover pages, order forms, drafting notes and blanks are never clauses


def _table(rows: list[list[str]]) -> str:
    return "<w:tbl>" + "".join(
        "<w:tr>" + "".join(f"<w:tc><w:p>{run(c)}</w:p></w:tc>" for c in r) + "</w:tr>" for r in rows
    ) + "</w:tbl>"


def _contract(body: str) -> bytes:
    return docx_bytes(body, numbering({1: LEGAL_LEVELS}, {1: (1, {})}), heading1_styles())


def test_a_cover_page_before_the_standard_terms_is_not_citable() -> None:
    cover = (para("Pilot Agreement", style="Title") + para("Order Form")
             + _table([["Product", "The Product under this Order Form is {product_description}."],
                       ["Fees", "[Drafting note: If a free Pilot, delete this row.] {fees}"]])
             + para("By signing this Cover Page, each party agrees to enter into this Agreement.")
             + para("Standard Terms"))
    body = cover + "".join(clause_body(n) for n in (1, 2, 3))
    doc = parse_bytes(_contract(body), "c.docx")
    assert doc.kind is DocumentKind.CONTRACT
    for words in ("{product_description}", "Drafting note", "By signing this Cover Page", "Standard Terms"):
        at = doc.text.index(words)
        assert not [u.label for u in doc.units if u.citable and u.char_start <= at < u.char_end], words
        assert holder(doc, words).zone is Zone.COVER
    assert label_of(doc, "record 1x1") == "cl. 1.1"


def test_without_a_cover_table_the_parties_stay_citable_but_notes_do_not() -> None:
    body = (PARTIES + para("[Drafting note: delete this paragraph before sending.]")
            + para("THIS INSTRUMENT AND ANY SECURITIES ISSUABLE HEREUNDER HAVE NOT BEEN REGISTERED UNDER THE "
                   "SECURITIES ACT OF 1933 AND MAY NOT BE SOLD EXCEPT AS PERMITTED THEREUNDER.")
            + "".join(clause_body(n) for n in (1, 2, 3)))
    doc = parse_bytes(_contract(body), "p.docx")
    assert holder(doc, "Alpha Widgets Limited").citable
    assert holder(doc, "delete this paragraph").zone is Zone.NOTE
    assert not holder(doc, "delete this paragraph").citable
    assert holder(doc, "HAVE NOT BEEN REGISTERED").zone is Zone.COVER


def test_a_signature_table_after_the_terms_is_not_citable() -> None:
    body = ("".join(clause_body(n) for n in (1, 2, 3)) + para("Signatures", style="Title")
            + _table([["Signature", ""], ["Print Name", "[Full name of signatory]"], ["Date", ""]]))
    doc = parse_bytes(_contract(PARTIES + body), "sig.docx")
    assert holder(doc, "[Full name of signatory]").zone is Zone.SIGNATURES
    assert label_of(doc, "record 3x2") == "cl. 3.2"
    last = next(u for u in doc.units if u.label == "cl. 3.2")
    assert "Signatures" not in doc.text[last.char_start:last.char_end]


# ---- the zoo's Word contracts


@pytest.mark.shared
@pytest.mark.parametrize("shape", ["contract_docx_word_numbering", "contract_docx_literal_numbering"])
def test_the_zoo_s_word_contracts_carry_their_printed_numbers(shared: Path, shape: str) -> None:
    keys = sorted((shared / "zoo" / shape).glob("*.key.json"))
    assert keys
    right = units = kept = noncit = 0
    for key in keys:
        r = score_key(key)
        right, units = right + r.right, units + r.units
        kept, noncit = kept + r.kept_out, noncit + r.non_citable
    assert right / units >= 0.95, (shape, right, units)
    assert kept == noncit, (shape, kept, noncit)


@pytest.mark.shared
def test_the_zoo_s_word_contracts_agree_with_their_own_cross_references(shared: Path) -> None:
    """'Section 2.3 (Effect of Termination)': the unit labelled 2.3 is headed Effect of Termination."""
    checked = 0
    for path in sorted((shared / "zoo" / "contract_docx_word_numbering").glob("*.docx")):
        doc = parse_bytes(path.read_bytes(), path.name)
        headings = {u.label: (u.attrs.get("heading") or "") for u in doc.units if u.citable}
        for m in re.finditer(r"Sections? (\d+(?:\.\d+)*) \(([A-Z][^()]{2,60})\)", doc.text):
            label, title = f"cl. {m.group(1)}", m.group(2)
            assert label in headings, (path.name, m.group(0))
            got = headings[label].rstrip(".").lower()
            assert got == title.lower(), (path.name, m.group(0), headings[label])
            checked += 1
    assert checked >= 10


@pytest.mark.shared
def test_the_dpa_sections_with_an_unnumbered_body_hold_it(shared: Path) -> None:
    key = json.loads((shared / "zoo" / "contract_docx_word_numbering"
                      / "common_paper_data_processing_agreement.key.json").read_text(encoding="utf-8"))
    path = shared / "zoo" / "contract_docx_word_numbering" / "common_paper_data_processing_agreement.docx"
    doc = parse_bytes(path.read_bytes(), path.name)
    for item in key["units"]:
        if item["label"] in ("4", "9", "10"):
            assert label_of(doc, item["quote"]) == f"cl. {item['label']}", item


def test_clause_numbers_typed_as_text_with_word_lists_under_them_keep_both() -> None:
    """Headings typed "1. SERVICES", their (a) lists drawn by Word: every number is read, typed or drawn."""
    lists = level(0, "lowerLetter", "(%1)")
    nums = {2: (2, {0: 1}), 3: (2, {0: 1}), 4: (2, {0: 1})}
    body = PARTIES
    for n, (head, words) in enumerate([("SERVICES", "quebec"), ("PAYMENT", "romeo"), ("TERM", "sierra")], 1):
        body += (para(f"{n}. {head}") + para(f"{n}.1 The Supplier shall do the {words}one things:")
                 + para(f"{words}two items;", num=n + 1) + para(f"{words}three items.", num=n + 1))
    doc = parse_bytes(docx_bytes(body, numbering({2: lists}, nums), heading1_styles()), "t.docx")
    assert [label_of(doc, w) for w in ("quebecone", "quebectwo", "romeothree", "sierratwo")] == [
        "cl. 1.1", "cl. 1.1(a)", "cl. 2.1(b)", "cl. 3.1(a)"]


def _indented(text: str, left: int, num: int | None = None, ilvl: int = 0) -> str:
    numpr = f'<w:numPr><w:ilvl w:val="{ilvl}"/><w:numId w:val="{num}"/></w:numPr>' if num is not None else ""
    return f'<w:p><w:pPr>{numpr}<w:ind w:left="{left}" w:hanging="360"/></w:pPr>{run(text)}</w:p>'


def test_an_unnumbered_paragraph_set_at_an_outer_item_s_text_continues_that_item() -> None:
    """After (iii), a paragraph aligned with (d)'s text is the rest of (d), not of (iii); one aligned with
    (iii)'s text stays in (iii)."""
    body = (PARTIES + _indented("EVENTS", 360, 1, 0) + _indented("Liquidation Priority:", 1080, 1, 1)
            + _indented("tango junior debts;", 1800, 1, 2) + _indented("uniform senior stock.", 1800, 1, 2)
            + _indented("The victor right to receive is on par with common stock.", 1080)
            + _indented("Termination of whiskey rights.", 1080, 1, 1)
            + _indented("xray words;", 1800, 1, 2) + _indented("yankee more words of the same item.", 1800)
            + _indented("NOTICES", 360, 1, 0) + _indented("zulu notices by post.", 1080, 1, 1))
    levels = level(0, "decimal", "%1.") + level(1, "lowerLetter", "(%2)") + level(2, "lowerRoman", "(%3)")
    doc = parse_bytes(docx_bytes(body, numbering({1: levels}, {1: (1, {})}), heading1_styles()), "i.docx")
    assert [label_of(doc, w) for w in ("tango", "uniform", "victor", "whiskey", "xray", "yankee", "zulu")] == [
        "cl. 1(a)(i)", "cl. 1(a)(ii)", "cl. 1(a)", "cl. 1(b)", "cl. 1(b)(i)", "cl. 1(b)(i)", "cl. 2(a)"]


def test_a_judgment_whose_paragraphs_word_numbers_stays_a_judgment() -> None:
    levels = level(0, "decimal", "[%1]")
    paras = ["This is an appeal between the Appellant and the Respondent (the \u201cCouncil\u201d).",
             "The judge below dismissed the claim.", "I would allow the appeal.", "I agree."]
    body = para("Neutral Citation Number: [2020] EWCA Civ 1", style="Title") + "".join(
        para(t, num=1) for t in paras)
    doc = parse_bytes(docx_bytes(body, numbering({1: levels}, {1: (1, {})}), heading1_styles()), "j.docx")
    assert doc.kind is DocumentKind.JUDGMENT
    assert label_of(doc, "dismissed the claim") == "[2]"


def test_typed_numbers_after_an_order_form_table_leave_the_form_out_too() -> None:
    body = (para("SERVICES AGREEMENT", style="Title") + _table([["Fees", "{fees}"], ["Term", "two years"]])
            + para("1. SERVICES") + para("1.1 The Supplier shall perform the alphaservices.")
            + para("2. PAYMENT") + para("2.1 The Customer shall pay the bravofees.")
            + para("3. TERM") + para("3.1 This Agreement runs for the charlieterm."))
    doc = parse_bytes(docx_bytes(body), "o.docx")
    assert label_of(doc, "bravofees") == "cl. 2.1"
    assert holder(doc, "two years").zone is Zone.COVER and not holder(doc, "two years").citable
