"""Complete a training gold file's answers by adjudicating the ranker's disagreements with it (issue 27).

Each training question was written with one gold unit, but a judgment states its holding more than once (the
opening summary and the closing paragraph), and a contract may say the same thing in two clauses. A sentence
of such a second unit is labelled *wrong* in training, so the ranker learns to avoid answers that are right
and the abstention model learns that a correct top candidate is a miss. This is TREC-style pooling: the units
the ranker put first, out of fold, where they are not gold, are read by a person (or a helper session) beside
the gold unit, and a unit that states the same answer becomes an ``alternatives`` entry of that gold entry
(citing either counts once, as for a contract stored from two files). Training and dev gold only; a held-out
gold file is refused.

    .venv/bin/python -m lab.adjudicate pairs lab/data/train.jsonl --oof OOF.jsonl --db all.db \\
        --out pairs.jsonl [--batches 6]
    # each batch read and answered: one verdict line per pair (see VERDICT below)
    .venv/bin/python -m lab.adjudicate merge lab/data/train.jsonl --verdicts V1.jsonl ... \\
        --pairs pairs.jsonl --db all.db --out lab/data/train.jsonl

``pairs`` writes one line per (question, non-gold top unit) from ``lab/train_ranker.py --oof``'s records of
that gold file (every store it was asked over, scoped or not); ``merge`` adds each unit judged to state the
answer as an alternative, after checking that its quote is in that unit (the same check as
``lab/gold/check_gold.py``), and says how many were added, refused and why.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

from lab.small_stores import origin  # (a part's set name -> the gold file it was split from)

#: what a verdict line holds: the pair's id, "same" (the candidate unit states the gold answer: a lawyer could
#: cite it for this question instead of the gold unit) or "no", and for "same" the candidate unit's label and
#: words copied exactly from it that state the answer
VERDICT = {
    "pair": "p0001",
    "verdict": "same|no",
    "unit": "[14]",
    "quote": "exact words from that unit",
    "why": "...",
}

#: the longest unit text a pair shows (a reader judges the unit, not a whole schedule)
MAX_UNIT_CHARS = 2500


def _text(path: str, what: str) -> str:
    """A file's text, or an exit naming the file and why it cannot be read."""
    try:
        return Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise SystemExit(f"{path}: cannot read {what}: {getattr(e, 'strerror', None) or e}") from None


def _json_lines(path: str, what: str) -> list[dict[str, Any]]:
    """Each JSON line of a file (``//`` header lines skipped), or an exit naming the file and the line."""
    out = []
    for n, line in enumerate(_text(path, what).splitlines(), 1):
        if not line.strip() or line.startswith("//"):
            continue
        try:
            out.append(json.loads(line))
        except json.JSONDecodeError as e:
            raise SystemExit(f"{path}:{n}: {what} line is not JSON ({e})") from None
    return out


def _refuse_heldout(gold_path: str) -> None:
    if "heldout" in Path(gold_path).name:
        raise SystemExit(f"{gold_path}: the held-out set is never adjudicated or trained on")


def _relative_source(source: str, root: Path) -> str:
    try:
        return str(Path(source).resolve().relative_to(root.resolve()))
    except ValueError:
        return source


def _unit_view(doc: Any, ordinal: int) -> dict[str, Any]:
    u = doc.units[ordinal]
    text = doc.unit_text(u)
    view = {
        "label": u.label or u.number,
        "text": text[:MAX_UNIT_CHARS] + (" …" if len(text) > MAX_UNIT_CHARS else ""),
    }
    if (
        u.author or u.role
    ):  # whose reasons, and their part in the outcome: a dissent does not state the holding
        view["judge"] = f"{u.author or 'unknown'} ({u.role.value if u.role else 'role unknown'})"
    return view


def _key(pair: dict[str, Any]) -> tuple[str, str, str]:
    return pair["id"], pair["candidate"]["source"], str(pair["candidate"]["units"][0]["label"])


def make_pairs(
    gold_path: str,
    oof_path: str,
    db: str,
    root: Path,
    seen: set[tuple[str, str, str]] = frozenset(),
    prefix: str = "p",
) -> list[dict[str, Any]]:
    from pincite.evaluation.gold import DocumentFinder, GoldError, read_gold, resolve_question
    from pincite.open import open_store

    _refuse_heldout(gold_path)
    try:
        oof = json.loads(_text(oof_path, "the --oof records"))  # train_ranker.py --oof: one JSON list
    except json.JSONDecodeError as e:
        raise SystemExit(f"{oof_path}: the --oof records are not JSON ({e})") from None
    try:
        questions = {q.id: q for q in read_gold(gold_path)}
    except GoldError as e:
        raise SystemExit(str(e)) from None
    want = Path(gold_path).name
    tops: dict[str, set[str]] = defaultdict(set)
    for row in oof:
        if origin(row["set"]) != want or row["kind"] == "none" or row["top_on_gold"] or not row["top_unit"]:
            continue
        tops[row["id"]].add(row["top_unit"])
    store = open_store(db)
    finder = DocumentFinder(store)
    pairs = []
    try:
        for qid in sorted(tops):
            q = questions.get(qid)
            if q is None:
                continue
            golds = []
            gold_units = set()
            for g in resolve_question(finder, q):
                for t in g.targets:
                    gold_units.add(f"{t.doc_id}#{t.unit}")
                    golds.append(
                        {
                            "source": g.ref.source,
                            "quote": g.ref.quote,
                            **_unit_view(finder.get(t.doc_id), t.unit),
                        }
                    )
            for top in sorted(tops[qid]):
                doc_id, _, ordinal = top.rpartition("#")
                if (
                    top in gold_units
                    or int(ordinal) < 0
                    or doc_id not in {u.rpartition("#")[0] for u in gold_units}
                ):
                    continue  # another document's unit is another answer, not the same one restated
                doc = finder.get(doc_id)
                chunk = next(
                    (c for c in store.get_chunks(doc_id) if c.units and c.units[0] == int(ordinal)), None
                )
                ordinals = list(chunk.units) if chunk is not None else [int(ordinal)]
                units = [_unit_view(doc, o) for o in ordinals if f"{doc_id}#{o}" not in gold_units]
                if not units:
                    continue
                pair = {
                    "pair": f"{prefix}{len(pairs) + 1:04d}",
                    "id": qid,
                    "kind": q.kind.value,
                    "question": q.question,
                    "as_of": q.as_of,
                    "gold": golds,
                    "candidate": {
                        "source": _relative_source(doc.source, root),
                        "title": doc.title,
                        "units": units,
                    },
                }
                if _key(pair) not in seen:  # read in an earlier round
                    pairs.append(pair)
    finally:
        store.close()
    return pairs


def _nested(finder: Any, row: dict[str, Any], alt: dict[str, Any], where: str) -> list[str]:
    """Why ``alt`` is no second statement of the answer: its unit holds a gold unit (a clause around the gold
    sub-clause, a section around the gold subsection) or lies inside one: the same words, pinpointed less or
    more precisely, which a citation of the gold unit already covers."""
    from pincite.evaluation.gold import parse_gold_line, resolve_question

    alone = {**row, "gold": [{**alt}]}
    mine = [t for g in resolve_question(finder, parse_gold_line(json.dumps(row), where)) for t in g.targets]
    for t in (
        t for g in resolve_question(finder, parse_gold_line(json.dumps(alone), where)) for t in g.targets
    ):
        for m in mine:
            if t.doc_id == m.doc_id and (
                t.unit_start <= m.unit_start
                and m.unit_end <= t.unit_end
                or m.unit_start <= t.unit_start
                and t.unit_end <= m.unit_end
            ):
                return [f"{alt['unit']} and the gold {m.label} nest: the same place, not a second statement"]
    return []


def merge(gold_path: str, verdict_paths: list[str], pairs_paths: list[str], db: str, out: str) -> int:
    from pincite.evaluation.gold import DocumentFinder, GoldError, parse_gold_line, resolve_question
    from pincite.open import open_store

    _refuse_heldout(gold_path)
    pairs = {p["pair"]: p for path in pairs_paths for p in _json_lines(path, "a pairs")}
    verdicts: dict[str, dict[str, Any]] = {}
    for vp in verdict_paths:
        for n, line in enumerate(_text(vp, "verdicts").splitlines(), 1):
            if not line.strip():
                continue
            try:
                v = json.loads(line)
            except json.JSONDecodeError as e:
                print(f"{vp}:{n}: not JSON ({e}); skipped", file=sys.stderr)
                continue
            if isinstance(v, dict) and v.get("pair") in pairs:
                verdicts[v["pair"]] = v
    head = [line for line in _text(gold_path, "the gold file").splitlines() if line.startswith("//")]
    rows = _json_lines(gold_path, "a gold")
    by_id = {r["id"]: r for r in rows}
    store = open_store(db)
    finder = DocumentFinder(store)
    added = kept = refused = same = 0
    try:
        for pid, v in sorted(verdicts.items()):
            if str(v.get("verdict", "")).lower() != "same":
                continue
            same += 1
            p = pairs[pid]
            row = by_id.get(p["id"])
            if row is None or not row.get("gold"):
                continue
            alt = {
                "source": p["candidate"]["source"],
                "unit": str(v.get("unit", "")),
                "quote": str(v.get("quote", "")),
            }
            entry = row["gold"][0]
            if any(
                a["source"] == alt["source"] and a["unit"] == alt["unit"]
                for a in entry.get("alternatives", [])
            ):
                kept += 1  # merged in an earlier round
                continue
            trial = {
                **row,
                "gold": [{**entry, "alternatives": [*entry.get("alternatives", []), alt]}, *row["gold"][1:]],
            }
            try:
                errors = [
                    g.error
                    for g in resolve_question(finder, parse_gold_line(json.dumps(trial), gold_path))
                    if g.error
                ]
                if not errors:
                    errors = _nested(finder, row, alt, gold_path)
            except GoldError as e:
                errors = [str(e)]
            if errors:
                refused += 1
                print(f"{pid} ({p['id']}): refused: {errors[0]}", file=sys.stderr)
                continue
            row["gold"] = trial["gold"]
            added += 1
    finally:
        store.close()
    note = (
        f"// Alternatives: {added + kept} alternative units added to gold entries by lab/adjudicate.py "
        f"(pooling: the ranker's out-of-fold top units that were not gold, each read beside the gold unit; "
        f"{same} judged to state the same answer, {refused} refused by the quote check or as nesting a gold "
        f"unit; {len(verdicts)} pairs read)."
    )
    head = [h for h in head if not h.startswith("// Alternatives:")] + [note]
    tmp = Path(out).with_name(
        Path(out).name + ".tmp"
    )  # written whole, then put in place: never half a gold file
    tmp.write_text(
        "\n".join(head + [json.dumps(r, ensure_ascii=False) for r in rows]) + "\n", encoding="utf-8"
    )
    tmp.replace(out)
    print(note[3:])
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("pairs")
    p.add_argument("gold")
    p.add_argument("--oof", required=True)
    p.add_argument("--db", required=True)
    p.add_argument(
        "--root",
        default=str(Path(__file__).resolve().parent.parent.parent / "shared"),
        help="the folder gold sources are relative to",
    )
    p.add_argument("--out", required=True)
    p.add_argument("--batches", type=int, default=1)
    p.add_argument(
        "--seen",
        nargs="*",
        default=[],
        help="earlier rounds' pairs files: a pair read there is not shown again",
    )
    p.add_argument("--prefix", default="p", help="the pair ids' prefix (unique across rounds)")
    m = sub.add_parser("merge")
    m.add_argument("gold")
    m.add_argument("--verdicts", nargs="+", required=True)
    m.add_argument("--pairs", nargs="+", required=True)
    m.add_argument("--db", required=True)
    m.add_argument("--out", required=True)
    a = ap.parse_args(argv)
    if a.cmd == "merge":
        return merge(a.gold, a.verdicts, a.pairs, a.db, a.out)
    seen = {_key(p) for f in a.seen for p in _json_lines(f, "an earlier round's pairs")}
    pairs = make_pairs(a.gold, a.oof, a.db, Path(a.root), seen, a.prefix)
    out = Path(a.out)
    out.write_text("".join(json.dumps(p, ensure_ascii=False) + "\n" for p in pairs), encoding="utf-8")
    if a.batches > 1:
        for b in range(a.batches):
            part = out.with_name(f"{out.stem}.{b + 1}{out.suffix}")
            part.write_text(
                "".join(json.dumps(p, ensure_ascii=False) + "\n" for p in pairs[b :: a.batches]),
                encoding="utf-8",
            )
    kinds: dict[str, int] = defaultdict(int)
    for p in pairs:
        kinds[p["kind"]] += 1
    print(f"{len(pairs)} pairs for {len({p['id'] for p in pairs})} questions ({dict(kinds)}) -> {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
