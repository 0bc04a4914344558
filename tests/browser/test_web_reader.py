"""The reader's markup (pincite.web.reader) on the fictional demo judgment and a hand-made paged document, and
one browser run on the demo documents: a quote that spans a paragraph and its lettered sub-items is highlighted
exactly, in pieces, inside the cited paragraph.  Nothing here needs ../shared."""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest
from selectolax.lexbor import LexborHTMLParser as HTMLParser

from pincite.cli import demo_paths
from pincite.generate.scripted import ScriptedGenerator, claim, reply
from pincite.ingest import document_from_bytes, ingest_paths
from pincite.api.app import create_app, RunningServer
from pincite.api.config import ServerConfig
from pincite.store.sqlite import SQLiteStore
from pincite.types import Document, DocumentKind, Format, PageMarker, Unit, UnitKind, Zone
from pincite.web.reader import Highlight, parse_highlight, render_document_body
from tests.support.browser import browser  # noqa: F401  (Debian's Chromium, one launcher for every browser test)



@pytest.fixture(scope="module")
def ferries() -> Document:
    path = next(p for p in demo_paths() if "harbour_ferries" in p)
    return document_from_bytes(Path(path).read_bytes(), path)


def marks_text(tree: HTMLParser) -> str:
    return "".join(m.text(deep=True) for m in tree.css("mark.hl"))


@pytest.mark.parametrize("value, length, expected", [
    ("10-20", 100, Highlight(10, 20)),
    ("0-100", 100, Highlight(0, 100)),
    ("10-101", 100, None),  # past the end
    ("20-10", 100, None),  # reversed
    ("10-10", 100, None),  # empty
    ("-5-10", 100, None),
    ("abc", 100, None),
    ("", 100, None),
    (None, 100, None),
])
def test_parse_highlight(value: str | None, length: int, expected: Highlight | None) -> None:
    assert parse_highlight(value, length) == expected


def test_every_unit_block_holds_exactly_its_text(ferries: Document) -> None:
    tree = HTMLParser(render_document_body(ferries))
    for u in ferries.units:
        el = tree.css_first(f"#u{u.ordinal}")
        assert el is not None, u
        body = el.css_first(".text") if u.parent is None else el
        assert body.text(deep=True) == ferries.text[u.char_start:u.char_end]
    # top-level paragraphs carry their printed number in the margin and as data
    para13 = tree.css_first("#u23")
    assert para13.attributes["data-number"] == "13"
    assert para13.css_first(".num").text() == "13"
    assert "r-dissenting" in para13.attributes["class"]


def test_zone_banners_mark_headnote_and_each_judge(ferries: Document) -> None:
    tree = HTMLParser(render_document_body(ferries))
    banners = [b.text() for b in tree.css(".banner")]
    assert banners == [
        "Cover page — not citable",
        "Headnote — not citable",
        "Reasons of Ormerod LJ — lead judgment",
        "Reasons of Pelling-Ash LJ — concurring",
        "Reasons of Tremayne LJ — dissenting",
    ]
    assert "not-citable" in tree.css_first("#u1").attributes["class"]


def test_highlight_across_sub_items_is_exact_and_split(ferries: Document) -> None:
    para3 = ferries.units[6]
    assert para3.number == "3" and [ferries.units[i].number for i in (7, 8)] == ["(a)", "(b)"]
    s = ferries.text.index("The issues on the appeal", para3.char_start)
    e = ferries.units[8].char_start + 20  # into sub-item (b)
    tree = HTMLParser(render_document_body(ferries, Highlight(s, e), cited=6))
    assert marks_text(tree) == ferries.text[s:e]
    marks = tree.css("mark.hl")
    assert len(marks) >= 3  # before (a), inside (a), between, inside (b)
    assert marks[0].attributes.get("id") == "hl" and all("id" not in m.attributes for m in marks[1:])
    for m in marks:  # every piece sits inside paragraph 3
        node = m.parent
        while node is not None and "unit" not in (node.attributes.get("class") or "").split():
            node = node.parent
        assert node is not None and node.attributes["data-number"] == "3"
    assert "cited" in tree.css_first("#u6").attributes["class"]


def paged_document() -> Document:
    """A fictional two-page judgment whose paragraph [2] runs from page 7 onto page 8."""
    text = ("Summary: a headnote.\n\n[1] First paragraph of the reasons.\n\n"
            "[2] Second paragraph starts on one page and ends on the next page here.")
    p1 = text.index("[1]")
    p2 = text.index("[2]")
    brk = text.index("ends on")
    units = (
        Unit(0, UnitKind.BLOCK, 0, text.index("\n\n"), Zone.HEADNOTE, False),
        Unit(1, UnitKind.PARAGRAPH, p1, text.index("\n\n", p1), Zone.REASONS, True, number="1", label="[1]",
             page_start="7", page_end="7"),
        Unit(2, UnitKind.PARAGRAPH, p2, len(text), Zone.REASONS, True, number="2", label="[2]", page_start="7",
             page_end="8"),
    )
    pages = (PageMarker(0, "7", 0, brk), PageMarker(1, "8", brk, len(text)))
    return Document(id="doc_fictional", source="fictional.pdf", format=Format.PDF, kind=DocumentKind.JUDGMENT,
                    title="Fictional v Example", text=text, units=units, content_sha256="0" * 64, pages=pages)


def test_page_markers_sit_at_their_offsets_and_split_the_highlight() -> None:
    doc = paged_document()
    s = doc.text.index("Second")
    e = len(doc.text)
    tree = HTMLParser(render_document_body(doc, Highlight(s, e)))
    assert [p.attributes["data-page"] for p in tree.css(".page")] == ["7", "8"]
    page8 = tree.css(".page")[1]
    assert page8.parent.tag == "div" and page8.parent.parent.attributes["data-number"] == "2"
    assert marks_text(tree) == doc.text[s:e]
    assert len(tree.css("mark.hl")) == 2  # split by the page marker
    # the marker holds no text of its own (its label is drawn by CSS), so the paragraph's text is unchanged
    assert tree.css_first("#u2 .text").text(deep=True) == doc.text[doc.units[2].char_start:]


# -- one browser run on the demo documents -----------------------------------------------------------------



def test_browser_citation_across_sub_items_opens_exact_highlight(tmp_path: Path, browser) -> None:  # type: ignore[no-untyped-def]
    db = tmp_path / "demo.db"
    s = SQLiteStore(db)
    assert not ingest_paths(s, demo_paths()).failed
    s.close()
    q = "What are the issues on the appeal about clause 14.2 and the four engine failures?"

    def quote_across_sub_items(turn, attempt):  # type: ignore[no-untyped-def]
        """A model quoting [3] from its opening words into its sub-items (a) and (b)."""
        cp = next(cp for cp in turn.passages if "[3]" in cp.passage.chunk.labels)
        t = cp.passage.text
        return reply(claim("These are the issues on the appeal.", cp.pid, t[t.index("The issues"):t.index("(b)") + 11]))

    app = create_app(ServerConfig(db=db, dense=False), generator=ScriptedGenerator([quote_across_sub_items]))
    with RunningServer(app) as srv:
        api = httpx.post(f"{srv.url}/api/ask", json={"question": q}).json()
        cit = next(c for c in api["citations"] if c["units"] == ["[3]"])
        assert "\n(a) whether" in cit["quote"]  # the quote runs into the sub-items
        page = browser.new_page(viewport={"width": 1200, "height": 800})
        page.goto(f"{srv.url}/?q={q}")
        page.locator(f"li.cite[data-n='{cit['n']}'] a.pinpoint").click()
        page.wait_for_selector("mark.hl")
        joined = page.eval_on_selector_all("mark.hl", "ms => ms.map(m => m.textContent).join('')")
        numbers = page.eval_on_selector_all("mark.hl", "ms => ms.map(m => m.closest('.unit').dataset.number)")
        page.close()
    assert joined == cit["quote"]
    assert set(numbers) == {"3"} and len(numbers) >= 3
