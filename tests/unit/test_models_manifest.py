"""The shipped model files live in one place, ``src/pincite/models/``, each named in its manifest with the sha256
of the bytes shipped and the lab command that rebuilds it; no model file lies anywhere else in the package."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pincite

PACKAGE = Path(pincite.__file__).resolve().parent
MODELS = PACKAGE / "models"
MODEL_SUFFIXES = (".onnx", ".json", ".bin", ".npy", ".npz", ".pt", ".safetensors", ".txt")


def test_every_model_file_is_in_the_manifest_with_its_hash_and_how_it_was_built() -> None:
    manifest = json.loads((MODELS / "manifest.json").read_text(encoding="utf-8"))["files"]
    shipped = {p.name for p in MODELS.iterdir() if p.is_file() and p.name != "manifest.json" and p.suffix != ".py"}
    assert shipped == set(manifest)
    for name, entry in manifest.items():
        assert hashlib.sha256((MODELS / name).read_bytes()).hexdigest() == entry["sha256"], name
        assert entry["built_by"].startswith(("python -m lab.", "bash lab/")), name
        assert entry["data"] and entry["what"], name


def test_no_model_file_outside_the_models_folder() -> None:
    big = [p.relative_to(PACKAGE) for p in PACKAGE.rglob("*")
           if p.is_file() and p.suffix in MODEL_SUFFIXES and p.stat().st_size > 100_000 and MODELS not in p.parents]
    assert big == []


def test_the_generators_read_their_models_from_the_models_folder() -> None:
    from pincite.generate.ranker import MODEL_FILE

    assert MODEL_FILE.parent == MODELS and MODEL_FILE.exists()
    ranker = json.loads(MODEL_FILE.read_text(encoding="utf-8"))
    assert (MODELS / ranker["similarity_model"]["file"]).exists()
