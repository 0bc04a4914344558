"""A contract's table of contents lists its clauses and is none of them: a text file that runs the table onto one
line, ending in the entry "Schedule 1 - Contents", once made that line clause 1 and the entry the start of Schedule
1, so every real clause was stored as a schedule paragraph ("cl. 8.2(b)" as "Schedule 1 ¶71").  A contract we wrote
in that shape (numbered parties and recitals between the table and clause 1: before the fix its cl. 4.1 was
"Schedule 1 ¶17"), and the two bulk CUAD files that showed it."""

from __future__ import annotations

from pathlib import Path

import pytest

from pincite.parse import parse_bytes
from pincite.types import Zone

TOC = "   ".join(f"{n}.  {title}{'.' * 40}     {n}" for n, title in enumerate(
    ("Definitions", "Grant of Rights", "Term", "Termination"), 1)) + "   Execution" + "." * 40 + "     5"

CONTRACT = f"""CONTENT LICENCE AGREEMENT

Clause                                                      Page

{TOC}

Schedule 1 - Contents

                                   -i-

THIS AGREEMENT is made the 3rd day of March 2004.

BETWEEN

(1)  ALDER MEDIA LIMITED, a company incorporated in England whose registered office is at 1 High Street,
     London ("Alder"); and

(2)  BIRCH NEWS LIMITED, a company incorporated in Hong Kong whose registered office is at 2 Queen's Road,
     Hong Kong ("Birch").

WHEREAS:

(A)  Alder owns the news items described in Schedule 1.

(B)  Birch wishes to publish them.

NOW IT IS HEREBY AGREED as follows:

1.   DEFINITIONS

1.1  In this Agreement "Content" means the news items described in Schedule 1.

2.   GRANT OF RIGHTS

2.1  Alder grants Birch a licence to publish the Content in the Territory.

3.   TERM

3.1  This Agreement continues for three years from the date above.

4.   TERMINATION

4.1  Either party may terminate this Agreement by notice if the other commits a material breach which is
     capable of being remedied but is not remedied within thirty days of a notice requiring it.

IN WITNESS WHEREOF the parties have signed this Agreement on the date above.

By: ______________________          By: ______________________
Name: A. Alder                      Name: B. Birch

SCHEDULE 1 - CONTENT

The daily news wire and the weekly business digest.
"""


def _unit_at(doc, words: str):  # type: ignore[no-untyped-def]
    at = doc.text.index(words)
    return min((u for u in doc.units if u.char_start <= at < u.char_end), key=lambda u: u.char_end - u.char_start)


def test_a_one_line_table_of_contents_is_not_clause_1_and_its_schedule_entry_starts_no_schedule() -> None:
    doc = parse_bytes(CONTRACT.encode(), "licence.txt")
    cure = _unit_at(doc, "capable of being remedied")
    assert cure.label == "cl. 4.1" and cure.zone is Zone.BODY
    one = next(u for u in doc.units if u.label == "cl. 1")
    assert doc.text[one.char_start:].startswith("1.   DEFINITIONS")
    assert not _unit_at(doc, "Grant of Rights....").label.startswith("cl.")
    schedule = _unit_at(doc, "weekly business digest")
    assert schedule.zone is Zone.SCHEDULE and schedule.char_start > cure.char_end


def test_a_table_of_contents_line_of_dots_costs_nothing() -> None:
    # only a line's last characters are read for the table's page number: a hostile line of dots is cheap
    from pincite.parse.contract import contents_entry

    assert contents_entry("1. Definitions ........ 1") and contents_entry("Execution . . . . . . ii")
    assert not contents_entry("The Licensee shall pay the fee within 30 days.")
    assert not contents_entry("." * 2_000_000 + " fee") and contents_entry("." * 2_000_000 + " 7")


@pytest.mark.shared
@pytest.mark.parametrize("stem,words,label", [
    ("XinhuaSportsEntertainmentLtd_20070221_F-1_EX-99.4_645553_EX-99.4_Content License Agreement",
     "is capable of being remedied but not remedied within thirty (30) days", "cl. 8.2(b)"),
    ("FIDELITYNATIONALINFORMATIONSERVICES,INC_08_05_2009-EX-10.3-INTELLECTUAL PROPERTY AGREEMENT",
     "IN WITNESS WHEREOF", "Signatures ¶1"),
])
def test_the_bulk_contracts_with_one_line_tables_keep_their_clauses(bulk: Path, stem: str, words: str,
                                                                     label: str) -> None:
    path = bulk / "cuad_v1_txt" / f"{stem}.txt"
    doc = parse_bytes(path.read_bytes(), path.name)
    assert _unit_at(doc, words).label == label
    body = [u for u in doc.units if u.zone is Zone.BODY]
    first_schedule = next(u for u in doc.units if u.zone is Zone.SCHEDULE)
    assert body and first_schedule.char_start > body[-1].char_start  # the clauses come before any schedule
