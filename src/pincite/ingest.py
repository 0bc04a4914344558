"""Ingest: files in, documents stored.  Each file is read, parsed and stored on its own; a bad file is
reported by name with its reason and the run goes on.  Nothing is half-written: the store writes each
document in one transaction.

* A file is stored under its resolved real path (:func:`source_key`), however it was named, so a changed
  file always replaces its old version instead of becoming a second document.
* Only regular files are read: a named pipe or a device (even one called ``x.txt``) would block or never end.
* Parsing runs in a worker process with a memory and a time limit (:mod:`pincite.parse.sandbox`), so one
  hostile file (a PDF decompression bomb) fails on its own instead of taking the process down.
"""

from __future__ import annotations

import dataclasses
import json
import os
import stat
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pincite.chunk import ChunkSettings, chunk_document
from pincite.errors import ParseError, PinciteError, out_of_space
from pincite.legal.injection import flag_document
from pincite.lint import lint_warnings
from pincite.parse import DOCUMENT_EXTENSIONS, HOUSEKEEPING_MARKDOWN, MARKDOWN_EXTENSIONS, PARSER_VERSION
from pincite.parse.parties import name_contract
from pincite.parse.sandbox import parse_limited
from pincite.store import PutOutcome, Store
from pincite.types import Chunker, Document, Format, content_sha256, document_id

#: Files larger than this are refused rather than read into memory.
MAX_FILE_BYTES = 256 * 1024 * 1024


@dataclass(frozen=True, slots=True)
class FileResult:
    """What became of one file an ingest read (``status``: added, replaced, unchanged or failed, and why); what
    :meth:`pincite.Pincite.ingest_bytes` returns and each of an :class:`IngestReport`'s ``results``."""

    source: str
    status: str  # added | replaced | unchanged | failed
    doc_id: str | None = None
    kind: str | None = None
    units: int = 0
    numbered: int = 0
    warnings: tuple[str, ...] = ()
    error: str | None = None

    def to_json(self) -> dict[str, Any]:
        """One file of an ingest report (``ingest --json``, ``POST /api/ingest``)."""
        return {"source": self.source, "status": self.status, "id": self.doc_id, "kind": self.kind,
                "units": self.units, "warnings": list(self.warnings), "error": self.error}


@dataclass
class IngestReport:
    """What an ingest did: a result per file (stored, unchanged, failed and why), the files skipped, and any
    error bringing twins or indexes up to date (``pincite ingest --json``'s ``totals()`` and files)."""

    results: list[FileResult] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)  # files in folders with extensions we do not read
    not_regular: list[tuple[str, str]] = field(default_factory=list)  # (path, what it is): in folders, unread
    index_error: str | None = None  # the lexical index could not be updated (search will rebuild it)
    embedded: int | None = None  # passages embedded after storing (None: not asked to embed)
    dense_error: str | None = None  # embedding failed or could not start ('pincite embed' finishes it)
    twins_error: str | None = None  # the twin groups could not be updated (the next ingest or open retries)

    @property
    def failed(self) -> list[FileResult]:
        return [r for r in self.results if r.status == "failed"]

    def nothing_read(self, paths: Iterable[str]) -> str | None:
        """Why this run, given ``paths``, is an error for having found no file to read (None: it found some)."""
        return nothing_to_ingest(paths, self)

    @property
    def out_of_space(self) -> bool:
        """A write failed for want of disk space (a file, or the lexical index): the run failed (exit 1)."""
        return any(out_of_space(m) for m in [self.index_error] + [r.error for r in self.failed])

    @property
    def stored(self) -> list[FileResult]:
        return [r for r in self.results if r.status in ("added", "replaced", "unchanged")]

    def totals(self) -> dict[str, int]:
        by: dict[str, int] = {}
        for r in self.results:
            by[r.status] = by.get(r.status, 0) + 1
        return {
            "files": len(self.results),
            "documents": len(self.stored),
            "added": by.get("added", 0),
            "replaced": by.get("replaced", 0),
            "unchanged": by.get("unchanged", 0),
            "failed": by.get("failed", 0),
            "units": sum(r.units for r in self.stored),
            "warnings": sum(len(r.warnings) for r in self.results),
            "skipped": len(self.skipped),
            "not_regular": len(self.not_regular),
        }


def collect_files(
    paths: Iterable[str | os.PathLike[str]], not_regular: list[tuple[str, str]] | None = None,
) -> tuple[list[str], list[str], list[str]]:
    """Expand folders (recursively, sorted; hidden files skipped).  Returns (files, skipped, missing).

    Inside folders only regular files (or links to them) are taken; anything else (a named pipe, a device, a
    socket) is appended to ``not_regular`` as (path, what it is).  A path named outright is always taken:
    reading it refuses it with the reason when it is not a regular file."""
    files: list[str] = []
    skipped: list[str] = []
    missing: list[str] = []
    for p in paths:
        ps = os.fspath(p)
        path = Path(ps)
        if path.is_dir():
            for root, dirs, names in os.walk(path):
                dirs[:] = sorted(d for d in dirs if not d.startswith("."))
                for name in sorted(names):
                    if name.startswith("."):
                        continue
                    full = os.path.join(root, name)
                    what = _not_regular(full)
                    if what is not None:
                        if not_regular is not None:
                            not_regular.append((full, what))
                    elif Path(name).suffix.lower() in DOCUMENT_EXTENSIONS and not _housekeeping(name):
                        files.append(full)
                    else:
                        skipped.append(full)
        elif path.exists():
            files.append(ps)
        else:
            missing.append(ps)
    return files, skipped, missing


def _housekeeping(name: str) -> bool:
    """A folder's README.md, MANIFEST.md, CHANGELOG.md...: notes about the folder, not documents in it."""
    p = Path(name)
    return p.suffix.lower() in MARKDOWN_EXTENSIONS and p.stem.lower() in HOUSEKEEPING_MARKDOWN


def _not_regular(path: str) -> str | None:
    """What ``path`` is when it is not a regular file (following links); None for a regular file, and for one
    that cannot be looked at (reading it then says why)."""
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return None
    return _file_kind(mode)


def _file_kind(mode: int) -> str | None:
    if stat.S_ISREG(mode):
        return None
    kinds = ((stat.S_ISFIFO, "a named pipe (FIFO)"), (stat.S_ISCHR, "a character device"),
             (stat.S_ISBLK, "a block device"), (stat.S_ISSOCK, "a socket"), (stat.S_ISDIR, "a folder"))
    for test, what in kinds:
        if test(mode):
            return what
    return "not a regular file"


def source_key(path: str) -> str:
    """The key a file is stored under: its resolved real path, so ``j.xml``, ``./j.xml``, ``$PWD/j.xml`` and
    the same file through a linked folder are one document, and a changed file replaces its old version.
    (Uploads are keyed ``upload/<name>`` by the server.)"""
    return os.path.realpath(path)


def read_file(path: str, source: str) -> bytes:
    """The bytes of one input file, refused (ParseError naming ``source``) when unreadable, over the limit,
    or not a regular file.  The file is opened non-blocking and checked again once open, so a named pipe put
    in its place meanwhile cannot block the run."""
    try:
        what = _not_regular(path)
        if what is not None:
            raise ParseError(source, f"{what}, not a regular file; only regular files are ingested")
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
        with open(fd, "rb") as f:
            st = os.fstat(fd)
            what = _file_kind(st.st_mode)
            if what is not None:
                raise ParseError(source, f"{what}, not a regular file; only regular files are ingested")
            if st.st_size > MAX_FILE_BYTES:
                raise ParseError(source, f"file is {st.st_size} bytes, over the {MAX_FILE_BYTES}-byte limit")
            return f.read()
    except OSError as e:
        raise ParseError(source, f"cannot read file: {e.strerror or e}") from None


def parse_file(path: str, fmt: Format | None = None, source: str | None = None) -> Document:
    """Read and parse one file into a :class:`Document` (not stored), under its :func:`source_key`."""
    source = source or source_key(path)
    return document_from_bytes(read_file(path, source), source, fmt)


def document_from_bytes(data: bytes, source: str, fmt: Format | None = None) -> Document:
    """Parse ``data`` (in a worker process with the parse limits) into the document ``source``."""
    sha = content_sha256(data)
    parsed = name_contract(parse_limited(data, source, fmt))  # a contract is named by its parties and date
    # words addressed to an AI assistant are flagged on their units, warned of, and (outside a court's or a
    # legislature's text) make the document untrusted as a source (legal/injection)
    return flag_document(Document(
        id=document_id(os.path.basename(source), sha),
        source=source,
        format=parsed.format,
        kind=parsed.kind,
        title=parsed.title,
        text=parsed.text,
        units=parsed.units,
        content_sha256=sha,
        citation=parsed.citation,
        date=parsed.date,
        work=parsed.work,
        version=parsed.version,
        pages=parsed.pages,
        warnings=parsed.warnings + lint_warnings(parsed),
        meta={**parsed.meta, "parser": PARSER_VERSION},
    ))


def ingest_file(store: Store, path: str, fmt: Format | None = None, source: str | None = None) -> FileResult:
    """Read one file and store it under its :func:`source_key` (see :func:`ingest_bytes`).  It is read once,
    to hash and to parse: hashing it from its path first would open a named pipe put in its place."""
    source = source or source_key(path)
    shown = _unicode_name(source)
    if shown is not None:  # the store keeps names as UTF-8: this one would abort the run (issue 31)
        return FileResult(source=shown, status="failed",
                          error=f"{shown}: the file name is not valid UTF-8 (shown escaped); rename the file")
    try:
        data = read_file(path, path)  # named as given: the real path of a link to /dev/zero would puzzle
    except PinciteError as e:
        return FileResult(source=source, status="failed", error=str(e))
    return ingest_bytes(store, data, source, fmt)


def _unicode_name(name: str) -> str | None:
    """None for a name UTF-8 can hold; else the name with its undecodable bytes escaped (``caf\\xe9.txt``)."""
    try:
        name.encode("utf-8")
        return None
    except UnicodeEncodeError:
        try:
            return name.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")
        except UnicodeEncodeError:
            return name.encode("utf-8", "backslashreplace").decode("ascii")


def ingest_bytes(store: Store, data: bytes, source: str, fmt: Format | None = None) -> FileResult:
    """Parse ``data`` as the document ``source`` and store it with its chunks in one transaction; then refresh
    the in-force windows of its work.  A file that fails leaves the store as it was."""
    try:
        existing = store.find_unchanged(source, content_sha256(data), PARSER_VERSION)
        if existing is not None:
            return FileResult(source=source, status="unchanged", doc_id=existing)
        doc = document_from_bytes(data, source, fmt)
        settings = chunk_settings(store)
        outcome = store.put_document(doc, chunk_document(doc, settings), settings.key())
        after_store(store, doc)
    except PinciteError as e:
        return FileResult(source=source, status="failed", error=str(e))
    status = {PutOutcome.ADDED: "added", PutOutcome.REPLACED: "replaced"}.get(outcome, "unchanged")
    return FileResult(
        source=source, status=status, doc_id=doc.id, kind=doc.kind.value, units=len(doc.units),
        numbered=sum(1 for u in doc.units if u.number), warnings=doc.warnings,
    )


def after_store(store: Store, doc: Document) -> None:
    """Work that depends on other stored documents: in-force windows across the versions of a work.

    The windows are copied into chunks, so every version of the work is re-chunked afterwards."""
    if doc.work:
        refresh_work(store, doc.work)


def refresh_work(store: Store, work: str) -> None:
    """Recompute the in-force windows of the versions of ``work`` and re-chunk them, holding the work against
    every other writer: two versions ingested at once by two writers would otherwise let the refresh that read
    the work before the other version was stored write its stale windows (and chunks) last."""
    from pincite import versions

    with store.exclusive(f"work:{work}"):
        versions.refresh_work(store, work)
        for s in store.list_documents(work=work):
            rechunk_document(store, s.id)


SETTINGS_KEY = "chunk.structural"


def chunk_settings(store: Store) -> ChunkSettings:
    """The structural chunk settings recorded in the store (the defaults when none were set)."""
    raw = store.get_setting(SETTINGS_KEY)
    return ChunkSettings(**json.loads(raw)) if raw else ChunkSettings()


def rechunk_document(store: Store, doc_id: str, settings: ChunkSettings | None = None) -> int:
    """Re-chunk one stored document from its stored units (no re-parsing).  Returns the chunk count."""
    settings = settings or chunk_settings(store)
    doc = store.get_document(doc_id)
    chunks = chunk_document(doc, settings)
    store.replace_chunks(doc.id, Chunker.STRUCTURAL, chunks, settings.key())
    return len(chunks)


def rechunk_all(store: Store, settings: ChunkSettings, on_doc: Callable[[str], None] | None = None) -> int:
    """Record new chunk settings and re-chunk every stored document.  Returns the total chunk count."""
    store.set_setting(SETTINGS_KEY, json.dumps(dataclasses.asdict(settings)))
    total = 0
    for s in store.list_documents():
        total += rechunk_document(store, s.id, settings)
        if on_doc:
            on_doc(s.id)
    return total


def ingest_paths(
    store: Store,
    paths: Iterable[str | os.PathLike[str]],
    fmt: Format | None = None,
    on_file: Callable[[FileResult], None] | None = None,
    on_start: Callable[[int], None] | None = None,
    embedder: Any = None,
    on_embed: Callable[[int, int], None] | None = None,
) -> IngestReport:
    """Ingest files and folders.  ``on_start(n)`` gets the file count, ``on_file`` each result.  With an
    ``embedder`` (a :class:`pincite.search.embed.Embedder`) the passages are embedded afterwards
    (:func:`embed_store`), ``on_embed(done, total)`` following it."""
    report = IngestReport()
    files, report.skipped, missing = collect_files(paths, report.not_regular)
    if on_start:
        on_start(len(files) + len(missing))
    for m in missing:
        r = FileResult(source=m, status="failed", error=f"{m}: no such file or folder")
        report.results.append(r)
        if on_file:
            on_file(r)
    legacy = _legacy_sources(store) if files else {}
    for f in files:
        r = ingest_file(store, f, fmt)
        if r.doc_id is not None and r.source in legacy:
            r = _drop_legacy(store, r, legacy.pop(r.source))
        report.results.append(r)
        if on_file:
            on_file(r)
    report.twins_error = update_twins(store)
    report.index_error = update_indexes(store)
    if embedder is not None:
        try:
            report.embedded = embed_store(store, embedder, on_embed)
        except PinciteError as e:
            report.dense_error = str(e)
    return report


def embed_store(store: Store, embedder: Any, on_progress: Callable[[int, int], None] | None = None) -> int:
    """Embed every stored passage whose text has no vector for the embedder's model yet, and bring the dense
    index up to date.  Vectors are committed to the store batch by batch, so a run killed part-way keeps what
    it computed, and re-chunking, re-ingesting or re-parsing a document embeds only text that changed.
    ``on_progress(done, total)`` counts the passages embedded.  Returns how many were."""
    from pincite.search.retrieve import sync_dense

    total = 0

    def progress(done: int, n: int) -> None:
        nonlocal total
        total = n
        if on_progress:
            on_progress(done, n)

    sync_dense(store, embedder, on_progress=progress)
    return total


def nothing_to_ingest(paths: Iterable[str], report: IngestReport) -> str | None:
    """Why a run that found no file to read is an error, or None when it found some."""
    if report.results:
        return None
    why = [f"{len(report.skipped)} of another type skipped"] if report.skipped else []
    why += [f"{len(report.not_regular)} not regular files skipped"] if report.not_regular else []
    return (f"nothing to ingest in {', '.join(paths)}: no file of a type pincite reads "
            f"({', '.join(sorted(DOCUMENT_EXTENSIONS))})" + (f"; {', '.join(why)}" if why else ""))


def _legacy_sources(store: Store) -> dict[str, list[tuple[str, str | None]]]:
    """Stored documents whose source is not a :func:`source_key` (stores written before source keys were
    canonical held the path as typed: ``j.xml``, ``./j.xml``), by the key that path resolves to from the
    current folder (the rule ``pincite show PATH`` uses) -> [(id, work)].  Uploads (``upload/<name>``) are
    not paths.  Ingesting the file again replaces them, so an edited file does not leave its old version."""
    out: dict[str, list[tuple[str, str | None]]] = {}
    for s in store.list_documents():
        if s.source.startswith("upload/"):
            continue
        key = source_key(s.source)
        if key != s.source:
            out.setdefault(key, []).append((s.id, s.work))
    return out


def _drop_legacy(store: Store, r: FileResult, legacy: list[tuple[str, str | None]]) -> FileResult:
    """After ``r`` stored a file under its source key: delete the documents stored for the same file under
    an older, non-canonical spelling of its path.  The new version is committed first, so a failure here
    leaves both (and the next ingest deletes the old one), never neither."""
    dropped = False
    for doc_id, work in legacy:
        if doc_id == r.doc_id:  # the same bytes under the same name: the put already replaced it by id
            continue
        try:
            store.delete_document(doc_id)
        except PinciteError:  # gone already (another ingest), or the store refused: the next run retries
            continue
        dropped = True
        if work:
            refresh_work(store, work)
    return dataclasses.replace(r, status="replaced") if dropped and r.status != "failed" else r


def update_twins(store: Store) -> str | None:
    """Group the stored contracts that are one agreement stored from several files (:mod:`pincite.twins`).
    Returns why it failed, if it did (the groups stay as they were; the next ingest tries again)."""
    from pincite.twins import refresh_twins

    try:
        refresh_twins(store)
    except PinciteError as e:
        return str(e)
    return None


def regroup_unfinished(store: Store) -> str | None:
    """At the opening of a store: group the contracts an ingest stored but did not live to group.

    An ingest fingerprints and groups the contracts after storing its files (:func:`update_twins`), so one
    killed part-way leaves the contracts it stored without a fingerprint or a group (issue 50: 446 of 464
    after a kill at 23 s), and a search would cite every copy of them until the next ingest.  The client that
    opens the store next (the server, ``pincite`` commands that read, the MCP server,
    :class:`~pincite.library.Pincite`) finds them by their missing fingerprint and regroups; a store with none
    missing costs one read of the prints.  Returns why it failed, if it did (a store opened read-only: the
    next ingest groups them)."""
    try:
        if not any(raw is None for _, raw, _, _ in store.contract_prints()):
            return None
    except PinciteError as e:
        return str(e)
    return update_twins(store)


def update_indexes(store: Store) -> str | None:
    """Bring the lexical index up to date with what was just stored (only the documents that changed).

    The dense index is brought up to date by :func:`embed_store` (at ingest unless told not to), or else by
    the first search that needs it.
    Returns why the update failed, if it did; the index then stays behind the store's generation and the next
    search rebuilds it, so nothing is answered from a stale index."""
    from pincite.search.retrieve import sync_lexical

    try:
        sync_lexical(store)
    except PinciteError as e:
        return str(e)
    return None
