"""Every action, played through the contract on the small test map."""

import pytest

from games.amerigo import GAME
from games.amerigo import islands as I
from games.amerigo import rules as R
from games.core import IllegalMove, RuleError

from .amerigo_helpers import FACTS, SMALL, island_index, play, table, to_act


def test_coins_from_cubes_round_up_and_cap_turns_into_vp():
    state = to_act(table(), 0, {"blue": 4, "red": 3, "white": 3})   # 10 cubes
    p = state["seats"][0]
    p["coins"], p["vp"] = 10, 0
    play(state, 0, "coins")
    assert FACTS["coins_example"] == {"cubes": 10, "coins": 4}
    assert p["coins"] == 12 and p["vp"] == 2          # 14 coins: 2 over the cap become VP


def test_cannon_loads_pays_coins_and_stops_at_twelve():
    state = to_act(table(), 0, {"black": 3})
    p = state["seats"][0]
    p["coins"] = 2
    play(state, 0, "cannon 5")                           # 3 points + 2 coins
    assert p["cannons"] == 5 and p["coins"] == 0
    to_act(state, 0, {"black": 4})
    p["cannons"] = 10
    with pytest.raises(IllegalMove):
        GAME.play(state, 0, "cannon 3")
    p = state["seats"][0]                                 # a refused move restores the state
    play(state, 0, "cannon 2")                           # track full, 2 points wasted
    assert p["cannons"] == 12 and p["coins"] == 2
    to_act(state, 0, {"black": 1})
    assert GAME.legal_moves(state, 0, "cannon ") == ["cannon 0"]
    play(state, 0, "cannon 0")
    assert p["coins"] == 4


def test_sail_places_ships_free_then_moves_each_ship_the_full_points():
    state = to_act(table(), 0, {"blue": 3})
    play(state, 0, "sail", "place rim1")
    with pytest.raises(IllegalMove):
        GAME.play(state, 0, "done")                       # both ships go on the frame first
    assert "done" not in GAME.legal_moves(state, 0)
    play(state, 0, "place F2")                           # the old frame name: place names only the frame
    assert state["ships"][0] == ["rim1", "rim2"]
    assert R.left(state["turn"]) == 3                     # placing is free
    play(state, 0, "ship 1 B2")                           # rim1 -> B1 -> B2
    play(state, 0, "ship 2 G1")                           # each ship has all 3 points
    assert state["ships"][0] == ["B2", "G1"]
    play(state, 0, "post B3")
    assert state["posts"]["B3"] == 0 and state["seats"][0]["vp"] == FACTS["first_post_vp"]
    with pytest.raises(IllegalMove):                      # a ship that founded a post stays
        GAME.play(state, 0, "ship 1 B1")
    play(state, 0, "post G2", "done")
    assert state["seats"][0]["vp"] == 6 and state["seats"][0]["posts_left"] == 10


def test_second_post_on_an_island_has_no_bonus_and_anchors_hold_one_ship():
    state = table()
    state["posts"]["G2"] = 1
    state["ships"][0] = ["G1", "rim1"]
    state["ships"][1] = ["H6", "rim1"]
    to_act(state, 0, {"blue": 9})
    play(state, 0, "sail")
    with pytest.raises(IllegalMove):                      # another ship rests on H6
        GAME.play(state, 0, "ship 2 H6")
    state["ships"][1] = ["rim4", "rim1"]
    play(state, 0, "ship 1 H6", "post H5")
    assert state["seats"][0]["vp"] == 0                   # G2 was first on this island


def test_sail_buys_extra_steps_with_coins():
    state = to_act(table(), 0, {"blue": 1})
    state["seats"][0]["coins"] = 3
    play(state, 0, "sail", "place rim1", "place rim1", "ship 1 B2")
    assert state["seats"][0]["coins"] == 2 and state["turn"]["bought"] == 1
    state["seats"][0]["coins"] = 0
    with pytest.raises(IllegalMove):
        GAME.play(state, 0, "ship 2 B3")                  # land
    with pytest.raises(IllegalMove):
        GAME.play(state, 0, "ship 2 E4")                  # 4 steps, only 2 points


def test_plan_neutral_costs_its_size_one_per_phase_villages_cost_one():
    state = to_act(table(), 0, {"red": 5})
    state["seats"][0]["coins"] = 0
    play(state, 0, "plan", "n i3")
    assert state["seats"][0]["hand_n"] == {"i3": 1} and R.left(state["turn"]) == 2
    with pytest.raises(IllegalMove):
        GAME.play(state, 0, "n 1")                        # only one neutral tile per phase
    assert "n " not in GAME.legal_moves(state, 0)
    play(state, 0, "v o4", "v 1")
    assert state["seats"][0]["hand_v"] == {"o4": 1, "1": 1}
    assert R.left(state["turn"]) == 0
    assert state["neutral"]["i3"] == 4 and state["seats"][0]["village"]["o4"] == 1
    with pytest.raises(IllegalMove):
        GAME.play(state, 0, "v 2")                        # no points, no coins
    play(state, 0, "done")


def test_develop_takes_a_tile_for_each_number_passed():
    state = to_act(table(), 0, {"brown": 4})
    shown = [d for d in state["dev"]["left"] + state["dev"]["right"] if d]
    play(state, 0, "develop 4")                           # passes 2 and 4
    assert state["turn"]["picks"] == 2
    assert GAME.legal_moves(state, 0, "") == ["take "] or GAME.legal_moves(state, 0, "")[0] == "take "
    play(state, 0, f"take {shown[0]}", f"take {shown[5]}")
    assert state["seats"][0]["devs"] == [shown[0], shown[5]]
    assert state["turn"] is None or R.current_seat(state) != 0


def test_build_scores_takes_goods_and_needs_a_touching_tile():
    state = table()
    state["posts"]["B3"] = 0
    state["posts"]["G2"] = 0
    p = state["seats"][0]
    p["hand_n"] = {"2": 1, "1": 1}
    p["hand_v"] = {"1": 1}
    to_act(state, 0, {"green": 5})
    play(state, 0, "build")
    with pytest.raises(IllegalMove):
        GAME.play(state, 0, "n 1 K5")                     # does not touch the post at G2
    p = state["seats"][0]
    play(state, 0, "n 2 C3 D3")                           # small island: 2 VP a square
    assert p["vp"] == 4 and p["goods"] == {"cotton": 1} and "D3" not in state["goods"]
    play(state, 0, "v 1 H2")                              # village on a big island: 2 VP
    assert p["vp"] == 6 and R.left(state["turn"]) == 2
    with pytest.raises(IllegalMove):
        GAME.play(state, 0, "n 1 C3")                     # already built
    p = state["seats"][0]
    play(state, 0, "n 1 I2")                              # touches the village tile
    assert p["vp"] == 9


def test_build_completion_token_by_token():
    state = table()
    state["posts"]["B3"] = 0
    state["seats"][0]["hand_n"] = {"l3": 1}
    to_act(state, 0, {"green": 3})
    play(state, 0, "build")
    assert GAME.legal_moves(state, 0, "") [:2] == ["n ", "done"] or "n " in GAME.legal_moves(state, 0, "")
    assert GAME.legal_moves(state, 0, "n ") == ["n l3 "]
    firsts = GAME.legal_moves(state, 0, "n l3 ")
    assert all(m.endswith(" ") for m in firsts) and "n l3 C3 " in firsts
    seconds = GAME.legal_moves(state, 0, "n l3 C3 ")
    assert "n l3 C3 C4 " in seconds
    thirds = GAME.legal_moves(state, 0, "n l3 C3 C4 ")
    assert "n l3 C3 C4 B4" in thirds and "n l3 C3 C4 D3" in thirds
    play(state, 0, "n l3 C4 B4 C3")                       # squares in any order
    assert set(state["built"]) == {"B4", "C3", "C4"}


def test_island_completion_scores_posts_times_time_marker():
    state = table(players=3)
    state["posts"]["B3"] = 1                              # seat 1 owns the only post
    state["seats"][1]["hand_v"] = {"2": 2}
    to_act(state, 1, {"green": 2})
    play(state, 1, "build", "v 2 C3 D3", "v 2 B4 C4")
    index = island_index(state, "B3")
    assert state["islands"][index]["done"] and state["islands"][index]["completer"] == 1
    tv = R.time_value(state)
    assert tv == 5
    # 2 villages (1 each) + completion 3 + one post: 1 x time marker
    assert state["seats"][1]["vp"] == 1 + 1 + FACTS["complete_vp"] + 1 * tv
    assert not I.island_free_cells(state, index)
    assert SMALL[0] == "B3"


def test_completing_a_big_island_with_the_last_post_takes_the_chest():
    state = table(players=3)
    index = island_index(state, "G2")
    assert state["islands"][index]["chest"]
    state["posts"]["G2"] = 0
    state["placed"].append({"seat": 0, "kind": "n", "shape": "1", "cells": []})
    for cell in I.island_free_cells(state, index):
        if cell != "H5":
            state["built"][cell] = 0
    state["round"] = 2                                    # time marker 4
    state["ships"][2] = ["H6", "rim1"]
    to_act(state, 2, {"blue": 1})
    play(state, 2, "sail", "post H5")
    s2, s0 = state["seats"][2], state["seats"][0]
    assert state["islands"][index]["done"] and not state["islands"][index]["chest"]
    assert s2["chests"] == 1 and s2["vp"] == FACTS["complete_vp"] + 1 * 4
    assert s0["vp"] == 1 * 4
    coins = s2["coins"]
    play(state, 2, "use chest")
    assert s2["coins"] == min(12, coins + 3) and s2["chests"] == 0


def test_build_and_produce_refused_when_nothing_could_be_done():
    state = to_act(table(), 0, {"green": 3, "yellow": 3})
    state["seats"][0]["coins"] = 0
    state["prod"]["display"] = ["coffee4"]
    with pytest.raises(IllegalMove, match="no planned tile"):
        GAME.play(state, 0, "build")
    with pytest.raises(IllegalMove, match="affordable"):
        GAME.play(state, 0, "produce")
    assert "build" not in GAME.legal_moves(state, 0) and "produce" not in GAME.legal_moves(state, 0)


def test_produce_buys_tiles_for_their_printed_cost():
    state = to_act(table(), 0, {"yellow": 4})
    state["prod"]["display"] = ["coffee4", "sugar2", "sugar3"]
    state["seats"][0]["coins"] = 1
    play(state, 0, "produce", "buy sugar2")
    assert R.left(state["turn"]) == 2
    play(state, 0, "buy sugar3")                          # 2 points + 1 coin
    assert state["seats"][0]["production"] == {"sugar": 2} and state["seats"][0]["coins"] == 0
    with pytest.raises(IllegalMove):
        GAME.play(state, 0, "buy coffee4")
    with pytest.raises(IllegalMove):
        GAME.play(state, 0, "buy cotton2")
    play(state, 0, "done")
    assert state["prod"]["display"] == ["coffee4"]


def test_special_track_moves_stack_on_top_and_set_the_order():
    state = table(players=3)
    for s in state["seats"]:
        s["special"] = 0
    state["seats"][1]["special"], state["seats"][1]["height"] = 2, 1
    to_act(state, 0, {"white": 2})
    play(state, 0, "order 2")
    assert state["seats"][0]["special"] == 2
    assert R.turn_order(state)[:2] == [0, 1]              # arrived on top of seat 1


def test_white_cube_counts_as_the_colour_under_your_disc():
    state = table()
    state["seats"][0]["special"] = 2                      # space 2 is black
    to_act(state, 0, {"white": 3})
    assert "cannon " in GAME.legal_moves(state, 0, "")
    state["seats"][0]["special"] = 1                      # space 1 is blue
    assert "sail" in GAME.legal_moves(state, 0, "")
    assert "cannon " not in GAME.legal_moves(state, 0, "")
    state["seats"][0]["special"] = 0                      # start space: no colour
    assert R.action_colours(state, 0) == []
    play(state, 0, "order 3")


def test_actions_need_their_colour_and_errors_leave_the_state_alone():
    state = to_act(table(), 0, {"red": 2})
    before = GAME.to_json_text(state)
    for bad in ("sail", "cannon 1", "build", "done", "post B3", "take coins3", "use chest", "n 1"):
        with pytest.raises(RuleError):
            GAME.play(state, 0, bad)
        assert GAME.to_json_text(state) == before
    assert sorted(GAME.legal_moves(state, 0, "")) == ["coins", "plan"]


def test_phase_ends_cubes_go_back_and_next_colour_pours():
    state = GAME.setup(2, 4)
    phase, rnd = state["phase"], state["round"]
    while state["phase"] == phase and state["round"] == rnd:
        seat = next(iter(GAME.to_move(state)))
        GAME.play(state, seat, "coins")
    total = sum(state["stock"].values()) + sum(state["tray"].values()) + sum(state["tower"]["inside"].values())
    assert total == 49
    assert state["pour"]["colour"] == R.COLOURS[state["phase"]]


def test_a_move_that_makes_the_tower_pour_is_an_undo_barrier():
    state = GAME.setup(2, 4)
    first = next(iter(GAME.to_move(state)))
    events = GAME.play(state, first, "coins")
    assert not any(e.barrier for e in events)             # the other seat still acts this phase
    second = next(iter(GAME.to_move(state)))
    events = GAME.play(state, second, "coins")
    assert any(e.barrier for e in events) and any("poured" in e.text for e in events)


def test_hints_name_steps_points_and_coins():
    state = to_act(table(), 0, {"blue": 1, "red": 1})
    state["seats"][0]["coins"] = 5
    assert GAME.hint(state, 0, "coins") == "+1 coin"
    assert GAME.hint(state, 0, "plan") == "1 point"
    play(state, 0, "sail", "place rim1", "place rim1")
    assert GAME.hint(state, 0, "ship 1 B2") == "2 steps, 1 coin"
    assert GAME.hint(state, 0, "ship 1 B1") == "1 step"
