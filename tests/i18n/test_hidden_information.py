"""Non-interference of secret moves (#18.1), for every game with hidden steps.

Two runs from the same position that differ only in one seat's secret moves
(chosen by different random policies) must look the same to everybody else
until the reveal: the public view, every other seat's own view, and the
public text of every event (what the channel is told; the number of
secret steps a seat takes is not hidden, each is one command). While the seat is
still choosing, nothing the others see may change from one of its secret
steps to the next either.
"""

from __future__ import annotations

import copy
import json
import random

import pytest

from games import get
from games.core.playout import expand

CASES = [("west-of-africa", 3), ("west-of-africa", 4), ("altiplano", 3), ("altiplano", 2), ("bruges", 3)]


def observed(game, state, seat, players):
    others = [json.dumps(game.view(state, o), sort_keys=True) for o in range(players) if o != seat]
    return json.dumps(game.view(state, None), sort_keys=True), others


def secret_run(game, state, seat, players, rnd, limit=15):
    """Only ``seat``'s secret moves until it is no longer waited for (None if a move reveals)."""
    st = copy.deepcopy(state)
    seen, texts, moves = [], [], []
    for _ in range(limit):
        if seat not in game.to_move(st):
            return seen, texts, moves
        move = expand(game, st, seat, "", rnd)
        events = game.play(st, seat, move)
        if any(e.kind != "secret" for e in events):
            return None
        moves.append(move)
        texts.append([e.text for e in events])
        seen.append(observed(game, st, seat, players))
    return None


def secret_positions(game, players, seed, want=8):
    """Positions along a random game where a seat makes secret moves while others still choose."""
    rnd = random.Random(seed)
    options = {"missions": True} if game.id == "altiplano" else None
    state = game.setup(players, seed, options)
    found = []
    steps = 0
    while game.result(state) is None and len(found) < want and steps < 3000:
        waiting = sorted(game.to_move(state))
        if len(waiting) >= 2 and steps % 3 == 0:
            seat = rnd.choice(waiting)
            probe = copy.deepcopy(state)
            events = game.play(probe, seat, expand(game, probe, seat, "", random.Random(steps)))
            if events and all(e.kind == "secret" for e in events):
                found.append((copy.deepcopy(state), seat))
        seat = rnd.choice(waiting)
        game.play(state, seat, expand(game, state, seat, "", rnd))
        steps += 1
    return found


@pytest.mark.parametrize("game_id,players", CASES)
def test_secret_moves_do_not_show_until_the_reveal(game_id, players):
    game = get(game_id)
    positions = secret_positions(game, players, seed=players + 11)
    if game_id != "bruges":
        assert positions, "no secret phase met"
    compared = 0
    for state, seat in positions:
        runs = [secret_run(game, state, seat, players, random.Random(k)) for k in range(4)]
        runs = [r for r in runs if r is not None]
        for seen, _texts, moves in runs:
            # while still choosing, each secret step looks the same to the others
            assert len({json.dumps(s) for s in seen[:-1]}) <= 1, (game_id, moves)
        for (seen_a, texts_a, moves_a), (seen_b, texts_b, moves_b) in zip(runs, runs[1:]):
            where = f"{game_id}: {moves_a} vs {moves_b}"
            assert seen_a[-1][0] == seen_b[-1][0], "public view differs: " + where
            assert seen_a[-1][1] == seen_b[-1][1], "another seat's view differs: " + where
            # the step that ends the seat's choice says the same; the steps before it say one same thing
            assert texts_a[-1] == texts_b[-1], where
            assert len({t for ts in texts_a[:-1] + texts_b[:-1] for t in ts}) <= 1, where
            if len(seen_a) > 1 and len(seen_b) > 1:
                assert seen_a[0] == seen_b[0], "a first secret step shows: " + where
            compared += moves_a != moves_b
    if positions:
        assert compared, "no two different secret runs were compared"
