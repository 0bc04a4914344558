"""Contract clauses cited by the forms the agreement prints (issue 52's fresh contract gold): a lettered item run
into its clause ("2. Term and Termination. A. Termination. …" is cl. 2.A), a clause number run in after an
address ("… Tim Orr 5. Entire Agreement."), and clauses that print a heading but no number ("TERM & TERMINATION.
This Agreement …"), cited by the heading.  Real agreements from ../shared/bulk/cuad_v1_txt; every expected value
was read in the file."""

from __future__ import annotations

from pathlib import Path

import pytest

from pincite.ingest import parse_file
from pincite.types import DocumentKind

pytestmark = pytest.mark.shared

GRIDIRON = "GRIDIRONBIONUTRIENTS,INC_02_05_2020-EX-10.3-SUPPLY AGREEMENT.txt"
BNL = "BNLFINANCIALCORP_03_30_2007-EX-10.8-OUTSOURCING AGREEMENT.txt"
QUAKER = "Quaker Chemical Corporation - NON COMPETITION AND NON SOLICITATION AGREEMENT.txt"
SPHERE = "SPHERE3DCORP_06_24_2020-EX-10.12-CONSULTING AGREEMENT.txt"
CENTRACK = "CENTRACKINTERNATIONALINC_10_29_1999-EX-10.3-WEB SITE HOSTING AGREEMENT.txt"
PACIFICAP = "PacificapEntertainmentHoldingsInc_20051115_8-KA_EX-1.01_4300894_EX-1.01_Content License Agreement.txt"

_DOCS: dict[str, object] = {}


def _doc(shared: Path, name: str):
    if name not in _DOCS:
        _DOCS[name] = parse_file(str(shared / "bulk" / "cuad_v1_txt" / name))
    return _DOCS[name]


def _holder(doc, words: str):
    """The deepest unit whose text holds ``words``."""
    at = doc.text.index(words)
    inside = [u for u in doc.units if u.char_start <= at and at + len(words) <= u.char_end]
    return min(inside, key=lambda u: u.char_end - u.char_start)


@pytest.mark.parametrize("name, words, label", [
    # lettered items run into their clause, each with a run-in title
    (GRIDIRON, "Either Party may terminate this Agreement at any time prior to delivery", "cl. 2.A"),
    (GRIDIRON, "Purchase Price of the Product is determined on a $5.00 per pound basis", "cl. 1.B"),
    (GRIDIRON, "CBD potency numbers are determined by a third-party lab", "cl. 1.C"),
    # clause 5 run in after the notice addresses of clause 4, and its items
    (GRIDIRON, "shall be construed according to the laws of the State of Colorado", "cl. 5.B"),
    # a letter lost in copying (no "O.") does not fold the items after it into the one before
    (BNL, "If any provision of th", "cl. 16.P"),
    (BNL, "Any waiver by a party of any", "cl. 16.S"),
    # clause 3 run in after the addresses that end clause 2
    (QUAKER, "This Agreement shall be binding upon and in", "cl. 3"),
    # clauses headed but not numbered: cited by the heading as printed
    (SPHERE, "The company must notify the consultant within 5 days", "TERM & TERMINATION"),
    (SPHERE, "The Company hereby engages the Consultant", "DUTIES"),
    (CENTRACK, "The term of this Agreement for the Hosted Site shall commence", "TERM AND TERMINATION"),
    (PACIFICAP, "Notwithstanding the foregoing, this Agreement may be terminated", "TERMINATION FOR CAUSE"),
])
def test_the_unit_holding_the_words_carries_the_printed_label(shared: Path, name: str, words: str,
                                                              label: str) -> None:
    doc = _doc(shared, name)
    assert doc.kind is DocumentKind.CONTRACT
    assert _holder(doc, words).label == label


def test_a_heading_over_run_in_headings_groups_them(shared: Path) -> None:
    doc = _doc(shared, PACIFICAP)
    term = next(u for u in doc.units if u.label == "TERM AND TERMINATION")
    cause = next(u for u in doc.units if u.label == "TERMINATION FOR CAUSE")
    assert cause.parent == term.ordinal
    assert cause.section_path == ("TERM AND TERMINATION", "TERMINATION FOR CAUSE")
    assert doc.units[term.ordinal].char_end >= cause.char_end


def test_the_preamble_and_signatures_of_a_headed_contract_are_not_clauses(shared: Path) -> None:
    doc = _doc(shared, SPHERE)
    assert _holder(doc, "in consideration of the premises and the mutual covenants").label.startswith("Preamble")
    assert not _holder(doc, "Name: Peter Tassiopoulos").citable
    assert [u.label for u in doc.units if u.attrs.get("numbering") == "unnumbered"][:3] == [
        "DUTIES", "CONSULTING SERVICES & COMPENSATION", "TERM & TERMINATION"]
