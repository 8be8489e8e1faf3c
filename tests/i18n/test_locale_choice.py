"""Which language a reader gets: their saved choice, else their Discord client's; the table
reads the server's saved choice, else the server's Discord language."""

from __future__ import annotations

from types import SimpleNamespace

from bot.discord.glue import place_locale, user_locale, worded
from bot.words.i18n import t
from bot.words.languages import Languages


class Settings:
    def __init__(self):
        self.rows = {}

    async def get_setting(self, scope, ident, key, default=None):
        return self.rows.get((scope, ident, key), default)

    async def set_setting(self, scope, ident, key, value):
        self.rows[(scope, ident, key)] = value


def interaction(locale="en-US", guild_locale="en-US", guild_id=5, user_id=7):
    store = Settings()
    client = SimpleNamespace(sessions=SimpleNamespace(store=store, locale="en"))
    return SimpleNamespace(client=client, user=SimpleNamespace(id=user_id), locale=locale,
                           guild_locale=guild_locale, guild_id=guild_id)


async def test_discord_locales_decide_by_default():
    it = interaction(locale="zh-TW", guild_locale="en-US")
    assert await user_locale(it) == "zh-TW"
    assert await place_locale(it) == "en"
    dm = interaction(locale="zh-TW", guild_id=None)
    assert await place_locale(dm) == "zh-TW"


async def test_saved_choices_win_and_auto_goes_back():
    it = interaction(locale="en-US", guild_locale="en-US")
    langs = Languages(it.client.sessions.store)
    it.client._languages = langs
    await langs.set("user", 7, "zh-TW")
    await langs.set("guild", 5, "zh-TW")
    assert await user_locale(it) == "zh-TW" and await place_locale(it) == "zh-TW"
    await langs.set("user", 7, "auto")
    assert await user_locale(it) == "en"


def test_a_reply_is_worded_again_per_reader():
    lines = SimpleNamespace(lines=[t("move.not_your_turn", "en", who="小明"), "plain"])
    assert worded(lines, "zh-TW") == "還沒輪到你：大家在等 小明。\nplain"
    assert worded(lines, "en").startswith("It isn't your turn")
