"""A Terra Mystica move's tokens in the reader's words ("2PW to 1C" -> "2 魔力 → 1 元"), for the Play
menus (``bot.table.games.terra_mystica``) and the menu verbs' arguments (``bot.table.verbs``). Needs only the
registry: the words are the engine's (``games.terra_mystica.messages``) and the menu formats
(``bot.menu.*``, registered with the bot's catalogs)."""

from __future__ import annotations

import re

from games.core.messages import CATALOGS, Msg, normalize_locale, render
from games.terra_mystica import messages  # noqa: F401  (registers the words used here)

_AMOUNT = re.compile(r"^(\d+)(pw|c|w|p|vp)$", re.IGNORECASE)


def words(text: str, locale: str = "en", bare: bool = False) -> str | None:
    """Tokens of a move in the reader's words ("D7 to" -> "D7 →", "2PW to 1C" -> "2 魔力 → 1 元"),
    beside the notation unless ``bare``; None when nothing is worded (or in English)."""
    if normalize_locale(locale) == "en":
        return None
    out = []
    for tok in text.split():
        tok = tok.rstrip(".")  # "convert 1W to 1C. ...": a part chained to the next (the notation keeps the dot)
        sign = tok[0] if tok[:1] in "+-" and len(tok) > 1 else ""  # "+FIRE", "-SPADE": a step gained or dropped
        tok = tok[len(sign):]
        low = tok.lower()
        amount = _AMOUNT.match(tok)
        if sign and low in ("spade", "spades"):
            out.append(sign + render(Msg("tm.menu.spade", {}), locale))
        elif sign:
            steps = low[:len(low) - len(low.lstrip("0123456789"))]  # "+2AIR": two steps on one track
            key = f"tm.cult.{low[len(steps):]}"
            out.append(sign + steps + (render(Msg(key, {}), locale) if key in CATALOGS["en"] else tok[len(steps):]))
        elif low == "from":
            out.append(render(Msg("tm.menu.from", {}), locale))
        elif f"tm.faction.{low}" in CATALOGS["en"]:
            out.append(render(Msg(f"tm.faction.{low}", {}), locale))
        elif low in ("to", "for"):
            out.append("→" if low == "to" else "+")
        elif low in ("p", "priest"):
            continue  # "send p to FIRE": the verb says it is a priest
        elif amount:
            out.append(render(Msg("tm.menu.amount", {"n": amount.group(1),
                                                     "what": Msg("tm.resname." + amount.group(2).lower(), {})}),
                              locale))
        elif low in ("ship", "dig"):
            out.append(render(Msg(f"tm.menu.track.{low}", {}), locale))
        else:
            key = next((k for k in (f"tm.building.{low}", f"tm.colour.{low}", f"tm.cult.{low}", f"tm.pact.{low}")
                        if k in CATALOGS["en"]), None)
            out.append(tok if key is None else render(Msg(key, {}), locale) if not key.startswith("tm.pact.")
                       else f"{tok} {render(Msg(key, {}), locale)}")
    said = " ".join(out).replace("+ ", "+").removeprefix("→ ")  # "send p to FIRE": 派遣祭司：火
    if said == " ".join(t.rstrip(".") for t in text.split()):
        return None  # nothing worded: hexes and numbers read as they are
    return said if bare else render(Msg("bot.menu.verb", {"word": said, "verb": text}), locale)
