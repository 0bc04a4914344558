"""Evaluation: does every shown citation land on the words a lawyer would cite, and can a reader follow it?

A gold set is JSON lines, one question each::

    {"id": "...", "question": "...", "as_of": null | "YYYY-MM-DD",
     "gold": [{"source": "<path relative to the corpus root>", "unit": "<number or label as printed>",
               "quote": "<words from that unit that answer the question>"}],
     "kind": "judgment|statute|contract|none", "tags": [...]}

``kind: "none"`` with empty gold means the corpus cannot answer.  A gold entry may carry ``"alternatives"``: the
same answer printed in another file (a contract's TXT and its PDF); citing either counts once.

Each gold entry is *resolved* against the stored documents into :class:`Target` spans (the unit and the quote
inside it; for a statute asked ``as_of`` a date, the same provision in every version of the work whose in-force
window contains that date).  The run then answers each question through :func:`pincite.engine.ask` (the path
``ask`` takes) and scores it:

* **answered correctly** — answerable questions where at least one shown citation lands on a gold unit /
  answerable questions (first in every table: what a user sees);
* **retrieval recall@10** — gold units whose quote overlaps one of the top 10 retrieved passages (the top k when a
  run retrieves fewer) / gold units;
* **attribution precision** — shown citations landing on a gold unit (the cited unit lies inside the gold unit,
  or the quoted span overlaps the gold quote) / shown citations, over answerable questions;
* **attribution recall** — gold units cited / gold units;
* **navigability** — shown citations whose ``[char_start, char_end)`` lies inside the cited unit, whose text
  there equals the generator's quote after normalisation and whose pinpoint names that unit / shown citations,
  recomputed from the stored canonical text, not from what the engine says;
* **abstention** — ``none`` questions answered with no citation / ``none`` questions;
* **drops by check**, and latency.

A run is a JSON record (a dict) with the settings that produced it and their hash; :func:`.compare.compare_runs`
sets two runs side by side and lists every question whose citations got worse or better.  Several gold sets
(``eval/dev.jsonl`` and the frozen ``eval/heldout.jsonl``) are run against one store, one run each, and
:func:`.compare.set_gaps` gives the first minus each other for answered correctly.  Their sources may be relative
to the corpus root or to the folder holding it (:func:`.runs.ingest_corpus` finds and ingests those outside).

The modules: :mod:`.gold` (the gold set and resolving it against the store), :mod:`.metrics` (scoring one
answer, the metrics over a run), :mod:`.runs` (running a gold set, the run record and where it is kept),
:mod:`.compare` (two runs side by side).  The HTML report is :mod:`pincite.web.eval_report`.
"""
