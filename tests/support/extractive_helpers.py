"""Set-up shared by the tests of the extractive generator on real documents: a store holding some files, and a
function asking it a question through the whole answer path (lexical retrieval, extractive generator, checks)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from pincite.engine import AskOptions, answer_question
from pincite.generate.base import GeneratorKind
from pincite.generate.extractive import ExtractiveGenerator
from pincite.generate.factory import make_generator
from pincite.ingest import ingest_paths
from pincite.search.retrieve import RetrievalMode, Retriever
from pincite.types import SearchFilters
from pincite.store.sqlite import SQLiteStore


def ingested(db: Path, files: Sequence[Path | str]) -> SQLiteStore:
    """A new store at ``db`` holding ``files`` (every one must parse)."""
    store = SQLiteStore(db)
    rep = ingest_paths(store, [str(f) for f in files])
    assert not rep.failed, [r.error for r in rep.failed]
    return store


def extractive_asker(store: SQLiteStore, filters: SearchFilters | None = None,
                     as_of: str | None = None) -> Callable[[str], object]:
    """``ask(question)``: the checked answer from ``store`` (k=10), retrieval filtered by ``filters``."""
    retriever = Retriever(store, RetrievalMode.LEXICAL)
    filters = filters or SearchFilters(as_of=as_of)

    def ask(question: str):  # type: ignore[no-untyped-def]
        return answer_question(question, store, retriever, ExtractiveGenerator(), AskOptions(as_of=as_of, k=10),
                               filters=filters)

    return ask


def ranker_asker(store: SQLiteStore, k: int = 10) -> Callable[[str], object]:
    """``ask(question)``: the checked answer from ``store`` by the default generator (the ranker; lexical
    retrieval, ``k`` passages, no filter)."""
    retriever = Retriever(store, RetrievalMode.LEXICAL)
    gen = make_generator(GeneratorKind.RANKER)

    def ask(question: str):  # type: ignore[no-untyped-def]
        return answer_question(question, store, retriever, gen, AskOptions(k=k), filters=SearchFilters())

    return ask


def cited_quotes(ans) -> list[str]:  # type: ignore[no-untyped-def]
    """The words each shown citation quotes, as the document prints them."""
    return [c.quote for c in ans.citations]


def first_cited_unit_text(ans) -> str:  # type: ignore[no-untyped-def]
    """The whole text of the unit the answer's first citation lands in, lower-cased (asserting there is one)."""
    assert ans.citations, ans.text
    c = ans.citations[0].candidate
    return c.doc.text[c.unit.char_start:c.unit.char_end].lower()
