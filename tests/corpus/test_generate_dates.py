"""A question's dates against a provision's: "a loan made after 1996" is not answered by a provision on loans made
before an earlier date, though the two share every other word.  Real statute, real index (the period patterns
themselves are tested in test_language.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from pincite.legal.language import excludes_period, stated_periods
from tests.support.extractive_helpers import extractive_asker, ingested

S23 = "canada_justice_laws_xml/S-23/S-23_pit-2021-05-06.xml"


@pytest.mark.shared
def test_the_provision_for_the_period_asked_about_is_cited(tmp_path: Path, corpus: Path) -> None:
    store = ingested(tmp_path / "s23.db", [corpus / S23])
    try:
        # written for this test (not a gold question): the provision for loans made before the date asked about
        # shares every other word with the question, and is not what answers it
        q = "Is a full-time student charged interest on a guaranteed student loan made after 1996?"
        ans = extractive_asker(store, as_of="2022-06-01")(q)
        assert ans.citations, ans.text
        for c in ans.citations:
            assert not excludes_period(c.candidate.raw.quote, stated_periods(q)), c.candidate.raw.quote
    finally:
        store.close()
