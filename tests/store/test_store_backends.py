"""The store's contract, run against BOTH backends: the SQLite file and a real PostgreSQL server.

Same methods, same guarantees: a move and its snapshot in one transaction,
the unique (game, n) and the game's revision refusing a second writer, a
reload from the log, undo, settings, timers going with their game.
"""

from __future__ import annotations

import asyncio
import json
import random
from datetime import UTC, datetime, timedelta

import pytest

import games
from bot.store import Conflict, open_store
from bot.table.sessions import SessionManager
from games.core.playout import expand

from .helpers import new_game, play

T0 = datetime(2026, 1, 1, 12, tzinfo=UTC)


class Clock:
    def __init__(self):
        self.t = T0

    def now(self):
        self.t += timedelta(seconds=1)
        return self.t


async def sessions_on(backend, seed=5) -> SessionManager:
    store = await open_store(**backend)
    sessions = SessionManager(store, clock=Clock(), seed_source=lambda: seed, render=False)
    await sessions.load_all()
    return sessions


async def replays(store, game_id: int) -> bool:
    """The log, numbered 1..n without gaps, replays from the start, and its first ``snapshot.n``
    moves give exactly the stored snapshot (a cache written every few moves: the log is the truth)."""
    record = await store.game(game_id)
    engine = games.get(record.game)
    seats = await store.seats(game_id)
    moves = await store.moves(game_id)
    assert [m.n for m in moves] == list(range(1, len(moves) + 1))
    snap = await store.snapshot(game_id)
    state = engine.setup(len(seats), record.seed, record.options)
    at_snapshot = engine.to_json_text(state) if snap.n == 0 else None
    for m in moves:
        engine.play(state, m.seat, m.text)
        if m.n == snap.n:
            at_snapshot = engine.to_json_text(state)
    return snap.n <= len(moves) and json.loads(snap.state) == json.loads(at_snapshot)


async def test_schema_is_migrated_once(backend):
    store = await open_store(**backend)
    version = await store.schema_version()
    assert version >= 13
    await store.close()
    store = await open_store(**backend)
    assert await store.schema_version() == version
    await store.close()


async def test_a_move_without_a_snapshot_leaves_the_stored_one(backend):
    """The table writes a snapshot only every few moves: a move row alone keeps the last snapshot."""
    sessions = await sessions_on(backend)
    gid = await new_game(sessions, 10, "west-of-africa")
    store = sessions.store
    before = await store.snapshot(gid)
    rev = (await store.game(gid)).rev
    rev = await store.append_move(gid, 1, 0, "x", "public", "", False, None, 1, T0, rev=rev)
    assert await store.snapshot(gid) == before and [m.n for m in await store.moves(gid)] == [1]
    await store.append_move(gid, 2, 0, "y", "public", "", False, '{"n": 2}', 1, T0, rev=rev)
    assert (await store.snapshot(gid)).n == 2 and (await store.snapshot(gid)).state == '{"n": 2}'
    await store.close()


async def test_one_active_game_per_channel_is_enforced_by_the_database(backend):
    store = await open_store(**backend)
    await store.create_game("bruges", 1, {}, 1, None, 10, 1, [(1, "A")], T0)
    with pytest.raises(Conflict):
        await store.create_game("bruges", 1, {}, 1, None, 10, 2, [(2, "B")], T0)
    await store.create_game("bruges", 1, {}, 1, None, 11, 2, [(2, "B")], T0)
    assert len(await store.active_games()) == 2
    await store.close()


async def test_move_and_snapshot_commit_together_and_a_second_writer_is_refused(backend, monkeypatch):
    from bot.table import playing

    monkeypatch.setattr(playing, "SNAPSHOT_EVERY", 1)  # moves that carry their snapshot
    sessions = await sessions_on(backend)
    gid = await new_game(sessions, 10, "west-of-africa")
    await play(sessions, 10, 3)
    store = sessions.store
    snap = await store.snapshot(gid)
    assert snap.n == 3 and len(await store.moves(gid)) == 3
    rev = (await store.game(gid)).rev
    with pytest.raises(Conflict):  # move 3 again: the primary key
        await store.append_move(gid, 3, 0, "x", "public", "", False, "{}", 1, T0)
    with pytest.raises(Conflict):  # move 4 on a stale revision
        await store.append_move(gid, 4, 0, "x", "public", "", False, "{}", 1, T0, rev=rev - 1)
    assert (await store.snapshot(gid)).state == snap.state and len(await store.moves(gid)) == 3
    assert (await store.game(gid)).rev == rev
    assert await replays(store, gid)
    await store.close()


async def test_restart_reloads_every_game_and_plays_on(backend):
    sessions = await sessions_on(backend)
    ids = []
    for i, game in enumerate(("west-of-africa", "bruges", "altiplano", "amerigo", "terra-mystica")):
        ids.append(await new_game(sessions, 10 + i, game))
        await play(sessions, 10 + i, 6, seed=i)
    before = {t.record.id: t.engine.to_json_text(t.state) for t in sessions.tables()}
    await sessions.store.close()
    sessions = await sessions_on(backend)
    assert {t.record.id: t.engine.to_json_text(t.state) for t in sessions.tables()} == before
    assert await sessions.verify_all() == []
    for i in range(5):
        await play(sessions, 10 + i, 3, seed=10 + i)
    for gid in ids:
        assert await replays(sessions.store, gid)
    await sessions.store.close()


async def test_undo_takes_back_the_last_move(backend):
    sessions = await sessions_on(backend)
    gid = await new_game(sessions, 10, "bruges")
    await play(sessions, 10, 5)
    reply = await sessions.undo(10)
    assert reply.ok, reply.text
    assert sessions.table(10).n == 4 and len(await sessions.store.moves(gid)) == 4
    assert await replays(sessions.store, gid)
    await sessions.store.close()


async def test_a_stale_table_is_refused_and_caught_up(backend):
    """Two managers (as two processes) on one database: the one that did not see the other's
    undo and move is refused, reloads from the log, and the log still replays."""
    one = await sessions_on(backend)
    gid = await new_game(one, 10, "west-of-africa")
    await play(one, 10, 4)
    two = await sessions_on(backend)
    assert (await two.undo(10)).ok  # two takes move 4 back and plays another
    assert await play(two, 10, 1, seed=99) == 1
    table = one.table(10)  # one still holds the old move 4
    seat = sorted(table.to_move())[0]
    reply = await one.move_as(10, seat, expand(table.engine, table.state, seat, "", random.Random(3)))
    assert not reply.ok and "moved on" in reply.text
    assert one.table(10).engine.to_json_text(one.table(10).state) == \
        two.table(10).engine.to_json_text(two.table(10).state)
    assert await play(one, 10, 2, seed=4) == 2  # caught up, it plays on
    assert await replays(one.store, gid)
    await one.store.close()
    await two.store.close()


async def test_settings_are_kept_per_scope(backend):
    store = await open_store(**backend)
    await store.set_setting("guild", 1, "lang", "zh-TW")
    await store.set_setting("guild", 1, "lang", "en")
    await store.set_setting("user", 1, "lang", {"a": [1, 2]})
    assert await store.get_setting("guild", 1, "lang") == "en"
    assert await store.get_setting("user", 1, "lang") == {"a": [1, 2]}
    assert await store.get_setting("user", 2, "lang", "none") == "none"
    await store.close()


async def test_seats_status_and_board_message(backend):
    store = await open_store(**backend)
    gid = await store.create_game("bruges", 1, {"x": 1}, 7, 3, 10, 1, [(1, "A")], T0)
    await store.set_seats(gid, [(1, "A"), (2, "B")], T0)
    assert [(s.seat, s.user_id, s.display_name) for s in await store.seats(gid)] == [(0, 1, "A"), (1, 2, "B")]
    await store.start_game(gid, [(2, "B"), (1, "A")], json.dumps({"s": 1}), 1, T0)
    record = await store.game(gid)
    assert record.status == "running" and record.options == {"x": 1} and record.guild_id == 3
    assert (await store.snapshot(gid)).n == 0
    await store.set_board_message(gid, 2**62)  # Discord ids need 64 bits
    assert (await store.game(gid)).board_message_id == 2**62
    await store.set_status(gid, "finished", T0)
    assert await store.active_game(10) is None and (await store.latest_played(10)).id == gid
    await store.close()


async def test_a_move_keeps_or_changes_the_games_status_as_told(backend):
    """``append_move`` writes the status only when it changes (a running game's move leaves the
    status indexes alone): a move of a running game keeps it running and active, a last move
    finishes it; either way the revision, the time and the turn's steps are written."""
    store = await open_store(**backend)
    gid = await store.create_game("bruges", 1, {}, 7, 3, 10, 1, [(1, "A"), (2, "B")], T0)
    await store.start_game(gid, [(1, "A"), (2, "B")], "{}", 1, T0)
    rev = (await store.game(gid)).rev
    later = T0 + timedelta(hours=1)
    rev = await store.append_move(gid, 1, 0, "a", "public", "", False, '{"n": 1}', 1, later, rev=rev,
                                  turn_steps='["step"]')
    record = await store.game(gid)
    assert (record.status, record.rev, record.turn_steps) == ("running", rev, '["step"]')
    assert record.updated_at.startswith("2026-01-01T13") and (await store.active_game(10)).id == gid
    rev = await store.append_move(gid, 2, 1, "b", "public", "", False, '{"n": 2}', 1, later, status="finished",
                                  rev=rev)
    record = await store.game(gid)
    assert (record.status, record.rev, record.turn_steps) == ("finished", rev, None)
    assert await store.active_game(10) is None and (await store.latest_played(10)).id == gid
    assert (await store.snapshot(gid)).state == '{"n": 2}'
    await store.close()


async def test_racing_writers_never_double_or_lose_a_move(backend):
    """Four managers (processes) race moves and undos on the same games: every log replays to its
    snapshot, numbered without gaps, and every committed move is in the log exactly once."""
    managers = [await sessions_on(backend) for _ in range(2)]
    ids = []
    for ch, game in ((10, "west-of-africa"), (11, "bruges")):
        ids.append(await new_game(managers[0], ch, game))
    for m in managers[1:]:
        await m.load_all()
    committed: dict[int, list[str]] = {gid: [] for gid in ids}

    async def racer(m: SessionManager, k: int):
        rnd = random.Random(k)
        for _ in range(25):
            ch = rnd.choice((10, 11))
            table = m.table(ch)
            if table is None or table.state is None or table.broken:
                return
            if rnd.random() < 0.15:
                await m.undo(ch)
                continue
            waiting = sorted(table.to_move())
            if not waiting:  # read outside the table's lock while another racer's move is mid-way
                await asyncio.sleep(0)
                continue
            seat = rnd.choice(waiting)
            move = expand(table.engine, table.state, seat, "", rnd)
            reply = await m.move_as(ch, seat, move)
            if reply.ok:
                committed[table.record.id].append(move)
            await asyncio.sleep(0)

    await asyncio.gather(*(racer(m, k) for k, m in enumerate(managers * 2)))
    store = managers[0].store
    for gid in ids:
        assert await replays(store, gid)
        logged = [m.text for m in await store.moves(gid)]
        assert len(logged) <= len(committed[gid])  # undos only ever remove
    for m in managers:
        await m.store.close()


async def test_a_snapshot_rebuilt_from_a_stale_read_never_overwrites_a_newer_one(backend):
    """A process catching up from the log read it at revision r; if another process commits a move
    before the rebuilt snapshot is saved, the save is skipped (it would pair an old state with the
    newer log), and the log still replays to the stored snapshot."""
    m = await sessions_on(backend)
    gid = await new_game(m, 10, "bruges")
    store, table = m.store, m.table(10)
    stale = (await store.game(gid)).rev
    seat = sorted(table.to_move())[0]
    assert (await m.move_as(10, seat, expand(table.engine, table.state, seat, "", random.Random(1)))).ok
    newer = await store.snapshot(gid)
    assert not await store.save_snapshot(gid, 0, table.engine.version, "{}", T0, rev=stale)
    assert await store.snapshot(gid) == newer
    assert await replays(store, gid)
    assert await store.save_snapshot(gid, newer.n, table.engine.version, newer.state, T0,
                                     rev=(await store.game(gid)).rev)
    await store.close()
