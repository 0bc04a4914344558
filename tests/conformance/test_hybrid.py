"""Hybrid and dense retrieval conformance on two small fictional contracts (no ../shared needed): the same
paraphrases find the same clauses on both backends; dense-only and lexical-only both answer; filters run
inside the dense search; a document stored after the vectors were written is embedded by the next search."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from pincite.search.embed import load_embedder
from pincite.ingest import ingest_paths
from pincite.search.retrieve import RetrievalMode, Retriever
from pincite.types import SearchFilters
from pincite.open import open_store
from tests.unit.search.test_retrieve_hybrid import FIXTURES, test_hybrid_finds_the_clause_a_paraphrase_asks_for  # noqa: F401


class CountingEmbedder:
    """The real embedder, counting the texts it is asked to embed."""

    def __init__(self, real) -> None:  # type: ignore[no-untyped-def]
        self.real, self.model_id, self.dim, self.count = real, real.model_id, real.dim, 0

    def embed_texts(self, texts):  # type: ignore[no-untyped-def]
        self.count += len(texts)
        return self.real.embed_texts(texts)


@pytest.fixture(scope="session")
def embedder() -> CountingEmbedder:
    return CountingEmbedder(load_embedder())


@pytest.fixture(scope="module")
def db(stores) -> str:  # type: ignore[no-untyped-def]
    loc = stores.location("hybrid")
    with open_store(loc) as s:
        report = ingest_paths(s, [FIXTURES])
        assert len(report.stored) == 2 and not report.failed
    return loc


@pytest.fixture(scope="module")
def hybrid(db: str, embedder: CountingEmbedder):  # type: ignore[no-untyped-def]
    s = open_store(db)
    yield Retriever(s, RetrievalMode.HYBRID, embedder=embedder)
    s.close()


def test_dense_only_and_lexical_only_both_answer(db: str, embedder: CountingEmbedder) -> None:
    with open_store(db) as s:
        dense = Retriever(s, RetrievalMode.DENSE, embedder=embedder).search("what may the warehouse be used for", k=3)
        lexical = Retriever(s, RetrievalMode.LEXICAL).search("what may the warehouse be used for", k=3)
    for hits in (dense, lexical):
        assert any("only for storing kites, sails and rigging" in h.text for h in hits), [h.text[:40] for h in hits]
    assert all(-1.0 <= h.score <= 1.0 for h in dense)  # cosine of the best piece


def test_filters_run_inside_the_dense_search(db: str, hybrid: Retriever, embedder: CountingEmbedder) -> None:
    with open_store(db) as s:
        lease = next(d for d in s.list_documents() if d.source.endswith("harbour_lease.txt"))
        r = Retriever(s, RetrievalMode.DENSE, embedder=embedder)
        hits = r.search("Which country's law applies to the cider deal?", k=4, filters=SearchFilters(documents=(lease.id,)))
        assert len(hits) == 4 and {h.document.id for h in hits} == {lease.id}
        assert not r.search("cider", k=3, filters=SearchFilters(works=("no/such/work",)))


def test_a_document_stored_later_is_embedded_by_the_next_search(stores, embedder: CountingEmbedder,
                                                                 tmp_path: Path) -> None:
    loc = stores.location("later")
    with open_store(loc) as s:
        ingest_paths(s, [FIXTURES / "harbour_lease.txt"])
        r = Retriever(s, RetrievalMode.DENSE, embedder=embedder)
        assert all(h.document.source.endswith("harbour_lease.txt") for h in r.search("apples and pears", k=3))
        with open_store(loc) as other:  # another connection (another ingest worker) adds a document
            ingest_paths(other, [FIXTURES / "orchard_supply.txt"])
        hits = r.search("Can the buyer refuse damaged fruit?", k=3)
        assert any(h.document.source.endswith("orchard_supply.txt") and "bruised or rotten" in h.text for h in hits)
        # the same texts copied under a new name are not embedded again
        before = embedder.count
        shutil.copy(FIXTURES / "orchard_supply.txt", tmp_path / "orchard_copy.txt")
        ingest_paths(s, [tmp_path / "orchard_copy.txt"])
        r.search("Can the buyer refuse damaged fruit?", k=3)
        assert embedder.count - before <= 2  # at most the query (and a title header that names the copy)
