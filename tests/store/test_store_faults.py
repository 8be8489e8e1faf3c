"""Issue #18 parts 4-6: a damaged database, faults while running, backups.

Real faults where a test can make them (damaged files, a second connection
holding the write lock, SQLite's own ``max_page_count`` and ``query_only``
limits), and a writer connection that fails on cue at every statement of a
move's transaction where it cannot (disk full or I/O errors mid-transaction).
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import sqlite3
import subprocess
import sys
import threading
from datetime import UTC, datetime
from pathlib import Path

import pytest

from bot.store import DatabaseDamaged, SqliteStore, StoreUnavailable
from bot.store import sqlite as store_mod
from games.core.playout import expand
from tests.pictures import shown

from .helpers import PLAYERS, new_game, open_sessions, play, replays_to_snapshot

ROOT = Path(__file__).resolve().parents[2]


async def filled_db(path, games=("west-of-africa", "bruges"), moves=12) -> None:
    sessions = await open_sessions(path)
    for i, game in enumerate(games):
        await new_game(sessions, 10 + i, game)
        await play(sessions, 10 + i, moves, seed=i)
    await sessions.save_snapshots(idle=0)  # as the bot's close does: every snapshot up to its last move
    await sessions.store.close()


def threads_left(before: set[threading.Thread]) -> list[str]:
    """The threads started since ``before`` that are still running a moment later (the store's
    writer, aiosqlite's, an executor's, daemon or not): the threads an earlier test left ending
    are not counted."""
    new = [t for t in threading.enumerate() if t not in before]
    for thread in new:
        thread.join(timeout=5)
    return [t.name for t in new if t.is_alive()]


# --- part 4: a damaged database ---------------------------------------------------------
def damage(path: Path, how: str) -> None:
    data = path.read_bytes()
    if how == "corrupt":  # garbage over every page but the header page
        page = 4096
        path.write_bytes(data[:page] + bytes((i * 7 + 3) % 251 for i in range(len(data) - page)))
    elif how == "truncated":
        path.write_bytes(data[: len(data) // 3])
    elif how == "not-a-database":
        path.write_text("these are my notes, not a database\n" * 50)
    elif how == "empty":
        path.write_bytes(b"")


@pytest.mark.parametrize("how", ["corrupt", "truncated", "not-a-database", "empty"])
async def test_a_damaged_file_is_refused_in_one_line_and_leaves_no_thread(tmp_path, how):
    path = tmp_path / "bot.sqlite3"
    await filled_db(path)
    sqlite3.connect(path).execute("PRAGMA wal_checkpoint(TRUNCATE)").close()
    for extra in ("-wal", "-shm"):
        Path(f"{path}{extra}").unlink(missing_ok=True)
    damage(path, how)
    before = set(threading.enumerate())
    size = path.stat().st_size
    with pytest.raises(DatabaseDamaged) as caught:
        await SqliteStore.open(path)
    text = str(caught.value)
    assert "\n" not in text and str(path) in text and "restore a backup" in text and "move the file aside" in text
    assert threads_left(before) == []  # nothing left running: the process can exit
    assert path.stat().st_size == size  # an empty file is not turned into a new database


def _last_leaf(path: Path, table: str) -> int:
    """The page number of the last leaf of ``table``'s b-tree (its root must be an interior page)."""
    con = sqlite3.connect(path)
    root, size = con.execute("SELECT rootpage FROM sqlite_master WHERE name = ?", (table,)).fetchone()[0], \
        con.execute("PRAGMA page_size").fetchone()[0]
    con.close()
    page = path.read_bytes()[(root - 1) * size: root * size]
    assert page[0] == 0x05, "the table fits its root page: add rows"  # an interior page of a table b-tree
    return int.from_bytes(page[8:12], "big")  # its right-most child


async def test_a_sound_file_is_opened_without_reading_every_page_then_checked_whole(tmp_path, monkeypatch, caplog):
    path = tmp_path / "bot.sqlite3"
    await filled_db(path)
    ran: list[str] = []
    connect = sqlite3.connect

    def traced(*args, **kwargs):  # every connection the store opens
        con = connect(*args, **kwargs)
        con.set_trace_callback(ran.append)
        return con

    monkeypatch.setattr(sqlite3, "connect", traced)
    sessions = await open_sessions(path)  # opened and every game loaded: what a restart waits for
    assert ran and not [sql for sql in ran if "quick_check" in sql]
    caplog.set_level("INFO", logger="bot.store.sqlite")
    assert await sessions.store.check_pages() is None
    assert [sql for sql in ran if "quick_check" in sql]  # the whole file, now
    assert any("every page checked" in r.getMessage() and str(path) in r.getMessage() for r in caplog.records)
    assert sessions.store.damaged is None and await play(sessions, 10, 2, seed=4) == 2  # moves go on
    await sessions.store.close()


async def test_damage_deep_in_the_file_is_found_after_the_start_and_every_later_write_is_refused(tmp_path, caplog):
    path = tmp_path / "bot.sqlite3"
    await filled_db(path)
    store = await SqliteStore.open(path)
    at = datetime(2026, 1, 1, tzinfo=UTC)
    await store.keep_interactions([(i, at) for i in range(1, 1500)])  # a table of several pages
    await store.close()
    sqlite3.connect(path).execute("PRAGMA wal_checkpoint(TRUNCATE)").close()
    size = sqlite3.connect(path).execute("PRAGMA page_size").fetchone()[0]
    leaf = _last_leaf(path, "interactions")
    with open(path, "r+b") as fh:  # garbage over a page no start reads
        fh.seek((leaf - 1) * size)
        fh.write(bytes((i * 7 + 3) % 251 for i in range(size)))
    sessions = await open_sessions(path)  # the start does not read that page: it opens and loads
    table = sessions.table(10)
    moves_before = table.n
    assert not table.broken and await play(sessions, 10, 1, seed=4) == 1
    caplog.set_level("INFO", logger="bot.store.sqlite")
    found = await sessions.store.check_pages()
    assert found  # what SQLite found
    [line] = [r.getMessage() for r in caplog.records if r.levelname == "ERROR"]
    assert str(path) in line and "restore a backup" in line and "refused" in line and "\n" not in line
    table = sessions.table(10)
    seat = sorted(table.to_move())[0]
    reply = await sessions.move_as(10, seat, expand(table.engine, table.state, seat, "", random.Random(2)))
    assert not reply.ok and "restore a backup" in reply.text  # the players' words (store.damaged)
    with pytest.raises(StoreUnavailable) as refused:
        await sessions.store.set_setting("guild", 1, "x", 1)
    assert refused.value.kind == "damaged"
    await sessions.store.close()
    con = sqlite3.connect(path)  # nothing was written after the check
    assert con.execute("SELECT COUNT(*) FROM moves WHERE game_id = ?", (table.record.id,)).fetchone()[0] == \
        moves_before + 1
    assert con.execute("SELECT COUNT(*) FROM settings WHERE scope = 'guild'").fetchone()[0] == 0
    con.close()


def test_damage_a_restart_reads_stops_the_check_in_one_line_that_says_what_to_do(tmp_path):
    path = tmp_path / "bot.sqlite3"
    asyncio.run(filled_db(path, games=("west-of-africa", "bruges", "amerigo"), moves=12))
    sqlite3.connect(path).execute("PRAGMA wal_checkpoint(TRUNCATE)").close()
    size = sqlite3.connect(path).execute("PRAGMA page_size").fetchone()[0]
    leaf = _last_leaf(path, "snapshots")  # the newest games' snapshots: a restart reads their rows
    with open(path, "r+b") as fh:
        fh.seek((leaf - 1) * size)
        fh.write(bytes((i * 7 + 3) % 251 for i in range(size)))
    done = subprocess.run([sys.executable, "-m", "bot", "--check", "--env-file", os.devnull], capture_output=True,
                          text=True, timeout=120, cwd=ROOT, env={**os.environ, "DATABASE_PATH": str(path)})
    assert done.returncode == 2
    lines = [line for line in done.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and str(path) in lines[0] and "restore a backup" in lines[0], lines


@pytest.mark.parametrize("how", ["corrupt", "empty"])
def test_the_console_says_what_is_wrong_and_exits(tmp_path, how):
    path = tmp_path / "bot.sqlite3"
    asyncio.run(filled_db(path, games=("west-of-africa",), moves=3))
    sqlite3.connect(path).execute("PRAGMA wal_checkpoint(TRUNCATE)").close()
    damage(path, how)
    done = subprocess.run([sys.executable, "-m", "bot.console", "west-of-africa", "--players", "2", "--db", str(path),
                           "--no-images", "--out", str(tmp_path / "out")],
                          input="", capture_output=True, text=True, timeout=120, cwd=ROOT)  # only against a hang
    assert done.returncode == 2
    lines = [line for line in (done.stdout + done.stderr).splitlines() if line.strip()]
    assert len(lines) == 1 and str(path) in lines[0] and "Traceback" not in lines[0], lines


async def test_a_damaged_snapshot_is_rebuilt_from_the_log(tmp_path):
    path = tmp_path / "bot.sqlite3"
    await filled_db(path, games=("bruges",), moves=15)
    con = sqlite3.connect(path)
    good = con.execute("SELECT state FROM snapshots").fetchone()[0]
    con.execute("UPDATE snapshots SET state = ?", (good[: len(good) // 2],))  # cut in the middle
    con.commit()
    con.close()
    sessions = await open_sessions(path)
    table = sessions.table(10)
    assert table is not None and not table.broken
    assert table.state == json.loads(good)
    assert await play(sessions, 10, 3, seed=9) == 3  # and it plays on
    await sessions.store.close()
    con = sqlite3.connect(path)
    assert replays_to_snapshot(con, table.record.id)
    con.close()


async def test_a_logged_move_that_no_longer_replays_marks_the_game_broken(tmp_path):
    path = tmp_path / "bot.sqlite3"
    await filled_db(path, games=("west-of-africa", "bruges"), moves=10)
    con = sqlite3.connect(path)
    gid = con.execute("SELECT game_id FROM moves WHERE text LIKE '%' ORDER BY game_id LIMIT 1").fetchone()[0]
    con.execute("UPDATE moves SET text = 'fly to the moon' WHERE game_id = ? AND n = 4", (gid,))
    con.commit()
    con.close()
    sessions = await open_sessions(path)
    assert await sessions.verify_all() == [gid]
    table = next(t for t in sessions.tables() if t.record.id == gid)
    assert table.broken and "move 4" in table.broken
    reply = await sessions.move_as(table.record.channel_id, sorted(table.to_move())[0], "anything")
    assert not reply.ok and "move 4" in reply.text
    other = next(t for t in sessions.tables() if t.record.id != gid)
    assert not other.broken and await play(sessions, other.record.channel_id, 2) == 2  # the rest is served
    await sessions.store.close()


# --- part 5: faults while running -----------------------------------------------------------
class Failing(sqlite3.Connection):
    """A writer connection that raises ``error`` at statement number ``at`` of its next transaction."""

    plan: dict = {}

    def execute(self, sql, *args):
        plan = Failing.plan
        if plan.get("armed"):
            if sql.startswith("BEGIN"):
                plan["count"] = 0
            else:
                plan["count"] = plan.get("count", 0) + 1
                if plan["count"] == plan["at"]:
                    plan["armed"] = False
                    plan["hit"] = plan.get("hit", 0) + 1
                    plan["sql"] = sql
                    raise sqlite3.OperationalError(plan["error"])
        return super().execute(sql, *args)

    def executemany(self, sql, *args):
        return super().executemany(sql, *args)


def db_rows(path):
    con = sqlite3.connect(path)
    try:
        return (con.execute("SELECT game_id, n, seat, text FROM moves ORDER BY game_id, n").fetchall(),
                con.execute("SELECT game_id, n, state FROM snapshots ORDER BY game_id").fetchall(),
                con.execute("SELECT id, status, updated_at FROM games ORDER BY id").fetchall())
    finally:
        con.close()


async def test_a_write_failing_at_any_statement_leaves_nothing_half_written(tmp_path):
    """Disk full / I/O error at each statement of a move's transaction (and at COMMIT): refused, no trace."""
    path = tmp_path / "bot.sqlite3"
    sessions = await open_sessions(path)
    await new_game(sessions, 10, "west-of-africa")
    await new_game(sessions, 11, "bruges")
    await play(sessions, 10, 4)
    store = sessions.store
    store.writer_factory = Failing
    store._writer = None  # the next write connects with the failing class
    tries = refused = 0
    failed_at: dict[str, list[str]] = {}  # per error: the statement it failed, at each position hit
    for error in ("database or disk is full", "disk I/O error"):
        for at in range(1, 7):  # INSERT move, snapshot, status, timers..., then COMMIT
            Failing.plan = {"armed": True, "at": at, "error": error}
            before = db_rows(path)
            table = sessions.table(10)
            state_before, n_before = table.engine.to_json_text(table.state), table.n
            seat = sorted(table.to_move())[0]
            move = expand(table.engine, table.state, seat, "", random.Random(at))
            reply = await sessions.move_as(10, seat, move)
            tries += 1
            if Failing.plan.get("hit"):
                refused += 1
                failed_at.setdefault(error, []).append(Failing.plan["sql"].split(" ", 1)[0])
                assert len(failed_at[error]) == at  # every position up to the transaction's end hit
                assert not reply.ok and ("full" in reply.text if "full" in error else "could not write" in reply.text)
                assert db_rows(path) == before  # nothing half-written
                assert table.engine.to_json_text(table.state) == state_before and table.n == n_before
            else:  # the transaction had fewer statements than ``at``: it went through
                assert reply.ok
            assert await play(sessions, 11, 1, seed=at) == 1  # another channel is served right after
    assert tries == 12 and refused >= 6
    # each series failed at every statement through the COMMIT (the first one's first at connecting: the
    # writer was dropped above), and between them at the game's row and the move's
    assert all(verbs[-1] == "COMMIT" for verbs in failed_at.values()) and len(failed_at) == 2, failed_at
    assert {"UPDATE", "INSERT", "PRAGMA"} <= {v for verbs in failed_at.values() for v in verbs}, failed_at
    Failing.plan = {}
    assert await play(sessions, 10, 3, seed=77) == 3  # recovered without a restart
    await store.close()
    con = sqlite3.connect(path)
    assert all(replays_to_snapshot(con, g) for (g,) in con.execute("SELECT id FROM games"))
    con.close()


async def test_a_real_full_disk_refuses_then_recovers(tmp_path):
    """SQLite's own page limit stands in for a full disk: SQLITE_FULL, refused, then fine once space is back."""
    path = tmp_path / "bot.sqlite3"
    sessions = await open_sessions(path)
    await new_game(sessions, 10, "terra-mystica")
    store = sessions.store
    # no free page left in the file (migration 0023 rebuilt two tables and freed their old pages):
    # the next page a write needs is one more than the limit allows
    await store._on_writer(lambda db: db.execute("VACUUM"))
    pages = await store._on_writer(lambda db: db.execute("PRAGMA page_count").fetchone()[0])
    assert await store._on_writer(lambda db: db.execute("PRAGMA freelist_count").fetchone()[0]) == 0
    store.writer_pragmas.append(f"max_page_count={pages}")
    store._writer = None
    refused = 0
    for i in range(40):  # a Terra Mystica snapshot soon needs a page more than there is
        table = sessions.table(10)
        n = table.n
        try:
            await play(sessions, 10, 1, seed=i)
        except AssertionError as err:
            assert "disk is full" in str(err)
            assert sessions.table(10).n == n
            refused += 1
            break
    assert refused == 1
    store.writer_pragmas.clear()  # space again
    assert await play(sessions, 10, 3, seed=5) == 3
    await store.close()


async def test_a_read_only_database_refuses_moves_and_recovers(tmp_path):
    path = tmp_path / "bot.sqlite3"
    sessions = await open_sessions(path)
    await new_game(sessions, 10, "west-of-africa")
    store = sessions.store
    store.writer_pragmas.append("query_only=ON")  # the file went read-only (a real SQLITE_READONLY)
    store._writer = None
    table = sessions.table(10)
    n = table.n
    with pytest.raises(AssertionError, match="read-only"):
        await play(sessions, 10, 1)
    assert table.n == n and db_rows(path)[0] == []
    store.writer_pragmas.clear()
    assert await play(sessions, 10, 2) == 2
    await store.close()


async def test_a_lock_held_past_the_timeout_refuses_one_move_and_the_loop_stays_free(tmp_path):
    path = tmp_path / "bot.sqlite3"
    sessions = await open_sessions(path, busy_timeout=1.0)
    await new_game(sessions, 10, "west-of-africa")
    await new_game(sessions, 11, "bruges")
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")  # another process holds the write lock
    ticks = []

    async def ticker():
        while True:
            ticks.append(pending.done())
            await asyncio.sleep(0.01)

    table = sessions.table(10)
    seat = sorted(table.to_move())[0]
    move = expand(table.engine, table.state, seat, "", random.Random(1))
    pending = asyncio.ensure_future(sessions.move_as(10, seat, move))
    tick = asyncio.get_running_loop().create_task(ticker())
    try:
        moves = await sessions.store.moves(sessions.table(11).record.id)  # another channel reads meanwhile
        read_first = not pending.done()
        reply = await pending
        assert not reply.ok and "busy" in reply.text and table.n == 0
        assert moves == [] and read_first  # answered while the move still waited for the lock, not behind it
        # the loop kept running while the move waited (a database call on it would stall it for the
        # whole 1 s wait: the ticker could not run until the move's answer)
        assert ticks.count(False) >= 5
    finally:
        tick.cancel()
        other.execute("ROLLBACK")
        other.close()
    assert await play(sessions, 10, 2) == 2  # the lock is gone: it goes on, no restart
    await sessions.store.close()


async def test_no_database_statement_runs_on_the_event_loop_thread(tmp_path):
    from bot.table.pbp.service import Pbp
    from bot.table.timers import ManualClock

    class Quiet:
        async def send(self, notice):
            return True

        async def keep_thread_alive(self, thread_id):
            pass

        def place(self, guild_id, channel_id):
            return "here"

    path = tmp_path / "bot.sqlite3"
    sessions = await open_sessions(path)
    clock = ManualClock()
    pbp = Pbp(sessions, path, Quiet(), clock)
    await pbp.start(run=False)
    loop_thread = threading.get_ident()
    seen = {"loop": [], "other": 0}

    def trace(sql):
        if threading.get_ident() == loop_thread:
            seen["loop"].append(sql)
        else:
            seen["other"] += 1

    store = sessions.store
    await store._on_writer(lambda db: db.set_trace_callback(trace))
    await store.conn._execute(store.conn._conn.set_trace_callback, trace)
    await pbp.dbt.run(lambda: pbp.db.set_trace_callback(trace))
    await new_game(sessions, 10, "west-of-africa")
    await pbp.set_game(10, PLAYERS[0].user_id, remind_hours=2)
    await play(sessions, 10, 6)
    await sessions.undo(10)
    await pbp.history(10)
    await pbp.listing(guild_id=1)
    await pbp.set_prefs(PLAYERS[1].user_id, quiet="22:00-07:00")
    clock.advance(3 * 3600)
    await pbp.dispatcher.run_due()
    await pbp.request_undo(10, PLAYERS[0].user_id)
    assert seen["loop"] == [] and seen["other"] > 50
    await pbp.stop()
    await store.close()


# --- part 6: backups ---------------------------------------------------------------------------
async def test_an_online_backup_restores_and_every_game_replays(tmp_path):
    path = tmp_path / "live.sqlite3"
    sessions = await open_sessions(path)
    for i, game in enumerate(("west-of-africa", "bruges", "altiplano", "amerigo", "terra-mystica")):
        await new_game(sessions, 10 + i, game)
        await play(sessions, 10 + i, 8 + i, seed=i)
    # a backup taken while moves are being written is consistent
    writing = asyncio.ensure_future(play(sessions, 10, 20, seed=42))
    copy = await sessions.store.backup(tmp_path / "backups")
    await writing
    cli = subprocess.run([sys.executable, "-m", "bot.backup", str(tmp_path / "cli.sqlite3"), "--db", str(path),
                          "--env-file", os.devnull], capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert cli.returncode == 0, cli.stderr
    await sessions.store.close()
    for restored in (copy, tmp_path / "cli.sqlite3"):
        con = sqlite3.connect(restored)
        ids = [g for (g,) in con.execute("SELECT id FROM games")]
        assert len(ids) == 5 and all(replays_to_snapshot(con, g) for g in ids)
        con.close()
        again = await open_sessions(restored)  # and the bot runs on it
        assert await again.verify_all() == [] and len(again.tables()) == 5
        await again.store.close()


def test_a_backup_of_a_damaged_file_fails_clearly(tmp_path):
    bad = tmp_path / "bad.sqlite3"
    bad.write_text("nope " * 100)
    with pytest.raises(DatabaseDamaged):
        store_mod.backup(bad, tmp_path / "copy.sqlite3")
    assert not (tmp_path / "copy.sqlite3").exists()


def test_store_unavailable_names_the_kind():
    assert StoreUnavailable("full").kind == "full"
    assert store_mod.classify(sqlite3.OperationalError("database or disk is full")) == "full"
    assert store_mod.classify(sqlite3.OperationalError("attempt to write a readonly database")) == "readonly"
    assert store_mod.classify(sqlite3.OperationalError("database is locked")) == "locked"


# --- the loop stays free ---------------------------------------------------------------------
def test_board_at_move_n_replays_from_the_nearest_checkpoint_and_not_after_an_undo():
    import games
    from bot.table import history
    from games.core.playout import random_playout

    engine = games.get("bruges")
    _, moves = random_playout(engine, 2, 3)
    moves = moves[:120]
    cps = history.Checkpoints()
    calls = {"n": 0}
    real_play = engine.play

    def counting(state, seat, text, **kw):
        calls["n"] += 1
        return real_play(state, seat, text, **kw)

    engine.play = counting
    try:
        first = cps.state_at(engine, 2, 3, None, moves, 110)
        assert calls["n"] == 110
        calls["n"] = 0
        again = cps.state_at(engine, 2, 3, None, moves, 110)
        assert calls["n"] == 10 and engine.to_json_text(again) == engine.to_json_text(first)
        calls["n"] = 0
        changed = moves[:60]  # an undo took moves back: checkpoints past it must not be used
        cps.state_at(engine, 2, 3, None, changed, 60)
        assert calls["n"] == 10
    finally:
        engine.play = real_play
    expected = history.state_at(engine, 2, 3, None, moves, 110)
    assert engine.to_json_text(expected) == engine.to_json_text(first)


async def test_boards_drawn_in_worker_processes():
    import games
    from bot.table import render_pool
    from renderers import render_png

    engine = games.get("west-of-africa")
    view = engine.view(engine.setup(2, 1, None), None)
    assert render_pool.start(1) == 1
    try:
        png = await render_pool.draw("west-of-africa", view, ["A", "B"])
        assert shown(png) == shown(render_png("west-of-africa", view, ["A", "B"])) and render_pool.worker_pids()
        assert os.getpid() not in render_pool.worker_pids()
    finally:
        render_pool.stop()
    assert not render_pool.running()
