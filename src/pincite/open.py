"""Opening a store by its location: the one place that knows every backend.

``--store``, ``$PINCITE_STORE`` or ``$PINCITE_DB`` name it; the command line passes what it was given as an
argument (no global).  Layer 10 (with the engine): everything below it takes an open
:class:`~pincite.store.Store`.
"""

from __future__ import annotations

import os
from pathlib import Path

from pincite.backends.postgres.store import PostgresStore
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
