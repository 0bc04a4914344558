"""What a judgment's structure says of a candidate: its introductory paragraphs (:func:`opening_units`), each
judge's first paragraph (:func:`first_units_of_judges`), and what a question asks that the structure answers
(:func:`structural_asks`, :mod:`pincite.answer.structure`) with the decision sentences that answer it
(:func:`sentence_says`, :mod:`pincite.legal.decisions`)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from pincite.answer.structure import asks_costs, asks_dissent, asks_outcome, asks_test
from pincite.legal.decisions import (
    ASSENT_SENTENCE,
    COSTS_SENTENCE,
    DISPOSAL_SENTENCE,
    TEST_SENTENCE,
    matches as decision_matches,
)
from pincite.types import DocumentKind, UnitKind, Zone


def opening_units(docs) -> set[int]:  # type: ignore[no-untyped-def]
    """Ordinals of each judgment's introductory paragraphs: the first two numbered reasons paragraphs, or the
    first 5 % of them in a long judgment."""
    out: set[int] = set()
    for d in docs:
        if d.kind is not DocumentKind.JUDGMENT:
            continue
        numbered = [u.ordinal for u in d.units
                    if u.zone is Zone.REASONS and (u.number or u.label) and u.kind is not UnitKind.HEADING]
        out.update(numbered[:max(2, len(numbered) // 20)])
    return out


def first_units_of_judges(docs) -> set[int]:  # type: ignore[no-untyped-def]
    """Ordinals of each judge's first numbered paragraph (where a judge says whether they agree)."""
    out: set[int] = set()
    for d in docs:
        if d.kind is not DocumentKind.JUDGMENT:
            continue
        seen: set[str] = set()
        for u in d.units:
            if u.author and u.author not in seen and u.zone is Zone.REASONS and u.number \
                    and u.kind is not UnitKind.HEADING:
                seen.add(u.author)
                out.add(u.ordinal)
    return out


@dataclass(frozen=True)
class StructuralAsk:
    """What a question asks that a judgment's structure answers (:mod:`pincite.answer.structure`)."""

    outcome: bool
    dissent: bool
    test: bool
    costs: bool


@lru_cache(maxsize=256)
def structural_asks(question: str) -> StructuralAsk:
    return StructuralAsk(asks_outcome(question), asks_dissent(question), asks_test(question),
                         asks_costs(question))


_SAID_TABLES = {"disposal": DISPOSAL_SENTENCE, "assent": ASSENT_SENTENCE, "test": TEST_SENTENCE,
                "costs": COSTS_SENTENCE}


@lru_cache(maxsize=8192)
def sentence_says(sentence: str, kind: str) -> bool:
    return decision_matches(_SAID_TABLES[kind], sentence)
