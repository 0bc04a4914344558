"""A judgment of the European Court of Human Rights as the Court publishes it (HUDOC's Word file, or its text).

Its shape, read from its own words (the table of signs, :data:`pincite.legal.text_judgments.ECHR_COVER_SIGNS`):

- a cover ("GRAND CHAMBER", "CASE OF KHAN v. GERMANY", "(Application no. 38030/12)", "JUDGMENT", the date) and
  the formula that opens the judgment ("In the case of …, The European Court of Human Rights, sitting as a Grand
  Chamber composed of: …, Having deliberated in private …, Delivers the following judgment …");
- the Court's paragraphs, numbered "1." on in one run through PROCEDURE, THE FACTS and THE LAW (headings between
  them; texts quoted inside them number their own points, which the run does not take);
- the operative provisions under "FOR THESE REASONS, THE COURT, UNANIMOUSLY," (or "BY FIVE VOTES TO TWO"), their
  points numbered again from 1, to "Done in English …" and the signatures;
- the separate opinions annexed to it ("CONCURRING OPINION OF JUDGE MOTOC", "JOINT DISSENTING OPINION OF JUDGES
  RAVARANI AND BOŠNJAK"), each numbering its own paragraphs from 1 again, or not at all.

Each part is labelled as it is cited: the Court's paragraph "[14]" (number "14"), an operative point
"operative provision 2" (number "2"), an opinion's paragraph "[5] (dissenting opinion of Judges Ravarani and
Bošnjak)" (number "5"), or, unnumbered, by its order in the opinion.  The Court's paragraphs and operative points are
the Court's (joint); an opinion is its judges', its role named by its heading.
"""

from __future__ import annotations

import re

from pincite.legal import text_judgments as TJ
from pincite.legal.judgments import iso_from_parts
from pincite.parse.contract import Line
from pincite.parse.text_judgment import headings_before, trim_end
from pincite.types import Role, Unit, UnitKind, Zone

#: a paragraph's number at a line's start: "14.  The applicant …" (the Court types two no-break spaces)
_NUM = re.compile(r"^(\d{1,4})\.[\s\u00a0]+(?=\S)")
#: how many numbers the Court's run may skip (a paragraph deleted on rectification)
_SKIP = 2
#: the second line of an opinion's heading that names who joined it ("JOINED BY JUDGE BIANKU")
_JOINED_LINE = re.compile(r"^JOINED\s+BY\s+JUDGES?\s+\S")
#: a line that marks text left out of a published extract ("...", "…")
_OMISSION = re.compile(r"^[ \t]*(?:\.{3,}|…)[ \t]*$")
#: a line under an opinion's heading that is a note on the text, not the judge's words ("(Translation)")
_NOTE_LINE = re.compile(r"^\((?:Translation|Unofficial translation|Extracts?)\)$", re.I)
#: how many unnumbered paragraphs an opinion may open with before its numbered run ("I regret that I am unable to
#: agree …", then "1.  …"); more, and the numbers are a list inside an unnumbered opinion
_OPENING_UNNUMBERED = 3

THE_COURT = "the Court"
#: the first step of an operative provision's section path (read by :func:`pincite.answer.structure.disposal`)
OPERATIVE_PROVISIONS = "operative provisions"


#: a line of a table of contents: its entry, a tab and the page ("1.  The foundational statements (§§ 3-4)\t60"),
#: or its title; never a paragraph, though it may open with a paragraph's number
_CONTENTS_LINE = re.compile(r"\t[ \t]*\d{1,4}[ \t]*$|^(?:Table of contents|TABLE OF CONTENTS|Contents|CONTENTS)$")


#: the paragraphs a heading covers, printed after it in a long opinion ("I.  Introduction (§§ 1-2)")
_PARAGRAPHS_COVERED = re.compile(r"\s*\(§§?\s*\d{1,4}(?:\s*[-–]\s*\d{1,4})?\)$")


def _heading(content: str) -> bool:
    """A heading between the Court's paragraphs: "THE LAW", "I. ALLEGED VIOLATION OF ARTICLE 8", "A. The
    parties' submissions", "1. The Government" — short, no sentence's end; or a line of a table of contents."""
    if _CONTENTS_LINE.search(content):
        return True
    content = _PARAGRAPHS_COVERED.sub("", content)  # "I.  Introduction (§§ 1-2)": the paragraphs it heads
    return (0 < len(content) <= 100 and not content.endswith((".", ",", ";", ":", "\u201d", "\u2019", '"', "'", ")"))
            and (content.isupper() or bool(re.match(r"^(?:[IVXL]+|[A-Z]|\d{1,2}|\([a-z]\))\.?[\s\u00a0]+\S", content))))


def _role(heading: str) -> tuple[Role, str]:
    h = heading.upper()
    if "PARTLY DISSENTING" in h or "PARTIALLY DISSENTING" in h:
        return Role.PARTLY_DISSENTING, f"the opinion's heading: {heading}"
    if "DISSENTING" in h:
        return Role.DISSENTING, f"the opinion's heading: {heading}"
    return Role.CONCURRING, f"the opinion's heading: {heading}"


def _judges(heading: str) -> str:
    """"JOINT DISSENTING OPINION OF JUDGES RAIMONDI, O’LEARY AND RANZONI" -> "Judges Raimondi, O’Leary and
    Ranzoni"."""
    m = TJ.ECHR_OPINION_HEADING.match(heading)
    names = m.group("names") if m else heading

    def name(w: str) -> str:
        if w.upper() == "AND":
            return "and"
        if w.lower() in ("de", "da", "van", "von", "der"):
            return w.lower()
        return re.sub(r"(^|[’'\-])(\w)(\w*)", lambda x: x.group(1) + x.group(2).upper() + x.group(3).lower(), w)

    def judges(part: str) -> str:
        many = bool(re.search(r"\bAND\b|,", part.upper()))
        return ("Judges " if many else "Judge ") + " ".join(name(w) for w in part.split())

    joined = re.search(r",?\s+JOINED\s+BY\s+JUDGES?\s+", names, re.I)
    if joined:  # "RANZONI, JOINED BY JUDGES LÓPEZ GUERRA AND LEMMENS": the author, then who joined
        return f"{judges(names[:joined.start()])}, joined by {judges(names[joined.end():])}"
    return judges(names)


def _numbered(lines: list[Line], at: "range | list[int]", skip: int = 0) -> list[tuple[int, str]]:
    """The lines of ``at`` that number a run from 1 ("1.", "2.", …), in order, the run skipping at most ``skip``
    numbers at a time once begun; another number is inside one.  After a line of dots ("..."), as the Court's
    published extracts mark what they leave out, the run goes on at any later number (and may begin there: an
    extract's operative part printing only its point "2.")."""
    out: list[tuple[int, str]] = []
    want = 1
    omitted = False
    for i in at:
        if _OMISSION.match(lines[i].content):
            omitted = True
            continue
        m = _NUM.match(lines[i].content)
        if m and _CONTENTS_LINE.search(lines[i].content):
            continue  # an entry of a table of contents names a part by its first paragraph's number
        n = int(m.group(1)) if m else 0
        if m and (n == want or out and want < n <= want + skip or omitted and n > want):
            out.append((i, m.group(1)))
            want = n + 1
            omitted = False
    return out


#: how many paragraphs a run printed twice must hold to be read as quoted the first time (see _requoted)
_QUOTED_RUN = 3


def _requoted(lines: list[Line], paras: list[tuple[int, str]], stop: int) -> list[tuple[int, str]]:
    """The run with a quoted stretch replaced by the Court's own: where a paragraph quotes an earlier judgment's
    paragraphs that bear the numbers the Court's own come to next ("45. … the Chamber held: 46. First of all …
    63. There has therefore been a violation …", then the Court's "46. Before the Grand Chamber …"), the numbers
    46–63 are printed twice before 64, and the second printing, at least :data:`_QUOTED_RUN` paragraphs long, is
    the Court's."""
    out = list(paras)
    k = 0
    while k < len(out):
        at, num = out[k]
        nxt = out[k + 1][0] if k + 1 < len(out) else stop
        again = [i for i in range(at + 1, nxt) if (m := _NUM.match(lines[i].content)) and m.group(1) == num]
        if again:  # the same number printed again before the next one: walk the second printing back
            run = [(again[-1], num)]
            j = k - 1
            while j >= 0:
                want = out[j][1]
                hit = [i for i in range(out[j][0] + 1, run[0][0]) if (m := _NUM.match(lines[i].content))
                       and m.group(1) == want]
                if not hit:
                    break
                run.insert(0, (hit[-1], want))
                j -= 1
            if len(run) >= _QUOTED_RUN:
                out[j + 1:k + 1] = run
        k += 1
    return out


def echr_judgment(text: str, lines: list[Line]) -> list[Unit] | None:
    """The units of a European Court of Human Rights judgment (see the module docstring), or None when the text
    does not show its cover's signs (two at least) and its operative heading."""
    reasons_at = next((i for i, ln in enumerate(lines) if TJ.ECHR_OPERATIVE.match(ln.content)), None)
    if reasons_at is None:
        return None
    head = text[:lines[reasons_at].start]
    if sum(1 for p, _ in TJ.ECHR_COVER_SIGNS if p.search(head)) < 2:
        return None
    # the Court's paragraphs: "1." to the operative heading, one run
    paras = _numbered(lines, range(reasons_at), _SKIP)
    if len(paras) < 3:
        return None
    paras = _requoted(lines, paras, reasons_at)
    found: list[dict] = []

    def add(kind: UnitKind, s: int, e: int, zone: Zone, citable: bool, label: str | None, **kw: object) -> None:
        found.append(dict(kind=kind, char_start=s, char_end=trim_end(text, e, s), zone=zone, citable=citable,
                          label=label, **kw))

    court = dict(author=THE_COURT, role=Role.JOINT, role_basis="the Court's judgment")

    def run(items: list[tuple[int, str]], stop_at: int, label: str, path: tuple[str, ...], voice: dict) -> None:
        """Each numbered paragraph to the next (headings printed before the next cut off as their own units)."""
        for k, (li, num) in enumerate(items):
            stop = items[k + 1][0] if k + 1 < len(items) else stop_at
            heads = headings_before(lines, li, stop, _heading, 4)
            end = lines[heads[0]].start if heads else (lines[stop].start if stop < len(lines) else len(text))
            add(UnitKind.PARAGRAPH, lines[li].start, end, Zone.REASONS, True, label.format(num), number=num,
                section_path=(*path, label.format(num)), **voice)
            for j in heads:
                add(UnitKind.HEADING, lines[j].start, lines[j].end, Zone.REASONS, False, None)

    add(UnitKind.BLOCK, 0, lines[paras[0][0]].start, Zone.COVER, False, "cover")
    run(paras, reasons_at, "[{}]", (), court)
    # the operative provisions: from their heading to "Done in …", points numbered from 1
    done = next((i for i in range(reasons_at + 1, len(lines)) if TJ.ECHR_DONE.match(lines[i].content)), None)
    op_end = done if done is not None else len(lines)
    add(UnitKind.HEADING, lines[reasons_at].start, lines[reasons_at].end, Zone.REASONS, False, None)
    points = _numbered(lines, range(reasons_at + 1, op_end))
    for k, (li, num) in enumerate(points):
        stop = points[k + 1][0] if k + 1 < len(points) else op_end
        add(UnitKind.PARAGRAPH, lines[li].start, lines[stop].start if stop < len(lines) else len(text),
            Zone.REASONS, True, f"operative provision {num}", number=num,
            section_path=(OPERATIVE_PROVISIONS, num), **court)
    unnumbered = [i for i in range(reasons_at + 1, op_end) if lines[i].content]
    if not points and done is not None and unnumbered:  # one point printed without a number ("Decides, by twelve
        # votes to five, to strike the application out of its list."): the operative provisions, whole
        add(UnitKind.PARAGRAPH, lines[unnumbered[0]].start, lines[done].start, Zone.REASONS, True,
            "operative provisions", section_path=(OPERATIVE_PROVISIONS,), **court)
    # the separate opinions, each from its heading to the next
    heads_at = [i for i in range(op_end, len(lines)) if TJ.ECHR_OPINION_HEADING.match(lines[i].content)]
    sign_end = lines[heads_at[0]].start if heads_at else len(text)
    if done is not None:
        add(UnitKind.BLOCK, lines[done].start, sign_end, Zone.SIGNATURES, False, "signatures")
    for k, h in enumerate(heads_at):
        stop = heads_at[k + 1] if k + 1 < len(heads_at) else len(lines)
        heading = lines[h].content
        body = [i for i in range(h + 1, stop) if lines[i].content]
        head_end = lines[h].end
        if body and heading.endswith(",") and _JOINED_LINE.match(lines[body[0]].content):
            # "CONCURRING OPINION OF JUDGE SPANO," over "JOINED BY JUDGE BIANKU": one heading on two lines
            heading = f"{heading} {lines[body[0]].content}"
            head_end = lines[body[0]].end
            body = body[1:]
        role, basis = _role(heading)
        who = _judges(heading)
        name = f"{heading.split(' OPINION')[0].strip().lower()} opinion of {who}"
        voice = dict(author=who, role=role, role_basis=basis)
        add(UnitKind.HEADING, lines[h].start, head_end, Zone.REASONS, False, None)

        def by_order(q: int, li: int, nxt: int) -> None:
            """The opinion's ``q``-th unnumbered paragraph, from line ``li`` to line ``nxt``, cited by its order."""
            add(UnitKind.BLOCK, lines[li].start, lines[nxt].start if nxt < len(lines) else len(text),
                Zone.REASONS, True, f"¶{q} ({name})", section_path=(name, f"¶{q}"), attrs={"by_order": True},
                **voice)

        nums = _numbered(lines, body, _SKIP)
        before = [i for i in body if nums and i < nums[0][0]]
        opening = [i for i in before if not _heading(lines[i].content) and not _NOTE_LINE.match(lines[i].content)]
        if len(nums) >= 2 and len(opening) <= _OPENING_UNNUMBERED:
            for i in before:  # "(Translation)" and headings; a few words before the numbers, by their order
                if i in opening:
                    by_order(opening.index(i) + 1, i, next((j for j in body if j > i), stop))
                else:
                    add(UnitKind.HEADING, lines[i].start, lines[i].end, Zone.REASONS, False, None)
            run(nums, stop, "[{}] (" + name + ")", (name,), voice)
        else:  # paragraphs without numbers: by their order in the opinion
            for q, li in enumerate(body):
                by_order(q + 1, li, body[q + 1] if q + 1 < len(body) else stop)
    order = sorted(range(len(found)), key=lambda i: (found[i]["char_start"], -found[i]["char_end"]))
    return [Unit(ordinal=n, **found[i]) for n, i in enumerate(order)]


_CASE_OF = re.compile(r"^[ \t]*In the case of (?P<title>[^\n]{3,300}),[ \t]*$", re.M)
_APPLICATION = re.compile(r"^[ \t]*\((?P<apps>Applications? nos?\.?[^)\n]{1,200})\)", re.M)
_COVER_DATE = re.compile(r"^[ \t]*(?P<day>\d{1,2})[ \t\u00a0]+(?P<month>[A-Z][a-z]+)[ \t\u00a0]+(?P<year>(?:19|20)\d{2})[ \t]*$",
                         re.M)


def echr_facts(text: str) -> tuple[str | None, str | None, str | None]:
    """The judgment's name, citation and date as its cover prints them: "Khan v. Germany" (from "In the case of
    Khan v. Germany,"), "[GC], no. 38030/12" (the application number; "[GC]" for a Grand Chamber), the date under
    the seat ("21 September 2016", ISO)."""
    op = TJ.ECHR_OPERATIVE.search(text)
    head = text[:op.start() if op else len(text)]
    m = _CASE_OF.search(head)
    title = " ".join(m.group("title").split()) if m else None
    a = _APPLICATION.search(head)
    cite = None
    if a:
        nums = re.sub(r"^Applications? ", "", " ".join(a.group("apps").split()))
        cite = ("[GC], " if re.search(r"(?m)^[ \t]*GRAND CHAMBER[ \t]*$", head[:2000]) else "") + nums
    d = _COVER_DATE.search(head[:3000])
    date = iso_from_parts(d.group("month"), d.group("day"), d.group("year")) if d else None
    return title, cite, date
