"""The PostgreSQL lexical index scores as the embedded one: the same documents in both stores, the same queries
(plain words, repeated words, a provision label's phrase, words that named a document weighed down, a contract
clause's vocabulary), the same ranking and the same BM25 points (up to a constant per query: tantivy adds the score of
its own filter clauses to every hit).  Also: a store made before the postings existed gets them on migration.

A real PostgreSQL 16 (``tests/support/pg_server.py``); real judgments from the corpus and the contract fixtures."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from pincite.search.lexical import LexicalIndex
from pincite.search.indexes import index_paths
from pincite.ingest import ingest_paths
from pincite.types import SearchFilters
from pincite.open import open_store
from pincite.store.sqlite import SQLiteStore
from pincite.types import DocumentKind
from tests.support.pg_server import PgServer, PostgresUnavailable, start_server
from tests.corpus.test_retrieve import JUDGMENTS
from tests.conftest import FIXTURES

CONTRACTS = [FIXTURES / "retrieve" / "harbour_lease.txt", FIXTURES / "retrieve" / "orchard_supply.txt"]

pytestmark = pytest.mark.shared


@pytest.fixture(scope="module")
def both(tmp_path_factory: pytest.TempPathFactory, corpus: Path) -> Iterator[tuple[LexicalIndex, object]]:
    try:
        server = start_server(tmp_path_factory.mktemp("pg"))
    except PostgresUnavailable as e:
        pytest.fail(f"PostgreSQL could not be started: {e}", pytrace=False)
    files = [corpus / p for p in JUDGMENTS] + CONTRACTS
    lite = SQLiteStore(tmp_path_factory.mktemp("lite") / "s.db")
    assert not ingest_paths(lite, files).failed
    pg = open_store(server.create_database("bm25"))
    assert not ingest_paths(pg, files).failed
    lex = LexicalIndex(index_paths(lite)[0])
    lex.sync(lite)
    yield lex, pg.search_indexes()[0]
    pg.close()
    lite.close()
    server.stop()


def same_ranking(a: list[tuple[str, float]], b: list[tuple[str, float]]) -> None:
    """Same chunks in the same order (ties in the embedded index's order: document, then position) with the same
    score gaps."""
    assert a and len(a) == len(b)
    assert [c for c, _ in a[:10]] == [c for c, _ in b[:10]]
    ga = [s - a[0][1] for _, s in a]
    gb = [s - b[0][1] for _, s in b]
    for x, y in zip(ga, gb):
        assert x == pytest.approx(y, abs=1e-3 + 1e-4 * abs(x)), (a, b)
    sa, sb = dict(a), dict(b)
    for c in set(sa) & set(sb):
        assert sa[c] - a[0][1] == pytest.approx(sb[c] - b[0][1], abs=1e-3 + 1e-4 * abs(sa[c]))


@pytest.mark.parametrize("query", [
    "alter ego of a company injunction",
    "the Court's jurisdiction to make a freezing order",
    "contracts of employment and vicarious liability of the employer",
    "what does section 4(1)(c) say",
    "order orders order freezing Order",  # a repeated word counts once, two words with one stem twice
])
def test_plain_queries_rank_alike(both, query: str) -> None:  # type: ignore[no-untyped-def]
    lex, pg = both
    f = SearchFilters()
    same_ranking(lex.search(query, f, 20), pg.search(query, f, 20))


def test_filters_prior_naming_words_and_clause_vocabulary_rank_alike(both) -> None:  # type: ignore[no-untyped-def]
    lex, pg = both
    f = SearchFilters(kinds=(DocumentKind.CONTRACT,))
    hits = lex.search("rent payable by the tenant", f, 20)
    same_ranking(hits, pg.search("rent payable by the tenant", f, 20))
    doc = hits[0][0].split(":", 1)[0]
    for args in ((f, 20, {doc: 10.0}), (SearchFilters(), 20, {doc: 3.0}, frozenset({"tenant"}), 0.2)):
        same_ranking(lex.search("rent payable by the tenant", *args), pg.search("rent payable by the tenant", *args))
    # the clause vocabulary ranking (pincite.retrieve): its words as a query over the contracts
    vocabulary = "governing law governed by construed in accordance with laws of the state jurisdiction"
    same_ranking(lex.search(vocabulary, f, 20, {doc: 10.0}), pg.search(vocabulary, f, 20, {doc: 10.0}))


def test_named_documents_score_alike(both) -> None:  # type: ignore[no-untyped-def]
    lex, pg = both
    for q in ("Ipek v Koza Altin", "[2020] EWCA Civ 1375 Dyer", "harbour lease"):
        a, b = lex.rank_documents(q, SearchFilters(), 5), pg.rank_documents(q, SearchFilters(), 5)
        assert [d for d, _, _ in a] == [d for d, _, _ in b]
        for (_, x, _), (_, y, _) in zip(a, b):
            assert x - a[0][1] == pytest.approx(y - b[0][1], abs=1e-4)


def test_backfill_rebuilds_the_postings_of_stored_documents(both) -> None:  # type: ignore[no-untyped-def]
    """What migration 0002 runs for a store made before the postings existed: the same index as ingest wrote."""
    _, pg = both
    c = pg.store.conn
    query = "the Court's jurisdiction to make a freezing order"
    before = pg.search(query, SearchFilters(), 20)
    n = c.execute("SELECT count(*), sum(tf) FROM chunk_terms").fetchone()
    with c.transaction():
        c.execute("DELETE FROM chunk_terms")
        c.execute("DELETE FROM doc_terms")
        c.execute("UPDATE chunks SET n_text = 0, n_path = 0")
        c.execute("UPDATE settings SET value = (value::bigint + 1)::text WHERE key = 'store.generation'")
    assert pg.search(query, SearchFilters(), 20) == []
    with c.transaction():
        pg.store._backfill_postings()
        c.execute("UPDATE settings SET value = (value::bigint + 1)::text WHERE key = 'store.generation'")
    assert c.execute("SELECT count(*), sum(tf) FROM chunk_terms").fetchone() == n
    assert pg.search(query, SearchFilters(), 20) == before


def test_docinfo_migration_rewrites_the_opening_words(both) -> None:  # type: ignore[no-untyped-def]
    """What migration 0004 runs for a store whose document information took the first 400 raw characters (a title
    page indented with spaces lost its parties): each document's information and terms are those ingest writes
    now, and documents are named as in the embedded index."""
    lex, pg = both
    c = pg.store.conn
    want = dict(c.execute("SELECT id, docinfo FROM documents").fetchall())
    terms = c.execute("SELECT count(*) FROM doc_terms").fetchone()[0]
    with c.transaction():
        for doc_id, title, text in c.execute("SELECT id, title, substr(text, 1, 400) FROM documents").fetchall():
            c.execute("UPDATE documents SET docinfo = %s WHERE id = %s", (title + " " + " ".join(text.split()), doc_id))
        c.execute("DELETE FROM doc_terms WHERE term = 'harbour'")
    assert dict(c.execute("SELECT id, docinfo FROM documents").fetchall()) != want
    with c.transaction():
        pg.store._refresh_docinfo()
        c.execute("UPDATE settings SET value = (value::bigint + 1)::text WHERE key = 'store.generation'")
    assert dict(c.execute("SELECT id, docinfo FROM documents").fetchall()) == want
    assert c.execute("SELECT count(*) FROM doc_terms").fetchone()[0] == terms
    a, b = lex.rank_documents("harbour lease", SearchFilters(), 5), pg.rank_documents("harbour lease", SearchFilters(), 5)
    assert [d for d, _, _ in a] == [d for d, _, _ in b]
