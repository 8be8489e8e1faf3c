"""Board renderers: a game's view (public or one seat's) -> PNG bytes.

Renderers draw only from ``game.view(state, seat)``, never from the raw
state, so hidden information cannot reach a public image by accident.
"""

from __future__ import annotations

import importlib
import inspect
import logging

log = logging.getLogger(__name__)

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


#: the turn image drawn for the console: its footer names the console's ``board`` command, not a button
TURN_CONSOLE = "turn:console"


def render_png(game_id: str, view: dict, names: list[str], seat: int | None = None,
               kind: str = "board", locale: str = "en") -> bytes | None:
    """The board PNG, or None when the game has no renderer (or it failed).
    With ``seat``: that player's /hand image, when the renderer has ``render_panel``.
    ``kind="turn"``: the phone-sized turn image a turn post carries (the full board if it fails);
    ``"turn:console"``: the same, its footer pointing to the console's ``board`` command."""
    if game_id not in RENDERERS:
        return None
    try:
        panel = getattr(importlib.import_module(RENDERERS[game_id]), "render_panel", None)
        if seat is not None and panel is not None:
            return panel(view, seat, names, locale=locale)
        if kind in ("turn", TURN_CONSOLE):
            footer = "board.full_board.console" if kind == TURN_CONSOLE else "board.full_board"
            try:
                return render_turn(game_id, view, names, locale, footer=footer)
            except Exception:
                log.exception("the turn image of %s failed; posting the full board", game_id)
        return render(game_id, view, names, locale)
    except Exception:  # a drawing bug must not lose an announced move
        log.exception("rendering %s failed", game_id)
        return None
