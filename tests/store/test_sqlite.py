"""The embedded store: round trips, idempotent re-ingest, atomic replacement, and crash safety."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from dataclasses import replace
from pathlib import Path

import pytest

from pincite.store import PutOutcome
from pincite.store.sqlite import SQLiteStore
from pincite.types import Document, DocumentKind, Format, PageMarker, Role, Unit, UnitKind, Zone

TEXT = "Lord Justice Example:\n\nThe appeal is dismissed.\n\nI agree."


def _doc(source: str = "cases/example.xml", sha: str = "a" * 64, doc_id: str = "doc_1") -> Document:
    units = (
        Unit(0, UnitKind.HEADING, 0, 21, Zone.REASONS, False, author="Example LJ", section_path=("Example LJ",)),
        Unit(1, UnitKind.PARAGRAPH, 23, 47, Zone.REASONS, True, number="1", label="[1]", author="Example LJ",
             role=Role.LEAD, role_basis="The appeal is dismissed.", section_path=("Example LJ",), page_start="3",
             page_end="4", pdf_page_start=2, pdf_page_end=3, attrs={"eId": "para_1"}),
        Unit(2, UnitKind.PARAGRAPH, 49, 57, Zone.REASONS, True, number="2", label="[2]", author="Other LJ",
             role=Role.CONCURRING, in_force_from="2020-01-01", in_force_to="2021-01-01", parent=None),
    )
    return Document(
        id=doc_id, source=source, format=Format.AKN, kind=DocumentKind.JUDGMENT, title="Example v Example",
        text=TEXT, units=units, content_sha256=sha, citation="[2020] EWCA Civ 1", date="2020-01-02",
        work=None, version={"date": "2020-01-02"}, warnings=("one warning",),
        pages=(PageMarker(0, "1", 0, 30, ("HEADER",)), PageMarker(1, "2", 30, 57)), meta={"court": "EWCA"},
    )


def test_round_trip_keeps_every_field(store: SQLiteStore) -> None:
    doc = _doc()
    assert store.put_document(doc) is PutOutcome.ADDED
    got = store.get_document("doc_1")
    assert got == doc
    assert got.units[1].attrs == {"eId": "para_1"}
    assert got.meta == {"court": "EWCA"}
    assert got.unit_text(got.units[1]) == "The appeal is dismissed."
    assert store.get_document("cases/example.xml").id == "doc_1"  # by source too


def test_same_bytes_again_changes_nothing(store: SQLiteStore) -> None:
    store.put_document(_doc())
    assert store.put_document(_doc()) is PutOutcome.UNCHANGED
    assert store.find_unchanged("cases/example.xml", "a" * 64) == "doc_1"
    assert store.find_unchanged("cases/example.xml", "b" * 64) is None
    assert store.counts() == {"documents": 1, "units": 3}


def test_new_bytes_for_a_source_replace_the_old_document(store: SQLiteStore) -> None:
    store.put_document(_doc())
    new = replace(_doc(sha="b" * 64, doc_id="doc_2"), units=_doc().units[:2])
    assert store.put_document(new) is PutOutcome.REPLACED
    assert [s.id for s in store.list_documents()] == ["doc_2"]
    assert store.counts() == {"documents": 1, "units": 2}


def test_failed_write_leaves_the_previous_version_whole(store: SQLiteStore) -> None:
    store.put_document(_doc())
    units = _doc().units
    broken = replace(_doc(sha="c" * 64, doc_id="doc_3"), units=(units[0], units[1], replace(units[2], ordinal=1)))
    with pytest.raises(Exception):
        store.put_document(broken)  # duplicate ordinal: the insert fails half-way through the units
    got = store.get_document("cases/example.xml")
    assert got.id == "doc_1" and len(got.units) == 3
    assert store.counts() == {"documents": 1, "units": 3}


def test_process_killed_mid_write_leaves_no_partial_document(tmp_path: Path) -> None:
    db = tmp_path / "crash.db"
    with SQLiteStore(db) as s:
        s.put_document(_doc())
    script = textwrap.dedent(
        f"""
        import os, sys
        sys.path[:0] = {sys.path!r}
        from dataclasses import replace
        from pincite.store.sqlite import SQLiteStore
        from tests.store.test_sqlite import _doc

        class Boom:
            def __str__(self):
                os._exit(9)  # the process dies between the document row and its units

        s = SQLiteStore({str(db)!r})
        d = _doc(source="cases/other.xml", sha="d" * 64, doc_id="doc_4")
        units = list(d.units)
        units[2] = replace(units[2], attrs={{"x": Boom()}})
        s.put_document(replace(d, units=tuple(units)))
        """
    )
    proc = subprocess.run([sys.executable, "-c", script], cwd=Path(__file__).resolve().parents[2])
    assert proc.returncode == 9
    with SQLiteStore(db) as s:
        assert [d.id for d in s.list_documents()] == ["doc_1"]
        assert s.counts() == {"documents": 1, "units": 3}
        s.put_document(_doc(source="cases/other.xml", sha="d" * 64, doc_id="doc_4"))  # a rerun completes
        assert s.counts() == {"documents": 2, "units": 6}


def test_unknown_document_error_says_what_to_do(store: SQLiteStore) -> None:
    from pincite.errors import NotFound

    with pytest.raises(NotFound, match="pincite documents"):
        store.get_document("nope")
