"""The SQLite store: games, seats, the move log, snapshots, settings, timers.

WAL mode. No database call runs on the event loop thread: reads go through an
aiosqlite connection (its own thread), and every write runs WHOLE on a
second connection owned by one writer thread (``_write``), which commits the
writes queued meanwhile together (group commit, one sync per batch, each
write in its own savepoint; :mod:`bot.store.writer`). A transaction that awaited between its statements would hold
SQLite's write lock while other tasks ran. Reads take no lock, so one
channel's slow write never delays another channel's status or history. The
schema version lives in ``PRAGMA user_version``; ``bot/store/migrations/NNNN_*.sql``
are applied in order on open.

Faults: a damaged, truncated, non-database or empty file is refused at open with
:class:`DatabaseDamaged` (one line: which file, what to do) when it shows in what does not grow with
the file; every page is checked after the games are loaded, at the lowest priority, and damage found
then refuses every later write (:mod:`bot.store.sqlite_file`, :meth:`SqliteStore.check_pages`). While
running, a full disk, a read-only file or a write lock held by another process past the busy timeout
raises :class:`StoreUnavailable` from the write; the transaction is rolled back (nothing
half-written) and the next write starts on a fresh connection, so the bot recovers once the fault clears.

This module owns the game tables (games, seats, moves, snapshots, settings).
The play-by-post tables (``pbp_*``, timers) are written by :mod:`bot.store.pbp` and
:mod:`bot.store.timers` on this same writer thread (:class:`bot.store.threads.StoreThread`). A bot
that outgrows one process uses :mod:`bot.store.postgres` (``DATABASE_URL``).
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import re
import sqlite3
import threading
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import TypeVar

import aiosqlite

from . import portable, sqlite_file
from .leagues import LeagueStore
from .records import (
    ACTIVE,
    MIGRATIONS,
    Conflict,
    DatabaseDamaged,
    Finish,
    GameRecord,
    MoveRecord,
    OwedPost,
    SeatRecord,
    Snapshot,
    StoreUnavailable,
    classify,
    iso,
)
from .results import RecordsStore, write_finish
from .resume import ResumeStore
from .shards import Shards, where
from .sqlite_file import check_file
from .writer import SYNCHRONOUS, Writer  # noqa: F401  (SYNCHRONOUS: read by tests and tools here)

T = TypeVar("T")
log = logging.getLogger(__name__)

#: Seconds a write waits for another process's write lock before it is refused.
BUSY_TIMEOUT = 5.0


#: a move's update of its game's row (``append_move``): revision bumped, turn steps, time
_BUMP = "UPDATE games SET rev = rev + 1, turn_steps = ?, updated_at = ? WHERE id = ? RETURNING rev, status"
_BUMP_REV = ("UPDATE games SET rev = rev + 1, turn_steps = ?, updated_at = ? WHERE id = ? AND rev = ?"
             " RETURNING rev, status")
_BUMP_RUNNING = ("UPDATE games SET rev = rev + 1, turn_steps = ?, updated_at = ? WHERE id = ? AND rev = ?"
                 " AND status = 'running'")


def migration_files() -> list[tuple[int, Path]]:
    out = []
    for path in MIGRATIONS.glob("*.sql"):
        m = re.match(r"(\d+)_", path.name)
        if m:
            out.append((int(m.group(1)), path))
    return sorted(out)


class SqliteStore(Writer, RecordsStore, LeagueStore, ResumeStore):
    """The :class:`bot.store.Store` on a SQLite file. Open with ``await SqliteStore.open(path)``."""

    kind = "sqlite"

    def __init__(self, path: str, conn: aiosqlite.Connection, busy_timeout: float = BUSY_TIMEOUT):
        self.path = str(path)
        self.conn = conn
        self.busy_timeout = busy_timeout
        self._init_writer()  # the writing connection, its thread and the group commit (``writer.Writer``)
        #: the connection of ``sync_reader`` (opened on first use)
        self._sync_reader: sqlite3.Connection | None = None
        self._sync_lock = threading.Lock()
        #: what the check of every page found wrong (``check_pages``); while set, every write is refused
        self.damaged: str | None = None
        #: the connection of a check of every page under way (a close interrupts it)
        self._checking: sqlite3.Connection | None = None

    @classmethod
    async def open(cls, path: str | Path, busy_timeout: float = BUSY_TIMEOUT) -> SqliteStore:
        if str(path) == ":memory:":  # reads, writes and the play-by-post layer each open the file
            raise ValueError("the store needs a database file (a temporary one will do), not ':memory:'")
        await asyncio.to_thread(check_file, path)
        try:
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        except OSError as err:
            raise DatabaseDamaged(path, f"cannot be created ({err.strerror})") from None
        try:
            conn = await aiosqlite.connect(str(path), isolation_level=None)
        except sqlite3.Error as err:
            raise DatabaseDamaged(path, f"cannot be opened ({err})") from None
        store = cls(str(path), conn, busy_timeout)
        try:
            conn.row_factory = aiosqlite.Row
            for pragma in (f"busy_timeout={int(busy_timeout * 1000)}", "journal_mode=WAL"):
                async with conn.execute(f"PRAGMA {pragma}") as cur:  # a cursor left open holds a lock
                    await cur.fetchall()
            await store._on_writer(lambda db: None)
            await store.migrate()
        except BaseException as err:
            await store.close()  # never leave aiosqlite's (non-daemon) thread running: the process would hang
            if isinstance(err, sqlite3.DatabaseError) and classify(err) == "damaged":
                raise DatabaseDamaged(path, f"is damaged or not a database ({err})") from None
            if isinstance(err, sqlite3.Error):
                raise StoreUnavailable(classify(err), f"{path}: {err}") from None
            raise
        return store

    async def check_pages(self) -> str | None:
        """Every page of the file checked (:func:`bot.store.sqlite_file.check_pages`) on a thread of its
        own at the lowest CPU priority, after the games are loaded (the bot starts it; a restart does
        not wait for it). Damage found: one error line in the log, and every later write refused as
        "damaged" (the players read that nothing was saved and the host must restore a backup); returns
        what was found. None: sound (or the check was cut short by a close)."""
        def started(con: sqlite3.Connection) -> None:
            self._checking = con

        found, seconds = await sqlite_file.in_background(self.path, started)
        self._checking = None
        if isinstance(found, sqlite3.Error):
            log.info("database %s: the check of every page stopped (%s)", self.path, found)
            return None
        if found is None:
            log.info("database %s: every page checked in %.1f s, sound", self.path, seconds)
            return None
        self.damaged = str(DatabaseDamaged(self.path, f"is damaged ({found})"))
        log.error("%s. Found by the check of every page after the start: every write is refused from now on",
                  self.damaged)
        return str(found)

    async def close(self) -> None:
        checking = self._checking
        if checking is not None:  # a check of every page under way ends now (it only reads)
            try:
                checking.interrupt()
            except sqlite3.Error:  # it had just ended
                pass

        def shut() -> None:
            if self._writer is not None:
                self._writer.close()
                self._writer = None

        try:
            if not self._closed:
                await self._stop_writer(shut)  # after the writes queued; then the writer thread ends
        finally:
            with self._sync_lock:
                if self._sync_reader is not None:
                    self._sync_reader.close()
                    self._sync_reader = None
            await self.conn.close()

    async def schema_version(self) -> int:
        async with self.conn.execute("PRAGMA user_version") as cur:
            return (await cur.fetchone())[0]

    async def migrate(self) -> int:
        """Apply every migration newer than ``user_version``; returns the version."""
        current = await self.schema_version()
        for number, path in migration_files():
            if number <= current:
                continue
            script = path.read_text(encoding="utf-8")
            await self.conn.executescript(f"BEGIN;\n{script}\nPRAGMA user_version = {number};\nCOMMIT;")
            current = number
        return current

    async def _all(self, sql: str, args=()) -> list[aiosqlite.Row]:
        """Every row of one read, executed and fetched in ONE step of the reading thread.

        The reads of every task share this connection, and in SQLite a connection's read
        transaction lasts while any of its statements is unfinished: a read left between its
        ``execute`` and its ``fetchall`` (two awaits) would keep every other task's reads on the
        snapshot it began with, so a read asked after a confirmed write could miss it (a table
        just created read back as None). Done in one step, no statement outlives its read."""
        try:
            return list(await self.conn.execute_fetchall(sql, args))
        except sqlite3.Error as err:
            kind = classify(err)  # damage a read meets says which file and what to do (as at open)
            raise StoreUnavailable(kind, str(DatabaseDamaged(self.path, f"is damaged ({err})")) if kind == "damaged"
                                   else str(err)) from None

    async def _read(self, program: portable.Program):
        """A read program (``bot/store/portable.py``) on the reading connection."""
        return await portable.run_async(False, self._all, None, program)

    async def _write_program(self, make: Callable[[], portable.Program]):
        """``make()``'s program as one write on the writer thread."""
        return await self._write(lambda db: portable.run(db, make()))

    # --- backups -------------------------------------------------------------------
    async def backup(self, dest: str | Path) -> Path:
        """A consistent copy of the live database (SQLite's online backup API), safe while the bot runs."""
        return await asyncio.to_thread(backup, self.path, dest, self.busy_timeout)

    # --- games and seats ------------------------------------------------
    async def create_game(
        self,
        game: str,
        engine_version: int,
        options: dict,
        seed: int,
        guild_id: int | None,
        channel_id: int,
        creator_id: int,
        seats: list[tuple[int, str]],
        at: datetime,
        parent_id: int | None = None,
        rated: bool = True,
    ) -> int:
        """Insert an open game and its first seats; IntegrityError if the channel is busy.
        ``rated`` False: the table option rated:false (its results move no rating)."""
        def work(db: sqlite3.Connection) -> int:
            cur = db.execute(
                "INSERT INTO games (game, engine_version, options, seed, guild_id, channel_id, parent_id,"
                " creator_id, status, created_at, updated_at, rated) VALUES (?,?,?,?,?,?,?,?, 'open', ?, ?, ?)",
                (game, engine_version, json.dumps(options, sort_keys=True), seed, guild_id, channel_id,
                 parent_id, creator_id, iso(at), iso(at), int(rated)),
            )
            _write_seats(db, cur.lastrowid, seats)
            return cur.lastrowid

        return await self._write(work)

    async def set_seats(self, game_id: int, seats: list[tuple[int, str]], at: datetime) -> None:
        def work(db: sqlite3.Connection) -> None:
            db.execute("DELETE FROM seats WHERE game_id = ?", (game_id,))
            _write_seats(db, game_id, seats)
            _touch(db, game_id, at)

        await self._write(work)

    async def hand_over_seat(self, game_id: int, seat: int, user_id: int, display_name: str, holders: list,
                             at: datetime) -> None:
        def work(db: sqlite3.Connection) -> None:
            db.execute("UPDATE seats SET user_id = ?, display_name = ? WHERE game_id = ? AND seat = ?",
                       (user_id, display_name, game_id, seat))
            db.execute("INSERT INTO settings (scope, scope_id, key, value) VALUES ('holders', ?, 'seats', ?)"
                       " ON CONFLICT (scope, scope_id, key) DO UPDATE SET value = excluded.value",
                       (game_id, json.dumps(holders)))
            _touch(db, game_id, at)

        await self._write(work)

    async def start_game(self, game_id: int, seats: list[tuple[int, str]], snapshot: str,
                         engine_version: int, at: datetime, owed: str | None = None) -> None:
        """Final seats, status running and the move-0 snapshot, together (and the start's post, ``owed``)."""
        def work(db: sqlite3.Connection) -> None:
            db.execute("DELETE FROM seats WHERE game_id = ?", (game_id,))
            _write_seats(db, game_id, seats)
            db.execute("UPDATE games SET status = 'running', engine_version = ?, updated_at = ?, started_at = ?"
                       " WHERE id = ?", (engine_version, iso(at), iso(at), game_id))
            _write_snapshot(db, game_id, 0, engine_version, snapshot, at)
            if owed is not None:
                _owe(db, game_id, 0, owed, at)

        await self._write(work)

    async def set_status(self, game_id: int, status: str, at: datetime, finish: Finish | None = None) -> None:
        """The game's new status; ``finish``: its results (an abort after the start), in the same write."""
        def work(db: sqlite3.Connection) -> None:
            _set_status(db, game_id, status, at)
            if finish is not None:
                portable.run(db, write_finish(finish))

        await self._write(work)

    async def set_board_message(self, game_id: int, message_id: int | None) -> None:
        await self._write(lambda db: db.execute("UPDATE games SET board_message_id = ? WHERE id = ?",
                                                (message_id, game_id)))

    async def set_paused(self, game_id: int, reason: str | None, channel_id: int | None = None,
                         parent_id: int | None = None) -> None:
        def work(db: sqlite3.Connection) -> None:
            if channel_id is None:
                db.execute("UPDATE games SET paused = ? WHERE id = ?", (reason, game_id))
            else:
                db.execute("UPDATE games SET paused = ?, channel_id = ?, parent_id = ? WHERE id = ?",
                           (reason, channel_id, parent_id, game_id))
                db.execute("UPDATE outbox SET channel_id = ? WHERE game_id = ? AND message_id IS NULL",
                           (channel_id, game_id))

        await self._write(work)

    async def paused_games(self, user_id: int | None = None) -> list[GameRecord]:
        seated = " AND id IN (SELECT game_id FROM seats WHERE user_id = ?)" if user_id is not None else ""
        rows = await self._all("SELECT * FROM games WHERE paused IS NOT NULL AND status IN ('open', 'running')"
                               + seated + " ORDER BY id", () if user_id is None else (user_id,))
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
        def work(db: sqlite3.Connection) -> bool:
            if db.execute(DELIVERED, (message_id, game_id, n, made, made)).rowcount == 0:
                return False  # its move was undone meanwhile
            if board:
                db.execute("UPDATE games SET board_message_id = ? WHERE id = ?", (message_id, game_id))
            return True

        return await self._write(work)

    async def post_owed_at(self, game_id: int, n: int) -> str | None:
        rows = await self._all("SELECT created_at FROM outbox WHERE game_id = ? AND n = ? AND message_id IS NULL"
                               " AND failed IS NULL", (game_id, n))
        return rows[0][0] if rows else None

    async def post_failed(self, game_id: int, n: int, reason: str) -> None:
        await self._write(lambda db: db.execute(
            "UPDATE outbox SET failed = ? WHERE game_id = ? AND n = ? AND message_id IS NULL", (reason, game_id, n)))

    async def recent_interactions(self, since: datetime) -> list[int]:
        await self._write(lambda db: db.execute("DELETE FROM interactions WHERE at < ?", (iso(since),)))
        rows = await self._all("SELECT id FROM interactions ORDER BY id")
        return [r["id"] for r in rows]

    async def keep_interactions(self, handled: list[tuple[int, datetime]]) -> None:
        rows = [(i, iso(at)) for i, at in handled]
        await self._write(lambda db: db.executemany("INSERT OR IGNORE INTO interactions (id, at) VALUES (?, ?)", rows))

    async def game(self, game_id: int) -> GameRecord | None:
        rows = await self._all("SELECT * FROM games WHERE id = ?", (game_id,))
        return _game(rows[0]) if rows else None

    async def active_game(self, channel_id: int) -> GameRecord | None:
        rows = await self._all("SELECT * FROM games WHERE channel_id = ? AND status IN ('open', 'running')",
                               (channel_id,))
        return _game(rows[0]) if rows else None

    async def latest_played(self, channel_id: int) -> GameRecord | None:
        """The newest game of a channel that got past the opening (running, finished or aborted)."""
        rows = await self._all("SELECT * FROM games WHERE channel_id = ? AND status != 'open' ORDER BY id DESC LIMIT 1",
                               (channel_id,))
        return _game(rows[0]) if rows else None

    async def active_games(self, shards: Shards | None = None) -> list[GameRecord]:
        """Open and running games (only those of ``shards``' guilds when given)."""
        rows = await self._all("SELECT * FROM games WHERE status IN ('open', 'running') AND paused IS NULL"
                               f"{where(shards)} ORDER BY id")
        return [_game(r) for r in rows]

    async def seats(self, game_id: int) -> list[SeatRecord]:
        rows = await self._all("SELECT seat, user_id, display_name FROM seats WHERE game_id = ? ORDER BY seat",
                               (game_id,))
        return [SeatRecord(r["seat"], r["user_id"], r["display_name"]) for r in rows]

    # --- the move log ----------------------------------------------------
    async def append_move(
        self,
        game_id: int,
        n: int,
        seat: int,
        text: str,
        kind: str,
        summary: str,
        barrier: bool,
        snapshot: str | None,
        engine_version: int,
        at: datetime,
        status: str = "running",
        rev: int | None = None,
        turn_steps: str | None = None,
        owed: str | None = None,
        interaction_id: int | None = None,
        finish: Finish | None = None,
        then: Callable[[sqlite3.Connection], object] | None = None,
    ) -> int:
        """Move n and (unless ``snapshot`` is None) the snapshot after it, in ONE transaction; returns
        the game's new revision. The move log is the truth: the table writes a snapshot only every
        few moves, and a restart replays the moves after it.

        The primary key (game_id, n) makes a duplicate move fail instead of
        applying twice, and ``rev`` (the revision the caller's state is from)
        refuses a move computed on a state another writer has changed meanwhile
        (an undo then a new move n): both raise :class:`Conflict`. ``turn_steps``: the running
        turn's steps after this move (None: the turn ended), kept with the move. ``finish``: the move
        ends the game; its results rows and the ratings they move go in the same transaction.
        ``then``: the play-by-post step, run in the move's own transaction after the batch's moves,
        together with their steps (``threads.joined_steps``: the steps with the same
        ``then.together`` as one, their rows read once for all), its failure undone alone.
        """
        stamp = iso(at)
        # the game's row in one statement: revision (checked and bumped), turn steps, time; the
        # status only when it changes (setting it, even to the same value, rewrites the pages of
        # both indexes on it: two more pages in the log for every move)
        args = (turn_steps, stamp, game_id) if rev is None else (turn_steps, stamp, game_id, rev)
        # the common move (its revision checked, the game running before and after it) needs
        # nothing back: no RETURNING (whose rows SQLite gathers in a table of their own)
        running = rev is not None and status == "running"

        def work(db: sqlite3.Connection) -> int:
            if running and db.execute(_BUMP_RUNNING, args).rowcount == 1:
                row = [(rev + 1, status)]
            else:  # a stale revision, a game not running, a move that ends it
                row = db.execute(_BUMP if rev is None else _BUMP_REV, args).fetchall()
            if not row and rev is not None:
                raise Conflict(f"game {game_id} changed meanwhile (revision {rev} is stale)")
            db.execute(
                "INSERT INTO moves (game_id, n, seat, text, kind, summary, barrier, at) VALUES (?,?,?,?,?,?,?,?)",
                (game_id, n, seat, text, kind, summary, int(barrier), stamp),
            )
            if snapshot is not None:
                _write_snapshot(db, game_id, n, engine_version, snapshot, at)
            if row and row[0][1] != status:
                db.execute("UPDATE games SET status = ? WHERE id = ?", (status, game_id))
            if status not in ACTIVE:  # a game's timers end with it (as ``_set_status``)
                db.execute("DELETE FROM timers WHERE game_id = ?", (game_id,))
            if owed is not None:
                _owe(db, game_id, n, owed, at)
            if interaction_id is not None:
                db.execute("INSERT INTO interactions (id, at) VALUES (?, ?)", (interaction_id, stamp))
            if finish is not None:
                portable.run(db, write_finish(finish))
            return row[0][0] if row else 0

        work.then = then  # run by the batch after its moves (``_commit_batch``), in this transaction
        work.again = True  # statements alone: a batch may roll it back and write it again (``Writer._plain``)
        return await self._write(work)

    async def drop_last_move(self, game_id: int, n: int, snapshot: str, engine_version: int, at: datetime,
                             rev: int | None = None) -> int:
        """Delete move n (the last) and store the snapshot before it; returns the new revision."""
        def work(db: sqlite3.Connection) -> int:
            new_rev = _bump(db, game_id, rev)
            gone = db.execute("DELETE FROM moves WHERE game_id = ? AND n = ?"
                              " AND NOT EXISTS (SELECT 1 FROM moves WHERE game_id = ? AND n > ?)",
                              (game_id, n, game_id, n)).rowcount
            if gone != 1:
                raise Conflict(f"move {n} is not the last move of game {game_id}")
            _write_snapshot(db, game_id, n - 1, engine_version, snapshot, at)
            db.execute("DELETE FROM outbox WHERE game_id = ? AND n = ?", (game_id, n))  # its post: owed no more
            db.execute("UPDATE games SET turn_steps = NULL WHERE id = ?", (game_id,))
            _touch(db, game_id, at)
            return new_rev

        return await self._write(work)

    async def moves(self, game_id: int) -> list[MoveRecord]:
        rows = await self._all("SELECT * FROM moves WHERE game_id = ? ORDER BY n", (game_id,))
        return [MoveRecord(r["n"], r["seat"], r["text"], r["kind"], r["summary"], bool(r["barrier"]), r["at"])
                for r in rows]

    async def move_times(self, game_id: int) -> list[tuple[int, str]]:
        """(seat, at) of every logged move, in order: how long the table waited on each seat."""
        rows = await self._all("SELECT seat, at FROM moves WHERE game_id = ? ORDER BY n", (game_id,))
        return [(r[0], r[1]) for r in rows]

    async def pbp_marks(self, game_id: int) -> tuple[set[int], bool]:
        """Play-by-post's marks on a game: the seats it handed to a bot before the end (the
        time-out vote), and whether it closed the game as stalled (archived)."""
        rows = await self._all("SELECT dropped, archived FROM pbp_games WHERE game_id = ?", (game_id,))
        return (set(json.loads(rows[0][0])), bool(rows[0][1])) if rows else (set(), False)

    async def snapshot(self, game_id: int) -> Snapshot | None:
        rows = await self._all("SELECT n, engine_version, state, at FROM snapshots WHERE game_id = ?", (game_id,))
        return Snapshot(rows[0]["n"], rows[0]["engine_version"], rows[0]["state"], rows[0]["at"]) if rows else None

    def sync_reader(self) -> SyncReader:
        """A game's stored snapshot and log read synchronously, from any thread, on a connection of
        its own (WAL lets it read beside the writer; a primary-key read, tens of microseconds): a
        table a restart left in the database reads its state when first touched, and
        ``Table.state`` is not a coroutine."""
        return SyncReader(self)

    async def save_snapshot(self, game_id: int, n: int, engine_version: int, state: str, at: datetime,
                            rev: int | None = None, waiting: list[int] | None = None) -> bool:
        """Store a snapshot rebuilt from the log. With ``rev`` (the revision the log was read at) it is
        written only while the game is still at that revision: a process that caught up from the log
        must not overwrite the newer snapshot another process committed meanwhile. Returns whether
        it was written (a skipped one is only a cache left for the next reader to rebuild)."""
        def work(db: sqlite3.Connection) -> bool:
            if rev is not None and db.execute("SELECT 1 FROM games WHERE id = ? AND rev = ?",
                                              (game_id, rev)).fetchone() is None:
                return False
            _write_snapshot(db, game_id, n, engine_version, state, at, waiting)
            return True

        return await self._write(work)

    # --- settings ---------------------------------------------------------
    async def get_setting(self, scope: str, scope_id: int, key: str, default=None):
        rows = await self._all("SELECT value FROM settings WHERE scope = ? AND scope_id = ? AND key = ?",
                               (scope, scope_id, key))
        return json.loads(rows[0]["value"]) if rows else default

    async def scope_ids(self, scope: str, key: str) -> list[int]:
        rows = await self._all("SELECT scope_id FROM settings WHERE scope = ? AND key = ? ORDER BY scope_id",
                               (scope, key))
        return [r[0] for r in rows]

    async def set_setting(self, scope: str, scope_id: int, key: str, value) -> None:
        await self._write(lambda db: db.execute(
            "INSERT INTO settings (scope, scope_id, key, value) VALUES (?,?,?,?)"
            " ON CONFLICT (scope, scope_id, key) DO UPDATE SET value = excluded.value",
            (scope, scope_id, key, json.dumps(value)),
        ))


class SyncReader:
    """``SqliteStore.sync_reader``: one read-only connection shared under a lock, opened on first use
    (and closed with the store)."""

    def __init__(self, store: SqliteStore) -> None:
        self.store = store

    def _rows(self, sql: str, args: tuple) -> list:
        store = self.store
        with store._sync_lock:
            if store._sync_reader is None:
                store._sync_reader = sqlite3.connect(store.path, isolation_level=None, check_same_thread=False,
                                                     timeout=store.busy_timeout)
                store._sync_reader.execute("PRAGMA query_only=ON")
            try:
                return store._sync_reader.execute(sql, args).fetchall()
            except sqlite3.Error as err:
                raise StoreUnavailable(classify(err), str(err)) from None

    def snapshot(self, game_id: int) -> Snapshot | None:
        rows = self._rows("SELECT n, engine_version, state, at, waiting FROM snapshots WHERE game_id = ?", (game_id,))
        return Snapshot(*rows[0]) if rows else None

    def moves(self, game_id: int) -> list[MoveRecord]:
        rows = self._rows("SELECT n, seat, text, kind, summary, barrier, at FROM moves WHERE game_id = ? ORDER BY n",
                          (game_id,))
        return [MoveRecord(n, seat, text, kind, summary, bool(barrier), at)
                for n, seat, text, kind, summary, barrier, at in rows]


def _write_seats(db: sqlite3.Connection, game_id: int, seats: list[tuple[int, str]]) -> None:
    db.executemany(
        "INSERT INTO seats (game_id, seat, user_id, display_name) VALUES (?,?,?,?)",
        [(game_id, i, uid, name) for i, (uid, name) in enumerate(seats)],
    )


#: a delivered post keeps its row (the message id: never sent again), not its JSON, which only an
#: owed post is read for (``owed_posts``): with a board it was most of what a move added to the file
DELIVERED = ("UPDATE outbox SET message_id = ?, failed = NULL, post = '' WHERE game_id = ? AND n = ?"
             " AND (? IS NULL OR created_at = ?)")  # only the post it was owed with (``made``), when given


def _owe(db: sqlite3.Connection, game_id: int, n: int, post: str, at: datetime) -> None:
    """The post move ``n`` owes its table (replacing an undone move n's)."""
    db.execute("INSERT INTO outbox (game_id, n, channel_id, post, created_at) SELECT id, ?, channel_id, ?, ?"
               " FROM games WHERE id = ? ON CONFLICT (game_id, n) DO UPDATE SET channel_id = excluded.channel_id,"
               " post = excluded.post, created_at = excluded.created_at, message_id = NULL, failed = NULL",
               (n, post, iso(at), game_id))


def _write_snapshot(db: sqlite3.Connection, game_id: int, n: int, version: int, state: str, at: datetime,
                    waiting: list[int] | None = None) -> None:
    """``waiting``: the seats the state waits for, when the caller knows them (else NULL: unknown)."""
    db.execute(
        "INSERT INTO snapshots (game_id, n, engine_version, state, at, waiting) VALUES (?,?,?,?,?,?)"
        " ON CONFLICT (game_id) DO UPDATE SET n = excluded.n, engine_version = excluded.engine_version,"
        " state = excluded.state, at = excluded.at, waiting = excluded.waiting",
        (game_id, n, version, state, iso(at), None if waiting is None else json.dumps(waiting)),
    )


def _bump(db: sqlite3.Connection, game_id: int, rev: int | None) -> int:
    """Count a write to the game's log; refuse it if the caller's revision is not the stored one."""
    if rev is None:
        db.execute("UPDATE games SET rev = rev + 1 WHERE id = ?", (game_id,))
    elif db.execute("UPDATE games SET rev = rev + 1 WHERE id = ? AND rev = ?", (game_id, rev)).rowcount != 1:
        raise Conflict(f"game {game_id} changed meanwhile (revision {rev} is stale)")
    row = db.execute("SELECT rev FROM games WHERE id = ?", (game_id,)).fetchone()
    return row[0] if row else 0


def _touch(db: sqlite3.Connection, game_id: int, at: datetime) -> None:
    db.execute("UPDATE games SET updated_at = ? WHERE id = ?", (iso(at), game_id))


def _set_status(db: sqlite3.Connection, game_id: int, status: str, at: datetime) -> None:
    """A game's timers end with it."""
    db.execute("UPDATE games SET status = ?, updated_at = ? WHERE id = ?", (status, iso(at), game_id))
    if status not in ACTIVE:
        db.execute("DELETE FROM timers WHERE game_id = ?", (game_id,))


def _game(r) -> GameRecord:
    return GameRecord(
        id=r["id"], game=r["game"], engine_version=r["engine_version"], options=json.loads(r["options"]),
        seed=r["seed"], guild_id=r["guild_id"], channel_id=r["channel_id"], parent_id=r["parent_id"],
        creator_id=r["creator_id"], status=r["status"], created_at=r["created_at"],
        updated_at=r["updated_at"], board_message_id=r["board_message_id"],
        rev=r["rev"] if "rev" in r.keys() else 0,
        turn_steps=r["turn_steps"] if "turn_steps" in r.keys() else None,
        paused=r["paused"] if "paused" in r.keys() else None,
        started_at=r["started_at"] if "started_at" in r.keys() else None,
        rated=bool(r["rated"]) if "rated" in r.keys() else True,
    )


def backup(src: str | Path, dest: str | Path, busy_timeout: float = BUSY_TIMEOUT) -> Path:
    """Copy ``src`` to ``dest`` with SQLite's online backup API (consistent even while another
    process writes). ``dest`` is a folder (one that exists, or a name without a suffix such as
    ``backups``, made if missing) where the copy is named after the time, UTC
    (``backups/20261129-035012.sqlite3``; a second copy in the same second gets ``-2``), or a file."""
    from datetime import UTC

    src, dest = Path(src), Path(dest)
    check_file(src)
    if not src.exists():
        raise DatabaseDamaged(src, "does not exist")
    if dest.is_dir() or not dest.suffix:
        dest.mkdir(parents=True, exist_ok=True)
        stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
        folder, dest, k = dest, dest / f"{stamp}.sqlite3", 2
        while dest.exists() or dest.with_name(dest.name + ".part").exists():
            dest, k = folder / f"{stamp}-{k}.sqlite3", k + 1
    dest.parent.mkdir(parents=True, exist_ok=True)
    tmp = dest.with_name(dest.name + ".part")
    source = sqlite3.connect(f"file:{src}?mode=ro", uri=True, timeout=busy_timeout)
    target = sqlite3.connect(tmp)
    try:
        source.backup(target, pages=1024)
        target.execute("PRAGMA journal_mode=DELETE")
        ok = target.execute("PRAGMA quick_check(1)").fetchone()[0]
        if ok != "ok":
            raise RuntimeError(f"the copy failed its check: {ok}")
    finally:
        target.close()
        source.close()
    os.replace(tmp, dest)
    return dest
