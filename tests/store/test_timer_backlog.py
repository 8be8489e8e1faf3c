"""A backlog of 10,000 due timers fires without freezing the loop (claimed in batches off the loop)."""

from __future__ import annotations

import asyncio
import time

from bot import timers
from bot.store import Store


async def test_ten_thousand_due_timers_never_hold_the_loop(tmp_path):
    path = tmp_path / "bot.sqlite3"
    store = await Store.open(path)
    dbt = timers.DbThread(path)
    ts = timers.TimerStore(dbt)

    def fill():
        ts.conn.executemany(
            "INSERT INTO timers (kind, key, due_at, payload, attempts, created_at) VALUES ('note', ?, ?, '{}', 0, ?)",
            [(f"n:{i}", timers.iso_at(1000.0 + i), timers.iso_at(0)) for i in range(10_000)])

    await dbt.run(fill, write=True)
    dispatcher = timers.Dispatcher(ts, timers.ManualClock(100_000.0), db=dbt)
    fired = []

    async def note(timer):
        fired.append(timer.id)

    dispatcher.on("note", note)
    lags = []
    done = False

    async def ticker():
        while not done:
            t = time.perf_counter()
            await asyncio.sleep(0.005)
            lags.append(time.perf_counter() - t - 0.005)

    tick = asyncio.ensure_future(ticker())
    assert await dispatcher.run_due() == 10_000
    done = True
    await tick
    assert len(set(fired)) == 10_000 and await dbt.run(ts.all) == []
    assert max(lags) < 0.25  # was over 2 s in one piece
    dbt.close()
    await store.close()
