"""The play-by-post rows and the timers: every statement, on a SQLite file and on the real
PostgreSQL server, through the database thread the bot uses (the SQLite store's writer, or a
connection of its own for PostgreSQL), with the same answers.

Each statement has a text for each backend (``bot/store/statements.py``); these tests call
every method of :class:`PbpRows` and :class:`TimerStore`, so both texts of every statement run.
A statement added there and not used, or a method added and not called here, fails.
"""

from __future__ import annotations

import inspect
import json
import re
from datetime import UTC, datetime
from pathlib import Path

import pytest

from bot.store import open_store
from bot.store import statements as sql
from bot.store.pbp import GAME_DEFAULTS, SEAT_ROW, PbpRows
from bot.store.threads import on_store
from bot.store.timers import TimerStore, iso_at

T0 = datetime(2026, 1, 1, 12, tzinfo=UTC)
STATEMENTS = {name: value for name, value in vars(sql).items() if isinstance(value, sql.Sql)}


def _public(cls) -> set[str]:
    return {name for name, value in vars(cls).items() if inspect.isfunction(value) and not name.startswith("_")}


@pytest.mark.parametrize("name", sorted(STATEMENTS))
def test_both_texts_of_a_statement_take_the_same_values(name):
    stmt = STATEMENTS[name]
    lists = "{marks}" in stmt.sqlite or "{rows}" in stmt.sqlite  # one ``?`` per item: filled in by the caller
    marks = stmt.sqlite.count("?")
    numbers = {int(n) for n in re.findall(r"\$(\d+)", stmt.postgres)}
    assert numbers == set(range(1, len(numbers) + 1)), "PostgreSQL's marks are $1..$n"
    assert "?" not in stmt.postgres and "$" not in stmt.sqlite
    if not lists:
        assert marks == len(numbers), f"{name}: {marks} values for SQLite, {len(numbers)} for PostgreSQL"
    assert stmt.sqlite.count("{mine}") == stmt.postgres.count("{mine}")


def test_the_seat_rows_columns_are_named_in_their_order():
    """``PbpRows.seat_rows`` answers tuples; ``SEAT_ROW`` names their columns, as both texts do."""
    for text in (sql.SEAT_ROWS.sqlite, sql.SEAT_ROWS.postgres):
        select = text.split(" FROM seats s", 1)[0]
        assert tuple(re.findall(r" AS (\w+)", select)) == SEAT_ROW


def test_every_statement_is_used_by_the_rows_or_the_timers():
    source = "".join(Path(m.__file__).read_text(encoding="utf-8") for m in (inspect.getmodule(PbpRows),
                                                                                inspect.getmodule(TimerStore)))
    unused = [name for name in STATEMENTS if f"sql.{name}" not in source]
    assert not unused, f"statements nobody runs: {unused}"


class Recorder:
    """The rows under test, noting which public methods were called."""

    def __init__(self, rows, methods: set[str]):
        self.rows, self.methods, self.called = rows, methods, set()

    def __getattr__(self, name):
        if name in self.methods:
            self.called.add(name)
        return getattr(self.rows, name)


@pytest.fixture
async def db(backend):
    """(store, database thread) on the backend, the store's schema migrated."""
    store = await open_store(**backend)
    thread = on_store(backend.get("url") or backend["path"], store)
    yield store, thread
    thread.close()
    await store.close()


async def test_the_timer_statements_answer_alike(db):
    store, thread = db
    gid = await store.create_game("bruges", 1, {}, 1, None, 10, 1, [(1, "A")], T0)
    timers = Recorder(TimerStore(thread), _public(TimerStore))

    async def run(fn, *args):
        return await thread.run(fn, *args, write=True)

    first = await run(timers.add, "remind", 1000.0, {"b": 1, "a": 2}, "remind:1:0", gid, 7, 10.0)
    again = await run(timers.add, "remind", 900.0, {"b": 1}, "remind:1:0", gid, 7, 11.0)
    assert again != first  # a timer with the same key is replaced, under a new id
    await run(timers.put, "note", 2000.0, None, "note", None, None, 12.0)
    await run(timers.put, "archive", 3000.0, {}, "archive:1", gid, None, 12.0)
    got = await run(timers.get, "remind:1:0")
    assert (got.id, got.kind, got.due, got.payload, got.game_id, got.user_id, got.attempts) == (
        again, "remind", 900.0, {"b": 1}, gid, 7, 0)
    assert await run(timers.get, "nothing") is None
    assert [t.key for t in await run(timers.all)] == ["remind:1:0", "note", "archive:1"]
    assert [t.key for t in await run(timers.due, 2000.0, 10)] == ["remind:1:0", "note"]
    assert await run(timers.next_due) == 900.0
    assert [await run(timers.count_due, t) for t in (899.0, 900.0, 2000.0, 3000.0)] == [0, 1, 2, 3]

    claimed = await run(timers.claim_due, 950.0, 10, 300.0)
    assert [t.key for t in claimed] == ["remind:1:0"]
    assert await run(timers.claim_due, 950.0, 10, 300.0) == []  # held by its claim
    assert await run(timers.count_due, 950.0) == 1  # held, not fired: still due
    assert await run(timers.next_due) == 1250.0  # when the claim runs out
    await run(timers.retry, claimed[0], 5000.0)
    got = await run(timers.get, "remind:1:0")
    assert (got.due, got.attempts) == (5000.0, 1)
    assert await run(timers.kept, got.id) is True and await run(timers.kept, first) is False  # replaced
    await run(timers.delete, got.id)
    assert await run(timers.kept, got.id) is False
    assert await run(timers.cancel, "note") is True
    assert await run(timers.cancel, "note") is False
    await run(timers.discard, "nothing")
    await run(timers.put, "deadline", 4000.0, {}, "deadline:1:0", gid, None, 12.0)
    assert await run(timers.cancel_game, gid, ("deadline", "auto")) == 1
    assert [t.key for t in await run(timers.all)] == ["archive:1"]
    assert await run(timers.cancel_game, gid) == 1
    assert await run(timers.all) == [] and await run(timers.next_due) is None
    assert timers.called == timers.methods, f"call these here too: {sorted(timers.methods - timers.called)}"


async def test_the_play_by_post_statements_answer_alike(db):
    store, thread = db
    one = await store.create_game("bruges", 1, {}, 1, None, 10, 1, [(1, "A"), (2, "B")], T0)
    two = await store.create_game("amerigo", 1, {}, 1, None, 11, 2, [(2, "B"), (3, "C")], T0)
    await store.start_game(one, [(1, "A"), (2, "B")], "{}", 1, T0)
    await store.append_move(one, 1, 1, "a", "public", "", False, "{}", 1, T0)
    rows = Recorder(PbpRows(thread), _public(PbpRows))
    timers = TimerStore(thread)

    async def run(fn, *args):
        return await thread.run(fn, *args, write=True)

    # pbp_games
    assert await run(rows.game, one) == dict(GAME_DEFAULTS, game_id=one)  # reading never writes
    await run(rows.ensure_game, one)
    await run(rows.lock_game, two)
    await run(rows.set_time_control, one, '{"mode": "none"}')
    await run(rows.set_last_activity, one, 5.5)
    await run(rows.set_remind_hours, one, 6.0)
    await run(rows.set_thread, one, 2**62)
    await run(rows.set_dropped, one, "[1]")
    await run(rows.set_stalled, one)
    await run(rows.set_archived, one)
    row = await run(rows.game, one)
    assert {k: row[k] for k in GAME_DEFAULTS} == {
        "remind_hours": 6.0, "time_control": '{"mode": "none"}', "thread_id": 2**62, "board_url": None,
        "stalled": 1, "archived": 1, "dropped": "[1]", "last_activity": 5.5}
    assert await run(rows.game_of_thread, 2**62) == one and await run(rows.game_of_thread, 1) is None
    await run(rows.set_settings, two, 3.0, '{"mode": "x"}', None)
    assert [(await run(rows.game, two))[k] for k in ("remind_hours", "time_control", "thread_id")] == [
        3.0, '{"mode": "x"}', None]

    # pbp_waits
    await run(rows.start_wait, one, 0, 100.0)
    await run(rows.start_wait, one, 1, 200.0)
    await run(rows.reminded, one, 0, 150.0)
    await run(rows.mute, one, 0)
    assert await run(rows.wait, one, 0) == {"game_id": one, "seat": 0, "since": 100.0, "reminded": 1,
                                           "last_at": 150.0, "muted": 1}
    await run(rows.start_wait, one, 0, 300.0)  # waited for again: a fresh wait
    assert [(await run(rows.wait, one, 0))[k] for k in ("since", "reminded", "last_at", "muted")] == [
        300.0, 0, None, 0]
    assert sorted(await run(rows.waits_since, one)) == [200.0, 300.0]
    await run(rows.end_wait, one, 1)
    assert await run(rows.wait, one, 1) is None and await run(rows.waits_since, one) == [300.0]
    # several games' waits in one call (a batch of moves' steps): started, started again afresh, ended
    await run(rows.start_wait_rows, [(one, 1, 400.0), (two, 0, 410.0), (two, 1, 420.0)])
    await run(rows.reminded, two, 0, 415.0)
    await run(rows.start_wait_rows, [(two, 0, 430.0)])
    assert [(await run(rows.wait, two, 0))[k] for k in ("since", "reminded", "last_at", "muted")] == [
        430.0, 0, None, 0]
    assert sorted(await run(rows.waits_since, one)) == [300.0, 400.0]
    assert sorted(await run(rows.waits_since, two)) == [420.0, 430.0]
    await run(rows.end_wait_rows, [(one, 1), (two, 0), (two, 1)])
    assert await run(rows.waits_since, one) == [300.0] and await run(rows.waits_since, two) == []

    # pbp_clocks, pbp_prefs
    assert await run(rows.clock, one, 0) is None
    await run(rows.save_clock, one, 0, '{"used": 1}')
    await run(rows.save_clock, one, 0, '{"used": 2}')
    assert await run(rows.clock, one, 0) == '{"used": 2}'
    assert await run(rows.prefs, 2) is None
    await run(rows.set_prefs, 2, 4.0, "22:00", "07:00", "Asia/Taipei", True)
    await run(rows.set_prefs, 2, None, None, None, "UTC", False)
    prefs = await run(rows.prefs, 2)
    assert [prefs[k] for k in ("interval_hours", "quiet_start", "quiet_end", "tz", "dm")] == [
        None, None, None, "UTC", 0]

    # across the tables: one read per batch of games after a move
    await run(timers.put, "remind", 9000.0, {}, f"remind:{one}:0", one, 1, 0.0)
    await run(timers.put, "thread", 9000.0, {}, f"thread:{one}", one, None, 0.0)
    touched = await run(rows.touch_games, [one, two], 42.0)
    assert [(touched[g]["last_seat"], touched[g]["open_polls"], touched[g]["thread_timer"],
             touched[g]["archive_timer"], touched[g]["last_activity"], touched[g]["stalled"]) for g in (one, two)] == [
        (1, 0, 1, 0, 42.0, 0), (None, 0, 0, 0, 42.0, 0)]
    seated = [dict(zip(SEAT_ROW, r, strict=True)) for r in await run(rows.seat_rows, [one, two])]
    assert [(r["game_id"], r["seat"], r["waited"], r["clock"], r["has_prefs"], r["remind_due"]) for r in seated] == [
        (one, 0, 0, '{"used": 2}', None, iso_at(9000.0)), (one, 1, None, None, 2, None),
        (two, 0, None, None, 2, None), (two, 1, None, None, None, None)]
    # a restart's start: one row a game, whether its rows are in line (waits, the keys of its timers)
    started = await run(rows.start_rows, [one, two])
    assert [(started[g][0], started[g][1], started[g][4], sorted((started[g][5] or "").split(",")))
            for g in (one, two)] == [(42.0, 2**62, "0", [f"remind:{one}:0", f"thread:{one}"]), (42.0, None, None, [""])]
    assert await run(rows.seats_of, 2, ("open", "running")) == [(one, 1), (two, 0)]
    assert await run(rows.seats_of, 2, ("running",)) == [(one, 1)]
    await run(rows.end_waits, one)
    assert await run(rows.waits_since, one) == []

    # pbp_polls
    poll = await run(rows.new_poll, one, "undo", json.dumps({"seat": 0}), 7.0)
    other = await run(rows.new_poll, one, "timeout", "{}", 8.0)
    assert other != poll
    await run(rows.set_votes, poll, '{"1": "yes"}')
    got = await run(rows.poll, poll)
    assert [got[k] for k in ("game_id", "kind", "data", "votes", "open", "created")] == [
        one, "undo", '{"seat": 0}', '{"1": "yes"}', 1, 7.0]
    assert [r["id"] for r in await run(rows.open_polls, one, "undo")] == [poll]
    await run(rows.close_poll, poll)
    # a closed poll is gone (the table holds the open ones alone): a late vote finds none
    assert await run(rows.open_polls, one, "undo") == [] and await run(rows.poll, poll) is None
    assert (await run(rows.touch_games, [one], 43.0))[one]["open_polls"] == 1
    # a restart's start: the games' rows held, each with its open polls and whether its thread timer exists
    locked = await run(rows.lock_games, [one, two])
    assert [(locked[g]["open_polls"], locked[g]["thread_timer"], locked[g]["last_activity"]) for g in (one, two)] == [
        (1, 1, 43.0), (0, 0, 42.0)]
    await run(rows.close_polls, one)
    assert await run(rows.open_polls, one, "timeout") == [] and await run(rows.poll, other) is None
    assert rows.called == rows.methods, f"call these here too: {sorted(rows.methods - rows.called)}"
