"""The JSON API's routes (under ``/api``), ``/openapi.json`` and ``/docs``: each takes the options and returns
the JSON of the command it names, through the operations of :mod:`pincite.api.backend`."""

from __future__ import annotations

from typing import Any
from urllib.parse import quote

from fastapi import FastAPI, Query, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, Response
from fastapi.templating import Jinja2Templates
from pydantic import BaseModel
from starlette.concurrency import run_in_threadpool

from pincite.library import spec
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
    run_ask,
    run_check,
    run_search,
)
from pincite.api.errors import GUARDED, WRITE, ErrorResponse, error_responses, without_unsent_422
from pincite.api.schemas import (
    AskResponse,
    AuditResponse,
    CheckResponse,
    DocumentResponse,
    DocumentsResponse,
    HealthResponse,
    IngestResponse,
    RemoveResponse,
    RunResponse,
    RunsResponse,
    SearchResponse,
)
from pincite.api.uploads import UploadError, read_upload
from pincite.errors import PinciteError
from pincite import DEFAULT_K
from pincite.errors import out_of_space
from pincite.library import DOCUMENT_PAGE_UNITS, audit_to_json, document_to_json, spec, summary_to_json
from pincite.types import DocumentKind, Format
from pincite.web.views import api_listing


#: the query parameters of GET /api/search (any other is refused with 422)
SEARCH_PARAMS = frozenset({"q", "k", "as_of", "kinds", "kind", "documents", "works", "include_non_citable",
                           "per_document", "no_dense"})
#: the query parameters of GET /api/documents
DOCUMENTS_PARAMS = frozenset({"kinds", "kind", "work"})


def _shape(model: type[BaseModel], *errors: int, **shapes: Any) -> dict[str, Any]:
    """A route's 200 response as ``/openapi.json`` declares it (:mod:`pincite.api.schemas`), and the error
    statuses it gives (``{"error": ...}``: :func:`pincite.api.errors.error_responses`); the route's own dict is
    returned as it is, never re-serialised through the model."""
    return {"response_model": None, "responses": {200: {"model": model}, **error_responses(*errors, **shapes)}}


def add_api_routes(app: FastAPI, backend: Backend, templates: Jinja2Templates) -> None:
    """Route the JSON API, the OpenAPI document and the offline docs page on ``app``."""
    config = backend.config
    fastapis_openapi = app.openapi
    app.openapi = lambda: without_unsent_422(fastapis_openapi())  # type: ignore[method-assign]

    @app.get("/api/health", tags=["status"], **_shape(HealthResponse),
             summary="Is the server up, and what does the store hold")
    def api_health() -> dict[str, Any]:
        counts = backend.library(None, search=False).counts()
        return {"status": "ok", "documents": counts["documents"], "units": counts["units"],
                "generation": backend.library(None, search=False).generation(),
                "generator": backend.generator.name,
                "retrieval": "hybrid" if config.dense else "lexical", "dense": backend.health(),
                "max_upload_bytes": config.max_upload_bytes, "token_required": bool(config.token),
                "started": backend.started.isoformat(timespec="seconds")}

    @app.post("/api/ask", tags=["answers"], **_shape(AskResponse, *WRITE, 400, 422, 502),
              summary="Answer a question with checked citations (as 'pincite ask --json')")
    def api_ask(req: AskRequest) -> dict[str, Any]:
        return backend.shown({**run_ask(backend, req).to_json(), "dense": last_dense(backend, req.no_dense)})

    @app.get("/api/search", tags=["answers"], **_shape(SearchResponse, *GUARDED, 400, 422),
             summary="The passages retrieval finds for a query")
    def api_search(
        request: Request,
        q: str = Query(..., min_length=1, max_length=4000, description="The query."),
        k: int = Query(DEFAULT_K, ge=1, le=spec("k").le, description="Passages to return."),
        as_of: str | None = Query(None, description="Only text in force on this date (YYYY-MM-DD)."),
        kinds: list[DocumentKind] = Query([], description="Only these document kinds (repeatable)."),
        kind: list[DocumentKind] = Query([], description="The same as kinds (an older name)."),
        documents: list[str] = Query([], max_length=spec("documents").max_items, description=(
            "Only these documents (ids, sources, titles or citations; repeat the parameter).")),
        works: list[str] = Query([], max_length=spec("works").max_items, description=(
            "Only the versions of these works (repeat the parameter).")),
        include_non_citable: bool = Query(False, description="Include non-citable zones."),
        per_document: int | None = Query(None, ge=1, le=100, description="At most this many per document."),
        no_dense: bool | None = Query(None, description="Lexical only (default: the server's setting)."),
    ) -> dict[str, Any]:
        unknown = [n for n in request.query_params if n not in SEARCH_PARAMS]
        if unknown:  # a misspelt parameter ('asof') is refused, as the ask body's is, never ignored
            raise RequestValidationError([{"loc": ("query", n), "msg": "Extra inputs are not permitted",
                                           "type": "extra_forbidden"} for n in unknown])
        try:
            day = check_iso_date(as_of)
        except ValueError as e:
            raise PinciteError(f"as_of: {e}") from None
        passages = run_search(backend, q, k, day, list(dict.fromkeys([*kinds, *kind])), include_non_citable,
                              per_document, no_dense, documents, works)
        return {"query": q, "as_of": as_of, "dense": last_dense(backend, no_dense),
                "passages": backend.shown([p.to_json() for p in passages])}

    @app.get("/api/documents", tags=["documents"], **_shape(DocumentsResponse, *GUARDED, 404, 422),
             summary="Stored documents (as 'pincite documents --json')")
    def api_documents(
        request: Request,
        kinds: list[DocumentKind] = Query([], description=(
            "Only documents of these kinds (repeat the parameter: of any of them).")),
        kind: list[DocumentKind] = Query([], description="The same as kinds (an older name)."),
        work: str | None = Query(None, description="Only the versions of this work."),
    ) -> dict[str, Any]:
        unknown = [n for n in request.query_params if n not in DOCUMENTS_PARAMS]
        if unknown:  # a misspelt parameter ('kinds ' or 'knd') is refused, as search's are, never ignored
            raise RequestValidationError([{"loc": ("query", n), "msg": "Extra inputs are not permitted",
                                           "type": "extra_forbidden"} for n in unknown])
        library = backend.library(None, search=False)
        rows = library.documents(kinds=list(dict.fromkeys([*kinds, *kind])), work=work)
        return backend.shown({"documents": [summary_to_json(s) for s in rows]})

    @app.get("/api/documents/{document_id}", tags=["documents"],
             **_shape(DocumentResponse, *GUARDED, 404, 422),
             summary="One document with its units, pages and text (as 'pincite show --json')")
    def api_document(
        document_id: str, text: bool = Query(True, description="Include the canonical text."),
        offset: int | None = Query(None, ge=0, description="The first unit (by ordinal) of a page of units."),
        limit: int | None = Query(
            None, ge=1, le=DOCUMENT_PAGE_UNITS,
            description=f"Units in the page (default {DOCUMENT_PAGE_UNITS}). A document of more than "
                        f"{DOCUMENT_PAGE_UNITS} units is always answered a page at a time, its 'page' saying "
                        "where, with the text the page's units span; a smaller one, asked for no page, "
                        "whole."),
    ) -> dict[str, Any]:
        doc = get_document(backend, document_id)
        if offset is None and limit is None and len(doc.units) <= DOCUMENT_PAGE_UNITS:
            return backend.shown(document_to_json(doc, with_text=text))  # as it always was
        page = document_to_json(doc, with_text=text, page=(offset or 0, limit or DOCUMENT_PAGE_UNITS),
                                link=f"/api/documents/{quote(doc.id, safe='')}")
        return backend.shown(page)

    @app.get("/api/documents/{document_id}/audit", tags=["documents"],
             **_shape(AuditResponse, *GUARDED, 404),
             summary="The chunk audit of one document (as 'pincite audit --json')")
    def api_audit(document_id: str) -> dict[str, Any]:
        return backend.shown(audit_to_json(*audit_document(backend, document_id)))

    @app.delete("/api/documents/{document_id}", tags=["documents"],
                **_shape(RemoveResponse, *WRITE, 404, 507, s507=RemoveResponse | ErrorResponse),
                summary="Remove a stored document (by id or source), with its passages and vectors")
    async def api_remove_document(document_id: str) -> Response:
        # a full disk while deleting is DiskFull (507, the document left whole); one while bringing the index
        # up to date after the delete is 507 too, as for an upload: the document is gone, the next search
        # rebuilds the index
        report = backend.shown(await run_in_threadpool(remove_document, backend, document_id))
        if out_of_space(report.get("index_error")):
            return JSONResponse({"error": report["index_error"], **report}, status_code=507)
        return JSONResponse(report)

    @app.post("/api/ingest", tags=["documents"], status_code=200,
              **_shape(IngestResponse, *WRITE, 400, 404, 415, 422, 507,
                       s422=IngestResponse, s507=IngestResponse | ErrorResponse,
                       d422="A file could not be stored: the upload's report, with its 'error'."),
              summary="Upload and store documents (multipart 'files'; optional 'format' and 'replace'), as "
                      "'pincite ingest --json'",
              openapi_extra={"requestBody": {"content": {"multipart/form-data": {"schema": {
                  "type": "object", "required": ["files"], "properties": {
                      "files": {"type": "array", "items": {"type": "string", "format": "binary"}},
                      "format": {"type": "string", "enum": [f.value for f in Format]},
                      "replace": {"type": "string", "description": "the id of the stored document this one file "
                                  "replaces (uploads never replace a document by name)"}}}}}, "required": True}})
    async def api_ingest(request: Request) -> Response:
        files, fields = await read_upload(request, config.max_upload_bytes)
        fmt = None
        if fields.get("format"):
            try:
                fmt = Format.parse(fields["format"])
            except ValueError as e:
                raise UploadError(str(e)) from None
        replace = fields.get("replace") or None  # replacing a stored document is explicit: its id, never a name
        report = backend.shown(await run_in_threadpool(ingest_files, backend, files, fmt, replace))
        status = 200 if not report["totals"]["failed"] else 422
        if any(out_of_space(m) for m in [report.get("index_error")] + [f["error"] for f in report["files"]]):
            status = 507  # Insufficient Storage: the disk is full, nothing about the files is wrong
        if report["totals"]["failed"]:
            failed = [f for f in report["files"] if f["status"] == "failed"]
            report = {"error": f"{len(failed)} of {len(files)} file(s) could not be stored: "
                               + "; ".join(f["error"] or f["source"] for f in failed), **report}
        return JSONResponse(report, status_code=status)

    @app.post("/api/check", tags=["answers"], **_shape(CheckResponse, *WRITE, 400, 422),
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
        return JSONResponse(backend.shown(report.to_json()))

    @app.get("/api/eval/runs", tags=["status"], **_shape(RunsResponse, *GUARDED),
             summary="Evaluation runs recorded for this store ('pincite eval')")
    def api_eval_runs() -> dict[str, Any]:
        return eval_runs(backend)

    @app.get("/api/eval/runs/{run}", tags=["status"], **_shape(RunResponse, *GUARDED, 400, 404),
             summary="One evaluation run record (as 'pincite eval --out')")
    def api_eval_run(run: str) -> dict[str, Any]:
        return eval_run(backend, run)

    @app.get("/openapi.json", include_in_schema=False)
    def openapi_json() -> dict[str, Any]:
        return app.openapi()

    @app.get("/docs", include_in_schema=False, response_class=HTMLResponse)
    def docs_page(request: Request) -> Response:
        return templates.TemplateResponse(request, "docs.html", {"api": api_listing(app.openapi())})
