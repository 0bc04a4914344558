"""lab/small_stores.py: a training gold file split into parts, each asked over the store ``pincite eval --corpus``
would build for it (the corpus and the sources the part's questions name), on real documents."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lab import small_stores
from pincite.evaluation.gold import read_gold
from pincite.open import open_store
from tests.conftest import SHARED

CUAD = SHARED / "bulk" / "cuad_v1_txt"
FISH = SHARED / "corpus" / "us_uslm" / "statute_compilations" / "COMPS-1656_anadromous_fish_conservation_act_thru_PL109-479.xml"
CONTRACTS = ("RMRGROUPINC_01_22_2020-EX-99.1-JOINT FILING AGREEMENT.txt",
             "ABILITYINC_06_15_2020-EX-4.25-SERVICES AGREEMENT.txt",
             "ACCELERATEDTECHNOLOGIESHOLDINGCORP_04_24_2003-EX-10.13-JOINT VENTURE AGREEMENT.txt")


def test_a_part_keeps_the_fold_of_the_question_it_was_split_from() -> None:
    origin = small_stores.origin
    assert origin("train@g03.jsonl") == "train.jsonl"
    assert origin("train@g03.jsonl#scoped") == "train.jsonl"
    assert origin("train.jsonl#scoped") == "train.jsonl"
    assert origin("lb.jsonl") == "lb.jsonl"


@pytest.mark.shared
def test_each_part_stores_its_own_questions_sources_and_not_the_others(tmp_path: Path) -> None:
    corpus, bulk = tmp_path / "corpus", tmp_path / "bulk"
    corpus.mkdir()
    bulk.mkdir()
    (corpus / FISH.name).symlink_to(FISH)  # read from ../shared, not copied
    for name in CONTRACTS:  # named as in ../shared: the store keeps a linked file's own path
        (bulk / name).symlink_to(CUAD / name)
    c0, c1, c2 = CONTRACTS

    def q(id_: str, *sources: str) -> dict:
        return {"id": id_, "question": f"What does clause {id_} say?", "as_of": None,
                "kind": "contract" if sources else "none",
                "gold": [{"source": f"bulk/{s}", "unit": "1", "quote": "Agreement"} for s in sources]}

    gold = tmp_path / "train.jsonl"
    rows = [q("a", c0), q("b", c0, c1), q("c", c2), q("none")]
    gold.write_text("// a header kept in every part\n" + "".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    out = tmp_path / "parts"
    assert small_stores.main([str(gold), "--corpus", str(corpus), "--sources", "1", "--out", str(out)]) == 0

    parts = sorted(out.glob("train@g*.jsonl"))
    assert len(parts) == 2  # c0 and c1 are joined by question b; c2 is a part of its own
    seen: dict[str, Path] = {}
    for part in parts:
        assert part.read_text(encoding="utf-8").startswith("// a header kept in every part")
        store = open_store(str(part.with_suffix(".db")))
        stored = {Path(d.source).name for d in store.list_documents()}
        store.close()
        assert FISH.name in stored  # the corpus is in every part's store
        for question in read_gold(str(part)):
            seen[question.id] = part
            named = {Path(g.source).name for g in question.gold}
            assert named <= stored
        named_here = {Path(g.source).name for question in read_gold(str(part)) for g in question.gold}
        assert not (set(CONTRACTS) - named_here) & stored  # no other part's source
    assert set(seen) == {"a", "b", "c", "none"}
    assert seen["a"] == seen["b"] != seen["c"]
