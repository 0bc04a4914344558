"""The evidence a question needs beyond what retrieval ranked: the words retrieval is given
(:func:`search_query`), the documents a question is scoped to, a lead-in's items, a number for a quantity
question, and where a judgment says what was decided.

Outcome retrieval: a question about what a court decided ("was the appeal allowed?") or why a judge dissented is
answered by a few short paragraphs that share almost no words with the question: each judge's disposal ("I would
allow the appeal and set aside the order") and statement of agreement or disagreement ("I have reached a different
conclusion").  Parsing already found those words — they are each judge's ``role_basis`` — and each judge's last
numbered paragraph usually disposes of the appeal.  This step adds the passages holding them, for the judgments
retrieval ranked highest, to the retrieved set.  The patterns are :mod:`pincite.legal.language`'s.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from pincite.legal.clauses import expansion_terms
from pincite.errors import NotFound
from pincite.legal.language import (
    INTERROGATIVES,
    NAMED_ACT,
    NAMED_CASE,
    NAMED_NEUTRAL,
    PARTY_FILLER,
    PARTY_SHORT_FORMS,
    ANY_PARTY,
    CONCLUSION_OPENING,
    EXCLUSION,
    NUMBER,
    OUTCOME_QUESTION,
    SCOPE_PHRASE,
    asks_about_outcome,
)
from pincite.answer.structure import structure_units
from pincite.store import Store
from pincite.types import Chunk, DocRef, Document, DocumentKind, Passage, Unit, UnitKind, Zone


def search_query(question: str, scoped: bool = False) -> str:
    """The words retrieval is given: the question without a leading exclusion clause, words pointing at the
    documents in scope or at an unnamed party.

    Scoped to several documents, a question about a kind of contract clause ("When do these contracts end?") also
    carries that clause type's vocabulary (:func:`pincite.legal.clauses.expansion_terms`: "term", "initial term",
    "shall continue"…): the documents are fixed, so the words can only rank each document's own
    clauses, and the clause is often written in none of the question's words.  Unscoped, they would also pull
    in documents other than the one a question names; retrieval's own clause ranking serves there."""
    q = EXCLUSION.sub("", question, count=1)
    q = " ".join(SCOPE_PHRASE.sub(" ", q).split())
    q = " ".join(ANY_PARTY.sub(" ", q).split())
    q = q if len(q.split()) >= 3 else question
    if not scoped:
        return q
    return " ".join([q, *expansion_terms(q)])


def add_provision_items(store: Store, passages: list[Passage], include_non_citable: bool = False) -> list[Passage]:
    """A retrieved lead-in ("The Tax Court of Canada shall consist of the following judges:") says nothing by
    itself: its items do.  Each such passage is followed by the passages of its items (moved up when retrieval
    ranked them lower, added when it did not find them), and every passage is renumbered."""
    by_id = {p.chunk.id: p for p in passages}
    placed: set[str] = set()
    out: list[Passage] = []
    docs: dict[str, Document] = {}
    for p in passages:
        if p.chunk.id in placed:
            continue
        out.append(p)
        placed.add(p.chunk.id)
        if not p.text.rstrip().endswith((":", "\u2014")) or not p.chunk.units \
                or p.document.kind not in (DocumentKind.STATUTE, DocumentKind.CONTRACT):
            continue
        doc = docs.get(p.document.id)
        if doc is None:
            try:
                doc = docs[p.document.id] = store.get_document(p.document.id)
            except NotFound:
                continue
        head = p.chunk.units[-1]
        items = {u.ordinal for u in doc.units if u.parent == head}
        for ch in store.get_chunks(doc.id) if items else []:
            if ch.id in placed or not items.intersection(ch.units) or (not ch.citable and not include_non_citable):
                continue
            placed.add(ch.id)
            out.append(by_id.get(ch.id)
                       or Passage(ch, p.document, doc.text[ch.char_start:ch.char_end], 0.0, 0, "items"))
    if [p.chunk.id for p in out] == [p.chunk.id for p in passages]:
        return passages
    return [replace(p, rank=i + 1) for i, p in enumerate(out)]


_LINE_NUMBER = re.compile(r"(?m)^\s*\[?\d+(\.\d+)*\]?[.:]?(?=\s)")
_ENUMERATION = re.compile(r"\((\d{1,3}(\.\d)?|[a-z]{1,4})\)|\[\d{1,3}\]")


def prefer_numbers(passages: list[Passage], k: int) -> list[Passage]:
    """Re-rank for a quantity question: a passage stating a number (outside its own label) gains a place bonus
    worth a rank-60 reciprocal score; the best ``k`` are kept and renumbered."""
    def states_number(p: Passage) -> bool:
        body = _ENUMERATION.sub(" ", _LINE_NUMBER.sub("", p.text))  # "(c)", "22.", "9 (1)": numbering, not numbers
        return bool(NUMBER.search(body))

    scored = sorted(passages, key=lambda p: -(1 / (60 + p.rank) + (1 / 60 if states_number(p) else 0)))
    return [replace(p, rank=i + 1) for i, p in enumerate(scored[:k])]


def scope_documents(store: Store, filters: Any) -> list[DocRef]:
    """The documents a question is scoped to by its filters (empty when it is not scoped)."""
    if not (filters.documents or filters.kinds or filters.works or filters.sources):
        return []
    wanted = set(filters.documents) | set(filters.sources)
    out = []
    rows = store.list_documents()
    for s in rows:
        if wanted and s.id not in wanted and s.source not in wanted:
            continue
        if filters.kinds and s.kind not in filters.kinds:
            continue
        if filters.works and s.work not in filters.works:
            continue
        out.append(DocRef(s.id, s.source, s.title, s.kind, s.citation, s.date, s.work, s.version_date))
    # one agreement stored from several files is in scope once, as its canonical copy (pincite.twins)
    canonical = {s.id: s.copy_of for s in rows if s.copy_of}
    inside = {r.id for r in out}
    return [r for r in out if canonical.get(r.id) not in inside]


def _unit_chunk(chunks: list[Chunk], unit: Unit) -> Chunk | None:
    for c in chunks:
        if unit.ordinal in c.units or (c.char_start <= unit.char_start and unit.char_end <= c.char_end):
            return c
    for c in chunks:  # a split unit: its first piece
        if c.char_start >= unit.char_start and c.char_end <= unit.char_end:
            return c
    return None


#: how many paragraphs before a judge's last one are their closing stretch, searched for a concluding paragraph
#: (five: a judgment may end with a short postscript on procedure or costs after its conclusion)
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
            extra.append(Passage(ch, ref, doc.text[ch.char_start:ch.char_end], 0.0, 0, "outcome"))
    merged = passages[:after] + extra + passages[after:]
    return [replace(p, rank=i + 1) for i, p in enumerate(merged)]



def add_structure_passages(store: Store, question: str, passages: list[Passage], top_documents: int = 2,
                           include_non_citable: bool = False, after: int = 3) -> list[Passage]:
    """``passages`` plus, for the best-ranked judgments, the passages a structural question needs read
    (:func:`pincite.answer.structure.structure_units`: the lead's disposal and the assents, the dissents'
    disposal and first reasons, a named judge's paragraphs, the test applied or the costs order), placed after
    the first ``after`` retrieved passages and renumbered; ``via`` "structure"."""
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
        units = structure_units(doc, question)
        if not units:
            continue
        ref = next(p.document for p in passages if p.document.id == doc_id)
        chunks = store.get_chunks(doc_id)
        for unit in units:
            ch = _unit_chunk(chunks, unit)
            if ch is None or ch.id in seen or (not ch.citable and not include_non_citable):
                continue
            seen.add(ch.id)
            extra.append(Passage(ch, ref, doc.text[ch.char_start:ch.char_end], 0.0, 0, "structure"))
    if not extra:
        return passages
    merged = passages[:after] + extra + passages[after:]
    return [replace(p, rank=i + 1) for i, p in enumerate(merged)]


_TITLES: dict[tuple[int, Any], list[tuple[DocumentKind, str, str]]] = {}


def _stored_names(store: Store) -> list[tuple[DocumentKind, str, str]]:
    """Each stored document's kind, its words (title, citation, source file name) and its citation flattened,
    lower-cased; computed once per store generation."""
    key = (id(store), store.generation())
    if key not in _TITLES:
        _TITLES.clear()
        rows = []
        for s in store.list_documents():
            words = " ".join(re.findall(r"[a-z0-9]+", " ".join((s.title, s.citation or "", s.source)).lower()))
            rows.append((s.kind, f" {words} ", re.sub(r"[^a-z0-9]", "", (s.citation or "").lower())))
        _TITLES[key] = rows
    return _TITLES[key]


def _display(name: str) -> str:
    words = name.split()
    while len(words) > 1 and words[0].lower() in INTERROGATIVES | {"in", "under", "see", "per"}:
        words = words[1:]
    return " ".join(words)


def unstored_names(store: Store, question: str) -> list[str]:
    """The documents ``question`` names (a case by its parties or its neutral citation, an Act it asks about:
    :data:`~pincite.legal.language.NAMED_CASE`, :data:`~pincite.legal.language.NAMED_NEUTRAL`,
    :data:`~pincite.legal.language.NAMED_ACT`) that no stored document matches, as the question writes them.
    Matching is tolerant: a case matches a stored document whose title or citation holds a distinctive word of
    each party (or its neutral citation); an Act, a stored document whose title holds every word of its name."""
    rows = _stored_names(store)
    missing: list[str] = []
    for m in NAMED_NEUTRAL.finditer(question):
        flat = re.sub(r"[^a-z0-9]", "", f"{m.group('year')}{m.group('court')}{m.group('num')}".lower())
        if not any(flat and flat in cit for _, _, cit in rows):
            case = next((c for c in NAMED_CASE.finditer(question) if c.end() <= m.start() + 2), None)
            missing.append(_display(f"{case.group(0)} {m.group(0)}" if case else m.group(0)))
    if missing:
        return missing
    for m in NAMED_CASE.finditer(question):
        sides = [[w for w in re.findall(r"[a-z0-9]+", m.group(g).lower()) if w not in PARTY_FILLER and len(w) > 1]
                 for g in ("a", "b")]
        sides = [[PARTY_SHORT_FORMS.get(w, w) for w in ws] for ws in sides if ws]
        if not sides:
            continue
        # a word of the name may be the start of the title's ("Co-op" for "Co-operative Group")
        if not any(all(any(f" {w}" in words for w in ws) for ws in sides) for _, words, _ in rows):
            missing.append(_display(m.group(0)))
    for m in NAMED_ACT.finditer(question):
        ws = [w for w in re.findall(r"[a-z0-9]+", m.group("name").lower()) if w not in ("the", "of", "and")]
        if not any(all(f" {w} " in words for w in ws) for kind, words, _ in rows
                   if kind in (DocumentKind.STATUTE, DocumentKind.OTHER)):
            missing.append(_display(m.group("name")))
    return list(dict.fromkeys(missing))
