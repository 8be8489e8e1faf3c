"""What /help reads from the engines besides the sheets: each option's description and the
"not verified" list (``engine.options``, ``engine.unverified``), in zh-TW by the engine's
English text. Keys: ``bot.help.opt.<game>.<option>`` and ``bot.help.unv.<game>.<slug>``;
the English is registered from the engines, the zh-TW by each game's plug file
(``bot/table/games/<game>.py``: ``OPTIONS_ZH``, ``UNVERIFIED_ZH``), so a line an engine rewords
falls back to its English until its zh-TW is added there (a test lists such lines)."""

from __future__ import annotations

import re

from games.core.messages import CATALOGS, Msg, register

#: game -> option -> value -> (English, zh-TW): a value's own words, for the options autocomplete
#: of /game new (``bot.table.option_complete``); a value without them is described by its option
CHOICES: dict[str, dict[str, dict[str, tuple[str, str]]]] = {
    "terra-mystica": {
        "map": {
            "original": ("the Original map", "原版地圖"),
            "original-2017vp": ("the Original map with the 2017 VP (starting VP by faction)", "原版地圖，2017 年的起始分數"),
            "fire-ice-1": ("Fire & Ice map, side 1", "冰與火地圖第 1 面"),
            "fire-ice-2": ("Fire & Ice map, side 2", "冰與火地圖第 2 面"),
            "loon-lakes-1.6": ("Loon Lakes v1.6", "潛鳥湖 v1.6"),
            "fjords-2.1": ("Fjords v2.1", "峽灣 v2.1"),
        },
        "fire-and-ice-final-scoring": {
            "true": ("a Fire & Ice final tile drawn at random", "依亂數抽一張冰與火終局計分板塊"),
            "building-on-edge": ("final tile: buildings on the edge", "終局計分：邊緣建築"),
            "connected-clusters": ("final tile: clusters", "終局計分：聚落群數"),
            "connected-distance": ("final tile: greatest distance", "終局計分：最遠距離"),
            "connected-sa-sh-distance": ("final tile: sanctuary-stronghold distance", "終局計分：聖殿與要塞距離"),
        },
    },
}


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", text.lower()).strip("_")[:60] or "_"


def option_key(game_id: str, name: str) -> str:
    return f"bot.help.opt.{game_id}.{_slug(name)}"


def unverified_key(game_id: str, line: str) -> str:
    return f"bot.help.unv.{game_id}.{_slug(line)}"


def _escaped(text: str) -> str:
    return text.replace("{", "{{").replace("}", "}}")


def option(game_id: str, name: str, english: str) -> Msg:
    """An option's description: its zh-TW when known, the engine's English in any case."""
    key = option_key(game_id, name)
    if CATALOGS["en"].get(key) != _escaped(english):
        register("en", {key: _escaped(english)})
    return Msg(key, {})


def choice_key(game_id: str, name: str, value: str) -> str:
    return f"bot.help.choice.{game_id}.{_slug(name)}.{_slug(value)}"


def choice(game_id: str, name: str, value: str) -> Msg | None:
    """A value's own words (``CHOICES``), or None."""
    return Msg(choice_key(game_id, name, value), {}) if value in CHOICES.get(game_id, {}).get(name, {}) else None


def unverified(game_id: str, line: str) -> Msg:
    """A "not verified" line, the same way."""
    key = unverified_key(game_id, line)
    if CATALOGS["en"].get(key) != _escaped(line):
        register("en", {key: _escaped(line)})
    return Msg(key, {})


for _locale, _i in (("en", 0), ("zh-TW", 1)):
    register(_locale, {choice_key(g, n, v): _escaped(words[_i]) for g, table in CHOICES.items()
                       for n, values in table.items() for v, words in values.items()})
