"""Where to look when an answer abstains (issue 52, item 3).

When no candidate clears the generator's threshold the answer says so, and shows up to :data:`MAX_LEADS`
passages as *leads*: places a reader may look, not claims.  A lead is a ``(passage id, quote)`` pair — the
generator's own best-ranked sentences when it gives them (:attr:`pincite.generate.base.Generation.leads`),
else the first sentence of each of the turn's best passages — and it passes the same citation checks as a
citation (:data:`pincite.answer.verify.CHECKS`: the passage was retrieved, the words are in it, the pinpoint
is rendered from the document's metadata, the version was in force, the zone is citable...), so every lead's
pinpoint is a checked one.  A lead is never a claim and never a citation: the answer keeps it in ``leads``,
apart.
"""

from __future__ import annotations

from collections.abc import Iterable

from pincite.answer.context import TurnContext
from pincite.answer.protocol import RawCitation, RawClaim
from pincite.answer.verify import MIN_QUOTE_CHARS, Candidate, verify_citation
from pincite.legal.sentences import sentence_spans

#: the most leads an abstention shows: enough to point at the likely place, few enough to read
MAX_LEADS = 3

#: the longest quote a fallback lead takes from a passage's opening sentence, in characters
LEAD_CHARS = 400


def opening_sentence(text: str) -> str:
    """A passage's first sentence long enough to quote (a label or a caption alone is not)."""
    for s, e in sentence_spans(text, 0, len(text)):
        sent = text[s:e].strip()
        if len(sent) >= MIN_QUOTE_CHARS:
            return sent[:LEAD_CHARS].rsplit(" ", 1)[0] if len(sent) > LEAD_CHARS else sent
    return ""


def fallback_pairs(turn: TurnContext) -> list[tuple[str, str]]:
    """A lead for each of the turn's citable passages in order of relevance: its opening sentence."""
    out = []
    for cp in turn.passages:
        if cp.passage.chunk.citable:
            quote = opening_sentence(cp.passage.text)
            if quote:
                out.append((cp.pid, quote))
    return out


def checked_leads(turn: TurnContext, pairs: Iterable[tuple[str, str]], limit: int = MAX_LEADS) -> list[Candidate]:
    """Up to ``limit`` leads that pass every citation check, one per unit, from ``pairs`` (the generator's)
    and then the turn's passages in order of relevance."""
    claim = RawClaim("", ())
    out: list[Candidate] = []
    seen_units: set[tuple[str, int]] = set()
    seen: set[tuple[str, str]] = set()
    for pid, quote in [*pairs, *fallback_pairs(turn)]:
        if len(out) >= limit:
            break
        if (pid, quote) in seen:
            continue
        seen.add((pid, quote))
        c = verify_citation(claim, RawCitation(pid, quote), turn)
        if c.dropped or c.doc is None or c.unit is None or c.quote_start is None:
            continue
        key = (c.doc.id, c.unit.ordinal)
        if key in seen_units:
            continue
        seen_units.add(key)
        out.append(c)
    return out
