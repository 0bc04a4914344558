"""``pincite mcp``: the MCP server driven by the official SDK's own client, over stdio (``pincite mcp`` as a real
child process) and over streamable HTTP (``pincite mcp --http`` as a real child process on a free port), on real
documents of ../shared/corpus: an English Court of Appeal judgment with a dissent, and the four versions of a
Canadian Act.  The stdio test writes docs/mcp-transcript.md (README, "MCP server": the worked example)."""

from __future__ import annotations

import json
import os
import re
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import anyio
import httpx
import pytest
from typer.testing import CliRunner

from pincite.cli import app as cli_app
from pincite.library import Pincite

from mcp import Client, StdioServerParameters  # noqa: E402
from mcp.client.streamable_http import streamable_http_client  # noqa: E402
from tests.conftest import REPO

TRANSCRIPT = REPO / "docs" / "mcp-transcript.md"
FILES = ["uk_find_case_law/ewca_civ_2020_legacy_akn/2020-ewca-1018-civ.xml", "canada_justice_laws_xml/T-2"]
AS_OF = "2026-04-01"
TOKEN = "mcp-test-token-0123456789abcdef"
TOOLS = {"search", "read", "ask", "check_citations", "documents", "versions"}

#: One citation of each kind the issue names, with the verdict it must get (the judgment's [61] says "the
#: Injunction Application is not abusive"; [115] is Moylan LJ's dissent; "twenty" judges is s. 4(1)(c) as it
#: stood until 2021, and "relied upon" is the draft's word for the court's "relied on").
DRAFT = (
    'In Ipek v Koza Altin [2020] EWCA Civ 1018 at [61], the Court of Appeal held that "the Injunction Application '
    'is not abusive". The court said that "[t]he Injunction Application is not abusive" (Ipek at [62]). It added '
    'that "My reasons are in substance those relied upon by the Judge" (Ipek at [61]). The Court of Appeal held '
    'that "[t]he specific application now being considered is, of course, not the same": Ipek at [115]. Under '
    'section 4(1)(c) of the Tax Court of Canada Act, the Court has "not more than twenty other judges".'
)
EXPECTED = [("Ipek v Koza Altin [2020] EWCA Civ 1018 at [61]", "ok"),
            ("Ipek at [62]", "wrong-pinpoint"),  # the neighbour paragraph: the words are in [61]
            ("Ipek at [61]", "quote-altered"),
            ("Ipek at [115]", "dissent"),
            ("section 4(1)(c) of the Tax Court of Canada Act", "not-in-force")]


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory, corpus: Path) -> Path:
    path = tmp_path_factory.mktemp("mcp") / "mcp.db"
    with Pincite(path, dense=False, create=True) as lib:
        report = lib.ingest([corpus / f for f in FILES])
        assert not report.failed
    return path


def cli_command(*args: str) -> list[str]:
    """``pincite ARGS`` as a child process (through the CLI's ``main``, wherever the CLI module lives)."""
    return [sys.executable, "-c", "import sys; from pincite.cli import main; sys.argv[0] = 'pincite'; main()",
            *args]


def data(result: Any) -> dict[str, Any]:
    assert not result.is_error, result.content[0].text
    return result.structured_content


def error(result: Any) -> str:
    assert result.is_error, result.structured_content
    return result.content[0].text


# -- stdio -----------------------------------------------------------------------------------------------


@pytest.mark.shared
def test_stdio_every_tool_on_the_corpus(db: Path, servers: list[HttpServer]) -> None:
    """``servers`` only to launch the HTTP tests' children now (they import while this test runs)."""
    params = StdioServerParameters(command=cli_command()[0], args=cli_command("mcp", "--db", str(db), "--no-dense")[1:],
                                   env={**os.environ, "PYTHONPATH": str(REPO / "src")})
    transcript: list[tuple[str, dict[str, Any], Any]] = []

    async def main() -> None:
        async with Client(params, mode="legacy", read_timeout_seconds=60) as c:
            listed = {t.name: t for t in (await c.list_tools()).tools}
            assert set(listed) == TOOLS
            for t in listed.values():
                assert t.description and len(t.description) > 60  # something an agent can act on
                assert t.input_schema["type"] == "object" and t.input_schema["additionalProperties"] is False
            assert listed["search"].input_schema["required"] == ["query"]
            assert listed["search"].input_schema["properties"]["k"]["maximum"] == 10  # the agent's page
            assert listed["check_citations"].input_schema["required"] == ["text"]

            # before anything was searched or read, nothing the draft cites was retrieved
            before = data(await c.call_tool("check_citations", {"text": DRAFT, "as_of": AS_OF}))
            assert [(x["text"], x["verdict"]) for x in before["citations"]] == EXPECTED
            assert [x["retrieved"] for x in before["citations"]] == [False] * 5
            assert before["never_retrieved"] == 5 and before["all_ok"] is False

            # the worked example: search, read, check
            args = {"query": "the Injunction Application is not abusive", "k": 3}
            found = data(await c.call_tool("search", args))
            transcript.append(("search", args, found))
            hit = found["passages"][0]
            assert hit["passage_id"].startswith(hit["document"]["id"] + ":c")
            assert hit["document"]["citation"] == "[2020] EWCA Civ 1018"
            assert all(p["cite_as"] and p["pinpoint"] and p["zone"] and "role" in p for p in found["passages"])
            args = {"document": "Ipek v Koza Altin", "unit": "[61]"}  # the case as a lawyer names it
            read = data(await c.call_tool("read", args))
            transcript.append(("read", args, read))
            assert "the Injunction Application is not abusive" in read["text"]
            assert read["document"]["id"] == hit["document"]["id"]
            assert read["cite_as"] == ["HAMDI AKIN IPEK v KOZA ALTIN ISLETMELERI AS [2020] EWCA Civ 1018 at [61]"]
            assert read["previous"]["label"] == "[60]" and read["next"]["label"] == "[62]"
            assert read["units"][0]["author"] and read["units"][0]["role"] == "lead"
            args = {"text": DRAFT, "as_of": AS_OF}
            checked = data(await c.call_tool("check_citations", args))
            transcript.append(("check_citations", args, checked))
            by = checked["citations"]
            assert [(x["text"], x["verdict"]) for x in by] == EXPECTED
            assert by[1]["suggested"]["pinpoint"] == "at [61]"
            assert "“upon” where the source has “on”" in by[2]["detail"]
            assert "not more than 23 other judges" in by[4]["detail"]
            assert by[0]["retrieved"] is True and by[1]["retrieved"] is True  # the words are in the [61] read
            assert by[3]["retrieved"] is False and by[3]["retrieved_detail"]  # [115] was never given
            assert checked["all_ok"] is False

            # a passage by its id, from the search
            again = data(await c.call_tool("read", {"passage_id": hit["passage_id"]}))
            assert again["text"].startswith(hit["text"]) and hit["passage_id"] in again["passage_ids"]

            # the other tools
            docs = data(await c.call_tool("documents", {"kind": "statute"}))["documents"]
            assert len(docs) == 4 and {d["work"] for d in docs} == {"ca/act/T-2"}
            versions = data(await c.call_tool("versions", {"work": "T-2"}))
            assert versions["work"] == "ca/act/T-2"
            assert [v["version_date"] for v in versions["versions"]] == sorted(v["version_date"] for v in versions["versions"])
            statute = data(await c.call_tool("search", {"query": "other judges", "kinds": ["statute"],
                                                         "as_of": "2019-01-01", "k": 3}))
            assert statute["passages"] and all(p["document"]["version_date"] == "2018-06-21"
                                               for p in statute["passages"])
            answer = data(await c.call_tool("ask", {"question": "Was the injunction application an abuse of process?",
                                                    "documents": [hit["document"]["id"]]}))
            assert answer["citations"] and {"claims", "dropped", "answer"} <= set(answer)
            assert all(x["document"]["id"] == hit["document"]["id"] for x in answer["citations"])
            # nothing supported: no claim, no citation, and up to three leads with checked pinpoints (issue
            # 52)
            lost = data(await c.call_tool("ask", {"question": "How many quotas of salmon may a fisher catch in "
                                                              "the Arctic?"}))
            assert lost["claims"] == [] and lost["citations"] == [] and 1 <= len(lost["leads"]) <= 3
            assert all(x["lead"] is True and x["pinpoint"] and x["quote"] for x in lost["leads"])

            # resources: each document, its metadata and units, a page of 25 at a time (page.next: the next's URI)
            uris = [str(r.uri) for r in (await c.list_resources()).resources]
            uri = f"pincite://document/{hit['document']['id']}"
            assert uri in uris and len(uris) == 5
            got = json.loads((await c.read_resource(uri)).contents[0].text)
            assert got["citation"] == "[2020] EWCA Civ 1018" and len(got["units"]) == 25 and "text" not in got
            assert got["page"]["units"] > 100 and got["page"]["next"] == f"{uri}?offset=25&limit=25"
            ordinals, page_uri = [], uri
            while page_uri:
                page = json.loads((await c.read_resource(page_uri)).contents[0].text)
                ordinals += [u["ordinal"] for u in page["units"]]
                page_uri = page["page"]["next"]
            assert ordinals == list(range(got["page"]["units"]))

            # bad arguments: refused by the schema, one line naming the argument
            assert error(await c.call_tool("search", {"query": "x", "k": 0})) == (
                "invalid arguments for search: k: 0 is less than the minimum of 1")
            assert "'bogus' was unexpected" in error(await c.call_tool("search", {"query": "x", "bogus": 1}))
            assert "'query' is a required property" in error(await c.call_tool("search", {"k": 3}))
            assert "kinds.0: 'opinion' is not one of" in error(await c.call_tool("search", {"query": "x",
                                                                                           "kinds": ["opinion"]}))
            assert "as_of: 'yesterday' does not match" in error(await c.call_tool("check_citations",
                                                                                  {"text": DRAFT, "as_of": "yesterday"}))
            assert "text: '' should be non-empty" in error(await c.call_tool("check_citations", {"text": ""}))
            assert "read needs a passage_id" in error(await c.call_tool("read", {}))
            # unknown ids and names: the CLI's one-line messages
            assert error(await c.call_tool("read", {"passage_id": "doc_0000000000000000:c1-2"})).startswith(
                "no passage 'doc_0000000000000000:c1-2'")
            assert "has no unit '[999]'" in error(await c.call_tool("read", {"document": hit["document"]["id"],
                                                                              "unit": "[999]"}))
            unknown = error(await c.call_tool("versions", {"work": "Companies Act"}))
            cli = CliRunner().invoke(cli_app, ["versions", "Companies Act", "--db", str(db)])
            assert cli.exit_code == 1 and unknown in " ".join(cli.output.split())
            assert error(await c.call_tool("read", {"document": "no such case", "unit": "[1]"})).startswith(
                "no stored document is named 'no such case'")
            assert error(await c.call_tool("summarise", {})) == "Unknown tool: summarise"
            with pytest.raises(Exception, match="no stored document is named 'nope'"):
                await c.read_resource("pincite://document/nope")

    anyio.run(main)
    write_transcript(transcript)


def stdio_params(db: Path) -> StdioServerParameters:
    command = cli_command("mcp", "--db", str(db), "--no-dense")
    return StdioServerParameters(command=command[0], args=command[1:],
                                 env={**os.environ, "PYTHONPATH": str(REPO / "src")})


@pytest.mark.shared
def test_the_agent_profile_compact_paged_annotated_and_without_server_paths(db: Path) -> None:
    """Issue 51: search gives ten compact hits a page (``detail: "full"`` today's shape), pages on by offset;
    ask is compact unless asked for in full; a long document is read a page of units at a time; every tool
    says it only reads and has an output schema; no result or error shows the server's absolute paths."""

    def size(result: Any) -> int:
        return len(result.content[0].text.encode("utf-8"))

    async def main() -> None:
        async with Client(stdio_params(db), mode="legacy", read_timeout_seconds=60) as c:
            listed = {t.name: t for t in (await c.list_tools()).tools}
            for t in listed.values():
                assert t.annotations is not None and t.annotations.read_only_hint is True, t.name
                assert t.annotations.destructive_hint is False and t.annotations.open_world_hint is False
                assert t.output_schema and t.output_schema["type"] == "object", t.name
            assert {"offset", "detail"} <= set(listed["search"].input_schema["properties"])
            assert listed["search"].input_schema["properties"]["k"]["default"] == 10

            query = {"query": "the Injunction Application is not abusive"}
            compact = await c.call_tool("search", query)
            first = data(compact)
            assert len(first["passages"]) == 10 and first["offset"] == 0 and first["next_offset"] == 10
            hit = first["passages"][0]
            assert set(hit) >= {"passage_id", "pinpoint", "cite_as", "text", "document"}
            assert hit["document"]["title"] and len(hit["text"]) <= 300
            assert not {"score", "section_path", "units", "in_force_from"} & set(hit)
            full = await c.call_tool("search", query | {"detail": "full"})
            assert {"section_path", "units", "score"} <= set(data(full)["passages"][0])
            assert size(compact) < 0.6 * size(full)  # 7.4 KB against 14.8 KB on this corpus
            second = data(await c.call_tool("search", query | {"offset": 10}))
            assert second["offset"] == 10 and second["passages"]
            ids = [{p["passage_id"] for p in page["passages"]} for page in (first, second)]
            assert not ids[0] & ids[1]
            assert error(await c.call_tool("search", query | {"k": 11})).startswith(
                "invalid arguments for search: k: 11 is greater than the maximum of 10")

            question = {"question": "Was the injunction application an abuse of process?"}
            brief = await c.call_tool("ask", question)
            whole = await c.call_tool("ask", question | {"detail": "full"})
            assert isinstance(data(brief)["retrieved"], int) and "trace" not in data(brief)
            assert data(brief)["citations"] == data(whole)["citations"]
            assert size(brief) * 3 < size(whole) and isinstance(data(whole)["retrieved"], list)

            page = data(await c.call_tool("read", {"document": "Ipek v Koza Altin", "limit": 5}))
            assert page["offset"] == 0 and len(page["units"]) == 5 and page["next_offset"] == 5
            assert page["total_units"] > 100 and all("text" in u for u in page["units"])
            following = data(await c.call_tool("read", {"document": "Ipek v Koza Altin", "offset": 5,
                                                        "limit": 5}))
            assert [u["ordinal"] for u in following["units"]] == [5, 6, 7, 8, 9]

            # no server path: the store's folder and the corpus's are the server's business
            texts = [r.content[0].text for r in (compact, full, brief, whole)]
            texts.append(json.dumps(data(await c.call_tool("documents", {}))))
            texts.append(json.dumps(data(await c.call_tool("read", {"passage_id": hit["passage_id"]}))))
            texts.append(error(await c.call_tool("read", {"passage_id": "doc_0000000000000000:c1-2"})))
            for text in texts:
                assert str(db.parent) not in text and "/work/" not in text, text[:300]
                assert str(REPO) not in text, text[:300]
            sources = {d["source"] for d in data(await c.call_tool("documents", {}))["documents"]}
            assert "2020-ewca-1018-civ.xml" in sources

    anyio.run(main)


def write_transcript(calls: list[tuple[str, dict[str, Any], Any]]) -> None:
    """docs/mcp-transcript.md: the calls above and what came back, shortened where marked (…)."""

    def short(tool: str, out: dict[str, Any]) -> dict[str, Any]:
        if tool == "search":
            keep = ("passage_id", "pinpoint", "cite_as", "document", "zone", "role")
            return {"passages": [{k: p[k] for k in keep} | {"text": p["text"][:160] + "…"}
                                 for p in out["passages"][:2]],
                    "…": "1 more", "next_offset": out["next_offset"]}
        if tool == "read":
            return {k: out[k] for k in ("passage_ids", "cite_as")} | {"text": out["text"][:300] + "…",
                    "previous": {"label": out["previous"]["label"], "text": out["previous"]["text"][:80] + "…"},
                    "next": {"label": out["next"]["label"], "text": out["next"]["text"][:80] + "…"}}
        return {"citations": [{k: x[k] for k in ("text", "verdict", "detail", "suggested", "retrieved")}
                              for x in out["citations"]], "never_retrieved": out["never_retrieved"],
                "all_ok": out["all_ok"]}

    lines = ["# A worked example: an assistant searches, reads and checks through `pincite mcp`", "",
             "Written by `tests/corpus/test_mcp.py::test_stdio_every_tool_on_the_corpus` from a real session (the SDK's "
             "client talking to `pincite mcp` over stdio) on two documents of the corpus: *Ipek v Koza Altin* "
             "[2020] EWCA Civ 1018 and the four versions of the Tax Court of Canada Act. Long texts are cut (…). "
             "Do not edit by hand: run the test.", ""]
    for n, (tool, args, out) in enumerate(calls, 1):
        lines += [f"## {n}. `{tool}`", "", "```json", json.dumps({"arguments": args}, ensure_ascii=False, indent=2),
                  "```", "", "```json", json.dumps(short(tool, out), ensure_ascii=False, indent=2), "```", ""]
    TRANSCRIPT.parent.mkdir(exist_ok=True)
    TRANSCRIPT.write_text("\n".join(lines), encoding="utf-8")


def test_without_the_sdk_the_command_says_what_to_install(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    db = tmp_path / "empty.db"
    with Pincite(db, dense=False, create=True):
        pass
    monkeypatch.setitem(sys.modules, "mcp", None)  # 'import mcp' fails as it does when the extra is absent
    r = CliRunner().invoke(cli_app, ["mcp", "--db", str(db)])
    assert r.exit_code == 2 and "pip install 'pincite[mcp]'" in r.output


# -- streamable HTTP -------------------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class HttpServer:
    """``pincite mcp --http --port N`` as a child process: ``start`` launches it, ``wait`` until it answers."""

    def __init__(self, db: Path, token: str | None = None, env: dict[str, str] | None = None) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}/mcp"
        env = {k: v for k, v in os.environ.items() if k != "PINCITE_TOKEN"} | (env or {})
        if token:
            env["PINCITE_TOKEN"] = token
        self.proc = subprocess.Popen(cli_command("mcp", "--db", str(db), "--no-dense", "--http", "--port",
                                                 str(self.port)), env=env, stderr=subprocess.PIPE)

    def wait(self) -> "HttpServer":
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise AssertionError(f"pincite mcp --http exited: {self.proc.stderr.read().decode()}")  # type: ignore[union-attr]
            try:
                httpx.get(self.url, timeout=1)
                return self
            except httpx.TransportError:
                time.sleep(0.1)
        raise AssertionError("pincite mcp --http did not start in 60 s")

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()


@pytest.fixture(scope="module")
def servers(db: Path):  # type: ignore[no-untyped-def]
    """Two servers, one open to loopback and one in token mode, launched when the module's first test starts
    (each spends its first seconds importing, so they start while the stdio test runs); a test ``wait()``s."""
    both = [HttpServer(db), HttpServer(db, token=TOKEN)]
    try:
        yield both
    finally:
        for s in both:
            s.stop()


INIT = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
    "protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "t", "version": "0"}}}
ACCEPT = {"Accept": "application/json, text/event-stream", "Content-Type": "application/json"}


@pytest.mark.shared
def test_http_sessions_and_the_guard(servers: list[HttpServer]) -> None:
    server = servers[0].wait()

    async def main() -> None:
        async with Client(server.url, mode="legacy") as a, Client(server.url, mode="legacy") as b:
            assert {t.name for t in (await a.list_tools()).tools} == TOOLS
            hit = data(await a.call_tool("search", {"query": "the Injunction Application is not abusive"}))
            doc = hit["passages"][0]["document"]["id"]
            data(await a.call_tool("read", {"document": doc, "unit": "[61]"}))
            first = DRAFT.split(". The court said")[0] + "."
            mine = data(await a.call_tool("check_citations", {"text": first, "as_of": AS_OF}))["citations"]
            theirs = data(await b.call_tool("check_citations", {"text": first, "as_of": AS_OF}))["citations"]
            assert [x["verdict"] for x in mine] == [x["verdict"] for x in theirs] == ["ok"]
            # what one client read is not another's: sessions are kept apart by Mcp-Session-Id
            assert mine[0]["retrieved"] is True and theirs[0]["retrieved"] is False
            assert "k: 11 is greater than the maximum of 10" in error(
                await b.call_tool("search", {"query": "x", "k": 11}))
        async with Client(server.url) as c:  # the stateless protocol (2026-07-28) too
            assert data(await c.call_tool("documents", {}))["documents"]

    anyio.run(main)
    # a page on another origin (DNS rebinding, or a site the user visits) is refused, reads and writes alike
    r = httpx.post(server.url, json=INIT, headers={**ACCEPT, "Origin": "http://evil.example"})
    assert r.status_code == 403 and "Origin http://evil.example" in r.json()["error"]
    r = httpx.get(server.url, headers={"Origin": "https://evil.example", "Accept": "text/event-stream"})
    assert r.status_code == 403
    r = httpx.post(server.url, json=INIT, headers={**ACCEPT, "Host": "evil.example"})
    assert r.status_code == 421 and "loopback" in r.json()["error"]
    r = httpx.post(server.url, json=INIT, headers={**ACCEPT, "Origin": f"http://127.0.0.1:{server.port}"})
    assert r.status_code == 200


@pytest.mark.shared
def test_http_token_mode(servers: list[HttpServer]) -> None:
    import httpx2

    server = servers[1].wait()
    r = httpx.post(server.url, json=INIT, headers=ACCEPT)
    assert r.status_code == 401 and "PINCITE_TOKEN" in r.json()["error"]
    r = httpx.post(server.url, json=INIT, headers={**ACCEPT, "Authorization": "Bearer wrong-token-0123456789"})
    assert r.status_code == 401

    async def main() -> None:
        async with httpx2.AsyncClient(headers={"Authorization": f"Bearer {TOKEN}"}, timeout=30) as http:
            async with Client(streamable_http_client(server.url, http_client=http), mode="legacy") as c:
                assert {t.name for t in (await c.list_tools()).tools} == TOOLS
                assert data(await c.call_tool("versions", {"work": "T-2"}))["work"] == "ca/act/T-2"

    anyio.run(main)


def test_the_readme_config_names_the_command_the_tests_run() -> None:
    """README's ``mcpServers`` block is valid JSON and launches ``pincite mcp`` with the options tested above."""
    import re

    blocks = re.findall(r"```json\n(.*?)```", (REPO / "README.md").read_text(encoding="utf-8"), flags=re.S)
    config = [json.loads(b) for b in blocks if '"mcpServers"' in b]
    assert len(config) == 1
    server = config[0]["mcpServers"]["pincite"]
    assert server["command"] == "pincite" and server["args"][:2] == ["mcp", "--db"]
    assert TRANSCRIPT.relative_to(REPO).as_posix() in (REPO / "README.md").read_text(encoding="utf-8")


# -- no client holds the others; bounded sessions, errors and requests (issue 50) ------------------------

#: A draft at check_citations' largest (200,000 characters: DRAFT's five citations again and again), whose check
#: takes some 30 s on this corpus: far past the four seconds the limited server below gives a check.
LARGE_DRAFT = (DRAFT + " ") * (200_000 // (len(DRAFT) + 1))
LIMIT_S = 4


@pytest.fixture(scope="module")
def limited(db: Path):  # type: ignore[no-untyped-def]
    """``pincite mcp --http`` with ``PINCITE_CHECK_SECONDS=4``: launched when first asked for."""
    server = HttpServer(db, env={"PINCITE_CHECK_SECONDS": str(LIMIT_S)})
    try:
        yield server.wait()
    finally:
        server.stop()


@pytest.mark.shared
def test_a_large_check_holds_no_other_session(limited: HttpServer) -> None:
    """Session A checks a 200,000-character draft; session B's calls answer within 2 s meanwhile (the check runs
    in the limited check process, outside the tools' lock), and A's check ends at the time limit, saying so."""
    assert len(LARGE_DRAFT) <= 200_000
    times: dict[str, float] = {}

    async def main() -> None:
        # A takes replies of any size: a whole 200,000-character draft's report is over the SDK's 1 MiB default
        whole = streamable_http_client(limited.url, max_sse_event_size=None)
        async with Client(whole, mode="legacy", read_timeout_seconds=300) as a, \
                Client(limited.url, mode="legacy", read_timeout_seconds=300) as b:
            data(await b.call_tool("documents", {}))  # both sessions open and warm
            result: list[Any] = []

            async def check() -> None:
                result.append(await a.call_tool("check_citations", {"text": LARGE_DRAFT, "as_of": AS_OF}))
                times["check_done"] = time.monotonic()

            async with anyio.create_task_group() as tg:
                start = time.monotonic()
                tg.start_soon(check)
                await anyio.sleep(1.0)  # the check is under way
                t = time.monotonic()
                docs = data(await b.call_tool("documents", {}))["documents"]
                times["documents"] = time.monotonic() - t
                t = time.monotonic()
                found = data(await b.call_tool("search", {"query": "injunction application abusive", "k": 3}))
                times["search"] = time.monotonic() - t
                times["answered"] = time.monotonic()
            assert len(docs) == 5 and found["passages"]
            assert times["documents"] < 2.0 and times["search"] < 2.0, times
            assert times["answered"] < times["check_done"], times  # answered while the check ran
            message = error(result[0])
            assert f"draft too large to check in {LIMIT_S} s" in message and "PINCITE_CHECK_SECONDS" in message
            # ended at the limit, not after the whole check
            assert LIMIT_S <= times["check_done"] - start < LIMIT_S + 20, times

    anyio.run(main)


@pytest.mark.shared
def test_session_records_are_bounded_by_age_and_memory_not_by_count(db: Path) -> None:
    """A session's reading is not forgotten because 300 newer sessions came after it (the old count of 256
    evicted it); it is forgotten when idle past the limit, or when the remembered spans pass the cap (least
    recently used first, never the caller)."""
    from pincite.mcp.tools import Tools

    first = DRAFT.split(". The court said")[0] + "."  # cites [61], correctly
    with Pincite(db, dense=False) as lib:
        tools = Tools(lib)
        doc = tools.search("mine", "the Injunction Application is not abusive", k=3)["passages"][0]["document"]["id"]
        tools.read("mine", document=doc, unit="[61]")
        for n in range(300):
            tools.read(f"http:other-{n}", document=doc, unit="[60]")
        mine = tools.check_citations("mine", first, AS_OF)["citations"]
        assert [(x["verdict"], x["retrieved"]) for x in mine] == [("ok", True)]
        assert tools.remembered()[0] == 301

        from pincite.mcp.tools import PROCESS_SESSION

        # idle past the limit: forgotten at the next call of any session; the stdio process's session never is
        idle = Tools(lib, idle_seconds=0.5)
        idle.read("mine", document=doc, unit="[61]")
        idle.read(PROCESS_SESSION, document=doc, unit="[61]")
        time.sleep(0.7)
        idle.read("http:late", document=doc, unit="[60]")
        assert idle.remembered()[0] == 2
        assert idle.check_citations("mine", first, AS_OF)["citations"][0]["retrieved"] is False
        assert idle.check_citations(PROCESS_SESSION, first, AS_OF)["citations"][0]["retrieved"] is True

        # over the memory cap (spans, each session counting one more): least recently used first
        capped = Tools(lib, retrieved_cap=12)
        capped.read("mine", document=doc, unit="[61]")
        for n in range(10):
            capped.read(f"http:other-{n}", document=doc, unit="[60]")
            sessions, spans = capped.remembered()
            assert sessions + spans <= 12
        assert capped.remembered() == (6, 6)  # the last six, one span each
        assert capped.check_citations("mine", first, AS_OF)["citations"][0]["retrieved"] is False
        given = capped.search("big", "injunction", k=20)["passages"]  # alone over the cap: keeps its own reading
        assert len(given) > 12 and capped.remembered() == (1, len(given))


def test_session_limits_are_read_from_the_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from pincite.errors import PinciteError
    from pincite.mcp.tools import Tools

    with Pincite(tmp_path / "empty.db", dense=False, create=True) as lib:
        monkeypatch.setenv("PINCITE_MCP_SESSION_IDLE_SECONDS", "90")
        monkeypatch.setenv("PINCITE_MCP_RETRIEVED_CAP", "1000")
        tools = Tools(lib)
        assert (tools.idle_seconds, tools.retrieved_cap) == (90, 1000)
        monkeypatch.setenv("PINCITE_MCP_SESSION_IDLE_SECONDS", "an hour")
        with pytest.raises(PinciteError, match="PINCITE_MCP_SESSION_IDLE_SECONDS='an hour' is not a number"):
            Tools(lib)


@pytest.mark.shared
def test_errors_never_echo_a_long_argument(servers: list[HttpServer]) -> None:
    """Every error that names an argument shows at most its first 200 characters, an ellipsis and its length."""
    server = servers[0].wait()
    long_query = "q" * 200_001

    async def main() -> None:
        async with Client(server.url, mode="legacy") as c:
            cases = [
                ("search", {"query": long_query}, "search: query: 'qqqq"),  # the schema's complaint
                ("check_citations", {"text": "x" * 200_001}, "text: 'xxxx"),
                ("check_citations", {"text": "a", "as_of": "2" * 5000}, "as_of: '2222"),
                ("read", {"passage_id": "doc_x:c1-" + "9" * 280}, "no passage 'doc_x:c1-999"),  # pincite's own
                ("read", {"document": "n" * 450, "unit": "[1]"}, "no stored document is named 'nnnn"),
                ("t" * 5000, {}, "Unknown tool: 'tttt"),  # the SDK's
            ]
            for tool, args, start in cases:
                message = error(await c.call_tool(tool, args))
                assert start in message and len(message) < 600, (tool, len(message), message[:300])
                assert re.search(r"… \([\d,]+ characters\)", message), message
            assert "(200,001 characters)" in error(await c.call_tool("search", {"query": long_query}))
            with pytest.raises(Exception) as raised:
                await c.read_resource("pincite://document/" + "d" * 5000)
            assert "dddd" in str(raised.value) and len(str(raised.value)) < 600

    anyio.run(main)
    # a body over the cap is refused before it is read, saying the cap
    r = httpx.post(server.url, content=b"x" * (5 * 1024 * 1024), headers=ACCEPT)
    assert r.status_code == 413 and "over the 4,194,304 bytes" in r.json()["error"]


def _peak_rss_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1])
    raise AssertionError("no VmHWM in /proc")


@pytest.mark.shared
def test_stdio_refuses_an_oversized_request_as_it_reads_it(db: Path) -> None:
    """A 40 MB request over stdio is read through and refused with one short JSON-RPC error naming the cap; the
    server's peak memory barely moves and it answers the next request.  Protocol errors (an unknown method or
    resource) are short too."""
    proc = subprocess.Popen(cli_command("mcp", "--db", str(db), "--no-dense"), stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, env={**os.environ, "PYTHONPATH": str(REPO / "src")})
    assert proc.stdin is not None and proc.stdout is not None

    def call(message: dict[str, Any]) -> None:
        proc.stdin.write(json.dumps(message).encode() + b"\n")  # type: ignore[union-attr]
        proc.stdin.flush()  # type: ignore[union-attr]

    try:
        call(INIT)
        assert json.loads(proc.stdout.readline())["id"] == 1
        call({"jsonrpc": "2.0", "method": "notifications/initialized"})
        call({"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "documents", "arguments": {}}})
        assert json.loads(proc.stdout.readline())["result"]["structuredContent"]["documents"]
        # the SDK's own protocol errors repeat no long argument either (they once put it whole in "data")
        call({"jsonrpc": "2.0", "id": 10, "method": "m" * 10_000, "params": {}})
        call({"jsonrpc": "2.0", "id": 11, "method": "resources/read",
              "params": {"uri": "pincite://" + "u" * 10_000}})
        for n in (10, 11):
            reply = proc.stdout.readline()
            assert len(reply) < 1000 and "(10,0" in reply.decode(), reply[:300]
            assert json.loads(reply)["id"] == n
        before = _peak_rss_kb(proc.pid)
        call({"jsonrpc": "2.0", "id": 3, "method": "tools/call",
              "params": {"name": "search", "arguments": {"query": "q" * 40_000_000}}})
        reply = proc.stdout.readline()
        assert len(reply) < 1000, len(reply)
        refused = json.loads(reply)
        assert refused["id"] == 3 and "over the 4,194,304 bytes" in refused["error"]["message"]
        grown = _peak_rss_kb(proc.pid) - before
        assert grown < 25_000, f"peak memory grew by {grown} kB"
        call({"jsonrpc": "2.0", "id": 4, "method": "tools/call", "params": {"name": "versions",
                                                                           "arguments": {"work": "T-2"}}})
        assert json.loads(proc.stdout.readline())["result"]["structuredContent"]["work"] == "ca/act/T-2"
    finally:
        proc.stdin.close()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
