"""Printing to a terminal: every string is shown as the characters it holds, never acted on.

Document text, file names and error messages come from files pincite did not write.  Printed raw, an ESC
sequence in a file name recolours or clears the screen, retitles the window or (in some terminals) writes to
the clipboard; a bidi override reorders what follows it; and rich's console markup eats a quote's legal
alterations (``[t]he`` prints as ``he``, ``[the FTT]`` vanishes) and turns ``:name:`` into emoji.  So the
command line prints through :class:`SafeConsole`: markup and emoji codes are never interpreted, and
:func:`visible` shows control characters as escapes (``\\x1b``, ``\\u202e``) instead of sending them.
Styling is applied with ``style=`` or :class:`rich.text.Text` built from constants, never by markup inside a
string.
"""

from __future__ import annotations

import json
import re
from typing import Any

from rich.console import Console
from rich.progress import (
    BarColumn, MofNCompleteColumn, Progress, ProgressColumn, TextColumn, TimeElapsedColumn, TimeRemainingColumn,
)
from rich.text import Text

#: C0 controls but tab and newline (which are layout), DEL, C1 controls (0x9B is an 8-bit CSI), and the bidi
#: embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069) that reorder the text after them.
_UNSAFE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def _escape(m: re.Match[str]) -> str:
    ch = m.group(0)
    return f"\\x{ord(ch):02x}" if ord(ch) < 0x100 else f"\\u{ord(ch):04x}"


def visible(text: str) -> str:
    """``text`` with every character a terminal would act on (ESC, other C0/C1 controls, carriage return, bidi
    overrides) written as a Python-style escape; tabs and newlines are kept, as they are layout."""
    return _UNSAFE.sub(_escape, text)


class SafeConsole(Console):
    """A rich console that prints every string literally: no markup, no emoji codes, no highlighting, and
    control characters made :func:`visible`.  Strings reach the terminal only through :meth:`render_str`
    (``print`` arguments, table cells and titles), so that is where they are cleaned; a caller that builds a
    :class:`rich.text.Text` itself passes its strings through :func:`visible`."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(markup=False, emoji=False, highlight=False, **kwargs)

    def render_str(self, text: str, **kwargs: Any) -> Text:  # type: ignore[override]
        kwargs.update(markup=False, emoji=False, highlight=False)
        return super().render_str(visible(text), **kwargs)


#: What JSON printed to a terminal must escape beyond what ``json.dumps(ensure_ascii=False)`` does (it escapes
#: C0 controls already): DEL, C1 controls and bidi controls.  ``\\u`` escapes are the same JSON value.
_JSON_UNSAFE = re.compile("[\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def json_text(obj: object, indent: int | None = None) -> str:
    """``obj`` as JSON, non-ASCII text kept readable, but every control character escaped so the same value
    reaches a reader without anything a terminal would act on."""
    text = json.dumps(obj, ensure_ascii=False, indent=indent)
    return _JSON_UNSAFE.sub(lambda m: f"\\u{ord(m.group(0)):04x}", text)


class _RateColumn(ProgressColumn):
    """Items per second (files, passages, questions), once there is a rate to show."""

    def render(self, task):  # type: ignore[no-untyped-def]
        return Text(f"{task.speed:.1f}/s" if task.speed else "", style="progress.data.speed")


def progress_bar(console: Console, show: bool) -> Progress:
    """Every progress bar pincite shows (ingest, embedding, evaluation), on ``console``: what, the bar,
    done / total, the rate, then both times labelled — ``elapsed 0:09:23 · 0:04:34 left`` — so the time spent
    never reads as the time left."""
    return Progress(TextColumn("{task.description}", markup=False), BarColumn(), MofNCompleteColumn(),
                    _RateColumn(), TextColumn("elapsed"), TimeElapsedColumn(), TextColumn("·"),
                    TimeRemainingColumn(), TextColumn("left"), console=console, disable=not show, transient=True)
