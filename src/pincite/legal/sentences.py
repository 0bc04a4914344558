"""THE sentence splitter, for everyone who cuts text into sentences: the chunker (a unit longer than the budget
is split at its sentences), the answerers (each candidate is a sentence), the roles parser (a judge's statement of
agreement or dissent is a sentence) and the voice parser (the sentence that introduces a quotation).

A sentence ends at a full stop, question or exclamation mark (and any closing quotes or brackets) followed by
whitespace and a capital, a digit, an opening quote or bracket or a section sign -- unless the word before the full
stop is one of the abbreviations lawyers write with one (:data:`ABBREVIATIONS`) or a single letter (an initial,
"s. 4", "J. Smith").  A blank line always ends a sentence.  (A draft's sentences, read with their quotations, are
:func:`pincite.legal.citations.sentences`, whose rules differ where a draft's citations need them to; the two were
not made one because either's rules change the other's sentences: bench/NOTES.md, "One sentence splitter?".)
"""

from __future__ import annotations

import re

#: The abbreviations that do not end a sentence, by kind: a case's "v."; provisions and pages ("s.", "ss.",
#: "para.", "p.", "art.", "sec.", "cl.", "reg.", "sch.", "r."); people and judges ("Mr.", "Dr.", "L.J.", "Q.C.");
#: companies ("Ltd.", "Inc.", "Co."); Latin and editorial ("e.g.", "i.e.", "cf.", "et al.", "op. cit.", "ibid.",
#: "viz."); places and others ("U.S.", "U.K.", "St.", "vol.", "fig.", "Hon.", "Rt.", "Dept.").
ABBREVIATIONS = frozenset(
    "v vs s ss no nos para paras p pp mr mrs ms dr lj ljj j jj sc qc kc cj mr art arts sec secs ch cl cls "
    "e.g i.e cf etc inc ltd co corp plc llp reg regs sch ord r rr u.s u.k st ed eds al seq viz op cit ibid "
    "fig figs vol vols hon rt gen est approx dept govt".split()
)
_SENTENCE_END = re.compile(r"[.!?][\"'”’)\]]*\s+")


_BLANK_LINE = re.compile(r"\n[ \t\r\f\v]*\n\s*")


def sentence_spans(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """Split ``text[start:end]`` into sentence spans (leading/trailing whitespace excluded).  A blank line always
    ends a sentence."""
    out: list[tuple[int, int]] = []
    cur = start
    for m in _BLANK_LINE.finditer(text, start, end):
        out.extend(_sentences_in_block(text, cur, m.start()))
        cur = m.end()
    out.extend(_sentences_in_block(text, cur, end))
    return out


def _sentences_in_block(text: str, start: int, end: int) -> list[tuple[int, int]]:
    spans: list[tuple[int, int]] = []
    seg = text[start:end]
    cur = 0
    for m in _SENTENCE_END.finditer(seg):
        dot = m.start()
        nxt = seg[m.end() : m.end() + 1]
        if not nxt or not (nxt.isupper() or nxt.isdigit() or nxt in "\"'“‘([§"):
            continue
        if seg[dot] == ".":
            w = _word_before(seg, cur, dot).lower().rstrip(".")
            if w in ABBREVIATIONS or (len(w) == 1 and w.isalpha()):
                continue
        spans.append((start + cur, start + m.end()))
        cur = m.end()
    spans.append((start + cur, end))
    return [s for s in (trim(text, a, b) for a, b in spans) if s[1] > s[0]]


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
