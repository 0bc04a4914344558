"""Readings of a claim's names and figures that the cited words give in another form (issue 49, after the sixth
held-out claim set, spent): each was a true claim dropped as naming or stating what its quotation does not.

- a US state named in full for the postal code an address prints ("San Jose, California" for "San Jose, CA 95134");
- a day of the month in words, as statutes and deeds write it ("the third day of December 1951" is 3 December 1951);
- the years between two years the cited words give ("two years later" from "20 July 2016 ... 18 May 2018");
- and, read ``verified`` (the default), a name or figure the cited words do not state drops the claim's words but
  shows its verified quotation in their place, the rule named: nothing wrong is shown, nothing true is lost.

Each reading is checked both ways on a real passage: the right name or figure is cited, a wrong one is not.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from pincite.answer.agreement import quoted_sentence
from pincite.answer.verify import Check, support_finding
from pincite.parse import parse_bytes

pytestmark = pytest.mark.shared

ENERGOUS = "contracts_cuad/txt/ENERGOUSCORP_03_16_2017-EX-10.24-STRATEGIC ALLIANCE AGREEMENT.txt"
ONTARIO = "canada_acts/current/I-19.8.xml"  # an Act scheduling an agreement signed "upon the third day of December 1951"
VISA = "uk_find_case_law/ewca_civ_2020_legacy_akn/2020-ewca-1357-civ.xml"


def unit_with(path: Path, words: str) -> str:
    """The words of the innermost unit holding ``words`` (the pinpoint a citation of them names)."""
    doc = parse_bytes(path.read_bytes(), str(path))
    texts = [" ".join(doc.text[u.char_start:u.char_end].split()) for u in doc.units]
    holding = [t for t in texts if words in t]
    assert holding, f"{path.name}: no unit holds {words!r}"
    return min(holding, key=len)


def finding(claim: str, unit: str, quote: str):
    at = unit.index(quote)
    return support_finding(claim, [unit], [(quote, quoted_sentence(unit, at, at + len(quote)), "")])


def test_a_state_named_for_the_postal_code_an_address_prints(shared: Path) -> None:
    unit = unit_with(shared / "corpus" / ENERGOUS, "San Jose, CA 95134")
    quote = "a Delaware corporation, having its principal office at 3590 North First Street"
    assert finding("Energous, a Delaware corporation, has its principal office in San Jose, California.",
                   unit, quote) is None
    wrong = finding("Energous, a Delaware corporation, has its principal office in San Jose, Oregon.", unit, quote)
    assert wrong is not None and wrong.check is Check.NAME_NOT_CITED and "oregon" in wrong.detail


def test_a_day_of_the_month_written_in_words(shared: Path) -> None:
    unit = unit_with(shared / "bulk" / ONTARIO, "third day of December 1951")
    quote = unit[unit.index("have hereunto set their hands"):][:60].rsplit(" ", 1)[0]
    assert finding("The agreement was signed on December 3, 1951.", unit, quote) is None
    wrong = finding("The agreement was signed on December 13, 1951.", unit, quote)
    assert wrong is not None and wrong.check is Check.FIGURE_NOT_CITED


def test_the_years_between_two_years_the_cited_words_give(shared: Path) -> None:
    unit = unit_with(shared / "corpus" / VISA, "was refused by letter dated 18 May 2018")
    quote = "was refused by letter dated 18 May 2018"
    assert finding("The 2016 application was refused two years later.", unit, quote) is None
    wrong = finding("The 2016 application was refused five years later.", unit, quote)
    assert wrong is not None and wrong.check is Check.FIGURE_NOT_CITED
