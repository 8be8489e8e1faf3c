"""Busy random games: a policy that rarely passes, so towns, strongholds,
favours, bridges and cult bonuses all come up; every listed move is checked."""

import copy
import random

import pytest

from games.core import RuleError

from .tm_helpers import GAME


def _pick(state, seat, rnd):
    prefix = ""
    for _ in range(40):
        options = GAME.legal_moves(state, seat, prefix)
        assert options, (seat, prefix, state["phase"])
        busy = [o for o in options if not o[len(prefix):].startswith(("pass", "decline", "-SPADE"))]
        pick = rnd.choice(busy if busy and rnd.random() < 0.93 else options)
        if not pick.endswith(" "):
            for other in rnd.sample(options, min(2, len(options))):
                if not other.endswith(" "):
                    GAME.play(copy.deepcopy(state), seat, other)
            return pick
        prefix = pick
    raise AssertionError(f"completion did not finish from {prefix!r}")


@pytest.mark.parametrize("seed", range(6))
def test_busy_random_game_ends_with_consistent_scores(seed):
    rnd = random.Random(seed)
    players = 2 + seed % 4
    state = GAME.setup(players, seed)
    moves = 0
    while GAME.result(state) is None:
        seat = rnd.choice(sorted(GAME.to_move(state)))
        move = _pick(state, seat, rnd)
        try:
            GAME.play(state, seat, move)
        except RuleError as err:  # pragma: no cover - the message explains
            raise AssertionError(f"listed {move!r} refused: {err}") from err
        moves += 1
        assert moves < 3000
        for f in state["factions"]:
            if f:
                assert min(f["C"], f["W"], f["P"], f["vp"], *f["pw"]) >= 0
                assert f["P"] + f["on_cult"] <= 7 and sum(f["pw"]) <= 12
                assert all(0 <= c <= 10 for c in f["cult"])
    result = GAME.result(state)
    assert [sum(b.values()) for b in result.breakdown] == result.scores
    for i in range(4):
        assert sum(1 for f in state["factions"] if f["cult"][i] == 10) <= 1
