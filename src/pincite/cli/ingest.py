"""``pincite ingest`` and ``pincite demo``: documents into a store."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer
from rich.text import Text

from pincite.cli.common import (
    DbOption, JsonOption, _embedding_progress, _fail, _load_embedder_or_warn, _location, _parse_format,
    _print_json, _progress_bar, err, out,
)
from pincite.cli.show import show
from pincite.errors import PinciteError
from pincite import FileResult, IngestReport, Pincite, demo_paths
from pincite.library import default_db_path
from pincite.types import Format


def _run_ingest(ctx: typer.Context, db: Optional[Path], paths: list[str], fmt: Optional[Format],
                quiet: bool = False, dense: bool = True) -> IngestReport:
    lib = Pincite(_location(db, ctx), create=True, regroup=False)  # a new store, or more files into one
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
            report = lib.ingest(
                paths, format=fmt, on_file=on_file, on_start=on_start, embedder=embedder, on_embed=on_embed)
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
                + f" -> {lib.shown_location()}"
            )
            if report.index_error:
                err.print(Text("error" if report.out_of_space else "warning", style="red"),
                          f"search index: {report.index_error}", markup=False)
            if report.dense_error:
                err.print(Text("warning", style="yellow"), f"embedding did not finish: {report.dense_error}; "
                          "searches are lexical until 'pincite embed' completes it (vectors done so far are kept)")
            elif not dense:
                err.print("not embedded (--no-dense): 'pincite embed' computes the vectors; until then a "
                          "hybrid search embeds them first (or, with --no-wait, answers lexically)", style="dim")
        return report
    finally:
        lib.close()


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
    nothing = report.nothing_read(paths)
    if nothing:
        raise _fail(PinciteError(nothing))
    if report.failed or report.out_of_space:
        raise typer.Exit(1)


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
