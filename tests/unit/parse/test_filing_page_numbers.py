"""An EDGAR exhibit flattened to text: each clause runs inline on long lines ("3. DEVELOPMENT AND
IMPLEMENTATION (a) …"), and the only numbers at a line's start are the pages' own — "2." printed at a page's
foot above the filing footer "Source: ACME INC, 20-F, 5/15/2019".  Those are page numbers, not clauses: read as
clauses, every clause was labelled by the page it ends on (cl. 7 holding the words of clause 3)."""

from __future__ import annotations

from pincite.parse import parse_bytes


def _flattened_exhibit() -> bytes:
    heads = ["INTERPRETATION", "APPOINTMENT", "DEVELOPMENT", "ROYALTIES", "TERM", "TERMINATION"]
    parts = ["Exhibit 4.4 THIS LICENSE AGREEMENT is made between Acme Corp. (\"Acme\") and Beta Ltd. (\"Beta\")."]
    for n, head in enumerate(heads, 1):
        body = (f"{n}. {head} (a) General The Parties agree to the terms of this Section {n}, which applies to "
                f"all matters under this Agreement relating to {head.lower()}. (b) Further Each Party shall act in "
                "good faith in performing its obligations hereunder and shall give notice of any breach. ")
        parts.append(body * 3)
        parts.append(f"{n + 1}.\n\nSource: ACME CORP, 20-F, 5/15/2019\n\n\n\n\n\n")
    parts.append("IN WITNESS WHEREOF, the Parties have executed this Agreement.\n\nACME CORP.\n\nBy: /s/ A. Smith\n")
    return "\n\n".join(parts).encode()


def test_a_page_number_above_the_filing_footer_opens_no_clause() -> None:
    doc = parse_bytes(_flattened_exhibit(), "acme_license.txt")
    clauses = [u for u in doc.units if u.label and u.label.startswith("cl. ")]
    assert [u.label for u in clauses] == [f"cl. {n}" for n in range(1, 7)]
    for u in clauses:  # each clause's words begin with its own printed number and heading
        assert doc.text[u.char_start:u.char_end].startswith(f"{u.label[4:]}. "), u.label
    three = next(u for u in clauses if u.label == "cl. 3")
    assert "DEVELOPMENT" in doc.text[three.char_start:three.char_end]
