"""Issue 31, item 6: a claim must be supported by the words it cites.  The quote checks prove the quoted words
exist; these prove the claim says no more than they do: the quote is long enough to carry a proposition, every
figure and name of the claim is in the cited units (after normalising how figures are written), and enough of its
content words are.  And item 7: a model reply nested 100,000 deep, or hundreds of MB long, is a malformed reply
(a clean drop, not a 500), the HTTP client stops reading a server's answer at its cap, and the trace keeps a
capped copy."""

from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from pincite.answer.context import assemble_context
from pincite.answer.verify import MIN_QUOTE_CHARS, MIN_QUOTE_WORDS, Check, ClaimSupport
from pincite.engine import TRACE_RAW_CHARS, AskOptions, answer_from_context
from pincite.generate.base import GeneratorError
from pincite.generate.openai import OpenAIGenerator
from pincite.generate.scripted import ScriptedGenerator, claim, reply
from pincite.ingest import ingest_paths
from pincite.legal.support import figure_keys, figures, names, supported
from pincite.store.sqlite import SQLiteStore
from pincite.types import DocRef, Passage
from tests.support.claim_adversary import CASES, FISH, IPEK, SOURCES, T2, Case

pytestmark = pytest.mark.shared


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory, corpus: Path):
    s = SQLiteStore(tmp_path_factory.mktemp("support") / "s.db")
    rep = ingest_paths(s, [corpus / p for p in SOURCES])
    assert not rep.failed, [r.error for r in rep.failed]
    yield s, corpus
    s.close()


def turn_for(store, rel: str, label: str, question: str = "What does it say?"):
    s, corpus = store
    doc = s.get_document(str(corpus / rel))
    unit = next(u for u in doc.units if u.label == label)
    chunk = next(c for c in s.get_chunks(doc.id) if c.char_start <= unit.char_start and unit.char_end <= c.char_end)
    ref = DocRef(doc.id, doc.source, doc.title, doc.kind, doc.citation, doc.date, doc.work,
                 (doc.version or {}).get("date"))
    p = Passage(chunk, ref, doc.text[chunk.char_start:chunk.char_end], 1.0, 1)
    return assemble_context(question, [p], {doc.id: doc})


def ask(turn, *script, unsupported: ClaimSupport = ClaimSupport.DROP, paraphrase: str = "verified"):
    opts = AskOptions(unsupported=unsupported, paraphrase=paraphrase)
    return answer_from_context(turn, ScriptedGenerator(list(script)), opts, [cp.passage for cp in turn.passages])


def checks(ans) -> list[Check]:
    return [d.check for d in ans.dropped if d.check is not Check.UNSUPPORTED_CLAIM]


# -- the two examples -----------------------------------------------------------------------------


def test_a_false_claim_on_a_one_word_quote_is_dropped(store) -> None:
    """'The Buyer must pay one million pounds in advance' quoting one word that is in the passage."""
    turn = turn_for(store, IPEK, "[106]")
    ans = ask(turn, reply(claim("The Buyer must pay one million pounds in advance.", "P1", "appeal")))
    assert ans.claims == [] and checks(ans) == [Check.QUOTE_TOO_SHORT]
    assert f"at least {MIN_QUOTE_WORDS} words" in ans.dropped[0].detail
    assert ans.to_json()["dropped"][0]["reason"].startswith("the quote is too short")


def test_an_amount_and_period_the_cited_words_never_state_are_dropped(store) -> None:
    turn = turn_for(store, FISH, "sec. 4")
    quote = "not to exceed $4,500,000 for each of fiscal years 2007 through 2012"
    wrong = reply(claim("The Act authorizes 7,777,777 dollars, payable within 13 days.", "P1", quote))
    ans = ask(turn, wrong, paraphrase="aligned")  # claims shown in their own words: the claim is dropped
    assert ans.claims == [] and checks(ans) == [Check.FIGURE_NOT_CITED]
    assert "7,777,777 dollars" in ans.dropped[0].detail and "13 days" in ans.dropped[0].detail
    # the default (verified): the claim's words are dropped, naming the figures, and its verified quotation is
    # shown in their place — no wrong figure reaches the reader, and the citation is not lost
    ans = ask(turn, wrong)
    assert [c.text for c in ans.claims] == [f"\u201c{quote}\u201d"] and checks(ans) == [Check.FIGURE_NOT_CITED]
    assert "7,777,777" not in ans.text and "its quotation is shown alone in its place" in ans.dropped[0].detail
    # the same words stating the figure the Act states, written another way, are shown
    ans = ask(turn, reply(claim("Up to 4.5 million dollars a year may be appropriated for fiscal years 2007 "
                                "through 2012.", "P1", quote)))
    assert ans.dropped == [] and len(ans.claims) == 1


# -- the setting: dropped, or shown as the quote alone ---------------------------------------------------------


def test_an_unsupported_claim_is_dropped_by_default_or_shown_as_its_quote_alone(store) -> None:
    turn = turn_for(store, T2, "s. 4(1)(c)")
    bad = reply(claim("The court has not more than twenty-five other judges.", "P1", "not more than 22 other judges"))
    dropped = ask(turn, bad, paraphrase="aligned")
    assert dropped.claims == [] and checks(dropped) == [Check.FIGURE_NOT_CITED]
    assert "twenty-five" in dropped.dropped[0].detail
    # verified (the default): the figure the cited words do not state drops the claim's words, not its quotation
    verified = ask(turn, bad)
    assert [c.text for c in verified.claims] == ["\u201cnot more than 22 other judges\u201d"]
    assert checks(verified) == [Check.FIGURE_NOT_CITED] and "twenty-five" not in verified.text
    shown = ask(turn, bad, unsupported=ClaimSupport.QUOTE)
    assert shown.dropped == []
    [c] = shown.claims
    assert c.text == "\u201cnot more than 22 other judges\u201d"  # the verified words, never the claim's
    assert "twenty-five" not in shown.text
    notes = shown.citations[0].to_json()["notes"]
    assert [n["check"] for n in notes] == ["figure-not-cited"] and "shown as the quoted words alone" in notes[0]["detail"]
    assert shown.settings["unsupported"] == "quote"
    # a too-short quote is never shown alone: one word carries nothing, so it is dropped in either setting
    short = ask(turn, reply(claim("The court has 22 judges.", "P1", "judges")), unsupported=ClaimSupport.QUOTE)
    assert short.claims == [] and checks(short) == [Check.QUOTE_TOO_SHORT]
    with pytest.raises(ValueError, match="drop, quote"):
        AskOptions(unsupported="maybe")


# -- an adversarial model on real passages ---------------------------------------------------------------------


@pytest.mark.parametrize("case", CASES, ids=[f"{'ok' if c.supported else 'bad'}-{c.why}" for c in CASES])
def test_adversarial_model_on_real_passages(store, case: Case) -> None:
    turn = turn_for(store, case.source, case.unit)
    assert case.quote in turn.by_pid["P1"].passage.text or case.quote == "appeal"
    # the aligned reading shows in its own words every claim the rules find nothing against
    ans = ask(turn, reply(claim(case.claim, "P1", case.quote)), paraphrase="aligned")
    if case.known_miss:  # the model-free checks' limit, said plainly: shown, though it should not be
        assert [c.text for c in ans.claims] == [case.claim]
    elif case.supported:
        assert ans.dropped == [] and [c.text for c in ans.claims] == [case.claim], ans.dropped
        # the default (verified) never drops it either: in its own words, or as its quotation alone
        shown = [c.text for c in ask(turn, reply(claim(case.claim, "P1", case.quote))).claims]
        assert shown in ([case.claim], [f"\u201c{case.quote}\u201d"]), shown
    else:
        # not shown in its own words: dropped, or shown as its quotation alone
        assert [c.text for c in ans.claims] in ([], [f"\u201c{case.quote}\u201d"]), f"shown: {case.claim!r}"
        # dropped, or its words listed as dropped with its quotation shown in their place
        said = [(d.check, d.detail) for d in ans.dropped if d.check is not Check.UNSUPPORTED_CLAIM]
        assert said[0][0] in (Check.QUOTE_TOO_SHORT, Check.FIGURE_NOT_CITED, Check.NAME_NOT_CITED,
                              Check.WORDS_NOT_CITED, Check.CONTRADICTS_QUOTE)
        if case.rule:  # issue 49: caught by the agreement rule named, which says why
            detail = next(d for c, d in said if c is Check.CONTRADICTS_QUOTE)
            assert detail.startswith(case.rule + ":"), detail


# -- how figures are read --------------------------------------------------------------------------------------


@pytest.mark.parametrize("claimed, cited", [
    ("30 days", "within thirty (30) days"),
    ("thirty days", "within 30 days"),
    ("£1m", "one million pounds"),
    ("one million pounds", "£1,000,000"),
    ("£1,000,000", "£1 million"),
    ("7,777,777 dollars", "US$7,777,777"),
    ("$3bn", "three billion dollars"),
    ("1 March 2020", "on March 1, 2020"),
    ("March 1, 2020", "2020-03-01"),
    ("1st March 2020", "01/03/2020"),
    ("March 2020", "the 1 March 2020 order"),
    ("5%", "five per cent"),
    ("2.5 percent", "2.5%"),
    ("one year", "twelve (12) months"),
    ("within a week", "seven days"),
    ("twenty-two", "not more than 22 other judges"),
    ("R10 000", "R10,000"),
])
def test_figures_written_differently_are_the_same(claimed: str, cited: str) -> None:
    [f] = figures(claimed)
    assert supported(f, figure_keys(cited)), (f, figure_keys(cited))


@pytest.mark.parametrize("claimed, cited", [
    ("13 days", "within thirty (30) days"),
    ("£1m", "one million dollars"),
    ("£10m", "£1,000,000"),
    ("2 March 2020", "March 1, 2020"),
    ("5%", "5 days"),
    ("two years", "12 months"),
    ("2021", "in 2020"),
])
def test_a_different_figure_is_not_the_same(claimed: str, cited: str) -> None:
    [f] = figures(claimed)
    assert not supported(f, figure_keys(cited))


def test_one_as_a_pronoun_is_not_a_figure_and_names_skip_sentence_openings() -> None:
    assert figures("one of the grounds of appeal") == []
    assert [f.kind for f in figures("one (1) year")] == ["period"]
    assert names("The Buyer must pay. Koza's appeal failed, said the Court of Appeal and Lord Reed.") == ["buyer", "reed"]


# -- item 7: hostile replies -----------------------------------------------------------------------------------


def test_a_reply_nested_100000_deep_is_malformed_not_an_error(store) -> None:
    turn = turn_for(store, IPEK, "[106]")
    for deep in ('{"claims": ' + "[" * 100_000 + "]" * 100_000 + "}", "[" * 100_000, '{"a":' * 40_000):
        ans = ask(turn, deep)
        assert ans.claims == [] and [d.check for d in ans.dropped] == [Check.MALFORMED_REPLY]
        assert "levels deep" in ans.dropped[0].detail
        json.dumps(ans.to_json())  # and the answer serialises


def test_the_server_answers_a_nested_reply_with_a_clean_no_answer(tmp_path: Path, corpus: Path) -> None:
    """The issue's 500: POST /api/ask with a model replying 100,000 deep."""
    import httpx

    from pincite.api.app import RunningServer, create_app
    from pincite.api.config import ServerConfig

    db = tmp_path / "n.db"
    s = SQLiteStore(db)
    assert not ingest_paths(s, [corpus / IPEK]).failed
    s.close()
    deep = '{"claims": ' + "[" * 100_000 + "]" * 100_000 + "}"
    app = create_app(ServerConfig(db=db, dense=False), generator=ScriptedGenerator([deep]))
    with RunningServer(app) as srv:
        r = httpx.post(f"{srv.url}/api/ask", json={"question": "Was the appeal dismissed?"}, timeout=60)
    assert r.status_code == 200, r.text[:300]
    body = r.json()
    assert body["claims"] == [] and [d["check"] for d in body["dropped"]] == ["malformed-reply"]


def test_a_huge_reply_is_malformed_and_the_trace_keeps_a_capped_copy(store) -> None:
    turn = turn_for(store, IPEK, "[106]")
    huge = '{"claims": [{"text": "' + "x" * 20_000_000 + '", "citations": []}]}'
    ans = ask(turn, huge)
    assert [d.check for d in ans.dropped] == [Check.MALFORMED_REPLY] and "not read" in ans.dropped[0].detail
    raw = ans.trace[0]["raw"]
    assert len(raw) < TRACE_RAW_CHARS + 100 and raw.endswith("more characters not kept]")


def test_a_claim_far_longer_than_one_statement_is_not_read(store) -> None:
    turn = turn_for(store, FISH, "sec. 4")
    quote = "not to exceed $4,500,000 for each of fiscal years 2007 through 2012"
    ans = ask(turn, reply(claim("Appropriations were authorized. " * 2000, "P1", quote)))
    assert ans.claims == [] and checks(ans) == [Check.MALFORMED_REPLY] and "at most 4,000" in ans.dropped[0].detail


class _Flood(BaseHTTPRequestHandler):
    """A chat server that answers with a body far larger than any reply, chunked (no length said) or not."""

    def do_POST(self) -> None:  # noqa: N802
        self.rfile.read(int(self.headers.get("content-length", 0)))
        piece = b"x" * (1 << 20)
        if self.path.startswith("/deep"):  # a chat completion nested 100,000 deep, well under the cap
            body = b'{"choices": ' + b"[" * 100_000 + b"]" * 100_000 + b"}"
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            return
        if self.path.startswith("/chunked"):
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Transfer-Encoding", "chunked")
            self.end_headers()
            try:
                for _ in range(200):  # 200 MB, if anyone read it
                    self.wfile.write(b"%x\r\n%s\r\n" % (len(piece), piece))
                self.wfile.write(b"0\r\n\r\n")
            except (BrokenPipeError, ConnectionResetError):
                self.server.stopped_early = True  # type: ignore[attr-defined]
        else:
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(200 << 20))
            self.end_headers()
            try:
                for _ in range(200):
                    self.wfile.write(piece)
            except (BrokenPipeError, ConnectionResetError):
                self.server.stopped_early = True  # type: ignore[attr-defined]

    def log_message(self, *a) -> None:  # type: ignore[no-untyped-def]
        pass


def test_the_http_client_stops_reading_a_flood_at_its_cap(store) -> None:
    turn = turn_for(store, IPEK, "[106]")
    srv = ThreadingHTTPServer(("127.0.0.1", 0), _Flood)
    srv.stopped_early = False  # type: ignore[attr-defined]
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    try:
        for path in ("/chunked/v1", "/sized/v1"):
            gen = OpenAIGenerator(base_url=f"http://127.0.0.1:{srv.server_address[1]}{path}", timeout=20,
                                  retries=0)
            with pytest.raises(GeneratorError, match="at most 2,097,152 are read"):
                gen.generate(turn, [{"role": "user", "content": "q"}])
            gen.close()
        gen = OpenAIGenerator(base_url=f"http://127.0.0.1:{srv.server_address[1]}/deep/v1", timeout=20, retries=0)
        with pytest.raises(GeneratorError, match="not a chat completion"):  # not a RecursionError
            gen.generate(turn, [{"role": "user", "content": "q"}])
        gen.close()
    finally:
        srv.shutdown()
        srv.server_close()
