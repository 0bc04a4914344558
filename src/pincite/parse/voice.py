"""Voice: which words of a judgment are the court's own and which it quotes, and from what.

Run on every parsed judgment (:func:`pincite.parse.parse_bytes`), after its units are built; the signals are the
general patterns of :mod:`pincite.legal.voice`:

* a numbered item inside a paragraph whose number is a plain paragraph number ("[18] 42") is a paragraph of
  something else the judgment quotes — the judgment's own paragraphs are numbered in one sequence;
* a block opened by a quotation mark at a line start, or following an introducing sentence that ends in a colon,
  and closed by a quotation mark at a line end (legacy Find Case Law and PDF text mark quotations so);
* a long quotation inside a sentence;
* markup that says so (``<embeddedStructure>``, ``<blockQuote>``, ``<quotedStructure>``: the AKN parser records
  their spans in ``meta["quoted_spans"]``).

What a quotation is from (a court below, counsel, another judgment, an instrument, evidence) and where in it
("[42]") are read from the introducing sentence; a unit inside a quotation is quoted as a whole.
"""

from __future__ import annotations

import dataclasses
import re

from pincite.legal import voice as V
from pincite.legal.sentences import sentence_spans
from pincite.types import DocumentKind, ParsedDocument, Quotation, SourceKind, Unit, UnitKind, Voice, Zone

_INTRO_CHARS = 500


def _sentences_before(text: str, end: int) -> list[str]:
    """The sentences ending at ``end`` (last first), within a window."""
    window = text[max(0, end - _INTRO_CHARS):end].rstrip()
    # a paragraph's number alone ("17.") is no sentence: the one before it may introduce the quotation
    parts = [window[a:b] for a, b in sentence_spans(window, 0, len(window)) if re.search(r"[A-Za-z]{2}", window[a:b])]
    return list(reversed(parts))


def _title(name: str) -> str:
    words = name.strip(" ,(").split()
    small = {"of", "the", "and", "for", "in"}
    return " ".join(w.lower() if w.lower() in small and i else w.capitalize() for i, w in enumerate(words))


def appeal_from(doc: ParsedDocument) -> str | None:
    """The court appealed from, as the cover names it."""
    for u in doc.units:
        if u.zone is Zone.COVER:
            m = V.APPEAL_FROM.search(doc.text[u.char_start:u.char_end])
            if m:
                return _title(re.split(r"\s*\(|\n", m.group(1))[0])
    return None


def _name(kind: str, sentence: str, match: re.Match[str]) -> str | None:
    if kind == "lower-court":
        for pattern, name in V.COURT_NAMES:
            m = pattern.search(sentence)
            if m:
                return name or m.group(0)
        return None
    if kind == "counsel":
        m = re.search(r"\b(?:Mr|Mrs|Ms|Miss|Dr)\.?\s+[A-Z][\w'\u2019-]+(?:\s+(?:QC|KC))?", sentence)
        return m.group(0) if m else "counsel"
    if kind == "judgment":
        return match.group(0).strip()
    if kind == "instrument":
        m = re.search(r"\b(?:section|clause|regulation|article|rule|paragraph|condition)s?\s+[\w.()]+"
                      r"(?:\s+(?:and|to)\s+[\w.()]+)?", sentence, re.I)
        return m.group(0) if m else match.group(0)
    return match.group(0)


def classify(sentences: list[str]) -> tuple[SourceKind, str | None, str | None, str]:
    """(kind, source, pinpoint, the sentence it was read from) from the introducing sentences, nearest first."""
    for sentence in sentences[:2]:
        for kind in V.KINDS:
            m = V.PATTERNS[kind].search(sentence)
            if m:
                pin = V.SOURCE_PINPOINT.search(sentence)
                pinpoint = None
                if pin:
                    a, b = (pin.group(1), pin.group(2)) if pin.group(1) else (pin.group(3), pin.group(4))
                    pinpoint = f"[{a}]" + (f"–[{b}]" if b else "")
                return SourceKind(kind), _name(kind, sentence, m), pinpoint, sentence
    return SourceKind.UNKNOWN, None, None, sentences[0] if sentences else ""


def _basis(signal: str, intro: str) -> str:
    if len(intro) > 160:
        intro = "… " + intro[-160:].split(" ", 1)[-1]  # the introducing words nearest the quotation, whole words
    return signal + (f", introduced by: {intro!r}" if intro else "")


#: how much of the text before a line is read for the colon that introduces a quotation set off below it
INTRODUCER_WINDOW = 400


def block_quotations(text: str, start: int, end: int) -> list[Quotation]:
    """Quotations set off as blocks inside ``text[start:end]`` (offsets in ``text``)."""
    out: list[Quotation] = []
    pos = start
    body = text[start:end]
    for line in re.finditer(r"[^\n]*(?:\n|$)", body):
        ls = start + line.start()
        if ls < pos or not line.group(0).strip():
            continue
        stripped = line.group(0).rstrip("\n")
        opens = bool(V.BLOCK_OPEN.match(stripped)) and line.start() > 0
        if opens:
            first_close = re.search(r"[\u201d\"]", stripped.lstrip()[1:])
            rest = stripped.lstrip()[1:][first_close.end():].strip() if first_close else ""
            if first_close and rest and not re.match(r"^[.,;:)\]]*(?:\([^()]{0,60}\))?\.?$", rest):
                opens = False  # a defined term in quotation marks opening the author's own sentence
        # (only the end of the text before is read: a window, not the whole unit, for every line of a long one)
        prev = text[max(start, ls - INTRODUCER_WINDOW):ls].rstrip()
        introduced = bool(V.INTRODUCER_END.search(prev)) if line.start() > 0 else False
        if not (opens or introduced):
            continue
        close = V.BLOCK_CLOSE.search(text, ls, end)
        numbered = introduced and bool(V.QUOTED_NUMBERED_LINE.match(stripped))
        if close is not None and not opens and close.end() - ls > V.BLOCK_MAX_CHARS:
            close = None
        if close is None:
            if not (opens or numbered):
                continue  # a colon and a list is the author's own; without a closing mark, no quotation
            q_end = end
        else:
            q_end = close.end()
        intro = _sentences_before(text, ls)
        if introduced and not opens and not (intro and (V.INTRODUCING_VERB.search(intro[0])
                                                        or any(p.search(intro[0]) for p in V.PATTERNS.values()))):
            continue
        kind, source, pin, sentence = classify(intro if introduced else intro[:1])
        signal = ("opens and closes with quotation marks on lines of its own" if opens else
                  "paragraphs numbered [N] set off after an introducing sentence" if numbered else
                  "set off after an introducing sentence and closed by a quotation mark")
        out.append(Quotation(ls, q_end, kind, source, pin, _basis(signal, sentence if introduced else "")))
        pos = q_end
    return out


@dataclasses.dataclass(frozen=True)
class _Pair:
    """Two straight double quotation marks that open and close one quotation (a match's shape)."""

    a: int
    b: int
    inner: str

    def start(self) -> int:
        return self.a

    def end(self) -> int:
        return self.b

    def group(self, _n: int) -> str:
        return self.inner


def _straight_pairs(text: str, start: int, end: int) -> list[_Pair]:
    """Quotations in straight marks ('"symptomatology should be ..."', as plain-text decisions write them):
    the marks of a paragraph taken in pairs, first with second, third with fourth; none where they are odd."""
    out: list[_Pair] = []
    for para in re.finditer(r"[^\n]+(?:\n(?!\s*\n)[^\n]*)*", text[start:end]):
        marks = [start + para.start() + m.start() for m in re.finditer('"', para.group(0))]
        if len(marks) % 2:
            continue
        for a, b in zip(marks[::2], marks[1::2]):
            out.append(_Pair(a, b + 1, text[a + 1:b]))
    return out


def inline_quotations(text: str, start: int, end: int, taken: list[Quotation]) -> list[Quotation]:
    out: list[Quotation] = []
    hits: list[re.Match[str] | _Pair] = list(V.INLINE_QUOTE.finditer(text, start, end))
    hits += [p for p in _straight_pairs(text, start, end)
             if not any(h.start() <= p.start() < h.end() for h in hits)]
    hits += [m for m in V.INLINE_SINGLE_QUOTE.finditer(text, start, end)
             if not any(h.start() <= m.start() < h.end() for h in hits)]  # not one nested in a double-quoted one
    for m in sorted(hits, key=lambda m: m.start()):
        if any(q.char_start <= m.start() < q.char_end for q in taken):
            continue
        words = len(m.group(1).split())
        cited = words >= 5 and m.group(1).rstrip().endswith((".", "?", "!")) and V.CITED_AFTER.match(text, m.end())
        if words < 10 and not cited:
            continue
        lead = text[max(start, m.start() - 400):m.start()]
        pieces = [lead[a:b] for a, b in sentence_spans(lead, 0, len(lead))] or [""]
        sentence = pieces[-1]
        kind, source, pin, _ = classify([sentence] + pieces[-2:-1])
        out.append(Quotation(m.start(), m.end(), kind, source, pin,
                             _basis("a long quotation inside a sentence", sentence.strip())))
    return out


def _own_end(units: tuple[Unit, ...], u: Unit) -> int:
    """Where the unit's own text (before its first child) ends."""
    kids = [c.char_start for c in units if c.parent == u.ordinal]
    return min(kids) if kids else u.char_end


def assign_voice(doc: ParsedDocument) -> ParsedDocument:
    """``doc`` with each unit's :class:`Voice` set (judgments only; others are left as they are)."""
    if doc.kind is not DocumentKind.JUDGMENT:
        return doc
    text, units = doc.text, doc.units
    below = appeal_from(doc)
    marked = [tuple(x) for x in doc.meta.get("quoted_spans", ())]
    marked = [m for m in marked if not any(o != m and o[0] <= m[0] and m[1] <= o[1] for o in marked)]  # outermost
    spans: dict[int, list[Quotation]] = {}
    whole: dict[int, Quotation] = {}

    for u in units:
        if u.kind is UnitKind.HEADING or u.zone not in (Zone.REASONS, Zone.SCHEDULE):
            continue
        qs = [Quotation(a, b, SourceKind.UNKNOWN, None, None, "marked as a quotation in the markup")
              for a, b in marked if u.char_start <= a and b <= u.char_end and u.parent is None]
        for i, q in enumerate(qs):
            kind, source, pin, sentence = classify(_sentences_before(text, q.char_start))
            qs[i] = dataclasses.replace(q, kind=kind, source=source, source_pinpoint=pin,
                                        basis=_basis(q.basis, sentence))
        if u.parent is None:
            blocks = [q for q in block_quotations(text, u.char_start, u.char_end)
                      if not any(m.char_start <= q.char_start < m.char_end for m in qs)]
            qs += blocks
            qs += inline_quotations(text, u.char_start, u.char_end, qs)
        spans[u.ordinal] = sorted(qs, key=lambda q: q.char_start)

    for u in units:
        if u.parent is None or u.kind is UnitKind.HEADING:
            continue
        parent = units[u.parent]
        if parent.ordinal in whole:
            whole[u.ordinal] = dataclasses.replace(whole[parent.ordinal], char_start=u.char_start,
                                                   char_end=u.char_end)
            continue
        root = parent
        while root.parent is not None:
            root = units[root.parent]
        inside = next((q for q in spans.get(root.ordinal, ()) if q.char_start <= u.char_start + 8
                       and u.char_end <= q.char_end + 1), None)
        if (u.number and V.QUOTED_PARAGRAPH_NUMBER.match(u.number) and parent.kind is UnitKind.PARAGRAPH
                and parent.zone is Zone.REASONS):
            intro = _sentences_before(text, _own_end(units, parent))
            kind, source, pin, sentence = classify(intro)
            if kind is SourceKind.LOWER_COURT and source in ("the judge below", "the tribunal below") and below:
                source = below
            number = u.number.rstrip(".")
            whole[u.ordinal] = Quotation(
                u.char_start, u.char_end, kind, source, f"[{number}]",
                _basis(f"numbered {number} inside [{parent.number}], outside the judgment's own sequence",
                       sentence))
        elif inside is not None:
            whole[u.ordinal] = dataclasses.replace(inside, char_start=u.char_start, char_end=u.char_end)
        else:
            # a Part nested in an opinion, a sub-paragraph: the quotations that lie wholly inside it
            own = [q for q in spans.get(root.ordinal, ())
                   if u.char_start <= q.char_start and q.char_end <= u.char_end]
            if own:
                spans[u.ordinal] = own

    new_units = []
    for u in units:
        q = whole.get(u.ordinal)
        inner = tuple(spans.get(u.ordinal, ()))
        if q is not None:
            new_units.append(dataclasses.replace(u, voice=Voice(True, q, ())))
        elif inner:
            new_units.append(dataclasses.replace(u, voice=Voice(False, None, inner)))
        else:
            new_units.append(dataclasses.replace(u, voice=Voice(False)))  # read, and the author's own
    return dataclasses.replace(doc, units=tuple(new_units))
