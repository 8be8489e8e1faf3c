"""The leaderboard's order, on both backends: established players first, then by rating; equal
ratings share a place and are listed by games played, then by id (docs/records.md)."""

from __future__ import annotations

from bot.store import open_store
from bot.store.portable import Step
from bot.store.records import Rating
from bot.store.results import rating_args
from bot.store.results_sql import UPSERT_RATING

GAME, GUILD = "bruges", 77


def rating(user: int, value: float, games: int, established: bool) -> Rating:
    return Rating(GAME, GUILD, user, f"U{user}", 25.0, (25.0 - value) / 3, value, games, 1, established, user)


#: C ahead; A and B tied (B first: more games); the provisional D below every established
#: player however high; E provisional and lower; F in another scope, G in another title
TABLE = [rating(1, 10.0, 6, True), rating(2, 10.0, 8, True), rating(3, 12.0, 5, True),
         rating(4, 30.0, 3, False), rating(5, 5.0, 1, False)]


async def seeded(backend):
    store = await open_store(**backend)
    others = [Rating(GAME, 0, 6, "U6", 25.0, 1.0, 50.0, 9, 9, True, 9),
              Rating("amerigo", GUILD, 7, "U7", 25.0, 1.0, 50.0, 9, 9, True, 9)]

    def write():
        yield Step(UPSERT_RATING, [rating_args(r) for r in TABLE + others], many=True)

    await store._write_program(write)
    return store


async def test_the_order_places_and_pages_of_a_leaderboard(backend):
    store = await seeded(backend)
    rows, total = await store.leaderboard(GAME, GUILD, 0, 10)
    assert total == 5
    assert [(place, r.user_id) for place, r in rows] == [(1, 3), (2, 2), (2, 1), (4, 4), (5, 5)]
    page, _ = await store.leaderboard(GAME, GUILD, 2, 2)  # a page starting inside a tie keeps its place
    assert [(place, r.user_id) for place, r in page] == [(2, 1), (4, 4)]
    for user, place, position in ((3, 1, 0), (2, 2, 1), (1, 2, 2), (4, 4, 3), (5, 5, 4)):
        found = await store.leaderboard_row(GAME, GUILD, user)
        assert (found[0], found[1].user_id, found[2]) == (place, user, position)
    assert await store.leaderboard_row(GAME, GUILD, 6) is None  # rated elsewhere only
    await store.close()
