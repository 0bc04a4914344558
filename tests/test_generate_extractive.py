"""The extractive generator cites what supports the claim: one best passage, a second only when it adds support,
the court's reasons over its introduction and a party's case, the dissent's conclusion when asked why — and it
abstains when the question names something the documents do not.  Real documents, real index, real checks."""

from __future__ import annotations

from pathlib import Path

import pytest

from pincite.generate.extractive import defined_abbreviations, named_phrases, terms
from tests.extractive_helpers import extractive_asker, ingested

FILES = [
    "uk_find_case_law/ewca_civ_2020_legacy_akn/2020-ewca-1018-civ.xml",
    "uk_find_case_law/ewca_civ_2020_legacy_akn/2020-ewca-871-civ.xml",
    "uk_find_case_law/modern_fcl_akn/ewca_civ_2021_1881_termhouse.xml",
    "pdf_judgments/scotus_2013_tarrant_regional_water_dist_v_herrmann_569US614_slip.pdf",
    "canada_justice_laws_xml/T-2/T-2_pit-2026-03-26.xml",
    "contracts_cuad/txt/ENERGOUSCORP_03_16_2017-EX-10.24-STRATEGIC ALLIANCE AGREEMENT.txt",
]


def test_terms_meet_across_spelling_and_plain_words() -> None:
    assert terms("authorised") == terms("authorized")
    assert terms("end the agreement") == terms("terminated")
    assert set(terms("Applicable Law")) == set(terms("which law applies"))


def test_named_phrases_and_defined_short_forms() -> None:
    assert named_phrases("How many judges sit on the Federal Court of Appeal of Canada?") == \
        ["federal court of appeal of canada"]
    assert named_phrases("Why did the Supreme Court hold the Home Secretary's Rwanda removal policy unlawful?") == \
        ["supreme court", "home secretary"]
    assert named_phrases("Why did Males LJ disagree?") == []  # a judge is named as "Lord Justice Males" too
    assert defined_abbreviations("The First-tier Tribunal (Property Chamber) (\u201cthe FTT\u201d) does not") == \
        {"FTT": {"first", "tier", "tribunal"}}


@pytest.fixture(scope="module")
def ask(tmp_path_factory: pytest.TempPathFactory, corpus: Path):  # type: ignore[no-untyped-def]
    store = ingested(tmp_path_factory.mktemp("extractive") / "x.db", [corpus / f for f in FILES])
    yield extractive_asker(store)
    store.close()


@pytest.mark.shared
class TestOnRealDocuments:
    @staticmethod
    def units(ans) -> list[str]:  # type: ignore[no-untyped-def]
        return [c.candidate.unit.label for c in ans.citations]

    def test_a_holding_cites_the_disposal_and_the_other_majority_judge_agreeing(self, ask) -> None:  # type: ignore[no-untyped-def]
        ans = ask("Did the Court of Appeal uphold the revocation of Emson's expandable garden hose patents for "
                  "obviousness over McDonald?")
        assert self.units(ans) == ["[80]", "[81]"]  # Arnold LJ disposes, Henderson LJ agrees; not Floyd LJ

    def test_why_a_judge_dissented_is_his_conclusion_not_his_opening(self, ask) -> None:  # type: ignore[no-untyped-def]
        why = ask("On what basis would Moylan LJ have set aside the injunction against Koza Ltd funding the "
                  "arbitration?")
        assert self.units(why) and self.units(why)[0].startswith(("[161]", "[162]"))
        assert all(c.candidate.unit.role.value == "dissenting" for c in why.citations)
        who = ask("Which judge came to a different conclusion in Ipek v Koza Altin, and how did he put it?")
        assert self.units(who) == ["[108]"]  # "I have come to a different conclusion on this appeal…"

    def test_the_courts_holding_not_a_partys_claim_in_the_introduction(self, ask) -> None:  # type: ignore[no-untyped-def]
        ans = ask("Does the Red River Compact pre-empt Oklahoma's water statutes that restrict out-of-state "
                  "diversions?")
        assert self.units(ans) == ["¶51"]  # not ¶1, "Tarrant … claims that … the Compact pre-empts…"

    def test_a_defined_short_form_stands_for_its_words(self, ask) -> None:  # type: ignore[no-untyped-def]
        ans = ask("Can a First-tier Tribunal decision that only determines service charges, without ordering "
                  "payment, be enforced through the County Court?")
        assert self.units(ans) == ["[22]"]  # "a decision of the FTT other than one ordering the payment…"

    def test_a_caption_says_what_the_clause_is_about(self, ask) -> None:  # type: ignore[no-untyped-def]
        ans = ask("Which law applies to the strategic alliance agreement between Energous and Dialog?")
        assert self.units(ans) == ["cl. 19.1"]  # "Applicable Law. This Agreement will be governed by…"

    def test_abstains_when_the_question_names_what_no_document_does(self, ask) -> None:  # type: ignore[no-untyped-def]
        ans = ask("How many judges sit on the Federal Court of Appeal of Canada?")
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
    """"What is the limitation period…" repeats the words of a passage that quotes a rule about a "period of
    limitation" under the Act, and states no period: the generator abstains rather than cite it.  A sentence
    that states a duration answers the same kind of question."""
    (tmp_path / "rowan_v_sorrel.txt").write_text(ROWAN, encoding="utf-8")
    (tmp_path / "hazel_records.txt").write_text(HAZEL, encoding="utf-8")
    with ingested(tmp_path / "d.db", [tmp_path / "rowan_v_sorrel.txt", tmp_path / "hazel_records.txt"]) as store:
        assert len(store.list_documents()) == 2
        ask = extractive_asker(store)
        none = ask("What is the limitation period for a claim in negligence under the Limitation Act 1980?")
        assert none.retrieved and any("period of limitation" in p.text for p in none.retrieved)
        assert none.citations == []
        kept = ask("What is the period for which Willow must keep the records of each delivery?")
        assert [c.candidate.unit.label for c in kept.citations] == ["cl. 1.1"]
