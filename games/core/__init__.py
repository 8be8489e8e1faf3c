"""What every game shares: the contract, errors, events and seeded RNG."""

from . import catalog  # noqa: F401  (the core keys)
from .errors import Ambiguous, IllegalMove, NotationError, NotYourTurn, RuleError
from .events import Event
from .game import Game, Option, Result, State
from .messages import Msg, msg, register, render
from .rng import Rng, new_rng
from .standings import standings

__all__ = [
    "Ambiguous",
    "Event",
    "Game",
    "IllegalMove",
    "NotYourTurn",
    "NotationError",
    "Msg",
    "Option",
    "Result",
    "Rng",
    "RuleError",
    "State",
    "msg",
    "new_rng",
    "register",
    "render",
    "standings",
]
