"""A US federal trial court's order as filed: pleading paper (line numbers 1-28 in the left margin), the
electronic filing system's stamp on every page ("Case 3:19-cv-00101 Document 40 Filed 06/01/19 Page 1 of 2"),
the court's caption, the order's title in capitals, the reasons in Parts, and the judge's signature at the end.

The order is written here and set on pleading paper with fpdf2 (the public orders of this shape that the project
has are held-out documents, which no test may use); the shape is what is tested.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from pincite.parse import parse_bytes
from pincite.types import DocumentKind, Role, Zone

ORDER = """IN THE UNITED STATES DISTRICT COURT
FOR THE NORTHERN DISTRICT OF EXAMPLE

NORTHWIND SUPPLY CO.,
Plaintiff,
v.
PETER MARSH,
Defendant.

Case No. 3:19-cv-00101

ORDER GRANTING PLAINTIFF'S MOTION FOR PRELIMINARY INJUNCTION

Before the Court is Plaintiff's Motion for Preliminary Injunction (Dkt. 12). Having considered the papers and the arguments of counsel, the Court GRANTS the Motion.

I. BACKGROUND

Plaintiff distributes marine hardware. Defendant, a former sales manager, copied its customer list in the week before he resigned in March 2019.

II. LEGAL STANDARD

A plaintiff seeking a preliminary injunction must establish that it is likely to succeed on the merits, that it is likely to suffer irreparable harm without relief, that the balance of equities tips in its favor, and that an injunction is in the public interest.

III. DISCUSSION

Plaintiff has shown a likelihood of success on its trade secrets claim because the list was kept on a password-protected server and shared only with sales staff.

IV. DISPOSITION

For the foregoing reasons, Plaintiff's Motion for Preliminary Injunction is GRANTED. Defendant is enjoined from using or disclosing the customer list.

IT IS SO ORDERED.

DATED: June 1, 2019

MARIA ALVAREZ
UNITED STATES DISTRICT JUDGE
"""

LINES_PER_PAGE = 28


DISTRICT_STAMP = "Case 3:19-cv-00101-MA Document 40 Filed 06/01/19 Page {n} of {of}"


def _pleading_pdf(text: str, path: Path, stamp: str = DISTRICT_STAMP) -> None:
    """``text`` on letter pages of 28 numbered lines, the filing stamp at the top of each page."""
    from fpdf import FPDF

    lines: list[str] = []
    for para in text.split("\n\n"):
        for ln in para.split("\n"):
            lines += textwrap.wrap(ln, 80) or [""]
        lines.append("")
    pages = [lines[i:i + LINES_PER_PAGE] for i in range(0, len(lines), LINES_PER_PAGE)]
    pdf = FPDF(format="letter")
    pdf.set_auto_page_break(False)
    pdf.set_font("Times", size=12)
    for n, page in enumerate(pages, 1):
        pdf.add_page()
        pdf.set_xy(6, 8)  # the stamp starts left of the margin's numbers, as filed
        pdf.cell(170, 6, stamp.format(n=n, of=len(pages)))
        for j in range(LINES_PER_PAGE):
            y = 20 + j * 8.5
            pdf.set_xy(8, y)
            pdf.cell(10, 8, str(j + 1), align="R")  # the margin's line number, on every line of the paper
            if j < len(page):
                pdf.set_xy(23, y)  # about 1.2 font sizes right of the number: on the same row, as printed
                pdf.cell(170, 8, page[j])
    pdf.output(str(path))


@pytest.fixture(scope="module")
def order_pdf(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("order") / "northwind_v_marsh_order.pdf"
    _pleading_pdf(ORDER, path)
    return path


def test_a_trial_court_order_is_a_judgment_in_one_judge_s_voice(order_pdf: Path) -> None:
    doc = parse_bytes(order_pdf.read_bytes(), order_pdf.name)
    assert doc.kind is DocumentKind.JUDGMENT  # not a contract with "Art. I" … "Art. IV"
    citable = [u for u in doc.units if u.citable]
    assert [u.label for u in citable] == ["Introduction", "Part I", "Part II", "Part III", "Part IV"]
    assert {(u.author, u.role) for u in citable} == {("Alvarez, J.", Role.SOLE)}
    intro = doc.text[citable[0].char_start:citable[0].char_end]
    assert intro.startswith("Before the Court is") and "ORDER GRANTING" not in intro  # the title is the cover's


def test_the_filing_stamp_and_the_margin_numbers_are_not_the_order_s_words(order_pdf: Path) -> None:
    doc = parse_bytes(order_pdf.read_bytes(), order_pdf.name)
    assert "Document 40" not in doc.text and "Filed 06/01/19" not in doc.text
    assert [p.label for p in doc.pages] == ["1", "2"]  # the stamp's "Page N of 2"
    part3 = next(u for u in doc.units if u.label == "Part III")
    body = " ".join(doc.text[part3.char_start:part3.char_end].split())
    assert body.startswith("III. DISCUSSION Plaintiff has shown")  # no stamp or line number run into it


def test_a_court_of_appeals_filing_stamp_labels_each_page_too(tmp_path: Path) -> None:
    """A court of appeals' system stamps "Case: 19-1234 Document: 00117684624 Page: 1 Date Filed: …": the same
    furniture as the district court's stamp, and its page number the page's label (it had been read only where
    it repeated often enough to be learnt, so the first pages of a short filing had no label)."""
    path = tmp_path / "stamped_order.pdf"
    _pleading_pdf(ORDER, path, "Case: 19-1234 Document: 00117684624 Page: {n} Date Filed: 06/01/2019 Entry ID: 6368")
    doc = parse_bytes(path.read_bytes(), path.name)
    assert [p.label for p in doc.pages] == ["1", "2"]
    assert "00117684624" not in doc.text and "Date Filed" not in doc.text


def test_the_signature_closes_the_reasons(order_pdf: Path) -> None:
    doc = parse_bytes(order_pdf.read_bytes(), order_pdf.name)
    last = next(u for u in doc.units if u.label == "Part IV")
    assert doc.text[last.char_start:last.char_end].rstrip().endswith("IT IS SO ORDERED.")
    sig = [u for u in doc.units if u.zone is Zone.SIGNATURES]
    assert sig and not any(u.citable for u in sig)
    assert "MARIA ALVAREZ" in doc.text[sig[0].char_start:sig[-1].char_end]


def test_the_order_s_outcome_is_its_own_disposal(order_pdf: Path, tmp_path: Path) -> None:
    from tests.support.extractive_helpers import cited_quotes, ingested, ranker_asker
    s = ingested(tmp_path / "s.db", [order_pdf])
    try:
        ans = ranker_asker(s)("Was Northwind's motion for a preliminary injunction against Marsh granted?")
        quotes = cited_quotes(ans)
        assert quotes and any("GRANTED" in q or "GRANTS" in q for q in quotes), ans.text
        assert ans.citations[0].candidate.unit.role is Role.SOLE
    finally:
        s.close()


@pytest.mark.parametrize("sentence, disposes", [
    ("The Court GRANTS Defendant's Motion to Dismiss.", True),
    ("For the foregoing reasons, the Court therefore DENIES the motion.", True),
    ("Plaintiff's motion for a preliminary injunction is GRANTED.", True),
    ("The motion is GRANTED in part and DENIED in part.", True),
    ("IT IS HEREBY ORDERED that the case be remanded to the transferor court.", True),
    ("It is so ordered.", False),  # closes an opinion; says nothing of what was ordered
    ("The district court granted the motion.", False),  # the decision below, told as history
    ("The motion was denied in 2017.", False),
])
def test_a_trial_court_s_disposal_in_its_own_words(sentence: str, disposes: bool) -> None:
    from pincite.legal.decisions import DISPOSAL_SENTENCE, matches
    assert matches(DISPOSAL_SENTENCE, sentence) is disposes


def test_a_motion_s_outcome_is_asked_as_an_appeal_s_is() -> None:
    from pincite.answer.structure import asks_outcome
    assert asks_outcome("Was the motion to dismiss granted?")
    assert asks_outcome("Did the court grant or deny the motion for a preliminary injunction?")
    assert asks_outcome("Was the defendant's motion denied?")
