"""A question about a kind of contract clause (insurance, audit rights, assignment) is answered per contract only
by that kind of clause: a sentence sharing a plain word with the question ("maintain confidentiality" for
"maintain insurance") is no answer, and the contract is named as having none.  Real contracts, real index."""

from __future__ import annotations

from pathlib import Path

import pytest

from pincite.generate.extractive import ClauseKindTest
from pincite.types import SearchFilters
from tests.support.extractive_helpers import extractive_asker, ingested

CONTRACTS = [f"contracts_cuad/txt/{name}.txt" for name in (
    "AIRTECHINTERNATIONALGROUPINC_05_08_2000-EX-10.4-FRANCHISE AGREEMENT",
    "BIOAMBERINC_04_10_2013-EX-10.34-DEVELOPMENT AGREEMENT (1)",
    "BIOAMBERINC_04_10_2013-EX-10.34-DEVELOPMENT AGREEMENT - First Amendment",
    "CybergyHoldingsInc_20140520_10-Q_EX-10.27_8605784_EX-10.27_Affiliate Agreement",
    "ENERGOUSCORP_03_16_2017-EX-10.24-STRATEGIC ALLIANCE AGREEMENT",
    "FuseMedicalInc_20190321_10-K_EX-10.43_11575454_EX-10.43_Distributor Agreement",
    "IdeanomicsInc_20160330_10-K_EX-10.26_9512211_EX-10.26_Content License Agreement",
    "LeadersonlineInc_20000427_S-1A_EX-10.8_4991089_EX-10.8_Co-Branding Agreement",
    "XLITECHNOLOGIES,INC_12_11_2015-EX-10.1-Sponsorship Agreement",
)]


def test_the_clause_kind_is_read_from_headings_or_the_clause_words_of_the_sentence() -> None:
    test = ClauseKindTest.for_question("Which of these agreements require a party to maintain insurance?")
    assert test is not None
    assert test.passes("Additional coverage's and higher policy limits may be required.", "11. INSURANCE / 11.01.")
    assert test.passes("Each party will maintain comprehensive general liability insurance.", "12. INDEMNIFICATION")
    assert not test.passes("The Receiving Party agrees to take and maintain proper steps to protect Confidential "
                           "Information.", "4. Confidentiality / 4.2")
    assign = ClauseKindTest.for_question("Can a party assign these agreements without the other party's consent?")
    assert assign is not None
    # a transfer that is an event of default: its heading names another clause type, two clause words are not enough
    sentence = "You transfer any rights under this Agreement without AIRSOPURE's prior written consent."
    assert not assign.passes(sentence, "14. DEFAULT AND TERMINATION / 14.01. / D.")
    assert assign.passes(sentence, "12. TRANSFER OF INTEREST / 12.02.")
    assert ClauseKindTest.for_question("Was the appeal allowed?") is None


@pytest.fixture(scope="module")
def scoped(tmp_path_factory: pytest.TempPathFactory, corpus: Path):  # type: ignore[no-untyped-def]
    store = ingested(tmp_path_factory.mktemp("clause_kind") / "c.db", [corpus / f for f in CONTRACTS])
    yield extractive_asker(store, SearchFilters(documents=tuple(s.id for s in store.list_documents())))
    store.close()


@pytest.mark.shared
def test_each_contract_answers_with_its_insurance_clause_or_not_at_all(scoped) -> None:  # type: ignore[no-untyped-def]
    # written for this test (not a gold question); what is asserted is the kind of clause cited, per contract
    question = "Which of these contracts oblige a party to carry insurance?"
    ans = scoped(question)
    kind = ClauseKindTest.for_question(question)
    assert kind is not None and ans.citations, ans.text
    for c in ans.citations:  # every contract cited is cited for an insurance clause
        assert kind.passes(c.candidate.raw.quote, " / ".join(c.candidate.unit.section_path)), c.rendered
    answered = {c.candidate.doc.id for c in ans.citations}
    named_none = {d.id for d in ans.no_answer_in}
    assert len(answered) >= 3 and named_none, ans.text  # some contracts have no insurance clause: named as such
    assert answered | named_none == {d.id for d in ans.scope} and not answered & named_none
