"""lab/abstain_folds.py: the rule after the abstention model is chosen on the other sets only, keeps their
precision and unanswerable abstentions, and a question the rule does not change keeps its recorded outcome."""

from __future__ import annotations

from lab.abstain_folds import choose, folds, outcome, rule_for

T = 0.56
BASE = rule_for(T, 2.0, 2.0, 2.0, no_number=False)


def _row(s: str, p: float, cos: float, lead: float, on_gold: int,  # type: ignore[type-arg]
         none: bool = False) -> dict:
    answered = int(p >= T)
    return {"set": s, "id": f"{s}-{p}-{cos}", "none": none, "one": True, "p": p, "on_gold": on_gold,
            "summary": [cos, cos, lead], "no_number": False, "answered": answered,
            "right": int(answered and on_gold and not none)}


def _sets() -> list[dict]:  # type: ignore[type-arg]
    rows = []
    for s in ("a", "b", "c"):
        rows += [_row(s, 0.9, 0.7, 0.1, 1), _row(s, 0.8, 0.6, 0.1, 1), _row(s, 0.7, 0.6, 0.0, 0),
                 _row(s, 0.45, 0.62, 0.09, 1), _row(s, 0.45, 0.40, 0.00, 0),  # read as like it: the answer
                 _row(s, 0.30, 0.30, 0.00, 0, none=True), _row(s, 0.47, 0.50, 0.01, 0, none=True)]
    return rows


def test_the_rule_chosen_answers_what_reads_as_the_answer_and_nothing_else() -> None:
    rows = _sets()
    rule = choose([r for r in rows if r["set"] != "a"], BASE, BASE, T)
    assert rule is not BASE
    chosen = [r["id"] for r in rows if r["set"] == "a" and rule(r) and r["p"] < T]
    assert chosen == ["a-0.45-0.62"]


def test_each_set_is_judged_by_the_rule_chosen_on_the_others() -> None:
    out = folds(_sets(), ["a", "b", "c"], T, BASE)
    for f in out:
        assert f["after"]["right"] == f["before"]["right"] + 1
        assert f["after"]["precision"] > f["before"]["precision"]
        assert f["after"]["abstained"] == f["before"]["abstained"] == 2


def test_a_question_the_rule_leaves_alone_keeps_its_recorded_outcome() -> None:
    r = {**_row("a", 0.9, 0.7, 0.1, 0), "right": 1}  # answered right after the model (a reasons rule, say)
    assert outcome(r, rule_for(T, 0.4, 0.55, 0.05), BASE) == (1, 1, 0)
    assert outcome({**r, "no_number": True}, rule_for(T, 0.4, 0.55, 0.05), BASE) == (0, 0, 0)
    fixed = {"set": "a", "id": "x", "none": True, "one": False, "right": 0, "answered": 0}
    assert outcome(fixed, rule_for(T, 0.0, 0.0, -1.0), BASE) == (0, 0, 1)
