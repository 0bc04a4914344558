"""Akoma Ntoso files with a namespace prefix used outside the element that declares it are read, not refused;
and the Find Case Law shape of the zoo: quoted legislation marked up as the paragraph's sub-items, a decision
marked up inside the last paragraph."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from pincite.errors import ParseError
from pincite.evaluation.zoo import score_key
from pincite.parse import parse_bytes
from pincite.parse.xmlsafe import load_xml
from pincite.types import Zone

JUDGMENT = "uk_find_case_law/modern_fcl_akn/ewhc_ch_2023_257.xml"
UK = b'xmlns:uk="https://caselaw.nationalarchives.gov.uk/akn"'


def _slipped(data: bytes) -> bytes:
    """The judgment as a converter that declares ``uk:`` only on <proprietary> writes it, with ``uk:`` used in
    the body too."""
    assert UK in data[:2000]
    data = data.replace(b" " + UK, b"", 1)
    data = data.replace(b"<proprietary ", b"<proprietary " + UK + b" ", 1)
    data = data.replace(b"<judgmentBody>", b"<judgmentBody><uk:tab/>", 1)
    return re.sub(rb"(<p\b[^>]*>)", rb"\1<uk:mark/>", data, count=3)


@pytest.mark.shared
def test_prefix_declared_only_inside_proprietary_is_recovered(corpus: Path) -> None:
    path = corpus / JUDGMENT
    original = parse_bytes(path.read_bytes(), str(path))
    slipped = _slipped(path.read_bytes())
    with pytest.raises(Exception):  # the file really is not namespace-well-formed as it stands
        from lxml import etree

        etree.fromstring(slipped, etree.XMLParser(recover=False))
    doc = parse_bytes(slipped, "slipped.xml")
    assert doc.text == original.text
    assert [(u.label, u.char_start, u.char_end) for u in doc.units] == \
        [(u.label, u.char_start, u.char_end) for u in original.units]
    assert [w for w in doc.warnings if "namespace prefix 'uk'" in w and "caselaw.nationalarchives" in w]
    assert not [w for w in original.warnings if "namespace prefix" in w]


def test_prefix_declared_nowhere_gets_a_placeholder() -> None:
    root, warnings = load_xml(b'<?xml version="1.0"?>\n<!-- a comment -->\n<a xmlns="urn:a"><x:b>t</x:b></a>',
                              "n.xml")
    assert root[0].tag == "{urn:pincite:undeclared-prefix:x}b" and root[0].text == "t"
    assert len(warnings) == 1 and "'x'" in warnings[0] and "placeholder" in warnings[0]


def test_other_broken_xml_is_still_refused() -> None:
    with pytest.raises(ParseError, match=r"bad\.xml.*not well-formed"):
        load_xml(b'<a xmlns:x="urn:x"><x:b></a>', "bad.xml")


@pytest.mark.shared
def test_find_case_law_quoted_sub_items_and_decision(shared: Path) -> None:
    path = shared / "zoo/judgment_akn_uk_find_case_law/ukut_iac_2012_82_abisoye.xml"
    doc = parse_bytes(path.read_bytes(), str(path))
    labels = [u.label for u in doc.units if u.label]
    # s. 88A quoted in [9] and article 4 quoted in [10]: their numbers are not the judgment's
    assert not [x for x in labels if x.startswith(("[9](", "[10] "))]
    nine = next(u for u in doc.units if u.label == "[9]")
    assert "(2) Regulations under subsection (1) may" in doc.text[nine.char_start:nine.char_end]
    # the decision after [20] and the signature: the order as made, not reasons
    twenty = next(u for u in doc.units if u.label == "[20]")
    decision = doc.text.index("The decision of the First-tier Tribunal does not involve")
    assert twenty.char_end < decision
    assert [u.zone for u in doc.units if u.char_start <= decision < u.char_end] == [Zone.ORDER]
    result = score_key(path.with_name("ukut_iac_2012_82_abisoye.key.json"), doc)  # type: ignore[arg-type]
    assert (result.right, result.kept_out) == (18, 4), result.misses
