"""A US court opinion read from a PDF's paragraphs: front matter, voices, Parts.

A US opinion does not number its paragraphs; a lawyer cites it by page and by Part ("Part II-A", "slip op.
at 7").  So the citable unit here is the Part: a heading ("I", "A.", "1.", "BACKGROUND", "Discussion") and
everything up to the next heading of its level or above, nested under the Part above it; text before the
first heading is the voice's "Introduction".  Paragraphs are not units (a number counted by order would look
printed, and a paragraph inside a Part would hide the Part from a quote that falls in it).

Everything before the opinion begins (caption, docket and argued/decided lines, counsel, the panel, a
Supreme Court syllabus) is front matter and not citable.  The opinion of the court and each separate opinion
(a concurrence, a dissent, "concurring in part and dissenting in part") are separate voices, each with its
author and role, read from its own first line (:mod:`pincite.legal.us_opinions`); a separate opinion's
labels carry its voice ("Gorsuch, J., dissenting, Part I") so that every label names one place.

Used by :mod:`pincite.parse.pdf`, which passes its blocks and page layouts; footnotes are made there and
given the voice of the page they are printed on (:func:`voice_of_pages`).
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Protocol

from pincite.legal import us_opinions as US
from pincite.parse.builder import FrontRuns, add_pages
from pincite.types import Role, Unit, UnitKind, Zone


@dataclass
class Block:
    """What this module reads of a paragraph: a PDF's (:class:`pincite.parse.pdf.Block`, which has these fields and
    more) or a plain text's (made by :mod:`pincite.parse.us_opinion_text`)."""

    start: int
    end: int
    pages: list[int]
    first_line: str
    lines: int
    text: str
    first_centred: bool = False
    first_short: bool = False


class PageLayout(Protocol):
    """What this module reads of a PDF page (:class:`pincite.parse.pdf.PageLayout`)."""

    index: int
    series: str | None
    label: str | None
    furniture: list[str]


@dataclass
class Voice:
    """One opinion in the document: the court's or a separate one."""

    title: str  # "Opinion of the Court", "Gorsuch, J., dissenting"
    prefix: str  # put before its labels ("" for the court)
    author: str | None
    role: Role
    basis: str
    supreme: bool = False  # a Supreme Court opinion: Parts are written "II-A"

    @property
    def note_prefix(self) -> str:
        """Put before its footnotes' labels: a slip opinion numbers each opinion's notes afresh, so the
        Court's "n. *" is "Opinion of the Court, n. *" there, as a separate opinion's is "Thomas, J., ...,
        n. *"."""
        return self.prefix or (f"{self.title}, " if self.supreme else "")

    @property
    def whole_label(self) -> str:
        """The label of the opinion as a whole, where nothing in it is numbered: a Supreme Court opinion is
        cited by its name ("Opinion of the Court", "Thomas, J., concurring") and page; a court of appeals'
        text before its first heading is its "Introduction"."""
        return self.title if self.supreme else self.prefix + "Introduction"


@dataclass
class OpinionShape:
    units: list[Unit]
    warnings: list[str]
    voices: list[Voice] = field(default_factory=list)
    page_voice: dict[int, int] = field(default_factory=dict)  # pdf page -> index in voices
    headnote_pages: set[int] = field(default_factory=set)  # pdf pages of the syllabus and nothing else


_ROMAN = {"I": 1, "II": 2, "III": 3, "IV": 4, "V": 5, "VI": 6, "VII": 7, "VIII": 8, "IX": 9, "X": 10,
          "XI": 11, "XII": 12, "XIII": 13, "XIV": 14, "XV": 15, "XVI": 16, "XVII": 17, "XVIII": 18, "XIX": 19,
          "XX": 20}
_BARE = re.compile(rf"^(?P<token>{US.PART_TOKEN})\.?$")
_TITLED = re.compile(rf"^(?P<token>{US.PART_TOKEN})\.\s+(?P<title>\S.{{0,160}})$")


def _name(raw: str) -> str:
    """'SOTOMAYOR' -> 'Sotomayor', "O'BRIEN" -> "O'Brien"."""
    return re.sub(r"(?<=['’])([a-z])", lambda m: m.group(1).upper(), raw.strip().title())


def _abbrev(title: str) -> str:
    return "C.J." if title.replace(" ", "").upper() in ("CHIEFJUSTICE", "C.J.") or title.startswith("Chief") \
        else "J."


def _successor(a: str, b: str) -> bool:
    """Whether heading token ``b`` follows ``a`` at the same level ("I" -> "II", "A" -> "B", "1" -> "2")."""
    if a in _ROMAN and b in _ROMAN and _ROMAN[b] == _ROMAN[a] + 1:
        return True
    if a.isdigit() and b.isdigit():
        return int(b) == int(a) + 1
    return len(a) == len(b) == 1 and a.isalpha() and b.isalpha() and a.isupper() == b.isupper() \
        and ord(b) == ord(a) + 1


def _first_of_level(token: str) -> bool:
    return token in ("I", "A", "1", "a")


def _level(token: str, open_tokens: list[str]) -> int:
    """Roman numerals 1, capital letters 2, digits 3, small letters 4 ("I" after "H" is a letter)."""
    if token in _ROMAN and len(token) > 1:
        return 1
    if token in _ROMAN:
        letters = [t for t in open_tokens if len(t) == 1 and t.isupper() and t not in _ROMAN]
        last_letter = letters[-1] if letters else None
        if last_letter is not None and ord(token) == ord(last_letter) + 1:
            return 2
        return 1
    if token.isalpha() and token.isupper():
        return 2
    if token.isdigit():
        return 3
    return 4


def _unnumbered_heading(blk: Block) -> str | None:
    """An unnumbered heading's words ("BACKGROUND", "Standard of Review"), when the block starts with one."""
    t = blk.first_line.strip()
    if not t or len(t) > 60 or t.endswith((".", ",", ";", ":")) or not t[0].isupper():
        return None
    if US.DISPOSITION_LINE.match(t) or any(p.match(t) for p, _ in US.COURT_OPENERS + US.SEPARATE_OPENERS):
        return None
    letters = [c for c in t if c.isalpha()]
    if len(letters) < 3:
        return None
    alone = blk.lines == 1 or blk.first_centred or blk.first_short
    if not alone:
        return None
    if t.isupper():
        return t
    words = [w for w in re.findall(r"[A-Za-z][\w'’-]*", t) if len(w) > 3]
    if blk.first_centred and words and all(w[0].isupper() for w in words) and len(t.split()) <= 6:
        return t
    return None


def _numbered_heading(blk: Block) -> tuple[str, str] | None:
    """A numbered heading's number and words ("II", "") / ("A", "Full and Fair Review")."""
    t = blk.first_line.strip()
    m = _BARE.match(t)
    if m and (blk.lines == 1 or blk.first_centred or blk.first_short):
        return m.group("token"), ""
    m = _TITLED.match(t)
    if not m:
        return None
    whole = " ".join(blk.text.split())
    short_block = blk.lines <= 3 and len(whole) <= 250 and not whole.endswith(":")
    if short_block or blk.first_centred or (blk.first_short and not t.endswith((".", ",", ";", ":"))):
        return m.group("token"), m.group("title").strip()
    return None


def _prose_follows(blocks: list[Block], k: int) -> bool:
    """Whether the block after ``k`` is a paragraph of prose (a sentence's end, or a long block)."""
    if k + 1 >= len(blocks):
        return False
    t = " ".join(blocks[k + 1].text.split())
    return len(t) > 150 or (len(t.split()) >= 6 and t.endswith((".", ":", ";")))


def _part_label(voice: Voice, path: list[tuple[str, bool]]) -> str:
    """'Part II.A', 'DISCUSSION, Part A', 'Background'; a separate opinion's labels start with its voice."""
    pieces: list[str] = []
    run: list[str] = []
    sep = "-" if voice.supreme else "."
    for text, numbered in path:
        if numbered:
            run.append(text)
            continue
        if run:
            pieces.append("Part " + sep.join(run))
            run = []
        pieces.append(text)
    if run:
        pieces.append("Part " + sep.join(run))
    return voice.prefix + ", ".join(pieces)


#: how many short lines (a date, the judge's name) may stand above a trial judge's signature line
SIGNATURE_LEAD_LINES = 2


def _trial_signature(blocks: list[Block], k: int) -> int | None:
    """Where a trial judge's signature line (:data:`pincite.legal.us_opinions.TRIAL_JUDGE_SIGNATURE`) stands, when
    block ``k`` is it or one of the few short lines above it ("DATED: June 1, 2019", "JANE DOE")."""
    for j in range(k, min(len(blocks), k + SIGNATURE_LEAD_LINES + 1)):
        t = " ".join(blocks[j].text.split())
        if US.TRIAL_JUDGE_SIGNATURE.match(t):
            return j
        sentence = t.endswith((".", ";", ",")) and not t.lower().startswith("dated")
        if len(t.split()) > 6 or blocks[j].lines > 1 or sentence:
            return None
    return None


def analyse_us_opinion(blocks: list[Block], layouts: list[PageLayout], supreme: bool | None = None
                       ) -> OpinionShape:
    """Zones, voices and Parts of a US opinion from its PDF blocks (units in document order).  ``supreme``: the
    caller has seen the Supreme Court's caption (a plain text's lines, where its running titles are lost)."""
    series_of = {p.index: (p.series or "") for p in layouts}
    supreme = supreme or any("opinion of the court" in s.lower() for s in series_of.values()) or any(
        US.CAPTION_LINES[0][0].match(b.first_line.strip()) for b in blocks[:40])
    found: list[dict[str, Any]] = []
    voices: list[Voice] = []
    zone = Zone.COVER
    runs = FrontRuns(found)
    stack: list[tuple[str, bool, int, float]] = []  # (token or heading, numbered, index in found, level)
    last_at: dict[tuple[int | None, float], str] = {}  # last token per (parent, level)
    last_level: dict[float, tuple[str, int | None]] = {}  # last token of each level, with its parent
    leaf: int | None = None  # the unit the running text goes into (an Introduction or the deepest Part)
    root: int | None = None  # a Supreme Court opinion as a whole: its Parts are nested in it
    skip_next = False  # the block that ends a separate opinion's first line, run over two lines
    after_panel = False
    signature_author: str | None = None
    want_signature_name = False
    # where the court's opinion has an author's line, the first prose after the panel is not its start
    has_opener = any(p.match(" ".join(b.text.split())) for b in blocks for p, _ in US.COURT_OPENERS)
    # a trial court's order: one judge's reasons under the order's title, signed at the end
    trial = any(US.TRIAL_COURT_CAPTION.match(b.first_line) for b in blocks[:40])

    def extend(blk: Block) -> None:
        targets = [i for _, _, i, _ in stack]
        for extra in (leaf, root):
            if extra is not None and extra not in targets:
                targets.append(extra)
        for i in targets:
            found[i]["char_end"] = blk.end
            add_pages(found[i], blk)

    def open_unit(blk: Block, label: str, number: str | None, path: tuple[str, ...], parent: int | None
                  ) -> int:
        v = voices[-1]
        if parent is None:
            parent = root
        found.append(dict(kind=UnitKind.PART, char_start=blk.start, char_end=blk.end, zone=Zone.REASONS,
                          citable=True, number=number, label=label, section_path=(v.title, *path),
                          parent=parent, pages=list(blk.pages), author=v.author, role=v.role,
                          role_basis=v.basis, attrs={"voice": len(voices) - 1}))
        return len(found) - 1

    def start_voice(v: Voice, blk: Block, whole: bool = True) -> None:
        """Open a voice at ``blk``; without ``whole`` (it opens at a heading) no unit before the heading."""
        nonlocal zone, leaf, root
        voices.append(v)
        zone = Zone.REASONS
        runs.close()
        stack.clear()
        last_at.clear()
        last_level.clear()
        root = leaf = None
        if not whole and not v.supreme:
            return
        leaf = open_unit(blk, v.whole_label, None, () if v.supreme else ("Introduction",), None)
        if v.supreme:
            root = leaf

    def end_voice(z: Zone) -> None:
        nonlocal zone, leaf, root
        zone, leaf, root = z, None, None
        stack.clear()

    prev_text = ""
    for k, blk in enumerate(blocks):
        t = " ".join(blk.text.split())
        if skip_next:
            skip_next = False
            extend(blk)
            prev_text = t
            continue
        before, prev_text = prev_text, t
        first = blk.first_line.strip()
        series = series_of.get(blk.pages[0], "")
        if "syllabus" in series.lower() or (zone != Zone.REASONS and US.SYLLABUS_NOTE.match(first)):
            zone = Zone.HEADNOTE
            runs.add(Zone.HEADNOTE, blk, "Syllabus")
            continue
        if zone == Zone.HEADNOTE:
            zone = Zone.COVER
        if want_signature_name:
            want_signature_name = False
            parts = first.split()
            if parts and 1 < len(parts) <= 5 and all(p[:1].isupper() for p in parts):
                signature_author = f"{_name(parts[-1])}, J."
        # --- a separate opinion begins
        sep = next(((m, why) for p, why in US.SEPARATE_OPENERS for m in [p.match(t)] if m), None)
        if sep is None and voices and k + 1 < len(blocks) and US.OPENER_RUNS_ON.match(t):
            # "JUSTICE BREYER, with whom JUSTICE GINSBURG and" / "JUSTICE SOTOMAYOR join, dissenting."
            both = t + " " + " ".join(blocks[k + 1].text.split())
            sep = next(((m, why) for p, why in US.SEPARATE_OPENERS for m in [p.match(both)] if m), None)
            skip_next = sep is not None
        if sep is not None and voices:
            m = sep[0]
            title = m.group("title")
            author = f"{_name(m.group('name'))}, {_abbrev(title)}"
            role_words = m.group("role")
            start_voice(Voice(f"{author}, {role_words}", f"{author}, {role_words}, ", author,
                              US.role_of(role_words), m.group(0).rstrip(".: "), supreme), blk)
            continue
        # --- the opinion of the court begins
        if not voices:
            court = next((m for p, _ in US.COURT_OPENERS for m in [p.match(t)] if m), None)
            closes_panel = before.endswith((",", " and", ";")) or (
                US.PANEL_LINE.search(before) is not None and court is not None and t == court.group(0))
            if court is not None and blk.lines == 1 and closes_panel:
                court = None  # "WILLIAMS, Senior Circuit Judge." closing the panel line above, not an author
            numbered = _numbered_heading(blk)
            prose = len(t) > 150 and blk.lines >= 2 and numbered is None
            # a state court's opinion may open at its first heading ("Introduction") under the panel line
            heading = court is None and after_panel and not has_opener and not prose and (
                _unnumbered_heading(blk) is not None
                or (numbered is not None and _first_of_level(numbered[0])))  # ("O" is no Part I)
            if heading and trial and numbered is None and not _prose_follows(blocks, k):
                # under an order's title, words in capitals with no prose after them are the caption's other
                # column run in among the title's lines (a text extraction of pleading paper), not a heading
                heading = False
            if trial and court is None and not after_panel and US.ORDER_TITLE.match(t):
                after_panel = True  # the order's title ends the caption: the court's reasons follow
                runs.add(Zone.COVER, blk, "cover")
                continue
            if heading:
                start_voice(Voice("Opinion of the Court", "", None, Role.SOLE if trial else Role.LEAD,
                                  "the order after its title" if trial else "the opinion after the panel line",
                                  supreme), blk, whole=False)
            elif court is not None or (after_panel and prose and not has_opener):
                if court is not None and "name" in court.groupdict() and court.group("name"):
                    author = f"{_name(court.group('name'))}, {_abbrev(court.group('title'))}"
                elif court is not None:
                    author = "Per Curiam"
                else:
                    author = None
                basis = (court.group(0).rstrip(".: ") if court is not None
                         else "the order after its title" if trial else "the opinion after the panel line")
                start_voice(Voice("Opinion of the Court", "", author, Role.SOLE if trial and court is None
                                  else Role.LEAD, basis, supreme), blk)
                continue
            else:
                if US.PANEL_LINE.search(blk.text) or US.PANEL_NAMES.match(t):
                    after_panel = True
                runs.add(Zone.COVER, blk, "cover")
                continue
        # --- front matter again: a separate opinion's caption, a signature block
        if any(p.match(first) for p, _ in US.CAPTION_LINES):
            end_voice(Zone.COVER)
            runs.add(Zone.COVER, blk, "cover")
            continue
        if zone == Zone.REASONS and US.RECUSAL_LINE.match(t):
            end_voice(Zone.COVER)
            runs.add(Zone.COVER, blk, "cover")
            continue
        signs_at = _trial_signature(blocks, k) if trial and zone == Zone.REASONS else None
        if signs_at is not None:
            # "DATED: …" / "JANE DOE" / "UNITED STATES DISTRICT JUDGE" under the order: the signature block,
            # its name on the signature's line or the line above it
            sig = US.TRIAL_JUDGE_SIGNATURE.match(" ".join(blocks[signs_at].text.split()))
            above = " ".join(blocks[signs_at - 1].text.split()) if signs_at > k else ""
            name = (sig.group("name") if sig else None) or (above if len(above.split()) <= 5 else "")
            words = [w for w in re.findall(r"[A-Za-z'’-]+", name) if w.lower() not in ("hon", "honorable", "s")]
            if words and signature_author is None:
                signature_author = f"{_name(words[-1])}, J."
            end_voice(Zone.SIGNATURES)
            runs.add(Zone.SIGNATURES, blk, "signatures")
            continue
        signed = US.SIGNED_BY.match(first)
        rule_then_signed = (US.SIGNATURE_RULE.match(t) is not None and k + 1 < len(blocks)
                            and US.SIGNED_BY.match(blocks[k + 1].first_line.strip()) is not None)
        if zone == Zone.REASONS and (signed or rule_then_signed):
            # the author signs a state court's opinion at its end: "James M. Dowd, Judge"
            end_voice(Zone.SIGNATURES)
            runs.add(Zone.SIGNATURES, blk, "signatures")
            signed = signed or US.SIGNED_BY.match(blocks[k + 1].first_line.strip())
            if signed and signature_author is None:
                signature_author = f"{_name(signed.group('surname'))}, J."
            continue
        if any(p.match(first) for p, _ in US.SIGNATURE_OPENERS):
            end_voice(Zone.SIGNATURES)
            runs.add(Zone.SIGNATURES, blk, "signatures")
            want_signature_name = True
            continue
        if zone != Zone.REASONS:
            runs.add(zone, blk, "signatures" if zone == Zone.SIGNATURES else "cover")
            continue
        runs.close()
        if root is not None and US.SECTION_BREAK.match(t):
            # "* * *": the closing words after it belong to no Part, only to the opinion as a whole
            stack.clear()
            leaf = root
            extend(blk)
            continue
        # --- a heading opens a Part
        numbered = _numbered_heading(blk)
        if numbered is not None:
            token, _title = numbered
            level: float = _level(token, [s[0] for s in stack if s[1]])
            holder = [s for s in stack if s[3] < level]
            parent = holder[-1][2] if holder else None
            prev = last_at.get((parent, level))
            ok = (prev is None and _first_of_level(token)) or (prev is not None and _successor(prev, token))
            if not ok and level in last_level and _successor(last_level[level][0], token) and (
                    last_level[level][1] is None or any(s[2] == last_level[level][1] for s in stack)):
                # "III" after "II" with an unnumbered heading ("STANDARD OF REVIEW") between: II's sibling
                ok, parent = True, last_level[level][1]
            if ok:
                while stack and stack[-1][2] != parent:
                    stack.pop()
                last_at[(parent, level)] = token
                last_level[level] = (token, parent)
                for key in [k for k in last_at if k[1] > level]:
                    del last_at[key]
                for deeper in [lv for lv in last_level if lv > level]:
                    del last_level[deeper]
                path = [(s[0], s[1]) for s in stack] + [(token, True)]
                idx = open_unit(blk, _part_label(voices[-1], path), token, tuple(p for p, _ in path), parent)
                numbered_from = next((i for i, (_, num) in enumerate(path) if num), 0)
                if numbered_from and path[numbered_from][0] in _ROMAN \
                        and _level(path[numbered_from][0], []) == 1:
                    # Points "I." / "II." under "Discussion": the opinion's first rank of numbers, cited as
                    # "Part I" where no other Part I is in the opinion
                    found[idx]["short"] = _part_label(voices[-1], path[numbered_from:])
                stack.append((token, True, idx, level))
                leaf = idx
                continue
        words = _unnumbered_heading(blk)
        if words is not None and numbered is None:
            level = 0.0  # in capitals or centred: a heading of the opinion's first rank
            while stack and stack[-1][3] >= level:
                stack.pop()
            parent = None
            path = [(words, False)]
            idx = open_unit(blk, _part_label(voices[-1], path), None, tuple(p for p, _ in path), parent)
            stack.append((words, False, idx, level))
            leaf = idx
            continue
        extend(blk)
    warnings: list[str] = []
    if not voices:
        warnings.append("no opening of the court's opinion was recognised: no unit is citable")
    elif voices[0].author is None and signature_author:
        voices[0].author = signature_author
        voices[0].basis = "signed at the end of the opinion (or order and judgment)"
        for u in found:
            if u.get("attrs", {}).get("voice") == 0:
                u["author"], u["role_basis"] = signature_author, voices[0].basis
    if voices:
        warnings.append("paragraphs are not numbered: pinpoint by Part (the citable unit) and printed page")
    page_voice: dict[int, int] = {}
    for u in found:
        v = u.get("attrs", {}).get("voice")
        if v is not None:
            for pg in u["pages"]:
                page_voice[pg] = v
    taken = Counter(d["label"] for d in found)
    shorts = Counter(d["short"] for d in found if "short" in d)
    for d in found:
        short = d.pop("short", None)
        if short is not None and shorts[short] == 1 and not taken[short]:
            d["label"] = short
    text_pages = {pg for u in found if u["zone"] != Zone.HEADNOTE for pg in u["pages"]}
    headnote_pages = {pg for u in found if u["zone"] == Zone.HEADNOTE for pg in u["pages"]} - text_pages
    label_of = {p.index: p.label for p in layouts}
    units = []
    for i, d in enumerate(found):
        pages = d.pop("pages")
        d.setdefault("attrs", {})
        units.append(Unit(ordinal=i, page_start=label_of.get(pages[0]), page_end=label_of.get(pages[-1]),
                          pdf_page_start=pages[0], pdf_page_end=pages[-1], **d))
    return OpinionShape(units, warnings, voices, page_voice, headnote_pages)


def voice_of_pages(shape: OpinionShape, page: int) -> Voice | None:
    """The voice whose opinion is printed on a PDF page (a caption page: the court's)."""
    if not shape.voices or page in shape.headnote_pages:  # a syllabus page's notes are the Reporter's
        return None
    best = None
    for pg in sorted(shape.page_voice):
        if pg <= page:
            best = shape.page_voice[pg]
    return shape.voices[best if best is not None else 0]


#: a running head that names the case: "No. 08-4433 Balmert v. Reliance ... Page 2", "2086 MORTIMER v. BACA"
_RUNNING_PARTIES = re.compile(r"^(?:No\. [\d-]+\s+)?(?:\d{1,5}\s+)?(?P<title>\S.*?\sv\.\s.*?)"
                              r"(?:\s+Page \d+|\s+\d{1,5})?$")
_VERSUS_LINE = re.compile(r"^[-–—]?v\.?[-–—]?(?:\s|$)")


def opinion_parties(blocks: list[Block], layouts: list[PageLayout]) -> str | None:
    """The case's name as the opinion prints it: its running head ("Balmert v. Reliance Standard Life Ins.
    Co.", "MORTIMER v. BACA"), else its caption's first party and the party after "v." ("UNITED STATES OF
    AMERICA v. SAMUEL H. VINTON")."""
    heads: Counter[str] = Counter()
    for p in layouts:
        for f in p.furniture:
            m = _RUNNING_PARTIES.match(f.strip())
            if m and len(m.group("title")) <= 120:
                heads[m.group("title").strip()] += 1
    if heads:
        best, n = heads.most_common(1)[0]
        if n >= 2:
            return best
    first_page = min((b.pages[0] for b in blocks), default=0)
    lines = [ln.strip() for b in blocks if b.pages[0] <= first_page + 1 for ln in b.text.split("\n")
             if ln.strip()]

    def party(candidates: list[str]) -> str | None:
        for ln in candidates:
            ln = re.sub(r"^\([^)]{0,40}\)\s*", "", ln)  # a court below beside the caption: "(W.D. Okla.)"
            if US.PARTY_ROLE.match(ln) or not ln or not re.search(r"[A-Z]{2}", ln):
                continue
            name = ln.split(",")[0].strip()
            return name if 2 < len(name) <= 80 else None
        return None

    for i, ln in enumerate(lines[:80]):
        if _VERSUS_LINE.match(ln):
            before = party(list(reversed(lines[max(0, i - 4):i])))
            after = party(lines[i + 1:i + 5])
            if before and after:
                return f"{before} v. {after}"
    return None


def judgment_title(blocks: list[Block], parties: str | None = None) -> str:
    """The judgment's name: its neutral citation's line, its caption's "X v. Y" in capitals, else ``parties``
    (a US opinion's caption or running head), else a first-page line with "v." in it."""
    for blk in blocks[:30]:
        m = re.search(r"Neutral Citation:\s*(.+?)(?:\(\d{2} \w+ \d{4}\))?$", blk.text.replace("\n", " "))
        if m:
            return m.group(1).strip()
    for blk in blocks[:15]:
        # a caption naming no adverse parties: "IN RE: Bard IVC Filters Products … Liability Litigation," (the
        # docket number printed beside it on the same line)
        m = re.match(r"(?i)\s*in\s+re:?\s+(.{3,200})", blk.text.replace("\n", " "))
        if m:
            name = re.sub(r"\s+(?:Case\s+)?No\.\s*[\w:.-]+(?:\s+[\d:.-][\w:.-]*)*", " ", m.group(1))
            return "In re " + " ".join(name.split()).rstrip(",;.")
    caps = [i for i, b in enumerate(blocks[:40]) if re.search(r"\sv\.?(?:\s|$)", b.text)
            and re.sub(r"\sv\.?(?=\s|$)", " ", b.text).isupper()]
    if not caps and parties:
        return parties
    caps = caps or [i for i, b in enumerate(blocks[:20]) if " v. " in b.text or " v " in b.text]
    if caps:
        title = re.sub(r"\s+", " ", blocks[caps[0]].text).strip()
        nxt = blocks[caps[0] + 1].text.strip() if caps[0] + 1 < len(blocks) else ""
        # "TARRANT REGIONAL WATER DISTRICT v." / "HERRMANN ET AL.": the other party is printed on the next line
        if re.search(r"\sv\.?$", title) and nxt and nxt.upper() == nxt and len(nxt) < 120:
            title = title + " " + " ".join(nxt.split())
        return title[:200]
    return re.sub(r"\s+", " ", blocks[0].text)[:200] if blocks else ""
