"""The answerers' features, defined once: the record of one candidate sentence, where it is computed, and
every feature the generators score with, each declared once with its name, how it is computed and why it
exists.

Split by what the features read, each module importing only those before it:

- :mod:`.sentence`: the candidate sentence's own words (a heading, a stated number, a clause type's
  vocabulary);
- :mod:`.question`: the question (the words it scores with, the names it uses, whether a document names them);
- :mod:`.passage`: the candidate's passage and document (a document stored twice read once, quotations, where
  a provision's own words begin, headings, what a model reads);
- :mod:`.structure`: a judgment's structure (its opening paragraphs, each judge's first, what a question asks
  that the structure answers and the decision sentences that answer it);
- :mod:`.record`: :class:`SentenceFeatures`, the record of a candidate sentence, and :func:`read_sentences`,
  the one place it is computed for every citable passage of a turn (the ranker's and the extractive
  generator's candidates);
- :mod:`.similarity`: the bi-encoder's similarity (:func:`fill_similarity`) added to any of them;
- :mod:`.declared`: :data:`DECLARED`, every feature: a :class:`Feature` (name, computation over the record,
  the question's :class:`Reading` and the per-question :class:`Aggregates`, a one-line reason).  The
  extractive generator's score chain names the features it multiplies by (``extractive.SCORE_CHAIN``); the
  ranker's model reads :func:`feature_matrix` with the feature names its file lists: the :data:`CORE` features
  in order, then any optional ones it was trained with.

Adding a feature is one :class:`Feature` in :data:`DECLARED` (``optional=True``: a model file that does not
list it is unaffected; ``needs="bi-encoder"`` when it reads the bi-encoder's similarity, which a generator
then computes for its candidates in one batch; a feature from another model adds that model's step to
:data:`MODELS`).  Every name is importable from ``pincite.generate.features`` itself.
"""

from __future__ import annotations

from pincite.generate.features.declared import (
    CORE,
    DECLARED,
    FEATURES,
    MODELS,
    RETRIEVAL_AND_SIMILARITY,
    Aggregates,
    Compute,
    Feature,
    ModelStep,
    aggregates,
    columns_problem,
    density,
    feature,
    feature_matrix,
    fill_models,
    load_models,
    models_needed,
)
from pincite.generate.features.passage import (
    defined_abbreviations,
    distinct_passages,
    headings_at,
    model_text,
    own_words_start,
    passage_caption,
)
from pincite.generate.features.question import (
    drafting_terms,
    named_phrases,
    named_words,
    names_present,
    question_text,
)
from pincite.generate.features.record import (
    Reading,
    SentenceFeatures,
    answers,
    passage_key,
    passage_keys,
    read_sentences,
)
from pincite.generate.features.sentence import ClauseKindTest, clause_vocabulary_in, heading_like
from pincite.generate.features.similarity import fill_similarity, load_sentence_model
from pincite.legal.language import terms

__all__ = ["Aggregates", "CORE", "ClauseKindTest", "Compute", "DECLARED", "FEATURES", "Feature", "MODELS",
           "ModelStep", "RETRIEVAL_AND_SIMILARITY", "Reading", "SentenceFeatures", "aggregates", "answers",
           "clause_vocabulary_in", "columns_problem", "defined_abbreviations", "density",
           "distinct_passages", "drafting_terms", "feature", "feature_matrix", "fill_models",
           "fill_similarity", "headings_at", "heading_like", "load_models", "load_sentence_model",
           "model_text", "models_needed", "named_phrases", "named_words", "names_present",
           "own_words_start", "passage_caption", "passage_key", "passage_keys", "question_text",
           "read_sentences", "terms"]
