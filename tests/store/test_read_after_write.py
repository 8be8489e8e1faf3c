"""A write the store has confirmed is seen by every read asked after it (SQLite).

The reads share one connection (aiosqlite's thread). In SQLite a connection's read
transaction lasts while any of its statements is unfinished, and a statement stepped to its
first row stays unfinished until it is read to the end or closed: a read of one task caught
between its ``execute`` and its ``fetchall`` (another awaited step) kept every read of every
other task on the snapshot it began with. So ``SessionManager.create`` read back the game it
had just committed as None ("observer failed on created", the table's record None), seen twice
under load. The test holds one task's read at exactly that point while a table is created."""

from __future__ import annotations

import asyncio
import contextlib

import aiosqlite

from .helpers import PLAYERS, new_game, open_sessions


@contextlib.asynccontextmanager
async def a_read_held_open():
    """The first aiosqlite ``fetchall`` waits for the yielded gate: a read that executes and then
    fetches stops between the two. ``reading`` is set once one has stopped there."""
    gate, reading = asyncio.Event(), asyncio.Event()
    real = aiosqlite.Cursor.fetchall

    async def fetchall(self):
        if not reading.is_set():  # the first read alone stops; the others run through
            reading.set()
            await gate.wait()
        return await real(self)

    aiosqlite.Cursor.fetchall = fetchall
    try:
        yield gate, reading
    finally:
        aiosqlite.Cursor.fetchall = real
        gate.set()


async def test_a_table_created_while_another_read_is_half_done_reads_its_own_record(tmp_path):
    sessions = await open_sessions(tmp_path / "bot.sqlite3")
    store = sessions.store
    try:
        await new_game(sessions, 10, "bruges", 2)  # a row for the other task's read to be on
        async with a_read_held_open() as (gate, reading):
            other = asyncio.ensure_future(store.active_games())  # another channel's read, begun first
            stopped = asyncio.ensure_future(reading.wait())
            await asyncio.wait([other, stopped], return_when=asyncio.FIRST_COMPLETED)
            made = await asyncio.wait_for(sessions.create(20, PLAYERS[0], "west-of-africa", PLAYERS[1:2]), 10)
            gate.set()
            assert len(await other) == 1
            stopped.cancel()
        assert made.ok, made.text
        table = sessions.table(20)
        assert table is not None and table.record is not None, "the new table's record was read as None"
        assert table.record.id == made.game_id and table.record.channel_id == 20
        assert (await store.game(made.game_id)).status == "open"
    finally:
        await store.close()


async def test_every_read_after_a_write_sees_it_while_other_reads_run(tmp_path):
    """Many reads in flight on the shared connection, writes between them: each read asked after a
    write returned sees that write."""
    sessions = await open_sessions(tmp_path / "bot.sqlite3")
    store = sessions.store
    try:
        await new_game(sessions, 10, "bruges", 2)

        async def reader() -> None:
            for _ in range(30):
                await store.active_games()

        async def writer() -> None:
            for i in range(30):
                await store.set_setting("guild", 1, "k", i)
                assert await store.get_setting("guild", 1, "k") == i

        await asyncio.gather(*(reader() for _ in range(4)), writer())
    finally:
        await store.close()
