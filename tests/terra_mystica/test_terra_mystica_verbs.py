"""A prompt's words (``Game.verbs``) are answered without the whole action menu (each verb's
options looked at only up to the first): they must equal the first words of the listed moves,
in their order, for every seat of every position of random whole games (every player count,
the Fire & Ice factions, the faction auction, other maps, the site's league options)."""

import random

import pytest

from games.core.game import first_words
from games.core.playout import expand

from .fi_helpers import FI_OPTIONS
from .tm_helpers import GAME

FIRE_ICE = ("icemaidens", "yetis", "acolytes", "dragonlords", "riverwalkers", "shapeshifters")

GAMES = [
    (2, 21, {}),
    (3, 22, {"league": True}),
    (4, 23, {}),
    (5, 24, {"league": True}),
    (2, 25, FI_OPTIONS),
    (3, 26, dict(FI_OPTIONS, map="fire-ice-1")),
    (4, 27, dict(FI_OPTIONS, **{"fire-and-ice-factions/variable": True})),
    (5, 28, dict(FI_OPTIONS, map="fire-ice-2")),
    (4, 29, dict(FI_OPTIONS, **{"faction-auction": True})),
    (3, 30, {"map": "loon-lakes-1.6", "league": True}),
    (4, 31, {"map": "fjords-2.1"}),
]


def _move(state, seat, rnd, fire_ice):
    """A random complete move; with ``fire_ice`` a faction choice takes a Fire & Ice faction
    while one is free (so their decisions and actions come up)."""
    if fire_ice and state["phase"] == "factions":
        new = [m for m in GAME.legal_moves(state, seat, "") if m.split()[-1] in FIRE_ICE]
        if new:
            return rnd.choice(new)
    return expand(GAME, state, seat, "", rnd)


@pytest.mark.parametrize("players, seed, options", GAMES)
def test_verbs_are_the_first_words_of_the_listed_moves(players, seed, options):
    rnd = random.Random(seed)
    state = GAME.setup(players, seed, options)
    fire_ice = any(k.startswith("fire-and-ice-factions") for k in options)
    asked = moves = 0
    while GAME.result(state) is None:
        assert moves < 20000
        for seat in range(players):  # the seats not to move too: both say nothing then
            want = first_words(GAME.legal_moves(state, seat, ""))
            assert GAME.verbs(state, seat) == want, f"move {moves}, seat {seat}, phase {state['phase']}"
            asked += bool(want)
        seat = rnd.choice(sorted(GAME.to_move(state)))
        GAME.play(state, seat, _move(state, seat, rnd, fire_ice))
        moves += 1
    assert all(GAME.verbs(state, s) == [] for s in range(players))  # the game is over
    assert asked >= moves  # every position asked somebody something


def test_every_terrain_change_takes_a_spade():
    """``places.iter_transforms`` stops early for a seat with no spade in hand and none it can dig:
    right only while every change of terrain in every faction's spade table takes one or more."""
    from games.terra_mystica.data import WHEEL
    from games.terra_mystica.wheel import table

    for kind in ("none", "giants", "ice", "wheel"):
        for anchor in range(WHEEL):
            rows = table(kind, anchor)
            for cur, row in enumerate(rows):
                for target, need in enumerate(row):
                    assert need is None or (target != cur and need >= 1), (kind, anchor, cur, target, need)
