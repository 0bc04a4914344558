"""The ranker's training records (``lab/train_ranker.py``, ``lab/biencoder_train.py``'s groups): every gold
question asked through the engine's own path, its candidates' features and labels; the logistic regression of
the ``--abstain logistic`` model; and the utility a claim rule scores on those records.

Each ``GOLD DB`` pair is a gold file and a store holding its documents.  Every question goes through the
engine's own path (``engine.ask`` with the evaluation's request: retrieval, provision items, outcome passages,
the assembled context) to a generator that only records the turn; its candidates are the ranker's
(:func:`pincite.generate.candidates.candidates`) with their features
(:func:`pincite.generate.features.feature_matrix`).  A candidate is positive when it lies in a gold unit or
overlaps a gold quote (the evaluation's :func:`pincite.evaluation.metrics.lands_on`).  A held-out gold file is
refused.

(Moved here from ``lab/train_answerer.py``, the learned generator's trainer, when that generator was deleted:
``lab/notes/answers.md``.)
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

UTILITY_WRONG = 0.5  # what one citation shown off gold costs, against +1 for a question answered on gold
#: the share of questions the documents cannot answer that the thresholds are chosen for: issue 18 asks a gold
#: set to hold at least 15 % of them; the training sets hold fewer (LegalBench-RAG none), so each unanswerable
#: training question counts as many times as it takes for them to weigh 15 % of the utility
NONE_SHARE = 0.15


class _Recorder:
    """A generator that records the candidates' features (and says nothing)."""

    name = "recorder"

    def __init__(self) -> None:
        self.turn: Any = None

    def generate(self, turn: Any, messages: Any) -> str:
        self.turn = turn
        return '{"claims": []}'


def collect(gold_path: str, db: str, exclude_tags: set[str], dense: bool, k: int = 10,
            log=print, names: tuple[str, ...] | None = None,
            gate_terms: int = 2, scoped: bool = False) -> list[dict[str, Any]]:  # type: ignore[no-untyped-def]
    """One record per question: its features (``names``, default the core features; the bi-encoder is loaded once
    when one of them reads its similarity), labels, units and kind.

    ``scoped``: each question is asked a second time within one document, as a user whose store holds only
    that document would ask it (set ``NAME#scoped``): an answerable question within its gold document (when
    that is one document), an unanswerable one within the document retrieval ranked first for it, the one
    its answer would have come from.  A model trained only on questions over a store of a thousand documents
    has seen almost no question with one or two candidates, which is what a user's own small store gives."""
    from pincite.engine import ask, ask_request
    from pincite.evaluation.gold import DocumentFinder, GoldError, read_gold, resolve_question
    from pincite.generate.features import CORE, load_models
    from pincite.open import open_store
    from pincite.search.retrieve import RetrievalMode, Retriever

    if "heldout" in Path(gold_path).name:
        raise SystemExit(f"{gold_path}: a held-out gold file is never trained on")
    store = open_store(db)
    retriever = Retriever(store, RetrievalMode.HYBRID if dense else RetrievalMode.LEXICAL)
    retriever.ensure_fresh()
    finder = DocumentFinder(store)
    names = names or CORE
    models = load_models(names, {})
    out = []
    name = Path(gold_path).name
    questions = [q for q in read_gold(gold_path) if not set(q.tags) & exclude_tags]
    for n, q in enumerate(questions, 1):
        gold = resolve_question(finder, q)
        targets = [t for g in gold for t in g.targets]
        try:
            scope = tuple(finder.find(s).id for s in q.scope)
        except GoldError as e:
            log(f"  {q.id}: skipped ({e})")
            continue

        def record(documents: tuple[str, ...], set_name: str) -> tuple[dict[str, Any], Any]:
            rec = _Recorder()
            ask(ask_request(q.question, as_of=q.as_of, k=k, documents=documents), store, retriever, rec)
            return _record(rec.turn, q, targets, names, models, gate_terms, set_name, bool(documents)), rec.turn

        row, turn = record(scope, name)
        out.append(row)
        if scoped and not scope:
            gold_docs = {t.doc_id for t in targets}
            if q.kind.value == "none":
                gold_docs = {turn.passages[0].passage.document.id} if turn is not None and turn.passages else set()
            if len(gold_docs) == 1:
                out.append(record(tuple(gold_docs), f"{name}#scoped")[0])
        if n % 20 == 0:
            log(f"  {name}: {n}/{len(questions)}")
    store.close()
    return out


def _record(turn: Any, q: Any, targets: list[Any], names: tuple[str, ...], models: dict[str, Any],
            gate_terms: int, set_name: str, multi: bool) -> dict[str, Any]:
    """One question's record from the turn its ask assembled: each candidate's features and label."""
    from pincite.evaluation.metrics import lands_on
    from pincite.generate.features import feature_matrix, fill_models, passage_key, passage_keys
    from pincite.generate.candidates import candidates

    reading = candidates(turn, min_terms=gate_terms) if turn is not None else None
    sents = reading.sentences if reading is not None else []
    if sents:
        fill_models(reading, names, models)
    x = feature_matrix(reading, names).tolist() if sents else []
    labels = []
    for f in sents:
        s = f.cp.passage.chunk.char_start + f.start
        e = s + len(f.sent)
        labels.append(int(any(lands_on(f.cp.passage.document.id, s, e, s, e, t) for t in targets)))
    units = [passage_key(f) for f in sents]
    passages = passage_keys(sents)  # the abstention model groups by these (a document stored twice: once)
    # the question and each candidate's text as the bi-encoder reads them, so a model over a few candidates'
    # similarity can be measured from the cache without asking again (bench/abstain_similarity.py (a probe, at commit aea80a3))
    texts = {"question": reading.question if reading is not None else q.question,
             "contexts": [f.context for f in sents]}
    return {"set": set_name, "id": q.id, "kind": q.kind.value, "multi": multi, "x": x, "y": labels, "units": units,
            "passages": passages,
            **texts}


def fit(x: np.ndarray, y: np.ndarray, l2: float, iters: int = 50) -> tuple[np.ndarray, np.ndarray, np.ndarray, float]:
    """Standardise, then L2-regularised logistic regression by Newton's method (the intercept is not
    penalised).  Returns mean, scale, coef, intercept."""
    mean = x.mean(axis=0)
    scale = x.std(axis=0)
    scale[scale < 1e-9] = 1.0
    z = np.hstack([(x - mean) / scale, np.ones((len(x), 1))])
    w = np.zeros(z.shape[1])
    reg = np.full(z.shape[1], l2)
    reg[-1] = 0.0
    for _ in range(iters):
        p = 1.0 / (1.0 + np.exp(-np.clip(z @ w, -30, 30)))
        grad = z.T @ (p - y) + reg * w
        hess = (z * (p * (1 - p))[:, None]).T @ z + np.diag(reg) + 1e-6 * np.eye(len(w))
        step = np.linalg.solve(hess, grad)
        w -= step
        if np.abs(step).max() < 1e-7:
            break
    return mean, scale, w[:-1], float(w[-1])


def predict(model: tuple[np.ndarray, np.ndarray, np.ndarray, float], x: np.ndarray) -> np.ndarray:
    mean, scale, coef, b = model
    return 1.0 / (1.0 + np.exp(-np.clip(((x - mean) / scale) @ coef + b, -30, 30)))


def masked(probs: Sequence[float], coverages: Sequence[float], min_coverage: float) -> list[float]:
    """The probabilities, with 0 for a sentence covering less than ``min_coverage`` of the question."""
    return [p if c >= min_coverage else 0.0 for p, c in zip(probs, coverages)]


def choose_claims(probs: Sequence[float], units: Sequence[Any], threshold: float, second: float) -> list[int]:
    """Indices of the sentences to quote, best first: none when the best is under ``threshold``; the next best
    of another unit too when it reaches ``second`` (1.01: never)."""
    order = sorted(range(len(probs)), key=lambda i: -probs[i])
    if not order or probs[order[0]] < threshold:
        return []
    out = [order[0]]
    for i in order[1:]:
        if probs[i] < max(second, threshold):
            break
        if units[i] != units[order[0]]:
            out.append(i)
            break
    return out


def score(records: list[dict[str, Any]], probs: list[list[float]], threshold: float, second: float,
          min_coverage: float = 0.0, none_share: float = NONE_SHARE) -> dict[str, Any]:
    """What a claim rule would do with these probabilities (:func:`choose_claims`: the ranker's is ``second``
    1.01, the top candidate or nothing): utility and the report's measures."""
    from pincite.generate.features import CORE

    cov = CORE.index("coverage")  # every record's columns start with the core features
    probs = [masked(p, [row[cov] for row in r["x"]], min_coverage) for r, p in zip(records, probs)]
    n_none = sum(1 for r in records if r["kind"] == "none")
    none_weight = none_share / (1 - none_share) * (len(records) - n_none) / n_none if n_none else 0.0
    util = 0.0
    answerable = correct = none = abstained = shown = on_gold = 0
    for r, p in zip(records, probs):
        chosen = choose_claims(p, r["units"], threshold, second) if p else []
        hits = sum(r["y"][i] for i in chosen)
        shown += len(chosen)
        on_gold += hits
        wrong = len(chosen) - hits
        if r["kind"] == "none":
            none += 1
            abstained += not chosen
            util += none_weight * ((1.0 if not chosen else 0.0) - UTILITY_WRONG * wrong)
        else:
            answerable += 1
            correct += hits > 0
            util += (1.0 if hits else 0.0) - UTILITY_WRONG * wrong
    return {"utility": round(util, 2), "answered_correctly": f"{correct}/{answerable}",
            "answered_correctly_share": round(correct / answerable, 3) if answerable else None,
            "abstention": f"{abstained}/{none}" if none else None,
            "attribution_precision": round(on_gold / shown, 3) if shown else None}
