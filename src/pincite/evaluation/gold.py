"""The gold set: reading it (JSON lines, one question each) and resolving each entry against the stored
documents into :class:`Target` spans."""

from __future__ import annotations

import json
import os
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pincite.answer.citecheck import pinpoint_name
from pincite.answer.verify import locate_quote
from pincite.errors import GoldError
from pincite.types import ChoiceEnum, DateError, Document, Unit, parse_date
from pincite.versions import in_force_on as _in_force_on


class GoldKind(ChoiceEnum):
    JUDGMENT = "judgment"
    STATUTE = "statute"
    CONTRACT = "contract"
    NONE = "none"


@dataclass(frozen=True, slots=True)
class GoldRef:
    source: str  # relative to the corpus root
    unit: str  # number or label as printed
    quote: str
    alternatives: tuple["GoldRef", ...] = ()

    def to_json(self) -> dict[str, Any]:
        d: dict[str, Any] = {"source": self.source, "unit": self.unit, "quote": self.quote}
        if self.alternatives:
            d["alternatives"] = [a.to_json() for a in self.alternatives]
        return d


@dataclass(frozen=True, slots=True)
class GoldQuestion:
    id: str
    question: str
    as_of: str | None
    gold: tuple[GoldRef, ...]
    kind: GoldKind
    tags: tuple[str, ...] = ()
    line: int = 0
    scope: tuple[str, ...] = ()  # sources (relative to the corpus root) a multi-document question is asked of


def _gold_ref(obj: Any, where: str, nested: bool = False, parent_source: str | None = None) -> GoldRef:
    if not isinstance(obj, dict):
        raise GoldError(f"{where}: a gold entry must be an object with source, unit and quote")
    if parent_source and "source" not in obj:
        # an alternative that names no source is another place in its entry's document (the writer names the
        # document once)
        obj = {**obj, "source": parent_source}
    missing = [k for k in ("source", "unit", "quote") if not isinstance(obj.get(k), str) or not obj[k].strip()]
    if missing:
        raise GoldError(f"{where}: gold entry lacks {', '.join(missing)} (non-empty strings)")
    alts = obj.get("alternatives") or []
    if nested and alts:
        raise GoldError(f"{where}: an alternative cannot have alternatives of its own")
    if not isinstance(alts, list):
        raise GoldError(f"{where}: 'alternatives' must be a list")
    return GoldRef(obj["source"].strip(), obj["unit"].strip(), obj["quote"],
                   tuple(_gold_ref(a, f"{where} alternative {i + 1}", True, obj["source"].strip())
                         for i, a in enumerate(alts)))


def parse_gold_line(line: str, where: str, n: int = 0) -> GoldQuestion:
    """One gold question from one JSON line (``where`` names it in errors)."""
    try:
        obj = json.loads(line)
    except json.JSONDecodeError as e:
        raise GoldError(f"{where}: not JSON: {e}") from None
    if not isinstance(obj, dict):
        raise GoldError(f"{where}: a gold line must be a JSON object")
    for key in ("id", "question"):
        if not isinstance(obj.get(key), str) or not obj[key].strip():
            raise GoldError(f"{where}: '{key}' must be a non-empty string")
    try:
        kind = GoldKind.parse(str(obj.get("kind")))
    except ValueError as e:
        raise GoldError(f"{where}: {e}") from None
    as_of = obj.get("as_of")
    if as_of is not None:
        try:
            parse_date(as_of)  # YYYY-MM-DD only (the engine reads the string again where it comes in)
        except DateError as e:
            raise GoldError(f"{where}: as_of {e}") from None
    gold = obj.get("gold") or []
    if not isinstance(gold, list):
        raise GoldError(f"{where}: 'gold' must be a list")
    refs = tuple(_gold_ref(g, f"{where} gold {i + 1}") for i, g in enumerate(gold))
    if (kind is GoldKind.NONE) != (not refs):
        raise GoldError(f"{where}: kind 'none' goes with an empty gold list, and only it")
    tags = obj.get("tags") or []
    if not isinstance(tags, list) or not all(isinstance(t, str) for t in tags):
        raise GoldError(f"{where}: 'tags' must be a list of strings")
    scope = obj.get("scope") or []
    if not isinstance(scope, list) or not all(isinstance(x, str) and x.strip() for x in scope):
        raise GoldError(f"{where}: 'scope' must be a list of sources")
    return GoldQuestion(obj["id"], obj["question"], as_of, refs, kind, tuple(tags), n, tuple(scope))


def read_gold(path: str | os.PathLike[str]) -> list[GoldQuestion]:
    """Read and validate a gold file (blank lines and lines starting with ``//`` are skipped)."""
    p = Path(path)
    try:
        lines = p.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as e:
        raise GoldError(f"{p}: cannot read the gold file: {e}") from None
    out: list[GoldQuestion] = []
    seen: set[str] = set()
    for n, line in enumerate(lines, 1):
        if not line.strip() or line.lstrip().startswith("//"):
            continue
        q = parse_gold_line(line, f"{p}:{n}", n)
        if q.id in seen:
            raise GoldError(f"{p}:{n}: duplicate id {q.id!r}")
        seen.add(q.id)
        out.append(q)
    if not out:
        raise GoldError(f"{p}: no questions in the gold file")
    return out


def select_questions(questions: Sequence[GoldQuestion], only: Sequence[str]) -> list[GoldQuestion]:
    """The questions whose id or one of whose tags (or kind) is in ``only`` (all when ``only`` is empty)."""
    if not only:
        return list(questions)
    want = set(only)
    out = [q for q in questions if q.id in want or want & set(q.tags) or q.kind.value in want]
    if not out:
        raise GoldError(f"no question has an id or tag among {sorted(want)}")
    return out


@dataclass(frozen=True, slots=True)
class Target:
    """One place in one stored document where a gold answer is: the unit and the quote inside it."""

    doc_id: str
    source: str
    unit: int  # ordinal
    label: str
    unit_start: int
    unit_end: int
    quote_start: int
    quote_end: int

    def to_json(self) -> dict[str, Any]:
        return {"doc_id": self.doc_id, "source": self.source, "unit": self.unit, "label": self.label,
                "unit_start": self.unit_start, "unit_end": self.unit_end,
                "quote_start": self.quote_start, "quote_end": self.quote_end}


def _norm_path(p: str) -> str:
    return p.replace("\\", "/").lstrip("./")


class DocumentFinder:
    """Stored documents by their source path relative to a corpus root (matched as a path suffix), cached."""

    def __init__(self, store: Any) -> None:
        self.store = store
        self.summaries = store.list_documents()
        self._docs: dict[str, Document] = {}

    def matches(self, source: str) -> list[Any]:
        """The stored documents' summaries whose source is ``source`` or ends with ``/source``."""
        want = _norm_path(source)
        return [s for s in self.summaries
                if _norm_path(s.source) == want or _norm_path(s.source).endswith("/" + want)]

    def find(self, source: str) -> Document:
        hits = self.matches(source)
        if not hits:
            raise GoldError(f"{source}: no stored document has this source (is the corpus ingested?)")
        if len(hits) > 1:
            raise GoldError(f"{source}: {len(hits)} stored documents match; give a longer path")
        return self.get(hits[0].id)

    def get(self, doc_id: str) -> Document:
        if doc_id not in self._docs:
            self._docs[doc_id] = self.store.get_document(doc_id)
        return self._docs[doc_id]

    def versions(self, work: str) -> list[Document]:
        return [self.get(s.id) for s in self.summaries if s.work == work]


def unit_matches_name(u: Unit, name: str) -> bool:
    """Does ``u`` print as ``name`` ("61", "[61]", "s. 4(1)(c)", "cl. 2.1")?  Compared without spaces."""
    squash = "".join(name.split())
    return any(x is not None and "".join(x.split()) == squash for x in (u.number, u.label))


def units_named(units: Sequence[Unit], name: str) -> list[Unit]:
    """The units printed as ``name``; when none is, those a pinpoint ``name`` reads as (the citation checker's
    reading: the kind word and the closing stop aside), so "5" names the clause printed "5." (cl. 5), "9(1)" the
    item "1)" of Article 9 (Art. 9(1)) and "Article V" the Article printed "ARTICLE V." (Art. V).  Ambiguity is
    settled by the quote as for an exact name."""
    named = [u for u in units if unit_matches_name(u, name)]
    if named or not pinpoint_name(name):
        return named
    want = pinpoint_name(name)
    named = [u for u in units if any(x and pinpoint_name(x) == want for x in (u.number, u.label))]
    if named:
        return named
    # a sub-item written the other way: "2(a)" for the item printed "a." under clause 2 (cl. 2.a), "3.1(b)" for
    # cl. 3.1.b — lawyers write a sub-item in brackets whatever the document prints
    named = [u for u in units if any(x and _dotted(pinpoint_name(x)) == _dotted(want) for x in (u.number, u.label))]
    if named:
        return named
    # a heading path: "II.B" is the sub-part B under Part II, which prints only "B" (before the enclosing reading
    # below, which would take Part II for it)
    named = _under_heading_path(units, name)
    if named:
        return named
    # a sub-item the document does not print as a unit of its own ("4(a)" where clause 4's items are run into
    # its text): the unit its name begins with, the quote deciding as for an exact name
    parent = _ENCLOSING.match(want)
    return units_named(units, parent.group(1)) if parent else []


#: a pinpoint's last step: a bracketed item ("(a)", "(iii)") or a dotted one (".a", ".2") after the rest
_ENCLOSING = re.compile(r"^(.+?)(?:\([^()]+\)|\.[a-z0-9]+)$")


def units_under_heading(units: Sequence[Unit], name: str, text: str = "") -> list[Unit]:
    """The units a heading path names where no unit prints the name itself: a US opinion's "II.B" or
    "DISCUSSION, B" is the sub-part B under the part headed II or DISCUSSION (its section path ends so, the
    steps split at dots, commas and spaces); a one-word name ("Decision") is also a block whose first line is
    that heading (given the document's ``text``).  Compared without case; the quote settles ambiguity as for an
    exact name."""
    named = _under_heading_path(units, name)
    if named:
        return named
    want = " ".join(x.casefold() for x in re.split(r"[\s,.]+", name) if x)
    named = [u for u in units if u.number is None and u.label is None and u.char_end > u.char_start
             and text[u.char_start:u.char_end].strip().split("\n", 1)[0].strip().casefold().rstrip(".:") == want]
    if named or not want:
        return named
    # a clause named by its heading, as a writer reads it: "Compensation" for "V. COMPENSATION", "Term" for
    # "VI. TERM AND TERMINATION" (the heading's first words, its number aside)
    return [u for u in units if u.section_path and (_heading_words(u.section_path[-1]) + " ").startswith(want + " ")]


def _heading_words(step: str) -> str:
    """A section path's last step as words, its printed number aside: "VI. TERM AND TERMINATION" → "term and
    termination"."""
    words = [x.casefold() for x in re.split(r"[\s,.:]+", step) if x]
    if words and (re.fullmatch(r"[0-9]+[a-z]?|[ivxlcdm]+|[a-z]", words[0]) or words[0] in ("article", "section")):
        words = words[1:] if words[0] not in ("article", "section") else words[2:]
    return " ".join(words)


def _under_heading_path(units: Sequence[Unit], name: str) -> list[Unit]:
    """The units whose section path ends with the name's steps ("II.B", "DISCUSSION, B"), without case."""
    steps = tuple(x.casefold() for x in re.split(r"[\s,.]+", name) if x)
    if len(steps) < 2:
        return []
    return [u for u in units if len(u.section_path) >= len(steps)
            and tuple(x.casefold() for x in u.section_path[-len(steps):]) == steps]


#: a printed page named as a pinpoint: "p. 7", "page 7", "at 2086"
_PAGE_NAME = re.compile(r"^(?:p\.|page|at)\s*([0-9]+[a-z]?)$", re.IGNORECASE)


def targets_on_page(doc: Document, page: str, quote: str) -> list[Target]:
    """A gold place named by printed page ("p. 7", where the passage has no heading of its own): the units
    whose text holds the quote where it lies on that page; of a part and its sub-part both holding it, the
    innermost (the sub-part is the pinpoint)."""
    spans = [(m.char_start, m.char_end) for m in doc.pages if (m.label or "").strip() == page]
    if not spans:
        return []
    found = []
    for u in doc.units:
        t = _target(doc, u, quote)
        if t is not None and any(a <= t.quote_start < b for a, b in spans):
            found.append(t)
    inner = [t for t in found if not any(o is not t and o.unit_start >= t.unit_start and o.unit_end <= t.unit_end
                                         and (o.unit_start, o.unit_end) != (t.unit_start, t.unit_end)
                                         for o in found)]
    return inner


def _dotted(name: str) -> str:
    """A pinpoint with its bracketed steps written as dotted ones: "2(a)" and "2.a" are one name."""
    return re.sub(r"\(([^()]+)\)", r".\1", name)


def in_force_on(u: Unit, day: str) -> bool:
    return _in_force_on(u, parse_date(day))  # compared as dates


#: emphasis markers a quote copied from a Markdown file's source keeps ("as restated in _Akindele_ ,"): a
#: renderer shows the words without them, and the document's text is what a renderer shows
_EMPHASIS = re.compile(r"(?<![\w*_])[*_]{1,3}(?=[^\s*_])|(?<=[^\s*_])[*_]{1,3}(?![\w*_])")


def _target(doc: Document, u: Unit, quote: str) -> Target | None:
    body = doc.text[u.char_start:u.char_end]
    hit = locate_quote(body, quote)
    if hit is None and (shown := _EMPHASIS.sub("", quote)) != quote:
        hit = locate_quote(body, shown)
    if hit is None:
        return None
    return Target(doc.id, doc.source, u.ordinal, u.label or u.number or "", u.char_start, u.char_end,
                  u.char_start + hit[0], u.char_start + hit[1])


def resolve_ref(finder: DocumentFinder, ref: GoldRef, as_of: str | None, pinned: bool = False) -> list[Target]:
    """The targets of one gold entry (and its alternatives); :class:`GoldError` says why it cannot resolve.

    The unit is found by printed number or label; among several, the one whose text holds the quote (more
    than one is an ambiguity the annotator must fix).  For a document that is a version of a work, the named
    unit must be in force on ``as_of`` (or, without a date, now), and the same provision with the same words in
    every other version in force then is a target too.  ``pinned`` (a question scoped to named documents, e.g.
    each version of an Act) takes the named unit as it is: no in-force check, no other versions."""
    out: list[Target] = []
    for r in (ref, *ref.alternatives):
        out.extend(_resolve_one(finder, r, as_of, pinned))
    return list({(t.doc_id, t.unit): t for t in out}.values())  # an alternative may name a twin copy already


def _resolve_one(finder: DocumentFinder, r: GoldRef, as_of: str | None, pinned: bool = False) -> list[Target]:
    """The named unit first, then the same provision in the other versions in force on ``as_of``."""
    doc = finder.find(r.source)
    named = units_named(doc.units, r.unit) or units_under_heading(doc.units, r.unit, doc.text)
    if named:
        found = [t for u in named if (t := _target(doc, u, r.quote)) is not None]
    elif (page := _PAGE_NAME.match(r.unit.strip())) is not None and doc.pages:
        found = targets_on_page(doc, page.group(1), r.quote)
        if not found:
            raise GoldError(f"{r.source} {r.unit}: no unit holds the quote {r.quote[:60]!r} on that printed page")
    else:
        raise GoldError(f"{r.source}: no unit printed as {r.unit!r}")
    if not found:
        raise GoldError(f"{r.source} {r.unit}: the quote {r.quote[:60]!r} is not in that unit")
    if len(found) > 1:
        raise GoldError(f"{r.source}: {len(found)} units printed as {r.unit!r} hold the quote; use the label")
    t = found[0]
    out = [t]
    u = doc.units[t.unit]
    # the same agreement stored from another file (pincite.twins): its unit of the same name with the quote is
    # the same answer (a search cites one copy of an agreement, whichever file the annotator read)
    for copy_id in doc.copies:
        other = finder.get(copy_id)
        out.extend(next(([ct] for v in other.units if unit_matches_name(v, u.label or r.unit)
                         and (ct := _target(other, v, r.quote)) is not None), []))
    if not doc.work or pinned:
        return out
    # a version of a work: the same provision, same words, in every version in force on the day asked about
    # (without a date, the law now: versions whose provision has no end to its in-force window)
    in_force = (lambda x: in_force_on(x, as_of)) if as_of else (lambda x: not x.in_force_to)
    if not in_force(u):
        raise GoldError(f"{r.source} {r.unit}: not in force {'on ' + as_of if as_of else 'now'} "
                        f"(in force {u.in_force_from or '…'} to {u.in_force_to or 'now'})")
    for other in finder.versions(doc.work):
        for v in other.units:
            if other.id == doc.id and v.ordinal == u.ordinal:
                continue
            if unit_matches_name(v, u.label or r.unit) and in_force(v):
                if (vt := _target(other, v, r.quote)) is not None:
                    out.append(vt)
    return out


@dataclass
class GoldResolution:
    ref: GoldRef
    targets: list[Target] = field(default_factory=list)
    error: str | None = None


def resolve_question(finder: DocumentFinder, q: GoldQuestion) -> list[GoldResolution]:
    out = []
    for ref in q.gold:
        try:
            out.append(GoldResolution(ref, resolve_ref(finder, ref, q.as_of, pinned=bool(q.scope))))
        except GoldError as e:
            out.append(GoldResolution(ref, [], str(e)))
    return out


def check_gold_file(store: Any, questions: Sequence[GoldQuestion]) -> list[str]:
    """Every problem with the gold set against the stored documents: a gold entry that does not resolve (its
    source, unit or quote not found; an ambiguous unit; a provision not in force on ``as_of``)."""
    finder = DocumentFinder(store)
    problems = []
    for q in questions:
        for res in resolve_question(finder, q):
            if res.error:
                problems.append(f"{q.id} (line {q.line}): {res.error}")
    return problems
