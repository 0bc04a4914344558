"""The ``pincite`` command line: a thin layer over the library, one module a command group, each parsing its
arguments, calling :class:`pincite.library.Pincite` and printing.  Errors are converted once, in ``common``.

Every command is registered here, in the order ``pincite --help`` lists them."""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from pincite.cli.admin import chunk, embed, migrate
from pincite.cli.ask import ask
from pincite.cli.audit import audit
from pincite.cli.check import check
from pincite.cli.common import _generator_options
from pincite.cli.eval import _print_eval, eval_
from pincite.cli.ingest import demo, ingest
from pincite.cli.search import search
from pincite.cli.serve import serve
from pincite.cli.mcp import mcp_server
from pincite.cli.show import documents, show, versions
from pincite import demo_paths

__all__ = ["app", "main", "demo_paths", "_generator_options", "_print_eval"]

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    help="pincite: answers over long legal documents with pinpoint citations checked before display.",
)

for _command in (ingest, documents, show, versions, chunk, audit, ask, serve):
    app.command()(_command)
app.command("mcp")(mcp_server)
app.command("eval")(eval_)
for _command in (search, embed, demo):
    app.command()(_command)


@app.callback()
def _global_options(
    ctx: typer.Context,
    store: Annotated[Optional[str], typer.Option(
        "--store", help="The store for this command: a postgresql:// URL (or a SQLite file).  Default: "
        "$PINCITE_STORE, else --db / $PINCITE_DB / ./pincite.db.  A command's --db still names a SQLite file.",
        show_default=False)] = None,
) -> None:
    """pincite: answers over long legal documents with pinpoint citations checked before display."""
    ctx.obj = {"store": store}  # for this command only: read back by _store_option


for _command in (migrate, check):
    app.command()(_command)


def main() -> None:
    app()
