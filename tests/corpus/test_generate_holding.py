"""Where a judgment states its holding in so many words ("we hold that he was 'at risk'"), a yes/no question about
that point is answered there — even inside the introduction's list of issues — and not by the test the court
went on to apply.  Real PDF judgment (unnumbered paragraphs), real index."""

from __future__ import annotations

from pathlib import Path

import pytest

from pincite.legal.language import HELD, HOLDING_OPENING
from tests.support.extractive_helpers import extractive_asker, ingested

BORDELON = "pdf_judgments/tcmemo_2020-26_bordelon_v_commissioner.pdf"


@pytest.mark.shared
def test_the_stated_holding_answers_the_yes_no_question(tmp_path: Path, corpus: Path) -> None:
    store = ingested(tmp_path / "b.db", [corpus / BORDELON])
    try:
        # written for this test (not a gold question): the holding stated in so many words answers it
        ans = extractive_asker(store)("Did the Tax Court hold that Mr Bordelon was at risk for the Many LLC "
                                      "loans in 2008?")
        assert ans.citations, ans.text
        quote = ans.citations[0].candidate.raw.quote
        assert HELD.search(quote) or HOLDING_OPENING.search(quote), quote
    finally:
        store.close()
