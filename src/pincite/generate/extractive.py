"""The extractive generator: offline, deterministic, no model.

It picks the sentences of the retrieved passages that best answer the question and states each as a quoted claim
citing its passage.  Its reply goes through the same parsing and checks as any model's.
"""

from __future__ import annotations

import math
import re
from collections import Counter

from pincite.chunk import sentence_spans
from pincite.context import TurnContext
from pincite.protocol import reply_json
from pincite.types import DocumentKind, Role

_WORD = re.compile(r"[a-z0-9]+(?:'[a-z]+)?")
STOPWORDS = frozenset(
    "a an and are as at be by can could did do does for from had has have how i if in into is it its may might "
    "must of on or shall should so than that the their them then there these they this those to under upon was "
    "were what when where which who whom whose why will with would not no yes any all each every about against "
    "between did does done say says said court judge judgment case act section clause agreement contract".split()
)


_SUFFIXES = (("ings", 3), ("ing", 3), ("ion", 4), ("ied", 2), ("ies", 2), ("ed", 3), ("es", 4), ("s", 3))


def stem(w: str) -> str:
    """A light English stemmer: enough that 'governed', 'governing' and 'governs' meet, 'laws' meets 'law' and
    'termination' meets 'terminated'.  The number is the shortest stem a suffix may leave."""
    if w.endswith("ss"):
        return w
    for suffix, shortest in _SUFFIXES:
        if w.endswith(suffix) and len(w) - len(suffix) >= shortest:
            base = w[: -len(suffix)]
            return base + "y" if suffix in ("ied", "ies") else base
    return w


def terms(text: str) -> list[str]:
    text = re.sub(r"['\u2019]s\b", "", text.lower())
    out = []
    for w in _WORD.findall(text):
        if w in STOPWORDS or len(w) < 2:
            continue
        t = stem(w)
        if t not in STOPWORDS:  # "agreements" is as much a stopword as "agreement"
            out.append(t)
    return out


_QUANTITY = re.compile(r"\bhow (many|much|long|old)\b|\bnumber of\b|\bmaximum\b|\bminimum\b|\bwhat (age|amount|sum|fee|rate)\b",
                       re.I)


_ISSUE = re.compile(r"\bwhether\b|\?\s*$|\bthe (issue|question)s? (is|are|was|were|on)\b", re.I)


def _has_number(sentence: str) -> bool:
    return bool(re.search(r"\d|\b(one|two|three|four|five|six|seven|eight|nine|ten|twenty|thirty|hundred)\b",
                          sentence, re.I))


def heading_like(sentence: str) -> bool:
    """A clause or section title ("Governing Law; Attorney's Fee.") is not an answer: short and mostly capitalised."""
    words = [w for w in re.findall(r"[A-Za-z][A-Za-z']*", sentence)]
    if not words or len(words) > 12:
        return False
    if not sentence.rstrip().endswith((".", "!", "?", ";", ":", '"', "\u201d", ")")):
        return True  # no closing punctuation: a title line
    caps = sum(1 for w in words if w[0].isupper() or w.lower() in ("of", "and", "the", "to", "in", "for", "on"))
    return caps / len(words) >= 0.8


_DISSENT_Q = re.compile(r"\b(dissent\w*|disagree\w*|minority|differ\w*)\b|\bwould\b[^?.]{0,60}\bhave\b", re.I)
_OUTCOME_Q = re.compile(r"\b(allow\w*|dismiss\w*|decid\w*|held|hold|outcome|result|succeed\w*|restor\w*|grant\w*|"
                        r"what order|order(ed)? (did|was|were)|"
                        r"refus\w*|quash\w*|uphold|upheld|overturn\w*|set aside|win|won|lose|lost)\b", re.I)
_VERB = r"(allow|dismiss|grant|refus|quash|restor|set aside|remit|uphold|upheld)\w*"
_DISPOSAL = re.compile(
    rf"\b(I|we)\b[^.;:]{{0,60}}\b{_VERB}"  # "I would therefore grant permission to appeal but dismiss the appeal"
    r"|\b(appeal|application|claim|petition)s?\b[^.;:]{0,30}\b(is|are|be|was|were|been)\s+"
    r"(allowed|dismissed|refused|granted|upheld|quashed|set aside)",  # "the appeal should be allowed"
    re.I,
)
_DISAGREEMENT = re.compile(r"\b(disagree\w*|different (conclusion|view)|do not agree|unable to agree|cannot agree|"
                           r"respectfully|dissent\w*)\b"
                           rf"|\bI would (have )?[^.;:]{{0,40}}\b{_VERB}", re.I)
_QUESTION_WORDS = frozenset("what which who whom whose why how when where was were did does do is are can could "
                            "under in on the a an if".split())


def named_words(question: str) -> list[str]:
    """Capitalised words a question names (not its first word or question words): 'Zubaydah', 'Flynn', 'Limitation'."""
    words = [re.sub(r"['\u2019]s$", "", w) for w in re.findall(r"[A-Za-z][\w'\u2019-]*", question)]
    out = []
    for i, w in enumerate(words):
        if i == 0 or len(w) < 2 or not w[0].isupper() or w.lower() in _QUESTION_WORDS or w.lower() in STOPWORDS:
            continue
        out.append(w.lower())
    return out


class ExtractiveGenerator:
    """Quote the sentences that best answer the question, or abstain.

    A sentence is scored by the question terms it holds, weighted by how rare they are among the retrieved
    sentences; words that only name the document (its title, parties, citation) do not count as evidence.  It
    abstains when its best sentence covers too little of the question, or when the question names something
    (a case, an Act, a judge) that the cited document never mentions.
    """

    name = "extractive"

    def __init__(self, max_claims: int = 2, per_passage: int = 1, min_chars: int = 25, per_document: bool = False,
                 min_terms: int = 2, min_coverage: float = 0.3, runner_up: float = 0.8) -> None:
        self.max_claims = max_claims
        self.per_passage = per_passage
        self.min_chars = min_chars
        self.per_document = per_document  # multi-document questions: the best sentence of each source
        self.min_terms = min_terms  # a sentence must share this many distinct question terms (fewer if the question has fewer)
        self.min_coverage = min_coverage  # idf-weighted share of the question's terms the best sentence must hold
        self.runner_up = runner_up  # further claims only if they score at least this share of the best

    def generate(self, turn: TurnContext, messages: list[dict[str, str]]) -> str:
        q_all = set(terms(turn.question))
        passages = [cp for cp in turn.passages if cp.passage.chunk.citable]
        if not q_all or not passages:
            return reply_json([])
        naming = set()  # words that name a document (title, citation, file name, parties in its opening)
        for dc in turn.documents:
            d = dc.document
            naming |= set(terms(" ".join((d.title, d.citation or "", d.source.replace("_", " "), d.text[:600]))))
        q = (q_all - naming) or q_all
        authors = {cp.passage.chunk.author for cp in passages if cp.passage.chunk.author}
        q_lower = turn.question.lower()
        focus_authors = {a for a in authors if any(len(w) > 2 and re.search(rf"\b{re.escape(w.lower())}\b", q_lower)
                                                   for w in re.findall(r"[A-Za-z][\w'-]+", a)
                                                   if w not in ("LJ", "J", "JJ", "LJJ", "Lord", "Lady", "Sir", "Dame"))}
        wants_dissent = bool(_DISSENT_Q.search(turn.question))
        wants_outcome = bool(_OUTCOME_Q.search(turn.question)) and not wants_dissent
        wants_number = bool(_QUANTITY.search(turn.question))
        df: Counter[str] = Counter()
        sents = []
        for cp in passages:
            text = cp.passage.text
            # a provision's lead-in ("The Court shall consist of the following judges:") is what its words are about
            lead = set().union(*(terms(n.text) for n in cp.notes if n.kind == "lead-in")) if cp.notes else set()
            for s, e in sentence_spans(text, 0, len(text)):
                sent = text[s:e]
                toks = set(terms(sent))
                df.update(toks)
                sents.append((cp, sent, toks, lead - toks))
        n = len(sents)

        def idf(t: str) -> float:
            return math.log(1 + n / max(1, df[t]))

        q_weight = sum(idf(t) for t in q) or 1.0
        decisive_bonus = q_weight / 2.0
        scored = []
        for cp, sent, toks, lead in sents:
            short = len(sent) < self.min_chars and not (_has_number(sent) and len(sent.split()) >= 3)
            if short or heading_like(sent) or sent.rstrip().endswith(":"):
                continue  # titles and lead-ins ("…shall consist of the following judges:") are not answers
            overlap = q & toks
            lead_overlap = q & lead
            ch = cp.passage.chunk
            dissenting = ch.role in (Role.DISSENTING, Role.PARTLY_DISSENTING)
            # a judge disposing of the case, or stating disagreement, answers an outcome/dissent question even
            # though it shares few words with it
            decisive = cp.passage.document.kind is DocumentKind.JUDGMENT and (
                (wants_outcome and not dissenting and _DISPOSAL.search(sent) is not None)
                or (wants_dissent and dissenting and _DISAGREEMENT.search(sent) is not None))
            if (not overlap or len(overlap | lead_overlap) < min(self.min_terms, len(q))) and not decisive:
                continue  # its own words must answer; the lead-in only adds to them
            matched = sum(idf(t) for t in overlap) + 0.5 * sum(idf(t) for t in lead_overlap)
            coverage = 1.0 if decisive else matched / q_weight
            score = matched / math.sqrt(max(len(toks), 4))
            score *= 1.0 + 1.0 / cp.passage.rank  # prefer the passages retrieval ranked higher
            if decisive:
                score += decisive_bonus
            if _ISSUE.search(sent):
                score *= 0.5  # "the issues are… (b) whether…": restating the question does not answer it
            if wants_number and _has_number(sent):
                score *= 2.0  # "how many…": a sentence stating a number answers it
            if focus_authors and ch.author in focus_authors:
                score *= 2.5  # "why did Males LJ…": his reasons
            if wants_dissent:
                score *= 2.0 if dissenting else 0.7
            elif dissenting:
                score *= 0.5  # the majority answers "what did the court decide"
            scored.append((score, coverage, cp, sent))
        scored.sort(key=lambda x: -x[0])
        if not scored:
            return reply_json([])
        per_document = self.per_document or turn.multi_document
        best_score, best_cov, best_cp, _ = scored[0]
        if not per_document and (best_cov < self.min_coverage or not self._names_present(turn, best_cp)):
            return reply_json([])  # abstain: what the question asks is not in the evidence
        claims = []
        used: Counter[str] = Counter()
        docs_used: set[str] = set()
        for score, coverage, cp, sent in scored:
            if not per_document and (len(claims) >= self.max_claims or score < self.runner_up * best_score):
                break
            if used[cp.pid] >= self.per_passage:
                continue
            if per_document:
                if cp.passage.document.id in docs_used or coverage < self.min_coverage:
                    continue
                docs_used.add(cp.passage.document.id)
            used[cp.pid] += 1
            claims.append({"text": self._claim_text(cp, sent),
                           "citations": [{"passage": cp.pid, "quote": sent}]})
        return reply_json(claims)

    @staticmethod
    def _names_present(turn: TurnContext, cp) -> bool:  # type: ignore[no-untyped-def]
        """Every capitalised word the question names occurs somewhere in the cited document."""
        doc = next(dc.document for dc in turn.documents if dc.document.id == cp.passage.document.id)
        hay = " ".join((doc.title, doc.citation or "", doc.source.replace("_", " "), doc.text)).lower()
        return all(re.search(rf"\b{re.escape(w)}", hay) for w in named_words(turn.question))

    @staticmethod
    def _claim_text(cp, sent: str) -> str:  # type: ignore[no-untyped-def]
        ch = cp.passage.chunk
        if ch.role in (Role.DISSENTING, Role.PARTLY_DISSENTING):
            return f"{ch.author or 'A dissenting judge'} ({ch.role.value}) said: \u201c{sent}\u201d"
        return sent
