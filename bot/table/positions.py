"""A turn's board position, kept from the move until its board is drawn, or never.

A turn post's board is drawn when the post is sent, and the table's state changes in place with
the next move, so the position must be copied when the move is made: a copy of the state as
``marshal`` bytes costs a few microseconds, where the public view and its JSON cost ten times that.
The view is worked out from the copy when the board is drawn (and for the description's scores),
never for a board dropped because the channel's next turn came first (``render_pool.draw``; none
in bench/load.py at 100 moves/s over 1000 channels, where every turn post's board is drawn), nor
for a post nobody draws (the console, a bot's turn read by no one). The render worker gets the
state's marshal bytes as they are (``render_pool.State``) and works out the public view itself,
answering the description's scores (or the description itself) with the PNG: the bot's loop makes
no view for a drawn board.
A state that is not plain data (``tables.copy_state`` copies it through its JSON) has its view
worked out at once, as JSON text.
"""

from __future__ import annotations

import json
import marshal
from typing import Any

from games.core.game import Game

from .image_words import Makings
from .render_pool import Plain, State, turn_shown
from .tables import plain_state


class Position:
    """The public view of ``state`` as it is now, worked out later (:meth:`view`, :meth:`text`)."""

    __slots__ = ("_engine", "_packed", "_view", "_text")

    def __init__(self, engine: Game, state: Any):
        self._engine, self._packed, self._view, self._text = engine, None, None, None
        if plain_state(engine, state):
            try:
                self._packed = marshal.dumps(state)
                return
            except ValueError:  # not plain data after all
                pass
        self._text = json.dumps(engine.view(state, None), default=str)

    def view(self) -> dict:
        """The public view, as its JSON text decodes for a state that is not plain data."""
        if self._view is None:
            if self._packed is not None:
                self._view = self._engine.view(marshal.loads(self._packed), None)
            else:
                self._view = json.loads(self._text)
        return self._view

    def text(self) -> str:
        """The public view as JSON text."""
        if self._text is None:
            self._text = json.dumps(self.view(), default=str)
        return self._text

    def state(self, game_id: str, extra: dict | Makings) -> State | None:
        """The position as the render worker takes it to work out the view itself (``render_pool.
        State``, which answers the scores with the PNG, and with ``extra``'s ``Makings`` the turn's
        words and the description); None when its view is made here (a state that is not plain
        data, or one whose view was already made)."""
        if self._packed is None or self._view is not None:
            return None
        return State(game_id, self._packed, extra)

    def shown(self, extra: dict) -> str | Plain:
        """The view with ``extra``'s entries (as ``render_pool.turn_shown`` says), as the render
        worker takes it: its marshal bytes (``render_pool.Plain``, read there as its JSON), else its
        JSON text."""
        extra = turn_shown(self.view(), extra)
        if self._text is None:
            try:
                return Plain(marshal.dumps({**self.view(), **extra}))
            except ValueError:  # not plain data after all
                pass
        return with_turn(self.text(), extra)


def with_turn(text: str, extra: dict) -> str:
    """A view's JSON text with ``extra``'s entries added, as ``json.dumps({**view, **extra})`` reads."""
    if not extra:
        return text
    more = json.dumps(extra, default=str)
    return more if text == "{}" else f"{text[:-1]}, {more[1:]}"
