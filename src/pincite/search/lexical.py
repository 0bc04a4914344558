"""The lexical index (tantivy): BM25 with the filters inside the query, and the legal-aware query parse.

Its bookkeeping (rows, generations, healing, writer locks) is :mod:`pincite.search.indexes`; the words it
indexes come from :mod:`pincite.text.terms`, the one analyser PostgreSQL's index shares.
"""

from __future__ import annotations

import contextlib
import errno
import functools
import json
import math
import os
import re
import shutil
import struct
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

from pincite.errors import DiskFull, IndexUnavailable
from pincite.legal.citations import neutral_citations, neutral_core
from pincite.search.indexes import (
    MISSING, WRITER_WAIT, Damage, IndexBusy, IndexDamaged, _crc32, _stat_key, _write_json_atomic, file_lock,
    iter_rows, order_ties, plan_changes, report_rebuild, store_identity,
)
from pincite.store import ChangeSet, Store
from pincite.text.terms import STOPWORDS, _tantivy, analyse_words, query_words
from pincite.types import DATE_MIN, Chunker, SearchFilters, date_key

LEXICAL_SCHEMA_VERSION = 10
#: The last 8 bytes of every file tantivy writes (not its meta.json): the footer's length and this number.
TANTIVY_FOOTER_MAGIC = 1337


def tantivy_file_damage(path: Path) -> str | None:
    """What is wrong with a file tantivy wrote, by its own footer (``{"version": ..., "crc": N}``, its length
    and a magic number at the end; the CRC-32 covers everything before the footer), or None when it checks
    out.  Reads the whole file: tantivy checks its footers only on demand, so an overwritten block in the
    middle of a segment file would otherwise be searched."""
    try:
        size = path.stat().st_size
        if size < 8:
            return f"{path.name}: {size} bytes, too short for tantivy's footer"
        with open(path, "rb") as f:
            f.seek(size - 8)
            n, magic = struct.unpack("<II", f.read(8))
            if magic != TANTIVY_FOOTER_MAGIC or n + 8 > size:
                return f"{path.name}: no tantivy footer at the end"
            f.seek(size - 8 - n)
            footer = json.loads(f.read(n))
        crc = int(footer["crc"])
    except FileNotFoundError:
        raise
    except (OSError, ValueError, KeyError, TypeError) as e:
        return f"{path.name}: unreadable footer ({e})"
    if _crc32(path, size - 8 - n) != crc:
        return f"{path.name}: checksum mismatch"
    return None


def _guarded(method: Callable[..., Any]) -> Callable[..., Any]:
    """A reading method of :class:`LexicalIndex`, run under its ``_reading`` guard."""
    @functools.wraps(method)
    def run(self: Any, *args: Any, **kwargs: Any) -> Any:
        with self._reading():
            return method(self, *args, **kwargs)

    return run


TEXT_FIELDS = ("text", "path")  # searched at chunk level; "docinfo" is searched at document level


def _lexical_schema() -> Any:
    tantivy = _tantivy()
    sb = tantivy.SchemaBuilder()
    sb.add_text_field("chunk_id", stored=True, tokenizer_name="raw")
    sb.add_text_field("doc_id", stored=True, tokenizer_name="raw", index_option="basic")
    for f in ("level", "kind", "source", "work"):
        sb.add_text_field(f, stored=False, tokenizer_name="raw", index_option="basic")
    for f in TEXT_FIELDS:
        sb.add_text_field(f, stored=False, tokenizer_name="en_stem")
    sb.add_text_field("docinfo", stored=True, tokenizer_name="en_stem")
    sb.add_integer_field("citable", indexed=True, fast=True)
    sb.add_integer_field("valid_from", indexed=True, fast=True)
    sb.add_integer_field("valid_to", indexed=True, fast=True)
    return sb.build()


#: The share of documents a word may be printed in and still pair with another to name one (:func:`naming_pairs`).
PAIR_SHARE = 0.2


def naming_pairs(query: str, rare: dict[str, float]) -> list[tuple[str, str, float]]:
    """Two of the query's rarer words (``rare``: analysed term -> weight, for terms at most :data:`PAIR_SHARE` of
    documents hold), next to each other in the query: printed together in a document's name ("Design Partner
    Agreement") they name it more surely than the same words apart, each such pair adding half the lesser word's
    weight.  (term, next term, weight), in the query's order; both backends score them alike."""
    words = [w for w in query_words(query) if w.lower() not in STOPWORDS]
    out = []
    for a, b in zip(words, words[1:]):
        ta, tb = analyse_words(a), analyse_words(b)
        if len(ta) == 1 and len(tb) == 1 and ta[0] in rare and tb[0] in rare and ta[0] != tb[0]:
            out.append((ta[0], tb[0], 0.5 * min(rare[ta[0]], rare[tb[0]])))
    return out


class LexicalIndex:
    """BM25 with filters inside the query, at two levels in one tantivy index: one row per document (its
    title, citation, source name and opening words: what a query uses to *name* a document) and one row per
    chunk (its text, section path and labels).  :meth:`rank_documents` finds the documents a query names;
    :meth:`search` ranks chunks, optionally lifted by those documents' scores (a prior)."""

    META = "pincite.json"
    #: tantivy's lock files: left in place when a damaged index is emptied (another process may hold them)
    LOCKS = frozenset({".tantivy-writer.lock", ".tantivy-meta.lock"})
    # defaults for the state below (an index object made without __init__, as bench/scale.py does, reads too)
    meta: dict[str, Any] | None = None
    _index: Any = None
    _failed: Damage | None = None
    rebuilding = False  # a rebuild from the store is under way in this process (others: IndexRebuilding)

    def __init__(self, path: Path, chunker: Chunker = Chunker.STRUCTURAL,
                 store_id: str | None = None) -> None:
        self.path = path
        self.chunker = chunker
        self.store_id = store_id  # the store this index must have been built from (None: not checked)
        self._checked: tuple[dict[str, tuple[int, ...]] | None, Damage | None] | None = None
        self._verified: dict[str, tuple[int, ...]] = {}  # tantivy files whose checksums passed, by stat key
        self.meta = self._read_meta()

    def _read_meta(self) -> dict[str, Any] | None:
        try:
            meta = json.loads((self.path / self.META).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None
        return meta if isinstance(meta, dict) and meta.get("schema") == LEXICAL_SCHEMA_VERSION else None

    @property
    def generation(self) -> int | None:
        return None if self.meta is None else int(self.meta["generation"])

    def is_stale(self, generation: int) -> bool:
        """Whether the index must be synced (or rebuilt) before answering for the store at ``generation``."""
        return self.check() is not None or self.generation != generation

    # -- health -----------------------------------------------------------------------------------

    def _files(self) -> dict[str, tuple[int, ...]] | None:
        """Stat key of every file of the folder but the lock files (None: no folder)."""
        try:
            with os.scandir(self.path) as it:
                return {e.name: _stat_key(e.stat(follow_symlinks=False)) for e in it
                        if e.name not in self.LOCKS and not e.is_dir(follow_symlinks=False)}
        except FileNotFoundError:
            return None
        except OSError as e:
            raise IndexUnavailable(f"cannot read the lexical index folder {self.path}: {e.strerror or e}") \
                from None

    def check(self) -> Damage | None:
        """Why the index cannot be answered from (None: it can).  A stat of each file when none changed since
        the last check; otherwise the files are looked at again: the record (``pincite.json``: schema, store,
        generation), tantivy's ``meta.json``, the footer checksum of every segment file not verified before
        with the same stat key, and opening the index."""
        if self._failed is not None:
            return self._failed
        files = self._files()
        if self._checked is not None and self._checked[0] == files:
            return self._checked[1]
        for _ in range(3):  # a writer in another process may replace files while we read them: look again
            try:
                damage = self._examine(files)
                break
            except FileNotFoundError:
                files = self._files()
        else:
            damage = Damage("is changing under us (files vanish while read)")
        if damage is not None:
            self.meta, self._index = None, None
        self._checked = (files, damage)
        return damage

    def _examine(self, files: dict[str, tuple[int, ...]] | None) -> Damage | None:
        if not files:
            return MISSING
        try:
            meta = json.loads((self.path / self.META).read_text(encoding="utf-8"))
            if not isinstance(meta, dict):
                raise ValueError("not a JSON object")
        except FileNotFoundError:
            return Damage(f"is incomplete (no {self.META}: a build was interrupted?)")
        except (OSError, ValueError) as e:
            return Damage(f"is damaged ({self.META}: {e})")
        if meta.get("schema") != LEXICAL_SCHEMA_VERSION:
            return Damage(f"was written by another version of pincite (schema {meta.get('schema')})")
        if self.store_id is not None and meta.get("store") != self.store_id:
            return Damage("does not record which store it was built from" if meta.get("store") is None
                          else "was built from another store")
        try:
            tmeta = json.loads((self.path / "meta.json").read_text(encoding="utf-8"))
            segments = [str(x["segment_id"]).replace("-", "") for x in tmeta["segments"]]
        except (OSError, ValueError, KeyError, TypeError) as e:
            if isinstance(e, FileNotFoundError):
                raise
            return Damage(f"is damaged (meta.json: {e})")
        for name, key in sorted(files.items()):
            if name.split(".", 1)[0] not in segments or self._verified.get(name) == key:
                continue
            bad = tantivy_file_damage(self.path / name)
            if bad:
                self._verified.pop(name, None)
                return Damage(f"is damaged ({bad})")
            self._verified[name] = key
        try:
            if self._index is None:
                self._index = self._open(fresh=False)
            elif self._checked is None or self._checked[0] is None or \
                    self._checked[0].get("meta.json") != files.get("meta.json"):
                self._index.reload()  # another process committed: search what it committed
        except (IndexUnavailable, ValueError) as e:
            self._index = None
            return Damage(f"cannot be opened ({e})")
        self.meta = meta
        return None

    def _fail(self, e: BaseException) -> IndexDamaged:
        """The index failed while being read: remember it (the next check reports it, so it is rebuilt)."""
        self._failed = Damage(f"failed while being read ({type(e).__name__}: {e})")
        self._index = None
        return IndexDamaged(f"the lexical index at {self.path} {self._failed.reason}; it is rebuilt from the "
                            "store")

    @contextlib.contextmanager
    def _reading(self) -> Iterator[None]:
        """Turn tantivy failing on a damaged file (ValueError, OSError, or a Rust panic) into
        :class:`IndexDamaged`."""
        try:
            yield
        except IndexUnavailable:
            raise
        except (ValueError, OSError) as e:
            raise self._fail(e) from e
        except BaseException as e:
            if type(e).__name__ != "PanicException":  # pyo3's, raised for a panic inside tantivy
                raise
            raise self._fail(e) from e

    # -- writing ------------------------------------------------------------------------------------

    def _open(self, fresh: bool) -> Any:
        tantivy = _tantivy()
        try:
            return tantivy.Index(_lexical_schema(), path=str(self.path), reuse=not fresh)
        except (ValueError, OSError) as e:
            raise IndexUnavailable(f"cannot open the lexical index at {self.path}: {e}") from e

    @property
    def index(self) -> Any:
        if self._index is None:
            if self.meta is None:
                raise IndexUnavailable(f"the lexical index at {self.path} is missing or unreadable; sync it first")
            with self._reading():
                self._index = self._open(fresh=False)
        return self._index

    def _start_afresh(self, wait: float) -> Any:
        """Empty the folder and create an empty index in it, holding the writer lock meanwhile (so no other
        process is writing into what we delete).  Another process reading the old files keeps them."""
        self.meta, self._index, self._verified, self._checked = None, None, {}, None
        try:
            self.path.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise IndexUnavailable(f"cannot create the lexical index folder {self.path}: {e.strerror or e}") \
                from None
        with file_lock(self.path / ".tantivy-writer.lock", wait,
                       f"the lexical index at {self.path} is being written by another pincite process"):
            try:
                for p in self.path.iterdir():
                    if p.name in self.LOCKS:
                        continue
                    if p.is_dir() and not p.is_symlink():
                        shutil.rmtree(p)
                    else:
                        p.unlink()
            except OSError as e:
                raise IndexUnavailable(
                    f"cannot empty the lexical index folder {self.path}: {e.strerror or e}") from None
            return self._open(fresh=True)

    def _writer(self, idx: Any, wait: float) -> Any:
        """tantivy's writer, waiting up to ``wait`` seconds for another process to let go of it."""
        deadline = time.monotonic() + wait
        while True:
            try:
                return idx.writer(heap_size=64_000_000, num_threads=1)
            except ValueError as e:
                if "LockBusy" not in str(e):
                    raise IndexUnavailable(f"cannot write the lexical index at {self.path}: {e}") from e
                if time.monotonic() >= deadline:
                    raise IndexBusy(f"the lexical index at {self.path} is being written by another pincite "
                                    "process") from None
            time.sleep(0.05)

    def sync(self, store: Store, on_progress: Callable[[int, int], None] | None = None,
             wait: float = WRITER_WAIT) -> ChangeSet:
        """Bring the index up to date with ``store``: rebuilt from scratch (and said so) when it is missing,
        damaged or another store's.  Waits up to ``wait`` seconds for another process's writer
        (:class:`IndexBusy` after that)."""
        sid = store_identity(store)
        if sid != self.store_id:
            self.store_id, self._checked = sid, None
        damage = self.check()
        fresh = damage is not None
        if fresh:
            assert damage is not None
            self.rebuilding = True  # before saying so: whoever hears of the rebuild finds it under way
            report_rebuild("lexical", self.path, damage)
        try:
            return self._sync(store, on_progress, wait, fresh)
        except (OSError, ValueError) as e:  # tantivy says "No space left on device (os error 28)"
            if getattr(e, "errno", None) == errno.ENOSPC or "os error 28" in str(e):
                raise DiskFull(self.path, "the lexical index; it stays as it was and is brought up to date by "
                                          "the next search once there is room") from e
            raise
        finally:
            self.rebuilding = False

    def _sync(self, store: Store, on_progress: Callable[[int, int], None] | None, wait: float,
              fresh: bool) -> ChangeSet:
        if fresh:
            idx = self._start_afresh(wait)
            self._failed = None
            indexed: dict[str, int] = {}
        else:
            idx = self.index
            indexed = {k: int(v) for k, v in self.meta["docs"].items()}  # type: ignore[index]
        plan = plan_changes(store, indexed)
        if plan.empty and not fresh and plan.generation == self.generation:
            return plan
        tantivy = _tantivy()
        writer = self._writer(idx, wait)
        for d in plan.remove | set(plan.add):
            writer.delete_documents_by_term("doc_id", d)
        for i, rows in enumerate(iter_rows(store, plan.add, self.chunker)):
            for r in rows:
                writer.add_document(tantivy.Document(
                    level="chunk", chunk_id=r.chunk_id, doc_id=r.doc_id, kind=r.kind, source=r.source, work=r.work,
                    text=r.text, path=f"{r.path} {r.lead}".strip(), citable=int(r.citable), valid_from=r.valid_from,
                    valid_to=r.valid_to,
                ))
            if rows:
                r = rows[0]
                writer.add_document(tantivy.Document(
                    level="doc", doc_id=r.doc_id, kind=r.kind, source=r.source, work=r.work, docinfo=r.docinfo,
                    citable=1, valid_from=min(x.valid_from for x in rows), valid_to=max(x.valid_to for x in rows),
                ))
            if on_progress:
                on_progress(i + 1, len(plan.add))
        writer.commit()
        writer.wait_merging_threads()
        idx.reload()
        searcher = idx.searcher()
        n_docs = searcher.search(tantivy.Query.term_query(idx.schema, "level", "doc"), 1, count=True).count
        self.meta = {"schema": LEXICAL_SCHEMA_VERSION, "generation": plan.generation, "documents": n_docs,
                     "docs": {d: g for d, g in plan.docs.items()}, "store": self.store_id}
        _write_json_atomic(self.path / self.META, self.meta)
        del writer  # lets go of the writer lock now, not whenever the object is collected
        files = self._files() or {}
        self._verified = dict(files)  # what we just wrote and committed: no need to read it back
        self._checked = (files, None)
        return plan

    @_guarded
    def rank_documents(self, query: str, filters: SearchFilters, limit: int = 20) -> list[tuple[str, float, str]]:
        """(doc id, score, document information) of the documents a query names, best first, among documents
        with a chunk passing ``filters``.

        A document's score is the sum, over the distinct query words found in its title, citation, source name
        or opening words, of the word's inverse document frequency among documents: a shared rare word (a
        party's name, a citation number) outweighs common ones, however long the title page is."""
        tantivy = _tantivy()
        Q, idx = tantivy.Query, self.index
        searcher = idx.searcher()
        n = max(1, int(self.meta.get("documents", 1))) if self.meta else 1
        should = []
        idfs: dict[str, float] = {}  # the words few documents name themselves by (:func:`naming_pairs`)
        for term in dict.fromkeys(analyse_words(" ".join(query_words(query)))):
            df = searcher.doc_freq("docinfo", term)
            if df:
                idf = math.log(1 + (n - df + 0.5) / (df + 0.5))
                if df <= max(1, PAIR_SHARE * n):
                    idfs[term] = idf
                should.append((tantivy.Occur.Should, Q.const_score_query(Q.term_query(idx.schema, "docinfo", term), idf)))
        if not should:
            return []
        for a, b, w in naming_pairs(query, idfs):
            should.append((tantivy.Occur.Should, Q.const_score_query(
                Q.phrase_query(idx.schema, "docinfo", [a, b]), w)))
        clauses = [(tantivy.Occur.Must, Q.boolean_query(should)), *_filter_clauses(idx, "doc", filters)]
        return [(d["doc_id"][0], score, d["docinfo"][0])
                for d, score in top_hits(searcher, Q.boolean_query(clauses), limit, "doc_id")]

    @_guarded
    def document_frequency(self, words: Sequence[str]) -> tuple[dict[str, int], int]:
        """For each word, how many indexed documents hold it in their document information; and how many
        documents there are."""
        idx = self.index
        searcher = idx.searcher()
        n = max(1, int(self.meta.get("documents", 1))) if self.meta else 1
        out = {}
        for w in words:
            terms = analyse_words(w)
            out[w] = searcher.doc_freq("docinfo", terms[0]) if terms else 0
        return out, n

    @_guarded
    def search(self, query: str, filters: SearchFilters, limit: int, prior: dict[str, float] | None = None,
               drop_words: frozenset[str] = frozenset(), drop_boost: float = 0.0) -> list[tuple[str, float]]:
        """Chunk ids and scores, best first, only among chunks that pass ``filters``.

        The score is BM25 of the query (less ``drop_words``: the words that named a document) over the chunk's
        text and section path, plus ``prior[doc_id]`` for chunks of the documents the query named."""
        tantivy = _tantivy()
        Q, idx = tantivy.Query, self.index
        should = []
        q = parse_legal_query(idx, query, drop=drop_words, drop_boost=drop_boost)
        if q is not None:
            should.append((tantivy.Occur.Should, q))
        for doc_id, w in (prior or {}).items():
            if w > 0:
                should.append((tantivy.Occur.Should, Q.const_score_query(Q.term_query(idx.schema, "doc_id", doc_id), w)))
        if not should:
            return []
        clauses = [(tantivy.Occur.Must, Q.boolean_query(should)), *_filter_clauses(idx, "chunk", filters)]
        searcher = idx.searcher()
        hits = top_hits(searcher, Q.boolean_query(clauses), limit, "chunk_id")
        return [(d["chunk_id"][0], score) for d, score in hits]


#: Lexical scores (BM25, about 1 to 50) are compared to this many decimals: float32 rounding differs in the
#: last bit (about 1e-6) with the segment a chunk is in, so finer differences are noise, not ranking.
SCORE_DECIMALS = 4


def top_hits(searcher: Any, query: Any, limit: int, key: str) -> list[tuple[Any, float]]:
    """The ``limit`` best (stored document, score) of ``query``, best first, equal scores in the
    :func:`order_ties` order of the document's ``key`` field.  tantivy breaks ties by its document
    addresses, which follow insertion order and segments: a store ingested in two steps (``pincite eval``:
    the corpus, then the files the gold sets name outside it) ranked equal scores (a named document's
    chunks, a sentence two versions share) otherwise than one ingested at once, and kept others at the
    cut-off.  So the hits are fetched past the last one tied with the ``limit``-th, then ordered here.
    Scores are rounded to :data:`SCORE_DECIMALS` first: tantivy sums a chunk's term scores in float32 in an
    order that depends on its segment, so the same chunk scores a last bit apart in two such stores
    (8.1213284 and 8.1213274)."""
    if limit <= 0:
        return []
    want, most = limit, max(1, searcher.num_docs)
    while True:
        found = searcher.search(query, min(want + 1, most), count=False).hits
        hits = [(round(score, SCORE_DECIMALS), addr) for score, addr in found]
        if len(hits) <= want or hits[-1][0] < hits[limit - 1][0]:
            break  # every match fetched, or the last one scores below the limit-th
        want *= 4  # the tie at the cut-off runs past what was fetched
    docs = ((score, searcher.doc(addr)) for score, addr in hits)
    return order_ties(docs, lambda d: d[key][0], limit)


def _filter_clauses(idx: Any, level: str, f: SearchFilters) -> list[tuple[Any, Any]]:
    """The clauses that keep only ``level`` rows ("chunk" or "doc") passing ``f``, each scoring 0: only the
    query's words and the prior rank.  A filter that scored would add a constant that tantivy drops where
    the clause matches every document of a segment (an --as-of date that every passage of the documents
    ingested in a later step is in force on): the same passage scored 1.0 less in a store ingested in two
    steps than in one ingested at once (46 of the 101 held-out questions retrieved otherwise)."""
    tantivy = _tantivy()
    Q = tantivy.Query
    filters = [Q.term_query(idx.schema, "level", level), *_tantivy_filters(idx, f)]
    return [(tantivy.Occur.Must, Q.const_score_query(q, 0.0)) for q in filters]


def _tantivy_filters(idx: Any, f: SearchFilters) -> list[Any]:
    tantivy = _tantivy()
    Q, schema = tantivy.Query, idx.schema
    out = []
    if not f.include_non_citable:
        out.append(Q.term_query(schema, "citable", 1))
    if f.kinds:
        out.append(Q.term_set_query(schema, "kind", [k.value for k in f.kinds]))
    if f.sources:
        out.append(Q.term_set_query(schema, "source", list(f.sources)))
    if f.works:
        out.append(Q.term_set_query(schema, "work", list(f.works)))
    if f.documents:
        out.append(Q.boolean_query([
            (tantivy.Occur.Should, Q.term_set_query(schema, "doc_id", list(f.documents))),
            (tantivy.Occur.Should, Q.term_set_query(schema, "source", list(f.documents))),
        ]))
    if f.as_of:
        d = date_key(f.as_of, DATE_MIN)
        out.append(Q.range_query(schema, "valid_from", tantivy.FieldType.Integer, None, d, True, True))
        out.append(Q.range_query(schema, "valid_to", tantivy.FieldType.Integer, d, None, False, True))
    return out


# -- the legal-aware query parse ---------------------------------------------------------------------

#: "s. 4(1)(c)", "section 12", "cl. 2.1", "para 14", "art. 5(2)", "4(1)(c)"
PROVISION = re.compile(
    r"(?:\b(?:ss?|sec|secs|section|sections|cl|cls|clause|clauses|art|arts|article|articles|para|paras|paragraph|"
    r"paragraphs|reg|regs|regulation|r|rr|rule|sch|schedule)\b\.?\s*|§+\s*)"
    r"(\d+(?:\.\d+)*[A-Za-z]?(?:\s*\([0-9A-Za-z]{1,6}\))*)|\b(\d+[A-Za-z]?(?:\([0-9A-Za-z]{1,6}\))+)",
    re.I,
)
_OPERATORS = {"and", "or", "not", "to", "in"}  # tantivy's parser reads AND/OR/NOT/IN/TO specially
FIELD_BOOSTS = {"text": 1.0, "path": 0.5}
USE_STOPWORDS = True
PHRASE_BOOST = 4.0


def legal_phrases(query: str) -> list[tuple[str, str]]:
    """(field, phrase words) for the things a legal query names: neutral citations and provision labels."""
    out: list[tuple[str, str]] = []
    for m in neutral_citations(query, bracketed=False):  # "[2020] EWCA Civ 1018", "2024 ZASCA 21"
        out.append(("docinfo", " ".join(query_words(neutral_core(m)))))
    for m in PROVISION.finditer(query):
        label = m.group(1) or m.group(2)
        words = query_words(label)
        if len(words) >= 2:
            out.append(("path", " ".join(words)))
    return out


def parse_legal_query(idx: Any, query: str, fields: Sequence[str] = TEXT_FIELDS,
                      boosts: dict[str, float] | None = None, phrase_fields: set[str] | None = None,
                      drop: frozenset[str] = frozenset(), drop_boost: float = 0.0) -> Any:
    """A tantivy query for free text: every word OR-ed over ``fields`` (boosted by field), plus phrase clauses
    for citations and provision labels.  Query syntax in the input is never interpreted: the string handed to
    tantivy's parser holds only words we built (letters and digits), so quotes, colons, brackets or a stray
    ``AND`` cannot break or change it.  Words in ``drop`` are left out (or weighted ``drop_boost``).  None when
    no word is left."""
    raw = query_words(query)
    if USE_STOPWORDS and any(w not in STOPWORDS for w in raw):
        raw = [w for w in raw if w not in STOPWORDS]
    words = [w if w not in drop else f"{w}^{drop_boost:g}" for w in raw
             if w not in _OPERATORS and len(w) <= 40 and (w not in drop or drop_boost > 0)]
    phrase_fields = set(fields) if phrase_fields is None else phrase_fields
    parts = [" ".join(words)] if words else []
    for field, phrase in legal_phrases(query):
        ws = [w for w in phrase.split() if w not in _OPERATORS]
        if field in phrase_fields and len(ws) >= 2:
            parts.append(f'{field}:"{" ".join(ws)}"^{PHRASE_BOOST}')
    if not parts:
        return None
    boosts = FIELD_BOOSTS if boosts is None else boosts
    try:
        return idx.parse_query(" ".join(parts), list(fields), boosts)
    except ValueError:  # should not happen with words only; fall back to the bare words
        return idx.parse_query(" ".join(words), list(fields), boosts) if words else None


def expansion_words(terms: Sequence[str]) -> list[str]:
    """The distinct words of ``terms`` (a phrase gives its words less the stop words), as the lexical query
    of an expansion: phrases are not matched as phrases, so every backend scores them the same way."""
    out: dict[str, None] = {}
    for t in terms:
        ws = [w for w in query_words(t) if w not in _OPERATORS and len(w) <= 40]
        for w in ws:
            if len(ws) == 1 or w not in STOPWORDS:
                out.setdefault(w, None)
    return list(out)
