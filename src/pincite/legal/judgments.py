"""What a judgment prints about itself on its first page: its citation and its date, as tables of patterns.

Used by the PDF parser to fill a judgment's citation and date, and by the structural lint to notice a
document stored without them although its first page prints them.  Each pattern has one line saying why.  The
neutral citation is :data:`pincite.legal.citations.NEUTRAL_CITATION` and the months
:data:`pincite.legal.language.MONTHS`, the one of each for every reader.
"""

from __future__ import annotations

import re

from pincite.legal.citations import NEUTRAL_CITATION, neutral_citations, neutral_core
from pincite.legal.language import MONTHS, month_number

#: an English month name, as a judgment or a contract prints it
MONTH_NAME = "|".join(m.capitalize() for m in MONTHS)
_MONTH = rf"(?:{MONTH_NAME})"
#: "June 13, 2013" or "13 June 2013" / "05 March 2024"
_DATE = rf"(?:{_MONTH}\s+\d{{1,2}},\s*\d{{4}}|\d{{1,2}}\s+{_MONTH}\s+\d{{4}})"

#: A judgment's citation as printed on its first page or in its running head, best first.
CITATION_PATTERNS: tuple[tuple[re.Pattern[str], str], ...] = (
    # a neutral citation: "[2024] ZASCA 21", "[2020] EWCA Civ 1375", "[2023] UKSC 42" (the one pattern; bracketed)
    (NEUTRAL_CITATION, "neutral citation (England and Wales, South Africa and other Commonwealth courts)"),
    # a US Supreme Court slip opinion's running head: "Cite as: 569 U. S. ____ (2013)"
    (re.compile(r"\b\d{1,3}\s+U\.\s?S\.\s+(?:\d{1,4}|_{2,})\s*\((?:19|20)\d{2}\)"), "United States Reports"),
    # a US Tax Court memorandum opinion: "T.C. Memo. 2020-26"
    (re.compile(r"\bT\.\s?C\.\s+(?:Memo\.|Summary Opinion)\s+(?:19|20)\d{2}-\d{1,4}\b"), "US Tax Court"),
)

#: The date a judgment was given, as its first page states it, best first ("Argued"/"Heard" are not it).
DATE_PATTERNS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(rf"\bDecided:?\s+(?P<date>{_DATE})"), "US opinions: the day the opinion was announced"),
    (re.compile(rf"\b(?:Delivered|Judgment\s+delivered|Handed\s+down|Date\s+of\s+judgment):?\s+(?P<date>{_DATE})",
                re.I), "Commonwealth judgments: the day the judgment was given"),
    (re.compile(rf"\bFiled:?\s+(?P<date>{_DATE})"), "US Tax Court opinions: the day the opinion was filed"),
    (re.compile(rf"(?:{NEUTRAL_CITATION.pattern})\s+\((?P<date>{_DATE})\)"),
     "a neutral citation followed by the judgment's date in brackets"),
)


def iso_date(printed: str) -> str | None:
    """"June 13, 2013" / "05 March 2024" -> ISO, or None when it is not a real date."""
    m = re.fullmatch(rf"({_MONTH})\s+(\d{{1,2}}),\s*(\d{{4}})", printed.strip())
    if m:
        return iso_from_parts(m.group(1), m.group(2), m.group(3))
    m = re.fullmatch(rf"(\d{{1,2}})\s+({_MONTH})\s+(\d{{4}})", printed.strip())
    return iso_from_parts(m.group(2), m.group(1), m.group(3)) if m else None


def iso_from_parts(month: str, day: str, year: str) -> str | None:
    """A printed date's month name, day and year as ISO, or None when the day cannot be one."""
    d = int(day)
    if not 1 <= d <= 31:
        return None
    return f"{int(year):04d}-{month_number(month):02d}-{d:02d}"


def find_citation(text: str) -> str | None:
    """The first citation printed in ``text`` by the best pattern that finds one."""
    for pattern, _why in CITATION_PATTERNS:
        if pattern is NEUTRAL_CITATION:
            found = neutral_citations(text)
            if found:
                return f"[{found[0].group('year')}] " + " ".join(neutral_core(found[0]).split()[1:])
            continue
        m = pattern.search(text)
        if m:
            return " ".join(m.group(0).split())
    return None


def find_judgment_date(text: str) -> str | None:
    """The date the judgment was given, as printed in ``text`` (ISO), by the best pattern that finds one."""
    for pattern, _why in DATE_PATTERNS:
        for m in pattern.finditer(text):
            iso = iso_date(" ".join(m.group("date").split()))
            if iso:
                return iso
    return None

#: The heading of a determination's formal decision, set after its last numbered paragraph ("Decision",
#: "Notice of Decision", "DISPOSAL"): what follows is the order as made, and the signature, not reasons.
FORMAL_DECISION_HEADING = re.compile(
    r"^\s*(?:notice\s+of\s+)?(?:decisions?|disposal|formal\s+order)\s*:?\s*$", re.I)
