"""Contract pinpoints: an answer quoting a sub-clause cites that sub-clause in its own words — without the clause's
caption line above it or its number ("Price" / "2.1") — whichever generator quotes it, on a real CUAD contract
and on a contract written here in the shape lawyers type (a caption line straight above "2.1", numbered 1–2 then
9–10, so no number may be guessed from position)."""

from __future__ import annotations

from pathlib import Path

import pytest

import pincite

FUSE = "contracts_cuad/txt/FuseMedicalInc_20190321_10-K_EX-10.43_11575454_EX-10.43_Distributor Agreement.txt"

SUPPLY = """SUPPLY AGREEMENT

This Supply Agreement is made on 3 March 2024 between Northwind Parts Limited ("Supplier") and Harbour Tools Inc. \
("Buyer").

1. Term
1.1 This Agreement starts on the Effective Date and continues for three (3) years unless terminated earlier under \
clause 9.

2. Price
2.1 The Buyer shall pay the prices in Schedule 1 within thirty (30) days of the date of each invoice.

9. Termination
9.1 Either party may terminate this Agreement by written notice if the other party commits a material breach and \
fails to remedy it within twenty (20) business days of being notified of the breach.
9.2 The Buyer may terminate this Agreement for convenience on ninety (90) days' written notice.

10. Governing law
10.1 This Agreement is governed by the laws of the State of New York.
"""


@pytest.fixture(scope="module")
def contracts_db(tmp_path_factory: pytest.TempPathFactory, request: pytest.FixtureRequest) -> Path:
    corpus = request.getfixturevalue("corpus")
    folder = tmp_path_factory.mktemp("contracts")
    (folder / "supply.txt").write_text(SUPPLY, encoding="utf-8")
    db = folder / "contracts.db"
    with pincite.Pincite(db, dense=False, create=True) as lib:
        report = lib.ingest([str(folder / "supply.txt"), str(corpus / FUSE)])
        assert not report.failed
    return db


QUESTIONS = [
    # (question, the contract it is asked of, the pinpoint, the words the quote starts with)
    ("When must the buyer pay the prices in Schedule 1?", "supply.txt", "cl. 2.1", "The Buyer shall pay"),
    ("How many days does a party have to remedy a material breach?", "supply.txt", "cl. 9.1", "Either party may"),
    ("Is the distributor appointed as an exclusive distributor?", "Distributor Agreement.txt", "cl. 2.1",
     "The Supplier appoints the Distributor"),
]


@pytest.mark.shared
@pytest.mark.parametrize("generator", ["extractive", "ranker"])
@pytest.mark.parametrize("question, source, pin, opening", QUESTIONS)
def test_a_sub_clause_is_quoted_in_its_own_words_and_pinpointed_to_itself(
        contracts_db: Path, generator: str, question: str, source: str, pin: str, opening: str) -> None:
    with pincite.Pincite(contracts_db, dense=False, generator=generator) as lib:
        doc = next(d for d in lib.documents() if d.source.endswith(source))
        answer = lib.ask(question, documents=[doc.id])
    assert answer.citations, answer.to_json()
    c = answer.citations[0]
    assert c.pinpoint == pin, (c.pinpoint, c.quote)  # not "cl. 2", whose caption line the sentence began with
    assert c.quote.startswith(opening), c.quote  # not "Price 2.1 The Buyer …" nor "2.1 The Supplier …"
