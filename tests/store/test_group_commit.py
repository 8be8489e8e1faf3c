"""The SQLite writer's group commit: queued writes share one transaction, each keeps its own outcome,
and a move the bot confirmed is in the log even if the process is killed right after."""

from __future__ import annotations

import asyncio
import sqlite3
import time
from datetime import UTC, datetime

import pytest

from bot.store import Conflict, SqliteStore, writer
from bot.store.sqlite import SYNCHRONOUS

from .helpers import confirmed_until_killed, new_game, open_sessions, replays_to_snapshot

AT = datetime(2026, 1, 1, tzinfo=UTC)


async def test_queued_writes_commit_together_and_a_refused_one_fails_alone(tmp_path):
    store = await SqliteStore.open(tmp_path / "bot.sqlite3")
    assert SYNCHRONOUS == "FULL"
    assert await store._on_writer(lambda db: db.execute("PRAGMA synchronous").fetchone()[0]) == 2  # FULL
    gid = await store.create_game("west-of-africa", 1, {}, 1, 1, 10, 1, [(1, "A"), (2, "B")], AT)
    before = store.batches
    writes = [store.set_setting("guild", i, "k", i) for i in range(200)]
    # a second game in the same channel breaks the one-game-per-channel constraint: that write alone fails
    writes.insert(100, store.create_game("bruges", 1, {}, 1, 1, 10, 1, [(1, "A")], AT))
    out = await asyncio.gather(*writes, return_exceptions=True)
    assert isinstance(out[100], Conflict)
    assert [o for i, o in enumerate(out) if i != 100] == [None] * 200
    assert store.batches - before < 201 / 2  # most writes shared a transaction with others
    for i in (0, 99, 199):
        assert await store.get_setting("guild", i, "k") == i
    assert [g.id for g in await store.active_games()] == [gid]
    await store.close()


async def test_a_stale_move_in_a_batch_is_refused_and_the_rest_commit(tmp_path):
    sessions = await open_sessions(tmp_path / "bot.sqlite3")
    gids = [await new_game(sessions, 10 + i, "west-of-africa") for i in range(3)]
    store = sessions.store
    state = "{}"
    jobs = [store.append_move(gids[0], 1, 0, "x", "public", "", False, state, 1, AT, rev=0),
            store.append_move(gids[0], 1, 0, "y", "public", "", False, state, 1, AT, rev=0),  # same n, stale rev
            store.append_move(gids[1], 1, 0, "z", "public", "", False, state, 1, AT, rev=0)]
    out = await asyncio.gather(*jobs, return_exceptions=True)
    assert isinstance(out[1], Conflict) and not isinstance(out[0], Exception) and not isinstance(out[2], Exception)
    assert [m.text for m in await store.moves(gids[0])] == ["x"]
    assert [m.text for m in await store.moves(gids[1])] == ["z"]
    assert await store.moves(gids[2]) == []
    await store.close()


@pytest.mark.parametrize("after", [40, 150])
async def test_a_confirmed_move_survives_a_killed_process(tmp_path, after):
    path = tmp_path / "bot.sqlite3"
    sessions = await open_sessions(path)
    for i, game in enumerate(("west-of-africa", "bruges", "altiplano", "amerigo", "terra-mystica") * 2):
        await new_game(sessions, 10 + i, game)
    await sessions.store.close()
    confirmed = confirmed_until_killed(str(path), after)
    con = sqlite3.connect(path)
    try:
        logged = {(str(g), str(n), t) for g, n, t in con.execute("SELECT game_id, n, text FROM moves")}
        missing = [c for c in confirmed if tuple(c) not in logged]
        assert missing == []  # every confirmed move is in the log
        assert all(replays_to_snapshot(con, g) for (g,) in con.execute("SELECT id FROM games"))
    finally:
        con.close()


async def test_writes_one_at_a_time_never_linger(tmp_path):
    store = await SqliteStore.open(tmp_path / "bot.sqlite3")
    store.linger = 5.0
    began = time.monotonic()
    for i in range(10):  # each after the last one's answer: a quiet table
        await store.set_setting("guild", i, "k", i)
    assert time.monotonic() - began < 5.0
    await store.close()


async def test_under_load_a_batch_goes_linger_after_its_first_write_was_handed_over(tmp_path, monkeypatch):
    """A write that waited while the writer was busy (the previous batch written and synced) waits
    only what is left of its moment, not a whole one more."""
    monkeypatch.setattr(writer, "BUSY", 60.0)  # the store counts as busy whatever the test's pace
    monkeypatch.setattr(writer, "CROWDED", 60.0)
    store = await SqliteStore.open(tmp_path / "bot.sqlite3")
    await asyncio.gather(*(store.set_setting("guild", i, "k", i) for i in range(20)))  # crowded batches
    store.linger = 1.0
    busy = asyncio.ensure_future(store._on_writer(lambda db: time.sleep(0.8)))  # the writer busy 0.8 s
    began = time.monotonic()
    first = asyncio.ensure_future(store.set_setting("guild", 100, "k", 1))
    await asyncio.sleep(0.1)
    before = store.batches
    second = asyncio.ensure_future(store.set_setting("guild", 101, "k", 1))  # joins the same batch
    await asyncio.gather(busy, first, second)
    took = time.monotonic() - began
    assert 0.9 <= took < 1.6  # 1 s after the first write's hand-over (counted from the writer's turn: 1.8 s)
    assert store.batches - before == 1
    await store.close()


async def test_a_batch_of_moves_has_no_savepoints_unless_one_is_refused(tmp_path):
    sessions = await open_sessions(tmp_path / "bot.sqlite3")
    gids = [await new_game(sessions, 10 + i, "west-of-africa") for i in range(3)]
    store = sessions.store
    ran: list[str] = []
    await store._on_writer(lambda db: db.set_trace_callback(ran.append))

    async def batch(jobs):
        """The moves queued behind a busy writer: one batch."""
        busy = asyncio.ensure_future(store._on_writer(lambda db: time.sleep(0.3)))
        await asyncio.sleep(0.05)
        before = store.batches
        out = await asyncio.gather(*jobs, return_exceptions=True)
        await busy
        assert store.batches - before == 1
        return out

    def move(gid, n, text, rev):
        return store.append_move(gid, n, 0, text, "public", "", False, None, 1, AT, rev=rev)

    out = await batch([move(gids[0], 1, "a", 0), move(gids[1], 1, "b", 0), move(gids[2], 1, "c", 0)])
    assert not any(isinstance(o, Exception) for o in out)
    assert not [s for s in ran if s.startswith(("SAVEPOINT", "RELEASE", "ROLLBACK"))]
    assert [s.split(" ", 1)[0] for s in ran].count("INSERT") == 3 and ran[-1] == "COMMIT"
    ran.clear()
    # the second move of gids[0] is stale: the batch is rolled back and written again, each move
    # in a savepoint of its own; the stale one alone is refused
    out = await batch([move(gids[0], 2, "d", 1), move(gids[0], 2, "e", 1), move(gids[1], 2, "f", 1)])
    assert isinstance(out[1], Conflict) and not isinstance(out[0], Exception) and not isinstance(out[2], Exception)
    assert "ROLLBACK" in ran and ran.count("SAVEPOINT w") == 3 and ran[-1] == "COMMIT"
    await store._on_writer(lambda db: db.set_trace_callback(None))
    assert [m.text for m in await store.moves(gids[0])] == ["a", "d"]
    assert [m.text for m in await store.moves(gids[1])] == ["b", "f"]
    assert [m.text for m in await store.moves(gids[2])] == ["c"]
    await store.close()
