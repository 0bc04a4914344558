"""The extractive generator: offline, deterministic, no model.

It picks the sentences of the retrieved passages that best answer the question and states each as a quoted claim
citing its passage.  Its reply goes through the same parsing and checks as any model's.  The candidates and their
features are :mod:`pincite.generate.features`' one record; the hand-set weights name the features they apply to
(:data:`SCORE_CHAIN`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from pincite.answer.context import TurnContext
from pincite.answer.protocol import reply_json
from pincite.generate.candidates import claim_text, with_next_sentence
from pincite.generate.features import (  # noqa: F401  (re-exported: the reading of sentences lived here)
    ClauseKindTest,
    Reading,
    SentenceFeatures,
    aggregates,
    answers,
    defined_abbreviations,
    feature,
    named_phrases,
    named_words,
    names_present,
    read_sentences,
    terms,
)
from pincite.legal.language import AGREEMENT, DATE, DISAGREEMENT, DURATION
from pincite.types import Role

__all__ = ["ClauseKindTest", "ExtractiveGenerator", "Reading", "SCORE_CHAIN", "SentenceFeatures", "Weights",
           "answers", "names_present", "read_sentences", "defined_abbreviations", "named_phrases", "named_words",
           "terms"]


@dataclass(frozen=True)
class Weights:
    """How the kind of sentence changes its score: each factor with the reason for it.  Chosen on
    ``eval/dev.jsonl`` only (bench/NOTES.md has the figures); none exists for one document or question."""

    restates_issue: float = 0.3  # "the issue is whether…": restating the question does not answer it
    states_number: float = 2.0  # "how many…": a sentence stating a number answers it
    quoted: float = 0.3  # words the court quotes (a lower court, counsel, a statute) are not its reasons
    argument: float = 0.4  # "the appellant contends that…": a party's case, not the court's view
    introduction: float = 0.5  # a judgment's opening paragraphs summarise; the reasons decide
    concluding: float = 1.5  # "For these reasons…": a judge's reasoning gathered into a conclusion
    holding_opening: float = 1.5  # "In my judgment…", "I am satisfied that…": the court deciding the point
    held: float = 2.0  # "…and we hold that…", for a holding question: the holding stated
    other_period: float = 0.2  # a provision for a period the question's dates fall outside
    titled: float = 2.0  # the provision's caption is what the question asks about ("Right of access")
    prefatory: float = 0.4  # a purpose clause or definition restates the subject; the operative provision answers
    schedule: float = 0.5  # a contract schedule's instrument (a form, a guaranty) is not the agreement itself
    named_author: float = 2.0  # the question names a judge: their own paragraphs answer it (dev flat over 1-3)
    power: float = 2.0  # "who may be appointed…": a provision saying "may be appointed" grants what is asked
    dissent: float = 2.0  # a question about a dissent: the dissenting judge's words
    not_dissent: float = 0.7  # … and anyone else's words less
    dissent_conclusion: float = 2.0  # "why…": the conclusion of the dissent's reasons
    dissent_opening: float = 0.5  # "why…": not the dissent's opening statement that they disagree
    dissent_statement: float = 2.0  # "who…": the judge's first paragraph stating the disagreement
    dissent_for_holding: float = 0.5  # the majority answers "what did the court decide"
    off_kind: float = 0.5  # a contract sentence that is not the kind of clause asked about (ExtractiveGenerator's off_kind)


#: The score chain: in this order, the score is multiplied by the weight (a :class:`Weights` field) when the
#: declared feature (:data:`pincite.generate.features.DECLARED`, with its reason) holds for the sentence.
SCORE_CHAIN: tuple[tuple[str, str], ...] = (
    ("restates_issue", "restates_issue"),
    ("states_number", "states_number"),
    ("quoted", "quoted"),
    ("argument", "argument"),
    ("opening", "introduction"),
    ("concluding_unless_who", "concluding"),
    ("holding_opening", "holding_opening"),
    ("held_unless_opening", "held"),
    ("other_period", "other_period"),
    ("off_kind", "off_kind"),
    ("titled", "titled"),
    ("prefatory", "prefatory"),
    ("grants_power", "power"),
    ("describes_person", "power"),  # "who may…": the provision describing the persons ("any person who…")
    ("schedule", "schedule"),
    ("named_author", "named_author"),
    ("dissent_for_dissent_question", "dissent"),
    ("majority_or_provision_for_dissent_question", "not_dissent"),
    ("dissent_conclusion_asked", "dissent_conclusion"),
    ("dissent_opening_asked", "dissent_opening"),
    ("dissent_statement_asked", "dissent_statement"),
    ("dissent_for_other_question", "dissent_for_holding"),
)




class ExtractiveGenerator:
    """Quote the sentence that best answers the question, or abstain.

    A sentence is scored by the question terms it holds, weighted by how rare they are among the retrieved
    sentences; words that only name the document (its title, parties, citation) do not count as evidence.  The
    shape of the question (:func:`pincite.legal.language.question_shape`) and the kind of sentence
    (:mod:`pincite.legal.language`'s judgment and provision patterns) change the score by :class:`Weights`: an
    outcome question prefers a majority judge's disposal, a question about a dissent the dissenting judge's own
    words (their conclusion when it asks why, their statement of disagreement when it asks who), a quantity
    question a sentence stating a number.  The court's own reasoning beats introductory paragraphs, passages it
    only quotes and the restated issue.

    One claim, the best, unless a second adds support: another majority judge's agreement with the disposal, or
    the words of a second part of the question the first claim leaves unanswered.  It abstains when its best
    sentence covers too little of the question, or when the question names something (a case, an Act, a judge,
    a year) that the cited document never mentions.
    """

    name = "extractive"
    paraphrases = False  # the document's sentences (Generator.paraphrases)

    def __init__(self, max_claims: int = 2, per_passage: int = 1, min_chars: int = 25, per_document: bool = False,
                 min_terms: int = 2, min_coverage: float = 0.3, runner_up: float = 0.8,
                 multi_coverage: float = 0.4, off_kind: float = 0.5, weights: Weights | None = None) -> None:
        self.max_claims = max_claims
        self.per_passage = per_passage
        self.min_chars = min_chars
        self.per_document = per_document  # multi-document questions: the best sentence of each source
        self.min_terms = min_terms  # a sentence must share this many distinct question terms (fewer if the question has fewer)
        self.min_coverage = min_coverage  # idf-weighted share of the question's terms the best sentence must hold
        self.runner_up = runner_up  # a second claim must score at least this share of the best
        self.multi_coverage = multi_coverage  # per source of a multi-document question: the coverage it must reach
        # score factor of a contract sentence that is not the kind of clause asked about
        self.weights = replace(weights or Weights(), off_kind=off_kind)

    def generate(self, turn: TurnContext, messages: list[dict[str, str]]) -> str:
        reading = read_sentences(turn, self.min_chars)
        if reading is None:
            return reply_json([])
        question, shape, q, idf, q_weight = reading.question, reading.shape, reading.q, reading.idf, reading.q_weight
        w = self.weights
        decisive_bonus = q_weight / 2.0
        agg = aggregates(reading)
        chain = [(feature(name), getattr(w, weight)) for name, weight in SCORE_CHAIN]
        scored = []
        per_document = self.per_document or turn.multi_document
        for f in reading.sentences:
            cp, sent, toks, decisive = f.cp, f.sent, f.toks, f.decisive
            if not answers(f, reading, self.min_terms):
                continue
            if f.off_kind and per_document:
                continue  # one source's answer must be that kind of clause, or that source has none
            coverage = f.coverage
            score = feature("density")(f, reading, agg)
            score *= 1.0 + feature("inverse_rank")(f, reading, agg)  # prefer the passages retrieval ranked higher
            if decisive:
                score += decisive_bonus
            for flag, factor in chain:
                if flag(f, reading, agg):
                    score *= factor
            scored.append((score, coverage, cp, f.quote or sent, toks, decisive, f))
        scored.sort(key=lambda x: -x[0])
        if not scored:
            return reply_json([])
        if not per_document:  # the answer comes from a document that names what the question names
            scored = [x for x in scored if reading.names_ok[x[2].passage.document.id]]
            if not scored:
                return reply_json([])
        if shape.duration and not per_document:
            # "how long…": a sentence that states no duration does not answer it, however many of the question's
            # words it repeats ("the period of notice shall be as agreed")
            timed = next((i for i, x in enumerate(scored) if DURATION.search(x[3]) or DATE.search(x[3])), None)
            if timed is None:
                return reply_json([])
            scored.insert(0, scored.pop(timed))
        best_score, best_cov, best_cp, _, best_toks, _, _ = scored[0]
        if not per_document and best_cov < self.min_coverage:
            return reply_json([])  # abstain: what the question asks is not in the evidence
        claims = []
        if per_document:
            docs_used: set[str] = set()
            for score, coverage, cp, sent, toks, decisive, _ in scored:
                if cp.passage.document.id in docs_used or coverage < self.multi_coverage:
                    continue
                docs_used.add(cp.passage.document.id)
                claims.append(self._claim(cp, sent))
            return reply_json(claims)
        first_quote = scored[0][3]
        if shape.reasons and DISAGREEMENT.search(first_quote):
            # "why…" answered by "I do not agree, however, that…": the judge's point is the sentence that follows
            first_quote = with_next_sentence(best_cp.passage.text, first_quote)
        claims.append(self._claim(best_cp, first_quote))
        best_unit = best_cp.passage.chunk.units[:1]
        for score, coverage, cp, sent, toks, decisive, _ in scored[1:]:
            if len(claims) >= self.max_claims:
                break
            ch = cp.passage.chunk
            if cp.pid == best_cp.pid or ch.units[:1] == best_unit:
                continue
            first = best_cp.passage.chunk
            if shape.holding and first.author and ch.author and ch.author != first.author \
                    and ch.role not in (Role.DISSENTING, Role.PARTLY_DISSENTING) \
                    and first.role not in (Role.DISSENTING, Role.PARTLY_DISSENTING) \
                    and (decisive or AGREEMENT.search(sent)):
                claims.append(self._claim(cp, sent))  # another majority judge agreeing: the court's holding
            elif shape.two_parts and score >= self.runner_up * best_score \
                    and cp.passage.document.id == best_cp.passage.document.id \
                    and (decisive or math.fsum(idf(t) for t in (toks - best_toks) & q) >= 0.25 * q_weight):
                claims.append(self._claim(cp, sent))  # it answers the part of the question the first leaves open
        return reply_json(claims)

    def _claim(self, cp, sent: str) -> dict:  # type: ignore[no-untyped-def]
        return {"text": claim_text(cp, sent), "citations": [{"passage": cp.pid, "quote": sent}]}


