"""The store conformance suite: every test here runs against both backends, the embedded SQLite store and
PostgreSQL (a real server started for the session by ``tests/support/pg_server.py``; no mocks).

``backend`` is parametrised over ``sqlite`` and ``postgres``; ``stores.location(name)`` gives a fresh,
empty store location of the current backend (a SQLite file, or a new PostgreSQL database) to open with
:func:`pincite.open.open_store`.  When PostgreSQL cannot start, the postgres half FAILS with the reason.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from pincite.open import open_store

from tests.support.pg_server import PgServer, PostgresUnavailable, start_server

BACKENDS = ("sqlite", "postgres")
_counter = itertools.count()


@pytest.fixture(scope="session")
def pg_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[PgServer]:
    try:
        server = start_server(tmp_path_factory.mktemp("postgres"))
    except PostgresUnavailable as e:
        pytest.fail(f"PostgreSQL could not be started for the conformance suite: {e}", pytrace=False)
    yield server
    server.stop()


class Stores:
    """Fresh store locations of one backend."""

    def __init__(self, backend: str, root: Path, server: PgServer | None) -> None:
        self.backend, self.root, self.server = backend, root, server

    def location(self, name: str) -> str:
        slug = re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_")[:40]
        unique = f"{slug}_{next(_counter)}"
        if self.server is None:
            return str(self.root / f"{unique}.db")
        return self.server.create_database(f"t_{unique}")

    def open(self, name: str):  # type: ignore[no-untyped-def]
        return open_store(self.location(name))


@pytest.fixture(scope="session", params=BACKENDS)
def backend(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture(scope="session")
def stores(backend: str, request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Stores:
    server = request.getfixturevalue("pg_server") if backend == "postgres" else None
    return Stores(backend, tmp_path_factory.mktemp(f"stores-{backend}"), server)


@pytest.fixture()
def store(stores: Stores, request: pytest.FixtureRequest):  # type: ignore[no-untyped-def]
    s = stores.open(request.node.name)
    yield s
    s.close()
