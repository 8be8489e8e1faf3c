"""The SQLite store: games, seats, the move log, snapshots, settings, timers.

One aiosqlite connection in WAL mode. Every public method is one short
transaction behind a lock (the connection is shared by all channels, so a
transaction must not interleave with another task's statements). The schema
version lives in ``PRAGMA user_version``; ``bot/migrations/NNNN_*.sql`` are
applied in order on open.

Keep this the only module that speaks SQL: a bot that outgrows one process
swaps it for a PostgreSQL store with the same methods.
"""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

import aiosqlite

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


@dataclass
class TimerRecord:
    id: int
    due_at: str
    kind: str
    game_id: int | None
    user_id: int | None
    payload: dict = field(default_factory=dict)


def migration_files() -> list[tuple[int, Path]]:
    out = []
    for path in MIGRATIONS.glob("*.sql"):
        m = re.match(r"(\d+)_", path.name)
        if m:
            out.append((int(m.group(1)), path))
    return sorted(out)


class Store:
    """Async access to the database file. Open with ``await Store.open(path)``."""

    def __init__(self, conn: aiosqlite.Connection):
        self.conn = conn
        self._lock = asyncio.Lock()

    @classmethod
    async def open(cls, path: str | Path) -> Store:
        if str(path) != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        conn = await aiosqlite.connect(str(path), isolation_level=None)
        conn.row_factory = aiosqlite.Row
        await conn.execute("PRAGMA journal_mode=WAL")
        await conn.execute("PRAGMA synchronous=NORMAL")
        await conn.execute("PRAGMA foreign_keys=ON")
        await conn.execute("PRAGMA busy_timeout=5000")
        store = cls(conn)
        await store.migrate()
        return store

    async def close(self) -> None:
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

    @asynccontextmanager
    async def _tx(self) -> AsyncIterator[aiosqlite.Connection]:
        """One write transaction: all or nothing."""
        async with self._lock:
            await self.conn.execute("BEGIN IMMEDIATE")
            try:
                yield self.conn
            except BaseException:
                await self.conn.execute("ROLLBACK")
                raise
            await self.conn.execute("COMMIT")

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
        async with self._tx() as db:
            cur = await db.execute(
                "INSERT INTO games (game, engine_version, options, seed, guild_id, channel_id, parent_id,"
                " creator_id, status, created_at, updated_at) VALUES (?,?,?,?,?,?,?,?, 'open', ?, ?)",
                (game, engine_version, json.dumps(options, sort_keys=True), seed, guild_id, channel_id,
                 parent_id, creator_id, iso(at), iso(at)),
            )
            game_id = cur.lastrowid
            await _write_seats(db, game_id, seats)
        return game_id

    async def set_seats(self, game_id: int, seats: list[tuple[int, str]], at: datetime) -> None:
        async with self._tx() as db:
            await db.execute("DELETE FROM seats WHERE game_id = ?", (game_id,))
            await _write_seats(db, game_id, seats)
            await _touch(db, game_id, at)

    async def start_game(self, game_id: int, seats: list[tuple[int, str]], snapshot: str,
                         engine_version: int, at: datetime) -> None:
        """Final seats, status running and the move-0 snapshot, together."""
        async with self._tx() as db:
            await db.execute("DELETE FROM seats WHERE game_id = ?", (game_id,))
            await _write_seats(db, game_id, seats)
            await db.execute("UPDATE games SET status = 'running', engine_version = ?, updated_at = ? WHERE id = ?",
                             (engine_version, iso(at), game_id))
            await _write_snapshot(db, game_id, 0, engine_version, snapshot, at)

    async def set_status(self, game_id: int, status: str, at: datetime) -> None:
        async with self._tx() as db:
            await db.execute("UPDATE games SET status = ?, updated_at = ? WHERE id = ?", (status, iso(at), game_id))
            if status not in ACTIVE:
                await db.execute("DELETE FROM timers WHERE game_id = ?", (game_id,))

    async def set_board_message(self, game_id: int, message_id: int | None) -> None:
        async with self._tx() as db:
            await db.execute("UPDATE games SET board_message_id = ? WHERE id = ?", (message_id, game_id))

    async def game(self, game_id: int) -> GameRecord | None:
        rows = await self._all("SELECT * FROM games WHERE id = ?", (game_id,))
        return _game(rows[0]) if rows else None

    async def active_game(self, channel_id: int) -> GameRecord | None:
        rows = await self._all("SELECT * FROM games WHERE channel_id = ? AND status IN ('open', 'running')",
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
        async with self._tx() as db:
            await db.execute(
                "INSERT INTO moves (game_id, n, seat, text, kind, summary, barrier, at) VALUES (?,?,?,?,?,?,?,?)",
                (game_id, n, seat, text, kind, summary, int(barrier), iso(at)),
            )
            await _write_snapshot(db, game_id, n, engine_version, snapshot, at)
            await db.execute("UPDATE games SET status = ?, updated_at = ? WHERE id = ?", (status, iso(at), game_id))
            if status not in ACTIVE:
                await db.execute("DELETE FROM timers WHERE game_id = ?", (game_id,))

    async def drop_last_move(self, game_id: int, n: int, snapshot: str, engine_version: int, at: datetime) -> None:
        """Delete move n (the last) and store the snapshot before it."""
        async with self._tx() as db:
            await db.execute("DELETE FROM moves WHERE game_id = ? AND n = ?", (game_id, n))
            await _write_snapshot(db, game_id, n - 1, engine_version, snapshot, at)
            await _touch(db, game_id, at)

    async def moves(self, game_id: int) -> list[MoveRecord]:
        rows = await self._all("SELECT * FROM moves WHERE game_id = ? ORDER BY n", (game_id,))
        return [MoveRecord(r["n"], r["seat"], r["text"], r["kind"], r["summary"], bool(r["barrier"]), r["at"])
                for r in rows]

    async def snapshot(self, game_id: int) -> Snapshot | None:
        rows = await self._all("SELECT n, engine_version, state, at FROM snapshots WHERE game_id = ?", (game_id,))
        return Snapshot(rows[0]["n"], rows[0]["engine_version"], rows[0]["state"], rows[0]["at"]) if rows else None

    async def save_snapshot(self, game_id: int, n: int, engine_version: int, state: str, at: datetime) -> None:
        async with self._tx() as db:
            await _write_snapshot(db, game_id, n, engine_version, state, at)

    # --- settings ---------------------------------------------------------
    async def get_setting(self, scope: str, scope_id: int, key: str, default=None):
        rows = await self._all("SELECT value FROM settings WHERE scope = ? AND scope_id = ? AND key = ?",
                               (scope, scope_id, key))
        return json.loads(rows[0]["value"]) if rows else default

    async def set_setting(self, scope: str, scope_id: int, key: str, value) -> None:
        async with self._tx() as db:
            await db.execute(
                "INSERT INTO settings (scope, scope_id, key, value) VALUES (?,?,?,?)"
                " ON CONFLICT (scope, scope_id, key) DO UPDATE SET value = excluded.value",
                (scope, scope_id, key, json.dumps(value)),
            )

    # --- timers (the dispatcher of reminders/time limits builds on these) --
    async def add_timer(self, due_at: datetime, kind: str, at: datetime, game_id: int | None = None,
                        user_id: int | None = None, payload: dict | None = None) -> int:
        async with self._tx() as db:
            cur = await db.execute(
                "INSERT INTO timers (due_at, kind, game_id, user_id, payload, created_at) VALUES (?,?,?,?,?,?)",
                (iso(due_at), kind, game_id, user_id, json.dumps(payload or {}), iso(at)),
            )
            return cur.lastrowid

    async def next_timer(self) -> TimerRecord | None:
        rows = await self._all("SELECT * FROM timers ORDER BY due_at, id LIMIT 1")
        return _timer(rows[0]) if rows else None

    async def due_timers(self, now: datetime) -> list[TimerRecord]:
        rows = await self._all("SELECT * FROM timers WHERE due_at <= ? ORDER BY due_at, id", (iso(now),))
        return [_timer(r) for r in rows]

    async def delete_timer(self, timer_id: int) -> bool:
        async with self._tx() as db:
            cur = await db.execute("DELETE FROM timers WHERE id = ?", (timer_id,))
            return cur.rowcount > 0


async def _write_seats(db: aiosqlite.Connection, game_id: int, seats: list[tuple[int, str]]) -> None:
    await db.executemany(
        "INSERT INTO seats (game_id, seat, user_id, display_name) VALUES (?,?,?,?)",
        [(game_id, i, uid, name) for i, (uid, name) in enumerate(seats)],
    )


async def _write_snapshot(db, game_id: int, n: int, version: int, state: str, at: datetime) -> None:
    await db.execute(
        "INSERT INTO snapshots (game_id, n, engine_version, state, at) VALUES (?,?,?,?,?)"
        " ON CONFLICT (game_id) DO UPDATE SET n = excluded.n, engine_version = excluded.engine_version,"
        " state = excluded.state, at = excluded.at",
        (game_id, n, version, state, iso(at)),
    )


async def _touch(db, game_id: int, at: datetime) -> None:
    await db.execute("UPDATE games SET updated_at = ? WHERE id = ?", (iso(at), game_id))


def _game(r) -> GameRecord:
    return GameRecord(
        id=r["id"], game=r["game"], engine_version=r["engine_version"], options=json.loads(r["options"]),
        seed=r["seed"], guild_id=r["guild_id"], channel_id=r["channel_id"], parent_id=r["parent_id"],
        creator_id=r["creator_id"], status=r["status"], created_at=r["created_at"],
        updated_at=r["updated_at"], board_message_id=r["board_message_id"],
    )


def _timer(r) -> TimerRecord:
    return TimerRecord(r["id"], r["due_at"], r["kind"], r["game_id"], r["user_id"], json.loads(r["payload"]))
