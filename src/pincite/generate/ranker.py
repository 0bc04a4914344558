"""The ranker generator (issue 27, item 2): the candidate sentences and their feature record, ordered by a
LambdaRank model of gradient-boosted trees, with abstention decided by a model of its own.

The candidates are :func:`pincite.generate.candidates.candidates`' (with every sentence of a provision the
question names, :func:`named_candidates`), each quoted as :func:`pincite.generate.candidates.claim` words it,
and their features the one record of :mod:`pincite.generate.features`: the model file names its columns (the
core features, then any optional ones it was trained with, such as the bi-encoder's similarity, which is then
computed for the candidates in one batch).  ``models/ranker_model.json`` (the package's models folder), written by ``lab/train_ranker.py``, holds

- ``trees``: LightGBM's own model dump (``Booster.dump_model()["tree_info"]``) of a LambdaRank model trained on gold
  questions grouped by question (cross-validated with one fold per writer); it is evaluated here in plain
  Python/numpy, so LightGBM is needed to train, never to answer;
- ``abstain``: a model of its own over the question's evidence (:func:`abstain_features`: the best candidate's
  score, its lead over the next, how many candidates there are, the best coverage, whether the best sentence's
  document names what the question names; with ``rich``, the best candidate's whole feature row; with
  ``similarity_top`` K, the bi-encoder's similarity of the ranker's top K to the question; with
  ``passage_mass``, how much of the ranker's belief lies on the top candidate's passage and document,
  :data:`PASSAGE_MASS`) giving the probability that the top candidate answers — a logistic regression (``kind`` "logistic", the default) or
  LightGBM binary trees walked as the ranker's are (``kind`` "trees"); the generator quotes the top candidate
  when that probability reaches ``threshold`` and abstains otherwise — except, for one document's question, a
  top candidate a little under it that the bi-encoder reads as the answer (:data:`ANSWER_BELOW`), answered,
  and a quantity asked whose top candidate states no number (:func:`states_no_quantity`; an amount asked,
  :data:`pincite.legal.decisions.AMOUNT_ASKED`, whose top candidate states none but references, dates or a
  withheld figure, :func:`pincite.legal.decisions.states_amount`; a duration asked whose top candidate states no
  period, date or open end, :func:`pincite.legal.decisions.states_period`), never answered;
- ``rerank`` (optional): a second LambdaRank model over the first's top ``top`` candidates, whose contexts alone are
  embedded with the question (one call for every document's): it reads the first ranker's score and the
  bi-encoder's cosine of each, also relative to the best of them (:data:`RERANK_FEATURES`; with ``rich`` each
  candidate's row too), and reorders them; the abstention model then reads the new order;
- ``similarity_model`` (optional): ``{"file", "sha256"}``, the bi-encoder those two read, fine-tuned here on
  legal questions (``lab/biencoder_train.py``) and shipped beside the model file as int8 ONNX read with the
  dense index's tokenizer; without it they read the dense index's own all-MiniLM-L6-v2;
- the training manifest (data hashes, seed, cross-validated figures).

Before any ranking, a judgment's structure (:mod:`pincite.answer.structure`, issue 52) answers what it
decides: an outcome question is answered by the lead's disposal and each assent, a dissent question asking
whether, who or what order by the dissents' own words (or, no one dissenting, by the agreements), a named
judge whose reasons are a short assent by that assent — claims citing the turn's passages, checked like every
other.  A question naming one judge of several is ranked within that judge's paragraphs (:func:`named_voice`).
"""

from __future__ import annotations

import hashlib
import json
import math
import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import numpy as np

from pincite.answer.context import TurnContext
from pincite.answer.evidence import NAMED_VIA
from pincite.answer.protocol import reply_json
from pincite.answer.structure import (BARE_CONCLUSION_SENTENCES, bare_conclusion, bench_named, contracts_named,
                                      documents_named, ground_units, named_speaker_units, named_speakers,
                                      names_other_case, own_sentences, speakers, structural_claims)
from pincite.generate.base import GeneratorError, LeadsReply
from pincite.generate.candidates import claim, one_per_extent
from pincite.generate.features import (
    CORE,
    FEATURES,
    answers,
    columns_problem,
    feature_matrix,
    fill_models,
    load_models,
    load_sentence_model,
    passage_keys,
    read_sentences,
    terms,
)
from pincite.legal.clause_answers import (SIBLING_CATEGORIES, STATED_WHEN_ASKED_ALONE, answers_category,
                                         categories_asked, heading_words)
from pincite.legal.decisions import (TIME_LIMIT_ASKED, answer_must_say, asked_and_said, asks_amount, states_amount,
                                     states_period)
from pincite.legal.language import (DURATION_QUESTION, asks_defence, asks_exception, bodies_named, body_head,
                                    names_body, qualified_by, qualifies, repeal_note, states_defence)
from pincite.legal.question_kinds import (JUDGE_NAMED, asks_decision_below, asks_lower_court,
                                          asks_test, defines, definition_asked, obliged_party,
                                          party_asked_of, asks_why_ground, gives_reasons, ground_numbers,
                                          judge_surnames, judges_acting, kinds_asked, states_test,
                                          asks_what_it_is, states_what_asked, asks_argument, poses_issue,
                                          reports_decision_below, rests_on_above)
from pincite.legal.sentences import sentence_spans
from pincite.store.rows import source_words
from pincite.types import DocumentKind, UnitKind

__all__ = ["ABSTAIN_FEATURES", "LEADS", "MODEL_FILE", "PASSAGE_MASS", "RERANK_FEATURES", "RankerGenerator",
           "RankerModel", "TOP_SIMILARITY", "abstain_features", "abstain_names", "load_model",
           "load_similarity_model", "NAMED_EVIDENCE_TERMS", "named_candidates", "named_first", "named_repeal",
           "passage_mass", "ranked_leads", "rerank_names", "rerank_rows", "rerank_scores",
           "similarity_summary", "similarity_vectors", "top_similarities"]

MODEL_FILE = Path(__file__).resolve().parent.parent / "models" / "ranker_model.json"

#: the question-level evidence the abstention model reads, from the ranked candidates
ABSTAIN_FEATURES = ("top_score", "lead_over_second", "top_softmax", "candidates_log", "max_coverage",
                    "top_coverage", "top_names_missing", "top_decisive", "question_terms", "top_matched_terms")

_COL = {n: i for i, n in enumerate(CORE)}  # every model's first columns are the core features, in order


#: optional columns the abstention model also reads when the ranker's columns hold them, each as two numbers: the
#: top candidate's value and the best value over the candidates (each with the reason it bears on "is any
#: candidate an answer?")
ABSTAIN_READS = (
    ("similarity", "a question whose every candidate reads unlike it is one the documents may not answer"),
    ("retrieval_score", "a low best retrieval score says no stored passage matches the question's words"),
)


#: what the abstention model reads of the bi-encoder when its file sets ``similarity_top`` K: only the ranker's top K
#: candidates are embedded (with the question), as cheap as one small batch — the top's similarity (a top sentence
#: that shares the question's words but not its meaning is a chance match), the best of the K, and the top's lead
#: over the next of them
TOP_SIMILARITY = ("top_similarity", "best_similarity_of_top", "similarity_lead_of_top")


#: what the abstention model reads (a file's ``abstain.passage_mass``) of where the ranker's belief lies: the
#: share of its softmax on the top candidate's passage and on the top's document, and how many passages and
#: documents its top five come from — several sentences of one paragraph all ranked high say that paragraph holds
#: the answer; a top five spread over five passages says the ranker is choosing among near-equals
PASSAGE_MASS = ("top_passage_mass", "top_document_mass", "passages_in_top5", "documents_in_top5")


def passage_mass(scores: np.ndarray, passages: Sequence[str]) -> list[float]:
    """:data:`PASSAGE_MASS` for candidates with these scores, each of the passage ``passages[i]``
    (``DOC#UNIT``, :func:`pincite.generate.features.passage_keys`)."""
    if not len(scores):
        return [0.0] * len(PASSAGE_MASS)
    ex = np.exp(scores - scores.max())
    ex = ex / ex.sum()
    top = int(np.argmax(scores))
    doc = [p.rpartition("#")[0] for p in passages]
    five = np.argsort(-scores, kind="stable")[:5]
    on_passage = [p == passages[top] for p in passages]
    on_document = [d == doc[top] for d in doc]
    return [float(ex[on_passage].sum()), float(ex[on_document].sum()),
            float(len({passages[i] for i in five})), float(len({doc[i] for i in five}))]


#: what the second ranker (a model file's ``rerank`` section) reads of each of the first ranker's top N candidates,
#: whose contexts alone are embedded: the first ranker's judgement of it, and the bi-encoder's, each also relative
#: to the best of the N (a sentence sharing the question's words but not its meaning scores high on the first and
#: low on the second; one the first ranker put third may read most like the question)
RERANK_FEATURES = ("first_score", "first_score_behind_top", "first_rank", "similarity", "similarity_behind_best",
                   "similarity_rank")


def rerank_names(features: tuple[str, ...] = CORE, rich: bool = False) -> tuple[str, ...]:
    """The second ranker's columns: :data:`RERANK_FEATURES`, then with ``rich`` the candidate's whole row."""
    return RERANK_FEATURES + (tuple(f"row_{name}" for name in features) if rich else ())


def rerank_rows(x: np.ndarray, scores: np.ndarray, sims: np.ndarray, rich: bool = False) -> tuple[np.ndarray, np.ndarray]:
    """The second ranker's rows for the first ranker's top ``len(sims)`` candidates (``sims``: their cosines, in
    the first ranker's order) and those candidates' indices."""
    idx = np.argsort(-scores, kind="stable")[:len(sims)]
    if not len(idx):
        return np.zeros((0, len(RERANK_FEATURES))), idx
    s1 = scores[idx]
    sim_rank = np.empty(len(idx))
    sim_rank[np.argsort(-sims, kind="stable")] = np.arange(len(idx))
    cols = [s1, s1 - s1[0], np.arange(len(idx), dtype=float), sims, sims - sims.max(), sim_rank]
    rows = np.column_stack(cols)
    if rich:
        rows = np.hstack([rows, x[idx]])
    return rows, idx


def rerank_scores(scores: np.ndarray, idx: np.ndarray, second: np.ndarray) -> np.ndarray:
    """One score per candidate after the second ranker: its scores for the top ``idx``, and below the lowest of
    them the other candidates in the first ranker's order (the first's scores, shifted)."""
    out = np.array(scores, dtype=float)
    if not len(idx):
        return out
    rest = np.ones(len(out), dtype=bool)
    rest[idx] = False
    if rest.any():
        out[rest] = out[rest] - out[rest].max() + float(second.min()) - 1.0
    out[idx] = second
    return out


def abstain_names(features: tuple[str, ...] = CORE, rich: bool = False, similarity_top: int = 0,
                  mass: bool = False) -> tuple[str, ...]:
    """The abstention model's inputs for a ranker over these columns; ``rich``: also the top candidate's whole
    feature row (``row_NAME``), which a tree model can cross with the question-level evidence (a lead that
    means an answer for a statute question may not for a judgment's); ``similarity_top``: also
    :data:`TOP_SIMILARITY`."""
    extra = tuple(f"{kind}_{name}" for name, _ in ABSTAIN_READS if name in features for kind in ("top", "max"))
    return (ABSTAIN_FEATURES + extra + (tuple(f"row_{name}" for name in features) if rich else ())
            + (TOP_SIMILARITY if similarity_top else ()) + (PASSAGE_MASS if mass else ()))


def similarity_vectors(embedder: Any, question: str, contexts: list[str]) -> np.ndarray:
    """The bi-encoder's cosine of the question and each context, all texts in one call."""
    if not contexts:
        return np.zeros(0)
    try:
        vecs = embedder.embed_texts([question, *contexts])
    except GeneratorError:
        raise
    except Exception as e:  # onnxruntime failing mid-run (a model file damaged after loading)
        raise GeneratorError(f"the bi-encoder failed: {str(e)[:200]}") from None
    return np.asarray(vecs[1:] @ vecs[0], dtype=float)


def similarity_summary(sims: np.ndarray) -> list[float]:
    """:data:`TOP_SIMILARITY` from the cosines of the top candidates, best-ranked first."""
    if not len(sims):
        return [0.0, 0.0, 0.0]
    return [float(sims[0]), float(sims.max()), float(sims[0] - (sims[1] if len(sims) > 1 else 0.0))]


def top_similarities(embedder: Any, question: str, contexts: list[str]) -> list[float]:
    """:data:`TOP_SIMILARITY` for the question and its top candidates' contexts (best first, as the ranker put
    them): the bi-encoder's cosines, all texts in one call."""
    return similarity_summary(similarity_vectors(embedder, question, contexts))


def abstain_features(x: np.ndarray, scores: np.ndarray, features: tuple[str, ...] = CORE,
                     rich: bool = False, similarities: list[float] | None = None,
                     passages: Sequence[str] | None = None) -> list[float]:
    """The abstention model's row for one question: ``x`` its candidates' feature rows (columns ``features``),
    ``scores`` the ranker's, ``similarities`` :func:`top_similarities` when the model reads them, ``passages``
    each candidate's passage when it reads :data:`PASSAGE_MASS`."""
    names = abstain_names(features, rich, int(similarities is not None), passages is not None)
    if not len(scores):
        return [0.0] * len(names)
    order = np.argsort(-scores, kind="stable")
    top = float(scores[order[0]])
    second = float(scores[order[1]]) if len(order) > 1 else top - 3.0
    ex = np.exp(scores - scores.max())
    row = x[order[0]]
    out = [top, top - second, float(ex[order[0]] / ex.sum()), math.log(len(scores)),
           float(x[:, _COL["coverage"]].max()), float(row[_COL["coverage"]]), float(row[_COL["names_missing"]]),
           float(row[_COL["decisive"]]), float(row[_COL["question_terms"]]),
           float(row[_COL["matched_terms"]])]  # a gate of one term lets in sentences sharing one word by chance
    for name, _ in ABSTAIN_READS:
        if name in features:
            col = features.index(name)
            out += [float(row[col]), float(x[:, col].max())]
    if rich:
        out += [float(v) for v in row]
    if similarities is not None:
        out += [float(v) for v in similarities]
    if passages is not None:
        out += passage_mass(scores, passages)
    return out


def _tree_value(node: dict[str, Any], row: np.ndarray) -> float:
    while "leaf_value" not in node:
        v = row[node["split_feature"]]
        if math.isnan(v):
            go_left = node.get("default_left", True)
        else:
            go_left = v <= node["threshold"]
        node = node["left_child"] if go_left else node["right_child"]
    return float(node["leaf_value"])


def _max_split(node: dict[str, Any]) -> int:
    """The highest column a dumped tree splits on (-1 for a single leaf)."""
    if "leaf_value" in node:
        return -1
    return max(int(node["split_feature"]), _max_split(node["left_child"]), _max_split(node["right_child"]))


def _flatten(tree: dict[str, Any]) -> tuple[np.ndarray, ...]:
    """A dumped tree as arrays (split feature, threshold, left, right, default-left, leaf value, is-leaf), so
    every candidate descends it at once."""
    feat, thr, left, right, dleft, value, leaf = [], [], [], [], [], [], []

    def add(node: dict[str, Any]) -> int:
        i = len(feat)
        for a in (feat, thr, left, right, dleft, value, leaf):
            a.append(0)
        if "leaf_value" in node:
            value[i], leaf[i] = float(node["leaf_value"]), True
            return i
        feat[i], thr[i], dleft[i] = int(node["split_feature"]), float(node["threshold"]), bool(
            node.get("default_left", True))
        left[i] = add(node["left_child"])
        right[i] = add(node["right_child"])
        return i

    add(tree)
    return (np.array(feat, dtype=int), np.array(thr, dtype=float), np.array(left, dtype=int),
            np.array(right, dtype=int), np.array(dleft, dtype=bool), np.array(value, dtype=float),
            np.array(leaf, dtype=bool))


def _forest(flat: list[tuple[np.ndarray, ...]]) -> tuple[np.ndarray, ...]:
    """Flattened trees as one array set (children renumbered), with each tree's root: :func:`_walk` descends
    every tree at once, a step per level, not a loop of numpy calls per tree and level (the ranker of a question
    over nine contracts spent 0.26 s in those calls)."""
    roots, parts, at = [], [], 0
    for feat, thr, left, right, dleft, value, leaf in flat:
        roots.append(at)
        parts.append((feat, thr, np.where(leaf, 0, left + at), np.where(leaf, 0, right + at), dleft, value, leaf))
        at += len(feat)
    cols = [np.concatenate([p[i] for p in parts]) if parts else np.zeros(0) for i in range(7)]
    return (np.array(roots, dtype=int), *cols)


def _walk(forest: tuple[np.ndarray, ...], x: np.ndarray) -> np.ndarray:
    """The sum of the trees' leaves for each row of ``x`` (LightGBM's raw ``predict``), ``forest`` from
    :func:`_forest`; the leaves are added tree by tree in the model's order, as before."""
    roots, feat, thr, left, right, dleft, value, leaf = forest
    x = np.asarray(x, dtype=float).reshape(len(x), -1)
    if not len(roots):
        return np.zeros(len(x))
    rows = np.arange(len(x))[None, :]
    idx = np.repeat(roots[:, None], len(x), axis=1)  # [tree, row]: the node each row has reached in each tree
    while True:
        inner = ~leaf[idx]
        if not inner.any():
            break
        v = x[rows, feat[idx]]
        go_left = np.where(np.isnan(v), dleft[idx], v <= thr[idx])
        idx = np.where(inner, np.where(go_left, left[idx], right[idx]), idx)
    total = np.zeros(len(x))
    for leaves in value[idx]:
        total += leaves
    return total


@dataclass(frozen=True)
class RankerModel:
    features: tuple[str, ...]
    trees: tuple[dict[str, Any], ...]
    abstain_mean: np.ndarray
    abstain_scale: np.ndarray
    abstain_coef: np.ndarray
    abstain_intercept: float
    threshold: float
    about: dict[str, Any]
    gate_terms: int = 2  # question terms a sentence must hold to be a candidate (features.answers' min_terms)
    #: a tree model of the abstention decision (LightGBM binary dump) replacing the logistic regression, and
    #: whether it reads the top candidate's whole row (:func:`abstain_names`' ``rich``)
    abstain_trees: tuple[dict[str, Any], ...] = ()
    abstain_rich: bool = False
    similarity_top: int = 0  # the abstention model reads TOP_SIMILARITY of the ranker's top this many candidates
    #: a second LambdaRank model over the first's top ``rerank_top`` candidates (:func:`rerank_rows`; none when 0)
    rerank_top: int = 0
    rerank_trees: tuple[dict[str, Any], ...] = ()
    rerank_rich: bool = False
    passage_mass: bool = False  # the abstention model reads PASSAGE_MASS
    #: the fine-tuned bi-encoder the second ranker and the abstention model read (None: the dense index's
    #: model), and the sha256 its model file records for it
    similarity_path: Path | None = None
    similarity_sha256: str = ""

    def scores(self, x: np.ndarray) -> np.ndarray:
        """The ranker's score of each row (the sum of its trees' leaves, as LightGBM's ``predict``)."""
        return _walk(self._flat("trees"), x)

    def rerank(self, rows: np.ndarray) -> np.ndarray:
        """The second ranker's score of each :func:`rerank_rows` row."""
        return _walk(self._flat("rerank_trees"), rows)

    def _flat(self, which: str) -> tuple[np.ndarray, ...]:
        key = f"_flat_{which}"
        flat = self.__dict__.get(key)
        if flat is None:
            flat = _forest([_flatten(t) for t in getattr(self, which)])
            object.__setattr__(self, key, flat)
        return flat

    def answer_probability(self, x: np.ndarray, scores: np.ndarray, similarities: list[float] | None = None,
                           passages: Sequence[str] | None = None) -> float:
        """The probability that the top candidate answers; ``similarities``: :func:`top_similarities` of the top
        :attr:`similarity_top` candidates, which a model with ``similarity_top`` needs; ``passages``: each
        candidate's passage, which a model with :attr:`passage_mass` needs."""
        if self.similarity_top and similarities is None:
            raise GeneratorError("the ranker's abstention model reads the top candidates' similarity; none given")
        if self.passage_mass and passages is None:
            raise GeneratorError("the ranker's abstention model reads the candidates' passages; none given")
        a = np.array(abstain_features(x, scores, self.features, self.abstain_rich,
                                      similarities if self.similarity_top else None,
                                      passages if self.passage_mass else None))
        if self.abstain_trees:
            z = float(_walk(self._flat("abstain_trees"), a[None, :])[0])
        else:
            z = float(((a - self.abstain_mean) / self.abstain_scale) @ self.abstain_coef + self.abstain_intercept)
        return float(1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z)))))


def load_model(path: str | Path = MODEL_FILE) -> RankerModel:
    """Read a model file; :class:`GeneratorError` naming the file and what is wrong with it."""
    p = Path(path)
    try:
        raw = json.loads(p.read_text(encoding="utf-8"))
    except OSError as e:
        raise GeneratorError(f"{p}: the ranker's model cannot be read: {e.strerror or e}") from None
    except (UnicodeDecodeError, json.JSONDecodeError) as e:
        raise GeneratorError(f"{p}: the ranker's model is not valid JSON: {e}") from None
    try:
        names = tuple(raw["features"])
        trees = tuple(t["tree_structure"] for t in raw["trees"])
        ab = raw["abstain"]
        kind = ab.get("kind", "logistic")  # files from before the tree model held only the regression
        if kind not in ("logistic", "trees"):
            raise ValueError(f"abstain kind {kind!r}")
        rich = bool(ab.get("rich", False))
        mass = bool(ab.get("passage_mass", False))  # files from before it read no passage mass
        similarity_top = int(ab.get("similarity_top", 0))  # files from before it read no similarity
        if similarity_top < 0:
            raise ValueError(f"similarity_top {similarity_top}")
        ab_trees = tuple(t["tree_structure"] for t in ab["trees"]) if kind == "trees" else ()
        ab_names = tuple(ab["features"])
        if kind == "trees":
            arrays = [np.zeros(len(ab_names)), np.ones(len(ab_names)), np.zeros(len(ab_names))]
            intercept = 0.0
        else:
            arrays = [np.asarray(ab[k], dtype=float) for k in ("mean", "scale", "coef")]
            intercept = float(ab["intercept"])
        rr = raw.get("rerank") or {}  # files from before the second ranker had none
        rerank_top = int(rr.get("top", 0))
        rerank_rich = bool(rr.get("rich", False))
        rerank_trees = tuple(t["tree_structure"] for t in rr.get("trees", ())) if rerank_top else ()
        rerank_features = tuple(rr.get("features", ()))
        if rerank_top < 0 or (rerank_top and not rerank_trees):
            raise ValueError(f"rerank section (top {rerank_top}, its trees)")
        threshold = float(raw["threshold"])
        gate_terms = int(raw.get("gate_terms", 2))  # files from before the gate was a setting used 2
        sim = raw.get("similarity_model")  # files from before it read the dense index's bi-encoder
        sim_path, sim_sha = None, ""
        if sim is not None:
            name, sim_sha = str(sim["file"]), str(sim["sha256"])
            if not name or Path(name).name != name or name.startswith("."):
                raise ValueError(f"similarity_model file {name!r} (a file name beside the model file)")
            sim_path = p.parent / name
    except (KeyError, TypeError, ValueError) as e:
        raise GeneratorError(f"{p}: the ranker's model lacks or garbles a field ({e})") from None
    problem = columns_problem(names)
    read = max((_max_split(t) for t in trees), default=-1)
    if not problem and read >= len(names):  # the trees would read a column the file does not list
        problem = f"its trees read column {read + 1}, it lists {len(names)} features"
    if not problem and max((_max_split(t) for t in ab_trees), default=-1) >= len(ab_names):
        problem = "its abstention trees read a column its abstention features do not list"
    if not problem and rerank_top and rerank_features != rerank_names(names, rerank_rich):
        problem = "its second ranker's features differ"  # it reads each candidate's whole row, as listed
    if not problem and max((_max_split(t) for t in rerank_trees), default=-1) >= len(rerank_names(names, rerank_rich)):
        problem = "its second ranker's trees read a column its rerank features do not list"
    if problem or ab_names != abstain_names(names, rich, similarity_top, mass):
        raise GeneratorError(f"{p}: the model was trained on other features than this version computes "
                             f"({problem or 'abstention features differ'}); retrain with lab/train_ranker.py")
    if any(a.shape != (len(ab_names),) for a in arrays) or (arrays[1] <= 0).any():
        raise GeneratorError(f"{p}: the abstention model's mean, scale or coef are not "
                             f"{len(ab_names)} numbers (scale positive)")
    about = {k: v for k, v in raw.items()
             if k not in ("features", "trees", "abstain", "threshold", "gate_terms", "rerank",
                          "similarity_model")}
    return RankerModel(names, trees, arrays[0], arrays[1], arrays[2], intercept, threshold, about, gate_terms,
                       ab_trees, rich, similarity_top, rerank_top, rerank_trees, rerank_rich, mass, sim_path,
                       sim_sha)


def load_similarity_model(path: Path, sha256: str) -> Any:
    """The fine-tuned bi-encoder a model file names, read with the dense index's tokenizer (the same
    all-MiniLM-L6-v2 vocabulary); :class:`GeneratorError` naming the file when it is missing, is not the file
    the model was trained with, or will not load."""
    from pincite.search.embed import EmbeddingUnavailable, find_model_files

    try:
        data = path.read_bytes()
    except OSError as e:
        raise GeneratorError(f"{path}: the ranker's bi-encoder cannot be read: {e.strerror or e}") from None
    if hashlib.sha256(data).hexdigest() != sha256:
        raise GeneratorError(f"{path}: not the bi-encoder the ranker was trained with (sha256 differs from "
                             "its model file's); reinstall pincite or retrain with lab/train_ranker.py")
    try:
        tokenizer = find_model_files()[1]
    except EmbeddingUnavailable as e:
        raise GeneratorError(f"the ranker's bi-encoder needs the dense index's tokenizer: {e}") from None
    return load_sentence_model((path, tokenizer))


def named_voice(turn: TurnContext, reading: Any) -> np.ndarray | None:
    """A question naming one judge of a judgment ("what did Males LJ say about…?") is answered from that
    judge's own paragraphs only (:func:`pincite.answer.structure.named_speaker_units`): the indices of the
    reading's candidates in that voice, of the best-ranked judgment whose voices include the judge; None when
    the question names no judge there, or no candidate is in that voice."""
    if turn.multi_document:
        return None
    seen: set[str] = set()
    for cp in turn.passages:
        if cp.passage.document.id in seen:
            continue
        seen.add(cp.passage.document.id)
        doc = turn.document_of(cp.pid)
        voice = named_speaker_units(doc, turn.question)
        if voice is None:
            continue
        kept = [i for i, f in enumerate(reading.sentences) if f.cp.passage.document.id == doc.id
                and voice.intersection(f.cp.passage.chunk.units)]
        return np.array(kept) if kept else None
    return None


class RankerGenerator:
    """Quote the candidate the LambdaRank model ranks first when the abstention model says it answers."""

    name = "ranker"
    paraphrases = False  # the document's sentences, and the structure's frames (Generator.paraphrases)

    def __init__(self, model: RankerModel | None = None, model_file: str | Path | None = None,
                 min_chars: int = 25, models: dict[str, Any] | None = None) -> None:
        self._model = model
        self.model_file = Path(model_file) if model_file else MODEL_FILE
        self.min_chars = min_chars
        self.models: dict[str, Any] = dict(models or {})  # what its features read (the bi-encoder), by name

    @property
    def model(self) -> RankerModel:
        if self._model is None:
            self._model = load_model(self.model_file)
        return self._model

    def load(self) -> None:
        """Read the model now, and any model its features read (the bi-encoder), so a server reports a damaged
        file at start and its first question is not the slow one."""
        load_models(self.model.features, self.models)
        if self.model.similarity_top or self.model.rerank_top:
            self.bi_encoder()  # the second ranker's and abstention's reading of the top

    def bi_encoder(self) -> Any:
        """The bi-encoder the second ranker and the abstention model read: the model file's own (loaded once,
        kept in :attr:`models` under ``bi-encoder@FILE``), else the dense index's."""
        m = self.model
        if m.similarity_path is None:
            load_models(("similarity",), self.models)
            return self.models[FEATURES["similarity"].needs]
        key = f"{FEATURES['similarity'].needs}@{m.similarity_path.name}"
        if key not in self.models:
            self.models[key] = load_similarity_model(m.similarity_path, m.similarity_sha256)
        return self.models[key]

    def _decide(self, reading: Any, x: np.ndarray, scores: np.ndarray, groups: list[np.ndarray],
                passages: Sequence[str] | None = None,
                summaries: list[list[float] | None] | None = None) -> list[tuple[int, float]]:
        """For each group of candidates (indices into the reading; a group a document, or all of them), the
        candidate to quote and the abstention model's probability that it answers.  The first ranker's top few of
        every group are embedded in one call with the question (the second ranker reads its top ``rerank_top``,
        the abstention model the top ``similarity_top``); ``summaries``, when given, gets each group's
        :data:`TOP_SIMILARITY` (None when the model reads none)."""
        m = self.model
        embed = max(m.rerank_top, m.similarity_top)
        tops = [g[np.argsort(-scores[g], kind="stable")[:embed]] for g in groups]
        sims: list[np.ndarray] = [np.zeros(0) for _ in groups]
        if embed:
            flat = similarity_vectors(self.bi_encoder(), reading.question,
                                      [reading.sentences[i].context for t in tops for i in t])
            cut = np.cumsum([0] + [len(t) for t in tops])
            sims = [flat[a:b] for a, b in zip(cut[:-1], cut[1:])]
        out = []
        for g, v in zip(groups, sims):
            s = scores[g]
            if m.rerank_top:
                rows, idx = rerank_rows(x[g], s, v[:m.rerank_top], m.rerank_rich)
                second = m.rerank(rows)
                s = rerank_scores(s, idx, second)
                v = v[:m.rerank_top][np.argsort(-second, kind="stable")]  # the cosines in the new order
            summary = similarity_summary(v[:m.similarity_top]) if m.similarity_top else None
            if summaries is not None:
                summaries.append(summary)
            mine = [passages[i] for i in g] if passages is not None else None
            out.append((int(g[int(np.argmax(s))]), m.answer_probability(x[g], s, summary, mine)))
        return out

    def generate(self, turn: TurnContext, messages: list[dict[str, str]]) -> str:
        m = self.model
        # the structure decides it: no ranking
        direct = structural_claims(turn) or named_repeal(turn) or defined_term(turn)
        needs = answer_must_say(turn.question)
        if direct and needs and not any(all(n.search(c["quote"]) for n in needs)
                                        for d in direct for c in d["citations"]):
            direct = []  # "did the judge below order costs?": what the decision below says, silent on costs, is not it
        if direct and not turn.multi_document and acting_judge_absent(turn, direct):
            direct = []  # "what order had Morgan J made?": a paragraph that names no Morgan J is not that order
        if direct:
            return reply_json(direct)
        reading = named_candidates(turn, self.min_chars, m.gate_terms)
        if reading is None or not reading.sentences:
            return reply_json([])
        if needs:  # "what costs order…?": only a sentence saying what it asks answers it
            kept = [f for f in reading.sentences if all(n.search(f.sent) for n in needs)]
            if not kept:
                return reply_json([])
            reading = replace(reading, sentences=kept)
        bodies = bodies_named(turn.question)
        if bodies:  # "what is the size of the Supreme Court's bench?": not a section about the Tax Court
            kept = [f for f in reading.sentences if not _about_another_body(turn, f, bodies)]
            if not kept:
                return reply_json([])
            reading = replace(reading, sentences=kept)
        named_docs = documents_named(turn.question, [f.cp.passage.document for f in reading.sentences]) \
            if not turn.multi_document else set()
        if not turn.multi_document:  # a contract named by its parties ("the Kitov / Dexcel agreement") too
            in_reading = {f.cp.passage.document.id for f in reading.sentences}
            named_docs |= contracts_named(turn.question, [d.document for d in turn.documents
                                                          if d.document.id in in_reading])
        sents = reading.sentences
        fill_models(reading, m.features, self.models)
        x = feature_matrix(reading, m.features)
        scores = m.scores(x)
        if turn.multi_document:  # each document decided on its own: its best candidate, if it answers
            docs = list(dict.fromkeys(sents[i].cp.passage.document.id
                                      for i in np.argsort(-scores, kind="stable")))
            groups = [np.array([j for j, f in enumerate(sents) if f.cp.passage.document.id == doc]) for doc in docs]
        else:
            groups = [np.arange(len(sents))]
        named = named_first(reading, scores) if not turn.multi_document else None
        if named is not None:  # the provision the question names, which no other provision beat on evidence
            exception = exception_of(turn, reading, scores, named)
            first = [claim(sents[named if exception is None else exception], reading)]
            if states_what_is_asked(turn.question, first):
                return reply_json(first)
            # it withholds the amount or period asked ("less than $[***]"): another of the named provision's
            # sentences that states it answers, else nothing does — the same check every other answer meets
            stated = next((i for i in np.argsort(-scores, kind="stable") if sents[i].cp.passage.via == NAMED_VIA
                           and states_what_is_asked(turn.question, [claim(sents[i], reading)])), None)
            if stated is not None:
                return reply_json([claim(sents[stated], reading)])
            return LeadsReply(reply_json([]), ranked_leads(reading, scores))
        passages = passage_keys(sents) if m.passage_mass else None
        voice = named_voice(turn, reading)
        summaries: list[list[float] | None] = []
        if voice is not None:
            # ranked within the named judge's voice; answered when the model would answer from that voice or
            # from all the candidates (the question is answerable, and the judge's own words are what it asks)
            (best, p_voice), (best_all, p_all) = self._decide(reading, x, scores, [voice, groups[0]], passages,
                                                              summaries)
            decided = [(best, voice_probability(best, p_voice, best_all, p_all))]
        else:
            decided = self._decide(reading, x, scores, groups, passages, summaries)
        if not turn.multi_document:
            best, p = decided[0]
            exception = exception_of(turn, reading, scores, best)
            if exception is not None:  # the exception asked, as the Act marks it: that answers, whatever p
                return reply_json([claim(sents[exception], reading)])
            if p < m.threshold and reads_as_answer(p, summaries[0]):
                decided = [(best, m.threshold)]  # read as the answer by the bi-encoder (ANSWER_BELOW)
            party = party_asked(turn, reading, scores, best)
            if party is not None:  # the deadline of the party the question names, not another's
                decided = [(party, m.threshold)]
                best = party
            sibling = sibling_in_clause(turn, reading, scores, best) if p >= m.threshold else None
            if sibling is not None:  # "overall cap on liability?": the clause's cap, not the exclusion beside it
                decided = [(sibling, p)]
                best = sibling
            if states_no_quantity(x[best], m.features) or not states_amount_and_period(turn.question,
                                                                                    [sents[best].sent]):
                decided = [(best, 0.0)]  # "how many…", "what interest rate…", "how long…" asked and not stated
        # "… under the Design Partner Agreement?": another agreement's clause answers nothing the question asks
        claims = [claim(sents[best], reading) for best, p in decided if p >= m.threshold
                  and (not named_docs or sents[best].cp.passage.document.id in named_docs)]
        if not turn.multi_document:
            answered = decided[0][0] if claims else None
            why = reasons_for_ground(turn, reading, scores, answered, voice)
            if why is not None:
                claims = [claim(sents[why], reading)]
        if claims and not turn.multi_document:
            reply = reply_to_argument(turn, reading, scores, decided[0][0], voice)
            if reply is not None:
                claims = [claim(sents[reply], reading)]
        if not claims and not turn.multi_document:  # where the ranker abstains, the first fallback that reads an answer
            fallbacks = (lambda: named_judge_view(turn, reading, scores, voice),
                         lambda: stated_test(turn, reading, scores, voice),
                         lambda: said_by_kind(turn.question, reading, scores),
                         lambda: stated_subject(turn, reading, scores, voice),
                         lambda: asked_clause(turn, reading, scores, named_docs))
            found = next((i for i in (f() for f in fallbacks) if i is not None), None)
            claims = [claim(sents[found], reading)] if found is not None else []
        if claims and not turn.multi_document and not states_what_is_asked(turn.question, claims):
            claims = []  # any answer, a fallback's too, states the amount or period asked
        if claims and not turn.multi_document and acting_judge_absent(turn, claims):
            claims = []  # "did Lang J order costs?": the court's own order, which names no Lang J, is not Lang J's
        if claims and not turn.multi_document and any(
                names_other_case(turn.question, turn.document_of(cit["passage"]))
                for c in claims for cit in c["citations"] if cit["passage"] in turn.by_pid):
            claims = []  # "Mohamed v Breish — were the appeals dismissed?": another case's judgment does not say
        if claims:
            return reply_json(claims)
        return LeadsReply(reply_json([]), ranked_leads(reading, scores))  # text as ever, with where to look


def voice_probability(best: int, p_voice: float, best_all: int, p_all: float) -> float:
    """The probability that the named judge's best sentence ``best`` answers: the model's, ranking within that
    judge's voice (``p_voice``), or over all the candidates (``p_all``) when their best is that same sentence.  The
    probability over all the candidates is about the best of them: another judge's sentence ranked first says
    nothing of this one (answered on it, 0 of 3 were right on the spent sets)."""
    return max(p_voice, p_all) if best == best_all else p_voice


def states_amount_and_period(question: str, texts: list[str]) -> bool:
    """Whether one of ``texts`` states the amount ``question`` asks ("what interest rate…", "how much…"), and one
    the period it asks ("how long…", "what is the term…"), for each it asks; True when it asks neither."""
    if asks_amount(question) and not any(states_amount(t, question) for t in texts):
        return False
    return not DURATION_QUESTION.search(question) or any(states_period(t) for t in texts)


def states_what_is_asked(question: str, claims: list[dict[str, Any]]) -> bool:
    """Whether the claims' quotations state the amount or period ``question`` asks, when it asks one ("for how many
    years…" is not answered by "a duration of * years", nor "what monthly charge…" by a clause stating no sum), or
    the governing law asked alone (:data:`~pincite.legal.clause_answers.STATED_WHEN_ASKED_ALONE`): the checks
    :meth:`RankerGenerator.generate` makes of the ranker's own choice, made of a fallback's too."""
    quotes = [c["quote"] for cl in claims for c in cl["citations"]]
    if not states_amount_and_period(question, quotes):
        return False
    cats = categories_asked(question)  # "which state's law governs …?" alone: a sentence naming the law
    if len(cats) == 1 and cats[0].key in STATED_WHEN_ASKED_ALONE and not any(cats[0].operative.search(q)
                                                                             for q in quotes):
        return False
    return True


def acting_judge_absent(turn: TurnContext, claims: list[dict[str, Any]]) -> bool:
    """Whether a question asking what a named judge did (:func:`~pincite.legal.question_kinds.judges_acting`: "did
    Lang J order costs…?") is answered by passages of a judgment that none of those judges speaks in (a judge
    below, an earlier judge) and that name none of them — in the quoted sentence, or in its passage where the
    sentence is not in the court's own voice ("I", "we"): the paragraph reports the court's own act, not that
    judge's."""
    names = judges_acting(turn.question)
    if not names:
        return False
    for c in claims:
        for cit in c["citations"]:
            cp = turn.by_pid.get(cit["passage"])
            if cp is None:
                return False
            doc = turn.document_of(cp.pid)
            if doc.kind is not DocumentKind.JUDGMENT or named_speakers(doc, turn.question):
                return False
            quote = cit.get("quote") or ""
            if any(re.search(rf"(?<![\w-]){re.escape(n)}(?![\w-])", quote) for n in names):
                return False
            own_voice = re.search(r"\b(?:I|[Ww]e)\b", quote)  # "I do not think this is a case for … costs": the court's own
            if not own_voice and any(re.search(rf"(?<![\w-]){re.escape(n)}(?![\w-])", cp.passage.text)
                                     for n in names):
                return False
    return True


#: a question decided by one ranking whose abstention probability falls short of the threshold is still
#: answered when the probability is at least ``ANSWER_BELOW[0]`` and the bi-encoder reads the top candidate as
#: like the question (its cosine at least ``[1]``) and as more like it than the next two candidates (a lead of
#: at least ``[2]``): a top sentence the ranker put first on shared words that reads most like the question
#: is the answer more often than its probability says on new writers' questions.  Chosen leave-one-set-out
#: over the spent fresh sets and heldout (each a different pair of writers; lab/notes/answers.md, abst3):
#: it raised right answers on every fold, and precision and unanswerable abstention pooled.
ANSWER_BELOW = (0.40, 0.55, 0.05)


def reads_as_answer(p: float, summary: Sequence[float] | None) -> bool:
    """Whether a top candidate under the threshold at probability ``p`` is answered (:data:`ANSWER_BELOW`) by
    its :data:`TOP_SIMILARITY` summary (None, a model reading no similarity: never)."""
    if summary is None:
        return False
    low, like, lead = ANSWER_BELOW
    return p >= low and summary[0] >= like and summary[2] >= lead


def states_no_quantity(row: np.ndarray, features: Sequence[str]) -> bool:
    """A question asking a quantity ("how many…", "what fine…") whose top candidate states no number: never
    answered, whatever the probability — the sentence cannot say what is asked (on the spent sets three
    unanswerable questions were answered so, against one right answer)."""
    return "quantity_no_number" in features and bool(row[list(features).index("quantity_no_number")])


def party_asked(turn: TurnContext, reading: Any, scores: np.ndarray, best: int) -> int | None:
    """A time limit asked of a party ("deadline for a Welsh social landlord to inform its tenants?") is the one
    a provision sets that party (:func:`~pincite.legal.question_kinds.obliged_party`: "Every qualifying landlord
    must, within two months …"), not another's ("The Welsh Ministers must also, within one month …"): the
    ranker's choice, a statute's, when it binds a party the question names (it states a period, as every candidate
    of such a question does: it answers, whatever the abstention model's probability); when it binds a party the
    question does not name, the best-scored statute's candidate binding one it names.  None otherwise (the ranker
    decides as usual; a contract's "any such audit shall be upon five days' notice" binds no party by its
    subject)."""
    if not TIME_LIMIT_ASKED.search(turn.question):
        return None
    party = party_asked_of(turn.question)  # "deadline for the Commissioner to report to the Minister": the
    asked = {party} if party else set(terms(turn.question))  # Commissioner; else any party it names
    sents = reading.sentences
    chosen = obliged_party(sents[best].sent)
    if chosen is None or sents[best].cp.passage.document.kind is not DocumentKind.STATUTE:
        return None
    if chosen in asked:
        return best
    for i in np.argsort(-scores, kind="stable"):
        f = sents[int(i)]
        if f.cp.passage.document.kind is DocumentKind.STATUTE and obliged_party(f.sent) in asked:
            return int(i)
    return None


#: the least first-ranker score at which the court's reasons answer a why question the ranker would abstain on:
#: below it the sentence shares too little with the question to be its answer (read on the spent fresh sets'
#: why-failed questions: the one fallback scored below it, at -1.46, was wrong; the right ones scored -0.24 and up)
REASONS_FLOOR = -1.0


def reasons_for_ground(turn: TurnContext, reading: Any, scores: np.ndarray, answered: int | None,
                       voice: np.ndarray | None) -> int | None:
    """A question asking why a ground, argument or the appeal failed or succeeded
    (:func:`~pincite.legal.question_kinds.asks_why_ground`) is answered by the court giving its reasons in its
    own words (:func:`~pincite.legal.question_kinds.gives_reasons`: not counsel's case recorded, not the decision
    below reported, not the disposal of the whole appeal, which says what, not why): the best-scored such
    candidate of the best-ranked judgment — in the paragraphs that dispose of the ground asked about
    (:func:`pincite.answer.structure.ground_units`) when they hold one, and in the named judge's voice when the
    question names one, never a dissent's otherwise.  It answers where the ranker would abstain (``answered``
    None) when that candidate is the ranker's own first choice or lies in the ground's paragraphs, and replaces
    the ranker's choice when that gives no reasons or states only the ground's conclusion in a paragraph the
    ground's reasons precede.  None when the question asks no such thing or no candidate
    gives reasons (the ranker's choice stands)."""
    q = turn.question
    if not asks_why_ground(q) or asks_decision_below(q):
        return None
    sents = reading.sentences
    order = [int(i) for i in np.argsort(-scores, kind="stable")]
    judgment = next((sents[i].cp.passage.document for i in order
                     if sents[i].cp.passage.document.kind is DocumentKind.JUDGMENT), None)
    if judgment is None:
        return None
    allowed = set(int(i) for i in voice) if voice is not None else None
    reasons = [i for i in order if sents[i].cp.passage.document.id == judgment.id
               and (allowed is None or i in allowed) and (allowed is not None or not sents[i].dissenting)
               and gives_reasons(sents[i].sent)]
    if not reasons:
        return None
    doc = turn.document_of(sents[reasons[0]].cp.pid)
    if JUDGE_NAMED.search(q) and not named_speakers(doc, q):
        return None  # a judge named who is not among the judgment's voices: their reasons are not there
    units = ground_units(doc, q)
    # a paragraph stating only the ground's conclusion ("Ground 2 accordingly succeeds.") says that, not why:
    # the ground's paragraphs of reasons before it answer
    bare = {u.ordinal for u in units if bare_conclusion(doc, u)}
    reasons_at = {u.ordinal for u in units} - bare
    in_ground = [i for i in reasons if reasons_at & set(sents[i].cp.passage.chunk.units)]
    best = (in_ground or reasons)[0]
    if answered is None:
        if scores[best] < REASONS_FLOOR:
            return None
        above = None
        if rests_on_above(sents[best].sent):  # "For these reasons, I do not consider…": the reasons above it
            above = reasons_above(turn, reading, scores, best, voice)
        found = best if above is None else above
        # where the ranker abstains, a sentence is answered for giving the court's reasons when it is the ranker's
        # own first choice or lies in the paragraphs disposing of the ground asked: one lifted from lower down for
        # that alone was the answer for 4 of 16 on the spent sets (the ranker's first: 8 of 13)
        return found if found == order[0] or found in in_ground else None
    if in_ground and bare & set(sents[answered].cp.passage.chunk.units):
        return in_ground[0]
    if rests_on_above(sents[answered].sent):  # "For these reasons, Ground 2 is dismissed.": the reasons above
        return reasons_above(turn, reading, scores, answered, voice)
    return None  # the ranker's choice stands


#: how many of the judgment's paragraphs before a conclusion resting on its reasons above ("For these
#: reasons…", "It follows that…", :data:`~pincite.legal.question_kinds.RESTS_ON_ABOVE`) are read for those
#: reasons (:func:`reasons_above`; on the spent sets the gold reasons were one to three paragraphs before it)
ABOVE_SPAN = 3


def reasons_above(turn: TurnContext, reading: Any, scores: np.ndarray, at: int,
                  voice: np.ndarray | None) -> int | None:
    """Where the answer to a why question is a conclusion resting on reasons given before it ("For these
    reasons, I do not consider…", "It follows, in our judgment, that…", "similar considerations must apply",
    :func:`~pincite.legal.question_kinds.rests_on_above`), the reasons it rests on: the best-scored candidate
    of the same judgment earlier in its paragraph or in the :data:`ABOVE_SPAN` paragraphs before it that gives
    the court's reasons in its own words (:func:`~pincite.legal.question_kinds.gives_reasons`), else any
    sentence there in the court's voice (not a party's case, not the decision below reported, not a question,
    not itself such a conclusion) — in the named judge's voice when the question names one, never a dissent's
    otherwise.  Only for a conclusion standing in a paragraph of at most :data:`~pincite.answer.structure.
    BARE_CONCLUSION_SENTENCES` sentences ("41. For these reasons, I do not consider … I would dismiss the
    appeal."): a longer one gives its reasons beside it.  None when the judgment's paragraphs cannot be placed
    or no candidate is there."""
    sents = reading.sentences
    f = sents[at]
    doc = f.cp.passage.document
    if doc.kind is not DocumentKind.JUDGMENT:
        return None
    full = turn.document_of(f.cp.pid)
    paras = [u.ordinal for u in full.units if u.kind is UnitKind.PARAGRAPH]
    where = {o: k for k, o in enumerate(paras)}
    head = f.sent.strip()[:80]
    own = [u for u in full.units if u.ordinal in where and u.ordinal in set(f.cp.passage.chunk.units)
           and head in full.text[u.char_start:u.char_end]]
    # its sentences, not its number ("101." read as a sentence of its own)
    said = [1 for s, e in own_sentences(full, own[0]) if any(ch.isalpha() for ch in full.text[s:e])] if own else []
    if not own or len(said) > BARE_CONCLUSION_SENTENCES:
        return None  # its paragraph goes on to give reasons beside the conclusion: that paragraph answers
    first = where[own[0].ordinal]
    span = {paras[k] for k in range(max(0, first - ABOVE_SPAN), first)}
    allowed = set(int(i) for i in voice) if voice is not None else None

    def placed(i: int) -> bool:
        g = sents[i]
        if g.cp.passage.document.id != doc.id or (allowed is not None and i not in allowed) \
                or (allowed is None and g.dissenting) or g.argument or i == at:
            return False
        units = set(g.cp.passage.chunk.units)
        if span & units:
            return True
        # earlier in the conclusion's own paragraph
        return bool(units & set(f.cp.passage.chunk.units)) and g.cp.pid == f.cp.pid and g.start < f.start

    pool = [int(i) for i in np.argsort(-scores, kind="stable") if placed(int(i))
            and not rests_on_above(sents[int(i)].sent) and not sents[int(i)].sent.rstrip().endswith("?")
            and not reports_decision_below(sents[int(i)].sent)]
    reasons = [i for i in pool if gives_reasons(sents[i].sent)]
    return (reasons or pool or [None])[0]


#: the least first-ranker score at which a named judge's own view answers a question naming that judge the
#: ranker would abstain on (chosen leave-one-set-out on the spent sets' named-judge questions, lab/notes/answers.md
#: "judq")
NAMED_VIEW_FLOOR = 0.25


def single_voice_named(turn: TurnContext, doc: Any) -> bool:
    """Whether ``doc`` is a judgment of one voice (one author of its reasons, or none labelled) whose header
    names, among those it was decided before (:data:`~pincite.legal.question_kinds.BEFORE_BLOCK`), the judge
    the question names — and, when a voice is labelled, that judge is it: then all its reasons are that
    judge's ("In Matar, Eady P found…", "Judge Stout's panel").  A judge of the header who is not the labelled
    voice (a concurrence not told apart) is not."""
    names = judge_surnames(turn.question)
    if not names or doc.kind is not DocumentKind.JUDGMENT:
        return False
    sps = speakers(doc)
    if len(sps) > 1:
        return False
    if sps:
        return bool(named_speakers(doc, turn.question, sps))
    return bench_named(doc, turn.question)


def named_judge_view(turn: TurnContext, reading: Any, scores: np.ndarray, voice: np.ndarray | None) -> int | None:
    """Where the ranker would abstain on a question naming a judge ("what did Males LJ say about…?", "In Matar,
    Eady P found…"), the best-scored candidate in that judge's voice — the named judge's paragraphs of a
    judgment of several voices (``voice``), or the whole of a single-voice judgment whose header names the judge
    (:func:`single_voice_named`) — that gives the judge's own view (:func:`~pincite.legal.question_kinds.
    gives_reasons`, or :func:`~pincite.legal.question_kinds.states_test`; not a party's case, not a bare
    agreement, not the disposal, which say whose side, not what the judge said), if its first-ranker score is at
    least :data:`NAMED_VIEW_FLOOR`.  Not for a question asking what the court below decided.  None otherwise."""
    q = turn.question
    if voice is None and not judge_surnames(q):
        return None  # no judge named: nothing to read
    if asks_decision_below(q) or asks_lower_court(q) or any(k.key == "outcome" for k in kinds_asked(q)):
        return None  # what the court below decided, or what was ordered: their own answers, not a view
    sents = reading.sentences
    order = [int(i) for i in np.argsort(-scores, kind="stable")]
    if voice is not None:
        allowed = set(int(i) for i in voice)
    else:
        judgment = next((sents[i].cp.passage.document for i in order
                         if sents[i].cp.passage.document.kind is DocumentKind.JUDGMENT), None)
        if judgment is None or not single_voice_named(turn, turn.document_of(
                next(sents[i].cp.pid for i in order if sents[i].cp.passage.document.id == judgment.id))):
            return None
        allowed = {i for i in order if sents[i].cp.passage.document.id == judgment.id}
    views = [i for i in order if i in allowed and not sents[i].argument and not sents[i].agreement
             and not sents[i].disposal and (gives_reasons(sents[i].sent) or states_test(sents[i].sent))]
    if asks_test(q):  # "what did Newey LJ say has to be considered?": the judge's statement of the test first
        views = [i for i in views if states_test(sents[i].sent)] + [i for i in views if not states_test(sents[i].sent)]
    views = [i for i in views if scores[i] >= NAMED_VIEW_FLOOR]
    return views[0] if views else None


#: the least first-ranker score at which a sentence stating a test answers a test question the ranker would
#: abstain on (chosen leave-one-set-out on the spent sets' test questions, lab/notes/answers.md "judq")
TEST_FLOOR = -1.2


def stated_test(turn: TurnContext, reading: Any, scores: np.ndarray, voice: np.ndarray | None) -> int | None:
    """Where the ranker would abstain on a question asking the legal test or standard applied
    (:func:`~pincite.legal.question_kinds.asks_test`: "what test…", "what must a claimant show", "who bears the
    burden", "how readily will the court interfere"), the best-scored candidate of the best-ranked judgment that
    states a test in the court's own words (:func:`~pincite.legal.question_kinds.states_test`: "the test is…",
    "X requires evidence of (1)…", "the burden lies on…", "an appellate court will be slow to…") — in the named
    judge's voice when the question names one, never a dissent's otherwise — if its first-ranker score (the
    question's topic words, read by the ranker) is at least :data:`TEST_FLOOR`; only when the best-ranked candidate
    is a judgment's (a statute or contract ranked first is what the question is about).  Not for a question asking
    what the court below decided or why a ground failed (their own answers).  None otherwise."""
    q = turn.question
    if not asks_test(q) or asks_decision_below(q) or asks_why_ground(q) \
            or any(k.key == "outcome" for k in kinds_asked(q)):
        return None  # what the court below decided, why a ground failed, what was ordered: their own answers
    sents = reading.sentences
    order = [int(i) for i in np.argsort(-scores, kind="stable")]
    judgment = sents[order[0]].cp.passage.document
    if judgment.kind is not DocumentKind.JUDGMENT:
        return None  # "what must the notice set out?" of an Act ranked first: the Act's words, not a judgment's test
    allowed = set(int(i) for i in voice) if voice is not None else None
    stated = [i for i in order if sents[i].cp.passage.document.id == judgment.id
              and (allowed is None or i in allowed) and (allowed is not None or not sents[i].dissenting)
              and not sents[i].argument and states_test(sents[i].sent)]
    if not stated or scores[stated[0]] < TEST_FLOOR:
        return None
    return stated[0]


#: the least first-ranker score at which a sentence of the clause a commercial question asks about answers it
#: where the ranker would abstain (chosen on the spent sets' contract questions, lab/notes/answers.md "ctr")
CLAUSE_FLOOR = -1.5


#: the words a clause's first sentence opens with, which open no title
_SENTENCE_OPENING = re.compile(r"^(?:This|The|These|Each|Either|Neither|Any|All|In|If|Upon|Subject|Notwithstanding|"
                               r"No|Nothing|Except|Where|When|Unless)\b")


def _printed_title(text: str) -> str:
    """The title a clause prints after its number ("3.6 Payment Terms 3.6.1 All payments…": "Payment
    Terms"): the words up to the first stop, colon or number, when they are a title (at most eight words, each
    longer than three letters capitalised); empty otherwise ("5.1 This Agreement can be terminated…")."""
    rest = heading_words(text[:160])
    head = re.split(r"[.:;\n\d(]", rest, maxsplit=1)[0].strip()
    words = head.split()
    if not 1 <= len(words) <= 8 or not all(w[0].isupper() for w in words if len(w) > 3 and w[0].isalpha()):
        return ""
    if _SENTENCE_OPENING.match(head):
        return ""  # "10.3 This Agreement (and any question …) is to be interpreted …": a sentence, not a title
    return head


def clause_headings(doc: Any, f: Any) -> list[str]:
    """The headings of the contract clause holding candidate ``f``, its own first: the narrowest unit's heading
    path read upwards, then the titles printed after the numbers of it and the units above it (a clause whose
    heading is only "3.6" in the outline may print "3.6 Payment Terms")."""
    pos = f.cp.passage.chunk.char_start + f.start + max(len(f.sent) - 1, 0)
    inside = [u for u in doc.units if u.kind is not UnitKind.HEADING and u.char_start <= pos < u.char_end]
    if not inside:
        return []
    unit = min(inside, key=lambda u: u.char_end - u.char_start)
    out = list(reversed(unit.section_path))
    x = unit
    while x is not None:
        title = _printed_title(doc.text[x.char_start:x.char_start + 160])
        if title:
            out.append(title)
        x = doc.units[x.parent] if x.parent is not None else None
    return out


def asked_clause(turn: TurnContext, reading: Any, scores: np.ndarray, named_docs: set[str]) -> int | None:
    """Where the ranker would abstain on a commercial question asked of a contract (the categories of
    :mod:`pincite.legal.clause_answers`: governing law, termination, term, payment, assignment, liability …),
    the best-scored candidate of that contract which states the category first asked in a clause of it
    (:func:`~pincite.legal.clause_answers.answers_category`: its operative words, under the category's heading, a
    heading of another category asked, or none worded), if its first-ranker score is at least :data:`CLAUSE_FLOOR`; the next category asked when none
    does.  The contract is the best-ranked candidate's when the question names it (by title, ``named_docs``, or
    by a name only its opening holds, :func:`names_only`) or it is the only document, else the best-ranked of
    those the question names by title; never a judgment or statute.  None otherwise."""
    cats = categories_asked(turn.question)
    if not cats:
        return None
    sents = reading.sentences
    order = [int(i) for i in np.argsort(-scores, kind="stable")]
    ids = {f.cp.passage.document.id for f in sents}
    top = sents[order[0]].cp.passage.document.id
    # the best-ranked contract when the question names it (by its title, or a name its opening alone holds: "the
    # El Banco Financial agency agreement"), else the best-ranked of those it names by title; among several
    # documents, none the question names is not asked about — its clause may be another deal's
    if len(ids) > 1 and top not in named_docs and not names_only(turn, top, ids):
        order = [i for i in order if sents[i].cp.passage.document.id in named_docs]
    if not order:
        return None
    target = sents[order[0]].cp.passage.document
    if target.kind is not DocumentKind.CONTRACT:
        return None
    doc = turn.document_of(sents[order[0]].cp.pid)
    mine = [i for i in order if sents[i].cp.passage.document.id == target.id and scores[i] >= CLAUSE_FLOOR]
    headings = {i: clause_headings(doc, sents[i]) for i in mine}
    # a name is never written in lower case (but in an address: "ibm.com"): "Liability" in "the Liability Cap"
    # is a word of the contract's
    names = {w for w in set(_PROPER.findall(turn.question)) - _GENERIC_NAMES
             if not re.search(rf"(?<![\w@./-]){re.escape(w.lower())}(?![\w@/-]|\.\w)", doc.text)}
    for cat in cats:
        also = tuple(c for c in cats if c is not cat)
        hits = [i for i in mine if answers_category(cat, sents[i].sent, headings[i], turn.question, also)]
        # "the cap on IBM's liability": of two clauses alike, the one whose heading names whom the question names
        # ("IBM's Limitation of Liability", not "Customer's Limitation of Liability")
        own = [i for i in hits if names & set(_PROPER.findall(" ".join(headings[i][:2])))]
        if own or hits:
            return (own or hits)[0]
    return None


def _top_clause(doc: Any, f: Any) -> Any:
    """The outermost numbered unit of a contract holding candidate ``f`` (clause 12 for a sentence of 12.2), or
    None."""
    pos = f.cp.passage.chunk.char_start + f.start + max(len(f.sent) - 1, 0)
    inside = [u for u in doc.units if u.kind is not UnitKind.HEADING and u.char_start <= pos < u.char_end]
    if not inside:
        return None
    u = min(inside, key=lambda u: u.char_end - u.char_start)
    while u.parent is not None and doc.units[u.parent].kind is not UnitKind.HEADING:
        u = doc.units[u.parent]
    return u


def sibling_in_clause(turn: TurnContext, reading: Any, scores: np.ndarray, best: int) -> int | None:
    """A contract question first asking a category whose clause holds sentences of other kinds
    (:data:`~pincite.legal.clause_answers.SIBLING_CATEGORIES`: the liability cap beside the exclusion of
    consequential damages) and answered by a sentence of a clause that does not state it is answered by the
    best-scored candidate of the same clause (the same outermost number) that does
    (:func:`~pincite.legal.clause_answers.answers_category`), if its first-ranker score is at least
    :data:`CLAUSE_FLOOR`.  None otherwise (the ranker's choice stands)."""
    cats = categories_asked(turn.question)
    if not cats or cats[0].key not in SIBLING_CATEGORIES:
        return None
    cat, also = cats[0], tuple(cats[1:])
    sents = reading.sentences
    f = sents[best]
    if f.cp.passage.document.kind is not DocumentKind.CONTRACT:
        return None
    doc = turn.document_of(f.cp.pid)
    if answers_category(cat, f.sent, clause_headings(doc, f), turn.question, also):
        return None
    top = _top_clause(doc, f)
    if top is None:
        return None
    for i in np.argsort(-scores, kind="stable"):
        g = sents[int(i)]
        if int(i) == best or g.cp.passage.document.id != doc.id or scores[i] < CLAUSE_FLOOR:
            continue
        there = _top_clause(doc, g)
        if there is not None and there.ordinal == top.ordinal \
                and answers_category(cat, g.sent, clause_headings(doc, g), turn.question, also):
            return int(i)
    return None


#: a word the question may name a party or a contract by: capitalised or holding a digit or capitals inside
#: ("Dexcel", "IBM", "APCN", "iDreamSky")
_PROPER = re.compile(r"\b(?:[A-Z][\w&-]*[A-Za-z0-9]|[a-z]+[A-Z][\w-]*)\b")
#: capitalised words that name no one: question words and the vocabulary every contract shares
_GENERIC_NAMES = frozenset("""What Which When Where Who Whom Whose Why How Can Could Does Did Do Is Are Was Were Will
Would Should Must May Under If In On For And Or The This That These Those Agreement Agreements Contract Company
Party Parties Licence License Licensee Licensor Services Service Supply Distribution Distributor Consultant
Consulting Affiliate Customer Client Supplier Agent Section Clause Article Schedule Exhibit Term Termination
Amendment Master Joint Venture Development Strategic Alliance Marketing Manufacturing Product Products Inc Ltd LLC
Corp Corporation Limited""".split())


def names_only(turn: TurnContext, doc_id: str, doc_ids: set[str]) -> bool:
    """Whether the question names contract ``doc_id`` by a word (:data:`_PROPER`, not :data:`_GENERIC_NAMES`)
    that its title or opening (where the parties are named) holds and no other of the turn's ``doc_ids`` does:
    "Sphere 3D consulting agreement" names the contract whose opening names Sphere 3D, though its title is
    "Consulting Agreement"."""
    heads = {d.document.id: f"{d.document.title or ''}\n{d.document.text[:3000]}" for d in turn.documents
             if d.document.id in doc_ids}
    if doc_id not in heads:
        return False
    for w in set(_PROPER.findall(turn.question)) - _GENERIC_NAMES:
        pat = re.compile(rf"(?<![\w-]){re.escape(w)}(?![\w-])")
        holders = [i for i, h in heads.items() if pat.search(h)]
        if holders == [doc_id]:
            return True
    return False


def _about_another_body(turn: TurnContext, f: Any, bodies: list[str]) -> bool:
    """Whether the statute section holding candidate ``f`` (its text up to the candidate's end) is about another
    body of the kind the question names (:func:`~pincite.legal.language.bodies_named`): it names a body with the
    same head word ("the Tax Court consists of…" for a question about the Supreme Court of Canada) and never the
    one asked.  A section naming no body by its proper name ("the Board shall…") is about none in particular."""
    doc = turn.document_of(f.cp.pid)
    if doc.kind is not DocumentKind.STATUTE:
        return False
    end = f.cp.passage.chunk.char_start + f.start + len(f.sent)
    pos = max(end - 1, 0)
    sections = [u for u in doc.units if u.kind is UnitKind.SECTION and u.char_start <= pos < u.char_end]
    if not sections:
        return False
    section = min(sections, key=lambda u: u.char_end - u.char_start)
    context = doc.text[section.char_start:end]
    named = bodies_named(context)
    for body in bodies:
        head = body_head(body)
        if names_body(context, body) or head is None:
            continue
        asked = body.lower()
        if any(body_head(other) == head and other.lower() not in asked and asked not in other.lower()
               for other in named):  # "Tax Court" is the "Tax Court of Canada" asked about, not another court
            return True
    return False


#: how many of the judgment's paragraphs after a party's case recorded are read for the court's answer to it
#: (:func:`reply_to_argument`): the court answers a submission in the paragraphs that follow it
REPLY_SPAN = 3


def reply_to_argument(turn: TurnContext, reading: Any, scores: np.ndarray, best: int,
                      voice: np.ndarray | None) -> int | None:
    """Where the ranker's answer to a judgment question is a party's case recorded ("Mr Biggs argued that the
    Secretary of State must prove…", :data:`pincite.legal.language.ARGUMENT`) or an issue posed ("(b) whether,
    as a matter of law, proof of a sham requires…", :func:`~pincite.legal.question_kinds.poses_issue`) and the
    question does not ask what a party argued or what the issues were (:func:`~pincite.legal.question_kinds.
    asks_argument`), the court's answer to it: the best-scored candidate of the same judgment, in the
    :data:`REPLY_SPAN` paragraphs after it, that gives the court's reasons in its own words
    (:func:`~pincite.legal.question_kinds.gives_reasons`; for an issue posed, also a test it states,
    :func:`~pincite.legal.question_kinds.states_test`) — in the named judge's voice when the question names one,
    never a dissent's otherwise.  None when the answer is neither or no such candidate follows it (the ranker's
    choice stands)."""
    sents = reading.sentences
    f = sents[best]
    doc = f.cp.passage.document
    posed = poses_issue(f.sent)
    if not (f.argument or posed) or doc.kind is not DocumentKind.JUDGMENT or asks_argument(turn.question):
        return None
    full = turn.document_of(f.cp.pid)
    paras = [u.ordinal for u in full.units if u.kind is UnitKind.PARAGRAPH]
    where = {o: k for k, o in enumerate(paras)}
    at = [where[o] for o in f.cp.passage.chunk.units if o in where]
    if not at:
        return None
    # the paragraphs after it: the rest of its own paragraph is still the party's case ("As Mr Rainey put it, …")
    span = {paras[k] for k in range(max(at) + 1, min(len(paras), max(at) + REPLY_SPAN + 1))}
    allowed = set(int(i) for i in voice) if voice is not None else None
    replies = [int(i) for i in np.argsort(-scores, kind="stable")
               if sents[i].cp.passage.document.id == doc.id and span & set(sents[i].cp.passage.chunk.units)
               and (allowed is None or i in allowed) and (allowed is not None or not sents[i].dissenting)
               and not sents[i].argument and i != best
               and (gives_reasons(sents[i].sent) or (posed and states_test(sents[i].sent)))]
    return replies[0] if replies else None


#: the least first-ranker score at which a sentence stating what the question asks about answers it where the
#: ranker would abstain (:func:`stated_subject`; read on the spent sets, lab/notes/answers.md "judg")
SUBJECT_FLOOR = -0.5


def stated_subject(turn: TurnContext, reading: Any, scores: np.ndarray, voice: np.ndarray | None) -> int | None:
    """Where the ranker would abstain on a question asking what something is, covers or requires
    (:func:`~pincite.legal.question_kinds.asks_what_it_is`: "what is the irreducible core of a trustee's
    obligations?", "what kind of torts are exemplary damages confined to?"), the best-scored candidate of the
    best-ranked judgment that opens on that thing as its subject and says what it is
    (:func:`~pincite.legal.question_kinds.states_what_asked`) — the paragraph stating it, where the ranker's
    first places go to neighbours quoting or applying the phrase — in the named judge's voice when the question
    names one, never a dissent's otherwise, if its first-ranker score is at least :data:`SUBJECT_FLOOR`.  Not for
    a question asking what the court below decided, why a ground failed or what was ordered.  None otherwise."""
    q = turn.question
    if not asks_what_it_is(q) or asks_decision_below(q) or asks_why_ground(q) \
            or any(k.key == "outcome" for k in kinds_asked(q)):
        return None
    sents = reading.sentences
    order = [int(i) for i in np.argsort(-scores, kind="stable")]
    judgment = sents[order[0]].cp.passage.document
    if judgment.kind is not DocumentKind.JUDGMENT:
        return None  # a statute or contract ranked first: its own words answer, not a judgment's
    allowed = set(int(i) for i in voice) if voice is not None else None
    said = [i for i in order if sents[i].cp.passage.document.id == judgment.id
            and (allowed is None or i in allowed) and (allowed is not None or not sents[i].dissenting)
            and not sents[i].argument and states_what_asked(sents[i].sent, q)]
    if not said or scores[said[0]] < SUBJECT_FLOOR:
        return None
    return said[0]


def _subsection(doc: Any, f: Any) -> Any:
    """The statute subsection the candidate sentence ``f`` lies in (the narrowest holding its last character: the subsection's heading may open the sentence),
    or None."""
    pos = f.cp.passage.chunk.char_start + f.start + max(len(f.sent) - 1, 0)  # its end: a heading may open it
    inside = [u for u in doc.units if u.kind is UnitKind.SUBSECTION and u.char_start <= pos < u.char_end]
    return min(inside, key=lambda u: u.char_end - u.char_start) if inside else None


def exception_of(turn: TurnContext, reading: Any, scores: np.ndarray, best: int) -> int | None:
    """A question asking for the exception to a rule (:func:`pincite.legal.language.asks_exception`: "when may
    it be disclosed?", "can it still be paid?") whose chosen candidate ``best`` lies in a statute's subsection is
    answered by the subsection of that section making the exception, when it is a candidate: the one the rule
    says it is subject to ("Subject to subsection (3), no vessel … may be removed"), or one saying it applies
    despite the rule ("Despite subsection (1), a person may communicate …") — or ``best`` itself, when it is such
    an exception (its section's rule names it, or it names the rule).  The best-scored candidate of that
    subsection; None when the question asks no exception or the Act marks none there.  A question asking a
    defence (:func:`~pincite.legal.language.asks_defence`: "defence for an employer where the offence was
    committed by his agent") is answered alike by the subsection of that section stating one
    (:func:`~pincite.legal.language.states_defence`: "where the employer proves … he shall be exempt"), not the
    one stating the offence."""
    defence = asks_defence(turn.question)
    if not defence and not asks_exception(turn.question):
        return None
    sents = reading.sentences
    f = sents[best]
    if f.cp.passage.document.kind is not DocumentKind.STATUTE:
        return None
    doc = turn.document_of(f.cp.pid)
    chosen = _subsection(doc, f)
    if chosen is None or chosen.parent is None:
        return None
    siblings = [u for u in doc.units if u.kind is UnitKind.SUBSECTION and u.parent == chosen.parent]

    def number(u: Any) -> str:
        return (u.number or "").strip("()")

    def text(u: Any) -> str:
        return doc.text[u.char_start:u.char_end]

    def excepts(exc: Any, rule: Any) -> bool:  # exc makes the exception to rule, by either one's words
        if defence:  # the defence asked: the subsection stating one, beside the one stating the offence
            return states_defence(text(exc)) and not states_defence(text(rule))
        return number(exc) in qualified_by(text(rule)) or number(rule) in qualifies(text(exc))

    if any(excepts(chosen, u) for u in siblings if u.ordinal != chosen.ordinal):
        return best  # the exception itself was chosen
    wanted = {u.ordinal for u in siblings if u.ordinal != chosen.ordinal and excepts(u, chosen)}
    found = [i for i, g in enumerate(sents) if g.cp.passage.document.id == doc.id
             and getattr(_subsection(doc, g), "ordinal", None) in wanted]
    return max(found, key=lambda i: scores[i]) if found else None


def said_by_kind(question: str, reading: Any, scores: np.ndarray) -> int | None:
    """Where the ranker would abstain on a question a kind of sentence answers (:data:`pincite.legal.decisions.
    ASKED_AND_SAID`: the standard of review, what the court below did): the best-scored candidate of a judgment
    that is such a sentence, of the best-ranked judgment among them; None when none is."""
    kinds = asked_and_said(question)
    if not kinds:
        return None
    sents = reading.sentences
    hits = [i for i in np.argsort(-scores, kind="stable")
            if sents[i].cp.passage.document.kind is DocumentKind.JUDGMENT
            and any(k.search(sents[i].sent) for k in kinds)]
    return int(hits[0]) if hits else None


def named_candidates(turn: TurnContext, min_chars: int = 25, min_terms: int = 2) -> Any:
    """The ranker's candidates (:func:`pincite.generate.candidates.candidates`' gate), and every sentence of a
    provision the question names (passages ``via`` :data:`~pincite.answer.evidence.NAMED_VIA`), gate or not:
    "what does section 42 say?" shares no word with section 42 but its number."""
    reading = read_sentences(turn, min_chars)
    if reading is None:
        return None
    ground = ground_reasons_at(turn)
    return replace(reading, sentences=one_per_extent(turn, [
        f for f in reading.sentences if answers(f, reading, min_terms) or f.cp.passage.via == NAMED_VIA
        or (ground.get(f.cp.passage.document.id, set()) & set(f.cp.passage.chunk.units) and gives_reasons(f.sent))]))


def ground_reasons_at(turn: TurnContext) -> dict[str, set[int]]:
    """For a question asking why a ground named by its number failed or succeeded, the ordinals of the paragraphs of reasons that
    dispose of it in each judgment of the turn (:func:`pincite.answer.structure.ground_units`): their
    sentences giving reasons are candidates though they share few of the question's words ("Ground 2
    accordingly succeeds." closes a section whose reasons name none of the question's)."""
    if not asks_why_ground(turn.question) or asks_decision_below(turn.question) or not ground_numbers(turn.question):
        return {}  # only a ground named by its number: a heading matched by words is too loose to widen the gate
    out: dict[str, set[int]] = {}
    for d in turn.documents:
        if d.document.kind is DocumentKind.JUDGMENT:
            units = ground_units(d.document, turn.question)
            out[d.document.id] = {u.ordinal for u in units if not bare_conclusion(d.document, u)}
    return out


#: how many more of the question's terms a sentence of another provision must hold (and score higher) to be
#: quoted instead of the provision the question names: one word ("provide", "say") is the question's frame,
#: not evidence that another provision answers it
NAMED_EVIDENCE_TERMS = 2


def named_first(reading: Any, scores: np.ndarray) -> int | None:
    """The candidate to quote when the question names a provision (issue 52, item 2): the named provision's
    best sentence, unless a sentence of another provision beats it on evidence — scores higher and holds
    :data:`NAMED_EVIDENCE_TERMS` more of the question's terms.  The words of the named provision's document's
    title, citation or file name are not evidence: "section 6 of the Abolition of the Right to Buy … Act" names
    where to look, and an overview section repeating the title does not answer it.  When the question holds no
    term beyond those, it asks what the provision does: its first sentence answers.  None when nothing is named
    or it was beaten (the ranker decides as usual)."""
    sents = reading.sentences
    named = [i for i, f in enumerate(sents) if f.cp.passage.via == NAMED_VIA]
    if not named:
        return None
    naming = set().union(*(terms(" ".join((d.title or "", d.citation or "", source_words(d.source or ""))))
                           for d in {sents[i].cp.passage.document.id: sents[i].cp.passage.document
                                     for i in named}.values())) & set(reading.q)

    def evidence(i: int) -> int:  # the question's terms it holds, less the named document's naming words
        return sents[i].matched_terms - len(sents[i].toks & naming)

    if naming and not set(reading.q) - naming:  # the document and the number are all it names
        return min(named, key=lambda i: (sents[i].cp.passage.chunk.char_start + sents[i].start, -scores[i]))
    best = max(named, key=lambda i: scores[i])
    for i, f in enumerate(sents):
        if f.cp.passage.via != NAMED_VIA and scores[i] > scores[best] \
                and evidence(i) >= evidence(best) + NAMED_EVIDENCE_TERMS:
            return None
    return best


def named_repeal(turn: TurnContext) -> list[dict[str, Any]] | None:
    """A question naming a provision whose whole text is a repeal note ("5 [Repealed, 2017, c. 33, s. 227]",
    :data:`~pincite.legal.language.REPEAL_NOTE`) is answered by that note, cited to the provision: what the
    section says, whether it is in force, what repealed it — the note is all the provision now holds.  Only
    when every passage read for the named provisions (``via`` :data:`~pincite.answer.evidence.NAMED_VIA`, in the
    version in force on the date asked) is such a note; one of them that still says something leaves the
    question to the ranker.  None otherwise."""
    if turn.multi_document:
        return None
    named = [cp for cp in turn.passages if cp.passage.via == NAMED_VIA]
    claims: list[dict[str, Any]] = []
    for cp in named:
        doc = turn.document_of(cp.pid)
        ch = cp.passage.chunk
        unit = doc.units[ch.units[0]] if ch.units else None
        if unit is None or not (unit.char_start <= ch.char_start and ch.char_end <= unit.char_end + 1):
            return None
        span = repeal_note(doc.text[unit.char_start:unit.char_end])
        if span is None:
            return None
        quote = doc.text[unit.char_start + span[0]:unit.char_start + span[1]]
        if quote not in cp.passage.text:
            return None
        claims.append({"text": f"{unit.label or 'The provision'} reads only: \u201c{quote}\u201d",
                       "citations": [{"passage": cp.pid, "quote": quote}]})
    return claims or None


#: where a definition quoted from a list of them ends: the semicolon closing it before the next entry (a new line
#: or a term in quotation marks next), or its sentence's end
_DEFINITION_END = re.compile("[;.]\\s*(?:\\n|[\"\u201c\u2018'](?=\\w)|$)")


def defined_term(turn: TurnContext) -> list[dict[str, Any]] | None:
    """A question asking what a term means (:func:`~pincite.legal.question_kinds.definition_asked`: "how is
    'agriculture' defined in the Act?") is answered by the place a document of the turn defines it
    ("'agriculture' includes dairy-farming, …", "Minister means the Minister of Health"), quoted from the term to
    the end of its definition: the first such place in the retrieved passages, in a document the question names
    by its title when it names one.  The definition shares only the term with the question, which may be a word
    of the Act's own title; the ranker reads it as no evidence.  None when no definition is asked or none is
    found (the ranker decides)."""
    if turn.multi_document:
        return None
    term = definition_asked(turn.question)
    if not term:
        return None
    found = defines(term)
    # an Act or an agreement defines a term; a judgment applies it ("counts as a 'detriment'" asks the test)
    passages = [cp for cp in turn.passages if cp.passage.chunk.citable and not cp.untrusted
                and cp.passage.document.kind is not DocumentKind.JUDGMENT]
    named = documents_named(turn.question, [cp.passage.document for cp in passages])
    for cp in sorted(passages, key=lambda cp: bool(named) and cp.passage.document.id not in named):
        text = cp.passage.text
        m = found.search(text)
        if m is None:
            continue
        start = m.start() + (len(m.group(0)) - len(m.group(0).lstrip()))
        spans = [(a, b) for a, b in sentence_spans(text, 0, len(text)) if a <= start < b]
        end = spans[0][1] if spans else len(text)
        stop = _DEFINITION_END.search(text, m.end(), end)
        quote = text[start:stop.start() + 1 if stop else end].strip()
        if len(quote) < 25:
            continue
        return [{"text": quote, "citations": [{"passage": cp.pid, "quote": quote}]}]
    return None


#: how many passages an abstention points to as leads (issue 52, item 3)
LEADS = 3


def ranked_leads(reading: Any, scores: np.ndarray, n: int = LEADS) -> tuple[tuple[str, str], ...]:
    """The best-scored candidate sentence of each of the ``n`` best passages, as ``(passage id, quote)``:
    where to look when no candidate clears the abstention threshold."""
    out: list[tuple[str, str]] = []
    seen: set[str] = set()
    for i in np.argsort(-scores, kind="stable"):
        cit = claim(reading.sentences[int(i)], reading)["citations"][0]
        if cit["passage"] in seen:
            continue
        seen.add(cit["passage"])
        out.append((cit["passage"], cit["quote"]))
        if len(out) == n:
            break
    return tuple(out)
