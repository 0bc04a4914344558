"""Issue 52, item 1: the questions judgments are asked most are answered from the judgment's structure — its
voices (each unit's author and role) — through the default generator and every check, on real judgments of the
corpus (MANIFEST.md names their judges and dissents).

The questions are written for these tests (none is a gold question).  What is asserted is whose words are
cited and in what role — the lead's disposal with every assent, a dissent's own disposal, the agreements when
no one dissented, a named judge's voice alone — never an answer's wording."""

from __future__ import annotations

from pathlib import Path

import pytest

from pincite.answer.structure import asks_dissent, asks_outcome, dissent_decides, named_speakers, speakers
from pincite.legal.decisions import ASSENT_SENTENCE, DISPOSAL_SENTENCE, judge_name_forms, matches
from pincite.types import Role
from tests.support.extractive_helpers import ingested, ranker_asker

pytestmark = pytest.mark.shared

LEGACY = "uk_find_case_law/ewca_civ_2020_legacy_akn"
DYER = f"{LEGACY}/2020-ewca-1375-civ.xml"  # Flaux LJ lead, Males LJ dissents, Lewison LJ agrees
HOZELOCK = f"{LEGACY}/2020-ewca-871-civ.xml"  # Arnold LJ lead, Henderson LJ agrees, Floyd LJ dissents
TURKISH = f"{LEGACY}/2020-ewca-553-civ.xml"  # Flaux LJ lead, Newey LJ and Rose LJ agree: no dissent
EXPERT = f"{LEGACY}/2020-ewca-346-civ.xml"  # Baker LJ lead, Popplewell LJ agrees
DISSENTING = (Role.DISSENTING, Role.PARTLY_DISSENTING)


@pytest.fixture(scope="module")
def ask(tmp_path_factory: pytest.TempPathFactory, corpus: Path):  # type: ignore[no-untyped-def]
    s = ingested(tmp_path_factory.mktemp("structure") / "s.db", [corpus / f for f in (DYER, HOZELOCK, TURKISH,
                                                                                        EXPERT)])
    run = ranker_asker(s)
    run.store = s  # type: ignore[attr-defined]
    yield run
    s.close()


def _cited(ans):  # type: ignore[no-untyped-def]
    """(author, role, the quoted words) of each shown citation, after every check; each one followable."""
    out = []
    for c in ans.citations:
        j = c.to_json()
        assert c.candidate.doc is not None and c.candidate.unit is not None
        assert c.candidate.doc.text[j["char_start"]:j["char_end"]] == j["quote"]
        out.append((c.candidate.unit.author, c.candidate.unit.role, j["quote"]))
    return out


def _voices(ask, source: str):  # type: ignore[no-untyped-def]
    return {sp.author: sp.role for sp in speakers(_doc(ask, source))}


def _doc(ask, source: str):  # type: ignore[no-untyped-def]
    return next(d for d in (ask.store.get_document(s.id) for s in ask.store.list_documents())
                if d.source.endswith(source))


def test_an_outcome_question_cites_the_lead_s_disposal_and_every_assent(ask) -> None:  # type: ignore
    ans = ask("Was the appeal of the Chief Constable and the police officers about giving evidence behind "
              "screens at the inquest allowed?")
    cited = _cited(ans)
    voices = _voices(ask, DYER)
    lead = next(a for a, r in voices.items() if r is Role.LEAD)
    agreeing = {a for a, r in voices.items() if r is Role.CONCURRING}
    assert any(a == lead and matches(DISPOSAL_SENTENCE, q) for a, _, q in cited), cited
    assert agreeing and agreeing <= {a for a, _, q in cited if matches(ASSENT_SENTENCE, q)}, cited
    assert all(r not in DISSENTING for _, r, _ in cited), cited  # the dissent is not the outcome
    assert len(ans.claims) == len(cited)  # cited together: one claim a sentence, all shown


def test_a_two_judge_outcome_is_the_disposal_with_the_other_judge_s_assent(ask) -> None:  # type: ignore
    ans = ask("Did the appeal succeed against the refusal to let a child psychiatrist be instructed as an "
              "expert?")
    cited = _cited(ans)
    assert [(r, matches(DISPOSAL_SENTENCE, q) or matches(ASSENT_SENTENCE, q)) for _, r, q in cited] == [
        (Role.LEAD, True), (Role.CONCURRING, True)], cited


def test_a_dissent_question_cites_the_dissent_s_own_disposal(ask) -> None:  # type: ignore
    ans = ask("Did any of the judges dissent in the Hozelock garden hose patent appeal?")
    cited = _cited(ans)
    assert cited and {(a, r) for a, r, _ in cited} == {("Floyd LJ", Role.DISSENTING)}, cited
    # "I would have allowed this appeal"
    assert any(matches(DISPOSAL_SENTENCE, q) for _, _, q in cited), cited
    assert all("(per Floyd LJ, dissenting)" in c.rendered for c in ans.citations)


def test_did_anyone_disagree_with_the_lead_names_the_dissent_not_the_lead(ask) -> None:  # type: ignore
    ans = ask("In the appeal about screens at the inquest, did anyone disagree with Flaux LJ?")
    cited = _cited(ans)
    assert cited and {(a, r) for a, r, _ in cited} == {("Males LJ", Role.DISSENTING)}, cited
    ans = ask("In the Alliance of Turkish Business People appeal, did any judge disagree with Flaux LJ?")
    assert {a for a, _, _ in _cited(ans)} == {"Newey LJ", "Rose LJ"}, _cited(ans)


def test_a_unanimous_judgment_is_answered_no_dissent_cited_to_the_agreements(ask) -> None:  # type: ignore
    ans = ask("Was any judge in the minority in the Alliance of Turkish Business People appeal about the "
              "ECAA settlement rules, or was it unanimous?")
    cited = _cited(ans)
    voices = _voices(ask, TURKISH)
    agreeing = {a for a, r in voices.items() if r is Role.CONCURRING}
    assert agreeing and {a for a, _, _ in cited} == agreeing, cited
    assert all(matches(ASSENT_SENTENCE, q) for _, _, q in cited), cited  # "I agree.", "I also agree."
    assert ans.claims[0].text.startswith("No one dissented"), ans.text


def test_a_named_judge_question_cites_only_that_judge_s_voice(ask) -> None:  # type: ignore
    # reasons of one paragraph of assent are what the judge said (the lead's disposal is not)
    for question, judge in (
            ("What was Henderson LJ's view of the obviousness appeal?", "Henderson LJ"),
            ("What did Popplewell LJ say about instructing the child psychiatrist?", "Popplewell LJ")):
        cited = _cited(ask(question))
        assert cited and {a for a, _, _ in cited} == {judge}, (question, cited)
        assert all(matches(ASSENT_SENTENCE, q) for _, _, q in cited), cited
    # a judge with reasons of their own: the answer is ranked within them
    ans = ask("According to Males LJ, should the decision on screens have been remitted to the coroner?")
    cited = _cited(ans)
    assert cited and {a for a, _, _ in cited} == {"Males LJ"}, cited


def test_question_shapes_and_judge_names_are_read_generally() -> None:
    assert asks_outcome("Did the mother win her appeal against the return order?")
    assert asks_outcome("What was the outcome of BT's appeal?")
    assert not asks_outcome("Is the requirement of ten years' residence qualified by paragraph 39E?")
    # the grounds of a disposal are its reasons, not the disposal ("on what grounds did the court dismiss…")
    assert asks_outcome("Did the Administrative Court dismiss her appeal?")
    assert not asks_outcome("On what grounds did the Administrative Court dismiss her appeal?")
    assert not asks_outcome("For what reason was the appeal dismissed?")
    assert asks_dissent("Was the decision unanimous?") and dissent_decides("Who dissented?")
    assert asks_dissent("Why did Floyd LJ dissent?") and not dissent_decides("Why did Floyd LJ dissent?")
    assert judge_name_forms("Sir Geoffrey Vos C") == (["Vos"], ["Chancellor of the High Court", "Chancellor"])
    assert judge_name_forms("Peter Jackson LJ")[0] == ["Jackson"]
    assert judge_name_forms("Lord Burnett of Maldon CJ")[0] == ["Burnett"]


def test_a_judge_named_in_the_possessive_is_not_the_one_asked_about(ask) -> None:  # type: ignore
    doc = _doc(ask, DYER)
    names = [sp.author for sp in named_speakers(doc, "Did Lewison LJ accept Males LJ's view of the remedy?")]
    assert names == ["Lewison LJ", "Males LJ"]


def test_did_the_named_judges_agree_is_answered_by_each_one_s_assent(ask) -> None:  # type: ignore
    ans = ask("In the Alliance of Turkish Business People appeal, did Newey LJ and Rose LJ agree with Flaux LJ?")
    cited = _cited(ans)
    assert {a for a, _, _ in cited} >= {"Newey LJ", "Rose LJ"}, cited
    assert all(matches(ASSENT_SENTENCE, q) for a, _, q in cited if a != "Flaux LJ"), cited
    # a question naming the judges' agreement of the whole court
    ans = ask("In the Alliance of Turkish Business People appeal about the ECAA settlement rules, was the appeal "
              "dismissed, and did the rest of the court agree?")
    assert {a for a, _, _ in _cited(ans)} >= {"Newey LJ", "Rose LJ"}, _cited(ans)


def test_outcome_questions_asked_by_ground_or_by_what_the_court_did() -> None:
    assert asks_outcome("Which grounds of appeal succeeded, and what happens now?")
    assert asks_outcome("Which of the two claimants won their appeal?")
    assert asks_outcome("How did the Court of Appeal deal with the application for permission and the appeal?")
    assert asks_outcome("The mother's appeal against the return order: did it succeed?")
    assert not asks_outcome("How did the court deal with the argument about delay?")
    assert not asks_outcome("Which party bears the burden of proof?")


def test_a_costs_question_of_a_judgment_that_makes_no_costs_order_abstains(ask) -> None:  # type: ignore
    # neither judgment says anything of costs: a disposal is no costs order
    for question in ("What costs order did the Court of Appeal make when it dismissed the Hozelock garden hose "
                     "patent appeal?",
                     "Who has to pay the costs of the appeal about the child psychiatrist expert?"):
        ans = ask(question)
        assert ans.claims == [] and ans.citations == [], (question, _cited(ans))


def test_a_dissent_question_asking_the_outcome_cites_the_disposal(ask) -> None:  # type: ignore
    # "was it unanimous, and what was the outcome?": the agreements answer one part, the disposal the other
    ans = ask("Was the Court of Appeal unanimous in the Alliance of Turkish Business People appeal about the "
              "ECAA settlement rules, and did the appeal succeed?")
    cited = _cited(ans)
    voices = _voices(ask, TURKISH)
    lead = next(a for a, r in voices.items() if r is Role.LEAD)
    agreeing = {a for a, r in voices.items() if r is Role.CONCURRING}
    assert any(a == lead and matches(DISPOSAL_SENTENCE, q) for a, _, q in cited), cited
    assert agreeing and agreeing <= {a for a, _, q in cited if matches(ASSENT_SENTENCE, q)}, cited
    assert ans.claims[0].text.startswith("No one dissented"), ans.text
    # with a dissent: the lead's disposal and the dissent's own words
    cited = _cited(ask("Did the police officers' appeal about screens at the inquest succeed, and did any "
                       "judge dissent?"))
    roles = {r for _, r, _ in cited}
    assert Role.LEAD in roles and roles & set(DISSENTING), cited


def test_an_outcome_asked_in_few_words_is_answered_by_the_structure(ask) -> None:  # type: ignore
    # "… — result of the appeal?", "what did the court ultimately order?": the structure answers, the lead's
    # disposal and each assent (issue 52: such questions abstained with the disposal ranked first)
    voices = _voices(ask, TURKISH)
    lead = next(a for a, r in voices.items() if r is Role.LEAD)
    agreeing = {a for a, r in voices.items() if r is Role.CONCURRING}
    for question in ("Alliance of Turkish Business People v Secretary of State for the Home Department - result "
                     "of the appeal?",
                     "What did the Court of Appeal ultimately order in the Turkish Business People standstill "
                     "clause appeal?"):
        cited = _cited(ask(question))
        assert any(a == lead and matches(DISPOSAL_SENTENCE, q) for a, _, q in cited), (question, cited)
        assert agreeing and agreeing <= {a for a, _, q in cited if matches(ASSENT_SENTENCE, q)}, (question, cited)


def test_outcome_forms_and_named_cases_are_read_generally() -> None:
    from types import SimpleNamespace

    from pincite.answer.structure import _names_other_case

    assert asks_outcome("Smith v Jones - result of the second appeal?")
    assert asks_outcome("SSHD v Devani — final result?")
    assert asks_outcome("What did the Court of Appeal ultimately order?")
    assert asks_outcome("Did the council's appeal against the quashing of the planning permission succeed?")
    assert not asks_outcome("What remedy did the Court of Appeal grant for the loss of benefits?")
    assert not asks_outcome("Was the claim time-barred as a result of the limitation period?")
    assert asks_outcome("What did the court do with the second appeal?")
    # the argument named, not the court it was made in; a "why" however long its subject
    assert not asks_outcome("What happened to the admissibility argument in the County Court and then in the Court "
                            "of Appeal?")
    assert not asks_outcome("Why was the appellants' complaint that the judge underrated the strength of their case "
                            "(Ground 1) rejected?")
    assert not asks_outcome("The parties settled and asked to withdraw the appeal - what did the court do with that "
                            "request?")
    doc = SimpleNamespace(title="TD & Ors, R (On the Application Of) v Secretary of State for Work And Pensions",
                          citation=None)
    assert not _names_other_case("In R (TD, AD and Reynolds) v SSWP, what did the court order?", doc)  # type: ignore[arg-type]
    assert not _names_other_case("Did the court in TD v Secretary of State follow Smith v Jones?", doc)  # type: ignore[arg-type]
    assert _names_other_case("What did the court say in Smith v Jones?", doc)  # type: ignore[arg-type]


def test_what_the_dissent_thought_is_answered_from_its_reasons(ask) -> None:  # type: ignore[no-untyped-def]
    # "the dissent" is the one dissenting judge; what it made of something is in its reasons, not its vote
    assert not dissent_decides("What did the dissent make of the evidence about screens at the inquest?")
    assert dissent_decides("Was the court split, and which way did the dissenting judge go?")
    ans = ask("What did the dissent make of the evidence of the police officers about screens at the inquest?")
    cited = _cited(ans)
    assert cited and {(a, r) for a, r, _ in cited} == {("Males LJ", Role.DISSENTING)}, cited
    assert not any(matches(DISPOSAL_SENTENCE, q) for _, _, q in cited), cited


def test_which_judges_agreed_is_answered_by_the_agreeing_judges_own_words(ask) -> None:  # type: ignore
    ans = ask("Which judges agreed with Flaux LJ in the Alliance of Turkish Business People appeal?")
    cited = _cited(ans)
    assert {a for a, _, _ in cited} == {"Newey LJ", "Rose LJ"}, cited  # not the lead's own reasons
    assert all(matches(ASSENT_SENTENCE, q) for _, _, q in cited), cited
    # a court with a dissent: the judge who agreed, not the one who dissented
    ans = ask("In Hozelock's appeal, which judge concurred with Arnold LJ?")
    cited = _cited(ans)
    assert [a for a, _, _ in cited] == ["Henderson LJ"], cited


def test_a_question_asking_how_the_court_explained_its_result_asks_reasons_not_the_outcome() -> None:
    assert not asks_outcome("The tribunal below thought otherwise - how did the Court of Appeal explain the different "
                            "result?")
    assert not asks_outcome("How does the court justify the result?")
    assert asks_outcome("What was the result?")


def test_an_order_asked_about_one_issue_is_not_the_disposal() -> None:
    assert not asks_outcome("What order did the Court of Appeal make in Re K about the expert's fees at the final "
                            "hearing?")
    assert asks_outcome("What order did the Court of Appeal make on the application concerning the stay?")
    assert asks_outcome("What order did the court make?")


def test_what_the_court_did_with_the_appeal_asks_the_outcome() -> None:
    assert asks_outcome("What did the Supreme Court do with the cross-appeal on damages?")
    assert asks_outcome("What did the Court of Appeal do with the landlord's application?")
    # what a trial court did with a motion is the decision below, not this court's disposal
    assert not asks_outcome("What did the district court do with the motion to suppress?")


def test_judges_agreeing_with_a_judge_of_the_court_or_separate_judgments_ask_whether_it_was_divided(ask) -> None:  # type: ignore
    # "did X and Y agree with Z's reasons?": each named judge's own agreement ("reasons" is Z's, not asked why)
    q = "Did Newey LJ and Rose LJ agree with Flaux LJ's reasons in the Alliance of Turkish Business People appeal?"
    assert dissent_decides(q)
    cited = _cited(ask(q))
    assert {a for a, _, _ in cited} >= {"Newey LJ", "Rose LJ"}, cited
    assert all(matches(ASSENT_SENTENCE, t) for a, _, t in cited if a != "Flaux LJ"), cited
    # "were there separate concurring or dissenting judgments?": no one dissented, cited to the agreements
    ans = ask("Were there separate concurring or dissenting judgments in the Alliance of Turkish Business People "
              "appeal, or only one?")
    cited = _cited(ans)
    agreeing = {a for a, r in _voices(ask, TURKISH).items() if r is Role.CONCURRING}
    assert agreeing and {a for a, _, _ in cited} == agreeing, cited
    assert ans.claims[0].text.startswith("No one dissented"), ans.text
    # agreeing with a finding, or with a judge of another court, asks a view, not whether the court divided
    assert not asks_dissent("Did Moore J agree with the tribunal judge that exemplary damages were barred?")
    assert not asks_dissent("Did the judge agree with Lord Denning in Smith v Jones that the test is objective?")
    from pincite.answer.structure import dissent_said
    doc = _doc(ask, TURKISH)
    assert dissent_said(doc, speakers(doc), "Did Flaux LJ agree with Lord Denning?") == (False, [])


def test_a_case_named_by_a_word_of_its_title_is_the_one_asked_about() -> None:
    from types import SimpleNamespace

    from pincite.answer.structure import _case_named
    from pincite.types import DocumentKind

    def cp(i: str, title: str):  # type: ignore[no-untyped-def]
        return SimpleNamespace(passage=SimpleNamespace(document=SimpleNamespace(
            id=i, title=title, kind=DocumentKind.JUDGMENT, units=())))  # no voices: named by title alone

    watford, hertsmere = cp("a", "McMahon v Watford Borough Council"), cp("b", "James v Hertsmere Borough Council")
    turn = SimpleNamespace(question="Was there any dissent in the Hertsmere homelessness case?",
                           passages=[watford, hertsmere])
    assert _case_named(turn, [hertsmere.passage.document], False)  # type: ignore[arg-type]
    assert not _case_named(turn, [watford.passage.document], False)  # type: ignore[arg-type]
    turn.question = "Was there any dissent in the homelessness case?"  # names neither: the first passage decides
    assert not _case_named(turn, [hertsmere.passage.document], False)  # type: ignore[arg-type]


def test_the_judgment_whose_judges_the_question_names_is_the_one_asked_about(ask) -> None:  # type: ignore
    from pincite.answer.structure import _bench_named

    dyer, turkish = _doc(ask, DYER), _doc(ask, TURKISH)  # Flaux LJ led both
    q = "Did Newey LJ and Rose LJ agree with Flaux LJ?"
    assert [d.id for d in _bench_named(q, [dyer, turkish])[0]] == [turkish.id, dyer.id]
    assert _bench_named(q, [dyer, turkish])[1]
    # a judge both benches share decides nothing: the order stays as ranked
    q = "What did Flaux LJ say about the standard of review?"
    assert _bench_named(q, [dyer, turkish]) == ([dyer, turkish], False)
    ans = ask("Did Newey LJ and Rose LJ both agree with Flaux LJ?")
    cited = _cited(ans)
    assert {a for a, _, _ in cited} >= {"Newey LJ", "Rose LJ"}, cited
    assert all(c.candidate.doc.source.endswith(TURKISH) for c in ans.citations), ans.text


def test_the_appeal_s_own_disposal_answers_a_question_about_the_appeal_not_the_cross_appeal_s(bulk) -> None:  # type: ignore
    from pincite.answer.structure import outcome_said
    from pincite.parse import parse_bytes

    p = bulk / "ewca_civ_2020_akn" / "2020-ewca-363-civ.xml"  # King LJ: the appeal, then the cross-appeal on costs
    doc = parse_bytes(p.read_bytes(), p.name)
    sps = speakers(doc)  # type: ignore[arg-type]
    lead = [x for x in outcome_said(doc, sps, "Was the appeal dismissed?") if x.speaker.role is Role.LEAD]  # type: ignore[arg-type]
    quotes = [doc.text[x.start:x.end] for x in lead]
    # the vote "if their Lordships agree" is cast, and it disposes of the appeal itself, before the cross-appeal's
    assert len(quotes) == 2 and "dismiss the appeal" in quotes[0] and "cross-appeal" in quotes[1], quotes
    asked = [doc.text[x.start:x.end] for x in outcome_said(doc, sps, "Was the cross-appeal on costs dismissed?")  # type: ignore[arg-type]
             if x.speaker.role is Role.LEAD]
    assert len(asked) == 1 and "cross-appeal" in asked[0], asked


def test_a_paragraph_under_a_disposal_heading_after_the_last_ground_s_conclusion_is_the_disposal(bulk) -> None:  # type: ignore
    from pincite.answer.structure import outcome_said
    from pincite.parse import parse_bytes

    # Henderson LJ: "109. For these reasons, I would also dismiss Mr Clark's second ground of appeal," then, under
    # "Conclusion", "110. If the other members of the court agree, I would dismiss Mr Clark's appeal."
    p = bulk / "ewca_civ_2020_akn" / "2020-ewca-204-civ.xml"
    doc = parse_bytes(p.read_bytes(), p.name)
    sps = speakers(doc)  # type: ignore[arg-type]
    lead = [x for x in outcome_said(doc, sps, "What happened to the appeal?") if x.speaker.role is Role.LEAD]  # type: ignore[arg-type]
    quotes = [doc.text[x.start:x.end] for x in lead]
    assert len(quotes) == 1 and "dismiss Mr Clark’s appeal" in quotes[0] and "ground" not in quotes[0], quotes


def test_the_only_judgment_saying_it_is_the_court_s_answers_that_no_one_dissented(bulk) -> None:  # type: ignore
    from pincite.answer.structure import dissent_said
    from pincite.parse import parse_bytes

    # Underhill LJ's is the only voice: "1. This is the judgment of the Court, to which all its members have
    # contributed." … "We accordingly dismiss the appeal against the President's order of 27 January."
    p = bulk / "ewca_civ_2020_akn" / "2020-ewca-283-civ.xml"
    doc = parse_bytes(p.read_bytes(), p.name)
    sps = speakers(doc)  # type: ignore[arg-type]
    assert len(sps) == 1 and sps[0].role is not Role.JOINT
    divided, said = dissent_said(doc, sps, "Was the court divided?")  # type: ignore[arg-type]
    quotes = [(x.unit.label, doc.text[x.start:x.end]) for x in said]
    assert not divided and len(quotes) == 1 and quotes[0][0] == "[1]", quotes
    assert quotes[0][1].startswith("This is the judgment of the Court"), quotes


def test_who_gave_the_judgment_below_is_the_case_s_history_not_an_earlier_authority_s(bulk) -> None:  # type: ignore
    from pincite.answer.structure import other_court_asked, reported_author_said
    from pincite.legal.decisions import JUDGMENT_GIVEN_BY, OTHERS_AGREED
    from pincite.parse import parse_bytes

    # the forms a judgment reports who gave the judgment below and who agreed with it
    for said in ("The judgment of the Court of Appeal was given by Popplewell LJ, with whom Asplin and Phillips LJJ "
                 "agreed", "In delivering the leading judgment, with which both Moses LJ and Munby LJ agreed, Lord "
                 "Neuberger rejected the construction", "in a judgment delivered by Mitchell JA, with whom Blenman "
                 "and Michel JAA agreed, the court reached the opposite conclusion"):
        assert JUDGMENT_GIVEN_BY.search(said) and OTHERS_AGREED.search(said), said
    assert not OTHERS_AGREED.search("For the reasons given by Lord Reed I would dismiss the appeal")
    # Henderson LJ's reasons report an earlier appeal to this court ("In this court, the leading judgment was given
    # by Chadwick LJ, with whom Peter Gibson and Potter LJJ agreed"): not who gave the judgment below in this case
    p = bulk / "ewca_civ_2020_akn" / "2020-ewca-204-civ.xml"
    doc = parse_bytes(p.read_bytes(), p.name)
    q = "Who gave the High Court's judgment, and did the other judge agree?"
    assert other_court_asked(doc, q) and not other_court_asked(doc, "Who gave the Court of Appeal's judgment?")  # type: ignore[arg-type]
    assert reported_author_said(doc, speakers(doc), q) is None  # type: ignore[arg-type]


PRUDENTIAL = "ewca_civ_2020_akn/2020-ewca-1626-civ.xml"  # one judgment of the court, in "we", naming no author
DRIVER = "ewca_civ_2020_akn/2020-ewca-1759-civ.xml"  # the same shape: "The appeal will be allowed on grounds …"


@pytest.fixture(scope="module")
def ask_unvoiced(tmp_path_factory: pytest.TempPathFactory, bulk: Path):  # type: ignore[no-untyped-def]
    s = ingested(tmp_path_factory.mktemp("unvoiced") / "s.db", [bulk / PRUDENTIAL, bulk / DRIVER])
    yield ranker_asker(s)
    s.close()


def test_a_judgment_naming_no_author_answers_its_outcome_from_its_own_disposal(ask_unvoiced) -> None:  # type: ignore
    ans = ask_unvoiced("In the Prudential Assurance transfer appeal, what did the Court of Appeal do with the appeal?")
    assert ans.citations and all(c.candidate.doc.source.endswith(PRUDENTIAL) for c in ans.citations), ans.text
    quotes = [c.to_json()["quote"] for c in ans.citations]
    assert any(matches(DISPOSAL_SENTENCE, q) for q in quotes), quotes
    assert ans.claims[0].text.startswith("The judgment says"), ans.text  # no judge's name is made up
    # whether anyone dissented it cannot say: no "No one dissented" from a judgment that names no judge's voice;
    # its disposal in the court's joint voice ("For the reasons we have given, this appeal will be allowed") is
    # what it says, and is cited as the court's
    ans = ask_unvoiced("Did anyone dissent in the Prudential Assurance transfer appeal?")
    assert not ans.text.startswith("No one dissented"), ans.text
    assert ans.claims and ans.claims[0].text.startswith("The judgment is the court's, given in one voice"), ans.text
    quote = ans.citations[0].to_json()["quote"]
    assert ans.citations[0].candidate.doc.source.endswith(PRUDENTIAL) and "we have given" in quote, quote


def test_what_an_appeal_did_with_the_decision_below_is_its_outcome() -> None:
    for q in ("What became of the landlord's appeal against the refusal of an injunction?",
              "Was the judge's order overturned?", "Was the sentence upheld?",
              "Was Mr B's twelve-month prison term left as it was?"):
        assert asks_outcome(q), q
    for q in ("Was the freezing order set aside by the judge?",  # the judge below's act: the decision below
              "Why was the order set aside?", "Why was the sentence reduced?"):  # reasons, not the disposal
        assert not asks_outcome(q), q
