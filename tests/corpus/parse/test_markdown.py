"""Markdown: the text a renderer shows and the clause numbers its lists and headings print.

Common Paper's standard terms in the zoo (nested ordered lists "1." / indented "1." / "a.", header spans,
CRLF) and small Markdown written here: numbered headings, nested lists, emphasis and inline HTML, a licence
footer after the last clause, a README that is no contract; and a folder ingest that stores a ``.md`` file.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pincite.errors import ParseError
from pincite.parse import parse_bytes, sniff_format
from pincite.parse.builder import validate_units
from pincite.types import DocumentKind, Format, Zone

ZOO = "zoo/contract_markdown_nested_lists"
DESIGN = "common_paper_design_partner_agreement"
LICENSE = "common_paper_software_license_agreement"


def md(text: str, name: str = "doc.md"):
    return parse_bytes(text.encode("utf-8"), name)


def by_label(doc, label):
    (u,) = [u for u in doc.units if u.label == label]
    return u


def text_of(doc, u):
    return doc.text[u.char_start:u.char_end]


def holder(doc, quote):
    """The deepest citable unit holding ``quote``."""
    at = doc.text.index(quote)
    units = [u for u in doc.units if u.citable and u.char_start <= at and at + len(quote) <= u.char_end]
    return min(units, key=lambda u: u.char_end - u.char_start) if units else None


# -- the zoo's Common Paper agreements ----------------------------------------------------------------------


@pytest.mark.shared
@pytest.mark.parametrize("name,least", [(DESIGN, 19), (LICENSE, 18)])
def test_zoo_labels_and_non_citable(shared, name, least):
    from pincite.evaluation.zoo import score_key

    res = score_key(shared / ZOO / f"{name}.key.json")
    assert res.right >= least, res.misses
    assert res.kept_out == res.non_citable, res.misses
    assert res.wrong == 0 and res.not_citable == 0, res.misses


@pytest.mark.shared
def test_zoo_design_partner_text_and_structure(shared):
    path = shared / ZOO / f"{DESIGN}.md"
    assert b"\r\n" in path.read_bytes()
    doc = parse_bytes(path.read_bytes(), str(path))
    assert doc.format == Format.MARKDOWN and doc.kind == DocumentKind.CONTRACT
    assert doc.title == "Design Partner Agreement"
    assert validate_units(doc.text, doc.units) == []
    for markup in ("<span", "</span>", "**", "\r", "# Design"):
        assert markup not in doc.text
    # the numbers a renderer draws are in the text: the nested list is drawn from 1 again
    assert "\n\n3. Effect of Termination.  Upon expiration" in doc.text
    assert "\na. Partner will no longer have any right" in doc.text
    u = by_label(doc, "cl. 3.3(a)")
    assert u.number == "a." and doc.units[u.parent].label == "cl. 3.3"
    assert doc.units[doc.units[u.parent].parent].label == "cl. 3"
    assert by_label(doc, "cl. 3.3").attrs["heading"] == "Effect of Termination"
    assert by_label(doc, "cl. 3").section_path == ("3. Term & Termination",)
    # the inline "(a)" of 5.1 is no item
    assert holder(doc, "only use Discloser’s Confidential Information to fulfill").label == "cl. 5.1"
    title = next(u for u in doc.units if u.char_start == 0)
    assert not title.citable and text_of(doc, title) == "Design Partner Agreement"


@pytest.mark.shared
def test_zoo_license_agreement_anchors_agree_with_the_nesting(shared):
    path = shared / ZOO / f"{LICENSE}.md"
    doc = parse_bytes(path.read_bytes(), str(path))
    ev = doc.meta["label_evidence"]
    assert ev["evidence"] >= 90 and ev["agrees"] == ev["evidence"]
    assert holder(doc, "The liability cap in Section 7.1(a) does not apply").label == "cl. 7.4"
    # "11. Definitions" has no header span: its items are still 11.1 - 11.34
    assert holder(doc, '"Variable" means a word or phrase').label == "cl. 11.34"
    # an autolink shows its address, as rendered
    assert "posted at https://commonpaper.com/standards/software-license-agreement/0.1." in doc.text


# -- Markdown written here ----------------------------------------------------------------------------------

HEADINGS = """\
# Consulting *Agreement*

This Consulting Agreement is made between **Alpha Ltd** ("Client") and Beta LLC ("Consultant").

## 1. Definitions

1.1 "Services" means the services in the [Statement of Work](sow.md).

1.2 "Fees" means the fees in Schedule 1.

## 2. Services

### 2.1 Scope

The Consultant shall provide the Services with <span class="keyterm">due care</span>.

### 2.2 Standards

The Consultant shall comply with:

1. the Client's policies;
2. applicable law.

## 3. Term

This Agreement continues for one year.

Common Paper Consulting Standard Terms Version 1.0 is licensed under CC BY 4.0.
"""


def test_numbered_headings_are_clauses():
    doc = md(HEADINGS)
    assert doc.kind == DocumentKind.CONTRACT
    assert doc.title == "Consulting Agreement"
    assert validate_units(doc.text, doc.units) == []
    for markup in ("##", "*", "<span", "](", "sow.md"):
        assert markup not in doc.text
    assert "\n\n2. Services\n\n2.1 Scope\n\n" in doc.text
    assert holder(doc, "due care").label == "cl. 2.1"
    assert holder(doc, '"Fees" means the fees').label == "cl. 1.2"
    assert holder(doc, "the Client's policies").label == "cl. 2.2(1)"
    assert holder(doc, "applicable law").label == "cl. 2.2(2)"
    assert doc.units[by_label(doc, "cl. 2.1").parent].label == "cl. 2"
    assert holder(doc, "Beta LLC").zone == Zone.OTHER  # the preamble, citable
    assert by_label(doc, "cl. 2").attrs["heading"] == "Services"


def test_a_licence_footer_is_never_in_the_last_clause():
    doc = md(HEADINGS)
    last = by_label(doc, "cl. 3")
    assert text_of(doc, last).endswith("continues for one year.")
    assert holder(doc, "licensed under CC BY 4.0") is None
    (note,) = [u for u in doc.units if u.zone == Zone.NOTE]
    assert not note.citable and text_of(doc, note).endswith("licensed under CC BY 4.0.")


NESTED = """\
# Services Agreement

1. **Services**
    1. Beta will provide the Services described in the <span class="orderform_link">Order Form</span>.
    2. Beta will provide support:
        a. by email; and
        b. by telephone.
2. **Payment**
    1. Alpha will pay the Fees.
3. **Term**
    1. This Agreement lasts one year.

    2. Either party may end it on notice.
Common Paper is licensed under CC BY 4.0.
"""


def test_nested_lists_lettered_lines_and_a_lazy_footer():
    doc = md(NESTED)
    assert doc.kind == DocumentKind.CONTRACT
    assert validate_units(doc.text, doc.units) == []
    assert "1. Beta will provide the Services described in the Order Form." in doc.text
    assert holder(doc, "by email; and").label == "cl. 1.2(a)"
    assert holder(doc, "by telephone.").label == "cl. 1.2(b)"
    assert by_label(doc, "cl. 1.2(b)").number == "b."
    assert holder(doc, "Alpha will pay the Fees.").label == "cl. 2.1"
    assert holder(doc, "Either party may end it").label == "cl. 3.2"
    # the footer continues the last item's paragraph in Markdown, but is no part of the clause
    assert text_of(doc, by_label(doc, "cl. 3.2")) == "2. Either party may end it on notice."
    assert text_of(doc, by_label(doc, "cl. 3")).endswith("on notice.")
    assert holder(doc, "licensed under CC BY 4.0") is None


def test_a_list_starting_at_three_prints_three():
    doc = md("# Supply Agreement\n\nThis Agreement is between Alpha Ltd and Beta LLC.\n\n"
             "3. Delivery. Goods are delivered.\n4. Risk. Risk passes.\n5. Title. Title passes.\n")
    assert "3. Delivery." in doc.text
    assert [u.label for u in doc.units if u.zone == Zone.BODY] == ["cl. 3", "cl. 4", "cl. 5"]


def test_a_readme_is_not_a_contract():
    doc = md("# fastthing\n\nA small tool that does things **fast**.\n\n## Install\n\n"
             "1. Clone the repository.\n2. Run `make`.\n3. Run the tests.\n\n## Licence\n\nMIT\n",
             "README.md")
    assert doc.format == Format.MARKDOWN
    assert doc.kind != DocumentKind.CONTRACT
    assert doc.title == "fastthing"
    assert not any(u.label and u.label.startswith("cl.") for u in doc.units)
    assert "Run make." in doc.text and "**" not in doc.text


def test_signature_page_legend_ends_the_clauses():
    doc = md("# Pilot Agreement\n\nThis Agreement is between Alpha Ltd and Beta LLC.\n\n"
             "1. Pilot. Beta runs a pilot.\n2. Fees. None.\n3. Term. Ninety days.\n\n"
             "[Signature page follows]\n\nAlpha Ltd\n\nBy: ________\n")
    assert text_of(doc, by_label(doc, "cl. 3")) == "3. Term. Ninety days."
    assert holder(doc, "Signature page follows") is None
    assert holder(doc, "By: ________") is None


def test_markdown_is_sniffed_by_name_and_bad_input_is_refused():
    assert sniff_format(b"# Title\n\ntext\n", "x.md") == Format.MARKDOWN
    with pytest.raises(ParseError, match="bad.md"):
        parse_bytes(b"<span></span>\n", "bad.md")
    with pytest.raises(ParseError, match="bin.md"):
        parse_bytes(b"# a\x00\x00\x00b", "bin.md", Format.MARKDOWN)


def test_a_folder_ingest_stores_a_markdown_contract(tmp_path: Path, store):
    from pincite.ingest import ingest_paths

    folder = tmp_path / "contracts"
    folder.mkdir()
    (folder / "nested.md").write_text(NESTED, encoding="utf-8")
    (folder / "ignored.json").write_text(json.dumps({}), encoding="utf-8")
    rep = ingest_paths(store, [str(folder)])
    assert not rep.failed, [r.error for r in rep.failed]
    (res,) = rep.results
    assert res.status == "added" and res.kind == "contract"
    doc = store.get_document(res.doc_id)
    assert doc.format == Format.MARKDOWN
    assert "cl. 1.2(a)" in {u.label for u in doc.units}


def test_clauses_start_at_their_numbers():
    for doc in (md(HEADINGS), md(NESTED)):
        for u in doc.units:
            if u.label and u.label.startswith("cl. "):
                assert text_of(doc, u).startswith(u.number), u.label
                assert text_of(doc, u) == text_of(doc, u).strip()


def test_markdown_opening_with_html_is_still_markdown():
    data = (b'<p align="center"><img src="logo.png" alt="Acme"></p>\n\n<script>track()</script>\n\n'
            b'# Title\n\nText.\n')
    assert sniff_format(data, "README.md") == Format.MARKDOWN
    doc = parse_bytes(data, "README.md")
    assert "track()" not in doc.text and "<p" not in doc.text
    assert doc.title == "Title"


def test_an_anchor_that_disagrees_with_the_nesting_is_reported():
    doc = md("# Pilot Agreement\n\nThis Agreement is between Alpha Ltd and Beta LLC.\n\n"
             "1. Pilot\n    1. <span id=\"1.1\">Scope.</span> Beta runs a pilot.\n"
             "    2. <span id=\"1.5\">Fees.</span> None.\n2. Term\n    1. Ninety days.\n")
    assert doc.meta["label_evidence"] == {"evidence": 2, "agrees": 1}
    assert any("'1.5'" in w and "1.2" in w for w in doc.warnings)
    assert holder(doc, "None.").label == "cl. 1.2"  # what a reader sees drawn is what is cited


@pytest.mark.parametrize("footer", [
    "Common Paper Mutual Non-Disclosure Agreement (Version 1.0) free to use under CC BY 4.0.",
    "This form is licensed under a Creative Commons Attribution 4.0 International License.",
    "Copyright 2024 Example Forms Inc.",
    "*[Remainder of page intentionally left blank]*",
])
def test_footer_notes_after_the_last_clause_are_not_citable(footer):
    doc = md("# Mutual Non-Disclosure Agreement\n\nThis Agreement is between Alpha Ltd and Beta LLC.\n\n"
             "1. **Introduction**. Each party may disclose.\n2. **Use**. Use it only for the Purpose.\n"
             f"3. **General**. Neither party may assign this MNDA.\n\n{footer}\n")
    assert text_of(doc, by_label(doc, "cl. 3")) == "3. General. Neither party may assign this MNDA."
    shown = footer.strip("*")
    assert holder(doc, shown) is None
    assert any(u.zone == Zone.NOTE and text_of(doc, u) == shown for u in doc.units)


def test_printed_sub_numbers_inside_list_items_are_clauses():
    doc = md("# Supply Agreement\n\nThis Agreement is between Alpha Ltd and Beta LLC.\n\n"
             "1. Definitions\n1.1 \"Goods\" means the goods ordered.\n1.2 \"Price\" means the price of\n"
             "2.1 million dollars, subject to adjustment.\n2. Delivery\n\n"
             "    2.1 The Supplier delivers the Goods.\n\n    2.2 Risk passes on delivery.\n"
             "3. Term\n")
    assert validate_units(doc.text, doc.units) == []
    assert holder(doc, "means the goods ordered").label == "cl. 1.1"
    # a number wrapped to a line start mid-sentence is running text
    assert holder(doc, "2.1 million dollars").label == "cl. 1.2"
    assert holder(doc, "The Supplier delivers the Goods.").label == "cl. 2.1"
    assert holder(doc, "Risk passes on delivery.").label == "cl. 2.2"


def test_an_exhibit_heading_starts_the_schedules():
    doc = md("# Services Agreement\n\nBetween Alpha Ltd and Beta LLC.\n\n## 1. Scope\n\nBeta serves.\n\n"
             "## 2. Fees\n\nAlpha pays.\n\n## 3. Term\n\nOne year.\n\n## Exhibit A - Fees\n\n1. Setup fee.\n"
             "2. Monthly fee.\n")
    assert text_of(doc, by_label(doc, "cl. 3")) == "3. Term\n\nOne year."
    assert holder(doc, "Monthly fee.").label == "Exhibit A ¶2"
    assert holder(doc, "Monthly fee.").zone == Zone.SCHEDULE
    assert not any(u.label and u.label.startswith("cl. 3.") for u in doc.units)


def test_a_folder_ingest_leaves_out_the_folders_own_readme_and_manifest(tmp_path) -> None:
    """A corpus folder's README.md / MANIFEST.md describe the folder; they are not documents in it.  Named
    outright, a README is read like any Markdown file."""
    from pincite.ingest import collect_files

    (tmp_path / "README.md").write_text("# Notes\n\n1. Files here.\n", encoding="utf-8")
    (tmp_path / "MANIFEST.md").write_text("# Manifest\n\n- a.md: a contract\n", encoding="utf-8")
    (tmp_path / "services.md").write_text("# Services Agreement\n\n## 1. Services\n\nThe Supplier shall provide "
                                          "the Services.\n", encoding="utf-8")
    files, skipped, _ = collect_files([tmp_path])
    assert [p.rsplit("/", 1)[-1] for p in files] == ["services.md"]
    assert sorted(p.rsplit("/", 1)[-1] for p in skipped) == ["MANIFEST.md", "README.md"]
    files, _, _ = collect_files([tmp_path / "README.md"])
    assert len(files) == 1
