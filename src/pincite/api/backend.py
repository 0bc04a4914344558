"""What every request shares (the store per thread, the generator, the retrievers, the locks) and the operations
the API and the pages both call: answer, search, read a document, audit it, ingest uploads, list eval runs,
cite-check a draft."""

from __future__ import annotations

import datetime
import logging
import threading
import time
from pathlib import Path
from typing import Any, Literal
from urllib.parse import parse_qs

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator
from starlette.requests import Request

from pincite import AskOptions, CheckReport, Hit, IngestReport, Pincite
from pincite.library import Generator, make_answer_generator, make_retriever, spec
from pincite.api.config import ServerConfig
from pincite.api.uploads import UploadedFile, UploadError, ingest_upload, read_upload, sanitise_filename
from pincite.errors import NotFound, PinciteError
from pincite.types import DocumentKind, Format, OnFail, optional_date


log = logging.getLogger("pincite.server")


class BackgroundEmbedding:
    """The server's embedding of passages that lack vectors, in a thread of its own: after an ingest, when the
    server starts, and when a search finds vectors pending.  One run at a time; a request for another while
    one runs makes it run once more after (an upload that landed meanwhile).  Searches never wait for it:
    they answer lexically, marked ``"dense": "pending"``, until the dense index is up to date.  Its progress
    is :meth:`to_json` (``/api/health``'s ``dense``, the reader's status line)."""

    def __init__(self, backend: "Backend") -> None:
        self.backend = backend
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None
        self._again = False
        self.state = "pending"  # pending | checking | embedding | ready | failed
        self.done = self.total = 0
        self.started: float | None = None
        self.error: str | None = None

    def start(self) -> None:
        with self._lock:
            if self._thread is not None and self._thread.is_alive():
                self._again = True
                return
            self._again = False
            self.state = "checking"
            self._thread = threading.Thread(target=self._run, name="pincite-embed", daemon=True)
            self._thread.start()

    def running(self) -> bool:
        t = self._thread
        return t is not None and t.is_alive()

    def join(self, timeout: float | None = None) -> None:
        t = self._thread
        if t is not None:
            t.join(timeout)

    def _progress(self, done: int, total: int) -> None:
        if self.state != "embedding":
            self.state, self.started = "embedding", time.monotonic()
        self.done, self.total = done, total

    def _run(self) -> None:
        while True:
            try:
                with Pincite(self.backend.config.db, create=True, regroup=False, dense=False) as lib:
                    lib.embed(self.backend.embedder(), self._progress)
                self.state, self.error = "ready", None
            except PinciteError as e:
                self.state, self.error = "failed", str(e)
                log.warning("embedding passages failed: %s (searches stay lexical until it succeeds)", e)
            except Exception as e:  # never let the thread die silently
                self.state, self.error = "failed", f"{type(e).__name__}: {e}"
                log.exception("embedding passages failed")
            with self._lock:
                if not self._again:
                    return
                self._again = False
                self.state = "checking"

    def to_json(self) -> dict[str, Any]:
        """``{"state", "done", "total", "rate", "seconds_left", "error"}``: rate in passages per second."""
        state = self.state
        rate = left = None
        if state == "embedding" and self.started is not None and self.done:
            rate = self.done / max(time.monotonic() - self.started, 1e-6)
            left = round((self.total - self.done) / rate)
        return {"state": state, "done": self.done, "total": self.total,
                "rate": None if rate is None else round(rate, 1), "seconds_left": left, "error": self.error}


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
            s = Pincite(self._db, create=True, regroup=False).store  # the server regrouped once, at start
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
        self.generator = generator or make_answer_generator(config.generator_kind, dict(config.generator_options))
        self._embedder = embedder
        self.index_lock = threading.Lock()  # index syncs (readers catching up, ingests)
        self.ingest_lock = threading.Lock()  # one ingest at a time
        self._setup_lock = threading.Lock()
        self._retrievers: dict[bool, Any] = {}
        self.started = datetime.datetime.now(datetime.timezone.utc)
        self.embedding = BackgroundEmbedding(self)
        # what a killed ingest left ungrouped (issue 50)
        why = self.library(None, search=False).regroup(unfinished=True)
        if why:
            log.warning("grouping the copies of contracts failed: %s (the next ingest tries again)", why)

    def library(self, dense: bool | None, search: bool = True) -> Pincite:
        """The library object a request uses: the thread's store, the server's generator and (``search``) the
        shared retriever for ``dense`` (None: the server's setting)."""
        return Pincite(self.config.db, store=self.store, generator=self.generator,
                       retriever=self.retriever(dense) if search else None)

    def shown(self, value: Any) -> Any:
        """A response's JSON with every stored document's ``source`` relative to the store's folder (else the
        file's name), in its messages too (:meth:`Pincite.relative_json`): the server's filesystem is not the
        client's."""
        return self.library(None, search=False).relative_json(value)

    def embedder(self) -> Any:
        with self._setup_lock:
            if self._embedder is None:
                self._embedder = Pincite.load_embedder()
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
        """After an ingest: bring the lexical index up to date, and (hybrid servers) start embedding the new
        passages in the background."""
        try:
            self.retriever(False).ensure_fresh()
        except PinciteError as e:
            return str(e)
        finally:
            if self.config.dense:
                self.embedding.start()
        return None

    def dense_status(self, retriever: Any) -> str:
        """How this thread's last search through ``retriever`` used the dense ranking (``ready``, ``pending``,
        ``off``); pending vectors start the background embedding if it is not running."""
        status = retriever.dense_status()
        if status == "pending" and not self.embedding.running():
            self.embedding.start()
        return str(status)

    def health(self) -> dict[str, Any]:
        """The dense side for ``/api/health``: ``off`` for a lexical server, else the background embedding."""
        if not self.config.dense:
            return {"state": "off"}
        return self.embedding.to_json()

    def close(self) -> None:
        self.store.close_all()


def _make_locked_retriever(backend: Backend, dense: bool, embedder: Any) -> Any:
    # shared by the server's threads: catching up with the store happens under the server's index lock; never
    # wait for vectors: answer lexically (marked pending) while the background embedding runs
    return make_retriever(backend.store, dense=dense, embedder=embedder, wait=False,
                          lock=backend.index_lock)


# -- request and response shapes -------------------------------------------------------------------------


def check_iso_date(value: object) -> datetime.date | None:
    """``as_of`` read once (pincite.types.parse_date: YYYY-MM-DD only); an empty form field is no date."""
    return optional_date(value)


def _option(name: str) -> Any:
    """A request field from the one declaration of the option (:func:`pincite.library.spec`): its default, its
    bounds and its description."""
    o = spec(name)
    bounds = {"ge": o.ge, "le": o.le} if o.max_items is None else {"max_length": o.max_items}
    bounds = {k: v for k, v in bounds.items() if v is not None}
    if isinstance(o.default, tuple):
        return Field(default_factory=list, **bounds, description=o.help)
    return Field(o.default.value if isinstance(o.default, OnFail) else o.default, **bounds, description=o.help)


# each field is AskOptions' declaration of it (pincite.options, through the library); .options() converts.  The
# docstring is the schema's description in /openapi.json, so it is kept as it was.
class AskRequest(BaseModel):
    """The options of ``pincite ask`` (the generator itself is chosen when the server starts)."""

    model_config = ConfigDict(extra="forbid")  # a misspelt field ('asof') is a 422 naming it, never ignored

    question: str = Field(min_length=1, max_length=4000, description="The question.")
    as_of: datetime.date | None = _option("as_of")
    k: int = _option("k")
    on_fail: Literal["drop", "retry"] = _option("on_fail")  # OnFail's values (tests/unit/test_options.py)
    retries: int = _option("retries")
    paraphrase: Literal["aligned", "verified"] = _option("paraphrase")  # Paraphrase's values (test_options.py)
    no_dense: bool | None = Field(None, description="Lexical retrieval only (default: the server's setting).")
    include_non_citable: bool = _option("include_non_citable")
    documents: list[str] = _option("documents")
    kinds: list[DocumentKind] = _option("kinds")
    kind: DocumentKind | None = Field(None, description="One kind (the reader's form): as kinds=[kind].")
    works: list[str] = _option("works")
    per_document: int | None = _option("per_document")

    @field_validator("as_of", mode="before")  # pydantic's own reading takes 20210101 as a timestamp
    @classmethod
    def _as_of_is_a_date(cls, v: object) -> datetime.date | None:
        return check_iso_date(v)

    def options(self) -> AskOptions:
        """The request as the library's options (every field is one of them, but ``no_dense``: the retriever)."""
        return AskOptions(as_of=self.as_of, k=self.k, on_fail=OnFail.parse(self.on_fail), retries=self.retries,
                          paraphrase=self.paraphrase, include_non_citable=self.include_non_citable, documents=tuple(self.documents),
                          kinds=tuple(dict.fromkeys([*self.kinds, *([self.kind] if self.kind else [])])),
                          works=tuple(self.works),
                          per_document=self.per_document)


def request_problems(errors: Any) -> list[str]:
    """A request's bad fields, one line each (``as_of: not a date written YYYY-MM-DD: 2021-13-45``), from
    pydantic's errors: its own text, with its links to pydantic's site, never reaches a user."""
    problems = []
    for err in errors:
        where = ".".join(str(x) for x in err.get("loc", ()) if x not in ("body", "query", "path"))
        msg = str(err.get("msg", "invalid")).removeprefix("Value error, ")
        problems.append(f"{where}: {msg}" if where else msg)
    return problems


def invalid_request_message(e: ValidationError) -> str:
    """The one line a page shows for a request it cannot read (the API's 422 body says the same)."""
    return "invalid request: " + "; ".join(request_problems(e.errors()))


# -- the operations (shared by the API and the pages) ------------------------------------------------------


def run_ask(backend: Backend, req: AskRequest) -> Any:
    """Answer one question exactly as ``pincite ask`` does.  A document replaced while answering (its old id
    gone) is retried once from the new snapshot.  How retrieval used the dense ranking is then
    :func:`last_dense` (in the same thread)."""
    lib = backend.library(None if req.no_dense is None else not req.no_dense)
    request = lib.request(req.question, req.options())
    for attempt in (1, 2):
        try:
            return lib.ask(request)
        except NotFound:
            if attempt == 2:
                raise
    raise AssertionError("unreachable")


def last_dense(backend: Backend, no_dense: bool | None) -> str:
    """``ready``, ``pending`` or ``off``: how this thread's last search or answer used the dense ranking."""
    return backend.dense_status(backend.retriever(None if no_dense is None else not no_dense))


def run_search(backend: Backend, q: str, k: int, as_of: datetime.date | None, kinds: list[DocumentKind],
               include_non_citable: bool, per_document: int | None, no_dense: bool | None,
               documents: list[str] | None = None, works: list[str] | None = None) -> list[Hit]:
    """The passages retrieval finds (how the dense ranking was used is then :func:`last_dense`)."""
    lib = backend.library(None if no_dense is None else not no_dense)
    return lib.search(q, k=k, as_of=as_of, kinds=kinds, include_non_citable=include_non_citable,
                      per_document=per_document, documents=documents or (), works=works or ())


def eval_runs(backend: Backend) -> dict[str, Any]:
    """The evaluation runs recorded for the store (``pincite eval``), newest first, with their summaries; where
    they are kept relative to the store's folder, as an unreadable one's error names it."""
    return backend.shown(Pincite(backend.config.db, store=backend.store.current()).runs())


def eval_run(backend: Backend, name: str) -> dict[str, Any]:
    """One run record by its name (as listed), its sources and the gold file and corpus it was made from shown
    relative to the store's folder (else by their names), as every response shows a source."""
    lib = Pincite(backend.config.db, store=backend.store.current())
    run = backend.shown(lib.run(name))
    settings = run.get("settings")
    if isinstance(settings, dict):
        run["settings"] = {k: lib.relative_source(v) if k in ("gold", "corpus") and isinstance(v, str) else v
                           for k, v in settings.items()}
    return run


def get_document(backend: Backend, document_id: str) -> Any:
    """The stored document a request names (by id or source).  No id or path holds a NUL, so one names no
    document; passed on, it would reach the store's path lookups, which raise ValueError, not NotFound."""
    if "\x00" in document_id:
        raise NotFound(f"no document {document_id!r}; /api/documents lists them")
    return backend.library(None, search=False).document(document_id)


def audit_document(backend: Backend, document_id: str) -> tuple[Any, Any]:
    doc = get_document(backend, document_id)
    return doc, backend.library(None, search=False).audit(doc.id)  # Pincite.audit: as 'pincite audit' does


def ingest_files(backend: Backend, files: list[UploadedFile], fmt: Format | None,
                 replace: str | None = None) -> dict[str, Any]:
    """Store uploaded files; ``replace`` (one file only) names the stored document it replaces."""
    if replace is not None:
        if len(files) != 1:
            raise UploadError("'replace' names the one document one uploaded file replaces: send one file")
        get_document(backend, replace)  # NotFound (404) before anything is stored
    with backend.ingest_lock:
        lib = backend.library(None, search=False)
        report = IngestReport()
        for f in files:
            held = get_document(backend, replace).id if replace else None
            report.results.append(ingest_upload(lib, f, fmt, held))
        report.twins_error = lib.regroup() if report.stored else None
        report.index_error = backend.sync_indexes() if report.stored else None
    return {
        "totals": report.totals(),
        "files": [r.to_json() for r in report.results],
        "index_error": report.index_error,
    }


def remove_document(backend: Backend, document_id: str) -> dict[str, Any]:
    """Remove one stored document (its units, chunks and vectors go with it) and bring the indexes up to date;
    what was removed.  A document that is not stored is :class:`NotFound` (404)."""
    doc = get_document(backend, document_id)
    with backend.ingest_lock:
        backend.library(None, search=False).remove(doc.id)  # its copies regrouped: another may be canonical
        index_error = backend.sync_indexes()
    return {"removed": doc.id, "source": doc.source, "title": doc.title, "index_error": index_error}


class CheckRequest(BaseModel):
    """A draft to cite-check, as text (a file is sent as multipart instead: field ``file``, and ``as_of``)."""

    text: str = Field(min_length=1, max_length=2_000_000, description="The draft's text.")
    as_of: datetime.date | None = Field(None, description="The date the draft speaks as of (YYYY-MM-DD; default "
                                                           "today).")
    file: str = Field("draft.txt", max_length=300, description="A name for the draft (its extension picks the "
                                                                 "reader: .txt, .md, .html).")

    @field_validator("as_of", mode="before")
    @classmethod
    def _as_of_is_a_date(cls, v: object) -> datetime.date | None:
        return check_iso_date(v)


def run_check(backend: Backend, data: bytes, source: str, as_of: datetime.date | None) -> CheckReport:
    """Cite-check one draft exactly as ``pincite check`` does, in a child process with a time limit
    (``Pincite.check(isolated=True)``: no draft can hold the server)."""
    return backend.library(None, search=False).check(data, source=source, as_of=as_of, isolated=True)


async def read_check_request(request: Request, limit: int) -> tuple[bytes, str, datetime.date | None]:
    """A draft sent to be checked: a JSON :class:`CheckRequest`, or a multipart form with the draft as field
    ``file`` (or, from the reader's form with no file chosen, its text as field ``text``) and ``as_of``.
    Returns (bytes, a sanitised name, the date)."""
    ctype = request.headers.get("content-type", "")
    if ctype.startswith("multipart/form-data"):
        files, fields = await read_upload(request, limit, files_required=False)  # the text alone is a draft
        chosen = [f for f in files if f.data]
        if len(chosen) > 1:
            raise UploadError("send one draft at a time (one 'file' field)")
        as_of = check_iso_date(fields.get("as_of") or None)
        if chosen:
            return chosen[0].data, _draft_name(chosen[0].filename or "draft.txt"), as_of
        text = fields.get("text", "")
        if not text.strip():
            raise UploadError("no draft: send it as the field 'file' (a .txt, .md, .html, .docx or .pdf) "
                              "or its text as the field 'text'")
        return text.encode("utf-8"), "draft.txt", as_of
    if ctype.startswith("application/x-www-form-urlencoded"):  # a form with only the text field
        form = {k: v[-1] for k, v in parse_qs((await request.body()).decode("utf-8", "replace")).items()}
        as_of = check_iso_date(form.get("as_of") or None)
        if not form.get("text", "").strip():
            raise UploadError("no draft: send its text as the form field 'text' (or a multipart 'file')", 422)
        return form["text"].encode("utf-8"), "draft.txt", as_of
    try:
        req = CheckRequest.model_validate_json(await request.body())
    except ValidationError as e:
        first = e.errors()[0] if e.errors() else {"msg": str(e), "loc": ()}
        raise UploadError(f"{'.'.join(str(x) for x in first.get('loc', ())) or 'body'}: {first['msg']} (send JSON "
                          "{\"text\": ..., \"as_of\": \"YYYY-MM-DD\"} or a multipart 'file')", 422) from None
    name = _draft_name(req.file)
    if not name.lower().endswith((".txt", ".md", ".markdown", ".html", ".htm", ".text")):
        name += ".txt"  # text sent as JSON is read as text or HTML, never as a binary format
    return req.text.encode("utf-8"), name, req.as_of


def _draft_name(name: str) -> str:
    """The draft's sanitised name; one with nothing usable ('...', '___') is refused with the reason (422)."""
    try:
        return sanitise_filename(name)
    except ValueError as e:
        raise UploadError(f"{e}: name the draft with letters or digits and its extension (memo.docx)",
                          422) from None
