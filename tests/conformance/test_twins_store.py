"""The store's side of twins (one agreement stored from several files), on both backends: contracts' fingerprints
and twin groups are kept, listed and shown with the documents, and go with a deleted document (fictional
documents; the grouping itself is tested on real contracts in tests/test_twins.py)."""

from __future__ import annotations

import json

from pincite.types import Document, DocumentKind, Format, Unit, UnitKind, Zone

TEXT = "SUPPLY AGREEMENT\n\n1. The Supplier shall supply the Goods."


def contract(doc_id: str, source: str, sha: str) -> Document:
    units = (Unit(0, UnitKind.CLAUSE, 18, len(TEXT), Zone.BODY, True, number="1", label="cl. 1"),)
    return Document(id=doc_id, source=source, format=Format.TEXT, kind=DocumentKind.CONTRACT,
                    title="Supply Agreement — Acme Ltd and Beta LLC", text=TEXT, units=units, content_sha256=sha)


def test_prints_and_groups_are_kept_listed_and_shown(store) -> None:
    for i, name in enumerate(("a.txt", "a.pdf", "b.txt")):
        store.put_document(contract(f"doc_{i}", f"/c/{name}", str(i) * 64))
    assert [(d, p, g, c) for d, p, g, c in store.contract_prints()] == [
        ("doc_0", None, None, False), ("doc_1", None, None, False), ("doc_2", None, None, False)]
    gen = store.generation()
    store.set_contract_prints([("doc_0", json.dumps({"v": 1}), "twin:doc_1", False),
                               ("doc_1", json.dumps({"v": 1}), "twin:doc_1", True),
                               ("doc_2", json.dumps({"v": 1}), None, False),
                               ("doc_gone", json.dumps({"v": 1}), None, False)])  # not stored: left out
    assert store.generation() > gen  # what a search cites changed
    rows = {d: (json.loads(p), g, c) for d, p, g, c in store.contract_prints()}
    assert rows == {"doc_0": ({"v": 1}, "twin:doc_1", False), "doc_1": ({"v": 1}, "twin:doc_1", True),
                    "doc_2": ({"v": 1}, None, False)}
    listed = {s.id: (s.copies, s.copy_of) for s in store.list_documents()}
    assert listed == {"doc_0": (("doc_1",), "doc_1"), "doc_1": (("doc_0",), None), "doc_2": ((), None)}
    copy = store.get_document("/c/a.txt")
    assert (copy.copies, copy.copy_of) == (("doc_1",), "doc_1")
    assert (store.get_document("doc_1").copies, store.get_document("doc_1").copy_of) == (("doc_0",), None)
    # a group left with one file is no group; its print goes with the deleted document
    store.delete_document("doc_1")
    assert {s.id: (s.copies, s.copy_of) for s in store.list_documents()} == {"doc_0": ((), None),
                                                                              "doc_2": ((), None)}
    assert [d for d, *_ in store.contract_prints()] == ["doc_0", "doc_2"]


def test_a_group_whose_cited_copy_is_gone_cites_another(store) -> None:
    for i in range(3):
        store.put_document(contract(f"doc_{i}", f"/c/{i}.txt", str(i) * 64))
    store.set_contract_prints([(f"doc_{i}", "{}", "twin:doc_0", i == 0) for i in range(3)])
    store.delete_document("doc_0")
    listed = {s.id: (s.copies, s.copy_of) for s in store.list_documents()}
    assert listed == {"doc_1": (("doc_2",), None), "doc_2": (("doc_1",), "doc_1")}


def test_replacing_a_contract_drops_its_print(store) -> None:
    store.put_document(contract("doc_0", "/c/a.txt", "0" * 64))
    store.set_contract_prints([("doc_0", "{}", None, False)])
    store.put_document(contract("doc_9", "/c/a.txt", "9" * 64))  # new bytes for the same file
    assert store.contract_prints() == [("doc_9", None, None, False)]
