"""The worked examples of the seed write-up, one test each."""

import pytest

from games.altiplano import warehouse as wh
from games.core import IllegalMove

from .altiplano_helpers import GAME, acting, arrange, fresh, play


def test_planning_space_example_return_then_draw_three():
    """Stefan may fill 4 planning spaces: he takes a fish back from the harbor
    to space 1, then draws only 3 tiles into spaces 2-4."""
    state = fresh(2)
    p = state["seats"][0]
    # a position: one fish left on the harbor from an earlier round, empty slots, 6 in the bag
    p["slots"] = [None] * 8
    p["spaces"] = {"harbor": ["fish"]}
    p["bag"] = ["food", "food", "wood", "stone", "alpaca", "ore"]
    p["crate"] = []
    state["phase"] = "act"
    for q in state["seats"]:
        q["passed"] = True
    from games.altiplano import rules
    rules.start_round(state)
    assert p["stage"] == "prep" and p["slots"][:4] == [None] * 4
    play(state, 0, "return fish harbor")
    assert p["slots"][0] == "fish" and p["spaces"]["harbor"] == []
    play(state, 0, "draw")
    assert p["slots"][0] == "fish"
    assert all(p["slots"][i] for i in (1, 2, 3)) and p["slots"][4:] == [None] * 4
    assert len(p["bag"]) == 3


def test_planning_space_left_full_draws_fewer():
    """A tile left on planning space 1 means only 3 tiles are drawn."""
    state = fresh(2)
    p = state["seats"][0]
    p["slots"] = ["fish"] + [None] * 7
    p["bag"] = ["food"] * 6
    p["crate"] = []
    p["spaces"] = {}
    from games.altiplano import rules
    rules.start_round(state)
    assert p["stage"] == "plan"
    assert p["slots"][:4] == ["fish", "food", "food", "food"] and len(p["bag"]) == 3


def test_cannot_take_back_from_warehouse_or_order():
    state = fresh(2)
    p = state["seats"][0]
    p["warehouse"] = [{"good": "fish", "tiles": ["fish"]}]
    p["order"] = {"id": "O01", "have": {"fish": 1}}
    p["spaces"] = {"harbor": ["fish"]}
    p["slots"] = [None] * 8
    from games.altiplano import rules
    rules.start_round(state)
    moves = GAME.legal_moves(state, 0)
    assert moves == ["draw", "return fish harbor"]
    with pytest.raises(IllegalMove):
        GAME.play(state, 0, "return fish village")


def test_bag_refilled_from_crate_only_when_empty():
    state = fresh(2)
    p = state["seats"][0]
    p["slots"] = [None] * 8
    p["bag"] = ["fish", "fish"]
    p["crate"] = ["wood"] * 5
    p["spaces"] = {}
    from games.altiplano import rules
    rules.start_round(state)
    drawn = sorted(g for g in p["slots"] if g)
    assert drawn == ["fish", "fish", "wood", "wood"]
    assert p["bag"] == ["wood"] * 3 and p["crate"] == []


def test_too_few_tiles_leaves_planning_spaces_empty():
    state = fresh(2)
    p = state["seats"][0]
    p["slots"], p["bag"], p["crate"], p["spaces"] = [None] * 8, ["fish"], ["wood"], {}
    from games.altiplano import rules
    rules.start_round(state)
    assert sorted(g for g in p["slots"] if g) == ["fish", "wood"]


def test_farm_example_wool_food_and_leftover_alpaca():
    """Alpaca + food make a wool; one alpaca gives one food; two give two;
    or one food and the second alpaca stays for later."""
    state = acting(2)
    p = arrange(state, 0, pawn="farm", farm=["alpaca", "food"])
    play(state, 0, "farm wool")
    assert sorted(p["crate"]) == ["alpaca", "food", "wool"]
    state = acting(2)
    p = arrange(state, 0, pawn="farm", farm=["alpaca", "alpaca"])
    play(state, 0, "farm food 2")
    assert sorted(p["crate"]) == ["alpaca", "alpaca", "food", "food"]
    state = acting(2)
    p = arrange(state, 0, pawn="farm", farm=["alpaca", "alpaca"])
    play(state, 0, "farm food 1")
    assert p["spaces"]["farm"] == ["alpaca"] and sorted(p["crate"]) == ["alpaca", "food"]


def test_harbor_capacity_boat_and_stone_trade_not_both():
    """Two wood for a boat and two fish for a stone do not fit the harbor together."""
    state = fresh(2)
    p = state["seats"][0]
    p["slots"] = ["wood", "wood", "fish", "fish"] + [None] * 4
    play(state, 0, "plan wood harbor", "plan wood harbor", "plan fish harbor")
    with pytest.raises(IllegalMove, match="harbor spaces are full"):
        GAME.play(state, 0, "plan fish harbor")


def test_extension_price_example_second_lowest_slot():
    """The second-to-last tile costs its own 2 coins plus 1 from the strip."""
    state = acting(2)
    state["strip"][1] = "E08"  # a 2-coin tile in the second-lowest slot
    from games.altiplano.actions import ext_price
    assert ext_price(state, "E08") == 3
    p = arrange(state, 0, pawn="market", coins=3)
    play(state, 0, "market ext e08")
    assert p["coins"] == 0 and "E08" in p["exts"]


# --- the warehouse examples ------------------------------------------------

def _clarence():
    """Row 1: two fish; row 2: a silver and a corn."""
    return [{"good": "fish", "tiles": ["fish", "fish"]}, {"good": "silver", "tiles": ["silver", "corn"]}]


def test_warehouse_example_fish_fish_wool():
    rows = _clarence()
    assert wh.put(rows, "fish") == 0  # completes row 1
    assert wh.is_full(rows, 0)
    assert wh.put(rows, "fish") == 2  # the second fish opens row 3
    assert wh.put(rows, "wool") == 3  # wool goes to row 4
    assert [r["good"] for r in rows] == ["fish", "silver", "fish", "wool"]


def test_warehouse_example_wool_first():
    rows = _clarence()
    assert wh.put(rows, "wool") == 2  # wool opens row 3
    assert wh.put(rows, "fish") == 0  # first fish completes row 1
    assert wh.put(rows, "fish") == 3  # second fish opens row 4
    assert [r["good"] for r in rows] == ["fish", "silver", "wool", "fish"]


def test_warehouse_example_as_village_action_in_both_orders():
    for order, goods in (("fish fish wool", ["fish", "silver", "fish", "wool"]),
                         ("wool fish fish", ["fish", "silver", "wool", "fish"])):
        state = acting(2)
        p = arrange(state, 0, pawn="village", village=["fish", "wool", "fish"])
        p["warehouse"] = _clarence()
        play(state, 0, f"village store {order}")
        assert [r["good"] for r in p["warehouse"]] == goods
        assert p["spaces"]["village"] == []


def test_first_tile_goes_bottom_left_and_rows_open_in_order():
    rows = []
    assert wh.put(rows, "stone") == 0
    assert wh.put(rows, "ore") == 1
    assert wh.put(rows, "stone") == 0
    assert wh.targets(rows, "glass") == [2]


def test_no_second_row_of_a_good_until_the_first_is_full():
    rows = [{"good": "fish", "tiles": ["fish"]}, {"good": "ore", "tiles": ["ore"]}]
    assert wh.targets(rows, "fish") == [0]
    wh.put(rows, "fish")
    wh.put(rows, "fish")
    assert wh.targets(rows, "fish") == [2]


def test_any_number_of_rows_may_be_open():
    rows = []
    for g in ("fish", "ore", "wool", "stone", "wood"):
        wh.put(rows, g)
    assert len(rows) == 5 and not any(wh.is_full(rows, i) for i in range(5))


def test_right_warehouse_opens_after_every_left_row():
    from games.altiplano.data import WAREHOUSE
    left = sum(1 for side, _n, _v in WAREHOUSE if side == "left")
    rows = []
    goods = ["fish", "ore", "wool", "stone", "wood", "silver", "glass", "cloth", "cacao", "alpaca"]
    for i, g in enumerate(goods[:left]):
        assert wh.put(rows, g) == i
    assert WAREHOUSE[wh.targets(rows, "corn")[-1]][0] == "right"


def test_food_is_never_stored():
    assert wh.targets([], "food") == []
    state = acting(2)
    arrange(state, 0, pawn="village", village=["food"])
    with pytest.raises(IllegalMove, match="Food"):
        GAME.play(state, 0, "village store food")


# --- corn ----------------------------------------------------------------

def test_corn_opening_a_row_makes_it_a_corn_row():
    rows = []
    wh.put(rows, "corn")
    assert rows[0]["good"] == "corn"
    assert wh.targets(rows, "fish") == [1]  # fish may not join the corn row
    assert 0 in wh.targets(rows, "corn")


def test_corn_may_join_rows_of_other_goods():
    rows = [{"good": "silver", "tiles": ["silver"]}, {"good": "fish", "tiles": ["fish"]}]
    assert wh.targets(rows, "corn") == [0, 1, 2]
    wh.put(rows, "corn", 0)
    assert rows[0]["tiles"] == ["silver", "corn"] and rows[0]["good"] == "silver"


def test_no_new_corn_row_while_one_is_open():
    rows = [{"good": "corn", "tiles": ["corn"]}]
    assert wh.targets(rows, "corn") == [0]


def test_corn_gained_must_be_stored_at_once():
    """Completing an order brings a corn from the road, stored immediately
    (the player picks the row when there is a choice)."""
    state = acting(2)
    p = arrange(state, 0, pawn="market", market=["fish", "fish", "stone"])
    p["order"] = {"id": "O01", "have": {}}
    p["warehouse"] = [{"good": "ore", "tiles": ["ore"]}]
    corn_before = state["supply"]["corn"]
    play(state, 0, "market deliver fish fish stone")
    assert state["pending"] == 0 and GAME.to_move(state) == {0}
    assert sorted(GAME.legal_moves(state, 0)) == ["corn 1", "corn 2"]
    with pytest.raises(IllegalMove):
        GAME.play(state, 0, "pass")
    p = state["seats"][0]  # a refused move restores the state object by object
    play(state, 0, "corn 1")
    assert p["warehouse"][0]["tiles"] == ["ore", "corn"]
    assert state["supply"]["corn"] == corn_before - 1
    assert state["pending"] is None and state["turn"] == 1


def test_corn_with_a_single_choice_is_stored_without_asking():
    state = acting(2)
    p = arrange(state, 0, pawn="market", market=["fish", "fish", "stone"])
    p["order"] = {"id": "O01", "have": {}}
    play(state, 0, "market deliver fish fish stone")
    assert p["warehouse"] == [{"good": "corn", "tiles": ["corn"]}]
    assert state["turn"] == 1


def test_corn_without_a_row_is_ambiguous_when_there_is_a_choice():
    from games.core import Ambiguous
    state = acting(2)
    p = arrange(state, 0, pawn="village", village=["corn"])
    p["warehouse"] = [{"good": "ore", "tiles": ["ore"]}]
    with pytest.raises(Ambiguous, match="corn@1, corn@2"):
        GAME.play(state, 0, "village store corn")
    play(state, 0, "village store corn@2")
    assert state["seats"][0]["warehouse"][1] == {"good": "corn", "tiles": ["corn"]}
