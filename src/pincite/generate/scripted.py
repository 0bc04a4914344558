"""A scripted generator: the fake at the model boundary, for tests and the gate benchmark.

It replies from a script, one entry per attempt: a string (sent as is), a dict (serialised as the protocol's
JSON), a :class:`~pincite.generate.base.Generation` (a reply with a finish reason, e.g. cut off at the token
limit), an exception (raised, as a server that fails would), or a callable ``(turn, attempt) -> str | dict``.  The builders below make replies that misbehave in every
way the checks exist for, from the real passages of a turn.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any, Union

from pincite.answer.context import ContextPassage, TurnContext
from pincite.legal.sentences import sentence_spans
from pincite.generate.base import Generation

Script = Union[str, dict[str, Any], Generation, Exception, Callable[[TurnContext, int], Union[str, dict[str, Any]]]]


class ScriptedGenerator:
    name = "scripted"

    def __init__(self, script: Sequence[Script]) -> None:
        if not script:
            raise ValueError("a scripted generator needs at least one reply")
        self.script = list(script)
        self.calls: list[list[dict[str, str]]] = []  # the messages each call received

    def generate(self, turn: TurnContext, messages: list[dict[str, str]]) -> str | Generation:
        attempt = len(self.calls)
        self.calls.append([dict(m) for m in messages])
        entry = self.script[min(attempt, len(self.script) - 1)]
        if isinstance(entry, Exception):
            raise entry
        if callable(entry):
            entry = entry(turn, attempt)
        if isinstance(entry, (str, Generation)):
            return entry
        return json.dumps(entry, ensure_ascii=False)


# -- builders: one claim citing one passage, behaving or misbehaving ------------------------------------


def claim(text: str, pid: str, quote: str, **extra: Any) -> dict[str, Any]:
    return {"text": text, "citations": [{"passage": pid, "quote": quote, **extra}]}


def reply(*claims: dict[str, Any]) -> dict[str, Any]:
    return {"claims": list(claims)}


def first_sentence(cp: ContextPassage, min_chars: int = 20) -> str:
    """The first sentence of the passage at least ``min_chars`` long (the whole text if none is)."""
    return first_sentence_of(cp.passage.text, min_chars)


def first_sentence_of(t: str, min_chars: int = 20) -> str:
    for s, e in sentence_spans(t, 0, len(t)):
        if e - s >= min_chars:
            return t[s:e]
    return t.strip()


def good(cp: ContextPassage, text: str = "The passage says this.") -> dict[str, Any]:
    """An exact quote from the cited passage."""
    return claim(text, cp.pid, first_sentence(cp))


def neighbour(cited: ContextPassage, actual: ContextPassage) -> dict[str, Any]:
    """Cites one passage with words that are in another (the neighbour-paragraph bug)."""
    return claim("Neighbour.", cited.pid, first_sentence(actual))


def tidied(cp: ContextPassage) -> dict[str, Any]:
    """Quote marks around a paraphrase: a word changed inside the quotation."""
    words = first_sentence(cp).split()
    i = next((k for k, w in enumerate(words) if len(w) > 3 and w.isalpha()), 0)
    words[i] = "tidied" if words[i] != "tidied" else "neat"
    return claim("Tidied.", cp.pid, " ".join(words))


def never_retrieved(pid: str = "P999", quote: str = "words from a document nobody retrieved") -> dict[str, Any]:
    return claim("Invented.", pid, quote)


def with_pinpoint(cp: ContextPassage, **extra: Any) -> dict[str, Any]:
    """A good quote with a model-stated pinpoint (e.g. page="7", paragraph="[13]")."""
    return claim("The passage says this.", cp.pid, first_sentence(cp), **extra)


def holding_on(cp: ContextPassage) -> dict[str, Any]:
    """States what the court held, resting on this passage alone (a dissent, in the misbehaving case)."""
    return claim("The court held that the appeal should be allowed.", cp.pid, first_sentence(cp))


MALFORMED: list[str] = [
    "I think the answer is yes.",  # prose, no JSON
    '{"claims": "none"}',  # wrong type
    '{"claims": [{"citations": []}]}',  # claim without text
    '{"claims": [{"text": "x", "citations": [{"passage": 3}]}]}',  # wrong citation types
    '```json\n{"claims": [\n```',  # truncated
    "",
]
