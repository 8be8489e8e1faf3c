"""What /help reads from the engines besides the sheets: each option's description and the
"not verified" list (``engine.options``, ``engine.unverified``), in zh-TW by the engine's
English text. Keys: ``bot.help.opt.<game>.<option>`` and ``bot.help.unv.<game>.<slug>``;
the English is registered from the engines, the zh-TW by each game's plug file
(``bot/table/games/<game>.py``: ``OPTIONS_ZH``, ``UNVERIFIED_ZH``), so a line an engine rewords
falls back to its English until its zh-TW is added there (a test lists such lines). An option
value's own words (a map's name, for the options autocomplete of /game new) are the plug's
``OPTION_CHOICES``: ``bot.help.choice.<game>.<option>.<value>``."""

from __future__ import annotations

import re

from games.core.messages import CATALOGS, Msg, register


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
    """A value's own words (its game's plug registers them: ``OPTION_CHOICES``), or None."""
    key = choice_key(game_id, name, value)
    return Msg(key, {}) if key in CATALOGS["en"] else None


def unverified(game_id: str, line: str) -> Msg:
    """A "not verified" line, the same way."""
    key = unverified_key(game_id, line)
    if CATALOGS["en"].get(key) != _escaped(line):
        register("en", {key: _escaped(line)})
    return Msg(key, {})
