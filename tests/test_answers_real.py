"""The default path (retrieval + extractive generator + checks) answers real questions with the right pinpoints."""

from __future__ import annotations

from pathlib import Path

import pytest

from pincite.engine import AskOptions, answer_question
from pincite.generate.extractive import ExtractiveGenerator
from pincite.ingest import ingest_paths
from pincite.search.retrieve import RetrievalMode, Retriever
from pincite.types import SearchFilters
from pincite.store.sqlite import SQLiteStore

pytestmark = pytest.mark.shared

FILES = [
    "uk_find_case_law/ewca_civ_2020_legacy_akn/2020-ewca-1018-civ.xml",
    "uk_find_case_law/ewca_civ_2020_legacy_akn/2020-ewca-871-civ.xml",
    "uk_find_case_law/modern_fcl_akn/uksc_2023_42_rwanda.xml",
    "uk_find_case_law/press_summaries/uksc_2023_50_zubaydah_press_summary.xml",
    "pdf_judgments/zasca_2024_21_mec_health_gauteng_v_M.pdf",
    "canada_justice_laws_xml/S-23",
    "contracts_cuad/txt/FuseMedicalInc_20190321_10-K_EX-10.43_11575454_EX-10.43_Distributor Agreement.txt",
]


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory, corpus: Path):
    store = SQLiteStore(tmp_path_factory.mktemp("answers") / "a.db")
    rep = ingest_paths(store, [corpus / f for f in FILES])
    assert not rep.failed, [r.error for r in rep.failed]
    retriever = Retriever(store, RetrievalMode.LEXICAL)

    def ask(question: str, as_of: str | None = None):  # type: ignore[no-untyped-def]
        return answer_question(question, store, retriever, ExtractiveGenerator(), AskOptions(as_of=as_of, k=10),
                               filters=SearchFilters(as_of=as_of))

    yield ask
    store.close()


@pytest.mark.parametrize("question, as_of, expected", [
    # the holding, from the lead judgment's disposal (the dissent discusses the same point)
    ("Was Koza Ltd's appeal against the injunction restraining it from funding the ICSID arbitration allowed?",
     None, "Ipek v Koza Altin|[2020] EWCA Civ 1018 at [106]"),
    # what the dissent said, shown as a dissent
    ("Why would Floyd LJ have allowed the appeal in the Hozelock case?", None,
     "[2020] EWCA Civ 871 at [120] (per Floyd LJ, dissenting)"),
    ("Why did the Supreme Court hold the Home Secretary's Rwanda removal policy unlawful?", None, "at [149]"),
    # a PDF whose printed page is not the paragraph number
    ("Was there evidence of a sentinel event during L's birth?", None, "at [26]"),
    # the version in force on the day asked about
    ("Is interest payable by a borrower on a guaranteed student loan?", "2024-01-01",
     "c. S-23, s. 4 (in force 2023-04-01)"),
    ("What law governs the Fuse Medical distributor agreement?", None, "cl. 24.1"),
])
def test_extractive_answers_with_the_right_pinpoint(engine, question: str, as_of: str | None, expected: str) -> None:
    ans = engine(question, as_of)
    rendered = [c.rendered for c in ans.citations]
    assert ans.citations, f"no answer to {question!r}; dropped: {[d.detail for d in ans.dropped]}"
    want = expected.split("|")[-1]
    assert any(want in r for r in rendered), rendered
    for c in ans.citations:  # every shown citation points at the quoted words
        j = c.to_json()
        assert c.candidate.doc is not None
        assert c.candidate.doc.text[j["char_start"]:j["char_end"]] == j["quote"]


def test_question_the_corpus_cannot_answer_gets_no_citation(engine) -> None:
    ans = engine("What reasons did Lord Sales give in his dissenting judgment in Zubaydah?")
    assert ans.citations == []  # only the press summary mentions it, and a summary is not the court
    assert ans.text.startswith("No supported answer")
