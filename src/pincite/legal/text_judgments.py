"""How a judgment or decision shows its parts when it comes as plain text, as tables of patterns.

Read by :mod:`pincite.parse.text_judgment`: a decision in headed parts (a US administrative decision: ORDER,
FINDINGS OF FACT, CONCLUSIONS OF LAW, REASONS AND BASES), and a Commonwealth judgment in numbered paragraphs
"[1]" whose caption, lettered orders, contents table, footnotes and solicitors block come as text too.
Each pattern has one line saying why.
"""

from __future__ import annotations

import re

#: The parts of a decision written under capital headings, with the name each is cited by.  Two different
#: ones on lines of their own make a text a headed decision.
DECISION_PARTS: tuple[tuple[re.Pattern[str], str, str], ...] = (
    (re.compile(r"^ORDERS?$"), "Order", "the operative order, stated first in a US agency decision"),
    (re.compile(r"^FINDINGS? OF FACTS?$"), "Findings of Fact", "the numbered findings of a decision"),
    (re.compile(r"^CONCLUSIONS? OF LAW$"), "Conclusions of Law", "the numbered conclusions of a decision"),
    (re.compile(r"^REASONS AND BASES(?: FOR (?:THE )?FINDINGS AND CONCLUSIONS)?$"), "Reasons and Bases",
     "the Board of Veterans' Appeals' reasons (38 U.S.C. 7104(d)(1): 'reasons or bases'), cited short"),
    (re.compile(r"^REMAND$"), "Remand", "the instructions on a remand"),
    (re.compile(r"^(?:INTRODUCTION|ISSUES?|DISCUSSION|DECISION)$"), "",
     "other capital headings of a decision"),
)

#: Parts whose items are numbered "1.", "2." and cited with the part's name ("Findings of Fact, 2").
NUMBERED_PARTS = frozenset({"Findings of Fact", "Conclusions of Law"})

#: The title line under the signing judge's name: where the signature block begins.
SIGNING_TITLE = re.compile(r"^(?:Acting )?(?:Veterans|Administrative|Chief Administrative|Immigration)"
                           r" Law Judge|^(?:Presiding |Chief )?(?:Administrative )?Judge$")

#: A page-break marker left in a decision's text: not part of any reasons.
PAGE_BREAK_MARKER = re.compile(r"^\((?:Continued on (?:the )?next page|continued)\)$", re.I)

#: The heading over a Commonwealth court's orders, each lettered "A", "B" (run together in extracted text).
ORDERS_HEADING = re.compile(r"^(?:JUDGMENT OF THE COURT|ORDERS?|JUDGMENT OF [A-Z][A-Za-z ]+ J)$")

#: The heading over the court's reasons: the caption, orders and contents table end there.
REASONS_HEADING = re.compile(r"^(?:REASONS OF THE COURT|REASONS FOR JUDGMENT|REASONS OF [A-Z][A-Za-z ]+ J"
                             r"|REASONS)$")

#: The solicitors block that closes a New Zealand or Australian judgment: not reasons.
SOLICITORS = re.compile(r"^Solicitors?:\s*")

#: The line that opens an English (or Commonwealth) judgment's reasons: the judge's name and a colon.
JUDGE_COLON = re.compile(
    r"^(?P<name>(?:HHJ|HH Judge|His Honour Judge|Her Honour Judge|Mrs? Justice|Ms Justice|Lord Justice|"
    r"Lady Justice|Lord|Lady|Sir|Dame|Master|District Judge|Deputy (?:High Court |District )?Judge|Judge)"
    r"\b[^:\n]{1,60}?|[A-Z][A-Za-z'’ -]{1,60}? (?:LJ|J|JA|QC|KC|MR|P|CJ|VC))\s*:$")

#: Signs above that line that the text is a judgment (two are needed).
JUDGMENT_SIGNS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"^Neutral Citation(?: Number)?\s*:", re.M | re.I), "an English neutral citation line"),
    (re.compile(r"^(?:Approved )?Judgment\s*$", re.M | re.I), "the 'Approved Judgment' line of a hand-down"),
    (re.compile(r"^Between\s*:?\s*$", re.M), "the caption's 'Between :'"),
    (re.compile(r"^Before\s*:", re.M), "the judge or panel above the caption"),
    (re.compile(r"^Hearing dates?\s*:", re.M), "the hearing line under the caption"),
    (re.compile(r"\bIN THE (?:HIGH COURT|COURT OF APPEAL|SUPREME COURT|CROWN COURT|FAMILY COURT)\b"),
     "the court's name in the caption"),
)

#: A contents table printed inside the first paragraph ("CONTENT OPENING PARAGRAPH", "Contents"): not reasons.
CONTENTS_HEAD = re.compile(r"^(?:TABLE OF )?CONTENTS?\b(?:\s+(?:OPENING )?PARA(?:GRAPH)?S?\b.*)?$"
                           r"|^Contents\s*$", re.I)
