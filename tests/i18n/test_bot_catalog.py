"""The bot's catalogs: every English key has a zh-TW entry with the same placeholders,
and the zh-TW slash command names are ones Discord accepts."""

from __future__ import annotations

import importlib
import pkgutil
import re

import pytest

import bot
import games
import renderers
from bot.words.i18n import Text, pick_locale, t, tr
from games.core.messages import CATALOGS, msg, placeholders


def load_everything():
    """Import every module that may register keys (engines, renderers, the bot and its game UIs)."""
    for gid in games.game_ids():
        games.get(gid)
    for package in (bot, renderers):
        for info in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
            if not info.name.endswith("__main__"):
                importlib.import_module(info.name)


@pytest.fixture(scope="module")
def catalogs():
    load_everything()
    from bot.words import help_terms
    from bot.words.i18n import help_sheet, title

    for gid in games.game_ids():  # the English /help sheets, titles and engine lines register on first use
        engine = games.get(gid)
        help_sheet(gid, engine.help_text or "-")
        help_sheet(gid, engine.help_text or "-", summary=True)
        title(gid)
        for o in engine.options:
            help_terms.option(gid, o.name, o.description)
        for line in engine.unverified:
            help_terms.unverified(gid, line)
    # other tests may register throwaway keys (``test.*``, a toy game's sheet) in the same process
    known = set(games.game_ids())

    def is_real(key: str) -> bool:
        parts = key.split(".")
        if key.startswith(("bot.help.text.", "bot.help.summary.", "bot.title.")) and parts[-1] not in known:
            return False
        if key.startswith(("bot.help.opt.", "bot.help.unv.")) and parts[3] not in known:  # a toy game's option
            return False
        return not key.startswith("test.")

    real = {loc: {k: v for k, v in CATALOGS[loc].items() if is_real(k)} for loc in ("en", "zh-TW")}
    return real["en"], real["zh-TW"]


def test_every_english_key_has_a_zh_tw_entry(catalogs):
    en, zh = catalogs
    missing = sorted(k for k in en if k not in zh)
    assert not missing, f"{len(missing)} keys without zh-TW: {missing[:20]}"
    assert len([k for k in en if k.startswith("bot.")]) >= 250


def test_no_placeholder_lost_or_added(catalogs):
    en, zh = catalogs
    wrong = {k: (sorted(placeholders(en[k])), sorted(placeholders(zh[k])))
             for k in en if k in zh and placeholders(en[k]) != placeholders(zh[k])}
    assert not wrong


def test_zh_tw_bot_texts_are_chinese(catalogs):
    """A zh-TW bot sentence is not English left untranslated (names, notation and code aside)."""
    en, zh = catalogs
    same = [k for k in en if k.startswith("bot.") and not k.startswith("bot.name.") and k in zh
            and zh[k] == en[k] and re.search(r"[A-Za-z]{3,}", re.sub(r"`[^`]*`|\{[^}]*\}|<[^>]*>", "", str(en[k])))]
    assert not same, same


def test_text_remembers_its_message_and_can_be_worded_again():
    line = t("move.illegal", "en", reason=msg("bot.result.win"))
    assert isinstance(line, Text) and line == "That move doesn't work: wins"
    assert tr(line, "zh-TW") == "這步不行：獲勝"
    nested = t("result.over", "en", winners="小明", verb=t("result.win", "en"))
    assert tr(nested, "zh-TW") == "**遊戲結束！** 小明 獲勝。"
    assert tr("plain", "zh-TW") == "plain"


@pytest.mark.parametrize("given, wanted", [
    ("zh-TW", "zh-TW"), ("zh_TW.UTF-8", "zh-TW"), ("zh-HK", "zh-TW"), ("en-US", "en"), ("C.UTF-8", "en"),
    ("fr", "en"), (None, "en"), ("", "en"),
])
def test_pick_locale(given, wanted):
    assert pick_locale(given) == wanted


def test_pick_locale_takes_the_first_known():
    assert pick_locale(None, "de", "zh-TW", "en") == "zh-TW"


def test_zh_tw_descriptions_fit_discord(catalogs):
    en, zh = catalogs
    for key in en:
        if re.match(r"bot\.(pbp\.)?(cmd|arg)\.", key):
            assert 1 <= len(zh[key]) <= 100, key


NAME = re.compile(r"^[-_\w]{1,32}$")


async def test_zh_tw_command_names_are_valid_and_unique(catalogs):
    """Discord's rules: 1-32 characters, letters (Chinese too), digits, - and _; lower case; no
    two siblings with the same name."""
    import discord
    from discord import app_commands

    from bot.config import Settings
    from bot.discord.app import MeepleBot
    from bot.discord.glue import CatalogTranslator

    client = MeepleBot(Settings(db_path=":memory:"))
    tree = client.tree
    translator = CatalogTranslator()
    zh = discord.Locale.taiwan_chinese
    from bot.discord.cogs.pbp import setup_pbp_commands
    from bot.discord.cogs.table import setup_commands
    try:
        setup_commands(tree)
        setup_pbp_commands(tree)
    except Exception:
        pass
    commands = tree.get_commands()
    assert commands

    async def name_of(item, location):
        ctx = app_commands.TranslationContext(location=location, data=item)
        return await translator.translate(app_commands.locale_str(item.name), zh, ctx)

    async def check(siblings, depth=0):
        seen = set()
        for item in siblings:
            if isinstance(item, app_commands.Group):
                where = app_commands.TranslationContextLocation.group_name
            else:
                where = app_commands.TranslationContextLocation.command_name
            local = await name_of(item, where)
            assert local, f"no zh-TW name for /{item.qualified_name}"
            assert NAME.match(local) and local == local.lower(), local
            assert local not in seen, local
            seen.add(local)
            if isinstance(item, app_commands.Group):
                await check(item.commands, depth + 1)
            else:
                params = set()
                for p in item.parameters:
                    ctx = app_commands.TranslationContext(
                        location=app_commands.TranslationContextLocation.parameter_name, data=p)
                    pname = await translator.translate(app_commands.locale_str(p.name), zh, ctx)
                    assert pname, f"no zh-TW name for {p.name} of /{item.qualified_name}"
                    assert NAME.match(pname) and pname == pname.lower() and pname not in params, pname
                    params.add(pname)

    await check(commands)
