"""A draft citing the European Court of Human Rights as lawyers do ("Khan v. Germany [GC], no. 38030/12, § 42",
"Khan, cited above, § 43") is checked (issue 52): the application number names the judgment, "§" pinpoints the
Court's paragraph, and the short form points back to the full citation.  Before, such a citation was "not
checked": nothing in it read as a citation.

The judgment is the Court-layout text of tests/unit/parse/test_echr.py (the HUDOC files are not redistributed)."""

from __future__ import annotations

import datetime
from pathlib import Path

import pytest

from pincite.answer.citecheck import check_file
from pincite.ingest import ingest_paths
from pincite.legal.citations import Kind, find_citations
from pincite.legal.sentences import DRAFT_RULES, sentence_spans
from pincite.store.sqlite import SQLiteStore
from tests.unit.parse.test_echr import TEXT


@pytest.mark.parametrize("text, name, app, values", [
    ("In Khan v. Germany [GC], no. 38030/12, § 42, 21 September 2016, the Court struck the case out.",
     "Khan v. Germany", "38030/12", ("42",)),
    ("See Garib v. the Netherlands [GC], no. 43494/09, §§ 98-100, ECHR 2017.",
     "Garib v. the Netherlands", "43494/09", ("98", "99", "100")),
    ("Chiragov and Others v. Armenia [GC], nos. 13216/05 and 1/06, § 5.",
     "Chiragov and Others v. Armenia", "13216/05", ("5",)),
    ("As held in Khan v. Germany (dec.), no. 38030/12, 23 April 2015, § 7, the risk had passed.",
     "Khan v. Germany", "38030/12", ("7",)),
])
def test_application_number_citations_with_their_paragraph(text: str, name: str, app: str,
                                                          values: tuple[str, ...]) -> None:
    found = find_citations(text)
    assert len(found) == 1, [f.text for f in found]
    f = found[0]
    assert (f.ref.kind, f.ref.name, f.ref.application) == (Kind.CASE, name, app)
    assert f.pinpoint is not None and (f.pinpoint.kind, f.pinpoint.values) == ("paragraph", values)


def test_a_date_after_the_pinpoint_is_not_a_paragraph_and_no_dot_ends_no_sentence() -> None:
    text = "In Khan v. Germany [GC], no. 38030/12, § 42, 21 September 2016, it held \u201cthe case is struck out\u201d."
    f = find_citations(text)[0]
    assert f.pinpoint is not None and f.pinpoint.values == ("42",)
    assert f.quote == "the case is struck out"  # the sentence runs on past "no."
    assert len(sentence_spans(text, 0, len(text), DRAFT_RULES)) == 1
    spans = sentence_spans("The answer is no. The court agreed.", 0, 35, DRAFT_RULES)
    assert len(spans) == 2  # "no." before a capital still ends a sentence


def test_short_forms_bind_only_to_a_case_cited_by_application_number() -> None:
    text = ("Khan v. Germany [GC], no. 38030/12, § 42. Later (Khan, cited above, § 43) and Khan, § 44. "
            "Under the Privacy Act, § 5 applies.")
    found = find_citations(text)
    assert [(f.ref.application, f.pinpoint.values if f.pinpoint else None, f.short_form) for f in found][:3] == [
        ("38030/12", ("42",), False), ("38030/12", ("43",), True), ("38030/12", ("44",), True)]
    assert found[3].ref.kind == Kind.INSTRUMENT and found[3].ref.name == "Privacy Act"


def test_a_sentence_opening_word_is_no_party() -> None:
    text = "Smith v. Jones [2020] UKSC 1 at [5]. And Ipek v Koza Altin [2020] EWCA Civ 1018 at [61]."
    assert [f.ref.name for f in find_citations(text)] == ["Smith v. Jones", "Ipek v Koza Altin"]


def test_the_checker_finds_the_judgment_by_its_application_number(tmp_path: Path) -> None:
    path = tmp_path / "example_v_ruritania.txt"
    path.write_text(TEXT, encoding="utf-8")
    store = SQLiteStore(tmp_path / "s.db")
    ingest_paths(store, [path])
    draft = ("In Example v. Ruritania [GC], no. 12345/14, § 7, the Court \u201cawards the applicant EUR 5,000 in "
             "respect of non-pecuniary damage\u201d. It held that \u201cthere has been a violation of Article 2\u201d "
             "(Example, cited above, § 6). Other v. Ruritania, no. 99999/14, § 3, is not stored.")
    report = check_file(store, draft.encode(), "draft.md", datetime.date(2026, 1, 1))
    store.close()
    got = [(r.found.text, r.verdict.value) for r in report.results]
    assert got == [("Example v. Ruritania [GC], no. 12345/14, § 7", "ok"),
                   ("Example, cited above, § 6", "wrong-pinpoint"),
                   ("Other v. Ruritania, no. 99999/14, § 3", "unresolved")]
    assert "12345/14" not in report.results[2].detail and "99999/14" in report.results[2].detail
    assert "[5]" in report.results[1].detail  # the quoted words are in the Court's paragraph 5
