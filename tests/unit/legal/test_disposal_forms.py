"""The forms a court's own disposal takes beyond an appeal court's modal vote (issue 52): a first-instance
judge's verdict on the claim, judgment entered, and grounds of decision reporting the court's vote in the past
tense — each against the sentences that only look like one."""

from __future__ import annotations

import pytest

from pincite.legal.decisions import DISPOSAL_SENTENCE, matches


@pytest.mark.parametrize("sentence", [
    "For these reasons, UniCredit's claim therefore succeeds.",
    "In the result the claim fails.",
    "Accordingly, the application succeeds.",
    "There will be judgment for the Claimant in the sum of US$10,000,000 with interest.",
    "I give judgment for the defendant on the claim and the counterclaim.",
    "The Bank is entitled to judgment on its claim.",
    "At the conclusion of the hearing, we allowed the appeal.",
    "For the reasons set out above, we dismissed the appeals with costs.",
    "Appeal dismissed with costs.",
    "Application for leave to appeal refused.",
    "Reversed and remanded for further proceedings consistent with this opinion.",
    # an appeal tribunal disposes of the decision below, and remakes it (Tribunals, Courts and Enforcement Act 2007)
    "The decision of the First-tier Tribunal involved the making of an error on a point of law and is set aside.",
    "The decision of the First-tier Tribunal (Judge Smith) promulgated on 3 May 2020 is set aside.",
    "I therefore substitute a decision that the claimant is entitled to income support from 23 July 2018.",
    "We re-make the decision by dismissing the appeal on all grounds.",
    # a Divisional or Administrative Court's claim is named "for judicial review"
    "The claim for judicial review succeeds.",
    "For these reasons the claimant's claim for judicial review of the inquest fails.",
])
def test_a_court_s_own_disposal(sentence: str) -> None:
    assert matches(DISPOSAL_SENTENCE, sentence)


@pytest.mark.parametrize("sentence, why", [
    ("I would therefore hold that ground 3 of the grounds of appeal fails.", "one ground, not the appeal"),
    ("The claim in negligence fails.", "one cause of action, not the claim"),
    ("A claim fails if it is brought out of time.", "a rule"),
    ("The claim fails to identify any recoverable loss.", "a criticism of the pleading"),
    ("so as to enable his claim to be met from the trust fund should he succeed in establishing the right",
     "a condition in a quoted passage"),
    ("In Smith v Jones the court allowed the appeal.", "another court's disposal, told as history"),
    ("We refused to admit the fresh evidence.", "a procedural ruling, not the appeal"),
    ("The normal course when a claim for judicial review succeeds is to remit the matter.", "what usually follows"),
    ("A decision of the tribunal is set aside only if it involved an error of law.", "a rule"),
    ("I would substitute my own view for that of the judge only if she was plainly wrong.", "no decision substituted"),
    ("The appeal dismissed by the High Court was later restored.", "history, not an order"),
    ("A person removed pending an appeal may apply for permission to return, and that permission must be granted "
     "unless his return would harm public security.", "a rule about the permission, not the appeal's disposal"),
])
def test_not_a_disposal(sentence: str, why: str) -> None:
    assert not matches(DISPOSAL_SENTENCE, sentence), why


@pytest.mark.parametrize("question, asked", [
    ("Was the Court of Appeal split in the drug importation appeal?", True),
    ("Was the panel split?", True),
    ("Was it a majority decision?", True),
    ("Did the appeal succeed by a majority?", True),
    ("What did the majority decision hold about the presumption?", False),  # the majority's reasons
    ("What was the majority view on costs?", False),
])
def test_whether_the_court_was_divided_asked_as_a_split_or_a_majority(question: str, asked: bool) -> None:
    from pincite.answer.structure import dissent_decides
    assert dissent_decides(question) is asked
