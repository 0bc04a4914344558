"""The answerers' features are declared once (generate/features/) and every generator reads those
declarations: each feature has a name, a computation and a reason; the extractive generator's score chain
names declared features and its own weights; the shipped model file lists the core features first; a model
file may add a declared optional feature, and one never declared is refused."""

from __future__ import annotations

import dataclasses
import json

import pytest

from pincite.generate.base import GeneratorError
from pincite.generate.extractive import SCORE_CHAIN, Weights
from pincite.generate.features import CORE, DECLARED, FEATURES, MODELS, columns_problem, models_needed
from pincite.generate.ranker import MODEL_FILE, load_model


def test_every_feature_is_declared_once_with_a_reason() -> None:
    names = [d.name for d in DECLARED]
    assert len(names) == len(set(names)) == len(FEATURES)
    for d in DECLARED:
        assert d.reason.strip() and callable(d.compute), d.name
        assert d.needs is None or d.needs in MODELS, d.name
    assert CORE == tuple(d.name for d in DECLARED if not d.optional)


def test_the_hand_set_scorers_name_declared_features() -> None:
    weights = {f.name for f in dataclasses.fields(Weights)}
    for name, weight in SCORE_CHAIN:
        assert name in FEATURES and weight in weights, (name, weight)


def test_the_shipped_model_lists_the_core_features_first() -> None:
    names = load_model().features
    assert names[:len(CORE)] == CORE and columns_problem(names) is None


def test_a_model_may_add_a_declared_optional_feature_and_never_an_undeclared_one(tmp_path) -> None:  # type: ignore[no-untyped-def]
    assert columns_problem(CORE + ("similarity", "retrieval_score")) is None
    assert models_needed(CORE + ("similarity", "retrieval_score")) == ("bi-encoder",)
    assert "not declared" in (columns_problem(CORE + ("made_up",)) or "")
    assert columns_problem(CORE[1:]) is not None and columns_problem(CORE + ("similarity", "similarity"))
    raw = json.loads(MODEL_FILE.read_text(encoding="utf-8"))
    bad = tmp_path / "m.json"
    bad.write_text(json.dumps({**raw, "features": raw["features"] + ["made_up"]}), encoding="utf-8")
    with pytest.raises(GeneratorError, match="not declared: made_up.*retrain"):
        load_model(bad)
