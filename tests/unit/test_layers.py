"""The layout's rules, read from the source: no import cycle between modules, and no import from a lower layer to
a higher one (imports inside functions count too).  ARCHITECTURE.md explains the layers; this table is its
machine-checked form.  A new module must be given a layer here before it can exist."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from tests.conftest import REPO

SRC = REPO / "src" / "pincite"

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


def _typing_only(node: ast.stmt) -> bool:
    """``if TYPE_CHECKING:`` with no ``else``: imports a type checker reads and Python never runs."""
    return (isinstance(node, ast.If) and not node.orelse and isinstance(node.test, ast.Name)
            and node.test.id == "TYPE_CHECKING")


def imports_of(path: Path, modules: set[str]) -> set[str]:
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out: set[str] = set()
    tree = ast.parse(path.read_text(encoding="utf-8"))
    if name == "pincite":  # the package's typing-only imports never run (its names are loaded lazily)
        tree.body = [n for n in tree.body if not _typing_only(n)]
    for node in ast.walk(tree):
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


def classes_of(path: Path) -> dict[str, list[str]]:
    """The classes ``path`` defines, each with the names of its bases and whether it has a ``generate`` method
    (``"generate"`` among the bases' list when it has)."""
    out: dict[str, list[str]] = {}
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ClassDef):
            bases = [b.id if isinstance(b, ast.Name) else b.attr if isinstance(b, ast.Attribute) else "" for b in
                     node.bases]
            methods = [n.name for n in node.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]
            out[node.name] = bases + (["generate"] if "generate" in methods else [])
    return out


def wiring_classes() -> dict[str, str]:
    """Every retriever class (``Retriever`` and its subclasses, wherever defined) and every generator class (a
    class in ``pincite.generate`` with a ``generate`` method), read from the source, each with the module that
    defines it: a new generator or retriever is covered without editing this test."""
    found: dict[str, str] = {}
    defined = {module_name(p): classes_of(p) for p in sorted(SRC.rglob("*.py"))}
    for mod, classes in defined.items():
        for name, bases in classes.items():
            if mod.startswith("pincite.generate") and "generate" in bases and "Protocol" not in bases:
                found[name] = mod
    retrievers = {"Retriever"}
    while True:  # subclasses of subclasses
        more = {n for classes in defined.values() for n, bases in classes.items() if set(bases) & retrievers}
        if more <= retrievers:
            break
        retrievers |= more
    for mod, classes in defined.items():
        for name in classes:
            if name in retrievers:
                found[name] = mod
    return found


#: the calls that construct a retriever or a generator: the classes (read from the source by wiring_classes) and
#: the generator factory.  pincite.library.core is the one place a client's retriever and generator are made
#: (``make_retriever``, ``make_answer_generator``: the server calls those too, so its shared ones are made there);
#: the generator factory makes the generators it names, and a generator module may make the generator it wraps.
FACTORIES = {"make_generator": "pincite.generate.factory"}
WIRING_PLACE = "pincite.library.core"


def constructions(path: Path, classes: dict[str, str] | None = None) -> list[str]:
    """The calls in ``path`` that construct a retriever or a generator (a class of ``classes`` or a factory)."""
    names = {**(wiring_classes() if classes is None else classes), **FACTORIES}
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call):
            f = node.func
            name = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else None
            if name in names:
                found.append(f"{path.relative_to(SRC)}:{node.lineno} {name}(...)")
    return found


def construction_allowed(module: str, call: str, classes: dict[str, str]) -> bool:
    if module == WIRING_PLACE:
        return True
    if call == "make_generator" or call in classes and classes[call].startswith("pincite.generate"):
        return module.startswith("pincite.generate")  # the factory, and a generator built on another
    return False


def test_one_place_constructs_retrievers_and_generators() -> None:
    """The wiring of a question (store -> retriever -> generator) is written once, in pincite.library.core; the
    CLI, the server, MCP and the evaluation take their retriever and generator from there."""
    classes = wiring_classes()
    bad = [hit for p in sorted(SRC.rglob("*.py")) for hit in constructions(p, classes)
           if not construction_allowed(module_name(p), hit.split()[-1].removesuffix("(...)"), classes)]
    assert not bad, bad


def test_the_construction_check_sees_every_generator_and_retriever(tmp_path: Path) -> None:
    """The check proves something: it knows every generator and retriever class, it finds the library's own
    constructions, and it flags a construction written anywhere else."""
    classes = wiring_classes()
    assert {"Retriever", "LockedRetriever", "ExtractiveGenerator", "RankerGenerator", "OpenAIGenerator",
            "ScriptedGenerator"} <= set(classes), classes
    assert "Generator" not in classes  # the protocol is not a generator
    mine = constructions(SRC / "library" / "core.py", classes)
    assert any("Retriever(" in c for c in mine) and any("make_generator(" in c for c in mine), mine
    stray = tmp_path / "stray.py"
    stray.write_text("from pincite.search.retrieve import Retriever\n"
                     "def f(store, g):\n    return Retriever(store, 'lexical'), g.ExtractiveGenerator()\n")
    hits = [h.split()[-1] for h in constructions_outside(stray, classes)]
    assert hits == ["Retriever(...)", "ExtractiveGenerator(...)"], hits
    for module in ("pincite.evaluation.runs", "pincite.api.backend", "pincite.cli.ask", "pincite.mcp.tools"):
        assert not construction_allowed(module, "Retriever", classes)
        assert not construction_allowed(module, "ExtractiveGenerator", classes)


def constructions_outside(path: Path, classes: dict[str, str]) -> list[str]:
    """:func:`constructions` for a file outside the package (its lines are named by file name)."""
    names = {**classes, **FACTORIES}
    return [f"{path.name}:{n.lineno} {n.func.id if isinstance(n.func, ast.Name) else n.func.attr}(...)"
            for n in ast.walk(ast.parse(path.read_text(encoding="utf-8"))) if isinstance(n, ast.Call)
            and (n.func.id if isinstance(n.func, ast.Name) else getattr(n.func, "attr", None)) in names]


def test_evaluation_asks_through_the_library() -> None:
    """Evaluation is the library's client for its questions (``run_gold`` takes the library's ask): it imports
    neither the engine nor the retriever nor the generator factory, and only the library imports the engine's
    ask among the modules of its layer and above."""
    g = graph()
    wiring = {"pincite.engine", "pincite.search.retrieve", "pincite.generate.factory"}
    bad = sorted(f"{m} imports {t}" for m, ts in g.items() if m.startswith("pincite.evaluation") for t in ts & wiring)
    assert not bad, bad
    above = sorted(m for m, ts in g.items() if "pincite.engine" in ts and (layer_of(m) or 0) >= 11)
    assert above == [WIRING_PLACE], above


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


#: the client packages (issue 51, "one real door"): the command line, the HTTP API, the web pages, the MCP server.
#: (Evaluation is not among them: it sits below the library, which composes it — ``Pincite.evaluate`` is its
#: door, and test_evaluation_asks_through_the_library keeps it from wiring a question itself.)
CLIENTS = ("pincite.cli", "pincite.api", "pincite.web", "pincite.mcp")

#: what every client may import from the engine, and why.  All else (the engine, retrieval, the generators, the
#: store, ingest, open, evaluation, the cite-checker, the JSON shapes, ...) it reaches through Pincite's methods,
#: or, for the names of CLIENT_LIBRARY_NAMES only, through pincite.library.
CLIENT_ALLOWED = {
    "pincite": "the front door: Pincite, its options, the values its methods return, the errors (its __all__)",
    "pincite.library": "CLIENT_LIBRARY_NAMES only",
    "pincite.types": "the vocabulary: document kinds, zones, roles, verdicts, generator kinds, on-fail, dates",
    "pincite.errors": "the error family: each client turns an error into its exit code, HTTP status or tool error",
}

#: a client's own helpers beyond its package: the other client packages (or the CLI's terminal module) it uses
CLIENT_HELPERS = {
    "pincite.cli": {"pincite.terminal": "how the command line prints (literal text, escaped controls)",
                    "pincite.web": "--html writes the pages the server shows (one definition of the HTML)",
                    "pincite.api": "'pincite serve' starts the HTTP server",
                    "pincite.mcp": "'pincite mcp' starts the MCP server"},
    "pincite.api": {"pincite.web": "the pages it serves"},
    "pincite.mcp": {"pincite.api": "MCP over HTTP stands behind the API's guard and reads its config"},
    "pincite.web": {},
}

#: the only names a client imports from pincite.library, each with why it is not a method of Pincite: values
#: and pure functions over values (no store), the server's shared wiring, the options' declaration
CLIENT_LIBRARY_NAMES = {
    "spec": "the one declaration of an option (default, help, bounds): each door builds its parameters from it",
    "EVAL_OPTIONS": "eval's options (the defaults users ask with): 'pincite eval' shows them as its flags' defaults",
    "DEFAULT_MAX_TOKENS": "the openai generator's reply limit: the --max-tokens default of ask, eval and serve",
    "LEAD_NOTE": "what a reader is told of an abstention's leads: the CLI prints it above them",
    "ChunkSettings": "the chunker's sizes: the value 'pincite chunk' hands to Pincite.rechunk",
    "WindowSettings": "the token-window baseline's sizes: the value 'pincite audit' hands to Pincite.audit",
    "Generator": "the type of the server's one generator (made by make_answer_generator, shared by its threads)",
    "make_answer_generator": "the server makes its one generator once, for every request's Pincite",
    "make_retriever": "the server makes its retrievers once, shared by its threads under its index lock",
    "document_to_json": "the JSON of a document (show --json, GET /api/documents/{id}, MCP read): one definition",
    "summary_to_json": "the JSON of a document's summary (documents --json, /api/documents, MCP): one definition",
    "audit_to_json": "the JSON of an audit (audit --json, /api/documents/{id}/audit): one definition",
    "unit_to_json": "the JSON of one unit (MCP read): the same shape as in a document's JSON",
    "DOCUMENT_PAGE_UNITS": "how many units a page of a document's JSON holds (HTTP and MCP paging)",
    "CitationResult": "a check report's result for one citation (the type the web page and MCP read)",
    "find_units": "the units of a document a label names (MCP read): the checker's own reading of a pinpoint",
    "pinpoint": "how a unit is pinpointed (MCP read): the answers' own rendering",
    "render_citation": "how a unit is cited in full (MCP read): the answers' own rendering",
    "quoting_phrase": "how a quotation is introduced in the reader page: the answers' own wording",
    "LintFinding": "a structural lint finding (the type the audit page reads)",
    "lint_document": "the structural lint of a document already read (audit --all's counts, the audit page)",
    "lint_counts": "findings counted by kind (audit's table, the audit page)",
    "works_of": "the works among document summaries already listed ('pincite documents' ends with them)",
    "default_db_path": "'pincite demo' names the default database file in its closing line",
    "env_number": "the one reader of number settings from the environment (MCP's session bounds)",
}


def _client_of(module: str) -> str | None:
    return next((c for c in CLIENTS if module == c or module.startswith(c + ".")), None)


def client_imports() -> dict[str, set[str]]:
    """Each client module and what it imports outside its own package."""
    g = graph()
    out = {}
    for m, ts in g.items():
        own = _client_of(m)
        if own is not None:
            out[m] = {t for t in ts if not (t == own or t.startswith(own + "."))}
    return out


def allowed_for(client: str, target: str) -> bool:
    """Whether a module of ``client``'s package may import module ``target`` (a name list is checked apart)."""
    own = _client_of(client)
    if own is None:
        return False
    roots = list(CLIENT_ALLOWED) + list(CLIENT_HELPERS[own])
    return any(target == a or (a != "pincite" and target.startswith(a + ".")) for a in roots)


def library_names_of(path: Path) -> list[tuple[str, int]]:
    """The names ``path`` imports from pincite.library (``import pincite.library`` counts as '*')."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module == "pincite.library" and not node.level:
            found += [(a.name, node.lineno) for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module == "pincite" and not node.level:
            found += [("*", node.lineno) for a in node.names if a.name == "library"]
        elif isinstance(node, ast.Import):
            found += [("*", node.lineno) for a in node.names if a.name.startswith("pincite.library")]
    return found


def client_files() -> list[Path]:
    return sorted(p for c in CLIENTS for p in (SRC / c.removeprefix("pincite.").replace(".", "/")).rglob("*.py"))


def test_clients_import_only_the_door_the_vocabulary_and_their_own() -> None:
    """The CLI, the HTTP API, the web pages and the MCP server import from the engine only ``pincite``,
    ``pincite.types``, ``pincite.errors``, their own package (with CLIENT_HELPERS) and CLIENT_LIBRARY_NAMES from
    ``pincite.library``: one door, so no client opens a store, wires a question, shapes JSON or scores a run in
    its own way."""
    imports = client_imports()
    assert len(imports) > 30 and all(any(m.startswith(c) for m in imports) for c in CLIENTS), sorted(imports)
    bad = sorted(f"{m} imports {t}" for m, ts in imports.items() for t in ts if not allowed_for(m, t))
    bad += [f"{module_name(p)}:{line} imports {name} from pincite.library" for p in client_files()
            for name, line in library_names_of(p) if name not in CLIENT_LIBRARY_NAMES]
    assert not bad, "\n".join(bad)


def test_the_library_names_clients_use_are_all_needed() -> None:
    """Every name of CLIENT_LIBRARY_NAMES is imported by some client (else take it off), and pincite.library
    exports nothing else but what ``pincite`` loads from it: its list is the allow-list."""
    used = {name for p in client_files() for name, _ in library_names_of(p)}
    assert set(CLIENT_LIBRARY_NAMES) <= used, sorted(set(CLIENT_LIBRARY_NAMES) - used)
    import pincite
    import pincite.library
    loaded_from_it = {n for n, m in vars(pincite)["_LAZY"].items() if m == "pincite.library"}
    assert set(pincite.library.__all__) == set(CLIENT_LIBRARY_NAMES) | loaded_from_it, (
        set(pincite.library.__all__) ^ (set(CLIENT_LIBRARY_NAMES) | loaded_from_it))
    helpers = {h for hs in CLIENT_HELPERS.values() for h in hs}
    imports = client_imports()
    for h in helpers:  # every helper is used by the client it is listed for
        assert any(t == h or t.startswith(h + ".") for ts in imports.values() for t in ts), h


def test_the_client_allowlist_check_refuses_a_module_below_the_library(tmp_path: Path) -> None:
    assert allowed_for("pincite.cli.ask", "pincite.library") and allowed_for("pincite.api.pages", "pincite.web.reader")
    assert allowed_for("pincite.web.audit", "pincite") and allowed_for("pincite.mcp.tools", "pincite.types")
    assert not allowed_for("pincite.api.backend", "pincite.terminal")  # the CLI's alone
    assert not allowed_for("pincite.web.reader", "pincite.api.app")  # the pages know nothing of the server
    for below in ("pincite.engine", "pincite.options", "pincite.evaluation.runs", "pincite.generate.base",
                  "pincite.open", "pincite.ingest", "pincite.answer.citecheck", "pincite.jsonio", "pincite.store",
                  "pincite.lint", "pincite.webx", "pincite.typesx"):
        for client in ("pincite.cli.eval", "pincite.api.routes", "pincite.mcp.tools", "pincite.web.reader"):
            assert not allowed_for(client, below), (client, below)
    draft = tmp_path / "draft.py"
    draft.write_text("from pincite.library import spec, open_store\nimport pincite.library\n"
                     "from pincite import library\n", encoding="utf-8")
    assert library_names_of(draft) == [("spec", 1), ("open_store", 1), ("*", 2), ("*", 3)]


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


#: what a client reaches through Pincite's methods, never by itself (issue 51): a draft's check (``check``,
#: ``isolated=True`` for the limited worker), a work's versions (``versions``), an ingest (``ingest``, an
#: upload's bytes ``ingest_bytes``), a removal and the contracts' regrouping (``remove``, ``regroup``)
THROUGH_PINCITE = {"check_limited", "check_file", "Checker", "resolve_work", "ingest_paths", "ingest_bytes",
                   "update_twins"}


#: the one client module that holds store connections: the server's per-thread ones, each opened by a Pincite
STORE_HOLDERS = {"pincite.api.backend"}


def test_clients_check_and_read_through_pincite() -> None:
    """No client checks a draft or resolves a work but through :class:`Pincite`'s methods, and no client reads a
    store directly (``document``, ``passage``, ``passages``, ``generation``, ``counts``, ``vector_count``...):
    the command line opens a library, never a store, and the API's health asks its library (issue 51)."""
    bad = []
    for path in sorted(p for d in ("cli", "api", "mcp", "web") for p in (SRC / d).rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module == "pincite.library":
                bad += [f"{module_name(path)} imports {a.name}" for a in node.names
                        if a.name in THROUGH_PINCITE]
            if module_name(path) not in STORE_HOLDERS and isinstance(node, ast.Attribute) and node.attr == "store":
                bad.append(f"{module_name(path)}:{node.lineno} reads .store")
    assert not bad, "\n".join(bad)
