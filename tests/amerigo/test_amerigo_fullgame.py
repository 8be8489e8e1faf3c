"""Whole games with a purposeful policy (sail to anchors, found posts, plan,
build), so the map rules run end to end: cubes are conserved, scores add up
and the game replays exactly."""

import json
import random

import pytest

from games.amerigo import GAME
from games.core.playout import expand, replay

WANT = ("sail", "build", "plan", "produce", "develop ", "post ", "n ", "v ", "buy ", "take ", "ship ", "place ")


def _pick(state, seat, rnd):
    opts = GAME.legal_moves(state, seat, "")
    turn = state["turn"]
    if "post " in opts:
        return expand(GAME, state, seat, "post ", rnd)
    if turn and turn["action"] == "sail" and "ship " in opts and not any(turn["posted"]):
        ship = GAME.legal_moves(state, seat, "ship ")[0]
        return GAME.legal_moves(state, seat, ship)[0]        # nearest useful anchor first
    if turn and turn["action"] == "sail" and "place " in opts:
        return expand(GAME, state, seat, "place ", rnd)
    if turn and turn["action"] in ("plan", "build", "produce") and turn["budget"] > turn["used"]:
        useful = [o for o in opts if o in ("n ", "v ", "buy ")]
        if useful:
            return expand(GAME, state, seat, rnd.choice(useful), rnd)
    if turn:
        return "done" if "done" in opts else expand(GAME, state, seat, rnd.choice(opts), rnd)
    good = [o for o in opts if o in WANT]
    return expand(GAME, state, seat, rnd.choice(good or opts), rnd)


@pytest.mark.parametrize("players,seed", [(2, 3), (4, 8)])
def test_purposeful_game_builds_scores_and_replays(players, seed):
    rnd = random.Random(seed)
    state = GAME.setup(players, seed)
    moves = []
    while GAME.result(state) is None:
        seat = next(iter(GAME.to_move(state)))
        move = _pick(state, seat, rnd)
        GAME.play(state, seat, move)
        moves.append((seat, move))
        cubes = (sum(state["stock"].values()) + sum(state["tray"].values())
                 + sum(state["tower"]["inside"].values()))
        assert cubes == 49
        assert len(moves) < 4000
    res = GAME.result(state)
    assert state["posts"] and state["placed"], "the policy founded posts and built tiles"
    for seat in range(players):
        assert res.scores[seat] == sum(res.breakdown[seat].values())
        assert 0 <= state["seats"][seat]["coins"] <= 12
        assert 0 <= state["seats"][seat]["cannons"] <= 12
    built = {c for t in state["placed"] for c in t["cells"]}
    assert not built & set(state["posts"]), "no tile on a trading post"
    again, applied, error = replay(GAME, players, seed, None, moves)
    assert error is None and GAME.to_json_text(again) == GAME.to_json_text(state)
    json.dumps(GAME.view(state, 0))
