"""``games.core.playout.replay``: a record replayed without a backup per move gives the state a
move-by-move atomic replay gives, and at a refused move the state before it, unchanged."""

from __future__ import annotations

import random

import pytest

from games import game_ids, get
from games.core.playout import expand, random_playout, replay


def _atomic(game, players, seed, moves):
    state = game.setup(players, seed, None)
    for seat, text in moves:
        game.play(state, seat, text)
    return state


@pytest.mark.parametrize("game_id", game_ids())
def test_a_whole_record_replays_to_the_atomic_state(game_id):
    game = get(game_id)
    _state, moves = random_playout(game, 3, 7)
    state, applied, error = replay(game, 3, 7, None, iter(moves))   # any iterable of moves
    assert (applied, error) == (len(moves), None)
    assert game.dump(state) == game.dump(_atomic(game, 3, 7, moves))


@pytest.mark.parametrize("game_id", game_ids())
def test_a_refused_move_gives_the_state_before_it(game_id):
    game = get(game_id)
    _state, moves = random_playout(game, 3, 8)
    cut = len(moves) // 2
    rnd = random.Random(cut)
    before = _atomic(game, 3, 8, moves[:cut])
    seat = min(game.to_move(before))
    # a move the rules refuse after parsing part of it (the state must not keep its first part)
    bad = [(seat, expand(game, game.load(game.dump(before)), seat, "", rnd) + " and garbage"), (seat, "garbage")]
    for wrong in bad:
        state, applied, error = replay(game, 3, 8, None, [*moves[:cut], wrong, *moves[cut:]])
        assert applied == cut and error
        assert game.dump(state) == game.dump(before)
