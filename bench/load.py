"""Load benchmark for the HTTP API: concurrent clients asking and searching while an ingest runs.

    .venv/bin/python -m bench.load [--shared ../shared] [--clients 8] [--seconds 30] [--dense] [--hostile-at 10]
                                     [--mcp-check-at 5 --mcp-sessions 4]

It seeds a fresh database in a temporary folder with the real judgments of ../shared (the corpus EWCA and
modern Find Case Law files), starts ``pincite serve`` as a separate process on 127.0.0.1 (a free port), then
runs ``--clients`` threads that alternate ``POST /api/ask`` and ``GET /api/search`` while one more thread uploads
documents through ``POST /api/ingest`` for the whole run (first new files: statutes, bulk judgments; then the same
files again with a changed byte, so each upload replaces a stored document).  Every answer's citations are
checked against the document text the answer came from: a citation whose offsets do not name its quote counts as
an error.  With ``--hostile-at T`` one more thread sends, from T seconds in, the hostile drafts of issue 31 to
``POST /api/check`` one after another (the 98-byte ellipsis draft, 400 KB of unclosed quotation marks, a zip-bomb
.docx), and a probe times ``GET /api/health`` every half second: the other requests' latencies and timeouts (a
client gives up after ``--client-timeout`` seconds) say whether a draft can stall the server.  With
``--mcp-check-at T`` (issue 50) ``pincite mcp --http`` serves the same database beside it:
``--mcp-sessions`` sessions of the official SDK's client alternate ``search`` and ``documents`` (a quarter
of a second apart, each call given up after ``--mcp-timeout`` seconds), and from T seconds in one more
session sends a 200,000-character draft to ``check_citations``: the sessions' latencies and timeouts say
whether one client's check holds the others.

Bounded on purpose: loopback only, at most 32 clients, at most 300 seconds, at most 200 uploads.  Prints the
number of errors (must be 0; the exit code is 1 otherwise) and p50/p95/max latency per endpoint.  Not a test.
"""

from __future__ import annotations

import argparse
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

import httpx

REPO = Path(__file__).resolve().parent.parent
MAX_CLIENTS = 32
MAX_SECONDS = 300
MAX_UPLOADS = 200

QUESTIONS = [
    "Why did Moylan LJ come to a different conclusion in Ipek v Koza Altin?",
    "Was the use of the Taser by the police officers justified in Dyer?",
    "Did the Court of Appeal allow the appeal in Hoque v Secretary of State?",
    "What is the test for an interim injunction to restrain funding of an arbitration?",
    "Whose view on confidentiality was the majority in Racing Partnership v SIS?",
    "Did Floyd LJ agree with the majority in Mishan v Hozelock?",
    "What did the Supreme Court decide about the Rwanda policy and refoulement?",
    "Was the Conservative Party obliged to disclose documents to Tortoise Media?",
    "How many other judges does the Tax Court of Canada consist of?",
    "What is the interest-free period for full-time students under the Canada Student Loans Act?",
]
SEARCHES = ["dissent", "injunction arbitration funding", "Taser", "open justice", "refoulement Rwanda",
            "judges of the Tax Court", "privacy personal information disclosure", "costs of the appeal",
            "limitation period", "proportionality"]


@dataclass
class Tally:
    latencies: dict[str, list[float]] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)
    citations_checked: int = 0
    timeouts: int = 0
    statuses: dict[str, int] = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, kind: str, seconds: float) -> None:
        with self.lock:
            self.latencies.setdefault(kind, []).append(seconds)

    def error(self, what: str) -> None:
        with self.lock:
            self.errors.append(what)
            self.timeouts += "Timeout" in what.split(":", 1)[0]


def hostile_drafts() -> list[tuple[str, dict]]:
    """Issue 31's drafts that once stalled the server: (name, httpx.post keyword arguments)."""
    import io
    import zipfile

    ellipses = 'In Ipek v Koza Altin [2020] EWCA Civ 1018 at [61], the court said "the … the … the … zzzq".\n'
    para = '<w:p><w:r><w:t>the “a the court said … the</w:t></w:r></w:p>'.encode()
    body = (b'<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/'
            b'wordprocessingml/2006/main"><w:body>' + para * (60_000_000 // len(para)) + b"</w:body></w:document>")
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("[Content_Types].xml", '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/'
                   'package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override '
                   'PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.'
                   'wordprocessingml.document.main+xml"/></Types>')
        z.writestr("_rels/.rels", '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/'
                   'package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/'
                   'officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>')
        z.writestr("word/document.xml", body)
    return [("ellipses", {"json": {"text": ellipses}}), ("unclosed-quotes", {"json": {"text": "“a" * 100_000}}),
            ("zip-bomb.docx", {"files": {"file": ("bomb.docx", buf.getvalue())}})]


def hostile(url: str, headers: dict[str, str], at: float, stop: threading.Event, tally: Tally) -> None:
    """From ``at`` seconds in, each hostile draft to /api/check in turn, once (the zip bomb's parse may take
    up to the parse worker's memory limit: one at a time is enough to see whether it stalls the others)."""
    drafts = hostile_drafts()
    if stop.wait(at):
        return
    with httpx.Client(base_url=url, headers=headers, timeout=300) as c:
        for name, kw in drafts:
            t0 = time.perf_counter()
            try:
                r = c.post("/api/check", **kw)
                status = str(r.status_code)
            except httpx.HTTPError as e:
                status = type(e).__name__
            tally.add("check", time.perf_counter() - t0)
            with tally.lock:
                key = f"{name} {status}"
                tally.statuses[key] = tally.statuses.get(key, 0) + 1


def probe(url: str, headers: dict[str, str], stop: threading.Event, tally: Tally) -> None:
    """GET /api/health every half second (it must answer while any draft is being checked)."""
    with httpx.Client(base_url=url, headers=headers, timeout=10) as c:
        while not stop.wait(0.5):
            t0 = time.perf_counter()
            try:
                c.get("/api/health").raise_for_status()
                tally.add("health", time.perf_counter() - t0)
            except httpx.HTTPError as e:
                tally.error(f"{type(e).__name__}: health: {e}")


#: Sentences citing the seed corpus (Ipek v Koza Altin, stored by seed()): right, wrong pinpoint, altered,
#: dissent.
MCP_DRAFT = (
    'In Ipek v Koza Altin [2020] EWCA Civ 1018 at [61], the Court of Appeal held that "the Injunction '
    'Application is not abusive". The court said that "[t]he Injunction Application is not abusive" (Ipek '
    'at [62]). It added that "My reasons are in substance those relied upon by the Judge" (Ipek at [61]). '
    'The Court of Appeal held that "[t]he specific application now being considered is, of course, not the '
    'same": Ipek at [115]. '
)
MCP_CHECK_CHARS = 200_000  # check_citations' largest draft


def mcp_session(url: str, n: int, stop: threading.Event, tally: Tally, timeout: float) -> None:
    """One MCP session: search and documents in turn, a quarter of a second apart, until stopped."""
    import anyio
    from mcp import Client

    rnd = random.Random(1000 + n)

    async def run() -> None:
        async with Client(url, mode="legacy", read_timeout_seconds=timeout) as c:
            turn = 0
            while not stop.is_set():
                if turn % 2:
                    kind, name, args = "mcp-search", "search", {"query": rnd.choice(SEARCHES), "k": 5}
                else:
                    kind, name, args = "mcp-docs", "documents", {}
                turn += 1
                t0 = time.perf_counter()
                try:
                    with anyio.fail_after(timeout):
                        r = await c.call_tool(name, args)
                    tally.add(kind, time.perf_counter() - t0)
                    if r.is_error:
                        tally.error(f"{kind}: {r.content[0].text[:200]}")
                except TimeoutError:
                    tally.error(f"Timeout: {kind} after {timeout:g} s")
                await anyio.sleep(0.25)

    try:
        anyio.run(run)
    except Exception as e:  # noqa: BLE001 - a session that died is an error of the run
        tally.error(f"mcp session {n}: {type(e).__name__}: {e}")


def mcp_check(url: str, at: float, stop: threading.Event, tally: Tally) -> None:
    """From ``at`` seconds in, one 200,000-character draft to check_citations (its reply may be megabytes)."""
    import anyio
    from mcp import Client
    from mcp.client.streamable_http import streamable_http_client

    draft = (MCP_DRAFT * (MCP_CHECK_CHARS // len(MCP_DRAFT) + 1))[:MCP_CHECK_CHARS]
    if stop.wait(at):
        return

    async def run() -> str:
        async with Client(streamable_http_client(url, max_sse_event_size=None), mode="legacy",
                          read_timeout_seconds=MAX_SECONDS + 300) as c:
            r = await c.call_tool("check_citations", {"text": draft})
            if r.is_error:
                return "error: " + r.content[0].text[:120]
            return f"{len(r.structured_content['citations'])} citations checked"

    t0 = time.perf_counter()
    try:
        outcome = anyio.run(run)
    except Exception as e:  # noqa: BLE001
        outcome = f"{type(e).__name__}: {e}"[:160]
    tally.add("mcp-check", time.perf_counter() - t0)
    with tally.lock:
        tally.statuses[f"mcp check_citations, {len(draft):,} characters: {outcome}"] = 1


def wait_up(url: str, proc: subprocess.Popen, log_path: Path, headers: dict[str, str] | None = None) -> None:
    deadline = time.monotonic() + 60
    while True:
        try:
            httpx.get(url, headers=headers, timeout=2)
            return
        except httpx.HTTPError:
            pass
        if proc.poll() is not None or time.monotonic() > deadline:
            raise SystemExit("a server did not start: " + log_path.read_text()[-2000:])
        time.sleep(0.2)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def seed(db: Path, corpus: Path) -> int:
    from pincite.ingest import ingest_paths
    from pincite.store.sqlite import SQLiteStore

    s = SQLiteStore(db)
    try:
        report = ingest_paths(s, [corpus / "uk_find_case_law" / "ewca_civ_2020_legacy_akn",
                                  corpus / "uk_find_case_law" / "modern_fcl_akn"])
    finally:
        s.close()
    if report.failed:
        raise SystemExit(f"seeding failed: {[r.error for r in report.failed]}")
    return len(report.stored)


def upload_plan(shared: Path, limit: int) -> list[Path]:
    corpus = shared / "corpus"
    files = sorted((corpus / "canada_justice_laws_xml").rglob("*.xml")) + sorted((corpus / "us_uslm").rglob("*.xml"))
    files += sorted((corpus / "pdf_judgments").glob("*.pdf"))
    bulk = shared / "bulk" / "ewca_civ_2020_akn"
    if bulk.is_dir():
        files += sorted(bulk.glob("*.xml"))[:40]
    return files[:limit]


def changed(data: bytes, n: int, name: str) -> bytes:
    """The same document with one byte sequence changed (a new version of the same source)."""
    if name.endswith(".xml"):
        return data.rstrip() + f"\n<!-- load-bench revision {n} -->\n".encode()
    return data + f"\n% load-bench revision {n}\n".encode()  # bytes after %%EOF: PDF readers ignore them


def uploader(url: str, headers: dict[str, str], files: list[Path], stop: threading.Event, tally: Tally,
             counts: dict[str, int]) -> None:
    with httpx.Client(base_url=url, headers=headers, timeout=120) as c:
        n = 0
        round_ = 0
        while not stop.is_set() and n < MAX_UPLOADS:
            for f in files:
                if stop.is_set() or n >= MAX_UPLOADS:
                    break
                data = f.read_bytes()
                if round_:
                    data = changed(data, round_, f.name)
                t0 = time.perf_counter()
                try:
                    r = c.post("/api/ingest", files={"files": (f.name, data)})
                except httpx.HTTPError as e:
                    tally.error(f"ingest {f.name}: {type(e).__name__}: {e}")
                    continue
                tally.add("ingest", time.perf_counter() - t0)
                n += 1
                if r.status_code != 200:
                    tally.error(f"ingest {f.name}: {r.status_code} {r.text[:200]}")
                else:
                    for item in r.json()["files"]:
                        counts[item["status"]] = counts.get(item["status"], 0) + 1
            round_ += 1


def client(url: str, headers: dict[str, str], seed_n: int, stop: threading.Event, tally: Tally,
           dense: bool, timeout: float = 120) -> None:
    rnd = random.Random(seed_n)
    texts: dict[str, str] = {}
    with httpx.Client(base_url=url, headers=headers, timeout=timeout) as c:
        while not stop.is_set():
            try:
                if rnd.random() < 0.5:
                    q = rnd.choice(QUESTIONS)
                    t0 = time.perf_counter()
                    r = c.post("/api/ask", json={"question": q, "no_dense": not dense})
                    tally.add("ask", time.perf_counter() - t0)
                    if r.status_code != 200:
                        tally.error(f"ask: {r.status_code} {r.text[:200]}")
                        continue
                    check_citations(c, r.json(), texts, tally)
                else:
                    q = rnd.choice(SEARCHES)
                    t0 = time.perf_counter()
                    r = c.get("/api/search", params={"q": q, "k": 10, "no_dense": not dense})
                    tally.add("search", time.perf_counter() - t0)
                    if r.status_code != 200:
                        tally.error(f"search: {r.status_code} {r.text[:200]}")
            except httpx.HTTPError as e:
                tally.error(f"{type(e).__name__}: {e}")


def check_citations(c: httpx.Client, answer: dict, texts: dict[str, str], tally: Tally) -> None:
    """Each citation's offsets must name its quote in its document (ids are content hashes, so a document id
    names one text for ever; a replaced document's old id may be gone, which is not an error)."""
    for cit in answer["citations"]:
        doc_id = cit["document"]["id"]
        if doc_id not in texts:
            r = c.get(f"/api/documents/{doc_id}")
            if r.status_code == 404:
                continue
            if r.status_code != 200:
                tally.error(f"document {doc_id}: {r.status_code}")
                continue
            texts[doc_id] = r.json()["text"]
        if texts[doc_id][cit["char_start"]:cit["char_end"]] != cit["quote"]:
            tally.error(f"citation {cit['unit_id']}: offsets do not name the quote")
        with tally.lock:
            tally.citations_checked += 1


def pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    if not xs:
        return float("nan")
    k = max(0, min(len(xs) - 1, round(p / 100 * (len(xs) - 1))))
    return xs[k]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--shared", type=Path, default=REPO.parent / "shared")
    ap.add_argument("--clients", type=int, default=8)
    ap.add_argument("--seconds", type=float, default=30)
    ap.add_argument("--uploads", type=int, default=60, help="files in the upload plan (each may be sent again)")
    ap.add_argument("--dense", action="store_true", help="hybrid retrieval (embeds the seed corpus first)")
    ap.add_argument("--host", default="127.0.0.1")
    ap.add_argument("--hostile-at", type=float, default=0,
                    help="from this many seconds in, send issue 31's hostile drafts to /api/check (0: none)")
    ap.add_argument("--client-timeout", type=float, default=120, help="seconds a client waits for an answer")
    ap.add_argument("--mcp-check-at", type=float, default=0,
                    help="serve MCP beside the API; from this many seconds in, check a 200,000-character "
                         "draft through it (0: no MCP)")
    ap.add_argument("--mcp-sessions", type=int, default=4, help="MCP sessions searching meanwhile (1..16)")
    ap.add_argument("--mcp-timeout", type=float, default=20, help="seconds an MCP session waits for a call")
    args = ap.parse_args()
    from pincite.api.security import is_loopback

    if not is_loopback(args.host):
        raise SystemExit("the load benchmark runs on loopback only")
    if not 1 <= args.clients <= MAX_CLIENTS or not 1 <= args.seconds <= MAX_SECONDS:
        raise SystemExit(f"--clients 1..{MAX_CLIENTS}, --seconds 1..{MAX_SECONDS}")
    if not 1 <= args.mcp_sessions <= 16:
        raise SystemExit("--mcp-sessions 1..16")
    corpus = args.shared / "corpus"
    if not (corpus / "MANIFEST.md").exists():
        raise SystemExit(f"../shared not found at {args.shared} (use --shared)")

    with tempfile.TemporaryDirectory(prefix="pincite-load-") as tmp:
        db = Path(tmp) / "pincite.db"
        t0 = time.perf_counter()
        seeded = seed(db, corpus)
        print(f"seeded {seeded} documents in {time.perf_counter() - t0:.1f} s")
        port = free_port()
        token = os.urandom(16).hex()
        env = {**os.environ, "PINCITE_TOKEN": token}
        cmd = [sys.executable, "-m", "pincite.cli", "serve", "--db", str(db), "--host", args.host, "--port",
               str(port)] + ([] if args.dense else ["--no-dense"])
        log = open(Path(tmp) / "server.log", "w")
        proc = subprocess.Popen(cmd, env=env, stdout=log, stderr=subprocess.STDOUT)
        url = f"http://{args.host}:{port}"
        headers = {"Authorization": f"Bearer {token}"}
        mcp_proc = mcp_log = None
        mcp_url = ""
        if args.mcp_check_at:
            mcp_port = free_port()
            mcp_url = f"http://127.0.0.1:{mcp_port}/mcp"
            mcp_log = open(Path(tmp) / "mcp.log", "w")
            mcp_proc = subprocess.Popen([sys.executable, "-m", "pincite.cli", "mcp", "--db", str(db),
                                         "--no-dense", "--http", "--port", str(mcp_port)],
                                        env={k: v for k, v in env.items() if k != "PINCITE_TOKEN"},
                                        stdout=mcp_log, stderr=subprocess.STDOUT)
        try:
            deadline = time.monotonic() + 60
            while True:
                try:
                    if httpx.get(f"{url}/api/health", timeout=2).status_code == 200:
                        break
                except httpx.HTTPError:
                    pass
                if proc.poll() is not None or time.monotonic() > deadline:
                    raise SystemExit("the server did not start: " + (Path(tmp) / "server.log").read_text()[-2000:])
                time.sleep(0.2)
            # warm up (the first search builds or opens the indexes)
            w0 = time.perf_counter()
            httpx.get(f"{url}/api/search", params={"q": "appeal", "no_dense": not args.dense}, headers=headers,
                      timeout=600).raise_for_status()
            print(f"server up on {url}; warm-up search {time.perf_counter() - w0:.1f} s; "
                  f"{args.clients} clients for {args.seconds:.0f} s with an ingest running")

            tally = Tally()
            counts: dict[str, int] = {}
            stop = threading.Event()
            plan = upload_plan(args.shared, args.uploads)
            threads = [threading.Thread(target=client, args=(url, headers, i, stop, tally, args.dense,
                                                             args.client_timeout))
                       for i in range(args.clients)]
            if args.hostile_at:
                threads.append(threading.Thread(target=hostile, args=(url, headers, args.hostile_at, stop, tally)))
                threads.append(threading.Thread(target=probe, args=(url, headers, stop, tally)))
            if mcp_proc is not None:
                wait_up(mcp_url, mcp_proc, Path(tmp) / "mcp.log")
                print(f"MCP on {mcp_url}: {args.mcp_sessions} sessions; a {MCP_CHECK_CHARS:,}-character "
                      f"check_citations from {args.mcp_check_at:g} s")
                threads += [threading.Thread(target=mcp_session,
                                             args=(mcp_url, i, stop, tally, args.mcp_timeout))
                            for i in range(args.mcp_sessions)]
                threads.append(threading.Thread(target=mcp_check,
                                                args=(mcp_url, args.mcp_check_at, stop, tally)))
            up = threading.Thread(target=uploader, args=(url, headers, plan, stop, tally, counts))
            start = time.perf_counter()
            up.start()
            for t in threads:
                t.start()
            time.sleep(args.seconds)
            stop.set()
            for t in threads + [up]:
                t.join(timeout=300)
            wall = time.perf_counter() - start
            health = httpx.get(f"{url}/api/health", headers=headers, timeout=10).json()
        finally:
            for p in (proc, mcp_proc):
                if p is None:
                    continue
                p.terminate()
                try:
                    p.wait(timeout=20)
                except subprocess.TimeoutExpired:
                    p.kill()
            log.close()
            if mcp_log is not None:
                mcp_log.close()

    total = sum(len(v) for k, v in tally.latencies.items() if k in ("ask", "search"))
    print(f"\n{'endpoint':<10} {'calls':>6} {'p50 ms':>8} {'p95 ms':>8} {'max ms':>8}")
    for kind in ("ask", "search", "ingest", "health", "check", "mcp-search", "mcp-docs", "mcp-check"):
        xs = tally.latencies.get(kind, [])
        if xs:
            print(f"{kind:<10} {len(xs):>6} {1000 * statistics.median(xs):>8.0f} {1000 * pct(xs, 95):>8.0f} "
                  f"{1000 * max(xs):>8.0f}")
    print(f"\nreads: {total} in {wall:.1f} s ({total / wall:.1f}/s); uploads: "
          + ", ".join(f"{v} {k}" for k, v in sorted(counts.items()))
          + f"; citations checked against their document text: {tally.citations_checked}")
    print(f"store at the end: {health['documents']} documents, {health['units']} units, generation {health['generation']}")
    if tally.statuses:
        print("drafts checked: " + "; ".join(f"{k} ({v})" for k, v in sorted(tally.statuses.items())))
    print(f"errors: {len(tally.errors)} (timeouts: {tally.timeouts})")
    for e in tally.errors[:20]:
        print("  " + e)
    return 1 if tally.errors else 0


if __name__ == "__main__":
    sys.exit(main())
