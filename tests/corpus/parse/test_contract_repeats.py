"""Clause numbers a contract prints again or out of order (issue 48): "1., 2., 3., 2., 3.", "6.5" then "6.4".

A number printed at a line start in its siblings' style that repeats or goes back starts a unit of its own,
labelled by its occurrence ("cl. 2 (second)"), marked ``attrs["numbering"]`` and named in a document warning;
it never folds into the clause before it, and a draft citing "clause 2" for the second clause 2's words is
right.  A list or an attachment starting again at "1.", references wrapped to a line start and numbers in
running text stay out.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from pincite.answer.citecheck import check_file
from pincite.parse import parse_bytes
from pincite.parse.text import analyse_text
from pincite.store.sqlite import SQLiteStore
from pincite.ingest import ingest_paths
from pincite.types import Unit, Zone

REPEATED = """SERVICES AGREEMENT

This Services Agreement is made on 1 May 2024 between Acme Widgets Limited ("Supplier") and Beta Stores Inc. \
("Customer").

1. Services
The Supplier shall provide the services described in the Order Form.

2. Fees
The Customer shall pay the fees within thirty (30) days of each invoice.

3. Term
This Agreement continues for two (2) years from the Effective Date.

2. Confidentiality
Each party shall keep the other party's confidential information secret for five (5) years.

3. Governing Law
This Agreement is governed by the laws of the State of California.

4. Notices
Notices shall be given in writing to the addresses above.
"""


def units_of(text: str) -> tuple[dict[str, Unit], tuple[str, ...]]:
    a = analyse_text(text, "test.txt")
    return {u.label: u for u in a.units}, a.warnings


def words(text: str, u: Unit) -> str:
    return text[u.char_start:u.char_end]


def test_a_repeated_number_starts_its_own_unit_named_by_its_occurrence() -> None:
    units, warnings = units_of(REPEATED)
    body = [u.label for u in units.values() if u.zone == Zone.BODY]
    assert body == ["cl. 1", "cl. 2", "cl. 3", "cl. 2 (second)", "cl. 3 (second)", "cl. 4"]
    assert words(REPEATED, units["cl. 3"]).endswith("two (2) years from the Effective Date.")
    assert words(REPEATED, units["cl. 2 (second)"]).startswith("2. Confidentiality")
    assert words(REPEATED, units["cl. 2 (second)"]).endswith("secret for five (5) years.")
    assert "California" in words(REPEATED, units["cl. 3 (second)"])
    assert "California" not in words(REPEATED, units["cl. 3"])
    assert units["cl. 2 (second)"].number == "2."
    assert units["cl. 2 (second)"].attrs["numbering"] == "repeated"
    assert units["cl. 3 (second)"].attrs["numbering"] == "repeated"
    assert "numbering" not in units["cl. 2"].attrs and "numbering" not in units["cl. 4"].attrs
    (w,) = [w for w in warnings if "repeats" in w]
    assert "cl. 2 is printed twice: the second is cl. 2 (second)" in w


def test_a_sub_clause_that_goes_back_is_its_own_unit() -> None:
    text = REPEATED.replace("2. Fees\n", "2. Fees\n2.1 Invoices are sent monthly.\n"
                            "2.2 Late payments bear interest.\n"
                            "2.1 Disputed Invoices. The Customer may dispute an invoice in good faith.\n")
    units, _ = units_of(text)
    assert words(text, units["cl. 2.2"]).endswith("bear interest.")
    assert words(text, units["cl. 2.1 (second)"]).startswith("2.1 Disputed Invoices.")
    assert units["cl. 2.1 (second)"].attrs["numbering"] == "repeated"
    assert units["cl. 2.1 (second)"].parent == units["cl. 2"].ordinal


def test_no_repeat_where_none_is_printed_at_a_line_start_in_style() -> None:
    in_order = (REPEATED.replace("2. Confidentiality", "5. Confidentiality")
                .replace("3. Governing Law", "6. Governing Law").replace("4. Notices", "7. Notices"))
    units, warnings = units_of(in_order)
    assert [u.label for u in units.values() if u.zone == Zone.BODY] == ["cl. 1", "cl. 2", "cl. 3", "cl. 5",
                                                                         "cl. 6", "cl. 7"]
    assert not [w for w in warnings if "repeats" in w]
    # in clause 3: a reference wrapped to a line start, a list starting again at 1, an amount; in clause 6 a
    # number out of its siblings' style ("2 Support", no full stop) and one without a heading
    text = in_order.replace(
        "3. Term\nThis Agreement continues for two (2) years from the Effective Date.\n",
        "3. Term\nThis Agreement continues for two (2) years from the Effective Date, as set out in Section\n"
        "2. Fees above, and the fees are:\n1. Setup. A setup fee of $2.50 per unit.\n"
        "2. Support. A support fee.\n"
    ).replace("6. Governing Law\n", "6. Governing Law\n2 Support Services are governed likewise.\n"
              "3. the courts of California have jurisdiction.\n")
    units, warnings = units_of(text)
    assert not [u for u in units.values() if "(second)" in u.label or "numbering" in u.attrs]
    assert not [w for w in warnings if "repeats" in w]
    assert "the courts of California" in words(text, units["cl. 6"])


def test_a_draft_citing_the_repeated_clause_by_its_number_is_right(tmp_path: Path) -> None:
    (tmp_path / "services.txt").write_text(REPEATED, encoding="utf-8")
    store = SQLiteStore(tmp_path / "s.db")
    try:
        assert not ingest_paths(store, [str(tmp_path / "services.txt")]).failed
        draft = ("Under clause 2 of the Services Agreement, each party shall keep the other party's "
                 "\u201cconfidential information secret for five (5) years.\u201d\n")
        report = check_file(store, draft.encode(), "draft.txt", None)
    finally:
        store.close()
    (r,) = report.results
    assert r.verdict.value == "ok", (r.verdict, r.detail)


EPIPHANY = "OASYSMOBILE,INC_07_05_2001-EX-10.17-OUTSOURCING AGREEMENT.txt"


@pytest.mark.shared
def test_a_bulk_contract_whose_clause_6_4_is_printed_after_6_5(bulk: Path) -> None:
    path = bulk / "cuad_v1_txt" / EPIPHANY
    doc = parse_bytes(path.read_bytes(), str(path))
    units = {u.label: u for u in doc.units}
    own = words(doc.text, units["cl. 6.4 (second)"])
    assert own.startswith("6.4 OWNERSHIP OF DELIVERABLES.")
    assert own.endswith("consistent with the terms of this Agreement.")
    assert "OWNERSHIP OF DELIVERABLES" not in words(doc.text, units["cl. 6.5"])
    assert words(doc.text, units["cl. 6.5 (second)"]).startswith("6.5 HSNS RESPONSIBILITIES.")
    assert units["cl. 6.4 (second)"].parent == units["cl. 6"].ordinal
    assert units["cl. 7"].number == "7."
    assert any("cl. 6.4 is printed twice" in w for w in doc.warnings)
