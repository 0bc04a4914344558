"""ARCHITECTURE.md's "The tree" names every folder of the repository and every package folder under
src/pincite/, one line each, and names nothing that is not there; every top-level module of the package is
named in it too.  The tree is what git holds (tracked files, and new files it does not ignore), so a folder a
command leaves behind (``demo.db.index/``, ``.venv/``) is not part of it."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

from tests.conftest import REPO

ARCHITECTURE = REPO / "ARCHITECTURE.md"


def tree_section() -> str:
    text = ARCHITECTURE.read_text(encoding="utf-8")
    m = re.search(r"^## The tree\n(.*?)(?=^## |^\*\*Where a change goes\*\*|\Z)", text, flags=re.M | re.S)
    assert m, "ARCHITECTURE.md has no '## The tree' section"
    return m.group(1)


def named_folders() -> dict[str, str]:
    """Each list entry '- `path/` — what it holds' of the tree section: path -> its line."""
    entries = re.findall(r"^- `([^`]+/)` — (.+)$", tree_section(), flags=re.M)
    assert entries, "the tree section lists no folders"
    return {path.rstrip("/"): line for path, line in entries}


def repository_files() -> list[str]:
    out = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard"], cwd=REPO,
                         capture_output=True, text=True, check=True).stdout
    return [p for p in out.splitlines() if (REPO / p).exists()]  # a file deleted but not yet staged is gone


def folders() -> tuple[set[str], set[str]]:
    """The repository's top-level folders, and every folder under src/pincite/ that holds files."""
    top, package = set(), set()
    for path in repository_files():
        parts = path.split("/")
        if len(parts) > 1:
            top.add(parts[0])
        if path.startswith("src/pincite/") and len(parts) > 3 and "__pycache__" not in parts:
            package.update("/".join(parts[:n]) for n in range(3, len(parts)))
    return top, package


def test_every_top_level_folder_is_named() -> None:
    top, _ = folders()
    missing = sorted(top - set(named_folders()))
    assert not missing, f"ARCHITECTURE.md's tree does not name these top-level folders: {missing}"


def test_every_package_folder_is_named() -> None:
    _, package = folders()
    assert "src/pincite/parse" in package  # the tree was read
    missing = sorted(package - set(named_folders()))
    assert not missing, f"ARCHITECTURE.md's tree does not name these folders of the package: {missing}"


def test_nothing_named_that_does_not_exist() -> None:
    gone = sorted(p for p in named_folders() if not (REPO / p).is_dir())
    assert not gone, f"ARCHITECTURE.md's tree names folders that do not exist: {gone}"


def test_each_folder_has_its_one_line() -> None:
    short = sorted(p for p, line in named_folders().items() if len(line.split()) < 3)
    assert not short, f"these entries of ARCHITECTURE.md's tree say nothing about what they hold: {short}"


def test_every_top_level_module_is_named() -> None:
    text = ARCHITECTURE.read_text(encoding="utf-8")
    named = set(re.findall(r"`([\w/.]+)`", text))
    modules = sorted(Path(p).stem for p in repository_files()
                     if re.fullmatch(r"src/pincite/\w+\.py", p) and not p.endswith("__init__.py"))
    assert "engine" in modules
    missing = [m for m in modules if m not in named and f"{m}.py" not in named]
    assert not missing, f"ARCHITECTURE.md does not name these modules of src/pincite/: {missing}"
