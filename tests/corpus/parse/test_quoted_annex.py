"""A judgment that quotes a contract's "Schedule 1" heading inside its paragraph [24] goes on with its own [25]: the
heading is the quoted document's, not an annex of the judgment.  Before, every paragraph from [25] to the end was
stored as "Schedule 1 [25]"…, in the schedule zone and not citable, so the court's reasons could not be cited.  An
annex that numbers afresh after the reasons (the same judgment's APPENDIX, and another judgment's ANNEX A) stays
one.  Read from the bulk files by hand."""

from __future__ import annotations

from pathlib import Path

import pytest

from pincite.parse import parse_bytes
from pincite.types import Zone

pytestmark = pytest.mark.shared


def _doc(bulk: Path, name: str):  # type: ignore[no-untyped-def]
    path = bulk / "ewca_civ_2020_akn" / name
    return parse_bytes(path.read_bytes(), path.name)


def _unit_at(doc, words: str):  # type: ignore[no-untyped-def]
    at = doc.text.index(words)
    return min((u for u in doc.units if u.char_start <= at < u.char_end), key=lambda u: u.char_end - u.char_start)


def test_the_reasons_after_a_quoted_schedule_heading_are_the_court_s_own_paragraphs(bulk: Path) -> None:
    doc = _doc(bulk, "2020-ewca-1397-civ.xml")
    quoted = _unit_at(doc, "The purpose of this Accounting Procedure is to def")  # the contract [24] sets out
    assert quoted.zone is Zone.REASONS and not (quoted.label or "").startswith("Schedule")
    for words, label in (("Having set out the facts, the parties", "[25]"), ("I would therefore dismiss", "[70]")):
        u = _unit_at(doc, words)
        assert u.label == label and u.zone is Zone.REASONS and u.citable, (u.label, u.zone)
    appendix = [u for u in doc.units if u.zone is Zone.SCHEDULE]
    assert appendix and all(u.char_start > _unit_at(doc, "I also agree.").char_end for u in appendix)


def test_an_annex_numbered_afresh_after_the_reasons_stays_an_annex(bulk: Path) -> None:
    doc = _doc(bulk, "2020-ewca-1058-civ.xml")
    annex = [u for u in doc.units if u.zone is Zone.SCHEDULE and u.kind.value == "paragraph"]
    assert annex and annex[0].label.startswith("ANNEX A") and annex[0].label.endswith("[1]")
