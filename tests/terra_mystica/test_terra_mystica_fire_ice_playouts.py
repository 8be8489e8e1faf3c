"""Random whole games with the Fire & Ice factions at every player count,
through the contract: listed moves play, garbage is refused with the state
untouched, JSON round trips and replays reproduce the state."""

import json
import random

import pytest

from games.core.playout import expand, replay
from tests.contract_suite import _dump_text, check_garbage_refused, check_listed_moves_accepted

from .fi_helpers import FI_OPTIONS
from .tm_helpers import GAME

FIRE_ICE = ("icemaidens", "yetis", "acolytes", "dragonlords", "riverwalkers", "shapeshifters")


def _move(state, seat, rnd):
    """A random complete move; a faction choice takes a Fire & Ice faction while one is free."""
    if state["phase"] == "factions":
        listed = GAME.legal_moves(state, seat, "")
        new = [m for m in listed if m.split()[-1] in FIRE_ICE]
        if new:
            return rnd.choice(new)
    return expand(GAME, state, seat, "", rnd)


@pytest.mark.parametrize("players, seed", [(2, 11), (3, 12), (4, 13), (5, 14), (4, 15)])
def test_random_fire_and_ice_game(players, seed):
    options = dict(FI_OPTIONS, **({"fire-and-ice-factions/variable": True} if seed == 15 else {}))
    rnd = random.Random(seed)
    state = GAME.setup(players, seed, options)
    moves = []
    while GAME.result(state) is None:
        assert len(moves) < 20000
        seat = rnd.choice(sorted(GAME.to_move(state)))
        if len(moves) % 9 == 0:
            check_listed_moves_accepted(GAME, state, seat, rnd)
            check_garbage_refused(GAME, state, rnd)
            roundtrip = GAME.load(json.loads(json.dumps(GAME.dump(state))))
            assert _dump_text(GAME, roundtrip) == _dump_text(GAME, state)
            json.dumps(GAME.view(state, None))
        move = _move(state, seat, rnd)
        GAME.play(state, seat, move)
        moves.append((seat, move))
    chosen = {f["faction"] for f in state["factions"]}
    assert len(chosen & set(FIRE_ICE)) == min(players, 3)  # one ice, one volcano, one variable
    result = GAME.result(state)
    assert [sum(b.values()) for b in result.breakdown] == result.scores
    replayed, applied, error = replay(GAME, players, seed, options, moves)
    assert error is None, f"replay failed at move {applied}: {error}"
    assert _dump_text(GAME, replayed) == _dump_text(GAME, state)
