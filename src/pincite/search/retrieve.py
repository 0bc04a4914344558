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

import logging
import math
import threading
import time
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from pincite.errors import IndexRebuilding, PinciteError, VectorsPending
from pincite.legal.clauses import clause_types_asked, expansion_terms
from pincite.legal.language import PARTY_NAME_GENERIC
from pincite.parse.parties import names_by_party, party_names
from pincite.legal.question_kinds import kinds_asked, place_weight, says_kind
from pincite.search.dense import DenseIndex
from pincite.search.embed import Embedder, load_embedder
from pincite.search.fusion import FusionSettings, fuse_rankings, fuse_scores
from pincite.search.indexes import WRITER_WAIT, IndexBusy, IndexDamaged, index_paths, store_identity
from pincite.search.lexical import LexicalIndex, expansion_words
from pincite.search.naming import Naming, strip_deictic, strip_naming_clauses, strip_words
from pincite.store import ChangeSet, DenseSearch, LexicalSearch, Store
from pincite.store.rows import source_words
from pincite.text.terms import STOPWORDS, query_words
from pincite.types import ChoiceEnum, Chunker, DocRef, DocumentKind, Passage, SearchFilters, unit_id

if TYPE_CHECKING:
    import numpy as np

log = logging.getLogger("pincite.index")

#: Seconds a search that may not wait trusts its finding that vectors are pending (at one store generation)
#: before looking again: looking reads the chunks of every document the dense index lacks.
PENDING_RECHECK = 5.0


class RetrievalMode(ChoiceEnum):
    HYBRID = "hybrid"
    LEXICAL = "lexical"
    DENSE = "dense"


class Retriever:
    """Search the store's chunks.  ``mode`` picks lexical, dense or hybrid (the default)."""

    def __init__(self, store: Store, mode: RetrievalMode = RetrievalMode.HYBRID, embedder: Embedder | None = None,
                 fusion: FusionSettings | None = None, dense_header: str = "title+path",
                 on_progress: Callable[[str, int, int], None] | None = None,
                 chunker: Chunker = Chunker.STRUCTURAL, wait: bool = True) -> None:
        self.store = store
        self.chunker = chunker
        self.mode = RetrievalMode(mode)
        # wait for missing vectors to be embedded (with progress), or answer lexically meanwhile (--no-wait,
        # the server): a search then says "dense": "pending" (dense_status)
        self.wait = wait
        self._local = threading.local()  # this thread's last search: was the dense ranking used?
        self.fusion = fusion or FusionSettings()
        self._memos: dict[str, dict[str, Any]] = {}  # per-document readings, kept for one store generation
        self.on_progress = on_progress
        self._clause_vectors: dict[str, object] = {}  # a contract clause type's embedded vocabulary
        own = store.search_indexes(chunker, dense_header)  # a store that searches itself (PostgreSQL) brings its own
        if own is not None:
            own_lexical, own_dense = own
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
                embedder = load_embedder()  # raises EmbeddingUnavailable with the install hint
            self.embedder = embedder
            self.dense = own_dense if own is not None else DenseIndex(dense_path, dense_header, chunker,
                                                                      store_id=store_id)

    # -- freshness ------------------------------------------------------------------------------

    def ensure_fresh(self) -> None:
        """Re-index what changed in the store since each index was written (a missing, damaged or another
        store's index is rebuilt: see :mod:`pincite.search.indexes`)."""
        gen = self.store.generation()
        if self.lexical is not None and self.lexical.is_stale(gen):
            lexical, progress = self.lexical, self._progress("lexical index")
            self._catch_up(lexical, lambda **wait: lexical.sync(self.store, progress, **wait))
        self._local.pending = False
        if self.dense is not None and self.dense.is_stale(gen):
            dense, embedder, embedding = self.dense, self.embedder, self._progress("embedding")
            assert embedder is not None
            if not self.wait:
                self._catch_up_now(dense, embedder)
                return
            self._catch_up(dense, lambda **wait: dense.sync(self.store, embedder, embedding, **wait))

    def _catch_up_now(self, dense: DenseIndex | DenseSearch, embedder: Embedder) -> None:
        """Catch the dense index up only if nothing needs embedding and no other writer holds it; otherwise
        this search is lexical and says the dense ranking is pending (it is never answered from stale)."""
        gen = self.store.generation()
        last = getattr(self, "_pending_at", None)  # (generation, when): looking again costs reading the rows
        if last is not None and last[0] == gen and time.monotonic() - last[1] < PENDING_RECHECK:
            self._local.pending = True
            return
        try:
            dense.sync(self.store, embedder, wait=0.0, embed=False)
        except (VectorsPending, IndexBusy):
            self._local.pending = True
            self._pending_at = (gen, time.monotonic())

    def dense_status(self) -> str:
        """How this thread's last search used the dense ranking: ``"ready"`` (fused in), ``"pending"`` (vectors
        still missing or being written: answered from the lexical ranking alone, see ``wait``) or ``"off"``
        (a lexical retriever)."""
        if self.dense is None:
            return "off"
        return "pending" if getattr(self._local, "pending", False) else "ready"

    def _dense_on(self) -> bool:
        return self.dense is not None and not getattr(self._local, "pending", False)

    def _catch_up(self, index: LexicalIndex | LexicalSearch | DenseIndex | DenseSearch,
                  sync: Callable[..., object]) -> None:
        """Run ``sync`` on ``index``.  An embedded index with a committed state is not waited for while
        another process writes it: a reader never fails, nor waits, because a writer holds the index; it
        searches what was last committed (documents stored since are found once the writer is done).  With
        nothing committed to search (the other process is building it) it waits for the writer, up to
        :data:`WRITER_WAIT`.  (An index kept in the store itself, PostgreSQL's, is always committed and never
        waits.)"""
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
            if index is not None and index.rebuilding:
                raise IndexRebuilding(f"the search index at {index.path} is being rebuilt "
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
        if self._dense_on():
            assert self.embedder is not None
            strip = {"naming": naming, "shared": shared}.get(self.fusion.embed_strip, frozenset())
            if named.question != query:  # a naming clause: the question is what is left without it
                text = named.question
            else:
                text = strip_words(query, strip) if strip else query
            qvec = self._embed_with_clauses(text)
        depth = max(self.fusion.depth, 4 * k)
        named_only = self._named_only(filters, prior) if named.question != query else None
        if not filters.documents:
            named = replace(named, parties=self._named_by_parties(query, prior))
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
        import numpy as np  # loaded with the first dense search, not by every command that imports the retriever

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

    def _named_by_parties(self, query: str, prior: dict[str, float]) -> tuple[str, ...]:
        """The contracts among those the prior names (at least ``named_share`` of the best's) that the query
        names by one of their parties (:func:`~pincite.parse.parties.names_by_party`: "Kitov / Dexcel
        manufacturing agreement - when does Kitov have to pay?", "the element 5 affiliate terms"); none when
        the best-named document is a judgment, an Act or a summary (a party to a stored contract may be a
        litigant too).  A lawyer names a contract by its parties; its clauses answer, not another deal's."""
        if not prior or self.fusion.named_share <= 0:
            return ()
        summaries = self._summaries()
        best = summaries.get(max(prior, key=lambda d: prior[d]))
        if best is None or best.kind not in (DocumentKind.CONTRACT, *UNRECOGNISED_KINDS):
            return ()
        out = []
        for d, w in sorted(prior.items(), key=lambda x: -x[1]):
            s = summaries.get(d)
            if w < self.fusion.named_share or s is None or s.kind is not DocumentKind.CONTRACT:
                continue
            text, names = self._party_names(d)
            if names and names_by_party(query, text, names, PARTY_NAME_GENERIC):
                out.append(d)
        return tuple(out)

    def _per_document(self, cache: str, doc_id: str, read: Callable[[Any], Any], missing: Any) -> Any:
        """``read(document)``, kept in the cache named ``cache`` until the store's generation changes; ``missing``
        for a document replaced or deleted since the search."""
        gen = self.store.generation()
        memo = self._memos.get(cache)
        if memo is None or memo.get("_gen") != gen:
            memo = self._memos[cache] = {"_gen": gen}
        if doc_id not in memo:
            try:
                memo[doc_id] = read(self.store.get_document(doc_id))
            except PinciteError:  # replaced or deleted since the search
                memo[doc_id] = missing
        return memo[doc_id]

    def _party_names(self, doc_id: str) -> tuple[str, list[str]]:
        """A contract's text and the names its parties go by (none for a document gone since the search)."""
        return self._per_document("parties", doc_id, lambda doc: (
            doc.text, party_names(doc.text, doc.meta.get("parties") or [])), ("", []))

    def _search(self, query: str, qvec: object, filters: SearchFilters, depth: int, k: int,
                per_document: int | None, named: Naming) -> list[Passage]:
        prior, naming = named.prior, named.naming
        for attempt in range(6):
            ranked, exhausted = self._ranked(query, qvec, filters, depth, prior, naming, named.question,
                                             named.parties)
            ranked = self._substance_first(self._without_copies(ranked, filters), query, prior, k)
            chosen = _cap_per_document(ranked, per_document, k)
            if len(chosen) >= k or exhausted:
                break
            depth *= 4
        passages = self._hydrate(chosen)
        if len(passages) < len(chosen):  # the store changed under us: catch up once and retry
            self.ensure_fresh()
            ranked, _ = self._ranked(query, qvec, filters, depth, prior, naming, named.question, named.parties)
            ranked = self._substance_first(self._without_copies(ranked, filters), query, prior, k)
            passages = self._hydrate(_cap_per_document(ranked, per_document, k))
        return passages

    def _without_copies(self, ranked: list[tuple[str, str, float]],
                        filters: SearchFilters) -> list[tuple[str, str, float]]:
        """``ranked`` without the passages of an agreement's other copies (:mod:`pincite.twins`): one agreement
        stored from two files is cited once, as its canonical copy.  A copy asked for by name while its
        canonical copy is not keeps its passages."""
        summaries = self._summaries()
        copy_of = {d: s.copy_of for d, s in summaries.items() if d != "_gen" and s.copy_of}
        if not copy_of:
            return ranked
        named = set(filters.documents) | set(filters.sources)

        def cited(doc: str) -> bool:
            canon = copy_of.get(doc)
            if canon is None:
                return True
            if not named:
                return False
            s = summaries.get(canon)
            return canon not in named and (s is None or s.source not in named)

        return [r for r in ranked if cited(r[1])]

    # -- relevance needs substance ----------------------------------------------------------------

    def _substance_first(self, ranked: list[tuple[str, str, float]], query: str, prior: dict[str, float],
                         k: int) -> list[tuple[str, str, float]]:
        """``ranked`` with the passages of documents that only echo the question moved after all others (in
        their own order): a stored instrument the question names answers it, not a note about it.

        - When the question names a recognised instrument by its identity (:meth:`_instruments_named`: its
          parties, title, citation or file name), a document no parser recognised (a note, a memo, an email:
          kind ``other`` or ``text``) comes after it.  Its title is only its first line, which anyone writes,
          and its opening words name the instrument as well as the instrument's own do.
        - A short document whose words are mostly the question's (:func:`echo_of`) says little else, and comes
          after documents with substance whoever they name.

        Nothing is removed: with nothing else to show, the demoted passages still fill the list."""
        if not ranked:
            return ranked
        summaries = self._summaries()
        head = list(dict.fromkeys(d for _, d, _ in ranked[:max(4 * k, 40)]))
        instruments = self._instruments_named(query, prior)
        asked = question_words(query)
        demote = set()
        for d in head:
            s = summaries.get(d)
            if s is None or d in instruments:
                continue
            if instruments and s.kind in UNRECOGNISED_KINDS:
                demote.add(d)
            elif s.units <= ECHO_MAX_UNITS and echo_of(self._content_words(d), asked):
                demote.add(d)
        if not demote or all(d in demote for d in head):
            return ranked
        return [r for r in ranked if r[1] not in demote] + [r for r in ranked if r[1] in demote]

    def _instruments_named(self, query: str, prior: dict[str, float]) -> set[str]:
        """The documents of a recognised kind (contract, judgment, statute, summary) that the question names
        by their identity: a word of the question held by few documents (a party, a case name, an Act's name,
        a citation number) in the title, citation or file name the parser read, among the documents the prior
        names (at least ``named_share`` of the best). A document of no recognised kind is never one: its title
        is its first line."""
        if not prior or self.lexical is None:
            return set()
        summaries = self._summaries()
        words = [w for w in dict.fromkeys(query_words(query)) if w not in STOPWORDS]
        shared: dict[str, list[str]] = {}
        for d, w in prior.items():
            s = summaries.get(d)
            if w < self.fusion.named_share or s is None or s.kind in UNRECOGNISED_KINDS:
                continue
            identity = set(query_words(" ".join((s.title or "", s.citation or "", source_words(s.source)))))
            hits = [x for x in words if x in identity]
            if hits:
                shared[d] = hits
        if not shared:
            return set()
        df, n = self.lexical.document_frequency(sorted({x for hits in shared.values() for x in hits}))
        limit = max(1, int(self.fusion.naming_max_share * n))
        return {d for d, hits in shared.items() if any(df.get(x, n) <= limit for x in hits)}

    def _content_words(self, doc_id: str) -> list[str]:
        """A short document's content words, in order (none for a document gone since the search)."""
        return self._per_document("words", doc_id, lambda doc: [w for w in query_words(doc.text)
                                                                 if w not in STOPWORDS], [])

    def _named_documents(self, query: str, filters: SearchFilters) -> Naming:
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
                question: str | None = None,
                parties: tuple[str, ...] = ()) -> tuple[list[tuple[str, str, float]], bool]:
        """Fused (chunk id, doc id, score), best first, and whether every retriever returned all it had.

        A question naming contracts by their parties (``parties``) whose best passage is another document's is
        ranked again with the clause ranking reading only those contracts: "Kitov / Dexcel manufacturing
        agreement - when does Kitov pay?" asks Kitov's payment clause, and every contract's payment clause
        shares the clause's vocabulary alike.  Where a named contract's passage is already first the ranking
        stands (measured: narrowing it then cost answers the ranker gave from the mixed list)."""
        if parties:
            ranked, exhausted = self._ranked(query, qvec, filters, depth, prior, naming, question)
            if not ranked or ranked[0][1] in parties:
                return ranked, exhausted
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
            if contracts is not None and parties:
                contracts = replace(contracts, documents=parties)
            if vocabulary and contracts is not None and self.fusion.clause_weight > 0 \
                    and self._about_contracts(filters, hits):
                # a third ranking: the contracts' chunks by the words the asked clause is written in
                hits = self.lexical.search(vocabulary, contracts, depth, lexical_prior)
                rankings["clause"] = [c for c, _ in hits]
                scores["clause"] = dict(hits)
            kind = self._kind_ranking(question, rankings["lexical"], scores["lexical"], filters)
            if kind:
                rankings["kind"] = kind
                scores["kind"] = {c: 1.0 / (i + 1) for i, c in enumerate(kind)}
        if self.dense is not None and self._dense_on():
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
                                             "clause": self.fusion.clause_weight,
                                             "kind": self.fusion.kind_weight}, self.fusion.k)
        return [(c, c.split(":", 1)[0], s) for c, s in fused], exhausted

    def _kind_ranking(self, question: str, lexical: list[str], scores: dict[str, float],
                      filters: SearchFilters) -> list[str]:
        """The paragraphs of the judgment a question is about that are written as the kind of answer it asks
        for (:mod:`pincite.legal.question_kinds`: an order, a rejection, the decision below, a test), best
        first by the question's own lexical score (as a share of the judgment's best) plus ``kind_place`` for
        standing where such a paragraph stands (the disposal at the end, the decision below at the start);
        empty when the question asks no such kind or its best passages are not in a judgment.

        The judgment is the document of the question's best lexical passage (the named document's passages
        lead it: see the prior), with the next document's too when it also reaches the first few.  "What
        order did the court make?" shares no word with "I would allow the appeal"; this ranking is how that
        paragraph reaches the top passages."""
        if self.fusion.kind_weight <= 0 or not lexical:
            return []
        kinds = kinds_asked(question)
        if not kinds:
            return []
        docs = list(dict.fromkeys(c.split(":", 1)[0] for c in lexical[:self.fusion.kind_docs_from]))
        docs = [d for d in docs[:2] if (s := self._summaries().get(d)) is not None
                and s.kind == DocumentKind.JUDGMENT and (not filters.documents or d in filters.documents)]
        out: list[tuple[float, int, str]] = []
        for d in docs:
            chunks = self._chunk_texts(d)
            best = max((scores.get(cid, 0.0) for cid, _ in chunks), default=0.0) or 1.0
            for pos, (cid, text) in enumerate(chunks):
                if says_kind(text, kinds):
                    place = place_weight(pos / max(1, len(chunks) - 1), text, kinds)
                    out.append((-(scores.get(cid, 0.0) / best + self.fusion.kind_place * place), pos, cid))
        out.sort()
        return [c for *_, c in out[:self.fusion.kind_depth]]

    _chunk_cache: dict | None = None

    def _chunk_texts(self, doc_id: str) -> list[tuple[str, str]]:
        """A document's chunks (id, text) in document order (cached at the store's generation)."""
        gen = self.store.generation()
        if self._chunk_cache is None or self._chunk_cache.get("_gen") != gen:
            self._chunk_cache = {"_gen": gen}
        cache = self._chunk_cache
        if doc_id not in cache:
            ids = [c.id for c in self.store.get_chunks(doc_id, self.chunker)]
            records = self.store.get_chunks_by_id(ids)
            cache[doc_id] = [(i, records[i][1]) for i in ids if i in records]
        return cache[doc_id]

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
        records = self.store.get_chunks_by_id([c for c, _, _ in chosen])
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
        gen = self.store.generation()
        if self._summary_cache is None or self._summary_cache.get("_gen") != gen:
            cache: dict = {s.id: s for s in self.store.list_documents()}
            cache["_gen"] = gen
            self._summary_cache = cache
        return self._summary_cache


#: Kinds no parser recognised as an instrument: a note, a memo, an email, a dataset's README. Their title
#: is their #: first line, so they are never named by their identity (see :meth:`Retriever._substance_first`).
UNRECOGNISED_KINDS = (DocumentKind.OTHER, DocumentKind.TEXT)
#: An echo of the question is short: at most this many units (a note of a few paragraphs; a contract, a
#: judgment #: or an Act has dozens) ...
ECHO_MAX_UNITS = 12
#: ... and at most this many content words (about a page) ...
ECHO_MAX_WORDS = 400
#: ... holds nearly every content word of the question ...
ECHO_COVERAGE = 0.75
#: ... and the question's words are this share or more of all it says (an operative clause that states the
#: answer in the question's words is part of a document of thousands of other words; a note that repeats the
#: question is mostly the question).
ECHO_SHARE = 0.2


def question_words(question: str) -> set[str]:
    """The content words of a question (lower-cased, no stopwords)."""
    return {w for w in query_words(question) if w not in STOPWORDS}


def echo_of(words: list[str], asked: set[str]) -> bool:
    """Whether a document of ``words`` (its content words, in order) only echoes a question of ``asked``
    words: short, holding nearly all the question's words, and made mostly of them."""
    if not words or not asked or len(words) > ECHO_MAX_WORDS:
        return False
    coverage = len(asked & set(words)) / len(asked)
    share = sum(1 for w in words if w in asked) / len(words)
    return coverage >= ECHO_COVERAGE and share >= ECHO_SHARE


def clause_vocabulary(question: str) -> str:
    """The words contracts write the clause ``question`` asks about in (:mod:`pincite.legal.clauses`), as one
    query; empty when it asks about no clause type."""
    return " ".join(expansion_words(expansion_terms(question)))


#: the kinds of document a contract clause can be found in: contracts, and documents the parser could not
#: classify (an agreement without the usual headings), never a judgment, statute or summary
CLAUSE_KINDS = (DocumentKind.CONTRACT, DocumentKind.OTHER)


def contract_filters(filters: SearchFilters) -> SearchFilters | None:
    """``filters`` narrowed to the kinds a contract clause is found in; None when they exclude them all."""
    kinds = tuple(k for k in (filters.kinds or CLAUSE_KINDS) if k in CLAUSE_KINDS)
    return replace(filters, kinds=kinds) if kinds else None


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


def sync_lexical(store: Store, on_progress: Callable[[int, int], None] | None = None) -> ChangeSet:
    """Update (or build) the lexical index of ``store``: only documents whose generation changed."""
    own = store.search_indexes(Chunker.STRUCTURAL, "title+path")  # a store that searches itself brings its own
    if own is not None:
        return own[0].sync(store, on_progress)
    return LexicalIndex(index_paths(store)[0]).sync(store, on_progress)


def sync_dense(store: Store, embedder: Embedder, header: str = "title+path",
               on_progress: Callable[[int, int], None] | None = None) -> ChangeSet:
    """Update (or build) the dense index of ``store``, embedding only text never embedded before (in batches
    committed to the store: see :func:`pincite.search.dense.vectors_for`)."""
    own = store.search_indexes(Chunker.STRUCTURAL, header)
    if own is not None:
        return own[1].sync(store, embedder, on_progress)
    return DenseIndex(index_paths(store)[1], header, store_id=store_identity(store)).sync(store, embedder,
                                                                                         on_progress)


__all__ = ["RetrievalMode", "Retriever", "sync_lexical", "sync_dense"]
