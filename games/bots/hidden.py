"""Determinisation: a full state the seat could believe in, from what it sees.

A bot searches on copies of the game, never on the real one: the copy keeps
everything the seat can see and re-deals everything it cannot (opponents'
hands and secret choices, the order of face-down piles, and every future
draw, by re-seeding the state's generator). So a bot's choice depends only
on its seat's information and its own seed: the test in
``tests/bots/test_bots_hidden.py`` changes hidden things and checks the
choice does not move.
"""

from __future__ import annotations

import copy
import importlib
import random
import sys
from collections.abc import Callable

from ..core.game import Game, State


def _reseed(state: dict, rnd: random.Random) -> None:
    if isinstance(state.get("rng"), dict):
        state["rng"] = {"seed": rnd.getrandbits(48), "draws": state["rng"]["draws"]}


def redeal_of(game: Game) -> Callable[[dict, int, random.Random], None] | None:
    """The game's own re-deal of what a seat cannot see: ``redeal(state, seat, rnd)`` beside its
    view, in ``games/<game>/view.py`` (None when the game hides nothing but its future draws)."""
    package = sys.modules[type(game).__module__].__package__
    try:
        view = importlib.import_module(f"{package}.view")
    except ModuleNotFoundError:
        return None
    return getattr(view, "redeal", None)


def determinise(game: Game, state: State, seat: int, rnd: random.Random) -> State:
    """A copy of ``state`` with everything hidden from ``seat`` re-dealt."""
    out = copy.deepcopy(state)
    _reseed(out, rnd)
    hook = redeal_of(game)
    if hook is not None:
        hook(out, seat, rnd)
    return out
