"""``pincite documents``, ``show`` and ``versions``: what a store holds."""

from __future__ import annotations

import os
from typing import Annotated, Optional

import typer
from rich import box
from rich.table import Table
from rich.text import Text

from pincite.cli.common import (
    DbOption, JsonOption, _NARROW, _WHOLE_WORD_COLUMNS, _fail, _fit_text_column, _open_existing,
    _print_json, out,
)
from pincite import DocumentSummary
from pincite.errors import InvalidOption, PinciteError
from pincite.library import document_to_json, summary_to_json, works_of
from pincite.terminal import visible
from pincite.types import Role


def documents(
    ctx: typer.Context,
    db: DbOption = None,
    kind: Annotated[Optional[list[str]], typer.Option(
        "--kind", help="Only documents of this kind (repeatable: of any of these kinds).")] = None,
    as_json: JsonOption = False,
    wide: Annotated[bool, typer.Option("--wide", help="Each document's full source path (the table shows its "
                                                      "file name; --json has the path).")] = False,
) -> None:
    """List the stored documents."""
    try:
        lib = _open_existing(db, ctx)
        try:  # the kinds are checked by Pincite.documents, as every door's are
            rows = lib.documents(kinds=kind or ())
        finally:
            lib.close()
    except InvalidOption as e:
        raise typer.BadParameter(e.reason, param_hint="--kind") from None
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
        # the self-check's verdict on its labels (parse/selfcheck) under the kind: no line of its own
        kind = Text(s.kind.value)
        if s.numbering:
            kind.append("\n" + s.numbering, style="red" if s.numbering == "contradicted" else "dim")
        table.add_row(s.id, kind, s.version_date or s.date or "", str(s.units), cell)
    out.print(table)
    out.print(f"{len(rows)} documents")
    _print_works(rows)


def _print_works(rows: list[DocumentSummary]) -> None:
    """The works among ``rows`` (an Act's versions share one), so a user can find what 'versions' takes; a table
    that wraps like the documents table, so it reads at 80 columns."""

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


def _role_text(role: Optional[Role]) -> str:
    return role.value if role else ""


def show(
    ctx: typer.Context,
    document: Annotated[str, typer.Argument(help="A document id or the source path it was ingested from.")],
    db: DbOption = None,
    as_json: JsonOption = False,
    text: Annotated[bool, typer.Option("--text", help="Print each unit's full text.")] = False,
) -> None:
    """Show one document with its units."""
    try:
        lib = _open_existing(db, ctx)
        doc = lib.show(document)
        lib.close()
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
    numbering = doc.meta.get("numbering") or {}
    if numbering:  # the document's own evidence about its labels (parse/selfcheck)
        verdict = numbering.get("verdict", "")
        style = {"contradicted": "red", "verified": "green"}.get(verdict, "yellow")
        out.print(Text("numbering", style=style), Text(f"{verdict}: {numbering.get('why', '')}"))
        for line in list(numbering.get("corrected") or []):
            out.print(Text("  corrected", style="yellow"), Text(line))
        for line in list(numbering.get("evidence") or [])[:8]:
            out.print(Text("  evidence", style="dim"), Text(line))
    table = Table(show_lines=False)
    has_pages = any(u.page_start for u in doc.units)
    has_windows = any(u.in_force_from or u.in_force_to for u in doc.units)
    has_judges = any(u.author or u.role for u in doc.units)
    # whose reasons a unit is in is a row of its own where it changes, across the text column: in a column of
    # its own beside "subparagraph" at 80 columns it had 7 cells, and names broke mid-word ("Popplew/ell")
    cols = ["label", "kind", "zone", "cite"] + (["pages"] if has_pages else []) + \
        (["in force"] if has_windows else []) + ["text"]
    for col in cols:  # a word of a kind, zone or flag is never broken ("subparagr/aph"); labels and names wrap
        table.add_column(col, overflow="fold", max_width=None if col == "text" else _NARROW,
                         no_wrap=col in _WHOLE_WORD_COLUMNS)
    judge = ""
    for u in doc.units:
        who = " — ".join(x for x in (u.author or "", _role_text(u.role)) if x)
        if has_judges and who != judge:
            table.add_row(*[""] * (len(cols) - 1), Text(who or "(no judge)", style="bold"))
            judge = who
        body = doc.unit_text(u)
        snippet = body if text else (body[:90].replace("\n", " ") + ("…" if len(body) > 90 else ""))
        pages = ""
        if u.page_start:
            pages = u.page_start if u.page_start == u.page_end or not u.page_end else f"{u.page_start}-{u.page_end}"
        window = ""
        if u.in_force_from or u.in_force_to:
            window = f"{u.in_force_from or '…'} → {u.in_force_to or 'now'}"
        shown = u.label or u.number or ""
        if u.attrs.get("label_unverified"):  # the document's own text contradicts this label
            shown += " (unverified)"
        for flag in u.attrs.get("flags") or ():  # "instructions": the unit addresses an AI assistant
            shown += f" [{flag}]"
        row = [shown, u.kind.value, u.zone.value, "yes" if u.citable else "no"]
        row += ([pages] if has_pages else []) + ([window] if has_windows else [])
        table.add_row(*row, snippet)
    _fit_text_column(table)
    out.print(table)


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

    try:
        lib = _open_existing(db, ctx)
        try:
            key, rows = lib.versions(work)
        finally:
            lib.close()
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
