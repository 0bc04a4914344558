"""Small readers shared by the Akoma Ntoso parsers: element names, inline text, and judges' names.

Everything here reads one element at a time and returns plain strings; nothing builds the canonical
text (that is :mod:`pincite.parse.akn`'s job, with a moving cursor).
"""

from __future__ import annotations

import re

from lxml import etree

from pincite.legal.language import ALIAS_TITLES, HEADING_TITLES, TITLES_AFTER_NAME, TITLES_BEFORE_NAME
from pincite.parse.xmlsafe import local_name

AKN_NS = "http://docs.oasis-open.org/legaldocml/ns/akn/3.0"

#: Inline elements whose text is never part of the reading text.
_SKIP_INLINE = frozenset({"authorialNote", "img", "noteRef", "marker"})

_WS = re.compile(r"\s+")


def collapse_space(s: str) -> str:
    """Collapse runs of whitespace (including NBSP) to single spaces and strip the ends."""
    return _WS.sub(" ", s.replace("\u00a0", " ")).strip()


def is_bold(el: etree._Element) -> bool:
    style = (el.get("style") or "").replace(" ", "").lower()
    return "font-weight:bold" in style or local_name(el) == "b"


def inline_text(el: etree._Element, notes: list[tuple[str, etree._Element]] | None = None) -> str:
    """The reading text of an inline run (a ``<p>``, a ``<num>``, a cell), whitespace collapsed.

    Footnotes (``<authorialNote>``) are replaced by a marker ``[fn N]`` and handed to ``notes`` so the
    caller can put their text after the body instead of in the middle of a sentence.
    """
    parts: list[str] = []

    def walk(e: etree._Element) -> None:
        name = local_name(e)
        if name == "authorialNote":
            marker = e.get("marker") or str(len(notes or []) + 1)
            if notes is not None:
                notes.append((marker, e))
            parts.append(f" [fn {marker}] ")
        elif name == "br":
            parts.append(" ")
        elif name in _SKIP_INLINE:
            pass
        else:
            if e.text:
                parts.append(e.text)
            for c in e:
                walk(c)
                if c.tail:
                    parts.append(c.tail)
            return
        # tails of skipped/marked elements are handled by the parent loop

    walk(el)
    return collapse_space("".join(parts))


def is_emphasised(el: etree._Element) -> bool:
    """Bold, italic or underlined (how an unmarked heading is set off from the text)."""
    style = (el.get("style") or "").replace(" ", "").lower()
    return is_bold(el) or "font-style:italic" in style or "text-decoration:underline" in style or \
        local_name(el) in ("i", "u")


def bold_share(el: etree._Element, styled=is_bold) -> float:  # type: ignore[no-untyped-def]
    """Share of the non-space characters of ``el`` that sit inside bold spans (0.0 when it has none); with
    ``styled``, inside the spans it accepts (``is_emphasised``)."""
    total = len("".join(inline_text(el).split()))
    if not total:
        return 0.0
    bold = 0
    for s in el.iter():
        if isinstance(s.tag, str) and styled(s):
            bold += len("".join("".join(s.itertext()).split()))
            # do not count nested bold twice
            for inner in s.iter():
                if inner is not s and isinstance(inner.tag, str) and styled(inner):
                    bold -= len("".join("".join(inner.itertext()).split()))
    return min(1.0, bold / total)


# --- judges' names ---------------------------------------------------------------------------------

_TITLE = r"(?:Lord|Lady|LORD|LADY)\s+Justice|(?:LORD|LADY)\s+JUSTICE|(?:Mr|Mrs|Ms|Miss|MR|MRS|MS|MISS)\.?\s+(?:Justice|JUSTICE)"
_NAME_WORD = r"[A-Z][\w'’\-]*"
#: One judge as printed in a heading: "Lord Justice Moylan", "LADY JUSTICE ROSE", "Sir Geoffrey Vos, Chancellor
#: of the High Court", "HH Judge Davis-White KC", "Lord Reed", "The Master of the Rolls".
_ONE_JUDGE = (
    rf"(?:(?:{_TITLE})\s+{_NAME_WORD}(?:\s+{_NAME_WORD}){{0,2}}(?:\s+(?:DBE|QC|KC))?"
    rf"|(?:Sir|SIR|Dame|DAME)\s+{_NAME_WORD}(?:\s+{_NAME_WORD}){{0,3}}(?:,?\s+(?:MR|C|P|VP|Chancellor of the High Court|"
    rf"Master of the Rolls|President of the \w+ Division))?"
    rf"|(?:HH|HHJ|His Honour|Her Honour)\s+(?:Judge\s+)?{_NAME_WORD}(?:\s+{_NAME_WORD}){{0,2}}(?:\s+(?:QC|KC))?"
    rf"|(?:Lord|Lady|LORD|LADY|Baroness|BARONESS)\s+{_NAME_WORD}(?:\s+(?:of\s+)?{_NAME_WORD}){{0,3}}"
    rf"|(?:The|THE)\s+(?:Master of the Rolls|MASTER OF THE ROLLS|Chancellor|CHANCELLOR|"
    # "The Senior President of Tribunals:", "The President of the Queen's Bench Division:" sit in the Court of
    # Appeal and head their own (often one-line) reasons
    rf"Senior President|SENIOR PRESIDENT|President|PRESIDENT|"
    rf"Lord Chief Justice|LORD CHIEF JUSTICE)(?:\s+(?:of|OF)\s+(?:the\s+|THE\s+)?[A-Z][\w'’]*(?:\s+(?:of|the|OF|THE|[A-Z][\w'’]*)){{0,5}})?"
    rf"|(?:Senior\s+|SENIOR\s+)?(?:President|PRESIDENT)\s+(?:of|OF)\s+(?:the\s+|THE\s+)?[A-Z][\w'’]*(?:\s+(?:of|the|OF|THE|[A-Z][\w'’]*)){{0,5}}"
    rf"|(?:Mr|Mrs|Ms|MR|MRS|MS)\s+{_NAME_WORD}(?:\s+{_NAME_WORD}){{0,2}}\s+(?:QC|KC)"
    # the name first and the office after it, as the reasons' headings of many judgments print it:
    # "PHILLIPS LJ", "Peter Jackson LJ", "Sir Geoffrey Vos MR", "Nicola Davies LJ:"
    rf"|(?:Sir\s+|SIR\s+|Dame\s+|DAME\s+)?{_NAME_WORD}(?:\s+{_NAME_WORD}){{0,2}}\s+(?:{'|'.join(HEADING_TITLES)})"
    rf")"
)
_JUDGE_HEADING = re.compile(
    rf"^\s*(?P<judges>{_ONE_JUDGE}(?:\s*(?:,|\band\b|\bAND\b|&)\s*{_ONE_JUDGE})*)"
    r"\s*(?P<paren>\((?:with whom|[^)]*agree)[^)]*\))?\s*(?:\.?\s*(?P<colon>[:：])|\.)?\s*$"
)
_SPLIT_JUDGES = re.compile(r"\s*(?:,|\band\b|\bAND\b|&)\s*(?=(?:Lord|Lady|LORD|LADY|Sir|SIR|Dame|DAME|Mr|Mrs|Ms|MR|MRS|MS|"
                           r"HH|His|Her|The|THE|Baroness|BARONESS)\b)")
#: titles printed in capitals that stay so when a name in capitals is put in its own case ("PHILLIPS LJ")
_ACRONYMS = {t for t in (*TITLES_AFTER_NAME, *TITLES_BEFORE_NAME) if t.isupper()}


def judge_heading(text: str, strong: bool) -> tuple[str, ...] | None:
    """If ``text`` is a judge's heading ("Lord Justice Moylan :"), the judges it names, else None.

    ``strong`` says the markup already marks it as a heading (bold, or ``class="author"``); without it a
    colon is required, so that a sentence that merely starts with a judge's name is not taken as one.
    """
    t = collapse_space(text)
    if not t or len(t) > 240:
        return None
    m = _JUDGE_HEADING.match(t)
    if not m:
        return None
    if not (strong or m.group("colon")):
        return None
    parts = [p for p in _SPLIT_JUDGES.split(m.group("judges")) if p.strip()]
    return tuple(p.strip(" ,") for p in parts)


def _fix_case(word: str) -> str:
    if re.fullmatch(r"Ma?c[A-Z]{2,}", word):  # "McCOMBE" as printed in capitals
        k = word.index("c") + 1
        return word[:k] + word[k] + word[k + 1 :].lower()
    if word.isupper() and word not in _ACRONYMS and len(word) > 1:
        word = "-".join(w[:1] + w[1:].lower() for w in word.split("-"))
        word = re.sub(r"^Mc([a-z])", lambda m: "Mc" + m.group(1).upper(), word)
    return word


def display_judge(raw: str) -> str:
    """A judge's name in the short form used as ``Unit.author``: "Moylan LJ", "Francis J", "Sir Geoffrey Vos C"."""
    t = collapse_space(raw).strip(" :,")
    words = [_fix_case(w) for w in t.split()]
    t = " ".join(w.lower() if k and w in ("Of", "The", "And") else w for k, w in enumerate(words))
    t = re.sub(r"\s+(?:DBE)$", "", t)
    m = re.match(r"^(?:Lord|Lady)\s+Justice\s+(.+)$", t, re.I)
    if m:
        return f"{m.group(1)} LJ"
    m = re.match(r"^(?:Mr|Mrs|Ms|Miss)\.?\s+Justice\s+(.+)$", t, re.I)
    if m:
        return f"{m.group(1)} J"
    m = re.match(r"^(Sir\s+.+?),?\s+Master of the Rolls$", t, re.I)
    if m:
        return f"{m.group(1)} MR"
    t = re.sub(r",\s+(?:Deputy\s+)?President$", "", t)
    m = re.match(r"^(Sir\s+.+?),?\s+Chancellor of the High Court$", t, re.I)
    if m:
        return f"{m.group(1)} C"
    return t


def surname_aliases(display: str) -> tuple[str, ...]:
    """Words another judge would use to name this one: "Moylan LJ" -> ("Moylan LJ", "Moylan")."""
    out = [display]
    core = re.sub(rf"\s+(?:{'|'.join(ALIAS_TITLES)})$", "", display)
    core = re.sub(r"^(?:Sir|Dame|Lord|Lady|HH Judge|His Honour Judge|Her Honour Judge)\s+", "", core)
    if core and core != display:
        out.append(core)
    last = core.split()[-1] if core.split() else ""
    if last and last not in out:
        out.append(last)
    if display.endswith(" C"):
        out.append("the Chancellor")
    if display.endswith(" MR"):
        out.append("the Master of the Rolls")
    return tuple(out)


def join_judges(names: list[str]) -> str:
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]
