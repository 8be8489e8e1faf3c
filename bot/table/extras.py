"""A game's /move autocomplete and /help sheet when its plug file has its own
(``bot/table/games/<game>.py``: ``autocomplete(engine, state, seat, prefix, limit)`` gives (move,
note) pairs at once, for engines whose per-move ``hint`` is costly; ``HELP`` a /help cheat sheet
richer than the engine's). The session layer calls ``autocomplete`` and ``help_text``; the games'
Discord components are in ``bot.discord.components``.
"""

from __future__ import annotations

import logging

from .games import plug

log = logging.getLogger(__name__)


def autocomplete(game_id: str, engine, state, seat: int, prefix: str, limit: int = 25):
    """(move, note) pairs from the game's own provider, or None: use legal_moves + hint."""
    provider = getattr(plug(game_id), "autocomplete", None)
    if provider is None:
        return None
    try:
        return provider(engine, state, seat, prefix, limit)
    except Exception:
        log.exception("autocomplete of %s failed", game_id)
        return None


def help_text(game_id: str) -> str | None:
    """The game's /help cheat sheet when the table layer has a richer one than the engine."""
    return getattr(plug(game_id), "HELP", None)
