"""Check that every gold quote really is in its unit: ``python -m lab.gold.check_gold [GOLD.jsonl] [--corpus DIR | --db FILE]``.

Each gold entry must name a stored document (by its path under the corpus root), a unit printed with that number or
label (one only), and words that are in that unit's text (after normalising whitespace, quote marks and dashes);
a statute asked about on a date must be in force that day.  Without ``--db`` the corpus is ingested into a
temporary database.  Exit status 1 when anything fails, with one line per problem.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent


def main(argv: list[str] | None = None) -> int:
    from pincite.evaluation.gold import check_gold_file, GoldError, read_gold
    from pincite.evaluation.runs import ingest_corpus
    from pincite.open import open_store

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("gold", nargs="?", default=str(HERE.parents[2] / "eval" / "dev.jsonl"))
    ap.add_argument("--corpus", default=str(HERE.parents[2] / "shared" / "corpus"))
    ap.add_argument("--db", default=None, help="a database with the corpus already ingested")
    args = ap.parse_args(argv)
    try:
        questions = read_gold(args.gold)
    except GoldError as e:
        print(f"error: {e}", file=sys.stderr)
        return 1
    with tempfile.TemporaryDirectory() as tmp:
        store = open_store(args.db or Path(tmp) / "gold.db")
        try:
            if args.db is None:
                ingest_corpus(store, args.corpus)
            problems = check_gold_file(store, questions)
        except GoldError as e:
            print(f"error: {e}", file=sys.stderr)
            return 1
        finally:
            store.close()
    refs = sum(len(q.gold) for q in questions)
    for p in problems:
        print(p)
    kinds = {k: sum(1 for q in questions if q.kind.value == k) for k in ("judgment", "statute", "contract", "none")}
    print(f"{len(questions)} questions ({', '.join(f'{k} {v}' for k, v in kinds.items())}), {refs} gold units: "
          f"{'all resolve' if not problems else f'{len(problems)} problem(s)'}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
