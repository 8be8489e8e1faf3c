"""Idle tables are frozen (issue 33): a running game nobody plays keeps its state as its snapshot
JSON, compressed (a twentieth of the objects' memory), decoded when next used. A restart loads every
table frozen; ``freeze_idle`` freezes those idle long enough whose stored snapshot is current.
Whatever reads every table (whose turn it is, the log check) leaves them frozen."""

from __future__ import annotations

import gc
import json
import marshal
import random
import sqlite3

import games
from bot.store import SqliteStore
from bot.table.sessions import Actor, SessionManager
from bot.table.tables import Packed, Stored, fresh_state, snapshot_text, state_text
from bot.table.timers import ManualClock
from games.core.playout import expand
from tests.harness.client import START

PEOPLE = [Actor(100 + i, f"P{i}") for i in range(3)]


async def _sessions(path) -> SessionManager:
    store = await SqliteStore.open(path)
    sessions = SessionManager(store, clock=ManualClock(START), seed_source=lambda: 5, render=False)
    await sessions.load_all()
    return sessions


async def _play(sessions: SessionManager, ch: int, moves: int, rnd: random.Random) -> None:
    for _ in range(moves):
        table = sessions.table(ch)
        seat = rnd.choice(table.to_move())
        assert (await sessions.move_as(ch, seat, expand(table.engine, table.state, seat, "", rnd))).ok


def _live(sessions: SessionManager) -> dict[int, tuple[str, list[int], int]]:
    return {ch: (state_text(t.engine, t.state), t.to_move(), t.n) for ch, t in sessions._tables.items()}


async def test_a_restart_loads_running_tables_frozen_and_each_thaws_as_it_was(tmp_path):
    path = tmp_path / "db.sqlite3"
    first = await _sessions(path)
    rnd = random.Random(2)
    for ch, gid in enumerate(games.game_ids(), start=10):
        assert (await first.create(ch, PEOPLE[0], gid, PEOPLE[1:3], None)).ok
        assert (await first.start(ch, PEOPLE[0])).ok
        await _play(first, ch, 10, rnd)
    live = _live(first)
    await first.save_snapshots(idle=0)  # as the bot's close does
    await first.store.close()

    assert gc.isenabled()
    again = await _sessions(path)
    assert gc.isenabled()  # paused while the tables were read (they all live on), not left off
    tables = again._tables
    assert set(tables) == set(live) and all(t.frozen is not None and t.started for t in tables.values())
    by_options: dict[str, list[dict]] = {}  # equal options are one dict, read once for every game that has them
    for t in tables.values():
        by_options.setdefault(json.dumps(t.record.options, sort_keys=True), []).append(t.record.options)
    assert all(d is same[0] for same in by_options.values() for d in same)
    assert {ch: t.to_move() for ch, t in tables.items()} == {ch: w for ch, (_s, w, _n) in live.items()}
    assert await again.verify_all() == []
    assert all(t.frozen is not None for t in tables.values())  # answered frozen: nothing thawed
    for ch, table in tables.items():
        assert state_text(table.engine, table.state) == live[ch][0] and table.n == live[ch][2]
        assert table.frozen is None  # thawed once, live from now on
    await _play(again, 10, 3, rnd)  # a thawed table plays on
    await again.store.close()


async def test_idle_tables_freeze_once_their_snapshot_is_current_and_a_move_thaws_one(tmp_path):
    sessions = await _sessions(tmp_path / "db.sqlite3")
    rnd = random.Random(3)
    for ch in (1, 2):
        assert (await sessions.create(ch, PEOPLE[0], "bruges", PEOPLE[1:3], None)).ok
        assert (await sessions.start(ch, PEOPLE[0])).ok
        await _play(sessions, ch, 3, rnd)  # fewer than SNAPSHOT_EVERY: the stored snapshot lags
    live = _live(sessions)
    assert sessions.freeze_idle(idle=0) == 0  # a lagging snapshot: the table stays live
    assert await sessions.save_snapshots(idle=0) == 2
    assert sessions.freeze_idle(idle=3600) == 0  # not idle long enough
    assert sessions.freeze_idle(idle=0) == 2 and sessions.freeze_idle(idle=0) == 0
    one, two = sessions.table(1), sessions.table(2)
    assert one.frozen is not None and one._state is None and one.asked is None
    assert len(one.frozen) * 2 < len(state_text(one.engine, one.peek()))  # compressed
    await _play(sessions, 1, 1, rnd)  # the move thaws it
    assert one.frozen is None and one.n == live[1][2] + 1
    assert two.frozen is not None and state_text(two.engine, two.state) == live[2][0]
    await sessions.store.close()


async def test_a_thaw_racing_a_move_never_puts_the_older_state_back(tmp_path, monkeypatch):
    """The play-by-post helpers read ``Table.state`` on the database thread: if the loop's move sets
    the table's new state while that thread decodes the frozen one, the move's state stays."""
    from bot.table import tables as tables_module

    sessions = await _sessions(tmp_path / "db.sqlite3")
    assert (await sessions.create(1, PEOPLE[0], "bruges", PEOPLE[1:3], None)).ok
    assert (await sessions.start(1, PEOPLE[0])).ok
    await sessions.save_snapshots(idle=0)
    table = sessions.table(1)
    assert sessions.freeze_idle(idle=0) == 1
    moved = {"after the move": True}
    real = tables_module._decoded

    def decode_while_the_loop_moves(engine, data):
        table.state = moved  # the loop's move lands in the middle of the decoding
        return real(engine, data)

    monkeypatch.setattr(tables_module, "_decoded", decode_while_the_loop_moves)
    assert table.state is moved and table.frozen is None
    await sessions.store.close()


async def test_a_restart_leaves_each_state_in_the_database_until_the_table_is_touched(tmp_path, monkeypatch):
    path = tmp_path / "db.sqlite3"
    first = await _sessions(path)
    rnd = random.Random(4)
    for ch, gid in enumerate(games.game_ids(), start=20):
        assert (await first.create(ch, PEOPLE[0], gid, PEOPLE[1:3], None)).ok
        assert (await first.start(ch, PEOPLE[0])).ok
        await _play(first, ch, 7, rnd)
    await first.save_snapshots(idle=0)  # every snapshot current, whose turn it is stored with it
    assert (await first.create(30, PEOPLE[0], "bruges", PEOPLE[1:3], None)).ok
    assert (await first.start(30, PEOPLE[0])).ok
    await _play(first, 30, 2, rnd)  # its snapshot lags its log: restored from the log at the restart
    live = _live(first)
    damaged = first.table(21).record.id
    await first.store.close()
    con = sqlite3.connect(path)  # one snapshot cut in the middle: that table is replayed from its log
    con.execute("UPDATE snapshots SET state = substr(state, 1, 100) WHERE game_id = ?", (damaged,))
    con.commit()
    con.close()

    store = await SqliteStore.open(path)
    reads = []
    reader = store.sync_reader()
    monkeypatch.setattr(reader, "snapshot", lambda gid, read=reader.snapshot: reads.append(gid) or read(gid))
    monkeypatch.setattr(store, "sync_reader", lambda: reader)
    again = SessionManager(store, clock=ManualClock(START), seed_source=lambda: 5, render=False)
    assert await again.load_all() == len(live)
    tables = again._tables
    assert all(isinstance(tables[ch].frozen, Stored) for ch in live if ch != 30)
    assert tables[30].frozen is None and tables[30].started  # its tail replayed: live
    assert {ch: (t.to_move(), t.n) for ch, t in tables.items()} == {ch: (w, n) for ch, (_s, w, n) in live.items()}
    assert reads == []  # whose turn it is, without reading any state
    for ch, table in tables.items():
        assert state_text(table.engine, table.state) == live[ch][0] and table.frozen is None
    assert sorted(reads) == sorted(tables[ch].record.id for ch in live if ch != 30)  # each read once
    await _play(again, 20, 2, rnd)  # a table read back plays on
    assert await again.save_snapshots(idle=0) == 3  # the two moved and the damaged one written again
    rewritten = json.loads(store.sync_reader().snapshot(damaged).state)
    assert state_text(tables[21].engine, rewritten) == live[21][0]
    await store.close()


async def test_a_table_of_plain_data_is_frozen_as_marshal_bytes_and_thaws_exactly_as_it_was(tmp_path):
    """A state of plain data is frozen as its ``marshal`` bytes (less than half its JSON's decoding,
    and a play-by-post table thaws at most of its moves): thawed, it is the very state it was,
    byte for byte (marshal without references: tuples apart from lists, int keys apart from str
    ones, the keys' order), as its snapshot JSON read back would be."""
    sessions = await _sessions(tmp_path / "db.sqlite3")
    rnd = random.Random(4)
    for ch, gid in enumerate(games.game_ids(), start=10):
        assert (await sessions.create(ch, PEOPLE[0], gid, PEOPLE[1:3], None)).ok
        assert (await sessions.start(ch, PEOPLE[0])).ok
        for _ in range(4):
            await _play(sessions, ch, rnd.randint(1, 6), rnd)
            table = sessions.table(ch)
            if table is None:  # the game is over
                break
            before = marshal.dumps(table.state, 2)
            text = snapshot_text(table.engine, table.state)
            table.freeze()
            assert type(table.frozen) is Packed, gid
            assert marshal.dumps(table.peek(), 2) == before
            assert marshal.dumps(table.state, 2) == before, gid
            assert table.frozen is None and marshal.dumps(fresh_state(table.engine, json.loads(text)), 2) == before
    await sessions.store.close()
