"""The MCP server: :class:`pincite.mcp.tools.Tools` as MCP tools (with JSON schemas an agent reads) and each
stored document as the resource ``pincite://document/{id}``, on the official ``mcp`` SDK's ``MCPServer``.

Arguments are checked against each tool's advertised schema before the tool runs (an unknown argument, a
wrong type, a value out of range: refused with one line naming the argument); a pincite error is an MCP tool
error (``isError``) carrying the one-line message the CLI prints after ``error:``.
"""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal

import jsonschema
from mcp.server.mcpserver import Context, MCPServer
from mcp.server.mcpserver.exceptions import ResourceError, ToolError
from mcp.types import CallToolResult, Resource, TextContent, Tool
from pydantic import Field

from pincite.errors import PinciteError
from pincite.library import Pincite, spec
from pincite.mcp.tools import Tools
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
IsoDate = Annotated[str | None, Field(pattern=r"^\d{4}-\d{2}-\d{2}$", description=(
    "Only law in force on this date (YYYY-MM-DD): a statute's version of that day. Omit for today."))]


def session_key(ctx: Context) -> str:
    """Whose passages these are: the HTTP session (``Mcp-Session-Id``) when the protocol has one; else the
    process — over stdio one process serves one client, and the stateless protocol (2026-07-28) has no session,
    so the server's lifetime is the session."""
    headers = ctx.headers or {}
    sid = next((v for k, v in headers.items() if k.lower() == "mcp-session-id"), None)
    return f"http:{sid}" if sid else "process"


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
                return _error(f"invalid arguments for {name}: " + "; ".join(_one_line(e) for e in errors[:5]))
        try:
            return await super().call_tool(name, arguments, context)
        except ToolError as e:
            if isinstance(e.__cause__, PinciteError):
                return _error(str(e.__cause__))
            raise

    async def list_resources(self) -> list[Resource]:
        listed = await super().list_resources()
        with self.pincite_tools.lock:
            rows = self.pincite_tools.library.documents()
        return listed + [Resource(uri=f"pincite://document/{s.id}", name=s.id,
                                  title=s.title or s.source, mime_type="application/json",
                                  description=f"{s.kind.value}{', ' + s.citation if s.citation else ''}"
                                              f"{', version of ' + s.version_date if s.version_date else ''}: "
                                              f"{s.units} units")
                         for s in rows]


def _error(message: str) -> CallToolResult:
    return CallToolResult(content=[TextContent(type="text", text=message)], is_error=True)


def _result(data: dict[str, Any]) -> CallToolResult:
    return CallToolResult(content=[TextContent(type="text", text=json.dumps(data, ensure_ascii=False))],
                          structured_content=data)


def build_server(library: Pincite) -> PinciteMCP:
    """The MCP server over ``library`` (its store, retriever and generator: the library's own)."""
    tools = Tools(library)
    server = PinciteMCP(tools, name="pincite", title="pincite: checked legal citations",
                        instructions=INSTRUCTIONS, version="0.1.0", log_level="WARNING")

    @server.tool(description=(
        "Search the stored legal documents. Returns passages, best first, each with its passage_id (give it to "
        "read), its pinpoint ('[14]', 's. 4(1)(c)') and cite_as (the citation rendered from the document's "
        "metadata: copy it, do not compose your own), zone and citable (headnotes and summaries are not the "
        "court's words), author and role (lead, dissenting...: a dissent is not the holding), and in_force_from/"
        "in_force_to (a statute version's window). Passages returned count as retrieved for check_citations."))
    def search(ctx: Context,
               query: Annotated[str, Field(min_length=1, max_length=4000, description="What to look for, in words.")],
               k: Annotated[int, Field(ge=K.ge, le=K.le, description="How many passages.")] = K.default,
               as_of: IsoDate = None,
               kind: Annotated[list[Kind] | None, Field(max_length=6, description=(
                   "Only these kinds of document."))] = None,
               documents: Annotated[list[Name] | None, Field(max_length=50, description=(
                   "Only these documents (ids from documents, titles or citations)."))] = None,
               ) -> CallToolResult:
        return _result(tools.search(session_key(ctx), query, k, as_of, list(kind or []), list(documents or [])))

    @server.tool(description=(
        "Read one passage (passage_id from search) or one unit of a document (document + unit: a label such as "
        "'[14]' or 's. 4(1)(c)', or a unit id). Returns the exact text to quote, its units with their metadata, "
        "cite_as, the parent unit and the neighbouring units (for context; read a neighbour before citing it), "
        "and the passage_ids that hold it. What is read counts as retrieved for check_citations."))
    def read(ctx: Context,
             passage_id: Annotated[str, Field(min_length=1, max_length=300, description=(
                 "A passage id from search, e.g. 'doc_22c679cac55fd7c1:c78675-79012'."))] = "",
             document: Annotated[str, Field(min_length=1, max_length=500, description=(
                 "A document id (from documents or search), title, citation or file name."))] = "",
             unit: Annotated[str, Field(min_length=1, max_length=200, description=(
                 "With document: the unit's label ('[62]', 's. 4(1)(c)', 'cl. 8.2'), number ('62') or id."))] = "",
             ) -> CallToolResult:
        # plain str, not Optional: the SDK reads a string argument of any other type as JSON ('[62]' -> [62])
        return _result(tools.read(session_key(ctx), passage_id or None, document or None, unit or None))

    @server.tool(description=(
        "Ask pincite a question: its own answer with every citation checked before it is returned (claims, "
        "citations with pinpoints and exact quotes, and 'dropped': what failed a check and why; when nothing is "
        "supported, 'leads': up to three passages where to look, each with its checked pinpoint, which are not "
        "claims or citations). Citations and leads it returns count as retrieved for check_citations."))
    def ask(ctx: Context,
            question: Annotated[str, Field(min_length=1, max_length=4000, description="The question.")],
            as_of: IsoDate = None,
            scope: Annotated[list[Name] | None, Field(max_length=50, description=(
                "Only these documents (ids, titles or citations)."))] = None,
            ) -> CallToolResult:
        return _result(tools.ask(session_key(ctx), question, as_of, list(scope or [])))

    @server.tool(description=(
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

    @server.tool(description="List the stored documents (id, kind, title, citation, work and version date, units).")
    def documents(kind: Annotated[Kind | None, Field(description="Only this kind.")] = None) -> CallToolResult:
        return _result(tools.documents(kind))

    @server.tool(description=(
        "The versions of one work (a statute or bill) with their dates, oldest first: which text was in force "
        "when. The work: its key, short code, title or citation."))
    def versions(work: Annotated[str, Field(min_length=1, max_length=500, description=(
            "E.g. 'Tax Court of Canada Act', 'T-2' or 'R.S.C. 1985, c. T-2'."))]) -> CallToolResult:
        return _result(tools.versions(work))

    @server.resource("pincite://document/{id}", name="document", mime_type="application/json", description=(
        "One stored document: its metadata and its units (labels, offsets, zones, authors, roles, in-force "
        "windows), without its text (read gives a unit's text)."))
    def document(id: str) -> str:
        try:
            return json.dumps(tools.document_resource(id), ensure_ascii=False)
        except PinciteError as e:
            raise ResourceError(str(e)) from None

    return server
