"""The offline generators' candidates and claims: which sentences of a turn's reading may answer at all
(:func:`candidates`), and how a chosen sentence becomes a claim (:func:`claim`: its quote, the words the claim
states, the passage it cites) — read by the ranker (the default) and the extractive generator alike, and by
``lab/train_ranker.py``, which records the same candidates' features."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from pincite.answer.context import ContextPassage, TurnContext
from pincite.generate.features import Reading, SentenceFeatures, answers, read_sentences
from pincite.legal.sentences import sentence_spans
from pincite.legal.language import extents_asked
from pincite.types import Document, Role

__all__ = ["candidates", "claim", "claim_text", "with_next_sentence"]


def candidates(turn: TurnContext, min_chars: int = 25, min_terms: int = 2) -> Reading | None:
    """The turn's reading with only the sentences that can answer at all
    (:func:`pincite.generate.features.answers`, with its ``min_terms`` question terms): a ranking model
    compares candidates with each other, so one that shares no question word is never a candidate, however it
    compares."""
    reading = read_sentences(turn, min_chars)
    if reading is None:
        return None
    kept = [f for f in reading.sentences if answers(f, reading, min_terms)]
    return replace(reading, sentences=one_per_extent(turn, kept))


def one_per_extent(turn: TurnContext, sentences: list[SentenceFeatures]) -> list[SentenceFeatures]:
    """One of the same sentence printed in a provision and in its version for another extent (CLML: section 6
    for England and Wales, and as it applies in Scotland, ``attrs["extent"]``): the version of the extent the
    question names ("In Scotland, …"), else the provision's own — two copies of one sentence are one answer, and
    a ranking that saw both would find neither ahead."""
    asked = extents_asked(turn.question)
    seen: dict[tuple[str, str], list[SentenceFeatures]] = {}
    for f in sentences:
        seen.setdefault((f.cp.passage.document.id, " ".join(f.sent.split())), []).append(f)
    drop: set[int] = set()
    for group in seen.values():
        if len(group) < 2:
            continue
        extents = [_extent_of(turn.document_of(f.cp.pid), f) for f in group]
        if not any(extents):
            continue
        keep = [f for f, e in zip(group, extents) if e in asked] or [f for f, e in zip(group, extents) if not e]
        drop |= {id(f) for f in group if keep and all(f is not k for k in keep)}
    return [f for f in sentences if id(f) not in drop]


def _extent_of(doc: Document, f: SentenceFeatures) -> str | None:
    at = f.cp.passage.chunk.char_start + f.start
    return next((str(u.attrs["extent"]) for u in doc.units
                 if u.attrs.get("extent") and u.char_start <= at < u.char_end), None)


def with_next_sentence(text: str, sentence: str) -> str:
    """``sentence`` and the sentence after it in ``text`` (the passage), as one verbatim span; ``sentence`` alone
    when it ends the passage."""
    spans = sentence_spans(text, 0, len(text))
    for i, (s, e) in enumerate(spans):
        if text[s:e] == sentence and i + 1 < len(spans):
            return text[s:spans[i + 1][1]]
    return sentence


def claim_text(cp: ContextPassage, sent: str) -> str:
    """What a claim quoting ``sent`` of ``cp`` states: the quote, or, from a dissent, who said it."""
    ch = cp.passage.chunk
    if ch.role in (Role.DISSENTING, Role.PARTLY_DISSENTING):
        return f"{ch.author or 'A dissenting judge'} ({ch.role.value}) said: \u201c{sent}\u201d"
    return sent


def claim(f: SentenceFeatures, reading: Reading) -> dict[str, Any]:
    """The claim quoting candidate ``f`` (its own words, :attr:`SentenceFeatures.quote`), citing its
    passage."""
    quote = f.quote or f.sent
    if reading.shape.reasons and f.disagreement:
        # "why…" answered by "I do not agree, however, that…": the judge's point is the sentence that follows
        quote = with_next_sentence(f.cp.passage.text, quote)
    return {"text": claim_text(f.cp, quote), "citations": [{"passage": f.cp.pid, "quote": quote}]}
