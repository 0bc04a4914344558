"""A mutation suite for the numbering self-check (:mod:`pincite.parse.selfcheck`): does it flag a parser's
fault, and does it leave clean documents alone?

    python -m bench.mutations [--bulk N] [--sets corpus,bulk,zoo] [--runs R] [--time] [--list]

Each document is parsed once as ``pincite ingest`` parses it, but without the self-check
(``parse_bytes(check=False)``); then

* the clean document is checked: ``contradicted`` on it is a *false alarm* (``--list`` prints each, with its
  evidence: some are the parser's real faults, which the bench cannot tell from false alarms);
* each mutation below is applied to its units (and, for the footer, its text), ``unique_labels`` is run again
  as ``parse_bytes`` runs it, and the self-check with it: ``contradicted`` is a *hit*.  Recall is hits over
  the runs where the mutation applies (a judgment with one judge has no second voice to merge) and the clean
  document was not contradicted already.

Mutations, each one fault a parser makes (the text keeps the document's own printed numbers — the parser, not
the document, is wrong):

* ``empty``   a numbered paragraph left with nothing but its number (its words fall out of every unit);
* ``skip``    a skipped number: from one sibling on, every sibling numbered one higher (1, 2, 4, 5, ...);
* ``repeat``  a repeated number: one sibling given the number of the one before (1, 2, 2, 4);
* ``footer``  a footer, licence note or "[Signature page follows]" glued to the last citable unit;
* ``shift``   a list shifted by one: every sibling of the largest list numbered one higher;
* ``merge``   a dissent's (or concurrence's) heading removed: the second judge's paragraphs given to the
  first.

``--bulk N`` draws a seeded sample of N files across ../shared/bulk's collections (default 150: the whole of
bulk's 980 files is a sweep the shared cores cannot spare); reserved files (../shared/RESERVED.md) are never
read.  ``--time`` times the self-check alone on the largest corpus documents."""

from __future__ import annotations

import argparse
import random
import re
import sys
import time
from collections import Counter, defaultdict
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

from pincite.errors import PinciteError  # noqa: E402
from pincite.parse import parse_bytes  # noqa: E402
from pincite.parse.builder import unique_labels  # noqa: E402
from pincite.parse.selfcheck import check_numbering  # noqa: E402
from pincite.types import DocumentKind, ParsedDocument, Unit, UnitKind, Zone  # noqa: E402

SHARED = ROOT.parent / "shared"
SEED = "pincite-mutations-1"
EXTS = {".xml", ".txt", ".pdf", ".docx", ".md", ".html", ".htm"}

#: Footers a parser glues to a document's last unit, one per run in turn.
FOOTERS = ("Page 12 of 12", "[Signature page follows]",
           "This document is licensed under the Creative Commons Attribution 4.0 License.",
           "Copyright \u00a9 2019 Common Paper, Inc.",
           "Source: ACME CORP, 10-K, 3/15/2019 (filed with the SEC)")


def reserved() -> set[str]:
    path = SHARED / "RESERVED.md"
    if not path.exists():
        return set()
    return {m.group(1) for m in re.finditer(r"^- (\S.*\.(?:xml|txt))\s*$", path.read_text(), re.M)}


def corpus_files() -> list[Path]:
    root = SHARED / "corpus"
    return sorted(p for p in root.rglob("*") if p.is_file() and p.suffix.lower() in EXTS
                  and p.name not in ("CUAD_v1_README.txt",))


def zoo_files() -> list[Path]:
    return sorted(p for p in (SHARED / "zoo").rglob("*") if p.is_file() and p.suffix.lower() in EXTS
                  and not p.name.endswith(".key.json"))


def bulk_files(n: int) -> list[Path]:
    root = SHARED / "bulk"
    skip = reserved()
    every = sorted(p for p in root.rglob("*") if p.is_file() and p.suffix.lower() in EXTS
                   and str(p.relative_to(root)) not in skip and p.name != "README.md")
    by: dict[str, list[Path]] = defaultdict(list)
    for p in every:
        by[p.relative_to(root).parts[0]].append(p)
    rng = random.Random(SEED)
    out: list[Path] = []
    total = sum(len(v) for v in by.values())
    for coll, files in sorted(by.items()):
        k = max(1, round(n * len(files) / total))
        out.extend(sorted(rng.sample(files, min(k, len(files)))))
    return out


# -- mutations
# -------------------------------------------------------------------------------------------------

def _digit(number: str | None) -> int | None:
    m = re.fullmatch(r"\s*\[?(\d+)\]?\.?\s*", number or "")
    return int(m.group(1)) if m else None


def _renumber(u: Unit, n: int) -> Unit:
    """``u`` numbered ``n`` (its label's last count too), as a parser that counted wrong would number it."""
    old = _digit(u.number)
    number = re.sub(r"\d+", str(n), u.number or "", count=1)
    label = u.label or ""
    if old is not None:
        # the last occurrence of the old count in the label is the unit's own ("cl. 5", "[5]", "s. 4(1)" -> 4)
        idx = label.rfind(str(old))
        if idx >= 0:
            label = label[:idx] + str(n) + label[idx + len(str(old)):]
    return replace(u, number=number, label=label or None)


def _groups(doc: ParsedDocument) -> list[list[Unit]]:
    """Sibling lists numbered 1, 2, 3 (plain counts), citable, three or more long."""
    g: dict[tuple[int | None, UnitKind], list[Unit]] = defaultdict(list)
    for u in doc.units:
        if u.citable and _digit(u.number) is not None and not (u.voice and u.voice.quoted):
            g[(u.parent, u.kind)].append(u)
    return [us for us in g.values() if len(us) >= 3]


def _with(doc: ParsedDocument, new: dict[int, Unit]) -> ParsedDocument:
    units = tuple(new.get(u.ordinal, u) for u in doc.units)
    return replace(doc, units=unique_labels(units))


def m_empty(doc: ParsedDocument, rng: random.Random) -> ParsedDocument | None:
    kids = {u.parent for u in doc.units if u.parent is not None}
    cands = [u for u in doc.units if u.citable and u.number and u.ordinal not in kids
             and not (u.voice and u.voice.quoted) and u.char_end - u.char_start > 20]
    if not cands:
        return None
    u = rng.choice(cands)
    head = doc.text[u.char_start:u.char_start + 40]
    i = head.find(u.number.strip())
    end = u.char_start + (i + len(u.number.strip()) if 0 <= i < 12 else 0)
    return _with(doc, {u.ordinal: replace(u, char_end=end)})


def m_skip(doc: ParsedDocument, rng: random.Random) -> ParsedDocument | None:
    groups = _groups(doc)
    if not groups:
        return None
    us = rng.choice(groups)
    k = rng.randrange(1, len(us))
    return _with(doc, {u.ordinal: _renumber(u, (_digit(u.number) or 0) + 1) for u in us[k:]})


def m_repeat(doc: ParsedDocument, rng: random.Random) -> ParsedDocument | None:
    groups = [us for us in _groups(doc) if len(us) >= 4]
    if not groups:
        return None
    us = rng.choice(groups)
    k = rng.randrange(2, len(us))
    return _with(doc, {us[k].ordinal: _renumber(us[k], _digit(us[k - 1].number))})  # type: ignore[arg-type]


def m_shift(doc: ParsedDocument, rng: random.Random) -> ParsedDocument | None:
    groups = _groups(doc)
    if not groups:
        return None
    us = max(groups, key=len)
    return _with(doc, {u.ordinal: _renumber(u, _digit(u.number) + 1) for u in us})  # type: ignore[operator]


def m_footer(doc: ParsedDocument, rng: random.Random, run: int = 0) -> ParsedDocument | None:
    cit = [u for u in doc.units if u.citable and u.zone not in (Zone.COVER, Zone.NOTE)]
    if not cit:
        return None
    last = max(cit, key=lambda u: (u.char_end, -u.char_start))
    at = last.char_end
    add = "\n\n" + FOOTERS[run % len(FOOTERS)]
    n = len(add)
    units = []
    for u in doc.units:
        s, e = u.char_start, u.char_end
        if s >= at and u.ordinal != last.ordinal:
            s, e = s + n, e + n
        elif s < at <= e:
            e += n  # the last unit and every unit holding it
        units.append(replace(u, char_start=s, char_end=e))
    return replace(doc, text=doc.text[:at] + add + doc.text[at:], units=tuple(units), pages=())


def m_merge(doc: ParsedDocument, rng: random.Random) -> ParsedDocument | None:
    if doc.kind != DocumentKind.JUDGMENT:
        return None
    paras = [u for u in doc.units if u.citable and u.zone == Zone.REASONS and u.author]
    runs: list[list[Unit]] = []
    for u in paras:
        if runs and runs[-1][-1].author == u.author:
            runs[-1].append(u)
        else:
            runs.append([u])
    pairs = [(a, b) for a, b in zip(runs, runs[1:]) if a[0].author != b[0].author]
    if not pairs:
        return None
    a, b = rng.choice(pairs)
    first = b[0]
    # the second judge's heading units (between the two runs) go; their paragraphs take the first judge's name
    gone = {u.ordinal for u in doc.units if u.kind == UnitKind.HEADING and a[-1].char_end <= u.char_start
            <= first.char_start and u.ordinal < first.ordinal}
    taken = {u.ordinal: replace(u, author=a[0].author, role=a[0].role) for u in b}
    units = tuple(replace(taken.get(u.ordinal, u), parent=None if u.parent in gone else u.parent)
                  for u in doc.units if u.ordinal not in gone)
    return replace(doc, units=units)


MUTATIONS = {"empty": m_empty, "skip": m_skip, "repeat": m_repeat, "footer": m_footer, "shift": m_shift,
             "merge": m_merge}


def mutate(kind: str, doc: ParsedDocument, seed: str) -> ParsedDocument | None:
    rng = random.Random(f"{SEED}/{kind}/{seed}")
    if kind == "footer":
        return m_footer(doc, rng, run=sum(map(ord, seed)))
    return MUTATIONS[kind](doc, rng)


def flagged(doc: ParsedDocument) -> bool:
    return check_numbering(doc).meta["numbering"]["verdict"] == "contradicted"


# -- the run
# ----------------------------------------------------------------------------------------------------

def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--bulk", type=int, default=150, help="bulk files sampled (seeded); 0 for none")
    ap.add_argument("--sets", default="corpus,bulk,zoo")
    ap.add_argument("--runs", type=int, default=2, help="runs of each mutation on each document (seeds)")
    ap.add_argument("--time", action="store_true", help="time the self-check on the largest corpus documents")
    ap.add_argument("--list", action="store_true",
                    help="print each clean document flagged, with its evidence")
    args = ap.parse_args(argv)
    sets = {"corpus": corpus_files, "zoo": zoo_files, "bulk": lambda: bulk_files(args.bulk)}
    verdicts: dict[str, Counter[str]] = defaultdict(Counter)
    alarms: dict[str, list[str]] = defaultdict(list)
    hits: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0])
    misses: list[str] = []
    timings: list[tuple[float, int, str, float]] = []
    for name in args.sets.split(","):
        for path in sets[name]():
            try:
                t_parse = time.perf_counter()
                doc = parse_bytes(path.read_bytes(), str(path), check=False)
                t_parse = time.perf_counter() - t_parse
            except PinciteError as e:
                verdicts[name]["(not parsed)"] += 1
                print(f"  not parsed: {path.name}: {str(e)[:80]}", file=sys.stderr)
                continue
            t0 = time.perf_counter()
            checked = check_numbering(doc)
            timings.append((time.perf_counter() - t0, len(doc.text), f"{name}/{path.name}", t_parse))
            nb = checked.meta["numbering"]
            verdicts[name][nb["verdict"]] += 1
            if nb["verdict"] == "contradicted":
                alarms[name].append(f"{path.name}: " + "; ".join(nb["evidence"][:3]))
                continue  # recall is measured on documents the check passes clean
            for kind in MUTATIONS:
                for run in range(args.runs):
                    bad = mutate(kind, doc, f"{path.name}/{run}")
                    if bad is None:
                        continue
                    h = hits[(name, kind)]
                    h[1] += 1
                    if flagged(bad):
                        h[0] += 1
                    else:
                        misses.append(f"{kind:7} {name}/{path.name} run {run}")
    print("\nverdicts on unmutated documents, by set")
    for name, c in verdicts.items():
        n = sum(v for k, v in c.items() if not k.startswith("("))
        fa = c["contradicted"]
        print(f"  {name:7} {n:4} documents  " + "  ".join(f"{k} {v}" for k, v in sorted(c.items()))
              + f"   flagged (contradicted): {fa}/{n} = {fa / max(n, 1):.1%}")
    print("\nrecall by mutation kind and set (hits / runs where the mutation applies)")
    kinds = sorted({k for _, k in hits})
    for kind in kinds:
        tot = [sum(hits[(s, kind)][0] for s in verdicts), sum(hits[(s, kind)][1] for s in verdicts)]
        per = "  ".join(f"{s} {hits[(s, kind)][0]}/{hits[(s, kind)][1]}"
                        for s in verdicts if hits[(s, kind)][1])
        print(f"  {kind:7} {tot[0]:4}/{tot[1]:<4} = {tot[0] / max(tot[1], 1):.3f}   ({per})")
    allh = [sum(h[0] for h in hits.values()), sum(h[1] for h in hits.values())]
    print(f"  all     {allh[0]:4}/{allh[1]:<4} = {allh[0] / max(allh[1], 1):.3f}")
    if misses:
        print(f"\nmissed ({len(misses)}):")
        for m in misses[:40]:
            print("  " + m)
    if args.list:
        print("\nclean documents flagged contradicted:")
        for name, items in alarms.items():
            for it in items:
                print(f"  {name}: {it[:300]}")
    if args.time:
        print("\nself-check time on the largest documents (parse excluded)")
        for secs, size, name, parse in sorted(timings, key=lambda t: -t[1])[:8]:
            print(f"  {secs * 1000:8.1f} ms  {size:>9} chars  (parse {parse * 1000:8.0f} ms)  {name}")
        tot = sum(t[0] for t in timings)
        ptot = sum(t[3] for t in timings)
        print(f"  all {len(timings)} documents: {tot:.2f} s, mean {tot / max(len(timings), 1) * 1000:.1f} ms "
              f"({tot / max(ptot, 1e-9):.1%} of their parse time, {ptot:.1f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
