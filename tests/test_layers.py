"""The layout's rules, read from the source: no import cycle between modules, and no import from a lower layer to
a higher one (imports inside functions count too).  ARCHITECTURE.md explains the layers; this table is its
machine-checked form.  A new module must be given a layer here before it can exist."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parent.parent / "src" / "pincite"

#: (module prefix, layer): a module may import only modules of its own layer or lower.  Longest prefix wins.
LAYERS: tuple[tuple[str, float], ...] = (
    ("pincite", 0),  # the package's __init__ (version string only)
    ("pincite.types", 0),
    ("pincite.errors", 0),
    ("pincite.text", 1),
    ("pincite.legal", 2),
    ("pincite.parse", 2.5),  # the parsers read legal language from legal/'s tables, never the other way
    ("pincite.chunk", 3),
    ("pincite.audit", 3),
    ("pincite.lint", 3),
    ("pincite.store", 4),
    ("pincite.versions", 5),
    ("pincite.jsonio", 5),
    ("pincite.scope", 5),  # what a named document or work means, for every command
    ("pincite.search", 6),
    ("pincite.backends", 7),
    ("pincite.answer", 8),
    ("pincite.options", 8.5),  # a question's options, declared once (defaults, help, bounds): read by every door
    ("pincite.generate", 9),
    ("pincite.engine", 10),
    ("pincite.ingest", 10),
    ("pincite.migrate", 10),
    ("pincite.open", 10),
    ("pincite.twins", 10),  # one agreement stored from several files: fingerprints, groups, the cited copy
    ("pincite.checkrun", 10),  # a draft checked in a child process with a time limit (the server's checks)
    ("pincite.evaluation", 11),
    ("pincite.library", 11),  # the Python API (Pincite): composes engine, ingest, open and evaluation
    ("pincite.web", 12),
    ("pincite.api", 13),
    ("pincite.mcp", 13),  # the MCP server: a client of the library, behind the API's guard (api.security)
    ("pincite.cli", 14),
    ("pincite.terminal", 14),  # how the command line prints (literal text, escaped controls): the CLI's alone
)


def module_name(path: Path) -> str:
    rel = path.relative_to(SRC.parent).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def layer_of(module: str) -> float | None:
    best: tuple[int, float] | None = None
    for prefix, layer in LAYERS:
        if module == prefix or (prefix != "pincite" and module.startswith(prefix + ".")):
            if best is None or len(prefix) > best[0]:
                best = (len(prefix), layer)
    return None if best is None else best[1]


def imports_of(path: Path, modules: set[str]) -> set[str]:
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(up + ([base] if base else []))
            targets = [base] + [f"{base}.{a.name}" for a in node.names]
        else:
            continue
        for t in targets:
            # the deepest module this names ('pincite.search.retrieve.Retriever' -> 'pincite.search.retrieve')
            while t and t not in modules:
                t = t.rpartition(".")[0]
            if t and t != name and t.startswith("pincite"):
                out.add(t)
    return out


def graph() -> dict[str, set[str]]:
    files = sorted(SRC.rglob("*.py"))
    modules = {module_name(p) for p in files}
    return {module_name(p): imports_of(p, modules) for p in files}


def test_every_module_has_a_layer() -> None:
    missing = sorted(m for m in graph() if layer_of(m) is None)
    assert not missing, f"modules with no layer in LAYERS: {missing}"


def test_no_import_reaches_up_a_layer() -> None:
    g = graph()
    bad = []
    for mod, targets in g.items():
        lm = layer_of(mod)
        for t in sorted(targets):
            lt = layer_of(t)
            if lm is not None and lt is not None and lt > lm and not mod.startswith(t + "."):
                bad.append(f"{mod} (layer {lm}) imports {t} (layer {lt})")
    assert not bad, "\n".join(bad)


def test_no_import_cycle() -> None:
    g = graph()
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    cycles: list[list[str]] = []
    counter = [0]

    def visit(v: str) -> None:  # Tarjan's strongly connected components
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in g.get(v, ()):
            if w not in g:
                continue
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            # a package importing its own submodules (pincite.parse -> pincite.parse.akn) is not a cycle of layers
            if len(comp) > 1:
                cycles.append(sorted(comp))

    for v in g:
        if v not in index:
            visit(v)
    assert not cycles, f"import cycles: {cycles}"


@pytest.mark.parametrize("needle", ["getattr(store", "hasattr(store", "getattr(self.store", "hasattr(self.store"])
def test_no_store_probing(needle: str) -> None:
    """The Store protocol is complete: nobody asks a store what it can do."""
    hits = [f"{p.relative_to(SRC)}:{n}" for p in SRC.rglob("*.py")
            for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1) if needle in line]
    assert not hits, hits


#: the calls that construct a retriever or a generator, and the one module allowed to make them for a client (the
#: library object, pincite.library); the classes' own modules and the generator factory define them.
CONSTRUCTORS = ("Retriever", "make_generator", "ExtractiveGenerator", "LearnedGenerator", "ReaderGenerator",
                "OpenAIGenerator")
CONSTRUCTION_ALLOWED = {"pincite.library", "pincite.generate.factory", "pincite.search.retrieve"}


def constructions(path: Path) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call):
            f = node.func
            name = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else None
            if name in CONSTRUCTORS:
                found.append(f"{path.relative_to(SRC)}:{node.lineno} {name}(...)")
    return found


def test_one_place_constructs_retrievers_and_generators() -> None:
    """The wiring of a question (store -> retriever -> generator) is written once, in pincite.library; the CLI,
    the server and the evaluation take their retriever and generator from there."""
    bad = [hit for p in sorted(SRC.rglob("*.py")) if module_name(p) not in CONSTRUCTION_ALLOWED
           for hit in constructions(p)]
    assert not bad, bad


def test_the_construction_check_sees_a_construction(tmp_path: Path) -> None:
    f = SRC / "library.py"
    assert constructions(f), "the check must find the library's own construction, else it proves nothing"


def test_cli_imports_the_library_not_the_engine() -> None:
    """The CLI (and the API, and the MCP server) is a client of pincite.library: it never imports the engine, the retriever or a generator's
    factory to wire a question itself."""
    g = graph()
    wiring = {"pincite.engine", "pincite.search.retrieve", "pincite.generate.factory"}
    bad = sorted(f"{m} imports {t}" for m, ts in g.items() if m.startswith("pincite.cli") or
                 m.startswith("pincite.api") or m.startswith("pincite.mcp") for t in ts & wiring)
    assert not bad, bad


#: what the CLI and the API never import: the wiring (the engine, retrieval, the generator factory) and the
#: backends; they reach all of it through pincite.library (and pincite.open for a location).
CLIENT_FORBIDDEN = ("pincite.engine", "pincite.search", "pincite.generate.factory", "pincite.backends",
                    "pincite.store.sqlite")


def test_cli_and_api_import_neither_the_wiring_nor_a_backend() -> None:
    g = graph()
    clients = [m for m in g if m == "pincite.cli" or m.startswith(("pincite.cli.", "pincite.api"))]
    assert len(clients) > 10, clients  # the CLI package and the API modules are all seen
    bad = sorted(f"{m} imports {t}" for m in clients for t in g[m]
                 if t == "pincite.engine" or t.startswith(tuple(p + "." for p in CLIENT_FORBIDDEN))
                 or t in CLIENT_FORBIDDEN)
    assert not bad, bad


def test_the_api_reads_eval_runs_through_the_library() -> None:
    g = graph()
    bad = sorted(m for m, ts in g.items() if m.startswith("pincite.api") and "pincite.evaluation.runs" in ts)
    assert not bad, bad


#: the modules a backend is chosen or named in: open.py picks one for a location; migrate's source is a SQLite
#: file by definition.  The backends themselves and the store package define them.
BACKENDS = ("pincite.backends", "pincite.store.sqlite")
BACKEND_CHOOSERS = {"pincite.open", "pincite.migrate"}


def test_one_place_picks_a_backend() -> None:
    """Only open.py (and migrate, whose source is a SQLite file) imports a backend: the CLI no longer imports
    the PostgreSQL module to print a URL, evaluation no longer decides from a URL where runs live."""
    g = graph()
    bad = sorted(f"{m} imports {t}" for m, ts in g.items()
                 if m not in BACKEND_CHOOSERS and not m.startswith(BACKENDS)
                 for t in ts if t.startswith(BACKENDS))
    assert not bad, bad


def test_a_location_is_read_in_open_only() -> None:
    """Whether a location is a server's URL (``is_store_url``) is asked in open.py alone (and where it is
    defined): everyone else asks open.py what the location means for them."""
    hits = []
    for p in sorted(SRC.rglob("*.py")):
        m = module_name(p)
        if m in ("pincite.open", "pincite.store") or m.startswith("pincite.backends"):
            continue
        for node in ast.walk(ast.parse(p.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call):
                f = node.func
                name = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else None
                if name == "is_store_url":
                    hits.append(f"{p.relative_to(SRC)}:{node.lineno}")
    assert not hits, hits


#: index and store classes: nobody asks which one it holds (a method on the index types says what differs).
INDEX_AND_STORE_TYPES = {"LexicalIndex", "DenseIndex", "PgLexicalIndex", "PgDenseIndex", "SQLiteStore",
                         "PostgresStore"}


def test_no_branching_on_index_or_store_types() -> None:
    hits = []
    for p in sorted(SRC.rglob("*.py")):
        for node in ast.walk(ast.parse(p.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "isinstance" \
                    and len(node.args) == 2:
                names = {n.id for n in ast.walk(node.args[1]) if isinstance(n, ast.Name)}
                if names & INDEX_AND_STORE_TYPES:
                    hits.append(f"{p.relative_to(SRC)}:{node.lineno}")
    assert not hits, hits


def test_the_client_checks_see_the_cli_package() -> None:
    """The checks above would pass vacuously if the CLI were not found as a package of modules."""
    g = graph()
    assert {"pincite.cli", "pincite.cli.common", "pincite.cli.ask", "pincite.cli.eval"} <= set(g)
    assert "pincite.library" in g["pincite.cli.ask"]
