"""A backlog of 10,000 due timers fires without freezing the loop (claimed in batches off the loop).

How long the loop may stall at most is a target of bench/timers.py, not of these tests."""

from __future__ import annotations

import asyncio

from bot.store import SqliteStore, StoreUnavailable
from bot.table import timers


async def test_ten_thousand_due_timers_never_hold_the_loop(tmp_path):
    path = tmp_path / "bot.sqlite3"
    store = await SqliteStore.open(path)
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
    turns = []
    done = False

    async def other_task():  # another task on the loop: it runs whenever the dispatcher lets go
        while not done:
            turns.append(len(fired))
            await asyncio.sleep(0)

    other = asyncio.ensure_future(other_task())
    assert await dispatcher.run_due() == 10_000
    done = True
    await other
    assert len(set(fired)) == 10_000 and await dbt.run(ts.all) == []
    # it let go between the batches (in one piece, as it was, the other task never ran in the
    # middle): the other task saw the count of fired timers at every batch's end
    assert timers.CLAIM_BATCH <= 1000  # the batches stay small
    assert len({n for n in turns if 0 < n < 10_000}) >= 10_000 // timers.CLAIM_BATCH - 1
    dbt.close()
    await store.close()


async def test_a_fired_timer_whose_delete_meets_a_busy_database_is_deleted_and_fires_once(tmp_path, monkeypatch):
    """The delete after a handler is tried again when the database is busy past its timeout:
    a row left behind would fire a second time once its claim ran out."""
    path = tmp_path / "bot.sqlite3"
    store = await SqliteStore.open(path)
    dbt = timers.DbThread(path)
    ts = timers.TimerStore(dbt)
    clock = timers.ManualClock(10_000.0)
    dispatcher = timers.Dispatcher(ts, clock, db=dbt)
    await dbt.run(ts.add, "note", 9_000.0, {}, "n", write=True)
    fired = []

    async def note(timer):
        fired.append(timer.id)

    dispatcher.on("note", note)
    real, refusals = ts.delete, []

    def busy_delete(timer_id):
        if len(refusals) < 2:
            refusals.append(timer_id)
            raise StoreUnavailable("locked", "database is locked")
        real(timer_id)

    monkeypatch.setattr(ts, "delete", busy_delete)
    monkeypatch.setattr(timers, "DELETE_PAUSE", 0.01)
    assert await dispatcher.run_due() == 1
    assert len(refusals) == 2 and await dbt.run(ts.all) == []
    clock.advance(2 * timers.CLAIM_LEASE)
    assert await dispatcher.run_due() == 0 and len(fired) == 1
    dbt.close()
    await store.close()


async def test_the_timers_due_gauge_follows_the_backlog_as_the_loop_fires_it(tmp_path):
    """The running dispatcher feeds ``meeplecord_timers_due``: the whole backlog when it starts on
    it (more than one claimed batch), falling as each fires, 0 once none is due."""
    from bot import observe

    def gauge():
        return observe.REGISTRY.get_sample_value("meeplecord_timers_due")

    path = tmp_path / "bot.sqlite3"
    store = await SqliteStore.open(path)
    dbt = timers.DbThread(path)
    ts = timers.TimerStore(dbt)
    clock = timers.ManualClock(10_000.0)
    for i in range(250):
        await dbt.run(ts.add, "note", 5_000.0 + i, {}, f"n:{i}", write=True)
    await dbt.run(ts.add, "note", 20_000.0, {}, "later", write=True)  # not due: never counted
    dispatcher = timers.Dispatcher(ts, clock, db=dbt)
    seen = []

    async def note(timer):
        seen.append(gauge())

    dispatcher.on("note", note)
    dispatcher.start()
    try:
        for _ in range(500):
            if len(seen) == 250 and gauge() == 0:
                break
            await asyncio.sleep(0.01)
        assert seen[0] == 250 and seen[-1] == 1 and seen == sorted(seen, reverse=True)
        assert gauge() == 0
        clock.advance(20_000.0)  # the last one falls due, fires, and the gauge is back at 0
        for _ in range(500):
            if len(seen) == 251 and gauge() == 0:
                break
            await asyncio.sleep(0.01)
        assert seen[-1] == 1 and gauge() == 0
    finally:
        await dispatcher.stop()
        observe._sources.pop("timers_due", None)
        dbt.close()
        await store.close()
