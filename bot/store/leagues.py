"""The leagues' rows (migration 0020): a season, who signed up, the tables the draw made.

The records handed out (:class:`League`, :class:`LeaguePlayer`, :class:`LeagueTable`,
:class:`LeagueResult`), the programs that read and write them (each written once for both
backends: ``portable.py``, statements in ``league_sql.py``) and :class:`LeagueStore`, the part
of both stores that runs them. The league rules (draw, standings) are the table layer's
(``bot/table/leagues/``); nothing here decides anything but what the rows allow.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime

from . import league_sql as q
from .portable import Program, Step
from .records import iso
from .shards import Shards, where
from .statements import Sql

#: a league's statuses: taking sign-ups, playing its season, done, called off
SIGNUP, RUNNING, FINISHED, CANCELLED = "signup", "running", "finished", "cancelled"


@dataclass
class League:
    """One season of a league (the ``leagues`` row)."""

    id: int
    guild_id: int
    channel_id: int
    game: str
    name: str
    season: int
    previous_id: int | None
    size: int
    per_player: int
    divisions: int
    options: dict
    stall_hours: float
    status: str
    deadline: str
    seed: int
    creator_id: int
    message_id: int | None
    created_at: str
    started_at: str | None
    ended_at: str | None


@dataclass
class LeaguePlayer:
    user_id: int
    display_name: str
    signed_at: str
    seed: int | None
    division: int | None


@dataclass
class LeagueTable:
    league_id: int
    division: int
    number: int
    seats: list[int]
    bots: int
    thread_id: int | None
    game_id: int | None
    status: str
    reminders: int


@dataclass
class LeagueResult:
    """One seat of a league table's game as its results row left it."""

    division: int
    number: int
    seat: int
    user_id: int
    display_name: str
    rank: int | None
    score: int | None
    ended: str


@dataclass
class NewLeague:
    """What ``/league new`` (or the next season) writes."""

    guild_id: int
    channel_id: int
    game: str
    name: str
    size: int
    per_player: int
    divisions: int
    options: dict
    stall_hours: float
    deadline: datetime
    seed: int
    creator_id: int
    season: int = 1
    previous_id: int | None = None
    #: players signed up from the start (the last season's): (user id, name)
    players: tuple[tuple[int, str], ...] = ()


@dataclass
class OwedLeaguePost:
    """A post a league owes its channel or a table's thread, not delivered yet (``league_posts``)."""

    id: int
    league_id: int
    channel_id: int
    post: str          # JSON (``bot.table.posts.to_json``)


#: the posts a write owes: (channel or thread id, the post as JSON)
Owed = Sequence[tuple[int, str]]
#: the posts a write owes, worked out from what the write found (a count: reminders, tables left)
OwedBy = Callable[[int], Owed]


def _league(r) -> League:
    return League(r["id"], r["guild_id"], r["channel_id"], r["game"], r["name"], r["season"], r["previous_id"],
                  r["size"], r["per_player"], r["divisions"], json.loads(r["options"]), float(r["stall_hours"]),
                  r["status"], r["deadline"], r["seed"], r["creator_id"], r["message_id"], r["created_at"],
                  r["started_at"], r["ended_at"])


def _player(r) -> LeaguePlayer:
    return LeaguePlayer(r["user_id"], r["display_name"], r["signed_at"], r["seed"], r["division"])


def _table(r) -> LeagueTable:
    return LeagueTable(r["league_id"], r["division"], r["number"], [int(u) for u in json.loads(r["seats"])],
                       r["bots"], r["thread_id"], r["game_id"], r["status"], r["reminders"])


# --- programs --------------------------------------------------------------------------------------
def new_league(league: NewLeague, at: datetime, owed_by: OwedBy | None = None) -> Program:
    rows = yield Step(q.NEW_LEAGUE, (
        league.guild_id, league.channel_id, league.game, league.name, league.season, league.previous_id,
        league.size, league.per_player, league.divisions, json.dumps(league.options, sort_keys=True),
        float(league.stall_hours), SIGNUP, iso(league.deadline), league.seed, league.creator_id, iso(at)))
    league_id = rows[0][0]
    for user_id, name in league.players:
        yield Step(q.SIGN_UP, (user_id, name, iso(at), league_id))
    if owed_by is not None:
        yield from owe(league_id, owed_by(league_id), at)
    return league_id


def one_league(league_id: int) -> Program:
    rows = yield Step(q.LEAGUE, (league_id,))
    return _league(rows[0]) if rows else None


def guild_leagues(guild_id: int, limit: int) -> Program:
    rows = yield Step(q.GUILD_LEAGUES, (guild_id, limit))
    return [_league(r) for r in rows]


def active_leagues(shards: Shards | None) -> Program:
    extra = where(shards)
    sql = Sql(q.ACTIVE_LEAGUES.sqlite.replace("{where}", extra), q.ACTIVE_LEAGUES.postgres.replace("{where}", extra))
    rows = yield Step(sql)
    return [_league(r) for r in rows]


def next_season(league_id: int) -> Program:
    rows = yield Step(q.NEXT_SEASON, (league_id,))
    return _league(rows[0]) if rows else None


def sign_up(league_id: int, user_id: int, name: str, at: datetime) -> Program:
    """'joined', 'already' (signed up before), 'closed' (sign-up is over) or 'missing'."""
    rows = yield Step(q.SIGN_UP, (user_id, name, iso(at), league_id))
    if rows:
        return "joined"
    league = yield from one_league(league_id)
    if league is None:
        return "missing"
    if league.status != SIGNUP:
        return "closed"
    return "already"


def withdraw(league_id: int, user_id: int) -> Program:
    """'left', 'not_in' (was not signed up), 'closed' or 'missing'."""
    rows = yield Step(q.WITHDRAW, (league_id, user_id, league_id))
    if rows:
        return "left"
    league = yield from one_league(league_id)
    if league is None:
        return "missing"
    return "not_in" if league.status == SIGNUP else "closed"


def players(league_id: int) -> Program:
    rows = yield Step(q.PLAYERS, (league_id,))
    return [_player(r) for r in rows]


def owe(league_id: int, owed: Owed, at: datetime) -> Program:
    """The posts a write owes, in its own transaction (delivered after the commit)."""
    for channel_id, post in owed:
        yield Step(q.OWE, (league_id, channel_id, post, iso(at)))


def start(league_id: int, places: list[tuple[int, int, int]], tables: list[tuple[int, int, list[int], int]],
          at: datetime, owed: Owed = ()) -> Program:
    """The draw, all or nothing: (user, seed, division) of every player and every (division,
    number, seats, bots) table, and the posts telling it; False (nothing written) if the league
    no longer takes sign-ups."""
    rows = yield Step(q.START, (iso(at), league_id))
    if not rows:
        return False
    yield Step(q.PLACE, [(seed, division, league_id, user) for user, seed, division in places], many=True)
    yield Step(q.NEW_TABLE, [(league_id, d, n, json.dumps(list(seats)), bots) for d, n, seats, bots in tables],
               many=True)
    yield from owe(league_id, owed, at)
    return True


def once(league_id: int, sql: Sql, args: tuple, owed: Owed, at: datetime) -> Program:
    """One statement and, if it changed a row (its first value back), the posts telling it."""
    rows = yield Step(sql, args)
    if not rows:
        return None
    yield from owe(league_id, owed, at)
    return rows[0][0]


def end_table_owing(game_id: int, status: str, owed_by: OwedBy, at: datetime) -> Program:
    """The table ended and, with it, the post it owes: ``owed_by(left)`` with the tables left to
    play; with none left the season is finished in the same transaction."""
    rows = yield Step(q.END_TABLE, (status, game_id))
    if not rows:
        return None
    table = _table(rows[0])
    left = (yield Step(q.LEFT, (table.league_id,)))[0][0]
    if not left:
        yield Step(q.FINISH, (iso(at), table.league_id))
    yield from owe(table.league_id, owed_by(left), at)
    return table


def reminded(game_id: int, league_id: int, owed_by: OwedBy, at: datetime) -> Program:
    """One more stall reminder for the table and the posts it owes (``owed_by(count)``)."""
    rows = yield Step(q.REMINDED, (game_id,))
    count = int(rows[0][0]) if rows else 0
    if rows:
        yield from owe(league_id, owed_by(count), at)
    return count


def owed_posts(league_id: int | None, shards: Shards | None) -> Program:
    extra = " AND p.league_id = ?" if league_id is not None else where(shards, "l.guild_id")
    pg = " AND p.league_id = $1" if league_id is not None else extra
    rows = yield Step(Sql(q.OWED.sqlite.replace("{where}", extra), q.OWED.postgres.replace("{where}", pg)),
                      (league_id,) if league_id is not None else ())
    return [OwedLeaguePost(r[0], r[1], r[2], r[3]) for r in rows]


def tables(league_id: int) -> Program:
    rows = yield Step(q.TABLES, (league_id,))
    return [_table(r) for r in rows]


def table_of_game(game_id: int) -> Program:
    rows = yield Step(q.TABLE_OF_GAME, (game_id,))
    return _table(rows[0]) if rows else None


def end_table(game_id: int, status: str) -> Program:
    rows = yield Step(q.END_TABLE, (status, game_id))
    return _table(rows[0]) if rows else None


def results(league_id: int) -> Program:
    rows = yield Step(q.RESULTS, (league_id,))
    return [LeagueResult(r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7]) for r in rows]


def ratings(game: str, scope: int, users: list[int]) -> Program:
    out: dict[int, float] = {}
    for user in users:  # one key each (a draw reads them once a season)
        rows = yield Step(q.RATING, (game, scope, user))
        if rows:
            out[user] = float(rows[0][0])
    return out


def one(sql: Sql, args: tuple) -> Program:
    """A single statement; its first value of its first row (None without a row)."""
    rows = yield Step(sql, args)
    return rows[0][0] if rows else None


# --- the stores' part ----------------------------------------------------------------------------------
class LeagueStore:
    """The league methods of both stores (``bot.store.Store`` lists them). A store supplies
    ``_read(program)`` and ``_write_program(make)`` (``make()`` run as one write)."""

    async def _read(self, program: Program):  # pragma: no cover - each store has its own
        raise NotImplementedError

    async def _write_program(self, make: Callable[[], Program]):  # pragma: no cover
        raise NotImplementedError

    async def create_league(self, league: NewLeague, at: datetime, owed_by: OwedBy | None = None) -> int:
        """A season taking sign-ups until its deadline, with ``league.players`` signed up; its id.
        With ``owed_by``: its sign-up post (``owed_by(league id)``), in the same transaction."""
        return await self._write_program(lambda: new_league(league, at, owed_by))

    async def league(self, league_id: int) -> League | None:
        return await self._read(one_league(league_id))

    async def guild_leagues(self, guild_id: int, limit: int = 25) -> list[League]:
        """A server's last ``limit`` leagues (every status), newest first."""
        return await self._read(guild_leagues(guild_id, limit))

    async def active_leagues(self, shards: Shards | None = None) -> list[League]:
        """Leagues signing up or playing, oldest first (only ``shards``' servers when given)."""
        return await self._read(active_leagues(shards))

    async def next_season(self, league_id: int) -> League | None:
        """The season seeded from this one, if there is one."""
        return await self._read(next_season(league_id))

    async def set_league_message(self, league_id: int, message_id: int | None) -> None:
        """The sign-up post (edited as players come and go)."""
        await self._write_program(lambda: one(q.SET_MESSAGE, (message_id, league_id)))

    async def move_league_deadline(self, league_id: int, deadline: datetime, owed: Owed = (),
                                   at: datetime | None = None) -> None:
        """A later end of sign-up (while it is still open), and the posts saying so."""
        await self._write_program(lambda: once(league_id, q.MOVE_DEADLINE, (iso(deadline), league_id), owed,
                                               at or deadline))

    async def sign_up(self, league_id: int, user_id: int, name: str, at: datetime) -> str:
        """'joined', 'already', 'closed' (sign-up is over) or 'missing'."""
        return await self._write_program(lambda: sign_up(league_id, user_id, name, at))

    async def withdraw(self, league_id: int, user_id: int) -> str:
        """'left', 'not_in', 'closed' or 'missing'."""
        return await self._write_program(lambda: withdraw(league_id, user_id))

    async def league_players(self, league_id: int) -> list[LeaguePlayer]:
        """Who signed up, in sign-up order."""
        return await self._read(players(league_id))

    async def start_league(self, league_id: int, places: list[tuple[int, int, int]],
                           tables: list[tuple[int, int, list[int], int]], at: datetime, owed: Owed = ()) -> bool:
        """The draw written and the season running, together with the posts telling it
        (``owed``); False (nothing written) when the league was no longer signing up (another
        process drew it first)."""
        return await self._write_program(lambda: start(league_id, places, tables, at, owed))

    async def finish_league(self, league_id: int, at: datetime, owed: Owed = ()) -> bool:
        """The season is over (it was running), and the posts saying so; whether this call ended it."""
        return await self._write_program(lambda: once(league_id, q.FINISH, (iso(at), league_id), owed, at)) is not None

    async def cancel_league(self, league_id: int, at: datetime) -> bool:
        """The league is called off (it was signing up); whether this call did it."""
        return await self._write_program(lambda: one(q.CANCEL, (iso(at), league_id))) is not None

    async def league_tables(self, league_id: int) -> list[LeagueTable]:
        """The season's tables, by division and number."""
        return await self._read(tables(league_id))

    async def league_table_of_game(self, game_id: int) -> LeagueTable | None:
        return await self._read(table_of_game(game_id))

    async def set_league_thread(self, league_id: int, division: int, number: int, thread_id: int) -> None:
        await self._write_program(lambda: one(q.SET_THREAD, (thread_id, league_id, division, number)))

    async def set_league_game(self, league_id: int, division: int, number: int, game_id: int, owed: Owed = (),
                              at: datetime | None = None) -> bool:
        """The table's game, once, and the posts telling it: False when the table has one already."""
        return await self._write_program(lambda: once(league_id, q.SET_GAME, (game_id, league_id, division, number),
                                                      owed, at or datetime.now())) is not None

    async def end_league_table(self, game_id: int, status: str, owed_by: OwedBy | None = None,
                               at: datetime | None = None) -> LeagueTable | None:
        """The table of ``game_id`` ended (finished, aborted or abandoned); the table, or None if it
        is no league table or was ended before. With ``owed_by``: the posts it owes, worked out
        from the tables left to play (``owed_by(left)``), and with none left the season finished
        (at ``at``), all in one transaction."""
        if owed_by is None:
            return await self._write_program(lambda: end_table(game_id, status))
        return await self._write_program(lambda: end_table_owing(game_id, status, owed_by, at or datetime.now()))

    async def league_reminded(self, game_id: int, league_id: int | None = None, owed_by: OwedBy | None = None,
                              at: datetime | None = None) -> int:
        """One more stall reminder for the table of ``game_id``; how many it has had. With
        ``owed_by``: the posts it owes (``owed_by(count)``), in the same transaction."""
        if owed_by is None or league_id is None:
            return int(await self._write_program(lambda: one(q.REMINDED, (game_id,))) or 0)
        return await self._write_program(lambda: reminded(game_id, league_id, owed_by, at or datetime.now()))

    # --- what a league owes its channel and threads (``league_posts``) -------------------------------
    async def owed_league_posts(self, league_id: int | None = None, shards: Shards | None = None
                                ) -> list[OwedLeaguePost]:
        """The league posts not delivered yet, oldest first: one league's, or every league's (of
        ``shards``' servers when given)."""
        return await self._read(owed_posts(league_id, shards))

    async def league_post_delivered(self, post_id: int, message_id: int) -> None:
        """The post reached Discord as ``message_id``: never sent again."""
        await self._write_program(lambda: one(q.POST_DELIVERED, (message_id, post_id)))

    async def league_post_failed(self, post_id: int, reason: str) -> None:
        """The post can never be delivered (``gone``, ``denied``, ``dead``): not tried again."""
        await self._write_program(lambda: one(q.POST_FAILED, (reason, post_id)))

    async def league_results(self, league_id: int) -> list[LeagueResult]:
        """Every results row of the season's games, by table and seat."""
        return await self._read(results(league_id))

    async def game_activity(self, game_id: int) -> tuple[str, str] | None:
        """A game's status and when it was last written (ISO 8601)."""
        rows = await self._read(_rows(q.GAME_STATE, (game_id,)))
        return (rows[0][0], rows[0][1]) if rows else None

    async def league_ratings(self, game: str, scope: int, users: list[int]) -> dict[int, float]:
        """The shown ratings of ``users`` in ``game`` and ``scope`` (the unrated are absent)."""
        return await self._read(ratings(game, scope, users))


def _rows(sql: Sql, args: tuple) -> Program:
    rows = yield Step(sql, args)
    return rows
