"""Judgments from the repository's own zoo (``zoo/``): a Supreme Court slip opinion with a concurrence and a
dissent, a Missouri Court of Appeals opinion, a UK judgment as an HTML fragment, a plain-text New Zealand
judgment and a Board of Veterans' Appeals decision, an Akoma Ntoso Greek decision.  The facts asserted were
read off the documents (and their keys, written by reading them)."""

from __future__ import annotations

from pathlib import Path

import pytest

from pincite.evaluation.zoo import find_quote, score_key
from pincite.errors import UnsupportedFormat
from pincite.parse import parse_bytes, sniff_format
from pincite.types import Format, Role, Zone
from tests.conftest import REPO

ZOO = REPO / "zoo"
SCOTUS = "judgment_pdf_us_supreme_court_slip/scotus_19-177_aosi_v_usaid_2020"
MISSOURI = "judgment_pdf_us_state_appellate/mo_app_ed108783_jagels_v_state_2021"
UK_HTML = "judgment_html_uk_find_case_law_prototype/ewhc_comm_2022_935_richards_v_speechly_bircham"

_cache: dict[str, object] = {}


def load(stem: str, ext: str):
    if stem not in _cache:
        path = ZOO / f"{stem}.{ext}"
        _cache[stem] = parse_bytes(path.read_bytes(), path.name)
    return _cache[stem]


def unit_at(doc, quote: str, citable: bool | None = True):
    hits = find_quote(doc.text, quote)
    assert hits, quote
    s, e = hits[0]
    inside = [u for u in doc.units if u.char_start <= s and e <= u.char_end
              and (citable is None or u.citable == citable)]
    return min(inside, key=lambda u: (u.char_end - u.char_start, -u.ordinal)) if inside else None


# ---- US Supreme Court slip opinion: three opinions, each its own voice; the dissent is not a caption

SCOTUS_UNITS = [
    ("In 2003, Congress passed and President George W. Bush", "Opinion of the Court", "Kavanaugh, J."),
    ("We respectfully disagree with that", "Opinion of the Court", "Kavanaugh, J."),
    ("As Justice Jackson stated for the Court in Eisentrager:", "Opinion of the Court, n. *",
     "Kavanaugh, J."),
    ("I agree with the Court that the Policy Requirement does", "Thomas, J., concurring", "Thomas, J."),
    ("As the Court explains, the United States Leadership Against", "Thomas, J., concurring, n. *",
     "Thomas, J."),
    ("The Court, in my view, asks the wrong question and gives", "Breyer, J., dissenting", "Breyer, J."),
    ("To understand the issue now before us, one must appre", "Breyer, J., dissenting, Part I", "Breyer, J."),
    ("Respondents should prevail here for the same reasons", "Breyer, J., dissenting, Part II-A",
     "Breyer, J."),
    ("The majority also makes two practical arguments, but", "Breyer, J., dissenting, Part III-C",
     "Breyer, J."),
    # the closing words after "* * *" belong to no Part, only to the dissent
    ("With respect, I dissent.", "Breyer, J., dissenting", "Breyer, J."),
]


@pytest.mark.parametrize("quote,label,author", SCOTUS_UNITS)
def test_scotus_units_and_voices(quote, label, author):
    doc = load(SCOTUS, "pdf")
    u = unit_at(doc, quote)
    assert u is not None and u.label == label
    assert u.author == author


def test_scotus_dissent_is_its_own_voice_not_signatures():
    doc = load(SCOTUS, "pdf")
    dissent = unit_at(doc, "The Court, in my view, asks the wrong question")
    # the opener runs over two lines: "JUSTICE BREYER, with whom JUSTICE GINSBURG and" / "JUSTICE SOTOMAYOR
    # join, dissenting."
    assert dissent.role == Role.DISSENTING and "with whom JUSTICE GINSBURG" in dissent.role_basis
    assert doc.text[dissent.char_start:].startswith("JUSTICE BREYER, with whom")
    roles = {(u.author, u.role) for u in doc.units if u.citable}
    assert roles == {("Kavanaugh, J.", Role.LEAD), ("Thomas, J.", Role.CONCURRING),
                     ("Breyer, J.", Role.DISSENTING)}
    by = {u.label: u for u in doc.units}
    part_ii_a = by["Breyer, J., dissenting, Part II-A"]
    assert doc.units[part_ii_a.parent].label == "Breyer, J., dissenting, Part II"
    assert doc.units[by["Breyer, J., dissenting, Part II"].parent].label == "Breyer, J., dissenting"


NOT_CITABLE = [
    "The syllabus constitutes no part of the opinion of the Court but has been",
    "Because plaintiffs’ foreign affiliates possess no First Amendment",
    "KAVANAUGH, J., delivered the opinion of the Court, in which ROBERTS,",  # the line-up, set as small type
    "NOTICE: This opinion is subject to formal revision before publication in the",
    "JUSTICE KAGAN took no part in the consideration or de",
]


@pytest.mark.parametrize("quote", NOT_CITABLE)
def test_scotus_front_matter_is_not_citable(quote):
    doc = load(SCOTUS, "pdf")
    assert unit_at(doc, quote) is None


def test_scotus_pages_are_printed_numbers_restarting_per_opinion():
    doc = load(SCOTUS, "pdf")
    labels = [m.label for m in doc.pages]
    assert labels[:4] == ["1", "2", "1", "2"] and labels[11:15] == ["1", "2", "1", "2"] and labels[35] == "23"
    # a two-line running head ("2 AGENCY ... ALLIANCE FOR" / "OPEN SOCIETY INT’L, INC.") is furniture
    assert doc.pages[14].furniture[-1] == "BREYER, J., dissenting"
    assert "OPEN SOCIETY INT’L, INC.\n" not in doc.text
    u = unit_at(doc, "The upshot is: (1) The messages at issue here belong to")
    assert (u.page_start, u.pdf_page_start) == ("16", 28)


def test_scotus_key():
    res = score_key(ZOO / f"{SCOTUS}.key.json", load(SCOTUS, "pdf"))
    assert res.right == res.units == 23
    assert res.kept_out == res.non_citable == 8


# ---- Missouri Court of Appeals: unnumbered headings, Points "I." "II." under "Discussion", a signature


MISSOURI_UNITS = [
    ("Appellant Nichole M. Jagels appeals the judgment denying her Rule 24.035", "Introduction"),
    ("The State recommended a 22-year aggregate sentence.", "Background"),
    ("There is a strong presumption that counsel’s performance was reasonable", "Standard of Review"),
    ("This record alone refutes her claim and warrants the denial of this point.", "Part I"),
    ("The State concedes this point and we agree that this clerical mistake", "Part II"),
    ("This case is affirmed in all other respects.", "Conclusion"),
]


@pytest.mark.parametrize("quote,label", MISSOURI_UNITS)
def test_missouri_headings_are_the_units(quote, label):
    doc = load(MISSOURI, "pdf")
    u = unit_at(doc, quote)
    assert u is not None and u.label == label
    assert (u.author, u.role) == ("Dowd, J.", Role.LEAD)


def test_missouri_caption_panel_and_signature_are_not_citable():
    doc = load(MISSOURI, "pdf")
    for quote in ("In the Missouri Court of Appeals", "Appeal from the Circuit Court of",
                  "Angela T. Quigless, P.J., Kurt S. Odenwald, J., and James M. Dowd, J.",
                  "James M. Dowd, Judge", "Kurt S. Odenwald, J., concur."):
        assert unit_at(doc, quote) is None, quote
    assert unit_at(doc, "Kurt S. Odenwald, J., concur.", None).zone == Zone.SIGNATURES
    by = {u.label: u for u in doc.units}
    assert doc.units[by["Part II"].parent].label == "Discussion"
    assert by["Part II"].section_path == ("Opinion of the Court", "Discussion", "II")
    assert [m.label for m in doc.pages] == [None, "2", "3", "4", "5"]  # page 1 prints no number


def test_missouri_key():
    res = score_key(ZOO / f"{MISSOURI}.key.json", load(MISSOURI, "pdf"))
    assert res.right == res.units == 16
    assert res.kept_out == res.non_citable == 5


# ---- an HTML fragment whose root is <article>


def test_html_fragment_with_article_root_is_html():
    data = (ZOO / f"{UK_HTML}.html").read_bytes()
    assert data.lstrip().startswith(b"<article")
    assert sniff_format(data, "judgment.html") == Format.HTML
    assert sniff_format(data, "judgment") == Format.HTML  # by its tags, without the name
    res = score_key(ZOO / f"{UK_HTML}.key.json", load(UK_HTML, "html"))
    assert res.right >= 19


def test_xml_with_an_article_root_is_not_taken_for_html():
    # DocBook also has <article>: namespaced, or with no tag that only HTML has, it is still refused as XML
    for data in (b'<?xml version="1.0"?>\n<article xmlns="http://docbook.org/ns/docbook"><para>x</para>'
                 b'</article>',
                 b"<article><title>T</title><para>One</para><para>Two</para></article>"):
        with pytest.raises(UnsupportedFormat):
            sniff_format(data, "a.xml")
    # a file named .xml stays XML even with HTML-looking tags (JATS has <article>, <p>, <table>)
    jats = b"<article><front><p>x</p></front><body><table><tr><td>1</td></tr></table></body></article>"
    with pytest.raises(UnsupportedFormat):
        sniff_format(jats, "paper.xml")


# ---- Board of Veterans' Appeals decision (Windows-1252 text): headed parts, numbered findings

BVA = "judgment_text_us_bva/bva_A25084404_2025"

BVA_UNITS = [
    ("After submitting an intent to file on November 10, 2022, the", "Findings of Fact, 2"),
    ("The criteria for an evaluation in excess of 50 percent for PTSD have not been met.",
     "Conclusions of Law, 1"),
    ("The Veteran had active duty service in the United States Marine Corps", "Reasons and Bases"),
    ("Disability ratings are determined by applying the criteria", "Reasons and Bases: Increased Rating"),
    # the sub-heading followed by the numbered issues it restates, not by prose
    ("The effective date of an award of increased compensation is", "Reasons and Bases: Effective Dates"),
]


@pytest.mark.parametrize("quote,label", BVA_UNITS)
def test_bva_parts_are_the_units(quote, label):
    doc = load(BVA, "txt")
    u = unit_at(doc, quote)
    assert u is not None and u.label == label
    assert (u.author, u.role) == ("M. Hyland", Role.SOLE)  # signed over "Veterans Law Judge"


def test_bva_docket_and_signature_are_not_citable():
    doc = load(BVA, "txt")
    # the ORDER is labelled but, as every order, not cited as the Board's reasons
    order = unit_at(doc, "Entitlement to an evaluation in excess of 50 percent for posttraumatic", None)
    assert (order.label, order.zone, order.citable) == ("Order", Zone.ORDER, False)
    assert "38 C.F.R. § 4.130" in doc.text  # 0xA7 is the section sign
    for quote in ("Citation Nr: A25084404", "DOCKET NO. 250716-566207", "Veterans Law Judge",
                  "Attorney for the Board", "This decision is not precedential"):
        assert unit_at(doc, quote) is None, quote
    # "1." under Effective Dates restates an issue: no "Reasons and Bases, 1"
    assert not any(u.label and u.label.startswith("Reasons and Bases, ") for u in doc.units)
    res = score_key(ZOO / f"{BVA}.key.json", doc)
    assert (res.units, res.right, res.not_citable) == (17, 15, 2)  # the key's two "Order" quotes
    assert res.kept_out >= 5


# ---- New Zealand Court of Appeal, text extracted from its PDF: [N] paragraphs among spliced footnotes

NZ = "judgment_text_nz_court_of_appeal/nzca_2017_190_fang_v_mbie"

NZ_UNITS = [
    ("Although the discretion of an immigration officer under s 177(1) of the", "[1]"),
    # "[21] First, ..." follows note 21 on the same line
    ("with reference to an immigration officer's obligation to consider", "[21]"),
    # "[24] Seventh, ..." is Singh's own paragraph, quoted in our [23]; our [24] starts its line
    ("Seventh, to the extent the [immigration officer] does have regard to", "[23]"),
    ("It was the Ministry's contention that the numerous judgments in the High", "[24]"),
    ("Parmanadan, above n 56, at [8]–[11].", "n. 67"),
    ("Minhas v An Immigration Officer [2016] NZCA 435, [2016] NZAR 1419 at [35]–[36].", "n. 72"),
    ("[86] The Ministry of Business, Innovation and Employment must pay Mr Li costs", "[86]"),
]


@pytest.mark.parametrize("quote,label", NZ_UNITS)
def test_nz_paragraphs_orders_and_notes(quote, label):
    doc = load(NZ, "txt")
    u = unit_at(doc, quote)
    assert u is not None and u.label == label


def test_nz_caption_contents_and_solicitors_are_not_citable():
    doc = load(NZ, "txt")
    for quote in ("Kós P, Winkelmann and Brown JJ", "Para No",
                  "Kilian & Associates Limited, Albany for Mr Li"):
        assert unit_at(doc, quote) is None, quote
    # the orders A-D, run together on the lines under JUDGMENT OF THE COURT: labelled, not citable
    orders = [u for u in doc.units if u.zone == Zone.ORDER]
    assert [u.label for u in orders] == ["Order A", "Order B", "Order C", "Order D"]
    assert not any(u.citable for u in orders)
    assert unit_at(doc, "The appeal in CA423/2016 is dismissed.", None).label == "Order C"
    paras = [u for u in doc.units if u.kind.value == "paragraph"]
    assert [u.number for u in paras] == [str(n) for n in range(1, 87)]
    notes = [u for u in doc.units if u.attrs.get("footnote")]
    assert [u.number for u in notes] == [str(n) for n in range(1, 73)]
    assert {u.author for u in paras} == {"Brown J"}
    res = score_key(ZOO / f"{NZ}.key.json", doc)
    assert (res.units, res.right) == (21, 19)  # the key's "Order A" / "Order C" quotes


# ---- Two more New Zealand texts (Court of Appeal, High Court) that quote a contract: read as judgments

NZCA = "judgment_text_nz_court_of_appeal/nzca_2014_449_morgenstern_v_jeffreys"
NZHC = "judgment_text_nz_court_of_appeal/nzhc_2018_3408_green_v_carr"


def test_nzca_orders_run_onto_the_heading_line_and_paragraphs():
    doc = load(NZCA, "txt")
    assert doc.kind.value == "judgment"
    assert (doc.title, doc.citation, doc.date) == ("MORGENSTERN v JEFFREYS", "[2014] NZCA 449", "2014-09-11")
    # "JUDGMENT OF THE COURT  A The appeal and the cross-appeals are dismissed." then "B The first appellant …"
    orders = [u for u in doc.units if u.zone == Zone.ORDER]
    assert [(u.label, u.number) for u in orders] == [("Order A", "A"), ("Order B", "B")]
    assert doc.text[orders[0].char_start:orders[0].char_end] == "A The appeal and the cross-appeals are dismissed."
    assert "JUDGMENT OF THE COURT" not in doc.text[orders[0].char_start:orders[1].char_end]
    paras = [u for u in doc.units if u.kind.value == "paragraph"]
    assert [u.number for u in paras] == [str(n) for n in range(1, 125)]
    assert all(u.label == f"[{u.number}]" and u.citable for u in paras)
    notes = [u for u in doc.units if u.attrs.get("footnote")]
    assert [u.number for u in notes] == [str(n) for n in range(1, 87)]
    # the High Court's own "[103]" quoted in [45], its "[66]"-"[68]" quoted in [117] (two start lines)
    assert unit_at(doc, "I am also not persuaded that Mr Morgenstern honestly").label == "[45]"
    assert unit_at(doc, "It was inevitable then that both GLIMS and GLL").label == "[117]"


def test_nzca_judges_contents_headings_and_solicitors():
    doc = load(NZCA, "txt")
    paras = [u for u in doc.units if u.kind.value == "paragraph"]
    assert {(u.author, u.role) for u in paras} == {("White J", Role.LEAD)}  # "(Given by White J)"
    assert doc.meta["judges"] == ["O'Regan P", "Harrison J", "White J"]  # "Court: O'Regan P, Harrison and White JJ"
    # the contents table under REASONS OF THE COURT, the sub-headings between paragraphs (one run onto a
    # paragraph's last line where a page ended), the cover and the solicitors: the innermost unit holding
    # them (as the citation checks read it) is not citable
    for quote in ("O'Regan P, Harrison and White JJ", "Para No", "Introduction [1] Background [10]",
                  "The carpark incentive fee cross-appeal", "Gilbert Walker, Auckland for Appellants"):
        assert not unit_at(doc, quote, None).citable, quote
    assert unit_at(doc, "Para No", None).label == "contents"
    assert doc.text[paras[111].char_end - 28:paras[111].char_end] == "this cross-appeal is dismissed."[-28:]
    res = score_key(ZOO / f"{NZCA}.key.json", doc)
    assert (res.units, res.right, res.not_citable) == (21, 19, 2)  # the key's "Order A" / "Order B" quotes
    assert res.kept_out == res.non_citable == 7


def test_nzhc_sole_judge_solicitors_on_the_cover_and_signature():
    doc = load(NZHC, "txt")
    assert doc.kind.value == "judgment"
    assert (doc.title, doc.citation, doc.date) == ("GREEN v CARR", "[2018] NZHC 3408", "2018-12-19")
    paras = [u for u in doc.units if u.kind.value == "paragraph"]
    assert [u.label for u in paras] == [f"[{n}]" for n in range(1, 53)]
    # "JUDGMENT OF BREWER J": one judge, deciding alone
    assert {(u.author, u.role) for u in paras} == {("Brewer J", Role.SOLE)} and doc.meta["judges"] == ["Brewer J"]
    assert [u.number for u in doc.units if u.attrs.get("footnote")] == [str(n) for n in range(1, 15)]
    assert not any(u.zone == Zone.ORDER for u in doc.units)  # no lettered orders: the result is [51]-[52]
    # the pleading's "11. The plaintiffs agree to pay …" is inside [9], not a clause
    assert unit_at(doc, "in full settlement of the first defendant's counter-claim.").label == "[9]"
    assert doc.text[paras[-1].char_start:paras[-1].char_end].endswith("25 January 2019.")
    for quote in ("I TE KŌTI MATUA O AOTEAROA", "Marsden Woods Inskip Smith (Whangarei) for Respondent",
                  "The significance of the changed route", "Brewer J \""):
        assert unit_at(doc, quote) is None, quote
    assert unit_at(doc, "Brewer J \"", None).zone == Zone.SIGNATURES
    res = score_key(ZOO / f"{NZHC}.key.json", doc)
    assert res.right == res.units == 21 and res.kept_out == res.non_citable == 7


# ---- Council of State (Greece), Akoma Ntoso: considerations as a <blockList> in <motivation>

GR = "judgment_akn_gr_council_of_state/ste_601_2016"


def test_greek_considerations_are_paragraphs_and_nothing_is_lost():
    doc = load(GR, "xml")
    paras = [u for u in doc.units if u.kind.value == "paragraph"]
    assert [u.label for u in paras] == [f"[{n}]" for n in range(1, 11)] and all(u.citable for u in paras)
    # the minority opinion is written inside consideration 4
    assert unit_at(doc, "Μειοψήφησαν οι Σύμβουλοι Ο. Ζύγουρα, και Π. Μπραϊμη").label == "[4]"
    # the letter-spaced formulae and the operative part are kept in the text, not in any consideration
    assert "Α φ ο ύ μ ε λ έ τ η σ ε" in doc.text and unit_at(doc, "Α φ ο ύ μ ε λ έ τ η σ ε") is None
    decision = unit_at(doc, "Επιβάλλει σε βάρος του αναιρεσείοντος Ν.Α.Τ.", None)
    assert decision.zone == Zone.ORDER and not decision.citable
    assert "Απορρίπτει την αίτηση." in doc.text[decision.char_start:decision.char_end]
    res = score_key(ZOO / f"{GR}.key.json", doc)
    assert (res.units, res.right) == (13, 12)  # the key's "διατακτικό": the order, not citable


# ---- [2022] EWHC 935 (Comm), the same judgment as an HTML fragment and as the handed-down PDF

UK_PDF = "judgment_pdf_uk_high_court/ewhc_comm_2022_935_richards_v_speechly_bircham"

UK_UNITS = [
    ("The structure of this judgment is as follows:", "[1]"),
    ("This is my judgment following a trial of a professional negligence claim", "[2]"),
    ("there was no real or substantial chance that Livingbridge wo", "[11(iii)]"),
    ("The Claimants have been contributorily negligent and failed to mitigate.", "[11(vi)]"),
    ("It is sensible at this stage to grapple with the proper interpretation", "[326]"),
]


@pytest.mark.parametrize("stem,ext", [(UK_HTML, "html"), (UK_PDF, "pdf")])
@pytest.mark.parametrize("quote,label", UK_UNITS)
def test_uk_labels_do_not_depend_on_the_format(stem, ext, quote, label):
    doc = load(stem, ext)
    u = unit_at(doc, quote)
    assert u is not None and u.label == label
    assert (u.author, u.role) == ("HHJ Russen QC", Role.SOLE)


@pytest.mark.parametrize("stem,ext", [(UK_HTML, "html"), (UK_PDF, "pdf")])
def test_uk_cover_contents_and_headings_are_not_citable(stem, ext):
    doc = load(stem, ext)
    for quote in ("LONDON CIRCUIT COMMERCIAL COURT (QBD)", "CONTENT OPENING PARAGRAPH",
                  "Richard Leiper QC (instructed by Cardium Law Limited)", "A. INTRODUCTION"):
        assert unit_at(doc, quote) is None, quote
    first = next(u for u in doc.units if u.label == "[1]")
    assert doc.text[first.char_start:first.char_end] == "1. The structure of this judgment is as follows:"
    paras = [u for u in doc.units if u.kind.value == "paragraph"]
    assert [u.number for u in paras] == [str(n) for n in range(1, len(paras) + 1)] and len(paras) >= 500
    res = score_key(ZOO / f"{stem}.key.json", doc)
    assert res.right == res.units == 21 and res.kept_out == res.non_citable


def test_scotus_quotation_of_several_paragraphs_is_one_quotation():
    # Jackson's words in the Court's n. *: each quoted paragraph opens with a mark, only the last closes
    doc = load(SCOTUS, "pdf")
    s, e = find_quote(doc.text, "If the Fifth Amendment confers its rights on all the world")[0]
    note = unit_at(doc, "If the Fifth Amendment confers its rights on all the world")
    assert note.label == "Opinion of the Court, n. *"
    q = note.voice.quotation_at(s, e)
    assert q is not None and "hinted at it.”" in doc.text[q.char_start:q.char_end]
    assert not doc.text[note.char_start:q.char_start].count("“If")  # it starts at the first paragraph's mark


def test_scotus_short_quoted_sentence_with_its_citation_is_a_quotation():
    # "“The First Amendment does not mandate a viewpoint-neutral government.” AOSI I, 570 U. S., at 221"
    doc = load(SCOTUS, "pdf")
    s, e = find_quote(doc.text, "Amendment does not mandate a viewpoint-neutral govern")[0]
    u = unit_at(doc, "Amendment does not mandate a viewpoint-neutral govern")
    assert u.label == "Thomas, J., concurring" and u.voice.quotation_at(s, e) is not None
    # the Court's own sentence before it is not quoted
    s2, e2 = find_quote(doc.text, "In AOSI I, the Court erred by holding that the Policy")[0]
    assert u.voice.quotation_at(s2, e2) is None


def test_bva_quotation_in_straight_marks():
    # plain text quotes in straight marks: '"symptom-driven," meaning that "symptomatology should be ..."'
    doc = load(BVA, "txt")
    quote = "symptomatology should be the fact-finder's primary focus when deciding entitlement"
    s, e = find_quote(doc.text, quote)[0]
    u = unit_at(doc, quote)
    q = u.voice.quotation_at(s, e)
    assert q is not None and doc.text[q.char_start:q.char_start + 16] == '"symptomatology '
    own = "After careful review of the evidence of record, the Board finds an increased evaluation is not"
    s2, e2 = find_quote(doc.text, own)[0]
    assert unit_at(doc, own).voice.quotation_at(s2, e2) is None
