"""A fixed, seeded, stratified sample of ../shared/bulk for the tests, and the per-file checks that the tests
run on the sample and bench/bulk_sweep.py (a probe, at commit aea80a3) runs on every file.

Parsing every bulk file (393 judgments, 510 contracts, 87 Acts) took over a minute of the suite's time on two
shared cores, for checks that give the same answer on every file each run; the full sweep is a bench script
that prints its counts (bench/NOTES.md, "Suite time (branch i32t)").  The tests keep real files of every kind:

* every collection and every sub-folder of it (canada_acts/current and canada_acts/2022-12-09) is a stratum,
  split again by file size into quartiles (short and long documents fail differently), and the same number of
  files is drawn from each cell with a fixed seed, so the sample is the same on every run and every machine;
* the files ../shared/corpus/MANIFEST.md and ../shared/bulk/README.md name for their traps are always in it:
  the twelve EWCA judgments of the corpus (dissents, counterfactual negatives, a paragraph continued after a
  page break, a judge's heading glued to a paragraph), the nine CUAD contracts of the corpus (page numbers and
  "Source:" footers inside the text, the amendment pair), the repealed Act with no provisions (C-0.4.xml, in
  both consolidations) and H-3.xml, whose own parser repeats labels.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

from lxml import etree

SEED = "pincite-bulk-sample-1"
AKN = "{http://docs.oasis-open.org/legaldocml/ns/akn/3.0}"

#: Files always in the sample, by collection: the ones the MANIFEST and the bulk README describe.
TRAPS: dict[str, tuple[str, ...]] = {
    "ewca_civ_2020_akn": tuple(f"2020-ewca-{n}-civ.xml" for n in (
        "1", "1018", "1300", "1357", "1375", "1621", "1690", "1741", "346", "553", "833", "871")),
    "cuad_v1_txt": (
        "CybergyHoldingsInc_20140520_10-Q_EX-10.27_8605784_EX-10.27_Affiliate Agreement.txt",
        "FuseMedicalInc_20190321_10-K_EX-10.43_11575454_EX-10.43_Distributor Agreement.txt",
        "IdeanomicsInc_20160330_10-K_EX-10.26_9512211_EX-10.26_Content License Agreement.txt",
        "LeadersonlineInc_20000427_S-1A_EX-10.8_4991089_EX-10.8_Co-Branding Agreement.txt",
        "AIRTECHINTERNATIONALGROUPINC_05_08_2000-EX-10.4-FRANCHISE AGREEMENT.txt",
        "ENERGOUSCORP_03_16_2017-EX-10.24-STRATEGIC ALLIANCE AGREEMENT.txt",
        "XLITECHNOLOGIES,INC_12_11_2015-EX-10.1-Sponsorship Agreement.txt",
        "BIOAMBERINC_04_10_2013-EX-10.34-DEVELOPMENT AGREEMENT (1).txt",
        "BIOAMBERINC_04_10_2013-EX-10.34-DEVELOPMENT AGREEMENT - First Amendment.txt",
    ),
    "canada_acts": ("current/C-0.4.xml", "2022-12-09/C-0.4.xml", "current/H-3.xml"),
}

#: Files drawn from each (sub-folder, size quartile) cell, by collection.
PER_CELL = {"ewca_civ_2020_akn": 5, "cuad_v1_txt": 8, "canada_acts": 3}

#: What each collection's files end with.
SUFFIX = {"ewca_civ_2020_akn": ".xml", "cuad_v1_txt": ".txt", "canada_acts": ".xml"}


def every_file(bulk: Path, collection: str) -> list[Path]:
    """Every file of one bulk collection, sorted by path."""
    return sorted(p for p in (bulk / collection).rglob(f"*{SUFFIX[collection]}") if p.is_file())


#: Trap files that are byte for byte files of ../shared/corpus too (a test that reads corpus/ as well leaves them
#: out of the sample: it has them already).
IN_CORPUS = {"ewca_civ_2020_akn": "uk_find_case_law/ewca_civ_2020_legacy_akn", "cuad_v1_txt": "contracts_cuad/txt"}


def sample(bulk: Path, collection: str, with_corpus_copies: bool = True) -> list[Path]:
    """The collection's fixed sample (sorted by path): ``PER_CELL`` files from each (sub-folder, size quartile)
    cell, drawn with the fixed seed, and the named traps (less those that are copies of corpus files, when
    ``with_corpus_copies`` is false)."""
    root = bulk / collection
    files = every_file(bulk, collection)
    picked = {root / name for name in TRAPS[collection]}
    missing = [p for p in picked if not p.is_file()]
    assert not missing, f"trap files not in {root}: {missing}"
    if not with_corpus_copies and collection in IN_CORPUS:
        corpus = bulk.parent / "corpus" / IN_CORPUS[collection]
        copies = {p for p in picked if (corpus / p.name).read_bytes() == p.read_bytes()}
        assert copies == picked, f"not copies of {corpus}: {sorted(picked - copies)}"
    rng = random.Random(f"{SEED}:{collection}")
    for folder in sorted({p.parent for p in files}):
        here = sorted((p for p in files if p.parent == folder), key=lambda p: (p.stat().st_size, p.name))
        for q in range(4):
            cell = [p for p in here[len(here) * q // 4: len(here) * (q + 1) // 4] if p not in picked]
            picked.update(rng.sample(cell, min(PER_CELL[collection], len(cell))))
    if not with_corpus_copies and collection in IN_CORPUS:
        picked -= copies
    return sorted(picked)


# -- the checks, one file at a time ---------------------------------------------------------------------------


def markup_sequence(data: bytes) -> int:
    """How far 1, 2, 3 ... runs among the <num>s of the decision's own <paragraph>s, markup alone."""
    root = etree.fromstring(data)
    decision = root.find(f".//{AKN}decision")
    last = 0
    for p in decision if decision is not None else []:
        num = p.find(f"{AKN}num") if p.tag == f"{AKN}paragraph" else None
        m = re.match(r"^(\d+)\.?$", (num.text or "").strip()) if num is not None else None
        if m and int(m.group(1)) == last + 1:
            last += 1
    return last


def akn_short(path: Path) -> tuple[str, int] | None:
    """(name, paragraphs found) when the parser found fewer numbered reasons paragraphs than the markup's own
    1, 2, 3 ... run; None when it found them all."""
    from pincite.parse import parse_bytes
    from pincite.types import UnitKind, Zone

    data = path.read_bytes()
    doc = parse_bytes(data, str(path))
    found = sum(1 for u in doc.units if u.kind == UnitKind.PARAGRAPH and u.zone == Zone.REASONS)
    return (path.name, found) if found < markup_sequence(data) else None


def cuad_is_contract(path: Path) -> bool:
    """Parse one CUAD text (raising on any failure); whether it was read as a contract with clauses."""
    from pincite.parse import parse_bytes
    from pincite.types import DocumentKind

    return parse_bytes(path.read_bytes(), path.name).kind == DocumentKind.CONTRACT


def label_counts(path: str) -> tuple[str, list[str], list[str], str] | None:
    """(path, labels duplicated in the document parse_bytes returns, labels the format's parser itself
    duplicated, kind); None for a Canadian file that is only an <Identification> block (refused, with its
    reason).  The file is parsed once: parse_bytes is the format's parser, then validate_units, then
    unique_labels; so the returned document's labels are unique_labels of the parser's (the parse_bytes path
    itself is tested in tests/parse/test_unique_labels.py on a contract whose parser still repeats a label)."""
    from pincite.errors import ParseError
    from pincite.ingest import read_file
    from pincite.parse import parser_for, sniff_format
    from pincite.parse.builder import duplicate_labels, unique_labels

    try:
        data = read_file(path, path)
        raw = parser_for(sniff_format(data, path))(data, path)
    except ParseError as e:
        if "has no <Body>" in str(e):
            return None
        raise
    final = unique_labels(raw.units)
    return (path, [lab for lab, _ in duplicate_labels(final)], [lab for lab, _ in duplicate_labels(raw.units)],
            raw.kind.value)
