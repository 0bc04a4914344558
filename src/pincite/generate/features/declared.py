"""Every feature declared once (:data:`DECLARED`: name, computation over the record, the question's reading
and the per-question :class:`Aggregates`, reason), the models a feature may need (:data:`MODELS`), and the
matrix a model reads (:func:`feature_matrix`, columns :data:`CORE` in order, then the optional ones its file
lists)."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from pincite.generate.features.record import Reading, SentenceFeatures
from pincite.generate.features.similarity import fill_similarity, load_sentence_model
from pincite.generate.features.structure import sentence_says, structural_asks


@dataclass(frozen=True)
class Aggregates:
    """Per-question figures a sentence's measures are compared with (a pointwise model ranks by them)."""

    max_coverage: float
    max_density: float
    n: int
    max_similarity: float
    max_score: float


def density(f: SentenceFeatures) -> float:
    """The question's idf mass a sentence holds per word (square root of its length, at least 4 words)."""
    return f.matched / math.sqrt(max(len(f.toks), 4))


def aggregates(reading: Reading) -> Aggregates:
    sents = reading.sentences
    sims = [f.similarity for f in sents if f.similarity is not None]
    return Aggregates(max((f.coverage for f in sents), default=0.0), max((density(f) for f in sents), default=0.0),
                      max(len(sents), 1), max(sims, default=0.0),
                      max((f.cp.passage.score for f in sents), default=0.0))


Compute = Callable[[SentenceFeatures, Reading, Aggregates], float]


@dataclass(frozen=True)
class Feature:
    """One feature: its name, how it is read from a candidate's record, the question's reading and the
    per-question aggregates, and why it exists.  ``optional``: a model reads it only when its file lists it
    (core features are every model's, in declaration order).  ``needs``: it reads what a model (:data:`MODELS`,
    the bi-encoder's similarity) fills into the record, which must run first (:func:`fill_models`)."""

    name: str
    compute: Compute
    reason: str
    optional: bool = False
    needs: str | None = None  # the model (a :data:`MODELS` key) that must have read the candidates first


@dataclass(frozen=True)
class ModelStep:
    """A model some features read: how it is loaded (once), and how it fills every candidate's record of a
    question (one batch)."""

    load: Callable[[], Any]
    fill: Callable[[Reading, Any], None]


#: The models features may need, by name.  A feature read from another model (a cross-encoder's score) is a
#: record field, a step here and its :class:`Feature` with ``needs`` naming the step.
MODELS: dict[str, ModelStep] = {"bi-encoder": ModelStep(lambda: load_sentence_model(), fill_similarity)}


def _sim(f: SentenceFeatures) -> float:
    return f.similarity if f.similarity is not None else 0.0


#: Every feature, declared once.  Shape-crossed flags exist because a pattern only decides for one kind of
#: question (a disposal answers "did the court…", not "what is the term").
DECLARED: tuple[Feature, ...] = (
    # -- core: every model's columns, in this order (the shipped ranker file was fitted on them)
    Feature("coverage", lambda f, r, a: f.coverage, "the idf-weighted share of the question's words it holds"),
    Feature("coverage_vs_best", lambda f, r, a: f.coverage / a.max_coverage if a.max_coverage else 0.0,
            "coverage relative to the question's best candidate"),
    Feature("density", lambda f, r, a: density(f), "the question's rare words per word of the sentence"),
    Feature("density_vs_best", lambda f, r, a: density(f) / a.max_density if a.max_density else 0.0,
            "density relative to the question's best candidate"),
    Feature("matched_terms", lambda f, r, a: min(f.matched_terms, 8) / 8.0, "distinct question terms it holds"),
    Feature("own_words", lambda f, r, a: float(f.answers_in_own_words),
            "its own words (or its caption), not only its lead-in, share a question term"),
    Feature("enough_terms", lambda f, r, a: float(f.matched_terms >= min(2, len(r.q) + r.shape.quantity)
                                                  or f.decisive), "it passes the extractive answer gate"),
    Feature("inverse_rank", lambda f, r, a: 1.0 / (f.rank or f.cp.passage.rank), "retrieval ranked its passage higher"),
    Feature("log_rank", lambda f, r, a: math.log(f.rank or f.cp.passage.rank), "retrieval's rank, on a log scale"),
    Feature("first_in_passage", lambda f, r, a: float(f.start == 0), "a passage's first sentence states its point"),
    Feature("log_length", lambda f, r, a: math.log(max(len(f.toks), 1)), "long sentences hold more by chance"),
    Feature("decisive", lambda f, r, a: float(f.decisive),
            "a majority disposal for an outcome question, a dissent's disagreement for a dissent question"),
    Feature("restates_issue", lambda f, r, a: float(f.restates_issue),
            "\"the issue is whether…\": restating the question does not answer it"),
    Feature("states_number", lambda f, r, a: float(f.states_number), "\"how many…\": a sentence stating a number"),
    Feature("quantity_no_number", lambda f, r, a: float(r.shape.quantity and not f.states_number),
            "\"how many…\" and the sentence states no number"),
    Feature("judgment", lambda f, r, a: float(f.judgment), "judgments answer differently from provisions"),
    Feature("quoted", lambda f, r, a: float(f.judgment and f.in_quote),
            "words the court quotes (a lower court, counsel, a statute) are not its reasons"),
    Feature("argument", lambda f, r, a: float(f.judgment and f.argument),
            "\"the appellant contends that…\": a party's case, not the court's view"),
    Feature("opening", lambda f, r, a: float(f.judgment and f.opening),
            "a judgment's opening paragraphs summarise; the reasons decide"),
    Feature("concluding", lambda f, r, a: float(f.concluding),
            "\"For these reasons…\": a judge's reasoning gathered into a conclusion"),
    Feature("holding_opening", lambda f, r, a: float(f.judgment and f.holding_opening),
            "\"In my judgment…\": the court deciding the point"),
    Feature("held_for_holding", lambda f, r, a: float(r.shape.holding and f.held and not f.dissenting),
            "\"…we hold that…\", for a holding question"),
    Feature("disposal_for_outcome", lambda f, r, a: float(r.shape.outcome and f.disposal and not f.dissenting),
            "the majority's disposal answers \"did the court…\""),
    Feature("agreement_for_holding", lambda f, r, a: float(r.shape.holding and f.agreement and not f.dissenting),
            "a majority judge agreeing states the court's holding"),
    Feature("other_period", lambda f, r, a: float(f.other_period),
            "a provision for a period the question's dates fall outside"),
    Feature("off_kind", lambda f, r, a: float(f.off_kind),
            "a contract sentence that is not the kind of clause the question asks about"),
    Feature("titled", lambda f, r, a: float(f.titled), "its provision's caption is what the question asks"),
    Feature("prefatory", lambda f, r, a: float(f.prefatory and not r.shape.purpose),
            "a purpose clause or definition restates the subject; the operative provision answers"),
    Feature("grants_power", lambda f, r, a: float(f.grants_power),
            "\"who may be appointed…\": a provision saying \"may be appointed\" grants what is asked"),
    Feature("describes_person", lambda f, r, a: float(f.describes_person),
            "\"who may…\": the provision describing the persons (\"any person who…\")"),
    Feature("schedule", lambda f, r, a: float(f.schedule),
            "a contract schedule's instrument (a form, a guaranty) is not the agreement itself"),
    Feature("named_author", lambda f, r, a: float(f.named_author),
            "the question names a judge: their own paragraphs answer it"),
    Feature("dissent_for_dissent_question", lambda f, r, a: float(r.shape.dissent and f.dissenting),
            "a question about a dissent: the dissenting judge's words"),
    Feature("majority_for_dissent_question", lambda f, r, a: float(r.shape.dissent and f.judgment
                                                                   and not f.dissenting),
            "a question about a dissent: a majority judge's words answer it less"),
    Feature("dissent_for_other_question", lambda f, r, a: float(not r.shape.dissent and f.dissenting),
            "the majority answers \"what did the court decide\""),
    Feature("dissent_statement_for_who", lambda f, r, a: float(r.shape.who and f.dissenting and f.disagreement
                                                               and f.first_of_judge),
            "\"who dissented…\": the judge's first paragraph stating the disagreement"),
    Feature("dissent_conclusion_for_why", lambda f, r, a: float(r.shape.reasons and f.dissenting and f.concluding),
            "\"why did … dissent\": the conclusion of the dissent's reasons"),
    Feature("dissent_opening_for_why", lambda f, r, a: float(r.shape.reasons and f.dissenting
                                                             and f.first_of_judge),
            "\"why…\": not the dissent's opening statement that they disagree"),
    Feature("timed_for_duration", lambda f, r, a: float(r.shape.duration and f.timed),
            "\"how long…\": a sentence stating a duration or date"),
    Feature("untimed_for_duration", lambda f, r, a: float(r.shape.duration and not f.timed),
            "\"how long…\" and the sentence states no duration"),
    Feature("names_missing", lambda f, r, a: float(not f.names_ok),
            "its document does not name what the question names"),
    Feature("question_terms", lambda f, r, a: min(len(r.q), 12) / 12.0, "how much the question says"),
    Feature("candidates_log", lambda f, r, a: math.log(a.n), "how many candidates compete"),

    # -- optional: the extractive generator's score chain (exact conditions of its hand-set steps)
    Feature("concluding_unless_who", lambda f, r, a: float(f.concluding and not r.shape.who),
            "a conclusion answers, except a \"who…\" question (it names a person, not a reason)", optional=True),
    Feature("held_unless_opening", lambda f, r, a: float(f.judgment and not f.holding_opening and r.shape.holding
                                                         and not f.dissenting and f.held),
            "\"…we hold that…\" for a holding question, when the sentence does not already open with a holding",
            optional=True),
    Feature("majority_or_provision_for_dissent_question",
            lambda f, r, a: float(r.shape.dissent and not f.dissenting),
            "a question about a dissent: anything but the dissent answers it less", optional=True),
    Feature("dissent_conclusion_asked", lambda f, r, a: float(r.shape.dissent and f.dissenting and r.shape.reasons
                                                              and f.concluding),
            "\"why did … dissent\": the conclusion of the dissent's reasons", optional=True),
    Feature("dissent_opening_asked", lambda f, r, a: float(r.shape.dissent and f.dissenting and r.shape.reasons
                                                           and not f.concluding and f.first_of_judge),
            "\"why…\": the dissent's opening statement of disagreement is not the reason", optional=True),
    Feature("dissent_statement_asked", lambda f, r, a: float(r.shape.dissent and f.dissenting and r.shape.who
                                                             and f.disagreement and f.first_of_judge),
            "\"who…\": the dissenting judge's first paragraph stating the disagreement", optional=True),

    # -- optional: the reader generator's combination (deleted, lab/notes/answers.md; no shipped model reads them,
    # kept so the declarations, and a model file naming them, read as before)
    Feature("context_coverage", lambda f, r, a: f.context_coverage,
            "the idf-weighted share of the question's words the sentence's context (title, caption) holds",
            optional=True),
    Feature("unresolved_issue", lambda f, r, a: float(f.restates_issue and not f.holding_opening),
            "frames an issue (\"whether…\") without holding anything", optional=True),
    Feature("stated_argument", lambda f, r, a: float(f.argument), "states a party's argument", optional=True),
    Feature("off_side", lambda f, r, a: float(f.cp.passage.chunk.role is not None
                                              and f.dissenting != r.shape.dissent),
            "a dissent when the question is not about one, or a majority judge when it is", optional=True),
    Feature("decides", lambda f, r, a: float(f.holding_opening or f.held or f.concluding_opening),
            "a judge stating a holding (\"In my judgment…\") or gathering reasons (\"For these reasons…\")",
            optional=True),
    Feature("introduction", lambda f, r, a: float(f.opening),
            "in a judgment's introductory paragraphs, which summarise rather than decide", optional=True),

    # -- optional: what the bi-encoder reads, and where retrieval put the passage (issue 27, item 2)
    Feature("similarity", lambda f, r, a: _sim(f),
            "the bi-encoder's cosine of question and sentence (it reads meaning, not shared words)",
            optional=True, needs="bi-encoder"),
    Feature("similarity_vs_best", lambda f, r, a: _sim(f) - a.max_similarity,
            "how far the sentence's similarity falls short of the question's best candidate's",
            optional=True, needs="bi-encoder"),
    Feature("retrieval_score", lambda f, r, a: f.cp.passage.score, "retrieval's own score of the passage",
            optional=True),
    Feature("retrieval_score_vs_best", lambda f, r, a: f.cp.passage.score / a.max_score if a.max_score > 0 else 0.0,
            "the passage's retrieval score as a share of the best candidate passage's", optional=True),
    Feature("position_in_passage", lambda f, r, a: f.start / max(len(f.cp.passage.text), 1),
            "where in its unit the sentence sits (a clause's first words state the rule, its last the exception)",
            optional=True),
    Feature("sentence_index", lambda f, r, a: min(f.index, 30) / 30.0, "how many sentences of its unit precede it",
            optional=True),
    Feature("position_in_document", lambda f, r, a: f.doc_position,
            "where in its document the sentence sits (openings summarise, ends dispose)", optional=True),

    # -- optional: what a judgment's structure says of the sentence for the question asked (issue 52, item 1;
    # pincite.answer.structure and legal/decisions) — for a model trained after them
    Feature("structure_disposal",
            lambda f, r, a: float(f.judgment and not f.dissenting and structural_asks(r.question).outcome
                                  and sentence_says(f.sent, "disposal")),
            "a majority judge's own disposal, for a question asking how the case came out", optional=True),
    Feature("structure_assent",
            lambda f, r, a: float(f.judgment and not f.dissenting and (
                structural_asks(r.question).outcome or structural_asks(r.question).dissent) and sentence_says(f.sent, "assent")),
            "a judge's assent (\"I agree\"), for an outcome question or whether anyone dissented",
            optional=True),
    Feature("structure_dissent_disposal",
            lambda f, r, a: float(f.dissenting and structural_asks(r.question).dissent and sentence_says(f.sent, "disposal")),
            "a dissent's own disposal (\"I would have allowed the appeal\"), for a dissent question",
            optional=True),
    Feature("structure_test", lambda f, r, a: float(structural_asks(r.question).test and sentence_says(f.sent, "test")),
            "states the test or standard (\"the correct approach is\"), for a question asking it",
            optional=True),
    Feature("structure_costs", lambda f, r, a: float(structural_asks(r.question).costs and sentence_says(f.sent, "costs")),
            "states a costs order, for a question asking it", optional=True),
)


FEATURES: dict[str, Feature] = {d.name: d for d in DECLARED}
assert len(FEATURES) == len(DECLARED), "a feature is declared twice"


#: every model's columns, in order
CORE: tuple[str, ...] = tuple(d.name for d in DECLARED if not d.optional)


#: what issue 27 item 2 adds: the bi-encoder's similarity, retrieval's score and positions
RETRIEVAL_AND_SIMILARITY: tuple[str, ...] = ("similarity", "similarity_vs_best", "retrieval_score",
                                             "retrieval_score_vs_best", "position_in_passage", "sentence_index",
                                             "position_in_document")


def feature(name: str) -> Compute:
    """The computation of a declared feature (KeyError for a name never declared)."""
    return FEATURES[name].compute


def columns_problem(names: Sequence[str]) -> str | None:
    """Why a model file's feature list cannot be computed by this version, or None: it must start with
    :data:`CORE` in order, and every other name must be a declared optional feature, each once."""
    names = tuple(names)
    if names[:len(CORE)] != CORE:
        missing = sorted(set(CORE) - set(names))
        return f"differ in: {', '.join(missing) or 'order'}"
    unknown = [n for n in names[len(CORE):] if n not in FEATURES]
    if unknown:
        return f"not declared: {', '.join(unknown)}"
    if len(set(names)) != len(names):
        return "a feature is listed twice"
    return None


def models_needed(names: Sequence[str]) -> tuple[str, ...]:
    """The models (:data:`MODELS` keys) these features read, each once."""
    return tuple(dict.fromkeys(FEATURES[n].needs for n in names if FEATURES[n].needs))


def load_models(names: Sequence[str], models: dict[str, Any]) -> dict[str, Any]:
    """``models`` with every model these features read loaded (once: one already there is kept)."""
    for need in models_needed(names):
        if need not in models:
            models[need] = MODELS[need].load()
    return models


def fill_models(reading: Reading, names: Sequence[str], models: dict[str, Any]) -> None:
    """Run every model these features read over the question's candidates (loading it the first time)."""
    load_models(names, models)
    for need in models_needed(names):
        MODELS[need].fill(reading, models[need])


def feature_matrix(reading: Reading, names: Sequence[str] = CORE) -> np.ndarray:
    """One row per candidate sentence of ``reading``, one column per feature named, in that order."""
    sents = reading.sentences
    agg = aggregates(reading)
    fns = [FEATURES[n].compute for n in names]
    return np.array([[fn(f, reading, agg) for fn in fns] for f in sents], dtype=float).reshape(len(sents), len(fns))
