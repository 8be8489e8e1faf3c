"""Altiplano menus (no Discord): planning (tile to action space) and actions are whole moves
from ``legal_moves``; this module only names them the way the board does, in the reader's words."""

from __future__ import annotations

from games.core.messages import msg


def progress(engine, state, seat: int):
    """The seat's planning so far, for its eyes only: each tile it planned this round and where,
    and the tiles still in its planning row (``None`` outside the planning phase)."""
    from games.altiplano import messages as M

    if state.get("phase") != "plan":
        return None
    p = state["seats"][seat]
    planned = [msg("bot.alt.pair", good=M.good(good), space=M.space(space)) for space, good in p.get("added") or []]
    left = [M.good(good) for good in p.get("slots") or [] if good]
    return msg("bot.alt.progress", planned=planned or msg("core.none"), left=left or msg("core.none"))


def label(engine, state, seat: int, move: str, locale: str = "en"):
    from games.altiplano import messages as M

    from ...words.i18n import tr

    words = move.split()
    if len(words) == 3 and words[0] in ("plan", "unplan"):
        arrow = "→" if words[0] == "plan" else "←"
        return f"{tr(M.good(words[1]), locale)} {arrow} {tr(M.space(words[2]), locale)}", ""
    return None
