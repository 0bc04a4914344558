"""`pincite show` at 80 columns names each judge whole (issue 29): whose reasons the units are in is a row of its own
where it changes, across the text column, so "Popplewell LJ" and "partly-dissenting" wrap between words, never
inside one (an "author / role" column beside "subparagraph" had 7 cells and broke them: "Popplew/ell")."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.corpus.test_cli_terminal import run

JUDGMENTS = ["uk_find_case_law/ewca_civ_2020_legacy_akn/2020-ewca-1018-civ.xml",
             "uk_find_case_law/ewca_civ_2020_legacy_akn/2020-ewca-1300-civ.xml"]


@pytest.mark.shared
def test_show_at_80_columns_keeps_every_judges_name_and_role_whole(tmp_path: Path, corpus: Path) -> None:
    db = str(tmp_path / "j.db")
    assert run("ingest", "--db", db, "--no-dense", *[str(corpus / p) for p in JUDGMENTS]).returncode == 0
    for d in json.loads(run("documents", "--db", db, "--json").stdout):
        doc = json.loads(run("show", d["id"], "--db", db, "--json").stdout)
        words = {w for u in doc["units"] for w in re.findall(r"\S+", " ".join(x for x in (u.get("author"),
                                                                                         u.get("role")) if x))}
        assert {"Popplewell", "partly-dissenting"} & words  # the names that broke
        out = run("show", d["id"], "--db", db, columns=80).stdout.decode()
        lines = [line for line in out.splitlines() if line[:1] in "┏┃┡│└"]
        assert max(len(line) for line in lines) <= 80
        cells = {w for line in lines for cell in line.split("│") for w in cell.split()}
        for w in words:
            assert w in cells, f"{w!r} is broken across lines in {d['source']}"
