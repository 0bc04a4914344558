"""A contract typed with wide gaps between words (a text file from a fixed-width filing) puts a gap before every
word, so "unless terminated as provided in       Section 5.0." looks like a clause opened mid-line.  A number
after a word that refers to it ("in Section 5.0", "of  Section 4.4") is a reference, not a clause: before the fix
such a reference opened a unit labelled "s. 5.0" inside Section 4.0, and the real Section 5.0 became
"s. 5.0 (second)" — a label the document's own heading denies.

MANUFACTURERSSERVICES is a CUAD contract in ../bulk that no evaluation set, claim set or test names."""

from __future__ import annotations

from pathlib import Path

import pytest

from pincite.parse import parse_bytes

pytestmark = pytest.mark.shared

MSL = "cuad_v1_txt/MANUFACTURERSSERVICESLTD_06_05_2000-EX-10.14-OUTSOURCING AGREEMENT.txt"


@pytest.fixture(scope="module")
def doc(bulk: Path):  # type: ignore[no-untyped-def]
    p = bulk / MSL
    return parse_bytes(p.read_bytes(), str(p))


def test_a_reference_in_running_text_opens_no_clause(doc) -> None:  # type: ignore[no-untyped-def]
    labels = [u.label for u in doc.units]
    assert not any(label.endswith("(second)") and label.startswith("s. 5.0") for label in labels), labels[:40]
    at = doc.text.index("unless terminated as provided in")
    holding = [u for u in doc.units if u.char_start <= at < u.char_end and u.label.startswith("s. ")]
    assert holding and all(u.label.startswith("s. 4.0") for u in holding), [u.label for u in holding]


def test_the_section_its_heading_numbers_keeps_the_number(doc) -> None:  # type: ignore[no-untyped-def]
    five = [u for u in doc.units if u.label == "s. 5.0"]
    assert five and doc.text[five[0].char_start:five[0].char_end].startswith("SECTION 5.0 TERMINATION")
