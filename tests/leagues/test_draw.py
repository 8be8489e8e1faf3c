"""The season draw (bot/table/leagues/draw.py): every player at the tables asked for, nobody
twice at one table, meetings spread as evenly as the numbers allow, seats balanced, seeded."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest

from bot.table.leagues import draw


def drawn(n: int, size: int, per_player: int, divisions: int = 1, seed: int = 7, min_players: int = 2):
    players = list(range(101, 101 + n))
    return draw.draw_season(draw.split(players, divisions, size, per_player), size, per_player, min_players, seed)


def check_shape(d: draw.Draw, per_player: int) -> None:
    for number, members in enumerate(d.divisions, start=1):
        tables = [t for t in d.tables if t.division == number]
        assert [t.number for t in tables] == list(range(1, len(tables) + 1))
        count = Counter(p for t in tables for p in t.seats)
        assert set(count) == set(members), "only the division's players, all of them"
        assert set(count.values()) == {per_player}, "everyone at exactly per_player tables"
        for t in tables:
            assert len(set(t.seats)) == len(t.seats), "nobody twice at one table"


@pytest.mark.parametrize(("n", "size", "per_player", "most"), [
    (9, 3, 4, 1),    # the affine plane of order 3: every pair meets exactly once
    (9, 3, 3, 1),    # 27 meetings among 36 pairs: none twice
    (7, 4, 4, 2),    # the site's four-player division of seven: every pair exactly twice
    (13, 4, 4, 1),   # the projective plane of order 3: every pair exactly once
    (200, 4, 4, 1),  # a big division: no repeat at all
])
def test_nobody_meets_an_opponent_more_than_needed(n, size, per_player, most):
    d = drawn(n, size, per_player)
    check_shape(d, per_player)
    meetings = d.meetings(1)
    assert max(meetings.values()) == most
    sizes, bots = draw.table_sizes(n, size, per_player, 2)
    assert sum(v * v for v in meetings.values()) == draw.bound(n, sizes), "the spread reaches its lower bound"
    if (n, size, per_player) in ((9, 3, 4), (7, 4, 4), (13, 4, 4)):
        # balanced designs: every pair meets the same number of times
        assert len(meetings) == n * (n - 1) // 2 and set(meetings.values()) == {most}


def test_the_same_seed_draws_the_same_season_and_another_seed_another():
    a, b, c = drawn(9, 3, 4, seed=1), drawn(9, 3, 4, seed=1), drawn(9, 3, 4, seed=2)
    assert a.tables == b.tables
    assert a.tables != c.tables


def test_seat_orders_are_shuffled_and_balanced():
    d = drawn(9, 3, 3)
    firsts = Counter(t.seats[0] for t in d.tables)
    assert set(firsts.values()) == {1}, "each of nine players goes first at one of its three tables"
    seats = Counter((p, i) for t in d.tables for i, p in enumerate(t.seats))
    assert max(seats.values()) == 1, "nobody gets the same seat twice"


def test_divisions_are_consecutive_slices_of_the_seeding_that_fill_whole_tables():
    players = list(range(1, 10))
    assert draw.split(players, 2, 3, 2) == [[1, 2, 3, 4, 5, 6], [7, 8, 9]]
    assert draw.split(players, 3, 3, 2) == [[1, 2, 3], [4, 5, 6], [7, 8, 9]]
    assert draw.split(players, 2, 3, 3) == [[1, 2, 3, 4, 5], [6, 7, 8, 9]]
    # never a division too small for a table: 9 players cannot make four divisions of three
    assert [len(d) for d in draw.split(players, 4, 3, 3)] == [3, 3, 3]
    # 10 players, tables of 4, two each: divisions of whole tables where possible, the rest below
    assert [len(d) for d in draw.split(list(range(10)), 2, 4, 2)] == [6, 4]
    with pytest.raises(draw.DrawError):
        draw.split([1, 2], 1, 3, 2)


def test_seats_that_do_not_fill_whole_tables_leave_the_last_tables_short():
    d = drawn(10, 4, 3)  # 30 seats: six tables of four, two of three
    check_shape(d, 3)
    assert [len(t.seats) for t in d.tables] == [4] * 6 + [3] * 3 or \
        sorted(len(t.seats) for t in d.tables) == [3, 3, 4, 4, 4, 4, 4, 4]
    assert all(t.bots == 0 for t in d.tables)
    # a two-player game cannot be short-handed: the odd seat is a bot's
    sizes, bots = draw.table_sizes(5, 2, 1, 2)
    assert sizes == [2, 2, 1] and bots == [0, 0, 1]
    d = drawn(5, 2, 1)
    assert [t.bots for t in d.tables] == [0, 0, 1]


def test_several_divisions_are_drawn_apart():
    d = drawn(9, 3, 2, divisions=2)
    check_shape(d, 2)
    assert [len(x) for x in d.divisions] == [6, 3]
    top = set(d.divisions[0])
    for t in d.tables:
        assert (set(t.seats) <= top) == (t.division == 1)
    assert max(d.meetings(1).values()) == 1
    assert set(d.meetings(2).values()) == {2}, "three players at two tables meet twice: needed"
    for a, b in itertools.combinations(d.divisions[1], 2):
        assert d.meetings(2)[(min(a, b), max(a, b))] == 2


def test_more_tables_than_seats_spread_every_seat_evenly():
    d = drawn(12, 3, 6)  # six tables each, three seats: every seat exactly twice
    check_shape(d, 6)
    seats = Counter((p, i) for t in d.tables for i, p in enumerate(t.seats))
    assert set(seats.values()) == {2} and len(seats) == 12 * 3
