"""How a United States court opinion shows itself and its parts, as tables of patterns.

Read by the PDF parser (:mod:`pincite.parse.us_opinion`) to tell a US opinion (a Court of Appeals opinion or
order and judgment, a Supreme Court slip opinion) from other judgments, to find where the court's opinion
and each separate opinion (a concurrence, a dissent) begin and who wrote them, and to tell the front matter
(caption, counsel, panel) from the opinion.  Each pattern has one line saying why.
"""

from __future__ import annotations

import re

from pincite.types import Role

_M = re.M

#: The caption of a US trial court: its orders are one judge's, opened under a title line
#: (:data:`ORDER_TITLE`) and signed at the end (:data:`TRIAL_JUDGE_SIGNATURE`).
TRIAL_COURT_CAPTION = re.compile(r"^\s*(?:IN THE )?UNITED STATES (?:DISTRICT|BANKRUPTCY) COURT\b", _M | re.I)

#: The stamp a US federal court's electronic filing system prints at the top of every page of a filed document
#: ("Case 8:16-cv-01261-DOC-KES Document 40 Filed 10/04/16 Page 2 of 4 Page ID #:512", "Case: 19-1234
#: Document: 51 Page: 7 Date Filed: …"): furniture, and its page number (``n``) the page's label.
ECF_STAMP = re.compile(r"^\s*(?:Case|Appellate Case|Appeal)\s*:?\s+[\w:.-]+\s+(?:Document|Doc\.?|ECF\s+No\.?)\s*:?"
                       r".{0,120}?\bPage:?\s+(?P<n>\d{1,4})\b", re.I)

#: Signs on a document's first pages that it is a US court's opinion; two or more are needed.
US_OPINION_SIGNS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"^\s*UNITED STATES COURT OF APPEALS\b", _M | re.I),
     "the caption of a federal court of appeals opinion"),
    (re.compile(r"^\s*SUPREME COURT OF THE UNITED STATES\s*$", _M | re.I),
     "the caption of a Supreme Court slip opinion (printed again above each separate opinion)"),
    (re.compile(r"^\s*PER CURIAM\b", _M), "an opinion of the court signed by no one judge"),
    (re.compile(r"^\s*Opinion of the Court\s*$", _M), "the running title of a Supreme Court slip opinion"),
    (re.compile(r"\bCircuit Judges?\b"), "the panel of a court of appeals and the author's line"),
    (re.compile(r"^\s*ORDER AND JUDG(?:E)?MENT\b", _M),
     "a Tenth Circuit (and others') unpublished disposition"),
    (re.compile(r"\bArgued\b[^\n]{0,60}\bDecided\b|\bArgued and Submitted\b|\bDecided and Filed\b"),
     "the docket line of a US appellate opinion: argued, then decided"),
    (re.compile(r"delivered the opinion of the Court\b"), "the author's line of a Supreme Court opinion"),
    (re.compile(r"\bON WRIT OF CERTIORARI\b", re.I), "a Supreme Court case caption"),
    (re.compile(r"\bDistrict Judge, Presiding\b"), "the lower-court line of a Ninth Circuit caption"),
    (re.compile(r"^\s*In the (?:[A-Z][a-z]+ ){1,3}Court of Appeals\b", _M),
     "the caption of a state intermediate appellate court: 'In the Missouri Court of Appeals'"),
    (re.compile(r"\bAppeal from the (?:United States )?(?:Circuit|District|Superior) Court\b"),
     "the lower-court line of a US appellate caption: 'Appeal from the Circuit Court of St. Charles County'"),
    (TRIAL_COURT_CAPTION, "the caption of a federal trial court's order or opinion"),
    (re.compile(r"^\s*(?:(?:AMENDED|MEMORANDUM)\s+)?(?:(?:OPINION|DECISION)\s+(?:AND|&)\s+)?ORDER\s+(?:GRANTING|"
                r"DENYING|ON|RE|REGARDING|DISMISSING|REMANDING|STAYING|SUGGESTING|TRANSFERRING)\b|"
                r"^\s*(?:[A-Z][A-Z,'’&-]*\s+){1,8}ORDER\s*$", _M),
     "an order's title line: 'ORDER GRANTING PLAINTIFF'S MOTION FOR PRELIMINARY INJUNCTION', '… TRANSFER ORDER'"),
    (re.compile(r"\b(?:United States|U\. ?S\.) (?:District|Magistrate|Bankruptcy) Judge\b", re.I),
     "a trial judge's signature: 'UNITED STATES DISTRICT JUDGE'"),
)

#: A trial court order's title, a line in capitals under the caption naming what it is: "ORDER GRANTING …",
#: "MEMORANDUM OPINION AND ORDER", "SUGGESTION OF REMAND AND TRANSFER ORDER"; the court's reasons follow it.
ORDER_TITLE = re.compile(r"^(?=[A-Z0-9 ,.;:'’&()/-]{5,300}$)(?:[A-Z0-9,.;:'’&()/-]+ ){0,30}?"
                         r"(?:ORDER|MEMORANDUM|OPINION)\b[A-Z0-9 ,.;:'’&()/-]*$")

#: A trial judge's signature under the order: "JANE DOE, UNITED STATES DISTRICT JUDGE", "Hon. Jane Doe /
#: United States Magistrate Judge" (the name may stand on the line above).
TRIAL_JUDGE_SIGNATURE = re.compile(r"(?i)^(?:(?:Hon(?:orable|\.)\s+)?(?P<name>[A-Z][A-Za-z.'’ -]{2,60}?)[,\s]+)?"
                                   r"(?:Senior\s+|Chief\s+)?(?:United\s+States|U\.\s?S\.)\s+(?:District|"
                                   r"Magistrate|Bankruptcy)\s+Judge\s*$")

#: The name of a judge or Justice as printed in capitals in an author's line ("O'BRIEN", "SOTOMAYOR").
_NAME = r"(?P<name>[A-Z][A-Z'’.-]*(?: [A-Z][A-Z'’.-]*){0,3})"
#: the side a separate opinion takes, as its first line says it (some courts print "Concurring")
_ROLE_WORDS = (r"(?P<role>(?i:concurring in part(?: and dissenting in part)?"
               r"|dissenting in part(?: and concurring in part)?"
               r"|concurring in the judgment(?: in part)?|concurring|dissenting))")

#: Where the opinion of the court begins, and whose it is.
COURT_OPENERS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(rf"^(?P<title>CHIEF JUSTICE|JUSTICE) {_NAME} delivered the opinion of the Court\b"),
     "a Supreme Court opinion of the Court: 'JUSTICE SOTOMAYOR delivered the opinion of the Court.'"),
    (re.compile(r"^PER CURIAM\s*[.:]"), "an opinion of the court signed by no one judge: 'PER CURIAM:'"),
    (re.compile(rf"^{_NAME}, (?P<title>(?:Chief |Senior )?(?:Circuit |District )?Judge)\s*[.:](?!\S)"),
     "a court of appeals opinion: 'SILER, Circuit Judge.' / 'BROWN, Circuit Judge: Samuel Vinton ...'"),
)

#: Where a separate opinion begins, whose it is and on which side: "JUSTICE GORSUCH, dissenting.",
#: "JUSTICE THOMAS, with whom JUSTICE ALITO joins, concurring.", "KELLY, Circuit Judge, dissenting:".
SEPARATE_OPENERS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(rf"^(?P<title>CHIEF JUSTICE|JUSTICE) {_NAME},(?: with whom [^,]{{3,200}}? joins?"
                rf"(?: as to [^,]{{1,80}})?,)? {_ROLE_WORDS}\s*[.:]"),
     "a Supreme Court separate opinion's first line"),
    (re.compile(rf"^{_NAME}, (?P<title>(?:Chief |Senior )?(?:Circuit |District )?Judge|C\. ?J\.|J\.),"
                rf"(?: with whom [^,]{{3,200}}? joins?,)? {_ROLE_WORDS}\s*[.:]"),
     "a court of appeals separate opinion's first line: 'KELLY, Circuit Judge, dissenting.'"),
)

#: A separate opinion's first line that runs on to the next ("JUSTICE BREYER, with whom JUSTICE GINSBURG
#: and" / "JUSTICE SOTOMAYOR join, dissenting."): read with the next line before it is matched.
OPENER_RUNS_ON = re.compile(r"^(?:(?:CHIEF )?JUSTICE [A-Z][A-Z'’.-]*(?: [A-Z][A-Z'’.-]*)*"
                            r"|[A-Z][A-Z'’.-]*, (?:Chief |Senior )?(?:Circuit |District )?Judge)"
                            r", with whom\b.{0,200}$")

#: A Justice's or judge's note that he or she took no part: a line under the judgment, not its reasons.
RECUSAL_LINE = re.compile(r"^(?:(?:CHIEF )?JUSTICE [A-Z][A-Z'’. -]+|[A-Z][A-Za-z'’. -]+, (?:Circuit )?"
                          r"Judge,?) took no part in the (?:consideration|decision)\b")

#: A row of asterisks on its own: the break before an opinion's closing words, which belong to no Part.
SECTION_BREAK = re.compile(r"^\*(?:\s*\*){2,}$")

#: The running titles a slip opinion prints under its running head: which opinion (or the syllabus) a page is.
RUNNING_SERIES = re.compile(r"^(?:Syllabus|Opinion of the Court|Per Curiam"
                            r"|Statement of [A-Z][A-Z'’ -]+, (?:C\. ?J\.|J\.)"
                            r"|Appendix(?: to [^\d]{3,80})?)\s*$", re.I)

#: A Supreme Court slip opinion's running title over a separate opinion: "GORSUCH, J., dissenting", or
#: "Opinion of THOMAS, J." over one that concurs in part.
RUNNING_VOICE = re.compile(rf"^(?:{_NAME}, (?P<title>C\. ?J\.|J\.), {_ROLE_WORDS}"
                           r"|Opinion of [A-Z][A-Z'’ -]+, (?:C\. ?J\.|J\.))\s*$")

#: Which role each form of words gives; the longer forms first.
ROLE_OF: tuple[tuple[str, Role, str], ...] = (
    ("concurring in part and dissenting in part", Role.PARTLY_DISSENTING,
     "agrees with part, dissents from part"),
    ("dissenting in part and concurring in part", Role.PARTLY_DISSENTING, "the same, the other way round"),
    ("dissenting in part", Role.PARTLY_DISSENTING, "dissents from part of the judgment only"),
    ("concurring in part", Role.CONCURRING, "joins part of the opinion of the court"),
    ("concurring in the judgment", Role.CONCURRING, "agrees with the outcome, for other reasons"),
    ("concurring", Role.CONCURRING, "agrees, writing separately"),
    ("dissenting", Role.DISSENTING, "disagrees with the outcome"),
)


def role_of(words: str) -> Role:
    low = words.lower()
    for form, role, _ in ROLE_OF:
        if low.startswith(form):
            return role
    return Role.CONCURRING


#: Front matter that comes back inside the document: a Supreme Court separate opinion is printed under the
#: case's caption again, and a court of appeals' signature block closes the opinion.
CAPTION_LINES: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"^SUPREME COURT OF THE UNITED STATES\s*$"), "the caption above each separate opinion"),
    (re.compile(r"^Nos?\. \d{1,3}[-–]\d{1,5}(?:,? (?:and )?\d{1,3}[-–]\d{1,5})*\s*$"),
     "the docket number(s) under that caption"),
    (re.compile(r"^[A-Z][A-Z0-9 .,'’&-]{2,200}, PETITIONERS? v\. "), "the caption's parties"),
    (re.compile(r"^ON WRITS? OF CERTIORARI\b"), "the caption's writ line"),
    (re.compile(r"^\[[A-Z][a-z]+ \d{1,2}, \d{4}\]$"), "the bracketed date of decision under the caption"),
)

#: The signature block that closes a court of appeals order and judgment: not part of the reasons.
SIGNATURE_OPENERS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"^(?:Entered for|Entered by) the Court:?\s*$", re.I),
     "a Tenth Circuit order's signature line"),
    (re.compile(r"^FOR THE COURT:?\s*$"), "a clerk's or panel's signature line"),
)

#: The panel line that ends a court of appeals caption: the opinion follows it where no author's line does.
PANEL_LINE = re.compile(r"^Before:?\s+[A-Z].{0,300}\bJudges?\b", re.S | re.M)

#: A state appellate court's panel, its judges named with their titles and no "Before:": "Angela T. Quigless,
#: P.J., Kurt S. Odenwald, J., and James M. Dowd, J."; the opinion follows it.
_JUDGE = r"[A-Z][a-z]+(?: [A-Z]\.)*(?: [A-Z][A-Za-z'’-]+)+, (?:P\. ?J\.|C\. ?J\.|J\.|JJ\.)"
PANEL_NAMES = re.compile(rf"^(?:Before:?\s+)?{_JUDGE}(?:,? (?:and )?{_JUDGE}){{1,8}}\s*$")

#: The author's signature under a state court's opinion: "James M. Dowd, Judge" (the judges who join are
#: named after it: "Angela T. Quigless, P.J., and Kurt S. Odenwald, J., concur.").
SIGNED_BY = re.compile(r"^[A-Z][a-z]+(?: [A-Z]\.)*(?: [A-Z][A-Za-z'’-]+)*? (?P<surname>[A-Z][A-Za-z'’-]+),"
                       r" (?:Presiding |Chief |Senior )?Judge\s*$")
#: the line drawn for that signature
SIGNATURE_RULE = re.compile(r"^_{10,}$")

#: Words that begin a Supreme Court syllabus, which is the Reporter's, not the Court's (a headnote).
SYLLABUS_NOTE = re.compile(r"^(?:NOTE: Where it is feasible, a syllabus \(headnote\)|Syllabus\s*$)")

#: How a court disposes of the appeal on a line of its own: the end of the last Part, never a heading.
DISPOSITION_LINE = re.compile(r"^(?:(?:IT IS )?SO ORDERED|(?:AFFIRMED|REVERSED|VACATED|REMANDED|DISMISSED"
                              r"|DENIED|GRANTED|ENFORCED|MODIFIED)\b(?:[ ,;]|$))", re.I)

#: A party's role in a US caption, printed under or after its name ("Plaintiff-Appellant,", "APPELLEE").
PARTY_ROLE = re.compile(r"^(?:(?:Plaintiffs?|Defendants?|Petitioners?|Respondents?|Appellants?|Appellees?|"
                        r"Cross|Intervenors?|Movants?)[\s–—-]*)+[,.;]?$", re.I)

#: A part heading's number: Roman numerals, capital letters, digits, small letters ("II", "A", "1", "a").
PART_TOKEN = r"(?:[IVXL]{1,6}|[A-Z]|\d{1,2}|[a-z])"


def looks_like_us_opinion(text: str) -> bool:
    """Two or more signs of a US court opinion on the first pages."""
    return sum(1 for p, _ in US_OPINION_SIGNS if p.search(text)) >= 2
