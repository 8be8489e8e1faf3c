"""The Terra Mystica bot's own planning: faction pick, the solitaire round, the projection."""

import random

import games
from games.bots import terra_mystica as tm_bot
from games.bots.policies import SearchBot
from games.core.playout import expand
from games.terra_mystica.data import FACTIONS
from games.terra_mystica.rules import clone


def _round(n: int, seed: int = 11):
    """A random-play position at the start of a seat's turn in round ``n``."""
    game = games.get("terra-mystica")
    state = game.setup(4, seed, None)
    rnd = random.Random(seed)
    while not (state["round"] == n and state["phase"] == "actions" and state["turn"] is None
               and game.to_move(state) == {state["current"]}):
        seat = min(game.to_move(state))
        game.play(state, seat, expand(game, state, seat, "", rnd))
    return game, state


def test_faction_pick_takes_the_first_listed_whose_home_is_free():
    game = games.get("terra-mystica")
    state = game.setup(4, 3, None)
    first = tm_bot.FACTION_PICK[0]
    assert tm_bot.pick_faction(state) == f"setup {first}"
    game.play(state, 0, f"setup {first}")
    home = FACTIONS[first]["home"]
    nxt = next(f for f in tm_bot.FACTION_PICK if FACTIONS[f]["home"] != home)
    assert tm_bot.pick_faction(state) == f"setup {nxt}"


def test_solo_copy_leaves_the_seat_alone_and_its_pass_does_not_end_the_round():
    game, state = _round(2)
    seat = state["current"]
    sim = clone(state)
    tm_bot.solo(sim, seat)
    assert game.to_move(sim) == {seat}
    card = sorted(sim["pool"])[0]
    game.apply(sim, seat, f"pass {card}")
    tm_bot.solo(sim, seat)
    assert sim["round"] == 2 and sim["factions"][seat]["passed"]
    assert sim["factions"][seat]["bonus"] == card


def test_pending_pass_counts_the_best_bonus_card_until_the_seat_passes():
    game, state = _round(2)
    seat = state["current"]
    before = tm_bot.features(state, seat)
    best = max(tm_bot.bonus_worth(state, c) for c in state["pool"])
    from games.terra_mystica.commands import pass_vp

    assert abs(before["pending"] - pass_vp(state, seat) - best) < 1e-9
    card = sorted(state["pool"])[0]
    game.play(state, seat, f"pass {card}")
    assert "pending" not in tm_bot.features(state, seat)


def test_a_rich_seat_does_not_pass_early_in_the_round():
    game, state = _round(2)
    seat = state["current"]
    f = state["factions"][seat]
    f["C"], f["W"], f["P"] = 30, 15, 2
    move = SearchBot(seed=1).choose(game, state, seat)
    assert not move.split(". ")[-1].startswith("pass"), move
    game.play(state, seat, move)  # and it is legal
