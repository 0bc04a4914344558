"""Contracts in the repository's own zoo (``zoo/contract_*``): Articles and their lettered Parts in Markdown
headings, clause numbers typed in bold, run-in "(a)" items, a licence whose sections are paragraphs over
``<ol type>`` lists, decimal clauses in PDFs with a four-line running foot, and a plain-text licence whose
list markers were lost in copying (reported, never inferred); with small files built here for the general
rules."""

from __future__ import annotations

from pathlib import Path

import pytest

from pincite.evaluation.zoo import score_key
from pincite.parse import parse_bytes
from pincite.types import DocumentKind, ParsedDocument, Zone
from tests.conftest import REPO

ZOO = REPO / "zoo"
CHARTER = "contract_markdown_heading_articles/series_seed_restated_certificate_of_incorporation.md"
BONTERMS_MD = "contract_markdown_bold_literal_numbers/bonterms_cloud_terms_v1.md"
BONTERMS_PDF = "contract_pdf/bonterms_cloud_terms_v1.pdf"
LLC = "contract_markdown_literal_article_numbering/participatoryorgs_delaware_llc_operating_agreement.md"
CC_HTML = "contract_html_ordered_lists/cc_by_sa_4_0_legalcode_page.html"
CC_TEXT = "contract_text_numbering_lost/cc_by_sa_4_0_legalcode_legalmattic.txt"
DPA = "contract_pdf_dpa_decimal/37signals_data_processing_addendum_2023.pdf"

_CACHE: dict[str, ParsedDocument] = {}


def _doc(name: str) -> ParsedDocument:
    if name not in _CACHE:
        path = ZOO / name
        _CACHE[name] = parse_bytes(path.read_bytes(), str(path))
    return _CACHE[name]


def _unit(doc: ParsedDocument, label: str):
    (u,) = [u for u in doc.units if u.label == label]
    return u, doc.text[u.char_start:u.char_end]


def _deepest_citable(doc: ParsedDocument, words: str):
    i = doc.text.index(words)
    inside = [u for u in doc.units if u.citable and u.char_start <= i and i + len(words) <= u.char_end]
    return min(inside, key=lambda u: u.char_end - u.char_start)


def _citable_over(doc: ParsedDocument, words: str) -> list[str | None]:
    i = doc.text.index(words)
    return [u.label for u in doc.units if u.citable and u.char_start < i + len(words) and i < u.char_end]


@pytest.mark.parametrize("name,labels,kept_out,pages", [
    (CC_HTML, 23, 5, 0),
    (BONTERMS_MD, 25, 3, 0),
    (CHARTER, 22, 3, 0),  # the 23rd quote keeps the Markdown's '*' marks; 2 non-citable: see the report
    (LLC, 23, 4, 0),
    (BONTERMS_PDF, 25, 4, 7),
    (DPA, 23, 2, 6),
])
def test_zoo_contract_keys(name, labels, kept_out, pages):
    key = (ZOO / name).with_suffix(".key.json")
    r = score_key(key, _doc(name))
    assert r.right >= labels, r.misses
    assert r.kept_out >= kept_out, r.misses
    assert r.pages_right >= pages, r.misses


# -- Articles, Parts and sections in Markdown headings -------------------------------------------------------


def test_charter_articles_parts_and_sections_nest_as_headed():
    doc = _doc(CHARTER)
    u, text = _unit(doc, "Article V.B.1.3.1(b)")
    assert text.startswith("(b) the sale, lease, transfer")
    chain = []
    while u.parent is not None:
        u = doc.units[u.parent]
        chain.append(u.label)
    assert chain == ["Article V.B.1.3.1", "Article V.B.1.3", "Article V.B.1", "Article V.B", "Article V"]
    # sections restart in each Part: Part A's "2. Voting." and Part B's "2. Voting." are two units
    assert _unit(doc, "Article V.A.2")[1].startswith("2. Voting.")
    assert _unit(doc, "Article V.B.2")[1].startswith("2. Voting.")
    assert _unit(doc, "Article VIII.C")[1].startswith("C. BALLOT.")
    assert _unit(doc, "Article X")[1].startswith("ARTICLE X: CORPORATE OPPORTUNITIES.")


def test_charter_certificate_signatures_do_not_end_the_charter():
    doc = _doc(CHARTER)
    sig = [u for u in doc.units if u.zone == Zone.SIGNATURES]
    assert sig and not any(u.citable for u in sig)
    assert doc.text[sig[0].char_start:].startswith("IN WITNESS WHEREOF")
    # the Articles after "# Exhibit A" are clauses, not "Exhibit A ¶n" paragraphs
    assert _deepest_citable(doc, "renounces any interest or expectancy").label == "Article X"
    # a template's blank standing alone is no term
    assert "[Corporation Name in All Caps]" in doc.text
    assert _citable_over(doc, "[Corporation Name in All Caps]") == []


def test_bonterms_markdown_whole_numbers_typed_in_bold_are_clauses():
    doc = _doc(BONTERMS_MD)
    assert _unit(doc, "cl. 1")[1].startswith("1. The Agreement. The Bonterms Cloud Terms")
    assert _unit(doc, "cl. 13")[1].startswith("13. Suspension. Provider may suspend")
    u, _ = _unit(doc, "cl. 5.3")
    assert doc.units[u.parent].label == "cl. 5"
    assert _deepest_citable(doc, "“Virus” means viruses").label == "cl. 23"
    assert _citable_over(doc, "The publisher of this form does not provide legal advice") == []


def test_llc_run_in_item_and_a_list_the_item_introduces():
    doc = _doc(LLC)
    u, text = _unit(doc, "cl. 4.5(a)")
    assert text.startswith("(a) So long as (1) there are only two Members")
    assert doc.text[doc.units[u.parent].char_start:u.char_start].endswith("Mandatory Purchase. ")
    assert _unit(doc, "cl. 4.5(b)")[1].startswith("(b)\tThe closing of the purchase")
    assert _unit(doc, "cl. 5.3(b)(8)")[1].startswith("8. disclose any software source code")
    assert _unit(doc, "Article 7")[1].startswith("Article 7")
    assert _citable_over(doc, "The parties are signing this agreement") == []


# -- a licence whose sections are paragraphs over <ol type> lists --------------------------------------------


def test_cc_html_sections_head_their_lists():
    doc = _doc(CC_HTML)
    assert doc.kind == DocumentKind.CONTRACT
    assert _unit(doc, "Section 3(a)(1)(A)(i)")[1].startswith("i. identification of the creator(s)")
    # Section 5's second list starts at 3 ("start" attribute): c., not a second a.
    assert _unit(doc, "Section 5(c)")[1].startswith("c. The disclaimer of warranties")
    assert _deepest_citable(doc, "this Section 4 supplements and does not replace").label == "Section 4"
    assert "Help us build a vibrant" not in doc.text  # the site's donation bar
    assert _citable_over(doc, "this paragraph does not form part of the public licenses") == []


def test_cc_text_with_lost_markers_says_so_and_infers_nothing():
    doc = _doc(CC_TEXT)
    labels = [u.label for u in doc.units if u.citable and u.number is not None]
    assert labels == [f"s. {n}" for n in range(1, 9)]
    assert not any("(" in (u.label or "") for u in doc.units)
    assert "Section 3(a)(1)(A)" in doc.meta["unprinted_citations"]
    assert any("list markers were probably lost" in w for w in doc.warnings)
    assert _citable_over(doc, "this paragraph does not form part of the public licenses") == []
    assert _citable_over(doc, "All contents of this repository are licensed") == []


# -- PDFs ----------------------------------------------------------------------------------------------------


def test_bonterms_pdf_four_line_foot_is_furniture_and_gives_the_page():
    doc = _doc(BONTERMS_PDF)
    assert [p.label for p in doc.pages] == [str(n) for n in range(1, 8)]
    assert "Learn more: Bonterms" not in doc.text
    assert "The publisher of this form" not in doc.text
    assert any("Page | 3" in f for f in doc.pages[2].furniture)


def test_dpa_clauses_opening_on_a_digit_or_going_on_a_list():
    doc = _doc(DPA)
    assert _unit(doc, "cl. 2.2.2")[1].startswith("2.2.2 have sole responsibility")
    assert _unit(doc, "cl. 2.3")[1].startswith("2.3 37signals’s Processing of Personal Data.")
    assert _unit(doc, "cl. 4")[1].startswith("4. 37SIGNALS PERSONNEL")
    assert _unit(doc, "cl. 2.3.3.iii")[1].startswith("iii. Not retain")
    assert _citable_over(doc, "(Last updated April 20, 2023)") == []
    assert _citable_over(doc, "DATA PROCESSING TERMS") == []


def test_dpa_annexes_inside_the_schedule_and_their_lettered_parts():
    doc = _doc(DPA)
    assert _unit(doc, "Schedule 1")[1] == "SCHEDULE 1"
    assert _unit(doc, "Schedule 1, Annex I")[1] == "ANNEX I"
    u, text = _unit(doc, "Schedule 1, Annex I.B")
    assert text.startswith("B. DESCRIPTION OF TRANSFER") and "Categories of personal data transferred" in text
    assert "C. COMPETENT SUPERVISORY AUTHORITY" not in text
    assert _deepest_citable(doc, "Name: 37signals LLC").label == "Schedule 1, Annex I.A"
    assert any(u.label.startswith("Schedule 1, Annex II") for u in doc.units)


# -- the general rules on files built here -------------------------------------------------------------------


def test_markdown_article_headings_with_sections_that_extend_them():
    md = ("# Services Agreement\n\n"
          "This Services Agreement is made between Alpha Ltd and Beta LLC (the parties).\n\n"
          "## Article 1 – Services\n\n1.1\t**Scope**. Alpha shall provide the services.\n\n"
          "1.2\t**Standard**. (a) Alpha shall act with care.\n\n(b)\tAlpha shall meet the service levels.\n\n"
          "## Article 2 – Fees\n\n2.1\t**Payment**. Beta shall pay the fees.\n\n"
          "2.2\t**Late payment**. Interest runs on late payments.\n\nIN WITNESS WHEREOF the parties sign.\n")
    doc = parse_bytes(md.encode(), "built.md")
    assert doc.kind == DocumentKind.CONTRACT
    assert _unit(doc, "Article 1")[1].startswith("Article 1 – Services")
    u, text = _unit(doc, "cl. 1.2(b)")
    assert text.startswith("(b)") and text.endswith("Alpha shall meet the service levels.")
    assert doc.units[u.parent].label == "cl. 1.2"
    assert doc.units[_unit(doc, "cl. 2.1")[0].parent].label == "Article 2"


def test_markdown_numbered_paragraph_out_of_sequence_is_text():
    md = ("# Supply Agreement\n\nThis Supply Agreement is made between Alpha Ltd and Beta LLC.\n\n"
          "**1. Supply**. Alpha shall supply the goods.\n\n**2. Price**. Beta shall pay the price.\n\n"
          "**7. Taxes**. This paragraph is out of sequence.\n\n**3. Term**. The term is one year.\n\n"
          "**4. Notices**. Notices are in writing.\n\nIN WITNESS WHEREOF the parties sign.\n")
    doc = parse_bytes(md.encode(), "built.md")
    labels = [u.label for u in doc.units if u.number is not None]
    assert labels == ["cl. 1", "cl. 2", "cl. 3", "cl. 4"]
    assert _deepest_citable(doc, "This paragraph is out of sequence").label == "cl. 2"


def test_html_section_paragraph_heads_a_typed_list():
    html = ("<html><head><title>Public Licence</title></head><body><h1>Public Licence</h1>"
            "<p>By exercising the Licensed Rights, You accept and agree to be bound by this Public "
            "License.</p>"
            "<p><strong>Section 1 – Definitions.</strong></p><ol type='a'><li>Work means the material.</li>"
            "<li>You means the licensee.</li></ol><p><strong>Section 2 – Scope.</strong></p>"
            "<ol type='a'><li>License grant.<ol><li>You may copy the Work.</li>"
            "<li>You may share it.</li></ol></li>"
            "</ol><p><strong>Section 3 – Term.</strong></p><ol type='a'><li>The term is perpetual.</li></ol>"
            "<p>For the avoidance of doubt, this paragraph does not form part of the Public License.</p>"
            "</body></html>")
    doc = parse_bytes(html.encode(), "built.html")
    assert _unit(doc, "Section 2(a)(2)")[1] == "2. You may share it."
    assert _unit(doc, "Section 1(b)")[1] == "b. You means the licensee."
    assert _citable_over(doc, "this paragraph does not form part") == []


def test_markdown_article_with_worded_sections():
    md = ("# Loan Agreement\n\n"
          "This Loan Agreement is made between Alpha Bank plc and Beta Ltd (the parties).\n\n"
          "## ARTICLE 1 DEFINITIONS\n\n### Section 1.1 Defined Terms\n\n"
          "Words have the meanings given here.\n\n"
          "### Section 1.2 Interpretation\n\n(a) Headings are for convenience.\n\n(b) The singular includes "
          "the plural.\n\n## ARTICLE 2 THE LOAN\n\n"
          "Section 2.1 Advance. The Lender shall advance the Loan.\n\n"
          "Section 2.2 of the Facility Letter applies to it.\n\n"
          "Section 2.3 Repayment. The Borrower shall repay.\n\nIN WITNESS WHEREOF the parties sign.\n")
    doc = parse_bytes(md.encode(), "built.md")
    assert _unit(doc, "cl. 1.2(b)")[1] == "(b) The singular includes the plural."
    assert doc.units[_unit(doc, "cl. 1.1")[0].parent].label == "Article 1"
    assert doc.units[_unit(doc, "cl. 2.3")[0].parent].label == "Article 2"
    # "Section 2.2 of the Facility Letter": a reference opening a paragraph, not a clause
    assert not [u for u in doc.units if u.label == "cl. 2.2"]
    assert _deepest_citable(doc, "of the Facility Letter applies").label == "cl. 2.1"
