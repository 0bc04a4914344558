"""A document's references to its own units ("Section 5.2(a)", "paragraph [42] above", "s. 77(2)"), as tables.

Read by :mod:`pincite.parse.selfcheck`, which resolves each reference against the labels a parser gave and so
tests the parser's numbering against the document's own words.  Every pattern carries the reason it is here. A
reference is *internal* unless the words after it (or a citation before it) name another instrument: "section
5 of the Act 1998", "Article 8 ECHR", "s. 2 of the Human Rights Act", "[2019] UKSC 5 at [42]".  Words inside a
quotation of another instrument are no evidence about this document and are skipped by the caller
(:data:`QUOTED`)."""

from __future__ import annotations

import re
from dataclasses import dataclass

#: One number path as documents print it: "5", "5.2", "5.2(a)", "77(2)(b)(iii)", "12A", "II", "IV.B".
_PATH = r"(?:\d+[A-Z]?(?:\.\d+[A-Z]?)*|[IVXLC]+(?=[\s.(,;:)\]]|$)(?:\.[A-Z])?)(?:\s?\([0-9a-zA-Z]{1,5}\))*"

#: (family, pattern, reason).  A match must not follow a letter, a digit, "." or "]" (checked in
#: :func:`internal_references`, not by a look-behind, so the patterns keep a literal prefix and scan fast).
#: ``num`` is the path; ``family`` says which labels it can name: ``num`` a numbered provision or paragraph,
#: ``para`` a judgment's paragraph, ``sched`` an attachment, ``part`` a part, ``rel`` a sub-division of the
#: provision the reference sits in.
REFERENCE_FORMS: tuple[tuple[str, re.Pattern[str], str], ...] = (
    ("num", re.compile(rf"(?:Sections?|Clauses?|Articles?|Regulations?|Rules?)\s+(?P<num>{_PATH})"),
     "a capitalised provision word and a number is how contracts and Acts name their own provisions"),
    ("num", re.compile(rf"(?:section|clause|article|regulation)s?\s+(?P<num>\d+[A-Z]?(?:\.\d+)*"
                       rf"(?:\s?\([0-9a-zA-Z]{{1,5}}\))*)"),
     "lower-case 'section 12(3)' is the statute style of the same reference"),
    ("num", re.compile(rf"(?:ss?|cl|reg|art|Art|r)\.\s?(?P<num>\d+[A-Z]?(?:\.\d+)*"
                       rf"(?:\s?\([0-9a-zA-Z]{{1,5}}\))*)"),
     "abbreviations 's. 77(2)', 'cl. 12.7', 'reg. 4(2)', 'art. 3' name a provision by its number"),
    ("para", re.compile(r"(?:paragraphs?|paras?\.?)\s+\[?(?P<num>\d{1,4})\]?(?=\s+(?:above|below)\b)"),
     "'paragraph 42 above/below' is a judgment (or a long provision) pointing at its own paragraph"),
    ("para", re.compile(r"\[(?P<num>\d{1,4})\](?=\s+(?:above|below)\b)"),
     "'[42] above' is a judgment pointing at its own paragraph"),
    ("para", re.compile(r"(?:paragraphs?|paras?\.?)\s+\[(?P<num>\d{1,4})\]"),
     "'paragraph [42]' and 'para [42]' name a judgment's numbered paragraph (a bare 'at [42]' is left out: "
     "judgments cite the judgment below so as often as their own)"),
    ("sched", re.compile(r"(?:Schedules?|Exhibits?|Annex(?:es)?|Appendix|Appendices|Attachments?)\s+"
                         r"(?P<num>[A-Z](?![a-z])|\d{1,3}|[IVX]{1,5}\b)"),
     "an attachment named by its letter or number is one of the document's own schedules"),
    ("part", re.compile(r"Part\s+(?P<num>[IVXLC]+(?:\.[A-Z])?|\d{1,3}(?:\.[A-Z])?)\b"),
     "'Part II.B' or 'Part 3' names one of the document's parts"),
    ("rel", re.compile(r"(?:subsection|sub-section|paragraph|subparagraph|sub-paragraph)\s+"
                       r"(?P<num>\([0-9a-zA-Z]{1,5}\)(?:\([0-9a-zA-Z]{1,5}\))*)"),
     "'subsection (3)' or 'paragraph (b)' names a sub-division of the provision it is written in"),
)

#: What follows a reference and makes it one to another instrument (checked on the ~60 characters after it).
EXTERNAL_AFTER = re.compile(
    r"^\s*(?:,\s*)?(?:"
    r"-\d"  # "Regulation 1.1502-6", "Part 447-1": a hyphenated number is another numbering system's
    r"|(?:of|to|in|under)\s+(?!this\b|these\b|the\s+(?:Agreement|Contract|Deed|Lease|Plan|Schedule|Terms)\b)"
    r"(?:the\s+|that\s+|said\s+|such\s+)?"
    r"(?:[A-Z]|\d{4}\b|title\b|chapter\b|division\b|subtitle\b|Pub\b|Public\b)"
    r"|ECHR\b|TFEU\b|TEU\b|EC\b|EU\b|UCC\b|U\.?S\.?C\b|C\.?F\.?R\b|CPR\b|GDPR\b|TUPE\b|IRC\b"
    r"|(?:of|to|in)\s+(?:the\s+)?(?:said\s+)?"
    r"(?:Act|Code|Convention|Regulations?|Rules|Order|Directive|Treaty)\b"
    r"|(?:of|in)\s+(?:his|her|their|its|the)\s+(?:\w+\s+)?(?:judgment|decision|determination|reasons|ruling|"
    r"specification|report|skeleton|witness|statement)\b"
    r")")
#: A run of further references before the words that name their instrument ("section 306 and section
#: 381E(d)(1) of the Consolidated Farm Act"): skipped before :data:`EXTERNAL_AFTER` is tried.
REFERENCE_CHAIN = re.compile(r"^(?:(?:\s*,)?\s*(?:and|or|through|to|\u2013|-)?\s*"
                             r"(?:(?:and\s+)?(?:described|referred\s+to)\s+in\s+)?"
                             r"(?:(?:sub)?sections?|paragraphs?|clauses?|articles?|ss?\.)?\s*"
                             r"\d+[A-Z]?(?:\.\d+)*(?:\([0-9a-zA-Z]{1,5}\))*)+")
#: the reason: a list of sections shares the "of ..." that ends it.

#: the reason: "section 5 of the Act", "Article 8 ECHR", "s. 2 of the Human Rights Act", "Section 409A of the
#: Code", "section 552 of title 5" all name a provision of another instrument; "of this Agreement" does not.

#: What ends just before a reference and makes it one to another document: a neutral or reporter citation
#: ("[2019] UKSC 5 at [42]", "1 WLR 100 at [42]"), or a named instrument ("the 1998 Act, s. 2").
EXTERNAL_BEFORE = re.compile(
    r"(?:\[\d{4}\]\s+[A-Z][A-Za-z]*(?:\s+[A-Za-z]+)?\s+\d+(?:\s*\([A-Za-z]+\))?|\b\d+\s+[A-Z][A-Za-z.]*\s+\d+"
    r"|\bAct(?:\s+\d{4})?|\bRegulations(?:\s+\d{4})?|\bCode|\bConvention|\bTreaty|\bDirective(?:\s+[\d/]+)?"
    r"|\bRules|\bU\.S\.C\.|\bC\.F\.R\.|\bc\.\s*[\w-]+)\s*,?\s*(?:at\s+)?$")
#: the reason: what a citation or an instrument's name precedes belongs to that document, not this one; "1991,
#: c. 38, s. 12" (an amending Act's chapter, in a repeal note) names that Act's section.

#: A quotation: words between curly or straight double quotes over 60 characters long (a quoted passage of
#: another instrument or judgment); references inside are no evidence about this document.
QUOTED = re.compile(r"\u201c[^\u201c\u201d]{60,}?\u201d|\"[^\"\n]{60,}?\"", re.S)

#: Words that make a provision an amendment of another instrument ("section 5 of the 1998 Act is amended", "by
#: striking ... and inserting"); references in such a provision (and inside the text it inserts) are to the
#: instrument amended, not to this one.
AMENDING = re.compile(r"(?i)\b(?:is|are)\s+(?:further\s+|hereby\s+)?amended\b"
                      r"|\bby\s+(?:striking|inserting|adding|redesignating)\b|\bstrike\s+[\u201c\"]"
                      r"|\bfor\s+[\u201c\"][^\u201d\"]{1,80}[\u201d\"]\s+substitute\b")

#: A heading given with a reference: 'Section 2.3 (Effect of Termination)' or 'Section 2.3 ("Effect...")' —
#: the document saying what the unit it names is called.
REFERENCE_HEADING = re.compile(
    r"^\s*\(\s*[\"\u201c]?(?P<heading>[A-Z][A-Za-z ,&'\u2019-]{2,60}?)[\"\u201d]?\s*\)")

#: Words that end a document's last unit and are not part of it: a page's footer, a licence note, a signature
#: page marker, a generated-by line.  Checked on the tail of the last citable unit only.
TRAILER = re.compile(
    r"(?im)^\s*(?:\[?\s*(?:signature\s+page\s+follows|remainder\s+of\s+(?:this\s+)?page\s+(?:is\s+)?"
    r"(?:intentionally\s+)?(?:left\s+)?blank)\s*\]?"
    r"|page\s+\d+\s+of\s+\d+"
    r"|(?:this\s+(?:document|work|template|agreement)\s+is\s+)?licensed\s+under\b.*"
    r"|(?:\(c\)|\u00a9)\s*(?:copyright\s+)?\d{4}\b.*|copyright\s+\u00a9?\s*\d{4}\b.*"
    r"|creative\s+commons\b.*|source\s*:\s*\S+.*\b(?:filed|edgar|sec)\b.*"
    r"|confidential\s*[-\u2013\u2014|]\s*page\s+\d+.*)\s*$")
#: the reason: each is a printed page's furniture or a note about the file, set after the operative text; when
#: it sits inside the last unit, the parser has glued it there and the unit's span (and its quotes) is wrong.

#: A second judge's opening words, at the start of a paragraph: agreement, concurrence, a different
#: conclusion, thanks to or reading of a colleague's judgment.  Decisive only with :data:`JUDGE_NAMED` in the
#: same sentence (or as a bare "I agree."), and only past the first paragraphs of one author's run
#: (``parse/selfcheck``).
SECOND_VOICE = re.compile(
    r"^\W*(?:\d+\.?\s+)?(?:(?:While|Whilst|Although)\s+)?I\s+(?:also\s+|too\s+|entirely\s+|respectfully\s+|"
    r"gratefully\s+|would\s+)?(?:agree|concur|adopt|dissent"
    r"|have\s+had\s+the\s+(?:benefit|advantage|privilege)\s+of\s+reading"
    r"|have\s+(?:come|reached)\s+(?:to\s+)?a\s+different\s+conclusion|am\s+grateful\s+to)\b", re.I)
#: the reason: these open a concurring or dissenting judgment; inside one author's run past its first
#: paragraphs they say that a second voice's heading was missed and two judges' reasons were merged.

#: A judge named as a colleague: "Popplewell LJ", "Arnold and Lewison LJJ", "my Lord", "Lady Justice Rose".
JUDGE_NAMED = re.compile(r"\b[A-Z][\w'\u2019-]+(?:\s+and\s+[A-Z][\w-]+)?\s+"
                         r"(?:LJJ?|JJ|J|MR|CJ|LCJ|JSC|SCJ|VP|P|C)\b"
                         r"|\bmy\s+(?:noble\s+and\s+learned\s+)?(?:Lord|Lady)\b"
                         r"|\b(?:Lord|Lady)\s+Justice\s+[A-Z]"
                         r"|\bthe\s+(?:Chancellor|Master\s+of\s+the\s+Rolls|President|Vice-President)\b")
#: the reason: a judge agreeing or differing names the colleague; "the judge" (the court below) is not one.

#: A bare agreement paragraph: "I agree.", "I also agree."
BARE_AGREE = re.compile(r"^\W*(?:\d+\.?\s+)?I\s+(?:also\s+|too\s+|entirely\s+)?(?:agree|concur)\.?\s*$", re.I)
#: the reason: a whole paragraph of agreement is another judge's judgment, never a step in one's own.

#: A judge's heading line ("Lady Justice Andrews:", "LORD JUSTICE FLOYD:", "Sir Geoffrey Vos MR:", "Mr Justice
#: Francis:", "JUSTICE KAGAN, dissenting."): between one author's paragraphs, and no heading unit, it is a
#: second voice whose heading the parser missed.
JUDGE_HEADING = re.compile(
    r"(?m)^[ \t]*(?:(?:Lord|Lady|LORD|LADY|Mr|Mrs|Ms|MR|MRS|MS)\s+(?:Justice|JUSTICE)\s+[A-Z][\w'-]+"
    r"(?:\s+[A-Z][\w'-]+){0,2}"
    r"|Sir\s+[A-Z][\w-]+\s+[A-Z][\w-]+(?:\s+(?:MR|P|C|VP))?|[A-Z][\w'-]+\s+(?:LJ|J|MR|LCJ|JSC|P|VP)"
    r"|(?:Chief\s+)?JUSTICE\s+[A-Z]+(?:,\s+(?:dissenting|concurring)[^\n]{0,40})?)[ \t]*[:.]?[ \t]*$")
#: the reason: how English and US judgments head each judge's reasons.


@dataclass(frozen=True, slots=True)
class Reference:
    """One reference to a unit of the same document: ``[start, end)`` in the text, its family and number
    path, and the heading it gives, if any."""

    start: int
    end: int
    family: str
    number: str
    heading: str | None = None
    word: str = ""  # the provision word it uses, lower case ("section", "article", "s.", "paragraph")


def _quoted_spans(text: str) -> list[tuple[int, int]]:
    return [(m.start(), m.end()) for m in QUOTED.finditer(text)]


def internal_references(text: str) -> list[Reference]:
    """Every reference in ``text`` to a unit of the same document, in order (one per number, however many
    forms match it), leaving out references to other instruments and those inside long quotations."""
    quoted = _quoted_spans(text)
    found: dict[int, Reference] = {}
    for family, pattern, _reason in REFERENCE_FORMS:
        for m in pattern.finditer(text):
            if m.start() and (text[m.start() - 1].isalnum() or text[m.start() - 1] in "._]"):
                continue  # inside a word or a citation ("Subsections", "1.s. 4", "[2019] [42]")
            s, e = m.start("num"), m.end("num")
            if s in found or any(a <= s < b for a, b in quoted):
                continue
            after = text[e:e + 160]
            chain = REFERENCE_CHAIN.match(after)
            if EXTERNAL_AFTER.match(after) or (chain and EXTERNAL_AFTER.match(after[chain.end():])):
                continue
            if EXTERNAL_BEFORE.search(text[max(0, m.start() - 60):m.start()]):
                continue
            h = REFERENCE_HEADING.match(after)
            num = re.sub(r"\s+", "", m.group("num")).rstrip(".")
            word = text[m.start():s].strip(" \t\n[").lower()
            found[s] = Reference(s, e, family, num, h.group("heading").strip() if h else None, word)
    return [found[k] for k in sorted(found)]
