"""A gold entry names a US opinion's place as its writer reads it: a sub-part by its heading path ("II.B",
"DISCUSSION, B": the part the document prints only "B" under Part II), a passage with no heading of its own by its
printed page ("p. 3"), a closing block by its heading ("Decision"); an alternative that names no source is in its
entry's document.  Issue 52's zoo dev set (../shared/zoo, none of it reserved) had nine golds that resolved to no
unit, and seven "II.B" golds that resolved to the whole of Part II."""

from __future__ import annotations

from pathlib import Path

import pytest

from pincite.evaluation.gold import DocumentFinder, GoldRef, parse_gold_line, resolve_ref
from pincite.ingest import parse_file
from tests.corpus.test_contract_gold_names import _Store

pytestmark = pytest.mark.shared

US = "zoo/judgment_pdf_us_court_of_appeals/"
VINTON = US + "cadc_07-3125_united_states_v_vinton_2010.pdf"
BALMERT = US + "ca6_08-4433_balmert_v_reliance_standard_2010.pdf"
GILDERNEW = US + "ca2_08-6301_gildernew_v_quarantillo_2010.pdf"
ABISOYE = "zoo/judgment_akn_uk_find_case_law/ukut_iac_2012_82_abisoye.xml"

_docs: dict[str, object] = {}


def _labels(shared: Path, source: str, unit: str, quote: str) -> list[str]:
    if source not in _docs:
        _docs[source] = parse_file(str(shared / source), source=source)
    doc = _docs[source]
    return [t.label for t in resolve_ref(DocumentFinder(_Store([doc])), GoldRef(source, unit, quote), None)]


def test_a_heading_path_names_the_sub_part_not_its_part(shared: Path) -> None:
    quote = "Until recently, it was widely understood"
    assert _labels(shared, VINTON, "II.C", quote) == ["Part II.C"]
    assert _labels(shared, VINTON, "Part II", quote) == ["Part II"]  # the part itself is still named so


def test_a_heading_path_with_a_word_heading(shared: Path) -> None:
    assert _labels(shared, BALMERT, "DISCUSSION, B", "Balmert argues that Reliance Standard") == \
        ["DISCUSSION, Part B"]


def test_a_printed_page_names_the_unit_holding_the_quote_there(shared: Path) -> None:
    quote = "We review de novo a district court"
    assert _labels(shared, GILDERNEW, "p. 5", quote) == ["Discussion"]
    with pytest.raises(Exception, match="printed page"):
        _labels(shared, GILDERNEW, "p. 2", quote)  # the words are not on page 2


def test_a_closing_block_named_by_its_heading(shared: Path) -> None:
    quote = "The decision to dismiss the appeals stands."
    assert len(_labels(shared, ABISOYE, "Decision", quote)) == 1


def test_an_alternative_without_a_source_is_in_its_entrys_document() -> None:
    q = parse_gold_line('{"id": "a", "question": "q?", "kind": "judgment", "gold": [{"source": "x.pdf", '
                        '"unit": "IV", "quote": "affirmed", "alternatives": [{"unit": "II", "quote": "we hold"}]}]}',
                        "t")
    assert q.gold[0].alternatives[0].source == "x.pdf"
