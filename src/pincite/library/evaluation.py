"""``pincite eval``'s report: the gold sets read and named, ``--only``'s questions kept, each set's baseline
paired, then (after :meth:`pincite.Pincite.evaluate_sets`) each set's run record, its comparison with the
baseline, the gaps between the sets and where the records are written; and how a run's figures are named,
ordered and printed, for the command line's table and the HTML report alike.  A client's one name for
evaluation (``pincite.EvalReport``), where it needed sixteen from :mod:`pincite.evaluation`."""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

from pincite.errors import GoldError, PinciteError
from pincite.evaluation.compare import Comparison, compare_runs, set_gaps
from pincite.evaluation.gold import GoldQuestion, read_gold, select_questions
from pincite.evaluation.metrics import METRIC_NAMES, METRICS, RECALL_AT, format_gap, format_metric
from pincite.evaluation.runs import EvalRun, gold_set_name, read_run, set_run_path, write_run

PathLike = str | os.PathLike[str]


@dataclass
class EvalSet:
    """One gold set of a report: its name (its file's, ``eval/dev.jsonl`` -> ``dev``), its file, the questions
    to run, the baseline run record it is compared with (if one was given) and, once run, its run record and
    the comparison."""

    name: str
    path: PathLike
    questions: list[GoldQuestion]
    baseline: dict[str, Any] | None = None
    run: dict[str, Any] | None = None
    comparison: Comparison | None = None


@dataclass
class EvalReport:
    """The gold sets of one ``pincite eval`` and, once :meth:`add_runs` is called, their results::

        report = EvalReport.read(["eval/dev.jsonl", "eval/heldout.jsonl"], only=["holding"])
        with Pincite("pincite.db") as lib:
            report.add_runs(lib.evaluate_sets(report.gold_sets))
        for name, run, comparison in report.results:
            print(name, EvalReport.format_metric(run["metrics"]["answered_correctly"]))
    """

    sets: list[EvalSet]
    #: several gold files were given: the records and JSON have that shape, whatever ``--only`` kept
    several: bool = False

    #: the metrics a run reports, in order, and each one's name for a reader
    METRICS: ClassVar[tuple[str, ...]] = METRICS
    METRIC_NAMES: ClassVar[dict[str, str]] = METRIC_NAMES
    #: the depth retrieval recall is measured at
    RECALL_AT: ClassVar[int] = RECALL_AT
    #: how a metric, and a difference between two sets' figures, is printed
    format_metric = staticmethod(format_metric)
    format_gap = staticmethod(format_gap)
    #: the gaps between gold sets run together: ``[(name, run record), ...]`` -> the first minus each other
    gaps_between = staticmethod(set_gaps)

    @staticmethod
    def names(gold: Sequence[PathLike]) -> list[str]:
        """Each gold file's set name, as tables, file names and JSON call it."""
        return [gold_set_name(g) for g in gold]

    @classmethod
    def read(cls, gold: Sequence[PathLike], *, only: Sequence[str] | None = None,
             baselines: Sequence[PathLike] = ()) -> EvalReport:
        """Read the gold files; with ``only`` (ids or tags) keep those questions in each set and leave out a
        set left with none (:class:`GoldError` naming ``--only`` when no set has one); read the baseline run
        records and give each to its set (:meth:`pair_baselines`)."""
        names = cls.names(gold)
        read = [(g, read_gold(g)) for g in gold]
        if only:
            # none in any set is the error, naming --only
            select_questions([q for _, qs in read for q in qs], list(only))
            sets = [EvalSet(name, g, _selected(qs, only)) for (g, qs), name in zip(read, names)]
            sets = [s for s in sets if s.questions]
        else:
            sets = [EvalSet(name, g, list(qs)) for (g, qs), name in zip(read, names)]
        paired = cls.pair_baselines([s.name for s in sets], [read_run(b) for b in baselines])
        for s, base in zip(sets, paired):
            s.baseline = base
        return cls(sets, several=len(gold) > 1)

    @staticmethod
    def pair_baselines(names: list[str], baselines: list[dict[str, Any]]) -> list[dict[str, Any] | None]:
        """Each gold set's baseline run: with one set and one baseline, that one; else each baseline goes to
        the set its run was made on (the gold file's name recorded in it), and one matching no set is an
        error."""
        if not baselines:
            return [None] * len(names)
        if len(names) == 1 and len(baselines) == 1:
            return [baselines[0]]
        paired: dict[str, dict[str, Any]] = {}
        for b in baselines:
            made_on = gold_set_name(str(b.get("settings", {}).get("gold") or "?"))
            if made_on not in names:
                raise PinciteError(f"a --baseline run was made on gold set {made_on!r}, which is not among "
                                   f"{', '.join(names)}: give one baseline per gold file")
            paired[made_on] = b
        return [paired.get(n) for n in names]

    @property
    def gold_sets(self) -> list[tuple[PathLike, list[GoldQuestion]]]:
        """What :meth:`pincite.Pincite.evaluate_sets` runs: ``(gold file, its questions)`` per set."""
        return [(s.path, s.questions) for s in self.sets]

    @property
    def questions(self) -> int:
        return sum(len(s.questions) for s in self.sets)

    def add_runs(self, runs: Sequence[EvalRun]) -> None:
        """Each set's run (in order), and its comparison with its baseline."""
        for s, run in zip(self.sets, runs, strict=True):
            s.run = run.to_json()
            s.comparison = compare_runs(s.baseline, s.run) if s.baseline is not None else None

    @property
    def results(self) -> list[tuple[str, dict[str, Any], Comparison | None]]:
        """``(name, run record, comparison or None)`` per set run."""
        return [(s.name, s.run, s.comparison) for s in self.sets if s.run is not None]

    def gaps(self) -> list[dict[str, Any]]:
        return set_gaps([(name, run) for name, run, _ in self.results])

    def write(self, one: EvalSet, out: PathLike) -> Path | str:
        """Write ``one``'s run record for ``--out OUT``: OUT itself for one gold file; with several, OUT's
        name with the set's before its extension (``run.json`` -> ``run.dev.json``).  Returns where."""
        assert one.run is not None, "write a set after add_runs"
        return write_run(one.run, set_run_path(out, one.name, self.several))

    def to_json(self) -> dict[str, Any]:
        """``pincite eval --json``: the run record with its ``comparison``; with several gold files, ``runs``
        (one per set, named) and ``gaps``."""
        def one(run: dict[str, Any], comparison: Comparison | None) -> dict[str, Any]:
            return {**run, "comparison": comparison.to_json() if comparison else None}

        if self.several:
            return {"runs": [{"name": name, **one(run, c)} for name, run, c in self.results],
                    "gaps": self.gaps()}
        _, run, c = self.results[0]
        return one(run, c)


def _selected(questions: list[GoldQuestion], only: Sequence[str]) -> list[GoldQuestion]:
    """The questions ``--only`` names in one gold set (none is not an error here: another set may hold
    them)."""
    try:
        return select_questions(questions, list(only))
    except GoldError:
        return []
