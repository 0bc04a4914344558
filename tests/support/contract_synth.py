"""Synthetic contracts, seeded: a plain data spec of every clause (its expected label and its words), rendered as
.txt (``render_txt``) and as PDF (``render_pdf``, fpdf2, a test-only dependency).

What the generator varies, each because real contracts do it: top-level numbers that jump by any amount (a
renumbered draft goes 1, 2, 3, 9, 10) and sub-numbers that skip; sub-numbering that restarts under every clause;
decimal depth 1-4 ("9.1.2.3"); ``ARTICLE IV`` with ``Section 4.01``; (a)/(i) lists; headings in capitals, title
case or run in ("9.1 Notice. The ..."); cross-references wrapped at a line end ("... under Section" / "7.1 of
this Agreement"); schedules and exhibits with numbered items of their own; signature blocks, before or after the
schedules.

Every word of the body is an ordinary filler word or a *marker* (``zq…``): a word that occurs once in the
document and belongs to one clause.  The test (tests/parse/test_contract_synth.py) finds the unit holding each
marker and checks it is the one labelled with the clause's own number.

Other renderers (a .docx with Word numbering) take the same :class:`ContractSpec`: ``Block.number`` is the printed
number, ``Block.label`` the label the parser must give it, ``Block.lines`` the words as paragraphs.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

FILLER = ("the supplier shall provide services to customer in accordance with this agreement and any "
          "applicable law including reasonable notice of any change to such services within days after "
          "receipt of written request by either party provided that no fee is payable for that period").split()

TOPICS = ["Definitions", "Services", "Fees and Payment", "Term", "Termination", "Confidentiality", "Warranties",
          "Liability", "Indemnity", "Insurance", "Intellectual Property", "Notices", "Assignment", "Force Majeure",
          "Governing Law", "Disputes", "General", "Data Protection", "Audit", "Non-Solicitation"]

ROMAN = ["i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x"]


def to_roman(n: int) -> str:
    out = ""
    for v, r in ((1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"), (50, "L"), (40, "XL"),
                 (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")):
        while n >= v:
            out += r
            n -= v
    return out


@dataclass
class Block:
    """One numbered provision (or a preamble, schedule or signature paragraph group).

    ``label``: the unit label the parser must give the words; ``prefix``: the words may lie in any unit whose
    label starts with ``label`` (schedule and signature paragraphs are numbered by order, "Schedule 1 ¶2").
    ``number``: the printed number ("9.", "9.1", "(a)", "ARTICLE IV", "Section 4.01"), or None.
    ``heading``: the title printed with it; ``heading_line``: on a line of its own (else run in, or on the number's
    line for a top-level "9. TERMINATION").  ``paras``: paragraphs, each a list of tokens; the token "\\n" forces
    a line break there (a wrapped cross-reference).  ``indent``: how deep it is set (PDF and .txt indentation).
    ``level``: depth in the clause tree (0 top), for a renderer that numbers by list level.
    """

    label: str
    number: str | None
    heading: str | None
    paras: list[list[str]]
    indent: int = 0
    level: int = 0
    prefix: bool = False
    heading_line: bool = False
    markers: list[str] = field(default_factory=list)


@dataclass
class ContractSpec:
    seed: int
    title: str
    style: str  # 'decimal' | 'article'
    blocks: list[Block]

    def markers(self) -> list[tuple[str, Block]]:
        return [(m, b) for b in self.blocks for m in b.markers]


class _Gen:
    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.n_markers = 0

    def marker(self) -> str:
        n = self.n_markers
        self.n_markers += 1
        s = ""
        while True:
            s = chr(97 + n % 26) + s
            n //= 26
            if n == 0:
                break
        return "zq" + s + "k"

    def sentence(self, block: Block, n_words: int, refs: list[str]) -> list[str]:
        rng = self.rng
        words = []
        for _ in range(n_words):
            if rng.random() < 0.25:
                m = self.marker()
                block.markers.append(m)
                words.append(m)
            else:
                words.append(rng.choice(FILLER))
        if refs and rng.random() < 0.35:
            # a cross-reference wrapped so that its number opens the next line
            at = rng.randrange(1, len(words))
            kw = rng.choice(["Section", "clause", "Clause", "paragraph"])
            words[at:at] = ["under", kw, "\n", rng.choice(refs), rng.choice(["of", "above", "below,", "and"])]
        words[0] = words[0].capitalize()
        words[-1] += "."
        return words

    def jump(self) -> int:
        r = self.rng.random()
        if r < 0.7:
            return 1
        if r < 0.85:
            return self.rng.randint(2, 5)
        return self.rng.randint(6, 40)


def make_spec(seed: int) -> ContractSpec:
    """A contract drawn from ``seed`` (the same seed, the same contract)."""
    g = _Gen(seed)
    rng = g.rng
    style = "article" if rng.random() < 0.3 else "decimal"
    title = rng.choice(["SERVICES AGREEMENT", "DISTRIBUTION AGREEMENT", "LICENSE AGREEMENT", "SUPPLY AGREEMENT"])
    blocks: list[Block] = []
    pre = Block("Preamble", None, None, [], prefix=True)
    pre.paras.append([f"THIS {title} is made on 1 March 2020 between ACME LIMITED (the Supplier) and BETA LLC (the "
                      f"Customer)."] + g.sentence(pre, 8, []))
    blocks.append(pre)
    refs: list[str] = []
    n_top = rng.randint(3, 9)
    num = 0
    caps = rng.random() < 0.5
    for _ in range(n_top):
        num += g.jump() if num else rng.choice([1, 1, 1, 2])
        topic = rng.choice(TOPICS)
        head = topic.upper() if caps else topic
        if style == "article":
            art = to_roman(num)
            b = Block(f"Art. {art}", f"ARTICLE {art}", head, [], heading_line=True)
            blocks.append(b)
            sec = 0
            for _ in range(rng.randint(1, 4)):
                sec += g.jump() if sec else 1
                number = f"{num}.{sec:02d}"
                s = Block(f"s. {number}", f"Section {number}", rng.choice([None, topic]), [], level=1)
                s.paras.append(g.sentence(s, rng.randint(8, 30), refs))
                blocks.append(s)
                _lists(g, blocks, s, refs, level=2)
                refs.append(number)
            continue
        b = Block(f"cl. {num}", f"{num}.", head, [])
        blocks.append(b)
        if rng.random() < 0.35:
            b.paras.append(g.sentence(b, rng.randint(8, 25), refs))  # words under its heading, no sub-clauses
            _lists(g, blocks, b, refs, level=1)
            refs.append(str(num))
            continue
        _subclauses(g, blocks, (num,), refs, depth=2, max_depth=rng.randint(2, 4))
        refs.append(str(num))
    _tail(g, blocks)
    return ContractSpec(seed, title, style, blocks)


def _subclauses(g: _Gen, blocks: list[Block], parent: tuple[int, ...], refs: list[str], depth: int,
                max_depth: int) -> None:
    rng = g.rng
    k = 0
    for _ in range(rng.randint(1, 4)):
        k += g.jump() if k else 1
        v = parent + (k,)
        number = ".".join(map(str, v))
        runin = rng.choice([None, None, rng.choice(TOPICS)])
        b = Block(f"cl. {number}", number, runin, [], indent=depth - 1, level=depth - 1)
        b.paras.append(g.sentence(b, rng.randint(8, 30), refs))
        blocks.append(b)
        if depth < max_depth and rng.random() < 0.4:
            _subclauses(g, blocks, v, refs, depth + 1, max_depth)
        else:
            _lists(g, blocks, b, refs, level=depth)
        refs.append(number)


def _lists(g: _Gen, blocks: list[Block], parent: Block, refs: list[str], level: int) -> None:
    rng = g.rng
    if rng.random() > 0.3:
        return
    parent.paras[-1][-1] = parent.paras[-1][-1].rstrip(".") + ":"
    for i in range(rng.randint(2, 4)):
        letter = chr(97 + i)
        b = Block(f"{parent.label}({letter})", f"({letter})", None, [], indent=parent.indent + 1, level=level)
        b.paras.append(g.sentence(b, rng.randint(6, 18), []))
        blocks.append(b)
        if rng.random() < 0.2:
            b.paras[-1][-1] = b.paras[-1][-1].rstrip(".") + ":"
            for j in range(rng.randint(2, 3)):
                r = ROMAN[j]
                c = Block(f"{b.label}({r})", f"({r})", None, [], indent=b.indent + 1, level=level + 1)
                c.paras.append(g.sentence(c, rng.randint(5, 12), []))
                blocks.append(c)


def _tail(g: _Gen, blocks: list[Block]) -> None:
    rng = g.rng
    sig = Block("Signatures", None, None, [], prefix=True)
    sig.paras.append(["IN WITNESS WHEREOF the parties have executed this Agreement on the date first written "
                      "above."])
    for party in ("ACME LIMITED", "BETA LLC"):
        m1, m2 = g.marker(), g.marker()
        sig.markers += [m1, m2]
        sig.paras.append([party, "\n", "By: ______________", "\n", f"Name: {m1.capitalize()} {m2.capitalize()}",
                          "\n", "Title: Director"])
    schedules: list[Block] = []
    kind = rng.choice(["SCHEDULE", "EXHIBIT", "ANNEX"])
    for i in range(rng.randint(0, 3)):
        name = str(i + 1) if kind != "EXHIBIT" else chr(65 + i)
        s = Block(f"{kind.capitalize()} {name}", f"{kind} {name}", rng.choice(TOPICS).upper(), [], prefix=True)
        for n in range(rng.randint(1, 4)):
            para = g.sentence(s, rng.randint(6, 20), [])
            para[0] = para[0].lower()
            s.paras.append([f"{n + 1}.", "The"] + para)
        schedules.append(s)
    if rng.random() < 0.5:
        blocks.append(sig)
        blocks.extend(schedules)
    else:
        blocks.extend(schedules)
        blocks.append(sig)


# ---------------------------------------------------------------------------------------------------------
# Rendering

WIDTH = 78


def _wrap(tokens: list[str], width: int) -> list[str]:
    lines: list[str] = []
    cur = ""
    for t in tokens:
        if t == "\n":
            lines.append(cur)
            cur = ""
            continue
        if cur and len(cur) + 1 + len(t) > width:
            lines.append(cur)
            cur = t
        else:
            cur = f"{cur} {t}" if cur else t
    if cur:
        lines.append(cur)
    return lines


def render_lines(spec: ContractSpec) -> list[tuple[int, str]]:
    """(indent, line) of the contract as printed; an empty line separates paragraphs."""
    out: list[tuple[int, str]] = [(0, spec.title), (0, "")]
    for b in spec.blocks:
        ind = b.indent
        paras = [list(p) for p in b.paras]
        if b.number and b.number.startswith(("ARTICLE", "SCHEDULE", "EXHIBIT", "ANNEX")):
            out += [(0, b.number), (0, b.heading or ""), (0, "")]
        elif b.number and b.number.endswith(".") and b.heading:
            out += [(0, f"{b.number} {b.heading}"), (0, "")]
        elif b.number:
            lead = [b.number] + ([b.heading + "."] if b.heading else [])
            if paras:
                paras[0] = lead + paras[0]
            else:
                paras = [lead]
        for p in paras:
            for ln in _wrap(p, WIDTH - 4 * ind):
                out.append((ind, ln))
            out.append((0, ""))
    return out


def render_txt(spec: ContractSpec) -> str:
    return "\n".join(("    " * ind + ln) if ln else "" for ind, ln in render_lines(spec)) + "\n"


def render_pdf(spec: ContractSpec, path) -> None:  # type: ignore[no-untyped-def]
    """The same lines as :func:`render_txt` on A4 pages with a page-number footer (fpdf2)."""
    from fpdf import FPDF

    class _PDF(FPDF):
        def footer(self) -> None:  # noqa: D401
            self.set_y(-15)
            self.set_font("Helvetica", size=9)
            self.cell(0, 10, str(self.page_no()), align="C")

    pdf = _PDF(format="A4")
    pdf.set_margins(20, 20, 20)
    pdf.set_auto_page_break(True, margin=20)
    pdf.add_page()
    pdf.set_font("Helvetica", size=10)
    for ind, ln in render_lines(spec):
        if not ln:
            pdf.ln(4)
            continue
        pdf.set_x(20 + 8 * ind)
        pdf.cell(0, 5, ln, new_x="LMARGIN", new_y="NEXT")
    pdf.output(str(path))


def mislabelled(spec: ContractSpec, text: str, units) -> list[tuple[str, str, str]]:  # type: ignore[no-untyped-def]
    """(marker, expected label, label found) for every marker whose innermost unit is not its clause's."""
    import re

    out = []
    for marker, b in spec.markers():
        found = [m.start() for m in re.finditer(rf"(?i)\b{marker}\b", text)]
        assert len(found) == 1, (marker, len(found))
        at = found[0]
        holding = [u for u in units if u.char_start <= at < u.char_end]
        got = min(holding, key=lambda u: u.char_end - u.char_start).label if holding else "(none)"
        ok = got is not None and (got.startswith(b.label) if b.prefix else got == b.label)
        if not ok:
            out.append((marker, b.label, str(got)))
    return out
