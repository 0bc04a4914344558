"""Debian's Chromium for the browser tests, driven by playwright through ``executable_path`` (never ``playwright
install``).

One place finds and launches it, so that where Chromium cannot be had every browser test fails with the same
one-line reason, never a playwright traceback. ``PINCITE_CHROMIUM`` names another executable; otherwise the
``chromium`` on PATH (Debian's package installs ``/usr/bin/chromium``).
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]
INSTALL = "apt-get install chromium (the README's test command, scripts/test.sh, installs it when run as root)"


def chromium_path() -> str | None:
    """The Chromium executable the browser tests drive, or None when there is none."""
    named = os.environ.get("PINCITE_CHROMIUM")
    if named:
        return named if Path(named).is_file() else None
    return shutil.which("chromium") or ("/usr/bin/chromium" if Path("/usr/bin/chromium").is_file() else None)


def launch(playwright: Any) -> Any:
    """A headless Chromium from ``playwright``, or a one-line test failure saying why there is none."""
    path = chromium_path()
    if path is None:
        where = os.environ.get("PINCITE_CHROMIUM") or "chromium on PATH"
        pytest.fail(f"browser tests need Debian's Chromium and found none ({where}): {INSTALL}", pytrace=False)
    from playwright.sync_api import Error

    try:
        return playwright.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
    except Error as e:  # a broken install: say the first line of why, not playwright's whole log
        first = (str(e).strip().splitlines() or ["no reason given"])[0]
        pytest.fail(f"browser tests could not start Chromium at {path}: {first}: {INSTALL}", pytrace=False)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """One Chromium for a test module."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = launch(p)
        try:
            yield b
        finally:
            b.close()
