"""A throw-away PostgreSQL 16 (with pgvector) for the tests, from the ``pgserver`` wheel's binaries.

:func:`start_server` runs ``initdb`` in a fresh folder and starts the server on 127.0.0.1 (a free port), with
durability off (the tests kill clients, never the server).  PostgreSQL refuses to run as root: when the tests
run as root (CI does), the server runs as the unprivileged user ``pincite`` (created with ``useradd`` when
missing; ``.ci/run`` creates it too) and the folders it needs are made readable for it.  Anything that goes
wrong raises :class:`PostgresUnavailable` with the server's log, so a test fails saying why.

Also usable by hand: ``python tests/support/pg_server.py DIR`` starts one and prints its URL (stop it with
``pg_ctl -D DIR/data stop``).
"""

from __future__ import annotations

import os
import shutil
import socket
import stat
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

PG_USER = "pincite"  # the system user the server runs as when we are root


class PostgresUnavailable(RuntimeError):
    """The test PostgreSQL could not be started."""


def _bin_dir() -> Path:
    import importlib.util

    spec = importlib.util.find_spec("pgserver")  # found, not imported: its import starts nothing we want
    roots = list(spec.submodule_search_locations or []) if spec else []
    for r in roots:
        if (Path(r) / "pginstall" / "bin" / "postgres").exists():
            return Path(r) / "pginstall" / "bin"  # the wheel's own PostgreSQL 16 + pgvector
    raise PostgresUnavailable(
        "the PostgreSQL tests need the 'pgserver==0.1.4' package (not installed, or without its pginstall/bin); "
        "install with \"pip install -e '.[test]'\"")


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _open_for_others(path: Path, files: bool) -> None:
    """Let another user traverse every folder above ``path`` (and read ``path`` itself when ``files``)."""
    rx = stat.S_IRGRP | stat.S_IROTH | stat.S_IXGRP | stat.S_IXOTH
    for p in [path, *path.parents]:
        p.chmod(p.stat().st_mode | stat.S_IXGRP | stat.S_IXOTH | (rx if p == path else 0))
    if files:
        for root, dirs, names in os.walk(path):
            for d in dirs:
                q = Path(root) / d
                q.chmod(q.stat().st_mode | rx)
            for n in names:
                q = Path(root) / n
                q.chmod(q.stat().st_mode | stat.S_IRGRP | stat.S_IROTH
                        | (stat.S_IXGRP | stat.S_IXOTH if q.stat().st_mode & stat.S_IXUSR else 0))


def _system_user() -> tuple[str, int, int] | None:
    """(name, uid, gid) of the user to run the server as, or None to run as ourselves (not root)."""
    if os.geteuid() != 0:
        return None
    import pwd

    try:
        entry = pwd.getpwnam(PG_USER)
    except KeyError:
        proc = subprocess.run(["useradd", "-m", "-s", "/bin/sh", PG_USER], capture_output=True, text=True)
        if proc.returncode != 0:
            raise PostgresUnavailable(f"running as root and cannot create the user {PG_USER!r} for PostgreSQL: "
                                      f"{proc.stderr.strip()}") from None
        entry = pwd.getpwnam(PG_USER)
    return entry.pw_name, entry.pw_uid, entry.pw_gid


@dataclass
class PgServer:
    data: Path
    port: int
    bin: Path
    user: tuple[str, int, int] | None
    owned: Path | None = field(default=None)  # a folder made for this server, removed when it stops

    @property
    def url(self) -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/postgres"

    def url_for(self, database: str) -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/{database}"

    def create_database(self, name: str) -> str:
        """Create database ``name`` (with pgvector available) and return its URL."""
        import psycopg

        with psycopg.connect(self.url, autocommit=True) as c:
            c.execute(f'CREATE DATABASE "{name}"')
        return self.url_for(name)

    def _run(self, args: list[str], timeout: float = 60) -> subprocess.CompletedProcess[str]:
        kw = {"user": self.user[1], "group": self.user[2]} if self.user else {}
        return subprocess.run(args, capture_output=True, text=True, timeout=timeout, cwd="/",  # type: ignore[call-overload]
                              env={**os.environ, "LC_ALL": "C"}, **kw)

    def stop(self) -> None:
        if (self.data / "postmaster.pid").exists():
            self._run([str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "-w", "stop"])
        if self.owned is not None:
            shutil.rmtree(self.owned, ignore_errors=True)


def start_server(base: Path) -> PgServer:
    """initdb in ``base``/data and start PostgreSQL on 127.0.0.1; raises :class:`PostgresUnavailable`."""
    bin_dir = _bin_dir()
    user = _system_user()
    owned = None
    if user:
        # the server's user must traverse every folder above its data; pytest's basetemp parent
        # (/tmp/pytest-of-root) is reset to 0700 by any other pytest session that starts meanwhile, so a server
        # run as another user lives in a folder of its own under the system temp folder instead
        base = owned = Path(tempfile.mkdtemp(prefix="pincite-pg-"))
    base = Path(base).resolve()
    base.mkdir(parents=True, exist_ok=True)
    data = base / "data"
    sock = base / "sock"
    for p in (data, sock):
        if p.exists():
            shutil.rmtree(p)
        p.mkdir(mode=0o700)
    if user:
        _open_for_others(bin_dir.parent, files=True)  # the server's binaries, libraries and share/
        _open_for_others(base, files=False)
        for p in (data, sock):
            os.chown(p, user[1], user[2])
    server = PgServer(data, _free_port(), bin_dir, user, owned)
    proc = server._run([str(bin_dir / "initdb"), "-D", str(data), "-U", "postgres", "--auth=trust",
                        "--encoding=UTF8", "--no-sync"], timeout=120)
    if proc.returncode != 0:
        raise PostgresUnavailable(f"initdb failed ({proc.returncode}): {proc.stderr.strip() or proc.stdout.strip()}")
    opts = (f"-h 127.0.0.1 -p {server.port} -k {sock} -c fsync=off -c synchronous_commit=off "
            "-c full_page_writes=off -c max_connections=60 -c shared_buffers=128MB")
    log = data / "server.log"
    proc = server._run([str(bin_dir / "pg_ctl"), "-D", str(data), "-l", str(log), "-o", opts, "-w", "-t", "60",
                        "start"], timeout=90)
    if proc.returncode != 0:
        tail = log.read_text(errors="replace")[-2000:] if log.exists() else ""
        raise PostgresUnavailable(f"PostgreSQL did not start ({proc.returncode}): {proc.stderr.strip()}\n{tail}")
    return server


if __name__ == "__main__":
    srv = start_server(Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/pincite-pg"))
    print(srv.url)
