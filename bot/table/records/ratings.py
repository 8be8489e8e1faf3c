"""Ratings: OpenSkill's Weng-Lin model (Plackett-Luce), per title, per server and across servers.

Why OpenSkill: these games are free-for-all for 2-5 players with shared places, which its
Plackett-Luce model rates directly (a whole ranking at once, ties as equal ranks), and it is
a small, maintained library with no dependencies of its own.

Who is rated: people at a finished game whose table did not say ``rated:false`` and that no
seat left early (handed to a bot); bot seats play but are taken out of the ranking before
rating, so they neither gain nor give anything, and a game with fewer than two people left
moves no rating. Each game moves two ratings of a person: the server's and the one across
every server (scope :data:`bot.store.records.GLOBAL`); a game outside a server (the console)
only the latter.

A rating is shown as ``mu - 3 sigma`` (OpenSkill's "ordinal": a new player starts at 0 and
it grows as the model grows sure), and marked provisional until :data:`PROVISIONAL_GAMES`
rated games in that title and scope. The leaderboard lists established players first.
"""

from __future__ import annotations

from itertools import groupby

from openskill.models import PlackettLuce

from ...store.records import GLOBAL, Finish, Rating, RatingPoint, ResultRow

#: The model with OpenSkill's defaults (mu 25, sigma 25/3, beta 25/6, tau 25/300).
MODEL = PlackettLuce()
#: Designed: rated games in a title (and scope) before a rating stops being provisional.
PROVISIONAL_GAMES = 5


def scopes(guild_id: int | None) -> list[int]:
    """The ratings a game in ``guild_id`` moves: the server's and the global one."""
    return [guild_id, GLOBAL] if guild_id else [GLOBAL]


def shown(mu: float, sigma: float) -> float:
    """The rating shown and ranked: the conservative estimate ``mu - 3 sigma``."""
    return mu - 3 * sigma


def fresh(game: str, scope: int, row: ResultRow) -> Rating:
    return Rating(game, scope, row.user_id, row.display_name, MODEL.mu, MODEL.sigma,
                  shown(MODEL.mu, MODEL.sigma), 0, 0, False, 0)


def rate(rows: list[ResultRow], current: dict, order: int, skip: tuple[int, ...] = ()
         ) -> tuple[list[Rating], list[RatingPoint]]:
    """The ratings after one game (its ``rated`` rows, by rank) from ``current`` ((title, scope,
    user) -> Rating; a missing one is a new player), and one history point each. ``skip``:
    scopes the game no longer counts in (a server that reset its records after it)."""
    rated = [r for r in rows if r.rated]
    if len(rated) < 2:
        return [], []
    game, at, game_id = rated[0].game, rated[0].ended_at, rated[0].game_id
    ratings, points = [], []
    for scope in scopes(rated[0].guild_id):
        if scope in skip:
            continue
        before = [current.get((game, scope, r.user_id)) or fresh(game, scope, r) for r in rated]
        teams = [[MODEL.rating(mu=b.mu, sigma=b.sigma)] for b in before]
        after = MODEL.rate(teams, ranks=[float(r.rank) for r in rated])
        for row, old, (new,) in zip(rated, before, after, strict=True):
            games = old.games + 1
            value = shown(new.mu, new.sigma)
            ratings.append(Rating(game, scope, row.user_id, row.display_name, new.mu, new.sigma, value, games,
                                  old.wins + (row.rank == 1), games >= PROVISIONAL_GAMES, order))
            points.append(RatingPoint(game, scope, row.user_id, order, game_id, new.mu, new.sigma, value, at))
    return ratings, points


def finish(rows: list[ResultRow]) -> Finish:
    """What the store writes when a game ends: its rows, and the ratings they move (None when
    fewer than two people may be rated: then no row is)."""
    rated = [r for r in rows if r.rated]
    if len(rated) < 2:
        for r in rows:
            r.rated = False
        return Finish(rows)
    keys = [(r.game, scope, r.user_id) for r in rated for scope in scopes(r.guild_id)]
    return Finish(rows, keys, lambda current, order: rate(rows, current, order))


def rate_all(rows: list[ResultRow], since: dict | None = None) -> tuple[list[Rating], list[RatingPoint]]:
    """Every rating from scratch: the rated rows game by game in their ``rated_order`` (as
    ``recompute`` hands them), each game rated exactly as it was live. ``since``: guild id ->
    the time its records were reset (its own ratings count only games that ended after)."""
    current: dict[tuple[str, int, int], Rating] = {}
    points: list[RatingPoint] = []
    since = since or {}
    for order, game_rows in groupby(sorted(rows, key=lambda r: (r.rated_order, r.seat)), key=lambda r: r.rated_order):
        game_rows = list(game_rows)
        guild, ended = game_rows[0].guild_id, game_rows[0].ended_at
        skip = (guild,) if guild in since and ended <= since[guild] else ()
        ratings, new_points = rate(game_rows, current, order, skip)
        for r in ratings:
            current[(r.game, r.scope, r.user_id)] = r
        points += new_points
    return list(current.values()), points
