"""Dates a user gives (``--as-of``, ``as_of`` in a request, a batch line or a gold file) are ``YYYY-MM-DD``
and nothing else, read into a real date once, where they come in; and the version-window check uses the very
date retrieval used: the date asked, or today when none was.

``datetime.date.fromisoformat`` reads ``20210101`` and ``2021-W01-5`` as well (Python 3.11): such a date
passed every check and then matched no in-force window, so the answer silently came from nothing."""

from __future__ import annotations

import datetime
import json
from pathlib import Path

import httpx
import pytest
from typer.testing import CliRunner

from pincite.cli import app, demo_paths
from pincite.ingest import ingest_paths
from pincite.store.sqlite import SQLiteStore

#: forms Python's ISO reader accepts or half-accepts that no stored window is written in, and plain mistakes
BAD = ["2021-W01-5", "20210101", "2021-06-29T00:00", "31/01/2020", "2020-02-30", "2021-6-29", "２０２１-06-29"]

runner = CliRunner()


@pytest.fixture(scope="module")
def demo_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    db = tmp_path_factory.mktemp("dates") / "demo.db"
    s = SQLiteStore(db)
    assert not ingest_paths(s, demo_paths()).failed
    s.close()
    return db


def test_one_parser_reads_yyyy_mm_dd_only() -> None:
    from pincite.types import DateError, parse_date

    assert parse_date("2021-06-29") == datetime.date(2021, 6, 29)
    assert parse_date(datetime.date(2021, 6, 29)) == datetime.date(2021, 6, 29)
    for bad in [*BAD, 20210101, "", None]:
        with pytest.raises(DateError) as e:
            parse_date(bad)
        assert repr(bad) in str(e.value) and "YYYY-MM-DD" in str(e.value)
        assert isinstance(e.value, ValueError)  # so pydantic reports it as a validation error (422)


@pytest.mark.parametrize("command", ["ask", "search"])
@pytest.mark.parametrize("bad", BAD)
def test_cli_refuses_a_date_in_another_form(demo_db: Path, command: str, bad: str) -> None:
    r = runner.invoke(app, [command, "aggregation clause", "--db", str(demo_db), "--no-dense",
                            "--as-of", bad])
    assert r.exit_code == 2, r.output
    assert repr(bad) in r.output and "YYYY-MM-DD" in r.output and "--as-of" in r.output


def test_batch_line_with_a_bad_date_is_an_error_and_the_run_goes_on(demo_db: Path, tmp_path: Path) -> None:
    q = "Was the email of 3 February 2022 notice in writing under clause 16.1?"
    lines = [{"id": "a", "question": q}, {"id": "b", "question": q, "as_of": "20210101"},
             {"id": "c", "question": q, "as_of": "2021-W01-5"}, {"id": "d", "question": q, "as_of": 20210101},
             {"id": "e", "question": q, "as_of": "2023-01-31"}]
    batch = tmp_path / "b.jsonl"
    batch.write_text("\n".join(json.dumps(x) for x in lines) + "\n", encoding="utf-8")
    r = runner.invoke(app, ["ask", "--batch", str(batch), "--db", str(demo_db), "--no-dense", "--json"])
    assert r.exit_code == 0, r.output
    out = [json.loads(x) for x in r.stdout.splitlines()]
    assert [o.get("id") for o in out if "error" not in o] == ["a", "e"]
    assert out[-1]["as_of"] == "2023-01-31" and out[0]["as_of"] is None
    errors = [o for o in out if "error" in o]
    assert [o["line"] for o in errors] == [2, 3, 4]
    for o, bad in zip(errors, ["'20210101'", "'2021-W01-5'", "20210101"]):
        assert f"{batch}:{o['line']}" in o["error"] and f"as_of {bad}" in o["error"]
        assert "YYYY-MM-DD" in o["error"]


def test_batch_lines_say_how_the_dense_ranking_was_used(demo_db: Path, tmp_path: Path) -> None:
    """Each --batch line carries ``"dense"`` as a single ``ask --json`` does: ``off`` lexically, ``pending`` when
    the passages have no vectors and the run is told not to wait for them (said once on stderr too)."""
    batch = tmp_path / "b.jsonl"
    batch.write_text("\n".join(json.dumps({"id": i, "question": "aggregation clause"}) for i in "ab") + "\n",
                     encoding="utf-8")
    r = runner.invoke(app, ["ask", "--batch", str(batch), "--db", str(demo_db), "--no-dense", "--json"])
    assert r.exit_code == 0, r.output
    assert [(o["id"], o["dense"]) for o in map(json.loads, r.stdout.splitlines())] == [("a", "off"), ("b", "off")]
    r = runner.invoke(app, ["ask", "--batch", str(batch), "--db", str(demo_db), "--no-wait", "--json"])
    assert r.exit_code == 0, r.output
    out = [json.loads(x) for x in r.stdout.splitlines()]
    assert [(o["id"], o["dense"]) for o in out] == [("a", "pending"), ("b", "pending")]
    assert all(o["retrieved"] for o in out)
    assert r.stderr.count("dense ranking pending") == 1, r.stderr


@pytest.mark.parametrize("bad", ["20210101", "2021-W01-5"])
def test_gold_file_refuses_a_date_in_another_form(bad: str) -> None:
    from pincite.evaluation.gold import GoldError, parse_gold_line

    line = json.dumps({"id": "a", "question": "q", "kind": "none", "gold": [], "as_of": bad})
    with pytest.raises(GoldError, match=f"gold.jsonl:1: as_of '{bad}' is not a date in the form YYYY-MM-DD"):
        parse_gold_line(line, "gold.jsonl:1")
    good = {"id": "a", "question": "q", "kind": "none", "gold": [], "as_of": "2021-01-01"}
    ok = parse_gold_line(json.dumps(good), "gold.jsonl:1")
    assert ok.as_of == "2021-01-01"


def test_http_refuses_a_date_in_another_form(demo_db: Path) -> None:
    from pincite.api.app import create_app, RunningServer
    from pincite.api.config import ServerConfig

    q = "Was the email of 3 February 2022 notice in writing under clause 16.1?"
    with RunningServer(create_app(ServerConfig(db=demo_db, dense=False))) as srv:
        for bad in [*BAD, 20210101]:
            r = httpx.post(f"{srv.url}/api/ask", json={"question": q, "as_of": bad})
            assert r.status_code == 422, (bad, r.text)
            assert f"as_of: {bad!r} is not a date in the form YYYY-MM-DD" in r.json()["error"], r.text
            if isinstance(bad, str):
                r = httpx.get(f"{srv.url}/api/search", params={"q": "aggregation clause", "as_of": bad})
                assert r.status_code == 400, (bad, r.text)
                assert repr(bad) in r.json()["error"] and "YYYY-MM-DD" in r.json()["error"]
                page = httpx.get(srv.url + "/", params={"q": q, "as_of": bad},
                                 headers={"accept": "text/html"})
                # the page's own one-line error, with 400 (issue 29): never pydantic's text and link
                assert page.status_code == 400 and "is not a date in the form YYYY-MM-DD" in page.text
        good = httpx.post(f"{srv.url}/api/ask", json={"question": q, "as_of": "2023-01-31"})
        found = httpx.get(f"{srv.url}/api/search", params={"q": "aggregation clause", "as_of": "2023-01-31"})
    assert good.status_code == 200 and good.json()["as_of"] == "2023-01-31"
    assert found.status_code == 200 and found.json()["as_of"] == "2023-01-31" and found.json()["passages"]


def test_the_library_reads_a_date_once_where_it_comes_in() -> None:
    """AskOptions, SearchFilters and a turn hold a real date; a string in another form is refused there."""
    from pincite.answer.context import assemble_context
    from pincite.engine import AskOptions
    from pincite.types import SearchFilters
    from pincite.types import DateError

    day = datetime.date(2021, 6, 29)
    assert AskOptions(as_of="2021-06-29").as_of == day and SearchFilters(as_of="2021-06-29").as_of == day
    assert assemble_context("q", [], {}, "2021-06-29").as_of == day
    for make in (lambda: AskOptions(as_of="20210629"), lambda: SearchFilters(as_of="2021-W26-2"),
                 lambda: assemble_context("q", [], {}, "20210629")):
        with pytest.raises(DateError):
            make()


# -- no date asked: the version-window check uses today's date, the date retrieval used ---------------------

T2 = "canada_justice_laws_xml/T-2"
JUDGES_Q = ("Besides the Chief Justice and the Associate Chief Justice, how many judges may the Tax Court of "
            "Canada have?")


def _cite_judges_item(turn, attempt):  # type: ignore[no-untyped-def]
    """The model cites s. 4(1)(c) of whichever version it was shown, quoting it exactly."""
    from pincite.generate.scripted import claim, reply

    cp = next(cp for cp in turn.passages if "other judges" in cp.passage.text and "(c)" in cp.passage.text)
    quote = next(line.strip() for line in cp.passage.text.splitlines() if "other judges" in line)
    return reply(claim("The court may have that many other judges.", cp.pid, quote))


@pytest.mark.shared
def test_no_date_asked_checks_the_citation_against_todays_law(tmp_path: Path, corpus: Path) -> None:
    """The 2018 consolidation of the Tax Court of Canada Act is the only version stored when retrieval runs,
    so its s. 4(1)(c) ("twenty other judges") is today's law then; the three later versions are ingested
    before the answer is checked (as a concurrent ingest does on the server), which ends that text on
    2021-06-29.  Shown as today's law it would be wrong: the version-window check must run with today's date,
    the date retrieval used, and drop it."""
    from pincite.engine import AskOptions, answer_question, current_law_date
    from pincite.generate.scripted import ScriptedGenerator
    from pincite.search.retrieve import RetrievalMode, Retriever
    from pincite.types import SearchFilters
    from pincite.answer.verify import Check

    versions = sorted((corpus / T2).glob("*.xml"))
    assert [p.name[-14:-4] for p in versions] == ["2018-06-21", "2021-06-29", "2022-09-23", "2026-03-26"]
    store = SQLiteStore(tmp_path / "t2.db")
    try:
        assert not ingest_paths(store, versions[:1]).failed
        real = Retriever(store, RetrievalMode.LEXICAL)

        class IngestAfterRetrieval:
            def search(self, query, k=10, filters=None, per_document=None):  # type: ignore[no-untyped-def]
                hits = real.search(query, k=k, filters=filters, per_document=per_document)
                assert filters is not None and filters.as_of == current_law_date()
                assert not ingest_paths(store, versions[1:]).failed
                return hits

        gen = ScriptedGenerator([_cite_judges_item])
        ans = answer_question(JUDGES_Q, store, IngestAfterRetrieval(), gen, AskOptions(k=10))
        assert ans.as_of is None and ans.to_json()["as_of"] is None  # no date was asked
        assert ans.citations == [], ans.text
        [drop] = [d for d in ans.dropped if d.check is Check.VERSION_WINDOW]
        assert "twenty" in (drop.quote or "") and "2021-06-29" in drop.detail
        assert f"not on {datetime.date.today().isoformat()}" in drop.detail and "today" in drop.detail
        # asked of every version of the Act, no date means no one day: the 2018 text is cited as what it is
        scoped = answer_question(JUDGES_Q, store, real, ScriptedGenerator([_cite_judges_item]),
                                 AskOptions(k=10), filters=SearchFilters(works=("ca/act/T-2",)))
        assert scoped.citations and not [d for d in scoped.dropped if d.check is Check.VERSION_WINDOW]
    finally:
        store.close()


@pytest.mark.shared
def test_provision_windows_are_compared_as_dates(tmp_path: Path, corpus: Path) -> None:
    """'What did s. 4(1)(c) say on DATE' takes a real date (or YYYY-MM-DD), not a string compared as one."""
    from pincite.types import DateError
    from pincite.versions import in_force_on, provision_as_of

    store = SQLiteStore(tmp_path / "t2.db")
    try:
        assert not ingest_paths(store, sorted((corpus / T2).glob("*.xml"))).failed
        for day, words in [(datetime.date(2020, 1, 1), "twenty"), (datetime.date(2022, 1, 15), "22"),
                           ("2024-05-01", "23")]:
            found = provision_as_of(store, "ca/act/T-2", "4(1)(c)", day)
            assert found is not None and f"not more than {words} other judges" in found[0].unit_text(found[1])
            assert in_force_on(found[1], datetime.date.fromisoformat(str(day)))
        with pytest.raises(DateError, match="'20220115' is not a date in the form YYYY-MM-DD"):
            provision_as_of(store, "ca/act/T-2", "4(1)(c)", "20220115")
    finally:
        store.close()
