"""The reader generator (a model reads each candidate sentence) on real documents, through the whole answer path
(real parsers, lexical retrieval, the real int8 model, the checks): it cites the clause a question is about,
abstains when the documents do not answer, never answers a question about the court's decision from a dissent,
and names a missing or damaged model file."""

from __future__ import annotations

from pathlib import Path

import pytest

from pincite.engine import AskOptions, answer_question
from pincite.generate.base import GeneratorError
from pincite.generate.factory import make_generator
from pincite.generate.base import GeneratorKind
from pincite.generate.reader import ReaderGenerator
from pincite.search.embed import find_model_files
from pincite.search.retrieve import RetrievalMode, Retriever
from pincite.types import Role, SearchFilters
from tests.support.extractive_helpers import ingested

DYER = "uk_find_case_law/ewca_civ_2020_legacy_akn/2020-ewca-1375-civ.xml"  # Males LJ dissents
BIOAMBER = "contracts_cuad/txt/BIOAMBERINC_04_10_2013-EX-10.34-DEVELOPMENT AGREEMENT (1).txt"


@pytest.fixture(scope="module")
def asker(tmp_path_factory: pytest.TempPathFactory, corpus: Path):  # type: ignore[no-untyped-def]
    store = ingested(tmp_path_factory.mktemp("reader") / "r.db", [corpus / DYER, corpus / BIOAMBER])
    retriever = Retriever(store, RetrievalMode.LEXICAL)
    reader = ReaderGenerator()

    def ask(question: str):  # type: ignore[no-untyped-def]
        return answer_question(question, store, retriever, reader, AskOptions(k=10), filters=SearchFilters())

    yield ask
    store.close()


@pytest.mark.shared
def test_it_cites_the_clause_the_question_is_about(asker) -> None:  # type: ignore[no-untyped-def]
    ans = asker("Which state's law governs the development agreement?")
    assert ans.citations, ans.text
    c = ans.citations[0].candidate
    unit_text = c.doc.text[c.unit.char_start:c.unit.char_end].lower()
    # the governing-law clause, whichever words it is written in: it says the agreement is governed by a law
    assert "govern" in unit_text and "law" in unit_text, unit_text[:300]
    assert c.doc.kind.value == "contract"


@pytest.mark.shared
def test_it_abstains_when_the_documents_do_not_answer(asker) -> None:  # type: ignore[no-untyped-def]
    ans = asker("What royalty rate is payable on sales of the licensed vaccine?")
    assert not ans.citations, [c.pinpoint for c in ans.citations]


@pytest.mark.shared
def test_a_question_about_the_decision_is_never_answered_from_the_dissent(asker) -> None:  # type: ignore[no-untyped-def]
    for q in ("Did the Court of Appeal allow the appeal about screens for the police witnesses?",
              "Was the coroner right to allow the police officers to give evidence from behind screens?"):
        ans = asker(q)
        roles = [c.candidate.unit.role for c in ans.citations]
        assert Role.DISSENTING not in roles and Role.PARTLY_DISSENTING not in roles, (q, roles)
    # …while a question about the dissent is answered from it
    ans = asker("Why did Males LJ disagree with the other judges about the screens?")
    assert ans.citations and ans.citations[0].candidate.unit.role is Role.DISSENTING, ans.text


def test_the_cli_kind_makes_a_reader() -> None:
    assert isinstance(make_generator(GeneratorKind.parse("reader")), ReaderGenerator)


def test_a_missing_or_damaged_model_file_is_named(tmp_path: Path) -> None:
    model, tokenizer = find_model_files()
    missing = tmp_path / "absent.onnx"
    with pytest.raises(GeneratorError, match="absent.onnx.*missing"):
        ReaderGenerator(model_files=(missing, tokenizer)).load()
    damaged = tmp_path / "damaged.onnx"
    damaged.write_bytes(model.read_bytes()[:4096])  # a download cut short
    with pytest.raises(GeneratorError, match="damaged.onnx.*cannot be loaded"):
        ReaderGenerator(model_files=(damaged, tokenizer)).load()
    bad_tokenizer = tmp_path / "tokenizer.json"
    bad_tokenizer.write_text("{not json")
    with pytest.raises(GeneratorError, match="tokenizer.json.*cannot be loaded"):
        ReaderGenerator(model_files=(model, bad_tokenizer)).load()
