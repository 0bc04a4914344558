"""A UK judgment as text (the words of its Word file, numbers drawn): its caption, its judges' headings and
paragraph numbers the document itself skips.  Each text is written here in the shape The National Archives' Word
judgments have (zoo/judgment_docx_uk_handed_down holds real ones)."""

from __future__ import annotations

from pincite.parse import parse_bytes
from pincite.types import DocumentKind, Role

CAPTION = """Neutral Citation Number: [2022] EWCA Civ 999

Case No: A2/2021/0001

IN THE COURT OF APPEAL (CIVIL DIVISION)

Before :

LORD JUSTICE ONE
LADY JUSTICE TWO
and
LORD JUSTICE THREE

Between :

ALPHA LIMITED	Appellant
- and -
BETA LIMITED	Respondent

Hearing date: 16 December 2021

Approved Judgment

"""


def _paras(numbers: list[int], words: str = "The court considered the matter") -> str:
    return "\n\n".join(f"{n}. {words} in paragraph {n}." for n in numbers)


def test_a_number_the_judgment_skips_does_not_end_its_paragraphs() -> None:
    """"6." then "8." (a paragraph deleted before hand-down): 8 and those after are their own paragraphs."""
    text = CAPTION + "Lord Justice One:\n\n" + _paras([1, 2, 3, 4, 5, 6, 8, 9, 10, 11, 12])
    doc = parse_bytes(text.encode(), "skip.txt")
    assert doc.kind is DocumentKind.JUDGMENT
    labels = [u.label for u in doc.units if u.number]
    assert labels == [f"[{n}]" for n in (1, 2, 3, 4, 5, 6, 8, 9, 10, 11, 12)]


def test_another_judgments_paragraphs_quoted_are_no_skip() -> None:
    """"16."-"20." quoted inside 13 (another court's paragraphs), then "14.": 14 follows 13."""
    quoted = "\n\n".join(f"{n}. The judge below said this in paragraph {n}." for n in range(16, 21))
    text = (CAPTION + "Lord Justice One:\n\n" + _paras(list(range(1, 14))) + "\n\n" + quoted + "\n\n"
            + _paras([14, 15, 16, 17]))
    doc = parse_bytes(text.encode(), "quoted.txt")
    thirteen = next(u for u in doc.units if u.label == "[13]")
    assert "The judge below said this in paragraph 20." in doc.text[thirteen.char_start:thirteen.char_end]
    assert [u.label for u in doc.units if u.number][-4:] == ["[14]", "[15]", "[16]", "[17]"]


def test_the_lead_named_alone_and_the_others_agreeing_under_their_headings() -> None:
    text = (CAPTION + "Lord Justice One\n\n" + _paras(list(range(1, 9))) + "\n\n9. For these reasons I would "
            "dismiss the appeal.\n\nLady Justice Two:\n\n10. I agree.\n\nLord Justice Three:\n\n11. I also agree.")
    doc = parse_bytes(text.encode(), "bare.txt")
    by = {u.label: u for u in doc.units if u.number}
    assert by["[1]"].author == "Lord Justice One" and by["[1]"].role is Role.LEAD
    assert by["[10]"].author == "Lady Justice Two" and by["[10]"].role is Role.CONCURRING
    assert by["[11]"].author == "Lord Justice Three" and by["[11]"].role is Role.CONCURRING


def test_this_is_the_judgment_of_the_court_under_one_name_is_joint() -> None:
    text = CAPTION + "LORD JUSTICE ONE:\n\n1. This is the judgment of the Court.\n\n" + _paras(list(range(2, 8)))
    doc = parse_bytes(text.encode(), "joint.txt")
    first = next(u for u in doc.units if u.label == "[1]")
    assert first.role is Role.JOINT


def test_a_heading_naming_the_judge_below_is_no_voice_of_this_court() -> None:
    """"Cockerill J" alone over the account of her decision (she sat below; the cover's bench does not name her):
    the lead's paragraphs after it are still the lead's."""
    text = (CAPTION.replace("LORD JUSTICE THREE", "LORD JUSTICE THREE").replace("Before :", "Before :")
            + "Lord Justice One:\n\n" + _paras([1, 2, 3]) + "\n\nCockerill J\n\n" + _paras([4, 5, 6, 7])
            + "\n\nLady Justice Two\n\n8. I agree.")
    doc = parse_bytes(text.encode(), "below.txt")
    by = {u.label: u for u in doc.units if u.number}
    assert by["[4]"].author == by["[7]"].author == "Lord Justice One"
    assert by["[8]"].author == "Lady Justice Two"
