"""``pincite mcp``: the MCP server (README, "MCP server"); the server itself is :mod:`pincite.mcp`."""

from __future__ import annotations

from typing import Annotated

import typer

from pincite.cli.common import DbOption, NoDenseOption, _location, _require_database


def mcp_server(ctx: typer.Context, db: DbOption = None, no_dense: NoDenseOption = False,
               http: Annotated[bool, typer.Option("--http", help="Streamable HTTP on 127.0.0.1 instead of stdio.")] = False,
               port: Annotated[int, typer.Option("--port", help="Port for --http.")] = 8765) -> None:
    """Serve search, read, ask and citation checking to an assistant over MCP (README, "MCP server")."""
    from pincite.mcp import run  # deferred on purpose: the mcp SDK is an optional extra, and slow to import

    _require_database(db, ctx)
    raise typer.Exit(run(_location(db, ctx), http=http, port=port, dense=not no_dense))
