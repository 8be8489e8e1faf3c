"""Random complete games through the public contract, and replays.

Used by the ``python -m games`` command line, the benchmarks and the tests.
"""

from __future__ import annotations

import random

from .errors import RuleError
from .game import Game, State


def expand(game: Game, state: State, seat: int, prefix: str, rnd: random.Random, depth: int = 40) -> str:
    """Walk the next-token completions at random down to one complete move."""
    for _ in range(depth):
        options = game.legal_moves(state, seat, prefix)
        if not options:
            raise AssertionError(f"{game.id}: no legal move for seat {seat} after {prefix!r}")
        pick = rnd.choice(options)
        if not pick.endswith(" "):
            return pick
        prefix = pick
    raise AssertionError(f"{game.id}: completion did not finish from {prefix!r}")


def random_playout(
    game: Game,
    players: int,
    seed: int,
    options: dict | None = None,
    max_moves: int = 20000,
    policy_seed: int | None = None,
) -> tuple[State, list[tuple[int, str]]]:
    """Play one whole game picking uniformly among listed moves."""
    rnd = random.Random(seed if policy_seed is None else policy_seed)
    state = game.setup(players, seed, options)
    moves: list[tuple[int, str]] = []
    while game.result(state) is None:
        if len(moves) >= max_moves:
            raise AssertionError(f"{game.id}: game did not end within {max_moves} moves")
        waiting = sorted(game.to_move(state))
        if not waiting:
            raise AssertionError(f"{game.id}: nobody to move but no result")
        seat = rnd.choice(waiting)
        move = expand(game, state, seat, "", rnd)
        game.play(state, seat, move)
        moves.append((seat, move))
    return state, moves


def random_views(game: Game, players: int, seed: int) -> list:
    """Every public view of one random game, from its set-up to its end: what the renderers' label
    atlas is made from and its tests draw (``bench/render.py`` keeps a copy: it also runs on
    older trees, which lack this)."""
    rnd = random.Random(seed)
    state = game.setup(players, seed)
    views = [game.view(state, None)]
    while game.result(state) is None:
        seat = rnd.choice(sorted(game.to_move(state)))
        game.play(state, seat, expand(game, state, seat, "", rnd))
        views.append(game.view(state, None))
    return views


def replay(game: Game, players: int, seed: int, options: dict | None, moves) -> tuple[State, int, str | None]:
    """Apply (seat, text) moves in order. Returns (state, applied, error): at a refused move, the
    state before it. A record is replayed without a backup per move (``play(atomic=False)``: the
    copy was about a sixth of a whole-process replay); only when a move is refused is the record
    played again, up to that move, to give back the state before it."""
    moves = list(moves)
    state = game.setup(players, seed, options)
    for applied, (seat, text) in enumerate(moves):
        try:
            game.play(state, int(seat), text, atomic=False)
        except RuleError as err:
            state = game.setup(players, seed, options)   # the refused move may be half-applied
            for before, after in moves[:applied]:
                game.play(state, int(before), after, atomic=False)
            return state, applied, str(err)
    return state, len(moves), None
