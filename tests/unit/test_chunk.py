"""The structural chunker and the window baseline: properties over generated documents, and the audit."""

from __future__ import annotations

import json
from dataclasses import dataclass

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pincite.audit import ChunkClaim, FindingKind, audit_chunks, claims_from_chunks, claims_from_jsonl
from pincite.chunk import ChunkSettings, WindowSettings, chunk_document, sentence_spans, window_chunks
from pincite.parse.builder import TextBuilder, UnitCollector
from pincite.types import Document, DocumentKind, Format, PageMarker, Role, UnitKind, Zone

WORDS = ["the", "appeal", "court", "held", "that", "costs", "s.", "4(1)", "Mr", "v.", "Smith", "agreed",
         "judgment", "order", "tenant", "£300,000", "para.", "12", "reasons", "dismissed"]


@dataclass
class Para:
    sentences: list[str]
    subs: list[list[str]]
    zone: Zone
    author: str | None
    role: Role | None


def sentence_st() -> st.SearchStrategy[str]:
    return st.lists(st.sampled_from(WORDS), min_size=3, max_size=40).map(
        lambda ws: (" ".join(ws)).capitalize() + "."
    )


para_st = st.builds(
    Para,
    sentences=st.lists(sentence_st(), min_size=1, max_size=12),
    subs=st.lists(st.lists(sentence_st(), min_size=1, max_size=3), max_size=3),
    zone=st.sampled_from([Zone.REASONS, Zone.REASONS, Zone.REASONS, Zone.HEADNOTE]),
    author=st.sampled_from(["Able LJ", "Baker LJ", None]),
    role=st.sampled_from([Role.LEAD, Role.DISSENTING, None]),
)


def build_document(paras: list[Para], headings: bool = True) -> Document:
    b = TextBuilder()
    c = UnitCollector(b)
    number = 0
    for i, p in enumerate(paras):
        if headings and i % 4 == 0:
            h = c.begin(UnitKind.HEADING, p.zone, False, label=f"Heading {i}")
            b.append(f"Heading {i}")
            b.separate()
            c.end(h)
        number += 1
        citable = p.zone is Zone.REASONS
        o = c.begin(UnitKind.PARAGRAPH, p.zone, citable, number=str(number), label=f"[{number}]",
                    author=p.author, role=p.role)
        b.append(" ".join(p.sentences))
        for j, sub in enumerate(p.subs):
            b.separate("\n")
            letter = "abcdefgh"[j]
            s = c.begin(UnitKind.SUBPARAGRAPH, p.zone, citable, number=f"({letter})", label=f"[{number}({letter})]",
                        author=p.author, role=p.role)
            b.append(f"({letter}) " + " ".join(sub))
            c.end(s)
        b.separate()
        c.end(o)
    text = b.text()
    return Document(id="doc_gen", source="gen.xml", format=Format.AKN, kind=DocumentKind.JUDGMENT,
                    title="Generated", text=text, units=c.units(), content_sha256="0" * 64)


@settings(max_examples=60, deadline=None)
@given(paras=st.lists(para_st, min_size=1, max_size=14), max_chars=st.integers(80, 900))
def test_structural_chunks_respect_structure(paras: list[Para], max_chars: int) -> None:
    doc = build_document(paras)
    cs = ChunkSettings(max_chars=max_chars, merge_chars=min(max_chars, 300))
    chunks = chunk_document(doc, cs)
    n = len(doc.text)
    by_ord = {u.ordinal: u for u in doc.units}
    covered = [0] * n
    for ch in chunks:
        assert 0 <= ch.char_start < ch.char_end <= n
        owners = [by_ord[o] for o in ch.units]
        # inside its claimed units, never crossing their boundary
        for u in owners:
            assert ch.numbers[ch.units.index(u.ordinal)] == u.number  # numbers copied, never derived
        assert owners[0].char_start <= ch.char_start and ch.char_end <= owners[-1].char_end
        if len(owners) == 1 and ch.pieces > 1:
            assert ch.char_end - ch.char_start <= max_chars
        for i in range(ch.char_start, ch.char_end):
            covered[i] += 1
        assert len({(u.zone, u.author, u.role) for u in owners}) == 1
    # every citable unit's text is covered exactly once (whitespace aside)
    for u in doc.units:
        if u.citable and u.kind is not UnitKind.HEADING:
            for i in range(u.char_start, u.char_end):
                if not doc.text[i].isspace():
                    assert covered[i] == 1, (u.label, i)
    # and our own audit finds nothing wrong with our chunks
    report = audit_chunks(doc, claims_from_chunks(chunks), "structural")
    assert report.flagged == [], [(c.claimed, c.findings) for c in report.flagged]


@settings(max_examples=30, deadline=None)
@given(paras=st.lists(para_st, min_size=1, max_size=10), max_chars=st.integers(80, 600))
def test_split_pieces_keep_the_unit_number(paras: list[Para], max_chars: int) -> None:
    doc = build_document(paras, headings=False)
    chunks = chunk_document(doc, ChunkSettings(max_chars=max_chars, merge_chars=min(300, max_chars)))
    pieces: dict[int, list] = {}
    for ch in chunks:
        if ch.pieces > 1:
            pieces.setdefault(ch.units[0], []).append(ch)
    for ordinal, group in pieces.items():
        unit = next(u for u in doc.units if u.ordinal == ordinal)
        assert {c.numbers for c in group} == {(unit.number,)}
        assert sorted(c.piece for c in group) == list(range(group[0].pieces))


def test_chunk_ids_are_stable() -> None:
    paras = [Para(["First sentence here.", "Another one."], [], Zone.REASONS, "Able LJ", Role.LEAD)] * 5
    a = chunk_document(build_document(paras))
    b = chunk_document(build_document(paras))
    assert [c.id for c in a] == [c.id for c in b]
    assert len({c.id for c in a}) == len(a)


def long_judgment() -> Document:
    long_sentences = [f"This is sentence number {i} of a long paragraph about costs and appeals." for i in range(40)]
    paras = [Para(long_sentences, [], Zone.HEADNOTE, None, None)]
    paras += [Para(long_sentences[: 5 + i % 7], [], Zone.REASONS, "Able LJ", Role.LEAD) for i in range(8)]
    paras += [Para(long_sentences[: 6 + i % 5], [], Zone.REASONS, "Baker LJ", Role.DISSENTING) for i in range(6)]
    return build_document(paras)


def test_window_baseline_is_flagged_and_structural_is_not() -> None:
    doc = long_judgment()
    ours = audit_chunks(doc, claims_from_chunks(chunk_document(doc)), "structural")
    base = audit_chunks(doc, claims_from_chunks(window_chunks(doc, WindowSettings(128, 16))), "window")
    assert ours.flagged == []
    counts = base.counts()
    assert counts["wrong-number"] > 0 and counts["crosses-unit"] > 0
    assert counts["mixed-zone"] >= 1  # the headnote runs into the reasons
    assert counts["mixed-judge"] >= 1  # the majority runs into the dissent
    assert base.summary()["wrong_number_share"] > 0.5


def test_overlap_is_context_not_citation() -> None:
    doc = long_judgment()
    plain = chunk_document(doc, ChunkSettings(overlap_chars=0))
    lapped = chunk_document(doc, ChunkSettings(overlap_chars=120))
    assert [(c.char_start, c.char_end, c.units) for c in plain] == [(c.char_start, c.char_end, c.units)
                                                                    for c in lapped]
    assert all(c.context_start is not None and c.context_start <= c.char_start for c in lapped)
    assert any(c.context_start < c.char_start for c in lapped)


def test_sentence_splitter_keeps_legal_abbreviations() -> None:
    text = "In Smith v. Jones, see s. 4(1) and para. 12. The appeal was dismissed. Mr. A agreed."
    got = [text[a:b] for a, b in sentence_spans(text, 0, len(text))]
    assert got == ["In Smith v. Jones, see s. 4(1) and para. 12.", "The appeal was dismissed.", "Mr. A agreed."]


# -- auditing another pipeline's chunks ------------------------------------------------------------


def small_doc() -> Document:
    paras = [
        Para(["The claimant sued for costs."], [], Zone.REASONS, "Able LJ", Role.LEAD),
        Para(["The appeal is allowed."], [], Zone.REASONS, "Able LJ", Role.LEAD),
        Para(["The appeal is allowed."], [], Zone.REASONS, "Baker LJ", Role.DISSENTING),
    ]
    doc = build_document(paras, headings=False)
    # pretend the document came from a PDF whose second printed page starts at paragraph [2]
    p2 = next(u for u in doc.units if u.number == "2")
    pages = (PageMarker(0, "7", 0, p2.char_start), PageMarker(1, "8", p2.char_start, len(doc.text)))
    return Document(**{**{f: getattr(doc, f) for f in doc.__dataclass_fields__}, "pages": pages})


def test_external_chunks_exact_offsets() -> None:
    doc = small_doc()
    u1, u2 = (u for u in doc.units if u.number in ("1", "2"))
    lines = [
        json.dumps({"text": doc.text[u1.char_start:u1.char_end], "char_start": u1.char_start,
                    "char_end": u1.char_end, "number": "1"}),
        json.dumps({"text": "x", "char_start": u1.char_start, "char_end": u2.char_end, "number": "1"}),
    ]
    rep = audit_chunks(doc, claims_from_jsonl(lines, "chunks.jsonl"))
    assert rep.chunks[0].findings == ()
    kinds = {f.kind for f in rep.chunks[1].findings}
    assert FindingKind.WRONG_NUMBER in kinds  # claims [1] but holds [2]


def test_external_chunks_text_only_twice_and_missing() -> None:
    doc = small_doc()
    lines = [
        json.dumps({"text": "The claimant sued for costs.", "metadata": {"number": "1"}}),
        json.dumps({"text": "The appeal is allowed."}),  # occurs in [2] and [3]
        json.dumps({"text": "Words the court never wrote."}),
        json.dumps({"text": "The claimant   sued\nfor costs.", "number": "2"}),  # whitespace differs, wrong number
        json.dumps({"text": "The appeal is allowed.", "number": "8", "page": "8"}),
    ]
    rep = audit_chunks(doc, claims_from_jsonl(lines, "chunks.jsonl"))
    kinds = [{f.kind for f in c.findings} for c in rep.chunks]
    assert kinds[0] == set()
    assert FindingKind.AMBIGUOUS in kinds[1]
    assert kinds[2] == {FindingKind.NOT_FOUND}
    assert FindingKind.WRONG_NUMBER in kinds[3]
    assert FindingKind.NUMBER_FROM_PAGE in kinds[4]


def test_bad_jsonl_names_the_line() -> None:
    from pincite.errors import PinciteError

    with pytest.raises(PinciteError, match="chunks.jsonl:2"):
        claims_from_jsonl(['{"text": "a"}', "{not json"], "chunks.jsonl")


def test_offsets_outside_document_are_a_finding() -> None:
    doc = small_doc()
    rep = audit_chunks(doc, [ChunkClaim(0, None, 0, len(doc.text) + 10, number="1")])
    assert rep.chunks[0].findings[0].kind is FindingKind.NOT_FOUND
