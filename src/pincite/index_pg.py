"""Search inside PostgreSQL: full-text search for the lexical ranking, pgvector for the dense one.

The same contract as :class:`pincite.index.LexicalIndex` and :class:`pincite.index.DenseIndex` (what the
:class:`~pincite.retrieve.Retriever` calls), with every filter inside the SQL: citability, kinds, sources,
works, documents, and ``as_of`` (a chunk's own in-force window, and its version's window: a version of a work
speaks from its date until the next version's, computed from the stored versions at query time).

**Lexical.**  Each chunk row has ``tsv``: its text (weight D) and its section path, labels and parent's lead-in
(weight B), written in the document's own transaction, so this index is never behind the store.  The score is
BM25-shaped so that it sits on the embedded index's scale (the named-document prior is added in the same
points): per query term and field (text; section path), ``idf * tf_part * length_part`` where ``idf`` is
BM25's for that field (document frequencies counted through the GIN index, cached per generation),
``tf_part`` is ``ts_rank`` of the term over that field's positions alone (it saturates with repeats much as
BM25 does) scaled so one occurrence scores 1, and ``length_part`` is BM25's
``(k1 + 1) / (1 + k1 * (1 - b + b * len / avglen))`` for the text; the path clause weighs 0.5, as the
embedded field boost.  The text-search configuration stems but keeps stop words, as the embedded tokenizer.
Provision labels and
citations in the query add phrase clauses (``'4':B <-> '1':B <-> 'c':B``), as the embedded parse does.  The
query is never parsed as syntax: each word goes through ``plainto_tsquery`` (or into a tsquery string built
only from letters and digits).

**Documents named by a query** (:meth:`PgLexicalIndex.rank_documents`): the sum of the idf (among documents)
of the query terms found in a document's title, citation, source name and opening words (``docinfo_tsv``).

**Dense.**  ``chunk_vectors`` holds one ``vector(384)`` per piece of a chunk (the embedded index's pieces and
header), keyed by document, embedded by :meth:`PgDenseIndex.sync` for the documents whose generation moved.
A chunk scores its best piece's cosine.  Search is exact (a scan) while the table is small or a filter narrows
it; past :data:`ANN_MIN_ROWS` vectors an unfiltered search uses the HNSW index (``hnsw.ef_search`` raised to
the depth asked for), adding the chunks of the named documents exactly.
"""

from __future__ import annotations

import math
import re
import struct
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from pincite.index import (
    DATE_MAX,
    DATE_MIN,
    DENSE_FORMAT_VERSION,
    PHRASE_BOOST,
    PIECE_CHARS,
    STOPWORDS,
    USE_STOPWORDS,
    _OPERATORS,
    ChangeSet,
    FIELD_BOOSTS,
    IndexUnavailable,
    date_key,
    embedding_inputs,
    iter_rows,
    legal_phrases,
    plan_changes,
    query_words,
    text_hash,
)
from pincite.types import Chunker

if TYPE_CHECKING:
    import numpy as np

    from pincite.embed import Embedder
    from pincite.retrieve import SearchFilters
    from pincite.store.postgres import PostgresStore

#: BM25 parameters (tantivy's defaults, so scores sit on the embedded index's scale).
K1 = 1.2
B = 0.75
#: ts_rank of one occurrence of a term at weight 1.0 (1 / 1.64493...): dividing by it makes that score 1.
ONE_HIT = 0.6079271
#: ts_rank weights {D, C, B, A}: a term is ranked in the text (D) and in the section path / labels / lead-in (B)
#: separately, as the embedded index scores its two fields (the path's boost is applied to its clause).
TEXT_WEIGHTS = [1.0, 0.0, 0.0, 0.0]
PATH_WEIGHTS = [0.0, 0.0, 1.0, 0.0]
#: Past this many vectors an unfiltered dense search uses the HNSW index instead of an exact scan.
ANN_MIN_ROWS = 50_000
#: The most pieces an HNSW search returns (pgvector's largest hnsw.ef_search).
ANN_MAX = 1000
TS = "pincite_english"  # see pincite.store.postgres.TS_CONFIG
_SINGLE = re.compile(r"'[^']+'")


def filter_sql(f: "SearchFilters", chunks: bool = True) -> tuple[list[str], list[Any]]:
    """WHERE clauses (over ``c`` = chunks, ``d`` = documents) and their parameters for ``f``.  With
    ``chunks=False`` only document-level clauses, and ``as_of`` keeps documents with a chunk in force."""
    where: list[str] = []
    args: list[Any] = []
    if chunks and not f.include_non_citable:
        where.append("c.citable")
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


class _Terms:
    """Words -> the lexemes PostgreSQL's configuration makes of them (stop words: none), cached."""

    def __init__(self) -> None:
        self.cache: dict[str, str | None] = {}

    def lexemes(self, conn: Any, words: Sequence[str]) -> dict[str, str | None]:
        todo = [w for w in dict.fromkeys(words) if w not in self.cache]
        if todo:
            for w, q in conn.execute(f"SELECT w, plainto_tsquery('{TS}', w)::text FROM unnest(%s::text[]) AS w",
                                     (todo,)).fetchall():
                self.cache[w] = q or None
        return {w: self.cache[w] for w in words}


class PgLexicalIndex:
    """Full-text search over the chunks of one chunker (see the module doc)."""

    def __init__(self, store: "PostgresStore", chunker: Chunker = Chunker.STRUCTURAL) -> None:
        self.store = store
        self.chunker = chunker
        self.terms = _Terms()
        self._stats_gen: int | None = None
        self._chunk_df: dict[str, int] = {}
        self._doc_df: dict[str, int] = {}
        self._n_chunks = 0
        self._n_docs = 0
        self._avg_words = 1.0

    # -- freshness: the rows are written with the chunks ---------------------------------------------

    @property
    def generation(self) -> int:
        return self.store.generation()

    def is_stale(self, generation: int) -> bool:
        return False

    def sync(self, store: Any = None, on_progress: Callable[[int, int], None] | None = None) -> ChangeSet:
        """Nothing to do: the search vectors are written in each document's transaction."""
        return ChangeSet(self.store.generation(), frozenset(), (), {})

    # -- statistics (per generation) ---------------------------------------------------------------

    def _stats(self) -> None:
        gen = self.store.generation()
        if gen == self._stats_gen:
            return
        c = self.store.conn
        n, avg = c.execute("SELECT count(*), coalesce(avg(n_words), 1) FROM chunks WHERE chunker = %s",
                           (self.chunker.value,)).fetchone()
        self._n_chunks, self._avg_words = int(n), max(1.0, float(avg))
        self._n_docs = int(c.execute("SELECT count(*) FROM documents").fetchone()[0])
        self._chunk_df, self._doc_df, self._stats_gen = {}, {}, gen

    def _df(self, lexemes: Sequence[str], docs: bool) -> dict[str, int]:
        """How many chunks (or documents' docinfo) hold each lexeme query, counted through the GIN index."""
        self._stats()
        cache = self._doc_df if docs else self._chunk_df
        todo = [q for q in dict.fromkeys(lexemes) if q not in cache]
        if todo:
            if docs:
                sql = "SELECT count(*) FROM documents WHERE docinfo_tsv @@ %s::tsquery"
                rows = [(q, self.store.conn.execute(sql, (q,)).fetchone()[0]) for q in todo]
            else:
                sql = "SELECT count(*) FROM chunks WHERE chunker = %s AND tsv @@ %s::tsquery"
                rows = [(q, self.store.conn.execute(sql, (self.chunker.value, q)).fetchone()[0]) for q in todo]
            for q, n in rows:
                cache[q] = int(n)
        return {q: cache[q] for q in lexemes}

    @staticmethod
    def _idf(df: int, n: int) -> float:
        return math.log(1 + (n - df + 0.5) / (df + 0.5))

    # -- the documents a query names -----------------------------------------------------------------

    def rank_documents(self, query: str, filters: "SearchFilters", limit: int = 20) -> list[tuple[str, float, str]]:
        """(doc id, score, document information) of the documents a query names, best first (see module doc)."""
        c = self.store.conn
        lex = [q for q in dict.fromkeys(self.terms.lexemes(c, query_words(query)).values()) if q]
        if not lex:
            return []
        df = self._df(lex, docs=True)
        n = max(1, self._n_docs)
        terms = [(q, self._idf(df[q], n)) for q in lex if df[q]]
        if not terms:
            return []
        where, args = filter_sql(filters, chunks=False)
        sql = ("SELECT d.id, sum(t.idf) AS score, d.docinfo FROM documents d "
               "JOIN unnest(%s::text[], %s::float8[]) AS t(q, idf) ON d.docinfo_tsv @@ t.q::tsquery"
               + "".join(f" AND {w}" for w in where)
               + " GROUP BY d.id ORDER BY score DESC, d.id LIMIT %s")
        rows = c.execute(sql, [[q for q, _ in terms], [w for _, w in terms], *args, limit]).fetchall()
        return [(r[0], float(r[1]), r[2]) for r in rows]

    def document_frequency(self, words: Sequence[str]) -> tuple[dict[str, int], int]:
        """For each word, how many documents hold it in their document information; and how many there are."""
        lex = self.terms.lexemes(self.store.conn, list(words))
        df = self._df([q for q in lex.values() if q], docs=True)
        return {w: (df[q] if q else 0) for w, q in lex.items()}, max(1, self._n_docs)

    # -- chunks --------------------------------------------------------------------------------------

    def search(self, query: str, filters: "SearchFilters", limit: int, prior: dict[str, float] | None = None,
               drop_words: frozenset[str] = frozenset(), drop_boost: float = 0.0) -> list[tuple[str, float]]:
        """Chunk ids and scores, best first, only among chunks that pass ``filters`` (see module doc)."""
        c = self.store.conn
        raw = query_words(query)
        if USE_STOPWORDS and any(w not in STOPWORDS for w in raw):
            raw = [w for w in raw if w not in STOPWORDS]
        words = [(w, drop_boost if w in drop_words else 1.0) for w in raw
                 if w not in _OPERATORS and len(w) <= 40 and (w not in drop_words or drop_boost > 0)]
        lex = self.terms.lexemes(c, [w for w, _ in words])
        boost: dict[str, float] = {}
        for w, b in words:  # a repeated word (or two words with one stem) counts each time, as in the embedded parse
            q = lex[w]
            if q:
                boost[q] = boost.get(q, 0.0) + b
        phrases = []
        for field, phrase in legal_phrases(query):
            ws = [w for w in phrase.split() if w not in _OPERATORS]
            if field == "path" and len(ws) >= 2:
                phrases.append(ws)
        self._stats()
        n = max(1, self._n_chunks + self._n_docs)  # as the embedded index counts: chunk rows and document rows
        # one clause per term and field: (tsquery, weight, text field?) -- text scored with BM25's length part
        fields = {q: (f"{q}:D", f"{q}:B") for q in boost}
        df = self._df([x for pair in fields.values() for x in pair], docs=False)
        clauses: list[tuple[str, float, bool]] = []
        for q, b in boost.items():
            qd, qb = fields[q]
            if df[qd]:
                clauses.append((qd, self._idf(df[qd], n) * b, True))
            if df[qb]:
                clauses.append((qb, FIELD_BOOSTS["path"] * self._idf(df[qb], n) * b, False))
        for ws in phrases:
            pl = self.terms.lexemes(c, ws)
            if not all(pl[w] and _SINGLE.fullmatch(pl[w] or "") for w in ws):
                continue
            pq = " <-> ".join(f"{pl[w]}:B" for w in ws)  # lexemes come back quoted by PostgreSQL
            word_df = self._df([f"{pl[w]}:B" for w in ws], docs=False)
            if self._df([pq], docs=False)[pq]:
                clauses.append((pq, PHRASE_BOOST * FIELD_BOOSTS["path"]
                                * sum(self._idf(x, n) for x in word_df.values()), False))
        prior = {d: w for d, w in (prior or {}).items() if w > 0}
        if not clauses and not prior:
            return []
        where, args = filter_sql(filters)
        length = f"({K1 + 1} / (1 + {K1} * (1 - {B} + {B} * c.n_words / %s::float8)))"
        score = (f"coalesce((SELECT sum(t.w * ts_rank(CASE WHEN t.text THEN %s::float4[] ELSE %s::float4[] END, "
                 f"c.tsv, t.q::tsquery) * CASE WHEN t.text THEN {length} ELSE 1 END) "
                 f"FROM unnest(%s::text[], %s::float8[], %s::bool[]) AS t(q, w, text) "
                 f"WHERE c.tsv @@ t.q::tsquery), 0) / {ONE_HIT}")
        match = "c.tsv @@ %s::tsquery" if clauses else "false"
        any_q = " | ".join(f"({q})" for q, _, _ in clauses)
        sql = (f"SELECT c.id, {score} + coalesce(p.w, 0) AS score FROM chunks c JOIN documents d ON d.id = c.doc_id "
               "LEFT JOIN unnest(%s::text[], %s::float8[]) AS p(doc_id, w) ON p.doc_id = c.doc_id "
               f"WHERE c.chunker = %s AND ({match} OR c.doc_id = ANY(%s))"
               + "".join(f" AND {w}" for w in where)
               + " ORDER BY score DESC, c.id LIMIT %s")
        params: list[Any] = [TEXT_WEIGHTS, PATH_WEIGHTS, self._avg_words, [q for q, _, _ in clauses],
                             [w for _, w, _ in clauses], [t for _, _, t in clauses],
                             list(prior), list(prior.values()), self.chunker.value]
        if clauses:
            params.append(any_q)
        params += [list(prior), *args, limit]
        rows = c.execute(sql, params).fetchall()
        return [(r[0], float(r[1])) for r in rows]


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


class PgDenseIndex:
    """Piece vectors in ``chunk_vectors``; cosine search with the filters in the SQL (see the module doc)."""

    def __init__(self, store: "PostgresStore", header: str = "title+path", chunker: Chunker = Chunker.STRUCTURAL,
                 piece_chars: int = PIECE_CHARS) -> None:
        self.store = store
        self.header = header
        self.chunker = chunker
        self.piece_chars = piece_chars
        self.model_key: str | None = None
        self._generation: int | None = None

    def key_for(self, model_id: str) -> str:
        return f"{model_id}|{self.header}|{self.piece_chars}|{self.chunker.value}|f{DENSE_FORMAT_VERSION}"

    @property
    def generation(self) -> int | None:
        return self._generation

    def is_stale(self, generation: int) -> bool:
        return self.model_key is None or self._generation != generation

    def sync(self, store: Any, embedder: "Embedder", on_progress: Callable[[int, int], None] | None = None) -> ChangeSet:
        """Embed the chunks of the documents whose generation moved since their vectors were written (reusing
        any vector of the same text); documents gone take their vectors with them (foreign key)."""
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
        need = [i for i, h in enumerate(hashes) if h not in known]
        need_u = list(dict.fromkeys(hashes[i] for i in need))
        first = {h: i for i, h in reversed(list(enumerate(hashes)))}
        for b in range(0, len(need_u), 256):
            part = need_u[b : b + 256]
            vecs = embedder.embed_texts([inputs[first[h]] for h in part])
            for h, v in zip(part, vecs):
                known[h] = np.asarray(v, dtype=np.float32)
            if on_progress:
                on_progress(min(b + 256, len(need_u)), len(need_u))
        dumper = _vector_dumper(c)
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
        self.model_key = key
        self._generation = gen
        return plan

    def search(self, qvec: "np.ndarray", filters: "SearchFilters", limit: int,
               prior: dict[str, float] | None = None) -> list[tuple[str, float]]:
        """Chunk ids and cosine scores (each chunk's best piece), best first, among chunks that pass ``filters``;
        chunks of the documents in ``prior`` get its value added."""
        if self.model_key is None:
            raise IndexUnavailable("the dense index has not been synced with an embedder yet")
        c = self.store.conn
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
