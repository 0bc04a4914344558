"""Word documents written by us, XML and all, for the .docx reader's tests.

``docx_bytes`` zips a package from the parts given; ``para`` writes one ``w:p``; ``synth_contract(seed)`` is a
seeded generator of contracts whose clause numbers exist only in Word's list numbering (``numbering.xml``:
an abstract numbering of four levels ``%1.`` / ``%1.%2`` / ``(%3)`` lowerLetter / ``(%4)`` lowerRoman, clause
numbers that jump through ``w:num`` instances with ``w:startOverride``, lists restarting under each parent,
numbering given by a heading style) and which returns, for each clause, the label it must be stored under and
words found only in its own text.
"""

from __future__ import annotations

import io
import random
import zipfile
from dataclasses import dataclass
from xml.sax.saxutils import escape

W_NS = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"

CONTENT_TYPES = (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
    '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
    '<Default Extension="xml" ContentType="application/xml"/>'
    '<Override PartName="/word/document.xml" '
    'ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>'
    '</Types>')
ROOT_RELS = (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
    '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
    '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/'
    'officeDocument" Target="word/document.xml"/></Relationships>')
DOC_RELS = (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
    '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
    '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/'
    'numbering" Target="numbering.xml"/>'
    '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/'
    'styles" Target="styles.xml"/></Relationships>')


def run(text: str) -> str:
    return f'<w:r><w:t xml:space="preserve">{escape(text)}</w:t></w:r>'


def para(text: str = "", num: int | None = None, ilvl: int = 0, style: str | None = None,
         inner: str | None = None) -> str:
    ppr = ""
    if style or num is not None:
        ppr = "<w:pPr>" + (f'<w:pStyle w:val="{style}"/>' if style else "")
        if num is not None:
            ppr += f'<w:numPr><w:ilvl w:val="{ilvl}"/><w:numId w:val="{num}"/></w:numPr>'
        ppr += "</w:pPr>"
    return f"<w:p>{ppr}{inner if inner is not None else run(text)}</w:p>"


def document(body: str) -> str:
    return (f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="{W_NS}">'
            f"<w:body>{body}<w:sectPr/></w:body></w:document>")


def level(ilvl: int, fmt: str, text: str, start: int = 1, restart: int | None = None,
          style: str | None = None) -> str:
    extra = f'<w:lvlRestart w:val="{restart}"/>' if restart is not None else ""
    extra += f'<w:pStyle w:val="{style}"/>' if style else ""
    return (f'<w:lvl w:ilvl="{ilvl}"><w:start w:val="{start}"/><w:numFmt w:val="{fmt}"/>{extra}'
            f'<w:lvlText w:val="{escape(text)}"/></w:lvl>')


def numbering(abstracts: dict[int, str], nums: dict[int, tuple[int, dict[int, int]]]) -> str:
    """``abstracts``: id -> its w:lvl XML; ``nums``: numId -> (abstractNumId, {ilvl: startOverride})."""
    out = [f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:numbering xmlns:w="{W_NS}">']
    for aid, levels in abstracts.items():
        out.append(f'<w:abstractNum w:abstractNumId="{aid}">{levels}</w:abstractNum>')
    for nid, (aid, overrides) in nums.items():
        ovs = "".join(f'<w:lvlOverride w:ilvl="{k}"><w:startOverride w:val="{v}"/></w:lvlOverride>'
                      for k, v in overrides.items())
        out.append(f'<w:num w:numId="{nid}"><w:abstractNumId w:val="{aid}"/>{ovs}</w:num>')
    out.append("</w:numbering>")
    return "".join(out)


def styles(heading_num: int | None = None) -> str:
    """Title and Heading 1 styles; with ``heading_num`` Heading 1 is numbered by that list (level 0)."""
    num = (f'<w:pPr><w:numPr><w:numId w:val="{heading_num}"/></w:numPr><w:outlineLvl w:val="0"/></w:pPr>'
           if heading_num is not None else '<w:pPr><w:outlineLvl w:val="0"/></w:pPr>')
    return (f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:styles xmlns:w="{W_NS}">'
            '<w:style w:type="paragraph" w:styleId="Normal"><w:name w:val="Normal"/></w:style>'
            '<w:style w:type="paragraph" w:styleId="Title"><w:name w:val="Title"/>'
            '<w:basedOn w:val="Normal"/></w:style>'
            f'<w:style w:type="paragraph" w:styleId="Heading1"><w:name w:val="heading 1"/>'
            f'<w:basedOn w:val="Normal"/>{num}</w:style>'
            '</w:styles>')


def docx_bytes(body: str, numbering_xml: str | None = None, styles_xml: str | None = None,
               extra: dict[str, bytes] | None = None, document_xml: str | None = None) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("[Content_Types].xml", CONTENT_TYPES)
        z.writestr("_rels/.rels", ROOT_RELS)
        z.writestr("word/_rels/document.xml.rels", DOC_RELS)
        z.writestr("word/document.xml", document_xml if document_xml is not None else document(body))
        if numbering_xml is not None:
            z.writestr("word/numbering.xml", numbering_xml)
        if styles_xml is not None:
            z.writestr("word/styles.xml", styles_xml)
        for name, data in (extra or {}).items():
            z.writestr(name, data)
    return buf.getvalue()


# ---- the seeded generator

LEGAL_LEVELS = (level(0, "decimal", "%1.") + level(1, "decimal", "%1.%2") + level(2, "lowerLetter", "(%3)")
                + level(3, "lowerRoman", "(%4)"))
HEADINGS = ["DEFINITIONS", "SERVICES", "PAYMENT", "TERM AND TERMINATION", "CONFIDENTIALITY", "LIABILITY",
            "INSURANCE", "NOTICES", "ASSIGNMENT", "GENERAL"]
VERBS = ["shall deliver", "must notify", "may terminate", "will indemnify", "shall maintain", "shall pay"]


@dataclass(frozen=True)
class Clause:
    label: str  # the pinpoint it must be stored under, e.g. "cl. 9.1(a)"
    words: tuple[str, ...]  # words printed only in this clause's own text


def _marker(rng: random.Random, used: set[str]) -> str:
    while True:
        w = "".join(rng.choice("bcdfghjklmnpqrstvwxz") + rng.choice("aeiou") for _ in range(4))
        if w not in used:
            used.add(w)
            return w


def _sentence(rng: random.Random, used: set[str]) -> tuple[str, tuple[str, ...]]:
    a, b = _marker(rng, used), _marker(rng, used)
    party = rng.choice(["The Supplier", "The Customer", "Each party"])
    return f"{party} {rng.choice(VERBS)} the {a} within a reasonable time of the {b} request.", (a, b)


def synth_contract(seed: int, max_jump: int = 3) -> tuple[bytes, list[Clause], str]:
    """A Word contract and its clauses (label, own words); also a short description for failure messages.

    Top-level clauses are numbered by Heading 1's style numbering (numId 1) or by direct numbering; a clause
    number jumps by up to ``max_jump`` through a new ``w:num`` with ``w:startOverride`` on level 0 (one list
    continued by another instance, as a renumbered draft is).
    """
    rng = random.Random(seed)
    used: set[str] = set()
    nums: dict[int, tuple[int, dict[int, int]]] = {1: (1, {})}
    heading_style = rng.random() < 0.5
    body = [para("SERVICES AGREEMENT", style="Title"),
            para("This Agreement is made between Alpha Widgets Limited and Beta Gadgets Limited.")]
    clauses: list[Clause] = []
    current_num = 1
    number = 0
    n_clauses = rng.randint(3, 8)
    for k in range(n_clauses):
        jump = rng.randint(2, max_jump) if k and rng.random() < 0.3 else 1
        if jump > 1:
            current_num = max(nums) + 1
            nums[current_num] = (1, {0: number + jump})
        number += jump
        heading = rng.choice(HEADINGS)
        if heading_style and current_num == 1:
            body.append(para(heading, style="Heading1"))
        else:
            body.append(para(heading, num=current_num, ilvl=0, style="Heading1" if heading_style else None))
        clauses.append(Clause(f"cl. {number}", ()))
        for s in range(1, rng.randint(1, 4) + 1):
            text, words = _sentence(rng, used)
            lettered = rng.random() < 0.35
            if lettered:
                text = text.rstrip(".") + ":"
            body.append(para(text, num=current_num, ilvl=1))
            clauses.append(Clause(f"cl. {number}.{s}", words))
            if lettered:
                for li in range(rng.randint(2, 3)):
                    letter = "abc"[li]
                    t, words = _sentence(rng, used)
                    romans = rng.random() < 0.3
                    if romans:
                        t = t.rstrip(".") + ":"
                    body.append(para(t[0].lower() + t[1:], num=current_num, ilvl=2))
                    clauses.append(Clause(f"cl. {number}.{s}({letter})", words))
                    if romans:
                        for ri, roman in enumerate(("i", "ii")):
                            t, words = _sentence(rng, used)
                            body.append(para(t[0].lower() + t[1:], num=current_num, ilvl=3))
                            clauses.append(Clause(f"cl. {number}.{s}({letter})({roman})", words))
    data = docx_bytes("".join(body), numbering({1: LEGAL_LEVELS}, nums),
                      styles(1 if heading_style else None))
    return data, clauses, f"seed {seed}: {[c.label for c in clauses if c.label.count('.') == 1]}"
