"""The one splitter (legal/sentences.py: one mechanism, DOCUMENT_RULES and DRAFT_RULES) against main's two
functions (legal/sentences.sentence_spans/sentences and legal/citations.sentences), span for span, and both
timed on the longest units.  Prints counts; 0 differences is the claim (bench/NOTES.md, "One sentence splitter:
one mechanism, two tables (branch i28f)").

    python bench/splitter_identity.py [--base /tmp/28f_base] [--db /tmp/i28f.db] [--random 100000]

``--base`` is main's src (made with ``git archive main src | tar -x -C BASE`` when absent); ``--db`` a copy of
/work/stores/all.db, whose documents' units are the corpus's and bulk's as the parsers read them.
"""

from __future__ import annotations

import argparse
import ast
import importlib.util
import random
import subprocess
import sys
import time
from pathlib import Path
from types import ModuleType

from pincite.legal import citations as new_citations
from pincite.legal import sentences as new_sentences
from pincite.legal.sentences import DOCUMENT_RULES, DRAFT_RULES, sentence_spans

ROOT = Path(__file__).resolve().parent.parent


def load(path: Path, name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec and spec.loader
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod  # dataclasses look their module up
    spec.loader.exec_module(mod)
    return mod


def base_modules(base: Path) -> tuple[ModuleType, ModuleType]:
    if not (base / "src/pincite/legal/sentences.py").exists():
        base.mkdir(parents=True, exist_ok=True)
        archive = subprocess.run(["git", "-C", str(ROOT), "archive", "main", "src"], check=True,
                                 capture_output=True).stdout
        subprocess.run(["tar", "-x", "-C", str(base)], input=archive, check=True)
    # main's two modules import nothing of pincite's at their top: each loads alone under another name
    return (load(base / "src/pincite/legal/sentences.py", "base_sentences"),
            load(base / "src/pincite/legal/citations.py", "base_citations"))


class Tally:
    def __init__(self) -> None:
        self.compared: dict[str, int] = {}
        self.differ: dict[str, int] = {}
        self.first: dict[str, str] = {}

    def check(self, what: str, old: object, new: object, text: str) -> None:
        self.compared[what] = self.compared.get(what, 0) + 1
        if old != new:
            self.differ[what] = self.differ.get(what, 0) + 1
            self.first.setdefault(what, repr(text[:300]))


def compare(t: Tally, kind: str, text: str, old_s: ModuleType, old_c: ModuleType,
            start: int = 0, end: int | None = None) -> None:
    end = len(text) if end is None else end
    t.check(f"{kind}: document spans", old_s.sentence_spans(text, start, end), sentence_spans(text, start, end), text)
    if start == 0 and end == len(text):
        t.check(f"{kind}: draft spans", old_c.sentences(text), new_citations.sentences(text), text)
        t.check(f"{kind}: document sentences()", old_s.sentences(text), new_sentences.sentences(text), text)


def drafts() -> list[Path]:
    return sorted(p for p in [*(ROOT / "eval/check").rglob("*.md"), *(ROOT / "tests/fixtures/drafts").glob("*")]
                  if p.is_file())


def test_strings() -> list[str]:
    """Every string constant of over 40 characters in the tests (the drafts and passages they were written on)."""
    out: list[str] = []
    for p in sorted((ROOT / "tests").glob("test_*.py")):
        for node in ast.walk(ast.parse(p.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and len(node.value) > 40:
                out.append(node.value)
    return out


def units(db: Path) -> list[tuple[str, int, int]]:
    """(document text, unit start, unit end) of every unit of every stored document."""
    from pincite.store.sqlite import SQLiteStore

    out: list[tuple[str, int, int]] = []
    store = SQLiteStore(db)
    try:
        for summary in store.list_documents():
            doc = store.get_document(summary.id)
            out.extend((doc.text, u.char_start, u.char_end) for u in doc.units)
    finally:
        store.close()
    return out


#: The pieces the random strings are made of: stops, quotes, brackets, line breaks and other whitespace, capitals
#: and small letters (ASCII and not), digits, and the abbreviations of both tables and some of neither.
PIECES = [". ", ".", "!", "?", " ", "  ", "\t", "\n", "\n\n", "\n \n", "\r\n", "\x85", "\u2028", "\xa0", '"', "'",
          "“", "”", "‘", "’", "(", ")", "[", "]", "§", "A", "Z", "The ", "a", "x", "É", "é", "ǅ", "1", "42", "٣", "_",
          "v.", "V.", "s.", "ss.", "c.", "No.", "Id.", "id.", "U.S.", "U. S.", "U.S.C.", "R.S.", "R.S.C.", "T.C.",
          "Memo.", "Dist.", "Stat.", "Comm'n.", "Gov't.", "e.g.", "i.e.", "ibid.", "Ibid.", "et al.", "Mr.", "J.",
          "L.J.", "Ltd.", "op.", "cit.", "757c.", "1565N.", "Q.C.", "x.y.", "...", "?!", ".”", ".\"", ".)", ".’",
          ".'", ".]", " (", " [1]", " “Q", " ‘q", "\"the ", "word ", "court said ", "Smith "]


def random_texts(n: int, seed: int = 28) -> list[str]:
    rng = random.Random(seed)
    return ["".join(rng.choice(PIECES) for _ in range(rng.randint(1, 40))) for _ in range(n)]


def timed(fn, texts: list[tuple[str, int, int]], repeat: int = 3) -> float:
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        for text, a, b in texts:
            fn(text, a, b)
        best = min(best, time.perf_counter() - t0)
    return best


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--base", type=Path, default=Path("/tmp/28f_base"))
    ap.add_argument("--db", type=Path, default=Path("/tmp/i28f.db"))
    ap.add_argument("--random", type=int, default=100_000)
    args = ap.parse_args()
    old_s, old_c = base_modules(args.base)
    t = Tally()

    ds = drafts()
    for p in ds:
        compare(t, "drafts", p.read_text(encoding="utf-8", errors="replace"), old_s, old_c)
    print(f"drafts: {len(ds)} files")
    ts = test_strings()
    for text in ts:
        compare(t, "test strings", text, old_s, old_c)
    print(f"test strings: {len(ts)} of over 40 characters")

    us = units(args.db)
    docs = {id(text): text for text, _, _ in us}
    for text, a, b in us:
        compare(t, "units", text[a:b], old_s, old_c)  # the unit's text alone, as roles and answerers read it
        t.check("units: document spans in the document (chunker's call)", old_s.sentence_spans(text, a, b),
                sentence_spans(text, a, b), text[a:b])
    print(f"units: {len(us)} units of {len(docs)} documents")

    rng = random.Random(2828)
    for s in random_texts(args.random):
        compare(t, "random", s, old_s, old_c)
        a = rng.randint(0, len(s))
        b = rng.randint(a, len(s))
        compare(t, "random", s, old_s, old_c, a, b)  # a range of it, as the chunker calls the splitter
    print(f"random: {args.random} strings")

    print("\ncompared / differing")
    for what in sorted(t.compared):
        print(f"  {what:<58} {t.compared[what]:>8} {t.differ.get(what, 0):>6}")
        if what in t.first:
            print(f"    first: {t.first[what]}")
    total = sum(t.differ.values())
    print(f"differences in all: {total}")

    # speed: the 20 longest units, main's function and the one mechanism with each table
    longest = sorted(us, key=lambda u: u[2] - u[1], reverse=True)[:20]
    whole = [(text[a:b], 0, b - a) for text, a, b in longest]
    print(f"\nspeed on the {len(longest)} longest units ({longest[-1][2] - longest[-1][1]:,}-"
          f"{longest[0][2] - longest[0][1]:,} chars), best of 3, seconds:")
    print(f"  document: main {timed(old_s.sentence_spans, longest):.3f}  one mechanism "
          f"{timed(lambda x, a, b: sentence_spans(x, a, b, DOCUMENT_RULES), longest):.3f}")
    print(f"  draft:    main {timed(lambda x, a, b: old_c.sentences(x), whole):.3f}  one mechanism "
          f"{timed(lambda x, a, b: sentence_spans(x, 0, len(x), DRAFT_RULES), whole):.3f}")
    for k in (1, 2, 4, 8):  # linear: a unit repeated k times costs k times as much
        big = [(longest[0][0][longest[0][1]:longest[0][2]] * k,)]
        text = big[0][0]
        print(f"  longest unit x{k} ({len(text):,} chars): document {timed(sentence_spans, [(text, 0, len(text))]):.3f}"
              f"  draft {timed(lambda x, a, b: sentence_spans(x, a, b, DRAFT_RULES), [(text, 0, len(text))]):.3f}")
    return 1 if total else 0


if __name__ == "__main__":
    sys.exit(main())
