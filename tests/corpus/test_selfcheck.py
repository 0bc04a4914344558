"""The numbering self-check (parse/selfcheck): the document's own cross-references, printed numbers and
sequence against the labels a parser gave; a verdict in meta["numbering"]; the units it contradicts never
cited by label.

The first tests build small documents here (no ../shared); the ``shared`` ones run a fixed sample of
``bench/mutations.py``'s faults on corpus documents and assert each is flagged, and that clean documents of
each kind are not."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from pincite.answer.render import pinpoint
from pincite.legal.references import internal_references
from pincite.parse import parse_bytes
from pincite.parse.builder import unique_labels
from pincite.parse.selfcheck import check_numbering, label_key
from pincite.types import Document, UNVERIFIED_NUMBERING


CONTRACT = """SERVICES AGREEMENT

This Services Agreement is made between Alpha Ltd and Beta Ltd.

1. Definitions

1.1 "Services" means the services described in Section 2.1 and Schedule 1.

1.2 "Fees" means the fees set out in Section 3.1.

2. Services

2.1 The Supplier shall provide the Services subject to Section 4.2 (Limitation).

2.2 The Customer shall pay the Fees under Section 3.1.

3. Fees

3.1 The Fees are payable within 30 days of invoice, save as provided in Section 4.1.

3.2 Late payments bear interest as set out in Section 3.1 and Section 409A of the Code does not apply.

4. Liability

4.1 Termination. Either party may terminate this Agreement on notice.

4.2 Limitation. Neither party's liability shall exceed the Fees paid under Section 3.1.

SCHEDULE 1

The Services are consulting services.
"""


def _parsed(text: str = CONTRACT, check: bool = True):  # type: ignore[no-untyped-def]
    return parse_bytes(text.encode(), "agreement.txt", check=check)


def _units_by_label(doc):  # type: ignore[no-untyped-def]
    return {u.label: u for u in doc.units if u.label}


def test_a_contract_whose_references_resolve_is_verified() -> None:
    nb = _parsed().meta["numbering"]
    assert nb["verdict"] == "verified", nb
    # Section 409A of the Code names another instrument: not counted
    assert nb["references"] >= 6 and nb["resolved"] == nb["references"]


def test_other_instruments_and_quotations_are_not_references() -> None:
    text = ("Under section 5 of the Human Rights Act 1998 and Article 8 ECHR, as held in [2019] UKSC 5 "
            "at [42], "
            "s. 2 of the Human Rights Act applies. \u201cThe tenant shall comply with clause 12.7 and with "
            "every other covenant of this lease.\u201d See paragraph 42 above and Section 5.2(a).")
    refs = [(r.family, r.number) for r in internal_references(text)]
    assert refs == [("para", "42"), ("num", "5.2(a)")]


def test_a_heading_given_with_a_reference_is_read() -> None:
    [ref] = internal_references("as set out in Section 2.3 (Effect of Termination) below")
    assert (ref.number, ref.heading) == ("2.3", "Effect of Termination")


def test_label_keys_across_parsers() -> None:
    assert label_key("cl. 5.2(a)") == ("num", "5.2(a)")
    assert label_key("[42]") == ("para", "42")
    assert label_key("s. 77(2) (2nd)") == ("num", "77(2)")
    assert label_key("Exhibit B") == ("sched", "B")
    assert label_key("¶3") is None


def test_a_label_shifted_by_one_is_contradicted_and_never_cited_as_the_documents_number() -> None:
    doc = _parsed(check=False)
    by = _units_by_label(doc)
    wrong = replace(by["cl. 3.1"], number="3.2", label="cl. 3.2")  # the parser counted one too many
    units = unique_labels(tuple(wrong if u.ordinal == wrong.ordinal else u for u in doc.units))
    checked = check_numbering(replace(doc, units=units))
    nb = checked.meta["numbering"]
    assert nb["verdict"] == "contradicted"
    assert any(e.startswith("printed:") for e in nb["evidence"])
    marked = [u for u in checked.units if u.attrs.get("label_unverified")]
    assert wrong.ordinal in {u.ordinal for u in marked}
    stored = Document(id="d", source="agreement.txt", format=checked.format, kind=checked.kind,
                      title=checked.title, text=checked.text, units=checked.units, content_sha256="0" * 64,
                      meta=checked.meta)
    pin = pinpoint(stored, stored.units[wrong.ordinal])
    assert "cl. 3.2" not in pin and "by order" in pin and UNVERIFIED_NUMBERING in pin


def test_a_footer_glued_to_the_last_unit_is_contradicted() -> None:
    text = CONTRACT.replace("The Services are consulting services.\n",
                            "The Services are consulting services.\n\n"
                            "Licensed under CC BY 4.0. Copyright 2020 Alpha Ltd.\n")
    nb = _parsed(text).meta["numbering"]
    assert nb["verdict"] == "contradicted" and any(e.startswith("trailer:") for e in nb["evidence"]), nb


def test_a_document_labelled_by_order_is_unnumbered() -> None:
    text = "A LETTER\n\n" + "\n\n".join(f"This is paragraph {w} of a letter with no numbers at all." for w in
                                       ("one", "two", "three", "four", "five"))
    assert _parsed(text).meta["numbering"]["verdict"] in ("unnumbered", "unchecked")


def test_too_few_references_leave_a_document_unchecked_and_say_why() -> None:
    text = CONTRACT.replace("Section ", "the provision ")
    nb = _parsed(text).meta["numbering"]
    assert nb["verdict"] == "unchecked" and "at least 3" in nb["why"], nb


# -- real documents and bench/mutations.py's faults
# -----------------------------------------------------------

def _bench():  # type: ignore[no-untyped-def]
    from bench import mutations

    return mutations


CLEAN = (
    "uk_find_case_law/ewca_civ_2020_legacy_akn/2020-ewca-1018-civ.xml",  # a judgment with a dissent
    "canada_justice_laws_xml/T-2/T-2_pit-2022-09-23.xml",  # an Act
    "contracts_cuad/txt/FuseMedicalInc_20190321_10-K_EX-10.43_11575454_EX-10.43_Distributor Agreement.txt",
    "us_uslm/statute_compilations/COMPS-1565_geothermal_steam_act_1970_thru_PL116-260.xml",
)


@pytest.mark.shared
@pytest.mark.parametrize("name", CLEAN)
def test_clean_corpus_documents_are_not_contradicted(corpus: Path, name: str) -> None:
    path = corpus / name
    doc = parse_bytes(path.read_bytes(), str(path))
    nb = doc.meta["numbering"]
    assert nb["verdict"] in ("verified", "unchecked"), nb
    assert not any(u.attrs.get("label_unverified") for u in doc.units)


@pytest.mark.shared
@pytest.mark.parametrize("name", CLEAN)
def test_each_mutation_of_a_corpus_document_is_flagged(corpus: Path, name: str) -> None:
    mutations = _bench()
    path = corpus / name
    doc = parse_bytes(path.read_bytes(), str(path), check=False)
    tried = []
    for kind in mutations.MUTATIONS:
        bad = mutations.mutate(kind, doc, f"{path.name}/0")
        if bad is None:
            continue
        tried.append(kind)
        nb = check_numbering(bad).meta["numbering"]
        assert nb["verdict"] == "contradicted", (kind, nb)
    assert {"empty", "skip", "repeat", "footer", "shift"} <= set(tried)
    if "ewca" in name:
        assert "merge" in tried


SHIFTED = """SUPPLY AGREEMENT

This Supply Agreement is made between Alpha Ltd and Beta Ltd.

1. Supply

1.1 Supply. The Supplier shall supply the Goods, and Section 2.1 (Payment) governs the price.

2. Payment

2.1 Payment. The Buyer shall pay within 30 days, subject to Section 3.1 (Warranty).

3. Warranty

3.1 Warranty. The Goods shall conform, and Section 4.1 (Termination) applies to any breach.

4. Termination

4.1 Termination. Either party may terminate on notice; Section 1.1 (Supply) survives.
"""


def test_a_decisive_shift_is_corrected_and_recorded() -> None:
    """Every label one too high (a parser counting from a number it should not have), and references that name
    their clauses' headings: the numbering is moved back and the rule is recorded."""
    doc = parse_bytes(SHIFTED.encode(), "supply.txt", check=False)
    assert check_numbering(doc).meta["numbering"]["verdict"] == "verified"

    def up(u):  # type: ignore[no-untyped-def]
        k = label_key(u.label)
        if not (k and k[0] == "num" and u.number):
            return u
        top = k[1].split(".")[0]
        new = str(int(top) + 1) + k[1][len(top):]
        return replace(u, label=u.label.replace(k[1], new),
                       number=u.number.replace(top, str(int(top) + 1), 1))

    shifted = replace(doc, units=tuple(up(u) for u in doc.units))
    checked = check_numbering(shifted)
    nb = checked.meta["numbering"]
    assert nb["corrected"] and nb["corrected"][0].startswith("shift:"), nb
    assert {u.label for u in checked.units if u.label and u.label.startswith("cl.")} == \
        {u.label for u in doc.units if u.label and u.label.startswith("cl.")}
    assert nb["verdict"] == "verified", nb


def test_a_repeated_number_folded_into_the_clause_before_is_contradicted() -> None:
    """A contract numbered 3.1, 3.1: the parser folds the second into the first, and no label is repeated —
    the number printed again at a line start inside the clause is the evidence."""
    doc = _parsed(CONTRACT.replace("3.2 Late payments", "3.1 Late payments"))
    nb = doc.meta["numbering"]
    assert nb["verdict"] == "contradicted" and any(e.startswith("folded:") for e in nb["evidence"]), nb
    assert [u.label for u in doc.units if u.attrs.get("label_unverified")] == ["cl. 3.1"]


def test_the_verdict_is_shown_by_documents_show_and_audit(tmp_path: Path) -> None:
    """Stored with the document and shown by every command that shows a document (CLI, JSON)."""
    import json

    from typer.testing import CliRunner

    from pincite.cli import app

    folded = tmp_path / "folded.txt"
    folded.write_text(CONTRACT.replace("3.2 Late payments", "3.1 Late payments"), encoding="utf-8")
    clean = tmp_path / "clean.txt"
    clean.write_text(CONTRACT, encoding="utf-8")
    db = str(tmp_path / "s.db")
    runner = CliRunner()

    def run(*args: str) -> str:
        r = runner.invoke(app, list(args), catch_exceptions=False)
        assert r.exit_code == 0, r.output
        return r.output

    run("ingest", str(folded), str(clean), "--db", db)
    rows = {Path(d["source"]).name: d for d in json.loads(run("documents", "--db", db, "--json"))}
    assert rows["folded.txt"]["numbering"] == "contradicted" and rows["clean.txt"]["numbering"] == "verified"
    listed = run("documents", "--db", db)  # the verdict under each document's kind
    assert "contradicted" in listed and "verified" in listed
    shown = json.loads(run("show", str(folded), "--db", db, "--json"))
    assert shown["meta"]["numbering"]["verdict"] == "contradicted"
    assert [u["label"] for u in shown["units"] if not u["label_verified"]] == ["cl. 3.1"]
    text = run("show", str(folded), "--db", db)
    assert "numbering contradicted" in text and "(unverified)" in text and "folded: cl. 3.1" in text
    audit = run("audit", str(folded), "--db", db)
    assert "numbering: contradicted" in audit and "structure: numbering: cl. 3.1: label unverified" in audit


def test_the_reader_shows_the_verdict_and_marks_the_contradicted_label(tmp_path: Path) -> None:
    import httpx

    from pincite.api.app import RunningServer, create_app
    from pincite.api.config import ServerConfig
    from pincite.library import Pincite

    folded = tmp_path / "folded.txt"
    folded.write_text(CONTRACT.replace("3.2 Late payments", "3.1 Late payments"), encoding="utf-8")
    db = str(tmp_path / "w.db")
    with Pincite(db, dense=False, create=True) as lib:
        lib.ingest([folded])
        doc_id = lib.documents()[0].id
    with RunningServer(create_app(ServerConfig(db=db, dense=False))) as srv:
        page = httpx.get(f"{srv.url}/documents/{doc_id}").text
    assert "numbering contradicted" in page and "folded: cl. 3.1" in page
    assert 'class="unit' in page and "label-unverified" in page


def test_mcp_results_carry_the_verdict_and_cite_a_contradicted_label_by_order(tmp_path: Path) -> None:
    from pincite.library import Pincite
    from pincite.mcp.tools import Tools

    folded = tmp_path / "folded.txt"
    folded.write_text(CONTRACT.replace("3.2 Late payments", "3.1 Late payments"), encoding="utf-8")
    db = str(tmp_path / "m.db")
    with Pincite(db, dense=False, create=True) as lib:
        lib.ingest([folded])
        tools = Tools(lib)
        hits = tools.search("k", "Late payments bear interest")["passages"]
        hit = next(h for h in hits if "Late payments" in h["text"])
        assert hit["numbering"] == "contradicted" and hit["unverified_units"] == ["cl. 3.1"]
        assert "cl. 3.1" not in hit["pinpoint"]
        doc_id = lib.documents()[0].id
        resource = tools.document_resource(doc_id)
        assert resource["meta"]["numbering"]["verdict"] == "contradicted"
        read = tools.read("k", document=doc_id, unit="cl. 1.1")
        assert read["document"]["numbering"] == "contradicted"



def test_article_numbers_printed_with_their_word_agree_with_their_labels() -> None:
    """'ARTICLE I. SCOPE.' is Art. I printed as the document prints it, not a contradiction ('I.' after its
    word): a contract of Articles is not flagged for its own numbering."""
    from pincite.parse import parse_bytes

    body = "".join(f"ARTICLE {r}. HEADING {r}. The parties agree to the terms of this Article {r} in full and "
                   f"shall perform them in good faith for the term of this Agreement.\n\n"
                   for r in ("I", "II", "III", "IV", "V", "VI"))
    text = ("STRATEGIC ALLIANCE AGREEMENT\n\nThis Agreement is made between Acme Inc. (the Company) and Bolt LLC "
            "(the Partner).\n\n" + body + "IN WITNESS WHEREOF the parties have signed this Agreement.\n")
    doc = parse_bytes(text.encode(), "alliance.txt")
    assert [u.label for u in doc.units if u.label and u.label.startswith("Art.")][:3] == ["Art. I", "Art. II",
                                                                                          "Art. III"]
    assert doc.meta["numbering"]["verdict"] != "contradicted", doc.meta["numbering"]
    assert not any(e.startswith("printed") for e in doc.meta["numbering"]["evidence"])


def test_what_the_bulk_flags_taught_is_no_contradiction() -> None:
    """Read from a hand-checked sample of bulk flags (bench/NOTES.md): "Section 3" citing the clause its document
    numbers "3.0", a reference to an appendix the filing left out, and a date's day wrapped to a line's start are
    not evidence against the labels."""
    from pincite.parse import parse_bytes

    clauses = "".join(f"{n}.0 HEADING {n}\n\n{n}.1 The parties shall perform their duties under this "
                      f"clause {n} in good faith and as Section {max(1, n - 1)} requires, on notice sent on\n"
                      f"4 November 2019 to the other party.\n\n" for n in range(1, 9))
    text = ("SERVICES AGREEMENT\n\nThis Agreement is made between Acme Inc. (the Company) and Bolt LLC (the "
            "Provider).\n\n" + clauses + "The rates are set out in Appendix 4.\n\nIN WITNESS WHEREOF the parties "
            "have signed.\n")
    doc = parse_bytes(text.encode(), "services.txt")
    nb = doc.meta["numbering"]
    assert nb["verdict"] != "contradicted", nb


def _word_judgment(paragraphs: list[str]) -> bytes:
    """A Word judgment whose paragraph numbers are typed as text ("38.\\t..."), as many hand-downs print them."""
    from tests.support.docx_synth import docx_bytes, para

    cover = [para("Neutral Citation Number: [2023] EAT 1"), para("EMPLOYMENT APPEAL TRIBUNAL"),
             para("Before:"), para("HIS HONOUR JUDGE SMITH"), para("Between:"), para("A CLAIMANT Appellant"),
             para("- and -"), para("A UNIVERSITY Respondent"), para("JUDGMENT")]
    return docx_bytes("".join(cover) + "".join(para(p) for p in paragraphs))


_REASON = ("{n}.\tThe Claimant appealed against the decision of the tribunal on ground {n}, which the Respondent "
           "resisted for reasons it set out at length in its skeleton argument.")


def test_a_word_judgment_printing_a_number_twice_is_contradicted_though_word_stores_it_without_its_dot() -> None:
    """A hand-down printing 37, 38, 39, then 38 again: the reader folds the second "38." into [39], and the line
    is printed as the paragraphs' own numbers are ("38."), though the number is stored as "39"."""
    paras = [_REASON.format(n=n) for n in range(1, 40)]
    paras.append("38.\tIn those circumstances, I consider that both grounds of appeal should be allowed.")
    doc = parse_bytes(_word_judgment(paras), "hand_down.docx")
    nb = doc.meta["numbering"]
    assert nb["verdict"] == "contradicted" and any(e.startswith("folded: [39]") for e in nb["evidence"]), nb
    folded = next(u for u in doc.units if u.label == "[39]")
    assert "both grounds of appeal should be allowed" in doc.text[folded.char_start:folded.char_end]
    assert folded.attrs.get("label_unverified")


def test_a_quoted_judgments_numbered_paragraphs_and_numbered_headings_are_no_fold() -> None:
    """The same paragraphs printing other counts: a numbered heading ("3. The facts"), a judgment below quoted
    after "... as follows:" whose own paragraphs 2 to 4 print their numbers, and one quoted in curly quotes."""
    paras = [_REASON.format(n=n) for n in range(1, 3)]
    paras += ["3. The facts", _REASON.format(n=3)]
    paras += ["4.\tThe judge below explained the test at paragraphs 3 and 4 of her judgment as follows:",
              "3. The tribunal must ask whether the claim has no reasonable prospect of success at all.",
              "4. The tribunal must then take the claim at its highest and decide it on that footing alone.",
              "5.\tThe Respondent relied on an earlier appeal, where the judge said of the rule:",
              "\u201c4. A deposit order is a lesser step than striking a claim out, and the tribunal must consider "
              "it first.", "5. Only then may it strike the claim out.\u201d",
              _REASON.format(n=6)]
    doc = parse_bytes(_word_judgment(paras), "quoting.docx")
    nb = doc.meta["numbering"]
    assert not any(e.startswith("folded") for e in nb["evidence"]), nb
    assert nb["verdict"] != "contradicted", nb


@pytest.mark.parametrize("name", [
    "2020-ewca-859-civ.xml",   # "... at paragraphs 13 to 34 of his reserved judgment:" then quoted "13." to "34."
    "2020-ewca-1488-civ.xml",  # an order's schedule quoted "as follows:- "Street-Cruise"", its items 1 to 3 in [3]
])
def test_a_court_of_appeal_judgment_quoting_numbered_paragraphs_at_length_is_not_contradicted(bulk: Path,
                                                                                              name: str) -> None:
    """Real judgments quoting numbered paragraphs inside one of their own, introduced by a colon: no fold, though
    the quoted numbers reach the paragraph's own."""
    path = bulk / "ewca_civ_2020_akn" / name
    doc = parse_bytes(path.read_bytes(), str(path))
    assert not any(e.startswith("folded") for e in doc.meta["numbering"]["evidence"]), doc.meta["numbering"]


@pytest.mark.parametrize("name,label,opens,quoted", [
    ("2020-ewca-1591-civ.xml", "[18]", "18. The Judge then considered", "I have reached the clear factual conclusion"),
    ("2020-ewca-1400-civ.xml", "[15]", "15. In these circumstances, the DJ refused", "All these matters, in my "
                                                                                   "judgment, are extremely serious"),
])
def test_a_quoted_judgments_paragraphs_numbered_on_from_the_courts_own_are_not_read_as_its_own(
        bulk: Path, name: str, label: str, opens: str, quoted: str) -> None:
    """Real judgments quoting the judge below, whose quoted paragraphs print the numbers the court's own come to
    next ("17.", "18." under the court's [17], then the court's own "18."), indented as quotations: the court's
    own paragraph carries the label, the quoted words stay in the paragraph that quotes them, and nothing is
    folded."""
    path = bulk / "ewca_civ_2020_akn" / name
    doc = parse_bytes(path.read_bytes(), str(path))
    units = {u.label: u for u in doc.units if u.citable and u.kind.value == "paragraph"}
    assert doc.text[units[label].char_start:].startswith(opens)
    holder = next(u for u in units.values() if quoted in doc.text[u.char_start:u.char_end])
    assert holder.label != label and holder.char_start < units[label].char_start
    assert not any(e.startswith("folded") for e in doc.meta["numbering"]["evidence"]), doc.meta["numbering"]


_QUOTING_BELOW = (  # [8] quotes paragraphs 5 to 9 of the judgment below, opening bare after its mark
    [_REASON.format(n=n) for n in range(1, 8)]
    + ["8.\tThe nature of the scheme was summarised as follows by the judge at paras. 5-9 of his judgment:",
       "\u201c5. This claim has been heralded as a challenge to the general policy of removal.",
       *(f"{n}. The judge below set out the position of the claimant numbered {n} at some length." for n in (6, 7, 8)),
       "9. However, the individual decisions are the operative matters in this case.\u201d",
       "Legislative framework",
       "9.\tThe legislative framework was summarised as follows by the judge in the court below.",
       _REASON.format(n=10)])
_QUOTING_APPEAL = (  # [6] quotes an appeal's paragraphs 6 and 7, the repeated "6." after the quotation mark
    [_REASON.format(n=n) for n in range(1, 6)]
    + ["6.\tOverall, this application repeats matters already raised, as the Divisional Court said in an earlier "
       "appeal:",
       "\u201c6. Any contention that a document rejected as an asylum claim must be treated as one is for the "
       "tribunal.",
       "7. The courts should be astute to prevent any abuse of their procedures.\u201d",
       "Conclusion",
       "7.\tI consider that this application is another attempt to frustrate the order, and it is refused.",
       _REASON.format(n=8)])


@pytest.mark.parametrize("paras,own,opens,quoting,quoted", [
    (_QUOTING_BELOW, "[9]", "9.\tThe legislative framework", "[8]",
     "the individual decisions are the operative matters"),
    (_QUOTING_APPEAL, "[7]", "7.\tI consider that this application", "[6]", "astute to prevent any abuse"),
])
def test_a_word_judgment_quoting_another_up_to_its_own_next_number_keeps_that_number(
        paras: list[str], own: str, opens: str, quoting: str, quoted: str) -> None:
    """A hand-down's paragraph quotes another judgment's paragraphs after a colon, up to the number the court's
    own next paragraph prints (the repeated number printed bare, or after the quotation's opening mark); the
    court's own follows the quotation's close under a heading. The court's paragraph carries the number, the
    quoted one stays in the paragraph quoting it, and nothing is folded."""
    doc = parse_bytes(_word_judgment(paras), "quoting.docx")
    units = {u.label: u for u in doc.units if u.citable}
    assert doc.text[units[own].char_start:].startswith(opens)
    holder = units[quoting]
    assert quoted in doc.text[holder.char_start:holder.char_end]
    assert not any(e.startswith("folded") for e in doc.meta["numbering"]["evidence"]), doc.meta["numbering"]
