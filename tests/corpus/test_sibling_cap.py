"""A question asking a contract's liability cap is answered by the sentence of the limitation-of-liability clause
stating the cap ("the aggregate total liability … shall under no circumstances exceed …"), not by its
neighbour excluding consequential damages ("… including, but not limited to, lost profits") that the ranker
may prefer (issue 52: on the spent sets "is there an overall cap on either party's liability?" was answered by
cl. 12.1's exclusion beside 12.2's cap).  "Not limited to" limits nothing.  Real CUAD agreements from
../shared/bulk (none reserved, none named by an evaluation set), lexical retrieval, the ranker; the questions
are written for these tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from pincite.legal.clause_answers import CLAUSE_ANSWERS, answers_category
from tests.support.extractive_helpers import cited_quotes, ingested, ranker_asker

pytestmark = pytest.mark.shared

CINEMA = "cuad_v1_txt/DigitalCinemaDestinationsCorp_20111220_S-1_EX-10.10_7346719_EX-10.10_Affiliate Agreement.txt"
VERTICAL = "cuad_v1_txt/VERTICALNETINC_04_01_2002-EX-10.19-MAINTENANCE AND SUPPORT AGREEMENT.txt"


@pytest.fixture(scope="module")
def ask(tmp_path_factory: pytest.TempPathFactory, bulk: Path):  # type: ignore[no-untyped-def]
    s = ingested(tmp_path_factory.mktemp("caps") / "c.db", [bulk / CINEMA, bulk / VERTICAL])
    yield ranker_asker(s)
    s.close()


@pytest.mark.parametrize("question", [
    "Is there an overall cap on either party's liability under the maintenance and support agreement?",
    "Is either party's liability for damages limited?",
])
def test_a_cap_asked_is_answered_by_the_cap_not_the_exclusion(ask, question: str) -> None:  # type: ignore[no-untyped-def]
    quotes = cited_quotes(ask(question))
    assert quotes, question
    assert any("EXCEED" in q.upper() for q in quotes), quotes
    assert not any("CONSEQUENTIAL" in q.upper() and "EXCEED" not in q.upper() for q in quotes), quotes


def test_not_limited_to_states_no_cap() -> None:
    cap = next(a for a in CLAUSE_ANSWERS if a.key == "liability-cap")
    exclusion = ("IN NO EVENT SHALL EITHER PARTY BE LIABLE FOR ANY CONSEQUENTIAL DAMAGES (INCLUDING, BUT NOT "
                 "LIMITED TO, LOST PROFITS)")
    assert not answers_category(cap, exclusion, ["Limitation of Liability"])
    assert answers_category(cap, "Either party's total liability shall be limited to the amounts paid.",
                            ["Limitation of Liability"])
