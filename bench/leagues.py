"""A whole league season's draw for 200 players: the seeding, the divisions, every table and seat.

    python bench/leagues.py [--players 200] [--runs 10]

Runs what the bot runs at a league's deadline (``bot/table/leagues``): the seeding order from
the last season's standings with promotion and relegation (``standings.next_order``), the cut
into divisions (``draw.split``) and the draw of every division's tables and seat orders
(``draw.draw_season``), for several league shapes, each with ``--runs`` seeds. Prints each
shape's median and worst CPU time (this process's clock: the neighbours' load does not count)
and how evenly the draw spread the meetings: the divisions whose sum of (tables shared)² is at
its lower bound. Target (issue #35): the worst season under 1 s. Quick mode (``make bench``):
3 seeds per shape.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from _verdict import Verdict, sized  # noqa: E402

from bot.table.leagues import draw, standings  # noqa: E402

#: (what, seats per table, tables per player, divisions)
SHAPES = (
    ("one division, 4-player tables, 4 each", 4, 4, 1),
    ("divisions of 7 (the site's), 4-player tables, 4 each", 4, 4, 28),
    ("one division, 3-player tables, 6 each", 3, 6, 1),
    ("10 divisions, 3-player tables, 4 each", 3, 4, 10),
    ("one division, 5-player tables, 5 each", 5, 5, 1),
    ("4 divisions, 2-player tables, 7 each", 2, 7, 4),
)


def season(players: int, size: int, per_player: int, divisions: int, seed: int) -> tuple[float, int, int]:
    """One season's draw: (CPU seconds, divisions at the spread's lower bound, divisions)."""
    last = list(range(1, players + 1))
    before = draw.split(last, divisions, size, per_player)  # last season's standings, best first
    newcomers = list(range(players + 1, players + 6))
    returning = last[5:]  # five left, five newcomers
    start = time.process_time()
    order = standings.next_order(before, returning, newcomers)
    cut = draw.split(order, divisions, size, per_player)
    done = draw.draw_season(cut, size, per_player, 2, seed)
    spent = time.process_time() - start
    at_bound = 0
    for number, members in enumerate(cut, start=1):
        sizes, _bots = draw.table_sizes(len(members), size, per_player, 2)
        spread = sum(v * v for v in done.meetings(number).values())
        at_bound += spread == draw.bound(len(members), sizes)
    return spent, at_bound, len(cut)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--runs", type=int, default=sized(10, 3))
    args = parser.parse_args()
    verdict = Verdict()
    worst_all = 0.0
    for what, size, per_player, divisions in SHAPES:
        times, bound, total = [], 0, 0
        for seed in range(args.runs):
            spent, at_bound, count = season(args.players, size, per_player, divisions, seed)
            times.append(spent)
            bound += at_bound
            total += count
        worst = max(times)
        worst_all = max(worst_all, worst)
        print(f"{args.players} players, {what}: median {statistics.median(times) * 1000:.0f} ms, "
              f"worst {worst * 1000:.0f} ms CPU; meetings spread at their lower bound in {bound} of {total} divisions")
    verdict.check(f"worst whole-season draw for {args.players} players", worst_all * 1000, "<", 1000, "ms")
    print(verdict.line())
    return 0 if verdict.met else 1


if __name__ == "__main__":
    sys.exit(main())
