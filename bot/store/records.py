"""What both stores hand out and how they fail: the records (a game, its seats, moves and
snapshot) and the errors, shared by the SQLite store (``bot.store``) and the PostgreSQL one
(``bot.store.postgres``) without either importing the other."""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

#: the schema's forward migrations (``NNNN_*.sql``; PostgreSQL's under ``pg/``)
MIGRATIONS = Path(__file__).parent / "migrations"
#: the statuses of a game still at its table
ACTIVE = ("open", "running")


class Conflict(sqlite3.IntegrityError):
    """A constraint refused the write: move n is already logged, or the channel already has a game.

    Subclasses ``sqlite3.IntegrityError`` so older callers keep working; the
    PostgreSQL store raises it too.
    """


class DatabaseDamaged(RuntimeError):
    """The database file cannot be used at all. ``str()`` is one line for the operator."""

    def __init__(self, path, problem: str):
        self.path, self.problem = str(path), problem
        super().__init__(
            f"the database file {self.path} {problem}: restore a backup (`make backup` writes one; see the README) "
            f"or move the file aside to start with an empty database")


class StoreUnavailable(RuntimeError):
    """A write (or read) failed for a reason outside the game: ``kind`` is
    ``full``, ``readonly``, ``locked``, ``damaged`` or ``io``. Nothing was written."""

    def __init__(self, kind: str, detail: str = ""):
        self.kind, self.detail = kind, detail
        super().__init__(f"database {kind}: {detail}" if detail else f"database {kind}")


def classify(err: sqlite3.Error) -> str:
    """The kind of a SQLite failure, from its error name (Python 3.11+) or message."""
    name = getattr(err, "sqlite_errorname", "") or ""
    text = str(err).lower()
    if name.startswith("SQLITE_FULL") or "full" in text:
        return "full"
    if name.startswith("SQLITE_READONLY") or "readonly" in text or "read-only" in text:
        return "readonly"
    if name.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")) or "locked" in text or "busy" in text:
        return "locked"
    if name.startswith(("SQLITE_CORRUPT", "SQLITE_NOTADB")) or "malformed" in text or "not a database" in text:
        return "damaged"
    return "io"


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
    #: writes to the game's log so far (moves and undos): the guard against a second writer
    rev: int = 0
    #: the running turn's steps so far (JSON, written with each move; None between turns)
    turn_steps: str | None = None
    #: why the game waits away from its table ("orphaned": its channel was deleted); None: at its table
    paused: str | None = None


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
class OwedPost:
    """A post a move owes its table, not delivered yet (the outbox)."""

    game_id: int
    n: int
    channel_id: int
    post: str          # JSON (``bot.table.posts.to_json``)
    created_at: str


@dataclass
class Snapshot:
    n: int
    engine_version: int
    state: str
    at: str
