"""Errors a player can cause, each carrying the message that tells them why.

``RuleError("woa.err.no_ship", space="F3")`` names a catalog key (see
``messages``); ``err.msg`` is that ``Msg`` for the bot to word in the
reader's language, and ``str(err)`` is the English sentence. A plain
sentence is still accepted (it is shown as it is, untranslated).
"""

from __future__ import annotations

from .messages import Msg, is_key, render


class RuleError(Exception):
    """A move that cannot be played. The message says why, in the player's terms.

    The English text is worded only when someone reads it (``str(err)``): legal-move
    generators try moves and drop thousands of these unread."""

    def __init__(self, message: str | Msg = "", **params):
        if isinstance(message, Msg):
            self.msg: Msg | str = message
        elif is_key(str(message)):
            self.msg = Msg(str(message), params)
        else:
            self.msg = str(message)
        super().__init__(self.msg)

    def __str__(self) -> str:
        return render(self.msg)

    def text(self, locale: str | None = None) -> str:
        """The message worded in ``locale``."""
        return render(self.msg, locale)


class NotationError(RuleError):
    """The text does not parse as a move of this game."""


class IllegalMove(RuleError):
    """The move parses, but the rules forbid it now."""


class Ambiguous(RuleError):
    """The text could mean more than one move; the message lists them."""


class NotYourTurn(RuleError):
    """The seat is not one the table is waiting for."""
