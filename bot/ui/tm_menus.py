"""Terra Mystica menus (no Discord): the generic walker over the online notation (build and
upgrade hexes, transform, power actions, pass with a bonus card); the leech buttons and the
faction, favour, town and cult menus stay in ``bot.ui.terra_mystica``.

``label`` gives the picks whose notation alone says little a description in the reader's
language: a faction (its name and what it does) and a bonus card (what it gives, coins on it).
"""

from __future__ import annotations

import re

SETUP = re.compile(r"^setup ([a-z]+)$")


def label(engine, state, seat: int, move: str, locale: str = "en"):
    """(label, description) of ``move`` in a menu, or None for the walker's own."""
    from games.core.messages import Msg, render

    from . import terra_mystica as ui
    from .tm_extras import PASS_CARD, card_note

    m = SETUP.match(move)
    if m:
        fid = m.group(1)
        blurb = ui._t(f"blurb.{fid}", locale)
        if locale == "en":  # the notation is already the faction's name
            return move, f"{ui.title(fid, locale)}: {blurb}"
        # 煉金術師（setup alchemists）, its terrain and power beside it
        return render(Msg("bot.menu.verb", {"word": ui.title(fid, locale), "verb": move}), locale), blurb
    m = PASS_CARD.search(move)
    if m:
        note = card_note(move, engine.hint(state, seat, move) or "")
        inner = getattr(note, "msg", None)
        # at set-up a card is only taken; in the game, passing also ends the seat's round
        key = "tm.menu.take_card" if isinstance(state, dict) and state.get("phase") == "bonus" else "tm.menu.pass_card"
        word = render(Msg(key, {"card": m.group(1).upper()}), locale)
        name = move if locale == "en" else render(Msg("bot.menu.verb", {"word": word, "verb": move}), locale)
        return name, render(inner, locale) if isinstance(inner, Msg) else str(note)
    return None
