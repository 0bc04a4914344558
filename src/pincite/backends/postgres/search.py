"""Search inside PostgreSQL: BM25 over our own inverted index for the lexical ranking, pgvector for the dense one.

The same contract as :class:`pincite.search.lexical.LexicalIndex` and :class:`pincite.search.dense.DenseIndex` (what the
:class:`~pincite.search.retrieve.Retriever` calls), with every filter inside the SQL: citability, kinds, sources,
works, documents, and ``as_of`` (a chunk's own in-force window, and its version's window: a version of a work
speaks from its date until the next version's, computed from the stored versions at query time).

**Lexical: the embedded index's BM25, computed in SQL.**  PostgreSQL's own full-text ranking (``ts_rank``)
scored every row matching any word and ranked worse than tantivy (LegalBench-RAG lexical precision@1 3.6 % vs
6.5 %; p50 229 ms, p95 790 ms on the bulk corpus), so the store keeps its own inverted index, written in the document's
own transaction (never behind the store):

* ``chunk_terms(doc_id, chunker, ordinal, field, term, tf, norm, positions)``: one posting per term of a chunk's
  field (0: its text; 1: its section path, labels and lead-in, with positions for phrase clauses), ``norm``
  the field's length quantised as tantivy stores it (:func:`fieldnorm`); a covering btree on
  ``(term, field, chunker)`` so a query reads only its own terms' postings (index-only);
* ``doc_terms(doc_id, term)``: the distinct terms of a document's title, citation, source name and opening
  words (what a query uses to *name* a document);
* ``chunks.n_text`` / ``n_path``: the fields' exact lengths, whose sums give the average lengths.

Terms come from :func:`pincite.text.terms.analyse_words` (tantivy's ``en_stem`` analyzer itself: simple tokenizer,
long tokens removed, lower-cased, English stemmer), and a query is built from the embedded parse's own pieces
(:func:`~pincite.text.terms.query_words`, ``STOPWORDS``, ``_OPERATORS``, ``FIELD_BOOSTS``, ``PHRASE_BOOST``,
:func:`~pincite.search.lexical.legal_phrases`), with the parser's own habits (a
repeated word counts once, two words with one stem twice), so both backends rank alike: the same chunks and
the same points, up to a constant per query, on every LegalBench-RAG query (tests/corpus/test_postgres_bm25.py
checks it on real judgments and contracts).  The score is tantivy's BM25
(k1 = 1.2, b = 0.75): per query term and field, ``boost * idf * (k1 + 1) * tf / (tf + k1 * (1 - b + b * norm
/ avgnorm))``, where ``idf = ln(1 + (N - df + 0.5) / (df + 0.5))``, ``N`` counts chunk rows and document rows
(the embedded index holds both) and ``avgnorm`` is the field's total length over ``N``; a provision label's
phrase clause scores with the sum of its terms' idfs and its phrase frequency.  Corpus statistics (``N``, the
average lengths, each term's ``df`` counted through the btree) are cached per store generation.  One SQL
statement sums the postings of the query's terms per chunk (hashed in memory), adds the named-document prior,
and applies the filters to the best chunks (when too
few of those pass, to every chunk that matched); documents filtered by kind, source, work or id narrow the
postings read.  Searches run on the calling thread's connection (:meth:`PostgresStore.thread_conn`).

**Documents named by a query** (:meth:`PgLexicalIndex.rank_documents`): the sum of the idf (among documents)
of the distinct query terms found in a document's ``doc_terms``, as the embedded index's constant-score clauses.

**Dense.**  ``chunk_vectors`` holds one ``vector(384)`` per piece of a chunk (the embedded index's pieces and
header), keyed by document, embedded by :meth:`PgDenseIndex.sync` for the documents whose generation moved.
A chunk scores its best piece's cosine.  Search is exact (a scan) while the table is small or a filter narrows
it; past :data:`ANN_MIN_ROWS` vectors an unfiltered search uses the HNSW index (``hnsw.ef_search`` raised to
the depth asked for), adding the chunks of the named documents exactly.  A sync writing many vectors (at least
:data:`HNSW_BULK_MIN`, and more than the table holds) drops the HNSW index first and builds it once after the
load: maintaining the graph row by row made the bulk corpus's load take 17 minutes.  Searches during such a
load read the vectors exactly; a load that dies midway leaves the index to the next sync, which builds it.
"""

from __future__ import annotations

import bisect
import math
import struct
import time
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from pincite.errors import IndexUnavailable
from pincite.search.dense import DENSE_FORMAT_VERSION, PIECE_CHARS, embedding_inputs, text_hash, vectors_for
from pincite.search.embed import Embedder
from pincite.search.indexes import IndexRow, iter_rows, plan_changes
from pincite.search.lexical import (_OPERATORS, FIELD_BOOSTS, PAIR_SHARE, PHRASE_BOOST, USE_STOPWORDS, legal_phrases,
                                    naming_pairs)
from pincite.store import ChangeSet, Store
from pincite.text.terms import STOPWORDS, analyse_words, query_words
from pincite.types import DATE_MAX, DATE_MIN, Chunker, SearchFilters, date_key

if TYPE_CHECKING:
    import numpy as np


class PgStore(Store, Protocol):
    """What these indexes use of :class:`~pincite.backends.postgres.store.PostgresStore`, named by a protocol
    rather than imported: the store imports this module (it writes the postings in each document's
    transaction, and hands these indexes out), so importing it back would make a loop."""

    conn: Any

    def thread_conn(self) -> Any: ...
    def _write(self, what: str, keys: Iterable[str], body: Callable[[], Any]) -> Any: ...


#: BM25 parameters (tantivy's).
K1 = 1.2
B = 0.75
#: Field codes in ``chunk_terms``.
TEXT, PATH = 0, 1
FIELD_NAMES = {TEXT: "text", PATH: "path"}
#: Memory for one lexical search's per-chunk sums (PostgreSQL's default 4 MB spills them to disk).
WORK_MEM = "64MB"
#: Past this many vectors an unfiltered dense search uses the HNSW index instead of an exact scan.
ANN_MIN_ROWS = 50_000
#: The most pieces an HNSW search returns (pgvector's largest hnsw.ef_search).
ANN_MAX = 1000
#: A dense sync writing at least this many vectors (and more than the table already holds) loads them without
#: the HNSW index and builds it after.
HNSW_BULK_MIN = 20_000
HNSW_INDEX = "chunk_vectors_hnsw"
_HNSW_LOCK = "pincite:hnsw"


# -- analysis: the postings of one chunk ---------------------------------------------------------------


def _norm_table() -> list[int]:
    """The 256 lengths a field norm can take (Lucene's SmallFloat ``byte4ToInt``, which tantivy uses)."""
    free = 24  # 255 - longToInt4(Integer.MAX_VALUE): values below are exact

    def int4_to_long(i: int) -> int:
        bits, shift = i & 0x07, (i >> 3) - 1
        return bits if shift == -1 else (bits | 0x08) << shift

    return [b if b < free else free + int4_to_long(b - free) for b in range(256)]


_NORMS = _norm_table()


def fieldnorm(n: int) -> int:
    """A field's length as tantivy scores it: the largest of its 256 stored lengths not above ``n``."""
    return _NORMS[bisect.bisect_right(_NORMS, n) - 1]


def path_field(row: IndexRow) -> str:
    """The second searched field of a chunk: section path and labels, then the enclosing lead-in (as the
    embedded index writes it)."""
    return f"{row.path} {row.lead}".strip()


def field_postings(row: IndexRow) -> tuple[Counter[str], int, dict[str, list[int]], int]:
    """(text term counts, text length, path term positions, path length) of one chunk's index row (positions
    for the path only: the phrase clauses of provision labels are matched there)."""
    text_terms = analyse_words(row.text)
    positions: dict[str, list[int]] = {}
    path = path_field(row)
    terms = analyse_words(path)
    words = query_words(path)
    if len(terms) != len(words):  # a word the analyzer drops or splits: per word, so positions stay the words'
        terms = [t for w in words for t in analyse_words(w)]
    for i, t in enumerate(terms):
        positions.setdefault(t, []).append(i)
    return Counter(text_terms), len(text_terms), positions, len(terms)


def posting_rows(doc_id: str, chunker: str, ordinal: int, row: IndexRow) -> tuple[list[tuple[Any, ...]], int, int]:
    """``chunk_terms`` rows of one chunk, and its text and path lengths."""
    counts, n_text, positions, n_path = field_postings(row)
    nt, np_ = fieldnorm(n_text), fieldnorm(n_path)
    out: list[tuple[Any, ...]] = [(doc_id, chunker, ordinal, TEXT, t, tf, nt, None) for t, tf in counts.items()]
    out += [(doc_id, chunker, ordinal, PATH, t, len(ps), np_, ps) for t, ps in positions.items()]
    return out, n_text, n_path


def document_terms(docinfo: str) -> list[str]:
    """The distinct terms of a document's information (title, citation, source name, opening words)."""
    return list(dict.fromkeys(analyse_words(docinfo)))


def idf(df: int, n: int) -> float:
    """BM25's inverse document frequency (tantivy's)."""
    return math.log(1 + (n - df + 0.5) / (df + 0.5))


# -- filters -------------------------------------------------------------------------------------------


def filter_sql(f: SearchFilters, chunks: bool = True) -> tuple[list[str], list[Any]]:
    """WHERE clauses (over ``c`` = chunks, ``d`` = documents) and their parameters for ``f``.  With
    ``chunks=False`` only document-level clauses, and ``as_of`` keeps documents with a chunk in force."""
    where: list[str] = []
    args: list[Any] = []
    if chunks and not f.include_non_citable:
        where.append("c.citable")
    dw, da = document_filter_sql(f)
    where += dw
    args += da
    if f.as_of:
        k = date_key(f.as_of, DATE_MIN)
        if chunks:
            where.append("c.valid_from <= %s AND c.valid_to > %s")
            args += [k, k]
        else:
            where.append("EXISTS (SELECT 1 FROM chunks c WHERE c.doc_id = d.id AND c.valid_from <= %s "
                         "AND c.valid_to > %s)")
            args += [k, k]
        # the version's own window: from its date (the first version: from the beginning) to the next one's
        where.append(
            "(d.work IS NULL OR ((d.vkey_from <= %s OR NOT EXISTS (SELECT 1 FROM documents s WHERE s.work = d.work "
            "AND (s.vsort, s.id) < (d.vsort, d.id))) AND coalesce((SELECT s.vkey_to FROM documents s "
            "WHERE s.work = d.work AND (s.vsort, s.id) > (d.vsort, d.id) ORDER BY s.vsort, s.id LIMIT 1), %s) > %s))")
        args += [k, DATE_MAX, k]
    return where, args


def document_filter_sql(f: SearchFilters) -> tuple[list[str], list[Any]]:
    """The clauses of ``f`` that depend on the document alone (kinds, sources, works, documents), over ``d``."""
    where: list[str] = []
    args: list[Any] = []
    if f.kinds:
        where.append("d.kind = ANY(%s)")
        args.append([k.value for k in f.kinds])
    if f.sources:
        where.append("d.source = ANY(%s)")
        args.append(list(f.sources))
    if f.works:
        where.append("coalesce(d.work, '') = ANY(%s)")
        args.append(list(f.works))
    if f.documents:
        where.append("(d.id = ANY(%s) OR d.source = ANY(%s))")
        args += [list(f.documents), list(f.documents)]
    return where, args


# -- the lexical index ---------------------------------------------------------------------------------


class PgLexicalIndex:
    """BM25 over ``chunk_terms`` for the chunks of one chunker (see the module doc)."""

    def __init__(self, store: PgStore, chunker: Chunker = Chunker.STRUCTURAL) -> None:
        self.store = store
        self.chunker = chunker
        self._stats_gen: int | None = None
        self._chunk_df: dict[tuple[str, int], int] = {}
        self._doc_df: dict[str, int] = {}
        self._n_rows = 1
        self._n_docs = 1
        self._avg: dict[int, float] = {TEXT: 1.0, PATH: 1.0}

    # -- freshness: the postings are written with the chunks -----------------------------------------

    rebuilding = False  # kept in the store: never rebuilt from it

    @property
    def path(self) -> str:
        return f"{self.store} (table chunk_terms)"

    @property
    def generation(self) -> int:
        return self.store.generation()

    def is_stale(self, generation: int) -> bool:
        return False

    def check(self) -> None:
        """Always committed: the postings are the store's own rows."""
        return None

    def sync(self, store: Any = None, on_progress: Callable[[int, int], None] | None = None,
             wait: float = 0.0) -> ChangeSet:
        """Nothing to do: the postings are written in each document's transaction (``wait``: nothing to wait
        for)."""
        return ChangeSet(self.store.generation(), frozenset(), (), {})

    # -- statistics (per generation) ---------------------------------------------------------------

    def _stats(self) -> None:
        gen = self.store.generation()
        if gen == self._stats_gen:
            return
        c = self.store.thread_conn()
        n, docs, text, path = c.execute(
            "SELECT count(*), count(DISTINCT doc_id), coalesce(sum(n_text), 0), coalesce(sum(n_path), 0) "
            "FROM chunks WHERE chunker = %s", (self.chunker.value,)).fetchone()
        # the embedded index holds a row per chunk and one per document; a field's average length is over both
        rows = max(1, int(n) + int(docs))
        self._n_rows = rows
        self._avg = {TEXT: max(float(text) / rows, 1e-9), PATH: max(float(path) / rows, 1e-9)}
        self._n_docs = max(1, int(c.execute("SELECT count(*) FROM documents").fetchone()[0]))
        self._chunk_df, self._doc_df, self._stats_gen = {}, {}, gen

    def _term_df(self, keys: Sequence[tuple[str, int]]) -> dict[tuple[str, int], int]:
        """How many chunks hold each (term, field), counted through the term index."""
        self._stats()
        todo = [k for k in dict.fromkeys(keys) if k not in self._chunk_df]
        if todo:
            rows = self.store.thread_conn().execute(
                "SELECT t.term, t.field, count(*) FROM chunk_terms t "
                "JOIN unnest(%s::text[], %s::int2[]) AS q(term, field) ON t.term = q.term AND t.field = q.field "
                "WHERE t.chunker = %s GROUP BY t.term, t.field",
                ([k[0] for k in todo], [k[1] for k in todo], self.chunker.value)).fetchall()
            got = {(r[0], int(r[1])): int(r[2]) for r in rows}
            for k in todo:
                self._chunk_df[k] = got.get(k, 0)
        return {k: self._chunk_df[k] for k in keys}

    def _doc_term_df(self, terms: Sequence[str]) -> dict[str, int]:
        """How many documents hold each term in their document information."""
        self._stats()
        todo = [t for t in dict.fromkeys(terms) if t not in self._doc_df]
        if todo:
            got = dict(self.store.thread_conn().execute(
                "SELECT term, count(*) FROM doc_terms WHERE term = ANY(%s) GROUP BY term", (todo,)).fetchall())
            for t in todo:
                self._doc_df[t] = int(got.get(t, 0))
        return {t: self._doc_df[t] for t in terms}

    # -- the documents a query names -----------------------------------------------------------------

    def rank_documents(self, query: str, filters: SearchFilters, limit: int = 20) -> list[tuple[str, float, str]]:
        """(doc id, score, document information) of the documents a query names, best first (see module doc)."""
        terms = list(dict.fromkeys(analyse_words(" ".join(query_words(query)))))
        if not terms:
            return []
        df = self._doc_term_df(terms)
        weighted = [(t, idf(df[t], self._n_docs)) for t in terms if df[t]]
        if not weighted:
            return []
        pairs = naming_pairs(query, {t: w for t, w in weighted if df[t] <= max(1, PAIR_SHARE * self._n_docs)})
        where, args = filter_sql(filters, chunks=False)
        sql = ("SELECT d.id, sum(q.w) AS score, d.docinfo FROM doc_terms t "
               "JOIN unnest(%s::text[], %s::float8[]) AS q(term, w) ON t.term = q.term "
               "JOIN documents d ON d.id = t.doc_id"
               + (" WHERE " + " AND ".join(where) if where else "")
               + " GROUP BY d.id ORDER BY score DESC, d.id" + ("" if pairs else " LIMIT %s"))
        rows = self.store.thread_conn().execute(sql, [[t for t, _ in weighted], [w for _, w in weighted], *args,
                                             *([] if pairs else [limit])]).fetchall()
        out = [(r[0], float(r[1]), r[2]) for r in rows]
        if pairs:  # the pairs printed together in a document's information, as the embedded index's phrases
            def bonus(info: str) -> float:
                toks = analyse_words(info or "")
                adjacent = set(zip(toks, toks[1:]))
                return sum(w for a, b, w in pairs if (a, b) in adjacent)
            out = sorted(((d, s + bonus(info), info) for d, s, info in out), key=lambda r: (-r[1], r[0]))[:limit]
        return out

    def document_frequency(self, words: Sequence[str]) -> tuple[dict[str, int], int]:
        """For each word, how many documents hold it in their document information; and how many there are."""
        first = {w: (analyse_words(w) or [None])[0] for w in words}
        df = self._doc_term_df([t for t in first.values() if t])
        return {w: (df[t] if t else 0) for w, t in first.items()}, self._n_docs

    # -- chunks --------------------------------------------------------------------------------------

    def query_clauses(self, query: str, drop_words: frozenset[str] = frozenset(),
                      drop_boost: float = 0.0) -> tuple[dict[tuple[str, int], float], list[tuple[list[str], int, float]]]:
        """The query as the embedded parse builds it: each (term, field) with its summed boost (tantivy's parser
        counts a repeated word once, but two words with one stem each; a naming word weighs ``drop_boost``),
        and the phrase clauses (terms, field, boost) of the provision labels it names."""
        raw = query_words(query)
        if USE_STOPWORDS and any(w not in STOPWORDS for w in raw):
            raw = [w for w in raw if w not in STOPWORDS]
        boosts: dict[tuple[str, int], float] = {}
        for w in dict.fromkeys(raw):
            if w in _OPERATORS or len(w) > 40 or (w in drop_words and drop_boost <= 0):
                continue
            _add_terms(boosts, analyse_words(w), drop_boost if w in drop_words else 1.0)
        phrases = []
        for field, phrase in dict.fromkeys(legal_phrases(query)):
            ws = [w for w in phrase.split() if w not in _OPERATORS]
            if field in FIELD_NAMES.values() and len(ws) >= 2:
                code = TEXT if field == "text" else PATH
                terms = analyse_words(" ".join(ws))
                if len(terms) >= 2:
                    phrases.append((terms, code, PHRASE_BOOST * FIELD_BOOSTS[field]))
                else:
                    boosts[(terms[0], code)] = boosts.get((terms[0], code), 0.0) + PHRASE_BOOST * FIELD_BOOSTS[field]
        return boosts, phrases

    def _phrase_scores(self, phrases: list[tuple[list[str], int, float]], df: dict[tuple[str, int], int],
                       narrow: tuple[str, list[Any]], out: dict[tuple[str, int], float]) -> None:
        """Add to ``out`` the BM25 of each phrase for the chunks where its terms stand in a row (the rarest term's
        postings are read, the others looked up in the same chunk)."""
        for terms, field, boost in phrases:
            if not all(df.get((t, field)) for t in terms):
                continue
            weight = boost * (K1 + 1) * sum(idf(df[(t, field)], self._n_rows) for t in terms)
            uniq = sorted(set(terms), key=lambda t: df[(t, field)])
            joins = "".join(
                f" JOIN chunk_terms t{i} ON t{i}.doc_id = t0.doc_id AND t{i}.chunker = t0.chunker "
                f"AND t{i}.ordinal = t0.ordinal AND t{i}.field = t0.field AND t{i}.term = %s"
                for i in range(1, len(uniq)))
            cols = ", ".join(f"t{i}.positions" for i in range(len(uniq)))
            rows = self.store.thread_conn().execute(
                f"SELECT t0.doc_id, t0.ordinal, t0.norm, {cols} FROM chunk_terms t0{joins} "
                f"WHERE t0.term = %s AND t0.field = %s AND t0.chunker = %s{narrow[0].replace('t.doc_id', 't0.doc_id')}",
                [*uniq[1:], uniq[0], field, self.chunker.value, *narrow[1]]).fetchall()
            for r in rows:
                pos = {t: set(r[3 + i] or ()) for i, t in enumerate(uniq)}
                tf = sum(1 for p in pos[terms[0]] if all(p + i in pos[t] for i, t in enumerate(terms)))
                if tf:
                    key = (r[0], r[1])
                    out[key] = out.get(key, 0.0) + weight * tf / (tf + K1 * (1 - B + B * r[2] / self._avg[field]))

    def search(self, query: str, filters: SearchFilters, limit: int, prior: dict[str, float] | None = None,
               drop_words: frozenset[str] = frozenset(), drop_boost: float = 0.0) -> list[tuple[str, float]]:
        """Chunk ids and scores, best first, only among chunks that pass ``filters`` (see module doc): the
        query's BM25 (``drop_words`` weighed ``drop_boost``), plus ``prior[doc_id]`` for the chunks of the
        documents it named."""
        boosts, phrases = self.query_clauses(query, drop_words, drop_boost)
        df = self._term_df([*boosts, *((t, f) for ts, f, _ in phrases for t in ts)])
        n = self._n_rows

        def weighted(bs: dict[tuple[str, int], float]) -> list[tuple[str, int, float]]:
            return [(t, f, b * idf(df[(t, f)], n) * (K1 + 1)) for (t, f), b in bs.items() if df[(t, f)]]

        clauses = weighted(boosts)
        prior = {d: w for d, w in (prior or {}).items() if w > 0}
        dw, da = document_filter_sql(filters)
        # documents filtered by what they are: only their postings are read
        narrow = (f" AND t.doc_id = ANY(ARRAY(SELECT d.id FROM documents d WHERE {' AND '.join(dw)}))", da) \
            if dw else ("", [])
        extra: dict[tuple[str, int], float] = {}
        self._phrase_scores(phrases, df, narrow, extra)
        if not clauses and not extra and not prior:
            return []
        where, args = filter_sql(filters)
        terms = clauses
        sql = (
            "WITH q(term, field, w, kl) AS (SELECT * FROM unnest(%s::text[], %s::int2[], %s::float8[], "
            "%s::float8[])), "
            "hit AS (SELECT t.doc_id, t.ordinal, q.w * t.tf / (t.tf + %s + q.kl * t.norm) AS s FROM q "
            "JOIN chunk_terms t ON t.term = q.term AND t.field = q.field AND t.chunker = %s" + narrow[0]
            + " UNION ALL SELECT * FROM unnest(%s::text[], %s::int[], %s::float8[]) "
            "UNION ALL SELECT c.doc_id, c.ordinal, p.w FROM unnest(%s::text[], %s::float8[]) AS p(doc_id, w) "
            "JOIN chunks c ON c.doc_id = p.doc_id AND c.chunker = %s), "
            "agg AS (SELECT doc_id, ordinal, sum(s) AS score FROM hit GROUP BY doc_id, ordinal), "
            "top AS (SELECT * FROM agg ORDER BY score DESC, doc_id, ordinal LIMIT %s) "
            "SELECT c.id, a.score FROM top a JOIN chunks c ON c.doc_id = a.doc_id AND c.chunker = %s "
            "AND c.ordinal = a.ordinal JOIN documents d ON d.id = a.doc_id"
            + (" WHERE " + " AND ".join(where) if where else "")
            + " ORDER BY a.score DESC, a.doc_id, a.ordinal LIMIT %s")  # ties in the embedded index's order
        params: list[Any] = [
            [t for t, _, _ in terms], [f for _, f, _ in terms], [w for _, _, w in terms],
            [K1 * B / self._avg[f] for _, f, _ in terms], K1 * (1 - B), self.chunker.value, *narrow[1],
            [k[0] for k in extra], [k[1] for k in extra], list(extra.values()),
            list(prior), list(prior.values()), self.chunker.value]
        # the filters are checked on the best chunks only (a few more than asked for); when too few of those
        # pass, on every chunk that matched
        c = self.store.thread_conn()
        with c.transaction():
            # the per-chunk sums hashed in memory (the planner cannot foresee how many postings match, and would
            # sort them, on disk past the default 4 MB)
            c.execute(f"SET LOCAL work_mem = '{WORK_MEM}'")
            c.execute("SET LOCAL enable_sort = off")
            for cap in (2 * limit + 50, None):
                rows = c.execute(sql, [*params, cap, self.chunker.value, *args, limit]).fetchall()
                if len(rows) >= limit:
                    break
        return [(r[0], float(r[1])) for r in rows]


def _add_terms(boosts: dict[tuple[str, int], float], terms: Sequence[str], boost: float,
               fields: dict[int, float] | None = None) -> None:
    """Each term over both fields (the field's boost times ``boost``), summed with what is there."""
    for t in terms:
        for field, fb in (fields or {f: FIELD_BOOSTS[n] for f, n in FIELD_NAMES.items()}).items():
            boosts[(t, field)] = boosts.get((t, field), 0.0) + boost * fb


# -- dense ---------------------------------------------------------------------------------------------


def vector_literal(v: "np.ndarray") -> str:
    return "[" + ",".join(f"{x:.8g}" for x in v.tolist()) + "]"


def _vector_dumper(conn: Any) -> Any:
    """A psycopg binary dumper for pgvector's ``vector`` from a float32 numpy row (fast bulk COPY)."""
    from psycopg.adapt import Dumper
    from psycopg.pq import Format
    from psycopg.types import TypeInfo

    info = TypeInfo.fetch(conn, "vector")
    if info is None:
        raise IndexUnavailable("the 'vector' extension is missing from this database")

    class VectorDumper(Dumper):
        format = Format.BINARY
        oid = info.oid

        def dump(self, obj: Any) -> bytes:
            import numpy as np

            a = np.asarray(obj, dtype=">f4")
            return struct.pack(">HH", a.shape[0], 0) + a.tobytes()

    return VectorDumper


def drop_hnsw(conn: Any) -> None:
    """Drop the HNSW index before a bulk load (searches meanwhile scan the vectors exactly)."""
    with conn.transaction():
        conn.execute("SELECT pg_advisory_xact_lock(hashtextextended(%s, 0))", (_HNSW_LOCK,))
        conn.execute(f"DROP INDEX IF EXISTS {HNSW_INDEX}")


def ensure_hnsw(conn: Any) -> bool:
    """Build the HNSW index over ``chunk_vectors`` when it is missing (after a bulk load, or one that died);
    True when it was built.  One process builds; the others wait for it."""
    if conn.execute("SELECT to_regclass(%s)", (HNSW_INDEX,)).fetchone()[0] is not None:
        return False
    with conn.transaction():
        conn.execute("SELECT pg_advisory_xact_lock(hashtextextended(%s, 0))", (_HNSW_LOCK,))
        if conn.execute("SELECT to_regclass(%s)", (HNSW_INDEX,)).fetchone()[0] is not None:
            return False
        conn.execute("SET LOCAL maintenance_work_mem = '1GB'")  # the graph built in memory, not on disk pages
        conn.execute(f"CREATE INDEX {HNSW_INDEX} ON chunk_vectors USING hnsw (embedding vector_cosine_ops)")
    return True


class PgDenseIndex:
    """Piece vectors in ``chunk_vectors``; cosine search with the filters in the SQL (see the module doc)."""

    def __init__(self, store: PgStore, header: str = "title+path", chunker: Chunker = Chunker.STRUCTURAL,
                 piece_chars: int = PIECE_CHARS) -> None:
        self.store = store
        self.header = header
        self.chunker = chunker
        self.piece_chars = piece_chars
        self.model_key: str | None = None
        self._generation: int | None = None
        self.hnsw_build_seconds: float | None = None  # the last bulk load's index build (the bench prints it)

    def key_for(self, model_id: str) -> str:
        return f"{model_id}|{self.header}|{self.piece_chars}|{self.chunker.value}|f{DENSE_FORMAT_VERSION}"

    rebuilding = False  # kept in the store: never rebuilt from it

    @property
    def path(self) -> str:
        return f"{self.store} (table chunk_vectors)"

    @property
    def generation(self) -> int | None:
        return self._generation

    def is_stale(self, generation: int) -> bool:
        return self.model_key is None or self._generation != generation

    def check(self) -> None:
        """Always committed: the vectors are the store's own rows, written in transactions."""
        return None

    def sync(self, store: Any, embedder: Embedder, on_progress: Callable[[int, int], None] | None = None,
             wait: float = 0.0, embed: bool = True) -> ChangeSet:
        """Embed the chunks of the documents whose generation moved since their vectors were written (reusing
        any vector of the same text, in ``chunk_vectors`` or kept in ``embeddings``; new text is embedded in
        batches committed to ``embeddings`` as they are done, so a killed sync keeps them); documents gone take
        their vectors with them (foreign key).  With ``embed`` False, text with no vector yet raises
        :class:`~pincite.errors.VectorsPending` and nothing is written.

        Writing at least :data:`HNSW_BULK_MIN` vectors, more than the table holds (a first load, a migration),
        drops the HNSW index and builds it once after the load instead of growing the graph row by row;
        smaller syncs (incremental ingest) keep the index and write through it, building it first if a bulk
        load died before it was rebuilt."""
        import numpy as np

        if embedder.dim != 384:
            raise IndexUnavailable(f"the PostgreSQL store holds vector(384); the embedder gives {embedder.dim}")
        s = self.store
        c = s.conn
        key = self.key_for(embedder.model_id)
        gen, current = s.document_generations()
        done = {r[0]: int(r[1]) for r in c.execute("SELECT doc_id, generation FROM dense_state WHERE model_key = %s",
                                                    (key,)).fetchall()}
        plan = plan_changes(s, done)  # the same change plan as the embedded index (works re-indexed together)
        todo = list(plan.add)
        rows_by_doc = {rows[0].doc_id: rows for rows in iter_rows(s, todo, self.chunker) if rows} if todo else {}
        inputs: list[str] = []
        owners: list[tuple[str, str, int]] = []
        for doc_id in todo:
            for r in rows_by_doc.get(doc_id, []):
                for i, t in enumerate(embedding_inputs(r, self.header, self.piece_chars)):
                    inputs.append(t)
                    owners.append((doc_id, r.chunk_id, i))
        hashes = [text_hash(embedder.model_id, t) for t in inputs]
        known: dict[str, Any] = {}
        uniq = list(dict.fromkeys(hashes))
        for b in range(0, len(uniq), 5000):
            for h, v in c.execute("SELECT DISTINCT ON (text_hash) text_hash, embedding::real[] FROM chunk_vectors "
                                  "WHERE model_key = %s AND text_hash = ANY(%s)", (key, uniq[b:b + 5000])).fetchall():
                known[h] = np.asarray(v, dtype=np.float32)
        need = {h: t for h, t in zip(hashes, inputs) if h not in known}
        known.update(vectors_for(s, embedder, need, on_progress, embed))
        dumper = _vector_dumper(c)
        held = c.execute("SELECT count(*) FROM chunk_vectors").fetchone()[0]
        bulk = len(owners) >= HNSW_BULK_MIN and len(owners) > held
        if bulk:  # load without the graph, then build it once (see the module doc)
            drop_hnsw(c)
        else:
            ensure_hnsw(c)  # a bulk load that died midway left none
        by_doc: dict[str, list[int]] = {}
        for i, (d, _, _) in enumerate(owners):
            by_doc.setdefault(d, []).append(i)
        for doc_id in todo:
            want = plan.docs.get(doc_id)
            if want is None:
                continue
            idx = by_doc.get(doc_id, [])

            def body(doc_id: str = doc_id, want: int = want, idx: list[int] = idx) -> None:
                now = c.execute("SELECT generation FROM doc_generations WHERE doc_id = %s", (doc_id,)).fetchone()
                if now is None or int(now[0]) != want:
                    return  # written again (or deleted) since we read it: the next sync redoes it
                c.execute("DELETE FROM chunk_vectors WHERE doc_id = %s AND model_key = %s", (doc_id, key))
                if idx:
                    cur = c.cursor()
                    cur.adapters.register_dumper(None, dumper)  # by oid, for set_types
                    cur.adapters.register_dumper(np.ndarray, dumper)
                    with cur.copy("COPY chunk_vectors (doc_id, chunk_id, model_key, piece, text_hash, embedding) "
                                  "FROM STDIN (FORMAT BINARY)") as cp:
                        cp.set_types(["text", "text", "text", "int4", "text", dumper.oid])
                        for i in idx:
                            d, cid, piece = owners[i]
                            cp.write_row((d, cid, key, piece, hashes[i], known[hashes[i]]))
                c.execute("INSERT INTO dense_state(doc_id, model_key, generation) VALUES (%s, %s, %s) "
                          "ON CONFLICT (doc_id, model_key) DO UPDATE SET generation = EXCLUDED.generation",
                          (doc_id, key, want))

            s._write(f"{doc_id}: could not store its vectors", [f"doc:{doc_id}"], body)
        if bulk:
            t = time.perf_counter()
            ensure_hnsw(c)
            self.hnsw_build_seconds = time.perf_counter() - t
        self.model_key = key
        self._generation = gen
        return plan

    def search(self, qvec: "np.ndarray", filters: SearchFilters, limit: int,
               prior: dict[str, float] | None = None) -> list[tuple[str, float]]:
        """Chunk ids and cosine scores (each chunk's best piece), best first, among chunks that pass ``filters``;
        chunks of the documents in ``prior`` get its value added."""
        if self.model_key is None:
            raise IndexUnavailable("the dense index has not been synced with an embedder yet")
        c = self.store.thread_conn()
        q = vector_literal(qvec)
        prior = {d: w for d, w in (prior or {}).items() if w}
        where, args = filter_sql(filters)
        narrowed = bool(filters.kinds or filters.sources or filters.works or filters.documents or filters.as_of)
        n_rows = c.execute("SELECT reltuples FROM pg_class WHERE relname = 'chunk_vectors'").fetchone()
        approximate = not narrowed and n_rows is not None and float(n_rows[0]) > ANN_MIN_ROWS
        filt = "".join(f" AND {w}" for w in where)
        if not approximate:
            sql = ("SELECT v.chunk_id, max(1 - (v.embedding <=> %s::vector)) + coalesce(max(p.w), 0) AS score "
                   "FROM chunk_vectors v JOIN chunks c ON c.doc_id = v.doc_id AND c.id = v.chunk_id "
                   "JOIN documents d ON d.id = v.doc_id "
                   "LEFT JOIN unnest(%s::text[], %s::float8[]) AS p(doc_id, w) ON p.doc_id = v.doc_id "
                   f"WHERE v.model_key = %s AND c.chunker = %s{filt} GROUP BY v.chunk_id ORDER BY score DESC, "
                   "v.chunk_id LIMIT %s")
            rows = c.execute(sql, [q, list(prior), list(prior.values()), self.model_key, self.chunker.value,
                                   *args, limit]).fetchall()
            return [(r[0], float(r[1])) for r in rows]
        want = min(ANN_MAX, max(100, 4 * limit))
        with c.transaction():
            c.execute(f"SET LOCAL hnsw.ef_search = {int(want)}")
            sql = ("WITH near AS MATERIALIZED (SELECT v.doc_id, v.chunk_id, v.embedding <=> %s::vector AS dist "
                   "FROM chunk_vectors v WHERE v.model_key = %s ORDER BY v.embedding <=> %s::vector LIMIT %s), "
                   "named AS (SELECT v.doc_id, v.chunk_id, v.embedding <=> %s::vector AS dist FROM chunk_vectors v "
                   "WHERE v.model_key = %s AND v.doc_id = ANY(%s)), "
                   "cand AS (SELECT * FROM near UNION SELECT * FROM named) "
                   "SELECT v.chunk_id, max(1 - v.dist) + coalesce(max(p.w), 0) AS score FROM cand v "
                   "JOIN chunks c ON c.doc_id = v.doc_id AND c.id = v.chunk_id JOIN documents d ON d.id = v.doc_id "
                   "LEFT JOIN unnest(%s::text[], %s::float8[]) AS p(doc_id, w) ON p.doc_id = v.doc_id "
                   f"WHERE c.chunker = %s{filt} GROUP BY v.chunk_id ORDER BY score DESC, v.chunk_id LIMIT %s")
            rows = c.execute(sql, [q, self.model_key, q, want, q, self.model_key, list(prior), list(prior),
                                   list(prior.values()), self.chunker.value, *args, limit]).fetchall()
        return [(r[0], float(r[1])) for r in rows]
