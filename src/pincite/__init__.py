"""pincite: answers over long legal documents with pinpoint citations checked before display.

The Python API is :class:`pincite.Pincite` (see README "Python API")::

    import pincite
    with pincite.Pincite("pincite.db", dense=False) as lib:
        answer = lib.ask("What is the notice period?")          # options: pincite.AskOptions
        hits = lib.search("notice period")                       # pincite.Hit values, .to_json()

``import pincite`` stays light: every name below is loaded on first use (PEP 562).  To a type checker they are
the real classes (the ``TYPE_CHECKING`` imports, which never run).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

if TYPE_CHECKING:  # typing only: the package's own layer is 0, so at run time it names them as strings
    from pincite.answer.citecheck import CheckReport
    from pincite.answer.model import Answer
    from pincite.audit import AuditReport
    from pincite.errors import (
        InvalidOption, NotFound, ParseError, PinciteError, StoreNotFound, UnknownName, UnknownOption,
    )
    from pincite.evaluation.compare import Comparison
    from pincite.evaluation.runs import EvalRun
    from pincite.ingest import FileResult, IngestReport
    from pincite.jsonio import Hit
    from pincite.library import Pincite, demo_paths
    from pincite.library.evaluation import EvalReport
    from pincite.options import DEFAULT_K, AskOptions, AskRequest
    from pincite.store import DocumentSummary

# the names and the modules that define them: the front door (Pincite, its options, what its methods return,
# the errors it raises); the kinds they name (OnFail, GeneratorKind, DocumentKind, Verdict) are pincite.types'
# values
_LAZY = {
    "Pincite": "pincite.library", "demo_paths": "pincite.library",
    "AskOptions": "pincite.options", "DEFAULT_K": "pincite.options", "AskRequest": "pincite.options",
    "Answer": "pincite.answer.model", "Hit": "pincite.jsonio", "CheckReport": "pincite.answer.citecheck",
    "DocumentSummary": "pincite.store", "FileResult": "pincite.ingest", "IngestReport": "pincite.ingest",
    "AuditReport": "pincite.audit", "EvalRun": "pincite.evaluation.runs",
    "EvalReport": "pincite.library.evaluation", "Comparison": "pincite.evaluation.compare",
    "PinciteError": "pincite.errors", "NotFound": "pincite.errors", "UnknownName": "pincite.errors",
    "StoreNotFound": "pincite.errors", "InvalidOption": "pincite.errors", "UnknownOption": "pincite.errors",
    "ParseError": "pincite.errors",
}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        return getattr(importlib.import_module(_LAZY[name]), name)
    raise AttributeError(f"module 'pincite' has no attribute {name!r}")


__all__ = ["DEFAULT_K", "Answer", "AskOptions", "AskRequest", "AuditReport", "CheckReport", "Comparison",
           "DocumentSummary", "EvalReport", "EvalRun", "FileResult", "Hit", "IngestReport", "InvalidOption", "NotFound", "ParseError", "Pincite",
           "PinciteError", "StoreNotFound", "UnknownName", "UnknownOption", "__version__", "demo_paths"]
