"""Altiplano menus (no Discord): planning (tile to action space) and actions are whole moves
from ``legal_moves``; this module only names them the way the board does."""

from __future__ import annotations


def label(engine, state, seat: int, move: str, locale: str = "en"):
    words = move.split()
    if len(words) == 3 and words[0] in ("plan", "unplan"):
        arrow = "→" if words[0] == "plan" else "←"
        return f"{words[1]} {arrow} {words[2]}", ""
    return None
