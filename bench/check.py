"""How well `pincite check` finds planted citation errors: eval/check/{dev,heldout}/memoNN.md with their sidecars.

    python -m bench.check --db STORE [--set dev|heldout|all] [--show]

A store holding ../shared/corpus (``pincite ingest ../shared/corpus --db STORE``).  Prints, per set: the detection
rate per planted kind (the citation was flagged: any verdict but ``ok``), the exact-verdict rate, the
suggested-pinpoint accuracy on ``wrong-pinpoint``, the false alarm rate on correct citations (the citation was
not ``ok``), citations missed by the finder, and the time to check a 100-citation memo once the store is open.
"""

from __future__ import annotations

import argparse
import datetime
import json
import re
import sys
import time
from collections import Counter
from pathlib import Path

from pincite.answer.citecheck import Checker
from pincite.open import open_store

ROOT = Path(__file__).resolve().parent.parent / "eval" / "check"


def load(set_name: str) -> list[tuple[Path, dict]]:
    sets = ["dev", "heldout"] if set_name == "all" else [set_name]
    out = []
    for s in sets:
        for side in sorted((ROOT / s).glob("memo*.json")):
            out.append((side.with_suffix(".md"), json.loads(side.read_text(encoding="utf-8"))))
    return out


def suggested_right(expected: str, got: dict | None) -> bool:
    """The expected pinpoint ("[62]", "p. 14", "s. 4(1)(b)", "cl. 8.3") is one of the suggestion's parts ("at [62]",
    "¶12, at p. 14")."""
    if not got or not got.get("pinpoint"):
        return False

    def norm(x: str) -> str:
        return re.sub(r"^at", "", re.sub(r"\s+", "", x).casefold())

    return norm(expected) in {norm(part) for part in got["pinpoint"].split(",")}


def run(checker: Checker, items: list[tuple[Path, dict]], show: bool) -> dict:
    planted: Counter[str] = Counter()
    flagged: Counter[str] = Counter()
    exact: Counter[str] = Counter()
    sugg_total = sugg_ok = 0
    ok_total = false_alarms = 0
    missed = 0
    confusion: Counter[tuple[str, str]] = Counter()
    for path, side in items:
        text = path.read_text(encoding="utf-8").rstrip("\n") + "\n"
        report = checker.check_text(text, path.name, datetime.date.fromisoformat(side["as_of"]))
        found = report.results
        for exp in side["citations"]:
            a, b = exp["char_start"], exp["char_end"]
            match = [r for r in found if r.found.char_start < b and a < r.found.char_end]
            want = exp["verdict"]
            if not match:
                missed += 1
                got = "(not found)"
                r = None
            else:
                r = max(match, key=lambda r: min(b, r.found.char_end) - max(a, r.found.char_start))
                got = r.verdict.value
            confusion[(want, got)] += 1
            if want == "ok":
                ok_total += 1
                if got != "ok":
                    false_alarms += 1
            else:
                planted[want] += 1
                if got not in ("ok", "(not found)"):
                    flagged[want] += 1
            if got == want:
                exact[want] += 1
            if want == "wrong-pinpoint":
                sugg_total += 1
                if r is not None and suggested_right(exp["suggested"], r.to_json()["suggested"]):
                    sugg_ok += 1
            if show and got != want:
                det = r.detail[:160] if r is not None else ""
                sg = r.to_json()["suggested"] if r is not None else None
                print(f"  {path.name} want {want:22} got {got:22} {exp['text'][:70]!r} | {det} | "
                      f"{exp.get('suggested')} vs {sg and sg['pinpoint']}", file=sys.stderr)
    total = sum(planted.values()) + ok_total
    return {
        "citations": total, "planted": sum(planted.values()), "correct": ok_total,
        "detection": {k: f"{flagged[k]}/{planted[k]}" for k in sorted(planted)},
        "detection_rate": round(sum(flagged.values()) / max(1, sum(planted.values())), 3),
        "exact_verdict_rate": round(sum(exact.values()) / max(1, total), 3),
        "exact_by_kind": {k: f"{exact[k]}/{planted[k] if k != 'ok' else ok_total}" for k in sorted(set(planted) | {"ok"})},
        "suggested_pinpoint_accuracy": round(sugg_ok / max(1, sugg_total), 3), "wrong_pinpoint": sugg_total,
        "false_alarm_rate": round(false_alarms / max(1, ok_total), 3), "missed_by_finder": missed,
        "confusion": {f"{w} -> {g}": n for (w, g), n in sorted(confusion.items()) if w != g},
    }


def timing(checker: Checker, items: list[tuple[Path, dict]]) -> dict:
    """A 30-page, 100-citation memo: the drafts' paragraphs joined until 100 citations are found, with paragraphs
    of argument between them up to about 90,000 characters; checked with a fresh checker on the open store (documents are read from the store on first use, as in one `pincite check`)."""
    paras: list[str] = []
    for path, _ in items:
        paras.extend(p for p in path.read_text(encoding="utf-8").split("\n\n") if "MEMORANDUM" not in p)
    memo = ""
    from pincite.legal.citations import find_citations
    for p in paras:
        memo += p + "\n\n"
        if len(find_citations(memo)) >= 100:
            break
    # a 30-page memo: about 3,000 characters a page, the rest argument without citations
    filler = ("The question is one of construction, and the answer depends on the words the parties chose read in "
              "their context. Counsel made three submissions on the point, each of which is considered in turn "
              "below, together with the evidence the judge heard and the findings he made on it. ")
    blocks = [b for b in memo.split("\n\n") if b.strip()]
    per_block = max(0, 90_000 - len(memo)) // max(1, len(blocks))
    pad = (filler * (per_block // len(filler) + 1))[:per_block].rsplit(". ", 1)[0] + "."
    memo = "\n\n".join(x for b in blocks for x in (b, pad))
    fresh = Checker(checker.store)
    t = time.perf_counter()
    report = fresh.check_text(memo, "memo100.md", datetime.date(2026, 4, 1))
    first = time.perf_counter() - t
    t = time.perf_counter()
    fresh.check_text(memo, "memo100.md", datetime.date(2026, 4, 1))
    again = time.perf_counter() - t
    return {"citations": len(report.results), "chars": len(memo), "seconds_first": round(first, 2),
            "seconds_again": round(again, 2)}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--db", required=True)
    ap.add_argument("--set", default="dev", choices=["dev", "heldout", "all"])
    ap.add_argument("--show", action="store_true", help="print each citation whose verdict differs (stderr)")
    ap.add_argument("--no-timing", action="store_true")
    args = ap.parse_args()
    store = open_store(args.db)
    checker = Checker(store)
    out = {"set": args.set, **run(checker, load(args.set), args.show)}
    if not args.no_timing:
        out["memo_100"] = timing(checker, load("all" if args.set != "dev" else "dev"))
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
