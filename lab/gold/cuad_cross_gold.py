"""Write multi-document gold questions over the nine CUAD contracts from CUAD's own clause labels.

For each category below, every contract whose CUAD row holds clause text for it is gold: the clause text is
located in the contract's canonical text (whitespace-insensitive) and the smallest citable unit holding it named
by its label.  Contracts with no such clause are in the question's scope but not in its gold, so coverage asks
the answer to cite exactly the contracts that have one.

    .venv/bin/python -m lab.gold.cuad_cross_gold [--corpus ../shared/corpus] > /tmp/cross.jsonl

The output was reviewed by hand before it went into eval/dev.jsonl.
"""

from __future__ import annotations

import argparse
import ast
import csv
import json
import re
import sys
import tempfile
from pathlib import Path

from pincite.ingest import ingest_paths
from pincite.store.sqlite import SQLiteStore

CATEGORIES = [
    ("cross-governing-law", "Governing Law", "Which law governs each of these agreements?"),
    ("cross-expiration", "Expiration Date", "When does each of these agreements expire, and for how long does it run?"),
    ("cross-renewal", "Renewal Term", "Which of these agreements renew automatically, and for what renewal term?"),
    ("cross-audit", "Audit Rights", "Which of these agreements give a party the right to audit or inspect the other's books and records?"),
    ("cross-assignment", "Anti-Assignment", "Can a party assign these agreements without the other party's consent?"),
    ("cross-cap", "Cap On Liability", "Which of these agreements cap or limit a party's liability for damages?"),
    ("cross-insurance", "Insurance", "Which of these agreements require a party to maintain insurance?"),
    ("cross-non-compete", "Non-Compete", "Which of these agreements restrict a party from competing?"),
]


def words(s: str) -> list[str]:
    return re.findall(r"\S+", s)


def locate(text: str, clause: str) -> tuple[int, int] | None:
    ws = words(clause)[:25]
    if len(ws) < 4:
        return None
    m = re.search(r"\s+".join(re.escape(w) for w in ws), text)
    return (m.start(), m.end()) if m else None


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--corpus", default=str(Path(__file__).resolve().parents[3] / "shared" / "corpus"))
    args = ap.parse_args()
    corpus = Path(args.corpus)
    txt = corpus / "contracts_cuad" / "txt"
    with tempfile.TemporaryDirectory() as tmp:
        store = SQLiteStore(Path(tmp) / "cuad.db")
        rep = ingest_paths(store, [txt])
        if rep.failed:
            print("\n".join(r.error or "" for r in rep.failed), file=sys.stderr)
            return 1
        docs = {Path(s.source).stem: store.get_document(s.id) for s in store.list_documents()}
        rows = list(csv.DictReader(open(corpus / "contracts_cuad" / "cuad_master_clauses_subset.csv", newline="")))
        scope = sorted(f"contracts_cuad/txt/{name}.txt" for name in docs)
        for qid, column, question in CATEGORIES:
            gold = []
            for row in rows:
                name = row["Filename"].rsplit(".", 1)[0]
                doc = docs.get(name)
                if doc is None:
                    continue
                try:
                    clauses = ast.literal_eval(row[column]) if row[column].strip() else []
                except (ValueError, SyntaxError):
                    clauses = []
                for clause in clauses:
                    hit = locate(doc.text, clause)
                    if hit is None:
                        continue
                    s, e = hit
                    units = [u for u in doc.units if u.citable and u.char_start <= s and e <= u.char_end
                             and u.kind.value != "heading"]
                    if not units:
                        continue
                    u = min(units, key=lambda x: x.char_end - x.char_start)
                    quote = " ".join(doc.text[s:e].split()[:14])
                    gold.append({"source": f"contracts_cuad/txt/{name}.txt", "unit": u.label or u.number,
                                 "quote": quote})
                    break  # one gold unit per contract
            print(json.dumps({"id": qid, "question": question, "as_of": None, "gold": gold, "kind": "contract",
                              "tags": ["contract", "cross-document", column.lower().replace(" ", "-")],
                              "scope": scope}, ensure_ascii=False))
        store.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
