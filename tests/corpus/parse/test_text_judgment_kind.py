"""A plain-text judgment is read as a judgment, not a contract, from its caption (the court, the parties' roles,
the judgment heading, the cover sheet's fields, the neutral citation: pincite.legal.text_judgments.CAPTION_SIGNS),
weighed against a contract's evidence; and contracts keep their kind.

The two judgments are the zoo's New Zealand texts that quote a contract or a deed with its clause numbers and say
it "was made" / "was entered into", which the contract reader took for clauses and a party signal."""

from __future__ import annotations

from pathlib import Path

import pytest

from pincite.legal.text_judgments import CAPTION_SIGNS_NEEDED
from pincite.parse import parse_bytes
from pincite.parse.text import caption_signs, contract_evidence
from pincite.types import DocumentKind
from tests.conftest import REPO
from tests.support.bulk_sample import sample

NZ = REPO / "zoo" / "judgment_text_nz_court_of_appeal"
JUDGMENTS = ["nzca_2014_449_morgenstern_v_jeffreys.txt", "nzhc_2018_3408_green_v_carr.txt",
             "nzca_2017_190_fang_v_mbie.txt"]


@pytest.mark.parametrize("name", JUDGMENTS)
def test_nz_text_judgment_is_a_judgment(name):
    data = (NZ / name).read_bytes()
    doc = parse_bytes(data, name)
    assert doc.kind == DocumentKind.JUDGMENT
    signs = caption_signs(doc.text)
    assert len(signs) >= CAPTION_SIGNS_NEEDED
    assert any("court's name" in s for s in signs) and any("neutral citation" in s for s in signs)


def test_the_caption_outweighs_the_contract_signals_a_judgment_quotes():
    # Green v Carr quotes the settlement agreement ("11. The plaintiffs agree to pay …") and says it "was entered
    # into": one contract signal, against seven caption signs
    text = (NZ / "nzhc_2018_3408_green_v_carr.txt").read_text(encoding="utf-8")
    assert contract_evidence(text, "", text.index("11. The"), None) >= 1
    assert len(caption_signs(text)) > contract_evidence(text, "", text.index("11. The"), None)


def _reserved(shared: Path) -> set[str]:
    return {line[2:].strip().split("/", 1)[1] for line in (shared / "RESERVED.md").read_text().splitlines()
            if line.startswith("- cuad_v1_txt/")}


@pytest.mark.shared
def test_contracts_keep_their_kind(shared, corpus):
    """The fixed sample of bulk CUAD contracts and the corpus contracts (reserved files left out): no caption
    sign enough to be a judgment, and none read as one.  All 502 unreserved bulk contracts and the corpus ones
    were checked once (lab/notes/parsing.md): none changed kind or units."""
    files = [p for p in sample(shared / "bulk", "cuad_v1_txt") if p.name not in _reserved(shared)]
    files += sorted((corpus / "contracts_cuad" / "txt").glob("*.txt"))
    assert len(files) >= 40
    kinds = {}
    for p in files:
        doc = parse_bytes(p.read_bytes(), p.name)
        assert len(caption_signs(doc.text)) < CAPTION_SIGNS_NEEDED, p.name
        kinds[p.name] = doc.kind
    assert DocumentKind.JUDGMENT not in kinds.values()
    assert sum(k == DocumentKind.CONTRACT for k in kinds.values()) >= 0.7 * len(kinds)


#: the shape of an Upper Tribunal (Lands Chamber) decision's cover: the tribunal as its heading, the decision
#: appealed against, the parties by role, the judge by name and office with no "Before:", the cases referred to
#: (a held-out set's decision of this shape was stored as plain text, its 37 paragraphs lost: issue 52)
UT_COVER = """UPPER TRIBUNAL (LANDS CHAMBER)

UT Neutral citation number: [2022] UKUT 999 (LC)

TRIBUNALS, COURTS AND ENFORCEMENT ACT 2007

HOUSING - CIVIL PENALTY - whether a penalty may be imposed on each of two joint owners - appeal dismissed

AN APPEAL AGAINST A DECISION OF THE FIRST-TIER TRIBUNAL

(PROPERTY CHAMBER)

BETWEEN:

ALEX EXAMPLE

Appellant

-and-

NORTHTOWN BOROUGH COUNCIL

Respondent

Jane Doe, Deputy Chamber President

18 January 2022

The following cases are referred to in this decision:

Smith v Jones [2021] UKUT 38 (LC)

Introduction

1. Does section 249A of the Housing Act 2004 allow a financial penalty to be imposed on each of two joint owners?

2. The penalties were imposed because the council was satisfied that each owner had control of the house.

""" + "".join(f"{n}. The tribunal considered the owners' and the council's evidence on issue {n}.\n\n" for n in range(3, 12)) + \
    "12. For these reasons the appeal is dismissed.\n"


def test_a_tribunal_s_cover_is_a_judgment_s():
    signs = caption_signs(UT_COVER)
    assert len(signs) >= CAPTION_SIGNS_NEEDED, signs
    assert any("tribunal named" in s for s in signs) and any("appealed against" in s for s in signs)
    doc = parse_bytes(UT_COVER.encode(), "ut_lc_decision.txt")
    assert doc.kind == DocumentKind.JUDGMENT
    assert [u.label for u in doc.units if u.citable][:3] == ["[1]", "[2]", "[3]"]
    assert doc.citation == "[2022] UKUT 999 (LC)"
