"""HTML pages on small fictional fixtures (no ../shared needed)."""

from __future__ import annotations

import pytest

from pincite.errors import ParseError
from pincite.parse import parse_bytes, sniff_format
from pincite.parse.builder import validate_units
from pincite.parse.html import parse
from pincite.types import DocumentKind, Format, UnitKind, Zone


@pytest.fixture()
def numbered(fixtures):
    data = (fixtures / "html" / "numbered.html").read_bytes()
    return parse_bytes(data, "numbered.html")


def text_of(doc, u):
    return doc.text[u.char_start:u.char_end]


def test_sniffed_as_html(fixtures):
    assert sniff_format((fixtures / "html" / "numbered.html").read_bytes(), "x") == Format.HTML


def test_scripts_styles_nav_and_hidden_text_are_not_in_the_text(numbered):
    for gone in ("never appear", "Injected by script", "Hidden style text", "Navigation link",
                 "Invisible clause", "example.invalid"):
        assert gone not in numbered.text


def test_visible_text_keeps_blocks_and_collapses_whitespace(numbered):
    assert numbered.format == Format.HTML
    assert numbered.title == "Consulting Agreement"
    assert "advice on pricing strategy." in numbered.text  # source line break inside <p> is a space
    assert "£200 per day & expenses." in numbered.text  # entities decoded
    assert "\n\n1. Services." in numbered.text


@pytest.mark.parametrize("label,number,first,parent", [
    ("cl. 1", "1.", "1. Services. The Consultant", None),
    ("cl. 2", "2.", "2. Fees. Alpha shall pay", None),
    ("cl. 2(a)", "(a)", "(a) Invoices are due monthly.", "cl. 2"),
    ("cl. 2(b)", "(b)", "(b) Late payments bear interest.", "cl. 2"),
    ("cl. 3", "3.", "3. Term. This Agreement ends", None),
])
def test_numbered_paragraphs_become_clauses(numbered, label, number, first, parent):
    (u,) = [x for x in numbered.units if x.label == label]
    assert u.number == number
    assert text_of(numbered, u).startswith(first)
    assert (numbered.units[u.parent].label if u.parent is not None else None) == parent
    assert u.zone == Zone.BODY and u.citable


def test_numbered_document(numbered):
    assert numbered.kind == DocumentKind.CONTRACT
    assert numbered.date == "2020-01-05"
    assert validate_units(numbered.text, numbered.units) == []
    assert not any(u.number == "4." for u in numbered.units)


def test_unnumbered_page_gets_headings_and_paragraphs(fixtures):
    doc = parse((fixtures / "html" / "unnumbered.html").read_bytes(), "unnumbered.html")
    assert doc.kind == DocumentKind.OTHER
    assert doc.title == "About the firm"
    heads = [u for u in doc.units if u.kind == UnitKind.HEADING]
    assert [text_of(doc, u) for u in heads] == ["About us", "Our history"]
    paras = [u for u in doc.units if u.kind == UnitKind.BLOCK]
    assert [u.label for u in paras] == ["¶1", "¶2", "¶3", "¶4", "¶5"]
    assert text_of(doc, paras[1]) == "Founded in 1990."
    assert paras[1].section_path == ("About us", "Our history")
    assert text_of(doc, paras[4]) == "  Opening hours:\n    9 to 5"  # <pre> kept as printed
    assert any("paragraph order" in w for w in doc.warnings)
    assert validate_units(doc.text, doc.units) == []


@pytest.mark.parametrize("data,reason", [
    (b"<html><head><script>x=1</script></head><body>  </body></html>", "no visible text"),
    (b"   ", "empty"),
])
def test_pages_without_text_are_refused(data, reason):
    with pytest.raises(ParseError) as e:
        parse(data, "blank.html")
    assert reason in e.value.reason


# -- a contract whose clauses are the lists and headings a browser numbers -----------------------------------

RENDERED = b"""<!DOCTYPE html><html><head><title>Services Agreement</title></head><body>
<h1>Services Agreement</h1><p>This Agreement is between Alpha Ltd and Beta LLC.</p>
<h2>1. Services</h2><p>Beta provides the <span class="keyterms_link">Services</span>.</p>
<h2>2. Fees</h2>
<ol><li>Alpha pays the Fees.</li>
<li><span class="header_3" id="2.2">Invoices.</span> Invoices:
  <ol type="a"><li>are sent monthly;</li><li>are due in 30 days.</li></ol></li></ol>
<h2>3. Term</h2><ol start="4"><li id="3.4">This Agreement lasts one year.</li></ol>
<p>Common Paper Services Standard Terms is licensed under CC BY 4.0.</p>
</body></html>"""


def text_at(doc, quote):
    at = doc.text.index(quote)
    units = [u for u in doc.units if u.citable and u.char_start <= at and at + len(quote) <= u.char_end]
    return min(units, key=lambda u: u.char_end - u.char_start) if units else None


def test_rendered_list_numbers_and_numbered_headings_are_clauses():
    doc = parse_bytes(RENDERED, "rendered.html")
    assert doc.kind == DocumentKind.CONTRACT and doc.title == "Services Agreement"
    assert validate_units(doc.text, doc.units) == []
    # the numbers a browser draws are in the text, a nested list from 1 and in its own style
    assert "\n\n1. Alpha pays the Fees.\n\n2. Invoices. Invoices:\n\na. are sent monthly;" in doc.text
    assert "\n\n4. This Agreement lasts one year." in doc.text  # <ol start="4">
    assert text_at(doc, "Beta provides the Services.").label == "cl. 1"
    assert text_at(doc, "Alpha pays the Fees.").label == "cl. 2.1"
    assert text_at(doc, "are sent monthly;").label == "cl. 2.2(a)"
    assert text_at(doc, "are due in 30 days.").label == "cl. 2.2(b)"
    assert text_at(doc, "lasts one year").label == "cl. 3.4"
    assert doc.meta["label_evidence"] == {"evidence": 2, "agrees": 2}
    assert text_at(doc, "licensed under CC BY 4.0") is None
    assert [u.attrs.get("heading") for u in doc.units if u.label == "cl. 2.2"] == ["Invoices"]


@pytest.mark.shared
def test_the_markdown_contract_rendered_to_html_reads_the_same_numbers(shared):
    from markdown_it import MarkdownIt

    src = (shared / "zoo/contract_markdown_nested_lists/common_paper_design_partner_agreement.md").read_text(
        encoding="utf-8")
    page = "<html><body>" + MarkdownIt("commonmark", {"html": True}).render(src) + "</body></html>"
    doc = parse_bytes(page.encode("utf-8"), "design_partner.html")
    assert doc.kind == DocumentKind.CONTRACT and doc.format == Format.HTML
    assert text_at(doc, "Partner will pay Provider the Fees, if any.").label == "cl. 2.1"
    assert text_at(doc, "There are no third-party beneficiaries of this Agreement.").label == "cl. 7.10"
    assert text_at(doc, "means a party to this Agreement when the party receives").label == "cl. 8.8"
    assert "<span" not in doc.text


def test_a_heading_inside_a_list_item_is_that_clauses_heading():
    page = (b"<html><body><h1>Cloud Services Agreement</h1><p>Between Alpha Ltd and Beta LLC.</p><ol>"
            b"<li><h3>Services</h3><p>Beta provides services.</p><ol><li><p>Support is included.</p></li></ol>"
            b"</li><li><h3>Fees</h3><p>Alpha pays.</p></li><li><h3>Term</h3><p>One year.</p></li></ol>"
            b"</body></html>")
    doc = parse_bytes(page, "cloud.html")
    assert "\n\n1. Services\n\nBeta provides services.\n\n1. Support is included.\n\n2. Fees" in doc.text
    assert [u.attrs.get("heading") for u in doc.units if u.label in ("cl. 1", "cl. 2")] == ["Services", "Fees"]
    assert text_at(doc, "Support is included.").label == "cl. 1.1"
    assert text_at(doc, "Alpha pays.").label == "cl. 2"
