"""The MCP server: :class:`pincite.mcp.tools.Tools` as MCP tools (with JSON schemas an agent reads) and each
stored document as the resource ``pincite://document/{id}``, on the official ``mcp`` SDK's ``MCPServer``.

Arguments are checked against each tool's advertised schema before the tool runs (an unknown argument, a
wrong type, a value out of range: refused with one line naming the argument); a pincite error is an MCP tool
error (``isError``) carrying the one-line message the CLI prints after ``error:``.  No error repeats an argument
longer than 200 characters (:func:`pincite.mcp.tools.shorten_echoes`), and over stdio a request line longer than
:data:`MAX_REQUEST_BYTES` is refused as it is read, never held whole (:func:`run_stdio`); the HTTP transport
refuses a body over the same cap (:mod:`pincite.mcp.http`).
"""

from __future__ import annotations

import json
import os
import re
import sys
import threading
from typing import IO, Annotated, Any, Literal

import anyio
import anyio.to_thread
import jsonschema
from mcp.server.mcpserver import Context, MCPServer
from mcp.server.stdio import stdio_server
from mcp.server.mcpserver.exceptions import ResourceError, ToolError, UnexpectedToolError
from mcp.shared.exceptions import MCPError
from mcp.types import CallToolResult, Resource, TextContent, Tool, ToolAnnotations
from pydantic import Field

from pincite import Pincite
from pincite.errors import InvalidOption, PinciteError
from pincite.library import spec
from pincite.mcp.tools import (
    ECHO_CHARS, PROCESS_SESSION, READ_UNITS, READ_UNITS_MAX, RESOURCE_UNITS, RESOURCE_UNITS_MAX, RESOURCE_URI,
    SEARCH_DEPTH, SEARCH_K, Tools, shorten_echoes, shown,
)
from pincite.types import DocumentKind

INSTRUCTIONS = (
    "pincite holds the user's legal documents (judgments, statutes with their versions, contracts) and checks "
    "citations to them. Cite only what you searched or read here: search (or documents) to find passages, read "
    "the unit you will cite, quote its words exactly, and call check_citations on your draft before you show "
    "it. Fix every citation whose verdict is not 'ok' or whose 'retrieved' is false."
)

Kind = Literal[tuple(k.value for k in DocumentKind)]  # type: ignore[valid-type]
Name = Annotated[str, Field(min_length=1, max_length=500)]
#: search's k: what ask retrieves (AskOptions' declaration of k: its default and its bounds)
K = spec("k")
#: The largest request a client may send (a JSON-RPC message: over stdio a line, over HTTP a body), the SDK's
#: own HTTP default: check_citations' longest draft (200,000 characters) is under a megabyte of JSON.
MAX_REQUEST_BYTES = 4 * 1024 * 1024
#: The longest error message returned (a net under shorten_echoes: five schema complaints fit well within it).
MAX_ERROR_CHARS = 2000
IsoDate = Annotated[str | None, Field(pattern=r"^\d{4}-\d{2}-\d{2}$", description=(
    "Only law in force on this date (YYYY-MM-DD): a statute's version of that day. Omit for today."))]


# the scope of a search or a question, by AskOptions' names (one vocabulary with Python, the CLI and HTTP)
Kinds = Annotated[list[Kind] | None, Field(max_length=6, description="Only these kinds of document.")]
Documents = Annotated[list[Name] | None, Field(max_length=spec("documents").max_items, description=(
    "Only these documents (ids from documents, titles, citations, or case names: 'Ipek v Koza Altin')."))]
Works = Annotated[list[Name] | None, Field(max_length=spec("works").max_items, description=(
    "Only the versions of these works (a statute's key, short code, title or citation)."))]


Detail = Annotated[Literal["compact", "full"], Field(description=(
    "compact (the default): what an agent needs to read and cite; full: every field of the CLI's --json."))]
#: Every tool only reads the user's library (check_citations reads a draft it is given): nothing is changed,
#: a call may be repeated, and nothing outside the library is reached.
READ_ONLY = ToolAnnotations(read_only_hint=True, destructive_hint=False, idempotent_hint=True,
                            open_world_hint=False)


def _object(required: dict[str, str | list[str]], **more: Any) -> dict[str, Any]:
    """An output schema: an object with these keys of these JSON types (more keys allowed: a ``full``
    result carries every field of the CLI's JSON)."""
    props = {k: {"type": t} for k, t in required.items()} | more
    return {"type": "object", "required": list(required), "properties": props}


_DOCUMENT = _object({"id": "string", "title": ["string", "null"]})
_HIT = _object({"passage_id": "string", "pinpoint": ["string", "null"], "cite_as": "array", "text": "string",
                "document": "object"}, document=_DOCUMENT)
_PAGE = {"offset": {"type": "integer"}, "next_offset": {"type": ["integer", "null"]}}
#: Each tool's output schema (what ``structuredContent`` holds): the keys an agent relies on, and their types.
OUTPUT_SCHEMAS: dict[str, dict[str, Any]] = {
    "search": _object({"query": "string", "offset": "integer", "next_offset": ["integer", "null"],
                       "passages": "array"}, passages={"type": "array", "items": _HIT}),
    "read": _object({"document": "object", "units": "array"}, document=_DOCUMENT),
    "ask": _object({"question": "string", "answer": ["string", "null"], "claims": "array",
                    "citations": "array", "dropped": "array", "leads": "array"}),
    "check_citations": _object({"citations": "array", "never_retrieved": "integer", "all_ok": "boolean"}),
    "documents": _object({"documents": "array"}),
    "versions": _object({"work": "string", "versions": "array"}),
}


def _both(names: list[str] | None, older: list[str] | None) -> list[str]:
    """A list option given by its name and by its older one (``kind``, ``scope``), once each."""
    return list(dict.fromkeys([*(names or []), *(older or [])]))


def session_key(ctx: Context) -> str:
    """Whose passages these are: the HTTP session (``Mcp-Session-Id``) when the protocol has one; else the
    process — over stdio one process serves one client, and the stateless protocol (2026-07-28) has no session,
    so the server's lifetime is the session."""
    headers = ctx.headers or {}
    sid = next((v for k, v in headers.items() if k.lower() == "mcp-session-id"), None)
    return f"http:{sid}" if sid else PROCESS_SESSION


def _one_line(e: jsonschema.ValidationError) -> str:
    """``k: 0 is less than the minimum of 1``; of an optional argument's alternatives, the one that says why."""
    if e.context:  # anyOf [the type, null]: the first alternative's own complaint is the useful one
        e = min(e.context, key=lambda x: (x.validator == "type", len(x.path)))
    where = ".".join(str(p) for p in e.absolute_path)
    return f"{where}: {e.message}" if where else e.message


class PinciteMCP(MCPServer):
    """``MCPServer`` with pincite's argument checks and error messages."""

    def __init__(self, tools: Tools, **kw: Any) -> None:
        super().__init__(**kw)
        self.pincite_tools = tools
        self._schemas: dict[str, dict[str, Any]] = {}

    async def list_tools(self) -> list[Tool]:
        listed = await super().list_tools()
        for t in listed:
            t.input_schema["additionalProperties"] = False  # a misspelt argument is refused, never ignored
            t.output_schema = OUTPUT_SCHEMAS.get(t.name, t.output_schema)
            self._schemas[t.name] = t.input_schema
        return listed

    async def call_tool(self, name: str, arguments: dict[str, Any], context: Any = None) -> Any:
        if not self._schemas:
            await self.list_tools()
        schema = self._schemas.get(name)
        if schema is not None:
            errors = sorted(jsonschema.Draft202012Validator(schema).iter_errors(arguments or {}),
                            key=lambda e: list(e.absolute_path))
            if errors:
                return _error(shorten_echoes(f"invalid arguments for {name}: " + "; ".join(
                    _one_line(e) for e in errors[:5]), arguments))
        try:
            return await super().call_tool(name, arguments, context)
        except ToolError as e:
            if isinstance(e.__cause__, PinciteError):  # its message without the server's paths
                said = self.pincite_tools.library.hide_paths(str(e.__cause__))
                return _error(shorten_echoes(said, arguments))
            if isinstance(e, UnexpectedToolError):
                raise
            return _error(shorten_echoes(str(e), [name, arguments]))  # the SDK's own: an unknown tool

    def run_stdio(self) -> None:
        """Serve over stdin and stdout as ``run("stdio")`` does, but read each request line with a cap
        (:class:`CappedLines`); while serving, fd 0 reads nothing and fd 1 writes to stderr, so nothing a library
        prints reaches the wire (what the SDK's own stdio transport does)."""
        sys.stdout.flush()
        wire_in, wire_out = os.dup(0), os.dup(1)
        null = os.open(os.devnull, os.O_RDONLY)
        os.dup2(null, 0)
        os.close(null)
        os.dup2(2, 1)
        with os.fdopen(wire_in, "rb") as reader, os.fdopen(wire_out, "wb") as writer:
            out = LineWriter(writer)
            anyio.run(self._serve_stdio, CappedLines(reader, out), out)

    async def _serve_stdio(self, lines: "CappedLines", out: "LineWriter") -> None:
        async with stdio_server(stdin=lines, stdout=out) as (read_stream, write_stream):  # type: ignore[arg-type]
            low = self._lowlevel_server  # what MCPServer.run_stdio_async runs, on these streams
            await low.run(read_stream, write_stream, low.create_initialization_options())

    async def list_resources(self) -> list[Resource]:
        listed = await super().list_resources()
        # in a worker thread: waiting here for the tools' lock would stop the event loop, and every session
        rows = await anyio.to_thread.run_sync(self.pincite_tools.summaries)
        return listed + [Resource(uri=f"{RESOURCE_URI}/{s.id}", name=s.id,
                                  title=s.title or s.source, mime_type="application/json",
                                  description=f"{s.kind.value}{', ' + s.citation if s.citation else ''}"
                                              f"{', version of ' + s.version_date if s.version_date else ''}: "
                                              f"{s.units} units")
                         for s in rows]


class LineWriter:
    """stdout for the SDK's stdio transport (``await write(line)``, ``await flush()``), shared with
    :class:`CappedLines`' refusals: each line is written whole, under a lock."""

    def __init__(self, raw: IO[bytes]) -> None:
        self.raw = raw
        self.lock = threading.Lock()

    def _write(self, text: str) -> None:
        with self.lock:
            self.raw.write(text.encode("utf-8"))
            self.raw.flush()

    async def write(self, text: str) -> None:
        await anyio.to_thread.run_sync(self._write, text)

    async def flush(self) -> None:
        return None  # each write is flushed


_ID = re.compile(rb'"id"\s*:\s*("(?:[^"\\]|\\.){0,200}"|-?\d{1,20})')


class CappedLines:
    """stdin's lines for the SDK's stdio transport (``async for line in stdin``), none held longer than
    :data:`MAX_REQUEST_BYTES`: a longer one is read through in pieces and dropped, and answered with a JSON-RPC
    error (to the request's id when its first bytes name one), so a 100 MB request leaves memory flat."""

    PIECE = 1 << 20

    def __init__(self, raw: IO[bytes], out: LineWriter, cap: int = MAX_REQUEST_BYTES) -> None:
        self.raw = raw
        self.out = out
        self.cap = cap

    def __aiter__(self) -> "CappedLines":
        return self

    async def __anext__(self) -> str:
        while True:
            line, size = await anyio.to_thread.run_sync(self._read_line, abandon_on_cancel=True)
            if not line and not size:
                raise StopAsyncIteration
            if size <= self.cap:
                return line.decode("utf-8", errors="replace")
            m = _ID.search(line)
            refusal = {"jsonrpc": "2.0", "id": json.loads(m.group(1)) if m else None, "error": {
                "code": -32600, "message": (
                    f"request refused: {size:,} bytes, over the {self.cap:,} bytes pincite mcp reads in one "
                    "message (check_citations takes a draft of at most 200,000 characters: check a longer "
                    "one in parts)")}}
            await self.out.write(json.dumps(refusal) + "\n")

    def _read_line(self) -> tuple[bytes, int]:
        """(the line, its size); over the cap: (its first 4 KB, its size), the rest read and dropped."""
        line = self.raw.readline(self.cap + 1)
        if len(line) <= self.cap or line.endswith(b"\n"):
            return line, len(line)
        head, size = line[:4096], len(line)
        del line
        while True:
            piece = self.raw.readline(self.PIECE)
            size += len(piece)
            if not piece or piece.endswith(b"\n"):
                return head, size


def _short(message: str) -> str:
    if len(message) <= MAX_ERROR_CHARS:
        return message
    return f"{message[:MAX_ERROR_CHARS]}… (an error of {len(message):,} characters, cut)"


def _shown_data(value: Any) -> Any:
    if isinstance(value, str):
        return shown(value) if len(value) > ECHO_CHARS else value
    if isinstance(value, dict):
        return {k: _shown_data(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_shown_data(v) for v in value]
    return value


async def short_protocol_errors(ctx: Any, call_next: Any) -> Any:
    """Server middleware: a protocol error (an unknown method, an unknown resource) repeats no long argument
    either, in its message or its data (the SDK's own put the method or the URI there whole)."""
    try:
        return await call_next(ctx)
    except MCPError as e:
        message = _short(shorten_echoes(e.message, [ctx.method, ctx.params]))
        data = _shown_data(e.data)
        if message == e.message and data == e.data:
            raise
        raise MCPError(code=e.code, message=message, data=data) from None


def _whole(name: str, value: str) -> int:
    """A resource URI's number (``?offset=50``), or :class:`~pincite.errors.InvalidOption` naming it."""
    if not value.strip().isdigit():
        raise InvalidOption(name, f"{value!r} is not a whole number")
    return int(value)


def _error(message: str) -> CallToolResult:
    return CallToolResult(content=[TextContent(type="text", text=_short(message))], is_error=True)


def _result(data: dict[str, Any]) -> CallToolResult:
    return CallToolResult(content=[TextContent(type="text", text=json.dumps(data, ensure_ascii=False))],
                          structured_content=data)


def build_server(library: Pincite) -> PinciteMCP:
    """The MCP server over ``library`` (its store, retriever and generator: the library's own)."""
    tools = Tools(library)
    server = PinciteMCP(tools, name="pincite", title="pincite: checked legal citations",
                        instructions=INSTRUCTIONS, version="0.1.0", log_level="WARNING",
                        middleware=[short_protocol_errors])

    @server.tool(annotations=READ_ONLY, description=(
        "Search the stored legal documents. Returns a page of passages, best first, each with its passage_id "
        "(give it to read), its pinpoint ('[14]', 's. 4(1)(c)') and cite_as (the citation rendered from the "
        "document's metadata: copy it, do not compose your own), the start of its text, zone and citable "
        "(headnotes and summaries are not the court's words) and role (lead, dissenting...: a dissent is not "
        "the holding); detail 'full' adds author, in_force_from/in_force_to and the rest. next_offset: pass "
        "it as offset for the next page. Passages returned count as retrieved for check_citations."))
    def search(ctx: Context,
               query: Annotated[str, Field(min_length=1, max_length=4000, description="What to look for, in words.")],
               k: Annotated[int, Field(ge=K.ge, le=SEARCH_K, description=(
                   "How many passages (one page)."))] = SEARCH_K,
               as_of: IsoDate = None,
               kinds: Kinds = None,
               documents: Documents = None,
               works: Works = None,
               kind: Annotated[list[Kind] | None, Field(max_length=6, description=(
                   "The same as kinds (an older name)."))] = None,
               offset: Annotated[int, Field(ge=0, le=SEARCH_DEPTH - 1, description=(
                   f"Where the page starts in the ranking (next_offset of the page before; at most "
                   f"{SEARCH_DEPTH} passages are ranked)."))] = 0,
               detail: Detail = "compact",
               ) -> CallToolResult:
        return _result(tools.search(session_key(ctx), query, k, as_of, _both(kinds, kind),
                                    list(documents or []), list(works or []), offset, detail))

    @server.tool(annotations=READ_ONLY, description=(
        "Read one passage (passage_id from search) or one unit of a document (document + unit: a label such as "
        "'[14]' or 's. 4(1)(c)', or a unit id). Returns the exact text to quote, its units with their metadata, "
        "cite_as, the parent unit and the neighbouring units (for context; read a neighbour before citing it), "
        "and the passage_ids that hold it. A document alone: its units in order, a page at a time (offset, "
        "limit; next_offset for the next page). What is read counts as retrieved for check_citations."))
    def read(ctx: Context,
             passage_id: Annotated[str, Field(min_length=1, max_length=300, description=(
                 "A passage id from search, e.g. 'doc_22c679cac55fd7c1:c78675-79012'."))] = "",
             document: Annotated[str, Field(min_length=1, max_length=500, description=(
                 "A document id (from documents or search), title, citation or file name."))] = "",
             unit: Annotated[str, Field(min_length=1, max_length=200, description=(
                 "With document: the unit's label ('[62]', 's. 4(1)(c)', 'cl. 8.2'), number ('62') or id."))] = "",
             offset: Annotated[int, Field(ge=0, description=(
                 "A document alone: the first unit of the page (0: the document's first)."))] = 0,
             limit: Annotated[int, Field(ge=1, le=READ_UNITS_MAX, description=(
                 "A document alone: how many units."))] = READ_UNITS,
             ) -> CallToolResult:
        # plain str, not Optional: the SDK reads a string argument of any other type as JSON ('[62]' -> [62])
        return _result(tools.read(session_key(ctx), passage_id or None, document or None, unit or None,
                                  offset, limit))

    @server.tool(annotations=READ_ONLY, description=(
        "Ask pincite a question: its own answer with every citation checked before it is returned (claims, "
        "citations with pinpoints and exact quotes, and 'dropped': what failed a check and why; when nothing is "
        "supported, 'leads': up to three passages where to look, each with its checked pinpoint, which are not "
        "claims or citations). detail 'full' adds the ranked passages it read, its trace and settings. "
        "Citations and leads it returns count as retrieved for check_citations."))
    def ask(ctx: Context,
            question: Annotated[str, Field(min_length=1, max_length=4000, description="The question.")],
            as_of: IsoDate = None,
            documents: Documents = None,
            kinds: Kinds = None,
            works: Works = None,
            k: Annotated[int, Field(ge=K.ge, le=K.le, description=K.help)] = K.default,
            scope: Annotated[list[Name] | None, Field(max_length=50, description=(
                "The same as documents (an older name)."))] = None,
            detail: Detail = "compact",
            ) -> CallToolResult:
        return _result(tools.ask(session_key(ctx), question, as_of, _both(documents, scope),
                                 _both(kinds, None), list(works or []), k, detail))

    @server.tool(annotations=READ_ONLY, description=(
        "Check every citation and quotation in your own text against the stored documents, before you show it. "
        "Each citation gets a verdict: ok, wrong-pinpoint (the words are elsewhere: 'suggested' names where), "
        "quote-altered (the words differ from the source: 'detail' says how), quote-not-found, dissent (a "
        "dissent presented as the court's), quoted-as-holding, not-citable (headnote, summary), not-in-force "
        "(not the law on as_of), page-as-paragraph, no-such-unit, unresolved, unverified-proposition (no "
        "quotation); and 'retrieved': false when nothing this session searched or read holds the cited words "
        "(a citation from memory). all_ok is true only when every verdict is ok and every citation was retrieved."))
    def check_citations(ctx: Context,
                        text: Annotated[str, Field(min_length=1, max_length=200_000, description=(
                            "Your draft, with its citations as a lawyer writes them: '[2020] EWCA Civ 1018 at "
                            "[61]', 'Tax Court of Canada Act, s. 4(1)(c)', '569 U.S. 614, 631'."))],
                        as_of: IsoDate = None) -> CallToolResult:
        return _result(tools.check_citations(session_key(ctx), text, as_of))

    @server.tool(annotations=READ_ONLY, description=(
        "List the stored documents (id, kind, title, citation, work and version date, units), of any of "
        "kinds when given."))
    def documents(kinds: Kinds = None,
                  kind: Annotated[Kind | list[Kind] | None, Field(description=(
                      "The same as kinds (an older name): one kind, or a list."))] = None) -> CallToolResult:
        return _result(tools.documents(_both(kinds, [kind] if isinstance(kind, str) else kind)))

    @server.tool(annotations=READ_ONLY, description=(
        "The versions of one work (a statute or bill) with their dates, oldest first: which text was in force "
        "when. The work: its key, short code, title or citation."))
    def versions(work: Annotated[str, Field(min_length=1, max_length=500, description=(
            "E.g. 'Tax Court of Canada Act', 'T-2' or 'R.S.C. 1985, c. T-2'."))]) -> CallToolResult:
        return _result(tools.versions(work))

    @server.resource(RESOURCE_URI + "/{id}{?offset,limit}", name="document", mime_type="application/json",
                     description=(
        "One stored document: its metadata and a page of its units (labels, offsets, zones, authors, roles, "
        f"in-force windows), without its text (read gives a unit's text): {RESOURCE_UNITS} units from the "
        f"first unless ?offset=N&limit=M (at most {RESOURCE_UNITS_MAX}). 'page' says which units, of how "
        "many; page.next is the URI of the next page (null at the end)."))
    def document(id: str, offset: str = "0", limit: str = str(RESOURCE_UNITS)) -> str:
        try:
            return json.dumps(tools.document_resource(id, _whole("offset", offset), _whole("limit", limit)),
                              ensure_ascii=False)
        except PinciteError as e:
            said = tools.library.hide_paths(str(e))
            raise ResourceError(shorten_echoes(said, [id, offset, limit])) from None

    return server
