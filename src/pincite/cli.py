"""The ``pincite`` command line: a thin layer over the library.  Errors are converted here, once."""

from __future__ import annotations

import datetime
import json
import os
import sys
from pathlib import Path
from typing import Annotated, Optional

import typer
from rich import box
from rich.progress import Progress
from rich.table import Table
from rich.text import Text

from pincite.answer.citecheck import Verdict
from pincite.answer.model import Answer
from pincite.errors import PinciteError, UnknownName
from pincite.generate.base import DEFAULT_MAX_TOKENS, GeneratorKind
from pincite.library import OnFail, Pincite, demo_paths
from pincite.web.check_report import VERDICT_WORDS, render_check_html
from pincite.ingest import FileResult, IngestReport, ingest_paths, nothing_to_ingest
from pincite.jsonio import audit_to_json, document_to_json, hit_to_json, passage_label, summary_to_json
from pincite.store import default_db_path, is_store_url
from pincite.open import default_location, open_store
from pincite.scope import resolve_document, resolve_filters
from pincite.backends.postgres.store import display_url
from pincite.terminal import SafeConsole, json_text, progress_bar, visible
from pincite.types import DateError, DocumentKind, Format, Role, optional_date, parse_date

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    help="pincite: answers over long legal documents with pinpoint citations checked before display.",
)
#: Every terminal print goes through these: strings print literally (legal alterations like "[t]he" are text,
#: not markup) and control characters in file names or document text are shown, not obeyed (pincite.terminal).
out = SafeConsole(soft_wrap=True)
err = SafeConsole(stderr=True, soft_wrap=True)

DbOption = Annotated[
    Optional[Path],
    typer.Option("--db", help="SQLite database file (default: $PINCITE_DB or ./pincite.db).", show_default=False),
]
JsonOption = Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")]

# -- options shared by several commands (the generator's, and retrieval's), defined once ---------------------
GeneratorOption = Annotated[str, typer.Option("--generator", help="extractive (offline, default), learned (offline, weights fitted on gold), ranker (offline, LambdaRank trees with an abstention model, fitted on gold), reader (offline, a small model reads the passages) or openai.")]
ModelOption = Annotated[str, typer.Option(help="Model name for --generator openai.")]
ApiKeyEnvOption = Annotated[str, typer.Option(help="Environment variable holding the API key.")]
TimeoutOption = Annotated[float, typer.Option(help="Seconds to wait for the model server (a request that times out is not sent again).")]
MaxTokensOption = Annotated[int, typer.Option("--max-tokens", min=1, help="Longest reply, in tokens, for --generator openai (a reply cut there is reported as truncated).")]
OnFailOption = Annotated[str, typer.Option("--on-fail", help="drop (default) or retry.")]
NoDenseOption = Annotated[bool, typer.Option("--no-dense", help="Lexical retrieval only (no embedding model).")]
NoWaitOption = Annotated[bool, typer.Option(
    "--no-wait", help="If passages still lack vectors, answer from the lexical ranking now (JSON says "
                      "\"dense\": \"pending\") instead of embedding them first.")]


def _progress_bar(show: bool) -> Progress:
    """The progress bar of ingest and embedding on stderr (``terminal.progress_bar``)."""
    return progress_bar(err, show)


def _embedding_progress(progress: Progress, show: bool):  # type: ignore[no-untyped-def]
    """A callback ``(done, total)`` showing embedding on ``progress``'s bar (a terminal), or, on a pipe, a line
    when it starts and one when it ends: a wait is never silent."""
    task = None

    def on_progress(done: int, total: int) -> None:
        nonlocal task
        if task is None:
            task = progress.add_task("embedding passages", total=total)
            if not show:
                err.print(f"embedding {total} passages (vectors are kept in the store as they are done)",
                          style="dim")
        progress.update(task, completed=done, total=total)
        if done >= total and not show:
            err.print(f"embedded {total} passages", style="dim")

    return on_progress


def _load_embedder_or_warn(quiet: bool):  # type: ignore[no-untyped-def]
    """The embedding model, or None with a line saying why searches will be lexical until 'pincite embed'."""
    from pincite.errors import EmbeddingUnavailable
    from pincite.search.embed import load_embedder

    try:
        return load_embedder()
    except EmbeddingUnavailable as e:
        if not quiet:
            err.print(Text("warning", style="yellow"), f"not embedding: {e}")
        return None


def _error(message: str) -> None:
    """Print ``error: MESSAGE`` on stderr; the message is printed literally (it often names a file)."""
    err.print(Text("error:", style="bold red"), message)


def _fail(e: PinciteError, code: int = 1) -> typer.Exit:
    _error(str(e))
    return typer.Exit(code)


def _require_database(db: Optional[Path | str], ctx: typer.Context) -> None:
    """A command that reads a store needs one that exists: a SQLite file that is not there is a mistyped --db
    (or the wrong directory), not a wish for an empty store, so say so and exit 2, creating nothing (opening
    would create the file and its folders).  ``ingest``, ``demo`` and ``serve`` create the store instead."""
    location = _location(db, ctx)
    if is_store_url(location) or Path(location).exists():
        return
    given = [("--db", db is not None), ("--store", bool(_store_option(ctx))),
             ("$PINCITE_STORE", bool(os.environ.get("PINCITE_STORE"))),
             ("$PINCITE_DB", bool(os.environ.get("PINCITE_DB")))]
    named_by = next((name for name, yes in given if yes), "the default")
    create = f"pincite ingest PATH --db {location}" if db is not None else "pincite ingest PATH"
    _error(f"no database at {location} (named by {named_by}): check the path and the current directory, or "
           f"create it with '{create}'")
    raise typer.Exit(2)


def _store_option(ctx: typer.Context) -> str | None:
    """The global ``--store`` given to the command running: the callback keeps it in typer's context object,
    and the library is handed it as an argument (never through a global)."""
    obj = ctx.find_root().obj
    return obj.get("store") if isinstance(obj, dict) else None


def _location(db: Optional[Path | str], ctx: typer.Context) -> Path | str:
    """Where a command's store is: its ``--db`` if given, else ``--store``, ``$PINCITE_STORE``, ``$PINCITE_DB``."""
    return db if db is not None else default_location(_store_option(ctx))


def _open_existing(db: Optional[Path], ctx: typer.Context):  # type: ignore[no-untyped-def]
    """:func:`open_store` for a command that reads: the store must exist (see :func:`_require_database`)."""
    _require_database(db, ctx)
    return open_store(_location(db, ctx))


def _print_json(obj: object) -> None:
    sys.stdout.write(json_text(obj, indent=2) + "\n")


def _parse_format(value: Optional[str]) -> Optional[Format]:
    if value is None:
        return None
    try:
        return Format.parse(value)  # type: ignore[return-value]
    except ValueError as e:
        raise typer.BadParameter(str(e), param_hint="--format") from None


def _run_ingest(ctx: typer.Context, db: Optional[Path], paths: list[str], fmt: Optional[Format],
                quiet: bool = False, dense: bool = True) -> IngestReport:
    store = open_store(_location(db, ctx))
    try:
        failures: list[FileResult] = []
        show_bar = not quiet and err.is_terminal
        embedder = _load_embedder_or_warn(quiet) if dense else None
        with _progress_bar(show_bar) as progress:
            task = progress.add_task("ingesting", total=None)

            def on_start(n: int) -> None:
                progress.update(task, total=n)

            def on_file(r: FileResult) -> None:
                progress.advance(task)
                if quiet:  # --json: the report carries every failure and warning
                    return
                if r.status == "failed":
                    failures.append(r)
                    progress.console.print(Text("failed", style="red"), r.error)
                else:
                    for w in r.warnings:
                        progress.console.print(Text("warning", style="yellow"), f"{r.source}: {w}")

            on_embed = None if quiet else _embedding_progress(progress, show_bar)
            report = ingest_paths(store, paths, fmt, on_file=on_file, on_start=on_start, embedder=embedder,
                                  on_embed=on_embed)
        t = report.totals()
        if not quiet:
            for path, what in report.not_regular:
                err.print(f"skipped {path}: {what}, not a regular file", markup=False)
            err.print(
                f"{t['files']} files: {t['added']} added, {t['replaced']} replaced, {t['unchanged']} unchanged, "
                f"{t['failed']} failed; {t['units']} units; {t['warnings']} warnings"
                + (f"; {t['skipped']} files skipped (not a document type pincite reads)" if t["skipped"] else "")
                + (f"; {t['not_regular']} skipped (not regular files)" if t["not_regular"] else "")
                + (f"; {report.embedded} passages embedded" if report.embedded is not None else "")
                + f" -> {_store_name(store, _location(db, ctx))}"
            )
            if report.dense_error:
                err.print(Text("warning", style="yellow"), f"embedding did not finish: {report.dense_error}; "
                          "searches are lexical until 'pincite embed' completes it (vectors done so far are kept)")
            elif not dense:
                err.print("not embedded (--no-dense): 'pincite embed' computes the vectors; until then a "
                          "hybrid search embeds them first (or, with --no-wait, answers lexically)", style="dim")
        return report
    finally:
        store.close()


@app.command()
def ingest(
    ctx: typer.Context,
    paths: Annotated[list[str], typer.Argument(help="Files or folders (folders are read recursively).")],
    db: DbOption = None,
    format: Annotated[
        Optional[str],
        typer.Option("--format", help="Force a format: " + ", ".join(f.value for f in Format) + "."),
    ] = None,
    as_json: JsonOption = False,
    no_dense: Annotated[bool, typer.Option(
        "--no-dense", help="Store only; do not embed the passages ('pincite embed' does it later).")] = False,
) -> None:
    """Parse and store documents, then embed their passages for dense search (with a progress bar; vectors
    are kept in the store, so a run stopped part-way resumes where it was).  Every good file is stored; exit
    code 1 if any file failed or none was found to read."""
    fmt = _parse_format(format)
    try:
        report = _run_ingest(ctx, db, paths, fmt, quiet=as_json, dense=not no_dense)
    except PinciteError as e:
        raise _fail(e) from None
    if as_json:
        _print_json({
            "totals": report.totals(),
            "files": [r.to_json() for r in report.results],
            "skipped": report.skipped,
            "not_regular": [{"path": p, "is": what} for p, what in report.not_regular],
            "dense": {"embedded": report.embedded, "error": report.dense_error},
        })
    nothing = nothing_to_ingest(paths, report)
    if nothing:
        raise _fail(PinciteError(nothing))
    if report.failed:
        raise typer.Exit(1)


@app.command()
def documents(
    ctx: typer.Context,
    db: DbOption = None,
    kind: Annotated[Optional[str], typer.Option("--kind", help="Only documents of this kind.")] = None,
    as_json: JsonOption = False,
    wide: Annotated[bool, typer.Option("--wide", help="Each document's full source path (the table shows its "
                                                      "file name; --json has the path).")] = False,
) -> None:
    """List the stored documents."""
    try:
        k = DocumentKind.parse(kind) if kind else None
    except ValueError as e:
        raise typer.BadParameter(str(e), param_hint="--kind") from None
    try:
        store = _open_existing(db, ctx)
        rows = store.list_documents(kind=k)
        store.close()
    except PinciteError as e:
        raise _fail(e) from None
    if as_json:
        _print_json([summary_to_json(s) for s in rows])
        return
    # Readable at 80 columns: the short fields in narrow columns that never wrap (an id is copied whole), and
    # title, citation and file name stacked in one wide column that wraps; nothing is cut.  A full path
    # wrapped onto five lines a document (453 lines for 56), so it is shown with --wide (and in --json).
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, collapse_padding=True, show_lines=True)
    for col in ("id", "kind", "date"):
        table.add_column(col, no_wrap=True)
    table.add_column("units", justify="right", no_wrap=True)
    table.add_column("title / citation / " + ("source" if wide else "file"), overflow="fold")
    for s in rows:
        cell = Text(visible(s.title))  # a Text is printed as built: its strings are made visible here
        if s.citation:
            cell.append("\n" + visible(s.citation))
        cell.append("\n" + visible(s.source if wide else os.path.basename(s.source) or s.source), style="dim")
        if s.copies:  # the same agreement stored from other files: cited once, as its canonical copy
            cell.append("\n" + (f"copy of {s.copy_of}" if s.copy_of else "cited copy; copies: " + ", ".join(
                s.copies)), style="dim")
        table.add_row(s.id, s.kind.value, s.version_date or s.date or "", str(s.units), cell)
    out.print(table)
    out.print(f"{len(rows)} documents")
    _print_works(rows)


def _print_works(rows) -> None:  # type: ignore[no-untyped-def]
    """The works among ``rows`` (an Act's versions share one), so a user can find what 'versions' takes; a table
    that wraps like the documents table, so it reads at 80 columns."""
    from pincite.versions import works_of

    works = works_of(rows)
    if not works:
        return
    out.print(Text(f"\n{len(works)} works; 'pincite versions NAME' takes a key, code, title or citation:"))
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, collapse_padding=True)
    table.add_column("work", no_wrap=True)
    table.add_column("code · title · citation · versions", overflow="fold")
    for w in works:
        table.add_row(w.key, " · ".join(x for x in (w.describe(), w.span()) if x))
    out.print(table)


def _generator_options(kind, base_url: str, model: str, api_key_env: str, timeout: float,  # type: ignore[no-untyped-def]
                       max_tokens: int) -> dict:
    """The options a generator of ``kind`` takes from the command line (only the openai one takes any)."""
    if kind is not GeneratorKind.OPENAI:
        return {}
    return {"base_url": base_url, "model": model, "api_key_env": api_key_env, "timeout": timeout,
            "max_tokens": max_tokens}


def _store_name(store, location: Path | str) -> str:  # type: ignore[no-untyped-def]
    """How a message names a store: a PostgreSQL URL without its password, else its database file."""
    return display_url(str(location)) if is_store_url(location) else str(store.path)


def _require_documents(store) -> None:  # type: ignore[no-untyped-def]
    """Asking an empty store is a mistake worth naming (usually the wrong --db or current directory)."""
    if not store.list_documents():
        raise PinciteError(f"no documents in {store.path}; run 'pincite ingest PATH' "
                           "first, or pass --db")


#: The widest a table's short columns (labels, kinds, pinpoints, a document's name) grow before they wrap.
_NARROW = 20
#: Columns holding one word from a fixed vocabulary (a unit's kind, zone, citability): printed whole.
_WHOLE_WORD_COLUMNS = frozenset({"kind", "zone", "cite"})


def _fit_text_column(table: Table) -> None:
    """Give a table's last column (passage text) the width the other columns leave, each held to ``_NARROW``,
    and never under 24: left to itself rich narrows the text to the width of the label and author columns
    (13 characters at 80 columns), so the short columns wrap instead."""
    from rich.cells import cell_len

    def widest(col) -> int:  # type: ignore[no-untyped-def]
        return max(cell_len(line) for cell in (col.header, *col.cells) for line in str(cell).split("\n"))

    *others, text = table.columns
    others_width = sum(min(widest(c), _NARROW) + 3 for c in others)  # + padding and a border each
    text.width = min(widest(text), max(24, out.width - others_width - 4))


def _role_text(role: Optional[Role]) -> str:
    return role.value if role else ""


@app.command()
def show(
    ctx: typer.Context,
    document: Annotated[str, typer.Argument(help="A document id or the source path it was ingested from.")],
    db: DbOption = None,
    as_json: JsonOption = False,
    text: Annotated[bool, typer.Option("--text", help="Print each unit's full text.")] = False,
) -> None:
    """Show one document with its units."""
    try:
        store = _open_existing(db, ctx)
        doc = store.get_document(resolve_document(store, document).id)
        store.close()
    except PinciteError as e:
        raise _fail(e) from None
    if as_json:
        _print_json(document_to_json(doc))
        return
    out.print(doc.title, style="bold")
    meta = [doc.kind.value, doc.citation or "", doc.date or "", f"id {doc.id}", doc.source]
    if doc.work:
        meta.insert(1, f"work {doc.work}")
    out.print("  ".join(m for m in meta if m))
    if doc.copy_of:
        out.print(f"a copy of {doc.copy_of} (the same agreement, cited as that copy); copies: {', '.join(doc.copies)}")
    elif doc.copies:
        out.print(f"the cited copy of this agreement; also stored as {', '.join(doc.copies)}")
    for w in doc.warnings:
        out.print(Text("warning", style="yellow"), w)
    table = Table(show_lines=False)
    has_pages = any(u.page_start for u in doc.units)
    has_windows = any(u.in_force_from or u.in_force_to for u in doc.units)
    has_judges = any(u.author or u.role for u in doc.units)
    cols = ["label", "kind", "zone", "cite"] + (["author / role"] if has_judges else []) + \
        (["pages"] if has_pages else []) + (["in force"] if has_windows else []) + ["text"]
    for col in cols:  # a word of a kind, zone or flag is never broken ("subparagr/aph"); labels and names wrap
        table.add_column(col, overflow="fold", max_width=None if col == "text" else _NARROW,
                         no_wrap=col in _WHOLE_WORD_COLUMNS)
    for u in doc.units:
        body = doc.unit_text(u)
        snippet = body if text else (body[:90].replace("\n", " ") + ("…" if len(body) > 90 else ""))
        who = " / ".join(x for x in (u.author or "", _role_text(u.role)) if x)
        pages = ""
        if u.page_start:
            pages = u.page_start if u.page_start == u.page_end or not u.page_end else f"{u.page_start}-{u.page_end}"
        window = ""
        if u.in_force_from or u.in_force_to:
            window = f"{u.in_force_from or '…'} → {u.in_force_to or 'now'}"
        row = [u.label or u.number or "", u.kind.value, u.zone.value, "yes" if u.citable else "no"]
        row += ([who] if has_judges else []) + ([pages] if has_pages else []) + ([window] if has_windows else [])
        table.add_row(*row, snippet)
    _fit_text_column(table)
    out.print(table)


@app.command()
def versions(
    ctx: typer.Context,
    work: Annotated[str, typer.Argument(help=(
        "The work: the Act's short code (T-2), its title (Tax Court of Canada Act), its citation "
        "(R.S.C. 1985, c. T-2) or its key (ca/act/T-2), in any case. 'pincite documents' lists the stored "
        "works."))],
    db: DbOption = None,
    as_json: JsonOption = False,
) -> None:
    """List the versions of one work (a statute or bill) with their dates.  The works stored, with their keys,
    short codes, titles and citations, are listed at the end of 'pincite documents'."""
    from pincite.versions import resolve_work

    try:
        store = _open_existing(db, ctx)
        try:
            key = resolve_work(store, work).key
            rows = store.list_documents(work=key)
        finally:
            store.close()
    except PinciteError as e:
        raise _fail(e) from None
    if as_json:
        _print_json({"work": key, "versions": [summary_to_json(s) for s in rows]})
        return
    out.print(Text(visible(f"{key}: {len(rows)} versions")))
    table = Table()
    for col in ("version date", "id", "title", "units", "source"):
        table.add_column(col, overflow="fold")
    for s in rows:
        table.add_row(s.version_date or s.date or "", s.id, s.title, str(s.units), s.source)
    out.print(table)


@app.command()
def chunk(
    ctx: typer.Context,
    db: DbOption = None,
    max_chars: Annotated[int, typer.Option(help="Split a unit longer than this (characters).")] = 1500,
    merge_chars: Annotated[int, typer.Option(help="Merge short sibling units while under this (characters).")] = 500,
    max_units: Annotated[int, typer.Option(help="At most this many whole units in one chunk.")] = 4,
    overlap_chars: Annotated[int, typer.Option(help="Context added on each side (never citable).")] = 0,
) -> None:
    """Re-chunk every stored document with new settings (from stored units; nothing is re-parsed)."""
    from pincite.chunk import ChunkSettings
    from pincite.ingest import rechunk_all

    try:
        settings = ChunkSettings(max_chars=max_chars, merge_chars=merge_chars, max_units=max_units,
                                 overlap_chars=overlap_chars)
    except ValueError as e:
        raise typer.BadParameter(str(e)) from None
    try:
        store = _open_existing(db, ctx)
        total = rechunk_all(store, settings)
        n = len(store.list_documents())
        store.close()
    except PinciteError as e:
        raise _fail(e) from None
    out.print(f"{n} documents re-chunked into {total} chunks ({settings.key()})")


@app.command()
def audit(
    ctx: typer.Context,
    document: Annotated[Optional[str], typer.Argument(help="A document id or source path.")] = None,
    db: DbOption = None,
    chunker: Annotated[str, typer.Option("--chunker", help="structural (ours) or window (the baseline).")] = "structural",
    chunks_file: Annotated[
        Optional[Path], typer.Option("--chunks", help="Audit another pipeline's chunks (JSON lines).")
    ] = None,
    window_tokens: Annotated[int, typer.Option(help="Baseline window size (approximate tokens).")] = 512,
    overlap_tokens: Annotated[int, typer.Option(help="Baseline window overlap (approximate tokens).")] = 64,
    all_docs: Annotated[bool, typer.Option("--all", help="Audit every stored document; print a summary.")] = False,
    as_json: JsonOption = False,
    html_out: Annotated[Optional[Path], typer.Option("--html", help="Write a readable HTML page here.")] = None,
) -> None:
    """Show chunks beside the document's own units and flag the ones that would give a wrong pinpoint; flag units
    whose boundaries the document's own text contradicts (the structural lint, counted across a store by --all)."""
    from pincite.audit import audit_chunks, claims_from_chunks, claims_from_jsonl
    from pincite.lint import lint_counts, lint_document
    from pincite.web.audit import render_audit_html
    from pincite.chunk import WindowSettings, window_chunks
    from pincite.types import Chunker

    try:
        mode = Chunker.parse(chunker)
    except ValueError as e:
        raise typer.BadParameter(str(e), param_hint="--chunker") from None
    if (document is None) == (not all_docs):
        raise typer.BadParameter("give one DOCUMENT, or --all")
    if all_docs and (chunks_file or html_out):
        raise typer.BadParameter("--chunks and --html audit one document, not --all")
    try:
        store = _open_existing(db, ctx)
        if all_docs:
            ids = [s.id for s in store.list_documents()]
        else:
            assert document is not None  # checked above: one DOCUMENT or --all
            ids = [resolve_document(store, document).id]
        reports = []
        for doc_id in ids:
            doc = store.get_document(doc_id)
            if chunks_file is not None:
                try:
                    lines = chunks_file.read_text(encoding="utf-8").splitlines()
                except (OSError, UnicodeDecodeError) as e:
                    raise PinciteError(f"{chunks_file}: cannot read chunks file: {e}") from None
                claims, pipeline = claims_from_jsonl(lines, str(chunks_file)), f"external ({chunks_file.name})"
            elif mode is Chunker.WINDOW:
                settings = WindowSettings(window_tokens, overlap_tokens)
                claims, pipeline = claims_from_chunks(window_chunks(doc, settings)), f"window ({settings.key()})"
            else:
                claims, pipeline = claims_from_chunks(store.get_chunks(doc.id)), "structural"
            report = audit_chunks(doc, claims, pipeline)
            reports.append((doc, report, lint_document(doc)))
        store.close()
    except PinciteError as e:
        raise _fail(e) from None
    if html_out is not None:
        doc, report, found = reports[0]
        html_out.write_text(render_audit_html(doc, report, structure=found), encoding="utf-8")
        err.print(f"wrote {html_out}")
    if as_json:
        _print_json([audit_to_json(d, r, s) for d, r, s in reports])
        return
    totals = {"chunks": 0, "flagged": 0}
    kinds: dict[str, int] = {}
    structure: dict[str, int] = {}
    for doc, report, found in reports:
        for k, v in lint_counts(found).items():
            structure[k] = structure.get(k, 0) + v
        summ = report.summary()
        totals["chunks"] += summ["chunks"]
        totals["flagged"] += summ["flagged"]
        for k, v in summ["by_kind"].items():
            kinds[k] = kinds.get(k, 0) + v
        if not all_docs:
            table = Table(title=f"{doc.title} — {report.pipeline}")
            for col in ("chunk", "claims", "touches", "findings"):
                table.add_column(col, overflow="fold")
            for c in report.chunks:
                touches = ", ".join((doc.units[o].label or doc.units[o].number or "?") for o in c.units[:6])
                table.add_row(str(c.index), c.claimed or "", touches,
                              "; ".join(f"{f.kind.value}: {f.detail}" for f in c.findings) or "ok")
            out.print(table)
            for f in found:
                out.print(f"structure: {f.kind.value}: {f.label}: {f.detail}")
        out.print(f"{doc.source}: {summ['chunks']} chunks, {summ['flagged']} flagged "
                  f"({', '.join(f'{k} {v}' for k, v in summ['by_kind'].items() if v) or 'none'}); "
                  f"wrong number {summ['wrong_number_share']:.1%}; {len(found)} structure flags")
    if all_docs:
        out.print(f"ALL: {len(reports)} documents, {totals['chunks']} chunks, {totals['flagged']} flagged "
                  f"({', '.join(f'{k} {v}' for k, v in kinds.items() if v) or 'none'}); "
                  f"{sum(structure.values())} structure flags "
                  f"({', '.join(f'{k} {v}' for k, v in structure.items() if v) or 'none'})")


def _print_answer(ans) -> None:  # type: ignore[no-untyped-def]
    out.print(Text("Q:", style="bold"), ans.question + (f"  (as of {ans.as_of})" if ans.as_of else ""))
    out.print(ans.text)
    for c in ans.citations:
        j = c.to_json()
        out.print(f"  [{c.n}] {c.rendered}")
        out.print(f"      “{' '.join(j['quote'].split())}”  (chars {j['char_start']}-{j['char_end']})")
        for n in j["notes"]:
            out.print(f"      note: {n['check']}: {n['detail']}")
    if ans.dropped:
        out.print(f"{len(ans.dropped)} citation(s) or claim(s) dropped:", style="yellow")
        for d in ans.dropped:
            j = d.to_json()
            out.print(f"  - {j['reason']} ({j['check']}): {j['detail']}")


@app.command()
def ask(
    ctx: typer.Context,
    question: Annotated[Optional[str], typer.Argument(help="The question (or use --batch).")] = None,
    db: DbOption = None,
    as_of: Annotated[Optional[str], typer.Option("--as-of", help="Answer from the law in force on this date (YYYY-MM-DD).")] = None,
    k: Annotated[int, typer.Option("--k", help="Passages to retrieve.")] = 8,
    generator: GeneratorOption = "extractive",
    base_url: Annotated[str, typer.Option(help="OpenAI-compatible server, e.g. http://127.0.0.1:8080/v1.")] = "http://127.0.0.1:8080/v1",
    model: ModelOption = "default",
    api_key_env: ApiKeyEnvOption = "OPENAI_API_KEY",
    timeout: TimeoutOption = 60.0,
    max_tokens: MaxTokensOption = DEFAULT_MAX_TOKENS,
    on_fail: OnFailOption = "drop",
    retries: Annotated[int, typer.Option(help="Retries with --on-fail retry.")] = 1,
    no_dense: NoDenseOption = False,
    include_non_citable: Annotated[bool, typer.Option("--include-non-citable", help="Retrieve non-citable zones too (they still cannot be cited).")] = False,
    batch: Annotated[Optional[Path], typer.Option("--batch", help="JSON lines of {id, question, as_of, scope}; one result per line.")] = None,
    document: Annotated[Optional[list[str]], typer.Option("--document", help="Ask of this document (id or source); repeatable.")] = None,
    kind: Annotated[Optional[str], typer.Option("--kind", help="Ask of every document of this kind.")] = None,
    work: Annotated[Optional[list[str]], typer.Option("--work", help="Ask of every version of this work; repeatable.")] = None,
    per_document: Annotated[Optional[int], typer.Option("--per-document", help="Passages per document in scope (default 3 when scoped to several).")] = None,
    as_json: JsonOption = False,
    no_wait: NoWaitOption = False,
) -> None:
    """Answer a question with citations checked before they are shown.  Scoped to several documents (--document,
    --kind, --work), the answer has one section per source and names the sources with no supported answer."""
    try:
        gkind = GeneratorKind.parse(generator)
        fail_mode = OnFail.parse(on_fail)
    except ValueError as e:
        raise typer.BadParameter(str(e)) from None
    if (question is None) == (batch is None):
        raise typer.BadParameter("give a QUESTION or --batch FILE")
    day = _check_date(as_of)
    try:
        store = _open_existing(db, ctx)
        _require_documents(store)
        lib = Pincite(_location(db, ctx), store=store, generator=gkind, dense=not no_dense, wait=not no_wait,
                      generator_options=_generator_options(gkind, base_url, model, api_key_env, timeout, max_tokens),
                      on_progress=_search_progress())
        retriever, _ = lib.retriever, lib.generator  # made before any question, so a bad setting fails first

        kinds = (DocumentKind.parse(kind),) if kind else ()

        def one(q: str, date: Optional[datetime.date], scope: tuple[str, ...] = ()) -> Answer:
            return lib.ask(q, as_of=date, k=k, on_fail=fail_mode, retries=retries,
                           include_non_citable=include_non_citable, documents=tuple(document or ()) + scope,
                           kinds=kinds, works=tuple(work or ()), per_document=per_document)

        if batch is not None:
            try:
                lines = batch.read_text(encoding="utf-8").splitlines()
            except (OSError, UnicodeDecodeError) as e:
                raise PinciteError(f"{batch}: cannot read: {e}") from None
            told = False
            for n, line in enumerate(lines, 1):
                if not line.strip():
                    continue
                try:
                    item = json.loads(line)
                    q, date = item["question"], optional_date(item.get("as_of"))
                    scope = tuple(item.get("scope") or ())
                except DateError as e:
                    sys.stdout.write(json_text({"line": n, "error": f"{batch}:{n}: as_of {e}"}) + "\n")
                    continue
                except (json.JSONDecodeError, KeyError, TypeError, AttributeError) as e:
                    sys.stdout.write(json_text({"line": n, "error": f"{batch}:{n}: bad line: {e}"}) + "\n")
                    continue
                try:
                    ans = one(q, date, scope)
                except UnknownName as e:  # this line's scope names nothing stored: its error, the rest go on
                    sys.stdout.write(json_text({"line": n, "id": item.get("id"), "error": f"{batch}:{n}: {e}"}) + "\n")
                    continue
                dense = retriever.dense_status()
                if dense == "pending" and not told:  # once per run: each line says it in "dense"
                    told = True
                    err.print("dense ranking pending: passages lack vectors ('pincite embed' computes them); "
                              "answers marked \"dense\": \"pending\" were retrieved lexically", style="dim")
                sys.stdout.write(json_text({"id": item.get("id"), **ans.to_json(), "dense": dense}) + "\n")
                sys.stdout.flush()
        else:
            assert question is not None
            ans = one(question, day)
            if retriever.dense_status() == "pending":
                err.print("dense ranking pending: passages lack vectors ('pincite embed' computes them); "
                          "this answer was retrieved lexically", style="dim")
            if as_json:
                _print_json({**ans.to_json(), "dense": retriever.dense_status()})
            else:
                _print_answer(ans)
        store.close()
    except UnknownName as e:  # --document / --work naming nothing stored (or several): a usage error
        raise _fail(e, 2) from None
    except PinciteError as e:
        raise _fail(e) from None


@app.command()
def serve(
    ctx: typer.Context,
    db: DbOption = None,
    host: Annotated[str, typer.Option("--host", help="Address to bind; anything but loopback needs $PINCITE_TOKEN.")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", help="Port to listen on.")] = 8000,
    generator: GeneratorOption = "extractive",
    base_url: Annotated[str, typer.Option(help="OpenAI-compatible server, e.g. http://127.0.0.1:8080/v1.")] = "http://127.0.0.1:8080/v1",
    model: ModelOption = "default",
    api_key_env: ApiKeyEnvOption = "OPENAI_API_KEY",
    timeout: TimeoutOption = 60.0,
    max_tokens: MaxTokensOption = DEFAULT_MAX_TOKENS,
    no_dense: Annotated[bool, typer.Option("--no-dense", help="Lexical retrieval by default (no embedding model).")] = False,
    max_upload_mb: Annotated[float, typer.Option(help="Largest upload accepted, in MB (all files of one request).")] = 25.0,
) -> None:
    """Serve the HTTP API and the web reader (API docs at /docs).  The store: --db, else --store /
    $PINCITE_STORE (a postgresql:// URL too), else $PINCITE_DB / ./pincite.db."""
    from pincite.generate.base import GeneratorKind
    from pincite.api.app import run_server
    from pincite.api.config import ServerConfig

    try:
        gkind = GeneratorKind.parse(generator)
    except ValueError as e:
        raise typer.BadParameter(str(e), param_hint="--generator") from None
    gen_opts = _generator_options(gkind, base_url, model, api_key_env, timeout, max_tokens)
    config = ServerConfig(db=db or default_location(_store_option(ctx)), generator_kind=gkind,
                          generator_options=gen_opts,
                          dense=not no_dense, max_upload_bytes=int(max_upload_mb * 1024 * 1024))
    try:
        run_server(config, host, port)
    except PinciteError as e:
        raise _fail(e) from None


#: Short denominators for the side-by-side table ("of" columns): what each metric is a share of.
_EVAL_DENOMINATORS = {
    "answered_correctly": ("answerable", "answerable"), "retrieval_recall": ("gold_units", "gold units"),
    "attribution_precision": ("shown_answerable", "shown"), "attribution_recall": ("gold_units", "gold units"),
    "navigability": ("shown", "shown"), "abstention": ("unanswerable", "unanswerable"),
    "claim_recall": ("claims", "claims made"), "coverage": ("scope_sources", "sources"),
}


def _print_eval(results: list[tuple[str, dict, object]]) -> None:  # type: ignore[type-arg]
    """The metrics of each gold set side by side (one column per set, the same rows), the dev-minus-held-out
    line, then per set: latency, drops, the by-tag table and the regression report against its baseline."""
    from pincite.evaluation.compare import set_gaps
    from pincite.evaluation.metrics import format_gap, format_metric, METRIC_NAMES, METRICS

    several = len(results) > 1
    title = ", ".join(f"{name} {run['metrics']['questions']} questions (settings {run['settings_hash']})"
                      for name, run, _ in results)
    table = Table(title=f"pincite eval — {title}")
    table.add_column("metric", overflow="fold")
    for name, _, _ in results:
        table.add_column(name if several else "value", justify="right", no_wrap=True)
        table.add_column("of", overflow="fold")
    for k in METRICS:
        label = METRIC_NAMES[k]
        if k == "retrieval_recall":
            label = f"retrieval recall@{results[0][1]['settings'].get('k')}"
        cells: list[str] = []
        for _, run, _ in results:
            m = run["metrics"]
            key, words = _EVAL_DENOMINATORS[k]
            cells += [format_metric(m.get(k)), f"{m.get(key, 0)} {words}"]
        table.add_row(label, *cells)
    out.print(table)
    for gap in set_gaps([(name, run) for name, run, _ in results]):
        out.print(f"{gap['name']}, {METRIC_NAMES[gap['metric']]}: {format_gap(gap['value'])}")
    for name, run, comparison in results:
        m = run["metrics"]
        head = f"{name}: " if several else ""
        lat = m["latency"]
        out.print(f"{head}latency s: mean {lat['mean']}, p50 {lat['p50']}, p95 {lat['p95']}, max {lat['max']}; "
                  f"errors {m['errors']}; unresolved gold {m['gold_unresolved']}")
        out.print(f"{head}drops by check: " + (", ".join(f"{k} {v}" for k, v in m["drops"].items()) or "none"))
    for name, run, comparison in results:
        _print_eval_tags(run, f"by tag — {name}" if several else "by tag")
        if comparison is not None:
            _print_regression(comparison)


def _print_eval_tags(run: dict, title: str) -> None:  # type: ignore[type-arg]
    from pincite.evaluation.metrics import format_metric, METRICS

    # Ten columns in 80: numbers and short headers, none wider than a number (the metrics in the order of the
    # table above), that never wrap, so the tag column keeps the rest of the width and a long tag wraps,
    # never 'unnumb…'.
    tags = Table(title=title, box=box.SIMPLE_HEAD, show_edge=False, collapse_padding=True)
    tags.add_column("tag", overflow="fold")
    heads = ("n", "ans.\ncorr.", "rec.\n@k", "attr.\nprec.", "attr.\nrec.", "nav.", "abst.", "per\nclaim", "cov.")
    for col in heads:
        tags.add_column(col, justify="right", no_wrap=True)
    for t, tm in run["by_tag"].items():
        tags.add_row(t, str(tm["questions"]), *(format_metric(tm.get(k)) for k in METRICS))
    out.print(tags)


def _print_regression(comparison) -> None:  # type: ignore[no-untyped-def]
    from pincite.evaluation.metrics import format_metric, METRIC_NAMES

    reg = Table(title=f"regression report: baseline {comparison.base_hash} -> {comparison.new_hash}")
    for col in ("metric", "baseline", "this run", "change"):
        reg.add_column(col, overflow="fold")
    for name, a, b in comparison.metrics:
        reg.add_row(METRIC_NAMES.get(name, name), format_metric(a), format_metric(b),
                    "" if a is None or b is None else f"{b - a:+.3f}")
    out.print(reg)
    for k, (a, b) in comparison.settings_changed.items():
        out.print(f"  setting {k}: {a!r} -> {b!r}")
    out.print(f"{len(comparison.worse)} question(s) got worse", style="red")
    for c in comparison.worse:
        out.print(f"  - {c.id}: {'; '.join(c.worse + c.better)}")
    out.print(f"{len(comparison.better)} question(s) got better", style="green")
    for c in comparison.better:
        out.print(f"  + {c.id}: {'; '.join(c.better)}")


def _selected(questions: list, only: list[str]) -> list:  # type: ignore[type-arg]
    """The questions ``--only`` names in one gold set (none is not an error here: another set may hold them)."""
    from pincite.evaluation.gold import GoldError, select_questions

    try:
        return select_questions(questions, only)
    except GoldError:
        return []


def _pair_baselines(names: list[str], baselines: list[dict]) -> list[dict | None]:  # type: ignore[type-arg]
    """Each gold set's baseline run: with one set and one baseline, that one; else each baseline goes to the
    set its run was made on (the gold file's name recorded in it), and one matching no set is an error."""
    from pincite.evaluation.runs import gold_set_name

    if not baselines:
        return [None] * len(names)
    if len(names) == 1 and len(baselines) == 1:
        return [baselines[0]]
    paired: dict[str, dict] = {}  # type: ignore[type-arg]
    for b in baselines:
        made_on = gold_set_name(str(b.get("settings", {}).get("gold") or "?"))
        if made_on not in names:
            raise PinciteError(f"a --baseline run was made on gold set {made_on!r}, which is not among "
                               f"{', '.join(names)}: give one baseline per gold file")
        paired[made_on] = b
    return [paired.get(n) for n in names]


@app.command("eval")
def eval_(
    ctx: typer.Context,
    gold: Annotated[list[Path], typer.Argument(help="Gold questions, JSON lines (see eval/dev.jsonl); give several (eval/dev.jsonl eval/heldout.jsonl) to report them side by side.")],
    db: Annotated[Optional[Path], typer.Option("--db", help="A database holding the corpus (default: ingest --corpus into a temporary one).", show_default=False)] = None,
    corpus: Annotated[Path, typer.Option("--corpus", help="Corpus root, ingested whole unless --db; a gold source not under it is looked up under its parent folder and ingested too (eval/heldout.jsonl's bulk/...).")] = Path("../shared/corpus"),
    k: Annotated[int, typer.Option("--k", help="Passages to retrieve (recall is measured at this k).")] = 10,
    generator: GeneratorOption = "extractive",
    base_url: Annotated[str, typer.Option(help="OpenAI-compatible server for --generator openai.")] = "http://127.0.0.1:8080/v1",
    model: ModelOption = "default",
    api_key_env: ApiKeyEnvOption = "OPENAI_API_KEY",
    timeout: TimeoutOption = 60.0,
    max_tokens: MaxTokensOption = DEFAULT_MAX_TOKENS,
    on_fail: OnFailOption = "drop",
    no_dense: NoDenseOption = False,
    chunker: Annotated[str, typer.Option("--chunker", help="Retrieval unit: structural (ours) or window (the baseline, to show what it breaks).")] = "structural",
    only: Annotated[Optional[list[str]], typer.Option("--only", help="Only questions with this id or tag (repeatable).")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON: the run record; with several gold files, an object whose 'runs' hold one run record per set and whose 'gaps' the first set minus each other.")] = False,
    out_file: Annotated[Optional[Path], typer.Option("--out", help="Write the run record (JSON) here; with several gold files, one per set: run.json -> run.dev.json, run.heldout.json.")] = None,
    baseline: Annotated[Optional[list[Path]], typer.Option("--baseline", help="A run record to compare with: the regression report (repeatable: one per gold file, matched by the gold file it was made on).")] = None,
    html_out: Annotated[Optional[Path], typer.Option("--html", help="Write the self-contained HTML report here (every gold set in one page).")] = None,
) -> None:
    """Run gold sets through the answer path and measure citations: answered correctly, retrieval recall@k,
    attribution precision and recall, navigability, abstention, drops by check, latency; several gold sets side
    by side, with the first minus each other for answered correctly.  Exit 1 only when it cannot run, never for
    a score."""
    import tempfile

    from pincite.web.eval_report import render_runs_html
    from pincite.evaluation.compare import compare_runs, set_gaps
    from pincite.evaluation.gold import read_gold, select_questions
    from pincite.evaluation.runs import (
        EvalOptions,
        gold_set_name,
        prepare_eval_store,
        read_run,
        run_settings,
        set_run_path,
        write_run,
    )
    from pincite.types import Chunker

    try:
        gkind = GeneratorKind.parse(generator)
        mode = Chunker.parse(chunker)
        if on_fail not in ("drop", "retry"):
            raise ValueError(f"{on_fail!r} is not a valid --on-fail; choose one of: drop, retry")
    except ValueError as e:
        raise typer.BadParameter(str(e)) from None
    names = [gold_set_name(g) for g in gold]
    if len(set(names)) < len(names):
        raise typer.BadParameter(f"two gold files are named alike ({', '.join(names)}); each set is named by its "
                                 "file name, so rename one", param_hint="GOLD")
    override = _store_option(ctx)
    if db is None and is_store_url(override):
        db = override  # type: ignore[assignment]  # 'pincite --store postgresql://... eval'
    if db is not None:
        _require_database(db, ctx)  # a given store is read, never created (the default is a temporary one)
    results: list[tuple[str, dict, object]] = []  # type: ignore[type-arg]
    try:
        sets = [(g, read_gold(g)) for g in gold]
        if only:  # each set keeps the questions --only names; a set left with none is not run
            select_questions([q for _, qs in sets for q in qs], only)  # none in any set: the error names --only
            chosen = [(g, name, _selected(qs, only)) for (g, qs), name in zip(sets, names)]
            sets = [(g, qs) for g, _, qs in chosen if qs]
            names = [name for _, name, qs in chosen if qs]
        bases = _pair_baselines(names, [read_run(b) for b in baseline or []])
        with tempfile.TemporaryDirectory(prefix="pincite-eval-") as tmp:
            store = open_store(db or Path(tmp) / "eval.db")
            try:
                prepare_eval_store(store, None if db else corpus, mode,
                                   on_note=lambda s: err.print(s, style="dim"), gold_sets=sets)
                lib = Pincite(db, store=store, generator=gkind, dense=not no_dense, chunker=mode,
                              generator_options=_generator_options(gkind, base_url, model, api_key_env, timeout,
                                                                   max_tokens))
                retriever, gen = lib.retriever, lib.generator
                with progress_bar(err, err.is_terminal) as progress:
                    task = progress.add_task("answering", total=sum(len(qs) for _, qs in sets))
                    retriever.ensure_fresh()
                    for (path, questions), name, base in zip(sets, names, bases):
                        settings = run_settings(store, path, corpus if not db else None, mode, retriever.mode, gen,
                                                model if gkind is GeneratorKind.OPENAI else None)
                        run = lib.evaluate(questions, options=EvalOptions(k=k, on_fail=on_fail), settings=settings,
                                           on_question=lambda r: progress.advance(task))
                        results.append((name, run, compare_runs(base, run) if base is not None else None))
            finally:
                store.close()
    except PinciteError as e:
        raise _fail(e) from None
    several = len(gold) > 1  # the files and JSON have one shape for a command line, whatever --only kept
    for name, run, _ in results:
        if out_file is not None:
            written = write_run(run, set_run_path(out_file, name, several))
            err.print(f"wrote {written}")
        if db is not None:
            saved = write_run(run, None, db=db)
            err.print(f"recorded {saved}")
    if html_out is not None:
        html_out.write_text(render_runs_html(results), encoding="utf-8")  # type: ignore[arg-type]
        err.print(f"wrote {html_out}")
    if as_json:
        def one(run: dict, comparison) -> dict:  # type: ignore[no-untyped-def, type-arg]
            return {**run, "comparison": comparison.to_json() if comparison else None}

        if several:
            _print_json({"runs": [{"name": name, **one(run, c)} for name, run, c in results],
                         "gaps": set_gaps([(name, run) for name, run, _ in results])})
        else:
            _print_json(one(results[0][1], results[0][2]))
    else:
        _print_eval(results)


def _check_date(value: Optional[str]) -> Optional[datetime.date]:
    """``--as-of``, read once (pincite.types.parse_date); a bad date exits 2, naming it and the form."""
    try:
        return None if value is None else parse_date(value)
    except DateError as e:
        raise typer.BadParameter(str(e), param_hint="--as-of") from None


@app.command()
def search(
    ctx: typer.Context,
    query: Annotated[str, typer.Argument(help="What to look for: words, a case name, a citation, 's. 4(1)(c)'.")],
    db: DbOption = None,
    k: Annotated[int, typer.Option("--k", min=1, max=1000, help="How many passages.")] = 10,
    as_of: Annotated[Optional[str], typer.Option("--as-of", help="Only text in force on this date (YYYY-MM-DD).")] = None,
    as_json: JsonOption = False,
    no_dense: Annotated[bool, typer.Option("--no-dense", help="Lexical search only (no embedding model).")] = False,
    include_non_citable: Annotated[bool, typer.Option(
        "--include-non-citable", help="Also headnotes, summaries, cover pages, notes (marked).")] = False,
    kind: Annotated[Optional[list[str]], typer.Option("--kind", help="Only documents of this kind (repeatable).")] = None,
    document: Annotated[Optional[list[str]], typer.Option("--document", help="Only this document id or source.")] = None,
    work: Annotated[Optional[list[str]], typer.Option("--work", help="Only versions of this work.")] = None,
    no_wait: NoWaitOption = False,
) -> None:
    """Find the passages that answer QUERY (hybrid lexical + dense; citable text only unless asked)."""
    day = _check_date(as_of)
    try:
        kinds = tuple(DocumentKind.parse(x) for x in (kind or ()))
    except ValueError as e:
        raise typer.BadParameter(str(e), param_hint="--kind") from None

    try:
        store = _open_existing(db, ctx)
        try:
            _require_documents(store)
            with _progress_bar(err.is_terminal) as bar:
                lib = Pincite(_location(db, ctx), store=store, dense=not no_dense, wait=not no_wait,
                              on_progress=_search_progress(bar))
                hits = lib.search(query, k=k, as_of=day, include_non_citable=include_non_citable, kinds=kinds,
                                  works=tuple(work or ()), documents=tuple(document or ()))
            dense = lib.dense_status()
        finally:
            store.close()
    except UnknownName as e:  # --document / --work naming nothing stored (or several): a usage error
        raise _fail(e, 2) from None
    except PinciteError as e:
        raise _fail(e) from None
    if dense == "pending":
        err.print("dense ranking pending: passages lack vectors ('pincite embed' computes them); these hits are "
                  "lexical", style="dim")
    if as_json:
        _print_json({"query": query, "as_of": as_of, "dense": dense, "hits": [hit_to_json(p) for p in hits]})
        return
    if not hits:
        out.print("no passages found")
        return
    table = Table(show_lines=False)
    for col in ("#", "document", "pinpoint", "zone", "in force", "text"):
        table.add_column(col, overflow="fold", max_width=None if col == "text" else _NARROW)
    for p in hits:
        c = p.chunk
        window = f"{c.in_force_from or '…'} → {c.in_force_to or 'now'}" if (c.in_force_from or c.in_force_to) else ""
        zone = c.zone.value if c.citable else Text(f"{c.zone.value} (not citable)", style="yellow")
        snippet = p.text[:160].replace("\n", " ") + ("…" if len(p.text) > 160 else "")
        table.add_row(str(p.rank), p.document.citation or p.document.title, passage_label(p) or "", zone,
                      window, snippet)
    _fit_text_column(table)
    out.print(table)


def _search_progress(bar: Progress | None = None):  # type: ignore[no-untyped-def]
    """The Retriever's ``on_progress(what, done, total)``: embedding on ``bar`` on a terminal (else a line as
    it starts and ends), and a line when an index was brought up to date."""
    show = bar is not None and err.is_terminal
    embedding = _embedding_progress(bar or Progress(console=err, disable=True), show)

    def progress(what: str, done: int, total: int) -> None:
        if what == "embedding":
            embedding(done, total)
        elif done == total and total:
            err.print(f"{what}: {total} brought up to date", style="dim")

    return progress


@app.command()
def embed(ctx: typer.Context, db: DbOption = None) -> None:
    """Embed the stored passages that have no vector yet (a store ingested with --no-dense, a run stopped
    part-way, a new embedding model) and bring the dense index up to date.  Vectors are committed to the store
    in batches, so stopping it loses at most one batch."""
    from pincite.ingest import embed_store
    from pincite.search.embed import load_embedder

    try:
        store = _open_existing(db, ctx)
        try:
            _require_documents(store)
            embedder = load_embedder()
            with _progress_bar(err.is_terminal) as bar:
                n = embed_store(store, embedder, _embedding_progress(bar, err.is_terminal))
            kept = store.count_embeddings(embedder.model_id)
        finally:
            store.close()
    except PinciteError as e:
        raise _fail(e) from None
    err.print(f"{n} passages embedded; the store keeps {kept} vectors of {embedder.model_id}; the dense index "
              "is up to date", markup=False)


@app.command()
def demo(ctx: typer.Context, db: DbOption = None) -> None:
    """Ingest the bundled demo documents and show the first judgment."""
    paths = demo_paths()
    try:
        report = _run_ingest(ctx, db, paths, None)
    except PinciteError as e:
        raise _fail(e) from None
    if report.failed:
        raise typer.Exit(1)
    first = next((r for r in report.results if r.kind == "judgment"), report.results[0])
    assert first.doc_id is not None
    show(ctx, first.doc_id, db=db, as_json=False, text=False)
    out.print(f"\nDatabase: {db or default_db_path()}.  Try: pincite documents, pincite show {first.doc_id} --json")


@app.callback()
def _global_options(
    ctx: typer.Context,
    store: Annotated[Optional[str], typer.Option(
        "--store", help="The store for this command: a postgresql:// URL (or a SQLite file).  Default: "
        "$PINCITE_STORE, else --db / $PINCITE_DB / ./pincite.db.  A command's --db still names a SQLite file.",
        show_default=False)] = None,
) -> None:
    """pincite: answers over long legal documents with pinpoint citations checked before display."""
    ctx.obj = {"store": store}  # for this command only: read back by _store_option


@app.command()
def migrate(
    from_db: Annotated[Path, typer.Option("--from", help="The embedded (SQLite) database to copy.")],
    to: Annotated[str, typer.Option("--to", help="The target store: a postgresql://user@host/db URL.")],
) -> None:
    """Copy an embedded store into another (PostgreSQL): documents, units, windows, chunks and settings, one
    document per transaction, and the stored vectors in committed batches (the target's first dense search
    embeds nothing); what is already there is skipped, so an interrupted run is run again."""
    from pincite.migrate import migrate_store
    from pincite.store.sqlite import SQLiteStore

    if not from_db.exists():
        _error(f"no database at {from_db}")
        raise typer.Exit(1)
    try:
        with SQLiteStore(from_db) as src:
            dst = open_store(to)
            try:
                report = migrate_store(src, dst)
            finally:
                dst.close()
    except PinciteError as e:
        raise _fail(e) from None
    n = len(report.copied) + len(report.skipped)
    out.print(f"{n} documents: {len(report.copied)} copied, {len(report.skipped)} already there; "
              f"{report.chunks} chunks, {report.settings} settings; {report.vectors} vectors copied, "
              f"{report.vectors_skipped} already there -> {dst}")


@app.command()
def check(
    ctx: typer.Context,
    file: Annotated[Path, typer.Argument(help="The draft: .txt, .md, .html, .docx or .pdf ('-' reads text from stdin).",
                                         show_default=False)],
    as_of: Annotated[Optional[str], typer.Option("--as-of", help="The date the draft speaks as of (YYYY-MM-DD; "
                                                 "default today): statutes are checked in the text in force then.")] = None,
    db: DbOption = None,
    as_json: JsonOption = False,
    html_out: Annotated[Optional[Path], typer.Option("--html", help="Also write the report as one self-contained "
                                                     "HTML file here.")] = None,
) -> None:
    """Cite-check a draft: find its citations, resolve each to a stored document and unit, and check the quoted
    words, the pinpoint, the version in force, dissents and headnotes.  Exit 0 when every citation is ok, 1 when
    any is not, 2 on a usage error."""
    day = _check_date(as_of)
    try:
        data = sys.stdin.buffer.read() if str(file) == "-" else file.read_bytes()
    except OSError as e:
        _error(f"{file}: cannot read the draft: {e.strerror or e}")
        raise typer.Exit(2) from None
    source = "stdin.txt" if str(file) == "-" else str(file)
    store = _open_existing(db, ctx)
    try:
        report = Pincite(_location(db, ctx), store=store).check(data, source=source, as_of=day)
    except PinciteError as e:
        store.close()
        raise _fail(e, 2) from None
    store.close()
    if html_out is not None:
        try:
            html_out.write_text(render_check_html(report), encoding="utf-8")
        except OSError as e:
            _error(f"{html_out}: cannot write the report: {e.strerror or e}")
            raise typer.Exit(2) from None
        err.print(f"wrote {html_out}")
    if as_json:
        _print_json(report.to_json())
    else:
        for r in report.results:
            j = r.to_json()
            mark = Text(f"{r.verdict.value:<22}", style="green" if r.verdict is Verdict.OK else "red")
            out.print(mark, Text(j["text"]))
            where = (j["document"]["title"] + (f" · {j['unit']}" if j["unit"] else "")) if j["document"] else ""
            if where:
                out.print(Text(f"{'':<22}{where}", style="dim"))
            out.print(Text(f"{'':<22}{r.detail}"))
            if j["suggested"]:
                out.print(Text(f"{'':<22}suggested: {j['suggested']['rendered']}"))
        counts = ", ".join(f"{k}: {v}" for k, v in sorted(report.summary.items())) or "no citations found"
        out.print(Text(f"{len(report.results)} citations in {source} ({report.seconds:.1f} s): {counts}"))
        bad = [VERDICT_WORDS[r.verdict] for r in report.results if r.verdict is not Verdict.OK]
        if bad:
            out.print(Text(f"{len(bad)} to look at before this goes out", style="bold red"))
    raise typer.Exit(0 if report.all_ok else 1)


def main() -> None:
    app()


if __name__ == "__main__":
    main()
