"""Issue 49, the agreement rules after the second held-out set: each rule on a real corpus passage, through
the answer checks a reply goes through (answer/verify.py via answer_from_context, a scripted model), and
the few pieces the rules read with (figures, sentences) on real text.

A claim ends one of three ways: *dropped* (it contradicts its quotation, or states what the cited words never
state), *quote* (a sign against it the rules cannot make decisive: shown as its quotation alone, never in its
own words), *shown* (in its own words).  A true claim must never be dropped; a claim that says something else
must never be shown in its own words.  None of these passages is a held-out pair's (those are drawn from
../bulk)."""

from __future__ import annotations

from pathlib import Path

import pytest

from pincite.answer.agreement import judge, quoted_sentence
from pincite.answer.context import assemble_context
from pincite.engine import AskOptions, answer_from_context
from pincite.answer.verify import Check
from pincite.generate.scripted import ScriptedGenerator, claim, reply
from pincite.ingest import ingest_paths
from pincite.legal.support import figure_keys, figures, names, supported
from pincite.store.sqlite import SQLiteStore
from pincite.types import DocRef, Passage

pytestmark = pytest.mark.shared

IPEK = "uk_find_case_law/ewca_civ_2020_legacy_akn/2020-ewca-1018-civ.xml"
TOTE = "uk_find_case_law/ewca_civ_2020_legacy_akn/2020-ewca-1300-civ.xml"
P21 = "canada_justice_laws_xml/P-21/P-21_pit-2019-08-28.xml"
S23 = "canada_justice_laws_xml/S-23/S-23_pit-2023-04-01.xml"
IDEANOMICS = ("contracts_cuad/txt/IdeanomicsInc_20160330_10-K_EX-10.26_9512211_EX-10.26_"
              "Content License Agreement.txt")
ENERGOUS = "contracts_cuad/txt/ENERGOUSCORP_03_16_2017-EX-10.24-STRATEGIC ALLIANCE AGREEMENT.txt"
AIRTECH = "contracts_cuad/txt/AIRTECHINTERNATIONALGROUPINC_05_08_2000-EX-10.4-FRANCHISE AGREEMENT.txt"
CYBERGY = ("contracts_cuad/txt/CybergyHoldingsInc_20140520_10-Q_EX-10.27_8605784_EX-10.27_"
           "Affiliate Agreement.txt")
LEADERS = "contracts_cuad/txt/LeadersonlineInc_20000427_S-1A_EX-10.8_4991089_EX-10.8_Co-Branding Agreement.txt"
XLI = "contracts_cuad/txt/XLITECHNOLOGIES,INC_12_11_2015-EX-10.1-Sponsorship Agreement.txt"
TERMHOUSE = "uk_find_case_law/modern_fcl_akn/ewca_civ_2021_1881_termhouse.xml"
LIMITATION = "uk_find_case_law/ewca_civ_2020_legacy_akn/2020-ewca-1690-civ.xml"
SOURCES = (IPEK, TOTE, P21, S23, IDEANOMICS, ENERGOUS, AIRTECH, CYBERGY, LEADERS, XLI, TERMHOUSE, LIMITATION)


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory, corpus: Path):
    s = SQLiteStore(tmp_path_factory.mktemp("agreement") / "s.db")
    rep = ingest_paths(s, [corpus / p for p in SOURCES])
    assert not rep.failed, [r.error for r in rep.failed]
    yield s, corpus
    s.close()


def unit_text(store, rel: str, label: str) -> str:
    s, corpus = store
    doc = s.get_document(str(corpus / rel))
    u = next(u for u in doc.units if u.label == label)
    return doc.text[u.char_start:u.char_end]


def outcome(store, rel: str, label: str, quote: str, text: str, **options) -> str:
    """What a reply citing ``quote`` in unit ``label`` for claim ``text`` shows: "dropped: <check>: <detail>",
    "quote" (the quotation alone) or "shown"."""
    s, corpus = store
    doc = s.get_document(str(corpus / rel))
    unit = next(u for u in doc.units if u.label == label)
    at = doc.text.find(quote, unit.char_start, unit.char_end)
    assert at >= 0, quote
    chunk = next(c for c in s.get_chunks(doc.id) if c.char_start <= at and at + len(quote) <= c.char_end)
    ref = DocRef(doc.id, doc.source, doc.title, doc.kind, doc.citation, doc.date, doc.work,
                 (doc.version or {}).get("date"))
    words = doc.text[chunk.char_start:chunk.char_end]
    turn = assemble_context("What does it say?", [Passage(chunk, ref, words, 1.0, 1)], {doc.id: doc})
    ans = answer_from_context(turn, ScriptedGenerator([reply(claim(text, "P1", quote))]), AskOptions(**options),
                              [cp.passage for cp in turn.passages])
    if not ans.claims:
        d = ans.dropped[0]
        return f"dropped: {d.check.value}: {d.detail}"
    [c] = ans.claims
    if c.text == text:
        return "shown"
    assert c.text == f"\u201c{quote}\u201d", c.text
    # a contradiction read on a claim in words of its own, or (verified) a name or figure the cited words do not
    # state: shown as its quotation alone, its words listed as dropped naming the rule
    ruled = [d for d in ans.dropped if d.check in (Check.CONTRADICTS_QUOTE, Check.NAME_NOT_CITED,
                                                   Check.FIGURE_NOT_CITED)]
    return f"quote: {ruled[0].check.value}: {ruled[0].detail}" if ruled else "quote"


def caught_by(got: str, rule: str) -> bool:
    """A wrong claim caught by ``rule``: dropped (its words are its quotation's: the rule read the same
    proposition twice) or shown as its quotation alone (in words of its own), the rule named either way."""
    return got.startswith((f"dropped: contradicts-quote: {rule}", f"quote: contradicts-quote: {rule}"))


# -- true claims that were dropped ---------------------------------------------------------------------------


def test_a_fine_in_words_is_the_fine_in_digits(store) -> None:
    # "one thousand" was read as "one thousa" (an ordinal's "nd" cut off "thousand"): the claim's $1,000
    # dropped
    got = outcome(store, P21, "s. 68(2)", "liable on summary conviction to a fine not exceeding one "
                                          "thousand dollars",
                  "A person who contravenes the section is liable on summary conviction to a fine of "
                  "up to $1,000.")
    assert not got.startswith("dropped"), got
    assert supported(figures("$25,000")[0], figure_keys("a fine not exceeding twenty-five thousand dollars"))


def test_a_lower_case_may_is_no_month(store) -> None:
    # "section 10 may be revoked" was read as the date 10 May: the claim's section 10 was not in the cited
    # words
    quote = ("a borrower\u2019s right to an interest-free period under section 4 or to a special "
             "interest-free "
             "period under section 10 may be revoked by the Minister")
    got = outcome(store, S23, "s. 17(m)", quote,
                  "The Minister may revoke a borrower's right to a special interest-free period under "
                  "section 10.")
    assert not got.startswith("dropped"), got
    assert "n:10" in figure_keys(unit_text(store, S23, "s. 17(m)"))


def test_a_failure_to_do_so_takes_back_what_it_refers_to(store) -> None:
    # "undertakes to provide … and fails to do so": the claim's "does not provide" says what the quote says
    quote = "a foreign bank undertakes to provide books and records held abroad, and fails to do so"
    got = outcome(store, IPEK, "[70]", quote,
                  "If a foreign bank fails to provide the books and records it undertook to provide, "
                  "it is no answer "
                  "that the court would not grant such an order by way of original jurisdiction.")
    assert not got.startswith("dropped"), got


def test_a_passive_subject_is_not_who_acts(store) -> None:
    # "Licensor must be notified": the Licensor is told, it notifies no one — the Licensee's notice is no swap
    quote = "Licensor must be notified prior to the first exhibition of the Title over the internet"
    got = outcome(store, IDEANOMICS, "cl. 2", quote,
                  "The Licensee must notify the Licensor prior to the first exhibition of the Title "
                  "over the internet.")
    assert not got.startswith("dropped"), got


def test_a_count_of_listed_items_is_what_the_list_shows(store) -> None:
    text = unit_text(store, P21, "s. 22")
    start = text.index("(i) the detection")
    listing = text[start:text.index("if the information came")]  # (i), (ii), (iii) and no other figure
    assert [f.text for f in figures(listing)] == []
    assert supported(figures("three kinds of investigation")[0], figure_keys(listing))


def test_days_between_two_dates_and_a_named_calendar_year(store) -> None:
    # "judgment on 16 November 2017 resulting in an Order dated 20 December"
    text = unit_text(store, IPEK, "[18]")
    assert "period:day:34" in figure_keys(text)
    assert figures("the share for a calendar year") == []
    assert figures("within a calendar year")[0].needs >= {"period:year:1"}
    assert "french" not in names("the French version of the Act")


def test_a_sentence_ends_where_its_quotation_begins(store) -> None:
    # the quotation starts a sentence: the sentence before it (with its own negation) is not read with it
    text = unit_text(store, IPEK, "[26](4)")
    quote = "This further argument was rejected by the Judge"
    at = text.index(quote)
    assert quoted_sentence(text, at, at + len(quote)).strip().startswith(quote)


# -- contradictions that were shown --------------------------------------------------------------------------


def test_parties_the_other_way_round_without_a_modal(store) -> None:
    got = outcome(store, TOTE, "[93]", "the Tote was required to deliver to SIS a data feed",
                  "Under the Tote HoT, SIS was required to deliver to the Tote a data feed defined as "
                  "the Race Day "
                  "Data Feed.")
    assert got == "quote", got
    j = judge("Under the Tote HoT, SIS was required to deliver to the Tote a data feed.",
              unit_text(store, TOTE, "[93]"), "the Tote was required to deliver to SIS a data feed")
    assert j.verdict == "doubtful" and j.rule == "party", j


def test_a_name_where_the_sentence_names_another(store) -> None:
    got = outcome(store, IPEK, "[15]", "The ICSID claim by IIL against the Republic of Turkey",
                  "The ICSID claim by Koza-Ipek Holding AS against the Republic of Turkey was "
                  "initiated by notice "
                  "on 6 March 2017.")
    assert got == "quote", got


def test_dates_in_each_others_roles_and_a_restatement_that_changes_its_end(store) -> None:
    # the claim copies the quotation's first words (a restatement) and swaps its two dates
    got = outcome(store, IPEK, "[15]", "The ICSID claim by IIL against the Republic of Turkey",
                  "The ICSID claim by IIL against the Republic of Turkey was initiated by notice on 29 "
                  "May 2018 "
                  "and registered on 6 March 2017.")
    assert got == "quote", got


def test_a_permission_stated_as_an_obligation_on_another_verb(store) -> None:
    quote = "DIALOG and/or its Affiliates may continue to Sell Licensed Products to such customer"
    got = outcome(store, ENERGOUS, "cl. 15.4(b)", quote,
                  "DIALOG is required to keep selling Licensed Products to such customer through the "
                  "Wind Down "
                  "Period.")
    assert got == "quote", got
    assert outcome(store, ENERGOUS, "cl. 15.4(b)", quote,
                   "DIALOG and its Affiliates may go on selling Licensed Products to such a customer "
                   "through the "
                   "Wind Down Period.") == "shown"


def test_a_scope_the_quotation_never_states(store) -> None:
    quote = "AIRSOPURE will sell to You for resale or lease at the Center"
    got = outcome(store, AIRTECH, "cl. 6.01", quote,
                  "AIRSOPURE will always sell to You every order of Products for resale or lease at "
                  "the Center.")
    assert got == "quote", got
    got = outcome(store, IDEANOMICS, "cl. 17(a)", "governed by and construed in all respects in "
                                                  "accordance with "
                  "the laws of the State of New York",
                  "The Agreement is governed by the laws of the State of New York, regardless of any other "
                  "jurisdiction's interest.")
    assert got == "quote", got


def test_a_negation_dropped_off_a_word_no_predicate_carries(store) -> None:
    quote = "without giving effect to any conflicts of laws principles"
    got = outcome(store, IDEANOMICS, "cl. 17(a)", quote,
                  "The Agreement is governed by New York law, giving effect to its conflicts of laws "
                  "principles.")
    assert got == "quote", got
    assert not outcome(store, IDEANOMICS, "cl. 17(a)", quote,
                       "New York law governs the Agreement without giving effect to any conflicts of laws "
                       "principles.").startswith("dropped")


def test_a_decision_where_the_sentence_only_says_arguable(store) -> None:
    quote = "success for IIL in the Arbitration would provide the commercial funding benefits to Koza Ltd"
    got = outcome(store, IPEK, "[18]", quote,
                  "Mr Spearman held that success for IIL in the Arbitration would provide the "
                  "commercial funding "
                  "benefits to Koza Ltd.")
    assert got == "quote", got


def test_an_argument_accepted_where_the_sentence_finds_it_unsustainable(store) -> None:
    quote = "The application is also legally unsustainable because Koza Altin has no underlying claim"
    got = outcome(store, IPEK, "[27](3)", quote,
                  "The Judge accepted the application although Koza Altin has no underlying claim in "
                  "support of "
                  "which an interim injunction could properly be granted.")
    assert got == "quote", got


def test_the_losing_party_where_the_prevailing_party_recovers(store) -> None:
    quote = "the prevailing party shall be entitled to all attorney fees, court costs, and expenses"
    got = outcome(store, CYBERGY, "cl. 24", quote,
                  "If legal proceedings are brought, the losing party is entitled to its attorney fees, "
                  "court costs and expenses.")
    assert caught_by(got, "polarity"), got
    assert outcome(store, CYBERGY, "cl. 24", quote,
                   "If legal proceedings are brought, the prevailing party is entitled to its attorney "
                   "fees, court costs and expenses.", paraphrase="aligned") == "shown"


# -- after the third held-out set (spent): true claims the rules dropped, each rule on a corpus passage ----------


def test_a_name_given_by_its_initials_is_cited(store) -> None:
    quote = "has been omitted and filed separately with the Securities and Exchange Commission"
    got = outcome(store, ENERGOUS, "Preamble ¶1", quote,
                  "Confidential information marked by brackets was left out and filed separately with the SEC.")
    assert not got.startswith("dropped"), got
    # initials of words the cited text does not spell out are still a name it never gives: never shown in the
    # claim's words — by default its quotation is shown in their place, the name named as the reason; read
    # aligned (claims in their own words) it is dropped
    wrong = "Confidential information was filed separately with the FTC."
    assert outcome(store, ENERGOUS, "Preamble ¶1", quote, wrong).startswith("quote: name-not-cited"), quote
    assert outcome(store, ENERGOUS, "Preamble ¶1", quote, wrong, paraphrase="aligned").startswith(
        "dropped: name-not-cited"), quote


def test_more_than_a_limit_the_text_lets_be_extended(store) -> None:
    quote = "if the breach is not reasonably capable of cure within 30 days, such longer period, not to exceed 60 days"
    got = outcome(store, LEADERS, "cl. 7.1", quote,
                  "A breach that cannot reasonably be cured within 30 days may be given more than 30 days to cure.")
    assert not got.startswith("dropped"), got


def test_neither_nor_is_one_negation(store) -> None:
    quote = "neither this Agreement nor the transactions contemplated hereby will cause a violation of any other agreement"
    assert outcome(store, XLI, "cl. 4.1", quote,
                   "The transactions contemplated by the Agreement will not cause a violation of any other "
                   "agreement.") == "shown"
    assert outcome(store, XLI, "cl. 4.1", quote,
                   "The transactions contemplated by the Agreement will cause a violation of another "
                   "agreement.") != "shown"


def test_what_does_not_follow_is_left_open(store) -> None:
    # the paragraph quotes the Upper Tribunal, so the claim is judged against the sentence directly
    text = " ".join(unit_text(store, TERMHOUSE, "[27]").split())
    quote = "it does not follow that where the charge is not due, the F-tT cannot consider an application"
    at = text.index(quote)
    sentence = quoted_sentence(text, at, at + len(quote))
    true = judge("That the charge is not due does not mean that the F-tT cannot consider an application under "
                 "section 27A.", sentence, quote)
    assert true.verdict == "agrees", true
    restated = judge("It does not follow that the F-tT cannot consider an application under section 27A where the "
                     "charge is not due.", sentence, quote)
    assert restated.verdict == "agrees", restated
    # the statement asserting what the quoted words leave open is never shown in its own words
    wrong = judge("Where the charge is not due, the F-tT cannot consider an application under section 27A.",
                  sentence, quote)
    assert wrong.verdict in ("contradicts", "doubtful"), wrong


def test_a_joiner_before_a_subject_opens_a_clause(store) -> None:
    from pincite.answer.agreement import read

    text = unit_text(store, LIMITATION, "[54]")
    r = read(" ".join(text.split()))
    at = r.words.index("would", r.words.index("barker"))
    assert r.clause[at] != r.clause[r.words.index("not")]  # "… HHJ Barker and I would therefore hold …"


def test_paraphrase_verified_shows_only_what_the_quotation_says(store) -> None:
    """``paraphrase="verified"``: a claim is shown in its own words only when it states nothing its quotation's
    sentence does not; a paraphrase that adds a word is shown as its quotation alone (never dropped), while a
    restatement and a claim that only points at what it cites ("Clause 24 provides …") are still shown."""
    quote = "the prevailing party shall be entitled to all attorney fees, court costs, and expenses"
    paraphrase = "If legal proceedings are brought, the prevailing party recovers its attorney fees, court costs " \
                 "and expenses."
    assert outcome(store, CYBERGY, "cl. 24", quote, paraphrase, paraphrase="aligned") == "shown"
    assert outcome(store, CYBERGY, "cl. 24", quote, paraphrase) == "quote"  # verified: the default
    pointing = "Clause 24 provides that the prevailing party shall be entitled to all attorney fees, court costs, " \
               "and expenses."
    assert outcome(store, CYBERGY, "cl. 24", quote, pointing, paraphrase="verified") == "shown"
    # a wrong claim the aligned rules let through is caught by the verified reading
    wrong = "If legal proceedings are brought, the prevailing party is entitled to attorney fees, court costs and " \
            "expenses only after a final appeal."
    assert outcome(store, CYBERGY, "cl. 24", quote, wrong, paraphrase="verified") == "quote"


# -- after the fourth held-out set (spent): two of its false drops, as general readings -------------------------


def test_a_negation_does_not_reach_the_condition_it_waits_on(store) -> None:
    quote = "no report shall be made under this subsection until the expiration of the time within which the " \
            "notice is to be given to the Commissioner"
    got = outcome(store, P21, "s. 35(2)", quote,
                  "A report under this subsection may be made only after the expiration of the time within which "
                  "the notice is to be given to the Commissioner.")
    assert got == "shown", got
    # the report itself is still what the negation denies
    assert outcome(store, P21, "s. 35(2)", quote,
                   "A report shall be made under this subsection before the expiration of the time within which "
                   "the notice is to be given to the Commissioner.") != "shown"


def test_every_fifth_year_is_a_period_of_five_years() -> None:
    keys = figure_keys("additional progress reports no later than June 1 of every fifth year after that")
    assert supported(figures("further reports every five years")[0], keys)
    assert not supported(figures("further reports every four years")[0], keys)


# -- issue 49, stop 23: a contradiction is decisive on the quotation's own words, shown as the quotation otherwise --


def test_a_contradiction_in_the_quotations_words_is_dropped_in_words_of_its_own_shown_as_the_quotation(store):
    """A rule that finds the claim denying its quotation drops it when the claim states nothing the quotation's
    sentence does not (the rule read one proposition twice); a claim in words of its own may say something the
    rule misreads, so it is shown as its quotation alone, the rule named — never in its own words, never lost."""
    quote = "It follows that the Injunction Application is not abusive"
    own = outcome(store, IPEK, "[61]", quote, "It follows that the Injunction Application is abusive.")
    assert own.startswith("dropped: contradicts-quote: polarity"), own
    para = outcome(store, IPEK, "[61]", quote,
                   "The Court of Appeal held that bringing the Injunction Application was abusive.")
    assert para.startswith("quote: contradicts-quote: polarity"), para
    # the aligned reading too: caught, its quotation shown
    assert outcome(store, IPEK, "[61]", quote, "The Court of Appeal held that bringing the Injunction Application "
                   "was abusive.", paraphrase="aligned").startswith("quote: contradicts-quote: polarity")
    # and the claim's own words are listed as dropped, saying which rule and that the quotation stands instead
    s, corpus = store
    doc = s.get_document(str(corpus / IPEK))
    chunk = next(c for c in s.get_chunks(doc.id) if doc.text.find(quote, c.char_start, c.char_end) >= 0)
    ref = DocRef(doc.id, doc.source, doc.title, doc.kind, doc.citation, doc.date, doc.work, None)
    turn = assemble_context("Was it abusive?", [Passage(chunk, ref, doc.text[chunk.char_start:chunk.char_end], 1.0,
                                                        1)], {doc.id: doc})
    wrong = "The Court of Appeal held that bringing the Injunction Application was abusive."
    ans = answer_from_context(turn, ScriptedGenerator([reply(claim(wrong, "P1", quote))]), AskOptions(),
                              [cp.passage for cp in turn.passages])
    assert [c.text for c in ans.claims] == [f"\u201c{quote}\u201d"]
    [d] = ans.dropped
    assert d.check is Check.CONTRADICTS_QUOTE and d.claim == wrong and d.detail.startswith("polarity:"), d


def test_the_default_shows_an_unverifiable_paraphrase_as_its_quotation(store) -> None:
    """The default reading is ``verified``: a paraphrase stating words the quotation's sentence does not is shown
    as the quotation alone; ``aligned`` shows it in its own words."""
    quote = "It follows that the Injunction Application is not abusive"
    claim_text = "The Court of Appeal decided the Injunction Application was not an abuse of process."
    assert outcome(store, IPEK, "[61]", quote, claim_text) == "quote"
    assert outcome(store, IPEK, "[61]", quote, claim_text, paraphrase="aligned") == "shown"
    assert AskOptions().paraphrase.value == "verified"


# -- after the fifth held-out set (spent): names a writer gives in another form --------------------------------


def test_a_name_spelled_out_or_given_as_its_adjective_is_a_name_the_cited_words_give(store) -> None:
    """A claim spelling out the initials the cited words use ("International Centre for Settlement of Investment
    Disputes" for "ICSID"), or naming a place by its adjective ("non-Turkish" ventures where the words say "outside
    Turkey"), names what they name; a place they never give is still a name they do not mention."""
    quote = "the ICSID tribunal had exclusive jurisdiction under article 26 of the ICSID Convention"
    got = outcome(store, IPEK, "[27](4)", quote,
                  "The International Centre for Settlement of Investment Disputes tribunal had exclusive "
                  "jurisdiction under article 26 of the Convention.", paraphrase="aligned")
    assert got == "shown", got
    quote = "to carry out mining operations outside Turkey"
    got = outcome(store, IPEK, "[3]", quote, "Koza Ltd was capitalised to carry out mining operations outside "
                  "the Turkish market.", paraphrase="aligned")
    assert not got.startswith("dropped"), got
    got = outcome(store, IPEK, "[3]", quote, "Koza Ltd was capitalised to carry out mining operations outside "
                  "the Japanese market.", paraphrase="aligned")
    assert got.startswith("dropped: name-not-cited"), got


def test_the_crown_is_her_majesty_and_the_government(store) -> None:
    """In a Canadian Act the Crown is "Her Majesty": a claim calling it the Crown or the Government names a
    party the cited words give (legal.support.NAME_EQUIVALENTS); another party they never name is still
    dropped."""
    quote = "in respect of any sum collected by the lender on behalf of Her Majesty from a borrower"
    for party in ("the Government", "the Crown"):
        got = outcome(store, S23, "s. 8", quote, f"The Minister may pay a lender a prescribed amount in respect of "
                      f"any sum the lender collected on behalf of {party} from a borrower.", paraphrase="aligned")
        assert not got.startswith("dropped"), (party, got)
    got = outcome(store, S23, "s. 8", quote, "The Minister may pay a lender a prescribed amount in respect of any "
                  "sum the lender collected on behalf of Scotiabank from a borrower.", paraphrase="aligned")
    assert got.startswith("dropped: name-not-cited"), got


# -- the verified reading: a claim's own words that say the quotation's words another way ----------------------


def _label(store, rel: str, quote: str) -> str:
    s, corpus = store
    doc = s.get_document(str(corpus / rel))
    at = doc.text.find(quote)
    assert at >= 0, quote
    return min((u for u in doc.units if u.label and u.char_start <= at and at + len(quote) <= u.char_end),
               key=lambda u: u.char_end - u.char_start).label


def test_a_paraphrase_in_other_forms_and_synonyms_of_its_quotations_words_is_shown_in_its_own_words(store):
    """Under the default verified reading a claim is shown in its own words when each of its words is one the
    quotation's sentence states, in another form ("receipt" of "receives") or as the same legal term in plain
    words ("treated as" for "deemed", "signed" for "executed", "end" for "terminate")
    (legal.agreement.IRREGULAR_FORMS, SYNONYMS); a wrong claim in the same words is still not shown."""
    cases = (
        (CYBERGY, "MA shall be deemed to be an independent contractor in its relationship with Company",
         "MA is treated as an independent contractor in its relationship with Company."),
        (IDEANOMICS, "This Agreement may be executed in counterparts",
         "This Agreement may be signed in counterparts, which taken together constitute one and the same "
         "instrument."),
        (IDEANOMICS, "Either party may terminate this Agreement upon written notice if the other party materially "
                     "breaches this Agreement",
         "Either party may end this Agreement upon written notice if the other party materially breaches it and "
         "fails to cure the breach within thirty (30) days after receipt of written notice of the breach."),
    )
    for rel, quote, text in cases:
        got = outcome(store, rel, _label(store, rel, quote), quote, text)
        assert got == "shown", (text, got)
    rel, quote = cases[2][:2]
    for wrong in ("Either party may end this Agreement at any time for any reason upon written notice.",
                  "Either party must end this Agreement upon written notice if the other party materially "
                  "breaches it."):
        got = outcome(store, rel, _label(store, rel, quote), quote, wrong)
        assert got != "shown", (wrong, got)


def test_a_verb_done_by_another_party_or_turned_in_time_is_not_shown_in_its_own_words(store):
    """A claim whose verb the sentence gives another party to do ("MA accepts" where "accepted by Company"), or
    that puts after what the sentence puts before, is shown as its quotation alone — the synonym readings must
    not let a wrong claim through that an unstated word used to hold back; the right doer and direction are
    shown in the claim's words."""
    quote = "This Agreement is accepted by Company in the State of Nevada"
    label = _label(store, CYBERGY, quote)
    assert outcome(store, CYBERGY, label, quote, "Company accepts this Agreement in the State of Nevada.") == "shown"
    assert outcome(store, CYBERGY, label, quote, "MA accepts this Agreement in the State of Nevada.") != "shown"
    quote = ("Any termination allowed by this Agreement will take place only after written notice of default has "
             "been given to the defaulting party")
    label = _label(store, XLI, quote)
    got = outcome(store, XLI, label, quote, "A termination allowed by this Agreement takes place only after "
                  "written notice of default has been given to the defaulting party.")
    assert got == "shown", got
    got = outcome(store, XLI, label, quote, "A termination allowed by this Agreement takes place before written "
                  "notice of default has been given to the defaulting party.")
    assert got != "shown", got


def test_a_failure_that_is_the_subject_of_a_predicate_does_not_negate_the_predicate(store):
    """"SIS's failure to call him would be an important factor": the failure is the subject — what is denied is
    the calling, not that it is an important factor. A claim that SIS not calling him is an important factor
    agrees; one that says it is no important factor does not (a negative verb's reach ends at the auxiliary of
    its own predicate)."""
    quote = "SIS's failure to call him would be an important factor"
    text = unit_text(store, TOTE, _label(store, TOTE, quote))
    at = text.find(quote)
    sentence = quoted_sentence(text, at, at + len(quote))
    right = judge("If there is prima facie evidence of Mr Smith's state of mind adverse to SIS's case, then it "
                  "would be an important factor that SIS did not call him.", sentence, quote)
    assert right.verdict == "agrees", right
    wrong = judge("If there is prima facie evidence of Mr Smith's state of mind adverse to SIS's case, then it "
                  "would not be an important factor that SIS did not call him.", sentence, quote)
    assert wrong.verdict in ("contradicts", "doubtful"), wrong


def test_a_negation_in_a_condition_ends_with_the_conditions_clause(store):
    """"If none of the foregoing alternatives is available …, DIALOG may terminate this Agreement": the "none"
    negates the condition, not the termination it opens; a claim restating the clause in its own order is not a
    contradiction (on main it was dropped as polarity)."""
    quote = "DIALOG may terminate this Agreement with immediate effect"
    text = unit_text(store, ENERGOUS, _label(store, ENERGOUS, quote))
    at = text.find(quote)
    sentence = quoted_sentence(text, at, at + len(quote))
    assert "If none of the foregoing alternatives" in sentence
    right = judge("On prompt prior written notice to ENERGOUS, DIALOG may end this Agreement immediately if none "
                  "of the foregoing alternatives is available within a commercially reasonable time period.",
                  sentence, quote)
    assert not right.contradicts and right.verdict != "doubtful", right
    wrong = judge("On prompt prior written notice to ENERGOUS, DIALOG may not end this Agreement immediately if "
                  "none of the foregoing alternatives is available within a commercially reasonable time period.",
                  sentence, quote)
    assert wrong.verdict in ("contradicts", "doubtful"), wrong


_CLAIMS = Path(__file__).resolve().parents[2] / "eval" / "claims"


def _passage_sentence(file: str, pid: str, quote: str) -> str:
    import json
    p = next(x for x in map(json.loads, (_CLAIMS / file).read_text(encoding="utf-8").splitlines()) if x["id"] == pid)
    at = p["text"].find(quote)
    assert at >= 0, quote
    return quoted_sentence(p["text"], at, at + len(quote))


def test_true_claims_of_the_spent_sets_are_not_read_as_contradicting_their_quotations() -> None:
    """Three general readings, on the bulk passages of spent hand-written pairs (eval/claims/passages*.jsonl):
    a party before a comma is not who acts after it ("With leave of the Court or a judge, the legal
    representative … may file"); a negator opening a long named subject negates its predicate ("no section 30
    Public Service Superannuation Act payment has been made" is "has not made a payment"); a claim that states
    its own condition is not absolute ("if … did not apply …, lifted automatically" on "unless … made an
    application")."""
    cases = (
        ("passages4.jsonl", "s055",
         "the legal representative of the sole appellant, or of the last surviving appellant, may, by leave of the "
         "Court or a judge, file a suggestion of the death",
         "With leave of the Court or a judge, the legal representative of a deceased sole appellant, or of the last "
         "surviving appellant, may file a suggestion of the death."),
        ("passages5.jsonl", "v068",
         "the President of the Treasury Board has not made a payment to the Corporation or to an amalgamated "
         "corporation pursuant to section 30 of the Public Service Superannuation Act in respect of that person",
         "One condition is that no section 30 Public Service Superannuation Act payment has been made by the "
         "President of the Treasury Board to the Corporation or an amalgamated corporation in respect of the "
         "person."),
        ("passages5.jsonl", "v022",
         "unless Canada Goose made an application for a case management conference or for summary judgment by 1 "
         "December 2018, the claim would stand dismissed and the injunction discharged without further order",
         "Judge Moloney's order provided that if Canada Goose did not apply for a case management conference or "
         "summary judgment by 1 December 2018, the claim would be dismissed and the injunction lifted "
         "automatically."),
    )
    for file, pid, quote, text in cases:
        got = judge(text, _passage_sentence(file, pid, quote), quote)
        assert not got.contradicts, (pid, got)
    # the long subject's reading still catches the negation dropped
    wrong = judge("One condition is that a section 30 Public Service Superannuation Act payment has been made by "
                  "the President of the Treasury Board to the Corporation in respect of the person.",
                  _passage_sentence(*cases[1][:3]), cases[1][2])
    assert wrong.contradicts, wrong


def test_a_party_barred_from_an_act_is_one_that_shall_not_do_it(store):
    """"Company is barred from requiring MA to market …" says "Company shall not require MA to market …": a
    forbidding verb denies what follows its "from" (legal.agreement.FORBIDDING_VERBS); the claim is shown in its
    own words, and one that permits the act is not."""
    quote = "Company shall not require MA to market or support Technology"
    label = _label(store, CYBERGY, quote)
    got = outcome(store, CYBERGY, label, quote, "Company is barred from requiring MA to market or support "
                  "Technology according to a marketing plan or system prescribed in substantial part by Company.")
    assert got == "shown", got
    got = outcome(store, CYBERGY, label, quote, "Company is free to require MA to market or support Technology "
                  "according to a marketing plan or system prescribed in substantial part by Company.")
    assert got != "shown", got


def test_a_denial_in_the_other_voice_agrees(store):
    """"… shall not be provided to any third party by LeadersOnline" is "LeadersOnline shall not (cannot, is not
    permitted to) provide …": the passive's subject is the active's object and its "by" party the active's
    subject; a claim in the other voice is shown in its own words (on 33a95ce a polarity doubt: the subject read
    as affirmed where the object is denied). Another doer, or the act permitted, is not shown."""
    quote = "Resume Bank shall not be provided to any third party by LeadersOnline"
    label = _label(store, LEADERS, quote)
    tail = " the Resume Bank to any third party without the written consent of the individual whose information " \
           "would be disclosed."
    for doer in ("LeadersOnline cannot provide", "LeadersOnline is not permitted to provide",
                 "LeadersOnline shall not provide"):
        got = outcome(store, LEADERS, label, quote, doer + tail)
        assert got == "shown", (doer, got)
    for wrong in ("VerticalNet shall not provide", "LeadersOnline may provide"):
        got = outcome(store, LEADERS, label, quote, wrong + tail)
        assert got != "shown", (wrong, got)
    quote = "VerticalNet shall not alter the appearance of the LeadersOnline Mark without the consent of LeadersOnline"
    label = _label(store, LEADERS, quote)
    got = outcome(store, LEADERS, label, quote, "The appearance of the LeadersOnline Mark shall not be altered by "
                  "VerticalNet without the consent of LeadersOnline.")
    assert got == "shown", got
    got = outcome(store, LEADERS, label, quote, "The appearance of the LeadersOnline Mark shall not be altered by "
                  "LeadersOnline without the consent of VerticalNet.")
    assert got != "shown", got


def test_a_without_under_a_negated_modal_requires_what_follows_and_a_whether_clause_is_not_denied(store):
    """"No edits may be made without the prior approval of LeadersOnline" says the edits are "subject to the prior
    approval of LeadersOnline": a "without" under a negated modal requires what follows it (on 33a95ce this true
    claim was read as doing without the approval — a contradiction); "it does not matter whether the ideas are
    protectable" is "whether or not protectable" (a negation does not reach a "whether" clause). A claim that
    does make the edits without approval, or denies the protection, is still not shown."""
    quote = "provided that any edits will be subject to the prior approval of LeadersOnline"
    text = unit_text(store, LEADERS, _label(store, LEADERS, quote))
    at = text.find(quote)
    sentence = quoted_sentence(text, at, at + len(quote))
    right = judge("No edits may be made without the prior approval of LeadersOnline.", sentence, quote)
    assert right.verdict == "agrees", right
    wrong = judge("Any edits may be made without the prior approval of LeadersOnline.", sentence, quote)
    assert wrong.contradicts, wrong
    quote = "whether or not protectable under patent, trademark, copyright or other areas of law"
    text = unit_text(store, LEADERS, _label(store, LEADERS, quote))
    at = text.find(quote)
    sentence = quoted_sentence(text, at, at + len(quote))
    right = judge("It does not matter whether the proprietary ideas are protectable under patent, trademark, "
                  "copyright or other areas of law.", sentence, quote)
    assert right.verdict == "agrees", right
    wrong = judge("The proprietary ideas must not be protectable under patent, trademark, copyright or other areas "
                  "of law.", sentence, quote)
    assert wrong.verdict in ("contradicts", "doubtful"), wrong


def test_a_modals_verb_after_an_aside_between_commas(store):
    """"AIRSOPURE may, at its option, terminate this Agreement": the modal's verb is "terminate", after the aside —
    a claim that AIRSOPURE must terminate contradicts it (modality; on 33a95ce only a doubt), one that it may
    does not."""
    quote = "AIRSOPURE may, at its option, terminate this Agreement"
    text = unit_text(store, AIRTECH, _label(store, AIRTECH, quote))
    at = text.find(quote)
    sentence = quoted_sentence(text, at, at + len(quote))
    wrong = judge("AIRSOPURE must terminate this Agreement and all rights granted hereunder.", sentence, quote)
    assert wrong.contradicts and wrong.rule == "modality", wrong
    right = judge("AIRSOPURE may terminate this Agreement and all rights granted hereunder at its option.", sentence,
                  quote)
    assert not right.contradicts, right


def _pair_shown(file: str, pid: str, quote: str, text: str) -> bool:
    import json

    from pincite.answer.verify import matched
    p = next(x for x in map(json.loads, (_CLAIMS / file).read_text(encoding="utf-8").splitlines()) if x["id"] == pid)
    beside = "\n".join(x for x in (p.get("label"), p.get("title")) if x)
    return matched(text, [(quote, _passage_sentence(file, pid, quote), beside)])


def test_a_month_named_may_is_no_permission() -> None:
    """"must, on or before May 31 of each year, report" (a spent pair's bulk passage): "May 31" is a date, not a
    permission, so "is required to report … by May 31" states the sentence's obligation and is shown in its own
    words (on 3fdf3d8 a modality doubt); "may report" is not (on 33a95ce it was shown: the modal's verb stood
    after the aside, unread)."""
    quote = "must, on or before May 31 of each year, report to the Minister"
    head = "The head of every government institution "
    assert _pair_shown("passages2.jsonl", "q032", quote, head + "is required to report to the Minister by May 31 of "
                       "each year.")
    for wrong in ("may report", "is permitted to report"):
        assert not _pair_shown("passages2.jsonl", "q032", quote, head + wrong + " to the Minister by May 31 of each "
                               "year."), wrong


def test_a_short_name_is_the_same_doer() -> None:
    """"VS shall perform all Services …" (a spent pair's bulk passage, where the agreement calls VirtualScopics
    "VS"): "VirtualScopics performs" has the same doer and is shown in its own words; "PPD performs" gives the act
    to the other party and is not (on 3fdf3d8 it was shown)."""
    quote = "VS shall perform all Services under this Agreement as an independent contractor"
    tail = " all Services under this Agreement as an independent contractor."
    assert _pair_shown("passages5.jsonl", "v091", quote, "VirtualScopics performs" + tail)
    assert not _pair_shown("passages5.jsonl", "v091", quote, "PPD performs" + tail)


def test_a_negations_reach_edge_is_read_past_an_earlier_subject() -> None:
    """"the Parties expressly acknowledge that this Agreement does not create an exclusive business relationship
    between the Parties" (a spent pair's bulk passage): the first "Parties" is the subject of "acknowledge", before
    the negation — the claim's "does not make the Parties' business relationship an exclusive one" negates the same
    words, its reach ending one word further (on 33a95ce a polarity doubt). A claim that the Agreement creates the
    exclusive relationship is still read against it."""
    quote = ("Subject to the terms and conditions herein, the Parties expressly acknowledge that this Agreement does "
             "not create an exclusive business relationship between the Parties.")
    sentence = _passage_sentence("passages3.jsonl", "r057", quote)
    right = judge("Subject to its terms, the Agreement does not make the Parties' business relationship an exclusive "
                  "one.", sentence, quote)
    assert right.verdict == "agrees", right
    wrong = judge("Subject to its terms, the Agreement creates an exclusive business relationship between the "
                  "Parties.", sentence, quote)
    assert wrong.verdict in ("contradicts", "doubtful"), wrong
