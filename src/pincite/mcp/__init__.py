"""``pincite mcp``: pincite's search, reading and citation checking as tools for any assistant, over the Model
Context Protocol (README, "MCP server").  A thin adapter on :class:`pincite.Pincite`, like the command line:
``tools`` (what each tool does, no SDK), ``server`` (the tools, their schemas and resources on the ``mcp``
SDK), ``http`` (the streamable HTTP transport behind ``pincite serve``'s guard).  The SDK is an optional extra:
``pip install 'pincite[mcp]'``."""

from __future__ import annotations

import os
import sys
from pathlib import Path

from pincite.errors import PinciteError
from pincite import Pincite

MISSING = "the MCP server needs the mcp SDK: pip install 'pincite[mcp]'"


def run(location: str | os.PathLike[str], *, http: bool = False, port: int = 8765, dense: bool = True) -> int:
    """Serve the store at ``location`` over stdio (or streamable HTTP on 127.0.0.1:``port``) until the client
    goes away; returns the exit code (2: the SDK is not installed; 1: a pincite error, said on stderr)."""
    # the SDK is imported here, deferred on purpose: it is an optional extra (and slow to import), and its absence
    # is said in one line rather than a traceback
    try:
        import mcp  # noqa: F401  (the optional extra)
    except ImportError:
        print(f"error: {MISSING}", file=sys.stderr)
        return 2
    from pincite.mcp.server import build_server  # on the SDK: deferred with it

    try:
        with Pincite(location if isinstance(location, str) else Path(location), dense=dense) as library:
            server = build_server(library)
            Pincite.warm_up_checks()  # a check process started now, so the first check_citations does not wait for one
            if http:
                from pincite.mcp.http import serve_http  # the HTTP transport (starlette, uvicorn): only for --http

                serve_http(server, port)
            else:
                server.run_stdio()  # the SDK's stdio transport, each request read with a size cap
    except PinciteError as e:
        print(f"error: {e}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 0
    return 0
