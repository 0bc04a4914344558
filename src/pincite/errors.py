"""One exception family; converted once at each edge (CLI exit code, HTTP JSON error)."""

from __future__ import annotations


class PinciteError(Exception):
    """Base of every error pincite raises on purpose.  The message says what happened and what to do."""


class ParseError(PinciteError):
    """A file could not be parsed.  Names the file and the reason."""

    def __init__(self, source: str, reason: str) -> None:
        self.source = source
        self.reason = reason
        super().__init__(f"{source}: {reason}")


class UnsupportedFormat(ParseError):
    """The format of a file could not be recognised (or is not one pincite reads)."""


class StoreError(PinciteError):
    """The store could not be opened or written."""


class DiskFull(StoreError):
    """No space was left on the device a write went to ("no space left on device writing PATH"); what was being
    written is rolled back (the server answers 507 Insufficient Storage)."""

    def __init__(self, path: object, what: str = "") -> None:
        self.path = str(path)
        super().__init__(f"no space left on device writing {path}" + (f" ({what})" if what else ""))


def out_of_space(message: str | None) -> bool:
    """Whether an error message is :class:`DiskFull`'s (a report carries its errors as text)."""
    return bool(message) and "no space left on device writing " in str(message)


class NotFound(PinciteError):
    """A document, work or unit asked for is not in the store."""


class UnknownName(NotFound):
    """A document or work a user named (``--document``, ``--work``, ``show``) that fits no stored one, or
    several: the message names the closest.  A usage error on the command line (exit 2)."""


class IndexUnavailable(PinciteError):
    """A search index cannot be read or written (locked by another process, disk full...).

    ``retry_after`` (seconds), when set, says the condition is passing: the server sends it as ``Retry-After``
    with its 503."""

    retry_after: int | None = None


class IndexRebuilding(IndexUnavailable):
    """A search index is being rebuilt from the store (it was missing, damaged, or another store's) or written
    by another process, and there is no committed state to answer from meanwhile: ask again shortly."""

    def __init__(self, message: str, retry_after: int = 5) -> None:
        super().__init__(message)
        self.retry_after = retry_after


class EmbeddingUnavailable(PinciteError):
    """The embedding model cannot be loaded (a package is missing); lexical search still works."""


class VectorsPending(IndexUnavailable):
    """A search told not to wait (``--no-wait``, the server) found passages whose vectors are not computed yet:
    it answers from the lexical ranking and says ``"dense": "pending"``.  ``missing``: how many texts."""

    def __init__(self, message: str, missing: int = 0) -> None:
        super().__init__(message)
        self.missing = missing


class StoreNotFound(NotFound):
    """``Pincite(location)`` where no store is (a mistyped path, the wrong directory): the message names the
    location.  Opening one to fill it says so (``Pincite(location, create=True)``)."""

    def __init__(self, location: object) -> None:
        self.location = str(location)
        super().__init__(f"no store at {location}: check the path and the current directory, or create it "
                         "(Pincite(location, create=True), or 'pincite ingest PATH --db LOCATION')")


class InvalidOption(PinciteError, ValueError):
    """An option given a value it cannot take (``k=0``, a date that is not one, one string where a list of
    names is expected): the message names the option and why.  A ``ValueError`` too, as before."""

    def __init__(self, name: str, reason: str) -> None:
        self.name = name
        self.reason = reason
        super().__init__(f"{name}: {reason}")


class UnknownOption(PinciteError, TypeError):
    """An option that does not exist (a misspelt ``asof``): the message names it and the options there are.
    A ``TypeError`` too, as Python's own for an unexpected keyword argument."""

    def __init__(self, name: str, known: tuple[str, ...] | list[str]) -> None:
        self.name = name
        super().__init__(f"{name!r} is not an option; the options are: {', '.join(known)}")


class GoldError(PinciteError):
    """A gold file or one of its entries cannot be read or resolved (the message names the line and why)."""


class GeneratorError(PinciteError):
    """The generator could not produce a reply (server unreachable, timed out, refused)."""


class CheckTooLarge(PinciteError):
    """A draft whose check ran past the time limit (the server answers 413: the draft is over a limit the
    server sets on what it will take, as an upload over the size cap is; a smaller draft goes through)."""


class CheckStopped(PinciteError):
    """A check ended because the server is shutting down."""
