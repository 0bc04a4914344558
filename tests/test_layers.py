"""The layout's rules, read from the source: no import cycle between modules, and no import from a lower layer to
a higher one (imports inside functions count too).  ARCHITECTURE.md explains the layers; this table is its
machine-checked form.  A new module must be given a layer here before it can exist."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parent.parent / "src" / "pincite"

#: (module prefix, layer): a module may import only modules of its own layer or lower.  Longest prefix wins.
LAYERS: tuple[tuple[str, int], ...] = (
    ("pincite", 0),  # the package's __init__ (version string only)
    ("pincite.types", 0),
    ("pincite.errors", 0),
    ("pincite.text", 1),
    ("pincite.legal", 2),
    ("pincite.parse", 2),
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
    ("pincite.generate", 9),
    ("pincite.engine", 10),
    ("pincite.ingest", 10),
    ("pincite.migrate", 10),
    ("pincite.open", 10),
    ("pincite.twins", 10),  # one agreement stored from several files: fingerprints, groups, the cited copy
    ("pincite.evaluation", 11),
    ("pincite.library", 11),  # the Python API (Pincite): composes engine, ingest, open and evaluation
    ("pincite.web", 12),
    ("pincite.api", 13),
    ("pincite.cli", 14),
    ("pincite.terminal", 14),  # how the command line prints (literal text, escaped controls): the CLI's alone
)


def module_name(path: Path) -> str:
    rel = path.relative_to(SRC.parent).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def layer_of(module: str) -> int | None:
    best: tuple[int, int] | None = None
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
    """The CLI is a client of pincite.library: it never imports the engine, the retriever or a generator's
    factory to wire a question itself."""
    g = graph()
    wiring = {"pincite.engine", "pincite.search.retrieve", "pincite.generate.factory"}
    bad = sorted(f"{m} imports {t}" for m, ts in g.items() if m.startswith("pincite.cli") or
                 m.startswith("pincite.api") for t in ts & wiring)
    assert not bad, bad
