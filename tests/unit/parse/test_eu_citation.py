"""An EU act in CLML is cited by its own number: the one in brackets at its title's end ("… (2004/641/EC)"), or the
name its title opens with ("Commission Regulation (EU) No 319/2014 of …") — never the act it amends or implements,
which a decision's title names first ("Commission Decision of 14 September 2004 amending Decision 2002/627/EC …").
The titles are legislation.gov.uk's, as its CLML files print them in dc:title."""

from __future__ import annotations

import pytest

from pincite.parse.clml import _citation


@pytest.mark.parametrize("title, cited", [
    ("Commission Decision of 14 September 2004 amending Decision 2002/627/EC establishing the European Regulators "
     "Group for Electronic Communications Networks and Services (Text with EEA relevance) (2004/641/EC)",
     "Decision 2004/641/EC"),
    ("Council Decision of 24 September 2012 on the position to be taken by the European Union within the Joint "
     "Committee set up by Article 11 of the Agreement between the European Union and Georgia (2012/533/EU)",
     "Decision 2012/533/EU"),
    ("Commission Decision of 24 June 2011 on establishing the ecological criteria for the award of the EU Ecolabel "
     "to hand dishwashing detergents (notified under document C(2011) 4448) (Text with EEA relevance) (2011/382/EU) "
     "(repealed)", "Decision 2011/382/EU"),
    ("Commission Regulation (EU) No 319/2014 of 27 March 2014 on the fees and charges levied by the European "
     "Aviation Safety Agency, and repealing Regulation (EC) No 593/2007 (Text with EEA relevance) (repealed)",
     "Regulation (EU) No 319/2014"),
    ("Commission Implementing Decision of 1 June 2015 implementing Regulation (EU) No 1234/2013", None),
])
def test_an_eu_act_is_cited_by_its_own_number(title: str, cited: str | None) -> None:
    assert _citation(None, None, None, title, "eu") == cited
