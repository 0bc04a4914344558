"""A Find Case Law judgment whose section headings are numbered in a count of their own ("1. INTRODUCTION", then
the paragraph printing "1."): the heading is a heading, and the paragraph is [1].  Before, the heading took the
label [1] and the court's paragraph 1 was stored under it as a sub-item "[1] 1".  Read from the bulk files by
hand (11 of 393 Court of Appeal judgments have the shape)."""

from __future__ import annotations

from pathlib import Path

import pytest

from pincite.parse import parse_bytes
from pincite.types import UnitKind

pytestmark = pytest.mark.shared


@pytest.mark.parametrize("name,heading,opens", [
    ("2020-ewca-619-civ.xml", "1. INTRODUCTION", "1. The appellant (\u201cMrs Dhillon\u201d) seeks to appeal"),
    ("2020-ewca-299-civ.xml", "1. Introduction", "1. This appeal from the Upper Tribunal"),
])
def test_a_numbered_section_heading_over_paragraph_one_is_a_heading(bulk: Path, name: str, heading: str,
                                                                      opens: str) -> None:
    path = bulk / "ewca_civ_2020_akn" / name
    doc = parse_bytes(path.read_bytes(), path.name)
    first = next(u for u in doc.units if u.label == "[1]")
    assert first.kind is UnitKind.PARAGRAPH and doc.text[first.char_start:].startswith(opens)
    assert not any((u.label or "").startswith("[1] ") for u in doc.units)
    head = next(u for u in doc.units if doc.text[u.char_start:].startswith(heading))
    assert head.kind is UnitKind.HEADING and not head.citable
    # the count goes on from the paragraph, not the heading
    assert doc.text[next(u for u in doc.units if u.label == "[2]").char_start:].startswith("2. ")
