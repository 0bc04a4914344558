"""Building a canonical text and its units with a moving cursor.

Parsers append text in document order; every unit's ``[char_start, char_end)`` is the cursor
position before and after its text.  Nothing here ever searches the text for a string.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from pincite.types import Role, Unit, UnitKind, Zone


#: between a table row's cells in a canonical text: a tab, as a row copies from a page or from Word (a quote that runs
#: across two cells matches, since quotes are compared with whitespace normalised)
CELL_SEP = "\t"


class TextBuilder:
    """Accumulates the canonical text; offsets are code points."""

    def __init__(self) -> None:
        self._parts: list[str] = []
        self._pos = 0
        self._content_end = 0  # end of the last non-separator text appended

    @property
    def pos(self) -> int:
        return self._pos

    @property
    def content_end(self) -> int:
        """End of the last real text appended (trailing separators excluded)."""
        return self._content_end

    def append(self, s: str) -> tuple[int, int]:
        """Append real text; returns its span."""
        start = self._pos
        if s:
            self._parts.append(s)
            self._pos += len(s)
            self._content_end = self._pos
        return start, self._pos

    def separate(self, sep: str = "\n\n") -> None:
        """Put ``sep`` between the previous text and whatever comes next (never at the start, never twice)."""
        if self._pos == 0:
            return
        tail = self.tail(len(sep))
        if tail == sep:
            return
        # If the text already ends with part of the separator (e.g. one newline), add only the rest.
        for k in range(len(sep) - 1, 0, -1):
            if tail.endswith(sep[:k]):
                sep = sep[k:]
                break
        self._parts.append(sep)
        self._pos += len(sep)

    def tail(self, n: int) -> str:
        out = ""
        for part in reversed(self._parts):
            out = part + out
            if len(out) >= n:
                break
        return out[-n:] if n else ""

    def text(self) -> str:
        joined = "".join(self._parts)
        self._parts = [joined] if joined else []
        return joined


class UnitCollector:
    """Opens and closes units against a :class:`TextBuilder`, tracking nesting."""

    def __init__(self, builder: TextBuilder) -> None:
        self.builder = builder
        self._units: dict[int, dict[str, Any]] = {}
        self._stack: list[int] = []
        self._next = 0

    def begin(self, kind: UnitKind, zone: Zone, citable: bool, **fields: Any) -> int:
        """Open a unit at the cursor; it nests inside the innermost open unit unless ``parent`` is given."""
        ordinal = self._next
        self._next += 1
        parent = fields.pop("parent", self._stack[-1] if self._stack else None)
        self._units[ordinal] = dict(
            ordinal=ordinal, kind=kind, zone=zone, citable=citable, char_start=self.builder.pos,
            char_end=None, parent=parent, **fields,
        )
        self._stack.append(ordinal)
        return ordinal

    def end(self, ordinal: int) -> None:
        """Close a unit at the end of the last real text appended."""
        if ordinal in self._stack:
            # close anything opened inside it and left open
            while self._stack and self._stack[-1] != ordinal:
                self.end(self._stack[-1])
            self._stack.pop()
        u = self._units[ordinal]
        u["char_end"] = max(u["char_start"], self.builder.content_end)

    def add(self, kind: UnitKind, char_start: int, char_end: int, zone: Zone, citable: bool, **fields: Any) -> int:
        """Record a closed unit whose span is already known (it must come from the builder)."""
        ordinal = self._next
        self._next += 1
        parent = fields.pop("parent", self._stack[-1] if self._stack else None)
        self._units[ordinal] = dict(
            ordinal=ordinal, kind=kind, zone=zone, citable=citable, char_start=char_start,
            char_end=char_end, parent=parent, **fields,
        )
        return ordinal

    def update(self, ordinal: int, **fields: Any) -> None:
        self._units[ordinal].update(fields)

    def get(self, ordinal: int) -> dict[str, Any]:
        return self._units[ordinal]

    @property
    def open_units(self) -> list[int]:
        return list(self._stack)

    def units(self) -> tuple[Unit, ...]:
        for o in list(self._stack):
            self.end(o)
        out = []
        for o in sorted(self._units):
            d = dict(self._units[o])
            if d.get("section_path") is not None:
                d["section_path"] = tuple(d["section_path"])
            out.append(Unit(**d))
        return tuple(out)


def renumber_units(units: list[Unit]) -> tuple[Unit, ...]:
    """Give units contiguous ordinals in document order, remapping parents (for parsers that drop units)."""
    mapping = {u.ordinal: i for i, u in enumerate(units)}
    out = []
    for i, u in enumerate(units):
        parent = u.parent
        while parent is not None and parent not in mapping:
            parent = next((x.parent for x in units if x.ordinal == parent), None)
        out.append(replace(u, ordinal=i, parent=mapping.get(parent) if parent is not None else None))
    return tuple(out)


def validate_units(text: str, units: tuple[Unit, ...] | list[Unit]) -> list[str]:
    """Return the problems with a unit list (empty when sound).  The store refuses a document with any."""
    problems: list[str] = []
    n = len(text)
    seen: dict[int, Unit] = {}
    for i, u in enumerate(units):
        if u.ordinal != i:
            problems.append(f"unit at position {i} has ordinal {u.ordinal}")
        if not (0 <= u.char_start <= u.char_end <= n):
            problems.append(f"unit {u.ordinal} span [{u.char_start}, {u.char_end}) outside text of {n}")
        if u.parent is not None:
            p = seen.get(u.parent)
            if p is None:
                problems.append(f"unit {u.ordinal} parent {u.parent} does not precede it")
            elif not (p.char_start <= u.char_start and u.char_end <= p.char_end):
                problems.append(f"unit {u.ordinal} [{u.char_start},{u.char_end}) not inside parent "
                                f"{p.ordinal} [{p.char_start},{p.char_end})")
        if u.role is not None and not isinstance(u.role, Role):
            problems.append(f"unit {u.ordinal} role {u.role!r} is not a Role")
        seen[u.ordinal] = u
    return problems


def in_force_together(a: Unit, b: Unit) -> bool:
    """Whether two units are both in force on some date (units without dates always are)."""
    lo = max(a.in_force_from or "", b.in_force_from or "")
    his = [x for x in (a.in_force_to, b.in_force_to) if x]
    return not his or lo < min(his)


def duplicate_labels(units: tuple[Unit, ...] | list[Unit]) -> list[tuple[str, list[Unit]]]:
    """Every label that two or more units carry while both are in force on some date, with those units (the
    first of the label first), in document order of the second.  A provision repealed and re-enacted under its
    old number is two units but one place on any date, so not a duplicate."""
    by_label: dict[str, list[Unit]] = defaultdict(list)
    for u in units:
        if u.label:
            by_label[u.label].append(u)
    out = []
    for label, us in by_label.items():
        if len(us) < 2:
            continue
        clash = [b for i, b in enumerate(us) if any(in_force_together(a, b) for a in us[:i])]
        if clash:
            out.append((label, [us[0], *clash]))
    return sorted(out, key=lambda x: x[1][1].ordinal)


def distinguish_by_headings(units: tuple[Unit, ...], picked: Callable[[Unit], bool],
                            outer: Callable[[Unit], tuple[str, ...]],
                            render: Callable[[Unit, tuple[str, ...]], str]) -> tuple[Unit, ...]:
    """Where picked units share a label, name in each as many of the headings above it (``outer``, outermost
    first) as tell them apart, written by ``render(unit, headings)``; units that no heading tells apart (one
    heading's text in several pieces, a numbering that starts again under one heading) are the label's "part
    2", "part 3" in document order."""
    by_label: dict[str, list[Unit]] = defaultdict(list)
    for u in units:
        if u.label and picked(u):
            by_label[u.label].append(u)
    new: dict[int, str] = {}
    for label, us in by_label.items():
        if len(us) < 2:
            continue
        paths = [outer(u) for u in us]
        depth = max(len(o) for o in paths)
        k = 0
        while k < depth and len({o[-k:] if k else () for o in paths}) < len(set(paths)):
            k += 1
        seen: Counter[str] = Counter()
        for u, o in zip(us, paths):
            named = render(u, o[-k:] if k else ()) if k else label
            seen[named] += 1
            new[u.ordinal] = named if seen[named] == 1 else f"{named}, part {seen[named]}"
    return tuple(replace(u, label=new[u.ordinal]) if u.ordinal in new else u for u in units)


def ordinal_word(n: int) -> str:
    """2 -> "2nd", 11 -> "11th", 23 -> "23rd"."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def unique_labels(units: tuple[Unit, ...]) -> tuple[Unit, ...]:
    """The last resort that no parser can emit a pinpoint naming two places: a label that a parser gave to two
    units in force together is kept by the first and read "LABEL (2nd)", "LABEL (3rd)" on the others, in
    document order (a label so made that is taken already moves on to the next count).  Parsers give their own
    distinguishing paths first; this only catches what they miss."""
    dups = duplicate_labels(units)
    if not dups:
        return units
    taken = {u.label for u in units if u.label}
    new: dict[int, str] = {}
    for label, us in dups:
        n = 1
        for u in us[1:]:
            n += 1
            while f"{label} ({ordinal_word(n)})" in taken:
                n += 1
            new[u.ordinal] = f"{label} ({ordinal_word(n)})"
            taken.add(new[u.ordinal])
    return tuple(replace(u, label=new[u.ordinal]) if u.ordinal in new else u for u in units)


def add_pages(unit: dict[str, Any], blk: Any) -> None:
    """Add the pages a block of a paged source sits on (``blk.pages``) to a unit being built, each once."""
    for pg in blk.pages:
        if pg not in unit["pages"]:
            unit["pages"].append(pg)


class FrontRuns:
    """The non-citable units a paged judgment's blocks build outside its reasons (cover, syllabus, appearances,
    signatures, the order): a block of the zone already open extends its unit; any other opens a new one, and a
    label seen before is that part's second ("cover, part 2").  :meth:`close` ends the open run (the reasons
    came between)."""

    def __init__(self, found: list[dict[str, Any]]) -> None:
        self.found = found
        self.open_at: int | None = None
        self.labels: Counter[str] = Counter()

    def add(self, zone: Zone, blk: Any, label: str) -> None:
        kind = UnitKind.OTHER if zone is Zone.ORDER else UnitKind.BLOCK  # an order is no block of prose
        if self.open_at is not None and self.found[self.open_at]["zone"] == zone:
            self.found[self.open_at]["char_end"] = blk.end
            add_pages(self.found[self.open_at], blk)
            return
        self.labels[label] += 1
        if self.labels[label] > 1:
            label = f"{label}, part {self.labels[label]}"
        self.found.append(dict(kind=kind, char_start=blk.start, char_end=blk.end, zone=zone, citable=False,
                               label=label, parent=None, pages=list(blk.pages)))
        self.open_at = len(self.found) - 1

    def close(self) -> None:
        self.open_at = None
