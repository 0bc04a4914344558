"""How the server answers an error: JSON ``{"error": ...}`` (an HTML page for the reader's pages), never a
stack trace; the status each kind of :class:`~pincite.errors.PinciteError` gets."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from fastapi.templating import Jinja2Templates
from starlette.exceptions import HTTPException as StarletteHTTPException

from pincite.api.backend import request_problems
from pincite.api.uploads import UploadError
from pincite.errors import CheckStopped, CheckTooLarge, DiskFull, GeneratorError
from pincite.errors import (
    EmbeddingUnavailable,
    IndexUnavailable,
    NotFound,
    ParseError,
    PinciteError,
    StoreError,
    UnknownName,
)

log = logging.getLogger("pincite.server")


def status_of(e: PinciteError) -> int:
    if isinstance(e, UploadError):
        return e.status
    if isinstance(e, DiskFull):  # Insufficient Storage: nothing about the request is wrong
        return 507
    if isinstance(e, CheckTooLarge):  # over a limit the server sets, like an upload over the size cap
        return 413
    if isinstance(e, CheckStopped):
        return 503
    if isinstance(e, UnknownName):  # a scope naming no stored document (or several): the request is wrong
        return 422
    if isinstance(e, NotFound):
        return 404
    if isinstance(e, ParseError):
        return 422
    if isinstance(e, GeneratorError):
        return 502
    if isinstance(e, (StoreError, EmbeddingUnavailable, IndexUnavailable)):
        return 503
    return 400


def wants_html(request: Request) -> bool:
    path = request.url.path
    return not (path.startswith("/api") or path in ("/openapi.json",)) and "text/html" in request.headers.get(
        "accept", "text/html")


def add_error_handlers(app: FastAPI, templates: Jinja2Templates,
                       hide_paths: Callable[[str], str] = lambda message: message) -> None:
    """Answer every error on ``app`` as JSON, or as the error page for a reader's page; a pincite error's
    message through ``hide_paths`` (the server's filesystem is not the client's: ``Pincite.hide_paths``)."""

    def error_response(request: Request, status: int, message: str, extra: dict[str, Any] | None = None) -> Response:
        if wants_html(request):
            return templates.TemplateResponse(request, "error.html", {"status": status, "message": message},
                                              status_code=status)
        return JSONResponse({"error": message, **(extra or {})}, status_code=status)

    @app.exception_handler(PinciteError)
    async def on_pincite_error(request: Request, e: PinciteError) -> Response:
        response = error_response(request, status_of(e), hide_paths(str(e)))
        if isinstance(e, IndexUnavailable) and e.retry_after:  # an index being rebuilt: 503, ask again then
            response.headers["Retry-After"] = str(e.retry_after)
        return response

    @app.exception_handler(RequestValidationError)
    async def on_validation_error(request: Request, e: RequestValidationError) -> Response:
        problems = request_problems(e.errors())
        return error_response(request, 422, "invalid request: " + "; ".join(problems), {"problems": problems})

    @app.exception_handler(StarletteHTTPException)
    async def on_http_error(request: Request, e: StarletteHTTPException) -> Response:
        message = str(e.detail) if e.detail else "error"
        if e.status_code == 404 and message == "Not Found":
            message = f"no such page or endpoint: {request.url.path} (the API is listed at /docs)"
        if e.status_code == 405:
            message = f"{request.method} is not allowed on {request.url.path} (see /docs)"
        return error_response(request, e.status_code, message)

    @app.exception_handler(Exception)
    async def on_unexpected(request: Request, e: Exception) -> Response:
        log.exception("unexpected error on %s %s", request.method, request.url.path)
        return error_response(request, 500, "internal error (details are in the server's log)")
