"""The kinds of paragraph a judgment question asks for (pincite.legal.question_kinds), and how such a
paragraph is written: general forms, no document's words."""

from __future__ import annotations

import pytest

from pincite.legal.question_kinds import kinds_asked, place_weight, says_kind


@pytest.mark.parametrize("question, kind", [
    ("What order had the judge made at first instance?", "lower-court"),
    ("What did the Recorder decide on the summary judgment application?", "lower-court"),
    ("What remedy did the Court of Appeal grant?", "outcome"),
    ("What happened to the damages claim?", "outcome"),
    ("Why did the court reject the argument that costs follow at once?", "why-failed"),
    ("What did the court make of that submission?", "why-failed"),
    ("What legal test applies to justification?", "test"),
    ("How intense should the court's scrutiny be?", "test"),
])
def test_kind_asked(question: str, kind: str) -> None:
    assert kind in [k.key for k in kinds_asked(question)]


def test_a_tribunal_named_as_a_party_asks_nothing_about_its_decision() -> None:
    assert kinds_asked("Did the second judge add anything in JH v Upper Tribunal?") == ()


@pytest.mark.parametrize("question, paragraph", [
    ("What order did the court make?", "I would therefore allow the appeal and set aside paragraph 1 of the order."),
    ("What did the judge decide at trial?", "The claimant's claims were heard by a deputy judge, who dismissed them."),
    ("Why did the argument fail?", "I do not accept that submission."),
    ("What test did the court apply?", "The applicable test in law is whether the decision was irrational."),
])
def test_paragraph_says_kind(question: str, paragraph: str) -> None:
    assert says_kind(paragraph, kinds_asked(question))


def test_a_paragraph_of_another_kind_is_none() -> None:
    assert not says_kind("The hearing took place in March.", kinds_asked("What order did the court make?"))


def test_a_disposal_stands_at_the_end_and_the_decision_below_at_the_start() -> None:
    outcome = kinds_asked("What order did the court make?")
    below = kinds_asked("What did the judge decide at first instance?")
    assert place_weight(0.95, "I would allow the appeal.", outcome) > place_weight(0.1, "I would allow the appeal.",
                                                                                   outcome)
    assert place_weight(0.05, "The judge held that the claim failed.", below) > 0.9


# -- the decision below as a sentence reports it, and the questions that ask only for it (issue 52) ----------

from pincite.legal.decisions import COSTS_ASKED, DISPOSAL_AS_TIME  # noqa: E402
from pincite.legal.question_kinds import (asks_decision_below, judges_below_named, names_deciding,  # noqa: E402
                                          reports_decision_below)


@pytest.mark.parametrize("sentence", [
    "The appeal was heard by Smith J, who gave judgment allowing the appeal.",
    "At a hearing in June Recorder Jones QC gave summary judgment in favour of the claimant.",
    "The defendant was ordered to pay the claimant £10,000.",
    "In dismissing the challenge, the judge determined that the words bore their ordinary meaning.",
    "For reasons which I discuss below, Judge Brown dismissed the mother's application.",
    "The judge held that the contract had been terminated.",
    "After a six-day trial, the High Court judge (“the Judge”) convicted the accused of trafficking.",
    "The Judge also discharged the injunction on the ground that it served no purpose.",
])
def test_a_report_of_the_decision_below(sentence: str) -> None:
    assert reports_decision_below(sentence)


@pytest.mark.parametrize("sentence, why", [
    ("For these reasons, I would dismiss the appeal.", "the appeal court's own vote"),
    ("I agree with the judge that the claim was arbitrable.", "the appeal court's own view"),
    ("He should have either dismissed the application or allowed evidence.", "what the judge should have done"),
    ("Should the judge have granted summary judgment?", "a heading that asks"),
    ("She submits that the judge fell into error in refusing the adjournment.", "a party's case about it"),
    ("Permission to appeal against the judge's order was granted by Lewison LJ.", "another court's act"),
])
def test_not_a_report_of_the_decision_below(sentence: str, why: str) -> None:
    assert not reports_decision_below(sentence), why


@pytest.mark.parametrize("question, asked", [
    ("What did Judge Wood QC decide on the appeal from the district judge?", True),
    ("What had Dove J decided on the council's appeal?", True),
    ("How much did Cockerill J order the defendant to pay?", True),
    ("Why was the deputy judge wrong to find the files were a filing system?", False),  # the appeal's reasons
    ("The grandparents appealed HHJ X's refusal to make an order. What did the Court of Appeal ultimately order?",
     False),  # what the appeal court did
    ("What sentence did the trial judge impose on the accused?", True),
    ("On what basis did the first-instance judge discharge the freezing order?", True),
    ("Why did the trial judge give no weight to the text message?", False),  # the reasons below, not the decision
    ("Where did the majority say the trial judge went wrong?", False),  # the appeal court's view of it
    ("Was the trial judge entitled to draw that inference?", False),
    ("Did the statements contain an admission, as the trial judge found?", False),  # whether the finding stands
    ("Did the trial judge's reasoning mention the witness?", False),  # the trial judge named, no decision asked
])
def test_a_question_asking_only_what_was_decided_below(question: str, asked: bool) -> None:
    assert asks_decision_below(question) is asked


def test_the_judge_below_the_question_names_is_the_one_deciding() -> None:
    names = judges_below_named("In the homelessness case, what had Dove J decided on the appeal?")
    assert names == {"Dove"}
    assert names_deciding("The appeal was heard by Dove J, who gave judgment allowing the appeal.", names)
    assert not names_deciding("The submission is that Judge Hellman directed himself correctly and that Dove "
                              "J was wrong.", names)


def test_a_disposal_named_as_a_costs_question_s_time_is_background() -> None:
    asked = "What costs order was made against the mother when the Court of Appeal dismissed her appeal?"
    assert "dismiss" not in DISPOSAL_AS_TIME.sub(" ", asked)
    both = "What happened on appeal, both on liability and on the costs order?"
    assert DISPOSAL_AS_TIME.sub(" ", both) == both
    assert COSTS_ASKED.search("Who is to decide costs now the appeal is academic?")


def test_a_question_naming_an_appeal_judge_asks_that_judge_s_view_of_the_decision_below() -> None:
    assert not asks_decision_below("Did Arnold LJ think the judge below got the legal test right?")
    assert not asks_decision_below("What did Lady Justice King make of the judge's finding at first instance?")


# -- why a ground failed (issue 52) ---------------------------------------------------------------------------

from pincite.legal.question_kinds import (asks_why_ground, disposes_ground, gives_reasons,  # noqa: E402
                                          ground_numbers)


@pytest.mark.parametrize("question", [
    "Why didn't the money recovered from the third party reduce what he had to disgorge?",
    "On what basis did the Court of Appeal find the judge wrong to refuse an intermediary?",
    "Was the circuit judge right to compare the application to varying a case management decision?",
    "In the appeal, did the judge go wrong by not working through every factor in the checklist?",
    "Why did the second ground fail?",
])
def test_a_why_ground_question_is_read(question: str) -> None:
    assert asks_why_ground(question)


def test_a_plain_outcome_question_is_no_why_ground_question() -> None:
    assert not asks_why_ground("Was the appeal allowed?")


def test_ground_numbers_read_digits_romans_and_ordinals() -> None:
    assert ground_numbers("Ground 2 and the third ground, Ground (iv)") == {2, 3, 4}
    assert ground_numbers("Ground 2(a) - publication") == set()  # a sub-ground is not ground 2 itself


@pytest.mark.parametrize("sentence, reasons, disposes", [
    ("I would therefore hold that ground 3 of the grounds of appeal fails.", True, True),
    ("Ground 2 accordingly succeeds.", True, True),
    ("I accept this submission.", True, True),
    ("In my view, the weight to be attached to this news report is limited.", True, False),
    ("Mr X submits that the judge was wrong to refuse the adjournment.", False, False),
    ("Finally, ground (7): was the judge wrong to make an order under s.91(14)?", False, False),
    ("The judge held that the claim was time-barred.", False, False),
])
def test_the_court_giving_its_reasons_is_told_from_counsel_and_the_judge_below(
        sentence: str, reasons: bool, disposes: bool) -> None:
    assert gives_reasons(sentence) is reasons
    assert disposes_ground(sentence) is disposes


@pytest.mark.parametrize("sentence", [
    "Had he made good that claim then in my view the case would have had to be remitted.",
    "She might have deferred a decision about the attendance until she had seen the assessment.",
])
def test_a_supposition_is_not_the_court_giving_its_reasons(sentence: str) -> None:
    assert not gives_reasons(sentence)


# -- issue 52 (judq): the test asked in other forms, a test stated, a judge named with a title ------------------

from pincite.legal.question_kinds import (BEFORE_BLOCK, asks_decision_below, asks_test,  # noqa: E402
                                          judge_surnames, states_test)


@pytest.mark.parametrize("question", [
    "What must an appellant show for a refused order to be appealable?",
    "What does the applicant have to prove to set the demand aside?",
    "What elements of promissory estoppel did the court apply?",
    "What does the principle of non-refoulement require of a safe third country?",
    "Who bears the burden on an application to set aside a statutory demand?",
    "How readily will an appeal court interfere with a case management decision?",
    "When can a court approve removing a child at an interim stage?",
    "What must an application notice set out under the rule?",
    "How much weight does parental intention carry?",
    "What did the judge say has to be considered?",
])
def test_a_test_asked_in_a_new_writers_form(question: str) -> None:
    assert asks_test(question)


def test_a_question_about_facts_asks_no_test() -> None:
    assert not asks_test("When was the hearing held, and who appeared for the appellant?")


@pytest.mark.parametrize("sentence", [
    "Under the relevant law, estoppel requires evidence of (1) a promise and (2) reliance on it.",
    "Even so, if an appellant can make a three-part showing, the refusal may be appealed.",
    "On such an application the burden lies on the applicant to establish a genuine dispute.",
    "An appellate court will be slow to overturn a judge's decision of this kind.",
    "What is necessary is not that the employer knows of the disability in general, but of the disadvantage.",
    "In order to qualify as a safe third country, a state must not return refugees to persecution.",
])
def test_a_test_stated(sentence: str) -> None:
    assert states_test(sentence)


@pytest.mark.parametrize("sentence", [
    "Mr Smith submitted: (1) the claimant must show loss; (2) none was shown.",
    "There was a debate whether the test for detriment should be the same as for dismissal.",
    "Counsel argued that the claimant must establish dishonesty.",
    "Is it enough that the employer knew of the disability?",
])
def test_counsel_an_issue_or_a_question_is_no_test_stated(sentence: str) -> None:
    assert not states_test(sentence)


@pytest.mark.parametrize("question, names", [
    ("In the appeal, Eady P found the tribunal wrong. What effect did that have?", {"Eady"}),
    ("What reasoning did Judge Stout's panel give?", {"Stout"}),
    ("What did Lord Justice Males say about abuse of rights?", {"Males"}),
    ("Did Lord Sales agree?", {"Sales"}),
    ("What did the court decide?", set()),
])
def test_judge_surnames(question: str, names: set[str]) -> None:
    assert judge_surnames(question) == names


def test_the_header_block_names_the_bench() -> None:
    cover = "Date: 24 January 2023\nBefore :\nTHE HONOURABLE MRS JUSTICE EADY DBE, PRESIDENT\n- - - - -\nBetween :\nA"
    assert "EADY" in BEFORE_BLOCK.search(cover).group(1)
    us = "[Hon. Jane Roe, U.S. District Judge]\n\nBefore\n\nHoward, Chief Judge,\n\nSelya and Barron, Circuit Judges.\n\n"
    assert "Barron" in BEFORE_BLOCK.search(us).group(1)


@pytest.mark.parametrize("question", [
    "Which of the claims did the employment tribunal uphold at the liability stage?",
    "What did Employment Judge Ord decide on the unfair dismissal claim?",
    "What did the district court decide on the motion?",
])
def test_a_first_instance_tribunal_named_by_its_kind_asks_the_decision_below(question: str) -> None:
    assert asks_decision_below(question)


def test_a_conclusion_resting_on_the_reasons_above_it() -> None:
    """:func:`rests_on_above` (issue 52, branch neigh): conclusions whose reasons are in the paragraphs before them,
    as Court of Appeal judgments in ../bulk write them, and sentences that only look like one."""
    from pincite.legal.question_kinds import rests_on_above
    for s in ("For these reasons, I reject Mr Sutcliffe’s submission that Mr Fakhry did not have standing.",
              "For all these reasons, this ground also fails.",
              "For all the reasons set out above, all grounds of appeal fail.",
              "For the reasons I have given, the appeal fails.",
              "It follows, in my judgment, that Westminster discharged its duty.",
              "The fourth cause of action is also in contract, and I think similar considerations must apply.",
              "she failed to factor into the balance the very important matters I have referred to above."):
        assert rests_on_above(s), s
    for s in ("For these purposes the Act applies to every landlord.",
              "For the reasons given by Lewison LJ, I agree.",  # another judgment's reasons, not the paragraphs above
              "In my judgment this argument suffers from a fatal flaw.",
              "I would therefore set aside her decision."):
        assert not rests_on_above(s), s
