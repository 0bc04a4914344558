"""lab/loss_buckets.py: a loss is put in the bucket of the step that lost it, and the threshold's trade-off is
read off the recorded probabilities as the generator would decide."""

from __future__ import annotations

from lab.loss_buckets import bucket, curve

COUNTS = {"answered_correctly": 0, "shown": 0}


def test_each_loss_goes_to_the_step_that_lost_it() -> None:
    ranked = {"direct": False, "read_on_gold": 1, "y": [0, 1], "decided": [(1, 0.3)], "threshold": 0.56}
    assert bucket({**COUNTS, "answered_correctly": 1}, True, True, []) == "right"
    assert bucket(COUNTS, False, True, [ranked]) == "unresolved"
    assert bucket(COUNTS, True, False, [ranked]) == "not retrieved"
    # gold on top, its probability under the threshold
    assert bucket(COUNTS, True, True, [ranked]) == "abstained/abstention"
    assert bucket(COUNTS, True, True, [{**ranked, "decided": [(0, 0.3)]}]) == "abstained/ranking"
    assert bucket({**COUNTS, "shown": 1}, True, True, [{**ranked, "decided": [(0, 0.9)], "voice": True}]) == \
        "answered-other/ranking(voice)"
    assert bucket(COUNTS, True, True, [{**ranked, "y": [0, 0]}]) == "abstained/gate"  # read, not a candidate
    assert bucket(COUNTS, True, True, [{**ranked, "y": [0, 0], "read_on_gold": 0}]) == "abstained/not read"
    assert bucket({**COUNTS, "shown": 1}, True, True, [{**ranked, "direct": True}]) == \
        "answered-other/structure"


def test_the_curve_trades_answers_for_abstentions() -> None:
    rows = [{"none": False, "fixed": False, "p": 0.7, "on_gold": 1},
            {"none": False, "fixed": False, "p": 0.4, "on_gold": 0},
            {"none": True, "fixed": False, "p": 0.5, "on_gold": 0},
            {"none": False, "fixed": True, "right": 1, "answered": 1, "abstained": 0}]
    low, high = curve(rows, (0.3, 0.6))
    assert (low["right"], low["answered"], low["abstained"]) == (2, 3, 0)
    assert (high["right"], high["answered"], high["abstained"]) == (2, 2, 1)
    assert low["answerable"] == 3 and low["unanswerable"] == 1
