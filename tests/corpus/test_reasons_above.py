"""Issue 52 (branch neigh): a why question whose best-ranked answer is a conclusion resting on the reasons above it
("For these reasons, I reject Mr X's submission…", "It follows, in our judgment, that…",
:func:`pincite.legal.question_kinds.rests_on_above`) is answered by those reasons, in the paragraphs before it
(:func:`pincite.generate.ranker.reasons_above`), on a real Court of Appeal judgment from ../bulk (not reserved, named
by no question or claim set).  Main quoted the conclusion, which says what was decided, not why.

The question is written for this test (no gold question); what is asserted is where the cited sentence stands and
what kind it is, never its wording."""

from __future__ import annotations

from pathlib import Path

import pytest

from pincite.generate.ranker import ABOVE_SPAN
from pincite.legal.question_kinds import rests_on_above
from pincite.types import UnitKind
from tests.support.extractive_helpers import ingested, ranker_asker

pytestmark = pytest.mark.shared

AKN = "ewca_civ_2020_akn"
FAKHRY = f"{AKN}/2020-ewca-1207-civ.xml"  # Fakhry v Pagden: standing to set aside a restoration order
OTHERS = [f"{AKN}/2020-ewca-1597-civ.xml", f"{AKN}/2020-ewca-1570-civ.xml", f"{AKN}/2020-ewca-1487-civ.xml"]


@pytest.fixture(scope="module")
def ask(tmp_path_factory: pytest.TempPathFactory, bulk: Path):  # type: ignore[no-untyped-def]
    s = ingested(tmp_path_factory.mktemp("neigh") / "s.db", [bulk / f for f in (FAKHRY, *OTHERS)])
    yield ranker_asker(s)
    s.close()


def test_why_is_answered_by_the_reasons_above_a_conclusion(ask) -> None:  # type: ignore[no-untyped-def]
    ans = ask("Why did the Court of Appeal reject Mr Sutcliffe's reliance on Welsh Ministers v Price to deny "
              "Mr Fakhry and Mr Fry standing to set aside the restoration order?")
    assert ans.citations, ans.text
    for cit in ans.citations:
        c = cit.candidate
        assert c.doc.source.endswith(FAKHRY)
        quote = c.doc.text[c.quote_start:c.quote_end]
        assert not rests_on_above(quote), quote  # main: "For these reasons, I reject Mr Sutcliffe's submission…"
        paras = [u for u in c.doc.units if u.kind is UnitKind.PARAGRAPH]
        k = next(i for i, u in enumerate(paras) if u.ordinal == c.unit.ordinal)
        # the conclusion resting on these reasons follows within the span read
        after = [c.doc.text[u.char_start:u.char_end] for u in paras[k + 1:k + 1 + ABOVE_SPAN]]
        assert any(rests_on_above(t.split(".", 1)[-1].strip()) or rests_on_above(t) for t in after), after
