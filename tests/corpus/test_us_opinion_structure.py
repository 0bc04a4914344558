"""A US appellate opinion's structure answers how the case came out (issue 52, zoo_dev): its reasons are Parts,
not numbered paragraphs, so the court's voice is its innermost Parts, and it disposes of the judgment below
("the judgment of the district court is hereby AFFIRMED", "we affirm.", "AFFIRMED." on a line of its own) and
states its standard of review ("We review de novo…").  On the US Court of Appeals opinions of ../shared/zoo (none
reserved)."""

from __future__ import annotations

from pathlib import Path

import pytest

from pincite.answer import structure as S
from pincite.legal import decisions as D
from pincite.ingest import parse_file

pytestmark = pytest.mark.shared

US = "zoo/judgment_pdf_us_court_of_appeals/"
VINTON = US + "cadc_07-3125_united_states_v_vinton_2010.pdf"
GILDERNEW = US + "ca2_08-6301_gildernew_v_quarantillo_2010.pdf"
MORTIMER = US + "ca9_07-55393_mortimer_v_baca_2010.pdf"
BALMERT = US + "ca6_08-4433_balmert_v_reliance_standard_2010.pdf"

_docs: dict[str, object] = {}


def _doc(shared: Path, source: str):
    if source not in _docs:
        _docs[source] = parse_file(str(shared / source), source=source)
    return _docs[source]


def test_the_courts_voice_is_its_innermost_parts(shared: Path) -> None:
    sps = S.speakers(_doc(shared, VINTON))
    assert len(sps) == 1
    labels = [u.label for u in sps[0].units]
    assert "Part II.B" in labels and "Part II" not in labels and "Part IV" in labels
    assert not any(lab.startswith("n.") for lab in labels)  # footnotes are no Part of the reasons
    # a per curiam opinion with headed, unnumbered Parts only still has a voice
    assert [u.label for u in S.speakers(_doc(shared, GILDERNEW))[0].units][-1] == "Conclusion"


@pytest.mark.parametrize("source, label", [
    (GILDERNEW, "Conclusion"),  # "… the judgment of the district court is hereby AFFIRMED."
    (MORTIMER, "Part II.B"),  # "… the district court's grant of summary judgment … is AFFIRMED."
    (VINTON, "Part IV"),  # "… the judgment of the district court is\n\nAffirmed."
    (BALMERT, "DISCUSSION, Part B"),  # "AFFIRMED." on its own, quoted with the sentence before it
])
def test_the_disposal_of_the_judgment_below_is_the_outcome(shared: Path, source: str, label: str) -> None:
    doc = _doc(shared, source)
    said = S.outcome_said(doc, S.speakers(doc))
    assert said and said[-1].unit.label == label
    words = doc.text[said[-1].start:said[-1].end].split()
    assert len(words) >= 4 and "affirmed" in words[-1].lower()


def test_a_rule_about_affirming_is_no_disposal() -> None:
    assert D.matches(D.DISPOSAL_SENTENCE, "We granted a certificate of appealability (COA) and now affirm.")
    assert not D.matches(D.DISPOSAL_SENTENCE, "We affirm a grant of summary judgment only if no fact is disputed.")


def test_us_outcome_and_review_questions() -> None:
    assert S.asks_outcome("did the Ninth Circuit uphold summary judgment for the sheriff?")
    assert S.asks_outcome("What was the final disposition in the briefcase search case?")
    assert not S.asks_outcome("He argued the bar covers only the time before the interview. Why did the court "
                              "reject that?")
    assert S.asks_test("standard of review the Ninth Circuit applied to summary judgment")


def test_the_standard_of_review_is_a_test_sentence(shared: Path) -> None:
    doc = _doc(shared, GILDERNEW)
    i = doc.text.index("We review de novo")
    assert D.matches(D.TEST_SENTENCE, doc.text[i:doc.text.index(".", i) + 1])


@pytest.fixture(scope="module")
def ask(tmp_path_factory: pytest.TempPathFactory, shared: Path):  # type: ignore[no-untyped-def]
    from tests.support.extractive_helpers import ingested, ranker_asker

    s = ingested(tmp_path_factory.mktemp("usop") / "s.db", [shared / f for f in (GILDERNEW, BALMERT, MORTIMER)])
    yield ranker_asker(s)  # the default generator
    s.close()


def test_an_outcome_question_on_a_us_opinion_cites_its_disposition(ask) -> None:  # type: ignore[no-untyped-def]
    ans = ask("In the Gildernew naturalization case, did the Second Circuit affirm the judgment below?")
    assert ans.citations
    assert all("affirm" in c.to_json()["quote"].lower() for c in ans.citations)


@pytest.mark.parametrize("question, says", [
    ("what standard of review did the Second Circuit use for the summary judgment ruling in Gildernew",
     r"(?i)review(?:ed)? de novo"),
    ("In Balmert, what did the district court decide before the appeal?",
     r"(?i)district court\b.*\b(?:granted|concluded|denied|held)"),
])
def test_a_kind_of_sentence_answers_where_the_ranker_would_abstain(ask, question: str,  # type: ignore
                                                                   says: str) -> None:
    import re
    ans = ask(question)
    assert ans.citations
    assert re.search(says, " ".join(c.to_json()["quote"] for c in ans.citations))


def test_who_wrote_the_opinion_is_its_own_line_naming_the_author(ask) -> None:  # type: ignore[no-untyped-def]
    ans = ask("Who authored the Sixth Circuit's opinion in Balmert v. Reliance Standard?")
    assert ans.citations
    quote = ans.citations[0].to_json()["quote"]
    assert "SILER" in quote and len(quote.split()) >= 4


def test_outcome_evidence_is_the_last_part_not_a_footnote(shared: Path) -> None:
    """The passages added for an outcome question are where the court disposes: the last innermost Part ("V.C",
    ending "AFFIRMED."), not the footnote numbered last ("We GRANT his application" to proceed ifp)."""
    from pincite.answer.evidence import outcome_units
    doc = _doc(shared, US + "ca10_06-6247_triplet_v_franklin_2010.pdf")
    labels = [u.label for u in outcome_units(doc)]
    assert "Part V.C" in labels and not any(lab.startswith("n.") for lab in labels)


def test_a_dissent_question_on_a_single_opinion_cites_its_author_line(ask) -> None:  # type: ignore[no-untyped-def]
    """One opinion and no other beside it: no one dissented, and the line naming its author says whose it is."""
    ans = ask("Mortimer v. Baca: did any judge of the panel dissent or write separately?")
    assert ans.citations, ans.text
    assert "no one dissented" in ans.text.lower()
    quote = ans.citations[0].to_json()["quote"]
    assert "CALLAHAN" in quote and "Circuit Judge" in quote
