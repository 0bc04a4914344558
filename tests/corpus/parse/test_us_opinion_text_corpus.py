"""The zoo's five Court of Appeals opinions and the corpus's Supreme Court slip opinion as plain text — the text a
PDF extractor gives (pages split by form feeds, each with its page number and running head; lines wrapped at the
margin; notes run in at the pages' feet) and the same without form feeds — read with the voices, Parts, printed
pages and authors their PDFs give.  A Supreme Court slip opinion and a circuit opinion with separate opinions,
built as PDFs by tests/corpus/parse/test_us_opinion.py, keep their concurrences and dissents as voices of their
own.  (As text, a footnote is read as part of the Part it is printed in: the text does not set it apart.)"""

from __future__ import annotations

import re
from pathlib import Path

import pypdfium2 as pdfium
import pytest

from pincite.evaluation.zoo import score_key
from pincite.parse import parse_bytes
from pincite.types import DocumentKind
from tests.corpus.parse.test_us_opinion import KEYS, ZOO, circuit_opinion, slip_opinion

TARRANT = "corpus/pdf_judgments/scotus_2013_tarrant_regional_water_dist_v_herrmann_569US614_slip.pdf"


def _text(data: bytes, pages: str = "\f") -> str:
    pdf = pdfium.PdfDocument(data)
    try:
        return pages.join(pdf[i].get_textpage().get_text_range().replace("\r\n", "\n") for i in range(len(pdf)))
    finally:
        pdf.close()


def _parts(doc) -> list[tuple]:
    """The citable units other than footnotes: label, printed page, role, author."""
    return [(u.label, u.page_start, u.role, u.author) for u in doc.units
            if u.citable and not re.search(r"(?:^|, )n\. ", u.label)]


@pytest.mark.parametrize("path", [f"{ZOO}/{k}.pdf" for k in KEYS] + [TARRANT])
def test_an_opinion_as_text_has_the_parts_pages_and_voices_of_its_pdf(shared: Path, path: str) -> None:
    data = (shared / path).read_bytes()
    want = _parts(parse_bytes(data, Path(path).name))
    doc = parse_bytes(_text(data).encode(), Path(path).with_suffix(".txt").name)
    assert doc.kind is DocumentKind.JUDGMENT
    assert _parts(doc) == want
    flat = parse_bytes(_text(data, "\n").encode(), Path(path).with_suffix(".txt").name)
    assert [x[0] for x in _parts(flat)] == [x[0] for x in want]  # no pages kept: the same Parts


@pytest.mark.parametrize("name", KEYS)
def test_the_answer_keys_quotes_sit_under_their_parts_in_the_text(shared: Path, name: str) -> None:
    data = (shared / ZOO / f"{name}.pdf").read_bytes()
    res = score_key(shared / ZOO / f"{name}.key.json", parse_bytes(_text(data).encode(), f"{name}.txt"))
    misses = [m for m in res.misses if m.startswith(("wrong", "not found", "not citable"))
              and not re.match(r"\S+(?: \S+)?\s+'n\.", m)]
    assert not misses, misses


@pytest.mark.parametrize("build", [slip_opinion, circuit_opinion])
def test_separate_opinions_in_text_are_voices_of_their_own(build) -> None:
    data = build()
    want = _parts(parse_bytes(data, "opinion.pdf"))
    got = _parts(parse_bytes(_text(data).encode(), "opinion.txt"))
    assert got == want
    assert any(role is not None and role.value in ("dissenting", "partly-dissenting") for _, _, role, _ in got)
