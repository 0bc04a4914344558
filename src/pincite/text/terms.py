"""The one analyser: text as the terms tantivy's ``en_stem`` tokenizer indexes, and text as plain words.

The embedded lexical index, PostgreSQL's own inverted index, the contract clause table
(:mod:`pincite.legal.clauses`) and the extractive answerer all read words through these functions, so a word
is the same term everywhere.
"""

from __future__ import annotations

import re
from typing import Any

from pincite.errors import IndexUnavailable

_WORD = re.compile(r"[^\W_]+", re.UNICODE)
#: Question words that say nothing about which passage answers ("what is the ... of this"); left out of the
#: chunk query unless nothing else is left.
STOPWORDS = frozenset(
    "a an the of to in on at by for from with as is are was were be been being do does did has have had "
    "what which who whom whose when where why how whether there this that these those it its any some "
    "and or if can could may might shall should will would".split()
)
_ANALYSER: Any = None


def _tantivy() -> Any:
    try:  # imported on first use: an optional dependency, and slow to load for commands that never search
        import tantivy
    except ImportError:
        raise IndexUnavailable("lexical search needs the 'tantivy' package; install it with 'pip install tantivy'") from None
    return tantivy


def analyse_words(text: str) -> list[str]:
    """``text`` as the terms tantivy's ``en_stem`` tokenizer indexes (lower-cased, stemmed)."""
    global _ANALYSER
    if _ANALYSER is None:
        t = _tantivy()
        _ANALYSER = (t.TextAnalyzerBuilder(t.Tokenizer.simple()).filter(t.Filter.remove_long(40))
                     .filter(t.Filter.lowercase()).filter(t.Filter.stemmer("english")).build())
    return list(_ANALYSER.analyze(text))


def query_words(text: str) -> list[str]:
    """The words of ``text``, lower-cased (everything that is not a letter or digit is a separator)."""
    return [w.lower() for w in _WORD.findall(text)]


def stems(text: str) -> list[str]:
    """``text`` as stemmed words, the way clause phrases are matched ("non-transferable": non, transfer)."""
    return analyse_words(text.replace("-", " "))
