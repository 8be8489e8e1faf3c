"""Goal 4a's judge (issue 33): the bot's own CPU per move with boards on over boards off,
from several pairs of runs of both, the sides' order swapped from pair to pair.

    python bench/load.py --backend sqlite --processes 1 --boards both --rates 100 --seconds 10 --repeat 3
    python bench/load.py --backend sqlite --processes 1 --boards both --rates 100 --seconds 2 --alternate 40

One run of each side is too noisy at this size: the boards-off CPU of identical code reads
anywhere in 0.71-1.03 ms a move from one fresh process to the next, so one run's ratio spreads
0.90-1.26. Two ways to pair the sides:

- ``--repeat N``: N rounds, each a fresh set-up of both sides in fresh processes (the same seeds,
  so both play the same moves), the first window of each judged as before;
- ``--alternate N``: one process, after its first windows, plays N pairs of windows with boards
  off and on in turn (:func:`in_turn`): the same process, tables and page cache on both sides,
  the machine's speed sampled every few seconds on both alike; every table has moved by then.

Either way the sides' order is swapped from pair to pair (:func:`orders`: on/off, off/on, ...),
so a drift of the machine's speed in time falls on both sides alike. The estimate
(:func:`estimate`) is the mean of the pairs' ratios without their highest and lowest fifth: a
pair's two sides ran close together under the same neighbours, and a few pairs whose process or
window ran slow on one side are left out (a ratio of sums or a plain mean follows them: one
run's sums read 1.05 against 1.13-1.17 for the median and this mean when the machine slowed
mid-run); of what is left, a mean uses every pair where a median uses one or two (resampling
the pairs of 18 runs, its spread was 0.59-0.97 of the median's).
Every pair's ratio is printed beside it, with their median, spread and sums' ratio.
"""

from __future__ import annotations

import math
import statistics
from dataclasses import dataclass


def orders(rounds: int) -> list[tuple[bool, bool]]:
    """The sides (True: boards on) in the order each round runs them: on first in the even
    rounds, off first in the odd ones (ABBA), so that a drift in time cancels over two rounds."""
    return [(True, False) if r % 2 == 0 else (False, True) for r in range(rounds)]


@dataclass(frozen=True)
class Pair:
    """One round's figure for both sides (ms of CPU per committed move)."""

    on: float
    off: float

    @property
    def ratio(self) -> float:
        return self.on / self.off if self.off > 0 else math.nan


def pairs(rounds: list[dict[bool, dict[str, float]]], name: str) -> list[Pair]:
    """The figure ``name`` of every round that measured it on both sides (``rounds[r][side]``:
    that side's figures, by name)."""
    return [Pair(r[True][name], r[False][name]) for r in rounds
            if name in r.get(True, {}) and name in r.get(False, {})]


def estimate(found: list[Pair]) -> float:
    """The pairs' ratios averaged without their highest and lowest fifth (at least one of each
    from three pairs on: the median of three or four); not a number without a pair. See the
    module's docstring for why."""
    ratios = sorted(p.ratio for p in found if not math.isnan(p.ratio))
    cut = max(1, len(ratios) // 5) if len(ratios) >= 3 else 0
    kept = ratios[cut:len(ratios) - cut]
    return statistics.mean(kept) if kept else math.nan


def spread(found: list[Pair]) -> tuple[float, float]:
    """The lowest and highest of the rounds' ratios."""
    ratios = [p.ratio for p in found if not math.isnan(p.ratio)]
    return (min(ratios), max(ratios)) if ratios else (math.nan, math.nan)


def pooled(found: list[Pair]) -> float:
    """The sides' sums over every pair, one over the other: printed beside the estimate (with pairs
    of equal moves, the ratio of all the CPU with boards to all without)."""
    off = sum(p.off for p in found)
    return sum(p.on for p in found) / off if off > 0 else math.nan


def describe(found: list[Pair]) -> str:
    """The estimate, the median, the spread, the pooled ratio and every pair's ratio with its two figures."""
    low, high = spread(found)
    ratios = [p.ratio for p in found if not math.isnan(p.ratio)]
    median = statistics.median(ratios) if ratios else math.nan
    each = ", ".join(f"{p.ratio:4.2f} ({p.on:4.2f} / {p.off:4.2f})" for p in found)
    return (f"{estimate(found):4.2f} over {len(found)} pair(s), their highest and lowest fifth left out (median"
            f" {median:4.2f}, spread {low:4.2f}-{high:4.2f}, the sums' ratio {pooled(found):4.2f}; each: {each})")


#: the figures of load.py paired by :func:`on_off_pairs`: the bot alone (judged) and with the bench's part
BOT_ALONE = "bot CPU per move, bench apart"
IDLE_APART = "bot CPU per move, idle apart"


def on_off_pairs(rounds: list[dict[str, float]], what: str) -> dict[str, list[Pair]]:
    """Where -> every round's :class:`Pair` of the figure ``what`` (named as load.py names them:
    ``"sqlite 1p boards on @100/s warm: bot CPU per move, bench apart"``); ``where`` is the name
    without "boards on" and ``what`` ("sqlite 1p @100/s warm"). A round that measured one side only
    gives none."""
    found: dict[str, list[Pair]] = {}
    for figures in rounds:
        for name, on in figures.items():
            config, _, rest = name.partition(" boards on @")
            if not rest or not rest.endswith(f": {what}"):
                continue
            off = figures.get(f"{config} boards off @{rest}")
            if off is not None:
                found.setdefault(f"{config} @{rest[: -len(what) - 2]}", []).append(Pair(on, off))
    return found


def medians(rounds: list[dict[str, tuple]]) -> dict[str, tuple]:
    """Each figure measured in every round (``name -> (value, unit, better)``), its median value."""
    names = [name for name in rounds[0] if all(name in r for r in rounds)] if rounds else []
    return {name: (statistics.median(r[name][0] for r in rounds), *rounds[0][name][1:]) for name in names}


def in_turn(windows: list[tuple[bool, float]]) -> list[Pair]:
    """``--alternate``: one process's windows in the order they ran, each (boards on?, figure),
    paired two by two (an on and an off window next to each other); a pair of one side only, or
    a window left alone at the end, gives none."""
    found = []
    for (side, value), (other, second) in zip(windows[::2], windows[1::2]):
        if side != other:
            found.append(Pair(value, second) if side else Pair(second, value))
    return found
