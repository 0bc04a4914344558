"""Statute questions as new writers put them (issue 52, "answers a new writer gets"): a provision named by its
number and the Act's title alone, a term's definition, when provisions come into force, and a deadline asked of
one party.  On Acts of ../shared/bulk/canada_acts and ../shared/zoo (none reserved)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from pincite.generate.features.record import period_numbers
from pincite.legal.decisions import answer_must_say
from pincite.legal.question_kinds import definition_asked, obliged_party, party_asked_of

pytestmark = pytest.mark.shared

ACTS = "bulk/canada_acts/current"
MATERNITY = "zoo/statute_uk_clml_xml/ukpga_2021_5_ministerial_and_other_maternity_allowances_act.xml"


@pytest.fixture(scope="module")
def ask(tmp_path_factory: pytest.TempPathFactory, shared: Path):  # type: ignore[no-untyped-def]
    from pincite.engine import AskOptions
    from tests.support.extractive_helpers import ingested, ranker_asker
    files = [shared / ACTS / f for f in ("H-3.xml", "W-11.2.xml", "N-27.7.xml", "P-12.xml")] + [shared / MATERNITY]
    s = ingested(tmp_path_factory.mktemp("newwriters") / "s.db", files)
    yield ranker_asker(s, k=AskOptions().k)  # the default options
    s.close()


def _unit_and_quote(ans) -> tuple[str, str]:  # type: ignore[no-untyped-def]
    assert ans.citations, ans.text
    return ans.citations[0].candidate.unit.label or "", ans.citations[0].to_json()["quote"]


@pytest.mark.parametrize("number", ["2", "3"])
def test_a_provision_named_by_number_and_title_alone_is_answered_by_itself(ask, number: str) -> None:  # type: ignore
    # every word of the question but the number is the Act's title, which the short-title section repeats: the
    # title is where to look, not evidence that the short-title section answers
    label, quote = _unit_and_quote(ask(f"What does section {number} of the Ministerial and other Maternity "
                                       f"Allowances Act 2021 do?"))
    assert label.startswith(f"s. {number}"), (label, quote)
    assert "may be cited as" not in quote


@pytest.mark.parametrize("question, term", [
    ("How does the Hazardous Products Act define 'hazardous product'?", "hazardous product"),
    ("How is 'witness' defined in the Witness Protection Program Act?", "witness"),
    ("How is 'nuclear fuel waste' defined in the Nuclear Fuel Waste Act?", "nuclear fuel waste"),
])
def test_a_definition_question_is_answered_where_the_act_defines_the_term(ask, question: str, term: str) -> None:  # type: ignore
    assert definition_asked(question) == term
    label, quote = _unit_and_quote(ask(question))
    assert label.startswith("s. 2"), (label, quote)
    assert re.match(rf"{term}\s+means\b", quote.lower()), quote  # the term's own definition, not one using it


def test_a_term_used_in_another_definition_is_not_defined_there() -> None:
    from pincite.legal.question_kinds import defines
    assert not defines("nuclear fuel waste").search("management, in respect of nuclear fuel waste, means long-term")
    assert defines("agriculture").search('that is to say,—\n" agriculture" includes dairy-farming')


def test_a_commencement_question_needs_the_commencement_provision(ask) -> None:  # type: ignore
    needs = answer_must_say("When did the restrictions on exercising the right to buy take effect under the Act?")
    assert needs and all(n.search("Sections 2 to 5 come into force at the end of the period of 2 months") for n in needs)
    assert not all(n.search("Section 2 restricts the exercise of the right to buy.") for n in needs)
    label, quote = _unit_and_quote(ask("When did the Ministerial and other Maternity Allowances Act 2021 come into "
                                       "force?"))
    assert "comes into force" in quote


def test_a_deadline_asked_of_one_party_is_that_partys(ask) -> None:  # type: ignore
    # s. 16(1) binds the Commissioner ("not later than June 30 each year"), s. 16(2) the Minister: the question
    # asks the Commissioner's, though it names the Minister too
    q = "Witness Protection Program Act: deadline for the Commissioner to submit the annual report to the Minister?"
    assert party_asked_of(q) == obliged_party("The Commissioner shall, not later than June 30 each year, submit")
    label, quote = _unit_and_quote(ask(q))
    assert label.startswith("s. 16(1)") and "June 30" in quote, (label, quote)


def test_a_period_in_words_holds_its_number() -> None:
    assert period_numbers("is not disposed of within twenty-one days after the day on which it is received") == {"21"}
    assert period_numbers("shall, within thirty (30) days of receipt, pay") == {"30"}
    assert not period_numbers("one hundred and twenty members")


def test_a_deadline_without_a_year_or_a_plain_length_is_a_stated_time_limit() -> None:
    needs = answer_must_say("When does the Commissioner have to submit the annual report?")
    assert needs
    for said in ("The Commissioner shall, not later than June 30 each year, submit a report",
                 "On or before January 1st of each year the Minister must prepare a report",
                 "the breaching party has not cured the breach within five business days after notice is given"):
        assert all(n.search(said) for n in needs), said
    assert not all(n.search("specifying the date on or before which an oil fired heating unit shall have been "
                            "installed") for n in needs)
