"""Issue 52, items 2-4 on real documents: a provision the question names is read first (its version in force
on the date asked), a schedule's item is a unit a question reaches, an abstention shows where to look (leads
with checked pinpoints, in JSON, over HTTP and in the CLI), and a part of a multi-part question is answered by
the sentence already cited for another part.  The ranker (the default generator) answers, over lexical
retrieval; the multi-part test scripts the model boundary only."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import httpx
import pytest

from pincite.answer.model import LEAD_NOTE, PART_NO_ANSWER
from pincite.api.app import RunningServer, create_app
from pincite.api.config import ServerConfig
from pincite.engine import AskOptions, answer_question
from pincite.generate.scripted import ScriptedGenerator, claim, reply
from pincite.library import Pincite
from pincite.search.retrieve import RetrievalMode, Retriever
from tests.support.extractive_helpers import ingested

pytestmark = pytest.mark.shared

ACT = "canada_justice_laws_xml/T-2"  # the Tax Court of Canada Act, four versions
CONTRACT = "contracts_cuad/txt/LeadersonlineInc_20000427_S-1A_EX-10.8_4991089_EX-10.8_Co-Branding Agreement.txt"
JUDGMENT = "uk_find_case_law/ewca_civ_2020_legacy_akn/2020-ewca-1375-civ.xml"
SCHEDULED = "canada_acts/current/H-3.xml"  # the Hazardous Products Act: two schedules of numbered items
ABSTAINS = "How many quotas of salmon may a fisher catch in the Arctic?"


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory, corpus: Path, bulk: Path) -> Path:
    path = tmp_path_factory.mktemp("named") / "n.db"
    ingested(path, [corpus / ACT, corpus / CONTRACT, corpus / JUDGMENT, bulk / SCHEDULED]).close()
    return path


@pytest.fixture(scope="module")
def lib(db: Path):  # type: ignore[no-untyped-def]
    p = Pincite(db, dense=False)
    yield p
    p.close()


def cited(ans) -> list[tuple[str, str, str]]:  # type: ignore[no-untyped-def]
    return [(c["document"]["source"].rsplit("/", 1)[-1], c["units"][0], c["quote"])
            for c in ans.to_json()["citations"]]


def test_a_question_naming_a_section_is_answered_from_that_section(lib) -> None:  # type: ignore[no-untyped-def]
    ans = lib.ask("What does section 4 of the Tax Court of Canada Act provide?")
    assert cited(ans), ans.text
    assert all(unit.startswith("s. 4(") or unit == "s. 4" for _, unit, _ in cited(ans)), cited(ans)
    ans = lib.ask("In the co-branding agreement, what does clause 7.4 say?")
    assert [unit for _, unit, _ in cited(ans)] == ["cl. 7.4"]


def test_a_dated_question_is_answered_from_the_version_in_force(lib) -> None:  # type: ignore[no-untyped-def]
    q = "What does section 4(1)(c) of the Tax Court of Canada Act say?"
    then = cited(lib.ask(q, as_of="2019-01-01"))
    now = cited(lib.ask(q))
    assert then == [("T-2_pit-2018-06-21.xml", "s. 4(1)(c)", "not more than twenty other judges.")]
    assert now == [("T-2_pit-2026-03-26.xml", "s. 4(1)(c)", "not more than 23 other judges.")]


def test_a_schedule_item_is_a_unit_a_question_reaches(lib) -> None:  # type: ignore[no-untyped-def]
    doc = next(d for d in lib.documents() if d.source.endswith("H-3.xml"))
    labels = [u.label for u in lib.show(doc.id).units if u.label and u.label.startswith("Sch.")]
    assert "Sch. 1, item 4" in labels and "Sch. 2, item 1" in labels
    ans = lib.ask("Under the Hazardous Products Act, what is in Schedule 1, item 4?")
    assert cited(ans) == [("H-3.xml", "Sch. 1, item 4",
                           "Any consumer product as defined in section 2 of the Canada Consumer Product Safety Act")]


def test_a_judgment_question_naming_a_provision_is_not_sent_to_a_statute(lib) -> None:  # type: ignore[no-untyped-def]
    ans = lib.ask("Did the Court of Appeal restore the coroner's order for screens under Article 2 at Andrew "
                  "Hall's inquest?")
    assert all(src.endswith("1375-civ.xml") for src, _, _ in cited(ans)), cited(ans)


def _check_leads(j: dict) -> None:  # type: ignore[type-arg]
    assert j["claims"] == [] and j["citations"] == []
    assert 1 <= len(j["leads"]) <= 3
    for lead in j["leads"]:
        assert lead["lead"] is True and lead["pinpoint"] and lead["rendered"]
        assert lead["label_verified"] is True
        with_text = lead["quote"]
        assert with_text and lead["char_end"] > lead["char_start"]
    assert len({lead["unit_id"] for lead in j["leads"]}) == len(j["leads"])


def test_an_abstention_carries_leads_with_checked_pinpoints(lib, db: Path) -> None:  # type: ignore[no-untyped-def]
    ans = lib.ask(ABSTAINS)
    j = ans.to_json()
    _check_leads(j)
    doc = lib.show(j["leads"][0]["document"]["id"])
    for lead in j["leads"]:  # the quote is the document's own words where the pinpoint says
        d = doc if lead["document"]["id"] == doc.id else lib.show(lead["document"]["id"])
        assert d.text[lead["char_start"]:lead["char_end"]] == lead["quote"]
        unit = d.units[int(lead["unit_id"].rsplit(":u", 1)[1])]
        assert unit.char_start <= lead["char_start"] and lead["char_end"] <= unit.char_end
    with RunningServer(create_app(ServerConfig(db=db, dense=False))) as srv:
        r = httpx.post(f"{srv.url}/api/ask", json={"question": ABSTAINS}, timeout=120)
        assert r.status_code == 200, r.text
        _check_leads(r.json())
        assert [x["unit_id"] for x in r.json()["leads"]] == [x["unit_id"] for x in j["leads"]]
        page = httpx.get(f"{srv.url}/", params={"q": ABSTAINS}, timeout=120)
        assert page.status_code == 200 and "Where to look" in page.text and 'class="lead"' in page.text
    out = subprocess.run([sys.executable, "-m", "pincite.cli", "ask", "--db", str(db), "--no-dense", ABSTAINS],
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    assert LEAD_NOTE in out.stdout and "lead L1:" in out.stdout
    assert j["leads"][0]["rendered"] in " ".join(out.stdout.split())
    js = subprocess.run([sys.executable, "-m", "pincite.cli", "ask", "--db", str(db), "--no-dense", "--json",
                         ABSTAINS], capture_output=True, text=True, timeout=300)
    _check_leads(json.loads(js.stdout))


def test_an_answer_has_no_leads(lib) -> None:  # type: ignore[no-untyped-def]
    j = lib.ask("In the co-branding agreement, what does clause 7.4 say?").to_json()
    assert j["citations"] and j["leads"] == []


def test_a_part_answered_by_the_sentence_cited_for_another_part_is_answered(db: Path) -> None:
    """The model quotes cl. 7.4's option to extend for the first part and abstains on the second; the second
    asks what the same sentence says (VerticalNet's approval), so it is answered by it, with the same
    citation."""
    lib = Pincite(db, dense=False)
    try:
        store = lib.store
        words = "LeadersOnline shall have the option"

        def first(turn, attempt):  # type: ignore[no-untyped-def]
            cp = next(cp for cp in turn.passages if words in cp.passage.text)
            t = cp.passage.text
            start = t.index(words)
            return reply(claim("LeadersOnline may extend the Term.", cp.pid, t[start:t.index(" (a", start)]))

        gen = ScriptedGenerator([first, reply()])
        q = ("Under the VerticalNet and LeadersOnline co-branding agreement, can LeadersOnline extend the Term, "
             "and whose approval does an extension of the Term need?")
        ans = answer_question(q, store, Retriever(store, RetrievalMode.LEXICAL), gen, AskOptions(k=10))
        assert len(ans.parts) == 2
        assert ans.parts[0][1] and ans.parts[1][1], ans.text
        assert PART_NO_ANSWER not in ans.text
        units = {ans.citations[n - 1].candidate.unit.label for _, idx in ans.parts for i in idx
                 for n in ans.claims[i].citations}
        assert units == {"cl. 7.4"}
        assert len(ans.citations) == 1  # one sentence, cited once, answering both parts
    finally:
        lib.close()


SI = "zoo/regulation_uk_si_clml_xml/uksi_2006_3313_oil_taxation_market_value_regulations.xml"
EU_REG = "zoo/regulation_eu_clml_xml/eu_reg_2014_319_easa_fees.xml"


@pytest.fixture(scope="module")
def regs(tmp_path_factory: pytest.TempPathFactory, shared: Path):  # type: ignore[no-untyped-def]
    path = tmp_path_factory.mktemp("named_regs") / "r.db"
    ingested(path, [shared / SI, shared / EU_REG]).close()
    p = Pincite(path, dense=False)
    yield p
    p.close()


@pytest.mark.parametrize("question", [
    "What does regulation 15 of the Oil Taxation (Market Value of Oil) Regulations 2006 provide?",
    "What does reg 15 of the Oil Taxation (Market Value of Oil) Regulations 2006 provide?",
    "What does reg. 15 of the Oil Taxation (Market Value of Oil) Regulations 2006 provide?",
])
def test_a_regulation_named_is_read_first(regs, question: str) -> None:  # type: ignore[no-untyped-def]
    # a statutory instrument's provisions are named "regulation 15", "reg. 15" or "reg 15"
    ans = regs.ask(question)
    assert cited(ans), ans.text
    assert all(unit == "reg. 15" or unit.startswith("reg. 15(") for _, unit, _ in cited(ans)), cited(ans)
