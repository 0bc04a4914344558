"""What the question says: the words it scores with (:func:`question_text`, :func:`drafting_terms`), the names
it uses (:func:`named_words`, :func:`named_phrases`) and whether a document names them all
(:func:`names_present`)."""

from __future__ import annotations

import re

from pincite.legal.clauses import clause_types_asked
from pincite.legal.language import ANSWER_STOPWORDS, EXCLUSION, INTERROGATIVES, JUDICIAL_TITLES, terms
from pincite.store.rows import source_words


def named_words(question: str) -> list[str]:
    """Capitalised words a question names (not its first word, question words or titles): the parties, places
    and Acts a document that answers it must mention."""
    words = [re.sub(r"['\u2019]s$", "", w) for w in re.findall(r"[A-Za-z][\w'\u2019-]*", question)]
    out = []
    for i, w in enumerate(words):
        low = w.lower()
        if i == 0 or len(w) < 2 or not w[0].isupper() or low in INTERROGATIVES or low in ANSWER_STOPWORDS:
            continue
        out.append(low)
    return out


_YEAR = re.compile(r"\b(1[6-9]\d\d|20\d\d)\b")


#: small words that may open a capitalised run without being part of the name ("Under the Companies Act")
_ARTICLES = frozenset("the a an in on under if".split())


def drafting_terms(question: str) -> set[str]:
    """The words a contract writes the clause the question asks about in (the asked clause types' vocabulary,
    :mod:`pincite.legal.clauses`): "when does it expire" is answered by its "term", which "shall continue"."""
    return set(terms(" ".join(s for t in clause_types_asked(question) for s in t.says)))


def question_text(question: str) -> str:
    """The question without an exclusion clause: "Apart from the chair, how many members…" asks about the
    members, and a sentence about the chair does not answer it."""
    q = EXCLUSION.sub("", question, count=1).strip()
    return q if len(q.split()) >= 3 else question


def named_phrases(question: str) -> list[str]:
    """Names of two or more capitalised words a question uses ("Court of Appeal of Ontario", "Companies Act"),
    lower-cased: a document that answers the question names the same thing."""
    out = []
    text = re.sub(r"['\u2019]s\b", ",", question)  # "the Attorney General's Brexit notice": two names
    for m in re.finditer(r"[A-Z][\w-]*(?:\s+(?:of|the|for|on)\s+[A-Z][\w-]*|\s+[A-Z][\w-]*)+", text):
        words = m.group(0).split()
        if m.start() == 0 or words[0].lower() in INTERROGATIVES or words[0].lower() in _ARTICLES:
            continue  # "Was the…", "Which Act…": the question's own first word
        if {w.lower() for w in words} & JUDICIAL_TITLES:
            continue  # "Smith LJ" is "Lord Justice Smith" in the judgment: its words are checked one by one
        out.append(" ".join(re.findall(r"\w+", m.group(0).lower())))
    return out


def names_present(question: str, doc) -> bool:  # type: ignore[no-untyped-def]
    """Every capitalised word (and year, and name of several words) the question names occurs somewhere in
    the document."""
    hay = " ".join((doc.title, doc.citation or "", source_words(doc.source), doc.text)).lower()
    named = named_words(question) + _YEAR.findall(question)
    if not all(re.search(rf"\b{re.escape(x)}", hay) for x in named):
        return False
    flat = " " + " ".join(re.findall(r"\w+", hay)) + " "
    glued = flat.replace(" ", "")  # a file name runs a party's name together: "AcmeWidgetsInc_…"
    return all(f" {p} " in flat or p.replace(" ", "") in glued for p in named_phrases(question))
