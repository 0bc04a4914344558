"""The guard in front of every route: the token, the ``Host`` a server without a token answers, cross-site
writes refused, security headers; and every request body capped by route (:class:`~pincite.api.security.BodyLimit`).
The rules are in :mod:`pincite.api.app`'s docstring."""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse, RedirectResponse, Response

from pincite.api.config import ServerConfig
from pincite.api.errors import wants_html
from pincite.api.security import (
    OPEN_PATHS,
    TOKEN_ENV,
    BodyLimit,
    bearer_token,
    cross_site_refusal,
    host_of,
    is_loopback,
    token_matches,
)


def add_guard(app: FastAPI, config: ServerConfig) -> None:
    """The guard middleware on ``app``, then the body limit (added last: the outermost, before anything reads a
    body)."""

    @app.middleware("http")
    async def guard(request: Request, call_next: Any) -> Response:
        path = request.url.path
        if config.token is None and config.loopback_only:
            if not is_loopback(host_of(request.headers.get("host", ""))):
                return JSONResponse({"error": "this server answers only requests addressed to a loopback name "
                                              "(127.0.0.1 or localhost); set PINCITE_TOKEN to serve other hosts"},
                                    status_code=421)
        if config.token is not None and not path.startswith(OPEN_PATHS):
            if not token_matches(config.token, bearer_token(request)):
                if wants_html(request) and request.method == "GET":
                    return RedirectResponse(f"/login?next={request.url.path}", status_code=303)
                return JSONResponse({"error": "missing or wrong API token: send 'Authorization: Bearer <token>' "
                                              f"with the value of {TOKEN_ENV}"},
                                    status_code=401, headers={"WWW-Authenticate": "Bearer"})
        refusal = cross_site_refusal(request)
        if refusal is not None:
            return JSONResponse({"error": refusal}, status_code=403)
        response: Response = await call_next(request)
        response.headers.setdefault("X-Content-Type-Options", "nosniff")
        response.headers.setdefault("Referrer-Policy", "same-origin")
        response.headers.setdefault("Content-Security-Policy",
                                    "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; "
                                    "script-src 'self'; frame-ancestors 'none'")
        return response

    app.add_middleware(BodyLimit, config=config)  # added last: the outermost, before anything reads a body
