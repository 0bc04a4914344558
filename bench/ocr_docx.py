"""OCR seconds per page and .docx parse time (issue 25).  Prints its figures; it is not a test.

    .venv/bin/python -m bench.ocr_docx [--pages 4] [--docx 200] [--dpi 300]

* OCR: a text PDF of ``--pages`` contract pages is written, rendered to page images and written back with no
  text layer (tests/support/scan_synth.py), then read by ``pincite.parse.pdf`` (pdfium render + the tesseract binary,
  three passes a page: the page, and its top and bottom strips for page numbers); also the bare tesseract
  call on one page image, and the same page through pytesseract when it is installed (for the wrapper
  choice; pincite does not depend on it).
* .docx: ``--docx`` seeded Word contracts (tests/support/docx_synth.py) parsed by ``pincite.parse.parse_bytes`` (the
  reader and the contract analysis), and one long contract of about 1,000 numbered paragraphs.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path


from pincite.parse import parse_bytes  # noqa: E402
from pincite.parse.docx import read_docx  # noqa: E402
from tests.support.docx_synth import HEADINGS, LEGAL_LEVELS, docx_bytes, numbering, para, styles, synth_contract  # noqa: E402
from tests.unit.parse.test_pdf import body, make_pdf  # noqa: E402
from tests.support.scan_synth import image_pdf  # noqa: E402


def contract_pages(n: int) -> list:
    pages = []
    clause = 0
    for p in range(n):
        lines = []
        for _ in range(4):
            clause += 1
            lines.append(f"{clause}. {HEADINGS[clause % len(HEADINGS)]}")
            for s in range(1, 4):
                lines.append(f"{clause}.{s} The Supplier shall perform obligation {clause}.{s} with reasonable care")
                lines.append("and skill and in accordance with good industry practice at all times.")
        pages.append(body(lines, top=70, pitch=15) + [(300, 770, 11, str(p + 1))])
    return pages


def bench_ocr(pages: int, dpi: int) -> None:
    import os

    import pypdfium2 as pdfium

    from pincite.parse.ocr import pgm, render_grey, tesseract_binary

    os.environ["PINCITE_OCR_DPI"] = str(dpi)
    scan = image_pdf(make_pdf(contract_pages(pages)))
    t = time.perf_counter()
    doc = parse_bytes(scan, "bench_scan.pdf")
    whole = time.perf_counter() - t
    print(f"OCR parse of a {pages}-page scan at {dpi} dpi: {whole:.1f} s, {whole / pages:.2f} s/page "
          f"({len(doc.units)} units, pages {[p.label for p in doc.pages]})")
    binary = tesseract_binary()
    pdf = pdfium.PdfDocument(scan)
    page = pdf[0]
    t = time.perf_counter()
    arr = render_grey(page, dpi)
    render = time.perf_counter() - t
    image = pgm(arr)
    env = dict(os.environ, OMP_THREAD_LIMIT="1")
    for threads in ("1", "2"):
        env["OMP_THREAD_LIMIT"] = threads
        times = []
        for _ in range(2):
            t = time.perf_counter()
            subprocess.run([binary, "stdin", "stdout", "--dpi", str(dpi), "--psm", "3", "tsv"], input=image,
                           capture_output=True, env=env, check=True)
            times.append(time.perf_counter() - t)
        print(f"  tesseract binary, one page, OMP_THREAD_LIMIT={threads}: {min(times):.2f} s (best of 2); "
              f"render {render:.2f} s")
    try:
        import pytesseract
        from PIL import Image
    except ImportError:
        print("  pytesseract: not installed (pip install pytesseract to compare)")
    else:
        img = Image.fromarray(arr)
        times = []
        for _ in range(2):
            t = time.perf_counter()
            pytesseract.image_to_data(img, config=f"--dpi {dpi} --psm 3")
            times.append(time.perf_counter() - t)
        print(f"  pytesseract.image_to_data, one page: {min(times):.2f} s (best of 2)")
    page.close()
    pdf.close()


def bench_docx(n: int) -> None:
    docs = [synth_contract(seed)[0] for seed in range(n)]
    t = time.perf_counter()
    read = [read_docx(d, "b.docx") for d in docs]
    t_read = time.perf_counter() - t
    t = time.perf_counter()
    parsed = [parse_bytes(d, "b.docx") for d in docs]
    t_all = time.perf_counter() - t
    paras = statistics.mean(len(r.blocks) for r in read)
    print(f".docx: {n} contracts (mean {paras:.0f} paragraphs): reader {1000 * t_read / n:.1f} ms/doc, "
          f"reader + contract analysis {1000 * t_all / n:.1f} ms/doc "
          f"({sum(len(p.units) for p in parsed)} units)")
    big = [para("LONG AGREEMENT", style="Title")]
    for c in range(1, 101):
        big.append(para(f"HEADING {c}", num=1))
        for s in range(9):
            big.append(para("The Supplier shall perform the services with reasonable care and skill in "
                            "accordance with good industry practice.", num=1, ilvl=1))
    data = docx_bytes("".join(big), numbering({1: LEGAL_LEVELS}, {1: (1, {})}), styles())
    t = time.perf_counter()
    doc = parse_bytes(data, "long.docx")
    print(f".docx: one contract of {len(big)} paragraphs ({len(data) // 1024} KB): "
          f"{time.perf_counter() - t:.2f} s, {len(doc.units)} units")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--pages", type=int, default=4)
    ap.add_argument("--docx", type=int, default=200)
    ap.add_argument("--dpi", type=int, default=300)
    args = ap.parse_args()
    bench_docx(args.docx)
    bench_ocr(args.pages, args.dpi)


if __name__ == "__main__":
    main()
