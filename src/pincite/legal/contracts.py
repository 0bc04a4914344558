"""Contract language as tables, each pattern with the reason it is one: what says a text is a contract at all,
the words that head an attachment and the words that open the signatures.

``pincite.parse.text`` builds its regular expressions from these tables: a numbered text without any contract
signal is plain text, and a schedule or a signature block printed after the last clause is its own unit, never
that clause's.
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

#: what opens an execution block at a line start, in capitals as English and Australian contracts print it
SIGNATURE_LINE_OPENERS: tuple[tuple[str, str], ...] = (
    ("SIGNED by", "English and Australian execution blocks: 'SIGNED by ) [party] )'"),
    ("SIGNED for and on behalf of", "the same, for a company signing by an officer"),
    ("EXECUTED by", "execution by a company under its statute (e.g. s. 127 Corporations Act, s. 44 Companies Act)"),
    ("EXECUTED as a deed", "an agreement made as a deed"),
)


def attachment_alternation() -> str:
    """The attachment words in capitals and in title case, as one regular-expression alternation."""
    words = [w for w, _ in ATTACHMENT_WORDS]
    return "|".join(words + [w.capitalize() for w in words])


#: the last word of a title that names an instrument ("SERVICES AGREEMENT", "FIRST AMENDMENT TO LEASE" ends in
#: LEASE); a title merely containing one ("CONTRACT UNDERSTANDING ATTICUS DATASET") names no instrument
INSTRUMENT_TITLE_WORDS: tuple[tuple[str, str], ...] = (
    ("agreement", "most contracts are titled '... Agreement'"),
    ("contract", "'Contract for the Sale of Goods', 'Employment Contract'"),
    ("amendment", "an amendment is an instrument of its own"),
    ("addendum", "so is an addendum"),
    ("license", "'Software License', US spelling"),
    ("licence", "'Trade Mark Licence', British spelling"),
    ("lease", "leases of land and equipment"),
    ("deed", "instruments made as deeds (guarantees, assignments)"),
    ("memorandum", "'Memorandum of Understanding' ends in its object: see 'understanding'"),
    ("understanding", "'Memorandum of Understanding'"),
    ("terms", "'Terms and Conditions', 'Standard Terms'"),
    ("conditions", "'Terms and Conditions'"),
    ("guarantee", "a guarantee or guaranty is a contract of its own"),
    ("guaranty", "US spelling"),
    ("note", "'Promissory Note'"),
    ("plan", "'Stock Option Plan' and the like, filed as material contracts"),
)

#: phrases that name the parties or make the bargain, looked for in the opening of the text (before the first
#: clause and a little after it)
PARTY_SIGNALS: tuple[tuple[str, str], ...] = (
    (r"(?i)\b(?:is|are|was)\s+(?:made|entered\s+into|dated)\b", "'This Agreement is made / entered into ...'"),
    (r"(?i)\bby\s+and\s+between\b", "the US form of naming the parties"),
    (r"(?i)\bbetween\b[^.]{3,400}?\band\b[^.]{0,400}?\((?:the\s+|each\s+a\s+)?[\"“'‘]",
     "'between X and Y (the \"Supplier\")': parties named and defined"),
    (r"(?i)\bagree[sd]?\s+as\s+follows\b", "the words that introduce the operative clauses"),
    (r"\bWHEREAS\b|\bRECITALS\b|\bBACKGROUND\b", "recitals open a contract's preamble"),
    (r"(?i)\bNOW,?\s+THEREFORE\b", "the words that close the recitals"),
    (r"(?i)\bhereby\s+(?:agree|covenant)", "the parties' agreement stated"),
    (r"(?i)\bmade\s+(?:as\s+of|this|on)\b|\bconcluded\s+and\s+signed\b", "'Agreement, made as of this ... day'"),
    (r"(?i)\bdated\s+as\s+of\b", "'Agreement dated as of May 8, 2014'"),
    (r"(?:\b[A-Z][A-Z&\-]+[ \t]+){1,6}(?:AGREEMENT|CONTRACT|AMENDMENT|ADDENDUM|LICEN[CS]E|LEASE|DEED|GUARANTEE|"
     r"GUARANTY)\b|\bAMENDMENT\s+NO\b", "an instrument's title in capitals ('SUPPLY CONTRACT', 'AMENDMENT NO. 2')"),
    (r"\bLadies\s+and\s+Gentlemen\b", "a contract in the form of a letter to the other party"),
)

#: signals looked for on the first page only (further in, a text about contracts quotes them as examples)
FIRST_PAGE_SIGNALS: tuple[tuple[str, str], ...] = (
    (r"\((?:the\s+|herein(?:after)?\s+(?:referred\s+to\s+as|called)\s+)?[\"“][A-Z][\w .&-]{0,40}[\"”]\)",
     "a party defined by a name in quotation marks: (the \"Company\"), (herein referred to as \"Principal\")"),
)
