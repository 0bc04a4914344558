"""``pincite search``: the passages that answer a query."""

from __future__ import annotations

from typing import Annotated, Optional

import typer
from rich.table import Table
from rich.text import Text

from pincite.cli.common import (
    DbOption, JsonOption, NoWaitOption, _NARROW, _check_date, _fail, _fit_text_column,
    _open_existing, _print_json, _progress_bar, _search_progress, err, out,
)
from pincite import DEFAULT_K
from pincite.errors import PinciteError, UnknownName
from pincite.library import spec
from pincite.types import DocumentKind


def search(
    ctx: typer.Context,
    query: Annotated[str, typer.Argument(help="What to look for: words, a case name, a citation, 's. 4(1)(c)'.")],
    db: DbOption = None,
    k: Annotated[int, typer.Option("--k", min=1, max=spec("k").le, help="How many passages.")] = DEFAULT_K,
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
        lib = _open_existing(db, ctx, dense=not no_dense, wait=not no_wait)
        try:
            lib.require_documents()
            with _progress_bar(err.is_terminal) as bar:
                lib.on_progress = _search_progress(bar)  # the retriever is made by the search, on this bar
                hits = lib.search(query, k=k, as_of=day, include_non_citable=include_non_citable, kinds=kinds,
                                  works=tuple(work or ()), documents=tuple(document or ()))
            dense = lib.dense_status()
        finally:
            lib.close()
    except UnknownName as e:  # --document / --work naming nothing stored (or several): a usage error
        raise _fail(e, 2) from None
    except PinciteError as e:
        raise _fail(e) from None
    if dense == "pending":
        err.print("dense ranking pending: passages lack vectors ('pincite embed' computes them); these hits are "
                  "lexical", style="dim")
    if as_json:
        _print_json({"query": query, "as_of": as_of, "dense": dense, "hits": [p.to_json() for p in hits]})
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
        table.add_row(str(p.rank), p.document.citation or p.document.title, p.label or "", zone,
                      window, snippet)
    _fit_text_column(table)
    out.print(table)
