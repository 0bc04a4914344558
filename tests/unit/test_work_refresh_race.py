"""Two writers refreshing one work's in-force windows at once (two versions of an Act ingested by two processes or
threads): the refresh that read the versions before the other version was stored must not write its stale windows
over the fresh ones.  The interleaving is forced: writer A has read the work's versions (one of them) when writer B
stores the second version and refreshes; A then writes.  ``Store.exclusive`` makes B's refresh wait for A's."""

from __future__ import annotations

import threading
from pathlib import Path

from pincite.ingest import ingest_paths, refresh_work
from pincite.open import open_store
from tests.conftest import FIXTURES

FIXTURES = FIXTURES / "canada"
OLD, NEW = FIXTURES / "X-9_pit-2020-01-01.xml", FIXTURES / "X-9_pit-2022-01-01.xml"


def _state(store) -> dict[str, tuple[list[tuple[str | None, str | None]], int]]:  # type: ignore[no-untyped-def]
    """Each version's unit windows and chunk count, by file name."""
    out = {}
    for s in store.list_documents():
        doc = store.get_document(s.id)
        out[Path(s.source).name] = ([(u.in_force_from, u.in_force_to) for u in doc.units], len(store.get_chunks(s.id)))
    return out


def race(a, b) -> dict:  # type: ignore[no-untyped-def]
    """Force the interleaving on two stores ``a`` and ``b`` of one empty database; the state it leaves."""
    assert not ingest_paths(a, [str(OLD)]).failed
    work = a.list_documents()[0].work
    loaded, b_done = threading.Event(), threading.Event()
    real = a.list_documents

    def list_then_pause(*args, **kwargs):  # type: ignore[no-untyped-def]
        out = real(*args, **kwargs)
        if kwargs.get("work") == work and not loaded.is_set():
            loaded.set()  # A has read the work's versions: only the old one
            b_done.wait(timeout=2.0)  # B stores the new version and refreshes, or is made to wait for A
        return out

    a.list_documents = list_then_pause
    failed: list[str] = []

    def writer_b() -> None:
        loaded.wait(timeout=10)
        failed.extend(r.error or "" for r in ingest_paths(b, [str(NEW)]).failed)
        b_done.set()

    t = threading.Thread(target=writer_b)
    t.start()
    try:
        refresh_work(a, work)
    finally:
        t.join(timeout=30)
        del a.list_documents
    assert not t.is_alive() and not failed, failed
    return _state(b)


def reference(store) -> dict:  # type: ignore[no-untyped-def]
    """Both versions ingested one after the other by one writer."""
    assert not ingest_paths(store, [str(OLD), str(NEW)]).failed
    return _state(store)


def test_a_refresh_that_read_the_work_before_a_new_version_does_not_overwrite_the_newer_one(tmp_path: Path) -> None:
    with open_store(tmp_path / "ref.db") as ref:
        want = reference(ref)
    assert want[OLD.name][0] != _windows_alone(tmp_path)  # the new version closes some of the old one's windows
    db = tmp_path / "race.db"
    with open_store(db) as a, open_store(db) as b:
        assert race(a, b) == want


def _windows_alone(tmp_path: Path) -> list[tuple[str | None, str | None]]:
    with open_store(tmp_path / "alone.db") as s:
        assert not ingest_paths(s, [str(OLD)]).failed
        return _state(s)[OLD.name][0]
