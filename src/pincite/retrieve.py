"""Retrieval: the passages most likely to hold the answer, found lexically, densely or both (fused).

:class:`Retriever` loads what it needs once, checks before every search that its indexes are at the store's
generation (re-indexing the documents that changed, or rebuilding a missing index, never answering from a
stale one), runs each retriever with the filters *inside* it, fuses the rankings with reciprocal-rank fusion
and returns :class:`~pincite.types.Passage` objects read back from the store (the text is always the
document's own slice).

Legal questions usually *name* their document ("... in Ipek v Koza Altin", "the Service Agreement between
BicycleTX Ltd and Nigel Crockett; what is the governing law?").  The lexical index ranks documents by the rare
words a query shares with their title page; the named documents lift their chunks in both retrievers (a
prior), and the words that named them weigh little in the chunk query and are left out of the embedded
question, so the passage is chosen by what the question asks, not by who the parties are.

Settings were chosen on LegalBench-RAG's dev split (bench/legalbench_rag.py); the figures are in the docstrings
of :class:`FusionSettings` and the index constants.
"""

from __future__ import annotations

import datetime
import logging
import math
import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from pincite.clauses import clause_types_asked, expansion_terms
from pincite.errors import IndexRebuilding
from pincite.index import (
    STOPWORDS,
    WRITER_WAIT,
    DenseIndex,
    IndexBusy,
    IndexDamaged,
    IndexUnavailable,
    LexicalIndex,
    expansion_words,
    index_paths,
    query_words,
    store_identity,
)
from pincite.types import ChoiceEnum, Chunker, DocRef, DocumentKind, Passage, optional_date

if TYPE_CHECKING:
    from pincite.embed import Embedder
    from pincite.store import Store

log = logging.getLogger("pincite.index")


class RetrievalMode(ChoiceEnum):
    HYBRID = "hybrid"
    LEXICAL = "lexical"
    DENSE = "dense"


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


@dataclass(frozen=True)
class FusionSettings:
    """Reciprocal-rank fusion: ``score = sum_i weight_i / (k + rank_i)`` over the rankings a chunk is in.

    Measured on LegalBench-RAG dev (hybrid precision@1 / recall@8): the defaults 18.7 % / 67.8 %; convex fusion
    16.2 / 67.1; dense_prior 0.1 to 0.5, lexical_prior 5 to 20, k 10 to 100 and either weight at 1.5 all within
    about 2 points (a plateau); leaving the naming words out of the embedded question (measured together with
    the exp(score - best) document prior, which replaced a score-ratio cut-off) took hybrid from
    11.0 / 61.9 to 14.9 / 65.7; embedding all words shared with the title page instead, 15.8 / 60.0.

    Then (same split, 2026-11-30): the asked contract clause's vocabulary (:mod:`pincite.clauses`) added to the
    BM25 query at ``clause_boost`` 0.5 took hybrid from 16.9 / 65.8 to 22.7 / 77.4 (lexical 11.1 / 54.1 to
    18.7 / 61.8; 0.75: 27.2 / 81.6; 1.0: 26.5 / 80.0; those words matched as phrases instead of words: within
    noise); the same words in the embedded question ("says") 24.8 / 79.7 (dense alone 7.2 / 34.2 to 13.0 /
    49.8; the clause's name only: 22.8 / 79.5); a heading boost for them (path 1.5 or 3) lost 1 to 3 points;
    the naming clause left out of the chunk query (rather than weighed 0.2) and "this contract" dropped,
    with naming clauses cut only before an interrogative word after a comma: 31.2 / 82.5; the title page and
    signatures at half their score for operative-clause questions: within noise (31.0 / 83.5 without; not
    kept).  The clause vocabulary as a third ranking in the fusion (the contracts' chunks by those words
    alone) instead of inside the question's BM25: 35.6 / 82.9 (weight 0.5: 34.7 / 81.9; 1.5: 35.5 / 82.9,
    kept because it breaks the question-words-versus-clause-words tie towards the clause; lexical mode with
    it, no model at all: 30.3 / 81.4).  A clause is never looked for in judgments, statutes or summaries
    (contracts and unclassified documents only: 3 of the 29 benchmark contracts are unclassified).  A query
    with a naming clause searching the documents it names first (``named_share``; others fill after them):
    35.8 / 88.1 (84.2 at k = 64 before; the bench searches k = 64).  Named-first for every query that names a
    document, naming clause or not, cost our own dev gold set recall@10 0.867 -> 0.810 (a question's words
    name the wrong document there), so it needs the clause.  When such a question asks about a clause type,
    its own words at half weight in the fusion (``question_share``): 34.8 / 89.9 (lexical alone 37.6 / 87.4);
    applied to every clause question, named or not, it cost our dev gold set's cross-document contract
    questions (coverage 0.796 -> 0.722), whose words ("books and records") say more than the type.
    ``dense_weight`` 0.5 (the small general-purpose model is the weaker ranking on both dev sets: dense alone
    LegalBench dev 13.0 / 50.1 against lexical 37.6 / 87.4): LegalBench dev 34.8 / 90.8 -> 36.9 / 88.6, our
    dev gold set (hybrid) recall@10 0.933 -> 0.962, precision 0.946 -> 0.968.  The clause vocabulary's own
    vector summed with the short question's (the vocabulary embedded once per process)
    instead of embedding the question with the vocabulary appended: 36.8 / 88.8 against 36.9 / 88.6, and the
    query embedding no longer grows with the vocabulary (bulk hybrid latency).
    Priors (lexical 30, dense 1.0), RRF k 20 and a 1.5 lexical weight all stayed within 2 points.

    Later (after document information counted words rather than padding, the competitive-restriction exception's
    vocabulary and the contract parser's inline clauses: dev 39.6 / 91.7), re-swept on dev: RRF k 10 to 60,
    ``dense_weight`` 0.3 to 1.0, ``question_share`` 0 to 0.75 and ``clause_weight`` 1 to 2 all within about one
    point of recall@8 (a plateau).  Measured and not kept: at most 1 to 5 chunks per section in the first eight
    (recall@8 72.6 to 89.8); a fourth ranking by similarity to other contracts' best clause-vocabulary chunks
    (88.6 at weight 0.5); a logistic reranker on rank, length, heading and clause-kind features (cross-validated
    on dev: 86.8 to 87.4); a boost for chunks passing the generator's clause-kind test (within noise, unstable);
    the section path weighed 1 to 4 in the clause ranking (90.7 to 89.0; weighed 0, precision@1 41.9, recall
    unchanged); headings alone absorbed into their first child's chunk (39.4 / 91.7)."""

    method: str = "rrf"  # "rrf", or "convex": weighted sum of each ranking's min-max normalised scores
    k: int = 60
    lexical_weight: float = 1.0
    dense_weight: float = 0.5
    # candidates taken from each ranking before fusing (4 x k when more): every k up to 64 reads the same depth,
    # so asking for more results never reorders the first ones (at 100, k = 64 read 256 and reordered the top
    # eight of 10 of LegalBench-RAG's 103 dev queries; 256 is what the bench's k = 64 always read)
    depth: int = 256
    # the documents a query names (by title, citation, source name, parties) lift their chunks:
    prior_docs: int = 5  # how many named documents are considered
    prior_temperature: float = 1.0  # a document's prior is exp((its score - the best score) / temperature)
    lexical_prior: float = 10.0  # BM25 points added to a chunk of the best-named document (scaled for others)
    dense_prior: float = 0.2  # cosine points added likewise
    drop_naming_words: bool = True  # words that named the document are not evidence for a passage within it
    naming_boost: float = 0.2  # ... so they weigh this much in the chunk query (0: left out)
    naming_max_share: float = 0.2  # ... a word counts as naming when at most this share of documents hold it
    naming_clauses: bool = True  # a clause made of the named document's words names it and is not evidence
    named_share: float = 0.05  # a query naming documents searches those first (prior >= this share of the best's)
    question_share: float = 0.5  # ... and the question's own words weigh this share of lexical_weight when
    #                              it names its document in a clause of its own
    clause_weight: float = 1.5  # weight of the asked contract clause's vocabulary ranking (pincite.clauses)
    embed_strip: str = "naming"  # what the dense query leaves out: "naming" words, all words "shared" with the
    #                              named document's title page, or "none"


@dataclass(frozen=True)
class Naming:
    """What a query says about which document it is asking: the prior over documents, the words that named
    the best one, every query word found on its title page, and the question left without naming clauses."""

    prior: dict[str, float]
    naming: frozenset[str]
    shared: frozenset[str]
    question: str


_CLAUSE = re.compile(r"[^;:?!\n]+[;:?!\n]*")
_SUBCLAUSE = re.compile(r"[^,]+,*")


INTERROGATIVES = frozenset(
    "what which who whom whose when where why how whether is are was were does do did can could may must "
    "should has have had will would".split())


def strip_naming_clauses(query: str, info: set[str], naming: frozenset[str]) -> tuple[str, frozenset[str]]:
    """(the query without its naming clauses, the content words of those clauses).

    A clause (between ``; : ? !`` or line breaks, up to a comma followed by an interrogative word) names a
    document when at least half its content words are on that document's title page and one of them is a
    naming word (held by few documents).  The query is returned whole when nothing with content would be
    left."""
    kept, words = [], set()

    def names(clause: str) -> list[str] | None:
        content = [w for w in query_words(clause) if w not in STOPWORDS]
        on_page = [w for w in content if w in info]
        ok = content and 2 * len(on_page) >= len(content) and any(w in naming for w in on_page)
        return content if ok else None

    for m in _CLAUSE.finditer(query):
        subs = [x.group(0) for x in _SUBCLAUSE.finditer(m.group(0))]
        # "In Smith v Jones, what did the court decide?": the question starts at its interrogative word
        ask = next((i for i, x in enumerate(subs) if i and (ws := query_words(x)) and ws[0] in INTERROGATIVES),
                   len(subs))
        head = "".join(subs[:ask])
        asks = head.rstrip().endswith("?") or (query_words(head)[:1] or [""])[0] in INTERROGATIVES
        content = None if asks else names(head)  # a question ("right of first offer?") never only names
        if content is not None:
            words.update(content)
        else:
            kept.append(head)
        kept.extend(subs[ask:])
    rest = "".join(kept).strip()
    if not words or not any(w not in STOPWORDS for w in query_words(rest)):
        return query, frozenset()
    return rest, frozenset(words - set(query_words(rest)))


@dataclass
class _Ranked:
    score: float = 0.0
    ranks: dict[str, int] = field(default_factory=dict)


def fuse_rankings(rankings: dict[str, list[str]], weights: dict[str, float], k: int) -> list[tuple[str, float]]:
    """Reciprocal-rank fusion of several rankings of ids (best first); ties keep the first ranking's order."""
    acc: dict[str, _Ranked] = {}
    for name, ids in rankings.items():
        w = weights.get(name, 1.0)
        for r, cid in enumerate(ids, start=1):
            e = acc.setdefault(cid, _Ranked())
            e.score += w / (k + r)
            e.ranks[name] = r
    return sorted(((cid, e.score) for cid, e in acc.items()), key=lambda x: -x[1])


def fuse_scores(scores: dict[str, dict[str, float]], weights: dict[str, float]) -> list[tuple[str, float]]:
    """Convex fusion: each ranking's scores min-max normalised to [0, 1] (absent = 0), weighted and summed."""
    acc: dict[str, float] = {}
    for name, sc in scores.items():
        if not sc:
            continue
        lo, hi = min(sc.values()), max(sc.values())
        w = weights.get(name, 1.0)
        for cid, v in sc.items():
            acc[cid] = acc.get(cid, 0.0) + w * ((v - lo) / (hi - lo) if hi > lo else 1.0)
    return sorted(acc.items(), key=lambda x: -x[1])


class Retriever:
    """Search the store's chunks.  ``mode`` picks lexical, dense or hybrid (the default)."""

    def __init__(self, store: "Store", mode: RetrievalMode = RetrievalMode.HYBRID, embedder: "Embedder | None" = None,
                 fusion: FusionSettings | None = None, dense_header: str = "title+path",
                 on_progress: Callable[[str, int, int], None] | None = None,
                 chunker: Chunker = Chunker.STRUCTURAL) -> None:
        self.store = store
        self.mode = RetrievalMode(mode)
        self.fusion = fusion or FusionSettings()
        self.on_progress = on_progress
        self._clause_vectors: dict[str, object] = {}  # a contract clause type's embedded vocabulary
        own = getattr(store, "search_indexes", None)  # a store that searches itself (PostgreSQL) brings its own
        if own is not None:
            own_lexical, own_dense = own(chunker, dense_header)
        else:
            lex_path, dense_path = index_paths(store, chunker)
            store_id = store_identity(store)
        self.lexical = None
        if self.mode is not RetrievalMode.DENSE:
            self.lexical = LexicalIndex(lex_path, chunker, store_id) if own is None else own_lexical
        self.dense = None
        self.embedder = None
        if self.mode is not RetrievalMode.LEXICAL:
            if embedder is None:
                from pincite.embed import load_embedder

                embedder = load_embedder()  # raises EmbeddingUnavailable with the install hint
            self.embedder = embedder
            self.dense = own_dense if own is not None else DenseIndex(dense_path, dense_header, chunker,
                                                                      store_id=store_id)

    # -- freshness ------------------------------------------------------------------------------

    def ensure_fresh(self) -> None:
        """Re-index what changed in the store since each index was written (a missing, damaged or another
        store's index is rebuilt: see :mod:`pincite.index`)."""
        gen = self.store.generation()  # type: ignore[attr-defined]
        if self.lexical is not None and self.lexical.is_stale(gen):
            lexical, progress = self.lexical, self._progress("lexical index")
            self._catch_up(lexical, lambda **wait: lexical.sync(self.store, progress, **wait))
        if self.dense is not None and self.dense.is_stale(gen):
            dense, embedder, embedding = self.dense, self.embedder, self._progress("embedding")
            assert embedder is not None
            self._catch_up(dense, lambda **wait: dense.sync(self.store, embedder, embedding, **wait))

    def _catch_up(self, index: object, sync: Callable[..., object]) -> None:
        """Run ``sync`` on ``index``.  An embedded index with a committed state is not waited for while
        another process writes it: a reader never fails, nor waits, because a writer holds the index; it
        searches what was last committed (documents stored since are found once the writer is done).  With
        nothing committed to search (the other process is building it) it waits for the writer, up to
        :data:`WRITER_WAIT`."""
        if not isinstance(index, (LexicalIndex, DenseIndex)):  # kept in the store itself (PostgreSQL)
            sync()
            return
        committed = index.check() is None
        try:
            sync(wait=0.0 if committed else WRITER_WAIT)
        except IndexBusy as e:
            if not committed:
                raise
            log.warning("%s: searching what it last committed (documents stored since are not searched yet)",
                        e)

    def _refuse_while_rebuilding(self) -> None:
        """Another thread is rebuilding an index this search needs: refuse at once (the server's 503 with
        Retry-After) rather than wait behind the rebuild or answer from the damaged index."""
        for index in (self.lexical, self.dense):
            if getattr(index, "rebuilding", False):
                raise IndexRebuilding(f"the search index at {getattr(index, 'path', '?')} is being rebuilt "
                                      "from the store; ask again in a few seconds")

    def _progress(self, what: str) -> Callable[[int, int], None] | None:
        if self.on_progress is None:
            return None
        cb = self.on_progress
        return lambda done, total: cb(what, done, total)

    # -- search ---------------------------------------------------------------------------------

    def search(self, query: str, k: int = 10, filters: SearchFilters | None = None,
               per_document: int | None = None) -> list[Passage]:
        """The ``k`` best passages for ``query`` that pass ``filters`` (at most ``per_document`` from any
        one document).  Fewer than ``k`` only when fewer chunks match.

        A query with a clause that names its document ("Consider the Supply Agreement between A and B; ...",
        "In Smith v Jones, ...") is about that document: the documents it names are searched first and the
        rest of the corpus only fills the list after them."""
        if k <= 0:
            return []
        filters = filters or SearchFilters()
        self._refuse_while_rebuilding()
        try:
            return self._search_fresh(query, k, filters, per_document)
        except IndexDamaged:  # found unreadable part-way: ensure_fresh rebuilds it, and the search runs again
            return self._search_fresh(query, k, filters, per_document)

    def _search_fresh(self, query: str, k: int, filters: SearchFilters,
                      per_document: int | None) -> list[Passage]:
        self.ensure_fresh()
        named = self._named_documents(query, filters)
        prior, naming, shared = named.prior, named.naming, named.shared
        qvec = None
        if self.dense is not None:
            assert self.embedder is not None
            strip = {"naming": naming, "shared": shared}.get(self.fusion.embed_strip, frozenset())
            if named.question != query:  # a naming clause: the question is what is left without it
                text = named.question
            else:
                text = strip_words(query, strip) if strip else query
            qvec = self._embed_with_clauses(text)
        depth = max(self.fusion.depth, 4 * k)
        named_only = self._named_only(filters, prior) if named.question != query else None
        if named_only is not None:
            first = self._search(query, qvec, named_only, depth, k, per_document, named)
            if len(first) >= k:
                return first
            rest = self._search(query, qvec, filters, depth, k, per_document, named)
            seen = {p.chunk.id for p in first}
            out = first + [p for p in rest if p.chunk.id not in seen]
            return [replace(p, rank=i + 1) for i, p in enumerate(out[:k])]
        return self._search(query, qvec, filters, depth, k, per_document, named)

    def _embed_with_clauses(self, question: str) -> "np.ndarray":
        """The question's vector plus, for each contract clause type it asks about, that type's vector (its
        name and vocabulary, embedded once per process), normalised: the same direction as embedding the
        question with the vocabulary appended, at the cost of embedding the short question alone."""
        import numpy as np

        assert self.embedder is not None
        types = clause_types_asked(question)
        missing = [t for t in types if t.key not in self._clause_vectors]
        texts = [question] + [t.label + ": " + ", ".join(t.says) for t in missing]
        vecs = self.embedder.embed_texts(texts)
        for t, v in zip(missing, vecs[1:]):
            self._clause_vectors[t.key] = v
        q = vecs[0] + sum((self._clause_vectors[t.key] for t in types), np.zeros_like(vecs[0]))
        return q / (np.linalg.norm(q) or 1.0)

    def _named_only(self, filters: SearchFilters, prior: dict[str, float]) -> SearchFilters | None:
        """``filters`` narrowed to the documents the query names (prior at least ``named_share`` of the
        best's), or None when it names none or the caller chose the documents."""
        if self.fusion.named_share <= 0 or not prior or filters.documents:
            return None
        return replace(filters, documents=tuple(d for d, w in prior.items() if w >= self.fusion.named_share))

    def _search(self, query: str, qvec: object, filters: SearchFilters, depth: int, k: int,
                per_document: int | None, named: "Naming") -> list[Passage]:
        prior, naming = named.prior, named.naming
        for attempt in range(6):
            ranked, exhausted = self._ranked(query, qvec, filters, depth, prior, naming, named.question)
            chosen = _cap_per_document(ranked, per_document, k)
            if len(chosen) >= k or exhausted:
                break
            depth *= 4
        passages = self._hydrate(chosen)
        if len(passages) < len(chosen):  # the store changed under us: catch up once and retry
            self.ensure_fresh()
            ranked, _ = self._ranked(query, qvec, filters, depth, prior, naming, named.question)
            passages = self._hydrate(_cap_per_document(ranked, per_document, k))
        return passages

    def _named_documents(self, query: str, filters: SearchFilters) -> "Naming":
        """Documents the query names, as a prior in (0, 1] (1 for the best), and the query's words that named
        the best one (found in its title, citation, source name or opening words, and held by few documents).

        Document scores are sums of the inverse document frequencies of the words they share with the query,
        so ``exp(score - best)`` reads as how much less likely a document is to be the one named.

        A clause of the query that mostly consists of the named document's words ("Consider the Service
        Agreement between BicycleTX Ltd and Nigel Crockett for Chief Business Officer Position; ...",
        "In Smith v Jones, ...") only says which document: all its words count as naming words, and the
        embedded question is what is left without it."""
        none = Naming({}, frozenset(), frozenset(), query)
        if self.lexical is None or self.fusion.prior_docs <= 0:
            return none
        docs = self.lexical.rank_documents(query, filters, self.fusion.prior_docs)
        if not docs:
            return none
        best = docs[0][1]
        t = max(self.fusion.prior_temperature, 1e-6)
        prior = {d: w for d, s, _ in docs if (w := math.exp((s - best) / t)) >= 0.05}
        naming: frozenset[str] = frozenset()
        info = set(query_words(docs[0][2]))
        shared = [w for w in dict.fromkeys(query_words(query)) if w in info]
        question = query
        if self.fusion.drop_naming_words:
            df, n = self.lexical.document_frequency(shared)
            limit = max(1, int(self.fusion.naming_max_share * n))  # a word only one document holds always names
            naming = frozenset(w for w in shared if df[w] <= limit)
            if self.fusion.naming_clauses and naming:
                question, clause_words = strip_naming_clauses(query, info, naming)
                naming = naming | clause_words
        return Naming(prior, naming, frozenset(shared), question)

    def _ranked(self, query: str, qvec: object, filters: SearchFilters, depth: int,
                prior: dict[str, float] | None = None,
                naming: frozenset[str] = frozenset(),
                question: str | None = None) -> tuple[list[tuple[str, str, float]], bool]:
        """Fused (chunk id, doc id, score), best first, and whether every retriever returned all it had."""
        rankings: dict[str, list[str]] = {}
        scores: dict[str, dict[str, float]] = {}
        exhausted = True
        prior = prior or {}
        named_by_clause = question is not None and question != query
        question = question or query
        question = strip_deictic(question)  # "this contract" points at the document; it is no evidence
        if self.lexical is not None:
            lexical_prior = {d: w * self.fusion.lexical_prior for d, w in prior.items()}
            hits = self.lexical.search(question, filters, depth, lexical_prior, naming, self.fusion.naming_boost)
            rankings["lexical"] = [c for c, _ in hits]
            scores["lexical"] = dict(hits)
            exhausted &= len(hits) < depth
            vocabulary = clause_vocabulary(question)
            contracts = contract_filters(filters)
            if vocabulary and contracts is not None and self.fusion.clause_weight > 0 \
                    and self._about_contracts(filters, hits):
                # a third ranking: the contracts' chunks by the words the asked clause is written in
                hits = self.lexical.search(vocabulary, contracts, depth, lexical_prior)
                rankings["clause"] = [c for c, _ in hits]
                scores["clause"] = dict(hits)
        if self.dense is not None:
            hits = self.dense.search(qvec, filters, depth,  # type: ignore[arg-type]
                                     {d: w * self.fusion.dense_prior for d, w in prior.items()})
            rankings["dense"] = [c for c, _ in hits]
            scores["dense"] = dict(hits)
            exhausted &= len(hits) < depth
        if len(rankings) == 1:
            (name, ids), = rankings.items()
            fused = [(c, scores[name][c]) for c in ids]
        elif self.fusion.method == "convex":
            fused = fuse_scores(scores, {"lexical": self.fusion.lexical_weight, "dense": self.fusion.dense_weight})
        else:
            # a question about a clause of the one contract it names says little beyond the clause type,
            # which the clause ranking reads better than the question's few generic words
            named_clause = "clause" in rankings and named_by_clause
            lexical_weight = self.fusion.lexical_weight * (self.fusion.question_share if named_clause else 1.0)
            fused = fuse_rankings(rankings, {"lexical": lexical_weight,
                                             "dense": self.fusion.dense_weight,
                                             "clause": self.fusion.clause_weight}, self.fusion.k)
        return [(c, c.split(":", 1)[0], s) for c, s in fused], exhausted

    def _about_contracts(self, filters: SearchFilters, hits: list[tuple[str, float]]) -> bool:
        """Whether a question is about contracts: its filters allow nothing else, or the best passage its own
        words find is in a contract (or an unclassified document).  "What royalty rate applies to a federal
        geothermal lease?" asks about a statute, though a contract could say "royalty" too."""
        if filters.kinds and all(k in CLAUSE_KINDS for k in filters.kinds):
            return True
        if not hits:
            return False
        ref = self._docref(hits[0][0].split(":", 1)[0])
        return ref is not None and ref.kind in CLAUSE_KINDS

    def _hydrate(self, chosen: list[tuple[str, str, float]]) -> list[Passage]:
        records = self.store.get_chunks_by_id([c for c, _, _ in chosen])  # type: ignore[attr-defined]
        refs: dict[str, DocRef] = {}
        out: list[Passage] = []
        for cid, doc_id, score in chosen:
            if cid not in records:
                continue
            chunk, text = records[cid]
            if chunk.doc_id not in refs:
                ref = self._docref(chunk.doc_id)
                if ref is None:  # replaced or deleted by a concurrent ingest since the search: not an answer
                    continue
                refs[chunk.doc_id] = ref
            out.append(Passage(chunk=chunk, document=refs[chunk.doc_id], text=text, score=score, rank=len(out) + 1))
        return out

    def _docref(self, doc_id: str) -> DocRef | None:
        s = self._summaries().get(doc_id)
        if s is None:
            self._summary_cache = None
            s = self._summaries().get(doc_id)
            if s is None:
                return None
        return DocRef(id=s.id, source=s.source, title=s.title, kind=s.kind, citation=s.citation, date=s.date,
                      work=s.work, version_date=s.version_date)

    _summary_cache: dict | None = None

    def _summaries(self) -> dict:
        gen = self.store.generation()  # type: ignore[attr-defined]
        if self._summary_cache is None or self._summary_cache.get("_gen") != gen:
            cache: dict = {s.id: s for s in self.store.list_documents()}
            cache["_gen"] = gen
            self._summary_cache = cache
        return self._summary_cache


_DEICTIC = re.compile(r"\b(?:this|the|that)\s+(?:contract|agreement|lease|deed|instrument|document)\b", re.I)


def strip_deictic(question: str) -> str:
    """``question`` without "this contract", "the agreement" and the like: they point at the document the
    question is about (the prior's job), and as words they match every clause that says "this Agreement"."""
    kept = _DEICTIC.sub(" ", question)
    return question if not any(w not in STOPWORDS for w in query_words(kept)) else re.sub(r"\s+", " ", kept).strip()


def clause_vocabulary(question: str) -> str:
    """The words contracts write the clause ``question`` asks about in (:mod:`pincite.clauses`), as one
    query; empty when it asks about no clause type."""
    return " ".join(expansion_words(expansion_terms(question)))


#: the kinds of document a contract clause can be found in: contracts, and documents the parser could not
#: classify (an agreement without the usual headings), never a judgment, statute or summary
CLAUSE_KINDS = (DocumentKind.CONTRACT, DocumentKind.OTHER)


def contract_filters(filters: SearchFilters) -> SearchFilters | None:
    """``filters`` narrowed to the kinds a contract clause is found in; None when they exclude them all."""
    kinds = tuple(k for k in (filters.kinds or CLAUSE_KINDS) if k in CLAUSE_KINDS)
    return replace(filters, kinds=kinds) if kinds else None


def strip_words(text: str, words: frozenset[str]) -> str:
    """``text`` without ``words`` (compared lower-cased, punctuation kept): what is left of a question once the
    words that named its document are taken out, for the embedding (the document prior already counts them).
    The whole text when nothing but punctuation would be left."""
    import re

    kept = re.sub(r"[^\W_]+", lambda m: "" if m.group(0).lower() in words else m.group(0), text)
    kept = re.sub(r"\s+", " ", kept).strip()
    return kept if re.search(r"[^\W_]", kept) else text


def _cap_per_document(ranked: list[tuple[str, str, float]], per_document: int | None,
                      k: int) -> list[tuple[str, str, float]]:
    if per_document is None:
        return ranked[:k]
    seen: dict[str, int] = {}
    out = []
    for cid, doc, s in ranked:
        if seen.get(doc, 0) >= per_document:
            continue
        seen[doc] = seen.get(doc, 0) + 1
        out.append((cid, doc, s))
        if len(out) == k:
            break
    return out


def search_passages(store: "Store", query: str, k: int = 10, filters: SearchFilters | None = None,
                    mode: RetrievalMode = RetrievalMode.HYBRID) -> list[Passage]:
    """One-off search (loads the model each call; keep a :class:`Retriever` for many queries)."""
    return Retriever(store, mode).search(query, k, filters)


__all__ = ["RetrievalMode", "SearchFilters", "FusionSettings", "Retriever", "fuse_rankings", "search_passages",
           "IndexUnavailable"]
