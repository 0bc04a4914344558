"""Evaluation on the bundled fictional demo judgments (no ../shared needed): gold validation and resolution,
scoring real answers from a scripted generator, navigability, the regression comparison, the HTML report and
the ``pincite eval`` command."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pincite.cli import app, demo_paths
from pincite.engine import AskOptions, answer_question
from pincite.web.eval_report import highlight, render_run_html
from pincite.evaluation.compare import compare_question, compare_runs
from pincite.evaluation.gold import (
    check_gold_file,
    DocumentFinder,
    GoldError,
    GoldRef,
    parse_gold_line,
    read_gold,
    resolve_question,
    resolve_ref,
)
from pincite.evaluation.metrics import check_navigable, score_answer
from pincite.evaluation.runs import build_run
from pincite.library import Pincite
from pincite.generate.scripted import ScriptedGenerator
from pincite.ingest import ingest_paths
from pincite.search.retrieve import RetrievalMode, Retriever
from pincite.store.sqlite import SQLiteStore

HARBOUR = "demo_legacy_harbour_ferries.xml"
ORCHARD = "demo_modern_orchard_housing.xml"
DEMO_DIR = str(Path(demo_paths()[0]).parent)


@pytest.fixture(scope="module")
def demo_store(tmp_path_factory: pytest.TempPathFactory):
    s = SQLiteStore(tmp_path_factory.mktemp("eval") / "demo.db")
    ingest_paths(s, demo_paths())
    yield s
    s.close()


@pytest.fixture(scope="module")
def gold(fixtures: Path):
    return read_gold(fixtures / "evaluate" / "demo_gold.jsonl")


def test_demo_gold_resolves_and_every_target_quote_is_in_its_unit(demo_store, gold) -> None:
    assert check_gold_file(demo_store, gold) == []
    finder = DocumentFinder(demo_store)
    t = resolve_ref(finder, gold[0].gold[0], None)
    assert len(t) == 1
    doc = finder.get(t[0].doc_id)
    assert doc.source.endswith(HARBOUR)
    assert doc.units[t[0].unit].number == "11"
    assert doc.text[t[0].quote_start:t[0].quote_end] == "For these reasons I would dismiss the appeal."
    assert t[0].unit_start <= t[0].quote_start < t[0].quote_end <= t[0].unit_end


@pytest.mark.parametrize("line, message", [
    ('{"question": "q", "kind": "none", "gold": []}', "'id' must be a non-empty string"),
    ('{"id": "a", "question": "q", "kind": "opinion", "gold": []}', "not a valid GoldKind"),
    ('{"id": "a", "question": "q", "kind": "none", "gold": [], "as_of": "2021-13-01"}', "not a date"),
    ('{"id": "a", "question": "q", "kind": "none", "gold": [{"source": "x", "unit": "1", "quote": "w"}]}',
     "kind 'none' goes with an empty gold list"),
    ('{"id": "a", "question": "q", "kind": "judgment", "gold": []}', "kind 'none' goes with an empty gold list"),
    ('{"id": "a", "question": "q", "kind": "judgment", "gold": [{"source": "x", "unit": "1"}]}', "lacks quote"),
    ('{"id": "a", "question": "q", "kind": "judgment", "gold": [{"source": "x", "unit": "1", "quote": "w", '
     '"alternatives": [{"source": "y", "unit": "1", "quote": "w", "alternatives": [{"source": "z", "unit": "1", '
     '"quote": "w"}]}]}]}', "cannot have alternatives"),
    ("not json", "not JSON"),
])
def test_bad_gold_lines_are_refused_with_the_reason(line: str, message: str) -> None:
    with pytest.raises(GoldError) as e:
        parse_gold_line(line, "gold.jsonl:3")
    assert "gold.jsonl:3" in str(e.value) and message in str(e.value)


def test_duplicate_ids_are_refused(tmp_path: Path) -> None:
    line = '{"id": "a", "question": "q", "kind": "none", "gold": []}\n'
    p = tmp_path / "g.jsonl"
    p.write_text(line + "\n// a comment\n" + line, encoding="utf-8")
    with pytest.raises(GoldError, match=r"g.jsonl:4: duplicate id 'a'"):
        read_gold(p)


@pytest.mark.parametrize("ref, message", [
    (GoldRef("no_such_file.xml", "1", "x"), "no stored document has this source"),
    (GoldRef(HARBOUR, "99", "x"), "no unit printed as '99'"),
    (GoldRef(HARBOUR, "10", "For these reasons I would dismiss the appeal."), "is not in that unit"),  # it is in [11]
])
def test_gold_that_does_not_resolve_says_why(demo_store, ref: GoldRef, message: str) -> None:
    with pytest.raises(GoldError, match=message):
        resolve_ref(DocumentFinder(demo_store), ref, None)


def test_unit_found_by_label_or_number_with_the_quote_normalised(demo_store) -> None:
    finder = DocumentFinder(demo_store)
    by_label = resolve_ref(finder, GoldRef(HARBOUR, "[3](b)", "an email of 3 February 2022"), None)
    by_number = resolve_ref(finder, GoldRef(HARBOUR, "(b)", "an email  of 3\nFebruary 2022"), None)
    assert by_label == by_number and finder.get(by_label[0].doc_id).units[by_label[0].unit].label == "[3](b)"


def test_a_quote_copied_from_markdown_source_keeps_no_emphasis_markers(demo_store) -> None:
    # an annotator who copies from a Markdown file's source copies "_an email_": the text shown has no markers
    finder = DocumentFinder(demo_store)
    plain = resolve_ref(finder, GoldRef(HARBOUR, "(b)", "an email of 3 February 2022"), None)
    assert resolve_ref(finder, GoldRef(HARBOUR, "(b)", "_an email_ of **3 February** 2022"), None) == plain
    with pytest.raises(GoldError, match="is not in that unit"):  # markers dropped, words still checked
        resolve_ref(finder, GoldRef(HARBOUR, "(b)", "_an e-mail_ of 3 February 2022"), None)


# -- scoring real answers ------------------------------------------------------------------------------


def _cite_words(words: str, claim: str = "The court said so."):
    """A scripted reply citing the retrieved passage that holds ``words`` (verbatim)."""
    def reply(turn, attempt):
        for cp in turn.passages:
            if words in cp.passage.text:
                return {"claims": [{"text": claim, "citations": [{"passage": cp.pid, "quote": words}]}]}
        return {"claims": []}
    return reply


def _answer(store, q, generator):
    retriever = Retriever(store, RetrievalMode.LEXICAL)
    ans = answer_question(q.question, store, retriever, generator, AskOptions(k=10))
    finder = DocumentFinder(store)
    return score_answer(q, ans, resolve_question(finder, q), finder)


@pytest.mark.parametrize("qid, words, claim, want", [
    # the gold words themselves: on gold, the first of two gold units cited
    ("harbour-holding", "For these reasons I would dismiss the appeal.", "The appeal failed.",
     {"shown": 1, "on_gold": 1, "gold_cited": 1, "navigable": 1}),
    # the concurring judge's words are the second gold unit
    ("harbour-holding", "I agree with Ormerod LJ that the appeal should be dismissed", "Agreed.",
     {"shown": 1, "on_gold": 1, "gold_cited": 1, "navigable": 1}),
    # the neighbouring paragraph: shown, navigable, but not on gold
    ("harbour-email", "I do not accept that.", "The judge did not accept the argument.",
     {"shown": 1, "on_gold": 0, "gold_cited": 0, "navigable": 1}),
    # what the dissent said, asked as a dissent question: on gold
    ("orchard-dissent", "declare that the grant remained payable", "Lady Hartwell would have declared it payable.",
     {"shown": 1, "on_gold": 1, "gold_cited": 1, "navigable": 1}),
    # the dissent stated as the holding: dropped by the check, so nothing shown
    ("orchard-dissent", "I would therefore allow the appeal", "The court held that the appeal was allowed.",
     {"shown": 0, "on_gold": 0, "gold_cited": 0, "navigable": 0}),
])
def test_citations_scored_against_gold(demo_store, gold, qid, words, claim, want) -> None:
    q = next(x for x in gold if x.id == qid)
    rec = _answer(demo_store, q, ScriptedGenerator([_cite_words(words, claim)]))
    assert {k: rec["counts"][k] for k in want} == want
    if want["shown"]:
        c = rec["citations"][0]
        assert c["quote"] == words and c["navigability_problem"] is None
        assert c["unit_text"][c["char_start"] - c["unit_text_start"]:][:len(words)] == words


def test_a_dissent_drop_is_counted_by_check(demo_store, gold) -> None:
    q = next(x for x in gold if x.id == "orchard-dissent")
    rec = _answer(demo_store, q, ScriptedGenerator([_cite_words("I would therefore allow the appeal",
                                                                "The court held that the appeal was allowed.")]))
    run = build_run([rec], {"test": True})
    assert run["metrics"]["drops"]["dissent-not-holding"] == 1
    assert run["drop_examples"]["dissent-not-holding"][0]["id"] == "orchard-dissent"


def test_abstaining_on_an_unanswerable_question(demo_store, gold) -> None:
    q = next(x for x in gold if x.id == "none-rent")
    silent = _answer(demo_store, q, ScriptedGenerator([{"claims": []}]))
    talker = _answer(demo_store, q, ScriptedGenerator([_cite_words("The Co-operative filed its 2021 accounts",
                                                                   "The accounts were late.")]))
    assert silent["counts"]["abstained"] == 1 and talker["counts"]["abstained"] == 0
    m = build_run([silent, talker], {})["metrics"]
    assert m["abstention"] == 0.5 and m["attribution_precision"] is None  # none questions are not in precision


# -- navigability, independent of the engine ------------------------------------------------------------


@pytest.mark.parametrize("before_unit, quote, pinpoint, problem", [
    (False, None, "at [10]", None),
    (False, None, "at [11]", "does not name [10]"),
    (True, None, "at [10]", "is not inside [10]"),  # starts 3 characters before [10]
    (False, "an email is writing", "at [10]", "not the quote"),
])
def test_check_navigable(demo_store, before_unit, quote, pinpoint, problem) -> None:
    finder = DocumentFinder(demo_store)
    doc = finder.find(HARBOUR)
    u = next(x for x in doc.units if x.number == "10")
    s = u.char_start - 3 if before_unit else doc.text.index("In my judgment an email", u.char_start)
    e = s + len("In my judgment an email")
    got = check_navigable(doc, u.ordinal, s, e, quote or doc.text[s:e], pinpoint)
    assert (got is None) if problem is None else (problem in got)


# -- regressions ----------------------------------------------------------------------------------------


def _rec(kind="judgment", **counts):
    base = {"shown": 0, "on_gold": 0, "navigable": 0, "gold": 1, "gold_cited": 0, "gold_retrieved": 0,
            "gold_unresolved": 0, "abstained": 0}
    return {"id": "q", "question": "?", "kind": kind, "tags": [], "counts": {**base, **counts}, "citations": [],
            "dropped": [], "seconds": 0.1, "error": None}


@pytest.mark.parametrize("before, after, worse, better", [
    (_rec(shown=2, on_gold=1, navigable=2, gold_cited=1, gold_retrieved=1),
     _rec(shown=2, on_gold=0, navigable=2, gold_retrieved=1),
     ["no longer answered correctly: none of 2 shown citation(s) on gold", "attribution recall 1/1 -> 0/1",
      "attribution precision 1/2 -> 0/2"], []),
    (_rec(shown=1, on_gold=0, navigable=1), _rec(shown=1, on_gold=1, navigable=1, gold_cited=1),
     [], ["now answered correctly: 1 of 1 shown citation(s) on gold", "attribution recall 0/1 -> 1/1",
          "attribution precision 0/1 -> 1/1"]),
    (_rec(shown=1, on_gold=1, navigable=1, gold_cited=1), _rec(),
     ["no longer answered correctly: showed 1 citation(s) on gold -> shows none",
      "attribution recall 1/1 -> 0/1"], []),
    (_rec(), _rec(shown=2, on_gold=1, navigable=2, gold_cited=1),
     [], ["now answered correctly: showed none -> 1 citation(s) on gold", "attribution recall 0/1 -> 1/1"]),
    (_rec(shown=2, on_gold=2, navigable=2, gold_cited=1), _rec(shown=2, on_gold=2, navigable=1, gold_cited=1),
     ["citations a reader cannot follow 0 -> 1"], []),
    (_rec("none", gold=0, abstained=1), _rec("none", gold=0, shown=1, navigable=1),
     ["abstained -> shows 1 citation(s) to an unanswerable question"], []),
    (_rec(shown=1, on_gold=1, navigable=1, gold_cited=1), _rec(shown=1, on_gold=1, navigable=1, gold_cited=1),
     [], []),
])
def test_compare_question(before, after, worse, better) -> None:
    assert compare_question(before, after) == (worse, better)


def test_compare_runs_lists_worse_questions_and_changed_settings() -> None:
    a = build_run([{**_rec(shown=1, on_gold=1, navigable=1, gold_cited=1), "id": "x"}], {"chunker": "structural"})
    b = build_run([{**_rec(shown=1, navigable=1), "id": "x"}, {**_rec(), "id": "new"}], {"chunker": "window"})
    c = compare_runs(a, b)
    assert [w.id for w in c.worse] == ["x"] and c.better == []
    assert c.settings_changed == {"chunker": ("structural", "window")}
    assert c.only_in_new == ["new"]
    assert dict((m, (x, y)) for m, x, y in c.metrics)["attribution_recall"] == (1.0, 0.0)
    assert a["settings_hash"] != b["settings_hash"]


# -- the report and the command -----------------------------------------------------------------------------


def test_highlight_marks_exactly_the_span() -> None:
    assert highlight("a <b> c", 100, [(102, 105, "gold")]) == 'a <mark class="gold">&lt;b&gt;</mark> c'


def test_run_gold_and_html_report(demo_store, gold) -> None:
    q = [x for x in gold if x.id == "harbour-email"]
    run = Pincite(store=demo_store, retriever=Retriever(demo_store, RetrievalMode.LEXICAL),
                  generator=ScriptedGenerator([_cite_words("an email is \"writing\" in the ordinary sense of the word")]),
                  ).evaluate(q, options=AskOptions(k=10), settings={"chunker": "structural"}).to_json()
    assert run["metrics"]["attribution_precision"] == 1.0 and run["metrics"]["navigability"] == 1.0
    assert run["settings"]["generator"] == "scripted" and run["settings"]["k"] == 10
    html = render_run_html(run, compare_runs(run, run))
    assert "<script" not in html and "<link" not in html and "<svg" in html
    assert '<mark class="gold">an email is &quot;writing&quot; in the ordinary sense of the word</mark>' in html
    assert '<mark class="cited">an email is &quot;writing&quot; in the ordinary sense of the word</mark>' in html


def test_eval_command_writes_run_and_compares(tmp_path: Path, fixtures: Path) -> None:
    runner = CliRunner()
    gold_file = str(fixtures / "evaluate" / "demo_gold.jsonl")
    run1, html = tmp_path / "run.json", tmp_path / "r.html"
    r = runner.invoke(app, ["eval", gold_file, "--corpus", DEMO_DIR, "--no-dense", "--out", str(run1),
                            "--html", str(html)], catch_exceptions=False)
    assert r.exit_code == 0, r.output
    assert "attribution precision" in r.output and "navigability" in r.output
    rec = json.loads(run1.read_text(encoding="utf-8"))
    assert len(rec["questions"]) == 4 and rec["settings"]["chunker"] == "structural"
    assert rec["settings"]["retrieval"] == "lexical" and len(rec["settings_hash"]) == 16
    assert rec["metrics"]["navigability"] in (1.0, None)
    assert html.read_text(encoding="utf-8").startswith("<!doctype html>")
    r = runner.invoke(app, ["eval", gold_file, "--corpus", DEMO_DIR, "--no-dense", "--json", "--baseline",
                            str(run1), "--only", "harbour-email"], catch_exceptions=False)
    assert r.exit_code == 0, r.output
    out = json.loads(r.stdout)
    assert [q["id"] for q in out["questions"]] == ["harbour-email"]
    assert out["comparison"]["worse"] == [] and "harbour-holding" in out["comparison"]["only_in_base"]


def test_eval_command_fails_cleanly_on_a_bad_gold_file(tmp_path: Path) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"id": "a"}\n', encoding="utf-8")
    r = CliRunner().invoke(app, ["eval", str(bad), "--corpus", DEMO_DIR, "--no-dense"])
    assert r.exit_code == 1 and "'question' must be a non-empty string" in r.output
