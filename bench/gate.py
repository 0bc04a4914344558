"""The citation gate under load: thousands of generated generator replies over real passages, mixing every
failure type at known rates.  Prints, per type: citations generated, bad citations shown (must be 0), good
citations dropped (must be under 1 %), and the checking time per citation.

    .venv/bin/python -m bench.gate [--replies 3000] [--seed 7] [--shared ../shared]

Needs ../shared (the real corpus).  Not a test: it prints its figures.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from collections import Counter, defaultdict
from pathlib import Path

from pincite.answer.context import assemble_context
from pincite.generate.scripted import first_sentence, first_sentence_of
from pincite.ingest import ingest_paths
from pincite.answer.protocol import parse_reply, reply_json
from pincite.answer.verify import verify_reply
from pincite.store.sqlite import SQLiteStore
from pincite.types import Chunk, DocRef, Document, DocumentKind, Passage, Role

FILES = [
    "uk_find_case_law/ewca_civ_2020_legacy_akn/2020-ewca-1018-civ.xml",
    "uk_find_case_law/ewca_civ_2020_legacy_akn/2020-ewca-1375-civ.xml",
    "uk_find_case_law/ewca_civ_2020_legacy_akn/2020-ewca-1690-civ.xml",
    "uk_find_case_law/modern_fcl_akn/uksc_2023_42_rwanda.xml",
    "uk_find_case_law/press_summaries/uksc_2023_50_zubaydah_press_summary.xml",
    "pdf_judgments/zasca_2024_21_mec_health_gauteng_v_M.pdf",
    "pdf_judgments/scotus_2013_tarrant_regional_water_dist_v_herrmann_569US614_slip.pdf",
    "canada_justice_laws_xml/T-2",
    "contracts_cuad/txt/CybergyHoldingsInc_20140520_10-Q_EX-10.27_8605784_EX-10.27_Affiliate Agreement.txt",
]

GOOD_TYPES = ["good", "good-respaced", "good-curly-quotes", "good-dashes"]
BAD_TYPES = ["never-retrieved", "neighbour", "tidied", "straddle", "wrong-version", "non-citable", "dissent-holding"]
NOTE_TYPES = ["page-as-paragraph"]  # recorded, shown with the right pinpoint: counts as good


def passage(doc: Document, ch: Chunk, rank: int) -> Passage:
    ref = DocRef(doc.id, doc.source, doc.title, doc.kind, doc.citation, doc.date, doc.work,
                 (doc.version or {}).get("date"))
    return Passage(ch, ref, doc.text[ch.char_start:ch.char_end], 1.0 / rank, rank)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--replies", type=int, default=3000)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--show-drops", type=int, default=0, help="print the first N good citations dropped, with why")
    ap.add_argument("--shared", default=str(Path(__file__).resolve().parents[2] / "shared"))
    args = ap.parse_args()
    corpus = Path(args.shared) / "corpus"
    if not corpus.exists():
        print(f"../shared not found at {args.shared}", file=sys.stderr)
        return 2
    rng = random.Random(args.seed)
    tmp = tempfile.TemporaryDirectory()
    store = SQLiteStore(Path(tmp.name) / "gate.db")
    rep = ingest_paths(store, [corpus / f for f in FILES])
    if rep.failed:
        for r in rep.failed:
            print("FAILED", r.error)
    docs = {s.id: store.get_document(s.id) for s in store.list_documents()}
    chunks = {d: [c for c in store.get_chunks(d) if len(first_sentence_of(docs[d].text[c.char_start:c.char_end])) >= 20]
              for d in docs}
    citable = [(d, c) for d in docs for c in chunks[d] if c.citable]
    non_citable = [(d, c) for d in docs for c in chunks[d] if not c.citable]
    dissent = [(d, c) for d, c in citable if c.role in (Role.DISSENTING, Role.PARTLY_DISSENTING)]
    closed = [(d, c) for d, c in citable if c.in_force_to]
    numbered_paged = [(d, c) for d, c in citable if docs[d].kind is DocumentKind.JUDGMENT and c.page_start
                      and all(c.numbers)]
    print(f"corpus: {len(docs)} documents, {len(citable)} citable and {len(non_citable)} non-citable chunks, "
          f"{len(dissent)} dissenting, {len(closed)} with a closed in-force window, {len(numbered_paged)} "
          f"numbered paragraphs with printed pages")

    stats: dict[str, Counter[str]] = defaultdict(Counter)
    check_time = 0.0
    n_cits = 0
    for _ in range(args.replies):
        # a turn: 3-5 passages from citable chunks, neighbours included
        d, c = rng.choice(citable)
        same = [x for x in chunks[d] if x.citable]
        i = same.index(c)
        picks = [(d, x) for x in same[max(0, i - 1): i + 2]]
        picks += rng.sample(citable, 2)
        kinds = rng.sample(GOOD_TYPES + BAD_TYPES + NOTE_TYPES, 3)
        as_of = None
        wv = None
        extra: list[tuple[str, Chunk]] = []
        if "non-citable" in kinds and non_citable:
            extra.append(rng.choice(non_citable))
        if "dissent-holding" in kinds and dissent:
            extra.append(rng.choice(dissent))
        if "wrong-version" in kinds and closed:
            wv = rng.choice(closed)
            extra.append(wv)
            as_of = wv[1].in_force_to  # the day its text was replaced: out of its window
        if "page-as-paragraph" in kinds and numbered_paged:
            extra.append(rng.choice(numbered_paged))
        picks += extra
        seen, uniq = set(), []
        for d2, c2 in picks:
            if c2.id not in seen:
                seen.add(c2.id)
                uniq.append((d2, c2))
        if as_of is not None:  # other statute passages must be in force on as_of, so only wv is out of window
            uniq = [(d2, c2) for d2, c2 in uniq if c2 is wv[1] or not (c2.in_force_from or c2.in_force_to)
                    or (c2.in_force_from or "") <= as_of < (c2.in_force_to or "9999")]
        passages = [passage(docs[d2], c2, r + 1) for r, (d2, c2) in enumerate(uniq)]
        turn = assemble_context("What does it say?", passages, {p.document.id: docs[p.document.id]
                                                                 for p in passages}, as_of, budget_tokens=100_000)
        by_chunk = {cp.passage.chunk.id: cp for cp in turn.passages}
        cps = [by_chunk[c2.id] for _, c2 in uniq if c2.id in by_chunk]
        claims, expect = [], []
        ordinary = [cp for cp in cps if cp.passage.chunk.citable and cp.passage.chunk.role not in
                    (Role.DISSENTING, Role.PARTLY_DISSENTING) and not (cp.passage.chunk.in_force_to and as_of
                                                                        and as_of >= cp.passage.chunk.in_force_to)]
        if not ordinary:
            continue
        for kind in kinds:
            cp = rng.choice(ordinary)
            q = first_sentence(cp)
            text = "The passage says this."
            cit: dict[str, object] = {"passage": cp.pid, "quote": q}
            if kind == "good-respaced":
                cit["quote"] = "  " + q.replace(" ", "\n ", 2) + "  "
            elif kind == "good-curly-quotes":
                cit["quote"] = q.replace("'", "\u2019").replace('"', "\u201c")
            elif kind == "good-dashes":
                cit["quote"] = q.replace("-", "\u2013")
            elif kind == "never-retrieved":
                cit["passage"] = rng.choice(["P99", cp.passage.chunk.id, "D1", "p1"])
            elif kind == "neighbour":
                others = [o for o in cps if o.pid != cp.pid and first_sentence(o) not in cp.passage.text]
                if not others:
                    continue
                cit["quote"] = first_sentence(rng.choice(others))
            elif kind == "tidied":
                words = q.split()
                j = rng.randrange(len(words))
                words[j] = words[j].upper() if words[j].lower() != words[j].upper() else "thus"
                if " ".join(words) == q:
                    words.insert(j, "indeed")
                cit["quote"] = " ".join(words)
            elif kind == "straddle":
                others = [o for o in cps if o.pid != cp.pid]
                if not others:
                    continue
                o = rng.choice(others)
                cit["quote"] = " ".join(cp.passage.text.split()[-5:] + o.passage.text.split()[:5])
            elif kind == "wrong-version":
                target = next((x for x in cps if x.passage.chunk.in_force_to and as_of
                               and as_of >= x.passage.chunk.in_force_to), None)
                if target is None:
                    continue
                cit = {"passage": target.pid, "quote": first_sentence(target)}
            elif kind == "non-citable":
                target = next((x for x in cps if not x.passage.chunk.citable), None)
                if target is None:
                    continue
                cit = {"passage": target.pid, "quote": first_sentence(target)}
            elif kind == "dissent-holding":
                target = next((x for x in cps if x.passage.chunk.role in (Role.DISSENTING, Role.PARTLY_DISSENTING)),
                              None)
                if target is None:
                    continue
                text = "The court held that this is the law."
                cit = {"passage": target.pid, "quote": first_sentence(target)}
            elif kind == "page-as-paragraph":
                target = next((x for x in cps if x.passage.chunk.citable and x.passage.chunk.page_start
                               and all(x.passage.chunk.numbers)
                               and x.passage.document.kind is DocumentKind.JUDGMENT), None)
                if target is None:
                    continue
                cit = {"passage": target.pid, "quote": first_sentence(target),
                       "page": target.passage.chunk.numbers[0]}
            claims.append({"text": text, "citations": [cit]})
            expect.append(kind)
        if not claims:
            continue
        raw = reply_json(claims)
        t0 = time.perf_counter()
        verified = verify_reply(parse_reply(raw), turn)
        check_time += time.perf_counter() - t0
        n_cits += len(claims)
        shown_claims = {claim.text + "\0" + c.raw.quote + "\0" + c.raw.passage for claim, cs in verified.kept
                        for c in cs}
        for cl, kind in zip(claims, expect):
            cit = cl["citations"][0]
            shown = (cl["text"] + "\0" + str(cit["quote"]) + "\0" + str(cit["passage"])) in shown_claims
            stats[kind]["generated"] += 1
            stats[kind]["shown" if shown else "dropped"] += 1
            if not shown and kind not in BAD_TYPES and args.show_drops > 0:
                args.show_drops -= 1
                why = [(d.check.value, d.detail) for d in verified.dropped if d.quote == cit["quote"]]
                print(f"GOOD DROPPED ({kind}): {why} quote={str(cit['quote'])[:120]!r}")

    print(f"\n{'type':22} {'generated':>9} {'shown':>7} {'dropped':>8}  verdict")
    bad_shown = good_dropped = good_total = 0
    for kind in GOOD_TYPES + NOTE_TYPES + BAD_TYPES:
        s = stats[kind]
        is_bad = kind in BAD_TYPES
        if is_bad:
            bad_shown += s["shown"]
            verdict = "OK (0 shown)" if s["shown"] == 0 else f"FAIL: {s['shown']} bad citations shown"
        else:
            good_total += s["generated"]
            good_dropped += s["dropped"]
            rate = s["dropped"] / s["generated"] if s["generated"] else 0
            verdict = f"{rate:.2%} good dropped " + ("OK" if rate < 0.01 else "FAIL (>= 1%)")
        print(f"{kind:22} {s['generated']:>9} {s['shown']:>7} {s['dropped']:>8}  {verdict}")
    print(f"\nbad citations shown: {bad_shown} (must be 0)")
    print(f"good citations dropped: {good_dropped}/{good_total} = {good_dropped / max(1, good_total):.3%} "
          f"(must be under 1%)")
    print(f"checking time: {1e6 * check_time / max(1, n_cits):.0f} µs per citation over {n_cits} citations")
    store.close()
    tmp.cleanup()
    return 0 if bad_shown == 0 and good_dropped / max(1, good_total) < 0.01 else 1


if __name__ == "__main__":
    raise SystemExit(main())
