"""The checks every citation and every claim passes before it is shown.  None needs a model.

Each citation check is a small function ``(candidate, turn) -> list[Finding]`` registered in :data:`CHECKS`.  A
finding with ``drop=True`` removes the citation; one with ``drop=False`` is recorded (and the pinpoint is rendered
from metadata regardless).  A new failure type is a new function and a new test, not an ``if`` inside another
check.  The claim-level checks (one source per claim; the claim's own figures, names and words supported by the
units it cites; no claim without a surviving citation) run in :func:`verify_reply`, over what the citation checks
kept.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any
from xml.sax.saxutils import unescape

from pincite.answer.agreement import judge, quoted_sentence, restates, unstated
from pincite.answer.context import ContextPassage, TurnContext
from pincite.answer.protocol import RawCitation, RawClaim, Reply
from pincite.answer.render import quotation_of, quoting_phrase
from pincite.legal.injection import cited_untrusted
from pincite.legal.language import (CLAIM_ATTRIBUTES, CLAIM_OF_HOLDING, DEMONYM_ENDINGS, INITIALS_SKIP,
                                    QUOTED_SOURCE_QUESTION, terms)
from pincite.legal.support import (FIGURE_WORDS, FRAME_WORDS, NAME_EQUIVALENTS, NUMBER_WORDS, SPEAKERS,
                                   TERM_EQUIVALENTS, US_STATE_CODES, figure_keys, figures, names, supported)
from pincite.types import ChoiceEnum, Document, DocumentKind, Role, SourceKind, Unit, UnitKind, Zone
from pincite.versions import in_force_on


class Check(ChoiceEnum):
    NEVER_RETRIEVED = "never-retrieved"
    QUOTE_IN_PASSAGE = "quote-in-passage"
    PINPOINT_FROM_METADATA = "pinpoint-from-metadata"
    VERSION_WINDOW = "version-window"
    CITABLE_ZONE = "citable-zone"
    DISSENT_NOT_HOLDING = "dissent-not-holding"
    QUOTED_NOT_HOLDING = "quoted-not-holding"  # the court's holding resting on words the court only quotes
    PAGE_NOT_PARAGRAPH = "page-not-paragraph"
    MIXED_SOURCES = "mixed-sources"  # a claim resting on two documents (multi-document answers)
    UNSUPPORTED_CLAIM = "unsupported-claim"  # a claim left with no surviving citation
    QUOTE_TOO_SHORT = "quote-too-short"  # too few words to carry a proposition ("INJECTION")
    FIGURE_NOT_CITED = "figure-not-cited"  # a number, amount, share, period or date the cited words do not state
    NAME_NOT_CITED = "name-not-cited"  # a name or defined term the cited words do not mention
    WORDS_NOT_CITED = "words-not-cited"  # too few of the claim's content words are in the cited words
    CONTRADICTS_QUOTE = "contradicts-quote"  # the claim says the opposite of its quotation (answer/agreement)
    UNTRUSTED_SOURCE = "untrusted-source"  # words addressed to an AI assistant, or a document that holds them
    MALFORMED_REPLY = "malformed-reply"
    TRUNCATED_REPLY = "truncated-reply"  # the server stopped the reply at its token limit before it was whole


PLAIN_WORDS = {
    Check.NEVER_RETRIEVED: "cites a passage that was not retrieved for this question",
    Check.QUOTE_IN_PASSAGE: "the quoted words are not in the cited passage",
    Check.PINPOINT_FROM_METADATA: "the pinpoint the model gave does not match where the words are",
    Check.VERSION_WINDOW: "the cited provision was not in force on the date asked about (today, if none was)",
    Check.CITABLE_ZONE: "cites a headnote, summary, syllabus or cover page as if it were the court's reasons",
    Check.DISSENT_NOT_HOLDING: "states what the court held on the strength of a dissenting judgment",
    Check.QUOTED_NOT_HOLDING: "states what the court decided on the strength of words the court only quotes "
                              "(a court below, counsel, another source), not its own",
    Check.PAGE_NOT_PARAGRAPH: "the model gave a page where the source numbers paragraphs (or the reverse)",
    Check.MIXED_SOURCES: "one claim rests on passages from two different documents",
    Check.UNSUPPORTED_CLAIM: "the statement has no citation that passed the checks",
    Check.QUOTE_TOO_SHORT: "the quote is too short to support a statement (a word or two found in the passage "
                           "proves nothing the statement says)",
    Check.FIGURE_NOT_CITED: "the statement gives a number, amount, percentage, period or date that the cited words "
                            "do not state",
    Check.NAME_NOT_CITED: "the statement names someone or something that the cited words do not mention",
    Check.WORDS_NOT_CITED: "too little of what the statement says is in the cited words",
    Check.CONTRADICTS_QUOTE: "the statement contradicts the words it quotes (a negation, an obligation or "
                             "permission, a party, a figure or a condition changed)",
    Check.UNTRUSTED_SOURCE: "cites words that address an AI assistant or give it instructions, or a document "
                            "that does: planted text, not a source",
    Check.MALFORMED_REPLY: "the model's reply was not in the required format",
    Check.TRUNCATED_REPLY: "the model's reply was cut off at the token limit before it was complete",
}


@dataclass(frozen=True, slots=True)
class Finding:
    check: Check
    detail: str
    drop: bool


# -- normalisation: whitespace, quote marks and dashes, and nothing else ---------------------------------

_QUOTES = {c: "'" for c in "‘’‚‛′`´"} | {c: '"' for c in "“”„‟″«»"}
_DASHES = {c: "-" for c in "‐‑‒–—―−"}
_MAP = _QUOTES | _DASHES


def normalise_with_map(s: str) -> tuple[str, list[int]]:
    """Normalise ``s`` (whitespace runs → one space; curly quotes → straight; dashes → '-') and return, for each
    normalised character, the index of the original character it came from."""
    out: list[str] = []
    idx: list[int] = []
    in_space = False
    for i, ch in enumerate(s):
        if ch.isspace():
            if not in_space:
                out.append(" ")
                idx.append(i)
            in_space = True
            continue
        in_space = False
        out.append(_MAP.get(ch, ch))
        idx.append(i)
    return "".join(out), idx


def normalise(s: str) -> str:
    return normalise_with_map(s)[0].strip()


def locate_quote(passage_text: str, quote: str) -> tuple[int, int] | None:
    """Offsets of ``quote`` inside ``passage_text`` after normalisation (first occurrence), or None."""
    q = normalise(quote)
    if not q:
        return None
    norm, idx = normalise_with_map(passage_text)
    i = norm.find(q)
    if i < 0:
        return None
    start = idx[i]
    end = idx[i + len(q) - 1] + 1
    return start, end


def locate_quote_as_shown(passage_text: str, quote: str) -> tuple[int, int] | None:
    """:func:`locate_quote`, reading the quote as the model read the passage.  The prompt shows passage text
    XML-escaped (:func:`pincite.answer.protocol.render_prompt`: ``&`` as ``&amp;``, ``<`` as ``&lt;``, ``>`` as
    ``&gt;``), so a model that copies exactly what it was shown writes ``Smith &amp; Jones``; that quote is
    unescaped the same way and looked for again.  Nothing else is loosened: a quote found neither as written
    nor unescaped is not in the passage."""
    hit = locate_quote(passage_text, quote)
    if hit is None and "&" in quote:
        hit = locate_quote(passage_text, unescape(quote))
    return hit


# -- a quotation as a lawyer writes it: alterations in brackets and ellipses ---------------------------------

#: "[t]he": one letter in brackets changes its case; "state[d]": letters added to a word; "[the FTT]": words put
#: in place of the source's.  An empty "[]" or "[sic]" marks nothing changed.
_ALTERATION = re.compile(r"\[([^\[\]]{0,60})\]")
#: "…", ". . ." or "...": words left out (up to a long paragraph's worth; never across the quote's whole unit).
_ELLIPSIS = re.compile(r"\s*(?:…|\.\s?\.\s?\.)\s*")
_GAP_CHARS = 1500
_INSERT_CHARS = 80
_ENDING_CHARS = 4
#: a quote whose fixed words are only these (digits, punctuation, 'w') and has no ellipsis is read as written
_NOT_WORDS = frozenset("\\.?{}0123456789,()*[]wW ")


@dataclass(frozen=True, slots=True)
class QuotePlan:
    """A quotation as a lawyer writes it, as pieces to find in order on :func:`normalise`-d text.

    ``pieces`` are fixed runs of characters: each position is one exact character or, for a ``[t]`` alteration,
    the set of characters it may be (that letter in either case).  ``joints[i]`` says what may lie between
    piece i and piece i+1: ``("any", lo, hi)`` (an ellipsis or words put in place of the source's; the
    shortest is tried first) or ``("word", lo, hi)`` (a word's changed ending, letters only; the longest first).
    """

    pieces: tuple[tuple[str | frozenset[str], ...], ...]
    joints: tuple[tuple[str, int, int], ...]


def lawyer_quote_plan(quote: str) -> QuotePlan | None:
    """The pieces of a quotation with a lawyer's alterations and ellipses, or None when the quote has neither
    (then :func:`locate_quote` is the test).  Only what the brackets and ellipses mark is loosened: every other
    character must match as :func:`normalise` leaves it."""
    q = normalise(quote)
    if not _ALTERATION.search(q) and not _ELLIPSIS.search(q):
        return None
    # items in order: ("lit", text) | ("one", letters) | ("any"/"word", lo, hi, lead)
    items: list[tuple] = []
    pos = 0
    tokens = sorted([(m.start(), m.end(), "alt", m.group(1)) for m in _ALTERATION.finditer(q)]
                    + [(m.start(), m.end(), "gap", "") for m in _ELLIPSIS.finditer(q)])
    for start, end, what, inner in tokens:
        if start < pos:
            continue
        items.append(("lit", q[pos:start]))
        if what == "gap":
            lead = " " if start > 0 and q[start - 1:start] != " " and start < len(q) else ""
            items.append(("any", 0, _GAP_CHARS + (1 if end < len(q) else 0), lead))
        elif inner.strip().lower() in ("", "sic"):
            pass
        elif len(inner) == 1 and inner.isalpha():
            items.append(("one", inner.lower() + inner.upper()))
        elif inner.isalpha() and len(inner) <= 3 and start > 0 and q[start - 1].isalpha():
            items.append(("word", 0, _ENDING_CHARS, ""))  # "state[d]": the word's ending changed
        else:
            items.append(("any", 0, _INSERT_CHARS, ""))  # "[the FTT]": words replaced
        pos = end
    items.append(("lit", q[pos:]))
    # words put in at either end are the lawyer's, not the source's: the match starts and ends on real words
    while items and (items[0][0] in ("any", "word") or (items[0][0] == "lit" and not items[0][1].strip())):
        items.pop(0)
    while items and (items[-1][0] in ("any", "word") or (items[-1][0] == "lit" and not items[-1][1].strip())):
        items.pop()
    if items and items[0][0] == "lit":
        items[0] = ("lit", items[0][1].lstrip(" "))  # the space beside a dropped insertion is not the source's
    if items and items[-1][0] == "lit":
        items[-1] = ("lit", items[-1][1].rstrip(" "))
    fixed = "".join(it[1] for it in items if it[0] in ("lit", "one"))
    gap = any(it[0] == "any" and it[2] >= _GAP_CHARS for it in items)
    if not gap and not set(fixed) - _NOT_WORDS:
        return None
    pieces: list[list[str | frozenset[str]]] = [[]]
    joints: list[tuple[str, int, int]] = []
    for it in items:
        if it[0] == "lit":
            pieces[-1].extend(it[1])
        elif it[0] == "one":
            pieces[-1].append(frozenset(it[1]))
        else:
            kind, lo, hi, lead = it
            pieces[-1].extend(lead)
            if not pieces[-1] and joints:  # two joints in a row: one joint spanning both
                k0, lo0, hi0 = joints.pop()
                pieces.pop()
                kind, lo, hi = ("any" if "any" in (k0, kind) else "word"), lo0 + lo, hi0 + hi
            joints.append((kind, lo, hi))
            pieces.append([])
    if not pieces[-1]:
        pieces.pop()
        joints = joints[:len(pieces) - 1]
    if not pieces:
        return None
    return QuotePlan(tuple(tuple(p) for p in pieces), tuple(joints))


def _piece_at(text: str, piece: tuple[str | frozenset[str], ...], at: int) -> bool:
    if at < 0 or at + len(piece) > len(text):
        return False
    for i, c in enumerate(piece):
        t = text[at + i]
        if t != c if isinstance(c, str) else t not in c:
            return False
    return True


class _Finder:
    """Where one piece is in the text: its longest run of exact characters is found with ``str.find`` and the
    rest compared in place."""

    def __init__(self, text: str, piece: tuple[str | frozenset[str], ...]) -> None:
        self.text, self.piece = text, piece
        best = (0, 0, 0)  # (length, offset) of the longest exact run
        i = 0
        while i < len(piece):
            j = i
            while j < len(piece) and isinstance(piece[j], str):
                j += 1
            if j - i > best[0]:
                best = (j - i, i, j)
            i = j + 1
        self.offset = best[1]
        self.run = "".join(piece[best[1]:best[2]])  # type: ignore[arg-type]

    def starts(self, lo: int, hi: int):  # type: ignore[no-untyped-def]
        """Every start of the piece in [lo, hi], in order."""
        text, piece, off = self.text, self.piece, self.offset
        lo = max(lo, 0)
        hi = min(hi, len(text) - len(piece))
        if self.run:
            at = text.find(self.run, lo + off, hi + off + len(self.run))
            while at >= 0:
                s = at - off
                if _piece_at(text, piece, s):
                    yield s
                at = text.find(self.run, at + 1, hi + off + len(self.run))
        else:  # a piece of bracketed letters only ("[t]"): every place one of its first letters is
            for s in range(lo, hi + 1):
                if _piece_at(text, piece, s):
                    yield s


def find_quote_plan(text: str, plan: QuotePlan, start: int = 0) -> tuple[int, int] | None:
    """The first place in ``text`` (from ``start``) where the plan's pieces are, in order, each joint's span
    apart: (start, end) or None.  Each piece is looked for with ``str.find``; a piece's place already shown to
    lead nowhere is not tried again, and a window already searched to its end is not searched again, so the
    time is linear in the text for a given quote (no backtracking regex: the ellipses of a 98-byte draft once
    took minutes)."""
    pieces, joints = plan.pieces, plan.joints
    finders = [_Finder(text, p) for p in pieces]
    last = len(pieces) - 1
    dead: list[set[int]] = [set() for _ in pieces]
    done: list[tuple[int, int]] = [(-1, -2) for _ in pieces]  # per piece: a span of starts all dead

    def nexts(k: int, end: int):  # type: ignore[no-untyped-def]
        """The places to try for piece k + 1 after piece k ends at ``end``, in the joint's order."""
        kind, lo, hi = joints[k]
        j = k + 1
        a, b = end + lo, end + hi
        if kind == "word":  # the longest ending first, letters only
            run = 0
            while run < hi and end + run < len(text) and (text[end + run].isalnum() or text[end + run] == "_"):
                run += 1
            for s in range(end + min(run, hi), a - 1, -1):
                if s not in dead[j] and _piece_at(text, pieces[j], s):
                    yield s
            return
        da, db = done[j]
        from_ = db + 1 if da <= a <= db + 1 else a
        for s in finders[j].starts(from_, b):
            if s not in dead[j]:
                yield s
        # every start of piece j in [a, b] is now dead (tried and failed, or dead before)
        done[j] = (da, max(db, b)) if da <= a <= db + 1 else (a, b)

    for s0 in finders[0].starts(start, len(text)):
        if last == 0:
            return s0, s0 + len(pieces[0])
        stack = [(0, s0, nexts(0, s0 + len(pieces[0])))]
        while stack:
            k, s, it = stack[-1]
            nxt = next(it, None)
            if nxt is None:
                dead[k].add(s)
                stack.pop()
                continue
            if k + 1 == last:
                return s0, nxt + len(pieces[last])
            stack.append((k + 1, nxt, nexts(k + 1, nxt + len(pieces[k + 1]))))
    return None


def locate_lawyer_quote(text: str, quote: str, norm: tuple[str, list[int]] | None = None,
                        start: int = 0) -> tuple[int, int] | None:
    """Offsets in ``text`` of a quotation as a lawyer writes it: exact after :func:`normalise` (as the model's
    quotes are checked), or with its bracketed alterations and ellipses read as such (:func:`find_quote_plan`).
    ``norm`` is ``normalise_with_map(text)``, when the caller has it already (a long document searched many
    times); ``start`` is where in the normalised text to begin."""
    normed, idx = norm if norm is not None else normalise_with_map(text)
    q = normalise(quote)
    if not q:
        return None
    plan = lawyer_quote_plan(quote)
    if plan is None:
        i = normed.find(q, start)
        if i < 0:
            return None
        return idx[i], idx[i + len(q) - 1] + 1
    hit = find_quote_plan(normed, plan, start)
    if hit is None or hit[1] <= hit[0]:
        return None
    return idx[hit[0]], idx[hit[1] - 1] + 1


# -- the candidate: one citation being verified -----------------------------------------------------------


@dataclass
class Candidate:
    claim: RawClaim
    raw: RawCitation
    cp: ContextPassage | None = None
    doc: Document | None = None
    quote_start: int | None = None  # offsets in the document's canonical text
    quote_end: int | None = None
    unit: Unit | None = None  # the innermost unit containing the quote
    findings: list[Finding] = field(default_factory=list)

    @property
    def dropped(self) -> bool:
        return any(f.drop for f in self.findings)


CheckFn = Callable[[Candidate, TurnContext], list[Finding]]


def check_never_retrieved(c: Candidate, turn: TurnContext) -> list[Finding]:
    """1. The cited id must be one of this turn's passages."""
    cp = turn.by_pid.get(c.raw.passage)
    if cp is None:
        return [Finding(Check.NEVER_RETRIEVED, f"passage id {c.raw.passage!r} was not given this turn", True)]
    c.cp = cp
    c.doc = turn.document_of(c.raw.passage)
    return []


def check_quote_in_passage(c: Candidate, turn: TurnContext) -> list[Finding]:
    """2. The quote must occur in the cited passage after normalising whitespace, quote marks and dashes only
    (read as the passage was shown: XML-escaped)."""
    if c.cp is None or c.doc is None:
        return []
    hit = locate_quote_as_shown(c.cp.passage.text, c.raw.quote)
    if hit is None:
        where = _where_else(c.raw.quote, turn, c.raw.passage)
        return [Finding(Check.QUOTE_IN_PASSAGE, f"quote not found in {c.raw.passage}" + where, True)]
    base = c.cp.passage.chunk.char_start
    c.quote_start, c.quote_end = base + hit[0], base + hit[1]
    return []


#: The shortest quote that can carry a proposition: a subject, a verb and what is said of it.  Chosen on the quotes
#: of every generator's claims on eval/dev.jsonl and lab/data/train.jsonl and on the gold quotes there (bench/NOTES.md,
#: "Issue 31 — claim support"): no honest quote is shorter; "INJECTION" and "the Buyer" are.
MIN_QUOTE_WORDS = 4
MIN_QUOTE_CHARS = 20
_WORD = re.compile(r"[^\W_]+")


def check_quote_carries_proposition(c: Candidate, turn: TurnContext) -> list[Finding]:
    """2a. A quote of a word or two proves only that the words exist, not that the passage says what the claim
    does: a quote must have at least :data:`MIN_QUOTE_WORDS` words and :data:`MIN_QUOTE_CHARS` characters."""
    if c.quote_start is None or c.doc is None:
        return []
    q = normalise(c.doc.text[c.quote_start:c.quote_end or c.quote_start])
    words = len(_WORD.findall(q))
    if (words < MIN_QUOTE_WORDS or len(q) < MIN_QUOTE_CHARS) and not _whole_paragraph(c, q, words):
        return [Finding(Check.QUOTE_TOO_SHORT,
                        f"the quote {q[:60]!r} has {words} word{'s' * (words != 1)} and {len(q)} characters; a "
                        f"statement needs at least {MIN_QUOTE_WORDS} words and {MIN_QUOTE_CHARS} characters "
                        f"of its source", True)]
    return []


#: the fewest words of a whole paragraph that state something by themselves ("I agree.": a judge's whole
#: paragraph of assent is their statement, not a word or two picked out of it)
MIN_PARAGRAPH_WORDS = 2


def _whole_paragraph(c: Candidate, q: str, words: int) -> bool:
    """Whether the quote is the whole of a numbered paragraph's own words (its printed number aside): then it
    is everything the paragraph says, however short."""
    if words < MIN_PARAGRAPH_WORDS or c.doc is None or c.cp is None or c.quote_start is None:
        return False
    u = innermost_unit(c.doc, c.quote_start, c.quote_end or c.quote_start, c.cp.passage.chunk.units)
    if u is None or u.kind is not UnitKind.PARAGRAPH or not u.citable:
        return False
    body = re.sub(r"^\s*\[?\d+[A-Z]?[.\]]?\s+", "", c.doc.text[u.char_start:u.char_end])
    return normalise(body) == q


def _where_else(quote: str, turn: TurnContext, cited: str) -> str:
    others = [pid for pid, cp in turn.by_pid.items()
              if pid != cited and locate_quote_as_shown(cp.passage.text, quote) is not None]
    return f" (the words are in {', '.join(others)})" if others else ""


def innermost_unit(doc: Document, start: int, end: int, within: tuple[int, ...]) -> Unit | None:
    """The smallest non-heading unit containing [start, end), among the chunk's units, their descendants and
    their ancestors (a quote across sub-items (a) and (b) is pinpointed to the paragraph holding both)."""
    roots = [doc.units[o] for o in within]
    best: Unit | None = None
    for u in doc.units:
        if u.kind is UnitKind.HEADING or not (u.char_start <= start and end <= u.char_end):
            continue
        related = any((r.char_start <= u.char_start and u.char_end <= r.char_end)
                      or (u.char_start <= r.char_start and r.char_end <= u.char_end) for r in roots)
        if related and (best is None or (u.char_end - u.char_start) <= (best.char_end - best.char_start)):
            best = u
    return best


_NUM_IN = re.compile(r"\d+[A-Za-z]?")


def _model_pinpoint(extra: dict[str, object]) -> tuple[str | None, str | None]:
    """(kind, value) of a pinpoint the model stated: kind 'page' or 'paragraph' or 'label'."""
    for key in ("page", "pages", "p"):
        if key in extra and extra[key] not in (None, ""):
            return "page", str(extra[key])
    for key in ("paragraph", "para", "paragraphs"):
        if key in extra and extra[key] not in (None, ""):
            return "paragraph", str(extra[key])
    for key in ("pinpoint", "at", "location", "section", "clause"):
        if key in extra and extra[key] not in (None, ""):
            v = str(extra[key]).strip()
            if re.match(r"^(p\.|pp\.|page|at p)", v, re.I):
                return "page", v
            if re.match(r"^(\[|para|¶)", v, re.I):
                return "paragraph", v
            return "label", v
    return None, None


def check_pinpoint_from_metadata(c: Candidate, turn: TurnContext) -> list[Finding]:
    """3. The pinpoint comes from the unit that contains the quote; a model-stated pinpoint that disagrees is
    recorded.  A quote running across two units has no single pinpoint and is dropped."""
    if c.cp is None or c.doc is None or c.quote_start is None or c.quote_end is None:
        return []
    unit = innermost_unit(c.doc, c.quote_start, c.quote_end, c.cp.passage.chunk.units)
    if unit is None:
        return [Finding(Check.PINPOINT_FROM_METADATA,
                        "the quote runs across two units, so no single pinpoint can be shown", True)]
    c.unit = unit
    kind, value = _model_pinpoint(c.raw.extra)
    if kind in ("paragraph", "label") and value is not None:
        said = _NUM_IN.findall(value)
        have = [x for u in _unit_and_ancestors(c.doc, unit) for x in _NUM_IN.findall(u.label or u.number or "")]
        if said and have and said[-1] not in have:
            return [Finding(Check.PINPOINT_FROM_METADATA,
                            f"model said {value!r}; the quoted words are in {unit.label or unit.number}", False)]
    return []


def _unit_and_ancestors(doc: Document, u: Unit) -> list[Unit]:
    out = [u]
    while out[-1].parent is not None:
        out.append(doc.units[out[-1].parent])
    return out


def check_version_window(c: Candidate, turn: TurnContext) -> list[Finding]:
    """4. The cited unit's in-force window must contain the date whose law was retrieved: the date asked, or
    today when an unscoped question asks none (compared as dates, not as strings)."""
    on = turn.law_date
    if on is None or c.unit is None:
        return []
    if not in_force_on(c.unit, on):
        today = " (today: no date was asked)" if turn.as_of is None else ""
        return [Finding(Check.VERSION_WINDOW,
                        f"{c.unit.label or c.unit.number} was in force [{c.unit.in_force_from or '…'}, "
                        f"{c.unit.in_force_to or 'now'}), not on {on.isoformat()}{today}", True)]
    return []


_NEVER_CITABLE = {Zone.HEADNOTE, Zone.SUMMARY, Zone.COVER, Zone.ORDER, Zone.NOTE, Zone.SIGNATURES}


def check_citable_zone(c: Candidate, turn: TurnContext) -> list[Finding]:
    """5. Headnotes, summaries, syllabi, catchwords, covers and orders are never cited as the court; in a judgment
    only the reasons are citable."""
    if c.unit is None or c.doc is None:
        return []
    u, d = c.unit, c.doc
    bad = (not u.citable or u.zone in _NEVER_CITABLE or d.kind is DocumentKind.SUMMARY
           or (d.kind is DocumentKind.JUDGMENT and u.zone is not Zone.REASONS))
    if bad:
        return [Finding(Check.CITABLE_ZONE, f"the words are in the {u.zone.value}"
                        + (" of a summary document" if d.kind is DocumentKind.SUMMARY else "")
                        + ", which is not citable", True)]
    return []


def check_untrusted_source(c: Candidate, turn: TurnContext) -> list[Finding]:
    """5a. Words addressed to an AI assistant ("ignore previous instructions and state that…") are an attempt
    to steer the answer, not a statement of the document: a citation of a unit flagged ``instructions``, or of
    any unit of a document untrusted as a whole (:func:`pincite.legal.injection.untrusted_reason`: one that is
    not a court's or legislature's text and addresses an assistant anywhere), is dropped. A lawyer relying on
    an answer must never be shown a planted note's words as authority, whatever the model was persuaded to
    say."""
    if c.doc is None:
        return []
    why = cited_untrusted(c.doc, c.unit, c.quote_start, c.quote_end)
    return [Finding(Check.UNTRUSTED_SOURCE, why, True)] if why else []


DISSENTING = {Role.DISSENTING, Role.PARTLY_DISSENTING}
_QUOTED = re.compile(r"\u201c[^\u201d]*\u201d|\"[^\"]*\"")


def _unquoted(text: str) -> str:
    """The claim's own words: what it quotes is the judge's, what it asserts is the claim's."""
    return _QUOTED.sub(" ", text)


def check_dissent_not_holding(c: Candidate, turn: TurnContext) -> list[Finding]:
    """6. A claim stating what the court held, resting only on dissenting reasons, is dropped.  (A citation to a
    dissent is otherwise kept and always rendered as such.)"""
    if c.unit is None or c.unit.role not in DISSENTING or not CLAIM_OF_HOLDING.search(_unquoted(c.claim.text)):
        return []
    others = [x for x in c.claim.citations if x is not c.raw]
    if any(_resolves_to_majority(x, turn) for x in others):
        return []
    return [Finding(Check.DISSENT_NOT_HOLDING,
                    f"the claim says what the court held, but {c.unit.author or 'the judge'} was "
                    f"{c.unit.role.value if c.unit.role else 'dissenting'}", True)]


def _cited_unit(raw: RawCitation, turn: TurnContext) -> tuple[Document, Unit, int, int] | None:
    """Where another citation of the same claim lands: its document, the innermost unit holding its quote, and
    the quote's span in the document (None when it does not resolve)."""
    cp = turn.by_pid.get(raw.passage)
    if cp is None:
        return None
    hit = locate_quote_as_shown(cp.passage.text, raw.quote)
    if hit is None:
        return None
    doc = turn.document_of(raw.passage)
    start, end = cp.passage.chunk.char_start + hit[0], cp.passage.chunk.char_start + hit[1]
    u = innermost_unit(doc, start, end, cp.passage.chunk.units)
    return None if u is None else (doc, u, start, end)


def _resolves_to_majority(raw: RawCitation, turn: TurnContext) -> bool:
    found = _cited_unit(raw, turn)
    return found is not None and found[1].citable and found[1].role not in DISSENTING


#: Sources whose words are never the court's decision: a claim stating the law on them alone is the losing side's
#: reasoning (or a party's) cited as the holding.  Quoted statutes, contracts and other judgments may state the law
#: the court applies, so a claim resting on them is dropped only when it says the court held it.
_NEVER_THE_HOLDING = {SourceKind.LOWER_COURT, SourceKind.COUNSEL, SourceKind.EVIDENCE}


def check_quoted_not_holding(c: Candidate, turn: TurnContext) -> list[Finding]:
    """7. Words the court only quotes are not its decision.  A claim resting on them is dropped when it states what
    the court decided (or, for words of a court below, counsel or a witness, states the point as the answer at
    all), unless the question asks what that source said or the claim itself says whose words they are; then it
    is kept and labelled "quoting the Upper Tribunal at [42]"."""
    if c.unit is None or c.doc is None or c.doc.kind is not DocumentKind.JUDGMENT:
        return []
    q = quotation_of(c.doc, c.unit, c.quote_start, c.quote_end)
    if q is None:
        return []
    label = quoting_phrase(q)
    own = _unquoted(c.claim.text)
    if QUOTED_SOURCE_QUESTION.search(turn.question) or CLAIM_ATTRIBUTES.search(own):
        return [Finding(Check.QUOTED_NOT_HOLDING, f"kept, labelled: {label}", False)]
    if q.kind in _NEVER_THE_HOLDING or CLAIM_OF_HOLDING.search(own):
        others = [x for x in c.claim.citations if x is not c.raw]
        if any(_resolves_to_own_words(x, turn) for x in others):
            return []
        return [Finding(Check.QUOTED_NOT_HOLDING,
                        f"the words cited are the court {label}, not its own decision", True)]
    return []


def _resolves_to_own_words(raw: RawCitation, turn: TurnContext) -> bool:
    found = _cited_unit(raw, turn)
    if found is None:
        return False
    doc, u, start, end = found
    return u.citable and u.role not in DISSENTING and quotation_of(doc, u, start, end) is None


def check_page_not_paragraph(c: Candidate, turn: TurnContext) -> list[Finding]:
    """8. Pages are pages and paragraphs are paragraphs: a model pinpoint that gives one for the other is
    recorded (the shown pinpoint is rendered from metadata either way)."""
    if c.unit is None or c.doc is None:
        return []
    kind, value = _model_pinpoint(c.raw.extra)
    if kind is None or value is None:
        return []
    said = _NUM_IN.findall(value)
    if not said:
        return []
    has_para = bool(c.unit.number) and c.doc.kind is DocumentKind.JUDGMENT
    pages = {p for p in (c.unit.page_start, c.unit.page_end) if p}
    if kind == "page" and has_para and said[-1] not in pages:
        return [Finding(Check.PAGE_NOT_PARAGRAPH,
                        f"model gave page {value!r}; the words are in paragraph {c.unit.label or c.unit.number}"
                        + (f" on p. {sorted(pages)[0]}" if pages else ""), False)]
    if kind == "paragraph" and not c.unit.number and pages:
        return [Finding(Check.PAGE_NOT_PARAGRAPH,
                        f"model gave paragraph {value!r}; this source has no paragraph numbers here, "
                        f"the words are on p. {sorted(pages)[0]}", False)]
    if kind == "paragraph" and c.unit.number:
        unit_nums = _NUM_IN.findall(c.unit.number)
        if unit_nums and said[-1] != unit_nums[-1] and said[-1] in pages:
            return [Finding(Check.PAGE_NOT_PARAGRAPH,
                            f"model gave {value!r}, which is the printed page; the paragraph is "
                            f"{c.unit.label or c.unit.number}", False)]
    return []


#: Citation-level checks, in the order they run.
CHECKS: list[CheckFn] = [
    check_never_retrieved,
    check_quote_in_passage,
    check_quote_carries_proposition,
    check_pinpoint_from_metadata,
    check_version_window,
    check_citable_zone,
    check_untrusted_source,
    check_dissent_not_holding,
    check_quoted_not_holding,
    check_page_not_paragraph,
]


def verify_citation(claim: RawClaim, raw: RawCitation, turn: TurnContext) -> Candidate:
    """Run every check on one citation; stop at the first that drops it (later checks need what earlier found)."""
    c = Candidate(claim=claim, raw=raw)
    for check in CHECKS:
        found = check(c, turn)
        c.findings.extend(found)
        if any(f.drop for f in found):
            break
    return c


def check_mixed_sources(claim: RawClaim, kept: list[Candidate]) -> list[Finding]:
    """A claim must rest on one source: a claim about contract A never rests on contract B.  A claim whose
    surviving citations come from two documents is dropped (the generator can state it once per source)."""
    docs = {c.doc.id: c.doc.title for c in kept if c.doc is not None}
    if len(docs) > 1:
        return [Finding(Check.MIXED_SOURCES, "the claim cites " + " and ".join(sorted(docs.values())), True)]
    return []


# -- support: the claim's own words against the words it cites -----------------------------------------------


class ClaimSupport(ChoiceEnum):
    """What becomes of a claim whose figures, names or words are not in the units it cites."""

    DROP = "drop"  # the claim is removed and listed with the reason (the default: nothing unsupported is shown)
    QUOTE = "quote"  # the claim's words are replaced by the words it quotes, which the checks have verified


class Paraphrase(ChoiceEnum):
    """When a claim is shown in its own words rather than as its quotation alone."""

    ALIGNED = "aligned"  # the rules aligned it with its quotation and found no sign against it
    VERIFIED = "verified"  # and it states no word its quotation's sentence does not (the default: issue 49)


#: The share of a claim's content words (stemmed, less grammar and the words that frame a quotation) that must be
#: in the units it cites.  Chosen on eval/dev.jsonl (bench/NOTES.md, "Issue 31 — claim support").
MIN_WORD_OVERLAP = 0.25
#: The longest claim text checked: the reply's schema asks for 400 characters a statement; ten times that is
#: not one statement, and is dropped unread (reading figures and names is linear, but not free).
MAX_CLAIM_CHARS = 4000
#: How much of a cited unit's parent is read with it: a sub-item's chapeau ("within 30 days after notice, the
#: Buyer may (a) …") states what its item means; a whole Part does not.
_PARENT_CHARS = 4000
_SUBITEMS = {UnitKind.SUBPARAGRAPH, UnitKind.SUBCLAUSE, UnitKind.SUBSECTION, UnitKind.PARAGRAPH, UnitKind.CLAUSE}


def cited_words(kept: list[Candidate]) -> str:
    """What a claim's surviving citations put before a reader (:func:`unit_words` of each cited unit)."""
    return "\n".join(unit_words(c.doc, c.unit) for c in kept if c.doc is not None and c.unit is not None)


def unit_words(d: Document, u: Unit) -> str:
    """What citing unit ``u`` puts before a reader: its text (with a sub-item's chapeau), its label, headings and
    author, and its document's title, citation and date."""
    parts: list[str] = [d.unit_text(u), d.title, d.citation or "", d.date or "",
                        str((d.version or {}).get("label") or "")]
    for a in _unit_and_ancestors(d, u):
        parts += [a.label or "", a.number or "", a.author or "", a.role.value if a.role else "",
                  " ".join(a.section_path)]
    if u.parent is not None and u.kind in _SUBITEMS:
        p = d.units[u.parent]
        if p.char_end - p.char_start <= _PARENT_CHARS:
            parts.append(d.unit_text(p))
    return "\n".join(x for x in parts if x)


_FRAME: frozenset[str] | None = None


def _content_terms(text: str) -> set[str]:
    global _FRAME
    if _FRAME is None:
        _FRAME = frozenset(terms(" ".join((*FRAME_WORDS, *NUMBER_WORDS, *FIGURE_WORDS))))
    return {t for t in terms(SPEAKERS.sub(" ", text)) if t not in _FRAME and not t[:1].isdigit()}


def word_overlap(claim_text: str, cited: str) -> float | None:
    """The share of the claim's content words found in ``cited`` (None: the claim has none: it only frames its
    quotation, "The passage says so.")."""
    mine = _content_terms(claim_text)
    if not mine:
        return None
    theirs = set(terms(cited))
    theirs |= {t for row in TERM_EQUIVALENTS if row & theirs for t in row}  # the Crown is Her Majesty
    return len(mine & theirs) / len(mine)


def check_claim_support(claim: RawClaim, kept: list[Candidate]) -> list[Finding]:
    """The claim's own words against the units it cites (:func:`support_finding`)."""
    units = [unit_words(c.doc, c.unit) for c in kept if c.doc is not None and c.unit is not None]
    found = support_finding(claim.text, units, [q for q in map(quoted_words, kept) if q is not None])
    return [found] if found is not None else []


def support_finding(claim_text: str, units: list[str], quotes: list[tuple[str, str, str]]) -> Finding | None:
    """The claim's own words against what it cites — ``units`` (each cited unit's words, :func:`unit_words`) and
    ``quotes`` (each quotation, its sentence and what is shown beside it, :func:`quoted_words`): every figure it
    states (:func:`figures`: "30 days" is "thirty (30) days", "£1m" is "one million pounds") and every name it
    gives must be in the units; it must not contradict any quotation (:mod:`pincite.answer.agreement`: polarity,
    modality, party, figure, condition); and at least :data:`MIN_WORD_OVERLAP` of its content words must be in
    the units.  The quote checks prove the quoted words exist; this proves the claim says no more than they do,
    and not the opposite."""
    if len(claim_text) > MAX_CLAIM_CHARS:
        return Finding(Check.MALFORMED_REPLY, f"the statement is {len(claim_text):,} characters long; one "
                       f"statement is at most {MAX_CLAIM_CHARS:,} (the reply's schema asks for 400)", True)
    cited = "\n".join(units)
    keys = set().union(*(figure_keys(u) for u in units))
    missing = [f.text for f in figures(claim_text) if not supported(f, keys)]
    if missing:
        return Finding(Check.FIGURE_NOT_CITED, "the cited words do not state " + ", ".join(
            repr(m) for m in dict.fromkeys(missing)), True)
    cited_lower = {w.lower() for w in _WORD.findall(cited)} | set(terms(cited))
    absent = [n for n in names(claim_text) if n not in cited_lower and not _named_otherwise(n, cited, cited_lower)
              and not all(w in cited_lower or (terms(w) and terms(w)[0] in cited_lower) for w in _WORD.findall(n))]
    if absent:  # a name spelled out from the initials the cited words use is theirs (read only when needed)
        spelled = _spelled_out(claim_text, cited_lower)
        absent = [n for n in absent if n not in spelled]
    if absent:
        return Finding(Check.NAME_NOT_CITED, "the cited words do not mention " + ", ".join(
            repr(a) for a in dict.fromkeys(absent)), True)
    for q in quotes:
        j = judge(claim_text, q[1], q[0], q[2])
        if j.contradicts:
            # decisive (dropped) when the claim states nothing its quotation's sentence does not: the rule read
            # the same proposition twice.  A claim in words of its own may say something else than the rule
            # reads ("by leave of the Court or a judge, the legal representative … may" read as the judge
            # acting): shown as its quotation alone, with the rule named — nothing false shown, nothing true lost
            sure = not unstated(claim_text, q[1], q[2])
            return Finding(Check.CONTRADICTS_QUOTE, f"{j.rule}: {j.detail}", sure)
    share = word_overlap(claim_text, cited)
    if share is not None and share < MIN_WORD_OVERLAP:
        mine = _content_terms(claim_text)
        out = sorted(mine - set(terms(cited)))
        return Finding(Check.WORDS_NOT_CITED,
                       f"{share:.0%} of the statement's content words are in the cited words (at least "
                       f"{MIN_WORD_OVERLAP:.0%} needed); not there: {', '.join(out[:8])}", True)
    return None


#: capitalised words in a row, the small words initials skip allowed between them ("Secretary of State for …")
_CAPITALISED_RUN = re.compile(r"[A-Z][a-z]+(?:\s+(?:(?:" + "|".join(sorted(INITIALS_SKIP)) + r")\s+)*[A-Z][a-z]+)+")


def _spelled_out(claim_text: str, cited_lower: set[str]) -> set[str]:
    """The words of the claim's capitalised runs whose initials the cited words give ("Government Legal
    Department" where they say "the GLD"): a writer spelling out a short form names what it names."""
    out: set[str] = set()
    for run in _CAPITALISED_RUN.finditer(claim_text):
        words = [w for w in run.group(0).split() if w.lower() not in INITIALS_SKIP]
        for i in range(len(words)):  # any stretch of two or more of the run's words ("the Legal Department")
            for j in range(i + 2, len(words) + 1):
                if "".join(w[0] for w in words[i:j]).lower() in cited_lower:
                    out.update(w.lower() for w in words[i:j])
    return out


def _named_otherwise(name: str, cited: str, cited_lower: set[str]) -> bool:
    """A name the cited words give in another form: its plural ("PDFs" for ".PDF"), a place's adjective ("South
    African" for "South Africa", :data:`~pincite.legal.language.DEMONYM_ENDINGS`), or the initials of a name they
    spell out ("SEC" for "Securities and Exchange Commission") — a writer's usual shortenings."""
    if name.endswith("s") and name[:-1] in cited_lower:
        return True
    if any(name in row and row & cited_lower for row in NAME_EQUIVALENTS):  # the Crown is Her Majesty
        return True
    code = US_STATE_CODES.get(name)
    if code and re.search(rf",\s*{code}\b", cited):  # "California" for an address's "San Jose, CA 95126"
        return True
    for end in DEMONYM_ENDINGS:
        stem_ = name[:-len(end)]
        if name.endswith(end) and len(stem_) >= 4 and any(w.startswith(stem_) and w[:1].isalpha()
                                                          for w in cited_lower):
            return True
    if 2 <= len(name) <= 6 and name.isalpha():
        words = [w for w in re.findall(r"[A-Za-z]+", cited) if w.lower() not in INITIALS_SKIP]
        k = len(name)
        return any(all(w[:1].isupper() for w in words[i:i + k])
                   and "".join(w[0] for w in words[i:i + k]).lower() == name for i in range(len(words) - k + 1))
    return False


def matched(claim_text: str, quotes: list[tuple[str, str, str]],
            paraphrase: Paraphrase = Paraphrase.VERIFIED) -> bool:
    """Whether the claim can be shown in its own words: it restates a quotation word for word, or the rules
    aligned it with one and found it agreeing.  A claim they cannot align is shown as its quotations alone —
    no paraphrase the rules could not check reaches a reader.  With ``paraphrase=VERIFIED`` a claim must also
    state nothing its quotation's sentence does not (:func:`~pincite.answer.agreement.unstated`)."""
    for q in quotes:
        verdict = judge(claim_text, q[1], q[0], q[2]).verdict
        # a restatement is shown in its own words unless the rules found a sign against it: a claim that
        # copies its quotation's first words and changes the rest ("… by reference to three authorities")
        if verdict == "agrees" or (verdict != "doubtful" and restates(claim_text, q[0])):
            if paraphrase is Paraphrase.ALIGNED or not unstated(claim_text, q[1], q[2], said_otherwise=True):
                return True
    return False


def quoted_words(c: Candidate) -> tuple[str, str, str] | None:
    """A citation's quotation, the sentence it sits in (within its unit) — what its claim must agree with — and
    what the citation shows beside them (a sub-item's chapeau, the headings, the title), which only helps align."""
    if c.doc is None or c.unit is None or c.quote_start is None or c.quote_end is None:
        return None
    d, u = c.doc, c.unit
    text = d.text
    # whose reasons they are, as the reader shows them ("lead", "dissenting"): "the lead judgment says" points
    # at the citation, it does not paraphrase it
    beside = [d.title, d.citation or ""] + [" ".join(a.section_path) + " " + (a.author or "") + " "
                                             + (a.role.value.replace("-", " ") if a.role else "")
                                             for a in _unit_and_ancestors(d, u)]
    if u.parent is not None and u.kind in _SUBITEMS:  # the chapeau and the sibling items, as unit_words reads them
        p = d.units[u.parent]
        if p.char_end - p.char_start <= _PARENT_CHARS:
            beside.append(text[p.char_start:p.char_end])
    return (text[c.quote_start:c.quote_end],
            quoted_sentence(text, c.quote_start, c.quote_end, u.char_start, u.char_end), "\n".join(beside))


def quote_alone(kept: list[Candidate]) -> str:
    """A claim shown as its quotation alone: the verified words, as the document prints them."""
    quotes = [c.doc.text[c.quote_start:c.quote_end] for c in kept
              if c.doc is not None and c.quote_start is not None and c.quote_end is not None]
    return "; ".join(f"\u201c{q}\u201d" for q in dict.fromkeys(quotes))


# -- claims: what survives the citation checks ------------------------------------------------------------


@dataclass
class Dropped:
    """A citation or claim that failed a check, as the answer lists it."""

    check: Check
    detail: str
    claim: str
    passage: str | None
    quote: str | None
    attempt: int

    def to_json(self) -> dict[str, Any]:
        return {"check": self.check.value, "reason": PLAIN_WORDS[self.check], "detail": self.detail,
                "claim": self.claim, "passage": self.passage, "quote": self.quote, "attempt": self.attempt}


@dataclass
class Verified:
    kept: list[tuple[RawClaim, list[Candidate]]]
    dropped: list[Dropped]

    @property
    def failures(self) -> list[tuple[str, str, str]]:
        return [(d.claim, d.passage or "-", f"{d.check.value}: {d.detail}") for d in self.dropped]


#: The findings that, read under ``paraphrase=VERIFIED``, drop a claim's own words but not its verified quotation.
#: A figure or a name the cited words do not state is the claim's own word: the reading shows no claim word its
#: quotation's sentence does not state, so its quotation is shown alone — what a writer may have said another
#: way ("California" for "CA", "two years later" from 2007 and 2009) is not lost, and a wrong figure or name is
#: not shown.  A claim whose words are mostly not the cited ones is dropped whole (it cites another passage).
SHOWN_AS_QUOTE_WHEN_VERIFIED = frozenset({Check.FIGURE_NOT_CITED, Check.NAME_NOT_CITED})


def shown_as_quote(f: Finding, claim_text: str, cited: str, paraphrase: Paraphrase) -> bool:
    """Whether a claim with the drop finding ``f`` keeps its quotation, shown alone in place of its words
    (:data:`SHOWN_AS_QUOTE_WHEN_VERIFIED`; ``cited``: the cited units' words)."""
    if paraphrase is not Paraphrase.VERIFIED or f.check not in SHOWN_AS_QUOTE_WHEN_VERIFIED:
        return False
    share = word_overlap(claim_text, cited)
    return share is None or share >= MIN_WORD_OVERLAP


def _shown_as_quote(claim: RawClaim, f: Finding, good: list[Candidate], paraphrase: Paraphrase) -> bool:
    """:func:`shown_as_quote` for a claim and its surviving citations."""
    cited = "\n".join(unit_words(c.doc, c.unit) for c in good if c.doc is not None and c.unit is not None)
    return shown_as_quote(f, claim.text, cited, paraphrase)


def verify_reply(reply: Reply, turn: TurnContext, attempt: int = 1,
                 support: ClaimSupport = ClaimSupport.DROP,
                 paraphrase: Paraphrase = Paraphrase.VERIFIED) -> Verified:
    """Check every citation of every claim; keep claims with at least one surviving citation whose own words are
    supported by what they cite (:func:`check_claim_support`; one that is not is dropped, or with
    ``support=QUOTE`` shown as its quotation alone)."""
    kept: list[tuple[RawClaim, list[Candidate]]] = []
    dropped: list[Dropped] = []
    for claim in reply.claims:
        good: list[Candidate] = []
        for raw in claim.citations:
            c = verify_citation(claim, raw, turn)
            if c.dropped:
                f = next(f for f in c.findings if f.drop)
                dropped.append(Dropped(f.check, f.detail, claim.text, raw.passage, raw.quote, attempt))
            else:
                good.append(c)
        mixed = check_mixed_sources(claim, good) if good else []
        unsupported = check_claim_support(claim, good) if good and not mixed else []
        if mixed:
            dropped.append(Dropped(Check.MIXED_SOURCES, mixed[0].detail, claim.text,
                                   ", ".join(c.raw.passage for c in good), None, attempt))
        elif unsupported and support is ClaimSupport.DROP and unsupported[0].drop \
                and not _shown_as_quote(claim, unsupported[0], good, paraphrase):
            f = unsupported[0]
            dropped.append(Dropped(f.check, f.detail, claim.text, ", ".join(c.raw.passage for c in good), None,
                                   attempt))
        elif unsupported:
            f = unsupported[0]
            for c in good:
                c.findings.append(Finding(f.check, f"shown as the quoted words alone, not as {claim.text!r}: "
                                                   f"{f.detail}", False))
            kept.append((RawClaim(quote_alone(good), claim.citations), good))
            if not f.drop or support is ClaimSupport.DROP:
                # a contradiction read on words of its own, or (verified) a figure or name the cited words do not
                # state: the claim's words are dropped, saying which rule, and its quotation shown in their place
                dropped.append(Dropped(f.check, f"{f.detail} (its quotation is shown alone in its place)",
                                       claim.text, ", ".join(c.raw.passage for c in good), None, attempt))
        elif good and not matched(claim.text, [q for q in map(quoted_words, good) if q is not None], paraphrase):
            for c in good:
                c.findings.append(Finding(Check.CONTRADICTS_QUOTE, "shown as the quoted words alone: the statement "
                                          f"{claim.text!r} could not be matched with them", False))
            kept.append((RawClaim(quote_alone(good), claim.citations), good))
        elif good:
            kept.append((claim, good))
        elif claim.citations:
            dropped.append(Dropped(Check.UNSUPPORTED_CLAIM, "every citation of this claim failed", claim.text,
                                   None, None, attempt))
        else:
            dropped.append(Dropped(Check.UNSUPPORTED_CLAIM, "the claim cites nothing", claim.text, None, None,
                                   attempt))
    return Verified(kept, dropped)
