"""Fusing rankings: reciprocal-rank (the default) or convex, and the settings the retriever fuses with."""

from __future__ import annotations

from dataclasses import dataclass, field

@dataclass(frozen=True)
class FusionSettings:
    """Reciprocal-rank fusion: ``score = sum_i weight_i / (k + rank_i)`` over the rankings a chunk is in.

    Measured on LegalBench-RAG dev (hybrid precision@1 / recall@8): the defaults 18.7 % / 67.8 %; convex fusion
    16.2 / 67.1; dense_prior 0.1 to 0.5, lexical_prior 5 to 20, k 10 to 100 and either weight at 1.5 all within
    about 2 points (a plateau); leaving the naming words out of the embedded question (measured together with
    the exp(score - best) document prior, which replaced a score-ratio cut-off) took hybrid from
    11.0 / 61.9 to 14.9 / 65.7; embedding all words shared with the title page instead, 15.8 / 60.0.

    Then (same split, 2026-11-30): the asked contract clause's vocabulary (:mod:`pincite.legal.clauses`) added to the
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
    kind_weight: float = 1.5  # weight of the ranking of a judgment's paragraphs written as the asked kind
    #                           of answer (pincite.legal.question_kinds; 0.5 to 1.5 measured in
    #                           lab/notes/answers.md, 2026-12-06)
    kind_docs_from: int = 5  # ... the judgment(s) of the question's first this many lexical passages
    kind_depth: int = 10  # ... at most this many paragraphs (30 let them crowd out the lexical best)
    kind_place: float = 1.0  # ... ordered by their lexical score's share of the best plus this for their place
    clause_weight: float = 1.5  # weight of the asked contract clause's vocabulary ranking (pincite.legal.clauses)
    embed_strip: str = "naming"  # what the dense query leaves out: "naming" words, all words "shared" with the


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
