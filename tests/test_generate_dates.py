"""A question's dates against a provision's: "a loan made after July 1993" is not answered by the provision on
loans "made before August 1, 1993", though the two share every other word.  Real statute, real index."""

from __future__ import annotations

from pathlib import Path

import pytest

from pincite.legal.language import excludes_period, stated_periods
from tests.extractive_helpers import extractive_asker, ingested

S23 = "canada_justice_laws_xml/S-23/S-23_pit-2021-05-06.xml"


def test_periods_bounded_by_a_date() -> None:
    after_july = stated_periods("a loan made after July 1993")
    assert after_july == [((1993, 8, 1), (9999, 12, 31))]
    assert excludes_period("loans made before August 1, 1993 to a full-time student", after_july)
    assert not excludes_period("loans made on or after August 1, 1993 to a full-time student", after_july)
    assert not excludes_period("loans made to a full-time student", after_july)  # no date: nothing to compare
    assert excludes_period("a period ending on or before December 31, 1992", stated_periods("since 1993"))
    assert not excludes_period("a loan made before 1995", stated_periods("a loan made after 1993"))


@pytest.mark.shared
def test_the_provision_for_the_period_asked_about_is_cited(tmp_path: Path, corpus: Path) -> None:
    store = ingested(tmp_path / "s23.db", [corpus / S23])
    try:
        q = "Does a full-time student pay interest on a guaranteed student loan made after July 1993 while still studying?"
        ans = extractive_asker(store, as_of="2022-06-01")(q)
        assert [c.pinpoint for c in ans.citations] == ["s. 4(2)"], ans.text
        assert "on or after August 1, 1993" in ans.citations[0].candidate.raw.quote
    finally:
        store.close()
