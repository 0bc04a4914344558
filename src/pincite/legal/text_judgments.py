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

#: The heading over a Commonwealth court's orders, each lettered "A", "B" (run together in extracted text);
#: the first order may run onto the heading's line ("JUDGMENT OF THE COURT  A The appeal ... is dismissed.")
ORDERS_HEADING = re.compile(r"^(?:JUDGMENT OF THE COURT|ORDERS?|JUDGMENT OF [A-Z][A-Za-z'’ ]+ J"
                            r"|JUDGMENT OF (?:ASSOCIATE |DISTRICT |CHIEF |DEPUTY )?JUDGE [A-Z][A-Za-z'’ -]+)"
                            r"(?:$|(?=[ \t]{2,}A[ \t]+[A-Z]))")

#: The judge a single judge's judgment names in its heading: "JUDGMENT OF BREWER J", "JUDGMENT OF ASSOCIATE
#: JUDGE SMITH", "RESERVED JUDGMENT OF HINTON J" - that judge decides alone.
SOLE_JUDGE_HEADING = re.compile(
    r"^(?:(?:ORAL|RESERVED|INTERIM|COSTS) )?(?:JUDGMENT|JUDGEMENT|DECISION|RULING|MINUTE|SENTENCING NOTES)"
    r"(?: \(NO \d+\))? OF (?:(?:HIS|HER) HONOUR )?(?P<name>(?:(?:ASSOCIATE|DISTRICT|CHIEF|DEPUTY) )?JUDGE"
    r" [A-Z][A-Za-z'’ -]{1,40}?|[A-Z][A-Za-z'’ -]{1,40}? (?:J|CJ|P|JA|AJ))(?:\s*\[.*)?$")

#: The panel in a cover sheet's "Court:" field ("Court: O'Regan P, Harrison and White JJ"; the names may
#: follow on the next line): the judges who sat, joined in the court's reasons.
PANEL_FIELD = re.compile(r"^(?:Court|Coram|Before|B E F O R E)\s*:\s*$|^(?:Court|Coram|Before|B E F O R E)\s*:\s*(?P<names>\S.*)$")

#: A line of underscores under the last paragraph, then the judge's name: the judgment's signature.
SIGNATURE_RULE = re.compile(r"^_{10,}$")
SIGNED_JUDGE = re.compile(r"^(?:(?:Associate |District |Chief |Deputy )?Judge [A-Z][\w'’ -]{1,40}"
                          r"|[A-Z][\w'’ -]{1,40}? (?:J|CJ|P|JA|AJ|JJ))$")

#: The heading over the court's reasons: the caption, orders and contents table end there.
REASONS_HEADING = re.compile(r"^(?:REASONS OF THE COURT|REASONS FOR JUDGMENT|REASONS OF [A-Z][A-Za-z ]+ J"
                             r"|REASONS)$")

#: The solicitors block that closes a New Zealand or Australian judgment (a High Court judgment prints it on
#: its cover, above the reasons): not reasons.
SOLICITORS = re.compile(r"^Solicitors?:\s*")

#: The line that opens an English (or Commonwealth) judgment's reasons: the judge's name and a colon.
#: A registrar or magistrate deciding a case heads it so too ("AR Eunice Chua:"); an international judge of a
#: commercial court signs "IJ".  A note in brackets may come between the name and the colon, saying whose judgment it is: "V K Rajah JA
#: (delivering the judgment of the court):", "Tay Yong Kwang JA (dissenting):" (:data:`JUDGE_NOTE_ROLES`).
JUDGE_COLON = re.compile(
    r"^(?P<name>(?:HHJ|HH Judge|His Honour Judge|Her Honour Judge|Mrs? Justice|Ms Justice|Lord Justice|"
    r"Lady Justice|Lord|Lady|Sir|Dame|Master|District Judge|Deputy (?:High Court |District )?Judge|Judge|"
    r"(?:Senior |Deputy )?(?:Assistant )?Registrar|S?AR|DR|Magistrate|"
    r"(?:LORD|LADY|MRS?|MS) JUSTICE|LORD|LADY|SIR|DAME|HHJ|(?:HIS|HER) HONOUR JUDGE)"
    r"\b[^:()\n]{1,60}?|[A-Z][A-Za-z'’ .-]{1,60}? (?:LJ|J|JA|JC|JAD|SJ|IJ|AJ|AR|SAR|DR|QC|KC|MR|P|CJ|VC))"
    r"(?:\s*\((?P<note>[^()\n]{1,200})\)|,[ \t]*(?P<with>with whom [^:()\n]{1,200}? agrees?))?\s*:"
    # the UK Supreme Court's and Privy Council's form: the note after the colon ("LORD HAMBLEN: (with whom Lord
    # Reed, Lord Briggs ... agree)")
    r"(?:[ \t]*\((?P<after>[^()\n]{1,300})\)[ \t]*)?$")

#: The first words of reasons that say they are the whole court's, under one judge's name ("1. This is the
#: judgment of the Court.", "This is the judgment of the court to which all members have contributed")
COURT_JUDGMENT_SAYS = re.compile(r"\s*(?:\[?\d{1,4}\.?\]?\s+)?This is the judgment of the (?:whole )?[Cc]ourt\b")

#: What the bracketed note under a judge's name says of the judgment that follows: (pattern, role, why).
#: The first that matches decides; a note matching none leaves the role to the judge's own words.
JUDGE_NOTE_ROLES: tuple[tuple[re.Pattern[str], str, str], ...] = (
    (re.compile(r"(?i)^\s*dissenting\b"), "dissenting", "the judge's heading says the reasons dissent"),
    (re.compile(r"(?i)^\s*(?:partly|partially) dissenting\b|dissenting in part"), "partly-dissenting",
     "the heading says the judge dissents in part"),
    (re.compile(r"(?i)^\s*(?:concurring|agreeing)\b"), "concurring",
     "the heading says the judge agrees in the outcome, in separate reasons"),
    (re.compile(r"(?i)\b(?:judgment|grounds of decision|decision|reasons|opinion) of the (?:court|full court|"
                r"bench)\b"), "joint", "one judgment delivered for every member of the court"),
    (re.compile(r"(?i)\b(?:judgment|grounds of decision|decision|reasons|opinion) of the majority\b"
                r"|\bwith whom\b[^()]*\bagree"), "lead", "the judgment the majority joins"),
)

#: The heading of an annex or appendix printed after a judgment's last paragraph ("Annex A: Items bought by
#: the first defendant", "APPENDIX 1"): a table or document the court attaches, not that paragraph's words.
ANNEX_HEADING = re.compile(r"^(?:Annex|Appendix|Schedule|ANNEX|APPENDIX|SCHEDULE)(?:\s+(?:[A-Z]|\d{1,2}|[IVX]{1,4}))?"
                           r"(?:\s*[:.\-–—]\s*\S.{0,150})?$")

#: Lines that follow a judgment's last paragraph and are not reasons: the footnotes a converted PDF appends
#: ("[note: 1] ..."), the publisher's copyright line and the source link.
TRAILING_MATTER = re.compile(r"^\[note:\s*\d+\]|^C ?opyright ©|^Source:\s")

#: A UK hand-down's cover, read as signs of a judgment both above its first paragraph (:data:`JUDGMENT_SIGNS`) and
#: in a caption (:data:`CAPTION_SIGNS`): the hearing line, the decision appealed from, the line announcing the
#: judgment.
UK_COVER_SIGNS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"^[ \t]*(?:Heard (?:on|at)\b|Hearing dates?[ \t]*:|Date of hearing\b)", re.M),
     "the hearing line of a UK hand-down ('Heard on 8 February 2021', 'Hearing date : 10 March 2022')"),
    (re.compile(r"^[ \t]*On appeal from\b", re.M), "the decision appealed from, named on an appellate court's cover"),
    (re.compile(r"^[ \t]*(?:JUDGMENT GIVEN ON|J U D G M E N T|(?:APPROVED|OPEN|RESERVED) JUDGMENT|Approved Judgment|"
                r"Decision (?:&|and) Reasons(?: Promulgated)?)\b", re.M),
     "the line that announces the judgment on a UK cover ('JUDGMENT GIVEN ON', 'Approved Judgment', 'J U D G M E N T')"),
    (re.compile(r"^[ \t]*(?:IN THE )?(?:UPPER TRIBUNAL|FIRST-TIER TRIBUNAL|EMPLOYMENT APPEAL TRIBUNAL|EMPLOYMENT "
                r"TRIBUNALS?)\b", re.M),
     "a UK tribunal named as the cover's heading ('UPPER TRIBUNAL (LANDS CHAMBER)', 'IN THE UPPER TRIBUNAL "
     "(ADMINISTRATIVE APPEALS CHAMBER)'): a contract is never headed by a tribunal"),
    (re.compile(r"^[ \t]*(?:AN )?APPEAL (?:AGAINST|FROM) (?:A |THE )?(?:DECISION|DETERMINATION|ORDER|JUDGMENT)S? OF\b",
                re.M),
     "the decision appealed against, on a tribunal's cover ('AN APPEAL AGAINST A DECISION OF THE FIRST-TIER "
     "TRIBUNAL')"),
    (re.compile(r"^[ \t]*The following cases (?:are|were) referred to in this (?:decision|judgment)\b", re.M),
     "the cases a UK tribunal's decision refers to, listed on its cover"),
)

#: The cover and opening formula of a judgment of the European Court of Human Rights (two are needed, with
#: :data:`ECHR_OPERATIVE`; :mod:`pincite.parse.echr`).
ECHR_COVER_SIGNS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"^[ \t]*(?:CASE OF|AFFAIRE) [A-Z][^\n]{1,200}? v\.? [A-Z][^\n]*$", re.M),
     "the case's name as the Court heads it ('CASE OF KHAN v. GERMANY')"),
    (re.compile(r"^[ \t]*\((?:Applications?|Requête) nos?\.?[ \t\u00a0]*\d{1,6}/\d{2}\b", re.M),
     "the application number under the case's name ('(Application no. 38030/12)')"),
    (re.compile(r"^[ \t]*In the case of [^\n]{3,300},[ \t]*$", re.M), "the judgment's opening words ('In the case of X v. Y,')"),
    (re.compile(r"\bThe European Court of Human Rights(?: \([^)\n]{1,40}\))?, sitting as an? (?:Grand Chamber|Chamber|"
                r"Committee)\b"), "the Court named sitting as a Chamber, a Grand Chamber or a Committee"),
    (re.compile(r"^[ \t]*Having deliberated in private on\b", re.M), "'Having deliberated in private on …'"),
    (re.compile(r"^[ \t]*Delivers the following (?:judgment|decision)\b", re.M),
     "'Delivers the following judgment, which was adopted on that date:'"),
)

#: The heading over the Court's operative provisions ("FOR THESE REASONS, THE COURT, UNANIMOUSLY,").
ECHR_OPERATIVE = re.compile(r"^[ \t]*(?:FOR THESE REASONS,? THE COURT\b|For these reasons,? the Court\b)", re.M)

#: The line closing the operative provisions, above the signatures ("Done in English, and notified in writing on …").
ECHR_DONE = re.compile(r"^Done in (?:English|French)\b")

#: The heading of an opinion annexed to the judgment: "CONCURRING OPINION OF JUDGE MOTOC", "JOINT PARTLY
#: DISSENTING OPINION OF JUDGES RAIMONDI, O'LEARY AND RANZONI", "PARTLY CONCURRING, PARTLY DISSENTING OPINION OF
#: JUDGE PINTO DE ALBUQUERQUE", "DISSENTING OPINION OF JUDGE RANZONI, JOINED BY JUDGES …" (the kind words in any
#: order, joined by "AND" or a comma; at least one says concurring, dissenting or separate).
ECHR_OPINION_HEADING = re.compile(r"^(?=(?:[A-Z]+[\s,]+)*?(?:CONCURRING|DISSENTING|SEPARATE)\b)"
                                  r"(?:(?:JOINT|PARTLY|PARTIALLY|IN\s+PART|CONCURRING|DISSENTING|SEPARATE|AND)[\s,]+)+"
                                  r"OPINION\s+OF\s+JUDGES?\s+(?P<names>[^\n]{2,200})$")

#: Signs above that line that the text is a judgment (two are needed).
JUDGMENT_SIGNS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"^(?:[A-Z]{2,5} )?Neutral Citation(?: Number)?\s*:", re.M | re.I),
     "an English neutral citation line (a tribunal's 'UT Neutral citation number:' too)"),
    (re.compile(r"^(?:Approved )?Judgment\s*$", re.M | re.I), "the 'Approved Judgment' line of a hand-down"),
    (re.compile(r"^Between\s*:?\s*$", re.M), "the caption's 'Between :'"),
    (re.compile(r"^Before\s*:", re.M), "the judge or panel above the caption"),
    (re.compile(r"^Hearing dates?\s*:", re.M), "the hearing line under the caption"),
    (re.compile(r"\bIN THE (?:HIGH COURT|COURT OF APPEAL|SUPREME COURT|CROWN COURT|FAMILY COURT)\b"),
     "the court's name in the caption"),
    (re.compile(r"^Coram\s*:", re.M), "the bench named by its Latin field, 'Coram' ('in the presence of')"),
    (re.compile(r"^(?:Tribunal/Court|Court)\s*:\s*\S", re.M), "the caption's field naming the court"),
    (re.compile(r"^(?:Decision|Judgment) Date\s*:", re.M), "the caption's field dating the decision"),
    (re.compile(r"^Counsel(?: Name\(s\))?\s*:", re.M), "the caption's field naming counsel for the parties"),
    (re.compile(r"^Case (?:Number|No\.?)\s*:", re.M), "the caption's field giving the court's case number"),
    *UK_COVER_SIGNS,
)

#: A contents table's heading over the reasons ("Table of Contents", then "Para No"): not reasons.
CONTENTS_TABLE = re.compile(r"^(?:Table of Contents|TABLE OF CONTENTS|Contents|CONTENTS)$")

#: A contents table printed inside the first paragraph ("CONTENT OPENING PARAGRAPH", "Contents"): not reasons.
CONTENTS_HEAD = re.compile(r"^(?:TABLE OF )?CONTENTS?\b(?:\s+(?:OPENING )?PARA(?:GRAPH)?S?\b.*)?$"
                           r"|^Contents\s*$", re.I)


# -- a plain-text judgment told from a contract ------------------------------------------------------------
#
# A judgment extracted from a court's PDF numbers its paragraphs, often has "(a)"/"1." lists inside them and
# quotes the contract it decides on ("the agreement was entered into ..."), so the contract reader finds
# clauses and party signals in it.  Its caption says what it is: the court, the parties by their roles in
# the proceeding, the hearing and counsel, the judgment heading, a neutral citation.  Each sign below counts
# once; they are looked for above the first numbered paragraph (the caption), never in the reasons, where a
# judgment about a contract quotes it.

#: A neutral citation: the court's own number for a judgment, "[2018] NZHC 3408", "[2020] EWCA Civ 26".
NEUTRAL_CITATION = re.compile(r"\[(?:18|19|20)\d{2}\][ \t]+[A-Z][A-Za-z]{1,7}(?:[ \t]+(?:Civ|Crim|Admin|Ch|Comm|"
                              r"Fam|QB|KB|IPEC|Pat|TCC))?[ \t]+\d{1,5}\b"
                              # the English court's division or the tribunal's chamber after the number ("[2022]
                              # EWHC 90 (QB)", "[2023] UKUT 117 (IAC)", "[2024] EWFC 74 (B)")
                              r"(?:[ \t]+\((?:QB|KB|Ch|Comm|Admin|Fam|TCC|IPEC|Pat|SCCO|Costs|IAC|LC|AAC|TC|TCC|GRC|PC|"
                              r"B|T[1-3]|CH)\))?")

#: Words just before a citation in a caption that make it another decision's, not this one's: the decision
#: appealed from ("[LawNet Editorial Note: The decision from which this appeal arose is reported at [2017] SGHC
#: 17]"), one it is "on appeal from", one the note tells the reader to "see".
OTHER_DECISION_LEAD = re.compile(r"(?i)(?:\b(?:appeal|decision|judgment)s?\b[^.\n\[]{0,80}\b(?:arose|arising|from|"
                                 r"below)\b|\b(?:reported|see|cf|affirmed|reversed|appealed)\b)[^.\n\[]{0,60}$")


def other_decisions_blanked(text: str) -> str:
    """``text`` with each neutral citation that :data:`OTHER_DECISION_LEAD` leads (the decision appealed from,
    one the caption tells the reader to see) replaced by spaces, so what is left cites only the text's own
    decision; offsets are unchanged."""
    out = text
    for m in NEUTRAL_CITATION.finditer(text):
        if OTHER_DECISION_LEAD.search(text, max(0, m.start() - 160), m.start()):
            out = out[:m.start()] + " " * (m.end() - m.start()) + out[m.end():]
    return out

#: The running title a judgment's PDF prints atop its first page, kept first in the extracted text:
#: "GREEN v CARR [2018] NZHC 3408 [19 December 2018]" (the parties, the citation, the date).
RUNNING_TITLE = re.compile(r"^[\s\"“]*(?P<title>[A-Z][^\n\[]{1,200}? v\.? [^\n\[]{1,200}?)"
                           r"(?:\s+(?:CA|SC|CIV|CRI|HC)[\w/-]*\d)?\s*"  # the file number: "CA122/2014"
                           r"(?P<cite>\[(?:18|19|20)\d{2}\][ \t]+[A-Z][A-Za-z]{1,7}(?:[ \t]+[A-Z][a-z]{1,5})?"
                           r"[ \t]+\d{1,5})\b(?:\s*\[(?P<day>\d{1,2}) (?P<month>[A-Z][a-z]+) (?P<year>\d{4})\])?")

#: The cover sheet's "Judgment:" field, its date on the next line ("Judgment:" / "11 September 2014 at 11.00am").
JUDGMENT_DATE_FIELD = re.compile(r"^(?:Judgment(?: delivered)?|(?:Decision|Judgment) Date)\s*:\s*(?P<rest>.*)$")
DAY_MONTH_YEAR = re.compile(r"^(?P<day>\d{1,2})(?:st|nd|rd|th)? (?P<month>[A-Z][a-z]+),? (?P<year>\d{4})\b")

#: Signs in a caption that the text is a court's judgment: (pattern, why).  Distinct signs are counted.
CAPTION_SIGNS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"^[ \t\"“]*IN THE (?:[A-Z]+ )?(?:HIGH COURT|COURT OF APPEAL|SUPREME COURT|DISTRICT COURT|"
                r"FEDERAL COURT|FAMILY COURT|EMPLOYMENT COURT|ENVIRONMENT COURT|CROWN COURT|COUNTY COURT|"
                r"CIRCUIT COURT|MAGISTRATES'? COURT|COURT OF [A-Z]+)\b", re.M),
     "the court's name as the caption's heading ('IN THE COURT OF APPEAL OF NEW ZEALAND', 'IN THE HIGH "
     "COURT OF AUSTRALIA'); a contract is never headed by a court"),
    (re.compile(r"^[ \t]*(?:(?:First|Second|Third|Fourth|Fifth)[ \t]+)?(?:Appellants?|Respondents?|Plaintiffs?|"
                r"Defendants?|Applicants?|Claimants?|Petitioners?|Interveners?|Intervenors?|Appellant/"
                r"(?:Cross-)?Respondent)[ \t]*$", re.M),
     "a party's role in the proceeding printed on its own line under its name ('BETWEEN X Appellant AND Y "
     "Respondent'); a contract's parties are 'the Supplier', never an appellant"),
    (re.compile(r"^[ \t]*(?:(?:ORAL|RESERVED|INTERIM|COSTS) )?(?:JUDGMENT|JUDGEMENT|DECISION|MINUTE|RULING|"
                r"SENTENCING NOTES)(?: \(NO \d+\))? OF (?:THE (?:FULL )?COURT\b|(?:(?:HIS|HER) HONOUR )?"
                r"(?:(?:ASSOCIATE|DISTRICT|CHIEF|PRINCIPAL FAMILY|EMPLOYMENT|DEPUTY) )?JUDGE [A-Z]|[A-Z][A-Z'’ .-]{0,60}"
                r" (?:J|JJ|P|CJ|JA|AJ|LJ)\b)", re.M),
     "the heading over the court's judgment ('JUDGMENT OF THE COURT', 'JUDGMENT OF BREWER J', 'JUDGMENT OF "
     "ASSOCIATE JUDGE SMITH'), the orders run in after it or not"),
    (re.compile(r"^[ \t]*(?:REASONS OF THE COURT|REASONS FOR JUDGMENT|REASONS OF [A-Z][A-Z'’ .-]{0,60} "
                r"(?:J|JJ|P|CJ))\b", re.M),
     "the heading over the court's reasons, below its orders"),
    (re.compile(r"^[ \t]*(?:Hearing|Heard|Court|Coram|Counsel|Appearances|Judgment|Judgment delivered|"
                r"Delivered|Reasons)[ \t]*:", re.M),
     "a caption field of a judgment's cover sheet ('Hearing:', 'Court:', 'Counsel:', 'Judgment:')"),
    (NEUTRAL_CITATION,
     "a neutral citation ('[2018] NZHC 3408', '[2020] EWCA Civ 26', '[2014] HCA 12'): the court's own "
     "number for the judgment"),
    (re.compile(r"^[ \t]*(?:CA|SC|CIV|CRI|HC|FAM|ENV|CIV-\d{4}|CRI-\d{4})[ \t-]?\d{1,4}(?:[-/]\d{1,4}){1,3}[ \t]*$",
                re.M),
     "a court file number alone on its line ('CA122/2014', 'CIV-2018-488-83')"),
    (re.compile(r"^[ \t]*\((?:Given|Delivered) by [A-Z][^)\n]{1,60}\)[ \t]*$", re.M),
     "'(Given by White J)': who gave the court's reasons"),
    *UK_COVER_SIGNS,
    (re.compile(r"^[ \t]*(?:Before[ \t]*:?[ \t]*$|before (?:Lord|Lady|The Hon|Mr|Mrs|Ms|Sir|Dame|HHJ|His Honour|Her "
                r"Honour|Judge)\b)", re.M),
     "'Before:' over the judges (a contract is made between parties, never heard before anyone)"),
    (re.compile(r"\((?:[Ii]nstructed|INSTRUCTED) by [^)\n]{3,120}\)|\bappeared (?:on behalf of|for) the (?:Applicant|"
                r"Appellant|Respondent|Claimant|Defendant|Crown|Prosecution)", re.M),
     "counsel on the cover: '(Instructed by X LLP)', 'appeared on behalf of the Crown'"),
    (re.compile(r"^[ \t]*(?:(?:LORD|LADY|MR|MRS|MS)[ \t]+JUSTICE[ \t]+[A-Z]|(?:Lord|Lady|Mr|Mrs|Ms)[ \t]+Justice[ \t]+[A-Z]|"
                r"HHJ[ \t]+[A-Z]|(?:HIS|HER) HONOUR JUDGE[ \t]+[A-Z]|THE HON\.? (?:MR|MRS|MS) JUSTICE)", re.M),
     "a judge's title opening a caption line ('LORD JUSTICE SINGH', 'Mr Justice Holgate', 'HHJ Vincent')"),
    (re.compile(r"^[ \t]*IN THE MATTER OF\b|^[ \t]*IN THE MATTER[ \t]*$|^[ \t]*UNDER[ \t]*$", re.M),
     "the enactment or matter a proceeding is brought under, printed in the caption"),
)

#: How many distinct caption signs make a text with numbered paragraphs a judgment rather than a contract
#: (and they must outnumber the contract's signs, :func:`pincite.parse.text.contract_evidence`).
CAPTION_SIGNS_NEEDED = 3


#: The end of a line that introduces a quotation: a colon, perhaps a dash and the quoted title of what follows
#: ("... Norris J said:", "as follows: “", "as follows:- "Street-Cruise"") - numbered lines after it are the
#: quoted document's paragraphs, not the judgment's own.
QUOTATION_INTRODUCED = re.compile(r":-?(?:\s*[\"“‘][^\"“”\n]{1,40}[\"”’])?[\s\"“‘']*$")
#: How many numbered items after a quoted paragraph printing the judgment's next number are searched for the
#: judgment's own paragraph of that number (a quotation of a few paragraphs, not of a whole judgment).
QUOTED_RUN_MAX = 8
