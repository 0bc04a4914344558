"""What a claim states, read so it can be compared with the words it cites: its figures (numbers in words, money,
percentages, periods, dates), its names, and its content words less the words that only frame a quotation.

A claim's figures must be the figures of the words it cites (:mod:`pincite.answer.verify`'s *figure-not-cited*
check), and a claim is free to write a figure differently from its source: "30 days" for "thirty (30) days",
"£1m" for "one million pounds" or "£1,000,000", "1 March 2020" for "March 1, 2020".  So every figure is read to
one canonical key and keys are compared, never spellings.  Each table entry says why it is there; none names a
document, party or question.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from pincite.legal.language import MONTHS

# ---------------------------------------------------------------------------------------------------------------
# Tables
# ---------------------------------------------------------------------------------------------------------------

#: Number words below twenty: drafting writes every small count in words ("three (3) business days").
SMALL_NUMBERS = {w: i for i, w in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen "
    "seventeen eighteen nineteen".split())}
#: The tens: "thirty days", "ninety-nine years", "forty-five (45) days".
TENS = {w: 10 * (i + 2) for i, w in enumerate("twenty thirty forty fifty sixty seventy eighty ninety".split())}
#: Multipliers written as words or as their usual short forms: "one hundred", "£2.5 million", "$3bn", "£40k".
SCALES = {"hundred": 100, "thousand": 1_000, "k": 1_000, "million": 1_000_000, "m": 1_000_000, "mn": 1_000_000,
          "mm": 1_000_000, "billion": 1_000_000_000, "bn": 1_000_000_000, "b": 1_000_000_000,
          "trillion": 1_000_000_000_000}
#: Every word that writes a number (left out of a claim's content words: its figures are compared as figures).
NUMBER_WORDS = (*SMALL_NUMBERS, *TENS, "hundred", "thousand", "million", "billion", "trillion")
#: Short scale forms that are only a scale right after a figure ("£1m", "3bn"), never as a word of their own.
SHORT_SCALES = frozenset({"k", "m", "mn", "mm", "b", "bn"})

#: Currency symbols and codes written before an amount ("£1,000", "US$ 5", "EUR 200", "R 10 000").  "R" (the
#: South African rand) counts only when glued to digits, as "R10" is never a word.
CURRENCY_BEFORE = {"£": "GBP", "gbp": "GBP", "stg": "GBP", "$": "USD", "us$": "USD", "usd": "USD", "€": "EUR",
                   "eur": "EUR", "c$": "CAD", "cad": "CAD", "can$": "CAD", "a$": "AUD", "aud": "AUD",
                   "nz$": "NZD", "¥": "JPY", "jpy": "JPY", "chf": "CHF", "zar": "ZAR", "r": "ZAR", "₹": "INR",
                   "inr": "INR", "hk$": "HKD", "hkd": "HKD", "s$": "SGD", "sgd": "SGD"}
#: Currency words written after an amount ("one million pounds", "7,777,777 dollars", "500 euros"); "sterling"
#: and "pounds sterling" are the pound; a bare "dollar" is the US dollar unless a nationality goes before it.
CURRENCY_AFTER = {"pound": "GBP", "pounds": "GBP", "sterling": "GBP", "dollar": "USD", "dollars": "USD",
                  "euro": "EUR", "euros": "EUR", "rand": "ZAR", "yen": "JPY", "francs": "CHF", "rupees": "INR",
                  "rupee": "INR"}
#: Nationalities that change which dollar is meant ("Canadian dollars").
DOLLAR_NATIONS = {"canadian": "CAD", "australian": "AUD", "us": "USD", "u.s.": "USD", "american": "USD",
                  "hong kong": "HKD", "singapore": "SGD", "new zealand": "NZD"}

#: How a share is written: "5%", "5 per cent" (British drafting), "5 percent", "5 per centum" (older statutes).
PERCENT_WORDS = r"%|\s?per\s?cent(?:um)?\b|\s?percent\b|\s?pct\b"

#: Units of time a period is counted in, to one canonical unit ("30 business days" is a period of 30 days for
#: this comparison: a claim that drops "business" is not caught, one that changes the count is).
PERIOD_UNITS = {"second": "second", "minute": "minute", "hour": "hour", "day": "day", "business day": "day",
                "working day": "day", "banking day": "day", "calendar day": "day", "clear day": "day",
                "week": "week", "fortnight": "fortnight", "month": "month", "calendar month": "month",
                "quarter": "quarter", "year": "year", "calendar year": "year", "financial year": "year"}
#: Periods that are the same length in another unit: a claim may say "one year" for "12 months".
PERIOD_EQUIVALENTS = {"week": ("day", 7), "fortnight": ("day", 14), "year": ("month", 12),
                      "quarter": ("month", 3)}

#: The words of a figure other than its number (currencies, units of time): compared as part of the figure, so
#: "one million pounds" and "£1,000,000" say the same.
FIGURE_WORDS = (*CURRENCY_AFTER, *(w for k in PERIOD_UNITS for w in k.split() if PERIOD_UNITS[k] in k),
                "percent", "cent", "centum")

#: Month names and their printed abbreviations ("Sept." in US filings, "Jan" in tables).
MONTH_NUMBERS = {m: i + 1 for i, m in enumerate(MONTHS)} | {
    m[:3]: i + 1 for i, m in enumerate(MONTHS)} | {"sept": 9}

#: Capitalised words a claim uses that are not names to be found in the cited words: the courts, offices and
#: parts of a document that every judgment or provision speaks through ("the Court of Appeal held", "under the
#: Act", "Section 4"), honorifics and judicial post-nominals ("Lord", "LJ"), the days and months (dates are
#: compared as dates), and the first person.
NOT_NAMES = frozenset(
    "i court courts tribunal tribunals judge judges justice justices lord lords lady ladyship lordship honour "
    "mr mrs ms miss dr sir dame lj ljj j jj mr. sc qc kc hhj cj p mr dj scj ca jsc ukpc ukhl uksc "
    "appeal appeals supreme high crown county district circuit federal state first-tier upper division "
    "chamber chancery queen's king's bench family administrative commercial divisional "
    "act acts section sections article articles part parts schedule schedules regulation regulations rule "
    "rules order orders paragraph paragraphs clause clauses subsection chapter title annex appendix exhibit "
    "agreement contract lease deed code constitution convention treaty directive statute bill "
    "monday tuesday wednesday thursday friday saturday sunday "
    "english british american canadian european international national french welsh gaelic latin "
    "however thus therefore accordingly also further moreover under in on at by for to of the a an this that "
    "it its he she they we you there where when if as and or but not no yes".split()) | frozenset(MONTH_NUMBERS)

#: Names of one thing a claim may use for another the cited words give: in Commonwealth statutes and judgments
#: the Crown is "Her Majesty" / "His Majesty" ("in right of Canada"), which plain words call the government.
#: Each row: the words (lower-cased, as names and stemmed terms read them) that name the same party.
NAME_EQUIVALENTS = (
    frozenset({"crown", "majesty", "government"}),  # the Crown: the executive, by any name
)
#: US states by the postal codes addresses print ("San Jose, CA 95126"): a claim that says "California" names
#: the state the cited address gives.  Read only as an address prints a code (after a comma, in capitals), since
#: several codes are common words ("IN", "OR", "ME").
US_STATE_CODES = {
    "alabama": "AL", "alaska": "AK", "arizona": "AZ", "arkansas": "AR", "california": "CA", "colorado": "CO",
    "connecticut": "CT", "delaware": "DE", "florida": "FL", "georgia": "GA", "hawaii": "HI", "idaho": "ID",
    "illinois": "IL", "indiana": "IN", "iowa": "IA", "kansas": "KS", "kentucky": "KY", "louisiana": "LA",
    "maine": "ME", "maryland": "MD", "massachusetts": "MA", "michigan": "MI", "minnesota": "MN",
    "mississippi": "MS", "missouri": "MO", "montana": "MT", "nebraska": "NE", "nevada": "NV",
    "new hampshire": "NH", "new jersey": "NJ", "new mexico": "NM", "new york": "NY", "north carolina": "NC",
    "north dakota": "ND", "ohio": "OH", "oklahoma": "OK", "oregon": "OR", "pennsylvania": "PA",
    "rhode island": "RI", "south carolina": "SC", "south dakota": "SD", "tennessee": "TN", "texas": "TX",
    "utah": "UT", "vermont": "VT", "virginia": "VA", "washington": "WA", "west virginia": "WV",
    "wisconsin": "WI", "wyoming": "WY", "district of columbia": "DC",
}

#: The same rows as stemmed content words, for the share of a claim's words its cited words hold ("government" is
#: left out: its stem is the verb's, "governed by").
TERM_EQUIVALENTS = (frozenset({"crown", "majesti"}),)

#: Words a claim uses to say *that* a source says something, not *what* it says ("The passage says so", "the
#: court held that", "the provision states"): they frame the quotation, which is shown verbatim, so they are not
#: content the cited words must hold.
FRAME_WORDS = frozenset(
    "passage passages source text words quote quoted quotation says said say state states stated stating provide "
    "provides provided providing hold holds held find finds found decide decides decided conclude concludes "
    "concluded note notes noted explain explains explained answer answers answered read reads thing point matter "
    "as follows following here also therefore thus so this that it".split())

#: The court or office a claim says spoke ("the Court of Appeal held", "the Upper Tribunal said", "Lord Reed
#: concluded"): who decided is the cited document's and unit's metadata, shown in the pinpoint, not words the
#: cited passage must repeat, so they are not content words of the claim.
SPEAKERS = re.compile(
    r"\b(?:the\s+)?(?:(?:supreme|high|crown|county|district|circuit|federal|tax|appeals?|family|divisional|"
    r"constitutional|magistrates'?)\s+court|court\s+of\s+(?:appeals?|justice|session|first\s+instance)"
    r"(?:\s+for\s+the\s+\w+(?:\s+circuit)?)?|house\s+of\s+lords|privy\s+council|(?:upper|first-tier|employment|"
    r"appeal)\s+tribunal|court|tribunal|(?:trial|lower|motion|tax\s+court)\s+judge|judges?|justices?|"
    r"(?:lord|lady)\s+justice|(?:majority|minority|dissent(?:ing)?\s+judge))\b", re.I)

# ---------------------------------------------------------------------------------------------------------------
# Reading figures
# ---------------------------------------------------------------------------------------------------------------

_NUMBER_WORD = "|".join(sorted([*SMALL_NUMBERS, *TENS, "hundred", "thousand", "million", "billion", "trillion"],
                               key=len, reverse=True))
#: a figure in digits: "1,000,000", "2.5", "10 000" (a space as the thousands separator, as South African and
#: Canadian French drafting prints it), "7,777,777"
_DIGITS = r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d{1,3}(?:\u00a0\d{3}|\s\d{3}(?![\d,]))+|\d+(?:\.\d+)?"
_WORDS_RUN = rf"(?:{_NUMBER_WORD})(?:(?:\s+|-|\s+and\s+|\s*,\s*)(?:{_NUMBER_WORD}))*"
_SCALE_AFTER = r"(?:\s?(?:million|billion|trillion|thousand|bn|mn|mm|m|k|b)\b)"
_CUR_BEFORE = "|".join(re.escape(k) for k in sorted(CURRENCY_BEFORE, key=len, reverse=True))
_CUR_AFTER = "|".join(sorted(CURRENCY_AFTER, key=len, reverse=True))
_NATION = "|".join(re.escape(k) for k in sorted(DOLLAR_NATIONS, key=len, reverse=True))
_PERIOD = "|".join(sorted((re.escape(k) for k in PERIOD_UNITS), key=len, reverse=True))
_MONTH = "|".join(sorted(MONTH_NUMBERS, key=len, reverse=True))

#: one figure: an optional currency before it, the number (digits or words, with a scale), then "(30)" repeating
#: it in digits, then what it counts: a currency, a share or a period
FIGURE = re.compile(
    rf"(?<![\w.,])(?P<cur>{_CUR_BEFORE})?\s?"
    rf"(?P<num>(?:{_DIGITS})(?:st|nd|rd|th)?(?=(?:million|billion|trillion|thousand|bn|mn|mm|m|k|b)\b|[^\w]|$)"
    rf"|\b(?:{_WORDS_RUN})\b|\ba\s+(?:hundred|thousand|million|billion)\b|\ban?(?=\s+(?:{_PERIOD})\b))"
    rf"(?P<scale>{_SCALE_AFTER})?"
    rf"(?P<repeat>\s*\(\s*(?:{_CUR_BEFORE})?\s?(?:{_DIGITS})\s*(?:%|{_SCALE_AFTER})?\s*\))?"
    rf"(?:\s*-\s*|\s+)?(?P<after>(?:(?:{_NATION})\s+)?(?:{_CUR_AFTER})\b|{PERCENT_WORDS}|(?:{_PERIOD})s?\b)?",
    re.I)

_DAY = r"(?P<d>[0-3]?\d)(?:st|nd|rd|th)?"
_YEAR = r"(?P<y>1[5-9]\d\d|2[01]\d\d)"

#: A day of the month as statutes and deeds write it in words ("the first day of June, 1915", "the twenty-first
#: day of March"): the ordinal's number.
ORDINAL_DAYS = {w: i + 1 for i, w in enumerate(
    "first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth thirteenth fourteenth "
    "fifteenth sixteenth seventeenth eighteenth nineteenth twentieth".split())} | {
    f"twenty-{w}": 20 + i + 1 for i, w in enumerate("first second third fourth fifth sixth seventh eighth ninth".split())
} | {"thirtieth": 30, "thirty-first": 31}
_DAY_WORD = "|".join(sorted((re.escape(w) for w in ORDINAL_DAYS), key=len, reverse=True))
DATES = [
    # "1 March 2020", "1st March, 2020", "1 Mar 2020"
    re.compile(rf"\b{_DAY}(?:\s+day\s+of)?\s+(?P<m>{_MONTH})\.?,?\s+{_YEAR}\b", re.I),
    # "March 1, 2020", "Sept. 1 2020"
    re.compile(rf"\b(?P<m>{_MONTH})\.?\s+{_DAY},?\s+{_YEAR}\b", re.I),
    # "2020-03-01": ISO, as metadata and US filings print it
    re.compile(r"\b(?P<y>1[5-9]\d\d|2[01]\d\d)-(?P<m>[01]?\d)-(?P<d>[0-3]?\d)\b"),
    # "01/03/2020", "1.3.2020": day and month are ambiguous in digits (British d/m, US m/d): both are read
    re.compile(r"\b(?P<a>[0-3]?\d)[/.](?P<b>[01]?\d)[/.](?P<y>1[5-9]\d\d|2[01]\d\d)\b"),
    # "the first day of June, 1915": the day in words, as statutes and deeds write it
    re.compile(rf"\b(?P<dw>{_DAY_WORD})\s+day\s+of\s+(?P<m>{_MONTH})\.?,?\s+{_YEAR}\b", re.I),
    # "March 2020": a month of a year
    re.compile(rf"\b(?P<m>{_MONTH})\.?,?\s+{_YEAR}\b", re.I),
    # "1 March", "March 1": a day of a month with no year
    re.compile(rf"\b{_DAY}\s+(?P<m>{_MONTH})\b|\b(?P<m2>{_MONTH})\.?\s+(?P<d2>[0-3]?\d)(?:st|nd|rd|th)?\b(?!,?\s*\d)",
               re.I),
]


_ANY_MONTH = re.compile(rf"\b(?:{_MONTH})\b", re.I)
_DIGIT_DATES = [DATES[2], DATES[3]]


@dataclass(frozen=True, slots=True)
class Figure:
    """One figure as written (``text``) and the keys any of which, found among the cited words' keys, supports it."""

    kind: str  # number, amount, percent, period, date
    text: str
    needs: frozenset[str]  # any one of these keys in the cited words supports it
    gives: frozenset[str]  # the keys this figure gives to the words it is in


def _words_value(s: str) -> int | None:
    total, current, seen = 0, 0, False
    for w in re.split(r"[\s,-]+", s.lower()):
        if w in ("", "and", "a"):
            if w == "a":
                current = max(current, 1)
            continue
        if w in SMALL_NUMBERS:
            current += SMALL_NUMBERS[w]
        elif w in TENS:
            current += TENS[w]
        elif w == "hundred":
            current = max(current, 1) * 100
        elif w in SCALES:
            total += max(current, 1) * SCALES[w]
            current = 0
        else:
            return None
        seen = True
    return total + current if seen else None


def number_value(s: str) -> float | None:
    """The value of a number as written: "1,000,000", "10 000", "2.5", "twenty-five", "one hundred and fifty"."""
    t = re.sub(r"(?<=\d)(st|nd|rd|th)$", "", s.strip(), flags=re.I)  # "21st"; never "thousand"
    if re.fullmatch(r"[\d,.\s\u00a0]+", t):
        t = re.sub(r"[,\s\u00a0]", "", t)
        try:
            return float(t)
        except ValueError:
            return None
    v = _words_value(t)
    return float(v) if v is not None else None


def _fmt(v: float) -> str:
    return str(int(v)) if v == int(v) else repr(round(v, 6))


def _currency(before: str | None, after: str | None) -> str | None:
    if before:
        return CURRENCY_BEFORE[before.lower()]
    if after:
        low = after.lower()
        word = low.split()[-1]
        code = CURRENCY_AFTER.get(word)
        if code == "USD":
            for nation, c in DOLLAR_NATIONS.items():
                if low.startswith(nation):
                    return c
        return code
    return None


def _period(after: str) -> str | None:
    low = re.sub(r"\s+", " ", after.lower()).rstrip("s")
    return PERIOD_UNITS.get(low)


#: Month names that are also common words ("a payment under section 3 may be made"): a month only capitalised.
_VERB_MONTHS = frozenset({"may", "march"})


def _date_keys(m: re.Match[str]) -> tuple[frozenset[str], frozenset[str]]:
    """(needs, gives) of one date match."""
    g = m.groupdict()
    y = g.get("y")
    if g.get("a") is not None:  # digits only: day and month either way round
        a, b = int(g["a"]), int(g["b"])
        opts = [(d, mo) for d, mo in ((a, b), (b, a)) if 1 <= mo <= 12 and 1 <= d <= 31]
        keys = {f"date:{y}-{mo:02d}-{d:02d}" for d, mo in opts}
        gives = keys | {f"month:{y}-{mo:02d}" for _, mo in opts} | {f"day:{mo:02d}-{d:02d}" for d, mo in opts}
        return frozenset(keys), frozenset(gives | {f"n:{y}"})
    month_word = g.get("m") or g.get("m2")
    if month_word is None:
        return frozenset(), frozenset()
    if month_word in _VERB_MONTHS:  # "section 3 may be made", "march on": a month is capitalised
        return frozenset(), frozenset()
    mo = MONTH_NUMBERS.get(month_word.lower().rstrip("."), None) if not month_word.isdigit() else int(month_word)
    if mo is None or not 1 <= mo <= 12:
        return frozenset(), frozenset()
    d_s = g.get("d") or g.get("d2")
    d = int(d_s) if d_s else ORDINAL_DAYS.get((g.get("dw") or "").lower().replace(" ", "-"))
    if d is not None and not 1 <= d <= 31:
        return frozenset(), frozenset()
    if y and d:
        key = f"date:{y}-{mo:02d}-{d:02d}"
        return frozenset({key}), frozenset({key, f"month:{y}-{mo:02d}", f"day:{mo:02d}-{d:02d}", f"n:{y}"})
    if y:
        key = f"month:{y}-{mo:02d}"
        return frozenset({key}), frozenset({key, f"n:{y}"})
    key = f"day:{mo:02d}-{d:02d}"
    return frozenset({key}), frozenset({key})


def figures(text: str) -> list[Figure]:
    """Every number, amount, percentage, period and date in ``text``, each with the keys that support it.

    Dates are read first and their words taken out, then amounts, shares and periods with their numbers; what
    numbers are left stand alone.  "one" alone ("one of the grounds") is a pronoun as often as a count and is
    not read; "one (1)", "one million" and "one year" are."""
    out: list[Figure] = []
    taken = list(text)
    months = _ANY_MONTH.search(text) is not None  # most provisions name no month: skip the month patterns
    for pat in DATES if months else _DIGIT_DATES:
        for m in pat.finditer("".join(taken)):
            needs, gives = _date_keys(m)
            if needs:
                out.append(Figure("date", m.group(0), needs, gives))
                taken[m.start():m.end()] = " " * (m.end() - m.start())
    rest = "".join(taken)
    for m in FIGURE.finditer(rest):
        num = m.group("num")
        if num is None:
            continue
        if num.lower() in ("a", "an"):
            if not m.group("after") or not _PERIOD_LEAD.search(rest[:m.start()]):
                continue  # "$5 a year" is a rate, not a period; "within a year" is one
            if re.match(r"(?:calendar|financial|fiscal)\s", m.group("after"), re.I) and re.search(
                    r"\b(?:for|in|each|every|per|any)\s*$", rest[:m.start()], re.I):
                continue  # "the share for a calendar year" names which year, it counts none
            base = 1.0  # "a year", "a week": one of them
        elif num.lower().startswith("a ") or num.lower().startswith("a\u00a0"):
            num = num[2:]
            base = float(SCALES[num.strip().lower()])
        else:
            base = number_value(num)
        if base is None:
            continue
        scale = (m.group("scale") or "").strip().lower()
        if scale in SHORT_SCALES and not re.match(r"\d", num) and scale not in ("k",):
            scale = ""  # "one m" is not a million
        after = (m.group("after") or "").strip()
        cur_before = m.group("cur")
        if cur_before and cur_before.lower() == "r" and not re.match(r"R\d", m.group(0).strip()):
            cur_before = None  # "R" is the rand only glued to its digits
        if scale and scale in SHORT_SCALES and not cur_before and not after:
            if scale in ("m", "b"):
                scale = ""  # "5 m" alone is five metres or a typo, not five million
        value = base * SCALES[scale] if scale else base
        if m.group("repeat"):
            rep = re.sub(rf"^\s*\(\s*(?:{_CUR_BEFORE})?\s?|\s*\)\s*$", "", m.group("repeat"), flags=re.I)
            rep_v = number_value(re.sub(r"[%a-zA-Z\s]+$", "", rep))
            if rep_v is not None and rep_v != value and rep_v != base:
                # "thirty (30)" repeats the figure; "ten (11)" is a drafting slip: both figures stand
                out.append(_plain(rep_v, rep))
        low_num = num.strip().lower()
        if low_num == "one" and not (scale or after or m.group("repeat") or cur_before):
            continue
        if low_num in ("zero",) and not after:
            continue
        cur = _currency(cur_before, after if after and not re.match(PERIOD_UNITS_RE, after) else None)
        written = m.group(0).strip()
        n = f"n:{_fmt(value)}"
        if cur is not None:
            key = f"amount:{cur}:{_fmt(value)}"
            out.append(Figure("amount", written, frozenset({key}), frozenset({key, n, f"currency:{cur}"})))
        elif after and re.match(PERCENT_WORDS, after, re.I) or after.startswith("%"):
            key = f"percent:{_fmt(value)}"
            out.append(Figure("percent", written, frozenset({key}), frozenset({key, n})))
        elif after and _period(after):
            unit = _period(after)
            assert unit is not None
            key = f"period:{unit}:{_fmt(value)}"
            gives = {key, n}
            if unit in PERIOD_EQUIVALENTS:
                other, mult = PERIOD_EQUIVALENTS[unit]
                gives.add(f"period:{other}:{_fmt(value * mult)}")
            needs = {key}
            for big, (small, mult) in PERIOD_EQUIVALENTS.items():  # "12 months" is supported by "one year"
                if small == unit and value % mult == 0:
                    needs.add(f"period:{big}:{_fmt(value / mult)}")
            if unit in PERIOD_EQUIVALENTS:
                other, mult = PERIOD_EQUIVALENTS[unit]
                needs.add(f"period:{other}:{_fmt(value * mult)}")
            out.append(Figure("period", written, frozenset(needs), frozenset(gives)))
        else:
            out.append(_plain(value, written))
    return out


PERIOD_UNITS_RE = rf"(?:{_PERIOD})s?\b"
#: the words before "a year", "a month" that make it a period ("within a year", "for a week"), not a rate
_PERIOD_LEAD = re.compile(r"\b(?:within|for|after|before|of|in|than|over|to|least|most|about|nearly|almost|once|"
                          r"up to|exceeding|not exceeding)\s*$", re.I)


def _plain(value: float, written: str) -> Figure:
    n = f"n:{_fmt(value)}"
    return Figure("number", written.strip(), frozenset({n}), frozenset({n}))


def figure_keys(text: str) -> set[str]:
    """Every key the figures of ``text`` give (what a claim's figures are looked up in)."""
    return set(_figure_keys(text))


@lru_cache(maxsize=2048)
def _figure_keys(text: str) -> frozenset[str]:  # a unit is cited again and again: read once
    out: set[str] = set()
    for f in figures(text):
        out |= f.gives
    for w in re.findall(rf"\b({_CUR_AFTER})\b", text, re.I):  # the currency a text names anywhere in it
        out.add(f"currency:{CURRENCY_AFTER[w.lower()]}")
    out |= _list_count(text) | _date_gaps(out) | _date_count(out) | _every_nth(text) | _year_gaps(text)
    return frozenset(out)


_YEAR_WORD = re.compile(r"(?<![\d/.,-])(1[89]\d\d|20\d\d)(?![\d/.,-]?\d)")


def _year_gaps(text: str) -> set[str]:
    """The years between two years a text gives ("married in 2007 ... an apartment purchased in 2009"): "two
    years later" is what it shows.  Read only where the text names few years (at most four), so that a passage
    listing many years does not give every gap."""
    years = sorted({int(y) for y in _YEAR_WORD.findall(text)})
    if not 2 <= len(years) <= 4:
        return set()
    return {f"period:year:{b - a}" for i, a in enumerate(years) for b in years[i + 1:] if 0 < b - a <= 50}


_NTH = {w: i + 2 for i, w in enumerate("second third fourth fifth sixth seventh eighth ninth tenth eleventh "
                                       "twelfth".split())}
_EVERY_NTH = re.compile(r"\bevery\s+(" + "|".join(_NTH) + r"|(\d{1,2})(?:st|nd|rd|th))\s+(day|week|month|year)\b", re.I)


def _every_nth(text: str) -> set[str]:
    """"every fifth year" is a period of five years ("further reports every five years")."""
    out: set[str] = set()
    for m in _EVERY_NTH.finditer(text):
        n = int(m.group(2)) if m.group(2) else _NTH[m.group(1).lower()]
        out.add(f"period:{m.group(3).lower()}:{n}")
        if m.group(3).lower() == "year":
            out.add(f"period:month:{12 * n}")
    return out


def _date_count(keys: set[str]) -> set[str]:
    """How many dates a text gives ("Date Signed: NOVEMBER 5, 1997 … Date Signed: NOVEMBER 3, 1997" gives two):
    a claim that counts them ("two signing dates") states what the text shows."""
    n = len({k for k in keys if k.startswith("date:")})
    return {f"n:{n}"} if 2 <= n <= 12 else set()


_ROMAN = {r: i + 1 for i, r in enumerate("i ii iii iv v vi vii viii ix x xi xii".split())}
_ITEM = re.compile(r"(?:^|[\s;:(])\(?([ivx]{1,4}|[a-l])\)", re.M)


def _list_count(text: str) -> set[str]:
    """How many items a text lists ("i) …; ii) …; and iii) …" lists three): a claim that counts them ("three
    premises") states what the text shows."""
    for numerals in (_ROMAN, {c: i + 1 for i, c in enumerate("abcdefghijkl")}):
        seen = [numerals[m.group(1)] for m in _ITEM.finditer(text) if m.group(1) in numerals]
        n = 0
        while n + 1 in seen:
            n += 1
        if n >= 2:
            return {f"n:{n}"}
    return set()


def _date_gaps(keys: set[str]) -> set[str]:
    """The days between two dates a text gives ("made on 17 July 2017, laid before Parliament on 19 July"):
    "two days later" is what it shows.  A day without a year takes the year of a dated day of the text."""
    import datetime as dt

    full = sorted(k[5:] for k in keys if k.startswith("date:"))
    years = {d[:4] for d in full}
    days = set(full)
    for k in keys:
        if k.startswith("day:") and len(years) == 1:
            days.add(f"{next(iter(years))}-{k[4:]}")
    out: set[str] = set()
    parsed = []
    for d in sorted(days)[:30]:
        try:
            parsed.append(dt.date.fromisoformat(d))
        except ValueError:
            continue
    for i, a in enumerate(parsed):
        for b in parsed[i + 1:]:
            gap = abs((b - a).days)
            if 0 < gap <= 366:
                out.add(f"period:day:{gap}")
                if gap % 7 == 0:
                    out.add(f"period:week:{gap // 7}")
    return out


def supported(f: Figure, keys: set[str]) -> bool:
    """Whether the cited words' ``keys`` hold figure ``f``.  A bare amount in the cited words ("1,000,000", the
    currency named elsewhere in them) supports a claim's "£1,000,000"."""
    if f.needs & keys:
        return True
    if f.kind == "amount":
        cur, value = next(iter(f.needs)).split(":")[1:]
        return f"n:{value}" in keys and f"currency:{cur}" in keys
    return False


#: A capitalised word: a name, a defined term ("the Buyer"), an acronym ("ICSID").
NAME = re.compile(r"(?<![\w'’])([A-Z][\w'’&.-]*[\w])|(?<![\w'’])([A-Z])(?![\w'’])")


def names(text: str) -> list[str]:
    """The capitalised words of ``text`` that are not the first word of a sentence nor in :data:`NOT_NAMES`,
    lower-cased and without a possessive ("Koza's" → "koza")."""
    out: list[str] = []
    text = SPEAKERS.sub(lambda m: " " * len(m.group(0)), text)  # "the Tax Court held": who spoke, not a name
    for m in NAME.finditer(text):
        w = m.group(0)
        before = text[max(0, m.start() - 12):m.start()].rstrip(" \t\"'“‘(")  # a few characters: linear
        if (not before and m.start() < 12) or before.endswith((".", "!", "?", ":", ";", "\n")):
            continue  # a sentence's first word is capitalised whatever it is
        low = re.sub(r"['’]s$", "", w.lower()).rstrip(".")
        if len(low) < 2 or low in NOT_NAMES or any(c.isdigit() for c in low):
            continue
        out.append(low)
    return out
