"""A pinpoint's kind word spelled out or abbreviated names one unit (issue 52, after the fifth fresh set, spent:
three of its golds wrote "Schedule 2, paragraph 1" for the unit legislation.gov.uk's CLML gives as "Sch. 2,
para. 1"): the gold resolver and the draft checker read "regulation 2(1)" as "reg. 2(1)" and "Schedule 2,
paragraph 24(1)" as "Sch. 2, para. 24(1)".
"""

from __future__ import annotations

from pathlib import Path

import pytest

from pincite.answer.citecheck import pinpoint_name
from pincite.evaluation.gold import units_named
from pincite.parse import parse_bytes

pytestmark = pytest.mark.shared

OIL = "zoo/regulation_uk_si_clml_xml/uksi_2006_3313_oil_taxation_market_value_regulations.xml"


def test_a_regulation_named_in_full_is_the_unit_labelled_reg(shared: Path) -> None:
    path = shared / OIL
    doc = parse_bytes(path.read_bytes(), str(path))
    [u] = units_named(doc.units, "regulation 2(1)")
    assert u.label == "reg. 2(1)"
    assert [x.label for x in units_named(doc.units, "Regulation 1(2)")] == ["reg. 1(2)"]
    assert units_named(doc.units, "regulation 99(1)") == []


def test_schedule_and_paragraph_spelled_out_or_abbreviated_are_one_name() -> None:
    assert pinpoint_name("Schedule 2, paragraph 24(1)") == pinpoint_name("Sch. 2, para. 24(1)")
    assert pinpoint_name("Schedule 2, paragraph 1") != pinpoint_name("Sch. 2, para. 11")


def test_a_schedule_named_by_its_ordinal_is_the_numbered_schedule() -> None:
    """Older Acts head their schedules "FIRST SCHEDULE", "THIRD SCHEDULE" and are cited so ("the Third Schedule,
    paragraph 1"); legislation.gov.uk's CLML and the parser label them "Sch. 3, para. 1" (after the sixth fresh
    set, spent: two golds on a 1949 Act named them by ordinal)."""
    assert pinpoint_name("Third Schedule, paragraph 1") == pinpoint_name("Sch. 3, para. 1")
    assert pinpoint_name("the First Schedule") == pinpoint_name("Sch. 1")
    assert pinpoint_name("Second Schedule, paragraph 4(2)") == pinpoint_name("Schedule 2, paragraph 4(2)")
    assert pinpoint_name("Third Schedule, paragraph 1") != pinpoint_name("Sch. 1, para. 3")


def test_a_schedule_paragraph_written_without_its_comma_or_the_other_way_round() -> None:
    """"Schedule 6 paragraph 1", "Sch 6 para 1" and "paragraph 1 of Schedule 6" are the unit labelled "Sch. 6,
    para. 1" (after the eleventh fresh set, spent: a gold written without the comma resolved to nothing, and a
    lawyer's draft citing it so would not have been checked)."""
    for written in ("Schedule 6 paragraph 1", "Sch 6 para 1", "paragraph 1 of Schedule 6", "Schedule 6, paragraph 1"):
        assert pinpoint_name(written) == pinpoint_name("Sch. 6, para. 1"), written
    assert pinpoint_name("Schedule 6 paragraph 1") != pinpoint_name("Sch. 6, para. 11")
    assert pinpoint_name("paragraph 1 of Schedule 6") != pinpoint_name("Sch. 1, para. 6")
    assert pinpoint_name("parallel imports") == "parallelimports"  # a word beginning "para" is no kind word
