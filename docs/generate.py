"""Rewrite the generated sections of docs/*.md from the code, so the reference cannot drift from it.

    python docs/generate.py           # rewrite every generated section in place
    python docs/generate.py --check   # exit 1, naming each section that is out of date; change nothing

A generated section sits between two marker lines in a Markdown file:

    <!-- BEGIN GENERATED: commands -->
    ...
    <!-- END GENERATED: commands -->

and everything between them is replaced by what the section's function below returns; the prose around the
markers is written by hand.  The sources:

* ``commands``: every command's usage, options and help, read from the click command objects that
  ``pincite <cmd> --help`` prints (the same declarations, without the terminal's box drawing and wrapping);
* ``openapi-endpoints`` and ``openapi``: the FastAPI application's OpenAPI document (``create_app(...).openapi()``
  on an empty temporary store);
* ``mcp-tools``: the MCP server's tools as a client lists them (name, description, each argument's JSON schema);
* ``drop-reasons`` and ``agreement-rules``: the answer checks' names and plain words
  (``answer.verify.PLAIN_WORDS``) and the claim-agreement rules (``answer.agreement.PLAIN``);
* ``python-api`` and ``ask-options``: ``pincite``'s exported names and ``Pincite``'s methods (signatures and
  docstrings), and ``AskOptions``' fields (default, help, bounds).

It reads the checkout's own ``src/`` (put first on ``sys.path``), with pincite's dependencies installed.
"""

from __future__ import annotations

import asyncio
import inspect
import json
import os
import re
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

DOCS = Path(__file__).resolve().parent
BEGIN = "<!-- BEGIN GENERATED: {} -->"
END = "<!-- END GENERATED: {} -->"

# the checkout's own code, whatever else is installed (run from a checkout without PYTHONPATH, it still works)
sys.path.insert(0, str(DOCS.parent / "src"))

# nothing in the environment may change what the docs say (a default read from $PINCITE_DB, a token)
for _name in [n for n in os.environ if n.startswith("PINCITE_")]:
    del os.environ[_name]


def one_line(text: str | None) -> str:
    return " ".join((text or "").split())


def cell(text: Any) -> str:
    """Text for one Markdown table cell."""
    return one_line(str(text)).replace("|", "\\|")


# --- the command line ---------------------------------------------------------------------------------------

def _params_table(params: list[Any], ctx: Any) -> list[str]:
    """One row per argument or option: what ``--help`` prints for it (``get_help_record``), unwrapped."""
    rows = ["| argument or option | what it does |", "|---|---|"]
    for p in params:
        record = p.get_help_record(ctx)
        if record is None or getattr(p, "hidden", False) or p.name == "help":
            continue
        names, help_ = record
        required = " (required)" if p.required and p.param_type_name == "option" else ""
        rows.append(f"| `{one_line(names)}`{required} | {cell(help_)} |")
    return rows


def commands() -> str:
    import typer

    from pincite.cli import app

    group = typer.main.get_command(app)
    ctx = group.context_class(group, info_name="pincite")
    out = ["### Options before the command", "", "    pincite [--store URL] COMMAND ...", "",
           *_params_table(group.params, ctx), ""]
    for name in group.list_commands(ctx):
        cmd = group.get_command(ctx, name)
        if cmd is None or cmd.hidden:
            continue
        sub = cmd.context_class(cmd, info_name=name, parent=ctx)
        usage = " ".join(cmd.collect_usage_pieces(sub))
        out += [f"### `pincite {name}`", "", f"    pincite {name} {usage}", "", one_line(cmd.help), ""]
        out += [*_params_table(cmd.params, sub), ""]
    return "\n".join(out).rstrip()


# --- the HTTP API -------------------------------------------------------------------------------------------

def _openapi() -> dict[str, Any]:
    from pincite.api.app import create_app
    from pincite.api.config import ServerConfig

    with tempfile.TemporaryDirectory() as d:
        return create_app(ServerConfig(db=Path(d) / "docs.db", dense=False)).openapi()


def _number(x: Any) -> Any:
    return int(x) if isinstance(x, float) and x.is_integer() else x


def _schema_type(s: dict[str, Any]) -> str:
    """A JSON schema in a few words: `string`, `integer 1–50`, `array of string`, `a \\| b`, `X or null`."""
    if "$ref" in s:
        return s["$ref"].rsplit("/", 1)[-1]
    if "anyOf" in s or "oneOf" in s:
        parts = [_schema_type(x) for x in s.get("anyOf", s.get("oneOf", []))]
        return " or ".join(dict.fromkeys(parts))
    if "enum" in s:
        return " | ".join(str(v) for v in s["enum"])
    if "const" in s:
        return json.dumps(s["const"])
    t = s.get("type", "any")
    if t == "array":
        return f"array of {_schema_type(s.get('items', {}))}" + (
            f" (≤ {s['maxItems']})" if "maxItems" in s else "")
    lo, hi = (_number(s.get(key)) for key in ("minimum", "maximum"))
    if lo is not None or hi is not None:
        return f"{t} {'' if lo is None else lo}–{'' if hi is None else hi}"
    if "pattern" in s:
        return f"{t} `{s['pattern']}`"
    return str(t)


def _properties_table(props: dict[str, Any], required: list[str], what: str = "argument") -> list[str]:
    rows = [f"| {what} | type | default | description |", "|---|---|---|---|"]
    for name, s in props.items():
        default = "required" if name in required else (
            f"`{json.dumps(s['default'])}`" if "default" in s else "")
        rows.append(f"| `{name}` | {cell(_schema_type(s))} | {default} | {cell(s.get('description', ''))} |")
    return rows


def _returns(response: dict[str, Any]) -> str:
    """`` (`AskResponse`)`` where a response names its schema (`` (`A` or `B`)`` where it names several)."""
    schema = response.get("content", {}).get("application/json", {}).get("schema", {})
    refs = [s["$ref"].rsplit("/", 1)[1] for s in schema.get("anyOf", [schema]) if "$ref" in s]
    return " (" + " or ".join(f"`{r}`" for r in refs) + ")" if refs else ""


def openapi_endpoints() -> str:
    spec = _openapi()
    schemas = spec.get("components", {}).get("schemas", {})
    out: list[str] = []
    statuses: dict[int, str] = {}
    for methods in spec["paths"].values():
        for op in methods.values():
            for code, r in op["responses"].items():
                if int(code) >= 400:  # the first route's words (a route's own, like ingest's 422, come later)
                    statuses.setdefault(int(code), one_line(r.get("description")))
    if statuses:  # each error status once, as the routes declare it; each route lists its own below
        out += ["Errors are JSON `{\"error\": ...}` (`ErrorResponse`) unless a route names another shape:", "",
                "| status | when |", "|---|---|", *(f"| {c} | {cell(w)} |" for c, w in sorted(statuses.items())), ""]
    for path, methods in spec["paths"].items():
        for method, op in methods.items():
            out += [f"### `{method.upper()} {path}`", "", one_line(op.get("description") or op.get("summary")), ""]
            params = op.get("parameters", [])
            if params:
                props = {p["name"]: {**p.get("schema", {}), "description": f"({p['in']}) " + p.get(
                    "description", p.get("schema", {}).get("description", ""))} for p in params}
                req = [p["name"] for p in params if p.get("required")]
                out += [*_properties_table(props, req, "parameter"), ""]
            body = op.get("requestBody", {}).get("content", {})
            for media, content in body.items():
                ref = content.get("schema", {})
                out += [f"Body (`{media}`): {cell(_schema_type(ref))}.", ""]
            codes = ", ".join(f"{code} {one_line(r.get('description'))}{_returns(r)}"
                              for code, r in op["responses"].items() if int(code) < 400)
            errors: dict[str, list[str]] = {}
            for code, r in op["responses"].items():
                if int(code) >= 400:
                    errors.setdefault(_returns(r), []).append(code)
            said = "; ".join(", ".join(codes_) + shape for shape, codes_ in errors.items())
            out += [f"Responses: {codes}." + (f" Errors: {said}." if said else ""), ""]
    for name, s in schemas.items():
        if name in {"HTTPValidationError", "ValidationError"} or "properties" not in s:
            continue
        out += [f"### Schema `{name}`", "", one_line(s.get("description")), ""]
        out += [*_properties_table(s["properties"], s.get("required", []), "field"), ""]
    return "\n".join(out).rstrip()


def openapi() -> str:
    return "```json\n" + json.dumps(_openapi(), indent=1, ensure_ascii=False) + "\n```"


# --- MCP ----------------------------------------------------------------------------------------------------

def mcp_tools() -> str:
    from pincite.library import Pincite
    from pincite.mcp.server import build_server

    with tempfile.TemporaryDirectory() as d:
        store = Path(d) / "docs.db"
        with Pincite(store, dense=False, create=True) as lib:
            tools = asyncio.run(build_server(lib).list_tools())
    out: list[str] = []
    for tool in tools:
        t = tool.model_dump(mode="json", by_alias=True, exclude_none=True)
        out += [f"### `{t['name']}`", "", one_line(t.get("description")), ""]
        schema = t.get("inputSchema", {})
        out += [*_properties_table(schema.get("properties", {}), schema.get("required", [])), ""]
        if t.get("annotations"):
            notes = ", ".join(f"`{k}`: {json.dumps(v)}" for k, v in t["annotations"].items())
            out += [f"Annotations: {notes}.", ""]
    return "\n".join(out).rstrip()


# --- Python -------------------------------------------------------------------------------------------------

def _doc(obj: Any) -> str:
    return inspect.cleandoc(obj.__doc__ or "").strip()


def _signature(name: str, obj: Any) -> str:
    try:
        sig = str(inspect.signature(obj))
    except (TypeError, ValueError):
        return name
    sig = re.sub(r" at 0x[0-9a-f]+", "", sig)
    if len(name) + len(sig) <= 100:
        return name + sig
    parts: list[str] = []
    star = False
    for p in inspect.signature(obj).parameters.values():
        if p.kind is p.KEYWORD_ONLY and not star:
            parts.append("*")
        star = star or p.kind in (p.KEYWORD_ONLY, p.VAR_POSITIONAL)
        parts.append(re.sub(r" at 0x[0-9a-f]+", "", str(p)))
    params = ",\n    ".join(parts)
    ret = inspect.signature(obj).return_annotation
    tail = "" if ret is inspect.Signature.empty else f" -> {ret if isinstance(ret, str) else ret!r}"
    return f"{name}(\n    {params},\n){tail}"


def python_api() -> str:
    import pincite

    out: list[str] = []
    for name in sorted(pincite.__all__):
        if name.startswith("_"):
            continue
        obj = getattr(pincite, name)
        if not (inspect.isclass(obj) or inspect.isfunction(obj)):
            continue
        out += [f"### `pincite.{name}`", "", "```python", _signature(name, obj), "```", "", _doc(obj), ""]
        if name != "Pincite":
            continue
        for mname, member in inspect.getmembers(obj):
            if mname.startswith("_") or not (inspect.isfunction(member) or isinstance(member, property)):
                continue
            target = member.fget if isinstance(member, property) else member
            head = f"{name}.{mname}" if isinstance(member, property) else _signature(f"{name}.{mname}", member)
            out += [f"#### `{name}.{mname}`", "", "```python", head, "```", "", _doc(target), ""]
    return "\n".join(out).rstrip()


def ask_options() -> str:
    from dataclasses import MISSING, fields

    from pincite.options import AskOptions

    rows = ["| option | default | bounds | what it does |", "|---|---|---|---|"]
    for f in fields(AskOptions):
        d = f.default if f.default is not MISSING else ""
        d = getattr(d, "value", d)
        m = f.metadata
        bounds = ", ".join(x for x in (
            f"≥ {m['ge']}" if m.get("ge") is not None else "", f"≤ {m['le']}" if m.get("le") is not None else "",
            f"≤ {m['max_items']} items" if m.get("max_items") else "") if x)
        rows.append(f"| `{f.name}` | `{d!r}` | {bounds} | {cell(m.get('help', ''))} |")
    return "\n".join(rows)


# --- checks -------------------------------------------------------------------------------------------------

def drop_reasons() -> str:
    from pincite.answer.verify import PLAIN_WORDS, Check

    rows = ["| check (`dropped[].check`) | a citation or claim is dropped when |", "|---|---|"]
    rows += [f"| `{c.value}` | {cell(PLAIN_WORDS.get(c, ''))} |" for c in Check]
    return "\n".join(rows)


def agreement_rules() -> str:
    from pincite.answer.agreement import PLAIN, RULES

    rows = ["| rule | *contradicts-quote* names it when |", "|---|---|"]
    rows += [f"| `{r}` | {cell(PLAIN.get(r, ''))} |" for r in RULES]
    return "\n".join(rows)


SECTIONS: dict[str, Callable[[], str]] = {
    "drop-reasons": drop_reasons,
    "agreement-rules": agreement_rules,
    "commands": commands,
    "openapi-endpoints": openapi_endpoints,
    "openapi": openapi,
    "mcp-tools": mcp_tools,
    "python-api": python_api,
    "ask-options": ask_options,
}

MARKER = re.compile(r"^<!-- BEGIN GENERATED: ([\w-]+) -->\n(.*?)^<!-- END GENERATED: \1 -->$", re.M | re.S)


def render(text: str, cache: dict[str, str]) -> str:
    def fill(m: re.Match[str]) -> str:
        name = m.group(1)
        if name not in SECTIONS:
            raise SystemExit(f"docs/generate.py: unknown generated section {name!r}")
        if name not in cache:
            cache[name] = SECTIONS[name]()
        return f"{BEGIN.format(name)}\n{cache[name]}\n{END.format(name)}"
    return MARKER.sub(fill, text)


def main(argv: list[str]) -> int:
    check = "--check" in argv
    cache: dict[str, str] = {}
    stale, found = [], set()
    for path in sorted(DOCS.glob("*.md")):
        text = path.read_text(encoding="utf-8")
        found.update(MARKER.findall(text) and [m[0] for m in MARKER.findall(text)])
        new = render(text, cache)
        if new == text:
            continue
        if check:
            old = {m.group(1): m.group(0) for m in MARKER.finditer(text)}
            now = {m.group(1): m.group(0) for m in MARKER.finditer(new)}
            stale += [f"{path.name}: {name}" for name in old if old[name] != now.get(name)]
        else:
            path.write_text(new, encoding="utf-8")
            print(f"rewrote {path.relative_to(DOCS.parent)}")
    missing = sorted(set(SECTIONS) - found)
    if missing:
        print(f"docs/generate.py: no docs file holds the section(s) {', '.join(missing)}", file=sys.stderr)
        return 1
    if stale:
        print("out of date (run python docs/generate.py):\n  " + "\n  ".join(stale), file=sys.stderr)
        return 1
    if check:
        print(f"{len(found)} generated sections up to date")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
