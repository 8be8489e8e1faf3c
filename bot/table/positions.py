"""A turn's board position, kept from the move until its board is drawn, or never.

A turn post's board is drawn when the post is sent, and the table's state changes in place with
the next move, so the position must be kept as it is at the move. The table already keeps what
builds its state again: its undo token and the moves since (``tables.Since``, a token every
``Playing.SINCE_MOST`` moves). A position is that token and how many of those moves it had
(:meth:`Position.__init__`): nothing is copied at the move, where a ``marshal`` copy of the state
was a quarter of the loop's instructions for a drawn board. The render worker gets the token's
bytes as they are (``turn_state.State``, read as ``turn_state.BASES`` says) and the moves, plays
them (``turn_state.replayed``) and works out the public view itself, answering the description's
scores (or the description itself) with the PNG: the bot's loop makes no view for a drawn board.
The view is worked out on the loop only for a board not drawn by a worker (a thread, a test's
game), never for a board dropped because the channel's next turn came first (``render_pool.draw``),
nor for a post nobody draws (the console, a bot's turn read by no one).
A state whose token the worker cannot read (a game with undo hooks of its own) is copied at the move
as its ``marshal`` bytes; one that is not plain data (``tables.copy_state`` copies it through its
JSON) has its view worked out at once, as JSON text.
"""

from __future__ import annotations

import json
import marshal
from typing import Any

from games.core.game import Game

from .image_words import Makings
from .render_pool import Plain
from .tables import Packed, Since, plain_state
from .turn_state import State, replayed, turn_shown


def base(engine: Game, since: Since) -> tuple[str, bytes] | None:
    """The state at ``since``'s token as a render worker reads it: (how it reads, its bytes) as
    ``turn_state.BASES`` says, worked out once a token; None when the token is not the default hooks'
    (``Game.snapshot``: its own layout, read by its own ``undone``)."""
    if since.sent is not None:
        return since.sent
    source, token = since.source, since.token
    if type(source) is Packed:  # a table thawed: what its state was decoded from (``tables._decoded``)
        sent = ("packed", source)
    elif type(source) is bytes:
        sent = ("zjson", source)
    elif type(source) is str:
        sent = ("json", source.encode())
    elif type(engine).snapshot is not Game.snapshot or type(engine).undone is not Game.undone:
        return None
    elif type(token) is bytes:  # the default token of a state of plain data: its marshal bytes
        sent = ("marshal", token)
    elif token is not None:  # a token held in parts (``Game.kept_whole``): the state it gives, once
        try:
            sent = ("marshal", marshal.dumps(engine.undone(None, token)))
        except ValueError:  # not plain data after all
            return None
    else:
        return None
    since.sent = sent
    return sent


class Position:
    """The public view of ``state`` as it is now, worked out later (:meth:`view`, :meth:`text`).
    ``since``: the table's undo token and moves since, which ``state`` is about to be with the
    move being made (``Playing._move`` appends it once committed, before any board is drawn)."""

    __slots__ = ("_engine", "_packed", "_view", "_text", "_since", "_count")

    def __init__(self, engine: Game, state: Any, since: Since | None = None):
        self._engine, self._packed, self._view, self._text, self._since = engine, None, None, None, None
        self._count = 0
        if plain_state(engine, state):
            if since is not None and base(engine, since) is not None:
                self._since, self._count = since, len(since.moves) + 1
                return
            try:
                self._packed = marshal.dumps(state)
                return
            except ValueError:  # not plain data after all
                pass
        self._text = json.dumps(engine.view(state, None), default=str)

    def _state(self, game_id: str, extra: dict | Makings) -> State:
        """The position as ``render_pool.State``: the token's bytes and the moves it had."""
        since = self._since
        if since is None:
            return State(game_id, self._packed, extra)
        moves = since.moves
        if len(moves) < self._count:  # never: a move's post goes out only once the move is written
            raise RuntimeError("a turn's board asked before its move was written")
        how, data = since.sent
        return State(game_id, data, extra, how, moves[:self._count])

    def view(self) -> dict:
        """The public view, as its JSON text decodes for a state that is not plain data."""
        if self._view is None:
            if self._since is not None:
                at = self._state("", {})
                self._view = self._engine.view(replayed(self._engine, at.base, at.packed, at.moves), None)
            elif self._packed is not None:
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
        if (self._packed is None and self._since is None) or self._view is not None:
            return None
        return self._state(game_id, extra)

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
