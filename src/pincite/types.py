"""Value types shared by every stage of pincite.

Everything here is a frozen dataclass (or an enum).  Offsets are always
``[char_start, char_end)`` in Unicode code points into the one canonical text of
the document the object belongs to; they are computed while parsing, with a
moving cursor, never by searching the text afterwards.
"""

from __future__ import annotations

import datetime
import hashlib
import re
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Self

from pincite.errors import InvalidOption, PinciteError


class ChoiceEnum(str, Enum):
    """A string enum whose bad values produce an error listing the valid choices."""

    @classmethod
    def parse(cls, value: str) -> Self:
        try:
            return cls(value)
        except ValueError:
            choices = ", ".join(m.value for m in cls)
            raise ValueError(f"{value!r} is not a valid {cls.__name__}; choose one of: {choices}") from None

    def __str__(self) -> str:  # so f-strings show the value, not Enum.member
        return self.value


class OnFail(ChoiceEnum):
    """What a question does with a citation that fails its check (an option of :class:`pincite.AskOptions`)."""

    DROP = "drop"
    RETRY = "retry"


class GeneratorKind(ChoiceEnum):
    """How answers are written (``Pincite(generator=...)``, ``--generator``)."""

    EXTRACTIVE = "extractive"
    OPENAI = "openai"
    RANKER = "ranker"


#: the generator a question gets unless it names one: the ranker, since it beat the extractive generator on the
#: frozen held-out set on both answered correctly and attribution precision (issue 27, item 5; bench/NOTES.md)
DEFAULT_GENERATOR = GeneratorKind.RANKER

class Verdict(ChoiceEnum):
    """What the cite-checker found of one citation (a :class:`pincite.CheckReport`'s results)."""

    OK = "ok"
    WRONG_PINPOINT = "wrong-pinpoint"
    QUOTE_ALTERED = "quote-altered"
    QUOTE_NOT_FOUND = "quote-not-found"
    DISSENT = "dissent"
    QUOTED_AS_HOLDING = "quoted-as-holding"  # words the court only quotes (a court below, counsel) cited as its own
    NOT_CITABLE = "not-citable"
    NOT_IN_FORCE = "not-in-force"
    PAGE_AS_PARAGRAPH = "page-as-paragraph"
    NO_SUCH_UNIT = "no-such-unit"
    UNRESOLVED = "unresolved"
    UNVERIFIED_PROPOSITION = "unverified-proposition"
    CONTRADICTS_QUOTE = "contradicts-quote"  # the sentence says the opposite of the words it quotes


class DocumentKind(ChoiceEnum):
    JUDGMENT = "judgment"
    STATUTE = "statute"
    CONTRACT = "contract"
    SUMMARY = "summary"
    OTHER = "other"
    TEXT = "text"  # numbered text with no contract signal (a dataset's README, a memo): never searched for clauses


class Zone(ChoiceEnum):
    """Where in a document a unit sits.  Only some zones can carry citable text."""

    COVER = "cover"  # title page, parties, coram, counsel
    HEADNOTE = "headnote"  # editorial headnote, catchwords, syllabus
    SUMMARY = "summary"  # an official or press summary of the decision
    REASONS = "reasons"  # the court's reasons: the only citable zone of a judgment
    ORDER = "order"  # the formal order
    BODY = "body"  # operative text of a statute or contract
    SCHEDULE = "schedule"  # schedules, annexes, exhibits
    NOTE = "note"  # editorial/historical notes, footnotes
    SIGNATURES = "signatures"
    OTHER = "other"


class Role(ChoiceEnum):
    """Whose side the reasons are on, following the outcome, not the order of speaking."""

    LEAD = "lead"
    CONCURRING = "concurring"
    DISSENTING = "dissenting"
    PARTLY_DISSENTING = "partly-dissenting"
    JOINT = "joint"
    SOLE = "sole"


class UnitKind(ChoiceEnum):
    PARAGRAPH = "paragraph"  # a judgment's numbered paragraph, or a statute's paragraph (c)
    SUBPARAGRAPH = "subparagraph"  # lettered/roman sub-items
    CLAUSE = "clause"  # statute clause, or a contract clause (2.1, 11.1(a))
    SUBCLAUSE = "subclause"
    HEADING = "heading"
    PART = "part"  # Part I, ARTICLE V, a judgment's Part II-A
    SECTION = "section"
    SUBSECTION = "subsection"
    BLOCK = "block"  # an unnumbered block of text (pinpoint by order only)
    OTHER = "other"


class Format(ChoiceEnum):
    """Input formats pincite can parse (``--format``)."""

    AKN = "akn"  # Akoma Ntoso judgments and press summaries (legacy and modern Find Case Law)
    CANADA = "justice-canada"  # Justice Canada consolidated Acts
    USLM = "uslm"  # US Legislative Markup (compilations, bills)
    PDF = "pdf"
    TEXT = "text"  # plain text (contracts are recognised by their clause numbering)
    HTML = "html"
    DOCX = "docx"  # Word documents (their list numbering rendered from numbering.xml)
    CLML = "clml"  # legislation.gov.uk's Crown Legislation Markup Language (UK Acts and SIs, retained EU law)
    MARKDOWN = "markdown"  # Markdown (contracts and other numbered documents), read with markdown-it-py
    LEGISLATION_XML = "legislation-xml"  # a code's own XML for its sections (<section>, <num>, <para>)


# -- dates -------------------------------------------------------------------------------------------------

_YYYY_MM_DD = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")
_STORED_DATE = re.compile(r"([0-9]{4})(?:-([0-9]{2}))?(?:-([0-9]{2}))?")


class DateError(PinciteError, ValueError):
    """A date a user gave that is not a calendar date written YYYY-MM-DD.  A ``ValueError`` as well, so a
    pydantic validator reports it as a bad field (422) and the message reaches the user unchanged."""


class InvalidDate(InvalidOption, DateError):
    """An option's date that is not one (``as_of="20210629"``): both the option's error, naming it, and a
    :class:`DateError`, as a date is refused everywhere else."""


def parse_date(value: object) -> datetime.date:
    """The one reading of a date a user gives (``--as-of``, ``as_of`` in a request, a batch line or a gold
    file): ``YYYY-MM-DD`` and nothing else, read once where it comes in.

    ``datetime.date.fromisoformat`` alone also reads ``20210101`` and ``2021-W01-5``; stored in-force windows
    are written ``YYYY-MM-DD``, so such a date passed validation and then matched nothing."""
    if isinstance(value, datetime.datetime):
        return value.date()
    if isinstance(value, datetime.date):
        return value
    if not isinstance(value, str) or not _YYYY_MM_DD.fullmatch(value):
        raise DateError(f"{value!r} is not a date in the form YYYY-MM-DD (e.g. 2021-06-29)")
    try:
        return datetime.date.fromisoformat(value)
    except ValueError as e:
        raise DateError(f"{value!r} is not a date in the form YYYY-MM-DD: {e}") from None


def optional_date(value: object) -> datetime.date | None:
    """:func:`parse_date`, with None (and an empty form field) meaning no date."""
    return None if value is None or value == "" else parse_date(value)


def stored_date(iso: str | None) -> datetime.date | None:
    """A date pincite wrote itself (a window bound, a version date), to compare as dates.  A year, or a year
    and month, alone is its first day (as the index's ``date_key`` reads it); unreadable is unknown."""
    m = _STORED_DATE.match(iso or "")
    if m is None:
        return None
    try:
        return datetime.date(int(m[1]), int(m[2] or 1), int(m[3] or 1))
    except ValueError:
        return None


@dataclass(frozen=True, slots=True)
class Span:
    start: int
    end: int

    def __post_init__(self) -> None:
        if self.start < 0 or self.end < self.start:
            raise ValueError(f"bad span [{self.start}, {self.end})")

    def contains(self, other: "Span") -> bool:
        return self.start <= other.start and other.end <= self.end


class SourceKind(ChoiceEnum):
    """What quoted words are quoted from, where the judgment says so (``legal/voice``)."""

    LOWER_COURT = "lower-court"  # the decision under appeal, a court or tribunal below
    INSTRUMENT = "instrument"  # a statute, regulation, rule, or the contract itself
    COUNSEL = "counsel"  # a party's submissions
    JUDGMENT = "judgment"  # another judgment, cited by neutral or reporter citation or by its judge
    EVIDENCE = "evidence"  # a witness or a document in evidence
    UNKNOWN = "unknown"  # quoted, source not stated


@dataclass(frozen=True, slots=True)
class Quotation:
    """Words inside a unit that are quoted, not the author's own: ``[char_start, char_end)`` in the document text.
    ``source`` names what they come from ("Upper Tribunal", "Mr Bates"), ``source_pinpoint`` where in it
    ("[42]"), ``basis`` the signal that found it (markup, numbering, quotation marks, the introducing sentence)."""

    char_start: int
    char_end: int
    kind: SourceKind = SourceKind.UNKNOWN
    source: str | None = None
    source_pinpoint: str | None = None
    basis: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"start": self.char_start, "end": self.char_end, "kind": self.kind.value, "source": self.source,
                "source_pinpoint": self.source_pinpoint, "basis": self.basis}

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> "Quotation":
        return cls(int(d["start"]), int(d["end"]), SourceKind.parse(d.get("kind") or "unknown"), d.get("source"),
                   d.get("source_pinpoint"), d.get("basis") or "")


@dataclass(frozen=True, slots=True)
class Voice:
    """Whose words a unit holds.  ``quoted``: the whole unit is quoted (its ``quotation`` says from what);
    otherwise the unit is the author's own except for ``spans`` (quotations inside it)."""

    quoted: bool
    quotation: Quotation | None = None
    spans: tuple[Quotation, ...] = ()

    def quotation_at(self, start: int, end: int) -> Quotation | None:
        """The quotation holding most of ``[start, end)`` (the whole unit's, when it is quoted), or None."""
        if self.quoted and self.quotation is not None:
            return self.quotation
        for q in self.spans:
            overlap = min(end, q.char_end) - max(start, q.char_start)
            if overlap > 0 and overlap * 2 >= (end - start):
                return q
        return None

    def to_json(self) -> dict[str, Any]:
        """The one shape (README, "Voice"): ``{"quoted", "kind", "source", "source_pinpoint", "basis", "spans"}``."""
        q = self.quotation
        return {"quoted": self.quoted, **({"start": q.char_start, "end": q.char_end} if q else {}),
                "kind": q.kind.value if q else None, "source": q.source if q else None,
                "source_pinpoint": q.source_pinpoint if q else None, "basis": q.basis if q else None,
                "spans": [s.to_json() for s in self.spans]}

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> "Voice":
        q = Quotation.from_json(d) if d.get("start") is not None else None
        return cls(bool(d.get("quoted")), q, tuple(Quotation.from_json(s) for s in d.get("spans") or ()))


@dataclass(frozen=True, slots=True)
class Unit:
    """One structural unit of a document: a numbered paragraph, a heading, a clause, a section...

    ``number`` is exactly what the document prints for this unit ("14", "(c)", "2.1"), taken from
    the text, never from layout; ``label`` is the pinpoint shown to a reader ("[14]", "s. 4(1)(c)").
    ``ordinal`` is the unit's position in document order (0-based), ``parent`` the ordinal of the
    enclosing unit, if any.
    """

    ordinal: int
    kind: UnitKind
    char_start: int
    char_end: int
    zone: Zone
    citable: bool
    number: str | None = None
    label: str | None = None
    author: str | None = None
    role: Role | None = None
    role_basis: str | None = None  # the judge's own words the role was read from, or why it is unknown
    section_path: tuple[str, ...] = ()
    page_start: str | None = None  # printed page label
    page_end: str | None = None
    pdf_page_start: int | None = None  # 0-based PDF page index
    pdf_page_end: int | None = None
    in_force_from: str | None = None  # ISO date, inclusive
    in_force_to: str | None = None  # ISO date, exclusive; None = still in force
    parent: int | None = None
    attrs: dict[str, Any] = field(default_factory=dict, hash=False, compare=False)
    voice: Voice | None = None  # None: the author's own words, no quotation found (see :mod:`pincite.parse.voice`)

    def __post_init__(self) -> None:
        if self.char_start < 0 or self.char_end < self.char_start:
            raise ValueError(f"unit {self.ordinal}: bad span [{self.char_start}, {self.char_end})")

    @property
    def span(self) -> Span:
        return Span(self.char_start, self.char_end)


@dataclass(frozen=True, slots=True)
class PageMarker:
    """A printed page of a paged source: where it starts in the canonical text.

    Running headers, footers and page numbers are not in the canonical text; they are kept here.
    """

    pdf_index: int  # 0-based page index in the PDF
    label: str | None  # the printed page number ("3", "*5"), None when none is printed
    char_start: int  # offset of the first canonical character from this page
    char_end: int
    furniture: tuple[str, ...] = ()  # the header/footer lines removed from the text


@dataclass(frozen=True, slots=True)
class Document:
    """A parsed document: one canonical text and the units that point into it."""

    id: str
    source: str
    format: Format
    kind: DocumentKind
    title: str
    text: str
    units: tuple[Unit, ...]
    content_sha256: str
    citation: str | None = None
    date: str | None = None  # ISO date of the decision / enactment / version
    work: str | None = None  # id shared by all versions of one statute or bill
    version: dict[str, Any] | None = None  # {"date": ..., "label": ..., ...}
    pages: tuple[PageMarker, ...] = ()
    warnings: tuple[str, ...] = ()
    meta: dict[str, Any] = field(default_factory=dict, hash=False, compare=False)
    # the same agreement stored from other files (pincite.twins): their ids, and the copy cited for them all
    copies: tuple[str, ...] = field(default=(), compare=False)
    copy_of: str | None = field(default=None, compare=False)  # the canonical copy, when this one is not it

    def unit_text(self, unit: Unit) -> str:
        return self.text[unit.char_start : unit.char_end]


#: What a pinpoint says in place of a label the document's own numbering does not vouch for (parse/selfcheck).
UNVERIFIED_NUMBERING = "the document's numbering could not be verified"


def numbering_verdict(doc: "Document | ParsedDocument") -> str | None:
    """The self-check's verdict on a document's labels: verified, contradicted, unnumbered, unchecked (or None
    for a document stored before the check existed)."""
    return (doc.meta.get("numbering") or {}).get("verdict")


def label_by_order(unit: Unit) -> bool:
    """Whether a unit's label is only its position ("¶3", an unnumbered block), not a number the document
    prints."""
    if unit.attrs.get("by_order"):
        return True
    return not unit.number and "\u00b6" in (unit.label or "")


def label_unverified(unit: Unit) -> bool:
    """Whether the document's own text contradicts this unit's label (its cross-references, the number printed
    at its start, its siblings' sequence): then no surface shows the label as the document's own number."""
    return bool(unit.attrs.get("label_unverified"))


def order_label(doc: "Document", unit: Unit) -> str:
    """"¶N": the unit's place among the document's citable units, counted from 1 (a pinpoint by order)."""
    n = sum(1 for u in doc.units if u.citable and u.ordinal < unit.ordinal) + 1
    return f"\u00b6{n}"


@dataclass(frozen=True, slots=True)
class ParsedDocument:
    """What a parser returns: a document before the store gives it its identity."""

    format: Format
    kind: DocumentKind
    title: str
    text: str
    units: tuple[Unit, ...]
    citation: str | None = None
    date: str | None = None
    work: str | None = None
    version: dict[str, Any] | None = None
    pages: tuple[PageMarker, ...] = ()
    warnings: tuple[str, ...] = ()
    meta: dict[str, Any] = field(default_factory=dict, hash=False, compare=False)


def content_sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def document_id(source_name: str, sha256: str) -> str:
    """A stable document id from the source's file name and the hash of its bytes.

    The directory is left out so the same file gives the same id on every machine.
    """
    h = hashlib.blake2b(f"{source_name}\0{sha256}".encode(), digest_size=8).hexdigest()
    return f"doc_{h}"


def unit_id(doc_id: str, ordinal: int) -> str:
    return f"{doc_id}:u{ordinal}"


class Chunker(ChoiceEnum):
    STRUCTURAL = "structural"  # pincite's: whole numbered units, split only inside a unit
    WINDOW = "window"  # the token-window baseline, kept to show what structure buys


@dataclass(frozen=True, slots=True)
class Chunk:
    """A retrievable passage with its metadata envelope.

    ``units`` are the ordinals of the units whose text the chunk holds (for a piece of a split unit, that
    one unit); ``numbers``/``labels`` are copied from those units, never derived.  ``context_start`` /
    ``context_end`` widen the span for overlap: that extra text is context for reading, not citable text.
    """

    id: str
    doc_id: str
    chunker: Chunker
    ordinal: int
    char_start: int
    char_end: int
    units: tuple[int, ...]
    numbers: tuple[str | None, ...]
    labels: tuple[str | None, ...]
    zone: Zone
    citable: bool
    section_path: tuple[str, ...] = ()
    author: str | None = None
    role: Role | None = None
    page_start: str | None = None
    page_end: str | None = None
    in_force_from: str | None = None
    in_force_to: str | None = None
    piece: int = 0  # 0-based piece index when one unit was split
    pieces: int = 1
    parent_unit: int | None = None  # the enclosing unit (parent context), if any
    context_start: int | None = None
    context_end: int | None = None
    claimed_number: str | None = None  # what a pipeline claims (the window baseline: the paragraph it starts in)

    @property
    def span(self) -> Span:
        return Span(self.char_start, self.char_end)


def chunk_id(doc_id: str, chunker: "Chunker", char_start: int, char_end: int) -> str:
    """Stable across re-ingest: the document id (from content) plus the span."""
    prefix = "c" if chunker is Chunker.STRUCTURAL else "w"
    return f"{doc_id}:{prefix}{char_start}-{char_end}"


def tie_order(item_id: str) -> tuple[str, int, int]:
    """The order of equally scored hits: by document id, then span start and end (a chunk id) or the id alone
    (a document id).  Both are derived from content, so two stores holding the same documents break ties
    alike, whatever order they were ingested in; an index's own order (insertion, segments) would not."""
    doc, _, span = item_id.partition(":")
    start, _, end = span[1:].partition("-")
    if start.isdigit() and end.isdigit():
        return doc, int(start), int(end)
    return item_id, -1, -1


@dataclass(frozen=True, slots=True)
class DocRef:
    """What a passage needs to know about its document (no text)."""

    id: str
    source: str
    title: str
    kind: DocumentKind
    citation: str | None = None
    date: str | None = None
    work: str | None = None
    version_date: str | None = None


@dataclass(frozen=True, slots=True)
class Passage:
    """A retrieved chunk: its envelope, its document, its text, and how it ranked."""

    chunk: Chunk
    document: DocRef
    text: str  # exactly document.text[chunk.char_start:chunk.char_end]
    score: float
    rank: int  # 1-based
    #: how it came to be read: "search" (retrieval ranked it), "items" (a retrieved lead-in's items),
    #: "outcome" (where a judge disposes of the case: pincite.answer.evidence), "structure" (what a judgment's
    #: structure answers a question with: pincite.answer.structure)
    via: str = "search"

    @property
    def id(self) -> str:
        return self.chunk.id


# -- search filters and the dates they compare ------------------------------------------------------

DATE_MIN = 0
DATE_MAX = 99991231


def date_key(iso: str | datetime.date | None, default: int) -> int:
    """``"2021-06-29"`` -> 20210629 (a year alone -> its 1 January); ``default`` for None or unreadable."""
    if isinstance(iso, datetime.date):  # a filter's as_of, read by pincite.types.parse_date
        return iso.year * 10000 + iso.month * 100 + iso.day
    if not iso:
        return default
    digits = re.sub(r"\D", "", iso)[:8]
    if len(digits) < 4:
        return default
    return int(digits.ljust(8, "0")[:4] + (digits[4:6] or "01") + (digits[6:8] or "01"))


@dataclass(frozen=True)
class SearchFilters:
    """Applied inside retrieval.  By default only citable chunks; ``as_of`` keeps, for each work, only the
    chunks in force that day (and only the version(s) of the work in force then)."""

    include_non_citable: bool = False
    as_of: datetime.date | None = None  # a ``YYYY-MM-DD`` string is read here (pincite.types.parse_date)
    kinds: tuple[DocumentKind, ...] = ()
    sources: tuple[str, ...] = ()
    works: tuple[str, ...] = ()
    documents: tuple[str, ...] = ()  # ids or sources

    def __post_init__(self) -> None:
        object.__setattr__(self, "as_of", optional_date(self.as_of))
