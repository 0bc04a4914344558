"""In-force windows across the versions of one work, and "what did provision KEY say on DATE".

A *work* is one Act (or bill) stored as several documents, one per version (a point-in-time
consolidation, a compilation "as amended through", a bill stage).  Every unit a parser emits for a
statute carries ``attrs["key"]``, stable across versions ("4(1)(c)"), and, where the source says so,
``attrs["in_force_start"]``: the date its current text has been in force.

:func:`refresh_work` lines the versions up by date and, key by key, splits the history of a provision
into *text versions*: runs of consecutive documents in which the provision reads the same.  Each text
version gets one window ``[in_force_from, in_force_to)`` and every unit in the run gets that window:

* ``in_force_from`` is the provision's own in-force date when the source gives one, else the date of
  the first document that shows this text;
* ``in_force_to`` is where the next text version starts: the new text's own in-force date when it is
  known and falls after the old text's start and no later than the document that first shows it (a
  source that dates the new text, e.g. T-2 s. 4(1)(c) "22" from 2021-06-29, ends the old text that very
  day), else the date of the document that first shows the change.  A provision missing from a later
  version ends at that version's date; one still present in the last version stays open (None).

The next version starts exactly where the previous one ends, so the windows of one provision never
overlap and leave no gap.  The result depends only on the stored documents (never on windows already
written), so versions may arrive in any order and re-running is idempotent.  Bills (versions with a
``stage``) are not law in force: their units are left without windows.
"""

from __future__ import annotations

import datetime
import difflib
import re
from collections.abc import Iterable
from dataclasses import dataclass

from pincite.errors import NotFound, PinciteError
from pincite.store import DocumentSummary, Store
from pincite.types import Document, Unit, parse_date, stored_date

_WS = re.compile(r"\s+")
_KEY_PREFIX = re.compile(r"^\s*(?:s\.|ss\.|sec\.|section)\s*", re.I)


@dataclass(frozen=True, slots=True)
class TextVersion:
    """One text of one provision, with the documents (and their unit ordinals) that show it."""

    key: str
    text: str
    in_force_from: str | None
    in_force_to: str | None
    members: tuple[tuple[str, int], ...]  # (doc_id, unit ordinal), oldest document first


@dataclass(frozen=True, slots=True)
class _Version:
    doc: Document
    date: str | None


def version_date(doc: Document | DocumentSummary) -> str | None:
    """The date a version speaks as of: ``version["date"]``, else the document's date."""
    if isinstance(doc, DocumentSummary):
        return doc.version_date or doc.date
    return (doc.version or {}).get("date") or doc.date


def version_windows(store: Store, work: str) -> dict[str, tuple[str | None, str | None]]:
    """Each version of ``work`` speaks from its date to the next version's date (the last: open, None), in
    version order (by date, then id).  The one computation of version windows: the search indexes read the
    first version as in force from the beginning (:func:`pincite.search.indexes.iter_rows`), an answer shows
    each window as dated."""
    dated = sorted(((version_date(s) or "", s.id) for s in store.list_documents(work=work)))
    out: dict[str, tuple[str | None, str | None]] = {}
    for i, (d, doc_id) in enumerate(dated):
        out[doc_id] = (d or None, (dated[i + 1][0] or None) if i + 1 < len(dated) else None)
    return out


def normalize_key(key: str) -> str:
    """'s. 4(1)(c)' and '4 (1) (c)' both become '4(1)(c)'; definition keys keep their quoted term."""
    key = _KEY_PREFIX.sub("", key.strip())
    if '"' in key:
        head, _, rest = key.partition('"')
        return f'{_WS.sub("", head)} "{rest}'
    return _WS.sub("", key)


def comparable_text(doc: Document, unit: Unit) -> str:
    """The unit's words with whitespace collapsed: what must differ for a provision to have changed."""
    return _WS.sub(" ", doc.unit_text(unit)).strip()


def _load_versions(store: Store, work: str) -> list[_Version]:
    docs = [store.get_document(s.id) for s in store.list_documents(work=work)]
    versions = [_Version(d, version_date(d)) for d in docs]
    # undated versions last; ties broken by source so the order never depends on arrival
    versions.sort(key=lambda v: (v.date is None, v.date or "", v.doc.source))
    return versions


def is_bill(doc: Document) -> bool:
    return bool((doc.version or {}).get("stage"))


def compute_text_versions(docs: Iterable[Document]) -> list[TextVersion]:
    """Split each provision's history into text versions with non-overlapping windows (see module doc)."""
    versions = [_Version(d, version_date(d)) for d in docs]
    versions.sort(key=lambda v: (v.date is None, v.date or "", v.doc.source))
    by_key: dict[str, list[tuple[int, Document, Unit]]] = {}
    for i, v in enumerate(versions):
        for u in v.doc.units:
            key = u.attrs.get("key")
            if key:
                by_key.setdefault(key, []).append((i, v.doc, u))
    out: list[TextVersion] = []
    for key, occurrences in by_key.items():
        # runs of consecutive versions with the same text
        runs: list[list[tuple[int, Document, Unit, str]]] = []
        for i, doc, u in occurrences:
            text = comparable_text(doc, u)
            last = runs[-1][-1] if runs else None
            if last is not None and last[0] == i - 1 and last[3] == text:
                runs[-1].append((i, doc, u, text))
            else:
                runs.append([(i, doc, u, text)])
        starts: list[str | None] = []
        for run in runs:
            first_i, _, first_unit, _ = run[0]
            own = first_unit.attrs.get("in_force_start")
            doc_date = versions[first_i].date
            start = own or doc_date
            if start and doc_date and start > doc_date:
                start = doc_date  # a consolidation only shows text in force on its own date
            starts.append(start)
        for r, run in enumerate(runs):
            last_i = run[-1][0]
            end: str | None
            if last_i + 1 >= len(versions):
                end = None  # still in the latest version
            else:
                next_date = versions[last_i + 1].date
                follows = r + 1 < len(runs) and runs[r + 1][0][0] == last_i + 1
                end = next_date
                if follows:
                    new_start = starts[r + 1]
                    if new_start and (starts[r] is None or new_start > starts[r]) and (
                        next_date is None or new_start <= next_date
                    ):
                        end = new_start
            if r + 1 < len(runs):
                nxt = starts[r + 1]
                if runs[r + 1][0][0] == last_i + 1:
                    starts[r + 1] = end  # the next text starts exactly where this one ends
                elif end is not None and (nxt is None or nxt < end):
                    starts[r + 1] = end  # re-enacted after a gap: never before the old text ended
            if end is not None and starts[r] is not None and end <= starts[r]:
                # the source dates this text after the change that replaced it: trust the document dates
                starts[r] = versions[run[0][0]].date
            out.append(TextVersion(
                key=key, text=run[0][3], in_force_from=starts[r], in_force_to=end,
                members=tuple((doc.id, u.ordinal) for _, doc, u, _ in run),
            ))
    return out


def refresh_work(store: Store, work: str) -> int:
    """Recompute the in-force windows of every unit of every stored version of ``work``.

    Called by ingest after each document with a ``work`` is stored.  Returns the number of units whose
    window changed (0 on a re-run)."""
    versions = _load_versions(store, work)
    laws = [v.doc for v in versions if not is_bill(v.doc)]
    if not laws:
        return 0
    windows: list[tuple[str, int, str | None, str | None]] = []
    for tv in compute_text_versions(laws):
        for doc_id, ordinal in tv.members:
            windows.append((doc_id, ordinal, tv.in_force_from, tv.in_force_to))
    return store.set_in_force_windows(windows)


def in_force_on(unit: Unit, day: datetime.date) -> bool:
    """Whether ``day`` is in the unit's window ``[in_force_from, in_force_to)``, compared as dates (an open or
    unreadable bound does not limit it)."""
    lo, hi = stored_date(unit.in_force_from), stored_date(unit.in_force_to)
    return (lo is None or lo <= day) and (hi is None or day < hi)


def provision_as_of(store: Store, work: str, key: str, date: datetime.date | str,
                    loaded: Iterable[Document] | None = None) -> tuple[Document, Unit] | None:
    """What provision ``key`` of ``work`` said on ``date`` (a date, or ``YYYY-MM-DD``): the document and unit
    in force that day.

    Among the versions that show the same text that day, the latest one dated on or before ``date`` is
    returned (else the earliest).  None when no stored version has the provision in force on that date,
    including dates before the earliest known text.  ``loaded``: the work's versions, when the caller has
    them already (a draft check asks of one work many times)."""
    day = parse_date(date)
    want = normalize_key(key)
    candidates: list[tuple[datetime.date | None, Document, Unit]] = []
    if loaded is not None:
        versions = [_Version(d, version_date(d)) for d in loaded]
        versions.sort(key=lambda v: (v.date is None, v.date or "", v.doc.source))
    else:
        versions = _load_versions(store, work)
    for v in versions:
        since = stored_date(v.date)
        for u in v.doc.units:
            k = u.attrs.get("key")
            if k is None or normalize_key(k) != want:
                continue
            if u.in_force_from is None and u.in_force_to is None and since is not None and day < since:
                continue  # no window known: only from the version's own date onwards
            if in_force_on(u, day):
                candidates.append((since, v.doc, u))
    if not candidates:
        return None
    before = [c for c in candidates if c[0] is not None and c[0] <= day]
    pick = max(before, key=lambda c: c[0] or datetime.date.min) if before else candidates[0]
    return pick[1], pick[2]


# -- finding a work by the names a user knows --------------------------------------------------------------

_NOT_WORD = re.compile(r"[\W_]+")


@dataclass(frozen=True, slots=True)
class Work:
    """One work as a user knows it: pincite's key (``ca/act/T-2``), the short code the key ends with (``T-2``;
    ``89/304`` for US Public Law 89-304), the titles and citations its versions carry, and their dates."""

    key: str
    code: str
    titles: tuple[str, ...]  # the latest version's first
    citations: tuple[str, ...]
    dates: tuple[str, ...]  # the versions' dates, oldest first

    def names(self) -> list[str]:
        """Every name :func:`resolve_work` takes for this work: the key, each trailing run of its segments
        ("T-2", "hr/2157", "116/hr/2157"), each title and each citation."""
        parts = self.key.split("/")
        return [self.key, *("/".join(parts[i:]) for i in range(1, len(parts))), *self.titles, *self.citations]

    def describe(self) -> str:
        """'T-2 · Tax Court of Canada Act · R.S.C. 1985, c. T-2'."""
        return " · ".join(dict.fromkeys([self.code, *self.titles[:1], *self.citations[:1]]))

    def span(self) -> str:
        """'4 versions, 2018-06-21 to 2026-03-26'."""
        n = len(self.dates)
        if n <= 1:
            return f"1 version, {self.dates[0]}" if n else ""
        return f"{n} versions, {self.dates[0]} to {self.dates[-1]}"


def works_of(rows: Iterable[DocumentSummary]) -> list[Work]:
    """The works among stored documents (``store.list_documents()``), by key."""
    by_key: dict[str, list[DocumentSummary]] = {}
    for s in rows:
        if s.work:
            by_key.setdefault(s.work, []).append(s)
    out = []
    for key, docs in sorted(by_key.items()):
        docs.sort(key=lambda s: (version_date(s) or "", s.source))
        latest_first = docs[::-1]
        parts = key.split("/")
        out.append(Work(
            key=key, code="/".join(parts[2:]) or key,
            titles=tuple(dict.fromkeys(s.title for s in latest_first if s.title)),
            citations=tuple(dict.fromkeys(s.citation for s in latest_first if s.citation)),
            dates=tuple(d for d in (version_date(s) for s in docs) if d),
        ))
    return out


def loose_name(name: str) -> str:
    """A name without case, spacing or punctuation: 'R.S.C. 1985, c. T-2' and 'rsc 1985 c t2' are one."""
    return _NOT_WORD.sub("", name.casefold())


_TITLE_WORD = re.compile(r"[\w'’]+")
#: words a name may leave out of a title it names ("Companies Act" for "The Companies Act")
_FILLER = frozenset({"the", "of", "and"})


def names_title(name: str, title: str, *, run_together: bool = True) -> bool:
    """Whether ``name`` names the document titled ``title`` loosely: the title holds each of its words
    ('Ipek v Koza Altin' names 'HAMDI AKIN IPEK v KOZA ALTIN ISLETMELERI AS'), or (``run_together``) holds
    it with case, spacing and punctuation aside.  The one reading of a name against a title, for the draft
    checker and for a name a user gives (:func:`pincite.scope.resolve_document`, whole words only: '[2020]
    EWCA Civ 10' must not name Civ 1018)."""
    if not title:
        return False
    words = set(_TITLE_WORD.findall(name.casefold())) - _FILLER
    if words and words <= set(_TITLE_WORD.findall(title.casefold())):
        return True
    return run_together and loose_name(name) in loose_name(title)


def resolve_work(store: Store, name: str) -> Work:
    """The work ``name`` means: its key, short code, title or citation, case and punctuation aside.

    Raises :class:`NotFound` naming the closest works when none matches, and :class:`PinciteError` listing
    them when the name fits several."""
    works = works_of(store.list_documents())
    wanted = name.strip()
    exact = [w for w in works if w.key.casefold() == wanted.casefold()]
    if exact:
        return exact[0]
    loose = loose_name(wanted)
    hits = [w for w in works if loose and any(loose_name(n) == loose for n in w.names())]
    if len(hits) == 1:
        return hits[0]
    if hits:
        raise PinciteError(f"{name!r} names several works: "
                           + "; ".join(f"{w.key} ({w.describe()})" for w in hits) + "; give the key")
    close = _close_works(works, loose)
    if close:
        hint = "did you mean " + "; ".join(f"{w.key} ({w.describe()})" for w in close) + "?"
    elif works:
        more = ", …" if len(works) > 12 else ""
        hint = "the stored works are " + ", ".join(w.key for w in works[:12]) + more
    else:
        hint = "no versioned documents (statutes or bills) are stored"
    raise NotFound(f"no versions of a work named {name!r} are stored; {hint} ('pincite documents' lists the "
                   "works with their keys)")


def _close_works(works: list[Work], loose: str, n: int = 5) -> list[Work]:
    """Works with a name like ``loose`` (a typo), or one that contains it ('Privacy' for 'Privacy Act')."""
    if not loose:
        return []
    names = {loose_name(x): w for w in works for x in w.names()}
    cutoff = 0.5 if len(loose) <= 4 else 0.6  # 'T-3' for 'T-2': one character of two differs
    found = [names[x] for x in difflib.get_close_matches(loose, list(names), n=n, cutoff=cutoff)]
    if len(loose) >= 3:
        found += [w for x, w in names.items() if loose in x]
    return list(dict.fromkeys(found))[:n]
