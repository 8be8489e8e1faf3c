"""The tables against the publisher's rulebook, value for value (issue #15),
and the rules the seed keeps where the rulebook says otherwise."""

import json
from collections import Counter
from pathlib import Path

import pytest

from games.altiplano import rules
from games.altiplano.data import (
    BOAT_COST,
    CARTS,
    DESIGNED_IDS,
    EXTENSIONS,
    KINDS,
    ORDER_COST,
    ORDERS,
    ORDERS_REMOVED,
    ROAD_COST,
    ROAD_MAX,
    ROAD_START,
    ROAD_STEPS,
    SUPPLY,
    UNVERIFIED,
    VALUES,
)
from games.core import IllegalMove

from .altiplano_helpers import GAME, acting, arrange, play

PUBLISHED = json.loads((Path(__file__).parents[1] / "fixtures" / "published" / "altiplano.json").read_text())
COLUMN_GOODS = {
    "food": ("food",), "corn": ("corn",), "wood+stone (each)": ("wood", "stone"),
    "ore+silver+cloth+wool (each)": ("ore", "silver", "cloth", "wool"),
    "alpaca+fish+glass+cacao (each)": ("alpaca", "fish", "glass", "cacao"),
}


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_supply_by_player_count_is_the_published_table(players):
    row = PUBLISHED["supply_by_players"]["rows"][str(players)]
    cells = 0
    for column, value in zip(PUBLISHED["supply_by_players"]["columns"], row):
        if column == "carts":
            assert CARTS[players] == value
        elif column == "orders in play":
            assert len(ORDERS) - ORDERS_REMOVED[players] == value
        else:
            for good in COLUMN_GOODS[column]:
                assert SUPPLY[good][players - 2] == value, (good, players)
                cells += 1
    assert cells == 12
    state = GAME.setup(players, 3)
    placed = Counter()
    for p in state["seats"]:
        placed.update(p["bag"] + p["crate"] + [g for g in p["slots"] if g])
    for good in SUPPLY:
        assert state["supply"][good] + placed[good] == SUPPLY[good][players - 2]
    assert state["carts"] + players == CARTS[players]


def test_end_game_values_are_published():
    assert VALUES == PUBLISHED["goods_end_vp"]


def test_orders_pay_their_goods_value_plus_two_a_tile_with_the_published_values():
    for need, vp in ORDERS.values():
        assert vp == sum(VALUES[g] * n for g, n in need.items()) + 2 * sum(need.values())


def test_the_two_missing_extension_effects_are_on_tiles():
    kinds = {k for _s, _m, k, _c in EXTENSIONS.values()}
    village, harbor = PUBLISHED["extension_effects_missing_before"]
    assert any(KINDS[k].get("loc") == village["loc"] and KINDS[k].get("extra") == village["extra_spaces"]
               for k in kinds)
    assert any(KINDS[k].get("loc") == harbor["loc"] and KINDS[k].get("need") == harbor["in"]
               and list(KINDS[k]["gain"]) == harbor["out"] for k in kinds)
    assert len(EXTENSIONS) == PUBLISHED["extension_tiles"]
    assert Counter(k for _s, _m, k, _c in EXTENSIONS.values())["wild"] == PUBLISHED["wildcard_entries"]


def test_road_and_boat_are_published():
    road = PUBLISHED["road"]
    assert (ROAD_START, ROAD_MAX) == (road["start"], road["max"])
    assert ROAD_COST == road["step_cost"]
    assert ROAD_STEPS[:2] == (road["step_1"], road["step_2"])
    assert ROAD_STEPS.count("space") == ROAD_MAX - ROAD_START
    assert BOAT_COST == PUBLISHED["boat_cost"]


def test_every_designed_table_is_listed_and_every_card_marked():
    for name in UNVERIFIED:
        assert hasattr(__import__("games.altiplano.data", fromlist=[name]), name), name
    assert "SUPPLY" not in UNVERIFIED and "VALUES" not in UNVERIFIED
    assert "miner" not in DESIGNED_IDS and "E01" in DESIGNED_IDS
    help_text = GAME.help_text
    assert "2 wood" in help_text and "extra_round" in help_text


def test_boat_and_house_can_be_built_with_the_supply_empty_and_give_nothing():
    state = acting(2)
    state["boats"] = []
    p = arrange(state, 0, pawn="harbor", harbor=["wood", "wood"])
    assert "harbor boat" in GAME.legal_moves(state, 0, "harbor")
    events = play(state, 0, "harbor boat")
    assert p["boats"] == [] and Counter(p["crate"]) == Counter({"wood": 2})
    assert "nothing" in events[0].text
    state["turn"] = 0
    state["houses"] = []
    arrange(state, 0, pawn="village", village=["stone", "stone"])
    play(state, 0, "village house")
    assert p["houses"] == [] and Counter(p["crate"]) == Counter({"wood": 2, "stone": 2})
    state["turn"] = 0
    state["houses"] = ["H01"]
    arrange(state, 0, village=["stone", "stone"])
    with pytest.raises(IllegalMove):
        GAME.play(state, 0, "village house")


def test_an_order_can_be_taken_with_no_order_card_left_and_gives_nothing():
    """The seed (001, 遊戲配件 note): 「當這些資源耗盡，而有行動能讓你獲得板塊或者卡片時，
    你還是能執行這些行動 (雖然這麼做並不划算)。在這種情況下，你只是不會獲得對應的卡片或板塊。」
    The order action still costs its coin (「花費 1 元」) and still needs no open order."""
    state = acting(2)
    state["orders"] = []
    p = arrange(state, 0, pawn="market")
    p["coins"], p["order"] = 3, None
    assert "market order" in GAME.legal_moves(state, 0, "market")
    events = play(state, 0, "market order")
    assert p["order"] is None and p["coins"] == 3 - ORDER_COST and p["done_orders"] == []
    assert "no order card is left" in events[0].text and "nothing" in events[0].text
    # still refused with an open order, or without the coin, the state unchanged
    for coins, order in ((3, {"id": "O01", "have": {}}), (0, None)):
        state["turn"] = 0
        p["coins"], p["order"] = coins, order
        before = json.dumps(state, sort_keys=True)
        with pytest.raises(IllegalMove):
            GAME.play(state, 0, "market order")
        assert json.dumps(state, sort_keys=True) == before
        assert "market order" not in GAME.legal_moves(state, 0, "market")
    # with cards left the order must still be named
    state["orders"] = ["O02"]
    p["coins"], p["order"] = 3, None
    with pytest.raises(IllegalMove):
        GAME.play(state, 0, "market order")


def _trigger_end(state):
    """Empty the road's corn so the round's end ends the game."""
    state["supply"]["corn"] = 0


def _finish_round(state):
    for seat in range(state["players"]):
        state["seats"][seat]["passed"] = True
    return rules.end_round(state)


@pytest.mark.parametrize("extra", [False, True])
def test_game_end_seed_default_and_published_extra_round_option(extra):
    state = GAME.setup(2, 1, {"extra_round": extra})
    state["phase"] = "act"
    _trigger_end(state)
    _finish_round(state)
    if not extra:
        assert state["phase"] in ("final", "over")
        return
    assert state["phase"] == "plan" and state["last_round"], "one more full round"
    _finish_round(state)
    assert state["phase"] in ("final", "over")


def test_help_and_views_say_which_values_are_designed():
    assert GAME.unverified == tuple(UNVERIFIED.values())
    state = GAME.setup(3, 2)
    view = GAME.view(state, None)
    strip = [e[0] for e in view["strip"] if e]
    assert strip and set(strip) <= set(view["designed_ids"])
    assert "miner" not in view["designed_ids"]
    assert set(view["designed_tables"]) == set(UNVERIFIED)
    assert "value not verified" in GAME.hint(state, 0, f"market ext {strip[0].lower()}")
