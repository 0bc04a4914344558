"""Issue 26: whose words these are.  The document model knows what a judgment only quotes (and from what), the
store keeps it, the checks never cite it as the court's holding, and the pinpoint says "quoting".  On the real
Curo Places v Pimlett file and two other Court of Appeal judgments that quote the decision below (found by
bench/voice.py (a probe, at commit aea80a3)'s measurement)."""

from __future__ import annotations

from pathlib import Path

import pytest

from pincite.answer.context import assemble_context
from pincite.answer.verify import Check
from pincite.engine import AskOptions, answer_from_context, answer_question
from pincite.generate.extractive import ExtractiveGenerator
from pincite.generate.scripted import ScriptedGenerator, claim, reply
from pincite.ingest import ingest_paths
from pincite.jsonio import unit_to_json
from pincite.parse import parse_bytes
from pincite.search.retrieve import RetrievalMode, Retriever
from pincite.store.sqlite import SQLiteStore
from pincite.types import DocRef, Passage, SearchFilters, SourceKind

pytestmark = pytest.mark.shared

CURO = "uk_find_case_law/ewca_civ_2020_legacy_akn/2020-ewca-1621-civ.xml"
# quote the decision below: the UT's conclusion at its [457] in [47]; the trial judge's finding at [50] in [15]
HMRC = "ewca_civ_2020_akn/2020-ewca-663-civ.xml"
HOZELOCK = "ewca_civ_2020_akn/2020-ewca-871-civ.xml"
UT_SAYS = "We agree with the FTT that in determining whether there was real expenditure"
JUDGE_SAYS = "Hozelock have established that the skilled person"


@pytest.fixture(scope="module")
def voiced(tmp_path_factory: pytest.TempPathFactory, corpus: Path, bulk: Path):
    store = SQLiteStore(tmp_path_factory.mktemp("voice") / "v.db")
    rep = ingest_paths(store, [corpus / CURO, bulk / HMRC, bulk / HOZELOCK])
    assert not rep.failed, [r.error for r in rep.failed]
    yield store, corpus, bulk
    store.close()


def _doc(voiced, rel: str):
    store, corpus, bulk = voiced
    return store.get_document(str((corpus if rel == CURO else bulk) / rel))


def _turn(voiced, rel: str, label: str, question: str):
    store, _, _ = voiced
    doc = _doc(voiced, rel)
    unit = next(u for u in doc.units if u.label == label)
    chunk = next(c for c in store.get_chunks(doc.id) if unit.ordinal in c.units
                 or (c.char_start >= unit.char_start and c.char_end <= unit.char_end))
    ref = DocRef(doc.id, doc.source, doc.title, doc.kind, doc.citation, doc.date, doc.work, None)
    p = Passage(chunk, ref, doc.text[chunk.char_start:chunk.char_end], 1.0, 1)
    return assemble_context(question, [p], {doc.id: doc}, None)


def _answer(turn, *script):
    return answer_from_context(turn, ScriptedGenerator(list(script)), AskOptions(), [cp.passage for cp in turn.passages])


def test_curo_quoted_paragraphs_are_the_upper_tribunals(corpus: Path) -> None:
    doc = parse_bytes((corpus / CURO).read_bytes(), "curo.xml")
    by = {u.label: u for u in doc.units}
    for n in range(41, 47):
        v = by[f"[18] {n}"].voice
        assert v is not None and v.quoted and v.quotation is not None
        q = v.quotation
        assert (q.kind, q.source, q.source_pinpoint) == (SourceKind.LOWER_COURT, "Upper Tribunal", f"[{n}]")
        assert "outside the judgment's own sequence" in q.basis
    # the court's own reasons and its disposal are its own words
    for own in ("[21]", "[31]", "[32]"):
        assert by[own].voice is not None and not by[own].voice.quoted
    # the clause the court quotes, inside its own paragraph, is a span of the contract's words
    [clause] = [s for s in by["[13]"].voice.spans]
    assert clause.kind is SourceKind.INSTRUMENT and "Except for changes in rent" in doc.text[clause.char_start:clause.char_end]
    shown = unit_to_json("d", by["[18] 42"])["voice"]
    assert shown["quoted"] is True and shown["source"] == "Upper Tribunal" and shown["source_pinpoint"] == "[42]"
    assert shown["kind"] == "lower-court"


def test_voice_survives_the_store(voiced, corpus: Path) -> None:
    stored = _doc(voiced, CURO)
    parsed = parse_bytes((corpus / CURO).read_bytes(), "curo.xml")
    assert [u.voice for u in stored.units] == [u.voice for u in parsed.units]
    assert not any("voice" in u.attrs for u in stored.units)  # kept as the unit's voice, not a parser attr


def test_curo_ut_words_are_not_the_holding(voiced) -> None:
    words = "After the grant of the tenancy the landlord was not entitled to charge for ground maintenance"
    turn = _turn(voiced, CURO, "[18] 42", "Could the landlord add and charge for grounds maintenance?")
    ans = _answer(turn, reply(claim("The landlord was not entitled to charge for ground maintenance.", "P1", words)))
    assert [d.check for d in ans.dropped][0] is Check.QUOTED_NOT_HOLDING
    assert "quoting the Upper Tribunal at [42]" in ans.dropped[0].detail
    assert ans.citations == []
    # asked what the Upper Tribunal decided, the same words are shown, labelled as quoting
    turn = _turn(voiced, CURO, "[18] 42", "What did the Upper Tribunal decide about grounds maintenance?")
    ans = _answer(turn, reply(claim("The landlord was not entitled to charge for ground maintenance.", "P1", words)))
    assert ans.dropped == []
    [c] = ans.citations
    assert c.pinpoint == "at [18], quoting the Upper Tribunal at [42]"
    assert c.to_json()["voice"]["source"] == "Upper Tribunal"


def test_curo_question_is_not_answered_from_the_ut(voiced) -> None:
    store, _, _ = voiced
    doc = _doc(voiced, CURO)
    retriever = Retriever(store, RetrievalMode.LEXICAL)
    ans = answer_question("could the landlord add and charge for grounds maintenance?", store, retriever,
                          ExtractiveGenerator(), AskOptions(k=10), filters=SearchFilters(documents=(doc.id,)))
    for c in ans.citations:
        u = c.candidate.unit
        assert u is not None and not (u.voice and u.voice.quoted), c.rendered
        assert "quoting" not in c.rendered


@pytest.mark.parametrize("rel, words, source, neutral, asked", [
    (HMRC, UT_SAYS, "Upper Tribunal", "Was there real expenditure by the company?",
     "What did the Upper Tribunal say about real expenditure?"),
    (HOZELOCK, JUDGE_SAYS, "the judge below", "What did the skilled person know about garden hoses?",
     "What did the judge find about the skilled person?"),
])
def test_decision_below_quoted_in_other_judgments(voiced, rel, words, source, neutral, asked) -> None:
    doc = _doc(voiced, rel)
    start = doc.text.index(words)
    holder = next(u for u in doc.units if u.parent is None and u.char_start <= start < u.char_end
                  and u.voice is not None)
    q = holder.voice.quotation_at(start, start + len(words))
    assert q is not None and q.kind is SourceKind.LOWER_COURT and q.source == source
    flat = claim("That is the answer.", "P1", words)
    ans = _answer(_turn(voiced, rel, holder.label, neutral), reply(flat))
    assert [d.check for d in ans.dropped][:1] == [Check.QUOTED_NOT_HOLDING] and ans.citations == []
    ans = _answer(_turn(voiced, rel, holder.label, asked), reply(flat))
    assert ans.dropped == [] and f"quoting {source if source.startswith('the ') else 'the ' + source}" \
        in ans.citations[0].rendered
    # the claim that says whose words they are stands whatever is asked
    attributed = claim(f"The {'Upper Tribunal' if rel == HMRC else 'judge'} held this.", "P1", words)
    ans = _answer(_turn(voiced, rel, holder.label, neutral), reply(attributed))
    assert ans.dropped == []


def test_check_tells_a_draft_it_cites_the_ut_as_the_holding(voiced) -> None:
    import datetime

    from pincite.answer.citecheck import Verdict, check_file

    store, _, _ = voiced
    draft = ('The Court of Appeal held that "the landlord was not entitled to charge for ground maintenance": '
             "Curo Places Ltd v Pimlett [2020] EWCA Civ 1621 at [18].\n").encode()
    [r] = check_file(store, draft, "draft.md", datetime.date(2026, 4, 1)).results
    assert r.verdict is Verdict.QUOTED_AS_HOLDING
    assert "quoting the Upper Tribunal at [42]" in r.detail
    # the court's own paragraph on the point is suggested: one of its reasons, not a quoted one
    assert r.suggested is not None and "quoting" not in r.suggested[0]
    own = next(u for u in _doc(voiced, CURO).units if r.suggested[0] == f"at {u.label}")
    assert own.author == "David Richards LJ" and not own.voice.quoted


def test_reader_marks_the_quotations(voiced) -> None:
    from pincite.web.reader import render_document_body

    body = render_document_body(_doc(voiced, CURO))
    # the Upper Tribunal's paragraphs are marked as quoted, saying from what; the clause quoted in [13] too
    assert 'data-number="[18] 42" title="[18] 42 · Reasons of David Richards LJ — lead judgment · quoting the ' \
           'Upper Tribunal at [42]"' in body
    assert 'k-subparagraph r-lead quoted" id="u24"' in body
    assert '<span class="quoted" title="quoting clause 6.3.1">“Except for changes in rent' in body
    # the court's own disposal is not
    i = body.index('data-number="31"')
    assert " quoted" not in body[body.rindex("<div", 0, i):i]


def test_quotation_markup_is_a_signal(corpus: Path) -> None:
    """Modern Find Case Law marks a quoted letter with <embeddedStructure>: its words are quoted, from the letter."""
    doc = parse_bytes((corpus / "uk_find_case_law/modern_fcl_akn/ewca_civ_2025_673.xml").read_bytes(), "673.xml")
    para = next(u for u in doc.units if u.label == "[10]")
    q = next(s for s in para.voice.spans if "markup" in s.basis)
    assert doc.text[q.char_start:q.char_end] == "“The Party is not a public body and it does not carry out public functions.”"
    assert q.kind is SourceKind.EVIDENCE and q.source == "letter"


def test_a_neutral_restatement_of_quoted_words_is_kept_and_labelled(voiced) -> None:
    """Issue 49: "It is stated that …" + the quoted words never presents them as the court's holding: kept, and
    labelled with whose words they are, where a bare "That is the answer." on them is dropped."""
    doc = _doc(voiced, HMRC)
    start = doc.text.index(UT_SAYS)
    holder = next(u for u in doc.units if u.parent is None and u.char_start <= start < u.char_end
                  and u.voice is not None)
    stated = claim("It is stated that " + UT_SAYS, "P1", UT_SAYS)
    ans = _answer(_turn(voiced, HMRC, holder.label, "Was there real expenditure by the company?"), reply(stated))
    assert ans.dropped == [] and "quoting the Upper Tribunal" in ans.citations[0].rendered
