"""The extractive generator cites what supports the claim: a majority judge's disposal (and another majority judge
agreeing) for a holding, the dissent's own conclusion when asked why, the court's reasons over a party's case, a
contract's clause of the kind asked — and it abstains when the question names something the documents do not.
Real documents, real index, real checks; the questions are written for these tests (none is a gold question), and
what is asserted is the kind of passage cited, never its words."""

from __future__ import annotations

from pathlib import Path

import pytest

from pincite.generate.extractive import ClauseKindTest, defined_abbreviations, named_phrases
from pincite.legal.language import ARGUMENT, DISAGREEMENT, DISPOSAL, ISSUE
from pincite.types import Role
from tests.support.extractive_helpers import extractive_asker, ingested

FILES = [
    "uk_find_case_law/ewca_civ_2020_legacy_akn/2020-ewca-1018-civ.xml",
    "uk_find_case_law/ewca_civ_2020_legacy_akn/2020-ewca-871-civ.xml",
    "uk_find_case_law/modern_fcl_akn/ewca_civ_2021_1881_termhouse.xml",
    "pdf_judgments/scotus_2013_tarrant_regional_water_dist_v_herrmann_569US614_slip.pdf",
    "canada_justice_laws_xml/T-2/T-2_pit-2026-03-26.xml",
    "contracts_cuad/txt/ENERGOUSCORP_03_16_2017-EX-10.24-STRATEGIC ALLIANCE AGREEMENT.txt",
]
DISSENTING = (Role.DISSENTING, Role.PARTLY_DISSENTING)


def test_named_phrases_and_defined_short_forms() -> None:
    assert named_phrases("How many judges sit on the Court of Appeal for Ontario?") == ["court of appeal for ontario"]
    assert named_phrases("Why did the Upper Tribunal set aside the Secretary of State's decision?") == \
        ["upper tribunal", "secretary of state"]
    assert named_phrases("Why did Smith LJ disagree?") == []  # a judge is named as "Lord Justice Smith" too
    assert defined_abbreviations("The Competition Appeal Tribunal (\u201cthe CAT\u201d) held") == \
        {"CAT": {"competit", "appeal", "tribun"}}


@pytest.fixture(scope="module")
def ask(tmp_path_factory: pytest.TempPathFactory, corpus: Path):  # type: ignore[no-untyped-def]
    store = ingested(tmp_path_factory.mktemp("extractive") / "x.db", [corpus / f for f in FILES])
    yield extractive_asker(store)
    store.close()


@pytest.mark.shared
class TestOnRealDocuments:
    def test_a_holding_is_a_majority_disposal_and_a_second_majority_judge(self, ask) -> None:  # type: ignore[no-untyped-def]
        ans = ask("Was the appeal about the obviousness of the expandable hose patents dismissed?")
        assert ans.citations, ans.text
        units = [c.candidate.unit for c in ans.citations]
        assert all(u.role not in DISSENTING for u in units)  # the dissent discusses the same point
        assert DISPOSAL.search(ans.citations[0].candidate.raw.quote)
        assert len({u.author for u in units}) == len(units)  # a second claim only from another judge

    def test_why_a_judge_dissented_is_their_own_reasoning_not_their_opening(self, ask) -> None:  # type: ignore[no-untyped-def]
        ans = ask("What were Moylan LJ's reasons for disagreeing about the injunction?")
        assert ans.citations, ans.text
        doc = ans.citations[0].candidate.doc
        first_of_moylan = next(u for u in doc.units if u.author == "Moylan LJ" and u.number)
        for c in ans.citations:
            assert c.candidate.unit.author == "Moylan LJ" and c.candidate.unit.role in DISSENTING
            assert c.candidate.unit.ordinal != first_of_moylan.ordinal
        who = ask("Who disagreed with the majority about the funding injunction?")
        assert who.citations and all(c.candidate.unit.role in DISSENTING for c in who.citations), who.text
        assert DISAGREEMENT.search(who.citations[0].candidate.raw.quote)

    def test_the_courts_holding_not_a_partys_claim_or_the_question_restated(self, ask) -> None:  # type: ignore[no-untyped-def]
        ans = ask("Did the Supreme Court hold that the Compact pre-empts the Oklahoma statutes on out-of-state "
                  "water sales?")
        assert ans.citations, ans.text
        quote = ans.citations[0].candidate.raw.quote
        assert not ARGUMENT.search(quote) and not ISSUE.search(quote), quote

    def test_a_caption_says_what_the_clause_is_about(self, ask) -> None:  # type: ignore[no-untyped-def]
        question = "Under which state's laws is the Energous strategic alliance agreement construed?"
        ans = ask(question)
        assert ans.citations, ans.text
        kind = ClauseKindTest.for_question(question)
        assert kind is not None
        for c in ans.citations:
            assert kind.passes(c.candidate.raw.quote, " / ".join(c.candidate.unit.section_path)), c.rendered

    def test_who_may_be_appointed_is_the_provision_granting_it(self, ask) -> None:  # type: ignore[no-untyped-def]
        ans = ask("Who may be appointed a judge of the Tax Court of Canada?")
        assert ans.citations, ans.text
        assert "may be appointed" in ans.citations[0].candidate.raw.quote

    def test_abstains_when_the_question_names_what_no_document_does(self, ask) -> None:  # type: ignore[no-untyped-def]
        ans = ask("How many judges sit on the Court of Appeal for Ontario?")
        assert ans.citations == [] and ans.retrieved  # the Tax Court of Canada Act was found, and is not cited


ROWAN = """IN THE COURT OF APPEAL OF EXAMPLELAND

Rowan Builders Ltd v Sorrel Homes Ltd

JUDGMENT

[1] Rowan Builders appeals against the refusal of permission to amend its claim in negligence against Sorrel Homes.

[2] The rule provides, so far as material, as follows: "The court may allow an amendment after a period of limitation has expired under the Limitation Act 1980 only if the new claim arises out of the same facts."

[3] The new claim arises out of the same facts as the claim already made, and permission to amend should have been given.

[4] The appeal is allowed.
"""
HAZEL = """RECORDS AGREEMENT

This Records Agreement is made between Hazel Archives Limited and Willow Storage Limited.

1. Records

1.1 Willow shall keep the records of each delivery for a period of six (6) years from the date of the delivery.

1.2 Willow shall keep the records in a fireproof room and shall give Hazel access to them on request.
"""


def test_a_question_asking_how_long_needs_a_stated_duration(tmp_path: Path) -> None:
    """"How long…" repeats the words of a passage that quotes a rule about a "period of limitation" under the Act,
    and states no period: the generator abstains rather than cite it.  A sentence that states a duration answers
    the same kind of question."""
    (tmp_path / "rowan_v_sorrel.txt").write_text(ROWAN, encoding="utf-8")
    (tmp_path / "hazel_records.txt").write_text(HAZEL, encoding="utf-8")
    with ingested(tmp_path / "d.db", [tmp_path / "rowan_v_sorrel.txt", tmp_path / "hazel_records.txt"]) as store:
        assert len(store.list_documents()) == 2
        ask = extractive_asker(store)
        none = ask("In Rowan Builders v Sorrel Homes, how long is the period of limitation for an amendment?")
        assert none.retrieved and any("period of limitation" in p.text for p in none.retrieved)
        assert none.citations == []
        # asked "… under the Limitation Act 1980?", the Act is the document asked about, and it is not stored
        # (issue 27 item 2): the answer says so before any retrieval
        named = ask("How long is the period of limitation for an amendment under the Limitation Act 1980?")
        assert named.citations == [] and named.not_found == ["Limitation Act 1980"]
        kept = ask("What is the period for which Willow must keep the records of each delivery?")
        assert [c.candidate.unit.label for c in kept.citations] == ["cl. 1.1"]
