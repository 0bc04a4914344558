"""Generated claim–quote pairs (issue 49): real quotes from ../shared/corpus and bulk, each restated truly or
turned by one rule — its polarity flipped, its modality changed, its parties swapped, one of its figures replaced
by another figure of the same passage — written to a JSON-lines file the claim-support bench reads.

    PYTHONPATH=src python -m lab.gold.make_generated ../shared eval/claims/generated.jsonl [--seed 7] [--per-kind 60]

Each line: ``{"id", "kind", "agrees", "claim", "quote", "context", "source", "label"}`` where ``context`` is the
cited unit's text (the quote is inside it) and ``kind`` one of ``true-restatement``, ``true-framed``,
``polarity``, ``modality``, ``party``, ``figure``. Documents of eval/claims/passages.jsonl (the hand-written
pairs' passages), reserved documents and held-out documents are left out.
"""

from __future__ import annotations

import json
import random
import re
import sys
from pathlib import Path

from pincite.errors import PinciteError
from pincite.ingest import parse_file
from pincite.legal.agreement import PARTY_PAIRS
from pincite.legal.support import figures

HERE = Path(__file__).resolve().parents[2] / "eval" / "claims"
FOLDERS = ("corpus/uk_find_case_law/ewca_civ_2020_legacy_akn", "corpus/uk_find_case_law/modern_fcl_akn",
           "corpus/canada_justice_laws_xml", "corpus/contracts_cuad/txt", "corpus/us_uslm/statute_compilations",
           "bulk/cuad_v1_txt", "bulk/ewca_civ_2020_akn", "bulk/canada_acts/current")

_SENT = re.compile(r"(?<=[.;:])\s+(?=[A-Z(“\"])")
_NEG = [(re.compile(r"\b(shall|must|may|will|can|does|do|did|is|are|was|were|has|have|had) not\b"), r"\1"),
        (re.compile(r"\bcannot\b"), "can"), (re.compile(r"\bno longer\b"), "still")]
_AFFIRM = re.compile(r"\b(shall|must|may|will|is|are|was|were)\b(?! not)")
_MODAL = re.compile(r"\b(shall|must|may)\b(?! not)")
_MODAL_SWAP = {"shall": "may", "must": "may", "may": "must"}


def _sentences(text: str) -> list[str]:
    return [s.strip() for s in _SENT.split(text) if 12 <= len(s.split()) <= 45]


def _quote_of(sentence: str, rng: random.Random) -> str:
    words = sentence.split()
    n = min(len(words), rng.randint(12, 24))
    start = rng.randint(0, len(words) - n)
    return " ".join(words[start:start + n]).rstrip(",;:")


def flip_polarity(q: str, rng: random.Random) -> str | None:
    for pat, rep in _NEG:
        m = pat.search(q)
        if m and len(q[m.end():].split()) >= 2:  # a negation with nothing after it negates nothing the quote shows
            return pat.sub(rep, q, count=1)
    for m in _AFFIRM.finditer(q):
        rest = q[m.end():].split()
        # "is only", "is more than", "is no": "not" there makes a comparator or a double negation, not a flip;
        # an auxiliary at the quote's end has nothing to negate
        if len(rest) >= 2 and rest[0].lower().strip("(,") not in ("only", "more", "less", "no", "not", "never",
                                                                  "and", "or"):
            return q[:m.end()] + " not" + q[m.end():]
    return None


def change_modality(q: str, rng: random.Random) -> str | None:
    m = _MODAL.search(q)
    if m and (q[max(0, m.start() - 1):m.start()] == "[" or not q[m.end():].split()):
        return None  # "[may]" is a quotation's own alteration; a modal at the quote's end governs nothing
    if not m or re.search(r"\b(?:no|nothing|neither|none|nobody)\b", q[:m.start()], re.I):
        return None  # "Neither party may assign" is "Neither party shall assign": no change of meaning
    return q[:m.start()] + _MODAL_SWAP[m.group(1)] + q[m.end():]


def swap_parties(q: str, rng: random.Random) -> str | None:
    for a, b in PARTY_PAIRS:
        for x, y in ((a, b), (b, a)):
            m = re.search(rf"\b{x}\b", q, re.I)
            if m and not re.search(rf"\b{y}\b", q, re.I):
                word = m.group(0)
                other = y.capitalize() if word[0].isupper() else y
                return q[:m.start()] + other + q[m.end():]
            if m and re.search(rf"\b{y}\b", q, re.I):  # both named: exchange them
                t = re.sub(rf"\b({a}|{b})\b", lambda mm: _other(mm.group(0), a, b), q, flags=re.I)
                return t if t != q else None
    return None


def _other(word: str, a: str, b: str) -> str:
    out = b if word.lower() == a else a
    return out.capitalize() if word[0].isupper() else out


def replace_figure(q: str, context: str, rng: random.Random) -> str | None:
    mine = [f for f in figures(q) if f.kind in ("period", "amount", "percent")]
    if not mine:
        return None
    f = mine[0]
    fam = sorted(f.needs)[0].rsplit(":", 1)[0]
    others = [g for g in figures(context) if g.kind == f.kind and sorted(g.needs)[0].rsplit(":", 1)[0] == fam
              and not (g.gives & f.needs)]
    if others:
        return q.replace(f.text, others[0].text, 1)
    # none other in the passage: another figure of the same unit kind
    m = re.match(r"[^\d]*?(\d[\d,]*)", f.text)
    if not m:
        return None
    n = int(m.group(1).replace(",", "") or 0)
    return q.replace(m.group(1), str(n * 2 if n else 7), 1)


TRUE_FRAMES = ("It is stated that {q}", "The provision says that {q}", "According to the text, {q}",
               "{q}", "The passage provides: {q}")


def main() -> int:
    shared, out = Path(sys.argv[1]), Path(sys.argv[2])
    seed = int(sys.argv[sys.argv.index("--seed") + 1]) if "--seed" in sys.argv else 7
    per_kind = int(sys.argv[sys.argv.index("--per-kind") + 1]) if "--per-kind" in sys.argv else 60
    rng = random.Random(seed)
    avoid = {json.loads(line)["source"] for line in (HERE / "passages.jsonl").read_text().splitlines() if line}
    reserved = {line[2:].strip() for line in (shared / "RESERVED.md").read_text().splitlines()
                if line.startswith("- ") and "/" in line}
    held = set(re.findall(r"[\w.-]+\.(?:xml|txt|pdf)", (HERE.parent / "heldout.jsonl").read_text()))
    files: list[Path] = []
    for folder in FOLDERS:
        fs = sorted(p for p in (shared / folder).rglob("*") if p.is_file() and p.suffix in (".xml", ".txt"))
        rng.shuffle(fs)
        files += fs[:60]
    files = [p for p in files if str(p.relative_to(shared)) not in avoid and p.name not in held
             and not any(str(p).endswith(r) for r in reserved)]
    rng.shuffle(files)
    makers = {"polarity": flip_polarity, "modality": change_modality, "party": swap_parties}
    counts = dict.fromkeys(["true-restatement", "true-framed", "polarity", "modality", "party", "figure"], 0)
    rows = []
    for path in files:
        try:
            doc = parse_file(str(path))
        except PinciteError:
            continue
        units = [u for u in doc.units if u.citable and u.label and 15 <= len(doc.unit_text(u).split()) <= 160
                 and not any(v.parent == u.ordinal for v in doc.units)]
        rng.shuffle(units)
        for u in units[:20]:
            context = " ".join(doc.unit_text(u).split())
            for sentence in _sentences(context)[:2]:
                q = _quote_of(sentence, rng)
                if q not in context:
                    continue
                todo = [k for k, v in counts.items() if v < per_kind]
                if not todo:
                    break
                made = {}
                for kind in todo:
                    if kind == "true-restatement":
                        made[kind] = "It is stated that " + " ".join(q.split()[:16])
                    elif kind == "true-framed":
                        made[kind] = rng.choice(TRUE_FRAMES).format(q=q)
                    elif kind == "figure":
                        made[kind] = replace_figure(q, context, rng)
                    else:
                        made[kind] = makers[kind](q, rng)
                made = {k: c for k, c in made.items() if c and (c != q or k.startswith("true"))}
                if not made:
                    continue
                rare = [k for k in made if not k.startswith("true")]  # a sentence a rule can turn is used for it
                kind = rng.choice(rare or list(made))
                claim = made[kind]
                counts[kind] += 1
                rows.append({"id": f"g{len(rows) + 1:04d}", "kind": kind, "agrees": kind.startswith("true"),
                             "claim": claim, "quote": q, "context": context,
                             "source": str(path.relative_to(shared)), "label": u.label})
    out.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")
    print(f"{len(rows)} pairs -> {out}: {counts}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
