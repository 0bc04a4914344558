"""Synthetic contracts (tests/support/contract_synth.py): every clause's words lie in the unit labelled with its own
number, whatever the numbering does (jumps of any size, depth 1-4, ARTICLE/Section, lists), and schedules and
signature blocks are units of their own — as .txt and as PDF."""

from __future__ import annotations

import pytest

from pincite.parse import parse_bytes
from tests.support.contract_synth import make_spec, mislabelled, render_pdf, render_txt


def _check(spec, doc) -> None:  # type: ignore[no-untyped-def]
    bad = mislabelled(spec, doc.text, doc.units)
    assert not bad, f"seed {spec.seed}: {len(bad)} words in the wrong unit, e.g. {bad[:3]}"
    labels = [u.label for u in doc.units]
    assert len(labels) == len(set(labels)), f"seed {spec.seed}: duplicate labels"


@pytest.mark.parametrize("block", range(8))
def test_txt_words_in_their_own_clause(block: int) -> None:
    for seed in range(block * 25, block * 25 + 25):
        spec = make_spec(seed)
        _check(spec, parse_bytes(render_txt(spec).encode(), f"synth-{seed}.txt"))


@pytest.mark.parametrize("block", range(2))
def test_pdf_words_in_their_own_clause(block: int, tmp_path) -> None:  # type: ignore[no-untyped-def]
    for seed in range(10_000 + block * 12, 10_000 + block * 12 + 12):
        spec = make_spec(seed)
        path = tmp_path / f"synth-{seed}.pdf"
        render_pdf(spec, path)
        _check(spec, parse_bytes(path.read_bytes(), path.name))


def test_generator_covers_what_it_promises() -> None:
    """The seeds the suite runs include jumps of 6 and more, depth 4, articles, lists, schedules before and
    after the signatures, and wrapped cross-references."""
    specs = [make_spec(s) for s in range(200)]
    text = "".join(render_txt(s) for s in specs)
    assert any(s.style == "article" for s in specs)
    assert any(b.label.count(".") >= 4 for s in specs for b in s.blocks)  # "cl. 2.1.1.3"
    assert "(a)" in text and "(ii)" in text and "SCHEDULE 1" in text and "EXHIBIT A" in text
    tops = [[int(b.number.rstrip(".")) for b in s.blocks if b.number and b.number[:-1].isdigit()] for s in specs]
    assert any(b - a >= 6 for t in tops for a, b in zip(t, t[1:]))
    import re
    assert re.search(r"(?m)(?:Section|clause|paragraph)\n\s*\d+(?:\.\d+)* (?:of|above|below,|and)", text)
