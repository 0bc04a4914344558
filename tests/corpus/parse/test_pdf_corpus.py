"""PDF parser on the real judgments and CUAD contract PDFs in ../shared (facts checked by reading the PDFs)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from pincite.parse import parse_bytes
from pincite.types import DocumentKind, Role, UnitKind, Zone

pytestmark = pytest.mark.shared

SA = "pdf_judgments/zasca_2024_21_mec_health_gauteng_v_M.pdf"
US = "pdf_judgments/scotus_2013_tarrant_regional_water_dist_v_herrmann_569US614_slip.pdf"
TAX = "pdf_judgments/tcmemo_2020-26_bordelon_v_commissioner.pdf"

_cache: dict[str, object] = {}


def load(corpus: Path, rel: str):
    if rel not in _cache:
        path = corpus / rel
        _cache[rel] = parse_bytes(path.read_bytes(), path.name)
    return _cache[rel]


def para(doc, number: str):
    return next(u for u in doc.units if u.zone == Zone.REASONS and u.number == number)


# ---- South Africa: [N] is not the printed page

# (paragraph, printed page where it starts, printed page where it ends, first words)
SA_PARAGRAPHS = [
    ("1", "3", "3", "[1] This appeal is against an order of the full court"),
    ("2", "4", "4", "[2] The primary questions in this appeal"),
    ("5", "4", "5", "[5] She pleaded various acts of negligence"),
    ("7", "5", "6", "[7] It was common ground that on her admission"),
    ("11", "7", "8", "[11] The second aspect on which Ms M relied"),
    ("36", "17", "18", "[36] In the result the following order is made:"),
]


@pytest.mark.parametrize("number,start,end,words", SA_PARAGRAPHS)
def test_sa_paragraph_is_on_its_printed_page(corpus, number, start, end, words):
    doc = load(corpus, SA)
    u = para(doc, number)
    assert (u.page_start, u.page_end) == (start, end)
    assert u.pdf_page_start == int(start) - 1  # the cover is page 1 and prints no number
    assert doc.text[u.char_start:u.char_end].startswith(words)
    assert u.label == f"[{number}]"


def test_sa_paragraphs_are_1_to_36_joint_and_citable(corpus):
    doc = load(corpus, SA)
    reasons = [u for u in doc.units if u.zone == Zone.REASONS]
    assert [u.number for u in reasons] == [str(n) for n in range(1, 37)]
    assert all(u.citable and u.kind == UnitKind.PARAGRAPH for u in reasons)
    assert {u.author for u in reasons} == {"Dambuza AP and Nicholls JA"}
    assert {u.role for u in reasons} == {Role.JOINT}
    assert "concurring" in reasons[0].role_basis


def test_sa_zones_cover_summary_order(corpus):
    doc = load(corpus, SA)
    assert doc.kind == DocumentKind.JUDGMENT
    first = doc.units[0]
    assert first.zone == Zone.COVER and not first.citable
    assert "Coram: DAMBUZA AP" in doc.text[first.char_start:first.char_end]
    summary = next(u for u in doc.units if u.zone == Zone.HEADNOTE)
    assert not summary.citable and summary.page_start == "2"
    assert doc.text[summary.char_start:summary.char_end].startswith("Summary: Delict")
    order = next(u for u in doc.units if u.zone == Zone.ORDER)
    assert not order.citable and order.page_start == "3"
    assert "The appeal is upheld with costs" in doc.text[order.char_start:order.char_end]


def test_sa_page_number_is_furniture(corpus):
    doc = load(corpus, SA)
    assert [m.label for m in doc.pages][:4] == [None, "2", "3", "4"]
    assert doc.pages[3].furniture[0] == "4"
    # page 5's text starts with the words after the page number, mid-paragraph [5]
    assert doc.text[doc.pages[4].char_start:].startswith("perinatal asphyxia which caused him")


def test_sa_footnotes_are_notes_outside_the_paragraphs(corpus):
    doc = load(corpus, SA)
    notes = [u for u in doc.units if u.zone == Zone.NOTE]
    assert [u.number for u in notes] == [str(n) for n in range(1, 25)]
    n1 = notes[0]
    assert not n1.citable and n1.page_start == "3"
    assert doc.text[n1.char_start:n1.char_end].startswith("1 In April 2012 this Department was split")
    p1 = para(doc, "1")
    assert "In April 2012" not in doc.text[p1.char_start:p1.char_end]
    # the footnote mark after "(MEC)" is taken out of the text and kept with its offset
    assert "(MEC), was liable" in doc.text[p1.char_start:p1.char_end]
    assert any(n == "1" and p1.char_start <= off <= p1.char_end for off, n in doc.meta["footnote_refs"])


# ---- US Supreme Court slip opinion: Parts, printed pages, Syllabus apart

# (label, printed page where the Part starts, where it ends) - read off the slip opinion
US_PARTS = [
    ("Part I", "1", "6"),
    ("Part I-A", "1", "6"),
    ("Part I-B", "6", "9"),
    ("Part II", "9", "22"),
    ("Part II-A", "9", "11"),
    ("Part II-B", "11", "22"),
    ("Part II-B-1", "14", "16"),
    ("Part II-B-3", "20", "20"),
    ("Part II-C", "22", "22"),
    ("Part III", "22", "24"),
]


@pytest.mark.parametrize("label,start,end", US_PARTS)
def test_us_parts_carry_their_printed_pages(corpus, label, start, end):
    doc = load(corpus, US)
    u = next(u for u in doc.units if u.label == label)
    assert u.kind == UnitKind.PART and u.citable
    assert u.page_start == start
    assert int(u.page_end) >= int(end) - 3  # a Part ends where the next begins (same page or later)
    assert u.section_path[0] == "Opinion of the Court"
    assert u.section_path[1:] == tuple(label.removeprefix("Part ").split("-"))


def test_us_part_nesting(corpus):
    doc = load(corpus, US)
    by = {u.label: u for u in doc.units}
    assert doc.units[by["Part II-A"].parent].label == "Part II"
    assert doc.units[by["Part II-B-1"].parent].label == "Part II-B"
    assert doc.units[by["Part I"].parent].label == "Opinion of the Court"  # the opinion as a whole
    # the Part is the citable unit (a US opinion's paragraphs are not numbered): no paragraph hides it
    iia = by["Part II-A"]
    assert not any(u.parent == iia.ordinal for u in doc.units)
    assert doc.text[iia.char_start:].startswith("A\n\nTarrant claims that under §5.05(b)(1)")
    assert iia.section_path == ("Opinion of the Court", "II", "A")
    assert not any(u.label and u.label.startswith("¶") for u in doc.units)


def test_us_syllabus_pages_are_told_apart_and_not_citable(corpus):
    doc = load(corpus, US)
    labels = [m.label for m in doc.pages]
    # printed numbers ("slip op., at 2"); the running title tells the Syllabus's pages from the opinion's
    assert labels[:6] == ["1", "2", "3", "4", "1", "2"]
    assert labels[27] == "24"
    assert doc.pages[1].furniture[-1] == "Syllabus" and doc.pages[5].furniture[-1] == "Opinion of the Court"
    syllabus = [u for u in doc.units if u.zone == Zone.HEADNOTE]
    assert syllabus and not any(u.citable for u in syllabus)
    assert syllabus[0].page_start == "1" and syllabus[-1].page_end == "4"
    assert (syllabus[0].pdf_page_start, syllabus[-1].pdf_page_end) == (0, 3)
    held = doc.text.index("The Compact does not pre-empt the Oklahoma water statutes")
    for u in doc.units:
        if u.citable:
            assert not (u.char_start <= held < u.char_end)
    opinion = [u for u in doc.units if u.zone == Zone.REASONS]
    assert {u.author for u in opinion} == {"Sotomayor, J."}
    assert all(u.role == Role.LEAD for u in opinion)


def test_us_running_heads_are_furniture(corpus):
    doc = load(corpus, US)
    assert doc.pages[6].furniture[:2] == ("Cite as: 569 U. S. ____ (2013) 3", "Opinion of the Court")
    assert "Cite as:" not in doc.text
    assert "TARRANT REGIONAL WATER DIST. v. HERRMANN" not in doc.text
    assert "Okla­homa" not in doc.text and "Oklahoma’s portion of Reach II" in doc.text
    assert any("no text layer" in w for w in doc.warnings)  # the two map pages of the appendix
    assert any("not numbered" in w for w in doc.warnings)


# ---- Tax Court memo: summary, "- N -" and "[*N]", footnotes


def test_tax_summary_is_not_citable_and_reasons_are_gustafsons(corpus):
    doc = load(corpus, TAX)
    summary = next(u for u in doc.units if u.zone == Zone.HEADNOTE)
    text = doc.text[summary.char_start:summary.char_end]
    assert text.startswith("P-H was in the healthcare business")
    assert "Held, further" in text
    assert not summary.citable and summary.page_end == "3"
    first = next(u for u in doc.units if u.zone == Zone.REASONS)
    assert doc.text[first.char_start:first.char_end].startswith("GUSTAFSON, Judge: The Internal Revenue Service")
    assert first.page_start == "3" and first.author == "Gustafson J" and first.role == Role.SOLE
    for u in doc.units:
        if u.citable:
            assert "P-H was in the healthcare business" not in doc.text[u.char_start:u.char_end]


def test_tax_page_and_star_markers_are_furniture(corpus):
    doc = load(corpus, TAX)
    assert doc.pages[4].label == "5"
    assert doc.pages[4].furniture == ("- 5 -", "[*5]")
    assert not re.search(r"\[\*\d+\]", doc.text)
    assert not re.search(r"(?m)^- \d+ -$", doc.text)
    # page 2 continues the summary's sentence after the markers
    assert doc.text[doc.pages[1].char_start:].startswith("M LLC; and for 2010 and 2011")


def test_tax_footnotes_are_notes(corpus):
    doc = load(corpus, TAX)
    notes = {u.number: u for u in doc.units if u.zone == Zone.NOTE}
    assert set(notes) == {str(n) for n in range(1, 16)}
    n2 = notes["2"]
    assert not n2.citable and n2.page_start == "3"
    assert doc.text[n2.char_start:n2.char_end].startswith("2Unless otherwise indicated")
    for u in doc.units:
        if u.citable:
            assert "Unless otherwise indicated, all section references" not in doc.text[u.char_start:u.char_end]


def test_tax_decision_line_is_not_reasons(corpus):
    doc = load(corpus, TAX)
    last = [u for u in doc.units if u.zone != Zone.NOTE][-1]
    assert last.zone == Zone.ORDER and not last.citable
    assert doc.text[last.char_start:last.char_end] == "Decisions will be entered under Rule 155."


# ---- all PDFs: invariants; contracts: page numbers never clause numbers

ALL_JUDGMENTS = [SA, US, TAX]


def contract_pdfs(corpus: Path) -> list[Path]:
    return sorted((corpus / "contracts_cuad" / "pdf").iterdir())


def test_invariants_on_every_pdf(corpus):
    paths = [corpus / p for p in ALL_JUDGMENTS] + contract_pdfs(corpus)
    assert len(paths) == 12
    for path in paths:
        doc = load(corpus, str(path.relative_to(corpus)))
        assert [u.ordinal for u in doc.units] == list(range(len(doc.units))), path.name
        starts = [m.char_start for m in doc.pages]
        assert starts == sorted(starts), path.name
        for u in doc.units:
            t = doc.text[u.char_start:u.char_end]
            assert t and t == t.strip(), (path.name, u.ordinal)
            assert u.pdf_page_start is not None and u.pdf_page_start <= u.pdf_page_end
        noncitable = [u for u in doc.units if u.zone in (Zone.HEADNOTE, Zone.SUMMARY, Zone.NOTE, Zone.COVER)]
        for c in (u for u in doc.units if u.citable):
            for n in noncitable:
                assert n.char_end <= c.char_start or c.char_end <= n.char_start, (path.name, c.label, n.label)


def test_contract_page_numbers_are_never_clause_numbers(corpus):
    labelled = 0
    for path in contract_pdfs(corpus):
        doc = load(corpus, str(path.relative_to(corpus)))
        assert doc.kind != DocumentKind.JUDGMENT, path.name
        assert "Source: " not in doc.text, path.name
        for m in doc.pages:
            if m.label is None:
                continue
            labelled += 1
            assert any(re.search(rf"(?<![\d.]){re.escape(m.label)}(?![\d.])", f) for f in m.furniture), \
                (path.name, m.pdf_index)
            page_text = doc.text[m.char_start:m.char_end]
            assert not re.search(rf"(?m)^{re.escape(m.label)}$", page_text), (path.name, m.pdf_index)
        for u in doc.units:
            if u.number is not None:
                # a clause number is printed at the start of its own text, never taken from the page furniture
                assert doc.text[u.char_start:u.char_end].lstrip("( ").startswith(u.number.strip("()").split(".")[0]), \
                    (path.name, u.label)
    assert labelled >= 80


def test_cybergy_clause_numbers_meet_their_headings(corpus):
    path = next(p for p in contract_pdfs(corpus) if p.name.startswith("Cybergy"))
    doc = load(corpus, str(path.relative_to(corpus)))
    # the PDF draws "1." "2." "2.1" before the text; reading by position puts each with its heading
    assert re.search(r"(?m)^1\. Effective Date and Term\.", doc.text)
    assert re.search(r"(?m)^2\.1 General Rights\.", doc.text)
    assert [m.label for m in doc.pages][:3] == ["1", "2", "3"]
    assert doc.pages[1].furniture == ("2", "Source: CYBERGY HOLDINGS, INC., 10-Q, 5/20/2014")
