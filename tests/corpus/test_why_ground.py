"""Issue 52 ("answers a new writer gets"): why a ground of appeal failed or succeeded, answered from the
paragraphs of the court's own voice that dispose of that ground, on real Court of Appeal judgments from ../bulk
(none reserved, none a question set's; each already read by other corpus tests).

- The reading: the ground a question names ("ground 2", "ground 4 (the exercise of discretion)") is found under
  the judgment's heading naming it ("Ground 2 – publication and consultation", "Ground 4: exercise of
  discretion"), the court's paragraphs of reasons there, never the parties' submissions under an earlier heading.
- The answer: a paragraph of those reasons is cited — not a paragraph that only states the conclusion
  ("75. Ground 2 accordingly succeeds."), which says that, not why — and where the ranker would abstain the
  court's reasons under the ground's heading answer.

The questions are written for these tests (none is a gold question); what is asserted is where the cited
paragraph stands and what kind it is, never an answer's wording."""

from __future__ import annotations

from pathlib import Path

import pytest

from pincite.answer.structure import bare_conclusion, ground_units
from tests.support.extractive_helpers import ingested, ranker_asker

pytestmark = pytest.mark.shared

AKN = "ewca_civ_2020_akn"
OFS = f"{AKN}/2020-ewca-1074-civ.xml"  # Bloomsbury Institute v OfS: "Ground 2 – publication and consultation"
SWP = f"{AKN}/2020-ewca-1058-civ.xml"  # Bridges v South Wales Police: "Ground 2: Proportionality"
KOZA = f"{AKN}/2020-ewca-1018-civ.xml"  # Ipek v Koza: "Ground 4: exercise of discretion", a dissent
OTHERS = [f"{AKN}/2020-ewca-850-civ.xml"]

CASES = [
    ("Why did ground 2 succeed in Bloomsbury Institute v Office for Students?", OFS, "Ground 2"),
    ("Why did ground 2 (proportionality) fail in the facial recognition appeal against South Wales Police?", SWP,
     "Ground 2"),
    ("Why did ground 4 (the exercise of discretion) fail in Ipek v Koza?", KOZA, "Ground 4"),
]


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory, bulk: Path):  # type: ignore[no-untyped-def]
    s = ingested(tmp_path_factory.mktemp("grounds") / "s.db", [bulk / f for f in (OFS, SWP, KOZA, *OTHERS)])
    yield s
    s.close()


def _doc(store, source: str):  # type: ignore[no-untyped-def]
    return next(store.get_document(s.id) for s in store.list_documents() if s.source.endswith(source))


def _heading_over(doc, unit) -> str:  # type: ignore[no-untyped-def]
    heads = [u for u in doc.units[:unit.ordinal] if u.kind.name == "HEADING"]
    return doc.text[heads[-1].char_start:heads[-1].char_end].strip() if heads else ""


@pytest.mark.parametrize("question, source, heading", CASES)
def test_the_ground_is_read_under_the_heading_naming_it(store, question: str, source: str,  # type: ignore[no-untyped-def]
                                                        heading: str) -> None:
    doc = _doc(store, source)
    units = ground_units(doc, question)
    assert units, question
    for u in units:
        assert _heading_over(doc, u).startswith(heading), (u.label, _heading_over(doc, u))
        assert u.role is None or u.role.value != "dissenting"
    assert not bare_conclusion(doc, units[0])  # the reasons come first


@pytest.mark.parametrize("question, source, heading", CASES[:2])
def test_a_why_ground_question_cites_the_reasons_under_the_ground(store, question: str, source: str,  # type: ignore[no-untyped-def]
                                                                   heading: str) -> None:
    ans = ranker_asker(store)(question)
    assert ans.citations, question
    doc = _doc(store, source)
    for c in ans.citations:
        assert c.candidate.doc.source.endswith(source)
        unit = c.candidate.unit
        assert _heading_over(doc, unit).startswith(heading), (unit.label, _heading_over(doc, unit))
        assert not bare_conclusion(doc, unit), unit.label
