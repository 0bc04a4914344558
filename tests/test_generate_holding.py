"""Where a judgment states its holding in so many words ("we hold that he was 'at risk'"), a yes/no question about
that point is answered there — even inside the introduction's list of issues — and not by the test the court
went on to apply.  Real PDF judgment (unnumbered paragraphs), real index."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.extractive_helpers import extractive_asker, ingested

BORDELON = "pdf_judgments/tcmemo_2020-26_bordelon_v_commissioner.pdf"


@pytest.mark.shared
def test_the_stated_holding_answers_the_yes_no_question(tmp_path: Path, corpus: Path) -> None:
    store = ingested(tmp_path / "b.db", [corpus / BORDELON])
    try:
        ans = extractive_asker(store)("Was Mr Bordelon at risk under section 465 for the Many LLC loss deductions "
                                      "in 2008?")
        assert ans.citations and ans.citations[0].pinpoint.startswith("¶5,"), ans.text
        assert "we hold that he was" in ans.citations[0].candidate.doc.text[
            ans.citations[0].candidate.unit.char_start:ans.citations[0].candidate.unit.char_end]
    finally:
        store.close()
