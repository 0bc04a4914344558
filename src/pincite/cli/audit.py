"""``pincite audit``: chunks beside the document's own units, and the structural lint."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer
from rich.table import Table

from pincite.library import WindowSettings, audit_to_json, lint_counts, lint_document
from pincite.cli.common import DbOption, JsonOption, _fail, _open_existing, _print_json, err, out
from pincite.errors import PinciteError
from pincite.types import Chunker
from pincite.web.audit import render_audit_html


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

    try:
        mode = Chunker.parse(chunker)
    except ValueError as e:
        raise typer.BadParameter(str(e), param_hint="--chunker") from None
    if (document is None) == (not all_docs):
        raise typer.BadParameter("give one DOCUMENT, or --all")
    if all_docs and (chunks_file or html_out):
        raise typer.BadParameter("--chunks and --html audit one document, not --all")
    try:
        lib = _open_existing(db, ctx)
        if all_docs:
            ids = [s.id for s in lib.documents()]
        else:
            assert document is not None  # checked above: one DOCUMENT or --all
            ids = [document]
        lines = None
        if chunks_file is not None:
            try:
                lines = chunks_file.read_text(encoding="utf-8").splitlines()
            except (OSError, UnicodeDecodeError) as e:
                raise PinciteError(f"{chunks_file}: cannot read chunks file: {e}") from None
        reports = []
        for name in ids:
            doc = lib.show(name)  # an id (--all) or any name of one document
            report = lib.audit(doc, chunker=mode, window=WindowSettings(window_tokens, overlap_tokens),
                               chunks=lines, chunks_name=str(chunks_file))
            reports.append((doc, report, lint_document(doc)))
        lib.close()
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
    verdicts: dict[str, int] = {}
    for doc, report, found in reports:
        nb = doc.meta.get("numbering") or {}
        verdict = nb.get("verdict") or "not checked (stored by an older parser)"
        verdicts[verdict] = verdicts.get(verdict, 0) + 1
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
            # the document's own evidence about its labels (parse/selfcheck)
            out.print(f"numbering: {verdict}" + (f" — {nb['why']}" if nb.get("why") else ""))
            for e in nb.get("evidence", [])[:8]:
                out.print(f"  evidence: {e}")
            for c in nb.get("corrected", []):
                out.print(f"  corrected: {c}")
        out.print(f"{doc.source}: {summ['chunks']} chunks, {summ['flagged']} flagged "
                  f"({', '.join(f'{k} {v}' for k, v in summ['by_kind'].items() if v) or 'none'}); "
                  f"wrong number {summ['wrong_number_share']:.1%}; {len(found)} structure flags")
    if all_docs:
        out.print(f"ALL: {len(reports)} documents, {totals['chunks']} chunks, {totals['flagged']} flagged "
                  f"({', '.join(f'{k} {v}' for k, v in kinds.items() if v) or 'none'}); "
                  f"{sum(structure.values())} structure flags "
                  f"({', '.join(f'{k} {v}' for k, v in structure.items() if v) or 'none'}); numbering: "
                  f"{', '.join(f'{k} {v}' for k, v in sorted(verdicts.items()))}")
