"""The bots' position features: each reads the state the way the rules pay out."""

import random

import games
from games.bots import terra_mystica as tm_bot
from games.bots.features import extract, worth
from games.bots.west_of_africa import WOA_HORIZON, _woa_rounds_left
from games.core.playout import expand
from games.terra_mystica.rules import fdata


def _played(gid: str, players: int, moves: int, seed: int = 7, until=None):
    """A position ``moves`` random moves in (or the first one where ``until`` holds)."""
    game = games.get(gid)
    state = game.setup(players, seed, None)
    rnd = random.Random(seed)
    for _ in range(moves):
        if game.result(state) is not None or (until is not None and until(state)):
            break
        seat = min(game.to_move(state))
        game.play(state, seat, expand(game, state, seat, "", rnd))
    return game, state


def test_terra_mystica_bonus_card_income_counts_once_not_per_round_left():
    game, state = _played("terra-mystica", 4, 200, until=lambda s: s.get("round") == 2)
    assert state["round"] == 2
    seat = 0
    state["factions"][seat]["bonus"] = "BON3"  # 6 coins, this round's income only
    with_card = extract("terra-mystica")(state, seat)
    state["factions"][seat]["bonus"] = None
    without = extract("terra-mystica")(state, seat)
    assert abs(with_card["income"] - without["income"] - 6 * tm_bot.INCOME["C"]) < 1e-9


def test_terra_mystica_last_round_leftovers_count_at_the_conversion_rate():
    game, state = _played("terra-mystica", 4, 2000, until=lambda s: s.get("round") == 6)
    assert state["round"] == 6
    f = state["factions"][1]
    feats = extract("terra-mystica")(state, 1)
    assert "stock" not in feats and "income" not in feats  # nothing is paid after this round
    rate = fdata(f)["vp_per_coin"]  # 3 coins a VP; the alchemists 2
    spare = f["C"] + f["W"] + f["P"] + f["pw"][2] + f["pw"][1] // 2
    assert feats["leftover"] == spare / rate
    before = worth("terra-mystica", state, 1)
    f["C"] += 3 * rate  # three VP worth of coins at the end
    assert abs(worth("terra-mystica", state, 1) - before - 3) < 1e-9


def test_west_of_africa_stored_crops_count_at_their_islands_price_and_a_lead_is_a_mayor():
    game = games.get("west-of-africa")
    state = game.setup(3, 4, None)
    base = extract("west-of-africa")(state, 0)
    assert base["stored"] == 0 and base["mayors"] == 0
    state["warehouses"]["lanzarote"][0]["wine"] = 1  # 12-coin island; 1 influence there, nobody else
    feats = extract("west-of-africa")(state, 0)
    # one mayorship, paid at each round end to come: far from the end, the bot's horizon
    assert feats["stored"] == 12 and feats["mayors"] == WOA_HORIZON and feats["influence"] == 1
    state["warehouses"]["lanzarote"][1]["sugar"] = 2  # seat 1 now leads Lanzarote
    assert extract("west-of-africa")(state, 0)["mayors"] == 0


def test_west_of_africa_round_bonuses_count_the_round_ends_still_to_come():
    game = games.get("west-of-africa")
    state = game.setup(4, 4, None)
    state["round"], state["points"] = 5, [20, 8, 0, 0]  # the leader makes 5 a round: 5 points to go
    assert _woa_rounds_left(state) == 2
    state["coins"] = [15, 30, 29, 0]  # seats 1 and 2 are the richest
    assert [extract("west-of-africa")(state, s)["richest"] for s in range(4)] == [0, 2, 2, 0]
    state["final_round"] = 6  # triggered: this round and the last one
    assert _woa_rounds_left(state) == 2
    state["round"] = 6
    assert _woa_rounds_left(state) == 1
    state["round"], state["final_round"], state["points"] = 2, None, [1, 0, 0, 0]
    assert _woa_rounds_left(state) == WOA_HORIZON


def test_altiplano_planned_tiles_are_worth_the_action_they_pay_for():
    game, state = _played("altiplano", 3, 0)
    p = state["seats"][0]
    state["phase"] = "plan"
    for space in p["spaces"]:
        p["spaces"][space] = []
    p["spaces"]["village"] = ["stone"]  # half a house: pays for nothing yet
    assert extract("altiplano")(state, 0)["planned"] == 0
    p["spaces"]["village"] = ["stone", "stone"]
    one_house = extract("altiplano")(state, 0)["planned"]
    assert one_house > 4  # a house is 4 VP
    p["spaces"]["mine"] = ["ore", "food"]  # and a silver (3 VP) at the mine
    assert extract("altiplano")(state, 0)["planned"] == one_house + 3


def test_amerigo_cannons_below_the_pirates_strength_save_nothing():
    game, state = _played("amerigo", 3, 0)
    strength = sum(state["pirates"]["row"][: state["pirates"]["revealed"]])
    state["pirates"]["row"][0] = max(strength, 2)  # make the first pirate strong enough to matter
    strength = sum(state["pirates"]["row"][: state["pirates"]["revealed"]])
    p = state["seats"][0]
    p["cannons"] = strength - 1
    short = extract("amerigo")(state, 0)
    assert short["pirates"] == -strength and short["cannons"] == strength - 1
    short_worth = worth("amerigo", state, 0)
    p["cannons"] = strength + 2
    enough = extract("amerigo")(state, 0)
    assert enough["pirates"] == 0 and enough["cannons"] == 2
    assert worth("amerigo", state, 0) > short_worth


def test_amerigo_build_phase_plans_fewer_steps_only_there():
    from games.bots.features import lookahead

    assert lookahead("amerigo", {"phase": 4}, 6) == 1
    assert lookahead("amerigo", {"phase": 0}, 6) == 6
    assert lookahead("altiplano", {"phase": 4}, 6) == 6
    assert lookahead("bruges", {"phase": 4}, 6) == 14  # a Bruges plan runs to the round's end
