"""A gold entry names a contract's clause as its writer reads it in the document: "5" for the clause printed "5."
(cl. 5), "13" for "Section 13." (s. 13), "Article V" for "ARTICLE V." (Art. V), "9(1)" for the item "1)" of
Article 9 (Art. 9(1)).  The resolver reads such a name as the citation checker reads a pinpoint (issue 52's fresh
contract gold that resolved to no stored unit), on real agreements from ../shared/bulk."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest

from pincite.evaluation.gold import DocumentFinder, GoldRef, resolve_ref, units_named, units_under_heading
from pincite.ingest import parse_file

pytestmark = pytest.mark.shared

CUAD = "bulk/cuad_v1_txt/"
KIROMIC = CUAD + "KIROMICBIOPHARMA,INC_05_11_2020-EX-10.23-CONSULTING AGREEMENT.txt"
VNUE = CUAD + "VnueInc_20150914_8-K_EX-10.1_9259571_EX-10.1_Promotion Agreement.txt"
IMPERIAL = CUAD + "ImperialGardenResortInc_20161028_DRS (on F-1)_EX-10.13_9963189_EX-10.13_Outsourcing Agreement.txt"
ULTRAGENYX = CUAD + "ULTRAGENYXPHARMACEUTICALINC_12_23_2013-EX-10.9-SUPPLY AGREEMENT.txt"
WESTERN = CUAD + "WESTERN COPPER - NON-COMPETITION AGREEMENT.txt"


def _doc(shared: Path, source: str):
    return parse_file(str(shared / source), source=source)


@pytest.mark.parametrize("source, name, label", [
    (KIROMIC, "5", "cl. 5"),
    (VNUE, "13", "s. 13"),
    (IMPERIAL, "Article V", "Art. V"),
    (ULTRAGENYX, "9(1)", "Art. 9(1)"),
    (WESTERN, "1.1(b)", "cl. 1.1(b)"),
])
def test_a_clause_named_without_its_kind_word_is_found(shared: Path, source: str, name: str,
                                                        label: str) -> None:
    doc = _doc(shared, source)
    assert [u.label for u in units_named(doc.units, name)] == [label]


def test_an_exact_name_wins_over_the_pinpoint_reading(shared: Path) -> None:
    doc = _doc(shared, ULTRAGENYX)
    assert [u.label for u in units_named(doc.units, "Art. 9")] == ["Art. 9"]


@dataclass
class _Summary:
    id: str
    source: str
    work: str | None = None


class _Store:
    """The two calls DocumentFinder makes, over documents parsed here (no database)."""

    def __init__(self, docs) -> None:
        self.docs = {d.id: d for d in docs}

    def list_documents(self):
        return [_Summary(d.id, d.source, d.work) for d in self.docs.values()]

    def get_document(self, doc_id: str):
        return self.docs[doc_id]


def test_gold_naming_a_clause_by_its_bare_number_resolves(shared: Path) -> None:
    doc = _doc(shared, KIROMIC)
    u = next(u for u in doc.units if u.label == "cl. 5")
    quote = " ".join(doc.text[u.char_start:u.char_end].split()[2:12])
    targets = resolve_ref(DocumentFinder(_Store([doc])), GoldRef(KIROMIC, "5", quote), None)
    assert [t.label for t in targets] == ["cl. 5"]


AIRTECH = "corpus/contracts_cuad/txt/AIRTECHINTERNATIONALGROUPINC_05_08_2000-EX-10.4-FRANCHISE AGREEMENT.txt"


def test_a_sub_item_written_in_brackets_or_run_into_its_clause_is_found(shared: Path) -> None:
    """Lawyers write a sub-item in brackets whatever the document prints: "2.02(A)" is the item printed "A."
    under 2.02 (cl. 2.02.A).  An item the document runs into its clause's text ("3.01.F(i)": "(i) one and one
    half percent …" inside cl. 3.01.F) is found in the clause its name begins with; a name that begins with no
    unit's name is still found nowhere."""
    doc = _doc(shared, AIRTECH)
    assert [u.label for u in units_named(doc.units, "2.02(A)")] == ["cl. 2.02.A"]
    assert [u.label for u in units_named(doc.units, "3.01.F(i)")] == ["cl. 3.01.F"]
    assert units_named(doc.units, "99.07(b)") == []


LEADERS = ("corpus/contracts_cuad/txt/LeadersonlineInc_20000427_S-1A_EX-10.8_4991089_EX-10.8_"
           "Co-Branding Agreement.txt")


def test_a_clause_named_by_its_heading_is_found(shared: Path) -> None:
    """A writer may name a clause by its heading, as printed or by its first words, the number aside:
    "Confidentiality" is "9. CONFIDENTIALITY" (cl. 9), "Termination" is "7. TERMINATION AND RENEWAL" (cl. 7); a
    word that starts no heading names nothing."""
    doc = _doc(shared, LEADERS)
    assert [u.label for u in units_under_heading(doc.units, "Confidentiality", doc.text)] == ["cl. 9"]
    assert [u.label for u in units_under_heading(doc.units, "Termination", doc.text)] == ["cl. 7"]
    assert [u.label for u in units_under_heading(doc.units, "Dispute Resolution", doc.text)] == [
        "cl. 8"]
    assert units_under_heading(doc.units, "Renewal", doc.text) == []
