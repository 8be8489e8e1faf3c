"""A backlog of due timers (a restart after downtime): how long the event loop may stall.

    python bench/timers.py [--timers 10000]

Fills a SQLite file with ``--timers`` timers all due, then lets the real dispatcher
(``bot/table/timers.py``, batches of ``CLAIM_BATCH`` claimed on the database thread) fire them
all, while a ticker on the same loop asks for a turn every 5 ms. Prints the longest stall of the
loop (how late the ticker's turn came), its p99, and the seconds to fire the whole backlog.
Target: the longest stall under 250 ms (it was over 2 s when the backlog was read in one piece).
``tests/store/test_timer_backlog.py`` checks that the loop gets its turns between batches; this
bench how long they are. Quick mode (``make bench``): 10,000 timers as well (a few seconds).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from _verdict import Verdict  # noqa: E402

from bot.store import SqliteStore  # noqa: E402
from bot.table import timers  # noqa: E402

TARGET_MS = 250.0
TICK = 0.005


async def backlog(n: int) -> tuple[list[float], float]:
    """(the ticker's lateness in seconds at every turn, seconds to fire the backlog)."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "bot.sqlite3"
        store = await SqliteStore.open(path)
        dbt = timers.DbThread(path)
        ts = timers.TimerStore(dbt)
        try:
            def fill():
                ts.conn.executemany(
                    "INSERT INTO timers (kind, key, due_at, payload, attempts, created_at) "
                    "VALUES ('note', ?, ?, '{}', 0, ?)",
                    [(f"n:{i}", timers.iso_at(1000.0 + i), timers.iso_at(0)) for i in range(n)])

            await dbt.run(fill, write=True)
            dispatcher = timers.Dispatcher(ts, timers.ManualClock(1000.0 + n + 1), db=dbt)
            fired = []

            async def note(timer):
                fired.append(timer.id)

            dispatcher.on("note", note)
            lags: list[float] = []
            done = False

            async def ticker():
                while not done:
                    t = time.perf_counter()
                    await asyncio.sleep(TICK)
                    lags.append(time.perf_counter() - t - TICK)

            tick = asyncio.ensure_future(ticker())
            t0 = time.perf_counter()
            count = await dispatcher.run_due()
            took = time.perf_counter() - t0
            done = True
            await tick
            if count != n or len(set(fired)) != n:
                raise SystemExit(f"fired {len(set(fired))} of {n} timers")
            return lags, took
        finally:
            dbt.close()
            await store.close()


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--timers", type=int, default=10_000)
    args = p.parse_args()
    print(f"load average {os.getloadavg()[0]:.1f}")
    lags, took = asyncio.run(backlog(args.timers))
    ranked = sorted(lags)
    worst, p99 = ranked[-1] * 1000, ranked[int(0.99 * (len(ranked) - 1))] * 1000
    print(f"{args.timers} due timers fired in {took:.1f} s; loop stall: worst {worst:.0f} ms, p99 {p99:.0f} ms "
          f"(target: worst < {TARGET_MS:g} ms) {'ok' if worst < TARGET_MS else 'MISSED'}")
    verdict = Verdict()
    verdict.check(f"loop stall with {args.timers} due timers, worst", worst, "<", TARGET_MS, "ms")
    return verdict.finish()


if __name__ == "__main__":
    sys.exit(main())
