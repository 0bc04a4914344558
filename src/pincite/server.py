"""The HTTP API and the web reader (FastAPI + uvicorn).

``create_app(config)`` builds the application; ``run_server(config, host, port)`` serves it.  The JSON
endpoints live under ``/api`` and take the same options, and return the same JSON, as the command line
(``ask``, ``show``, ``documents``, ``ingest``); the web reader's pages are server-rendered HTML with a little
JavaScript, every asset served from the package (no CDN; ``/docs`` is an offline page over ``/openapi.json``).

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
* every request body is capped by route before it is read (the upload limit for ``/api/ingest``, 8 KiB for
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

import datetime
import hmac
import ipaddress
import logging
import os
import re
import threading
from collections.abc import AsyncIterator, Mapping
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any, Literal
from urllib.parse import urlsplit

from fastapi import FastAPI, Query, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from fastapi.staticfiles import StaticFiles
from fastapi.templating import Jinja2Templates
from pydantic import BaseModel, Field, field_validator
from starlette.exceptions import HTTPException as StarletteHTTPException

from pincite.errors import NotFound, ParseError, PinciteError, StoreError
from pincite.evaluation.runs import get_run, list_runs
from pincite.generate import Generator, GeneratorError, GeneratorKind, make_generator
from pincite.types import DocumentKind, Format, Passage, optional_date

log = logging.getLogger("pincite.server")

TOKEN_ENV = "PINCITE_TOKEN"
TOKEN_COOKIE = "pincite_token"
DEFAULT_MAX_UPLOAD_BYTES = 25 * 1024 * 1024
#: Room for the multipart framing (boundaries, part headers) on top of the files themselves.
MULTIPART_OVERHEAD = 64 * 1024
MAX_UPLOAD_FILES = 50
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


class ServerError(PinciteError):
    """The server cannot start as configured (e.g. a public address without a token)."""


@dataclass(frozen=True)
class ServerConfig:
    """How the server answers.  ``generator_options`` are fixed here, never taken from a request (a request
    that could name the model server's URL or the API key's variable could send the key anywhere)."""

    db: Path | str  # a SQLite file, or a postgresql:// URL
    generator_kind: GeneratorKind = GeneratorKind.EXTRACTIVE
    generator_options: Mapping[str, Any] = field(default_factory=dict)
    dense: bool = True  # hybrid retrieval by default; requests may ask for lexical only (no_dense)
    max_upload_bytes: int = DEFAULT_MAX_UPLOAD_BYTES
    token: str | None = None
    loopback_only: bool = True  # refuse requests whose Host is not a loopback name (when no token is set)


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


# -- uploads ---------------------------------------------------------------------------------------------


_UNSAFE = re.compile(r"[^A-Za-z0-9._-]+")


def sanitise_filename(name: str) -> str:
    """A safe file name from an uploaded one: the last path component, ASCII letters, digits, ``._-`` only,
    no leading dots, at most 120 characters (the extension kept).  Raises ValueError when nothing is left."""
    base = name.replace("\\", "/").rsplit("/", 1)[-1]
    base = _UNSAFE.sub("_", base).strip("._") or ""
    if not base or not re.search(r"[A-Za-z0-9]", base):
        raise ValueError(f"the uploaded file name {name!r} has no usable characters")
    stem, dot, ext = base.rpartition(".")
    if dot and len(ext) <= 10 and stem:
        return stem[: 120 - len(ext) - 1] + "." + ext
    return base[:120]


@dataclass(frozen=True, slots=True)
class UploadedFile:
    filename: str
    data: bytes


class UploadError(PinciteError):
    """An upload that cannot be accepted (too large, not multipart, no files)."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.status = status


async def read_upload(request: Request, limit: int) -> tuple[list[UploadedFile], dict[str, str]]:
    """Read a ``multipart/form-data`` body into memory, refusing it as soon as it passes ``limit`` bytes.

    Returns the files (field ``files`` or ``file``) and the other fields.  Nothing touches the disk."""
    from python_multipart import MultipartParser
    from python_multipart.multipart import parse_options_header

    ctype, params = parse_options_header(request.headers.get("content-type"))
    if ctype != b"multipart/form-data" or b"boundary" not in params:
        raise UploadError("send the files as multipart/form-data (a form with one or more 'files' fields)", 415)
    cap = limit + MULTIPART_OVERHEAD
    declared = request.headers.get("content-length")
    if declared and declared.isdigit() and int(declared) > cap:
        raise UploadError(f"upload is {int(declared)} bytes, over the {limit}-byte limit", 413)

    parts: list[dict[str, Any]] = []
    cur: dict[str, Any] = {}
    header_field: list[bytes] = []
    header_value: list[bytes] = []

    def on_part_begin() -> None:
        cur.clear()
        cur.update(headers={}, data=bytearray())
        header_field.clear()
        header_value.clear()

    def on_header_field(data: bytes, start: int, end: int) -> None:
        header_field.append(data[start:end])

    def on_header_value(data: bytes, start: int, end: int) -> None:
        header_value.append(data[start:end])

    def on_header_end() -> None:
        cur["headers"][b"".join(header_field).lower()] = b"".join(header_value)
        header_field.clear()
        header_value.clear()

    def on_part_data(data: bytes, start: int, end: int) -> None:
        cur["data"] += data[start:end]

    def on_part_end() -> None:
        parts.append(dict(cur))

    total = 0
    try:
        parser = MultipartParser(params[b"boundary"], {  # refuses a boundary over 256 characters
            "on_part_begin": on_part_begin, "on_header_field": on_header_field,
            "on_header_value": on_header_value, "on_header_end": on_header_end, "on_part_data": on_part_data,
            "on_part_end": on_part_end,
        })
        async for chunk in request.stream():
            total += len(chunk)
            if total > cap:
                raise UploadError(f"upload is over the {limit}-byte limit", 413)
            parser.write(chunk)
        parser.finalize()
    except UploadError:
        raise
    except Exception as e:  # the multipart parser's own errors: a malformed body
        raise UploadError(f"the multipart body could not be read: {e}") from None

    files: list[UploadedFile] = []
    fields: dict[str, str] = {}
    for p in parts:
        _, disp = parse_options_header(p["headers"].get(b"content-disposition", b""))
        name = disp.get(b"name", b"").decode("utf-8", "replace")
        if b"filename" in disp:
            if name not in ("files", "file"):
                raise UploadError(f"unexpected file field {name!r}; send files in a field named 'files'")
            files.append(UploadedFile(disp[b"filename"].decode("utf-8", "replace"), bytes(p["data"])))
        elif name:
            fields[name] = bytes(p["data"]).decode("utf-8", "replace")
    if not files:
        raise UploadError("no files in the upload; send one or more in a field named 'files'")
    if len(files) > MAX_UPLOAD_FILES:
        raise UploadError(f"{len(files)} files in one upload; at most {MAX_UPLOAD_FILES}")
    if sum(len(f.data) for f in files) > limit:
        raise UploadError(f"the files add up to more than the {limit}-byte limit", 413)
    return files, fields


# -- request bodies ----------------------------------------------------------------------------------------


def body_limit(path: str, config: ServerConfig) -> int:
    """The most bytes a request body to ``path`` may hold: the upload limit (and its multipart framing) for
    /api/ingest, a few KB for the /login form, and :data:`JSON_MAX_BODY` for everything else."""
    if path == "/api/ingest":
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
        if path == "/api/ingest":
            limit -= MULTIPART_OVERHEAD  # the limit as configured and reported by /api/health
        message = f"{what} is{size} over the {limit}-byte limit"
        response = JSONResponse({"error": message}, status_code=413, headers={"Connection": "close"})
        await response(scope, receive, send)


# -- the shared state of one running server ---------------------------------------------------------------


class _ThreadStore:
    """The store as seen from the current thread: one SQLite connection per worker thread (WAL readers)."""

    def __init__(self, db: Path | str) -> None:
        self._db = db
        self._local = threading.local()
        self._all: list[Any] = []
        self._guard = threading.Lock()
        self.path = Path(db)

    def current(self) -> Any:
        s = getattr(self._local, "store", None)
        if s is None:
            from pincite.store import open_store

            s = open_store(self._db)
            self._local.store = s
            with self._guard:
                self._all.append(s)
        return s

    def __getattr__(self, name: str) -> Any:
        return getattr(self.current(), name)

    def close_all(self) -> None:
        with self._guard:
            for s in self._all:
                try:
                    s.close()
                except Exception:  # a connection already closed
                    pass
            self._all.clear()


class Backend:
    """What every request shares: the store (per thread), the generator, the retrievers, and the locks."""

    def __init__(self, config: ServerConfig, generator: Generator | None = None, embedder: Any = None) -> None:
        self.config = config
        self.store = _ThreadStore(config.db)
        self.generator = generator or make_generator(config.generator_kind, **dict(config.generator_options))
        self._embedder = embedder
        self.index_lock = threading.Lock()  # index syncs (readers catching up, ingests)
        self.ingest_lock = threading.Lock()  # one ingest at a time
        self._setup_lock = threading.Lock()
        self._retrievers: dict[bool, Any] = {}
        self.started = datetime.datetime.now(datetime.timezone.utc)

    def embedder(self) -> Any:
        with self._setup_lock:
            if self._embedder is None:
                from pincite.embed import load_embedder

                self._embedder = load_embedder()
            return self._embedder

    def retriever(self, dense: bool | None) -> Any:
        """The shared retriever for lexical (``dense=False``) or hybrid search; built once, used by all threads."""
        dense = self.config.dense if dense is None else dense
        with self._setup_lock:
            r = self._retrievers.get(dense)
        if r is not None:
            return r
        emb = self.embedder() if dense else None
        with self._setup_lock:
            if dense not in self._retrievers:
                self._retrievers[dense] = _make_locked_retriever(self, dense, emb)
                other = self._retrievers.get(not dense)
                if other is not None and other.lexical is not None:  # one lexical index object per process
                    self._retrievers[dense].lexical = other.lexical
            return self._retrievers[dense]

    def sync_indexes(self) -> str | None:
        """After an ingest: bring the lexical index up to date (the dense one catches up at its next search)."""
        try:
            self.retriever(False).ensure_fresh()
        except PinciteError as e:
            return str(e)
        return None

    def close(self) -> None:
        self.store.close_all()


def _make_locked_retriever(backend: Backend, dense: bool, embedder: Any) -> Any:
    from pincite.retrieve import RetrievalMode, Retriever

    class LockedRetriever(Retriever):
        """A :class:`Retriever` shared by the server's threads: catching up with the store happens under the
        server's index lock (searching does not)."""

        def ensure_fresh(self) -> None:
            with backend.index_lock:
                super().ensure_fresh()

    mode = RetrievalMode.HYBRID if dense else RetrievalMode.LEXICAL
    return LockedRetriever(backend.store, mode, embedder=embedder)


# -- request and response shapes -------------------------------------------------------------------------


def check_iso_date(value: object) -> datetime.date | None:
    """``as_of`` read once (pincite.types.parse_date: YYYY-MM-DD only); an empty form field is no date."""
    return optional_date(value)


class AskRequest(BaseModel):
    """The options of ``pincite ask`` (the generator itself is chosen when the server starts)."""

    question: str = Field(min_length=1, max_length=4000, description="The question.")
    as_of: datetime.date | None = Field(None, description="Answer from the law in force on this date "
                                                           "(YYYY-MM-DD).")
    k: int = Field(8, ge=1, le=50, description="Passages to retrieve.")
    on_fail: Literal["drop", "retry"] = Field("drop", description="Drop failing citations, or retry once with the failures named.")
    retries: int = Field(1, ge=0, le=5, description="Retries with on_fail=retry.")
    no_dense: bool | None = Field(None, description="Lexical retrieval only (default: the server's setting).")
    include_non_citable: bool = Field(False, description="Retrieve non-citable zones too (they still cannot be cited).")
    documents: list[str] = Field(default_factory=list, max_length=200,
                                 description="Ask of these documents (ids or sources): one answer section per source.")
    kind: DocumentKind | None = Field(None, description="Ask of every document of this kind.")
    works: list[str] = Field(default_factory=list, max_length=50, description="Ask of every version of these works.")
    per_document: int | None = Field(None, ge=1, le=20, description="Passages per document in scope (default 3).")

    @field_validator("as_of", mode="before")  # pydantic's own reading takes 20210101 as a timestamp
    @classmethod
    def _as_of_is_a_date(cls, v: object) -> datetime.date | None:
        return check_iso_date(v)


def passage_to_json(p: Passage, doc_units: Mapping[str, Any] | None = None) -> dict[str, Any]:
    ch = p.chunk
    return {
        "rank": p.rank,
        "score": p.score,
        "passage_id": ch.id,
        "document": {"id": p.document.id, "source": p.document.source, "title": p.document.title,
                     "kind": p.document.kind.value, "citation": p.document.citation,
                     "version_date": p.document.version_date},
        "units": [x for x in ch.labels if x],
        "unit_ids": [f"{ch.doc_id}:u{o}" for o in ch.units],
        "char_start": ch.char_start,
        "char_end": ch.char_end,
        "zone": ch.zone.value,
        "citable": ch.citable,
        "author": ch.author,
        "role": ch.role.value if ch.role else None,
        "section_path": list(ch.section_path),
        "page_start": ch.page_start,
        "page_end": ch.page_end,
        "in_force_from": ch.in_force_from,
        "in_force_to": ch.in_force_to,
        "text": p.text,
    }


# -- the operations (shared by the API and the pages) ------------------------------------------------------


def run_ask(backend: Backend, req: AskRequest) -> Any:
    """Answer one question exactly as ``pincite ask`` does.  A document replaced while answering (its old id
    gone) is retried once from the new snapshot."""
    from pincite.engine import ask, ask_request

    request = ask_request(req.question, as_of=req.as_of, k=req.k, on_fail=req.on_fail, retries=req.retries,
                          include_non_citable=req.include_non_citable, documents=req.documents,
                          kinds=(req.kind,) if req.kind else (), works=req.works, per_document=req.per_document)
    retriever = backend.retriever(None if req.no_dense is None else not req.no_dense)
    for attempt in (1, 2):
        try:
            return ask(request, backend.store, retriever, backend.generator)
        except NotFound:
            if attempt == 2:
                raise
    raise AssertionError("unreachable")


def run_search(backend: Backend, q: str, k: int, as_of: datetime.date | None, kinds: list[DocumentKind],
               include_non_citable: bool, per_document: int | None, no_dense: bool | None) -> list[Passage]:
    from pincite.retrieve import SearchFilters

    filters = SearchFilters(include_non_citable=include_non_citable, as_of=as_of, kinds=tuple(kinds))
    retriever = backend.retriever(None if no_dense is None else not no_dense)
    return retriever.search(q, k=k, filters=filters, per_document=per_document)


def ingest_upload(store: Any, upload: UploadedFile, fmt: Format | None) -> Any:
    """Store one uploaded file from its bytes through the same path as ``pincite ingest``
    (:func:`pincite.ingest.ingest_bytes`), under the source ``upload/<sanitised name>``.  A file that fails
    leaves the store as it was."""
    from pincite.ingest import FileResult, ingest_bytes

    try:
        source = "upload/" + sanitise_filename(upload.filename)
    except ValueError as e:
        return FileResult(source=upload.filename, status="failed", error=str(e))
    return ingest_bytes(store, upload.data, source, fmt)


def eval_runs(backend: Backend) -> dict[str, Any]:
    """The evaluation runs recorded for the store (``pincite eval``), newest first, with their summaries."""
    return list_runs(backend.config.db, backend.store.current())


def eval_run(backend: Backend, name: str) -> dict[str, Any]:
    """One run record by its name (as listed)."""
    return get_run(backend.config.db, backend.store.current(), name)


# -- the application ---------------------------------------------------------------------------------------


def _status_of(e: PinciteError) -> int:
    from pincite.embed import EmbeddingUnavailable
    from pincite.index import IndexUnavailable

    if isinstance(e, UploadError):
        return e.status
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
    web = resources.files("pincite") / "web"
    templates = Jinja2Templates(directory=str(web / "templates"))
    templates.env.globals["token_required"] = bool(config.token)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
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
    app.mount("/static", StaticFiles(directory=str(web / "static")), name="static")

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
        problems = []
        for err in e.errors():
            where = ".".join(str(x) for x in err.get("loc", ()) if x not in ("body", "query", "path"))
            msg = str(err.get("msg", "invalid")).removeprefix("Value error, ")
            problems.append(f"{where}: {msg}" if where else msg)
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
                "retrieval": "hybrid" if config.dense else "lexical",
                "max_upload_bytes": config.max_upload_bytes, "token_required": bool(config.token),
                "started": backend.started.isoformat(timespec="seconds")}

    @app.post("/api/ask", tags=["answers"], summary="Answer a question with checked citations (as 'pincite ask --json')")
    def api_ask(req: AskRequest) -> dict[str, Any]:
        return run_ask(backend, req).to_json()

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
        return {"query": q, "as_of": as_of, "passages": [passage_to_json(p) for p in passages]}

    @app.get("/api/documents", tags=["documents"], summary="Stored documents (as 'pincite documents --json')")
    def api_documents(kind: DocumentKind | None = Query(None, description="Only this kind."),
                      work: str | None = Query(None, description="Only the versions of this work.")) -> dict[str, Any]:
        from pincite.jsonio import summary_to_json

        rows = backend.store.list_documents(kind=kind, work=work)
        return {"documents": [summary_to_json(s) for s in rows]}

    @app.get("/api/documents/{document_id}", tags=["documents"],
             summary="One document with its units, pages and text (as 'pincite show --json')")
    def api_document(document_id: str, text: bool = Query(True, description="Include the canonical text.")) -> dict[str, Any]:
        from pincite.jsonio import document_to_json

        return document_to_json(get_document(backend, document_id), with_text=text)

    @app.get("/api/documents/{document_id}/audit", tags=["documents"],
             summary="The chunk audit of one document (as 'pincite audit --json')")
    def api_audit(document_id: str) -> dict[str, Any]:
        doc, report = _audit(backend, document_id)
        return {**report.summary(), "chunks_detail": [
            {"index": c.index, "char_start": c.char_start, "char_end": c.char_end, "claimed": c.claimed,
             "units": [doc.units[o].label or doc.units[o].number for o in c.units],
             "findings": [{"kind": f.kind.value, "detail": f.detail} for f in c.findings]}
            for c in report.chunks]}

    @app.post("/api/ingest", tags=["documents"], status_code=200,
              summary="Upload and store documents (multipart 'files'; optional 'format'), as 'pincite ingest --json'",
              openapi_extra={"requestBody": {"content": {"multipart/form-data": {"schema": {
                  "type": "object", "required": ["files"], "properties": {
                      "files": {"type": "array", "items": {"type": "string", "format": "binary"}},
                      "format": {"type": "string", "enum": [f.value for f in Format]}}}}}, "required": True}})
    async def api_ingest(request: Request) -> Response:
        from starlette.concurrency import run_in_threadpool

        files, fields = await read_upload(request, config.max_upload_bytes)
        fmt = None
        if fields.get("format"):
            try:
                fmt = Format.parse(fields["format"])
            except ValueError as e:
                raise UploadError(str(e)) from None
        report = await run_in_threadpool(_ingest_files, backend, files, fmt)
        status = 200 if not report["totals"]["failed"] else 422
        if status != 200:
            failed = [f for f in report["files"] if f["status"] == "failed"]
            report = {"error": f"{len(failed)} of {len(files)} file(s) could not be stored: "
                               + "; ".join(f["error"] or f["source"] for f in failed), **report}
        return JSONResponse(report, status_code=status)

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
        return templates.TemplateResponse(request, "docs.html", {"api": _api_listing(app.openapi())})

    # -- the web reader ----------------------------------------------------------------------------------

    @app.get("/", include_in_schema=False, response_class=HTMLResponse)
    def page_ask(request: Request, q: str = "", as_of: str = "", lexical: bool = False, kind: str = "",
                 document: list[str] = Query(default=[]), work: list[str] = Query(default=[])) -> Response:
        ctx: dict[str, Any] = {"q": q, "as_of": as_of, "lexical": lexical, "answer": None, "error": None,
                               "dense_default": config.dense, "kind": kind, "kinds": [x.value for x in DocumentKind],
                               "scope_documents": document, "scope_works": work}
        if q.strip():
            try:
                req = AskRequest(question=q.strip(), as_of=as_of or None, no_dense=True if lexical else None,
                                 kind=DocumentKind.parse(kind) if kind else None, documents=document, works=work)
                ans = run_ask(backend, req)
                ctx["answer"] = _answer_view(ans)
            except PinciteError as e:
                ctx["error"] = str(e)
            except ValueError as e:  # pydantic: a bad date or an empty question
                ctx["error"] = str(e).split("\n", 1)[-1].strip()
        return templates.TemplateResponse(request, "ask.html", ctx)

    @app.get("/documents", include_in_schema=False, response_class=HTMLResponse)
    def page_documents(request: Request, kind: str = "") -> Response:
        k = None
        if kind:
            try:
                k = DocumentKind.parse(kind)
            except ValueError as e:
                raise PinciteError(str(e)) from None
        rows = backend.store.list_documents(kind=k)
        return templates.TemplateResponse(request, "documents.html", {
            "rows": rows, "kind": kind, "kinds": [x.value for x in DocumentKind],
            "total": len(rows)})

    @app.get("/documents/{document_id}", include_in_schema=False, response_class=HTMLResponse)
    def page_document(request: Request, document_id: str, hl: str = "", unit: int | None = None) -> Response:
        from pincite.web.reader import document_facts, parse_highlight, render_document_body

        doc = get_document(backend, document_id)
        h = parse_highlight(hl, len(doc.text))
        cited = unit
        if h is not None and cited is None:  # the innermost unit holding the highlight
            holding = [u for u in doc.units if u.char_start <= h.start and h.end <= u.char_end]
            cited = holding[-1].ordinal if holding else None
        cited_unit = doc.units[cited] if cited is not None and 0 <= cited < len(doc.units) else None
        return templates.TemplateResponse(request, "document.html", {
            "doc": doc, "facts": document_facts(doc), "body": render_document_body(doc, h, cited),
            "hl": h, "hl_bad": bool(hl) and h is None, "cited": cited_unit,
            "quote": doc.text[h.start:h.end] if h else None})

    @app.get("/documents/{document_id}/audit", include_in_schema=False, response_class=HTMLResponse)
    def page_audit(request: Request, document_id: str) -> Response:
        from pincite.web.audit import render_audit_html

        doc, report = _audit(backend, document_id)
        nav = templates.get_template("_audit_nav.html").render(doc=doc)
        return HTMLResponse(render_audit_html(doc, report, head='<link rel="stylesheet" href="/static/audit.css">',
                                              nav=nav))

    @app.get("/login", include_in_schema=False, response_class=HTMLResponse)
    def page_login(request: Request, next: str = "/") -> Response:
        return templates.TemplateResponse(request, "login.html", {"next": _safe_next(next), "error": None})

    @app.post("/login", include_in_schema=False, response_class=HTMLResponse)
    async def do_login(request: Request) -> Response:
        from urllib.parse import parse_qs

        body = (await request.body())[:4096].decode("utf-8", "replace")
        form = {k: v[0] for k, v in parse_qs(body).items()}
        nxt = _safe_next(form.get("next", "/"))
        if config.token is None or not token_matches(config.token, form.get("token")):
            return templates.TemplateResponse(request, "login.html", {"next": nxt, "error": "wrong token"},
                                              status_code=401)
        resp = RedirectResponse(nxt, status_code=303)
        resp.set_cookie(TOKEN_COOKIE, config.token, httponly=True, samesite="strict")
        return resp

    return app


def _safe_next(value: str) -> str:
    """Only a path on this server (no scheme, no host, no '//')."""
    return value if value.startswith("/") and not value.startswith("//") and "\\" not in value else "/"


def get_document(backend: Backend, document_id: str) -> Any:
    """The stored document a request names (by id or source).  No id or path holds a NUL, so one names no
    document; passed on, it would reach the store's path lookups, which raise ValueError, not NotFound."""
    if "\x00" in document_id:
        raise NotFound(f"no document {document_id!r}; /api/documents lists them")
    return backend.store.get_document(document_id)


def _audit(backend: Backend, document_id: str) -> tuple[Any, Any]:
    from pincite.audit import audit_chunks, claims_from_chunks

    doc = get_document(backend, document_id)
    return doc, audit_chunks(doc, claims_from_chunks(backend.store.get_chunks(doc.id)), "structural")


def _ingest_files(backend: Backend, files: list[UploadedFile], fmt: Format | None) -> dict[str, Any]:
    from pincite.ingest import IngestReport

    with backend.ingest_lock:
        report = IngestReport()
        for f in files:
            report.results.append(ingest_upload(backend.store, f, fmt))
        report.index_error = backend.sync_indexes() if report.stored else None
    return {
        "totals": report.totals(),
        "files": [{"source": r.source, "status": r.status, "id": r.doc_id, "kind": r.kind, "units": r.units,
                   "warnings": list(r.warnings), "error": r.error} for r in report.results],
        "index_error": report.index_error,
    }


def _answer_view(ans: Any) -> dict[str, Any]:
    """The answer's JSON with what the page shows beside each citation (link, role warning, version)."""
    from pincite.web.reader import MINORITY_ROLES, ROLE_NAMES
    from pincite.types import Role

    data = ans.to_json()
    for c, shown in zip(data["citations"], ans.citations):
        doc = shown.candidate.doc
        ordinal = int(c["unit_id"].rsplit(":u", 1)[1])
        c["href"] = f"/documents/{doc.id}?hl={c['char_start']}-{c['char_end']}&unit={ordinal}#hl"
        role = Role(c["role"]) if c["role"] else None
        c["minority"] = role in MINORITY_ROLES
        c["role_text"] = ROLE_NAMES.get(role, "") if role else ""
        c["version_date"] = (doc.version or {}).get("date") if isinstance(doc.version, dict) else None
        c["is_statute"] = doc.kind is DocumentKind.STATUTE
    by_n = {c["n"]: c for c in data["citations"]}
    for claim in data["claims"]:
        claim["links"] = [by_n[n] for n in claim["citations"] if n in by_n]
    return data


def _api_listing(spec: dict[str, Any]) -> list[dict[str, Any]]:
    """The endpoints of the OpenAPI document, for the offline /docs page."""
    out = []
    for path, ops in spec.get("paths", {}).items():
        for method, op in ops.items():
            params = [{"name": p["name"], "in": p["in"], "required": p.get("required", False),
                       "description": p.get("description") or p.get("schema", {}).get("description", "")}
                      for p in op.get("parameters", [])]
            body = None
            content = op.get("requestBody", {}).get("content", {})
            if content:
                ctype, spec_body = next(iter(content.items()))
                ref = spec_body.get("schema", {}).get("$ref", "")
                if ref:
                    name = ref.rsplit("/", 1)[-1]
                    props = spec.get("components", {}).get("schemas", {}).get(name, {}).get("properties", {})
                    body = {"type": ctype, "fields": [{"name": k, "description": v.get("description", ""),
                                                       "default": v.get("default")} for k, v in props.items()]}
                else:
                    props = spec_body.get("schema", {}).get("properties", {})
                    body = {"type": ctype, "fields": [{"name": k, "description": "", "default": None}
                                                      for k in props]}
            out.append({"method": method.upper(), "path": path, "summary": op.get("summary", ""),
                        "tag": (op.get("tags") or [""])[0], "params": params, "body": body})
    return out


def run_server(config: ServerConfig, host: str = "127.0.0.1", port: int = 8000) -> None:
    """Serve ``config`` on ``host:port`` until interrupted.  The token comes from ``$PINCITE_TOKEN``."""
    import dataclasses

    import uvicorn

    token = config.token if config.token is not None else (os.environ.get(TOKEN_ENV) or None)
    check_bind(host, token)
    config = dataclasses.replace(config, token=token, loopback_only=is_loopback(host))
    app = create_app(config)
    uvicorn.run(app, host=host, port=port, log_level="info", server_header=False, proxy_headers=False,
                access_log=True)


class RunningServer:
    """A uvicorn server running in a background thread (tests and the load benchmark); ``url`` is its base."""

    def __init__(self, app: FastAPI, host: str = "127.0.0.1", port: int = 0) -> None:
        import uvicorn

        if not is_loopback(host):
            raise ServerError(f"a background server binds to loopback only, not {host!r}")
        self.server = uvicorn.Server(uvicorn.Config(app, host=host, port=port, log_level="warning",
                                                    server_header=False, lifespan="on"))
        self.thread = threading.Thread(target=self.server.run, name="pincite-server", daemon=True)
        self.host = host
        self.url = ""

    def __enter__(self) -> "RunningServer":
        import time

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
