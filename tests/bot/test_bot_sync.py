"""The command definitions Discord would receive from ``python -m bot --sync``, checked offline."""

from __future__ import annotations

import re

import discord

from bot.app import MeepleBot, intents
from bot.commands import CatalogTranslator
from bot.config import Settings
from bot.i18n import CATALOGS


class CapturingHTTP:
    """Stands in for discord.py's HTTP client: records the sync payload."""

    def __init__(self):
        self.calls = []

    async def bulk_upsert_guild_commands(self, application_id, guild_id, payload):
        self.calls.append(("guild", guild_id, payload))
        return []

    async def bulk_upsert_global_commands(self, application_id, payload):
        self.calls.append(("global", None, payload))
        return []


async def sync_payload(monkeypatch, tmp_path, guild_id=None):
    bot = MeepleBot(Settings(db_path=str(tmp_path / "db"), dev_guild_id=guild_id))
    http = CapturingHTTP()
    monkeypatch.setattr(bot.tree, "_http", http)
    bot._connection.application_id = 1
    await bot.tree.set_translator(CatalogTranslator())
    await bot.sync()
    return http.calls


def walk(options):
    for opt in options:
        yield opt
        yield from walk(opt.get("options", []))


async def test_sync_payload_is_valid_and_complete(monkeypatch, tmp_path, capsys):
    ((where, guild, payload),) = await sync_payload(monkeypatch, tmp_path)
    assert where == "global"
    names = {c["name"] for c in payload}
    assert names >= {"game", "move", "hand", "help"}  # extensions (play-by-post) may add more
    game = next(c for c in payload if c["name"] == "game")
    assert {o["name"] for o in game["options"]} >= {"new", "join", "leave", "start", "status", "board", "abort"}
    for item in list(payload) + list(walk(sum((c.get("options", []) for c in payload), []))):
        assert re.fullmatch(r"[a-z0-9_-]{1,32}", item["name"]), item["name"]
        assert 1 <= len(item["description"]) <= 100, item["description"]
    move = next(c for c in payload if c["name"] == "move")
    assert move["options"][0]["autocomplete"] is True
    assert "Synced 0 commands" in capsys.readouterr().out


async def test_dev_guild_sync_and_translations(monkeypatch, tmp_path):
    monkeypatch.setitem(CATALOGS, "zh-TW", {"cmd.move": "走一步"})
    ((where, guild, payload),) = await sync_payload(monkeypatch, tmp_path, guild_id=4242)
    assert (where, guild) == ("guild", 4242)
    move = next(c for c in payload if c["name"] == "move")
    assert move["description_localizations"] == {"zh-TW": "走一步"}


def test_no_privileged_intents():
    wanted = intents()
    assert not (wanted.members or wanted.presences or wanted.message_content)
    assert wanted.guilds
    assert isinstance(wanted, discord.Intents)
