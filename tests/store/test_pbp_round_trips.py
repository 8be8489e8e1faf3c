"""Round trips of the play-by-post layer on PostgreSQL, and its group commit on both backends.

The PostgreSQL connection of the play-by-post thread queues the writes of a
transaction and sends them with the COMMIT in one script; the steps that follow
moves of several games are committed together. These tests count the round
trips and check that what is written is what the statements said, and that a
game whose step fails does not take the others' steps with it.
"""

from __future__ import annotations

import asyncio
import random
import sqlite3

import pytest

from bot.store import pg_sync
from bot.table.pbp.service import Pbp
from bot.table.timers import DbThread, ManualClock

from .helpers import new_game, random_move
from .test_pbp_backends import Notes
from .test_store_backends import sessions_on

TEXTS = ["plain", "it's", "O'Neil's ''quoted''", "back\\slash \\n", "雙引號 \"內容\" 與 '單引號'", "😀 emoji", ""]


@pytest.fixture
async def dbt(pg_url):
    """The play-by-post thread's PostgreSQL connection, with a table ``t`` to write."""
    thread = DbThread(pg_url)
    await thread.run(lambda: thread.conn.execute(
        "CREATE TABLE t (id SERIAL PRIMARY KEY, k INTEGER UNIQUE, txt TEXT, x DOUBLE PRECISION)"), write=True)
    yield thread
    thread.close()


async def test_queued_writes_go_out_with_the_commit_and_keep_their_values(dbt):
    def write_all(con):
        before = con.round_trips
        for i, text in enumerate(TEXTS):
            con.execute("INSERT INTO t (k, txt, x) VALUES ($1, $2, $3)", (i, text, i + 0.1))
        con.execute("UPDATE t SET x = $1 WHERE k = $2", (1e-300, 0))
        con.execute("DELETE FROM t WHERE k = $1", (99,))
        return con.round_trips - before

    sent = await dbt.run(write_all, dbt.conn, write=True)
    assert sent == 0  # nothing went out before the commit
    rows = await dbt.run(lambda: [tuple(r) for r in dbt.conn.execute("SELECT k, txt, x FROM t ORDER BY k")])
    assert [r[1] for r in rows] == TEXTS  # quotes, backslashes, Chinese, emoji: as written
    assert rows[0][2] == 1e-300 and rows[1][2] == 1.1


async def test_a_read_waits_only_for_the_queued_writes_of_its_tables(dbt):
    await dbt.run(lambda: dbt.conn.execute("CREATE TABLE u (k INTEGER PRIMARY KEY)"), write=True)

    def work(con):
        trips = [con.round_trips]
        con.execute("SELECT COUNT(*) FROM u").fetchone()  # the BEGIN goes first, then the read
        trips.append(con.round_trips)
        con.execute("INSERT INTO t (k, txt) VALUES ($1, $2)", (1, "a"))
        con.execute("SELECT COUNT(*) FROM u").fetchone()  # another table: the insert waits
        trips.append(con.round_trips)
        seen = con.execute("SELECT COUNT(*) FROM t").fetchone()[0]  # its table: the insert goes first
        trips.append(con.round_trips)
        gone = con.execute("DELETE FROM t WHERE k = $1", (1,)).rowcount  # asked: sent at once
        trips.append(con.round_trips)
        return trips, seen, gone

    trips, seen, gone = await dbt.run(work, dbt.conn, write=True)
    assert [b - a for a, b in zip(trips, trips[1:])] == [2, 1, 2, 1]
    assert seen == 1 and gone == 1


async def test_a_failing_queued_write_fails_the_commit_and_keeps_nothing(dbt):
    def clash(con):
        con.execute("INSERT INTO t (k, txt) VALUES ($1, $2)", (7, "first"))
        con.execute("INSERT INTO t (k, txt) VALUES ($1, $2)", (7, "second"))  # unique k: fails at COMMIT

    with pytest.raises(sqlite3.IntegrityError):
        await dbt.run(clash, dbt.conn, write=True)
    assert await dbt.run(lambda: dbt.conn.execute("SELECT COUNT(*) FROM t").fetchone()[0]) == 0
    await dbt.run(lambda: dbt.conn.execute("INSERT INTO t (k, txt) VALUES ($1, $2)", (7, "again")), write=True)
    assert await dbt.run(lambda: dbt.conn.execute("SELECT txt FROM t").fetchone()[0]) == "again"


def test_values_that_are_not_plain_are_bound_not_written_in():
    assert pg_sync.literal("a'b") == "'a''b'"
    assert pg_sync.literal(None) == "NULL" and pg_sync.literal(True) == "'1'"
    assert pg_sync.literal(12) == "'12'" and float(pg_sync.literal(0.1)[1:-1]) == 0.1
    for odd in (float("nan"), float("inf"), b"bytes", "nul\x00byte", [1]):
        assert pg_sync.literal(odd) is None


async def _moved_everywhere(backend, count: int):
    """``count`` games with a move each, their play-by-post steps run together."""
    db = backend.get("url") or backend["path"]
    sessions = await sessions_on(backend)
    pbp = Pbp(sessions, db, Notes(), ManualClock())
    await pbp.start(run=False)
    for ch in range(count):
        await new_game(sessions, 100 + ch, ("west-of-africa", "bruges")[ch % 2])
    return sessions, pbp


async def test_the_steps_of_several_games_commit_together_in_four_round_trips(pg_url):
    sessions, pbp = await _moved_everywhere({"url": pg_url}, 6)
    try:
        rnd = random.Random(3)
        tables = [sessions.table(100 + ch) for ch in range(6)]
        before = await pbp._io(lambda: pbp.db.round_trips)
        await pbp._io(pbp._changed, [(t, "moved") for t in tables], write=True)
        assert await pbp._io(lambda: pbp.db.round_trips) - before == 4  # BEGIN, rows, seats, COMMIT
        # and through the observer: moves of all six games at once, each waited-for seat reminded
        await asyncio.gather(*(sessions.move_as(t.record.channel_id, *random_move(t, rnd)) for t in tables))
        for t in tables:
            waits = await pbp._io(lambda g=t.record.id: [r["seat"] for r in pbp.db.execute(
                "SELECT seat FROM pbp_waits WHERE game_id = $1 ORDER BY seat", (g,))])
            assert waits == sorted(t.to_move())
            keys = await pbp._io(lambda g=t.record.id: {r["key"] for r in pbp.db.execute(
                "SELECT key FROM timers WHERE game_id = $1", (g,))})
            assert {f"remind:{t.record.id}:{s}" for s in t.to_move()} <= keys
    finally:
        await pbp.stop()
        await sessions.store.close()


async def test_one_games_failing_step_does_not_fail_the_others(backend, monkeypatch):
    sessions, pbp = await _moved_everywhere(backend, 3)
    try:
        tables = [sessions.table(100 + ch) for ch in range(3)]
        bad = tables[1].record.id
        real = pbp._sync
        calls = []

        def sync(table, *args, **kw):
            calls.append(table.record.id)
            if table.record.id == bad:
                raise ValueError("this game's step fails")
            return real(table, *args, **kw)

        monkeypatch.setattr(pbp, "_sync", sync)
        await pbp._io(lambda: pbp.db.execute("DELETE FROM pbp_waits"), write=True)
        out = await asyncio.gather(*(pbp._after_change(t, "moved") for t in tables), return_exceptions=True)
        assert calls[:2] == [tables[0].record.id, bad]  # together first; then each alone
        assert [isinstance(o, ValueError) for o in out] == [False, True, False]
        for t in tables:
            waits = await pbp._io(pbp.rows.waits_since, t.record.id)
            assert bool(waits) == (t.record.id != bad)
    finally:
        await pbp.stop()
        await sessions.store.close()


async def test_the_game_rows_come_with_last_mover_open_polls_and_thread_timer(backend):
    sessions, pbp = await _moved_everywhere(backend, 3)
    try:
        rnd = random.Random(5)
        tables = [sessions.table(100 + ch) for ch in range(3)]
        seat, move = random_move(tables[0], rnd)
        assert (await sessions.move_as(100, seat, move)).ok
        first, second, third = (t.record.id for t in tables)
        await pbp._io(lambda: pbp.dispatcher.add("thread", pbp.now() + 60, {"game_id": second},
                                                 key=f"thread:{second}", game_id=second), write=True)
        await pbp._io(pbp._new_poll, third, "undo", {"seat": 0}, write=True)
        rows = await pbp._io(pbp._touch, [first, second, third], pbp.now(), write=True)
        assert [rows[g]["last_seat"] for g in (first, second, third)] == [seat, None, None]
        assert [rows[g]["thread_timer"] for g in (first, second, third)] == [0, 1, 0]
        assert [rows[g]["open_polls"] for g in (first, second, third)] == [0, 0, 1]
        assert all(rows[g]["last_activity"] == pbp.now() and rows[g]["stalled"] == 0 for g in rows)
    finally:
        await pbp.stop()
        await sessions.store.close()
