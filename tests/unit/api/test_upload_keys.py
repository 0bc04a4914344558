"""Uploads never replace another document (issue 50, item 1): a stored upload is keyed by its name and, where the
name alone could be shared, its content's hash — through real HTTP against `pincite serve` in a child process.

Names that sanitise alike (``Lease (1).txt`` / ``Lease [1].txt``, two names of non-ASCII letters, ``../a/x.txt`` /
``../b/x.txt``, a name sent again with other content) are kept apart; the same file sent again is "unchanged";
replacing a document is explicit (the ``replace`` field naming its id)."""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest

from tests.corpus.test_hostile_server import API, _Server

CONTRACT = ("SERVICES AGREEMENT\n\nThis Agreement is made between Acme Ltd (the Supplier) and Bolt Ltd (the "
            "Customer).\n\n1. Services\n\n1.1 The Supplier shall provide the {what} to the Customer.\n\n2. Fees\n\n"
            "2.1 The Customer shall pay the fees within thirty days of each invoice.\n")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    db = tmp_path_factory.mktemp("uploads") / "u.db"
    from pincite.store.sqlite import SQLiteStore

    SQLiteStore(db).close()
    srv = _Server(db)
    yield srv
    srv.close()


def _send(srv: _Server, name: str, what: str, **data: str) -> dict:  # type: ignore[type-arg]
    r = httpx.post(f"{srv.url}/api/ingest", files={"files": (name, CONTRACT.format(what=what).encode())},
                   data=data or None, headers=API, timeout=60)
    assert r.status_code == 200, r.text
    return r.json()["files"][0]  # type: ignore[no-any-return]


def _sources(srv: _Server) -> list[str]:
    return sorted(d["source"] for d in httpx.get(f"{srv.url}/api/documents", timeout=30).json()["documents"])


@pytest.mark.parametrize("first, second", [
    ("Lease (1).txt", "Lease [1].txt"),  # both sanitise to Lease_1_.txt
    ("合同.txt", "契約.txt"),  # both have only non-ASCII letters
    ("../a/x.txt", "../b/x.txt"),  # one last path component
    ("Same.txt", "Same.txt"),  # one name, other content
])
def test_two_different_files_never_share_a_key(server: _Server, first: str, second: str) -> None:
    a = _send(server, first, f"first services for {first}")
    b = _send(server, second, f"second services for {second}")
    assert a["status"] == "added" and b["status"] == "added", (a, b)
    assert a["source"] != b["source"] and a["id"] != b["id"]
    assert {a["source"], b["source"]} <= set(_sources(server))  # the first is still there


def test_the_same_file_again_is_unchanged_and_case_keeps_names_apart(server: _Server) -> None:
    a = _send(server, "Order.txt", "ordered widgets")
    again = _send(server, "Order.txt", "ordered widgets")
    assert again["status"] == "unchanged" and again["id"] == a["id"]
    lower = _send(server, "order.txt", "other widgets")
    assert lower["status"] == "added" and lower["source"] != a["source"]  # a case-insensitive view keeps both
    assert a["source"] in _sources(server)


def test_replacing_is_explicit(server: _Server) -> None:
    old = _send(server, "Terms.txt", "original terms")
    new = _send(server, "Terms.txt", "revised terms", replace=old["id"])
    assert new["status"] == "replaced" and new["source"] == old["source"]
    sources = _sources(server)
    assert sources.count(old["source"]) == 1
    doc = httpx.get(f"{server.url}/api/documents/{new['id']}", timeout=30).json()
    assert "revised terms" in doc["text"]
    # a replacement under another name takes its own key and removes the one it names
    other = _send(server, "Terms v2.txt", "third terms", replace=new["id"])
    assert other["status"] == "replaced" and new["source"] not in _sources(server)
    # naming no stored document replaces nothing and stores nothing
    r = httpx.post(f"{server.url}/api/ingest", files={"files": ("T.txt", b"x")}, data={"replace": "doc_nope"},
                   headers=API, timeout=30)
    assert r.status_code == 404, r.text
