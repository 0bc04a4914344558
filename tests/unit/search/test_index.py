"""Index building blocks: the legal-aware query parse, dates, fusion and the dense file format."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from pincite.types import DATE_MAX, DATE_MIN, date_key
from pincite.store.rows import OPENING_CHARS, opening_words, source_words
from pincite.search.lexical import legal_phrases
from pincite.text.terms import query_words
from pincite.search.fusion import fuse_rankings
from tests.conftest import FIXTURES


@pytest.mark.parametrize(
    "query, expected",
    [
        ("s. 4(1)(c)", [("path", "4 1 c")]),
        ("What does section 18.29(3)(a) say?", [("path", "18 29 3 a")]),
        ("cl. 2.1", [("path", "2 1")]),
        ("para 14", []),  # one word: the plain word query already finds it
        ("[2020] EWCA Civ 1018", [("docinfo", "2020 ewca civ 1018")]),
        ("see [2023] UKSC 42 at [15]", [("docinfo", "2023 uksc 42")]),
        ("4(1)(c) of the Act", [("path", "4 1 c")]),
        ("the rent was 400 pounds", []),
    ],
)
def test_legal_phrases(query: str, expected: list[tuple[str, str]]) -> None:
    assert legal_phrases(query) == expected


def test_query_words_drop_all_syntax() -> None:
    assert query_words('title:"Ipek" AND (Koza) [2020]^2 -x') == ["title", "ipek", "and", "koza", "2020", "2", "x"]


@pytest.mark.parametrize(
    "iso, default, key",
    [("2021-06-29", 0, 20210629), ("2021", 0, 20210101), (None, DATE_MAX, DATE_MAX), ("", DATE_MIN, DATE_MIN),
     ("n/a", 5, 5), ("2021-06", 0, 20210601)],
)
def test_date_key(iso: str | None, default: int, key: int) -> None:
    assert date_key(iso, default) == key


def test_source_words_split_file_names() -> None:
    assert source_words("/x/GluMobileInc_20070319_S-1A_EX-10.09_Content License Agreement4.txt").split()[:3] == [
        "Glu", "Mobile", "Inc"]


def test_reciprocal_rank_fusion() -> None:
    fused = fuse_rankings({"lexical": ["a", "b", "c"], "dense": ["b", "d"]}, {"lexical": 1.0, "dense": 1.0}, 60)
    ids = [c for c, _ in fused]
    assert ids[0] == "b"  # ranked by both
    assert dict(fused)["b"] == pytest.approx(1 / 62 + 1 / 61)
    assert set(ids) == {"a", "b", "c", "d"}
    weighted = fuse_rankings({"lexical": ["a"], "dense": ["d"]}, {"lexical": 1.0, "dense": 2.0}, 60)
    assert weighted[0][0] == "d"


def test_dense_files_are_plain_numpy_and_json(tmp_path: Path) -> None:
    """The dense index is read back without pickle (np.load(allow_pickle=False)) and JSON."""
    from pincite.chunk import chunk_document
    from pincite.search.dense import DenseIndex
    from pincite.search.indexes import index_paths
    from pincite.ingest import parse_file
    from pincite.store.sqlite import SQLiteStore

    class FakeEmbedder:  # deterministic, no model: a hash of the text spread over 8 dimensions
        model_id, dim = "fake-8", 8

        def embed_texts(self, texts):  # type: ignore[no-untyped-def]
            out = np.zeros((len(texts), 8), dtype=np.float32)
            for i, t in enumerate(texts):
                for w in t.lower().split():
                    out[i, hash(w) % 8] += 1
            return out / np.maximum(np.linalg.norm(out, axis=1, keepdims=True), 1e-9)

    fx = FIXTURES / "retrieve"
    with SQLiteStore(tmp_path / "d.db") as s:
        for f in sorted(fx.glob("*.txt")):
            doc = parse_file(str(f))
            s.put_document(doc, chunk_document(doc))
        d = DenseIndex(index_paths(s)[1])
        d.sync(s, FakeEmbedder())
        cur = (d.path / "CURRENT").read_text().strip()
        folder = d.path / cur
        params = json.loads((folder / "params.json").read_text())
        vectors = np.load(folder / "vectors.npy", allow_pickle=False)
        with np.load(folder / "rows.npz", allow_pickle=False) as z:
            assert len(z["doc"]) == len(params["chunk_ids"]) == vectors.shape[0] > 0
        assert params["generation"] == s.generation() and params["model_id"] == "fake-8"
        # a second sync with nothing changed writes nothing new
        d.sync(s, FakeEmbedder())
        assert (d.path / "CURRENT").read_text().strip() == cur
        # a changed document re-embeds only its own rows; the other document's rows are kept
        first = sorted(fx.glob("*.txt"))[0]
        s.delete_document(str(first))
        d.sync(s, FakeEmbedder())
        params2 = json.loads((d.path / (d.path / "CURRENT").read_text().strip() / "params.json").read_text())
        assert set(params2["chunk_ids"]) < set(params["chunk_ids"])
        live = [p for p in d.path.iterdir() if p.name != ".writer.lock"]
        assert len(live) == 2  # CURRENT and the live folder: old folders are removed


def test_opening_words_count_words_not_padding() -> None:
    padded = " " * 500 + "SUPPLY AGREEMENT\n\n   between   Alder Ltd and Birch plc"
    assert opening_words(padded) == "SUPPLY AGREEMENT between Alder Ltd and Birch plc"
    long = " ".join(f"w{i}" for i in range(1000))
    cut = opening_words(long)
    assert len(cut) <= OPENING_CHARS and long.startswith(cut) and long[len(cut)] == " "  # whole words only
    assert opening_words("") == "" and opening_words("x" * 700) == ""
