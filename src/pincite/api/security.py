"""What guards every request: the API token, the Host check (DNS rebinding), refusing cross-site writes, and a
body cap per route (see :mod:`pincite.api.app` for the whole policy)."""

from __future__ import annotations

import hmac
import ipaddress
from typing import Any
from urllib.parse import urlsplit

from fastapi import Request
from fastapi.responses import JSONResponse

from pincite.api.config import ServerConfig, ServerError
from pincite.api.uploads import MULTIPART_OVERHEAD

TOKEN_ENV = "PINCITE_TOKEN"
TOKEN_COOKIE = "pincite_token"
#: The body cap of every route but the upload: the largest valid /api/ask (a 4000-character question written
#: as \uXXXX escapes, 200 document names) fits with room to spare.
JSON_MAX_BODY = 64 * 1024
#: The body cap of the /login form (a token and a path to go back to).
LOGIN_MAX_BODY = 8 * 1024
LOOPBACK_NAMES = frozenset({"localhost", "localhost.localdomain", "ip6-localhost"})
OPEN_PATHS = ("/api/health", "/login", "/static/", "/favicon.ico")
#: The header that marks a state-changing API request as not sent by a cross-site form or no-cors fetch.
REQUEST_HEADER = "X-Pincite-Request"
STATE_CHANGING = frozenset({"POST", "PUT", "PATCH", "DELETE"})


# -- addresses and tokens --------------------------------------------------------------------------------


def is_loopback(host: str) -> bool:
    """True for ``127.x.x.x``, ``::1`` and ``localhost``; False for anything else (names included)."""
    h = host.strip().strip("[]").lower()
    if h in LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(h).is_loopback
    except ValueError:
        return False


def check_bind(host: str, token: str | None) -> None:
    """Refuse to serve on a non-loopback address without a token (raises :class:`ServerError`)."""
    if not is_loopback(host) and not token:
        raise ServerError(
            f"refusing to listen on {host!r} without an API token: set {TOKEN_ENV} to a long random secret "
            f"(clients send it as 'Authorization: Bearer <token>'), or bind to 127.0.0.1"
        )
    if token is not None and len(token) < 16:
        raise ServerError(f"{TOKEN_ENV} is too short ({len(token)} characters); use at least 16 random characters")


def token_matches(expected: str, given: str | None) -> bool:
    """Constant-time comparison of the configured token with the one a request carries."""
    if not given:
        return False
    return hmac.compare_digest(expected.encode("utf-8"), given.encode("utf-8"))


def bearer_token(request: Request) -> str | None:
    auth = request.headers.get("authorization", "")
    scheme, _, value = auth.partition(" ")
    if scheme.lower() == "bearer" and value.strip():
        return value.strip()
    return request.cookies.get(TOKEN_COOKIE)


def host_of(header: str) -> str:
    """The host name of a ``Host`` header (``[::1]:8000`` -> ``::1``, ``localhost:80`` -> ``localhost``)."""
    h = header.strip()
    if h.startswith("["):
        return h[1:].split("]", 1)[0]
    if h.count(":") == 1:
        return h.split(":", 1)[0]
    return h


# -- cross-site writes -----------------------------------------------------------------------------------


def same_origin(origin: str, host_header: str) -> bool:
    """True when a request's ``Origin`` names the host and port its ``Host`` header addresses.  The scheme is
    not compared (behind a TLS proxy the browser's is https, ours http); a page on the other scheme is another
    site, which ``Sec-Fetch-Site`` refuses.  ``null`` and anything unparsable are another origin."""
    try:
        o, h = urlsplit(origin), urlsplit("//" + host_header.strip())
        default = 443 if o.scheme == "https" else 80
        return (o.scheme in ("http", "https") and bool(o.hostname) and o.hostname == h.hostname
                and (o.port or default) == (h.port or default))
    except ValueError:  # a port that is not a number
        return False


def cross_site_refusal(request: Request) -> str | None:
    """Why a state-changing request must be refused as one a page on another origin made the browser send, or
    None.  Browsers name the page's origin in ``Origin`` and its relation to us in ``Sec-Fetch-Site``; either
    one naming another origin refuses it.  An API request must also show it is not a cross-site form or
    ``no-cors`` fetch, by sending what neither can: the ``X-Pincite-Request`` header, an ``Authorization:
    Bearer`` header, or a JSON body (any of these from another origin needs a CORS preflight, which this
    server never grants).  The /login form is posted without JavaScript: it has only the first two checks."""
    if request.method not in STATE_CHANGING:
        return None
    site = request.headers.get("sec-fetch-site", "").lower()
    origin = request.headers.get("origin")
    if site in ("cross-site", "same-site") or (origin is not None
                                               and not same_origin(origin, request.headers.get("host", ""))):
        return (f"refused a cross-site {request.method} (Origin {origin or 'not sent'}, Sec-Fetch-Site "
                f"{site or 'not sent'}): changes come only from this server's own pages and API clients")
    if request.url.path.startswith("/api/"):
        ctype = request.headers.get("content-type", "").split(";", 1)[0].strip().lower()
        # Bearer only: a browser attaches Basic credentials (a proxy's, say) to a cross-site request by itself
        bearer = request.headers.get("authorization", "").lower().startswith("bearer ")
        if not (request.headers.get(REQUEST_HEADER) or bearer or ctype == "application/json"):
            return (f"{request.method} {request.url.path} needs the header '{REQUEST_HEADER}: 1' (or "
                    "'Authorization: Bearer <token>'), which a cross-site form cannot send")
    return None


def request_refusal(request: Request, token: str | None, loopback_only: bool,
                    open_paths: tuple[str, ...] = OPEN_PATHS) -> tuple[int, str] | None:
    """Why a request is refused before any route sees it, as (status, message), or None: a Host that is not a
    loopback name when no token is set (421, DNS rebinding), a missing or wrong token when one is (401; paths
    under ``open_paths`` need none), a cross-site write (403, :func:`cross_site_refusal`).  ``pincite serve``
    and ``pincite mcp --http`` both guard every request with it."""
    if token is None and loopback_only and not is_loopback(host_of(request.headers.get("host", ""))):
        return 421, ("this server answers only requests addressed to a loopback name (127.0.0.1 or localhost); "
                     "set PINCITE_TOKEN to serve other hosts")
    if token is not None and not request.url.path.startswith(open_paths):
        if not token_matches(token, bearer_token(request)):
            return 401, f"missing or wrong API token: send 'Authorization: Bearer <token>' with the value of {TOKEN_ENV}"
    refusal = cross_site_refusal(request)
    return None if refusal is None else (403, refusal)


# -- request bodies ----------------------------------------------------------------------------------------


def body_limit(path: str, config: ServerConfig) -> int:
    """The most bytes a request body to ``path`` may hold: the upload limit (and its multipart framing) for
    /api/ingest and the draft checks, a few KB for the /login form, and :data:`JSON_MAX_BODY` for everything else."""
    if path in ("/api/ingest", "/api/check", "/check"):  # a file: a document to store, or a draft to check
        return config.max_upload_bytes + MULTIPART_OVERHEAD
    if path == "/login":
        return LOGIN_MAX_BODY
    return JSON_MAX_BODY


class BodyLimit:
    """ASGI middleware that caps every request body by route before the application reads it: a declared
    ``Content-Length`` over the cap is answered 413 at once; a chunked body is counted as it arrives and,
    once the count passes the cap, the application is told the client went away (so it stops reading, and
    whatever it answers is dropped) while the client gets the 413."""

    def __init__(self, app: Any, config: ServerConfig) -> None:
        self.app = app
        self.config = config

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit = body_limit(scope["path"], self.config)
        declared = dict(scope["headers"]).get(b"content-length", b"")
        if declared.isdigit() and int(declared) > limit:
            await self.refuse(scope, receive, send, limit, int(declared))
            return
        seen = 0
        over = started = False

        async def counted() -> dict[str, Any]:
            nonlocal seen, over
            if over:
                return {"type": "http.disconnect"}
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > limit:
                    over = True
                    return {"type": "http.disconnect"}
            return message

        async def guarded(message: dict[str, Any]) -> None:
            nonlocal started
            if over and not started:
                return
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, counted, guarded)
        except Exception:
            if not over:
                raise  # the app's own failure; a body cut short is ours to answer
        if over and not started:
            await self.refuse(scope, receive, send, limit, None)

    async def refuse(self, scope: dict[str, Any], receive: Any, send: Any, limit: int,
                     declared: int | None) -> None:
        path = scope["path"]
        what = "upload" if path == "/api/ingest" else f"the request body of {path}"
        size = f" {declared} bytes," if declared is not None else ""
        if path in ("/api/ingest", "/api/check", "/check"):  # a file: a document to store, or a draft to check
            limit -= MULTIPART_OVERHEAD  # the limit as configured and reported by /api/health
        message = f"{what} is{size} over the {limit}-byte limit"
        response = JSONResponse({"error": message}, status_code=413, headers={"Connection": "close"})
        await response(scope, receive, send)
