"""``pincite check``: a draft's citations resolved and checked."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated, Optional

import typer
from rich.text import Text

from pincite.cli.common import (
    DbOption, JsonOption, _check_date, _error, _fail, _open_existing, _print_json, err, out,
)
from pincite.errors import PinciteError
from pincite.types import Verdict
from pincite.web.check_report import VERDICT_WORDS, render_check_html


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
    words, the pinpoint, the version in force, dissents, headnotes and whether each sentence agrees with its
    quotation.  Exit codes: 0 every citation ok; 1 any citation not ok; 2 a usage error; 3 no citation
    recognised in the draft (spans that look like citations are listed)."""
    day = _check_date(as_of)
    try:
        data = sys.stdin.buffer.read() if str(file) == "-" else file.read_bytes()
    except OSError as e:
        _error(f"{file}: cannot read the draft: {e.strerror or e}")
        raise typer.Exit(2) from None
    source = "stdin.txt" if str(file) == "-" else str(file)
    lib = _open_existing(db, ctx)
    try:
        report = lib.check(data, source=source, as_of=day)
    except PinciteError as e:
        lib.close()
        raise _fail(e, 2) from None
    lib.close()
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
        for a, b, what in report.unrecognised:
            out.print(Text(f"{'not checked':<22}", style="yellow"), Text(report.text[a:b]))
            out.print(Text(f"{'':<22}looks like a citation ({what}) but names nothing pincite can resolve"))
        counts = ", ".join(f"{k}: {v}" for k, v in sorted(report.summary.items())) or "no citations found"
        out.print(Text(f"{len(report.results)} citations in {source} ({report.seconds:.1f} s): {counts}"))
        bad = [VERDICT_WORDS[r.verdict] for r in report.results if r.verdict is not Verdict.OK]
        if bad:
            out.print(Text(f"{len(bad)} to look at before this goes out", style="bold red"))
        if not report.results:
            out.print(Text("no citations found: nothing in this draft was checked", style="bold red"))
    raise typer.Exit({"ok": 0, "problems": 1, "no-citations": NO_CITATIONS_EXIT}[report.status])


#: The exit code of a draft in which no citation was recognised: not 0 (nothing was checked), not 1 (no citation
#: failed), not 2 (a usage error).
NO_CITATIONS_EXIT = 3
