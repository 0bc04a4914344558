"""What a candidate sentence's own words say: whether it is a heading, states a number, and uses a clause
type's vocabulary (:class:`ClauseKindTest`: is a contract passage the kind of clause the question asks
about)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from pincite.legal.clauses import clause_types_asked, phrase_stems
from pincite.legal.language import NUMBER
from pincite.text.terms import stems


def has_number(sentence: str) -> bool:
    return bool(NUMBER.search(sentence))


def heading_like(sentence: str) -> bool:
    """A clause or section title ("Governing Law; Attorney's Fee.") is not an answer: short and mostly capitalised."""
    words = [w for w in re.findall(r"[A-Za-z][A-Za-z']*", sentence)]
    if not words or len(words) > 12:
        return False
    if not sentence.rstrip().endswith((".", "!", "?", ";", ":", '"', "\u201d", ")")):
        return True  # no closing punctuation: a title line
    caps = sum(1 for w in words if w[0].isupper() or w.lower() in ("of", "and", "the", "to", "in", "for", "on"))
    return caps / len(words) >= 0.8


def strip_numbering(sentence: str) -> str:
    """The sentence without its own enumeration ("(c)", "22.", "s. 4"): numbering is not a stated number."""
    return re.sub(r"^\s*(\(?[0-9a-z]{1,4}[.)]|\[\d+\])\s*", "", sentence)


@lru_cache(maxsize=4096)
def _word_grams(text: str) -> frozenset[tuple[str, ...]]:
    """Every run of up to six stemmed words of ``text`` (what a clause type's phrases are matched against)."""
    words = stems(text)
    return frozenset(tuple(words[i:i + n]) for n in range(1, 7) for i in range(len(words) - n + 1))


def clause_vocabulary_in(text: str, phrases: frozenset[tuple[str, ...]]) -> int:
    """How many of a clause type's phrases (stemmed word sequences) occur in ``text``."""
    return len(phrases & _word_grams(text))


@dataclass(frozen=True)
class ClauseKindTest:
    """Whether a contract passage is the kind of clause a question asks about (governing law, insurance, audit
    rights…): its headings (the caption and the article it sits in) use that clause type's words, or the cited
    sentence itself uses at least :attr:`min_words` of them.  A sentence whose headings name a different clause
    type (a transfer that is an event of default under "Default and Termination") needs :attr:`other_caption_words`.
    A passage failing the test is weak evidence: "maintain confidentiality" shares the question's word
    "maintain" but is no insurance clause."""

    asked: tuple[frozenset[tuple[str, ...]], ...]  # per asked type: its stemmed phrases (asks and says)
    others: frozenset[tuple[str, ...]]  # the stemmed phrases of every other clause type
    min_words: int = 2
    other_caption_words: int = 3

    @classmethod
    def for_question(cls, question: str) -> "ClauseKindTest | None":
        types = clause_types_asked(question)
        if not types:
            return None
        phrases = phrase_stems()
        asked = tuple(phrases[t.key] for t in types)
        mine = frozenset().union(*asked)
        others = frozenset().union(*(ps for key, ps in phrases.items() if key not in {t.key for t in types})) - mine
        return cls(asked, others)

    def passes(self, sentence: str, headings: str) -> bool:
        for phrases in self.asked:
            if clause_vocabulary_in(headings, phrases):
                return True
            need = self.other_caption_words if clause_vocabulary_in(headings, self.others) else self.min_words
            if clause_vocabulary_in(sentence, phrases) >= need:
                return True
        return False
