"""``verbs`` reads a candidate's first word without formatting it (``moves.first_word``), and the
move handlers word a refusal only when they refuse: the same words, the same refusals."""

import copy
import random
from collections import Counter
from itertools import combinations_with_replacement

import pytest

from games import get
from games.altiplano import actions, moves
from games.altiplano.data import LOCATIONS
from games.altiplano.notation import fmt
from games.core import RuleError
from games.core.game import first_words
from games.core.playout import expand


def positions(players: int, seed: int, options: dict | None = None):
    """Every (state, seat to move) of a random game."""
    game = get("altiplano")
    rnd = random.Random(seed)
    state = game.setup(players, seed, options)
    while game.result(state) is None:
        for seat in sorted(game.to_move(state)):
            yield state, seat
        seat = rnd.choice(sorted(game.to_move(state)))
        game.play(state, seat, expand(game, state, seat, "", rnd))


@pytest.mark.parametrize("players,seed,options", [(2, 5, None), (4, 6, None),
                                                   (3, 7, {"roles": "draft", "missions": True})])
def test_first_word_is_the_formatted_moves(players, seed, options):
    game, seen = get("altiplano"), set()
    for state, seat in positions(players, seed, options):
        for act in moves.candidates(state, seat):
            assert moves.first_word(act) == fmt(act).split(" ", 1)[0], act
            seen.add(act["t"])
        assert game.verbs(state, seat) == first_words(game.legal_moves(state, seat, ""))
    assert {"act", "plan", "move", "step", "pass", "return", "draw", "done"} <= seen


def test_a_refusal_is_still_worded():
    """A dry run of a move the seat cannot make still raises the handler's own message."""
    state = get("altiplano").setup(2, 1, None)
    seat = 0
    refused = []
    for act in moves.candidates(state, seat):
        try:
            actions.do(state, seat, act, dry=True)
        except RuleError as err:
            refused.append(err)
    assert refused and all(err.msg is not None and err.msg.key.startswith("alt.err.") for err in refused)


def _every_drive_and_recipe(state: dict, seat: int) -> list[dict]:
    """Every drive, step, recipe, boat, house and road step of the action phase, none left out
    (what ``candidates`` listed before it dropped the ones the handlers refuse before paying)."""
    out = [{"t": t, "loc": loc, **({"coin": True} if coin else {})}
           for loc in LOCATIONS for t in ("move", "step") for coin in (False, True)]
    pawn = state["seats"][seat]["pawn"]
    out += [{"t": "act", "loc": loc, "a": name, "args": []} for loc, name in actions.RECIPES if loc == pawn]
    out += [{"t": "act", "loc": loc, "a": name, "args": args}
            for loc, name, args in [("harbor", "boat", []), ("village", "house", []), ("road", "build", [])]
            + [("harbor", "boat", [b]) for b in state["boats"]] + [("village", "house", [h]) for h in state["houses"]]
            if loc == pawn]
    return out


def _planned(state: dict, seat: int, pawn: str, tiles: tuple, move_food: bool, move_coin: bool,
             carts_used: int) -> dict:
    """``state`` with the seat's pawn, the tiles planned at its location, on the move space and
    its carts used set as given (random games seldom plan a house's or a road's tiles)."""
    state = copy.deepcopy(state)
    p = state["seats"][seat]
    p["pawn"] = pawn
    p["spaces"][p["pawn"]] = list(tiles)
    p["spaces"]["move"] = ["food"] if move_food else []
    p["space_coins"]["move"] = 1 if move_coin else 0
    p["carts"] = max(p["carts"], carts_used + 1)  # a cart left to drive
    p["carts_used"] = carts_used
    return state


@pytest.mark.parametrize("players,seed", [(2, 11), (3, 12), (4, 13)])
def test_no_legal_drive_step_or_recipe_is_left_out(players, seed):
    """Every drive, step and basic action the handlers accept is listed, over the positions of
    random games with the pawn put anywhere, its location planned with one or two tiles, the move space
    with and without food and coin, and none or one cart used."""
    legal = Counter()
    goods = ("food", "wood", "stone", "alpaca", "ore", "fish", "wool", "cacao")
    plans = [()] + [(g,) for g in goods] + list(combinations_with_replacement(goods, 2))
    rnd = random.Random(seed)
    for i, (state, seat) in enumerate(positions(players, seed)):
        if state["phase"] != "act" or state["pending"] is not None or not state["seats"][seat]["pawn"] or i % 24:
            continue
        for pawn, tiles in [(pawn, tiles) for pawn in LOCATIONS for tiles in plans]:
            trial = _planned(state, seat, pawn, tiles, rnd.random() < 0.5, rnd.random() < 0.5, rnd.choice((0, 1)))
            listed = set(moves.legal(trial, seat))
            for act in _every_drive_and_recipe(trial, seat):
                try:
                    actions.do(trial, seat, act, dry=True)
                except RuleError:
                    continue
                legal[act.get("a", act["t"]) + (" coin" if act.get("coin") else "")] += 1
                assert fmt(act) in listed, (act, sorted(listed))
    assert {"move", "move coin", "step", "step coin"} <= set(legal), legal
    assert {"boat", "house", "build", "wood", "stone"} <= set(legal), legal
