"""Clause numbers a PDF's extraction set apart from their clauses, in columns that head no page (real CUAD
contracts in ../shared/bulk/cuad_v1_txt; every expected value read from the source .txt by hand).

MJBIOTECH's joint venture agreement prints its headings ("Formation", "Name", "Purpose" …) over its clauses and
its numbers in columns elsewhere ("2." … "8." between "No Participant will be required" and "to make Additional
Capital Contributions"); TURNKEY's strategic alliance puts one column at the top of the text and the next in the
middle of a sentence ("… uniquely dependent upon" / "4.2" … "5.4" / "the cooperation and provision …").  Neither
says which clause a number belongs to, so no clause is labelled by them: the clauses are cited by the headings
the document prints over them.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from pincite.parse import parse_bytes
from pincite.parse.builder import validate_units
from pincite.types import DocumentKind

pytestmark = pytest.mark.shared

MJBIOTECH = "MJBIOTECH,INC_12_06_2018-EX-99.01-JOINT VENTURE AGREEMENT.txt"
TURNKEY = "TURNKEYCAPITAL,INC_07_20_2017-EX-1.1-Strategic Alliance Agreement.txt"
CYBERGY = "CybergyHoldingsInc_20140520_10-Q_EX-10.27_8605784_EX-10.27_Affiliate Agreement.txt"


def _load(bulk: Path, name: str):
    path = bulk / "cuad_v1_txt" / name
    return parse_bytes(path.read_bytes(), name)


def _holding(doc, words: str):
    at = doc.text.index(words)
    units = [u for u in doc.units if u.citable and u.char_start <= at < u.char_end]
    assert units, words
    return min(units, key=lambda u: u.char_end - u.char_start)


@pytest.mark.parametrize("heading,words", [
    ("Purpose", "The purpose of the Joint Venture will be: Manufacturing"),
    ("Name", "The firm name of the Joint Venture will be: TBD"),
    ("Additional Capital", "to make Additional Capital Contributions. Whenever additional capital"),
    ("Voluntary Withdrawal of a Participant", "Any Participant will have the right to voluntarily withdraw"),
    ("Liability", "A Participant will not be liable to the Joint Venture"),
])
def test_mjbiotech_clauses_are_cited_by_their_printed_headings(bulk, heading, words):
    doc = _load(bulk, MJBIOTECH)
    assert doc.kind == DocumentKind.CONTRACT
    u = _holding(doc, words)
    assert u.label == heading
    assert doc.text[u.char_start:].startswith(heading)


def test_mjbiotech_no_label_from_a_detached_number(bulk):
    doc = _load(bulk, MJBIOTECH)
    assert validate_units(doc.text, doc.units) == []
    from pincite.parse.contract import adrift_runs, split_lines

    assert adrift_runs(split_lines(doc.text))
    # on main the column "2." … "8." labelled "cl. 3" … and "Purpose" fell in the preamble as "Preamble ¶13"
    assert not [u.label for u in doc.units if u.number is not None]
    assert doc.meta["numbering"]["verdict"] != "contradicted"


def test_turnkey_column_in_mid_sentence_labels_nothing(bulk):
    doc = _load(bulk, TURNKEY)
    assert doc.kind == DocumentKind.CONTRACT
    # the sentence the column interrupts stays in its clause, under that clause's printed heading (on main it
    # was "cl. 4.2", a number the document prints beside another paragraph)
    u = _holding(doc, "the cooperation and provision of information to TKCI")
    assert u.label == "Committments and Rights of SIC"
    assert _holding(doc, "The purpose and intent of this strategic alliance").label == "Overview"
    assert not [u.label for u in doc.units if u.label and u.label.startswith("cl.")]


def test_columns_heading_their_pages_still_attach(bulk):
    # Cybergy's columns each open a page (after its footer, over its text): none is adrift, its clauses keep the
    # numbers printed for them (tests/corpus/parse/test_contract_cuad.py checks them one by one)
    from pincite.parse.contract import adrift_runs, split_lines

    doc = _load(bulk, CYBERGY)
    assert adrift_runs(split_lines(doc.text)) == []
    assert [u.number for u in doc.units if u.parent is None and u.number][:3] == ["1.", "2.", "3."]


def test_vgrab_numbers_printed_elsewhere_are_not_shown_as_the_clause_numbers(bulk):
    # Vgrab's development agreement closes each page with its column of clause numbers ("Page 1 of 7" / "1." "2."
    # "3." / "Source: …"); what is numbered at line starts is a list of deliverables whose last line runs on into
    # the agreement's terms.  The term clause is not shown under a number (on main: "cl. 9", from a column)
    from pincite.types import label_unverified

    doc = _load(bulk, "VgrabCommunicationsInc_20200129_10-K_EX-10.33_11958828_EX-10.33_Development Agreement.txt")
    u = _holding(doc, "shall continue until full performance by both parties")
    assert u.number is None or label_unverified(u)
    assert all(label_unverified(x) for x in doc.units if x.number is not None and x.citable)
