"""What each MCP tool does, over one :class:`pincite.Pincite` — plain Python, no MCP SDK (``server.py`` turns these
into tools with schemas; this module is testable without it).

Every method returns the JSON the CLI and the HTTP API print for the same thing (:mod:`pincite.jsonio`,
``Answer.to_json``, ``CheckReport.to_json``), plus what an agent needs to cite: each passage's pinpoint rendered
from the stored metadata (``cite_as``).  Errors are :mod:`pincite.errors`'s, with the CLI's one-line messages.

**Retrieved this session.**  Every passage a client was given (by ``search``, ``read``, or as an ``ask``
citation) is remembered in its :class:`Session`.  ``check_citations`` then says of each citation whether the
words it cites lie in something the client was given: the never-retrieved check of pincite's own generators
(a citation of a passage not given this turn is dropped), for an agent that writes its own text.  A citation
the draft checker finds correct but that the agent never retrieved is a citation from memory.  A
session's record lasts while the session is in use: it is forgotten after
``PINCITE_MCP_SESSION_IDLE_SECONDS`` without a call (default an hour; a stdio process's one session lasts
as long as the process) and, when the spans remembered over all sessions pass ``PINCITE_MCP_RETRIEVED_CAP``,
least recently used first — never by a count of newer sessions, which made a busy server forget a live
session's reading (issue 50).  Clients passing the ids they retrieved was the other design, refused: the
check is worth something because the server, not the client, vouches for what was given.

**Nothing holds the others.**  ``check_citations`` runs in the check process of ``pincite serve``
(:meth:`pincite.library.Pincite.check`, ``isolated=True``: ``PINCITE_CHECK_SECONDS``, killed past it, its own
store connection), with no lock held while it runs; only the library's calls (one store connection, one
retriever, the loaded documents) take :attr:`Tools.lock`, and the session records their own small lock.

**Nothing echoed whole.**  An error never repeats an argument longer than :data:`ECHO_CHARS` characters:
it shows its start, an ellipsis and its length (:func:`shown`, :func:`shorten_echoes`).
"""

from __future__ import annotations

import re
import threading
import time
from collections import OrderedDict
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import quote

from pincite import DEFAULT_K, Hit, Pincite
from pincite.library import (
    CitationResult, document_to_json, env_number, find_units, pinpoint, render_citation, summary_to_json,
    unit_to_json,
)
from pincite.errors import InvalidOption, NotFound, PinciteError
from pincite.types import (
    Document, Unit, UnitKind, Verdict, label_by_order, label_unverified, numbering_verdict, optional_date,
    unit_id,
)

UNIT_ID = re.compile(r"^(?P<doc>.+):u(?P<ordinal>\d+)$")
#: How much text of a neighbour or parent unit ``read`` shows (the unit itself is always whole).
CONTEXT_CHARS = 1200
#: Spans remembered per session (its oldest forgotten first): a long session stays bounded.
MAX_SPANS = 20000
#: A session's record is forgotten after this long without a call (0: never); the SDK forgets an idle HTTP
#: session after 30 minutes, so an hour outlives any session a client can still use.
SESSION_IDLE_ENV = "PINCITE_MCP_SESSION_IDLE_SECONDS"
DEFAULT_SESSION_IDLE_SECONDS = 3600.0
#: Spans remembered over all sessions, each session counting one more (about 250 bytes each: some 50 MB);
#: past it the least recently used sessions are forgotten, the calling one never.
RETRIEVED_CAP_ENV = "PINCITE_MCP_RETRIEVED_CAP"
DEFAULT_RETRIEVED_CAP = 200_000
#: The key of the one session of a stdio process (or of the stateless HTTP protocol): it lives as long as the
#: process, so idleness never ends it.
PROCESS_SESSION = "process"
#: The most characters of an argument an error message repeats.
ECHO_CHARS = 200
#: The agent profile: search's default and largest page (an agent reads ten passages, then pages on), the
#: deepest a page may start (``offset + k`` stays within what one search ranks: AskOptions' bound of k), the
#: characters of a passage a compact hit shows, and the units one ``read`` of a document gives by default and
#: at most.
SEARCH_K = 10
SEARCH_DEPTH = 50
SNIPPET_CHARS = 300
READ_UNITS = 20
READ_UNITS_MAX = 100
#: Where the MCP server's document resources are (``pincite://document/{id}``).
RESOURCE_URI = "pincite://document"
#: The units a page of the ``pincite://document/{id}`` resource lists by default and at most: metadata without
#: text, about 0.6 KB a statute's section and 1 KB a judgment's paragraph, so a default page is some 15-30 KB
#: where the whole was up to 417 KB (lab/notes/engineering.md, issue 51), as read's page of 20 units with text.
RESOURCE_UNITS = 25
RESOURCE_UNITS_MAX = 200
#: Documents kept loaded between calls (rendering a pinpoint needs the document's units).
MAX_DOCUMENTS = 32


def shown(value: str) -> str:
    """``value`` as an error message repeats it: its repr when short, else the repr of its first
    :data:`ECHO_CHARS` characters, an ellipsis and its length."""
    if len(value) <= ECHO_CHARS:
        return repr(value)
    return f"{value[:ECHO_CHARS]!r}… ({len(value):,} characters)"


def _strings(value: object) -> Iterable[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from _strings(k)
            yield from _strings(v)
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from _strings(v)


def shorten_echoes(message: str, arguments: object) -> str:
    """``message`` with every argument of ``arguments`` (strings, in lists and dicts) longer than
    :data:`ECHO_CHARS` characters replaced by :func:`shown`'s form, quoted or not."""
    for v in sorted({v for v in _strings(arguments) if len(v) > ECHO_CHARS}, key=len, reverse=True):
        if v in message or repr(v) in message:
            message = message.replace(repr(v), shown(v)).replace(v, shown(v))
    return message


@dataclass
class Session:
    """What one client was given: (document id, start, end) spans of passages and units, in order; when it
    last called."""

    spans: OrderedDict[tuple[str, int, int], None] = field(default_factory=OrderedDict)
    used: float = 0.0

    def give(self, doc_id: str, start: int, end: int) -> int:
        """Remember a span; returns how many more spans are remembered (0 or 1)."""
        before = len(self.spans)
        self.spans[(doc_id, start, end)] = None
        self.spans.move_to_end((doc_id, start, end))
        while len(self.spans) > MAX_SPANS:
            self.spans.popitem(last=False)
        return len(self.spans) - before

    def covers(self, doc_id: str, start: int, end: int) -> bool:
        """True when some span given lies over ``start..end`` of ``doc_id`` (an empty span: contains it)."""
        for d, s, e in self.spans:
            if d == doc_id and s < max(end, start + 1) and start < e:
                return True
        return False


class Tools:
    """The tools, over one library.  The library's calls are serialised by :attr:`lock` (one store connection,
    one retriever, the loaded documents); a draft's check runs in a limited child process, holding no lock;
    the session records have their own lock, always taken after :attr:`lock`, never before.

    ``idle_seconds`` and ``retrieved_cap`` bound the session records (default: ``$PINCITE_MCP_SESSION_IDLE_
    SECONDS``, ``$PINCITE_MCP_RETRIEVED_CAP``); ``check_seconds`` a draft's check (default:
    ``$PINCITE_CHECK_SECONDS``)."""

    def __init__(self, library: Pincite, *, idle_seconds: float | None = None,
                 retrieved_cap: int | None = None, check_seconds: float | None = None) -> None:
        self.library = library
        self.lock = threading.Lock()
        self.idle_seconds = env_number(SESSION_IDLE_ENV, DEFAULT_SESSION_IDLE_SECONDS, zero=None) if idle_seconds is None \
            else idle_seconds
        self.retrieved_cap = int(env_number(RETRIEVED_CAP_ENV, DEFAULT_RETRIEVED_CAP, whole=True, zero=None)) \
            if retrieved_cap is None else retrieved_cap
        self.check_seconds = check_seconds
        self._sessions_lock = threading.Lock()
        self._sessions: OrderedDict[str, Session] = OrderedDict()  # least recently used first
        self._remembered = 0  # spans over all sessions, each session counting one more
        self._docs: OrderedDict[str, Document] = OrderedDict()
        self._generation: int | None = None

    # -- sessions and documents --------------------------------------------------------------------------

    def session(self, key: str) -> Session:
        """``key``'s record, made if new, marked used now; records idle past :attr:`idle_seconds` forgotten.
        The caller holds the sessions' lock (:meth:`give`, :meth:`_retrieved`)."""
        now = time.monotonic()
        if self.idle_seconds > 0:  # least recently used first: the idle ones lead
            idle = []
            for k, s in self._sessions.items():
                if now - s.used <= self.idle_seconds:
                    break
                if k != PROCESS_SESSION:
                    idle.append(k)
            for k in idle:
                self._forget(k)
        s = self._sessions.get(key)
        if s is None:
            s = self._sessions[key] = Session()
            self._remembered += 1
        s.used = now
        self._sessions.move_to_end(key)
        return s

    def _forget(self, key: str) -> None:
        s = self._sessions.pop(key)
        self._remembered -= len(s.spans) + 1

    def give(self, key: str, spans: Iterable[tuple[str, int, int]]) -> None:
        """Remember that ``key``'s session was given ``spans``; past :attr:`retrieved_cap`, forget the least
        recently used other sessions."""
        with self._sessions_lock:
            s = self.session(key)
            for doc_id, start, end in spans:
                self._remembered += s.give(doc_id, start, end)
            while self._remembered > self.retrieved_cap and len(self._sessions) > 1:
                self._forget(next(iter(self._sessions)))  # the calling session is the last: never this one

    def remembered(self) -> tuple[int, int]:
        """(sessions, spans) remembered now."""
        with self._sessions_lock:
            return len(self._sessions), self._remembered - len(self._sessions)

    def _fresh(self) -> None:
        """Forget what was loaded when the store has changed since (an ingest or a removal by another process)."""
        gen = self.library.generation()
        if gen != self._generation:
            self._docs.clear()
            self._generation = gen

    def _document(self, doc_id: str) -> Document:
        self._fresh()
        doc = self._docs.get(doc_id)
        if doc is None:  # an id from a passage: no name to resolve (Pincite.show would list every document)
            doc = self._docs[doc_id] = self.library.document(doc_id)
            while len(self._docs) > MAX_DOCUMENTS:
                self._docs.popitem(last=False)
        self._docs.move_to_end(doc_id)
        return doc

    def _cite_as(self, doc: Document, ordinals: tuple[int, ...] | list[int]) -> list[str]:
        return [render_citation(doc, doc.units[o]) for o in ordinals if doc.units[o].citable]

    # -- the tools ---------------------------------------------------------------------------------------

    def search(self, key: str, query: str, k: int = SEARCH_K, as_of: str | None = None,
               kinds: list[str] | None = None, documents: list[str] | None = None,
               works: list[str] | None = None, offset: int = 0, detail: str = "compact") -> dict[str, Any]:
        """One page of the ranking: the passages ranked ``offset+1`` to ``offset+k`` (at most
        :data:`SEARCH_DEPTH` deep), compact unless ``detail="full"``; ``next_offset`` the next page's start
        (None at the end)."""
        depth = min(offset + k, SEARCH_DEPTH)
        with self.lock:
            ranked = self.library.search(query, k=depth, as_of=as_of, kinds=kinds or (),
                                         documents=documents or (), works=works or ())
            passages = ranked[offset:depth]
            out = [self._hit(p) if detail == "full" else self._brief_hit(p) for p in passages]
            self.give(key, [(p.document.id, p.chunk.char_start, p.chunk.char_end) for p in passages])
            more = len(ranked) == depth and depth < SEARCH_DEPTH
            return {"query": query, "as_of": as_of, "offset": offset, "next_offset": depth if more else None,
                    "passages": out}

    def _brief_hit(self, p: Hit) -> dict[str, Any]:
        """A hit as an agent needs it first: what to read and how to cite it, the start of its words, and the
        facts that change what it may be cited for (its zone, a judge's role: a dissent, and whether the document
        vouches for its labels)."""
        full = self._hit(p)
        text = full["text"]
        doc = full["document"]
        return {"passage_id": full["passage_id"], "pinpoint": full["pinpoint"], "cite_as": full["cite_as"],
                "document": {"id": doc["id"], "title": doc["title"], "citation": doc.get("citation"),
                             "version_date": doc.get("version_date")},
                "zone": full.get("zone"), "role": full.get("role"), "citable": full.get("citable"),
                "label_verified": full["label_verified"],
                # the document's numbering verdict, and the labels it denies: a pinpoint's trust, never trimmed
                "numbering": full["numbering"], "unverified_units": full["unverified_units"],
                "text": text[:SNIPPET_CHARS], "truncated": len(text) > SNIPPET_CHARS}

    def _hit(self, p: Hit) -> dict[str, Any]:
        hit = self.relative(p.to_json())
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
             unit: str | None = None, offset: int | None = None, limit: int | None = None) -> dict[str, Any]:
        with self.lock:
            if document and not unit and not passage_id:
                return self._document_page(key, document, offset or 0, limit or READ_UNITS)
            if passage_id:
                doc, start, end, units = self._passage(passage_id)
            elif document and unit:
                doc = self.library.show(document)  # a name: resolved as every command resolves one
                u = self._unit(doc, unit)
                start, end, units = u.char_start, u.char_end, [u]
            else:
                raise PinciteError("read needs a passage_id (from search), or a document and a unit "
                                   "(a label such as '[14]' or 's. 4(1)(c)', or a unit id "
                                   "'<document id>:u12'), "
                                   "or a document alone (its units a page at a time: offset, limit)")
            self.give(key, [(doc.id, start, end)])
            return self._reading(doc, start, end, units, passage_id)

    def _document_page(self, key: str, document: str, offset: int, limit: int) -> dict[str, Any]:
        """Units ``offset`` to ``offset + limit`` of a document (by ordinal), each whole with its text and
        citation: a long document read a page at a time.  The caller holds :attr:`lock`."""
        doc = self._document(self.library.show(document).id)
        units = doc.units[offset:offset + min(limit, READ_UNITS_MAX)]
        self.give(key, [(doc.id, u.char_start, u.char_end) for u in units])
        end = offset + len(units)
        return {
            "document": self._about(doc),
            "offset": offset, "total_units": len(doc.units),
            "next_offset": end if end < len(doc.units) else None,
            "units": [unit_to_json(doc.id, u) | {"text": doc.unit_text(u),
                                                 "cite_as": self._cite_as(doc, [u.ordinal])[:1] or None}
                      for u in units],
        }

    def _about(self, doc: Document) -> dict[str, Any]:
        """What ``read`` says of the document it reads from (its source relative to the store)."""
        return {"id": doc.id, "source": self.library.relative_source(doc.source), "title": doc.title,
                "citation": doc.citation, "kind": doc.kind.value,
                "version_date": (doc.version or {}).get("date"), "numbering": numbering_verdict(doc)}

    def _passage(self, passage_id: str) -> tuple[Document, int, int, list[Unit]]:
        chunk = self.library.passage(passage_id)
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

        chunks = [c for c in self.library.passages(doc.id) if c.char_start < end and start < c.char_end]
        return {
            "document": self._about(doc),
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

    def ask(self, key: str, question: str, as_of: str | None = None, documents: list[str] | None = None,
            kinds: list[str] | None = None, works: list[str] | None = None,
            k: int = DEFAULT_K, detail: str = "compact") -> dict[str, Any]:
        """The answer's JSON; compact unless ``detail="full"``: without the ranked passages it read
        (``retrieved``: their count), its trace and its settings."""
        with self.lock:
            answer = self.library.ask(question, as_of=as_of, documents=documents or (), kinds=kinds or (),
                                      works=works or (), k=k)
            chunks = [c.candidate.cp.passage.chunk for c in [*answer.citations, *answer.leads]
                      if c.candidate.cp is not None]
            # what was shown to the client, with its words (leads too: they are shown with their pinpoints)
            self.give(key, [(c.doc_id, c.char_start, c.char_end) for c in chunks])
            out = self.relative(answer.to_json())
            if detail != "full":
                out["retrieved"] = len(out.get("retrieved") or [])
                for heavy in ("trace", "settings"):
                    out.pop(heavy, None)
            return out

    def check_citations(self, key: str, text: str, as_of: str | None = None) -> dict[str, Any]:
        # what Pincite.check does, in the check process 'pincite serve' uses (its time limit, its own store
        # connection): no lock is held while it runs, so every other session's calls go on (issue 50)
        report = self.library.check(text.encode("utf-8"), source="agent-draft.txt",
                                    as_of=optional_date(as_of), isolated=True, seconds=self.check_seconds)
        out = self.relative(report.to_json())
        never = 0
        with self._sessions_lock:
            session = self.session(key)
            given = [self._given(session, r) for r in report.results]
        for g, j in zip(given, out["citations"]):
            j["retrieved"] = g
            if g is False:
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

    def summaries(self) -> list[Any]:
        """Every stored document's summary (the resources' list)."""
        with self.lock:
            return self.library.documents()

    def documents(self, kinds: list[str] | None = None) -> dict[str, Any]:
        """The stored documents, of any of ``kinds`` when given."""
        with self.lock:
            rows = self.library.documents(kinds=kinds or ())
            return self.relative({"documents": [summary_to_json(s) for s in rows]})

    def versions(self, work: str) -> dict[str, Any]:
        with self.lock:
            key, rows = self.library.versions(work)
            return self.relative({"work": key, "versions": [summary_to_json(s) for s in rows]})

    def document_resource(self, document: str, offset: int = 0,
                          limit: int = RESOURCE_UNITS) -> dict[str, Any]:
        """``pincite://document/{id}``: the document's metadata and a page of its units (no text: ``read``
        gives a unit's), units ``offset`` to ``offset + limit`` by ordinal, as ``GET /api/documents/{id}``
        pages them: ``page`` says which units, of how many, and the URIs of the next and previous pages."""
        if isinstance(offset, bool) or not isinstance(offset, int) or offset < 0:
            raise InvalidOption("offset", f"{offset!r} is not a whole number at least 0")
        if isinstance(limit, bool) or not isinstance(limit, int) or not 1 <= limit <= RESOURCE_UNITS_MAX:
            raise InvalidOption("limit", f"{limit!r} is not a whole number from 1 to {RESOURCE_UNITS_MAX}")
        with self.lock:
            doc = self.library.show(document)
            out = self.relative(document_to_json(doc, with_text=False, page=(offset, limit)))
        uri, total = f"{RESOURCE_URI}/{quote(doc.id, safe='')}", len(doc.units)
        after, before = offset + limit, max(0, offset - limit)
        out["page"]["next"] = f"{uri}?offset={after}&limit={limit}" if after < total else None
        out["page"]["previous"] = f"{uri}?offset={before}&limit={limit}" if offset > 0 else None
        return out

    def relative(self, value: Any) -> Any:
        """``value`` (a tool's JSON) with every stored document's ``source`` shown relative to the store, in
        its messages too (:meth:`pincite.library.Pincite.relative_json`): the server's filesystem is not the
        client's."""
        return self.library.relative_json(value)
