"""Training groups for the reader attempt (issue 27, item 3): one positive and a few negatives per question.

    .venv/bin/python -m lab.reader_pairs --cands /tmp/27/cands.jsonl --out /tmp/27/groups.jsonl

Two sources:
- CUAD's clause annotations (../shared/benchmarks/cuad-annotations/master_clauses.csv): a category asked as a
  user would ask it (:data:`CATEGORY_QUESTIONS`), a highlighted clause as the positive, and sentences of the same
  contract that hold none of that category's clauses as negatives (the three sharing most words with the question,
  then two at random).  Categories whose answer is the preamble (document name, parties, dates) are left out: trained
  on them, the issue's pilot ranked the preamble first for every question.  No contract that any gold file names
  (dev, train, held-out, multipart) is used, and the CSV already leaves out LegalBench-RAG mini's contracts.
- fold A of lab/data/train.jsonl (``fold_of`` of lab/reader_attempt.py, commit ef74d00): the engine's own candidates,
  every gold sentence a positive, the five best-retrieved others the negatives.  Fold B, dev and LegalBench-RAG are
  never trained on: they are what the reader is measured on.
"""

from __future__ import annotations

import argparse
import ast
import csv
import json
import random
import re
import sys
from pathlib import Path

SHARED = Path(__file__).resolve().parents[1].parent / "shared"

#: CUAD category -> the question a user would ask of a contract about it (CUAD's README defines each category).
CATEGORY_QUESTIONS = {
    "Expiration Date": "When does the initial term of the agreement expire?",
    "Renewal Term": "Does the agreement renew automatically, and for how long?",
    "Notice Period To Terminate Renewal": "How much notice is needed to stop the agreement from renewing?",
    "Governing Law": "Which law governs the agreement?",
    "Most Favored Nation": "Is there a most favoured nation clause giving better terms offered to others?",
    "Competitive Restriction Exception": "What exceptions are there to the non-compete or exclusivity?",
    "Non-Compete": "Is a party restricted from competing?",
    "Exclusivity": "Is the relationship exclusive?",
    "No-Solicit Of Customers": "Can a party solicit the other party's customers?",
    "No-Solicit Of Employees": "Can a party hire or solicit the other party's employees?",
    "Non-Disparagement": "Is a party forbidden to disparage the other?",
    "Termination For Convenience": "Can the agreement be terminated without cause, for convenience?",
    "Rofr/Rofo/Rofn": "Does a party have a right of first refusal, offer or negotiation?",
    "Change Of Control": "What happens if a party undergoes a change of control?",
    "Anti-Assignment": "Can a party assign the agreement without consent?",
    "Revenue/Profit Sharing": "Do the parties share revenue or profits?",
    "Price Restrictions": "Are there restrictions on raising or lowering prices?",
    "Minimum Commitment": "Is there a minimum purchase or commitment?",
    "Volume Restriction": "Is there a limit on volume or quantity?",
    "Ip Ownership Assignment": "Who owns intellectual property created under the agreement?",
    "Joint Ip Ownership": "Is any intellectual property jointly owned?",
    "License Grant": "What licence is granted?",
    "Non-Transferable License": "Can the licence be transferred or sublicensed?",
    "Affiliate License-Licensor": "Does the licence include the licensor's affiliates' rights?",
    "Affiliate License-Licensee": "Can the licensee's affiliates use the licence?",
    "Unlimited/All-You-Can-Eat-License": "Is the licence unlimited in use or number of users?",
    "Irrevocable Or Perpetual License": "Is the licence irrevocable or perpetual?",
    "Source Code Escrow": "Is source code held in escrow?",
    "Post-Termination Services": "What must a party do after the agreement ends?",
    "Audit Rights": "Can a party audit the other's books and records?",
    "Uncapped Liability": "Is any liability uncapped?",
    "Cap On Liability": "Is liability capped, and at what amount?",
    "Liquidated Damages": "Are there liquidated damages?",
    "Warranty Duration": "How long does the warranty last?",
    "Insurance": "What insurance must a party maintain?",
    "Covenant Not To Sue": "Has a party agreed not to sue or challenge the other's rights?",
    "Third Party Beneficiary": "Are there third-party beneficiaries?",
}

_WORD = re.compile(r"[a-z]{3,}")


def _words(s: str) -> set[str]:
    return set(_WORD.findall(s.lower()))


def gold_sources(eval_dir: Path) -> set[str]:
    """Every file stem any gold file of the project names (those contracts are never trained on)."""
    stems = set()
    for path in eval_dir.glob("*.jsonl"):
        for m in re.finditer(r'"source":\s*"([^"]+)"', path.read_text(encoding="utf-8")):
            stems.add(Path(m.group(1)).stem)
    return stems


def cuad_groups(rng: random.Random, limit: int, excluded: set[str]) -> list[dict]:
    from pincite.legal.sentences import sentence_spans

    csv.field_size_limit(1 << 30)
    rows = list(csv.DictReader((SHARED / "benchmarks/cuad-annotations/master_clauses.csv").open(encoding="utf-8")))
    txt_dir = SHARED / "bulk/cuad_v1_txt"
    groups = []
    for row in rows:
        stem = Path(row["Filename"]).stem
        path = txt_dir / f"{stem}.txt"
        if stem in excluded or not path.exists():
            continue
        text = path.read_text(encoding="utf-8", errors="replace")
        sents = [" ".join(text[s:e].split()) for s, e in sentence_spans(text, 0, len(text))]
        sents = [s for s in sents if 40 <= len(s) <= 600]
        title = " ".join((row.get("Document Name-Answer") or stem).split())[:120]
        for cat, question in CATEGORY_QUESTIONS.items():
            try:
                clauses = [c for c in ast.literal_eval(row.get(cat) or "[]") if len(c) >= 30]
            except (ValueError, SyntaxError):
                continue
            if not clauses:
                continue
            norm = [" ".join(c.split()) for c in clauses]
            negs = [s for s in sents if not any(s[:60] in c or c[:60] in s for c in norm)]
            if len(negs) < 5:
                continue
            qw = _words(question)
            hard = sorted(negs, key=lambda s: -len(qw & _words(s)))[:3]
            rest = [s for s in negs if s not in hard]
            neg = hard + rng.sample(rest, min(2, len(rest)))
            pos = rng.choice(norm)[:600]
            groups.append({"source": "cuad", "question": question, "pos": [f"{title}. {pos}"],
                           "neg": [f"{title}. {s}" for s in neg]})
    rng.shuffle(groups)
    return groups[:limit]


def train_groups(cands_path: Path) -> list[dict]:
    groups = []
    for line in cands_path.open(encoding="utf-8"):
        r = json.loads(line)
        if r["set"] != "train.jsonl" or r["fold"] != "A" or not r["cands"]:
            continue
        pos = [c["ctx"] for c in r["cands"] if c["y"]]
        if not pos:
            continue
        neg = [c["ctx"] for c in sorted(r["cands"], key=lambda c: c["rank"]) if not c["y"]][:5]
        if neg:
            groups.append({"source": "train-A", "question": r["question"], "pos": pos[:2], "neg": neg})
    return groups


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cands", required=True, type=Path)
    ap.add_argument("--out", required=True, type=Path)
    ap.add_argument("--cuad", type=int, default=1000, help="CUAD groups kept (a seeded sample)")
    ap.add_argument("--seed", type=int, default=27)
    ap.add_argument("--train-repeat", type=int, default=2,
                    help="times each training-question group is listed (they are the questions' own shape)")
    a = ap.parse_args(argv)
    rng = random.Random(a.seed)
    excluded = gold_sources(Path(__file__).resolve().parents[1] / "eval")
    groups = cuad_groups(rng, a.cuad, excluded) + train_groups(a.cands) * a.train_repeat
    rng.shuffle(groups)
    with a.out.open("w", encoding="utf-8") as fh:
        for g in groups:
            fh.write(json.dumps(g) + "\n")
    by = {}
    for g in groups:
        by[g["source"]] = by.get(g["source"], 0) + 1
    print(f"{len(groups)} groups ({by}); {len(excluded)} gold-named files excluded -> {a.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
