"""The JSON the API's routes return, as pydantic models: what ``/openapi.json`` declares for each route's 200
response (``responses={200: {"model": ...}}``).  They describe, they do not build: each route returns the
dict of :mod:`pincite.jsonio` (or the result's ``to_json()``) exactly as before, never re-serialised through a
model (which would reorder keys and turn ``5`` into ``5.0``).  ``tests/unit/api/test_openapi.py`` validates
every route's real response against its model (``extra="forbid"``), so a field added to a shape without its
model, or a model that names a field the shape lacks, fails there.

Nested values the engine leaves open (a document's ``meta``, an answer's ``settings`` and ``trace``, a
unit's ``voice``, an evaluation run's metrics) are plain objects here."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field


class Shape(BaseModel):
    """A response shape: every field named (one missing, or one not named, fails validation)."""
    model_config = ConfigDict(extra="forbid")


Open = dict[str, Any]  # an object whose keys the engine leaves open


# -- documents ---------------------------------------------------------------------------------------------


class DocumentRef(Shape):
    """A document as a citation or a passage names it."""
    id: str
    source: str
    title: str | None = None
    citation: str | None = None
    kind: str | None = None
    version_date: str | None = Field(None, description="search hits and answer sections only")


class DocumentSummaryJSON(Shape):
    """One stored document (``pincite documents --json``)."""
    id: str
    source: str
    kind: str
    format: str
    title: str | None
    citation: str | None
    date: str | None
    work: str | None
    version_date: str | None
    units: int
    warnings: int
    copies: list[str]
    copy_of: str | None
    numbering: str | None = Field(description="the self-check's verdict on the document's labels")


class DocumentsResponse(Shape):
    documents: list[DocumentSummaryJSON]


class UnitJSON(Shape):
    """One unit of a document (a paragraph, section, clause…) and where it lies in the text."""
    id: str
    ordinal: int
    number: str | None
    label: str | None
    kind: str
    char_start: int
    char_end: int
    zone: str
    citable: bool
    author: str | None
    role: str | None
    role_basis: str | None
    label_verified: bool
    flags: list[str]
    section_path: list[str]
    page_start: str | None
    page_end: str | None
    pdf_page_start: int | None
    pdf_page_end: int | None
    in_force_from: str | None
    in_force_to: str | None
    parent: str | None
    voice: Open | None = Field(description="whose words: {quoted, kind, source, source_pinpoint, basis, "
                                           "spans}")


class PageJSON(Shape):
    """A printed page: its index in the PDF, its label and the text it spans."""
    pdf_index: int
    label: str | None
    char_start: int
    char_end: int
    furniture: list[Any]


class UnitPage(Shape):
    """Which units a paged answer lists, of how many, and the URLs of the pages either side."""
    offset: int
    limit: int
    units: int
    char_start: int
    char_end: int
    text: str | None = Field(None, description="the text the page's units span (unless text=false)")
    next: str | None
    previous: str | None


class DocumentResponse(Shape):
    """One document (``pincite show --json``): whole, or a page of its units (``page``)."""

    id: str
    source: str
    kind: str
    format: str
    title: str | None
    citation: str | None
    date: str | None
    work: str | None
    version: Open | None
    content_sha256: str
    warnings: list[str]
    meta: Open
    ocr: bool
    copies: list[str]
    copy_of: str | None
    text: str | None = Field(None, description="the canonical text (whole documents, unless text=false)")
    page: UnitPage | None = Field(None, description="paged answers only")
    pages: list[PageJSON]
    units: list[UnitJSON]


class ChunkDetail(Shape):
    index: int
    char_start: int
    char_end: int
    claimed: str | None
    units: list[str | None]
    findings: list[Open]


class AuditResponse(Shape):
    """The chunk audit of one document (``pincite audit --json``)."""

    document: str
    source: str
    pipeline: str
    chunks: int
    flagged: int
    by_kind: dict[str, int]
    wrong_number_share: float
    numbering: Open | None = Field(description="the self-check's verdict on the document's labels, and why")
    structure: list[Open]
    structure_by_kind: dict[str, int]
    chunks_detail: list[ChunkDetail]


class FileJSON(Shape):
    """One uploaded file: stored (added, replaced, unchanged) or failed and why."""
    source: str
    status: str
    id: str | None
    kind: str | None
    units: int
    warnings: list[str]
    error: str | None


class IngestResponse(Shape):
    """What an upload stored (``pincite ingest --json``); a failed file makes it a 422 with ``error``."""

    error: str | None = Field(None, description="only when a file failed (status 422 or 507)")
    totals: dict[str, int]
    files: list[FileJSON]
    index_error: str | None


class RemoveResponse(Shape):
    error: str | None = Field(None, description="only when the index could not be brought up to date (507)")
    removed: str
    source: str
    title: str | None
    index_error: str | None


# -- answers and search ------------------------------------------------------------------------------------


class HitJSON(Shape):
    """One passage retrieval found (``pincite search --json``'s hit)."""
    rank: int
    passage_id: str
    document: DocumentRef
    units: list[str]
    unit_ids: list[str]
    label: str | None
    char_start: int
    char_end: int
    text: str
    zone: str
    citable: bool
    author: str | None
    role: str | None
    section_path: list[str]
    page_start: str | None
    page_end: str | None
    in_force_from: str | None
    in_force_to: str | None
    score: float
    via: str


class SearchResponse(Shape):
    query: str
    as_of: str | None
    dense: str = Field(description="the dense retriever's state: off, ready, building…")
    passages: list[HitJSON]


class CitationJSON(Shape):
    """A checked citation: the quoted words (``char_start``/``char_end`` in its document's text) and where."""

    n: int
    passage_id: str
    turn_id: str
    document: DocumentRef
    units: list[str | None]
    unit_id: str
    pinpoint: str
    numbering: str | None
    label_verified: bool
    rendered: str
    quote: str
    char_start: int
    char_end: int
    page_start: str | None
    page_end: str | None
    zone: str
    author: str | None
    role: str | None
    section_path: list[str]
    in_force_from: str | None
    in_force_to: str | None
    notes: list[Open]
    voice: Open | None
    lead: bool | None = Field(None, description="leads only: where to look, not a citation")


class ClaimJSON(Shape):
    text: str
    citations: list[int]


class DroppedJSON(Shape):
    """A citation or claim that failed a check, and why."""
    check: str
    reason: str
    detail: str
    claim: str
    passage: str | None
    quote: str | None
    attempt: int


class RetrievedJSON(Shape):
    passage_id: str
    document: DocumentRef
    units: list[str]
    char_start: int
    char_end: int
    score: float
    via: str
    untrusted: str | None


class SectionJSON(Shape):
    document: DocumentRef
    in_force: list[Any] | None
    claims: list[int]


class ScopeJSON(Shape):
    id: str
    source: str
    title: str | None


class PartJSON(Shape):
    question: str
    claims: list[int]
    answered: bool


class AskResponse(Shape):
    """An answer with checked citations (``pincite ask --json``)."""

    question: str
    as_of: str | None
    answer: str | None
    claims: list[ClaimJSON]
    citations: list[CitationJSON]
    dropped: list[DroppedJSON]
    retrieved: list[RetrievedJSON]
    sections: list[SectionJSON]
    scope: list[ScopeJSON]
    no_answer_in: list[ScopeJSON]
    not_found: list[str]
    parts: list[PartJSON]
    leads: list[CitationJSON]
    attempts: int
    generator: str
    settings: Open
    seconds: float
    trace: list[Open]
    dense: str


class CheckedCitationJSON(Shape):
    """One citation found in a draft, with its verdict and why."""
    text: str
    char_start: int
    char_end: int
    quote: str | None
    pinpoint: str | None
    document: DocumentRef | None
    unit: str | None
    numbering: str | None
    label_verified: bool | None
    verdict: str
    detail: str
    suggested: dict[str, str] | None
    target: dict[str, int] | None


class UnrecognisedJSON(Shape):
    text: str
    char_start: int
    char_end: int
    looks_like: str


class CheckResponse(Shape):
    """A draft's citations, each checked (``pincite check --json``)."""

    file: str
    as_of: str | None
    status: str = Field(description="ok, problems or no-citations")
    citations: list[CheckedCitationJSON]
    summary: dict[str, int]
    unrecognised: list[UnrecognisedJSON]


# -- status ------------------------------------------------------------------------------------------------


class HealthResponse(Shape):
    status: str
    documents: int
    units: int
    generation: int
    generator: str
    retrieval: str
    dense: Open = Field(description="background embedding: {state, done, total, …}")
    max_upload_bytes: int
    token_required: bool
    started: str


class RunSummaryJSON(Shape):
    run: str
    status: str = Field(description="done or unreadable")
    error: str | None = None
    created: str | None = None
    settings_hash: str | None = None
    seconds: float | None = None
    questions: int | None = None
    summary: Open | None = None


class RunsResponse(Shape):
    available: bool
    folder: str = Field(description="where runs are kept: relative to the store's folder (or its table)")
    runs: list[RunSummaryJSON]


class RunResponse(BaseModel):
    """One evaluation run record (``pincite eval --out``); its metrics and questions as the run wrote them."""

    model_config = ConfigDict(extra="allow")

    format: int
    created: str | None = None
    settings: Open
    settings_hash: str | None = None
    seconds: float | None = None
    metrics: Open
    summary: Open
    questions: list[Open]
