"""No statement the bot runs while playing reads every row of a table that grows with history.

Every table here grows with the games played (moves, seats, finished games, timers, polls...), so
a statement that scans one gets slower the longer a bot runs. Two sources of statements, on both
backends: every play-by-post and timer statement (``bot/store/statements.py``, each text as the
bot fills it in: lists, the shard filter), and every statement the store ran in a session's life
(games made, started, moved, undone, reloaded, finished; a player's and a channel's games) as
captured while it ran. Each is explained by the real database (SQLite's ``EXPLAIN QUERY PLAN``;
PostgreSQL's ``EXPLAIN`` with sequential scans priced out, so a scan shows only where no index
serves) and fails on a full scan of any table. ``ALLOWED`` names the few that may, and why.
"""

from __future__ import annotations

import random
import re
import sqlite3
from datetime import UTC, datetime, timedelta

import pytest

import games
from bot.store import open_store
from bot.store import statements as sql
from bot.store.shards import Shards
from bot.table.sessions import Actor, SessionManager
from games.core.playout import expand

T0 = datetime(2026, 1, 1, 12, tzinfo=UTC)
PEOPLE = [Actor(100 + i, f"P{i}") for i in range(3)]
STATEMENTS = {name: value for name, value in vars(sql).items() if isinstance(value, sql.Sql)}
#: statement name -> why it may read a whole table (nothing the bot runs while playing)
ALLOWED = {
    "ALL_TIMERS": "every timer, for the tests and tools that list them",
}
#: the check of an existing file at its opening: one row of a table (``bot/store/sqlite_file.py``)
FIRST_ROW = re.compile(r'SELECT \* FROM "\w+" LIMIT 1')
#: the shard filter the timer statements carry in a process that runs some shards only
SHARDS = Shards.of(2, (1,))


class Clock:
    def __init__(self):
        self.t = T0

    def now(self):
        self.t += timedelta(seconds=1)
        return self.t


def _texts(dialect: str) -> dict[str, str]:
    """Each statement's text as the bot runs it (lists of two; with and without a shard filter)."""
    from bot.store.timers import TimerStore

    mine = TimerStore._mine(type("S", (), {"shards": SHARDS})())
    out = {}
    for name, stmt in STATEMENTS.items():
        text = getattr(stmt, dialect)
        text = text.replace("{rows}", "(?, ?, 0), (?, ?, 0)").replace("{marks}", "?, ?")
        out[name] = text.replace("{mine}", "")
        if "{mine}" in getattr(stmt, dialect):
            out[f"{name} (shards)"] = text.replace("{mine}", mine)
    return out


async def _session_life(backend: dict) -> None:
    """What the store runs for a table's whole life, each title: made, joined, started, moves, an
    undo, a restart, the channel's and the players' games, to the end of one game."""
    clock = Clock()
    store = await open_store(**backend)
    sessions = SessionManager(store, clock=clock, seed_source=lambda: 3, render=False)
    await sessions.load_all()
    rnd = random.Random(4)
    for ch, gid in enumerate(games.game_ids(), start=10):
        made = await sessions.create(ch, PEOPLE[0], gid, PEOPLE[1:3], None, guild_id=(ch << 22) + 1)
        assert made.ok, made.text
        assert (await sessions.start(ch, PEOPLE[0])).ok
        for _ in range(20):
            table = sessions.table(ch)
            if table is None:
                break
            seat = rnd.choice(table.to_move())
            assert (await sessions.move_as(ch, seat, expand(table.engine, table.state, seat, "", rnd))).ok
        assert (await sessions.undo(ch)).ok
    await sessions.save_snapshots(idle=0)
    await store.latest_played(10)
    again = SessionManager(store, clock=clock, seed_source=lambda: 3, render=False,
                           shards=Shards.of(2, (0,)))
    await again.load_all()
    await again.load_game(1)
    await sessions.abort(10, PEOPLE[0])
    await store.close()


def _scans_sqlite(path: str, text: str) -> list[str]:
    con = sqlite3.connect(path)
    try:
        plan = con.execute("EXPLAIN QUERY PLAN " + text, [None] * text.count("?")).fetchall()
    finally:
        con.close()
    tables = _sqlite_tables(path)
    return [row[3] for row in plan if (m := re.match(r"SCAN (\w+)", row[3])) and m.group(1) in tables]


def _sqlite_tables(path: str) -> set[str]:
    con = sqlite3.connect(path)
    try:
        return {r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    finally:
        con.close()


def _statement(text: str) -> bool:
    """One statement that reads or writes rows (not a transaction's or a connection's own, nor the
    driver's reset of a pooled connection, several statements in one)."""
    return bool(re.match(r"\s*(SELECT|INSERT|UPDATE|DELETE|WITH)\b", text, re.I)) and ";" not in text.strip(" ;")


async def test_no_sqlite_statement_reads_a_whole_table(tmp_path, monkeypatch):
    path = str(tmp_path / "plans.sqlite3")
    # the migrations first, untraced: they run once, not while playing (a table rebuilt by one is
    # copied whole into a new table of another name), and the plans below are the live tables'
    await (await open_store(path=path)).close()
    ran: set[str] = set()
    connect = sqlite3.connect

    def traced(*args, **kwargs):  # every connection the store opens (its reader and its writer)
        con = connect(*args, **kwargs)
        con.set_trace_callback(ran.add)
        return con

    monkeypatch.setattr(sqlite3, "connect", traced)
    await _session_life({"path": path})
    monkeypatch.setattr(sqlite3, "connect", connect)
    # (the opening's check of the existing file reads one row of each table, whatever its size:
    # ``sqlite_file.check_file``, once at start)
    texts = {f"ran: {t[:100]}": t for t in ran if _statement(t) and not FIRST_ROW.fullmatch(t)} | _texts("sqlite")
    assert len(texts) > len(STATEMENTS) + 10  # the session's own statements were seen
    found = {name: scans for name, text in texts.items()
             if (scans := _scans_sqlite(path, text)) and name.split(" ")[0] not in ALLOWED}
    assert not found, found


# --- PostgreSQL -------------------------------------------------------------------------------------
#: a dummy value of each parameter type PostgreSQL infers (so the statement can be explained)
DUMMY = {"bigint": "1", "integer": "1", "smallint": "1", "double precision": "1.5", "real": "1.5",
         "numeric": "1", "text": "'x'", "character varying": "'x'", "boolean": "true",
         "bigint[]": "'{1,2}'", "integer[]": "'{1,2}'", "text[]": "'{x,y}'", "unknown": "'x'", "jsonb": "'[1, 2]'"}


async def _scans_postgres(con, text: str) -> list[str]:
    await con.execute(f"PREPARE plan_me AS {text}")
    try:
        types = await con.fetchval("SELECT parameter_types::text[] FROM pg_prepared_statements"
                                   " WHERE name = 'plan_me'")
        args = ", ".join(DUMMY[t] for t in types or [])
        rows = await con.fetch(f"EXPLAIN EXECUTE plan_me{f'({args})' if args else ''}")
    finally:
        await con.execute("DEALLOCATE plan_me")
    return [r[0].strip() for r in rows if "Seq Scan on" in r[0]]


async def test_no_postgresql_statement_reads_a_whole_table(pg_url, monkeypatch):
    import asyncpg

    ran: set[str] = set()
    for method in ("execute", "fetch", "fetchval", "fetchrow", "executemany"):
        real = getattr(asyncpg.Connection, method)

        def recorder(self, query, *args, _real=real, **kwargs):
            ran.add(query)
            return _real(self, query, *args, **kwargs)

        monkeypatch.setattr(asyncpg.Connection, method, recorder)
    await _session_life({"url": pg_url})
    monkeypatch.undo()
    numbered = {}
    for name, text in _texts("postgres").items():  # the SQLite marks of the lists, numbered
        k = iter(range(1, 100))
        numbered[name] = re.sub(r"\?", lambda _m, k=k: f"${next(k)}", text) if "?" in text else text
    texts = {f"ran: {t[:100]}": t for t in ran if _statement(t)} | numbered
    assert len(texts) > len(STATEMENTS) + 10
    con = await asyncpg.connect(pg_url)
    try:
        await con.execute("SET enable_seqscan = off")  # a scan then shows only where no index serves
        found = {}
        for name, text in texts.items():
            if name.split(" ")[0] in ALLOWED:
                continue
            if scans := await _scans_postgres(con, text):
                found[name] = scans
    finally:
        await con.close()
    assert not found, found


@pytest.mark.parametrize("dialect", ["sqlite", "postgres"])
def test_the_allowed_scans_are_statements_that_exist(dialect):
    assert set(ALLOWED) <= set(STATEMENTS)
