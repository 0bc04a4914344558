"""As-of conformance: in-force windows across versions and "what did provision KEY say on DATE", from
tests/test_versions.py, run unchanged on both backends (fictional Acts, and the real Canadian Acts)."""

from __future__ import annotations

from pathlib import Path

import pytest

from pincite.ingest import ingest_paths
from tests.corpus.test_versions import (  # noqa: F401  (collected here, on both backends)
    test_bill_stages_get_no_windows,
    test_fixture_as_of_and_idempotent,
    test_fixture_windows_any_arrival_order,
    test_real_as_of,
    test_real_windows_never_overlap,
)


@pytest.fixture(scope="module")
def canada_store(stores, corpus: Path):  # type: ignore[no-untyped-def]
    s = stores.open("canada")
    files = sorted((corpus / "canada_justice_laws_xml").glob("*/*.xml"), reverse=True)  # newest first
    report = ingest_paths(s, files)
    assert not report.failed, [r.error for r in report.failed]
    yield s
    s.close()
