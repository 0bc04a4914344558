"""How a server answers (:class:`ServerConfig`), and the error for one that cannot start."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pincite.errors import PinciteError
from pincite.types import DEFAULT_GENERATOR, GeneratorKind

DEFAULT_MAX_UPLOAD_BYTES = 25 * 1024 * 1024


class ServerError(PinciteError):
    """The server cannot start as configured (e.g. a public address without a token)."""


@dataclass(frozen=True)
class ServerConfig:
    """How the server answers.  ``generator_options`` are fixed here, never taken from a request (a request
    that could name the model server's URL or the API key's variable could send the key anywhere)."""

    db: Path | str  # a SQLite file, or a postgresql:// URL
    generator_kind: GeneratorKind = DEFAULT_GENERATOR
    generator_options: Mapping[str, Any] = field(default_factory=dict)
    dense: bool = True  # hybrid retrieval by default; requests may ask for lexical only (no_dense)
    max_upload_bytes: int = DEFAULT_MAX_UPLOAD_BYTES
    token: str | None = None
    loopback_only: bool = True  # refuse requests whose Host is not a loopback name (when no token is set)
