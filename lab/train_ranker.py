"""Fit the ranker generator's model (src/pincite/models/ranker_model.json) on gold questions (issue 27).

    .venv/bin/python -m lab.train_ranker --set eval/dev.jsonl /tmp/copy/all.db \\
        --set lab/data/train.jsonl /tmp/copy/all.db --no-dense --cache /tmp/feat.json \\
        [--features issue27] [--collect issue27] --out src/pincite/models/ranker_model.json

``--features A,B`` trains on the core features (:data:`pincite.generate.features.CORE`) and these optional
declared ones (``issue27``: :data:`pincite.generate.features.RETRIEVAL_AND_SIMILARITY`, the bi-encoder's similarity,
retrieval's score and positions); ``--collect`` computes (and caches) more than it trains on, so one collection
serves a run with and a run without them.

Candidates, features and labels come from ``lab/records.collect`` (the engine's own path, the ranker's
candidates and their feature record; the same ``--cache`` format).  A LightGBM LambdaRank model ranks each question's
candidates (group = question); the abstention model (``--abstain logistic``: ``lab/records.fit``'s regression;
``--abstain trees``: LightGBM binary trees, with ``--abstain-rich`` also over the top candidate's whole row,
with ``--abstain-passage-mass`` also over where the ranker's belief lies, ``ranker.PASSAGE_MASS``) is
fitted on out-of-fold ranker scores with label "the top candidate lies on gold", in cross-validation and for the
shipped file alike.  Each question retrieves ``--k`` passages (default: the engine's k).  Cross-validation is grouped by question
(fixed seed, 5 folds; a question asked over a part's store, ``lab/small_stores.py``'s ``STEM@gNN.jsonl``, falls in
the fold of the same question in ``STEM.jsonl``), or with ``--folds-by`` by document or by writer (the shipped model:
one fold per writer); the abstention threshold is chosen on the out-of-fold figures by the learned generator's
utility (``lab/records.score``) or, with ``--min-precision``, as the most answered at that precision.  A
held-out gold file is refused.  Needs ``pip install lightgbm`` (training only: the generator reads the trees from
JSON).
"""

from __future__ import annotations

import argparse
import datetime
import hashlib
import json
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import numpy as np

from lab.records import collect, fit, predict, score
from lab.small_stores import origin

PARAMS = {"objective": "lambdarank", "learning_rate": 0.05, "num_leaves": 15, "min_data_in_leaf": 20,
          "feature_fraction": 0.8, "bagging_fraction": 0.8, "bagging_freq": 1, "lambdarank_truncation_level": 10,
          "verbose": -1, "num_threads": 2, "deterministic": True, "force_row_wise": True}
ROUNDS = 150
#: the abstention tree model (``--abstain trees``): a binary classifier over abstain_features' rows, small trees
#: because it sees one row per question (a couple of thousand), not one per candidate
ABSTAIN_PARAMS = {"objective": "binary", "learning_rate": 0.05, "num_leaves": 7, "min_data_in_leaf": 30,
                  "feature_fraction": 0.8, "bagging_fraction": 0.8, "bagging_freq": 1, "lambda_l2": 1.0,
                  "verbose": -1, "num_threads": 2, "deterministic": True, "force_row_wise": True}
ABSTAIN_ROUNDS = 200
THRESHOLDS = tuple(round(x, 3) for x in np.arange(0.02, 0.95, 0.02))


#: ``--bag N``: every model (first ranker, second ranker, abstention trees) is the mean of N fitted with seeds
#: seed, seed+1, …; set once by main
BAG = 1


def _scaled(node: dict[str, Any], factor: float) -> dict[str, Any]:
    """A dumped tree with every leaf multiplied by ``factor``."""
    if "leaf_value" in node:
        return {**node, "leaf_value": node["leaf_value"] * factor}
    return {**node, "left_child": _scaled(node["left_child"], factor),
            "right_child": _scaled(node["right_child"], factor)}


class _Bag:
    """N boosters averaged: LightGBM draws its bagging and feature fractions from the seed, so each of N seeds
    fits a different model of the same data, and their mean varies less from seed to seed than any one does.
    ``predict`` gives the mean raw score (for a binary model, the probability of the mean log-odds);
    ``dump_model`` one model whose trees' leaves are divided by N, whose sum of leaves is that mean, so the
    generator reads it as it reads a single booster's dump."""

    def __init__(self, boosters: list[Any], binary: bool = False) -> None:
        self.boosters, self.binary = boosters, binary

    def predict(self, x: np.ndarray) -> np.ndarray:
        z = np.mean([b.predict(x, raw_score=True) for b in self.boosters], axis=0)
        return 1.0 / (1.0 + np.exp(-z)) if self.binary else z

    def dump_model(self) -> dict[str, Any]:
        n = len(self.boosters)
        trees = [{**t, "tree_structure": _scaled(t["tree_structure"], 1.0 / n)} if n > 1 else t
                 for b in self.boosters for t in b.dump_model()["tree_info"]]
        return {"tree_info": [{**t, "tree_index": i} for i, t in enumerate(trees)]}


def _fit_bag(params: dict[str, Any], make: Any, rounds: int, seed: int, binary: bool = False) -> _Bag:
    """:data:`BAG` boosters on the dataset ``make()`` builds, seeds ``seed`` … ``seed + BAG - 1``."""
    import lightgbm as lgb

    return _Bag([lgb.train({**params, "seed": seed + n}, make(), num_boost_round=rounds) for n in range(BAG)],
                binary)


def _train_ranker(records: list[dict[str, Any]], seed: int):  # type: ignore[no-untyped-def]
    import lightgbm as lgb

    rows = [r for r in records if r["x"]]
    x = np.array([row for r in rows for row in r["x"]], dtype=float)
    y = np.array([v for r in rows for v in r["y"]], dtype=float)
    return _fit_bag(PARAMS, lambda: lgb.Dataset(x, y, group=[len(r["x"]) for r in rows]), ROUNDS, seed)


#: the second ranker (``--rerank N``): LambdaRank over the first ranker's top N of each question, few columns and
#: groups of at most N rows, so smaller trees than the first's
RERANK_PARAMS = {**PARAMS, "num_leaves": 7, "min_data_in_leaf": 20, "lambdarank_truncation_level": 5}
RERANK_ROUNDS = 100


def train_reranker(groups: list[tuple[np.ndarray, np.ndarray]], seed: int):  # type: ignore[no-untyped-def]
    """The second ranker, fitted on (rows, labels) groups (:func:`pincite.generate.ranker.rerank_rows`)."""
    import lightgbm as lgb

    groups = [(x, y) for x, y in groups if len(y)]
    xs = np.vstack([x for x, _ in groups])
    ys = np.concatenate([y for _, y in groups]).astype(float)
    sizes = [len(y) for _, y in groups]
    return _fit_bag(RERANK_PARAMS, lambda: lgb.Dataset(xs, ys, group=sizes), RERANK_ROUNDS, seed)


def similarities(records: list[dict[str, Any]], scores: list[np.ndarray], top: int,
                 embedder: Any) -> list[list[float]]:
    """Each record's :func:`pincite.generate.ranker.top_similarities` over its ``top`` best-scored candidates, from
    the question and contexts the cache kept (``lab/records._record``)."""
    from pincite.generate.ranker import similarity_summary

    return [similarity_summary(v) for v in cosines(records, scores, top, embedder)]


SIMILARITY_FILE = "ranker_similarity.int8.onnx"  # the fine-tuned bi-encoder's name beside the model file


def similarity_section(model: Path, folds: list[Path], out: Path) -> dict[str, Any]:
    """Copy the fine-tuned bi-encoder beside the model file and describe it: its hash, the fold models'
    hashes, and the training manifest ``lab/biencoder_train.py export`` wrote beside each."""
    import shutil

    target = out.parent / SIMILARITY_FILE
    if model.resolve() != target.resolve():
        shutil.copyfile(model, target)

    def manifest(f: Path) -> dict[str, Any]:
        m = f.with_name(f.name + ".json")
        return json.loads(m.read_text(encoding="utf-8")) if m.exists() else {}

    return {"file": SIMILARITY_FILE, "sha256": hashlib.sha256(target.read_bytes()).hexdigest(),
            "manifest": manifest(model),
            "folds": [{"sha256": hashlib.sha256(f.read_bytes()).hexdigest()[:16], "manifest": manifest(f)}
                      for f in folds]}


def cosines(records: list[dict[str, Any]], scores: list[np.ndarray], top: int, embedder: Any,
            memo: dict[str, float] | None = None) -> list[np.ndarray]:
    """The bi-encoder's cosine of each record's question and its ``top`` best-scored candidates, best first.
    ``memo`` (question and context -> cosine) spares embedding a pair again: a question asked over several stores,
    or a run after another, shares most of its top candidates (a memo's cosine came from another batch, so it may
    differ from a fresh one in the last float digits)."""
    from pincite.generate.ranker import similarity_vectors

    out = []
    for r, s in zip(records, scores):
        contexts = [r["contexts"][j] for j in np.argsort(-s, kind="stable")[:top]] if len(s) else []
        model, tag = embedder.for_record(r) if isinstance(embedder, CrossFitted) else (embedder, "")
        if memo is None:
            out.append(similarity_vectors(model, r["question"], contexts) if contexts else np.zeros(0))
            continue
        keys = [tag + r["question"] + "\x00" + c for c in contexts]
        todo = [c for c, key in zip(contexts, keys) if key not in memo]
        for c, v in zip(todo, similarity_vectors(model, r["question"], todo) if todo else []):
            memo[tag + r["question"] + "\x00" + c] = float(v)
        out.append(np.array([memo[key] for key in keys]))
    return out


class CrossFitted:
    """A fine-tuned bi-encoder per fold of lab/biencoder_train.py (``fold_of``, by gold document): each
    record's similarity comes from the fold model that never trained on its question, so the rows the ranker
    and the abstention model learn from read the bi-encoder as a new question does at answer time."""

    def __init__(self, files: list[Path], tokenizer: Path) -> None:
        from pincite.generate.features import load_sentence_model

        self.models = [load_sentence_model((f, tokenizer)) for f in files]
        # a memo entry names the fold model it came from, so one memo never mixes two models' cosines
        self.tags = [hashlib.sha256(f.read_bytes()).hexdigest()[:12] + "\x00" for f in files]

    def for_record(self, r: dict[str, Any]) -> tuple[Any, str]:
        from lab.biencoder_train import fold_of

        f = fold_of(r, len(self.models))
        return self.models[f], self.tags[f]


def reranked(records: list[dict[str, Any]], scores: list[np.ndarray], sims: list[np.ndarray], top: int, rich: bool,
             fold_of: dict[int, int], folds: int, seed: int,
             fit: list[bool] | None = None) -> tuple[list[np.ndarray], list[list[float]], Any]:
    """The second ranker (``--rerank top``) out of fold on the first's out-of-fold ``scores`` (stacked, same folds):
    each record's scores after it (:func:`pincite.generate.ranker.rerank_scores`), the top-three similarity in
    the new order (what the abstention model reads), and the second ranker fitted on every record (``fit``: on
    those it marks)."""
    from pincite.generate.ranker import rerank_rows, rerank_scores, similarity_summary

    rows = [rerank_rows(np.array(r["x"], dtype=float).reshape(len(r["x"]), -1), s, v[:top], rich)
            if len(s) else (np.zeros((0, 0)), np.zeros(0, dtype=int)) for r, s, v in zip(records, scores, sims)]
    groups = [(rw[0], np.array(r["y"])[rw[1]]) for r, rw in zip(records, rows)]
    fit = fit or [True] * len(records)
    second: list[np.ndarray] = [np.zeros(0) for _ in records]
    for f in range(folds):
        booster = train_reranker([g for i, g in enumerate(groups) if fold_of[i] != f and fit[i]], seed)
        for i, rw in enumerate(rows):
            if fold_of[i] == f and len(rw[1]):
                second[i] = booster.predict(rw[0])
    combined = [rerank_scores(s, rw[1], s2) if len(s) else s for s, rw, s2 in zip(scores, rows, second)]
    top3 = [similarity_summary(v[:top][np.argsort(-s2, kind="stable")][:3]) for v, s2 in zip(sims, second)]
    return combined, top3, train_reranker([g for g, keep in zip(groups, fit) if keep], seed)


def _abstain_rows(records: list[dict[str, Any]], scores: list[np.ndarray], features: tuple[str, ...],
                  rich: bool = False, sims: list[list[float]] | None = None,
                  mass: bool = False) -> tuple[np.ndarray, np.ndarray]:
    from pincite.generate.ranker import abstain_features

    xs, ys = [], []
    for n, (r, s) in enumerate(zip(records, scores)):
        x = np.array(r["x"], dtype=float).reshape(len(r["x"]), len(r["x"][0]) if r["x"] else len(features))
        xs.append(abstain_features(x, s, features, rich, sims[n] if sims is not None else None,
                                   r.get("passages", r["units"]) if mass else None))
        ys.append(float(bool(len(s)) and bool(r["y"][int(np.argmax(s))])) if len(s) else 0.0)
    return np.array(xs), np.array(ys)


class _AbstainTrees:
    """The abstention decision as a LightGBM binary model (``--abstain trees``)."""

    def __init__(self, x: np.ndarray, y: np.ndarray, seed: int) -> None:
        import lightgbm as lgb

        self.booster = _fit_bag(ABSTAIN_PARAMS, lambda: lgb.Dataset(x, y), ABSTAIN_ROUNDS, seed, binary=True)

    def predict(self, x: np.ndarray) -> np.ndarray:
        return self.booster.predict(x)

    def section(self, probe: np.ndarray) -> dict[str, Any]:
        """The model file's ``abstain`` fields besides its features, with real questions' rows and LightGBM's
        probabilities on them, for the generator's walk to be checked."""
        return {"kind": "trees", "params": ABSTAIN_PARAMS, "rounds": ABSTAIN_ROUNDS, "bag": BAG,
                "trees": self.booster.dump_model()["tree_info"],
                "probe": {"x": probe.tolist(), "lightgbm_probabilities": self.predict(probe).tolist()}}


class _AbstainLogistic:
    """The abstention decision as lab/records.py's logistic regression (``--abstain logistic``)."""

    def __init__(self, x: np.ndarray, y: np.ndarray, seed: int) -> None:
        self.params = fit(x, y, 1.0)

    def predict(self, x: np.ndarray) -> np.ndarray:
        return predict(self.params, x)

    def section(self, probe: np.ndarray) -> dict[str, Any]:
        mean, scale, coef, b = self.params
        return {"mean": mean.tolist(), "scale": scale.tolist(), "coef": coef.tolist(), "intercept": b}


def _fit_abstain(kind: str, x: np.ndarray, y: np.ndarray, seed: int) -> _AbstainTrees | _AbstainLogistic:
    """A fitted abstention model with ``predict(rows) -> probabilities``."""
    return (_AbstainTrees if kind == "trees" else _AbstainLogistic)(x, y, seed)


def _buckets(records: list[dict[str, Any]], scores: list[np.ndarray], p_answer: list[float],
             threshold: float) -> dict[str, dict[str, int]]:
    """Where the out-of-fold losses are, per kind of answerable question, in the buckets of lab/losses.py (at
    commit ef74d00; retrieval and the candidate gate together: no candidate lies on gold): correct, ranking
    (another sentence quoted), abstention (the top candidate lay on gold, nothing quoted), and the top was wrong and nothing quoted."""
    out: dict[str, dict[str, int]] = {}
    for r, s, p in zip(records, scores, p_answer):
        if r["kind"] == "none":
            continue
        top_on_gold = bool(len(s)) and bool(r["y"][int(np.argmax(s))])
        answered = bool(len(s)) and p >= threshold
        bucket = ("no gold candidate" if not any(r["y"]) else
                  "correct" if answered and top_on_gold else "ranking" if answered else
                  "abstention" if top_on_gold else "wrong top, abstained")
        row = out.setdefault(r["kind"], {})
        row[bucket] = row.get(bucket, 0) + 1
    return out


def _as_probs(records: list[dict[str, Any]], scores: list[np.ndarray], p_answer: list[float]) -> list[list[float]]:
    """The generator's rule in lab/records.score's terms: the top candidate carries the answer probability."""
    out = []
    for r, s, p in zip(records, scores, p_answer):
        probs = [0.0] * len(s)
        if len(s):
            probs[int(np.argmax(s))] = p
        out.append(probs)
    return out


def _base(set_name: str) -> str:
    """The gold file a record's set came from (``train.jsonl#scoped`` is train.jsonl asked within one document)."""
    return set_name.split("#")[0]


def _oof_row(r: dict[str, Any], s: np.ndarray, p: float, fitted: bool) -> dict[str, Any]:
    """One record's out-of-fold outcome (``--oof``): the top candidate's unit and whether it lies on gold, the
    best gold candidate's rank, whether the best candidate of another unit than the top's lies on gold (None:
    no such candidate), the answer probability."""
    order = [int(j) for j in np.argsort(-s, kind="stable")] if len(s) else []
    top = order[0] if order else None
    best_gold = max((v for v, y in zip(s, r["y"]) if y), default=None)
    other = next((j for j in order[1:] if r["units"][j] != r["units"][top]), None) if order else None
    return {"set": r["set"], "id": r["id"], "kind": r["kind"], "fitted": fitted, "gold_candidate": any(r["y"]),
            "top_on_gold": top is not None and bool(r["y"][top]), "p_answer": p, "candidates": len(s),
            "top_unit": r["units"][top] if top is not None else None,
            "gold_units": sorted({u for u, y in zip(r["units"], r["y"]) if y}),
            "gold_rank": int((s > best_gold).sum()) + 1 if best_gold is not None else None,
            "second_on_gold": None if other is None else bool(r["y"][other])}


def _group(set_name: str) -> str:
    """What a set is reported and named under: a part of a split gold file (``train@g03.jsonl``, and its
    ``#scoped`` asks) under ``train@parts``, any other set under its own name."""
    base, _, scoped = set_name.partition("#")
    stem, at, _ = base.partition("@")
    return (f"{stem}@parts" if at else base) + (f"#{scoped}" if scoped else "")


def _answered(sc: dict[str, Any]) -> int:
    return int(sc["answered_correctly"].split("/")[0])


def _precise_threshold(records: list[dict[str, Any]], probs: list[list[float]], floor: float,
                       fallback: float) -> float:
    """The threshold answering the most questions on gold among those whose precision reaches ``floor`` (ties:
    the higher threshold); ``fallback`` when none does."""
    kept = [(_answered(sc), t) for t in THRESHOLDS for sc in [score(records, probs, t, 1.01)]
            if sc["attribution_precision"] is not None and sc["attribution_precision"] >= floor]
    return max(kept)[1] if kept else fallback


def _names(spec: str) -> tuple[str, ...]:
    from pincite.generate.features import FEATURES, RETRIEVAL_AND_SIMILARITY

    out: list[str] = []
    for part in filter(None, (p.strip() for p in spec.split(","))):
        for name in RETRIEVAL_AND_SIMILARITY if part == "issue27" else (part,):
            if name not in FEATURES or not FEATURES[name].optional:
                raise SystemExit(f"{name}: not a declared optional feature (pincite.generate.features.DECLARED)")
            if name not in out:
                out.append(name)
    return tuple(out)


#: the code that turns a retrieved turn into candidate sentences and their feature rows: a --cache records their
#: hash, and records collected by other code are collected again.  Retrieval and the parsers are not here: what
#: they change is in the store, which a rebuild makes fresh (lab/rebuild_ranker.sh)
FEATURE_CODE = ("src/pincite/generate/features/*.py", "src/pincite/generate/candidates.py",
                "src/pincite/legal/*.py", "src/pincite/text/terms.py", "lab/records.py")


def feature_code_hash(root: Path = Path(__file__).resolve().parent.parent) -> str:
    """The sha256 (16 hex digits) of :data:`FEATURE_CODE`'s files, in sorted order of their paths."""
    h = hashlib.sha256()
    for path in sorted({f for pattern in FEATURE_CODE for f in root.glob(pattern)}):
        h.update(path.relative_to(root).as_posix().encode() + b"\0" + path.read_bytes())
    return h.hexdigest()[:16]


def _questions(golds: list[str]) -> dict[tuple[str, str], dict[str, Any]]:
    """Every question of these gold files as written, keyed as the folds key a record: its origin gold file
    (a part's questions are its origin's), its id."""
    out: dict[tuple[str, str], dict[str, Any]] = {}
    for gold in golds:
        name = origin(Path(gold).name)
        for line in Path(gold).read_text(encoding="utf-8").splitlines():
            if line.strip() and not line.startswith("//"):
                q = json.loads(line)
                out[(name, q["id"])] = q
    return out


def writer_folds(golds: list[str]) -> dict[tuple[str, str], int]:
    """One fold per writer: each question's fold is its writer's (its ``writer`` field, else the gold file's own
    name: dev.jsonl, a benchmark's file), writers in sorted order, so each question is scored by models that never
    read its writer's wording, as a user's question is."""
    questions = _questions(golds)
    writer = {key: str(q.get("writer") or key[0]) for key, q in questions.items()}
    names = sorted(set(writer.values()))
    return {key: names.index(w) for key, w in writer.items()}


def documents_of(golds: list[str], folds: int, seed: int) -> dict[tuple[str, str], int]:
    """A fold for each question such that questions naming a common document (gold, alternative or scope;
    ``small_stores._components``) share it: each question is scored by models that never read a question about
    its documents, as the held-out set's documents are disjoint from the training set's.  Components are
    shuffled (``seed``) and each put in the fold holding the fewest questions so far; a question naming no
    document is a component of its own."""
    from lab.small_stores import _components

    questions = _questions(golds)
    key_of = {id(q): key for key, q in questions.items()}
    comps = [[key_of[id(q)] for q in qs] for _, qs in _components(list(questions.values()))]
    placed = {k for c in comps for k in c}
    comps += [[k] for k in questions if k not in placed]
    random.Random(seed).shuffle(comps)
    sizes = [0] * folds
    out: dict[tuple[str, str], int] = {}
    for comp in comps:
        f = sizes.index(min(sizes))
        sizes[f] += len(comp)
        out.update((k, f) for k in comp)
    return out


def out_of_fold(records: list[dict[str, Any]], folds: int, seed: int, fit: list[bool] | None = None,
                grouped: dict[tuple[str, str], int] | None = None) -> tuple[list[np.ndarray], dict[int, int]]:
    """Each record's candidates scored by a ranker trained on the other folds (``fit``: only on the records it
    marks), and each record's fold.  Folds are by question: a question's scoped ask, and its ask over a part's
    smaller store (``lab/small_stores.py``), fall in the same fold as the question itself; ``grouped`` gives
    each question's fold instead (:func:`writer_folds`, :func:`documents_of`)."""
    keys = list(dict.fromkeys((origin(r["set"]), r["id"]) for r in records))
    if grouped is not None:
        fold_of_key = {key: grouped[key] for key in keys}
    else:
        random.Random(seed).shuffle(keys)
        fold_of_key = {key: n % folds for n, key in enumerate(keys)}
    fold_of = {i: fold_of_key[(origin(r["set"]), r["id"])] for i, r in enumerate(records)}
    fit = fit or [True] * len(records)
    scores: list[np.ndarray] = [np.zeros(0) for _ in records]
    for f in range(folds):
        model = _train_ranker([r for i, r in enumerate(records) if fold_of[i] != f and fit[i]], seed)
        for i, r in enumerate(records):
            if fold_of[i] == f and r["x"]:
                scores[i] = model.predict(np.array(r["x"], dtype=float))
    return scores, fold_of


def out_of_fold_answer(kind: str, x: np.ndarray, y: np.ndarray, fold_of: dict[int, int], folds: int,
                      seed: int, fit: list[bool] | None = None) -> list[float]:
    """Each question's answer probability from an abstention model (``kind``) fitted on the other folds' rows
    (``fit``: those it marks)."""
    fit = fit or [True] * len(x)
    p_answer = [0.0] * len(x)
    for f in range(folds):
        tr = [i for i in range(len(x)) if fold_of[i] != f and fit[i]]
        te = [i for i in range(len(x)) if fold_of[i] == f]
        for i, p in zip(te, _fit_abstain(kind, x[tr], y[tr], seed).predict(x[te])):
            p_answer[i] = float(p)
    return p_answer


def utility_threshold(records: list[dict[str, Any]], probs: list[list[float]]) -> float:
    """The threshold with the best utility (lab/records.score; ties: the higher threshold)."""
    return max((score(records, probs, t, 1.01)["utility"], -t, t) for t in THRESHOLDS)[2]


def _select(records: list[dict[str, Any]], have: list[str], want: list[str]) -> list[dict[str, Any]]:
    """The records with only the columns ``want`` (in that order), from cached columns ``have``."""
    idx = [have.index(n) for n in want]
    return [{**r, "x": [[row[i] for i in idx] for row in r["x"]]} for r in records]


def _parser() -> argparse.ArgumentParser:
    """The command line (every option as before the cut into steps)."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--set", nargs=2, action="append", metavar=("GOLD", "DB"), required=True)
    ap.add_argument("--exclude-tag", action="append", default=[])
    ap.add_argument("--no-dense", action="store_true")
    ap.add_argument("--cache")
    ap.add_argument("--collect-only", action="store_true",
                    help="stop once --cache holds every question's records (what the bi-encoder's groups are cut from)")
    ap.add_argument("--out", required=True)
    ap.add_argument("--folds", type=int, default=5)
    ap.add_argument("--folds-by", choices=("question", "document", "writer"), default="question",
                    help="cross-validation folds (the figures, and the threshold chosen on them) of shuffled "
                         "questions; of questions grouped by the documents they name, so no document is asked "
                         "about in and out of a fold; or one fold per writer (a question's gold ``writer``, "
                         "else its gold file)")
    ap.add_argument("--seed", type=int, default=27)
    ap.add_argument("--bag", type=int, default=1, metavar="N",
                    help="each model the mean of N fitted with seeds SEED … SEED+N-1 (folds stay SEED's)")
    ap.add_argument("--features", default="", help="optional declared features to train on besides the core")
    ap.add_argument("--params", default="", metavar="JSON",
                    help="LightGBM parameters over the first ranker's (PARAMS), e.g. '{\"min_data_in_leaf\": 100}'")
    ap.add_argument("--rerank-params", default="", metavar="JSON", help="the same for the second ranker's")
    ap.add_argument("--abstain-params", default="", metavar="JSON", help="the same for the abstention trees'")
    ap.add_argument("--at-precision", type=float, default=None,
                    help="also print the most questions answered on gold at a threshold keeping this precision")
    ap.add_argument("--gate-terms", type=int, default=2,
                    help="question terms a sentence must hold to be a candidate (stored in the model file)")
    ap.add_argument("--min-precision", type=float, default=None,
                    help="choose the threshold answering the most on gold among those whose out-of-fold precision "
                         "reaches this (default: the best utility)")
    ap.add_argument("--scoped", action="store_true",
                    help="also ask each question within one document (lab/records.collect's scoped asks)")
    ap.add_argument("--abstain", choices=("logistic", "trees"), default="logistic",
                    help="the abstention model: logistic regression or LightGBM binary trees")
    ap.add_argument("--abstain-rich", action="store_true",
                    help="the abstention model also reads the top candidate's whole feature row")
    ap.add_argument("--abstain-similarity", type=int, default=0, metavar="K",
                    help="the abstention model also reads the bi-encoder's similarity of the ranker's top K "
                         "candidates (pincite.generate.ranker.TOP_SIMILARITY)")
    ap.add_argument("--abstain-passage-mass", action="store_true",
                    help="the abstention model also reads how much of the ranker's belief lies on the top "
                         "candidate's passage and document (pincite.generate.ranker.PASSAGE_MASS)")
    ap.add_argument("--rerank", type=int, default=0, metavar="N",
                    help="a second ranker over the first's top N candidates, reading their bi-encoder similarity "
                         "(pincite.generate.ranker.RERANK_FEATURES)")
    ap.add_argument("--rerank-rich", action="store_true",
                    help="the second ranker also reads each candidate's whole feature row")
    ap.add_argument("--k", type=int, default=None,
                    help="passages retrieved for each question (default: the engine's, pincite.options.DEFAULTS.k)")
    ap.add_argument("--collect", default=None, help="optional features to compute and cache (default: --features)")
    ap.add_argument("--fit-on", default="", metavar="SETS",
                    help="the gold files (comma-separated names; a part, STEM@gNN.jsonl, is named STEM@parts) whose "
                         "questions the models are fitted on and the threshold chosen on (default: every --set); "
                         "the others are only scored, out of fold")
    ap.add_argument("--oof", default=None, metavar="FILE",
                    help="write each record's out-of-fold outcome (train_ranker._oof_row) for lab/compare_oof.py")
    ap.add_argument("--similarity-model", default=None, metavar="ONNX",
                    help="a fine-tuned bi-encoder (lab/biencoder_train.py export) for the second ranker "
                         "and the abstention model to read; copied beside --out and named in it (with "
                         "--similarity-folds)")
    ap.add_argument("--similarity-folds", default="", metavar="ONNX,ONNX",
                    help="the same bi-encoder trained once per fold of lab/biencoder_train.py groups, in "
                         "fold order: the similarity every training record reads (cross-fitted)")
    ap.add_argument("--embed-cache", default=None, metavar="FILE",
                    help="a JSON memo of the bi-encoder's question-context cosines, read and written (train_ranker.cosines)")
    ap.add_argument("--limit", type=int, default=None, metavar="N",
                    help="a smoke run: only the first N questions of each --set (after --exclude-tag); "
                         "a --cache then keeps only theirs")
    return ap


def read_options(argv: list[str] | None) -> argparse.Namespace:
    """The command line, and what it sets beyond itself: :data:`BAG`, the LightGBM parameters given over
    :data:`PARAMS`, :data:`RERANK_PARAMS` and :data:`ABSTAIN_PARAMS` (the model file writes each as used), and
    ``k`` (default: the engine's)."""
    args = _parser().parse_args(argv)
    if args.collect_only and not args.cache:
        raise SystemExit("--collect-only needs --cache (where the records go)")
    global BAG
    BAG = max(1, args.bag)
    for flag, spec, table in (("--params", args.params, PARAMS),
                              ("--rerank-params", args.rerank_params, RERANK_PARAMS),
                              ("--abstain-params", args.abstain_params, ABSTAIN_PARAMS)):
        try:
            extra = json.loads(spec or "{}")
        except json.JSONDecodeError as e:
            raise SystemExit(f"{flag}: not JSON ({e})") from None
        if not isinstance(extra, dict):
            raise SystemExit(f"{flag}: not a JSON object of LightGBM parameters")
        table.update(extra)  # the manifest writes each table as used
    if args.k is None:
        from pincite.options import DEFAULTS

        args.k = DEFAULTS.k
    return args


def feature_names(args: argparse.Namespace) -> tuple[list[str], list[str]]:
    """(the columns trained on: the core and ``--features``; the columns collected: the core, ``--collect``'s
    (default ``--features``) and the trained ones)."""
    from pincite.generate.features import CORE

    trained = list(CORE) + list(_names(args.features))
    names = list(CORE) + [n for n in _names(args.collect if args.collect is not None else args.features)]
    names += [n for n in trained if n not in names]
    return trained, names


def _read_cache(args: argparse.Namespace, names: list[str],
                code: str) -> tuple[list[str], list[dict[str, Any]]]:
    """(the columns, the records) of ``--cache`` when it was collected as this run would collect (its columns
    hold ``names``, the same gate, scoping, k and feature code); else (``names``, no records)."""
    cache = Path(args.cache) if args.cache else None
    if cache is None or not cache.exists():
        return names, []
    cached = json.loads(cache.read_text())
    if cached.get("code") is None:
        print(f"{cache}: written before caches named their feature code; read as it is (lab/train_ranker.py "
              "FEATURE_CODE)", file=sys.stderr)
    elif cached["code"] != code:
        print(f"{cache}: collected by other feature code ({cached['code']}, now {code}): collected again",
              file=sys.stderr)
    if set(names) <= set(cached["features"]) and cached.get("gate_terms", 2) == args.gate_terms \
            and cached.get("scoped", False) >= args.scoped and cached.get("k", 10) == args.k \
            and cached.get("code", code) == code:  # a gold set already collected is read, not re-asked
        return list(cached["features"]), cached["records"]
    return names, []


def load_records(args: argparse.Namespace, names: list[str]) -> tuple[list[str], list[dict[str, Any]]]:
    """Every ``--set``'s question records, in its gold file's order (so the folds are too), and the columns
    they hold: read from ``--cache``, a question not there asked through the engine (``lab/records.collect``);
    the cache is rewritten after each set."""
    from pincite.evaluation.gold import read_gold

    cache = Path(args.cache) if args.cache else None
    code = feature_code_hash()
    names, records = _read_cache(args, names, code)
    kept: list[dict[str, Any]] = []
    for gold, db in args.set:  # a question already collected (same set, same id) is read, not re-asked
        name = Path(gold).name
        order_of = {q.id: n for n, q in enumerate(read_gold(gold)) if not set(q.tags) & set(args.exclude_tag)}
        if args.limit is not None:
            order_of = dict(list(order_of.items())[:args.limit])
        ids = set(order_of)
        mine = [r for r in records if _base(r["set"]) == name and r["id"] in ids
                and (args.scoped or r["set"] == name)]
        missing = ids - {r["id"] for r in mine if r["set"] == name}
        if missing:
            tmp = Path(tempfile.mkdtemp()) / name
            tmp.write_text("\n".join(line for line in Path(gold).read_text(encoding="utf-8").splitlines()
                                     if line.startswith("//") or (line.strip() and json.loads(line)["id"] in missing)) + "\n", encoding="utf-8")
            mine += collect(str(tmp), db, set(args.exclude_tag), dense=not args.no_dense, names=tuple(names),
                               gate_terms=args.gate_terms, scoped=args.scoped, k=args.k)
        kept += sorted(mine, key=lambda r: (order_of[r["id"]], r["set"]))  # the gold file's order, so the folds are too
        if cache is not None:
            cache.write_text(json.dumps({"features": names, "gate_terms": args.gate_terms, "scoped": args.scoped,
                                         "k": args.k, "code": code,
                                         "records": kept + [r for r in records
                                                            if _base(r["set"]) not in {Path(g).name for g, _ in args.set}]}))
    return names, kept


def training_records(args: argparse.Namespace, records: list[dict[str, Any]], names: list[str],
                     trained: list[str]) -> tuple[list[dict[str, Any]], list[bool]]:
    """The records of the ``--set`` files with the trained columns only, and which of them the models are
    fitted on (``--fit-on``; default all)."""
    wanted = {Path(g).name for g, _ in args.set}
    records = _select([r for r in records if _base(r["set"]) in wanted], names, trained)
    fit_on = set(filter(None, (n.strip() for n in args.fit_on.split(","))))
    unknown = fit_on - {_group(Path(g).name) for g, _ in args.set}
    if unknown:
        raise SystemExit(f"--fit-on {', '.join(sorted(unknown))}: not a --set (a part is named STEM@parts)")
    return records, [not fit_on or _group(_base(r["set"])) in fit_on for r in records]


def cross_validated_ranker(args: argparse.Namespace, records: list[dict[str, Any]],
                           fit: list[bool]) -> tuple[list[np.ndarray], dict[int, int]]:
    """The first ranker's out-of-fold scores and each record's fold (``--folds-by``; by writer, ``args.folds``
    becomes the writers' count)."""
    grouped = None
    if args.folds_by == "writer":
        grouped = writer_folds([g for g, _ in args.set])
        args.folds = max(grouped.values()) + 1
    elif args.folds_by == "document":
        grouped = documents_of([g for g, _ in args.set], args.folds, args.seed)
    return out_of_fold(records, args.folds, args.seed, fit, grouped)


def similarity_models(args: argparse.Namespace, records: list[dict[str, Any]]) -> tuple[Any, Any, list[Path]]:
    """(the bi-encoder the training records read, or None when no model reads a similarity; the one the
    written model reads, or None: the dense index's; ``--similarity-folds``' files)."""
    embedder = None
    if args.abstain_similarity or args.rerank:
        from pincite.generate.features import load_sentence_model

        if not all("contexts" in r for r in records):
            raise SystemExit(f"{args.cache}: collected before records kept their texts; collect again into a new "
                             "--cache")
        embedder = load_sentence_model()
    shipped = None  # the bi-encoder the written model reads at answer time (None: the dense index's)
    folds: list[Path] = []
    if args.similarity_model or args.similarity_folds:
        from pincite.search.embed import find_model_files

        folds = [Path(f) for f in args.similarity_folds.split(",") if f]
        if not args.similarity_model or len(folds) < 2 or embedder is None:
            raise SystemExit("--similarity-model needs --similarity-folds (two or more: the ranker must not "
                             "learn from the similarity of questions the bi-encoder trained on) and a model "
                             "that reads the similarity (--rerank or --abstain-similarity)")
        tokenizer = find_model_files()[1]
        shipped = load_sentence_model((Path(args.similarity_model), tokenizer))
        embedder = CrossFitted(folds, tokenizer)
    return embedder, shipped, folds


def abstention_features(args: argparse.Namespace, records: list[dict[str, Any]], scores: list[np.ndarray],
                        fold_of: dict[int, int], fit: list[bool], trained: list[str], embedder: Any,
                        memo: dict[str, float] | None
                        ) -> tuple[list[np.ndarray], Any, np.ndarray, np.ndarray]:
    """The second ranker out of fold (``--rerank``) and the abstention model's rows: (each record's scores
    after both rankers, the second ranker fitted on every record or None, the rows, their labels)."""
    rerank_model = None
    if args.rerank:
        if args.abstain_similarity not in (0, 3):
            raise SystemExit("--rerank: the abstention model reads the top three's similarity (--abstain-similarity 3)")
        vecs = cosines(records, scores, args.rerank, embedder, memo)
        scores, top3, rerank_model = reranked(records, scores, vecs, args.rerank, args.rerank_rich, fold_of,
                                              args.folds, args.seed, fit)
        sims = top3 if args.abstain_similarity else None
    else:
        sims = similarities(records, scores, args.abstain_similarity, embedder) if embedder is not None else None
    ax, ay = _abstain_rows(records, scores, tuple(trained), args.abstain_rich, sims,
                           args.abstain_passage_mass)
    return scores, rerank_model, ax, ay


def choose_threshold(args: argparse.Namespace, records: list[dict[str, Any]], scores: list[np.ndarray],
                     p_answer: list[float],
                     fit: list[bool]) -> tuple[float, dict[str, Any], dict[str, Any], int]:
    """The abstention threshold, on the fitted records' out-of-fold figures (the best utility, or with
    ``--min-precision`` the most answered at that precision), and what it gives: (the threshold, the figures
    by set, over the fitted records, the fitted answerable records whose top candidate lies on gold).  Writes
    ``--oof`` and prints the figures."""
    probs = _as_probs(records, scores, p_answer)
    fitted = [r for r, keep in zip(records, fit) if keep]
    fitted_probs = [p for p, keep in zip(probs, fit) if keep]
    if args.oof:
        Path(args.oof).write_text(json.dumps([_oof_row(r, s, p, keep)
                                              for r, s, p, keep in zip(records, scores, p_answer, fit)]) + "\n")
    threshold = utility_threshold(fitted, fitted_probs)
    if args.min_precision is not None:
        threshold = _precise_threshold(fitted, fitted_probs, args.min_precision, threshold)
    by_set = {name: score([r for r in records if _group(r["set"]) == name],
                             [p for r, p in zip(records, probs) if _group(r["set"]) == name], threshold, 1.01)
              for name in sorted({_group(r["set"]) for r in records})}
    overall = score(fitted, fitted_probs, threshold, 1.01)
    top1 = sum(1 for r, s, keep in zip(records, scores, fit) if keep and len(s) and r["y"][int(np.argmax(s))])
    print(f"cross-validated (threshold {threshold}): {overall}; top-ranked candidate on gold for {top1}"
          f"/{sum(1 for r in fitted if r['kind'] != 'none')} answerable")
    for name, sc in by_set.items():
        print(f"  {name}: {sc}")
    _print_losses(records, scores, p_answer, fit, threshold)
    if args.at_precision is not None:  # a report only: the threshold shipped is the one chosen above
        t = _precise_threshold(fitted, fitted_probs, args.at_precision, -1.0)
        if t >= 0:
            at = score(fitted, fitted_probs, t, 1.01)
            print(f"at precision >= {args.at_precision}: threshold {t}: {at}")
    return threshold, by_set, overall, top1


def _print_losses(records: list[dict[str, Any]], scores: list[np.ndarray], p_answer: list[float],
                  fit: list[bool], threshold: float) -> None:
    """The out-of-fold losses by kind of question (:func:`_buckets`): the fitted records', then any only
    scored."""
    for fitted_ones in (True, False):
        keep = [f == fitted_ones for f in fit]
        if not any(keep):
            continue
        if not fitted_ones:
            print("  scored only, out of fold: " + ", ".join(sorted({_group(r["set"]) for r, k in zip(records, keep) if k})))
        rows = _buckets([r for r, k in zip(records, keep) if k], [s for s, k in zip(scores, keep) if k],
                        [p for p, k in zip(p_answer, keep) if k], threshold)
        for kind, row in sorted(rows.items()):
            print(f"  {kind}: " + ", ".join(f"{b} {row.get(b, 0)}" for b in
                                            ("correct", "no gold candidate", "ranking", "abstention", "wrong top, abstained")))


def train_shipped(args: argparse.Namespace, records: list[dict[str, Any]], fit: list[bool],
                  trained: list[str], ax: np.ndarray, ay: np.ndarray) -> tuple[Any, Any, dict[str, Any]]:
    """The models the file ships, fitted on every fitted record: (the first ranker, the abstention model, the
    file's ``abstain`` section).  The abstention model is fitted on the out-of-fold ranker scores: those are
    distributed as the scores of a question the ranker never saw, which is what it reads at answer time
    (in-sample scores are more confident than any new question's)."""
    from pincite.generate.ranker import abstain_names

    model = _train_ranker([r for r, keep in zip(records, fit) if keep], args.seed)
    ab_model = _fit_abstain(args.abstain, ax[np.array(fit)], ay[np.array(fit)], args.seed)
    abstain = {"features": list(abstain_names(tuple(trained), args.abstain_rich, args.abstain_similarity,
                                              args.abstain_passage_mass)),
               "rich": args.abstain_rich, "similarity_top": args.abstain_similarity,
               "passage_mass": args.abstain_passage_mass, **ab_model.section(ax[:5])}
    return model, ab_model, abstain


def rerank_section(args: argparse.Namespace, records: list[dict[str, Any]], first_scores: list[np.ndarray],
                   trained: list[str], model: Any, rerank_model: Any,
                   probe_embedder: Any) -> tuple[dict[str, Any], dict[str, Any]]:
    """The file's ``rerank`` section (the second ranker's trees and a probe of LightGBM's scores), and the
    record probed: the first whose first-ranker scores reach ``--rerank`` candidates."""
    from pincite.generate.ranker import rerank_names, rerank_rows

    r0 = next(r for r, s in zip(records, first_scores) if len(s) >= args.rerank)
    s0 = model.predict(np.array(r0["x"], dtype=float))
    v0 = cosines([r0], [s0], args.rerank, probe_embedder)[0]
    rows0, _ = rerank_rows(np.array(r0["x"], dtype=float), s0, v0,
                           args.rerank_rich)
    return {"top": args.rerank, "rich": args.rerank_rich,
            "features": list(rerank_names(tuple(trained), args.rerank_rich)), "params": RERANK_PARAMS,
            "rounds": RERANK_ROUNDS, "bag": BAG, "trees": rerank_model.dump_model()["tree_info"],
            "probe": {"x": rows0.tolist(), "lightgbm_scores": rerank_model.predict(rows0).tolist()}}, r0


def write_model(args: argparse.Namespace, records: list[dict[str, Any]], fit: list[bool], trained: list[str],
                model: Any, abstain: dict[str, Any], rerank: dict[str, Any] | None, shipped: Any,
                folds: list[Path], cv: tuple[float, dict[str, Any], dict[str, Any], int], t0: float) -> None:
    """Write ``--out``: the trees, the threshold and the abstention and second-ranker sections, with the
    manifest of how they were made (the data's hashes and counts, the parameters, the cross-validated
    figures; the bi-encoder copied beside it and described, with ``--similarity-model``)."""
    threshold, by_set, overall, top1 = cv
    fitted = [r for r, keep in zip(records, fit) if keep]
    dump = model.dump_model()
    probe_x = np.array(next(r for r in records if len(r["x"]) >= 5)["x"], dtype=float)
    hashes = {g: hashlib.sha256(Path(g).read_bytes()).hexdigest()[:16] for g, _ in args.set}
    out = {
        "trained_on": {name: sum(1 for r, keep in zip(records, fit) if keep and _group(r["set"]) == name)
                       for name in by_set},
        "data_sha256": hashes, "retrieval": "lexical" if args.no_dense else "hybrid",
        "candidates": sum(len(r["y"]) for r in fitted), "positives": int(sum(sum(r["y"]) for r in fitted)),
        "date": datetime.date.today().isoformat(), "seed": args.seed, "folds": args.folds,
        "folds_by": args.folds_by, "scoped": args.scoped,
        "lightgbm": __import__("lightgbm").__version__, "params": PARAMS, "rounds": ROUNDS, "bag": BAG,
        "cross_validated": {"all": overall, **by_set, "top1_on_gold": top1},
        "train_seconds": round(time.time() - t0, 1),
        "features": trained, "threshold": threshold,
        "threshold_rule": f"precision >= {args.min_precision}" if args.min_precision is not None else "utility", "gate_terms": args.gate_terms,
        "k": args.k,  # the passages each question retrieved in training (the engine's default k)
        "abstain": abstain,
        **({"rerank": rerank} if rerank is not None else {}),
        **({"similarity_model": similarity_section(Path(args.similarity_model), folds, Path(args.out))}
           if shipped is not None else {}),
        "probe": {"x": probe_x.tolist(), "lightgbm_scores": model.predict(probe_x).tolist()},
        "trees": dump["tree_info"],
    }
    Path(args.out).write_text(json.dumps(out) + "\n", encoding="utf-8")


def check_written(args: argparse.Namespace, records: list[dict[str, Any]], trained: list[str], model: Any,
                  ab_model: Any, rerank_model: Any, r0: dict[str, Any] | None, embedder: Any,
                  probe_embedder: Any) -> None:
    """The generator reading ``--out`` decides as the fitted models do: its numpy walk of the trees gives
    LightGBM's own scores, and its abstention probability the fitted model's (with a second ranker: its whole
    decision, both rankers, the similarity and the abstention, on the record ``r0``)."""
    from pincite.generate.ranker import load_model

    mass = args.abstain_passage_mass
    m = load_model(args.out)
    probe = next(r for r in records if r["x"])
    xp = np.array(probe["x"], dtype=float)
    assert np.allclose(m.scores(xp), model.predict(xp), atol=1e-6), "the tree walk differs from LightGBM"
    sp = model.predict(xp)  # and the generator's abstention probability the fitted model's
    if rerank_model is not None:  # the generator's whole decision: both rankers, the similarity, the abstention
        from types import SimpleNamespace

        from pincite.generate.ranker import RankerGenerator, rerank_rows, rerank_scores, similarity_summary

        assert r0 is not None
        probe = r0
        xp = np.array(probe["x"], dtype=float)
        sp = model.predict(xp)
        v = cosines([probe], [sp], args.rerank, probe_embedder)[0]
        rows, idx = rerank_rows(xp, sp, v, args.rerank_rich)
        assert np.allclose(m.rerank(rows), rerank_model.predict(rows), atol=1e-6), "the second ranker's walk differs"
        s2 = rerank_model.predict(rows)
        comb = rerank_scores(sp, idx, s2)
        row = _abstain_rows([probe], [comb], tuple(trained), args.abstain_rich,
                            [similarity_summary(v[np.argsort(-s2, kind="stable")][:3])], mass)[0]
        reading = SimpleNamespace(question=probe["question"],
                                  sentences=[SimpleNamespace(context=c) for c in probe["contexts"]])
        keys = probe.get("passages", probe["units"]) if mass else None
        [(best, p)] = RankerGenerator(model=m, models={"bi-encoder": embedder})._decide(
            reading, xp, m.scores(xp), [np.arange(len(xp))], keys)
        assert best == int(np.argmax(comb)) and abs(p - float(ab_model.predict(row)[0])) < 1e-6, \
            "the generator's decision differs from the fitted models'"
    else:
        sp_sims = (similarities([probe], [sp], args.abstain_similarity, probe_embedder)
                   if embedder is not None else None)
        row = _abstain_rows([probe], [sp], tuple(trained), args.abstain_rich, sp_sims, mass)[0]
        assert abs(m.answer_probability(xp, sp, sp_sims[0] if sp_sims else None,
                                        probe.get("passages", probe["units"]) if mass else None)
                   - float(ab_model.predict(row)[0])) < 1e-6, \
            "the generator's abstention probability differs from the fitted model's"


def main(argv: list[str] | None = None) -> int:
    """The steps in order: options, records (collected or cached), the first ranker out of fold, the
    bi-encoders, the second ranker and the abstention rows, the abstention model out of fold, the threshold,
    the shipped models, the model file and its check."""
    args = read_options(argv)
    t0 = time.time()
    trained, names = feature_names(args)
    names, records = load_records(args, names)
    if args.collect_only:
        print(f"collected {len(records)} records into {args.cache} in {time.time() - t0:.0f} s")
        return 0
    records, fit = training_records(args, records, names, trained)
    scores, fold_of = cross_validated_ranker(args, records, fit)
    memo: dict[str, float] | None = None
    if args.embed_cache:
        memo = json.loads(Path(args.embed_cache).read_text()) if Path(args.embed_cache).exists() else {}
    embedder, shipped, folds = similarity_models(args, records)
    first_scores = scores
    scores, rerank_model, ax, ay = abstention_features(args, records, scores, fold_of, fit, trained, embedder,
                                                       memo)
    if memo is not None:
        Path(args.embed_cache).write_text(json.dumps(memo))
    p_answer = out_of_fold_answer(args.abstain, ax, ay, fold_of, args.folds, args.seed, fit)
    cv = choose_threshold(args, records, scores, p_answer, fit)
    model, ab_model, abstain = train_shipped(args, records, fit, trained, ax, ay)
    probe_embedder = shipped if shipped is not None else embedder  # what the written model reads
    rerank, r0 = rerank_section(args, records, first_scores, trained, model, rerank_model, probe_embedder) \
        if rerank_model is not None else (None, None)
    write_model(args, records, fit, trained, model, abstain, rerank, shipped, folds, cv, t0)
    check_written(args, records, trained, model, ab_model, rerank_model, r0, embedder, probe_embedder)
    print(f"wrote {args.out} ({Path(args.out).stat().st_size // 1024} KiB) in {time.time() - t0:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
