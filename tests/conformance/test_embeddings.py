"""The store's vectors of embedded texts (model, text hash) on both backends: kept and read back exactly, one
batch per transaction, so an embedding run that dies part-way keeps every batch it finished and the next run
embeds only the rest."""

from __future__ import annotations

import numpy as np
import pytest

from pincite.search.dense import text_hash, vectors_for
from pincite.search.embed import load_embedder


class Embedder:
    """The real model at the boundary, counting its texts and failing at call number ``fail_at``."""

    def __init__(self, real, fail_at: int = 0) -> None:  # type: ignore[no-untyped-def]
        self.real, self.model_id, self.dim = real, real.model_id, real.dim
        self.fail_at, self.calls, self.count = fail_at, 0, 0

    def embed_texts(self, texts):  # type: ignore[no-untyped-def]
        self.calls += 1
        if self.calls == self.fail_at:
            raise KeyboardInterrupt("stopped part-way")  # as Ctrl-C would
        self.count += len(texts)
        return self.real.embed_texts(texts)


@pytest.fixture(scope="module")
def real():  # type: ignore[no-untyped-def]
    return load_embedder()


def test_vectors_round_trip_by_model_and_hash(store) -> None:  # type: ignore[no-untyped-def]
    assert store.get_embeddings("m", ["a"]) == {} and store.count_embeddings("m") == 0
    a, b = np.arange(384, dtype="<f4").tobytes(), np.ones(384, dtype="<f4").tobytes()
    store.put_embeddings("m", [("a", a), ("b", b)])
    store.put_embeddings("m", [("a", b)])  # the same text's vector is already kept: it stays
    assert store.get_embeddings("m", ["a", "b", "c"]) == {"a": a, "b": b}
    assert store.get_embeddings("another-model", ["a"]) == {}
    assert store.count_embeddings("m") == 2 and store.count_embeddings("another-model") == 0


def test_a_run_stopped_part_way_keeps_its_batches(store, real) -> None:  # type: ignore[no-untyped-def]
    texts = {text_hash(real.model_id, t): t for t in (f"clause {i}: the tenant shall pay rent of {i} pounds"
                                                      for i in range(10))}
    with pytest.raises(KeyboardInterrupt):
        vectors_for(store, Embedder(real, fail_at=3), texts, batch=4)
    assert store.count_embeddings(real.model_id) == 8  # two batches of four, each committed
    again = Embedder(real)
    got = vectors_for(store, again, texts, batch=4)
    assert again.count == 2 and set(got) == set(texts)
    fresh = real.embed_texts(list(texts.values()))
    assert np.allclose(np.stack([got[h] for h in texts]), fresh, atol=1e-5)  # read back exactly
    none = Embedder(real)
    vectors_for(store, none, texts, batch=4)
    assert none.count == 0
