"""Every ```python block of README.md runs, in order, in one empty folder (they build on each other): the Python
API's examples cannot rot.  What they print is checked against what the demo documents say."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

import pytest
from tests.conftest import REPO

README = REPO / "README.md"


def python_blocks() -> list[str]:
    return re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), flags=re.S)


def test_readme_has_python_blocks() -> None:
    assert len(python_blocks()) >= 2


def test_every_readme_python_block_runs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("PINCITE_STORE", raising=False)
    printed = []
    for n, block in enumerate(python_blocks(), 1):
        buf = io.StringIO()
        with contextlib.redirect_stdout(buf):
            exec(compile(block, f"README.md python block {n}", "exec"), {"__name__": "__readme__"})
        printed.append(buf.getvalue())
    first, second = printed[0], printed[1]
    assert "2 documents added" in first
    assert re.search(r"^at \[\d+\] \S", first, flags=re.M), first  # a citation's pinpoint, then its quote
    assert "appeal" in first
    # the draft's one citation is resolved to the demo judgment's paragraph 3 and judged
    assert re.search(r"^[a-z-]+ ", second), second
    assert "{" in second.splitlines()[-1]
    assert (tmp_path / "pincite.db").exists()
