"""A question's options are declared once (pincite.options.AskOptions) and every door reads that declaration: the
HTTP API's request model, the MCP tools' schemas, ``pincite ask`` and ``pincite eval``; the library's typed values
(Hit, EvalRun) give the JSON the command line prints."""

from __future__ import annotations

import asyncio
import dataclasses
import json
import typing
from pathlib import Path

import pytest
from typer.testing import CliRunner

import pincite
from pincite.answer.verify import Paraphrase
from pincite.api.backend import AskRequest as ApiAskRequest
from pincite.cli import app
from pincite.evaluation.gold import read_gold
from pincite.generate.base import DEFAULT_GENERATOR
from pincite.evaluation.runs import RUN_FIELDS, build_run
from pincite.jsonio import hit_to_json
from pincite.mcp.server import build_server
from pincite.options import DEFAULTS, EVAL_OPTIONS, AskOptions, OnFail, ask_request, option_names, spec
from pincite.types import DocumentKind, Passage
from tests.conftest import REPO

ROOT = REPO


def test_defaults_users_see() -> None:
    assert (DEFAULTS.k, DEFAULTS.on_fail, DEFAULTS.retries, DEFAULTS.budget_tokens) == (20, OnFail.DROP, 1, 6000)
    assert DEFAULTS.per_document is None and DEFAULTS.documents == () and not DEFAULTS.include_non_citable
    # eval asks as users do; its recall is still reported at 10 (every run record's recall@10)
    assert EVAL_OPTIONS == DEFAULTS


def test_values_given_as_text_are_read_once() -> None:
    o = AskOptions(as_of="2021-06-29", on_fail="retry", kinds=["contract"], documents=["a", "b"])
    assert str(o.as_of) == "2021-06-29" and o.on_fail is OnFail.RETRY and o.kinds == (DocumentKind.CONTRACT,)
    assert o.documents == ("a", "b") and o.filters().documents == ("a", "b") and o.filters().as_of == o.as_of
    with pytest.raises(ValueError, match="choose one of: drop, retry"):
        AskOptions(on_fail="sometimes")
    with pytest.raises(ValueError, match="paraphrase: .*choose one of: aligned, verified"):
        AskOptions(paraphrase="strict")
    with pytest.raises(TypeError):
        ask_request("q", kk=3)  # a misspelt option is refused, never ignored
    r = ask_request("q", AskOptions(k=3), per_document=2)
    assert (r.options.k, r.per_document, r.question) == (3, 2, "q")


def test_the_api_request_model_is_derived_from_the_declaration() -> None:
    fields = ApiAskRequest.model_fields
    assert set(option_names()) - {"budget_tokens", "unsupported", "kinds"} <= set(fields)
    for name in ("as_of", "k", "retries", "include_non_citable", "documents", "works", "per_document"):
        o, f = spec(name), fields[name]
        assert f.description == o.help, name
        default = [] if isinstance(o.default, tuple) else o.default
        assert f.get_default(call_default_factory=True) == default, name
        bounds = {type(m).__name__: m for m in f.metadata}
        if o.ge is not None:
            assert any(getattr(m, "ge", None) == o.ge for m in f.metadata), (name, bounds)
        if o.le is not None:
            assert any(getattr(m, "le", None) == o.le for m in f.metadata), (name, bounds)
        if o.max_items is not None:
            assert any(getattr(m, "max_length", None) == o.max_items for m in f.metadata), (name, bounds)
    assert typing.get_args(fields["on_fail"].annotation) == tuple(m.value for m in OnFail)
    assert typing.get_args(fields["paraphrase"].annotation) == tuple(m.value for m in Paraphrase)
    assert ApiAskRequest(question="q", paraphrase="verified").options().paraphrase is Paraphrase.VERIFIED
    assert fields["on_fail"].default == DEFAULTS.on_fail.value
    req = ApiAskRequest(question="q", as_of="2021-06-29", on_fail="retry", kind="contract", documents=["d"], k=5)
    assert req.options() == AskOptions(as_of="2021-06-29", on_fail="retry", kinds=("contract",), documents=("d",),
                                       k=5)
    assert ApiAskRequest(question="q").options() == DEFAULTS


def test_the_mcp_search_schema_bounds_come_from_the_declaration(tmp_path: Path) -> None:
    with pincite.Pincite(tmp_path / "e.db", dense=False, create=True) as lib:
        tools = asyncio.run(build_server(lib).list_tools())
    from pincite.mcp.tools import SEARCH_K

    k = next(t for t in tools if t.name == "search").input_schema["properties"]["k"]
    # the lower bound is the declaration's; MCP's agent profile pages search ten at a time (issue 51), a page
    # the declaration allows
    assert (k["minimum"], k["maximum"], k["default"]) == (spec("k").ge, SEARCH_K, SEARCH_K)
    assert spec("k").ge <= SEARCH_K <= spec("k").le


def test_cli_help_shows_the_declared_help_and_defaults() -> None:
    runner = CliRunner()
    ask = runner.invoke(app, ["ask", "--help"], env={"COLUMNS": "400"}).stdout
    for name in ("k", "retries", "per_document", "documents", "works", "on_fail"):
        assert spec(name).cli in ask, name
    assert "[default: 20]" in ask
    ev = runner.invoke(app, ["eval", "--help"], env={"COLUMNS": "400"}).stdout
    assert "Passages to retrieve (recall is measured in the top 10)." in ev and "[default: 20]" in ev


@pytest.fixture()
def demo_db(tmp_path: Path) -> Path:
    db = tmp_path / "demo.db"
    with pincite.Pincite(db, dense=False, create=True) as lib:
        assert not lib.ingest(pincite.demo_paths()).failed
    return db


def test_hits_and_runs_are_typed_with_the_printed_json(demo_db: Path) -> None:
    assert {"AskOptions", "Hit", "EvalRun"} <= set(pincite.__all__)
    assert pincite.Hit.__name__ == "Hit" and pincite.EvalRun.__name__ == "EvalRun"
    with pincite.Pincite(demo_db, dense=False) as lib:
        hits = lib.search("withdrawal of the grant on notice", k=3)
        assert hits and all(isinstance(h, pincite.Hit) and isinstance(h, Passage) for h in hits)
        assert [h.to_json() for h in hits] == [hit_to_json(h) for h in hits]
        with pytest.raises(dataclasses.FrozenInstanceError):
            hits[0].rank = 9  # type: ignore[misc]
        by_options = lib.ask("Did the court allow the appeal?", AskOptions(k=5)).to_json()
        by_name = lib.ask("Did the court allow the appeal?", k=5).to_json()
        assert by_options["citations"] == by_name["citations"] and by_options["citations"]
        run = lib.evaluate(ROOT / "tests" / "fixtures" / "evaluate" / "demo_gold.jsonl")
    assert isinstance(run, pincite.EvalRun) and run.settings["k"] == EVAL_OPTIONS.k
    assert len(run.questions) == len(read_gold(ROOT / "tests" / "fixtures" / "evaluate" / "demo_gold.jsonl")) >= 2
    assert run.metrics["questions"] == len(run.questions) and run.settings["generator"] == DEFAULT_GENERATOR.value
    record = run.to_json()
    assert tuple(record) == RUN_FIELDS
    again = build_run(run.questions, run.settings, run.seconds)
    assert {k: v for k, v in again.items() if k != "created"} == {k: v for k, v in record.items() if k != "created"}
    assert json.loads(json.dumps(record)) == record


def test_recall_is_counted_in_the_top_ten_whatever_k_retrieved() -> None:
    from pincite.evaluation.metrics import RECALL_AT, question_counts

    gold = [{"retrieved_rank": 3, "cited": False, "resolved": True},
            {"retrieved_rank": RECALL_AT + 5, "cited": False, "resolved": True},  # retrieved at k=20, not in the top 10
            {"retrieved_rank": None, "cited": False, "resolved": True}]
    counts = question_counts("judgment", [], gold)
    assert counts["gold"] == 3 and counts["gold_retrieved"] == 1
