"""A fallback's answer (a stated test, a contract's clause of the category asked, what X is) meets the checks the
ranker's own choice meets: an amount or a period asked must be stated in the quotation.  On the spent sets the
contract-category fallback answered "for how many years does the joint venture run?" with "a duration of * years"
(the figure withheld from the filing) and "what monthly recurring hosting charge…?" with a clause stating no sum."""

from __future__ import annotations

from pincite.generate.ranker import states_what_is_asked


def _claims(*quotes: str) -> list[dict]:  # type: ignore[type-arg]
    return [{"text": q, "citations": [{"passage": "p", "quote": q}]} for q in quotes]


def test_a_withheld_figure_does_not_answer_how_many_years() -> None:
    q = "For how many years does the joint venture run before renewal?"
    assert not states_what_is_asked(q, _claims("This JV Agreement shall have a duration of * years, extendable."))
    assert states_what_is_asked(q, _claims("This JV Agreement shall have a duration of three (3) years."))


def test_a_clause_stating_no_sum_does_not_answer_what_charge() -> None:
    q = "What monthly recurring charge does the customer pay under the hosting agreement?"
    assert not states_what_is_asked(q, _claims("Customer shall pay the charges set out in the Service Option."))
    assert states_what_is_asked(q, _claims("Customer shall pay a monthly recurring charge of $12,500."))


def test_a_question_asking_neither_is_not_checked() -> None:
    assert states_what_is_asked("Under which state's law is the agreement?",
                                _claims("This Agreement is governed by the laws of Delaware."))
