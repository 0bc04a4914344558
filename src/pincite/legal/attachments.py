"""What ends a contract's clauses: the words that head an attachment and the words that open the signatures.

Each pattern with the reason it is one.  ``pincite.parse.text`` builds its regular expressions from these
tables, so a schedule or a signature block printed after the last clause is its own unit, never that clause's.
"""

from __future__ import annotations

#: the words that head an attached instrument, printed at a line start with its name ("SCHEDULE 1", "Exhibit A")
ATTACHMENT_WORDS: tuple[tuple[str, str], ...] = (
    ("EXHIBIT", "US and EDGAR contracts attach their forms and price lists as lettered or numbered exhibits"),
    ("SCHEDULE", "English-law contracts put fees, services and specifications in numbered schedules"),
    ("ATTACHMENT", "some contracts call an attached document an attachment"),
    ("ANNEX", "European and international contracts attach annexes"),
    ("APPENDIX", "technical specifications are often attached as appendices"),
)

#: what opens the signature blocks (case as printed)
SIGNATURE_OPENERS: tuple[tuple[str, str], ...] = (
    ("IN WITNESS WHEREOF", "the attestation clause that opens the execution blocks of most common-law contracts"),
    ("In Witness Whereof", "the same, in title case"),
    ("IN WITNESS THEREOF", "a common variant of the attestation clause"),
    ("[signature page follows]", "a legend marking that the next page holds the signatures (any case)"),
)


def attachment_alternation() -> str:
    """The attachment words in capitals and in title case, as one regular-expression alternation."""
    words = [w for w, _ in ATTACHMENT_WORDS]
    return "|".join(words + [w.capitalize() for w in words])
