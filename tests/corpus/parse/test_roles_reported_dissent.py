"""Roles on real judgments: a dissent *reported* (another judge's, often in a case cited) and a disagreement with
parts of the judge below's reasons are not this judge's partial dissent (issue 28).  Each case was read by hand:
in every one the judge named leads and both colleagues agree with them (bench/NOTES.md, "Issue 28 — legal
language in one place")."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import pytest

from pincite.parse import parse_bytes
from pincite.parse.roles import Segment, decide_roles
from pincite.types import ParsedDocument, Role, Zone

pytestmark = pytest.mark.shared

EWCA = "ewca_civ_2020_akn"


@lru_cache(maxsize=None)
def _parse(path: str) -> ParsedDocument:
    return parse_bytes(Path(path).read_bytes(), path)


def _roles(doc: ParsedDocument) -> dict[str, Role | None]:
    out: dict[str, Role | None] = {}
    for u in doc.units:
        if u.zone == Zone.REASONS and u.author:
            out.setdefault(u.author, u.role)
    return out


# (file, judge, the sentence the parser used to read as their partial dissent)
@pytest.mark.parametrize("name,judge,reported", [
    ("2020-ewca-204-civ.xml", "Henderson LJ", "Lord Walker dissented on the retirement issue"),
    ("2020-ewca-1585-civ.xml", "Coulson LJ", "Clarke LJ dissented on this point."),
    ("2020-ewca-922-civ.xml", "Moylan LJ", "dissented on the issue of habitual residence"),
    ("2020-ewca-1074-civ.xml", "Bean LJ", "(in a partly dissenting speech which is nevertheless accepted on this point"),
    ("2020-ewca-183-civ.xml", "Sir Geoffrey Vos C", "Whilst I have disagreed with some of the detail of his reasoning"),
    # a different conclusion from the court below's (a Divisional Court, the Upper Tribunal), not a colleague's
    ("2020-ewca-778-civ.xml", "Rose LJ", "I have come to a different conclusion from the Divisional Court"),
    ("2020-ewca-547-civ.xml", "David Richards LJ", "I agree with the UT’s conclusions on the"),
])
def test_a_reported_dissent_is_not_the_judges_own(bulk: Path, name: str, judge: str, reported: str) -> None:
    doc = _parse(str(bulk / EWCA / name))
    assert reported in doc.text  # the words that misled the parser are there
    roles = _roles(doc)
    assert roles[judge] == Role.LEAD, roles
    assert all(r == Role.CONCURRING for j, r in roles.items() if j != judge), roles


@pytest.mark.parametrize("texts,expected", [
    # the judge's own dissent on one issue still counts
    (["I would dismiss the appeal.", "As this is a dissenting judgment on this second issue, I am brief."],
     [Role.LEAD, Role.PARTLY_DISSENTING]),
    (["I would dismiss the appeal.", "I respectfully dissent on the third ground. I agree with Judge0 LJ otherwise."],
     [Role.LEAD, Role.PARTLY_DISSENTING]),
    # a colleague's reasons disagreed with in part, named in the sentence before
    (["I would allow the appeal.", "I have read Judge0 LJ's judgment. But I disagree with parts of his analysis."],
     [Role.LEAD, Role.PARTLY_DISSENTING]),
    # another judge's dissent reported, in a case cited: no dissent here
    (["In Smith v Jones Lord Walker dissented on the retirement issue. I would dismiss the appeal.", "I agree."],
     [Role.LEAD, Role.CONCURRING]),
    # the judge below's reasons disagreed with in part: no dissent
    (["I pay tribute to the judge's exposition. Whilst I have disagreed with some of the detail of his reasoning, "
      "it was invaluable. I would dismiss the appeal.", "I agree."], [Role.LEAD, Role.CONCURRING]),
    # a different conclusion from the judge below: no dissent; from a colleague, or said outright: a dissent
    (["I have come to a different conclusion from the judge. I would allow the appeal.", "I agree."],
     [Role.LEAD, Role.CONCURRING]),
    (["I would allow the appeal.", "I have come to a different conclusion from Judge0 LJ and the judge below. "
      "I would dismiss it."], [Role.LEAD, Role.DISSENTING]),
    (["I would allow the appeal.", "I have come to a different conclusion. I would dismiss it."],
     [Role.LEAD, Role.DISSENTING]),
    # a dissent denied is agreement ("Nor do I dissent from the view that …", [2003] EWCA Civ 547 at [66])
    (["Nor do I dissent from the view that reclassification is a means of review. I would allow the appeal.",
      "I agree."], [Role.LEAD, Role.CONCURRING]),
    (["I would allow the appeal.", "I do not dissent from that. I agree."],
     [Role.LEAD, Role.CONCURRING]),
])
def test_own_dissent_and_reported_dissent(texts: list[str], expected: list[Role]) -> None:
    segs = [Segment(index=i, display=f"Judge{i} LJ", judges=(f"Judge{i} LJ",), heading="") for i in range(len(texts))]
    decide_roles(segs, texts, [s.display for s in segs])
    assert [s.role for s in segs] == expected


def test_a_judges_heading_and_first_paragraph_printed_in_the_header_open_the_reasons(bulk: Path) -> None:
    """A legacy file whose ``<header>`` ends with "LORD JUSTICE COULSON :", "1. INTRODUCTION" and paragraph 1 (its
    body starts at 2): the paragraph is [1] of Coulson LJ's reasons, citable, and his are the lead reasons, not
    unattributed text after a cover that swallowed his name."""
    doc = _parse(str(bulk / EWCA / "2020-ewca-543-civ.xml"))
    assert not doc.warnings  # no "numbering jumps from 0 to 2"
    units = {u.label: u for u in doc.units if u.label}
    first = units["[1]"]
    text = doc.text[first.char_start:first.char_end]
    assert text.startswith("1. This is a second appeal") and "“additional liabilities”" in text
    assert first.zone == Zone.REASONS and first.citable and first.author == "Coulson LJ"
    assert all(u.author for u in doc.units if u.zone == Zone.REASONS)  # every unit of the reasons is someone's
    assert _roles(doc) == {"Coulson LJ": Role.LEAD, "Lewison LJ": Role.CONCURRING, "Floyd LJ": Role.CONCURRING}
    headings = [doc.text[u.char_start:u.char_end] for u in doc.units if u.kind.value == "heading"][:3]
    assert headings == ["LORD JUSTICE COULSON :", "1. INTRODUCTION", "2. THE RELEVANT FACTS"]


def test_a_paragraph_number_printed_with_a_space_before_its_full_stop_is_still_its_number(bulk: Path) -> None:
    doc = _parse(str(bulk / EWCA / "2020-ewca-363-civ.xml"))  # "1 . This is an appeal from an order…"
    assert not doc.warnings
    first = next(u for u in doc.units if u.label == "[1]")
    assert doc.text[first.char_start:first.char_end].startswith("1 . This is an appeal")
    assert first.citable and first.author == "King LJ"
