"""Whole games with a policy that hires persons and uses them whenever it can,
so attacks, questions and disasters happen mid-game; invariants after every move."""

import random
from collections import Counter

import pytest

from games.bruges.data import CARDS, COLOURS, THREATS_PER_COLOUR
from games.core.playout import expand

from .helpers import GAME


def _pick(state, seat, rnd):
    moves = GAME.legal_moves(state, seat)
    for want in ("hire", "use ", "canal", "choose", "lose", "rep", "house"):
        hits = [m for m in moves if want in m]
        if hits and rnd.random() < 0.8:
            return expand(GAME, state, seat, rnd.choice(hits), rnd)
    stems = [m for m in moves if m.endswith(" ")]
    if stems and rnd.random() < 0.7:  # look inside a card's uses for the interesting ones
        inner = GAME.legal_moves(state, seat, rnd.choice(stems))
        for want in ("hire", "canal", "house"):
            hits = [m for m in inner if want in m]
            if hits:
                return expand(GAME, state, seat, rnd.choice(hits), rnd)
    return expand(GAME, state, seat, "", rnd)


def _check(state):
    places = list(state["reserve"]) + list(state["discard"])
    for pile in state["piles"]:
        places += pile
    for p in state["ps"]:
        places += p["hand"] + p["drawn"]
        for h in p["houses"]:
            places.append(h["card"])
            if h["person"] is not None:
                places.append(h["person"])
        assert p["money"] >= 0 and p["vp"] >= 0
        assert all(n >= 0 for n in p["workers"].values())
        assert all(0 <= n <= 3 for n in p["threats"].values())
        assert all(0 <= n <= 5 for n in p["canals"].values())
    assert Counter(places) == Counter(list(CARDS)), "every card is in exactly one place"
    for c in COLOURS:
        held = sum(p["threats"][c] for p in state["ps"])
        assert held + state["threat_supply"][c] == THREATS_PER_COLOUR


@pytest.mark.parametrize("players, seed", [(2, 1), (3, 2), (4, 3), (4, 4)])
def test_hiring_games_keep_every_card_and_marker(players, seed):
    rnd = random.Random(seed)
    state = GAME.setup(players, seed)
    hired = 0
    for _ in range(5000):
        if GAME.result(state) is not None:
            break
        seat = rnd.choice(sorted(GAME.to_move(state)))
        move = _pick(state, seat, rnd)
        hired += "hire" in move
        GAME.play(state, seat, move)
        _check(state)
    result = GAME.result(state)
    assert result is not None and hired >= 5
    assert result.scores == [sum(b.values()) for b in result.breakdown]
