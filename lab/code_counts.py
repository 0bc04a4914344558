"""The code's size where a newcomer feels it (issue 51, "Done means": the counts for the note): the names
``pincite`` exports, the names the clients import from the engine, modules over 400 lines, functions over 80
lines, in-function imports in ``src/``, README lines.

    python lab/code_counts.py [ROOT] [--list]

ROOT is a checkout (default: this one); nothing is imported from it, every figure is read from its files (AST
and line counts), so the same script measures any commit's tree.  ``--list`` names the long modules and
functions."""

from __future__ import annotations

import argparse
import ast
import json
import sys
from pathlib import Path

CLIENTS = ("pincite.cli", "pincite.api", "pincite.web", "pincite.mcp")
MODULE_LINES = 400
FUNCTION_LINES = 80


def module_name(src: Path, path: Path) -> str:
    parts = list(path.relative_to(src).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _client(module: str) -> str | None:
    return next((c for c in CLIENTS if module == c or module.startswith(c + ".")), None)


def exported(src: Path) -> list[str]:
    """``pincite.__all__`` but ``__version__``."""
    tree = ast.parse((src / "pincite" / "__init__.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets):
            return sorted(n for n in ast.literal_eval(node.value) if n != "__version__")
    return []


def client_imports(src: Path) -> dict[str, set[str]]:
    """The names client modules import from the engine (any ``pincite`` module outside the four client
    packages), by the module they import from; ``import pincite.x`` counts as ``pincite.x.*``."""
    out: dict[str, set[str]] = {}
    for path in sorted((src / "pincite").rglob("*.py")):
        mod = module_name(src, path)
        if _client(mod) is None:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and not node.level and node.module:
                target, names = node.module, [a.name for a in node.names]
            elif isinstance(node, ast.Import):
                for a in node.names:
                    if a.name.startswith("pincite") and _client(a.name) is None:
                        out.setdefault(a.name, set()).add("*")
                continue
            else:
                continue
            if target.startswith("pincite") and (target == "pincite" or _client(target) is None):
                out.setdefault(target, set()).update(names)
    return out


def _functions(tree: ast.AST) -> list[ast.FunctionDef | ast.AsyncFunctionDef]:
    return [n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]


def sizes(src: Path) -> dict[str, object]:
    long_modules, long_functions, inner_imports = [], [], 0
    for path in sorted(src.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        name = module_name(src, path)
        lines = len(text.splitlines())
        if lines > MODULE_LINES:
            long_modules.append((name, lines))
        tree = ast.parse(text)
        for f in _functions(tree):
            n = (f.end_lineno or f.lineno) - f.lineno + 1
            if n > FUNCTION_LINES:
                long_functions.append((f"{name}.{f.name}", n))
        seen: set[int] = set()  # an import in a nested function is counted once
        for f in _functions(tree):
            for node in ast.walk(f):
                if isinstance(node, (ast.Import, ast.ImportFrom)) and id(node) not in seen:
                    seen.add(id(node))
        inner_imports += len(seen)
    return {"long_modules": sorted(long_modules, key=lambda x: -x[1]),
            "long_functions": sorted(long_functions, key=lambda x: -x[1]), "inner_imports": inner_imports}


def counts(root: Path) -> dict[str, object]:
    src = root / "src"
    imports = client_imports(src)
    s = sizes(src)
    readme = root / "README.md"
    return {
        "pincite exports": len(exported(src)),
        "client names from the engine": len({(m, n) for m, ns in imports.items() for n in ns}),
        "client names by module": {m: len(ns) for m, ns in sorted(imports.items())},
        f"modules > {MODULE_LINES} lines": len(s["long_modules"]),  # type: ignore[arg-type]
        f"functions > {FUNCTION_LINES} lines": len(s["long_functions"]),  # type: ignore[arg-type]
        "in-function imports": s["inner_imports"],
        "README lines": len(readme.read_text(encoding="utf-8").splitlines()) if readme.exists() else None,
        "_lists": s,
    }


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("root", nargs="?", type=Path, default=Path(__file__).resolve().parent.parent)
    ap.add_argument("--list", action="store_true", help="name the long modules and functions")
    args = ap.parse_args(argv)
    c = counts(args.root)
    lists = c.pop("_lists")
    if args.list:
        c.update({k: v for k, v in lists.items() if k != "inner_imports"})  # type: ignore[union-attr]
    print(json.dumps(c, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
