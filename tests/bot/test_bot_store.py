"""The SQLite store and the session layer's persistence rules."""

from __future__ import annotations

import json
import sqlite3

import pytest

from bot.store import SqliteStore
from bot.store.sqlite import migration_files
from bot.table.sessions import Actor, SessionManager
from bot.table.timers import ManualClock
from tests.harness.client import START

from .toy import GAME as TOY

ALICE, BOB, CAROL = Actor(1, "Alice"), Actor(2, "Bob"), Actor(3, "Carol")


async def open_sessions(path, clock=None) -> SessionManager:
    store = await SqliteStore.open(path)
    sessions = SessionManager(store, clock=clock or ManualClock(START), seed_source=lambda: 99, render=False)
    await sessions.load_all()
    return sessions


async def started(path, clock=None) -> SessionManager:
    sessions = await open_sessions(path, clock)
    await sessions.create(10, ALICE, "toy-bids", [BOB, CAROL])
    await sessions.start(10, ALICE)
    return sessions


def hand_of(sessions, seat):
    return sessions.table(10).state["hands"][seat]


async def test_schema_is_migrated_in_wal_mode(tmp_path):
    path = tmp_path / "deep" / "dir" / "db.sqlite3"
    store = await SqliteStore.open(path)
    latest = migration_files()[-1][0]
    assert await store.schema_version() == latest
    await store.close()
    con = sqlite3.connect(path)
    assert con.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert con.execute("PRAGMA user_version").fetchone()[0] == latest
    tables = {r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    assert {"games", "seats", "moves", "snapshots", "settings", "timers"} <= tables
    con.close()
    store = await SqliteStore.open(path)  # opening again applies nothing twice
    assert await store.schema_version() == latest
    await store.close()


async def test_one_active_game_per_channel_is_enforced_by_the_database(tmp_path):
    store = await SqliteStore.open(tmp_path / "db")
    clock = ManualClock(START)
    await store.create_game("toy-bids", 1, {}, 1, None, 10, 1, [(1, "A")], clock.now())
    with pytest.raises(sqlite3.IntegrityError):
        await store.create_game("toy-bids", 1, {}, 1, None, 10, 2, [(2, "B")], clock.now())
    await store.create_game("toy-bids", 1, {}, 1, None, 11, 2, [(2, "B")], clock.now())
    await store.close()


async def test_move_and_snapshot_commit_together_or_not_at_all(toy, tmp_path, monkeypatch):
    from bot.table import playing

    monkeypatch.setattr(playing, "SNAPSHOT_EVERY", 1)  # a move that carries its snapshot
    path = tmp_path / "db"
    sessions = await started(path)
    store = sessions.store
    table = sessions.table(10)
    gid = table.record.id
    first = hand_of(sessions, 0)[0]
    await sessions.move(10, ALICE, f"bid {first}")
    snap = await store.snapshot(gid)
    assert first not in hand_of(sessions, 0) and f'"bids":[{first},null,null]' in snap.state
    assert snap.n == 1 and len(await store.moves(gid)) == 1
    # a second move 1 (as after a crash and a retry) is refused and changes nothing
    with pytest.raises(sqlite3.IntegrityError):
        await store.append_move(gid, 1, 1, "bid 2", "secret", "", False, "{}", 1, sessions.clock.now())
    assert (await store.snapshot(gid)).state == snap.state
    assert [(m.n, m.seat, m.kind) for m in await store.moves(gid)] == [(1, 0, "secret")]
    await store.close()


async def test_a_failed_commit_leaves_the_table_as_it_was(toy, tmp_path, monkeypatch):
    sessions = await started(tmp_path / "db")
    before = sessions.table(10).state
    dump = TOY.to_json_text(before)

    async def broken(*args, **kwargs):
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr(sessions.store, "append_move", broken)
    with pytest.raises(sqlite3.OperationalError):
        await sessions.move(10, ALICE, f"bid {hand_of(sessions, 0)[0]}")
    assert TOY.to_json_text(sessions.table(10).state) == dump and sessions.table(10).n == 0
    await sessions.store.close()


async def test_a_crash_between_commit_and_announce_neither_loses_nor_repeats_the_move(toy, tmp_path, monkeypatch):
    path = tmp_path / "db"
    sessions = await started(path)
    bid = f"bid {hand_of(sessions, 0)[0]}"

    async def crash(*args, **kwargs):  # the process dies before anything is said in the channel
        raise SystemExit("killed")

    monkeypatch.setattr(sessions, "_notify", crash)  # after the commit (the post is composed before it)
    with pytest.raises(SystemExit):
        await sessions.move(10, ALICE, bid)
    await sessions.store.close()

    again = await open_sessions(path)  # the restarted bot
    table = again.table(10)
    assert table.n == 1 and sorted(table.to_move()) == [1, 2]
    retry = await again.move(10, ALICE, bid)  # the player, seeing no answer, sends it again
    assert not retry.ok and "already chose this round" in retry.text
    assert [(m.n, m.seat, m.text) for m in await again.store.moves(table.record.id)] == [(1, 0, bid)]
    assert (await again.move(10, BOB, f"bid {hand_of(again, 1)[0]}")).ok
    await again.store.close()


async def test_a_commit_the_table_never_saw_is_caught_up_from_the_log(toy, tmp_path):
    """A move committed by a call that never returned (cancelled): the next move finds
    its number taken, the table reloads from the log, and play goes on."""
    sessions = await started(tmp_path / "db")
    table = sessions.table(10)
    gid, bid = table.record.id, f"bid {hand_of(sessions, 0)[0]}"
    state = TOY.load(TOY.dump(table.state))
    TOY.play(state, 0, bid)
    await sessions.store.append_move(gid, 1, 0, bid, "secret", "{p0} is ready.", False, TOY.to_json_text(state),
                                     TOY.version, sessions.clock.now())
    refused = await sessions.move(10, BOB, f"bid {hand_of(sessions, 1)[0]}")
    assert not refused.ok and "caught up" in refused.text
    assert sessions.table(10).n == 1 and sorted(sessions.table(10).to_move()) == [1, 2]
    assert (await sessions.move(10, BOB, f"bid {hand_of(sessions, 1)[0]}")).ok
    assert [m.n for m in await sessions.store.moves(gid)] == [1, 2]
    await sessions.store.close()


async def test_reload_uses_the_snapshot_and_rebuilds_when_the_engine_changed(toy, tmp_path, monkeypatch):
    path = tmp_path / "db"
    sessions = await started(path)
    for seat, actor in enumerate((ALICE, BOB)):
        await sessions.move(10, actor, f"bid {hand_of(sessions, seat)[0]}")
    expected = TOY.to_json_text(sessions.table(10).state)
    gid = sessions.table(10).record.id
    await sessions.store.close()

    again = await open_sessions(path)
    assert TOY.to_json_text(again.table(10).state) == expected
    assert again.table(10).pending_secret == [0, 1]
    await again.store.close()

    monkeypatch.setattr(type(TOY), "version", 2)  # an upgraded engine: replay the log
    con = sqlite3.connect(path)
    con.execute("UPDATE snapshots SET state = '{\"garbage\": true}'")  # the cache is not trusted
    con.commit()
    con.close()
    upgraded = await open_sessions(path)
    assert TOY.to_json_text(upgraded.table(10).state) == expected
    snap = await upgraded.store.snapshot(gid)
    assert snap.engine_version == 2 and snap.n == 2 and json.loads(snap.state) == json.loads(expected)
    assert (await upgraded.store.game(gid)).engine_version == 1  # what the game started on
    await upgraded.store.close()


async def _play_one(sessions):
    table = sessions.table(10)
    seat = min(table.engine.to_move(table.state))
    reply = await sessions.move_as(10, seat, table.engine.legal_moves(table.state, seat)[0])
    assert reply.ok, reply.text


async def test_the_snapshot_rides_with_every_few_moves_and_a_restart_replays_the_rest(toy, tmp_path, monkeypatch):
    from bot.table import playing

    monkeypatch.setattr(playing, "SNAPSHOT_EVERY", 3)
    path = tmp_path / "db"
    sessions = await started(path)
    gid = sessions.table(10).record.id
    stored = []
    for _ in range(5):
        await _play_one(sessions)
        stored.append((await sessions.store.snapshot(gid)).n)
    assert stored == [0, 0, 3, 3, 3]  # the log is the truth: moves 4 and 5 are rows alone
    assert len(await sessions.store.moves(gid)) == 5
    expected = TOY.to_json_text(sessions.table(10).state)
    await sessions.store.close()

    again = await open_sessions(path)  # the snapshot after move 3, then moves 4 and 5 replayed
    table = again.table(10)
    assert TOY.to_json_text(table.state) == expected and table.n == 5 and table.snapshot_n == 3
    await _play_one(again)
    assert (await again.store.snapshot(gid)).n == 6
    while again.table(10) is not None:  # the game's last move writes its snapshot, whatever the count
        await _play_one(again)
    assert (await again.store.snapshot(gid)).n == len(await again.store.moves(gid)) == 8
    await again.store.close()


async def test_an_idle_tables_snapshot_is_brought_up_to_its_last_move(toy, tmp_path, monkeypatch):
    from bot.table import playing

    monkeypatch.setattr(playing, "SNAPSHOT_EVERY", 100)
    path = tmp_path / "db"
    sessions = await started(path)
    gid = sessions.table(10).record.id
    await _play_one(sessions)
    await _play_one(sessions)
    assert await sessions.save_snapshots(idle=3600) == 0  # just moved: not idle yet
    assert (await sessions.store.snapshot(gid)).n == 0
    assert await sessions.save_snapshots(idle=0) == 1
    snap = await sessions.store.snapshot(gid)
    assert snap.n == 2 and json.loads(snap.state) == json.loads(TOY.to_json_text(sessions.table(10).state))
    assert await sessions.save_snapshots(idle=0) == 0  # up to date: nothing to write
    await sessions.store.close()
    again = await open_sessions(path)
    assert again.table(10).snapshot_n == 2 and again.table(10).state == json.loads(snap.state)
    await again.store.close()


async def test_a_game_whose_log_no_longer_replays_is_refused_not_fatal(toy, tmp_path, monkeypatch):
    path = tmp_path / "db"
    sessions = await started(path)
    await sessions.move(10, ALICE, f"bid {hand_of(sessions, 0)[0]}")
    await sessions.store.close()
    con = sqlite3.connect(path)
    con.execute("UPDATE moves SET text = 'bid 999'")
    con.execute("UPDATE snapshots SET n = 7")
    con.commit()
    con.close()
    broken = await open_sessions(path)
    reply = await broken.move(10, BOB, "bid 1")
    assert not reply.ok and "could not be reloaded" in reply.text
    assert (await broken.abort(10, ALICE)).ok
    await broken.store.close()


async def test_undo_rebuilds_from_the_log(toy, tmp_path):
    sessions = await started(tmp_path / "db")
    start = TOY.to_json_text(sessions.table(10).state)
    await sessions.move(10, ALICE, f"bid {hand_of(sessions, 0)[0]}")
    reply = await sessions.undo(10)
    assert reply.ok and "Took back move 1" in reply.text
    assert TOY.to_json_text(sessions.table(10).state) == start
    gid = sessions.table(10).record.id
    assert await sessions.store.moves(gid) == [] and (await sessions.store.snapshot(gid)).n == 0
    assert not (await sessions.undo(10)).ok
    await sessions.store.close()


async def test_settings_are_kept_per_scope(tmp_path):
    store = await SqliteStore.open(tmp_path / "db")
    await store.set_setting("guild", 5, "remind_hours", 12)
    await store.set_setting("guild", 5, "remind_hours", 24)
    assert await store.get_setting("guild", 5, "remind_hours") == 24
    assert await store.get_setting("guild", 6, "remind_hours", "none") == "none"
    await store.close()


@pytest.mark.parametrize("yields", range(1, 9))
async def test_a_synchronous_write_during_a_commit_does_not_freeze_the_loop(tmp_path, yields):
    """The play-by-post tables are written synchronously on the event loop. A store
    transaction that awaited between its statements would hold SQLite's write lock
    while that write waited for it: the loop froze for the busy timeout and the write
    failed. Whatever moment the other write lands at, both go through at once."""
    import asyncio

    from bot.store import threads as timers

    clock = ManualClock(START)
    store = await SqliteStore.open(tmp_path / "db")
    gid = await store.create_game("toy-bids", 1, {}, 1, None, 10, 1, [(1, "A")], clock.now())
    other = timers.connect(tmp_path / "db")
    other.execute("PRAGMA busy_timeout=2000")

    async def pbp_write():
        for _ in range(yields):
            await asyncio.sleep(0)
        other.execute("INSERT INTO pbp_games (game_id) VALUES (?)", (gid,))  # "database is locked" after 2 s if frozen

    await asyncio.gather(store.append_move(gid, 1, 0, "bid 1", "public", "", False, "{}", 1, clock.now()),
                         pbp_write())
    assert len(await store.moves(gid)) == 1
    assert other.execute("SELECT COUNT(*) FROM pbp_games WHERE game_id = ?", (gid,)).fetchone()[0] == 1
    other.close()
    await store.close()


async def test_observers_hear_about_every_change(toy, tmp_path):
    heard = []
    sessions = await open_sessions(tmp_path / "db")
    sessions.observers.append(lambda table, what: heard.append((table.record.id, what)))
    await sessions.create(10, ALICE, "toy-bids", [BOB])
    await sessions.start(10, ALICE)
    await sessions.move(10, ALICE, f"bid {hand_of(sessions, 0)[0]}")
    assert [w for _, w in heard] == ["created", "started", "moved"]
    await sessions.store.close()


def test_final_standings_lines_share_places_only_on_true_ties():
    from games.core import standings

    class FourNames:
        names = ["A", "B", "C", "D"]

    sessions = SessionManager.__new__(SessionManager)  # result_lines needs no store
    sessions.locale = "en"
    decided = sessions.result_lines(FourNames, standings([10, 12, 12, 5], [{"x": 1}] * 4,
                                                         [(0,), (1,), (2,), (0,)], "coins"))
    assert decided == ["**Game over!** C wins.", "1. C: 12 points (x 1)", "2. B: 12 points (x 1)",
                       "3. A: 10 points (x 1)", "4. D: 5 points (x 1)", "Tie-break: coins."]
    shared = sessions.result_lines(FourNames, standings([10, 12, 12, 5], [{}] * 4))
    assert shared[:3] == ["**Game over!** B, C share the win.", "1. B: 12 points", "1. C: 12 points"]
    assert shared[3] == "3. A: 10 points"


def test_sessions_store_and_console_do_not_need_discord():
    """The session layer is shared by Discord and the console: importing it must not pull in discord."""
    import subprocess
    import sys
    from pathlib import Path

    code = "import sys, bot.table.sessions, bot.store, bot.console, bot.words.i18n, bot.config; print('discord' in sys.modules)"
    root = Path(__file__).resolve().parents[2]
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=root)
    assert out.stdout.strip() == "False"
