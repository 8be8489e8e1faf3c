"""The SQLite store: games, seats, the move log, snapshots, settings, timers.

WAL mode. Reads go through an aiosqlite connection. Every write is one
short transaction run WHOLE in a worker thread on a second connection
(``_write``): a transaction that awaited between its statements would hold
SQLite's write lock while other tasks ran, and any synchronous write on the
event loop (the play-by-post tables, ``bot/timers.py``) would then wait for a
lock that cannot be released until it returns: the bot would freeze for the
busy timeout and that write would fail. The schema version lives in
``PRAGMA user_version``; ``bot/migrations/NNNN_*.sql`` are applied in order
on open.

This module owns the game tables (games, seats, moves, snapshots, settings).
The play-by-post layer keeps its own tables (``pbp_*``, timers) through
``bot/timers.py`` and ``bot/pbp.py``, on a synchronous connection to the same
file. A bot that outgrows one process swaps these for a PostgreSQL store
with the same methods.
"""

from __future__ import annotations

import asyncio
import json
import re
import sqlite3
import threading
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import TypeVar

import aiosqlite

T = TypeVar("T")

MIGRATIONS = Path(__file__).parent / "migrations"
ACTIVE = ("open", "running")


def iso(at: datetime) -> str:
    return at.isoformat(timespec="milliseconds")


@dataclass
class GameRecord:
    id: int
    game: str
    engine_version: int
    options: dict
    seed: int
    guild_id: int | None
    channel_id: int
    parent_id: int | None
    creator_id: int
    status: str
    created_at: str
    updated_at: str
    board_message_id: int | None = None


@dataclass
class SeatRecord:
    seat: int
    user_id: int
    display_name: str


@dataclass
class MoveRecord:
    n: int
    seat: int
    text: str
    kind: str
    summary: str
    barrier: bool
    at: str


@dataclass
class Snapshot:
    n: int
    engine_version: int
    state: str
    at: str


def migration_files() -> list[tuple[int, Path]]:
    out = []
    for path in MIGRATIONS.glob("*.sql"):
        m = re.match(r"(\d+)_", path.name)
        if m:
            out.append((int(m.group(1)), path))
    return sorted(out)


class Store:
    """Async access to the database file. Open with ``await Store.open(path)``."""

    def __init__(self, conn: aiosqlite.Connection, writer: sqlite3.Connection):
        self.conn = conn
        self._writer = writer
        self._lock = asyncio.Lock()
        self._writing = threading.Lock()

    @classmethod
    async def open(cls, path: str | Path) -> Store:
        if str(path) == ":memory:":  # reads, writes and the play-by-post layer each open the file
            raise ValueError("the store needs a database file (a temporary one will do), not ':memory:'")
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        conn = await aiosqlite.connect(str(path), isolation_level=None)
        conn.row_factory = aiosqlite.Row
        await conn.execute("PRAGMA journal_mode=WAL")
        await conn.execute("PRAGMA busy_timeout=5000")
        writer = sqlite3.connect(str(path), isolation_level=None, check_same_thread=False)
        for pragma in ("synchronous=NORMAL", "foreign_keys=ON", "busy_timeout=5000"):
            writer.execute(f"PRAGMA {pragma}")
        store = cls(conn, writer)
        await store.migrate()
        return store

    async def close(self) -> None:
        async with self._lock:
            with self._writing:
                self._writer.close()
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

    async def _write(self, work: Callable[[sqlite3.Connection], T]) -> T:
        """Run ``work(db)`` as one write transaction (all or nothing) in a worker thread."""
        def run() -> T:
            with self._writing:  # even if the awaiting task was cancelled, one transaction at a time
                db = self._writer
                db.execute("BEGIN IMMEDIATE")
                try:
                    out = work(db)
                except BaseException:
                    db.execute("ROLLBACK")
                    raise
                db.execute("COMMIT")
                return out

        async with self._lock:
            return await asyncio.to_thread(run)

    async def _all(self, sql: str, args=()) -> list[aiosqlite.Row]:
        async with self._lock:
            async with self.conn.execute(sql, args) as cur:
                return list(await cur.fetchall())

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
    ) -> int:
        """Insert an open game and its first seats; IntegrityError if the channel is busy."""
        def work(db: sqlite3.Connection) -> int:
            cur = db.execute(
                "INSERT INTO games (game, engine_version, options, seed, guild_id, channel_id, parent_id,"
                " creator_id, status, created_at, updated_at) VALUES (?,?,?,?,?,?,?,?, 'open', ?, ?)",
                (game, engine_version, json.dumps(options, sort_keys=True), seed, guild_id, channel_id,
                 parent_id, creator_id, iso(at), iso(at)),
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

    async def start_game(self, game_id: int, seats: list[tuple[int, str]], snapshot: str,
                         engine_version: int, at: datetime) -> None:
        """Final seats, status running and the move-0 snapshot, together."""
        def work(db: sqlite3.Connection) -> None:
            db.execute("DELETE FROM seats WHERE game_id = ?", (game_id,))
            _write_seats(db, game_id, seats)
            db.execute("UPDATE games SET status = 'running', engine_version = ?, updated_at = ? WHERE id = ?",
                       (engine_version, iso(at), game_id))
            _write_snapshot(db, game_id, 0, engine_version, snapshot, at)

        await self._write(work)

    async def set_status(self, game_id: int, status: str, at: datetime) -> None:
        await self._write(lambda db: _set_status(db, game_id, status, at))

    async def set_board_message(self, game_id: int, message_id: int | None) -> None:
        await self._write(lambda db: db.execute("UPDATE games SET board_message_id = ? WHERE id = ?",
                                                (message_id, game_id)))

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

    async def active_games(self) -> list[GameRecord]:
        rows = await self._all("SELECT * FROM games WHERE status IN ('open', 'running') ORDER BY id")
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
        snapshot: str,
        engine_version: int,
        at: datetime,
        status: str = "running",
    ) -> None:
        """Move n and the snapshot after it, in ONE transaction.

        The primary key (game_id, n) makes a duplicate move fail instead of
        applying twice.
        """
        def work(db: sqlite3.Connection) -> None:
            db.execute(
                "INSERT INTO moves (game_id, n, seat, text, kind, summary, barrier, at) VALUES (?,?,?,?,?,?,?,?)",
                (game_id, n, seat, text, kind, summary, int(barrier), iso(at)),
            )
            _write_snapshot(db, game_id, n, engine_version, snapshot, at)
            _set_status(db, game_id, status, at)

        await self._write(work)

    async def drop_last_move(self, game_id: int, n: int, snapshot: str, engine_version: int, at: datetime) -> None:
        """Delete move n (the last) and store the snapshot before it."""
        def work(db: sqlite3.Connection) -> None:
            db.execute("DELETE FROM moves WHERE game_id = ? AND n = ?", (game_id, n))
            _write_snapshot(db, game_id, n - 1, engine_version, snapshot, at)
            _touch(db, game_id, at)

        await self._write(work)

    async def moves(self, game_id: int) -> list[MoveRecord]:
        rows = await self._all("SELECT * FROM moves WHERE game_id = ? ORDER BY n", (game_id,))
        return [MoveRecord(r["n"], r["seat"], r["text"], r["kind"], r["summary"], bool(r["barrier"]), r["at"])
                for r in rows]

    async def snapshot(self, game_id: int) -> Snapshot | None:
        rows = await self._all("SELECT n, engine_version, state, at FROM snapshots WHERE game_id = ?", (game_id,))
        return Snapshot(rows[0]["n"], rows[0]["engine_version"], rows[0]["state"], rows[0]["at"]) if rows else None

    async def save_snapshot(self, game_id: int, n: int, engine_version: int, state: str, at: datetime) -> None:
        await self._write(lambda db: _write_snapshot(db, game_id, n, engine_version, state, at))

    # --- settings ---------------------------------------------------------
    async def get_setting(self, scope: str, scope_id: int, key: str, default=None):
        rows = await self._all("SELECT value FROM settings WHERE scope = ? AND scope_id = ? AND key = ?",
                               (scope, scope_id, key))
        return json.loads(rows[0]["value"]) if rows else default

    async def set_setting(self, scope: str, scope_id: int, key: str, value) -> None:
        await self._write(lambda db: db.execute(
            "INSERT INTO settings (scope, scope_id, key, value) VALUES (?,?,?,?)"
            " ON CONFLICT (scope, scope_id, key) DO UPDATE SET value = excluded.value",
            (scope, scope_id, key, json.dumps(value)),
        ))


def _write_seats(db: sqlite3.Connection, game_id: int, seats: list[tuple[int, str]]) -> None:
    db.executemany(
        "INSERT INTO seats (game_id, seat, user_id, display_name) VALUES (?,?,?,?)",
        [(game_id, i, uid, name) for i, (uid, name) in enumerate(seats)],
    )


def _write_snapshot(db: sqlite3.Connection, game_id: int, n: int, version: int, state: str, at: datetime) -> None:
    db.execute(
        "INSERT INTO snapshots (game_id, n, engine_version, state, at) VALUES (?,?,?,?,?)"
        " ON CONFLICT (game_id) DO UPDATE SET n = excluded.n, engine_version = excluded.engine_version,"
        " state = excluded.state, at = excluded.at",
        (game_id, n, version, state, iso(at)),
    )


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
    )

