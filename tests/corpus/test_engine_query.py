"""Engine-level query handling: what retrieval is asked, lead-ins completed by their items, outcome passages,
and the law in force today when no date is asked — on real documents through the real index."""

from __future__ import annotations

from pathlib import Path

import pytest

from pincite.answer.evidence import add_provision_items, search_query
from pincite.engine import AskOptions, answer_question
from pincite.generate.extractive import ExtractiveGenerator
from pincite.ingest import ingest_paths
from pincite.answer.evidence import outcome_units
from pincite.legal.language import CONCLUSION_OPENING, NUMBER, asks_about_outcome
from pincite.search.retrieve import RetrievalMode, Retriever
from pincite.types import SearchFilters
from pincite.store.sqlite import SQLiteStore

pytestmark = pytest.mark.shared

T2 = "canada_justice_laws_xml/T-2"
DYER = "uk_find_case_law/ewca_civ_2020_legacy_akn/2020-ewca-1375-civ.xml"
IPEK = "uk_find_case_law/ewca_civ_2020_legacy_akn/2020-ewca-1018-civ.xml"
TORTOISE = "uk_find_case_law/modern_fcl_akn/ewca_civ_2025_673.xml"
# two versions of the Privacy Act are enough to tell the current one from an old one
FILES = [T2, DYER, IPEK, TORTOISE, "canada_justice_laws_xml/P-21/P-21_pit-2019-08-28.xml",
         "canada_justice_laws_xml/P-21/P-21_pit-2025-06-02.xml"]
JUDGES_Q = "Apart from the Chief Justice and the Associate Chief Justice, how many judges may the Tax Court of Canada have?"


@pytest.fixture(scope="module")
def env(tmp_path_factory: pytest.TempPathFactory, corpus: Path):
    store = SQLiteStore(tmp_path_factory.mktemp("engine_query") / "e.db")
    rep = ingest_paths(store, [corpus / f for f in FILES])
    assert not rep.failed, [r.error for r in rep.failed]
    yield store, Retriever(store, RetrievalMode.LEXICAL)
    store.close()


def _doc(store, name: str):  # type: ignore[no-untyped-def]
    return store.get_document(next(s.id for s in store.list_documents() if s.source.endswith(name)))


def test_search_query_leaves_out_exclusions_and_scope_words_and_adds_clause_words_when_scoped() -> None:
    assert search_query(JUDGES_Q) == "how many judges may the Tax Court of Canada have?"
    assert search_query("How many other judges may the Tax Court of Canada have in every version of the Tax "
                        "Court of Canada Act?") == "How many other judges may the Tax Court of Canada have ?"
    q = search_query("Which of these agreements restrict a party from competing?", scoped=True)
    assert q.startswith("Which of these agreements restrict from competing?") and "competitive" in q
    assert "term" in search_query("When do each of these contracts expire?", scoped=True).split()
    # unscoped, the clause vocabulary is retrieval's own ranking, not words of the query
    assert search_query("When does the Fuse Medical agreement expire?") == "When does the Fuse Medical agreement expire?"
    assert search_query("Which law governs the agreement?") == "Which law governs the agreement?"  # nothing to do


def test_an_unnamed_party_is_left_out_so_the_clause_asked_is_read() -> None:
    """'Which … give a party the right to audit' asks about audit rights, not about who the parties are."""
    from pincite.legal.clauses import clause_types_asked

    audit = "Which of these agreements give a party the right to audit or inspect the other's books and records?"
    insurance = "Which of these agreements require a party to maintain insurance?"
    assert [t.key for t in clause_types_asked(search_query(audit))] == ["audit-rights"]
    assert [t.key for t in clause_types_asked(search_query(insurance))] == ["insurance"]
    # a named party, or the other party's consent, is what the question is about: kept
    assert "the other party's consent" in search_query("Can a party assign it without the other party's consent?")
    assert search_query("Who are the parties to the agreement?") == "Who are the parties to the agreement?"


def test_a_retrieved_lead_in_brings_its_items_right_after_it(env) -> None:  # type: ignore[no-untyped-def]
    store, retriever = env
    found = retriever.search(search_query(JUDGES_Q), k=10, filters=SearchFilters(as_of="2022-01-15"))
    labels = [p.chunk.labels[0] for p in add_provision_items(store, found)]
    lead = labels.index("s. 4(1)")
    assert labels[lead + 1: lead + 4] == ["s. 4(1)(a)", "s. 4(1)(b)", "s. 4(1)(c)"]
    assert len(labels) == len(set(labels))  # an item retrieved lower down is moved up, not repeated


@pytest.mark.parametrize("as_of", ["2020-01-01", "2022-01-15", "2024-05-01"])
def test_how_many_judges_cites_a_number_from_the_version_in_force(env, as_of: str) -> None:  # type: ignore[no-untyped-def]
    store, retriever = env
    q = "Other than the Chief Justice and the Associate Chief Justice, how many judges can the Tax Court of Canada have?"
    ans = answer_question(q, store, retriever, ExtractiveGenerator(), AskOptions(as_of=as_of, k=10),
                          filters=SearchFilters(as_of=as_of))
    assert ans.citations, ans.text
    for c in ans.citations:
        u = c.candidate.unit
        assert (u.in_force_from or "") <= as_of < (u.in_force_to or "9999"), c.rendered
        assert NUMBER.search(c.candidate.raw.quote) and "Chief Justice" not in c.candidate.raw.quote


def test_no_date_asked_means_the_law_in_force_today(env) -> None:  # type: ignore[no-untyped-def]
    store, retriever = env
    q = "Who has a right of access under the Privacy Act to personal information about them?"
    ans = answer_question(q, store, retriever, ExtractiveGenerator(), AskOptions(k=10))
    assert ans.citations, ans.text
    current = max((s for s in store.list_documents() if "P-21" in s.source), key=lambda s: s.version_date or "")
    assert {c.candidate.doc.id for c in ans.citations} == {current.id}
    assert {p.document.id for p in ans.retrieved if "P-21" in p.document.source} == {current.id}


def test_outcome_units_hold_each_judges_conclusion(env) -> None:  # type: ignore[no-untyped-def]
    store, _ = env
    for name in ("2020-ewca-1375-civ.xml", "2020-ewca-1018-civ.xml", "ewca_civ_2025_673.xml"):
        doc = _doc(store, name)
        picked = outcome_units(doc)
        judges = {u.author for u in doc.units if u.author and u.number and u.zone.value == "reasons"}
        assert judges and {u.author for u in picked} == judges  # every judge's conclusion is there
        for judge in judges:
            own = [u for u in doc.units if u.author == judge and u.number and u.kind.value != "heading"
                   and u.zone.value == "reasons" and (u.parent is None or doc.units[u.parent].kind.value == "heading")]
            mine = [u for u in picked if u.author == judge]
            assert own[-1] in mine  # their last paragraph, where a judge disposes or agrees
            assert all(u in own or u.parent is not None for u in mine)  # only their own paragraphs
    # a judgment that ends with a postscript after its conclusion: the concluding paragraph is found too
    tortoise = _doc(store, "ewca_civ_2025_673.xml")
    lasts = {u.ordinal for u in outcome_units(tortoise)}
    assert any(CONCLUSION_OPENING.search(tortoise.text[u.char_start:u.char_start + 80])
               for u in outcome_units(tortoise) if u.ordinal != max(lasts))
    assert asks_about_outcome("Is the requirement qualified by the disregard in paragraph 276B(v)?")
    assert not asks_about_outcome("Which law governs the Fuse Medical distributor agreement?")


def test_the_answer_says_how_each_passage_came_to_be_read(env) -> None:  # type: ignore[no-untyped-def]
    store, retriever = env
    q = "Did the Court of Appeal allow the appeal?"
    ans = answer_question(q, store, retriever, ExtractiveGenerator(), AskOptions(k=5))
    vias = [p.via for p in ans.retrieved]
    assert vias[:3] == ["search"] * 3 and "outcome" in vias  # a judge's disposal, added after retrieval's best
    for p in ans.retrieved:
        assert (p.score == 0.0) == (p.via != "search")  # only what retrieval ranked has its score
        if p.via == "outcome":
            doc = store.get_document(p.document.id)
            assert set(p.chunk.units) & {u.ordinal for u in outcome_units(doc)}
    assert [p["via"] for p in ans.to_json()["retrieved"]] == vias
    # a lead-in's items, added after it, say so too
    found = retriever.search(search_query(JUDGES_Q), k=10, filters=SearchFilters(as_of="2022-01-15"))
    retrieved = {f.chunk.id for f in found}
    assert {p.via for p in add_provision_items(store, found) if p.chunk.id not in retrieved} == {"items"}
