"""The records of finished games: results rows, ratings and their history (migration 0018).

Every transaction is written once, as a program (``portable.py``) of the statements of
``results_sql.py`` (each with its SQLite and PostgreSQL text) that both stores run:
:class:`RecordsStore` is the part of ``Store`` and ``PgStore`` that holds them, each store
giving it two ways to run a program (``_read`` and ``_write_program``). The rating math is
not here: the table layer hands it in (:class:`bot.store.records.Finish`).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from . import portable
from . import results_sql as q
from .portable import LOCK, Program, Step
from .records import (
    Finish,
    Rating,
    RatingPoint,
    ResultRow,
)


def result_args(row: ResultRow) -> tuple:
    return (row.game_id, row.seat, row.guild_id, row.game, row.user_id, row.display_name, row.role, row.score,
            json.dumps(row.breakdown, sort_keys=True), row.rank, row.ended, int(row.left_early), int(row.rated),
            row.players, json.dumps(row.options, sort_keys=True), row.started_at, row.ended_at, row.moves,
            row.seat_moves, float(row.seconds), row.engine_version, row.rated_order)


def rating_args(r: Rating) -> tuple:
    return (r.game, r.scope, r.user_id, r.display_name, float(r.mu), float(r.sigma), float(r.rating), r.games,
            r.wins, int(r.established), r.last_order)


def point_args(p: RatingPoint) -> tuple:
    return (p.game, p.scope, p.user_id, p.rated_order, p.game_id, float(p.mu), float(p.sigma), float(p.rating),
            p.at)


def result_of(r) -> ResultRow:
    return ResultRow(
        game_id=r["game_id"], seat=r["seat"], guild_id=r["guild_id"], game=r["game"], user_id=r["user_id"],
        display_name=r["display_name"], role=r["role"], score=r["score"], breakdown=json.loads(r["breakdown"]),
        rank=r["rank"], ended=r["ended"], left_early=bool(r["left_early"]), rated=bool(r["rated"]),
        players=r["players"], options=json.loads(r["options"]), started_at=r["started_at"], ended_at=r["ended_at"],
        moves=r["moves"], seat_moves=r["seat_moves"], seconds=float(r["seconds"]),
        engine_version=r["engine_version"], rated_order=r["rated_order"])


def rating_of(r) -> Rating:
    return Rating(r["game"], r["scope"], r["user_id"], r["display_name"], float(r["mu"]), float(r["sigma"]),
                  float(r["rating"]), r["games"], r["wins"], bool(r["established"]), r["last_order"])


def point_of(r) -> RatingPoint:
    return RatingPoint(r["game"], r["scope"], r["user_id"], r["rated_order"], r["game_id"], float(r["mu"]),
                       float(r["sigma"]), float(r["rating"]), r["at"])


# --- programs ---------------------------------------------------------------------------------------
def write_finish(finish: Finish) -> Program:
    """A game's results rows, and the ratings they move (inside the caller's transaction).

    The primary key (game, seat) refuses a second set of rows: a game's results are written
    once, whatever retries the move that ended it."""
    rows = finish.rows
    if finish.rate is not None and any(r.rated for r in rows):
        yield LOCK  # rated games are rated one at a time, in the order they take this lock
        last = yield Step(q.MAX_ORDER)
        order = (last[0][0] or 0) + 1
        current = yield from read_ratings(finish.keys)
        ratings, points = finish.rate(current, order)
        for row in rows:
            row.rated_order = order if row.rated else None
        yield Step(q.INSERT_RESULT, [result_args(r) for r in rows], many=True)
        yield Step(q.UPSERT_RATING, [rating_args(r) for r in ratings], many=True)
        yield Step(q.INSERT_POINT, [point_args(p) for p in points], many=True)
        return order
    for row in rows:
        row.rated, row.rated_order = False, None
    yield Step(q.INSERT_RESULT, [result_args(r) for r in rows], many=True)
    return None


def read_ratings(keys: list[tuple[str, int, int]]) -> Program:
    """The stored ratings of (title, scope, user) ``keys``, by key (missing ones absent)."""
    out: dict[tuple[str, int, int], Rating] = {}
    for game, scope, user in keys:
        rows = yield Step(q.RATING, (game, scope, user))
        if rows:
            out[(game, scope, user)] = rating_of(rows[0])
    return out


def game_results(game_id: int) -> Program:
    rows = yield Step(q.GAME_RESULTS, (game_id,))
    return [result_of(r) for r in rows]


def to_backfill() -> Program:
    """The games that ended (finished or aborted after their start) without results rows, oldest first."""
    rows = yield Step(q.TO_BACKFILL)
    return [r[0] for r in rows]


def add_results(rows: list[ResultRow]) -> Program:
    """Rows written after the fact (the backfill): a game that has its rows already keeps them."""
    if not rows:
        return False
    have = yield Step(q.HAS_RESULTS, (rows[0].game_id,))
    if have:
        return False
    yield Step(q.INSERT_RESULT, [result_args(r) for r in rows], many=True)
    return True


#: ``rate_all(rows, since)``: every rating from the rated rows, ``since`` each reset server's reset time
RecomputeFn = Callable[[list[ResultRow], dict], tuple[list[Rating], list[RatingPoint]]]


def recompute(rate_all: RecomputeFn) -> Program:
    """Every rating again from the results rows, in the order they were rated (rows that have
    no order yet, the backfill's, first and by their end): the ratings and their history are
    replaced, and the rows numbered 1, 2, ... in that order. Returns (ratings, games rated)."""
    yield LOCK
    since = yield from resets()
    rows = [result_of(r) for r in (yield Step(q.RATED_ROWS))]
    rows.sort(key=lambda r: (r.rated_order is not None, r.rated_order or 0, r.ended_at, r.game_id, r.seat))
    renumber: dict[int, int] = {}
    for row in rows:
        row.rated_order = renumber.setdefault(row.game_id, len(renumber) + 1)
    ratings, points = rate_all(rows, since)
    yield Step(q.SET_ORDER, [(order, gid) for gid, order in renumber.items()], many=True)
    yield Step(q.DELETE_RATINGS)
    yield Step(q.DELETE_POINTS)
    yield Step(q.UPSERT_RATING, [rating_args(r) for r in ratings], many=True)
    yield Step(q.INSERT_POINT, [point_args(p) for p in points], many=True)
    return len(ratings), len(renumber)


def all_ratings() -> Program:
    rows = yield Step(q.ALL_RATINGS)
    return [rating_of(r) for r in rows]


def all_points() -> Program:
    rows = yield Step(q.ALL_POINTS)
    return [point_of(r) for r in rows]


# --- the stores' part -------------------------------------------------------------------------------
class RecordsStore:
    """The records methods of both stores. A store supplies ``_read(program)`` (on its reading
    connection) and ``_write_program(make)`` (``make()`` run as one write, all or nothing)."""

    async def _read(self, program: Program):  # pragma: no cover - each store has its own
        raise NotImplementedError

    async def _write_program(self, make: Callable[[], Program]):  # pragma: no cover
        raise NotImplementedError

    async def results(self, game_id: int) -> list[ResultRow]:
        """A game's results rows, by seat ([] while it runs, or for a game never started)."""
        return await self._read(game_results(game_id))

    async def games_to_backfill(self) -> list[int]:
        return await self._read(to_backfill())

    async def add_results(self, rows: list[ResultRow]) -> bool:
        """Write a game's rows unless it has some; whether they were written."""
        return await self._write_program(lambda: add_results(rows))

    async def recompute_ratings(self, rate_all: Any) -> tuple[int, int]:
        """Replace every rating with ``rate_all`` over the rated results, in one transaction."""
        return await self._write_program(lambda: recompute(rate_all))

    async def ratings(self) -> list[Rating]:
        return await self._read(all_ratings())

    async def rating_points(self) -> list[RatingPoint]:
        return await self._read(all_points())

    async def leaderboard(self, game: str, scope: int, offset: int, limit: int) -> tuple[list[tuple[int, Rating]], int]:
        """A page of (place, rating) in the leaderboard's order, and how many are rated."""
        return await self._read(board_page(game, scope, offset, limit))

    async def leaderboard_row(self, game: str, scope: int, user_id: int) -> tuple[int, Rating, int] | None:
        """A player's (place, rating, position in the list), or None if unrated there."""
        return await self._read(board_row(game, scope, user_id))

    async def player_stats(self, user_id: int, guild_id: int, game: str | None, since: str = "") -> dict:
        return await self._read(player_stats(user_id, guild_id, game, since))

    async def role_stats(self, guild_id: int, game: str, since: str = "") -> list[tuple]:
        return await self._read(role_stats(guild_id, game, since))

    async def archive(self, guild_id: int, game: str | None, user_id: int | None, offset: int, limit: int
                      ) -> tuple[list[tuple], bool]:
        return await self._read(archive(guild_id, game, user_id, offset, limit))

    async def server_results(self, guild_id: int, since: str = "") -> list[ResultRow]:
        return await self._read(server_results(guild_id, since))

    async def reset_records(self, guild_id: int, since: str) -> None:
        """A server's records start afresh at ``since`` (its ratings and their history deleted)."""
        await self._write_program(lambda: reset_server(guild_id, since))

    async def hidden_users(self) -> set[int]:
        """The players who hide their statistics from others (``/me settings stats:hidden``)."""
        return await self._read(_hidden())

    async def records_since(self, guild_id: int) -> str:
        """When the server's records were last reset ('' if never): its statistics count later games."""
        return await self._read(_since(guild_id))


__all__ = ["RecordsStore", "portable", "write_finish"]


# --- what the commands read ------------------------------------------------------------------------
# the leaderboard's order (q.BOARD_PAGE): established players first, then by rating, more games, lower id


def board_page(game: str, scope: int, offset: int, limit: int) -> Program:
    """One page of a leaderboard as (place, rating) pairs, and how many are on it. Equal
    ratings share a place (1 + those strictly ahead); the list still orders them by games."""
    total = yield Step(q.BOARD_COUNT, (game, scope))
    rows = [rating_of(r) for r in (yield Step(q.BOARD_PAGE, (game, scope, limit, offset)))]
    out: list[tuple[int, Rating]] = []
    for i, r in enumerate(rows):
        if i == 0:
            place = yield from _place(game, scope, r)
        elif (r.established, r.rating) != (rows[i - 1].established, rows[i - 1].rating):
            place = offset + i + 1
        out.append((place, r))
    return out, total[0][0]


def _place(game: str, scope: int, r: Rating) -> Program:
    e = int(r.established)
    ahead = yield Step(q.AHEAD, (game, scope, e, r.rating))
    return ahead[0][0] + 1


def board_row(game: str, scope: int, user_id: int) -> Program:
    """A player's (place, rating) and position in the list (where the pages put it); None when unrated."""
    rows = yield Step(q.RATING, (game, scope, user_id))
    if not rows:
        return None
    me = rating_of(rows[0])
    e = int(me.established)
    place = yield from _place(game, scope, me)
    tied = yield Step(q.TIED_BEFORE, (game, scope, e, me.rating, me.games, me.games, user_id))
    return place, me, place - 1 + tied[0][0]


def player_stats(user_id: int, guild_id: int, game: str | None, since: str) -> Program:
    """A player's finished games in a server (ended after ``since``): per title the tally
    (games, wins, sum and count of scores, sum of ranks, seconds waited, moves), and how many
    ended without an end (``unfinished``: aborted, abandoned: how -> count); with ``game``,
    also the best game, the roles played most and the rating's history in both scopes."""
    if game is None:
        titles = yield Step(q.TITLES_ALL, (user_id, guild_id, since))
        unfinished = yield Step(q.UNFINISHED_ALL, (user_id, guild_id, since))
        return {"titles": [tuple(r) for r in titles], "unfinished": dict(tuple(r) for r in unfinished)}
    args = (user_id, game, guild_id, since)
    titles = yield Step(q.TITLES_ONE, args)
    unfinished = yield Step(q.UNFINISHED_ONE, args)
    out: dict = {"titles": [tuple(r) for r in titles], "unfinished": dict(tuple(r) for r in unfinished)}
    best = yield Step(q.BEST, args)
    out["best"] = tuple(best[0]) if best else None
    roles = yield Step(q.ROLES, args)
    out["roles"] = [tuple(r) for r in roles]
    out["history"] = {}
    for scope in (guild_id, 0):
        points = yield Step(q.HISTORY, (scope, game, user_id))
        out["history"][scope] = [point_of(p) for p in points]
    return out


def role_stats(guild_id: int, game: str, since: str) -> Program:
    """Per role of a title in a server (finished games after ``since``): the tally, most played first."""
    rows = yield Step(q.ROLE_STATS, (guild_id, game, since))
    return [tuple(r) for r in rows]


def archive(guild_id: int, game: str | None, user_id: int | None, offset: int, limit: int) -> Program:
    """A server's ended games, newest first: (entries, and whether more follow); an entry is
    (game id, title, when it ended, how, players, moves). ``game``: one title; ``user_id``:
    games that player sat in."""
    if user_id is not None:
        sql, args = (q.ARCHIVE_PLAYER, [user_id, guild_id]) if game is None else (
            q.ARCHIVE_PLAYER_GAME, [user_id, game, guild_id])
    else:
        sql, args = (q.ARCHIVE, [guild_id]) if game is None else (q.ARCHIVE_GAME, [guild_id, game])
    rows = yield Step(sql, (*args, limit + 1, offset))
    return [tuple(r) for r in rows[:limit]], len(rows) > limit


def server_results(guild_id: int, since: str) -> Program:
    """Every results row of a server after ``since``, oldest game first (the CSV export)."""
    rows = yield Step(q.SERVER_RESULTS, (guild_id, since))
    return [result_of(r) for r in rows]


def reset_server(guild_id: int, since: str) -> Program:
    """A server's records start afresh: its ratings and their history go, its statistics count
    games that end after ``since`` (the results stay: the ratings across servers stand on them)."""
    yield LOCK
    yield Step(q.SET_SINCE, (guild_id, json.dumps(since)))
    yield Step(q.DELETE_SCOPE_RATINGS, (guild_id,))
    yield Step(q.DELETE_SCOPE_POINTS, (guild_id,))
    return None


def _since(guild_id: int) -> Program:
    rows = yield Step(q.SINCE, (guild_id,))
    return json.loads(rows[0][0]) if rows else ""


def _hidden() -> Program:
    rows = yield Step(q.HIDDEN)
    return {r[0] for r in rows}


def resets() -> Program:
    """Each server's reset time (``records_since``), by guild id."""
    rows = yield Step(q.RESETS)
    return {r[0]: json.loads(r[1]) for r in rows}
