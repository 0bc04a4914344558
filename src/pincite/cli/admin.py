"""``pincite chunk``, ``embed`` and ``migrate``: maintaining a store."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from pincite import Pincite
from pincite.library import ChunkSettings
from pincite.cli.common import (
    DbOption, _embedding_progress, _error, _fail, _open_existing, _progress_bar, err, out,
)
from pincite.errors import PinciteError


def chunk(
    ctx: typer.Context,
    db: DbOption = None,
    max_chars: Annotated[int, typer.Option(help="Split a unit longer than this (characters).")] = 1500,
    merge_chars: Annotated[int, typer.Option(help="Merge short sibling units while under this (characters).")] = 500,
    max_units: Annotated[int, typer.Option(help="At most this many whole units in one chunk.")] = 4,
    overlap_chars: Annotated[int, typer.Option(help="Context added on each side (never citable).")] = 0,
) -> None:
    """Re-chunk every stored document with new settings (from stored units; nothing is re-parsed)."""

    try:
        settings = ChunkSettings(max_chars=max_chars, merge_chars=merge_chars, max_units=max_units,
                                 overlap_chars=overlap_chars)
    except ValueError as e:
        raise typer.BadParameter(str(e)) from None
    try:
        lib = _open_existing(db, ctx)
        total = lib.rechunk(settings)
        n = len(lib.documents())
        lib.close()
    except PinciteError as e:
        raise _fail(e) from None
    out.print(f"{n} documents re-chunked into {total} chunks ({settings.key()})")


def embed(ctx: typer.Context, db: DbOption = None) -> None:
    """Embed the stored passages that have no vector yet (a store ingested with --no-dense, a run stopped
    part-way, a new embedding model) and bring the dense index up to date.  Vectors are committed to the store
    in batches, so stopping it loses at most one batch."""

    try:
        lib = _open_existing(db, ctx)
        try:
            lib.require_documents()
            embedder = Pincite.load_embedder()
            with _progress_bar(err.is_terminal) as bar:
                n = lib.embed(embedder, _embedding_progress(bar, err.is_terminal))
            kept = lib.vector_count(embedder.model_id)
        finally:
            lib.close()
    except PinciteError as e:
        raise _fail(e) from None
    err.print(f"{n} passages embedded; the store keeps {kept} vectors of {embedder.model_id}; the dense index "
              "is up to date", markup=False)


def migrate(
    from_db: Annotated[Path, typer.Option("--from", help="The embedded (SQLite) database to copy.")],
    to: Annotated[str, typer.Option("--to", help="The target store: a postgresql://user@host/db URL.")],
) -> None:
    """Copy an embedded store into another (PostgreSQL): documents, units, windows, chunks and settings, one
    document per transaction, and the stored vectors in committed batches (the target's first dense search
    embeds nothing); what is already there is skipped, so an interrupted run is run again."""

    if not from_db.exists():
        _error(f"no database at {from_db}")
        raise typer.Exit(1)
    try:
        with Pincite(to, create=True, regroup=False) as dst:
            report = dst.copy_from(from_db)
    except PinciteError as e:
        raise _fail(e) from None
    n = len(report.copied) + len(report.skipped)
    out.print(f"{n} documents: {len(report.copied)} copied, {len(report.skipped)} already there; "
              f"{report.chunks} chunks, {report.settings} settings; {report.vectors} vectors copied, "
              f"{report.vectors_skipped} already there -> {dst.shown_location()}")
