"""The document listing filters by several kinds on every surface (issue 51, one vocabulary): Python's
``Pincite.documents(kinds=[...])``, ``pincite documents --kind A --kind B``,
``GET /api/documents?kinds=A&kinds=B`` and MCP's ``documents`` tool with ``kinds: [A, B]``; the single-kind
form still works, one string where a list is expected and an unknown kind are refused with pincite's one
validation (HTTP 422).

A store of the two demo judgments, a statute, a bill, a contract and meeting notes (the repository's
fixtures).
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import httpx
import pytest
from typer.testing import CliRunner

import pincite
from pincite.api.app import RunningServer, create_app
from pincite.api.config import ServerConfig
from pincite.cli import app as cli_app
from pincite.errors import InvalidOption
from pincite.generate.base import GeneratorKind
from pincite.mcp.server import build_server
from tests.conftest import FIXTURES

from mcp import Client  # noqa: E402

FILES = ["canada/X-9_pit-2020-01-01.xml", "uslm/tiny_bill_enr.xml", "clauses/cedar_lease.txt",
         "text/plain_notes.txt"]
#: what each listing below should hold, by kind
KINDS = {"judgment": 2, "statute": 2, "contract": 1, "other": 1}


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("kinds") / "kinds.db"
    with pincite.Pincite(path, dense=False, create=True) as lib:
        assert not lib.ingest([*pincite.demo_paths(), *(str(FIXTURES / f) for f in FILES)]).failed
        assert {k.value: n for k, n in _count(lib.documents()).items()} == KINDS
    return path


def _count(rows: list[Any]) -> dict[Any, int]:
    out: dict[Any, int] = {}
    for s in rows:
        k = s["kind"] if isinstance(s, dict) else s.kind
        out[k] = out.get(k, 0) + 1
    return out


def test_python_lists_several_kinds_and_refuses_one_string(db: Path) -> None:
    with pincite.Pincite(db, dense=False) as lib:
        everything = lib.documents()
        both = lib.documents(kinds=["judgment", "statute"])
        assert {k.value: n for k, n in _count(both).items()} == {"judgment": 2, "statute": 2}
        assert [s.id for s in both] == [s.id for s in everything if s.kind.value in ("judgment", "statute")]
        assert _count(lib.documents(kinds=(pincite.types.DocumentKind.CONTRACT, "other"))) == _count(
            lib.documents(kind="contract") + lib.documents(kind="other"))
        statutes = lib.documents(kinds=["statute"])
        assert [s.id for s in lib.documents(kind="statute")] == [s.id for s in statutes]
        assert lib.documents(kinds=[]) == everything
        with pytest.raises(InvalidOption, match=r"kinds: give a list of kinds, not one string") as e:
            lib.documents(kinds="judgment")
        assert e.value.name == "kinds"
        with pytest.raises(InvalidOption, match="kinds: 'novel' is not a valid DocumentKind"):
            lib.documents(kinds=["judgment", "novel"])
        with pytest.raises(InvalidOption, match="kind: 'novel' is not a valid DocumentKind"):
            lib.documents(kind="novel")


def test_cli_kind_is_repeatable(db: Path) -> None:
    runner = CliRunner()

    def listed(*kinds: str) -> Any:
        args = ["documents", "--db", str(db), "--json"] + [x for k in kinds for x in ("--kind", k)]
        return runner.invoke(cli_app, args)

    both = listed("judgment", "statute")
    assert both.exit_code == 0, both.output
    assert _count(json.loads(both.stdout)) == {"judgment": 2, "statute": 2}
    one = listed("contract")
    assert one.exit_code == 0 and _count(json.loads(one.stdout)) == {"contract": 1}, one.output
    bad = listed("judgment", "novel")
    assert bad.exit_code == 2 and "'novel' is not a valid DocumentKind" in bad.output
    assert "--kind" in bad.output


def test_http_kinds_is_a_repeated_parameter(db: Path) -> None:
    config = ServerConfig(db=db, dense=False, generator_kind=GeneratorKind.EXTRACTIVE)
    with RunningServer(create_app(config)) as srv:
        def get(params: Any) -> httpx.Response:
            return httpx.get(f"{srv.url}/api/documents", params=params, timeout=30)

        both = get([("kinds", "judgment"), ("kinds", "statute")])
        older = get([("kind", "judgment"), ("kind", "statute")])
        one = get({"kind": "contract"})
        bad = get([("kinds", "judgment"), ("kinds", "novel")])
        typo = get({"knds": "judgment"})
        schema = httpx.get(f"{srv.url}/openapi.json", timeout=30).json()
    assert both.status_code == 200, both.text
    assert _count(both.json()["documents"]) == {"judgment": 2, "statute": 2}
    assert older.json() == both.json()
    assert _count(one.json()["documents"]) == {"contract": 1}
    assert bad.status_code == 422 and "kinds" in bad.json()["error"], bad.text
    assert typo.status_code == 422, typo.text
    assert "knds: Extra inputs are not permitted" in typo.json()["error"]
    params = {p["name"]: p for p in schema["paths"]["/api/documents"]["get"]["parameters"]}
    assert params["kinds"]["schema"]["type"] == "array"


def test_mcp_documents_takes_an_array_of_kinds(db: Path) -> None:
    calls = [{"kinds": ["judgment", "statute"]}, {"kind": "contract"}, {"kind": ["contract", "other"]},
             {"kinds": "judgment"}, {"kinds": ["novel"]}]

    async def main() -> tuple[list[Any], Any]:
        with pincite.Pincite(db, dense=False) as lib:
            async with Client(build_server(lib), mode="legacy") as c:
                tools = {t.name: t for t in (await c.list_tools()).tools}
                return [await c.call_tool("documents", args) for args in calls], tools["documents"]

    (both, one, pair, string, novel), tool = asyncio.run(main())
    assert tool.input_schema["properties"]["kinds"]["anyOf"][0]["type"] == "array"
    assert _count(both.structured_content["documents"]) == {"judgment": 2, "statute": 2}
    assert _count(one.structured_content["documents"]) == {"contract": 1}
    assert _count(pair.structured_content["documents"]) == {"contract": 1, "other": 1}
    assert string.is_error and "kinds: 'judgment' is not of type 'array'" in string.content[0].text
    assert novel.is_error and "kinds.0: 'novel' is not one of" in novel.content[0].text
