"""The seven checks, each caught on real documents with the scripted generator; and what must NOT be dropped."""

from __future__ import annotations

from pathlib import Path

import pytest

from pincite.answer.context import TurnContext, assemble_context
from pincite.engine import AskOptions, OnFail, answer_from_context
from pincite.generate.scripted import (
    MALFORMED,
    ScriptedGenerator,
    claim,
    first_sentence,
    good,
    holding_on,
    neighbour,
    never_retrieved,
    reply,
    tidied,
    with_pinpoint,
)
from pincite.ingest import ingest_paths
from pincite.store.sqlite import SQLiteStore
from pincite.types import DocRef, Passage
from pincite.answer.verify import Check, locate_quote, normalise

pytestmark = pytest.mark.shared

IPEK = "uk_find_case_law/ewca_civ_2020_legacy_akn/2020-ewca-1018-civ.xml"
T2_2018 = "canada_justice_laws_xml/T-2/T-2_pit-2018-06-21.xml"
T2_2021 = "canada_justice_laws_xml/T-2/T-2_pit-2021-06-29.xml"
SA = "pdf_judgments/zasca_2024_21_mec_health_gauteng_v_M.pdf"
TAX = "pdf_judgments/tcmemo_2020-26_bordelon_v_commissioner.pdf"


@pytest.fixture(scope="module")
def real_store(tmp_path_factory: pytest.TempPathFactory, corpus: Path):
    store = SQLiteStore(tmp_path_factory.mktemp("verify") / "v.db")
    rep = ingest_paths(store, [corpus / p for p in (IPEK, T2_2018, T2_2021, SA, TAX)])
    assert not rep.failed, [r.error for r in rep.failed]
    yield store, corpus
    store.close()


def passage_for(store: SQLiteStore, corpus: Path, rel: str, label: str, rank: int) -> Passage:
    """The structural chunk that holds the unit labelled ``label`` (e.g. "[61]", "s. 4(1)(c)")."""
    doc = store.get_document(str(corpus / rel))
    unit = next(u for u in doc.units if u.label == label)
    chunk = next(c for c in store.get_chunks(doc.id) if unit.ordinal in c.units
                 or (c.char_start >= unit.char_start and c.char_end <= unit.char_end))
    ref = DocRef(doc.id, doc.source, doc.title, doc.kind, doc.citation, doc.date, doc.work,
                 (doc.version or {}).get("date"))
    return Passage(chunk, ref, doc.text[chunk.char_start:chunk.char_end], 1.0 / rank, rank)


def make_turn(real_store, picks: list[tuple[str, str]], as_of: str | None = None,
              question: str = "What did the court decide?") -> TurnContext:
    store, corpus = real_store
    passages = [passage_for(store, corpus, rel, label, i + 1) for i, (rel, label) in enumerate(picks)]
    docs = {p.document.id: store.get_document(p.document.id) for p in passages}
    return assemble_context(question, passages, docs, as_of)


def run(turn: TurnContext, *script, on_fail: OnFail = OnFail.DROP, retries: int = 1):
    gen = ScriptedGenerator(list(script))
    ans = answer_from_context(turn, gen, AskOptions(as_of=turn.as_of, on_fail=on_fail, retries=retries),
                              [cp.passage for cp in turn.passages])
    return ans, gen


def dropped_checks(ans) -> list[Check]:
    return [d.check for d in ans.dropped if d.check is not Check.UNSUPPORTED_CLAIM]


def test_good_citation_is_shown_with_pinpoint_from_metadata(real_store) -> None:
    turn = make_turn(real_store, [(IPEK, "[61]")])
    p1 = turn.by_pid["P1"]
    ans, _ = run(turn, reply(good(p1, "The Injunction Application is not abusive.")))
    assert ans.dropped == []
    [c] = ans.citations
    j = c.to_json()
    assert j["pinpoint"] == "at [61]"
    assert j["rendered"].endswith("[2020] EWCA Civ 1018 at [61]")
    doc = turn.document_of("P1")
    assert doc.text[j["char_start"]:j["char_end"]] == j["quote"]  # the reader can be taken to the words
    assert normalise(j["quote"]) == normalise(first_sentence(p1))


def test_never_retrieved(real_store) -> None:
    turn = make_turn(real_store, [(IPEK, "[61]")])
    ans, _ = run(turn, reply(never_retrieved("P7"), never_retrieved(turn.by_pid["P1"].passage.chunk.id)))
    assert dropped_checks(ans) == [Check.NEVER_RETRIEVED, Check.NEVER_RETRIEVED]
    assert ans.citations == [] and ans.text.startswith("No supported answer")


def test_neighbour_paragraph_is_caught(real_store) -> None:
    turn = make_turn(real_store, [(IPEK, "[13]"), (IPEK, "[14]")])
    p13, p14 = turn.by_pid["P1"], turn.by_pid["P2"]
    ans, _ = run(turn, reply(neighbour(p13, p14)))
    assert dropped_checks(ans) == [Check.QUOTE_IN_PASSAGE]
    assert "P2" in ans.dropped[0].detail  # it says where the words really are


def test_tidied_quotation_dropped_but_whitespace_and_quote_marks_are_not(real_store) -> None:
    turn = make_turn(real_store, [(IPEK, "[61]")])
    p1 = turn.by_pid["P1"]
    exact = first_sentence(p1)
    respaced = "  " + exact.replace(" ", "\n   ", 3) + " "
    curly = exact.replace("'", "\u2019").replace('"', "\u201d")
    ans, _ = run(turn, reply(tidied(p1), claim("The passage says so.", "P1", respaced),
                             claim("The passage says this.", "P1", curly)))
    assert dropped_checks(ans) == [Check.QUOTE_IN_PASSAGE]
    assert len(ans.citations) == 1  # the respaced and curly quotes are the same span: one citation
    assert [c.text for c in ans.claims] == ["The passage says so.", "The passage says this."]


def test_quote_spanning_two_adjacent_passages_is_dropped(real_store) -> None:
    turn = make_turn(real_store, [(IPEK, "[13]"), (IPEK, "[14]")])
    t13, t14 = turn.by_pid["P1"].passage.text, turn.by_pid["P2"].passage.text
    straddle = " ".join(t13.split()[-6:] + t14.split()[:6])
    ans, _ = run(turn, reply(claim("Straddles.", "P1", straddle), claim("Straddles.", "P2", straddle)))
    assert dropped_checks(ans) == [Check.QUOTE_IN_PASSAGE, Check.QUOTE_IN_PASSAGE]


def test_version_window(real_store) -> None:
    old = [(T2_2018, "s. 4(1)(c)")]
    turn = make_turn(real_store, old, as_of="2022-01-01", question="How many other judges may the court have?")
    ans, _ = run(turn, reply(good(turn.by_pid["P1"])))
    assert dropped_checks(ans) == [Check.VERSION_WINDOW]
    turn = make_turn(real_store, old, as_of="2020-03-01")
    ans, _ = run(turn, reply(good(turn.by_pid["P1"])))
    assert ans.dropped == [] and "twenty" in ans.citations[0].to_json()["quote"]
    assert "in force" in ans.citations[0].rendered and "s. 4(1)(c)" in ans.citations[0].rendered
    turn = make_turn(real_store, [(T2_2021, "s. 4(1)(c)")], as_of="2021-07-01")
    ans, _ = run(turn, reply(good(turn.by_pid["P1"])))
    assert ans.dropped == [] and "22" in ans.citations[0].to_json()["quote"]


def test_summary_is_not_cited_as_the_court(real_store) -> None:
    store, corpus = real_store
    doc = store.get_document(str(corpus / SA))
    chunks = [c for c in store.get_chunks(doc.id) if not c.citable and c.zone.value in ("headnote", "summary")]
    assert chunks, "the SA judgment's Summary: block is stored as a non-citable zone"
    ch = chunks[0]
    ref = DocRef(doc.id, doc.source, doc.title, doc.kind, doc.citation, doc.date)
    p = Passage(ch, ref, doc.text[ch.char_start:ch.char_end], 1.0, 1)
    turn = assemble_context("What is the case about?", [p], {doc.id: doc})
    ans, _ = run(turn, reply(good(turn.by_pid["P1"])))
    assert dropped_checks(ans) == [Check.CITABLE_ZONE]


def test_dissent_is_not_the_holding_but_is_shown_as_dissent(real_store) -> None:
    turn = make_turn(real_store, [(IPEK, "[110]"), (IPEK, "[61]")])
    dissent, majority = turn.by_pid["P1"], turn.by_pid["P2"]
    ans, _ = run(turn, reply(holding_on(dissent)))
    assert dropped_checks(ans) == [Check.DISSENT_NOT_HOLDING]
    # attributed to the dissent, it is shown — labelled as a dissent
    ans, _ = run(turn, reply(claim("Moylan LJ took a different view.", "P1", first_sentence(dissent))))
    assert ans.dropped == []
    assert "(per Moylan LJ, dissenting)" in ans.citations[0].rendered
    # a holding resting on the majority as well as the dissent stands
    both = holding_on(dissent)
    both["text"] = "The court held that " + first_sentence(majority)  # a holding the majority's words state
    both["citations"].append({"passage": "P2", "quote": first_sentence(majority)})
    ans, _ = run(turn, reply(both))
    assert ans.dropped == [] and len(ans.citations) == 2


def test_page_is_not_paragraph(real_store) -> None:
    store, corpus = real_store
    doc = store.get_document(str(corpus / SA))
    para = next(u for u in doc.units if u.number == "20" and u.citable)
    assert para.page_start and para.page_start != "20"
    turn = make_turn(real_store, [(SA, para.label)])
    p1 = turn.by_pid["P1"]
    ans, _ = run(turn, reply(with_pinpoint(p1, page="20")))  # "at 20" meaning page 20? it is paragraph [20]
    [c] = ans.citations
    notes = c.to_json()["notes"]
    assert any(n["check"] == "page-not-paragraph" for n in notes)
    assert c.pinpoint == f"at {para.label}"  # rendered from metadata, not from the model
    ans, _ = run(turn, reply(with_pinpoint(p1, paragraph="[19]")))
    assert any(n["check"] == "pinpoint-from-metadata" for n in ans.citations[0].to_json()["notes"])


def test_unnumbered_opinion_pinpoints_by_page(real_store) -> None:
    store, corpus = real_store
    doc = store.get_document(str(corpus / TAX))
    unit = next(u for u in doc.units if u.citable and not u.number and u.page_start and u.char_end - u.char_start > 200)
    turn = make_turn(real_store, [(TAX, unit.label)])
    ans, _ = run(turn, reply(with_pinpoint(turn.by_pid["P1"], paragraph="12")))
    [c] = ans.citations
    assert "p. " in c.pinpoint
    assert any(n["check"] == "page-not-paragraph" for n in c.to_json()["notes"])


@pytest.mark.parametrize("bad", MALFORMED)
def test_malformed_replies_show_nothing(real_store, bad: str) -> None:
    turn = make_turn(real_store, [(IPEK, "[61]")])
    ans, _ = run(turn, bad)
    assert ans.citations == [] and ans.claims == []
    assert [d.check for d in ans.dropped] == [Check.MALFORMED_REPLY]


def test_retry_recovers_when_the_generator_corrects_itself(real_store) -> None:
    turn = make_turn(real_store, [(IPEK, "[13]"), (IPEK, "[14]")])
    p13, p14 = turn.by_pid["P1"], turn.by_pid["P2"]
    ans, gen = run(turn, reply(neighbour(p13, p14)), reply(good(p14)), on_fail=OnFail.RETRY, retries=1)
    assert ans.attempts == 2 and ans.dropped == [] and len(ans.citations) == 1
    follow_up = gen.calls[1][-1]["content"]
    assert "P1" in follow_up and "quote-in-passage" in follow_up  # the failure was named
    ans, gen = run(turn, reply(neighbour(p13, p14)), reply(neighbour(p13, p14)), on_fail=OnFail.RETRY, retries=1)
    assert ans.attempts == 2 and ans.citations == [] and dropped_checks(ans) == [Check.QUOTE_IN_PASSAGE]


def test_prompt_keeps_context_out_of_passages(real_store) -> None:
    from pincite.answer.protocol import render_prompt

    turn = make_turn(real_store, [(IPEK, "[110]")])
    prompt = render_prompt(turn)
    passage_xml = prompt[prompt.index('<passage id="P1">'):]
    passage_xml = passage_xml[: passage_xml.index("</passage>")]
    assert "Moylan LJ (dissenting)" not in passage_xml
    assert '<context kind="author" for="P1">Moylan LJ (dissenting)</context>' in prompt


def test_locate_quote_normalises_only_whitespace_quotes_dashes() -> None:
    text = "The judge said \u201cno\u201d \u2014 twice,\n  and left."
    assert locate_quote(text, 'said "no" - twice, and left.') is not None
    assert locate_quote(text, "said no - twice, and left.") is None  # quote marks removed: not the same words
    assert locate_quote(text, "The Judge said") is None  # case is not normalised
    s, e = locate_quote(text, "twice, and")
    assert text[s:e] == "twice,\n  and"
