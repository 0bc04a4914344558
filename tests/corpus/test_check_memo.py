"""`pincite check` on a lawyer's memo as a new user writes one (issue 29, item 5): markdown emphasis, a case named
in full beside its pinpointed short form, Acts quoted with the citations inside their words, an Act's repealed
paragraph quoted without its "(a)" label — 17 citations of real documents of ../shared/corpus, 10 correct, 7
with planted faults.  One entry per citation the lawyer wrote, no false alarm, every fault caught, in a draft's
words and with the date the law was read as of; on the Check page each verdict sits beside its citation."""

from __future__ import annotations

import datetime
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pincite.answer.citecheck import check_file
from pincite.api.app import RunningServer, create_app
from pincite.api.config import ServerConfig
from pincite.cli import app as cli_app
from pincite.ingest import ingest_paths
from pincite.legal.citations import find_citations
from pincite.parse.draft import read_draft
from pincite.store.sqlite import SQLiteStore
from tests.browser.test_web_reader import browser  # noqa: F401  (the module's Chromium, through tests/support/browser.py)
from tests.conftest import FIXTURES

MEMO = FIXTURES / "drafts" / "lawyer_memo.md"
AS_OF = datetime.date(2026, 4, 1)

CORPUS_FILES = [
    "uk_find_case_law/ewca_civ_2020_legacy_akn/2020-ewca-1018-civ.xml",
    "uk_find_case_law/ewca_civ_2020_legacy_akn/2020-ewca-1375-civ.xml",
    "uk_find_case_law/ewca_civ_2020_legacy_akn/2020-ewca-1357-civ.xml",
    "uk_find_case_law/ewca_civ_2020_legacy_akn/2020-ewca-1300-civ.xml",
    "canada_justice_laws_xml/P-21",
    "canada_justice_laws_xml/S-23",
    "canada_justice_laws_xml/T-2",
    "pdf_judgments/zasca_2024_21_mec_health_gauteng_v_M.pdf",
    "pdf_judgments/scotus_2013_tarrant_regional_water_dist_v_herrmann_569US614_slip.pdf",
    "contracts_cuad/txt/CybergyHoldingsInc_20140520_10-Q_EX-10.27_8605784_EX-10.27_Affiliate Agreement.txt",
]

#: The memo's citations, one entry each, with the verdict each must get (None: a correct citation, "ok").
EXPECTED = [
    ("Ipek at [61]", "ok"),  # beside "In Ipek v Koza Altin [2020] EWCA Civ 1018" in the same sentence: one entry
    ("Ipek at [64]", "wrong-pinpoint"),  # planted: the words are at [61]
    ("Ipek at [61]", "quote-altered"),  # planted: "relied upon" for "relied on"
    ("Dyer at [106]", "ok"),
    ("Dyer at [150]", "dissent"),  # planted: Males LJ's dissent as what "the Court of Appeal held"
    ("Hoque v Secretary of State for the Home Department [2020] EWCA Civ 1357 at [59]", "ok"),
    ("Section 70.1(1) of the Privacy Act", "ok"),  # its words name s. 38.13 of the Canada Evidence Act
    ("Privacy Act, s. 8(2)(f)(vii.1)", "ok"),  # its words name "section 2 of the Self-Government Treaty …"
    ("s. 8(2)(b)", "ok"),  # bare: the Privacy Act, not the Act named inside the quotation before it
    ("Canada Student Loans Act, s. 4(1)", "not-in-force"),  # planted: the text until 2023, quoted without "(a)"
    ("Canada Student Loans Act, s. 4(1)", "ok"),
    ("Tax Court of Canada Act, s. 4(1)(c)", "not-in-force"),  # planted: "twenty", the text until 2021
    ("MEC for Health and Social Development, Gauteng v M [2024] ZASCA 21 at [5]", "page-as-paragraph"),  # planted
    ("Tarrant Regional Water Dist. v. Herrmann, 569 U. S. ___, slip op. at 6", "ok"),
    ("clause 8.2 of the Affiliate Agreement", "ok"),
    ("The Racing Partnership Ltd v Sports Information Services Ltd [2020] EWCA Civ 1300 at [168]",
     "unverified-proposition"),  # no quotation: the proposition is for a reader
    ("Smith v Jones [2019] EWCA Civ 4242 at [5]", "unresolved"),  # planted: no such judgment
]


@pytest.fixture(scope="module")
def memo_db(tmp_path_factory: pytest.TempPathFactory, request: pytest.FixtureRequest) -> Path:
    corpus = request.getfixturevalue("corpus")
    db = tmp_path_factory.mktemp("memo") / "memo.db"
    s = SQLiteStore(db)
    report = ingest_paths(s, [str(corpus / p) for p in CORPUS_FILES])
    assert not report.failed
    s.close()
    return db


def check(db: Path, as_of: datetime.date | None = AS_OF):  # type: ignore[no-untyped-def]
    s = SQLiteStore(db)
    try:
        return check_file(s, MEMO.read_bytes(), str(MEMO), as_of)
    finally:
        s.close()


# -- the finder and the reader (no store) --------------------------------------------------------------------


def test_a_case_named_beside_its_pinpointed_short_form_is_one_citation() -> None:
    found = find_citations("In Ipek v Koza Altin [2020] EWCA Civ 1018, the Court of Appeal held that \"the "
                           "Injunction Application is not abusive\" (Ipek at [61]). Ipek v Koza Altin [2020] EWCA "
                           "Civ 1018 is the leading authority on abuse of process.")
    assert [f.text for f in found] == ["Ipek at [61]", "Ipek v Koza Altin [2020] EWCA Civ 1018"]
    assert found[0].ref.neutral == "[2020] EWCA Civ 1018"  # the short form still resolves by the full citation


def test_citations_inside_quoted_words_are_the_quotations_not_the_drafts() -> None:
    text = ("Disclosure is permitted to \"the Whitecap Dakota Government, as defined in section 2 of the "
            "Self-Government Treaty Recognizing the Whitecap Dakota Nation / Wapaha Ska Dakota Oyate Act\": Privacy "
            "Act, s. 8(2)(f)(vii.1). It may also be \"for any purpose in accordance with any Act of Parliament\" "
            "(s. 8(2)(b)).")
    found = find_citations(text)
    assert [f.text for f in found] == ["Privacy Act, s. 8(2)(f)(vii.1)", "s. 8(2)(b)"]
    assert found[1].ref.name == "Privacy Act"  # bound to the draft's Act, not to the one named inside the quote


def test_a_name_does_not_run_on_from_the_heading_above() -> None:
    found = find_citations("## 4. Student loans and the Tax Court\n\nUnder the Canada Student Loans Act, s. 4(1), "
                           "no interest is payable.")
    assert [(f.text, f.ref.name) for f in found] == [("Canada Student Loans Act, s. 4(1)", "Canada Student Loans Act")]


def test_markdown_emphasis_is_not_read_into_citations() -> None:
    text = read_draft(b"In *Ipek v Koza Altin* [2020] EWCA Civ 1018 at [61], **the court** held; "
                      b"_Tarrant Regional Water Dist. v. Herrmann_, 569 U. S. ___, slip op. at 6 (2013).\n* a bullet\n",
                      "memo.md")
    assert text == ("In Ipek v Koza Altin [2020] EWCA Civ 1018 at [61], the court held; Tarrant Regional Water "
                    "Dist. v. Herrmann, 569 U. S. ___, slip op. at 6 (2013).\n* a bullet\n")
    assert read_draft(b"See *Ipek v Koza Altin* [2020] EWCA Civ 1018.", "memo.txt") == \
        "See Ipek v Koza Altin [2020] EWCA Civ 1018."
    assert [f.text for f in find_citations(text)][0] == "Ipek v Koza Altin [2020] EWCA Civ 1018 at [61]"


# -- the memo on real documents ----------------------------------------------------------------------------


@pytest.mark.shared
def test_the_memo_gets_one_entry_per_citation_no_false_alarm_and_every_fault(memo_db: Path) -> None:
    report = check(memo_db)
    got = [(r.found.text, r.verdict.value) for r in report.results]
    assert got == EXPECTED
    by = dict(enumerate(report.results))
    for r in report.results:
        assert "*" not in r.found.text and "_" not in r.found.text.replace("___", "")
        assert "model" not in r.detail  # a lawyer's draft is not a model's answer
    # the repealed paragraph, quoted as running text without its "(a)": found in the versions that have it
    loans = by[9]
    assert "the quoted words are in s. 4(1) of the versions as of 2020-03-25 and 2021-05-06" in loans.detail
    assert "in force on 2026-04-01: “(1) Beginning on April 1, 2023, no interest is payable" in loans.detail
    assert loans.document is not None and loans.document.version["date"] in ("2020-03-25", "2021-05-06")
    a, b = loans.quote_span or (0, 0)
    assert "(a) any period of studies" in loans.document.text[a:b]
    assert "the quoted words are in s. 4(1)(c) of the version as of 2018-06-21" in by[11].detail
    assert by[12].detail.startswith("the draft gives 'at [5]', which is the printed page; the paragraph is [7]")
    assert by[6].to_json()["unit"] == "s. 70.1(1)"


@pytest.mark.shared
def test_the_report_says_the_date_it_checked_as_of(memo_db: Path) -> None:
    assert check(memo_db, None).to_json()["as_of"] == datetime.date.today().isoformat()
    r = CliRunner().invoke(cli_app, ["check", str(MEMO), "--db", str(memo_db), "--json"])
    assert r.exit_code == 1, r.output  # faults found
    body = json.loads(r.stdout)
    assert body["as_of"] == datetime.date.today().isoformat()
    assert len(body["citations"]) == len(EXPECTED)


@pytest.mark.shared
def test_browser_each_verdict_is_beside_its_citation(memo_db: Path, browser) -> None:  # type: ignore[no-untyped-def]
    app = create_app(ServerConfig(db=memo_db, dense=False))
    with RunningServer(app) as srv:
        page = browser.new_page(viewport={"width": 1300, "height": 900})
        page.goto(f"{srv.url}/check")
        page.fill("#check-text", MEMO.read_text(encoding="utf-8"))
        page.fill("#check-as-of", AS_OF.isoformat())
        page.click("#check-submit")
        page.wait_for_selector("#check-result mark.cite")
        boxes = page.eval_on_selector_all("#check-draft mark.cite", """ms => ms.map(m => {
            const card = document.getElementById('item-' + m.id.slice(5));
            const row = m.closest('.check-row');
            const r = row ? row.getBoundingClientRect() : null;
            const c = card.getBoundingClientRect(), k = m.getBoundingClientRect();
            return {verdict: m.dataset.verdict, same: !!row && card.closest('.check-row') === row,
                    row: r && [r.top, r.bottom], card: [c.top, c.bottom], cite: [k.top, k.bottom],
                    left: c.left > k.left}; })""")
        page.close()
    assert [b["verdict"] for b in boxes] == [v for _, v in EXPECTED]
    for i, b in enumerate(boxes):
        assert b["same"], (i, b)  # the card is in its citation's row ...
        top, bottom = b["row"]
        assert top - 1 <= b["card"][0] and b["card"][1] <= bottom + 1, (i, b)  # ... inside it, top to bottom
        assert top - 1 <= b["cite"][0] and b["cite"][1] <= bottom + 1, (i, b)
        assert b["left"], (i, b)  # and beside it, to its right
