"""PDF parser on small fictional PDFs written here by hand (no ../shared needed).

The writer below makes real PDFs with the standard Helvetica font: each page is a list of
``(x, y_from_top, size, text)`` items.  Bad inputs (encrypted, truncated, no pages, no text layer)
are made from the same writer.
"""

from __future__ import annotations

import re

import pytest

from pincite.errors import ParseError
from pincite.parse import parse_bytes
from pincite.types import DocumentKind, Format, Role, Zone

PAGE_W, PAGE_H = 612, 792


def _escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")


def make_pdf(pages: list[list[tuple[float, float, float, str]]], *, encrypt: bool = False,
             drawing_only: bool = False) -> bytes:
    """A minimal PDF: one Helvetica text object per item (or a filled box when ``drawing_only``)."""
    objects: list[bytes] = []
    n_pages = len(pages)
    font_id = 3 + 2 * n_pages
    kids = " ".join(f"{3 + 2 * i} 0 R" for i in range(n_pages))
    objects.append(b"<< /Type /Catalog /Pages 2 0 R >>")
    objects.append(f"<< /Type /Pages /Kids [{kids}] /Count {n_pages} >>".encode())
    for i, items in enumerate(pages):
        if drawing_only:
            stream = "0.5 g 100 100 300 400 re f".encode()
        else:
            ops = []
            for x, y, size, text in items:
                ops.append(f"BT /F1 {size} Tf {x} {PAGE_H - y} Td ({_escape(text)}) Tj ET")
            stream = "\n".join(ops).encode("latin-1")
        objects.append(f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 {PAGE_W} {PAGE_H}] "
                       f"/Resources << /Font << /F1 {font_id} 0 R >> >> /Contents {4 + 2 * i} 0 R >>".encode())
        objects.append(b"<< /Length " + str(len(stream)).encode() + b" >>\nstream\n" + stream + b"\nendstream")
    objects.append(b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>")
    extra = ""
    if encrypt:
        objects.append(b"<< /Filter /Standard /V 1 /R 2 /O <" + b"41" * 32 + b"> /U <" + b"42" * 32
                       + b"> /P -4 >>")
        extra = f" /Encrypt {len(objects)} 0 R /ID [<0123456789abcdef0123456789abcdef>" \
                f"<0123456789abcdef0123456789abcdef>]"
    out = bytearray(b"%PDF-1.4\n")
    offsets = []
    for k, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += f"{k} 0 obj\n".encode() + body + b"\nendobj\n"
    xref = len(out)
    out += f"xref\n0 {len(objects) + 1}\n0000000000 65535 f \n".encode()
    for off in offsets:
        out += f"{off:010d} 00000 n \n".encode()
    out += f"trailer\n<< /Size {len(objects) + 1} /Root 1 0 R{extra} >>\nstartxref\n{xref}\n%%EOF\n".encode()
    return bytes(out)


def body(lines: list[str], top: float = 90, x: float = 72, pitch: float = 16, size: float = 11
         ) -> list[tuple[float, float, float, str]]:
    return [(x, top + k * pitch, size, t) for k, t in enumerate(lines)]


# A fictional appeal judgment: cover, Summary, ORDER, joint reasons with [1]-[3]; [2] runs over a page
# break; every page but the first prints its number as the first line.
FULL = "the parties agreed that the contract had been performed in full and that nothing was owed"
JUDGMENT_PAGES = [
    [(200, 60, 14, "THE SUPREME COURT OF ZEMBLA"), (260, 90, 14, "JUDGMENT")]
    + body(["Fictional Holdings v Example Traders (1/2099) [2099] ZZSC 1",
            "Coram: SMITH JA and JONES JA",
            "Heard: 1 March 2099"], top=140),
    [(300, 40, 11, "2")]
    + body(["Summary: Contract - fictional catchwords about delivery of widgets.",
            "ORDER"], top=90, pitch=40)
    + body(["The appeal is dismissed with costs.",
            "JUDGMENT",
            "Smith JA and Jones JA (Brown JA concurring):"], top=190, pitch=40)
    + body(["[1] This appeal concerns a contract for widgets made in the year 2098 between",
            "two traders of Zembla."], top=330)
    + body(["[2] The first question is whether " + "the widgets were delivered; on that",
            FULL[:70],
            FULL[:70]], top=400),
    [(300, 40, 11, "3")]
    + body(["and so the claim for the price of the widgets must fail in its entirety.",
            "[3] The appeal is dismissed with costs."], top=90)
    + body(["Second paragraph three line continues without a number here."], top=112 + 16),
]


@pytest.fixture(scope="module")
def judgment():
    return parse_bytes(make_pdf(JUDGMENT_PAGES), "fictional_judgment.pdf")


def units_by_label(doc):
    return {u.label: u for u in doc.units}


def test_judgment_is_recognised_with_its_zones(judgment):
    assert judgment.format == Format.PDF
    assert judgment.kind == DocumentKind.JUDGMENT
    zones = [u.zone for u in judgment.units]
    assert zones[0] == Zone.COVER
    assert Zone.HEADNOTE in zones and Zone.ORDER in zones
    headnote = next(u for u in judgment.units if u.zone == Zone.HEADNOTE)
    assert not headnote.citable
    assert judgment.text[headnote.char_start:headnote.char_end].startswith("Summary: Contract")


def test_paragraph_numbers_come_from_the_text_and_pages_from_the_page_labels(judgment):
    by = units_by_label(judgment)
    assert [u.number for u in judgment.units if u.zone == Zone.REASONS] == ["1", "2", "3"]
    p1, p2, p3 = by["[1]"], by["[2]"], by["[3]"]
    assert (p1.page_start, p1.page_end, p1.pdf_page_start) == ("2", "2", 1)
    # [2] runs over the page break: one unit, two printed pages
    assert (p2.page_start, p2.page_end) == ("2", "3")
    assert (p2.pdf_page_start, p2.pdf_page_end) == (1, 2)
    assert (p3.page_start, p3.pdf_page_start) == ("3", 2)
    t2 = judgment.text[p2.char_start:p2.char_end]
    assert t2.startswith("[2] The first question")
    assert t2.endswith("must fail in its entirety.")
    assert "\n3\n" not in t2 and " 3 and so" not in t2


def test_page_numbers_are_furniture_not_text(judgment):
    labels = [m.label for m in judgment.pages]
    assert labels == [None, "2", "3"]
    assert judgment.pages[2].furniture == ("3",)
    for m in judgment.pages[1:]:
        page_text = judgment.text[m.char_start:m.char_end]
        assert not re.search(rf"(?m)^{m.label}$", page_text)
    # markers are in text order and point at their own page's first words
    assert judgment.text[judgment.pages[2].char_start:].startswith("and so the claim")


def test_joint_reasons_have_both_authors(judgment):
    reasons = [u for u in judgment.units if u.zone == Zone.REASONS]
    assert all(u.citable for u in reasons)
    assert {u.author for u in reasons} == {"Smith JA and Jones JA"}
    assert {u.role for u in reasons} == {Role.JOINT}


def test_no_summary_text_inside_a_citable_unit(judgment):
    for u in judgment.units:
        if u.citable:
            assert "catchwords" not in judgment.text[u.char_start:u.char_end]


def test_unit_spans_are_their_text_and_ordinals_contiguous(judgment):
    assert [u.ordinal for u in judgment.units] == list(range(len(judgment.units)))
    for u in judgment.units:
        assert judgment.text[u.char_start:u.char_end].strip() == judgment.text[u.char_start:u.char_end]
        if u.parent is not None:
            p = judgment.units[u.parent]
            assert p.char_start <= u.char_start and u.char_end <= p.char_end


def test_two_columns_are_read_left_then_right():
    left = [f"Left column line {k} talks about the first topic only" for k in range(12)]
    right = [f"Right column line {k} talks about the second topic" for k in range(12)]
    page = ([(72, 60 + 16 * k, 9, t) for k, t in enumerate(left)]
            + [(330, 60 + 16 * k, 9, t) for k, t in enumerate(right)])
    doc = parse_bytes(make_pdf([page]), "columns.pdf")
    text = doc.text
    assert text.index("Left column line 11") < text.index("Right column line 0")
    assert "first topic only Right" not in text
    order = [int(m.group(1)) for m in re.finditer(r"Left column line (\d+)", text)]
    assert order == list(range(12))


def test_other_pdf_goes_through_text_analysis_with_pages():
    pages = []
    for n in range(1, 4):
        items = body([f"Clause text on page {n} says the parties shall cooperate.",
                      "It continues here with more obligations for both sides."], top=100)
        items += [(300, 750, 10, str(n)), (72, 770, 8, "Source: FICTIONAL CORP, 10-K, 1/1/2099")]
        pages.append(items)
    doc = parse_bytes(make_pdf(pages), "contract.pdf")
    assert doc.kind != DocumentKind.JUDGMENT
    assert "Source: FICTIONAL" not in doc.text
    assert [m.label for m in doc.pages] == ["1", "2", "3"]
    assert doc.pages[1].furniture == ("2", "Source: FICTIONAL CORP, 10-K, 1/1/2099")
    assert doc.units
    for u in doc.units:
        page = u.pdf_page_start
        assert page is not None
        m = doc.pages[page]
        assert m.char_start <= u.char_start <= m.char_end
        assert u.page_start == m.label
        assert u.number != m.label or u.number is None


def test_line_end_hyphen_from_pdfium_is_joined():
    # pdfium marks a hyphen that ends a line inside a word; the word comes back whole
    pages = [body(["JUDGMENT", "Coram: A JA", "Smith JA:",
                   "[1] The appellant from Okla-", "homa argued at length about water."], pitch=30)]
    doc = parse_bytes(make_pdf(pages), "hyphen.pdf")
    assert "Oklahoma argued" in doc.text


# ---- bad input


def test_encrypted_pdf_is_refused_with_a_clear_reason():
    with pytest.raises(ParseError, match="encrypted"):
        parse_bytes(make_pdf(JUDGMENT_PAGES, encrypt=True), "locked.pdf")


def test_truncated_pdf_is_refused_or_recovered_never_crashes():
    data = make_pdf(JUDGMENT_PAGES)
    with pytest.raises(ParseError, match="damaged or truncated|not a PDF|no pages|no text"):
        parse_bytes(data[:60], "cut.pdf")
    for cut in (len(data) // 3, len(data) // 2, len(data) - 40):
        try:
            doc = parse_bytes(data[:cut], "cut.pdf")
        except ParseError as e:
            assert e.source == "cut.pdf" and e.reason
        else:
            assert doc.text


def test_zero_page_pdf_is_refused():
    data = (b"%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n"
            b"2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\n"
            b"trailer\n<< /Root 1 0 R >>\n%%EOF\n")
    with pytest.raises(ParseError, match="no pages|damaged"):
        parse_bytes(data, "empty.pdf")


def test_image_only_pdf_is_refused():
    with pytest.raises(ParseError, match="no text layer"):
        parse_bytes(make_pdf([[], []], drawing_only=True), "scan.pdf")


def test_partly_readable_pdf_is_recovered_with_a_warning():
    pages = [body(["Some ordinary text on the first page of a memo."]), []]
    doc = parse_bytes(make_pdf(pages), "half.pdf")
    assert any("no text layer" in w and "2" in w for w in doc.warnings)
    assert "ordinary text" in doc.text


def test_not_a_pdf_is_refused():
    from pincite.parse.pdf import parse

    with pytest.raises(ParseError, match="not a PDF"):
        parse(b"hello world, this is text", "x.pdf")
