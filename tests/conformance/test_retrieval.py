"""Retrieval conformance on the real corpus (tests/test_retrieve.py's facts, on both backends): names find
their documents, provisions their units, dates their versions; filters run inside retrieval; non-citable text
never comes back by default; a write behind the index is noticed."""

from __future__ import annotations

from pathlib import Path

import pytest

from pincite.chunk import chunk_document
from pincite.ingest import document_from_bytes, ingest_paths
from pincite.search.retrieve import RetrievalMode, Retriever
from pincite.types import SearchFilters
from pincite.open import open_store
from pincite.types import DocumentKind
from tests.corpus.test_retrieve import EWCA, JUDGMENTS, ZUBAYDAH

T2 = "canada_justice_laws_xml/T-2"

pytestmark = pytest.mark.shared


@pytest.fixture(scope="module")
def judgments(stores, corpus: Path) -> str:  # type: ignore[no-untyped-def]
    loc = stores.location("judgments")
    with open_store(loc) as s:
        report = ingest_paths(s, [corpus / p for p in (*JUDGMENTS, ZUBAYDAH)])
        assert not report.failed and report.index_error is None
    return loc


@pytest.fixture(scope="module")
def t2(stores, corpus: Path) -> str:  # type: ignore[no-untyped-def]
    loc = stores.location("t2")
    with open_store(loc) as s:
        report = ingest_paths(s, [corpus / T2])
        assert len(report.stored) == 4 and not report.failed
    return loc


@pytest.fixture()
def lexical(request: pytest.FixtureRequest):  # type: ignore[no-untyped-def]
    opened = []

    def open_lexical(loc: str) -> Retriever:
        s = open_store(loc)
        opened.append(s)
        return Retriever(s, RetrievalMode.LEXICAL)

    yield open_lexical
    for s in opened:
        s.close()


@pytest.mark.parametrize(
    "query, citation",
    [
        ("Ipek v Koza Altin", "[2020] EWCA Civ 1018"),
        ("[2020] EWCA Civ 1375", "[2020] EWCA Civ 1375"),
        ("Chief Constable of West Yorkshire v Dyer", "[2020] EWCA Civ 1375"),
        ("Hoque v Secretary of State for the Home Department", "[2020] EWCA Civ 1357"),
        ("Koza Altin freezing order over the funding of Koza Ltd", "[2020] EWCA Civ 1018"),
    ],
)
def test_a_query_naming_a_case_finds_that_case(judgments: str, lexical, query: str, citation: str) -> None:
    hits = lexical(judgments).search(query, k=5)
    assert hits, query
    assert all(h.document.citation == citation for h in hits[:3]), [h.document.citation for h in hits]


def test_hits_carry_the_envelope_and_exact_text(judgments: str, lexical) -> None:
    r = lexical(judgments)
    s = r.store
    assert not r.search("Moylan LJ different conclusion", k=10,
                        filters=SearchFilters(documents=(JUDGMENTS[0].split("/")[-1],)))
    doc = next(d for d in s.list_documents() if d.citation == "[2020] EWCA Civ 1018")
    hits = r.search("I have come to a different conclusion", k=10, filters=SearchFilters(documents=(doc.id,)))
    full = s.get_document(doc.id)
    assert hits and {h.document.id for h in hits} == {doc.id}
    assert [h.rank for h in hits] == list(range(1, len(hits) + 1))
    for h in hits:
        assert h.text == full.text[h.chunk.char_start : h.chunk.char_end]
        assert h.chunk.citable and h.chunk.zone.value == "reasons"
    # the dissent (Moylan LJ, from [108]) says "I have come to a different conclusion"
    top = next(h for h in hits if "different conclusion" in h.text)
    assert top.chunk.author == "Moylan LJ"


def test_non_citable_zones_never_appear_by_default(judgments: str, lexical) -> None:
    r = lexical(judgments)
    query = "Zubaydah Lord Sales dissents and would allow the appeal"
    default = r.search(query, k=20)
    assert default and all(h.chunk.citable for h in default)
    assert all(h.document.kind is not DocumentKind.SUMMARY for h in default)
    marked = r.search(query, k=20, filters=SearchFilters(include_non_citable=True))
    summary_hits = [h for h in marked if h.document.kind is DocumentKind.SUMMARY]
    assert summary_hits and all(not h.chunk.citable for h in summary_hits)
    assert any("Lord Sales dissents" in h.text for h in summary_hits)


def test_filters_inside_retrieval_still_return_k(judgments: str, lexical) -> None:
    r = lexical(judgments)
    dyer = next(d for d in r.store.list_documents() if d.citation == "[2020] EWCA Civ 1375")
    hits = r.search("Ipek v Koza Altin injunction appeal", k=12, filters=SearchFilters(documents=(dyer.source,)))
    assert len(hits) == 12 and {h.document.id for h in hits} == {dyer.id}
    per = r.search("appeal", k=6, per_document=2)
    assert len(per) == 6
    assert max(sum(1 for h in per if h.document.id == d) for d in {h.document.id for h in per}) <= 2
    assert not r.search("appeal", k=5, filters=SearchFilters(kinds=(DocumentKind.STATUTE,)))
    assert {h.document.kind for h in r.search("appeal", k=5, filters=SearchFilters(kinds=(DocumentKind.JUDGMENT,)))} \
        == {DocumentKind.JUDGMENT}


@pytest.mark.parametrize(
    "query",
    ['"unbalanced quote', "title:Ipek", "field:(a OR b) AND NOT c", "[2020] EWCA Civ 1018]]", "s. 4(1)(c)))",
     "*", "?", "^2", "a~2", "{x TO y}", "IN [a b]", "-", "+Koza -Altin", "\\", "ü ñ 中文", "",
     "'; DROP TABLE documents; --", "a:* & !b <-> c", "it's O'Brien's", "%_%"],
)
def test_query_syntax_never_breaks_the_search(judgments: str, lexical, query: str) -> None:
    r = lexical(judgments)
    hits = r.search(query, k=3)
    assert isinstance(hits, list)
    if query == "+Koza -Altin":  # operators are words, not syntax: Koza and Altin both count
        assert hits and hits[0].document.citation == "[2020] EWCA Civ 1018"
    assert len(r.store.list_documents()) == 4


@pytest.mark.parametrize(
    "as_of, words, version",
    [
        ("2020-01-01", "not more than twenty other judges", "2018-06-21"),
        ("2021-06-28", "not more than twenty other judges", "2018-06-21"),
        ("2021-06-29", "not more than 22 other judges", "2021-06-29"),
        ("2021-07-01", "not more than 22 other judges", "2021-06-29"),
    ],
)
def test_as_of_returns_the_version_in_force(t2: str, lexical, as_of: str, words: str, version: str) -> None:
    hits = lexical(t2).search("Tax Court of Canada Act s. 4(1)(c)", k=5, filters=SearchFilters(as_of=as_of))
    top = hits[0]
    assert top.chunk.labels == ("s. 4(1)(c)",)
    assert words in top.text
    assert top.document.version_date == version
    assert sum(1 for h in hits if h.chunk.labels == ("s. 4(1)(c)",)) == 1  # one version answers for that day


def test_without_as_of_every_version_is_searchable(t2: str, lexical) -> None:
    hits = lexical(t2).search("s. 4(1)(c) other judges", k=8)
    texts = {h.text for h in hits if h.chunk.labels == ("s. 4(1)(c)",)}
    assert "(c) not more than twenty other judges." in texts and "(c) not more than 22 other judges." in texts


def test_a_store_write_behind_the_retriever_is_noticed(stores, corpus: Path, lexical) -> None:
    loc = stores.location("stale")
    with open_store(loc) as s:
        assert not ingest_paths(s, [corpus / JUDGMENTS[0]]).failed
    r = lexical(loc)
    assert all(h.document.citation != "[2020] EWCA Civ 1741" for h in r.search("Fratila", k=3))
    # a document written straight to the store by another connection (another process, or a crash between
    # store and index would leave it so)
    path = corpus / EWCA / "2020-ewca-1741-civ.xml"
    doc = document_from_bytes(path.read_bytes(), str(path))
    with open_store(loc) as other:
        other.put_document(doc, chunk_document(doc))
    hits = r.search("Fratila", k=3)
    assert hits and hits[0].document.citation == "[2020] EWCA Civ 1741"
    with open_store(loc) as other:
        other.delete_document(doc.id)
    assert all(h.document.id != doc.id for h in r.search("Fratila", k=3))
