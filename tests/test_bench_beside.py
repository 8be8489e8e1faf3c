"""bench/beside.py: the burners named, their share of busy time, the rounds' orders and the ratios
to nothing beside, on made-up figures (no timing)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.beside import orders, parse_burner, rest_after, summary  # noqa: E402


def test_a_burner_is_a_kind_and_an_optional_share_of_busy_time():
    assert parse_burner("draw") == ("draw", 1.0)
    assert parse_burner("spin@0.25") == ("spin", 0.25)
    for bad in ("burn", "draw@0", "draw@1.5"):
        with pytest.raises(ValueError):
            parse_burner(bad)


def test_the_rest_after_a_turn_keeps_the_share_busy():
    assert rest_after(0.004, 1.0) == 0
    assert rest_after(0.004, 0.2) == pytest.approx(0.016)  # 4 ms of 20 ms


def test_every_round_runs_every_burner_and_no_burner_is_always_first():
    rounds = orders(["none", "spin", "draw"], 4)
    assert all(sorted(r) == ["draw", "none", "spin"] for r in rounds)
    assert [r[0] for r in rounds] == ["none", "spin", "draw", "none"]


def test_the_ratio_is_the_median_of_each_rounds_own_ratio_to_nothing_beside():
    seen = {"none": [0.50, 0.60, 0.55], "spin": [0.55, 0.60, 0.66]}
    rows = {row[0]: row for row in summary(seen)}
    assert rows["none"][1:] == (0.55, 0.50, 0.60, 1.0)
    name, median, low, high, ratio = rows["spin"]
    assert (median, low, high) == (0.60, 0.55, 0.66)
    assert ratio == pytest.approx(1.1)  # rounds: 1.1, 1.0, 1.2
