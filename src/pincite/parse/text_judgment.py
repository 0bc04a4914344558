"""Judgments that come as plain text: the citable units, and the caption and tail that are not.

Three shapes, each read from the text's own marks (:mod:`pincite.legal.text_judgments`):

* a decision in headed parts - a US agency decision (the Board of Veterans' Appeals): "ORDER",
  "FINDINGS OF FACT" 1-3, "CONCLUSIONS OF LAW" 1-3, "REASONS AND BASES ..." with unmarked sub-headings.
  Each part is a unit named as it is cited ("Findings of Fact, 2", "Reasons and Bases: Effective Dates");
  the docket lines above the first part, and the signature block and closing notice under the judge's
  title, are not citable.
* a judgment in paragraphs "[1]", "[2]" (text extracted from a PDF, so a paragraph number may follow a
  spliced footnote on the same line): paragraphs in order, a quoted judgment's own "[24]" inside a paragraph
  not taken for ours; the lettered orders under "JUDGMENT OF THE COURT" as "Order A"; footnotes spliced into
  the body as "n. 67"; the caption, contents table and solicitors block not citable.
* an English judgment whose reasons open at "<judge> :" under its caption and run in paragraphs "1.", "2."
  with sub-paragraphs "i)" ("[11(iii)]"); lettered headings and a contents table are kept out of them.

Orders (a decision's ORDER, a judgment's lettered orders) are labelled but, as everywhere in pincite, not
citable: only the reasons are cited as the court.  Spans point into the text as given; nothing is rewritten.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Callable

from pincite.legal import text_judgments as TJ
from pincite.legal.judgments import MONTH_NAME, iso_from_parts
from pincite.parse.akn_text import display_judge
from pincite.parse.contract import Line, is_bare_heading
from pincite.parse.roles import Segment, assign_roles
from pincite.types import Role, Unit, UnitKind, Zone


def trim_end(text: str, pos: int, floor: int) -> int:
    """``pos`` moved back over the whitespace before it (never before ``floor``)."""
    while pos > floor and text[pos - 1].isspace():
        pos -= 1
    return pos


_end = trim_end


def headings_before(lines: list[Line], li: int, stop: int, is_heading: Callable[[str], bool], most: int) -> list[int]:
    """The heading lines (at most ``most``, by ``is_heading``) printed just before line ``stop``, after the
    paragraph opening at line ``li``, in order: cut off from that paragraph as units of their own."""
    heads: list[int] = []
    j = stop - 1
    while j > li and (not lines[j].content or is_heading(lines[j].content)) and len(heads) < most:
        if lines[j].content:
            heads.insert(0, j)
        j -= 1
    return heads


def _alone(lines: list[Line], i: int) -> bool:
    """A line with blank lines (or the text's edge) above and below it."""
    above = i == 0 or not lines[i - 1].content
    below = i + 1 >= len(lines) or not lines[i + 1].content
    return above and below


_ITEM = re.compile(r"^(\d{1,2})\.\s+\S")


def _sub_heading(lines: list[Line], i: int) -> bool:
    """An unmarked sub-heading: a short line on its own, no closing stop, followed by prose."""
    t = lines[i].content
    if not t or len(t) > 100 or not t[0].isupper() or t.endswith((".", ",", ";", ":")) or _ITEM.match(t):
        return False
    if not _alone(lines, i) or t.isupper():
        return False
    nxt = next((ln.content for ln in lines[i + 1:] if ln.content), "")
    # prose, or the numbered issues the sub-heading restates ("1. Entitlement to an effective date ...")
    return len(nxt) > len(t) and (nxt.endswith((".", ":")) or len(nxt) > 100 or _ITEM.match(nxt) is not None)


def headed_decision(text: str, lines: list[Line]) -> list[Unit] | None:
    """A decision in capital-headed parts, or None when the text is not one."""
    heads: list[tuple[int, str]] = []  # (line index, name)
    for i, ln in enumerate(lines):
        for pattern, name, _why in TJ.DECISION_PARTS:
            if ln.content and pattern.match(ln.content) and _alone(lines, i):
                heads.append((i, name or ln.content.title()))
                break
    names = {n for _, n in heads}
    if len(names) < 2 or not names & {"Findings of Fact", "Conclusions of Law", "Reasons and Bases"}:
        return None
    # the signature block: the judge's name above the judge's title, after the last part heading
    sig_line = None
    for i in range(heads[-1][0] + 1, len(lines)):
        if TJ.SIGNING_TITLE.match(lines[i].content):
            k = i - 1
            while k > heads[-1][0] and not lines[k].content:
                k -= 1
            sig_line = k if k > heads[-1][0] and len(lines[k].content) <= 60 else i
            break
    body_end = lines[sig_line].start if sig_line is not None else len(text)
    # the judge who signs ("M. HYLAND" over "Veterans Law Judge") decides alone
    signer = lines[sig_line].content if sig_line is not None else ""
    voice: dict = {}
    if re.fullmatch(r"(?:[A-Z]\.\s*)*[A-Z][A-Za-z'’-]+(?: [A-Z][A-Za-z'’-]+)*", signer) and len(signer) <= 40:
        name = " ".join(w if w.endswith(".") else w.capitalize() for w in signer.split())
        voice = dict(author=name, role=Role.SOLE, role_basis=f"signed {signer}")
    found: list[dict] = []

    def add(kind: UnitKind, s: int, e: int, zone: Zone, citable: bool, label: str, number: str | None = None,
            parent: int | None = None, path: tuple[str, ...] = ()) -> int:
        found.append(dict(kind=kind, char_start=s, char_end=_end(text, e, s), zone=zone, citable=citable,
                          label=label, number=number, parent=parent, section_path=path,
                          **(voice if citable else {})))
        return len(found) - 1

    first = lines[heads[0][0]].start
    if text[:first].strip():
        s = len(text[:first]) - len(text[:first].lstrip())
        add(UnitKind.BLOCK, s, first, Zone.COVER, False, "cover")
    for h, (li, name) in enumerate(heads):
        start = lines[li].start
        nxt_line = heads[h + 1][0] if h + 1 < len(heads) else None
        end = lines[nxt_line].start if nxt_line is not None else body_end
        # the order is the outcome as made, not reasons: labelled, never cited as the court (answer.verify)
        zone = Zone.ORDER if name == "Order" else Zone.REASONS
        part = add(UnitKind.PART, start, end, zone, zone == Zone.REASONS, name, path=(name,))
        stop = nxt_line if nxt_line is not None else (sig_line if sig_line is not None else len(lines))
        inner = range(li + 1, stop)
        if name in NUMBERED:
            items = [(i, _ITEM.match(lines[i].content)) for i in inner]
            items = [(i, m.group(1)) for i, m in items if m]
            for k, (i, num) in enumerate(items):
                e = lines[items[k + 1][0]].start if k + 1 < len(items) else end
                add(UnitKind.PARAGRAPH, lines[i].start, e, zone, zone == Zone.REASONS, f"{name}, {num}", num,
                    part, (name, num))
            continue
        subs = [i for i in inner if _sub_heading(lines, i)]
        seen: dict[str, int] = {}
        for k, i in enumerate(subs):
            e = lines[subs[k + 1]].start if k + 1 < len(subs) else end
            words = lines[i].content
            seen[words] = seen.get(words, 0) + 1
            label = f"{name}: {words}" + (f" ({seen[words]})" if seen[words] > 1 else "")
            add(UnitKind.PART, lines[i].start, e, zone, zone == Zone.REASONS, label, None, part,
                (name, words))
    if sig_line is not None:
        add(UnitKind.BLOCK, lines[sig_line].start, len(text), Zone.SIGNATURES, False, "signatures")
    return _units(found)


NUMBERED = TJ.NUMBERED_PARTS


def _ordinals(found: list[dict]) -> dict[int, int]:
    """Each found unit's index -> its ordinal: units in text order, an enclosing unit before those inside it."""
    order = sorted(range(len(found)), key=lambda i: (found[i]["char_start"], -found[i]["char_end"]))
    return {old: new for new, old in enumerate(order)}


def _units(found: list[dict]) -> list[Unit]:
    ordinal_of = _ordinals(found)
    out = []
    for old, new in sorted(ordinal_of.items(), key=lambda kv: kv[1]):
        d = dict(found[old])
        if d["parent"] is not None:
            d["parent"] = ordinal_of[d["parent"]]
        out.append(Unit(ordinal=new, **d))
    return out


# -- a judgment in paragraphs "[1]", "[2]" -------------------------------------------------------------------

#: "[21] First, ..." at a line's start, or after the spaces that end a spliced footnote or a sentence; the
#: paragraph's first word is capitalised ("at [24] and [64]" is a reference, not a paragraph)
_PARA = re.compile(r"(?:(?<=\n)|(?<=^)|(?<=\s))\[(\d{1,4})\][ \t]+(?=[A-Z“\"‘'(])")
#: a footnote spliced into the body where its page ended: "67  Parmanadan, above n 56" (two spaces after)
_NOTE = re.compile(r"(?:(?<=\n)|(?<=\s))(\d{1,3})[ \t]{2,}(?=[A-Z“\"‘'(\[])")
#: where the last note of a spliced run stops: three spaces or a blank line after a sentence, or a paragraph
_NOTE_STOP = re.compile(r"(?<=[.)\]”])[ \t]{3,}(?=\S)|\n[ \t]*\n")
#: a lettered order: "A The appeal ...", run together as "... this judgment.  B  The appeal ..."
_ORDER = re.compile(r"(?:(?<=\n)|(?<=\s\s))([A-H])[ \t]+(?=[A-Z])")
#: who gave the reasons: "(Given by Brown J)"
_GIVEN_BY = re.compile(r"^\((?:Given|Delivered) by (?P<name>[A-Z][\w'’ -]*? (?:[A-Z]{1,3}J|J|P|CJ))\)$")


def _line_start(text: str, pos: int) -> bool:
    k = pos
    while k > 0 and text[k - 1] in " \t":
        k -= 1
    return k == 0 or text[k - 1] == "\n"


def bracket_judgment(text: str, lines: list[Line], min_paragraphs: int = 3) -> list[Unit] | None:
    """A judgment in paragraphs "[1]", "[2]" with its caption, orders, notes and tail; None when fewer than
    ``min_paragraphs`` paragraphs are numbered in order."""
    reasons_line = next((ln for ln in lines if TJ.REASONS_HEADING.match(ln.content)), None)
    floor = reasons_line.start if reasons_line is not None else 0
    # the solicitors block closes the judgment, or sits on a High Court judgment's cover: after "[1]" only
    one = next((m.start() for m in _PARA.finditer(text, floor) if m.group(1) == "1"), floor)
    tail_line = next((ln for ln in lines if ln.start > one and TJ.SOLICITORS.match(ln.content)), None)
    ceiling = tail_line.start if tail_line is not None else len(text)
    # "____" then "Brewer J" under the last paragraph: the judge's signature, not the paragraph's words
    signature = _signature(lines, one, ceiling)
    if signature is not None:
        ceiling = signature
    cands: dict[int, list[tuple[int, bool]]] = {}
    for m in _PARA.finditer(text, floor, ceiling):
        cands.setdefault(int(m.group(1)), []).append((m.start(), _line_start(text, m.start())))
    paras: list[tuple[int, str]] = []
    pos, n = floor, 1
    while n in cands:
        here = [c for c in cands[n] if c[0] >= pos]
        if not here:
            break
        nxt = min((c[0] for c in cands.get(n + 1, []) if c[0] > here[0][0]), default=ceiling)
        window = [c for c in here if c[0] < nxt]
        # a quoted judgment's own "[24]" runs on inside our [23]; ours starts a line where it can
        at = next((c for c in window if c[1]), window[0] if window else here[0])
        paras.append((at[0], str(n)))
        pos, n = at[0] + 1, n + 1
    if len(paras) < min_paragraphs:
        return None
    found: list[dict] = []

    def add(kind: UnitKind, s: int, e: int, zone: Zone, citable: bool, label: str, **kw: object) -> int:
        found.append(dict(kind=kind, char_start=s, char_end=_end(text, e, s), zone=zone, citable=citable,
                          label=label, parent=kw.pop("parent", None), **kw))
        return len(found) - 1

    first = paras[0][0]
    author = None
    for ln in lines:
        if floor <= ln.start < first:
            m = _GIVEN_BY.match(ln.content)
            if m:
                author = m.group("name")
    voice = dict(author=author, role=Role.LEAD if author else None,
                 role_basis=f"(Given by {author})" if author else None)
    if author is None:
        # "JUDGMENT OF BREWER J" over the reasons: one judge decides alone
        sole = next((ln for ln in lines if ln.start < first and TJ.SOLE_JUDGE_HEADING.match(ln.content)), None)
        if sole is not None:
            name = TJ.SOLE_JUDGE_HEADING.match(sole.content).group("name")  # type: ignore[union-attr]
            voice = dict(author=display_judge(name), role=Role.SOLE, role_basis=sole.content)
    # before the reasons: the caption, the lettered orders, a contents table
    orders: list[tuple[int, str]] = []
    head = next((ln for ln in lines if ln.start < first and TJ.ORDERS_HEADING.match(ln.content)), None)
    if head is not None:
        stop = next((ln.start for ln in lines if ln.start > head.start
                     and (re.match(r"^_{10,}$", ln.content) or TJ.REASONS_HEADING.match(ln.content)
                          or ln.content.lower().startswith("table of contents"))), floor or first)
        # the first order may run on after the heading on its line ("JUDGMENT OF THE COURT  A The appeal")
        hm = TJ.ORDERS_HEADING.match(head.content)
        head_end = text.index(head.content, head.start) + (hm.end() if hm else len(head.content))
        expect = "A"
        for m in _ORDER.finditer(text, head_end, stop):
            if m.group(1) == expect:
                orders.append((m.start(), expect))
                expect = chr(ord(expect) + 1)
        if len(orders) < 2:
            orders = []
    cover_end = orders[0][0] if orders else (floor or first)
    if text[:cover_end].strip():
        add(UnitKind.BLOCK, 0, cover_end, Zone.COVER, False, "cover")
    if orders:
        for k, (s, letter) in enumerate(orders):
            e = orders[k + 1][0] if k + 1 < len(orders) else stop
            # labelled as cited ("Order A"), but an order is not the court's reasons: never citable
            add(UnitKind.OTHER, s, e, Zone.ORDER, False, f"Order {letter}", number=letter)
        if re.sub(r"[_\s]", "", text[stop:floor or first]):  # (a rule under the orders is no contents table)
            add(UnitKind.BLOCK, stop, floor or first, Zone.COVER, False, "contents")
    # a contents table under the reasons' heading, above [1] ("Table of Contents", "Para No", "Background [10]")
    toc = next((ln for ln in lines if floor < ln.start < first and TJ.CONTENTS_TABLE.match(ln.content)), None)
    if reasons_line is not None and toc is not None:
        entries = [ln for ln in lines if toc.start <= ln.start < first and re.search(r"\[\d{1,4}\]$", ln.content)]
        toc_end = entries[-1].end if entries else first
        add(UnitKind.BLOCK, toc.start, toc_end, Zone.COVER, False, "contents")
    root = None
    if reasons_line is not None:
        name = re.sub(r"\b(Of|The|And|For|By)\b", lambda m: m.group(1).lower(), reasons_line.content.title())
        name = re.sub(r"\bthe (Court)\b", r"the \1", name)
        root = add(UnitKind.PART, reasons_line.start, ceiling, Zone.REASONS, True, name, section_path=(name,),
                   **voice)
    para_idx: list[int] = []
    for k, (s, num) in enumerate(paras):
        e = paras[k + 1][0] if k + 1 < len(paras) else ceiling
        heads = _trailing_headings(text, s, e)
        para_idx.append(add(UnitKind.PARAGRAPH, s, heads[0][0] if heads else e, Zone.REASONS, True, f"[{num}]",
                            number=num, parent=root, **voice))
        for hs, he in heads:  # the next part's heading ("Background"): no words of this paragraph, not cited
            add(UnitKind.HEADING, hs, he, Zone.REASONS, False, None, parent=root)
    # footnotes spliced into the body, numbered 1, 2 ... across the judgment
    starts = [m for m in _NOTE.finditer(text, floor, ceiling)]
    notes: list[tuple[int, str]] = []
    want = 1
    for m in starts:
        if int(m.group(1)) == want:
            notes.append((m.start(), m.group(1)))
            want += 1
    para_starts = [s for s, _ in paras]
    for k, (s, num) in enumerate(notes):
        e = notes[k + 1][0] if k + 1 < len(notes) else ceiling
        stop_m = _NOTE_STOP.search(text, s, e)
        if stop_m is not None:
            e = stop_m.start()
        e = min([e] + [p for p in para_starts if s < p < e])
        holder = max((i for i, (ps, _) in zip(para_idx, paras) if ps <= s), default=root)
        add(UnitKind.OTHER, s, e, Zone.REASONS, True, f"n. {num}", number=num, parent=holder,
            attrs={"footnote": True}, **voice)
    if signature is not None:
        add(UnitKind.BLOCK, signature, tail_line.start if tail_line is not None else len(text), Zone.SIGNATURES,
            False, "signature")
    if tail_line is not None:
        add(UnitKind.BLOCK, tail_line.start, len(text), Zone.SIGNATURES, False, "solicitors")
    return _units(found)


#: an unnumbered heading printed between two paragraphs: a short capitalised line without closing stop
_HEADING_LINE = re.compile(r"^[ \t]*[A-Z\"“‘'][^\n]{0,78}[^\s.,;:\-–—]$")
#: such a heading run onto the end of a paragraph's last line after a sentence and three spaces
_RUN_IN_HEADING = re.compile(r"(?<=[.:;?!\"”’)\]])\d{0,3}[ \t]{3,}(?P<h>[A-Z][^\n.,;:]{0,78}[^\s.,;:\-–—\d\]])[ \t]*$")
#: the line before such a heading ends a sentence (a footnote number may follow the stop: "costs.1")
_SENTENCE_END = re.compile(r"[.:;?!\"”’)\]]\d{0,3}[ \t]*$")


def _trailing_headings(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """The heading lines at the end of a paragraph's span ``[start, end)`` (at most two, "Relief" over "The
    Judge's approach"), the first under a line that ends a sentence: spans in order, empty when none."""
    lines: list[tuple[int, int]] = []  # the last three lines of the span, bottom up
    e = _end(text, end, start)
    while len(lines) < 3 and e > start:
        ls = max(start, text.rfind("\n", start, e) + 1)
        lines.append((ls, e))
        e = _end(text, ls, start)

    def heading(k: int) -> bool:
        ls, le = lines[k]
        line = text[ls:le]
        return (bool(_HEADING_LINE.match(line)) and len(line.split()) <= 10 and ls > start
                and not line.lstrip().startswith("["))

    for n in (2, 1):
        if len(lines) > n and all(heading(k) for k in range(n)) and _SENTENCE_END.search(text[slice(*lines[n])]):
            return [(ls + len(text[ls:le]) - len(text[ls:le].lstrip()), le) for ls, le in reversed(lines[:n])]
    if lines:
        # run onto the paragraph's last line where a page ended ("... is dismissed.   The carpark incentive fee
        # cross-appeal"): three spaces after a sentence's end, then the heading
        ls, le = lines[0]
        m = _RUN_IN_HEADING.search(text, ls, le)
        if m and m.end() == le and len(m.group("h").split()) <= 10 and not m.group("h").startswith("["):
            return [(m.start("h"), le)]
    return []


def _signature(lines: list[Line], after: int, ceiling: int) -> int | None:
    """Where a judge's signature under the last paragraph starts: a rule of underscores followed by nothing
    but the judge's name ("Brewer J") before ``ceiling``; None when there is none."""
    below = [ln for ln in lines if after < ln.start < ceiling and ln.content]
    for k in range(len(below) - 1, max(-1, len(below) - 4), -1):
        if TJ.SIGNATURE_RULE.match(below[k].content):
            rest = [ln.content.strip('"” ') for ln in below[k + 1:]]
            rest = [r for r in rest if r]
            if 1 <= len(rest) <= 2 and all(TJ.SIGNED_JUDGE.match(r) for r in rest):
                return below[k].start
            return None
    return None


#: a judge as a UK cover lists the bench ("LORD JUSTICE BEAN", "Lady Justice Elisabeth Laing", "Sir Geoffrey Vos,
#: Master of the Rolls", "HHJ Vincent", "LORD BOYD OF DUNCANSBY (VICE PRESIDENT)")
_UK_TITLE = re.compile(r"^(?:(?:Lord|Lady|Mrs?|Ms|LORD|LADY|MRS?|MS) (?:Justice|JUSTICE) |(?:THE )?(?:HON\.? |"
                       r"RT\.? HON\.? )?(?:Lord|Lady|Sir|Dame|LORD|LADY|SIR|DAME) |HHJ |(?:HIS|HER|His|Her) "
                       r"(?:HONOUR|Honour) (?:JUDGE|Judge) |(?:MR|MRS|MS|Mr|Mrs|Ms) [A-Z][\w'’-]+ (?:KC|QC)\b)")


_BEFORE_LINE = re.compile(r"^[Bb]efore[ \t]+((?:(?:Lord|Lady|Sir|Dame) [A-Z][\w'’-]+(?:,? [A-Z][\w'’-]+)*,?[ \t]*){2,})$")


def panel(text: str, lines: list[Line]) -> list[str]:
    """The judges a cover sheet's "Court:" field names ("O'Regan P, Harrison and White JJ" -> "O'Regan P",
    "Harrison J", "White J"), in order; empty when there is none."""
    for i, ln in enumerate(lines[:200]):
        one = _BEFORE_LINE.match(ln.content)
        if one:  # the Supreme Court's and Privy Council's cover: "before Lord Reed, President Lord Briggs Lord Hamblen"
            names = [n.strip(" ,") for n in re.split(r"(?=\b(?:Lord|Lady|Sir|Dame) [A-Z])", one.group(1)) if n.strip(" ,")]
            return [re.sub(r",.*$", "", n) for n in names]
        m = TJ.PANEL_FIELD.match(ln.content)
        if not m:
            continue
        names = m.group("names") or next((x.content for x in lines[i + 1:i + 4] if x.content), "")
        if _UK_TITLE.match(names):  # a UK hand-down's bench, one judge a line under "Before :" ("and" between)
            bench: list[str] = []
            for x in lines[i + 1:i + 16] if not m.group("names") else [lines[i]]:
                c = x.content.strip()
                if not c or c.lower() == "and":
                    continue
                if not _UK_TITLE.match(c):
                    break
                bench.append(re.sub(r"\s*\((?:[A-Z ]+|[A-Z][a-z]+(?: [A-Z][a-z]+)*)\)$|,.*$", "", c))
            return bench
        parts = [p.strip() for p in re.split(r"[,;]\s*|\s+and\s+", names) if p.strip()]
        plural = re.search(r"\s(JJ|JJA)$", parts[-1]) if parts else None
        out = []
        for part in parts:
            if plural and part.endswith(" " + plural.group(1)):
                part = part[: -len(plural.group(1))] + plural.group(1)[:-1]
            elif plural and not re.search(r"\s(?:J|JA|P|CJ|AJ|JJ|JJA)$", part):
                part = f"{part} {plural.group(1)[:-1]}"
            if not re.search(r"\s(?:J|JA|JC|JAD|P|CJ|AJ|LJ|SJ|IJ|JJ|AR|SAR|DR)$", part) and not part.startswith(
                    ("Judge", "Associate", "AR ", "SAR ", "DR ", "Assistant Registrar", "Deputy Registrar",
                     "Registrar", "District Judge", "Magistrate")):
                return []  # not a list of judges ("Court: District Court at Auckland")
            out.append(part)
        return out
    return []


# -- a judgment in paragraphs "1.", "2." under the judge's "HHJ Russen QC :" ---------------------------------

_SUB = re.compile(r"^\(?([ivxl]{1,6}|[a-z])\)\s+\S")
_ROMANS = ["i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x", "xi", "xii", "xiii", "xiv", "xv",
           "xvi", "xvii", "xviii", "xix", "xx"]
_SECTION_HEADING = re.compile(r"^(?:[A-Z]\.\s*)?[A-Z][^\n]{0,98}$")


def _next_sub(prev: str | None, tok: str) -> bool:
    """Whether sub-paragraph ``tok`` follows ``prev`` ("i" -> "ii", "a" -> "b"; the first is "i" or "a")."""
    if prev is None:
        return tok in ("i", "a")
    if prev in _ROMANS and tok in _ROMANS and _ROMANS.index(tok) == _ROMANS.index(prev) + 1:
        return True
    return len(prev) == len(tok) == 1 and ord(tok) == ord(prev) + 1


def _heading_line(content: str) -> bool:
    return bool(_SECTION_HEADING.match(content)) \
        and not content.endswith((".", ",", ";", ":", "”", '"', ")")) \
        and not _NUM_PARA.match(content) and not _SUB.match(content) and len(content.split()) <= 14


def _judge_line(content: str) -> re.Match[str] | None:
    """A judge's heading line ("HHJ Russen QC :", "Tay Yong Kwang JA (dissenting):") whose name is a name:
    every word capitalised or a joining word, so "Lord Denning MR said:" over a quotation is not one."""
    m = TJ.JUDGE_COLON.match(content)
    if m is None:
        return None
    words = m.group("name").split()
    # (a name Word shows in small capitals may be typed in lower case, "Lord kitchin (with whom Lord Reed ...
    # agree):": a heading's bracketed note, with nothing after the colon, makes it a heading all the same)
    if any(w[0].islower() and w not in _NAME_JOINERS for w in words) and not (
            (m.group("note") or m.group("after") or m.group("with")) and words[0][0].isupper()):
        return None
    return m


#: a judge's name alone on its line over that judge's reasons, with no colon, as a UK hand-down prints it
#: ("Lord Justice Bean", "LADY JUSTICE ELISABETH LAING", "Sir Geoffrey Vos", "Popplewell LJ")
#: a UK judge's full title before the name ("Lord Justice", "LADY JUSTICE", "Mrs Justice", "Sir", "Dame")
_FULL_TITLE = r"(?:(?:Lord|Lady|Mrs?|Ms|LORD|LADY|MRS?|MS) (?:Justice|JUSTICE)|Sir|SIR|Dame|DAME) "
_BARE_JUDGE = re.compile(rf"^{_FULL_TITLE}[A-Z][\w'’-]+(?: [A-Z][\w'’-]+){{0,3}}$"
                         r"|^[A-Z][a-z'’-]+(?: [A-Z][a-z'’-]+)? (?:LJ|J|MR|VC|P)$")
#: a transcript's judge named at the start of a numbered paragraph: "1. LORD JUSTICE PILL: This is an appeal
#: ...", "35. LORD JUSTICE CHADWICK: I agree."
_INLINE_JUDGE = re.compile(r"^\d{1,4}\.?[ \t]+(?P<name>(?:LORD|LADY|MRS?|MS) JUSTICE [A-Z][A-Z'’ -]{1,40}?|"
                           r"(?:Lord|Lady|Mrs?|Ms) Justice [A-Z][\w'’ -]{1,40}?|SIR [A-Z][A-Z'’ -]{1,40}?|"
                           r"(?:THE )?(?:MASTER OF THE ROLLS|LORD CHIEF JUSTICE|CHANCELLOR|PRESIDENT|VICE-PRESIDENT))"
                           r"[ \t]*:[ \t]+\S")


#: how many numbers a judgment's paragraphs may skip at once ("6." then "8.", where a paragraph was deleted
#: before hand-down) and still run on, when the next :data:`RUN_ON` numbers follow the new one in order
MAX_SKIPPED = 2
RUN_ON = 3


def _runs_on(numbered: list[tuple[int, int]], i: int, n: int) -> bool:
    """Whether the next :data:`RUN_ON` paragraph numbers after line ``i`` (``numbered``: every (line, number)
    printed at a line's start, in order) are n+1, n+2, …, in order."""
    k = bisect.bisect_right(numbered, (i, float("inf")))
    nxt = [num for _, num in numbered[k:k + RUN_ON]]
    return nxt == list(range(n + 1, n + 1 + RUN_ON))


def _number_lines(lines: list[Line]) -> tuple[list[tuple[int, int]], dict[int, list[int]]]:
    """Every paragraph number printed at a line's start as (line, number), in order; and each number's lines."""
    rows: list[tuple[int, int]] = []
    at: dict[int, list[int]] = {}
    for i, ln in enumerate(lines):
        m = _NUM_PARA.match(ln.content)
        if m:
            rows.append((i, int(m.group(1))))
            at.setdefault(int(m.group(1)), []).append(i)
    return rows, at


def _printed_later(at: dict[int, list[int]], i: int, n: int) -> bool:
    """Whether a paragraph numbered ``n`` opens a line after line ``i``: the number was not skipped, the lines
    between are another judgment's paragraphs quoted ("16.", "17." quoted inside 13, then "14.")."""
    rows = at.get(n, [])
    return bisect.bisect_right(rows, i) < len(rows)


_QUOTED_NUMBER = re.compile(r"^[ \t]*[\"“‘][ \t]*(\d{1,4})\.\s")
#: A line ending a quotation: its closing mark, perhaps a stop or a pinpoint after it ('... detail."', '...” (at [12])').
_QUOTE_CLOSED = re.compile(r"[\"”’'][.,;)\]\s]*(?:\([^()]{0,40}\)[.\s]*)?$")


def _quoted_twin(lines: list[Line], numbered: list[tuple[int, int]], own: int, i: int, n: int) -> bool:
    """Whether line ``i``, printing the number ``n`` the court's next paragraph takes, is a paragraph of a judgment
    the court quotes: since the court's own paragraph (line ``own``) a line ended with a colon ("... at paras. 5-9
    of his judgment:"), the number just taken was printed again before it (the quotation's "8.", or '“8.'), and ``n``
    is printed again within the next few numbered lines (the court's own), after a line closing a quotation and
    not after one introducing another."""
    k = bisect.bisect_left(numbered, (i, -1))
    repeat = bool(k) and numbered[k - 1][1] == n - 1 and numbered[k - 1][0] > own
    # or printed after the quotation's opening mark ('“56. Any contention ...')
    if not repeat and not any((m := _QUOTED_NUMBER.match(lines[j].content)) and int(m.group(1)) == n - 1
                              for j in range(own + 1, i)):
        return False
    if not any(TJ.QUOTATION_INTRODUCED.search(lines[j].content) for j in range(own, i)):
        return False
    for j, num in numbered[k + 1:k + 1 + TJ.QUOTED_RUN_MAX]:
        if num == n:
            # the line before it, over a heading of the court's ("Legislative framework")
            before = next((lines[b].content for b in range(j - 1, i - 1, -1)
                           if lines[b].content.strip() and not is_bare_heading(lines[b].content)), "")
            return bool(_QUOTE_CLOSED.search(before)) and not TJ.QUOTATION_INTRODUCED.search(before)
    return False


def _inline_judge(content: str) -> re.Match[str] | None:
    return _INLINE_JUDGE.match(content)


def _runs_to(lines: list[Line], first: int, stop: int, n: int) -> bool:
    """Whether paragraphs 1 to ``n`` are numbered in order from line ``first`` before line ``stop``: the reasons
    open there (an order's short "1.", "2." list above a judge's heading does not)."""
    want = 1
    for i in range(first, stop):
        m = _NUM_PARA.match(lines[i].content)
        if m and int(m.group(1)) == want:
            want += 1
            if want > n:
                return True
    return False


def _on_bench(name: str, bench: list[str]) -> bool:
    """Whether a judge's name alone on a line, after the reasons have begun, is one of this court's judges (a
    heading over their reasons), not a heading naming the judge below ("Cockerill J" over the account of her
    decision): on the bench the cover prints, by surname; with no bench printed, only a judge's full title ("Lady
    Justice Elisabeth Laing", "Sir Geoffrey Vos")."""
    if bench:
        surnames = {b.split()[-1].lower() for b in bench if b.split()}
        return any(w.lower() in surnames for w in re.findall(r"[A-Za-z'’-]+", name))
    return bool(re.match(_FULL_TITLE, name))


def _bare_judge(lines: list[Line], i: int) -> bool:
    """A judge's name alone on line ``i`` (:data:`_BARE_JUDGE`) with a numbered paragraph next: a heading."""
    if not _alone(lines, i) or not _BARE_JUDGE.match(lines[i].content):
        return False
    nxt = next((ln.content for ln in lines[i + 1:i + 4] if ln.content), "")
    return bool(_NUM_PARA.match(nxt))


#: lower-case words a judge's name may hold ("Lady Justice Carr of Walton-on-the-Hill", "Judge de Haas")
_NAME_JOINERS = frozenset({"of", "the", "and", "de", "van", "von", "der", "da", "bin", "binte", "s/o", "d/o"})

#: a paragraph's number at its line's start: "12." and a space, or "12" and a gap of two or more spaces
#: (a PDF's tab stop, kept as spaces or no-break spaces: "12       The appellant ...")
_NUM_PARA = re.compile(r"^(\d{1,4})(?:\.\s+|[ \t\u00a0]{2,})(?=\S)")
#: a paragraph's number and one space or none ("20Before us, …"), at the start of a block (a blank line above
#: it), where the gap was lost:
#: taken only as the number expected next, and never a date ("8 June 2010 ...")
_BARE_NUM_PARA = re.compile(rf"^(\d{{1,4}}) ?(?=[A-Z“\"‘'(])(?!(?:{MONTH_NAME})\b)")
#: the same number with its digits split by the tab stop ("3       8 Nelson v Larholt was ..." for 38): taken
#: only where it is the number expected next
_SPLIT_NUM_PARA = re.compile(r"^(\d{1,3})[ \t\u00a0]{2,}(\d{1,2})[ \t\u00a0]+(?=\S)")


def _annex_label(heading: str) -> str:
    """An annex's label as its heading names it: "Annex A: Items bought by …" -> "Annex A"."""
    m = re.match(r"(?i)(annex|appendix|schedule)(?:\s+([A-Z]|\d{1,2}|[IVX]{1,4})\b)?", heading)
    return f"{m.group(1).title()} {m.group(2)}".strip() if m and m.group(2) else (m.group(1).title() if m else heading)


def _note_role(note: str | None) -> tuple[Role | None, str | None]:
    """The role a judge heading's bracketed note states (:data:`~pincite.legal.text_judgments.JUDGE_NOTE_ROLES`)."""
    for pattern, role, _why in TJ.JUDGE_NOTE_ROLES if note else ():
        if pattern.search(note or ""):
            return Role(role), f"the judge's heading: ({note.strip()})"  # type: ignore[union-attr]
    return None, None


def numbered_judgment(text: str, lines: list[Line], min_paragraphs: int = 5) -> list[Unit] | None:
    """A judgment whose reasons open at "<judge> :" (or, with no judge's heading, at paragraph 1 under a
    caption) and run in paragraphs "1.", "2." or "1", "2" after a gap, or None.

    Another judge's heading further down ("Tay Yong Kwang JA (dissenting):") opens that judge's reasons; the
    paragraphs run on in one numbering.  Each judge's role is read from the heading's note where it states
    one, else from the judge's words (:mod:`pincite.parse.roles`); with no heading, a caption naming one judge
    makes the reasons that judge's.  Annexes, footnotes, a copyright line and a source link after the last
    paragraph are not reasons.
    """
    judge = next((i for i, ln in enumerate(lines) if _judge_line(ln.content) or _bare_judge(lines, i)), None)
    first = next((i for i, ln in enumerate(lines) if (m := _NUM_PARA.match(ln.content)) and m.group(1) == "1"),
                 None)
    if judge is not None and first is not None and first < judge and _inline_judge(lines[first].content):
        judge = None  # "1. LORD JUSTICE PILL: This is an appeal …": the judge is named in the first paragraph
    elif judge is not None and first is not None and first < judge and _runs_to(lines, first, judge, min_paragraphs):
        judge = None  # the reasons open before any heading (the lead's name was not printed as one)
    start = judge
    if judge is None:  # no judge's heading: the reasons open at the paragraph numbered 1, under the caption
        start = first
        if start is None:
            return None
    above = text[:lines[start].start]
    if sum(1 for p, _ in TJ.JUDGMENT_SIGNS if p.search(above)) < 2:
        return None
    paras: list[tuple[int, str]] = []  # (line index, number)
    judges: list[int] = [judge] if judge is not None else []  # the judge headings, in order
    want = 1
    bench = panel(text, lines)
    numbered: tuple[list[tuple[int, int]], dict[int, list[int]]] | None = None  # (read once, when first needed)
    for i in range(start if judge is None else start + 1, len(lines)):
        content = lines[i].content
        m = _NUM_PARA.match(content)
        split = _SPLIT_NUM_PARA.match(content) if want >= 10 else None
        bare = _BARE_NUM_PARA.match(content) if paras and i and not lines[i - 1].content else None
        if m and paras and want < int(m.group(1)) <= want + MAX_SKIPPED \
                and _runs_on((numbered := numbered or _number_lines(lines))[0], i, int(m.group(1))) \
                and not _printed_later(numbered[1], i, want):
            want = int(m.group(1))  # the document skips a number (a paragraph deleted: "6.", then "8.")
        if m and int(m.group(1)) == want and paras \
                and _quoted_twin(lines, (numbered := numbered or _number_lines(lines))[0], paras[-1][0], i, want):
            continue  # the judgment quoted counts on to the number the court's own paragraph prints next
        if m and int(m.group(1)) == want or split and split.group(1) + split.group(2) == str(want) \
                or bare and bare.group(1) == str(want):
            paras.append((i, str(want)))
            want += 1
            if _inline_judge(content):
                judges.append(i)  # a judge named at the paragraph's start opens that judge's reasons
        elif (paras or judge is None) and _alone(lines, i) and (
                _judge_line(content) or _bare_judge(lines, i) and _on_bench(content, bench)):
            judges.append(i)
    if len(paras) < min_paragraphs:
        return None
    # matter after the last paragraph that is not reasons ("[note: 1] ...", "Copyright © ...")
    tail = next((i for i in range(paras[-1][0] + 1, len(lines)) if TJ.TRAILING_MATTER.match(lines[i].content)),
                len(lines))
    # annexes the court attaches after the last paragraph ("Annex A: Items bought by …")
    annexes = [i for i in range(paras[-1][0] + 1, tail) if _alone(lines, i) and TJ.ANNEX_HEADING.match(lines[i].content)]
    reasons_end = annexes[0] if annexes else tail
    segments: list[Segment] = []
    found: list[dict] = []

    def add(kind: UnitKind, s: int, e: int, zone: Zone, citable: bool, label: str | None,
            **kw: object) -> int:
        found.append(dict(kind=kind, char_start=s, char_end=_end(text, e, s), zone=zone, citable=citable,
                          label=label, parent=kw.pop("parent", None), **kw))
        return len(found) - 1

    add(UnitKind.BLOCK, 0, lines[start].start, Zone.COVER, False, "cover")
    coram = panel(text, lines)
    if not judges and len(coram) == 1:  # no heading, one judge on the bench: that judge's reasons, alone
        segments.append(Segment(index=0, display=coram[0], judges=(coram[0],), heading="", role=Role.SOLE,
                                basis=f"the only judge the caption names ({coram[0]}); no judge's heading"))
    for k, j in enumerate(judges):
        m = _judge_line(lines[j].content)
        inline = _inline_judge(lines[j].content) if m is None else None
        raw = m.group("name") if m is not None else inline.group("name") if inline is not None \
            else lines[j].content
        name = " ".join(w if w in _NAME_JOINERS or not w[0].islower() else w[0].upper() + w[1:]
                        for w in raw.split())  # ("Lord kitchin", typed under small capitals)
        role, basis = _note_role((m.group("note") or m.group("after") or m.group("with")) if m is not None else None)
        joint = role is Role.JOINT
        segments.append(Segment(index=k, display=name, judges=(name,), heading=lines[j].content, joint=joint,
                                role=None if joint else role, basis=None if joint else basis))
        if (k or judge is None) and inline is None:
            segments[-1].units.append(add(UnitKind.HEADING, lines[j].start, lines[j].end, Zone.REASONS, False,
                                          None))
    for k, (li, num) in enumerate(paras):
        stop = paras[k + 1][0] if k + 1 < len(paras) else reasons_end
        after = bisect.bisect_right(judges, li)  # the judge headings above this paragraph (in line order)
        if after < len(judges) and judges[after] < stop:
            stop = judges[after]  # the next judge's heading ends it
        # its voice: the last heading above it (the one segment where no heading names a judge); none to give it
        # (before the first heading, where the reasons open with none: no judge's)
        owned = segments[max(0, after - 1)].units if segments and (after or judge is not None or not judges) \
            else []
        # headings printed between this paragraph and the next ("A. INTRODUCTION"): their own units
        heads = headings_before(lines, li, stop, _heading_line, 3)
        if k + 1 == len(paras):
            heads = []
        body_stop = heads[0] if heads else stop
        # a contents table printed inside the paragraph
        toc = next((j for j in range(li + 1, body_stop) if TJ.CONTENTS_HEAD.match(lines[j].content)), None)
        para_end = lines[toc].start if toc is not None else (lines[body_stop].start if body_stop < len(lines)
                                                              else len(text))
        p = add(UnitKind.PARAGRAPH, lines[li].start, para_end, Zone.REASONS, True, f"[{num}]", number=num,
                section_path=(f"[{num}]",))
        owned.append(p)
        if toc is not None:
            end = lines[body_stop].start if body_stop < len(lines) else len(text)
            owned.append(add(UnitKind.BLOCK, lines[toc].start, end, Zone.REASONS, False, None))
        prev: str | None = None
        subs: list[tuple[int, str]] = []
        for j in range(li + 1, toc if toc is not None else body_stop):
            m = _SUB.match(lines[j].content)
            if m and _next_sub(prev, m.group(1)):
                subs.append((j, m.group(1)))
                prev = m.group(1)
        for s_k, (j, tok) in enumerate(subs):
            e = lines[subs[s_k + 1][0]].start if s_k + 1 < len(subs) else para_end
            owned.append(add(UnitKind.SUBPARAGRAPH, lines[j].start, e, Zone.REASONS, True, f"[{num}({tok})]",
                             number=tok, parent=p, section_path=(f"[{num}]", tok)))
        for j in heads:
            owned.append(add(UnitKind.HEADING, lines[j].start, lines[j].end, Zone.REASONS, False, None))
    for k, a in enumerate(annexes):  # each annex to the next one (or the notes): attached, not reasons
        end = lines[annexes[k + 1]].start if k + 1 < len(annexes) else (lines[tail].start if tail < len(lines)
                                                                         else len(text))
        add(UnitKind.BLOCK, lines[a].start, end, Zone.SCHEDULE, False, _annex_label(lines[a].content))
    if tail < len(lines):
        add(UnitKind.BLOCK, lines[tail].start, len(text), Zone.NOTE, False, "notes")
    ordinal_of = _ordinals(found)
    for seg in segments:
        seg.units = [ordinal_of[i] for i in seg.units]
    for seg in segments:  # "1. This is the judgment of the Court." under a judge's heading: the court's, joint
        first_para = next((f for f in (found[i] for i in seg.units) if f["kind"] is UnitKind.PARAGRAPH), None)
        if first_para is not None and TJ.COURT_JUDGMENT_SAYS.match(
                text, first_para["char_start"], min(first_para["char_end"], first_para["char_start"] + 120)):
            seg.joint, seg.role, seg.basis = True, None, None
    if len(segments) == 1 and not segments[0].joint and segments[0].role is None and len(coram) <= 1:
        # one judge alone (the heading's name, no panel printed): as before, that judge decides alone
        segments[0].role, segments[0].basis = Role.SOLE, segments[0].heading
    return list(assign_roles(tuple(_units(found)), segments, coram, text))


def caption_facts(text: str, lines: list[Line], reasons_at: int | None = None
                  ) -> tuple[str | None, str | None, str | None, list[str]]:
    """A plain-text judgment's running title ("GREEN v CARR"), neutral citation ("[2018] NZHC 3408"), date
    (ISO, from the running title's "[19 December 2018]" or the "Judgment:" field) and panel (:func:`panel`),
    as its caption prints them; None / empty where it prints none."""
    first = next((ln for ln in lines[:6] if ln.content.strip('"“ ')), None)
    m = TJ.RUNNING_TITLE.match(first.content) if first is not None else None
    title = re.sub(r"\s+", " ", m.group("title")).strip() if m else None
    cite = re.sub(r"\s+", " ", m.group("cite")) if m else None
    date = iso_from_parts(m.group("month"), m.group("day"), m.group("year")) if m and m.group("day") else None
    if cite is None:
        head = text[:lines[min(len(lines) - 1, 60)].end] if lines else ""
        head = head[:reasons_at]  # a citation in the reasons is another decision's
        c = TJ.NEUTRAL_CITATION.search(TJ.other_decisions_blanked(head))
        cite = re.sub(r"\s+", " ", c.group(0)) if c else None
    for i, ln in enumerate(lines[:200]):
        f = TJ.JUDGMENT_DATE_FIELD.match(ln.content)
        if date is None and f:
            value = f.group("rest") or next((x.content for x in lines[i + 1:i + 4] if x.content), "")
            d = TJ.DAY_MONTH_YEAR.match(value)
            date = iso_from_parts(d.group("month"), d.group("day"), d.group("year")) if d else None
            break
    cover = [ln for ln in lines[:250] if reasons_at is None or ln.start < reasons_at]
    if title is None:
        title = uk_parties(cover)
    if date is None:
        date = uk_date(cover)
    return title, cite, date, panel(text, lines)


#: a party's role after its name on a UK cover ("PHILIP PARR\tAppellant", "Lloyd (Respondent)")
_ROLE_WORDS = (r"(?:First |Second |Third |1st |2nd |3rd )?(?:Appellant|Respondent|Claimant|Defendant|Applicant|"
               r"Petitioner|Intervener)s?(?:[ \t]*/[ \t]*(?:Appellant|Respondent|Claimant|Defendant|Applicant)s?)?"
               r"(?: (?:father|mother|company|Company))?")
_ROLE_TAIL = re.compile(rf"[ \t]*(?:\({_ROLE_WORDS}\)|\t+{_ROLE_WORDS}|[ \t]+-[ \t]+{_ROLE_WORDS})[ \t]*$", re.I)
_SC_TITLE = re.compile(rf"^(?P<a>[^\t\n]{{2,150}}?)\s*\({_ROLE_WORDS}\)\s+v\.?\s+(?P<b>[^\t\n]{{2,150}}?)\s*\({_ROLE_WORDS}\)",
                       re.I)
_AND = re.compile(r"^[ \t]*[-–—]*[ \t]*(?:and|AND|v\.?|V\.?)[ \t]*[-–—]*[ \t]*$")
_BETWEEN = re.compile(r"^[ \t]*(?:B[ \t]*E[ \t]*T[ \t]*W[ \t]*E[ \t]*E[ \t]*N|Between)[ \t]*:?[ \t]*$")


def _party(line: str) -> str:
    name = _ROLE_TAIL.sub("", line.split("\t")[0]).strip()  # (a cover's role column is a tab away)
    name = re.sub(rf"\s*[–—-]+\s*(?:{_ROLE_WORDS}|and)\s*[–—-]*$", "", name, flags=re.I)
    name = re.sub(r"^\(\d+\)\s*", "", name)  # "(1) MSR PARTNERS LLP (2) SIMON …": the first party named
    name = re.split(r"\s\(\d+\)\s", name)[0]
    return name.strip(" ,;")


def uk_parties(lines: list[Line]) -> str | None:
    """A UK cover's parties as a title ("Lloyd v Google LLC", "PHILIP PARR v MSR PARTNERS LLP (FORMERLY MOORE
    STEPHENS LLP)"): the Supreme Court's "X (Respondent) v Y (Appellant)" line, else the first name under
    "Between :" and the first under "- and -"; None where the cover prints neither."""
    for ln in lines:
        m = _SC_TITLE.match(ln.content.strip())
        if m:
            return f"{m.group('a').strip()} v {m.group('b').strip()}"
    start = next((i for i, ln in enumerate(lines) if _BETWEEN.match(ln.content)), None)
    if start is None:  # a transcript's cover: the parties either side of "-v-", each over its role
        at = next((i for i, ln in enumerate(lines) if _AND.match(ln.content) and ln.content.strip()), None)
        if at is None:
            return None

        def near(rng: range) -> str | None:
            for j in rng:
                c = lines[j].content.strip()
                if not c or re.fullmatch(r"[-–—_ ]+", c) or re.fullmatch(_ROLE_WORDS, c, re.I):
                    continue
                return _party(c) or None
            return None
        a, b = near(range(at - 1, max(-1, at - 6), -1)), near(range(at + 1, min(len(lines), at + 6)))
        return f"{a} v {b}" if a and b else None
    names: list[str] = []
    for ln in lines[start + 1:start + 30]:
        c = ln.content.strip()
        if not c or re.fullmatch(r"[-–—_ ]+", c) or re.fullmatch(_ROLE_WORDS, c, re.I):
            continue
        if _AND.match(c):
            if names:
                names.append("v")
            continue
        if len(names) in (0, 2) and not re.match(r"^(?:\((?:ANONYMITY|ANONYMISED)|Case No)", c, re.I):
            party = _party(c)
            if party and len(party) <= 150:
                names.append(party)
        if len(names) == 3:
            return f"{names[0]} v {names[2]}"
    return None


#: the date a UK cover gives the judgment ("Date: 14/01/2022", "JUDGMENT GIVEN ON" / "23 April 2021")
_UK_DATE_FIELD = re.compile(r"^[ \t]*(?:Date|Judgment date|Date of (?:judgment|decision)|JUDGMENT GIVEN ON|Handed down "
                            r"(?:on)?)[ \t]*:?[ \t]*(?P<rest>.*)$", re.I)


def uk_date(lines: list[Line]) -> str | None:
    for i, ln in enumerate(lines):
        f = _UK_DATE_FIELD.match(ln.content)
        if not f:
            continue
        value = f.group("rest").strip() or next((x.content.strip() for x in lines[i + 1:i + 4] if x.content.strip()), "")
        d = TJ.DAY_MONTH_YEAR.match(re.sub(r"^(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday),?\s+", "",
                                           value))
        if d:
            return iso_from_parts(d.group("month"), d.group("day"), d.group("year"))
        n = re.match(r"^(\d{1,2})/(\d{1,2})/(\d{4})\b", value)
        if n and 1 <= int(n.group(2)) <= 12 and 1 <= int(n.group(1)) <= 31:
            return f"{n.group(3)}-{int(n.group(2)):02d}-{int(n.group(1)):02d}"
    return None

