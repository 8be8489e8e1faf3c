"""What a restart reads: every open or running game with its seats, how many moves it has logged,
and whether its stored snapshot holds all of them (and whose turn that is), in three statements
for all the games (issue 33: about a dozen reads per game took most of a restart's time). The
snapshots' text is not read here: a game's state stays in the database until the game is first
touched (``bot.table.tables.Stored``). Written once for both backends (``portable.py``)."""

from __future__ import annotations

import json
import sys
from collections.abc import AsyncIterator
from dataclasses import dataclass
from operator import itemgetter

from .portable import Program, Step
from .records import GameRecord, SeatRecord
from .shards import Shards, where
from .statements import Sql

#: every open or running game (not paused), with its move count, its last move's kind and its
#: stored snapshot's move number, engine version and waited-for seats (each from an index), a page
#: of them in id order. SQLite walks the games' primary key from ``after`` and stops at the page's
#: end (``+g.status``: not the status index, whose rows would all be sorted by id for every page,
#: every game after the page read again: 50 pages at 100,000 games cost 4.5 s of CPU, issue 33)
_GAMES = (
    "SELECT g.*, (SELECT COUNT(*) FROM moves m WHERE m.game_id = g.id) AS moves_n,"
    " (SELECT m.kind FROM moves m WHERE m.game_id = g.id ORDER BY m.n DESC LIMIT 1) AS last_kind,"
    " s.n AS snapshot_n, s.engine_version AS snapshot_version, s.waiting AS snapshot_waiting"
    " FROM games g LEFT JOIN snapshots s ON s.game_id = g.id"
    " WHERE g.id > {after} AND {status} IN ('open', 'running') AND g.paused IS NULL{where}"
    " ORDER BY g.id LIMIT {limit}")
GAMES = Sql(_GAMES.format(after="?", limit="?", status="+g.status", where="{where}"),
            _GAMES.format(after="$1", limit="$2", status="g.status", where="{where}"))
#: the seats of the games of ids ``first`` to ``last`` (a page of GAMES)
_SEATS = ("SELECT s.game_id, s.seat, s.user_id, s.display_name FROM seats s JOIN games g ON g.id = s.game_id"
          " WHERE s.game_id BETWEEN {first} AND {last} AND g.status IN ('open', 'running') AND g.paused IS NULL"
          "{where} ORDER BY s.game_id, s.seat")
SEATS = Sql(_SEATS.format(first="?", last="?", where="{where}"),
            _SEATS.format(first="$1", last="$2", where="{where}"))
#: games read per page: the rows of one page at a time in memory, not those of every game (a
#: restart's peak memory, which the process keeps, followed the number of games)
PAGE = 2000
#: the moves of the games whose last move is secret (a simultaneous step under way), for its tail;
#: the ids as one JSON list, so that both backends take the same value
SECRET_TAILS = Sql(
    "SELECT game_id, seat, kind FROM moves WHERE game_id IN (SELECT value FROM json_each(?))"
    " ORDER BY game_id, n",
    "SELECT game_id, seat, kind FROM moves WHERE game_id IN"
    " (SELECT jsonb_array_elements_text($1::jsonb)::bigint) ORDER BY game_id, n")


#: the stored snapshots' text of the running games of ids ``first`` to ``last`` (a page of GAMES), for a
#: backend without a synchronous reader (PostgreSQL): one read a page instead of one a game
_STATES = ("SELECT s.game_id, s.n, s.engine_version, s.state FROM snapshots s JOIN games g ON g.id = s.game_id"
           " WHERE s.game_id BETWEEN {first} AND {last} AND g.status = 'running' AND g.paused IS NULL{where}")
STATES = Sql(_STATES.format(first="?", last="?", where="{where}"),
             _STATES.format(first="$1", last="$2", where="{where}"))


@dataclass(slots=True)
class Resumed:
    """One open or running game as a restart finds it (``slots``: 100,000 of them are read)."""

    record: GameRecord
    seats: list[SeatRecord]
    #: moves logged
    n: int
    #: the seats of the secret moves at the end of the log (a simultaneous step not yet revealed)
    secret_tail: list[int]
    #: the stored snapshot's move number and engine version (None: no snapshot)
    snapshot_n: int | None
    snapshot_version: int | None
    #: the seats its snapshot waits for, when known (None: written by a move, decode to know);
    #: games waiting for the same seats share one tuple
    waiting: tuple[int, ...] | None
    #: the stored snapshot's text, read with the rows where the backend has no synchronous reader
    #: (PostgreSQL: the table keeps it compressed); None otherwise
    state: str | None = None


def resume_rows(shards: Shards | None, page: int = PAGE, after: int = 0, pages: int | None = None,
                states: bool = False) -> Program:
    """The games of ids above ``after``, ``page`` at a time (``pages``: at most so many pages;
    None: all of them); ``states``: with their stored snapshots' text."""
    extra = where(shards, "g.guild_id")
    games_sql = Sql(GAMES.sqlite.replace("{where}", extra), GAMES.postgres.replace("{where}", extra))
    seats_sql = Sql(SEATS.sqlite.replace("{where}", extra), SEATS.postgres.replace("{where}", extra))
    states_sql = Sql(STATES.sqlite.replace("{where}", extra), STATES.postgres.replace("{where}", extra))
    out: list[Resumed] = []
    shared = Shared()
    while pages is None or pages > 0:
        games = yield Step(games_sql, (after, page))
        if not games:
            return out
        first, after = games[0]["id"], games[-1]["id"]
        by_game: dict[int, list[SeatRecord]] = {}
        for r in (yield Step(seats_sql, (first, after))):
            by_game.setdefault(r[0], []).append(SeatRecord(r[1], r[2], r[3]))
        secret = [r["id"] for r in games if r["last_kind"] == "secret"]
        tails: dict[int, list[int]] = {}
        if secret:
            for gid, seat, kind in (yield Step(SECRET_TAILS, (json.dumps(secret),))):
                tail = tails.setdefault(gid, [])
                if kind == "secret":
                    tail.append(seat)
                else:
                    tail.clear()
        texts: dict[int, str] = {}
        if states:
            held = {r["id"]: (r["snapshot_n"], r["snapshot_version"]) for r in games}
            # a snapshot another process wrote since the games' rows were read is left out (read when used)
            texts = {r[0]: r[3] for r in (yield Step(states_sql, (first, after))) if held.get(r[0]) == (r[1], r[2])}
        fields = itemgetter(*_positions(games[0]))  # by position: a row's lookup by name is a search
        option, waiting, intern = shared.option, shared.waiting, sys.intern
        for r in games:
            (gid, game, version, options, seed, guild_id, channel_id, parent_id, creator_id, status, created_at,
             updated_at, board_message_id, rev, turn_steps, paused, started_at, rated, moves_n, snapshot_n,
             snapshot_version, snapshot_waiting) = fields(r)
            record = GameRecord(gid, intern(game), version, option(options), seed, guild_id, channel_id, parent_id,
                                creator_id, intern(status), created_at, updated_at, board_message_id, rev,
                                turn_steps, paused, started_at, bool(rated))
            out.append(Resumed(record, by_game.get(gid, []), moves_n, tails.get(gid, []), snapshot_n,
                               snapshot_version, waiting(snapshot_waiting), texts.get(gid)))
        if len(games) < page:
            return out
        if pages is not None:
            pages -= 1
    return out


#: the columns of a page's rows (GAMES) in the order a :class:`Resumed` is built from them
_FIELDS = ("id", "game", "engine_version", "options", "seed", "guild_id", "channel_id", "parent_id", "creator_id",
           "status", "created_at", "updated_at", "board_message_id", "rev", "turn_steps", "paused", "started_at",
           "rated", "moves_n", "snapshot_n", "snapshot_version", "snapshot_waiting")


def _positions(row) -> list[int]:
    """Where each of :data:`_FIELDS` is in ``row`` (the games table's columns are in the order its
    migrations added them, which differs between the backends)."""
    at = {name: i for i, name in enumerate(row.keys())}
    return [at[name] for name in _FIELDS]


class Shared:
    """One object for equal values a restart reads for many games (issue 33: memory at 100,000
    games): each distinct options text parsed once, its dict shared by every game that has it
    (a record's options are never changed in place: a change writes a new dict), each distinct
    waited-for list once as a tuple."""

    __slots__ = ("options", "waits")

    def __init__(self) -> None:
        self.options: dict[str, dict] = {}
        self.waits: dict[str, tuple[int, ...]] = {}

    def option(self, text: str) -> dict:
        got = self.options.get(text)
        if got is None:
            got = self.options[text] = json.loads(text)
        return got

    def waiting(self, text: str | None) -> tuple[int, ...] | None:
        if text is None:
            return None
        got = self.waits.get(text)
        if got is None:
            got = self.waits[text] = tuple(json.loads(text))
        return got


class ResumeStore:
    """The restart's reads, for a store with ``_read(program)`` (both backends)."""

    #: whether a restart reads the snapshots' text with the rows (a backend without a synchronous reader)
    states_at_start = False

    async def _read(self, program: Program):  # pragma: no cover - each store has its own
        raise NotImplementedError

    async def check_pages(self) -> str | None:
        """Every page of the database checked, after the games are loaded (SQLite overrides it; a
        PostgreSQL server checks its own pages as it reads them). None: sound."""
        return None

    async def resume_rows(self, shards: Shards | None = None) -> list[Resumed]:
        """Every open or running game (only ``shards``' servers when given), oldest first, with
        what a restart needs to hold it without reading its state (:class:`Resumed`)."""
        return await self._read(resume_rows(shards, states=self.states_at_start))

    async def resume_pages(self, shards: Shards | None = None) -> AsyncIterator[list[Resumed]]:
        """:meth:`resume_rows` a page (:data:`PAGE` games) at a time: a restart holds one page's
        rows at once, not every game's (the rows of 100,000 games read at once left their memory
        to the process: 321 MB of RSS instead of 173)."""
        after, page = 0, PAGE
        while True:
            rows = await self._read(resume_rows(shards, page, after, pages=1, states=self.states_at_start))
            if rows:
                yield rows
            if len(rows) < page:
                return
            after = rows[-1].record.id
