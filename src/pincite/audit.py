"""The chunk audit: any pipeline's chunks beside the document's own units, with the bugs-in-waiting flagged.

A chunk *claims* a pinpoint: our chunks claim the units they were cut from; the window baseline claims the
paragraph it starts in; another pipeline's chunk claims whatever number/page its metadata says.  The audit
checks each claim against the document's structure:

* ``crosses-unit``     the chunk starts or ends inside a unit and runs past it
* ``wrong-number``     the chunk holds text outside the unit(s) it claims (the neighbour-paragraph bug)
* ``mixed-zone``       citable and non-citable text (or two zones) in one chunk, e.g. headnote with reasons
* ``mixed-judge``      reasons of two judges or two roles in one chunk, e.g. dissent with majority
* ``number-from-page`` the claimed number is a printed page label there, not a unit number
* ``mixed-version``    units with different in-force windows in one chunk
* ``not-found`` / ``ambiguous``  an external chunk given only as text that is absent from, or repeated in,
  the document
"""

from __future__ import annotations

import bisect
import json
import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from pincite.errors import PinciteError
from pincite.types import ChoiceEnum, Chunk, Document, Unit, UnitKind


class FindingKind(ChoiceEnum):
    CROSSES_UNIT = "crosses-unit"
    WRONG_NUMBER = "wrong-number"
    MIXED_ZONE = "mixed-zone"
    MIXED_JUDGE = "mixed-judge"
    NUMBER_FROM_PAGE = "number-from-page"
    MIXED_VERSION = "mixed-version"
    NOT_FOUND = "not-found"
    AMBIGUOUS = "ambiguous"


@dataclass(frozen=True, slots=True)
class ChunkClaim:
    """One chunk as a pipeline produced it.  ``units`` (ordinals) is an exact claim; ``number``/``page`` are
    what another pipeline's metadata says.  ``char_start``/``char_end`` may be None when only text is known."""

    index: int
    text: str | None
    char_start: int | None
    char_end: int | None
    units: tuple[int, ...] | None = None
    number: str | None = None
    page: str | None = None


@dataclass(frozen=True, slots=True)
class Finding:
    kind: FindingKind
    detail: str


@dataclass(frozen=True, slots=True)
class AuditedChunk:
    index: int
    char_start: int | None
    char_end: int | None
    claimed: str | None  # the pinpoint the chunk claims, as shown
    units: tuple[int, ...]  # innermost units the chunk's text touches
    findings: tuple[Finding, ...]


@dataclass
class AuditReport:
    """The chunk audit of one document: every chunk located in its text (``pincite audit``)."""

    doc_id: str
    source: str
    pipeline: str
    chunks: list[AuditedChunk] = field(default_factory=list)

    @property
    def flagged(self) -> list[AuditedChunk]:
        return [c for c in self.chunks if c.findings]

    def counts(self) -> dict[str, int]:
        by = Counter(f.kind.value for c in self.chunks for f in c.findings)
        return {k.value: by.get(k.value, 0) for k in FindingKind}

    def summary(self) -> dict[str, Any]:
        n = len(self.chunks)
        wrong = sum(1 for c in self.chunks if any(f.kind is FindingKind.WRONG_NUMBER for f in c.findings))
        return {
            "document": self.doc_id, "source": self.source, "pipeline": self.pipeline, "chunks": n,
            "flagged": len(self.flagged), "by_kind": self.counts(),
            "wrong_number_share": (wrong / n) if n else 0.0,
        }


# -- locating units ---------------------------------------------------------------------------------


class UnitIndex:
    """Answers 'which units does [s, e) touch' for properly nested units, in O(log n + k)."""

    def __init__(self, doc: Document) -> None:
        self.doc = doc
        self.units = [u for u in doc.units]
        self.starts = [u.char_start for u in self.units]
        self.by_ord = {u.ordinal: u for u in self.units}
        self.has_children = {u.parent for u in self.units if u.parent is not None}

    def touching(self, s: int, e: int) -> list[Unit]:
        """Non-heading units sharing non-whitespace text with [s, e)."""
        text = self.doc.text
        out: dict[int, Unit] = {}
        j = bisect.bisect_right(self.starts, s) - 1
        cand = self.units[j] if j >= 0 else None
        while cand is not None:  # ancestors of the last unit starting at or before s that contain s
            if cand.char_end > s:
                out[cand.ordinal] = cand
            cand = self.by_ord.get(cand.parent) if cand.parent is not None else None
        k = bisect.bisect_left(self.starts, e)
        for u in self.units[max(j + 1, 0) : k]:
            out[u.ordinal] = u
        res = []
        for u in out.values():
            if u.kind is UnitKind.HEADING:
                continue
            a, b = max(s, u.char_start), min(e, u.char_end)
            if b > a and text[a:b].strip():
                res.append(u)
        return sorted(res, key=lambda u: u.ordinal)

    def innermost(self, units: list[Unit]) -> list[Unit]:
        ords = {u.ordinal for u in units}
        parents = {u.parent for u in units if u.parent in ords}
        return [u for u in units if u.ordinal not in parents]

    def descendants_and_self(self, u: Unit) -> list[Unit]:
        return [x for x in self.units if u.char_start <= x.char_start and x.char_end <= u.char_end]


def _norm_number(s: str) -> str:
    s = s.strip()
    s = re.sub(r"^(para(graph)?s?\.?|¶|§|s\.|sec(tion)?\.?|cl(ause)?\.?|art(icle)?\.?|part)\s*", "", s, flags=re.I)
    return s.strip("[]() .").lower()


def _outside(text: str, s: int, e: int, spans: list[tuple[int, int]]) -> str:
    """The non-whitespace text of [s, e) that lies outside every span (for messages)."""
    spans = sorted(spans)
    out, cur = [], s
    for a, b in spans:
        if b <= cur or a >= e:
            continue
        if a > cur:
            out.append(text[cur:a])
        cur = max(cur, b)
    if cur < e:
        out.append(text[cur:e])
    return " ".join(" ".join(out).split())


def _label(u: Unit) -> str:
    return u.label or u.number or f"unit {u.ordinal}"


# -- the audit ---------------------------------------------------------------------------------------


def audit_chunks(doc: Document, claims: Iterable[ChunkClaim], pipeline: str = "external") -> AuditReport:
    """Audit chunk claims against ``doc``'s structure."""
    idx = UnitIndex(doc)
    text = doc.text
    report = AuditReport(doc_id=doc.id, source=doc.source, pipeline=pipeline)
    for claim in claims:
        findings: list[Finding] = []
        s, e = claim.char_start, claim.char_end
        if s is None or e is None:
            if not claim.text:
                findings.append(Finding(FindingKind.NOT_FOUND, "chunk has neither offsets nor text"))
                report.chunks.append(AuditedChunk(claim.index, None, None, claim.number, (), tuple(findings)))
                continue
            s, e, f = locate_text(text, claim.text)
            if f:
                findings.append(f)
            if s is None or e is None:
                report.chunks.append(AuditedChunk(claim.index, None, None, claim.number, (), tuple(findings)))
                continue
        elif not (0 <= s <= e <= len(text)):
            findings.append(Finding(FindingKind.NOT_FOUND, f"offsets [{s}, {e}) lie outside the document"))
            report.chunks.append(AuditedChunk(claim.index, s, e, claim.number, (), tuple(findings)))
            continue
        touched = idx.touching(s, e)
        inner = idx.innermost(touched)
        # crosses-unit: partly inside a unit, partly outside it
        for u in touched:
            us, ue = u.char_start, u.char_end
            chunk_in_unit = us <= s and e <= ue
            unit_in_chunk = not _outside(text, us, ue, [(s, e)])
            if not chunk_in_unit and not unit_in_chunk:
                findings.append(Finding(FindingKind.CROSSES_UNIT, f"cuts {_label(u)} and runs past it"))
                break
        # wrong-number: text outside the claimed unit(s)
        claimed_units: list[Unit] = []
        claimed_label: str | None = None
        if claim.units is not None:
            claimed_units = [idx.by_ord[o] for o in claim.units if o in idx.by_ord]
            claimed_label = ", ".join(_label(u) for u in claimed_units) or None
        elif claim.number is not None:
            want = _norm_number(claim.number)
            claimed_label = claim.number
            claimed_units = [u for u in touched if (u.number and _norm_number(u.number) == want)
                             or (u.label and _norm_number(u.label) == want)]
            if not claimed_units:
                names = ", ".join(_label(u) for u in inner) or "no numbered unit"
                what = f"claims {claim.number!r}" if claim.number else "claims no number"
                if claim.number or any(u.number for u in inner):
                    findings.append(Finding(FindingKind.WRONG_NUMBER, f"{what} but its text is in {names}"))
        if claimed_units:
            stray = _outside(text, s, e, [(u.char_start, u.char_end) for u in claimed_units])
            if stray:
                others = [u for u in inner if all(not (c.char_start <= u.char_start and u.char_end <= c.char_end)
                                                  for c in claimed_units)]
                where = ", ".join(_label(u) for u in others) or "text outside any unit"
                findings.append(Finding(FindingKind.WRONG_NUMBER,
                                        f"claims {claimed_label} but also holds {where}: {stray[:60]!r}"))
        # zones, judges, versions of the innermost units touched
        zones = {(u.zone.value, u.citable) for u in inner}
        if len(zones) > 1:
            findings.append(Finding(FindingKind.MIXED_ZONE, "mixes " + " and ".join(
                sorted(f"{z}{'' if c else ' (not citable)'}" for z, c in zones))))
        judges = {(u.author, u.role.value if u.role else None) for u in inner if u.zone.value == "reasons"}
        if len(judges) > 1:
            findings.append(Finding(FindingKind.MIXED_JUDGE, "mixes " + " and ".join(
                sorted(f"{a or 'unknown'} ({r or 'role unknown'})" for a, r in judges))))
        windows = {(u.in_force_from, u.in_force_to) for u in inner if u.in_force_from or u.in_force_to}
        if len(windows) > 1:
            findings.append(Finding(FindingKind.MIXED_VERSION, "mixes in-force windows " + ", ".join(
                sorted(f"[{a or '…'}, {b or 'now'})" for a, b in windows))))
        # number-from-page
        if claim.number is not None and claim.units is None:
            want = _norm_number(claim.number)
            page_labels = {_norm_number(p.label) for p in doc.pages if p.label and p.char_start < e
                           and p.char_end > s}
            page_labels |= {_norm_number(x) for u in inner for x in (u.page_start, u.page_end) if x}
            if claim.page is not None and _norm_number(claim.page) == want:
                page_labels.add(want)
            unit_numbers = {_norm_number(u.number) for u in touched if u.number}
            if want in page_labels and want not in unit_numbers:
                findings.append(Finding(FindingKind.NUMBER_FROM_PAGE,
                                        f"claims {claim.number!r}, which is the printed page here"))
        report.chunks.append(AuditedChunk(claim.index, s, e, claimed_label, tuple(u.ordinal for u in inner),
                                          tuple(findings)))
    return report


def locate_text(doc_text: str, chunk_text: str) -> tuple[int | None, int | None, Finding | None]:
    """Find an external chunk's text in the document (exact first, then whitespace-insensitive)."""
    hits = _find_all(doc_text, chunk_text)
    if not hits:
        hits = _find_all_ws(doc_text, chunk_text)
    if not hits:
        return None, None, Finding(FindingKind.NOT_FOUND, "the chunk's text does not occur in the document")
    if len(hits) > 1:
        s, e = hits[0]
        return s, e, Finding(FindingKind.AMBIGUOUS,
                             f"the chunk's text occurs {len(hits)} times; offsets cannot be told (first used)")
    return hits[0][0], hits[0][1], None


def _find_all(hay: str, needle: str) -> list[tuple[int, int]]:
    out, i = [], hay.find(needle)
    while i >= 0 and needle:
        out.append((i, i + len(needle)))
        i = hay.find(needle, i + 1)
    return out


def _find_all_ws(hay: str, needle: str) -> list[tuple[int, int]]:
    words = needle.split()
    if not words:
        return []
    pattern = r"\s+".join(re.escape(w) for w in words)
    return [(m.start(), m.end()) for m in re.finditer(pattern, hay)]


# -- claims from chunkers and files ------------------------------------------------------------------


def claims_from_chunks(chunks: Iterable[Chunk]) -> list[ChunkClaim]:
    """Our structural chunks claim their units; the window baseline claims the number it starts in."""
    out = []
    for i, c in enumerate(chunks):
        if c.chunker.value == "window":
            out.append(ChunkClaim(i, None, c.char_start, c.char_end, None, c.claimed_number or "", None))
        else:
            out.append(ChunkClaim(i, None, c.char_start, c.char_end, c.units))
    return out


def claims_from_jsonl(lines: Iterable[str], source: str) -> list[ChunkClaim]:
    """Parse another pipeline's chunks: one JSON object per line with ``text`` and optionally
    ``char_start``/``char_end``, ``number`` and ``page`` (also read from a nested ``metadata`` object)."""
    out = []
    for n, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            obj = json.loads(line)
        except json.JSONDecodeError as e:
            raise PinciteError(f"{source}:{n}: not JSON: {e.msg}") from None
        if not isinstance(obj, dict):
            raise PinciteError(f"{source}:{n}: expected a JSON object")
        meta = obj.get("metadata") if isinstance(obj.get("metadata"), dict) else {}
        get = lambda k: obj.get(k, meta.get(k))  # noqa: E731
        text = get("text") or get("page_content")
        s, e = get("char_start"), get("char_end")
        if s is None and get("start_index") is not None and text is not None:
            s, e = int(get("start_index")), int(get("start_index")) + len(text)
        number, page = get("number"), get("page")
        out.append(ChunkClaim(
            index=len(out), text=text, char_start=int(s) if s is not None else None,
            char_end=int(e) if e is not None else None,
            number=str(number) if number is not None else None, page=str(page) if page is not None else None,
        ))
    return out
