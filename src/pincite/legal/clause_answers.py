"""What answers a commercial question asked of a contract: the clause headings and operative words of each
category a reader asks about (issue 52, "answers a new writer gets").

A new writer asks "can either side pull out?", "what law governs … and where are disputes heard?", "what's the
cap on IBM's liability?" — and the contract answers in a clause headed "Term and Termination", "Governing Law",
"Limitation of Liability", in words such as "may terminate this Agreement", "shall be governed by", "shall not
exceed".  The ranker often puts that clause first, or among its first few, yet abstains: the question shares
few words with it.  Each :class:`ClauseAnswer` says how a question asks one category (``asks``), the headings
of the clauses that answer it (``heading``) and the operative words such a clause is written in
(``operative``), with the reason for the entry; :func:`categories_asked` reads a question and
:func:`answers_category` a candidate sentence under its headings.

The vocabulary follows contract-review practice (the categories of the Atticus Project's CUAD, and the common
boilerplate of commercial agreements); nothing here looks at a particular contract or benchmark answer.  It is
narrower than :mod:`pincite.legal.clauses`, whose words widen retrieval: here a sentence must say the operative
thing ("may terminate", not "upon termination") in a clause whose heading, if it has one, is the category's.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = ["CLAUSE_ANSWERS", "GENERIC_HEADING", "SIBLING_CATEGORIES", "STATED_WHEN_ASKED_ALONE", "ClauseAnswer",
           "answers_category", "categories_asked", "heading_words"]


@dataclass(frozen=True)
class ClauseAnswer:
    key: str
    asks: re.Pattern[str]  # the question asks this category
    heading: re.Pattern[str]  # a clause heading of this category
    operative: re.Pattern[str]  # a sentence that states it
    reason: str


def _r(p: str) -> re.Pattern[str]:
    return re.compile(p, re.I)


_PARTY_CAN = r"(?:may|can|could|shall\s+be\s+entitled\s+to|is\s+entitled\s+to|(?:shall\s+)?ha(?:ve|s)\s+the\s+right\s+to|right\s+to)"

CLAUSE_ANSWERS: tuple[ClauseAnswer, ...] = (
    ClauseAnswer(
        "governing-law",
        _r(r"\b(?:govern(?:s|ing)?\s+(?:the\s+)?law|law\s+(?:that\s+)?govern|(?:what|which)\s+(?:\w+['\u2019]s\s+|"
           r"country['\u2019]?s?\s+|state['\u2019]?s?\s+|jurisdiction['\u2019]?s?\s+)?laws?\b|choice\s+of\s+law|"
           r"applicable\s+law|governed\s+by)"),
        _r(r"govern\w*\s+law|choice\s+of\s+law|applicable\s+law|law\s+and\s+jurisdiction|governing\s+language"),
        _r(r"\bgoverned\s+by\b|\b(?:construed|interpreted|enforced)\s+(?:and\s+\w+\s+)?(?:in\s+accordance\s+with|"
           r"under|pursuant\s+to)\b|\blaws?\s+of\s+(?:the\s+)?(?:State|Commonwealth|Province|Republic|England|"
           r"[A-Z])"),
        "'which law governs' is answered by the clause saying the agreement is governed by or construed under a "
        "named law, not by a recital that a party is incorporated under one"),
    ClauseAnswer(
        "forum",
        _r(r"\bwhere\s+(?:are|would|will|must|can|is|do|does|should)\s+(?:\w+\s+){0,3}(?:disputes?|lawsuits?|"
           r"claims?|suits?|proceedings?|actions?|cases?)\b|\b(?:jurisdiction|venue|forum)\b|\bwhich\s+courts?\b|"
           r"\barbitrat"),
        _r(r"jurisdiction|venue|forum|dispute|arbitrat|govern\w*\s+law"),
        _r(r"\bjurisdiction\s+of\b|\bexclusive\s+jurisdiction\b|\bsubmit\s+to\b|\bvenue\b|\bcourts?\s+(?:of|in|"
           r"located)\b|\bsettled\s+(?:by|under)\s+arbitration\b|\bfinally\s+(?:settled|resolved)\b|"
           r"\barbitration\s+(?:in|under)\b"),
        "where disputes are heard is said by the clause submitting them to named courts or to arbitration"),
    ClauseAnswer(
        "termination",
        _r(r"\bterminat|\bwalk\s+away\b|\bpull\s+out\b|\bget\s+out\s+of\b|\bwithdraw|\bcancel|\bend\s+(?:the|its|"
           r"this|their|his|her|our)\s+(?:[\w-]+\s+){0,4}(?:agreement|contract|deal|arrangement|licen[cs]e|"
           r"relationship|alliance|collaboration)\b|\bend\s+it\b|\bget\s+out\b"),
        _r(r"terminat|cancel|withdraw|\btermination\b|duration|\bterm\b|expir"),
        _r(rf"\b{_PARTY_CAN}\s+(?:\w+\s+){{0,4}}(?:terminate|cancel|withdraw)|\b(?:terminate|cancel)\s+this\s+"
           rf"(?:agreement|contract|licen[cs]e)\b|\b(?:may|can)\s+be\s+(?:terminated|cancelled|canceled)\b|"
           rf"\b(?:this\s+)?agreement\s+(?:shall|will)\s+(?:automatically\s+)?terminate\b"),
        "whether and how a party may end the contract is said by the clause giving the right to terminate, "
        "cancel or withdraw ('may terminate this Agreement'), not by one on what follows termination"),
    ClauseAnswer(
        "term",
        _r(r"\bhow\s+long\s+(?:is|does|will|did|must|was)\b(?!.{0,40}\bnotice\b)|\bexpir|\bduration\b|"
           r"\b(?:what|how\s+long)\s+is\s+the\s+(?:\w+\s+){0,2}(?:term|period)\b|\bterm\s+(?:of|ends?)\b|"
           r"\bwhen\s+does\s+(?:\w+\s+){0,8}(?:end|expire|run\s+out)\b|\bhow\s+long\s+(?:\w+\s+){0,6}(?:run|last)"),
        _r(r"\bterm\b|duration|expir|period\s+of\s+(?:the\s+)?agreement|agreement\s+period"),
        _r(r"\b(?:shall|will)\s+(?:continue|remain)\s+in\s+(?:full\s+)?(?:force|effect)\b|\b(?:shall|will)\s+"
           r"(?:expire|terminate)\s+(?:on|at|upon|when|after|\d)|\bfor\s+a\s+(?:term|period)\s+of\b|\binitial\s+"
           r"term\b|\bterm\s+of\s+this\s+agreement\s+(?:shall|will|is)\b|\b(?:is|be)\s+for\s+a\s+term\b|"
           r"\bunlimited\s+period\b|\bexpiring\b|\bperiod\s+of\s+(?:\w+\s+){0,2}(?:years?|months?)\b"),
        "how long a contract runs is said by the clause stating its term ('shall remain in force for …', 'for a "
        "term of …'), not by one on what survives its expiry"),
    ClauseAnswer(
        "renewal",
        _r(r"\brenew|\bauto[- ]?renew|\bextend(?:ed|s)?\s+(?:the\s+)?(?:term|agreement)\b|\bcarry\s+on\b"),
        _r(r"renew|\bterm\b|duration|extension"),
        _r(r"\brenew|\bsuccessive\b|\bautomatically\s+(?:be\s+)?(?:extended|continue)|\bnot\s+to\s+renew\b"),
        "whether and how a contract renews is said by the clause on renewal ('shall automatically renew for "
        "successive terms unless …')"),
    ClauseAnswer(
        "payment",
        _r(r"\b(?:pay|pays|paid|paying|payment|payments|fee|fees|commission|compensat\w*|remunerat\w*|invoices?|"
           r"royalt\w*|refund\w*|contract\s+price|price)\b"),
        _r(r"payment|\bfees?\b|compensation|\bprice|remuneration|consideration|royalt|commission|invoic|expenses|"
           r"financial"),
        _r(r"\b(?:shall|will|agrees?\s+to|must|to)\s+(?:\w+\s+){0,2}(?:pay|reimburse|refund)\b|\bpayable\b|"
           r"\b(?:shall|will)\s+be\s+(?:paid|invoiced)\b|\binvoice|\bpayments?\s+(?:shall|will|are|is)\b|"
           r"\bfee\s+(?:shall|will|is)\b|\bfees?\s+(?:for|of)\b.{0,60}\b(?:\d|percent)|\bcommission\b.{0,60}\d"),
        "what and when a party pays is said by the clause on fees or payment terms ('shall pay … within thirty "
        "days of invoice')"),
    ClauseAnswer(
        "assignment",
        _r(r"\bassign(?:s|ed|ing|ment)?\b|\btransfer\s+(?:the|its|this|his|her|their)\s+(?:\w+\s+){0,3}"
           r"(?:agreement|contract|rights?|interest|licen[cs]e)\b|\bhand\s+(?:\w+\s+){0,5}over\b|"
           r"\bsell\s+(?:its|his|her|their)\s+interest\b|\bfirst\s+refusal\b"),
        _r(r"assign|transfer|successors|preferential|first\s+refusal|change\s+of\s+control"),
        _r(r"\bassign(?:ed|ment|s)?\b|\btransfer(?:red)?\b|\bprior\s+right\b|\bfirst\s+refusal\b|"
           r"\bpreferential\s+right\b"),
        "whether a party may assign or transfer the contract is said by the clause on assignment ('may not be "
        "assigned without the prior written consent …')"),
    ClauseAnswer(
        "liability-cap",
        # not "what is carved out of the cap?" (the exclusions, the liability clause's other sentences)
        _r(r"^(?!.*\b(?:carv\w*|except\w*|exclu\w*)\b).*?(?:\b(?:cap|capped|ceiling|maximum|limit(?:ed)?|most)\b"
           r"(?:\W+\w+){0,6}?\W+(?:liab\w*|exposure|damages)\b|\b(?:liab\w*|exposure|damages)\b(?:\W+\w+){0,6}?"
           r"\W+(?:cap|capped|ceiling|limited)\b)"),
        _r(r"liabilit|damages|limitation"),
        _r(r"\bexceed\b|\bup\s+to\b|(?<!\bnot\s)\blimited\s+to\b|\$\s?\d|\bgreater\s+of\b|\blesser\s+of\b|\bamounts?\s+"
           r"(?:actually\s+)?paid\b|\bliability\s+cap\b"),
        "how far a party's liability is capped is said by the clause stating the cap's amount ('shall not exceed "
        "the fees paid', 'up to the greater of $100,000'), not by one excluding kinds of damages ('including but "
        "not limited to lost profits' limits nothing)"),
    ClauseAnswer(
        "liability",
        _r(r"\bliab(?:le|ility|ilities)\b|\b(?:cap|capped|ceiling)\b.{0,40}\b(?:liab|exposure|damages)|"
           r"\bexposure\b|\b(?:consequential|indirect|direct|special|punitive)\s+damages\b|"
           r"\bdamages\s+(?:are\s+)?excluded\b|\bkinds\s+of\s+damages\b"),
        _r(r"liabilit|damages|disclaim|limitation"),
        _r(r"\bin\s+no\s+event\b|\bshall\s+not\s+(?:\w+\s+){0,2}exceed\b|\baggregate\s+liability\b|\bno\s+"
           r"liability\b|\b(?:not|no)\s+(?:\w+\s+){0,2}liable\b|\b(?:consequential|indirect|incidental|special)"
           r"\s+(?:or\s+\w+\s+)?damages\b|\bliability\s+(?:\w+\s+){0,6}(?:limited|capped|exceed)|\bup\s+to\s+"
           r"(?:the\s+greater|\$)|\bincur\s+no\s+liability\b|\bliable\b|\bliability\b"),
        "a cap on or exclusion of liability is said by the limitation-of-liability clause ('in no event shall … "
        "liability exceed', 'not liable for consequential damages')"),
    ClauseAnswer(
        "notice",
        _r(r"\bnotices?\s+(?:\w+\s+){0,3}(?:sent|given|served|delivered|deemed|received|addressed)\b|"
           r"\bdeemed\s+(?:to\s+(?:be|have\s+been)\s+)?(?:delivered|received|given|served)\b|"
           r"\bhow\s+(?:must|should|can|are|is)\s+(?:\w+\s+){0,3}notices?\b|\bnotice\s+address"),
        _r(r"\bnotices?\b"),
        _r(r"\bdeemed\s+(?:to\s+(?:be|have\s+been)\s+)?(?:given|delivered|received|served)\b|\bin\s+writing\b|"
           r"\bby\s+(?:registered|certified|first\s+class|prepaid)\b"),
        "how a notice is given and when it counts as received is said by the notices clause, not by a clause "
        "requiring notice of something"),
    ClauseAnswer(
        "confidentiality",
        _r(r"\bconfidential|\bdisclos|\bnon-?disclosure\b|\bkeep\s+(?:\w+\s+){0,3}secret\b"),
        _r(r"confidential|non-?disclosure|secrecy|proprietary\s+information"),
        _r(r"\b(?:shall|will|must)\s+not\s+(?:\w+\s+){0,3}disclose|\b(?:keep|hold|maintain|treat)\s+(?:\w+\s+)"
           r"{0,4}(?:confidential|in\s+confidence|secret)\b|\bconfidential\s+information\b"),
        "what must be kept confidential is said by the confidentiality clause ('shall hold … in confidence and "
        "not disclose')"),
    ClauseAnswer(
        "exclusivity",
        _r(r"\bexclusiv\w*|\bsole\s+(?:agent|distributor|supplier|provider|sponsor|source)\b|\bonly\s+for\b|"
           r"\b(?:an)?other\s+(?:\w+\s+){0,2}(?:sponsors?|distributors?|suppliers?|agents?|members?|customers?)\b|"
           r"\bcompeting\b|\bterritorial\b"),
        _r(r"exclusiv|\bsole\b|non-?compet|competing|competition|appointment|territor"),
        _r(r"\bexclusiv\w*|\bsole\s+(?:and\s+exclusive\s+)?(?:agent|distributor|supplier|provider|sponsor|"
           r"source|right)\b|\b(?:shall|will)\s+not\s+(?:\w+\s+){0,4}(?:grant|appoint|endorse|permit|promote|sell|"
           r"distribute|market)\b|\bcompet(?:ing|itive|itor)\b"),
        "whether a party is exclusive is said by the clause on exclusivity or appointment ('appoints … as its "
        "exclusive distributor', 'shall not appoint any other')"),
    ClauseAnswer(
        "non-compete",
        _r(r"\bnon-?compet\w*|\bcompete\b|\bcompeting\b|\bcompetitor"),
        _r(r"non-?compet|compet|restrictive\s+covenant|exclusiv"),
        _r(r"\bcompet\w*|\b(?:shall|will)\s+not\s+(?:\w+\s+){0,4}(?:engage|promote|sell|distribute|market)\b"),
        "whether a party may compete is said by the non-competition clause ('shall not … engage in any competing "
        "business')"),
    ClauseAnswer(
        "audit",
        _r(r"\baudit\w*|\binspect\w*|\bbooks\s+and\s+records\b"),
        _r(r"audit|records|inspection|books"),
        _r(r"\baudit\w*|\binspect\w*|\bexamine\b|\bbooks\s+and\s+records\b"),
        "whether a party may audit is said by the clause on audit and records ('shall have the right to inspect "
        "and audit the books and records')"),
    ClauseAnswer(
        "insurance",
        _r(r"\binsurance\b|\binsured\b"),
        _r(r"insurance"),
        _r(r"\binsurance\b|\binsured\b|\bpolicy\s+limits?\b"),
        "what insurance a party carries is said by the insurance clause ('shall maintain … liability insurance')"),
    ClauseAnswer(
        "warranty",
        _r(r"\bwarrant(?:y|ies|s)\b|\bguarantee"),
        _r(r"warrant"),
        _r(r"\bwarrants?\b|\bwarranty\b|\bguarantees?\b"),
        "what a party warrants is said by the warranty clause ('warrants that the Products shall …')"),
    ClauseAnswer(
        "indemnity",
        _r(r"\bindemni\w*|\bhold\s+(?:\w+\s+){0,2}harmless\b"),
        _r(r"indemni"),
        _r(r"\bindemni\w*|\bhold\s+(?:\w+\s+){0,2}harmless\b|\bdefend\b"),
        "who indemnifies whom is said by the indemnification clause ('shall indemnify, defend and hold "
        "harmless')"),
)

#: Categories whose clause holds sentences of another kind beside the one that states it: a question asking one
#: is answered by the sentence of that clause stating it, not by its neighbour the ranker preferred (issue 52:
#: on the spent sets "is there an overall cap on liability?" was answered by clause 12.1's exclusion of
#: consequential damages beside 12.2's cap).
SIBLING_CATEGORIES: dict[str, str] = {
    "liability-cap": "a limitation-of-liability clause excludes kinds of damages in one sentence and caps the "
                     "rest in the next: the cap asked is the one stating an amount or a limit",
}

_ORDERED = {a.key: i for i, a in enumerate(CLAUSE_ANSWERS)}


#: Categories whose answer, when a question asks that category alone, must say it in the category's operative
#: words whoever chose the sentence (the ranker or a fallback), with the reason.
STATED_WHEN_ASKED_ALONE = {
    "governing-law": "'which state's law governs …?' is answered by a sentence naming the law the agreement is "
                     "governed by, never by one that only mentions a court or 'at law' (an injunctive-relief "
                     "clause in a contract choosing no law)",
}


def categories_asked(question: str) -> list[ClauseAnswer]:
    """The categories ``question`` asks, in the order it first asks them ("Can Dexcel terminate immediately if
    Kitov doesn't pay?" asks termination first, then payment).  A "notice" asked of ending the contract ("on
    what notice can it terminate?") is the termination clause's, not the notices clause's: the notices category
    is asked only of how a notice is given."""
    found = []
    for a in CLAUSE_ANSWERS:
        m = a.asks.search(question)
        if m:
            found.append((m.start(), _ORDERED[a.key], a))
    found.sort(key=lambda x: (x[0], x[1]))
    return [a for _, _, a in found]


_NUMBER = re.compile(r"^\W*(?:(?:article|section|clause|part|schedule|exhibit|annex|appendix|§)\s*)?"
                     r"(?:[0-9]+(?:\.[0-9]+)*\.?|[ivxlcdm]+\b\.?|[a-z]\b\.?|\([0-9a-z]+\))[\s.:)\-\u2013\u2014]*",
                     re.I)


#: headings of the clauses that gather a contract's boilerplate, which tell no category: governing law, notices,
#: assignment and the rest all sit under "Miscellaneous" or "General Provisions"
GENERIC_HEADING = re.compile(r"(?i)^(?:miscellaneous|general|general\s+(?:provisions|terms)|other\s+(?:provisions|"
                             r"terms)|final\s+provisions|boilerplate|standard\s+terms)(?:\s+provisions)?\W*$")


def heading_words(heading: str) -> str:
    """A clause heading without its number ("ARTICLE VI TERM AND TERMINATION" is "TERM AND TERMINATION",
    "6.4. Termination for a Change of Control" is "Termination for a Change of Control"); empty when the
    heading is only a number ("10.3")."""
    h = heading.strip()
    for _ in range(3):
        m = _NUMBER.match(h)
        if not m or not m.group(0):
            break
        h = h[m.end():]
    h = h.strip()
    if re.match(r"(?i)list\b", h):  # "list 4 (ii)": the outline's name for an unheaded list item, not a title
        return ""
    if GENERIC_HEADING.match(h):
        return ""  # "Miscellaneous" holds governing law, notices and assignment alike: it tells no category
    return h if re.search(r"[A-Za-z]{3,}", h) else ""


#: a question asking an amount ("what fee…?", "what price per kilogram…?", "what share of revenue…?") is
#: answered only by a sentence stating one: "shall pay the price within thirty days" says when, not how much
AMOUNT_ASKED = re.compile(r"(?i)\b(?:how\s+much|what\s+(?:\w+\s+)?(?:price|fee|fees|percentage|share|"
                          r"commission|rate|amount|royalty|sum))\b")
STATES_AMOUNT = re.compile(r"(?i)[$\u20ac\u00a3]|\d\s*%|\bper\s*cent|\bpercent|\bbasis\s+points?\b|"
                           r"\b(?:dollars|euros?|pounds|US\$|USD|EUR|GBP|RMB)\b|\[\s*\*")


def answers_category(category: ClauseAnswer, sentence: str, headings: list[str], question: str = "",
                     also: tuple[ClauseAnswer, ...] = ()) -> bool:
    """Whether ``sentence``, in a clause under ``headings`` (its own heading first, then those above it, numbers
    and all), answers ``category``: it says the category's operative words, and the clause is one of the
    category's by a heading — its own or one above it — or has no worded heading at all (a clause numbered
    "10.3" alone is read by its words).  A sentence under worded headings none of which is the category's
    ("Remedial Measures" under "Dispute Resolution") does not answer it, whatever its words — unless the heading
    is that of another category the question asks (``also``): "can Dexcel terminate if Kitov doesn't pay?" is
    answered by the sentence of "3.6 Payment Terms" entitling Dexcel to terminate.  A payment or cap
    ``question`` asking an amount (:data:`AMOUNT_ASKED`) is answered only by a sentence stating one
    (:data:`STATES_AMOUNT`)."""
    if not category.operative.search(sentence):
        return False
    if category.key in ("payment", "liability-cap") and AMOUNT_ASKED.search(question) \
            and not STATES_AMOUNT.search(sentence):
        return False  # an amount asked: a sentence stating none says something else about paying
    worded = [w for w in (heading_words(h) for h in headings) if w]
    return not worded or any(c.heading.search(w) for w in worded for c in (category, *also))
