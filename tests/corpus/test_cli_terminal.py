"""What the command line prints on a terminal: document text and file names literally, never obeyed or eaten.

Run as real processes (the installed ``pincite`` script), so the bytes checked are the bytes a terminal gets.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from tests.conftest import REPO

EXE = Path(sys.executable).with_name("pincite")

TERMHOUSE = "uk_find_case_law/modern_fcl_akn/ewca_civ_2021_1881_termhouse.xml"


def run(*args: str, columns: int = 200, cwd: Path | None = None) -> subprocess.CompletedProcess[bytes]:
    """The real console script; the environment asks for no colour, so any ESC byte came from the data."""
    env = {k: v for k, v in os.environ.items() if k not in ("FORCE_COLOR", "TTY_COMPATIBLE", "PINCITE_STORE",
                                                             "PINCITE_DB")}
    env.update(NO_COLOR="1", COLUMNS=str(columns), TERM="xterm-256color")
    assert EXE.exists(), "the console script is installed by 'pip install -e .'"
    return subprocess.run([str(EXE), *args], capture_output=True, env=env, cwd=cwd, timeout=300)


def column_text(output: str, header: str, next_header: str | None, after: str | None = None) -> str:
    """The text of one column of a rich table, its lines joined: the cells between the start of ``header`` and
    the start of ``next_header`` (or the line end) on every line below the header (the first header line after
    a line holding ``after``, when given), box characters dropped."""
    lines = output.splitlines()
    if after is not None:
        lines = lines[next(i for i, line in enumerate(lines) if after in line) + 1:]
    pattern = re.compile(rf"(^|[\s┃│]){re.escape(header)}(\s|[┃│]|$)")
    at = next(i for i, line in enumerate(lines) if pattern.search(line))
    start = pattern.search(lines[at]).start()  # type: ignore[union-attr]
    end = lines[at].index(next_header, start) if next_header else None
    parts = []
    for line in lines[at + 1:]:
        cell = line[start:end].strip(" │┃")
        if cell and not set(cell) <= set("━─┼╇┩┡└┘ "):
            parts.append(cell)
    return " ".join(parts)


def squeeze(s: str) -> str:
    return re.sub(r"\s+", " ", s).strip()


# --- control characters and escape sequences in file names and document text (issue 16, item 5) ---------

EVIL_NAME = "evil\x1b[41mname.txt"
BROKEN_NAME = "bro\x1b]0;pwned\x07ken.xml"


def write_hostile_folder(folder: Path) -> None:
    """A contract whose file name and text carry ESC sequences, a C1 CSI (0x9B) and a bidi override, and a
    broken XML file whose name carries an OSC sequence (ingest names it in its error)."""
    folder.mkdir()
    body = ("SERVICES AGREEMENT \x1b[31mRED\x1b[0m TITLE\n\n"
            "1. Definitions. The parties agree \u202e reversed \u202c that the \u009b31m supplier shall "
            "deliver the goods.\n\n"
            "2. Term. This agreement lasts \x1b[2J for five years and the parties shall comply with it.\n\n")
    body += "".join(f"{n}. Clause {n}. The supplier shall perform its obligations with reasonable care and "
                    "skill in every respect.\n\n" for n in range(3, 12))
    (folder / EVIL_NAME).write_text(body, encoding="utf-8")
    (folder / BROKEN_NAME).write_text("<akomaNtoso><judgment>", encoding="utf-8")


UNSAFE = [b"\x1b", b"\x07", "\u009b".encode(), "\u202e".encode(), "\u202c".encode()]


def assert_safe(proc: subprocess.CompletedProcess[bytes]) -> None:
    for stream, data in (("stdout", proc.stdout), ("stderr", proc.stderr)):
        for bad in UNSAFE:
            assert bad not in data, f"{proc.args[1]}: {bad!r} reached {stream}: {data[:2000]!r}"


def test_control_characters_in_names_and_text_are_shown_not_obeyed(tmp_path: Path) -> None:
    folder = tmp_path / "in"
    write_hostile_folder(folder)
    db = str(tmp_path / "t.db")

    ingest = run("ingest", "--db", db, str(folder))
    assert ingest.returncode == 1  # the broken XML file failed; the contract was stored
    assert_safe(ingest)
    assert "bro\\x1b]0;pwned\\x07ken.xml" in ingest.stderr.decode()  # the name is still there to read

    docs = json.loads(run("documents", "--db", db, "--json").stdout)
    assert len(docs) == 1 and docs[0]["source"].endswith(EVIL_NAME)  # JSON keeps the value exactly
    doc_id = docs[0]["id"]

    listing = run("documents", "--db", db)
    assert listing.returncode == 0
    assert_safe(listing)
    assert "\\x1b[31mRED\\x1b[0m" in column_text(listing.stdout.decode(), "title", None).replace(" ", "")

    for args in (("show", doc_id, "--db", db), ("show", doc_id, "--db", db, "--text"),
                 ("search", "parties agree supplier goods", "--db", db, "--no-dense"),
                 ("ask", "What must the supplier deliver?", "--db", db, "--no-dense")):
        proc = run(*args)
        assert proc.returncode == 0, proc.stderr.decode()
        assert_safe(proc)
    shown = run("show", doc_id, "--db", db, "--text").stdout.decode()
    assert "evil\\x1b[41mname.txt" in shown and "\\u202e reversed \\u202c" in squeeze(shown)
    assert "\\x9b31m" in shown

    # JSON on a terminal: the same values, with the C1 and bidi controls json.dumps leaves raw escaped
    for args in (("documents", "--db", db, "--json"), ("show", doc_id, "--db", db, "--json"),
                 ("search", "parties agree supplier goods", "--db", db, "--no-dense", "--json")):
        proc = run(*args)
        assert_safe(proc)
    text = json.loads(run("show", doc_id, "--db", db, "--json").stdout)["text"]
    assert "\u202e reversed \u202c that the \u009b31m supplier" in text


# --- square brackets in quotes are legal alterations, not console markup (issue 16, item 11) -------------

@pytest.mark.shared
def test_bracketed_alterations_in_a_real_judgment_print_literally(tmp_path: Path, corpus: Path) -> None:
    """Termhouse v Al-Balhaa [2021] EWCA Civ 1881 quotes the tribunal with alterations: "[t]he
    determination", "[the FTT]", "state[d] a figure".  Rich markup took them for style tags and printed "he
    determination"."""
    db = str(tmp_path / "t.db")
    source = str(corpus / TERMHOUSE)
    assert run("ingest", "--db", db, "--no-dense", source).returncode == 0  # searched and asked with --no-dense
    doc = json.loads(run("show", source, "--db", db, "--json").stdout)
    para19 = "observed in paragraph 29 that “[t]he determination by the FTT was a ‘decision’ not an award”"
    para19b = "encompasses the determination [the FTT] made in this case"
    para29 = "nowhere “state[d] a figure for"
    assert para19 in doc["text"] and para19b in doc["text"] and para29 in doc["text"]  # the real text

    shown = run("show", source, "--db", db, "--text")
    assert shown.returncode == 0
    text_column = squeeze(column_text(shown.stdout.decode(), "text", None))
    for quote in (para19, para19b, para29):
        assert quote in text_column

    found = run("search", "Jarowicki nowhere stated a figure", "--db", db, "--no-dense", "--k", "3")
    assert found.returncode == 0
    assert para29 in squeeze(column_text(found.stdout.decode(), "text", None))

    # [19] reports the tribunal's words (issue 26): asked what the tribunal said, the answer may quote them,
    # labelled as quoting it
    question = ("What did the tribunal below say about whether the statute refers to any decision which "
                "encompasses the determination?")
    # the extractive generator's answer quotes [19] here; what is tested is how a quotation with brackets prints
    asked = run("ask", question, "--db", db, "--no-dense", "--generator", "extractive")
    assert asked.returncode == 0, asked.stderr.decode()
    answer = asked.stdout.decode()
    assert para19 in answer and para19b in answer
    assert "quoting the First-tier Tribunal" in answer
    assert "“he determination" not in answer


# --- a read-only command on a missing database says so and creates nothing (issue 16, item 10) ------------


READERS = [
    ("documents",), ("show", "doc_0123456789abcdef"), ("search", "rent"), ("ask", "Who pays the rent?"),
    ("versions", "ca/act/T-2"), ("audit", "doc_0123456789abcdef"), ("chunk",),
    ("eval", str(REPO / "eval" / "dev.jsonl"), "--no-dense"),
]


def tree(root: Path) -> list[str]:
    return sorted(str(p.relative_to(root)) for p in root.rglob("*"))


@pytest.mark.parametrize("command", READERS, ids=lambda c: c[0])
def test_a_reader_on_a_mistyped_db_exits_2_and_creates_nothing(command: tuple[str, ...], tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    from typer.testing import CliRunner

    from pincite.cli import app

    monkeypatch.chdir(tmp_path)
    for var in ("PINCITE_DB", "PINCITE_STORE"):
        monkeypatch.delenv(var, raising=False)
    (tmp_path / "work").mkdir()
    before = tree(tmp_path)
    missing = tmp_path / "work" / "typo" / "pincte.db"
    r = CliRunner().invoke(app, [*command, "--db", str(missing)])
    assert r.exit_code == 2, r.output
    assert f"no database at {missing}" in r.output
    assert tree(tmp_path) == before  # no file, no folder, no index beside it

    if command[0] == "eval":
        return  # without --db, eval ingests --corpus into a temporary store
    # no --db and no environment: ./pincite.db is not created either
    r = CliRunner().invoke(app, list(command))
    assert r.exit_code == 2, r.output
    assert "no database at pincite.db" in r.output
    assert tree(tmp_path) == before


def test_ingest_still_creates_the_database_a_reader_then_reads(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from pincite.cli import app, demo_paths

    db = tmp_path / "new" / "folder" / "cli.db"
    assert CliRunner().invoke(app, ["ingest", "--db", str(db), demo_paths()[0]]).exit_code == 0
    r = CliRunner().invoke(app, ["documents", "--db", str(db), "--json"])
    assert r.exit_code == 0 and len(json.loads(r.stdout)) == 1


# --- tables at 80 columns: wrapped, never cut without an ellipsis (issue 16, item 16) ---------------------

TABLE_FILES = [TERMHOUSE, "uk_find_case_law/modern_fcl_akn/uksc_2023_42_rwanda.xml",
               "pdf_judgments/tcmemo_2020-26_bordelon_v_commissioner.pdf",
               "contracts_cuad/txt/CybergyHoldingsInc_20140520_10-Q_EX-10.27_8605784_EX-10.27_Affiliate"
               " Agreement.txt",
               "canada_justice_laws_xml/T-2/T-2_pit-2018-06-21.xml"]
GOLD_IDS = ("rwanda-holding", "termhouse-enforcement", "bordelon-at-risk", "cybergy-governing-law")


@pytest.fixture(scope="module")
def real_store(tmp_path_factory: pytest.TempPathFactory, corpus: Path) -> str:
    db = str(tmp_path_factory.mktemp("tables") / "t.db")
    proc = run("ingest", "--db", db, "--no-dense", *(str(corpus / f) for f in TABLE_FILES))  # the tables need no vectors
    assert proc.returncode == 0, proc.stderr.decode()
    return db


def unspaced(s: str) -> str:
    return re.sub(r"\s", "", s)


def assert_fits(lines: list[str], width: int = 80) -> None:
    """Table lines are laid out to the terminal's width (a plain line such as a long path is left to the
    terminal to wrap, so it can still be copied whole)."""
    from rich.cells import cell_len

    assert lines
    wide = [line for line in lines if cell_len(line) > width]
    assert not wide, f"{len(wide)} lines wider than {width}: {wide[:3]}"


def whole_or_elided(name: str, column: str) -> bool:
    """``name`` is in the column whole (perhaps wrapped), or starts there and is visibly cut with '…'."""
    if unspaced(name) in column:
        return True
    return any(unspaced(name[:i]) + "…" in column for i in range(1, len(name)))


@pytest.mark.shared
def test_the_documents_table_at_80_columns_keeps_every_id_and_title(real_store: str) -> None:
    docs = json.loads(run("documents", "--db", real_store, "--json").stdout)
    assert len(docs) == len(TABLE_FILES)
    assert max(len(d["title"]) for d in docs) > 60  # the Rwanda case's title: once cut at 60, silently
    out = run("documents", "--db", real_store, columns=80).stdout.decode()
    assert_fits(out.splitlines())
    titles = unspaced(column_text(out, "title", None))
    for d in docs:
        assert re.search(rf"(^|\s){d['id']}(\s|$)", out, re.M), f"{d['id']} is not whole on one line"
        assert whole_or_elided(d["title"], titles), d["title"]
        assert unspaced(Path(d["source"]).name) in titles, d["source"]
        assert unspaced(d["source"]) not in titles  # the file name, not the whole path (five lines a document)
    # at most six lines a document (a title wrapped twice, its citation, file name, the rule between rows)
    body = [line for line in out.split("documents")[0].splitlines() if line.strip()]
    assert len(body) <= 6 * len(docs) + 2, len(body)
    wide = run("documents", "--db", real_store, "--wide", columns=80).stdout.decode()
    assert_fits(wide.splitlines())
    sources = unspaced(column_text(wide, "title", None))
    for d in docs:  # --wide: every full path, folded to the width
        assert unspaced(d["source"]) in sources, d["source"]


def text_column_width(output: str) -> int:
    """How wide the last column (headed 'text') of a boxed rich table is, in cells."""
    head = next(line for line in output.splitlines() if line.startswith("┃") and "┃ text " in line)
    return len(head) - head.index("┃ text ") - 4  # its border, padding, and the closing padding and border


@pytest.mark.shared
def test_search_and_show_tables_fit_80_columns_and_keep_names(real_store: str) -> None:
    """Eight columns in 80: the text keeps a readable width (it was narrowed to 13 cells beside the label and
    author columns), the short columns wrap, and a document's name is never cut."""
    found = run("search", "the appeal is dismissed", "--db", real_store, "--no-dense", "--k", "5", columns=80)
    assert found.returncode == 0
    out = found.stdout.decode()
    assert_fits(out.splitlines())
    assert text_column_width(out) >= 24
    names = unspaced(column_text(out, "document", "pinpoint"))
    hits = json.loads(run("search", "the appeal is dismissed", "--db", real_store, "--no-dense", "--k", "5",
                          "--json").stdout)["hits"]
    for h in hits:
        assert whole_or_elided(h["document"]["citation"] or h["document"]["title"], names)
    for d in json.loads(run("documents", "--db", real_store, "--json").stdout):
        shown = run("show", d["id"], "--db", real_store, columns=80)
        assert shown.returncode == 0
        assert_fits([line for line in shown.stdout.decode().splitlines() if line[:1] in "┏┃┡│└"])
        assert text_column_width(shown.stdout.decode()) >= 24, d["source"]


@pytest.mark.shared
def test_the_eval_tags_table_at_80_columns_keeps_every_tag(real_store: str, tmp_path: Path) -> None:
    lines = [line for line in (REPO / "eval" / "dev.jsonl").read_text(encoding="utf-8").splitlines()
             if line.strip() and json.loads(line)["id"] in GOLD_IDS]
    assert len(lines) == len(GOLD_IDS)

    def stored_only(line: str) -> str:  # the store holds no PDF of a contract: drop those alternatives
        q = json.loads(line)
        q["gold"] = [{k: v for k, v in g.items() if k != "alternatives"} for g in q["gold"]]
        return json.dumps(q)

    gold = tmp_path / "gold.jsonl"
    gold.write_text("\n".join(map(stored_only, lines)) + "\n", encoding="utf-8")
    proc = run("eval", str(gold), "--db", real_store, "--no-dense", columns=80)
    assert proc.returncode == 0, proc.stderr.decode()
    out = proc.stdout.decode()
    assert_fits(out[out.index("by tag"):].splitlines())
    tags = {t for line in lines for t in json.loads(line)["tags"]}
    assert max(len(t) for t in tags) > 16  # 'unnumbered-paragraphs'
    column = unspaced(column_text(out, "tag", " n ", after="by tag"))
    for t in tags:
        assert t in column, f"tag {t!r} not whole in the by-tag table"


def test_progress_bars_label_elapsed_and_left_on_a_terminal(tmp_path: Path) -> None:
    """On a terminal the bar says which time is which ("elapsed 0:00:01 · 0:00:03 left"): an unlabelled elapsed
    time beside "left" read as the time left (issue 29)."""
    import pty

    pid, fd = pty.fork()
    if pid == 0:  # the child: pincite demo on a real terminal (a pty), wide enough for the whole bar
        os.environ.update(COLUMNS="140", TERM="xterm")
        os.execv(str(EXE), [str(EXE), "demo", "--db", str(tmp_path / "demo.db")])
    out = b""
    while True:
        try:
            chunk = os.read(fd, 65536)
        except OSError:  # the child closed the terminal
            break
        if not chunk:
            break
        out += chunk
    _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0
    frames = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", out.decode(errors="replace")).replace("\r", "\n").splitlines()
    bars = [f for f in frames if "━" in f and re.search(r" \d+/(\d+|\?) ", f)]  # a bar, not a table's border
    assert bars, frames[-20:]
    for bar in bars:  # every frame of every bar names both times, elapsed first
        assert re.search(r"elapsed \d+:\d\d:\d\d · (\d+:\d\d:\d\d|-:--:--)? ?left", bar), bar


def test_the_demo_table_at_80_columns_never_breaks_a_kind_or_zone_mid_word(tmp_path: Path) -> None:
    r = run("demo", "--db", str(tmp_path / "demo.db"), columns=80)
    assert r.returncode == 0, r.stderr
    out = r.stdout.decode()
    assert_fits([line for line in out.splitlines() if line[:1] in "┏┃┡│└"])
    table = "\n".join(line for line in out.splitlines() if line[:1] in "┏┃┡│")  # the units table alone
    kinds = column_text(table, "kind", "zone").split()
    zones = column_text(table, "zone", "cite").split()
    assert "subparagraph" in kinds and "paragraph" in kinds  # whole words ("subparagr" / "aph" before)
    assert set(kinds) <= {"paragraph", "subparagraph", "heading", "block", "item", "list", "quote", "section"}
    assert set(zones) <= {"reasons", "headnote", "cover", "order", "summary", "notes", "other", "schedule"}
