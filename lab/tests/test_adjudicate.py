"""lab/adjudicate.py: the ranker's non-gold top units shown beside the gold unit, and the units judged to
state the same answer added to the gold entry as alternatives, checked like any gold quote, on a real
judgment."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lab import adjudicate
from pincite.evaluation.gold import DocumentFinder, read_gold, resolve_question
from pincite.open import open_store
from pincite.ingest import ingest_paths
from tests.conftest import SHARED

JUDGMENT = "bulk/ewca_civ_2020_akn/2020-ewca-1002-civ.xml"


@pytest.fixture(scope="module")
def store_path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    db = tmp_path_factory.mktemp("adj") / "j.db"
    store = open_store(str(db))
    ingest_paths(store, [SHARED / JUDGMENT])
    store.close()
    return db


def _unit(db: Path, label: str) -> tuple[str, int, str]:
    store = open_store(str(db))
    try:
        doc = store.get_document(store.list_documents()[0].id)
    finally:
        store.close()
    u = next(u for u in doc.units if u.label == label)
    return doc.id, u.ordinal, doc.unit_text(u)


@pytest.mark.shared
def test_a_top_unit_judged_the_same_answer_becomes_an_alternative(store_path: Path, tmp_path: Path) -> None:
    adj = adjudicate
    doc_id, gold_ordinal, gold_text = _unit(store_path, "[2]")
    _, other_ordinal, other_text = _unit(store_path, "[55]")
    quote = " ".join(gold_text.split()[3:12])
    gold = tmp_path / "train.jsonl"
    rows = [
        {
            "id": "q1",
            "question": "Did the appeal succeed?",
            "as_of": None,
            "kind": "judgment",
            "gold": [{"source": JUDGMENT, "unit": "[2]", "quote": quote}],
        },
        {
            "id": "q2",
            "question": "Was the order set aside?",
            "as_of": None,
            "kind": "judgment",
            "gold": [{"source": JUDGMENT, "unit": "[2]", "quote": quote}],
        },
    ]
    gold.write_text(
        "// how these were written\n" + "".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8"
    )
    oof = tmp_path / "oof.json"  # train_ranker --oof: q1's top is [55] in one ask and on gold in another
    oof.write_text(
        json.dumps(
            [
                {
                    "set": "train.jsonl",
                    "id": "q1",
                    "kind": "judgment",
                    "top_on_gold": False,
                    "top_unit": f"{doc_id}#{other_ordinal}",
                },
                {
                    "set": "train@g01.jsonl#scoped",
                    "id": "q1",
                    "kind": "judgment",
                    "top_on_gold": True,
                    "top_unit": f"{doc_id}#{gold_ordinal}",
                },
                {
                    "set": "train.jsonl",
                    "id": "q2",
                    "kind": "judgment",
                    "top_on_gold": False,
                    "top_unit": f"{doc_id}#{other_ordinal}",
                },
                {
                    "set": "dev.jsonl",
                    "id": "q1",
                    "kind": "judgment",
                    "top_on_gold": False,
                    "top_unit": f"{doc_id}#{gold_ordinal + 1}",
                },
            ]
        ),
        encoding="utf-8",
    )
    pairs = tmp_path / "pairs.jsonl"
    assert (
        adj.main(
            [
                "pairs",
                str(gold),
                "--oof",
                str(oof),
                "--db",
                str(store_path),
                "--out",
                str(pairs),
                "--root",
                str(SHARED),
            ]
        )
        == 0
    )
    shown = [json.loads(line) for line in pairs.read_text(encoding="utf-8").splitlines()]
    assert [(p["id"], [u["label"] for u in p["candidate"]["units"]]) for p in shown] == [
        ("q1", ["[55]"]),
        ("q2", ["[55]"]),
    ]
    assert shown[0]["gold"][0]["label"] == "[2]" and shown[0]["candidate"]["source"] == JUDGMENT
    assert "judge" in shown[0]["candidate"]["units"][0]  # whose reasons: a dissent is not the holding

    said = " ".join(other_text.split()[1:10])
    verdicts = tmp_path / "v.jsonl"
    verdicts.write_text(
        "\n".join(
            json.dumps(v)
            for v in [
                {"pair": shown[0]["pair"], "verdict": "same", "unit": "[55]", "quote": said},
                {
                    "pair": shown[1]["pair"],
                    "verdict": "same",
                    "unit": "[55]",
                    "quote": "words this paragraph never says",
                },
            ]
        )
        + "\nnot json\n",
        encoding="utf-8",
    )
    out = tmp_path / "merged.jsonl"
    assert (
        adj.main(
            [
                "merge",
                str(gold),
                "--verdicts",
                str(verdicts),
                "--pairs",
                str(pairs),
                "--db",
                str(store_path),
                "--out",
                str(out),
            ]
        )
        == 0
    )
    text = out.read_text(encoding="utf-8")
    assert text.startswith("// how these were written\n// Alternatives: 1 alternative units added")
    merged = {q.id: q for q in read_gold(str(out))}
    assert [a.unit for a in merged["q1"].gold[0].alternatives] == ["[55]"]
    assert (
        merged["q2"].gold[0].alternatives == ()
    )  # its quote is not in [55]: refused, the entry left as it was
    store = open_store(str(store_path))
    try:
        targets = [t.label for g in resolve_question(DocumentFinder(store), merged["q1"]) for t in g.targets]
    finally:
        store.close()
    assert sorted(targets) == ["[2]", "[55]"]  # citing either paragraph now counts as answering q1


def test_the_held_out_set_is_never_adjudicated(tmp_path: Path) -> None:
    adj = adjudicate
    held = tmp_path / "heldout.jsonl"
    held.write_text("", encoding="utf-8")
    with pytest.raises(SystemExit, match="held-out"):
        adj.main(
            [
                "pairs",
                str(held),
                "--oof",
                str(held),
                "--db",
                str(tmp_path / "x.db"),
                "--out",
                str(tmp_path / "p"),
            ]
        )
    with pytest.raises(SystemExit, match="held-out"):
        adj.main(
            [
                "merge",
                str(held),
                "--verdicts",
                str(held),
                "--pairs",
                str(held),
                "--db",
                str(tmp_path / "x.db"),
                "--out",
                str(tmp_path / "o"),
            ]
        )


def test_a_missing_or_broken_input_file_is_named(tmp_path: Path) -> None:
    adj = adjudicate
    gold = tmp_path / "train.jsonl"
    gold.write_text("", encoding="utf-8")
    broken = tmp_path / "oof.json"
    broken.write_text("{not json", encoding="utf-8")
    with pytest.raises(SystemExit, match=r"oof\.json: the --oof records are not JSON"):
        adj.main(
            [
                "pairs",
                str(gold),
                "--oof",
                str(broken),
                "--db",
                str(tmp_path / "x.db"),
                "--out",
                str(tmp_path / "p"),
            ]
        )
    with pytest.raises(SystemExit, match=r"nowhere\.jsonl: cannot read verdicts"):
        adj.main(
            [
                "merge",
                str(gold),
                "--verdicts",
                str(tmp_path / "nowhere.jsonl"),
                "--pairs",
                str(gold),
                "--db",
                str(tmp_path / "x.db"),
                "--out",
                str(tmp_path / "o"),
            ]
        )
    assert not (tmp_path / "o").exists()  # nothing written
