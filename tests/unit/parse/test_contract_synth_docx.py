"""Issue 25's synthetic contracts (tests/support/contract_synth.py) rendered as Word files whose numbers exist only in
Word's list numbering (tests/support/contract_synth_docx.py): every number is drawn where its clause starts, and every
clause's words lie in the unit labelled with its own number at least wherever the .txt of the same contract has
them there — the .docx reader adds no mislabelled word of its own.  (With issue 25's text-analysis fixes, branch
i25a, the .txt has none, and so must the .docx.)
"""

from __future__ import annotations

import pytest

from pincite.parse import parse_bytes
from pincite.parse.docx import read_docx
from pincite.types import Format
from tests.support.contract_synth import make_spec, mislabelled, render_txt
from tests.support.contract_synth_docx import docx_data

SEEDS = range(224)


@pytest.mark.parametrize("seed", SEEDS)
def test_word_numbering_of_a_synthetic_contract(seed: int) -> None:
    spec = make_spec(seed)
    data = docx_data(spec)
    text = read_docx(data, f"synth_{seed}.docx").text
    for b in spec.blocks:  # Word drew every number, at the start of a line
        if b.number and not b.number.startswith(("SCHEDULE", "EXHIBIT", "ANNEX")):
            assert f"\n{b.number}" in text, (seed, b.number)
    doc = parse_bytes(data, f"synth_{seed}.docx")
    assert doc.format is Format.DOCX and doc.text == text
    txt = parse_bytes(render_txt(spec).encode(), f"synth_{seed}.txt")
    from_docx = {m for m, _want, _got in mislabelled(spec, doc.text, doc.units)}
    from_txt = {m for m, _want, _got in mislabelled(spec, txt.text, txt.units)}
    assert from_docx <= from_txt, sorted(mislabelled(spec, doc.text, doc.units))[:8]
