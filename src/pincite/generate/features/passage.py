"""What a candidate's passage and its document say: a document stored twice read once
(:func:`distinct_passages`), the quotations the document model found in it (:func:`voice_ranges`), where a
provision's own words begin after its caption and numbers (:func:`own_words_start`), the headings above a unit
(:func:`headings_at`), a passage's caption and what a model reads of a candidate (:func:`model_text`), and the
short forms a document defines (:func:`defined_abbreviations`)."""

from __future__ import annotations

import hashlib
import re
import threading
from collections import OrderedDict
from collections.abc import Sequence
from typing import Any

from pincite.answer.context import ContextPassage
from pincite.generate.features.sentence import heading_like
from pincite.legal.language import terms
from pincite.types import Document, SourceKind, UnitKind


_DEFINED_SHORT = re.compile(r"((?:[A-Z][\w-]*\s+){0,5}[A-Z][\w-]*)\s*(?:\([^()]{0,40}\)\s*)?"
                            r"\(\s*(?:the\s+)?[\"\u201c']?(?:the\s+)?([A-Z]{2,6})[\"\u201d']?\s*\)")


#: :func:`defined_abbreviations` of the documents read lately, by a digest of their text: every question reads
#: each of its documents' whole text for them (nine contracts: 0.1 s a question), and a session asks many
#: questions of the same documents
_ABBREVIATIONS: "OrderedDict[bytes, dict[str, frozenset[str]]]" = OrderedDict()
_ABBREVIATIONS_KEPT = 256
_ABBREVIATIONS_LOCK = threading.Lock()


def defined_abbreviations(text: str) -> dict[str, frozenset[str]]:
    """Short forms a document defines, with the words they stand for: 'The Competition Appeal Tribunal
    (\u201cthe CAT\u201d)' gives CAT -> {competit, appeal, tribun}."""
    key = hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=16).digest()
    with _ABBREVIATIONS_LOCK:
        known = _ABBREVIATIONS.get(key)
        if known is not None:
            _ABBREVIATIONS.move_to_end(key)
            return dict(known)
    out: dict[str, frozenset[str]] = {}
    for m in _DEFINED_SHORT.finditer(text):
        long_form, short = m.group(1), m.group(2)
        initials = "".join(w[0] for w in re.findall(r"[A-Za-z]+", long_form)).upper()
        if short[0] in initials and short not in out:
            out[short] = frozenset(terms(long_form))
    with _ABBREVIATIONS_LOCK:
        _ABBREVIATIONS[key] = out
        while len(_ABBREVIATIONS) > _ABBREVIATIONS_KEPT:
            _ABBREVIATIONS.popitem(last=False)
    return dict(out)


def copy_key(cp: ContextPassage) -> tuple[Any, ...]:
    """What a passage shares with its copy in a document stored twice: the document's title, kind, date,
    citation and version, and the passage's offsets and text."""
    p, d = cp.passage, cp.passage.document
    return (d.title, d.kind, d.date, d.citation, d.version_date, p.chunk.char_start, p.chunk.char_end, p.text)


def distinct_passages(passages: Sequence[ContextPassage]) -> tuple[list[ContextPassage], dict[int, int]]:
    """The passages with a document stored twice read once, and each kept passage's retrieval rank counting
    the copies left out (by ``id``).  A passage is a copy when a better-ranked passage of another document
    with the same title, kind, date, citation and version has the same text at the same offsets (the same
    judgment ingested from two files); two versions of an Act, or two agreements on one form, differ in one
    of those.  Read twice, a copy would be counted as a second place saying the same words: the question's
    rare words would look common (idf), the candidates more numerous, every later passage ranked lower."""
    seen: dict[tuple[Any, ...], str] = {}
    copies: list[int] = []
    kept: set[int] = set()
    for cp in sorted(passages, key=lambda c: c.passage.rank):
        d = cp.passage.document
        doc = seen.setdefault(copy_key(cp), d.id)
        if doc == d.id:
            kept.add(id(cp))
        else:
            copies.append(cp.passage.rank)
    out = [cp for cp in passages if id(cp) in kept]
    return out, {id(cp): cp.passage.rank - sum(1 for r in copies if r < cp.passage.rank) for cp in out}


#: Quoted words that never answer as the court's own (verify's quoted-not-holding check would drop them).
NEVER_THE_HOLDING = {SourceKind.LOWER_COURT, SourceKind.COUNSEL, SourceKind.EVIDENCE}


def voice_ranges(cp: ContextPassage, doc: Document | None) -> list[tuple[int, int, SourceKind]]:
    """The quotations the document model found in a passage, as offsets into the passage text."""
    if doc is None:
        return []
    ch = cp.passage.chunk
    out: list[tuple[int, int, SourceKind]] = []
    for u in doc.units:
        if u.voice is None or u.char_end <= ch.char_start or u.char_start >= ch.char_end:
            continue
        qs = [u.voice.quotation] if u.voice.quoted and u.voice.quotation else list(u.voice.spans)
        for q in qs:
            a, b = max(q.char_start, ch.char_start) - ch.char_start, min(q.char_end, ch.char_end) - ch.char_start
            if b > a:
                out.append((a, b, q.kind))
    return out


#: A provision's numbers where its words begin ("70.1 (1) ", "4 ", "(a) "): its label, not words it says.
_PROVISION_NUMBERS = re.compile(r"(?:\d+(?:\.\d+)*[A-Z]?\s+)?(?:\([0-9A-Za-z.]{1,7}\)\s*)*")


_MARKS: dict[tuple[str, int, int], tuple[tuple[tuple[int, int], ...], frozenset[int]]] = {}


def _unit_marks(doc: Document) -> tuple[tuple[tuple[int, int], ...], frozenset[int]]:
    """A document's headings (a statute's marginal notes and part titles) as spans, and where its other units
    start (kept for the last few documents read: a turn reads the same few again and again)."""
    key = (doc.id, len(doc.text), len(doc.units))
    got = _MARKS.get(key)
    if got is None:
        if len(_MARKS) >= 64:
            _MARKS.clear()
        heads = tuple((u.char_start, u.char_end) for u in doc.units if u.kind is UnitKind.HEADING)
        got = _MARKS[key] = (heads, frozenset(u.char_start for u in doc.units if u.kind is not UnitKind.HEADING))
    return got


def own_words_start(doc: Document | None, base: int, text: str, s: int, e: int) -> int:
    """Where the sentence ``text[s:e]`` (the passage starting at document offset ``base``) says its own words:
    after a heading unit that heads the provision (a statute's marginal note, "Certificate under Canada Evidence
    Act"), after a caption line that stands just before a unit's start in no unit of its own (a contract's
    "Price" over "2.1 The Buyer shall pay …"), and then after the unit's numbers ("70.1 (1) ", "2.1 ").  A caption
    and a label are not the provision's words, and a quote holding them is pinpointed to the clause or section
    around them instead of the sub-clause or subsection it quotes."""
    if doc is None:
        return s
    heads, starts = _unit_marks(doc)
    pos, moved = s, True
    at_unit = base + s in starts
    while moved:
        moved = False
        for hs, he in heads:
            if hs <= base + pos < he and he < base + e:
                pos = he - base
                while pos < e and text[pos].isspace():
                    pos += 1
                moved = at_unit = True
    line_end = text.find("\n", pos, e)
    if not at_unit and line_end > pos and heading_like(text[pos:line_end]):
        nxt = line_end
        while nxt < e and text[nxt].isspace():
            nxt += 1
        if base + nxt in starts and nxt < e:
            pos, at_unit = nxt, True
    if at_unit or base + pos in starts:
        m = _PROVISION_NUMBERS.match(text, pos, e)
        if m and m.end() > pos and m.end() < e and (text[m.end()].isalpha() or text[m.end()] in "\"“‘"):
            pos = m.end()
    return pos


def headings_at(doc, chunk, offset: int) -> str:  # type: ignore[no-untyped-def]
    """The headings above the unit holding document offset ``offset`` (its caption and the article it sits
    in), joined: where a contract says what kind of clause this is."""
    best = None
    for o in chunk.units:
        u = doc.units[o] if 0 <= o < len(doc.units) else None
        if u is not None and u.char_start <= offset < u.char_end and (
                best is None or u.char_end - u.char_start <= best.char_end - best.char_start):
            best = u
    return " / ".join(best.section_path) if best is not None else ""


def passage_caption(cp: ContextPassage) -> str:
    """The caption a passage's first sentences sit under: the last heading of its section path."""
    path = cp.passage.chunk.section_path
    return path[-1] if path else ""


def model_text(cp: ContextPassage, sentence: str, caption: str, with_title: bool = True) -> str:
    """What a model reads for a candidate: the document's title (it says which agreement a clause is from), the
    provision's caption unless the sentence repeats it, and the sentence on one line."""
    body = " ".join(sentence.split())
    text = f"{caption}: {body}" if caption and caption.lower() not in body.lower() else body
    return f"{cp.passage.document.title}. {text}" if with_title else text
