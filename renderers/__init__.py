"""Board renderers: a game's view (public or one seat's) -> PNG bytes.

Renderers draw only from ``game.view(state, seat)``, never from the raw
state, so hidden information cannot reach a public image by accident.
"""

from __future__ import annotations

import importlib
import inspect

#: game id -> module with ``render(view, names=None) -> bytes``. A line per game.
RENDERERS: dict[str, str] = {
    "altiplano": "renderers.altiplano",
    "amerigo": "renderers.amerigo",
    "bruges": "renderers.bruges",
    "terra-mystica": "renderers.terra_mystica",
    "west-of-africa": "renderers.west_of_africa",
}


def render(game_id: str, view: dict, names: list[str] | None = None, locale: str = "en") -> bytes:
    """The full board; ``locale`` words its labels where the game's renderer takes one."""
    module = importlib.import_module(RENDERERS[game_id])
    if locale != "en" and "locale" in inspect.signature(module.render).parameters:
        return module.render(view, names=names, locale=locale)
    return module.render(view, names=names)


def render_turn(game_id: str, view: dict, names: list[str] | None = None, locale: str = "en",
                footer: str = "board.full_board") -> bytes:
    """The phone-first turn image (at most 800 x 1000 px) to post with every
    turn: header (game, round, who is up and what is asked, last move), the
    changed part of the board, the seat's resources and score, every score.
    ``render`` stays the full board (``/game board``, the "Full board" button).
    See ``renderers/turn.py``; a game module with its own ``render_turn(view, names, locale)``
    draws it instead. ``footer``: the label key of the line saying where the full board is."""
    own = getattr(importlib.import_module(RENDERERS[game_id]), "render_turn", None)
    if own is not None:
        return own(view, names=names, locale=locale)
    from .turn import render_turn as _render_turn

    return _render_turn(game_id, view, names, locale, footer)
