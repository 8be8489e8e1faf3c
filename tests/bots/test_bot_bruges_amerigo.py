"""The Bruges and Amerigo bots' own knowledge: each must change a choice on a made-up position."""

import random

import games
from games.bots import amerigo as amerigo_bot
from games.bots import bruges as bruges_bot
from games.bots import make
from games.bots.bruges import solo_round
from games.core.playout import expand


def _bruges_turn(seed: int = 3):
    """A Bruges position at the start of some seat's action turn."""
    game = games.get("bruges")
    state = game.setup(3, seed, None)
    rnd = random.Random(seed)
    while not (state["phase"] == "actions" and not state["turn_played"] and not state["pending"]):
        seat = min(game.to_move(state))
        game.play(state, seat, expand(game, state, seat, "", rnd))
    return game, state, state["turn"]


def _money_then_hire(state, seat):
    """Two plays left: a Magistrate (yellow, free) and a Philosopher (yellow, 12 guilders, 4 VP and
    1 VP a house at the end), 8 guilders, a 4 on the yellow die and two empty houses: only money
    now lets the seat hire the Philosopher with its second play."""
    p = state["ps"][seat]
    p["hand"], p["money"], p["plays_left"] = [73, 75], 8, 2
    p["houses"] = [{"roof": "blue", "card": 3, "person": None}, {"roof": "red", "card": 111, "person": None}]
    p["workers"] = {c: 1 for c in p["workers"]}
    p["threats"] = {c: 0 for c in p["threats"]}
    state["dice"] = {"blue": 3, "brown": 3, "yellow": 4, "red": 3, "purple": 3}


def test_solo_round_leaves_only_the_seat_to_play_and_only_in_the_action_phase():
    game, state, seat = _bruges_turn()
    solo_round(state, seat)
    assert [p["plays_left"] for s, p in enumerate(state["ps"]) if s != seat] == [0, 0]
    assert state["ps"][seat]["plays_left"] > 0
    draw = game.setup(3, 1, None)
    before = [p["plays_left"] for p in draw["ps"]]
    solo_round(draw, 0)
    assert [p["plays_left"] for p in draw["ps"]] == before


def test_bruges_bot_takes_money_to_hire_with_its_next_play(monkeypatch):
    game, state, seat = _bruges_turn()
    _money_then_hire(state, seat)
    assert "play 73 hire" not in game.legal_moves(state, seat)  # 12 guilders: not yet
    move = make("bot", 5).choose(game, state, seat)
    assert move == "play 75 money"
    # without the round plan the same bot sees only one card and takes the sure house point
    game2, state2, seat2 = _bruges_turn()
    _money_then_hire(state2, seat2)
    monkeypatch.setattr(bruges_bot, "solo_round", None)
    assert make("bot", 5).choose(game2, state2, seat2) != "play 75 money"


def _amerigo_pick(round_: int):
    """An Amerigo seat about to take one development tile: 'halfcoins' or 'e-7' (7 VP at the end)."""
    game = games.get("amerigo")
    state = game.setup(3, 4, None)
    seat = min(game.to_move(state))
    state["round"] = round_
    state["dev"]["left"] = ["halfcoins", "e-7", None, None]
    state["dev"]["right"] = [None, None, None, None]
    state["turn"] = {"action": "develop", "colour": "brown", "picks": 1, "budget": 0, "used": 0, "bought": 0}
    return game, state, seat


def test_amerigo_tiles_that_pay_every_round_are_worth_more_early():
    game, state, seat = _amerigo_pick(1)
    state["seats"][seat]["devs"] = ["halfcoins"]
    early = amerigo_bot.devs(state, seat)
    state["round"] = 5
    assert 0 < amerigo_bot.devs(state, seat) < early
    state["seats"][seat]["devs"], state["seats"][seat]["used"] = ["coins5"], []
    assert amerigo_bot.devs(state, seat) == amerigo_bot.DEV_ONCE["coins5"]
    state["seats"][seat]["used"] = ["coins5"]
    assert amerigo_bot.devs(state, seat) == 0


def test_amerigo_bot_takes_halfcoins_early_and_the_end_tile_late(monkeypatch):
    game, state, seat = _amerigo_pick(1)
    assert sorted(game.legal_moves(state, seat, "take ")) == ["take e-7", "take halfcoins"]
    assert make("bot", 2).choose(game, state, seat) == "take halfcoins"
    game, state, seat = _amerigo_pick(5)
    state["phase"] = 5  # the last round's yellow phase: halving coins pays once more at most
    assert make("bot", 2).choose(game, state, seat) == "take e-7"
    game, state, seat = _amerigo_pick(1)
    monkeypatch.setitem(amerigo_bot.WEIGHTS, "devs", 0.0)
    assert make("bot", 2).choose(game, state, seat) == "take e-7"  # without the table: the sure 7 VP
