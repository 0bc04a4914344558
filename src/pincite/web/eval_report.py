"""The evaluation report as one self-contained HTML page: no script, no stylesheet or font from elsewhere.

It shows the run's settings and metrics, one inline SVG bar chart per tag, and for every question the answer,
each shown citation with the quoted words highlighted in its unit's text (and whether it landed on gold and can
be followed), the gold units with their quotes highlighted, and the drops.  Everything is drawn from the run
record alone (:func:`pincite.evaluation.runs.build_run`), so an old ``RUN.json`` renders the same way.  Several
gold sets (``pincite eval dev.jsonl heldout.jsonl --html``) render in one page: their metrics side by side with
the first set minus each other, then each set's report.
"""

from __future__ import annotations

from html import escape
from typing import Any

from pincite import Comparison, EvalReport

# how a run's figures are named, ordered and printed: the command line's table's (pincite.EvalReport)
METRICS, METRIC_NAMES = EvalReport.METRICS, EvalReport.METRIC_NAMES
format_metric, format_gap, set_gaps = EvalReport.format_metric, EvalReport.format_gap, EvalReport.gaps_between

_CSS = """
body{font:14px/1.45 system-ui,-apple-system,Segoe UI,sans-serif;margin:2rem auto;max-width:1100px;color:#1c1c1c;padding:0 1rem}
h1{font-size:1.5rem}h2{font-size:1.2rem;margin-top:2rem;border-bottom:1px solid #ddd}h3{font-size:1rem;margin:.2rem 0}
table{border-collapse:collapse;margin:.5rem 0}td,th{border:1px solid #ddd;padding:.25rem .5rem;text-align:left;vertical-align:top}
th{background:#f4f4f4}.num{text-align:right;font-variant-numeric:tabular-nums}
.charts{display:flex;flex-wrap:wrap;gap:1rem}.chart{border:1px solid #e4e4e4;padding:.5rem;border-radius:4px}
.q{border:1px solid #ddd;border-radius:6px;padding:.6rem .9rem;margin:1rem 0}
.q.bad{border-left:6px solid #c0392b}.q.good{border-left:6px solid #27ae60}.q.mixed{border-left:6px solid #e67e22}
.tag{display:inline-block;background:#eef;border-radius:3px;padding:0 .35rem;margin-right:.25rem;font-size:12px}
.unit{white-space:pre-wrap;background:#fafafa;border:1px solid #eee;padding:.4rem;max-height:14rem;overflow:auto;font-size:13px}
mark{background:#ffe066}mark.gold{background:#b6f0c2}
.ok{color:#1e8449;font-weight:600}.no{color:#c0392b;font-weight:600}.muted{color:#666}
.answer{background:#f7f9ff;border-left:3px solid #8aa4ff;padding:.3rem .6rem}
"""

_BAR_COLOURS = {"answered_correctly": "#2c3e50", "retrieval_recall": "#5b8def", "attribution_precision": "#27ae60", "attribution_recall": "#16a085",
                "navigability": "#8e44ad", "abstention": "#e67e22"}


def chart_svg(title: str, metrics: dict[str, Any], width: int = 250) -> str:
    """A small horizontal bar chart of the metrics (0..1); a metric that does not apply is left blank."""
    row, label_w, top = 22, 130, 22
    bar_w = width - label_w - 40
    h = top + row * len(METRICS) + 6
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{h}" role="img" '
             f'aria-label="{escape(title)}"><title>{escape(title)}</title>',
             f'<text x="0" y="14" font-size="12" font-weight="600">{escape(title)} (n={metrics["questions"]})</text>']
    for i, m in enumerate(METRICS):
        y = top + i * row
        v = metrics.get(m)
        parts.append(f'<text x="0" y="{y + 13}" font-size="11">{escape(METRIC_NAMES[m])}</text>')
        parts.append(f'<rect x="{label_w}" y="{y + 3}" width="{bar_w}" height="13" fill="#eee"/>')
        if v is not None:
            parts.append(f'<rect x="{label_w}" y="{y + 3}" width="{bar_w * max(0.0, min(1.0, v)):.1f}" height="13" '
                         f'fill="{_BAR_COLOURS.get(m, "#6b7b8c")}"/>')
        parts.append(f'<text x="{label_w + bar_w + 4}" y="{y + 13}" font-size="11">{format_metric(v)}</text>')
    parts.append("</svg>")
    return "".join(parts)


def highlight(text: str, start: int, spans: list[tuple[int, int, str]]) -> str:
    """``text`` (which starts at document offset ``start``) with each ``(char_start, char_end, css_class)`` span
    marked; spans are document offsets, clipped to the text, and must not overlap one another."""
    out: list[str] = []
    pos = 0
    for s, e, cls in sorted(spans):
        a, b = max(s - start, pos), min(e - start, len(text))
        if b <= a:
            continue
        out.append(escape(text[pos:a]))
        out.append(f'<mark class="{cls}">' + escape(text[a:b]) + "</mark>")
        pos = b
    out.append(escape(text[pos:]))
    return "".join(out)


def _metrics_table(m: dict[str, Any]) -> str:
    rows = "".join(f'<tr><th>{escape(METRIC_NAMES[k])}</th><td class="num">{format_metric(m.get(k))}</td></tr>'
                   for k in METRICS)
    lat = m["latency"]
    rows += (f'<tr><th>latency (s) mean / p50 / p95 / max</th><td class="num">{lat["mean"]} / {lat["p50"]} / '
             f'{lat["p95"]} / {lat["max"]}</td></tr>')
    rows += (f'<tr><th>questions (answerable / none / errors)</th><td class="num">{m["questions"]} '
             f'({m["answerable"]} / {m["unanswerable"]} / {m["errors"]})</td></tr>')
    rows += f'<tr><th>citations shown</th><td class="num">{m["shown"]}</td></tr>'
    return f"<table>{rows}</table>"


def _side_by_side_table(results: list[tuple[str, dict[str, Any], Comparison | None]]) -> str:
    """The metrics of several gold sets, one column per set, and the first set minus each other."""
    head = "".join(f"<th>{escape(name)}</th>" for name, _, _ in results)
    rows = "".join(
        f"<tr><th>{escape(METRIC_NAMES[k])}</th>"
        + "".join(f'<td class="num">{format_metric(run["metrics"].get(k))}</td>' for _, run, _ in results)
        + "</tr>" for k in METRICS)
    rows += ("<tr><th>questions (answerable / none)</th>" + "".join(
        f'<td class="num">{run["metrics"]["questions"]} ({run["metrics"]["answerable"]} / '
        f'{run["metrics"]["unanswerable"]})</td>' for _, run, _ in results) + "</tr>")
    rows += ("<tr><th>latency p95 (s)</th>" + "".join(
        f'<td class="num">{run["metrics"]["latency"]["p95"]}</td>' for _, run, _ in results) + "</tr>")
    gaps = "".join(f"<p>{escape(g['name'])}, {escape(METRIC_NAMES[g['metric']])}: "
                   f"<b>{format_gap(g['value'])}</b></p>"
                   for g in set_gaps([(name, run) for name, run, _ in results]))
    return f"<table><tr><th>metric</th>{head}</tr>{rows}</table>{gaps}"


def _comparison_html(c: Comparison, prefix: str = "") -> str:
    rows = "".join(
        f"<tr><th>{escape(METRIC_NAMES.get(name, name))}</th><td class='num'>{format_metric(a)}</td>"
        f"<td class='num'>{format_metric(b)}</td><td class='num'>"
        f"{'' if a is None or b is None else f'{b - a:+.3f}'}</td></tr>"
        for name, a, b in c.metrics)
    html = [f"<h2>Regression report</h2><p>baseline settings {escape(c.base_hash)} → this run {escape(c.new_hash)}</p>",
            f"<table><tr><th>metric</th><th>baseline</th><th>this run</th><th>change</th></tr>{rows}</table>"]
    if c.settings_changed:
        html.append("<h3>Settings changed</h3><table>" + "".join(
            f"<tr><th>{escape(k)}</th><td>{escape(str(a))}</td><td>{escape(str(b))}</td></tr>"
            for k, (a, b) in c.settings_changed.items()) + "</table>")
    for title, items in ((f"Worse ({len(c.worse)})", c.worse), (f"Better ({len(c.better)})", c.better)):
        html.append(f"<h3>{title}</h3><ul>" + "".join(
            f'<li><a href="#q-{escape(prefix + x.id)}">{escape(x.id)}</a>: {escape("; ".join(x.worse + x.better))}</li>'
            for x in items) + "</ul>")
    return "".join(html)


def _question_html(q: dict[str, Any], prefix: str = "") -> str:
    cnt = q["counts"]
    if q["kind"] == "none":
        state = "good" if cnt["abstained"] else "bad"
    elif cnt["gold_cited"] == cnt["gold"] and cnt["on_gold"] == cnt["shown"]:
        state = "good"
    elif cnt["gold_cited"] == 0:
        state = "bad"
    else:
        state = "mixed"
    tags = "".join(f'<span class="tag">{escape(t)}</span>' for t in [q["kind"], *q["tags"]])
    parts = [f'<div class="q {state}" id="q-{escape(prefix + q["id"])}">',
             f'<h3>{escape(q["id"])}: {escape(q["question"])}'
             + (f' <span class="muted">(as of {escape(q["as_of"])})</span>' if q["as_of"] else "") + "</h3>",
             f"<div>{tags} <span class='muted'>{q['seconds']} s</span></div>"]
    if q.get("error"):
        parts.append(f'<p class="no">error: {escape(q["error"])}</p>')
    parts.append(f'<p class="answer">{escape(q["answer"])}</p>')
    if q["kind"] != "none":
        parts.append(f"<p>attribution precision {cnt['on_gold']}/{cnt['shown']}, recall {cnt['gold_cited']}/"
                     f"{cnt['gold']}, gold retrieved {cnt['gold_retrieved']}/{cnt['gold']}, navigable "
                     f"{cnt['navigable']}/{cnt['shown']}</p>")
    else:
        parts.append(f"<p>{'abstained' if cnt['abstained'] else 'answered an unanswerable question'}</p>")
    for c in q["citations"]:
        ok = '<span class="ok">on gold</span>' if c["on_gold"] else '<span class="no">not on gold</span>'
        nav = ('<span class="ok">navigable</span>' if c["navigable"]
               else f'<span class="no">not navigable: {escape(c["navigability_problem"] or "")}</span>')
        parts.append(f"<p>[{c['n']}] {escape(c['rendered'])} — {ok}, {nav} "
                     f"<span class='muted'>chars {c['char_start']}–{c['char_end']}</span></p>")
        parts.append('<div class="unit">' + highlight(c["unit_text"], c["unit_text_start"],
                                                      [(c["char_start"], c["char_end"], "cited")]) + "</div>")
    if q["gold"]:
        parts.append("<p><b>Gold</b></p>")
    for g in q["gold"]:
        status = ("cited" if g["cited"] else "not cited") + (
            f", retrieved at rank {g['retrieved_rank']}" if g["retrieved_rank"] else ", not retrieved")
        parts.append(f"<p>{escape(g['source'])} {escape(g['unit'])} — {escape(status)}"
                     + (f' <span class="no">{escape(g["error"])}</span>' if g.get("error") else "") + "</p>")
        if "unit_text" in g:
            parts.append('<div class="unit">' + highlight(g["unit_text"], g["unit_text_start"],
                                                          [(g["quote_start"], g["quote_end"], "gold")]) + "</div>")
    if q["dropped"]:
        parts.append("<p><b>Dropped</b></p><ul>" + "".join(
            f"<li>{escape(d['check'])}: {escape(d['reason'])} — {escape(d['detail'])}</li>" for d in q["dropped"])
            + "</ul>")
    parts.append("</div>")
    return "".join(parts)


def _run_sections(run: dict[str, Any], comparison: Comparison | None, name: str = "") -> list[str]:
    """One run's sections (headings name the gold set when ``name`` is given; anchors are prefixed by it)."""
    prefix = f"{name}-" if name else ""
    of = f" — {escape(name)}" if name else ""
    settings = "".join(f"<tr><th>{escape(str(k))}</th><td>{escape(str(v))}</td></tr>"
                       for k, v in sorted(run["settings"].items()))
    charts = "".join(f'<div class="chart">{chart_svg(t, m)}</div>' for t, m in run["by_tag"].items())
    drops = run["metrics"]["drops"]
    drop_rows = "".join(
        f"<tr><th>{escape(k)}</th><td class='num'>{v}</td><td>"
        + escape("; ".join(f"{x['id']}: {x['detail']}" for x in run.get("drop_examples", {}).get(k, [])))
        + "</td></tr>" for k, v in drops.items()) or "<tr><td>none</td></tr>"
    return [
        f"<p>{escape(name + ': ') if name else ''}settings hash <code>{escape(run['settings_hash'])}</code>, "
        f"{run['seconds']} s</p>",
        f"<h2>Metrics{of}</h2>", _metrics_table(run["metrics"]),
        _comparison_html(comparison, prefix) if comparison else "",
        f"<h2>By tag{of}</h2>", f'<div class="charts">{charts}</div>',
        f"<h2>Drops by check{of}</h2>", f"<table>{drop_rows}</table>",
        f"<h2>Settings{of}</h2>", f"<table>{settings}</table>",
        f"<h2>Questions{of}</h2>", "".join(_question_html(q, prefix) for q in run["questions"]),
    ]


def _page(created: str, body: list[str]) -> str:
    return ("<!doctype html><html lang='en'><head><meta charset='utf-8'><title>pincite evaluation</title>"
            f"<style>{_CSS}</style></head><body><h1>pincite evaluation — {escape(created)}</h1>"
            f"{''.join(body)}</body></html>\n")


def render_run_html(run: dict[str, Any], comparison: Comparison | None = None) -> str:
    """The whole report for one run (and its regression report against a baseline, if given)."""
    return _page(run["created"], _run_sections(run, comparison))


def render_runs_html(results: list[tuple[str, dict[str, Any], Comparison | None]]) -> str:
    """One page for several gold sets' runs (``pincite eval dev.jsonl heldout.jsonl --html``): their metrics
    side by side and the first set minus each other, then each set's report; one run renders as
    :func:`render_run_html`."""
    if len(results) == 1:
        return render_run_html(results[0][1], results[0][2])
    body = ["<h2>Gold sets side by side</h2>", _side_by_side_table(results)]
    for name, run, comparison in results:
        body += _run_sections(run, comparison, name)
    return _page(results[0][1]["created"], body)
