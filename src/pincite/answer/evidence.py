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

import datetime
import re
from dataclasses import dataclass, replace
from typing import Any

from pincite.answer.citecheck import find_units, provision_path
from pincite.legal.citations import INSTRUMENT, LEAD_WORDS, PROVISION, SCHEDULE_ITEM, provision_key
from pincite.legal.clauses import expansion_terms
from pincite.errors import NotFound, PinciteError
from pincite.legal.language import (
    INITIALS_SKIP,
    INTERROGATIVES,
    JUDGMENT_HEADER_CHARS,
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
    title_words_asked,
)
from pincite.answer.structure import documents_named, speakers, structure_units
from pincite.legal.question_kinds import asks_decision_below, defines, definition_asked
from pincite.store import Store
from pincite.types import Chunk, DocRef, Document, DocumentKind, Passage, Unit, UnitKind, Zone
from pincite.versions import in_force_on, version_windows


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
    in_parts: set[str] = set()
    for sp in speakers(doc):  # reasons in Parts (a US opinion): its innermost Parts, not a footnote after them
        if all(u.kind is UnitKind.PART for u in sp.units):
            by_author[sp.author] = sp.units
            in_parts.add(sp.author)
    picked: list[Unit] = []
    for author, units in by_author.items():
        top = units if author in in_parts else (
            [u for u in units if u.parent is None or doc.units[u.parent].kind is UnitKind.HEADING] or units)
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


def _judgment_passages(store: Store, passages: list[Passage], units_of: Any, via: str, top_documents: int,
                       include_non_citable: bool, already: set[str] | None = None,
                       question: str = "") -> list[Passage]:
    """The passages holding ``units_of(document)`` in each of the ``top_documents`` best-ranked judgments among
    ``passages``, those already retrieved left out (their chunk ids added to ``already``, when given), each
    marked ``via``.  When ``question`` names some of the passages' documents by their titles
    (:func:`~pincite.answer.structure.documents_named`), only the named judgments (none, when it names an Act or a
    contract): another case's disposal is no evidence about the one asked."""
    seen = {p.chunk.id for p in passages}
    named = documents_named(question, [p.document for p in passages]) if question else set()
    judgment_ids: list[str] = []
    for p in passages:
        if p.document.kind is DocumentKind.JUDGMENT and p.document.id not in judgment_ids \
                and (not named or p.document.id in named):
            judgment_ids.append(p.document.id)
    extra: list[Passage] = []
    for doc_id in judgment_ids[:top_documents]:
        try:
            doc = store.get_document(doc_id)
        except NotFound:  # replaced by a concurrent ingest after the search: its passages are gone
            continue
        units = units_of(doc)
        if not units:
            continue
        ref = next(p.document for p in passages if p.document.id == doc_id)
        chunks = store.get_chunks(doc_id)
        for unit in units:
            ch = _unit_chunk(chunks, unit)
            if ch is not None and already is not None and ch.id in seen:
                already.add(ch.id)
            if ch is None or ch.id in seen or (not ch.citable and not include_non_citable):
                continue
            seen.add(ch.id)
            extra.append(Passage(ch, ref, doc.text[ch.char_start:ch.char_end], 0.0, 0, via))
    return extra


def add_outcome_passages(store: Store, question: str, passages: list[Passage], top_documents: int = 2,
                         include_non_citable: bool = False, after: int = 3) -> list[Passage]:
    """``passages`` plus, for the best-ranked judgments, the passages where each judge disposes of the case.
    They are placed after the first ``after`` retrieved passages (so a context budget keeps them) and every
    passage is renumbered."""
    if not asks_about_outcome(question):
        return passages
    if not OUTCOME_QUESTION.search(question) and not (passages and passages[0].document.kind is DocumentKind.JUDGMENT):
        return passages  # a yes/no question is about a holding only when a judgment is what retrieval found first
    extra = _judgment_passages(store, passages, outcome_units, "outcome", top_documents,
                               include_non_citable, question=question)
    merged = passages[:after] + extra + passages[after:]
    return [replace(p, rank=i + 1) for i, p in enumerate(merged)]


def add_structure_passages(store: Store, question: str, passages: list[Passage], top_documents: int = 2,
                           include_non_citable: bool = False, after: int = 3) -> list[Passage]:
    """``passages`` plus, for the best-ranked judgments, the passages a structural question needs read
    (:func:`pincite.answer.structure.structure_units`: the lead's disposal and the assents, the dissents'
    disposal and first reasons, a named judge's paragraphs, the test applied or the costs order), placed after
    the first ``after`` retrieved passages and renumbered; ``via`` "structure"."""
    already: set[str] = set()
    extra = _judgment_passages(store, passages, lambda doc: structure_units(doc, question), "structure",
                               top_documents, include_non_citable, already, question)
    # for a question asking what the court below decided, a passage the structure needs that retrieval ranked
    # below the first STRUCTURE_KEEP is moved up with them: the opening that reports the decision below shares
    # few of the question's words ("what did the Recorder decide?" ranked it 24th) and a context budget would
    # leave it out (other structural questions keep retrieval's order: moving theirs changed dev's answers)
    deep = [p for p in passages[STRUCTURE_KEEP:] if p.chunk.id in already] if asks_decision_below(question) else []
    if not extra and not deep:
        return passages
    rest = [p for p in passages[after:] if p not in deep]
    merged = passages[:after] + extra + deep + rest
    return [replace(p, rank=i + 1) for i, p in enumerate(merged)]


#: the retrieved passages a structural question keeps where they are; a passage it needs ranked below them is
#: moved up (the recall depth: the first ten are what a reader and the evaluation read first)
STRUCTURE_KEEP = 10


_TITLES: dict[tuple[int, Any], list[tuple[DocumentKind, str, str]]] = {}


def _stored_names(store: Store) -> list[tuple[DocumentKind, str, str, str]]:
    """Each stored document's kind, its words (title, citation, source file name and, for a judgment, its
    opening up to :data:`~pincite.legal.language.JUDGMENT_HEADER_CHARS`: the parties as the header names
    them), its citation flattened, and its title's initials (:func:`_initials`), lower-cased; computed once per
    store generation."""
    key = (id(store), store.generation())
    if key not in _TITLES:
        _TITLES.clear()
        rows = []
        for s in store.list_documents():
            header = ""
            if s.kind == DocumentKind.JUDGMENT:
                try:
                    header = store.get_document(s.id).text[:JUDGMENT_HEADER_CHARS]
                except PinciteError:  # replaced or deleted meanwhile: its title is all there is
                    header = ""
            title = " ".join(re.findall(r"[a-z0-9]+", s.title.lower()))
            words = " ".join(re.findall(r"[a-z0-9]+", " ".join((s.title, s.citation or "", s.source,
                                                                header)).lower()))
            rows.append((s.kind, f" {words} ", re.sub(r"[^a-z0-9]", "", (s.citation or "").lower()),
                         _initials(title)))
        _TITLES[key] = rows
    return _TITLES[key]


def _display(name: str) -> str:
    words = name.split()
    while len(words) > 1 and words[0].lower() in INTERROGATIVES | {"in", "under", "see", "per"}:
        words = words[1:]
    return " ".join(words)


def _acronym(party: str) -> str | None:
    """A party named by its initials only ("BBC", "the NHS"), lower-cased; None otherwise."""
    ws = [w for w in party.split() if w.lower() not in ("the", "r", "re", "in", "under", "see", "per")]
    return ws[0].lower() if len(ws) == 1 and re.fullmatch(r"[A-Z]{2,6}", ws[0]) else None


def _initials(words: str) -> str:
    """The initials of a title's words in order ("british broadcasting corporation" -> "bbc"), then again
    without the small words initials skip (:data:`~pincite.legal.language.INITIALS_SKIP`: "secretary of state
    for work and pensions" -> "sswp")."""
    ws = words.split()
    return ("".join(w[0] for w in ws) + " "
            + "".join(w[0] for w in ws if w not in INITIALS_SKIP))


def _party_named_alone(question: str, rows: list[tuple[DocumentKind, str, str, str]]) -> bool:
    """Whether the question names a stored judgment by one party alone, outside any "X v Y" it holds: a word
    it may name a document by (:func:`~pincite.legal.language.title_words_asked`), not its first word, that one
    stored judgment's title or header holds (or two), and no other document.  The cases it names "X v Y" are then
    authorities that judgment applies ("Applying the Patel v Mirza factor, would refusing Matar his loss be
    proportionate?"), not documents missing from the store."""
    first = re.match(r"\W*(\w+)", question)
    for low in sorted(title_words_asked(NAMED_CASE.sub(" ", question))):
        if first and low == first.group(1).lower():
            continue
        holders = [kind for kind, words, _, _ in rows if f" {low} " in words]
        if 1 <= len(holders) <= 2 and all(k == DocumentKind.JUDGMENT for k in holders):
            return True  # (two: a header may name the other side's counsel or a related case; a judge's name
            # in many headers names no one judgment)
    return False


def _case_stored(m: re.Match[str], rows: list[tuple[Any, ...]]) -> bool | None:
    """Whether a stored document's title or citation names the case ``m`` (:data:`~pincite.legal.language.
    NAMED_CASE`) names: a distinctive word of each party, or a party's initials ("BBC"); None when neither side
    has a distinctive word.  A word of the name may be the start of the title's ("Co-op" for "Co-operative
    Group"); a party named by its initials is the title's words with those initials ("British Broadcasting
    Corporation")."""
    sides = [[w for w in re.findall(r"[a-z0-9]+", m.group(g).lower()) if w not in PARTY_FILLER and len(w) > 1]
             for g in ("a", "b")]
    acronyms = [_acronym(m.group(g)) for g in ("a", "b")]
    named = [([PARTY_SHORT_FORMS.get(w, w) for w in ws], acr) for ws, acr in zip(sides, acronyms) if ws]
    if not named:
        return None
    return any(all(any(f" {w}" in words for w in ws) or (acr and acr in initials) for ws, acr in named)
               for _, words, _, initials in rows)


def unstored_names(store: Store, question: str) -> list[str]:
    """The documents ``question`` names (a case by its parties or its neutral citation, an Act it asks about:
    :data:`~pincite.legal.language.NAMED_CASE`, :data:`~pincite.legal.language.NAMED_NEUTRAL`,
    :data:`~pincite.legal.language.NAMED_ACT`) that no stored document matches, as the question writes them.
    Matching is tolerant: a case matches a stored document whose title or citation holds a distinctive word of
    each party, or a party's initials ("BBC"), or its neutral citation; an Act, a stored document whose title
    holds every word of its name.  A case named beside a stored one ("in Morton v Eastleigh CAB, counsel relied
    on Serco v Wells") is one the stored judgment discusses: only when no case the question names is stored are
    they missing."""
    rows = _stored_names(store)
    missing: list[str] = []
    for m in NAMED_NEUTRAL.finditer(question):
        flat = re.sub(r"[^a-z0-9]", "", f"{m.group('year')}{m.group('court')}{m.group('num')}".lower())
        if not any(flat and flat in cit for _, _, cit, _ in rows):
            case = next((c for c in NAMED_CASE.finditer(question) if c.end() <= m.start() + 2), None)
            uncited = [r for r in rows if not r[2]]  # a document with a citation of its own is not this one
            if case is not None and m.start() - case.end() <= 2 and _case_stored(case, uncited) is True:
                continue  # "MW v SSWP [2022] UKUT 59 (AAC)": stored by its parties, its cover printing no citation
            missing.append(_display(f"{case.group(0)} {m.group(0)}" if case else m.group(0)))
    if missing:
        return missing
    cases_found, cases_missing = 0, []
    for m in NAMED_CASE.finditer(question):
        stored = _case_stored(m, rows)
        if stored is None:
            continue
        if stored:
            cases_found += 1
        else:
            cases_missing.append(_display(m.group(0)))
    if cases_missing and not cases_found and _party_named_alone(question, rows):
        cases_found = 1  # "Applying the Patel v Mirza factor, would refusing Matar …": Matar's case applies it
    if not cases_found:  # a stored case named beside others: those are the cases it discusses, not the question's
        missing += cases_missing
    for m in NAMED_ACT.finditer(question):
        ws = [w for w in re.findall(r"[a-z0-9]+", m.group("name").lower()) if w not in ("the", "of", "and")]
        if not any(all(f" {w} " in words for w in ws) for kind, words, _, _ in rows
                   if kind in (DocumentKind.STATUTE, DocumentKind.OTHER)):
            missing.append(_display(m.group("name")))
    return list(dict.fromkeys(missing))


# -- a provision the question names is read first (issue 52, item 2) -------------------------------------------

#: how a passage read because the question names its provision is marked (``Passage.via``): the ranker
#: quotes it unless a candidate of another provision beats it on evidence
NAMED_VIA = "named"

#: the most passages read for one named unit (a long section with its subsections spans a few)
NAMED_PASSAGES = 8

#: documents that hold provisions a question can name by number (a judgment's paragraphs are named "at [12]")
_PROVISION_KINDS = (DocumentKind.STATUTE, DocumentKind.CONTRACT, DocumentKind.OTHER)


@dataclass(frozen=True, slots=True)
class NamedUnit:
    """A unit a question names: a provision by its number ("s. 42", "section 118(3)", "clause 8.2",
    "Article 3"), or a schedule's item ("Schedule 1, item 4", "paragraph 12 of the Schedule": ``schedule`` its
    number, None for "the Schedule")."""

    key: str
    schedule: str | None = None
    in_schedule: bool = False


def named_units(question: str) -> list[NamedUnit]:
    """The units ``question`` names, in order (:data:`~pincite.legal.citations.PROVISION` and
    :data:`~pincite.legal.citations.SCHEDULE_ITEM`; a provision word inside a schedule's mention is the
    item)."""
    out: list[NamedUnit] = []
    taken: list[tuple[int, int]] = []
    for m in SCHEDULE_ITEM.finditer(question):
        item = provision_key(m.group("item") or m.group("item2") or "")
        if item:
            out.append(NamedUnit(item, m.group("sch") or m.group("sch2"), True))
            taken.append(m.span())
    for m in PROVISION.finditer(question):
        if any(a <= m.start() < b for a, b in taken) or m.group("word").startswith("§"):
            continue
        out.append(NamedUnit(provision_key(m.group("key"))))
    return list(dict.fromkeys(out))


def _schedule_item(label: str | None) -> tuple[str | None, str] | None:
    m = SCHEDULE_ITEM.fullmatch((label or "").strip())
    if m is None:
        return None
    return m.group("sch") or m.group("sch2"), provision_key(m.group("item") or m.group("item2") or "").casefold()


def units_named(doc: Document, named: NamedUnit, day: datetime.date | None) -> list[Unit]:
    """The citable units of ``doc`` that ``named`` names (in force on ``day`` when given)."""
    if named.in_schedule:
        want = named.key.casefold()
        got = [u for u in doc.units if u.citable and (s := _schedule_item(u.label)) is not None
               and s[1] == want and (named.schedule is None or (s[0] or "").casefold() == named.schedule.casefold())]
        if named.schedule is None and len({_schedule_item(u.label)[0] for u in got}) > 1:  # type: ignore[index]
            got = []  # "paragraph 12 of the Schedule" where the Act has several: not one unit
    else:
        got = [u for u in find_units(doc, "provision", named.key)
               if u.citable and u.zone is not Zone.SCHEDULE]
    return [u for u in got if day is None or in_force_on(u, day)]


def _version_in_force(store: Store, ref: DocRef, day: datetime.date | None) -> str:
    """The id of the version of ``ref``'s work in force on ``day`` (``ref`` itself when it has no work)."""
    if not ref.work or day is None:
        return ref.id
    iso = day.isoformat()
    for doc_id, (lo, hi) in version_windows(store, ref.work).items():
        if (lo is None or lo <= iso) and (hi is None or iso < hi):
            return doc_id
    return ref.id


_LABELS: dict[tuple[int, Any], dict[str, set[str]]] = {}


def _index_name(named: NamedUnit) -> str:
    return f"sch:{(named.schedule or '').casefold()}:{named.key.casefold()}" if named.in_schedule \
        else named.key.casefold()


def _label_index(store: Store, refs: dict[str, DocRef]) -> dict[str, set[str]]:
    """Every name a question can give a unit of a stored statute or contract (its full number, its printed
    number, a schedule item as "sch:N:ITEM" and "sch::ITEM"), with the works (or documents) holding one;
    computed once per store generation, so a question naming a provision no earlier tier found does not read
    every document."""
    key = (id(store), store.generation())
    if key not in _LABELS:
        _LABELS.clear()
        index: dict[str, set[str]] = {}
        for r in refs.values():
            if r.kind not in _PROVISION_KINDS:
                continue
            try:
                doc = store.get_document(r.id)
            except NotFound:
                continue
            for u in doc.units:
                if not u.citable:
                    continue
                item = _schedule_item(u.label)
                names = {f"sch:{(item[0] or '').casefold()}:{item[1]}", f"sch::{item[1]}"} if item else \
                    {provision_path(doc, u).casefold(), *(find_names(u) if u.zone is not Zone.SCHEDULE else ())}
                for n in names:
                    index.setdefault(n, set()).add(r.work or r.id)
        _LABELS[key] = index
    return _LABELS[key]


def find_names(u: Unit) -> set[str]:
    """A unit's printed number as :func:`~pincite.answer.citecheck.find_units` reads it ("8.2", "3")."""
    n = re.sub(r"\s+", "", re.sub(r"^\s*(?:s\.|ss\.|sec\.|section|cl\.|clause|art\.|article|§)\s*", "",
                                 u.number or "", flags=re.I)).rstrip(".").casefold()
    return {n} if n and not n.startswith("(") else set()


def _refs(store: Store) -> dict[str, DocRef]:
    return {s.id: DocRef(s.id, s.source, s.title, s.kind, s.citation, s.date, s.work, s.version_date)
            for s in store.list_documents() if not s.copy_of}


def _named_documents(question: str, refs: dict[str, DocRef]) -> list[DocRef]:
    """Stored documents the question names by title (an Act, an agreement): every word of a name it writes
    (:data:`~pincite.legal.citations.INSTRUMENT`) is in the document's title."""
    out: list[DocRef] = []
    for m in INSTRUMENT.finditer(question):
        words = [w for w in re.findall(r"[a-z0-9]+", LEAD_WORDS.sub("", m.group("name")).lower())
                 if w not in ("the", "of", "and")]
        if not words:
            continue
        for r in refs.values():
            title = set(re.findall(r"[a-z0-9]+", r.title.lower()))
            if r.kind in _PROVISION_KINDS and all(w in title for w in words) and r not in out:
                out.append(r)
    return out


def add_named_provisions(store: Store, question: str, passages: list[Passage], scope: list[DocRef],
                         day: datetime.date | None, include_non_citable: bool = False) -> list[Passage]:
    """``passages`` with the passages of the units the question names first (``via`` :data:`NAMED_VIA`): its
    text and its sub-units, in the version in force on ``day``.  The document is the one in scope; else the
    one the question names by title; else the best-ranked retrieved document, when it holds provisions and has
    the unit; else the one stored document (work) that has a unit so named.  A question whose best retrieved
    passage is a judgment's is about what the judgment says of a provision, not the provision: only a document
    in scope or named is read then."""
    wanted = named_units(question)
    if not wanted:
        return passages
    refs = _refs(store)
    top = passages[0].document if passages else None
    about_judgment = top is not None and top.kind not in _PROVISION_KINDS
    tiers: list[list[DocRef]] = [[r for r in scope if r.kind in _PROVISION_KINDS],
                                 _named_documents(question, refs)]
    if not about_judgment:
        tiers.append([top] if top is not None else [])
        holders = _label_index(store, refs)
        works = {w for named in wanted for w in holders.get(_index_name(named), ())}
        tiers.append([r for r in refs.values()
                      if (r.work or r.id) in works and _version_in_force(store, r, day) == r.id])
    found: list[tuple[DocRef, Unit, Document]] = []
    for n, tier in enumerate(tiers):
        hits: dict[str, list[tuple[DocRef, Unit, Document]]] = {}
        for r in tier:
            ref = refs.get(_version_in_force(store, r, day), r)
            try:
                doc = store.get_document(ref.id)
            except NotFound:
                continue
            for named in wanted:
                for u in units_named(doc, named, day):
                    hits.setdefault(ref.work or ref.id, []).append((ref, u, doc))
        if hits and (n < len(tiers) - 1 or about_judgment or len(hits) == 1):
            found = [h for group in hits.values() for h in group]
            break
    if not found:
        return passages
    first: list[Passage] = []
    chunks_of: dict[str, list[Chunk]] = {}
    for ref, unit, doc in found:
        chunks = chunks_of.setdefault(doc.id, store.get_chunks(doc.id))
        inside = [c for c in chunks if c.char_start < unit.char_end and unit.char_start < c.char_end
                  and (c.citable or include_non_citable)]
        for ch in inside[:NAMED_PASSAGES]:
            if ch.id in {p.chunk.id for p in first}:
                continue
            old = next((p for p in passages if p.chunk.id == ch.id), None)
            first.append(replace(old, via=NAMED_VIA) if old is not None
                         else Passage(ch, ref, doc.text[ch.char_start:ch.char_end], 0.0, 0, NAMED_VIA))
    ids = {p.chunk.id for p in first}
    merged = first + [p for p in passages if p.chunk.id not in ids]
    return [replace(p, rank=i + 1) for i, p in enumerate(merged)]


DEFINITION_VIA = "definition"


def add_definition_passages(store: Store, question: str, passages: list[Passage],
                            include_non_citable: bool = False) -> list[Passage]:
    """``passages`` with, first, the passage where the question's defined term is defined (``via``
    :data:`DEFINITION_VIA`), for a question asking what a term means
    (:func:`~pincite.legal.question_kinds.definition_asked`: "how is 'agriculture' defined in the Agricultural
    Wages (Scotland) Act 1949?"): in the best-ranked retrieved statute or contract when the question names none
    or names it, else in the one document it names by title.  The definition shares only the term with the question, and when the term is a word of
    the Act's title every section holds it: retrieval ranks the definition anywhere.  Unchanged when no definition
    is asked or the document defines no such term."""
    term = definition_asked(question)
    if not term or not passages:
        return passages
    refs = _refs(store)
    named = _named_documents(question, refs)
    top = next((p.document for p in passages if p.document.kind in _PROVISION_KINDS), None)
    works = {r.work or r.id for r in named}
    # the retrieved version (retrieval reads the date asked) of the document named, or the one named
    ref = top if top is not None and (not named or (top.work or top.id) in works) else \
        named[0] if len(named) == 1 else top
    if ref is None:
        return passages
    try:
        doc = store.get_document(ref.id)
    except NotFound:
        return passages
    m = defines(term).search(doc.text)
    if m is None:
        return passages
    at = m.start() + (len(m.group(0)) - len(m.group(0).lstrip()))
    chunk = next((c for c in store.get_chunks(doc.id) if c.char_start <= at < c.char_end
                  and (c.citable or include_non_citable)), None)
    if chunk is None:
        return passages
    old = next((p for p in passages if p.chunk.id == chunk.id), None)
    first = replace(old, via=DEFINITION_VIA) if old is not None \
        else Passage(chunk, ref, doc.text[chunk.char_start:chunk.char_end], 0.0, 0, DEFINITION_VIA)
    merged = [first] + [p for p in passages if p.chunk.id != chunk.id]
    return [replace(p, rank=i + 1) for i, p in enumerate(merged)]
