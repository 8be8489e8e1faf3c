"""West of Africa menus (no Discord): the secret card choice as one multi-select. Each card
says its number; the fifth card's cost is said once, in the title and the placeholder (where a
phone shows it, above the list), before you commit. Everything else is the generic walker (ship
placement, worker moves, farm, sell, build, sail: whole moves when they fit in a menu)."""

from __future__ import annotations

from games.core.messages import CATALOGS, msg, render

from .menus import Menu, Option


def menu(engine, state, seat: int, prefix: str, locale: str = "en") -> Menu | None:
    if prefix not in ("", "choose ") or state.get("phase") != "choose":
        return None
    from games.west_of_africa.data import CARD_NUMBERS, FIFTH_CARD_COST

    tokens = []
    for m in engine.legal_moves(state, seat, "choose "):
        token = m[len("choose "):].strip()
        if token and token not in tokens:
            tokens.append(token)
    if "minus" in tokens and "choose minus minus" in engine.legal_moves(state, seat, "choose minus "):
        tokens.append("minus minus")  # a second Minus 4 card in hand: both at once
    title = render(msg("bot.menu.cards", cost=FIFTH_CARD_COST), locale)
    out = Menu(title=title, prefix="choose ", multi=(1, min(5, len(tokens))), placeholder=title[:150])
    for token in tokens:
        number = sum(CARD_NUMBERS.get(t, 0) for t in token.split())
        name = card_name(token, locale) if " " not in token else f"{card_name('minus', locale)} ×2"
        out.options.append(Option(name, token, render(msg("bot.menu.card", n=number), locale)))
    return out


def card_name(token: str, locale: str) -> str:
    """A card's name in the reader's language (the token itself when the catalog has none)."""
    key = f"woa.card.{token}"
    return render(msg(key), locale) if key in CATALOGS["en"] else token
