"""The timers table: durable timers (reminders, deadlines, automatic moves, archiving).

A timer is a row: ``kind, key, due_at, game_id, user_id, payload`` (JSON), ``attempts`` and
``claimed_until``. ``key`` makes a timer replaceable: adding ``remind:7:2`` again moves the one
reminder of game 7 / seat 2 instead of stacking a second one. A game's timers go when it ends
(the store deletes them by game id). The dispatcher that fires them is
``bot/table/timers.py``; its statements run here, on the database thread
(:mod:`bot.store.threads`). Times are epoch seconds here and ISO 8601 text in the table, so
text order is time order.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import UTC, datetime

from . import statements as sql
from .shards import Shards
from .threads import DbThread, dialect_of

#: A claimed timer belongs to its process this long; if that process dies, another fires it after.
CLAIM_LEASE = 300.0


def epoch(when: datetime | float) -> float:
    return when.timestamp() if isinstance(when, datetime) else float(when)


def iso_at(seconds: float) -> str:
    """Epoch seconds as the store writes times (ISO 8601 UTC, milliseconds), so text order = time order."""
    return datetime.fromtimestamp(seconds, UTC).isoformat(timespec="milliseconds")


@dataclass
class Timer:
    id: int
    kind: str
    due: float
    key: str | None = None
    payload: dict = field(default_factory=dict)
    attempts: int = 0
    game_id: int | None = None
    user_id: int | None = None
    guild_id: int | None = None


class TimerStore:
    """The timers table. Small synchronous statements (each well under a ms), run on the
    database thread: ``source`` is that thread (:class:`bot.store.threads.DbThread`) or a bare
    connection."""

    def __init__(self, source, shards: Shards | None = None):
        self._source = source
        #: claim only the timers of these shards' games (and of no game); None: every timer
        self.shards = shards
        dialect = dialect_of(source)
        mine = self._mine()
        self._text = {stmt: getattr(stmt, dialect).replace("{mine}", mine)
                      for stmt in (sql.PUT_TIMER, sql.ADD_TIMER, sql.TIMER, sql.TIMER_ID, sql.DROP_TIMER,
                                   sql.DROP_TIMER_ID,
                                   sql.DROP_GAME_TIMERS, sql.DROP_GAME_TIMERS_OF, sql.NEXT_DUE, sql.CLAIM_DUE,
                                   sql.DUE, sql.COUNT_DUE, sql.ALL_TIMERS, sql.RETRY_TIMER)}
        self._lists = dialect == "sqlite"  # a list is one ``?`` per item (PostgreSQL: one array)

    def _mine(self) -> str:
        """``AND ...``: the timers this process may fire (its shards' games, its shards' servers, or neither)."""
        if self.shards is None:
            return ""
        # each timer's game looked up by its id (not every game's guild read to list the shard's
        # games); a timer of a server and no game (a league's deadline) by that server's shard
        return (" AND (CASE WHEN timers.game_id IS NULL THEN timers.guild_id IS NULL"
                f" OR {self.shards.sql('timers.guild_id')} ELSE EXISTS (SELECT 1 FROM games"
                f" WHERE games.id = timers.game_id AND {self.shards.sql('games.guild_id')}) END)")

    @property
    def conn(self):
        return self._source.conn if isinstance(self._source, DbThread) else self._source

    def _run(self, stmt: sql.Sql, args=()):
        return self.conn.execute(self._text[stmt], args)

    def add(self, kind: str, due: float, payload: dict | None = None, key: str | None = None,
            game_id: int | None = None, user_id: int | None = None, now: float = 0.0,
            guild_id: int | None = None) -> int:
        """Insert a timer; one with the same ``key`` is replaced. Returns its id. ``guild_id``: a
        timer of a server and no game (a league's deadline) fires in the process of that server's shard."""
        row = self._row(kind, due, payload, key, game_id, user_id, now, guild_id)
        return int(self._run(sql.ADD_TIMER, row).fetchall()[0][0])

    def put(self, kind: str, due: float, payload: dict | None = None, key: str | None = None,
            game_id: int | None = None, user_id: int | None = None, now: float = 0.0,
            guild_id: int | None = None) -> None:
        """:meth:`add` without asking the new id: PostgreSQL then sends it with the commit."""
        self._run(sql.PUT_TIMER, self._row(kind, due, payload, key, game_id, user_id, now, guild_id))

    @staticmethod
    def _row(kind, due, payload, key, game_id, user_id, now, guild_id=None) -> tuple:
        return (kind, key, iso_at(due), game_id, user_id, json.dumps(payload or {}, sort_keys=True), iso_at(now),
                guild_id)

    def get(self, key: str) -> Timer | None:
        row = self._run(sql.TIMER, (key,)).fetchone()
        return _timer(row) if row else None

    def kept(self, timer_id: int) -> bool:
        """Whether the row of this id is still there (not cancelled, not replaced by a new one)."""
        return self._run(sql.TIMER_ID, (timer_id,)).fetchone() is not None

    def cancel(self, key: str) -> bool:
        """Whether there was one."""
        return self._run(sql.DROP_TIMER, (key,)).rowcount > 0

    def discard(self, key: str) -> None:
        """:meth:`cancel` without asking whether there was one (sent with the commit on PostgreSQL)."""
        self._run(sql.DROP_TIMER, (key,))

    def cancel_game(self, game_id: int, kinds: tuple[str, ...] | None = None) -> int:
        """Drop the timers of one game (of some kinds only, if given)."""
        if kinds is None:
            return self._run(sql.DROP_GAME_TIMERS, (game_id,)).rowcount
        if self._lists:
            text = self._text[sql.DROP_GAME_TIMERS_OF].format(marks=", ".join("?" * len(kinds)))
            return self.conn.execute(text, (game_id, *kinds)).rowcount
        return self._run(sql.DROP_GAME_TIMERS_OF, (game_id, list(kinds))).rowcount

    def delete(self, timer_id: int) -> None:
        self._run(sql.DROP_TIMER_ID, (timer_id,))

    def next_due(self) -> float | None:
        """When the next timer falls due (a claimed one: when its claim runs out)."""
        row = self._run(sql.NEXT_DUE).fetchone()
        return None if row[0] is None else epoch(datetime.fromisoformat(row[0]))

    def claim_due(self, now: float, limit: int = 100, lease: float = CLAIM_LEASE) -> list[Timer]:
        """Take up to ``limit`` due timers nobody holds, for ``lease`` seconds (run it in a write
        transaction). Several processes never get the same timer: SQLite serialises the
        transactions, PostgreSQL skips the rows another process has locked. With shards, only
        the timers of this process's games are taken: the others' are theirs."""
        rows = self._run(sql.CLAIM_DUE, (iso_at(now + lease), iso_at(now), iso_at(now), limit)).fetchall()
        return sorted((_timer(r) for r in rows), key=lambda t: (t.due, t.id))

    def count_due(self, now: float) -> int:
        """How many of this process's timers are due at ``now`` and not fired yet (held ones too)."""
        return int(self._run(sql.COUNT_DUE, (iso_at(now),)).fetchone()[0])

    def due(self, now: float, limit: int = 100) -> list[Timer]:
        return [_timer(r) for r in self._run(sql.DUE, (iso_at(now), limit)).fetchall()]

    def all(self) -> list[Timer]:
        return [_timer(r) for r in self._run(sql.ALL_TIMERS)]

    def retry(self, timer: Timer, due: float) -> None:
        self._run(sql.RETRY_TIMER, (iso_at(due), timer.id))


def _timer(row) -> Timer:
    return Timer(id=row["id"], kind=row["kind"], due=epoch(datetime.fromisoformat(row["due_at"])),
                 key=row["key"], payload=json.loads(row["payload"] or "{}"), attempts=row["attempts"],
                 game_id=row["game_id"], user_id=row["user_id"], guild_id=row["guild_id"])
