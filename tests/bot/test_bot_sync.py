"""The command definitions Discord would receive from ``python -m bot --sync``, checked offline."""

from __future__ import annotations

import re

import discord

from bot.app import MeepleBot, intents
from bot.config import Settings
from bot.discord_glue import CatalogTranslator
from games.core.messages import CATALOGS


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
    await bot.prepare()
    await bot.load_extensions()  # as setup_hook does before a sync: the play-by-post commands too
    try:
        await bot.tree.set_translator(CatalogTranslator())
        await bot.sync()
    finally:
        await bot.pbp.stop()
        await bot.store.close()
    return http.calls


def walk(options):
    for opt in options:
        yield opt
        yield from walk(opt.get("options", []))


async def test_sync_payload_is_valid_and_complete(monkeypatch, tmp_path, capsys):
    ((where, guild, payload),) = await sync_payload(monkeypatch, tmp_path)
    assert where == "global"
    names = {c["name"] for c in payload}
    # issue 2's commands and the play-by-post ones of issue 8
    assert names == {"game", "move", "hand", "help", "undo", "games", "me"}
    game = next(c for c in payload if c["name"] == "game")
    subs = {o["name"]: o for o in game["options"]}
    assert set(subs) == {"new", "join", "leave", "start", "status", "board", "abort", "settings", "vacation",
                         "history"}
    assert {"game", "thread", "time", "options", "player2"} <= {o["name"] for o in subs["new"]["options"]}
    assert [o["name"] for o in subs["board"]["options"]] == ["move"]
    assert {o["name"] for o in subs["settings"]["options"]} == {"remind", "time"}
    me = next(c for c in payload if c["name"] == "me")
    assert {o["name"] for o in me["options"][0]["options"]} == {"remind", "quiet", "timezone", "dm"}
    for item in list(payload) + list(walk(sum((c.get("options", []) for c in payload), []))):
        assert re.fullmatch(r"[a-z0-9_-]{1,32}", item["name"]), item["name"]
        assert 1 <= len(item["description"]) <= 100, item["description"]
    move = next(c for c in payload if c["name"] == "move")
    assert move["options"][0]["autocomplete"] is True
    assert "Synced 0 commands" in capsys.readouterr().out


async def test_dev_guild_sync_and_translations(monkeypatch, tmp_path):
    monkeypatch.setitem(CATALOGS, "zh-TW", {"bot.cmd.move": "走一步"})
    ((where, guild, payload),) = await sync_payload(monkeypatch, tmp_path, guild_id=4242)
    assert (where, guild) == ("guild", 4242)
    move = next(c for c in payload if c["name"] == "move")
    assert move["description_localizations"] == {"zh-TW": "走一步"}


def test_no_privileged_intents():
    wanted = intents()
    assert not (wanted.members or wanted.presences or wanted.message_content)
    assert wanted.guilds
    assert isinstance(wanted, discord.Intents)


def test_python_m_bot_sync_runs_the_real_startup_offline(monkeypatch, tmp_path, capsys):
    """``python -m bot --sync``: login (faked at the HTTP edge), setup_hook, sync, exit."""
    import types

    from bot.__main__ import main

    sent = []

    async def static_login(self, token):
        assert token == "t0ken"
        return {"id": "1", "username": "meeplecord", "discriminator": "0", "avatar": None, "bot": True}

    async def application_info(self):
        return types.SimpleNamespace(id=1, interactions_endpoint_url=None, flags=discord.ApplicationFlags())

    async def upsert(self, application_id, guild_id, payload):
        sent.append((guild_id, [c["name"] for c in payload]))
        return []

    monkeypatch.setattr(discord.http.HTTPClient, "static_login", static_login)
    monkeypatch.setattr(discord.Client, "application_info", application_info)
    monkeypatch.setattr(discord.http.HTTPClient, "bulk_upsert_guild_commands", upsert)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DISCORD_TOKEN", "t0ken")
    monkeypatch.setenv("DEV_GUILD_ID", "77")
    monkeypatch.setenv("DATABASE_PATH", str(tmp_path / "data" / "bot.sqlite3"))
    assert main(["--sync"]) == 0
    ((guild, names),) = sent
    assert guild == 77 and set(names) == {"game", "move", "hand", "help", "undo", "games", "me"}
    assert "Synced 0 commands to guild 77" in capsys.readouterr().out
    assert (tmp_path / "data" / "bot.sqlite3").exists()
