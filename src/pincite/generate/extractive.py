"""The extractive generator: offline, deterministic, no model.

It picks the sentences of the retrieved passages that best answer the question and states each as a quoted claim
citing its passage.  Its reply goes through the same parsing and checks as any model's.
"""

from __future__ import annotations

import math
import re
from collections import Counter

from pincite.chunk import sentence_spans
from pincite.context import TurnContext
from pincite.protocol import reply_json
from pincite.types import Role

_WORD = re.compile(r"[a-z0-9]+(?:'[a-z]+)?")
STOPWORDS = frozenset(
    "a an and are as at be by can could did do does for from had has have how i if in into is it its may might "
    "must of on or shall should so than that the their them then there these they this those to under upon was "
    "were what when where which who whom whose why will with would not no yes any all each every about against "
    "between did does done say says said court judge judgment case act section clause agreement contract".split()
)


_SUFFIXES = (("ings", 3), ("ing", 3), ("ion", 4), ("ied", 2), ("ies", 2), ("ed", 3), ("es", 4), ("s", 3))


def stem(w: str) -> str:
    """A light English stemmer: enough that 'governed', 'governing' and 'governs' meet, 'laws' meets 'law' and
    'termination' meets 'terminated'.  The number is the shortest stem a suffix may leave."""
    if w.endswith("ss"):
        return w
    for suffix, shortest in _SUFFIXES:
        if w.endswith(suffix) and len(w) - len(suffix) >= shortest:
            base = w[: -len(suffix)]
            return base + "y" if suffix in ("ied", "ies") else base
    return w


def terms(text: str) -> list[str]:
    return [stem(w) for w in _WORD.findall(text.lower()) if w not in STOPWORDS and len(w) > 1]


_QUANTITY = re.compile(r"\bhow (many|much|long|old)\b|\bnumber of\b|\bmaximum\b|\bminimum\b|\bwhat (age|amount|sum|fee|rate)\b",
                       re.I)


def _has_number(sentence: str) -> bool:
    return bool(re.search(r"\d|\b(one|two|three|four|five|six|seven|eight|nine|ten|twenty|thirty|hundred)\b",
                          sentence, re.I))


def heading_like(sentence: str) -> bool:
    """A clause or section title ("Governing Law; Attorney's Fee.") is not an answer: short and mostly capitalised."""
    words = [w for w in re.findall(r"[A-Za-z][A-Za-z']*", sentence)]
    if not words or len(words) > 12:
        return False
    if not sentence.rstrip().endswith((".", "!", "?", ";", ":", '"', "\u201d", ")")):
        return True  # no closing punctuation: a title line
    caps = sum(1 for w in words if w[0].isupper() or w.lower() in ("of", "and", "the", "to", "in", "for", "on"))
    return caps / len(words) >= 0.8


class ExtractiveGenerator:
    name = "extractive"

    def __init__(self, max_claims: int = 3, per_passage: int = 1, min_chars: int = 25, per_document: bool = False,
                 min_terms: int = 2) -> None:
        self.max_claims = max_claims
        self.per_passage = per_passage
        self.min_chars = min_chars
        self.per_document = per_document  # multi-document questions: the best sentence of each source
        self.min_terms = min_terms  # a sentence must share this many distinct question terms (fewer if the question has fewer)

    def generate(self, turn: TurnContext, messages: list[dict[str, str]]) -> str:
        q = set(terms(turn.question))
        passages = [cp for cp in turn.passages if cp.passage.chunk.citable]
        if not q or not passages:
            return reply_json([])
        df: Counter[str] = Counter()
        sents = []
        for cp in passages:
            text = cp.passage.text
            for s, e in sentence_spans(text, 0, len(text)):
                sent = text[s:e]
                toks = set(terms(sent))
                df.update(toks)
                sents.append((cp, sent, toks))
        n = len(sents)
        wants_number = bool(_QUANTITY.search(turn.question))
        scored = []
        for cp, sent, toks in sents:
            if len(sent) < self.min_chars and not _has_number(sent) or heading_like(sent) or sent.rstrip().endswith(":"):
                continue  # titles and lead-ins ("…shall consist of the following judges:") are not answers
            overlap = q & toks
            if len(overlap) < min(self.min_terms, len(q)):
                continue
            score = sum(math.log(1 + n / df[t]) for t in overlap) / math.sqrt(max(len(toks), 4))
            score *= 1.0 + 1.0 / cp.passage.rank  # prefer the passages retrieval ranked higher
            if wants_number and _has_number(sent):
                score *= 2.0  # "how many…": a sentence stating a number answers it
            if cp.passage.chunk.role in (Role.DISSENTING, Role.PARTLY_DISSENTING):
                score *= 0.5  # the majority answers "what did the court decide"
            scored.append((score, cp, sent))
        scored.sort(key=lambda x: -x[0])
        claims = []
        used: Counter[str] = Counter()
        docs_used: set[str] = set()
        per_document = self.per_document or turn.multi_document
        for score, cp, sent in scored:
            if not per_document and len(claims) >= self.max_claims:
                break
            if used[cp.pid] >= self.per_passage:
                continue
            if per_document:
                if cp.passage.document.id in docs_used:
                    continue
                docs_used.add(cp.passage.document.id)
            used[cp.pid] += 1
            claims.append({"text": self._claim_text(cp, sent),
                           "citations": [{"passage": cp.pid, "quote": sent}]})
        return reply_json(claims)

    @staticmethod
    def _claim_text(cp, sent: str) -> str:  # type: ignore[no-untyped-def]
        ch = cp.passage.chunk
        if ch.role in (Role.DISSENTING, Role.PARTLY_DISSENTING):
            return f"{ch.author or 'A dissenting judge'} ({ch.role.value}) said: \u201c{sent}\u201d"
        return sent
