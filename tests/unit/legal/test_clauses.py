"""Contract clause types (pincite.legal.clauses) and what they do to retrieval: a question about the governing law
finds the clause that says "construed in accordance with the laws of", not the recital where the parties are
"incorporated under the laws of" somewhere.  Fictional contracts under tests/fixtures/clauses."""

from __future__ import annotations

from pathlib import Path

import pytest

from pincite.legal.clauses import CLAUSE_TYPES, clause_types_asked, expansion_terms
from pincite.text.terms import query_words
from pincite.ingest import ingest_paths
from pincite.search.fusion import FusionSettings
from pincite.search.retrieve import RetrievalMode, Retriever
from pincite.types import SearchFilters
from pincite.search.naming import strip_naming_clauses
from pincite.store.sqlite import SQLiteStore
from tests.conftest import FIXTURES

FIXTURES = FIXTURES / "clauses"
NAMING = "Consider the Timber Supply Agreement between Alder Forestry Ltd and Birchwood Joinery plc; "


@pytest.mark.parametrize(("question", "keys"), [
    ("What law governs the lease?", {"governing-law"}),
    ("Which law applies to disputes under the agreement?", {"governing-law"}),
    ("Can the supplier terminate for convenience?", {"termination-convenience"}),
    ("Are there exceptions to the competitive restrictions?", {"competitive-exception"}),
    ("Is there a non-compete?", {"non-compete"}),
    ("Is liability uncapped for a breach of confidence?", {"uncapped-liability"}),
    ("Is there a cap on liability?", {"cap-on-liability"}),
    ("Who owns the intellectual property the consultant creates?", {"ip-assignment"}),
    ("Does the licensee have a right of first refusal?", {"rofr"}),
    ("Is there an exclusivity agreement?", {"exclusivity"}),
    ("Is the exclusion of EU nationals from universal credit lawful?", set()),  # "exclusion" is not "exclusive"
    ("Which of these agreements restrict a party from competing?", {"non-compete"}),
    ("What is the expiration date of this contract?", {"expiration"}),  # not "date of contract"
    ("What is the date of this contract?", {"agreement-date"}),
    ("Are any of the licenses granted under this contract irrevocable or perpetual?",
     {"license-grant", "perpetual-license"}),  # two types, asked with different words
    ("How is intellectual property ownership assigned in this contract?", {"ip-assignment"}),  # "assigned" is its
    ("What did the Court of Appeal decide about costs?", set()),
    ("How many judges does the Federal Court have?", set()),
])
def test_clause_types_asked_reads_the_question(question: str, keys: set[str]) -> None:
    assert {t.key for t in clause_types_asked(question)} == keys


def test_every_clause_type_is_asked_by_its_own_phrases() -> None:
    """Each type's asking phrases pick that type (possibly with an equally specific neighbour), so no type is
    unreachable or shadowed by a longer phrase of another."""
    keys = [t.key for t in CLAUSE_TYPES]
    assert len(keys) == len(set(keys))
    for t in CLAUSE_TYPES:
        for phrase in t.asks:
            assert t in clause_types_asked(f"Is there {phrase} in this contract?"), (t.key, phrase)


def test_expansion_terms_are_the_asked_types_vocabulary_once_each() -> None:
    terms = expansion_terms("What is the governing law for this contract?")
    assert "governed by" in terms and "construed in accordance with" in terms
    assert len(terms) == len(set(terms))
    assert expansion_terms("What did the court hold?") == []


def test_a_clause_naming_the_document_leaves_the_question() -> None:
    info = set(query_words("Smith v Jones Holdings Ltd [2021] EWCA Civ 12"))
    question, words = strip_naming_clauses("In Smith v Jones Holdings, what did the court decide on costs?",
                                           info, frozenset({"smith", "jones"}))
    assert question.strip() == "what did the court decide on costs?"
    assert words == {"smith", "v", "jones", "holdings"}
    # a query that is nothing but the name is kept whole (there would be nothing left to search with)
    assert strip_naming_clauses("Smith v Jones Holdings", info, frozenset({"smith"})) == \
        ("Smith v Jones Holdings", frozenset())
    # a clause with the name's words in the minority is a question, not a name
    q = "What did Smith argue about the limitation period, the contribution claim and the costs order?"
    assert strip_naming_clauses(q, info, frozenset({"smith"}))[0] == q


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    s = SQLiteStore(tmp_path_factory.mktemp("clauses") / "c.db")
    report = ingest_paths(s, [FIXTURES])
    assert len(report.stored) == 3 and not report.failed
    yield s
    s.close()


def _top(store: SQLiteStore, question: str, fusion: FusionSettings | None = None) -> str:
    """The first passage for ``question`` about the timber supply agreement, searched within it (so the
    test is about which clause, not which document: other tests cover naming a document)."""
    alder = next(d.id for d in store.list_documents() if d.source.endswith("alder_birch_supply.txt"))
    r = Retriever(store, RetrievalMode.LEXICAL, fusion=fusion)
    hits = r.search(NAMING + question, k=3, filters=SearchFilters(documents=(alder,)))
    assert hits and all(h.document.id == alder for h in hits)
    return hits[0].text


@pytest.mark.parametrize(("question", "words"), [
    ("What is the governing law for this contract?", "construed in accordance with the laws of the State of New York"),
    ("What is the expiration date of this contract?", "initial term of three (3) years"),
    ("Is there an anti-assignment clause in this contract?", "Neither party may assign or transfer"),
    ("Can this contract be terminated for convenience, and under what conditions?", "for any reason or none"),
])
def test_a_clause_question_finds_the_clause_in_the_named_contract(store: SQLiteStore, question: str,
                                                                 words: str) -> None:
    assert words in _top(store, question)


def test_without_the_clause_vocabulary_the_word_match_wins(store: SQLiteStore) -> None:
    """Termination for convenience, asked of a contract that never says "convenience": with the clause
    vocabulary switched off, the clause that shares the question's word ("terminate ... if Alder becomes
    insolvent", termination for cause) comes first; with it, the clause that lets either party end the
    agreement "at any time, for any reason or none" on notice."""
    question = "Can this contract be terminated for convenience, and under what conditions?"
    assert "terminate this Agreement at once if Alder becomes insolvent" in \
        _top(store, question, FusionSettings(clause_weight=0.0))
    assert "for any reason or none" in _top(store, question)


def test_a_query_naming_its_document_searches_it_first_then_the_rest(store: SQLiteStore) -> None:
    """Unscoped, the governing-law question that names the timber agreement puts every chunk of that
    agreement before the lease's governing-law clause (which matches the question's words better), and the
    lease still fills the list once the named document has no more."""
    alder = next(d.id for d in store.list_documents() if d.source.endswith("alder_birch_supply.txt"))
    n_alder = len(store.get_chunks(alder))
    r = Retriever(store, RetrievalMode.LEXICAL)
    hits = r.search(NAMING + "What is the governing law for this contract?", k=n_alder + 2, filters=SearchFilters())
    docs = [h.document.id for h in hits]
    assert docs[:n_alder] == [alder] * n_alder
    # after them the lease's clause (the only other chunk that matches any of the question's words)
    assert len(hits) == n_alder + 1 and docs[-1] != alder and "governed by the laws of Scotland" in hits[-1].text
    assert [h.rank for h in hits] == list(range(1, n_alder + 2))


def test_a_question_about_a_judgment_gets_no_contract_clause_ranking(store: SQLiteStore) -> None:
    """"Royalty rate" is a contract clause type (revenue sharing), and the supply agreement has a royalty
    clause; but the question's own words find a judgment first, so it is not about a contract and the
    clause vocabulary ("royalty", "net sales", "percent") does not bring the agreement's clause in."""
    r = Retriever(store, RetrievalMode.LEXICAL)
    hits = r.search("What royalty rate did the court hold Fernhill Mining liable to pay for 2019?", k=4)
    # (with the clause ranking fused, the agreement's royalty clause would come first: it tops that ranking)
    assert [h.document.source.endswith("fernhill_judgment.txt") for h in hits[:2]] == [True, True]


def test_a_question_clause_never_only_names_the_document() -> None:
    """"Right of first offer" is in the title of the agreement and in the question about it: the question
    (it ends in "?") is kept, and the naming clause before it goes."""
    info = set(query_words("Non-Competition Agreement and Right of First Offer Glamis Gold Ltd Western Copper"))
    naming = frozenset({"glamis", "copper", "right", "first", "offer"})
    q = ("Consider the Non-Competition Agreement and Right of First Offer between Glamis Gold Ltd. and Western "
         "Copper; Does this contract include any right of first refusal, right of first offer?")
    question, words = strip_naming_clauses(q, info, naming)
    assert question.strip() == "Does this contract include any right of first refusal, right of first offer?"
    assert {"glamis", "western", "copper"} <= words


PADDED = ("\n                                                         EXHIBIT 10.26\n\n" + " " * 120
          + "CONFIDENTIAL MATERIALS OMITTED AND FILED SEPARATELY" + " " * 90 + "WITH THE COMMISSION.\n\n"
          + " " * 100 + "SPONSORSHIP AGREEMENT\n\n"
          "This agreement is entered into as of 3 March 1999 by and between Quillon Media, Inc. (\"Quillon\") and "
          "Tamarind Health Stores Inc. (\"Client\").\n\n"
          "1. Sponsorship\n\n1.1 Client will be promoted as the preferred reseller of vitamins on the Quillon "
          "network.\n\n"
          "2. Governing Law\n\n2.1 This Agreement shall be governed by the laws of the State of California.\n")
OTHER = ("SPONSORSHIP AND GOVERNING LAW AGREEMENT\n\nThis agreement is made between Juniper Sports Ltd and "
         "Olive Drinks Inc.\n\n1. Governing law\n\n1.1 The governing law for this contract is the law of the "
         "State of New York, and this governing law clause governs every dispute.\n")


def test_a_title_page_padded_with_spaces_still_names_its_parties(tmp_path: Path) -> None:
    """An EDGAR filing indents its title page with hundreds of spaces: the parties come more than 400
    characters in.  Document information counts words, not spaces, so the parties are in it, the naming
    clause is recognised, and the named contract's clause comes before a better word match elsewhere."""
    (tmp_path / "quillon_sponsorship.txt").write_text(PADDED, encoding="utf-8")
    (tmp_path / "juniper_sponsorship.txt").write_text(OTHER, encoding="utf-8")
    assert PADDED.index("Quillon Media") > 400
    with SQLiteStore(tmp_path / "s.db") as s:
        assert len(ingest_paths(s, [tmp_path]).stored) == 2
        quillon = next(d.id for d in s.list_documents() if d.source.endswith("quillon_sponsorship.txt"))
        r = Retriever(s, RetrievalMode.LEXICAL)
        q = ("Consider the Sponsorship Agreement between Quillon Media, Inc. and Tamarind Health Stores Inc.; "
             "What is the governing law for this contract?")
        named = r._named_documents(q, SearchFilters())
        assert max(named.prior, key=named.prior.get) == quillon
        assert named.question.strip() == "What is the governing law for this contract?"
        hits = r.search(q, k=3)
        assert hits[0].document.id == quillon and "laws of the State of California" in hits[0].text



def test_an_exception_to_a_competitive_restriction_has_the_restrictions_words() -> None:
    """CUAD's "competitive restriction exception" is a carve-out from a non-compete, an exclusivity or a
    no-solicit clause, and it is written in the words of what it carves out of ("may solicit during the
    Restricted Period…", "the exclusive appointment does not extend to…"); its own generic words ("except",
    "provided that") match every proviso in a contract."""
    by_key = {t.key: t for t in CLAUSE_TYPES}
    says = set(by_key["competitive-exception"].says)
    for restriction, words in (("non-compete", {"non-competition", "restricted period", "competitor"}),
                               ("exclusivity", {"exclusive", "exclusivity"}),
                               ("no-solicit-customers", {"solicit"})):
        assert words <= set(by_key[restriction].says) | {"exclusivity"}, restriction
        assert words <= says, restriction
    terms = expansion_terms("Are there any exceptions to competitive restrictions in this contract?")
    assert {"save that", "exclusive", "solicit", "restricted period"} <= set(terms)
