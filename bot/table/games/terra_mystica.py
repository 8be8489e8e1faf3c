"""Terra Mystica menus (no Discord): the generic walker over the online notation (build and
upgrade hexes, transform, power actions, pass with a bonus card); the leech buttons and the
faction, favour, town and cult menus stay in ``bot.discord.components.terra_mystica``, the words of both in
``bot.words.terra_mystica``.

``label`` gives the picks whose notation alone says little a description in the reader's
language: a faction (its name and what it does) and a bonus card (what it gives, coins on it).
"""

from __future__ import annotations

import re

from ...words.terra_mystica import say, title
from ...words.tm_tokens import words

SETUP = re.compile(r"^setup ([a-z]+)$")
#: a favour or town tile taken ("+FAV5", "+TW3", "+2TW5": the second town tile of a kind)
TILE = re.compile(r"^\+(\d*)(FAV|TW)(\d+)$")
#: a power offer answered ("leech 2 from witches", "decline 2 from witches")
OFFER = re.compile(r"^(leech|decline) (\d+) from ([a-z]+)$")


def order(moves: list[str]) -> list[str]:
    """Whole moves in the order a menu lists them: favour and town tiles by their number (the
    text order put FAV10 before FAV2), everything else as the engine lists it."""
    def key(m: str):
        found = TILE.match(m)
        return (0, found.group(2), int(found.group(3))) if found else (1, "", 0)
    return sorted(moves, key=key)


def _offer(engine, state, seat: int, move: str, locale: str):
    """A power offer's answer with what it really gives and costs, from the engine itself (the
    bowls and the VP a seat has cap it): "Take 2 power (-1 VP)", "Take 1 power (free)"."""
    import copy

    from ...words.terra_mystica import say

    if move.startswith("decline"):
        return None
    trial = copy.deepcopy(state)
    try:
        engine.play(trial, seat, move)
    except Exception:
        return None
    before, after = (engine.view(s, seat)["players"][seat] for s in (state, trial))
    power = (lambda p: 2 * p["power"][2] + p["power"][1])  # noqa: E731  (a token in bowl III is 2 steps)
    gained, paid = power(after) - power(before), before["vp"] - after["vp"]
    key = "leech.take_none" if gained <= 0 else "leech.take_free" if paid <= 0 else "leech.take"
    return say(key, locale, amount=gained, vp=paid)


def label(engine, state, seat: int, move: str, locale: str = "en"):
    """(label, description) of ``move`` in a menu, or None for the walker's own."""
    from games.core.messages import Msg, render

    from .terra_mystica_extras import PASS_CARD, card_note

    tile = TILE.match(move)
    if tile:  # a tile by its code, what it gives beside it (the channel's own menu for the pick says so too)
        from ...words.terra_mystica import tile_blurb

        said = tile_blurb(tile.group(2) + tile.group(3), locale)
        return (render(Msg("bot.menu.tile", {"code": move, "what": said}), locale) if said else move), ""
    offer = OFFER.match(move)
    if offer:
        cost = _offer(engine, state, seat, move, locale)
        named = worded(move, locale)
        return (named[0] if named else move), cost or ""
    m = SETUP.match(move)
    if m:
        fid = m.group(1)
        blurb = say(f"blurb.{fid}", locale)
        if locale == "en":  # the notation is already the faction's name
            return move, f"{title(fid, locale)}: {blurb}"
        # 煉金術師（setup alchemists）, its terrain and power beside it
        return render(Msg("bot.menu.verb", {"word": title(fid, locale), "verb": move}), locale), blurb
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


#: the parts of a row ("burn 2. action ACT1")
_PARTS = re.compile(r"\.\s+")


def worded(move: str, locale: str):
    """(label, "") of a whole move in the reader's words beside its notation ("升級建築：E9 → 貿易站
    （upgrade E9 to TP）", each part of a row: "燒魔力：2；行動格：ACT1 一座橋（burn 2. action ACT1）"),
    or None in English, where the notation is the words."""
    from games.core.messages import Msg, normalize_locale, render

    from ...words import verbs

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


def stem(text: str, locale: str = "en", prefix: str = "") -> str | None:
    """A deeper menu level's entry in the reader's words ("build …" under "burn 1. ": 建造住宅（build）),
    or None to keep the notation."""
    from games.core.messages import Msg, normalize_locale, render

    from ...words import verbs

    verb, _, args = text.strip().partition(" ")
    if normalize_locale(locale) == "en" or verb not in verbs.ZH["terra-mystica"]:
        return words(text, locale)
    word = render(Msg(verbs.key("terra-mystica", verb), {}), locale)
    what = (words(args, locale, bare=True) or args) if args else ""
    said = render(Msg("bot.menu.act", {"word": word, "what": what}), locale) if what else word
    return render(Msg("bot.menu.verb", {"word": said, "verb": text.strip()}), locale)
