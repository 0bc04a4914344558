"""Questions whose answer the document does not state are not answered by a sentence that shares their words
(issue 52, "answers a new writer gets"): an amount asked ("what is the initial amount…", "what interest rate…")
of a clause whose figure the filed copy withholds ("$[***]") or that states none; a fine asked ("what fine
applies…?") of a prohibition fixing none; when a provision took effect, of a sentence stating no date or period.
On a CUAD agreement of ../shared/bulk and the Justice Canada regulations of ../shared/zoo (none reserved, none
an evaluation set's document)."""

from __future__ import annotations

from pathlib import Path

import pytest

from pincite.legal.decisions import answer_must_say, asks_amount, states_amount
from pincite.legal.question_kinds import judges_acting

pytestmark = pytest.mark.shared

IPAYMENT = "bulk/cuad_v1_txt/IPAYMENT,INC_05_14_2007-EX-10.1-SPONSORSHIP AGREEMENT.txt"
WAPUSK = "zoo/regulation_canada_justice_xml/SOR-2010-67_wapusk_national_park_park_use_regulations.xml"


def test_amounts_asked_and_stated() -> None:
    assert asks_amount("What interest rate did the court apply to the judgment debt?")
    assert asks_amount("What monthly recurring hosting charge does the customer pay?")
    assert asks_amount("What is the initial amount of the Offset Account?")
    assert not asks_amount("How much weight does parental intention carry?")
    assert not asks_amount("What is the exit fee, and is it capped?")  # a fee is often a formula
    assert asks_amount("What was the dollar amount of the sponsorship fee for the initial term?")
    assert asks_amount("What amount must the licensee pay on signing?")
    assert not asks_amount("What amount of discretion does the judge have on costs?")
    q = "What is the weekly rate of the standard minimum guarantee?"
    assert not states_amount("Where, by virtue of regulations under section 2(6), the guarantee does not include "
                             "the amount in subsection (4), paragraph (a) applies.", q)  # references only
    assert not states_amount("On 20 December 2019, the council issued a claim for rent arrears.", q)  # a date
    assert not states_amount("Charges can be specified as one-time, installment, recurring, or usage.", q)
    assert not states_amount("ISO agrees that the initial amount of the Offset Account will be $[***].", q)
    assert not states_amount("The JV shall have a duration of * years.", q)  # withheld
    assert not states_amount("the $765,692.81 judgment debt", "What rate applied to the $765,692.81 debt?")
    assert states_amount("a fee of four and one-half per cent per annum", q)
    assert states_amount("not being less than fourteen days from the date of the notice", q)
    assert states_amount("the sum of 1500 dollars each week", q)


def test_judges_asked_what_they_did() -> None:
    assert judges_acting("Did Lang J order costs against the plaintiff?") == {"Lang"}
    assert judges_acting("What order had Morgan J made at first instance?") == {"Morgan"}
    assert judges_acting("Why did HHJ Gosnell allow the first appeal?") == {"Gosnell"}
    assert not judges_acting("Was Soole J's ruling upheld by the Court of Appeal?")


def test_costs_and_fines_and_commencement_asked() -> None:
    assert answer_must_say("Did Lang J order costs against Tahi when he refused the order?")
    assert answer_must_say("What order for the costs of the appeal hearing was made?")
    assert answer_must_say("What fine can be imposed on a company that charges tolls without approval?")


@pytest.fixture(scope="module")
def ask(tmp_path_factory: pytest.TempPathFactory, shared: Path):  # type: ignore[no-untyped-def]
    from pincite.engine import AskOptions
    from tests.support.extractive_helpers import ingested, ranker_asker
    s = ingested(tmp_path_factory.mktemp("unstated") / "s.db", [shared / IPAYMENT, shared / WAPUSK])
    yield ranker_asker(s, k=AskOptions().k)  # the default options
    s.close()


@pytest.mark.parametrize("q", [
    "Under the iPayment sponsorship agreement, what is the initial amount of the Offset Account?",
    "What dollar amount must ISO keep in the Offset Account under the iPayment sponsorship agreement?",
    # a provision the question names meets the same check ("less than $[***]" names no amount)
    "What is the initial amount of the Offset Account under section 6.1 of the iPayment agreement?",
])
def test_a_withheld_amount_is_not_answered(ask, q: str) -> None:  # type: ignore[no-untyped-def]
    ans = ask(q)
    quotes = [c.to_json()["quote"] for c in ans.citations]
    assert all(states_amount(x, q) for x in quotes), quotes


@pytest.mark.parametrize("question", [
    "What fine applies to building a resource harvest cabin in Wapusk National Park without a permit?",
    "What's the fine for carrying a firearm in Wapusk National Park without a permit?",
])
def test_a_fine_asked_of_a_bare_prohibition_is_not_answered(ask, question: str) -> None:  # type: ignore[no-untyped-def]
    ans = ask(question)
    needs = answer_must_say(question)
    assert needs
    quotes = [c.to_json()["quote"] for c in ans.citations]
    assert all(all(n.search(x) for n in needs) for x in quotes), quotes


SKURIKHIN = "bulk/ewca_civ_2020_akn/2020-ewca-1337-civ.xml"  # Eder J's freezing injunction, reported


@pytest.fixture(scope="module")
def ask_judgment(tmp_path_factory: pytest.TempPathFactory, shared: Path):  # type: ignore[no-untyped-def]
    from pincite.engine import AskOptions
    from tests.support.extractive_helpers import ingested, ranker_asker
    s = ingested(tmp_path_factory.mktemp("unstated_judge") / "s.db", [shared / SKURIKHIN])
    yield ranker_asker(s, k=AskOptions().k)
    s.close()


@pytest.mark.parametrize("question", [
    "Did Eder J order costs against Mr Skurikhin when he granted the worldwide freezing injunction?",
    "What order for costs did Eder J make when he granted the freezing injunction against Mr Skurikhin?",
])
def test_what_a_judge_below_did_is_not_another_judges_act(ask_judgment, question: str) -> None:  # type: ignore[no-untyped-def]
    ans = ask_judgment(question)  # the judgment reports no costs order of Eder J's
    quotes = [c.to_json()["quote"] for c in ans.citations]
    assert all("Eder" in x and "costs" in x for x in quotes), quotes


def test_a_cap_asked_is_answered_by_the_clause_bounding_liability(ask) -> None:  # type: ignore[no-untyped-def]
    q = "Is there a cap on the Bank's total liability to ISO under the iPayment sponsorship agreement?"
    needs = answer_must_say(q)
    assert needs
    assert not all(n.search("The Parties assume no liability to any third party because of any reliance on the "
                            "representations.") for n in needs)
    ans = ask(q)  # among the sentences saying "liability", the one bounding it ("the cumulative liability of each…")
    quotes = [c.to_json()["quote"] for c in ans.citations]
    assert quotes and all("cumulative liability" in x for x in quotes), quotes


def test_commencement_asked() -> None:
    q = "When did the restrictions on exercising the right to buy take effect?"
    needs = answer_must_say(q)
    assert needs
    assert not all(n.search("Section 4 restricts the exercise of the right.") for n in needs)  # what, not when
    assert all(n.search("This Act comes into force two months after the day on which it receives Royal Assent.")
               for n in needs)
    assert not answer_must_say("When can a vessel seized in Canada be taken out of Canada?")


def test_how_long_is_answered_by_a_period() -> None:
    from pincite.legal.decisions import states_period
    # sentences of the iPayment sponsorship agreement
    assert states_period("The initial term of this Agreement shall be four (4) Processing Years commencing on the "
                         "Effective Date of this Agreement")
    assert states_period("the breaching party has not cured the breach within five business days after notice")
    assert not states_period("ISO shall use reasonable efforts to ensure that each Application completed by an "
                             "Applicant is current and contains accurate and complete information.")


def test_a_judgment_is_not_the_case_another_question_is_about(shared: Path) -> None:
    from pincite.answer.structure import names_other_case
    from pincite.ingest import parse_file
    doc = parse_file(str(shared / SKURIKHIN), source=SKURIKHIN)  # JSC VTB Bank v Skurikhin
    assert names_other_case("Mohamed v Breish, the fight over the fund: were the appeals dismissed?", doc)
    assert not names_other_case("VTB v Skurikhin: was the appeal allowed?", doc)
    # an authority named on the way is not what the question is about
    assert not names_other_case("The receivers relied on Mohamed v Breish. Why did that argument fail?", doc)
