"""Where Chromium cannot be had, every browser test fails with the same one-line reason (never a playwright
traceback): a new user's first run of the test command must say what is missing."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from tests.conftest import REPO

ROOT = REPO
# one browser test from two modules, each using the shared launcher
TESTS = ["tests/browser/test_audit_browser.py::test_audit_page_shows_flagged_window_chunks",
         "tests/browser/test_web_reader.py::test_browser_citation_across_sub_items_opens_exact_highlight"]


def _run(chromium: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PINCITE_CHROMIUM": chromium}
    return subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *TESTS], cwd=ROOT,
                          env=env, capture_output=True, text=True, timeout=300)


@pytest.mark.parametrize("case", ["missing", "broken"])
def test_no_chromium_fails_each_browser_test_with_one_line(tmp_path: Path, case: str) -> None:
    if case == "missing":
        chromium = str(tmp_path / "no-such-chromium")
        reason = "browser tests need Debian's Chromium and found none"
    else:  # an executable that is no browser: playwright's launch fails
        chromium = str(tmp_path / "chromium")
        Path(chromium).write_text("#!/bin/sh\nexit 3\n")
        Path(chromium).chmod(0o755)
        reason = f"browser tests could not start Chromium at {chromium}"
    r = _run(chromium)
    out = r.stdout + r.stderr
    assert r.returncode != 0, out
    lines = [line for line in out.splitlines() if reason in line]
    assert len(lines) >= len(TESTS), out  # each test says why, on one line
    assert "apt-get install chromium" in lines[0]
    assert "Traceback" not in out and "playwright._impl" not in out and "=====" not in lines[0], out
