"""Clause numbers as copied plain-text contracts print them (issue 52): a one-level number run into its heading's
first word ("6.NO FEES; REVENUE SHARE:", "12.On April 24, 2011, …", "7.TERM AND TERMINATION") starts its clause;
and a section sign inside a sentence ("Minn. Stat. § 80C.14") never starts a unit (only a European-style "§ 6
Advertising Cost Compensation" heading at a line's start does: tests/unit/parse/test_text.py, the only bulk
document of that shape being a held-out set's).  Real agreements from ../shared/bulk/cuad_v1_txt; every expected
value was read in the file."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from pincite.ingest import parse_file
from pincite.types import DocumentKind, UnitKind

pytestmark = pytest.mark.shared

TUBE = "TubeMediaCorp_20060310_8-K_EX-10.1_513921_EX-10.1_Affiliate Agreement.txt"
SEPARATE = "SEPARATEACCOUNTIIOFAGL_05_02_2011-EX-99.(J)(4)-UNCONDITIONAL CAPITAL MAINTENANCE AGREEMENT.txt"
KALLO = "KALLOINC_11_03_2011-EX-10.1-STRATEGIC ALLIANCE AGREEMENT.txt"
GOOSEHEAD = "GOOSEHEADINSURANCE,INC_04_02_2018-EX-10.6-Franchise Agreement.txt"

_DOCS: dict[str, object] = {}


def _doc(shared: Path, name: str):
    if name not in _DOCS:
        _DOCS[name] = parse_file(str(shared / "bulk" / "cuad_v1_txt" / name))
    return _DOCS[name]


def _clauses(doc) -> dict[str, object]:
    return {u.label: u for u in doc.units if u.kind in (UnitKind.CLAUSE, UnitKind.SUBCLAUSE)}


def test_glued_clause_numbers_in_capitals_start_their_clauses(shared: Path) -> None:
    """TubeMedia prints "2.TERM, EXTENSION AND RENEWAL:" … "10.TERMINATION:", "13.MISCELLANEOUS:" run into their
    headings: each is a clause with its lettered items under it (on main they were folded into clause 1, as "cl. 1
    list 2(a)" …)."""
    doc = _doc(shared, TUBE)
    units = _clauses(doc)
    for n in range(1, 14):
        assert f"cl. {n}" in units, (n, sorted(units))
    assert doc.text[units["cl. 6"].char_start:].startswith("6.NO FEES; REVENUE SHARE:")
    assert units["cl. 9(d)"].parent == units["cl. 9"].ordinal
    assert not any(" list " in label for label in units)


def test_glued_clause_numbers_before_a_short_word(shared: Path) -> None:
    """SEPARATE ACCOUNT II's "12.On April 24, 2011, …" and "15.If any provision …" (a one-letter-and-one word)
    run in as "10.This Agreement …" does: clauses 10 to 17 all units, in order, before the signatures."""
    doc = _doc(shared, SEPARATE)
    labels = [u.label for u in doc.units if u.kind is UnitKind.CLAUSE]
    assert labels == [f"cl. {n}" for n in range(1, 18)]
    u12 = next(u for u in doc.units if u.label == "cl. 12")
    assert doc.text[u12.char_start:].startswith("12.On April 24, 2011")


def test_the_agreements_clauses_not_a_schedules_list(shared: Path) -> None:
    """KALLO's agreement prints "1.DEFINITIONS" … "11.MISCELLANEOUS" glued; on main only an appendix's "1. JCAHO
    …" to "6. OSHA" were numbered clauses.  Now the agreement's own are cl. 1–11, cl. 7 holds "Term: This Agreement
    shall enter into effect", and the appendix's list is no clause."""
    doc = _doc(shared, KALLO)
    assert doc.kind is DocumentKind.CONTRACT
    units = _clauses(doc)
    assert all(f"cl. {n}" in units for n in range(1, 12))
    assert doc.text[units["cl. 7"].char_start:].startswith("7.TERM AND TERMINATION")
    assert "Term: This Agreement shall enter into effect" in doc.text[units["cl. 7(a)"].char_start:
                                                                       units["cl. 7(a)"].char_end]
    jcaho = doc.text.index("JCAHO Comprehensive Accreditation Manual")
    assert not any(u.char_start <= jcaho < u.char_end for u in units.values())


def test_section_signs_inside_sentences_start_no_unit(shared: Path) -> None:
    """GOOSEHEAD cites "Minn. Stat. § 80C.14", "Minn. Rules §§ 2860.0100" twenty times in its riders' sentences:
    no unit starts at a "§", no label carries one, and no unit is a section."""
    doc = _doc(shared, GOOSEHEAD)
    assert len(re.findall("§", doc.text)) >= 15
    assert not any(doc.text[u.char_start:u.char_start + 1] == "§" for u in doc.units)
    assert not any("§" in (u.label or "") for u in doc.units)
    assert not any(u.kind is UnitKind.SECTION for u in doc.units)
