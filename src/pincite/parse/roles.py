"""Whose reasons are these, and on which side of the outcome: roles for a judgment's units.

A judgment with several judges is cut into *segments*, one per judge's heading.  Each segment's role is
read from the judge's own words, and follows the outcome, not the order of speaking:

1. a joint judgment ("Sir Terence Etherton MR, Henderson LJ and Nicola Davies LJ :") -> ``joint``;
   one judge alone -> ``sole``;
2. a dissent stated on one issue ("As this is a dissenting judgment on this second issue") or a
   disagreement with *parts* of a colleague's reasons -> ``partly-dissenting``;
3. a dissent stated outright ("I have come to a different conclusion", "unable to agree with my Lords")
   -> ``dissenting``;
4. "I would have allowed this appeal", said as a conclusion (no "if", "had I" ...) and not followed by
   an actual "I would allow the appeal" on the same thing -> the judge's view did not carry: dissenting,
   or partly-dissenting when the same judge carries another part ("I would allow SIS's appeal");
5. each judge's actual votes ("I would dismiss the appeal", "SIS's appeal should be allowed") are
   counted per subject; a judge outvoted on every subject dissents, on some subjects partly dissents
   (this is how a lead judgment in the minority is found: 2020-ewca-1690-civ);
6. agreement with a colleague who is not dissenting ("I agree.", "for the reasons given by Arnold LJ")
   -> ``concurring``;
7. the first remaining judgment -> ``lead``.

Where none of these applies the role stays ``None`` and ``role_basis`` says so.  ``role_basis`` always
holds the sentence the role was read from (or why there is none).
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field, replace

from pincite.legal import language as L
from pincite.legal.sentences import sentences
from pincite.parse.akn_text import surname_aliases
from pincite.parse.builder import UnitCollector
from pincite.types import Role, Unit, UnitKind, Zone


@dataclass
class Segment:
    """One judge's (or one joint) reasons: the units from its heading to the next judge's heading."""

    index: int
    display: str
    judges: tuple[str, ...]
    heading: str
    joint: bool = False
    units: list[int] = field(default_factory=list)
    role: Role | None = None
    basis: str | None = None


_CONDITIONAL = L.CONDITIONAL
_PARTIAL = L.PARTIAL_DISSENT
_FULL = L.FULL_DISSENT
_VOTE = L.VOTE
_VOTE_PASSIVE = L.VOTE_PASSIVE
_BARE_AGREE = L.BARE_AGREEMENT
_AGREE = L.AGREEMENT_WITH
_DISAGREE = L.DISAGREEMENT_WITH
_NO_STATEMENT = "no statement of agreement or disagreement found"


def split_sentences(text: str) -> list[str]:
    """Reasons text in sentences, each paragraph apart (the one splitter, :mod:`pincite.legal.sentences`)."""
    return sentences(text)


def _subject(obj: str) -> str:
    """What a vote is about: the owner of the appeal ("sis") when named, else the noun ("appeal")."""
    o = obj.strip().lower().replace("’", "'")
    m = re.search(r"([\w.]+)'s\s+(?:cross-)?(?:appeal|application|claim)", o)
    if m:
        return m.group(1)
    for noun in ("cross-appeal", "appeal", "application", "claim", "permission"):
        if noun in o:
            return noun
    return " ".join(o.split()[:3])


@dataclass
class _Reading:
    partial: str | None = None
    full: str | None = None
    would_have: list[tuple[str, str, str]] = field(default_factory=list)  # (subject, verb, sentence)
    votes: dict[str, tuple[str, str]] = field(default_factory=dict)  # subject -> (verb, sentence)
    agrees: list[tuple[int | None, str]] = field(default_factory=list)  # (segment agreed with, sentence)
    disagrees: list[tuple[int, str]] = field(default_factory=list)
    with_all: bool = False  # "I agree with both judgments": with every other, so with no one judgment's votes


def _read_segment(seg: Segment, text: str, segments: list[Segment]) -> _Reading:
    r = _Reading()
    others = [(s.index, a) for s in segments if s.index != seg.index for a in surname_aliases(s.display)]
    alias_index = {a: i for i, a in reversed(others)}
    names_re = re.compile(r"\b(" + "|".join(re.escape(a) for _, a in others) + r")\b") if others else None
    last_named: str | None = None  # who the sentences so far last named: "colleague" or "court below"
    for sentence in split_sentences(text):
        named = [alias_index[m.group(1)] for m in names_re.finditer(sentence)] if names_re else []
        below = bool(L.COURT_BELOW.search(sentence))
        for p in _PARTIAL:
            if r.partial is None and p.search(sentence):
                # disagreeing with parts of someone's reasons is a partial dissent only when that someone is a
                # colleague: named in the sentence, or the last one named before it ("his analysis")
                if p is L.DISAGREES_IN_PART and not (named or (not below and last_named == "colleague")):
                    continue
                r.partial = sentence
        for p in _FULL:
            m = p.search(sentence)
            if r.full is None and m and not _CONDITIONAL.search(sentence[: m.start()]):
                if p is L.DIFFERENT_CONCLUSION and below and not named:  # the court below's, no colleague's
                    continue
                r.full = sentence
        for m in _VOTE.finditer(sentence):
            if _CONDITIONAL.search(sentence[: m.start()]):
                continue
            subject, verb = _subject(m.group("object")), m.group("verb").lower()
            if verb in ("grant", "refuse"):  # permission is decided apart from the appeal itself
                subject = "permission: " + subject
            if m.group("have"):
                r.would_have.append((subject, verb, sentence))
            else:
                r.votes[subject] = (verb, sentence)
        if named or below:
            last_named = "colleague" if named and not below else "court below" if below and not named else None
        if _BARE_AGREE.match(sentence):
            r.agrees.append((None, sentence))
            r.with_all = r.with_all or bool(L.AGREES_WITH_ALL.search(sentence))
        elif _AGREE.search(sentence) and named:
            r.agrees.append((named[0], sentence))
            for m in _VOTE_PASSIVE.finditer(sentence):
                r.votes.setdefault(_subject(m.group("object")), (m.group("verb").lower(), sentence))
        if _DISAGREE.search(sentence) and named and not below:  # disagreeing with the court below is no dissent
            r.disagrees.append((named[0], sentence))
    return r


def decide_roles(segments: list[Segment], texts: list[str], coram: list[str]) -> None:
    """Set ``role`` and ``basis`` on every segment (see the module docstring for the rules)."""
    if not segments:
        return
    if len(segments) == 1:
        seg = segments[0]
        if seg.role is not None:  # stated in the judge's heading ("(dissenting)"): as stated
            return
        if seg.joint:
            seg.role, seg.basis = Role.JOINT, f"joint judgment: {seg.heading}"
        elif len(coram) <= 1:
            seg.role, seg.basis = Role.SOLE, "the only judge of the court"
        else:
            seg.role, seg.basis = Role.LEAD, "the only reasons given; no other member of the court gave separate reasons"
        return
    readings = [_read_segment(s, t, segments) for s, t in zip(segments, texts, strict=True)]
    for seg in segments:
        if seg.joint:
            seg.role, seg.basis = Role.JOINT, f"joint judgment: {seg.heading}"
    # explicit statements
    for seg, r in zip(segments, readings, strict=True):
        if seg.role is not None:
            continue
        if r.partial:
            seg.role, seg.basis = Role.PARTLY_DISSENTING, r.partial
        elif r.full:
            seg.role, seg.basis = Role.DISSENTING, r.full
        else:
            lost = [(s, v, snt) for s, v, snt in r.would_have if r.votes.get(s, ("", ""))[0] != v]
            if lost:
                carried = [s for s in r.votes if s not in {x[0] for x in lost}]
                seg.role = Role.PARTLY_DISSENTING if carried else Role.DISSENTING
                seg.basis = lost[-1][2]
    # votes: who is outvoted on which subject
    # "in agreement with the conclusion of Arnold LJ, I would dismiss the appeal": Arnold LJ votes so too
    for r in readings:
        for target, sentence in r.agrees:
            if target is None:
                continue
            for m in _VOTE.finditer(sentence):
                if not m.group("have") and m.group("verb").lower() in ("allow", "dismiss"):
                    readings[target].votes.setdefault(_subject(m.group("object")), (m.group("verb").lower(), sentence))
    effective: list[dict[str, tuple[str, str]]] = [
        {k: v for k, v in r.votes.items() if not k.startswith("permission:")} for r in readings
    ]
    for i, r in enumerate(readings):  # a bare "I agree." takes the votes of the judgment it agrees with
        for target, _ in r.agrees:
            t = 0 if target is None else target
            if target is None and t != i and not r.with_all:
                for subj, vote in readings[t].votes.items():
                    effective[i].setdefault(subj, vote)
    subjects = {s for votes in effective for s in votes}
    for subj in subjects:
        tally = Counter(votes[subj][0] for votes in effective if subj in votes)
        if len(tally) < 2:
            continue
        (winner, wn), (_, ln_) = tally.most_common(2)
        if wn == ln_:
            continue
        for seg, votes in zip(segments, effective, strict=True):
            if seg.role is not None or subj not in votes or votes[subj][0] == winner:
                continue
            carried = any(
                s != subj and sum(1 for e in effective if s in e) > 1
                and v[0] == Counter(e[s][0] for e in effective if s in e).most_common(1)[0][0]
                for s, v in votes.items()
            )
            seg.role = Role.PARTLY_DISSENTING if carried else Role.DISSENTING
            seg.basis = votes[subj][1]
    dissenting = {s.index for s in segments if s.role == Role.DISSENTING}
    # agreement with a colleague who is not (wholly) dissenting
    for seg, r in zip(segments, readings, strict=True):
        if seg.role is not None or seg.index == 0:  # the first judgment is the lead unless outvoted
            continue
        for target, sentence in r.agrees:
            if target is None and seg.index == 0:
                continue
            if target not in dissenting:
                seg.role, seg.basis = Role.CONCURRING, sentence
                break
    # the first judgment left carries the outcome
    lead = next((s for s in segments if s.role is None), None)
    if lead is not None:
        agreeing = [snt for seg, r in zip(segments, readings, strict=True) for t, snt in r.agrees
                    if t == lead.index and seg.role not in (Role.DISSENTING, Role.PARTLY_DISSENTING)]
        lead.role = Role.LEAD
        lead.basis = (f"first judgment in the majority; agreed with: {agreeing[0]}" if agreeing
                      else "first judgment in the majority (no dissent or disagreement stated in it)")
    for seg in segments:
        if seg.role is None:
            seg.basis = _NO_STATEMENT


#: A transcript's speaker at a paragraph's start ("35. LORD JUSTICE CHADWICK:  I agree."): not the judge's words,
#: so "I agree." is read as the sentence it is.
_SPEAKER = re.compile(r"^(\s*\[?\d{1,4}\.?\]?\s+)(?:(?:LORD|LADY|MRS?|MS) JUSTICE|LORD|LADY|SIR|DAME) [A-Z'’ -]{2,40}:\s+")


def assign_roles(units: tuple[Unit, ...], segments: list[Segment], coram: list[str], text: str,
                 collector: UnitCollector | None = None) -> tuple[Unit, ...]:
    """Decide every segment's role and copy author, role and basis onto the units of the reasons."""
    by_ordinal = {u.ordinal: u for u in units}
    texts = []
    for seg in segments:
        parts = [_SPEAKER.sub(r"\1", text[by_ordinal[o].char_start:by_ordinal[o].char_end]) for o in seg.units
                 if o in by_ordinal and by_ordinal[o].kind in (UnitKind.PARAGRAPH, UnitKind.BLOCK)]
        texts.append("\n".join(parts))
    decide_roles(segments, texts, coram)
    owner: dict[int, Segment] = {}
    for seg in segments:
        for o in seg.units:
            owner[o] = seg
    out = []
    for u in units:
        seg = owner.get(u.ordinal)
        if seg is None and u.parent is not None and u.parent in owner:
            seg = owner[u.parent]
            owner[u.ordinal] = seg
        if seg is not None and u.zone == Zone.REASONS:
            u = replace(u, author=seg.display, role=seg.role, role_basis=seg.basis)
        elif u.zone == Zone.REASONS and u.citable and not segments:
            u = replace(u, role_basis="no judge's heading found before this text")
        out.append(u)
    return tuple(out)
