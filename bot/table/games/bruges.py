"""Bruges menus (no Discord): "play card N for use X" from the hand, by the cards' names.

The hand comes from the seat's own view (the menu is ephemeral: only its owner sees it).
Every word is keyed (``bot.menu.bru.*``; the persons' names from the engine's catalog), so
a zh-TW player reads 市長 (#2, 藍色), not "Mayor"."""

from __future__ import annotations

from games.bruges import messages as names
from games.bruges import rules
from games.bruges.data import CARDS
from games.core.messages import msg, render
from games.core.notation import is_number

#: a card's use (the move's last word) -> its key; ``{colour}`` is the card's colour
USES = {use: f"bot.menu.bru.use.{use}" for use in ("workers", "money", "threat", "canal", "house", "hire")}


def _hand(engine, state, seat: int) -> dict[int, dict]:
    view = engine.view(state, seat)
    return {int(c["id"]): c for c in view.get("hand") or [] if isinstance(c, dict) and "id" in c}


def label(engine, state, seat: int, move: str, locale: str = "en"):
    """("市長 (#2, 藍色): 拿取工人", "藍色卡 · 僱用 3 盾 · 2 分") for "play 2 workers"; None for other moves."""
    words = move.split()
    if len(words) < 2 or words[0] not in ("play", "use") or not is_number(words[1]):
        return None
    cid = int(words[1])
    card = _hand(engine, state, seat).get(cid) if words[0] == "play" else {"id": cid}
    if card is None:
        return None
    who = names.card_label(cid)
    colour = names.colour(CARDS[cid].colour)
    if words[0] == "use":  # a person in one of the seat's houses, paid with a worker
        return render(msg("bot.menu.use", card=who, use=msg("bot.menu.bru.person", colour=colour)), locale), ""
    use = " ".join(words[2:])
    key = USES.get(use)
    what = msg(key, colour=colour) if key else use
    if words[2:4] == ["hire", "house"] and len(words) == 5 and is_number(words[4]):  # into a house of the seat's
        what = msg("bot.menu.bru.use.hire_into", n=int(words[4]))
    price = names.guilders(rules.hire_price(state, seat, cid))
    about = msg("bot.menu.bru.about", colour=colour, price=price, vp=card.get("vp", 0))
    return render(msg("bot.menu.use", card=who, use=what), locale), render(about, locale)
