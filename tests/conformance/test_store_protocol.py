"""The whole :class:`~pincite.store.Store` protocol on both backends: every method it declares exists on each
store, and the ones the other conformance files do not exercise (eval runs, counts, the store's identity, its
own search indexes, the context manager) behave alike, so callers never ask a store what it can do."""

from __future__ import annotations

import inspect
import json
import re

from pincite.chunk import chunk_document
from pincite.open import open_store
from pincite.store import ChangeSet, Store
from tests.conformance.test_store import make_doc


def protocol_methods() -> list[str]:
    return sorted(n for n, v in vars(Store).items() if inspect.isfunction(v) and (not n.startswith("_") or n in
                                                                                 ("__enter__", "__exit__")))


def test_every_protocol_method_is_implemented(store) -> None:
    names = protocol_methods()
    assert {"generation", "document_generations", "get_chunks_by_id", "record_eval_run", "list_eval_runs",
            "get_eval_run", "search_indexes", "store_id", "counts"} <= set(names)
    for name in names:
        ours = inspect.signature(getattr(type(store), name))
        theirs = inspect.signature(getattr(Store, name))
        assert list(ours.parameters) == list(theirs.parameters), f"{type(store).__name__}.{name}{ours}"
    assert store.path


def test_eval_runs_round_trip(store) -> None:
    assert store.list_eval_runs() == [] and store.get_eval_run("20260101T000000Z-abc") is None
    first = {"format": 1, "questions": [], "summary": {"n": 0}, "note": "première"}
    second = {"format": 1, "questions": [{"id": "q1"}], "summary": {"n": 1}}
    store.record_eval_run("20260101T000000Z-abc", first)
    store.record_eval_run("20260102T000000Z-def", second)
    listed = store.list_eval_runs()
    assert [n for n, _ in listed] == ["20260102T000000Z-def", "20260101T000000Z-abc"]  # newest name first
    assert json.loads(listed[1][1]) == first and json.loads(store.get_eval_run("20260102T000000Z-def")) == second
    assert [n for n, _ in store.list_eval_runs(1)] == ["20260102T000000Z-def"]
    store.record_eval_run("20260101T000000Z-abc", second)  # the same name again replaces the record
    assert json.loads(store.get_eval_run("20260101T000000Z-abc")) == second
    assert len(store.list_eval_runs()) == 2
    assert store.get_eval_run("no-such-run") is None and store.get_eval_run("../secrets") is None


def test_counts_follow_the_documents(store) -> None:
    assert store.counts() == {"documents": 0, "units": 0}
    doc = make_doc()
    store.put_document(doc, chunk_document(doc), "k")
    assert store.counts() == {"documents": 1, "units": len(doc.units)}


def test_identity_and_own_search_indexes(store, backend: str) -> None:
    own = store.search_indexes()
    if backend == "sqlite":
        # searched by the embedded indexes derived beside it, which record its random identity
        assert own is None
        assert re.fullmatch(r"[0-9a-f]{32}", store.store_id() or "")
    else:
        # searches inside itself: its indexes are never stale, and none records an identity
        assert store.store_id() is None
        lexical, dense = own
        assert store.search_indexes() == own  # one pair per (chunker, header), kept
        gen = store.generation()
        assert not lexical.is_stale(gen) and lexical.generation == gen
        assert isinstance(lexical.sync(store), ChangeSet)
        for index, methods in ((lexical, ("rank_documents", "document_frequency", "search", "sync", "is_stale")),
                               (dense, ("search", "sync", "is_stale"))):
            assert all(callable(getattr(index, m)) for m in methods)


def test_context_manager_closes(stores) -> None:
    location = stores.location("context manager")
    with open_store(location) as s:
        assert s.counts()["documents"] == 0
