"""Parsing untrusted bytes in a child process with a memory and a time limit.

A 1 MB PDF can hold a Flate stream that inflates to gigabytes, and pdfium builds an object for every
drawing operator in it: parsed in the ingesting process, one such file took a server from 1.9 to 4 GB and
held its ingest lock for a minute.  So every parse runs in a worker process whose address space is capped
(``RLIMIT_AS``, set in the worker only, never in the caller) and which is killed when it runs past the time
limit.  The file then gets a ParseError naming it ("exceeds the parse memory limit of 2048 MB") and the run
goes on with a fresh worker.

* Workers are started with ``subprocess`` (fork and exec at once), not by forking the caller: the server
  has threads, and a fork of a threaded process may inherit a lock some other thread held.
* A worker is kept and reused, so a run of many files pays the start-up (about a tenth of a second, the
  parser imports) once; a file costs only the pipe transfer of its bytes and of the parsed document.
* pdfium does not raise when an allocation fails, it aborts; the worker then dies by a signal.  Such a death
  counts as the memory limit when the worker's peak resident memory (from ``wait4``) reached half the limit,
  else it is reported as a crash of the parser on that file.  A MemoryError in Python code is reported by
  the worker itself.
* The worker also gets a CPU-time limit a little over the time limit, so one orphaned by a killed caller
  cannot spin forever, and it exits when its input pipe closes.

Limits come from the environment, read at each parse: ``PINCITE_PARSE_MEMORY_MB`` (default 2048) and
``PINCITE_PARSE_SECONDS`` (default 60); 0 turns a limit off, and with both off the parse runs in-process.

What a parse may produce is capped too, so one file cannot become a document the server must hold, store and
serve whole at gigabytes (issue 50: a 193 KB .docx of tiny paragraphs, inside every size cap of the package,
became 1,295,299 units, a 290 MB reader page and a 519 MB JSON response): ``PINCITE_MAX_UNITS`` (default
200,000 units a document) and ``PINCITE_MAX_TEXT_CHARS`` (default 64,000,000 characters of text).  A document
over either is refused in the worker, before it is sent back ("FILE: refused: 1295299 units, over the limit of
200000 a document (set PINCITE_MAX_UNITS to raise it)"), and the run goes on; 0 turns a cap off.  The largest
documents of ``../shared`` hold a few thousand units and a few MB of text.

A worker does not give back to the system the memory a large parse made it take (Python keeps its heap), so
a worker whose resident memory after a parse is over ``PINCITE_PARSE_RECYCLE_MB`` (default 256; an idle worker
with the parsers loaded holds about 60 MB) is ended rather than kept for the next file: after a large job the
memory returns at once, and the next file gets a fresh worker.
"""

from __future__ import annotations

import atexit
import dataclasses
import math
import os
import pickle
import select
import signal
import struct
import subprocess
import sys
import threading
import time
from pathlib import Path

from pincite import errors
from pincite.errors import ParseError
from pincite.types import Format, ParsedDocument

DEFAULT_MEMORY_MB = 2048
DEFAULT_SECONDS = 60.0
MEMORY_ENV = "PINCITE_PARSE_MEMORY_MB"
SECONDS_ENV = "PINCITE_PARSE_SECONDS"
#: the most units one document may have (0: no cap); see the module's docstring
DEFAULT_MAX_UNITS = 200_000
MAX_UNITS_ENV = "PINCITE_MAX_UNITS"
#: the most characters of text one document may have (0: no cap)
DEFAULT_MAX_TEXT_CHARS = 64_000_000
MAX_TEXT_ENV = "PINCITE_MAX_TEXT_CHARS"
#: a worker whose resident memory after a parse is over this many MB is ended, not kept (0: always kept)
DEFAULT_RECYCLE_MB = 256
RECYCLE_ENV = "PINCITE_PARSE_RECYCLE_MB"

_HEADER = struct.Struct("!Q")


def exchange(proc: subprocess.Popen[bytes], body: bytes, deadline: float | None) -> bytes:
    """Send ``body`` to a worker child (a length-prefixed frame on its stdin) and read its reply frame from its
    stdout, raising TimeoutError past ``deadline`` (``time.monotonic()``; None waits) and EOFError when the child
    ended first.  The parse worker and the draft checker (:mod:`pincite.checkrun`) speak this one framing."""
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdin.write(_HEADER.pack(len(body)) + body)
    proc.stdin.flush()
    fd = proc.stdout.fileno()
    return _read_exact(fd, _HEADER.unpack(_read_exact(fd, _HEADER.size, deadline))[0], deadline)


def _read_exact(fd: int, n: int, deadline: float | None) -> bytes:
    parts: list[bytes] = []
    while n:
        wait = None if deadline is None else deadline - time.monotonic()
        if wait is not None and wait <= 0:
            raise TimeoutError
        ready, _, _ = select.select([fd], [], [], wait)
        if not ready:
            raise TimeoutError
        part = os.read(fd, min(n, 1 << 20))
        if not part:
            raise EOFError
        parts.append(part)
        n -= len(part)
    return b"".join(parts)
_EXIT_MEMORY = 86  # the worker's exit status after a MemoryError it could not report
_KEEP_IDLE = 2  # idle workers kept for reuse


@dataclasses.dataclass(frozen=True, slots=True)
class ParseLimits:
    memory_mb: int = DEFAULT_MEMORY_MB  # address space of the worker; 0: no limit
    seconds: float = DEFAULT_SECONDS  # wall-clock time of one parse; 0: no limit
    inherited: bool = False  # memory_mb is the (lower) hard limit this process runs under
    max_units: int = DEFAULT_MAX_UNITS  # units a document may have; 0: no cap
    max_chars: int = DEFAULT_MAX_TEXT_CHARS  # characters of text a document may have; 0: no cap
    recycle_mb: int = DEFAULT_RECYCLE_MB  # a worker resident over this after a parse is ended; 0: kept

    @classmethod
    def from_env(cls) -> ParseLimits:
        return cls(memory_mb=int(env_number(MEMORY_ENV, DEFAULT_MEMORY_MB)),
                   seconds=env_number(SECONDS_ENV, DEFAULT_SECONDS),
                   max_units=int(env_number(MAX_UNITS_ENV, DEFAULT_MAX_UNITS)),
                   max_chars=int(env_number(MAX_TEXT_ENV, DEFAULT_MAX_TEXT_CHARS)),
                   recycle_mb=int(env_number(RECYCLE_ENV, DEFAULT_RECYCLE_MB)))

    @property
    def off(self) -> bool:
        return self.memory_mb <= 0 and self.seconds <= 0

    def memory_error(self, source: str) -> ParseError:
        how = "the address-space limit of this process" if self.inherited else f"set {MEMORY_ENV} to raise it"
        return ParseError(source, f"exceeds the parse memory limit of {self.memory_mb} MB ({how})")

    def time_error(self, source: str) -> ParseError:
        return ParseError(source, f"exceeds the parse time limit of {self.seconds:g} s "
                                  f"(set {SECONDS_ENV} to raise it)")

    def size_error(self, doc: ParsedDocument, source: str) -> ParseError | None:
        """The refusal of a parsed document over the unit or the text cap, or None."""
        return size_error(doc, source, self.max_units, self.max_chars)


def size_error(doc: ParsedDocument, source: str, max_units: int, max_chars: int) -> ParseError | None:
    """A document with more than ``max_units`` units or ``max_chars`` characters of text (0: no cap), refused
    with both figures and the setting that raises the cap; None when it is within them."""
    if max_units > 0 and len(doc.units) > max_units:
        return ParseError(source, f"refused: {len(doc.units)} units, over the limit of {max_units} a "
                                  f"document (set {MAX_UNITS_ENV} to raise it)")
    if max_chars > 0 and len(doc.text) > max_chars:
        return ParseError(source, f"refused: {len(doc.text)} characters of text, over the limit of "
                                  f"{max_chars} a document (set {MAX_TEXT_ENV} to raise it)")
    return None


def env_number(name: str, default: float, *, whole: bool = False, zero: str | None = "no limit") -> float:
    """A number setting read from the environment variable ``name`` (``default`` when unset or blank): 0 or more,
    a whole number if ``whole``; :class:`~pincite.errors.PinciteError` naming the variable and its value
    otherwise.  ``zero`` says what 0 means, in the message."""
    raw = os.environ.get(name, "").strip()
    if not raw:
        return default
    try:
        value = float(raw)
    except ValueError:
        raise errors.PinciteError(f"{name}={raw!r} is not a number") from None
    if value < 0 or math.isnan(value) or (whole and value != int(value)):
        zero_means = f" ({zero})" if zero else ""
        raise errors.PinciteError(f"{name}={raw!r} must be {'a whole number, ' if whole else ''}0{zero_means} or more")
    return value


def parse_limited(data: bytes, source: str, fmt: Format | None = None,
                  limits: ParseLimits | None = None) -> ParsedDocument:
    """:func:`pincite.parse.parse_bytes` in a worker process under ``limits`` (from the environment when not
    given).  Raises ParseError for the file, whether the parser refused it or it ran past a limit."""
    limits = limits or ParseLimits.from_env()
    if limits.off:
        from pincite.parse import parse_bytes

        doc = parse_bytes(data, source, fmt)
        refused = limits.size_error(doc, source)
        if refused is not None:
            raise refused
        return doc
    limits = _effective(limits)
    worker = _POOL.take()
    keep = False
    try:
        reply = worker.run((data, source, fmt, limits.memory_mb, limits.seconds, limits.max_units,
                            limits.max_chars), limits, source)
        keep = True
    finally:
        _POOL.give_back(worker, keep, limits)
    tag = reply[0]
    if tag == "ok":
        return reply[1]  # type: ignore[no-any-return]
    if tag == "memory":
        raise limits.memory_error(source)
    cls = getattr(errors, reply[1], None)
    if isinstance(cls, type) and issubclass(cls, ParseError):
        raise cls(reply[2], reply[3])
    raise ParseError(source, reply[3])


def _effective(limits: ParseLimits) -> ParseLimits:
    """The limits as the worker will have them: it inherits this process's hard address-space limit and cannot
    go above it, so a lower one is the limit its errors name."""
    import resource

    hard = resource.getrlimit(resource.RLIMIT_AS)[1]
    if hard != resource.RLIM_INFINITY and (limits.memory_mb <= 0 or hard >> 20 < limits.memory_mb):
        return dataclasses.replace(limits, memory_mb=hard >> 20, inherited=True)
    return limits


class _Worker:
    """One parser process and the pipes to it."""

    def __init__(self) -> None:
        env = dict(os.environ)
        here = str(Path(__file__).resolve().parents[2])  # the folder holding the pincite package
        env["PYTHONPATH"] = here + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
        try:
            self.proc = subprocess.Popen([sys.executable, "-m", "pincite.parse.sandbox"], env=env,
                                         stdin=subprocess.PIPE, stdout=subprocess.PIPE, close_fds=True)
        except OSError as e:
            raise errors.PinciteError(f"cannot start the parser process ({sys.executable}): {e}") from None
        self.vm_mb = 0.0  # the worker's address space after its last parse
        self.rss_mb = 0.0  # its resident memory after its last parse

    def run(self, request: tuple, limits: ParseLimits, source: str) -> tuple:
        """Send one request and wait for its reply; a worker that dies or runs late is ended here, and its
        file gets the error that says why."""
        deadline = time.monotonic() + limits.seconds if limits.seconds > 0 else None
        body = pickle.dumps(request, protocol=pickle.HIGHEST_PROTOCOL)
        try:
            reply = pickle.loads(exchange(self.proc, body, deadline))
        except TimeoutError:
            self.kill()
            raise limits.time_error(source) from None
        except (OSError, EOFError):
            raise self._died(limits, source) from None
        self.vm_mb, self.rss_mb = reply[-2], reply[-1]
        return reply[:-2]  # type: ignore[no-any-return]

    def _died(self, limits: ParseLimits, source: str) -> ParseError:
        """The error for a worker that ended without a reply: its exit status and peak memory say why."""
        status, peak_mb = self.reap()
        if status == _EXIT_MEMORY:
            return limits.memory_error(source)
        if status == -signal.SIGXCPU:
            return limits.time_error(source)
        if status < 0 and limits.memory_mb > 0 and peak_mb >= limits.memory_mb / 2:
            return limits.memory_error(source)
        if status < 0:
            try:
                how = f"signal {signal.Signals(-status).name}"
            except ValueError:
                how = f"signal {-status}"
        else:
            how = f"exit status {status}"
        return ParseError(source, f"the parser crashed on this file ({how})")

    def reap(self) -> tuple[int, float]:
        """Wait for the process to end; its exit status (negative: the signal) and peak resident MB."""
        if self.proc.stdin is not None:
            try:
                self.proc.stdin.close()
            except OSError:
                pass
        if self.proc.returncode is not None:
            return self.proc.returncode, 0.0
        try:
            _, status, usage = os.wait4(self.proc.pid, 0)
        except ChildProcessError:  # reaped elsewhere
            return self.proc.wait(), 0.0
        self.proc.returncode = os.waitstatus_to_exitcode(status)
        if self.proc.stdout is not None:
            self.proc.stdout.close()
        return self.proc.returncode, usage.ru_maxrss / 1024

    def kill(self) -> None:
        if self.proc.returncode is None:
            self.proc.kill()
        self.reap()

    def close(self) -> None:
        """Let an idle worker end by closing its input (it exits on end of file); kill it if it lingers."""
        try:
            if self.proc.stdin is not None:
                self.proc.stdin.close()
            self.proc.wait(timeout=2)
        except (OSError, subprocess.TimeoutExpired):
            self.proc.kill()
            self.proc.wait()
        if self.proc.stdout is not None:
            self.proc.stdout.close()


class _Pool:
    """Idle workers for reuse; each caller gets a worker of its own, so parses from threads do not wait
    on each other.  A worker that failed, grew to half the memory limit, or holds more resident memory than
    ``recycle_mb`` after its parse (a large job: the heap it grew stays) is not reused."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.idle: list[_Worker] = []

    def take(self) -> _Worker:
        with self.lock:
            while self.idle:
                w = self.idle.pop()
                if w.proc.poll() is None:
                    return w
        return _Worker()

    def give_back(self, worker: _Worker, healthy: bool, limits: ParseLimits) -> None:
        limit = limits.memory_mb
        if not healthy or worker.proc.returncode is not None or (limit > 0 and worker.vm_mb > limit / 2):
            worker.kill()
            return
        if limits.recycle_mb > 0 and worker.rss_mb > limits.recycle_mb:
            worker.kill()  # its memory goes back to the system now (a kill: no heap to tear down first)
            return
        with self.lock:
            if len(self.idle) < _KEEP_IDLE:
                self.idle.append(worker)
                return
        worker.close()

    def close(self) -> None:
        with self.lock:
            idle, self.idle = self.idle, []
        for w in idle:
            w.close()


_POOL = _Pool()
atexit.register(lambda: _POOL.close())


def close_workers() -> None:
    """End the idle parser workers (they also end by themselves when this process exits)."""
    _POOL.close()


# ------------------------------------------------------------------------------------------------
# the worker side


def _serve() -> None:
    """Read requests from stdin, parse, write replies to stdout, until stdin closes."""
    import resource

    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the caller's to handle; it ends this worker
    stdin = sys.stdin.buffer
    # replies go to a copy of stdout; stdout itself becomes stderr, so nothing a parser or the C library under
    # it prints can corrupt a reply
    stdout = os.fdopen(os.dup(1), "wb")
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    _, hard_as = resource.getrlimit(resource.RLIMIT_AS)
    _, hard_cpu = resource.getrlimit(resource.RLIMIT_CPU)
    while True:
        head = stdin.read(_HEADER.size)
        if len(head) < _HEADER.size:
            return
        body = stdin.read(_HEADER.unpack(head)[0])
        data, source, fmt, memory_mb, seconds, max_units, max_chars = pickle.loads(body)
        del body
        _set_soft_limit(resource.RLIMIT_AS, memory_mb << 20 if memory_mb > 0 else None, hard_as)
        cpu = None
        if seconds > 0:
            used = resource.getrusage(resource.RUSAGE_SELF)
            cpu = math.ceil(used.ru_utime + used.ru_stime + seconds) + 5
        _set_soft_limit(resource.RLIMIT_CPU, cpu, hard_cpu)
        try:
            result = _parse(data, source, fmt, max_units, max_chars)
            reply = pickle.dumps(result + _memory_mb(), protocol=pickle.HIGHEST_PROTOCOL)
            del result
        except MemoryError:
            os._exit(_EXIT_MEMORY)
        del data
        try:
            stdout.write(_HEADER.pack(len(reply)) + reply)
            stdout.flush()
        except MemoryError:
            os._exit(_EXIT_MEMORY)
        del reply  # not held while idle: the pickled document is as large as the document


def _parse(data: bytes, source: str, fmt: Format | None, max_units: int, max_chars: int) -> tuple:
    from pincite.parse import parse_bytes

    try:
        doc = parse_bytes(data, source, fmt)
        refused = size_error(doc, source, max_units, max_chars)
        if refused is not None:  # refused here: a document over the caps is never sent to the caller
            return ("error", type(refused).__name__, refused.source, refused.reason)
        return ("ok", doc)
    except MemoryError:
        return ("memory",)
    except ParseError as e:
        return ("error", type(e).__name__, e.source, e.reason)
    except Exception as e:  # noqa: BLE001 - any parser failure is this file's error, not the run's
        return ("error", "", source, f"the parser failed: {type(e).__name__}: {e}")


def _set_soft_limit(which: int, value: int | None, hard: int) -> None:
    import resource

    if value is None or (hard != resource.RLIM_INFINITY and value > hard):
        value = hard
    resource.setrlimit(which, (value, hard))


def resident_mb() -> float:
    """This process's resident memory in MB (0 where /proc cannot say)."""
    return _memory_mb()[1]


def _memory_mb() -> tuple[float, float]:
    """This process's address space and resident memory, in MB (0 where /proc cannot say)."""
    try:
        with open("/proc/self/statm") as f:
            fields = f.read().split()
        page = os.sysconf("SC_PAGE_SIZE") / (1 << 20)
        return int(fields[0]) * page, int(fields[1]) * page
    except (OSError, ValueError, IndexError):
        return 0.0, 0.0


if __name__ == "__main__":
    _serve()
