"""The legal-language tables are general patterns: each is tried here on several sentences of the kind it is for
(drafting and judicial practice, none a gold answer), and on the near misses it must not take."""

from __future__ import annotations

import pytest

from pincite.legal.language import (
    DATE,
    DECIDING_COURT,
    DISAGREEMENT,
    DISPOSAL,
    CONCLUSION_OPENING,
    HELD,
    ISSUE,
    PERSON_DESCRIBED,
    excludes_period,
    power_phrase,
    question_shape,
    stated_periods,
    terms,
)


def test_one_analyser_for_spelling_inflection_negation_and_plain_words() -> None:
    assert terms("authorised") == terms("authorized")
    assert terms("end the agreement") == terms("terminated")
    assert set(terms("Applicable Law")) == set(terms("which law applies"))
    assert terms("the order was unlawful") == terms("the order was lawful")  # either way, it answers "was it lawful?"
    assert terms("unreasonable") == terms("reasonable") and terms("understood") != terms("stood")
    assert terms("governing") == terms("governed") == terms("governs")


@pytest.mark.parametrize("sentence", [
    "For these reasons I would allow the appeal and set aside the order of the judge.",
    "We would dismiss the appeal.",
    "The appeal is therefore dismissed.",
    "The application for judicial review is accordingly refused.",
    "The claims are dismissed.",
])
def test_a_disposal_is_read_in_the_first_person_or_the_passive(sentence: str) -> None:
    assert DISPOSAL.search(sentence)


@pytest.mark.parametrize("sentence", [
    "The dismissal of the claim was challenged on three grounds.",  # a noun, not a disposal
    "Counsel referred to the appeal in the earlier proceedings.",
])
def test_a_mention_of_an_appeal_is_no_disposal(sentence: str) -> None:
    assert not DISPOSAL.search(sentence)


def test_disagreement_conclusion_issue_and_stated_holding() -> None:
    assert DISAGREEMENT.search("I have come to a different conclusion on this ground.")
    assert DISAGREEMENT.search("With respect, I am unable to agree.")
    assert not DISAGREEMENT.search("I agree with the reasons given by my Lord.")
    assert CONCLUSION_OPENING.search("41. For the reasons we have explained above, the order must be set aside.")
    assert CONCLUSION_OPENING.search("In conclusion, the claim fails.")
    assert not CONCLUSION_OPENING.search("12. The claimant was born in 1970.")
    assert ISSUE.search("The question for decision is whether the notice was valid.")
    assert ISSUE.search("In this appeal, the court is required to decide whether the scheme is lawful.")
    assert HELD.search("On that basis we hold that the payment was a loan.")


def test_a_deciding_court_is_not_what_the_answer_says() -> None:
    assert DECIDING_COURT.sub(" ", "Did the High Court hold the levy lawful?").split() == \
        ["Did", "hold", "the", "levy", "lawful?"]
    assert DECIDING_COURT.sub("", "Can a tribunal order costs?") == "Can a tribunal order costs?"  # not deciding


def test_a_power_is_asked_in_the_provisions_own_modal() -> None:
    appointed = power_phrase("Who may be appointed a member of the Board?")
    assert appointed is not None
    assert appointed.search("Any person may be appointed a member who has held judicial office.")
    assert not appointed.search("Members shall be appointed by the Governor in Council.")
    revoke = power_phrase("Can the Minister revoke a licence?")
    assert revoke is not None and revoke.search("The Minister may revoke a licence if the holder fails to pay.")
    assert power_phrase("Who pays the costs?") is None
    assert PERSON_DESCRIBED.search("any person who is or has been a barrister of ten years standing")
    assert not PERSON_DESCRIBED.search("The person named in the notice shall pay the fee.")


def test_dates_and_dated_periods() -> None:
    assert DATE.search("shall expire on June 30, 2019.") and DATE.search("ends on 1 March 2021")
    assert not DATE.search("within 30 days")
    after_march = stated_periods("a grant made after March 2001")
    assert after_march == [((2001, 4, 1), (9999, 12, 31))]
    assert excludes_period("grants made before April 1, 2001 to a charity", after_march)
    assert not excludes_period("grants made on or after April 1, 2001 to a charity", after_march)
    assert not excludes_period("grants made to a charity", after_march)  # no date: nothing to compare
    assert excludes_period("a period ending on or before December 31, 1999", stated_periods("since 2000"))
    assert not excludes_period("a grant made before 2005", stated_periods("a grant made after 2003"))


@pytest.mark.parametrize("question, expected", [
    ("Was the appeal allowed?", {"outcome", "holding"}),
    ("Why did the minority judge disagree?", {"dissent", "reasons"}),
    ("Which judge dissented, and on what ground?", {"dissent", "who", "who_asked", "two_parts"}),
    ("How long is the notice period?", {"quantity", "duration"}),
    ("What is the term of the lease?", {"duration"}),
    ("What does 'worker' mean in the Act?", {"purpose"}),
    ("Is the fee refundable?", {"holding"}),
])
def test_question_shapes(question: str, expected: set[str]) -> None:
    shape = question_shape(question)
    assert {k for k, v in vars(shape).items() if v} == expected
