"""pincite: answers over long legal documents with pinpoint citations checked before display.

The Python API is :class:`pincite.Pincite` (see README "Python API")::

    import pincite
    with pincite.Pincite("pincite.db", dense=False) as lib:
        answer = lib.ask("What is the notice period?")          # options: pincite.AskOptions
        hits = lib.search("notice period")                       # pincite.Hit values, .to_json()

``import pincite`` stays light: :class:`Pincite` and the error family are loaded on first use (PEP 562).
"""

from __future__ import annotations

import importlib
from typing import Any

__version__ = "0.1.0"

# the names and the modules that define them (typed: ``from pincite.library import Pincite``); the package's
# own layer is 0, so it names them as strings rather than importing them
_LAZY = {"Pincite": "pincite.library", "demo_paths": "pincite.library", "PinciteError": "pincite.errors",
         "NotFound": "pincite.errors", "AskOptions": "pincite.options", "Hit": "pincite.jsonio",
         "EvalRun": "pincite.evaluation.runs"}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        return getattr(importlib.import_module(_LAZY[name]), name)
    raise AttributeError(f"module 'pincite' has no attribute {name!r}")


__all__ = ["AskOptions", "EvalRun", "Hit", "NotFound", "Pincite", "PinciteError", "__version__", "demo_paths"]
