"""Issue 28's wiring counts: the line count of every CLI, API, MCP and library module, and over src/pincite the
imports written inside a function body (counted with ast) and the ``# type: ignore`` comments.

    python bench/wiring_counts.py                        # a table, then the totals
    python bench/wiring_counts.py --src /tmp/base/src    # the same for another checkout (``git archive main src``)
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

SRC = Path(__file__).resolve().parent.parent / "src" / "pincite"
#: the modules listed one by one: the clients and the front door they stand on
LISTED = ("cli", "cli.py", "api", "mcp", "library", "library.py", "options.py")


def counts(path: Path) -> tuple[int, int, int]:
    text = path.read_text(encoding="utf-8")
    tree = ast.parse(text)
    seen: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for sub in ast.walk(node):
                if isinstance(sub, (ast.Import, ast.ImportFrom)):
                    seen.add(id(sub))
    return len(text.splitlines()), len(seen), text.count("type: ignore")


def main() -> int:
    src = Path(sys.argv[sys.argv.index("--src") + 1]) / "pincite" if "--src" in sys.argv else SRC
    rows = []
    total_imports = total_ignores = 0
    for path in sorted(src.rglob("*.py")):
        lines, imports, ignores = counts(path)
        total_imports += imports
        total_ignores += ignores
        rel = path.relative_to(src.parent)
        if rel.parts[1] in LISTED:
            rows.append((str(rel), lines, imports, ignores))
    print(f"{'module':40} {'lines':>6} {'in-fn imports':>14} {'type: ignore':>13}")
    for name, lines, imports, ignores in rows:
        print(f"{name:40} {lines:6} {imports:14} {ignores:13}")
    print(f"src/pincite total: {total_imports} in-function imports, {total_ignores} type: ignore")
    return 0


if __name__ == "__main__":
    sys.exit(main())
