"""How good a position looks for each seat: a few scoring features per game.

Each game's bot module (``games/bots/<game>.py``, found by its name) has one function,
``features(state, seat)``, reading the (possibly re-dealt) state into named features per
seat, and a table, ``WEIGHTS``, turning them into points. The first feature is always what
the seat would score if the game ended now; the others value what is not points yet (coins,
workers, goods, track positions), in points, as an experienced player would count them.
Tables, not branches: tuning a bot is editing numbers in its game's module. A game's module
may also set how far a turn plan looks (``PLAN_STEPS``, ``LOOKAHEAD``), prepare the plan's
copy (``solo_round``), plan through the others' moves (``THROUGH_OTHERS``) or plan its own
way (``choose``: ``policies``).
"""

from __future__ import annotations

import importlib
from types import ModuleType

Features = dict[str, float]

#: game id -> its bot module (None: it has none), once looked up
_BOTS: dict[str, ModuleType | None] = {}


def bot_of(game_id: str) -> ModuleType | None:
    """The game's bot module, ``games/bots/<game>.py`` (the id with ``_`` for ``-``), or None."""
    try:
        return _BOTS[game_id]
    except KeyError:
        pass
    name = f"{__package__}.{game_id.replace('-', '_')}"
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as err:
        if err.name != name:
            raise
        module = None
    _BOTS[game_id] = module
    return module


def extract(game_id: str):
    """The game's ``features(state, seat)``, or None for a game with none yet."""
    return getattr(bot_of(game_id), "features", None)


def lookahead(game_id: str, state: dict, default: int) -> int:
    """The plan's own steps in this position: the game's ``PLAN_STEPS`` (own steps a turn plan
    takes where a game's turn is longer than the default), capped by its ``LOOKAHEAD`` ((state
    key, value, steps): where the default costs too much), else ``default``."""
    bot = bot_of(game_id)
    default = getattr(bot, "PLAN_STEPS", default)
    cap = getattr(bot, "LOOKAHEAD", None)
    if cap is None or not isinstance(state, dict) or state.get(cap[0]) != cap[1]:
        return default
    return min(default, cap[2])


def through_others(game_id: str) -> bool:
    """Whether the game's main choice is secret and simultaneous: a bot plans through the
    others' moves (its ``THROUGH_OTHERS``)."""
    return bool(getattr(bot_of(game_id), "THROUGH_OTHERS", False))


def plan_alone(game_id: str):
    """How the game's turn plan prepares its copy before the move weighed: ``solo_round(state,
    seat)`` (Bruges: the others have played out the round), or None."""
    return getattr(bot_of(game_id), "solo_round", None)


def worth(game_id: str, state: dict, seat: int) -> float:
    """One seat's position in points (its score now plus weighted assets)."""
    read = extract(game_id)
    if read is None:  # a game with no features yet: every position looks alike
        return 0.0
    w = bot_of(game_id).WEIGHTS
    return sum(w.get(k, 0.0) * v for k, v in read(state, seat).items())


def evaluate(game_id: str, state: dict, seat: int, players: int) -> float:
    """The seat's worth against the best other seat: what a bot maximises."""
    mine = worth(game_id, state, seat)
    others = [worth(game_id, state, s) for s in range(players) if s != seat]
    return mine - (max(others) if others else 0.0) * 0.5 - (sum(others) / len(others) if others else 0) * 0.5


def points(game_id: str, state: dict, seat: int) -> float:
    """Only the seat's score as it stands (the first feature), for the greedy yard stick."""
    read = extract(game_id)
    if read is None:
        return 0.0
    feats = read(state, seat)
    return float(next(iter(feats.values()), 0.0))
