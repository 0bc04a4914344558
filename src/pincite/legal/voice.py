"""Whose words these are: how a judgment shows that it quotes, and what it quotes from.

Each pattern has one line saying why.  :mod:`pincite.parse.voice` applies them to a parsed judgment; nothing here
names one document, party or judge.
"""

from __future__ import annotations

import re

from pincite.legal.citations import DIVISION
from pincite.legal.language import JUDGE_SAID_TITLES

#: An introducing sentence ends with a colon (optionally a dash): "the UT judge held at [41]–[46]:", "Mr X
#: submitted:-", "section 27A provides:"; what follows it is the quotation it introduces.
INTRODUCER_END = re.compile(r"[:]\s*[-\u2013\u2014]?\s*$")

#: Words that introduce another's words; a sentence ending in a colon without one ("the following points:") is the
#: author's own list, not a quotation.
INTRODUCING_VERB = re.compile(
    r"\b(held|holds|said|says|stated|states|concluded|found|decided|reasoned|observed|noted|explained|"
    r"put it|puts it|continued|added|wrote|expressed|summari[sz]ed|set out|sets out|records|recorded|"
    r"provides?|provided|reads?|read|is as follows|were as follows|was as follows|in these terms|"
    r"in the following terms|submit\w*|argu\w*|contend\w*|told|evidence|(?:the )?relevant (?:part|passage)s? "
    r"(?:is|are|of)|(?:paragraph|para)s?\s+\d+|at \[\d+\]|as follows)\b",
    re.I,
)

#: A quotation set off as a block opens with a quotation mark at the start of a line (legacy Find Case Law and PDF
#: judgments mark quotations only by indentation and these marks).
BLOCK_OPEN = re.compile(r"(?m)^[ \t]*[\u201c\"]")
#: ... and closes with a closing mark at the end of a line (perhaps followed by a bracketed reference or emphasis
#: note, "(emphasis added)").
BLOCK_CLOSE = re.compile(r"[\u201d\"][ \t]*(?:\([^()\n]{0,60}\))?[ \t]*\.?[ \t]*(?=\n|$)")
#: Numbered paragraphs of another decision set after an introducing sentence ("Mann J noted:\n[250] These ...")
#: print their own numbers in brackets at the line start; the judgment's own paragraphs are units of their own.
QUOTED_NUMBERED_LINE = re.compile(r"^[ \t]*\[\d+\][ \t]")
#: A quotation set off without an opening mark is closed within a long paragraph's length; a closing mark further
#: on belongs to something else.
BLOCK_MAX_CHARS = 2500
#: Words inside quotation marks within a sentence are a quotation when long enough to carry a proposition; short
#: ones ("extra Services", a defined term) are words the author discusses, not another's reasoning.
#: A quotation of several paragraphs opens each paragraph with a mark and closes only the last ("“If the ...
#: Amendments. “Such extraterritorial ... hinted at it.”"): a mark after a sentence's end inside it goes on.
INLINE_QUOTE = re.compile(r"\u201c([^\u201c\u201d]{60,}?(?:[.?!]\s+\u201c[^\u201c\u201d]{20,}?)*)\u201d", re.S)
#: A shorter quoted sentence is a quotation too when its source is cited right after it ("“The First Amendment
#: does not mandate a viewpoint-neutral government.” AOSI I, 570 U. S., at 221"; "... .” Id., at 5").
CITED_AFTER = re.compile(r"\s+(?:(?:See |Cf\. )?[A-Z][\w.'’&-]*(?: [\w.'’&-]+){0,8},"
                         r"\s+\d{1,4}\s+[A-Z][\w., ]{0,20}?\d|Id\.|Ibid\.)")
#: ... and in single marks, as South African, Australian and many PDF judgments write them (a closing mark followed
#: by a letter is an apostrophe, "[L\u2019s]").
INLINE_SINGLE_QUOTE = re.compile(r"(?<![\w])\u2018((?:[^\u2018\u2019]|\u2019(?=\w)){60,}?)\u2019(?!\w)", re.S)

#: A judgment's own paragraphs are numbered in one sequence; a plain-numbered item inside one of them ("[18] 42") is
#: a numbered paragraph of something else the judgment quotes (a decision below, another judgment).
QUOTED_PARAGRAPH_NUMBER = re.compile(r"^\d+[A-Z]?\.?$")

#: Kinds of source, in the order a sentence is tested (the first that matches names the source).
#: Another judgment before a court below: "Flaux J in Sonatrach v Statoil [2014] ... said" is an authority, not the
#: decision under appeal, though a judge's title is in it.
KINDS = ("counsel", "judgment", "lower-court", "instrument", "evidence")

#: Counsel: a named advocate, counsel "for"/"on behalf of" a party, or a submission verb.
COUNSEL = re.compile(
    r"\b(?:(?:Mr|Mrs|Ms|Miss|Dr)\.?\s+[A-Z][\w'\u2019-]+(?:\s+(?:QC|KC))?|counsel(?: for [\w ]{1,30})?|"
    r"the (?:appellant|respondent|claimant|defendant|applicant|petitioner|Secretary of State)s?(?:['\u2019]s?)? "
    r"(?:case|submissions?|skeleton(?: argument)?|grounds?)|(?:his|her|their) skeleton argument)\b"
    r"(?=[^.:]{0,120}\b(?:submit\w*|argu\w*|contend\w*|put (?:it|the case)|skeleton|grounds?|case)\b)"
    r"|\b(?:submitted|argued|contended)\b",
    re.I,
)
#: A court or tribunal below: the decision under appeal ("the UT judge held", "the judge said at [41]").
LOWER_COURT = re.compile(
    r"\b(?:the\s+)?(?:(?:UT|FTT|EAT|ET|Upper Tribunal|First[- ]tier Tribunal|Employment (?:Appeal )?Tribunal|"
    r"Lands Chamber|tribunal|(?:trial |deputy |circuit |district |first instance |High Court )?judge|recorder|"
    r"master|deputy master|registrar|Divisional Court|the court below|magistrates?|inspector|adjudicator|"
    r"arbitrators?)(?:\s+judge)?|[A-Z][a-z]+\s+J|HHJ\s+[A-Z][a-z]+)\b"
    r"(?=[^:]{0,160}\b(?:held|holds|said|says|stated|concluded|found|decided|reasoned|observed|noted|"
    r"explained|continued|added|wrote|expressed|summari[sz]ed|set out|dealt|judgment|decision|reasons|"
    r"ruling|paragraph|point|view|made|at \[)\b)",
    re.I,
)
#: Another judgment: a neutral citation ("[2019] UKSC 5") or a law report ("[1990] 1 WLR 123", "(1875) LR 7 HL"),
#: or a judge of another case speaking ("Lord Reed said", "Lewison LJ explained").
JUDGMENT = re.compile(
    rf"\[\d{{4}}\]\s+(?:\d+\s+)?[A-Z][A-Za-z]*(?:\s+(?:{DIVISION}))?\s+\d+"  # the divisions: the neutral citation's
    r"|\(\d{4}\)\s+\d+\s+[A-Z][A-Za-z.]+\s+\d+"
    r"|\b[A-Z][\w'\u2019&.-]+(?:\s+(?:[A-Z][\w'\u2019&.-]+|of|and|for|the|&))*\s+v\.?\s+[A-Z][\w'\u2019&.-]+"
    r"|\b(?:Lord|Lady|Baroness)\s+[A-Z][a-z]+(?:\s+of\s+[A-Z][a-z]+)?\b(?=[^:]{0,80}\b(?:said|held|stated|"
    r"observed|explained|put it)\b)"
    rf"|\b[A-Z][a-z]+\s+(?:{'|'.join(JUDGE_SAID_TITLES)})\b(?=[^:]{{0,80}}\b(?:said|held|stated|observed|explained)\b)",
)
#: An instrument: a statute, regulation, rule, article, clause or the contract or agreement itself.
INSTRUMENT = re.compile(
    r"\b(?:section|sections|s\.|ss\.|regulation|regulations|reg\.|rule|rules|article|art\.|schedule|paragraph \d+ "
    r"of Schedule|clause|clauses|condition|conditions|the (?:Act|Order|Regulations|Rules|Directive|Convention|"
    r"agreement|contract|lease|tenancy|deed|policy|order|particulars|terms)|CPR|PD\s*\d+)\b",
    re.I,
)
#: A witness or document: evidence, statements, letters, emails, reports, minutes.
EVIDENCE = re.compile(
    r"\b(?:witness statement|statement|evidence|letter|e-?mail|report|minutes?|note|memorandum|transcript|"
    r"told|testified|wrote to|message)\b",
    re.I,
)

PATTERNS = {"counsel": COUNSEL, "lower-court": LOWER_COURT, "judgment": JUDGMENT, "instrument": INSTRUMENT,
            "evidence": EVIDENCE}

#: The names a judgment uses for a court below, written out for a reader ("quoting the Upper Tribunal").
COURT_NAMES = (
    (re.compile(r"\bUT\b|\bUpper Tribunal\b|\bLands Chamber\b", re.I), "Upper Tribunal"),
    (re.compile(r"\bFTT\b|\bFirst[- ]tier Tribunal\b", re.I), "First-tier Tribunal"),
    (re.compile(r"\bEAT\b|\bEmployment Appeal Tribunal\b", re.I), "Employment Appeal Tribunal"),
    (re.compile(r"\bET\b|\bEmployment Tribunal\b", re.I), "Employment Tribunal"),
    (re.compile(r"\bDivisional Court\b", re.I), "Divisional Court"),
    (re.compile(r"\b(?:HHJ\s+[A-Z][a-z]+|[A-Z][a-z]+\s+J)\b"), None),  # a named judge: the name itself
    (re.compile(r"\b(?:trial |deputy |circuit |district )?judge\b|\brecorder\b|\bmaster\b|\bcourt below\b", re.I),
     "the judge below"),
    (re.compile(r"\btribunal\b", re.I), "the tribunal below"),
)

#: A pinpoint into the quoted source the introducing sentence gives: "at [41]–[46]", "at paragraph 42",
#: "paras 41-46".
SOURCE_PINPOINT = re.compile(r"\bat\s+\[(\d+)\](?:\s*[-\u2013]\s*\[(\d+)\])?|\bparas?(?:graphs?)?\.?\s+(\d+)"
                             r"(?:\s*[-\u2013]\s*(\d+))?", re.I)

#: The court whose decision is under appeal, from the cover ("ON APPEAL FROM THE UPPER TRIBUNAL (LANDS CHAMBER)").
APPEAL_FROM = re.compile(r"\bON APPEAL FROM (?:THE )?([A-Z][A-Z ,()'\u2019&-]{3,80})", re.M)
