"""Standings (bot/table/leagues/standings.py): league points from finishing ranks, the published
tie-breaks in their order, and the next season's seeding with promotion and relegation."""

from __future__ import annotations

from fractions import Fraction

from bot.table.leagues.standings import (
    Division,
    Seat,
    movers,
    next_order,
    seed_order,
    shown,
    standings,
    table_points,
)


def test_points_are_opponents_beaten_with_half_for_a_tie_and_scaled_for_a_short_table():
    assert table_points([1, 2, 3], 3) == [2, 1, 0]
    assert table_points([1, 1, 3], 3) == [Fraction(3, 2), Fraction(3, 2), 0]
    assert table_points([2, 1, 3, 4], 4) == [2, 3, 1, 0]
    # a three-player table in a league of four-player tables counts as much as a full one
    assert table_points([1, 2, 3], 4) == [3, Fraction(3, 2), 0]
    assert [shown(p) for p in table_points([1, 1, 3], 4)] == ["2.25", "2.25", "0"]


def division(seats, players=(1, 2, 3, 4), size=3):
    return Division(1, [(u, f"P{u}", i + 1) for i, u in enumerate(players)], list(seats), size)


def order(rows):
    return [r.user_id for r in rows]


def test_points_then_wins_order_the_division():
    # table 1: 1 > 2 > 3; table 2: 4 > 1 > 2; table 3: 3 > 4 = 2
    rows = standings(division([
        Seat(1, 1, 1, 100), Seat(1, 2, 2, 90), Seat(1, 3, 3, 80),
        Seat(2, 4, 1, 120), Seat(2, 1, 2, 110), Seat(2, 2, 3, 70),
        Seat(3, 3, 1, 99), Seat(3, 4, 2, 98), Seat(3, 2, 2, 98),
    ]))
    # 1: 2+1 = 3; 4: 2+0.5 = 2.5; 3: 0+2 = 2; 2: 1+0+0.5 = 1.5
    assert order(rows) == [1, 4, 3, 2]
    assert [r.points for r in rows] == [3, Fraction(5, 2), 2, Fraction(3, 2)]
    assert [r.place for r in rows] == [1, 2, 3, 4]
    assert [r.played for r in rows] == [2, 2, 2, 3]
    assert [r.wins for r in rows] == [1, 1, 1, 0]


def test_wins_break_a_tie_on_points():
    # 1 wins once and comes last once (2 points); 2 is second twice (2 points, no win)
    rows = standings(division([
        Seat(1, 1, 1), Seat(1, 2, 2), Seat(1, 3, 3),
        Seat(2, 4, 1), Seat(2, 2, 2), Seat(2, 1, 3),
    ]))
    assert order(rows)[:2] == [4, 1] and rows[1].points == rows[2].points == 2 and rows[2].user_id == 2


def test_head_to_head_then_score_then_seed():
    # 1 and 2 level on points (3) and wins (1); they met once and 2 finished ahead: 2 first,
    # although 1 scored more in total
    rows = standings(division([
        Seat(1, 2, 1, 50), Seat(1, 1, 2, 60), Seat(1, 3, 3, 10),
        Seat(2, 1, 1, 60), Seat(2, 3, 2, 40), Seat(2, 5, 3, 10),
        Seat(3, 4, 1, 50), Seat(3, 2, 2, 10), Seat(3, 5, 3, 10),
    ], players=(1, 2, 3, 4, 5)))
    assert order(rows)[:2] == [2, 1]
    two, one = rows[0], rows[1]
    assert two.points == one.points == 3 and two.wins == one.wins == 1
    assert (two.head_to_head, one.head_to_head) == (1, 0) and one.score > two.score
    # never met, level on points and wins: the total score decides, then the seed
    rows = standings(division([
        Seat(1, 1, 1, 70), Seat(1, 3, 2, 10), Seat(1, 5, 3, 0),
        Seat(2, 2, 1, 90), Seat(2, 4, 2, 10), Seat(2, 6, 3, 0),
    ], players=(1, 2, 3, 4, 5, 6)))
    assert order(rows)[:2] == [2, 1], "more points in total"
    rows = standings(division([
        Seat(1, 1, 1, 70), Seat(1, 3, 2, 10), Seat(1, 5, 3, 0),
        Seat(2, 2, 1, 70), Seat(2, 4, 2, 10), Seat(2, 6, 3, 0),
    ], players=(1, 2, 3, 4, 5, 6)))
    assert order(rows) == [1, 2, 3, 4, 5, 6], "the seed last"


def test_unfinished_tables_score_nothing_and_bots_and_outsiders_earn_nothing():
    rows = standings(division([
        Seat(1, 1, None), Seat(1, 2, None), Seat(1, 3, None),       # aborted
        Seat(2, -1, 1, 90), Seat(2, 4, 2, 50), Seat(2, 99, 3, 10),   # a bot won; 99 is no member
    ]))
    by = {r.user_id: r for r in rows}
    assert by[4].points == 1 and by[4].played == 1
    assert all(by[u].points == 0 and by[u].played == 0 for u in (1, 2, 3))
    assert set(by) == {1, 2, 3, 4}


def test_promotion_and_relegation_build_the_next_seeding():
    top, middle, bottom = [1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12]
    assert movers(4, 4) == 1 and movers(8, 8) == 2 and movers(3, 3) == 1
    everyone = range(1, 13)
    assert next_order([top, middle, bottom], everyone, []) == [
        1, 2, 3, 5,      # 4 goes down, 5 comes up
        4, 6, 7, 9,      # 8 goes down, 9 comes up; 4 (came down) first
        8, 10, 11, 12,
    ]
    # who did not sign up again is left out; newcomers come last
    assert next_order([top, middle], [1, 2, 4, 5, 6, 7, 8], [20, 21]) == [1, 2, 5, 4, 6, 7, 8, 20, 21]


def test_a_first_season_is_seeded_by_rating_then_sign_up():
    assert seed_order([5, 6, 7, 8], {7: 12.5, 6: 3.0}) == [7, 6, 5, 8]
