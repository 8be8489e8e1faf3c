"""Goal 4a's judge (bench/_on_off.py): boards on and off paired round by round, the sides' order
swapped every round, the median of the rounds' ratios judged. Made-up figures, no timing."""

from __future__ import annotations

import math
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench._on_off import (  # noqa: E402
    BOT_ALONE,
    IDLE_APART,
    Pair,
    describe,
    estimate,
    in_turn,
    medians,
    on_off_pairs,
    orders,
    pooled,
    spread,
)

ON = "sqlite 1p boards on @100/s"
OFF = "sqlite 1p boards off @100/s"


def test_the_sides_swap_every_round_so_a_drift_falls_on_both_alike():
    assert orders(1) == [(True, False)]
    assert orders(4) == [(True, False), (False, True), (True, False), (False, True)]
    # a speed that drifts linearly in time: each side's sum over ABBA slots is the same
    slots = [side for pair in orders(4) for side in pair]
    assert sum(t for t, side in enumerate(slots) if side) == sum(t for t, side in enumerate(slots) if not side)


def test_each_round_pairs_its_own_on_and_off_figures():
    rounds = [
        {f"{ON}: {BOT_ALONE}": 0.90, f"{OFF}: {BOT_ALONE}": 0.80, f"{ON} warm: {BOT_ALONE}": 1.0,
         f"{OFF} warm: {BOT_ALONE}": 0.5, f"{ON}: {IDLE_APART}": 0.97, f"{OFF}: {IDLE_APART}": 0.86},
        {f"{ON}: {BOT_ALONE}": 1.20, f"{OFF}: {BOT_ALONE}": 1.00},
        {f"{ON}: {BOT_ALONE}": 0.70},  # boards off never ran in this round: no pair
    ]
    found = on_off_pairs(rounds, BOT_ALONE)
    assert found == {"sqlite 1p @100/s": [Pair(0.90, 0.80), Pair(1.20, 1.00)],
                     "sqlite 1p @100/s warm": [Pair(1.0, 0.5)]}
    assert on_off_pairs(rounds, IDLE_APART) == {"sqlite 1p @100/s": [Pair(0.97, 0.86)]}


def test_the_estimate_leaves_out_the_pairs_one_slow_process_or_window_moved():
    steady = [Pair(1.1, 1.0), Pair(0.99, 0.9), Pair(1.32, 1.2)]
    assert math.isclose(estimate(steady), 1.1)
    # one round's boards-off process read 60 % slower: three rounds give their median, which stays;
    # a ratio of sums would not
    slow = steady[:2] + [Pair(1.32, 1.92)]
    assert math.isclose(estimate(slow), 1.1)
    assert pooled(slow) < 0.9
    assert spread(slow) == (1.32 / 1.92, 1.1)
    assert math.isclose(estimate([Pair(1.0, 1.0), Pair(1.4, 1.0)]), 1.2)  # two: their mean
    # ten pairs: the two highest and two lowest ratios left out, the six others averaged
    ten = [Pair(r, 1.0) for r in (3.0, 0.5, 1.0, 1.1, 1.2, 1.2, 1.3, 1.5, 2.0, 0.7)]
    assert math.isclose(estimate(ten), (1.0 + 1.1 + 1.2 + 1.2 + 1.3 + 1.5) / 6)  # not the median 1.2, nor the mean 1.35


def test_no_round_measured_gives_no_number_and_a_missed_verdict():
    assert math.isnan(estimate([]))
    assert math.isnan(estimate([Pair(1.0, 0.0)]))  # nothing committed with boards off
    from bench._verdict import Verdict

    v = Verdict()
    assert not v.check("boards on / off", estimate([]), "<=", 1.2)


def test_the_line_gives_every_round_and_the_spread():
    line = describe([Pair(1.2, 1.0), Pair(0.9, 1.0), Pair(1.1, 1.0), Pair(1.0, 1.0), Pair(1.5, 1.0)])
    assert line.startswith("1.10 over 5 pair(s), their highest and lowest fifth left out (median 1.10, spread 0.90-1.50,"
                           " the sums' ratio 1.14; each: 1.20 (1.20 / 1.00), 0.90 (0.90 / 1.00)"), line
    assert math.isclose(pooled([Pair(1.2, 1.0), Pair(0.9, 2.0)]), 0.7) and math.isnan(pooled([]))


def test_figures_kept_for_a_baseline_comparison_are_the_rounds_medians():
    rounds = [{"a": (1.0, "ms", "lower"), "b": (5.0, "x", "lower")}, {"a": (3.0, "ms", "lower")},
              {"a": (2.0, "ms", "lower"), "b": (1.0, "x", "lower")}]
    assert medians(rounds) == {"a": (2.0, "ms", "lower")}  # "b" was not measured in every round
    assert medians([]) == {}


def test_windows_in_turn_pair_each_on_window_with_the_off_window_beside_it():
    # one process, boards on and off in turn (ABBA): on off | off on | on off
    windows = [(True, 1.2), (False, 1.0), (False, 0.8), (True, 1.0), (True, 1.1), (False, 1.0)]
    assert in_turn(windows) == [Pair(1.2, 1.0), Pair(1.0, 0.8), Pair(1.1, 1.0)]
    assert math.isclose(estimate(in_turn(windows)), 1.2)  # 1.2, 1.25, 1.1: the middle one
    # a pair of one side only (a window lost) and a window left at the end pair with nothing
    assert in_turn([(True, 1.2), (True, 1.0), (False, 1.0), (True, 1.1), (False, 0.9)]) == [Pair(1.1, 1.0)]
    assert in_turn([]) == []


def test_load_judges_the_median_of_the_bot_alone_and_prints_the_idle_apart_figure_too(capsys):
    """bench/load.py's verdict for goal 4a: the bot alone (bench apart), the first window; the warm
    window and the figure with the idle part alone set apart are printed, not judged."""
    sys.path.insert(0, str(ROOT / "bench"))
    import load  # bench/load.py imports its helpers as the scripts of bench/ do

    def round_of(on: float, off: float, idle_on: float, idle_off: float) -> dict[str, float]:
        return {f"{ON}: {BOT_ALONE}": on, f"{OFF}: {BOT_ALONE}": off, f"{ON}: {IDLE_APART}": idle_on,
                f"{OFF}: {IDLE_APART}": idle_off, f"{ON} warm: {BOT_ALONE}": 3.0, f"{OFF} warm: {BOT_ALONE}": 1.0}

    v = load.Verdict()
    load.on_off(v, [round_of(1.1, 1.0, 1.3, 1.0), round_of(1.5, 1.0, 1.5, 1.0), round_of(1.0, 1.0, 1.4, 1.0)])
    out = capsys.readouterr().out
    assert [c[:2] for c in v.checks] == [("sqlite 1p @100/s bot CPU per move (bench apart) boards on / off", 1.1)]
    assert v.met
    assert "(idle apart) with boards on / off: 1.40 over 3 pair(s)" in out, out
    assert "@100/s warm: the bot's own CPU per move (bench apart) with boards on / off: 3.00" in out, out


def test_load_offers_moves_to_the_titles_in_turn_each_to_a_free_channel():
    """Every window plays each title's share of the moves exactly (a random draw of channels moved
    it by 6-14 % from window to window, and the titles' moves cost unlike amounts)."""
    import random

    sys.path.insert(0, str(ROOT / "bench"))
    import load

    titles = load.by_title(list(range(1, 21)), lambda ch: ("bruges", "amerigo")[ch % 2])
    assert titles == [list(range(1, 21, 2)), list(range(2, 21, 2))]  # amerigo (odd), bruges (even)
    rnd = random.Random(1)
    picked = [load.offer(titles, k, set(), rnd) for k in range(1, 101)]
    assert [ch % 2 for ch in picked] == [0, 1] * 50  # the titles in turn, never two of one in a row
    assert len(set(picked)) > 10  # random channels within a title
    busy = set(range(2, 21, 2))  # every bruges table still playing its previous move
    assert load.offer(titles, 3, busy, rnd) is None  # bruges' turn: this offer is skipped ...
    assert load.offer(titles, 4, busy, rnd) % 2 == 1  # ... the next goes to amerigo
    assert load.offer([], 1, set(), rnd) is None


def test_load_repeat_with_alternate_plays_a_fresh_process_each_round_and_judges_all_their_pairs(monkeypatch, capsys):
    """``--repeat 3 --alternate 4`` ran one process and judged its pairs alone: now three fresh
    set-ups, each alternating, and the verdict on their pairs together."""
    sys.path.insert(0, str(ROOT / "bench"))
    import load

    ran = []

    def one_config(args, backend, count, board, verdict, alternate):
        ran.append((backend, count, board, alternate))
        return {"sqlite 1p @100/s": [Pair(1.0 + 0.1 * len(ran), 1.0)] * 5}  # ratios 1.1, 1.2, 1.3 by round

    monkeypatch.setattr(load, "one_config", one_config)
    verdicts = []
    monkeypatch.setattr(load.Verdict, "finish", lambda self: verdicts.append(self.checks) or 0)
    load.main(["--backend", "sqlite", "--processes", "1", "--boards", "both", "--rates", "100",
               "--alternate", "4", "--repeat", "3"])
    assert ran == [("sqlite", 1, True, 4)] * 3
    (checks,) = verdicts
    assert [c[:2] for c in checks] == [("sqlite 1p @100/s in turn: bot CPU per move (bench apart) boards on / off",
                                        pytest.approx(1.2))]  # 15 pairs: 3 cut at each end, the middle nine
    out = capsys.readouterr().out
    assert "sqlite 1p @100/s, 3 rounds, each a fresh process playing boards off and on in turn" in out, out
    assert "each round's: 1.10, 1.20, 1.30" in out, out
    assert load.baseline.FIGURES["sqlite 1p @100/s in turn: bot CPU per move, bench apart, boards on / off"][0] \
        == pytest.approx(1.2)
