"""Every label names one place: no two units of a parsed document share a label while both are in force.

Run over every file of corpus/ and the fixed stratified sample of bulk/ (tests/support/bulk_sample.py: every collection
and sub-folder, every size quartile, the files the MANIFEST names), parsed only (no store).  Parsing all of bulk/
takes minutes on this machine, so the whole count is ``bench/labels.py (a probe, at commit aea80a3)``, with its figures in bench/NOTES.md.  Beside the count: the labels the parsers now give the
places that used to share one (read in the files), and the last resort on units made by hand.
"""

from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor
from functools import lru_cache
from pathlib import Path

import pytest

from pincite.ingest import collect_files
from pincite.lint import LintKind, lint_document
from pincite.parse import parse_bytes
from pincite.parse.builder import duplicate_labels, unique_labels
from pincite.types import DocumentKind, Format, ParsedDocument, Unit, UnitKind, Zone
from tests.support.bulk_sample import label_counts, sample

BULK_SETS = ("ewca_civ_2020_akn", "cuad_v1_txt", "canada_acts")
NO_BODY = {"current/C-0.4.xml", "2022-12-09/C-0.4.xml"}  # the repealed Act: its file holds only the repeal


def _files(shared: Path) -> list[str]:
    files, _, _ = collect_files([shared / "corpus"])
    for folder in BULK_SETS:
        files += [str(p) for p in sample(shared / "bulk", folder, with_corpus_copies=False)]  # corpus/ has them
    return files


@lru_cache(maxsize=1)
def _counts(shared: str) -> tuple[tuple[str, list[str], list[str], str], ...]:
    files = _files(Path(shared))
    with ProcessPoolExecutor(2) as pool:
        counts = dict(zip(files, pool.map(label_counts, files, chunksize=4)))
    refused = {p for p, c in counts.items() if c is None}
    assert refused == {str(Path(shared) / "bulk" / "canada_acts" / n) for n in NO_BODY}  # only the file with no Body
    return tuple(c for c in counts.values() if c is not None)


@pytest.mark.shared
def test_no_label_names_two_places_in_corpus_and_bulk(shared: Path) -> None:
    counts = _counts(str(shared))
    assert len(counts) == 56 + 20 + 32 + 24 - len(NO_BODY)  # corpus, and the sample's judgments, contracts, Acts
    kinds = {c[3] for c in counts}
    assert {"judgment", "statute", "contract"} <= kinds
    dups = {path: d for path, d, _, _ in counts if d}
    assert dups == {}


@pytest.mark.shared
def test_judgment_and_statute_parsers_give_distinct_labels_themselves(shared: Path) -> None:
    """The last resort is not what makes judgments and statutes unique: their parsers give each place its path.
    (Contracts' lists are the contract parser's, counted in bench/labels.py (a probe, at commit aea80a3).)"""
    counts = _counts(str(shared))
    raw = {path: d for path, _, d, kind in counts if d and kind in ("judgment", "statute")
           and not path.endswith("H-3.xml")}
    assert raw == {}


@pytest.mark.shared
def test_parse_bytes_leaves_no_label_twice(corpus: Path) -> None:
    """Whatever a parser repeats, parse_bytes gives each place its own label (the last resort)."""
    path = corpus / "contracts_cuad/pdf/XLITECHNOLOGIES,INC_12_11_2015-EX-10.1-Sponsorship Agreement.PDF"
    assert duplicate_labels(parse_bytes(path.read_bytes(), str(path)).units) == []


def _labels(path: Path) -> list[str | None]:
    return [u.label for u in parse_bytes(path.read_bytes(), str(path)).units]


@pytest.mark.shared
def test_second_list_in_a_paragraph_has_its_own_path(corpus: Path) -> None:
    # Rwanda [119] quotes para 6 of Sch. 1: "(1) ... (a) (b)  (2) ... (a) (b)  (3)"
    labels = _labels(corpus / "uk_find_case_law/modern_fcl_akn/uksc_2023_42_rwanda.xml")
    assert [lab for lab in labels if lab and lab.startswith("[119] ")] == [
        "[119] “6", "[119] “6(a)", "[119] “6(b)", "[119] “6(2)", "[119] “6(2)(a)", "[119] “6(2)(b)", "[119] “6(3)"]
    # R (BT) v HM Treasury, annex [11] quotes s. 109 PSA 1993: (2)(a), (2)(b), (3)(a), (3)(b)
    labels = _labels(corpus / "uk_find_case_law/ewca_civ_2020_legacy_akn/2020-ewca-1-civ.xml")
    assert {"ANNEX [11](2)(a)", "ANNEX [11](2)(b)", "ANNEX [11](3)(a)", "ANNEX [11](3)(b)"} <= set(labels)
    # a sub-item's own sub-items carry its label: s. 279(1) and s. 279(5) of FA 2004 quoted in [17]
    labels = _labels(corpus / "uk_find_case_law/modern_fcl_akn/ewhc_ch_2023_257.xml")
    assert "(1)" not in labels and "(5)" not in labels
    assert {"[17] “279(1)", "[17] “279(5)"} <= set(labels)


@pytest.mark.shared
def test_bullets_and_dashes_are_labelled_by_position(corpus: Path) -> None:
    doc = parse_bytes((p := corpus / "uk_find_case_law/ewca_civ_2020_legacy_akn/2020-ewca-1357-civ.xml")
                      .read_bytes(), str(p))
    bullets = [u for u in doc.units if u.label and u.label.startswith("[38] bullet")]
    assert [u.label for u in bullets] == ["[38] bullet 1", "[38] bullet 2", "[38] bullet 3"]
    assert all(u.number is None and u.attrs["marker"] == "•" for u in bullets)  # a bullet is no number
    assert doc.text[bullets[1].char_start:bullets[1].char_end].startswith("• has short gaps in lawful residence on")
    labels = _labels(corpus / "uk_find_case_law/modern_fcl_akn/ewca_civ_2025_673.xml")
    assert [lab for lab in labels if lab and lab.startswith("[9] “1. ")] == [
        "[9] “1. bullet 1", "[9] “1. bullet 2", "[9] “1. bullet 3", "[9] “1. bullet 4"]


@pytest.mark.shared
def test_repeated_appropriations_headings_name_the_heading_above(corpus: Path) -> None:
    for name in ("H2157_IH_introduced.xml", "h2157_enr_enrolled.xml"):
        labels = _labels(corpus / "us_uslm/bill_versions_hr2157_116th" / name)
        construction = [lab for lab in labels if lab and lab.startswith("under “construction”")]
        assert construction == ["under “construction”, DEPARTMENT OF THE ARMY",
                                "under “construction”, United States Fish and Wildlife Service",
                                "under “construction”, National Park Service"]
        assert "under “Office of the Secretary”" in labels  # a heading printed once keeps its plain label


@pytest.mark.shared
def test_pdf_front_matter_in_two_parts(corpus: Path) -> None:
    for name in ("tcmemo_2020-26_bordelon_v_commissioner.pdf", "zasca_2024_21_mec_health_gauteng_v_M.pdf"):
        labels = _labels(corpus / "pdf_judgments" / name)
        assert labels.count("cover") == 1 and "cover, part 2" in labels


def _unit(o: int, label: str | None, start: int, end: int, **kw) -> Unit:  # type: ignore[no-untyped-def]
    return Unit(ordinal=o, kind=UnitKind.PARAGRAPH, char_start=start, char_end=end, zone=Zone.BODY, citable=True,
                number=label, label=label, **kw)


def test_last_resort_and_the_lint() -> None:
    units = (_unit(0, "cl. 2(1)", 0, 5), _unit(1, "cl. 2(1)", 6, 11), _unit(2, "cl. 2(1) (2nd)", 12, 17),
             _unit(3, "cl. 2(1)", 18, 23),
             # one provision replaced under its number: one place on any date, not a duplicate
             _unit(4, "s. 4", 24, 29, in_force_to="2020-01-01"), _unit(5, "s. 4", 30, 35, in_force_from="2020-01-01"))
    assert [lab for lab, _ in duplicate_labels(units)] == ["cl. 2(1)"]
    doc = ParsedDocument(format=Format.TEXT, kind=DocumentKind.CONTRACT,
                         title="t", text="aaaaa bbbbb ccccc ddddd eeeee fffff", units=units)
    found = [f for f in lint_document(doc) if f.kind is LintKind.DUPLICATE_LABEL]
    assert [(f.unit, f.label) for f in found] == [(1, "cl. 2(1)"), (3, "cl. 2(1)")]
    assert "names two places" in found[0].detail
    fixed = unique_labels(units)
    assert [u.label for u in fixed] == ["cl. 2(1)", "cl. 2(1) (3rd)", "cl. 2(1) (2nd)", "cl. 2(1) (4th)", "s. 4",
                                        "s. 4"]
    assert duplicate_labels(fixed) == []
    assert unique_labels(fixed) is fixed
