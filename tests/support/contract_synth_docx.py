"""``render_docx(spec, path)``: a :class:`tests.support.contract_synth.ContractSpec` as a Word file whose clause numbers exist
only in Word's list numbering, as in the contracts a firm holds.

* decimal contracts: one abstract numbering of four levels ``%1.`` / ``%1.%2`` / ``%1.%2.%3`` / ``%1.%2.%3.%4``;
* article contracts: ``ARTICLE %1`` (upperRoman) and ``Section %1.%2`` (legal numbering, ``decimalZero``: 4.01);
* (a)/(i) lists: their own abstract numbering ``(%1)`` lowerLetter / ``(%2)`` lowerRoman, one ``w:num`` instance
  a list, restarting it at (a);
* a number that is not the next one at its level (a jump, a first sub-number other than 1) is drawn by a new
  ``w:num`` instance of the same list with a ``w:startOverride``, exactly how a renumbered Word draft does it;
* a token ``"\\n"`` (a wrapped cross-reference, a signature block's lines) is a ``w:br`` line break;
* schedules, exhibits, the preamble and the signatures are typed text (their numbers are in the text).
"""

from __future__ import annotations

from pathlib import Path

from tests.support.contract_synth import ROMAN, Block, ContractSpec
from tests.support.docx_synth import docx_bytes, level, numbering, styles

W_T = '<w:r><w:t xml:space="preserve">{}</w:t></w:r>'
BR = "<w:r><w:br/></w:r>"

DECIMAL, ARTICLE, LISTS = 1, 2, 3
ABSTRACTS = {
    DECIMAL: (level(0, "decimal", "%1.") + level(1, "decimal", "%1.%2") + level(2, "decimal", "%1.%2.%3")
              + level(3, "decimal", "%1.%2.%3.%4")),
    ARTICLE: (level(0, "upperRoman", "ARTICLE %1")
              + level(1, "decimalZero", "Section %1.%2").replace("<w:lvlText", "<w:isLgl/><w:lvlText")),
    LISTS: level(0, "lowerLetter", "(%1)") + level(1, "lowerRoman", "(%2)"),
}


def _esc(s: str) -> str:
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _runs(tokens: list[str], lead: str = "") -> str:
    out, cur = [], lead
    for t in tokens:
        if t == "\n":
            out.append(W_T.format(_esc(cur)) + BR)
            cur = ""
        else:
            cur = f"{cur} {t}" if cur else t
    out.append(W_T.format(_esc(cur)))
    return "".join(out)


def _p(inner: str, num: int | None = None, ilvl: int = 0) -> str:
    ppr = f'<w:pPr><w:numPr><w:ilvl w:val="{ilvl}"/><w:numId w:val="{num}"/></w:numPr></w:pPr>' if num else ""
    return f"<w:p>{ppr}{inner}</w:p>"


def _where(b: Block) -> tuple[int, int, int]:
    """(abstract numbering, level, the value Word must draw) of a numbered block."""
    n = b.number or ""
    if n.startswith("ARTICLE "):
        from tests.support.contract_synth import to_roman

        roman = n.split()[1]
        return ARTICLE, 0, next(v for v in range(1, 400) if to_roman(v) == roman)
    if n.startswith("Section "):
        return ARTICLE, 1, int(n.split()[1].split(".")[1])
    if n.startswith("("):
        tok = n.strip("()")
        if tok in ROMAN and b.label.count("(") >= 2:
            return LISTS, 1, ROMAN.index(tok) + 1
        return LISTS, 0, ord(tok) - 96
    parts = n.rstrip(".").split(".")
    return DECIMAL, len(parts) - 1, int(parts[-1])


def render_docx(spec: ContractSpec, path: str | Path) -> None:
    Path(path).write_bytes(docx_data(spec))


def docx_data(spec: ContractSpec) -> bytes:
    nums: dict[int, tuple[int, dict[int, int]]] = {}
    current = {a: 0 for a in ABSTRACTS}  # the w:num in use for each list
    last: dict[int, dict[int, int]] = {a: {} for a in ABSTRACTS}  # the value Word drew last at each level

    def num_for(abstract: int, ilvl: int, value: int) -> int:
        counts = last[abstract]
        expected = counts.get(ilvl, 0) + 1
        if current[abstract] == 0 or value != expected or (abstract == LISTS and ilvl == 0 and value == 1):
            nid = len(nums) + 1
            nums[nid] = (abstract, {ilvl: value})
            current[abstract] = nid
        counts[ilvl] = value
        for k in list(counts):
            if k > ilvl:
                del counts[k]
        return current[abstract]

    body = [_p(W_T.format(_esc(spec.title))).replace("<w:p>", '<w:p><w:pPr><w:pStyle w:val="Title"/></w:pPr>', 1)]
    for b in spec.blocks:
        paras = [list(p) for p in b.paras]
        n = b.number
        if n is None or n.startswith(("SCHEDULE", "EXHIBIT", "ANNEX")):
            if n:
                body.append(_p(W_T.format(_esc(n))))
                if b.heading:
                    body.append(_p(W_T.format(_esc(b.heading))))
            body += [_p(_runs(p)) for p in paras]
            continue
        abstract, ilvl, value = _where(b)
        nid = num_for(abstract, ilvl, value)
        if abstract == ARTICLE and ilvl == 0:
            # "ARTICLE IV", then its heading on the next line (a line break after the number)
            body.append(_p(BR + W_T.format(_esc(b.heading or "")), nid, ilvl))
        elif n.endswith(".") and b.heading:
            body.append(_p(W_T.format(_esc(b.heading)), nid, ilvl))
        else:
            lead = b.heading + "." if b.heading else ""
            first = paras.pop(0) if paras else []
            body.append(_p(_runs(first, lead), nid, ilvl))
        body += [_p(_runs(p)) for p in paras]
    return docx_bytes("".join(body), numbering(ABSTRACTS, nums), styles())
