"""A contract named the way lawyers name it, by its parties (issue 52, "answers a new writer gets"): "the integra /
pcomed supply agreement", "Antares's manufacturing agreement with AMAG", "organic preparations' deal with agape" —
in any case, with possessives, by a short form of a company's name.  In a store of several contracts of one kind
the question's few words match every contract's clause alike; the contract whose parties it names
(:func:`pincite.parse.parties.names_by_party`) is searched first, and another contract's clause answers nothing.
Real CUAD supply and manufacturing agreements from ../shared/bulk (none reserved, none named by an evaluation set),
lexical retrieval, the ranker."""

from __future__ import annotations

from pathlib import Path

import pytest

from pincite.legal.language import PARTY_NAME_GENERIC
from pincite.parse.parties import name_forms, names_by_party, party_names
from pincite.search.retrieve import RetrievalMode, Retriever
from tests.support.extractive_helpers import ingested, ranker_asker

pytestmark = pytest.mark.shared

CUAD = "cuad_v1_txt/"
FILES = {
    "seaspine": "SEASPINEHOLDINGSCORP_10_10_2018-EX-10.1-SUPPLY AGREEMENT.txt",  # Integra LifeSciences / PcoMed
    "antares": "Antares Pharma, Inc. - Manufacturing Agreement.txt",  # Antares Pharma / AMAG Pharmaceuticals
    "agape": "AgapeAtpCorp_20191202_10-KA_EX-10.1_11911128_EX-10.1_Supply Agreement.txt",  # Organic Preparations
    "mediwound": "MEDIWOUNDLTD_01_15_2014-EX-10.6-SUPPLY AGREEMENT.txt",  # MediWound / Challenge Bioproducts
    "vericel": "VERICELCORP_08_06_2019-EX-10.10-SUPPLY AGREEMENT.txt",  # MediWound / Vericel
}


def test_a_party_is_named_by_a_short_form_in_any_case_but_not_by_an_ordinary_word() -> None:
    assert name_forms("KITOV Pharma Ltd.") == [("kitov", "pharma"), ("kitov",)]
    text = ("This Agreement is made by and between KITOV Pharma Ltd. (\"Kitov\") and Payment Data Systems, Inc., "
            "a Nevada Corporation. Kitov shall pay all payment data fees.")
    names = party_names(text)
    assert "Payment Data Systems" in names and "Nevada" not in names  # "a Nevada Corporation": where, not who
    for q in ("kitov's agreement - who pays?", "The KITOV deal", "Payment Data Systems: the term?"):
        assert names_by_party(q, text, names, PARTY_NAME_GENERIC), q
    # words the contract writes in lower case are words, not its parties' names
    assert not names_by_party("Who holds the payment data?", text, names, PARTY_NAME_GENERIC)
    assert not names_by_party("What does the agreement say about payment?", text, names, PARTY_NAME_GENERIC)
    # a name holding a figure is a name, though written in lower case ("element 5 GmbH")
    lower = "the services of element 5 GmbH, Cologne, and the element of surprise"
    assert names_by_party("under the element 5 affiliate terms", lower, party_names(lower), PARTY_NAME_GENERIC)
    assert not names_by_party("each element of the claim", lower, party_names(lower), PARTY_NAME_GENERIC)


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory, bulk: Path):  # type: ignore[no-untyped-def]
    s = ingested(tmp_path_factory.mktemp("parties") / "p.db", [bulk / (CUAD + f) for f in FILES.values()])
    yield s
    s.close()


def _doc(store, key: str) -> str:  # type: ignore[no-untyped-def]
    return next(d.id for d in store.list_documents() if d.source.endswith(FILES[key]))


QUESTIONS = [
    ("which law governs the integra / pcomed supply agreement?", ["seaspine"]),
    ("What law governs Antares's manufacturing agreement with AMAG, and where are disputes heard?", ["antares"]),
    ("organic preparations' supply agreement with agape - which law governs it?", ["agape"]),
    ("Can Vericel terminate its supply agreement for convenience?", ["vericel"]),
    ("How long does MediWound's supply agreement with Challenge Bioproducts last?", ["mediwound"]),
]


@pytest.mark.parametrize("question, keys", QUESTIONS)
def test_the_contract_named_by_its_parties_is_searched_first(store, question: str, keys: list[str]) -> None:  # type: ignore
    want = {_doc(store, k) for k in keys}
    hits = Retriever(store, RetrievalMode.LEXICAL).search(question, k=5)
    assert hits and hits[0].document.id in want, [p.document.source for p in hits]


@pytest.mark.parametrize("question, keys", QUESTIONS)
def test_another_contracts_clause_answers_nothing(store, question: str, keys: list[str]) -> None:  # type: ignore
    want = {_doc(store, k) for k in keys}
    ans = ranker_asker(store)(question)
    assert all(c.candidate.doc.id in want for c in ans.citations), [c.candidate.doc.source for c in ans.citations]


# contracts choosing no law, beside contracts that do (their governing-law clauses answer nothing asked of these)
NO_LAW = {
    "alco": "ALCOSTORESINC_12_14_2005-EX-10.26-AGENCY AGREEMENT.txt",  # GE Capital / Duckwall-Alco Stores
    "xli": "XLITECHNOLOGIES,INC_12_02_2015-EX-10.02-STRATEGIC ALLIANCE AGREEMENT.txt",  # Bosch International
    # a court for disputes ("the People's Court where this Agreement is signed"), no law chosen
    "zto": "ZtoExpressCaymanInc_20160930_F-1_EX-10.10_9752871_EX-10.10_Transportation Agreement.txt",
}


@pytest.fixture(scope="module")
def no_law_store(tmp_path_factory: pytest.TempPathFactory, bulk: Path):  # type: ignore[no-untyped-def]
    files = [bulk / (CUAD + f) for f in (*FILES.values(), *NO_LAW.values())]
    s = ingested(tmp_path_factory.mktemp("nolaw") / "n.db", files)
    yield s
    s.close()


@pytest.mark.parametrize("question", [
    "Under which state's law is the Duckwall-Alco agency agreement with General Electric Capital?",
    "which law governs the bosch international / bosch technologies strategic alliance agreement?",
    "Which law governs the ZTO Express / Tonglu Tongze road transportation agreement?",
    "What is the governing law of ZTO's transportation agreement with Tonglu Tongze Logistics?",
])
def test_a_contract_choosing_no_law_is_not_answered_by_another_sentence(no_law_store, question: str) -> None:  # type: ignore
    ans = ranker_asker(no_law_store)(question)
    assert not ans.citations, [(c.candidate.doc.source, c.quote) for c in ans.citations]


def test_a_court_for_disputes_does_not_say_which_law_governs(bulk: Path) -> None:
    """Whoever chose it, a sentence naming no law answers no "which law governs …?" asked alone (on the spent sets an
    injunctive-relief clause's "any court of competent jurisdiction" was shown for a contract choosing no law)."""
    from pincite.generate.ranker import states_what_is_asked

    text = (bulk / (CUAD + NO_LAW["zto"])).read_text(encoding="utf-8")
    court = next(s.strip() for s in text.split("\n") if "People's Court" in s)
    claims = [{"text": court, "citations": [{"passage": "p", "quote": court}]}]
    assert not states_what_is_asked("Which law governs the ZTO Express / Tonglu Tongze agreement?", claims)
    # asked beside where disputes go, the court answers that part
    assert states_what_is_asked("Which law governs the ZTO agreement and where are disputes heard?", claims)
    law = "This Agreement shall be governed by the laws of the People's Republic of China."
    assert states_what_is_asked("Which law governs the ZTO agreement?",
                                [{"text": law, "citations": [{"passage": "p", "quote": law}]}])
