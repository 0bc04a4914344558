"""Running a gold set through the library's ask, the run record (settings, their hash, metrics, every question), and
where run records are kept: a file beside a SQLite database (``<db>.eval/``), or the PostgreSQL store's
``eval_runs`` table."""

from __future__ import annotations

import datetime
import hashlib
import json
import os
import platform
import re
import subprocess
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pincite
from pincite.answer.model import Answer
from pincite.chunk import WindowSettings, window_chunks
from pincite.search.embed import MODEL_ID
from pincite.errors import NotFound, PinciteError
from pincite.evaluation.gold import DocumentFinder, GoldError, GoldQuestion, resolve_question
from pincite.evaluation.metrics import (
    METRICS,
    drop_examples,
    error_record,
    score_answer,
    summarise,
    summarise_by_tag,
)
from pincite.ingest import SETTINGS_KEY, ingest_paths
from pincite.options import EVAL_OPTIONS, AskOptions, AskRequest, ask_request
from pincite.open import keeps_runs_in_store, open_store, run_table
from pincite.types import Chunker

RUN_FORMAT = 1


def git_commit(cwd: str | os.PathLike[str] | None = None) -> str | None:
    """``HEAD``'s commit (with ``+dirty`` when the tree has changes), or None outside a git checkout."""
    here = Path(cwd) if cwd else Path(__file__).resolve().parent
    try:
        head = subprocess.run(["git", "rev-parse", "HEAD"], cwd=here, capture_output=True, text=True, timeout=5)
        if head.returncode != 0:
            return None
        dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"], cwd=here,
                               capture_output=True, text=True, timeout=5)
    except (OSError, subprocess.SubprocessError):
        return None
    return head.stdout.strip() + ("+dirty" if dirty.stdout.strip() else "")


def settings_hash(settings: dict[str, Any]) -> str:
    """A short hash of the settings that produced a run (canonical JSON)."""
    canon = json.dumps(settings, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(canon.encode()).hexdigest()[:16]


def file_sha256(path: str | os.PathLike[str]) -> str:
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


#: how a run asks each question: the library's ask (``Pincite.ask``), so evaluation answers exactly as the command
#: line and the server do and never wires a retriever or a generator of its own
Answerer = Callable[[AskRequest], Answer]


def run_gold(
    questions: Sequence[GoldQuestion],
    store: Any,
    answer: Answerer,
    generator: str,
    options: AskOptions | None = None,
    settings: dict[str, Any] | None = None,
    on_question: Callable[[dict[str, Any]], None] | None = None,
) -> dict[str, Any]:
    """Answer every question with ``answer`` and score it; returns the run record (a JSON-able dict).

    ``options`` default to :data:`~pincite.options.EVAL_OPTIONS`; each question's date and scope are its own.
    ``settings`` are recorded as given (the caller knows the chunker, retrieval mode, models, corpus); the
    options and ``generator`` (its name) are added.  A question answered with an error (a generator error) is
    recorded with its error, and the run goes on."""
    options = options or EVAL_OPTIONS
    finder = DocumentFinder(store)
    records: list[dict[str, Any]] = []
    t_run = time.perf_counter()
    for q in questions:
        gold = resolve_question(finder, q)
        scope_ids: tuple[str, ...] = ()
        if q.scope:
            try:
                scope_ids = tuple(finder.find(src).id for src in q.scope)
            except GoldError as e:
                records.append(error_record(q, f"scope: {e}", 0.0))
                continue
        request = ask_request(q.question, options, as_of=q.as_of, documents=scope_ids)
        t0 = time.perf_counter()
        try:
            ans = answer(request)
        except PinciteError as e:
            rec = error_record(q, str(e), time.perf_counter() - t0)
        else:
            rec = score_answer(q, ans, gold, finder, scope_ids)
        records.append(rec)
        if on_question:
            on_question(rec)
    all_settings = {
        **(settings or {}),
        "k": options.k, "per_document": options.per_document, "budget_tokens": options.budget_tokens,
        "on_fail": options.on_fail.value, "retries": options.retries,
        "include_non_citable": options.include_non_citable, "generator": generator,
    }
    return build_run(records, all_settings, round(time.perf_counter() - t_run, 3))


def gold_set_name(gold: str | os.PathLike[str]) -> str:
    """How a gold set is named in tables, file names and JSON: its file name without ``.jsonl``/``.json``
    (``eval/dev.jsonl`` -> ``dev``)."""
    name = Path(gold).name
    for ext in (".jsonl", ".json"):
        if name.endswith(ext) and len(name) > len(ext):
            return name[: -len(ext)]
    return name


GoldSets = Sequence[tuple[str | os.PathLike[str], Sequence[GoldQuestion]]]


def gold_sources(gold_sets: GoldSets) -> dict[str, str]:
    """Every source the gold sets name (gold entries, their alternatives, a question's scope), each with where
    it is first named (``FILE:LINE (question ID)``)."""
    out: dict[str, str] = {}
    for path, questions in gold_sets:
        for q in questions:
            where = f"{path}:{q.line} (question {q.id})"
            refs = [x for r in q.gold for x in (r, *r.alternatives)]
            for src in [*(r.source for r in refs), *q.scope]:
                out.setdefault(src, where)
    return out


def unfound_sources(store: Any, sources: dict[str, str]) -> list[tuple[str, str, str]]:
    """The sources no stored document matches (or several do): (source, where it is named, why)."""
    finder = DocumentFinder(store)
    out = []
    for src, where in sources.items():
        try:
            finder.find(src)
        except GoldError as e:
            out.append((src, where, str(e)))
    return out


def source_roots(corpus: str | os.PathLike[str]) -> tuple[Path, Path]:
    """Where a gold source is looked for on disk: the corpus root, then the folder holding it (so
    ``eval/dev.jsonl``'s ``uk_find_case_law/...`` and ``eval/heldout.jsonl``'s ``corpus/...`` and ``bulk/...``
    are all found from ``--corpus ../shared/corpus``)."""
    root = Path(corpus)
    return root, root.resolve().parent


def ingest_corpus(store: Any, corpus: str | os.PathLike[str], gold_sets: GoldSets = (),
                  on_note: Callable[[str], None] | None = None) -> Any:
    """Ingest every readable file under ``corpus`` into ``store``, then each file a gold set names that is not
    under it, found under :func:`source_roots` (the ingest report of the corpus; failures are in it).  A named
    source found nowhere is a :class:`GoldError` naming it, where it is named and where it was looked for."""
    root = Path(corpus)
    if not root.is_dir():
        raise GoldError(f"{root}: corpus folder not found (give --corpus, or --db with the corpus ingested)")
    report = ingest_paths(store, [str(root)])
    if on_note:
        t = report.totals()
        on_note(f"ingested {corpus}: {t['files']} files, {t['failed']} failed, {t['units']} units")
    extra: list[str] = []
    finder = DocumentFinder(store)
    for src, where in gold_sources(gold_sets).items():
        if finder.matches(src):
            continue  # stored (several matches are reported by check_sources, not fixed by ingesting more)
        tried = [r / src for r in source_roots(root)]
        found = next((p for p in tried if p.is_file()), None)
        if found is None:
            raise GoldError(f"{src}: gold source not found (named at {where}): no stored document has it and "
                            f"there is no file {' or '.join(str(p) for p in tried)}")
        extra.append(str(found))
    if extra:
        more = ingest_paths(store, extra)
        if more.failed:
            r = more.failed[0]
            raise GoldError(f"{r.source}: a gold set names this file and it cannot be ingested: {r.error}")
        if on_note:
            t = more.totals()
            on_note(f"ingested {t['files']} more files the gold sets name outside {corpus}: {t['failed']} failed")
    return report


def check_sources(store: Any, gold_sets: GoldSets) -> None:
    """Every source the gold sets name matches one stored document, or a :class:`GoldError` names each that
    does not (and where it is named): a run whose gold cannot be found would measure nothing."""
    bad = unfound_sources(store, gold_sources(gold_sets))
    if bad:
        lines = [f"{why} (named at {where})" for _, where, why in bad[:10]]
        more = f"\n  ... and {len(bad) - 10} more" if len(bad) > 10 else ""
        raise GoldError(f"{len(bad)} gold source(s) not found in the store:\n  " + "\n  ".join(lines) + more)


def use_chunker(store: Any, chunker: Any, window: Any = None) -> str:
    """Make sure ``store`` holds chunks of ``chunker`` for every document (window chunks are computed from the
    stored units; nothing is re-parsed).  Returns the chunk settings key recorded with the run."""
    if chunker is Chunker.STRUCTURAL:
        return store.get_setting(SETTINGS_KEY) or "default"
    ws = window or WindowSettings()
    for s in store.list_documents():
        if store.get_chunks(s.id, Chunker.WINDOW):
            continue
        store.replace_chunks(s.id, Chunker.WINDOW, window_chunks(store.get_document(s.id), ws), ws.key())
    return ws.key()


def prepare_eval_store(store: Any, corpus: str | os.PathLike[str] | None, chunker: Any,
                       on_note: Callable[[str], None] | None = None, gold_sets: GoldSets = ()) -> str:
    """Ingest ``corpus`` (when given) and the files the gold sets name outside it, check every gold source is
    stored, and make the chunks of ``chunker`` available; returns the chunk settings."""
    if corpus is not None:
        ingest_corpus(store, corpus, gold_sets, on_note)
    if not store.list_documents():
        raise GoldError("the store holds no documents: give --corpus, or --db with the corpus ingested")
    check_sources(store, gold_sets)
    return use_chunker(store, chunker)


def run_settings(store: Any, gold: str | os.PathLike[str], corpus: str | os.PathLike[str] | None, chunker: Any,
                 retrieval: Any, generator: Any, model: str | None = None) -> dict[str, Any]:
    """What produced a run (besides the engine options ``run_gold`` adds): chunker and chunk settings, retrieval
    mode and embedding model, generator model, gold file and its hash, corpus, package version, git commit."""
    dense = getattr(retrieval, "value", str(retrieval)) != "lexical"
    embed_model = MODEL_ID if dense else None
    chunk_settings = store.get_setting(SETTINGS_KEY) or "default"
    if chunker is Chunker.WINDOW:
        chunk_settings = WindowSettings().key()
    return {
        "chunker": getattr(chunker, "value", str(chunker)), "chunk_settings": chunk_settings,
        "retrieval": getattr(retrieval, "value", str(retrieval)), "embedding_model": embed_model,
        "generator_model": model, "gold": str(gold), "gold_sha256": file_sha256(gold),
        "corpus": str(corpus) if corpus is not None else None, "documents": len(store.list_documents()),
        "pincite_version": pincite.__version__, "git_commit": git_commit(), "python": platform.python_version(),
    }


def build_run(records: list[dict[str, Any]], settings: dict[str, Any], seconds: float = 0.0) -> dict[str, Any]:
    """The run record: settings and their hash, metrics overall and per tag, drops, and every question."""
    return {
        "format": RUN_FORMAT,
        "created": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
        "settings": settings,
        "settings_hash": settings_hash(settings),
        "seconds": seconds,
        "metrics": (metrics := summarise(records)),
        "summary": {"settings_hash": settings_hash(settings), **{k: metrics[k] for k in (*METRICS, "questions")}},
        "by_tag": summarise_by_tag(records),
        "drop_examples": drop_examples(records),
        "questions": records,
    }


@dataclass(frozen=True)
class EvalRun:
    """One evaluation run, typed: what :meth:`pincite.Pincite.evaluate` returns.  :meth:`to_json` is the run
    record :func:`build_run` makes (what ``pincite eval --json`` prints and ``--out`` writes), key for key."""

    format: int
    created: str
    settings: dict[str, Any]
    settings_hash: str
    seconds: float
    metrics: dict[str, Any]
    summary: dict[str, Any]
    by_tag: dict[str, Any]
    drop_examples: Any
    questions: list[dict[str, Any]]

    @classmethod
    def from_json(cls, run: dict[str, Any]) -> EvalRun:
        return cls(**{f: run[f] for f in RUN_FIELDS})

    def to_json(self) -> dict[str, Any]:
        return {f: getattr(self, f) for f in RUN_FIELDS}


#: a run record's fields, in the order it is written
RUN_FIELDS = ("format", "created", "settings", "settings_hash", "seconds", "metrics", "summary", "by_tag",
              "drop_examples", "questions")


def run_folder(db: str | os.PathLike[str]) -> Path:
    """Where ``pincite eval`` keeps the run records of a SQLite store: ``<db>.eval/``."""
    return Path(db).with_name(Path(db).name + ".eval")


def write_run(run: dict[str, Any], path: str | os.PathLike[str] | None,
              db: str | os.PathLike[str] | None = None) -> Path | str:
    """Write ``run`` to ``path``; or, with ``db`` instead, into ``<db>.eval/`` named by time and settings hash
    (where ``pincite serve`` lists the runs of its store), or for a PostgreSQL ``db`` (a URL) into the store's
    ``eval_runs`` table under that name.  Returns where it was written."""
    if path is None:
        if db is None:
            raise ValueError("write_run needs a path or a db")
        stamp = run["created"].replace(":", "").replace("-", "").replace("+0000", "Z")
        if keeps_runs_in_store(db):
            with open_store(db) as store:
                table = run_table(db, store)
                assert table is not None
                table.record_eval_run(f"{stamp}-{run['settings_hash']}", run)
                return f"{store} (eval run {stamp}-{run['settings_hash']})"
        folder = run_folder(db)
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / f"{stamp}-{run['settings_hash']}.json"
    p = Path(path)
    p.write_text(json.dumps(run, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    return p


def set_run_path(out: str | os.PathLike[str], name: str, several: bool) -> Path:
    """Where ``eval --out OUT`` writes the run of gold set ``name``: OUT itself for one gold set; with several,
    OUT's name with the set's before its extension (``run.json`` -> ``run.dev.json``, ``run.heldout.json``), so
    every file is one ordinary run record."""
    p = Path(out)
    if not several:
        return p
    return p.with_name(f"{p.stem}.{name}{p.suffix}") if p.suffix else p.with_name(f"{p.name}.{name}")


def _check_run(run: Any, where: str) -> dict[str, Any]:
    """``run`` if it is a run record; a metric added since it was written (answered correctly) is computed
    from its questions, so an old record compares and renders like a new one."""
    if not isinstance(run, dict) or run.get("format") != RUN_FORMAT or not isinstance(run.get("questions"), list):
        raise PinciteError(f"{where}: not a pincite eval run record (format {RUN_FORMAT})")
    metrics = run.get("metrics")
    if isinstance(metrics, dict) and any(k not in metrics for k in METRICS):
        try:
            fresh = summarise(run["questions"])
        except (KeyError, TypeError, AttributeError) as e:
            raise PinciteError(f"{where}: a question of the run record lacks {e}") from None
        for k, v in fresh.items():
            metrics.setdefault(k, v)
        summary = run.setdefault("summary", {})
        for k in METRICS:
            summary.setdefault(k, metrics[k])
    return run


def read_run(path: str | os.PathLike[str]) -> dict[str, Any]:
    """A run record written by ``pincite eval --out`` (or anything writing the same format)."""
    p = Path(path)
    try:
        run = json.loads(p.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as e:
        raise PinciteError(f"{p}: cannot read the run record: {e}") from None
    return _check_run(run, str(p))


def read_stored_run(name: str, raw: str) -> dict[str, Any]:
    """A run record kept in the store, checked as :func:`read_run` checks a file."""
    try:
        run = json.loads(raw)
    except json.JSONDecodeError as e:
        raise PinciteError(f"eval run {name}: cannot read the run record: {e}") from None
    return _check_run(run, f"eval run {name}")


def list_runs(location: str | os.PathLike[str], store: Any, limit: int = 100) -> dict[str, Any]:
    """The evaluation runs recorded for the store at ``location`` (beside the database file, or in the
    PostgreSQL store), newest first, with their summaries (``GET /api/eval/runs``)."""
    records: list[tuple[str, dict[str, Any] | PinciteError]] = []
    table = run_table(location, store)
    if table is not None:
        where = f"{store} (table eval_runs)"
        for name, raw in table.list_eval_runs(limit):
            try:
                records.append((name, read_stored_run(name, raw)))
            except PinciteError as e:
                records.append((name, e))
    else:
        folder = run_folder(location)
        where = str(folder)
        paths = sorted(folder.glob("*.json"), key=lambda p: p.name, reverse=True)[:limit] if folder.is_dir() else []
        for p in paths:
            try:
                records.append((p.stem, read_run(p)))
            except PinciteError as e:
                records.append((p.stem, e))
    runs = []
    for name, run in records:
        if isinstance(run, PinciteError):
            runs.append({"run": name, "status": "unreadable", "error": str(run)})
            continue
        runs.append({"run": name, "status": "done", "created": run.get("created"),
                     "settings_hash": run.get("settings_hash"), "seconds": run.get("seconds"),
                     "questions": len(run["questions"]), "summary": run.get("summary", {})})
    return {"available": True, "folder": where, "runs": runs}


def get_run(location: str | os.PathLike[str], store: Any, name: str) -> dict[str, Any]:
    """One run record by its name (as listed); for a SQLite store, only files inside ``<db>.eval/``."""
    if not re.fullmatch(r"[A-Za-z0-9._-]{1,200}", name) or name.startswith("."):
        raise NotFound(f"no evaluation run {name!r}; /api/eval/runs lists them")
    table = run_table(location, store)
    if table is not None:
        raw = table.get_eval_run(name)
        if raw is None:
            raise NotFound(f"no evaluation run {name!r}; /api/eval/runs lists them")
        return read_stored_run(name, raw)
    path = run_folder(location) / f"{name}.json"
    if not path.is_file():
        raise NotFound(f"no evaluation run {name!r}; /api/eval/runs lists them")
    return read_run(path)
