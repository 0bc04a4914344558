"""Opening a store by its location: the one place that knows every backend.

``--store``, ``$PINCITE_STORE`` or ``$PINCITE_DB`` name it; the command line passes what it was given as an
argument (no global).  Layer 10 (with the engine): everything below it takes an open
:class:`~pincite.store.Store`.  Whatever depends on which backend a location names (whether it must exist
already, how a message names it, where evaluation runs are kept) is decided here, never by its callers.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Protocol, cast

from pincite.backends.postgres.store import PostgresStore, display_url
from pincite.store import Store, default_db_path, is_store_url
from pincite.store.sqlite import SQLiteStore


def default_location(override: str | None = None) -> str | Path:
    """``override`` (the command line's ``--store``) if given, else ``$PINCITE_STORE`` (e.g. a
    ``postgresql://`` URL), else :func:`~pincite.store.default_db_path`."""
    return override or os.environ.get("PINCITE_STORE") or default_db_path()


def open_store(location: str | os.PathLike[str] | None = None) -> Store:
    """Open the store at ``location``: a ``postgresql://`` URL opens the PostgreSQL store, anything else is a
    SQLite file path; None means ``$PINCITE_STORE``, else ``$PINCITE_DB``, else ``./pincite.db``."""
    if location is None:
        location = default_location()
    if is_store_url(location):
        return PostgresStore(str(location))
    return SQLiteStore(Path(location))


def open_file_store(path: str | os.PathLike[str]) -> SQLiteStore:
    """The embedded (SQLite) store in the file ``path`` (``pincite migrate --from``'s: always a file)."""
    return SQLiteStore(Path(path))


def is_server_store(location: object) -> bool:
    """Whether ``location`` names a store kept by a database server (a ``postgresql://`` URL), not a file."""
    return is_store_url(location)


def store_exists(location: str | os.PathLike[str]) -> bool:
    """Whether there is a store at ``location`` to read: a server's store is taken to be there (opening it
    says if not); a SQLite file must exist (opening would create it and its folders)."""
    return is_store_url(location) or Path(location).exists()


def display_location(location: str | os.PathLike[str], store: Store) -> str:
    """How a message names the store at ``location``: a PostgreSQL URL without its password, else its file."""
    return display_url(str(location)) if is_store_url(location) else str(store.path)


class RunTable(Protocol):
    """A store that keeps evaluation run records in itself (PostgreSQL's ``eval_runs`` table)."""

    def record_eval_run(self, name: str, run: dict[str, Any]) -> None: ...
    def list_eval_runs(self, limit: int = 100) -> list[tuple[str, str]]: ...
    def get_eval_run(self, name: str) -> str | None: ...


def keeps_runs_in_store(location: str | os.PathLike[str]) -> bool:
    """Whether the store at ``location`` keeps its evaluation runs in a table of its own (a PostgreSQL store)
    rather than as files beside its database (``<db>.eval/``)."""
    return is_store_url(location)


def run_table(location: str | os.PathLike[str], store: Store) -> RunTable | None:
    """The store itself when the store at ``location`` keeps run records in a table (:func:`keeps_runs_in_store`),
    else None: they are files beside the database.  Decided by the location, never by asking the store."""
    return cast(RunTable, store) if keeps_runs_in_store(location) else None
