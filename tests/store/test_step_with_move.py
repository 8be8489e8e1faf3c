"""On SQLite the play-by-post step after a move runs inside the move's own write
(``Store.append_move(then=...)``): one transaction and one commit per move, not a second
write on the writer thread after the move's. Its failure is its own: the move stands, and the
step runs again after the commit, as it did before it joined the move. The steps of the moves
written in one batch run together (their games' rows read once), and again each alone when that fails."""

from __future__ import annotations

import asyncio
import logging
import random
import sqlite3
import threading
from datetime import UTC, datetime

from bot.store import SqliteStore
from bot.table.pbp.service import Pbp
from bot.table.timers import ManualClock

from .helpers import a_step_fails_once, new_game, open_sessions, random_move
from .test_pbp_backends import Notes

AT = datetime(2026, 1, 1, tzinfo=UTC)


async def _waits(pbp: Pbp, gid: int) -> list[int]:
    return await pbp._io(lambda: [r["seat"] for r in pbp.db.execute(
        "SELECT seat FROM pbp_waits WHERE game_id = ? ORDER BY seat", (gid,))])


async def test_a_moves_step_commits_with_it_in_one_write(tmp_path):
    path = tmp_path / "bot.sqlite3"
    sessions = await open_sessions(path)
    pbp = Pbp(sessions, str(path), Notes(), ManualClock())
    await pbp.start(run=False)
    try:
        assert sessions.with_move is not None  # the store's own writer: the step joins the move
        channels = [10 + i for i in range(3)]
        for ch, game in zip(channels, ("west-of-africa", "bruges", "terra-mystica"), strict=True):
            await new_game(sessions, ch, game)
        drainer = pbp._drainer  # the starts' steps went the old way (after their own writes)
        rnd = random.Random(4)
        for _ in range(4):
            for ch in channels:
                table = sessions.table(ch)
                before = sessions.store.commits
                assert (await sessions.move_as(ch, *random_move(table, rnd))).ok
                assert sessions.store.commits - before == 1  # the move and its step: one write
                gid = table.record.id
                assert await _waits(pbp, gid) == sorted(table.to_move())
                keys = await pbp._io(lambda g=gid: {r["key"] for r in pbp.db.execute(
                    "SELECT key FROM timers WHERE game_id = ?", (g,))})
                assert {f"remind:{gid}:{s}" for s in table.to_move()} <= keys
                last = await pbp._io(lambda g=gid: pbp.db.execute(
                    "SELECT last_activity FROM pbp_games WHERE game_id = ?", (g,)).fetchone()[0])
                assert last == pbp.now()
        assert pbp._changes == [] and pbp._drainer is drainer  # no move's step went the old way
    finally:
        await pbp.stop()
        await sessions.store.close()


async def test_a_failing_step_leaves_the_move_and_runs_again_after_the_commit(tmp_path, monkeypatch, caplog):
    path = tmp_path / "bot.sqlite3"
    sessions = await open_sessions(path)
    pbp = Pbp(sessions, str(path), Notes(), ManualClock())
    await pbp.start(run=False)
    try:
        await new_game(sessions, 10, "bruges")
        table = sessions.table(10)
        gid = table.record.id
        await a_step_fails_once(sessions, pbp, gid, lambda: sessions.store.writer_thread is not None
                                and pbp.dbt.on_thread(), monkeypatch, caplog)
        assert await _waits(pbp, gid) == sorted(table.to_move())
    finally:
        await pbp.stop()
        await sessions.store.close()


async def test_the_store_undoes_a_refused_step_alone(tmp_path):
    store = await SqliteStore.open(tmp_path / "bot.sqlite3")
    gid = await store.create_game("west-of-africa", 1, {}, 1, 1, 10, 1, [(1, "A"), (2, "B")], AT)
    await store.start_game(gid, [(1, "A"), (2, "B")], "{}", 1, AT)

    def clash(db: sqlite3.Connection) -> None:
        db.execute("INSERT INTO settings (scope, scope_id, key, value) VALUES ('t', 1, 'k', '1')")
        db.execute("INSERT INTO settings (scope, scope_id, key, value) VALUES ('t', 1, 'k', '2')")  # refused

    def fine(db: sqlite3.Connection) -> None:
        db.execute("INSERT INTO settings (scope, scope_id, key, value) VALUES ('t', 2, 'k', '3')")

    rev = await store.append_move(gid, 1, 0, "a", "public", "", False, None, 1, AT, then=clash)
    rev = await store.append_move(gid, 2, 1, "b", "public", "", False, None, 1, AT, rev=rev, then=fine)
    assert [m.text for m in await store.moves(gid)] == ["a", "b"]
    assert await store.get_setting("t", 1, "k") is None  # the refused step left nothing
    assert await store.get_setting("t", 2, "k") == 3
    await store.close()


async def _one_batch(store: SqliteStore, moves) -> list:
    """``moves`` (coroutine functions) written in one batch: the writer thread is held (a call
    waiting on a gate) until all of them are queued, then drains them."""
    inside, gate = threading.Event(), threading.Event()

    def hold(db) -> None:
        inside.set()
        assert gate.wait(10)

    held = asyncio.ensure_future(store._on_writer(hold))
    while not inside.is_set():
        await asyncio.sleep(0.01)
    batches = store.batches
    tasks = [asyncio.ensure_future(move()) for move in moves]
    for _ in range(1000):
        if store._inbox.qsize() == len(tasks):
            break
        await asyncio.sleep(0.01)
    gate.set()
    await held
    out = await asyncio.gather(*tasks)
    assert store.batches - batches == 1, [getattr(o, "text", o) for o in out]  # one batch, one transaction
    return out


async def test_the_steps_of_one_batch_of_moves_run_together(tmp_path, monkeypatch):
    path = tmp_path / "bot.sqlite3"
    sessions = await open_sessions(path)
    pbp = Pbp(sessions, str(path), Notes(), ManualClock())
    await pbp.start(run=False)
    try:
        channels = [10, 11, 12]
        for ch, game in zip(channels, ("west-of-africa", "bruges", "terra-mystica"), strict=True):
            await new_game(sessions, ch, game)
        real = pbp._changed
        groups: list[list[int]] = []

        def changed(items):
            groups.append(sorted(table.record.id for table, _ in items))
            return real(items)

        monkeypatch.setattr(pbp, "_changed", changed)
        rnd = random.Random(7)
        picked = {ch: random_move(sessions.table(ch), rnd) for ch in channels}
        replies = await _one_batch(sessions.store, [
            lambda ch=ch: sessions.move_as(ch, *picked[ch]) for ch in channels])
        assert all(reply.ok for reply in replies)
        gids = sorted(sessions.table(ch).record.id for ch in channels)
        assert groups == [gids]  # the three games' steps in one go: their rows read once
        for ch in channels:
            table = sessions.table(ch)
            assert await _waits(pbp, table.record.id) == sorted(table.to_move())
        assert pbp._changes == []  # none ran again after its commit
    finally:
        await pbp.stop()
        await sessions.store.close()


async def _three_games(store: SqliteStore) -> list[int]:
    gids = []
    for i in range(3):
        gid = await store.create_game("west-of-africa", 1, {}, 1, 1, 10 + i, 1, [(1, "A"), (2, "B")], AT)
        await store.start_game(gid, [(1, "A"), (2, "B")], "{}", 1, AT)
        gids.append(gid)
    return gids


def _steps(together):
    """A step per game for ``append_move(then=...)`` that goes ``together`` with the others."""
    def step_of(gid: int):
        def then(db: sqlite3.Connection) -> None:
            together(db, [then])

        then.gid, then.together = gid, together
        return then

    return step_of


async def test_a_batch_of_moves_and_their_steps_has_no_savepoint(tmp_path):
    store = await SqliteStore.open(tmp_path / "bot.sqlite3")
    gids = await _three_games(store)
    runs: list[list[int]] = []

    def together(db: sqlite3.Connection, thens: list) -> None:
        runs.append([then.gid for then in thens])
        for then in thens:
            db.execute("INSERT INTO settings (scope, scope_id, key, value) VALUES ('t', ?, 'k', '1')", (then.gid,))

    step_of = _steps(together)
    ran: list[str] = []
    await store._on_writer(lambda db: db.set_trace_callback(ran.append))
    await _one_batch(store, [lambda g=g: store.append_move(g, 1, 0, "a", "public", "", False, None, 1, AT,
                                                            then=step_of(g)) for g in gids])
    await store._on_writer(lambda db: db.set_trace_callback(None))
    assert runs == [gids]
    assert not [s for s in ran if s.startswith(("SAVEPOINT", "RELEASE", "ROLLBACK"))], ran
    assert ran[-1] == "COMMIT"
    assert [await store.get_setting("t", g, "k") for g in gids] == [1, 1, 1]
    await store.close()


async def test_a_failing_step_in_a_batch_is_run_alone_and_the_others_stand(tmp_path, caplog):
    store = await SqliteStore.open(tmp_path / "bot.sqlite3")
    gids = await _three_games(store)
    runs: list[list[int]] = []

    def together(db: sqlite3.Connection, thens: list) -> None:  # several games' steps as one
        runs.append([then.gid for then in thens])
        for then in thens:
            db.execute("INSERT INTO settings (scope, scope_id, key, value) VALUES ('t', ?, 'k', '1')", (then.gid,))
            if then.gid == gids[1]:
                raise ValueError("this game's step fails")

    step_of = _steps(together)
    ran: list[str] = []
    await store._on_writer(lambda db: db.set_trace_callback(ran.append))
    with caplog.at_level(logging.ERROR):
        await _one_batch(store, [lambda g=g: store.append_move(g, 1, 0, "a", "public", "", False, None, 1, AT,
                                                                then=step_of(g)) for g in gids])
    await store._on_writer(lambda db: db.set_trace_callback(None))
    assert runs == [gids, [gids[0]], [gids[1]], [gids[2]]]  # together, then each alone
    # the batch rolled back once and written again: its moves, then each step in its savepoint
    assert ran.count("ROLLBACK") == 1 and ran.count("SAVEPOINT step") == 3 and ran[-1] == "COMMIT", ran
    assert sum(s.startswith("INSERT INTO moves") for s in ran) == 6  # each move twice
    assert "the step after a move failed" in caplog.text
    for gid in gids:
        assert [m.text for m in await store.moves(gid)] == ["a"]  # every move stands
    assert [await store.get_setting("t", g, "k") for g in gids] == [1, None, 1]  # the failing step alone undone
    await store.close()
