"""Abstentions with the right sentence ranked first (issue 52, branch abst3): on new writers' questions the
abstention model's probability often falls just under the threshold for a top candidate that is the answer.
When the bi-encoder reads that top candidate as like the question and as more like it than the next two
(:data:`pincite.generate.ranker.ANSWER_BELOW`), it is answered; and a question asking a quantity whose top
candidate states no number is never answered (:func:`pincite.generate.ranker.states_no_quantity`).  Real
documents from ../shared/bulk (none reserved), lexical retrieval, the ranker."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.extractive_helpers import ingested, ranker_asker

pytestmark = pytest.mark.shared

PHAC = "canada_acts/current/P-29.5.xml"  # s. 6(2) "… shall be a health professional …"
CABLE = ("cuad_v1_txt/TELEGLOBEINTERNATIONALHOLDINGSLTD_03_29_2004-EX-10.10-CONSTRUCTION AND MAINTENANCE "
         "AGREEMENT.txt")  # 31.4 "… for the period of five (5) years following termination …"
# the store holds other documents too, so retrieval chooses among several
HOSTING = "cuad_v1_txt/Freecook_20180605_S-1_EX-10.3_11233807_EX-10.3_Hosting Agreement.txt"
LIBEL = "ewca_civ_2020_akn/2020-ewca-672-civ.xml"  # Wright v Ver: no sum claimed is stated
OTHERS = ("canada_acts/current/C-10.541.xml", "canada_acts/current/S-2.5.xml")


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory, bulk: Path):  # type: ignore[no-untyped-def]
    s = ingested(tmp_path_factory.mktemp("below") / "b.db",
                 [bulk / PHAC, bulk / CABLE, bulk / HOSTING, bulk / LIBEL, *(bulk / o for o in OTHERS)])
    yield s
    s.close()


def _cited(ans) -> str:  # type: ignore[no-untyped-def]
    c = ans.citations[0].candidate
    return c.doc.text[c.unit.char_start:c.unit.char_end].lower()


@pytest.mark.parametrize("question, says", [
    # the model's probability is under the threshold (0.4–0.56); the top sentence reads most like the question
    ("What qualifications must the Chief Public Health Officer of Canada have?", "health professional"),
    ("How long do the confidentiality obligations last under the Asia Pacific Cable Network 2 C&MA?",
     "five (5) years following termination"),
])
def test_top_candidate_read_as_the_answer_is_answered(store, question: str,  # type: ignore[no-untyped-def]
                                                      says: str) -> None:
    ans = ranker_asker(store)(question)
    assert ans.citations, ans.text
    assert says in _cited(ans)


def test_quantity_asked_and_no_number_stated_is_not_answered(store) -> None:  # type: ignore[no-untyped-def]
    # the judgment never says how much was claimed; its top sentence ("A claim for libel was … actionable per
    # se") scores above the threshold but states no sum, so it cannot answer "how much"
    q = "How much did Craig Wright claim in damages against Roger Ver in his libel action?"
    ans = ranker_asker(store)(q)
    assert not ans.citations, ans.text
