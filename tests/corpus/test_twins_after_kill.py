"""Issue 50, item 5: an ingest killed part-way leaves its contracts grouped once the store is next opened.

An ingest groups the copies of an agreement (:mod:`pincite.twins`) after storing its files; one killed before
that left the contracts it stored without a fingerprint or a group (446 of 464 after a kill at 23 s), so a
search cited both copies of an agreement until the next ingest. Here a child process ingests a folder of real
CUAD contracts, one of them twice under two names, and is SIGKILLed after its fifth file is stored; the store
is then opened again (by the library, by a reading command, by the server) and must hold every stored
contract's fingerprint and the groups a clean ingest of the same files gives.
"""

from __future__ import annotations

import json
import shutil
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import httpx
import pytest
from typer.testing import CliRunner

from pincite.api.app import RunningServer, create_app
from pincite.api.config import ServerConfig
from pincite.cli import app as cli_app
from pincite.ingest import ingest_paths
from pincite.library import Pincite
from pincite.store.sqlite import SQLiteStore

CONTRACTS = (
    "AIRTECHINTERNATIONALGROUPINC_05_08_2000-EX-10.4-FRANCHISE AGREEMENT.txt",
    "ENERGOUSCORP_03_16_2017-EX-10.24-STRATEGIC ALLIANCE AGREEMENT.txt",
    "FuseMedicalInc_20190321_10-K_EX-10.43_11575454_EX-10.43_Distributor Agreement.txt",
)

KILLED_INGEST = textwrap.dedent("""
    import os, signal, sys
    from pincite.ingest import ingest_paths
    from pincite.store.sqlite import SQLiteStore

    db, folder, kill_after = sys.argv[1], sys.argv[2], int(sys.argv[3])
    stored = []

    def on_file(r):  # killed as the next file begins: the files before it are committed, nothing grouped
        stored.append(r)
        if len(stored) == kill_after:
            os.kill(os.getpid(), signal.SIGKILL)

    ingest_paths(SQLiteStore(db), [folder], on_file=on_file)
    print("finished without being killed")
""")


def _folder(corpus: Path, tmp_path: Path) -> Path:
    folder = tmp_path / "in"
    folder.mkdir()
    txt = corpus / "contracts_cuad" / "txt"
    names = sorted(p.name for p in txt.iterdir() if p.suffix == ".txt")
    for name in CONTRACTS:
        assert name in names, name
    for i, name in enumerate(CONTRACTS):
        shutil.copy(txt / name, folder / f"{i}a_{name}")
        shutil.copy(txt / name, folder / f"{i}b_copy of {name}")  # the same agreement filed twice
    return folder


def _state(db: Path) -> tuple[list[tuple[str, bool]], list[list[str]]]:
    """(each stored contract's source name and whether it has a fingerprint, the groups by source name)."""
    with SQLiteStore(db) as s:
        names = {d.id: Path(d.source).name for d in s.list_documents()}
        rows = s.contract_prints()
    printed = sorted((names[d], raw is not None and json.loads(raw).get("title") is not None)
                     for d, raw, _, _ in rows)
    groups: dict[str, list[str]] = {}
    for d, _, group, _ in rows:
        if group:
            groups.setdefault(group, []).append(names[d])
    return printed, sorted(sorted(g) for g in groups.values())


@pytest.fixture()
def killed(corpus: Path, tmp_path: Path) -> tuple[Path, Path]:
    """A store an ingest was killed in after five of its six files were stored; a clean one of those five."""
    folder = _folder(corpus, tmp_path)
    db = tmp_path / "killed.db"
    proc = subprocess.run([sys.executable, "-c", KILLED_INGEST, str(db), str(folder), "5"],
                          capture_output=True, text=True, timeout=600)
    assert proc.returncode == -signal.SIGKILL, (proc.stdout, proc.stderr)
    with SQLiteStore(db) as s:
        rows = s.contract_prints()
    assert len(rows) == 5 and all(raw is None for _, raw, _, _ in rows)  # stored, never fingerprinted
    clean_in = tmp_path / "clean_in"
    clean_in.mkdir()
    for p in sorted(folder.iterdir())[:5]:
        shutil.copy(p, clean_in / p.name)
    clean = tmp_path / "clean.db"
    with SQLiteStore(clean) as s:
        assert not ingest_paths(s, [str(clean_in)]).failed
    return db, clean


@pytest.mark.shared
def test_opening_the_library_after_a_killed_ingest_groups_what_it_left(killed: tuple[Path, Path]) -> None:
    db, clean = killed
    Pincite(db, dense=False).close()
    printed, groups = _state(db)
    assert all(ok for _, ok in printed) and len(printed) == 5
    assert (printed, groups) == _state(clean)
    assert len(groups) == 2  # the two agreements both of whose files were stored before the kill


@pytest.mark.shared
def test_a_reading_command_and_the_server_group_what_a_killed_ingest_left(killed: tuple[Path, Path],
                                                                          tmp_path: Path) -> None:
    db, clean = killed
    other = tmp_path / "other.db"
    for suffix in ("", "-wal"):  # the killed writer's last commits may be in the write-ahead log still
        if Path(f"{db}{suffix}").exists():
            shutil.copy(f"{db}{suffix}", f"{other}{suffix}")
    r = CliRunner().invoke(cli_app, ["documents", "--db", str(db), "--json"])
    assert r.exit_code == 0, r.output
    listed = json.loads(r.output)
    listed = listed["documents"] if isinstance(listed, dict) else listed
    assert sum(1 for d in listed if d["copies"]) == 4  # each of the two agreements lists its other copy
    assert _state(db) == _state(clean)
    with RunningServer(create_app(ServerConfig(db=other, dense=False))) as srv:
        docs = httpx.get(f"{srv.url}/api/documents", timeout=30).json()["documents"]
    assert sum(1 for d in docs if d["copies"]) == 4
    assert _state(other) == _state(clean)
