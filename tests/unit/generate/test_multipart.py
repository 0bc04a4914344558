"""Questions in several parts and questions naming a document that is not stored (issue 27, items 4 and 2), on
real documents: a contract and a judgment of ../shared/corpus, through the whole answer path (lexical retrieval,
the extractive generator, every check)."""

from __future__ import annotations

from pathlib import Path

import pytest

from pincite.answer.evidence import unstored_names
from pincite.answer.model import PART_NO_ANSWER
from pincite.legal.language import question_parts
from tests.support.extractive_helpers import extractive_asker, ingested

CONTRACT = "contracts_cuad/txt/LeadersonlineInc_20000427_S-1A_EX-10.8_4991089_EX-10.8_Co-Branding Agreement.txt"
JUDGMENT = "uk_find_case_law/ewca_civ_2020_legacy_akn/2020-ewca-1375-civ.xml"  # Dyer: a dissent by Males LJ


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory, corpus: Path):  # type: ignore[no-untyped-def]
    s = ingested(tmp_path_factory.mktemp("multipart") / "m.db", [corpus / CONTRACT, corpus / JUDGMENT])
    yield s
    s.close()


@pytest.fixture(scope="module")
def ask(store):  # type: ignore[no-untyped-def]
    return extractive_asker(store)


def cited_units(ans, part: int) -> list[str]:  # type: ignore[no-untyped-def]
    """The unit labels the claims of one part cite."""
    _, idx = ans.parts[part]
    return [ans.citations[n - 1].candidate.unit.label or ans.citations[n - 1].candidate.unit.number
            for i in idx for n in ans.claims[i].citations]


@pytest.mark.parametrize("question, parts", [
    ("Can it be terminated for breach, and if so, how much notice to cure?",
     ["Can it be terminated for breach?", "how much notice to cure?"]),
    ("Under the supply agreement, can the supplier terminate for breach, and which law governs the agreement?",
     ["Under the supply agreement, can the supplier terminate for breach?",
      "Under the supply agreement, which law governs the agreement?"]),
    ("What is the term of the lease? Can the tenant renew the lease?",
     ["What is the term of the lease?", "Can the tenant renew the lease?"]),
    ("Under the Privacy Act, (a) who may complain and (b) within what time must the complaint be made?",
     ["Under the Privacy Act, who may complain?", "Under the Privacy Act, within what time must the complaint be made?"]),
])
def test_a_question_is_split_where_it_asks_a_second_thing(question: str, parts: list[str]) -> None:
    assert question_parts(question) == parts


@pytest.mark.parametrize("question", [
    "Did Telefonica get enhanced interest under CPR 36.17(4) against Ofcom?",  # a provision's number, no enumeration
    "Who dissented in Marchetti Shipping SA v Oceanic Bunkers Ltd and on what ground?",  # no comma: one thing asked
    "What is the notice period for termination?",
    "What is the term of the lease, and what happens after it?",  # the second part leans on the first
    "Did the court award compensation for injury to feelings, and how much?",
    # a later part naming only whose view is asked: one question, asked of that judge
    "Should a stay be granted pending an arbitration? What did Arnold LJ say in Smith v Jones?",
    "How is the child's welfare weighed against delay? Baker LJ in Re B (2019)",
    "May a landlord forfeit for a breach already waived? What did Lord Justice Floyd say has to be considered?",
])
def test_a_question_asking_one_thing_is_one_part(question: str) -> None:
    assert question_parts(question) == [question]


def test_a_contract_question_in_two_parts_gets_a_cited_claim_per_part(ask) -> None:  # type: ignore[no-untyped-def]
    ans = ask("Under the VerticalNet and LeadersOnline co-branding agreement, can the term be renewed, "
              "and what happens to the links between the sites on termination?")
    assert len(ans.parts) == 2
    assert cited_units(ans, 0) == ["cl. 7.4"]  # LeadersOnline's option to extend the Term by 12 months
    assert cited_units(ans, 1) == ["cl. 7.2"]  # on termination, all Links … shall be removed
    assert "additional 12 months" in ans.text and "Links between the VerticalNet Sites" in ans.text
    assert [p["answered"] for p in ans.to_json()["parts"]] == [True, True]


def test_a_judgment_question_in_two_parts_cites_the_holding_and_the_dissent(ask) -> None:  # type: ignore[no-untyped-def]
    ans = ask("Did the Court of Appeal restore the coroner's order for screens for the police officers at "
              "Andrew Hall's inquest, and why did Males LJ disagree?")
    assert len(ans.parts) == 2
    holding = {c.candidate.unit.author for i in ans.parts[0][1] for c in
               (ans.citations[n - 1] for n in ans.claims[i].citations)}
    dissent = {c.candidate.unit.author for i in ans.parts[1][1] for c in
               (ans.citations[n - 1] for n in ans.claims[i].citations)}
    assert holding and "Males" not in " ".join(a or "" for a in holding)  # the majority's disposal
    assert dissent and all("Males" in (a or "") for a in dissent)  # the dissenting judge's own reasons


def test_a_part_that_finds_nothing_says_so(ask) -> None:  # type: ignore[no-untyped-def]
    ans = ask("Under the VerticalNet and LeadersOnline co-branding agreement, can the term be renewed, "
              "and what quota of salmon may a fisher catch?")
    assert len(ans.parts) == 2
    assert cited_units(ans, 0) == ["cl. 7.4"]
    assert ans.parts[1][1] == []
    assert ans.text.splitlines()[1].endswith(PART_NO_ANSWER)
    assert [p["answered"] for p in ans.to_json()["parts"]] == [True, False]


def test_a_question_naming_a_case_not_stored_abstains_and_names_it(ask) -> None:  # type: ignore[no-untyped-def]
    ans = ask("What did the court hold in Smith v Jones [2019] UKSC 99?")
    assert not ans.claims and not ans.citations
    assert ans.text == "No stored document matches 'Smith v Jones [2019] UKSC 99'."
    assert ans.to_json()["not_found"] == ["Smith v Jones [2019] UKSC 99"]
    ans = ask("Under the Fisheries Act, who may issue a licence?")
    assert ans.text == "No stored document matches 'Fisheries Act'."


def test_a_stored_case_named_loosely_is_found(store) -> None:  # type: ignore[no-untyped-def]
    # the stored title is "Chief Constable of West Yorkshire Police & Ors v Dyer & Ors", [2020] EWCA Civ 1375
    assert unstored_names(store, "In West Yorkshire Police v Dyer, why did Males LJ dissent?") == []
    assert unstored_names(store, "What was decided in [2020] EWCA Civ 1375 about screens?") == []
    assert unstored_names(store, "In Okafor v Lambeth LBC, was the review decision quashed?") == ["Okafor v Lambeth LBC"]


def test_a_case_named_beside_a_stored_one_is_one_it_discusses(store) -> None:  # type: ignore[no-untyped-def]
    # Dyer is stored; Okafor v Lambeth LBC is not: named beside Dyer, it is a case the question asks Dyer about
    q = "In West Yorkshire Police v Dyer, counsel relied on Okafor v Lambeth LBC; why did Males LJ reject that?"
    assert unstored_names(store, q) == []
    # a party named by its initials is the title's words with those initials ("CC of WY Police" in Dyer's title)
    assert unstored_names(store, "In WYP v Dyer, what did Males LJ say about screens?") == []

