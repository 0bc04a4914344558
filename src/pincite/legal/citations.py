"""Finding the citations in a lawyer's draft: what each one names, where it points, and the words it quotes.

This is legal language, not storage: nothing here knows what is stored.  :func:`find_citations` reads a draft's
text and returns one :class:`FoundCitation` per citation, in order, with

* ``ref``: what the citation names (a neutral citation and case name, a US reporter citation, an Act's title or
  chapter, a US Code title and section, a contract's name) -- or, for a short form (``ibid``, ``Id.``,
  ``Ipek at [62]``, ``at [64]``, a bare ``Section 24``), the earlier full citation it points back to;
* ``pinpoint``: the paragraphs, pages or provision the citation points at, as the draft wrote them;
* ``quote``: the quotation that goes with it (in the same sentence; else, when the citation stands alone as the
  next sentence, the previous sentence's), or None -- then the sentence is the proposition to support.

US reporter citations are found by eyecite (the Free Law Project's extractor); the rest by the patterns below,
each with one line saying why it is there.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass, field

from pincite.legal.language import EU_ACT_CITATION
from pincite.legal.sentences import DRAFT_RULES, QUOTED, sentence_spans

# -- the patterns (each a general form of legal citation, never a particular document) ---------------------

#: The divisions a court prints after its own abbreviation in a neutral citation ("EWCA Civ"), or in brackets
#: after the number ("EWHC 257 (Ch)"), each with the court it divides.
NEUTRAL_DIVISIONS: tuple[tuple[str, str], ...] = (
    ("Civ", "Court of Appeal, Civil Division: [2020] EWCA Civ 1018"),
    ("Crim", "Court of Appeal, Criminal Division: [2019] EWCA Crim 5"),
    ("Admin", "High Court, Administrative Court: [2021] EWHC 12 (Admin), earlier EWHC Admin 12"),
    ("Ch", "High Court, Chancery Division"),
    ("QB", "High Court, Queen's Bench Division"),
    ("KB", "High Court, King's Bench Division (from 2022)"),
    ("Fam", "High Court, Family Division"),
    ("Comm", "High Court, Commercial Court"),
    ("TCC", "High Court, Technology and Construction Court"),
    ("Pat", "High Court, Patents Court"),
    ("IPEC", "Intellectual Property Enterprise Court"),
)
#: the divisions as one alternation, for every pattern that reads a citation of a judgment
DIVISION = "|".join(d for d, _why in NEUTRAL_DIVISIONS)

#: THE neutral citation, for every reader of one (a draft's citations, a judgment's first page, a search query):
#: [year] court number ("[2020] EWCA Civ 1018", "[2024] ZASCA 21", "[2023] UKSC 42", "[2023] EWHC 257 (Ch)").
#: In brackets the court is any abbreviation of 2-10 letters from a capital ("UKSC", "ZASCA", "ScotCS");
#: without them ("2019 SCC 65", as Canada prints it; as a query types it) it must open with two capitals, or
#: a year before any capitalised word would read as one.  ``open`` tells a bracketed one (drafts and first
#: pages read only those); ``div`` is the division in brackets after the number, where the court prints one.
NEUTRAL_CITATION = re.compile(
    r"(?P<open>\[)?(?<!\d)(?P<year>(?:1[89]|20)\d{2})(?(open)\]|\b)\s+"
    rf"(?P<court>(?(open)[A-Z][A-Za-z]{{1,9}}|[A-Z]{{2,}}[A-Za-z]*)(?:\s+(?:{DIVISION}))?)\s+"
    r"(?P<num>\d{1,6})\b(?:\s+\((?P<div>[A-Za-z]+)\))?")


#: A judgment of the European Court of Human Rights as the Court and lawyers cite it: the application number(s)
#: after the name, with "[GC]" for a Grand Chamber and "(dec.)" for a decision, the date and the report it is in
#: optional ("Khan v. Germany [GC], no. 38030/12, § 42, 21 September 2016"; "Garib v. the Netherlands [GC],
#: no. 43494/09, §§ 98-100, ECHR 2017"; "Chiragov and Others v. Armenia, nos. 13216/05 and 1/06").
ECHR_APPLICATION = re.compile(
    r"(?:\[GC\],?\s*)?(?:\(dec\.\),?\s*)?(?:\(just satisfaction\),?\s*)?(?:[Aa]pplications?\s+)?[Nn]os?\.\s*"
    r"(?P<apps>\d{1,6}/\d{2}(?!\d)(?:\s*(?:,|and|&)\s*(?:no\.\s*)?\d{1,6}/\d{2}(?!\d))*)"
    r"(?:,\s*\d{1,2}\s+[A-Z][a-z]+\s+\d{4})?(?:,\s*ECHR\s+\d{4}(?:-[IVX]+)?(?:\s*\(extracts\))?)?")
#: A later short form of such a citation: "Khan, cited above, § 43", "Garib, § 141" (the name, then "§").
ECHR_SHORT = re.compile(r"\b(?P<name>[A-Z][\w'’.-]{2,})(?:\s+(?:and\s+Others\s+)?v\.\s+(?:the\s+)?[A-Z][\w'’-]+)?"
                        r"(?:\s*\[GC\])?,\s*(?:cited above,\s*)?(?=§)")


#: The words of citations in a sentence, left out when a draft's own words are compared with a judgment's: a
#: bracketed year and what follows it to the next punctuation mark (a neutral citation or a law report with its
#: case words), a bracketed paragraph number, any number.
CITATION_WORDS = re.compile(r"\[\d{4}\][^,;.]*|\[\d+\]|\d+")


def neutral_citations(text: str, *, bracketed: bool = True) -> list[re.Match[str]]:
    """The neutral citations in ``text`` (:data:`NEUTRAL_CITATION`); only those with the year in brackets unless
    ``bracketed`` is False."""
    return [m for m in NEUTRAL_CITATION.finditer(text) if m.group("open") or not bracketed]


def neutral_core(m: re.Match[str]) -> str:
    """A neutral citation's year, court and number, without the brackets or the division after the number."""
    return " ".join((m.group("year"), " ".join(m.group("court").split()), m.group("num")))

#: a number in a pinpoint list, not the day of a date after it ("§ 42, 21 September 2016": paragraph 42 only)
_MONTH = r"(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*\b"
_NUM = rf"\d+[A-Za-z]?(?!\d|\s+{_MONTH})"
_NUMLIST = rf"{_NUM}(?:\s*(?:-|–|to)\s*{_NUM})?(?:\s*(?:,|and|&)\s*{_NUM}(?:\s*(?:-|–|to)\s*{_NUM})?)*"
_BRACKETS = r"\[\d+\](?:\s*(?:-|–|to)\s*\[\d+\])?(?:\s*(?:,|and|&)\s*\[\d+\](?:\s*(?:-|–|to)\s*\[\d+\])?)*"

#: A pinpoint after a case citation: "at [61]", "[61]-[63]", "para 61", "paras 61 and 62", "¶ 61", "§ 61" (the
#: European Court of Human Rights' own form, "§§ 61-63") (paragraphs);
#: "p. 7", "pp. 7-8", "slip op. at 7", "at 620" (pages: a bare number after "at" is a page, as in a law report).
CASE_PIN = re.compile(
    rf"\s*,?\s*(?:[Aa]t\s+)?(?:"
    rf"(?P<brackets>{_BRACKETS})"
    rf"|(?:paras?\.?|paragraphs?|¶¶?|§§?)\s*(?P<paras>{_NUMLIST})"
    rf"|(?:slip\s+op\.?,?\s+at\s+|pp?\.\s*|pages?\s+)(?P<pages>{_NUMLIST})"
    rf"|(?<=at\s)(?P<bare>{_NUMLIST})(?![\w\]]))")

#: A provision: "section 4(1)(c)", "s. 3", "ss. 3-4", "subsection 4(1)", "paragraph 4(1)(c)" (Canadian statutes
#: name a paragraph by its full path), "clause 8.2", "cl. 8.2", "Article 5", "regulation 11", "reg. 11" or "reg
#: 11" (a statutory instrument's provisions), "§ 757a".
_PROV_WORD = (r"(?:sections?|ss?\.|secs?\.|subsections?|subss?\.|paragraphs?|paras?\.|clauses?|cls?\.|"
              r"articles?|arts?\.|regulations?|regs?\.|regs?(?=\s+\d)|§§?)")
_KEY = r"\d+(?:\.\d+)*[A-Za-z]?(?:\.\d+)*(?:\s?\([0-9A-Za-z.]{1,6}\))*"
PROVISION = re.compile(rf"(?<![\w.])(?P<word>{_PROV_WORD})\s*(?P<key>{_KEY})", re.I)

#: An item or paragraph of a schedule, as a question names it: "Schedule 1, item 4", "item 4 of Schedule 1",
#: "paragraph 12 of the Schedule", "Sch. 2, para. 3" (an Act's schedules number their own items; a schedule
#: printed without a number is "the Schedule").
_SCH = r"(?:Schedule|Sch\.)"
_ITEM = r"(?:items?|paragraphs?|paras?\.?)"
SCHEDULE_ITEM = re.compile(
    rf"(?<![\w.])(?:{_SCH}\s*(?P<sch>\d+[A-Z]?|[IVX]+\b)?,?\s*{_ITEM}\s*(?P<item>{_KEY})"
    rf"|{_ITEM}\s*(?P<item2>{_KEY})\s+of\s+(?:the\s+)?{_SCH}(?:\s+(?P<sch2>\d+[A-Z]?|[IVX]+\b))?)", re.I)

#: The words that end the name of an instrument (an Act, an agreement...), so "the Affiliate Agreement" and "the
#: Tax Court of Canada Act" are read as names.
INSTRUMENT_NOUNS = ("Act", "Code", "Agreement", "Contract", "Licence", "License", "Lease", "Deed", "Regulations",
                    "Rules", "Plan", "Amendment", "Charter", "Constitution", "Treaty", "Convention")
_NAME_WORD = r"(?:[A-Z][\w'’&-]*|of|the|and|for|on|in|to|de|&)"
INSTRUMENT = re.compile(
    rf"(?P<name>(?:[A-Z][\w'’&-]*\s+)(?:{_NAME_WORD}\s+){{0,8}}?(?:{'|'.join(INSTRUMENT_NOUNS)})\b"
    rf"(?:,?\s+\d{{4}})?)")

#: Words that open a sentence or a citation clause before an instrument's name ("Under the Privacy Act, s. 3").
LEAD_WORDS = re.compile(r"^(?:(?:Under|See|See also|Cf\.?|In|By|Per|Pursuant to|And|Also|As|The|the|Of|of)\s+)+")

#: A statute's chapter citation: "R.S.C. 1985, c. T-2", "S.C. 2019, c. 18" (Canadian revised and annual statutes).
CHAPTER = re.compile(r"(?P<name>(?:R\.?S\.?C\.?|S\.?C\.?|R\.?S\.?[A-Z]\.?)\s*\d{4},\s*c\.\s*[A-Z]?-?\d+(?:\.\d+)?)")

#: An EU act by its number: "Regulation (EU) No 319/2014", "Commission Regulation (EU) 2019/947", "Directive
#: 2009/138/EC", "Decision 2004/605/EC" — the form its own title gives it (:data:`EU_ACT_CITATION`, which the CLML
#: reader cites the stored act by), after the body that made it.
EU_ACT = re.compile(rf"(?:(?:Commission|Council)\s+(?:Implementing\s+|Delegated\s+)?)?(?P<name>{EU_ACT_CITATION.pattern})")

#: A US Code section: "16 U.S.C. § 757a", "16 USC 757a(b)(1)", "16 U.S.C. §§ 757a-757b".
USC = re.compile(r"(?P<title>\d+)\s+U\.?\s?S\.?\s?C\.?\s*(?:§§?\s*)?(?P<sec>\d+[a-z]*(?:-\d+)?)"
                 r"(?P<sub>(?:\([0-9A-Za-z]{1,4}\))*)")

#: Short forms pointing back: "ibid", "Ibid.", "id." ("Id." itself is eyecite's).
IBID = re.compile(r"\b(?:ibid|ibidem)\b\.?", re.I)
#: "Ipek at [62]", "Ipek, at [62]": a name already cited, then a pinpoint.
SHORT_NAME = re.compile(r"\b(?P<name>[A-Z][\w'’-]{2,})(?:\s*\([^)]{1,30}\))?,?\s+(?=at\s)")
#: "at [64]", "at para 64" with no name: the case last cited.
BARE_AT = re.compile(rf"\b[Aa]t\s+(?=\[\d+\]|paras?\.?\s*\d|¶)")

MIN_QUOTE_WORDS = 3



#: A blank line: the end of a paragraph or a heading, which no name or citation runs across.
BLANK_LINE = re.compile(r"\n[ \t\r]*\n")


class Kind:
    CASE = "case"  # a judgment by neutral citation or name
    REPORTER = "reporter"  # a US opinion by reporter citation
    STATUTE = "statute"  # an Act by title, short title or chapter
    USC = "usc"  # a US Code section
    CONTRACT = "contract"  # a named agreement
    INSTRUMENT = "instrument"  # a named Act or agreement not yet known to be either: the store decides


@dataclass(frozen=True, slots=True)
class Ref:
    """What a citation names."""

    kind: str
    name: str | None = None  # the case name, the Act's title or chapter, the agreement's name
    neutral: str | None = None  # "[2020] EWCA Civ 1018"
    reporter: tuple[str, str, str | None] | None = None  # (volume, reporter, first page)
    usc: tuple[str, str] | None = None  # (title, section)
    short: str | None = None  # the word a later short form uses ("Ipek"): the first party's first word
    application: str | None = None  # a European Court of Human Rights application number ("38030/12")

    def key(self) -> tuple[object, ...]:
        return (self.kind, self.neutral, self.reporter, self.usc, self.application, (self.name or "").casefold())


@dataclass(frozen=True, slots=True)
class Pinpoint:
    """Where a citation points: ``kind`` is paragraph | page | provision; ``values`` the numbers or the provision
    key as written ("61", "4(1)(c)", "8.2"), a range already expanded."""

    kind: str
    values: tuple[str, ...]
    text: str  # as the draft wrote it

    @property
    def first(self) -> str:
        return self.values[0]


@dataclass(slots=True)
class FoundCitation:
    text: str
    char_start: int
    char_end: int
    ref: Ref
    pinpoint: Pinpoint | None
    sentence: str = ""
    sentence_start: int = 0
    quote: str | None = None
    quote_start: int | None = None
    short_form: bool = False
    notes: list[str] = field(default_factory=list)


# -- helpers --------------------------------------------------------------------------------------------------


def _expand(numlist: str) -> tuple[str, ...]:
    """'61-63' -> 61, 62, 63; '61 and 62' -> 61, 62; '[61]-[63]' likewise.  Ranges are capped (a typo like
    '6-600' is read as its two ends, not 595 paragraphs)."""
    s = numlist.replace("[", "").replace("]", "")
    out: list[str] = []
    for part in re.split(r"\s*(?:,|and|&)\s*", s):
        part = part.strip()
        if not part:
            continue
        m = re.fullmatch(r"(\d+)\s*(?:-|–|to)\s*(\d+)", part)
        if m:
            a, b = int(m.group(1)), int(m.group(2))
            if b < a and len(m.group(2)) < len(m.group(1)):  # "631-32": the second number abbreviated
                b = int(m.group(1)[: len(m.group(1)) - len(m.group(2))] + m.group(2))
            out.extend(str(i) for i in range(a, b + 1)) if 0 <= b - a <= 50 else out.extend([str(a), str(b)])
        else:
            out.append(re.sub(r"\s*(?:-|–|to)\s*.*$", "", part))
    return tuple(dict.fromkeys(out))


def _case_pin(text: str, pos: int) -> tuple[Pinpoint | None, int]:
    m = CASE_PIN.match(text, pos)
    if not m:
        return None, pos
    if m.group("brackets") or m.group("paras"):
        return Pinpoint("paragraph", _expand(m.group("brackets") or m.group("paras")), m.group(0).strip(" ,")), m.end()
    value = m.group("pages") or m.group("bare")
    return Pinpoint("page", _expand(value), m.group(0).strip(" ,")), m.end()


def provision_key(key: str) -> str:
    """'4 (1) (c)' -> '4(1)(c)'; '8.2.' -> '8.2'."""
    return re.sub(r"\s+", "", key).rstrip(".")


_PARTY_STOP = {"see", "in", "cf", "also", "per", "but", "following", "applying", "under", "as", "by", "from",
               "that", "this", "which", "where", "when", "held", "said"}
#: Words that open a sentence before a case name and are no party's ("And Ipek v Koza Altin …").
_SENTENCE_OPENERS = {"and", "but", "also", "so", "then", "thus", "however", "see", "cf", "in"}
#: Small words inside a party's name ("Secretary of State for the Home Department", "Devon and Somerset").
_NAME_JOINERS = {"&", "of", "de", "and", "for", "the", "on", "upon", "in", "plc", "ltd", "llp", "inc", "(on",
                 "application"}


#: a full stop that ends a sentence before a case name, not the stop of "v." or "no." inside the citation
_SENTENCE_STOP = re.compile(r"(?<!\bv)(?<!\bvs)(?<![\s(]no)(?<![\s(]No)\.\s")


def _case_name_before(text: str, start: int) -> tuple[str | None, int]:
    """The case name written just before a citation ("Ipek v Koza Altin"): the words back to the sentence start
    that hold a ' v ' between two names.  Returns (name, its start) or (None, start)."""
    window_start = max(0, start - 160)
    window = text[window_start:start]
    paren = window.rfind("(")
    if paren >= 0 and ")" in window[paren:]:
        paren = -1  # "R (British Telecommunications plc) v HM Treasury": the bracket is in the name
    stops = [m.start() for m in _SENTENCE_STOP.finditer(window)]
    cut = max(stops[-1] if stops else -1, window.rfind("\n"), window.rfind(";"), paren)
    if cut >= 0:
        window_start += cut + 1
        window = text[window_start:start]
    m = None
    for m in re.finditer(r"\s(v|v\.|vs\.?)\s", window):
        pass
    if m is None:
        return None, start
    before = window[: m.start()]
    words = list(re.finditer(r"[\w'’&().-]+", before))
    first = len(words)
    for w in reversed(words):
        token = w.group(0).strip("()")
        if not token:
            break
        if token.lower() in _PARTY_STOP or not (token[0].isupper() or token in _NAME_JOINERS):
            break
        first -= 1
    while first < len(words) and (not words[first].group(0).lstrip("(")[:1].isupper()
                                  or words[first].group(0).casefold() in _SENTENCE_OPENERS):
        first += 1  # a name starts with a capital: "the Hoque v …" is "Hoque v …", "And Ipek v …" is "Ipek v …"
    if first >= len(words):
        return None, start
    name_start = window_start + words[first].start()
    if text[name_start] == "(" and text.count(")", name_start, start) < text.count("(", name_start, start):
        name_start += 1  # "(R (BT) v HM Treasury …": the opening bracket is the draft's
    name = re.sub(r"\s+", " ", text[name_start:start]).strip(" ,")
    return name, name_start


#: Words that name no party in particular, so a later short form never uses them ("Dyer", not "Chief").
GENERIC_PARTY_WORDS = frozenset({
    "secretary", "state", "department", "home", "chief", "constable", "commissioner", "commissioners", "authority",
    "council", "limited", "ltd", "plc", "inc", "llc", "corp", "company", "co", "regina", "the", "minister",
    "revenue", "customs", "director", "attorney", "general", "court", "appeal", "application", "others", "anor",
    "ors", "and", "for", "of", "on", "in", "re", "ex", "parte", "united", "states", "police", "borough", "london",
    "city", "county", "district", "public", "national", "british", "royal", "health", "social", "development",
    "government", "provincial", "work", "pensions", "treasury", "hm", "mec", "member", "executive"})


def _short_names(ref: Ref) -> set[str]:
    """The words a later short form may use for a case: each distinctive word of either party's name."""
    out = {w.casefold() for w in re.findall(r"[A-Za-z][\w'’-]{2,}", ref.name or "")
           if w[0].isupper() and w.casefold() not in GENERIC_PARTY_WORDS}
    if ref.short:
        out.add(ref.short.casefold())
    return out


def _first_party_word(name: str | None) -> str | None:
    if not name:
        return None
    for w in re.findall(r"[A-Za-z][\w'’-]+", name):
        if w.lower() not in {"r", "re", "the", "in", "on", "application", "of", "ex", "parte"}:
            return w
    return None


# -- sentences and quotations ------------------------------------------------------------------------------


def sentences(text: str) -> list[tuple[int, int]]:
    """Sentence spans of the draft: the one splitter, :func:`pincite.legal.sentences.sentence_spans`, read with
    the draft's rules, :data:`pincite.legal.sentences.DRAFT_RULES` (a full stop inside a quotation ends the
    quoted sentence, not the draft's; "R.S.C. 1985", "T.C. Memo." and "16 U.S.C. § 757d." do not end one; a full
    stop and a line break end one whatever the word before the stop)."""
    return sentence_spans(text, 0, len(text), DRAFT_RULES)


def quotations(text: str, lo: int, hi: int) -> list[tuple[int, int, str]]:
    """(start, end, words) of the quotations in text[lo:hi] of at least MIN_QUOTE_WORDS words."""
    out = []
    for m in QUOTED.finditer(text, lo, hi):
        words = m.group("a") or m.group("b") or m.group("c") or ""
        if len(words.split()) >= MIN_QUOTE_WORDS:
            g = "a" if m.group("a") else "b" if m.group("b") else "c"
            out.append((m.start(g), m.end(g), words))
    return out


# -- what looks like a citation but is not one the finder reads ----------------------------------------------

#: Pinpoints a draft writes informally, without an instrument the finder can resolve: a reader must check each by
#: hand, so ``pincite check`` lists them rather than saying "all ok" over them.  Each with its reason.
LOOSE_CITATIONS: tuple[tuple[str, re.Pattern[str]], ...] = (
    # "§ 11.1", "§§ 3-5": a section sign with no code or Act named before it
    ("section sign", re.compile(r"§§?\s*\d+[\w.()-]*")),
    # "Curo, ¶31", "¶ 14", "paras 12-14": a paragraph mark or word with a number, the case named loosely if at all
    ("paragraph", re.compile(r"(?:\b[A-Z][\w'’.-]*,?\s+)?(?:¶¶?|\bparas?\.?)\s*\[?\d+\]?(?:\s*[-–]\s*\d+)?")),
    # "id. at 14", "Id., at 3", "ibid.": a short form pointing at whatever was cited before
    ("short form", re.compile(r"\b(?:[Ii]d\.,?\s+at\s+\d+|[Ii]bid\.?)")),
    # "slip op. at 25", "slip op., at 7": a US opinion's page before its reporter citation exists
    ("slip opinion page", re.compile(r"\bslip\s+op\.?,?\s+at\s+\d+(?:[-–]\d+)?", re.I)),
    # "cl 5", "clause 12.7", "s. 4(2)", "Section 5.2(a)", "Art. 3": a unit of an instrument the sentence does not name
    ("unit of an unnamed instrument", re.compile(
        r"\b(?:cl(?:ause)?s?\.?|s(?:ec(?:tion)?)?s?\.|[Ss]ection|[Aa]rt(?:icle)?\.?|reg(?:ulation)?\.?)\s*"
        r"\d+(?:\.\d+)*(?:\([0-9a-z]{1,4}\))*")),
    # "at [42]", "at p. 14", "at 14": a pinpoint with nothing before it the finder could resolve
    ("bare pinpoint", re.compile(r"\bat\s+(?:\[\d+\]|pp?\.\s*\d+)")),
)


def loose_citations(text: str, taken: list[tuple[int, int]]) -> list[tuple[int, int, str]]:
    """Spans of ``text`` that look like citations (:data:`LOOSE_CITATIONS`) outside the citations found
    (``taken``): (start, end, what it looks like)."""
    out: list[tuple[int, int, str]] = []
    for what, pat in LOOSE_CITATIONS:
        for m in pat.finditer(text):
            a, b = m.start(), m.end()
            while b > a and text[b - 1] in ".,;:":  # the sentence's own stop is not part of it
                b -= 1
            if any(a < e and s < b for s, e in taken) or any(a < e and s < b for s, e, _ in out):
                continue
            out.append((a, b, what))
    return sorted(out)


# -- the finder --------------------------------------------------------------------------------------------


def _eyecite(text: str) -> list[tuple[int, int, Ref | None, Pinpoint | None, str]]:
    """US reporter citations by eyecite: (start, end, ref or None for 'Id.', pinpoint, kind)."""
    from eyecite import get_citations  # imported here: loading its reporter tables takes a quarter second
    from eyecite.models import FullCaseCitation, IdCitation, ShortCaseCitation

    out: list[tuple[int, int, Ref | None, Pinpoint | None, str]] = []
    for c in get_citations(text):
        if isinstance(c, FullCaseCitation):
            g = c.groups
            name = None
            md = c.metadata
            if md.plaintiff or md.defendant:
                name = " v. ".join(x for x in (md.plaintiff, md.defendant) if x)
            start = c.full_span()[0] if name else c.span()[0]
            while start < c.span()[0] and not text[start].isalnum():
                start += 1  # "(Tarrant …": the bracket is the draft's, not the name's
            ref = Ref(Kind.REPORTER, name=name, reporter=(g.get("volume", ""), _reporter(g.get("reporter", "")),
                                                           g.get("page")), short=_first_party_word(md.plaintiff))
            pin, end = _us_pin(text, c.span()[1], md.pin_cite)
            out.append((start, end, ref, pin, "full"))
        elif isinstance(c, ShortCaseCitation):
            g = c.groups
            pin = Pinpoint("page", _expand(c.metadata.pin_cite or g.get("page") or ""), c.metadata.pin_cite or "")
            ref = Ref(Kind.REPORTER, reporter=(g.get("volume", ""), _reporter(g.get("reporter", "")), None))
            out.append((c.full_span()[0], c.span()[1], ref, pin if pin.values else None, "short"))
        elif isinstance(c, IdCitation):
            pin_text = (c.metadata.pin_cite or "").strip()
            nums = re.sub(r"^at\s+", "", pin_text)
            pin = Pinpoint("page", _expand(nums), pin_text) if re.match(r"\d", nums) else None
            out.append((c.span()[0], c.span()[1], None, pin, "id"))
    return out


def _reporter(r: str) -> str:
    return re.sub(r"\s+", "", r)


def _us_pin(text: str, pos: int, pin_cite: str | None) -> tuple[Pinpoint | None, int]:
    """The pinpoint after a reporter citation: ', 620', ', 631-32', ', slip op. at 7' (a slip opinion's page)."""
    m = re.compile(rf"\s*(?:___+|—+)?\s*,\s*(?P<slip>slip\s+op\.?,?\s+at\s+)?(?P<n>{_NUMLIST})(?![\w\]])").match(
        text, pos)
    if m:
        kind = "slip-page" if m.group("slip") else "page"
        return Pinpoint(kind, _expand(m.group("n")), m.group(0).strip(" ,")), m.end()
    if pin_cite:
        return Pinpoint("page", _expand(re.sub(r"^at\s+", "", pin_cite)), pin_cite), pos
    return None, pos


def find_citations(text: str) -> list[FoundCitation]:
    """Every citation in ``text``, in order, short forms bound to the full citation they point back to."""
    raw: list[tuple[int, int, Ref | None, Pinpoint | None, str]] = []  # start, end, ref, pin, form
    taken = bytearray(len(text))  # 1 where a citation already read covers the character

    def free(a: int, b: int) -> bool:  # in the span's length, not the number of citations read (issue 31)
        return taken.find(1, a, b) < 0

    def add(a: int, b: int, ref: Ref | None, pin: Pinpoint | None, form: str) -> None:
        raw.append((a, b, ref, pin, form))
        taken[a:b] = b"\x01" * (b - a)

    # 1. neutral citations (with the case name before and the pinpoint after)
    for m in neutral_citations(text):
        name, start = _case_name_before(text, m.start())
        neutral = re.sub(r"\s+", " ", m.group(0))
        pin, end = _case_pin(text, m.end())
        add(start, end if pin else m.end(), Ref(Kind.CASE, name=name, neutral=neutral, short=_first_party_word(name)),
            pin, "full")
    # 1b. the European Court of Human Rights' application numbers (the first number names the case)
    echr_names: set[str] = set()
    for m in ECHR_APPLICATION.finditer(text):
        if not free(m.start(), m.end()):
            continue
        name, start = _case_name_before(text, m.start())
        pin, end = _case_pin(text, m.end())
        app = re.match(r"\d{1,6}/\d{2}", m.group("apps"))
        assert app is not None
        add(start, end if pin else m.end(), Ref(Kind.CASE, name=name, application=app.group(0),
                                                 short=_first_party_word(name)), pin, "full")
        if name:
            echr_names.update(_short_names(Ref(Kind.CASE, name=name, short=_first_party_word(name))))
    # 1c. their short forms ("Khan, cited above, § 43"), read before a bare "§ 43" is taken for a section: only a
    #     name an application number was cited with, so "the Privacy Act, § 5" stays a provision
    for m in ECHR_SHORT.finditer(text):
        if m.group("name").casefold() not in echr_names:
            continue
        pin, end = _case_pin(text, m.end())
        if pin and free(m.start(), end):
            add(m.start(), end, Ref(Kind.CASE, short=m.group("name")), pin, "short-name")
    # 2. US reporter citations (eyecite), where no neutral citation was read
    for a, b, ref, pin, form in _eyecite(text):
        if free(a, b):
            add(a, b, ref, pin, form)
    # 3. US Code sections
    for m in USC.finditer(text):
        if free(m.start(), m.end()):
            sub = m.group("sub") or ""
            key = provision_key(m.group("sec") + sub)
            add(m.start(), m.end(), Ref(Kind.USC, usc=(m.group("title"), m.group("sec"))),
                Pinpoint("provision", (key,), m.group(0)), "full")
    # 4. provisions with the instrument they belong to ("s. 3 of the Privacy Act", "Privacy Act, s. 3",
    #    "R.S.C. 1985, c. T-2, s. 4"), or alone ("Section 24": the instrument named last)
    for m in PROVISION.finditer(text):
        if not free(m.start(), m.end()):
            continue
        key = provision_key(m.group("key"))
        pin = Pinpoint("provision", (key,), m.group(0))
        after = re.compile(r"\s+of\s+(?:the\s+)?").match(text, m.end())
        named = None
        if after:
            im = CHAPTER.match(text, after.end()) or EU_ACT.match(text, after.end()) or INSTRUMENT.match(text,
                                                                                                    after.end())
            if im:
                named = (im.group("name"), m.start(), im.end())
        if named is None:
            before = text[max(0, m.start() - 120): m.start()]
            before = BLANK_LINE.split(before)[-1]  # a name never runs on from the paragraph (or heading) above
            bm = re.search(rf"(?:{CHAPTER.pattern}|{EU_ACT.pattern.replace('?P<name>', '?P<name3>')}|"
                           rf"{INSTRUMENT.pattern.replace('?P<name>', '?P<name2>')}),?\s*$", before)
            if bm:
                nm = bm.group("name") or bm.group("name3") or bm.group("name2")
                named = (nm, m.start() - len(before) + bm.start(), m.end())
        if named is not None:
            nm, a, b = named
            nm = re.sub(r"\s+", " ", nm).strip(" ,")
            nm = LEAD_WORDS.sub("", nm)
            lead = LEAD_WORDS.match(text[a:b])
            if lead and text.startswith(nm.split(" ")[0], a + lead.end()):
                a += lead.end()  # "Under the Privacy Act, s. 3": the citation is the name and the section
            add(a, b, Ref(Kind.INSTRUMENT, name=nm), pin, "full")
        else:
            add(m.start(), m.end(), None, pin, "bare-provision")
    # 5. short forms: ibid / Ipek at [62] / at [64]
    for m in IBID.finditer(text):
        if free(m.start(), m.end()):
            pin, end = _case_pin(text, m.end())
            add(m.start(), end if pin else m.end(), None, pin, "id")
    for m in SHORT_NAME.finditer(text):
        pin, end = _case_pin(text, m.end())
        if pin and free(m.start(), end):
            add(m.start(), end, Ref(Kind.CASE, short=m.group("name")), pin, "short-name")
    for m in BARE_AT.finditer(text):
        pin, end = _case_pin(text, m.start())
        if pin and free(m.start(), end):
            add(m.start(), end, None, pin, "bare-at")
    raw.sort(key=lambda r: r[0])
    return _one_per_mention(_bind(text, _outside_quotations(text, raw)))


def _outside_quotations(text: str, raw: list[tuple[int, int, Ref | None, Pinpoint | None, str]]
                        ) -> list[tuple[int, int, Ref | None, Pinpoint | None, str]]:
    """The draft's own citations: one inside quoted words ("… as defined in section 2 of the Self-Government
    Treaty …") is the quoted text's, not the author's, so it is neither checked nor a name a later short form or
    bare "s. 8(2)(b)" points back to."""
    # a quotation running across a paragraph break is a stray quotation mark pairing with the next one
    quoted = [(m.start(), m.end()) for m in QUOTED.finditer(text) if not BLANK_LINE.search(m.group(0))]
    if not quoted:
        return raw
    starts = [a for a, _ in quoted]
    out = []
    for r in raw:
        i = bisect.bisect_right(starts, r[0]) - 1
        if i >= 0 and quoted[i][0] < r[0] and r[1] <= quoted[i][1]:
            continue
        out.append(r)
    return out


def _one_per_mention(found: list[FoundCitation]) -> list[FoundCitation]:
    """A case named in full without a pinpoint in the sentence that also pinpoints it ("In Ipek v Koza Altin
    [2020] EWCA Civ 1018, the court held "…" (Ipek at [61])") is one citation, the pinpointed one: the name alone
    is not a second claim to check."""
    pinned = {(f.sentence_start, f.ref.key()) for f in found if f.pinpoint is not None}
    return [f for f in found if f.pinpoint is not None or f.short_form
            or (f.sentence_start, f.ref.key()) not in pinned]


def _bind(text: str, raw: list[tuple[int, int, Ref | None, Pinpoint | None, str]]) -> list[FoundCitation]:
    """Give each short form the full citation it points back to, and each citation its sentence and quote."""
    spans = sentences(text)
    starts = [a for a, _ in spans]
    in_sentence: dict[tuple[int, int], list[tuple[int, int, str]]] = {}  # each sentence's quotations, once
    last_of_reporter: dict[tuple[str, str], FoundCitation] = {}  # "569 U.S." -> its last citation so far
    out: list[FoundCitation] = []
    last: FoundCitation | None = None
    last_case: FoundCitation | None = None
    last_instrument: FoundCitation | None = None
    by_short: dict[str, FoundCitation] = {}
    for a, b, ref, pin, form in raw:
        short = form != "full"
        fc_ref: Ref | None = ref
        base: FoundCitation | None = None
        if form == "id":
            base = last
        elif form == "short-name":
            base = by_short.get((ref.short or "").casefold()) if ref else None
            if base is None:
                continue  # "Smith at [4]" with no Smith cited before: a name, not a citation we can read
        elif form == "bare-at":
            base = last_case
        elif form == "short" and ref is not None:  # "569 U.S., at 620"
            base = last_of_reporter.get(ref.reporter[:2]) if ref.reporter else None
        elif form == "bare-provision":
            base = last_instrument
            if base is None:
                continue  # "section 24" with no instrument named yet: not a citation of something we can find
        if short:
            if base is None:
                continue
            fc_ref = base.ref
            if pin is None:
                pin = base.pinpoint
        assert fc_ref is not None
        fc = FoundCitation(text=text[a:b], char_start=a, char_end=b, ref=fc_ref, pinpoint=pin, short_form=short)
        _attach_quote(text, fc, spans, starts, in_sentence)
        out.append(fc)
        if fc_ref.reporter:
            last_of_reporter[fc_ref.reporter[:2]] = fc
        last = fc
        if fc_ref.kind in (Kind.CASE, Kind.REPORTER):
            last_case = fc
            for word in _short_names(fc_ref):
                by_short[word] = fc
        if fc_ref.kind in (Kind.INSTRUMENT, Kind.STATUTE, Kind.CONTRACT, Kind.USC):
            last_instrument = fc
    return out


def _attach_quote(text: str, fc: FoundCitation, spans: list[tuple[int, int]], starts: list[int],
                  in_sentence: dict[tuple[int, int], list[tuple[int, int, str]]]) -> None:
    """The citation's sentence and the quotation it supports; ``spans`` are the draft's sentences (``starts``
    their starts, for a binary search) and ``in_sentence`` the quotations of the sentences read so far."""

    def quotes(a: int, b: int) -> list[tuple[int, int, str]]:
        if (a, b) not in in_sentence:
            in_sentence[(a, b)] = quotations(text, a, b)
        return in_sentence[(a, b)]

    idx = bisect.bisect_right(starts, fc.char_start) - 1
    if idx < 0 or not fc.char_start < spans[idx][1]:
        return
    a, b = spans[idx]
    fc.sentence, fc.sentence_start = text[a:b].strip(), a
    qs = quotes(a, b)
    if not qs and idx > 0:
        # a citation sentence standing alone ("Ipek at [61].") supports the sentence before it
        rest = re.sub(r"[\W_]+", "", text[a:fc.char_start] + text[fc.char_end:b])
        if len(rest) <= 12:
            pa, pb = spans[idx - 1]
            fc.sentence, fc.sentence_start = text[pa:pb].strip(), pa
            qs = quotes(pa, pb)
    if not qs:
        return
    before = bisect.bisect_left(qs, (fc.char_start,))  # how many start before the citation (qs is in order)
    pick = qs[before - 1] if before else qs[0]
    fc.quote, fc.quote_start = pick[2], pick[0]
