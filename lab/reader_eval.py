"""Score the reader attempt's candidates with the int8 ONNX cross-encoder, then test it as a ranker feature.

    /work/torchenv/bin/python -m lab.reader_eval score --model /tmp/27/reader.int8.onnx \\
        --cands /tmp/27/cands.jsonl --out /tmp/27/scored.jsonl
    /work/torchenv/bin/python -m lab.reader_eval cv --scored /tmp/27/scored.jsonl

``cv``: LightGBM LambdaRank (the ranker generator's parameters, lab/train_ranker.py) over the questions the
reader never trained on — fold B of lab/data/train.jsonl, eval/dev.jsonl, LegalBench-RAG mini dev — in five folds
grouped by question (seed 27), for four feature sets: the ranker's features; + the bi-encoder similarity; + the
cross-encoder's score; + both.  Figures: precision@1 (the top candidate lies on gold) over answerable questions
that have a candidate, and MRR.  Then the same four models fitted on all those questions are applied to
LegalBench-RAG mini **test** (never tuned on), beside each score alone and retrieval order.  Held-out questions
are never in the candidate file (lab/reader_attempt.py refuses them).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import numpy as np

from lab.reader_train import tokenizer

PARAMS = {"objective": "lambdarank", "learning_rate": 0.05, "num_leaves": 15, "min_data_in_leaf": 20,
          "feature_fraction": 0.8, "bagging_fraction": 0.8, "bagging_freq": 1, "lambdarank_truncation_level": 10,
          "verbose": -1, "num_threads": 2, "deterministic": True, "force_row_wise": True, "seed": 27}
ROUNDS = 150


def score(a: argparse.Namespace) -> int:
    import onnxruntime as ort

    opts = ort.SessionOptions()
    opts.intra_op_num_threads = 2
    sess = ort.InferenceSession(a.model, opts, providers=["CPUExecutionProvider"])
    tok = tokenizer()  # the training's own: same file, truncation and padding
    n_pairs, t0 = 0, time.time()
    with open(a.out, "w", encoding="utf-8") as out:
        for line in open(a.cands, encoding="utf-8"):
            r = json.loads(line)
            if r["set"] == "train.jsonl" and r["fold"] == "A":
                continue  # trained on: not measured
            cands = r["cands"]
            for lo in range(0, len(cands), 32):
                chunk = cands[lo: lo + 32]
                enc = tok.encode_batch([(r["question"], c["ctx"]) for c in chunk])
                feed = {"input_ids": np.array([e.ids for e in enc], dtype=np.int64),
                        "attention_mask": np.array([e.attention_mask for e in enc], dtype=np.int64),
                        "token_type_ids": np.array([e.type_ids for e in enc], dtype=np.int64)}
                for c, s in zip(chunk, sess.run(None, feed)[0].tolist()):
                    c["ce"] = float(s)
                n_pairs += len(chunk)
            out.write(json.dumps(r) + "\n")
    dt = time.time() - t0
    print(f"{n_pairs} pairs in {dt:.0f} s: {n_pairs / dt:.1f} pairs/s")
    return 0


def _matrix(r: dict, extra: tuple[str, ...]) -> np.ndarray:
    rows = []
    for c in r["cands"]:
        row = list(c["x"])
        for name in extra:
            row.append(float(c[name]) if name != "rank" else 1.0 / (1 + c["rank"]))
        rows.append(row)
    return np.array(rows, dtype=float)


def _fit(records: list[dict], extra: tuple[str, ...]):  # type: ignore[no-untyped-def]
    import lightgbm as lgb

    x = np.vstack([_matrix(r, extra) for r in records])
    y = np.array([c["y"] for r in records for c in r["cands"]], dtype=float)
    return lgb.train(PARAMS, lgb.Dataset(x, y, group=[len(r["cands"]) for r in records]), num_boost_round=ROUNDS)


def _p1(records: list[dict], scores: list[np.ndarray]) -> tuple[float, float, int]:
    hits, rr = 0, 0.0
    for r, s in zip(records, scores):
        order = np.argsort(-s, kind="stable")
        ys = [r["cands"][i]["y"] for i in order]
        hits += ys[0]
        rr += next((1.0 / (k + 1) for k, y in enumerate(ys) if y), 0.0)
    n = max(1, len(records))
    return hits / n, rr / n, len(records)


FEATURE_SETS = {"ranker features": (), "+ bi-encoder": ("bi",), "+ cross-encoder": ("ce",),
                "+ both": ("bi", "ce")}


def cv(a: argparse.Namespace) -> int:
    recs = [json.loads(line) for line in open(a.scored, encoding="utf-8")]
    usable = [r for r in recs if r["cands"] and any(c["y"] for c in r["cands"])]

    def part(r: dict) -> str:
        if r["set"] == "train.jsonl":
            return "train-B" if r["fold"] == "B" else "train-A"
        if r["set"] == "dev.jsonl":
            return "dev"
        return "lb-test" if "test" in r["tags"] else "lb-dev"

    pool = [r for r in usable if part(r) in ("train-B", "dev", "lb-dev")]
    test = [r for r in usable if part(r) == "lb-test"]
    print(f"questions with a gold candidate: train-B {sum(part(r) == 'train-B' for r in pool)}, dev "
          f"{sum(part(r) == 'dev' for r in pool)}, LB dev {sum(part(r) == 'lb-dev' for r in pool)}, LB test {len(test)}")
    print(f"answerable questions with no gold candidate (excluded): "
          f"{sum(1 for r in recs if r['answerable'] and r not in usable)}")
    rng = np.random.default_rng(27)
    folds = rng.permutation(len(pool)) % 5
    print("\n| feature set | CV P@1 all | MRR | train-B | dev | LB dev | LB test P@1 | LB test MRR |")
    print("|---|---|---|---|---|---|---|---|")
    for name, extra in FEATURE_SETS.items():
        oof: list[np.ndarray] = [np.zeros(0)] * len(pool)
        for k in range(5):
            tr = [r for r, f in zip(pool, folds) if f != k]
            model = _fit(tr, extra)
            for i, (r, f) in enumerate(zip(pool, folds)):
                if f == k:
                    oof[i] = model.predict(_matrix(r, extra))
        p, mrr, _ = _p1(pool, oof)
        by = {}
        for pname in ("train-B", "dev", "lb-dev"):
            idx = [i for i, r in enumerate(pool) if part(r) == pname]
            by[pname] = _p1([pool[i] for i in idx], [oof[i] for i in idx])[0]
        model = _fit(pool, extra)
        tp, tmrr, _ = _p1(test, [model.predict(_matrix(r, extra)) for r in test])
        print(f"| {name} | {p:.3f} | {mrr:.3f} | {by['train-B']:.3f} | {by['dev']:.3f} | {by['lb-dev']:.3f} "
              f"| {tp:.3f} | {tmrr:.3f} |")
    print("\nscores alone (no training):")
    for label, key in (("retrieval order", "rank"), ("bi-encoder", "bi"), ("cross-encoder", "ce")):
        sign = -1.0 if key == "rank" else 1.0
        for pname, rs in (("CV pool", pool), ("LB test", test)):
            p, mrr, n = _p1(rs, [sign * np.array([c[key] for c in r["cands"]], dtype=float) for r in rs])
            print(f"  {label:16s} {pname:8s} P@1 {p:.3f} MRR {mrr:.3f} (n={n})")
    # passages reranked: a passage's score is its best sentence's; label: it holds a gold sentence
    print("\npassage order on LB test (P@1 of the first passage holding a gold candidate):")
    for label, key in (("retrieval", "rank"), ("bi-encoder", "bi"), ("cross-encoder", "ce")):
        hits = 0
        for r in test:
            best: dict[tuple[str, int], tuple[float, int]] = {}
            for c in r["cands"]:
                k2 = (c["doc"], c["rank"])
                v = -c["rank"] if key == "rank" else c[key]
                old = best.get(k2, (-1e9, 0))
                best[k2] = (max(old[0], v), max(old[1], c["y"]))
            hits += max(best.values())[1] if best else 0
        print(f"  {label:14s} {hits / max(1, len(test)):.3f} (n={len(test)})")
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    s = sub.add_parser("score")
    s.add_argument("--model", required=True)
    s.add_argument("--cands", required=True)
    s.add_argument("--out", required=True)
    c = sub.add_parser("cv")
    c.add_argument("--scored", required=True)
    a = ap.parse_args(argv)
    return score(a) if a.cmd == "score" else cv(a)


if __name__ == "__main__":
    sys.exit(main())
