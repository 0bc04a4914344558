"""The default path (retrieval + extractive generator + checks) answers real questions with the right kind of pinpoint."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from pincite.engine import AskOptions, answer_question
from pincite.generate.extractive import ClauseKindTest, ExtractiveGenerator
from pincite.legal.language import AGREEMENT, DISPOSAL, ISSUE
from pincite.ingest import ingest_paths
from pincite.search.retrieve import RetrievalMode, Retriever
from pincite.types import Role, SearchFilters
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


def _followable(ans) -> None:  # type: ignore[no-untyped-def]
    for c in ans.citations:  # every shown citation points at the quoted words
        j = c.to_json()
        assert c.candidate.doc is not None
        assert c.candidate.doc.text[j["char_start"]:j["char_end"]] == j["quote"]


# The questions are written for these tests (none is a gold question); what is asserted is the kind of passage
# cited — a majority judge's, a dissent shown as one, a paragraph number and not a page, the version in force,
# the clause kind asked — never the answer's words.

def test_a_holding_is_a_majority_judges_disposal(engine) -> None:  # type: ignore[no-untyped-def]
    ans = engine("Did the Court of Appeal dismiss Koza Ltd's appeal against the injunction on funding the "
                 "arbitration?")
    assert ans.citations, [d.detail for d in ans.dropped]
    assert all(c.candidate.unit.role not in (Role.DISSENTING, Role.PARTLY_DISSENTING) for c in ans.citations)
    assert DISPOSAL.search(ans.citations[0].candidate.raw.quote) or AGREEMENT.search(ans.citations[0].candidate.raw.quote)
    _followable(ans)


def test_a_dissent_is_shown_as_a_dissent(engine) -> None:  # type: ignore[no-untyped-def]
    ans = engine("Why would Floyd LJ have allowed the appeal in the Hozelock case?")
    assert ans.citations
    assert all("(per Floyd LJ, dissenting)" in c.rendered for c in ans.citations)
    _followable(ans)


def test_a_yes_no_holding_is_not_the_question_restated(engine) -> None:  # type: ignore[no-untyped-def]
    ans = engine("Was the Rwanda removal policy lawful?")
    assert ans.citations, [d.detail for d in ans.dropped]
    assert not ISSUE.search(ans.citations[0].candidate.raw.quote)  # "…required to decide whether…" is no answer
    _followable(ans)


def test_a_pdf_judgment_is_cited_by_paragraph_not_page(engine) -> None:  # type: ignore[no-untyped-def]
    ans = engine("Did the experts agree that a CTG trace would show when the baby's heart rate dropped?")
    assert ans.citations
    assert all(re.search(r" at \[\d+\]", c.rendered) for c in ans.citations), [c.rendered for c in ans.citations]
    _followable(ans)


def test_the_version_in_force_on_the_day_asked_about(engine) -> None:  # type: ignore[no-untyped-def]
    ans = engine("Do borrowers pay interest on guaranteed student loans?", "2024-01-01")
    assert ans.citations
    for c in ans.citations:
        u = c.candidate.unit
        assert (u.in_force_from or "") <= "2024-01-01" < (u.in_force_to or "9999"), c.rendered
    _followable(ans)


def test_a_contract_question_is_answered_by_the_kind_of_clause_asked(engine) -> None:  # type: ignore[no-untyped-def]
    question = "Which state's laws govern the Fuse Medical distributor agreement?"
    ans = engine(question)
    kind = ClauseKindTest.for_question(question)
    assert ans.citations and kind is not None
    for c in ans.citations:
        assert kind.passes(c.candidate.raw.quote, " / ".join(c.candidate.unit.section_path)), c.rendered
    _followable(ans)


def test_question_the_corpus_cannot_answer_gets_no_citation(engine) -> None:
    ans = engine("Why did Lord Sales dissent in Zubaydah?")
    assert ans.citations == []  # only the press summary mentions it, and a summary is not the court
    assert ans.text.startswith("No supported answer")
