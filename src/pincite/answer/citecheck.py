"""``pincite check``: the checks a model's citations pass, turned on the citations in a lawyer's draft.

:func:`check_text` finds the draft's citations (:mod:`pincite.legal.citations`), resolves each to stored
documents (neutral and reporter citations, titles, chapters, US Code notes, contract names:
:class:`Library`), finds the quoted words in them (:func:`pincite.answer.verify.locate_lawyer_quote`: the model
checks' normalisation, with a lawyer's ``[t]o`` alterations and ``…`` ellipses read as such) and gives one
verdict per citation.  The judgments the verdicts rest on are the model checks' own:
:func:`~pincite.answer.verify.check_version_window` (not in force), :func:`~pincite.answer.verify.check_citable_zone`
(headnote, summary, syllabus), :func:`~pincite.answer.verify.check_dissent_not_holding` (a dissent stated as the
holding) and :func:`~pincite.answer.verify.check_page_not_paragraph` (a page read as a paragraph).

Verdicts, in the order they are decided: ``unresolved`` (no stored document matches), ``no-such-unit`` (the
pinpoint names nothing in it), ``unverified-proposition`` (no quotation: the best-matching unit is suggested),
``not-in-force``, ``quote-not-found``, ``quote-altered``, ``not-citable``, ``dissent``, ``quoted-as-holding`` (words
the court only quotes, cited as its holding: :func:`~pincite.answer.verify.check_quoted_not_holding`), ``page-as-paragraph``,
``wrong-pinpoint`` (the words are elsewhere in the document: ``suggested`` names where) and ``ok``.
"""

from __future__ import annotations

import bisect
import datetime
import difflib
import re
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from pincite.answer.context import TurnContext
from pincite.answer.protocol import RawCitation, RawClaim
from pincite.answer.render import page_at, pinpoint, render_citation
from pincite.answer.agreement import judge
from pincite.answer.verify import (
    DISSENTING,
    Candidate,
    check_citable_zone,
    check_dissent_not_holding,
    check_page_not_paragraph,
    check_quoted_not_holding,
    check_version_window,
    innermost_unit,
    locate_lawyer_quote,
    normalise,
    normalise_with_map,
)
from pincite.errors import NotFound, PinciteError
from pincite.legal.citations import CITATION_WORDS, FoundCitation, Kind, Ref, find_citations, loose_citations
from pincite.legal.language import ARGUMENT, ORDINAL_WORDS, terms
from pincite.store import DocumentSummary, Store
from pincite.types import (
    UNVERIFIED_NUMBERING, Document, DocumentKind, Unit, UnitKind, Zone, label_by_order,
    Verdict, label_unverified, numbering_verdict,
)
from pincite.versions import (
    in_force_on, loose_name, names_title, normalize_key, provision_as_of, resolve_work, version_date,
)


#: How close a quotation must be to a passage to be reported as that passage altered rather than not found:
#: the share of the quotation's words found in order in the passage, and the matched stretch's similarity.
ALTERED_MIN_WORDS = 0.7
ALTERED_MIN_RATIO = 0.8
#: A sentence saying the words are a dissent's (or the minority's) presents them as such, not as the holding.
NAMES_DISSENT = re.compile(r"\bdissent|\bminority\b|\bdisagree", re.I)
#: US punctuation goes inside the closing quotation mark whatever the source had there.
_TRAILING_PUNCT = re.compile(r"[.,;:]+$")
_WORD = re.compile(r"[\w'’]+")
#: A lawyer's one-letter alteration ("[m]y" for "My"): the letter, not a word of its own.
_ALTERATION = re.compile(r"\[(\w)\]")


@dataclass
class CitationResult:
    found: FoundCitation
    document: Document | None
    unit: Unit | None
    verdict: Verdict
    detail: str
    suggested: tuple[str, str] | None = None  # (pinpoint, rendered citation)
    quote_span: tuple[int, int] | None = None  # where the quoted words are in the document
    target_span: tuple[int, int] | None = None  # what to highlight when the source is opened

    def to_json(self) -> dict[str, Any]:
        f, d = self.found, self.document
        pin = f.pinpoint.text if f.pinpoint else None
        return {
            "text": f.text, "char_start": f.char_start, "char_end": f.char_end, "quote": f.quote,
            "pinpoint": pin,
            "document": None if d is None else {"id": d.id, "source": d.source, "title": d.title,
                                                "citation": d.citation, "kind": d.kind.value},
            "unit": None if self.unit is None else (self.unit.label or self.unit.number),
            # the self-check's verdict on the document's labels, and whether it vouches for this unit's
            "numbering": None if d is None else numbering_verdict(d),
            "label_verified": None if self.unit is None else not (label_unverified(self.unit)
                                                                  or label_by_order(self.unit)),
            "verdict": self.verdict.value, "detail": self.detail,
            "suggested": None if self.suggested is None else {"pinpoint": self.suggested[0],
                                                              "rendered": self.suggested[1]},
            "target": None if self.target_span is None else {"char_start": self.target_span[0],
                                                             "char_end": self.target_span[1]},
        }


@dataclass
class CheckReport:
    """A draft's citations, each with its verdict and why (``results``); ``to_json()`` is ``pincite check
    --json``."""

    file: str
    as_of: datetime.date | None
    text: str
    results: list[CitationResult]
    seconds: float = 0.0
    #: spans that look like citations but are not ones the finder reads ("§ 11.1", "Curo, ¶31", "id. at 14"):
    #: (start, end, what they look like) — each needs a reader's eye
    unrecognised: list[tuple[int, int, str]] = field(default_factory=list)

    @property
    def summary(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for r in self.results:
            out[r.verdict.value] = out.get(r.verdict.value, 0) + 1
        return out

    @property
    def all_ok(self) -> bool:
        """Every citation checked and found ok — and at least one found: a draft in which no citation was
        recognised is never "all ok"."""
        return bool(self.results) and all(r.verdict is Verdict.OK for r in self.results)

    @property
    def status(self) -> str:
        """``ok``, ``problems`` (a citation is not ok) or ``no-citations`` (none recognised)."""
        if not self.results:
            return "no-citations"
        return "ok" if self.all_ok else "problems"

    def to_json(self) -> dict[str, Any]:
        return {"file": self.file, "as_of": self.as_of.isoformat() if self.as_of else None,
                "status": self.status, "citations": [r.to_json() for r in self.results], "summary": self.summary,
                "unrecognised": [{"text": self.text[a:b], "char_start": a, "char_end": b, "looks_like": what}
                                 for a, b, what in self.unrecognised]}


# -- the stored documents, as a draft names them ----------------------------------------------------------


@dataclass
class _DocInfo:
    doc: Document
    norm: tuple[str, list[int]]
    words: list[set[str]] = field(default_factory=list)  # per unit
    loose: tuple[str, list[int]] | None = None  # the text without labels or spaces (:func:`_loose_text`)


class Library:
    """The store's documents as citations name them, loaded once per check (documents are read on first use)."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.summaries = store.list_documents()
        self._docs: dict[str, _DocInfo] = {}
        self._openings: dict[str, str] = {}
        self._resolved: dict[tuple[object, ...], tuple[list[Document], str]] = {}

    def info(self, doc_id: str) -> _DocInfo:
        got = self._docs.get(doc_id)
        if got is None:
            doc = self.store.get_document(doc_id)
            got = _DocInfo(doc, normalise_with_map(doc.text))
            self._docs[doc_id] = got
        return got

    def doc(self, doc_id: str) -> Document:
        return self.info(doc_id).doc

    def _of_kind(self, *kinds: DocumentKind) -> list[DocumentSummary]:
        return [s for s in self.summaries if s.kind in kinds]

    def resolve(self, ref: Ref) -> tuple[list[Document], str]:
        """The stored documents ``ref`` may mean (several: the versions of an Act, or copies of one contract),
        and what was searched, for an ``unresolved`` verdict's detail."""
        key = ref.key()
        if key not in self._resolved:
            self._resolved[key] = self._resolve(ref)
        return self._resolved[key]

    def _resolve(self, ref: Ref) -> tuple[list[Document], str]:
        if ref.kind == Kind.CASE and ref.application:
            return self._by_application(ref)
        if ref.kind == Kind.CASE:
            return self._by_neutral(ref)
        if ref.kind == Kind.REPORTER:
            return self._by_reporter(ref)
        if ref.kind == Kind.USC:
            return self._by_usc(ref)
        return self._by_name(ref.name or "")

    def _opening(self, s: DocumentSummary) -> str:
        """The names a judgment goes by, run together without case or punctuation: its title, citation, cover
        page and running headers (a slip opinion prints its reporter citation only there)."""
        got = self._openings.get(s.id)
        if got is None:
            got = self._openings[s.id] = self._opening_text(s)
        return got

    def _opening_text(self, s: DocumentSummary) -> str:
        d = self.doc(s.id)
        furniture = " ".join(" ".join(p.furniture) for p in d.pages[:6])
        return loose_name(" ".join([d.title, d.citation or "", str(d.meta.get("cite") or ""),
                                    str(d.meta.get("summary_of_cite") or ""), d.text[:4000], furniture]))

    def _by_neutral(self, ref: Ref) -> tuple[list[Document], str]:
        want = loose_name(ref.neutral or "")
        docs = self._of_kind(DocumentKind.JUDGMENT, DocumentKind.SUMMARY)
        exact = [s for s in docs if s.citation and loose_name(s.citation) == want]
        if not exact:  # a judgment whose parser read no citation is searched by its opening pages
            exact = [s for s in docs if not s.citation and want and want in self._opening(s)]
        # a judgment before its press summary: the summary is what is cited only when it is all that is stored
        exact.sort(key=lambda s: s.kind is not DocumentKind.JUDGMENT)
        if exact and exact[0].kind is DocumentKind.JUDGMENT:
            exact = [s for s in exact if s.kind is DocumentKind.JUDGMENT]
        searched = (f"no stored judgment or summary has the neutral citation {ref.neutral}"
                    f" (searched {len(docs)} judgments' citations and opening pages)")
        return [self.doc(s.id) for s in exact[:1]], searched

    def _by_application(self, ref: Ref) -> tuple[list[Document], str]:
        """A judgment of the European Court of Human Rights by its application number ("38030/12"), as its
        citation or its cover prints it ("[GC], no. 38030/12"; "(Application no. 38030/12)")."""
        want = re.compile(rf"(?<![\d/]){re.escape(ref.application or '')}(?![\d/])")
        docs = self._of_kind(DocumentKind.JUDGMENT)
        hits = [s for s in docs if s.citation and want.search(s.citation)]
        if not hits:
            hits = [s for s in docs if not s.citation and want.search(self.doc(s.id).text[:4000])]
        searched = (f"no stored judgment has the application number {ref.application}"
                    f" (searched {len(docs)} judgments' citations and covers)")
        return [self.doc(s.id) for s in hits[:1]], searched

    def _by_reporter(self, ref: Ref) -> tuple[list[Document], str]:
        vol, rep, page = ref.reporter or ("", "", None)
        forms = [f"{vol} {rep} {page}" if page else None, f"{rep} {vol}-{page}" if page else None, f"{vol} {rep}"]
        wanted = [loose_name(f) for f in forms if f]
        party = (ref.short or "").casefold()
        docs = self._of_kind(DocumentKind.JUDGMENT)
        hits = []
        for s in docs:
            if s.citation and _reporter_key(s.citation) not in wanted:
                continue  # known by another citation (a neutral citation): not this reporter's case
            opening = self._opening(s)
            if any(w and w in opening for w in wanted[:2]) or (wanted[-1] in opening and party
                                                                and party in s.title.casefold()):
                hits.append(s)
        searched = (f"no stored opinion is {vol} {rep} {page or '___'}"
                    + (f" or names {ref.short} in its title" if ref.short else "")
                    + f" (searched {len(docs)} judgments' citations, titles and opening pages)")
        return [self.doc(s.id) for s in hits[:1]], searched

    def _by_usc(self, ref: Ref) -> tuple[list[Document], str]:
        title, sec = ref.usc or ("", "")
        note = re.compile(rf"\[\s*{re.escape(title)}\s+U\.\s?S\.\s?C\.\s+{re.escape(sec)}\s*\]")
        statutes = self._of_kind(DocumentKind.STATUTE)
        hits = [s for s in statutes if note.search(self.doc(s.id).text)]
        hits.sort(key=lambda s: version_date(s) or "", reverse=True)
        return ([self.doc(s.id) for s in hits],
                f"no stored statute carries the Code note [{title} U.S.C. {sec}] (searched {len(statutes)} statutes)")

    def _by_name(self, name: str) -> tuple[list[Document], str]:
        searched = f"no stored Act, bill or contract is named {name!r} (searched works' titles, short codes and " \
                   f"citations, and {len(self.summaries)} documents' titles)"
        if not name.strip():
            return [], searched
        try:
            work = resolve_work(self.store, name)
        except (NotFound, PinciteError):
            work = None
        if work is not None:
            versions = [s for s in self.summaries if s.work == work.key]
            versions.sort(key=lambda s: version_date(s) or "", reverse=True)
            return [self.doc(s.id) for s in versions], searched
        hits = [s for s in self.summaries if s.kind in (DocumentKind.CONTRACT, DocumentKind.STATUTE)
                and names_title(name, s.title)]
        return [self.doc(s.id) for s in hits], searched


# -- units by the pinpoints a draft writes ---------------------------------------------------------------------

_LABEL_PREFIX = re.compile(r"^\s*(?:s\.|ss\.|sec\.|section|cl\.|clause|art\.|article|§)\s*", re.I)


#: A kind word inside a pinpoint, spelled out or abbreviated: one name for one unit ("Schedule 2, paragraph 1" is
#: the unit labelled "Sch. 2, para. 1"; "regulation 4" is "reg. 4"), as writers and legislation.gov.uk differ.
_KIND_WORDS = ((re.compile(r"\bsch(?:edule\b|\.|\b)\s*", re.I), "sch."),
               (re.compile(r"\bpara(?:graph\b|\.|\b)\s*", re.I), "para."),
               (re.compile(r"\breg(?:ulation\b|\.|\b)\s*", re.I), "reg."))

#: "paragraph 1 of Schedule 6" is "Sch. 6, para. 1", as the parser labels it (after the kind words are shortened)
_PARA_OF_SCHEDULE = re.compile(r"\bpara\.([\w()]+)\s+of\s+(?:the\s+)?sch\.(\w+)", re.I)
#: the comma between a schedule and its paragraph ("Sch. 6, para. 1" and "Schedule 6 paragraph 1" are one)
_STEP_COMMA = re.compile(r",(?=(?:para|reg)\.)")


#: A schedule named by its ordinal, as older Acts head them ("the Third Schedule, paragraph 1" is "Sch. 3, para. 1";
#: the Agricultural Wages (Scotland) Act 1949 prints "FIRST SCHEDULE"): one name for one unit.
_ORDINAL_SCHEDULE = re.compile(rf"\b(?:the\s+)?({'|'.join(ORDINAL_WORDS)})\s+schedule\b", re.I)


#: A section-sign section under a part, as lawyers write it ("II. § 6(6)", "Part II, § 6", "III § 1"), read as the
#: parser labels it ("Pt. II, § 6(6)"): European terms number their sections again under each part.
_PART_SECTION = re.compile(r"^(?:part|pt\.?)?([ivxlc]{1,6}|\d{1,3})[.,]?(?=§)")


def _norm_num(x: str | None) -> str:
    out = _LABEL_PREFIX.sub("", x or "")
    out = _ORDINAL_SCHEDULE.sub(lambda m: f"Schedule {ORDINAL_WORDS.index(m.group(1).lower()) + 1}", out)
    for pat, short in _KIND_WORDS:
        out = pat.sub(short, out)
    out = _PARA_OF_SCHEDULE.sub(r"sch.\2 para.\1", out)
    out = _STEP_COMMA.sub("", re.sub(r"\s+", "", out).rstrip(".").casefold())
    return _PART_SECTION.sub(r"pt.\1,", out)


#: a unit's number or label as a pinpoint writes it, the kind word and the closing stop aside ("cl. 5", "5." and
#: "5" are one; "Art. 9(1)" and "9(1)"), for the gold resolver's reading of a name that prints no kind word
pinpoint_name = _norm_num


def _path(doc: Document, u: Unit, stop: int | None = None) -> str:
    """A provision's full number: '4' '(1)' '(c)' -> '4(1)(c)'; a contract's '2.1' is whole already."""
    chain: list[Unit] = []
    cur: Unit | None = u
    while cur is not None and cur.ordinal != stop:
        chain.append(cur)
        cur = doc.units[cur.parent] if cur.parent is not None else None
    out = ""
    for x in reversed(chain):
        n = _norm_num(x.number)
        if not n:
            continue
        if out and not n.startswith("(") and x.label and _norm_num(x.label).endswith(f"{out}({n})"):
            n = f"({n})"  # an EU article's paragraph, printed "2." and labelled "Article 4(2)": under its article
        out = out + n if n.startswith("(") else n
    return out


#: a provision's full number as a pinpoint names it ("4(1)(c)"), for evidence's index of what questions name
provision_path = _path


#: a label with words a number path does not carry ("Annex, Part III", "Annex, Part I, Table 2"): the label is then
#: a name a pinpoint may use
_LABEL_WORDS = re.compile(r"\b(?:Annex|Part|Table|Appendix|Schedule|Sch\.|Chapter|Title|Section|Division)\b", re.I)


def find_units(doc: Document, kind: str, value: str, within: Unit | None = None) -> list[Unit]:
    """The units a pinpoint value names: a paragraph by its printed number, a provision by its full number."""
    v = _norm_num(value)
    out = []
    for u in doc.units:
        if u.kind is UnitKind.HEADING or u.zone is Zone.NOTE:
            continue  # a heading or an editorial note or footnote is never what a pinpoint names
        if within is not None and not (within.char_start <= u.char_start and u.char_end <= within.char_end):
            continue
        if kind == "paragraph":
            if u.number and _norm_num(u.number) == v and u.kind in (UnitKind.PARAGRAPH, UnitKind.BLOCK):
                out.append(u)
        else:
            key = u.attrs.get("key")
            label = _norm_num(u.label) if u.label else ""
            bare = _norm_num(u.number)
            if (u.number or "").startswith("(") or label.endswith(f"({bare})"):
                bare = ""  # "(2)", or an EU article's "2." labelled "Article 4(2)": no pinpoint names it alone
            names = {_path(doc, u, within.ordinal if within is not None else None), bare}
            if key and doc.kind is DocumentKind.STATUTE and within is None:
                names.add(normalize_key(str(key)).casefold())
            if within is None and u.label and "§" in u.label and "," in u.label:
                names.add(label)  # "Pt. II, § 6(6)": its path leaves the restarting part out
            if v in names or (within is None and u.label and _LABEL_WORDS.search(u.label)
                              and v.replace(",", "") == label.replace(",", "")):
                out.append(u)  # "Annex Part III": a unit named by its printed label, commas aside
    # the outermost of nested units sharing a number (a paragraph and its continuation)
    return [u for u in out if not any(o is not u and o.char_start <= u.char_start and u.char_end <= o.char_end
                                      and (o.char_end - o.char_start) > (u.char_end - u.char_start) for o in out)]


def _page_label(doc: Document, offset: int) -> str | None:
    label = page_at(doc, offset)
    if label is None and doc.pages and offset < doc.pages[0].char_end:
        nxt = doc.pages[1].label if len(doc.pages) > 1 else None
        if nxt == "2":
            return "1"  # a first page without a printed number, before page 2
    return label


def _pages_of(doc: Document, start: int, end: int) -> set[str]:
    out = set()
    for p in doc.pages:
        if p.char_start < end and start < p.char_end:
            lab = p.label or (_page_label(doc, p.char_start) or "")
            if lab:
                out.add(lab)
    if not out:
        lab = _page_label(doc, start)
        if lab:
            out.add(lab)
    return out


def _smallest_unit(doc: Document, start: int, end: int) -> Unit | None:
    containing = tuple(u.ordinal for u in doc.units
                       if u.char_start <= start and end <= u.char_end and u.kind is not UnitKind.HEADING)
    return innermost_unit(doc, start, end, containing) if containing else None


# -- where the words are ----------------------------------------------------------------------------------


def _occurrences(info: _DocInfo, quote: str, loose: bool = True) -> list[tuple[int, int]]:
    """Every place the quotation is in the document (as a lawyer writes it; a full stop or comma the draft put
    inside the closing quotation mark need not be in the source); where it is not, and ``loose``, where it is
    with labels and spacing not counted (:func:`_loose_occurrences`)."""
    text = info.doc.text
    normed, idx = info.norm
    out: list[tuple[int, int]] = []
    for q in dict.fromkeys([quote, _TRAILING_PUNCT.sub("", quote.strip())]):
        if not q.strip():
            continue
        offset = 0
        while offset < len(idx) and len(out) <= 20:
            hit = locate_lawyer_quote(text, q, (normed, idx), offset)
            if hit is None:
                break
            out.append(hit)
            offset = bisect.bisect_left(idx, hit[1])
        if out:
            return out
    return _loose_occurrences(info, quote) if loose else []


#: What a lawyer leaves out of a statute's words when quoting them as running text: the labels of its paragraphs
#: ("(a)", "(vii.1)", "(2)") and the line breaks and spaces between them.
_LABEL_TOKEN = re.compile(r"\((?:\d{1,3}(?:\.\d+)?|[a-z]{1,2}(?:\.\d+)?|[ivxlc]{1,7}(?:\.\d+)?|[A-Z])\)")
_SPACE = re.compile(r"\s+")
#: The shortest quotation (in characters, labels and spaces left out) looked for loosely: shorter ones would be
#: found by chance.
LOOSE_MIN_CHARS = 24


def _loose(text: str, offsets: list[int] | None = None) -> tuple[str, list[int]]:
    """``text`` without labels, spaces or case, and for each character kept its offset in ``offsets`` (or in
    ``text``)."""
    drop = [False] * len(text)
    for pat in (_LABEL_TOKEN, _SPACE):
        for m in pat.finditer(text):
            for i in range(m.start(), m.end()):
                drop[i] = True
    chars: list[str] = []
    idx: list[int] = []
    for i, ch in enumerate(text):
        if not drop[i]:
            low = ch.lower()
            chars.append(low if len(low) == 1 else ch)
            idx.append(offsets[i] if offsets is not None else i)
    return "".join(chars), idx


def _loose_occurrences(info: _DocInfo, quote: str) -> list[tuple[int, int]]:
    """Where the quotation is when its labels ("(a)") and spacing are not counted: a paragraph of an Act quoted
    as running text.  A lawyer's alteration brackets ("[i]f") are read as the letters they hold; an ellipsis is
    not loosened."""
    if "…" in quote or "..." in quote or re.search(r"\[[^\]]{2,}\]", quote):
        return []
    want, _ = _loose(re.sub(r"[\[\]]", "", _TRAILING_PUNCT.sub("", normalise(quote).strip())))
    if len(want) < LOOSE_MIN_CHARS:
        return []
    if info.loose is None:
        normed, idx = info.norm
        info.loose = _loose(normed, idx)
    text, idx = info.loose
    out: list[tuple[int, int]] = []
    at = text.find(want)
    while at >= 0 and len(out) <= 20:
        out.append((idx[at], idx[at + len(want) - 1] + 1))
        at = text.find(want, at + len(want))
    return out


def _words(s: str) -> list[str]:
    return [w.casefold().replace("’", "'") for w in _WORD.findall(normalise(s))]


def _unit_words(info: _DocInfo) -> None:
    """Each unit's words, once per document (normalising only changes quote marks, dashes and spaces, which
    :data:`_WORD` does not keep, so the words are read from the text as it is)."""
    if not info.words:
        doc = info.doc
        info.words = [{w.casefold().replace("’", "'") for w in _WORD.findall(doc.unit_text(u))} for u in doc.units]


def _closest(info: _DocInfo, quote: str, units: Iterable[Unit] | None = None) -> tuple[Unit, float, str] | None:
    """The passage a quotation was most likely copied from, when it is not there word for word: (unit, the
    similarity of the matched stretch, a word diff 'quote → source')."""
    doc = info.doc
    _unit_words(info)
    q = _words(_ALTERATION.sub(r"\1", quote))
    if len(q) < 3:
        return None
    qs = set(q)
    pool = list(units) if units is not None else [u for u in doc.units if u.kind is not UnitKind.HEADING]
    scored = sorted(((len(qs & info.words[u.ordinal]) / len(qs), -(u.char_end - u.char_start), u) for u in pool),
                    key=lambda t: (t[0], t[1]), reverse=True)[:4]
    best: tuple[Unit, float, str] | None = None
    for share, _, u in scored:
        if share < ALTERED_MIN_WORDS:
            break
        src_words = _WORD.findall(normalise(doc.unit_text(u)))
        uw = [w.casefold().replace("’", "'") for w in src_words]
        sm = difflib.SequenceMatcher(None, q, uw, autojunk=False)
        blocks = [b for b in sm.get_matching_blocks() if b.size]
        if not blocks:
            continue
        matched = sum(b.size for b in blocks)
        lo, hi = blocks[0].b, blocks[-1].b + blocks[-1].size
        ratio = 2 * matched / (len(q) + (hi - lo))
        if matched / len(q) < ALTERED_MIN_WORDS or ratio < ALTERED_MIN_RATIO:
            continue
        if best is None or ratio > best[1] + 1e-9:
            diff = _word_diff(_WORD.findall(normalise(_ALTERATION.sub(r"\1", quote))), src_words[lo:hi])
            best = (u, ratio, diff)
    return best


def _word_diff(a: list[str], b: list[str]) -> str:
    """'draft "x y" where the source has "z"; …' for each difference, case aside."""
    sm = difflib.SequenceMatcher(None, [w.casefold() for w in a], [w.casefold() for w in b], autojunk=False)
    parts = []
    for op, i1, i2, j1, j2 in sm.get_opcodes():
        if op == "equal":
            continue
        mine, theirs = " ".join(a[i1:i2]), " ".join(b[j1:j2])
        if op == "replace":
            parts.append(f"the draft has “{mine}” where the source has “{theirs}”")
        elif op == "delete":
            parts.append(f"the draft adds “{mine}”")
        else:
            parts.append(f"the draft leaves out “{theirs}” without an ellipsis")
    return "; ".join(parts[:4]) + ("; …" if len(parts) > 4 else "")


# -- the verdict on one citation ----------------------------------------------------------------------------


class Checker:
    """Checks the citations of drafts against one store (reusing what it loaded across drafts)."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.library = Library(store)

    def check_text(self, text: str, file: str = "-", as_of: datetime.date | None = None) -> CheckReport:
        t0 = time.perf_counter()
        day = as_of or datetime.date.today()
        found = find_citations(text)
        results = [_in_draft_words(self.check_one(fc, day)) for fc in found]
        loose = loose_citations(text, [(fc.char_start, fc.char_end) for fc in found])
        # the date the law was read as of, given or today's: a report saying null would not say what was checked
        return CheckReport(file=file, as_of=day, text=text, results=results, seconds=time.perf_counter() - t0,
                           unrecognised=loose)

    # one citation ------------------------------------------------------------------------------------------

    def check_one(self, fc: FoundCitation, day: datetime.date) -> CitationResult:
        docs, searched = self.library.resolve(fc.ref)
        if not docs:
            return CitationResult(fc, None, None, Verdict.UNRESOLVED, searched)
        statute_versions = len(docs) > 1 and all(d.work and d.work == docs[0].work for d in docs)
        if statute_versions:
            return self._check_versions(fc, docs, day)
        results = [self._check_in(fc, d, day) for d in docs]
        # copies of one contract (its PDF and its text): the one where the words and the pinpoint are found
        rank = {Verdict.OK: 0, Verdict.WRONG_PINPOINT: 1, Verdict.PAGE_AS_PARAGRAPH: 1, Verdict.DISSENT: 1,
                Verdict.QUOTED_AS_HOLDING: 1, Verdict.NOT_CITABLE: 1, Verdict.QUOTE_ALTERED: 2, Verdict.UNVERIFIED_PROPOSITION: 2,
                Verdict.NOT_IN_FORCE: 2, Verdict.QUOTE_NOT_FOUND: 3, Verdict.NO_SUCH_UNIT: 4}
        return min(results, key=lambda r: rank.get(r.verdict, 5))

    def _cited_units(self, fc: FoundCitation, doc: Document) -> list[Unit] | None:
        """The units the pinpoint names (None: the pinpoint is a page, or there is none)."""
        pin = fc.pinpoint
        if pin is None or pin.kind in ("page", "slip-page"):
            return None
        if fc.ref.kind == Kind.USC:
            return self._usc_units(fc, doc)
        kind = "paragraph" if pin.kind == "paragraph" else "provision"
        out: list[Unit] = []
        for v in pin.values:
            out.extend(find_units(doc, kind, v))
        return out

    def _usc_units(self, fc: FoundCitation, doc: Document) -> list[Unit]:
        title, sec = fc.ref.usc or ("", "")
        note = re.compile(rf"\[\s*{re.escape(title)}\s+U\.\s?S\.\s?C\.\s+{re.escape(sec)}\s*\]")
        base: Unit | None = None
        for u in doc.units:
            if note.fullmatch(doc.unit_text(u).strip()):
                # the Code note follows the section it codifies
                base = next((x for x in reversed(doc.units[: u.ordinal])
                             if x.kind is UnitKind.SECTION and x.parent is None), None)
                break
        if base is None:
            return []
        sub = (fc.pinpoint.first if fc.pinpoint else "")[len(sec):]
        if not sub:
            return [base]
        return find_units(doc, "provision", sub, within=base)

    def _check_in(self, fc: FoundCitation, doc: Document, day: datetime.date) -> CitationResult:
        info = self.library.info(doc.id)
        cited = self._cited_units(fc, doc)
        pin = fc.pinpoint
        page_pin = pin is not None and pin.kind in ("page", "slip-page")
        if cited is not None and not cited:
            return self._no_such_unit(fc, doc, info, day)
        if page_pin and doc.pages and not self._reporter_pagination(fc, doc):
            if not any(_page_exists(doc, v) for v in pin.values):  # type: ignore[union-attr]
                return self._no_such_unit(fc, doc, info, day)
        if fc.quote is None:
            return self._proposition(fc, doc, info, cited)
        hits = _occurrences(info, fc.quote)
        if not hits:
            return self._not_there(fc, doc, info, cited)
        start, end = self._pick(doc, hits, cited, fc)
        unit = _smallest_unit(doc, start, end)
        if unit is None:
            return CitationResult(fc, doc, None, Verdict.QUOTE_NOT_FOUND,
                                  "the quoted words run across two units of the document, so no one pinpoint holds "
                                  "them", quote_span=(start, end), target_span=(start, end))
        return self._judge(fc, doc, unit, start, end, cited, day)

    def _pick(self, doc: Document, hits: list[tuple[int, int]], cited: list[Unit] | None,
              fc: FoundCitation) -> tuple[int, int]:
        """Of several places the words are, the one inside the cited unit, else on the cited page, else a
        citable one, else the first."""
        if cited:
            for h in hits:
                if any(_within(h, u) for u in cited):
                    return h
        if fc.pinpoint is not None and fc.pinpoint.kind in ("page", "slip-page") and doc.pages:
            for h in hits:
                if _pages_of(doc, *h) & set(fc.pinpoint.values):
                    u = _smallest_unit(doc, *h)
                    if u is not None and u.citable:
                        return h
        for h in hits:
            u = _smallest_unit(doc, *h)
            if u is not None and u.citable:
                return h
        return hits[0]

    def _candidate(self, fc: FoundCitation, doc: Document, unit: Unit, start: int, end: int,
                   extra: dict[str, object] | None = None) -> Candidate:
        raw = RawCitation(passage="draft", quote=fc.quote or "", extra=extra or {})
        return Candidate(claim=RawClaim(text=fc.sentence, citations=(raw,)), raw=raw, doc=doc,
                         quote_start=start, quote_end=end, unit=unit)

    def _judge(self, fc: FoundCitation, doc: Document, unit: Unit, start: int, end: int,
               cited: list[Unit] | None, day: datetime.date) -> CitationResult:
        turn = TurnContext(question=fc.sentence, as_of=day, documents=[], by_pid={})
        here = pinpoint(doc, unit, start, end)
        suggested = (here, render_citation(doc, unit, start, end))

        def result(verdict: Verdict, detail: str, sugg: tuple[str, str] | None = None) -> CitationResult:
            if label_unverified(unit):
                # the document's own text contradicts the label of the unit holding the words
                # (parse/selfcheck): a pinpoint cannot be judged right or wrong against it, nor is it suggested
                if verdict is Verdict.WRONG_PINPOINT:
                    verdict = Verdict.UNRESOLVED
                    detail = (f"the quoted words are {_at(here)}; the document's own cross-references or "
                              f"printed numbers contradict that unit's label {unit.label!r}, so the pinpoint "
                              f"{fc.pinpoint.text if fc.pinpoint else ''} could not be checked")
                elif verdict is Verdict.OK:
                    detail += (f" ({UNVERIFIED_NUMBERING}: the label {unit.label!r} is contradicted by the "
                               f"document)")
            return CitationResult(fc, doc, unit, verdict, detail, sugg, (start, end), (start, end))

        c = self._candidate(fc, doc, unit, start, end)
        zone = check_citable_zone(c, turn)
        if zone:
            return result(Verdict.NOT_CITABLE, zone[0].detail)
        if unit.role in DISSENTING:
            found = check_dissent_not_holding(c, turn)
            if found and not NAMES_DISSENT.search(_unquoted(fc.sentence, fc.quote)):
                return result(Verdict.DISSENT, found[0].detail + "; the sentence presents the words as the court's")
        quoted = [f for f in check_quoted_not_holding(c, turn) if f.drop]
        if quoted:
            own = _own_restatement(doc, unit, start, end, fc.quote or "")
            detail = quoted[0].detail + "; the sentence presents them as the court's holding"
            if own is not None:
                detail += f"; the court's own words on the point are {_at(pinpoint(doc, own))}"
                return result(Verdict.QUOTED_AS_HOLDING, detail, (pinpoint(doc, own), render_citation(doc, own)))
            return result(Verdict.QUOTED_AS_HOLDING, detail)
        against = self._contradiction(fc, doc, unit, start, end)
        if against is not None:
            return result(Verdict.CONTRADICTS_QUOTE, against)
        pin = fc.pinpoint
        if pin is None:
            return result(Verdict.OK, f"the quoted words are {_at(here)} (the citation gives no pinpoint)")
        if cited is not None:
            if any(_overlaps(start, end, u) for u in cited):
                return result(Verdict.OK, f"the quoted words are {_at(here)}")
            extra: dict[str, object] = {"paragraph" if pin.kind == "paragraph" else "label": pin.text}
        else:
            pages = _pages_of(doc, start, end)
            if self._reporter_pagination(fc, doc):
                return result(Verdict.OK, f"the quoted words are in the opinion ({here}); the stored copy is "
                                          f"paginated differently from {fc.ref.reporter[1] if fc.ref.reporter else 'the reporter'}"
                                          f", so page {pin.text} could not be checked")
            if pages & set(pin.values):
                return result(Verdict.OK, f"the quoted words are on p. {'/'.join(sorted(pages))} ({here})")
            extra = {"page": pin.first}
        pc = self._candidate(fc, doc, unit, start, end, extra)
        wrong_kind = check_page_not_paragraph(pc, turn)
        if wrong_kind:
            return result(Verdict.PAGE_AS_PARAGRAPH, wrong_kind[0].detail, suggested)
        return result(Verdict.WRONG_PINPOINT, f"the quoted words are {_at(here)}, not {_at(pin.text)}", suggested)

    def _contradiction(self, fc: FoundCitation, doc: Document, unit: Unit, start: int, end: int) -> str | None:
        """The draft's own words against the words it quotes: the sentence less its quotation and its citation,
        judged against the quotation (:func:`pincite.answer.agreement.judge`) — the rule it breaks and how, or
        None.  The lawyer chose the quotation, so the sentence is held to it, not to the words around it."""
        if not fc.quote:
            return None
        own = _unquoted(fc.sentence, fc.quote).replace(fc.text, " ")
        quoted = doc.text[start:end]
        j = judge(own, quoted, None, "\n".join([doc.title, " ".join(unit.section_path)]))
        return f"{j.rule}: {j.detail}" if j.contradicts else None

    def _reporter_pagination(self, fc: FoundCitation, doc: Document) -> bool:
        """A reporter's page pinpoint on a stored copy with its own pagination (a slip opinion): the pages it
        prints stop before the reporter's first page, so the reporter's page numbers are not in it."""
        pin, rep = fc.pinpoint, fc.ref.reporter
        if pin is None or pin.kind != "page" or rep is None or not rep[2] or not rep[2].isdigit():
            return False
        nums = [int(p.label) for p in doc.pages if p.label and p.label.isdigit()]
        return not nums or max(nums) < int(rep[2])

    def _no_such_unit(self, fc: FoundCitation, doc: Document, info: _DocInfo, day: datetime.date) -> CitationResult:
        pin = fc.pinpoint
        what = pin.text if pin else "the pinpoint"
        sugg = None
        span = None
        unit = None
        if fc.quote:
            hits = _occurrences(info, fc.quote)
            if hits:
                start, end = self._pick(doc, hits, None, fc)
                unit = _smallest_unit(doc, start, end)
                if unit is not None:
                    turn = TurnContext(question=fc.sentence, as_of=day, documents=[], by_pid={})
                    zone = check_citable_zone(self._candidate(fc, doc, unit, start, end), turn)
                    if zone:  # a press summary cited as if it had the judgment's paragraphs: not citable at all
                        return CitationResult(fc, doc, unit, Verdict.NOT_CITABLE, zone[0].detail, None,
                                              (start, end), (start, end))
                    # the page read as a paragraph: 'at [7]' in an opinion that numbers pages, not paragraphs
                    if pin is not None and pin.kind == "paragraph":
                        pc = self._candidate(fc, doc, unit, start, end, {"paragraph": pin.text})
                        wrong_kind = check_page_not_paragraph(pc, turn)
                        if wrong_kind:
                            return CitationResult(fc, doc, unit, Verdict.PAGE_AS_PARAGRAPH, wrong_kind[0].detail,
                                                  (pinpoint(doc, unit, start, end),
                                                   render_citation(doc, unit, start, end)),
                                                  (start, end), (start, end))
                    sugg = (pinpoint(doc, unit, start, end), render_citation(doc, unit, start, end))
                    span = (start, end)
        kinds = {"paragraph": "no paragraph numbered", "page": "no page", "slip-page": "no page",
                 "provision": "no provision"}
        detail = f"{doc.title} has {kinds.get(pin.kind if pin else '', 'nothing at')} {what}"
        if sugg:
            detail += f"; the quoted words are {_at(sugg[0])}"
        return CitationResult(fc, doc, None, Verdict.NO_SUCH_UNIT, detail, sugg, span, span)

    def _proposition(self, fc: FoundCitation, doc: Document, info: _DocInfo,
                     cited: list[Unit] | None) -> CitationResult:
        """No quotation: which unit best supports the sentence (by shared words), reported, never passed."""
        words = set(_words(_strip_citations(fc.sentence))) - _STOP
        _unit_words(info)
        pool = [u for u in doc.units if u.citable and u.kind is not UnitKind.HEADING]
        best = max(pool, key=lambda u: (len(words & info.words[u.ordinal]), -(u.char_end - u.char_start)),
                   default=None)
        target = cited[0] if cited else best
        detail = "no quotation to check: the sentence's proposition needs reading against the source"
        sugg = None
        if best is not None:
            sugg = (pinpoint(doc, best), render_citation(doc, best))
            same = cited is not None and any(_overlaps(best.char_start, best.char_end, u) for u in cited)
            detail += (f"; the cited unit is the best match by shared words ({sugg[0]})" if same
                       else f"; the unit sharing most of its words is {sugg[0]}")
        span = (target.char_start, target.char_end) if target is not None else None
        return CitationResult(fc, doc, target, Verdict.UNVERIFIED_PROPOSITION, detail, sugg, None, span)

    def _not_there(self, fc: FoundCitation, doc: Document, info: _DocInfo,
                   cited: list[Unit] | None) -> CitationResult:
        close = _closest(info, fc.quote or "")
        if close is not None:
            unit, ratio, diff = close
            sugg = (pinpoint(doc, unit), render_citation(doc, unit))
            return CitationResult(fc, doc, unit, Verdict.QUOTE_ALTERED,
                                  f"close to the words {_at(sugg[0])} ({ratio:.0%} alike) but not the same: {diff}", sugg,
                                  None, (unit.char_start, unit.char_end))
        target = cited[0] if cited else None
        return CitationResult(fc, doc, target, Verdict.QUOTE_NOT_FOUND,
                              f"the quoted words are nowhere in {doc.title}, nor anything close to them", None, None,
                              (target.char_start, target.char_end) if target else None)

    # statutes: which version speaks on the draft's date ----------------------------------------------------

    def _check_versions(self, fc: FoundCitation, docs: list[Document], day: datetime.date) -> CitationResult:
        work = docs[0].work or ""
        key = fc.pinpoint.first if fc.pinpoint and fc.pinpoint.kind == "provision" else None
        in_force_doc = self._version_on(docs, work, key, day)
        if fc.quote is None:
            return self._check_in(fc, in_force_doc, day)
        found: list[tuple[Document, int, int, Unit]] = []
        # the words as written in any version before the words with their labels loosened: a fragment of repealed
        # text ("Act, the council of a participating First Nation") may run across the labels of the text now
        for loose in (False, True):
            for d in docs:
                info = self.library.info(d.id)
                cited = self._cited_units(fc, d)
                hits = _occurrences(info, fc.quote, loose)
                if not hits:
                    continue
                s, e = self._pick(d, hits, cited or None, fc)
                u = _smallest_unit(d, s, e)
                if u is not None:
                    found.append((d, s, e, u))
            if found:
                break
        if not found:
            return self._check_in(fc, in_force_doc, day)
        current = [f for f in found if in_force_on(f[3], day) and (f[3].in_force_from or f[3].in_force_to
                                                                     or f[0].id == in_force_doc.id)]
        if current:
            return self._check_in(fc, current[0][0], day)
        d, s, e, u = found[0]
        turn = TurnContext(question=fc.sentence, as_of=day, documents=[], by_pid={})
        window = check_version_window(self._candidate(fc, d, u, s, e), turn)
        detail = window[0].detail if window else f"{u.label} is not the text of {d.title} on {day.isoformat()}"
        detail += f"; the quoted words are {_at(pinpoint(d, u, s, e))} of {_versions_named(x[0] for x in found)}"
        now = provision_as_of(self.store, work, u.attrs.get("key") or key or "", day, docs) \
            if (u.attrs.get("key") or key) else None
        sugg = None
        if now is not None:
            nd, nu = now
            text = re.sub(r"\s+", " ", own_words(nd, nu)).strip()
            detail += f"; in force on {day.isoformat()}: “{text[:400]}{'…' if len(text) > 400 else ''}”"
            sugg = (pinpoint(nd, nu), render_citation(nd, nu))
        else:
            detail += f"; no text of it is in force on {day.isoformat()}"
        return CitationResult(fc, d, u, Verdict.NOT_IN_FORCE, detail, sugg, (s, e), (s, e))

    def _version_on(self, docs: list[Document], work: str, key: str | None, day: datetime.date) -> Document:
        """The version that speaks on ``day`` (for the cited provision when it has a window), else the latest
        one dated on or before it, else the earliest."""
        if key:
            got = provision_as_of(self.store, work, key, day, docs)
            if got is not None:
                return next((d for d in docs if d.id == got[0].id), got[0])
        dated = sorted(docs, key=lambda d: version_date(d) or "")
        before = [d for d in dated if (version_date(d) or "") <= day.isoformat()]
        return before[-1] if before else dated[0]


def _versions_named(docs: Iterable[Document]) -> str:
    """'the version as of 2020-03-25 and 2021-05-06' (the versions holding the words, oldest first)."""
    dates = sorted({version_date(d) or d.id for d in docs})
    return ("the version as of " if len(dates) == 1 else "the versions as of ") + (
        dates[0] if len(dates) == 1 else ", ".join(dates[:-1]) + " and " + dates[-1])


def own_words(doc: Document, unit: Unit) -> str:
    """A provision's own words: its text without the marginal note (a heading unit inside it) that opens it --
    a caption is not what the provision says."""
    start = unit.char_start
    for u in doc.units[unit.ordinal + 1:]:
        if u.char_start > start or u.char_start >= unit.char_end:
            break
        if u.kind is UnitKind.HEADING and u.parent == unit.ordinal and u.char_start == start:
            start = u.char_end
            while start < unit.char_end and doc.text[start].isspace():
                start += 1
    return doc.text[start:unit.char_end]


#: How the model checks' details name who gave a pinpoint, and how a draft's report says it.
_MODEL_WORDS = ((re.compile(r"\b[Tt]he pinpoint the model gave\b"), "the pinpoint the draft gives"),
                (re.compile(r"\b[Mm]odel gave\b"), "the draft gives"),
                (re.compile(r"\b[Tt]he model's\b"), "the draft's"),
                (re.compile(r"\b[Tt]he model\b"), "the draft"))


def _in_draft_words(r: CitationResult) -> CitationResult:
    """A verdict's detail in a draft's words: the checks were written for generated answers ("model gave …"); a
    lawyer's draft is not a model's."""
    detail = r.detail
    for pat, words in _MODEL_WORDS:
        detail = pat.sub(words, detail)
    r.detail = detail
    return r


def _at(pin: str) -> str:
    """'at [61]' stays; 's. 4(1)(c)' becomes 'in s. 4(1)(c)'."""
    return pin if pin.startswith("at ") else f"in {pin}"


def _page_exists(doc: Document, value: str) -> bool:
    return any((p.label or _page_label(doc, p.char_start)) == value for p in doc.pages)


def _within(h: tuple[int, int], u: Unit) -> bool:
    return u.char_start <= h[0] and h[1] <= u.char_end


def _overlaps(start: int, end: int, u: Unit) -> bool:
    """The quoted words are (mostly) inside the unit: a quote in a sub-item of a cited paragraph, or a cited
    provision's lead-in with its item, is in the cited unit."""
    inter = min(end, u.char_end) - max(start, u.char_start)
    return inter > 0 and inter * 2 >= (end - start)


#: The share of the quoted words' terms (stems, stop words left out) the court's own paragraph must hold to be offered
#: as restating the point, and the fewest terms that makes.
RESTATES_SHARE = 0.6
RESTATES_MIN_TERMS = 3


def _own_restatement(doc: Document, quoted_unit: Unit, start: int, end: int, quote: str) -> Unit | None:
    """The court's own paragraph (not quoted, not a dissent) sharing most content words with the quoted words."""
    want = set(terms(quote or doc.text[start:end]))
    best: tuple[int, Unit] | None = None
    for u in doc.units:
        if (not u.citable or u.kind is UnitKind.HEADING or u.role in DISSENTING or u.ordinal == quoted_unit.ordinal
                or (u.voice is not None and u.voice.quoted)):
            continue
        text = doc.text[u.char_start:u.char_end]
        if u.voice is not None:  # only the court's own words in it count
            for q in sorted(u.voice.spans, key=lambda q: -q.char_start):
                a, b = q.char_start - u.char_start, q.char_end - u.char_start
                text = text[:max(a, 0)] + " " + text[max(b, 0):]
        if u.char_start <= start < u.char_end:
            continue  # the paragraph holding the quotation reports it, it does not restate it
        if ARGUMENT.search(text):
            continue  # a party's case reported ("the landlord submitted that …") is not the court's point
        shared = len(want & set(terms(text)))
        if shared >= max(RESTATES_MIN_TERMS, RESTATES_SHARE * len(want)) and (best is None or shared > best[0]):
            best = (shared, u)
    return best[1] if best else None


def _unquoted(sentence: str, quote: str | None) -> str:
    return sentence.replace(quote, " ") if quote else sentence


_STOP = {"the", "a", "an", "of", "to", "in", "and", "or", "that", "is", "was", "be", "by", "on", "for", "it", "as",
         "at", "with", "this", "which", "not", "no", "its", "their", "his", "her", "are", "were", "has", "have",
         "had", "see", "v", "s", "para", "paras", "court", "held"}


def _strip_citations(sentence: str) -> str:
    return CITATION_WORDS.sub(" ", sentence)


def check_file(store: Store, data: bytes, source: str, as_of: datetime.date | None = None,
               checker: Checker | None = None) -> CheckReport:
    """Read a draft (:func:`pincite.parse.draft.read_draft`) and check every citation in it."""
    from pincite.parse.draft import read_draft

    text = read_draft(data, source)
    return (checker or Checker(store)).check_text(text, file=source, as_of=as_of)


def _reporter_key(citation: str) -> str:
    """A stored reporter citation as a draft's is compared: without its year and without the blank a slip opinion
    prints for the page not yet known ('569 U. S. ____ (2013)' is '569 U.S.')."""
    return loose_name(re.sub(r"\(\d{4}\)\s*$", "", citation)).replace("_", "")
