"""MCP's document resource is paged as ``GET /api/documents/{id}`` pages units (issue 51, the agent profile):
``pincite://document/{id}`` is a page of its units (the first 25), ``?offset=N&limit=M`` another, and
``page.next`` the URI of the next page; the pages together are the document's units, once each, in order.
The real server in-process through the SDK's client, on the demo judgments."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest

import pincite
from pincite.mcp.server import build_server
from pincite.mcp.tools import RESOURCE_UNITS, RESOURCE_UNITS_MAX

from mcp import Client  # noqa: E402

CASE = "Harbour Ferries Ltd v Calloway Marine Supplies Ltd"  # 29 units


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("pages") / "demo.db"
    with pincite.Pincite(path, dense=False, create=True) as lib:
        assert not lib.ingest(pincite.demo_paths()).failed
    return path


def _read(db: Path, uris: list[str] | None, follow: str | None = None) -> tuple[list[Any], list[Any]]:
    """The resource templates listed, and each URI's JSON (an error: its message); with ``follow``, the pages
    from that URI on, by page.next."""

    async def main() -> tuple[list[Any], list[Any]]:
        with pincite.Pincite(db, dense=False) as lib:
            async with Client(build_server(lib), mode="legacy") as c:
                templates = (await c.list_resource_templates()).resource_templates
                out: list[Any] = []
                for uri in uris or []:
                    try:
                        out.append(json.loads((await c.read_resource(uri)).contents[0].text))
                    except Exception as e:  # noqa: BLE001 (the SDK's error for a refused read)
                        out.append(str(e))
                uri = follow
                while uri:
                    page = json.loads((await c.read_resource(uri)).contents[0].text)
                    out.append(page)
                    uri = page["page"]["next"]
                return templates, out
    return asyncio.run(main())


def _id(db: Path) -> str:
    with pincite.Pincite(db, dense=False) as lib:
        return lib.show(CASE).id


def test_a_document_resource_is_read_a_page_at_a_time(db: Path) -> None:
    doc_id = _id(db)
    templates, pages = _read(db, None, follow=f"pincite://document/{doc_id}?limit=10")
    assert [t.uri_template for t in templates] == ["pincite://document/{id}{?offset,limit}"]
    assert "page.next" in (templates[0].description or "")
    assert [len(p["units"]) for p in pages] == [10, 10, 9]
    assert [u["ordinal"] for p in pages for u in p["units"]] == list(range(29))
    first, second, last = (p["page"] for p in pages)
    assert first == {"offset": 0, "limit": 10, "units": 29, "char_start": first["char_start"],
                     "char_end": first["char_end"], "previous": None,
                     "next": f"pincite://document/{doc_id}?offset=10&limit=10"}
    assert second["previous"] == f"pincite://document/{doc_id}?offset=0&limit=10"
    assert last["next"] is None and last["offset"] == 20
    assert all(p["id"] == doc_id and "text" not in p and "text" not in p["page"] for p in pages)


def test_the_plain_uri_is_the_first_page_and_bad_pages_are_refused(db: Path) -> None:
    doc_id = _id(db)
    uri = f"pincite://document/{doc_id}"
    _, (plain, late, *refused) = _read(db, [uri, f"{uri}?offset=25&limit=30", f"{uri}?offset=-1",
                                            f"{uri}?limit=0", f"{uri}?limit={RESOURCE_UNITS_MAX + 1}",
                                            f"{uri}?offset=ten"])
    assert plain["page"]["offset"] == 0 and plain["page"]["limit"] == RESOURCE_UNITS == 25
    assert len(plain["units"]) == 25 and plain["page"]["next"] == f"{uri}?offset=25&limit=25"
    assert [u["ordinal"] for u in late["units"]] == [25, 26, 27, 28] and late["page"]["next"] is None
    assert late["page"]["previous"] == f"{uri}?offset=0&limit=30"
    assert "offset: '-1' is not a whole number" in refused[0]
    assert f"limit: 0 is not a whole number from 1 to {RESOURCE_UNITS_MAX}" in refused[1]
    assert f"limit: {RESOURCE_UNITS_MAX + 1} is not a whole number" in refused[2]
    assert "offset: 'ten' is not a whole number" in refused[3]
