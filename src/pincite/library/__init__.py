"""The Python API: :class:`Pincite` (:mod:`pincite.library.core`), and the few values and functions a client
needs besides its methods.

A client (the command line, the HTTP API, the web pages, the MCP server) imports ``pincite`` (``Pincite``, its
options, the values its methods return, the errors), :mod:`pincite.types` (the vocabulary: kinds, verdicts,
dates), :mod:`pincite.errors`, its own package, and from this module only the names below, each for the one
reason given beside it: ``tests/unit/test_layers.py`` fails otherwise (``CLIENT_LIBRARY_NAMES``).  Everything else
a client does is a method of :class:`Pincite`.  Importing it loads no model (the embedding model loads when a
method needs it).
"""

from __future__ import annotations

# the library object, the one construction of a retriever and of a generator (a server's, shared by its
# threads), the demo files
from pincite.library.core import Pincite, demo_paths, make_answer_generator, make_retriever

# a question's options, declared once (each door builds its parameters from spec); eval's defaults
from pincite.options import EVAL_OPTIONS, spec
from pincite.answer.model import LEAD_NOTE
from pincite.answer.citecheck import CitationResult, find_units
from pincite.answer.render import pinpoint, quoting_phrase, render_citation
from pincite.chunk import ChunkSettings, WindowSettings
from pincite.generate.base import DEFAULT_MAX_TOKENS, Generator
from pincite.jsonio import DOCUMENT_PAGE_UNITS, audit_to_json, document_to_json, summary_to_json, unit_to_json
from pincite.lint import LintFinding, lint_counts, lint_document
from pincite.parse.sandbox import env_number
from pincite.store import default_db_path
from pincite.versions import works_of

__all__ = [
    "ChunkSettings", "CitationResult", "DEFAULT_MAX_TOKENS", "DOCUMENT_PAGE_UNITS", "EVAL_OPTIONS", "Generator",
    "LEAD_NOTE", "LintFinding", "Pincite", "WindowSettings", "audit_to_json", "default_db_path", "demo_paths",
    "document_to_json", "env_number", "find_units", "lint_counts", "lint_document", "make_answer_generator",
    "make_retriever", "pinpoint", "quoting_phrase", "render_citation", "spec", "summary_to_json", "unit_to_json",
    "works_of",
]
