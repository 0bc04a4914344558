"""Twins (issue 25 item 6) on real contracts: the .txt and the .pdf of each CUAD contract in ../shared/corpus are
one agreement with two copies; a contract filed twice in ../shared/bulk is one too; different agreements are not
merged, however alike (a "FORM OF" licence and the signed one between the same parties, an amendment and its
agreement, two sponsorship agreements); a cross-contract search or answer cites each agreement once; every
contract is named by its parties and date."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from pincite.jsonio import document_to_json, summary_to_json
from pincite.library import Pincite
from pincite.twins import refresh_twins
from pincite.types import DocumentKind
from tests.conftest import REPO

SHARED = REPO.parent / "shared"
CUAD = SHARED / "corpus" / "contracts_cuad"
BULK = SHARED / "bulk" / "cuad_v1_txt"
BULK_FILES = (
    # the executed content licence (the same bytes as corpus/'s .txt) and the form of it filed a month before:
    # the same parties, 76% of the same words, another instrument ("FORM OF CONTENT LICENSE AGREEMENT")
    "IdeanomicsInc_20160330_10-K_EX-10.26_9512211_EX-10.26_Content License Agreement.txt",
    "IdeanomicsInc_20151124_8-K_EX-10.2_9354744_EX-10.2_Content License Agreement.txt",
    # one consulting agreement filed as two files
    "ADUROBIOTECH,INC_06_02_2020-EX-10.7-CONSULTING AGREEMENT.txt",
    "ADUROBIOTECH,INC_06_02_2020-EX-10.7-CONSULTING AGREEMENT(1).txt",
    # two different agreements under one generic title
    "GSVINC_05_15_1998-EX-10-SPONSORSHIP AGREEMENT.txt",
    "VITAMINSHOPPECOMINC_09_13_1999-EX-10.26-SPONSORSHIP AGREEMENT.txt",
)


def stem(source: str) -> str:
    return Path(source).stem


@pytest.fixture(scope="module")
def lib(tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    db = tmp_path_factory.mktemp("twins") / "twins.db"
    p = Pincite(db, dense=False, create=True)
    report = p.ingest([str(CUAD / "txt"), str(CUAD / "pdf")] + [str(BULK / f) for f in BULK_FILES])
    assert not report.failed and report.twins_error is None
    yield p
    p.close()


def groups(lib: Pincite) -> dict[str, list]:
    out: dict[str, list] = {}
    for s in lib.documents(kind="contract"):
        if s.copies:
            out.setdefault(s.copy_of or s.id, []).append(s)
    return out


def test_each_corpus_contract_is_one_agreement_with_its_txt_and_pdf_copies(lib: Pincite) -> None:
    pdfs = sorted(p.stem for p in (CUAD / "pdf").iterdir())
    assert len(pdfs) == 9
    found = {frozenset((Path(s.source).parent.name, stem(s.source)) for s in g) for g in groups(lib).values()}
    for name in pdfs:
        group = next(g for g in found if ("pdf", name) in g)
        members = {x for x in group if x[0] in ("txt", "pdf")}
        assert members == {("txt", name), ("pdf", name)}, name


def test_a_contract_filed_twice_in_bulk_is_one_agreement(lib: Pincite) -> None:
    names = {frozenset(os.path.basename(s.source) for s in g) for g in groups(lib).values()}
    assert frozenset(BULK_FILES[2:4]) in names
    # the executed licence in bulk/ is the corpus's .txt byte for byte under the same file name: one document
    # already (its id is its name and bytes), grouped with the corpus's .pdf
    licence = next(g for g in names if BULK_FILES[0] in g)
    assert licence == {BULK_FILES[0], BULK_FILES[0].replace(".txt", ".pdf")}


def test_different_agreements_are_not_merged(lib: Pincite) -> None:
    by_file = {os.path.basename(s.source): s for s in lib.documents(kind="contract")}
    # the form of the licence: the same parties and most of the words, but another instrument
    form = by_file[BULK_FILES[1]]
    assert form.copies == () and form.title.startswith("Form of Content License Agreement — Beijing Sun Seven")
    # the amendment and the agreement it amends: the same parties and date, other words and another title
    for ext in (".txt", ".pdf"):
        amendment = by_file["BIOAMBERINC_04_10_2013-EX-10.34-DEVELOPMENT AGREEMENT - First Amendment" + ext]
        agreement = by_file["BIOAMBERINC_04_10_2013-EX-10.34-DEVELOPMENT AGREEMENT (1)" + ext]
        assert amendment.id not in agreement.copies and agreement.id not in amendment.copies
        assert {agreement.copy_of or agreement.id} != {amendment.copy_of or amendment.id}
    # two sponsorship agreements under one generic title
    a, b = by_file[BULK_FILES[4]], by_file[BULK_FILES[5]]
    assert a.copies == () and b.copies == ()


def test_one_copy_is_cited_and_each_copy_says_which(lib: Pincite) -> None:
    for canonical, members in groups(lib).items():
        assert sum(1 for s in members if s.copy_of is None) == 1
        for s in members:
            others = {m.id for m in members} - {s.id}
            assert set(s.copies) == others
            assert summary_to_json(s)["copies"] == list(s.copies)
            shown = lib.show(s.id)
            assert set(shown.copies) == others and shown.copy_of == s.copy_of
            assert document_to_json(shown, with_text=False)["copy_of"] == (None if s.id == canonical else canonical)


def test_a_cross_contract_search_lists_each_agreement_once(lib: Pincite) -> None:
    copy_of = {s.id: s.copy_of for s in lib.documents(kind="contract")}
    hits = lib.search("either party may terminate this agreement upon written notice", k=40,
                      kinds=[DocumentKind.CONTRACT])
    assert len(hits) == 40
    assert all(copy_of[h.document.id] is None for h in hits)  # only canonical copies (and contracts without twins)
    # asked of the copy alone, the copy answers: it stays readable and searchable
    copy = next(d for d, c in copy_of.items() if c)
    alone = lib.search("terminate", k=3, documents=[copy])
    assert alone and all(h.document.id == copy for h in alone)


def test_an_answer_over_all_contracts_cites_each_agreement_once(lib: Pincite) -> None:
    summaries = {s.id: s for s in lib.documents(kind="contract")}
    ans = lib.ask("How much notice is required to terminate the agreement?", kinds=[DocumentKind.CONTRACT])
    scope = [d.id for d in ans.scope]
    assert scope and len(scope) == len(set(scope))
    assert all(summaries[d].copy_of is None for d in scope)  # each agreement in scope once, as its cited copy
    assert len(scope) == len([s for s in summaries.values() if not s.copy_of])
    cited = [c.candidate.doc.id for c in ans.citations if c.candidate.doc is not None]
    assert cited and all(summaries[d].copy_of is None for d in cited)
    # and the citations name the contract by its parties, not only "DEVELOPMENT AGREEMENT"
    assert all(" — " in c.candidate.doc.title for c in ans.citations if c.candidate.doc is not None)


@pytest.mark.parametrize("name,title", [
    ("ENERGOUSCORP_03_16_2017-EX-10.24-STRATEGIC ALLIANCE AGREEMENT",
     "Strategic Alliance Agreement — Dialog Semiconductor (UK) Ltd. and Energous Corporation, 6 November 2016"),
    ("BIOAMBERINC_04_10_2013-EX-10.34-DEVELOPMENT AGREEMENT (1)",
     "Development Agreement — Cargill, Incorporated and Bioamber S.A.S., 15 April 2010"),
    ("LeadersonlineInc_20000427_S-1A_EX-10.8_4991089_EX-10.8_Co-Branding Agreement",
     "Co-Branding Agreement — VerticalNet, Inc. and LeadersOnline, Inc., 15 March 2000"),
    ("IdeanomicsInc_20160330_10-K_EX-10.26_9512211_EX-10.26_Content License Agreement",
     "Content License Agreement — Beijing Sun Seven Stars Culture Development Limited and You on Demand "
     "Holdings, Inc., 21 December 2015"),
    ("FuseMedicalInc_20190321_10-K_EX-10.43_11575454_EX-10.43_Distributor Agreement",
     "Distributorship agreement — Signature Orthopaedics Pty Ltd and CPM Medical Consultants LLC, 29 March 2018"),
    ("XLITECHNOLOGIES,INC_12_11_2015-EX-10.1-Sponsorship Agreement",
     "Sponsorship Agreement — RMF Empire, Inc. DBA West Coast Customs and Bosch International, LLC / XLI "
     "Technologies, Inc., 1 December 2015"),
    # a franchise form: the franchisee is a blank ("You: ____") and so is the day; the franchisor names it
    ("AIRTECHINTERNATIONALGROUPINC_05_08_2000-EX-10.4-FRANCHISE AGREEMENT",
     "Franchise Agreement — Airsopure International Group, Inc."),
])
def test_a_contract_is_named_by_its_parties_and_date(lib: Pincite, name: str, title: str) -> None:
    doc = lib.show(str(CUAD / "txt" / f"{name}.txt"))
    assert doc.title == title
    assert doc.meta["instrument_title"] != title  # the printed title is kept
    listed = {s.id: s.title for s in lib.documents()}
    assert listed[doc.id] == title


def test_every_corpus_contract_has_parties_and_both_copies_agree(lib: Pincite) -> None:
    for s in lib.documents(kind="contract"):
        doc = lib.show(s.id)
        assert doc.meta["parties"] or "/bulk/" in s.source, s.source
        if s.copy_of:
            canon = lib.show(s.copy_of)
            assert canon.meta["instrument_title"].casefold() == doc.meta["instrument_title"].casefold()
            assert canon.date == doc.date


def test_deleting_the_cited_copy_leaves_the_other_cited(tmp_path: Path) -> None:
    name = "XLITECHNOLOGIES,INC_12_11_2015-EX-10.1-Sponsorship Agreement"
    with Pincite(tmp_path / "x.db", dense=False, create=True) as p:
        p.ingest([str(CUAD / "txt" / f"{name}.txt"), str(CUAD / "pdf" / f"{name}.PDF")])
        (a, b) = p.documents()
        assert a.copies == (b.id,) and b.copies == (a.id,)
        cited = a if a.copy_of is None else b
        p.store.delete_document(cited.id)
        assert refresh_twins(p.store).groups == []
        (left,) = p.documents()
        assert left.copies == () and left.copy_of is None


def test_the_cli_api_and_reader_list_the_copies(lib: Pincite) -> None:
    import subprocess
    import sys

    import httpx

    from pincite.api.app import RunningServer, create_app
    from pincite.api.config import ServerConfig

    rows = lib.documents(kind="contract")
    copy = next(s for s in rows if s.copy_of)
    db = str(lib.location)
    exe = str(Path(sys.executable).parent / "pincite")  # the console script
    env = {**os.environ, "COLUMNS": "250", "NO_COLOR": "1"}
    table = subprocess.run([exe, "documents", "--db", db, "--kind", "contract"],
                           capture_output=True, text=True, check=True, env=env).stdout
    assert f"copy of {copy.copy_of}" in table and "Strategic Alliance Agreement — Dialog Semiconductor" in table
    shown = subprocess.run([exe, "show", "--db", db, copy.id], capture_output=True, text=True, check=True,
                           env=env).stdout
    assert f"a copy of {copy.copy_of}" in shown
    with RunningServer(create_app(ServerConfig(db=db, dense=False))) as srv:
        listed = {d["id"]: d for d in httpx.get(f"{srv.url}/api/documents").json()["documents"]}
        assert listed[copy.id]["copy_of"] == copy.copy_of and copy.id in listed[copy.copy_of]["copies"]
        page = httpx.get(f"{srv.url}/documents").text
        assert f'a copy of <a href="/documents/{copy.copy_of}">' in page
        assert "Co-Branding Agreement — VerticalNet, Inc. and LeadersOnline, Inc., 15 March 2000" in page
        reader = httpx.get(f"{srv.url}/documents/{copy.id}").text
        assert "the same agreement stored from another file" in reader


def test_a_gold_answer_in_one_copy_is_found_in_the_other(lib: Pincite) -> None:
    """An annotator who read the .txt is right when the answer cites the .pdf, the copy a search cites."""
    from pincite.evaluation.gold import DocumentFinder, GoldRef, resolve_ref

    name = "FuseMedicalInc_20190321_10-K_EX-10.43_11575454_EX-10.43_Distributor Agreement"
    quote = "shall be governed by and construed in accordance with Ohio law"
    txt = GoldRef(f"contracts_cuad/txt/{name}.txt", "cl. 24.1", quote)
    targets = resolve_ref(DocumentFinder(lib.store), txt, None)
    assert sorted(Path(t.source).suffix for t in targets) == [".pdf", ".txt"]
    assert all(t.label == "cl. 24.1" for t in targets)
    # naming the other copy as an alternative too (as eval/dev.jsonl does) gives the same two targets, once each
    both = GoldRef(txt.source, txt.unit, quote, (GoldRef(f"contracts_cuad/pdf/{name}.pdf", "cl. 24.1", quote),))
    assert sorted((t.doc_id, t.unit) for t in resolve_ref(DocumentFinder(lib.store), both, None)) == \
        sorted((t.doc_id, t.unit) for t in targets)


FUSE = "FuseMedicalInc_20190321_10-K_EX-10.43_11575454_EX-10.43_Distributor Agreement"
VERSIONS = {
    # another figure: ninety days for thirty, words and digits
    "fuse_90_days.txt": [("thirty (30) days of request", "ninety (90) days of request")],
    # another governing law and forum
    "fuse_delaware.txt": [("in accordance with Ohio law",
                           "in accordance with the laws of the State of Delaware"),
                          ("the courts of Ohio", "the courts of the State of Delaware")],
}


@pytest.fixture(scope="module")
def versions(tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    folder = tmp_path_factory.mktemp("versions")
    text = (CUAD / "txt" / f"{FUSE}.txt").read_text(encoding="utf-8")
    for name, edits in VERSIONS.items():
        changed = text
        for old, new in edits:
            assert changed.count(old) == 1, old
            changed = changed.replace(old, new)
        (folder / name).write_text(changed, encoding="utf-8")
    p = Pincite(folder / "v.db", dense=False, create=True)
    report = p.ingest([str(CUAD / "txt" / f"{FUSE}.txt"), str(CUAD / "pdf" / f"{FUSE}.pdf")]
                      + [str(folder / n) for n in VERSIONS])
    assert not report.failed and report.twins_error is None
    yield p
    p.close()


def test_a_version_with_another_figure_or_law_is_not_a_copy(versions: Pincite) -> None:
    by_file = {os.path.basename(s.source): s for s in versions.documents(kind="contract")}
    txt, pdf = by_file[f"{FUSE}.txt"], by_file[f"{FUSE}.pdf"]
    assert set(txt.copies) | set(pdf.copies) == {txt.id, pdf.id}  # the .txt and the .pdf: one agreement
    for name in VERSIONS:
        v = by_file[name]
        assert v.copies == () and v.copy_of is None, name
        assert v.title == txt.title  # the same title, parties and date: only the terms tell them apart


def test_a_search_for_the_versions_law_finds_the_version(versions: Pincite) -> None:
    hits = versions.search("courts of the State of Delaware jurisdiction", k=3, kinds=[DocumentKind.CONTRACT])
    assert os.path.basename(hits[0].document.source) == "fuse_delaware.txt"
    assert "State of Delaware" in hits[0].text
