"""The growth simulation's arithmetic (``bench/growth.py``): what it extrapolates to 100,000 games.

A restart is ready for Discord only after the play-by-post start too, so the start-up it scales is
the loading's CPU and the play-by-post start's together, and the memory the process's after both;
the slope comes from the two sizes measured, the fixed part apart."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))

import growth  # noqa: E402


def run(ready: float, pbp: float, rss: float, rss_pbp: float, db: int) -> dict:
    return {"ready_cpu_s": ready, "pbp_cpu_s": pbp, "rss_mb": rss, "rss_pbp_mb": rss_pbp, "db_bytes": db}


def test_the_start_up_counts_the_play_by_post_start_and_the_memory_after_it():
    got = growth.started(run(0.30, 0.10, 50.0, 55.0, 8 << 20))
    assert got["start_cpu_s"] == pytest.approx(0.40)
    assert got["rss_mb"] == 55.0
    assert got["ready_cpu_s"] == 0.30  # the loading's own figure is kept beside it


def test_a_revision_without_the_play_by_post_start_counts_the_loading_alone():
    got = growth.started({"ready_cpu_s": 0.3, "rss_mb": 50.0, "db_bytes": 1})
    assert got["start_cpu_s"] == 0.3 and got["rss_mb"] == 50.0


def test_the_slope_is_per_game_between_the_two_sizes_and_the_fixed_part_apart():
    runs = {10_000: growth.started(run(0.40, 0.16, 58.0, 64.0, 80 << 20)),
            1000: growth.started(run(0.06, 0.02, 44.0, 46.0, 8 << 20))}
    slope, base = growth.fit(runs)
    assert slope["start_cpu_s"] == pytest.approx(0.48 / 9000)
    assert slope["rss_mb"] == pytest.approx(18.0 / 9000)
    assert base["rss_mb"] == pytest.approx(44.0)
    at_100k = {k: base[k] + slope[k] * 100_000 for k in slope}
    assert at_100k["start_cpu_s"] == pytest.approx(5.36)
    assert at_100k["db_bytes"] == pytest.approx((8 << 20) + 99_000 * (72 << 20) / 9000)
