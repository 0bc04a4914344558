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
import os
import threading
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import uvicorn
from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles

from pincite.api.backend import Backend
from pincite.api.config import ServerConfig, ServerError
from pincite.api.errors import add_error_handlers
from pincite.api.guard import add_guard
from pincite.api.pages import add_pages
from pincite.api.routes import add_api_routes
from pincite.api.security import TOKEN_ENV, check_bind, is_loopback
from pincite import Pincite
from pincite.library import Generator
from pincite.web.views import STATIC, page_templates


def create_app(config: ServerConfig, generator: Generator | None = None, embedder: Any = None) -> FastAPI:
    """The FastAPI application.  ``generator`` replaces the configured one (tests pass a scripted generator,
    the fake at the model boundary); ``embedder`` replaces the default embedding model."""
    backend = Backend(config, generator, embedder)
    templates = page_templates(token_required=bool(config.token))

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        if config.dense:  # passages stored without vectors (ingest --no-dense, a stopped run) are embedded now
            backend.embedding.start()
        Pincite.warm_up_checks()  # a draft check's process, started before the first draft arrives
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

    add_guard(app, config)  # token, Host and cross-site writes; bodies capped by route
    # JSON (or an HTML page), never a trace, nor the server's paths
    add_error_handlers(app, templates, lambda m: backend.library(None, search=False).hide_paths(m))
    add_api_routes(app, backend, templates)
    add_pages(app, backend, templates)  # the web reader (its pages: pincite.api.pages; their HTML: pincite.web)
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
        Pincite.stop_checks()
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
