"""OCR of scanned PDF pages with Tesseract, into the PDF reader's own lines.

A PDF with no text layer on any page (a scan) is read by rendering each page with pdfium and running the
``tesseract`` binary on it.  Its TSV output gives every word's box; words become :class:`Line` objects in PDF
points measured from the top of the page, exactly what :func:`pincite.parse.pdf_layout.read_page_lines` gives
for a page with text, so the rest of the PDF reader (running headers and page numbers, paragraphs, clauses,
printed page labels) is the same for a scan.  The document is marked ``ocr`` because OCR text can differ from
the page, and quotes are checked against the OCR text, which is the canonical text.

The binary is called directly (``subprocess``, the page as a PGM image on its stdin) rather than through a
wrapper: pytesseract does the same subprocess call but through temporary files and Pillow, and ocrmypdf
rebuilds the whole PDF (Ghostscript, pikepdf, unpaper) for a text layer we would then read back; measured in
bench/NOTES.md (issue 25).  ``PINCITE_TESSERACT`` names another binary; ``PINCITE_OCR_DPI`` the render
resolution (default 300, Tesseract's own recommendation for body text).
"""

from __future__ import annotations

import os
import shutil
import subprocess
from statistics import median

import numpy as np
import pypdfium2 as pdfium

from pincite.errors import ParseError
from pincite.parse.pdf_layout import Line, Piece

TESSERACT_ENV = "PINCITE_TESSERACT"
DPI_ENV = "PINCITE_OCR_DPI"
DEFAULT_DPI = 300
LANGUAGE = "eng"
#: Seconds one page may take; a page is a few seconds at 300 dpi.
PAGE_SECONDS = 120
#: The share of the page height read again at the top and at the bottom for page numbers and running heads.
STRIP = 0.1
#: White rows between the two strips, so Tesseract reads them as separate lines.
GAP_PX = 60
INSTALL_HINT = ("install Tesseract (Debian/Ubuntu: apt-get install tesseract-ocr tesseract-ocr-eng; "
                "macOS: brew install tesseract) or set PINCITE_TESSERACT to its path")


def tesseract_binary() -> str | None:
    """The Tesseract executable to run, or None when it is not installed."""
    name = os.environ.get(TESSERACT_ENV) or "tesseract"
    return shutil.which(name)


def tesseract_version(binary: str) -> str:
    try:
        out = subprocess.run([binary, "--version"], capture_output=True, timeout=30, check=False)
    except (OSError, subprocess.TimeoutExpired):
        return "tesseract"
    first = (out.stdout or out.stderr).decode("utf-8", "replace").strip().splitlines()
    return first[0].strip() if first else "tesseract"


def _dpi() -> int:
    try:
        return max(72, min(600, int(os.environ.get(DPI_ENV) or DEFAULT_DPI)))
    except ValueError:
        return DEFAULT_DPI


def render_grey(page: pdfium.PdfPage, dpi: int) -> np.ndarray:
    """The page rendered in grey at ``dpi``: one byte a pixel, rows top to bottom."""
    bitmap = page.render(scale=dpi / 72, grayscale=True)
    try:
        arr = np.array(bitmap.to_numpy(), copy=True)
    finally:
        bitmap.close()
    if arr.ndim == 3:  # a renderer that ignored grayscale: keep one channel
        arr = arr[:, :, 0]
    return arr.astype("uint8")


def pgm(arr: np.ndarray) -> bytes:
    """A binary PGM image (Tesseract reads it from stdin; no temporary file, no Pillow)."""
    h, w = arr.shape[:2]
    return b"P5\n%d %d\n255\n" % (w, h) + np.ascontiguousarray(arr).tobytes()


def render_pgm(page: pdfium.PdfPage, dpi: int) -> bytes:
    return pgm(render_grey(page, dpi))


def run_tesseract(image: bytes, source: str, page_no: int, binary: str, dpi: int, psm: int = 3) -> str:
    """Tesseract's TSV for one page image."""
    env = dict(os.environ, OMP_THREAD_LIMIT="1")  # one thread: measured faster per page on a shared machine
    try:
        out = subprocess.run([binary, "stdin", "stdout", "-l", LANGUAGE, "--dpi", str(dpi), "--psm", str(psm),
                              "tsv"],
                             input=image, capture_output=True, timeout=PAGE_SECONDS, env=env, check=False)
    except subprocess.TimeoutExpired:
        raise ParseError(source, f"OCR of page {page_no} took over {PAGE_SECONDS} s; giving up") from None
    except OSError as e:
        raise ParseError(source, f"OCR could not run Tesseract ({binary}): {e}; {INSTALL_HINT}") from None
    if out.returncode != 0:
        err = out.stderr.decode("utf-8", "replace").strip()
        if "Failed loading language" in err or "traineddata" in err:
            raise ParseError(source, f"OCR needs Tesseract's English data ({LANGUAGE}.traineddata), which is "
                                     f"not installed: apt-get install tesseract-ocr-{LANGUAGE}")
        raise ParseError(source, f"OCR of page {page_no} failed (Tesseract exit {out.returncode}: "
                                 f"{err[-300:]})")
    return out.stdout.decode("utf-8", "replace")


def tsv_lines(tsv: str, dpi: int, min_conf: float = 0.0) -> list[Line]:
    """Tesseract's words grouped into its lines, in its reading order, boxes in points from the page top."""
    scale = 72.0 / dpi
    groups: dict[tuple[int, int, int], list[tuple[float, float, float, float, str]]] = {}
    order: list[tuple[int, int, int]] = []
    for row in tsv.splitlines()[1:]:
        cols = row.split("\t")
        if len(cols) < 12 or cols[0] != "5":
            continue
        text = cols[11].strip()
        try:
            conf = float(cols[10])
            left, top, width, height = (int(c) for c in cols[6:10])
        except ValueError:
            continue
        if not text or conf < min_conf:
            continue
        key = (int(cols[2]), int(cols[3]), int(cols[4]))
        if key not in groups:
            groups[key] = []
            order.append(key)
        groups[key].append((left * scale, (left + width) * scale, top * scale, (top + height) * scale, text))
    lines: list[Line] = []
    for key in order:
        words = sorted(groups[key], key=lambda w: w[0])
        x0, x1 = words[0][0], max(w[1] for w in words)
        top, bottom = min(w[2] for w in words), max(w[3] for w in words)
        text = " ".join(w[4] for w in words)
        lines.append(Line((Piece(text),), x0, x1, top, bottom, bottom - top))
    if not lines:
        return lines
    # a line's box is taller with descenders ("g", "p") than without: within a quarter of the page's median
    # height it is body text of one size, so footnote detection does not see size changes that are not there
    body = median(ln.size for ln in lines)
    out = []
    for ln in lines:
        size = body if abs(ln.size - body) <= 0.25 * body else ln.size
        out.append(Line(ln.pieces, ln.x0, ln.x1, ln.top, ln.bottom, size * 0.85, ln.column))
    return out


class PageReader:
    """Reads a page's lines by OCR (a callable for :func:`pincite.parse.pdf.read_layouts`)."""

    def __init__(self, source: str) -> None:
        binary = tesseract_binary()
        if binary is None:
            raise ParseError(source, "PDF has no text layer on any page (a scanned image?) and reading it needs "
                                     f"OCR, but Tesseract is not installed: {INSTALL_HINT}")
        self.source = source
        self.binary = binary
        self.dpi = _dpi()
        self.engine = tesseract_version(binary)
        self.pages = 0

    def __call__(self, page: pdfium.PdfPage) -> list[Line]:
        self.pages += 1
        arr = render_grey(page, self.dpi)
        lines = tsv_lines(run_tesseract(pgm(arr), self.source, self.pages, self.binary, self.dpi), self.dpi)
        # Tesseract's page layout analysis drops a lone short line far from the text (a page number "2", a
        # running head) as noise; the top and bottom strips of the page are read again, stacked into one image
        # (one more Tesseract run, not two) and each read as one block, for the lines the first pass missed
        h = arr.shape[0]
        k = int(h * STRIP)
        gap = np.full((GAP_PX, arr.shape[1]), 255, dtype=arr.dtype)
        strips = np.vstack([arr[:k], gap, arr[h - k:]])
        tsv = run_tesseract(pgm(strips), self.source, self.pages, self.binary, self.dpi, psm=6)
        head, foot = [], []
        for ln in tsv_lines(tsv, self.dpi):
            if ln.bottom * self.dpi / 72 <= k + GAP_PX / 2:
                if _new(ln, lines):
                    head.append(ln)
            else:
                shift = (h - k - (k + GAP_PX)) * 72 / self.dpi
                moved = Line(ln.pieces, ln.x0, ln.x1, ln.top + shift, ln.bottom + shift, ln.size, ln.column)
                if _new(moved, lines):
                    foot.append(moved)
        return head + lines + foot


def _new(line: Line, lines: list[Line]) -> bool:
    """Whether ``line`` overlaps none of ``lines`` (so it is one the full-page pass missed)."""
    return all(line.bottom <= o.top or line.top >= o.bottom or line.x1 <= o.x0 or line.x0 >= o.x1 for o in lines)
