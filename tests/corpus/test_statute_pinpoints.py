"""Statute pinpoints on the real Canadian Acts of ../shared/corpus (issue 29, item 6): a quote is pinpointed to
the smallest unit holding all of it, and a provision's marginal note (its caption) and its numbers are not part
of its quoted words — in generated answers (the extractive reading of sentences, which the ranker
answerer quotes too) and in the draft checker's suggestions and in-force text."""

from __future__ import annotations

import datetime
from pathlib import Path

import pytest

import pincite
from pincite.answer.citecheck import Checker, Verdict
from pincite.store.sqlite import SQLiteStore

ACTS = ["canada_justice_laws_xml/P-21", "canada_justice_laws_xml/S-23"]


@pytest.fixture(scope="module")
def acts_db(tmp_path_factory: pytest.TempPathFactory, request: pytest.FixtureRequest) -> Path:
    corpus = request.getfixturevalue("corpus")
    db = tmp_path_factory.mktemp("acts") / "acts.db"
    with pincite.Pincite(db, dense=False, create=True) as lib:
        report = lib.ingest([str(corpus / p) for p in ACTS])
        assert not report.failed
    return db


QUESTIONS = [
    # (question, as of, the pinpoint, the words the quote starts with)
    ("What happens if a certificate under the Canada Evidence Act prohibiting disclosure of personal information "
     "is issued before a complaint is filed?", "2025-07-01", "s. 70.1(1)",
     "If a certificate under section 38.13 or 38.41 of the Canada Evidence Act"),
    ("Is interest payable by a borrower on a guaranteed student loan?", "2025-07-01", "s. 4(1)",
     "Beginning on April 1, 2023, no interest is payable"),
]


@pytest.mark.shared
@pytest.mark.parametrize("generator", ["extractive", "ranker"])
@pytest.mark.parametrize("question, as_of, pin, opening", QUESTIONS)
def test_an_answer_quotes_the_provisions_own_words_pinpointed_to_the_smallest_unit(
        acts_db: Path, generator: str, question: str, as_of: str, pin: str, opening: str) -> None:
    with pincite.Pincite(acts_db, dense=False, generator=generator) as lib:
        answer = lib.ask(question, as_of=as_of)
    assert answer.citations, answer.to_json()
    c = answer.citations[0]
    assert c.pinpoint == pin, (c.pinpoint, c.quote)
    assert c.quote.startswith(opening), c.quote  # not "Certificate under Canada Evidence Act 70.1 (1) If …"
    assert answer.claims[0].text.startswith(opening)


@pytest.mark.shared
def test_the_checkers_in_force_text_and_suggestion_leave_out_the_marginal_note(acts_db: Path) -> None:
    draft = ("The Commissioner \"shall not disclose information subject to a certificate issued under section 38.13 "
             "of the Canada Evidence Act\": Privacy Act, s. 70.1(3). A borrower pays nothing, for \"no interest is "
             "payable by a borrower on a guaranteed student loan\": Canada Student Loans Act, s. 4(2).")
    s = SQLiteStore(acts_db)
    try:
        report = Checker(s).check_text(draft, "memo.md", datetime.date(2025, 7, 1))
    finally:
        s.close()
    old, wrong = report.results  # "section 38.13 of the Canada Evidence Act" is the quoted words', not a citation
    assert old.verdict is Verdict.NOT_IN_FORCE, old.detail
    assert "in force on 2025-07-01: “(3) The Privacy Commissioner and every person" in old.detail, old.detail
    assert "Information not to be disclosed" not in old.detail  # s. 70.1(3)'s marginal note is not its text
    assert "the quoted words are in s. 70.1(3) of the versions as of 2019-08-28, 2022-10-01 and 2023-09-01" \
        in old.detail
    assert wrong.verdict is Verdict.WRONG_PINPOINT and wrong.suggested is not None
    assert wrong.suggested[0] == "s. 4(1)"
