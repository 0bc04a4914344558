"""Scanned PDFs made by us: a text PDF rendered to page images and written back as an image-only PDF.

``image_pdf(pdf_bytes)`` renders each page of a PDF with pdfium (in grey, at ``dpi``) and writes a new PDF
whose pages hold only those images (one Flate-compressed DeviceGray image XObject a page): no text layer,
as a scanner makes.
"""

from __future__ import annotations

import zlib

import pypdfium2 as pdfium


def image_pdf(pdf_bytes: bytes, dpi: int = 200) -> bytes:
    src = pdfium.PdfDocument(pdf_bytes)
    images: list[tuple[float, float, int, int, bytes]] = []
    try:
        for i in range(len(src)):
            page = src[i]
            w_pt, h_pt = page.get_width(), page.get_height()
            bitmap = page.render(scale=dpi / 72, grayscale=True)
            arr = bitmap.to_numpy()
            if arr.ndim == 3:
                arr = arr[:, :, 0]
            h, w = arr.shape[:2]
            images.append((w_pt, h_pt, w, h, zlib.compress(arr.astype("uint8").tobytes(), 6)))
            bitmap.close()
            page.close()
    finally:
        src.close()
    objects: list[bytes] = [b"", b""]  # catalog, pages: filled in below
    kids = []
    for w_pt, h_pt, w, h, data in images:
        img_id = len(objects) + 1
        objects.append(b"<< /Type /XObject /Subtype /Image /Width %d /Height %d /ColorSpace /DeviceGray "
                       b"/BitsPerComponent 8 /Filter /FlateDecode /Length %d >>\nstream\n" % (w, h, len(data))
                       + data + b"\nendstream")
        content = b"q %.2f 0 0 %.2f 0 0 cm /Im0 Do Q" % (w_pt, h_pt)
        content_id = len(objects) + 1
        objects.append(b"<< /Length %d >>\nstream\n" % len(content) + content + b"\nendstream")
        page_id = len(objects) + 1
        objects.append(b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 %.2f %.2f] /Resources << /XObject "
                       b"<< /Im0 %d 0 R >> >> /Contents %d 0 R >>" % (w_pt, h_pt, img_id, content_id))
        kids.append(page_id)
    objects[0] = b"<< /Type /Catalog /Pages 2 0 R >>"
    objects[1] = (b"<< /Type /Pages /Kids [" + b" ".join(b"%d 0 R" % k for k in kids)
                  + b"] /Count %d >>" % len(kids))
    out = bytearray(b"%PDF-1.4\n")
    offsets = []
    for k, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % k + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    for off in offsets:
        out += b"%010d 00000 n \n" % off
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref)
    return bytes(out)
