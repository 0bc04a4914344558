"""Issue 28 item 4: one sentence splitter for everyone — the draft checker and the document's readers call the one
mechanism (legal.sentences.sentence_spans), each with its own rule table."""

from __future__ import annotations

import inspect

from pincite.legal import citations
from pincite.legal.sentences import DOCUMENT_RULES, DRAFT_RULES, sentence_spans


def test_the_draft_finder_is_the_one_splitter_with_the_draft_table() -> None:
    src = inspect.getsource(citations.sentences)
    assert "sentence_spans(" in src and "DRAFT_RULES" in src
    assert not hasattr(citations, "_SENTENCE_END")  # no second scanner left behind
    assert DRAFT_RULES != DOCUMENT_RULES


def test_a_statute_citation_in_a_draft_is_not_cut() -> None:
    draft = ("The Act is the Tax Court of Canada Act, R.S.C. 1985, c. T-2, s. 18. It was amended later.")
    spans = [draft[a:b].strip() for a, b in citations.sentences(draft)]
    assert spans[0].startswith("The Act is") and spans[0].endswith("s. 18.")
    assert spans[1] == "It was amended later."


def test_a_full_stop_inside_a_quotation_does_not_end_the_drafts_sentence() -> None:
    draft = 'The court said "the appeal fails. Costs follow." and dismissed it. Then it rose.'
    spans = [draft[a:b].strip() for a, b in citations.sentences(draft)]
    assert len(spans) == 2 and spans[0].endswith("dismissed it.")


def test_documents_keep_their_own_table() -> None:
    text = "The appeal is dismissed. Costs follow the event."
    assert len(sentence_spans(text, 0, len(text), DOCUMENT_RULES)) == 2
