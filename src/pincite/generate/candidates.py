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
from pincite.types import Role

__all__ = ["candidates", "claim", "claim_text", "with_next_sentence"]


def candidates(turn: TurnContext, min_chars: int = 25, min_terms: int = 2) -> Reading | None:
    """The turn's reading with only the sentences that can answer at all
    (:func:`pincite.generate.features.answers`, with its ``min_terms`` question terms): a ranking model
    compares candidates with each other, so one that shares no question word is never a candidate, however it
    compares."""
    reading = read_sentences(turn, min_chars)
    if reading is None:
        return None
    return replace(reading, sentences=[f for f in reading.sentences if answers(f, reading, min_terms)])


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
