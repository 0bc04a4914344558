"""Legal language is written once, in pincite.legal (issue 28): no module outside legal/ defines a neutral citation
pattern, a month table, a court's divisions or a judge's disposal/dissent/agreement pattern of its own.  Read from
the source, as tests/test_layers.py reads imports."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from tests.conftest import REPO

SRC = REPO / "src" / "pincite"
LEGAL = SRC / "legal"

#: what a second copy of each table looks like in source text
SIGNS: dict[str, re.Pattern[str]] = {
    # a regex for a bracketed year ("\[\d{4}\]", "\[(?:19|20)\d{2}\]"): the opening of a neutral citation
    "neutral citation": re.compile(r"\\\[\(\?:19\|20\)\\d|\\\[\\d\{4\}\\\]|\\\[\(\?:19\|20\)|\(\?:1\[89\]\|20\)\\d"),
    # a court's divisions written out ("Civ|Crim", "Crim|Admin")
    "court divisions": re.compile(r"\bCiv\|Crim\b|\bCrim\|Admin\b|\bFam\|Admin\b|\(\"Civ\", "),
    # three month names in a row: a month table
    "month table": re.compile(r"(?i)january\W+february\W+march"),
    # a judge's statement of dissent or agreement, as a pattern
    "dissent pattern": re.compile(r"different\\s\+conclusion|unable\\s\+to\\s\+agree|I\\s\+\(\?:also"),
}


def _hits(root: Path, skip: Path | None) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {k: [] for k in SIGNS}
    for p in sorted(root.rglob("*.py")):
        if skip is not None and skip in p.parents:
            continue
        for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1):
            for kind, sign in SIGNS.items():
                if sign.search(line):
                    out[kind].append(f"{p.relative_to(SRC)}:{n}")
    return out


@pytest.mark.parametrize("kind", sorted(SIGNS))
def test_no_legal_table_outside_legal(kind: str) -> None:
    hits = _hits(SRC, skip=LEGAL)[kind]
    assert not hits, f"a {kind} defined outside pincite.legal: {hits}"


@pytest.mark.parametrize("kind", sorted(SIGNS))
def test_the_check_sees_the_one_table(kind: str) -> None:
    """Each sign finds the one table in legal/, else the check above proves nothing."""
    assert _hits(LEGAL, skip=None)[kind], f"the {kind} sign finds nothing in legal/"


def test_the_one_neutral_citation_reads_every_form() -> None:
    from pincite.legal.citations import neutral_citations, neutral_core
    from pincite.legal.judgments import find_citation
    from pincite.search.lexical import legal_phrases

    text = "See [2020] EWCA Civ 1018 at [61], [2023] EWHC 257 (Ch), [2024] ZASCA 21, [2023] ScotCS 3 and 2019 SCC 65."
    assert [neutral_core(m) for m in neutral_citations(text)] == [
        "2020 EWCA Civ 1018", "2023 EWHC 257", "2024 ZASCA 21", "2023 ScotCS 3"]
    assert [neutral_core(m) for m in neutral_citations(text, bracketed=False)][-1] == "2019 SCC 65"
    assert find_citation("Neutral Citation Number: [2020] EWCA Civ 1375\nCase No: A1") == "[2020] EWCA Civ 1375"
    assert ("docinfo", "2024 zasca 21") in legal_phrases("what did 2024 ZASCA 21 decide")
    # a year before a capitalised word is no citation without brackets
    assert not neutral_citations("In 2019 Smith 5 was paid.", bracketed=False)
