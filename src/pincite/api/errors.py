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
from pydantic import BaseModel, ConfigDict, Field
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


class ErrorResponse(BaseModel):
    """An error, as every route answers one (``/openapi.json`` declares it for each status a route gives)."""

    model_config = ConfigDict(extra="forbid")

    error: str = Field(description="what went wrong, in plain words (no server path, no stack trace)")
    problems: list[str] | None = Field(None, description="a refused request's fields, one line each "
                                                         "(``as_of: ...``): 422 for a bad request only")


#: what each error status means, as ``/openapi.json`` says it (:func:`error_responses`)
ERROR_STATUSES: dict[int, str] = {
    400: "A value the engine refused, or an upload it could not read.",
    401: "A token is set and the request did not carry it (Authorization: Bearer <token>).",
    403: "A write without X-Pincite-Request: 1 (or the token, or a JSON body): what a cross-site form sends.",
    404: "No such document (or evaluation run).",
    413: "The request body, an upload or a draft's check is over the server's limit.",
    415: "An upload that is not multipart/form-data.",
    421: "A Host that is not a loopback name, on a server with no token (DNS rebinding).",
    422: "An unknown or bad field or parameter ('problems' names each), or a document name that names none.",
    500: "An unexpected error (its details are in the server's log).",
    502: "The answer generator failed.",
    503: "The store or an index is not available (Retry-After: when to ask again), or a check was stopped.",
    507: "The server's disk is full (nothing about the request is wrong).",
}
#: the statuses any route under /api may give: the guard's Host check, an unexpected error, the store not there
ANY_ROUTE = (421, 500, 503)
#: and any but /api/health (open without the token)
GUARDED = (401,)
#: and any write's (POST, DELETE): a cross-site write, a body over its limit
WRITE = (401, 403, 413)


def error_responses(*statuses: int, **shapes: Any) -> dict[int | str, dict[str, Any]]:
    """The ``responses`` of a route for ``statuses`` (with :data:`ANY_ROUTE`'s), each :class:`ErrorResponse`
    but where ``shapes`` names another (``s507=IngestResponse | ErrorResponse``) or says when for this route
    (``d422="..."``): the error shape the server answers, in place of FastAPI's ``HTTPValidationError``
    (which it never sends)."""
    return {status: {"model": shapes.get(f"s{status}", ErrorResponse),
                     "description": shapes.get(f"d{status}", ERROR_STATUSES[status])}
            for status in sorted(set(statuses) | set(ANY_ROUTE))}


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


def without_unsent_422(schema: dict[str, Any]) -> dict[str, Any]:
    """``schema`` (``/openapi.json``, changed in place) without the 422 FastAPI declares for every route with a
    path parameter (its ``HTTPValidationError``, a shape this server never sends; a route that gives 422
    declares :class:`ErrorResponse` for it), and those two schemas once nothing names them."""
    unsent = "#/components/schemas/HTTPValidationError"
    for operations in schema.get("paths", {}).values():
        for op in operations.values():
            said = op.get("responses", {}).get("422", {}).get("content", {}).get("application/json", {})
            if said.get("schema", {}).get("$ref") == unsent:
                del op["responses"]["422"]
    components = schema.get("components", {}).get("schemas", {})
    if unsent not in str(schema.get("paths")):
        for name in ("HTTPValidationError", "ValidationError"):
            components.pop(name, None)
    return schema
