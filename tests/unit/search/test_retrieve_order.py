"""Two stores holding the same documents rank alike, whatever order (and in how many steps) they were
ingested in.

Equal scores are common in a real corpus: a clause several versions of a contract share word for word, a
named document whose chunks only the name matched.  The indexes break such ties by their own order (tantivy by
document address, which follows insertion order and segments; the dense index by row), so ``pincite eval``'s
store (the corpus, then the gold sets' other files) ranked otherwise than one ingested in a single call.
"""

from __future__ import annotations

import datetime
from pathlib import Path

import pytest

from pincite.ingest import ingest_paths
from pincite.search.retrieve import RetrievalMode, Retriever
from pincite.store.sqlite import SQLiteStore
from pincite.search.indexes import order_ties
from pincite.types import SearchFilters, content_sha256, document_id, tie_order

#: Four storage notices with the same title and the same insurance rule word for word (so equal lexical scores
#: and equal vectors), different people and rent (so four documents).  They are notices, not agreements: a
#: contract is named by its parties (issue 25), so four leases' passages would carry four different names and
#: never tie in the dense index.
LEASE = """HARBOUR STORAGE RULES

These rules apply to the store that {landlord} lets to {tenant}.

1. RENT

1.1 The tenant pays rent of {rent} pounds each month in advance on the first day of the month.

2. INSURANCE

2.1 The landlord insures the building against fire, flood and storm damage.

3. GOVERNING LAW

3.1 These rules are governed by the laws of Scotland.
"""
PARTIES = [("Gullwing Marine Ltd", "Pemberton Kites plc", "4,000"),
           ("Ardmore Quays Ltd", "Selkie Sails Ltd", "5,500"),
           ("Brinkhall Docks Ltd", "Tarn Rigging plc", "2,750"),
           ("Corrie Wharf Ltd", "Osprey Ropes Ltd", "3,100")]
QUERIES = ["Who must insure the building against fire and flood?", "harbour storage lease insurance",
           "rent payable each month in advance"]


@pytest.fixture(scope="module")
def leases(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    d = tmp_path_factory.mktemp("leases")
    out = []
    for i, (landlord, tenant, rent) in enumerate(PARTIES):
        p = d / f"lease_{i}.txt"
        p.write_text(LEASE.format(landlord=landlord, tenant=tenant, rent=rent), encoding="utf-8")
        out.append(p)
    return out


def rankings(db: Path, groups: list[list[Path]]) -> dict[tuple[str, str], list[tuple[str, float]]]:
    """Ingest ``groups`` one ingest call (and index update) after another; then each mode's ranking of each
    query, as (chunk id, score)."""
    with SQLiteStore(db) as s:
        for g in groups:
            assert not ingest_paths(s, [str(p) for p in g]).failed
            Retriever(s, RetrievalMode.HYBRID).search("insure", k=1)  # both indexes are written per step
        out = {}
        for mode in (RetrievalMode.LEXICAL, RetrievalMode.DENSE, RetrievalMode.HYBRID):
            r = Retriever(s, mode)
            for q in QUERIES:
                out[(mode.value, q)] = [(h.id, h.score) for h in r.search(q, k=10)]
    return out


def test_stores_ingested_in_different_orders_rank_alike(leases: list[Path], tmp_path: Path) -> None:
    # the second store gets the documents that come last in tie_order first, in a step of their own: the
    # indexes' own order then disagrees with tie_order (and with the first store's)
    by_id = sorted(leases, key=lambda p: document_id(p.name, content_sha256(p.read_bytes())), reverse=True)
    at_once = rankings(tmp_path / "a.db", [by_id[::-1]])
    two_steps = rankings(tmp_path / "b.db", [by_id[:2], by_id[2:]])
    for key, hits in at_once.items():
        assert [c for c, _ in hits] == [c for c, _ in two_steps[key]], key
    # the shared clause is found in all four leases, tied, and the tie is ordered by tie_order
    for mode in ("lexical", "dense"):
        hits = at_once[(mode, QUERIES[0])]
        tied = [c for c, s in hits if s == hits[0][1]]
        assert len(tied) == 4, (mode, hits)
        assert tied == sorted(tied, key=tie_order)


def test_tie_order_reads_chunk_and_document_ids() -> None:
    assert tie_order("doc_ab:c120-340") == ("doc_ab", 120, 340)
    assert sorted(["doc_ab:c1200-1300", "doc_ab:c90-1200", "doc_aa:w5-9"], key=tie_order) == \
        ["doc_aa:w5-9", "doc_ab:c90-1200", "doc_ab:c1200-1300"]  # by span, not as text
    assert tie_order("doc_ab") == ("doc_ab", -1, -1)


def test_order_ties_orders_only_equal_scores_and_keeps_the_cut_off() -> None:
    hits = [(3.0, "doc_b:c0-5"), (2.0, "doc_z:c9-12"), (2.0, "doc_a:c100-120"), (2.0, "doc_a:c20-40"),
            (1.0, "doc_a:c0-5")]
    assert order_ties(hits, str, 3) == [("doc_b:c0-5", 3.0), ("doc_a:c20-40", 2.0), ("doc_a:c100-120", 2.0)]
    assert [h for h, _ in order_ties(hits, str, 10)] == \
        ["doc_b:c0-5", "doc_a:c20-40", "doc_a:c100-120", "doc_z:c9-12", "doc_a:c0-5"]  # 3 > 2 > 1 stays


def test_a_date_filter_adds_nothing_to_the_score_however_the_store_was_ingested(corpus: Path,
                                                                               tmp_path: Path) -> None:
    """Four versions of an Act (the older ones out of force on the date asked) and a contract: ingested at
    once, or the Act and then the contract (its own index segment, every passage of it in force).  tantivy
    left a filter's score out where the filter matched a whole segment, so the contract's passages scored
    1.0 less in the second store, and the ranking of the two stores differed."""
    act = corpus / "canada_justice_laws_xml" / "S-23"
    contract = corpus / "contracts_cuad" / "txt" / ("FuseMedicalInc_20190321_10-K_EX-10.43_11575454_EX-10.43_"
                                                    "Distributor Agreement.txt")
    day = datetime.date(2026, 1, 1)
    queries = ["termination of the agreement on notice", "obligations of the distributor",
               "inspection of vessels by an officer"]
    out = []
    for name, groups in (("a.db", [[act, contract]]), ("b.db", [[act], [contract]])):
        with SQLiteStore(tmp_path / name) as s:
            for g in groups:
                assert not ingest_paths(s, [str(p) for p in g]).failed
                Retriever(s, RetrievalMode.LEXICAL).search("agreement", k=1)  # the index is written per step
            r = Retriever(s, RetrievalMode.LEXICAL)
            out.append([[(h.id, h.score) for h in r.search(q, k=10, filters=SearchFilters(as_of=day))]
                        for q in queries])
    assert any(c.startswith(tuple(docs_of(tmp_path / "a.db", contract))) for hits in out[0] for c, _ in hits)
    assert out[0] == out[1]


def docs_of(db: Path, path: Path) -> list[str]:
    """The ids of the stored documents ingested from ``path``."""
    with SQLiteStore(db) as s:
        return [d.id for d in s.list_documents() if d.source == str(path.resolve())]
