"""Fit the learned generator's weights (src/pincite/models/learned_weights.json) on gold questions.

    .venv/bin/python -m lab.train_answerer --set eval/dev.jsonl /tmp/copy/all.db \\
        --set /tmp/lb.jsonl /tmp/lb.db --exclude-tag test --out src/pincite/models/learned_weights.json

Each ``--set GOLD DB`` pair is a gold file and a store holding its documents.  Every question goes through the
engine's own path (``engine.ask`` with the evaluation's request: retrieval, provision items, outcome passages,
the assembled context) to the generator, which here only records the candidate sentences and their features
(:func:`pincite.generate.features.feature_matrix`).  A candidate is positive when it lies in a gold unit or
overlaps a gold quote (the evaluation's :func:`pincite.evaluation.metrics.lands_on`).

The model is a logistic regression (L2, Newton's method, written here with numpy).  The L2 strength, the
abstention threshold, the second claim's threshold and the least coverage a quoted sentence must have are chosen
by cross-validation grouped by question (fixed seed): out-of-fold probabilities are scored with the generator's own claim rule
(:func:`pincite.generate.learned.choose_claims`) by the utility +1 a question answered with a citation on gold,
+1 an unanswerable question abstained on, -0.5 each citation shown off gold.  A held-out gold file is refused.
"""

from __future__ import annotations

import argparse
import datetime
import json
import random
import sys
from pathlib import Path
from typing import Any

import numpy as np

UTILITY_WRONG = 0.5  # what one citation shown off gold costs, against +1 for a question answered on gold
#: the share of questions the documents cannot answer that the thresholds are chosen for: issue 18 asks a gold
#: set to hold at least 15 % of them; the training sets hold fewer (LegalBench-RAG none), so each unanswerable
#: training question counts as many times as it takes for them to weigh 15 % of the utility
NONE_SHARE = 0.15
L2_CHOICES = (0.3, 1.0, 3.0, 10.0)
THRESHOLDS = tuple(round(x, 3) for x in np.arange(0.02, 0.9, 0.02))
SECONDS = (1.01, 0.9, 0.8, 0.7, 0.6, 0.5, 0.4)  # 1.01: never a second claim
MIN_COVERAGES = (0.0, 0.1, 0.2, 0.3, 0.4)


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
    from pincite.generate.learned import candidates

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


def _predict(model: tuple[np.ndarray, np.ndarray, np.ndarray, float], x: np.ndarray) -> np.ndarray:
    mean, scale, coef, b = model
    return 1.0 / (1.0 + np.exp(-np.clip(((x - mean) / scale) @ coef + b, -30, 30)))


def _stack(records: list[dict[str, Any]]) -> tuple[np.ndarray, np.ndarray]:
    rows = [r for r in records if r["x"]]
    x = np.array([row for r in rows for row in r["x"]], dtype=float).reshape(-1, len(rows[0]["x"][0]) if rows else 0)
    y = np.array([v for r in rows for v in r["y"]], dtype=float)
    return x, y


def out_of_fold(records: list[dict[str, Any]], l2: float, folds: int, seed: int) -> list[list[float]]:
    """Each question's candidates' probabilities from a model fitted without that question's fold."""
    order = list(range(len(records)))
    random.Random(seed).shuffle(order)
    fold_of = {i: n % folds for n, i in enumerate(order)}
    probs: list[list[float]] = [[] for _ in records]
    for f in range(folds):
        train = [r for i, r in enumerate(records) if fold_of[i] != f]
        model = fit(*_stack(train), l2)
        for i, r in enumerate(records):
            if fold_of[i] == f and r["x"]:
                probs[i] = _predict(model, np.array(r["x"], dtype=float)).tolist()
    return probs


def score(records: list[dict[str, Any]], probs: list[list[float]], threshold: float, second: float,
          min_coverage: float = 0.0, none_share: float = NONE_SHARE) -> dict[str, Any]:
    """What the generator's claim rule would do with these probabilities: utility and the report's measures."""
    from pincite.generate.features import CORE
    from pincite.generate.learned import choose_claims, masked

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


def choose(records: list[dict[str, Any]], probs: list[list[float]]) -> tuple[float, float, float, dict[str, Any]]:
    best = None
    for c in MIN_COVERAGES:
        for t in THRESHOLDS:
            for s in SECONDS:
                sc = score(records, probs, t, s, c)
                key = (sc["utility"], -c, -t, s)  # ties: the least coverage, the lower threshold, no second claim
                if best is None or key > best[0]:
                    best = (key, t, s, c, sc)
    assert best is not None
    return best[1], best[2], best[3], best[4]


def main(argv: list[str] | None = None) -> int:
    from pincite.generate.features import CORE
    from pincite.generate.learned import LearnedWeights

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--set", nargs=2, action="append", metavar=("GOLD", "DB"), required=True,
                    help="a gold file and a store holding its documents (repeatable)")
    ap.add_argument("--exclude-tag", action="append", default=[], help="leave out questions with this tag")
    ap.add_argument("--no-dense", action="store_true", help="lexical retrieval for the training candidates")
    ap.add_argument("--cache", help="read the candidates' features from this JSON if it exists, else write them")
    ap.add_argument("--out", required=True, help="the weights file to write")
    ap.add_argument("--folds", type=int, default=5)
    ap.add_argument("--seed", type=int, default=18)
    args = ap.parse_args(argv)

    names = list(CORE)
    cache = Path(args.cache) if args.cache else None
    if cache is not None and cache.exists() and json.loads(cache.read_text())["features"] == names:
        records = json.loads(cache.read_text())["records"]
        print(f"features read from {cache}")
    else:
        records = []
        for gold, db in args.set:
            records += collect(gold, db, set(args.exclude_tag), dense=not args.no_dense)
        if cache is not None:
            cache.write_text(json.dumps({"features": names, "records": records}))
    if not any(y for r in records for y in r["y"]):
        raise SystemExit("no candidate sentence lies in a gold unit: nothing to learn from")

    folds = max(2, min(args.folds, len(records)))
    best = None
    for l2 in L2_CHOICES:
        probs = out_of_fold(records, l2, folds, args.seed)
        t, s, c, sc = choose(records, probs)
        print(f"l2={l2}: threshold {t}, second {s}, least coverage {c}: {sc}")
        if best is None or sc["utility"] > best[0]:
            best = (sc["utility"], l2, t, s, c, probs)
    assert best is not None
    _, l2, threshold, second, min_coverage, probs = best
    by_set = {name: score([r for r in records if r["set"] == name],
                          [p for r, p in zip(records, probs) if r["set"] == name], threshold, second, min_coverage)
              for name in sorted({r["set"] for r in records})}
    for name, sc in by_set.items():
        print(f"cross-validated, {name}: {sc}")
    mean, scale, coef, b = fit(*_stack(records), l2)
    sets = {name: sum(1 for r in records if r["set"] == name) for name in by_set}
    about = {
        "trained_on": {name: f"{n} questions" for name, n in sets.items()},
        "excluded_tags": args.exclude_tag, "retrieval": "lexical" if args.no_dense else "hybrid",
        "candidates": sum(len(r["y"]) for r in records), "positives": int(sum(sum(r["y"]) for r in records)),
        "date": datetime.date.today().isoformat(), "seed": args.seed, "folds": folds, "l2": l2,
        "utility": f"+1 answered on gold, +1 unanswerable abstained, -{UTILITY_WRONG} per citation off gold; "
                   f"unanswerable questions weighted to {NONE_SHARE:.0%} of the questions",
        "cross_validated": by_set,
    }
    weights = LearnedWeights(tuple(names), mean, scale, coef, b, threshold, second, min_coverage, about)
    Path(args.out).write_text(json.dumps(weights.to_json(), indent=1) + "\n", encoding="utf-8")
    print(f"wrote {args.out}: l2 {l2}, threshold {threshold}, second {second}, least coverage {min_coverage}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
