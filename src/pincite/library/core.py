"""The Python API: one object, :class:`Pincite`, that owns a store, its indexes, a retriever and a generator.

    with Pincite("pincite.db", dense=False) as lib:
        lib.ingest(["contracts/"])
        answer = lib.ask("What is the notice period for termination?")
        for c in answer.citations:
            print(c.pinpoint, c.quote)

The command line, the HTTP API and the evaluation are clients of it: a question is wired (store → retriever →
generator) here and nowhere else, so they cannot drift apart.  Named after the package, as ``sqlite_utils.Database``
is after what it opens: the object *is* one pincite library of documents.

Every return value is a typed value (``IngestReport``, ``Document``, ``Hit`` — a ranked ``Passage`` —, ``Answer``,
``CheckReport``, ``EvalRun``, ``AuditReport``), with the JSON the command line prints under ``--json``
(``to_json()`` where the type has one; :mod:`pincite.jsonio` for documents).  A question's options are one
declaration, :class:`pincite.options.AskOptions` (defaults, help text, bounds), that every door reads.  Errors are :mod:`pincite.errors`'s family, with the
messages the command line prints after ``error:``.
"""

from __future__ import annotations

import datetime
import os
import re
import threading
from importlib import resources
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from types import TracebackType
from typing import Any

from pincite.answer.citecheck import Checker, CheckReport, check_file
from pincite.answer.model import Answer
from pincite.audit import AuditReport, audit_chunks, claims_from_chunks, claims_from_jsonl
from pincite.chunk import ChunkSettings, WindowSettings, window_chunks
from pincite.engine import ask as engine_ask
from pincite.checkrun import check_limited, stop_running_checks, warm_up
from pincite.errors import NotFound, PinciteError, StoreNotFound
from pincite.evaluation.gold import GoldQuestion, read_gold
from pincite.evaluation.runs import (
    EvalRun,
    GoldSets,
    get_run,
    list_runs,
    prepare_eval_store,
    run_gold,
    run_settings,
    write_run,
)
from pincite.generate.base import DEFAULT_GENERATOR, Generator, GeneratorKind
from pincite.generate.factory import make_generator
from pincite.ingest import (
    FileResult, IngestReport, embed_store, ingest_bytes, ingest_paths, rechunk_all, regroup_unfinished,
    update_twins,
)
from pincite.jsonio import Hit
from pincite.migrate import MigrateReport, migrate_store
from pincite.open import (
    default_location, display_location, is_server_store, open_file_store, open_store, store_exists,
)
from pincite.options import DEFAULT_K, EVAL_OPTIONS, AskOptions, AskRequest, ask_request, names, number
from pincite.options import kinds as _kinds
from pincite.scope import resolve_document, resolve_filters
from pincite.search.embed import load_embedder
from pincite.search.retrieve import RetrievalMode, Retriever
from pincite.store import Store
from pincite.store import DocumentSummary
from pincite.types import Chunk, Chunker, Document, DocumentKind, Format, SearchFilters, optional_date
from pincite.versions import resolve_work

DateLike = datetime.date | str | None
#: A passage id is its chunk id: ``<document id>:c<start>-<end>`` (``w`` for the window chunker).
PASSAGE_ID = re.compile(r"^(?P<doc>.+):[cw](?P<start>\d+)-(?P<end>\d+)$")


def demo_paths() -> list[str]:
    """The demo documents shipped inside the package (fictional, written by the pincite authors)."""
    root = resources.files("pincite") / "demo"
    return sorted(str(p) for p in root.iterdir() if p.name.endswith((".xml", ".txt")))


class LockedRetriever(Retriever):
    """A :class:`Retriever` shared by a server's threads: catching up with the store happens under ``lock`` (the
    server's index lock; searching does not take it)."""

    lock: threading.Lock

    def ensure_fresh(self) -> None:
        with self.lock:
            super().ensure_fresh()


def make_retriever(store: Store, *, dense: bool, wait: bool = True, embedder: Any = None,
                   on_progress: Callable[[str, int, int], None] | None = None,
                   chunker: Chunker = Chunker.STRUCTURAL, lock: threading.Lock | None = None) -> Retriever:
    """The one construction of a retriever: hybrid when ``dense``, else lexical; with a ``lock``, one that a
    server's threads share.  :class:`Pincite` and the server both make theirs here."""
    mode = RetrievalMode.HYBRID if dense else RetrievalMode.LEXICAL
    if lock is None:
        return Retriever(store, mode, embedder=embedder, on_progress=on_progress, wait=wait, chunker=chunker)
    shared = LockedRetriever(store, mode, embedder=embedder, on_progress=on_progress, wait=wait, chunker=chunker)
    shared.lock = lock
    return shared


def make_answer_generator(kind: GeneratorKind | str, options: dict[str, Any] | None = None) -> Generator:
    """The one construction of a generator; ``options`` (the openai generator's) are ignored by the others."""
    kind = GeneratorKind.parse(kind) if isinstance(kind, str) else kind
    return make_generator(kind, **(dict(options or {}) if kind is GeneratorKind.OPENAI else {}))


#: the keys of a result's JSON whose value is a path on the machine that holds the store
#: (:meth:`Pincite.relative_json`)
PATH_KEYS = frozenset({"source", "folder"})
#: the keys whose text (or list of texts) may name such a path: messages, never a document's own words
MESSAGE_KEYS = frozenset({"warnings", "error", "index_error", "twins_error", "problems"})


class Pincite:
    """A library of legal documents, opened at ``location`` (a SQLite file path or a ``postgresql://`` URL; None:
    ``$PINCITE_STORE``, else ``$PINCITE_DB``, else ``./pincite.db``).

    ``generator`` names how answers are written (``ranker``, the default, ``extractive``, ``openai``);
    ``generator_options`` are the openai generator's (``base_url``, ``model``, ``api_key_env``, ``timeout``,
    ``max_tokens``).  ``dense=False`` searches lexically and embeds nothing (no embedding model is loaded);
    ``wait=False`` answers lexically while vectors are missing (the hit says ``"dense": "pending"``).
    The store is opened at once; the retriever and generator are made on first use and kept (models load once).
    A location where no store is raises :class:`~pincite.errors.StoreNotFound` naming it (a mistyped path is
    not a wish for an empty store), unless ``create=True`` (to ingest into a new one).  ``regroup=False``: the
    store opened here is not searched for contracts a killed ingest left ungrouped (a server's further
    connections: it did so once, at start, with :meth:`regroup`'s ``unfinished``).
    """

    def __init__(self, location: str | os.PathLike[str] | None = None, *,
                 generator: GeneratorKind | str | Generator = DEFAULT_GENERATOR,
                 generator_options: dict[str, Any] | None = None, dense: bool = True, wait: bool = True,
                 on_progress: Callable[[str, int, int], None] | None = None, store: Store | None = None,
                 chunker: Chunker = Chunker.STRUCTURAL, retriever: Retriever | None = None,
                 create: bool = False, regroup: bool = True) -> None:
        self.location: str | Path = default_location() if location is None else (
            location if isinstance(location, str) else Path(location))
        if store is None and not create and not store_exists(self.location):
            raise StoreNotFound(self.location)
        made: Generator | None = None
        if isinstance(generator, str):
            generator = GeneratorKind.parse(generator)
        if not isinstance(generator, GeneratorKind):  # one already made (the server's, shared by its requests)
            made, generator = generator, GeneratorKind.EXTRACTIVE
        self.generator_kind = generator
        self.generator_options = dict(generator_options or {})
        self.dense = dense
        self.wait = wait
        self.on_progress = on_progress
        self.chunker = chunker
        self.store: Store = store if store is not None else open_store(self.location)
        if store is None and regroup:  # opened here: group what a killed ingest stored but did not group (issue 50)
            regroup_unfinished(self.store)
        self._retriever: Retriever | None = retriever
        self._generator: Generator | None = made

    # -- lifetime ---------------------------------------------------------------------------------------------

    def close(self) -> None:
        self.store.close()

    def __enter__(self) -> Pincite:
        return self

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.close()

    # -- the parts, made once ---------------------------------------------------------------------------------

    @property
    def retriever(self) -> Retriever:
        """The one retriever of this library (lexical when opened with ``dense=False``, else hybrid)."""
        if self._retriever is None:
            self._retriever = make_retriever(self.store, dense=self.dense, wait=self.wait,
                                             on_progress=self.on_progress, chunker=self.chunker)
        return self._retriever

    @property
    def generator(self) -> Generator:
        """The one generator of this library (made on first use; its model loads on the first question)."""
        if self._generator is None:
            self._generator = make_answer_generator(self.generator_kind, self.generator_options)
        return self._generator

    def dense_status(self) -> str:
        """How the last search ranked: ``"used"``, ``"off"`` or ``"pending"`` (vectors missing)."""
        return self.retriever.dense_status()

    def require_documents(self) -> None:
        """Raise :class:`PinciteError` when the store holds no document (usually the wrong location)."""
        if not self.store.list_documents():
            raise PinciteError(f"no documents in {self.store.path}; run 'pincite ingest PATH' first, or pass --db")

    # -- documents --------------------------------------------------------------------------------------------

    def ingest(self, paths: Iterable[str | os.PathLike[str]], *, format: Format | None = None,
               embedder: Any = None, on_file: Callable[..., None] | None = None,
               on_start: Callable[[int], None] | None = None,
               on_embed: Callable[[int, int], None] | None = None) -> IngestReport:
        """Parse and store files and folders; a bad file is reported in the result and the rest go on.  Passages
        are embedded when an ``embedder`` is given (see :meth:`embed`)."""
        return ingest_paths(self.store, list(paths), format, on_file=on_file, on_start=on_start, embedder=embedder,
                            on_embed=on_embed)

    def ingest_bytes(self, data: bytes, source: str, *, format: Format | None = None) -> FileResult:
        """Parse and store one file given as bytes (an upload) under the key ``source`` (its suffix says the
        format unless ``format`` does), as :meth:`ingest` stores a file; a file that fails is reported in the
        result and leaves the store as it was.  Contracts are regrouped by :meth:`regroup`, once a batch is
        in."""
        return ingest_bytes(self.store, data, source, format)

    def remove(self, document: str, *, regroup: bool = True) -> Document:
        """Remove one stored document (by id or stored source: no name is guessed) with its passages and
        vectors; returns what was removed.  ``regroup``: the copies of a contract it was one of are regrouped
        at once (:meth:`regroup`)."""
        doc = self.document(document)
        self.store.delete_document(doc.id)
        if regroup:
            self.regroup()
        return doc

    def regroup(self, *, unfinished: bool = False) -> str | None:
        """Group the stored contracts that are one agreement stored from several files; returns why it
        failed, if it did (the groups stay as they were; the next ingest tries again).  ``unfinished``: only if
        a killed ingest left some ungrouped (what opening a library does; one read when none is)."""
        return regroup_unfinished(self.store) if unfinished else update_twins(self.store)

    def documents(self, *, kinds: Iterable[DocumentKind | str] = (), kind: DocumentKind | str | None = None,
                  work: str | None = None) -> list[DocumentSummary]:
        """The stored documents: of any of ``kinds`` (a list, checked as :meth:`search` checks its
        ``kinds``: one string is refused, and so is a name that is not a kind,
        :class:`~pincite.errors.InvalidOption`), or of one ``kind`` (the older single form; both given:
        either's); ``work``: the versions of one work key."""
        one_kind = () if kind is None else (kind,)
        wanted = tuple(dict.fromkeys([*_kinds("kinds", kinds), *_kinds("kind", one_kind)]))
        one = wanted[0] if len(wanted) == 1 else None  # one kind: the store filters; several: filtered here
        rows = self.store.list_documents(kind=one, work=work) if work else self.store.list_documents(kind=one)
        return rows if len(wanted) < 2 else [s for s in rows if s.kind in wanted]

    def show(self, document: str) -> Document:
        """One document (by id, any spelling of its path, a unique file name or title: :mod:`pincite.scope`)
        with its units; :class:`~pincite.errors.UnknownName` naming the closest if there is none."""
        return self.store.get_document(resolve_document(self.store, document).id)

    def document(self, doc_id: str) -> Document:
        """The document whose id (or stored source) is ``doc_id`` exactly (an id from a passage or a hit: no
        name is resolved, so nothing lists every document); :class:`~pincite.errors.NotFound` if none."""
        return self.store.get_document(doc_id)

    def passage(self, passage_id: str) -> Chunk:
        """The passage (a stored chunk) whose id is ``passage_id``, as a search hit names it
        (``<document id>:c<start>-<end>``); :class:`~pincite.errors.NotFound` saying where ids come from."""
        wanted = passage_id.strip()
        found = self.store.get_chunks_by_id([wanted]) if PASSAGE_ID.match(wanted) else {}
        if not found:
            raise NotFound(f"no passage {passage_id!r} in {self.store_name()}: passage ids come from "
                           "search (or read), and change when a document is re-ingested with new text")
        return found[wanted][0]

    def passages(self, doc_id: str) -> list[Chunk]:
        """Every passage of one document (by id), in order: what a search can return of it."""
        return self.store.get_chunks(doc_id)

    def generation(self) -> int | None:
        """A number that changes whenever the store does (an ingest or a removal, by any process): what a
        client caching documents compares."""
        return self.store.generation()

    def store_name(self) -> str:
        """How a message names this library's store (its file's name, or the server's URL without
        credentials): never the server's filesystem layout."""
        return display_location(self.location, self.store) if is_server_store(self.location) else Path(
            str(self.location)).name

    def shown_location(self) -> str:
        """How the command line names this library's store: a server's URL without its password, else the
        database file's path."""
        return display_location(self.location, self.store)

    def relative_source(self, source: str) -> str:
        """A stored document's ``source`` as a remote client is shown it (HTTP, MCP): relative to the store's
        folder when the file lies under it, else the file's name — never the server's absolute path."""
        path = Path(source)
        if not path.is_absolute() or is_server_store(self.location):
            return source if not path.is_absolute() else path.name
        root = Path(str(self.location)).resolve().parent
        try:
            return path.resolve().relative_to(root).as_posix()
        except ValueError:
            return path.name

    def hide_paths(self, message: str) -> str:
        """``message`` (an error's) as a remote client is shown it: the store's path named by its file's name,
        and the store's folder left out of any path under it (:meth:`relative_source`'s rule)."""
        if is_server_store(self.location):
            return message
        path = Path(str(self.location))
        for shown in sorted({str(path.resolve()), str(path.absolute()), str(path)}, key=len, reverse=True):
            message = message.replace(shown, path.name)
        return message.replace(str(path.resolve().parent) + os.sep, "")

    def relative_json(self, value: Any) -> Any:
        """``value`` (a result's JSON) as a remote client is shown it (HTTP, MCP): every ``source`` and
        ``folder`` by :meth:`relative_source`, and in its messages (``warnings``, ``error``…: a parse warning
        says ``/srv/docs/a.txt: no numbering found``) each absolute source it names the same way and the
        store's path as :meth:`hide_paths` shows it.  A document's text and quotes are never changed."""
        sources: set[str] = set()

        def collect(v: Any) -> None:
            if isinstance(v, dict):
                for k, x in v.items():
                    if k in PATH_KEYS and isinstance(x, str) and Path(x).is_absolute():
                        sources.add(x)
                    else:
                        collect(x)
            elif isinstance(v, list):
                for x in v:
                    collect(x)

        def said(text: str) -> str:
            for source, relative in named:
                text = text.replace(source, relative)
            return self.hide_paths(text)

        def shown(v: Any, message: bool = False) -> Any:
            if isinstance(v, dict):
                return {k: self.relative_source(x) if k in PATH_KEYS and isinstance(x, str)
                        else shown(x, message or k in MESSAGE_KEYS) for k, x in v.items()}
            if isinstance(v, list):
                return [shown(x, message) for x in v]
            return said(v) if message and isinstance(v, str) else v

        collect(value)
        named = [(x, self.relative_source(x)) for x in sorted(sources, key=len, reverse=True)]
        return shown(value)

    def versions(self, work: str) -> tuple[str, list[DocumentSummary]]:
        """The key of ``work`` (a key, short code, title or citation) and its versions, oldest first."""
        key = resolve_work(self.store, work).key
        return key, self.store.list_documents(work=key)

    def embed(self, embedder: Any = None, on_progress: Callable[[int, int], None] | None = None) -> int:
        """Embed the passages with no vector yet; returns how many were embedded."""
        if embedder is None:
            embedder = load_embedder()  # the model is loaded here, by the call (importing it loads nothing)
        return embed_store(self.store, embedder, on_progress)

    @staticmethod
    def load_embedder() -> Any:
        """The embedding model (loaded by this call; :class:`~pincite.errors.EmbeddingUnavailable` if it
        cannot be), to hand to :meth:`ingest` or :meth:`embed`, or to keep for several."""
        return load_embedder()

    @staticmethod
    def exists(location: str | os.PathLike[str]) -> bool:
        """Whether there is a store at ``location`` to open without ``create``: a server's store is taken to be
        there (opening it says if not); a SQLite file must exist."""
        return store_exists(location)

    @staticmethod
    def is_server(location: object) -> bool:
        """Whether ``location`` names a store kept by a database server (a ``postgresql://`` URL), not a file."""
        return is_server_store(location)

    @staticmethod
    def default_location(override: str | None = None) -> str | Path:
        """Where the store is when no location is given: ``override`` (the command line's ``--store``), else
        ``$PINCITE_STORE``, else ``$PINCITE_DB``, else ``./pincite.db``."""
        return default_location(override)

    def counts(self) -> dict[str, int]:
        """How many documents and units the store holds (``{"documents": n, "units": n}``)."""
        return self.store.counts()

    def vector_count(self, model: str) -> int:
        """How many passage vectors of the embedding model ``model`` the store keeps."""
        return self.store.count_embeddings(model)

    def rechunk(self, settings: ChunkSettings) -> int:
        """Record new chunk settings and re-chunk every stored document from its stored units (nothing is
        re-parsed); returns the number of chunks."""
        return rechunk_all(self.store, settings)

    def copy_from(self, source: str | os.PathLike[str]) -> MigrateReport:
        """Copy the embedded (SQLite) store in the file ``source`` into this library's store (``pincite
        migrate``): what is already here is skipped, so an interrupted copy is run again."""
        with open_file_store(source) as src:
            return migrate_store(src, self.store)

    def audit(self, document: str | Document, *, chunker: Chunker = Chunker.STRUCTURAL,
              window: WindowSettings | None = None, chunks: Iterable[str] | None = None,
              chunks_name: str = "chunks") -> AuditReport:
        """The chunk audit of one stored document: every chunk located in the document's text.  The stored
        chunks by default (labelled ``structural``, the chunker's name, as ``pincite audit`` and ``GET
        /api/documents/{id}/audit`` say); ``chunker=Chunker.WINDOW``: the token-window baseline's (``window``
        its sizes); ``chunks``: another pipeline's, as JSON lines (``chunks_name`` names them in errors).
        ``document``: a name (:meth:`show`'s) or a document already read."""
        doc = document if isinstance(document, Document) else self.show(document)
        if chunks is not None:
            return audit_chunks(doc, claims_from_jsonl(chunks, chunks_name),
                                f"external ({Path(chunks_name).name})")
        if chunker is Chunker.WINDOW:
            settings = window or WindowSettings()
            windows = claims_from_chunks(window_chunks(doc, settings))
            return audit_chunks(doc, windows, f"window ({settings.key()})")
        return audit_chunks(doc, claims_from_chunks(self.store.get_chunks(doc.id)), "structural")

    # -- questions --------------------------------------------------------------------------------------------

    def search(self, query: str, *, k: int = DEFAULT_K, as_of: DateLike = None,
               include_non_citable: bool = False,
               kinds: Iterable[DocumentKind | str] = (), documents: Iterable[str] = (),
               works: Iterable[str] = (), per_document: int | None = None) -> list[Hit]:
        """The passages that best answer ``query``, best first (citable text only unless
        ``include_non_citable``): each a :class:`~pincite.jsonio.Hit`, whose ``to_json()`` is ``search --json``'s
        hit.  The options are :class:`~pincite.options.AskOptions`' names, checked as it checks them
        (:class:`~pincite.errors.InvalidOption`)."""
        filters = SearchFilters(include_non_citable=include_non_citable, as_of=AskOptions(as_of=as_of).as_of,
                                kinds=_kinds("kinds", kinds), works=names("works", works),
                                documents=names("documents", documents))
        k, per_document = number("k", k), number("per_document", per_document)
        filters = resolve_filters(self.store, filters)  # a named document or work that is not stored: said
        return [Hit.of(p) for p in self.retriever.search(query, k=k, filters=filters, per_document=per_document)]

    def request(self, question: str, options: AskOptions | None = None, **changes: Any) -> AskRequest:
        """A question and its options (:class:`~pincite.options.AskOptions`, the one declaration of them: the
        defaults, or ``options``, with any option changed by name)."""
        return ask_request(question, options, **changes)

    def ask(self, question: str | AskRequest, options: AskOptions | None = None, **changes: Any) -> Answer:
        """Answer ``question`` with every citation checked before it is returned (``answer.citations``: each has
        its ``pinpoint`` and ``quote``; what failed a check is in ``answer.dropped``).  The options are
        :class:`~pincite.options.AskOptions`' (``as_of``, ``k``, ``on_fail``, ``retries``, ``budget_tokens``,
        ``include_non_citable``, ``unsupported``, ``documents``, ``kinds``, ``works``, ``per_document``): give
        ``options``, or change any by name (``lib.ask(q, as_of="2021-06-29", k=5)``)."""
        request = question if isinstance(question, AskRequest) else ask_request(question, options, **changes)
        return engine_ask(request, self.store, self.retriever, self.generator)

    def ask_many(self, requests: Iterable[AskRequest], *,
                 go_on: type[Exception] | tuple[type[Exception], ...] = ()) -> Iterator[Answer | Exception]:
        """Answer each request in turn with the same retriever and generator (models load once), each answer
        yielded as it is made.  An error of a type in ``go_on`` (``UnknownName``: one question's scope names
        nothing stored) is yielded in that answer's place and the rest go on; any other ends the run."""
        for request in requests:
            try:
                yield self.ask(request)
            except go_on as e:
                yield e

    def check(self, draft: str | os.PathLike[str] | bytes, *, source: str | None = None,
              as_of: DateLike = None, isolated: bool = False, seconds: float | None = None) -> CheckReport:
        """Cite-check a draft (a path, or its bytes with a ``source`` name whose suffix says the format).
        ``isolated=True`` runs it in the limited worker process (:func:`pincite.checkrun.check_limited`:
        its own store connection, killed after ``seconds``, default ``$PINCITE_CHECK_SECONDS``), as a server
        does for a draft it was sent; it raises ``CheckTooLarge`` past the limit."""
        if isinstance(draft, bytes):
            data, name = draft, source or "draft.txt"
        else:
            try:
                data = Path(draft).read_bytes()
            except OSError as e:
                raise PinciteError(f"{draft}: cannot read the draft: {e.strerror or e}") from None
            name = source or str(draft)
        if isolated:
            return check_limited(self.location, data, name, optional_date(as_of), seconds)
        return check_file(self.store, data, name, optional_date(as_of), Checker(self.store))

    @staticmethod
    def warm_up_checks() -> None:
        """Start the limited check process ahead of the first ``check(isolated=True)`` (a server does at
        start-up): it loads the citation tables while nothing waits for it."""
        warm_up()

    @staticmethod
    def stop_checks() -> int:
        """Kill every isolated check in progress (their callers get ``CheckStopped``: a server shutting down);
        how many there were."""
        return stop_running_checks()

    def evaluate(self, gold: str | os.PathLike[str] | Sequence[GoldQuestion], *, options: AskOptions | None = None,
                 settings: dict[str, Any] | None = None,
                 on_question: Callable[[dict[str, Any]], None] | None = None) -> EvalRun:
        """Answer every question of a gold file (or the questions read from one) with :meth:`ask` and score
        each; ``options`` default to :data:`~pincite.options.EVAL_OPTIONS` (the defaults users ask with).  Returns the run
        (``to_json()``: the record ``pincite eval --out`` writes)."""
        questions = read_gold(gold) if isinstance(gold, (str, os.PathLike)) else gold
        run = run_gold(questions, self.store, self.ask, self.generator.name, options or EVAL_OPTIONS, settings,
                       on_question)
        return EvalRun.from_json(run)

    def evaluate_sets(self, gold_sets: GoldSets, *, corpus: str | os.PathLike[str] | None = None,
                      options: AskOptions | None = None, on_note: Callable[[str], None] | None = None,
                      on_question: Callable[[dict[str, Any]], None] | None = None) -> list[EvalRun]:
        """What ``pincite eval`` runs: ``corpus`` (when given) and every file the gold sets name outside it are
        ingested, every gold source is checked to be stored, the chunks of this library's chunker are made, the
        indexes brought up to date; then each set ``(gold file, its questions)`` is answered and scored with
        the settings that produced it recorded (:func:`~pincite.evaluation.runs.run_settings`).  One run a set,
        in order."""
        prepare_eval_store(self.store, corpus, self.chunker, on_note=on_note, gold_sets=gold_sets)
        retriever, generator = self.retriever, self.generator  # made before any question: a bad setting fails first
        retriever.ensure_fresh()
        model = self.generator_options.get("model") if self.generator_kind is GeneratorKind.OPENAI else None
        runs = []
        for path, questions in gold_sets:
            settings = run_settings(self.store, path, corpus, self.chunker, retriever.mode, generator, model)
            runs.append(self.evaluate(questions, options=options, settings=settings, on_question=on_question))
        return runs

    def runs(self, limit: int = 100) -> dict[str, Any]:
        """The evaluation runs recorded for this store, newest first, with their summaries (``GET
        /api/eval/runs``'s JSON)."""
        return list_runs(self.location, self.store, limit)

    def run(self, name: str) -> dict[str, Any]:
        """One recorded evaluation run by its name (as :meth:`runs` lists it); :class:`NotFound` if none."""
        return get_run(self.location, self.store, name)

    def record_run(self, run: EvalRun | dict[str, Any]) -> Path | str:
        """Keep a run record with this library's store, where ``pincite serve`` lists it (beside a SQLite
        database, ``<db>.eval/``; in a PostgreSQL store's own table); returns where."""
        return write_run(run.to_json() if isinstance(run, EvalRun) else run, None, db=self.location)


__all__ = ["LockedRetriever", "Pincite", "demo_paths", "make_answer_generator", "make_retriever"]
