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

ORBSAT = "ORBSATCORP_08_17_2007-EX-7.3-STRATEGIC ALLIANCE AGREEMENT.txt"
BUFFALO = "BUFFALOWILDWINGSINC_06_05_1998-EX-10.3-FRANCHISE AGREEMENT.txt"
LEJU = "LEJUHOLDINGSLTD_03_12_2014-EX-10.34-INTERNET CHANNEL COOPERATION AGREEMENT.txt"


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
    doc, units = load(bulk, ORBSAT)
    c = units["Art. III.C"]
    assert words(doc, c).startswith("C. In conjunction with the Services, UTK agrees to:")
    assert children(doc, c) == ["Art. III.C.1", "Art. III.C.2"]
    assert words(doc, units["Art. III.C.2"]).startswith("2. Make itself available for telephone")
    assert "cl. 1" not in units and "cl. 2" not in units


def test_lettered_items_after_an_articles_heading_alone_belong_to_it(bulk: Path) -> None:
    doc, units = load(bulk, ORBSAT)
    five = units["Art. V"]
    assert words(doc, five).startswith("V. COMPENSATION")
    assert children(doc, five) == ["Art. V.A", "Art. V.B"]
    assert words(doc, units["Art. V.A"]).startswith("A. In consideration for the services")
    seven = units["Art. VII"]
    assert children(doc, seven) == [f"Art. VII.{x}" for x in "ABCDEFGHIJK"]
    nine = units["Art. IX"]
    assert children(doc, nine) == [f"Art. IX.{x}" for x in "ABCDEFGHIJKL"]
    assert children(doc, units["Art. IX.A"]) == ["Art. IX.A.1", "Art. IX.A.2"]
    assert words(doc, units["Art. IX.L"]).startswith("L. ATTORNEY'S FEES.")
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
    assert children(doc, units["Art. VIII"]) == [f"Art. VIII({x})" for x in "abcdef"]
    no_orphans(doc)
