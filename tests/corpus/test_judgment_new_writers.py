"""Issue 52 (branch judg): judgment questions new writers ask whose answer is a paragraph next to the one the ranker
prefers, on real Court of Appeal judgments from ../bulk (none reserved, none a question or claim set's):

- a sum ordered ("how much was Regen ordered to pay…?"): the sentence making or reporting the order with its sum
  (:data:`pincite.legal.decisions.ASKED_AND_SAID`), where main abstained;
- what something is ("what is the purpose of an award of damages…?"): the sentence with the thing asked about as
  its subject (:func:`pincite.legal.question_kinds.states_what_asked`), where main abstained;
- a party's case the question restates: the court's reply in the paragraphs after it
  (:func:`pincite.generate.ranker.reply_to_argument`), where main quoted the party's case;
- a judge below named ("what did Saini J decide…?"): the sentence reporting that judge's decision in the passive
  ("… was refused by Saini J", :func:`pincite.legal.question_kinds.names_deciding`), where main cited a paragraph
  about the appeal's timing (Hoque is a corpus judgment of the spent dev set).

The questions are written for these tests (none is a gold question); what is asserted is which judgment is cited
and what kind of sentence it quotes, never an answer's wording."""

from __future__ import annotations

from pathlib import Path

import pytest

from pincite.legal.decisions import asked_and_said
from pincite.legal.language import ARGUMENT
from pincite.legal.question_kinds import gives_reasons, names_deciding, reports_decision_below, states_what_asked
from tests.support.extractive_helpers import cited_quotes, ingested, ranker_asker

pytestmark = pytest.mark.shared

AKN = "ewca_civ_2020_akn"
REGEN = f"{AKN}/2020-ewca-451-civ.xml"  # Regen Lab v Estar Medical: costs orders with their sums
SWIFT = f"{AKN}/2020-ewca-1295-civ.xml"  # Swift v Carpenter: the purpose of an award of damages
VTB = f"{AKN}/2020-ewca-1337-civ.xml"  # JSC VTB Bank v Skurikhin: Berenger's argument, then the court's reply
OTHERS = [f"{AKN}/2020-ewca-1487-civ.xml", f"{AKN}/2020-ewca-1389-civ.xml", f"{AKN}/2020-ewca-363-civ.xml"]
HOQUE = "uk_find_case_law/ewca_civ_2020_legacy_akn/2020-ewca-1357-civ.xml"  # corpus: Hoque v SSHD


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory, bulk: Path, corpus: Path):  # type: ignore[no-untyped-def]
    s = ingested(tmp_path_factory.mktemp("judg") / "s.db",
                 [*(bulk / f for f in (REGEN, SWIFT, VTB, *OTHERS)), corpus / HOQUE])
    yield s
    s.close()


@pytest.fixture(scope="module")
def ask(store):  # type: ignore[no-untyped-def]
    return ranker_asker(store)


def test_a_sum_ordered_is_answered_by_the_order_with_its_sum(ask) -> None:  # type: ignore[no-untyped-def]
    q = "How much was Regen ordered to pay Estar on account of costs in Regen Lab v Estar Medical?"
    ans = ask(q)
    assert ans.citations, ans.text  # main abstained
    said = asked_and_said(q)
    for c, quote in zip(ans.citations, cited_quotes(ans)):
        assert c.candidate.doc.source.endswith(REGEN)
        assert "£" in quote and any(s.search(quote) for s in said), quote


def test_what_something_is_is_answered_by_the_sentence_it_is_the_subject_of(ask) -> None:  # type: ignore[no-untyped-def]
    q = "In Swift v Carpenter, what is the purpose of an award of damages to the injured plaintiff?"
    ans = ask(q)
    assert ans.citations, ans.text  # main abstained
    for c, quote in zip(ans.citations, cited_quotes(ans)):
        assert c.candidate.doc.source.endswith(SWIFT)
        assert states_what_asked(quote, q), quote


def test_a_party_case_restated_is_answered_by_the_courts_reply(ask) -> None:  # type: ignore[no-untyped-def]
    ans = ask("Was the Judge's reasoning about how assets might be transferred to Mr Skurikhin mere speculation on "
              "hypothetical situations, as Berenger said?")
    assert ans.citations, ans.text
    for c, quote in zip(ans.citations, cited_quotes(ans)):
        assert c.candidate.doc.source.endswith(VTB)
        assert not ARGUMENT.search(quote), quote  # main quoted "Berenger argued that the Judge's reasoning…"
        assert gives_reasons(quote), quote


def test_a_judge_below_named_is_answered_by_their_decision_in_the_passive(ask) -> None:  # type: ignore[no-untyped-def]
    ans = ask("What did Saini J decide about setting aside the dismissal of the Hoque claim?")
    assert ans.citations, ans.text
    for c, quote in zip(ans.citations, cited_quotes(ans)):
        assert c.candidate.doc.source.endswith(HOQUE)
        assert reports_decision_below(quote) and names_deciding(quote, {"Saini"}), quote
