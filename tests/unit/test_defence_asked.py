"""A question asking a defence ("Defence for an employer where the offence was committed by his agent") is answered
by the subsection stating the defence, not the sibling stating the offence (issue 52; ranker.exception_of).  No
statute in ../shared's corpus, bulk or zoo outside the evaluation sets and the reserved list has an offence and
its defence in sibling subsections, so these check the tables that decide it, on the wording such Acts use."""

from __future__ import annotations

from pincite.legal.language import asks_defence, asks_exception, states_defence


def test_a_defence_is_asked_by_name_or_by_what_it_relieves() -> None:
    for q in ["Defence for an employer where the offence was actually committed by his agent",
              "Is there any defence for a retailer who relied on the supplier's label?",
              "What defences are available to a person charged under section 4?",
              "Can the owner escape conviction if the master acted without his knowledge?"]:
        assert asks_defence(q), q
    for q in ["Which functions does the Ministry of Defence keep under the Act?",
              "Were the costs of the statement of defence recoverable?",
              "What is the deadline for filing a return?"]:
        assert not asks_defence(q), q
    assert not asks_exception("Defence for an employer where the offence was committed by his agent")


def test_a_defence_is_stated_by_name_or_by_proof_that_relieves() -> None:
    assert states_defence("(2) Where an employer who is charged with an offence under section four proves to the "
                          "satisfaction of the court that he has used due diligence …, he shall, in the event of "
                          "the conviction of that agent, be exempt from any conviction in respect of the offence.")
    assert states_defence("In any proceedings for an offence under these Regulations it shall be a defence for "
                          "the person charged to prove that the food was intended for export.")
    assert not states_defence("(1) Where an offence for which an employer is liable to a fine has in fact been "
                              "committed by some agent of the employer, that agent shall be liable to be proceeded "
                              "against for the offence in the same manner as if he were the employer.")
    assert not states_defence("(3) The Minister may require the licensee to prove that the fees were paid.")
