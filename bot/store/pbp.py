"""The play-by-post rows: a game's settings (``pbp_games``), whom it waits for (``pbp_waits``),
each seat's clock (``pbp_clocks``), each player's reminder preferences (``pbp_prefs``) and the
undo and timeout votes (``pbp_polls``).

Synchronous statements for the database thread (:mod:`bot.store.threads`): the play-by-post
service runs a whole step (a dozen of them) there as one transaction. Every method is one
statement, written for both backends in :mod:`bot.store.statements`. A write whose outcome
the caller does not need returns nothing: on PostgreSQL it then leaves with the commit
instead of costing a round trip of its own. Rows come back as read (by column name:
``row["since"]``), or as dicts where the caller keeps them.
"""

from __future__ import annotations

import json
from functools import lru_cache

from . import statements as sql
from .threads import DbThread, dialect_of

#: the columns of :meth:`PbpRows.seat_rows`, in order (``statements.SEAT_ROWS``)
SEAT_ROW = ("game_id", "seat", "waited", "since", "reminded", "last_at", "muted", "clock", "has_prefs",
            "interval_hours", "quiet_start", "quiet_end", "tz", "dm", "remind_due")
#: a game's settings row before anything was written for it (the columns' defaults)
GAME_DEFAULTS = {"remind_hours": None, "time_control": "{}", "thread_id": None, "board_url": None, "stalled": 0,
                 "archived": 0, "dropped": "[]", "last_activity": 0.0}


class PbpRows:
    """The play-by-post tables, on ``source``: the database thread or a bare connection."""

    def __init__(self, source):
        self._source = source
        self.dialect = dialect_of(source)
        self._lists = self.dialect == "sqlite"  # a list is one ``?`` per item (PostgreSQL: one array)

    @property
    def conn(self):
        return self._source.conn if isinstance(self._source, DbThread) else self._source

    def _run(self, stmt: sql.Sql, args=()):
        return self.conn.execute(getattr(stmt, self.dialect), args)

    def _dicts(self, text: str, args) -> list[dict]:
        """Every row of a read as a dict. On SQLite the rows are fetched as tuples and zipped with
        the column names once: a ``sqlite3.Row`` read by name compares the name with each column's
        in turn, and the step after a move reads about fifty values a game this way."""
        if not self._lists:
            return [dict(r) for r in self.conn.execute(text, args).fetchall()]
        cur = self.conn.cursor()
        cur.row_factory = None
        rows = cur.execute(text, args).fetchall()
        names = [d[0] for d in cur.description]
        return [dict(zip(names, r)) for r in rows]

    # --- pbp_games ------------------------------------------------------------------------------
    def game(self, gid: int) -> dict:
        """The game's settings row, or the defaults when it has none yet (reading never writes)."""
        row = self._run(sql.GAME, (gid,)).fetchone()
        return dict(row) if row is not None else dict(GAME_DEFAULTS, game_id=gid)

    def ensure_game(self, gid: int) -> None:
        """The game's row, made if missing (for code about to write it)."""
        self._run(sql.ENSURE_GAME, (gid,))

    def lock_game(self, gid: int) -> None:
        """Hold the game's row (made if missing) until the transaction ends. A statement of its
        own, before the rows it guards are read: PostgreSQL reads what the other transaction
        committed only in a statement begun after the wait."""
        self._run(sql.LOCK_GAME, (gid,)).fetchall()

    def lock_games(self, gids: list[int]) -> dict[int, dict]:
        """At a start: the games' rows (made if missing) held until the transaction ends, as
        :meth:`lock_game` holds one (``gids`` sorted), each with ``open_polls`` and ``thread_timer``
        (as :meth:`touch_games`). One statement."""
        args = (json.dumps(list(gids)),) if self._lists else (list(gids),)
        return {r["game_id"]: dict(r) for r in self._run(sql.LOCK_GAMES, args).fetchall()}

    def start_rows(self, gids: list[int]) -> dict[int, tuple]:
        """At a start: per game that has a settings row, (``last_activity``, ``thread_id``,
        ``time_control``, ``dropped``, ``waited``, ``timers``): the seats it waits for as text ("0,2")
        and the keys of its timers not being fired ("archive:7,remind:7:0"; None: none). Reads only;
        one statement."""
        args = (json.dumps(list(gids)),) if self._lists else (list(gids),)
        return {r[0]: tuple(r[1:]) for r in self._run(sql.START_ROWS, args).fetchall()}

    def touch_games(self, gids: list[int], now: float) -> dict[int, dict]:
        """After a move: the games' rows (made if missing) active at ``now`` and not stalled, held
        until the transaction ends (``gids`` sorted, so two processes take them in the same order),
        each with ``last_seat`` (who moved last), ``open_polls`` (how many polls are open),
        ``thread_timer`` and ``archive_timer`` (whether those timers exist). One statement on PostgreSQL;
        on SQLite the upsert, then its rows read (``TOUCHED_ROWS``)."""
        if self._lists:
            texts = _touch_texts(len(gids))
            self.conn.execute(texts[0], tuple(x for gid in gids for x in (gid, now)))
            rows = self._dicts(texts[1], tuple(gids))
        else:
            rows = self._dicts(sql.TOUCH_GAMES.postgres, (list(gids), now))
        return {r["game_id"]: r for r in rows}

    def set_time_control(self, gid: int, control: str) -> None:
        self._run(sql.SET_TIME_CONTROL, (control, gid))

    def set_last_activity(self, gid: int, at: float) -> None:
        self._run(sql.SET_LAST_ACTIVITY, (at, gid))

    def set_remind_hours(self, gid: int, hours: float | None) -> None:
        self._run(sql.SET_REMIND_HOURS, (hours, gid))

    def set_thread(self, gid: int, thread_id: int | None) -> None:
        self._run(sql.SET_THREAD, (thread_id, gid))

    def set_dropped(self, gid: int, dropped: str) -> None:
        self._run(sql.SET_DROPPED, (dropped, gid))

    def set_stalled(self, gid: int) -> None:
        self._run(sql.SET_STALLED, (gid,))

    def set_archived(self, gid: int) -> None:
        self._run(sql.SET_ARCHIVED, (gid,))

    def set_settings(self, gid: int, remind_hours: float | None, time_control: str, thread_id: int | None) -> None:
        """What a rematch keeps of the game before it."""
        self._run(sql.SET_SETTINGS, (remind_hours, time_control, thread_id, gid))

    def game_of_thread(self, thread_id: int) -> int | None:
        row = self._run(sql.GAME_OF_THREAD, (thread_id,)).fetchone()
        return row["game_id"] if row is not None else None

    # --- pbp_waits --------------------------------------------------------------------------------
    def wait(self, gid: int, seat: int) -> dict | None:
        """The seat's wait (``since``, ``reminded``, ``last_at``, ``muted``), or None: not waited for."""
        row = self._run(sql.WAIT, (gid, seat)).fetchone()
        return dict(row) if row is not None else None

    def waits_since(self, gid: int) -> list[float]:
        """Since when each waited-for seat of the game waits."""
        return [r["since"] for r in self._run(sql.WAITS_SINCE, (gid,))]

    def start_wait(self, gid: int, seat: int, since: float) -> None:
        """The seat is waited for from ``since`` on (not reminded yet, not muted)."""
        self._run(sql.START_WAIT, (gid, seat, since))

    def end_wait(self, gid: int, seat: int) -> None:
        self._run(sql.END_WAIT, (gid, seat))

    def start_wait_rows(self, rows: list[tuple[int, int, float]]) -> None:
        """:meth:`start_wait` of each (game, seat, since): one ``executemany`` on SQLite (a move's step
        starts about one wait; a batch of moves writes theirs together)."""
        self._many(sql.START_WAIT, rows)

    def end_wait_rows(self, rows: list[tuple[int, int]]) -> None:
        """:meth:`end_wait` of each (game, seat), as :meth:`start_wait_rows`."""
        self._many(sql.END_WAIT, rows)

    def _many(self, stmt: sql.Sql, rows: list[tuple]) -> None:
        if self._lists:
            self.conn.executemany(stmt.sqlite, rows)
        else:  # PostgreSQL's connection queues each write until the commit (no round trip each)
            for args in rows:
                self._run(stmt, args)

    def end_waits(self, gid: int) -> None:
        self._run(sql.END_WAITS, (gid,))

    def reminded(self, gid: int, seat: int, at: float) -> None:
        self._run(sql.REMINDED, (at, gid, seat))

    def mute(self, gid: int, seat: int) -> None:
        self._run(sql.MUTE, (gid, seat))

    # --- pbp_clocks, pbp_prefs ------------------------------------------------------------------------
    def clock(self, gid: int, seat: int) -> str | None:
        """The seat's clock as stored (JSON), or None: it has none yet."""
        row = self._run(sql.CLOCK, (gid, seat)).fetchone()
        return row["clock"] if row is not None else None

    def save_clock(self, gid: int, seat: int, clock: str) -> None:
        self._run(sql.SAVE_CLOCK, (gid, seat, clock))

    def prefs(self, user_id: int):
        """The player's row (``interval_hours``, ``quiet_start``, ``quiet_end``, ``tz``, ``dm``), or None."""
        return self._run(sql.PREFS, (user_id,)).fetchone()

    def set_prefs(self, user_id: int, interval_hours: float | None, quiet_start: str | None,
                  quiet_end: str | None, tz: str, dm: bool) -> None:
        self._run(sql.SET_PREFS, (user_id, interval_hours, quiet_start, quiet_end, tz, int(dm)))

    # --- pbp_polls ------------------------------------------------------------------------------------
    def new_poll(self, gid: int, kind: str, data: str, created: float) -> int:
        """An open poll (``data``: JSON); its id."""
        return int(self._run(sql.NEW_POLL, (gid, kind, data, created)).fetchall()[0][0])

    def poll(self, poll_id: int) -> dict | None:
        row = self._run(sql.POLL, (poll_id,)).fetchone()
        return dict(row) if row is not None else None

    def open_polls(self, gid: int, kind: str) -> list:
        """The game's open polls of a kind (rows: ``id``, ``data``, ``votes``...)."""
        return self._run(sql.OPEN_POLLS, (gid, kind)).fetchall()

    def close_poll(self, poll_id: int) -> None:
        self._run(sql.CLOSE_POLL, (poll_id,))

    def close_polls(self, gid: int) -> None:
        """Every poll of the game."""
        self._run(sql.CLOSE_POLLS, (gid,))

    def set_votes(self, poll_id: int, votes: str) -> None:
        self._run(sql.SET_VOTES, (votes, poll_id))

    # --- across the tables ------------------------------------------------------------------------------
    def seat_rows(self, gids: list[int]) -> list[tuple]:
        """Per seat of the games, in one read, a tuple of the columns :data:`SEAT_ROW` names:
        ``game_id``, ``seat``; its wait (``waited`` is None when it is not waited for; ``since``,
        ``reminded``, ``last_at``, ``muted``), ``clock`` (stored text or None), its player's
        preferences (``has_prefs`` is None when there are none; ``interval_hours``, ``quiet_start``,
        ``quiet_end``, ``tz``, ``dm``) and ``remind_due``, the due time of its standing reminder
        (None: none, or one being fired). Tuples, not dicts: the step after every move reads them
        all, a dozen values a seat, by unpacking each row once."""
        if self._lists:
            cur = self.conn.cursor()
            cur.row_factory = None
            return cur.execute(_seat_rows_text(len(gids)), tuple(gids)).fetchall()
        return [tuple(r) for r in self.conn.execute(sql.SEAT_ROWS.postgres, (list(gids),)).fetchall()]

    def seats_of(self, user_id: int, statuses: tuple[str, ...]) -> list[tuple[int, int]]:
        """(game id, seat) of every game the user sits in with one of ``statuses``, whichever
        process holds it."""
        if self._lists:
            rows = self.conn.execute(sql.SEATS_OF.sqlite.format(marks=", ".join("?" for _ in statuses)),
                                     (user_id, *statuses))
        else:
            rows = self._run(sql.SEATS_OF, (user_id, list(statuses)))
        return [(r["game_id"], r["seat"]) for r in rows]


# the SQLite texts with one mark per game, made once per count of games (formatting a statement of
# 1-2 KB on every move cost about a twentieth of the writer thread's instructions)
@lru_cache(maxsize=256)
def _touch_texts(games: int) -> tuple[str, str]:
    """The upsert of ``TOUCH_GAMES`` and the read of ``TOUCHED_ROWS`` for that many games."""
    marks = ", ".join("?" for _ in range(games))
    return (sql.TOUCH_GAMES.sqlite.format(rows=", ".join("(?, ?, 0)" for _ in range(games))),
            sql.TOUCHED_ROWS.sqlite.format(marks=marks))


@lru_cache(maxsize=256)
def _seat_rows_text(games: int) -> str:
    return sql.SEAT_ROWS.sqlite.format(marks=", ".join("?" for _ in range(games)))
