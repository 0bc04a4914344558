"""What every command shares: the consoles, the option types, opening a store, errors and progress."""

from __future__ import annotations

import datetime
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any, Optional

import typer
from rich.cells import cell_len
from rich.progress import Progress
from rich.table import Column, Table
from rich.text import Text

from pincite import Pincite
from pincite.errors import EmbeddingUnavailable, PinciteError
from pincite.library import spec
from pincite.terminal import SafeConsole, json_text, progress_bar
from pincite.types import DateError, Format, GeneratorKind, parse_date


#: Every terminal print goes through these: strings print literally (legal alterations like "[t]he" are text,
#: not markup) and control characters in file names or document text are shown, not obeyed (pincite.terminal).
out = SafeConsole(soft_wrap=True)
err = SafeConsole(stderr=True, soft_wrap=True)

DbOption = Annotated[
    Optional[Path],
    typer.Option("--db", help="SQLite database file (default: $PINCITE_DB or ./pincite.db).", show_default=False),
]
JsonOption = Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")]

# -- options shared by several commands (the generator's, and retrieval's), defined once ---------------------
GeneratorOption = Annotated[str, typer.Option("--generator", help="ranker (offline, default: LambdaRank trees with an abstention model, fitted on gold), extractive (offline, hand-set weights) or openai.")]
BaseUrlOption = Annotated[str, typer.Option(help="OpenAI-compatible server, e.g. http://127.0.0.1:8080/v1.")]
ModelOption = Annotated[str, typer.Option(help="Model name for --generator openai.")]
ApiKeyEnvOption = Annotated[str, typer.Option(help="Environment variable holding the API key.")]
TimeoutOption = Annotated[float, typer.Option(help="Seconds to wait for the model server (a request that times out is not sent again).")]
MaxTokensOption = Annotated[int, typer.Option("--max-tokens", min=1, help="Longest reply, in tokens, for --generator openai (a reply cut there is reported as truncated).")]
OnFailOption = Annotated[str, typer.Option("--on-fail", help=spec("on_fail").cli)]
NoDenseOption = Annotated[bool, typer.Option("--no-dense", help="Lexical retrieval only (no embedding model).")]
NoWaitOption = Annotated[bool, typer.Option(
    "--no-wait", help="If passages still lack vectors, answer from the lexical ranking now (JSON says "
                      "\"dense\": \"pending\") instead of embedding them first.")]


def _progress_bar(show: bool) -> Progress:
    """The progress bar of ingest and embedding on stderr (``terminal.progress_bar``)."""
    return progress_bar(err, show)


def _embedding_progress(progress: Progress, show: bool) -> Callable[[int, int], None]:
    """A callback ``(done, total)`` showing embedding on ``progress``'s bar (a terminal), or, on a pipe, a line
    when it starts and one when it ends: a wait is never silent."""
    task = None

    def on_progress(done: int, total: int) -> None:
        nonlocal task
        if task is None:
            task = progress.add_task("embedding passages", total=total)
            if not show:
                err.print(f"embedding {total} passages (vectors are kept in the store as they are done)",
                          style="dim")
        progress.update(task, completed=done, total=total)
        if done >= total and not show:
            err.print(f"embedded {total} passages", style="dim")

    return on_progress


def _load_embedder_or_warn(quiet: bool) -> Any:
    """The embedding model, or None with a line saying why searches will be lexical until 'pincite embed'."""

    try:
        return Pincite.load_embedder()
    except EmbeddingUnavailable as e:
        if not quiet:
            err.print(Text("warning", style="yellow"), f"not embedding: {e}")
        return None


def _error(message: str) -> None:
    """Print ``error: MESSAGE`` on stderr; the message is printed literally (it often names a file)."""
    err.print(Text("error:", style="bold red"), message)


def _fail(e: PinciteError, code: int = 1) -> typer.Exit:
    _error(str(e))
    return typer.Exit(code)


def _require_database(db: Optional[Path | str], ctx: typer.Context) -> None:
    """A command that reads a store needs one that exists: a SQLite file that is not there is a mistyped --db
    (or the wrong directory), not a wish for an empty store, so say so and exit 2, creating nothing (opening
    would create the file and its folders).  ``ingest``, ``demo`` and ``serve`` create the store instead."""
    location = _location(db, ctx)
    if Pincite.exists(location):
        return
    given = [("--db", db is not None), ("--store", bool(_store_option(ctx))),
             ("$PINCITE_STORE", bool(os.environ.get("PINCITE_STORE"))),
             ("$PINCITE_DB", bool(os.environ.get("PINCITE_DB")))]
    named_by = next((name for name, yes in given if yes), "the default")
    create = f"pincite ingest PATH --db {location}" if db is not None else "pincite ingest PATH"
    _error(f"no database at {location} (named by {named_by}): check the path and the current directory, or "
           f"create it with '{create}'")
    raise typer.Exit(2)


def _store_option(ctx: typer.Context) -> str | None:
    """The global ``--store`` given to the command running: the callback keeps it in typer's context object,
    and the library is handed it as an argument (never through a global)."""
    obj = ctx.find_root().obj
    return obj.get("store") if isinstance(obj, dict) else None


def _location(db: Optional[Path | str], ctx: typer.Context) -> Path | str:
    """Where a command's store is: its ``--db`` if given, else ``--store``, ``$PINCITE_STORE``, ``$PINCITE_DB``."""
    return db if db is not None else Pincite.default_location(_store_option(ctx))


def _open_existing(db: Optional[Path], ctx: typer.Context, **settings: Any) -> Pincite:
    """The library for a command that reads (``settings``: :class:`Pincite`'s): the store must exist (see
    :func:`_require_database`); opening it groups what a killed ingest stored but did not group (issue 50)."""
    _require_database(db, ctx)
    return Pincite(_location(db, ctx), **settings)


def _print_json(obj: object) -> None:
    sys.stdout.write(json_text(obj, indent=2) + "\n")


def _parse_format(value: Optional[str]) -> Optional[Format]:
    if value is None:
        return None
    try:
        return Format.parse(value)
    except ValueError as e:
        raise typer.BadParameter(str(e), param_hint="--format") from None


def _generator_options(kind: GeneratorKind, base_url: str, model: str, api_key_env: str, timeout: float,
                       max_tokens: int) -> dict[str, Any]:
    """The options a generator of ``kind`` takes from the command line (only the openai one takes any)."""
    if kind is not GeneratorKind.OPENAI:
        return {}
    return {"base_url": base_url, "model": model, "api_key_env": api_key_env, "timeout": timeout,
            "max_tokens": max_tokens}


#: The widest a table's short columns (labels, kinds, pinpoints, a document's name) grow before they wrap.
_NARROW = 20
#: Columns holding one word from a fixed vocabulary (a unit's kind, zone, citability): printed whole.
_WHOLE_WORD_COLUMNS = frozenset({"kind", "zone", "cite"})


def _fit_text_column(table: Table) -> None:
    """Give a table's last column (passage text) the width the other columns leave, each held to ``_NARROW``,
    and never under 24: left to itself rich narrows the text to the width of the label and author columns
    (13 characters at 80 columns), so the short columns wrap instead."""

    def widest(col: Column) -> int:
        return max(cell_len(line) for cell in (col.header, *col.cells) for line in str(cell).split("\n"))

    *others, text = table.columns
    others_width = sum(min(widest(c), _NARROW) + 3 for c in others)  # + padding and a border each
    text.width = min(widest(text), max(24, out.width - others_width - 4))


def _check_date(value: Optional[str]) -> Optional[datetime.date]:
    """``--as-of``, read once (pincite.types.parse_date); a bad date exits 2, naming it and the form."""
    try:
        return None if value is None else parse_date(value)
    except DateError as e:
        raise typer.BadParameter(str(e), param_hint="--as-of") from None


def _search_progress(bar: Progress | None = None) -> Callable[[str, int, int], None]:
    """The Retriever's ``on_progress(what, done, total)``: embedding on ``bar`` on a terminal (else a line as
    it starts and ends), and a line when an index was brought up to date."""
    show = bar is not None and err.is_terminal
    embedding = _embedding_progress(bar or Progress(console=err, disable=True), show)

    def progress(what: str, done: int, total: int) -> None:
        if what == "embedding":
            embedding(done, total)
        elif done == total and total:
            err.print(f"{what}: {total} brought up to date", style="dim")

    return progress
