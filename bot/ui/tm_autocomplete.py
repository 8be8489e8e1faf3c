"""Terra Mystica /move autocomplete: (move, cost note) pairs in one pass.

No Discord here: the session layer (which knows no Discord) asks for it
through ``bot.ui.autocomplete``.
"""

from __future__ import annotations

import logging

log = logging.getLogger(__name__)


def autocomplete(engine, state, seat: int, prefix: str, limit: int = 25) -> list[tuple[str, str]]:
    """(move, cost note) pairs for ``prefix`` in ONE pass over the options.

    The engine's ``hint(move)`` recomputes every option of the sub-command to
    find one note (~3 ms for builds), so hinting 25 entries one by one blows
    the bot's hint budget and later entries lose their costs. The engine's
    option generator already yields (entry, note) pairs: use them directly.
    """
    try:
        from games.terra_mystica.moves import _options
    except ImportError:  # an engine without it: the generic way
        _options = None
    if _options is not None:
        try:
            return [(m, n or "") for m, n in _options(state, seat, prefix)[:limit]]
        except Exception:
            log.exception("terra mystica options failed")
    moves = engine.legal_moves(state, seat, prefix)[:limit]
    return [(m, "" if m.endswith(" ") else engine.hint(state, seat, m)) for m in moves]
