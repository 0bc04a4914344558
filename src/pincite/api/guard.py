"""The guard in front of every route: the token, the ``Host`` a server without a token answers, cross-site
writes refused, security headers; and every request body capped by route (:class:`~pincite.api.security.BodyLimit`).
The rules are in :mod:`pincite.api.app`'s docstring."""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse, RedirectResponse, Response

from pincite.api.config import ServerConfig
from pincite.api.errors import wants_html
from pincite.api.security import BodyLimit, request_refusal


def add_guard(app: FastAPI, config: ServerConfig) -> None:
    """The guard middleware on ``app``, then the body limit (added last: the outermost, before anything reads a
    body)."""

    @app.middleware("http")
    async def guard(request: Request, call_next: Any) -> Response:
        refused = request_refusal(request, config.token, config.loopback_only)
        if refused is not None:
            status, message = refused
            if status == 401 and wants_html(request) and request.method == "GET":
                return RedirectResponse(f"/login?next={request.url.path}", status_code=303)
            return JSONResponse({"error": message}, status_code=status,
                                headers={"WWW-Authenticate": "Bearer"} if status == 401 else None)
        response: Response = await call_next(request)
        response.headers.setdefault("X-Content-Type-Options", "nosniff")
        response.headers.setdefault("Referrer-Policy", "same-origin")
        response.headers.setdefault("Content-Security-Policy",
                                    "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; "
                                    "script-src 'self'; frame-ancestors 'none'")
        return response

    app.add_middleware(BodyLimit, config=config)  # added last: the outermost, before anything reads a body
