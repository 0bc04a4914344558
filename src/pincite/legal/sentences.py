"""THE sentence splitter, for everyone who cuts text into sentences: one mechanism, :func:`sentence_spans`, read
with one of two rule tables.

* :data:`DOCUMENT_RULES`, for what is stored: the chunker (a unit longer than the budget is split at its
  sentences), the answerers (each candidate is a sentence), the roles parser (a judge's statement of agreement or
  dissent is a sentence) and the voice parser (the sentence that introduces a quotation).
* :data:`DRAFT_RULES`, for a lawyer's draft: :func:`pincite.legal.citations.sentences`, whose sentences bind each
  citation to its quotation and proposition.

A sentence ends at a full stop, question or exclamation mark (and the closing quotes or brackets after it)
followed by whitespace and what starts a sentence -- unless the stop is a full stop after an abbreviation of the
table -- and at a blank line.  The tables differ where each side's readers need them to: each rule of the draft's
changes the stored units' sentences (so the chunker's passages and the roles parser's), each of the documents'
changes the draft checker's inputs (bench/NOTES.md, "One sentence splitter?" and "One sentence splitter: one
mechanism, two tables").
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterator
from dataclasses import dataclass, field



# -- the rule tables ---------------------------------------------------------------------------------------

#: The abbreviations that do not end a document's sentence, as whole words in any case, by kind: a case's "v.";
#: provisions and pages ("s.", "ss.", "para.", "p.", "art.", "sec.", "cl.", "reg.", "sch.", "r."); people and
#: judges ("Mr.", "Dr.", "L.J.", "Q.C."); companies ("Ltd.", "Inc.", "Co."); Latin and editorial ("e.g.", "i.e.",
#: "cf.", "et al.", "op. cit.", "ibid.", "viz."); places and others ("U.S.", "U.K.", "St.", "vol.", "fig.", "Hon.",
#: "Rt.", "Dept.").
ABBREVIATIONS = frozenset(
    "v vs s ss no nos para paras p pp mr mrs ms dr lj ljj j jj sc qc kc cj mr art arts sec secs ch cl cls "
    "e.g i.e cf etc inc ltd co corp plc llp reg regs sch ord r rr u.s u.k st ed eds al seq viz op cit ibid "
    "fig figs vol vols hon rt gen est approx dept govt".split()
)

#: A word of one letter before a full stop is an initial ("J. Smith") or a provision's letter ("s. 4").
INITIALS = frozenset("abcdefghijklmnopqrstuvwxyz")

#: The abbreviations that do not end a draft's sentence, as written (case counts), each the end of the text before
#: the full stop after a non-word character: a case's "v."; provisions ("s.", "ss.", "c." of a chapter, "cl.",
#: "art.", "sec.", "para."), pages ("p.", "pp.") and numbers ("No."); US citations' "Id.", "U.S.", "U. S.", "Dist.",
#: "Stat.", "T.C. Memo." and "Comm'n", "Gov't", "Ass'n"; Canada's "R.S." and "R.S.C." chapters; companies ("Co.",
#: "Ltd.", "Inc.", "Corp."); people and judges ("Mr.", "Dr.", "J.", "LJ.", "JJ.", "LJJ."); Latin ("e.g.", "i.e.",
#: "cf.", "et al.", "op."); "S." of "U.S.C."; "St.".  Not "ibid.", which ends the sentence it closes.
DRAFT_ABBREVIATIONS: tuple[str, ...] = (
    "v", "s", "ss", "c", "cl", "p", "pp", "para", "paras", "art", "No", "Nos", "op", "Id", "id", "U.S", "U. S",
    "Co", "Ltd", "Inc", "Corp", "St", "Mr", "Mrs", "Ms", "Dr", "J", "LJ", "JJ", "LJJ", "R.S", "S", "R.S.C", "Dist",
    "Memo", "T.C", "sec", "e.g", "i.e", "cf", "Cf", "vs", "al", "Comm'n", "Gov't", "Ass'n", "Stat",
)

#: A capital before a full stop, after a non-word character, is an initial in a draft ("J. Smith", "A. B. Jones").
DRAFT_INITIALS: tuple[str, ...] = tuple("ABCDEFGHIJKLMNOPQRSTUVWXYZ")


@dataclass(frozen=True, slots=True)
class SplitRules:
    """One table of the splitter's rules (:func:`sentence_spans` reads nothing else)."""

    #: what may follow a stop and still belong to its sentence: closing quotes and brackets
    closing: str
    #: what starts the next sentence by itself, besides a capital or a digit
    starters: str
    #: what starts the next sentence only before a capital, a digit or a starter (opening quotes and brackets)
    openers: str
    #: whether a capital or digit of any script starts a sentence (else only A-Z and 0-9)
    any_script: bool
    #: abbreviations as whole words, in lower case: the run of ASCII letters and full stops before the stop,
    #: less its final full stops, in any case
    abbreviation_words: frozenset[str]
    #: abbreviations as written: the end of the text before the stop, after a non-word character
    abbreviation_endings: tuple[str, ...]
    #: abbreviations that end no sentence before a digit, in lower case ("no. 38030/12"; "the answer is no. 4 …"
    #: is rare beside every application number a draft cites, and "no. The" still ends one)
    abbreviations_before_digit: frozenset[str]
    #: whether a stop inside a quotation ends only the quoted sentence (the quotations of :data:`QUOTED`)
    inside_quotations_continue: bool
    #: whether a stop followed by a line break ends a sentence whatever the word before it (or the quotation
    #: around it)
    line_break_ends: bool
    #: what a blank line is (always the end of a sentence)
    blank_line: str
    #: whether a sentence's span leaves out the whitespace at either end
    trim: bool
    _stop: re.Pattern[str] = field(init=False, repr=False, compare=False)
    _blank: re.Pattern[str] = field(init=False, repr=False, compare=False)
    _endings: re.Pattern[str] | None = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        closing = "".join(re.escape(c) for c in self.closing)
        object.__setattr__(self, "_stop", re.compile(rf"[.!?][{closing}]*\s+" if closing else r"[.!?]\s+"))
        object.__setattr__(self, "_blank", re.compile(self.blank_line))
        endings = "|".join(re.escape(e) for e in self.abbreviation_endings)
        object.__setattr__(self, "_endings", re.compile(rf"\b(?:{endings})\.$") if endings else None)


#: The rules for a stored document's text (units of judgments, Acts and contracts).
DOCUMENT_RULES = SplitRules(
    closing="\"'”’)]",  # a quotation or bracket closed after the stop ends with the sentence
    starters="\"'“‘([§",  # a quotation, a bracket ("(1)", "[2]") or a section sign opens the next sentence
    openers="",  # (every opening mark is a starter: a quoted sentence may begin in lower case)
    any_script=True,  # judgments and Acts quote French and other scripts ("Élément", "Ä")
    abbreviation_words=ABBREVIATIONS | INITIALS,  # "v.", "s.", "Ltd." and initials, in any case ("V.", "S.")
    abbreviation_endings=(),  # (a word is read whole: "1565N." after digits is the word "N")
    abbreviations_before_digit=frozenset(),  # ("no" is an abbreviation word already)
    inside_quotations_continue=False,  # a judgment's quoted passage is sentences of its own, for its passages
    line_break_ends=False,  # a line break is a wrapped line of a contract or Act, not an end
    blank_line=r"\n[ \t\r\f\v]*\n\s*",  # a paragraph or heading break
    trim=True,  # a passage's sentence is its words
)

#: The rules for a lawyer's draft (the citation finder's sentences: each citation's quotation and proposition).
DRAFT_RULES = SplitRules(
    closing="\"”’)",  # a closing quotation or bracket ends with the sentence ("…demand.” (clause 8.2)" apart)
    starters="[",  # a paragraph pinpoint ("[62] The court…") opens the next sentence
    openers="\"“‘(",  # an opening quote or bracket opens one only before a capital: "(clause 8.2 …)" does not
    any_script=False,  # a draft's sentences open in English: A-Z and 0-9
    abbreviation_words=frozenset(),  # (the draft's abbreviations are endings: "U.S.C." ends in "S.")
    abbreviation_endings=DRAFT_ABBREVIATIONS + DRAFT_INITIALS,  # "R.S.C. 1985", "T.C. Memo. 2020-26", "J. Smith"
    abbreviations_before_digit=frozenset({"no", "nos"}),  # "Khan v. Germany [GC], no. 38030/12, § 42"
    inside_quotations_continue=True,  # a full stop inside a quotation ends the quoted sentence, not the draft's
    line_break_ends=True,  # a draft's stop before a line break is a paragraph's or list item's end
    blank_line=r"\n\s*\n",  # a paragraph break
    trim=False,  # the finder's spans, as found (whitespace at a blank line's side kept)
)


# -- the splitter ------------------------------------------------------------------------------------------


def sentence_spans(text: str, start: int, end: int, rules: SplitRules = DOCUMENT_RULES) -> list[tuple[int, int]]:
    """Split ``text[start:end]`` into sentence spans by ``rules`` (:data:`DOCUMENT_RULES` unless told).  A blank
    line always ends a sentence; so does a stop and its closing marks, followed by whitespace and what starts a
    sentence, unless the stop is a full stop after an abbreviation (or, under a quotation rule, inside a
    quotation) -- and, under a line-break rule, whatever the word before it when the whitespace holds a line
    break.  One pass: each candidate end is looked at once, the word before a full stop read backwards."""
    out: list[tuple[int, int]] = []
    quoted: list[tuple[int, int]] = []
    if rules.inside_quotations_continue:
        quoted = [(m.start() + 1, m.end() - 1) for m in QUOTED.finditer(text, start, end)]  # in order, disjoint
    quoted_starts = [a for a, _ in quoted]
    cur = pos = start
    stops, blanks, closing_marks, trim_ = rules._stop.search, rules._blank.search, rules.closing, rules.trim
    blank = blanks(text, pos, end)  # the next blank line (two searches, not one of both: a quarter the time)
    while True:
        if blank is not None and blank.start() < pos:
            blank = blanks(text, pos, end)
        m = stops(text, pos, end)
        if blank is not None and (m is None or blank.start() < m.start()):
            _keep(out, text, cur, blank.start(), trim_)
            cur = pos = blank.end()
            continue
        if m is None:
            break
        stop, nxt = m.span()
        if _ends_at(text, m, cur, end, rules, quoted, quoted_starts):
            closing = stop + 1
            while text[closing] in closing_marks:
                closing += 1
            _keep(out, text, cur, closing, trim_)
            cur = pos = nxt
        elif blank is not None and blank.start() < nxt:  # not an end, but a blank line follows the stop
            _keep(out, text, cur, blank.start(), trim_)
            cur = pos = blank.end()
        else:
            pos = nxt
    _keep(out, text, cur, end, trim_)
    return out


def _ends_at(text: str, m: re.Match[str], cur: int, end: int, rules: SplitRules, quoted: list[tuple[int, int]],
             quoted_starts: list[int]) -> bool:
    """Whether the stop ``m`` found (and its closing marks and whitespace) ends the sentence begun at ``cur``."""
    stop, i = m.span()
    if i >= end:  # what follows the whitespace opens a sentence: a capital, a digit, a starter; an opener before one
        return False
    ch = text[i]
    if not (_capital(ch, rules.any_script) or ch in rules.starters):
        if ch not in rules.openers or i + 1 >= end:
            return False
        ch = text[i + 1]
        if not (_capital(ch, rules.any_script) or ch in rules.starters):
            return False
    if rules.line_break_ends and text.find("\n", stop, i) >= 0:
        return True
    after = stop + 1
    if quoted:
        inside = bisect.bisect_left(quoted_starts, after) - 1  # the one quotation that can hold it
        if inside >= 0 and after < quoted[inside][1] - 1:
            return False
    if text[stop] == ".":
        if rules.abbreviation_words and _word_before(text, cur, stop).lower().rstrip(".") in rules.abbreviation_words:
            return False
        if rules._endings is not None and rules._endings.search(text[max(cur, after - 12):after]):
            return False
        if ch.isdigit() and rules.abbreviations_before_digit and \
                _word_before(text, cur, stop).lower().rstrip(".") in rules.abbreviations_before_digit:
            return False
    return True


def _capital(ch: str, any_script: bool) -> bool:
    return (ch.isupper() or ch.isdigit()) if any_script else ("A" <= ch <= "Z" or "0" <= ch <= "9")


def _keep(out: list[tuple[int, int]], text: str, a: int, b: int, trim_: bool) -> None:
    """Add ``[a, b)`` to ``out`` if it holds more than whitespace (less that whitespace when ``trim_``)."""
    ta, tb = trim(text, a, b)
    if tb > ta:
        out.append((ta, tb) if trim_ else (a, b))


_WORD_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz.")


def _word_before(seg: str, cur: int, dot: int) -> str:
    """The run of ASCII letters and full stops that ends ``seg[cur:dot]`` (before one final newline, as the
    regex ``[A-Za-z.]+$`` finds it), read backwards from ``dot``: searching the whole sentence so far with that
    regex at every full stop cost time in the square of a long sentence's length."""
    end = dot - 1 if dot > cur and seg[dot - 1] == "\n" else dot
    a = end
    while a > cur and seg[a - 1] in _WORD_CHARS:
        a -= 1
    return seg[a:end]


def trim(text: str, a: int, b: int) -> tuple[int, int]:
    """``[a, b)`` less the whitespace at either end."""
    while a < b and text[a].isspace():
        a += 1
    while b > a and text[b - 1].isspace():
        b -= 1
    return a, b


def sentences(text: str) -> list[str]:
    """The sentences of ``text``, each line (a paragraph) apart: the splitter above, as strings."""
    out = []
    for line in text.split("\n"):
        out.extend(line[a:b] for a, b in sentence_spans(line, 0, len(line)))
    return out


# -- quotations --------------------------------------------------------------------------------------------

class _QuoteMatch:
    """One quotation found by :data:`QUOTED`, read as an ``re.Match`` is (``start``/``end``/``span``/``group``
    of the whole or of group ``a``, ``b`` or ``c``)."""

    __slots__ = ("_start", "_end", "_name", "_string")

    def __init__(self, string: str, start: int, end: int, name: str) -> None:
        self._string, self._start, self._end, self._name = string, start, end, name

    def span(self, g: int | str = 0) -> tuple[int, int]:
        if g in (0, None):
            return self._start, self._end
        if g not in ("a", "b", "c"):
            raise IndexError(f"no such group {g!r}")
        return (self._start + 1, self._end - 1) if g == self._name else (-1, -1)

    def start(self, g: int | str = 0) -> int:
        return self.span(g)[0]

    def end(self, g: int | str = 0) -> int:
        return self.span(g)[1]

    def group(self, g: int | str = 0) -> str | None:
        a, b = self.span(g)
        return None if a < 0 else self._string[a:b]

    def __getitem__(self, g: int | str) -> str | None:
        return self.group(g)


def _word_char(ch: str) -> bool:
    return ch.isalnum() or ch == "_"  # what ``\w`` matches in a str pattern


class _QuoteScanner:
    """The quotations of a text, as the regex ``pattern`` finds them (``finditer(text, pos, endpos)`` gives the
    same matches), in one pass: each opening mark's closing mark is looked up once with ``str.find`` and
    remembered, so 400 KB of unclosed “ costs a scan, not one scan per mark (the regex took over 120 s)."""

    pattern = r"\"(?P<a>[^\"]+)\"|“(?P<b>[^”]+)”|(?<![\w’])‘(?P<c>[^’‘]+(?:’\w[^’‘]*)*)’(?!\w)"

    def search(self, text: str, pos: int = 0, endpos: int | None = None) -> _QuoteMatch | None:
        return next(self.finditer(text, pos, endpos), None)

    def finditer(self, text: str, pos: int = 0, endpos: int | None = None) -> Iterator[_QuoteMatch]:
        n = len(text) if endpos is None else max(0, min(endpos, len(text)))
        seen: dict[str, tuple[int, int]] = {}  # mark -> (from, next place at or after from; n: none)

        def after(mark: str, frm: int) -> int:
            hit = seen.get(mark)
            if hit is not None and hit[0] <= frm <= hit[1]:
                return hit[1]
            at = text.find(mark, frm, n)
            at = n if at < 0 else at
            seen[mark] = (frm, at)
            return at

        p = max(0, pos)
        while p < n:
            p = min(after('"', p), after("“", p), after("‘", p))
            if p >= n:
                return
            ch = text[p]
            if ch in '"“':
                q = after('"' if ch == '"' else "”", p + 1)
                if p + 1 < q < n:
                    yield _QuoteMatch(text, p, q + 1, "a" if ch == '"' else "b")
                    p = q + 1
                    continue
                p += 1
                continue
            # ‘…’: not after a letter or ’; a ’ inside it is an apostrophe when a letter follows it
            end = -1
            if not (p > 0 and (_word_char(text[p - 1]) or text[p - 1] == "’")):
                i = p + 1
                while True:
                    r = min(after("’", i), after("‘", i))
                    if r >= n or text[r] == "‘" or (r == p + 1):
                        break
                    if r + 1 < n and _word_char(text[r + 1]):
                        i = r + 2
                        continue
                    end = r
                    break
            if end > 0:
                yield _QuoteMatch(text, p, end + 1, "c")
                p = end + 1
            else:
                p += 1


#: What marks a statement as a quotation: double quotes, straight or curly, and curly single quotes (British
#: style); two words or fewer are a defined term or a name ("the "Agreement""), not a quotation.  Found by a
#: linear scanner that gives this regex's matches: :attr:`_QuoteScanner.pattern`.
QUOTED = _QuoteScanner()
