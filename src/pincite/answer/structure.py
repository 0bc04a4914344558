"""What a judgment's structure answers (issue 52): the questions judgments are asked most, read from the
document model — each unit's voice (``author``, ``role``) — with :mod:`pincite.legal.decisions`' patterns,
never from phrasing tied to one case.

* **outcome** ("was the appeal allowed?"): the lead judgment's disposal and each agreeing judge's assent;
* **dissent** ("did anyone dissent?", "who dissented?", "what would X have ordered?"): each dissent's own
  disposal and its first reasons; when no one dissented, each other judge's agreement;
* **judge** ("what did Males LJ say about…?"): that judge's voice, and only it;
* **test** and **costs**: sentences stating the test applied, or the costs order, in the court's own words.

:func:`structure_units` gives the units retrieval must add for such a question
(:mod:`pincite.answer.evidence`); :func:`structural_claims` the answer the structure decides (outcome and
dissent), as claims citing passages of the turn — checked by :mod:`pincite.answer.verify` like every answer;
:func:`named_speaker_units` the units a named judge's answer must come from."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from pincite.answer.context import ContextPassage, TurnContext
from pincite.legal import decisions as D
from pincite.legal.decisions import judge_name_forms
from pincite.legal.question_kinds import (BEFORE_BLOCK, GENERIC_HEADING_TERMS, GROUND_HEADING,
                                          asks_decision_below, asks_why_ground, disposes_ground, gives_reasons,
                                          ground_numbers, judge_surnames, judges_below_named, names_deciding,
                                          reports_decision_below)
from pincite.legal.language import (CONCLUSION_OPENING, CONDITIONAL, NAMED_CASE, NAMED_NEUTRAL,
                                    PARTY_INITIALISM, PARTY_NAME_GENERIC, terms, titles_named)
from pincite.legal.sentences import sentence_spans
from pincite.parse.echr import OPERATIVE_PROVISIONS
from pincite.parse.parties import names_by_party, party_names

from pincite.types import Document, DocumentKind, Role, Unit, UnitKind, Zone

#: the roles whose reasons are outside the majority
DISSENTING = (Role.DISSENTING, Role.PARTLY_DISSENTING)
#: the roles that speak for the court alone
FOR_THE_COURT = (Role.LEAD, Role.SOLE, Role.JOINT)
#: how many of a lead judgment's first paragraphs are read for a decision announced before the reasons ("we
#: informed the parties that the appeal would be allowed, with reasons to follow")
OPENING_PARAGRAPHS = 3
#: how many of a named judge's paragraphs are added as evidence, best first by the question's words
JUDGE_UNITS = 4
#: how many of a judge's last paragraphs are read for a conclusion (as :mod:`pincite.answer.evidence` reads
#: them)
CLOSING_STRETCH = 5
#: a sentence shorter than this many words ("I agree.") is quoted with the next one of its paragraph, which
#: a quotation needs to carry a statement (verify's least quote is four words)
SHORT_SENTENCE_WORDS = 4


@dataclass
class Speaker:
    """One judge's reasons in a judgment: their name as printed, their role, their numbered paragraphs."""

    author: str
    role: Role | None
    units: list[Unit] = field(default_factory=list)

    @property
    def dissenting(self) -> bool:
        return self.role in DISSENTING


@dataclass(frozen=True)
class Said:
    """A sentence in a judge's own words: its unit and its span in the document text."""

    speaker: Speaker
    unit: Unit
    start: int
    end: int


def speakers(doc: Document) -> list[Speaker]:
    """The judgment's voices in document order: each author's numbered, citable paragraphs of reasons — or, for
    a voice that numbers none (a separate opinion printed in unnumbered paragraphs, which the parser marks
    ``attrs["by_order"]``: cited by their order in it), those paragraphs."""
    out: dict[str, Speaker] = {}
    blocks: dict[str, Speaker] = {}
    for u in doc.units:
        if u.zone is Zone.REASONS and u.citable and u.author and u.attrs.get("by_order") and not u.number:
            blocks.setdefault(u.author, Speaker(u.author, u.role)).units.append(u)
        if u.zone is Zone.REASONS and u.citable and u.author and u.kind is UnitKind.PART:
            out.setdefault(u.author, Speaker(u.author, u.role))  # a voice whose reasons may be Parts only
        if u.zone is Zone.REASONS and u.citable and u.author and u.kind is not UnitKind.HEADING and (
                u.number or u.section_path[:1] == (OPERATIVE_PROVISIONS,)):  # one operative point printed bare
            sp = out.setdefault(u.author, Speaker(u.author, u.role))
            parent = doc.units[u.parent] if u.parent is not None else None
            if parent is None or parent.kind is UnitKind.HEADING or parent.author is None:
                sp.units.append(u)
    for sp in out.values():
        if all(u.kind in (UnitKind.PART, UnitKind.OTHER) for u in sp.units):  # Parts and their footnotes
            sp.units = leaf_parts(doc, sp.author)
    voices = [s for s in out.values() if s.units]
    unnumbered = [s for a, s in blocks.items() if a not in out]
    return sorted(voices + unnumbered, key=lambda s: s.units[0].char_start) if unnumbered else voices


def unvoiced_reasons(doc: Document) -> list[Speaker]:
    """A judgment whose reasons name no author (a tribunal's or a per curiam judgment the parser labels no
    voice: the header names its judge, the paragraphs do not) read as one voice with no name: its numbered,
    citable paragraphs of reasons.  Empty when any paragraph is labelled (:func:`speakers` reads those) or none
    is numbered.  Only what the court below decided is read from it (its report does not depend on who
    wrote it); an anonymous voice is never matched to a judge a question names."""
    if any(u.author for u in doc.units if u.zone is Zone.REASONS):
        return []
    units = [u for u in doc.units if u.zone is Zone.REASONS and u.citable and u.kind is not UnitKind.HEADING
             and u.number and (u.parent is None or doc.units[u.parent].kind is UnitKind.HEADING)]
    return [Speaker("", None, units)] if units else []


def bench_named(doc: Document, question: str) -> bool:
    """Whether the judge ``question`` names with a title (:func:`~pincite.legal.question_kinds.judge_surnames`:
    "Eady P", "Judge Stout", "HHJ Auerbach") is one the judgment's header says it was decided before
    (:data:`~pincite.legal.question_kinds.BEFORE_BLOCK`): that judge is this court, not the court below."""
    names = judge_surnames(question)
    if not names:
        return False
    cover = " ".join(doc.text[u.char_start:u.char_end] for u in doc.units if u.zone is Zone.COVER)
    m = BEFORE_BLOCK.search(cover)
    return bool(m) and any(re.search(rf"(?i)\b{re.escape(n)}\b", m.group(1)) for n in names)


def leaf_parts(doc: Document, author: str) -> list[Unit]:
    """A judgment whose reasons are Parts, not numbered paragraphs (a US opinion: an unheaded introduction,
    "I", "II" with "A", "B" under it, "Conclusion"): its innermost Parts, headed or not — a Part's sub-parts
    speak for it, and a sentence of II.B is cited to II.B, not to the whole of Part II."""
    parts = [u for u in doc.units if u.kind is UnitKind.PART and u.citable and u.author == author
             and u.zone is Zone.REASONS]
    parents = {u.parent for u in parts if u.parent is not None}
    return [u for u in parts if u.ordinal not in parents]


def own_sentences(doc: Document, unit: Unit) -> list[tuple[int, int]]:
    """The sentences of ``unit`` in its author's own words (not inside a quotation), as document spans."""
    if unit.voice is not None and unit.voice.quoted:
        return []
    out = []
    for s, e in sentence_spans(doc.text, unit.char_start, unit.char_end):
        while s < e and doc.text[s].isspace():
            s += 1
        while e > s and doc.text[e - 1].isspace():
            e -= 1
        if e - s < 4 or (unit.voice is not None and unit.voice.quotation_at(s, e) is not None):
            continue
        out.append((s, e))
    return out


_LEADING_NUMBER = re.compile(r"^\s*\[?\d+[A-Z]?[.\]]?\s+")


def _trim(doc: Document, s: int, e: int) -> tuple[int, int]:
    """A sentence without a paragraph number printed at its start ("106. I would…")."""
    m = _LEADING_NUMBER.match(doc.text[s:e])
    return (s + m.end(), e) if m and m.end() < e - s else (s, e)


def _find(doc: Document, sp: Speaker, table: tuple[tuple[re.Pattern[str], str], ...], units: list[Unit],
          last: bool = True, hypothetical_ok: bool = False,
          keep: Callable[[str], bool] | None = None) -> Said | None:
    """The own-words sentence of the last (or first) of ``units`` holding one that a pattern of ``table``
    finds (and ``keep`` accepts, when given) — in that paragraph, the one found by the earliest pattern of the
    table (the table is in order of preference), then the last (or first); a vote after a conditional ("if I
    had… I would have allowed") is not cast, unless ``hypothetical_ok``."""
    for u in (list(reversed(units)) if last else units):
        spans = own_sentences(doc, u)
        found: list[tuple[int, int, int, int]] = []
        for i, (s, e) in enumerate(spans):
            text = doc.text[s:e]
            for rank, (pattern, _why) in enumerate(table):
                m = pattern.search(text)
                if m and (hypothetical_ok
                          or not CONDITIONAL.search(D.COURTESY_CONDITION.sub(" ", text[:m.end()]))) and (
                        keep is None or keep(text)):
                    found.append((rank, -i if last else i, s, e))
                    break
        if found:
            _, i, s, e = min(found)
            i = abs(i)
            if len(re.findall(r"\w+", doc.text[s:e])) < SHORT_SENTENCE_WORDS and i + 1 < len(spans):
                e = spans[i + 1][1]  # "I agree." opening a paragraph: with what follows, it says with what
            elif len(re.findall(r"\w+", doc.text[s:e])) < SHORT_SENTENCE_WORDS and i > 0:
                s = spans[i - 1][0]  # "AFFIRMED." closing the reasons: with the sentence before, it says what
            return Said(sp, u, *_trim(doc, s, e))
    return None


def lead_of(sps: list[Speaker]) -> Speaker | None:
    """The lead judgment: the one the parser marked as speaking for the court, else the first not dissenting.
    """
    return (next((s for s in sps if s.role in FOR_THE_COURT), None)
            or next((s for s in sps if not s.dissenting), None))


def _opens_with_vote(doc: Document, unit: Unit) -> bool:
    """Whether the paragraph's first own sentence is itself a disposal ("22. I would accordingly dismiss
    this appeal."): after a paragraph opening as a conclusion ("19. I would therefore dismiss grounds 1 and
    2"), such a paragraph is the judge's final vote."""
    spans = own_sentences(doc, unit)
    return bool(spans) and D.matches(D.DISPOSAL_SENTENCE, doc.text[spans[0][0]:spans[0][1]])


def _under_disposal_heading(doc: Document, unit: Unit, after: Unit) -> bool:
    """Whether the nearest heading before ``unit`` names the disposal
    (:data:`~pincite.legal.decisions.DISPOSAL_HEADING`) and comes after ``after`` — a paragraph under the same
    "Conclusion" as the conclusion itself says what follows from it (the remedy, a remittal), not the disposal."""
    for u in reversed(doc.units[after.ordinal + 1:unit.ordinal]):
        if u.kind is UnitKind.HEADING:
            return bool(D.DISPOSAL_HEADING.match(doc.text[u.char_start:u.char_end].strip()))
    return False


#: how many of a court's numbered operative provisions an outcome is answered by (the violation found, the award)
OPERATIVE_POINTS = 3


def operative_units(sp: Speaker) -> list[Unit]:
    """A voice's operative provisions (the European Court of Human Rights' points, each deciding one thing)."""
    return [u for u in sp.units if u.section_path[:1] == (OPERATIVE_PROVISIONS,)]


def _sentence_saying(doc: Document, u: Unit, pattern: re.Pattern[str]) -> tuple[int, int] | None:
    """The first of a unit's own sentences that ``pattern`` finds."""
    return next(((a, b) for a, b in own_sentences(doc, u) if pattern.search(doc.text[a:b])), None)


def disposal(doc: Document, sp: Speaker) -> list[Said]:
    """A judge's disposal: the disposal sentence of the last paragraph of their closing stretch that opens as
    a conclusion ("For these reasons, I would have allowed the appeals") or, after that, with the vote
    itself ("I would accordingly dismiss this appeal"), else their last; and one their first paragraphs
    announce before the reasons when there is one."""
    ops = operative_units(sp)
    if ops:  # a court's numbered operative provisions (the European Court of Human Rights): each point decided
        points = (_find(doc, sp, D.DISPOSAL_SENTENCE, [u], last=False) for u in ops)
        return [x for x in points if x is not None][:OPERATIVE_POINTS]
    out = []
    stretch = sp.units[-CLOSING_STRETCH:]
    closing = [u for u in stretch if CONCLUSION_OPENING.search(doc.text[u.char_start:u.char_start + 80])]
    if closing:  # a later paragraph opening with the vote itself, or under a "Disposal" heading after it,
        # supersedes the conclusion before it
        closing += [u for u in stretch if u.ordinal > closing[-1].ordinal and (
            _opens_with_vote(doc, u) or _under_disposal_heading(doc, u, closing[-1]))]
    last = (_find(doc, sp, D.DISPOSAL_SENTENCE, closing, hypothetical_ok=sp.dissenting)
            or _find(doc, sp, D.DISPOSAL_SENTENCE, sp.units, hypothetical_ok=sp.dissenting))
    if last is not None:
        out.append(last)
    first = _find(doc, sp, D.DISPOSAL_SENTENCE, sp.units[:OPENING_PARAGRAPHS], last=False)
    if first is not None and (last is None or first.unit.ordinal != last.unit.ordinal) and len(sp.units) > 6:
        out.insert(0, first)
    return out


def assent(doc: Document, sp: Speaker) -> Said | None:
    """A judge's agreement in their own words ("I agree", "for the reasons given by…"), else their disposal.
    """
    return _find(doc, sp, D.ASSENT_SENTENCE, sp.units, last=False) or next(iter(disposal(doc, sp)[-1:]), None)


def concluding(doc: Document, sp: Speaker) -> list[Said]:
    """A judge's conclusion where they state no disposal: the first sentence of the last paragraph of their
    closing stretch that opens as one ("In conclusion…", "For these reasons…")."""
    for u in reversed(sp.units[-CLOSING_STRETCH:]):
        spans = _past_run_in_heading(doc, own_sentences(doc, u))
        if spans and CONCLUSION_OPENING.search(doc.text[u.char_start:u.char_start + 80]):
            return [Said(sp, u, *_trim(doc, *spans[0]))]
    return []


#: a run-in heading is a "sentence" of at most this many words opening a paragraph ("38.  Conclusion. In sum, …")
RUN_IN_HEADING_WORDS = 2


def _past_run_in_heading(doc: Document, spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """A paragraph's sentences without the run-in heading that opens it ("Conclusion.", "Costs."): no answer."""
    if len(spans) > 1:
        s, e = _trim(doc, *spans[0])
        if len(doc.text[s:e].split()) <= RUN_IN_HEADING_WORDS:
            return spans[1:]
    return spans


def first_reasons(doc: Document, sp: Speaker) -> Said | None:
    """Where a dissent begins: the sentence its role was read from ("I have reached a different conclusion"),
    else the first sentence of its reasons."""
    basis = " ".join((sp.units[0].role_basis or "").split(": ", 1)[-1].split())
    if len(basis) >= 20:
        probe = basis[:80]
        for u in sp.units:
            for s, e in own_sentences(doc, u):
                if probe[:40] in " ".join(doc.text[s:e].split()):
                    s2, e2 = _trim(doc, s, e)
                    return Said(sp, u, s2, e2)
    spans = _past_run_in_heading(doc, own_sentences(doc, sp.units[0])) if sp.units else []
    return Said(sp, sp.units[0], *_trim(doc, *spans[0])) if spans else None


# -- the questions ---------------------------------------------------------------------------------------


def asks_outcome(question: str) -> bool:
    """An outcome question — in a costs question, not by a disposal named as its time ("what costs order did
    the court make when it dismissed the appeal?" asks about costs: the disposal is no answer to it,
    :data:`~pincite.legal.decisions.DISPOSAL_AS_TIME`) — and not one asking why ("why did the court reject…",
    :data:`~pincite.legal.decisions.OUTCOME_REASONS_ASKED`) or what remedy it gave ("what remedy did the court
    grant?", :data:`~pincite.legal.decisions.REMEDY_ASKED`)."""
    asked = D.DISPOSAL_AS_TIME.sub(" ", question) if asks_costs(question) else question
    return (D.matches(D.OUTCOME_ASKED, asked) and not asks_dissent(question)
            and not D.OUTCOME_REASONS_ASKED.search(question) and not D.REMEDY_ASKED.search(question)
            and not D.OUTCOME_BELOW_ASKED.search(question))


def asks_dissent(question: str) -> bool:
    return D.matches(D.DISSENT_ASKED, question)


def dissent_decides(question: str) -> bool:
    """A dissent question the structure answers whole (whether, who, what order): not one asking why, nor what
    the dissent thought of something ("did the dissent think…": :data:`~pincite.legal.decisions.DISSENT_VOICE`)."""
    voice = D.DISSENT_VOICE.search(question)
    return asks_dissent(question) and not D.DISSENT_REASONS_ASKED.search(question) \
        and not (voice and voice.group("verb"))


def _mentions(question: str, sp: Speaker) -> tuple[list[re.Match[str]], list[re.Match[str]]]:
    """Where ``question`` names the judge ``sp``: by surname (:func:`~pincite.legal.decisions.judge_mentions`), and
    by office ("the Master of the Rolls", its first mention)."""
    surnames, offices = D.judge_name_forms(sp.author)
    by_office = (re.search(rf"\b{re.escape(o)}\b", question, re.I) for o in offices)
    return [m for w in surnames for m in D.judge_mentions(question, w)], [m for m in by_office if m]


def named_speakers(doc: Document, question: str, sps: list[Speaker] | None = None) -> list[Speaker]:
    """The judgment's voices the question names (by surname, or by office: "the Master of the Rolls"), the one
    it asks about first: the judge in the place of the question's subject ("Did Green LJ consider…",
    "according to Bean LJ") before the others, a judge named in the possessive ("Nugee LJ's reservations",
    what another is asked about) after them, else in the order named."""
    sps = speakers(doc) if sps is None else sps
    found: list[tuple[int, int, Speaker]] = []
    for sp in sps:
        by_surname, by_office = _mentions(question, sp)
        best = None
        for m in by_surname:
            after = question[m.end():m.end() + 8]
            possessive = bool(re.match(r"(?:\s+(?:L?JJ?|MR|C|P|VP|CJ|LCJ))?['\u2019]s?\b", after))
            subject = bool(D.ASKED_OF.search(question[:m.start()]))
            cand = (int(possessive) - int(subject), m.start())
            best = cand if best is None or cand < best else best
        for m in by_office:
            cand = (-int(bool(D.ASKED_OF.search(question[:m.start()]))), m.start())
            best = cand if best is None or cand < best else best
        if best is not None:
            found.append((best[0], best[1], sp))
    dissenting = [sp for sp in sps if sp.dissenting]
    said = D.DISSENT_VOICE.search(question)
    if said and len(dissenting) == 1 and not any(sp is dissenting[0] for _, _, sp in found):
        found.append((1, said.start(), dissenting[0]))  # "the dissent" is the one dissenting judge, after any named
    return [sp for _, _, sp in sorted(found, key=lambda t: (t[0], t[1]))]


def agreed_with(question: str, sp: Speaker) -> bool:
    """Whether the question names ``sp`` as the judge the others agreed or disagreed with ("did any justice
    disagree with Lord Kitchin?"), not as the one it asks about (:data:`~pincite.legal.decisions.AGREED_WITH_JUDGE`)."""
    by_surname, by_office = _mentions(question, sp)
    found = by_surname + by_office
    return bool(found) and all(D.AGREED_WITH_JUDGE.search(question[:m.start()]) for m in found)


def asks_test(question: str) -> bool:
    return bool(D.TEST_ASKED.search(question))


def asks_costs(question: str) -> bool:
    return bool(D.COSTS_ASKED.search(question))


# -- the units each answer comes from ---------------------------------------------------------------------


def _by_question_words(doc: Document, units: list[Unit], question: str, n: int) -> list[Unit]:
    q = set(terms(question))
    if not q:
        return units[:n]
    scored = sorted(units, key=lambda u: -len(q & set(terms(doc.text[u.char_start:u.char_end]))))
    return scored[:n]


#: how many paragraphs reporting the decision below a court-below question has read (those sharing most of
#: its words, the earliest first among equals: the opening usually tells what was decided below)
BELOW_UNITS = 3


def decision_below_units(doc: Document, question: str, sps: list[Speaker]) -> list[Unit]:
    """The judgment's paragraphs with a sentence reporting what the court below decided
    (:func:`pincite.legal.question_kinds.reports_decision_below`), the :data:`BELOW_UNITS` that share most of
    ``question``'s words."""
    hits = sorted({u.ordinal: u for sp in sps for u in sp.units
                   if any(reports_decision_below(doc.text[s:e]) for s, e in own_sentences(doc, u))}.values(),
                  key=lambda u: u.char_start)
    return _by_question_words(doc, hits, question, BELOW_UNITS)


#: A sentence that only introduces a list ("The Judge found that:") says nothing a claim can carry: a sentence
#: saying what was decided is preferred to it.
LIST_LEAD_IN = re.compile(r"[:\u2014-]\s*$")
#: A finding on an assumption ("even if DeFred were liable, Ho would not be"): the decision below it is an
#: alternative to is preferred.
ALTERNATIVE_FINDING = re.compile(r"(?i)\beven\s+if\b")


def decision_below_said(doc: Document, question: str, sps: list[Speaker]) -> Said | None:
    """The sentence reporting what the court below decided that answers ``question``: of the sentences the
    judgment's voices write reporting it (:func:`~pincite.legal.question_kinds.reports_decision_below`), one
    in which the judge below the question names ("Dove J", "Recorder Campbell QC") is the one deciding first
    (:func:`~pincite.legal.question_kinds.names_deciding`), then the one holding
    most of the question's words (the application decided), the earliest among equals — the opening tells the
    history of the case — and a sentence introducing a list (:data:`LIST_LEAD_IN`) or finding on an assumption
    (:data:`ALTERNATIVE_FINDING`) only where no other reports it; None when no sentence reports a decision
    below."""
    q = set(terms(question))
    names = judges_below_named(question)
    best: tuple[int, int, int] | None = None
    found: Said | None = None
    for sp in sps:
        for u in sp.units:
            for s, e in own_sentences(doc, u):
                text = doc.text[s:e]
                if not reports_decision_below(text):
                    continue
                key = (-int(names_deciding(text, names)), int(LIST_LEAD_IN.search(text) is not None),
                       int(ALTERNATIVE_FINDING.search(text) is not None), -len(q & set(terms(text))), s)
                if best is None or key < best:
                    best, found = key, Said(sp, u, *_trim(doc, s, e))
    return found


# -- why a ground failed or succeeded ----------------------------------------------------------------------


@dataclass
class Section:
    """A heading of the judgment and the paragraphs under it, up to the next heading."""

    heading: Unit
    units: list[Unit] = field(default_factory=list)


def sections(doc: Document, sps: list[Speaker]) -> list[Section]:
    """The judgment's headed sections in the reasons: each heading with the numbered paragraphs of the voices
    ``sps`` that follow it up to the next heading."""
    mine = {u.ordinal for sp in sps for u in sp.units}
    out: list[Section] = []
    for u in doc.units:
        if u.kind is UnitKind.HEADING and u.zone is Zone.REASONS:
            out.append(Section(u))
        elif out and u.ordinal in mine:
            out[-1].units.append(u)
    return [s for s in out if s.units]


#: how many of a heading's words must be the question's (beyond :data:`~pincite.legal.question_kinds.
#: GENERIC_HEADING_TERMS`) for its section to be the ground asked about, when no number is named
GROUND_HEADING_TERMS = 1


def ground_section(doc: Document, question: str, sps: list[Speaker]) -> Section | None:
    """The section of the judgment that deals with the ground the question asks about: the one whose heading
    names the ground's number ("Ground 2", "The second ground") when the question names one, else the one
    whose heading shares most of the question's words (at least :data:`GROUND_HEADING_TERMS` that are not
    :data:`~pincite.legal.question_kinds.GENERIC_HEADING_TERMS`; the later among equals is no better, the first
    is kept); None when no heading is about it."""
    names = {n.lower() for sp in sps for n in judge_name_forms(sp.author)[0]}
    secs = [sec for sec in sections(doc, sps)  # a heading naming a judge opens a voice, not a ground
            if not names & set(re.findall(r"[a-z]+", doc.text[sec.heading.char_start:sec.heading.char_end].lower()))]
    numbers = ground_numbers(question)
    if numbers:  # the last heading naming the ground: the court's discussion follows the parties' submissions
        named = [sec for sec in secs
                 if ground_numbers(doc.text[sec.heading.char_start:sec.heading.char_end]) & numbers]
        if named:
            return named[-1]
    q = set(terms(question)) - GENERIC_HEADING_TERMS
    grounds = [sec for sec in secs if GROUND_HEADING.match(doc.text[sec.heading.char_start:sec.heading.char_end])]
    if len(grounds) > 1 and re.search(r"(?i)\bground\b", question):
        # "Mr C's ground that the tribunals mishandled the delay": of the sections headed by a ground's number,
        # the one whose paragraphs share most of the question's words
        def shared(sec: Section) -> int:
            return len(q & {t for u in sec.units for t in terms(doc.text[u.char_start:u.char_end])})
        top = max(grounds, key=shared)
        if shared(top) > max(shared(g) for g in grounds if g is not top):
            return top
    best: tuple[int, Section] | None = None
    for sec in secs:
        shared = len(q & set(terms(doc.text[sec.heading.char_start:sec.heading.char_end])))
        if shared >= GROUND_HEADING_TERMS and (best is None or shared > best[0]):
            best = (shared, sec)
    return best[1] if best else None


#: a paragraph of at most this many own sentences that disposes of a ground ("I would therefore hold that ground
#: 3 fails.") states the conclusion only: the reasons are in the paragraph before it
BARE_CONCLUSION_SENTENCES = 2


def ground_units(doc: Document, question: str, sps: list[Speaker] | None = None) -> list[Unit]:
    """The paragraphs that dispose of the ground (or argument) ``question`` asks why failed or succeeded, the
    reasons first: in the ground's section (:func:`ground_section`), or, for a ground named by number with no
    heading of its own, among the paragraphs that name it, the last paragraph of the court's voices (not a
    dissent) giving its reasons in its own words (:func:`~pincite.legal.question_kinds.gives_reasons`); when
    that paragraph only states the conclusion (:data:`BARE_CONCLUSION_SENTENCES`), the paragraph of reasons
    before it comes first.  Empty when the question asks no such thing or no paragraph is found."""
    if doc.kind is not DocumentKind.JUDGMENT or not asks_why_ground(question):
        return []
    sps = speakers(doc) if sps is None else sps
    court = [sp for sp in sps if not sp.dissenting]
    named = [sp for sp in named_speakers(doc, question, sps) if not sp.dissenting][:1] if len(sps) > 1 else []
    voices = named or court
    sec = ground_section(doc, question, voices)
    numbers = ground_numbers(question)
    if sec is not None:
        pool = sec.units
    else:
        if not numbers:
            return []
        pool = [u for sp in voices for u in sp.units
                if any(ground_numbers(doc.text[s:e]) & numbers for s, e in own_sentences(doc, u))]
    reasons = [u for u in pool if any(gives_reasons(doc.text[s:e]) for s, e in own_sentences(doc, u))]
    if not reasons:
        return []
    chosen = _by_question_words(doc, reasons, question, GROUND_UNITS) if sec is not None or not numbers \
        else reasons[-GROUND_UNITS:]
    out: list[Unit] = []
    for u in sorted(chosen, key=lambda u: u.char_start):
        i = reasons.index(u)
        if bare_conclusion(doc, u) and i > 0 and reasons[i - 1] not in out:
            out.append(reasons[i - 1])  # the reasons the bare conclusion rests on, first
        if u not in out:
            out.append(u)
    return out


def bare_conclusion(doc: Document, unit: Unit) -> bool:
    """Whether ``unit`` only states a ground's conclusion ("75. Ground 2 accordingly succeeds."): at most
    :data:`BARE_CONCLUSION_SENTENCES` own sentences, one disposing of a ground or argument."""
    spans = own_sentences(doc, unit)
    return len(spans) <= BARE_CONCLUSION_SENTENCES and any(disposes_ground(doc.text[s:e]) for s, e in spans)


#: how many of a ground's paragraphs of reasons are read (those sharing most of the question's words)
GROUND_UNITS = 3


def outcome_said(doc: Document, sps: list[Speaker], question: str = "") -> list[Said]:
    """The lead's disposal, then each other judge's assent (those not dissenting).  Where the lead's disposal
    decides only a cross-appeal and the question does not ask about one, the lead's disposal of the appeal
    itself comes first (:func:`appeal_disposal`)."""
    lead = lead_of(sps)
    if lead is None:
        return []
    out = disposal(doc, lead)
    if out and question and not D.CROSS_APPEAL.search(question):
        last = doc.text[out[-1].start:out[-1].end]
        main = None
        if _cross_appeal_only(last):
            main = appeal_disposal(doc, lead)
        elif not D.APPEAL_NAMED.search(last) and D.APPEAL_NAMED.search(question):
            # "We accordingly remit the case to the same panel": the appeal's fate is in the sentence before
            main = appeal_disposal(doc, lead, lead.units[-CLOSING_STRETCH:])
        if main is not None and all(main.start != x.start for x in out):
            out = sorted([*out, main], key=lambda x: x.start)
    return out + assents(doc, sps, lead) if out else []


def _names_appeal(sentence: str) -> bool:
    """Whether a sentence names an appeal other than a cross-appeal (not a body: "the Appeal Board")."""
    return bool(D.APPEAL_NAMED.search(D.CROSS_APPEAL.sub(" ", sentence)))


def _cross_appeal_only(sentence: str) -> bool:
    """Whether a disposal sentence names a cross-appeal and no other appeal."""
    return bool(D.CROSS_APPEAL.search(sentence)) and not _names_appeal(sentence)


def appeal_disposal(doc: Document, sp: Speaker, units: list[Unit] | None = None) -> Said | None:
    """The judge's disposal (:func:`_find`, its vote cast) in the last of their paragraphs (or of ``units``)
    whose disposal sentence names the appeal itself, not only a cross-appeal."""
    return _find(doc, sp, D.DISPOSAL_SENTENCE, sp.units if units is None else units, keep=_names_appeal)


def assents(doc: Document, sps: list[Speaker], lead: Speaker | None) -> list[Said]:
    """Each judge's assent, in order, but the lead's and the dissenters'."""
    said = (assent(doc, sp) for sp in sps if sp is not lead and not sp.dissenting)
    return [a for a in said if a is not None]


def dissent_openings(doc: Document, sps: list[Speaker]) -> list[Said]:
    """Where each dissent begins (:func:`first_reasons`), in order."""
    said = (first_reasons(doc, sp) for sp in sps if sp.dissenting)
    return [f for f in said if f is not None]


def _others_join(sp: Speaker) -> bool:
    """Whether the judge's own heading says the rest of the court joins their judgment ("(with whom … agree)"),
    which no paragraph of the reasons repeats."""
    basis = next((u.role_basis for u in sp.units if u.role_basis), "") or ""
    return bool(re.search(r"\bwith whom\b[^()]*\bagrees?\b", basis))


def _other_judge_view_asked(question: str) -> bool:
    """Whether a question asks whether a judge agreed with another ("did the judge agree with Lord Denning?",
    :data:`~pincite.legal.decisions.CO_JUDGE_AGREED`), not whether the court divided
    (:data:`~pincite.legal.decisions.DIVIDED_ASKED_OTHERWISE`)."""
    return bool(D.CO_JUDGE_AGREED.search(question)) and not D.matches(D.DIVIDED_ASKED_OTHERWISE, question)


def dissent_said(doc: Document, sps: list[Speaker], question: str = "") -> tuple[bool, list[Said]]:
    """(whether anyone dissented, the sentences that say so): each dissent's disposal and first reasons; when
    no one dissented, each judge's agreement after the lead's disposal.  A question naming judges is answered
    for them."""
    named = named_speakers(doc, question, sps) if question else []
    # "did any justice disagree with Lord Kitchin?": the others are asked about, the one named is what they agreed with
    others_asked = len(named) == 1 and agreed_with(question, named[0])
    if question and len(named) < 2 and not others_asked and _other_judge_view_asked(question):
        return False, []  # "did the judge agree with Lord Denning?": a judge not of this court, whose view is asked
    dissents = [s for s in sps if s.dissenting]
    if dissents:
        chosen = [s for s in dissents if s in named] or dissents
        if named and not any(s in named for s in dissents) and len(named) == 1 and not others_asked:
            chosen = []  # "did X dissent?" of a judge who did not: their agreement answers
        out: list[Said] = []
        for sp in chosen:
            d = disposal(doc, sp)[-1:] or concluding(doc, sp)
            r = first_reasons(doc, sp)
            for x in [*d, r]:
                if x is not None and all(x.unit.ordinal != y.unit.ordinal or x.start != y.start for y in out):
                    out.append(x)
        if out:
            return True, sorted(out, key=lambda x: x.start)
    if len(sps) == 1 and (sps[0].role is Role.JOINT or sps[0].role is Role.LEAD and _others_join(sps[0])):
        # one judgment for the whole court, or the only one, whose heading says the others joined it ("LORD
        # LEGGATT: (with whom Lord Reed, Lady Arden, Lord Sales and Lord Burrows agree)"): its disposal is everyone's
        return False, disposal(doc, sps[0])[-1:] or concluding(doc, sps[0])
    if len(sps) == 1 and not sps[0].dissenting:
        # the only judgment, saying it is the court's ("This is the judgment of the Court"), or disposing of the
        # appeal in the court's name ("the Board will humbly advise Her Majesty that the appeal should be
        # dismissed", "we dismiss the appeal"): no one dissented
        whole = _find(doc, sps[0], D.COURT_JUDGMENT_SENTENCE, sps[0].units[:OPENING_PARAGRAPHS], last=False)
        if whole is not None:  # "This is the judgment of the Court."
            return False, [whole]
        own = disposal(doc, sps[0])[-1:]
        said = doc.text[own[0].start:own[0].end] if own else ""
        if D.COURT_DISPOSES.search(said) and _names_appeal(said):
            return False, own
    if len(sps) < 2:  # one opinion, no one beside it: the line naming its author says whose it is
        only = author_said(doc, sps) if sps and not sps[0].dissenting else None
        return False, [only] if only is not None else []
    if others_asked:  # each other judge's assent, but the named judge's
        return False, assents(doc, [sp for sp in sps if sp is not named[0]], lead_of(sps))
    if named and not named[0].dissenting:  # "did X dissent?", "did X go along with Y?": X's own words answer
        # "did X and Y go along with Z?": each named judge's own words, the lead's disposal for the lead
        lead = lead_of(sps)
        mine = [named[0]] + [sp for sp in named[1:] if not sp.dissenting and D.AGREEMENT_ASKED.search(question)]
        own = [assent(doc, sp) if sp is not lead else next(iter(disposal(doc, sp)[-1:]), None) for sp in mine]
        found = sorted((x for x in own if x is not None), key=lambda x: x.start)
        if found:
            return False, found
    return False, assents(doc, sps, lead_of(sps))


def asks_operative(question: str) -> bool:
    """A question a court's numbered operative provisions answer where it has them: whether it found a violation,
    what it awarded (:data:`~pincite.legal.decisions.FINDING_ASKED`, :data:`~pincite.legal.decisions.AWARD_ASKED`)."""
    return D.matches(D.FINDING_ASKED, question) or D.matches(D.AWARD_ASKED, question)


def operative_said(doc: Document, sps: list[Speaker], question: str) -> list[Said]:
    """The operative provisions that answer a finding or award question (:func:`asks_operative`): each point
    finding a violation (or none), or ordering a payment — those naming an Article the question names first —
    in the sentence that says so; empty when the judgment decides in no numbered operative provisions."""
    award = D.matches(D.AWARD_ASKED, question) and not D.matches(D.FINDING_ASKED, question)
    table = D.AWARD_POINT if award else D.VIOLATION_POINT
    articles = re.findall(r"(?i)\bArticles?\s+(\d+)", question)
    out: list[Said] = []
    for sp in sps:
        hits = [u for u in operative_units(sp) if table.search(doc.text[u.char_start:u.char_end])]
        named = [u for u in hits if any(re.search(rf"\bArticles?\s+{a}\b", doc.text[u.char_start:u.char_end])
                                        for a in articles)]
        for u in (named or hits)[:OPERATIVE_POINTS]:
            best = _sentence_saying(doc, u, table)
            spans = own_sentences(doc, u) if best is None else []
            if spans:  # "Holds, by fifteen votes to two," then "(a) that … is to pay": both
                best = (spans[0][0], spans[-1][1])
            if best is not None:
                out.append(Said(sp, u, *_trim(doc, *best)))
    return out


def structure_units(doc: Document, question: str) -> list[Unit]:
    """The units a structural question needs read (added to what retrieval ranked): the disposal and assents
    for an outcome question, the dissents' disposal and first reasons (or the agreements) for a dissent
    question, the agreements and each dissent's opening for a question asking who agreed, the named judge's
    paragraphs that share most of the question's words, the sentences stating a test or the costs order, the
    paragraphs reporting the decision below."""
    if doc.kind is not DocumentKind.JUDGMENT:
        return []
    sps = speakers(doc)
    # "what did the tribunal decide?" of the tribunal's own decision: not a decision below, its outcome if so asked
    own_asked = asks_decision_below(question) and own_court_named(doc, question)
    own_outcome = own_asked and bool(D.OUTCOME_VERB_ASKED.search(question))
    if not sps:  # a judgment labelling no voice: only the report of the decision below is read from it
        if asks_dissent(question):  # or its disposal in the court's joint voice, for a dissent question
            joint = joint_disposal(doc, question)
            return [joint.unit] if joint is not None else []
        if own_asked:  # or its own outcome
            reasons = unvoiced_reasons(doc) if own_outcome else []
            return [x.unit for x in outcome_said(doc, reasons)] if reasons else []
        below = unvoiced_reasons(doc) if asks_decision_below(question) and not bench_named(doc, question) else []
        return decision_below_units(doc, question, below) if below else []
    said: list[Said] = []
    units: list[Unit] = []
    if asks_dissent(question):
        said += dissent_said(doc, sps, question)[1]
    if asks_outcome(question) or asks_dissent(question) or own_outcome:
        said += outcome_said(doc, sps)
    if asks_operative(question):
        said += operative_said(doc, sps, question)
    if asks_dissent(question) and D.UNANIMITY_ASKED.search(question):
        said += vote_said(doc, sps, question)
    if D.WHO_AGREED_ASKED.search(question):  # "which judges agreed with X?": their agreements, a dissent's opening
        said += assents(doc, sps, lead_of(sps)) + dissent_openings(doc, sps)
    named = named_speakers(doc, question, sps)
    if named and len(sps) > 1:
        sp = named[0]
        units += _by_question_words(doc, sp.units, question, JUDGE_UNITS)
        said += disposal(doc, sp)[-1:]
    if asks_test(question) or asks_costs(question):
        table = D.TEST_SENTENCE if asks_test(question) else D.COSTS_SENTENCE
        pool = named[:1] or [s for s in sps if not s.dissenting]
        for sp in pool:
            hits = [u for u in sp.units
                    if any(D.matches(table, doc.text[s:e]) for s, e in own_sentences(doc, u))]
            units += _by_question_words(doc, hits, question, 2)
    if asks_decision_below(question) and not named and not own_asked:  # "did Arnold LJ think the judge below
        units += decision_below_units(doc, question, sps)  # was right?" asks Arnold LJ's view
    if asks_why_ground(question) and not asks_decision_below(question):  # why a ground failed: its disposal
        units += ground_units(doc, question, sps)
    units += [s.unit for s in said]
    return list({u.ordinal: u for u in units}.values())


def named_speaker_units(doc: Document, question: str) -> set[int] | None:
    """The ordinals of the units a named judge's answer must come from: that judge's paragraphs (and their
    sub-units), when the question names one of several voices; else None."""
    if doc.kind is not DocumentKind.JUDGMENT:
        return None
    sps = speakers(doc)
    named = named_speakers(doc, question, sps) if len(sps) > 1 else []
    if not named:
        return None
    author = named[0].author
    return {u.ordinal for u in doc.units if u.author == author}


# -- the answer the structure decides ---------------------------------------------------------------------


def _passage_for(turn: TurnContext, doc: Document, s: int, e: int) -> ContextPassage | None:
    best = None
    for cp in turn.passages:
        ch = cp.passage.chunk
        if cp.passage.document.id == doc.id and ch.char_start <= s and e <= ch.char_end and ch.citable:
            if best is None or cp.passage.rank < best.passage.rank:
                best = cp
    return best


#: How a structural claim names whose reasons it quotes, where the role's own name is not what a reader says:
#: one judgment for the whole court is "for the court" ("joint" reads as a claim of joint liability and is
#: checked against the quotation as one); a judge sitting alone needs no role ("sole" reads as "only").
_ROLE_SHOWN = {Role.JOINT: "for the court", Role.SOLE: ""}


def _claim(turn: TurnContext, doc: Document, said: Said, lead_in: str = "") -> dict[str, Any] | None:
    cp = _passage_for(turn, doc, said.start, said.end)
    if cp is None:
        return None
    quote = doc.text[said.start:said.end]
    sp = said.speaker
    role = _ROLE_SHOWN.get(sp.role, sp.role.value) if sp.role else "role not stated"
    who = f"{sp.author} ({role})" if role else sp.author
    text = f"{lead_in}{who} said: \u201c{quote}\u201d" if sp.author \
        else f"{lead_in}The judgment says: \u201c{quote}\u201d"  # a voice the judgment does not name
    return {"text": text, "citations": [{"passage": cp.pid, "quote": quote}]}


def _party_names_this(party: str, title: str, initials: str) -> bool:
    """Whether one side of a case a question names ("Reynolds", "R (TD, AD and Reynolds)", "SSWP") is a party
    of the judgment titled ``title`` (its words, lower case, space-led): a word of the side longer than three
    letters in the title, or a capitals-only token (:data:`~pincite.legal.language.PARTY_INITIALISM`: initials
    for an anonymised party, "TD"; an office by its initials, "SSWP") in the title or in ``initials`` (the
    initials of the title's runs of capitalised words)."""
    if any(f" {w}" in title for w in re.findall(r"[a-z0-9]+", party.lower()) if len(w) > 3):
        return True
    return any(f" {tok.lower()} " in f"{title} " or tok.lower() in initials
               for tok in PARTY_INITIALISM.findall(party))


def _names_other_case(question: str, doc: Document) -> bool:
    """Whether the question names a case (by its parties or its neutral citation) and none of the cases it names
    is this judgment (then the structure of this one does not answer it).  A question that names this case and
    another ("did the court in A v B accept what was said in C v D?") asks about this one; a case is this one when
    either side names one of its parties (:func:`_party_names_this`)."""
    title = " " + " ".join(re.findall(r"[a-z0-9]+", f"{doc.title} {doc.citation or ''}".lower()))
    initials = " ".join("".join(w[0] for w in run.split()).lower()
                        for run in re.findall(r"[A-Z][\w&'\u2019]*(?:\s+(?:(?:of|for|and|the|And|Of|For|The)\s+)*"
                                              r"[A-Z][\w&'\u2019]*)*", doc.title or "")
                        for run in [re.sub(r"\s+(?:of|for|and|the|And|Of|For|The)\b", "", run)])
    flat = re.sub(r"[^a-z0-9]", "", (doc.citation or "").lower())
    named_other = named_this = False
    for m in NAMED_NEUTRAL.finditer(question):
        named = f"{m.group('year')}{m.group('court')}{m.group('num')}"
        if re.sub(r"[^a-z0-9]", "", named.lower()) in flat:
            named_this = True
        else:
            named_other = True
    for m in NAMED_CASE.finditer(question):
        if _party_names_this(m.group("a"), title, initials) or _party_names_this(m.group("b"), title, initials):
            named_this = True
        elif re.findall(r"[a-z0-9]+", m.group("a").lower()):
            named_other = True
    return named_other and not named_this


#: A case named as what a question is about: at its start ("Mohamed v Breish, the fight over…", "In Smith v Jones,
#: …"), not an authority it mentions on the way ("contrary to Uber v Aslam", "by reference to Sequent v Hautford").
CASE_AS_SUBJECT = re.compile(r"^\s*(?:In\s+)?(?:the\s+)?" + NAMED_CASE.pattern)


def names_other_case(question: str, doc: Document) -> bool:
    """Whether the question is about a case it names at its start (:data:`CASE_AS_SUBJECT`) and the judgment ``doc``,
    titled as a case ("A v B", "Re A"), is not one it names (:func:`_names_other_case`): a sentence of ``doc``
    answers nothing it asks.  A judgment whose title names no parties (a parse that kept only the court's name) is
    never judged so."""
    title = doc.title or ""
    if doc.kind is not DocumentKind.JUDGMENT or not CASE_AS_SUBJECT.search(question):
        return False
    if not re.search(r"\sv\.?\s|^\s*Re\s|,\s*Re\b", title):
        return False
    return _names_other_case(question, doc)


def documents_named(question: str, documents: list[Any]) -> set[str]:
    """The ids of ``documents`` (each with ``id`` and ``title``) the question names by a word of its title no
    other of them holds (:func:`~pincite.legal.language.titles_named`: "In Gildernew, …", "Dr Abisoye's appeal",
    "the Maternity Allowances Act"); empty when it names none of them."""
    docs = list({d.id: d for d in documents}.values())
    return {docs[i].id for i in titles_named(question, [d.title or "" for d in docs])}


def contracts_named(question: str, documents: list[Document]) -> set[str]:
    """The ids of the contracts among ``documents`` the question names by one of their parties
    (:func:`~pincite.parse.parties.names_by_party`: "Kitov / Dexcel manufacturing agreement", "Network 1's
    affiliate office agreement", "under the element 5 terms"), in any case; empty when it names none."""
    out = set()
    for d in {d.id: d for d in documents}.values():
        if d.kind is DocumentKind.CONTRACT and names_by_party(
                question, d.text, party_names(d.text, d.meta.get("parties") or []), PARTY_NAME_GENERIC):
            out.add(d.id)
    return out


def _judgments_in_turn(turn: TurnContext) -> list[Document]:
    """The judgments the turn's passages come from, the best-ranked first; when the question names some of the
    turn's documents by their titles, only the named ones (another judgment retrieved beside the case the question
    names is not what it asks about, nor is any judgment when it names an Act or a contract)."""
    order: list[str] = []
    for cp in turn.passages:
        if cp.passage.document.kind is DocumentKind.JUDGMENT and cp.passage.document.id not in order:
            order.append(cp.passage.document.id)
    docs = {d.document.id: d.document for d in turn.documents}
    named = documents_named(turn.question, [cp.passage.document for cp in turn.passages])
    return [docs[i] for i in order if i in docs and (not named or i in named)]


def _bench_named(question: str, judgments: list[Document]) -> tuple[list[Document], bool]:
    """``judgments`` with the one whose judges the question names first, when it names more of them than of any
    other ("did Birss LJ and Thirlwall LJ agree with Arnold LJ?" is about the appeal those three heard, not another
    of Arnold LJ's that ranks first), else as they are; and whether the first is so named."""
    counts = [len(named_speakers(d, question)) for d in judgments]
    best = max(counts, default=0)
    if best == 0 or counts.count(best) > 1:
        return judgments, False
    i = counts.index(best)
    return [judgments[i], *judgments[:i], *judgments[i + 1:]], True


def _case_named(turn: TurnContext, judgments: list[Document], by_bench: bool) -> bool:
    """Whether the question names the case it asks about: by its parties ("A v B") or neutral citation, by a
    word of the title of the first of ``judgments`` that no other document of the turn holds ("the Hertsmere
    homelessness case": :func:`documents_named`), or by more of its judges than of any other judgment's
    (``by_bench``, :func:`_bench_named`).  Such a question is about that judgment even when another document's
    passage ranks first."""
    q = turn.question
    if NAMED_CASE.search(q) or NAMED_NEUTRAL.search(q) or by_bench:
        return True
    return bool(judgments) and judgments[0].id in documents_named(q, [cp.passage.document for cp in turn.passages])


def structural_claims(turn: TurnContext) -> list[dict[str, Any]] | None:
    """The claims the structure decides for the turn's question, or None when it does not decide it: an
    outcome question is answered by the lead's disposal and each assent; a dissent question asking whether,
    who or what order (not why) by each dissent's disposal and first reasons, or — no one dissenting — by each
    judge's agreement; a question asking what the court below decided by the judgment's report of it
    (:func:`_decision_below`).  Asked of one judgment (the best-ranked, when its passages come first), or of each
    judgment in scope; each sentence is cited in a passage of the turn, and nothing is claimed that is not
    cited."""
    q = turn.question
    outcome, dissent = asks_outcome(q), dissent_decides(q)
    if asks_operative(q) and not (outcome or dissent) and not turn.multi_document:
        found = _operative(turn)
        if found is not None:
            return found
    if D.AUTHOR_ASKED.search(q) and not (outcome or dissent) and not turn.multi_document:
        return _author_line(turn)
    if not (outcome or dissent) and asks_decision_below(q):
        if not _own_court_asked(turn):
            return _decision_below(turn)
        if not D.OUTCOME_VERB_ASKED.search(q):
            return None  # a finding of the court the question names, its own: the reasons answer
        outcome = True  # "what did the tribunal decide?" of the tribunal's own decision: its outcome
    if not (outcome or dissent):
        if D.WHO_AGREED_ASKED.search(q) and not turn.multi_document:
            return _who_agreed(turn)
        return _assenting_judge(turn) if D.JUDGE_VIEW_ASKED.search(q) else None
    judgments, by_bench = _bench_named(q, [d for d in _judgments_in_turn(turn) if not _names_other_case(q, d)])
    if not turn.multi_document:
        first = turn.passages[0].passage.document if turn.passages else None
        named = _case_named(turn, judgments, by_bench)
        if first is None or (first.kind is not DocumentKind.JUDGMENT and not named):
            return None
        # the best-ranked judgment; a question naming its case, the best-ranked judgment that is that case
        judgments = judgments[:1] if named or (judgments and judgments[0].id == first.id) else []
    claims: list[dict[str, Any]] = []
    for doc in judgments:
        # a judgment whose reasons name no voice (a per curiam "we" judgment the parser labels no author): its own
        # disposal answers the outcome; whether anyone dissented it cannot say, but where it disposes in the
        # court's joint voice ("we set aside the decision", "in our judgment … the application is refused") that
        # sentence is what a dissent question is answered by — without saying that no one dissented
        sps = speakers(doc) or (unvoiced_reasons(doc) if not dissent else [])
        if not sps and dissent:
            joint = joint_disposal(doc, q)
            made = _claim(turn, doc, joint, "The judgment is the court's, given in one voice (\u201cwe\u201d). ") \
                if joint is not None else None
            claims += [made] if made else []
            continue
        if not sps:
            continue
        votes = vote_said(doc, sps, q) if dissent and D.UNANIMITY_ASKED.search(q) else []
        if votes:  # "was the award unanimous?" of a court voting point by point: the vote printed on that point
            said, lead_in = votes, ""
        elif dissent:
            any_dissent, said = dissent_said(doc, sps, q)
            if not said:
                continue
            if D.matches(D.OUTCOME_ASKED, q):  # "was it unanimous, and what was the outcome?": both parts
                said = _with_outcome(doc, sps, said)
            # "no one dissented" only of a judgment with no dissenting voice (a named judge who did not dissent,
            # beside one who did, is answered by their own words alone)
            lead_in = "" if any_dissent or any(sp.dissenting for sp in sps) else "No one dissented. "
        else:
            said, lead_in = outcome_said(doc, sps, q), ""
            if not said or said[0].speaker.dissenting:
                continue
        made = [c for c in (_claim(turn, doc, x, lead_in if i == 0 else "") for i, x in enumerate(said)) if c]
        if made:
            claims += made
    return claims or None


#: the court's joint voice in a disposal: "we", "our" ("we set aside", "in our judgment … refused")
JOINT_VOICE = re.compile(r"\b(?:[Ww]e|[Oo]ur|[Uu]s)\b")


def joint_disposal(doc: Document, question: str) -> Said | None:
    """For a dissent question, a judgment naming no voice whose last disposal (:func:`disposal`, in its closing
    paragraphs) is in the court's joint voice (:data:`JOINT_VOICE`) and disposes of what was before it — the appeal,
    or the decision, application, claim, conviction, sentence or order (:data:`JOINT_SUBJECT`) — not of a side
    request: that disposal; None otherwise, and when the question asks the court's view of another judge ("did the
    court agree with Snowden J's reasoning?", :func:`_other_judge_view_asked`), not whether it divided."""
    if _other_judge_view_asked(question):
        return None
    reasons = unvoiced_reasons(doc)
    if not reasons:
        return None
    own = disposal(doc, reasons[0])[-1:]
    said = doc.text[own[0].start:own[0].end] if own else ""
    return own[0] if own and JOINT_VOICE.search(said) and (_names_appeal(said) or JOINT_SUBJECT.search(said)) \
        else None


#: what a joint disposal disposes of besides an appeal: "we set aside the First-tier Tribunal's decision", "the
#: application for leave is refused", "we quash the conviction"
JOINT_SUBJECT = re.compile(r"(?i)\b(?:decision|application|claim|conviction|sentence|order)s?\b")


def vote_said(doc: Document, sps: list[Speaker], question: str) -> list[Said]:
    """Where a court votes point by point in numbered operative provisions ("Holds, by fourteen votes to three,
    that the respondent State is to pay …"), the vote a unanimity question asks
    (:data:`~pincite.legal.decisions.UNANIMITY_ASKED`): the point on what it names (the costs, the award, a
    finding: :data:`~pincite.legal.decisions.VOTE_TOPICS`), else each point not decided unanimously, else the
    first; empty when the judgment prints no such vote."""
    for sp in sps:
        ops = [u for u in operative_units(sp) if D.VOTE_POINT.search(doc.text[u.char_start:u.char_end])]
        if not ops:
            continue
        chosen: list[Unit] = []
        for asked, point, _why in D.VOTE_TOPICS:
            if asked.search(question):
                chosen = [u for u in ops if point.search(doc.text[u.char_start:u.char_end])]
                if chosen:
                    break
        chosen = chosen or [u for u in ops if "unanimously" not in doc.text[u.char_start:u.char_end].lower()] \
            or ops[:1]
        out = []
        for u in chosen[:OPERATIVE_POINTS]:
            best = _sentence_saying(doc, u, D.VOTE_POINT)
            if best is not None:
                out.append(Said(sp, u, *_trim(doc, *best)))
        return out
    return []


def _judgments_asked(turn: TurnContext) -> list[Document]:
    """The judgments a question about one judgment is asked of, the best-ranked first: the turn's judgments, less
    any the question rules out by naming another case; empty unless the question names a case or the first of
    them holds the turn's best-ranked passage."""
    if not turn.passages:
        return []
    q = turn.question
    first = turn.passages[0].passage.document
    judgments, by_bench = _bench_named(q, [d for d in _judgments_in_turn(turn) if not _names_other_case(q, d)])
    if not judgments or (not _case_named(turn, judgments, by_bench) and judgments[0].id != first.id):
        return []
    return judgments


def _operative(turn: TurnContext) -> list[dict[str, Any]] | None:
    """A finding or award question (:func:`asks_operative`) asked of the best-ranked judgment (when its passages
    come first, or the question names it) that decides in numbered operative provisions: those provisions
    (:func:`operative_said`); None where it has none, so the reasons answer as for any other question."""
    judgments = _judgments_asked(turn)
    if not judgments:
        return None
    doc = judgments[0]
    said = operative_said(doc, speakers(doc), turn.question)
    claims = [c for c in (_claim(turn, doc, x) for x in said) if c]
    return claims or None


def _decision_below(turn: TurnContext) -> list[dict[str, Any]] | None:
    """A question asking what the court below decided ("what had the judge below decided?", "what did Recorder
    X decide on the application?", "how much did Cockerill J order him to pay?") is answered by the appeal
    judgment's report of that decision (:func:`decision_below_said`), never by the appeal court's own vote: of
    the best-ranked judgment (when its passages come first, or the question names it), or of the next when only
    it reports the judge below the question names deciding.  None when the question names one of that
    judgment's own judges, even its only one (it asks that judge's view of the decision below), or no sentence
    of the judgment reports a decision below."""
    if turn.multi_document:
        return None
    q = turn.question
    judgments = _judgments_asked(turn)
    if not judgments:
        return None
    names = judges_below_named(q)
    found: tuple[Document, Said] | None = None
    # a question naming the judge below ("what order had Morgan J made?") is about the judgment reporting that
    # judge's decision: of the two best-ranked, the one whose report names that judge deciding, else the first
    for doc in judgments[:BELOW_JUDGMENTS if names else 1]:
        sps = speakers(doc) or unvoiced_reasons(doc)
        if not sps or named_speakers(doc, q, sps) or (not sps[0].author and bench_named(doc, q)):
            continue  # the judgment's own judge named (by the header, when no voice is labelled): their view
        said = decision_below_said(doc, q, sps)
        if said is None:
            continue
        if names and names_deciding(doc.text[said.start:said.end], names):
            found = (doc, said)
            break
        found = found or (doc, said)
    claim = _claim(turn, found[0], found[1]) if found is not None else None
    return [claim] if claim else None


#: how many of the best-ranked judgments a question naming the judge below is asked of (see _decision_below)
BELOW_JUDGMENTS = 2


def _with_outcome(doc: Document, sps: list[Speaker], said: list[Said]) -> list[Said]:
    """A dissent question that asks the outcome too ("did the appeal succeed? any dissent?"): the lead's
    disposal with what answers the dissent part (the dissents' words, or each judge's agreement), in the
    judgment's order, each sentence once."""
    lead = lead_of(sps)
    if lead is None or lead.dissenting:
        return said
    out = list(said)
    for x in disposal(doc, lead):
        if all(x.unit.ordinal != y.unit.ordinal or x.start != y.start for y in out):
            out.append(x)
    return sorted(out, key=lambda x: x.start)


#: a judge whose reasons are at most this many paragraphs, opening with an assent, said only that they agree
ASSENT_PARAGRAPHS = 2


def _who_agreed(turn: TurnContext) -> list[dict[str, Any]] | None:
    """"Which judges agreed with X?", "who joined the lead judgment?": each judge who neither leads nor dissents,
    in their own words of agreement (the best-ranked judgment asked about); where every other judge's name is
    under one judgment for the majority and one dissents, the dissent's opening, which names the majority it
    leaves ("the judgment of the majority of Menon CJ, with which Prakash JA concurs"); None otherwise."""
    for doc in _judgments_in_turn(turn)[:1]:
        if _names_other_case(turn.question, doc):
            return None
        sps = speakers(doc)
        said = assents(doc, sps, lead_of(sps)) or [
            f for f in dissent_openings(doc, sps) if re.search(r"(?i)\bmajority\b", doc.text[f.start:f.end])][:1]
        made = [c for c in (_claim(turn, doc, x) for x in said) if c]
        return made or None
    return None


def _assenting_judge(turn: TurnContext) -> list[dict[str, Any]] | None:
    """A question asking what a named judge said or held, of a judge whose whole reasons are a short assent
    ("I agree that the appeal should be dismissed for the reasons given by Arnold LJ"): the assent is what the
    judge said (the best-ranked judgment whose voices include the judge).  A question asking whether named
    judges agreed ("did Males LJ and King LJ agree with Popplewell LJ?") is answered by each named judge's own
    assent (not the lead's, whom the others agree with), however long their reasons."""
    if turn.multi_document:
        return None
    agreement = bool(D.AGREEMENT_ASKED.search(turn.question))
    for doc in _judgments_in_turn(turn):
        if _names_other_case(turn.question, doc):
            continue
        sps = speakers(doc)
        named = named_speakers(doc, turn.question, sps) if len(sps) > 1 else []
        if not named:
            continue
        lead = lead_of(sps)
        if agreement:
            said = [a for a in (assent(doc, sp) for sp in named if sp is not lead and not sp.dissenting) if a]
            made = [c for c in (_claim(turn, doc, x) for x in said) if c]
            if made:
                return made
        sp = named[0]
        if len(sp.units) > ASSENT_PARAGRAPHS or sp is lead:
            return None
        said1 = _find(doc, sp, D.ASSENT_SENTENCE, sp.units[:1], last=False)
        claim = _claim(turn, doc, said1) if said1 is not None else None
        return [claim] if claim else None
    return None


def _author_line(turn: TurnContext) -> list[dict[str, Any]] | None:
    """"Who wrote the opinion?": the lead judgment's first sentence of its own that names its author ("SILER,
    Circuit Judge. Pursuant to…", "Lord Reed (with whom …agree)") in the best-ranked judgment; None when its
    reasons never name the author (the name only in a heading or on the cover)."""
    for doc in _judgments_in_turn(turn)[:1]:
        if _names_other_case(turn.question, doc):
            return None
        sps = speakers(doc)
        said = (reported_author_said(doc, sps, turn.question) if other_court_asked(doc, turn.question)
                else author_said(doc, sps))
        claim = _claim(turn, doc, said) if said is not None else None
        return [claim] if claim else None
    return None


def _court_code(doc: Document) -> str | None:
    """The court code of ``doc``'s neutral citation ("UKFTT", "EWCA"), or None when its citation is unknown."""
    m = NAMED_NEUTRAL.search(doc.citation or "")
    return m.group("court").split()[0].upper() if m else None


def own_court_named(doc: Document, question: str) -> bool:
    """Whether ``question`` names, in words that would otherwise ask about a decision below ("what did the
    tribunal decide?"), the court or tribunal that gave ``doc`` itself, by its neutral citation
    (:data:`~pincite.legal.decisions.OWN_COURT_NAMED`)."""
    own = _court_code(doc)
    return own is not None and any(own in codes and pattern.search(question)
                                   for pattern, codes, _ in D.OWN_COURT_NAMED)


def _own_court_asked(turn: TurnContext) -> bool:
    """Whether the question names the court of the judgment it is asked of (:func:`_judgments_asked`'s first)."""
    judgments = _judgments_asked(turn)
    return bool(judgments) and own_court_named(judgments[0], turn.question)


def other_court_asked(doc: Document, question: str) -> bool:
    """Whether ``question`` names a court (:data:`~pincite.legal.decisions.COURTS_NAMED`) that did not give
    ``doc`` — by its neutral citation, which must be known ("who gave the Court of Appeal's judgment?" of a
    Supreme Court judgment asks about the judgment below)."""
    own = _court_code(doc)
    if own is None:
        return False
    named = [codes for pattern, codes in D.COURTS_NAMED if pattern.search(question)]
    return bool(named) and not any(own in codes for codes in named)


#: The part of a judgment (its first 1/HISTORY_PART of numbered paragraphs) that tells the case's history: who gave
#: the judgment below is reported there, an earlier authority's judges later, in the reasons.
HISTORY_PART = 2


def reported_author_said(doc: Document, sps: list[Speaker], question: str) -> Said | None:
    """The judgment's own sentence reporting who gave another court's judgment and who agreed with it
    (:data:`~pincite.legal.decisions.JUDGMENT_GIVEN_BY`, :data:`~pincite.legal.decisions.OTHERS_AGREED`: "for the
    reasons given by Lord Reed" alone is this court's own reasoning), one naming the court the question names
    first, the earliest among equals — in a paragraph of the case's history (:data:`HISTORY_PART`) naming the court
    asked about; None when no sentence reports it."""
    courts = [p for p, _ in D.COURTS_NAMED if p.search(question)]
    paragraphs = [u for u in doc.units if u.citable and u.number and u.kind is UnitKind.PARAGRAPH]
    history = {u.ordinal for u in paragraphs[:max(1, len(paragraphs) // HISTORY_PART)]}
    best: tuple[int, int] | None = None
    found: Said | None = None
    for sp in sps:
        if sp.dissenting:
            continue
        for u in sp.units:
            if u.ordinal not in history or not any(p.search(doc.text[u.char_start:u.char_end]) for p in courts):
                continue  # an earlier case's judges, reported in the reasons, are not this case's court below
            for s, e in own_sentences(doc, u):
                text = doc.text[s:e]
                if not (D.JUDGMENT_GIVEN_BY.search(text) and D.OTHERS_AGREED.search(text)):
                    continue
                key = (-int(any(p.search(text) for p in courts)), s)
                if best is None or key < best:
                    best, found = key, Said(sp, u, *_trim(doc, s, e))
    return found


def author_said(doc: Document, sps: list[Speaker]) -> Said | None:
    """The lead judgment's first sentence of its own that names its author ("SILER, Circuit Judge. Pursuant
    to…", "Lord Reed (with whom …agree)"), a short one with the sentence it opens; None when its opening
    paragraphs never name the author."""
    lead = lead_of(sps)
    if lead is None:
        return None
    names = [n for n in judge_name_forms(lead.author)[0] if len(n) > 2]
    for u in lead.units[:OPENING_PARAGRAPHS]:
        spans = own_sentences(doc, u)
        for i, (s, e) in enumerate(spans):
            if any(re.search(rf"(?i)\b{re.escape(n)}\b", doc.text[s:e]) for n in names):
                if len(re.findall(r"\w+", doc.text[s:e])) < SHORT_SENTENCE_WORDS + 2 and i + 1 < len(spans):
                    e = spans[i + 1][1]  # "SILER, Circuit Judge." with the sentence it opens
                return Said(lead, u, s, e)
    return None
