"""How often an abstention's leads hold the gold (issue 52, item 3), from ``pincite eval`` run records.

    .venv/bin/python -m lab.leads_hits RUN.json [RUN2.json ...]

Over the answerable questions (a gold unit) whose answer cites nothing: how many show leads, how many have a
lead landing on a gold unit (same document, the lead's unit inside the gold unit or its quote overlapping the
gold quote: the evaluation's own ``lands_on``), and the same for the first lead alone.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path


def hits(records: list[dict]) -> dict[str, int]:
    out = {"abstained": 0, "with_leads": 0, "lead_on_gold": 0, "first_lead_on_gold": 0, "gold_retrieved": 0}
    for r in records:
        if r.get("error") or not r.get("gold") or r.get("citations"):
            continue
        out["abstained"] += 1
        leads = r.get("leads") or []
        out["with_leads"] += bool(leads)
        out["lead_on_gold"] += any(x["on_gold"] for x in leads)
        out["first_lead_on_gold"] += bool(leads) and leads[0]["on_gold"]
        out["gold_retrieved"] += any(g.get("retrieved_rank") for g in r["gold"])
    return out


def main(argv: list[str] | None = None) -> int:
    for path in argv if argv is not None else sys.argv[1:]:
        run = json.loads(Path(path).read_text(encoding="utf-8"))
        h = hits(run.get("questions") or run.get("records") or [])
        share = f"{h['lead_on_gold'] / h['abstained']:.2f}" if h["abstained"] else "-"
        print(f"{path}: {h['abstained']} answerable questions abstained; {h['with_leads']} with leads; a lead on "
              f"gold for {h['lead_on_gold']} ({share}), the first lead for {h['first_lead_on_gold']}; gold "
              f"retrieved for {h['gold_retrieved']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
