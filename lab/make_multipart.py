"""Build lab/data/multipart.jsonl: questions asking two things at once (issue 27 item 4), each part's gold taken from a
training question on the same document (lab/data/train.jsonl, disjoint from eval/heldout.jsonl by its own rule).

The wording of each multi-part question is written here by hand, in users' words, with the joints users write
("…, and …?", "and if so", two questions in a row, "(a) … (b) …"); the gold of each part is the gold unit and quote of
the training question that asks that part alone, so every quote is verbatim from its unit (``lab/gold/check_gold.py``
validates it again).  ``python -m lab.make_multipart`` rewrites the file.
"""

from __future__ import annotations

import json
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: (id, question, ids of the training questions whose gold answers each part, in order)
QUESTIONS = [
    ("mp-con-01", "What's the cure period for a material breach under the Pareteum–Pass reseller agreement, and does it give anyone exclusivity?", ["w2-con-018", "w2-con-136"]),
    ("mp-con-02", "Under the David Duval Enterprises–International Management endorsement agreement, how long does International Management have to cure a breach, and what is the liability cap?", ["w2-con-019", "w2-con-166"]),
    ("mp-con-03", "Is there a termination for convenience in PPD Development's strategic alliance agreement with VirtualScopics? What's its term?", ["w2-con-020", "w2-con-112"]),
    ("mp-con-04", "For the Diplomat Direct Marketing online hosting agreement with Tadeo E-Commerce: (a) which law governs it and (b) how long does it run?", ["w2-con-022", "w2-con-083"]),
    ("mp-con-05", "Can Pharmagen assign the endorsement agreement without Healthcare Distribution Specialists's consent, and is a defaulting party given time to cure?", ["w2-con-025", "w2-con-094"]),
    ("mp-con-06", "Does Driven Deliveries's consulting agreement with TruckThat allow termination for convenience, and how much can be recovered from TruckThat at most?", ["w2-con-067", "w2-con-141"]),
    ("mp-con-07", "Which law governs the Gainsco sponsorship agreement with Stallings Capital Group Consultants, and what insurance does it require?", ["w2-con-028", "w2-con-035"]),
    ("mp-con-08", "Does the Tripath Technology–Uniquest distributor agreement renew automatically, and if so, does it give anyone exclusivity?", ["w2-con-111", "w2-con-162"]),
    ("mp-con-09", "Is Mediwound allowed to transfer its rights under the Vericel supply agreement, and can either side walk away without cause?", ["w2-con-038", "w2-con-149"]),
    ("mp-con-10", "Under the Hoffmann-La Roche–Foundation Medicine collaboration agreement, are consequential damages excluded, and which law governs?", ["w2-con-046", "w2-con-092"]),
    ("mp-con-11", "What's the cure period for a material breach in the Armstrong Flooring–AFI Licensing intellectual property agreement, and what are the rules on assignment?", ["w2-con-070", "w2-con-096"]),
    ("mp-con-12", "In the Curo Management servicing agreement with Curo Receivables Finance Ii, what is the term, and how long is the cure period for a material breach?", ["w2-con-105", "w2-con-098"]),
    ("mp-con-13", "Can the Sonos–Inventec Appliances manufacturing agreement be renewed after the first term, and what notice does Sonos need to give to get out of it?", ["w2-con-119", "w2-con-115"]),
    ("mp-jud-01", "Did the mother win her appeal against the Article 15 request to the French court, and was it ok for the judge to raise the transfer without notice under r 12.64?", ["w1-1002-1", "w1-1002-2"]),
    ("mp-jud-02", "Who won the Hillingdon v HS2 Ltd appeal, and why couldn't Hillingdon attach a Grampian-type condition to its approval?", ["w1-1005-1", "w1-1005-2"]),
    ("mp-jud-03", "In the Swiss franc de-pegging case CFH Clearing v Merrill Lynch, what was Phillips LJ's starting point on the contract, and could CFH rely on market practice to force a re-price?", ["w1-1064-2", "w1-1064-1"]),
    ("mp-jud-04", "Did the father win his Hague Convention appeal about B's habitual residence in France? What did Baker LJ conclude about B's integration there?", ["w1-1187-1", "w1-1187-2"]),
    ("mp-jud-05", "Did Mr Clarke's challenge to Birmingham's sprinkler retrofit decision succeed, and why wasn't he allowed to put in his July 2020 witness statement?", ["w1-1466-1", "w1-1466-2"]),
    ("mp-jud-06", "Could a County Court transfer only part of insolvency proceedings to the High Court, and what is the deadline for serving an application under rule 12.9(3)?", ["w1-1469-1", "w1-1469-2"]),
    ("mp-jud-07", "In the Tonkolili case against African Minerals, (a) could the villagers prove common design from a conditional intent and (b) why did the accessory liability claim fail on the evidence?", ["w1-144-1", "w1-144-2"]),
    ("mp-jud-08", "Does Ofcom having behaved reasonably make Part 36 enhanced interest unjust, and did Telefónica get enhanced interest under CPR 36.17(4) in the end?", ["w1-1374-1", "w1-1374-2"]),
    ("mp-jud-09", "Did Bloomsbury Institute get the Office for Students' refusal to register it quashed, and what was Males LJ's position?", ["w1-1074-1", "w1-1074-4"]),
    ("mp-jud-10", "Did the 1950s-born women win their state pension age appeal; and does the judicial review time limit keep running afresh while unlawful legislation stays in force?", ["w1-1199-1", "w1-1199-2"]),
    ("mp-jud-11", "Is Ping's ban on selling golf clubs online a restriction by object, and is there a bright line between the object analysis and objective justification per Rose LJ?", ["w1-13-1", "w1-13-2"]),
]


def main() -> None:
    train = {q["id"]: q for q in (json.loads(line) for line in (ROOT / "lab/data/train.jsonl").open()
                                  if line.startswith("{"))}
    lines = [
        "// Multi-part questions for pincite (issue 27 item 4): each asks two things; gold is one unit per part, taken",
        "// from the training question (lab/data/train.jsonl) that asks that part alone on the same document, so these are",
        "// disjoint from eval/heldout.jsonl by train's rule. Wording written by hand in lab/make_multipart.py (which",
        "// rebuilds this file). Tune on these with train and dev only.",
    ]
    for qid, question, parts in QUESTIONS:
        gold = [g for p in parts for g in train[p]["gold"]]
        kind = train[parts[0]]["kind"]
        lines.append(json.dumps({"id": qid, "question": question, "as_of": None, "gold": gold, "kind": kind,
                                 "tags": [kind, "multi-part"], "parts_from": parts}, ensure_ascii=False))
    (ROOT / "lab/data/multipart.jsonl").write_text("\n".join(lines) + "\n")
    print(f"wrote lab/data/multipart.jsonl: {len(QUESTIONS)} questions")


if __name__ == "__main__":
    main()
