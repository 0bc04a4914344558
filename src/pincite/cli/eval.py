"""``pincite eval``: gold sets through the answer path, measured; the side-by-side report."""

from __future__ import annotations

import tempfile
from dataclasses import replace
from pathlib import Path
from typing import Annotated, Any, Optional

import typer
from rich import box
from rich.table import Table

from pincite.cli.common import (
    ApiKeyEnvOption, GeneratorOption, MaxTokensOption, ModelOption, NoDenseOption, OnFailOption, TimeoutOption,
    _fail, _generator_options, _print_json, _require_database, _store_option, err, out,
)
from pincite.errors import PinciteError
from pincite import Comparison, EvalReport, Pincite
from pincite.library import DEFAULT_MAX_TOKENS, EVAL_OPTIONS, spec
from pincite.terminal import progress_bar
from pincite.types import DEFAULT_GENERATOR, Chunker, GeneratorKind, OnFail
from pincite.web.eval_report import render_runs_html

#: One gold set's result: its name, its run record, and the comparison with its baseline (if one was given).
SetResult = tuple[str, dict[str, Any], Comparison | None]


#: Short denominators for the side-by-side table ("of" columns): what each metric is a share of.
_EVAL_DENOMINATORS = {
    "answered_correctly": ("answerable", "answerable"), "retrieval_recall": ("gold_units", "gold units"),
    "attribution_precision": ("shown_answerable", "shown"), "attribution_recall": ("gold_units", "gold units"),
    "navigability": ("shown", "shown"), "abstention": ("unanswerable", "unanswerable"),
    "claim_recall": ("claims", "claims made"), "coverage": ("scope_sources", "sources"),
}


def _print_eval(results: list[SetResult]) -> None:
    """The metrics of each gold set side by side (one column per set, the same rows), the dev-minus-held-out
    line, then per set: latency, drops, the by-tag table and the regression report against its baseline."""
    several = len(results) > 1
    title = ", ".join(f"{name} {run['metrics']['questions']} questions (settings {run['settings_hash']})"
                      for name, run, _ in results)
    table = Table(title=f"pincite eval — {title}")
    table.add_column("metric", overflow="fold")
    for name, _, _ in results:
        table.add_column(name if several else "value", justify="right", no_wrap=True)
        table.add_column("of", overflow="fold")
    for k in EvalReport.METRICS:
        label = EvalReport.METRIC_NAMES[k]
        if k == "retrieval_recall":
            at = EvalReport.RECALL_AT
            label = f"retrieval recall@{min(results[0][1]['settings'].get('k') or at, at)}"
        cells: list[str] = []
        for _, run, _ in results:
            m = run["metrics"]
            key, words = _EVAL_DENOMINATORS[k]
            cells += [EvalReport.format_metric(m.get(k)), f"{m.get(key, 0)} {words}"]
        table.add_row(label, *cells)
    out.print(table)
    for gap in EvalReport.gaps_between([(name, run) for name, run, _ in results]):
        out.print(f"{gap['name']}, {EvalReport.METRIC_NAMES[gap['metric']]}: "
                  f"{EvalReport.format_gap(gap['value'])}")
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


def _print_eval_tags(run: dict[str, Any], title: str) -> None:
    # Ten columns in 80: numbers and short headers, none wider than a number (the metrics in the order of the
    # table above), that never wrap, so the tag column keeps the rest of the width and a long tag wraps,
    # never 'unnumb…'.
    tags = Table(title=title, box=box.SIMPLE_HEAD, show_edge=False, collapse_padding=True)
    tags.add_column("tag", overflow="fold")
    heads = ("n", "ans.\ncorr.", "rec.\n@k", "attr.\nprec.", "attr.\nrec.", "nav.", "abst.", "per\nclaim", "cov.")
    for col in heads:
        tags.add_column(col, justify="right", no_wrap=True)
    for t, tm in run["by_tag"].items():
        tags.add_row(t, str(tm["questions"]),
                     *(EvalReport.format_metric(tm.get(k)) for k in EvalReport.METRICS))
    out.print(tags)


def _print_regression(comparison: Comparison) -> None:
    reg = Table(title=f"regression report: baseline {comparison.base_hash} -> {comparison.new_hash}")
    for col in ("metric", "baseline", "this run", "change"):
        reg.add_column(col, overflow="fold")
    for name, a, b in comparison.metrics:
        reg.add_row(EvalReport.METRIC_NAMES.get(name, name), EvalReport.format_metric(a),
                    EvalReport.format_metric(b),
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


def eval_(
    ctx: typer.Context,
    gold: Annotated[list[Path], typer.Argument(help="Gold questions, JSON lines (see eval/dev.jsonl); give several (eval/dev.jsonl eval/heldout.jsonl) to report them side by side.")],
    db: Annotated[Optional[Path], typer.Option("--db", help="A database holding the corpus (default: ingest --corpus into a temporary one).", show_default=False)] = None,
    corpus: Annotated[Path, typer.Option("--corpus", help="Corpus root, ingested whole unless --db; a gold source not under it is looked up under its parent folder and ingested too (eval/heldout.jsonl's bulk/...).")] = Path("../shared/corpus"),
    k: Annotated[int, typer.Option("--k", help=spec("k").cli.removesuffix(".") + f" (recall is measured in the top {EvalReport.RECALL_AT}).")] = EVAL_OPTIONS.k,
    generator: GeneratorOption = DEFAULT_GENERATOR.value,
    base_url: Annotated[str, typer.Option(help="OpenAI-compatible server for --generator openai.")] = "http://127.0.0.1:8080/v1",
    model: ModelOption = "default",
    api_key_env: ApiKeyEnvOption = "OPENAI_API_KEY",
    timeout: TimeoutOption = 60.0,
    max_tokens: MaxTokensOption = DEFAULT_MAX_TOKENS,
    on_fail: OnFailOption = EVAL_OPTIONS.on_fail.value,
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
    try:
        gkind = GeneratorKind.parse(generator)
        mode = Chunker.parse(chunker)
        if on_fail not in (choices := [m.value for m in OnFail]):
            raise ValueError(f"{on_fail!r} is not a valid --on-fail; choose one of: {', '.join(choices)}")
    except ValueError as e:
        raise typer.BadParameter(str(e)) from None
    names = EvalReport.names(gold)
    if len(set(names)) < len(names):
        raise typer.BadParameter(f"two gold files are named alike ({', '.join(names)}); each set is named by its "
                                 "file name, so rename one", param_hint="GOLD")
    override = _store_option(ctx)
    given: Path | str | None = db  # the store to evaluate in (None: a temporary one, the corpus ingested)
    if given is None and override is not None and Pincite.is_server(override):
        given = override  # 'pincite --store postgresql://... eval'
    if given is not None:
        _require_database(given, ctx)  # a given store is read, never created (the default is a temporary one)
    try:
        report = EvalReport.read(gold, only=only, baselines=baseline or [])
        with tempfile.TemporaryDirectory(prefix="pincite-eval-") as tmp:
            with Pincite(given or Path(tmp) / "eval.db", generator=gkind, dense=not no_dense, chunker=mode,
                         create=given is None,  # the temporary store is made here; a given one exists
                         generator_options=_generator_options(gkind, base_url, model, api_key_env, timeout,
                                                              max_tokens)) as lib:
                with progress_bar(err, err.is_terminal) as progress:
                    task = progress.add_task("answering", total=report.questions)
                    report.add_runs(lib.evaluate_sets(
                        report.gold_sets, corpus=None if given else corpus,
                        options=replace(EVAL_OPTIONS, k=k, on_fail=on_fail),
                        on_note=lambda s: err.print(s, style="dim"), on_question=lambda r: progress.advance(task)))
                for one in report.sets:
                    if out_file is not None:
                        err.print(f"wrote {report.write(one, out_file)}")
                    if given is not None:
                        err.print(f"recorded {lib.record_run(one.run or {})}")
    except PinciteError as e:
        raise _fail(e) from None
    results = report.results
    if html_out is not None:
        html_out.write_text(render_runs_html(results), encoding="utf-8")
        err.print(f"wrote {html_out}")
    if as_json:
        _print_json(report.to_json())
    else:
        _print_eval(results)
