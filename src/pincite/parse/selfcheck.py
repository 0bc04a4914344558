"""The document's own evidence about the labels a parser gave it: a verdict on every parsed document's
numbering.

pincite's checks prove that quoted words lie inside the unit a citation names, but they trust the parser for
what that unit is called.  This module asks the document.  It runs in :func:`pincite.parse.parse_bytes` on
every document, whatever its format, after the labels are made unique and before the document is stored, and
sets ``meta["numbering"]``::

    {"verdict": "verified" | "contradicted" | "unnumbered" | "unchecked",
     "references": M, "resolved": N, "evidence": ["kind: words @offset", ...], "corrected": ["rule", ...],
     "why": "one line: what decided the verdict"}

**Evidence for the labels.**  *Internal references* (``legal/references``: "Section 5.2(a)", "paragraph 42
above", "s. 77(2)", "Schedule 2", "Part II.B", "subsection (3)") that resolve to a label.  References to other
instruments ("section 5 of the Act 1998", "Article 8 ECHR", "[2019] UKSC 5 at [42]", "1991, c. 38, s. 12"),
inside long quotations, inside non-citable units (notes, covers), an "Article" or "Rule" in a document none of
whose labels is an article, rule or clause, inside an amending provision (it names the Act it amends) or
beyond the document's own highest number are left out.  A reference resolves when its path is a label of its
family ("Section 5.2(a)" names ``cl. 5.2(a)`` or ``s. 5.2(a)``; "paragraph 42" names ``[42]``; "3(k)" names
``cl. 3.k``), or when a shorter path is one and the parser splits nothing below it.  A family the document has
no labels of (sections cited in a judgment) says nothing either way.  Units whose printed number agrees with
their label are counted as support in the evidence, not in M.

**Evidence against** (each names an offset; the first eight kinds are decisive alone):

* ``printed``    a unit's text (or the line just before its span) opens with a number of its label's style
  (``5.``, ``[14]``, ``(b)``, "Sec. 7") that is not its number — the parser's number is not the page's;
* ``repeated``   two citable siblings (same parent and kind) with one label, "(2nd)" aside — a number given
  twice (a list restarting at 1, (a) or (i) is a new list, not a repeat);
* ``folded``     a line inside a unit's own text (outside its children and its quotations) opening with its
  own number again, or its previous sibling's, printed as the unit's own is printed ("39." where Word stores
  "39"), before a sentence: a repeated number the parser folded into the unit (1, 2, 3, 2, 3 read as 1, 2, 3).
  Not one: a numbered heading of another count ("2. The facts"), a quoted judgment's paragraphs (the numbered
  lines after "... said:" that count on from the first, or inside open quotation marks);
* ``backwards``  a sibling numbered lower than the one before, other than a restart at 1 (a decimal such as
  18.2 after 18.19 is read as a fraction as well as a count, and must go back under both readings);
* ``empty``      a numbered citable unit with nothing but its number and no units inside it;
* ``heading``    at least :data:`HEADING_WRONG_MIN` references that say what their unit is called ("Section
  2.3 (Effect of Termination)") land on units with other headings while units of the same family carry those
  headings — and more of them than land right (one is as often a drafter's slip);
* ``trailer``    the last citable unit ends with words that are no part of it, or is one
  (``legal/references.TRAILER``: a page footer, a licence note, "[Signature page follows]");
* ``swallowed``  a non-citable signature or "other" block over :data:`SWALLOWED_CHARS` characters of prose (a
  dissent read as signatures); a judge's heading line ("Lady Justice Andrews:") between or glued to paragraphs
  of one author with no heading unit for it; a bare "I agree." closing an author's run of more than
  :data:`VOICE_RUN_MIN` paragraph; a paragraph opening "I agree with X LJ" in X LJ's own run;
* ``unresolved`` references to labels that do not exist: decisive when one names a number below the family's
  first label or inside a gap of its labels (a reference to 5.2 where the labels skip 5), or in bulk — at
  least :data:`UNRESOLVED_MIN` within the document's range and under :data:`RESOLVED_SHARE_MIN` of all
  resolving; otherwise recorded only: a reference to a clause deleted in negotiation is a real drafting slip;
* ``skipped``    a sibling number jumping by more than one: recorded, never decisive (documents skip numbers
  of their own — repealed sections, "Intentionally omitted" — and a skipped *label* under a printed number is
  ``printed`` anyway).

**The verdict.**  ``contradicted`` when any decisive evidence is found.  Otherwise ``unnumbered`` when at
least :data:`ORDER_ONLY_SHARE` of the citable units are labelled by order only (``¶N``, number-less ``BLOCK``
units, ``attrs["by_order"]``); ``verified`` when at least :data:`VERIFY_MIN` internal references were checked
and at least :data:`RESOLVED_SHARE_MIN` of them resolve; else ``unchecked``, "why" saying that threshold was
not met. Set on ../shared's corpus (56 documents), a seeded sample of 150 bulk files and the zoo with
``bench/mutations.py``: recall 0.99+ on every injected fault kind, 0-2 % of clean documents contradicted
(several of those the parsers' real faults).

**Corrections.**  One rule, only when decisive: at least :data:`SHIFT_MIN` references naming headings all land
the same number of units off, on units of one family carrying those headings, and none lands right.  Every
top-level number of that family is moved back by the offset (label and number; the old label kept in
``attrs["label_corrected_from"]``), the rule recorded in ``"corrected"``, and the document checked again.
Otherwise labels stay as the parser made them and each unit the evidence names gets
``attrs["label_unverified"] = True`` (``attrs["span_unverified"]`` where its span, not its number, is in
doubt): no surface shows such a label as the document's own number (``types.label_unverified``; the answer's
pinpoint reads "¶N by order; the document's numbering could not be verified").

Cost: one pass of the reference patterns over the text and linear passes over the units — about 10-15 % of the
parse time (``bench/mutations.py --time``)."""

from __future__ import annotations

import bisect
import re
from collections import Counter, defaultdict
from dataclasses import replace
from typing import Any

from pincite.legal.references import (
    AMENDING, BARE_AGREE, JUDGE_HEADING, JUDGE_NAMED, SECOND_VOICE, TRAILER, Reference, internal_references,
)
from pincite.legal.support import MONTH_NUMBERS
from pincite.legal.text_judgments import QUOTATION_INTRODUCED as _INTRODUCES
from pincite.types import DocumentKind, ParsedDocument, Unit, UnitKind, Zone

#: At least this many internal references checked before a document can be ``verified``: one or two
#: references resolving is what chance gives any list numbered 1..n.
VERIFY_MIN = 3
#: Share of checked references that must resolve for ``verified`` (and below which, with enough unresolved
#: ones, references contradict): cross-references to a deleted clause or a mis-typed number are real drafting
#: slips, so a few unresolved ones do not condemn a document.
RESOLVED_SHARE_MIN = 0.6
#: Unresolved references needed before references alone contradict the labels.
UNRESOLVED_MIN = 4
#: Share of citable units labelled by order only that makes a document ``unnumbered``.
ORDER_ONLY_SHARE = 0.5
#: References with a heading, all off by one offset, needed to correct a shifted numbering.
SHIFT_MIN = 3
#: References naming a heading that land elsewhere, needed (and more of them than land right) before they
#: contradict: one is as often the drafter's slip (a heading renamed, a reference not updated) as the
#: parser's.
HEADING_WRONG_MIN = 2
#: References naming a heading that land on units called something else, with no unit carrying the heading,
#: needed (at least, and as a share of the references naming headings) before they contradict the labels.
ASTRAY_MIN = 3
ASTRAY_SHARE = 0.75
#: A non-citable signature/other block longer than this (about two printed pages) is prose, not signatures.
SWALLOWED_CHARS = 6000
#: A second judge's bare "I agree." needs this many paragraphs of one author's run before it (a run of one
#: paragraph is the agreeing judge's own).
VOICE_RUN_MIN = 1

_SUFFIX = re.compile(r"\s+\((?:\d+(?:st|nd|rd|th)|2nd|3rd)\)$")
_BRACKET = re.compile(r"^\[(\d+[A-Z]?)\]$")
_PROVISION = re.compile(r"^(?:cl|s|ss|sec|reg|art|r|rule|para|§)\.?\s*(?P<p>[0-9][0-9A-Za-z.()\-]*)$", re.I)
_PART = re.compile(r"^Part\s+(?P<p>[IVXLC0-9]+(?:[.\-][A-Z0-9]+)*)$")
_SCHED = re.compile(r"^(?:Schedule|Sch\.|Exhibit|Annex|Appendix|Attachment)\s+(?P<p>[A-Z0-9]{1,5})$", re.I)
_BARE = re.compile(r"^(?P<p>\d+[A-Z]?(?:\.\d+[A-Z]?)*(?:\([0-9A-Za-z]{1,5}\))*)$")

#: A number printed at a line's start: "[14]", "(b)", "5.2", "12.", "IV.", "§ 4", "Section 7", "SEC. 101.".
_PRINTED = re.compile(r"^[ \t]*(?:§+\s*|(?:Sec(?:tion)?|SEC(?:TION)?|Article|ARTICLE|Clause|CLAUSE|"
                      r"Regulation|"
                      r"Rule)\.?\s+)?(?P<n>\[\d+[A-Z]?\]|\([0-9A-Za-z]{1,5}\)|\d+[A-Z]?(?:\.\d+[A-Z]?)*\.?"
                      r"|[IVXLC]+\.)(?=[\s\u00a0)]|$)")
_WORD = re.compile(r"[A-Za-z]{2,}")
_PARTS = re.compile(r"\d+|[A-Za-z]+")
#: The numbers a list starts with: a second one among siblings starts a list again, not a repeat.
_FIRSTS = frozenset({"1", "a", "A", "i", "I", "0"})


#: The months, as legal/ spells them (full and short): a number before one at a line's start is a date's day.
_MONTH_WORDS = "|".join(sorted((m.capitalize() for m in MONTH_NUMBERS), key=len, reverse=True))
#: A number printed at a line's start and followed by a sentence ("3.1 Late payments..."), inside a unit.
_LINE_NUMBER = re.compile(r"(?m)^[ \t]*(?P<n>\[\d+[A-Z]?\]|\([0-9A-Za-z]{1,5}\)|\d+[A-Z]?(?:\.\d+[A-Z]?)*\.?)"
                          r"[ \t]+(?=[A-Z\u201c\"])(?!(?:" + _MONTH_WORDS + r")\b)")
#   (a day of a date wrapped to a line's start, "sent to the school on\n4 November 2019", is no clause number)


#: A unit's own printed number on one of its first lines (after a marginal note): where its text begins.
_PRINTED_AT = re.compile(r"(?m)^[ \t]*(?:§+\s*|(?:Sec(?:tion)?|SEC(?:TION)?)\.?\s+)?"
                         r"(?P<n>\[\d+[A-Z]?\]|\([0-9A-Za-z]{1,5}\)|\d+[A-Z]?(?:\.\d+[A-Z]?)*\.?)(?=[\s)]|$)")


_LINE_END = re.compile(r"[^\n]*")
#: The longest line read as a numbered heading ("2. The facts", "1. Introduction") when it ends without a stop.
HEADING_LINE_MAX = 80


def _not_own_line(text: str, line_at: int, body_at: int) -> bool:
    """A numbered line that is not one of the document's own paragraphs: the first line of a quotation a
    colon introduces ("Lord Nicholls said:" then "69. How, then, ..." from the judgment quoted), or a heading
    of another count ("2. THE FACTUAL BACKGROUND": no lower-case word on its line)."""
    rest = _LINE_END.match(text, body_at).group(0).strip()
    if not re.search(r"[a-z]{2,}", rest) or (len(rest) <= HEADING_LINE_MAX and rest[-1:] not in ".;:,?!\"”'’"):
        return True
    before = text[max(0, line_at - 400):line_at].rstrip()
    last = before.rsplit("\n", 1)[-1]
    return bool(_INTRODUCES.search(last))


#: A numbered line, perhaps opening with a quotation mark ("“40. …Sephton contend that ...").
_QUOTED_NUMBER_LINE = re.compile(r"(?m)^[ \t]*[\"“‘']?[ \t]*\[?(?P<n>\d+)\]?\.?[ \t]")


def _quoted_run_lines(text: str, start: int, end: int) -> set[int]:
    """The starts of the numbered lines between ``start`` and ``end`` that print a quoted judgment's paragraphs:
    a numbered line right after a line ending with a colon ("... at [69]-[71] as follows:") opens a run, and
    each later line numbered one more than the last in the run continues it ("69.", "70.", "71.")."""
    out: set[int] = set()
    expect: int | None = None
    for m in _QUOTED_NUMBER_LINE.finditer(text, start, end):
        n = int(m.group("n"))
        before = text[max(start, m.start() - 400):m.start()].rstrip()
        if _INTRODUCES.search(before.rsplit("\n", 1)[-1]) or n == expect:
            out.add(m.start())
            expect = n + 1
    return out


def _inside_quotation(text: str, start: int, at: int) -> bool:
    """Whether ``at`` lies inside a quotation opened after ``start`` and not closed before it: more opening
    curly quotes than closing ones, or an odd count of straight double quotes (a judgment quoting paragraphs
    13 to 34 of the decision below prints their numbers at line starts)."""
    span = text[start:at]
    return span.count("\u201c") > span.count("\u201d") or span.count('"') % 2 == 1


def _style_token(number: str) -> str:
    n = number.strip()
    return n if n[:1] in "[(" or n[:1].isdigit() else n + "."


_NOT_NUMBER = re.compile(r"[\s\[\]()§]")
#: The words that name a document's attachments: a reference to one the filing left out is no parser's fault.
_ATTACHMENT_WORD = re.compile(r"(?i)(?:appendix|appendices|exhibit|schedule|annex|annexure|attachment|sch\b)")
#: The word a printed number may carry ("ARTICLE I.", "Section 4"): the number is what follows it.
_KIND_WORD = re.compile(r"^(?:[A-Za-z]{2,}\.?\s+)+(?=[0-9IVXLCivxlc(\[])")


def _plain(number: str) -> str:
    return _NOT_NUMBER.sub("", number).rstrip(".")


def _style(token: str) -> str:
    t = token.strip()
    if t.startswith("["):
        return "digit"  # "[14]" and "14." are one count printed two ways
    if t.startswith("("):
        return "paren-digit" if t[1:-1].isdigit() else "paren"
    if t[0].isdigit():
        return "decimal" if "." in t.rstrip(".") else "digit"
    return "roman"


def label_key(label: str | None) -> tuple[str, str] | None:
    """A label's family and number path: ``cl. 5.2(a)`` -> ("num", "5.2(a)"), ``[42]`` -> ("para", "42"),
    ``Part II-A`` -> ("part", "II-A"), ``Exhibit B`` -> ("sched", "B"); None for labels by order (``¶3``)."""
    if not label:
        return None
    label = _SUFFIX.sub("", label.strip())
    if m := _BRACKET.match(label):
        return "para", m.group(1)
    if m := _PROVISION.match(label):
        return "num", m.group("p").replace(" ", "")
    if m := _PART.match(label):
        return "part", m.group("p").replace("-", ".")
    if m := _SCHED.match(label):
        return "sched", m.group("p").upper()
    if m := _BARE.match(label):
        return "num", m.group("p")
    return None


def order_only(u: Unit) -> bool:
    """A citable unit whose label is its position, not a number the document prints."""
    if u.attrs.get("by_order") or u.kind == UnitKind.BLOCK and not u.number:
        return True
    return bool(u.label and "\u00b6" in u.label and not u.number)


def _numeric(number: str | None) -> tuple[str, int] | None:
    """A sibling number as (style, value) when it is a plain count: "7", "7.", "[7]", "(7)", "(c)", "5.3"."""
    if not number:
        return None
    t = number.strip()
    if m := re.fullmatch(r"\[?(\d+)\]?\.?", t):
        return "digit", int(m.group(1))
    if m := re.fullmatch(r"\((\d+)\)", t):
        return "paren-digit", int(m.group(1))
    if m := re.fullmatch(r"\(([a-z])\)", t):
        return "paren-lower", ord(m.group(1)) - 96
    if m := re.fullmatch(r"\(([A-Z])\)", t):
        return "paren-upper", ord(m.group(1)) - 64
    if m := re.fullmatch(r"(?:\d+\.)+(\d+)\.?", t):
        return "decimal" + t.rsplit(".", 2 if t.endswith(".") else 1)[0], int(m.group(1))
    return None


class _Check:
    def __init__(self, doc: ParsedDocument) -> None:
        self.doc = doc
        self.text = doc.text
        self.units = doc.units
        self.against: list[tuple[str, int, str, int | None]] = []  # (kind, offset, words, unit ordinal)
        self.support: list[str] = []
        self.skipped: list[str] = []
        self.keys: dict[str, dict[str, list[Unit]]] = defaultdict(lambda: defaultdict(list))
        for u in self.units:
            if k := label_key(u.label):
                self.keys[k[0]][k[1]].append(u)
        self.children: dict[int, list[Unit]] = defaultdict(list)
        for u in self.units:
            if u.parent is not None:
                self.children[u.parent].append(u)
        self.by_ordinal = {u.ordinal: u for u in self.units}
        self._amend_cache: dict[int, bool] = {}
        self._subdivided: set[str] | None = None
        self._prefixes: set[str] | None = None

    def flag(self, kind: str, offset: int, words: str, unit: Unit | None = None) -> None:
        self.against.append((kind, offset, words, unit.ordinal if unit else None))

    # -- printed numbers ------------------------------------------------------------------------------------
    def printed(self) -> int:
        agree = 0
        for u in self.units:
            if not (u.citable and u.number) or u.kind in (UnitKind.HEADING, UnitKind.BLOCK) or _quoted(u):
                continue
            head = self.text[u.char_start:min(u.char_end, u.char_start + 240)]
            lines = head.split("\n", 2)
            tokens = []
            m = _PRINTED.match(lines[0])
            if m:
                tokens.append(m.group("n"))
            elif len(lines) > 1 and len(lines[0]) < 100 and (m2 := _PRINTED.match(lines[1])):
                tokens.append(m2.group("n"))  # a marginal note or heading line above the number
            if not tokens:
                # a number printed just before the unit's span on its line ("1. " left out of the span)
                line_start = self.text.rfind("\n", max(0, u.char_start - 16), u.char_start) + 1
                before = self.text[max(line_start, u.char_start - 16):u.char_start]
                m3 = _PRINTED.match(before) if line_start and before.strip() else None
                if m3 and not before[m3.end():].strip():
                    tokens.append(m3.group("n"))
            if not tokens:
                continue
            tok = tokens[0]
            num = _KIND_WORD.sub("", u.number.strip())  # "ARTICLE I." is printed "I." after its word
            if _style(tok) != _style(num if num[0] in "[(" or num[0].isdigit() else num + "."):
                continue
            if _plain(tok) == _plain(num):
                agree += 1
            else:
                self.flag("printed", u.char_start, f"{u.label or u.number} prints {tok!r}", u)
        return agree

    # -- siblings ------------------------------------------------------------------------------------------
    def siblings(self) -> None:
        groups: dict[tuple[int | None, UnitKind], list[Unit]] = defaultdict(list)
        for u in self.units:
            if u.citable and u.number and not _quoted(u):
                groups[(u.parent, u.kind)].append(u)
        for us in groups.values():
            seen: dict[str, Unit] = {}
            prev: tuple[str, int] | None = None
            first = _plain((us[0].number or "").strip())
            for u in us:
                n = (u.number or "").strip()
                if u is not us[0] and _plain(n) == first and first in _FIRSTS:
                    # the list restarts ((a), (b), then (a) again under another definition)
                    seen, prev = {}, None
                # a parser's own path ("cl. 2 list 2(1)") tells two lists apart
                key = _SUFFIX.sub("", u.label or "") or _plain(n)
                if key in seen and _same_force(seen[key], u):
                    self.flag("repeated", u.char_start, f"{u.label} repeats number {n!r} of ordinal "
                                                        f"{seen[key].ordinal}", u)
                seen.setdefault(key, u)
                cur = _numeric(n)
                if cur and prev and cur[0] == prev[0]:
                    # a decimal's last part read as a count (1.9, 1.10) and as a fraction (18.19, 18.2): only
                    # a step back under both readings is one
                    frac = cur[0].startswith("decimal") and (
                        float("0." + n.rstrip(".").rsplit(".", 1)[1]) > float("0." + str(prev[1])))
                    if cur[1] < prev[1] and cur[1] != 1 and not frac:
                        self.flag("backwards", u.char_start, f"{u.label} after number {prev[1]}", u)
                    elif cur[1] > prev[1] + 1 and not cur[0].startswith("decimal"):
                        self.skipped.append(f"skipped: {u.label} after {prev[1]} @{u.char_start}")
                if cur:
                    prev = cur

    # -- a repeated number folded into the unit before -----------------------------------------------------
    def folded(self) -> None:
        """A line inside a unit's own text (outside its children) that opens with its own number or a
        sibling's, in their style, and a sentence: a repeated number the parser folded into this unit."""
        groups: dict[tuple[int | None, UnitKind], list[Unit]] = defaultdict(list)
        for u in self.units:
            if u.citable and u.number and not _quoted(u):
                groups[(u.parent, u.kind)].append(u)
        for us in groups.values():
            style = _style(_style_token(us[0].number or ""))
            for k, u in enumerate(us):
                # its own number again, or the number of the sibling before it (1, 2, 3, 2: the second 2 in 3)
                wanted = {_plain(u.number or "")} | ({_plain(us[k - 1].number or "")} if k else set())
                skip = sorted((c.char_start, c.char_end) for c in self.children.get(u.ordinal, []))
                if u.voice is not None:
                    skip += [(q.char_start, q.char_end) for q in u.voice.spans]
                own = next((m for m in _PRINTED_AT.finditer(self.text, u.char_start,
                                                             min(u.char_end, u.char_start + 240))
                            if _plain(m.group("n")) == _plain(u.number or "")
                            and not _not_own_line(self.text, m.start(), m.end())), None)
                start = own.end() if own else u.char_start
                # as printed ("39." where Word's numbering is stored as "39"), so a repeat printed alike is seen
                dotted = (own.group("n") if own else (u.number or "")).strip().endswith(".")
                quoted: set[int] | None = None  # read only for a line that could be a fold (most lines are not)
                for m in _LINE_NUMBER.finditer(self.text, start, u.char_end):
                    at = m.start("n")
                    if at <= u.char_start or any(a <= at < b for a, b in skip):
                        continue
                    tok = m.group("n")
                    # "2" alone at a line start in a list printed "1.", "2.": a page number, not a clause
                    if not (_style(tok) == style and _plain(tok) in wanted and tok.endswith(".") == dotted):
                        continue
                    if quoted is None:
                        quoted = _quoted_run_lines(self.text, start, u.char_end)
                    if (m.start() in quoted or _not_own_line(self.text, m.start(), m.end())
                            or _inside_quotation(self.text, start, m.start())):
                        continue
                    self.flag("folded", at, f"{u.label} holds a second {tok!r} at a line start", u)
                    break

    # -- empty numbered units ------------------------------------------------------------------------------
    def empty(self) -> None:
        for u in self.units:
            if not (u.citable and u.number) or self.children.get(u.ordinal) or _quoted(u):
                continue
            body = self.text[u.char_start:u.char_end]
            pm = _PRINTED.match(body)
            body = body[pm.end():] if pm else body.replace(u.number.strip(), "", 1)
            if not body.strip(" \t\r\n.:;,()[]\u2013\u2014-"):
                self.flag("empty", u.char_start, f"{u.label} has no words of its own", u)

    # -- references ----------------------------------------------------------------------------------------
    def references(self) -> tuple[int, int]:
        refs = internal_references(self.text)
        starts = [u.char_start for u in self.units]
        spans = _merged([(u.char_start, u.char_end) for u in self.units if u.citable and not _quoted(u)])
        span_starts = [a for a, _ in spans]
        tops = {fam: max((t for k in table if (t := _top(k)) is not None), default=None)
                for fam, table in self.keys.items()}
        checked = resolved = 0
        unresolved: list[Reference] = []
        heading_hits: list[tuple[Reference, Unit, int]] = []
        for r in refs:
            i = bisect.bisect_right(span_starts, r.start) - 1
            if i < 0 or r.start >= spans[i][1]:
                continue  # in a note, a cover or a quotation: not the document's own words about its units
            if self._amending(r.start, starts):
                continue  # an amendment's references name the instrument it amends
            fam = r.family
            if fam == "rel":
                ok = self._relative(r, starts)
                if ok is None:
                    continue
                checked += 1
                resolved += ok
                continue
            if fam == "num" and r.word.startswith(("art", "rule", "r.")) and not self._uses(r.word[:3]):
                # "Article 27.1 of the Agreement" in an Act of sections: another instrument's article
                continue
            table = self.keys.get(fam)
            if fam == "para" and not table:
                table = self.keys.get("num")
            if not table:
                continue  # the document has no labels of the family: no evidence either way
            top, most = _top(r.number), tops.get(fam if fam in self.keys else "num")
            if top is not None and most is not None and top > most:
                continue  # beyond the document's own numbers: another instrument's, its name out of reach
            checked += 1
            target = _resolve(table, r.number)
            if target is None:
                unresolved.append(r)
                continue
            resolved += 1
            if r.heading:
                heading_hits.append((r, target, 0))
        self._headings(heading_hits)
        tops_of = {fam: sorted({t for k in table if (t := _top(k)) is not None})
                   for fam, table in self.keys.items()}
        # an attachment a filing leaves out ("Appendix 4", "Exhibit 8" when only Appendix 5 is filed) is the
        # filing's gap, not a number the parser got wrong: recorded, never decisive
        own: list[Reference] = []
        for r in unresolved:
            if _ATTACHMENT_WORD.match(r.word or ""):
                self.skipped.append(f"unresolved attachment: {r.number!r} @{r.start}")
            else:
                own.append(r)
        unresolved = own
        for r in unresolved:
            fam = r.family if r.family in self.keys else "num"
            nums = tops_of.get(fam, [])
            top = _top(r.number)
            if top is None or not nums or top in nums:
                continue
            if top < nums[0]:
                self.flag("unresolved", r.start, f"reference to {r.number!r} names a number below the first "
                                                 f"label ({nums[0]})")
            elif top - 1 in nums and top + 1 in nums:
                self.flag("unresolved", r.start, f"reference to {r.number!r} falls in a gap of the labels "
                                                 f"({top - 1}, {top + 1})")
        inside = [r for r in unresolved if (t := _top(r.number)) is not None
                  and t <= (tops.get(r.family if r.family in self.keys else "num") or 0)]
        if len(inside) >= UNRESOLVED_MIN and checked and resolved / checked < RESOLVED_SHARE_MIN:
            for r in inside[:5]:
                self.flag("unresolved", r.start, f"reference to {r.number!r} names no unit")
        else:
            for r in unresolved[:3]:
                self.skipped.append(f"unresolved: {r.number!r} @{r.start}")
        return checked, resolved

    def _uses(self, word: str) -> bool:
        """Whether the document's provisions are labelled in a way a reference with ``word`` could name:
        contracts' clauses answer to "Section" and "Article" alike; an Act's sections to no "Article"."""
        if self._prefixes is None:
            self._prefixes = {m.group(1).lower() for u in self.units if u.label
                              and (m := re.match(r"^(cl|s|ss|sec|reg|art|r|rule|para)\.?\s", u.label))}
        wanted = {"art": {"art", "cl"}, "rul": {"r", "rule", "cl"},
                  "r.": {"r", "rule", "cl"}}.get(word, set())
        return bool(self._prefixes & wanted)

    def _amending(self, at: int, starts: list[int]) -> bool:
        i = bisect.bisect_right(starts, at) - 1
        while i >= 0 and not (self.units[i].char_start <= at < self.units[i].char_end):
            i -= 1
        seen = 0
        u: Unit | None = self.units[i] if i >= 0 else None
        while u is not None and seen < 8:
            if u.ordinal not in self._amend_cache:
                self._amend_cache[u.ordinal] = bool(AMENDING.search(
                    self.text[u.char_start:min(u.char_end, u.char_start + 400)]))
            if self._amend_cache[u.ordinal]:
                return True
            u = self.by_ordinal.get(u.parent) if u.parent is not None else None
            seen += 1
        return False

    def _relative(self, r: Reference, starts: list[int]) -> bool | None:
        i = bisect.bisect_right(starts, r.start) - 1
        while i >= 0:
            u = self.units[i]
            if u.char_start <= r.start < u.char_end and (k := label_key(u.label)) and k[0] == "num":
                base = k[1]
                table = self.keys["num"]
                prefixes = [base[:m.start()] for m in re.finditer(r"\(", base)] + [base]
                if self._subdivided is None:  # provisions with numbered sub-divisions, found once
                    self._subdivided = {key.split("(", 1)[0] for key in table if "(" in key}
                if prefixes[0] not in self._subdivided:
                    return None
                return any(_resolve(table, p + r.number, partial=False) for p in prefixes)
            i -= 1
        return None

    def _headings(self, hits: list[tuple[Reference, Unit, int]]) -> None:
        if not hits:
            return
        offsets: Counter[int] = Counter()
        table = defaultdict(list)
        for u in self.units:
            if u.citable and (h := _heading(self.text, u)):
                table[_norm(h)].append(u)
        wrong: list[tuple[Reference, Unit, Unit]] = []
        astray: list[tuple[Reference, Unit]] = []
        for r, target, _ in hits:
            want = _norm(r.heading or "")
            got = _heading(self.text, target)
            if not want or (got and (want in _norm(got) or (len(_norm(got)) >= 4 and _norm(got) in want))):
                offsets[0] += 1
                continue
            # the heading anywhere near the unit's start (a heading line before it, its parent's heading)
            near = _norm(self.text[max(0, target.char_start - 160):target.char_start])
            parent = self.by_ordinal.get(target.parent) if target.parent is not None else None
            if want in near or (parent is not None and want in _norm(_heading(self.text, parent) or "")):
                offsets[0] += 1
                continue
            astray.append((r, target))
            fam = (label_key(target.label) or ("", ""))[0]
            others = [u for h, us in table.items() if want == h or want in h for u in us
                      if (label_key(u.label) or ("", ""))[0] == fam
                      and not (target.char_start <= u.char_start < target.char_end)]
            if others:
                wrong.append((r, target, others[0]))
                offsets[others[0].ordinal - target.ordinal] += 1
        if len(wrong) < HEADING_WRONG_MIN or len(wrong) <= offsets[0]:
            for r, target, other in wrong:
                self.skipped.append(f"heading: {r.number!r} ({r.heading}) lands on {target.label} @{r.start}")
            wrong = []
        for r, target, other in wrong:
            self.flag("heading", r.start, f"reference to {r.number!r} ({r.heading}) lands on {target.label}; "
                                          f"{other.label} carries that heading", target)
        share = len(astray) / max(1, len(astray) + offsets[0])
        if not wrong and len(astray) >= ASTRAY_MIN and share >= ASTRAY_SHARE:
            # most references that say what their unit is called land on units called something else, and no
            # unit carries those headings: the labels are not the ones the document's references use
            for r, target in astray[:5]:
                self.flag("heading", r.start, f"reference to {r.number!r} ({r.heading}) lands on "
                                              f"{target.label}, which is not called that", target)
        self.heading_offsets = offsets
        self.heading_wrong = wrong

    # -- text that is no part of the units -----------------------------------------------------------------
    def trailer(self) -> None:
        cit = [u for u in self.units if u.citable and u.zone not in (Zone.COVER, Zone.NOTE)]
        if not cit:
            return
        last = max(cit, key=lambda u: (u.char_end, -u.char_start))
        body = self.text[last.char_start:last.char_end]
        tail_from = max(1, len(body) - 500)  # the unit's first line is its own, whatever it says
        m = TRAILER.search(body, tail_from)
        if TRAILER.fullmatch(body.strip()) and len(cit) > 1:
            # a footer made a citable unit of its own ("Schedule 1 ¶2": "Licensed under CC BY 4.0")
            self.flag("trailer", last.char_start,
                      f"{last.label} is a footer, not a unit: {body.strip()[:40]!r}", last)
            return
        if m and body[:m.start()].strip():
            self.flag("trailer", last.char_start + m.start(),
                      f"{last.label} ends with {m.group(0).strip()[:40]!r}", last)

    def swallowed(self) -> None:
        for u in self.units:
            long = u.char_end - u.char_start > SWALLOWED_CHARS
            if not u.citable and u.zone in (Zone.SIGNATURES, Zone.OTHER) and long:
                body = self.text[u.char_start:u.char_end]
                if body.count(". ") > 20:
                    self.flag("swallowed", u.char_start,
                              f"{u.label or u.zone.value} holds {len(body)} characters of prose", u)
        if self.doc.kind != DocumentKind.JUDGMENT:
            return
        headings = [(u.char_start, u.char_end) for u in self.units if u.kind == UnitKind.HEADING]
        run_author: str | None = "\0"
        run_len = 0
        prev: Unit | None = None
        paras = [u for u in self.units if u.citable and u.zone == Zone.REASONS
                 and u.kind in (UnitKind.PARAGRAPH, UnitKind.BLOCK)]
        order = {u.ordinal: i for i, u in enumerate(paras)}
        for u in self.units:
            if u.ordinal not in order:
                continue
            if u.author != run_author:
                run_author, run_len, prev = u.author, 0, None
            run_len += 1
            if prev is not None and prev.char_end <= u.char_start:
                # between the two paragraphs, or glued to the end of the first
                gap_from = max(prev.char_start + 1, prev.char_end - 120)
                gap = self.text[gap_from:u.char_start]
                for hm in JUDGE_HEADING.finditer(gap):
                    at = gap_from + hm.start()
                    if not any(a <= at < b for a, b in headings):
                        self.flag("swallowed", at, f"judge's heading {hm.group(0).strip()[:40]!r} between "
                                                   f"{prev.label} and {u.label} of one author's run", u)
                        break
            prev = u
            if run_len <= VOICE_RUN_MIN or _quoted(u):
                continue
            body = self.text[u.char_start:min(u.char_end, u.char_start + 400)]
            m = SECOND_VOICE.search(body)
            if not m:
                continue
            lead = re.match(r"\W*(?:\d+\.?\s+)?", body)
            sentence = re.split(r"(?<=[.;:])\s", body[lead.end() if lead else 0:], maxsplit=1)[0]
            k = order[u.ordinal]
            ends_run = k + 1 >= len(paras) or paras[k + 1].author != u.author
            # a bare "I agree." closing a run is a judge's whole judgment; mid-run it agrees with a passage
            # quoted
            # the opener names the run's own author as a colleague ("I agree with Popplewell LJ" in
            # Popplewell LJ's
            # run): a concurrence's words; a judge's own reasons name other judges freely, so nothing else
            # counts
            named = [n.group(0).split()[0] for n in JUDGE_NAMED.finditer(sentence) if n.group(0)[0].isupper()
                     and not n.group(0).startswith(("Lord ", "Lady "))]
            own = bool(u.author) and any(n in (u.author or "").split() for n in named)
            if (BARE_AGREE.match(body.strip()) and ends_run) or own:
                self.flag("swallowed", u.char_start + m.start(),
                          f"{u.label} opens another voice ({sentence[:40]!r}) inside "
                          f"{u.author or 'one'}'s run", u)


def _quoted(u: Unit) -> bool:
    return bool(u.voice is not None and u.voice.quoted)


def _top(key: str) -> int | None:
    m = re.match(r"\d+", key)
    return int(m.group(0)) if m else None


def _merged(spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    out: list[tuple[int, int]] = []
    for a, b in sorted(spans):
        if out and a <= out[-1][1]:
            out[-1] = (out[-1][0], max(out[-1][1], b))
        else:
            out.append((a, b))
    return out


def _inside_quote(body: str, at: int) -> bool:
    before = body[:at]
    return before.count("\u201c") > before.count("\u201d") or before.count('"') % 2 == 1


def _same_force(a: Unit, b: Unit) -> bool:
    if a.in_force_to and b.in_force_from and a.in_force_to <= b.in_force_from:
        return False
    return not (b.in_force_to and a.in_force_from and b.in_force_to <= a.in_force_from)


def _resolve(table: dict[str, list[Unit]], number: str, partial: bool = True) -> Unit | None:
    if number in table:
        return table[number][0]
    if number.isdigit() and number + ".0" in table:  # "Section 3" cites the clause its document numbers "3.0"
        return table[number + ".0"][0]
    if re.search(r"[A-Za-z]", number):  # "3(k)" names a clause labelled "3.k": the same parts, other marks
        parts = _PARTS.findall(number)
        for key, us in table.items():
            if _PARTS.findall(key) == parts:
                return us[0]
    low = {k.lower(): v for k, v in table.items()} if not number.isdigit() else {}
    if number.lower() in low and not re.search(r"\([A-Za-z]\)", number):
        return low[number.lower()][0]
    if not partial:
        return None
    path = number
    while True:
        # only a parenthesised part: a clause's (a) may be no unit of its own, but 5.2 missing where 5 is
        # a unit is a reference to a unit the parser does not have
        cut = re.match(r"^(.*)\([0-9A-Za-z]{1,5}\)$", path)
        if not cut or not cut.group(1):
            return None
        path = cut.group(1)
        if path in table:
            under = path + "("
            dotted = path + "."
            if not any(k.startswith(under) or k.startswith(dotted) for k in table):
                return table[path][0]
            return None


def _heading(text: str, u: Unit) -> str | None:
    h = u.attrs.get("heading")
    if isinstance(h, str) and h.strip():
        return h
    first = text[u.char_start:min(u.char_end, u.char_start + 160)].split("\n", 1)[0]
    first = _PRINTED.sub("", first, count=1).strip()
    # "Supply. The Supplier shall…": the heading ends at its full stop
    first = re.split(r"(?<=[a-z)])[.:]\s|\s[-\u2013\u2014]\s", first, maxsplit=1)[0]
    return first[:80] or None


def _norm(s: str) -> str:
    return re.sub(r"[^a-z]+", " ", s.lower()).strip()


def _shift(doc: ParsedDocument, check: _Check) -> tuple[ParsedDocument, str] | None:
    """The one correction: references naming headings all off by one offset — move top-level numbers back."""
    offsets = getattr(check, "heading_offsets", Counter())
    wrong = getattr(check, "heading_wrong", [])
    if offsets.get(0) or len(wrong) < SHIFT_MIN:
        return None
    deltas = set()
    for r, target, other in wrong:
        rk, tk, ok = label_key(target.label), label_key(target.label), label_key(other.label)
        if not (rk and ok and rk[0] == ok[0]):
            return None
        a, b = re.match(r"\d+", tk[1] if tk else ""), re.match(r"\d+", ok[1])
        if not (a and b):
            return None
        deltas.add(int(b.group(0)) - int(a.group(0)))
    if len(deltas) != 1 or 0 in deltas:
        return None
    delta = deltas.pop()
    fam = label_key(wrong[0][1].label)[0]  # type: ignore[index]

    def move(s: str) -> str:
        return re.sub(r"(?<![\d.])(\d+)", lambda m: str(int(m.group(1)) - delta), s, count=1)

    units = []
    for u in doc.units:
        k = label_key(u.label)
        if k and k[0] == fam and re.match(r"\d", k[1]) and u.label and u.number:
            head = re.match(r"\d+", k[1])
            new_top = str(int(head.group(0)) - delta) if head else None
            label = u.label
            if head and new_top:
                label = u.label.replace(k[1], new_top + k[1][len(head.group(0)):], 1)
            number = move(u.number) if re.match(r"\d", u.number.strip()) else u.number
            units.append(replace(u, label=label, number=number,
                                 attrs={**u.attrs, "label_corrected_from": u.label}))
        else:
            units.append(u)
    rule = (f"shift: top-level {fam} numbers moved by {-delta:+d} ({len(wrong)} references naming headings "
            f"all landed {delta:+d} off)")
    return replace(doc, units=tuple(units)), rule


def check_numbering(doc: ParsedDocument) -> ParsedDocument:
    """The document with ``meta["numbering"]`` set, its contradicted units marked, and a decisive shift
    corrected (module docstring)."""
    chk = _Check(doc)
    agree = chk.printed()
    chk.siblings()
    chk.folded()
    chk.empty()
    m, n = chk.references()
    chk.trailer()
    chk.swallowed()
    corrected: list[str] = []
    if (fix := _shift(doc, chk)) is not None:
        doc, rule = fix
        corrected.append(rule)
        chk2 = _Check(doc)
        chk2.printed()
        chk2.siblings()
        chk2.folded()
        chk2.empty()
        m, n = chk2.references()
        chk2.trailer()
        chk2.swallowed()
        chk = chk2
    cit = [u for u in doc.units if u.citable]
    order = sum(1 for u in cit if order_only(u))
    evidence = [f"{kind}: {words} @{off}" for kind, off, words, _ in chk.against[:12]]
    if len(chk.against) > 12:
        evidence.append(f"... and {len(chk.against) - 12} more")
    if chk.against:
        verdict = "contradicted"
        kinds = Counter(k for k, *_ in chk.against)
        why = "the document's own text contradicts labels: " + ", ".join(
            f"{k} x{c}" for k, c in kinds.items())
    elif cit and order / len(cit) >= ORDER_ONLY_SHARE:
        verdict = "unnumbered"
        why = (f"{order} of {len(cit)} citable units are labelled by order only "
               f"(threshold {ORDER_ONLY_SHARE:.0%})")
    elif m >= VERIFY_MIN and n / m >= RESOLVED_SHARE_MIN:
        verdict = "verified"
        why = f"{n} of {m} internal references resolve to labels; nothing contradicts"
    else:
        verdict = "unchecked"
        why = (f"{m} internal references checked ({n} resolved): at least {VERIFY_MIN}, "
               f"{RESOLVED_SHARE_MIN:.0%} resolving, are needed to verify; nothing contradicts")
    if agree:
        evidence.append(f"support: {agree} units print the number their label gives")
    evidence.extend(chk.skipped[:4])
    numbering: dict[str, Any] = {"verdict": verdict, "references": m, "resolved": n, "evidence": evidence,
                                 "corrected": corrected, "why": why}
    flagged: dict[int, str] = {}
    for kind, _off, _w, ordinal in chk.against:
        if ordinal is not None:
            flagged.setdefault(ordinal, kind)
    units = doc.units
    if flagged:
        units = tuple(
            replace(u, attrs={**u.attrs, ("span_unverified" if flagged[u.ordinal] in ("trailer", "swallowed")
                                          else "label_unverified"): True})
            if u.ordinal in flagged else u for u in doc.units)
    return replace(doc, units=units, meta={**doc.meta, "numbering": numbering})
