"""The reference in docs/ does not drift from the code: `docs/generate.py --check` (run as a user runs it, in a
child process) finds every generated section up to date — the command options read from what `--help` prints,
the OpenAPI document, the MCP tools' schemas, the checks' plain words, the Python API's docstrings — and the
hand-written pages name every verdict and check the code has.  The README stays a five-minute read."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

from tests.conftest import REPO

DOCS = REPO / "docs"


def test_generated_sections_are_up_to_date() -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith("PINCITE_")}
    env["PYTHONPATH"] = os.pathsep.join([str(REPO / "src"), env.get("PYTHONPATH", "")]).rstrip(os.pathsep)
    run = subprocess.run([sys.executable, str(DOCS / "generate.py"), "--check"], cwd=REPO, env=env,
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, f"{run.stdout}{run.stderr}\n(run: python docs/generate.py)"
    assert "generated sections up to date" in run.stdout


def test_every_command_has_its_section() -> None:
    """Every command `pincite --help` lists has its section in docs/commands.md, option by option."""
    import typer

    from pincite.cli import app

    group = typer.main.get_command(app)
    names = group.list_commands(group.context_class(group, info_name="pincite"))
    assert "ask" in names and "check" in names, names
    text = (DOCS / "commands.md").read_text(encoding="utf-8")
    missing = [n for n in names if f"### `pincite {n}`" not in text]
    assert not missing, f"docs/commands.md has no section for: {missing}"
    search = text.split("### `pincite search`")[1].split("### `pincite ")[0]
    for option in ("--k", "--as-of", "--document", "--json"):
        assert f"`{option}" in search, option


def test_checks_page_names_every_verdict_and_check() -> None:
    from pincite.answer.citecheck import Verdict
    from pincite.answer.verify import Check

    text = (DOCS / "checks.md").read_text(encoding="utf-8")
    for value in [v.value for v in Verdict] + [c.value for c in Check]:
        assert f"`{value}`" in text, f"docs/checks.md does not explain {value!r}"
    for numbering in ("verified", "contradicted", "unnumbered", "unchecked"):
        assert f"`{numbering}`" in text


def test_docs_links_resolve() -> None:
    """Every relative link of the README, ARCHITECTURE.md and docs/*.md names a file that exists."""
    pages = [REPO / "README.md", REPO / "ARCHITECTURE.md", *sorted(DOCS.glob("*.md"))]
    broken = []
    for page in pages:
        text = re.sub(r"```.*?```|`[^`\n]*`", "", page.read_text(encoding="utf-8"), flags=re.S)  # code is no link
        for target in re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", text):
            if "://" not in target and not (page.parent / target).exists():
                broken.append(f"{page.relative_to(REPO)} -> {target}")
    assert not broken, broken


def test_readme_is_short() -> None:
    lines = (REPO / "README.md").read_text(encoding="utf-8").splitlines()
    assert len(lines) <= 150, len(lines)
    wide = [n for n, line in enumerate(lines, 1) if len(line) > 110]
    assert not wide, f"README.md lines over 110 columns: {wide}"
    for command in ("bash scripts/test.sh", ".venv/bin/pincite demo --db demo.db"):
        assert command in lines[:20] or any(command in line for line in lines[:20]), command
