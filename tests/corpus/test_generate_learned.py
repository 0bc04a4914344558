"""The learned generator (fitted weights over the extractive generator's features) on real documents, through
the whole answer path (real parsers, lexical retrieval, the shipped weights, the checks): it cites the clause a
question is about, answers a question about the decision from the majority, abstains when the documents do not
answer; the weights file loads and a damaged one is named; the training script fits weights on a tiny gold set."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pincite.engine import AskOptions, answer_question
from pincite.generate.base import GeneratorError, GeneratorKind
from pincite.generate.factory import make_generator
from pincite.generate.features import CORE
from pincite.generate.learned import WEIGHTS_FILE, LearnedGenerator, choose_claims, load_weights
from pincite.search.retrieve import RetrievalMode, Retriever
from pincite.types import Role, SearchFilters
from tests.support.extractive_helpers import first_cited_unit_text, ingested

DYER = "uk_find_case_law/ewca_civ_2020_legacy_akn/2020-ewca-1375-civ.xml"  # Males LJ dissents
BIOAMBER = "contracts_cuad/txt/BIOAMBERINC_04_10_2013-EX-10.34-DEVELOPMENT AGREEMENT (1).txt"


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory, corpus: Path):  # type: ignore[no-untyped-def]
    db = tmp_path_factory.mktemp("learned") / "l.db"
    s = ingested(db, [corpus / DYER, corpus / BIOAMBER])
    yield s
    s.close()


@pytest.fixture(scope="module")
def asker(store):  # type: ignore[no-untyped-def]
    retriever = Retriever(store, RetrievalMode.LEXICAL)
    gen = LearnedGenerator()

    def ask(question: str):  # type: ignore[no-untyped-def]
        return answer_question(question, store, retriever, gen, AskOptions(k=10), filters=SearchFilters())

    return ask


@pytest.mark.shared
def test_it_cites_the_clause_the_question_is_about(asker) -> None:  # type: ignore[no-untyped-def]
    unit_text = first_cited_unit_text(asker("Which state's law governs the development agreement?"))
    # the governing-law clause, whichever words it is written in
    assert "govern" in unit_text and "law" in unit_text, unit_text[:300]


@pytest.mark.shared
def test_a_question_about_the_decision_is_answered_from_the_majority(asker) -> None:  # type: ignore[no-untyped-def]
    ans = asker("Did the Court of Appeal allow the appeal about screens for the police witnesses?")
    assert ans.citations, ans.text
    roles = [c.candidate.unit.role for c in ans.citations]
    assert Role.DISSENTING not in roles and Role.PARTLY_DISSENTING not in roles, roles


@pytest.mark.shared
def test_it_abstains_when_the_documents_do_not_answer(asker) -> None:  # type: ignore[no-untyped-def]
    ans = asker("What is the maximum fine for driving over the speed limit on a motorway?")
    assert not ans.citations, [c.pinpoint for c in ans.citations]


@pytest.mark.shared
def test_it_abstains_when_only_part_of_the_question_is_in_the_documents(asker) -> None:  # type: ignore[no-untyped-def]
    ans = asker("What royalty rate is payable on sales of the licensed vaccine?")
    assert not ans.citations, [c.pinpoint for c in ans.citations]


def test_the_cli_kind_makes_a_learned_generator() -> None:
    assert isinstance(make_generator(GeneratorKind.parse("learned")), LearnedGenerator)


def test_the_shipped_weights_load_and_say_what_they_were_trained_on() -> None:
    w = load_weights()
    assert w.features == CORE
    assert "trained_on" in w.about and "date" in w.about
    assert not any("heldout" in name for name in w.about["trained_on"])
    assert 0.0 < w.threshold < 1.0


def test_a_damaged_weights_file_is_named(tmp_path: Path) -> None:
    good = json.loads(WEIGHTS_FILE.read_text(encoding="utf-8"))
    cut = tmp_path / "cut.json"
    cut.write_text(WEIGHTS_FILE.read_text(encoding="utf-8")[:200], encoding="utf-8")
    with pytest.raises(GeneratorError, match="cut.json.*not valid JSON"):
        LearnedGenerator(weights_file=cut).load()
    with pytest.raises(GeneratorError, match="absent.json.*cannot be read"):
        LearnedGenerator(weights_file=tmp_path / "absent.json").load()
    short = tmp_path / "short.json"
    short.write_text(json.dumps({**good, "coef": good["coef"][:-1]}), encoding="utf-8")
    with pytest.raises(GeneratorError, match="short.json.*finite numbers"):
        load_weights(short)
    other = tmp_path / "other.json"
    other.write_text(json.dumps({**good, "features": good["features"][:-1] + ["something_else"]}), encoding="utf-8")
    with pytest.raises(GeneratorError, match="other.json.*other features.*retrain"):
        load_weights(other)


def test_claims_are_the_best_and_a_second_only_from_another_unit_above_its_threshold() -> None:
    units = ["a", "a", "b"]
    assert choose_claims([0.2, 0.1, 0.05], units, threshold=0.3, second=0.5) == []  # abstain
    assert choose_claims([0.9, 0.8, 0.6], units, threshold=0.3, second=0.5) == [0, 2]  # not the same unit twice
    assert choose_claims([0.9, 0.8, 0.4], units, threshold=0.3, second=0.5) == [0]


@pytest.mark.shared
def test_the_training_script_fits_weights_on_a_tiny_gold_set(store, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    from lab import train_answerer

    gold = tmp_path / "tiny.jsonl"
    lines = [
        {"id": "law", "question": "Which law governs this development agreement?", "as_of": None, "kind": "contract",
         "gold": [{"source": BIOAMBER, "unit": _governing_law_unit(store), "quote": "governed by"}]},
        {"id": "none", "question": "What is the speed limit on a motorway?", "as_of": None, "kind": "none",
         "gold": []},
        {"id": "held", "question": "Did the Court of Appeal allow the appeal?", "as_of": None, "kind": "judgment",
         "gold": [{"source": DYER, "unit": "153", "quote": "I agree that the appeal should be allowed"}]},
    ]
    gold.write_text("".join(json.dumps(x) + "\n" for x in lines), encoding="utf-8")
    out = tmp_path / "w.json"
    assert train_answerer.main(["--set", str(gold), str(store.path), "--no-dense", "--folds", "2",
                                "--out", str(out)]) == 0
    w = load_weights(out)
    assert w.about["trained_on"] == {"tiny.jsonl": "3 questions"} and w.about["positives"] > 0
    with pytest.raises(SystemExit, match="held-out"):
        train_answerer.main(["--set", str(tmp_path / "heldout.jsonl"), str(store.path), "--out", str(out)])


def _governing_law_unit(store) -> str:  # type: ignore[no-untyped-def]
    """The printed label of the contract's unit saying which law governs it (found, not assumed)."""
    doc = next(store.get_document(s.id) for s in store.list_documents() if s.source.endswith(BIOAMBER.split("/")[-1]))
    u = next(u for u in doc.units if "governed by" in doc.text[u.char_start:u.char_end] and (u.label or u.number)
             and u.kind.value != "heading")
    return u.label or u.number
