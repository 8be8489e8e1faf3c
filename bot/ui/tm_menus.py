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
    return worded(move, locale)


_AMOUNT = re.compile(r"^(\d+)(pw|c|w|p|vp)$", re.IGNORECASE)
#: the parts of a row ("burn 2. action ACT1")
_PARTS = re.compile(r"\.\s+")


def worded(move: str, locale: str):
    """(label, "") of a whole move in the reader's words beside its notation ("升級建築：E9 → 貿易站
    （upgrade E9 to TP）", each part of a row: "燒魔力：2；行動格：ACT1 一座橋（burn 2. action ACT1）"),
    or None in English, where the notation is the words."""
    from games.core.messages import Msg, normalize_locale, render

    from ..locales import verbs

    if normalize_locale(locale) == "en":
        return None
    said = []
    for part in (p.strip().rstrip(".") for p in _PARTS.split(move.strip())):
        if not part:
            continue
        verb, _, args = part.partition(" ")
        word = render(Msg(verbs.key("terra-mystica", verb), {}), locale) if verb in verbs.ZH["terra-mystica"] else None
        what = words(args, locale, bare=True) or args if args else ""
        if word is None:
            said.append(words(part, locale, bare=True) or part)
        else:
            said.append(render(Msg("bot.menu.act", {"word": word, "what": what}), locale) if what else word)
    text = said[0]
    for part in said[1:]:
        text = render(Msg("bot.menu.then", {"a": text, "b": part}), locale)
    if text == move:
        return None
    full = render(Msg("bot.menu.verb", {"word": text, "verb": move}), locale)
    return (full if len(full) <= LABEL_MAX else text), ""


#: Discord's longest option label
LABEL_MAX = 100


def stem(text: str, locale: str = "en") -> str | None:
    """A deeper menu level's entry in the reader's words ("build …" under "burn 1. ": 建造住宅（build）),
    or None to keep the notation."""
    from games.core.messages import Msg, normalize_locale, render

    from ..locales import verbs

    verb, _, args = text.strip().partition(" ")
    if normalize_locale(locale) == "en" or verb not in verbs.ZH["terra-mystica"]:
        return words(text, locale)
    word = render(Msg(verbs.key("terra-mystica", verb), {}), locale)
    what = (words(args, locale, bare=True) or args) if args else ""
    said = render(Msg("bot.menu.act", {"word": word, "what": what}), locale) if what else word
    return render(Msg("bot.menu.verb", {"word": said, "verb": text.strip()}), locale)


def words(text: str, locale: str = "en", bare: bool = False) -> str | None:
    """Tokens of a move in the reader's words ("D7 to" -> "D7 →", "2PW to 1C" -> "2 魔力 → 1 元"),
    beside the notation unless ``bare``; None when nothing is worded (or in English)."""
    from games.core.messages import CATALOGS, Msg, normalize_locale, render
    from games.terra_mystica import messages  # noqa: F401  (registers the words used here)

    from ..locales import verbs  # noqa: F401  (registers bot.menu.verb)

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
            key = f"tm.cult.{low}"
            out.append(sign + (render(Msg(key, {}), locale) if key in CATALOGS["en"] else tok))
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
