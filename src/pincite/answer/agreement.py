"""Whether a claim agrees with the words it quotes: model-free rules over the claim and the sentence its quotation
sits in (issue 49).

The quote checks prove the quoted words are in the cited unit; this proves the claim does not say the opposite:

* **polarity** — a word the claim and the quoted sentence share is negated in one and not in the other ("not
  abusive" / "abusive", "shall not assign" / "shall assign", "unenforceable" / "enforceable"); a denying frame
  ("I reject the submission that…") negates what follows it;
* **modality** — the same verb under an obligation in one and a permission in the other ("may terminate" /
  "must terminate"); the prohibitions ("shall not", "may not", "must not") agree with each other;
* **party** — the same act given to another party ("the Licensee may assign" / "the Licensor may assign");
* **figure** — the claim's figure is not the quote's figure in the same role (the quote states 60 days where
  the claim says 30), or its comparator faces the other way ("at least 30 days" / "within 30 days");
* **condition** — a claim stated as absolute ("at any time", "in all cases") on a conditional quote.

:func:`judge` returns a :class:`Judgment`: ``contradicts`` with the rule and its plain words, ``doubtful`` when the
only sign against the claim is a negation the rules cannot place on a predicate of both texts, ``agrees`` when the
rules could align the claim with the quote (a shared predicate, modal or figure, and enough of the claim's
words in the quoted sentence) and found nothing against it, ``undecided`` otherwise — for which the caller keeps
its own fallback. Tables live in :mod:`pincite.legal.agreement`.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from dataclasses import dataclass, field
from functools import lru_cache

from pincite.legal.agreement import (ABSOLUTE, ACCEPTING, ANTONYMS, AUXILIARIES, BOTH_SIDES, CONDITION_OPENERS, CLAUSE_OPENERS, ABILITY_WORDS, MODAL_VERBS,
                                     COMPARATORS_AFTER, COMPARATORS_BEFORE, COMPARATOR_SIDE, CONDITIONS, EXTENDED,
                                     DENYING_FRAME, FILLERS, FUNCTION_WORDS, HEDGES, HOLDING,
                                     IRREGULAR_PARTICIPLES, LINKING_WORDS, NEGATED_DO_SO, NEGATING_PREFIXES, NOT_ENTAILING,
                                     NEGATIVE_VERBS, NEGATORS, NEXT_CLAUSE, NOT_NEGATIONS, NOT_PARTIES, NOT_UNTIL, ONLY_AFTER, POINTING_WORDS,
                                     NOT_PREFIXED, OBLIGATION, PARTY_PAIRS, CONDITIONAL_WORDS, EXCEPTION_WORDS,
                                     ACCORDING, DERIVED_ENDINGS, FORBIDDING_VERBS, IRREGULAR_FORMS, LIGHT_VERBS, MODAL_WORDS, REPORTING_WORDS, SYNONYMS, TIME_AFTER, TIME_BEFORE, PARTY_WORDS, PERMISSION,
                                     PROHIBITION, REFERENCE_BEFORE, REJECTING, REPORTED_OBLIGATION,
                                     REPORTED_PERMISSION, SCOPE_PHRASES, SCOPE_WORDS, SUBJECT_NEGATORS,
                                     TO_HEADS)
from pincite.legal.language import MONTHS
from pincite.legal.support import FRAME_WORDS, NOT_NAMES, NUMBER_WORDS, figures
from pincite.text.terms import analyse_words

RULES = ("polarity", "modality", "party", "figure", "comparator", "condition", "scope", "outcome")
PLAIN = {
    "polarity": "the statement says the opposite of the quoted words (a negation added or removed)",
    "modality": "the statement changes what the quoted words oblige or permit (shall, may, must)",
    "party": "the statement gives the act of one party to another",
    "figure": "the statement gives a figure the quoted words state differently",
    "comparator": "the statement turns a limit the other way (at least / at most, within / after)",
    "condition": "the statement is absolute where the quoted words are conditional",
    "outcome": "the statement turns the outcome: accepted where the quoted words reject, decided where "
               "arguable",
    "scope": "the statement states a scope (every case, one party alone, a free choice) the quoted "
             "words do not",
}


@dataclass(frozen=True)
class Judgment:
    verdict: str  # "agrees", "contradicts", "doubtful" (a sign against it, not decisive), "undecided"
    rule: str | None = None
    detail: str = ""

    @property
    def contradicts(self) -> bool:
        return self.verdict == "contradicts"


# -- reading a text ----------------------------------------------------------------------------------------

#: The words that frame a quotation ("the court held", "it is stated that"), less "provide": "the Supplier shall
#: provide" is what a contract obliges, not a frame.
_FRAMES = FRAME_WORDS - {"provide", "provides", "provided", "providing"}

_CONTRACTIONS = ((re.compile(r"\bset\s+aside\b", re.I), "setaside"),  # one word: "set out" is no outcome
                 (re.compile(r"\bcan['’]t\b", re.I), "can not"),
                 (re.compile(r"\bwon['’]t\b", re.I), "will not"),
                 (re.compile(r"\bshan['’]t\b", re.I), "shall not"), (re.compile(r"n['’]t\b", re.I), " not"),
                 (re.compile(r"\bcannot\b", re.I), "can not"))
_TOKEN = re.compile(r"[A-Za-z]+|\d[\d,.]*|[.;:!?]")
_BREAK = frozenset(".;:!?")
_CLAUSE_WORDS = frozenset({"but", "whereas", "although", "however", "while"})
#: "… has not persuaded me that he was wrong, and I would therefore dismiss": a joiner before a subject pronoun
#: opens a clause of its own, out of the reach of the negation before it.
_JOINERS = frozenset({"and", "so", "therefore", "thus", "hence"})
_SUBJECT_PRONOUNS = frozenset({"i", "we", "he", "she", "they"})


@lru_cache(maxsize=65536)
def stem(word: str) -> str:
    out = analyse_words(word)
    return out[0] if out else word.lower()


@dataclass
class Reading:
    text: str
    words: list[str] = field(default_factory=list)  # lower-cased
    starts: list[int] = field(default_factory=list)
    clause: list[int] = field(default_factory=list)
    neg: list[int] = field(default_factory=list)  # negations over each word (parity is what counts)
    caps: set[str] = field(default_factory=set)  # capitalised words (a document's defined terms, names)
    verbal: set[int] = field(default_factory=set)  # words in the scope of "not" or "never"
    framed: set[int] = field(default_factory=set)  # words a denying frame negates ("I reject … that X")
    hedged: set[int] = field(default_factory=set)  # read both ways ("unless …", before "failure to do so")
    unsaid: set[int] = field(default_factory=set)  # left open: "it does not follow that *the judge was wrong*"

    def content(self, i: int) -> bool:
        w = self.words[i]
        return (w.isalpha() and len(w) > 2 and w not in FUNCTION_WORDS and w not in AUXILIARIES
                and w not in NEGATORS and w not in _FRAMES and w not in NUMBER_WORDS)


#: Words a noun phrase's modifiers may be besides capitalised words and figures ("section 30 Public Service
#: Superannuation Act payment").
_MODIFIER_WORDS = frozenset({"section", "subsection", "paragraph", "clause", "article", "of", "the", "and"})


#: Words opening a condition whose clause ends at its comma ("If no …, the Licensee may").
_OPENERS = frozenset({"if", "where", "when", "whenever", "once", "unless"})


def _in_condition(r: Reading, t: str, i: int) -> bool:
    """Whether word ``i`` stands in a condition's clause: an opener (:data:`_OPENERS`) before it in its clause,
    no comma between."""
    for k in range(i - 1, -1, -1):
        if r.clause[k] != r.clause[i] or "," in t[r.starts[k]:r.starts[k + 1]]:
            return False
        if r.words[k] in _OPENERS:
            return True
    return False


def _named_subject(r: Reading, t: str, i: int) -> bool:
    """Whether the negator at ``i`` opens a long subject — modifiers that are capitalised words, figures or
    references, then its head noun, then an auxiliary ("no section 30 Public Service Superannuation Act payment
    *has* been made"): it negates that subject's predicate, as "no payment has been made" does."""
    n = len(r.words)
    for j in range(i + 2, min(n, i + 13)):
        if r.clause[j] != r.clause[i]:
            return False
        if r.words[j] in AUXILIARIES:
            return j >= i + 3 and "," not in t[r.starts[i]:r.starts[j]] and all(
                t[r.starts[k]:r.starts[k] + 1].isupper() or r.words[k][:1].isdigit() or r.words[k] in _MODIFIER_WORDS
                for k in range(i + 1, j - 1))
    return False


def _under_negation(r: Reading, t: str, i: int) -> bool:
    """Whether the negator at ``i`` ("without") stands under a negated modal in its clause: a "not", "no",
    "never" before it with a modal beside the negation, no comma between ("*No* person *may* enter *without* a
    permit", "*shall not* assign *without* consent"; not "saw *nothing* incoherent in … without …")."""
    modal = False
    for k in range(i - 1, max(-1, i - 13), -1):
        if r.clause[k] != r.clause[i] or "," in t[r.starts[k]:r.starts[i]]:
            return False
        modal = modal or r.words[k] in MODAL_VERBS
        if r.words[k] in ("not", "no", "never", "nothing", "neither", "nor", "none"):
            return modal or k > 0 and r.words[k - 1] in MODAL_VERBS
    return False



@lru_cache(maxsize=8192)  # a quotation's sentence is read by several rules and again for each claim citing it
def read(text: str) -> Reading:
    """The words of ``text`` with their clauses and negations (cached: not to be changed by the caller)."""
    t = text
    for pat, rep in _CONTRACTIONS:
        t = pat.sub(rep, t)
    r = Reading(t)
    masked: set[int] = set()
    for m in NOT_NEGATIONS.finditer(t):
        masked.update(range(m.start(), m.end()))
    clause = 0
    for m in _TOKEN.finditer(t):
        w = m.group(0)
        if w in _BREAK:
            clause += 1
            continue
        low = w.lower()
        if low in _CLAUSE_WORDS or (low in _SUBJECT_PRONOUNS and r.words and r.words[-1] in _JOINERS):
            clause += 1
        if w[:1].isupper() and len(w) > 2:
            r.caps.add(low)
        if r.words and r.words[-1] == "re" and t[m.start() - 1:m.start()] == "-":
            low = "re" + low  # "re-instated" is one word, not "instated"
            r.words.pop()
            r.starts.pop()
            r.clause.pop()
        r.words.append(low if m.start() not in masked else "\0" + low)
        r.starts.append(m.start())
        r.clause.append(clause)
    n = len(r.words)
    r.neg = [0] * n
    r.hedged = set()
    r.unsaid = set()
    covers: list[list[int]] = [[] for _ in range(n)]  # where each word's negators stand
    # a negator scopes over the next four words of its clause, auxiliaries and fillers not counted ("not said
    # to have been given": said, given)
    r.verbal = set()
    for i, w in enumerate(r.words):
        if w in NEGATORS or w in NEGATIVE_VERBS or w == "failure":
            counted = 0
            # "No person shall enter…", "Neither party shall have … any power": a subject's negator negates
            # its whole clause (up to the next negator), as "A person shall not enter…" does
            limit = 4
            comma = t.find(",", r.starts[i])
            if w == "nor" and "neither" in r.words[max(0, i - 12):i]:
                limit = n  # "Neither this Agreement nor any part of it may be assigned": one negation, the subject's
            elif w in SUBJECT_NEGATORS and any(r.words[j] in AUXILIARIES and r.clause[j] == r.clause[i]
                                             and (comma < 0 or r.starts[j] < comma)
                                             for j in range(i + 1, min(n, i + 6))):
                limit = n
            elif w in SUBJECT_NEGATORS and _named_subject(r, t, i):
                limit = n  # "no section 30 Public Service Superannuation Act payment has been made"
            # "If none of the foregoing alternatives is available …, DIALOG may terminate", "if … the owner is not
            # known, order that it be forfeited": a negator in a condition negates the condition's clause, which
            # ends at its comma, not what the condition opens
            ends = comma if comma >= 0 and _in_condition(r, t, i) else len(t)
            for j in range(i + 1, n):
                if r.clause[j] != r.clause[i] or counted >= limit or r.words[j] in NEGATORS or r.starts[j] > ends:
                    break  # a negator's scope ends where another's begins: "not assign *without* consent"
                if (w == "neither" and r.words[j] == "nor") or r.words[j] in CONDITION_OPENERS:
                    break  # "shall not charge tolls *until* the tariff is approved": the approval is not denied
                if counted and r.words[j] in CLAUSE_OPENERS:
                    break  # "cannot be made *where* an emergency protection order ought to be": the condition is
                    # not denied; "it does not matter *whether* a promise can be implied" (not "not if …")
                if (w in NEGATIVE_VERBS or w == "failure") and counted and r.words[j] in AUXILIARIES \
                        and r.words[j] not in ("be", "been", "being", "to"):
                    break  # "*refusing* the extension would be unjust": the refusal is the subject, not denied
                r.neg[j] += 1
                if r.words[j] in NOT_ENTAILING:  # "does not mean that the judge was wrong": neither said nor denied
                    r.unsaid.update(k for k in range(j + 1, n) if r.clause[k] == r.clause[i])
                    break
                covers[j].append(r.starts[i])
                if w in ("not", "never"):
                    r.verbal.add(j)
                if r.words[j] not in AUXILIARIES and r.words[j] not in FILLERS:
                    counted += 1
        elif w == "non":  # "non-exclusive", "non exclusive": the next word only
            if i + 1 < n:
                r.neg[i + 1] += 1
    # "no contractual right for the Contractor to claim": a determiner's negation reaches the infinitive its noun
    # governs, as "has no right to claim" says "cannot claim"
    for i, w in enumerate(r.words):
        if w in ("no", "without", "none", "nothing"):
            for j in range(i + 1, min(n, i + 9)):
                if r.clause[j] != r.clause[i] or r.words[j] in NEGATORS:
                    break
                if r.words[j] == "to" and j + 1 < n and r.clause[j + 1] == r.clause[i] and j >= i + 5:
                    r.neg[j + 1] += 1  # beyond the four-word reach, which already covers a nearer one
                    break
    # "is barred from making", "prohibits the Licensee from misrepresenting": what follows "from" is denied
    for i, w in enumerate(r.words):
        if w in FORBIDDING_VERBS:
            at = next((j for j in range(i + 1, min(n, i + 7)) if r.words[j] == "from"
                       and r.clause[j] == r.clause[i]), None)
            counted = 0
            for j in range(at + 1 if at is not None else n, n):
                if r.clause[j] != r.clause[i] or counted >= 4 or r.words[j] in NEGATORS:
                    break
                r.neg[j] += 1
                if r.words[j] not in AUXILIARIES and r.words[j] not in FILLERS:
                    counted += 1
    # "I reject the submission that X": X is denied
    for m in DENYING_FRAME.finditer(t):
        first = next((k for k, s in enumerate(r.starts) if s >= m.end()), None)
        if first is None:
            continue
        for j in range(first, n):
            if r.clause[j] != r.clause[first]:
                break
            if not any(m.start() <= at < m.end() for at in covers[j]):
                r.neg[j] += 1  # the frame's own "not" ("I do not consider that …") already reaches this word
            r.framed.add(j)
    # "No newsletter communication may go out *without* the Company's approval", "shall not assign without
    # consent": a "without" under another negation requires what follows it ("must be approved by Company") —
    # read both ways, as an exception is
    for i, w in enumerate(r.words):
        if w == "without" and _under_negation(r, t, i):
            counted = 0
            for j in range(i + 1, n):
                if r.clause[j] != r.clause[i] or counted >= 4 or r.words[j] in NEGATORS:
                    break
                r.hedged.add(j)
                if r.words[j] not in AUXILIARIES and r.words[j] not in FILLERS:
                    counted += 1
    # "unless the application is made within one year": an exception is the rule's negation and its
    # restatement ("applications not made within one year") alike — its words are read both ways; so are the
    # words a negated "do so" takes back ("must act without partiality, and any failure to do so")
    for i, w in enumerate(r.words):
        if w == "unless":
            r.hedged.update(j for j in range(i + 1, min(n, i + 14)) if r.clause[j] == r.clause[i])
    for m in NEGATED_DO_SO.finditer(t):
        r.hedged.update(k for k, s in enumerate(r.starts) if s < m.start())
    r.words = [w.lstrip("\0") for w in r.words]
    return r




# -- the rules -----------------------------------------------------------------------------------------------


def _base(word: str, other: set[str]) -> tuple[str, int]:
    """A word and whether a negating prefix is on it, read against the other text's words: "unenforceable" is
    "enforceable" negated only when the other text says "enforceable"."""
    if word in NOT_PREFIXED:
        return word, 0
    for p in NEGATING_PREFIXES:
        if word.startswith(p) and len(word) - len(p) >= 4 and word[len(p):] in other:
            return word[len(p):], 1
    return word, 0


def _both(r: Reading, other: set[str]) -> set[str]:
    """The words a prefix is read against: the other text's and the text's own ("held *illegal* … remain
    *legal*": the claim says both)."""
    return other | set(r.words)


def _occurrences(r: Reading, other: set[str]) -> dict[str, list[tuple[int, bool]]]:
    """Each content stem's occurrences: (polarity, whether it is a predicate there)."""
    preds = _predicate_positions(r)
    out: dict[str, list[tuple[int, bool]]] = {}
    for i, w in enumerate(r.words):
        if not r.content(i):
            continue
        base, pre = _base(w, other)
        out.setdefault(stem(base), []).append(((r.neg[i] + pre) % 2, i in preds))
        if i in r.hedged or i in r.unsaid:
            out[stem(base)].append(((r.neg[i] + pre + 1) % 2, i in preds))
    return out


def _predicate_positions(r: Reading) -> set[int]:
    """The predicates: the first content word after an auxiliary, modal or "not" ("was not *abusive*", "shall
    *assign*", "may not *terminate*", "was not her *right*")."""
    out: set[int] = set()
    for i in range(1, len(r.words)):
        if not r.content(i):
            continue
        j = i - 1
        owned = False
        while j >= 0 and r.clause[j] == r.clause[i] and (r.words[j] in _BETWEEN or r.words[j].endswith("ly")):
            owned = owned or r.words[j] in _POSSESSIVES
            j -= 1
        if j >= 0 and r.clause[j] == r.clause[i] and r.words[j] == "to":
            # an infinitive after a head that takes one ("the right to *claim*"); else "to" is a preposition
            # ("contribute to divisible surplus", "effect to its conflict rules")
            if not owned and j >= 1 and r.words[j - 1] in TO_HEADS:
                out.add(i)
        elif j >= 0 and r.clause[j] == r.clause[i] and r.words[j] in AUXILIARIES | {"not", "never"}:
            out.add(i)
    return out


_POSSESSIVES = frozenset({"her", "his", "its", "their", "our", "my", "your"})
_BETWEEN = (FILLERS - {"to"}) | _POSSESSIVES | {"entirely", "wholly"}


def _predicates(r: Reading) -> set[str]:
    """Predicates, and the words "not" or "never" negates ("is not on or *close* to the boundary")."""
    return {stem(r.words[i]) for i in _predicate_positions(r) | {j for j in r.verbal if r.content(j)}}


def _prefixed(r: Reading, other: set[str]) -> set[str]:
    return {stem(b) for i, w in enumerate(r.words) if r.content(i) for b, pre in (_base(w, other),) if pre}


_NO_AFTER = frozenset({"of", "with", "has", "have", "had", "is", "are", "was", "were", "be", "in", "to",
                       "at"})


def _directly_negated(r: Reading) -> set[str]:
    """The words right after "not", "no", "without" or "never" (an article or "any" between)."""
    out: set[str] = set()
    for i, w in enumerate(r.words):
        # "no" as a subject ("no proceedings are to be taken") negates its clause, which a claim restates on
        # the verb ("proceedings cannot be brought"): only "of no force", "has no effect" count here
        if w in ("not", "without", "never") or (w == "no" and i and r.words[i - 1] in _NO_AFTER):
            j = i + 1
            while j < len(r.words) and r.words[j] in ("a", "an", "the", "any"):
                j += 1
            if j < len(r.words) and r.content(j) and r.neg[j] % 2:
                out.add(stem(r.words[j]))
    return out


def _polarity_of(occ: list[tuple[int, bool]]) -> set[int]:
    preds = [p for p, is_pred in occ if is_pred]
    return set(preds or [p for p, _ in occ])


def _waits_both_ways(claim: Reading, quote: Reading) -> bool:
    """One text says "shall not … until X", the other "may … only after X": the same rule, negation and
    permission the other way round."""
    return bool((NOT_UNTIL.search(quote.text) and ONLY_AFTER.search(claim.text)) or (
        NOT_UNTIL.search(claim.text) and ONLY_AFTER.search(quote.text)))


def _reach_edge(claim: Reading, quote: Reading, h: str, in_claim: bool) -> bool:
    """Whether ``h`` differs only by where a negation's reach ends: the text that negates it negates, near it in
    its clause, a word the other text negates too, and the other text has ``h`` after that word, further from
    its negator ("does not meet the *requirements* of *article* 4" / "fails to comply with the *requirements* of
    article 4"; "not as *PPD*'s *employee*" / "not as an *employee* … of PPD": one negation over the same
    words, reaching one word further in one text)."""
    neg, other = (claim, quote) if in_claim else (quote, claim)
    at = [i for i, w in enumerate(neg.words) if stem(w) == h and neg.neg[i] % 2]
    there = [i for i, w in enumerate(other.words) if stem(w) == h]
    if not at or not there:
        return False
    for i in at:
        for k in range(max(0, i - 8), min(len(neg.words), i + 9)):
            if k == i or neg.clause[k] != neg.clause[i] or not neg.content(k) or not neg.neg[k] % 2:
                continue
            if any(neg.words[x] in NEGATORS or neg.words[x] in NEGATIVE_VERBS or neg.words[x] in FORBIDDING_VERBS
                   for x in range(min(i, k) + 1, max(i, k))):
                continue  # another negation's word ("may not end this Agreement if *none* of the alternatives")
            # the shared word's negated occurrences (a heading's "ASSIGNS" before "may not be assigned" is
            # another occurrence, not the one the negation is over)
            mates = [j for j, w in enumerate(other.words) if stem(w) == stem(neg.words[k]) and other.neg[j] % 2]
            if not mates:
                continue
            # an occurrence before the negation is another word's subject ("the *Parties* acknowledge that this
            # Agreement does not create an exclusive relationship between the Parties"), not the one reached
            reached = [t for t in there if not (t < min(mates) and any(
                other.words[x] in NEGATORS for x in range(t + 1, min(mates))))]
            if reached and all(t > max(mates) for t in reached):
                return True
    return False


_VOICE_REACH = 8  # words from a passive's subject to its participle ("This Agreement may not be assigned")


def _voice_turned(claim: Reading, quote: Reading, h: str, in_claim: bool) -> bool:
    """Whether ``h`` differs only by voice: the text that negates it has it as what a negated verb acts on
    ("the Professional *cannot assign the Agreement*", "prevents the *making of* a child assessment *order*") or
    as the "by" party of a negated passive ("may not be *assigned by the Professional*"), the other as the subject
    of the same verb negated in the other voice ("this *Agreement may not be assigned*", "the *Professional
    cannot assign*") — one denial said the other way round.  Who acts must be the same: a passive's "by" party is
    who acts, and where both texts name one they must agree (the party rules read swaps too)."""
    neg, other = (claim, quote) if in_claim else (quote, claim)
    verbs: dict[str, list[tuple[int, bool]]] = {}  # a negated verb's root: (where, whether h is its "by" party)
    for i, w in enumerate(neg.words):
        if stem(w) != h or not neg.neg[i] % 2:
            continue
        agent = _agent(neg, i)
        for k in range(max(0, i - 6), i):
            if neg.clause[k] == neg.clause[i] and neg.content(k) and neg.neg[k] % 2 and stem(neg.words[k]) != h \
                    and (not agent or _participle(neg.words[k]) and _after_be(neg, k)):
                verbs.setdefault(_root(neg.words[k]), []).append((k, agent))
    if not verbs:
        return False
    for t, w in enumerate(other.words):
        if stem(w) != h or other.neg[t] % 2:
            continue
        negated = False
        for p in range(t + 1, min(len(other.words), t + _VOICE_REACH + 1)):
            if other.clause[p] != other.clause[t]:
                break
            negated = negated or other.words[p] in NEGATORS or other.words[p] in FORBIDDING_VERBS
            if not negated or not other.content(p) or other.words[p] in _MODAL_HEADS:
                continue  # "is not *permitted* to assign", "is *prohibited* from assigning": the verb follows
            ks = verbs.get(_root(other.words[p]))
            passive = _participle(other.words[p]) and _after_be(other, p)
            if not ks or not other.neg[p] % 2:
                break  # the subject's predicate is another verb, or not negated
            if any(agent for _, agent in ks):  # h acts in both: by the passive there, as the subject here
                if not passive:
                    return True
                break
            if not passive:
                break
            agent = _doer(other, p, _VOICE_REACH)  # "shall not be provided to any third party by LeadersOnline"
            doers = [d for k, _ in ks if (d := _doer(neg, _modal_head(neg, k)))]
            return not (agent and doers and not any(d & agent or _short_for(d, agent, neg, other) for d in doers))
    return False


#: The words a modal is said in before its verb ("is not *permitted* to assign", "is *prohibited* from assigning").
_MODAL_HEADS = frozenset(MODAL_WORDS) | FORBIDDING_VERBS | ABILITY_WORDS


def _modal_head(r: Reading, k: int) -> int:
    """The word whose subject acts at verb ``k``: the modal's word before its "to" or "from" ("the Company is not
    *permitted* to assign": the Company's), else ``k``."""
    if k >= 2 and r.words[k - 1] in ("to", "from") and r.words[k - 2] in _MODAL_HEADS:
        return k - 2
    return k


def polarity(claim: Reading, quote: Reading) -> tuple[str, bool] | None:
    """A word negated in one text and affirmed in the other, and whether that is decisive: it is when the word is
    a predicate in both ("was not *abusive*" / "was *abusive*"), or a requirement dropped ("without notice"), or
    an outcome turned ("allowed" / "dismiss"). A word only within a negation's reach in one of them ("no
    contractual right for the Contractor to *claim*" / "the Contractor has no right to *claim*") may be the same
    proposition said another way: not decisive."""
    if _waits_both_ways(claim, quote):
        return None  # "no report shall be made until X" says "a report may be made only after X"
    cw, qw = set(claim.words), set(quote.words)
    co, qo = _occurrences(claim, cw | qw), _occurrences(quote, cw | qw)
    cp = {k: _polarity_of(v) for k, v in co.items()}
    qp = {k: _polarity_of(v) for k, v in qo.items()}
    heads = _predicates(claim) | _predicates(quote)
    # a word with a negating prefix in one text and bare in the other ("irrelevant" / "relevant", "unlikely" /
    # "likely"), and a word a negator stands right before ("without *giving* effect", "of no *force*"): each
    # is weighed wherever it stands
    heads |= _prefixed(claim, qw) | _prefixed(quote, cw) | _directly_negated(claim) | _directly_negated(quote)
    # decisive: a predicate of both (prefixes read as negations: "is enforceable" / "is unenforceable"), or a
    # word a denying frame negates ("I reject the submission that the judge erred")
    strict = {stem(_base(claim.words[i], qw)[0]) for i in _predicate_positions(claim) | claim.framed} & {
        stem(_base(quote.words[i], cw)[0]) for i in _predicate_positions(quote) | quote.framed}
    strict |= {stem(_base(claim.words[i], qw)[0]) for i in claim.framed if claim.content(i)}
    strict |= {stem(_base(quote.words[i], cw)[0]) for i in quote.framed if quote.content(i)}
    weak: str | None = None
    for h in sorted(heads, key=lambda x: (x not in strict, x)):
        a, b = cp.get(h), qp.get(h)
        if a and b and len(a) == 1 and len(b) == 1 and a != b:
            why = (f"'{h}' is {'negated' if 1 in a else 'affirmed'} in the statement and "
                   f"{'negated' if 1 in b else 'affirmed'} in the quoted words")
            if h in strict:
                return why, True
            if not weak and not _reach_edge(claim, quote, h, 1 in a) and not _voice_turned(claim, quote, h,
                                                                                             1 in a):
                weak = why
    if not weak and not claim.unsaid and not set(claim.words) & NOT_ENTAILING:
        # the quoted words leave open what the statement asserts ("it does not follow that X" / "X")
        opened = {stem(quote.words[i]) for i in quote.unsaid if quote.content(i)} - {
            stem(claim.words[i]) for i in claim.unsaid}
        preds = _predicate_positions(claim)
        said = {stem(w) for i, w in enumerate(claim.words) if claim.content(i) and i in preds}
        left = sorted(opened & said)
        if left:
            weak = f"the quoted words leave '{left[0]}' open (it does not follow, it does not mean); the statement " \
                   "asserts it"
    dropped = _requirement_dropped(claim, quote)
    if dropped:
        return f"the statement does without the '{dropped}' the quoted words require", True
    for x, y in _OPPOSITES:  # "allowed" where the quoted words "dismiss", each affirmed, neither in the other
        a = next((p for k, p in cp.items() if k.startswith(x)), None)
        b = next((p for k, p in qp.items() if k.startswith(y)), None)
        if a and b and a == b and len(a) == 1 and not any(k.startswith(y) for k in cp) and not any(
                k.startswith(x) for k in qp):
            return f"the statement says '{x}…' where the quoted words say '{y}…'", True
    return (weak, False) if weak else None


#: Words after which a thing is not had: "without notice", "unless the Licensor consents", "except with consent".
_LACKING = frozenset({"without", "unless", "except", "no", "nor", "not", "never", "neither"})


def _lacked(r: Reading) -> dict[str, set[bool]]:
    """Each content stem and whether each of its occurrences follows a word of lacking in its clause."""
    out: dict[str, set[bool]] = {}
    for i, w in enumerate(r.words):
        if not r.content(i):
            continue
        lack = any(r.words[j] in _LACKING and r.clause[j] == r.clause[i] for j in range(max(0, i - 4), i))
        out.setdefault(stem(w), set()).add(lack)
    return out


def _requirement_dropped(claim: Reading, quote: Reading) -> str | None:
    """"without any notice" where the quoted words require notice ("on twelve months' notice")."""
    q = _lacked(quote)
    for i, w in enumerate(claim.words):
        if w != "without" or _under_negation(claim, claim.text, i):
            continue  # "may not go out without approval" requires the approval: it does not do without it
        # what is done without: up to its head noun ("without the other party's prior written *consent*")
        things = [claim.words[j] for j in range(i + 1, min(len(claim.words), i + 8))
                  if claim.clause[j] == claim.clause[i] and claim.content(j)]
        seen = [q.get(stem(t)) for t in things]
        if things and all(x == {False} for x in seen):
            return things[-1]
    return None


_OPPOSITES = tuple(ANTONYMS) + tuple((b, a) for a, b in ANTONYMS)


def _phrases(items: tuple[str, ...]) -> list[str]:
    out = set(items)
    for p in items:  # "is entitled to" is also "be entitled to" ("will be entitled to")
        for lead in ("is ", "are "):
            if p.startswith(lead):
                out.add("be " + p[len(lead):])
    return sorted(out, key=len, reverse=True)


#: One pattern a class (prohibitions first: "shall not" before "shall"), its phrases longest first.
_MODALS = [(cls, re.compile(r"\b(?:" + "|".join(re.escape(p).replace(r"\ ", r"\s+") for p in _phrases(items))
                            + r")\b", re.I))
           for cls, items in (("prohibition", PROHIBITION), ("obligation", OBLIGATION),
                              ("permission", PERMISSION))]


_DAY_AFTER = re.compile(r"\s+\d{1,2}\b")
_DAY_BEFORE = re.compile(r"\b\d{1,2}(?:st|nd|rd|th)?\s+$")


@lru_cache(maxsize=8192)
def _modal_spans(text: str) -> tuple[tuple[int, int, str], ...]:
    spans: list[tuple[int, int, str]] = []
    taken: set[int] = set()
    for cls, pat in _MODALS:
        for m in pat.finditer(text):
            if m.group(0) == "May" and (_DAY_AFTER.match(text, m.end()) or _DAY_BEFORE.search(text, 0, m.start())):
                continue  # "by May 31 of each year", "on 4 May": a month, not a permission
            if taken.isdisjoint(range(m.start(), m.end())):
                spans.append((m.start(), m.end(), cls))
                taken.update(range(m.start(), m.end()))
    return tuple(sorted(spans))


#: How far a modal's verb may stand after an aside between commas ("may, if it is not satisfied that … or if the
#: owner … is not known, *order* …").
_ASIDE_WORDS = 60


def _after_aside(r: Reading, end: int, first: int) -> list[int]:
    """Where a modal ending at ``end`` may have its verb besides its next word: past an aside between commas
    that opens right after it ("may, if it is not satisfied that the substance, precursor or property should be
    returned …, *order* …"; "may, by regulation, *repeal*") — each word after a comma of the aside, its clause's
    list commas included, since which comma closes the aside cannot be told from punctuation alone."""
    if "," not in r.text[end:r.starts[first]]:
        return []
    return [k for k in range(first + 1, min(len(r.words), first + _ASIDE_WORDS))
            if r.clause[k] == r.clause[first] and "," in r.text[r.starts[k - 1]:r.starts[k]]]


@dataclass(frozen=True)
class _Act:
    verb: str
    modality: str | None
    actor: str | None
    after: frozenset[str] = frozenset()  # the content words after the verb: what is done


def _party_words(a: Reading, b: Reading) -> set[str]:
    return set(PARTY_WORDS) | (a.caps & b.caps)


def _actor_before(r: Reading, i: int, parties: set[str]) -> str | None:
    """The party named just before word ``i`` in its clause (skipping auxiliaries, modals and negators)."""
    for j in range(i - 1, max(-1, i - 9), -1):
        if r.clause[j] != r.clause[i]:
            return None
        w = r.words[j]
        if w in parties:
            # "with leave of the Court or a judge, the legal representative … may": a comma between them ends
            # the phrase the party stands in
            return None if "," in r.text[r.starts[j]:r.starts[i]] else w
        if w in ("by",):  # "is payable by the Buyer": the actor follows, not precedes
            return None
        if r.content(j) and w not in parties and not w.endswith("ly"):
            return None
    return None


def _acts(r: Reading, parties: set[str]) -> list[_Act]:
    spans = list(_modal_spans(r.text))
    # a modal before another: "will be entitled to" is a permission, "shall be required to" an obligation — the
    # later governs — but "may be required to" is only possibly required, and "shall not be required" forbids
    kept: list[tuple[int, int, str]] = []
    for k, sp in enumerate(spans):
        if k + 1 < len(spans) and 0 <= spans[k + 1][0] - sp[1] <= 4:
            nxt = spans[k + 1]
            if sp[2] in ("permission", "prohibition"):
                spans[k + 1] = (nxt[0], nxt[1], sp[2])
            continue
        kept.append(sp)
    acts: list[_Act] = []
    for start, end, cls in kept:
        first = bisect_left(r.starts, end)
        if first >= len(r.starts):
            continue
        lead = bisect_left(r.starts, start)
        if cls != "prohibition" and r.neg[lead] % 2:  # "No person may enter", "nothing ... shall prevent"
            cls = "prohibition"
        for at in [first] + _after_aside(r, end, first):
            verb = next((k for k in range(at, min(len(r.words), at + 4)) if r.content(k)
                         and r.clause[k] == r.clause[at]), None)
            if verb is None:
                continue
            after = frozenset(stem(r.words[k]) for k in range(verb + 1, min(len(r.words), verb + 7))
                              if r.content(k) and r.clause[k] == r.clause[verb])
            # "the Fee shall be paid to the Licensor": the subject of a passive is not who acts
            # "… may not be assigned by the Professional": a passive's "by" party is who acts
            actor = _by_party(r, verb, parties) if _participle(r.words[verb]) and _after_be(r, verb) \
                else _actor_before(r, lead, parties)
            acts.append(_Act(stem(r.words[verb]), cls, actor, after))
    return acts


def _by_party(r: Reading, i: int, parties: set[str]) -> str | None:
    """The party of the "by" phrase right after the passive participle at ``i`` ("assigned *by the
    Professional*"), when it names one."""
    j = i + 1
    if j < len(r.words) and r.words[j] == "by" and r.clause[j] == r.clause[i]:
        j += 1
        while j < len(r.words) and r.words[j] in _ARTICLE:
            j += 1
        if j < len(r.words) and r.clause[j] == r.clause[i] and r.words[j] in parties:
            return r.words[j]
    return None


def modality_and_party(claim: Reading, quote: Reading) -> tuple[str, str] | None:
    parties = _party_words(claim, quote)
    cacts, qacts = _acts(claim, parties), _acts(quote, parties)
    for ca in cacts:
        same = [qa for qa in qacts if qa.verb == ca.verb]
        if not same:
            continue
        if len(same) > 1:  # the verb acts twice in the quoted words: compare with the act doing the same thing
            best = max(len(qa.after & ca.after) for qa in same)
            same = [qa for qa in same if len(qa.after & ca.after) == best]
        if ca.modality and all(qa.modality and ca.modality != qa.modality for qa in same):
            return "modality", (f"'{ca.verb}' is under {ca.modality} in the statement and under "
                                f"{same[0].modality} in the quoted words")
        swapped = _swapped(ca.actor, [qa.actor for qa in same], quote)
        if swapped:
            return "party", f"the statement has the {ca.actor} {ca.verb}; the quoted words, the {swapped}"
    role = _role_swapped(claim, quote)
    if role:
        return "party", role
    # acts without a modal ("the appellant argued", "the Buyer pays"): the actor of a shared verb
    roles = set(PARTY_WORDS)  # without a modal, only role words are read as actors ("the Site owned by…" is none),
    # and only of a predicate or of the word right after them ("the appellant argued", "the licensee was Glu")
    for i in range(len(claim.words)):
        if not claim.content(i) or _passive(claim, i) or not _acted(claim, i, roles):
            continue
        s = stem(claim.words[i])
        a = _actor_before(claim, i, roles)
        if a is None or a in BOTH_SIDES:
            continue
        others = [_actor_before(quote, k, roles) for k in range(len(quote.words))
                  if quote.content(k) and stem(quote.words[k]) == s and not _passive(quote, k)
                  and _acted(quote, k, roles)]
        swapped = _swapped(a, others, quote)
        if swapped:
            return "party", f"the statement has the {a} {claim.words[i]}; the quoted words, the {swapped}"
    return None


def modality_stated(claim: Reading, quote: Reading) -> str | None:
    """The claim states obligation where the quoted sentence's act on the same words states permission, or the
    other way round, on whatever verb ("ALFA AESAR is required to keep advertising and promoting the Products"
    / "may continue to advertise and promote the Products"; "obliges each band council to pass a by-law" /
    "may make a by-law"): a sign against the claim, not decisive.  "can" and "could" in a claim often say only
    what is possible ("can last no longer than one year"): not read here."""
    parties = _party_words(claim, quote)
    content = frozenset(stem(w) for i, w in enumerate(claim.words) if claim.content(i))
    mine = [(a.modality, a.after | {a.verb}) for a in _acts(claim, parties)
            if a.modality in ("obligation", "permission") and not _weak_modal(claim, a)]
    if REPORTED_OBLIGATION.search(claim.text):
        mine.append(("obligation", content))
    if REPORTED_PERMISSION.search(claim.text):
        mine.append(("permission", content))
    theirs = [(a.modality, a.after | {a.verb}) for a in _acts(quote, parties)]
    for cls, words in mine:
        near = {m for m, w in theirs if w & words}
        other = "permission" if cls == "obligation" else "obligation"
        if near and other in near and cls not in near:
            return f"the statement states {cls}; the quoted words, {other}"
    return None


def _weak_modal(r: Reading, act: _Act) -> bool:
    """A claim's "can", "could", "is to", "are to" before the act's verb: possibility or description."""
    for i, w in enumerate(r.words):
        if stem(w) == act.verb:
            before = r.words[max(0, i - 3):i]
            return any(b in ("can", "could") for b in before) or (len(before) >= 2 and before[-1] == "to" and
                                                                 before[-2] in ("is", "are", "was", "were"))
    return False


def _neighbours(r: Reading, i: int) -> set[str]:
    out: set[str] = set()
    for step in (-1, 1):
        j, got = i + step, 0
        while 0 <= j < len(r.words) and got < 3 and abs(j - i) <= 6:
            if r.content(j) and r.words[j] not in PARTY_WORDS:
                out.add(stem(r.words[j]))
                got += 1
            j += step
    return out


def _party_triples(r: Reading, parties: set[str], anchors: set[str]) -> set[tuple[str, str, str]]:
    """(who, what, whom): each two parties of a clause with a shared word between them, in the order of who
    does it — a passive anchor ("shall not be assigned by the Licensee") puts its "by" party first.  A party
    before the anchor counts only with no comma between them ("…placed by Airspan on its products, and will
    not use…": Airspan is not who uses)."""
    out: set[tuple[str, str, str]] = set()
    # a name of several words is its first ("the Attorney General of Canada": attorney)
    where = [(i, stem(w)) for i, w in enumerate(r.words) if w in parties and not _continues(r, i, parties)]
    for x, w in enumerate(r.words):
        if not r.content(x) or w in parties or w in LINKING_WORDS:
            continue
        a = stem(w)
        if a not in anchors:
            continue
        passive = _participle(w) and (_after_be(r, x) or any(
            r.words[j] == "by" for j in range(x + 1, min(len(r.words), x + 6)) if r.clause[j] == r.clause[x]))
        # the nearest party on each side: "a Site means one that VerticalNet owns" — VerticalNet owns, not the
        # Site; a party in a "by" phrase before the anchor acts in that phrase ("property held by the
        # defendant and … property held by a person")
        before = [p for i, p in where if x - 12 <= i < x and r.clause[i] == r.clause[x]
                  and "," not in r.text[r.starts[i]:r.starts[x]]][-1:]
        before = [p for p in before if not _agent(r, max(i for i, q in where if q == p and i < x))]
        after = [(i, p) for i, p in where if x < i <= x + 12 and r.clause[i] == r.clause[x]][:1]
        for b in before:
            for i, c in after:
                if b == c:
                    continue
                if passive:  # "judges shall be appointed by the Governor": only a "by" party acts on it
                    if _agent(r, i):
                        out.add((c, a, b))
                else:
                    out.add((b, a, c))
    return out


def _continues(r: Reading, i: int, parties: set[str]) -> bool:
    """Whether word ``i`` goes on the name before it ("Attorney *General* of Canada"), with nothing but
    spaces, "of" or "in" between ("the Tote HoT, *SIS* was": a comma ends a name)."""
    for back in (1, 2):
        j = i - back
        if j < 0 or r.words[j] not in parties:
            if back == 1 and j >= 0 and r.words[j] in ("of", "in"):
                continue
            return False
        gap = r.text[r.starts[j] + len(r.words[j]):r.starts[i]]
        return re.fullmatch(r"\s*(?:(?:of|in)\s+)?", gap, re.I) is not None
    return False


def _agent(r: Reading, i: int) -> bool:
    """Whether word ``i`` is in a "by" phrase ("by the Governor General in Council")."""
    for j in range(i - 1, max(-1, i - 7), -1):
        if r.words[j] == "by":
            return True
        if r.words[j] not in ("the", "a", "an", "of", "in", "that", "its", "their") and (
                r.words[j] not in r.caps):
            return False
    return False


def _acting_names(r: Reading, names: set[str]) -> set[str]:
    """The capitalised words that name who acts: before an auxiliary or modal (a name of several words and
    "of" between: "the Attorney General of Canada may"), or in a "by" phrase."""
    out: set[str] = set()
    for i, w in enumerate(r.words):
        if w not in names:
            continue
        if _agent(r, i):
            out.add(w)
            continue
        for j in range(i + 1, min(len(r.words), i + 5)):
            v = r.words[j]
            if v in AUXILIARIES or v in NEGATORS:
                out.add(w)
                break
            if v not in r.caps and v not in ("of", "in", "the", "s"):
                break
    return out


def _name_runs(r: Reading) -> list[tuple[int, int]]:
    """Runs of capitalised words that name someone ("The Johns Hopkins University", "WPD"): not a role a
    definition gives ("the Company", "the Licensee": after a lower-case article, or a role word), not a part
    of a text or a court (:data:`NOT_PARTIES`, :data:`pincite.legal.support.NOT_NAMES`), not a sentence's
    first word alone (it is capitalised whatever it is; "Virtuoso Surgical, Inc." of two words is a name)."""
    out: list[tuple[int, int]] = []
    i, n = 0, len(r.words)
    while i < n:
        if not _is_cap(r, i):
            i += 1
            continue
        j = i
        while j + 1 < n and _is_cap(r, j + 1):
            j += 1
        lead = r.words[i - 1] if i else ""
        # a capitalised article opens a name: "The Johns Hopkins University"
        upper_lead = i and r.text[r.starts[i - 1]:r.starts[i - 1] + 1].isupper()
        first = i == 0 or r.text[max(0, r.starts[i] - 2):r.starts[i]].strip() in (".", ":", ";")
        if (lead not in _ARTICLES or upper_lead) and not (first and j == i) and not any(
                r.words[k] in PARTY_WORDS for k in range(i, j + 1)):
            out.append((i, j))
        i = j + 1
    return out


_ARTICLES = frozenset({"the", "a", "an", "such", "that", "this", "each", "any", "every", "either", "its",
                       "their"})


def _is_cap(r: Reading, i: int) -> bool:
    w = r.words[i]
    at = r.starts[i]
    end = at + len(r.words[i])
    return (r.text[at:at + 1].isupper() and len(w) > 1 and w.isalpha() and w not in NOT_PARTIES
            and w not in NOT_NAMES and w not in FUNCTION_WORDS and not r.text[end:end + 1].isdigit())


def name_substituted(claim: Reading, quote: Reading) -> str | None:
    """A name the quoted sentence never gives, standing where it gives another name the claim never gives (two
    or more of the words around them shared): "on behalf of SFJ or its Affiliates" / "on behalf of PB or its
    Affiliates"; "CNS's completion of a Phase II Study" / "the completion by WPD of a Phase II Study".  A role
    the document defines ("the Buyer") is not a name: a claim may call the Buyer by its name."""
    # a proper name is never written in lower case ("Disability Benefits" heading a list of disability
    # benefits is a title, not a name)
    lower = {w for r in (claim, quote) for w, at in zip(r.words, r.starts) if r.text[at:at + 1].islower()}
    cruns = [(i, j) for i, j in _name_runs(claim) if not lower & set(claim.words[i:j + 1])]
    qruns = [(i, j) for i, j in _name_runs(quote) if not lower & set(quote.words[i:j + 1])]
    qwords = {quote.words[k] for i, j in qruns for k in range(i, j + 1)} | quote.caps
    cwords = {claim.words[k] for i, j in cruns for k in range(i, j + 1)} | claim.caps
    mine = [(i, j) for i, j in cruns if not any(claim.words[k] in qwords for k in range(i, j + 1))]
    if not mine:
        return None
    theirs = [(i, j) for i, j in qruns if not any(quote.words[k] in cwords for k in range(i, j + 1))]
    for i, j in mine:
        around = _neighbours(claim, i) | _neighbours(claim, j)
        around -= {stem(claim.words[k]) for k in range(i, j + 1)}
        for a, b in theirs:
            near = (_neighbours(quote, a) | _neighbours(quote, b)) - {
                stem(quote.words[k]) for k in range(a, b + 1)}
            if len(around & near) >= 2:
                return (f"the statement names {' '.join(claim.words[i:j + 1])!r} where the quoted words name "
                        f"{' '.join(quote.words[a:b + 1])!r}")
    return None


def _had(r: Reading, w: str) -> bool:
    """A role word used as a thing had ("has no authority to act", "any authority"), not a party."""
    return any(r.words[i - 1] in ("no", "any", "some", "has", "have", "had", "without", "of")
               for i, v in enumerate(r.words) if v == w and i)


def order_swapped(claim: Reading, quote: Reading) -> str | None:
    """Two parties of both texts on either side of a word of both, the other way round: "Rhino has no
    authority to act on behalf of VDML" against "VDML has no authority to act on behalf of Rhino" — named
    bodies, people and role words alike (a name counts as a party where either text has it act: before a
    verb's auxiliary, or after "by")."""
    names = {w for w in (claim.caps & quote.caps) if w not in NOT_PARTIES and w not in FUNCTION_WORDS
             and w not in _FRAMES}
    parties = (_acting_names(claim, names) | _acting_names(quote, names)) | {
        w for w in set(claim.words) & set(quote.words) if (w in PARTY_WORDS or w.rstrip("s") in PARTY_WORDS)
        and not _had(claim, w) and not _had(quote, w)}
    if len(parties) < 2:
        return None
    anchors = {stem(w) for i, w in enumerate(claim.words) if claim.content(i)} & {
        stem(w) for i, w in enumerate(quote.words) if quote.content(i)}
    anchors -= {stem(p) for p in parties}
    if not anchors:
        return None
    mine, theirs = _party_triples(claim, parties, anchors), _party_triples(quote, parties, anchors)
    for b, a, c in sorted(mine):
        if (c, a, b) in theirs and (b, a, c) not in theirs:
            return (f"the statement puts {b} before '{a}' and {c} after it; the quoted words, the other way "
                    "round")
    return None


def _role_swapped(claim: Reading, quote: Reading) -> str | None:
    """A role word the quoted words never use standing where they use its counterpart: "the Defendant's
    contention that…" against "the Claimant's contention that…" (two or more of the words around it shared)."""
    for i, w in enumerate(claim.words):
        if w in quote.words:
            continue
        others = _PAIRED.get(w, set()) & set(quote.words)
        if not others:
            continue
        mine = _neighbours(claim, i)
        for k, v in enumerate(quote.words):
            if v in others and len(mine & (theirs := _neighbours(quote, k))) >= 2:
                # unless the claim has that counterpart in the same place too: it names both sides and
                # re-tells who does what ("the Licensee must notify the Licensor" / "Licensor must be
                # notified")
                if any(x == v and len(_neighbours(claim, j) & theirs) >= 2
                       for j, x in enumerate(claim.words)):
                    continue
                return f"the statement names the {w} where the quoted words name the {v}"
    return None


def _acted(r: Reading, i: int, roles: set[str]) -> bool:
    """Whether word ``i`` is what a party just before it does: the party, then only auxiliaries, negators or
    fillers, then the word ("the appellant argued", "the Licensee shall not assign")."""
    j = i - 1
    while j >= 0 and r.clause[j] == r.clause[i] and (r.words[j] in AUXILIARIES or r.words[j] in FILLERS
                                                     or r.words[j] in NEGATORS or r.words[j].endswith("ly")):
        j -= 1
    return j >= 0 and r.clause[j] == r.clause[i] and r.words[j] in roles


def _passive(r: Reading, i: int) -> bool:
    """"owned and operated by VerticalNet": the actor comes after the verb; "members to be appointed", "if no
    member is so designated": a participle after a form of "be" is done to the word before it, not by it."""
    if any(r.words[j] == "by" for j in range(i + 1, min(len(r.words), i + 4)) if r.clause[j] == r.clause[i]):
        return True
    return _participle(r.words[i]) and _after_be(r, i)


_BE = frozenset({"is", "are", "was", "were", "be", "been", "being", "am"})


def _participle(w: str) -> bool:
    return (w.endswith(("ed", "en", "wn")) and len(w) > 4) or w in IRREGULAR_PARTICIPLES


def _after_be(r: Reading, i: int) -> bool:
    """Whether word ``i`` follows a form of "be" (auxiliaries, fillers, adverbs, "so" between)."""
    j = i - 1
    while j >= 0 and r.clause[j] == r.clause[i] and r.words[j] not in _BE and (
            r.words[j] in AUXILIARIES or r.words[j] in FILLERS or r.words[j] in NEGATORS
            or r.words[j].endswith("ly")):
        j -= 1
    return j >= 0 and r.clause[j] == r.clause[i] and r.words[j] in _BE


_PAIRED: dict[str, set[str]] = {}
for _a, _b in PARTY_PAIRS:
    _PAIRED.setdefault(_a, set()).add(_b)
    _PAIRED.setdefault(_b, set()).add(_a)


def _swapped(mine: str | None, theirs: list[str | None], quote: Reading) -> str | None:
    named = [t for t in theirs if t]
    if not mine or mine in BOTH_SIDES or not named or len(named) != len(theirs):
        return None
    if any(t == mine or t in BOTH_SIDES for t in named):
        return None
    t = named[0]
    if t in _PAIRED.get(mine, set()) or (mine in quote.words and mine not in PARTY_WORDS | {"court"}) or (
            mine in PARTY_WORDS and t in PARTY_WORDS and mine in quote.words):
        return t
    return None


_CMP_BEFORE = [(k, re.compile(r"(?:\b(?:" + p + r"))\s*(?:the\s+|a\s+|an\s+)?(?:period\s+of\s+)?$", re.I))
               for k, p in COMPARATORS_BEFORE]
_CMP_AFTER = [(k, re.compile(r"^\s*(?:[a-z]+\s+){0,2}?(?:" + p + r")\b", re.I)) for k, p in COMPARATORS_AFTER]


@dataclass(frozen=True)
class _Fig:
    kind: str  # the key's family: "period:day", "amount:GBP", "percent", "n"
    values: frozenset[str]
    cmp: str | None
    around: frozenset[str]
    text: str


def _figs(text: str) -> list[_Fig]:
    out: list[_Fig] = []
    pos = 0
    for f in figures(text):
        at = text.find(f.text, pos)
        if at < 0:
            at = text.find(f.text)
        if at < 0:
            continue
        pos = at + len(f.text)
        before, after = text[max(0, at - 40):at], text[at + len(f.text):at + len(f.text) + 30]
        cmp = next((k for k, p in _CMP_BEFORE if p.search(before)), None) or next(
            (k for k, p in _CMP_AFTER if p.search(after)), None)
        keys = sorted(f.needs)
        fam = keys[0].rsplit(":", 1)[0] if keys else f.kind
        window = text[max(0, at - 40):at] + " " + text[at + len(f.text):at + len(f.text) + 25]
        around = frozenset(stem(w) for w in re.findall(r"[A-Za-z]{3,}", window) if w.lower() not in FUNCTION_WORDS)
        values = frozenset(k for k in f.needs | f.gives if not k.startswith("currency:"))
        out.append(_Fig(fam, values, cmp, around, f.text))
    return out


def figure(claim_text: str, quote_text: str) -> tuple[str, str] | None:
    qf = _figs(quote_text)
    if not qf:
        return None
    for cf in _figs(claim_text):
        if cf.kind in ("n", "number", "date"):
            continue
        same_kind = [g for g in qf if g.kind == cf.kind]
        if not same_kind:
            continue
        same_value = [g for g in same_kind if g.values & cf.values]
        if not same_value:
            return "figure", (f"the statement gives {cf.text!r}; the quoted words give "
                              + ", ".join(repr(g.text) for g in same_kind))
        # several figures of one kind: the claim's must be the one in its own role (its neighbouring words)
        best = max(same_kind, key=lambda g: len(g.around & cf.around))
        if best not in same_value and len(best.around & cf.around) > max(len(g.around & cf.around)
                                                                         for g in same_value) + 1:
            return "figure", f"the statement gives {cf.text!r} where the quoted words give {best.text!r}"
        if cf.cmp:
            sides = {COMPARATOR_SIDE[g.cmp] for g in same_value if g.cmp}
            if COMPARATOR_SIDE[cf.cmp] == "up" and EXTENDED.search(quote_text):
                sides.add("up")  # "within 30 days, or within any longer period that the Minister allows"
            if sides and COMPARATOR_SIDE[cf.cmp] not in sides:
                g = next(g for g in same_value if g.cmp)
                return "comparator", (f"the statement has {cf.cmp} {cf.text!r}; the quoted words have "
                                      f"{g.cmp} {g.text!r}")
    return None


_LEAD_STOP = re.compile(r"[,;:()]|\b(?:and|or|while|but|whereas)\b", re.I)


def _lead(text: str, at: int) -> frozenset[str]:
    """The content words just before a figure in its own phrase ("laid before Parliament on *19 July*"):
    what the figure is the date or count of."""
    before = text[max(0, at - 60):at]
    cut = list(_LEAD_STOP.finditer(before))
    if cut:
        before = before[cut[-1].end():]
    words = [w for w in re.findall(r"[A-Za-z]{3,}", before) if w.lower() not in FUNCTION_WORDS]
    return frozenset(stem(w) for w in words[-3:])




def _counted(text: str, end: int) -> str | None:
    """The noun a bare number counts ("five *authorities*")."""
    m = re.match(r"\s*(?:\(\d+\)\s*)?([A-Za-z]{3,})", text[end:end + 30])
    return stem(m.group(1)) if m and m.group(1).lower() not in FUNCTION_WORDS else None


def _plain_figs(text: str) -> list[tuple[_Fig, frozenset[str], str | None]]:
    out = []
    pos = 0
    for f in _figs(text):
        at = text.find(f.text, pos)
        if at < 0:
            continue
        pos = at + len(f.text)
        if f.kind in ("date", "month", "day"):
            out.append((f, _lead(text, at), None))
        elif f.kind in ("n", "number") and not REFERENCE_BEFORE.search(text[max(0, at - 14):at]) and not (
                text[at - 1:at] == "(" or text[at + len(f.text):at + len(f.text) + 1] in (")", "(")):
            # a count of something ("five authorities") or a year; never a section or paragraph number
            noun = _counted(text, at + len(f.text))
            if noun or re.fullmatch(r"1[89]\d\d|20\d\d", f.text):
                out.append((f, _lead(text, at), noun))
    return out


def figure_role(claim_text: str, quote_text: str) -> str | None:
    """A date or a count the claim gives in another role than the quoted words do ("laid before Parliament on
    17 July" where they say made on 17 July and laid on 19 July; "three authorities" where they say five) —
    read from the few words before it, or the noun it counts: a sign against the claim, not decisive."""
    qf = _plain_figs(quote_text)
    if not qf:
        return None
    dates = ("date", "month", "day")
    for cf, lead, noun in _plain_figs(claim_text):
        if cf.kind in dates:
            same_kind = [(g, gl) for g, gl, _ in qf if g.kind in dates]
            if not same_kind:
                continue
            if not any(g.values & cf.values for g, _ in same_kind):
                return f"the statement gives {cf.text!r}; the quoted words give " + ", ".join(
                    repr(g.text) for g, _ in same_kind)
        else:
            counted = [(g, gl) for g, gl, gn in qf if noun and gn == noun]
            if counted and not any(g.values & cf.values for g, _ in counted):
                return f"the statement counts {cf.text!r} {noun}; the quoted words, {counted[0][0].text!r}"
            same_kind = [(g, gl) for g, gl, _ in qf if g.kind not in dates]
        same = [len(gl & lead) for g, gl in same_kind if g.values & cf.values]
        other = [(len(gl & lead), g) for g, gl in same_kind if not g.values & cf.values]
        if same and other and max(same) == 0 and max(o for o, _ in other) >= 1:
            g = max(other, key=lambda x: x[0])[1]
            return f"the statement gives {cf.text!r} where the quoted words give {g.text!r}"
    return None


_OWN_CONDITION = re.compile(r"\b(?:if|unless|where|when|whenever|once|provided)\b", re.I)


def condition(claim_text: str, quote_text: str) -> str | None:
    m = ABSOLUTE.search(claim_text)
    if m and _OWN_CONDITION.search(claim_text, 0, m.start()):
        return None  # "if Canada Goose did not apply …, the claim would be dismissed automatically": the claim
        # states the condition, its absolute word qualifies what follows it (the scope rule still reads it)
    if m and CONDITIONS.search(quote_text) and not ABSOLUTE.search(quote_text):
        c = CONDITIONS.search(quote_text)
        assert c is not None
        return f"the statement says {m.group(0)!r}; the quoted words are conditional ({c.group(0)!r})"
    return None


def outcome_turned(claim: str, sentence: str) -> str | None:
    """The claim has an argument accepted where its quoted sentence rejects it, or the other way round ("The
    court accepted Mr Barclay's suggestion" / "Mr Barclay's suggestion … is unsustainable speculation"); or it
    states as decided what the sentence only puts as arguable ("Judge Froom held that the FTTJ had erred" /
    "It is arguable that the FTTJ erred")."""
    c_acc, c_rej = _affirmed(ACCEPTING, claim), bool(REJECTING.search(claim))
    q_acc, q_rej = _affirmed(ACCEPTING, sentence), bool(REJECTING.search(sentence))
    if c_acc and not c_rej and q_rej and not q_acc:
        return "the statement has accepted what the quoted words reject"
    if c_rej and not c_acc and q_acc and not q_rej:
        return "the statement has rejected what the quoted words accept"
    h = HEDGES.search(sentence)
    if h and _affirmed(HEDGES, sentence) and HOLDING.search(claim) and not HEDGES.search(claim):
        # "Mr Wolfe did not contend that it is" hedges nothing
        return f"the statement says it was decided; the quoted words only say {h.group(0)!r}"
    return None


def _affirmed(pattern: re.Pattern[str], text: str) -> bool:
    """Whether ``pattern`` occurs in ``text`` and is not negated there ("did not accept" accepts nothing)."""
    r = read(text)
    for m in pattern.finditer(text):
        k = bisect_left(r.starts, m.start())
        if k < len(r.words) and not r.neg[k] % 2:
            return True
    return False


def scope_added(claim: Reading, sentence: str) -> str | None:
    """A word of scope (:data:`SCOPE_WORDS`) in the claim whose kind the quoted sentence never states."""
    theirs = set(read(sentence).words)
    m = SCOPE_PHRASES.search(claim.text)
    if m and not SCOPE_PHRASES.search(sentence) and not theirs & SCOPE_WORDS[1][2]:
        return f"the statement says {m.group(0)!r} (no condition); the quoted words state no such scope"
    for kind, says, same in SCOPE_WORDS:
        added = sorted(set(claim.words) & says)
        if added and not theirs & (same | says):
            return f"the statement says {added[0]!r} ({kind}); the quoted words state no such scope"
    return None


# -- the judgment --------------------------------------------------------------------------------------------

#: The share of a claim's content words that must be in the quoted sentence for the rules to have aligned the
#: claim with it ("agrees" rather than "undecided"). Chosen on the generated dev pairs (bench/claim_support.py).
MIN_ALIGNED = 0.5


#: A claim that holds this many of its quotation's words in a row restates them: it is compared with the quoted
#: words alone, not with their sentence (what it says is what they say, whatever stands before them).
VERBATIM_WORDS = 8


def restates(claim: str, quote: str) -> bool:
    qw, cw = _plain_words(quote), " ".join(_plain_words(claim))
    n = min(len(qw), VERBATIM_WORDS)
    return n >= 4 and " ".join(qw[:n]) in cw


def _plain_words(text: str) -> list[str]:
    """Words as a quotation is compared: a lawyer's bracketed alteration ("[i]f", "[t]he") is the word."""
    return re.findall(r"[a-z0-9]+", re.sub(r"\[(\w{1,3})\]", r"\1", text).lower())


@lru_cache(maxsize=4096)  # a reply's checks ask twice of each quotation: whether it contradicts, whether it aligns
def judge(claim: str, quoted: str, quote: str | None = None, context: str = "") -> Judgment:
    """The claim against ``quoted`` — the quotation with the rest of its sentence (a negation or a denying
    frame just before the quoted words belongs to them) — or, when the claim restates ``quote`` word for word,
    against the quotation alone. ``context`` (what the citation shows beside the quotation: a sub-item's chapeau,
    the unit's headings, the document's title) counts only towards aligning the claim, never against it."""
    sentence = quoted  # a condition anywhere in the sentence qualifies the quoted words, restated or not
    if quote is not None and restates(claim, quote):
        alone = _judge(claim, quote, sentence, context)
        if alone.contradicts and not _judge(claim, sentence, sentence, context).contradicts:
            # the quotation alone lacks what the claim takes from the rest of its sentence ("… shall be made
            # in order that a payment … may be made"): a sign against it, not decisive
            return Judgment("doubtful", alone.rule, alone.detail)
        return alone
    if quote is not None:
        quoted = _to_clause_end(quoted, quote)
    return _judge(claim, quoted, sentence, context)




def _to_clause_end(sentence: str, quote: str) -> str:
    """The sentence up to the end of the quotation's clause: a negation after it, in a clause of its own, is
    about something else ("will utilize the trade names only as permitted…, will not use the name…")."""
    at = sentence.find(quote)
    if at < 0:
        return sentence
    m = NEXT_CLAUSE.search(sentence, at + len(quote))
    return sentence[:m.start()] if m else sentence


def _judge(claim: str, quoted: str, sentence: str, context: str) -> Judgment:
    c, q = read(claim), read(quoted)
    pol = polarity(c, q)
    if pol and pol[1]:
        return Judgment("contradicts", "polarity", pol[0])
    mp = modality_and_party(c, q)
    if mp and not (mp[0] == "modality" and _waits_both_ways(c, q)):
        return Judgment("contradicts", mp[0], mp[1])
    swap = order_swapped(c, q)
    fg = figure(claim, quoted)
    if fg:
        return Judgment("contradicts", fg[0], fg[1])
    cd = condition(claim, sentence)
    if cd:
        return Judgment("contradicts", "condition", cd)
    if pol:  # a negation the rules cannot place: not shown in the claim's words, nor dropped
        return Judgment("doubtful", "polarity", pol[0])
    if swap:  # who does what to whom, read from word order alone: shown as its quotation, not dropped
        return Judgment("doubtful", "party", swap)
    turned = outcome_turned(claim, sentence)
    if turned:
        return Judgment("doubtful", "outcome", turned)
    named = name_substituted(c, q)
    if named:
        return Judgment("doubtful", "party", named)
    stated = modality_stated(c, q)
    if stated:
        return Judgment("doubtful", "modality", stated)
    role = figure_role(claim, sentence)  # a restatement's figures are read in the whole sentence too
    if role:
        return Judgment("doubtful", "figure", role)
    added = scope_added(c, sentence)
    if added:  # the claim says more than its quotation: shown as the quotation, not dropped
        return Judgment("doubtful", "scope", added)
    turned_time = direction_turned(c, read(sentence))
    if turned_time:
        return Judgment("doubtful", "comparator", turned_time)
    actor = actor_changed(c, q)
    if actor:
        return Judgment("doubtful", "party", actor)
    mine = {stem(w) for i, w in enumerate(c.words) if c.content(i)}
    theirs = {stem(w) for i, w in enumerate(q.words) if q.content(i)}
    if context:
        x = read(context)
        theirs |= {stem(w) for i, w in enumerate(x.words) if x.content(i)}
    if not mine or len(mine & theirs) / len(mine) >= MIN_ALIGNED:  # none: it only frames its quotation
        return Judgment("agrees")
    return Judgment("undecided")


def _sides(r: Reading) -> set[str]:
    out = set()
    for i, w in enumerate(r.words):
        if w in TIME_AFTER and not (w == "following" and i and r.words[i - 1] in ("the", "as")) and not (
                w == "later" and i and r.words[i - 1] in ("no", "not")):
            out.add("after")
        elif w in TIME_BEFORE:
            out.add("before")
    return out


def direction_turned(claim: Reading, sentence: Reading) -> str | None:
    """A claim that puts after what the sentence puts before, or the reverse (:data:`TIME_AFTER`,
    :data:`TIME_BEFORE`): it states one direction of time, the sentence only the other."""
    mine, theirs = _sides(claim), _sides(sentence)
    if len(mine) == 1 and theirs and not (mine & theirs):
        (m,), (t,) = mine, sorted(theirs)
        return f"the statement says '{m}'; the quoted words, '{t}'"
    return None


_ARTICLE = frozenset({"the", "a", "an", "its", "their", "his", "her", "such", "that", "this"})


def _doer(r: Reading, i: int, reach: int = 4) -> frozenset[str] | None:
    """Who does the verb at ``i``, as the words of its name: the "by" party of a passive ("shall be borne *by
    Sponsor*", "placed by the *Procurement Group*"), or the party or name just before an active verb ("*JB*
    filed", "the stadium *company* bears"); None when it cannot be read."""
    def party(j: int) -> bool:
        w = r.words[j]
        initials = len(w) >= 2 and r.text[r.starts[j]:r.starts[j] + len(w)].isupper()  # "JB", "HMRC"
        return (w in r.caps or w in PARTY_WORDS or initials) and w not in NOT_PARTIES \
            and w not in FUNCTION_WORDS and w not in MONTHS and r.clause[j] == r.clause[i]
    if _participle(r.words[i]) and _after_be(r, i) and r.words[i] not in _MODAL_HEADS:
        for j in range(i + 1, min(len(r.words), i + reach)):
            if r.words[j] == "by" and r.clause[j] == r.clause[i]:
                k = j + 1
                while k < len(r.words) and r.words[k] in _ARTICLE:
                    k += 1
                run = []
                while k < len(r.words) and party(k) and len(run) < 4:
                    run.append(stem(r.words[k]))
                    k += 1
                return frozenset(run) or None
        return None
    j = i - 1
    while j >= 0 and r.clause[j] == r.clause[i] and (r.words[j] in AUXILIARIES or r.words[j] in NEGATORS or
                                                    r.words[j] in ("also", "then", "thereby")
                                                    or r.words[j].endswith("ly")):
        j -= 1
    if j < 0 or r.clause[j] != r.clause[i] or "," in r.text[r.starts[j]:r.starts[i]]:
        return None
    run = []
    while j >= 0 and party(j) and len(run) < 4:
        run.append(stem(r.words[j]))
        j -= 1
    return frozenset(run) or None


def actor_changed(claim: Reading, sentence: Reading) -> str | None:
    """A verb of the claim's done by another party than the sentence's same verb: "On 28 October *JB* filed a
    notice" on "the local authority filed a notice", "the company bears the cost" on "shall be borne by
    Sponsor".  Read only where both doers are parties or names (:func:`_doer`)."""
    for i, w in enumerate(claim.words):
        if not claim.content(i) or claim.text[claim.starts[i]:claim.starts[i] + 1].isupper():
            continue
        if not (w.endswith(("s", "ed")) or w in IRREGULAR_FORMS or w in IRREGULAR_PARTICIPLES):
            continue
        a = _doer(claim, i)
        if a is None or a & _BOTH_STEMS:
            continue
        r = _root(w)
        at = [k for k, v in enumerate(sentence.words) if _root(v) == r and sentence.content(k)
              and not sentence.text[sentence.starts[k]:sentence.starts[k] + 1].isupper()]
        doers = [_doer(sentence, k) for k in at]
        if not at or any(d is None for d in doers):
            continue
        if any(d & a or d & _BOTH_STEMS or _short_for(d, a, claim, sentence) for d in doers if d):
            continue
        near = {stem(sentence.words[j]) for k in at for j in range(max(0, k - 5), k)}
        if a & near:
            continue
        return (f"the statement has {' '.join(sorted(a))} {w}; the quoted words, "
                f"{' '.join(sorted(doers[0] or ()))}")
    return None


_BOTH_STEMS = frozenset(stem(w) for w in BOTH_SIDES)


def _capitals(r: Reading, words: frozenset[str]) -> list[str]:
    """The capital letters of the words of ``r`` whose stems are ``words`` ("VirtualScopics": v, s)."""
    return [ch.lower() for i, w in enumerate(r.words) if stem(w) in words
            for ch in r.text[r.starts[i]:r.starts[i] + len(w)] if ch.isupper()]


def _short_for(x: frozenset[str], y: frozenset[str], a: Reading, b: Reading) -> bool:
    """Whether one doer is the other's short form: its initials ("VS" for "VirtualScopics", "PPD" for
    "Pharmaceutical Product Development") or its first word's beginning ("Virtuoso" for "Virtuoso Surgical")."""
    for short, full, rs, rf in ((x, y, b, a), (y, x, a, b)):
        if len(short) != 1:
            continue
        (s,) = short
        caps = "".join(_capitals(rf, full))
        if 2 <= len(s) <= 6 and (s == caps or s in caps) or any(f.startswith(s) or s.startswith(f)
                                                                  for f in full if min(len(f), len(s)) >= 4):
            return True
    return False


def unstated(claim: str, sentence: str, context: str = "", *, said_otherwise: bool = False) -> list[str]:
    """The content words of ``claim`` that neither its quotation's sentence nor what the citation shows beside it
    (headings, title) says, in any form (stems compared), less the words by which a claim points at what it cites
    (:data:`POINTING_WORDS`: "the court", "clause", "covers").  A paraphrase has some; the rules cannot vouch
    for what they are.  With ``said_otherwise`` a word the sentence states another way is stated too
    (:func:`said_as`: another form of it, a synonym of its row, a reporting word, a light verb before a stated
    noun, a conditional connective for another) — what the verified reading asks of a claim shown in its own
    words; without it (a contradiction's decisiveness) only the sentence's own words count."""
    c = read(claim)
    theirs = {stem(w) for w in read(sentence + "\n" + context).words}
    out = [(i, w) for i, w in enumerate(c.words) if c.content(i) and w not in POINTING_WORDS
           and stem(w) not in theirs]
    if said_otherwise and out:
        known = _said(sentence + "\n" + context)
        out = [(i, w) for i, w in out if not said_as(c, i, known)]
    return list(dict.fromkeys(w for _, w in out))


def root(word: str) -> str:
    """A word's root for comparing a claim's words with its quotation's: its base form
    (:data:`~pincite.legal.agreement.IRREGULAR_FORMS`) stemmed, less a derivational ending ("payable", "pay";
    "agreement", "agree")."""
    return _root(word.lower())


@lru_cache(maxsize=65536)
def _root(word: str) -> str:
    s = stem(IRREGULAR_FORMS.get(word, word))
    for end in DERIVED_ENDINGS:
        if s.endswith(end) and len(s) - len(end) >= 4:
            return s[:-len(end)]
    return s


@dataclass(frozen=True)
class _Said:
    stems: frozenset[str]
    roots: frozenset[str]
    rows: frozenset[int]
    conditional: bool
    exception: bool
    modals: frozenset[str]


@lru_cache(maxsize=4096)
def _said(text: str) -> _Said:
    r = read(text)
    roots = frozenset(_root(w) for w in r.words)
    return _Said(frozenset(stem(w) for w in r.words), roots,
                 frozenset(k for k, (row, _) in enumerate(SYNONYMS) if _row_roots(k) & roots),
                 bool(CONDITIONAL_WORDS.intersection(r.words)), bool(EXCEPTION_WORDS.intersection(r.words)),
                 frozenset(cls for _, _, cls in _modal_spans(text))
                 | ({"obligation"} if REPORTED_OBLIGATION.search(text) else set())
                 | ({"permission"} if REPORTED_PERMISSION.search(text) else set()))


@lru_cache(maxsize=None)
def _row_roots(k: int) -> frozenset[str]:
    return frozenset(_root(w) for w in SYNONYMS[k][0])


def said_as(c: Reading, i: int, known: _Said) -> bool:
    """Whether the claim's word ``c.words[i]`` says what the sentence (read as ``known``) says in other words:
    its root is the sentence's, a synonym of its row is there, it only reports, it is a light verb whose next
    content word is stated, or a conditional (exception) connective where the sentence has one."""
    w = c.words[i]
    r = _root(w)
    if r in known.roots or w in REPORTING_WORDS:
        return True
    if any(r in _row_roots(k) for k in known.rows):
        return True
    if w in CONDITIONAL_WORDS and known.conditional or w in EXCEPTION_WORDS and known.exception:
        return True
    # a prohibition's words may stand beside other modals: what they forbid is read by the polarity rules
    # (FORBIDDING_VERBS); an obligation's or a permission's only where the sentence states that class alone
    cls = MODAL_WORDS.get(w)
    if cls == "permission" and c.neg[i] % 2:
        cls = "prohibition"  # "is not permitted to assign", "is not entitled to" on "shall not assign"
    if cls and (known.modals == {cls} or cls == "prohibition" and cls in known.modals):  # "is required to report" on "must report": the modal rules read which
        return True
    if w == ACCORDING:  # "According to the text, …"
        j = i + 1
        while j < len(c.words) and c.words[j] in ("to", "the", "this", "that", "its"):
            j += 1
        return j < len(c.words) and (c.words[j] in POINTING_WORDS or c.words[j] in _FRAMES)
    if w in LIGHT_VERBS:
        nxt = next((j for j in range(i + 1, min(len(c.words), i + 4)) if c.content(j)), None)
        return nxt is not None and (stem(c.words[nxt]) in known.stems or _root(c.words[nxt]) in known.roots)
    return False


_SENTENCE_END = re.compile(r"(?<![A-Z][a-z])(?<![A-Z])[.!?](?=\s+[\"“(A-Z0-9])|[;:]\s*\n|\n\s*\n")


def quoted_sentence(text: str, start: int, end: int, lo: int = 0, hi: int | None = None) -> str:
    """The quoted words ``text[start:end]`` widened to the sentence they sit in, within ``[lo, hi)`` (the cited
    unit): what a reader reads the quotation as."""
    hi = len(text) if hi is None else hi
    s = lo
    # a sentence may end right where the quotation begins (its capital is what shows the end) or with the
    # quotation's own last stop ("… world- wide." then "MusclePharm shall …")
    for m in _SENTENCE_END.finditer(text, lo, min(hi, start + 1)):
        if m.end() <= start:
            s = m.end()
    m = _SENTENCE_END.search(text, max(lo, end - 1), hi)
    e = m.end() if m else hi
    return text[s:max(e, end)]
