"""`pincite check`: finding a draft's citations (every form the issue names), quotations as lawyers write them,
and one verdict of each kind on a draft citing real documents of ../shared/corpus — through the library, the
command line (exit codes, --json, --html), POST /api/check (text, .docx) and the reader's Check page in a
browser."""

from __future__ import annotations

import datetime
import io
import json
import re
from pathlib import Path

import httpx
import pytest
from typer.testing import CliRunner

from pincite.answer.citecheck import Checker, Verdict, check_file
from pincite.answer.verify import locate_lawyer_quote
from pincite.api.app import RunningServer, create_app
from pincite.api.config import ServerConfig
from pincite.cli import app as cli_app
from pincite.errors import ParseError
from pincite.ingest import ingest_paths
from pincite.legal.citations import Kind, find_citations
from pincite.parse.draft import read_draft
from pincite.store.sqlite import SQLiteStore
from tests.browser.test_web_reader import browser  # noqa: F401  (the module's Chromium, driven through executable_path)
from tests.conftest import FIXTURES

API = {"X-Pincite-Request": "1"}
MEMO = FIXTURES / "drafts" / "memo.md"
AS_OF = "2026-04-01"


# -- the finder (no store) ---------------------------------------------------------------------------------


def one(text: str):  # type: ignore[no-untyped-def]
    found = find_citations(text)
    assert len(found) == 1, [f.text for f in found]
    return found[0]


@pytest.mark.parametrize("text, kind, values", [
    ("Ipek v Koza Altin [2020] EWCA Civ 1018 at [61].", "paragraph", ("61",)),
    ("See [2020] EWCA Civ 1018, para 61.", "paragraph", ("61",)),
    ("Ipek v Koza Altin [2020] EWCA Civ 1018 at [61]-[63].", "paragraph", ("61", "62", "63")),
    ("[2020] EWCA Civ 1018, paras 61 and 62.", "paragraph", ("61", "62")),
    ("[2020] EWCA Civ 1018, ¶ 61.", "paragraph", ("61",)),
    ("[2023] EWHC 257 (Ch) at [4].", "paragraph", ("4",)),
])
def test_neutral_citations_with_their_paragraph_pinpoints(text: str, kind: str, values: tuple[str, ...]) -> None:
    f = one(text)
    assert f.ref.kind == Kind.CASE and f.ref.neutral and f.pinpoint is not None
    assert (f.pinpoint.kind, f.pinpoint.values) == (kind, values)
    assert text[f.char_start:f.char_end] == f.text


def test_case_name_and_short_forms_resolve_to_the_last_full_citation() -> None:
    text = ("In Ipek v Koza Altin [2020] EWCA Civ 1018 at [61], the court held that \"the application is not "
            "abusive\". Ipek at [62]. See also Chief Constable of West Yorkshire v Dyer [2020] EWCA Civ 1375 at [5]. "
            "Ibid at [6]. At [7]. Dyer, at [8]. Ipek at [64].")
    found = find_citations(text)
    assert [f.text for f in found] == ["Ipek v Koza Altin [2020] EWCA Civ 1018 at [61]", "Ipek at [62]",
                                       "Chief Constable of West Yorkshire v Dyer [2020] EWCA Civ 1375 at [5]",
                                       "Ibid at [6]", "At [7]", "Dyer, at [8]", "Ipek at [64]"]
    cites = [f.ref.neutral for f in found]
    assert cites == ["[2020] EWCA Civ 1018"] * 2 + ["[2020] EWCA Civ 1375"] * 4 + ["[2020] EWCA Civ 1018"]
    assert found[0].ref.name == "Ipek v Koza Altin"
    assert [f.short_form for f in found] == [False, True, False, True, True, True, True]
    # "Ipek at [62]." stands alone after the quotation: the quotation is its
    assert found[1].quote == "the application is not abusive"


def test_a_name_never_cited_is_not_a_short_form() -> None:
    assert find_citations("Smith at [4] said nothing.") == []


def test_us_reporter_citations_by_eyecite_with_page_pinpoints() -> None:
    text = ("The Court held that the Compact \"creates no cross-border rights\". Tarrant Regional Water Dist. v. "
            "Herrmann, 569 U.S. 614, 631-32 (2013). Id. at 625. See Tarrant, 569 U.S., at 620; Tarrant Regional "
            "Water Dist. v. Herrmann, 569 U. S. ___, slip op. at 7 (2013).")
    found = find_citations(text)
    assert [f.ref.kind for f in found] == [Kind.REPORTER] * 4
    assert found[0].ref.reporter == ("569", "U.S.", "614") and found[0].ref.short == "Tarrant"
    assert [(f.pinpoint.kind, f.pinpoint.values) for f in found if f.pinpoint] == [
        ("page", ("631", "632")), ("page", ("625",)), ("page", ("620",)), ("slip-page", ("7",))]
    assert found[1].short_form and found[1].ref == found[0].ref  # Id. is the citation before
    assert found[0].quote == "creates no cross-border rights"


@pytest.mark.parametrize("text, name, key", [
    ("Under section 4(1)(c) of the Tax Court of Canada Act, the court sits.", "Tax Court of Canada Act", "4(1)(c)"),
    ("The Privacy Act, s. 3 defines it.", "Privacy Act", "3"),
    ("See R.S.C. 1985, c. T-2, s. 4.", "R.S.C. 1985, c. T-2", "4"),
    ("Under clause 8.2 of the Affiliate Agreement the fee is due.", "Affiliate Agreement", "8.2"),
    ("Under the Distributorship Agreement, cl. 9.4, it ends.", "Distributorship Agreement", "9.4"),
])
def test_provisions_with_the_instrument_they_belong_to(text: str, name: str, key: str) -> None:
    f = one(text)
    assert f.ref.kind == Kind.INSTRUMENT and f.ref.name == name
    assert f.pinpoint is not None and f.pinpoint.values == (key,)


def test_us_code_sections_and_a_bare_section_after_the_contract_is_named() -> None:
    f = one("Congress so provided. 16 U.S.C. § 757a(b)(1).")
    assert f.ref.kind == Kind.USC and f.ref.usc == ("16", "757a") and f.pinpoint.values == ("757a(b)(1)",)
    found = find_citations("Clause 8.2 of the Affiliate Agreement governs fees. Section 24 governs the law.")
    assert [f.text for f in found] == ["Clause 8.2 of the Affiliate Agreement", "Section 24"]
    assert found[1].ref.name == "Affiliate Agreement" and found[1].short_form
    assert find_citations("Section 24 governs the law.") == []  # no instrument named: nothing to resolve


def test_the_quote_is_the_one_in_the_sentence_curly_or_straight_and_short_terms_are_not_quotes() -> None:
    found = find_citations("The “Agreement” says “the fee is payable on demand.” (clause 8.2 of the Affiliate "
                           "Agreement). It was \"not abusive at all\": Ipek v Koza Altin [2020] EWCA Civ 1018 at [61].")
    assert [f.quote for f in found] == ["the fee is payable on demand.", "not abusive at all"]
    assert find_citations("Nothing is quoted here: Ipek v Koza Altin [2020] EWCA Civ 1018 at [61].")[0].quote is None


# -- quotations as lawyers write them ---------------------------------------------------------------------

SOURCE = "The  court said: “To provide an equitable apportionment of the waters”, and it was right; the judge erred."


@pytest.mark.parametrize("quote, found", [
    ("[t]o provide an equitable", "To provide an equitable"),
    ("provide an equitable apportionment . . . it was right", None),
    ("provide an equitable apportionment … and it was right", None),
    ("[the Compact] was right", "was right"),
    ("the court said", None),  # case is not loosened outside brackets
    ("the judge is wrong", None),
])
def test_alterations_and_ellipses_are_read_nothing_else_is_loosened(quote: str, found: str | None) -> None:
    hit = locate_lawyer_quote(SOURCE, quote)
    if quote.startswith("provide"):
        assert hit is not None and SOURCE[hit[0]:hit[1]].startswith("provide") and SOURCE[hit[0]:hit[1]].endswith("right")
    elif found is None:
        assert hit is None
    else:
        assert hit is not None and SOURCE[hit[0]:hit[1]] == found


# -- reading drafts ----------------------------------------------------------------------------------------


def test_drafts_are_read_from_text_html_and_docx_and_bad_ones_are_named(tmp_path: Path) -> None:
    import docx

    d = docx.Document()
    d.add_paragraph("The court held that \"the application is not abusive\": [2020] EWCA Civ 1018 at [61].")
    buf = io.BytesIO()
    d.save(buf)
    assert "[2020] EWCA Civ 1018 at [61]" in read_draft(buf.getvalue(), "memo.docx")
    html = b"<html><body><p>First.</p><script>x()</script><p>See [2020] EWCA Civ 1018 at [61].</p></body></html>"
    assert read_draft(html, "memo.html") == "First.\n\nSee [2020] EWCA Civ 1018 at [61]."
    with pytest.raises(ParseError, match="memo.docx.*not a readable .docx"):
        read_draft(b"not a zip", "memo.docx")
    with pytest.raises(ParseError, match="memo.txt: empty"):
        read_draft(b"", "memo.txt")
    with pytest.raises(ParseError, match=r"\.xls is not a draft format"):
        read_draft(b"abc", "memo.xls")


# -- one verdict of each kind on real documents -------------------------------------------------------------

CORPUS_FILES = [
    "uk_find_case_law/ewca_civ_2020_legacy_akn/2020-ewca-1018-civ.xml",
    "uk_find_case_law/ewca_civ_2020_legacy_akn/2020-ewca-1621-civ.xml",
    "canada_justice_laws_xml/T-2",
    "pdf_judgments/zasca_2024_21_mec_health_gauteng_v_M.pdf",
    "pdf_judgments/scotus_2013_tarrant_regional_water_dist_v_herrmann_569US614_slip.pdf",
    "uk_find_case_law/press_summaries/uksc_2023_50_zubaydah_press_summary.xml",
    "contracts_cuad/txt/CybergyHoldingsInc_20140520_10-Q_EX-10.27_8605784_EX-10.27_Affiliate Agreement.txt",
    "us_uslm/statute_compilations/COMPS-1656_anadromous_fish_conservation_act_thru_PL109-479.xml",
]

#: The memo's citations in order, with the verdict each must get (tests/fixtures/drafts/memo.md).
EXPECTED = [
    ("Ipek v Koza Altin [2020] EWCA Civ 1018 at [61]", "ok"),
    ("Ipek at [62]", "wrong-pinpoint"),  # the neighbour paragraph
    ("Ipek at [115]", "dissent"),  # Moylan LJ's dissent, "the Court of Appeal held"
    ("ibid.", "ok"),  # the same words, "Moylan LJ, dissenting, said"
    ("Ipek at [400]", "no-such-unit"),
    ("Ipek at [61]", "quote-altered"),  # "relied upon" for "relied on"
    ("Ipek at [61]", "quote-not-found"),
    ("Ipek at [62]", "unverified-proposition"),  # no quotation
    ("Smith v Jones [2019] EWCA Civ 4242 at [5]", "unresolved"),
    ("section 4(1)(c) of the Tax Court of Canada Act", "not-in-force"),  # "twenty": the text until 2021
    ("Tax Court of Canada Act, s. 4(1)(c)", "ok"),
    ("R.S.C. 1985, c. T-2, s. 4(1)(b)", "wrong-pinpoint"),
    ("MEC for Health and Social Development, Gauteng v M [2024] ZASCA 21 at [5]", "page-as-paragraph"),  # p. 5, [7]
    ("MEC for Health and Social Development, Gauteng v M [2024] ZASCA 21 at [7]", "ok"),
    ("[2024] ZASCA 21 at [1]", "not-citable"),  # the "Summary:" catchwords
    ("Tarrant Regional Water Dist. v. Herrmann, 569 U. S. ___, slip op. at 6", "ok"),
    ("Tarrant Regional Water Dist. v. Herrmann, 569 U. S. ___, slip op. at 1", "not-citable"),  # the syllabus
    ("clause 8.2 of the Affiliate Agreement", "ok"),
    ("Section 8.3", "ok"),  # bare, after the agreement was named
    ("Section 8.3", "wrong-pinpoint"),
    ("16 U.S.C. § 757b", "ok"),  # the Act's sec. 2, by its Code note
    ("Zubaydah v Foreign, Commonwealth and Development Office [2023] UKSC 50 at [1]", "not-citable"),  # press summary
    # the Upper Tribunal's [42], quoted in the Court of Appeal's [18], as the holding; then said to be the UT's
    ("Curo Places Ltd v Pimlett [2020] EWCA Civ 1621 at [18]", "quoted-as-holding"),
    ("Curo Places Ltd v Pimlett [2020] EWCA Civ 1621 at [18]", "ok"),
    ("clause 8.2 of the Affiliate Agreement", "contradicts-quote"),  # "need not provide" against "shall provide"
]


@pytest.fixture(scope="module")
def corpus_db(tmp_path_factory: pytest.TempPathFactory, request: pytest.FixtureRequest) -> Path:
    corpus = request.getfixturevalue("corpus")
    db = tmp_path_factory.mktemp("check") / "check.db"
    s = SQLiteStore(db)
    report = ingest_paths(s, [str(corpus / p) for p in CORPUS_FILES])
    assert not report.failed
    s.close()
    return db


@pytest.mark.shared
def test_every_verdict_on_a_memo_citing_the_corpus(corpus_db: Path) -> None:
    s = SQLiteStore(corpus_db)
    report = check_file(s, MEMO.read_bytes(), str(MEMO), __import__("datetime").date.fromisoformat(AS_OF))
    s.close()
    got = [(r.found.text, r.verdict.value) for r in report.results]
    assert got == EXPECTED
    assert {v.value for v in Verdict} == {v for _, v in EXPECTED}  # every kind is exercised
    text = MEMO.read_text(encoding="utf-8")
    by = {i: r for i, r in enumerate(report.results)}
    for r in report.results:  # spans are the draft's own characters
        assert text[r.found.char_start:r.found.char_end] == r.found.text
    assert by[1].to_json()["suggested"]["pinpoint"] == "at [61]"
    assert by[11].to_json()["suggested"]["pinpoint"] == "s. 4(1)(c)"
    assert by[12].to_json()["suggested"]["pinpoint"] == "at [7]"
    assert by[19].to_json()["suggested"]["pinpoint"] == "cl. 8.2"
    assert "the draft has “upon” where the source has “on”" in by[5].detail
    assert "[2003-07-02, 2021-06-29)" in by[9].detail and "not more than 23 other judges" in by[9].detail
    doc = by[0].document
    a, b = by[0].target_span
    assert doc is not None and doc.text[a:b] == "the Injunction Application is not abusive"


@pytest.mark.shared
def test_cli_exit_codes_json_and_html(corpus_db: Path, tmp_path: Path) -> None:
    runner = CliRunner()
    out_html = tmp_path / "report.html"
    r = runner.invoke(cli_app, ["check", str(MEMO), "--db", str(corpus_db), "--as-of", AS_OF, "--json",
                                "--html", str(out_html)])
    assert r.exit_code == 1, r.output
    body = json.loads(r.stdout)
    assert set(body) == {"file", "as_of", "status", "citations", "summary", "unrecognised"}
    assert body["as_of"] == AS_OF and body["status"] == "problems"
    c = body["citations"][1]
    assert set(c) >= {"text", "char_start", "char_end", "quote", "pinpoint", "document", "unit", "verdict", "detail",
                      "suggested"}
    assert set(c["document"]) == {"id", "source", "title", "citation", "kind"}
    assert body["summary"]["ok"] == sum(1 for _, v in EXPECTED if v == "ok")
    page = out_html.read_text(encoding="utf-8")
    assert page.count('<mark class="cite') == len(EXPECTED) and "<script" not in page
    assert "the Injunction Application is not abusive" in page  # the source's words, shown without a server
    good = tmp_path / "good.md"
    good.write_text("Today the Court has \"not more than 23 other judges\": Tax Court of Canada Act, s. 4(1)(c).\n",
                    encoding="utf-8")
    r = runner.invoke(cli_app, ["check", str(good), "--db", str(corpus_db), "--as-of", AS_OF])
    assert r.exit_code == 0, r.output
    assert runner.invoke(cli_app, ["check", str(tmp_path / "missing.md"), "--db", str(corpus_db)]).exit_code == 2
    assert runner.invoke(cli_app, ["check", str(good), "--db", str(corpus_db), "--as-of", "1 April"]).exit_code == 2
    assert runner.invoke(cli_app, ["check", str(good), "--db", str(tmp_path / "nope.db")]).exit_code == 2
    bad = tmp_path / "memo.xls"
    bad.write_bytes(b"abc")
    r = runner.invoke(cli_app, ["check", str(bad), "--db", str(corpus_db)])
    assert r.exit_code == 2 and "memo.xls" in r.output


@pytest.mark.shared
def test_api_check_text_and_docx(corpus_db: Path) -> None:
    import docx

    app = create_app(ServerConfig(db=corpus_db, dense=False))
    d = docx.Document()
    d.add_paragraph("Today the Court has \"not more than 23 other judges\": Tax Court of Canada Act, s. 4(1)(c).")
    d.add_paragraph("Earlier it had \"not more than twenty other judges\": Tax Court of Canada Act, s. 4(1)(c).")
    buf = io.BytesIO()
    d.save(buf)
    with RunningServer(app) as srv:
        r = httpx.post(f"{srv.url}/api/check", json={"text": MEMO.read_text(encoding="utf-8"), "as_of": AS_OF,
                                                     "file": "memo.md"}, timeout=60)  # a check's own process
        assert r.status_code == 200, r.text
        assert [c["verdict"] for c in r.json()["citations"]] == [v for _, v in EXPECTED]
        r = httpx.post(f"{srv.url}/api/check", headers=API, data={"as_of": AS_OF},
                       files={"file": ("memo.docx", buf.getvalue(), "application/octet-stream")}, timeout=60)
        assert r.status_code == 200, r.text
        assert [c["verdict"] for c in r.json()["citations"]] == ["ok", "not-in-force"]
        bad = httpx.post(f"{srv.url}/api/check", json={"text": "x", "as_of": "yesterday"})
        assert bad.status_code == 422 and "as_of" in bad.json()["error"]


@pytest.mark.shared
def test_browser_check_page_marks_each_citation_and_opens_the_source(corpus_db: Path, browser) -> None:  # type: ignore[no-untyped-def]
    app = create_app(ServerConfig(db=corpus_db, dense=False))
    with RunningServer(app) as srv:
        page = browser.new_page(viewport={"width": 1300, "height": 900})
        page.goto(f"{srv.url}/")
        page.click("a[href='/check']")
        page.fill("#check-text", MEMO.read_text(encoding="utf-8"))
        page.fill("#check-as-of", AS_OF)
        page.click("#check-submit")
        page.wait_for_selector("#check-result mark.cite")
        verdicts = page.eval_on_selector_all("#check-draft mark.cite", "ms => ms.map(m => m.dataset.verdict)")
        assert verdicts == [v for _, v in EXPECTED]
        classes = page.eval_on_selector_all("#check-draft mark.cite", "ms => ms.map(m => m.className)")
        assert classes[0] == "cite v-ok" and classes[1] == "cite v-bad"
        # the wrong pinpoint opens the source at the quoted words, in the paragraph they are really in
        page.locator("#check-draft mark.cite").nth(1).locator("a").click()
        page.wait_for_selector("mark.hl")
        joined = page.eval_on_selector_all("mark.hl", "ms => ms.map(m => m.textContent).join('')")
        number = page.eval_on_selector("mark.hl", "m => m.closest('.unit').dataset.number")
        page.close()
    assert re.sub(r"\s+", " ", joined) == "the Injunction Application is not abusive"
    assert number == "61"


@pytest.mark.shared
def test_a_100_citation_memo_is_checked_in_under_ten_seconds(corpus_db: Path) -> None:
    import time

    block = MEMO.read_text(encoding="utf-8").split("\n\n", 1)[1]
    memo = "\n\n".join([block] * 5)  # 110 citations
    s = SQLiteStore(corpus_db)
    checker = Checker(s)
    t = time.perf_counter()
    report = checker.check_text(memo, "memo100.md", __import__("datetime").date.fromisoformat(AS_OF))
    took = time.perf_counter() - t
    s.close()
    assert len(report.results) == 5 * len(EXPECTED)
    assert took < 10, took


@pytest.mark.shared
def test_a_draft_with_no_citation_recognised_is_never_all_ok(corpus_db: Path, tmp_path: Path) -> None:
    """Issue 49: informal pinpoints the finder cannot resolve are listed, and the draft gets "no citations found"
    and an exit code of its own — not 0 ("all ok" over nothing checked), not 1, not 2."""
    draft = tmp_path / "informal.md"
    draft.write_text(
        "The licence ends on notice under § 11.1. The landlord could not charge for it (Curo, ¶31), as the\n"
        "court said (id. at 14), and the Justices agreed (slip op. at 25). Assignment needs consent: cl 5.\n",
        encoding="utf-8")
    runner = CliRunner()
    r = runner.invoke(cli_app, ["check", str(draft), "--db", str(corpus_db), "--as-of", AS_OF, "--json"])
    assert r.exit_code == 3, r.output
    body = json.loads(r.stdout)
    assert body["status"] == "no-citations" and body["citations"] == []
    seen = [u["text"] for u in body["unrecognised"]]
    for loose in ("§ 11.1", "¶31", "id. at 14", "slip op. at 25", "cl 5"):
        assert any(loose in s for s in seen), (loose, seen)
    r = runner.invoke(cli_app, ["check", str(draft), "--db", str(corpus_db), "--as-of", AS_OF])
    assert r.exit_code == 3 and "no citations found" in r.output and "not checked" in r.output, r.output
    # beside a recognised citation the informal ones are still listed, and the exit code is the citations' own
    draft.write_text("The court held that \"the Injunction Application is not abusive\": Ipek v Koza Altin [2020] "
                     "EWCA Civ 1018 at [61]. See also § 11.1.\n", encoding="utf-8")
    r = runner.invoke(cli_app, ["check", str(draft), "--db", str(corpus_db), "--as-of", AS_OF, "--json"])
    body = json.loads(r.stdout)
    assert r.exit_code == 0 and body["status"] == "ok", r.output
    assert [u["text"] for u in body["unrecognised"]] == ["§ 11.1"]


@pytest.mark.shared
def test_a_sentence_that_contradicts_its_quotation(corpus_db: Path) -> None:
    """Issue 49: a draft's sentence saying the opposite of the words it quotes gets contradicts-quote, naming the
    rule; the same quotation under a sentence that agrees with it is ok."""
    s = SQLiteStore(corpus_db)
    try:
        bad = Checker(s).check_text('The Court of Appeal held that the application was abusive, saying "the '
                                    'Injunction Application is not abusive": Ipek v Koza Altin [2020] EWCA Civ 1018 '
                                    'at [61].', "d.md", datetime.date(2026, 4, 1))
        good = Checker(s).check_text('The Court of Appeal held that the application was not an abuse, saying "the '
                                     'Injunction Application is not abusive": Ipek v Koza Altin [2020] EWCA Civ '
                                     '1018 at [61].', "d.md", datetime.date(2026, 4, 1))
    finally:
        s.close()
    assert [r.verdict.value for r in bad.results] == ["contradicts-quote"]
    assert bad.results[0].detail.startswith("polarity:")
    assert [r.verdict.value for r in good.results] == ["ok"]


def test_the_html_report_says_nothing_was_checked_and_lists_the_informal_pinpoints(store) -> None:
    from pincite.web.check_report import render_check_html

    report = Checker(store).check_text("It ends on notice under § 11.1 (Curo, ¶31).", "d.md",
                                       datetime.date(2026, 4, 1))
    page = render_check_html(report)
    assert report.status == "no-citations" and not report.all_ok
    assert "No citations found" in page and "<q>§ 11.1</q>" in page and "¶31" in page
