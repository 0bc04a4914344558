"""What a user means by a document or a work they name (``--document``, ``--work``, ``show``, ``audit``, the API's
``documents`` scope): one reading for every command, so that a name that finds nothing is said, never answered as
an empty scope.

A document is named by its id, any spelling of its source path (relative, absolute, through a linked folder), its
file name when only one stored document has it, or its title or citation when only one has it.  A work (the
versions of an Act or bill) by :func:`pincite.versions.resolve_work`.  A name that fits none, or several, raises
:class:`~pincite.errors.UnknownName` naming the closest documents.
"""

from __future__ import annotations

import difflib
import os
from dataclasses import replace
from typing import Iterable

from pincite.errors import PinciteError, UnknownName
from pincite.store import DocumentSummary, Store, lookup_keys
from pincite.types import SearchFilters
from pincite.versions import loose_name, names_title, resolve_work


def _describe(s: DocumentSummary) -> str:
    return f"{s.id} ({s.title or os.path.basename(s.source)})"


def resolve_document(store: Store, name: str, rows: list[DocumentSummary] | None = None) -> DocumentSummary:
    """The stored document ``name`` means (see the module's docstring); ``rows``: the store's summaries, when the
    caller has them already."""
    rows = store.list_documents() if rows is None else rows
    wanted = name.strip()
    for s in rows:
        if s.id == wanted:
            return s
    keys = set(lookup_keys(wanted))
    by_path = [s for s in rows if s.source in keys]
    if by_path:
        return by_path[0] if len(by_path) == 1 else _ambiguous(name, by_path)
    base = os.path.basename(wanted.rstrip("/" + os.sep)).casefold()
    by_file = [s for s in rows if base and os.path.basename(s.source).casefold() == base]
    if by_file:
        return by_file[0] if len(by_file) == 1 else _ambiguous(name, by_file)
    loose = loose_name(wanted)
    by_name = [s for s in rows if loose and loose in {loose_name(s.title or ""), loose_name(s.citation or "")}]
    if by_name:
        return by_name[0] if len(by_name) == 1 else _ambiguous(name, by_name)
    # a case as a lawyer names it, by words of its title and citation ('Ipek v Koza Altin', with or without
    # '[2020] EWCA Civ 1018'), as the draft checker reads a name (versions.names_title), whole words only
    titled = [s for s in rows if loose and names_title(wanted, f"{s.title or ''} {s.citation or ''}",
                                                       run_together=False)]
    if titled:
        return titled[0] if len(titled) == 1 else _ambiguous(name, titled)
    raise UnknownName(f"no stored document is named {name!r}; " + _closest(rows, wanted)
                      + " ('pincite documents' lists them with their ids)")


def _ambiguous(name: str, hits: list[DocumentSummary]) -> DocumentSummary:
    canonical = [s for s in hits if not s.copy_of]
    if len(canonical) == 1 and all(s.copy_of == canonical[0].id for s in hits if s.copy_of):
        return canonical[0]  # the files of one agreement (pincite.twins): its canonical copy
    shown = "; ".join(_describe(s) for s in hits[:8]) + ("; …" if len(hits) > 8 else "")
    raise UnknownName(f"{name!r} names {len(hits)} stored documents: {shown}; give an id or a longer path")


def _closest(rows: list[DocumentSummary], wanted: str, n: int = 5) -> str:
    if not rows:
        return "the store holds no documents"
    names: dict[str, DocumentSummary] = {}
    for s in rows:
        for x in (os.path.basename(s.source), s.title or "", s.citation or "", s.id):
            if x:
                names.setdefault(x.casefold(), s)
    target = os.path.basename(wanted).casefold() or wanted.casefold()
    close = [names[x] for x in difflib.get_close_matches(target, list(names), n=n, cutoff=0.5)]
    close += [s for x, s in names.items() if len(target) >= 4 and target in x]
    close = list(dict.fromkeys(close))[:n]
    if not close:
        return "none is close"
    return "did you mean " + "; ".join(_describe(s) for s in close) + "?"


def resolve_documents(store: Store, names: Iterable[str]) -> tuple[str, ...]:
    """The ids of the documents ``names`` mean, in order, once each."""
    names = list(names)
    if not names:
        return ()
    rows = store.list_documents()
    return tuple(dict.fromkeys(resolve_document(store, n, rows).id for n in names))


def resolve_filters(store: Store, filters: SearchFilters) -> SearchFilters:
    """``filters`` with each named document as its id and each named work as its key; raises
    :class:`~pincite.errors.UnknownName` (or :class:`~pincite.errors.NotFound` for a work) for a name that fits
    nothing, instead of a scope that silently holds nothing."""
    documents = resolve_documents(store, filters.documents + filters.sources)
    try:
        works = tuple(dict.fromkeys(resolve_work(store, w).key for w in filters.works))
    except PinciteError as e:  # no such work, or several: the same usage error as an unknown document
        raise UnknownName(str(e)) from None
    return replace(filters, documents=documents, sources=(), works=works)
