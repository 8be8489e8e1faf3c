"""Errors a player can cause. Their message is shown to the player as is."""


class RuleError(Exception):
    """A move that cannot be played. The message says why, in the player's terms."""


class NotationError(RuleError):
    """The text does not parse as a move of this game."""


class IllegalMove(RuleError):
    """The move parses, but the rules forbid it now."""


class Ambiguous(RuleError):
    """The text could mean more than one move; the message lists them."""


class NotYourTurn(RuleError):
    """The seat is not one the table is waiting for."""
