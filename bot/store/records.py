"""What both stores hand out and how they fail: the records (a game, its seats, moves and
snapshot) and the errors, shared by the SQLite store (``bot.store``) and the PostgreSQL one
(``bot.store.postgres``) without either importing the other."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
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


#: what ``isoformat`` writes after a UTC time's seconds, by its millisecond
_MILLIS = tuple(f".{ms:03d}+00:00" for ms in range(1000))
#: (the last UTC second stamped, as (second, minute, hour, day, month, year), its text up to the
#: seconds): swapped whole, so a thread reading it meanwhile sees one pair or the other
_second: tuple[tuple[int, ...] | None, str] = (None, "")


def iso(at: datetime) -> str:
    """``at.isoformat(timespec="milliseconds")``. A move stamps one on the loop and its writes more
    on the writer thread, nearly all within the same second: a UTC time reuses that second's text,
    made once (14 K instructions a call down to about 5 K, bench/PERF.md)."""
    global _second
    if at.tzinfo is not UTC:
        return at.isoformat(timespec="milliseconds")
    key = (at.second, at.minute, at.hour, at.day, at.month, at.year)
    seen, text = _second
    if key != seen:
        text = at.replace(microsecond=0, tzinfo=None).isoformat()
        _second = (key, text)
    return text + _MILLIS[at.microsecond // 1000]


@dataclass(slots=True)  # no __dict__: a bot holds one per running game (issue 33, memory)
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
    #: when the game left its opening (None: started before records were kept, or not yet)
    started_at: str | None = None
    #: the table option rated:false makes it False: the results move no rating
    rated: bool = True


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
    #: the seats the state waits for (JSON), when its writer knew them
    waiting: str | None = None


# --- the records of finished games (results, ratings) ------------------------------------------
#: ratings.scope of the rating across every server (a server's own is its guild id)
GLOBAL = 0


@dataclass
class ResultRow:
    """One seat of one game that ended: the ``results`` table's row (see migration 0018)."""

    game_id: int
    seat: int
    guild_id: int | None
    game: str
    user_id: int
    display_name: str
    role: str | None
    score: int | None
    breakdown: dict
    rank: int | None
    ended: str  # 'finished', 'aborted' or 'abandoned'
    left_early: bool
    rated: bool
    players: int
    options: dict
    started_at: str | None
    ended_at: str
    moves: int
    seat_moves: int
    seconds: float
    engine_version: int
    rated_order: int | None = None

    @property
    def bot(self) -> bool:
        return self.user_id < 0


#: the results columns in the order of :class:`ResultRow`'s fields (rated_order last)
RESULT_COLUMNS = ("game_id", "seat", "guild_id", "game", "user_id", "display_name", "role", "score", "breakdown",
                  "rank", "ended", "left_early", "rated", "players", "options", "started_at", "ended_at", "moves",
                  "seat_moves", "seconds", "engine_version", "rated_order")


@dataclass
class Rating:
    """A player's rating in one title and scope (a server's id, or :data:`GLOBAL`)."""

    game: str
    scope: int
    user_id: int
    display_name: str
    mu: float
    sigma: float
    rating: float
    games: int
    wins: int
    established: bool
    last_order: int


RATING_COLUMNS = ("game", "scope", "user_id", "display_name", "mu", "sigma", "rating", "games", "wins",
                  "established", "last_order")


@dataclass
class RatingPoint:
    """A rating after one rated game: the rating's history (the /stats chart)."""

    game: str
    scope: int
    user_id: int
    rated_order: int
    game_id: int
    mu: float
    sigma: float
    rating: float
    at: str


POINT_COLUMNS = ("game", "scope", "user_id", "rated_order", "game_id", "mu", "sigma", "rating", "at")


@dataclass
class Finish:
    """What the move (or abort) that ends a game writes with it, in its own transaction: one
    results row per seat and, for a rated game, the ratings it moves.

    ``rate(current, order)`` gets the stored ratings of ``keys`` ((title, scope, user)
    that are missing are absent) and the game's place in the order of rated games, and gives
    the ratings after the game and their history points. The store calls it inside the
    transaction, after taking the ratings lock, so two games ending at once never rate on the
    same old values. None: the game moves no rating."""

    rows: list[ResultRow]
    keys: list[tuple[str, int, int]] = field(default_factory=list)
    rate: Callable[[dict, int], tuple[list[Rating], list[RatingPoint]]] | None = None
