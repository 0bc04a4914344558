"""Twins: one agreement stored from several files (the .txt and the .pdf of one filing, a contract filed twice).

Two stored contracts are the same agreement when

* their words are near-identical: the resemblance (Jaccard) of their sets of five-word shingles, letters only and
  case-folded (page numbers, clause numbers and line breaks differ between a PDF and its text), estimated from a
  bottom-k sketch of each, is at least :data:`THRESHOLD`;
* their printed titles are the same words (a "FORM OF" agreement or an amendment is another instrument, however
  alike its words);
* their parties agree where both name them, and so do their dates (the form and the signed agreement differ in
  one, an agreement and its renewal in the other);
* their operative terms agree: the figures their preamble and clauses state ("thirty (30) days", "$1,000",
  "5%") and the law that governs them (``legal.contracts.OPERATIVE_FIGURES``, ``GOVERNING_LAW``), read with
  the layout normalised (page furniture dropped, words broken at a line's end joined, spacing and case
  ignored), so that the .txt and the .pdf of one filing agree and a version with 90 days for 30, or Delaware
  law for California's, is another agreement, however alike its words (issue 48).

The files of one agreement form a *twin group*; one of them is its *canonical copy* (:func:`canonical_rank`), the
one a cross-document search or answer cites; the others stay stored, readable and listed as its copies.  Each
contract's fingerprint is kept in the store (``contract_prints``) with its group, so :func:`refresh_twins` reads a
document's text once, when it is first stored; it runs after every ingest, and when a store is opened that
holds contracts without a fingerprint (an ingest killed before grouping what it stored:
``ingest.regroup_unfinished``).

Measured on corpus/ and bulk/ (bench/NOTES.md, "Issue 25 — twins"): the nine corpus contracts' .txt/.pdf pairs
resemble each other at 0.77-1.00; different contracts under the same generic title at most 0.6.
"""

from __future__ import annotations

import hashlib
import heapq
import json
import re
from dataclasses import dataclass
from typing import Any

from pincite.legal.contracts import CORPORATE_SUFFIXES, GOVERNING_LAW, OPERATIVE_FIGURES
from pincite.parse.contract import is_furniture
from pincite.store import Store
from pincite.types import Document, Zone

#: words in a shingle: five words in a row rarely recur in another contract unless copied from it
SHINGLE_WORDS = 5
#: the smallest shingle hashes kept per contract: the resemblance estimate's standard error is about
#: sqrt(J(1-J)/k), 0.03 at J = 0.7
SKETCH_SIZE = 256
#: the resemblance at or above which two contracts with one title and the same parties are one agreement: the
#: lowest .txt/.pdf pair in corpus/ is 0.77 (Cybergy: the PDF's text runs its title page and clause numbers
#: together), the highest pair of different agreements with one title and the same parties is 0.76 (a "FORM OF"
#: content licence and the signed one, told apart by their titles anyway)
THRESHOLD = 0.7
#: bumped when a fingerprint's contents change (an older one is computed again)
PRINT_VERSION = 2

_WORD = re.compile(r"[^\W\d_]+")
_SUFFIX_WORDS = frozenset(w for s, _ in CORPORATE_SUFFIXES for w in _WORD.findall(s.casefold())) | {"the"}


def title_key(title: str) -> str:
    """A printed title as its words, case-folded ("CO-BRANDING AGREEMENT" = "Co-Branding Agreement")."""
    return " ".join(_WORD.findall(title.casefold()))


_FIGURE = re.compile("(?i)" + "|".join(f"(?:{p})" for p, _ in OPERATIVE_FIGURES))
_LAW = re.compile(GOVERNING_LAW[0])
_BROKEN_WORD = re.compile(r"(?<=[^\W\d_])-[ \t]*\r?\n[ \t]*(?=[^\W\d_])")


def _layout_free(text: str) -> str:
    """``text`` as running words: page furniture lines dropped, words broken at a line's end joined, every run
    of spacing and line breaks one space, typographic quotes plain."""
    text = _BROKEN_WORD.sub("", text).translate(str.maketrans("“”‘’", "\"\"''"))
    return " ".join(ln.strip() for ln in text.splitlines() if ln.strip() and not is_furniture(ln.strip()))


def operative_text(doc: Document) -> str:
    """The text of a contract's preamble and clauses, without its schedules, signatures and whatever is
    attached after them (a filing may attach another instrument to one copy: a termination agreement governed
    by another law is not the agreement's term); the whole text when it has no such units."""
    spans = sorted((u.char_start, u.char_end) for u in doc.units if u.zone in (Zone.BODY, Zone.OTHER))
    parts, end = [], 0
    for s, e in spans:
        if e > end:
            parts.append(doc.text[max(s, end):e])
            end = e
    return "\n".join(parts) if parts else doc.text


def operative_terms(text: str) -> tuple[list[str], list[str]]:
    """The figures a contract's sentences state and the places whose law or courts govern it, each normalised
    (case-folded, spacing and thousands separators ignored): what two copies of one agreement share and two
    versions of it do not."""
    flat = _layout_free(text)
    figures = {re.sub(r"[\s,]+", " ", m.group().casefold()).replace("( ", "(").replace(" )", ")").strip()
               for m in _FIGURE.finditer(flat)}
    laws = {" ".join(m.group(1).split()).casefold() for m in _LAW.finditer(flat)}
    return sorted(figures), sorted(laws)


def party_key(name: str) -> str:
    """A party's first two words, case-folded, without corporate suffixes ("Bioamber S.A.S." = "BioAmber SAS")."""
    words = [w for w in _WORD.findall(name.casefold()) if w not in _SUFFIX_WORDS]
    return " ".join(words[:2])


def party_name(name: str) -> str:
    """A party's whole name, case-folded, without corporate suffixes ("Acme Widgets Holdings, Inc." = "acme
    widgets holdings")."""
    return " ".join(w for w in _WORD.findall(name.casefold()) if w not in _SUFFIX_WORDS)


def sketch(text: str, k: int = SKETCH_SIZE) -> list[int]:
    """The ``k`` smallest 64-bit hashes of ``text``'s five-word shingles (letters only, case-folded)."""
    words = _WORD.findall(text.casefold())
    n = SHINGLE_WORDS
    shingles = {" ".join(words[i:i + n]) for i in range(max(1, len(words) - n + 1))} if words else set()
    hashes = (int.from_bytes(hashlib.blake2b(s.encode("utf-8"), digest_size=8).digest(), "big") for s in shingles)
    return heapq.nsmallest(k, hashes)


def resemblance(a: list[int], b: list[int], k: int = SKETCH_SIZE) -> float:
    """The Jaccard resemblance of two shingle sets, estimated from their bottom-k sketches."""
    if not a or not b:
        return 0.0
    sa, sb = set(a), set(b)
    union = heapq.nsmallest(k, sa | sb)
    return sum(1 for h in union if h in sa and h in sb) / len(union)


def fingerprint(doc: Document) -> dict[str, Any]:
    """What :func:`same_agreement` and :func:`canonical_rank` compare, kept in the store."""
    title = str(doc.meta.get("instrument_title") or doc.title)
    figures, laws = operative_terms(operative_text(doc))
    return {
        "v": PRINT_VERSION, "title": title_key(title), "parties": sorted({party_key(p) for p in
                                                                         doc.meta.get("parties") or ()} - {""}),
        "date": doc.date, "sketch": sketch(doc.text), "ocr": bool(doc.meta.get("ocr")), "pages": len(doc.pages),
        "warnings": len(doc.warnings), "numbered": sum(1 for u in doc.units if u.number), "source": doc.source,
        "figures": figures, "laws": laws,
        "names": sorted({party_name(p) for p in doc.meta.get("parties") or ()} - {""}),
    }


def same_agreement(a: dict[str, Any], b: dict[str, Any]) -> bool:
    """Whether two fingerprints are of one agreement (see the module's docstring)."""
    if a["title"] != b["title"] or not a["title"]:
        return False
    if not _same_parties(a["parties"], b["parties"]):
        return False
    if a["date"] and b["date"] and a["date"] != b["date"]:
        return False
    if a["figures"] != b["figures"] or a["laws"] != b["laws"]:
        return False  # another version: a figure or the governing law changed
    if not _same_parties(a["names"], b["names"]):
        return False  # (the parties' whole names: "Acme Widgets Ltd" and "Acme Widgets Holdings Ltd" differ)
    return resemblance(a["sketch"], b["sketch"]) >= THRESHOLD


def _same_parties(a: list[str], b: list[str]) -> bool:
    """Whether two lists of party keys name the same parties: each of the shorter list is one of the longer
    (or the start of one: a name cut at a line end in one file is whole in the other).  True when either list
    is empty (a preamble the patterns could not read says nothing against)."""
    if not a or not b:
        return True
    short, long = (a, b) if len(a) <= len(b) else (b, a)
    return all(any(x == y or y.startswith(x + " ") or x.startswith(y + " ") for y in long) for x in short)


def canonical_rank(p: dict[str, Any]) -> tuple[Any, ...]:
    """Which copy of an agreement is cited (smallest first): one read from a text layer rather than by OCR (OCR
    text can differ from the page); then the one whose structure raised fewer warnings (its clause labels are
    the better pinpoints); then one with printed pages (a pinpoint can name the page); then the one with more
    numbered units; then the source, for a fixed order."""
    return (p["ocr"], p["warnings"], p["pages"] == 0, -p["numbered"], p["source"])


def twin_groups(prints: dict[str, dict[str, Any]]) -> list[list[str]]:
    """The groups of two or more ids whose fingerprints are one agreement, canonical copy first."""
    parent = {d: d for d in prints}

    def root(d: str) -> str:
        while parent[d] != d:
            parent[d] = parent[parent[d]]
            d = parent[d]
        return d

    by_title: dict[str, list[str]] = {}
    for d, p in sorted(prints.items()):
        by_title.setdefault(p["title"], []).append(d)
    for ids in by_title.values():
        for i, a in enumerate(ids):
            for b in ids[i + 1:]:
                if root(a) != root(b) and same_agreement(prints[a], prints[b]):
                    parent[root(b)] = root(a)
    groups: dict[str, list[str]] = {}
    for d in prints:
        groups.setdefault(root(d), []).append(d)
    return sorted((sorted(g, key=lambda d: canonical_rank(prints[d])) for g in groups.values() if len(g) > 1),
                  key=lambda g: g[0])


@dataclass(frozen=True, slots=True)
class TwinReport:
    contracts: int  # stored contracts
    printed: int  # fingerprints computed in this run (the others were kept)
    groups: list[list[str]]  # twin groups, canonical copy first


def refresh_twins(store: Store) -> TwinReport:
    """Fingerprint the stored contracts that have none yet and regroup them all; store what changed."""
    rows = store.contract_prints()
    prints: dict[str, dict[str, Any]] = {}
    fresh: set[str] = set()
    for doc_id, raw, _, _ in rows:
        p = json.loads(raw) if raw else None
        if p is None or p.get("v") != PRINT_VERSION:
            p = fingerprint(store.get_document(doc_id))
            fresh.add(doc_id)
        prints[doc_id] = p
    groups = twin_groups(prints)
    placed: dict[str, tuple[str | None, bool]] = {d: (None, False) for d in prints}
    for g in groups:
        for d in g:
            placed[d] = (f"twin:{g[0]}", d == g[0])
    old = {doc_id: (group, canonical) for doc_id, _, group, canonical in rows}
    changed = [(d, json.dumps(prints[d]), *placed[d]) for d in sorted(prints)
               if d in fresh or old.get(d) != placed[d]]
    store.set_contract_prints(changed)
    return TwinReport(contracts=len(prints), printed=len(fresh), groups=groups)
