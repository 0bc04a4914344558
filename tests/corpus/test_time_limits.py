"""A question asking a time limit ("what is the deadline to…", "is there a time limit…") is answered by a sentence
stating one (issue 52, zoo_dev): the sentence about the step itself ("On receipt of the written request for review,
the Chief Executive Officer shall…") shares more of the question's words but states no period.  On the Justice
Canada regulations of ../shared/zoo (none reserved)."""

from __future__ import annotations

from pathlib import Path

import pytest

from pincite.legal.decisions import answer_must_say

pytestmark = pytest.mark.shared

WAPUSK = "zoo/regulation_canada_justice_xml/SOR-2010-67_wapusk_national_park_park_use_regulations.xml"
HST = "zoo/regulation_canada_justice_xml/SOR-2010-99_nova_scotia_hst_regulations_2010.xml"


def test_a_time_limit_question_needs_a_stated_period() -> None:
    needs = answer_must_say("By when must a refused applicant ask for a review?")
    assert needs
    assert all(n.search("may request a review by submitting a request within 30 days after the day") for n in needs)
    assert not all(n.search("On receipt of the request, the officer shall review the decision.") for n in needs)
    assert not answer_must_say("Who reviews a refused permit?")


@pytest.fixture(scope="module")
def ask(tmp_path_factory: pytest.TempPathFactory, shared: Path):  # type: ignore[no-untyped-def]
    from pincite.engine import AskOptions
    from tests.support.extractive_helpers import ingested, ranker_asker
    s = ingested(tmp_path_factory.mktemp("deadline") / "s.db", [shared / WAPUSK, shared / HST])
    yield ranker_asker(s, k=AskOptions().k)  # the default options
    s.close()


def test_the_deadline_to_request_a_review_is_the_provision_stating_it(ask) -> None:  # type: ignore
    ans = ask("Wapusk National Park Park Use Regulations: deadline to ask the CEO to review the suspension or "
              "revocation of a permit by the superintendent?")
    assert ans.citations, ans.text
    c = ans.citations[0].candidate
    assert c.unit.label.startswith("s. 24(1)")
    assert "days" in ans.citations[0].to_json()["quote"]
