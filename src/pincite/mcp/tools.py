"""What each MCP tool does, over one :class:`pincite.Pincite` — plain Python, no MCP SDK (``server.py`` turns these
into tools with schemas; this module is testable without it).

Every method returns the JSON the CLI and the HTTP API print for the same thing (:mod:`pincite.jsonio`,
``Answer.to_json``, ``CheckReport.to_json``), plus what an agent needs to cite: each passage's pinpoint rendered
from the stored metadata (``cite_as``).  Errors are :mod:`pincite.errors`'s, with the CLI's one-line messages.

**Retrieved this session.**  Every passage a client was given (by ``search``, ``read``, or as an ``ask``
citation) is remembered in its :class:`Session`.  ``check_citations`` then says of each citation whether the
words it cites lie in something the client was given: the never-retrieved check of pincite's own generators
(a citation of a passage not given this turn is dropped), for an agent that writes its own text.  A citation
the draft checker finds correct but that the agent never retrieved is a citation from memory.
"""

from __future__ import annotations

import re
import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from pincite.library import (
    Checker, CitationResult, DEFAULTS, Hit, Pincite, Verdict, check_file, find_units, pinpoint,
    render_citation,
)
from pincite.errors import NotFound, PinciteError
from pincite.jsonio import document_to_json, summary_to_json, unit_to_json
from pincite.types import (
    Document, Unit, UnitKind, label_by_order, label_unverified, numbering_verdict, optional_date, unit_id,
)

#: A passage id is its chunk id: ``<document id>:c<start>-<end>`` (``w`` for the window chunker).
PASSAGE_ID = re.compile(r"^(?P<doc>.+):[cw](?P<start>\d+)-(?P<end>\d+)$")
UNIT_ID = re.compile(r"^(?P<doc>.+):u(?P<ordinal>\d+)$")
#: How much text of a neighbour or parent unit ``read`` shows (the unit itself is always whole).
CONTEXT_CHARS = 1200
#: Spans remembered per session, and sessions kept (oldest forgotten first): a long session stays bounded.
MAX_SPANS = 20000
MAX_SESSIONS = 256
#: Documents kept loaded between calls (rendering a pinpoint needs the document's units).
MAX_DOCUMENTS = 32


@dataclass
class Session:
    """What one client was given: (document id, start, end) spans of passages and units, in order."""

    spans: OrderedDict[tuple[str, int, int], None] = field(default_factory=OrderedDict)

    def give(self, doc_id: str, start: int, end: int) -> None:
        self.spans[(doc_id, start, end)] = None
        self.spans.move_to_end((doc_id, start, end))
        while len(self.spans) > MAX_SPANS:
            self.spans.popitem(last=False)

    def covers(self, doc_id: str, start: int, end: int) -> bool:
        """True when some span given lies over ``start..end`` of ``doc_id`` (an empty span: contains it)."""
        for d, s, e in self.spans:
            if d == doc_id and s < max(end, start + 1) and start < e:
                return True
        return False


class Tools:
    """The tools, over one library.  Calls are serialised (one store connection, one retriever)."""

    def __init__(self, library: Pincite) -> None:
        self.library = library
        self.lock = threading.Lock()
        self._sessions: OrderedDict[str, Session] = OrderedDict()
        self._docs: OrderedDict[str, Document] = OrderedDict()
        self._generation: int | None = None
        self._checker: Checker | None = None

    # -- sessions and documents --------------------------------------------------------------------------

    def session(self, key: str) -> Session:
        s = self._sessions.get(key)
        if s is None:
            s = self._sessions[key] = Session()
            while len(self._sessions) > MAX_SESSIONS:
                self._sessions.popitem(last=False)
        self._sessions.move_to_end(key)
        return s

    def _fresh(self) -> None:
        """Forget what was loaded when the store has changed since (an ingest or a removal by another process)."""
        gen = self.library.store.generation()
        if gen != self._generation:
            self._docs.clear()
            self._checker = None
            self._generation = gen

    def _document(self, doc_id: str) -> Document:
        self._fresh()
        doc = self._docs.get(doc_id)
        if doc is None:  # an id from a passage: no name to resolve (Pincite.show would list every document)
            doc = self._docs[doc_id] = self.library.store.get_document(doc_id)
            while len(self._docs) > MAX_DOCUMENTS:
                self._docs.popitem(last=False)
        self._docs.move_to_end(doc_id)
        return doc

    def _cite_as(self, doc: Document, ordinals: tuple[int, ...] | list[int]) -> list[str]:
        return [render_citation(doc, doc.units[o]) for o in ordinals if doc.units[o].citable]

    # -- the tools ---------------------------------------------------------------------------------------

    def search(self, key: str, query: str, k: int = DEFAULTS.k, as_of: str | None = None, kind: list[str] | None = None,
               documents: list[str] | None = None) -> dict[str, Any]:
        with self.lock:
            passages = self.library.search(query, k=k, as_of=as_of, kinds=kind or (), documents=documents or ())
            session = self.session(key)
            out = []
            for p in passages:
                session.give(p.document.id, p.chunk.char_start, p.chunk.char_end)
                out.append(self._hit(p))
            return {"query": query, "as_of": as_of, "passages": out}

    def _hit(self, p: Hit) -> dict[str, Any]:
        hit = p.to_json()
        doc = self._document(p.document.id)
        hit["pinpoint"] = p.label
        # the self-check's verdict on the document's labels; a label it does not vouch for is cited by order
        hit["numbering"] = numbering_verdict(doc)
        doubtful = [doc.units[o] for o in p.chunk.units if doc.units[o].citable
                    and (label_unverified(doc.units[o]) or label_by_order(doc.units[o]))]
        hit["label_verified"] = not doubtful
        if doubtful:
            hit["pinpoint"] = pinpoint(doc, doubtful[0])
        c = p.chunk
        # units inside the passage whose labels the document contradicts: never to be cited by those labels
        hit["unverified_units"] = [u.label for u in doc.units if label_unverified(u)
                                   and c.char_start <= u.char_start < c.char_end]
        hit["cite_as"] = self._cite_as(doc, p.chunk.units)
        return hit

    def read(self, key: str, passage_id: str | None = None, document: str | None = None,
             unit: str | None = None) -> dict[str, Any]:
        with self.lock:
            if passage_id:
                doc, start, end, units = self._passage(passage_id)
            elif document and unit:
                doc = self.library.show(document)  # a name: resolved as every command resolves one
                u = self._unit(doc, unit)
                start, end, units = u.char_start, u.char_end, [u]
            else:
                raise PinciteError("read needs a passage_id (from search), or a document and a unit "
                                   "(a label such as '[14]' or 's. 4(1)(c)', or a unit id '<document id>:u12')")
            self.session(key).give(doc.id, start, end)
            return self._reading(doc, start, end, units, passage_id)

    def _passage(self, passage_id: str) -> tuple[Document, int, int, list[Unit]]:
        m = PASSAGE_ID.match(passage_id.strip())
        found = self.library.store.get_chunks_by_id([passage_id.strip()]) if m else {}
        if not found:
            raise NotFound(f"no passage {passage_id!r} in {self.library.store.path}: passage ids come from "
                           "search (or read), and change when a document is re-ingested with new text")
        chunk, _ = found[passage_id.strip()]
        doc = self._document(chunk.doc_id)
        return doc, chunk.char_start, chunk.char_end, [doc.units[o] for o in chunk.units]

    def _unit(self, doc: Document, name: str) -> Unit:
        wanted = name.strip()
        m = UNIT_ID.match(wanted)
        if m and m["doc"] == doc.id and int(m["ordinal"]) < len(doc.units):
            return doc.units[int(m["ordinal"])]
        exact = [u for u in doc.units if u.label and u.label.strip() == wanted]
        found = exact or find_units(doc, "paragraph", wanted) or find_units(doc, "provision", wanted)
        found = [u for u in found if u.kind is not UnitKind.HEADING] or found
        if not found:
            labels = [u.label for u in doc.units if u.label][:12]
            raise NotFound(f"{doc.title or doc.source} has no unit {name!r} (its units are labelled like "
                           f"{', '.join(repr(x) for x in labels)}; unit ids look like '{doc.id}:u0')")
        return found[0]

    def _reading(self, doc: Document, start: int, end: int, units: list[Unit],
                 passage_id: str | None) -> dict[str, Any]:
        first, last = units[0] if units else None, units[-1] if units else None

        def brief(u: Unit | None) -> dict[str, Any] | None:
            if u is None:
                return None
            text = doc.unit_text(u)
            return {"unit_id": unit_id(doc.id, u.ordinal), "label": u.label, "kind": u.kind.value,
                    "text": text[:CONTEXT_CHARS], "truncated": len(text) > CONTEXT_CHARS}

        def sibling(u: Unit | None, step: int) -> Unit | None:
            """The unit before (or after) ``u`` under the same parent, headings skipped."""
            if u is None:
                return None
            same = [x for x in doc.units if x.parent == u.parent and x.kind is not UnitKind.HEADING]
            i = next((n for n, x in enumerate(same) if x.ordinal == u.ordinal), None)
            if i is None or not 0 <= i + step < len(same):
                return None
            return same[i + step]

        chunks = [c for c in self.library.store.get_chunks(doc.id) if c.char_start < end and start < c.char_end]
        return {
            "document": {"id": doc.id, "source": doc.source, "title": doc.title, "citation": doc.citation,
                         "kind": doc.kind.value, "version_date": (doc.version or {}).get("date"),
                         "numbering": numbering_verdict(doc)},
            "passage_id": passage_id,
            "passage_ids": [c.id for c in chunks],
            "char_start": start, "char_end": end,
            "text": doc.text[start:end],
            "units": [unit_to_json(doc.id, u) for u in units],
            "cite_as": self._cite_as(doc, [u.ordinal for u in units]),
            "parent": brief(doc.units[first.parent] if first is not None and first.parent is not None else None),
            "previous": brief(sibling(first, -1)),
            "next": brief(sibling(last, +1)),
        }

    def ask(self, key: str, question: str, as_of: str | None = None, scope: list[str] | None = None) -> dict[str, Any]:
        with self.lock:
            answer = self.library.ask(question, as_of=as_of, documents=scope or ())
            session = self.session(key)
            for c in [*answer.citations, *answer.leads]:  # what was shown to the client, with its words
                chunk = c.candidate.cp.passage.chunk if c.candidate.cp is not None else None
                if chunk is not None:
                    session.give(chunk.doc_id, chunk.char_start, chunk.char_end)
            return answer.to_json()

    def check_citations(self, key: str, text: str, as_of: str | None = None) -> dict[str, Any]:
        with self.lock:
            # what Pincite.check does, with one Checker kept across calls: it keeps the documents it resolved and
            # the words of their units, so a server's second draft costs a tenth of its first (bench/NOTES.md)
            self._fresh()
            if self._checker is None:
                self._checker = Checker(self.library.store)
            report = check_file(self.library.store, text.encode("utf-8"), "agent-draft.txt", optional_date(as_of),
                                self._checker)
            session = self.session(key)
            out = report.to_json()
            never = 0
            for r, j in zip(report.results, out["citations"]):
                given = self._given(session, r)
                j["retrieved"] = given
                if given is False:
                    never += 1
                    j["retrieved_detail"] = ("nothing this session searched or read holds these words: search "
                                             "or read the unit before citing it (a citation from memory)")
            out["never_retrieved"] = never
            out["all_ok"] = report.all_ok and never == 0
            return out

    @staticmethod
    def _given(session: Session, r: CitationResult) -> bool | None:
        """Was the cited text given to this session?  None when the citation names nothing stored."""
        if r.document is None or r.verdict is Verdict.UNRESOLVED:
            return None
        span = r.quote_span or ((r.unit.char_start, r.unit.char_end) if r.unit is not None else None)
        if span is None:
            return None
        return session.covers(r.document.id, *span)

    def documents(self, kind: str | None = None) -> dict[str, Any]:
        with self.lock:
            return {"documents": [summary_to_json(s) for s in self.library.documents(kind=kind)]}

    def versions(self, work: str) -> dict[str, Any]:
        with self.lock:
            key, rows = self.library.versions(work)
            return {"work": key, "versions": [summary_to_json(s) for s in rows]}

    def document_resource(self, document: str) -> dict[str, Any]:
        """``pincite://document/{id}``: the document's metadata and units (no text: ``read`` gives a unit's)."""
        with self.lock:
            return document_to_json(self.library.show(document), with_text=False)
