"""The OpenAI-compatible generator against a server that behaves as llama.cpp's llama-server does
(``tests/support/llama_fake.py``: a real HTTP server on 127.0.0.1 with a scripted model), one test per defect a real
llama-server showed (issue 18, section 4): the token limit, the finish reason, a timeout, a prompt over the
context size, the reply's schema, what a retry sends, and the trace of every attempt."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pincite.answer.protocol import REPLY_SCHEMA
from pincite.answer.verify import Check
from pincite.cli import app, demo_paths
from pincite.engine import OnFail
from pincite.generate.base import GeneratorError
from pincite.generate.openai import DEFAULT_MAX_TOKENS, OpenAIGenerator
from tests.support.llama_fake import LlamaFake, injected_model, looping_model, prose_model, quoting_model, tokens
from tests.unit.generate.test_openai_generator import ask, demo_turn  # noqa: F401  (demo_turn is a fixture)
from tests.conftest import FIXTURES

DEMO_GOLD = FIXTURES / "evaluate" / "demo_gold.jsonl"


# 1. max_tokens is sent ------------------------------------------------------------------------------------


def test_every_request_carries_max_tokens_so_a_looping_model_stops_there(demo_turn) -> None:
    turn, _ = demo_turn
    with LlamaFake(looping_model, n_ctx=8192) as srv:
        ans = ask(turn, OpenAIGenerator(base_url=srv.url, timeout=10))
    assert srv.requests[0]["max_tokens"] == DEFAULT_MAX_TOKENS
    # the server stopped the loop at the limit, not when the context filled
    assert srv.computed[0]["n"] == DEFAULT_MAX_TOKENS < 8192 - srv.computed[0]["prompt_tokens"]
    assert ans.citations == [] and ans.trace[0]["finish_reason"] == "length"


def test_max_tokens_option_reaches_the_server(demo_turn) -> None:
    turn, _ = demo_turn
    with LlamaFake(looping_model) as srv:
        ask(turn, OpenAIGenerator(base_url=srv.url, timeout=10, max_tokens=40))
    assert srv.requests[0]["max_tokens"] == 40 and srv.computed[0]["n"] == 40
    with pytest.raises(ValueError, match="max_tokens"):
        OpenAIGenerator(max_tokens=0)


# 2. finish_reason is read ---------------------------------------------------------------------------------


def test_a_reply_cut_at_the_limit_is_reported_as_truncated_not_as_malformed(demo_turn) -> None:
    turn, _ = demo_turn
    with LlamaFake(looping_model) as srv:
        ans = ask(turn, OpenAIGenerator(base_url=srv.url, timeout=10, max_tokens=64))
    assert [d.check for d in ans.dropped] == [Check.TRUNCATED_REPLY]
    assert "the reply was cut off at max_tokens=64" in ans.dropped[0].detail
    assert "no JSON object" not in ans.dropped[0].to_json()["reason"]
    assert ans.text.startswith("No supported answer")


def test_a_reply_that_ends_before_the_limit_is_read_as_usual(demo_turn) -> None:
    turn, _ = demo_turn
    with LlamaFake(quoting_model) as srv:
        ans = ask(turn, OpenAIGenerator(base_url=srv.url, timeout=10))
    assert ans.dropped == [] and len(ans.citations) == 1
    assert ans.trace[0]["finish_reason"] == "stop"


def test_prose_that_is_not_cut_is_still_malformed(demo_turn) -> None:
    turn, _ = demo_turn
    with LlamaFake(prose_model) as srv:
        ans = ask(turn, OpenAIGenerator(base_url=srv.url, timeout=10, json_mode=False))
    assert [d.check for d in ans.dropped] == [Check.MALFORMED_REPLY]


# 3. a timeout is not re-sent ------------------------------------------------------------------------------


def test_a_timeout_is_reported_and_the_request_is_not_sent_again(demo_turn) -> None:
    turn, _ = demo_turn
    with LlamaFake(quoting_model, seconds_per_request=1.5) as srv:
        t0 = time.perf_counter()
        with pytest.raises(GeneratorError, match=r"did not answer within 0.3s .*not sent again"):
            ask(turn, OpenAIGenerator(base_url=srv.url, timeout=0.3, retries=2))
        assert time.perf_counter() - t0 < 1.4  # the error came at the timeout, not after the server finished
        srv.wait_idle()
        time.sleep(0.2)  # anything re-sent (by us or by the transport) would have arrived by now
        assert len(srv.requests) == 1
        assert len(srv.computed) == 1  # the server computed the request the client gave up on, once


def test_a_server_still_loading_is_asked_again(demo_turn) -> None:
    turn, _ = demo_turn
    with LlamaFake(quoting_model, fail_first=1) as srv:  # 503 "Loading model": nothing was computed
        ans = ask(turn, OpenAIGenerator(base_url=srv.url, timeout=10, retries=1))
    assert len(srv.requests) == 2 and len(ans.citations) == 1


# 4. a prompt over the context size is that, and JSON mode stays on ----------------------------------------


def test_a_prompt_over_the_context_size_is_reported_as_that(demo_turn) -> None:
    turn, _ = demo_turn
    with LlamaFake(quoting_model, n_ctx=200) as srv:
        gen = OpenAIGenerator(base_url=srv.url, timeout=10)
        with pytest.raises(GeneratorError, match=r"longer than the model's context \(\d+ tokens; the server's "
                                                 r"context is 200\).*exceeds the available context size"):
            ask(turn, gen)
        # asked once, in the schema; not asked again without it, and nothing remembered about formats
        assert len(srv.requests) == 1 and srv.requests[0]["response_format"]["type"] == "json_schema"
        assert gen.formats[0] == "json_schema"
        srv.n_ctx = 100_000  # the next question fits: it is asked in the schema still
        ans = ask(turn, gen)
    assert srv.requests[-1]["response_format"]["type"] == "json_schema" and len(ans.citations) == 1


def test_openai_words_for_a_long_prompt_are_understood_too() -> None:
    from pincite.generate.openai import exceeds_context, refuses_format

    info = {"message": "This model's maximum context length is 8192 tokens. However, your messages resulted in "
                       "9000 tokens.", "type": "invalid_request_error", "param": "messages",
            "code": "context_length_exceeded"}
    assert exceeds_context(info) and not refuses_format(info)


def test_an_unrelated_400_is_an_error_and_switches_nothing_off(demo_turn) -> None:
    turn, _ = demo_turn

    def refuses_temperature(passages, constraint, request):  # type: ignore[no-untyped-def]
        return quoting_model(passages, constraint, request)

    with LlamaFake(refuses_temperature) as srv:
        original = srv.respond

        def respond(body):  # type: ignore[no-untyped-def]
            if len(srv.requests) == 1:
                return srv.error(400, "Invalid 'temperature': expected a number", "invalid_request_error")
            return original(body)

        srv.respond = respond  # type: ignore[method-assign]
        gen = OpenAIGenerator(base_url=srv.url, timeout=10)
        with pytest.raises(GeneratorError, match="refused the request: HTTP 400: Invalid 'temperature'"):
            ask(turn, gen)
        assert len(srv.requests) == 1 and gen.formats == ["json_schema", "json_object", "none"]
        ask(turn, gen)
    assert srv.requests[1]["response_format"]["type"] == "json_schema"


# 5. the reply's schema is asked for, with clean fallbacks --------------------------------------------------


def test_the_reply_schema_gives_a_small_model_the_claims_shape(demo_turn) -> None:
    turn, _ = demo_turn
    with LlamaFake(prose_model) as srv:
        ans = ask(turn, OpenAIGenerator(base_url=srv.url, timeout=10))
    rf = srv.requests[0]["response_format"]
    assert rf["type"] == "json_schema" and rf["json_schema"]["schema"] == REPLY_SCHEMA
    assert rf["json_schema"]["schema"]["required"] == ["claims"]
    assert len(ans.citations) == 1 and ans.trace[0]["response_format"] == "json_schema"


def test_a_server_without_json_schema_gets_json_object_and_it_is_remembered(demo_turn) -> None:
    turn, _ = demo_turn
    with LlamaFake(quoting_model, schema=False) as srv:  # llama-server's older words for it
        gen = OpenAIGenerator(base_url=srv.url, timeout=10)
        ans = ask(turn, gen)
        ask(turn, gen)
        other = OpenAIGenerator(base_url=srv.url, timeout=10)  # remembered per generator only
        ask(turn, other)
    kinds = [r.get("response_format", {}).get("type") for r in srv.requests]
    assert kinds == ["json_schema", "json_object", "json_object", "json_schema", "json_object"]
    assert len(ans.citations) == 1 and ans.trace[0]["response_format"] == "json_object"


def test_a_server_refusing_both_formats_in_openai_words_gets_none(demo_turn) -> None:
    turn, _ = demo_turn
    with LlamaFake(quoting_model, refuse_formats=("json_schema", "json_object")) as srv:
        gen = OpenAIGenerator(base_url=srv.url, timeout=10)
        ans = ask(turn, gen)
    assert [r.get("response_format", {}).get("type") for r in srv.requests] == ["json_schema", "json_object", None]
    assert gen.formats == ["none"] and len(ans.citations) == 1 and ans.trace[0].get("response_format") is None


# 6. a retry sends the original context and the failures, not the conversation -----------------------------


def test_a_retry_sends_the_original_prompt_plus_the_failures_not_the_history(demo_turn) -> None:
    turn, _ = demo_turn
    with LlamaFake(injected_model) as srv:
        ans = ask(turn, OpenAIGenerator(base_url=srv.url, timeout=10), on_fail=OnFail.RETRY, retries=2)
    assert ans.attempts == 3 and len(srv.requests) == 3
    first, second, third = (r["messages"] for r in srv.requests)
    assert [m["role"] for m in second] == [m["role"] for m in third] == ["system", "user"]
    assert second[1]["content"].startswith(first[1]["content"])  # the original context, whole
    added = second[1]["content"][len(first[1]["content"]):]
    assert "P99" in added and "never-retrieved" in added
    # the third request is no longer than the second: the history does not grow
    assert len(tokens(third[1]["content"])) == len(tokens(second[1]["content"]))
    assert all(m["role"] != "assistant" for m in third)


# 7. the raw reply of every attempt is kept -----------------------------------------------------------------


def test_the_trace_keeps_each_attempts_raw_reply(demo_turn) -> None:
    turn, _ = demo_turn
    with LlamaFake(injected_model) as srv:
        ans = ask(turn, OpenAIGenerator(base_url=srv.url, timeout=10), on_fail=OnFail.RETRY, retries=1)
    trace = ans.to_json()["trace"]
    assert [t["attempt"] for t in trace] == [1, 2]
    assert all(set(t) >= {"attempt", "raw", "finish_reason", "seconds", "error"} for t in trace)
    assert json.loads(trace[0]["raw"])["claims"][0]["citations"][0]["passage"] == "P99"
    assert trace[0]["usage"]["completion_tokens"] == len(tokens(trace[0]["raw"]))


def test_a_generator_error_on_a_retry_keeps_the_checked_first_reply(demo_turn) -> None:
    from pincite.generate.scripted import ScriptedGenerator, good, never_retrieved, reply

    turn, _ = demo_turn
    first = reply(good(turn.passages[0]), never_retrieved())
    gen = ScriptedGenerator([first, GeneratorError("http://x did not answer within 1s")])
    ans = ask(turn, gen, on_fail=OnFail.RETRY, retries=2)
    assert len(ans.citations) == 1 and Check.NEVER_RETRIEVED in {d.check for d in ans.dropped}
    assert {d.attempt for d in ans.dropped} == {1} and ans.attempts == 2
    assert [t["error"] for t in ans.trace] == [None, "http://x did not answer within 1s"]
    assert ans.settings["earlier_attempt_drops"] == []


@pytest.fixture(scope="module")
def demo_db(tmp_path_factory: pytest.TempPathFactory) -> str:
    db = str(tmp_path_factory.mktemp("llama") / "demo.db")
    r = CliRunner().invoke(app, ["ingest", "--db", db, *demo_paths()], catch_exceptions=False)
    assert r.exit_code == 0, r.output
    return db


def test_ask_json_shows_the_trace_and_takes_max_tokens(demo_db: str) -> None:
    with LlamaFake(looping_model) as srv:
        r = CliRunner().invoke(app, ["ask", "What did the court decide?", "--db", demo_db, "--no-dense",
                                     "--generator", "openai", "--base-url", srv.url, "--max-tokens", "32",
                                     "--json"], catch_exceptions=False)
    assert r.exit_code == 0, r.output
    out = json.loads(r.stdout)
    assert srv.requests[0]["max_tokens"] == 32
    (t,) = out["trace"]
    assert t["finish_reason"] == "length" and t["max_tokens"] == 32 and len(tokens(t["raw"])) == 32
    assert t["error"].startswith("the reply was cut off at max_tokens=32")
    assert out["dropped"][0]["check"] == "truncated-reply"


def test_eval_run_records_keep_the_trace(tmp_path: Path) -> None:
    run = tmp_path / "run.json"
    with LlamaFake(prose_model) as srv:
        r = CliRunner().invoke(app, ["eval", str(DEMO_GOLD), "--corpus", str(Path(demo_paths()[0]).parent),
                                     "--no-dense", "--only", "harbour-email", "--generator", "openai",
                                     "--base-url", srv.url, "--max-tokens", "300", "--out", str(run)],
                               catch_exceptions=False)
    assert r.exit_code == 0, r.output
    (q,) = json.loads(run.read_text(encoding="utf-8"))["questions"]
    assert q["trace"][0]["raw"] and q["trace"][0]["finish_reason"] == "stop"
    assert q["trace"][0]["response_format"] == "json_schema" and srv.requests[0]["max_tokens"] == 300


def test_a_server_process_keeps_asking_in_the_schema_after_a_context_error(tmp_path: Path) -> None:
    """``pincite serve --generator openai --max-tokens N``: one generator for the process; a question too long for
    the model's context is a 502 saying so, and the next question is still asked in the reply's schema."""
    import httpx

    from pincite.api.app import RunningServer, create_app
    from pincite.api.config import ServerConfig
    from pincite.cli import _generator_options
    from pincite.generate.base import GeneratorKind
    from pincite.ingest import ingest_paths
    from pincite.store.sqlite import SQLiteStore

    db = tmp_path / "demo.db"
    s = SQLiteStore(db)
    assert not ingest_paths(s, demo_paths()).failed
    s.close()
    with LlamaFake(quoting_model, n_ctx=200) as llama:
        options = _generator_options(GeneratorKind.OPENAI, llama.url, "m", "NO_SUCH_KEY_VAR", 10.0, 64)
        config = ServerConfig(db=db, dense=False, generator_kind=GeneratorKind.OPENAI, generator_options=options)
        with RunningServer(create_app(config)) as srv:
            question = {"question": "Was the email notice in writing under clause 16.1?", "no_dense": True}
            r1 = httpx.post(f"{srv.url}/api/ask", json=question, timeout=30)
            llama.n_ctx = 100_000
            r2 = httpx.post(f"{srv.url}/api/ask", json=question, timeout=30)
    assert r1.status_code == 502 and "longer than the model's context" in r1.text
    assert r2.status_code == 200, r2.text
    assert [b["response_format"]["type"] for b in llama.requests] == ["json_schema", "json_schema"]
    assert all(b["max_tokens"] == 64 for b in llama.requests)
    assert r2.json()["trace"][0]["response_format"] == "json_schema"
