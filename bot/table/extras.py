"""A game's table without Discord: menus, prompts, turn lines, and per-game extras.

A game may add a module without Discord here (``EXTRAS``, used by the session layer):

* ``autocomplete(engine, state, seat, prefix, limit)``: (move, note) pairs
  at once, for engines whose per-move ``hint`` is costly;
* ``HELP``: a /help cheat sheet with examples, richer than the engine's.

``autocomplete(game_id, ...)`` and ``help_text(game_id)`` are the hooks the session layer
calls. The games' Discord components (buttons, select menus) are in ``bot.discord.components``.
"""

from __future__ import annotations

import importlib
import logging

log = logging.getLogger(__name__)

#: game id -> Discord-free module with ``autocomplete`` and/or ``HELP``
EXTRAS: dict[str, str] = {
    "terra-mystica": "bot.table.games.terra_mystica_extras",
}


def _extras(game_id: str):
    name = EXTRAS.get(game_id)
    return importlib.import_module(name) if name else None


def autocomplete(game_id: str, engine, state, seat: int, prefix: str, limit: int = 25):
    """(move, note) pairs from the game's own provider, or None: use legal_moves + hint."""
    provider = getattr(_extras(game_id), "autocomplete", None)
    if provider is None:
        return None
    try:
        return provider(engine, state, seat, prefix, limit)
    except Exception:
        log.exception("autocomplete of %s failed", game_id)
        return None


def help_text(game_id: str) -> str | None:
    """The game's /help cheat sheet when the table layer has a richer one than the engine."""
    return getattr(_extras(game_id), "HELP", None)
