"""Word files and scanned PDFs through the real ``pincite`` command (so through the parse worker and its limits):
a scanned contract (a text PDF we write, rendered to page images and written back with no text layer) is read
by OCR with its printed pages (these tests need Tesseract, as .ci/run installs it: without it they fail with
the reader's own install hint, never skip), marked ``"ocr": true``, and a question about it cites the right clause; Word
contracts are stored with Word's own numbers; bad .docx files and a password-protected PDF each fail alone
with a clear error naming the file, and nothing of them is stored.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from pincite.parse import parse_bytes
from pincite.parse.ocr import PageReader
from tests.support.docx_synth import synth_contract
from tests.unit.parse.test_docx import bad_docx_files, innermost
from tests.unit.parse.test_pdf import JUDGMENT_PAGES, body, make_pdf
from tests.support.scan_synth import image_pdf

PINCITE = Path(sys.executable).with_name("pincite")

PAGE_1 = [(230, 60, 14, "SUPPLY AGREEMENT")] + body([
    "This Agreement is made between Alpha Widgets Limited and Beta Gadgets Limited.",
    "1. DEFINITIONS",
    "1.1 In this Agreement the Goods means the widgets described in the order.",
    "1.2 A Business Day is a day on which banks in London are open.",
    "2. DELIVERY",
    "2.1 The Supplier shall deliver the Goods to the Premises within ten days.",
    "2.2 Risk in the Goods passes to the Customer on delivery.",
], top=110, pitch=24) + [(300, 760, 11, "1")]
PAGE_2 = body([
    "3. TERMINATION",
    "3.1 Either party may terminate this Agreement by giving thirty days written notice.",
    "3.2 The Customer may terminate at once if the Supplier becomes insolvent.",
    "4. GOVERNING LAW",
    "4.1 This Agreement is governed by the law of England and Wales.",
], top=90, pitch=24) + [(300, 760, 11, "2")]


def cli(*args: str, env: dict[str, str] | None = None, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(PINCITE), *args], capture_output=True, text=True, timeout=300, check=False,
                          cwd=cwd, env={**os.environ, **(env or {})})


@pytest.fixture(scope="module")
def scan() -> bytes:
    return image_pdf(make_pdf([PAGE_1, PAGE_2]))


def test_the_scan_has_no_text_layer(scan: bytes) -> None:
    import pypdfium2 as pdfium

    pdf = pdfium.PdfDocument(scan)
    try:
        assert len(pdf) == 2
        for i in range(2):
            page = pdf[i]
            assert page.get_textpage().get_text_range().strip() == ""
            page.close()
    finally:
        pdf.close()


def test_a_scanned_contract_is_read_by_ocr_with_its_printed_pages(scan: bytes) -> None:
    doc = parse_bytes(scan, "scanned_supply.pdf")
    assert doc.meta["ocr"] is True and doc.meta["ocr_engine"].startswith("tesseract")
    assert any("OCR" in w for w in doc.warnings)
    assert [p.label for p in doc.pages] == ["1", "2"]  # the printed page numbers, read by OCR too
    labels = {u.label: u for u in doc.units}
    for label in ("cl. 1.1", "cl. 2.2", "cl. 3.1", "cl. 4.1"):
        assert label in labels, sorted(labels)
    at = doc.text.index("thirty days written notice")
    u = innermost(doc, at)
    assert u.label == "cl. 3.1" and u.page_start == "2" and u.pdf_page_start == 1
    assert innermost(doc, doc.text.index("within ten days")).page_start == "1"


def test_a_scanned_contract_is_stored_marked_ocr_and_answers_cite_its_clause(tmp_path: Path, scan: bytes) -> None:
    (tmp_path / "scanned_supply.pdf").write_bytes(scan)
    db = str(tmp_path / "s.db")
    r = cli("ingest", str(tmp_path / "scanned_supply.pdf"), "--db", db, "--no-dense", "--json")
    assert r.returncode == 0, r.stdout + r.stderr
    doc_id = json.loads(r.stdout)["files"][0]["id"]
    shown = json.loads(cli("show", doc_id, "--db", db, "--json").stdout)
    assert shown["ocr"] is True and shown["meta"]["ocr"] is True
    r = cli("ask", "How much notice is needed to terminate the agreement?", "--db", db, "--json", "--no-wait")
    answer = json.loads(r.stdout)
    cited = [(c["pinpoint"], c["page_start"], c["quote"]) for c in answer["citations"]]
    assert cited and all("cl. 3.1" in p for p, _page, _q in cited), cited
    assert any(page == "2" and "thirty days" in q for _p, page, q in cited), cited


def test_without_tesseract_a_scan_fails_alone_saying_how_to_install_it(tmp_path: Path, scan: bytes) -> None:
    (tmp_path / "scanned_supply.pdf").write_bytes(scan)
    (tmp_path / "good.docx").write_bytes(synth_contract(3)[0])
    db = str(tmp_path / "s.db")
    r = cli("ingest", str(tmp_path), "--db", db, "--no-dense", "--json",
            env={"PINCITE_TESSERACT": "no-such-tesseract-binary"})
    assert r.returncode == 1
    files = {Path(f["source"]).name: f for f in json.loads(r.stdout)["files"]}
    bad = files["scanned_supply.pdf"]
    assert bad["status"] == "failed"
    assert "scanned_supply.pdf" in bad["error"] and "Tesseract is not installed" in bad["error"]
    assert "apt-get install tesseract-ocr tesseract-ocr-eng" in bad["error"]
    assert files["good.docx"]["status"] == "added"


def test_without_tesseract_in_process_the_error_names_the_file(monkeypatch: pytest.MonkeyPatch,
                                                                scan: bytes) -> None:
    from pincite.errors import ParseError

    monkeypatch.setenv("PINCITE_TESSERACT", "no-such-tesseract-binary")
    with pytest.raises(ParseError) as e:
        PageReader("scan.pdf")
    assert e.value.source == "scan.pdf" and "tesseract-ocr-eng" in e.value.reason
    with pytest.raises(ParseError, match="no text layer.*Tesseract is not installed"):
        parse_bytes(scan, "scan.pdf")


def test_word_contracts_are_stored_with_their_own_numbers_and_bad_files_fail_alone(tmp_path: Path) -> None:
    folder = tmp_path / "contracts"
    folder.mkdir()
    data, clauses, _ = synth_contract(42)
    (folder / "services.docx").write_bytes(data)
    for name, (content, _words) in bad_docx_files().items():
        (folder / name).write_bytes(content)
    (folder / "locked.pdf").write_bytes(make_pdf(JUDGMENT_PAGES, encrypt=True))
    db = str(tmp_path / "c.db")
    r = cli("ingest", str(folder), "--db", db, "--no-dense", "--json")
    assert r.returncode == 1, r.stdout + r.stderr
    report = json.loads(r.stdout)
    files = {Path(f["source"]).name: f for f in report["files"]}
    assert files["services.docx"]["status"] == "added"
    expected_bad = set(bad_docx_files()) | {"locked.pdf"}
    for name in expected_bad:
        f = files[name]
        assert f["status"] == "failed" and name in f["error"], f
    assert "password" in files["locked.pdf"]["error"] or "encrypted" in files["locked.pdf"]["error"]
    listed = json.loads(cli("documents", "--db", db, "--json").stdout)
    sources = [Path(d["source"]).name for d in (listed["documents"] if isinstance(listed, dict) else listed)]
    assert sources == ["services.docx"]  # nothing of a bad file was stored
    shown = json.loads(cli("show", files["services.docx"]["id"], "--db", db, "--json").stdout)
    assert shown["format"] == "docx" and shown["kind"] == "contract" and shown["ocr"] is False
    labels = {u["label"]: u for u in shown["units"]}
    for c in clauses:
        u = labels[c.label]
        for w in c.words:
            assert w in shown["text"][u["char_start"]:u["char_end"]]


def test_the_reader_shows_an_ocr_badge_on_a_scan_only(tmp_path: Path, scan: bytes) -> None:
    import httpx
    from selectolax.lexbor import LexborHTMLParser

    from pincite.api.app import RunningServer, create_app
    from pincite.api.config import ServerConfig
    from pincite.ingest import document_from_bytes
    from pincite.store.sqlite import SQLiteStore

    db = tmp_path / "r.db"
    s = SQLiteStore(db)
    scanned = document_from_bytes(scan, "scanned_supply.pdf")
    word = document_from_bytes(synth_contract(2)[0], "services.docx")
    s.put_document(scanned)
    s.put_document(word)
    s.close()
    with RunningServer(create_app(ServerConfig(db=db, dense=False))) as srv:
        badges = {}
        for d in (scanned, word):
            html = httpx.get(f"{srv.url}/documents/{d.id}").text
            badges[d.source] = [b.text().strip() for b in LexborHTMLParser(html).css("h1 .badge.ocr")]
    assert badges == {"scanned_supply.pdf": ["OCR"], "services.docx": []}
