"""The PostgreSQL store: the :class:`bot.store.Store` protocol, with the SQLite store's guarantees.

Chosen by ``DATABASE_URL=postgresql://...`` (``bot.store.open_store``); SQLite
stays the default. asyncpg, a small pool, nothing on the loop but awaits.

- The same numbered migrations (``bot/store/migrations/pg/NNNN_*.sql``, the twins
  of the SQLite ones), applied once under an advisory lock, so several
  processes starting together migrate once. The version is in ``schema_version``.
- A move and its snapshot in one transaction, committed with the moves of other games handed
  over meanwhile (group commit, :class:`Appends`: one commit and WAL sync for many); the primary key (game, n) and
  the game's revision (``games.rev``) refuse a second writer with
  :class:`bot.store.Conflict` (the session layer then reloads and refuses).
- Durable as SQLite's ``synchronous=FULL``: the moves' transactions keep the server's
  ``synchronous_commit`` (on), so a move is confirmed only once its batch's WAL is on disk: neither a
  killed bot process nor a crashed server loses it. With the play-by-post layer on, the moves go
  with their steps through its thread (:class:`PgStepThread`: one transaction, one commit for a
  batch's moves and steps). That thread's transactions of play-by-post rows alone commit without
  waiting for the disk (``bot/store/pg_sync.py``): a server crash may lose their last fraction of a
  second of waits, clocks and reminders, never a move; a start re-derives the waits and reminders
  of every running table.
- ``game_lock(game_id)``: a transaction-scoped advisory lock, serialising one
  game's writes across processes.
- Connection loss, a full disk, a read-only server, a lock timeout raise
  :class:`bot.store.StoreUnavailable`; the pool reconnects by itself.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import re
import sqlite3
import threading
import time
from collections.abc import Awaitable, Callable
from datetime import datetime
from pathlib import Path
from typing import TypeVar

import asyncpg

from . import portable
from .leagues import LeagueStore
from .pg_sync import PgSyncConn
from .records import (
    ACTIVE,
    MIGRATIONS,
    Conflict,
    Finish,
    GameRecord,
    MoveRecord,
    OwedPost,
    SeatRecord,
    Snapshot,
    StoreUnavailable,
    iso,
)
from .results import RecordsStore, write_finish
from .resume import ResumeStore
from .shards import Shards, where
from .threads import DbThread, resolve, steps_ran

T = TypeVar("T")
log = logging.getLogger(__name__)
PG_MIGRATIONS = MIGRATIONS / "pg"
#: advisory lock key of the migrations (any constant)
MIGRATION_LOCK = 0x6D65_6570
#: advisory lock key of the records (``portable.LOCK``: ratings are read, then written back)
RECORDS_LOCK = 0x6D65_6571
#: moves committed together at most (group commit: :class:`Appends`)
MAX_BATCH = 64
#: under load (the last batch went less than BUSY seconds ago and other moves queued up while it
#: was written), a batch waits LINGER seconds for more moves before it goes: a few milliseconds
#: more for a move, and fewer transactions: each costs the server a WAL sync, and the
#: play-by-post steps of the moves of one batch go together too. One table played move after
#: move (nobody else waiting) never waits.
LINGER = 0.004
BUSY = 0.02


#: a move, its snapshot, the status and the revision in ONE statement (atomic without a transaction block);
#: one row always: the new revision, NULL when the game's revision was stale (nothing written)
APPEND = """
WITH g AS (
    UPDATE games SET rev = rev + 1, status = $10, updated_at = $9, turn_steps = $13
    WHERE id = $1 AND ($11::int IS NULL OR rev = $11::int)
    RETURNING id, rev, channel_id),
m AS (
    INSERT INTO moves (game_id, n, seat, text, kind, summary, barrier, at)
    SELECT id, $2, $3, $4, $5, $6, $7, $9 FROM g RETURNING n),
s AS (
    INSERT INTO snapshots (game_id, n, engine_version, state, at)
    SELECT id, $2, $12, $8, $9 FROM g WHERE $8::text IS NOT NULL
    ON CONFLICT (game_id) DO UPDATE SET n = excluded.n, engine_version = excluded.engine_version,
        state = excluded.state, at = excluded.at
    RETURNING n),
t AS (
    DELETE FROM timers WHERE game_id = $1 AND $10 NOT IN ('open', 'running') AND EXISTS (SELECT 1 FROM g)
    RETURNING id),
o AS (
    INSERT INTO outbox (game_id, n, channel_id, post, created_at)
    SELECT id, $2, channel_id, $14::text, $9 FROM g WHERE $14::text IS NOT NULL
    ON CONFLICT (game_id, n) DO UPDATE SET channel_id = excluded.channel_id, post = excluded.post,
        created_at = excluded.created_at, message_id = NULL, failed = NULL
    RETURNING n),
i AS (
    INSERT INTO interactions (id, at) SELECT $15::bigint, $9 FROM g WHERE $15::bigint IS NOT NULL RETURNING id)
SELECT (SELECT rev FROM g)
"""
#: :data:`APPEND` for a script whose results are not read (``PgSyncConn.send_many``): a stale
#: revision fails the statement (division by zero, ``STALE``) instead of answering NULL
APPEND_OR_FAIL = APPEND.replace("SELECT (SELECT rev FROM g)", "SELECT 1 / (SELECT COUNT(*)::int FROM g)")
assert APPEND_OR_FAIL != APPEND
STALE = "22012"
#: the post a move (or the start) owes its table, replacing an undone move n's
OWE = """
INSERT INTO outbox (game_id, n, channel_id, post, created_at) SELECT id, $2, channel_id, $3, $4 FROM games WHERE id = $1
ON CONFLICT (game_id, n) DO UPDATE SET channel_id = excluded.channel_id, post = excluded.post,
    created_at = excluded.created_at, message_id = NULL, failed = NULL
"""


def pg_migration_files() -> list[tuple[int, Path]]:
    out = []
    for path in PG_MIGRATIONS.glob("*.sql"):
        m = re.match(r"(\d+)_", path.name)
        if m:
            out.append((int(m.group(1)), path))
    return sorted(out)


def pg_kind(err: BaseException) -> str:
    if isinstance(err, TimeoutError):  # no pooled connection within DATABASE_POOL_TIMEOUT, or a statement's
        return "locked"                # client-side limit: the same answer as a lock that timed out
    code = getattr(err, "sqlstate", "") or ""
    if code.startswith("53"):
        return "full"
    if code == "25006":
        return "readonly"
    if code in ("55P03", "40P01", "57014", "40001"):
        return "locked"
    if code.startswith("XX"):
        return "damaged"
    return "io"


class PgStore(RecordsStore, LeagueStore, ResumeStore):
    """The :class:`bot.store.Store` on PostgreSQL. Open with ``await PgStore.open(url)``."""

    states_at_start = True  # no synchronous reader: a restart reads the snapshots a page at a time

    kind = "postgresql"

    def __init__(self, url: str, pool: asyncpg.Pool):
        self.url = url
        self.pool = pool
        #: moves written, and the transactions they went in (the load bench prints moves per commit)
        self.commits = 0
        self.batches = 0
        #: the moves waiting for their group commit
        self.appends = Appends(self)
        #: seconds to wait for a pooled connection before the statement is refused
        self.pool_timeout = 10.0
        #: the server's limits of the store's connections (lock and statement timeouts), kept by the
        #: play-by-post thread's connection too (the moves go through it), and the client's limit
        self.limits: dict[str, str] = {}
        self.statement_timeout: float | None = None
        #: the play-by-post layer's thread on this database (:meth:`step_thread_on`): the moves
        #: handed over with their step (``then``) are written through it, step and all
        self.step_thread: PgStepThread | None = None

    def step_thread_on(self) -> PgStepThread:
        """The play-by-post layer's database thread, through which this store writes the moves
        given with a step (``append_move(then=...)``): the step in the moves' transaction."""
        return PgStepThread(self)

    @classmethod
    async def open(cls, url: str, min_size: int = 1, max_size: int = 8, lock_timeout: float = 5.0,
                   statement_timeout: float = 30.0, pool_timeout: float = 10.0) -> PgStore:
        """``statement_timeout``: seconds one statement may run (the server cancels it, and the client
        gives up on it too); ``pool_timeout``: seconds to wait for a connection, of the pool or a new
        one (DATABASE_STATEMENT_TIMEOUT, DATABASE_POOL_TIMEOUT). Either raises StoreUnavailable."""
        limits = {"lock_timeout": f"{int(lock_timeout * 1000)}ms", "statement_timeout": f"{int(statement_timeout * 1000)}ms"}
        try:
            pool = await asyncpg.create_pool(
                url, min_size=min_size, max_size=max_size, timeout=pool_timeout, command_timeout=statement_timeout,
                reset=_keep_session, server_settings={"application_name": "meeplecord", **limits})
        except (OSError, asyncpg.PostgresError) as err:
            raise StoreUnavailable("io", f"cannot reach PostgreSQL at {redact(url)}: {err}") from None
        store = cls(url, pool)
        store.pool_timeout = pool_timeout
        store.limits, store.statement_timeout = limits, statement_timeout
        try:
            await store.migrate()
        except BaseException:
            await pool.close()
            raise
        return store

    async def close(self) -> None:
        await self.appends.drained()  # the moves already handed over are committed (or refused) first
        await self.pool.close()

    async def schema_version(self) -> int:
        return await self._val("SELECT COALESCE(MAX(version), 0) FROM schema_version")

    async def migrate(self) -> int:
        async with self.pool.acquire(timeout=self.pool_timeout) as con, con.transaction():
            await con.execute("SELECT pg_advisory_xact_lock($1)", MIGRATION_LOCK)
            await con.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER PRIMARY KEY)")
            current = await con.fetchval("SELECT COALESCE(MAX(version), 0) FROM schema_version")
            for number, path in pg_migration_files():
                if number <= current:
                    continue
                await con.execute(path.read_text(encoding="utf-8"))
                await con.execute("INSERT INTO schema_version (version) VALUES ($1)", number)
                current = number
            return current

    # --- plumbing -------------------------------------------------------------------
    async def _write(self, work: Callable[[asyncpg.Connection], Awaitable[T]], game_id: int | None = None) -> T:
        """``await work(con)`` in one transaction; with ``game_id`` under that game's advisory lock."""
        try:
            async with self.pool.acquire(timeout=self.pool_timeout) as con, con.transaction():
                if game_id is not None:
                    await con.execute("SELECT pg_advisory_xact_lock($1)", game_id)
                out = await work(con)
        except asyncpg.IntegrityConstraintViolationError as err:
            raise Conflict(str(err)) from None
        except (asyncpg.PostgresError, OSError, asyncpg.InterfaceError, TimeoutError) as err:
            kind = pg_kind(err)
            log.warning("database write refused (%s): %s", kind, err)
            raise StoreUnavailable(kind, str(err)) from None
        self.commits += 1
        return out

    async def _all(self, sql: str, *args) -> list[asyncpg.Record]:
        try:
            async with self.pool.acquire(timeout=self.pool_timeout) as con:
                return await con.fetch(sql, *args)
        except (asyncpg.PostgresError, OSError, asyncpg.InterfaceError, TimeoutError) as err:
            raise StoreUnavailable(pg_kind(err), str(err)) from None

    async def _read(self, program: portable.Program):
        """A read program (``bot/store/portable.py``), each statement translated."""
        return await portable.run_async(True, lambda sql, args: self._all(sql, *args), None, program)

    async def _write_program(self, make: Callable[[], portable.Program]):
        return await self._write(lambda con: _run(con, make()))

    async def _val(self, sql: str, *args):
        rows = await self._all(sql, *args)
        return rows[0][0] if rows else None

    async def backup(self, dest) -> Path:
        raise StoreUnavailable("io", "back PostgreSQL up with pg_dump")

    # --- games and seats ----------------------------------------------------------------
    async def create_game(self, game: str, engine_version: int, options: dict, seed: int, guild_id: int | None,
                          channel_id: int, creator_id: int, seats: list[tuple[int, str]], at: datetime,
                          parent_id: int | None = None, rated: bool = True) -> int:
        async def work(con) -> int:
            gid = await con.fetchval(
                "INSERT INTO games (game, engine_version, options, seed, guild_id, channel_id, parent_id,"
                " creator_id, status, created_at, updated_at, rated)"
                " VALUES ($1,$2,$3,$4,$5,$6,$7,$8,'open',$9,$9,$10) RETURNING id",
                game, engine_version, json.dumps(options, sort_keys=True), seed, guild_id, channel_id, parent_id,
                creator_id, iso(at), int(rated))
            await _write_seats(con, gid, seats)
            return gid

        return await self._write(work)

    async def set_seats(self, game_id: int, seats: list[tuple[int, str]], at: datetime) -> None:
        async def work(con) -> None:
            await con.execute("DELETE FROM seats WHERE game_id = $1", game_id)
            await _write_seats(con, game_id, seats)
            await con.execute("UPDATE games SET updated_at = $1 WHERE id = $2", iso(at), game_id)

        await self._write(work, game_id)

    async def hand_over_seat(self, game_id: int, seat: int, user_id: int, display_name: str, holders: list,
                             at: datetime) -> None:
        async def work(con) -> None:
            await con.execute("UPDATE seats SET user_id = $1, display_name = $2 WHERE game_id = $3 AND seat = $4",
                              user_id, display_name, game_id, seat)
            await con.execute("INSERT INTO settings (scope, scope_id, key, value) VALUES ('holders', $1, 'seats', $2)"
                              " ON CONFLICT (scope, scope_id, key) DO UPDATE SET value = excluded.value",
                              game_id, json.dumps(holders))
            await con.execute("UPDATE games SET updated_at = $1 WHERE id = $2", iso(at), game_id)

        await self._write(work, game_id)

    async def start_game(self, game_id: int, seats: list[tuple[int, str]], snapshot: str,
                         engine_version: int, at: datetime, owed: str | None = None) -> None:
        async def work(con) -> None:
            await con.execute("DELETE FROM seats WHERE game_id = $1", game_id)
            await _write_seats(con, game_id, seats)
            await con.execute("UPDATE games SET status = 'running', engine_version = $1, updated_at = $2,"
                              " started_at = $2 WHERE id = $3", engine_version, iso(at), game_id)
            await _write_snapshot(con, game_id, 0, engine_version, snapshot, at)
            if owed is not None:
                await con.execute(OWE, game_id, 0, owed, iso(at))

        await self._write(work, game_id)

    async def set_status(self, game_id: int, status: str, at: datetime, finish: Finish | None = None) -> None:
        async def work(con) -> None:
            await _set_status(con, game_id, status, at)
            if finish is not None:
                await _run(con, write_finish(finish))

        await self._write(work, game_id)

    async def set_board_message(self, game_id: int, message_id: int | None) -> None:
        await self._write(lambda con: con.execute("UPDATE games SET board_message_id = $1 WHERE id = $2",
                                                  message_id, game_id))

    async def set_paused(self, game_id: int, reason: str | None, channel_id: int | None = None,
                         parent_id: int | None = None) -> None:
        async def work(con) -> None:
            if channel_id is None:
                await con.execute("UPDATE games SET paused = $1 WHERE id = $2", reason, game_id)
            else:
                await con.execute("UPDATE games SET paused = $1, channel_id = $2, parent_id = $3 WHERE id = $4",
                                  reason, channel_id, parent_id, game_id)
                await con.execute("UPDATE outbox SET channel_id = $1 WHERE game_id = $2 AND message_id IS NULL",
                                  channel_id, game_id)

        await self._write(work, game_id)

    async def paused_games(self, user_id: int | None = None) -> list[GameRecord]:
        if user_id is None:
            rows = await self._all("SELECT * FROM games WHERE paused IS NOT NULL AND status IN ('open', 'running')"
                                   " ORDER BY id")
        else:
            rows = await self._all("SELECT * FROM games WHERE paused IS NOT NULL AND status IN ('open', 'running')"
                                   " AND id IN (SELECT game_id FROM seats WHERE user_id = $1) ORDER BY id", user_id)
        return [_game(r) for r in rows]

    # --- what the table is owed (the outbox), the interactions applied ----------------------------
    async def owed_posts(self, shards: Shards | None = None) -> list[OwedPost]:
        rows = await self._all(
            "SELECT o.game_id, o.n, o.channel_id, o.post, o.created_at FROM outbox o JOIN games g ON g.id = o.game_id"
            f" WHERE o.message_id IS NULL AND o.failed IS NULL AND g.paused IS NULL{where(shards, 'g.guild_id')}"
            " ORDER BY o.created_at, o.game_id, o.n")
        return [OwedPost(r["game_id"], r["n"], r["channel_id"], r["post"], r["created_at"]) for r in rows]

    async def post_delivered(self, game_id: int, n: int, message_id: int, board: bool = False,
                             made: str | None = None) -> bool:
        async def work(con) -> bool:
            # the row keeps the message id (never sent again), not the post's JSON (read only while owed)
            done = await con.execute("UPDATE outbox SET message_id = $1, failed = NULL, post = '' WHERE game_id = $2"
                                     " AND n = $3 AND ($4::text IS NULL OR created_at = $4)", message_id, game_id, n, made)
            if done == "UPDATE 0":
                return False  # its move was undone meanwhile
            if board:
                await con.execute("UPDATE games SET board_message_id = $1 WHERE id = $2", message_id, game_id)
            return True

        return await self._write(work)

    async def post_owed_at(self, game_id: int, n: int) -> str | None:
        rows = await self._all("SELECT created_at FROM outbox WHERE game_id = $1 AND n = $2 AND message_id IS NULL"
                               " AND failed IS NULL", game_id, n)
        return rows[0][0] if rows else None

    async def post_failed(self, game_id: int, n: int, reason: str) -> None:
        await self._write(lambda con: con.execute(
            "UPDATE outbox SET failed = $1 WHERE game_id = $2 AND n = $3 AND message_id IS NULL", reason, game_id, n))

    async def recent_interactions(self, since: datetime) -> list[int]:
        await self._write(lambda con: con.execute("DELETE FROM interactions WHERE at < $1", iso(since)))
        rows = await self._all("SELECT id FROM interactions ORDER BY id")
        return [r["id"] for r in rows]

    async def keep_interactions(self, handled: list[tuple[int, datetime]]) -> None:
        rows = [(i, iso(at)) for i, at in handled]
        await self._write(lambda con: con.executemany(
            "INSERT INTO interactions (id, at) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING", rows))

    async def game(self, game_id: int) -> GameRecord | None:
        rows = await self._all("SELECT * FROM games WHERE id = $1", game_id)
        return _game(rows[0]) if rows else None

    async def active_game(self, channel_id: int) -> GameRecord | None:
        rows = await self._all("SELECT * FROM games WHERE channel_id = $1 AND status IN ('open', 'running')",
                               channel_id)
        return _game(rows[0]) if rows else None

    async def latest_played(self, channel_id: int) -> GameRecord | None:
        rows = await self._all("SELECT * FROM games WHERE channel_id = $1 AND status != 'open'"
                               " ORDER BY id DESC LIMIT 1", channel_id)
        return _game(rows[0]) if rows else None

    async def active_games(self, shards: Shards | None = None) -> list[GameRecord]:
        rows = await self._all("SELECT * FROM games WHERE status IN ('open', 'running') AND paused IS NULL"
                               f"{where(shards)} ORDER BY id")
        return [_game(r) for r in rows]

    async def seats(self, game_id: int) -> list[SeatRecord]:
        rows = await self._all("SELECT seat, user_id, display_name FROM seats WHERE game_id = $1 ORDER BY seat",
                               game_id)
        return [SeatRecord(r["seat"], r["user_id"], r["display_name"]) for r in rows]

    # --- the move log -----------------------------------------------------------------------
    async def append_move(self, game_id: int, n: int, seat: int, text: str, kind: str, summary: str,
                          barrier: bool, snapshot: str | None, engine_version: int, at: datetime,
                          status: str = "running", rev: int | None = None, turn_steps: str | None = None,
                          owed: str | None = None, interaction_id: int | None = None,
                          finish: Finish | None = None, then: Callable | None = None) -> int:
        """One statement, one round trip, atomic: the game's row lock (the revision bump) serialises
        writers of one game across processes; a stale revision or a logged move n is a Conflict.
        ``snapshot`` None: the move row alone (the snapshot is written every few moves). ``finish``
        (the move ends the game): the statement and the results in one transaction. ``then`` (the
        play-by-post step, only with the play-by-post thread :class:`PgStepThread` open on this
        store): the move goes through that thread, its step inside the batch's transaction
        (:meth:`_append_joint`)."""
        if finish is not None:
            if then is not None:
                raise ValueError("a move that ends the game carries no step (its observers run after it)")

            async def work(con) -> int:
                new = await con.fetchval(APPEND, game_id, n, seat, text, kind, summary, int(barrier), snapshot,
                                         iso(at), status, rev, engine_version, turn_steps, owed, interaction_id)
                if new is None:
                    raise Conflict(f"game {game_id} changed meanwhile (revision {rev} is stale)")
                await _run(con, write_finish(finish))
                return new

            return await self._write(work)
        if then is not None and self.step_thread is None:
            raise ValueError("a step after a move needs the play-by-post thread (PgStore.step_thread_on)")
        return await self.appends.add((game_id, n, seat, text, kind, summary, int(barrier), snapshot, iso(at),
                                       status, rev, engine_version, turn_steps, owed, interaction_id), then)

    async def _write_batch(self, rows: list[tuple], thens: list) -> list[int | None]:
        """A batch of the group commit: with their steps through the play-by-post thread when
        any has one (and the thread is still open), else on a pooled connection."""
        thread = self.step_thread
        if thread is not None and any(then is not None for then in thens):
            return await self._append_joint(thread, rows, thens)
        return await self._append_many(rows)

    async def _append_joint(self, thread: PgStepThread, rows: list[tuple], thens: list) -> list[int | None]:
        """:data:`APPEND` once per row and the steps of the moves written, in ONE transaction on
        the play-by-post thread's connection (:func:`_joint`), committed durably: one commit and
        WAL sync for the moves and their steps. As :meth:`_append_many`: each row's new
        revision (None: stale); a row the constraints refuse fails them all (Conflict)."""
        revs = await thread.run(_joint, thread, rows, thens)
        self.batches += 1
        self.commits += sum(rev is not None for rev in revs)
        return revs

    async def _append_many(self, rows: list[tuple]) -> list[int | None]:
        """:data:`APPEND` once per row, all in one round trip and one transaction (asyncpg's
        ``fetchmany``: the statements pipelined, one Sync at the end, so one commit and one WAL
        sync for all): each row's new revision, None where it was stale. A row the constraints
        refuse (its move n logged already, its interaction applied) fails them all: Conflict."""
        try:
            async with self.pool.acquire(timeout=self.pool_timeout) as con:
                got = await con.fetchmany(APPEND, rows)
        except asyncpg.IntegrityConstraintViolationError as err:
            raise Conflict(str(err)) from None
        except (asyncpg.PostgresError, OSError, asyncpg.InterfaceError, TimeoutError) as err:
            kind_ = pg_kind(err)
            log.warning("database write refused (%s): %s", kind_, err)
            raise StoreUnavailable(kind_, str(err)) from None
        revs = [r[0] for r in got]
        self.batches += 1
        self.commits += sum(rev is not None for rev in revs)
        return revs

    async def drop_last_move(self, game_id: int, n: int, snapshot: str, engine_version: int, at: datetime,
                             rev: int | None = None) -> int:
        async def work(con) -> int:
            new_rev = await _bump(con, game_id, rev)
            gone = await con.execute("DELETE FROM moves WHERE game_id = $1 AND n = $2"
                                     " AND NOT EXISTS (SELECT 1 FROM moves WHERE game_id = $1 AND n > $2)",
                                     game_id, n)
            if gone != "DELETE 1":
                raise Conflict(f"move {n} is not the last move of game {game_id}")
            await _write_snapshot(con, game_id, n - 1, engine_version, snapshot, at)
            await con.execute("DELETE FROM outbox WHERE game_id = $1 AND n = $2", game_id, n)  # its post: owed no more
            await con.execute("UPDATE games SET updated_at = $1, turn_steps = NULL WHERE id = $2", iso(at), game_id)
            return new_rev

        return await self._write(work, game_id)

    async def moves(self, game_id: int) -> list[MoveRecord]:
        rows = await self._all("SELECT * FROM moves WHERE game_id = $1 ORDER BY n", game_id)
        return [MoveRecord(r["n"], r["seat"], r["text"], r["kind"], r["summary"], bool(r["barrier"]), r["at"])
                for r in rows]

    async def move_times(self, game_id: int) -> list[tuple[int, str]]:
        rows = await self._all("SELECT seat, at FROM moves WHERE game_id = $1 ORDER BY n", game_id)
        return [(r[0], r[1]) for r in rows]

    async def pbp_marks(self, game_id: int) -> tuple[set[int], bool]:
        rows = await self._all("SELECT dropped, archived FROM pbp_games WHERE game_id = $1", game_id)
        return (set(json.loads(rows[0][0])), bool(rows[0][1])) if rows else (set(), False)

    async def snapshot(self, game_id: int) -> Snapshot | None:
        rows = await self._all("SELECT n, engine_version, state, at FROM snapshots WHERE game_id = $1", game_id)
        return Snapshot(rows[0]["n"], rows[0]["engine_version"], rows[0]["state"], rows[0]["at"]) if rows else None

    def sync_reader(self) -> None:
        """None: asyncpg cannot read synchronously, so a restart keeps each running game's stored
        snapshot in memory, compressed (``SessionManager.load_all``)."""
        return None

    async def save_snapshot(self, game_id: int, n: int, engine_version: int, state: str, at: datetime,
                            rev: int | None = None, waiting: list[int] | None = None) -> bool:
        """As the SQLite store: with ``rev``, written only while the game is still at that revision."""
        async def work(con) -> bool:
            if rev is not None and await con.fetchval("SELECT 1 FROM games WHERE id = $1 AND rev = $2",
                                                      game_id, rev) is None:
                return False
            await _write_snapshot(con, game_id, n, engine_version, state, at, waiting)
            return True

        return await self._write(work, game_id)

    # --- settings -------------------------------------------------------------------------------
    async def get_setting(self, scope: str, scope_id: int, key: str, default=None):
        rows = await self._all("SELECT value FROM settings WHERE scope = $1 AND scope_id = $2 AND key = $3",
                               scope, scope_id, key)
        return json.loads(rows[0]["value"]) if rows else default

    async def scope_ids(self, scope: str, key: str) -> list[int]:
        rows = await self._all("SELECT scope_id FROM settings WHERE scope = $1 AND key = $2 ORDER BY scope_id",
                               scope, key)
        return [r[0] for r in rows]

    async def set_setting(self, scope: str, scope_id: int, key: str, value) -> None:
        await self._write(lambda con: con.execute(
            "INSERT INTO settings (scope, scope_id, key, value) VALUES ($1,$2,$3,$4)"
            " ON CONFLICT (scope, scope_id, key) DO UPDATE SET value = excluded.value",
            scope, scope_id, key, json.dumps(value)))


async def _keep_session(con: asyncpg.Connection) -> None:
    """What a connection needs when it goes back to the pool: nothing more than asyncpg's own
    clean-up before this (an open transaction rolled back, listeners dropped). asyncpg's default
    also sends ``pg_advisory_unlock_all(); CLOSE ALL; UNLISTEN *; RESET ALL`` each time, a round
    trip and four statements parsed and planned by the server for every write and read (issue 33
    goal 5); the store holds no session state for it to undo: its advisory locks are
    transaction-scoped (``pg_advisory_xact_lock``), it opens no cursor outside a transaction,
    listens to nothing and changes no setting after the connection's start."""


class Appends:
    """Group commit of the moves (issue 33 goal 5), as the SQLite store's writer does: a move
    handed over while another batch is in flight waits for it, then goes with every move that
    queued up meanwhile in ONE transaction (:meth:`PgStore._append_many`), so the server makes
    one commit and one WAL sync for all of them instead of one each. Nothing waits on purpose: a
    move on an idle store goes at once, alone. Each caller still learns only its own outcome,
    and only once its move is durable (a confirmed move survives a killed bot). The batch is
    written in game order, so two processes' batches lock games' rows in the same order; a
    batch the constraints refuse is written again one move at a time, so only the refused move
    fails (the group commit of the play-by-post steps does the same)."""

    def __init__(self, store: PgStore):
        self.store = store
        #: (the move's row, its step or None, its caller's future)
        self.queue: list[tuple[tuple, object, asyncio.Future]] = []
        self.task: asyncio.Task | None = None
        #: when the last batch was written (time.monotonic()), and whether other moves were
        #: waiting then (handed over while it was in flight): the store is busy
        self.last = float("-inf")
        self.crowded = False

    async def add(self, row: tuple, then=None) -> int:
        loop = asyncio.get_running_loop()
        done = loop.create_future()
        self.queue.append((row, then, done))
        if self.task is None or self.task.done():
            self.task = loop.create_task(self._drain())
        return await done

    async def drained(self) -> None:
        if self.task is not None:
            await asyncio.gather(self.task, return_exceptions=True)

    async def _drain(self) -> None:
        while self.queue:
            if self.crowded and len(self.queue) < MAX_BATCH and time.monotonic() - self.last < BUSY:
                try:
                    await asyncio.sleep(LINGER)
                except BaseException:  # cancelled (the loop is closing): nothing of these was sent
                    for _, _, done in self.queue:
                        resolve(done, error=StoreUnavailable("io", "the store closed before the move was written"))
                    self.queue = []
                    raise
            batch, self.queue = self.queue[:MAX_BATCH], self.queue[MAX_BATCH:]
            batch.sort(key=lambda item: (item[0][0], item[0][1]))  # game, then n: one lock order everywhere
            try:
                revs = await self.store._write_batch([row for row, _, _ in batch], [then for _, then, _ in batch])
            except (Conflict, StoreUnavailable) as err:
                if len(batch) == 1 or not (isinstance(err, Conflict) or err.kind == "locked"):
                    for _, _, done in batch:  # the database refused them all (down, full, read-only)
                        resolve(done, error=err)
                    continue
                # one move's refusal (or its game's row held elsewhere) is its own: each again, alone
                for row, then, done in batch:
                    try:
                        (rev,) = await self.store._write_batch([row], [then])
                    except Exception as one:  # handed to its caller
                        resolve(done, error=one)
                    else:
                        _settle_rev(done, row, rev)
                continue
            except Exception as err:  # not the database's answer (a bug): handed to the batch's callers
                for _, _, done in batch:
                    resolve(done, error=err)
                continue
            except BaseException:  # cancelled (the loop is closing): the outcome of these is unknown
                for _, _, done in batch + self.queue:
                    resolve(done, error=StoreUnavailable("io", "the store closed before the move was written"))
                self.queue = []
                raise
            finally:
                self.last, self.crowded = time.monotonic(), len(batch) > 1 or bool(self.queue)
            for (row, _, done), rev in zip(batch, revs):
                _settle_rev(done, row, rev)


class PgStepThread(DbThread):
    """The play-by-post layer's database thread on a PostgreSQL store (``PgStore.step_thread_on``),
    as SQLite's :class:`bot.store.threads.StoreThread` is the store's writer: the store writes
    the moves handed over with a step through it, each batch of the group commit in one
    transaction with its moves' steps (:func:`_joint`). Its connection keeps the server's
    ``synchronous_commit`` (durable): a transaction of play-by-post rows alone sets it off for
    itself, one with moves commits durably. It keeps the store's lock and statement timeouts: a
    move waiting for a game's row held elsewhere is refused ("locked") as on the store's pool."""

    joins_moves = True

    def __init__(self, store: PgStore):
        self.store = store
        super().__init__(store.url)
        store.step_thread = self

    def _open(self) -> PgSyncConn:
        self.thread = threading.current_thread()
        if self._conn is None:
            self._conn = PgSyncConn(self.path, durable=True, settings=self.store.limits,
                                    timeout=self.store.statement_timeout)
        return self._conn

    def close(self) -> None:
        if self.store.step_thread is self:  # the moves handed over from now on go without steps
            self.store.step_thread = None
        super().close()


def _joint(thread: PgStepThread, rows: list[tuple], thens: list) -> list[int | None]:
    """On the play-by-post thread: the batch's moves, then the steps of those written
    (:func:`_steps`), in one transaction committed durably. Round trips: the BEGIN with the moves
    (:func:`_moves`), the steps' reads (two for the batch when the steps go together), their writes
    with the COMMIT. No savepoint (it would cost a round trip of its own before the steps' first
    read): when a step fails (a bug, a refused write, which shows only at the COMMIT), the
    transaction is undone, the moves are written again alone and each step runs again after their
    commit (a failure of its own logged), as SQLite runs a failed step again after the move's commit."""
    db = thread._open()
    try:
        revs = _moves(db, rows)
        stood = [then for then, rev in zip(thens, revs, strict=True) if then is not None and rev is not None]
        if not stood or steps_ran(db, stood):
            try:
                db.execute("COMMIT")
                return revs
            except sqlite3.IntegrityError:
                log.exception("a step after a move was refused at the commit; the moves go again without it")
        db.execute("ROLLBACK")
        db.begin_durable()
        revs = [r[0] for r in db.fetchmany(APPEND, rows)]
        db.execute("COMMIT")
    except BaseException:
        if db.in_transaction:
            with contextlib.suppress(sqlite3.Error):
                db.execute("ROLLBACK")
        raise
    for then, rev in zip(thens, revs, strict=True):
        if then is not None and rev is not None:
            _step_alone(db, then)
    return revs


def _moves(db: PgSyncConn, rows: list[tuple]) -> list[int | None]:
    """BEGIN (durable) and the batch's moves, each row's new revision (None: stale, nothing written).
    One round trip: the BEGIN and :data:`APPEND_OR_FAIL` of every row in one script (each move's
    new revision is then the one it expected plus one). When a revision was stale (the script
    fails: which one, it does not say), or a move has no revision or a value no literal can carry,
    the moves go again as :data:`APPEND` pipelined, whose answers tell (two round trips)."""
    db.begin_durable()
    if all(row[10] is not None for row in rows):
        try:
            if db.send_many(APPEND_OR_FAIL, rows):
                return [row[10] + 1 for row in rows]
        except sqlite3.Error as err:
            if getattr(err, "sqlstate", None) != STALE:
                raise
            db.execute("ROLLBACK")
            db.begin_durable()
    return [r[0] for r in db.fetchmany(APPEND, rows)]


def _step_alone(db: PgSyncConn, then) -> None:
    """A step again after its move's commit, in a transaction of its own (its failure logged)."""
    db.execute("BEGIN")
    try:
        then(db)
        db.execute("COMMIT")
    except Exception:  # noqa: BLE001  logged: the move stands
        if db.in_transaction:
            db.execute("ROLLBACK")
        log.exception("the step after a move failed again after the move's commit")


def _settle_rev(done: asyncio.Future, row: tuple, rev: int | None) -> None:
    if rev is None:
        resolve(done, error=Conflict(f"game {row[0]} changed meanwhile (revision {row[10]} is stale)"))
    else:
        resolve(done, rev)


def redact(url: str) -> str:
    return re.sub(r"//([^:/@]+):[^@]*@", r"//\1:***@", url)


async def _write_seats(con, game_id: int, seats: list[tuple[int, str]]) -> None:
    if seats:
        await con.executemany("INSERT INTO seats (game_id, seat, user_id, display_name) VALUES ($1,$2,$3,$4)",
                              [(game_id, i, uid, name) for i, (uid, name) in enumerate(seats)])


async def _write_snapshot(con, game_id: int, n: int, version: int, state: str, at: datetime,
                          waiting: list[int] | None = None) -> None:
    """``waiting``: the seats the state waits for, when the caller knows them (else NULL: unknown)."""
    await con.execute(
        "INSERT INTO snapshots (game_id, n, engine_version, state, at, waiting) VALUES ($1,$2,$3,$4,$5,$6)"
        " ON CONFLICT (game_id) DO UPDATE SET n = excluded.n, engine_version = excluded.engine_version,"
        " state = excluded.state, at = excluded.at, waiting = excluded.waiting",
        game_id, n, version, state, iso(at), None if waiting is None else json.dumps(waiting))


async def _set_status(con, game_id: int, status: str, at: datetime) -> None:
    await con.execute("UPDATE games SET status = $1, updated_at = $2 WHERE id = $3", status, iso(at), game_id)
    if status not in ACTIVE:
        await con.execute("DELETE FROM timers WHERE game_id = $1", game_id)


async def _bump(con, game_id: int, rev: int | None) -> int:
    if rev is None:
        new = await con.fetchval("UPDATE games SET rev = rev + 1 WHERE id = $1 RETURNING rev", game_id)
    else:
        new = await con.fetchval("UPDATE games SET rev = rev + 1 WHERE id = $1 AND rev = $2 RETURNING rev",
                                 game_id, rev)
        if new is None:
            raise Conflict(f"game {game_id} changed meanwhile (revision {rev} is stale)")
    return new or 0


def _game(r) -> GameRecord:
    return GameRecord(
        id=r["id"], game=r["game"], engine_version=r["engine_version"], options=json.loads(r["options"]),
        seed=r["seed"], guild_id=r["guild_id"], channel_id=r["channel_id"], parent_id=r["parent_id"],
        creator_id=r["creator_id"], status=r["status"], created_at=r["created_at"],
        updated_at=r["updated_at"], board_message_id=r["board_message_id"], rev=r["rev"],
        turn_steps=r["turn_steps"], paused=r["paused"], started_at=r["started_at"], rated=bool(r["rated"]),
    )


async def _run(con, program: portable.Program):
    """A program (``bot/store/portable.py``) inside ``con``'s transaction."""
    async def fetch(sql: str, args) -> list:
        return await con.fetch(sql, *args)

    async def many(sql: str, rows: list) -> None:
        await con.executemany(sql, rows)

    async def lock() -> None:
        await con.execute("SELECT pg_advisory_xact_lock($1)", RECORDS_LOCK)

    return await portable.run_async(True, fetch, many, program, lock)
