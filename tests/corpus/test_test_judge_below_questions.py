"""Issue 52 (branch judq): three kinds of judgment question new writers ask, answered from the judgment's
structure where the ranker would abstain, on real Court of Appeal judgments from ../bulk (none reserved, none a
question set's):

- the legal test ("what did X have to establish…?"): a sentence of the court's own voice stating a test
  (:func:`pincite.legal.question_kinds.states_test`), never counsel's case;
- a named judge ("what level of scrutiny did Singh LJ say…?"): a paragraph of that judge's own opinion, never the
  lead judgment's;
- the court below, in a judgment that labels no voice (Hajiyeva v NCA): a sentence reporting what the judge below
  decided (:func:`pincite.legal.question_kinds.reports_decision_below`), not one that only says what the judge
  considered.

The questions are written for these tests (none is a gold question); what is asserted is whose paragraph is cited
and what kind of sentence it quotes, never an answer's wording."""

from __future__ import annotations

from pathlib import Path

import pytest

from pincite.answer.structure import speakers, unvoiced_reasons
from pincite.legal.question_kinds import reports_decision_below, states_test
from tests.support.extractive_helpers import cited_quotes, ingested, ranker_asker

pytestmark = pytest.mark.shared

AKN = "ewca_civ_2020_akn"
CELGARD = f"{AKN}/2020-ewca-1293-civ.xml"  # Shenzhen Senior v Celgard: service out, interim injunction (Arnold LJ)
IWGB = f"{AKN}/2020-ewca-1046-civ.xml"  # IWGB v Mayor of London: Simler LJ leads, Singh LJ adds his own reasons
HAJIYEVA = f"{AKN}/2020-ewca-108-civ.xml"  # Hajiyeva v NCA: a judgment of the court, no voice labelled
OTHERS = [f"{AKN}/2020-ewca-1002-civ.xml", f"{AKN}/2020-ewca-1017-civ.xml", f"{AKN}/2020-ewca-103-civ.xml"]


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory, bulk: Path):  # type: ignore[no-untyped-def]
    s = ingested(tmp_path_factory.mktemp("judq") / "s.db", [bulk / f for f in (CELGARD, IWGB, HAJIYEVA, *OTHERS)])
    yield s
    s.close()


@pytest.fixture(scope="module")
def ask(store):  # type: ignore[no-untyped-def]
    return ranker_asker(store)


def test_what_a_party_had_to_establish_is_answered_by_a_test_the_court_states(ask) -> None:  # type: ignore[no-untyped-def]
    ans = ask("What did Celgard have to establish to obtain permission to serve its claim out of the jurisdiction?")
    assert ans.citations, ans.text  # main abstained
    for c, quote in zip(ans.citations, cited_quotes(ans)):
        assert c.candidate.doc.source.endswith(CELGARD)
        assert states_test(quote), quote


def test_a_named_judges_view_is_answered_from_that_judges_opinion(ask, store) -> None:  # type: ignore[no-untyped-def]
    ans = ask("What level of scrutiny did Singh LJ say the court should apply to the Mayor's justification?")
    assert ans.citations, ans.text  # main abstained
    for c in ans.citations:
        assert c.candidate.doc.source.endswith(IWGB)
        assert c.candidate.unit.author == "Singh LJ", (c.candidate.unit.label, c.candidate.unit.author)


def test_a_judgment_with_no_voice_labelled_reports_the_decision_below(ask, store) -> None:  # type: ignore[no-untyped-def]
    doc = next(store.get_document(s.id) for s in store.list_documents() if s.source.endswith(HAJIYEVA))
    assert not speakers(doc) and unvoiced_reasons(doc)  # the shape this is about
    ans = ask("What had the judge below decided in Hajiyeva v National Crime Agency about spousal privilege?")
    assert ans.citations, ans.text
    for c, quote in zip(ans.citations, cited_quotes(ans)):
        assert c.candidate.doc.source.endswith(HAJIYEVA)
        assert reports_decision_below(quote), quote  # main cited "The judge approached the issue … together"


def test_a_judge_of_no_stored_judgment_gets_no_view(ask) -> None:  # type: ignore[no-untyped-def]
    ans = ask("What did Lord Sumption say about the congestion charge exemption for black cabs?")
    assert all(c.candidate.unit.author != "Simler LJ" for c in ans.citations)  # never the lead's words as his
