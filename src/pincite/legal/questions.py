"""The shapes of questions, as patterns: what a question asks about and which of its words say nothing about
where the answer is.  Each table entry is one regular expression with the reason it exists; the code that acts on
them (retrieval's query, evidence re-ranking, the extractive generator) imports them from here."""

from __future__ import annotations

import re

#: "Besides the Chief Justice and the Associate Chief Justice, how many judges…": the words of an exclusion name
#: what the answer is *not* about, so they are left out of the search (they would find the excluded provisions).
EXCLUSION = re.compile(r"\b(besides|apart from|aside from|other than|except(ing)?( for)?|excluding|not counting)\b"
                       r"[^,;?]{1,120}[,;]\s*", re.I)

#: "… give a party the right to audit", "require either party to maintain insurance": a party left unnamed is no
#: one in particular (every clause binds a party), so these words say nothing about where the answer is, and
#: with "Which…" they would read as a question about who the parties are.
ANY_PARTY = re.compile(r"\b(a|any|either|each|one|a contracting)\s+part(y|ies)\b(?!['\u2019])", re.I)

#: "… under each version of the Tax Court of Canada Act", "… each of these agreements": words that point at the
#: documents in scope say nothing about where in each the answer is.
SCOPE_PHRASE = re.compile(r"\b((under|in|for|of|from|to)\s+)?(each|every|all|any)\s+(one\s+)?(of\s+)?"
                          r"((these|those|the)\s+)?(versions?|agreements?|contracts?|appeals?|cases?|documents?|"
                          r"judgments?|acts?|statutes?)\b(\s+of\s+(the\s+)?[A-Z][^?,;]*)?", re.I)

#: "How many judges…", "what is the maximum fee…": a question answered by a number (a provision stating one ranks
#: higher).
QUANTITY = re.compile(r"\bhow (many|much|long|old)\b|\bnumber of\b|\bmaximum\b|\bminimum\b|"
                      r"\bwhat (age|amount|sum|fee|rate|percentage)\b", re.I)

#: A number in a passage, in digits or in words: what answers a :data:`QUANTITY` question.
NUMBER = re.compile(r"\d|\b(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|"
                    r"fifty|hundred|thousand|million)\b", re.I)

#: A question about what a court decided ("was the appeal allowed?") or why a judge dissented: answered by each
#: judge's disposal and statement of agreement, which share almost no words with the question.
OUTCOME_QUESTION = re.compile(
    r"\b(allow(ed|s)?|dismiss(ed|es)?|decid\w*|decision|held|hold|outcome|result|succeed\w*|fail(ed|s)?|"
    r"restor\w*|grant(ed)?|refus\w*|quash\w*|uphold|upheld|overturn\w*|set aside|win|won|lose|lost|"
    r"dissent\w*|disagree\w*|minority|majority|differ\w*|what order|order(ed)? (did|was|were))\b"
    r"|\bwould\b[^?.]{0,60}\bhave\b",
    re.I,
)

#: A yes/no question ("Is the requirement ... qualified by ...?", "Does the Compact pre-empt ...?") asked of a
#: judgment asks for what the court held: the judges' conclusions answer it.
YES_NO_QUESTION = re.compile(r"^\s*(is|are|was|were|does|do|did|can|could|may|must|should|has|have|had)\b", re.I)

#: A paragraph that gathers a judge's reasoning into a conclusion ("For these reasons, I would have granted
#: permission...", "In conclusion, ... it would not be just and convenient to grant the injunction").
CONCLUSION_OPENING = re.compile(
    r"^\W*\d*\.?\s*(in conclusion|for (all )?(these|those|the) (short |above )?reasons|for the reasons (given|set out|"
    r"stated|explained)|for all of the(se)? reasons|in summary|to summari[sz]e|in the result|overall|accordingly|"
    r"it follows that|i would therefore|i therefore|conclusion)\b",
    re.I,
)


def asks_quantity(question: str) -> bool:
    return bool(QUANTITY.search(question))


def asks_about_outcome(question: str) -> bool:
    """The question asks what was decided, or what a judge would have decided (or is a yes/no question, which a
    judgment answers by its holding)."""
    return bool(OUTCOME_QUESTION.search(question) or YES_NO_QUESTION.search(question))
