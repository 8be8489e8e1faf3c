"""Altiplano menus (no Discord): planning (tile to action space) and actions are whole moves
from ``legal_moves``; this module only names them the way the board does, in the reader's words."""

from __future__ import annotations


def label(engine, state, seat: int, move: str, locale: str = "en"):
    from games.altiplano import messages as M

    from ...words.i18n import tr

    words = move.split()
    if len(words) == 3 and words[0] in ("plan", "unplan"):
        arrow = "→" if words[0] == "plan" else "←"
        return f"{tr(M.good(words[1]), locale)} {arrow} {tr(M.space(words[2]), locale)}", ""
    return None
