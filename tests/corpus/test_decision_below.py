"""Issue 52: what the court below decided, and a costs order the judgment does not make, answered from the
judgment's structure through the default generator and every check, on real Court of Appeal judgments from
../bulk (none reserved, none a held-out set's, none a question set's).

- "What did Judge X decide…?" is answered by the appeal judgment's report of the decision below ("HHJ X …
  dismissed petitions…"), never by the appeal court's own vote ("I would dismiss the appeal"), and by the
  sentence in which the judge the question names is the one deciding.
- "What costs order did the court make when it dismissed the appeal?" of a judgment that makes none abstains:
  the disposal named as the question's time is not what it asks.

The questions are written for these tests (none is a gold question); what is asserted is what kind of sentence
is cited, and where, never an answer's wording."""

from __future__ import annotations

from pathlib import Path

import pytest

from pincite.legal.decisions import DISPOSAL_SENTENCE, matches
from pincite.legal.question_kinds import reports_decision_below
from tests.support.extractive_helpers import ingested, ranker_asker

pytestmark = pytest.mark.shared

AKN = "ewca_civ_2020_akn"
MB = f"{AKN}/2020-ewca-1017-civ.xml"  # SoS for BEIS v MB Vacant Property Solutions: HHJ Davies dismissed petitions
CABLE = f"{AKN}/2020-ewca-1015-civ.xml"  # Cable v LV: Judge Wood QC refused the appeal from DJ Campbell
NP = f"{AKN}/2020-ewca-1003-civ.xml"  # NP v A Local Authority: a recorder's interim care orders; no costs order
MK = f"{AKN}/2020-ewca-1002-civ.xml"  # MK v A Local Authority: the judge's Article 15 request; no costs order
OTHERS = [f"{AKN}/2020-ewca-{n}-civ.xml" for n in (1005, 1027, 1030)]


@pytest.fixture(scope="module")
def ask(tmp_path_factory: pytest.TempPathFactory, bulk: Path):  # type: ignore[no-untyped-def]
    s = ingested(tmp_path_factory.mktemp("below") / "s.db", [bulk / f for f in (MB, CABLE, NP, MK, *OTHERS)])
    yield ranker_asker(s)
    s.close()


def _cited(ans):  # type: ignore[no-untyped-def]
    """(source, unit label, the quoted words) of each shown citation, after every check; each one followable."""
    out = []
    for c in ans.citations:
        j = c.to_json()
        assert c.candidate.doc.text[j["char_start"]:j["char_end"]] == j["quote"]
        out.append((c.candidate.doc.source, c.candidate.unit.label, j["quote"]))
    return out


@pytest.mark.parametrize("question, source, label", [
    ("What did HHJ Stephen Davies decide on the Secretary of State's winding-up petitions against MB Vacant "
     "Property Solutions?", MB, "[2]"),
    ("In Cable v Liverpool Victoria, what did Judge Wood QC decide on Mr Cable's appeal from the district "
     "judge?", CABLE, "[37]"),
])
def test_a_court_below_question_cites_the_report_of_the_decision_below(  # type: ignore[no-untyped-def]
        ask, question: str, source: str, label: str) -> None:
    cited = _cited(ask(question))
    assert cited, question
    src, unit, quote = cited[0]
    assert src.endswith(source) and unit == label, cited
    assert reports_decision_below(quote) and not matches(DISPOSAL_SENTENCE, quote), cited


def test_a_court_below_question_is_never_answered_by_the_appeal_court_s_vote(ask) -> None:  # type: ignore
    cited = _cited(ask("In NP v A Local Authority, what had the recorder decided about the interim care orders?"))
    assert cited
    for src, _unit, quote in cited:
        assert src.endswith(NP) and reports_decision_below(quote) and not matches(DISPOSAL_SENTENCE, quote), cited


def test_a_costs_order_asked_at_a_disposal_of_a_judgment_without_one_abstains(ask) -> None:  # type: ignore
    # neither judgment says a word of costs: the dismissal named as the question's time is not what it asks
    for question in ("What costs order was made against the mother when the Court of Appeal dismissed her "
                     "appeal in MK v A Local Authority?",
                     "What costs order was made against the grandparents when their appeal in NP v A Local "
                     "Authority was allowed?"):
        ans = ask(question)
        assert ans.claims == [] and ans.citations == [], (question, _cited(ans))
