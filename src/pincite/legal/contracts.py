"""Contract language as tables, each pattern with the reason it is one: what says a text is a contract at all,
the words that head an attachment and the words that open the signatures, the legends and notes after the last
clause.

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
    ("The parties are signing this agreement", "the plain-English attestation clause ('The parties are "
     "signing this agreement on the date stated in the introductory clause')"),
)

#: what opens an execution block at a line start, in capitals as English and Australian contracts print it
SIGNATURE_LINE_OPENERS: tuple[tuple[str, str], ...] = (
    ("SIGNED by", "English and Australian execution blocks: 'SIGNED by ) [party] )'"),
    ("SIGNED for and on behalf of", "the same, for a company signing by an officer"),
    ("EXECUTED by", "execution by a company under its statute (e.g. s. 127 Corporations Act, s. 44 Companies Act)"),
    ("EXECUTED as a deed", "an agreement made as a deed"),
)


#: legends printed where a page ends before the signatures (bracketed, at a line start or after a sentence's
#: end; or alone on their line): none is the words of the clause above it.  Each is the core of a pattern
PAGE_LEGENDS: tuple[tuple[str, str], ...] = (
    (r"(?:the\s+)?(?:remainder|remaining|rest|balance)\s+of\s+(?:this\s+)?page\b[^\]\)\n]{0,80}?\bblank"
     r"|(?:space|page)\s+below\s+(?:is\s+)?(?:intentionally\s+)?(?:left\s+)?blank",
     "'[Remainder of page intentionally left blank]', '[The rest of this page has been left blank "
     "intentionally]', 'SPACE BELOW INTENTIONALLY BLANK'"),
    (r"(?:this\s+page\s+(?:is\s+|has\s+been\s+)?)?(?:intentionally\s+(?:left\s+)?blank|left\s+blank\s+"
     r"intentionally)", "'[INTENTIONALLY LEFT BLANK]', 'This page intentionally left blank'"),
    (r"(?:the\s+)?(?:next\s+page\s+is\s+(?:the\s+)?)?signatures?\s+(?:pages?\s+)?"
     r"(?:(?:directly|immediately|to|next)\s+)*(?:follows?|following)",
     "'[Signature Page Follows]', '[Signature pages to follow]', '[Signature Page Next Following]'"),
    (r"signatures?\s+(?:appear\s+)?on\s+(?:the\s+)?(?:following|next)\s+pages?",
     "'[Signatures on Following Page]', 'SIGNATURES APPEAR ON FOLLOWING PAGES'"),
)

#: notes printed after the last clause that are no party's words: a published form's licence and copyright
#: (matched at the start of a line)
END_NOTES: tuple[tuple[str, str], ...] = (
    (r"[^\n]{0,300}\b(?:Creative\s+Commons|CC[ -]BY(?:[ -](?:SA|ND|NC)){0,2}(?:[ -]\d\.\d)?|CC0)\b",
     "a published form's licence note ('free to use under CC BY 4.0', 'licensed under Creative Commons')"),
    (r"(?:©|\([cC]\)[ \t]*(?:19|20)\d\d|[Cc]opyright\s+(?:©|\([cC]\)|(?:19|20)\d\d))",
     "a copyright line ('© 2024 Common Paper, Inc.', '(c) 2019 …'; a bare '(c)' is an item)"),
)

#: a page's running footer: a short line ending with its page number ("Mutual NDA v1.0   Page 3 of 3"); after
#: the last clause only, and only with nothing but notes below it (inside a clause it is a line of its page)
PAGE_FOOTER = (r"[^\n]{0,100}\b(?i:page)[ \t]+\d{1,3}(?:[ \t]+(?i:of)[ \t]+\d{1,3})?[ \t]*$",
               "a running footer naming the form and its page")


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


# -- who the parties are and when the contract was made (a contract is named by them, not by its generic title) --

#: the words after which a contract's preamble names its parties, in order of preference (the first found wins)
PARTY_INTRODUCERS: tuple[tuple[str, str], ...] = (
    (r"(?i)\bby\s+and\s+(?:between|among(?:st)?)\s*:?", "the US preamble: 'made ... by and between X and Y'"),
    (r"(?i)\b(?:between|among(?:st)?)\s*:?(?=\s+[A-Z0-9(])", "'This Agreement is made between X and Y', "
     "and a title page's 'Between: X And Y'"),
    (r"(?i)\bbetween\s+the\s+following\s+parties\s*:", "'made ... between the following parties: X ...; Y'"),
    (r"(?im)^\s*parties\s*:?\s*(?=\(?1\)?\s)", "English-law 'Parties (1) X ... (2) Y' preambles"),
    (r"(?m)^(?=[^\n]{2,400}?\(\s*(?:the\s+)?[\"“][^\"”\n]{1,40}[\"”]\s*\)[^\n]{0,600}?\band\s+[A-Z][^\n]{0,600}?"
     r"\b(?:agree|associate)\b)",
     "a preamble without 'between': 'X, with a place of business at … (\"Aduro\") and Y (\"Consultant\") agree to …'"),
)

#: a party is numbered in an English-law 'Parties' list: '(1) Acme Ltd ... (2) Beta LLC'
NUMBERED_PARTY = (r"\(\s*[1-9]\s*\)\s*", "English-law precedents number the parties (1), (2), (3)")

#: what ends a party's name in the preamble: its description, address, defined name or the next party
PARTY_NAME_ENDS: tuple[tuple[str, str], ...] = (
    (r"(?i)\s*[,;](?!\s*(?:inc|incorporated|l\.?l\.?c|ltd|limited|l\.?p|plc|corp|s\.?a|n\.?v|ag|gmbh|co)\b\.?)",
     "a comma opens the party's description ('X, a Delaware corporation'), except before a corporate suffix"),
    (r"\s*\((?![A-Z]{2,4}\))(?![A-Z][A-Za-z]{1,14}\)\s+[A-Z])",
     "a parenthesis holds the defined name or a registration number ('(\"Cargill\")', '(ACN 106 702 416)'); a "
     "short word in one, with more name after it, is part of the name ('Dialog Semiconductor (UK) Ltd.', "
     "'Oaktree Capital Management (International) Limited', 'CRO Consulting (Pty) Limited')"),
    (r"\s*\n", "a name is printed on one line; the next line is the description or the other party"),
    (r"(?i)\s+an?\s+(?=\S)", "'X a Delaware corporation' (the comma omitted)"),
    (r"(?i)\s+(?:having|located|whose|which|with\s+(?:its|an?|offices|principal)|through|acting|"
     r"organi[sz]ed|incorporated\s+(?:in|under)|existing|residing|domiciled|doing|herein(?:after)?|"
     r"on\s+behalf|of\s+(?=\d)|at\s+(?=\d)|dated|effective|as\s+of|and/or)\b",
     "the words that begin a party's address or description"),
    (r"(?i)\s+and\s+(?=[A-Z0-9])|\s+AND\s+", "'X and Y': the next party"),
    (r"\s*[\"“”]", "a quoted defined name follows the party's name"),
)

#: corporate suffixes printed in capitals, as a name in title case prints them (a name in capitals is shown so)
CORPORATE_SUFFIXES: tuple[tuple[str, str], ...] = (
    ("Inc.", "US corporations"), ("Inc", "US corporations, without the point"),
    ("Incorporated", "the same, in full ('Cargill, Incorporated')"),
    ("LLC", "US limited liability companies"), ("L.L.C.", "the same, with points"),
    ("Ltd.", "companies limited by shares"), ("Ltd", "the same, without the point"),
    ("Limited", "the same, in full"), ("Corp.", "US corporations"), ("Corporation", "the same, in full"),
    ("Co.", "'& Co.', 'Co., Ltd.'"), ("LP", "limited partnerships"), ("L.P.", "the same, with points"),
    ("LLP", "limited liability partnerships"), ("PLC", "English public companies"), ("plc", "the same"),
    ("S.A.", "sociedad/société anonyme"), ("S.A.S.", "French simplified joint-stock companies"),
    ("N.V.", "Dutch public companies"), ("B.V.", "Dutch private companies"), ("AG", "German/Swiss companies"),
    ("GmbH", "German private companies"), ("Pty", "Australian proprietary companies"), ("SE", "Societas Europaea"),
    ("DBA", "'doing business as', kept in capitals"), ("USA", "a country in a name"), ("UK", "a country in a name"),
)

#: a 'party' that is no name: a form's blank, a pronoun, a role
NOT_A_PARTY = (r"(?i)^(?:the\s+)?(?:you|we|us|parties|party|company|undersigned|each|following|both|either|"
               r"licensor|licensee|supplier|customer|distributor|franchisor|franchisee|seller|buyer|purchaser|"
               r"vendor|client|contractor|consultant|employer|employee|lessor|lessee|landlord|tenant|"
               r"reseller|sponsor|agent|principal|whereas|recitals?|background|witnesseth|now|this|agreement|"
               r"[_\-. ]+)\W*$",
               "a form addressed to 'You', a blank line, or a role ('the Licensee') is not a party's name")

#: words that stay in lower case inside a title or a name set in title case
SMALL_WORDS = frozenset("a an and as at by for from in of on or the to under with".split())

#: ways a contract states the day it was made, beyond 'dated as of May 8, 2014' (the document date's own pattern)
CONTRACT_DATE_PATTERNS: tuple[tuple[str, str], ...] = (
    (r"(?i)\b(?:dated|made|entered\s+into|effective|executed|signed)\b[^.]{0,60}?\b(?:the\s+)?"
     r"(?P<day>\d{1,2})(?:st|nd|rd|th)?\s+day\s+of\s+(?P<month>{MONTH}),?\s+(?P<year>(?:19|20)\d\d)",
     "'made and entered into as of the 15th day of March, 2000'"),
    (r"(?i)\b(?:dated|made|entered\s+into|effective|executed|signed)\b[^.]{0,60}?\b(?P<month>{MONTH})\s+"
     r"(?P<day>\d{1,2})(?:st|nd|rd|th)?\s*,?\s*(?P<year>(?:19|20)\d\d)", "'is effective as of December 1st, 2015'"),
    (r"(?i)\b(?:dated|made|entered\s+into|effective|executed|signed)\b[^.]{0,60}?\b(?P<day>\d{1,2})"
     r"(?:st|nd|rd|th)?\s+(?P<month>{MONTH}),?\s+(?P<year>(?:19|20)\d\d)", "'dated 1 March 2019' (day first)"),
    (r"(?i)\b(?P<month>{MONTH})\s+(?P<day>\d{1,2})(?:st|nd|rd|th)?\s*,?\s*(?P<year>(?:19|20)\d\d)\s*\(\s*(?:the\s+)?"
     r"[\"“]Effective\s+Date", "a date defined as the Effective Date: '... as of June 8, 2010 (\"Effective Date\")'"),
    (r"(?i)\bEffective\s+Date\s*[:\-]\s*(?P<month>{MONTH})\s+(?P<day>\d{1,2})(?:st|nd|rd|th)?\s*,?\s*"
     r"(?P<year>(?:19|20)\d\d)", "a cover sheet's 'Effective Date: March 1, 2019'"),
    (r"(?i)\bdated\s*:?\s*(?P<day>\d{1,2})/(?P<mon>\d{1,2})/(?P<year>(?:19|20)?\d\d)\b",
     "'Dated 29/3/18': a numeric date, read only when its first number cannot be a month (day first, as "
     "Commonwealth contracts print it)"),
)

#: a note printed after a contract's last clause that is not part of it (a licence or copyright line, a legend
#: about the pages that follow); a whole line that matches is no clause's text
FOOTER_NOTES: tuple[tuple[str, str], ...] = (
    (r"(?i)\b(?:licen[cs]ed|free\s+to\s+use|released|distributed|available)\s+under\s+(?:the\s+|a\s+)?"
     r"(?:CC[\s-]+BY|CC0|Creative\s+Commons)",
     "published standard forms carry their licence ('Common Paper ... free to use under CC BY 4.0')"),
    (r"(?i)^\W*(?:copyright\b|©|\(c\)\s*\d{4})",
     "a copyright line under a published form"),
    (r"(?i)^\W*(?:the\s+)?(?:signature\s+page|signatures?)\s+(?:page\s+)?(?:follows?|to\s+follow)\W*$",
     "'[Signature page follows]': a legend about the next page"),
    (r"(?i)^\W*(?:the\s+)?publisher\s+of\s+(?:this|these)\s+(?:forms?|terms|documents?)\b",
     "a standard form's publisher's disclaimer ('The publisher of this form does not provide legal advice')"),
    (r"(?i)^\W*(?:the\s+)?remainder\s+of\s+(?:this\s+)?page\s+(?:is\s+)?(?:intentionally\s+)?left\s+blank",
     "'[Remainder of page intentionally left blank]': a legend about the page"),
)

#: a publisher's paragraph that says it is no part of the instrument it sits beside (Creative Commons' notes
#: before and after its licences: "this paragraph does not form part of the Public License")
NOT_PART_NOTES: tuple[tuple[str, str], ...] = (
    (r"(?i)\b(?:this|the\s+following)\s+(?:paragraph|notice|notes?|summary|commentary|considerations?)\b"
     r"[^.]{0,100}?\b(?:is|are|does|do)\s+not\s+(?:form\s+)?(?:a\s+)?part\s+of\b",
     "a note that says of itself that it is not part of the instrument is not one of its terms"),
)

#: a standard form's version line above its terms: which edition this is, not a term of the bargain
FORM_VERSION_LINES: tuple[tuple[str, str], ...] = (
    (r"(?i)^\(?\s*last\s+(?:updated|revised|modified)\b[^()\n]{0,40}\)?$",
     "'(Last updated April 20, 2023)': a published form's revision date"),
    (r"(?i)^\(\s*version\s+\d+(?:\.\d+)*\s*\)$", "'(Version 1.0)' under a form's title"),
)

# -- what a form or template prints beside its terms: never a clause, never cited --------------------------------

#: paragraphs that instruct whoever fills in a template, not the parties: a drafting note, bracketed instructions
DRAFTING_NOTES: tuple[tuple[str, str], ...] = (
    (r"(?i)^\W{0,3}\[?\s*(?:drafting|editor'?s?|practice|user)\s+notes?\b", "'[Drafting note: Select one option "
     "and delete the other.]': an instruction to the drafter, deleted before signing"),
    (r"(?i)^\W{0,3}\[?\s*note\s+to\s+(?:draft|drafter|user|client)s?\b", "'[Note to draft: ...]', the same"),
)

#: a template's blanks: '{company_name}', '[Legal name of employer]', '$[_____]', '________'; a paragraph made
#: of nothing else (and the words that label them) holds no term of the contract
PLACEHOLDER = r"\{[A-Za-z_][\w .]*\}|\[[^\[\]\n]{1,120}\]|_{3,}"

#: a paragraph about the form itself rather than the bargain: that the document is a published standard form,
#: where it is published, and that the parties have not changed it
FORM_NOTICES: tuple[tuple[str, str], ...] = (
    (r"(?i)\bforms?\s+(?:is\s+|are\s+)?(?:available|published|posted)\s+(?:at|on)\b",
     "'This Safe is one of the forms available at http://…': the publisher's note on its form"),
    (r"(?i)\b(?:has|have)\s+(?:not\s+)?modified\s+the\s+form\b",
     "'neither one has modified the form, except to fill in blanks': the parties say the form is unchanged"),
)

#: the field labels of a signature block set out as a table ('Signature | ', 'Print Name | …', 'Date | ')
SIGNATURE_FIELDS: tuple[tuple[str, str], ...] = (
    (r"(?i)^(?:signature|signed|by|print(?:ed)?\s+name|signatory\s+name|name\s+of\s+signatory)\s*(?:\||:|$)",
     "a signature table's rows name the signatory, not a term"),
    (r"(?i)^signatures?(?:\s+page)?\s*$", "a heading 'Signatures' over the execution blocks"),
)

# -- what tells two versions of one agreement apart (pincite.twins: a copy agrees on all of them) --

#: a number word, as contracts spell out their figures ("thirty (30) days", "one hundred thousand dollars")
NUMBER_WORD = (r"(?:zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|"
               r"fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|"
               r"ninety|hundred|thousand|million|billion)", "the words of a figure written out")

_FIGURE_NUMBER = r"\d[\d,]*(?:\.\d+)?"

#: the figures of a bargain, as its sentences state them (a page number, a clause number or a filing's footer
#: is none of these: they differ between the PDF of an agreement and its text while the bargain does not)
OPERATIVE_FIGURES: tuple[tuple[str, str], ...] = (
    (rf"(?:\$|US\$|USD|EUR|€|£|GBP|RMB)\s?{_FIGURE_NUMBER}", "an amount of money ('$1,000', 'USD 500')"),
    (rf"{_FIGURE_NUMBER}\s?(?:%|percent\b|per\s+cent\b)", "a rate ('5%', '10 percent')"),
    (rf"\(\s?{_FIGURE_NUMBER}\s?%?\s?\)", "a figure repeated in digits ('thirty (30)')"),
    (rf"{_FIGURE_NUMBER}\s+(?:calendar\s+|business\s+|working\s+)?"
     r"(?:days?|weeks?|months?|years?|hours?|minutes?)\b", "a period ('90 days', '2 business days')"),
    (rf"\b{NUMBER_WORD[0]}(?:[\s-]+{NUMBER_WORD[0]})*\b", "a figure in words ('ninety', 'one hundred')"),
)

#: the place whose law governs, whose courts decide, or whose state a party or a venue is in ("the laws of the
#: State of Delaware", "courts of England", "any court of competent jurisdiction in the State of Nevada")
GOVERNING_LAW = (r"\b(?:(?:laws?|courts?)\s+of\s+(?:the\s+)?"
                 r"(?:(?:State|Commonwealth|Province|Republic)\s+of\s+)?"
                 r"|(?:State|Commonwealth|Province)\s+of\s+)([A-Z][A-Za-z]+(?:\s+[A-Z][A-Za-z]+){0,3})",
                 "a version governed by another law, or sued on in another state, is another agreement, "
                 "however alike its words")



# -- a contract whose clauses print headings but no numbers ------------------------------------------------------

#: the shapes of a clause heading printed without a number, at a line's start (after the preamble, before the
#: signatures): such a clause is cited by its heading, as printed, when the contract numbers none of its clauses
UNNUMBERED_HEADINGS: tuple[tuple[str, str], ...] = (
    (r"(?P<h>[A-Z][A-Z0-9&'’/,\- ]{1,70}?[A-Z0-9)])[ \t]*[.:]?[ \t]*$",
     "a heading in capitals alone on its line ('DEFINITIONS', 'TERM AND TERMINATION', 'GOVERNING LAW')"),
    (r"(?P<h>[A-Z][A-Z0-9&'’/,\- ]{1,70}?[A-Z0-9)])[ \t]*[.:][ \t]+(?=[A-Z\"“(])",
     "a heading in capitals run into its clause ('TERM & TERMINATION. This Agreement…', 'NOTICES: All notices…')"),
    (r"(?P<h>[A-Z][a-z]+(?:[ \t]+(?:[A-Z][a-z]+|of|and|the|to|for|in|on|or|&)){0,4})[ \t]*\.[ \t]*$",
     "a heading in title case alone on its line, closed by a full stop ('Termination.', 'Governing Law.')"),
)

#: one more shape, only in a contract whose clause numbers a PDF's extraction set apart from their clauses in
#: columns that head no page (:func:`pincite.parse.contract.adrift_runs`): the numbers prove the clauses had
#: printed headings, and what is left of each on its own line is the heading the document vouches for
DETACHED_NUMBER_HEADINGS: tuple[tuple[str, str], ...] = (
    (r"(?P<h>[A-Z][A-Za-z'’\-]*(?:[ \t]+(?:[A-Z][A-Za-z'’\-]*|of|and|the|to|for|in|on|or|a|an|by|with|&)){0,7})"
     r"[ \t]*$",
     "a heading in title case alone on its line, no stop after it ('Purpose', 'Voluntary Withdrawal of a "
     "Participant'): its clause number went into a column elsewhere"),
)

#: lines in those shapes that head no clause: the preamble's and the execution's words, and a page's furniture
NOT_CLAUSE_HEADINGS: tuple[tuple[str, str], ...] = (
    (r"(?i)^(?:whereas|recitals?|background|witnesseth|now,?\s+therefore\b.*|in\s+witness\b.*|between|and|by|"
     r"among|of)$", "the recitals' and the execution block's own words head no clause"),
    (r"(?i)^(?:confidential(?:\s+treatment\s+requested)?|execution\s+(?:copy|version)|draft|final)$",
     "a page legend or a draft's status line"),
    (r"(?i)^(?:exhibit|schedule|attachment|annex|appendix)\b", "an attachment's heading ends the clauses"),
    (r"(?i)\b(?:agreement|contract|amendment|addendum|memorandum|endorsement)$",
     "an instrument's title ('CONSULTING AGREEMENT'), above the preamble or repeated as a page head ('GRANT OF "
     "LICENSE' is a clause's heading)"),
    (r"\S[ \t]{2,}\S", "words set apart by a wide gap are a table's column heads ('PRODUCTS   LICENSED PROGRAMS')"),
    (r"(?i)\b(?:inc|llc|l\.l\.c|ltd|limited|corp|corporation|co|lp|l\.p|llp|plc|gmbh|ag|s\.a|n\.v|b\.v)\.?$",
     "a party's name in capitals (a signature block's or a page head's), not a heading"),
)
