"""UK judgments as handed down in Word (zoo/judgment_docx_uk_handed_down: The National Archives' parser test files,
their keys written from its own Akoma Ntoso of each): each is a judgment, its paragraphs carry the numbers Word
draws, and each judge's reasons are that judge's, with the role the judgments give.

The shapes: a Supreme Court cover with no court heading and the judges' agreement in the note after the lead's
colon; a Court of Appeal judgment whose lead is named alone over paragraph 1 and whose others' headings come
later; a 2005 transcript naming each judge inside a numbered paragraph; paragraph numbering from styles based on
one another and from list instances that restart a sub-list.
"""

from __future__ import annotations

from collections import Counter

import pytest

from pincite.evaluation.zoo import score_key
from pincite.parse import parse_bytes
from pincite.types import DocumentKind, Role
from tests.conftest import REPO

ZOO = REPO / "zoo" / "judgment_docx_uk_handed_down"
KEYS = sorted(ZOO.glob("*.key.json"))


def _doc(stem: str):
    p = ZOO / f"{stem}.docx"
    return parse_bytes(p.read_bytes(), p.name)


def _voices(doc) -> dict[str, tuple[Role | None, int]]:
    """Each author of the reasons' numbered paragraphs: (role, how many paragraphs)."""
    count = Counter((u.author, u.role) for u in doc.units if u.citable and u.number and u.kind.value == "paragraph")
    return {a: (r, n) for (a, r), n in count.items()}


def _unit(doc, label: str):
    return next(u for u in doc.units if u.label == label)


def test_there_are_five_and_each_is_a_judgment_under_its_own_numbers() -> None:
    assert len(KEYS) == 5
    for key in KEYS:
        doc = _doc(key.name[: -len(".key.json")])
        assert doc.kind is DocumentKind.JUDGMENT, key.name
        r = score_key(key)
        c = r.counts()
        assert c["right"] == c["units"] and c["units"] >= 48, (key.name, r.misses[:5])
        assert c["kept_out"] == c["non_citable"], (key.name, r.misses[:5])


def test_a_supreme_court_judgment_is_the_lead_justices_with_the_others_agreeing() -> None:
    doc = _doc("uksc_2021_12_grant_v_international_insurance_co_of_hanover")
    voices = _voices(doc)
    assert set(voices) == {"LORD HAMBLEN"} and voices["LORD HAMBLEN"][0] is Role.LEAD
    assert voices["LORD HAMBLEN"][1] == 67
    # the cover (the terms, counsel, their solicitors) is not the court's reasons
    cover = doc.units[0]
    assert not cover.citable and "(Instructed by" in doc.text[cover.char_start:cover.char_end]


def test_the_lead_named_alone_over_paragraph_one_and_the_others_agreeing_later() -> None:
    doc = _doc("ewca_civ_2022_24_parr_v_msr_partners")
    voices = _voices(doc)
    assert voices["Lord Justice Bean"] == (Role.LEAD, 48)
    assert voices["Lord Justice Lewis"][0] is Role.CONCURRING
    assert voices["Lady Justice Elisabeth Laing"][0] is Role.CONCURRING
    assert _unit(doc, "[1]").author == "Lord Justice Bean"
    assert _unit(doc, "[49]").author == "Lord Justice Lewis"


def test_judges_named_inside_their_first_numbered_paragraphs() -> None:
    doc = _doc("ewca_civ_2005_639_merton_lbc_v_richards")
    assert _unit(doc, "[1]").author == "LORD JUSTICE PILL" and _unit(doc, "[1]").role is Role.LEAD
    assert _unit(doc, "[34]").author == "LORD JUSTICE PILL"
    agree = _unit(doc, "[35]")  # "35. LORD JUSTICE CHADWICK: I agree."
    assert agree.author == "LORD JUSTICE CHADWICK" and agree.role is Role.CONCURRING
    assert _unit(doc, "[43]").author == "LORD JUSTICE MAY"
    assert {a for a in _voices(doc)} == {"LORD JUSTICE PILL", "LORD JUSTICE CHADWICK", "LORD JUSTICE MAY"}


@pytest.mark.parametrize("stem,label,words", [
    # 'Tax body text 2' sets only the level: "9. St Philips Care Limited" is inside paragraph 13, and the next
    # paragraph of 'Tax body text 1' is 14, not 17
    ("ukftt_tc_2024_137_monmore_properties_v_hmrc", "[14]", "St Philips is in the business of operating care homes"),
    ("ukftt_tc_2024_137_monmore_properties_v_hmrc", "[13]", "St Philips Care (Trinity) Limited"),
    # after 19.20's quoted "i)", "ii)" (a new list instance restarting every level), paragraph 20 is 20, not 1
    ("ewfc_2022_99_hertfordshire_cc_v_m", "[20]", "This case involves an allegation of physical injury to a child"),
])
def test_word_numbers_paragraphs_as_it_draws_them(stem: str, label: str, words: str) -> None:
    doc = _doc(stem)
    at = doc.text.find(words)
    assert at >= 0
    holders = [u for u in doc.units if u.char_start <= at < u.char_end and u.number and "(" not in (u.label or "")]
    assert holders and holders[-1].label == label, [u.label for u in holders]


@pytest.mark.parametrize("stem,title,citation,date", [
    ("uksc_2021_12_grant_v_international_insurance_co_of_hanover",
     "Burnett or Grant v International Insurance Company of Hanover Ltd", "[2021] UKSC 12", "2021-04-23"),
    ("ewca_civ_2022_24_parr_v_msr_partners", "PHILIP PARR v MSR PARTNERS LLP (FORMERLY MOORE STEPHENS LLP)",
     "[2022] EWCA Civ 24", "2022-01-14"),
    ("ewca_civ_2005_639_merton_lbc_v_richards", "LONDON BOROUGH OF MERTON v SONIA JANE RICHARDS",
     "[2005] EWCA Civ 639", None),
    ("ukftt_tc_2024_137_monmore_properties_v_hmrc",
     "MONMORE PROPERTIES LIMITED v THE COMMISSIONERS FOR HIS MAJESTY’S REVENUE AND CUSTOMS", "[2024] UKFTT 00137 (TC)",
     "2024-02-12"),
])
def test_named_and_dated_as_the_cover_prints_them(stem: str, title: str, citation: str, date: str | None) -> None:
    """Not the Word file's own title ("JUDGMENT", "Approved Judgment", the case number): the parties, the neutral
    citation with its chamber, the date the cover gives."""
    doc = _doc(stem)
    assert (doc.title, doc.citation, doc.date) == (title, citation, date)


@pytest.fixture(scope="module")
def ask(tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    from tests.support.extractive_helpers import ingested, ranker_asker
    s = ingested(tmp_path_factory.mktemp("docx_judgments") / "s.db", sorted(ZOO.glob("*.docx")))
    yield ranker_asker(s)
    s.close()


def _cited(ans) -> list[tuple[str, str]]:  # type: ignore[no-untyped-def]
    return [(c.candidate.doc.citation, c.candidate.unit.label) for c in ans.citations]


def test_the_outcome_is_the_leads_disposal_and_each_assent(ask) -> None:  # type: ignore[no-untyped-def]
    ans = ask("In Parr v MSR Partners did the Court of Appeal allow the appeal?")
    assert _cited(ans) == [("[2022] EWCA Civ 24", "[47]"), ("[2022] EWCA Civ 24", "[49]"),
                           ("[2022] EWCA Civ 24", "[50]")]


def test_no_one_dissenting_from_the_only_judgment_the_others_joined(ask) -> None:  # type: ignore[no-untyped-def]
    """The others' agreement is only in the note after the lead's colon: the lead's disposal is everyone's."""
    ans = ask("Did any Justice dissent in Grant v International Insurance Company of Hanover?")
    assert _cited(ans) == [("[2021] UKSC 12", "[67]")]
    assert ans.claims[0].text.startswith("No one dissented.")


def test_a_judge_named_in_capitals_by_the_judgment_is_named_in_any_case_by_a_question() -> None:
    """The Word judgment prints its judges in capitals ("LORD JUSTICE CHADWICK:"); a question writes them as running
    text does ("Chadwick LJ"), or all in lower case beside a title ("lord justice may")."""
    from pincite.answer.structure import named_speakers
    doc = _doc("ewca_civ_2005_639_merton_lbc_v_richards")
    assert [s.author for s in named_speakers(doc, "What did Chadwick LJ think the judge had to find?")] == [
        "LORD JUSTICE CHADWICK"]
    assert [s.author for s in named_speakers(doc, "what did lord justice may say about ground 6")] == [
        "LORD JUSTICE MAY"]
    assert named_speakers(doc, "Was the tenancy in pill form?") == []  # a common word is a name only as one


def test_did_anyone_disagree_with_the_lead_is_answered_by_the_others_not_the_lead(ask) -> None:  # type: ignore
    """The judge named is the one the others might have disagreed with: their own words answer, the lead's do not."""
    ans = ask("In Merton v Richards, did either of the other Lords Justices disagree with Pill LJ?")
    authors = [c.candidate.unit.author for c in ans.citations]
    assert set(authors) == {"LORD JUSTICE CHADWICK", "LORD JUSTICE MAY"}, _cited(ans)
    assert ans.claims[0].text.startswith("No one dissented."), ans.text


def test_what_the_tribunal_decided_asked_of_the_tribunal_s_own_decision_is_its_outcome(ask) -> None:  # type: ignore
    """'What did the First-tier Tribunal decide?' reads like a question about a decision below ("the tribunal …
    decide"); of a First-tier Tribunal's own decision (its neutral citation says UKFTT) it asks that decision's
    outcome, not a procedural ruling it reports (it had cited the tribunal granting leave to amend the grounds)."""
    ans = ask("What did the First-tier Tribunal decide in Monmore Properties?")
    assert _cited(ans) == [("[2024] UKFTT 00137 (TC)", "[104]")], ans.text
    assert "the appeal is allowed" in ans.citations[0].to_json()["quote"]
    # a finding asked of the same tribunal is not its outcome
    found = ask("Monmore Properties: what did the tribunal find about when HMRC first knew of the error?")
    assert ("[2024] UKFTT 00137 (TC)", "[104]") not in _cited(found)
