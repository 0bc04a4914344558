"""Issue 25 on the real CUAD files: schedules and signature blocks are their own units (Fuse, .txt and PDF), the
XLI .txt keeps clause 2.2's words in cl. 2.2, every contract label names one place, and the CUAD README (numbered,
but no contract) is plain text that no contract question searches.  Expected values read from the files by hand."""

from __future__ import annotations

from pathlib import Path

import pytest

from pincite.parse import parse_bytes
from pincite.search.retrieve import CLAUSE_KINDS
from pincite.types import DocumentKind, Zone

pytestmark = pytest.mark.shared

FUSE = "FuseMedicalInc_20190321_10-K_EX-10.43_11575454_EX-10.43_Distributor Agreement"
XLI = "XLITECHNOLOGIES,INC_12_11_2015-EX-10.1-Sponsorship Agreement"


def _doc(corpus: Path, folder: str, stem: str, ext: str):  # type: ignore[no-untyped-def]
    path = corpus / "contracts_cuad" / folder / f"{stem}.{ext}"
    return parse_bytes(path.read_bytes(), path.name)


def _unit_at(doc, words: str):  # type: ignore[no-untyped-def]
    at = doc.text.index(words)
    holding = [u for u in doc.units if u.char_start <= at < u.char_end]
    return min(holding, key=lambda u: u.char_end - u.char_start)


@pytest.mark.parametrize("folder,ext", [("txt", "txt"), ("pdf", "pdf")])
def test_fuse_schedules_and_signatures_are_not_clause_24_2(corpus: Path, folder: str, ext: str) -> None:
    doc = _doc(corpus, folder, FUSE, ext)
    assert _unit_at(doc, "Tibia Tray $440").label.startswith("Schedule 4 ¶")
    assert _unit_at(doc, "Genius Total knee system").label.startswith("Schedule 1 ¶")
    assert _unit_at(doc, "USA.").label.startswith("Schedule 2")
    sig = _unit_at(doc, "CPM Medical LLC")
    assert sig.zone is Zone.SIGNATURES and sig.label.startswith("Signatures ¶")
    cl = next(u for u in doc.units if u.label == "cl. 24.2")
    first_schedule = next(u for u in doc.units if u.label == "Schedule 1")
    assert cl.char_end <= first_schedule.char_start


def test_xli_txt_clause_2_2_is_its_own_unit(corpus: Path) -> None:
    doc = _doc(corpus, "txt", XLI, "txt")
    u = _unit_at(doc, "This Agreement may be terminated upon written notice by either party")
    assert u.label == "cl. 2.2" and doc.text[u.char_start:].startswith("2.2 Termination upon Breach.")
    assert _unit_at(doc, "In consideration of the rights herein granted").label == "cl. 3.1"
    three = next(u for u in doc.units if u.label == "cl. 3")
    assert doc.text[three.char_start:].startswith("3. Agreement Fee")


@pytest.mark.parametrize("folder", ["txt", "pdf"])
def test_every_contract_label_names_one_place(corpus: Path, folder: str) -> None:
    for path in sorted((corpus / "contracts_cuad" / folder).iterdir()):
        doc = parse_bytes(path.read_bytes(), path.name)
        labels = [u.label for u in doc.units]
        dups = {x for x in labels if labels.count(x) > 1}
        assert not dups, f"{path.name}: {sorted(dups)[:5]}"


def test_xli_pdf_second_list_in_clause_2_has_its_own_path(corpus: Path) -> None:
    doc = _doc(corpus, "pdf", XLI, "PDF")
    first = _unit_at(doc, "Term. Unless earlier terminated")
    second = _unit_at(doc, "Any significant changes to the Benefits Schedule")
    assert first.label == "cl. 2(1)" and second.label == "cl. 2 list 2(1)"


def test_the_cuad_readme_is_plain_text_not_a_contract(corpus: Path) -> None:
    path = corpus / "contracts_cuad" / "CUAD_v1_README.txt"
    doc = parse_bytes(path.read_bytes(), path.name)
    assert doc.kind is DocumentKind.TEXT and doc.kind not in CLAUSE_KINDS
    assert not any(u.label.startswith("cl.") for u in doc.units)
    assert any("no contract signal" in w for w in doc.warnings)
