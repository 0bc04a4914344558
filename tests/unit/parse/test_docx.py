"""The .docx reader: Word's list numbering rendered into the clause labels and the canonical text.

Every document here is written by the test itself (tests/support/docx_synth.py writes the XML and zips it): numbering
exists only in ``numbering.xml`` (``w:numPr`` on a paragraph or its style), never in the paragraph's text, as
in the Word contracts a firm holds.  The seeded generator asserts that every clause's words lie in the unit
labelled with its own number.
"""

from __future__ import annotations

import io
import time
import zipfile

import pytest

from pincite.errors import ParseError
from pincite.parse import parse_bytes, sniff_format
from pincite.parse.docx import MAX_PART_BYTES, format_number, read_docx
from pincite.parse.draft import read_draft
from pincite.types import DocumentKind, Format
from tests.support.docx_synth import (
    LEGAL_LEVELS, W_NS, docx_bytes, document, level, numbering, para, run, styles, synth_contract,
)


def innermost(doc, offset: int):
    """The smallest unit whose span holds ``offset``."""
    best = None
    for u in doc.units:
        if u.char_start <= offset < u.char_end and (best is None or u.char_end - u.char_start
                                                      < best.char_end - best.char_start):
            best = u
    return best


def mislabelled(doc, clauses) -> list[str]:
    bad = []
    for c in clauses:
        for w in c.words:
            at = doc.text.find(w)
            assert at >= 0, f"{w} of {c.label} is not in the text"
            u = innermost(doc, at)
            got = u.label if u is not None else None
            if got != c.label:
                bad.append(f"{w}: in {got}, printed in {c.label}")
    return bad


# ---- the generator: every clause's words in the unit of its own number

SEEDS = range(200)


@pytest.mark.parametrize("seed", SEEDS)
def test_every_clause_of_a_word_contract_is_in_the_unit_of_its_own_number(seed: int) -> None:
    data, clauses, desc = synth_contract(seed)
    doc = parse_bytes(data, f"synth_{seed}.docx")
    assert doc.format is Format.DOCX and doc.kind is DocumentKind.CONTRACT, desc
    assert doc.title == "SERVICES AGREEMENT"
    assert mislabelled(doc, clauses) == [], desc
    # every number Word draws is in the canonical text, at the start of its paragraph
    for c in clauses:
        number = c.label.removeprefix("cl. ")
        if "(" not in number:
            assert f"\n{number}" in doc.text, (number, desc)


def test_a_numbering_jump_of_six_or_more_in_a_word_contract() -> None:
    """Word draws 1, 2, 3, then 9 (a renumbered draft); the text analysis must take "9." as clause 9."""
    nums = {1: (1, {}), 2: (1, {0: 9})}
    body = [para("SERVICES AGREEMENT", style="Title"),
            para("This Agreement is made between Alpha Widgets Limited and Beta Gadgets Limited.")]
    for n in (1, 2, 3):
        body += [para(f"HEADING {n}".replace(str(n), "ABC"[n - 1]), num=1),
                 para(f"The Supplier shall do the thing number {'xyz'[n - 1]}one.", num=1, ilvl=1),
                 para(f"The Customer shall do the thing number {'xyz'[n - 1]}two.", num=1, ilvl=1)]
    body += [para("TERMINATION", num=2), para("Either party may end this on ninety days notice.", num=2, ilvl=1),
             para("NOTICES", num=2), para("Notices go to the registered office by hand.", num=2, ilvl=1)]
    doc = parse_bytes(docx_bytes("".join(body), numbering({1: LEGAL_LEVELS}, nums), styles()), "jump.docx")
    assert "\n9. TERMINATION" in doc.text and "\n9.1 Either party" in doc.text and "\n10.1 Notices" in doc.text
    at = doc.text.index("ninety days")
    assert innermost(doc, at).label == "cl. 9.1"


# ---- numbering details


def _render(levels: str, paras: list[tuple[str, int, int]], nums=None, styles_xml=None) -> list[str]:
    body = "".join(para(t, num=n, ilvl=lv) for t, n, lv in paras)
    d = read_docx(docx_bytes(body, numbering({1: levels}, nums or {1: (1, {})}), styles_xml), "n.docx")
    return d.text.strip().split("\n\n")


def test_lvltext_start_and_formats() -> None:
    levels = (level(0, "upperRoman", "ARTICLE %1", start=4) + level(1, "decimal", "Section %1.%2")
              + level(2, "upperLetter", "%3)") + level(3, "lowerRoman", "(%4)"))
    got = _render(levels, [("Payment", 1, 0), ("Fees.", 1, 1), ("one", 1, 2), ("two", 1, 2), ("deep", 1, 3),
                           ("Expenses.", 1, 1), ("Term", 1, 0), ("Length.", 1, 1)])
    assert got == ["ARTICLE IV Payment", "Section IV.1 Fees.", "A) one", "B) two", "(i) deep",
                   "Section IV.2 Expenses.", "ARTICLE V Term", "Section V.1 Length."]


def test_is_legal_renders_every_number_in_decimal() -> None:
    levels = level(0, "upperRoman", "ARTICLE %1") + level(1, "decimal", "%1.%2").replace(
        '<w:lvlText', '<w:isLgl/><w:lvlText')
    assert _render(levels, [("A", 1, 0), ("b", 1, 1), ("C", 1, 0), ("d", 1, 1)]) == [
        "ARTICLE I A", "1.1 b", "ARTICLE II C", "2.1 d"]


def test_lists_restart_under_each_parent_unless_lvlrestart_says_never() -> None:
    restarting = level(0, "decimal", "%1.") + level(1, "lowerLetter", "(%2)")
    assert _render(restarting, [("A", 1, 0), ("x", 1, 1), ("y", 1, 1), ("B", 1, 0), ("z", 1, 1)]) == [
        "1. A", "(a) x", "(b) y", "2. B", "(a) z"]
    never = level(0, "decimal", "%1.") + level(1, "lowerLetter", "(%2)", restart=0)
    assert _render(never, [("A", 1, 0), ("x", 1, 1), ("y", 1, 1), ("B", 1, 0), ("z", 1, 1)]) == [
        "1. A", "(a) x", "(b) y", "2. B", "(c) z"]


def test_instances_of_one_list_continue_it_and_a_start_override_restarts_it() -> None:
    levels = level(0, "decimal", "%1.") + level(1, "decimal", "%1.%2")
    nums = {1: (1, {}), 2: (1, {}), 3: (1, {0: 1}), 4: (1, {0: 20})}
    got = _render(levels, [("A", 1, 0), ("B", 2, 0), ("b", 2, 1), ("C", 3, 0), ("D", 3, 0), ("E", 4, 0),
                           ("e", 4, 1), ("F", 1, 0)], nums)
    assert got == ["1. A", "2. B", "2.1 b", "1. C", "2. D", "20. E", "20.1 e", "21. F"]


def test_a_sub_list_restarted_by_a_new_instance_does_not_restart_its_parent() -> None:
    """Judgments as handed down in Word (their numbering checked against The National Archives' own rendering):
    a quoted list restarted at "i)" is a new instance of the paragraphs' list whose override covers every level;
    only the level it draws restarts, and the paragraphs after it run on (54, i), ii), 55, 56), whether they
    come back under the new instance or the old one."""
    levels = level(0, "decimal", "%1.") + level(1, "lowerRoman", "%2)")
    nums = {1: (1, {}), 2: (1, {0: 1, 1: 1})}
    got = _render(levels, [("A", 1, 0), ("B", 1, 0), ("x", 2, 1), ("y", 2, 1), ("C", 2, 0), ("D", 2, 0),
                           ("E", 1, 0)], nums)
    assert got == ["1. A", "2. B", "i) x", "ii) y", "3. C", "4. D", "5. E"]
    # an instance first drawn at the top level with its own override is a new list, as before
    assert _render(levels, [("A", 1, 0), ("x", 1, 1), ("B", 2, 0)], nums) == ["1. A", "i) x", "1. B"]


def test_a_style_based_on_a_numbered_style_may_set_only_the_level() -> None:
    """"Body text 2" is based on "Body text 1" (numbered by list 1) and sets only ``<w:ilvl w:val="1"/>``: its
    paragraphs are the list's second level, drawn with that level's own start, not more top-level numbers."""
    levels = level(0, "decimal", "%1.") + level(1, "decimal", "%2.", start=9)
    styles_xml = (f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:styles xmlns:w="{W_NS}">'
                  '<w:style w:type="paragraph" w:styleId="Normal"><w:name w:val="Normal"/></w:style>'
                  '<w:style w:type="paragraph" w:styleId="Body1"><w:name w:val="Body text 1"/>'
                  '<w:basedOn w:val="Normal"/><w:pPr><w:numPr><w:numId w:val="1"/></w:numPr></w:pPr></w:style>'
                  '<w:style w:type="paragraph" w:styleId="Body2"><w:name w:val="Body text 2"/>'
                  '<w:basedOn w:val="Body1"/><w:pPr><w:numPr><w:ilvl w:val="1"/></w:numPr></w:pPr></w:style>'
                  '</w:styles>')
    body = "".join(para(t, style=st) for t, st in (("A", "Body1"), ("B", "Body1"), ("x", "Body2"), ("y", "Body2"),
                                                   ("C", "Body1")))
    d = read_docx(docx_bytes(body, numbering({1: levels}, {1: (1, {})}), styles_xml), "b2.docx")
    assert d.text.strip().split("\n\n") == ["1. A", "2. B", "9. x", "10. y", "3. C"]


def test_a_sub_level_drawn_first_counts_its_parent_as_begun() -> None:
    levels = level(0, "decimal", "%1.") + level(1, "decimal", "%1.%2")
    assert _render(levels, [("a", 1, 1), ("b", 1, 1), ("C", 1, 0)]) == ["1.1 a", "1.2 b", "2. C"]


def test_a_listnum_field_draws_the_next_number_of_its_list() -> None:
    """An older judgment numbers paragraphs with Word's LISTNUM field where a style's numbering was taken away
    (numId 0): "LISTNUM 1 \\l 1" draws the next number of list 1 at its first level, so the list runs on."""
    levels = level(0, "decimal", "%1.")
    field = ('<w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText>LISTNUM 1 \\l 1</w:instrText></w:r>'
             '<w:r><w:fldChar w:fldCharType="end"/></w:r>')
    body = (para("A", num=1) + para("B", num=1) + para(num=0, inner=field + run(" C")) + para("a heading", num=0)
            + para(num=0, inner=field + run(" D")) + para("E", num=1))
    d = read_docx(docx_bytes(body, numbering({1: levels}, {1: (1, {})})), "l.docx")
    assert d.text.strip().split("\n\n") == ["1. A", "2. B", "3. C", "a heading", "4. D", "5. E"]


def test_an_empty_cell_merged_into_the_one_above_draws_no_number() -> None:
    levels = level(0, "decimal", "%1.")
    cell = "<w:tc>{}{}</w:tc>"
    merged = cell.format('<w:tcPr><w:vMerge/></w:tcPr>', para(num=1))
    table = ("<w:tbl><w:tr>" + cell.format("", para("money")) + cell.format('<w:tcPr><w:vMerge w:val="restart"/>'
             "</w:tcPr>", para("EUR")) + "</w:tr><w:tr>" + cell.format("", para("more")) + merged + "</w:tr></w:tbl>")
    body = para("A", num=1) + table + para("B", num=1)
    d = read_docx(docx_bytes(body, numbering({1: levels}, {1: (1, {})})), "m.docx")
    assert d.text.strip().split("\n\n")[-1] == "2. B"


def test_a_whole_level_override_and_letters_past_z() -> None:
    levels = level(0, "decimal", "%1.")
    numbering_xml = numbering({1: levels}, {1: (1, {})}).replace(
        '<w:abstractNumId w:val="1"/></w:num>',
        '<w:abstractNumId w:val="1"/><w:lvlOverride w:ilvl="0">'
        + level(0, "lowerLetter", "[%1]", start=26) + "</w:lvlOverride></w:num>")
    body = "".join(para(t, num=1) for t in ("p", "q", "r"))
    assert read_docx(docx_bytes(body, numbering_xml), "o.docx").text.split() == ["[z]", "p", "[aa]", "q",
                                                                                  "[bb]", "r"]
    assert [format_number(n, "upperLetter") for n in (1, 26, 27, 53)] == ["A", "Z", "AA", "AAA"]
    assert format_number(1994, "upperRoman") == "MCMXCIV" and format_number(7, "decimalZero") == "07"


def test_numbering_from_the_paragraph_style_and_a_numbering_style_link() -> None:
    # Heading 1 is numbered by its style; list 2 takes its levels from a numbering style defined by list 1
    levels = level(0, "decimal", "%1.") + level(1, "decimal", "%1.%2")
    numbering_xml = (f'<w:numbering xmlns:w="{W_NS}">'
                     f'<w:abstractNum w:abstractNumId="1"><w:styleLink w:val="LegalList"/>{levels}</w:abstractNum>'
                     '<w:abstractNum w:abstractNumId="2"><w:numStyleLink w:val="LegalList"/></w:abstractNum>'
                     '<w:num w:numId="1"><w:abstractNumId w:val="1"/></w:num>'
                     '<w:num w:numId="2"><w:abstractNumId w:val="2"/></w:num></w:numbering>')
    body = (para("DEFINITIONS", style="Heading1") + para("words", num=2, ilvl=1)
            + para("PAYMENT", style="Heading1") + para("money", num=2, ilvl=1))
    d = read_docx(docx_bytes(body, numbering_xml, styles(heading_num=1)), "s.docx")
    assert d.text.strip().split("\n\n") == ["1. DEFINITIONS", "1.1 words", "2. PAYMENT", "2.1 money"]
    assert [b.heading for b in d.blocks] == [1, None, 1, None]


def test_bullets_and_num_id_zero_are_not_numbers() -> None:
    levels = level(0, "bullet", "\uf0b7")
    body = para("a point", num=1) + para("not numbered", num=0)
    d = read_docx(docx_bytes(body, numbering({1: levels}, {1: (1, {})})), "b.docx")
    assert d.text.strip().split("\n\n") == ["\u2022 a point", "not numbered"] and d.numbered == 0


# ---- text: tracked changes, comments, hidden text, tables, fields


def test_tracked_changes_are_accepted_and_comments_left_out() -> None:
    inner = (run("The Supplier shall deliver within ")
             + '<w:del w:id="1" w:author="A"><w:r><w:delText>ninety</w:delText></w:r></w:del>'
             + '<w:ins w:id="2" w:author="A">' + run("thirty") + "</w:ins>"
             + '<w:commentRangeStart w:id="5"/>' + run(" days") + '<w:commentRangeEnd w:id="5"/>'
             + '<w:r><w:commentReference w:id="5"/></w:r>'
             + '<w:r><w:rPr><w:vanish/></w:rPr><w:t>HIDDEN</w:t></w:r>'
             + '<w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText> PAGE </w:instrText></w:r>'
             + '<w:r><w:fldChar w:fldCharType="end"/></w:r>' + run("."))
    comments = (f'<w:comments xmlns:w="{W_NS}"><w:comment w:id="5"><w:p>{run("REVIEWER NOTE")}</w:p>'
                "</w:comment></w:comments>").encode()
    body = para(inner=inner) + '<w:ins w:id="3"><w:p>' + run("An inserted paragraph.") + "</w:p></w:ins>"
    d = read_docx(docx_bytes(body, extra={"word/comments.xml": comments}), "t.docx")
    assert d.text == "The Supplier shall deliver within thirty days.\n\nAn inserted paragraph.\n"


def test_tables_are_text_row_by_row() -> None:
    def cell(t: str) -> str:
        return f"<w:tc><w:p>{run(t)}</w:p></w:tc>"

    table = ("<w:tbl>" + "<w:tr>" + cell("Fee") + cell("Amount") + "</w:tr>"
             + "<w:tr>" + cell("Licence") + cell("£1,000") + "</w:tr></w:tbl>")
    d = read_docx(docx_bytes(para("Schedule of fees") + table), "tbl.docx")
    # cells a tab apart, as Word copies a row: a quote across two cells ("Licence £1,000") matches
    assert d.text == "Schedule of fees\n\nFee\tAmount\n\nLicence\t£1,000\n"
    from pincite.answer.verify import locate_quote
    assert locate_quote(d.text, "Licence £1,000") is not None


def test_offsets_are_into_the_canonical_text() -> None:
    data, clauses, _ = synth_contract(7)
    doc = parse_bytes(data, "o.docx")
    numbered = [u for u in doc.units if u.number]
    assert numbered
    for u in doc.units:
        assert 0 <= u.char_start < u.char_end <= len(doc.text)
    for u in numbered:  # a clause's span starts with the number Word draws for it
        assert doc.text.startswith(u.number, u.char_start), (u.label, doc.text[u.char_start:u.char_start + 20])


def test_a_draft_docx_keeps_its_numbered_paragraphs_numbers() -> None:
    data, clauses, _ = synth_contract(11)
    text = read_draft(data, "draft.docx")
    assert text == read_docx(data, "draft.docx").text
    assert "\n1.1 " in text


# ---- bad input: each a clear error naming the file


def _zip(parts: dict[str, bytes]) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        for k, v in parts.items():
            z.writestr(k, v)
    return buf.getvalue()


ENTITY_DOC = (f'<?xml version="1.0"?><!DOCTYPE w:document [<!ENTITY x "EXPANDED">]>'
              f'<w:document xmlns:w="{W_NS}"><w:body><w:p><w:r><w:t>before &x; after</w:t></w:r></w:p></w:body>'
              "</w:document>")


def bad_docx_files() -> dict[str, tuple[bytes, str]]:
    """name -> (bytes, words the error must say)."""
    bomb = _zip({"[Content_Types].xml": b"<Types/>", "word/document.xml": b"<" + b" " * (MAX_PART_BYTES + 10)})
    return {
        "not_a_zip.docx": (b"This is plain text saved with a .docx name.\n", "not a zip"),
        "empty.docx": (b"", "empty"),
        "bomb.docx": (bomb, "zip bomb"),
        "entities.docx": (docx_bytes("", document_xml=ENTITY_DOC), "entities"),
        "late_doctype.docx": (docx_bytes("", document_xml='<?xml version="1.0"?><!--' + "x" * 70_000 + "-->"
                                         + ENTITY_DOC.split("?>", 1)[1]), "entities"),
        "undefined_entity.docx": (
            docx_bytes("", document_xml=document(para(inner="<w:r><w:t>a &nbsp; b</w:t></w:r>"))), "not well-formed"),
        "malformed.docx": (docx_bytes("", document_xml=document(para("unclosed")).replace("</w:body>", "")),
                           "well-formed"),
        "sheet.docx": (_zip({"[Content_Types].xml": b"<Types/>", "xl/workbook.xml": b"<workbook/>"}),
                       "no word/document.xml"),
        "locked.docx": (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\x00" * 600, "password-protected"),
        "truncated.docx": (synth_contract(1)[0][:300], "not a readable .docx"),
    }


@pytest.mark.parametrize("name", sorted(bad_docx_files()))
def test_bad_docx_gets_one_clear_error_naming_the_file(name: str) -> None:
    data, words = bad_docx_files()[name]
    with pytest.raises(ParseError) as e:
        parse_bytes(data, name)
    assert e.value.source == name and words in str(e.value), str(e.value)
    assert "EXPANDED" not in str(e.value)


def test_the_zip_bomb_is_refused_without_inflating_it() -> None:
    bomb = bad_docx_files()["bomb.docx"][0]
    assert len(bomb) < 200_000
    t = time.perf_counter()
    with pytest.raises(ParseError, match="zip bomb"):
        parse_bytes(bomb, "bomb.docx")
    assert time.perf_counter() - t < 5


def test_a_zip_is_sniffed_as_docx_only_when_it_holds_a_word_document() -> None:
    assert sniff_format(synth_contract(0)[0], "no_extension") is Format.DOCX
    with pytest.raises(ParseError, match="not a Word document"):
        sniff_format(_zip({"a.txt": b"hello"}), "archive.zip")
