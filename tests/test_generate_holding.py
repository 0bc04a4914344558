"""Where a judgment states its holding in so many words ("we hold that he was 'at risk'"), a yes/no question about
that point is answered there — even inside the introduction's list of issues — and not by the test the court
went on to apply.  Real PDF judgment (unnumbered paragraphs), real index."""

from __future__ import annotations

from pathlib import Path

import pytest

from pincite.engine import AskOptions, answer_question
from pincite.generate.extractive import ExtractiveGenerator
from pincite.ingest import ingest_paths
from pincite.retrieve import RetrievalMode, Retriever, SearchFilters
from pincite.store.sqlite import SQLiteStore

BORDELON = "pdf_judgments/tcmemo_2020-26_bordelon_v_commissioner.pdf"


@pytest.mark.shared
def test_the_stated_holding_answers_the_yes_no_question(tmp_path: Path, corpus: Path) -> None:
    store = SQLiteStore(tmp_path / "b.db")
    try:
        rep = ingest_paths(store, [corpus / BORDELON])
        assert not rep.failed, [r.error for r in rep.failed]
        ans = answer_question("Was Mr Bordelon at risk under section 465 for the Many LLC loss deductions in 2008?",
                              store, Retriever(store, RetrievalMode.LEXICAL), ExtractiveGenerator(),
                              AskOptions(k=10), filters=SearchFilters())
        assert ans.citations and ans.citations[0].pinpoint.startswith("¶5,"), ans.text
        assert "we hold that he was" in ans.citations[0].candidate.doc.text[
            ans.citations[0].candidate.unit.char_start:ans.citations[0].candidate.unit.char_end]
    finally:
        store.close()
