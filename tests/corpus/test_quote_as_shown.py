"""A model that quotes exactly what it was shown keeps its citation.

The prompt shows each passage XML-escaped (``Latham &amp; Watkins``); a model copying it character for
character writes the escaped form, which is the passage as it was shown to it, not a misquotation.  The quote
check reads it back the same way, and loosens nothing else."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from pincite.answer.context import TurnContext, assemble_context
from pincite.engine import AskOptions, answer_from_context
from pincite.generate.scripted import ScriptedGenerator, claim, reply
from pincite.ingest import ingest_paths
from pincite.store.sqlite import SQLiteStore
from pincite.types import DocRef, Passage
from pincite.answer.verify import Check

pytestmark = pytest.mark.shared

IPEK = "uk_find_case_law/ewca_civ_2020_legacy_akn/2020-ewca-1018-civ.xml"
FIRM = "Latham & Watkins"


@pytest.fixture(scope="module")
def turn(tmp_path_factory: pytest.TempPathFactory, corpus: Path) -> TurnContext:
    """The Ipek v Koza Altin paragraph naming the solicitors Latham & Watkins, as one turn's only passage."""
    store = SQLiteStore(tmp_path_factory.mktemp("shown") / "s.db")
    assert not ingest_paths(store, [corpus / IPEK]).failed
    doc = store.get_document(str(corpus / IPEK))
    chunk = next(c for c in store.get_chunks(doc.id)
                 if c.citable and FIRM in doc.text[c.char_start:c.char_end])
    ref = DocRef(doc.id, doc.source, doc.title, doc.kind, doc.citation, doc.date)
    passage = Passage(chunk, ref, doc.text[chunk.char_start:chunk.char_end], 1.0, 1)
    store.close()
    return assemble_context("Who acted for the appellants?", [passage], {doc.id: doc})


def shown_passage(messages: list[dict[str, str]], pid: str) -> str:
    """The passage exactly as the prompt showed it to the model."""
    m = re.search(rf'<passage id="{pid}">(.*?)</passage>', messages[-1]["content"], re.S)
    assert m is not None
    return m.group(1)


def ask(turn: TurnContext, make_quote):  # type: ignore[no-untyped-def]
    """One answer whose single citation quotes ``make_quote(the passage as the prompt showed it)``."""
    def script(t: TurnContext, attempt: int):  # type: ignore[no-untyped-def]
        shown = shown_passage(gen.calls[-1], "P1")  # the messages this call received
        return reply(claim("The appellants instructed new solicitors.", "P1", make_quote(shown)))

    gen = ScriptedGenerator([script])
    return answer_from_context(turn, gen, AskOptions(), [cp.passage for cp in turn.passages])


def sentence_with(text: str, words: str) -> str:
    return next(s for s in re.split(r"(?<=\.)\s+", text) if words in s).strip()


def test_the_escaped_form_the_model_was_shown_is_a_good_quote(turn: TurnContext) -> None:
    def quote(shown: str) -> str:
        q = sentence_with(shown, "Latham &amp; Watkins")
        assert "&amp;" in q and "Latham & Watkins" not in q  # exactly what was shown: escaped
        return q

    ans = ask(turn, quote)
    assert ans.dropped == [], ans.dropped
    [c] = ans.citations
    j = c.to_json()
    doc = turn.document_of("P1")
    assert FIRM in j["quote"] and doc.text[j["char_start"]:j["char_end"]] == j["quote"]  # the words stored
    assert j["quote"] == sentence_with(turn.by_pid["P1"].passage.text, FIRM)


@pytest.mark.parametrize("change", [
    lambda q: q.replace("Watkins", "Watkins LLP (Paris)"),  # words not in the passage
    lambda q: q.replace("&amp;", "&amp;amp;"),  # escaped twice: not what was shown
    lambda q: q.replace("&amp;", "&am"),  # a broken entity
    lambda q: q.replace("&amp;", "and"),  # a paraphrase
])
def test_anything_else_is_still_dropped(turn: TurnContext, change) -> None:  # type: ignore[no-untyped-def]
    ans = ask(turn, lambda shown: change(sentence_with(shown, "Latham &amp; Watkins")))
    assert ans.citations == []
    checks = [d.check for d in ans.dropped if d.check is not Check.UNSUPPORTED_CLAIM]
    assert checks == [Check.QUOTE_IN_PASSAGE]


def test_the_unescaped_form_is_still_a_good_quote(turn: TurnContext) -> None:
    ans = ask(turn, lambda shown: sentence_with(shown, "Latham &amp; Watkins").replace("&amp;", "&"))
    assert ans.dropped == [] and len(ans.citations) == 1
