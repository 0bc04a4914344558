"""The structural lint on units made by hand (each finding, and its absence where the structure is sound), and
its use at ingest, in ``show --json`` and in ``pincite audit`` on a small contract written for this test."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from pincite.cli import app
from pincite.lint import LintKind, lint_document
from pincite.types import DocumentKind, Format, ParsedDocument, Unit, UnitKind, Zone

runner = CliRunner()


def doc(text: str, spans: list[tuple[str, str, int | None, UnitKind]], kind: DocumentKind = DocumentKind.CONTRACT,
        title: str = "An Agreement", **meta) -> ParsedDocument:  # type: ignore[no-untyped-def]
    """Units given as (the text they start with, number, parent ordinal, kind); each runs to the next unit that is
    not inside it, or to the end of the text."""
    starts = [text.index(s) for s, *_ in spans]
    units = []
    for i, ((_s, number, parent, k), a) in enumerate(zip(spans, starts, strict=True)):
        later = [b for j, b in enumerate(starts) if j > i and spans[j][2] in (parent, None) and
                 (parent is None or spans[j][2] == parent)]
        end = later[0] if later else len(text)
        if parent is not None:
            end = min(end, units[parent].char_end)
        units.append(Unit(ordinal=i, kind=k, char_start=a, char_end=end, zone=Zone.BODY, citable=True,
                          number=number, label=f"cl. {number.rstrip('.')}", parent=parent))
    return ParsedDocument(format=Format.TEXT, kind=kind, title=title, text=text, units=tuple(units), **meta)


XLI_SHAPE = ("2. Term and Termination\n1. Term. It runs one year.\n"
             "3. In the event either party becomes bankrupt.\n"
             "2.2 Termination upon Breach. Either party may end it.\n"
             "3. Agreement Fee\n3.1 XLI will pay WCC.\n")


def test_a_sub_number_of_another_clause_inside_a_clause_is_a_stray_number() -> None:
    d = doc(XLI_SHAPE, [("2. Term", "2.", None, UnitKind.CLAUSE), ("3. In the", "3.", None, UnitKind.CLAUSE),
                        ("3.1 XLI", "3.1", 1, UnitKind.SUBCLAUSE)])
    found = [f for f in lint_document(d) if f.kind is LintKind.STRAY_NUMBER]
    assert [(f.label, "'2.2'" in f.detail) for f in found] == [("cl. 3", True)]
    # read right (2.2 a sub-clause of 2, 3. Agreement Fee clause 3) nothing is stray
    right = doc(XLI_SHAPE, [("2. Term", "2.", None, UnitKind.CLAUSE), ("2.2 Term", "2.2", 0, UnitKind.SUBCLAUSE),
                            ("3. Agreement", "3.", None, UnitKind.CLAUSE), ("3.1 XLI", "3.1", 2, UnitKind.SUBCLAUSE)])
    assert [f for f in lint_document(right) if f.kind is LintKind.STRAY_NUMBER] == []


def test_sequences_that_jump_or_go_back_and_those_that_do_not() -> None:
    # clause 3 is printed (run into clause 2) but has no unit: a jump; then a number that goes back
    text = "1. A one.\n2. B two 3. C three.\n4. D four.\n3. C again.\n"
    d = doc(text, [(f"{n}. {c}", f"{n}.", None, UnitKind.CLAUSE) for n, c in ((1, "A"), (2, "B"), (4, "D"), (3, "C a"))])
    got = {(f.kind, f.label) for f in lint_document(d)}
    assert got == {(LintKind.SEQUENCE_JUMP, "cl. 4"), (LintKind.SEQUENCE_BACKWARDS, "cl. 3")}
    # a number the document itself skips (no "3." anywhere between 2 and 4, or only referred to) loses no unit
    for skipped in ("1. A one.\n2. B two.\n4. D four.\n", "1. A one.\n2. B as in clause 3. The rest.\n4. D four.\n",
                    "1. A one.\n[2] B, at [3] Lord X said so.\n4. D four.\n"):
        d = doc(skipped, [(f"{n}", f"{n}.", None, UnitKind.CLAUSE) for n in ("1. A", "2] B" if "[2]" in skipped
                                                                          else "2. B", "4. D")])
        assert lint_document(d) == [], skipped
    # ... but a number printed with no space after its dot, or an article's heading run into a line, is printed
    for lost, numbers in (("70. A seventy.\n71.It is said.\n72. B.\n", ("70", "71.I", "72")),
                          ("ARTICLE III - A.   ARTICLE IV   4.1 All facilities.\nARTICLE V - B.\n",
                           ("ARTICLE III", "ARTICLE IV ", "ARTICLE V"))):
        d = doc(lost, [(numbers[0], numbers[0].split()[-1], None, UnitKind.CLAUSE),
                       (numbers[2], numbers[2].split()[-1], None, UnitKind.CLAUSE)])
        assert [f.kind for f in lint_document(d)] == [LintKind.SEQUENCE_JUMP], lost
    # a statute's inserted sections (3, 3.01, 3.02, 3.1, 4) and a list restarting at 1 are in order
    statute = doc("3 x\n3.01 x\n3.02 x\n3.1 x\n4 x\n", [(f"{n} x", n, None, UnitKind.SECTION)
                                                      for n in ("3", "3.01", "3.02", "3.1", "4")],
                  kind=DocumentKind.STATUTE)
    assert lint_document(statute) == []


def test_lettered_paragraphs_without_units_and_a_heading_inside_a_paragraph() -> None:
    text = "3 In this Act,\nhead means\n(a) the minister; or\n(b) the person designated.\n"
    d = doc(text, [("3 In", "3", None, UnitKind.SECTION)], kind=DocumentKind.STATUTE)
    assert [f.kind for f in lint_document(d)] == [LintKind.UNLABELLED_PARAGRAPHS]
    judgment = ("107. While I agree with much of his judgment, I have reached a different conclusion on this.\n"
                "The Convention and the common law\n108. Next.\n")
    j = doc(judgment, [("107.", "107", None, UnitKind.PARAGRAPH), ("108.", "108", None, UnitKind.PARAGRAPH)],
            kind=DocumentKind.JUDGMENT, citation="[2020] EWCA Civ 1375", date="2020-10-22")
    assert [(f.kind, f.label) for f in lint_document(j)] == [(LintKind.HEADING_IN_PARAGRAPH, "cl. 107")]
    # a heading inside what the paragraph quotes (a quotation still open, or before a quoted "45.") is not one
    for quoted in ("107. The judge said, in the passage I have already summarised above:\n“It was wrong of him.\n"
                   "Conclusions\nThe claim fails.”\n108. Next.\n",
                   "107. The judge found, in the part of his judgment headed as follows, this much.\n"
                   "Abusive collateral attack\n45. The claim is an abuse.\n108. Next.\n"):
        j = doc(quoted, [("107.", "107", None, UnitKind.PARAGRAPH), ("108.", "108", None, UnitKind.PARAGRAPH)],
                kind=DocumentKind.JUDGMENT, citation="[2020] EWCA Civ 1375", date="2020-10-22")
        assert lint_document(j) == [], quoted
    # a heading followed by its own sub-heading "(i) ..." is still a heading inside the paragraph
    j = doc(judgment.replace("\n108.", "\n(i) On the basis argued below\n108."),
            [("107.", "107", None, UnitKind.PARAGRAPH), ("108.", "108", None, UnitKind.PARAGRAPH)],
            kind=DocumentKind.JUDGMENT, citation="[2020] EWCA Civ 1375", date="2020-10-22")
    assert [f.kind for f in lint_document(j)] == [LintKind.HEADING_IN_PARAGRAPH]


def test_two_texts_for_one_provision_and_metadata_the_first_page_prints() -> None:
    text = "17 The old text.\n17 The new text.\n"
    d = doc(text, [("17 The old", "17", None, UnitKind.SECTION), ("17 The new", "17", None, UnitKind.SECTION)],
            kind=DocumentKind.STATUTE)
    assert LintKind.TWO_TEXTS in {f.kind for f in lint_document(d)}
    page = "TARRANT REGIONAL WATER DISTRICT v.\nHERRMANN ET AL.\nNo. 11-889. Argued April 23, 2013—Decided June 13, 2013\n"
    j = doc(page, [("No.", "1", None, UnitKind.PARAGRAPH)], kind=DocumentKind.JUDGMENT,
            title="TARRANT REGIONAL WATER DISTRICT v.")
    details = [f.detail for f in lint_document(j) if f.kind is LintKind.MISSING_METADATA]
    assert any("cut off" in x for x in details) and any("2013-06-13" in x for x in details)


def test_a_caption_citing_the_decision_appealed_from_is_not_a_missing_citation() -> None:
    caption = ("Lim v Tan\n\nCoram : Alan Tey CJ\n\n[Editorial Note: The decision from which this appeal arose "
               "is reported at [2016] SGHC 272.]\n\n")
    reasons = "1       The judge below followed Ong v Koh [2014] SGCA 3 at [12].\n"
    j = doc(caption + reasons, [("1       The", "1", None, UnitKind.PARAGRAPH)], kind=DocumentKind.JUDGMENT,
            title="Lim v Tan")
    assert not [f for f in lint_document(j) if f.kind is LintKind.MISSING_METADATA]
    own = doc("Lim v Tan [2017] SGCA 36\n\n" + caption + reasons, [("1       The", "1", None, UnitKind.PARAGRAPH)],
              kind=DocumentKind.JUDGMENT, title="Lim v Tan")
    assert any("[2017] SGCA 36" in f.detail for f in lint_document(own) if f.kind is LintKind.MISSING_METADATA)


CONTRACT = """SERVICES AGREEMENT

This Services Agreement is dated as of May 8, 2014 between Alpha Ltd and Beta Inc.

1. Services. Beta shall provide the services described in the schedule to Alpha.

2. Fees. Alpha shall pay the fees set out in the schedule within thirty days of invoice 3. TAXES. Alpha shall pay
the taxes on the fees.

4. Term. This Agreement runs for one year from the date above and renews each year.

5. Notices. Notices shall be given in writing to the addresses above.
"""


def test_findings_are_ingest_warnings_show_warnings_and_audit_flags(tmp_path: Path) -> None:
    db, path = str(tmp_path / "s.db"), tmp_path / "services.txt"
    path.write_text(CONTRACT, encoding="utf-8")
    r = runner.invoke(app, ["ingest", str(path), "--db", db], catch_exceptions=False)
    assert r.exit_code == 0, r.output
    assert "structure: sequence-jump: cl. 4" in r.output and "1 warnings" in r.output
    shown = json.loads(runner.invoke(app, ["show", str(path), "--db", db, "--json"]).output)
    assert [w for w in shown["warnings"] if w.startswith("structure:")] == \
        ["structure: sequence-jump: cl. 4: 4. follows 2. (cl. 2): 1 number(s) missing"]
    r = runner.invoke(app, ["audit", "--all", "--db", db], catch_exceptions=False)
    assert "ALL: 1 documents" in r.output and "1 structure flags (sequence-jump 1)" in r.output
    audited = json.loads(runner.invoke(app, ["audit", str(path), "--db", db, "--json"]).output)
    assert audited[0]["structure_by_kind"]["sequence-jump"] == 1
    assert audited[0]["structure"][0]["label"] == "cl. 4"


def test_the_audit_page_shows_the_structure_flags_as_the_cli_does(tmp_path: Path) -> None:
    import httpx

    from pincite.api.app import RunningServer, create_app
    from pincite.api.config import ServerConfig

    db, path, page = str(tmp_path / "s.db"), tmp_path / "services.txt", tmp_path / "audit.html"
    path.write_text(CONTRACT, encoding="utf-8")
    assert runner.invoke(app, ["ingest", str(path), "--db", db], catch_exceptions=False).exit_code == 0
    r = runner.invoke(app, ["audit", str(path), "--db", db, "--html", str(page)], catch_exceptions=False)
    assert "structure: sequence-jump: cl. 4: 4. follows 2. (cl. 2): 1 number(s) missing" in r.output
    doc_id = json.loads(runner.invoke(app, ["show", str(path), "--db", db, "--json"]).output)["id"]
    with RunningServer(create_app(ServerConfig(db=Path(db), dense=False))) as srv:
        served = httpx.get(f"{srv.url}/documents/{doc_id}/audit").text
    for html_page in (page.read_text(encoding="utf-8"), served):
        assert "<b id='structure-count'>1</b> structure flags (sequence-jump 1)" in html_page
        assert ('<div class="finding" data-structure="sequence-jump"><a href="#unit-') in html_page
        assert "<b>sequence-jump</b> 4. follows 2. (cl. 2): 1 number(s) missing" in html_page
        # the flagged unit's number in the margin is marked and is where the link goes
        anchor = html_page.split('data-structure="sequence-jump"><a href="#')[1].split('"')[0]
        assert f'<span class="num structure" id="{anchor}"' in html_page
        assert html_page.count('class="num structure"') == 1


def test_a_sound_document_has_no_structure_flag_on_its_audit_page(tmp_path: Path) -> None:
    db, path, page = str(tmp_path / "s.db"), tmp_path / "sound.txt", tmp_path / "audit.html"
    path.write_text(CONTRACT.replace(" 3. TAXES.", ". Taxes.").replace("4. Term.", "3. Term.")
                    .replace("5. Notices.", "4. Notices."), encoding="utf-8")
    assert runner.invoke(app, ["ingest", str(path), "--db", db], catch_exceptions=False).exit_code == 0
    runner.invoke(app, ["audit", str(path), "--db", db, "--html", str(page)], catch_exceptions=False)
    html_page = page.read_text(encoding="utf-8")
    assert "<b id='structure-count'>0</b> structure flags (none)" in html_page
    assert '<p class="ok">No structure flag.</p>' in html_page and "num structure" not in html_page


JUMP_TEXT = ("SERVICES AGREEMENT\n\nThis Agreement is made between Acme Ltd and Beta LLC.\n\n"
             "1. Services\n\nThe Supplier shall provide the Services.\n\n2. Fees\n\nThe Customer shall pay the fees.\n\n"
             "3. Term\n\n3.1 This Agreement runs for one year.\n\n3.2 It renews each year.\n\n"
             "9. Termination\n\n9.1 Either party may end it on 30 days' written notice.\n\n"
             "9.2 Notice is given in writing.\n\n10. General\n\n10.1 English law governs this Agreement.\n")


def test_a_renumbered_draft_jump_is_read_and_a_swallowed_clause_is_flagged() -> None:
    """Clauses 1, 2, 3 then 9 and 10 (issue 25): each is its own unit; and units that fold 9 and 10 into
    cl. 3.2 (what the parser did before) are flagged, so such a fold is never silent."""
    from pincite.parse import parse_bytes

    parsed = parse_bytes(JUMP_TEXT.encode(), "jump.txt")
    by_label = {u.label: u for u in parsed.units}
    u91 = by_label["cl. 9.1"]
    assert parsed.text[u91.char_start:u91.char_end].startswith("9.1 Either party may end it on 30 days")
    assert {"cl. 9", "cl. 9.2", "cl. 10", "cl. 10.1"} <= set(by_label)
    assert by_label["cl. 3.2"].char_end < parsed.text.index("9. Termination")
    assert not [f for f in lint_document(parsed) if f.kind is LintKind.STRAY_NUMBER]
    folded = doc(JUMP_TEXT, [("1. Services", "1.", None, UnitKind.CLAUSE), ("2. Fees", "2.", None, UnitKind.CLAUSE),
                             ("3. Term", "3.", None, UnitKind.CLAUSE), ("3.1 This", "3.1", 2, UnitKind.SUBCLAUSE),
                             ("3.2 It", "3.2", 2, UnitKind.SUBCLAUSE)])
    found = [f for f in lint_document(folded) if f.kind is LintKind.STRAY_NUMBER]
    assert [f.label for f in found] == ["cl. 3.2"] and "'9'" in found[0].detail
