"""The play-by-post policies against every registered game engine (skipped when none is registered)."""

import random

import pytest

import games
from bot import clocks, history, undo
from games.core.playout import expand

GAME_IDS = games.game_ids()


def _opening(game, players, seed, count):
    """``count`` random legal moves from the start, as (seat, text)."""
    rnd = random.Random(seed)
    state = game.setup(players, seed)
    moves = []
    while len(moves) < count and game.result(state) is None:
        seat = rnd.choice(sorted(game.to_move(state)))
        move = expand(game, state, seat, "", rnd)
        game.play(state, seat, move)
        moves.append((seat, move))
    return moves


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_dropped_seats_playing_their_simplest_move_finish_the_game(game_id):
    game = games.get(game_id)
    state = game.setup(game.min_players, 5)
    for _ in range(5000):
        if game.result(state) is not None:
            break
        seat = min(game.to_move(state))
        game.play(state, seat, clocks.simplest_move(game, state, seat))
    assert game.result(state) is not None


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_history_hides_secret_move_texts_and_undo_analysis_replays(game_id):
    game = games.get(game_id)
    players = game.min_players
    moves = _opening(game, players, 11, 60)
    infos, state = undo.analyse(game, players, 11, None, moves)
    assert len(infos) == len(moves) and game.to_json_text(state) == game.to_json_text(
        history.state_at(game, players, 11, None, moves, len(moves)))
    lines = history.lines(game, players, 11, None, [(s, m, None) for s, m in moves])
    for info, line in zip(infos, lines):
        if info.events and all(e.kind == "secret" for e in info.events):
            assert info.text not in line.text
    # the last mover may take back their last move alone only when it hid and drew nothing
    last = infos[-1]
    plan = undo.plan_undo(infos, last.seat, list(range(players)))
    assert plan.verdict == (undo.CONSENT if (last.barrier or last.random) else undo.FREE)
