"""Set-up by player count, and the published numbers the engine uses."""

import pytest

from games.amerigo import GAME
from games.amerigo import rules as R
from games.amerigo.data import (
    BIG_ISLAND,
    CHEST_COINS,
    COIN_CAP,
    DEVELOPMENTS,
    GOODS,
    ISLAND_TILES,
    NEUTRAL_COUNTS,
    NEUTRAL_VP_PER_SQUARE,
    PIRATES,
    PRODUCTION_SETS,
    SHAPES,
    STARTING_COINS,
    TIME_VALUES,
    VILLAGE_VP,
    post_table,
)

from .amerigo_helpers import FACTS


def test_published_numbers_match_the_seed():
    assert [post_table(n) for n in range(1, 7)] == list(FACTS["post_table"].values())
    assert list(STARTING_COINS) == FACTS["starting_coins"]
    assert sorted(PIRATES) == FACTS["pirates"]
    assert list(TIME_VALUES[:4]) == FACTS["time_markers"]
    assert COIN_CAP == FACTS["coin_cap"] and CHEST_COINS == FACTS["chest_coins"]
    assert BIG_ISLAND == FACTS["big_island"]
    for shape, (size, small, big) in FACTS["neutral_tiles"].items():
        assert len(SHAPES[shape]) == size
        assert size * NEUTRAL_VP_PER_SQUARE[False] == small and size * NEUTRAL_VP_PER_SQUARE[True] == big
    assert [VILLAGE_VP[False], VILLAGE_VP[True]] == FACTS["village_tile"][1:]
    assert sum(NEUTRAL_COUNTS.values()) == 37 and len(DEVELOPMENTS) == 24
    costs = [c for s in PRODUCTION_SETS.values() for c in s]
    assert {str(c): costs.count(c) for c in (2, 3, 4)} == FACTS["production_per_type"]


def test_island_tiles_hold_eight_goods_of_each_type():
    letters = "".join("".join(t) for t in ISLAND_TILES)
    assert len(ISLAND_TILES) == 16
    for letter in "ctsnf":
        assert letters.count(letter) == 8
    assert len(GOODS) == 5


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_by_player_count(players):
    state = GAME.setup(players, 5)
    tiles = FACTS["map_tiles"][str(players)]
    assert len(state["map"]["tiles"]) == tiles
    geo = R.geometry(state)
    assert geo["rows"] * geo["cols"] == tiles * 36
    assert len(geo["frame"]) == {2: 12, 3: 14, 4: 16}[players]
    assert not geo["lakes"] and not geo["corner_touch"]
    # chests on exactly the big islands, at most 5
    big = [i for i, isl in enumerate(geo["islands"]) if isl["big"]]
    assert [i for i, s in enumerate(state["islands"]) if s["chest"]] == big
    assert {2: 1, 3: 2, 4: 2}[players] <= len(big) <= 5
    assert max(len(isl["cells"]) for isl in geo["islands"]) <= 60
    # every printed good has a token
    assert len(state["goods"]) == sum(len(isl["goods"]) for isl in geo["islands"])
    assert len(state["dev"]["left"]) + len(state["dev"]["right"]) == FACTS["dev_display"]
    assert len(state["prod"]["display"]) == FACTS["production_shown"][str(players)]
    assert state["pirates"]["revealed"] == 1 and len(state["pirates"]["row"]) == 5
    order = R.turn_order(state)
    assert [state["seats"][s]["coins"] for s in order] == FACTS["starting_coins"][:players]
    assert state["round"] == 1
    # the set-up pour went through the tower; the first phase with cubes is up
    assert state["tower"]["log"][0]["label"] == "set-up"
    assert GAME.to_move(state) == {order[0]}


def test_every_seed_gives_a_sound_map():
    for seed in range(25):
        state = GAME.setup(4, seed)
        geo = R.geometry(state)
        assert not geo["lakes"]
        for isl in geo["islands"]:
            assert isl["posts"], "every island can be reached by a trading post"
