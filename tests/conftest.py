"""Shared test fixtures.

Tests marked ``shared`` read the real corpus in ``../shared`` (beside the repository).  When it is
absent they fail with a message saying so; set ``PINCITE_ALLOW_NO_SHARED=1`` to skip them instead
(loudly: the skip reason is printed in the summary).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
SHARED = Path(os.environ.get("PINCITE_SHARED", REPO.parent / "shared"))
FIXTURES = Path(__file__).resolve().parent / "fixtures"


def _shared_or_fail() -> Path:
    if (SHARED / "corpus" / "MANIFEST.md").exists():
        return SHARED
    msg = f"../shared not found at {SHARED} (set PINCITE_SHARED, or PINCITE_ALLOW_NO_SHARED=1 to skip)"
    if os.environ.get("PINCITE_ALLOW_NO_SHARED") == "1":
        pytest.skip(msg)
    pytest.fail(msg)


@pytest.fixture(scope="session")
def shared() -> Path:
    return _shared_or_fail()


@pytest.fixture(scope="session")
def corpus(shared: Path) -> Path:
    return shared / "corpus"


@pytest.fixture(scope="session")
def bulk(shared: Path) -> Path:
    return shared / "bulk"


@pytest.fixture()
def store(tmp_path: Path):
    from pincite.store.sqlite import SQLiteStore

    s = SQLiteStore(tmp_path / "test.db")
    yield s
    s.close()


@pytest.fixture(scope="session")
def fixtures() -> Path:
    return FIXTURES
