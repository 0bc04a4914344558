"""Outcome retrieval: where a judgment says what was decided.

A question about what a court decided ("was the appeal allowed?") or why a judge dissented is answered by a few
short paragraphs that share almost no words with the question: each judge's disposal ("I would therefore grant
permission to appeal but dismiss the appeal") and statement of agreement or disagreement ("While I agree with much
of Flaux LJ's judgment, I have reached a different conclusion").  Parsing already found those words — they are
each judge's ``role_basis`` — and each judge's last numbered paragraph usually disposes of the appeal.  This step
adds the passages holding them, for the judgments retrieval ranked highest, to the retrieved set.
"""

from __future__ import annotations

import re
from dataclasses import replace

from pincite.errors import NotFound
from pincite.store import Store
from pincite.types import Chunk, Document, DocumentKind, Passage, Unit, UnitKind, Zone

OUTCOME_QUESTION = re.compile(
    r"\b(allow(ed|s)?|dismiss(ed|es)?|decid\w*|decision|held|hold|outcome|result|succeed\w*|fail(ed|s)?|"
    r"restor\w*|grant(ed)?|refus\w*|quash\w*|uphold|upheld|overturn\w*|set aside|win|won|lose|lost|"
    r"dissent\w*|disagree\w*|minority|majority|differ\w*|what order|order(ed)? (did|was|were))\b"
    r"|\bwould\b[^?.]{0,60}\bhave\b",
    re.I,
)


#: A yes/no question ("Is the requirement ... qualified by ...?", "Does the Compact pre-empt ...?") asked of a
#: judgment asks for what the court held: the judges' conclusions answer it.
YES_NO_QUESTION = re.compile(r"^\s*(is|are|was|were|does|do|did|can|could|may|must|should|has|have|had)\b", re.I)

#: A paragraph that gathers a judge's reasoning into a conclusion ("For these reasons, I would have granted
#: permission...", "In conclusion, ... it would not be just and convenient to grant the injunction").
CONCLUSION_OPENING = re.compile(
    r"^\W*\d*\.?\s*(in conclusion|for (all )?(these|those|the) (short |above )?reasons|for the reasons (given|set out|"
    r"stated|explained)|for all of the(se)? reasons|in summary|to summari[sz]e|in the result|overall|accordingly|"
    r"it follows that|i would therefore|i therefore|conclusion)\b",
    re.I,
)


def asks_about_outcome(question: str) -> bool:
    """The question asks what was decided, or what a judge would have decided (or is a yes/no question, which a
    judgment answers by its holding)."""
    return bool(OUTCOME_QUESTION.search(question) or YES_NO_QUESTION.search(question))


def _unit_chunk(chunks: list[Chunk], unit: Unit) -> Chunk | None:
    for c in chunks:
        if unit.ordinal in c.units or (c.char_start <= unit.char_start and unit.char_end <= c.char_end):
            return c
    for c in chunks:  # a split unit: its first piece
        if c.char_start >= unit.char_start and c.char_end <= unit.char_end:
            return c
    return None


#: how many paragraphs before a judge's last one are their closing stretch, searched for a concluding paragraph
#: (five: a judgment may end with a short postscript on procedure after "For the above reasons, I have reached
#: the clear conclusion that this claim … must be dismissed")
CLOSING_STRETCH = 5


def outcome_units(doc: Document) -> list[Unit]:
    """Per judge: the unit holding their role_basis sentence, their last numbered paragraph, and the paragraphs
    of their closing stretch (the three before the last) that open as a conclusion ("For these reasons…", "In
    conclusion…"): that is where a judge's reasons, not just the disposal, are gathered."""
    by_author: dict[str, list[Unit]] = {}
    for u in doc.units:
        if u.zone is Zone.REASONS and u.citable and u.author and u.kind is not UnitKind.HEADING and u.number:
            by_author.setdefault(u.author, []).append(u)
    picked: list[Unit] = []
    for author, units in by_author.items():
        top = [u for u in units if u.parent is None or doc.units[u.parent].kind is UnitKind.HEADING] or units
        picked.append(top[-1])
        for u in top[-1 - CLOSING_STRETCH:-1]:  # the closing stretch of their reasons
            if CONCLUSION_OPENING.search(doc.text[u.char_start:u.char_start + 80]):
                picked.append(u)
        basis = (units[0].role_basis or "").split(": ", 1)[-1].strip()
        if len(basis) >= 20:
            probe = " ".join(basis.split())[:80]
            for u in units:
                if probe in " ".join(doc.text[u.char_start:u.char_end].split()):
                    picked.append(u)
                    break
    return picked


def add_outcome_passages(store: Store, question: str, passages: list[Passage], top_documents: int = 2,
                         include_non_citable: bool = False, after: int = 3) -> list[Passage]:
    """``passages`` plus, for the best-ranked judgments, the passages where each judge disposes of the case.
    They are placed after the first ``after`` retrieved passages (so a context budget keeps them) and every
    passage is renumbered."""
    if not asks_about_outcome(question):
        return passages
    if not OUTCOME_QUESTION.search(question) and not (passages and passages[0].document.kind is DocumentKind.JUDGMENT):
        return passages  # a yes/no question is about a holding only when a judgment is what retrieval found first
    seen = {p.chunk.id for p in passages}
    judgment_ids: list[str] = []
    for p in passages:
        if p.document.kind is DocumentKind.JUDGMENT and p.document.id not in judgment_ids:
            judgment_ids.append(p.document.id)
    extra: list[Passage] = []
    for doc_id in judgment_ids[:top_documents]:
        try:
            doc = store.get_document(doc_id)
        except NotFound:  # replaced by a concurrent ingest after the search: its passages are gone
            continue
        ref = next(p.document for p in passages if p.document.id == doc_id)
        chunks = store.get_chunks(doc_id)
        for unit in outcome_units(doc):
            ch = _unit_chunk(chunks, unit)
            if ch is None or ch.id in seen or (not ch.citable and not include_non_citable):
                continue
            seen.add(ch.id)
            extra.append(Passage(ch, ref, doc.text[ch.char_start:ch.char_end], 0.0, 0))
    merged = passages[:after] + extra + passages[after:]
    return [replace(p, rank=i + 1) for i, p in enumerate(merged)]

