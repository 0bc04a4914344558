"""The Python API and the one module its clients import: :class:`Pincite` (:mod:`pincite.library.core`), the
values its methods take and return, and the few functions a client calls besides it.

The command line, the HTTP API and the MCP server import this module (besides :mod:`pincite.errors`,
:mod:`pincite.types`, :mod:`pincite.jsonio`, :mod:`pincite.web` and the CLI's :mod:`pincite.terminal`), never the
modules below it: ``tests/unit/test_layers.py`` fails if they do.  So what a client may use is this list, and a change
below it shows here first.  Importing it loads no model (the embedding model loads when a method needs it).
"""

from __future__ import annotations

# the library object, the one construction of a retriever and of a generator, the demo files
from pincite.library.core import (
    LockedRetriever, Pincite, demo_paths, make_answer_generator, make_retriever,
)

# a question's options, declared once; the typed values the methods return
from pincite.options import DEFAULT_K, DEFAULTS, EVAL_OPTIONS, AskOptions, AskRequest, OnFail, spec
from pincite.answer.model import LEAD_NOTE, Answer
from pincite.answer.citecheck import CheckReport, CitationResult, Verdict, find_units
from pincite.answer.render import pinpoint, render_citation
from pincite.audit import AuditReport
from pincite.chunk import ChunkSettings, WindowSettings
from pincite.evaluation.runs import EvalRun
from pincite.ingest import FileResult, IngestReport
from pincite.jsonio import Hit
from pincite.lint import lint_counts, lint_document
from pincite.store import DocumentSummary, Store, default_db_path

# generators: which kinds there are and what one is (made by make_answer_generator only)
from pincite.generate.base import DEFAULT_GENERATOR, DEFAULT_MAX_TOKENS, Generator, GeneratorError, GeneratorKind

# the embedding model (loaded when called)
from pincite.search.embed import Embedder, load_embedder

# a location: what it means, opening it (open.py alone picks a backend)
from pincite.open import (
    default_location, display_location, is_server_store, open_file_store, open_store, store_exists,
)

# operations on a store that the server shares between its requests (re-chunking, the background embedding;
# uploads, removals and regrouping are Pincite's ingest_bytes, remove and regroup) and the copy into another
# store
from pincite.ingest import embed_store, nothing_to_ingest, out_of_space, rechunk_all, regroup_unfinished
from pincite.migrate import migrate_store

# what names a work (a document is named through Pincite.show; a work's versions through Pincite.versions)
from pincite.versions import works_of

# the limited check process's errors and lifetime (a server's check is Pincite.check(isolated=True))
from pincite.checkrun import CheckStopped, CheckTooLarge, stop_running_checks, warm_up
from pincite.parse.sandbox import env_number

# evaluation: gold sets, metrics, run records, comparisons (``pincite eval``'s report)
from pincite.evaluation.compare import Comparison, compare_runs, set_gaps
from pincite.evaluation.gold import GoldError, GoldQuestion, read_gold, select_questions
from pincite.evaluation.metrics import METRIC_NAMES, METRICS, RECALL_AT, format_gap, format_metric
from pincite.evaluation.runs import gold_set_name, read_run, set_run_path, write_run

__all__ = [
    "Answer", "AskOptions", "AskRequest", "AuditReport", "CheckReport", "CheckStopped", "CheckTooLarge",
    "ChunkSettings", "CitationResult", "Comparison", "DEFAULTS", "DEFAULT_K", "DEFAULT_MAX_TOKENS",
    "DocumentSummary", "EVAL_OPTIONS", "Embedder", "EvalRun", "FileResult", "Generator", "GeneratorError",
    "GeneratorKind", "GoldError", "GoldQuestion", "Hit", "IngestReport", "LEAD_NOTE", "LockedRetriever",
    "METRICS", "METRIC_NAMES", "OnFail", "Pincite", "RECALL_AT", "Store", "Verdict", "WindowSettings",
    "compare_runs", "default_db_path", "default_location", "demo_paths", "display_location", "embed_store",
    "env_number",
    "find_units", "format_gap", "format_metric", "gold_set_name", "is_server_store", "lint_counts",
    "lint_document", "load_embedder", "make_answer_generator", "make_retriever", "migrate_store",
    "nothing_to_ingest", "open_file_store", "open_store", "out_of_space", "pinpoint", "read_gold", "read_run",
    "rechunk_all", "regroup_unfinished", "render_citation", "select_questions", "set_gaps", "set_run_path",
    "spec", "stop_running_checks", "store_exists", "warm_up", "works_of", "write_run",
]
