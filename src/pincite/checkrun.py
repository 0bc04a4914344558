"""A draft checked in a child process with a time limit, so that no draft can stall the server.

``pincite check``'s work on one draft (reading it, finding its citations, judging each against the store) once
ran inside the server: a 98-byte draft with three ellipses held the interpreter for minutes and every other
request waited (issue 31).  The server now runs each check here: a fresh ``python -m pincite.checkrun`` reads
the request from its stdin, opens the store itself, and writes the pickled report back.  The caller waits on
the pipe (a thread that holds no lock the server needs) and kills the child when it runs past
``PINCITE_CHECK_SECONDS`` (default 60 s, the parse limit ingest gives one file: a check of a long brief against
a large store takes a few seconds), answering "draft too large to check in N s".  A .docx or .pdf draft is
read inside the child by the memory- and time-limited parse worker ingest uses (:mod:`pincite.parse.sandbox`).

:func:`stop_running_checks` kills every check in progress (the server calls it on SIGTERM, so a shutdown
does not wait for a check to finish).  0 turns the time limit off (the child still runs the check).
"""

from __future__ import annotations

import datetime
import math
import os
import pickle
import subprocess
import sys
import threading
import traceback
from pathlib import Path

from pincite import errors
from pincite.answer.citecheck import CheckReport
from pincite.errors import ParseError, PinciteError

CHECK_SECONDS_ENV = "PINCITE_CHECK_SECONDS"
DEFAULT_CHECK_SECONDS = 60.0


class CheckTooLarge(PinciteError):
    """A draft whose check ran past the time limit (the server answers 413: the draft is over a limit the
    server sets on what it will take, as an upload over the size cap is; a smaller draft goes through)."""


class CheckStopped(PinciteError):
    """A check ended because the server is shutting down."""


_running: set[subprocess.Popen[bytes]] = set()
_stopped: set[int] = set()
_lock = threading.Lock()


def check_seconds() -> float:
    raw = os.environ.get(CHECK_SECONDS_ENV, "").strip()
    if not raw:
        return DEFAULT_CHECK_SECONDS
    try:
        value = float(raw)
    except ValueError:
        raise PinciteError(f"{CHECK_SECONDS_ENV}={raw!r} is not a number") from None
    if value < 0 or math.isnan(value):
        raise PinciteError(f"{CHECK_SECONDS_ENV}={raw!r} must be 0 (no limit) or more")
    return value


def check_limited(location: str | os.PathLike[str], data: bytes, source: str, as_of: datetime.date | None,
                  seconds: float | None = None) -> CheckReport:
    """:func:`pincite.answer.citecheck.check_file` on the store at ``location``, in a child process killed
    after ``seconds`` (default: ``$PINCITE_CHECK_SECONDS``).  Raises what the check raises (ParseError for a
    draft that cannot be read), CheckTooLarge past the limit, CheckStopped when the server is stopping."""
    seconds = check_seconds() if seconds is None else seconds
    env = dict(os.environ)
    here = str(Path(__file__).resolve().parents[1])  # the folder holding the pincite package
    env["PYTHONPATH"] = here + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    request = pickle.dumps((str(location), data, source, as_of, seconds), protocol=pickle.HIGHEST_PROTOCOL)
    try:
        proc = subprocess.Popen([sys.executable, "-m", "pincite.checkrun"], env=env, stdin=subprocess.PIPE,
                                stdout=subprocess.PIPE, close_fds=True)
    except OSError as e:
        raise PinciteError(f"cannot start the check process ({sys.executable}): {e}") from None
    with _lock:
        _running.add(proc)
    try:
        try:
            out, _ = proc.communicate(request, timeout=seconds if seconds > 0 else None)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.communicate()
            raise CheckTooLarge(f"{source}: draft too large to check in {seconds:g} s (set {CHECK_SECONDS_ENV} "
                                "to raise the limit, or check it in parts)") from None
    finally:
        with _lock:
            _running.discard(proc)
            stopped = proc.pid in _stopped
            _stopped.discard(proc.pid)
    if stopped:
        raise CheckStopped(f"{source}: the check was stopped (the server is shutting down)")
    try:
        reply = pickle.loads(out)
    except Exception:  # noqa: BLE001 - a child that died without a reply
        raise PinciteError(f"{source}: the check process ended without a report (exit status "
                           f"{proc.returncode})") from None
    if reply[0] == "ok":
        return reply[1]  # type: ignore[no-any-return]
    if reply[0] == "parse":
        cls = getattr(errors, reply[1], ParseError)
        raise cls(reply[2], reply[3])
    if reply[0] == "error":
        raise PinciteError(reply[1])
    raise RuntimeError(f"checking {source} failed in the check process:\n{reply[1]}")


def stop_running_checks() -> int:
    """Kill every check in progress (their callers get CheckStopped); how many there were."""
    with _lock:
        procs = list(_running)
        _stopped.update(p.pid for p in procs)
    for p in procs:
        try:
            p.kill()
        except OSError:
            pass
    return len(procs)


def _serve() -> None:
    """The child: one request from stdin, one reply to stdout."""
    import resource
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the caller ends this process
    stdout = os.fdopen(os.dup(1), "wb")
    os.dup2(2, 1)  # nothing printed by a library can corrupt the reply
    sys.stdout = sys.stderr
    location, data, source, as_of, seconds = pickle.loads(sys.stdin.buffer.read())
    if seconds > 0:  # one orphaned by a killed caller cannot run for ever
        soft, hard = resource.getrlimit(resource.RLIMIT_CPU)
        cpu = math.ceil(seconds) + 10
        if hard == resource.RLIM_INFINITY or cpu <= hard:
            resource.setrlimit(resource.RLIMIT_CPU, (cpu, hard))
    reply: tuple[object, ...]
    try:
        from pincite.answer.citecheck import check_file
        from pincite.open import open_store

        store = open_store(location)
        try:
            reply = ("ok", check_file(store, data, source, as_of))
        finally:
            store.close()
    except ParseError as e:
        reply = ("parse", type(e).__name__, e.source, e.reason)
    except PinciteError as e:
        reply = ("error", str(e))
    except Exception:  # noqa: BLE001 - reported to the caller, who raises it
        reply = ("crash", traceback.format_exc())
    stdout.write(pickle.dumps(reply, protocol=pickle.HIGHEST_PROTOCOL))
    stdout.flush()


if __name__ == "__main__":
    _serve()
