"""Every basic action of the seven locations, movement and passing."""

from collections import Counter

import pytest

from games.core import IllegalMove

from .altiplano_helpers import GAME, acting, arrange, play


def crate(state, seat=0):
    return Counter(state["seats"][seat]["crate"])


@pytest.mark.parametrize("loc, tiles, move, gained, supply", [
    ("farm", ["alpaca", "food"], "farm wool", "wool", "wool"),
    ("farm", ["wool", "food"], "farm cloth", "cloth", "cloth"),
    ("forest", ["food", "food"], "forest wood", "wood", "wood"),
    ("mine", ["food", "food"], "mine stone", "stone", "stone"),
    ("mine", ["ore", "food"], "mine silver", "silver", "silver"),
    ("harbor", ["fish", "food"], "harbor food", "food", "food"),
    ("harbor", ["fish", "fish"], "harbor stone", "stone", "stone"),
])
def test_recipe_actions_keep_inputs_and_add_the_output(loc, tiles, move, gained, supply):
    state = acting(2)
    p = arrange(state, 0, pawn=loc, **{loc: tiles})
    before = state["supply"][supply]
    play(state, 0, move)
    expect = Counter(tiles)
    expect[gained] += 1
    assert crate(state) == expect
    assert p["spaces"][loc] == []
    assert state["supply"][supply] == before - 1
    assert state["turn"] == 1  # one action, then the next player


def test_recipe_needs_the_tiles_planned_there():
    state = acting(2)
    arrange(state, 0, pawn="farm", farm=["alpaca"])
    with pytest.raises(IllegalMove, match="missing 1 food"):
        GAME.play(state, 0, "farm wool")


def test_action_needs_the_pawn_there():
    state = acting(2)
    arrange(state, 0, pawn="mine", farm=["alpaca", "food"])
    with pytest.raises(IllegalMove, match="pawn must be at the farm"):
        GAME.play(state, 0, "farm wool")


def test_exhausted_supply_still_allows_the_action():
    state = acting(2)
    state["supply"]["wool"] = 0
    arrange(state, 0, pawn="farm", farm=["alpaca", "food"])
    play(state, 0, "farm wool")
    assert crate(state) == Counter({"alpaca": 1, "food": 1})


def test_forest_cacao_trade_each_for_food_cloth_or_glass():
    state = acting(2)
    arrange(state, 0, pawn="forest", forest=["cacao", "cacao"])
    glass, cloth = state["supply"]["glass"], state["supply"]["cloth"]
    play(state, 0, "forest cacao glass cloth")
    assert crate(state) == Counter({"cacao": 2, "glass": 1, "cloth": 1})
    assert state["supply"]["glass"] == glass - 1 and state["supply"]["cloth"] == cloth - 1
    state = acting(2)
    arrange(state, 0, pawn="forest", forest=["cacao"])
    with pytest.raises(IllegalMove):
        GAME.play(state, 0, "forest cacao silver")


def test_harbor_boat_gives_its_good_at_once():
    state = acting(2)
    p = arrange(state, 0, pawn="harbor", harbor=["wood", "wood"])
    silver = state["supply"]["silver"]
    play(state, 0, "harbor boat b10")
    assert p["boats"] == ["B10"] and "B10" not in state["boats"]
    assert crate(state) == Counter({"wood": 2, "silver": 1})
    assert state["supply"]["silver"] == silver - 1


def test_village_house_costs_two_stone():
    state = acting(2)
    p = arrange(state, 0, pawn="village", village=["stone", "stone"])
    play(state, 0, "village house h05")
    assert p["houses"] == ["H05"] and crate(state) == Counter({"stone": 2})
    assert state["firsts"]["house"] == 0


def test_village_cart_one_coin_one_per_round_max_four():
    state = acting(2)
    p = arrange(state, 0, pawn="village", coins=5)
    carts = state["carts"]
    play(state, 0, "village cart")
    assert p["carts"] == 2 and p["coins"] == 4 and state["carts"] == carts - 1
    play(state, 1, "pass")
    with pytest.raises(IllegalMove, match="already got a cart"):
        GAME.play(state, 0, "village cart")
    p = state["seats"][0]
    p["cart_bought"], p["carts"] = False, 4
    with pytest.raises(IllegalMove, match="most carts"):
        GAME.play(state, 0, "village cart")


def test_village_cart_coin_may_come_from_this_round():
    """Coins earned earlier in the round pay for a cart directly."""
    state = acting(2)
    arrange(state, 0, pawn="market", coins=0, market=["silver"])
    play(state, 0, "market sell silver", )
    play(state, 1, "pass")
    play(state, 0, "move village", "village cart")
    assert state["seats"][0]["carts"] == 2


def test_village_store_takes_goods_out_of_the_cycle():
    state = acting(2)
    p = arrange(state, 0, pawn="village", village=["fish", "ore", "stone"])
    play(state, 0, "village store fish ore")
    assert [r["tiles"] for r in p["warehouse"]] == [["fish"], ["ore"]]
    assert p["spaces"]["village"] == ["stone"] and not p["crate"]


def test_road_first_step_a_planning_space_second_a_corn_then_alternating():
    """Published: step 1 opens a planning space, step 2 brings a corn; after
    that they alternate (designed order) until 8 spaces."""
    state = acting(2)
    p = arrange(state, 0, pawn="road", road=["wood", "stone"])
    play(state, 0, "road build")
    assert p["road"] == 5 and not any(r["tiles"] for r in p["warehouse"])
    assert crate(state) == Counter({"wood": 1, "stone": 1})
    state["turn"] = 0
    arrange(state, 0, road=["wood", "stone"])
    play(state, 0, "road build")
    assert p["road"] == 5 and p["warehouse"] == [{"good": "corn", "tiles": ["corn"]}]
    spaces = [5, 5]
    for _ in range(5):
        state["turn"] = 0
        arrange(state, 0, road=["wood", "stone"])
        play(state, 0, "road build")
        if state["pending"] is not None:
            play(state, 0, "corn keep")
        spaces.append(p["road"])
    assert spaces == [5, 5, 6, 6, 7, 7, 8]
    state["turn"] = 0
    arrange(state, 0, road=["wood", "stone"])
    with pytest.raises(IllegalMove, match="complete"):
        GAME.play(state, 0, "road build")


def test_market_order_one_coin_one_open_at_a_time():
    state = acting(2)
    p = arrange(state, 0, pawn="market", coins=2)
    oid = state["orders"][0]
    play(state, 0, f"market order {oid.lower()}")
    assert p["order"]["id"] == oid and p["coins"] == 1 and oid not in state["orders"]
    play(state, 1, "pass")
    with pytest.raises(IllegalMove, match="Finish your open order"):
        GAME.play(state, 0, f"market order {state['orders'][0].lower()}")


def test_market_deliver_partial_then_complete():
    state = acting(2)
    p = arrange(state, 0, pawn="market", market=["fish"])
    p["order"] = {"id": "O01", "have": {}}
    play(state, 0, "market deliver fish")
    assert p["order"]["have"] == {"fish": 1} and not p["crate"]
    play(state, 1, "pass")
    p["spaces"]["market"] = ["fish", "stone", "wool"]
    with pytest.raises(IllegalMove, match="still needs"):
        GAME.play(state, 0, "market deliver wool")
    p = state["seats"][0]
    play(state, 0, "market deliver fish stone")
    assert p["order"] is None and p["done_orders"] == ["O01"]
    assert p["warehouse"][0]["tiles"] == ["corn"] and state["firsts"]["order"] == 0


def test_market_ext_once_per_round_and_not_twice_the_same():
    state = acting(2)
    p = arrange(state, 0, pawn="market", coins=20)
    e0 = state["strip"][0]
    play(state, 0, f"market ext {e0.lower()}")
    assert e0 in p["exts"] and state["strip"][0] is None and state["bought"]
    play(state, 1, "pass")
    e1 = state["strip"][1]
    with pytest.raises(IllegalMove, match="already bought"):
        GAME.play(state, 0, f"market ext {e1.lower()}")


def test_market_sell_for_coins():
    state = acting(2)
    p = arrange(state, 0, pawn="market", coins=0, market=["silver", "glass"])
    play(state, 0, "market sell glass silver")
    assert p["coins"] == 5 and not p["crate"]


# --- movement --------------------------------------------------------------

def ring_at(state, loc, k):
    ring = state["ring"]
    return ring[(ring.index(loc) + k) % len(ring)]


def test_first_placement_is_free_anywhere():
    state = acting(2)
    play(state, 0, "move mine")
    assert state["seats"][0]["pawn"] == "mine" and state["seats"][0]["carts_used"] == 0


def test_cart_moves_three_steps_once_per_round_for_free():
    state = acting(2)
    p = arrange(state, 0, pawn="farm")
    far = ring_at(state, "farm", 3)
    play(state, 0, f"move {far}")
    assert p["pawn"] == far and p["carts_used"] == 1 and state["turn"] == 0  # moving is no action
    with pytest.raises(IllegalMove, match="carts have been used"):
        GAME.play(state, 0, "move farm")


def test_extra_cart_costs_a_planned_food():
    state = acting(2)
    p = arrange(state, 0, pawn="farm", move=["food"])
    p["carts"] = 2
    play(state, 0, f"move {ring_at(state, 'farm', 2)}", f"move {ring_at(state, 'farm', -1)}")
    assert p["carts_used"] == 2 and p["spaces"]["move"] == [] and p["crate"] == ["food"]


def test_step_costs_a_food_and_only_to_a_neighbour():
    state = acting(2)
    p = arrange(state, 0, pawn="farm", move=["food", "food"])
    with pytest.raises(IllegalMove, match="not next to"):
        GAME.play(state, 0, f"step {ring_at(state, 'farm', 2)}")
    p = state["seats"][0]
    play(state, 0, f"step {ring_at(state, 'farm', 1)}")
    assert p["spaces"]["move"] == ["food"] and p["crate"] == ["food"]


def test_step_without_food_is_refused():
    state = acting(2)
    arrange(state, 0, pawn="farm")
    with pytest.raises(IllegalMove, match="no food on your move track"):
        GAME.play(state, 0, f"step {ring_at(state, 'farm', 1)}")


def test_pass_is_final_for_the_round_and_last_pass_ends_it():
    state = acting(2)
    play(state, 0, "pass")
    assert state["turn"] == 1 and GAME.to_move(state) == {1}
    round_before = state["round"]
    play(state, 1, "pass")
    assert state["round"] == round_before + 1 and state["phase"] == "plan"


def test_turn_order_skips_passed_players():
    state = acting(3)
    play(state, 1, "pass") if state["turn"] == 1 else None
    play(state, 0, "pass")
    assert state["turn"] == 1
    play(state, 1, "move farm")
    play(state, 1, "pass")
    assert state["turn"] == 2
