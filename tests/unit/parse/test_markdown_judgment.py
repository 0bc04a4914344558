"""A judgment that comes as Markdown converted from its PDF: a caption of bold fields ("**Coram** :"), the
judge's heading with a bracketed note ("(delivering the judgment of the majority):"), paragraphs opened by
their number and a gap of no-break spaces, a dissent under its own heading, footnotes and a copyright line after
the last paragraph.

The text below is written here in that shape (the one public source of judgments in it states no licence, so
none is committed); the shape is what is tested: the numbers, voices and zones the parser must read from it.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from pincite.parse import parse_bytes
from pincite.answer.verify import Check
from pincite.types import DocumentKind, Role, Zone

GAP = "\u00a0" * 7


def _para(n: int, words: str) -> str:
    return f"{n}{GAP[:8 - len(str(n))]}{words} \n\n"


CAPTION = (
    "# Harbour Freight Co v Orchid Trading and another \n\n\n\n"
    "**Case Number** :Civil Appeal No 17 of 2015 \n\n"
    "**Decision Date** :03 March 2016 \n\n"
    "**Tribunal/Court** :Court of Appeal \n\n"
    "**Coram** :Alan Tey CJ; Brenda Ong JA; Chandra Rao JC \n\n"
    "**Counsel Name(s)** :Dev Lim (Lim LLC) for the appellant; Eva Sim (Sim Partners) for the respondents. \n\n"
    "**Parties** :Harbour Freight Co — Orchid Trading and another \n\n"
    "_Contract_ \n\n"
    "[Editorial Note: The decision from which this appeal arose is reported at [2015] SGHC 101 .] \n\n"
    "03 March 2016 Judgment reserved. \n\n"
)

MAJORITY = (
    "**Alan Tey CJ (delivering the judgment of the majority consisting of Brenda Ong JA and himself):** \n\n"
    "**Introduction** \n\n"
    + _para(1, "The appellant shipped goods under a charter that the parties entered into in 2012.")
    + _para(2, "The respondents raised two points before the judge below:")
    + "(a) that the charter had been terminated by notice; and \n\n"
    + "(b) that no freight was due after termination. \n\n"
    + _para(3, "The judge accepted both points and dismissed the claim.")
    + "**The law** \n\n"
    + _para(4, "The test is whether a reasonable recipient would have understood the notice as final. "
               "As the court put it in an earlier case, Lord Denning MR said:")
    + "Lord Denning MR said: \n\n"
    + _para(5, "Applying that test, the notice was not final.")
    + _para(6, "We therefore allow the appeal with costs here and below.")
)

DISSENT = (
    "**Chandra Rao JC (dissenting):** \n\n"
    + _para(7, "I have read the majority's judgment in draft and regret that I cannot agree with it.")
    + _para(8, "The judge below was right, as the court held in Lim v Tan [2014] SGCA 3 at [12].")
    + _para(9, "The notice said in terms that the charter was at an end.")
    + _para(10, "A reasonable recipient could not have read it otherwise.")
    + f"1{GAP}1 Nor was any freight earned after that date. \n\n"  # 11, its digits split by the tab stop
    + _para(12, "I would have dismissed the appeal.")
    + "**Annex A: The notice of termination** \n\n"
    + f"1{GAP}Notice dated 3 May 2014, served by hand \n\n"
    + "[note: 1] (^) Notice and Termination (2nd ed) at p 4 \n\n"
    + " Copyright © The Publisher. \n\n"
    + "Source: [link](https://example.org/judgment.pdf)\n"
)

DOC = (CAPTION + MAJORITY + DISSENT).encode()


def _citable(doc):
    return [u for u in doc.units if u.citable]


def test_markdown_judgment_numbered_by_its_own_paragraph_numbers():
    doc = parse_bytes(DOC, "harbour_v_orchid.md")
    assert doc.kind is DocumentKind.JUDGMENT
    labels = [u.label for u in _citable(doc)]
    assert labels == ["[1]", "[2]", "[2(a)]", "[2(b)]", "[3]", "[4]", "[5]", "[6]", "[7]", "[8]", "[9]", "[10]",
                      "[11]", "[12]"]
    for u in _citable(doc):
        body = doc.text[u.char_start:u.char_end]
        assert body.lstrip("(").replace(GAP, "").startswith(u.number), (u.label, body[:20])  # at its own number
    p3 = next(u for u in doc.units if u.label == "[3]")
    assert "dismissed the claim" in doc.text[p3.char_start:p3.char_end]
    assert "The law" not in doc.text[p3.char_start:p3.char_end]  # the heading under it is not its words


def test_markdown_judgment_voices_read_from_the_judges_headings():
    doc = parse_bytes(DOC, "harbour_v_orchid.md")
    by = {u.label: u for u in _citable(doc)}
    for label in ("[1]", "[2(a)]", "[4]", "[5]", "[6]"):
        assert (by[label].author, by[label].role) == ("Alan Tey CJ", Role.LEAD), label
    for label in ("[7]", "[8]", "[11]", "[12]"):
        assert (by[label].author, by[label].role) == ("Chandra Rao JC", Role.DISSENTING), label
        assert "(dissenting)" in by[label].role_basis
    # "Lord Denning MR said:" inside the reasons introduces a quotation; it is not a judge's heading
    assert not any(u.author and "Denning" in u.author for u in doc.units)


def test_markdown_judgment_caption_and_tail_not_citable():
    doc = parse_bytes(DOC, "harbour_v_orchid.md")
    first = min(u.char_start for u in _citable(doc))
    assert doc.text.index("Judgment reserved") < first  # the caption is not reasons
    last = next(u for u in doc.units if u.label == "[12]")
    assert "note: 1" not in doc.text[last.char_start:last.char_end]
    assert "Copyright" not in doc.text[last.char_start:last.char_end]
    assert "Notice dated" not in doc.text[last.char_start:last.char_end]  # the annex the court attaches
    annex = next(u for u in doc.units if u.label == "Annex A")
    assert doc.text[annex.char_start:annex.char_end].startswith("Annex A: The notice")
    assert "Notice dated 3 May 2014" in doc.text[annex.char_start:annex.char_end]
    assert annex.zone is Zone.SCHEDULE and not annex.citable
    tail = [u for u in doc.units if u.char_start >= last.char_end]
    assert tail and all(not u.citable and u.zone is not Zone.REASONS for u in tail)
    assert doc.date == "2016-03-03"
    assert doc.meta["judges"] == ["Alan Tey CJ", "Brenda Ong JA", "Chandra Rao JC"]
    assert doc.title == "Harbour Freight Co v Orchid Trading and another"
    # the caption cites only the decision appealed from, the reasons other cases: none of them is this one
    assert doc.citation is None


def test_the_same_judgment_as_plain_text_reads_the_same():
    # the PDF's text without the Markdown: bold markers and heading hashes gone
    plain = DOC.decode().replace("**", "").replace("# ", "")
    doc = parse_bytes(plain.encode(), "harbour_v_orchid.txt")
    assert doc.kind is DocumentKind.JUDGMENT
    assert [u.label for u in _citable(doc)][-2:] == ["[11]", "[12]"]
    assert {u.role for u in _citable(doc) if u.label == "[12]"} == {Role.DISSENTING}
    assert doc.citation is None


def test_a_judgment_of_the_court_is_joint():
    text = DOC.decode().replace("(delivering the judgment of the majority consisting of Brenda Ong JA and himself)",
                                "(delivering the judgment of the court)")
    text = text[: text.index("**Chandra Rao JC")]
    doc = parse_bytes(text.encode(), "harbour_v_orchid.md")
    assert {(u.author, u.role) for u in _citable(doc)} == {("Alan Tey CJ", Role.JOINT)}


def test_numbered_markdown_without_a_courts_caption_is_not_a_judgment():
    # the same paragraphs under a title with no court, no bench and no judge's heading: not a judgment
    text = "# Shipping terms \n\n" + "".join(_para(n, f"The carrier shall deliver lot {n} on time.")
                                           for n in range(1, 7))
    doc = parse_bytes(text.encode(), "terms.md")
    assert doc.kind is not DocumentKind.JUDGMENT
    assert not any(u.role for u in doc.units)


# -- answered from the voices it reads ------------------------------------------------------------------------


def _court_only(doc: bytes) -> bytes:
    """The same judgment delivered for the whole court, the dissent left out."""
    text = doc.decode().replace("(delivering the judgment of the majority consisting of Brenda Ong JA and himself)",
                                "(delivering the judgment of the court)")
    return text[: text.index("**Chandra Rao JC")].encode()


@pytest.fixture(scope="module")
def ask(tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    from tests.support.extractive_helpers import ingested, ranker_asker
    d = tmp_path_factory.mktemp("mdjudgment")
    (d / "harbour_v_orchid.md").write_bytes(_court_only(DOC))
    s = ingested(d / "s.db", [d / "harbour_v_orchid.md"])
    yield ranker_asker(s)
    s.close()


def _shown(ans):  # type: ignore[no-untyped-def]
    """(author, role, quote) of each shown citation, and whether any was shown as its quotation alone."""
    alone = any(f.check is Check.CONTRADICTS_QUOTE for c in ans.citations for f in c.candidate.findings)
    return [(c.candidate.unit.author, c.candidate.unit.role, c.to_json()["quote"]) for c in ans.citations], alone


def test_no_one_dissents_from_a_judgment_of_the_court(ask) -> None:  # type: ignore[no-untyped-def]
    ans = ask("Did any judge dissent in Harbour Freight v Orchid Trading?")
    cited, alone = _shown(ans)
    assert cited == [("Alan Tey CJ", Role.JOINT, "We therefore allow the appeal with costs here and below.")]
    assert ans.claims[0].text.startswith("No one dissented") and not alone


def test_the_outcome_of_a_judgment_of_the_court_is_shown_in_its_own_words(ask) -> None:  # type: ignore
    ans = ask("Did the appeal succeed in Harbour Freight v Orchid Trading?")
    cited, alone = _shown(ans)
    assert [(a, r) for a, r, _ in cited] == [("Alan Tey CJ", Role.JOINT)] and "allow the appeal" in cited[0][2]
    # "(joint)" read as a claim of joint liability had it shown as the quotation alone
    assert not alone and "(for the court) said" in ans.claims[0].text


ZOO_TEXT_JUDGMENTS = sorted((Path(__file__).resolve().parents[3] / "zoo").glob("judgment_text_*/*.txt"))


@pytest.mark.parametrize("path", ZOO_TEXT_JUDGMENTS, ids=lambda p: p.stem)
def test_a_text_judgment_saved_as_markdown_reads_the_same(path: Path) -> None:
    # the project zoo's plain-text judgments ("[1]" paragraphs under a New Zealand caption, a US decision in
    # headed parts): nothing in them is Markdown, so the same file named .md is the same judgment
    data = path.read_bytes()
    as_text, as_md = parse_bytes(data, path.name), parse_bytes(data, path.with_suffix(".md").name)
    assert as_md.kind is as_text.kind is DocumentKind.JUDGMENT
    assert [u.label for u in as_md.units if u.citable] == [u.label for u in as_text.units if u.citable]
    assert (as_md.title, as_md.citation, as_md.date) == (as_text.title, as_text.citation, as_text.date)


def _high_court(heading: str) -> bytes:
    """A single judge's judgment in the same shape, under ``heading`` (or none), two paragraphs with their gap
    lost ("8 “The notice…", "10The buyer…")."""
    caption = CAPTION.replace("Court of Appeal", "High Court").replace(
        "Alan Tey CJ; Brenda Ong JA; Chandra Rao JC", "Dana Wee AR")
    body = "".join(_para(n, f"The buyer relied on lot {n} of the notice.") for n in range(1, 8))
    body += "8 “The notice,” the buyer says, “was final.” \n\n"
    body += _para(9, "The seller disagrees.")
    body += "10The buyer's claim therefore fails. \n\n"
    body += _para(11, "The claim is dismissed with costs.")
    return (caption + heading + body).encode()


def test_a_judgment_with_no_judges_heading_is_the_judgment_of_the_judge_its_caption_names() -> None:
    doc = parse_bytes(_high_court(""), "buyer_v_seller.md")
    paras = [u for u in _citable(doc)]
    assert doc.kind is DocumentKind.JUDGMENT and [u.label for u in paras] == [f"[{n}]" for n in range(1, 12)]
    assert {(u.author, u.role) for u in paras} == {("Dana Wee AR", Role.SOLE)}
    p8 = next(u for u in paras if u.label == "[8]")
    assert doc.text[p8.char_start:p8.char_end].startswith("8 “The notice,”")  # its gap lost, still paragraph 8


def test_a_registrar_heads_a_judgment_as_a_judge_does() -> None:
    doc = parse_bytes(_high_court("**AR Dana Wee:** \n\n"), "buyer_v_seller.md")
    assert {(u.author, u.role) for u in _citable(doc)} == {("AR Dana Wee", Role.SOLE)}
    assert len(_citable(doc)) == 11


def test_a_date_opening_a_block_is_not_a_paragraph_number() -> None:
    text = _high_court("").decode().replace("8 “The notice,” the buyer says, “was final.”",
                                            "8 June 2014 was the day the notice was served.")
    doc = parse_bytes(text.encode(), "buyer_v_seller.md")
    assert [u.label for u in _citable(doc)] == [f"[{n}]" for n in range(1, 8)]  # no [8]: the numbering stops


# -- grounds of decision: the appeal decided at the hearing, the reasons given later ----------------------------

GROUNDS = (
    "# Public Prosecutor v Kwame Mensah \n\n\n\n"
    "**Case Number** :Criminal Appeal No 5 of 2016 \n\n"
    "**Decision Date** :12 January 2017 \n\n"
    "**Tribunal/Court** :Court of Appeal \n\n"
    "**Coram** :Alan Tey CJ; Brenda Ong JA; Chandra Rao JA \n\n"
    "**Parties** :Kwame Mensah — Public Prosecutor \n\n"
    "12 January 2017 \n\n"
    "**Brenda Ong JA (delivering the grounds of decision of the court):** \n\n"
    + _para(1, "This was an appeal by the accused against his conviction for importing a controlled drug. "
               "At the conclusion of the hearing, we allowed the appeal.")
    + _para(2, "After a four-day trial, the High Court judge (“the Judge”) convicted the Appellant and sentenced "
               "him to ten years’ imprisonment.")
    + _para(3, "The Judge found that:")
    + "(a) the Appellant knew the bag held something illegal; and \n\n"
    + "(b) his account of the trip was not credible. \n\n"
    + _para(4, "The Judge also discharged the bail bond on the ground that the Appellant had once failed to "
               "attend court.")
    + _para(5, "The Prosecution’s case rested on the presumption of knowledge, which the Appellant had to rebut "
               "on a balance of probabilities.")
    + _para(6, "In our view the Appellant’s account was consistent from his first statement onwards and the "
               "presumption was rebutted.")
    + _para(7, "For the reasons above, we allowed the appeal and set aside the conviction and sentence.")
)


@pytest.fixture(scope="module")
def ask_grounds(tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    from tests.support.extractive_helpers import ingested, ranker_asker
    d = tmp_path_factory.mktemp("grounds")
    (d / "pp_v_mensah.md").write_bytes(GROUNDS.encode())
    s = ingested(d / "s.db", [d / "pp_v_mensah.md"])
    yield ranker_asker(s)
    s.close()


def test_grounds_given_after_the_hearing_state_the_outcome_in_the_past_tense(ask_grounds) -> None:  # type: ignore
    ans = ask_grounds("Was the appeal in Public Prosecutor v Kwame Mensah allowed?")
    cited, _ = _shown(ans)
    assert cited and all(role is Role.JOINT for _, role, _ in cited)
    assert any("we allowed the appeal" in q for _, _, q in cited), cited
    assert "(for the court) said" in ans.claims[0].text


def test_what_the_trial_judge_decided_is_the_verdict_not_a_list_s_lead_in(ask_grounds) -> None:  # type: ignore
    ans = ask_grounds("What did the trial judge decide in Public Prosecutor v Kwame Mensah?")
    cited, _ = _shown(ans)
    assert [q for _, _, q in cited] == ["After a four-day trial, the High Court judge (“the Judge”) convicted the "
                                        "Appellant and sentenced him to ten years’ imprisonment."]


def test_an_order_of_the_first_instance_judge_named_by_its_verb(ask_grounds) -> None:  # type: ignore
    ans = ask_grounds("On what basis did the first-instance judge discharge Kwame Mensah's bail bond?")
    cited, _ = _shown(ans)
    assert cited and "discharged the bail bond" in cited[0][2]


def test_an_outcome_asked_of_the_trial_is_not_the_appeal_s_disposal() -> None:
    from pincite.answer.structure import asks_outcome
    assert not asks_outcome("What was the outcome at trial of the reinstated claim against the second defendant?")
    assert not asks_outcome("What happened at first instance to the claim?")
    assert asks_outcome("Did the appeal against the outcome at trial succeed?")
    assert asks_outcome("Was the appeal allowed?")
