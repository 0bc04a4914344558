"""A contract's name: its generic title with its parties and the day it was made ("Development Agreement —
Cargill, Incorporated and Bioamber S.A.S., 15 April 2010"), read from its preamble by the general patterns of
:mod:`pincite.legal.contracts`.  A lawyer holding fifty "SPONSORSHIP AGREEMENT"s tells them apart this way.

:func:`name_contract` runs after a format's parser on every contract (``pincite.parse.parse_bytes``): the title
becomes the name, and the document keeps ``meta["instrument_title"]`` (the title as printed) and
``meta["parties"]`` (the names as printed), which :mod:`pincite.twins` compares to tell two files of one
agreement.
"""

from __future__ import annotations

import datetime
import re
from dataclasses import replace

from pincite.legal.contracts import (
    CONTRACT_DATE_PATTERNS, CORPORATE_SUFFIXES, NOT_A_PARTY, NUMBERED_PARTY, PARTY_INTRODUCERS, PARTY_NAME_ENDS,
    SMALL_WORDS,
)
from pincite.legal.judgments import MONTH_NAME, iso_from_parts
from pincite.types import DocumentKind, ParsedDocument

#: how far into a contract its preamble is looked for (a cover page and a confidentiality legend come first)
PREAMBLE_CHARS = 6000
#: a party's name is at most this long (longer: the pattern ran into the description)
MAX_NAME_CHARS = 90
MAX_NAME_WORDS = 12
#: at most this many parties are named (a longer list is a consortium: the first ones name it)
MAX_PARTIES = 4

_INTRODUCERS = [re.compile(p) for p, _ in PARTY_INTRODUCERS]
_ENDS = [re.compile(p) for p, _ in PARTY_NAME_ENDS]
_NEXT_PARTY = next(p for p in _ENDS if "and\\s+(?=" in p.pattern)
_NUMBERED = re.compile(NUMBERED_PARTY[0])
_NOT_A_PARTY = re.compile(NOT_A_PARTY[0])
_SUFFIX = {s.casefold().rstrip("."): s for s, _ in CORPORATE_SUFFIXES}
_DATES = [re.compile(p.replace("{MONTH}", MONTH_NAME)) for p, _ in CONTRACT_DATE_PATTERNS]
#: a defined name in parentheses closes a party's description: ("Cargill"), (hereinafter "WCC")
_DEFINED = re.compile(r"\((?:[^()]|\([^()]*\)){0,120}?[\"“”'‘’](?:[^()]|\([^()]*\)){0,120}?\)")
#: what joins one party to the next after a defined name: ", and", " and", ","
_JOIN = re.compile(r"\s*[,;]?\s*(?P<and>and\s+|AND\s+|And\s+)?(?:\(\s*[1-9]\s*\)\s*)?")
#: the next party after a description with no defined name: "X, a Delaware corporation, and Y"
_AND = re.compile(r",?\s+(?P<and>(?:and|AND|And)\s+)(?=[A-Z0-9])")
_AND_NEXT = re.compile(r"[\s,]*(?:and|AND|And)\s+(?=[A-Z0-9])")
_AND_AFTER = re.compile(r"(?i)\s+and\s+")
#: lower-case words a company's name may hold: 'doing business as', and a suffix set in lower case
_LOWER_IN_NAMES = frozenset({"d/b/a", "dba", "plc", "de", "du", "la", "le", "van", "von", "der", "y", "et", "&"})
_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\u200b-\u200f\u202a-\u202e\u2066-\u2069]")
_PARTY_LETTER = re.compile(r"^(?i:party)\s+[A-Z1-9]\s*[:\-–]\s*")
_LETTER = re.compile(r"[^\W\d_]")


def contract_parties(text: str) -> list[str]:
    """The parties named in a contract's preamble, as printed (whitespace collapsed); empty when none is found."""
    head = text[:PREAMBLE_CHARS]
    for pattern in _INTRODUCERS:
        for m in pattern.finditer(head):
            parties = _parties_after(head, m.end())
            if parties:
                return parties
    return []


def _parties_after(head: str, pos: int) -> list[str]:
    first = _NUMBERED.match(head, _skip_space(head, pos))
    if first:  # '(1) X ... (2) Y': each number starts a party
        out = []
        starts = [m.end() for m in _NUMBERED.finditer(head, first.start(), first.start() + 1500)]
        for s in starts[:MAX_PARTIES]:
            found = _name_at(head, s)
            if found:
                out.append(found[0])
        return out if len(out) >= 2 else out[:1] if out else []
    found = _name_at(head, pos)
    if not found:
        return []
    out = [found[0]]
    end, by_and = found[1], found[2]
    while len(out) < MAX_PARTIES:
        last = False
        right_after = _AND_NEXT.match(head, end)
        if by_and:  # 'X and Y': the name ended where the next party's begins
            at = end
        elif right_after:  # the name ended at its line's end and the next line says 'AND'
            at, last = right_after.end(), True
        else:  # the next party follows the defined name that closes this one's description, else an 'and'
            d = _DEFINED.search(head, end, min(len(head), end + 500))
            j = _JOIN.match(head, d.end()) if d else _AND.search(head, end, min(len(head), end + 300))
            if j is None or not (j.group("and") or "," in j.group(0) or ";" in j.group(0)):
                break
            at, last = j.end(), bool(j.group("and"))
        nxt = _name_at(head, at)
        if nxt is None:
            break
        out.append(nxt[0])
        end, by_and = nxt[1], nxt[2]
        if last and not by_and:
            break
    return list(dict.fromkeys(out))


def _skip_space(s: str, pos: int) -> int:
    while pos < len(s) and s[pos] in " \t\r\n:":
        pos += 1
    return pos


def _name_at(head: str, pos: int) -> tuple[str, int, bool] | None:
    """The party's name starting at ``pos``: (name, where it ends, whether it ended at 'and' + another name)."""
    pos = _skip_space(head, pos)
    stop = min(len(head), pos + 4 * MAX_NAME_CHARS)
    best, by_and = stop, False
    for pattern in _ENDS:
        m = pattern.search(head, pos, stop)
        if m and m.start() < best:
            best, by_and = m.start(), pattern is _NEXT_PARTY
    raw = _CONTROL.sub("", " ".join(head[pos:best].split()))  # a name is shown: no terminal controls in it
    raw = _without_address(_first_sentence(raw)).strip(" ,;:-–")
    raw = _PARTY_LETTER.sub("", raw)  # "Party A: Rise (Tianjin) Education ..." names Rise, not "Party A"
    if raw[:4].casefold() == "the " and raw[4:5].isupper():  # "the TOWN OF VINTON": the article is no name
        raw = raw[4:]
    if any(w.islower() and w not in SMALL_WORDS and w not in _LOWER_IN_NAMES for w in raw.split()):
        return None  # "Joint Venturers as follows": a name has no lower-case words but small ones
    if not raw or not (raw[0].isupper() or raw[0].isdigit()) or len(raw) > MAX_NAME_CHARS \
            or len(raw.split()) > MAX_NAME_WORDS or not _LETTER.search(raw) or _NOT_A_PARTY.match(raw) \
            or "__" in raw:
        return None
    if by_and:
        m = _AND_AFTER.match(head, best)
        return raw, m.end() if m else best, True
    return raw, best, False


_SENTENCE_END = re.compile(r"(\S+)\.\s+(?=[A-Z][a-z])")


def _first_sentence(s: str) -> str:
    """``s`` up to the end of its first sentence: a point after a word that is no corporate suffix or initial
    ("Parties. In addition" -> "Parties"; "Inc. And" is kept whole)."""
    for m in _SENTENCE_END.finditer(s):
        word = m.group(1).casefold().rstrip(".")
        if word not in _SUFFIX and len(word) > 1 and "." not in word:  # "B.C. Ltd." is no sentence's end
            return s[: m.start(1) + len(m.group(1))]
    return s


def _without_address(s: str) -> str:
    """``s`` cut after its corporate suffix when an address follows it without a comma ("NLS-1 Pharma AG Alter
    Postplatz 2 6370 Stans" -> "NLS-1 Pharma AG"): a word with digits after the suffix is the address's."""
    words = s.split()
    last_suffix = None
    for i, w in enumerate(words):
        if i > 0 and w.strip(",;:()").casefold().rstrip(".") in _SUFFIX:
            last_suffix = i
        elif last_suffix is not None and any(c.isdigit() for c in w):
            return " ".join(words[: last_suffix + 1])
    return s


def contract_date(text: str) -> str | None:
    """The day a contract says it was made, as ISO, by :data:`~pincite.legal.contracts.CONTRACT_DATE_PATTERNS`."""
    head = text[:PREAMBLE_CHARS]
    found: list[tuple[int, str]] = []
    for pattern in _DATES:
        m = pattern.search(head)
        if not m:
            continue
        g = m.groupdict()
        if g.get("mon"):
            day, mon, year = int(g["day"]), int(g["mon"]), g["year"]
            if day <= 12 or not 1 <= mon <= 12:  # a month could come first: not read
                continue
            year = int(year) if len(year) == 4 else 2000 + int(year)
            try:
                iso = datetime.date(year, mon, day).isoformat()
            except ValueError:
                continue
        else:
            iso = iso_from_parts(g["month"], g["day"], g["year"])
            if iso is None:
                continue
        found.append((m.start(), iso))
    return min(found)[1] if found else None


def display_case(s: str) -> str:
    """``s`` in title case when it is printed in capitals ("DEVELOPMENT AGREEMENT" -> "Development Agreement",
    "YOU ON DEMAND HOLDINGS, INC." -> "You on Demand Holdings, Inc."); as printed otherwise."""
    letters = [c for c in s if c.isalpha()]
    if len(letters) < 4 or sum(c.isupper() for c in letters) < 0.8 * len(letters):
        return s
    words = s.split()
    out = []
    for i, w in enumerate(words):
        core = w.strip(",;:()").casefold().rstrip(".")
        if core in _SUFFIX and i > 0:
            lead = w[: len(w) - len(w.lstrip(",;:("))]
            trail = w[len(w.rstrip(",;:)")):]
            suffix = _SUFFIX[core]
            out.append(lead + suffix + ("" if suffix.endswith(".") or not w.rstrip(",;:)").endswith(".") else ".")
                       + trail)
        elif i > 0 and core in SMALL_WORDS:
            out.append(w.lower())
        elif any(c.isdigit() for c in w):
            out.append(w)
        else:
            out.append("-".join(p[:1].upper() + p[1:].lower() for p in w.split("-")))
    return " ".join(out)


def long_date(iso: str) -> str:
    """``2010-04-15`` -> ``15 April 2010``."""
    d = datetime.date.fromisoformat(iso)
    return f"{d.day} {d.strftime('%B')} {d.year}"


def contract_name(title: str, parties: list[str], date: str | None) -> str:
    """"Title — A and B, 1 March 2019" (the parties left out when the title already names them)."""
    shown = display_case(title.strip()) or "Agreement"
    names = [display_case(p) for p in parties]
    lowered = title.casefold()
    if names and all(p.split()[0].casefold() in lowered for p in names):
        names = []
    who = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1] if names else ""
    when = ""
    if date:
        try:
            when = long_date(date)
        except ValueError:
            when = date
    tail = ", ".join(x for x in (who, when) if x)
    return f"{shown} — {tail}" if tail else shown


def name_contract(doc: ParsedDocument) -> ParsedDocument:
    """A contract named by its parties and date (other documents unchanged); see the module's docstring."""
    if doc.kind is not DocumentKind.CONTRACT:
        return doc
    parties = contract_parties(doc.text)
    date = doc.date or contract_date(doc.text)
    meta = {**doc.meta, "instrument_title": doc.title, "parties": parties}
    return replace(doc, title=contract_name(doc.title, parties, date), date=date, meta=meta)


# -- the names a question may call a contract's parties by (issue 52) ----------------------------------------

#: how far into a contract the companies it is made between are looked for (the preamble, after a cover page)
NAMES_CHARS = 3000
#: a company's name set before its corporate suffix ("Payment Data Systems, Inc.", "element 5 GmbH"): the few
#: words before it, trimmed below to those after the last small word ("services of element 5 GmbH")
_SUFFIXED = re.compile(r"(?P<name>(?:[\w&'’.-]+\s+){0,4}?[\w&'’-]+),?\s+(?:"
                       + "|".join(re.escape(s) for s, _ in CORPORATE_SUFFIXES if s[0].isupper() or s == "plc")
                       + r")(?![\w])")
#: the words a party's name runs after in a preamble ("by and between DEXCEL LTD."), never the name's own
_NAME_LEAD = frozenset("a an the of to in on at by for from with as and or between among amongst hereby behalf "
                       "is are was made entered into agreement this that its their".split())
#: a name's tokens that do not tell one company from another (its legal form, "the")
_NAME_TAIL = frozenset(re.sub(r"[^a-z0-9 ]", "", " ".join(s.lower() for s, _ in CORPORATE_SUFFIXES)).split()
                       + "the a an of and company co corp corporation incorporated limited ltd inc llc lp llp plc "
                       "holdings group".split())


def party_names(text: str, parties: list[str] | tuple[str, ...] = ()) -> list[str]:
    """The names a contract's parties go by: ``parties`` (as the preamble parser read them) and each company
    named with its corporate suffix in the contract's opening (a party the parser missed: "…, and Payment Data
    Systems, Inc., the Affiliate Office"; "the services of element 5 GmbH"), but the kind of company a party is
    ("a Virginia Corporation")."""
    names = [p for p in parties if p]
    for m in _SUFFIXED.finditer(text[:NAMES_CHARS]):
        words = m.group("name").split()
        cut = max((i + 1 for i, w in enumerate(words) if w.lower().strip(".,'’") in _NAME_LEAD), default=0)
        if cut and words[cut - 1].lower() in ("a", "an"):
            continue  # "a Virginia Corporation": where it is incorporated, not who
        if words[cut:]:
            names.append(" ".join(words[cut:]))
    return list(dict.fromkeys(names))


def name_tokens(s: str) -> list[str]:
    """``s`` as lower-case word tokens, possessives dropped ("Midstream's" -> "midstream")."""
    return re.findall(r"[a-z0-9]+", re.sub(r"['’]s\b", "", s.lower()))


def name_forms(name: str) -> list[tuple[str, ...]]:
    """The ways a party's name is shortened, as token tuples: the name without its legal form, and each of its
    leading parts ("Kitov Pharma Ltd." -> ("kitov", "pharma"), ("kitov",))."""
    toks = name_tokens(name)
    while toks and toks[0] in ("the", "a", "an"):
        toks = toks[1:]
    while toks and toks[-1] in _NAME_TAIL:
        toks = toks[:-1]
    return [tuple(toks[:i]) for i in range(len(toks), 0, -1)]


def names_by_party(question: str, text: str, names: list[str], generic: frozenset[str]) -> bool:
    """Whether ``question`` names the contract of ``text`` by one of its parties' ``names`` (any case, a
    possessive, a short form: "Kitov" for "KITOV Pharma Ltd.", "element 5" for "element 5 GmbH").  A short form
    of one word names it when that word is no ``generic`` word, has three letters or more (two in capitals) and
    the contract never writes it in lower case (there it is a name, not a word: "Kitov", not "payment" of
    "Payment Data Systems"); of several words, when one of them is a figure ("Network 1") or the contract never
    writes them together in lower case ("True North", not "payment data")."""
    asked = name_tokens(question)
    if not asked:
        return False
    joined = " " + " ".join(asked) + " "
    for name in names:
        for form in name_forms(name):
            if " " + " ".join(form) + " " not in joined or all(t in generic for t in form):
                continue
            if len(form) == 1:
                w = form[0]
                if w in generic or w.isdigit() or len(w) < 2:
                    continue
                if len(w) < 3 and not re.search(rf"(?<![\w-]){re.escape(w.upper())}(?![\w-])", text):
                    continue
            elif any(t.isdigit() for t in form):
                return True
            lower = r"\W+".join(re.escape(t) for t in form)
            if not re.search(rf"(?<![\w@./-]){lower}(?![\w@/-]|\.\w)", text):
                return True
    return False
