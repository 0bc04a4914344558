"""Paths relative to the store's root in results (issue 51, item 4), on the two remote surfaces: HTTP and MCP
never show the server's absolute paths — not in a document's ``source``, not in its parse warnings (``/srv/
a.txt: no clause or paragraph numbering found``), not in where evaluation runs are kept, an unreadable run's
error, or a run record's sources, gold file and corpus.  A file under the store's folder is shown relative to
it, one elsewhere by its name.  The demo store, a note inside the store's folder and one outside it, a run
of the demo gold; HTTP in process (TestClient), MCP through the SDK's client in process."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

import pincite
from pincite.api.app import create_app
from pincite.api.config import ServerConfig
from pincite.generate.base import GeneratorKind
from pincite.mcp.server import build_server
from tests.conftest import FIXTURES, REPO

from mcp import Client  # noqa: E402

GOLD = FIXTURES / "evaluate" / "demo_gold.jsonl"
NOTE = "A short note.\n\nIt has no numbered paragraphs, so its parse warns, naming the file.\n"


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    root = tmp_path_factory.mktemp("paths")
    (root / "store" / "docs").mkdir(parents=True)
    (root / "elsewhere").mkdir()
    inside, outside = root / "store" / "docs" / "inside.txt", root / "elsewhere" / "outside.txt"
    inside.write_text(NOTE, encoding="utf-8")
    outside.write_text(NOTE.replace("short", "second"), encoding="utf-8")
    db = root / "store" / "pincite.db"
    with pincite.Pincite(db, dense=False, create=True, generator="extractive") as lib:
        assert not lib.ingest([*pincite.demo_paths(), str(inside), str(outside)]).failed
        ids = {Path(s.source).name: s.id for s in lib.documents()}
        assert any(str(outside) in w for w in lib.show(ids["outside.txt"]).warnings)  # what would leak
        run = lib.evaluate(GOLD, settings={"gold": str(GOLD), "corpus": str(root / "elsewhere")})
        written = Path(str(lib.record_run(run)))
    (written.parent / "broken.json").write_text("{not json", encoding="utf-8")
    return {"root": root, "db": db, "ids": ids, "run": written.stem}


def _absolute(value: Any, store: dict[str, Any]) -> list[str]:
    """Each place in ``value`` (JSON) that names a path of the server's: the test's folder or the checkout."""
    text = json.dumps(value, ensure_ascii=False)
    return [where for where in (str(store["root"]), str(REPO)) if where in text]


def test_http_results_show_no_server_path(store: dict[str, Any]) -> None:
    ids = store["ids"]
    app = create_app(ServerConfig(db=store["db"], dense=False, generator_kind=GeneratorKind.EXTRACTIVE))
    with TestClient(app, base_url="http://127.0.0.1") as c:
        listed = c.get("/api/documents").json()
        outside = c.get(f"/api/documents/{ids['outside.txt']}").json()
        inside = c.get(f"/api/documents/{ids['inside.txt']}").json()
        runs = c.get("/api/eval/runs").json()
        run = c.get(f"/api/eval/runs/{store['run']}").json()
    assert {d["source"] for d in listed["documents"]} >= {"docs/inside.txt", "outside.txt"}
    assert outside["source"] == "outside.txt" and outside["warnings"][0].startswith("outside.txt: ")
    assert inside["warnings"][0].startswith("docs/inside.txt: ")
    assert runs["folder"] == "pincite.db.eval"
    broken = next(r for r in runs["runs"] if r["run"] == "broken")
    assert broken["status"] == "unreadable" and broken["error"].startswith("pincite.db.eval/broken.json: ")
    assert run["settings"]["gold"] == "demo_gold.jsonl" and run["settings"]["corpus"] == "elsewhere"
    sources = {c_["source"] for q in run["questions"] for c_ in q["citations"] + q["retrieved"]}
    assert sources and all(not Path(s).is_absolute() for s in sources)
    for shown in (listed, outside, inside, runs, run):
        assert not _absolute(shown, store), _absolute(shown, store)


def test_mcp_results_show_no_server_path(store: dict[str, Any]) -> None:
    ids = store["ids"]

    async def main() -> list[Any]:
        with pincite.Pincite(store["db"], dense=False, generator="extractive") as lib:
            async with Client(build_server(lib), mode="legacy") as c:
                out: list[Any] = []
                for doc in ("outside.txt", "inside.txt"):
                    uri = f"pincite://document/{ids[doc]}"
                    out.append(json.loads((await c.read_resource(uri)).contents[0].text))
                for name, args in [("documents", {}), ("read", {"document": ids["outside.txt"]}),
                                   ("search", {"query": "numbered paragraphs note", "detail": "full"}),
                                   ("ask", {"question": "Does the note have numbered paragraphs?",
                                            "detail": "full"})]:
                    r = await c.call_tool(name, args)
                    assert not r.is_error, r.content[0].text
                    out.append(r.structured_content)
                return out

    outside, inside, documents, *rest = asyncio.run(main())
    assert outside["source"] == "outside.txt" and outside["warnings"][0].startswith("outside.txt: ")
    assert inside["warnings"][0].startswith("docs/inside.txt: ")
    assert {d["source"] for d in documents["documents"]} >= {"docs/inside.txt", "outside.txt"}
    for shown in (outside, inside, documents, *rest):
        assert not _absolute(shown, store), _absolute(shown, store)
