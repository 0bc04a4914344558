"""lab/train_ranker.py end to end on a small input (``--limit``): the demo judgments and the first three
questions of the repository's demo gold, collected once into a cache, then trained again from the cache; both
runs write the same model file but for its ``train_seconds``.  Needs LightGBM (the ``train`` extra)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.conftest import FIXTURES

pytest.importorskip("lightgbm")

from lab import train_ranker  # noqa: E402


def test_a_smoke_run_trains_the_same_model_from_its_cache(tmp_path: Path) -> None:
    import pincite
    from pincite.generate.ranker import load_model

    db = tmp_path / "demo.db"
    with pincite.Pincite(db, dense=False, create=True) as lib:
        assert not lib.ingest(pincite.demo_paths()).failed
    cache = tmp_path / "feat.json"
    args = ["--set", str(FIXTURES / "evaluate" / "demo_gold.jsonl"), str(db), "--no-dense", "--limit", "3",
            "--folds", "2", "--cache", str(cache)]
    written = []
    for run in ("collected", "cached"):
        out = tmp_path / f"{run}.json"
        assert train_ranker.main([*args, "--out", str(out)]) == 0
        text = out.read_text(encoding="utf-8")
        written.append(re.sub(r'"train_seconds": [\d.]+', '"train_seconds": 0', text))
        load_model(str(out))  # the generator reads it (main checked its walk gives LightGBM's scores)
    assert written[0] == written[1]
    assert [r["id"] for r in json.loads(cache.read_text(encoding="utf-8"))["records"]] == [
        "harbour-holding", "harbour-email", "orchard-dissent"]  # --limit 3: the gold file's first three
    model = json.loads(written[0])
    assert model["trained_on"] == {"demo_gold.jsonl": 3} and model["trees"] and model["folds"] == 2
