"""``pincite mcp --http``: the SDK's streamable HTTP transport, on 127.0.0.1 only, behind the guard of
``pincite serve`` (:func:`pincite.api.security.request_refusal`: the Host check against DNS rebinding, the
token when ``$PINCITE_TOKEN`` is set, cross-site writes refused) and, as the MCP specification asks of every
connection, any request whose ``Origin`` is another site refused — GET and DELETE too.  The SDK's own
DNS-rebinding protection stays on behind it.  A body over :data:`pincite.mcp.server.MAX_REQUEST_BYTES` is refused
(413) before it is read when its length is declared, else by the SDK as it arrives."""

from __future__ import annotations

import json
import os
from typing import Any

import uvicorn
from starlette.requests import Request

from pincite.api.config import ServerError
from pincite.api.security import TOKEN_ENV, check_bind, request_refusal, same_origin
from pincite.mcp.server import MAX_REQUEST_BYTES, PinciteMCP

HOST = "127.0.0.1"
PATH = "/mcp"


class Guard:
    """ASGI middleware refusing, with ``{"error": ...}``, what ``pincite serve`` refuses, and other Origins."""

    def __init__(self, app: Any, token: str | None) -> None:
        self.app = app
        self.token = token

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        request = Request(scope)
        refused = request_refusal(request, self.token, loopback_only=True, open_paths=())
        origin = request.headers.get("origin")
        if refused is None and origin is not None and not same_origin(origin, request.headers.get("host", "")):
            refused = 403, (f"refused a request from another origin ({origin[:200]}): this MCP server answers "
                            "assistants on this machine, not web pages")
        length = request.headers.get("content-length", "")
        if refused is None and length.isdigit() and int(length) > MAX_REQUEST_BYTES:
            refused = 413, (f"request refused: {int(length):,} bytes, over the {MAX_REQUEST_BYTES:,} bytes pincite "
                            "mcp reads in one message (check_citations takes a draft of at most 200,000 "
                            "characters: check a longer one in parts)")
        if refused is None:
            await self.app(scope, receive, send)
            return
        status, message = refused
        headers = [(b"content-type", b"application/json")]
        if status == 401:
            headers.append((b"www-authenticate", b"Bearer"))
        await send({"type": "http.response.start", "status": status, "headers": headers})
        await send({"type": "http.response.body", "body": json.dumps({"error": message}).encode("utf-8")})


def http_app(server: PinciteMCP, token: str | None) -> Any:
    """The guarded streamable HTTP application (the MCP endpoint is ``/mcp``)."""
    return Guard(server.streamable_http_app(streamable_http_path=PATH, host=HOST,
                                            max_request_body_size=MAX_REQUEST_BYTES), token)


def serve_http(server: PinciteMCP, port: int) -> None:
    """Serve on 127.0.0.1:``port`` until interrupted; the token, if any, is ``$PINCITE_TOKEN``."""
    token = os.environ.get(TOKEN_ENV) or None
    check_bind(HOST, token)  # a token too short to be a secret is refused here, as by 'pincite serve'
    if not 0 <= port <= 65535:
        raise ServerError(f"--port {port} is not a port number (0-65535)")
    uvicorn.run(http_app(server, token), host=HOST, port=port, log_level="warning", server_header=False,
                proxy_headers=False, lifespan="on")
