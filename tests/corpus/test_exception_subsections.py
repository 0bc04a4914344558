"""A question asking for the exception to a statute's rule ("when can someone convicted of … still apply?") is
answered by the subsection that makes the exception, not the rule it qualifies (issue 52: on the spent fresh
sets the ranker quoted "Subject to subsection (3), no vessel … may be removed" for "when can a vessel be
removed?").  The rule names its exception ("Subject to subsection (3), …") or the exception names the rule
("Despite subsection (1), …").  Real Canadian Acts from ../shared/bulk (none reserved), lexical retrieval, the
ranker; the questions are written for these tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from pincite.legal.language import asks_exception, qualified_by, qualifies
from tests.support.extractive_helpers import ingested, ranker_asker

pytestmark = pytest.mark.shared

GATEWAY = "canada_acts/current/C-31.4.xml"  # s. 8(2) "Despite subsection (1), a person may communicate …"
OIL = "canada_acts/current/O-8.xml"  # s. 3(2) "Subject to subsection (4), no payment shall be made …"
RECORDS = "canada_acts/current/C-47.xml"  # s. 4(2) "Subject to subsection (3), a person is ineligible …"


@pytest.fixture(scope="module")
def ask(tmp_path_factory: pytest.TempPathFactory, bulk: Path):  # type: ignore[no-untyped-def]
    s = ingested(tmp_path_factory.mktemp("exceptions") / "e.db", [bulk / GATEWAY, bulk / OIL, bulk / RECORDS])
    yield ranker_asker(s)
    s.close()


def _cited_units(ans) -> list[tuple[str, str]]:  # type: ignore[no-untyped-def]
    """(label, text) of the subsection each citation lands in."""
    out = []
    for c in ans.citations:
        u, doc = c.candidate.unit, c.candidate.doc
        while u.kind.value != "subsection" and u.parent is not None:
            u = doc.units[u.parent]
        out.append((u.label or "", doc.text[u.char_start:u.char_end]))
    return out


def test_an_exception_question_is_answered_by_the_exception(ask) -> None:  # type: ignore[no-untyped-def]
    # the rule ranks first (8(1), "It is prohibited … to communicate it"); the exception names it
    units = _cited_units(ask("When may confidential information obtained under the Lunar Gateway Act be "
                             "communicated to others?"))
    assert units and units[0][0] == "s. 8(2)" and "Despite subsection (1)" in units[0][1], units
    # the exception ranks first but under the threshold (main abstained); the rule 3(2) names it
    units = _cited_units(ask("Is a payment still possible for an oil heating conversion completed after the "
                             "1985 deadline?"))
    assert units and units[0][0] == "s. 3(4)" and "completed after the period" in units[0][1], units


def test_a_question_asking_the_rule_keeps_the_rule(ask) -> None:  # type: ignore[no-untyped-def]
    units = _cited_units(ask("Which offenders are ineligible to apply for a record suspension?"))
    assert all(not label.endswith("(3)") for label, _ in units), units


def test_exception_questions_and_pointers_are_read_generally() -> None:
    for q in ["When may the information be disclosed without consent?", "Is there any exception?",
              "Can a late conversion still get a payment?", "In what circumstances can the vessel be removed?"]:
        assert asks_exception(q), q
    for q in ["Who is ineligible to apply for a record suspension?", "What is the deadline for filing a return?",
              "When does Part 4 come into force?"]:
        assert not asks_exception(q), q
    assert qualified_by("(2) Subject to subsection (3), no vessel may be removed") == {"3"}
    assert qualified_by("(1) Except as provided in subsection (4), no payment shall be made") == {"4"}
    assert qualifies("(2) Despite subsection (1), a person may communicate the information") == {"1"}
    assert not qualified_by("(3) A person who has been convicted may apply") and not qualifies("(1) The Minister may")
