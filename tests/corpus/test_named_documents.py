"""A question that names one document by a word of its title is answered from that document (issue 52, zoo_dev):
another judgment retrieved beside it gives no outcome or structure evidence ("In Gildernew, how did the district
judge rule?" was answered from an English judgment's report of its judge below), nor does any judgment when the
question names an Act — and "allowance" in an Act's name is no question about a disposal.  On ../shared/zoo (none
reserved) and two Court of Appeal judgments of ../shared/corpus."""

from __future__ import annotations

from pathlib import Path

import pytest

from pincite.legal.language import asks_about_outcome

pytestmark = pytest.mark.shared

ACT = "zoo/statute_uk_clml_xml/ukpga_2021_5_ministerial_and_other_maternity_allowances_act.xml"
GILDERNEW = "zoo/judgment_pdf_us_court_of_appeals/ca2_08-6301_gildernew_v_quarantillo_2010.pdf"
ALLIANCE = "corpus/uk_find_case_law/ewca_civ_2020_legacy_akn/2020-ewca-553-civ.xml"  # reports the judge below
DYER = "corpus/uk_find_case_law/ewca_civ_2020_legacy_akn/2020-ewca-1375-civ.xml"  # appeals allowed


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory, shared: Path):  # type: ignore[no-untyped-def]
    from tests.support.extractive_helpers import ingested
    s = ingested(tmp_path_factory.mktemp("named") / "s.db", [shared / f for f in (ACT, GILDERNEW, ALLIANCE, DYER)])
    yield s
    s.close()


@pytest.fixture(scope="module")
def ask(store):  # type: ignore[no-untyped-def]
    """The default generator with ask's defaults (20 passages, as ``pincite eval`` asks), lexical retrieval."""
    from pincite.engine import AskOptions, answer_question
    from pincite.generate.base import GeneratorKind
    from pincite.generate.factory import make_generator
    from pincite.search.retrieve import RetrievalMode, Retriever
    from pincite.types import SearchFilters
    retriever, gen = Retriever(store, RetrievalMode.LEXICAL), make_generator(GeneratorKind.RANKER)
    return lambda q: answer_question(q, store, retriever, gen, AskOptions(), filters=SearchFilters())


def test_an_acts_name_is_no_outcome_question() -> None:
    assert not asks_about_outcome("How long does a designation last under the Maternity Allowances Act 2021?")
    assert asks_about_outcome("Was the appeal allowed?")


def test_a_title_word_names_its_document_only_when_no_other_title_holds_it() -> None:
    from pincite.legal.language import titles_named
    titles = ["Gildernew v. Gantner", "UNITED STATES OF AMERICA v. SAMUEL H. VINTON", "Privacy Act", "Privacy Act",
              "Confidentiality & Invention Assignment Agreement (CIIAA)"]
    assert titles_named("In Gildernew, how did the judge rule?", titles) == {0}
    assert titles_named("Why did Vinton's argument fail?", titles) == {1}
    assert titles_named("What does the United States say?", titles) == set()  # the State names no case
    assert titles_named("Does the Privacy Act define it?", titles) == {2, 3}  # two versions of one Act
    assert titles_named("Who owns inventions under the CIIAA?", titles) == {4}
    assert titles_named("what did the court decide?", titles) == set()


def test_an_act_question_gets_no_judgments_outcome_passages(store, shared: Path) -> None:  # type: ignore
    from pincite.answer.evidence import add_outcome_passages
    from pincite.search.retrieve import RetrievalMode, Retriever
    q = "Under the Ministerial and other Maternity Allowances Act 2021, did the Prime Minister decide the designation?"
    found = Retriever(store, RetrievalMode.LEXICAL).search(q, k=20)
    assert any(p.document.kind.value == "judgment" for p in found)  # a judgment is retrieved beside the Act
    added = add_outcome_passages(store, q, found)
    assert not [p for p in added if p.via == "outcome"]


def test_a_case_named_by_one_party_is_answered_from_that_case(ask) -> None:  # type: ignore
    ans = ask("In Gildernew, how did Judge Berman in the Southern District of New York rule on the cross-motions?")
    assert ans.citations, ans.text
    assert all(c.candidate.doc.source.endswith(Path(GILDERNEW).name) for c in ans.citations)
