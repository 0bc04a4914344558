"""The web reader's pages: ask, the documents, one document with a citation highlighted, its chunk audit, a
draft's citations checked, and the sign-in form.  They call the operations the JSON API calls (:mod:`pincite.api.backend`); their HTML is
:mod:`pincite.web` (templates, view models, the document body)."""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qs, quote, urlencode

from fastapi import FastAPI, Query, Request
from starlette.concurrency import run_in_threadpool
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from fastapi.templating import Jinja2Templates
from pydantic import ValidationError

from pincite.api.backend import (
    AskRequest,
    Backend,
    audit_document,
    get_document,
    invalid_request_message,
    last_dense,
    read_check_request,
    run_ask,
    run_check,
)
from pincite.api.security import TOKEN_COOKIE, token_matches
from pincite.errors import PinciteError
from pincite.types import DocumentKind
from pincite.web.audit import render_audit_html
from pincite.web.check_report import CSS as CHECK_CSS, reader_link, render_check_body
from pincite.web.reader import document_facts, parse_highlight, reader_window, render_document_body
from pincite.web.views import answer_view


def add_pages(app: FastAPI, backend: Backend, templates: Jinja2Templates) -> None:
    """Route the reader's pages on ``app``."""
    config = backend.config

    @app.get("/", include_in_schema=False, response_class=HTMLResponse)
    def page_ask(request: Request, q: str = "", as_of: str = "", lexical: bool = False, kind: str = "",
                 document: list[str] = Query(default=[]), work: list[str] = Query(default=[])) -> Response:
        ctx: dict[str, Any] = {"q": q, "as_of": as_of, "lexical": lexical, "answer": None, "error": None,
                               "dense_default": config.dense, "kind": kind, "kinds": [x.value for x in DocumentKind],
                               "scope_documents": document, "scope_works": work}
        status = 200
        if q.strip():
            try:
                req = AskRequest(question=q.strip(), as_of=as_of or None, no_dense=True if lexical else None,
                                 kind=DocumentKind.parse(kind) if kind else None, documents=document, works=work)
                ans = run_ask(backend, req)
                ctx["answer"] = answer_view(ans)
                ctx["answered_lexically"] = last_dense(backend, req.no_dense) == "pending"
            except ValidationError as e:  # a bad date, kind or question in the URL: the project's one line, 400
                ctx["error"], status = invalid_request_message(e), 400
            except PinciteError as e:
                ctx["error"] = str(e)
        ctx["dense_status"] = backend.health()  # the status line: embedding progress while vectors are pending
        return templates.TemplateResponse(request, "ask.html", ctx, status_code=status)

    @app.get("/documents", include_in_schema=False, response_class=HTMLResponse)
    def page_documents(request: Request, kind: str = "") -> Response:
        k = None
        if kind:
            try:
                k = DocumentKind.parse(kind)
            except ValueError as e:
                raise PinciteError(str(e)) from None
        rows = backend.library(None, search=False).documents(kind=k)
        return templates.TemplateResponse(request, "documents.html", {
            "rows": rows, "kind": kind, "kinds": [x.value for x in DocumentKind],
            "total": len(rows), "max_upload_bytes": config.max_upload_bytes})

    @app.get("/documents/{document_id}", include_in_schema=False, response_class=HTMLResponse)
    def page_document(request: Request, document_id: str, hl: str = "", unit: int | None = None,
                      page: int | None = Query(None, ge=1)) -> Response:
        doc = get_document(backend, document_id)
        h = parse_highlight(hl, len(doc.text))
        cited = unit
        if h is not None and cited is None:  # the innermost unit holding the highlight
            holding = [u for u in doc.units if u.char_start <= h.start and h.end <= u.char_end]
            cited = holding[-1].ordinal if holding else None
        cited_unit = doc.units[cited] if cited is not None and 0 <= cited < len(doc.units) else None
        # a long document is shown a window of units at a time (the one holding the citation, unless a page is
        # asked for), with links to the others; one of READER_PAGE_UNITS units or fewer is shown whole
        at = h.start if h is not None else cited_unit.char_start if cited_unit is not None else None
        window = reader_window(doc, page, at)
        return templates.TemplateResponse(request, "document.html", {
            "doc": doc, "facts": document_facts(doc), "body": render_document_body(doc, h, cited, window),
            "hl": h, "hl_bad": bool(hl) and h is None, "cited": cited_unit,
            "quote": doc.text[h.start:h.end] if h else None, "window": window,
            "page_link": lambda n: _page_link(doc.id, n, hl, unit)})

    @app.get("/documents/{document_id}/audit", include_in_schema=False, response_class=HTMLResponse)
    def page_audit(request: Request, document_id: str) -> Response:
        doc, report = audit_document(backend, document_id)
        nav = templates.get_template("_audit_nav.html").render(doc=doc)
        return HTMLResponse(render_audit_html(doc, report, head='<link rel="stylesheet" href="/static/audit.css">',
                                              nav=nav))

    @app.get("/check", include_in_schema=False, response_class=HTMLResponse)
    def page_check(request: Request) -> Response:
        return templates.TemplateResponse(request, "check.html", {"body": None, "error": None, "as_of": "",
                                                                   "css": CHECK_CSS})

    @app.post("/check", include_in_schema=False, response_class=HTMLResponse)
    async def do_check(request: Request) -> Response:
        ctx: dict[str, Any] = {"body": None, "error": None, "as_of": "", "css": CHECK_CSS}
        try:
            data, source, as_of = await read_check_request(request, config.max_upload_bytes)
            ctx["as_of"] = as_of.isoformat() if as_of else ""
            report = await run_in_threadpool(run_check, backend, data, source, as_of)
            ctx["body"] = render_check_body(report, reader_link)
        except PinciteError as e:
            ctx["error"] = str(e)
        return templates.TemplateResponse(request, "check.html", ctx, status_code=200 if ctx["error"] is None else 400)

    @app.get("/login", include_in_schema=False, response_class=HTMLResponse)
    def page_login(request: Request, next: str = "/") -> Response:
        return templates.TemplateResponse(request, "login.html", {"next": _safe_next(next), "error": None})

    @app.post("/login", include_in_schema=False, response_class=HTMLResponse)
    async def do_login(request: Request) -> Response:
        body = (await request.body())[:4096].decode("utf-8", "replace")
        form = {k: v[0] for k, v in parse_qs(body).items()}
        nxt = _safe_next(form.get("next", "/"))
        if config.token is None or not token_matches(config.token, form.get("token")):
            return templates.TemplateResponse(request, "login.html", {"next": nxt, "error": "wrong token"},
                                              status_code=401)
        resp = RedirectResponse(nxt, status_code=303)
        resp.set_cookie(TOKEN_COOKIE, config.token, httponly=True, samesite="strict")
        return resp


def _page_link(doc_id: str, page: int, hl: str, unit: int | None) -> str:
    """The reader's link to page ``page`` of a long document, keeping its highlight and cited unit."""
    query = {"page": str(page), **({"hl": hl} if hl else {}),
             **({"unit": str(unit)} if unit is not None else {})}
    return f"/documents/{quote(doc_id, safe='')}?{urlencode(query)}"


def _safe_next(value: str) -> str:
    """Only a path on this server (no scheme, no host, no '//')."""
    return value if value.startswith("/") and not value.startswith("//") and "\\" not in value else "/"
