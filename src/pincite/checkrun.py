"""A draft checked in a child process with a time limit, so that no draft can stall the server.

``pincite check``'s work on one draft (reading it, finding its citations, judging each against the store) once
ran inside the server: a 98-byte draft with three ellipses held the interpreter for minutes and every other
request waited (issue 31).  The server now runs each check here: a ``python -m pincite.checkrun`` child reads
the request from its stdin, opens the store itself, and writes the pickled report back.  The caller waits on
the pipe (a thread that holds no lock the server needs) and kills the child when it runs past
``PINCITE_CHECK_SECONDS`` (default 60 s, the parse limit ingest gives one file: a check of a long brief against
a large store takes a few seconds), answering "draft too large to check in N s".  A child that finished in
time is kept, warm, for the next check (two at most), so a check does not wait for Python to start, and it keeps
its :class:`~pincite.answer.citecheck.Checker` (the documents it resolved, the words of their units) for the next
draft until the store changes, as ``pincite mcp`` did when it checked in its own process; one whose resident
memory after its check is over ``PINCITE_PARSE_RECYCLE_MB`` (default 256 MB, the parse workers' setting,
:mod:`pincite.parse.sandbox`) is ended instead, so what a large draft made it take goes back to the system rather
than staying with an idle process (issue 50).  A .docx or .pdf draft is read inside the child by the memory- and
time-limited parse worker ingest uses
(:mod:`pincite.parse.sandbox`).

:func:`stop_running_checks` kills every check in progress (the server calls it on SIGTERM, so a shutdown
does not wait for a check to finish).  0 turns the time limit off (the child still runs the check).
"""

from __future__ import annotations

import atexit
import datetime
import math
import os
import pickle
import struct
import subprocess
import sys
import threading
import time
import traceback
from pathlib import Path
from typing import Any

from pincite import errors
from pincite.answer.citecheck import CheckReport
from pincite.errors import CheckStopped, CheckTooLarge, ParseError, PinciteError
from pincite.parse.sandbox import ParseLimits, env_number, exchange, resident_mb

CHECK_SECONDS_ENV = "PINCITE_CHECK_SECONDS"
DEFAULT_CHECK_SECONDS = 60.0


def check_seconds() -> float:
    """``PINCITE_CHECK_SECONDS`` (default 60; 0: no limit)."""
    return env_number(CHECK_SECONDS_ENV, DEFAULT_CHECK_SECONDS)


_HEADER = struct.Struct("!Q")
_KEEP_IDLE = 2  # idle children kept warm for the next checks


class _Child:
    """One check process and its pipes; it serves checks one after another until its input closes."""

    def __init__(self) -> None:
        env = dict(os.environ)
        here = str(Path(__file__).resolve().parents[1])  # the folder holding the pincite package
        env["PYTHONPATH"] = here + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
        try:
            self.proc = subprocess.Popen([sys.executable, "-m", "pincite.checkrun"], env=env, stdin=subprocess.PIPE,
                                         stdout=subprocess.PIPE, close_fds=True)
        except OSError as e:
            raise PinciteError(f"cannot start the check process ({sys.executable}): {e}") from None
        self.stopped = False
        self.rss_mb = 0.0  # its resident memory after its last check

    def ask(self, request: bytes, seconds: float) -> tuple[object, ...]:
        deadline = time.monotonic() + seconds if seconds > 0 else None
        reply = pickle.loads(exchange(self.proc, request, deadline))
        self.rss_mb = reply[-1]
        return reply[:-1]  # type: ignore[no-any-return]

    def kill(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait()
        self.close()

    def close(self) -> None:
        for f in (self.proc.stdin, self.proc.stdout):
            try:
                if f is not None:
                    f.close()
            except OSError:
                pass
        if self.proc.poll() is None:
            try:
                self.proc.wait(timeout=2)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


_idle: list[_Child] = []
_running: set[_Child] = set()
_lock = threading.Lock()


def check_limited(location: str | os.PathLike[str], data: bytes, source: str, as_of: datetime.date | None,
                  seconds: float | None = None) -> CheckReport:
    """:func:`pincite.answer.citecheck.check_file` on the store at ``location``, in a child process killed
    after ``seconds`` (default: ``$PINCITE_CHECK_SECONDS``).  Raises what the check raises (ParseError for a
    draft that cannot be read), CheckTooLarge past the limit, CheckStopped when the server is stopping."""
    seconds = check_seconds() if seconds is None else seconds
    recycle_mb = ParseLimits.from_env().recycle_mb
    request = pickle.dumps((str(location), data, source, as_of, seconds), protocol=pickle.HIGHEST_PROTOCOL)
    with _lock:
        child = None
        while _idle and child is None:
            c = _idle.pop()
            child = c if c.proc.poll() is None else None
    child = child or _Child()
    with _lock:
        _running.add(child)
    healthy = False
    try:
        try:
            reply = child.ask(request, seconds)
            healthy = True
        except TimeoutError:
            raise CheckTooLarge(f"{source}: draft too large to check in {seconds:g} s (set {CHECK_SECONDS_ENV} "
                                "to raise the limit, or check it in parts)") from None
        except (OSError, EOFError, pickle.UnpicklingError):
            if child.stopped:
                raise CheckStopped(f"{source}: the check was stopped (the server is shutting down)") from None
            raise PinciteError(f"{source}: the check process ended without a report (exit status "
                               f"{child.proc.poll()})") from None
    finally:
        with _lock:
            _running.discard(child)
            large = recycle_mb > 0 and child.rss_mb > recycle_mb  # a large job: its heap stays grown
            keep = healthy and not child.stopped and not large and len(_idle) < _KEEP_IDLE
            if keep:
                _idle.append(child)
        if not keep:
            child.kill()
    if reply[0] == "ok":
        return reply[1]  # type: ignore[return-value]
    if reply[0] == "parse":
        cls = getattr(errors, str(reply[1]), ParseError)
        raise cls(reply[2], reply[3])
    if reply[0] == "error":
        raise PinciteError(str(reply[1]))
    raise RuntimeError(f"checking {source} failed in the check process:\n{reply[1]}")


def warm_up() -> None:
    """Start a check process ahead of the first check (the server does at start-up): it imports and loads the
    citation tables while nothing waits for it."""
    with _lock:
        if _idle:
            return
    child = _Child()
    with _lock:
        _idle.append(child)


def stop_running_checks() -> int:
    """Kill every check in progress (their callers get CheckStopped); how many there were."""
    with _lock:
        children = list(_running)
        for c in children:
            c.stopped = True
    for c in children:
        try:
            c.proc.kill()
        except OSError:
            pass
    return len(children)


def close_children() -> None:
    """End the idle check processes (they also end by themselves when this process exits)."""
    with _lock:
        idle = list(_idle)
        _idle.clear()
    for c in idle:
        c.close()


atexit.register(close_children)


def _serve() -> None:
    """The child: requests from stdin, one reply each to stdout, until stdin closes."""
    import resource
    import signal

    from pincite.answer.citecheck import Checker, check_file
    from pincite.open import open_store

    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the caller ends this process
    stdin = sys.stdin.buffer
    stdout = os.fdopen(os.dup(1), "wb")
    os.dup2(2, 1)  # nothing printed by a library can corrupt a reply
    sys.stdout = sys.stderr
    from pincite.legal.citations import find_citations

    find_citations("Ipek v Koza Altin [2020] EWCA Civ 1018 at [61]; 569 U.S. 614, 620.")  # eyecite's tables
    stores: dict[str, Any] = {}
    checkers: dict[str, tuple[object, Checker]] = {}  # per store: (its generation, the checker kept)
    _, hard_cpu = resource.getrlimit(resource.RLIMIT_CPU)
    while True:
        head = stdin.read(_HEADER.size)
        if len(head) < _HEADER.size:
            return
        location, data, source, as_of, seconds = pickle.loads(stdin.read(_HEADER.unpack(head)[0]))
        cpu = resource.RLIM_INFINITY
        if seconds > 0:  # one orphaned by a killed caller cannot run for ever
            used = resource.getrusage(resource.RUSAGE_SELF)
            cpu = math.ceil(used.ru_utime + used.ru_stime + seconds) + 10
        if hard_cpu != resource.RLIM_INFINITY and (cpu == resource.RLIM_INFINITY or cpu > hard_cpu):
            cpu = hard_cpu
        resource.setrlimit(resource.RLIMIT_CPU, (cpu, hard_cpu))
        reply: tuple[object, ...]
        try:
            if location not in stores:
                stores[location] = open_store(location)
            store = stores[location]
            generation = store.generation()
            kept = checkers.get(location)
            if kept is None or kept[0] != generation:  # the store changed: what was resolved may be gone
                kept = checkers[location] = (generation, Checker(store))
            reply = ("ok", check_file(store, data, source, as_of, kept[1]))
        except ParseError as e:
            reply = ("parse", type(e).__name__, e.source, e.reason)
        except PinciteError as e:
            reply = ("error", str(e))
        except Exception:  # noqa: BLE001 - reported to the caller, who raises it
            reply = ("crash", traceback.format_exc())
        body = pickle.dumps(reply + (resident_mb(),), protocol=pickle.HIGHEST_PROTOCOL)
        del reply
        stdout.write(_HEADER.pack(len(body)) + body)
        stdout.flush()
        del body  # not held while idle


if __name__ == "__main__":
    _serve()
