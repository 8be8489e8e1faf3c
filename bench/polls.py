"""Closed polls: the play-by-post step costs the same after 100,000 polls as after 1,000 (issue 33 goal 2).

    python bench/polls.py [--polls 1000,100000] [--games 1000] [--kept]

For each size, a SQLite file made by the store's migrations, then ``--polls`` undo polls opened and
closed through the store's own rows (``PbpRows.new_poll``, ``close_poll``), spread over ``--games``
games, and one poll left open in every fourth game. Then the step's read after a move, which counts
each game's open polls (``PbpRows.touch_games``, four games a call, as a batch of moves asks), timed
on the CPU clock and counted in SQLite's virtual machine steps (the same on any machine). Target: the
steps at the largest size equal those at the smallest (no per-move cost that grows with history).
``--kept``: closed polls kept and marked closed, as before migration 0017 (what the target guards
against: the count then reads every poll the game ever had).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sqlite3
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from _verdict import Verdict  # noqa: E402

from bot.store import open_store  # noqa: E402
from bot.store.pbp import PbpRows  # noqa: E402

CALLS = 2000
BATCH = 4


def filled(path: str, polls: int, games: int, kept: bool) -> sqlite3.Connection:
    """The file with ``polls`` polls opened and closed, and one open in every fourth game."""

    async def migrate() -> None:
        store = await open_store(path)
        await store.close()

    asyncio.run(migrate())
    con = sqlite3.connect(path)
    con.row_factory = sqlite3.Row
    rows = PbpRows(con)
    for i in range(polls):
        poll = rows.new_poll(1 + i % games, "undo", "{}", float(i))
        if kept:
            con.execute("UPDATE pbp_polls SET open = 0 WHERE id = ?", (poll,))
        else:
            rows.close_poll(poll)
    for gid in range(1, games + 1, 4):
        rows.new_poll(gid, "undo", "{}", float(polls))
    con.commit()
    return con


def step_reads(games: int, calls: int) -> list[list[int]]:
    """The games asked, a batch a call, in the same order at every size."""
    return [[1 + (i * BATCH + k) % games for k in range(BATCH)] for i in range(calls)]


def measure(con: sqlite3.Connection, games: int) -> tuple[float, float, int]:
    """(CPU us a call, best of 5; VM steps a call; rows in pbp_polls)."""
    rows = PbpRows(con)
    batches = step_reads(games, CALLS)
    open_seen = sum(r["open_polls"] for r in rows.touch_games(batches[0], 1.0).values())
    assert open_seen == sum(1 for g in batches[0] if g % 4 == 1)
    best = float("inf")
    for _ in range(5):
        t = time.process_time()
        for gids in batches:
            rows.touch_games(gids, 1.0)
        best = min(best, (time.process_time() - t) / CALLS * 1e6)
    steps = [0]

    def count() -> int:
        steps[0] += 1
        return 0

    con.set_progress_handler(count, 1)
    for gids in batches[:200]:
        rows.touch_games(gids, 1.0)
    con.set_progress_handler(None, 1)
    con.rollback()
    held = con.execute("SELECT COUNT(*) FROM pbp_polls").fetchone()[0]
    return best, steps[0] / 200, held


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--polls", default="1000,100000", help="sizes, comma separated")
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--kept", action="store_true", help="closed polls kept, as before migration 0017")
    args = ap.parse_args()
    sizes = [int(n) for n in args.polls.split(",")]
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores; {args.games} games, closed polls"
          f" {'kept' if args.kept else 'deleted, as the bot does'}")
    got = {}
    for n in sizes:
        with tempfile.TemporaryDirectory(prefix="bench-polls-") as tmp:
            con = filled(os.path.join(tmp, "polls.sqlite3"), n, args.games, args.kept)
            got[n] = measure(con, args.games)
            con.close()
        cpu, steps, held = got[n]
        print(f"{n:>8,} polls closed: the step's read of {BATCH} games {cpu:6.1f} us of CPU (best of 5 x {CALLS}),"
              f" {steps:8.1f} SQLite steps; {held:,} rows in pbp_polls")
    small, large = got[min(sizes)], got[max(sizes)]
    print(f"{max(sizes):,} against {min(sizes):,}: CPU {large[0] / small[0]:.2f}, SQLite steps {large[1] / small[1]:.3f}")
    v = Verdict()
    v.check(f"SQLite steps of the step's read, {max(sizes):,} closed polls over {min(sizes):,}", large[1] / small[1],
            "<=", 1.0)
    return v.finish()


if __name__ == "__main__":
    sys.exit(main())
