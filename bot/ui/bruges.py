"""Bruges menus (no Discord): "play card N for use X" from the hand, by the cards' names.

The hand comes from the seat's own view (the menu is ephemeral: only its owner sees it)."""

from __future__ import annotations

from games.core.messages import msg, render

USES = {"workers": "2 workers", "money": "guilders", "threat": "remove a threat", "canal": "canal section",
        "house": "house", "hire": "hire the person"}


def _hand(engine, state, seat: int) -> dict[int, dict]:
    view = engine.view(state, seat)
    return {int(c["id"]): c for c in view.get("hand") or [] if isinstance(c, dict) and "id" in c}


def label(engine, state, seat: int, move: str):
    words = move.split()
    if len(words) < 3 or words[0] != "play" or not words[1].isdigit():
        return None
    card = _hand(engine, state, seat).get(int(words[1]))
    if card is None:
        return None
    use = " ".join(words[2:])
    name = f"#{card['id']} {card.get('name', '')} ({card.get('colour', '')})"
    return render(msg("bot.menu.use", card=name, use=USES.get(use, use)), "en"), str(card.get("text") or "")[:100]
