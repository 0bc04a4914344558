"""The web reader in real headless Chromium (Debian's, driven by playwright) on real documents from ../shared.

Facts checked by reading the sources (see /work/shared/corpus/MANIFEST.md):

* Ipek v Koza Altin [2020] EWCA Civ 1018: Moylan LJ gives the dissent from [108], which opens "I have come to a
  different conclusion on this appeal to that reached by Popplewell LJ"; Popplewell LJ leads (1-106).
* MEC Health Gauteng v M [2024] ZASCA 21 (PDF): a "Summary:" catchwords block on printed page 2; paragraph [14]
  opens printed page 9 (PDF page index 8 starts "9\\n[14] The neurologists agreed").
* Tax Court of Canada Act (T-2): the 2018-06-21 consolidation is the version in force on 2019-01-01.

Screenshots of every page go to test-artifacts/web/ (git-ignored).
"""

from __future__ import annotations

from pathlib import Path
from urllib.parse import quote_plus

import httpx
import pytest

from pincite.generate.scripted import ScriptedGenerator, first_sentence, good, holding_on, never_retrieved, reply
from pincite.ingest import ingest_paths
from pincite.api.app import create_app, RunningServer
from pincite.api.config import ServerConfig
from pincite.generate.base import GeneratorKind
from pincite.store.sqlite import SQLiteStore
from pincite.types import Role
from pincite.answer.verify import PLAIN_WORDS, Check
from tests.support.browser import browser  # noqa: F401  (Debian's Chromium, one launcher for every browser test)
from tests.conftest import REPO

pytestmark = pytest.mark.shared

ARTIFACTS = REPO / "test-artifacts" / "web"
EWCA = "uk_find_case_law/ewca_civ_2020_legacy_akn"
FILES = [
    f"{EWCA}/2020-ewca-1018-civ.xml",
    f"{EWCA}/2020-ewca-1375-civ.xml",
    f"{EWCA}/2020-ewca-1-civ.xml",
    "pdf_judgments/zasca_2024_21_mec_health_gauteng_v_M.pdf",
    "canada_justice_laws_xml/T-2",
]
DISSENT_Q = "Which judge came to a different conclusion in Ipek v Koza Altin, and how did he put it?"


@pytest.fixture(scope="module")
def db(corpus: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("web") / "pincite.db"
    s = SQLiteStore(path)
    report = ingest_paths(s, [corpus / f for f in FILES])
    s.close()
    assert not report.failed, [r.error for r in report.failed]
    return path


@pytest.fixture(scope="module")
def server(db: Path):  # type: ignore[no-untyped-def]
    # the page is under test here, not the answerer: the hand-set extractive generator answers the same way
    # whatever the trained ranker's latest retraining makes of a borderline question (tests/test_generate_ranker.py
    # tests the ranker; tests/test_dates.py and others serve it)
    with RunningServer(create_app(ServerConfig(db=db, dense=False, generator_kind=GeneratorKind.EXTRACTIVE))) as srv:
        yield srv



@pytest.fixture()
def page(browser):  # type: ignore[no-untyped-def]
    pg = browser.new_page(viewport={"width": 1280, "height": 900})
    yield pg
    pg.close()


def shot(page, name: str) -> None:  # type: ignore[no-untyped-def]
    page.wait_for_timeout(300)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"))


def highlighted(page) -> str:  # type: ignore[no-untyped-def]
    return page.eval_on_selector_all("mark.hl", "ms => ms.map(m => m.textContent).join('')")


def test_dissent_citation_opens_the_paragraph_with_the_quote_highlighted(server, page) -> None:  # type: ignore[no-untyped-def]
    api = httpx.post(f"{server.url}/api/ask", json={"question": DISSENT_Q}, timeout=60).json()
    cit = next(c for c in api["citations"] if c["units"] == ["[108]"])
    assert cit["quote"].startswith("I have come to a different conclusion on this appeal to that reached by Popplewell LJ")
    assert cit["author"] == "Moylan LJ" and cit["role"] == "dissenting"

    page.goto(f"{server.url}/?q={quote_plus(DISSENT_Q)}")
    card = page.locator(f"li.cite[data-n='{cit['n']}']")
    assert "minority" in card.get_attribute("class")
    assert card.locator(".badge.dissent").inner_text() == "Moylan LJ · dissenting"
    assert card.locator("a.pinpoint").inner_text() == cit["rendered"]
    assert "at [108]" in cit["rendered"] and "dissenting" in cit["rendered"]
    shot(page, "ask-dissent")

    card.locator("a.pinpoint").click()
    page.wait_for_url("**/documents/**")
    page.wait_for_selector("mark#hl")
    assert highlighted(page) == cit["quote"]
    where = page.eval_on_selector("mark#hl", """m => {
        const u = m.closest('.unit');
        let b = u.previousElementSibling;
        while (b && !b.classList.contains('banner')) b = b.previousElementSibling;
        const r = m.getBoundingClientRect();
        return {number: u.dataset.number, cls: u.className, banner: b && b.textContent,
                margin: u.querySelector('.num').textContent, top: r.top, bottom: r.bottom,
                height: window.innerHeight};
    }""")
    assert where["number"] == "108" and where["margin"] == "108"
    assert "r-dissenting" in where["cls"] and "cited" in where["cls"]
    assert where["banner"] == "Reasons of Moylan LJ — dissenting"
    assert 0 <= where["top"] and where["bottom"] <= where["height"]  # scrolled into view
    page.wait_for_timeout(1500)  # let the highlight's flash settle before the picture
    shot(page, "document-dissent-108")


def test_every_citation_highlights_exactly_its_quote_in_its_unit(server, page) -> None:  # type: ignore[no-untyped-def]
    q = "Did the Court of Appeal allow the appeal in Dyer?"
    api = httpx.post(f"{server.url}/api/ask", json={"question": q}, timeout=60).json()
    assert api["citations"]
    for c in api["citations"]:
        page.goto(f"{server.url}/?q={quote_plus(q)}")
        page.locator(f"li.cite[data-n='{c['n']}'] a.pinpoint").click()
        page.wait_for_selector("mark#hl")
        assert highlighted(page) == c["quote"]
        ordinal = c["unit_id"].rsplit(":u", 1)[1]
        inside = page.eval_on_selector_all(
            "mark.hl", f"ms => ms.every(m => m.closest('#u{ordinal}') !== null)")
        assert inside, c["unit_id"]
        label = page.eval_on_selector(f"#u{ordinal}", "u => u.dataset.label || u.dataset.number")
        assert label in (c["units"][0], c["units"][0].strip("[]"))


def test_dropped_citations_are_listed_with_the_check_in_plain_words(db: Path, page) -> None:  # type: ignore[no-untyped-def]
    def misbehave(turn, attempt):  # type: ignore[no-untyped-def]
        majority = next(cp for cp in turn.passages if cp.passage.chunk.role is Role.LEAD)
        dissent = next(cp for cp in turn.passages if cp.passage.chunk.role is Role.DISSENTING)
        # a claim that agrees with its quotation (the agreement step shows a claim its words do not bear out as
        # the quotation alone): the lead judgment's own first sentence, restated as what it says
        said = "The lead judgment says: " + first_sentence(majority)
        return reply(good(majority, said), holding_on(dissent), never_retrieved())

    app = create_app(ServerConfig(db=db, dense=False), generator=ScriptedGenerator([misbehave]))
    q = "Popplewell LJ dismiss the appeal; Moylan LJ different conclusion, Ipek v Koza Altin"
    with RunningServer(app) as srv:
        page.goto(f"{srv.url}/?q={quote_plus(q)}")
        drops = page.locator("li.drop")
        checks = [drops.nth(i).get_attribute("data-check") for i in range(drops.count())]
        reasons = {drops.nth(i).get_attribute("data-check"): drops.nth(i).locator(".reason").inner_text()
                   for i in range(drops.count())}
        shown = page.locator("li.cite").count()
        claims = page.locator("p.claim").all_inner_texts()
        count = page.locator("#drop-h .count").inner_text()
        page.locator("section.dropped").scroll_into_view_if_needed()
        shot(page, "ask-dropped")
    assert "dissent-not-holding" in checks and "never-retrieved" in checks
    assert reasons["dissent-not-holding"] == PLAIN_WORDS[Check.DISSENT_NOT_HOLDING]
    assert reasons["never-retrieved"] == PLAIN_WORDS[Check.NEVER_RETRIEVED]
    assert count == str(len(checks))
    assert shown == 1  # only the majority citation survives
    assert claims[0].startswith("The lead judgment says: ")
    assert not any("The court held that the appeal should be allowed" in c for c in claims)


def test_statute_citation_shows_the_version_in_force_on_the_date_asked(server, page) -> None:  # type: ignore[no-untyped-def]
    page.goto(server.url + "/")
    page.fill("#q", "How many other judges does the Tax Court of Canada consist of?")
    page.fill("input[name=as_of]", "2019-01-01")
    page.click("form.ask button")
    page.wait_for_selector("li.cite")
    first = page.locator("li.cite").first
    assert first.locator(".badge.version").inner_text().startswith("version 2018-06-21")
    shot(page, "ask-statute-as-of")
    first.locator("a.pinpoint").click()
    page.wait_for_selector("mark#hl")
    facts = dict(zip(page.locator(".facts dt").all_inner_texts(), page.locator(".facts dd").all_inner_texts()))
    assert facts["version"] == "2018-06-21" and facts["source"].endswith("T-2_pit-2018-06-21.xml")


def test_pdf_judgment_shows_printed_pages_and_the_headnote(server, page) -> None:  # type: ignore[no-untyped-def]
    docs = httpx.get(f"{server.url}/api/documents").json()["documents"]
    sca = next(d for d in docs if d["source"].endswith("zasca_2024_21_mec_health_gauteng_v_M.pdf"))
    page.goto(f"{server.url}/documents/{sca['id']}")
    banners = page.eval_on_selector_all(".banner", "bs => bs.map(b => b.textContent)")
    assert "Headnote — not citable" in banners
    headnote = page.locator(".unit.z-headnote .text").first.inner_text()
    assert headnote.lstrip().startswith("Summary:")
    # [14] opens printed page 9: the marker is the first thing in its text; the marker before it is page 8
    pages = page.eval_on_selector(".unit.z-reasons[data-number='14']", """u => {
        const all = Array.from(document.querySelectorAll('.page'));
        const before = all.filter(p => p.compareDocumentPosition(u) & Node.DOCUMENT_POSITION_FOLLOWING);
        const first = u.querySelector('.text').firstChild;
        return {before: before.length ? before[before.length - 1].dataset.page : null,
                first: first.classList && first.classList.contains('page') ? first.dataset.page : null,
                label: getComputedStyle(first, '::before').content};
    }""")
    assert pages["before"] == "8" and pages["first"] == "9"
    assert pages["label"] in ('"p. 9"', '"p. " attr(data-page)')  # the margin shows "p. 9"
    page.locator(".unit.z-reasons[data-number='14']").scroll_into_view_if_needed()
    shot(page, "document-pdf-pages")


def test_document_browser_filters_by_kind_and_opens(server, page) -> None:  # type: ignore[no-untyped-def]
    page.goto(f"{server.url}/documents")
    assert page.locator("#doc-table tbody tr").count() == 8  # 3 EWCA + 1 SCA + 4 versions of T-2
    shot(page, "documents")
    page.select_option("select[name=kind]", "statute")
    page.wait_for_url("**/documents?kind=statute")
    assert page.locator("#doc-table tbody tr").count() == 4
    page.select_option("select[name=kind]", "judgment")
    page.wait_for_url("**/documents?kind=judgment")
    page.fill("#doc-filter", "koza")
    visible = page.locator("#doc-table tbody tr:not(.hidden)")
    assert visible.count() == 1
    visible.locator("td a").first.click()
    page.wait_for_url("**/documents/doc_*")
    assert page.locator("h1").inner_text() == "HAMDI AKIN IPEK v KOZA ALTIN ISLETMELERI AS"
    page.click("text=chunk audit")
    page.wait_for_url("**/audit")
    assert page.title().startswith("Chunk audit: HAMDI AKIN IPEK")
    assert page.locator(".pc-nav").count() == 1
    shot(page, "audit")


def test_api_docs_page_is_offline(server, page) -> None:  # type: ignore[no-untyped-def]
    requested: list[str] = []
    page.on("request", lambda r: requested.append(r.url))
    page.goto(f"{server.url}/docs")
    assert page.locator("table.api tbody tr").count() >= 8
    shot(page, "api-docs")
    assert requested and all(u.startswith(server.url) or u.startswith("data:") for u in requested)


def test_a_cited_unit_opens_with_its_number_below_the_top_bar(server, browser) -> None:  # type: ignore[no-untyped-def]
    """The highlight used to be centred, so on a short window a quote from the end of a paragraph left the
    paragraph's number under the fixed top bar: the reader saw the words but not the pinpoint (issue 29)."""
    docs = httpx.get(f"{server.url}/api/documents", timeout=30).json()["documents"]
    doc_id = next(d["id"] for d in docs if d["source"].endswith("2020-ewca-1018-civ.xml"))
    doc = httpx.get(f"{server.url}/api/documents/{doc_id}", timeout=30).json()
    # numbered paragraphs of several lines: quote each one's last words
    paras = [u for u in doc["units"] if u.get("number") and 500 < u["char_end"] - u["char_start"] < 900][:4]
    assert paras
    pg = browser.new_page(viewport={"width": 1100, "height": 520})
    try:
        for u in paras:
            s, e = u["char_end"] - 60, u["char_end"]
            pg.goto(f"{server.url}/documents/{doc_id}?hl={s}-{e}#hl")
            pg.wait_for_selector("mark#hl")
            pg.wait_for_timeout(300)  # the page scrolls once loaded
            where = pg.eval_on_selector("mark#hl", """m => {
                const u = m.closest('.unit'), bar = document.querySelector('.topbar').getBoundingClientRect();
                const num = u.querySelector('.num').getBoundingClientRect(), w = m.getBoundingClientRect();
                return {num: num.top, bar: bar.bottom, words: w.bottom, height: window.innerHeight,
                        label: u.querySelector('.num').textContent};
            }""")
            assert where["label"] == u["number"]
            assert where["num"] >= where["bar"], (u["number"], where)  # the number is not under the top bar
            assert where["words"] <= where["height"], (u["number"], where)  # the words are in view
    finally:
        pg.close()


def test_a_malformed_date_in_the_url_is_the_projects_one_line_400(server) -> None:
    r = httpx.get(f"{server.url}/", params={"q": "Was the appeal allowed?", "as_of": "2021-13-45"}, timeout=30)
    assert r.status_code == 400
    assert "pydantic" not in r.text and "errors.pydantic.dev" not in r.text and "Value error" not in r.text
    assert "invalid request: as_of:" in r.text and "2021-13-45" in r.text
