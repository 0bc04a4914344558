"""A draft's "II. § 3(2)" names Part II's § 3(2), not Part III's (issue 52): European terms number their sections
again under each part, so a section-sign pinpoint is found by the part-qualified label the parser gives
("Pt. II, § 3(2)"), and the same number under another part is another unit."""

from __future__ import annotations

from pincite.answer.citecheck import find_units
from pincite.parse import parse_bytes
from tests.unit.parse.test_text import EUROPEAN


def _doc():  # type: ignore[no-untyped-def]
    return parse_bytes(EUROPEAN.encode(), "terms.txt")


def test_a_section_sign_pinpoint_under_a_part_finds_that_parts_section() -> None:
    doc = _doc()
    for value, label in (("II. § 3(2)", "Pt. II, § 3(2)"), ("Part II, § 3(2)", "Pt. II, § 3(2)"),
                         ("III § 2(2)", "Pt. III, § 2(2)"), ("Part II, § 2", "Pt. II, § 2"),
                         ("Pt. III, § 1", "Pt. III, § 1")):
        assert [u.label for u in find_units(doc, "section", value)] == [label], value


def test_a_part_the_document_does_not_have_finds_nothing() -> None:
    doc = _doc()
    assert find_units(doc, "section", "IV. § 3(2)") == []
    assert find_units(doc, "section", "III § 3(2)") == []
