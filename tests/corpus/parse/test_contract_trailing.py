"""Text after the last clause that is not its words (issue 48): a page's legend ("[Signature page follows]",
"[Remainder of page intentionally left blank]"), "IN WITNESS WHEREOF" run on after the last sentence, a
published form's licence note and copyright line, a running page footer.  None is inside the last clause's
span; each is in a unit that cannot be cited (zone signatures or note).  A legend closing a page between two
clauses is kept out of the clause above it.  The patterns are tables in ``pincite.legal.contracts`` with their
reasons."""

from __future__ import annotations

from pathlib import Path

import pytest

from pincite.legal.contracts import END_NOTES, PAGE_FOOTER, PAGE_LEGENDS
from pincite.parse import parse_bytes
from pincite.parse.text import analyse_text
from pincite.types import Unit, Zone

BODY = """MUTUAL NONDISCLOSURE AGREEMENT

This Agreement is made on 1 May 2024 between Acme Widgets Limited ("Acme") and Beta Stores Inc. ("Beta").

1. Confidentiality
Each party shall keep the other party's confidential information secret.

2. Term
This Agreement continues for two (2) years.

3. Governing Law
This Agreement is governed by the laws of the State of California.
"""
LAST = "This Agreement is governed by the laws of the State of California."

TAILS = [
    # (what follows the last clause, the zone its first words are in)
    ("\n[Remainder of page intentionally left blank]\n", Zone.SIGNATURES),
    ("\n[Remainder of page intentionally left blank]   4\n\n[Signature Page Follows]\n\n"
     "ACME WIDGETS LIMITED\n\nBy: ______________\nName:\nTitle:\n", Zone.SIGNATURES),
    ("\n(The remainder of this page has been intentionally left blank. Signature page follows.)\n",
     Zone.SIGNATURES),
    ("\nSIGNATURES APPEAR ON FOLLOWING PAGE\n", Zone.SIGNATURES),
    ("\nCommon Paper Mutual NDA (Version 1.0) free to use under CC BY 4.0.\n", Zone.NOTE),
    ("\nThis document is licensed under the Creative Commons Attribution 4.0 International License.\n",
     Zone.NOTE),
    ("\n© 2024 Acme Widgets Limited. All rights reserved.\n", Zone.NOTE),
    ("\nMutual NDA v1.0                                        Page 3 of 3\n", Zone.NOTE),
]


def by_label(text: str) -> dict[str, Unit]:
    return {u.label: u for u in analyse_text(text, "nda.txt").units}


@pytest.mark.parametrize("tail,zone", TAILS)
def test_what_follows_the_last_clause_is_not_its_words(tail: str, zone: Zone) -> None:
    text = BODY + tail
    units = by_label(text)
    last = units["cl. 3"]
    assert text[last.char_start:last.char_end].endswith(LAST)
    first = tail.strip().split("\n")[0][:20]
    at = text.index(first)
    (holder,) = [u for u in units.values() if u.char_start <= at < u.char_end]
    assert holder.zone == zone and not holder.citable
    assert not [u for u in units.values() if u.citable and u.char_end > text.index(LAST) + len(LAST)]


def test_in_witness_whereof_run_on_after_the_last_sentence_opens_the_signatures() -> None:
    text = BODY.replace(LAST, LAST + " IN WITNESS WHEREOF, the parties have signed this Agreement.\n\n"
                        "By: /s/ A")
    units = by_label(text)
    assert text[units["cl. 3"].char_start:units["cl. 3"].char_end].endswith(LAST)
    assert text[units["Signatures ¶1"].char_start:].startswith("IN WITNESS WHEREOF")


def test_a_legend_closing_a_page_between_clauses_is_kept_out_of_the_clause_above() -> None:
    text = BODY.replace("two (2) years.\n",
                        "two (2) years. [The remainder of this page is intentionally left blank.] 2\n")
    units = by_label(text)
    assert text[units["cl. 2"].char_start:units["cl. 2"].char_end].endswith("two (2) years.")
    assert units["cl. 3"].char_start == text.index("3. Governing Law")


def test_words_like_the_notes_inside_a_clause_stay_in_it() -> None:
    # a reserved clause, a sub-clause (c), a page footer between clauses, "intentionally" in a sentence
    text = BODY.replace("2. Term\n", "2. Term\n(c) 2 copies are kept.\nNDA v1.0    Page 1 of 3\n").replace(
        LAST, LAST + "\nThe parties intentionally left blank the schedule of fees, agreed separately.\n"
        "4. Intentionally left blank\n")
    units = by_label(text)
    assert "(c) 2 copies" in text[units["cl. 2"].char_start:units["cl. 2"].char_end]
    assert "intentionally left blank the schedule" in text[units["cl. 3"].char_start:units["cl. 3"].char_end]
    assert text[units["cl. 4"].char_start:units["cl. 4"].char_end] == "4. Intentionally left blank"
    assert not [u for u in units.values() if u.zone in (Zone.NOTE, Zone.SIGNATURES)]


def test_every_pattern_has_a_reason() -> None:
    for pattern, reason in (*PAGE_LEGENDS, *END_NOTES, PAGE_FOOTER):
        assert pattern and len(reason) > 10


@pytest.mark.shared
@pytest.mark.parametrize("name,last_words,legend", [
    ("ZEBRATECHNOLOGIESCORP_04_16_2014-EX-10.1-INTELLECTUAL PROPERTY AGREEMENT.txt",
     "relationship contrary to this Section 6.13.", "[Remainder of Page Intentionally Left Blank]"),
    ("MEETGROUP,INC_06_29_2017-EX-10.1-COOPERATION AGREEMENT.txt", "signature page were an original thereof.",
     "[REMAINDER OF PAGE INTENTIONALLY LEFT BLANK]"),
    ("BERKELEYLIGHTS,INC_06_26_2020-EX-10.12-COLLABORATION AGREEMENT.txt", "one and the same instrument.",
     "[Signature Page Directly Follows]"),
])
def test_bulk_contracts_whose_last_clause_held_the_legend(bulk: Path, name: str, last_words: str,
                                                           legend: str) -> None:
    path = bulk / "cuad_v1_txt" / name
    doc = parse_bytes(path.read_bytes(), str(path))
    at = doc.text.index(legend)
    assert not [u.label for u in doc.units if u.citable and u.char_start <= at < u.char_end]
    (holder,) = [u for u in doc.units if u.char_start <= at < u.char_end]
    assert holder.zone == Zone.SIGNATURES
    body = [u for u in doc.units if u.zone == Zone.BODY]
    end = max(u.char_end for u in body)
    assert doc.text[:end].endswith(last_words)
