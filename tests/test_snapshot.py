"""The move backup (``Game.snapshot``/``restore``) of every engine puts a state
back exactly: same values, same types (tuples stay tuples, int keys stay
int), same key order, and no part shared with the live state."""

from __future__ import annotations

import copy
import random

import pytest

from games import game_ids, get
from games.core import RuleError
from games.core.playout import expand


def assert_exact(got, want, path="state"):
    assert type(got) is type(want), f"{path}: {type(got).__name__} != {type(want).__name__}"
    if isinstance(want, dict):
        assert list(got) == list(want), f"{path}: keys {list(got)} != {list(want)}"
        for k in want:
            assert type(k) is type(next(x for x in got if x == k)), f"{path}: key type of {k!r}"
            assert_exact(got[k], want[k], f"{path}[{k!r}]")
    elif isinstance(want, (list, tuple)):
        assert len(got) == len(want), f"{path}: length {len(got)} != {len(want)}"
        for i, (g, w) in enumerate(zip(got, want)):
            assert_exact(g, w, f"{path}[{i}]")
    elif isinstance(want, (set, frozenset)):
        assert got == want, path
    elif hasattr(want, "__dict__") and not isinstance(want, type):
        assert_exact(vars(got), vars(want), path)
    else:
        assert got == want, f"{path}: {got!r} != {want!r}"


def containers(obj, out=None):
    """ids of every mutable container inside obj."""
    out = set() if out is None else out
    if isinstance(obj, (dict, list, set)):
        out.add(id(obj))
        for v in (obj.values() if isinstance(obj, dict) else obj):
            containers(v, out)
    elif hasattr(obj, "__dict__") and not isinstance(obj, type):
        containers(vars(obj), out)
    return out


@pytest.mark.parametrize("game_id", game_ids())
def test_snapshot_restores_every_state_exactly(game_id):
    game = get(game_id)
    for players in sorted({game.min_players, game.max_players}):
        rnd = random.Random(players)
        state = game.setup(players, 11)
        for _ in range(120):
            if game.result(state) is not None:
                break
            seat = rnd.choice(sorted(game.to_move(state)))
            move = expand(game, state, seat, "", rnd)
            before = copy.deepcopy(state)
            snap = game.snapshot(state)
            game.apply(state, seat, move)  # the move changes the state...
            game.restore(state, snap)  # ...and the backup puts it back
            assert_exact(state, before)
            game.apply(state, seat, move)
            game.restore(state, snap)  # a snapshot can be used twice
            assert_exact(state, before)
            # the restored state shares nothing with the one that was played on
            other = copy.deepcopy(state)
            game.restore(other, snap)
            assert not containers(state) & containers(other)
            game.play(state, seat, move)


@pytest.mark.parametrize("game_id", game_ids())
def test_refused_move_leaves_state_unchanged(game_id):
    game = get(game_id)
    rnd = random.Random(3)
    state = game.setup(game.min_players, 5)
    for _ in range(40):
        if game.result(state) is not None:
            break
        seat = rnd.choice(sorted(game.to_move(state)))
        before = copy.deepcopy(state)
        with pytest.raises(RuleError):
            game.play(state, seat, "zzz not a move")
        assert_exact(state, before)
        game.play(state, seat, expand(game, state, seat, "", rnd))
