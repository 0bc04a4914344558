"""The chunk audit's HTML, opened in real headless Chromium (Debian's, driven by playwright)."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from pincite.cli import app, demo_paths
from tests.support.browser import browser  # noqa: F401  (Debian's Chromium, one launcher for every browser test)
from tests.conftest import REPO

ARTIFACTS = REPO / "test-artifacts"



def _audit_page(tmp_path: Path, chunker: str) -> Path:
    db = str(tmp_path / "a.db")
    runner = CliRunner()
    r = runner.invoke(app, ["ingest", "--db", db, *demo_paths()])
    assert r.exit_code == 0, r.output
    doc_id = runner.invoke(app, ["documents", "--db", db, "--json"]).output
    import json

    first = json.loads(doc_id)[0]["id"]
    out = tmp_path / f"audit-{chunker}.html"
    args = ["audit", first, "--db", db, "--html", str(out), "--chunker", chunker]
    if chunker == "window":
        args += ["--window-tokens", "128", "--overlap-tokens", "16"]
    r = runner.invoke(app, args)
    assert r.exit_code == 0, r.output
    return out


def test_audit_page_shows_flagged_window_chunks(browser, tmp_path: Path) -> None:
    page = browser.new_page()
    page.goto(_audit_page(tmp_path, "window").as_uri())
    flagged = int(page.locator("#flagged-count").inner_text())
    assert flagged > 0
    findings = page.locator(".finding[data-flagged]")
    assert findings.count() == flagged
    assert "wrong-number" in page.locator("aside").inner_text()
    # the flagged chunk is marked in the document text and the margin shows the document's own numbers
    assert page.locator(".doc span.flag").count() > 0
    assert page.locator(".doc .num").count() > 5
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "audit-window.png"), full_page=False)
    # following a finding's link scrolls to its chunk boundary
    link = findings.first.locator("a")
    target = link.get_attribute("href")
    link.click()
    assert page.evaluate("location.hash") == target
    page.close()


def test_audit_page_of_structural_chunks_has_no_flags(browser, tmp_path: Path) -> None:
    page = browser.new_page()
    page.goto(_audit_page(tmp_path, "structural").as_uri())
    assert page.locator("#flagged-count").inner_text() == "0"
    # the demo judgment's units agree with its text: no structure flag either (listed below the chunk flags)
    assert page.locator(".ok").all_inner_texts() == ["No chunk flagged.", "No structure flag."]
    assert page.locator("#structure-count").inner_text() == "0"
    page.screenshot(path=str(ARTIFACTS / "audit-structural.png"))
    page.close()
