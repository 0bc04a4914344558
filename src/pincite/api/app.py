"""The HTTP API and the web reader (FastAPI + uvicorn).

``create_app(config)`` builds the application; ``run_server(config, host, port)`` serves it.  The JSON
endpoints live under ``/api`` and take the same options, and return the same JSON, as the command line
(``ask``, ``show``, ``documents``, ``ingest``); the web reader's pages (:mod:`pincite.api.pages`) are
server-rendered HTML with a little JavaScript, every asset served from the package (no CDN; ``/docs`` is an
offline page over ``/openapi.json``).

Safety:

* binding to anything but loopback needs ``$PINCITE_TOKEN``; when a token is set every request (but
  ``/api/health``, ``/login`` and the static assets) must carry it as ``Authorization: Bearer <token>`` (or the
  cookie the ``/login`` page sets), compared in constant time;
* without a token the server only answers requests whose ``Host`` is a loopback name (DNS rebinding);
* a state-changing request (POST, PUT, PATCH, DELETE) a browser sends for a page on another origin is refused
  (403), token or none: its ``Origin``, when sent, must name the host and port the ``Host`` header does, and
  ``Sec-Fetch-Site`` must not be ``cross-site`` or ``same-site`` (another port of the same host is the same
  site).  A write under ``/api`` must also carry what a cross-site form or ``no-cors`` fetch cannot send:
  ``X-Pincite-Request: 1``, ``Authorization: Bearer <token>``, or a JSON body.  So API clients (curl, httpx)
  send that header or the token, and a browser's cookie alone never passes.  The ``/login`` form, posted
  without JavaScript, has the first two checks (a forged sign-in would need the token itself); its cookie is
  ``SameSite=Strict``;
* every request body is capped by route before it is read (the upload limit for ``/api/ingest`` and the draft
  checks ``/api/check`` and ``/check``, 8 KiB for
  ``/login``, 64 KiB for the rest): a declared ``Content-Length`` over the cap is answered 413 at once, a
  chunked body is counted as it arrives;
* uploads are read into memory up to a size limit (never spooled to disk), parsed from bytes under a sanitised
  source name, and stored through the same functions as ``pincite ingest``; nothing is written anywhere but the
  database and its index folder;
* errors are JSON ``{"error": ...}`` (an HTML page for the reader's pages), never a stack trace;
* each worker thread has its own SQLite connection (WAL: readers see committed snapshots while an ingest
  writes); the retrieval indexes are brought up to date under one lock, so a reader never searches a
  half-synced index and two threads never write an index at once.
"""

from __future__ import annotations

import dataclasses
import logging
import os
import threading
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import uvicorn
from fastapi import FastAPI, Query, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException as StarletteHTTPException

from pincite.api.backend import (
    AskRequest,
    Backend,
    CheckRequest,
    audit_document,
    check_iso_date,
    eval_run,
    eval_runs,
    get_document,
    ingest_files,
    last_dense,
    read_check_request,
    remove_document,
    request_problems,
    run_ask,
    run_check,
    run_search,
)
from pincite.api.config import ServerConfig, ServerError
from pincite.api.pages import add_pages
from pincite.api.security import (
    OPEN_PATHS,
    TOKEN_ENV,
    BodyLimit,
    bearer_token,
    check_bind,
    cross_site_refusal,
    host_of,
    is_loopback,
    token_matches,
)
from pincite.api.uploads import UploadError, read_upload
from pincite.checkrun import CheckStopped, CheckTooLarge, stop_running_checks
from pincite.checkrun import warm_up as warm_up_checks
from pincite.errors import DiskFull
from pincite.ingest import out_of_space
from pincite.errors import EmbeddingUnavailable
from pincite.errors import NotFound, ParseError, PinciteError, StoreError, UnknownName
from pincite.generate.base import Generator, GeneratorError
from pincite.errors import IndexUnavailable
from pincite.jsonio import audit_to_json, document_to_json, hit_to_json, summary_to_json
from pincite.types import DocumentKind, Format
from pincite.web.views import STATIC, api_listing, page_templates

log = logging.getLogger("pincite.server")


def _status_of(e: PinciteError) -> int:
    if isinstance(e, UploadError):
        return e.status
    if isinstance(e, DiskFull):
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


def _wants_html(request: Request) -> bool:
    path = request.url.path
    return not (path.startswith("/api") or path in ("/openapi.json",)) and "text/html" in request.headers.get(
        "accept", "text/html")


def create_app(config: ServerConfig, generator: Generator | None = None, embedder: Any = None) -> FastAPI:
    """The FastAPI application.  ``generator`` replaces the configured one (tests pass a scripted generator,
    the fake at the model boundary); ``embedder`` replaces the default embedding model."""
    backend = Backend(config, generator, embedder)
    templates = page_templates(token_required=bool(config.token))

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        if config.dense:  # passages stored without vectors (ingest --no-dense, a stopped run) are embedded now
            backend.embedding.start()
        warm_up_checks()  # a draft check's process, started before the first draft arrives
        yield
        backend.close()

    app = FastAPI(
        title="pincite",
        version="0.1.0",
        description="Answers over long legal documents with pinpoint citations checked before display. "
                    "Every citation carries char_start/char_end of the quoted words in its document's text.",
        docs_url=None, redoc_url=None, lifespan=lifespan,
    )
    app.state.backend = backend
    app.mount("/static", StaticFiles(directory=str(STATIC)), name="static")

    # -- guard: token, Host and cross-site writes; bodies capped by route ---------------------------------

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
                if _wants_html(request) and request.method == "GET":
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

    # -- errors: JSON (or an HTML page), never a trace -----------------------------------------------------

    def error_response(request: Request, status: int, message: str, extra: dict[str, Any] | None = None) -> Response:
        if _wants_html(request):
            return templates.TemplateResponse(request, "error.html", {"status": status, "message": message},
                                              status_code=status)
        return JSONResponse({"error": message, **(extra or {})}, status_code=status)

    @app.exception_handler(PinciteError)
    async def on_pincite_error(request: Request, e: PinciteError) -> Response:
        response = error_response(request, _status_of(e), str(e))
        if getattr(e, "retry_after", None):  # an index being rebuilt (IndexRebuilding): 503, ask again then
            response.headers["Retry-After"] = str(e.retry_after)  # type: ignore[attr-defined]
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

    # -- JSON API ------------------------------------------------------------------------------------------

    @app.get("/api/health", tags=["status"], summary="Is the server up, and what does the store hold")
    def api_health() -> dict[str, Any]:
        counts = backend.store.counts()
        return {"status": "ok", "documents": counts["documents"], "units": counts["units"],
                "generation": backend.store.generation(), "generator": backend.generator.name,
                "retrieval": "hybrid" if config.dense else "lexical", "dense": backend.health(),
                "max_upload_bytes": config.max_upload_bytes, "token_required": bool(config.token),
                "started": backend.started.isoformat(timespec="seconds")}

    @app.post("/api/ask", tags=["answers"], summary="Answer a question with checked citations (as 'pincite ask --json')")
    def api_ask(req: AskRequest) -> dict[str, Any]:
        return {**run_ask(backend, req).to_json(), "dense": last_dense(backend, req.no_dense)}

    @app.get("/api/search", tags=["answers"], summary="The passages retrieval finds for a query")
    def api_search(
        q: str = Query(..., min_length=1, max_length=4000, description="The query."),
        k: int = Query(10, ge=1, le=100, description="Passages to return."),
        as_of: str | None = Query(None, description="Only text in force on this date (YYYY-MM-DD)."),
        kind: list[DocumentKind] = Query([], description="Only these document kinds."),
        include_non_citable: bool = Query(False, description="Include non-citable zones."),
        per_document: int | None = Query(None, ge=1, le=100, description="At most this many per document."),
        no_dense: bool | None = Query(None, description="Lexical only (default: the server's setting)."),
    ) -> dict[str, Any]:
        try:
            day = check_iso_date(as_of)
        except ValueError as e:
            raise PinciteError(f"as_of: {e}") from None
        passages = run_search(backend, q, k, day, kind, include_non_citable, per_document, no_dense)
        return {"query": q, "as_of": as_of, "dense": last_dense(backend, no_dense),
                "passages": [hit_to_json(p) for p in passages]}

    @app.get("/api/documents", tags=["documents"], summary="Stored documents (as 'pincite documents --json')")
    def api_documents(kind: DocumentKind | None = Query(None, description="Only this kind."),
                      work: str | None = Query(None, description="Only the versions of this work.")) -> dict[str, Any]:
        rows = backend.store.list_documents(kind=kind, work=work)
        return {"documents": [summary_to_json(s) for s in rows]}

    @app.get("/api/documents/{document_id}", tags=["documents"],
             summary="One document with its units, pages and text (as 'pincite show --json')")
    def api_document(document_id: str, text: bool = Query(True, description="Include the canonical text.")) -> dict[str, Any]:
        return document_to_json(get_document(backend, document_id), with_text=text)

    @app.get("/api/documents/{document_id}/audit", tags=["documents"],
             summary="The chunk audit of one document (as 'pincite audit --json')")
    def api_audit(document_id: str) -> dict[str, Any]:
        return audit_to_json(*audit_document(backend, document_id))

    @app.delete("/api/documents/{document_id}", tags=["documents"],
                summary="Remove a stored document (by id or source), with its passages and vectors")
    async def api_remove_document(document_id: str) -> dict[str, Any]:
        return await run_in_threadpool(remove_document, backend, document_id)

    @app.post("/api/ingest", tags=["documents"], status_code=200,
              summary="Upload and store documents (multipart 'files'; optional 'format'), as 'pincite ingest --json'",
              openapi_extra={"requestBody": {"content": {"multipart/form-data": {"schema": {
                  "type": "object", "required": ["files"], "properties": {
                      "files": {"type": "array", "items": {"type": "string", "format": "binary"}},
                      "format": {"type": "string", "enum": [f.value for f in Format]}}}}}, "required": True}})
    async def api_ingest(request: Request) -> Response:
        files, fields = await read_upload(request, config.max_upload_bytes)
        fmt = None
        if fields.get("format"):
            try:
                fmt = Format.parse(fields["format"])
            except ValueError as e:
                raise UploadError(str(e)) from None
        report = await run_in_threadpool(ingest_files, backend, files, fmt)
        status = 200 if not report["totals"]["failed"] else 422
        if any(out_of_space(m) for m in [report.get("index_error")] + [f["error"] for f in report["files"]]):
            status = 507  # Insufficient Storage: the disk is full, nothing about the files is wrong
        if report["totals"]["failed"]:
            failed = [f for f in report["files"] if f["status"] == "failed"]
            report = {"error": f"{len(failed)} of {len(files)} file(s) could not be stored: "
                               + "; ".join(f["error"] or f["source"] for f in failed), **report}
        return JSONResponse(report, status_code=status)

    @app.post("/api/check", tags=["answers"],
              summary="Cite-check a draft (as 'pincite check --json'): JSON {text, as_of, file}, or multipart 'file' "
                      "(.txt, .md, .html, .docx, .pdf) and 'as_of'",
              openapi_extra={"requestBody": {"content": {
                  "application/json": {"schema": CheckRequest.model_json_schema()},
                  "multipart/form-data": {"schema": {"type": "object", "required": ["file"], "properties": {
                      "file": {"type": "string", "format": "binary"}, "as_of": {"type": "string"}}}}},
                  "required": True}})
    async def api_check(request: Request) -> Response:
        data, source, as_of = await read_check_request(request, config.max_upload_bytes)
        report = await run_in_threadpool(run_check, backend, data, source, as_of)
        return JSONResponse(report.to_json())

    @app.get("/api/eval/runs", tags=["status"], summary="Evaluation runs recorded for this store ('pincite eval')")
    def api_eval_runs() -> dict[str, Any]:
        return eval_runs(backend)

    @app.get("/api/eval/runs/{run}", tags=["status"], summary="One evaluation run record (as 'pincite eval --out')")
    def api_eval_run(run: str) -> dict[str, Any]:
        return eval_run(backend, run)

    @app.get("/openapi.json", include_in_schema=False)
    def openapi_json() -> dict[str, Any]:
        return app.openapi()

    @app.get("/docs", include_in_schema=False, response_class=HTMLResponse)
    def docs_page(request: Request) -> Response:
        return templates.TemplateResponse(request, "docs.html", {"api": api_listing(app.openapi())})

    # -- the web reader (its pages: pincite.api.pages; their HTML: pincite.web) ------------------------------

    add_pages(app, backend, templates)

    return app


def run_server(config: ServerConfig, host: str = "127.0.0.1", port: int = 8000) -> None:
    """Serve ``config`` on ``host:port`` until interrupted.  The token comes from ``$PINCITE_TOKEN``."""
    token = config.token if config.token is not None else (os.environ.get(TOKEN_ENV) or None)
    check_bind(host, token)
    config = dataclasses.replace(config, token=token, loopback_only=is_loopback(host))
    app = create_app(config)
    _Server(uvicorn.Config(app, host=host, port=port, log_level="info", server_header=False, proxy_headers=False,
                           access_log=True)).run()


class _Server(uvicorn.Server):
    """uvicorn's server, which on SIGTERM or Ctrl-C also kills the draft checks in progress (a shutdown waits
    for the requests in flight; a check could hold it for its whole time limit)."""

    def handle_exit(self, sig: int, frame: Any) -> None:
        stop_running_checks()
        super().handle_exit(sig, frame)


class RunningServer:
    """A uvicorn server running in a background thread (tests and the load benchmark); ``url`` is its base."""

    def __init__(self, app: FastAPI, host: str = "127.0.0.1", port: int = 0) -> None:
        if not is_loopback(host):
            raise ServerError(f"a background server binds to loopback only, not {host!r}")
        self.server = uvicorn.Server(uvicorn.Config(app, host=host, port=port, log_level="warning",
                                                    server_header=False, lifespan="on"))
        self.thread = threading.Thread(target=self.server.run, name="pincite-server", daemon=True)
        self.host = host
        self.url = ""

    def __enter__(self) -> "RunningServer":
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            if not self.thread.is_alive() or time.monotonic() > deadline:
                raise ServerError("the server did not start (see the log above)")
            time.sleep(0.02)
        port = self.server.servers[0].sockets[0].getsockname()[1]
        self.url = f"http://{self.host}:{port}"
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)
