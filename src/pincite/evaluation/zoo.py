"""Answer keys written by reading a document (``*.key.json``, the zoo's), scored against what pincite parses.

A key lists ``units`` (a printed label and a verbatim quote from inside that unit) and ``non_citable`` spans
(cover pages, notes, running heads...). A quote's unit is the deepest citable unit whose span holds the whole
quote, as a citation of those words would name it. Words are found after normalising whitespace and quotation
marks only — the same tolerance the quote check has — so markup left in the canonical text is a miss.

Used by ``bench/zoo.py`` (figures by shape) and by the tests that read every key.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pincite.ingest import parse_file
from pincite.types import Document, Format, Unit


def DEFAULT_ZOOS(root: Path) -> list[Path]:  # noqa: N802 - a constant that depends on where the repository is
    """The shared zoo beside the repository and the repository's own ``zoo/``."""
    return [root.parent / "shared" / "zoo", root / "zoo"]


_QUOTES = str.maketrans({"\u2018": "'", "\u2019": "'", "\u201a": "'", "\u201b": "'", "\u2032": "'",
                         "\u201c": '"', "\u201d": '"', "\u201e": '"', "\u201f": '"', "\u2033": '"',
                         "\u00a0": " ", "\u2007": " ", "\u202f": " ", "\u2009": " "})


def normalise(text: str) -> tuple[str, list[int]]:
    """Whitespace runs to one space, curly quotes to straight; with each output character's offset in ``text``."""
    out: list[str] = []
    offs: list[int] = []
    space = False
    for i, ch in enumerate(text.translate(_QUOTES)):
        if ch.isspace():
            if not space and out:
                out.append(" ")
                offs.append(i)
            space = True
            continue
        space = False
        out.append(ch)
        offs.append(i)
    return "".join(out), offs


def find_quote(text: str, quote: str, norm: tuple[str, list[int]] | None = None) -> list[tuple[int, int]]:
    """Every ``[start, end)`` of ``quote`` in ``text``, whitespace and quote marks normalised."""
    hay, offs = norm or normalise(text)
    needle = normalise(quote)[0].strip()
    if not needle:
        return []
    out: list[tuple[int, int]] = []
    i = hay.find(needle)
    while i >= 0:
        out.append((offs[i], offs[i + len(needle) - 1] + 1))
        i = hay.find(needle, i + 1)
    return out


# -- labels --------------------------------------------------------------------------------------------------

#: Words that name the kind of unit, not its number: a label is the same with or without them ("cl. 5.2(a)" and
#: "5.2(a)", "s. 2(1)" and "s.2(1)", "reg. 24(1)", "Article 3" and "art. 3", "[14]" and "¶14").
_KIND_WORDS = {"cl", "clause", "clauses", "s", "ss", "sec", "section", "sect", "reg", "regulation", "r", "art",
               "article", "para", "paragraph", "subsection", "subparagraph", "rule", "item", "definition", "of"}
_TOKEN = re.compile(r"[0-9]+|[a-z]+|\*")
#: A note after the label, in the key's own words: "(as revised by instruction 2)", "(closing words; ...)".
_NOTE = re.compile(r"\s\((?=[^)]*\s)[^()]*(?:\([^()]*\)[^()]*)*\)\s*$")


def label_tokens(label: str | None) -> tuple[str, ...]:
    """A label as the sequence of its numbers and names, kind words, brackets and case aside."""
    if not label:
        return ()
    s = label.strip()
    while True:
        t = _NOTE.sub("", s)
        if t == s:
            break
        s = t
    s = s.lower().replace("§", " s ").replace("¶", " para ")
    toks = _TOKEN.findall(s)
    # "27 CFR 447.1" / "83 FR 21707": the title and code are the instrument, not the unit
    if len(toks) >= 2 and toks[0].isdigit() and toks[1] in ("cfr", "fr", "usc", "stat"):
        toks = toks[2:]
    return tuple(t for t in toks if t not in _KIND_WORDS)


def same_label(ours: str | None, printed: str) -> bool:
    return bool(ours) and label_tokens(ours) == label_tokens(printed)


# -- scoring -------------------------------------------------------------------------------------------------


@dataclass
class KeyResult:
    key: str
    units: int = 0
    right: int = 0
    wrong: int = 0
    not_citable: int = 0
    not_found: int = 0
    non_citable: int = 0
    kept_out: int = 0
    references: int = 0
    resolved: int = 0
    voices: int = 0
    voices_right: int = 0
    pages: int = 0
    pages_right: int = 0
    verdict: str | None = None
    misses: list[str] = field(default_factory=list)

    def counts(self) -> dict[str, int]:
        return {"units": self.units, "right": self.right, "wrong": self.wrong, "not_citable": self.not_citable,
                "not_found": self.not_found, "non_citable": self.non_citable, "kept_out": self.kept_out,
                "references": self.references, "resolved": self.resolved, "voices": self.voices,
                "voices_right": self.voices_right, "pages": self.pages, "pages_right": self.pages_right}


def document_of(key_path: Path) -> Path:
    stem = key_path.name[: -len(".key.json")]
    for p in sorted(key_path.parent.iterdir()):
        if p.name != key_path.name and p.name.startswith(stem + ".") and not p.name.endswith(".json"):
            return p
    raise FileNotFoundError(f"{key_path}: no document beside it named {stem}.*")


def parse_document(path: Path, fmt: Format | None = None) -> Document:
    """The document as ``pincite ingest`` parses it (in its limited worker, with the lint's warnings)."""
    return parse_file(str(path), fmt)


def deepest(units: tuple[Unit, ...] | list[Unit], start: int, end: int, citable: bool | None = True) -> Unit | None:
    best: Unit | None = None
    for u in units:
        if citable is not None and u.citable != citable:
            continue
        if u.char_start <= start and end <= u.char_end:
            if best is None or (u.char_end - u.char_start) < (best.char_end - best.char_start) or (
                    (u.char_end - u.char_start) == (best.char_end - best.char_start) and u.ordinal > best.ordinal):
                best = u
    return best


def score_key(key_path: Path, doc: Document | None = None) -> KeyResult:
    key: dict[str, Any] = json.loads(key_path.read_text(encoding="utf-8"))
    if doc is None:
        doc = parse_document(document_of(key_path))
    res = KeyResult(str(key_path), verdict=(doc.meta.get("numbering") or {}).get("verdict"))
    norm = normalise(doc.text)
    for item in key.get("units", []):
        res.units += 1
        quote, label = item["quote"], item["label"]
        hits = find_quote(doc.text, quote, norm)
        if not hits:
            res.not_found += 1
            res.misses.append(f"not found  {label!r}: {quote[:70]!r}")
            continue
        got: list[str | None] = []
        ok = False
        noncit = True
        for s, e in hits:
            u = deepest(doc.units, s, e)
            if u is None:
                continue
            noncit = False
            got.append(u.label)
            if same_label(u.label, label):
                ok = True
                break
        if ok:
            res.right += 1
        elif noncit:
            res.not_citable += 1
            u = deepest(doc.units, hits[0][0], hits[0][1], None)
            where = f"{u.zone.value} {u.label!r}" if u else "no unit"
            res.misses.append(f"not citable {label!r} ({where}): {quote[:60]!r}")
        else:
            res.wrong += 1
            res.misses.append(f"wrong      {label!r} shown as {got!r}: {quote[:60]!r}")
    for item in key.get("non_citable", []):
        res.non_citable += 1
        hits = find_quote(doc.text, item["quote"], norm)
        # as the citation checks read it: the innermost unit holding the words decides whether they can be cited
        # (a marginal note inside its section is the note's, not the section's); words running across units
        # are kept out only if no citable unit shares them
        bad = []
        for s, e in hits:
            inner = deepest(doc.units, s, e, None)
            if inner is not None:
                if inner.citable:
                    bad.append(inner)
            else:
                bad += [u for u in doc.units
                        if u.citable and u.char_start < e and s < u.char_end and _body_overlap(doc.text, u, s, e)]
        if bad:
            res.misses.append(f"citable    {item.get('what')!r} in {bad[0].label!r}: {item['quote'][:60]!r}")
        else:
            res.kept_out += 1
    citable_labels = [u.label for u in doc.units if u.citable and u.label]
    for item in key.get("cross_references", []):
        targets = reference_targets(item.get("target_label", ""))
        if not targets:
            continue
        res.references += 1
        missing = [t for t in targets if not any(same_label(lab, t) for lab in citable_labels)]
        if missing:
            res.misses.append(f"reference  {item['text'][:50]!r} -> {missing!r}: no unit so labelled")
        else:
            res.resolved += 1
    for item in key.get("voices", []):
        res.voices += 1
        why = _voice_miss(doc, item, norm)
        if why:
            res.misses.append(f"voice      {item['who'][:50]!r}: {why}")
        else:
            res.voices_right += 1
    for item in key.get("pages", []):
        res.pages += 1
        hits = find_quote(doc.text, item["quote"], norm)
        shown = {_page_at(doc, s) for s, _ in hits}
        if str(item["page"]) in shown:
            res.pages_right += 1
        else:
            res.misses.append(f"page       {item['page']} shown as {sorted(map(str, shown))}: {item['quote'][:50]!r}")
    return res


#: A key's target that names no unit of this document: an external instrument, a table, elided text.
_NOT_A_UNIT = re.compile(r"external|not in this document|not a numbered unit|removed by", re.I)


def reference_targets(target: str) -> list[str]:
    """The labels a key's cross-reference points to ("1.4; 1.7" is two; a range "3-6" is its two ends); none
    where the key says the target is not a unit of this document."""
    if not target or _NOT_A_UNIT.search(target):
        return []
    out: list[str] = []
    for part in target.split(";"):
        part = _NOTE.sub("", part.strip())
        if not part:
            continue
        if re.search(r"\)-\(", part):  # "3(a)-(c)": the range's first item
            out.append(part.split(")-(")[0] + ")")
        elif "-" in part and "§" not in part:  # "3-6": both ends ("§ 38-2803(b)" is one hyphenated number)
            left, _, right = part.partition("-")
            out.append(left.strip())
            if label_tokens(right) and label_tokens(left)[:1] != () and right.strip()[:1].isalnum():
                out.append(right.strip())
        else:
            out.append(part)
    return [t for t in out if label_tokens(t)]


def _voice_miss(doc: Document, item: dict[str, Any], norm: tuple[str, list[int]]) -> str | None:
    """Why the unit holding a key's voice quote does not speak with the key's voice (None when it does): a quoted
    voice must be marked quoted; the court's own must be in a citable unit whose author, if any, the key names."""
    hits = find_quote(doc.text, item["quote"], norm)
    if not hits:
        return "quote not found"
    s, e = hits[0]
    who = item["who"].lower().translate(_QUOTES)
    u = deepest(doc.units, s, e, None)
    if u is None:
        return "in no unit"
    if "quoted" in who:
        v = u.voice
        if v is not None and v.quotation_at(s, e) is not None:
            return None
        return f"not marked quoted (unit {u.label!r})"
    if not u.citable:
        return f"in a non-citable {u.zone.value} unit"
    if u.author:
        surname = u.author.translate(_QUOTES).replace(",", " ").split()
        if not any(w.lower() in who for w in surname if len(w) > 2):
            return f"author {u.author!r}"
    return None


def _page_at(doc: Document, offset: int) -> str | None:
    for p in doc.pages:
        if p.char_start <= offset < max(p.char_end, p.char_start + 1):
            return p.label
    return None


def _body_overlap(text: str, u: Unit, s: int, e: int) -> bool:
    """Whether the overlap of a unit and a span holds words, not just the space between them."""
    return bool(text[max(s, u.char_start): min(e, u.char_end)].strip())
