"""Retrieval on the real corpus: names find their documents, provisions their units, dates their versions;
filters run inside retrieval; a missing or stale index is rebuilt, never answered from.

Lexical mode keeps these fast; the dense and hybrid paths are tested on small fixtures in
tests/test_retrieve_hybrid.py and tests/test_embed.py."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from pincite.index import index_paths
from pincite.ingest import document_from_bytes, ingest_paths
from pincite.retrieve import RetrievalMode, Retriever, SearchFilters
from pincite.store.sqlite import SQLiteStore
from pincite.types import DocumentKind

pytestmark = pytest.mark.shared

EWCA = "uk_find_case_law/ewca_civ_2020_legacy_akn"
JUDGMENTS = (f"{EWCA}/2020-ewca-1018-civ.xml", f"{EWCA}/2020-ewca-1375-civ.xml", f"{EWCA}/2020-ewca-1357-civ.xml")
ZUBAYDAH = "uk_find_case_law/press_summaries/uksc_2023_50_zubaydah_press_summary.xml"
T2 = "canada_justice_laws_xml/T-2"


@pytest.fixture(scope="module")
def judgments_db(corpus: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    db = tmp_path_factory.mktemp("retrieve") / "j.db"
    with SQLiteStore(db) as s:
        report = ingest_paths(s, [corpus / p for p in (*JUDGMENTS, ZUBAYDAH)])
        assert not report.failed and report.index_error is None
    return db


@pytest.fixture(scope="module")
def t2_db(corpus: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    db = tmp_path_factory.mktemp("retrieve") / "t2.db"
    with SQLiteStore(db) as s:
        report = ingest_paths(s, [corpus / T2])
        assert len(report.stored) == 4 and not report.failed
    return db


def lexical(db: Path) -> tuple[SQLiteStore, Retriever]:
    s = SQLiteStore(db)
    return s, Retriever(s, RetrievalMode.LEXICAL)


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
def test_a_query_naming_a_case_finds_that_case(judgments_db: Path, query: str, citation: str) -> None:
    s, r = lexical(judgments_db)
    hits = r.search(query, k=5)
    s.close()
    assert hits, query
    assert all(h.document.citation == citation for h in hits[:3]), [h.document.citation for h in hits]


def test_hits_carry_the_envelope_and_exact_text(judgments_db: Path) -> None:
    s, r = lexical(judgments_db)
    hits = r.search("Moylan LJ different conclusion", k=10, filters=SearchFilters(documents=(JUDGMENTS[0].split("/")[-1],)))
    assert not hits  # a documents filter takes ids or full sources, not bare file names
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
    s.close()


def test_non_citable_zones_never_appear_by_default(judgments_db: Path) -> None:
    s, r = lexical(judgments_db)
    query = "Zubaydah Lord Sales dissents and would allow the appeal"
    default = r.search(query, k=20)
    assert default and all(h.chunk.citable for h in default)
    assert all(h.document.kind is not DocumentKind.SUMMARY for h in default)
    marked = r.search(query, k=20, filters=SearchFilters(include_non_citable=True))
    summary_hits = [h for h in marked if h.document.kind is DocumentKind.SUMMARY]
    assert summary_hits and all(not h.chunk.citable for h in summary_hits)
    assert any("Lord Sales dissents" in h.text for h in summary_hits)
    s.close()


def test_filters_inside_retrieval_still_return_k(judgments_db: Path) -> None:
    s, r = lexical(judgments_db)
    dyer = next(d for d in s.list_documents() if d.citation == "[2020] EWCA Civ 1375")
    # the query names Ipek, but the filter keeps only Dyer: k hits must still come back, all from Dyer
    hits = r.search("Ipek v Koza Altin injunction appeal", k=12, filters=SearchFilters(documents=(dyer.source,)))
    assert len(hits) == 12 and {h.document.id for h in hits} == {dyer.id}
    per = r.search("appeal", k=6, per_document=2)
    assert len(per) == 6
    assert max(sum(1 for h in per if h.document.id == d) for d in {h.document.id for h in per}) <= 2
    assert not r.search("appeal", k=5, filters=SearchFilters(kinds=(DocumentKind.STATUTE,)))
    s.close()


@pytest.mark.parametrize(
    "query",
    ['"unbalanced quote', "title:Ipek", "field:(a OR b) AND NOT c", "[2020] EWCA Civ 1018]]", "s. 4(1)(c)))",
     "*", "?", "^2", "a~2", "{x TO y}", "IN [a b]", "-", "+Koza -Altin", "\\", "ü ñ 中文", ""],
)
def test_query_syntax_never_breaks_the_search(judgments_db: Path, query: str) -> None:
    s, r = lexical(judgments_db)
    hits = r.search(query, k=3)
    assert isinstance(hits, list)
    if query == "+Koza -Altin":  # operators are words, not syntax: Koza and Altin both count
        assert hits and hits[0].document.citation == "[2020] EWCA Civ 1018"
    s.close()


@pytest.mark.parametrize(
    "as_of, words, version",
    [
        ("2020-01-01", "not more than twenty other judges", "2018-06-21"),
        ("2021-06-28", "not more than twenty other judges", "2018-06-21"),
        ("2021-06-29", "not more than 22 other judges", "2021-06-29"),
        ("2021-07-01", "not more than 22 other judges", "2021-06-29"),
    ],
)
def test_as_of_returns_the_version_in_force(t2_db: Path, as_of: str, words: str, version: str) -> None:
    s, r = lexical(t2_db)
    hits = r.search("Tax Court of Canada Act s. 4(1)(c)", k=5, filters=SearchFilters(as_of=as_of))
    top = hits[0]
    assert top.chunk.labels == ("s. 4(1)(c)",)
    assert words in top.text
    assert top.document.version_date == version
    # only one version of the provision answers for that day
    assert sum(1 for h in hits if h.chunk.labels == ("s. 4(1)(c)",)) == 1
    s.close()


def test_without_as_of_every_version_is_searchable(t2_db: Path) -> None:
    s, r = lexical(t2_db)
    hits = r.search("s. 4(1)(c) other judges", k=8)
    texts = {h.text for h in hits if h.chunk.labels == ("s. 4(1)(c)",)}
    assert "(c) not more than twenty other judges." in texts and "(c) not more than 22 other judges." in texts
    s.close()


def test_deleting_the_lexical_index_rebuilds_it(judgments_db: Path, tmp_path: Path) -> None:
    db = tmp_path / "copy.db"
    shutil.copy(judgments_db, db)
    s, r = lexical(db)
    lex_dir, _ = index_paths(s)
    assert not lex_dir.exists()  # the copy has no index yet: the first search builds it
    before = [h.id for h in r.search("Ipek v Koza Altin undertaking", k=5)]
    assert lex_dir.exists() and before
    shutil.rmtree(lex_dir)
    s2, r2 = lexical(db)
    after = [h.id for h in r2.search("Ipek v Koza Altin undertaking", k=5)]
    assert after == before and lex_dir.exists()
    # and a retriever that was open when the folder went notices too
    shutil.rmtree(lex_dir)
    assert [h.id for h in r.search("Ipek v Koza Altin undertaking", k=5)] == before and lex_dir.exists()
    s.close()
    s2.close()


def test_a_store_write_behind_the_index_is_noticed(judgments_db: Path, tmp_path: Path, corpus: Path) -> None:
    db = tmp_path / "stale.db"
    shutil.copy(judgments_db, db)
    s, r = lexical(db)
    assert r.search("Fratila", k=3) == [] or all(h.document.citation != "[2020] EWCA Civ 1741" for h in r.search("Fratila", k=3))
    # a document written straight to the store (as a crash between store and index would leave it)
    path = corpus / EWCA / "2020-ewca-1741-civ.xml"
    doc = document_from_bytes(path.read_bytes(), str(path))
    from pincite.chunk import chunk_document

    s.put_document(doc, chunk_document(doc))
    hits = r.search("Fratila", k=3)
    assert hits and hits[0].document.citation == "[2020] EWCA Civ 1741"
    # and a deleted one disappears
    s.delete_document(doc.id)
    assert all(h.document.id != doc.id for h in r.search("Fratila", k=3))
    s.close()
