"""A judge's disposal is their final vote: a closing paragraph that opens with the vote itself ("22. I would
accordingly dismiss this appeal.") after a paragraph opening as a conclusion ("19. I would therefore dismiss
grounds 1 and 2. I can take grounds 3 and 4 … more shortly.") supersedes it; a paragraph opening with a vote
on something else (permission) with no conclusion before it does not displace the later disposal.

On real Court of Appeal judgments (none reserved, none a held-out set's): a bulk judgment dismissing an
appeal ground by ground (2020-ewca-739) and a corpus one granting permission then dismissing
(2020-ewca-1357).  What is asserted is which paragraph is cited — the last of the lead's paragraphs that
casts a vote — never words.  A vote that lists the orders before the disposal ("I would admit the further
evidence, give permission for the re-re-amendments … and allow the appeal", 2020-ewca-850) is a vote too."""

from __future__ import annotations

from pathlib import Path

import pytest

from pincite.answer.structure import disposal, lead_of, own_sentences, speakers
from pincite.engine import AskOptions, answer_question
from pincite.generate.base import GeneratorKind
from pincite.generate.factory import make_generator
from pincite.legal.decisions import DISPOSAL_SENTENCE, matches
from pincite.search.retrieve import RetrievalMode, Retriever
from pincite.types import Role, SearchFilters
from tests.support.extractive_helpers import ingested

pytestmark = pytest.mark.shared

BY_GROUNDS = "ewca_civ_2020_akn/2020-ewca-739-civ.xml"  # Underhill LJ: grounds 1-2, then 3-4, then the appeal
ORDERS = "ewca_civ_2020_akn/2020-ewca-850-civ.xml"  # Floyd LJ's last paragraph: three orders, then "allow"
PERMISSION = "uk_find_case_law/ewca_civ_2020_legacy_akn/2020-ewca-1357-civ.xml"  # a vote on permission, then
# "the appeal must be dismissed" in the next paragraph


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory, bulk: Path, corpus: Path):  # type: ignore[no-untyped-def]
    s = ingested(tmp_path_factory.mktemp("vote") / "s.db",
                 [bulk / BY_GROUNDS, bulk / ORDERS, corpus / PERMISSION])
    yield s
    s.close()


def _doc(store, source: str):  # type: ignore[no-untyped-def]
    return next(d for d in (store.get_document(x.id) for x in store.list_documents())
                if d.source.endswith(source))


def _last_voting_paragraph(doc, sp):  # type: ignore[no-untyped-def]
    return [u for u in sp.units
            if any(matches(DISPOSAL_SENTENCE, doc.text[s:e]) for s, e in own_sentences(doc, u))][-1]


@pytest.mark.parametrize("source", [BY_GROUNDS, PERMISSION])
def test_the_lead_s_disposal_is_their_last_vote(store, source: str) -> None:  # type: ignore[no-untyped-def]
    doc = _doc(store, source)
    lead = lead_of(speakers(doc))
    said = disposal(doc, lead)
    assert said, "the lead's disposal is found"
    assert said[-1].unit.ordinal == _last_voting_paragraph(doc, lead).ordinal
    assert "appeal" in doc.text[said[-1].start:said[-1].end]


def test_an_outcome_question_cites_the_final_vote(store) -> None:  # type: ignore[no-untyped-def]
    doc = _doc(store, BY_GROUNDS)
    lead = lead_of(speakers(doc))
    final = _last_voting_paragraph(doc, lead)
    question = ("Thompson v Chief Constable of Greater Manchester Police: did the claimant's appeal on "
                "negligence and battery succeed?")
    ans = answer_question(question, store, Retriever(store, RetrievalMode.LEXICAL),
                          make_generator(GeneratorKind.RANKER), AskOptions(k=10), filters=SearchFilters())
    lead_cited = [c.candidate.unit for c in ans.citations if c.candidate.unit.role is Role.LEAD]
    assert lead_cited and all(u.ordinal == final.ordinal for u in lead_cited), [u.label for u in lead_cited]


def test_a_vote_listing_orders_first_is_the_disposal(store) -> None:  # type: ignore[no-untyped-def]
    doc = _doc(store, ORDERS)
    lead = lead_of(speakers(doc))
    said = disposal(doc, lead)
    assert said and said[-1].unit.ordinal == lead.units[-1].ordinal, [x.unit.label for x in said]
    # not the earlier "I would in any event have allowed the appeal in relation to this further aspect"
    assert "in any event" not in doc.text[said[-1].start:said[-1].end]
