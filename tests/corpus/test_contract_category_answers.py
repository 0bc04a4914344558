"""Commercial questions a new writer asks of a contract (issue 52, "answers a new writer gets"): "can the licensee
transfer the licence?", "can the Shipper end the agreement before service starts?" — the ranker ranks the clause that answers among its
first candidates yet abstains, the question sharing few words with it.  Where it would abstain, the best-scored
candidate of the contract the question names that states the category asked (its operative words, under the
category's heading: :mod:`pincite.legal.clause_answers`) answers, above
:data:`pincite.generate.ranker.CLAUSE_FLOOR`.  Real CUAD contracts from ../shared/bulk (none reserved, none named
by an evaluation set), lexical retrieval, the ranker."""

from __future__ import annotations

from pathlib import Path

import pytest

from pincite.legal.clause_answers import CLAUSE_ANSWERS, answers_category, categories_asked, heading_words
from tests.support.extractive_helpers import first_cited_unit_text, ingested, ranker_asker

pytestmark = pytest.mark.shared

CUAD = "cuad_v1_txt/"
FILES = (
    "NmfSlfIInc_20200115_10-12GA_EX-10.5_11946987_EX-10.5_Trademark License Agreement.txt",  # 5.2 no transfer
    "MPLXLP_06_17_2015-EX-10.1-TRANSPORTATION SERVICES AGREEMENT.txt",  # 10. Termination and Amendment
    "ELECTRAMECCANICA VEHICLES CORP. - Manufacturing Agreement.txt",
    "DUOSTECHNOLOGIESGROUP,INC_04_21_2009-EX-10.1-STRATEGIC ALLIANCE AGREEMENT.txt",
)


def _category(key: str):  # type: ignore[no-untyped-def]
    return next(a for a in CLAUSE_ANSWERS if a.key == key)


def test_categories_are_read_in_the_order_the_question_asks_them() -> None:
    assert [c.key for c in categories_asked("Can Dexcel terminate immediately if Kitov doesn't pay?")] \
        == ["termination", "payment"]
    assert [c.key for c in categories_asked("Which law governs the deal and where are disputes heard?")] \
        == ["governing-law", "forum"]
    # a notice asked of ending the contract is the termination clause's, not the notices clause's
    assert "notice" not in [c.key for c in categories_asked("Can either side walk away? What notice?")]
    # the exclusions from a cap are not the cap's amount
    assert "liability-cap" not in [c.key for c in categories_asked("What is carved out of the liability cap?")]
    assert categories_asked("Who was the judge?") == []


def test_a_sentence_answers_its_category_under_its_heading_or_none() -> None:
    term = _category("termination")
    says = "Either Party may terminate this Agreement immediately upon written notice."
    assert answers_category(term, says, ["7.1.", "7. TERMINATION AND RENEWAL"])
    assert answers_category(term, says, ["10.3", "10."])  # no worded heading: read by its words
    assert not answers_category(term, says, ["8.7. Remedial Measures", "8. DISPUTE RESOLUTION"])
    assert not answers_category(term, "Upon termination, each party shall return the materials.",
                                ["9. TERM AND TERMINATION"])  # what follows termination, not the right to it
    pay = _category("payment")
    assert not answers_category(pay, "Buyer shall pay the price within thirty days of invoice.", ["4. Payment"],
                                "What price per kilogram does Buyer pay?")  # an amount asked, none stated
    # the right to terminate for not paying, in the payment clause, answers a question asking both
    late = "If Buyer fails to pay within ninety days, Seller shall be entitled to terminate this Agreement."
    assert not answers_category(term, late, ["3.6", "Payment Terms"])
    assert answers_category(term, late, ["3.6", "Payment Terms"], also=(pay,))
    assert heading_words("ARTICLE VI TERM AND TERMINATION") == "TERM AND TERMINATION"
    assert heading_words("10.3") == ""
    assert heading_words("12. MISCELLANEOUS") == ""  # boilerplate's heading tells no category


@pytest.fixture(scope="module")
def ask(tmp_path_factory: pytest.TempPathFactory, bulk: Path):  # type: ignore[no-untyped-def]
    s = ingested(tmp_path_factory.mktemp("ctr") / "c.db", [bulk / (CUAD + f) for f in FILES])
    yield ranker_asker(s)
    s.close()


@pytest.mark.parametrize("question, says", [
    ("Can the licensee transfer the NMF SLF trademark licence?", "shall not sublicense, assign"),
    # 10.5 under "10. Termination and Amendment": "… and Shipper decides to terminate this Agreement … prior to
    # the commencement of transportation service …"
    ("Can the Shipper end the MPLX transportation services agreement before service on the pipeline starts?",
     "shipper decides to terminate"),
    ("Can Marathon Petroleum walk away from the MPLX transportation services agreement before the pipeline is in "
     "service?", "shipper decides to terminate"),
])
def test_the_clause_of_the_category_asked_answers(ask, question: str, says: str) -> None:  # type: ignore
    ans = ask(question)
    assert ans.citations, ans.text
    assert says in first_cited_unit_text(ans)
