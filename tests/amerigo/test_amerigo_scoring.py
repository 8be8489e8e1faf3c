"""Scoring tables, round end and final scoring with the tie-break."""

import pytest

from games.amerigo import GAME
from games.amerigo import islands as I
from games.amerigo import rules as R
from games.amerigo.data import DEVELOP_NUMBERS, SPECIAL_NUMBERS, post_table
from games.amerigo.scoring import final_scoring, goods_points, track_value

from .amerigo_helpers import FACTS, island_index, table


@pytest.mark.parametrize("posts", [1, 2, 3, 4, 5, 6])
@pytest.mark.parametrize("round_", [1, 3])
def test_trading_post_table_times_the_time_marker(posts, round_):
    state = table(players=2)
    index = island_index(state, "G2")
    cells = R.geometry(state)["islands"][index]["cells"]
    # seat 1 holds ``posts`` squares as posts (test set-up), the rest is built
    for cell in cells[:posts]:
        state["posts"][cell] = 1
    state["placed"].append({"seat": 0, "kind": "n", "shape": "1", "cells": []})
    for cell in cells[posts:]:
        state["built"][cell] = 0
    state["round"] = round_
    I.check_complete(state, index, 0, [])
    expected = FACTS["post_table"][str(posts)] * FACTS["time_markers"][round_ - 1]
    assert state["seats"][1]["vp"] == expected
    assert state["seats"][0]["vp"] == FACTS["complete_vp"]


def test_goods_times_production_plus_the_printed_one():
    assert goods_points({"cotton": 3, "sugar": 1}, {"cotton": 2}) == 3 * 3 + 1 * 1
    assert goods_points({}, {"coffee": 4}) == 0


def test_tracks_score_the_highest_number_reached():
    assert track_value(DEVELOP_NUMBERS, 0) == 0
    assert track_value(DEVELOP_NUMBERS, 5) == 3
    assert track_value(DEVELOP_NUMBERS, 12) == 15
    assert track_value(SPECIAL_NUMBERS, 7) == 3


def test_final_scoring_breakdown_and_tiebreak():
    state = table(players=3)
    for s, p in enumerate(state["seats"]):
        p.update(vp=20, coins=5, develop=0, special=0, height=s + 1, goods={}, production={}, chests=0)
    state["seats"][0]["goods"] = {"coffee": 2}
    state["seats"][0]["production"] = {"coffee": 1}         # 2 x 2 = 4
    state["seats"][1]["develop"] = 4                        # 3
    state["seats"][1]["coins"] = 6
    state["seats"][2]["special"] = 3                        # 1 VP, and first on the track
    state["seats"][2]["coins"] = 8
    final_scoring(state)
    state["finished"] = True
    res = GAME.result(state)
    assert res.scores == [29, 29, 29]
    assert res.breakdown[0] == {"during game": 20, "coins": 5, "goods": 4, "progress track": 0,
                                "end tiles": 0, "special track": 0}
    assert res.winners == [2]                               # furthest on the special track
    assert res.ranking == [2, 1, 0]                         # then top of the stack


def test_coins_overflow_at_the_end_count_one_to_one():
    state = table()
    state["seats"][0].update(coins=11, chests=2)
    final_scoring(state)
    assert state["final"]["breakdown"][0]["coins"] == 17 and state["seats"][0]["coins"] == 12


def test_round_end_reveals_a_pirate_shifts_displays_and_drops_the_time_marker():
    state = GAME.setup(4, 9)
    left, deck_top = list(state["dev"]["left"]), state["dev"]["deck"][:4]
    stacks_before = {k: len(v) for k, v in state["prod"]["stacks"].items()}
    state["phase"] = 6
    state["order"], state["turn_pos"], state["turn"] = [], 0, None
    notes = []
    R._next_phase(state, notes)
    assert state["round"] == 2 and state["pirates"]["revealed"] == 2
    assert state["dev"]["right"] == left and state["dev"]["left"] == deck_top
    assert len(state["prod"]["display"]) == 10
    assert {k: len(v) for k, v in state["prod"]["stacks"].items()} == {
        k: n - {"II": 6, "III": 2, "IV": 2}[k] for k, n in stacks_before.items()}
    assert R.time_value(state) == 4
    assert any("pirate" in n for n in map(str, notes))


def test_five_rounds_then_the_game_ends():
    state = GAME.setup(2, 2)
    rounds_seen = set()
    while not state["finished"]:
        rounds_seen.add(state["round"])
        seat = next(iter(GAME.to_move(state)))
        GAME.play(state, seat, "coins")
    assert rounds_seen == {1, 2, 3, 4, 5}
    assert GAME.to_move(state) == set() and GAME.result(state) is not None
    assert len(state["tower"]["log"]) == 1 + 35
    assert post_table(7) == 28


def test_a_phase_with_no_cubes_to_pour_is_skipped():
    state = GAME.setup(2, 4)
    assert state["phase"] == 0                            # blue
    state["stock"]["black"] = 0                           # (test set-up: nothing black to pour,
    state["tray"].pop("black", None)                      #  none coming back from the tray)
    texts = []
    while state["phase"] == 0:
        seat = next(iter(GAME.to_move(state)))
        texts += [e.text for e in GAME.play(state, seat, "coins")]
    assert any("black phase: no black cubes to pour, skipped" in t for t in texts)
    assert state["phase"] >= 2 and state["pour"]["colour"] == R.COLOURS[state["phase"]]
