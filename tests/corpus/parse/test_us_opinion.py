"""US court opinions in PDF: Parts as the citable units, footnotes as their own units, printed pages, voices.

Two sources: the zoo's five Court of Appeals opinions (2d, 6th, 9th, 10th and D.C. Circuits, with answer keys
written by reading them), and a Supreme Court slip opinion built here with fpdf2 in the real shape (a
syllabus under the Reporter's NOTE, "Opinion of the Court" with Parts I, II-A, II-B and footnotes, running
heads "Cite as: 607 U. S. ____ (2026) N", a concurrence and a dissent with Parts of their own, each opinion
paginated from 1 under its own caption).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from fpdf import FPDF

from pincite.evaluation.zoo import find_quote, score_key
from pincite.legal.us_opinions import COURT_OPENERS, SEPARATE_OPENERS, looks_like_us_opinion, role_of
from pincite.parse import parse_bytes
from pincite.parse import pdf as pdf_parser
from pincite.parse.builder import duplicate_labels
from pincite.types import DocumentKind, Role, UnitKind, Zone

ZOO = "zoo/judgment_pdf_us_court_of_appeals"
KEYS = ["ca10_06-6247_triplet_v_franklin_2010", "ca2_08-6301_gildernew_v_quarantillo_2010",
        "ca6_08-4433_balmert_v_reliance_standard_2010", "ca9_07-55393_mortimer_v_baca_2010",
        "cadc_07-3125_united_states_v_vinton_2010"]

_docs: dict[str, object] = {}


def zoo_doc(shared: Path, name: str):
    if name not in _docs:
        path = shared / ZOO / f"{name}.pdf"
        _docs[name] = parse_bytes(path.read_bytes(), path.name)
    return _docs[name]


def key_of(shared: Path, name: str) -> dict:
    return json.loads((shared / ZOO / f"{name}.key.json").read_text(encoding="utf-8"))


def unit_at(doc, quote: str, citable: bool | None = True):
    hits = find_quote(doc.text, quote)
    assert hits, quote
    s, e = hits[0]
    inside = [u for u in doc.units if u.char_start <= s and e <= u.char_end
              and (citable is None or u.citable == citable)]
    return min(inside, key=lambda u: (u.char_end - u.char_start, -u.ordinal)) if inside else None


# ---- the zoo: every key's labels and non-citable spans


@pytest.mark.shared
@pytest.mark.parametrize("name", KEYS)
def test_zoo_key_labels_and_front_matter(shared, name):
    res = score_key(shared / ZOO / f"{name}.key.json", zoo_doc(shared, name))
    assert res.right == res.units, res.misses
    assert res.kept_out == res.non_citable, res.misses


@pytest.mark.shared
@pytest.mark.parametrize("name", KEYS)
def test_zoo_printed_pages(shared, name):
    """Each key's page quote lies on the page whose printed number the key read off it."""
    doc = zoo_doc(shared, name)
    for item in key_of(shared, name)["pages"]:
        s = find_quote(doc.text, item["quote"])[0][0]
        page = next((p.label for p in doc.pages if p.char_start <= s < p.char_end), None)
        if page is None:  # a footnote: written after the body, it carries the page it is printed on
            page = unit_at(doc, item["quote"]).page_start
        assert page == str(item["page"]), item


@pytest.mark.shared
@pytest.mark.parametrize("name", KEYS)
def test_zoo_is_a_us_opinion_with_one_voice_and_unique_labels(shared, name):
    doc = zoo_doc(shared, name)
    assert doc.kind == DocumentKind.JUDGMENT
    reasons = [u for u in doc.units if u.citable]
    assert reasons and all(u.zone == Zone.REASONS for u in reasons)
    assert len({u.author for u in reasons}) == 1 and reasons[0].author
    assert {u.role for u in reasons} == {Role.LEAD}
    assert not any(u.zone == Zone.SIGNATURES and u.char_end - u.char_start > 400 for u in doc.units)
    # no paragraph is shown with a number it does not print
    assert not any(u.label and u.label.startswith("¶") for u in doc.units)
    assert not any(u.kind == UnitKind.PARAGRAPH for u in doc.units)
    # the parser gives every place its own label itself (the last resort adds nothing)
    raw = pdf_parser.parse((shared / ZOO / f"{name}.pdf").read_bytes(), name)
    assert duplicate_labels(raw.units) == []


AUTHORS = {KEYS[0]: "O’Brien, J.", KEYS[1]: "Per Curiam", KEYS[2]: "Siler, J.", KEYS[3]: "Callahan, J.",
           KEYS[4]: "Brown, J."}


TITLES = {KEYS[0]: "STEVEN MONTRAIL TRIPLET v. ERIC FRANKLIN", KEYS[1]: "Gildernew v. Gantner",
          KEYS[2]: "Balmert v. Reliance Standard Life Ins. Co.", KEYS[3]: "MORTIMER v. BACA",
          KEYS[4]: "UNITED STATES OF AMERICA v. SAMUEL H. VINTON"}


@pytest.mark.shared
@pytest.mark.parametrize("name", KEYS)
def test_zoo_author_and_title(shared, name):
    doc = zoo_doc(shared, name)
    assert {u.author for u in doc.units if u.citable} == {AUTHORS[name]}
    assert doc.title == TITLES[name]  # the running head's name of the case, else the caption's parties


# (key, footnote labels in order, first words of one, its printed page)
FOOTNOTES = [
    (KEYS[0], ["n. *"] + [f"n. {i}" for i in range(1, 14)], "n. 12", "12 We acknowledge the OCCA", "21"),
    (KEYS[1], ["n. 1", "n. 2"], "n. 1", "1 Pursuant to Federal Rule of Appellate Procedure 43(c)(2)", "1"),
    (KEYS[2], ["n. 1", "n. 2"], "n. 2", "2Balmert received a copy", "8"),
    (KEYS[3], ["n. *", "n. 1", "n. 2"], "n. *", "*The Honorable Ralph R. Beistline", "2083"),
    (KEYS[4], [f"n. {i}" for i in range(1, 6)], "n. 3", "3 Vinton argues that Gant also applies", "14"),
]


@pytest.mark.shared
@pytest.mark.parametrize("name,labels,one,words,page", FOOTNOTES)
def test_zoo_footnotes_are_their_own_citable_units(shared, name, labels, one, words, page):
    doc = zoo_doc(shared, name)
    notes = [u for u in doc.units if u.attrs.get("footnote")]
    assert [u.label for u in notes] == labels
    assert all(u.citable and u.zone == Zone.REASONS for u in notes)
    u = next(u for u in notes if u.label == one)
    assert doc.text[u.char_start:u.char_end].startswith(words)
    assert u.page_start == page
    body_end = min(n.char_start for n in notes)
    assert not any(words[:30] in doc.text[b.char_start:b.char_end] for b in doc.units
                   if b.char_end <= body_end and b.citable)


@pytest.mark.shared
def test_zoo_footnote_running_over_a_page_is_one_unit(shared):
    doc = zoo_doc(shared, KEYS[0])  # n. 12 begins on p. 21 and ends under the body text of p. 22
    n12 = unit_at(doc, "These cases occurred prior to Oklahoma enacting its Youthful Offender Act")
    assert n12.label == "n. 12" and (n12.page_start, n12.page_end) == ("21", "22")
    vinton = zoo_doc(shared, KEYS[4])
    n3 = unit_at(vinton, "Court explicitly limited its holding to the search-incident-to-arrest context")
    assert n3.label == "n. 3" and (n3.page_start, n3.page_end) == ("14", "15")


@pytest.mark.shared
def test_zoo_margin_line_numbers_and_running_heads_are_furniture(shared):
    ca2 = zoo_doc(shared, KEYS[1])
    assert "Plaintiff, a native and citizen of Ireland, commenced this action" in ca2.text
    body = ca2.text[:min(u.char_start for u in ca2.units if u.attrs.get("footnote"))]
    assert not re.search(r"(?m)^\d{1,2} [A-Za-z]", body)
    assert "Page 2 of 9" not in ca2.text and ca2.pages[1].furniture == ("Page 2 of 9",)
    ca6 = zoo_doc(shared, KEYS[2])
    assert "Balmert v. Reliance Standard Life Ins. Co. Page" not in ca6.text
    ca9 = zoo_doc(shared, KEYS[3])
    assert "MORTIMER v. BACA" not in ca9.text
    vinton = zoo_doc(shared, KEYS[4])  # "II" under the page number "5" is Part II, not furniture
    assert vinton.pages[4].furniture == ("5",)
    assert unit_at(vinton, "We will address each issue in sequence").label == "Part II"


# ---- the legal table


def test_openers_and_roles():
    def sep(line: str):
        return next(m for p, _ in SEPARATE_OPENERS for m in [p.match(line)] if m)

    m = sep("JUSTICE THOMAS, with whom JUSTICE ALITO joins, dissenting.")
    assert m.group("name") == "THOMAS" and role_of(m.group("role")) == Role.DISSENTING
    m = sep("KAVANAUGH, Circuit Judge, concurring in part and dissenting in part:")
    assert role_of(m.group("role")) == Role.PARTLY_DISSENTING
    assert role_of(sep("JACKSON, J., concurring in the judgment.").group("role")) == Role.CONCURRING
    assert not any(p.match("GORSUCH, J., filed a dissenting opinion.") for p, _ in SEPARATE_OPENERS)
    assert not any(p.match("LEVAL, STRAUB, AND WESLEY, Circuit Judges.") for p, _ in COURT_OPENERS)
    assert any(p.match("SILER, Circuit Judge. Pursuant to the Act") for p, _ in COURT_OPENERS)
    assert looks_like_us_opinion("UNITED STATES COURT OF APPEALS\nBefore: A, B, and C, Circuit Judges.")
    assert not looks_like_us_opinion("IN THE HIGH COURT OF JUSTICE\nBefore: Mr Justice Smith")


# ---- a Supreme Court slip opinion, built here

BODY, NOTE, HEAD = 12, 9, 10
LEFT, RIGHT, TOP, FOOT = 72.0, 540.0, 100.0, 700.0
PITCH, NOTE_PITCH = 15.0, 11.0


class Slip:
    """Lays out a slip opinion page by page: running head, centred lines, paragraphs, notes at the foot."""

    def __init__(self) -> None:
        self.pdf = FPDF(unit="pt", format="letter")
        self.pdf.set_auto_page_break(False)
        self.y = TOP

    def page(self, head: str, title: str, number_right: bool = True) -> None:
        self.pdf.add_page()
        self.pdf.set_font("Times", size=HEAD)
        self.pdf.text(LEFT if number_right else LEFT, 50, head)
        w = self.pdf.get_string_width(title)
        self.pdf.text((612 - w) / 2, 66, title)
        self.y = TOP

    def centred(self, text: str) -> None:
        self.pdf.set_font("Times", size=BODY)
        w = self.pdf.get_string_width(text)
        self.y += 0.6 * PITCH
        self.pdf.text((612 - w) / 2, self.y, text)
        self.y += 1.6 * PITCH

    def left_heading(self, text: str) -> None:
        """A lettered heading at the left margin, spaced off the paragraphs around it."""
        self.pdf.set_font("Times", size=BODY)
        self.y += 0.6 * PITCH
        self.pdf.text(LEFT, self.y, text)
        self.y += 1.6 * PITCH

    def para(self, text: str, refs: dict[str, str] | None = None, indent: float = 18.0) -> None:
        """A paragraph; ``refs`` puts a raised note number after a word ({"word": "1"})."""
        self.pdf.set_font("Times", size=BODY)
        words, line, lines = text.split(), "", []
        width = RIGHT - LEFT
        for word in words:
            trial = f"{line} {word}".strip()
            room = width - (indent if not lines else 0)
            if self.pdf.get_string_width(trial) > room and line:
                lines.append(line)
                line = word
            else:
                line = trial
        lines.append(line)
        for k, ln in enumerate(lines):
            x = LEFT + (indent if k == 0 else 0)
            self.pdf.set_font("Times", size=BODY)
            self.pdf.text(x, self.y, ln)
            for word, mark in (refs or {}).items():
                if ln.endswith(word):
                    w = self.pdf.get_string_width(ln)
                    self.pdf.set_font("Times", size=7)
                    self.pdf.text(x + w + 0.5, self.y - 4.5, mark)
            self.y += PITCH
        self.y += 0.4 * PITCH

    def notes(self, notes: list[tuple[str, str]]) -> None:
        y = FOOT - NOTE_PITCH * (sum(1 + len(t) // 110 for _, t in notes) + 1)
        self.pdf.set_font("Times", size=NOTE)
        self.pdf.line(LEFT, y - 8, LEFT + 100, y - 8)
        for mark, text in notes:
            words, line, first = text.split(), "", True
            for word in words + [None]:
                trial = f"{line} {word}".strip() if word else line
                limit = RIGHT - LEFT - (12 if first else 0)
                if word is None or (self.pdf.get_string_width(trial) > limit and line):
                    if first:
                        self.pdf.set_font("Times", size=6)
                        self.pdf.text(LEFT + 6, y - 3, mark)
                        self.pdf.set_font("Times", size=NOTE)
                    self.pdf.text(LEFT + (12 if first else 0), y, line)
                    y += NOTE_PITCH
                    first = False
                    line = word or ""
                else:
                    line = trial

    def bytes(self) -> bytes:
        return bytes(self.pdf.output())


CAPTION = ["SUPREME COURT OF THE UNITED STATES", "No. 25-123", "JOHN DOE, PETITIONER v. RICHARD ROE, WARDEN",
           "ON WRIT OF CERTIORARI TO THE UNITED STATES COURT OF APPEALS FOR THE SIXTH CIRCUIT",
           "[March 3, 2026]"]
FILLER = ("The statute sets a deadline for a second application, and the question is whether that deadline "
          "binds "
          "a court that hears the application on its merits without any objection from the State. ")


def slip_opinion() -> bytes:
    s = Slip()
    # the syllabus: the Reporter's, not the Court's
    s.page("(Slip Opinion) OCTOBER TERM, 2025 1", "Syllabus")
    s.para("NOTE: Where it is feasible, a syllabus (headnote) will be released, as is being done in "
           "connection "
           "with this case, at the time the opinion is issued. The syllabus constitutes no part of the "
           "opinion of "
           "the Court but has been prepared by the Reporter of Decisions for the convenience of the reader.",
           indent=0)
    for line in CAPTION[:1] + ["Syllabus", "DOE v. ROE"]:
        s.centred(line)
    s.para("Held: The syllabus says that the filing deadline is not jurisdictional and may be waived. "
           + FILLER)
    s.page("2 DOE v. ROE", "Syllabus")
    s.para("The Reporter adds more of the same summary here. " + FILLER * 2)
    s.para("ROBERTS, C. J., delivered the opinion of the Court, in which THOMAS, ALITO, and JACKSON, JJ., "
           "joined. "
           "JACKSON, J., filed a concurring opinion. GORSUCH, J., filed a dissenting opinion.")
    # the opinion of the Court, pages 1-3
    s.page("Cite as: 607 U. S. ____ (2026) 1", "Opinion of the Court")
    s.para("NOTICE: This opinion is subject to formal revision before publication in the United States "
           "Reports.",
           indent=0)
    for line in CAPTION:
        s.centred(line)
    s.para("CHIEF JUSTICE ROBERTS delivered the opinion of the Court. Petitioner asks whether the deadline "
           "for a "
           "second application is a rule of jurisdiction. We hold that it is not.")
    s.centred("I")
    s.para("The opening facts begin here and continue for some time, and the petitioner filed late in the "
           "District Court after the deadline had passed", refs={"passed": "1"})
    s.para(FILLER)
    s.notes([("1", "The first footnote of the Court explains the filing history of the petitioner in "
                   "detail.")])
    s.page("2 DOE v. ROE", "Opinion of the Court")
    s.centred("II")
    s.para("The analysis of the second Part begins with the text of the statute and what it says about time.")
    s.centred("A")
    s.para("Part two A reads the words of the deadline against the background of our precedents on claim "
           "rules",
           refs={"rules": "2"})
    s.notes([("2", "A second footnote of the Court says that the State forfeited its objection below.")])
    s.page("Cite as: 607 U. S. ____ (2026) 3", "Opinion of the Court")
    s.centred("B")
    s.para("Part two B weighs the consequences of treating the rule as jurisdictional and finds them severe. "
           + FILLER)
    s.para("The judgment of the Court of Appeals is reversed, and the case is remanded. It is so ordered.")
    # a concurrence of one page
    s.page("Cite as: 607 U. S. ____ (2026) 1", "JACKSON, J., concurring")
    for line in CAPTION:
        s.centred(line)
    s.para("JUSTICE JACKSON, concurring. I join the opinion of the Court in full and write separately to "
           "add a "
           "word about the history of the rule that the concurrence alone discusses.")
    # a dissent of two pages, with Parts of its own
    s.page("Cite as: 607 U. S. ____ (2026) 1", "GORSUCH, J., dissenting")
    for line in CAPTION:
        s.centred(line)
    s.para("JUSTICE GORSUCH, dissenting. The Court today reads a deadline out of the statute, and I "
           "cannot join.")
    s.centred("I")
    s.para("The dissent's first Part says the text is plain and that the deadline binds every court",
           refs={"court": "1"})
    s.notes([("1", "The dissent's own first footnote notes that Congress wrote the deadline twice.")])
    s.page("2 DOE v. ROE", "GORSUCH, J., dissenting")
    s.centred("II")
    s.para("The dissent's second Part answers the majority on precedent and ends the matter. " + FILLER)
    s.para("I respectfully dissent.")
    return s.bytes()


@pytest.fixture(scope="module")
def slip():
    return parse_bytes(slip_opinion(), "slip_opinion_built.pdf")


def test_slip_pages_restart_per_opinion(slip):
    # the printed numbers, as "slip op., at 2" cites them; the units on a page say which opinion it is
    assert [m.label for m in slip.pages] == ["1", "2", "1", "2", "3", "1", "1", "2"]
    assert slip.pages[5].furniture[:2] == ("Cite as: 607 U. S. ____ (2026) 1", "JACKSON, J., concurring")
    assert "Cite as:" not in slip.text and "2 DOE v. ROE" not in slip.text
    assert slip.citation and "607 U. S." in slip.citation


def test_slip_syllabus_is_a_headnote_not_a_voice(slip):
    syllabus = [u for u in slip.units if u.zone == Zone.HEADNOTE]
    assert syllabus and not any(u.citable for u in syllabus)
    assert unit_at(slip, "The syllabus says that the filing deadline is not jurisdictional") is None
    assert unit_at(slip, "GORSUCH, J., filed a dissenting opinion.") is None
    assert unit_at(slip, "ON WRIT OF CERTIORARI TO THE UNITED STATES COURT") is None  # every caption


def test_slip_voices_and_roles(slip):
    voices = {(u.author, u.role) for u in slip.units if u.citable}
    assert voices == {("Roberts, C.J.", Role.LEAD), ("Jackson, J.", Role.CONCURRING),
                      ("Gorsuch, J.", Role.DISSENTING)}
    assert not any(u.zone == Zone.SIGNATURES for u in slip.units)
    dissent = unit_at(slip, "The dissent's second Part answers the majority on precedent")
    assert dissent.author == "Gorsuch, J." and dissent.role_basis == "JUSTICE GORSUCH, dissenting"
    assert dissent.section_path[0] == "Gorsuch, J., dissenting"


# (quote, label of the deepest citable unit, its printed page)
SLIP_UNITS = [
    ("Petitioner asks whether the deadline for a second application", "Opinion of the Court", "1"),
    ("The opening facts begin here and continue for some time", "Part I", "1"),
    ("The analysis of the second Part begins with the text of the statute", "Part II", "2"),
    ("Part two A reads the words of the deadline", "Part II-A", "2"),
    ("Part two B weighs the consequences", "Part II-B", "3"),
    ("The first footnote of the Court explains the filing history", "Opinion of the Court, n. 1", "1"),
    ("A second footnote of the Court says that the State forfeited", "Opinion of the Court, n. 2", "2"),
    ("I join the opinion of the Court in full", "Jackson, J., concurring", "1"),
    ("The Court today reads a deadline out of the statute", "Gorsuch, J., dissenting", "1"),
    ("The dissent's first Part says the text is plain", "Gorsuch, J., dissenting, Part I", "1"),
    ("The dissent's second Part answers the majority", "Gorsuch, J., dissenting, Part II", "2"),
    ("Congress wrote the deadline twice", "Gorsuch, J., dissenting, n. 1", "1"),
]


@pytest.mark.parametrize("quote,label,page", SLIP_UNITS)
def test_slip_parts_footnotes_and_pages(slip, quote, label, page):
    u = unit_at(slip, quote)
    assert u is not None and u.label == label
    assert u.page_start == page


def test_slip_labels_unique_and_parts_nested(slip):
    raw = pdf_parser.parse(slip_opinion(), "slip.pdf")
    assert duplicate_labels(raw.units) == []
    by = {u.label: u for u in slip.units}
    assert slip.units[by["Part II-A"].parent].label == "Part II"
    # a Supreme Court opinion is a unit as a whole (cited by its name), its Parts nested in it
    assert slip.units[by["Gorsuch, J., dissenting, Part II"].parent].label == "Gorsuch, J., dissenting"
    assert slip.units[by["Part I"].parent].label == "Opinion of the Court"
    assert by["Part II-B"].section_path == ("Opinion of the Court", "II", "B")
    # the footnote mark is out of the text; the note is not run into the body
    part_i = by["Part I"]
    assert "deadline had passed\n" in slip.text[part_i.char_start:part_i.char_end] + "\n"
    assert "first footnote" not in slip.text[part_i.char_start:part_i.char_end]


# ---- a court of appeals opinion with a separate opinion on the same page, built here


def circuit_opinion() -> bytes:
    s = Slip()
    s.page("No. 25-1001 Smith v. Jones Page 1", "")
    for line in ["UNITED STATES COURT OF APPEALS", "FOR THE EIGHTH CIRCUIT", "No. 25-1001"]:
        s.centred(line)
    s.para("Submitted: January 5, 2026 Filed: March 9, 2026", indent=0)
    s.para("Before SHEPHERD, KELLY, and STRAS, Circuit Judges.", indent=0)
    s.para("SHEPHERD, Circuit Judge. Smith appeals the judgment of the district court, and we affirm in "
           "part.")
    s.centred("I. BACKGROUND")
    s.para("The background of the dispute between the neighbours is told in this Part of the opinion. "
           + FILLER)
    s.centred("II. DISCUSSION")
    s.para("Our discussion opens with the standard of review that governs every question raised. " + FILLER)
    s.left_heading("A. The first claim")
    s.para("The first claim fails because the contract was never signed by the parties to it. " + FILLER)
    s.page("No. 25-1001 Smith v. Jones Page 2", "")
    s.left_heading("B. The second claim")
    s.para("The second claim succeeds in part for the reasons the district court gave at length. " + FILLER)
    s.para("AFFIRMED IN PART AND REVERSED IN PART", indent=0)
    s.page("No. 25-1001 Smith v. Jones Page 3", "")
    s.para("KELLY, Circuit Judge, concurring in part and dissenting in part. I would reverse on the first "
           "claim "
           "too, because the signature was not needed under the statute.")
    s.para("Entered by the Court: the clerk of the court signs here.", indent=0)
    return s.bytes()


def test_circuit_dissent_on_the_same_page_is_its_own_voice():
    doc = parse_bytes(circuit_opinion(), "circuit_built.pdf")
    lead = unit_at(doc, "The first claim fails because the contract was never signed")
    assert lead.label == "Part II.A" and (lead.author, lead.role) == ("Shepherd, J.", Role.LEAD)
    assert unit_at(doc, "The second claim succeeds in part").label == "Part II.B"
    assert unit_at(doc, "standard of review that governs every question").label == "Part II"
    assert unit_at(doc, "Smith appeals the judgment of the district court").label == "Introduction"
    dissent = unit_at(doc, "I would reverse on the first claim too")
    assert (dissent.author, dissent.role) == ("Kelly, J.", Role.PARTLY_DISSENTING)
    assert dissent.label == "Kelly, J., concurring in part and dissenting in part, Introduction"
    assert unit_at(doc, "Before SHEPHERD, KELLY, and STRAS, Circuit Judges.") is None
    assert unit_at(doc, "Submitted: January 5, 2026") is None
    # the disposition closes Part II.B, it is no heading of a Part of its own
    assert unit_at(doc, "AFFIRMED IN PART AND REVERSED IN PART").label == "Part II.B"
    assert [m.label for m in doc.pages] == ["1", "2", "3"]
    assert dissent.page_start == "3" and "Smith v. Jones Page" not in doc.text


def test_a_brief_under_a_court_caption_is_no_opinion():
    """A petition under the caption of the court it is filed in: no opinion begins, so nothing is cover."""
    s = Slip()
    s.page("", "")
    for line in ["No. 25-777", "IN THE SUPREME COURT OF THE UNITED STATES", "ON WRIT OF CERTIORARI TO THE",
                 "UNITED STATES COURT OF APPEALS", "FOR THE NINTH CIRCUIT", "BRIEF FOR THE PETITIONER"]:
        s.centred(line)
    s.para("1. The court of appeals erred in holding that the deadline was jurisdictional. " + FILLER)
    s.para("2. The petitioner asks the Court to reverse the judgment below. " + FILLER)
    doc = parse_bytes(s.bytes(), "brief_built.pdf")
    assert not any(u.role == Role.LEAD or u.zone == Zone.COVER and u.label == "cover" for u in doc.units)
    assert unit_at(doc, "The petitioner asks the Court to reverse the judgment below") is not None


def test_margin_line_numbers_are_taken_only_left_of_all_the_text():
    from pincite.parse.pdf_layout import Glyph, strip_margin_numbers

    def row(y: float, num: int, x_text: float = 72.0) -> list[Glyph]:
        gs = [Glyph(c, 30 + 6 * i, 36 + 6 * i, y, y + 10, y + 8, 10, False, i, int(y))
              for i, c in enumerate(str(num))]
        return gs + [Glyph(c, x_text + 6 * i, x_text + 6 * i + 6, y, y + 10, y + 8, 10, False, 50 + i, int(y))
                     for i, c in enumerate("word")]

    rows = [row(20.0 * k, k + 1) for k in range(12)]
    assert ["".join(g.ch for g in r) for r in strip_margin_numbers(rows)] == ["word"] * 12
    # a row of text that starts where the numbers do: they are a table's first column, not line numbers
    table = rows + [[Glyph("T", 30, 36, 300, 310, 308, 10, False, 0, 300)]]
    assert strip_margin_numbers(table) == table
    # numbers that do not count up one a row are no line numbers either
    jumbled = [row(20.0 * k, (k * 7) % 12 + 1) for k in range(12)]
    assert strip_margin_numbers(jumbled) == jumbled


def test_numbered_parts_go_on_across_an_unnumbered_heading():
    """'I', 'II', then 'STANDARD OF REVIEW', then 'III': Part III is the opinion's, not the heading's."""
    s = Slip()
    s.page("", "")
    for line in ["UNITED STATES COURT OF APPEALS", "FOR THE FIRST CIRCUIT"]:
        s.centred(line)
    s.para("Before LYNCH, HOWARD, and GELPI, Circuit Judges.", indent=0)
    s.para("LYNCH, Circuit Judge. The appeal is about a contract and its notice clause. " + FILLER)
    for heading, words in [("I.", "First Part words here."), ("II.", "Second Part words here."),
                           ("STANDARD OF REVIEW", "Review words here."), ("III.", "Third Part words here."),
                           ("A.", "Third Part's A words here."), ("Conclusion", "Closing words here.")]:
        s.centred(heading)
        s.para(words + " " + FILLER)
    doc = parse_bytes(s.bytes(), "first_circuit_built.pdf")
    assert unit_at(doc, "Second Part words here.").label == "Part II"
    assert unit_at(doc, "Review words here.").label == "STANDARD OF REVIEW"
    iii = unit_at(doc, "Third Part words here.")
    assert iii.label == "Part III" and iii.parent is None
    assert unit_at(doc, "Third Part's A words here.").label == "Part III.A"
    closing = unit_at(doc, "Closing words here.")
    assert closing.label == "Conclusion" and closing.parent is None
