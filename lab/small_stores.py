"""Split a training gold file into parts asked over stores of the size a user has (issue 27).

    .venv/bin/python -m lab.small_stores lab/data/train.jsonl --corpus ../shared/corpus --sources 28 --out DIR

The ranker was trained on questions asked over one store of the whole corpus and bulk (~1,000 documents); a user
asks over their own documents, and the held-out set is asked over the corpus and the 28 bulk files it names (what
``pincite eval --corpus`` builds).  A question's candidates, ranks and scores — and so what the abstention model
reads — depend on what else is stored.  This writes the questions again as parts, ``DIR/STEM@gNN.jsonl``, each with
the store ``DIR/STEM@gNN.db`` that ``pincite eval --corpus`` would build for it: the corpus plus the sources the
part's questions name (about ``--sources`` of them; a question's sources always fall in one part, and an unanswerable
question, which names none, goes to a part at random).  ``lab/train_ranker.py`` keeps a part's question in the same
fold as the question of ``STEM.jsonl`` (:func:`origin`).  Training and dev gold only.
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import sys
import time
from pathlib import Path


def origin(set_name: str) -> str:
    """The gold file a part was split from: ``train@g03.jsonl`` (and its ``#scoped`` asks) -> ``train.jsonl``."""
    base = set_name.split("#")[0]
    stem, _, rest = base.partition("@")
    return stem + Path(rest).suffix if rest else base


def _components(questions: list[dict]) -> list[tuple[set[str], list[dict]]]:
    """Questions joined by the sources they name (gold, alternatives, scope): each component's sources and
    questions, in first-seen order."""
    parent: dict[str, str] = {}

    def find(s: str) -> str:
        while parent.setdefault(s, s) != s:
            parent[s] = parent[parent[s]]
            s = parent[s]
        return s

    named = []
    for q in questions:
        refs = [x for g in q.get("gold", []) for x in (g, *g.get("alternatives", []))]
        srcs = [r["source"] for r in refs] + list(q.get("scope", []))
        named.append(srcs)
        for a, b in zip(srcs, srcs[1:]):
            parent[find(a)] = find(b)
        for s in srcs:
            find(s)
    comps: dict[str, tuple[set[str], list[dict]]] = {}
    for q, srcs in zip(questions, named):
        if srcs:
            c = comps.setdefault(find(srcs[0]), (set(), []))
            c[0].update(srcs)
            c[1].append(q)
    return list(comps.values())


def main(argv: list[str] | None = None) -> int:
    from pincite.evaluation.gold import GoldError, read_gold
    from pincite.evaluation.runs import ingest_corpus
    from pincite.open import open_store

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("gold")
    ap.add_argument("--corpus", required=True)
    ap.add_argument("--sources", type=int, default=28, help="sources named by each part's questions (about)")
    ap.add_argument("--seed", type=int, default=27)
    ap.add_argument("--out", required=True)
    a = ap.parse_args(argv)
    if "heldout" in Path(a.gold).name:
        raise SystemExit(f"{a.gold}: the held-out set is for the final report, not for training")
    try:
        read_gold(a.gold)  # a malformed line is named (file and line) before anything is written
        if not Path(a.corpus).is_dir():
            raise GoldError(f"{a.corpus}: corpus folder not found")
    except GoldError as e:
        raise SystemExit(f"small_stores: {e}") from None
    text = Path(a.gold).read_text(encoding="utf-8").splitlines()
    header = [line for line in text if line.startswith("//")]
    questions = [json.loads(line) for line in text if line.strip() and not line.startswith("//")]
    rng = random.Random(a.seed)
    comps = _components(questions)
    rng.shuffle(comps)
    parts: list[tuple[set[str], list[dict]]] = []
    for srcs, qs in comps:  # fill a part until it names about --sources sources
        if not parts or len(parts[-1][0]) >= a.sources:
            parts.append((set(), []))
        parts[-1][0].update(srcs)
        parts[-1][1].extend(qs)
    for q in questions:
        if not q.get("gold") and not q.get("scope"):
            parts[rng.randrange(len(parts))][1].append(q)
    out = Path(a.out)
    out.mkdir(parents=True, exist_ok=True)
    stem = Path(a.gold).stem
    base = out / f"{stem}@base.db"
    if not base.exists():  # the corpus ingested once; each part's store starts as a copy of it
        store = open_store(str(base))
        ingest_corpus(store, a.corpus)
        store.close()
    order = {id(q): n for n, q in enumerate(questions)}
    for n, (srcs, qs) in enumerate(parts):
        t0 = time.time()
        name = f"{stem}@g{n:02d}"
        gold = out / f"{name}.jsonl"
        gold.write_text("\n".join(header + [f"// part {n} of {len(parts)} (lab/small_stores.py, seed {a.seed}): "
                                            f"{len(qs)} questions naming {len(srcs)} sources; store {name}.db"]
                                  + [json.dumps(q, ensure_ascii=False) for q in sorted(qs, key=lambda q: order[id(q)])])
                        + "\n", encoding="utf-8")
        db = out / f"{name}.db"
        for p in (db, db.with_name(db.name + ".index")):
            if p.is_dir():
                shutil.rmtree(p)
            elif p.exists():
                p.unlink()
        shutil.copyfile(base, db)
        if base.with_name(base.name + ".index").is_dir():
            shutil.copytree(base.with_name(base.name + ".index"), db.with_name(db.name + ".index"))
        store = open_store(str(db))
        ingest_corpus(store, a.corpus, [(str(gold), read_gold(str(gold)))])
        docs = len(store.list_documents())
        store.close()
        print(f"{gold}: {len(qs)} questions, {len(srcs)} sources; {db}: {docs} documents ({time.time() - t0:.0f} s)",
              flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
