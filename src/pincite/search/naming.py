"""What a query says about which document it asks: naming words, naming clauses, pointing words.

The lexical index ranks documents by the rare words a query shares with their title page; the words and
clauses that only name the document are then no evidence for a passage within it (see
:class:`~pincite.search.fusion.FusionSettings` for the figures).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from pincite.legal.language import DEICTIC, INTERROGATIVES
from pincite.text.terms import STOPWORDS, query_words


@dataclass(frozen=True)
class Naming:
    """What a query says about which document it is asking: the prior over documents, the words that named
    the best one, every query word found on its title page, the question left without naming clauses, and the
    contracts it names by their parties."""

    prior: dict[str, float]
    naming: frozenset[str]
    shared: frozenset[str]
    question: str
    parties: tuple[str, ...] = ()  # the contracts it names by their parties (Retriever._named_by_parties)


_CLAUSE = re.compile(r"[^;:?!\n]+[;:?!\n]*")
_SUBCLAUSE = re.compile(r"[^,]+,*")


def strip_naming_clauses(query: str, info: set[str], naming: frozenset[str]) -> tuple[str, frozenset[str]]:
    """(the query without its naming clauses, the content words of those clauses).

    A clause (between ``; : ? !`` or line breaks, up to a comma followed by an interrogative word) names a
    document when at least half its content words are on that document's title page and one of them is a
    naming word (held by few documents).  The query is returned whole when nothing with content would be
    left."""
    kept, words = [], set()

    def names(clause: str) -> list[str] | None:
        content = [w for w in query_words(clause) if w not in STOPWORDS]
        on_page = [w for w in content if w in info]
        ok = content and 2 * len(on_page) >= len(content) and any(w in naming for w in on_page)
        return content if ok else None

    for m in _CLAUSE.finditer(query):
        subs = [x.group(0) for x in _SUBCLAUSE.finditer(m.group(0))]
        # "In Smith v Jones, what did the court decide?": the question starts at its interrogative word
        ask = next((i for i, x in enumerate(subs) if i and (ws := query_words(x)) and ws[0] in INTERROGATIVES),
                   len(subs))
        head = "".join(subs[:ask])
        asks = head.rstrip().endswith("?") or (query_words(head)[:1] or [""])[0] in INTERROGATIVES
        content = None if asks else names(head)  # a question ("right of first offer?") never only names
        if content is not None:
            words.update(content)
        else:
            kept.append(head)
        kept.extend(subs[ask:])
    rest = "".join(kept).strip()
    if not words or not any(w not in STOPWORDS for w in query_words(rest)):
        return query, frozenset()
    return rest, frozenset(words - set(query_words(rest)))


def strip_deictic(question: str) -> str:
    """``question`` without "this contract", "the agreement" and the like: they point at the document the
    question is about (the prior's job), and as words they match every clause that says "this Agreement"."""
    kept = DEICTIC.sub(" ", question)
    return question if not any(w not in STOPWORDS for w in query_words(kept)) else re.sub(r"\s+", " ", kept).strip()


def strip_words(text: str, words: frozenset[str]) -> str:
    """``text`` without ``words`` (compared lower-cased, punctuation kept): what is left of a question once the
    words that named its document are taken out, for the embedding (the document prior already counts them).
    The whole text when nothing but punctuation would be left."""
    kept = re.sub(r"[^\W_]+", lambda m: "" if m.group(0).lower() in words else m.group(0), text)
    kept = re.sub(r"\s+", " ", kept).strip()
    return kept if re.search(r"[^\W_]", kept) else text
