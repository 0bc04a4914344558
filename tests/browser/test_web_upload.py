"""Adding and removing documents from the web reader's documents page (issue 29), in real Chromium against a
real server: a file picker and drag-and-drop, several files at once, each file's result and warnings shown, the
page's own CSRF-safe request; removal after a confirmation; both refused in token mode without the token."""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest
from playwright.sync_api import expect

from pincite.api.app import RunningServer, create_app
from pincite.api.config import ServerConfig
from pincite.cli import demo_paths
from pincite.ingest import ingest_paths
from pincite.store.sqlite import SQLiteStore
from tests.support.browser import browser  # noqa: F401  (Debian's Chromium, one launcher for every browser test)

#: a short agreement written for this test
AGREEMENT = """SUPPLY AGREEMENT

This Supply Agreement is made between Northwind Bakeries Ltd ("Buyer") and Millbrook Flour plc ("Seller").

1. Supply
1.1 The Seller shall supply flour to the Buyer each week.

2. Termination
2.1 Either party may terminate this Agreement on ninety (90) days' written notice.
"""


@pytest.fixture()
def demo_db(tmp_path: Path) -> Path:
    db = tmp_path / "up.db"
    s = SQLiteStore(db)
    assert not ingest_paths(s, demo_paths()).failed
    s.close()
    return db


def _sources(url: str, **kw) -> list[str]:  # type: ignore[no-untyped-def]
    return [d["source"] for d in httpx.get(f"{url}/api/documents", timeout=30, **kw).json()["documents"]]


def test_upload_by_picker_and_drop_shows_each_result_then_remove_asks_first(demo_db: Path, tmp_path: Path,
                                                                             browser) -> None:  # type: ignore[no-untyped-def]
    good = tmp_path / "northwind-supply.txt"
    good.write_text(AGREEMENT, encoding="utf-8")
    broken = tmp_path / "broken.pdf"
    broken.write_bytes(b"%PDF-1.7\nthis is not a PDF body at all")
    with RunningServer(create_app(ServerConfig(db=demo_db, dense=False))) as srv:
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        try:
            page.goto(f"{srv.url}/documents")
            assert page.locator("#doc-table tbody tr").count() == 2
            page.set_input_files("#upload-files", [str(good), str(broken)])
            assert page.inner_text("#upload-send") == "Add 2 files"
            page.click("#upload-send")
            page.wait_for_selector("#upload-results li[data-status]")
            results = page.locator("#upload-results > li[data-status]")
            assert results.count() == 2
            texts = {results.nth(i).get_attribute("data-status"): results.nth(i).inner_text() for i in range(2)}
            assert "northwind-supply.txt" in texts["added"] and "as contract" in texts["added"]
            assert "broken.pdf" in texts["failed"] and "not stored:" in texts["failed"]
            # the list shows the new document without a reload
            expect(page.locator("#doc-table tbody tr")).to_have_count(3)
            assert any(s.endswith("northwind-supply.txt") for s in _sources(srv.url))

            # drag and drop: a file dropped on the form is chosen and sent the same way
            page.evaluate_handle("""() => {
                const dt = new DataTransfer();
                dt.items.add(new File([document.title + " — notes\\n\\nA memo with no clauses."], "dropped-memo.txt",
                                      {type: "text/plain"}));
                document.getElementById("upload-form").dispatchEvent(new DragEvent("drop", {dataTransfer: dt,
                                                                              bubbles: true, cancelable: true}));
            }""")
            assert page.inner_text("#upload-send") == "Add 1 file"
            page.click("#upload-send")
            expect(page.locator("#doc-table tbody tr")).to_have_count(4)
            assert page.locator("#upload-results > li[data-status='added']").count() == 1

            # remove: dismissing the confirmation keeps the document; accepting removes it
            row = page.locator("#doc-table tbody tr", has_text="SUPPLY AGREEMENT")
            page.once("dialog", lambda d: d.dismiss())
            row.locator("button.remove").click()
            page.wait_for_timeout(300)
            assert any(s.endswith("northwind-supply.txt") for s in _sources(srv.url))
            page.once("dialog", lambda d: d.accept())
            page.locator("#doc-table tbody tr", has_text="SUPPLY AGREEMENT").locator("button.remove").click()
            expect(page.locator("#doc-table tbody tr")).to_have_count(3)
            assert not any(s.endswith("northwind-supply.txt") for s in _sources(srv.url))
            assert "Removed" in page.inner_text("#upload-results")
            # its passages are gone from search too
            hits = httpx.get(f"{srv.url}/api/search", params={"q": "Millbrook flour ninety days"}, timeout=30).json()
            assert hits["passages"] is not None
            assert not any("northwind" in h["document"]["source"] for h in hits["passages"])
        finally:
            page.close()


def test_remove_is_refused_without_the_token_and_cross_site(demo_db: Path) -> None:
    token = "tok-for-upload-tests-0123456789abcdef"
    with RunningServer(create_app(ServerConfig(db=demo_db, dense=False, token=token))) as srv:
        auth = {"Authorization": f"Bearer {token}"}
        doc = httpx.get(f"{srv.url}/api/documents", headers=auth, timeout=30).json()["documents"][0]["id"]
        r = httpx.delete(f"{srv.url}/api/documents/{doc}", headers={"X-Pincite-Request": "1"}, timeout=30)
        assert r.status_code == 401
        files = {"files": ("x.txt", AGREEMENT.encode(), "text/plain")}
        r = httpx.post(f"{srv.url}/api/ingest", files=files, headers={"X-Pincite-Request": "1"}, timeout=30)
        assert r.status_code == 401
        r = httpx.delete(f"{srv.url}/api/documents/{doc}", headers={**auth, "Origin": "http://evil.example"},
                         timeout=30)
        assert r.status_code == 403
        assert doc in [d["id"] for d in httpx.get(f"{srv.url}/api/documents", headers=auth).json()["documents"]]
        r = httpx.delete(f"{srv.url}/api/documents/{doc}", headers=auth, timeout=30)
        assert r.status_code == 200 and r.json()["removed"] == doc
        r = httpx.delete(f"{srv.url}/api/documents/{doc}", headers=auth, timeout=30)
        assert r.status_code == 404
