"""Lettered items under roman-numbered Articles in plain-text contracts (issue 52): "III. SERVICES", its items
"A." to "C.", and under "C. ... UTK agrees to:" a short list "1.", "2.".

On main the "1." under a lettered item was read as the document's first numbered clause (cl. 1, cl. 2), after
which every lettered item of the later Articles hung from that closed clause and lost its Article: ".A",
".A #2" ... ".L", with no parent.  A numbered run nested under an Article's lettered item is that item's list
(Art. III.C.1, as "cl. 3.B.1" names a list under a clause's lettered item), and lettered items after an
Article's heading belong to that Article, whether or not text follows the heading on its line.  Expected values
were read from the .txt files by hand.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from pincite.parse import parse_bytes

pytestmark = pytest.mark.shared

MANAKOA = "MANAKOASERVICESCORP_11_21_2007-EX-7.5-STRATEGIC ALLIANCE AGREEMENT.txt"  # the ORBSAT shape (a spent set's document), in a contract no gold file names
BUFFALO = "BUFFALOWILDWINGSINC_06_05_1998-EX-10.3-FRANCHISE AGREEMENT.txt"
LEJU = "LEJUHOLDINGSLTD_03_12_2014-EX-10.34-INTERNET CHANNEL COOPERATION AGREEMENT.txt"
ALCO = "ALCOSTORESINC_12_14_2005-EX-10.26-AGENCY AGREEMENT.txt"
IMMUNOMEDICS = "IMMUNOMEDICSINC_08_07_2019-EX-10.1-PROMOTION AGREEMENT.txt"
KENTUCKY = "KENTUCKYUTILITIESCO_03_25_2003-EX-10.65-TRANSPORTATION AGREEMENT.txt"
NOVO = "NOVOINTEGRATEDSCIENCES,INC_12_23_2019-EX-10.1-JOINT VENTURE AGREEMENT.txt"


def load(bulk: Path, name: str):
    path = bulk / "cuad_v1_txt" / name
    doc = parse_bytes(path.read_bytes(), name)
    by_label = {u.label: u for u in doc.units}
    return doc, by_label


def children(doc, parent) -> list[str]:
    return [u.label for u in doc.units if u.parent == parent.ordinal]


def words(doc, u) -> str:
    return " ".join(doc.text[u.char_start:u.char_end].split())


def no_orphans(doc) -> None:
    body = [u.label for u in doc.units if u.kind.value in ("clause", "subclause", "part")]
    assert not [x for x in body if x.startswith((".", "("))], body
    assert not [x for x in body if " #" in x], body


def test_a_short_list_under_an_articles_lettered_item_is_that_items(bulk: Path) -> None:
    doc, units = load(bulk, MANAKOA)
    a = units["Art. VIII.A"]
    assert words(doc, a).startswith("A. INDEMNITY.")
    assert children(doc, a) == ["Art. VIII.A.1", "Art. VIII.A.2"]
    assert words(doc, units["Art. VIII.A.2"]).startswith("2. MKOS shall indemnify, defend and hold harmless UTEK")
    assert "cl. 1" not in units and "cl. 2" not in units


def test_lettered_items_after_an_articles_heading_belong_to_it(bulk: Path) -> None:
    doc, units = load(bulk, MANAKOA)
    four = units["Art. IV"]
    assert words(doc, four).startswith("IV. COMPENSATION")
    assert children(doc, four) == ["Art. IV.A", "Art. IV.B", "Art. IV.C"]
    assert words(doc, units["Art. VI.A"]).startswith("A. Disclosure requirements")
    assert children(doc, units["Art. VII"]) == [f"Art. VII.{x}" for x in "ABC"]
    eight = units["Art. VIII"]
    assert children(doc, eight) == [f"Art. VIII.{x}" for x in "ABCDEFGHIJKL"]
    assert words(doc, units["Art. VIII.L"]).startswith("L. INVESTMENT COMPANY STATUS.")
    no_orphans(doc)


def test_a_franchise_agreements_articles_keep_their_lettered_items_and_lists(bulk: Path) -> None:
    """Article headings with their first item run onto the heading's line ("II. TERM AND RENEWAL A. The term
    ..."), lists "1." to "7." under a lettered item, and items after the list (II.C, II.D, lost on main)."""
    doc, units = load(bulk, BUFFALO)
    two = units["Art. II"]
    assert children(doc, two) == ["Art. II.A", "Art. II.B", "Art. II.C", "Art. II.D"]
    assert children(doc, units["Art. II.B"]) == [f"Art. II.B.{n}" for n in range(1, 8)]
    assert words(doc, units["Art. II.B.7"]).startswith("7. You have executed a general release")
    assert words(doc, units["Art. II.D"]).startswith("D. We shall give you written notice")
    assert children(doc, units["Art. III"]) == [f"Art. III.{x}" for x in "ABCDE"]
    assert children(doc, units["Art. XII.J"])[:2] == ["Art. XII.J.1", "Art. XII.J.2"]
    no_orphans(doc)


def test_bracketed_items_after_an_article_with_numbered_clauses_before_it(bulk: Path) -> None:
    """ "ARTICLE IV CONTENT AND SCOPE OF COOPERATION It is ...: (i) ... (iv)", then "4.1": after clauses 3.1 to
    3.3 of Article III, the items are Article IV's, and so is clause 4.1 (both lost their parent on main)."""
    doc, units = load(bulk, LEJU)
    four = units["Art. IV"]
    kids = children(doc, four)
    assert kids[:5] == ["Art. IV(i)", "Art. IV(ii)", "Art. IV(iii)", "Art. IV(iv)", "cl. 4.1"]
    assert units["cl. 4.1"].parent == four.ordinal
    no_orphans(doc)


# An Article's first section, run on from its heading or printed first under it (issue 52, branch `outline2`): the
# section is a unit of its own, numbered as printed, under its Article, and the Article's items are its items.


def test_an_articles_first_section_after_a_list_taken_for_clauses_holds_its_items(bulk: Path) -> None:
    """ "ARTICLE III TERMINATION" / "Section 3.01 Termination." / "(a)" ... "(c)": on main a list "1." to "5."
    under Section 2.05 left "3.", "4.", "5." kept as clauses, Section 3.01 could not follow "5.", and its items
    became Art. III(a). The document's sections are "Section N.NN", so its items are s. 3.01(a)."""
    doc, units = load(bulk, ALCO)
    three = units["Art. III"]
    assert words(doc, three).startswith("ARTICLE III TERMINATION")
    assert children(doc, three) == ["s. 3.01"]
    s301 = units["s. 3.01"]
    assert words(doc, s301).startswith("Section 3.01 Termination. (a) So long as no default")
    assert children(doc, s301) == ["s. 3.01(a)", "s. 3.01(b)", "s. 3.01(c)"]
    assert words(doc, units["s. 3.01(c)"]).startswith("(c) Any termination under this Section 3.01")
    assert not [u.label for u in doc.units if u.label.startswith("Art. III(")]


def test_a_numbered_list_under_an_articles_section_is_that_sections(bulk: Path) -> None:
    """ "Section 2.05 Economic Terms. ..." / "1. Maximum Aggregate ..." ... "5. Agency Agreement Expiration Date":
    in a document whose clauses are all its Articles' sections, "3." is the list's third item, not a clause 3
    (main kept "3.", "4.", "5." as clauses of Article II and lost "1." and "2.")."""
    doc, units = load(bulk, ALCO)
    s205 = units["s. 2.05"]
    assert s205.parent == units["Art. II"].ordinal
    assert children(doc, s205) == [f"s. 2.05({n})" for n in range(1, 6)]
    assert words(doc, units["s. 2.05(1)"]).startswith("1. Maximum Aggregate Capitalized Lessor's Cost")
    assert words(doc, units["s. 2.05(5)"]).startswith("5. Agency Agreement Expiration Date")
    assert not [u.label for u in doc.units if u.label.startswith("cl. ")]


def test_a_section_run_on_from_its_articles_heading_after_articles_without_sections(bulk: Path) -> None:
    """ "ARTICLE VIII CONFIDENTIALITY   8.1 Unless ..." after Articles VI and VII, which have no sections: on main
    "8.1" could not follow "5.10" inside a line, so 8.1 to 8.4 were lost and 8.3's items were Art. VIII(a)."""
    doc, units = load(bulk, LEJU)
    eight = units["Art. VIII"]
    assert words(doc, eight).startswith("ARTICLE VIII CONFIDENTIALITY")
    assert children(doc, eight) == ["cl. 8.1", "cl. 8.2", "cl. 8.3", "cl. 8.4"]
    assert words(doc, units["cl. 8.1"]).startswith("8.1 Unless with express prior written consent")
    assert children(doc, units["cl. 8.3"]) == [f"cl. 8.3({x})" for x in "abcdef"]
    assert words(doc, units["cl. 8.3(f)"]).startswith("(f) Is disclosed under legal requirements")
    assert words(doc, units["cl. 8.4"]).startswith("8.4 The provisions under this Article VIII")
    no_orphans(doc)


def test_a_section_run_on_from_its_heading_is_not_taken_for_an_exhibits_number(bulk: Path) -> None:
    """ "... Section 2.2.2(a). ARTICLE II BRAND PLAN 2.1 Brand Plan Generally. ..." on one line, and an exhibit
    after the signatures prints its own "2.1" at a line's start: on main the run-on 2.1 was dropped for it, and
    with it all of Article II's sections (2.2, 2.2.1 ... 2.2.3); 2.2.2's items were Art. II(a) ... (c)."""
    doc, units = load(bulk, IMMUNOMEDICS)
    two = units["Art. II"]
    assert children(doc, two) == ["cl. 2.1", "cl. 2.2"]
    assert words(doc, units["cl. 2.1"]).startswith("2.1 Brand Plan Generally. A written plan")
    assert children(doc, units["cl. 2.2"]) == ["cl. 2.2.1", "cl. 2.2.2", "cl. 2.2.3"]
    assert children(doc, units["cl. 2.2.2"]) == ["cl. 2.2.2(a)", "cl. 2.2.2(b)", "cl. 2.2.2(c)"]
    assert words(doc, units["cl. 2.2.2(a)"]).startswith("(a) Training Activities Plan. The Brand Plan")
    assert children(doc, units["Art. III"])[0] == "cl. 3.1"


@pytest.mark.parametrize("name, article, sections", [
    (KENTUCKY, "Art. IX", ["cl. 9.1", "cl. 9.2"]),
    (KENTUCKY, "Art. XIV", ["cl. 14.1", "cl. 14.2"]),
    (KENTUCKY, "Art. XV", ["cl. 15.1", "cl. 15.2", "cl. 15.3", "cl. 15.4"]),
    (NOVO, "Art. 6", ["cl. 6.1", "cl. 6.2", "cl. 6.3"]),
    (NOVO, "Art. 7", ["cl. 7.1"]),
    (NOVO, "Art. 8", ["cl. 8.1", "cl. 8.2", "cl. 8.3"]),
])
def test_sections_run_on_from_an_articles_heading_on_a_flattened_line(bulk: Path, name: str, article: str,
                                                                      sections: list[str]) -> None:
    """ "ARTICLE IX - REGULATION   9.1 This Agreement ...", "ARTICLE 6 - HGF AND NVOS COMMITMENTS SCHEDULE 6.1 Upon
    ...": the first section run on from the heading jumps from the last clause kept (6.3, 5.1.2) or follows a word
    that would make it a reference ("SCHEDULE"); on main these Articles had no sections at all."""
    doc, units = load(bulk, name)
    art = units[article]
    assert children(doc, art) == sections
    first = units[sections[0]]
    assert words(doc, first).startswith(sections[0].split()[1] + " ")
    assert words(doc, art).startswith("ARTICLE ")
