"""A US court of appeals opinion saved as plain text (a text extraction: lines wrapped at the margin, pages split
by form feeds with the page's number and the running head on each) and as a web page.  Read as plain text, it was
a contract or paragraphs counted by order: "¶7" and "cl. 3" the opinion never prints, and the dissent's words
counted as the court's.  Here the same text gives the opinion's voices and Parts: the majority's "Part II.A", the
dissent as a voice of its own with its author and role, page labels from the text's own page numbers."""

from __future__ import annotations

from pincite.parse import parse_bytes
from pincite.types import DocumentKind, Role

_PARA = ("The district court held that the claim was barred because the plaintiff did not exhaust the remedies the "
         "plan provides before suing, and it entered judgment for the insurer on that ground alone. We review that "
         "ruling de novo and consider the record as a whole, including the letters the parties exchanged.")


def _wrap(s: str, width: int = 72) -> list[str]:
    lines, cur = [], ""
    for w in s.split():
        if cur and len(cur) + 1 + len(w) > width:
            lines.append(cur)
            cur = w
        else:
            cur = f"{cur} {w}".strip()
    lines.append(cur)
    return lines


def _opinion_pages() -> list[list[str]]:
    caption = ["UNITED STATES COURT OF APPEALS", "FOR THE FOURTH CIRCUIT", "", "No. 09-1234", "",
               "JANE ROE,", "Plaintiff - Appellant,", "v.", "ACME INSURANCE COMPANY,", "Defendant - Appellee.", "",
               "Appeal from the United States District Court for the District of Maryland.", "",
               "Argued: October 1, 2009 Decided: February 5, 2010", "",
               "Before WILKINSON, MOTZ, and KING, Circuit Judges.", "",
               "ARGUED: John Doe, DOE & DOE, Baltimore, Maryland, for Appellant. Mary Major, Richmond,",
               "Virginia, for Appellee.", "", "WILKINSON, Circuit Judge:", ""]
    body = []
    for part in ("I", "II"):
        body += [part, ""]
        subs = ("A. The Plan's Terms", "B. Exhaustion") if part == "II" else (None,)
        for sub in subs:
            if sub:
                body += [sub, ""]
            for _ in range(3):
                body += _wrap(_PARA) + [""]
    body += ["For the foregoing reasons, the judgment of the district court is", "", "AFFIRMED.", ""]
    dissent = ["KING, Circuit Judge, dissenting:", ""]
    for _ in range(3):
        dissent += _wrap("I would reverse. The plan's letters never told the plaintiff that an appeal was due, and "
                         "a claimant cannot be faulted for not exhausting a remedy she was never offered.") + [""]
    lines = caption + body + dissent
    pages, page_len = [], 40
    for i in range(0, len(lines), page_len):
        n = len(pages) + 1
        head = [f"ROE v. ACME INSURANCE CO. {n}", ""] if n > 1 else []
        pages.append(head + lines[i:i + page_len] + ["", f"- {n} -"])
    return pages


def test_a_plain_text_opinion_reads_as_its_voices_and_parts() -> None:
    text = "\f".join("\n".join(p) for p in _opinion_pages())
    doc = parse_bytes(text.encode(), "roe_v_acme.txt")
    assert doc.kind is DocumentKind.JUDGMENT
    citable = [u for u in doc.units if u.citable]
    labels = [u.label for u in citable]
    assert labels[:6] == ["Introduction", "Part I", "Part II", "Part II.A", "Part II.B",
                          "King, J., dissenting, Introduction"], labels
    assert not any(x.startswith(("cl.", "¶", "Preamble")) for x in labels), labels
    dissent = next(u for u in citable if u.label.startswith("King"))
    assert dissent.role is Role.DISSENTING and dissent.author == "King, J."
    assert "I would reverse" in doc.text[dissent.char_start:dissent.char_end]
    court = next(u for u in citable if u.label == "Part II.B")
    assert court.role is Role.LEAD and court.author == "Wilkinson, J."
    assert "I would reverse" not in doc.text[court.char_start:court.char_end]
    # the running head and the page numbers are the pages' labels, not a Part or the words of one
    assert all("ROE v. ACME" not in u.label for u in doc.units)
    assert [p.label for p in doc.pages] == [str(n) for n in range(1, len(doc.pages) + 1)]
    assert court.page_start is not None and int(court.page_start) >= 2


def test_the_same_opinion_with_no_form_feeds_and_as_a_web_page() -> None:
    pages = _opinion_pages()
    flat = "\n".join("\n".join(p) for p in pages)
    want = [u.label for u in parse_bytes("\f".join("\n".join(p) for p in pages).encode(), "a.txt").units
            if u.citable]
    assert [u.label for u in parse_bytes(flat.encode(), "b.txt").units if u.citable] == want
    paras = [p for p in "\n".join("\n".join(p[2:] if i else p) for i, p in enumerate(pages)).split("\n\n")]
    html = "<html><body>" + "".join(f"<p>{' '.join(p.split())}</p>" for p in paras
                                    if p.strip() and not p.strip().startswith("- ")) + "</body></html>"
    doc = parse_bytes(html.encode(), "roe_v_acme.html")
    assert doc.kind is DocumentKind.JUDGMENT
    assert [u.label for u in doc.units if u.citable] == want


def test_line_numbers_of_a_lined_page_are_not_the_opinions_words() -> None:
    lines = _opinion_pages()[0][:22]  # the caption, the panel, counsel and the author's line
    numbered = []
    for i, ln in enumerate(lines[20:] + _wrap(_PARA) * 4, 1):
        numbered.append(f"{i} {ln}".rstrip())
    text = "\n".join(lines[:20] + numbered)
    doc = parse_bytes(text.encode(), "lined.txt")
    assert doc.kind is DocumentKind.JUDGMENT
    intro = next(u for u in doc.units if u.citable)
    assert intro.label == "Introduction" and intro.author == "Wilkinson, J."


def test_the_same_opinion_in_markdown_and_in_word() -> None:
    from xml.sax.saxutils import escape

    from tests.support.docx_synth import docx_bytes, para

    pages = _opinion_pages()
    want = [u.label for u in parse_bytes("\f".join("\n".join(p) for p in pages).encode(), "a.txt").units
            if u.citable]
    paras = [" ".join(p.split()) for p in "\n".join("\n".join(p[2:] if i else p) for i, p in enumerate(pages))
             .split("\n\n") if p.strip() and not p.strip().startswith("- ")]
    md = parse_bytes("\n\n".join(paras).encode(), "roe_v_acme.md")
    assert md.kind is DocumentKind.JUDGMENT and [u.label for u in md.units if u.citable] == want
    word = parse_bytes(docx_bytes("".join(para(escape(p)) for p in paras)), "roe_v_acme.docx")
    assert word.kind is DocumentKind.JUDGMENT and [u.label for u in word.units if u.citable] == want
    dissent = next(u for u in word.units if u.citable and u.label.startswith("King"))
    assert dissent.role is Role.DISSENTING


def test_a_district_order_as_text_whose_title_is_broken_by_the_captions_other_column() -> None:
    """Pleading paper's caption has two columns; a text extraction sets their lines one under the other, so the
    order's title arrives in pieces with the parties' column between them, and a stray letter of the stamp on a
    line of its own.  The title's pieces are no Parts and the stray letter opens none: the reasons are the
    judge's, from the first paragraph of prose to the signature."""
    lines = ["Case 8:19-cv-00100 Document 12 Filed 01/02/20 Page 1 of 2", "UNITED STATES DISTRICT COURT",
             "CENTRAL DISTRICT OF CALIFORNIA", "ACME CORPORATION,", "Plaintiff,", "v.", "JOHN DOE,", "Defendant.",
             "Case No. 8:19-cv-00100", "ORDER GRANTING", "ACME CORPORATION'S", "MOTION FOR A",
             "PRELIMINARY INJUNCTION", "O", ""]
    body = _wrap("On December 1, 2019, the Court issued a temporary restraining order on Plaintiff's ex parte "
                 "application. Having considered the briefing and the evidence, the Court finds that Plaintiff is "
                 "likely to succeed on the merits of its claim and will suffer irreparable harm without relief.")
    text = "\n".join(lines + body + ["", "IT IS SO ORDERED.", "", "Dated: January 2, 2020", "", "JANE ROE",
                                     "UNITED STATES DISTRICT JUDGE", ""])
    doc = parse_bytes(text.encode(), "acme_v_doe_order.txt")
    assert doc.kind is DocumentKind.JUDGMENT
    citable = [u for u in doc.units if u.citable]
    assert [u.label for u in citable] == ["Introduction"], [u.label for u in citable]
    intro = citable[0]
    assert intro.role is Role.SOLE and intro.author == "Roe, J."
    assert "likely to succeed" in doc.text[intro.char_start:intro.char_end]
    assert "PRELIMINARY INJUNCTION" not in doc.text[intro.char_start:intro.char_end]
