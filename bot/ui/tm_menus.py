"""Terra Mystica menus (no Discord): the generic walker over the online notation (build and
upgrade hexes, transform, power actions, pass with a bonus card); the leech buttons and the
faction, favour, town and cult menus stay in ``bot.ui.terra_mystica``."""

from __future__ import annotations


def label(engine, state, seat: int, move: str, locale: str = "en"):
    return None
