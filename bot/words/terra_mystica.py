"""Terra Mystica in the bot's words, without Discord: the table's sentences (``bot.tm.*``), the
factions' names and one-line summaries, what a favour or town tile gives. The leech buttons and
faction menus (``bot.discord.components.terra_mystica``) and the Play menus (``bot.table.games.terra_mystica``) word themselves here;
a move's tokens are in ``bot.words.tm_tokens``."""

from __future__ import annotations

from games.core.messages import register
from games.terra_mystica import messages as TM
from games.terra_mystica.data import FACTIONS

from .i18n import t, tr

#: Every sentence the Terra Mystica table says, added to the bot's English catalog as
#: ``bot.tm.<key>``; their zh-TW entries are in bot/words/zh_TW.py.
TEXT = {
    "leech.offer": "{mention} ({faction}): {source} built next to you. Take {amount} power for {vp} VP?",
    "leech.unpaid": "{mention} ({faction}): {source} built next to you, but {amount} power would cost {vp} VP, "
                    "more than you have: you can only decline.",
    "leech.take": "Take {amount} power (-{vp} VP)",
    "leech.take_free": "Take {amount} power (free)",
    "leech.take_none": "Take 0 power (bowls full)",
    "leech.decline": "Decline",
    "faction.prompt": "{mention}, choose your faction (seat {seat}). Factions still free:",
    "faction.chosen": "{name} (seat {seat}): {faction}",
    "faction.waits": "{name} (seat {seat}): chooses later",
    "faction.placeholder": "Choose your faction",
    "choice.prompt": "{mention} ({faction}): choose {what}.",
    "choice.placeholder": "Choose {what}",
    "gone": "That game is over or no longer in this channel.",
    "not_yours": "These buttons are for {name}.",
    "offer_gone": "That offer is no longer open (answered already, or the round moved on).",
    "done": "{name} chose: `{move}`",
    "cult_now": "{cult}: you are on {now}",
}

#: a faction's one-line summary in its menu option (``bot.tm.blurb.<faction>``; zh-TW in bot/words/zh_TW.py)
FACTION_BLURB = {
    "alchemists": "swamp / black: VP <-> coins",
    "auren": "forest / green: SH gives a favour + 2-step cult action",
    "chaosmagicians": "wasteland / red: double action, 2 favours per temple",
    "cultists": "plains / brown: cult step when others take power",
    "darklings": "swamp / black: spades cost priests, +2 VP each",
    "dwarves": "mountains / gray: tunnelling, no shipping",
    "engineers": "mountains / gray: cheap buildings, bridges for workers",
    "fakirs": "desert / yellow: carpet flight, no shipping",
    "giants": "wasteland / red: always 2 spades to home terrain",
    "halflings": "plains / brown: +1 VP per spade, cheap digging",
    "mermaids": "lakes / blue: town across a river, shipping 1",
    "nomads": "desert / yellow: 3 dwellings, sandstorm",
    "swarmlings": "lakes / blue: +3 workers per town, rich start",
    "witches": "forest / green: +5 VP per town, free forest dwelling",
    "icemaidens": "ice on a picked colour: a favour at set-up, SH: 3 VP per temple when passing",
    "yetis": "ice on a picked colour: power actions 1 cheaper, SH: reuse taken ones",
    "acolytes": "volcano: dig free, pay 3-4 cult steps; spades become cult steps",
    "dragonlords": "volcano: dig free, pay 1-2 power tokens; spades become tokens",
    "riverwalkers": "no home: build across rivers on unlocked terrains; priests unlock",
    "shapeshifters": "a picked home: a token for 1 VP when others take power, SH: shift",
}
#: a faction's name where the catalog has none: the notation's id, capitalised, unless named here
FACTION_TITLE = {"chaosmagicians": "Chaos Magicians"}
#: what a pending pick is (``bot.tm.what.<kind>``)
CHOICE_WHAT = {"FAV": "a favour tile", "TW": "a town tile", "CULT": "a cult track"}
#: how a town tile's gains read in its menu line (``bot.tm.gain.<what>``)
GAIN_WORDS = {"VP": "{n} VP", "C": "{n} coins", "W": "{n} workers", "P": "{n} priest", "PW": "{n} power",
              "CULT": "+{n} on every cult track", "SHIP": "shipping +{n}", "KEYS": "{n} keys"}


def _english() -> dict[str, str]:
    """This module's English catalog: its sentences and the tables above, as ``bot.tm.*`` keys
    (favour tiles read as the engine's table words them)."""
    from games.terra_mystica.data import FAVOURS

    out = {f"bot.tm.{k}": v for k, v in TEXT.items()}
    out.update({f"bot.tm.blurb.{k}": v for k, v in FACTION_BLURB.items()})
    out.update({f"bot.tm.what.{k.lower()}": v for k, v in CHOICE_WHAT.items()})
    out.update({f"bot.tm.gain.{k.lower()}": v for k, v in GAIN_WORDS.items()})
    out.update({f"bot.tm.favour.{k.lower()}": v["text"] for k, v in FAVOURS.items()})
    return out


def tile_blurb(tile: str, locale: str | None = None) -> str:
    """What a favour or town tile gives, from the engine's tables (players know tiles by face)."""
    from games.terra_mystica.data import FAVOURS, TOWNS

    if tile in FAVOURS:
        return say(f"favour.{tile.lower()}", locale)
    town = TOWNS.get(tile)
    if town is None:
        return ""
    parts = [say(f"gain.{k.lower()}", locale, n=n) if k in GAIN_WORDS else f"{n} {k}"
             for k, n in town["gain"].items()]
    if town.get("keys", 1) > 1:
        parts.append(say("gain.keys", locale, n=town["keys"]))
    return tr(parts, locale)


register("en", _english())


def say(key: str, locale: str | None = None, **kw) -> str:
    """A ``bot.tm.<key>`` sentence in ``locale``."""
    return t(f"tm.{key}", locale, **kw)


def title(faction: str | None, locale: str | None = None) -> str:
    """A faction's name in ``locale`` (the engine's ``tm.faction.*`` keys)."""
    if not faction:
        return "?"
    fid = faction.lower().replace(" ", "")
    if fid in FACTIONS:
        return tr(TM.faction(fid), locale)
    return FACTION_TITLE.get(faction, faction.capitalize())
